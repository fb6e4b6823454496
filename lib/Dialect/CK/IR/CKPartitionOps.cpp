//===- CKPartitionOps.cpp - ck partition operations -----------------------===//

#include "ck/Dialect/CK/IR/CK.h"
#include "ck/Support/ClusterShape.h"
#include "ck/Support/Limits.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "llvm/Support/CheckedArithmetic.h"

using namespace mlir;
using namespace mlir::ck;

/// Checks that a static `workspace` holds `floats`.
static LogicalResult verifyWorkspaceHolds(Operation *op, MemRefType workspace,
                                          int64_t floats, StringRef what) {
  if (workspace.hasStaticShape() && workspace.getNumElements() < floats)
    return op->emitOpError() << "workspace of " << workspace.getNumElements()
                             << " floats cannot hold " << what << " ("
                             << floats << " floats)";
  return success();
}

/// Checks that a static `workspace` holds `floats` from `offset` on, where
/// the offset is a constant.
static LogicalResult verifyWorkspaceHoldsAt(Operation *op,
                                            MemRefType workspace, Value offset,
                                            int64_t floats, StringRef what) {
  std::optional<int64_t> start = getConstantIntValue(offset);
  if (start && *start < 0)
    return op->emitOpError() << "offset " << *start << " is negative";
  int64_t end = floats + start.value_or(0);
  if (workspace.hasStaticShape() && workspace.getNumElements() < end)
    return op->emitOpError() << "workspace of " << workspace.getNumElements()
                             << " floats cannot hold " << what << " (up to "
                             << end << " floats)";
  return success();
}

/// Checks that StreamK's i32 schedule counts hold all `tiles` x `kTiles`
/// K-tiles.
static LogicalResult verifyStreamKIterations(Operation *op, int64_t tiles,
                                             int64_t kTiles) {
  if (!PartitionAttr::streamKCountsFit(tiles, kTiles))
    return op->emitOpError() << "has more K-tiles in all than StreamK's i32 "
                                "schedule counts ("
                             << tiles << " tiles x " << kTiles << ")";
  return success();
}

/// The floats of one partial tile of `acc`.
static int64_t slotFloats(AccType acc) {
  return acc.getShape()[0] * acc.getShape()[1];
}

//===----------------------------------------------------------------------===//
// PartitionOp
//===----------------------------------------------------------------------===//

AccType PartitionOp::getAccType() {
  auto yield = cast<YieldOp>(getUnit().front().getTerminator());
  return cast<AccType>(yield.getValues().front().getType());
}

int64_t PartitionOp::getTileCount() {
  ArrayRef<int64_t> tiles = getTiles();
  return tiles[0] * tiles[1] * tiles[2];
}

int64_t PartitionOp::getStreamKWorkspaceBound(int64_t tiles, int64_t kTiles,
                                              int64_t tileFloats) {
  return tiles * kTiles * PartitionAttr::getStreamKSlotFloats(tileFloats);
}

