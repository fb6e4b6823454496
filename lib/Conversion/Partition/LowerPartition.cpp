//===- LowerPartition.cpp - The ck-lower-partition pass -------------------===//
//
// Each ck.partition becomes the code that finds the calling workgroup's work
// and runs it, on the grid #ck.partition gives the launch:
//
//   x = block id x, g = block id y       (x: the tile among TM x TN, row-major)
//   m0 = (x / TN) * rows, n0 = (x % TN) * cols, tile = g * TM * TN + x
//   (with `cluster [CM, CN]`, x is first the tile of rank x mod (CM * CN) of
//   the cluster's group of tiles, emitClusteredTile)
//
//   data_parallel: unit(g, m0, n0, 0, k_tiles), then the epilogue.
//                  dp = persistent: workgroup w of W runs tiles w, w + W,
//                  ... (row-major over [G, TM, TN]) so, and numbers their
//                  K-tiles as the steps of one ring (each ck.tile_gemm's
//                  ring_steps): its load waves run into the next tile's
//                  K-tiles while its math waves write the last one. Where
//                  the ck.tile_gemm keeps B resident, workgroup w runs the
//                  w-th of W even runs of consecutive tiles column by
//                  column instead (ColumnRun), each unit told its copy of
//                  B (resident_b).
//   split_k:       split = block id z, per = ceil(k_tiles / k_batch);
//                  ck.partial_store unit(g, m0, n0, split * per,
//                      min(split * per + per, k_tiles)) to slot split * T +
//                      tile;
//                  then (reduce = kernel) `<name>_reduce`, an elementwise
//                  kernel on the whole grid, adds each 4-float vector of
//                  the slots in split order and writes the sums where the
//                  epilogue's ck.tile_store would; or (reduce = workgroups)
//                  the tile's k_batch workgroups meet at its counter
//                  (ck.flag_rendezvous) and each adds and writes a
//                  k_batch-th of the tile's vectors so; or (reduce =
//                  cluster) each stores its partial in its LDS, the
//                  tile's k_batch workgroups (a thread block cluster along
//                  z) meet at the cluster's barrier, and each adds a
//                  k_batch-th of the tile from their LDS
//                  (SplitKReduction.cpp).
//                  With k_batch = auto, k_batch is the schedule's argument
//                  and where it is 1 the unit's workgroup runs the epilogue
//                  and the reduction does nothing.
//   stream_k:      a loop over the workgroup's units (its data-parallel
//                  tiles, then its StreamK range cut at tile boundaries),
//                  each followed by its fix-up (docs/rationale/
//                  TilingLadder.md section 9, include/ck/Schedule/StreamK.h):
//                  gather partners' partials (ck.flag_wait,
//                  ck.partial_accumulate), then write the tile or store the
//                  partial and raise the flag (ck.flag_signal). With
//                  `ring = shared` the units share the ring as persistent
//                  ones do: the fix-up's flags are the math waves'
//                  (`threads`), and the load waves run on.
//
//===----------------------------------------------------------------------===//

#include "Partition.h"

#include "ck/Conversion/KernelBuilding.h"
#include "ck/Conversion/Passes.h"
#include "ck/Conversion/WaveOpLowering.h"
#include "ck/Dialect/CK/IR/CK.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"

namespace mlir::ck {
#define GEN_PASS_DEF_CKLOWERPARTITION
#include "ck/Conversion/Passes.h.inc"
} // namespace mlir::ck

using namespace mlir;
using namespace mlir::ck;

