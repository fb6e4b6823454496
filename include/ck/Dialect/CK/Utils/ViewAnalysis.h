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

/// How many elements of `elementType` the widest vector access (16 bytes)
/// holds.
int64_t elementsPerVector(Type elementType);

/// The widest power of two <= `width` that divides `size`.
int64_t widthDividing(int64_t width, int64_t size);

/// The widest vector along `dim` that every one of `views` (not empty)
/// takes by contiguousVectorWidth, of at most 16 bytes of each view's
/// elements and of the first view's: how many elements one thread of an
/// elementwise kernel writes to the first and reads from the others.
int64_t commonVectorWidth(ArrayRef<TracedView> views, unsigned dim);

/// The widest vectors (at most 16 bytes) that a `rows` x `cols` tile of the
/// G x R x C view `view` takes along its rows (dim 1) and along its
/// columns (dim 2): contiguousVectorWidth, shrunk to divide the tile's
/// extent. A tile copy loads along the wider (TileCopyPlan.h).
struct TileVectorWidths {
  int64_t rowWidth, colWidth;
};
TileVectorWidths tileVectorWidths(const TracedView &view, int64_t rows,
                                  int64_t cols);

} // namespace mlir::ck

#endif // CK_DIALECT_CK_UTILS_VIEWANALYSIS_H
