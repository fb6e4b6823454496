//===- SplitKReduction.cpp - Adding up split-K's partial tiles ------------===//
//
// Split-K leaves k_batch f32 partial tiles of each output tile in the
// workspace, slot `split * T + tile`, in ck.partial_store's layout. They
// are added elementwise: 4-float vector i of every split's slot, in split
// order, its sums written where the epilogue's one ck.tile_store would
// have written them (alpha, beta and the D tensors applied, converted to
// C's type). With `reduce = kernel` a second kernel, `<kernel>_reduce`,
// runs one thread per vector after the GEMM; with `reduce = workgroups` the
// k_batch workgroups of a tile meet at the tile's counter once each has
// stored its partial, and each adds and writes a k_batch-th of the tile's
// vectors. With `reduce = cluster` a tile's k_batch workgroups are one
// thread block cluster: each stores its partial tile in its own LDS, they
// meet at the cluster's barrier, and each adds a k_batch-th of the tile's
// vectors from the k_batch workgroups' LDS (distributed shared memory).
// All add in the same order, so all give the same bits.
//
//===----------------------------------------------------------------------===//

#include "Partition.h"

#include "ck/Conversion/GemmEpilogue.h"
#include "ck/Conversion/KernelBuilding.h"
#include "ck/Conversion/WaveOpLowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;
using namespace mlir::ck;