namespace {

/// The tile `x` (row-major over the tiles along M and N) of batch `g`.
TilePosition emitTilePosition(OpBuilder &b, Location loc, PartitionOp op,
                              Value g, Value x) {
  ArrayRef<int64_t> tiles = op.getTiles();
  AccType acc = op.getAccType();
  Value tilesN = indexConstant(b, loc, tiles[2]);
  Value m0 = arith::MulIOp::create(
      b, loc, arith::DivUIOp::create(b, loc, x, tilesN),
      indexConstant(b, loc, acc.getShape()[0]));
  Value n0 = arith::MulIOp::create(
      b, loc, arith::RemUIOp::create(b, loc, x, tilesN),
      indexConstant(b, loc, acc.getShape()[1]));
  Value tile = arith::AddIOp::create(
      b, loc,
      arith::MulIOp::create(b, loc, g,
                            indexConstant(b, loc, tiles[1] * tiles[2])),
      x);
  return {g, m0, n0, tile};
}

/// The tile (row-major over TM x TN) of rank `rank` in the group of tiles
/// `group` (row-major over [TM / CM, TN / CN]) of clusters of CM x CN
/// tiles: the group's r-th tile along the cluster's dimension.
Value emitGroupTile(OpBuilder &b, Location loc, PartitionOp op, Value group,
                    Value rank, ArrayRef<int64_t> cluster) {
  ArrayRef<int64_t> tiles = op.getTiles();
  int64_t size = cluster[0] * cluster[1];
  Value groupsN = indexConstant(b, loc, tiles[2] / cluster[1]);
  Value row = arith::DivUIOp::create(b, loc, group, groupsN);
  Value column = arith::RemUIOp::create(b, loc, group, groupsN);
  // The cluster's dimension: its first tile, plus the rank.
  Value &along = cluster[0] > 1 ? row : column;
  along = arith::AddIOp::create(
      b, loc, arith::MulIOp::create(b, loc, along, indexConstant(b, loc, size)),
      rank);
  return arith::AddIOp::create(
      b, loc,
      arith::MulIOp::create(b, loc, row, indexConstant(b, loc, tiles[2])),
      column);
}

/// The tile (row-major over TM x TN) of workgroup `x` of a grid in clusters
/// of CM x CN tiles: cluster q = x / (CM * CN) holds the group of tiles q,
/// and rank r = x mod (CM * CN) its r-th tile (emitGroupTile).
Value emitClusteredTile(OpBuilder &b, Location loc, PartitionOp op, Value x,
                        ArrayRef<int64_t> cluster) {
  Value size = indexConstant(b, loc, cluster[0] * cluster[1]);
  Value rank = arith::RemUIOp::create(b, loc, x, size);
  Value group = arith::DivUIOp::create(b, loc, x, size);
  return emitGroupTile(b, loc, op, group, rank, cluster);
}

/// The tile of rank `rank` in group `group` (row-major over [G, TM / CM,
/// TN / CN]) of a persistent grid in clusters of CM x CN tiles.
TilePosition emitClusterUnitPosition(OpBuilder &b, Location loc, PartitionOp op,
                                     Value group, Value rank,
                                     ArrayRef<int64_t> cluster) {
  ArrayRef<int64_t> tiles = op.getTiles();
  Value groupsPerBatch =
      indexConstant(b, loc, tiles[1] * tiles[2] / (cluster[0] * cluster[1]));
  Value g = arith::DivUIOp::create(b, loc, group, groupsPerBatch);
  Value inBatch = arith::RemUIOp::create(b, loc, group, groupsPerBatch);
  return emitTilePosition(b, loc, op, g,
                          emitGroupTile(b, loc, op, inBatch, rank, cluster));
}

/// The tile the workgroup's block ids name: x along M and N (in clusters
/// where the partition has them), y the batch.
TilePosition emitBlockTilePosition(OpBuilder &b, Location loc,
                                   PartitionOp op) {
  Value x = gpu::BlockIdOp::create(b, loc, gpu::Dimension::x);
  Value g = gpu::BlockIdOp::create(b, loc, gpu::Dimension::y);
  if (std::optional<ArrayRef<int64_t>> cluster = op.getCluster())
    x = emitClusteredTile(b, loc, op, x, *cluster);
  return emitTilePosition(b, loc, op, g, x);
}

/// Inlines `region`'s block before the builder's point with `args`, and
/// returns the values its ck.yield yields.
SmallVector<Value> inlineRegion(OpBuilder &b, Region &region,
                                ValueRange args) {
  IRMapping mapping;
  Block &block = region.front();
  mapping.map(block.getArguments(), args);
  for (Operation &op : block.without_terminator())
    b.clone(op, mapping);
  SmallVector<Value> results;
  for (Value value : cast<YieldOp>(block.getTerminator()).getValues())
    results.push_back(mapping.lookupOrDefault(value));
  return results;
}

/// Index arithmetic for the schedules, with the names of
/// include/ck/Schedule/StreamK.h.
struct IndexMath {
  OpBuilder &b;
  Location loc;

