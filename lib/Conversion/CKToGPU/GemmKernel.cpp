//===- GemmKernel.cpp - The tiled GEMM kernel -----------------------------===//
//
// One workgroup computes one block tile (BM x BN) of C for one batch g and
// one split-K range:
//
//   A[m0:+BM, kBegin:+BK], B[kBegin:+BK, n0:+BN] -> LDS       (TileCopy)
//   ck.lds_barrier
//   for k0 in kBegin..kEnd step BK:
//     load the next K-tile from global memory into registers
//     acc = ck.tile_mma acc, A and B tiles in LDS
//     store the next K-tile to LDS: into the other buffer then one barrier
//       (lds_buffers = 2), or between two barriers (lds_buffers = 1)
//   ck.tile_store acc: alpha * acc + beta * sum(D) -> C, staged through LDS
//     where that makes the stores coalesced vectors
//
// The accumulator is a !ck.acc tile; ck-lower-wave-tiles spells the tile
// ops per wave and per instruction, so nothing here depends on the target.
// The grid mapping (which tile and K-range a workgroup owns) is in
// mapWorkgroupToTile. The operand tiles and the epilogue's staging tile
// share one LDS arena (dynamic shared memory on NVIDIA, sized by the
// launch).
//
//===----------------------------------------------------------------------===//

#include "Kernels.h"
#include "TileCopy.h"

#include "ck/Conversion/GemmEpilogue.h"
#include "ck/Target/GemmConfig.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::ck;

namespace {

/// The tile of C and the range of K a workgroup computes.
struct WorkgroupTile {
  Value g, m0, n0;
  /// The K range [kBegin, kEnd) and, with split-K, the split's index.
  Value kBegin, kEnd, split;
};

/// The partition: block x enumerates the (M, N) tiles row-major, block y
/// the batch and block z the K split; each split takes an equal share of
/// whole K-tiles.
WorkgroupTile mapWorkgroupToTile(OpBuilder &b, Location loc, GemmShape shape,
                                 GemmConfigAttr config) {
  int64_t bm = config.getBlock()[0], bn = config.getBlock()[1],
          bk = config.getBlock()[2];
  int64_t tilesN = llvm::divideCeil(shape.n, bn);
  int64_t kTiles = llvm::divideCeil(shape.k, bk);
  int64_t kPerSplit = llvm::divideCeil(kTiles, config.getSplitK()) * bk;
  Value tile = gpu::BlockIdOp::create(b, loc, gpu::Dimension::x);
  Value g = gpu::BlockIdOp::create(b, loc, gpu::Dimension::y);
  Value split = gpu::BlockIdOp::create(b, loc, gpu::Dimension::z);
  Value tn =
      arith::RemUIOp::create(b, loc, tile, indexConstant(b, loc, tilesN));
  Value tm =
      arith::DivUIOp::create(b, loc, tile, indexConstant(b, loc, tilesN));
  Value m0 = arith::MulIOp::create(b, loc, tm, indexConstant(b, loc, bm));
  Value n0 = arith::MulIOp::create(b, loc, tn, indexConstant(b, loc, bn));
  Value kBegin =
      arith::MulIOp::create(b, loc, split, indexConstant(b, loc, kPerSplit));
  Value kEnd = arith::MinSIOp::create(
      b, loc,
      arith::AddIOp::create(b, loc, kBegin, indexConstant(b, loc, kPerSplit)),
      indexConstant(b, loc, shape.k));
  return {g, m0, n0, kBegin, kEnd, split};
}

} // namespace

/// One operand's loads along K. Where the copy is incremental, each load's
/// position is a !ck.coord that the K loop carries and advances by block K
/// per step (ck.coord_advance: no division); elsewhere the loop carries the
/// view coordinates alone and each step evaluates the chain.
struct OperandWalk {
  TileCopier &copy;
  Value tid, g;
  /// The tile's position along the dimension that is not K.
  Value fixed;
  /// Whether K is the view's rows (B) or its columns (A).
  bool kIsRow;
  int64_t bk;

  /// The positions of the tile at K position `k0`.
  SmallVector<LoadPosition> start(Value k0) {
    return kIsRow ? copy.startCursors(tid, g, k0, fixed)
                  : copy.startCursors(tid, g, fixed, k0);
  }