namespace {

/// Threads per workgroup of `<kernel>_reduce`, and the floats each thread
/// adds at once.
constexpr int64_t kReduceThreads = 256;
constexpr int64_t kReduceVector = 4;
/// The unroll factor of the loop over the slots: unrolled, the slots' loads
/// can be in flight together.
constexpr uint64_t kReduceUnroll = 8;
/// The vectors a thread of split-K's workgroups adds at once, their slots'
/// loads in flight together.
constexpr int64_t kVectorsInFlight = 4;

/// How a partial tile (in ck.partial_store's layout: holder thread t's
/// instruction tile j at floats (j * N + t) * E) splits into vectors of
/// kReduceVector floats: vector q of a thread's E accumulators sits as the
/// first does, moved by (q * stepRow, q * stepCol), its float k at
/// (rowStep[k], colStep[k]) from the vector's origin.
struct SlotVectorLayout {
  MatrixLayout layout;
  int64_t vectors, stepRow, stepCol;
  SmallVector<int64_t, 4> rowStep, colStep;
  /// The floats k, k + 1, ... of a vector that lie side by side along a
  /// row from a column that is a multiple of it: 2, or 1.
  int64_t width;
};

/// The vector layout of `acc`'s partial tiles, whose instruction runs on
/// waves of `waveSize` lanes, with pairs of floats written together where C
/// takes `maxWidth` elements at once; std::nullopt where the vectors of a
/// thread's accumulators do not repeat one layout (they do in every MMA
/// layout ck targets).
std::optional<SlotVectorLayout> planSlotVectors(AccType acc, int64_t waveSize,
                                                int64_t maxWidth) {
  MatrixLayout layout = acc.getMma().getLayout(waveSize);
  const FragmentLayout &c = layout.c;
  int64_t elements = c.size(), vectors = elements / kReduceVector;
  if (elements % kReduceVector != 0)
    return std::nullopt;
  int64_t stepRow = 0, stepCol = 0;
  if (vectors > 1) {
    stepRow = c.offsets[kReduceVector].first - c.offsets[0].first;
    stepCol = c.offsets[kReduceVector].second - c.offsets[0].second;
  }
  for (int64_t q = 0; q < vectors; ++q)
    for (int64_t k = 0; k < kReduceVector; ++k) {
      auto [row, col] = c.offsets[q * kReduceVector + k];
      if (row != c.offsets[k].first + q * stepRow ||
          col != c.offsets[k].second + q * stepCol)
        return std::nullopt;
    }
  SlotVectorLayout plan{layout,     vectors, stepRow, stepCol, {}, {},
                        /*width=*/1};
  for (int64_t k = 0; k < kReduceVector; ++k) {
    plan.rowStep.push_back(c.offsets[k].first);
    plan.colStep.push_back(c.offsets[k].second);
  }
  // Pairs: floats 2i and 2i + 1 side by side, from even columns at every
  // level of the column's sum.
  bool pairs = maxWidth >= 2;
  for (int64_t k = 0; k < kReduceVector; k += 2)
    pairs = pairs && plan.rowStep[k] == plan.rowStep[k + 1] &&
            plan.colStep[k + 1] == plan.colStep[k] + 1 &&
            plan.colStep[k] % 2 == 0;
  for (int64_t term : {acc.getWaveCols(), layout.n, stepCol, c.col.scale})
    pairs = pairs && term % 2 == 0;
  if (pairs)
    plan.width = 2;
  return plan;
}

/// The tile row and column of vector `v`'s origin in a partial tile of
/// `acc` laid out as `plan`.
std::pair<Value, Value> emitSlotVectorOrigin(OpBuilder &b, Location loc,
                                             AccType acc,
                                             const SlotVectorLayout &plan,
                                             Value v) {
  auto constant = [&](int64_t value) { return indexConstant(b, loc, value); };
  auto div = [&](Value x, int64_t y) {
    return arith::DivUIOp::create(b, loc, x, constant(y)).getResult();
  };
  auto rem = [&](Value x, int64_t y) {
    return arith::RemUIOp::create(b, loc, x, constant(y)).getResult();
  };
  auto mulAdd = [&](Value x, int64_t y, Value z) {
    return arith::AddIOp::create(
               b, loc, arith::MulIOp::create(b, loc, x, constant(y)), z)
        .getResult();
  };
  const MatrixLayout &layout = plan.layout;
  int64_t waveSize = layout.waveSize;
  int64_t holders = acc.getWaveCount() * waveSize;
  Value q = rem(v, plan.vectors);
  Value thread = rem(div(v, plan.vectors), holders);
  Value mmaTile = div(v, plan.vectors * holders);
  Value wave = div(thread, waveSize), lane = rem(thread, waveSize);
  int64_t tilesN = acc.getMmaTilesAlongCols();
  int64_t wavesN = acc.getWaves()[1];
  // The wave's origin (emitWaveRowOrigin: #ck.wgmma's row groups lie
  // apart), the instruction tile's, the lane's and the vector's.
  bool tilesApart = acc.waveTilesLieApart();
  Value waveRow = div(wave, wavesN);
  Value inWave = mulAdd(
      div(mmaTile, tilesN), tilesApart ? acc.getRowTileStride() : layout.m,
      mulAdd(q, plan.stepRow, emitLaneTerm(b, loc, lane, layout.c.row)));
  Value row = tilesApart
                  ? arith::AddIOp::create(
                        b, loc, emitWaveRowOrigin(b, loc, acc, waveRow), inWave)
                        .getResult()
                  : mulAdd(waveRow, acc.getWaveRows(), inWave);
  Value col = mulAdd(rem(wave, wavesN), acc.getWaveCols(),
                     mulAdd(rem(mmaTile, tilesN), layout.n,
                            mulAdd(q, plan.stepCol,
                                   emitLaneTerm(b, loc, lane, layout.c.col))));
  return {row, col};
}

/// The one ck.tile_store of the partition's epilogue, which stores the sum
/// at the tile's position; null where the epilogue is not that.
TileStoreOp findSumStore(PartitionOp op) {
  Block &epilogue = op.getEpilogue().front();
  SmallVector<TileStoreOp> stores(epilogue.getOps<TileStoreOp>());
  if (stores.size() != 1)
    return nullptr;
  TileStoreOp store = stores.front();
  if (store.getAcc() != epilogue.getArgument(3) ||
      store.getIndices() != ValueRange(epilogue.getArguments().take_front(3)))
    return nullptr;
  return store;
}

/// What adding up the slots' vectors needs, checked before any of it is
/// emitted: where the slots are and k_batch, C's (and the D tensors')
/// destination and the vectors' layout.
struct SplitKSum {
  PartitionOp op;
  /// The workspace of every split's slots (null with `reduce = cluster`).
  Value workspace, kBatch;
  /// C's and the D tensors' views; `dest`'s views are these once copied
  /// where they are used (the struct moves).
  SmallVector<TracedView> views;
  TileDestination dest;
  SlotVectorLayout plan;
  /// 4-float vectors in one split's slot (all T tiles) and in one tile.
  int64_t slotVectors, tileVectors;
  /// With `reduce = cluster`: the LDS window of the tile's partial, which
  /// split s's workgroup (the cluster's rank s) holds, and the tile's first
  /// vector (emitShareSum's).
  Value clusterPartial = nullptr, clusterTileFirst = nullptr;
};

/// Plans the sum of `op`'s slots, whose workspace and k_batch are
/// `workspace` and `kBatch` where the sum runs. `view` gives the value
/// there of a view the epilogue's ck.tile_store takes (null where it has
/// none).
FailureOr<SplitKSum> planSplitKSum(PartitionOp op, Value workspace,
                                   Value kBatch,
                                   function_ref<Value(Value)> view) {
  TileStoreOp store = findSumStore(op);
  if (!store)
    return op.emitOpError() << "needs an epilogue whose one ck.tile_store "
                               "writes the sum at the tile's position, for "
                               "split-K's elementwise reduction";
  AccType accType = op.getAccType();
  FailureOr<int64_t> waveSize = requireWaveSize(op, accType.getMma());
  if (failed(waveSize))
    return failure();
  SmallVector<TracedView> views;
  SmallVector<Value> tensors = {store.getDest()};
  llvm::append_range(tensors, store.getDs());
  for (Value tensor : tensors) {
    Value there = view(tensor);
    FailureOr<TracedView> traced =
        there ? traceView(there) : FailureOr<TracedView>(failure());
    if (failed(traced))
      return store.emitOpError()
             << "needs views that start at kernel arguments, for split-K's "
                "elementwise reduction";
    views.push_back(*traced);
  }
  TileDestination dest = tileStoreDestination(store, views, {});
  std::optional<SlotVectorLayout> plan = planSlotVectors(
      accType, *waveSize, destinationWidth(dest, accType.getShape()[1]));
  if (!plan)
    return op.emitOpError()
           << "has accumulators whose vectors of " << kReduceVector
           << " do not repeat one layout, for split-K's reduction";
  int64_t tileFloats = accType.getShape()[0] * accType.getShape()[1];
  if (tileFloats % kReduceVector != 0)
    return op.emitOpError()
           << "has partial tiles of " << tileFloats << " floats, not of whole "
           << kReduceVector << "-float vectors";
  int64_t tileVectors = tileFloats / kReduceVector;
  return SplitKSum{op,
                   workspace,
                   kBatch,
                   std::move(views),
                   dest,
                   *plan,
                   op.getTileCount() * tileVectors,
                   tileVectors};
}

/// Vector `vector` (among all tiles' vectors) of split `split`'s slot, or
/// of the first split's where `split` is null.
Value loadSlotVector(OpBuilder &b, Location loc, const SplitKSum &sum,
                     Value split, Value vector) {
  auto type = VectorType::get({kReduceVector}, b.getF32Type());
  auto floats = [&](Value vectors) {
    return arith::MulIOp::create(b, loc, vectors,
                                 indexConstant(b, loc, kReduceVector))
        .getResult();
  };
  if (sum.clusterPartial)
    return ClusterLoadOp::create(
        b, loc, type, sum.clusterPartial,
        floats(arith::SubIOp::create(b, loc, vector, sum.clusterTileFirst)),
        split ? split : indexConstant(b, loc, 0));
  Value offset = floats(vector);
  if (split)
    offset = arith::AddIOp::create(
        b, loc,
        arith::MulIOp::create(
            b, loc, split,
            indexConstant(b, loc, sum.slotVectors * kReduceVector)),
        offset);
  return loadAlignedVector(b, loc, type, sum.workspace, offset);
}

/// The loop that adds vector `vector` of every split's slot in split order;
/// its result is the sum. Unroll it (unrollSlotLoop) once the sum's users
/// are in place.
scf::ForOp emitVectorSum(OpBuilder &b, Location loc, const SplitKSum &sum,
                         Value vector) {
  Value one = indexConstant(b, loc, 1);
  Value first = loadSlotVector(b, loc, sum, /*split=*/nullptr, vector);
  auto splits =
      scf::ForOp::create(b, loc, one, sum.kBatch, one, ValueRange{first});
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(splits.getBody());
  Value partial = loadSlotVector(b, loc, sum, splits.getInductionVar(), vector);
  scf::YieldOp::create(
      b, loc,
      arith::AddFOp::create(b, loc, splits.getRegionIterArgs()[0], partial)
          .getResult());
  return splits;
}

/// Unrolls an emitVectorSum loop, so that the slots' loads can be in
/// flight together.
LogicalResult unrollSlotLoop(PartitionOp op, scf::ForOp splits) {
  std::optional<APInt> trips = splits.getStaticTripCount();
  if (trips && trips->getZExtValue() == 0)
    return success();
  LogicalResult unrolled =
      trips && trips->getZExtValue() <= kReduceUnroll
          ? loopUnrollFull(splits)
          : LogicalResult(loopUnrollByFactor(splits, kReduceUnroll));
  if (failed(unrolled))
    return op.emitOpError() << "could not unroll the split-K reduction";
  return success();
}

/// Writes `total`, the sum of vector `vector` of the slots, where the
/// epilogue's ck.tile_store would have written it, where `valid` holds
/// (null: always).
void emitVectorWrite(OpBuilder &b, Location loc, const SplitKSum &sum,
                     Value vector, Value total, Value valid) {
  PartitionOp op = sum.op;
  const SlotVectorLayout &plan = sum.plan;
  Value tileVectors = indexConstant(b, loc, sum.tileVectors);
  TilePosition tile = emitIndexTilePosition(
      b, loc, op, arith::DivUIOp::create(b, loc, vector, tileVectors));
  TileDestination dest = sum.dest;
  dest.views = sum.views;
  dest.g = tile.g;
  dest.m0 = tile.m0;
  dest.n0 = tile.n0;
  auto [row, col] =
      emitSlotVectorOrigin(b, loc, op.getAccType(), plan,
                           arith::RemUIOp::create(b, loc, vector, tileVectors));
  row = arith::AddIOp::create(b, loc, tile.m0, row);
  col = arith::AddIOp::create(b, loc, tile.n0, col);
  for (int64_t k = 0; k < kReduceVector; k += plan.width) {
    Value m = arith::AddIOp::create(b, loc, row,
                                    indexConstant(b, loc, plan.rowStep[k]));
    Value n = arith::AddIOp::create(b, loc, col,
                                    indexConstant(b, loc, plan.colStep[k]));
    Value value = plan.width == 1
                      ? vector::ExtractOp::create(b, loc, total, k).getResult()
                      : vector::ShuffleOp::create(b, loc, total, total,
                                                  ArrayRef<int64_t>{k, k + 1})
                            .getResult();
    Value inside = insideMatrix(b, loc, m, n, dest.shape.m, dest.shape.n);
    if (valid)
      inside = arith::AndIOp::create(b, loc, valid, inside);
    emitElementEpilogue(b, loc, dest, value, m, n, inside, plan.width);
  }
}

/// The body of `<kernel>_reduce` (`reduce`, a clone of the kernel emptied):
/// thread i of the grid adds vector i of the slots (emitVectorSum). With
/// `k_batch = auto` it runs only where k_batch is above 1 (else the GEMM
/// kernel wrote the tiles). The partition's workspace and k_batch schedule
/// value are arguments of the kernel (convert-ck-to-gpu passes them so),
/// which the clone has too, as it has the arguments the views of C and D
/// start from.
LogicalResult emitReductionKernelBody(gpu::GPUFuncOp reduce, PartitionOp op) {
  OpBuilder b = OpBuilder::atBlockEnd(&reduce.getBody().front());
  Location loc = op.getLoc();
  Block &kernelBody = op->getParentOfType<gpu::GPUFuncOp>().getBody().front();
  auto cloneOf = [&](Value value) -> Value {
    auto argument = dyn_cast<BlockArgument>(value);
    if (!argument || argument.getOwner() != &kernelBody)
      return nullptr;
    return reduce.getArgument(argument.getArgNumber());
  };
  Value workspace = cloneOf(op.getWorkspace());
  if (!workspace)
    return op.emitOpError() << "needs its workspace to be a kernel argument";
  Value schedule;
  if (op.getPartition().isSplitKAuto()) {
    schedule = cloneOf(op.getSchedule().front());
    if (!schedule)
      return op.emitOpError()
             << "needs its k_batch schedule value to be a kernel argument";
  }

  // C's and the D tensors' views, rebuilt in the clone from its arguments.
  IRMapping mapping;
  std::function<Value(Value)> rebuild = [&](Value value) -> Value {
    if (Value mapped = mapping.lookupOrNull(value))
      return mapped;
    if (Value argument = cloneOf(value)) {
      mapping.map(value, argument);
      return argument;
    }
    Operation *def = value.getDefiningOp();
    if (!def || def->getNumRegions() != 0)
      return nullptr;
    for (Value operand : def->getOperands())
      if (!rebuild(operand))
        return nullptr;
    b.clone(*def, mapping);
    return mapping.lookup(value);
  };
  Value kBatch = splitKBatch(b, loc, op, schedule);
  FailureOr<SplitKSum> sum = planSplitKSum(op, workspace, kBatch, rebuild);
  if (failed(sum))
    return failure();

  ElementThread thread =
      mapThreadToElement(b, loc, {sum->slotVectors}, kReduceThreads);
  Value inside = thread.inBounds;
  if (op.getPartition().isSplitKAuto())
    inside = arith::AndIOp::create(
        b, loc, inside,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt, kBatch,
                              indexConstant(b, loc, 1)));
  scf::ForOp splits;
  emitIf(b, loc, inside, [&] {
    Value vector = thread.coord.front();
    splits = emitVectorSum(b, loc, *sum, vector);
    emitVectorWrite(b, loc, *sum, vector, splits.getResult(0),
                    /*valid=*/nullptr);
  });
  gpu::ReturnOp::create(b, loc);
  return unrollSlotLoop(op, splits);
}

} // namespace