  Value c(int64_t v) { return indexConstant(b, loc, v); }
  Value add(Value x, Value y) { return arith::AddIOp::create(b, loc, x, y); }
  Value sub(Value x, Value y) { return arith::SubIOp::create(b, loc, x, y); }
  Value mul(Value x, Value y) { return arith::MulIOp::create(b, loc, x, y); }
  Value div(Value x, Value y) { return arith::DivUIOp::create(b, loc, x, y); }
  Value rem(Value x, Value y) { return arith::RemUIOp::create(b, loc, x, y); }
  Value min(Value x, Value y) { return arith::MinUIOp::create(b, loc, x, y); }
  Value max(Value x, Value y) { return arith::MaxUIOp::create(b, loc, x, y); }
  Value cmp(arith::CmpIPredicate p, Value x, Value y) {
    return arith::CmpIOp::create(b, loc, p, x, y);
  }
  Value lt(Value x, Value y) { return cmp(arith::CmpIPredicate::ult, x, y); }
  Value eq(Value x, Value y) { return cmp(arith::CmpIPredicate::eq, x, y); }
  Value select(Value cond, Value x, Value y) {
    return arith::SelectOp::create(b, loc, cond, x, y);
  }
  Value andI(Value x, Value y) { return arith::AndIOp::create(b, loc, x, y); }
  Value orI(Value x, Value y) { return arith::OrIOp::create(b, loc, x, y); }
};

/// A persistent workgroup's run of tiles where its units keep B resident:
/// the tiles column by column (the columns of B: [G, TN]), along M within
/// one, and workgroup w of W the w-th of W runs of consecutive tiles, as
/// even as they divide. Its units then change columns at most once per TM
/// tiles, and each change is a new copy of B (a generation).
struct ColumnRun {
  IndexMath &m;
  int64_t tilesM, tilesN;
  /// The run's first tile and its length.
  Value begin, count;

  ColumnRun(IndexMath &m, PartitionOp op, Value w, Value grid)
      : m(m), tilesM(op.getTiles()[1]), tilesN(op.getTiles()[2]) {
    Value tiles = m.c(op.getTileCount());
    Value per = m.div(tiles, grid);
    Value extra = m.rem(tiles, grid);
    begin = m.add(m.mul(w, per), m.min(w, extra));
    count = m.add(per, m.select(m.lt(w, extra), m.c(1), m.c(0)));
  }