  /// Appends the loop-carried values of the positions one step after `at`.
  void carryNext(SmallVectorImpl<Value> &values, ArrayRef<LoadPosition> at) {
    SmallVector<int64_t> step = {0, kIsRow ? bk : 0, kIsRow ? 0 : bk};
    copy.appendCarried(values, copy.advance(at, step));
  }

  /// The positions from the front of the loop's carried `values`.
  SmallVector<LoadPosition> take(ValueRange &values) {
    return copy.takeCarried(values);
  }
};

/// The kernel's LDS arena of `bytes`, 16-byte aligned for the views' widest
/// vectors: a static workgroup allocation, or the launch's dynamic shared
/// memory where the target allocates LDS that way.
static Value allocateLdsArena(OpBuilder &b, Location loc, gpu::GPUFuncOp func,
                              TargetAttr target, int64_t bytes) {
  auto workgroup =
      gpu::AddressSpaceAttr::get(b.getContext(), gpu::AddressSpace::Workgroup);
  if (target.hasFeature(TargetFeature::DynamicLds))
    return gpu::DynamicSharedMemoryOp::create(
        b, loc,
        MemRefType::get({ShapedType::kDynamic}, b.getI8Type(),
                        MemRefLayoutAttrInterface(), workgroup));
  BlockArgument arena = func.addWorkgroupAttribution(
      MemRefType::get({bytes}, b.getI8Type(), MemRefLayoutAttrInterface(),
                      workgroup),
      loc);
  func.setWorkgroupAttributionAttr(0, LLVM::LLVMDialect::getAlignAttrName(),
                                   b.getI64IntegerAttr(16));
  return arena;
}