/// The kernel's known one-dimensional block size, or failure (with a
/// diagnostic): the workgroup's threads take a share's vectors in turn, a
/// constant step (AMD's block size is a device-library call).
static FailureOr<int64_t> requireBlockSize(PartitionOp op, StringRef reduce) {
  std::optional<ArrayRef<int32_t>> block =
      op->getParentOfType<gpu::GPUFuncOp>().getKnownBlockSize();
  if (!block || (*block)[1] != 1 || (*block)[2] != 1)
    return op.emitOpError() << "needs its kernel's known one-dimensional "
                               "block size, for split-K's reduce = "
                            << reduce;
  return (*block)[0];
}

/// Split `split` of tile `tile` adds vectors [s * share, (s + 1) * share)
/// of it, thread t vectors t, t + threads, ...: kVectorsInFlight of them a
/// round, all their slots' loads issued before the first write (the
/// writes could alias the loads for all the compiler knows). Past the
/// share a thread loads the share's last vector again and writes nothing.
static LogicalResult emitShareSum(OpBuilder &b, Location loc, SplitKSum sum,
                                  Value tile, Value split, int64_t threads) {
  PartitionOp op = sum.op;
  auto constant = [&](int64_t value) { return indexConstant(b, loc, value); };
  int64_t share =
      llvm::divideCeil(sum.tileVectors, op.getPartition().getKBatch());
  int64_t perRound =
      std::min<int64_t>(kVectorsInFlight, llvm::divideCeil(share, threads));
  int64_t rounds = llvm::divideCeil(share, threads * perRound);
  Value tileFirst =
      arith::MulIOp::create(b, loc, tile, constant(sum.tileVectors));
  if (sum.clusterPartial)
    sum.clusterTileFirst = tileFirst;
  Value begin = arith::AddIOp::create(
      b, loc, tileFirst, arith::MulIOp::create(b, loc, split, constant(share)));
  Value end = arith::MinUIOp::create(
      b, loc, arith::AddIOp::create(b, loc, begin, constant(share)),
      arith::AddIOp::create(b, loc, tileFirst, constant(sum.tileVectors)));
  Value last = arith::SubIOp::create(b, loc, end, constant(1));
  Value thread = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
  Value roundFirst = arith::AddIOp::create(b, loc, begin, thread);
  OpBuilder::InsertionGuard guard(b);
  if (rounds > 1) {
    auto loop =
        scf::ForOp::create(b, loc, constant(0), constant(rounds), constant(1));
    b.setInsertionPointToStart(loop.getBody());
    roundFirst = arith::AddIOp::create(
        b, loc, roundFirst,
        arith::MulIOp::create(b, loc, loop.getInductionVar(),
                              constant(threads * perRound)));
  }
  SmallVector<Value> vectors;
  SmallVector<scf::ForOp> sums;
  for (int64_t i = 0; i < perRound; ++i) {
    vectors.push_back(i == 0 ? roundFirst
                             : arith::AddIOp::create(b, loc, roundFirst,
                                                     constant(i * threads)));
    sums.push_back(emitVectorSum(
        b, loc, sum, arith::MinUIOp::create(b, loc, vectors.back(), last)));
  }
  for (auto [vector, splits] : llvm::zip(vectors, sums))
    emitVectorWrite(
        b, loc, sum, vector, splits.getResult(0),
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, vector, end));
  for (scf::ForOp splits : sums)
    if (failed(unrollSlotLoop(op, splits)))
      return failure();
  return success();
}