  /// The row-major tile index (over [G, TM, TN]) of unit `u`: its run
  /// index itself where each batch has one column.
  Value tileOf(Value u) {
    Value at = m.add(begin, u);
    if (tilesN == 1)
      return at;
    Value column = m.div(at, m.c(tilesM));
    Value row = m.rem(at, m.c(tilesM));
    Value g = m.div(column, m.c(tilesN));
    Value n = m.rem(column, m.c(tilesN));
    return m.add(m.mul(m.add(m.mul(g, m.c(tilesM)), row), m.c(tilesN)), n);
  }
  /// Unit `u`'s copy of B: its column's, counted from the run's first.
  Value generation(Value u) {
    return m.sub(m.div(m.add(begin, u), m.c(tilesM)),
                 m.div(begin, m.c(tilesM)));
  }
  /// Whether unit `u` starts a column (its load waves copy B).
  Value loads(Value u) {
    Value row = m.rem(m.add(begin, u), m.c(tilesM));
    return m.orI(m.eq(u, m.c(0)), m.eq(row, m.c(0)));
  }
  /// Whether unit `u` ends its column before the run's next unit (its math
  /// waves release B).
  Value releases(Value u) {
    Value next = m.add(u, m.c(1));
    Value row = m.rem(m.add(begin, next), m.c(tilesM));
    return m.andI(m.lt(next, count), m.eq(row, m.c(0)));
  }
};

/// data_parallel, dp = persistent: workgroup w of the grid's W runs tiles
/// w, w + W, ..., each unit followed by its epilogue, without a barrier
/// between them (the verifier holds the units to rings with barriers and
/// the epilogues to their own LDS). Unit u's K-tiles are the ring's steps
/// u * k_tiles .. of units * k_tiles. Where a ck.tile_gemm keeps B
/// resident, the workgroup runs a ColumnRun instead, and each unit's
/// ck.tile_gemm learns its copy of B.
///
/// In clusters of CM x CN = S workgroups (the grid a whole number of
/// them), the units are the groups of S tiles a cluster shares an operand
/// in: cluster c = w / S of W / S runs groups c, c + W / S, ..., and the
/// workgroup of rank w mod S its tile of each (emitClusteredTile). The
/// cluster's workgroups run as many units, so their rings step together.
void lowerPersistentUnits(PartitionOp op) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  IndexMath m{b, loc};
  Value w = gpu::BlockIdOp::create(b, loc, gpu::Dimension::x);
  Value grid = gpu::GridDimOp::create(b, loc, gpu::Dimension::x);
  // In clusters, w and W count clusters, and tiles groups of tiles.
  std::optional<ArrayRef<int64_t>> cluster = op.getCluster();
  int64_t clusterSize = cluster ? (*cluster)[0] * (*cluster)[1] : 1;
  Value rank;
  if (cluster) {
    rank = m.rem(w, m.c(clusterSize));
    w = m.div(w, m.c(clusterSize));
    grid = m.div(grid, m.c(clusterSize));
  }
  Value tiles = m.c(op.getTileCount() / clusterSize);
  Value kTiles = m.c(op.getKTiles());
  bool residentB = false;
  op.getUnit().walk([&](TileGemmOp gemm) {
    residentB |= gemm.getConfig().getResidentB();
  });
  std::optional<ColumnRun> run;
  if (residentB)
    run.emplace(m, op, w, grid);
  // ceil((T - w) / W), 0 for a workgroup past the tiles.
  Value units = run ? run->count
                    : arith::CeilDivUIOp::create(
                          b, loc, m.sub(tiles, m.min(w, tiles)), grid)
                          .getResult();
  Value total = m.mul(units, kTiles);
  Value generations;
  if (run)
    generations = m.add(run->generation(m.sub(m.max(units, m.c(1)), m.c(1))),
                        m.c(1));
  auto loop = scf::ForOp::create(b, loc, m.c(0), units, m.c(1));
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(loop.getBody());
  Value u = loop.getInductionVar();
  // The unit's tile, or in clusters its group of tiles.
  Value unitIndex = run ? run->tileOf(u) : m.add(w, m.mul(u, grid));
  TilePosition at =
      cluster ? emitClusterUnitPosition(b, loc, op, unitIndex, rank, *cluster)
              : emitIndexTilePosition(b, loc, op, unitIndex);
  Value first = m.mul(u, kTiles);
  Value generation, loads, releases;
  if (run) {
    generation = run->generation(u);
    loads = run->loads(u);
    releases = run->releases(u);
  }
  Value acc = inlineRegion(b, op.getUnit(),
                           {at.g, at.m0, at.n0, m.c(0), kTiles})
                  .front();
  loop.getBody()->walk([&](TileGemmOp gemm) {
    gemm.getRingFirstMutable().assign(first);
    gemm.getRingTotalMutable().assign(total);
    if (gemm.getConfig().getResidentB()) {
      gemm.getBGenerationMutable().assign(generation);
      gemm.getBGenerationsMutable().assign(generations);
      gemm.getBLoadMutable().assign(loads);
      gemm.getBReleaseMutable().assign(releases);
    }
  });
  // Store waves may still be storing the previous unit's tile; they hand
  // the staging tile back unless this unit is the last.
  Value busy = m.cmp(arith::CmpIPredicate::ugt, u, m.c(0));
  Value more = m.lt(m.add(u, m.c(1)), units);
  inlineRegion(b, op.getEpilogue(), {at.g, at.m0, at.n0, acc});
  loop.getBody()->walk([&](TileStoreOp store) {
    if (store.getStoreWaves()) {
      store.getBusyMutable().assign(busy);
      store.getMoreMutable().assign(more);
    }
  });
}

