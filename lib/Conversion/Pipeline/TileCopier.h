//===- TileCopier.h - Emitting an operand tile's copy to LDS ----*- C++ -*-===//
//
// Internal to ck-pipeline: the loads and LDS stores of one operand tile's
// copy as its TileCopyPlan (ck/Conversion/TileCopyPlan.h) lays it out.
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

/// Emits one operand tile's copy for thread `tid` of `threads`. Positions
/// are ck.coord_* ops on `viewValue` (whose chain `view` traces), lowered
/// by ck-lower-coords.
class TileCopier {
public:
  TileCopier(OpBuilder &b, Location loc, Value viewValue,
             const TracedView &view, TileCopyPlan plan, Type elementType,
             int64_t threads, int64_t maxCursorValues)
      : b(b), loc(loc), viewValue(viewValue), view(view), plan(plan),
        elementType(elementType), threads(threads),
        maxCursorValues(maxCursorValues) {}

  /// Units a thread moves (the last round may be partial).
  int64_t unitsPerThread() const;

  /// The integers the thread's coordinate states hold: view coordinates
  /// and merge digits of each load.
  int64_t cursorValues() const;

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
  /// batch `g`, one per load vector in the order `load` returns them. Call
  /// once, before the loop that advances them.
  SmallVector<LoadPosition> startCursors(Value tid, Value g, Value row0,
                                       Value col0);

  /// The positions moved by `delta` along the view's (G, row, col).
  SmallVector<LoadPosition> advance(ArrayRef<LoadPosition> cursors,
                                  ArrayRef<int64_t> delta);

  /// Appends what a loop carries of `cursors`.
  void appendCarried(SmallVectorImpl<Value> &values,
                     ArrayRef<LoadPosition> cursors);

  /// The thread's positions from the front of a loop's carried `values`,
  /// dropped from it.
  SmallVector<LoadPosition> takeCarried(ValueRange &values);

  /// The thread's loaded vectors at `cursors`: zero outside the view, on
  /// padding, or where `enabled` (i1, may be null) is false.
  SmallVector<Value> load(ArrayRef<LoadPosition> cursors, Value enabled);

  /// Stores the vectors from `load` into `lds`, prefixing the indices with
  /// `buffer` when the LDS holds several buffers (null otherwise). Uses the
  /// unit positions startCursors computed, outside the loop.
  void store(Value lds, Value buffer, ArrayRef<Value> loaded);

  const TileCopyPlan &getPlan() const { return plan; }

private:
  /// The (row, col) in the tile of the thread's `i`-th unit, and whether
  /// it exists.
  std::tuple<Value, Value, Value> unitPosition(Value tid, int64_t i);

  OpBuilder &b;
  Location loc;
  Value viewValue;
  const TracedView &view;
  TileCopyPlan plan;
  Type elementType;
  int64_t threads;
  /// The most values the copy's cursors may hold (isIncremental).
  int64_t maxCursorValues;
  /// Per unit of the thread, from startCursors: its (row, col) in the tile
  /// and whether it exists (the last round of units may be partial).
  SmallVector<std::tuple<Value, Value, Value>> units;
};

} // namespace mlir::ck

#endif // CK_LIB_CONVERSION_PIPELINE_TILECOPIER_H