LogicalResult mlir::ck::emitSplitKSumInWorkgroup(OpBuilder &b, Location loc,
                                                 PartitionOp op, Value tile,
                                                 Value split) {
  PartitionAttr partition = op.getPartition();
  FailureOr<int64_t> threads = requireBlockSize(op, "workgroups");
  if (failed(threads))
    return failure();
  Value kBatch = splitKBatch(b, loc, op);
  FailureOr<SplitKSum> sum = planSplitKSum(op, op.getWorkspace(), kBatch,
                                           [](Value view) { return view; });
  if (failed(sum))
    return failure();
  auto constant = [&](int64_t value) { return indexConstant(b, loc, value); };
  AccType acc = op.getAccType();
  int64_t tileFloats = acc.getShape()[0] * acc.getShape()[1];
  Value counter = arith::AddIOp::create(
      b, loc,
      arith::MulIOp::create(b, loc, tile,
                            constant(PartitionAttr::kCounterFloats)),
      constant(
          partition.getSplitKCountersFloat(op.getTileCount(), tileFloats)));
  FlagRendezvousOp::create(b, loc, op.getWorkspace(), counter, kBatch);
  return emitShareSum(b, loc, std::move(*sum), tile, split, *threads);
}

LogicalResult mlir::ck::emitSplitKSumInCluster(OpBuilder &b, Location loc,
                                               PartitionOp op, Value acc,
                                               Value tile, Value split) {
  FailureOr<int64_t> threads = requireBlockSize(op, "cluster");
  if (failed(threads))
    return failure();
  Value kBatch = splitKBatch(b, loc, op);
  FailureOr<SplitKSum> sum = planSplitKSum(op, /*workspace=*/nullptr, kBatch,
                                           [](Value view) { return view; });
  if (failed(sum))
    return failure();
  // The partial tile goes where the K loop's operand tiles were, once
  // every wave is done with them (convert-ck-to-gpu sized the LDS for it).
  AccType accType = op.getAccType();
  auto workgroup =
      gpu::AddressSpaceAttr::get(b.getContext(), gpu::AddressSpace::Workgroup);
  Value partial = LdsBufferOp::create(
      b, loc,
      MemRefType::get({accType.getShape()[0] * accType.getShape()[1]},
                      b.getF32Type(), MemRefLayoutAttrInterface(), workgroup),
      /*offset=*/0);
  LdsBarrierOp::create(b, loc);
  PartialStoreOp::create(b, loc, acc, partial, indexConstant(b, loc, 0));
  ClusterBarrierOp::create(b, loc);
  sum->clusterPartial = partial;
  if (failed(emitShareSum(b, loc, std::move(*sum), tile, split, *threads)))
    return failure();
  // No workgroup leaves while another may still read its LDS.
  ClusterBarrierOp::create(b, loc);
  return success();
}

