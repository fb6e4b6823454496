//===- Partition.h - What ck-lower-partition's files share ------*- C++ -*-===//
//
// Internal to ck-lower-partition: the tile positions and split-K slots that
// the schedules (LowerPartition.cpp) and split-K's reduction
// (SplitKReduction.cpp) both compute, and the reduction's two forms.
//
//===----------------------------------------------------------------------===//

#ifndef CK_LIB_CONVERSION_PARTITION_PARTITION_H
#define CK_LIB_CONVERSION_PARTITION_PARTITION_H

#include "ck/Dialect/CK/IR/CK.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir::ck {

/// The output tile a workgroup owns.
struct TilePosition {
  Value g, m0, n0;
  /// Its index among all tiles, row-major over [G, TM, TN].
  Value tile;
};

/// The tile of index `tile` among all tiles, row-major over [G, TM, TN].
TilePosition emitIndexTilePosition(OpBuilder &b, Location loc, PartitionOp op,
                                   Value tile);

/// The float offset of split-K's slot `split * T + tile` (folded where
/// `split` is a constant).
Value splitKSlotOffset(OpBuilder &b, Location loc, PartitionOp op, Value split,
                       Value tile);

/// Split-K's k_batch: the attribute's, or for `k_batch = auto` the
/// schedule's argument, `schedule` (the partition's own by default).
Value splitKBatch(OpBuilder &b, Location loc, PartitionOp op,
                  Value schedule = nullptr);

/// Adds `<kernel>_reduce` beside `kernel`, whose partition `op` is split-K
/// with `reduce = kernel`, and launches it after each launch of `kernel` in
/// `module`: an elementwise kernel that adds the splits' slots and writes
/// C.
LogicalResult addSplitKReductionKernel(ModuleOp module, gpu::GPUFuncOp kernel,
                                       PartitionOp op);

/// Split-K with `reduce = workgroups`, at the builder's point after split
/// `split`'s ck.partial_store of tile `tile`: the tile's k_batch workgroups
/// meet at the tile's counter, then this one adds and writes its k_batch-th
/// of the tile. Fails (with a diagnostic) where the kernel's block size is
/// not known or the epilogue or the accumulators do not suit the
/// elementwise sum.
LogicalResult emitSplitKSumInWorkgroup(OpBuilder &b, Location loc,
                                       PartitionOp op, Value tile, Value split);

/// Split-K with `reduce = cluster`, at the builder's point after split
/// `split`'s unit of tile `tile` computed `acc`: the partial tile goes to
/// the workgroup's LDS, the tile's k_batch workgroups (one thread block
/// cluster, rank = split) meet at the cluster's barrier, and this one adds
/// its k_batch-th of the tile from all of theirs and writes it; a second
/// barrier keeps each workgroup's LDS until the others are done with it.
/// Fails as emitSplitKSumInWorkgroup does.
LogicalResult emitSplitKSumInCluster(OpBuilder &b, Location loc, PartitionOp op,
                                     Value acc, Value tile, Value split);

} // namespace mlir::ck

#endif // CK_LIB_CONVERSION_PARTITION_PARTITION_H