/// The workgroup's work units and where their sums go.
LogicalResult lowerUnits(PartitionOp op) {
  PartitionAttr partition = op.getPartition();
  if (partition.isPersistentDataParallel()) {
    lowerPersistentUnits(op);
    op.erase();
    return success();
  }
  OpBuilder b(op);
  Location loc = op.getLoc();
  TilePosition at = emitBlockTilePosition(b, loc, op);
  int64_t kTiles = op.getKTiles();
  if (partition.getKind() == PartitionKind::DataParallel) {
    Value acc = inlineRegion(b, op.getUnit(),
                             {at.g, at.m0, at.n0, indexConstant(b, loc, 0),
                              indexConstant(b, loc, kTiles)})
                    .front();
    inlineRegion(b, op.getEpilogue(), {at.g, at.m0, at.n0, acc});
    op.erase();
    return success();
  }
  // Ranges of ceil(k_tiles / k_batch) K-tiles. ckrt's auto k_batch counts
  // only non-empty ranges, and ceil(k_tiles / k_batch) gives back the
  // length it cut them to (docs/Schedules.md).
  Value kBatch = splitKBatch(b, loc, op);
  Value perSplit =
      partition.isSplitKAuto()
          ? arith::CeilDivUIOp::create(b, loc, indexConstant(b, loc, kTiles),
                                       kBatch)
                .getResult()
          : indexConstant(b, loc,
                          llvm::divideCeil(kTiles, partition.getKBatch()));
  Value split = gpu::BlockIdOp::create(b, loc, gpu::Dimension::z);
  Value k0 = arith::MulIOp::create(b, loc, split, perSplit);
  Value k1 = arith::MinSIOp::create(b, loc,
                                    arith::AddIOp::create(b, loc, k0, perSplit),
                                    indexConstant(b, loc, kTiles));
  Value acc =
      inlineRegion(b, op.getUnit(), {at.g, at.m0, at.n0, k0, k1}).front();
  auto storePartial = [&] {
    PartialStoreOp::create(b, loc, acc, op.getWorkspace(),
                           splitKSlotOffset(b, loc, op, split, at.tile));
  };
  if (partition.isSplitKInCluster()) {
    if (failed(emitSplitKSumInCluster(b, loc, op, acc, at.tile, split)))
      return failure();
    op.erase();
    return success();
  }
  if (!partition.isSplitKAuto()) {
    storePartial();
    if (partition.isSplitKInWorkgroups() &&
        failed(emitSplitKSumInWorkgroup(b, loc, op, at.tile, split)))
      return failure();
    op.erase();
    return success();
  }
  auto whole =
      scf::IfOp::create(b, loc,
                        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                              kBatch, indexConstant(b, loc, 1)),
                        /*withElseRegion=*/true);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(whole.thenBlock());
    inlineRegion(b, op.getEpilogue(), {at.g, at.m0, at.n0, acc});
    b.setInsertionPointToStart(whole.elseBlock());
    storePartial();
  }
  op.erase();
  return success();
}

/// The launch-time numbers of a StreamK partition (ck.schedule's kernel
/// arguments) and what follows from them.
struct StreamKSchedule {
  /// StreamK workgroups, data-parallel tiles, K-tiles per StreamK
  /// workgroup, the remainder, the grid, and D * I.
  Value workgroups, dataParallelTiles, perWorkgroup, extra, grid,
      firstIteration;