LogicalResult mlir::ck::addSplitKReductionKernel(ModuleOp module,
                                                 gpu::GPUFuncOp kernel,
                                                 PartitionOp op) {
  auto kernels = kernel->getParentOfType<gpu::GPUModuleOp>();
  // The clone shares nothing between workgroups: no clusters to launch.
  auto reduce = cast<gpu::GPUFuncOp>(kernel->clone());
  reduce.setName((kernel.getName() + "_reduce").str());
  reduce.removeKnownClusterSizeAttr();
  reduce.setKnownBlockSizeAttr(
      DenseI32ArrayAttr::get(reduce.getContext(), {kReduceThreads, 1, 1}));
  Block &body = reduce.getBody().front();
  body.dropAllDefinedValueUses();
  body.clear();
  SymbolTable(kernels).insert(reduce, std::next(Block::iterator(kernel)));
  if (failed(emitReductionKernelBody(reduce, op)))
    return failure();
  // Whole vectors (planSplitKSum checked).
  AccType acc = op.getAccType();
  int64_t vectors =
      op.getTileCount() * acc.getShape()[0] * acc.getShape()[1] / kReduceVector;

  auto reference = [&](gpu::GPUFuncOp func) {
    return SymbolRefAttr::get(kernels.getNameAttr(),
                              {FlatSymbolRefAttr::get(func.getNameAttr())});
  };
  SymbolRefAttr original = reference(kernel);
  SmallVector<gpu::LaunchFuncOp> launches;
  module.walk([&](gpu::LaunchFuncOp launch) {
    if (launch.getKernel() == original)
      launches.push_back(launch);
  });
  for (gpu::LaunchFuncOp launch : launches) {
    OpBuilder b(launch);
    b.setInsertionPointAfter(launch);
    Location loc = launch.getLoc();
    Value one = indexConstant(b, loc, 1);
    Value grid = indexConstant(
        b, loc, elementwiseGrid({vectors}, kReduceThreads).front());
    Value threads = indexConstant(b, loc, kReduceThreads);
    // The launch's facts describe the GEMM, not its reduction.
    auto reduceLaunch = cast<gpu::LaunchFuncOp>(b.clone(*launch));
    reduceLaunch.setKernelAttr(reference(reduce));
    reduceLaunch->removeAttr(LaunchAttr::kAttrName);
    reduceLaunch.getGridSizeXMutable().assign(grid);
    reduceLaunch.getGridSizeYMutable().assign(one);
    reduceLaunch.getGridSizeZMutable().assign(one);
    reduceLaunch.getBlockSizeXMutable().assign(threads);
    reduceLaunch.getBlockSizeYMutable().assign(one);
    reduceLaunch.getBlockSizeZMutable().assign(one);
    reduceLaunch.getDynamicSharedMemorySizeMutable().clear();
    reduceLaunch.getClusterSizeXMutable().clear();
    reduceLaunch.getClusterSizeYMutable().clear();
    reduceLaunch.getClusterSizeZMutable().clear();
    // After an `async` GEMM launch the reduction follows it, and what
    // waited for the GEMM waits for the reduction.
    if (Value token = launch.getAsyncToken()) {
      reduceLaunch.getAsyncDependenciesMutable().assign(token);
      token.replaceAllUsesExcept(reduceLaunch.getAsyncToken(), reduceLaunch);
    }
  }
  return success();
}
