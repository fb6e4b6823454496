//===- ViewLowering.h - Index math of views as arith ops --------*- C++ -*-===//
//
// The device-side twin of ViewEvaluator: emits the arith ops that map a
// view coordinate to memref indices and a validity bit (false on padding).
//
//===----------------------------------------------------------------------===//

#ifndef CK_CONVERSION_VIEWLOWERING_H
#define CK_CONVERSION_VIEWLOWERING_H

#include "ck/Dialect/CK/Utils/ViewEvaluator.h"
#include "mlir/IR/Builders.h"

namespace mlir::ck {

struct ViewAccess {
  /// Memref indices; clamped to 0 where the access is not valid, so that a
  /// load from them is always in bounds.
  SmallVector<Value> indices;
  /// i1: the coordinate is an element (not padding) and `inBounds` held.
  Value valid;
};

/// Emits the index math of `view` at `coords` (index values). `inBounds`
/// (i1, may be null) says whether `coords` is inside the view at all; where
/// it is false the math runs on zeros.
ViewAccess emitViewAccess(OpBuilder &b, Location loc, const TracedView &view,
                          ValueRange coords, Value inBounds);

/// Loads `memref[access]`, or zero where the access is not valid. With a
/// `width` above 1, loads a vector of that many elements along the
/// innermost dimension, aligned to its size.
Value emitGuardedLoad(OpBuilder &b, Location loc, Value memref,
                      const ViewAccess &access, int64_t width = 1);

} // namespace mlir::ck

#endif // CK_CONVERSION_VIEWLOWERING_H
