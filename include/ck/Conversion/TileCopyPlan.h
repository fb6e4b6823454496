//===- TileCopyPlan.h - How GEMM operand tiles reach LDS ---------*- C++
//-*-===//
//
// The plan of a GEMM's operand copies from global memory to LDS (a
// #ck.copy_plan), shared by the pass that places them (ck-pipeline), the one
// that sizes the kernel's LDS arena before they exist (convert-ck-to-gpu)
// and the one that spells them out (ck-lower-tile-copies).
//
// A GEMM operand tile (rows x cols of a G x R x C view) is read with vector
// loads along the dimension the view makes contiguous in memory, and kept in
// LDS with the dimension the MMA fragments read along innermost where their
// runs are long enough (fragmentReadDim), so that fragment reads are vectors
// too. Where the two differ, each thread loads a small block of the tile (a
// "unit": several load vectors side by side), transposes it in registers and
// stores it with vectors along the LDS dimension.
//
//===----------------------------------------------------------------------===//

#ifndef CK_CONVERSION_TILECOPYPLAN_H
#define CK_CONVERSION_TILECOPYPLAN_H

#include "ck/Conversion/ViewLowering.h"
#include "ck/Dialect/CK/IR/CK.h"
#include "ck/Target/GemmConfig.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"

#include <optional>

namespace mlir::ck {

/// The shortest run of a lane's fragment elements along one dimension that
/// pays for keeping that dimension innermost in LDS.
constexpr int64_t kMinFragmentRun = 4;

/// The dimension LDS keeps innermost for `layout`'s fragment reads, or
/// std::nullopt where no dimension is worth a transposing copy: each lane
/// must read runs of at least kMinFragmentRun elements along it. Shorter
/// runs (mma.sync's pairs) save fewer LDS reads than the transposition
/// costs in LDS stores and scattered global loads.
std::optional<unsigned> fragmentReadDim(const FragmentLayout &layout);

/// Plans the copy of a rows x cols tile of `view` by `threads` threads,
/// keeping `fragmentDim` innermost in LDS when given (#ck.copy_plan), its
/// rows padded by `pad` elements unless swizzled.
CopyPlanAttr planTileCopy(const TracedView &view, Type elementType,
                          int64_t rows, int64_t cols,
                          std::optional<unsigned> fragmentDim, int64_t threads,
                          int64_t swizzle = 0, int64_t pad = kLdsRowPad);

/// Where unit `i` of thread `tid` lies in the tile of `plan` (of
/// `elementBytes` elements): its row and column (index), whether it exists
/// (i1: the last round of units may be partial) and, for a plan in LDS
/// order with a pad, whether it lies in the tile (i1; null where every unit
/// does): a unit in a row's pad takes the row's start (CopyPlanAttr::
/// unitPlace). ck-pipeline starts the loads' positions there and
/// ck-lower-tile-copies stores there, by the same arithmetic.
struct UnitPosition {
  Value row, col, exists, inTile;
};
UnitPosition emitUnitPosition(OpBuilder &b, Location loc, CopyPlanAttr plan,
                              int64_t elementBytes, Value tid, int64_t i);

/// The LDS slot of unit `i` of thread `tid` under `plan` in LDS order: its
/// (row, column) of the [outer][inner + pad] memref, `load_width` elements
/// from the previous unit's.
std::pair<Value, Value> emitLdsOrderSlot(OpBuilder &b, Location loc,
                                         CopyPlanAttr plan, Value tid,
                                         int64_t i);

/// The copies of a GEMM's A (BM x BK) and B (BK x BN) tiles and their LDS
/// buffers: A's at offset 0 of the kernel's arena, B's after it.
struct GemmOperandTiles {
  CopyPlanAttr a, b;
  /// The LDS buffers, in workgroup memory, with the config's buffer count
  /// (B's with one per K-tile where the config keeps B resident).
  MemRefType ldsA, ldsB;
  int64_t offsetB;
  /// The arena bytes both take.
  int64_t bytes;
  /// The alignment both buffers need, in bytes: 1024 for wgmma's swizzled
  /// tiles (the swizzle repeats every 1024 bytes of shared memory), else 16.
  int64_t alignment = 16;
  /// Both tiles are MN-major, read by LDS transpose reads (ck.tile_mma's
  /// `transpose_reads`).
  bool transposeReads = false;
  /// The chip's asynchronous copies land in lane order (the tiles they may
  /// copy are in LDS order).
  bool laneOrder = false;
};

/// Plans the operand tiles of `config` for views `a` and `b` of
/// `elementType`, copied by `threads` threads, for fragment reads in
/// `layout`, in a GEMM of `kTiles` K-tiles (B's buffers where the config
/// keeps B resident), for `target`'s features (LDS transpose reads,
/// asynchronous copies in lane order; none where it is null).
GemmOperandTiles planGemmOperandTiles(GemmConfigAttr config,
                                      const MatrixLayout &layout,
                                      Type elementType, const TracedView &a,
                                      const TracedView &b, int64_t threads,
                                      int64_t kTiles, TargetAttr target);

/// Whether a tile of `plan` and `elementType` can be copied asynchronously
/// on a chip whose copies land in lane order where `laneOrder`: without a
/// transposition, in vectors the chip copies (4, 8 or 16 bytes; in lane
/// order 4 or 16, and the plan in LDS order).
bool copiesAsync(CopyPlanAttr plan, Type elementType, bool laneOrder);

} // namespace mlir::ck

#endif // CK_CONVERSION_TILECOPYPLAN_H