  /// b_s: the first global K-tile of StreamK index `s`.
  Value begin(IndexMath &m, Value s) const {
    return m.add(m.add(firstIteration, m.mul(s, perWorkgroup)),
                 m.min(s, extra));
  }
  /// The StreamK index whose range holds global K-tile `x` (>= D * I).
  Value owner(IndexMath &m, Value x) const {
    Value g = m.sub(m.max(x, firstIteration), firstIteration);
    Value longer = m.add(perWorkgroup, m.c(1));
    Value longSpan = m.mul(extra, longer);
    Value inLong = m.div(g, longer);
    // q >= 1 whenever there are StreamK workgroups; max keeps the unused
    // division defined when there are none.
    Value inShort = m.add(extra, m.div(m.sub(m.max(g, longSpan), longSpan),
                                       m.max(perWorkgroup, m.c(1))));
    return m.select(m.lt(g, longSpan), inLong, inShort);
  }
};

/// StreamK: each workgroup runs its units in order, each followed by its
/// fix-up. A unit is global K-tiles [begin, end) of one tile; its tile's
/// starter (the unit with k0 = 0) gathers the partials of the tile's other
/// contributors (linearly, or those of its subtree) and runs the epilogue,
/// and every other contributor gathers its subtree (tree only), stores its
/// sum to its slot and raises the slot's flag. Where the units share a ring,
/// a unit's K-tiles are the ring's steps from the K-tiles the workgroup ran
/// before it, of all it runs, the fix-up's flags are the math waves' (the
/// wave grid's threads), and no barrier ends a unit; elsewhere an LDS
/// barrier does.
LogicalResult lowerStreamK(PartitionOp op) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  IndexMath m{b, loc};
  PartitionAttr partition = op.getPartition();
  AccType accType = op.getAccType();
  bool sharedRing = partition.unitsShareRing();
  IntegerAttr flagThreads;
  if (sharedRing) {
    FailureOr<int64_t> waveSize = requireWaveSize(op, accType.getMma());
    if (failed(waveSize))
      return failure();
    flagThreads = b.getI64IntegerAttr(accType.getWaveCount() * *waveSize);
  }
  Value workspace = op.getWorkspace();
  bool tree = partition.getReduce() == StreamKReduction::Tree;
  bool persistent = partition.getDp() == DataParallelTiles::Persistent;
  int64_t tileFloats = accType.getShape()[0] * accType.getShape()[1];
  int64_t slotFloats = PartitionAttr::getStreamKSlotFloats(tileFloats);
  int64_t flagFloat = PartitionAttr::getStreamKFlagFloat(tileFloats);
  Value iters = m.c(op.getKTiles());

  SmallVector<Value> scalars;
  for (Value value : op.getSchedule())
    scalars.push_back(
        arith::IndexCastUIOp::create(b, loc, b.getIndexType(), value));
  StreamKSchedule schedule{scalars[0], scalars[1], scalars[2],
                           scalars[3], scalars[4], m.mul(scalars[1], iters)};
  Value k = schedule.workgroups, d = schedule.dataParallelTiles;

  // The workgroup's StreamK index j (K when it has none), its first
  // data-parallel tile and the step to its next one.
  Value w = gpu::BlockIdOp::create(b, loc, gpu::Dimension::x);
  Value j, dpFirst, dpStep;
  if (persistent) {
    j = w;
    dpFirst = w;
    dpStep = schedule.grid;
  } else {
    Value isDataParallel = m.lt(w, d);
    j = m.select(isDataParallel, k, m.sub(m.max(w, d), d));
    dpFirst = m.select(isDataParallel, w, d);
    dpStep = m.max(d, m.c(1));
  }
  Value hasRange = m.lt(j, k);
  Value zero = m.c(0);
  Value rangeBegin = m.select(hasRange, schedule.begin(m, j), zero);
  Value rangeEnd = m.select(
      hasRange,
      m.add(rangeBegin,
            m.add(schedule.perWorkgroup,
                  m.select(m.lt(j, schedule.extra), m.c(1), zero))),
      zero);

  // The K-tiles of all the workgroup's units: its data-parallel tiles'
  // (ceil((D - min(first, D)) / step) of them) and its range's.
  Value ringTotal;
  if (sharedRing) {
    Value dpUnits =
        arith::CeilDivUIOp::create(b, loc, m.sub(d, m.min(dpFirst, d)), dpStep);
    ringTotal = m.add(m.mul(dpUnits, iters), m.sub(rangeEnd, rangeBegin));
  }

  // while (a data-parallel tile is left or the range is not done): a unit,
  // carrying (where the units share a ring) the K-tiles the workgroup ran
  // before it.
  Type index = b.getIndexType();
  SmallVector<Value> initial = {dpFirst, rangeBegin};
  if (sharedRing)
    initial.push_back(zero);
  SmallVector<Type> types(initial.size(), index);
  SmallVector<Location> locs(initial.size(), loc);
  auto units = scf::WhileOp::create(b, loc, types, initial);
  {
    OpBuilder::InsertionGuard guard(b);
    Block *before = b.createBlock(&units.getBefore(), {}, types, locs);
    Value more = m.orI(m.lt(before->getArgument(0), d),
                       m.lt(before->getArgument(1), rangeEnd));
    scf::ConditionOp::create(b, loc, more, before->getArguments());

    Block *after = b.createBlock(&units.getAfter(), {}, types, locs);
    Value dpTile = after->getArgument(0), next = after->getArgument(1);
    Value ringFirst = sharedRing ? after->getArgument(2) : Value();
    Value isDataParallel = m.lt(dpTile, d);
    Value begin = m.select(isDataParallel, m.mul(dpTile, iters), next);
    Value tile = m.div(begin, iters);
    Value tileStart = m.mul(tile, iters);
    Value tileEnd = m.add(tileStart, iters);
    Value end = m.select(isDataParallel, tileEnd, m.min(rangeEnd, tileEnd));
    Value k0 = m.sub(begin, tileStart), k1 = m.sub(end, tileStart);
    TilePosition at = emitIndexTilePosition(b, loc, op, tile);
    Value acc = inlineRegion(b, op.getUnit(), {at.g, at.m0, at.n0, k0, k1})
                    .front();
    if (sharedRing)
      after->walk([&](TileGemmOp gemm) {
        gemm.getRingFirstMutable().assign(ringFirst);
        gemm.getRingTotalMutable().assign(ringTotal);
      });

    // l: the unit's place among its tile's contributors (0: the starter).
    Value isStarter = m.eq(k0, zero);
    Value whole = m.andI(isStarter, m.eq(k1, iters));
    Value place = m.select(isStarter, zero,
                           m.sub(j, schedule.owner(m, tileStart)));
    // Gather: while the partner is a contributor of the tile (it begins
    // before the tile ends) and, for the tree, this unit's subtree holds
    // it, wait for its flag and add its partial.
    Value firstPartner = m.select(whole, k, m.add(j, m.c(1)));
    auto gather = scf::WhileOp::create(b, loc, TypeRange{index, accType},
                                       ValueRange{firstPartner, acc});
    {
      OpBuilder::InsertionGuard guard(b);
      Block *check = b.createBlock(&gather.getBefore(), {}, {index, accType},
                                   {loc, loc});
      Value partner = check->getArgument(0);
      Value inTile = m.andI(m.lt(partner, k),
                            m.lt(schedule.begin(m, partner), tileEnd));
      Value inSubtree =
          tree ? m.eq(arith::AndIOp::create(b, loc, place, m.sub(partner, j)),
                      zero)
               : m.eq(place, zero);
      scf::ConditionOp::create(b, loc, m.andI(inTile, inSubtree),
                               check->getArguments());

      Block *add = b.createBlock(&gather.getAfter(), {}, {index, accType},
                                 {loc, loc});
      partner = add->getArgument(0);
      Value slot = m.mul(partner, m.c(slotFloats));
      FlagWaitOp::create(b, loc, workspace, m.add(slot, m.c(flagFloat)),
                         flagThreads);
      Value sum = PartialAccumulateOp::create(b, loc, accType,
                                              add->getArgument(1), workspace,
                                              slot);
      Value nextPartner = tree ? m.add(partner, m.sub(partner, j))
                               : m.add(partner, m.c(1));
      scf::YieldOp::create(b, loc, ValueRange{nextPartner, sum});
    }
    Value gathered = gather.getResult(1);
    auto writes = scf::IfOp::create(b, loc, m.eq(place, zero),
                                    /*withElseRegion=*/true);
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(writes.thenBlock());
      inlineRegion(b, op.getEpilogue(), {at.g, at.m0, at.n0, gathered});
      b.setInsertionPointToStart(writes.elseBlock());
      Value slot = m.mul(j, m.c(slotFloats));
      PartialStoreOp::create(b, loc, gathered, workspace, slot);
      FlagSignalOp::create(b, loc, workspace, m.add(slot, m.c(flagFloat)),
                           flagThreads);
    }
    // The next unit's tiles overwrite the LDS this one's epilogue read,
    // unless the staging tile is the math waves' own.
    if (!sharedRing)
      LdsBarrierOp::create(b, loc);
    SmallVector<Value> nextValues = {
        m.select(isDataParallel, m.add(dpTile, dpStep), dpTile),
        m.select(isDataParallel, next, end)};
    if (sharedRing)
      nextValues.push_back(m.add(ringFirst, m.sub(k1, k0)));
    scf::YieldOp::create(b, loc, nextValues);
  }
  op.erase();
  return success();
}