LogicalResult PartitionOp::verifyRegions() {
  ArrayRef<int64_t> tiles = getTiles();
  if (tiles.size() != 3)
    return emitOpError() << "tiles counts a batch, rows and columns of tiles; "
                            "got "
                         << tiles.size() << " counts";
  for (int64_t count : tiles)
    if (count < 1 || count > cklimits::kMaxGrid[0])
      return emitOpError() << "tile counts must be in [1, "
                           << cklimits::kMaxGrid[0] << "], got " << count;
  PartitionAttr partition = getPartition();
  std::array<std::optional<int64_t>, 3> grid = partition.getGrid(tiles);
  for (int i = 0; i < 3; ++i)
    if (grid[i] && *grid[i] > cklimits::kMaxGrid[i]) {
      InFlightDiagnostic diag = emitOpError() << "needs a grid of ";
      for (int j = 0; j < 3; ++j) {
        if (j)
          diag << " x ";
        if (grid[j])
          diag << *grid[j];
        else
          diag << "?";
      }
      return diag << " workgroups, more than GPUs launch";
    }
  int64_t scheduleCount = partition.getScheduleArgumentCount();
  if (static_cast<int64_t>(getSchedule().size()) != scheduleCount)
    return emitOpError() << partition << " takes " << scheduleCount
                         << " schedule values, got " << getSchedule().size();
  if (partition.getKind() == PartitionKind::StreamK &&
      failed(verifyStreamKIterations(*this, getTileCount(), getKTiles())))
    return failure();
  if (std::optional<ArrayRef<int64_t>> cluster = getCluster()) {
    if (cluster->size() != 2 || !cksupport::isClusterSize((*cluster)[0]) ||
        !cksupport::isClusterSize((*cluster)[1]) ||
        ((*cluster)[0] > 1) == ((*cluster)[1] > 1))
      return emitOpError() << "cluster must be [2 or 4, 1] or [1, 2 or 4] "
                              "(workgroups along M or N)";
    if (tiles[1] % (*cluster)[0] || tiles[2] % (*cluster)[1])
      return emitOpError() << "cluster [" << (*cluster)[0] << ", "
                           << (*cluster)[1] << "] does not divide the "
                           << tiles[1] << " x " << tiles[2] << " tiles";
    if (partition.getKind() == PartitionKind::StreamK)
      return emitOpError() << "cannot cluster StreamK's workgroups, whose K "
                              "ranges differ";
    if (partition.isSplitKInWorkgroups())
      return emitOpError() << "cannot cluster split-K's workgroups that add "
                              "up their partial tiles (a cooperative launch)";
    if (partition.isSplitKInCluster())
      return emitOpError() << "cannot cluster split-K's workgroups along M "
                              "or N: reduce = cluster makes each tile's "
                              "k_batch workgroups the cluster";
  }
  // Units that share a ring follow each other without a barrier: the load
  // waves run ahead through one ring, and the math waves write each tile
  // from LDS of their own.
  if (partition.unitsShareRing()) {
    WalkResult units = getUnit().walk([&](TileGemmOp gemm) {
      if (!gemm.getBarriers()) {
        emitOpError() << "runs its units in turn without barriers, which "
                         "needs each ck.tile_gemm's wave roles to hand "
                         "K-tiles over on ring barriers";
        return WalkResult::interrupt();
      }
      if (gemm.getRingFirst()) {
        emitOpError() << "numbers its units' ring steps itself; a "
                         "ck.tile_gemm in its unit has ring_steps";
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    if (units.wasInterrupted())
      return failure();
    WalkResult stores = getEpilogue().walk([&](TileStoreOp store) {
      if (!store.getStaging() || store.getHoldersOnly())
        return WalkResult::advance();
      emitOpError() << "runs its units in turn without barriers, which "
                       "needs a staged ck.tile_store in its epilogue to be "
                       "holders_only";
      return WalkResult::interrupt();
    });
    if (stores.wasInterrupted())
      return failure();
  }
  // The unit's GEMMs share operand tiles in the clusters the tiles are
  // mapped to.
  SmallVector<int64_t, 2> cluster = {1, 1};
  if (std::optional<ArrayRef<int64_t>> given = getCluster())
    cluster.assign(given->begin(), given->end());
  WalkResult clusters = getUnit().walk([&](TileGemmOp gemm) {
    GemmConfigAttr config = gemm.getConfig();
    if (config.getClusterM() == cluster[0] &&
        config.getClusterN() == cluster[1])
      return WalkResult::advance();
    emitOpError() << "clusters its tiles [" << cluster[0] << ", "
                  << cluster[1] << "], but its unit's ck.tile_gemm clusters ["
                  << config.getClusterM() << ", " << config.getClusterN()
                  << "]";
    return WalkResult::interrupt();
  });
  if (clusters.wasInterrupted())
    return failure();

  Block &unit = getUnit().front();
  Type index = IndexType::get(getContext());
  if (unit.getNumArguments() != 5 ||
      !llvm::all_of(unit.getArgumentTypes(),
                    [&](Type type) { return type == index; }))
    return emitOpError() << "unit takes (g, m0, n0, k0, k1) as indices";
  auto unitYield = cast<YieldOp>(unit.getTerminator());
  if (unitYield.getValues().size() != 1 ||
      !isa<AccType>(unitYield.getValues().front().getType()))
    return emitOpError() << "unit yields one accumulator tile";
  AccType acc = getAccType();

  Block &epilogue = getEpilogue().front();
  TypeRange epilogueArgs = epilogue.getArgumentTypes();
  if (epilogueArgs.size() != 4 || epilogueArgs[0] != index ||
      epilogueArgs[1] != index || epilogueArgs[2] != index ||
      epilogueArgs[3] != acc)
    return emitOpError() << "epilogue takes (g, m0, n0) as indices and the "
                            "unit's "
                         << acc;
  if (!cast<YieldOp>(epilogue.getTerminator()).getValues().empty())
    return emitOpError() << "epilogue yields nothing";

  bool usesWorkspace = partition.usesWorkspace();
  if (usesWorkspace != static_cast<bool>(getWorkspace()))
    return emitOpError() << partition
                         << (usesWorkspace ? " needs a workspace for its "
                                             "partial tiles"
                                           : " takes no workspace");
  if (!usesWorkspace)
    return success();
  if (partition.getKind() == PartitionKind::StreamK)
    return verifyWorkspaceHolds(
        *this, getWorkspace().getType(),
        getStreamKWorkspaceBound(getTileCount(), getKTiles(), slotFloats(acc)),
        "a StreamK slot per K-tile");
  // Slots of at most 2^24 floats; 2^16 ranges of 2^47 tiles may overflow.
  std::optional<int64_t> floats =
      llvm::checkedMul(partition.getKBatchBound(getKTiles()), getTileCount());
  if (floats)
    floats = llvm::checkedMul(*floats, slotFloats(acc));
  if (!floats)
    return emitOpError() << "needs more partial tiles than memory holds";
  if (partition.isSplitKInWorkgroups())
    return verifyWorkspaceHolds(
        *this, getWorkspace().getType(),
        *floats + getTileCount() * PartitionAttr::kCounterFloats,
        "a partial tile per K range of every tile and a counter per tile");
  return verifyWorkspaceHolds(*this, getWorkspace().getType(), *floats,
                              "a partial tile per K range of every tile");
}

//===----------------------------------------------------------------------===//
// Partial tiles
//===----------------------------------------------------------------------===//

LogicalResult PartialStoreOp::verify() {
  return verifyWorkspaceHoldsAt(*this, getWorkspace().getType(), getOffset(),
                                slotFloats(getAcc().getType()), "the slot");
}

LogicalResult PartialAccumulateOp::verify() {
  return verifyWorkspaceHoldsAt(*this, getWorkspace().getType(), getOffset(),
                                slotFloats(getAcc().getType()), "the slot");
}

//===----------------------------------------------------------------------===//
// Flags
//===----------------------------------------------------------------------===//

LogicalResult FlagSignalOp::verify() {
  return verifyWorkspaceHoldsAt(*this, getWorkspace().getType(), getOffset(),
                                1, "the flag");
}

LogicalResult FlagWaitOp::verify() {
  return verifyWorkspaceHoldsAt(*this, getWorkspace().getType(), getOffset(),
                                1, "the flag");
}

LogicalResult FlagRendezvousOp::verify() {
  if (std::optional<int64_t> count = getConstantIntValue(getCount()))
    if (*count < 1)
      return emitOpError() << "count " << *count
                           << " is not a number of workgroups";
  return verifyWorkspaceHoldsAt(*this, getWorkspace().getType(), getOffset(), 1,
                                "the counter");
}

//===----------------------------------------------------------------------===//
// Clusters
//===----------------------------------------------------------------------===//

LogicalResult ClusterLoadOp::verify() {
  MemRefType type = getBuffer().getType();
  if (!gpu::GPUDialect::hasWorkgroupMemoryAddressSpace(type))
    return emitOpError() << "reads another workgroup's LDS; " << type
                         << " is not in workgroup memory";
  if (std::optional<int64_t> offset = getConstantIntValue(getOffset()))
    if (*offset % 4)
      return emitOpError() << "offset " << *offset
                           << " is not a multiple of 4 floats";
  return verifyWorkspaceHoldsAt(*this, type, getOffset(), 4, "the vector");
}

//===----------------------------------------------------------------------===//
// ScheduleOp
//===----------------------------------------------------------------------===//

LogicalResult ScheduleOp::verify() {
  PartitionAttr partition = getPartition();
  if (!partition.isSizedAtLaunch())
    return emitOpError() << "schedules partitions sized at launch; "
                         << partition << " is sized at compile time";
  int64_t count = partition.getScheduleArgumentCount();
  if (static_cast<int64_t>(getArguments().size()) != count)
    return emitOpError() << partition << " gives " << count
                         << " kernel arguments, got "
                         << getArguments().size() << " results for them";
  if (partition.getKind() != PartitionKind::StreamK)
    return success();
  return verifyStreamKIterations(*this, getTiles(), getKTiles());
}
