//===- ViewAnalysis.h - Static facts about views ----------------*- C++ -*-===//

#ifndef CK_DIALECT_CK_UTILS_VIEWANALYSIS_H
#define CK_DIALECT_CK_UTILS_VIEWANALYSIS_H

#include "ck/Dialect/CK/Utils/ViewEvaluator.h"

namespace mlir::ck {

/// The widest power of two `v <= maxWidth` such that, for every view
/// coordinate whose index along `dim` is a multiple of `v`, the `v`
/// coordinates that follow along `dim` are `v` consecutive elements of the
/// memref's innermost dimension longer than one (trailing unit dimensions
/// stay at index 0), all padding or all not, and the first one's index there
/// is a multiple of `v` (so a `v`-wide vector load is aligned). 1 where
/// nothing wider holds.
int64_t contiguousVectorWidth(const TracedView &view, unsigned dim,
                              int64_t maxWidth);

/// The widest vector along `dim` that every one of `views` (not empty)
/// takes by contiguousVectorWidth, of at most 16 bytes of each view's
/// elements and of the first view's: how many elements one thread of an
/// elementwise kernel writes to the first and reads from the others.
int64_t commonVectorWidth(ArrayRef<TracedView> views, unsigned dim);

} // namespace mlir::ck

#endif // CK_DIALECT_CK_UTILS_VIEWANALYSIS_H
