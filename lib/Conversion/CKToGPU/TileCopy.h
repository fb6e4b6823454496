//===- TileCopy.h - Operand tiles from global memory to LDS -----*- C++ -*-===//
//
// Internal to convert-ck-to-gpu. A GEMM operand tile (rows x cols of a
// G x R x C view) is read with vector loads along the dimension the view
// makes contiguous in memory, and kept in LDS with the dimension the MMA
// fragments read along innermost where their runs are long enough
// (fragmentReadDim), so that fragment reads are vectors too. Where the two
// differ, each thread loads a small block of the tile (a
// "unit": several load vectors side by side), transposes it in registers
// and stores it with vectors along the LDS dimension.
//
//===----------------------------------------------------------------------===//

#ifndef CK_LIB_CONVERSION_CKTOGPU_TILECOPY_H
#define CK_LIB_CONVERSION_CKTOGPU_TILECOPY_H

#include "ck/Conversion/ViewLowering.h"
#include "ck/Dialect/CK/IR/CK.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"

#include <optional>

namespace mlir::ck {

/// The shortest run of a lane's fragment elements along one dimension that
/// pays for keeping that dimension innermost in LDS.
constexpr int64_t kMinFragmentRun = 4;

/// How a rows x cols tile moves from a view to LDS. Dimensions are 0 (rows)
/// and 1 (cols).
struct TileCopyPlan {
  int64_t rows, cols;
  /// The dimension global vector loads walk and their width (elements).
  unsigned loadDim;
  int64_t loadWidth;
  /// The dimension LDS keeps innermost and the width of the LDS stores.
  unsigned ldsDim;
  int64_t storeWidth;

  int64_t extent(unsigned dim) const { return dim == 0 ? rows : cols; }
  /// A unit's extent along `dim`: loadWidth x storeWidth when the copy
  /// transposes, loadWidth x 1 when it does not.
  int64_t unitExtent(unsigned dim) const;
  int64_t unitElements() const { return unitExtent(0) * unitExtent(1); }
  /// The load vectors of one unit (the vectors `TileCopier::load` returns
  /// per unit).
  int64_t loadsPerUnit() const { return unitExtent(1 - loadDim); }
  int64_t units() const { return rows * cols / unitElements(); }
  bool transposes() const { return loadDim != ldsDim; }
  /// The LDS tile: [buffers x] [outer][inner + kLdsRowPad].
  MemRefType ldsType(Type elementType, Attribute memorySpace,
                     int64_t buffers) const;
};

/// The dimension LDS keeps innermost for `layout`'s fragment reads, or
/// std::nullopt where no dimension is worth a transposing copy: each lane
/// must read runs of at least kMinFragmentRun elements along it. Shorter
/// runs (mma.sync's pairs) save fewer LDS reads than the transposition
/// costs in LDS stores and scattered global loads.
std::optional<unsigned> fragmentReadDim(const FragmentLayout &layout);

/// Plans the copy of a rows x cols tile of `view` by `threads` threads,
/// keeping `fragmentDim` innermost in LDS when given.
TileCopyPlan planTileCopy(const TracedView &view, Type elementType,
                          int64_t rows, int64_t cols,
                          std::optional<unsigned> fragmentDim,
                          int64_t threads);

/// Where one of a thread's loads is: a !ck.coord where the copy is
/// incremental, else the view coordinates (g, row, col) in the cursor's
/// integer type.
struct LoadPosition {
  SmallVector<Value> values;
};

/// Emits one operand tile's copy for thread `tid` of `threads`. Positions
/// are ck.coord_* ops on the view, lowered by ck-lower-coords.
class TileCopier {
public:
  TileCopier(OpBuilder &b, Location loc, const TracedView &view,
             TileCopyPlan plan, Type elementType, int64_t threads,
             int64_t maxCursorValues)
      : b(b), loc(loc), view(view), plan(plan), elementType(elementType),
        threads(threads), maxCursorValues(maxCursorValues) {}

  /// Units a thread moves (the last round may be partial).
  int64_t unitsPerThread() const;

  /// Whether a loop carries this copy's coordinate states and advances them
  /// without division, or carries their view coordinates alone and
  /// evaluates the chain at each step: the former where the states hold at
  /// most `maxCursorValues` integers. Each held value costs a register for
  /// the whole loop, so copies with many loads per thread evaluate instead.
  bool isIncremental() const;

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
  /// The view as a value for the coordinate ops, made on first use.
  Value viewValue();

  /// The (row, col) in the tile of the thread's `i`-th unit, and whether
  /// it exists.
  std::tuple<Value, Value, Value> unitPosition(Value tid, int64_t i);

  OpBuilder &b;
  Location loc;
  const TracedView &view;
  TileCopyPlan plan;
  Type elementType;
  int64_t threads;
  /// The most values the copy's cursors may hold (isIncremental).
  int64_t maxCursorValues;
  /// Per unit of the thread, from startCursors: its (row, col) in the tile
  /// and whether it exists (the last round of units may be partial).
  SmallVector<std::tuple<Value, Value, Value>> units;
  Value materialized;
};

} // namespace mlir::ck

#endif // CK_LIB_CONVERSION_CKTOGPU_TILECOPY_H
