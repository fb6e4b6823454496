//===- TileCopier.h - Placing an operand tile's copy to LDS -----*- C++ -*-===//
//
// Internal to ck-pipeline: the positions of one operand tile's loads (their
// start and how a loop carries and advances them) and the ck.tile_load /
// ck.tile_store_lds (or ck.tile_copy_async) ops that copy the tile as its
// #ck.copy_plan lays it out.
//
//===----------------------------------------------------------------------===//

#ifndef CK_LIB_CONVERSION_PIPELINE_TILECOPIER_H
#define CK_LIB_CONVERSION_PIPELINE_TILECOPIER_H

#include "ck/Conversion/TileCopyPlan.h"

#include "mlir/IR/Builders.h"

namespace mlir::ck {

/// Where one of a thread's loads is: a !ck.coord where the copy is
/// incremental, else the view coordinates (g, row, col) in the cursor's
/// integer type.
struct LoadPosition {
  SmallVector<Value> values;
};

/// Places one operand tile's copy for thread `tid` of the plan's threads.
/// Positions are ck.coord_* ops on `viewValue` (whose chain `view` traces),
/// lowered by ck-lower-coords; a loop moves them by `step` (block K along
/// the view's K dimension) at a time.
class TileCopier {
public:
  TileCopier(OpBuilder &b, Location loc, Value viewValue,
             const TracedView &view, CopyPlanAttr plan, Value tid,
             ArrayRef<int64_t> step, int64_t maxCursorValues)
      : b(b), loc(loc), viewValue(viewValue), view(view), plan(plan), tid(tid),
        step(step), maxCursorValues(maxCursorValues),
        heldValues(countCursorValues()) {}

  /// The integers the thread's coordinate states hold across a loop: the
  /// view coordinates and merge digits that `step` moves, for each load,
  /// and the others (loop-invariant) once per place along the dimension
  /// that is not K, since loads at one place share them.
  int64_t cursorValues() const { return heldValues; }

  /// Whether a loop carries this copy's coordinate states and advances them
  /// without division, or carries their view coordinates alone and
  /// evaluates the chain at each step: the former where the states hold at
  /// most `maxCursorValues` integers. Each held value costs a register for
  /// the whole loop, so copies with many loads per thread evaluate instead.
  bool isIncremental() const;

  /// Lowers the bound isIncremental compares against to `most`.
  void limitCursorValues(int64_t most) {
    maxCursorValues = std::min(maxCursorValues, most);
  }

  /// The positions of the thread's loads of the tile at (row0, col0) of
  /// batch `g`, one per vector `load` returns. Call once, before the loop
  /// that advances them.
  SmallVector<LoadPosition> startCursors(Value g, Value row0, Value col0);

  /// The positions one step after `cursors`.
  SmallVector<LoadPosition> advance(ArrayRef<LoadPosition> cursors);

  /// Appends what a loop carries of `cursors`.
  void appendCarried(SmallVectorImpl<Value> &values,
                     ArrayRef<LoadPosition> cursors);

  /// The thread's positions from the front of a loop's carried `values`,
  /// dropped from it.
  SmallVector<LoadPosition> takeCarried(ValueRange &values);

  /// The thread's vectors of the tile at `cursors` (ck.tile_load), zero
  /// where `enabled` (i1, may be null) is false.
  SmallVector<Value> load(ArrayRef<LoadPosition> cursors, Value enabled);

  /// Stores `load`'s vectors into `lds` (ck.tile_store_lds), slot `buffer`
  /// when the LDS holds several buffers (null otherwise).
  void store(Value lds, Value buffer, ValueRange loaded);

  /// Whether the copy checks its positions along K: where block K does not
  /// divide the view's K extent (the last K-tile runs past it). Where it
  /// does, every K-tile of the GEMM's range lies inside, and the copy
  /// checks the other dimension alone (the ops' `bounds`): a loop must then
  /// not copy a K-tile past its range unless disabled (`if`), as the first
  /// K-tile of an empty range would be.
  bool checksK() const;

  /// Whether the plan's vectors can be copied to LDS asynchronously, on a
  /// chip whose copies land in lane order where `laneOrder` (copiesAsync).
  bool canCopyAsync(bool laneOrder) const;

  /// Starts copying the tile at `cursors` into slot `buffer` of `lds`
  /// (ck.tile_copy_async), zeros where `enabled` (i1, may be null) is
  /// false.
  void copyAsync(ArrayRef<LoadPosition> cursors, Value enabled, Value lds,
                 Value buffer);

  CopyPlanAttr getPlan() const { return plan; }

private:
  /// The view dimension K is (1: rows, 2: columns): the one `step` moves.
  int64_t kDim() const { return step[1] != 0 ? 1 : 2; }

  /// cursorValues, counted once (the plan's places take a pass over its
  /// threads).
  int64_t countCursorValues() const;

  /// The dimensions the copy's ops check (null: both).
  DenseI64ArrayAttr bounds() const;

  /// The view's element type and its bytes.
  Type elementType() const {
    return cast<ShapedType>(viewValue.getType()).getElementType();
  }
  int64_t elementBytes() const {
    return elementType().getIntOrFloatBitWidth() / 8;
  }

  /// The !ck.coord of each of `cursors`: the carried state, or one made
  /// from the carried view coordinates.
  SmallVector<Value> coordinates(ArrayRef<LoadPosition> cursors);

  OpBuilder &b;
  Location loc;
  Value viewValue;
  const TracedView &view;
  CopyPlanAttr plan;
  Value tid;
  /// The loop's step along the view's (G, row, col).
  SmallVector<int64_t, 3> step;
  /// The most values the copy's cursors may hold (isIncremental).
  int64_t maxCursorValues;
  int64_t heldValues;
};

} // namespace mlir::ck

#endif // CK_LIB_CONVERSION_PIPELINE_TILECOPIER_H