struct CKLowerPartitionPass
    : public ck::impl::CKLowerPartitionBase<CKLowerPartitionPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<PartitionOp> partitions;
    module.walk([&](PartitionOp op) { partitions.push_back(op); });
    for (PartitionOp op : partitions) {
      auto kernel = op->getParentOfType<gpu::GPUFuncOp>();
      if (!kernel || !kernel.isKernel() || op->getParentOp() != kernel ||
          llvm::range_size(kernel.getBody().getOps<PartitionOp>()) != 1) {
        op.emitOpError() << "must be the one partition at the top of a "
                            "gpu.func kernel";
        return signalPassFailure();
      }
      PartitionAttr partition = op.getPartition();
      if (partition.getKind() == PartitionKind::SplitK &&
          !partition.isSplitKInWorkgroups() && !partition.isSplitKInCluster() &&
          failed(addSplitKReductionKernel(module, kernel, op)))
        return signalPassFailure();
      if (failed(partition.getKind() == PartitionKind::StreamK
                     ? lowerStreamK(op)
                     : lowerUnits(op)))
        return signalPassFailure();
    }
  }
};

} // namespace

TilePosition mlir::ck::emitIndexTilePosition(OpBuilder &b, Location loc,
                                             PartitionOp op, Value tile) {
  ArrayRef<int64_t> tiles = op.getTiles();
  Value perBatch = indexConstant(b, loc, tiles[1] * tiles[2]);
  Value g = arith::DivUIOp::create(b, loc, tile, perBatch);
  Value x = arith::RemUIOp::create(b, loc, tile, perBatch);
  return emitTilePosition(b, loc, op, g, x);
}

Value mlir::ck::splitKSlotOffset(OpBuilder &b, Location loc, PartitionOp op,
                                 Value split, Value tile) {
  AccType acc = op.getAccType();
  Value slot = b.createOrFold<arith::AddIOp>(
      loc,
      b.createOrFold<arith::MulIOp>(loc, split,
                                    indexConstant(b, loc, op.getTileCount())),
      tile);
  return arith::MulIOp::create(
      b, loc, slot,
      indexConstant(b, loc, acc.getShape()[0] * acc.getShape()[1]));
}

Value mlir::ck::splitKBatch(OpBuilder &b, Location loc, PartitionOp op,
                            Value schedule) {
  if (!op.getPartition().isSplitKAuto())
    return indexConstant(b, loc, op.getPartition().getKBatch());
  return arith::IndexCastUIOp::create(
      b, loc, b.getIndexType(), schedule ? schedule : op.getSchedule().front());
}