FailureOr<SmallVector<KernelLaunch>>
mlir::ck::buildGemmKernel(GemmOp op, TargetAttr target, int64_t maxCursorValues,
                          gpu::GPUModuleOp module, StringRef name) {
  Location loc = op.getLoc();
  GemmConfigAttr config = op.getConfigAttr();
  if (!config)
    return op.emitOpError()
           << "has no kernel configuration; run ck-select-gemm-config first "
              "or pin one with `config <block = [...], wave = [...], "
              "intrinsic = ...>`";
  auto aType = cast<ShapedType>(op.getA().getType());
  auto bType = cast<ShapedType>(op.getB().getType());
  Type elementType = aType.getElementType();
  if (failed(checkGemmConfig(config, target, elementType,
                             [&] { return op.emitOpError(); })))
    return failure();
  GemmShape shape{aType.getDimSize(0), aType.getDimSize(1), bType.getDimSize(2),
                  aType.getDimSize(2)};

  // Operands: A, B, C, then the D tensors.
  SmallVector<Value> operands = {op.getA(), op.getB(), op.getC()};
  llvm::append_range(operands, op.getDs());
  FailureOr<SmallVector<TracedView>> traced = traceOperands(op, operands);
  if (failed(traced))
    return failure();
  SmallVector<TracedView> views = std::move(*traced);
  // With split-K, the GEMM kernel writes f32 partial tiles to a workspace
  // and a reduction kernel reads C's and D's views.
  int64_t splitK = config.getSplitK();
  SmallVector<TracedView> epilogueViews(ArrayRef(views).drop_front(2));
  Value workspace;
  if (splitK > 1) {
    OpBuilder host(op);
    auto workspaceType = MemRefType::get({splitK, shape.g, shape.m, shape.n},
                                         host.getF32Type());
    workspace = memref::AllocOp::create(host, loc, workspaceType);
    host.setInsertionPointAfter(op);
    memref::DeallocOp::create(host, loc, workspace);
    views.resize(2);
    views.push_back(TracedView{workspace, {}});
  }

  int64_t bm = config.getBlock()[0], bn = config.getBlock()[1],
          bk = config.getBlock()[2];
  int64_t ldsBuffers = config.getLdsBuffers();
  auto workgroup = gpu::AddressSpaceAttr::get(op.getContext(),
                                              gpu::AddressSpace::Workgroup);
  GemmConfigCost cost = estimateCost(config, target, elementType);
  MatrixLayout mma = config.getMma().getLayout(target.getWave());
  TileCopyPlan planA =
      planTileCopy(views[0], elementType, bm, bk,
                   fragmentReadDim(mma.a), cost.threads);
  TileCopyPlan planB =
      planTileCopy(views[1], elementType, bk, bn,
                   fragmentReadDim(mma.b), cost.threads);
  MemRefType ldsAType = planA.ldsType(elementType, workgroup, ldsBuffers);
  MemRefType ldsBType = planB.ldsType(elementType, workgroup, ldsBuffers);
  auto bytesOf = [](MemRefType type) {
    return type.getNumElements() * type.getElementTypeBitWidth() / 8;
  };
  int64_t operandBytes = bytesOf(ldsAType) + bytesOf(ldsBType);
  int64_t wavesM = bm / config.getWave()[0];
  int64_t tilesPerWaveM = config.getWave()[0] / mma.m;
  TileDestination dest;
  dest.shape = shape;
  dest.workspace = workspace;
  dest.views = ArrayRef(views).drop_front(2);
  EpilogueStaging staging = planEpilogueStaging(
      mma, tilesPerWaveM, wavesM, dest, bn, operandBytes);
  // One LDS arena holds the operand tiles during the K loop and the
  // epilogue's staging tile after it.
  int64_t ldsBytes = std::max(operandBytes, staging.bytes());
  KernelSkeleton skeleton(module, loc, name, views, cost.threads);
  OpBuilder &b = skeleton.builder;
  Value lds = allocateLdsArena(b, loc, skeleton.func, target, ldsBytes);
  auto ldsView = [&](MemRefType type, int64_t offset) -> Value {
    return memref::ViewOp::create(b, loc, type, lds,
                                  indexConstant(b, loc, offset), ValueRange{});
  };
  Value ldsA = ldsView(ldsAType, 0);
  Value ldsB = ldsView(ldsBType, bytesOf(ldsAType));

  int64_t tilesM = llvm::divideCeil(shape.m, bm);
  int64_t tilesN = llvm::divideCeil(shape.n, bn);
  WorkgroupTile tile = mapWorkgroupToTile(b, loc, shape, config);
  Value tid = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
  auto accType =
      AccType::get(b.getContext(), {bm, bn}, b.getF32Type(), config.getMma(),
                   {wavesM, bn / config.getWave()[1]});
  Value zero = indexConstant(b, loc, 0);

  // The K loop. The next K-tile's global loads are issued before the
  // current tile's MMAs and land in LDS after them: over the current tile
  // between two barriers (one LDS buffer), or in the other buffer before
  // the step's only barrier (two).
  TileCopier copyA(b, loc, views[0], planA, elementType, cost.threads,
                   maxCursorValues);
  TileCopier copyB(b, loc, views[1], planB, elementType, cost.threads,
                   maxCursorValues);
  OperandWalk walkA{copyA, tid, tile.g, tile.m0, /*kIsRow=*/false, bk};
  OperandWalk walkB{copyB, tid, tile.g, tile.n0, /*kIsRow=*/true, bk};
  SmallVector<LoadPosition> cursorsA = walkA.start(tile.kBegin);
  SmallVector<LoadPosition> cursorsB = walkB.start(tile.kBegin);
  auto loadTiles = [&](ArrayRef<LoadPosition> atA, ArrayRef<LoadPosition> atB,
                       Value enabled) {
    SmallVector<Value> values = copyA.load(atA, enabled);
    llvm::append_range(values, copyB.load(atB, enabled));
    return values;
  };
  auto storeTiles = [&](Value buffer, ArrayRef<Value> values) {
    int64_t split = copyA.unitsPerThread() * planA.loadsPerUnit();
    copyA.store(ldsA, buffer, values.take_front(split));
    copyB.store(ldsB, buffer, values.drop_front(split));
  };
  Value firstBuffer = ldsBuffers > 1 ? zero : nullptr;
  storeTiles(firstBuffer, loadTiles(cursorsA, cursorsB, nullptr));
  LdsBarrierOp::create(b, loc);

  // Loop-carried: the accumulator, the LDS buffer (with two), and the
  // cursors of the next K-tile's loads.
  SmallVector<Value> loopInit = {AccZeroOp::create(b, loc, accType)};
  if (firstBuffer)
    loopInit.push_back(firstBuffer);
  size_t cursorsBegin = loopInit.size();
  walkA.carryNext(loopInit, cursorsA);
  walkB.carryNext(loopInit, cursorsB);
  auto kLoop = scf::ForOp::create(b, loc, tile.kBegin, tile.kEnd,
                                  indexConstant(b, loc, bk), loopInit);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(kLoop.getBody());
    Value next = arith::AddIOp::create(b, loc, kLoop.getInductionVar(),
                                       indexConstant(b, loc, bk));
    Value hasNext = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt,
                                          next, tile.kEnd);
    ValueRange carried =
        kLoop.getRegionIterArgs().drop_front(cursorsBegin);
    SmallVector<LoadPosition> atA = walkA.take(carried);
    SmallVector<LoadPosition> atB = walkB.take(carried);
    SmallVector<Value> prefetched = loadTiles(atA, atB, hasNext);
    Value buffer = firstBuffer ? kLoop.getRegionIterArgs()[1] : nullptr;
    // A (M x K) and B (K x N) are transposed in LDS where their first
    // dimension is innermost.
    auto tileMma =
        TileMmaOp::create(b, loc, accType, kLoop.getRegionIterArgs()[0], ldsA,
                          ldsB, buffer, bk);
    tileMma.setATransposed(planA.ldsDim == 0);
    tileMma.setBTransposed(planB.ldsDim == 0);
    SmallVector<Value> yielded = {tileMma};
    if (buffer) {
      Value other =
          arith::SubIOp::create(b, loc, indexConstant(b, loc, 1), buffer);
      storeTiles(other, prefetched);
      LdsBarrierOp::create(b, loc);
      yielded.push_back(other);
    } else {
      LdsBarrierOp::create(b, loc);
      storeTiles(nullptr, prefetched);
      LdsBarrierOp::create(b, loc);
    }
    walkA.carryNext(yielded, atA);
    walkB.carryNext(yielded, atB);
    scf::YieldOp::create(b, loc, yielded);
  }

  // Epilogue: the C tile through C's view or, with split-K, its partial
  // sums to the workspace (the skeleton rebased the views on the kernel's
  // arguments).
  Value stagingTile;
  if (staging.width > 1)
    stagingTile = ldsView(MemRefType::get({staging.rows, staging.cols},
                                          b.getF32Type(),
                                          MemRefLayoutAttrInterface(),
                                          workgroup),
                          0);
  Value acc = kLoop.getResult(0);
  if (splitK > 1) {
    TileStoreOp::create(b, loc, acc, views[2].memref,
                        ValueRange{tile.split, tile.g, tile.m0, tile.n0},
                        ValueRange{}, /*alpha=*/nullptr, /*beta=*/nullptr,
                        stagingTile,
                        stagingTile ? b.getI64IntegerAttr(staging.width)
                                    : IntegerAttr());
  } else {
    SmallVector<Value> ds;
    for (const TracedView &d : ArrayRef(views).drop_front(3))
      ds.push_back(materializeView(b, loc, d));
    TileStoreOp::create(b, loc, acc, materializeView(b, loc, views[2]),
                        ValueRange{tile.g, tile.m0, tile.n0}, ds,
                        op.getAlphaAttr(), ds.empty() ? nullptr : op.getBetaAttr(),
                        stagingTile,
                        stagingTile ? b.getI64IntegerAttr(staging.width)
                                    : IntegerAttr());
  }
  gpu::ReturnOp::create(b, loc);

  SmallVector<KernelLaunch> launches = {
      KernelLaunch{skeleton.func,
                   skeleton.hostArgs,
                   {tilesM * tilesN, shape.g, splitK},
                   {cost.threads, 1, 1},
                   target.hasFeature(TargetFeature::DynamicLds) ? ldsBytes : 0,
                   LaunchAttr::get(op.getContext(),
                                   config.getMma().getComputeType(elementType), splitK)}};
  if (splitK > 1)
    launches.push_back(buildSplitKReduceKernel(
        module, loc, (name + "_reduce").str(), workspace, epilogueViews,
        op.getAlpha().convertToDouble(), op.getBeta().convertToDouble()));
  return launches;
}
