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

/// Emits the index math of `view` at `coords` (index values): a cursor's
/// full evaluation and its access. `inBounds` (i1, may be null) says whether
/// `coords` is inside the view at all.
ViewAccess emitViewAccess(OpBuilder &b, Location loc, const TracedView &view,
                          ValueRange coords, Value inBounds);

/// A thread's cursor on a view (ck/Dialect/CK/Utils/ViewCursor.h): the index
/// values of every level of the chain, so that each step of a loop advances
/// them without division. Loops carry the compact part only.
struct ViewCursor {
  SmallVector<Value> values;
};

/// The view coordinates of `cursor` (its first level) moved by `delta`.
SmallVector<Value> emitMovedViewCoords(OpBuilder &b, Location loc,
                                       const ViewCursor &cursor,
                                       ArrayRef<int64_t> delta);

/// The values a loop carries for `cursor`: its view coordinates and merge
/// digits.
SmallVector<Value> compactCursor(OpBuilder &b, Location loc,
                                 const TracedView &view,
                                 const ViewCursor &cursor);

/// How many values compactCursor gives for a cursor on `view`.
size_t carriedPerCursor(const TracedView &view);

/// The integer type cursors on `view` compute in: i32 where every
/// coordinate of every level provably fits, else index.
Type cursorElementType(MLIRContext *context, const TracedView &view);

/// The !ck.coord type of a cursor on `view`.
CoordType coordTypeOf(MLIRContext *context, const TracedView &view);

/// `view` as ck.transform ops on its memref (the memref itself without
/// maps), for the ops that take views.
Value materializeView(OpBuilder &b, Location loc, const TracedView &view);

/// The cursor rebuilt from compactCursor's values (affine math only).
ViewCursor expandCursor(OpBuilder &b, Location loc, const TracedView &view,
                        ArrayRef<Value> compact);

/// The cursor of `view` at `coords`, evaluated in full.
ViewCursor emitCursorInit(OpBuilder &b, Location loc, const TracedView &view,
                          ValueRange coords);

/// `cursor` moved by the constant `delta` (one entry per view dimension):
/// without division where canAdvanceCursor(view.maps, delta) holds, else
/// evaluated in full at the new position.
ViewCursor emitCursorAdvance(OpBuilder &b, Location loc,
                             const TracedView &view, const ViewCursor &cursor,
                             ArrayRef<int64_t> delta);

/// i1: `inBounds` (i1, may be null) and the view coordinates of `cursor`
/// (its first level) below the view's shape along `dims`; null where both
/// are empty.
Value emitCursorInside(OpBuilder &b, Location loc, const TracedView &view,
                       const ViewCursor &cursor, ArrayRef<int64_t> dims,
                       Value inBounds);

/// The memref indices at `cursor` (clamped to 0 where not valid) and its
/// validity: `inBounds` (i1, may be null) and no padding.
ViewAccess emitCursorAccess(OpBuilder &b, Location loc,
                            const TracedView &view, const ViewCursor &cursor,
                            Value inBounds);

/// The place of `cursor`'s element in its contiguous memref, counted from
/// the first element (0 where not valid), as the one index of the memref
/// collapsed to one dimension, and its validity as emitCursorAccess's. The
/// place is computed in the cursor's type where the memref has fewer than
/// 2^31 elements, else in index, from the cursor's linear form (merges the
/// memref keeps in order give their upper coordinate, not their digits).
ViewAccess emitCursorLinearAccess(OpBuilder &b, Location loc,
                                  const TracedView &view,
                                  const ViewCursor &cursor, Value inBounds);

/// Loads `memref[access]`, or zero where the access is not valid. With a
/// `width` above 1, loads a vector of that many elements along the
/// innermost dimension, aligned to its size.
Value emitGuardedLoad(OpBuilder &b, Location loc, Value memref,
                      const ViewAccess &access, int64_t width = 1);

} // namespace mlir::ck

#endif // CK_CONVERSION_VIEWLOWERING_H
