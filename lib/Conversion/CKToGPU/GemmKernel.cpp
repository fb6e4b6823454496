//===- GemmKernel.cpp - The tiled GEMM kernel -----------------------------===//
//
// One workgroup computes one block tile (BM x BN) of C for one batch g and
// one split-K range:
//
//   A[m0:+BM, kBegin:+BK], B[kBegin:+BK, n0:+BN] -> LDS       (TileCopy)
//   barrier
//   for k0 in kBegin..kEnd step BK:
//     load the next K-tile from global memory into registers
//     each wave: for kk in 0..BK step ik, for each intrinsic tile of its
//       WM x WN wave tile: load fragments from LDS, ck.mma
//     store the next K-tile to LDS: into the other buffer then one barrier
//       (lds_buffers = 2), or between two barriers (lds_buffers = 1)
//   epilogue: alpha * acc + beta * sum(D) -> C, staged through LDS where
//     that makes the stores coalesced vectors             (GemmEpilogue)
//
// The grid mapping (which tile and K-range a workgroup owns) is in
// mapWorkgroupToTile; the fragment layouts come from the instruction attribute, so
// nothing here depends on the target. The operand tiles and the epilogue's
// staging tile share one LDS arena (dynamic shared memory on NVIDIA, sized
// by the launch).
//
//===----------------------------------------------------------------------===//

#include "Kernels.h"
#include "GemmEpilogue.h"
#include "TileCopy.h"

#include "ck/Target/GemmConfig.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

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

class GemmKernelBuilder {
public:
  GemmKernelBuilder(OpBuilder &b, Location loc, TargetAttr target,
                    GemmConfigAttr config, GemmShape shape, Type elementType)
      : b(b), loc(loc), target(target), config(config), shape(shape),
        elementType(elementType) {
    bm = config.getBlock()[0];
    bn = config.getBlock()[1];
    bk = config.getBlock()[2];
    wm = config.getWave()[0];
    wn = config.getWave()[1];
    wavesN = bn / wn;
    threads = (bm / wm) * wavesN * target.getWave();
  }

  /// The value of a lane term for `lane`.
  Value laneTerm(Value lane, const LaneTerm &term) {
    if (term.scale == 0)
      return indexConstant(b, loc, 0);
    Value v = term.divisor
                  ? arith::DivUIOp::create(b, loc, lane,
                                           indexConstant(b, loc, term.divisor))
                        .getResult()
                  : arith::RemUIOp::create(b, loc, lane,
                                           indexConstant(b, loc, term.modulus))
                        .getResult();
    return term.scale == 1 ? v
                           : arith::MulIOp::create(
                                 b, loc, v, indexConstant(b, loc, term.scale));
  }

  /// Loads a fragment with `layout` whose tile starts at (row0, col0) of
  /// `lds` (of LDS buffer `buffer` when not null), rowBase/colBase being
  /// the lane's terms. Elements that are consecutive in LDS and aligned are
  /// read as one vector.
  Value loadFragment(Value lds, Value buffer, bool transposed,
                     const FragmentLayout &layout,
                     const LaneTerm &rowTerm, const LaneTerm &colTerm,
                     Value rowBase, Value colBase, int64_t row0, int64_t col0,
                     Value waveRow0, Value waveCol0) {
    int64_t ldsRow = cast<MemRefType>(lds.getType()).getShape().back();
    // The LDS-contiguous dimension of the fragment: cols, or rows when the
    // tile is stored transposed.
    unsigned alongDim = transposed ? 0 : 1;
    const LaneTerm &alongTerm = transposed ? rowTerm : colTerm;
    int64_t alongOrigin = transposed ? row0 : col0;
    SmallVector<Value> elements;
    for (int64_t i = 0; i < layout.size();) {
      // The longest run from i that is consecutive and aligned.
      int64_t run = layout.runAt(i, alongDim, 8);
      int64_t along = alongDim == 0 ? layout.offsets[i].first
                                    : layout.offsets[i].second;
      while (run > 1 && ((along + alongOrigin) % run || alongTerm.scale % run ||
                         ldsRow % run))
        run /= 2;
      auto [dr, dc] = layout.offsets[i];
      Value row = arith::AddIOp::create(
          b, loc, arith::AddIOp::create(b, loc, waveRow0, rowBase),
          indexConstant(b, loc, row0 + dr));
      Value col = arith::AddIOp::create(
          b, loc, arith::AddIOp::create(b, loc, waveCol0, colBase),
          indexConstant(b, loc, col0 + dc));
      SmallVector<Value, 3> indices = {row, col};
      if (transposed)
        std::swap(indices[0], indices[1]);
      if (buffer)
        indices.insert(indices.begin(), buffer);
      if (run == 1) {
        elements.push_back(memref::LoadOp::create(b, loc, lds, indices));
      } else {
        auto type = VectorType::get({run}, elementType);
        Value v = loadAlignedVector(b, loc, type, lds, indices);
        for (int64_t j = 0; j < run; ++j)
          elements.push_back(vector::ExtractOp::create(b, loc, v, j));
      }
      i += run;
    }
    auto type = VectorType::get({layout.size()}, elementType);
    return vector::FromElementsOp::create(b, loc, type, elements);
  }

  OpBuilder &b;
  Location loc;
  TargetAttr target;
  GemmConfigAttr config;
  GemmShape shape;
  Type elementType;
  int64_t bm, bn, bk, wm, wn, wavesN, threads;
};

} // namespace

/// One operand's loads along K. Each load's position is a cursor on the
/// view. Where the copy is incremental, the K loop carries the cursors'
/// compact parts and advances them by block K per step without division;
/// elsewhere it carries the view coordinates alone and evaluates the chain
/// at each step.
struct OperandWalk {
  TileCopier &copy;
  Value tid, g;
  /// The tile's position along the dimension that is not K.
  Value fixed;
  /// Whether K is the view's rows (B) or its columns (A).
  bool kIsRow;
  int64_t bk;

  /// The cursors of the tile at K position `k0`.
  SmallVector<ViewCursor> start(Value k0) {
    return kIsRow ? copy.startCursors(tid, g, k0, fixed)
                  : copy.startCursors(tid, g, fixed, k0);
  }

  /// Appends the loop-carried values of the cursors one step after `at`.
  void carryNext(SmallVectorImpl<Value> &values, ArrayRef<ViewCursor> at) {
    SmallVector<int64_t> step = {0, kIsRow ? bk : 0, kIsRow ? 0 : bk};
    copy.appendCarried(values, copy.advance(at, step));
  }

  /// The cursors from the front of the loop's carried `values`.
  SmallVector<ViewCursor> take(ValueRange &values) {
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
  GemmKernelBuilder k(b, loc, target, config, shape, elementType);
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
  Value wave =
      arith::DivUIOp::create(b, loc, tid, indexConstant(b, loc, target.getWave()));
  Value lane =
      arith::RemUIOp::create(b, loc, tid, indexConstant(b, loc, target.getWave()));
  Value waveRow0 = arith::MulIOp::create(
      b, loc,
      arith::DivUIOp::create(b, loc, wave, indexConstant(b, loc, k.wavesN)),
      indexConstant(b, loc, k.wm));
  Value waveCol0 = arith::MulIOp::create(
      b, loc,
      arith::RemUIOp::create(b, loc, wave, indexConstant(b, loc, k.wavesN)),
      indexConstant(b, loc, k.wn));

  int64_t tilesPerWaveN = k.wn / mma.n;
  auto accType = VectorType::get({mma.c.size()}, b.getF32Type());
  Value zeroAcc = arith::ConstantOp::create(
      b, loc, DenseElementsAttr::get(accType, b.getF32FloatAttr(0.0f)));
  SmallVector<Value> accInit(tilesPerWaveM * tilesPerWaveN, zeroAcc);

  // Lane terms of the fragment layouts, computed once.
  Value aRow = k.laneTerm(lane, mma.a.row), aCol = k.laneTerm(lane, mma.a.col);
  Value bRow = k.laneTerm(lane, mma.b.row), bCol = k.laneTerm(lane, mma.b.col);
  Value cRow = k.laneTerm(lane, mma.c.row), cCol = k.laneTerm(lane, mma.c.col);
  Value zero = indexConstant(b, loc, 0);

  // The K loop. The next K-tile's global loads are issued before the
  // current tile's MMAs and land in LDS after them: over the current tile
  // between two barriers (one LDS buffer), or in the other buffer before
  // the step's only barrier (two).
  TileCopier copyA(b, loc, views[0], planA, elementType, cost.threads,
                   shape.m, shape.k, maxCursorValues);
  TileCopier copyB(b, loc, views[1], planB, elementType, cost.threads,
                   shape.k, shape.n, maxCursorValues);
  OperandWalk walkA{copyA, tid, tile.g, tile.m0, /*kIsRow=*/false, bk};
  OperandWalk walkB{copyB, tid, tile.g, tile.n0, /*kIsRow=*/true, bk};
  SmallVector<ViewCursor> cursorsA = walkA.start(tile.kBegin);
  SmallVector<ViewCursor> cursorsB = walkB.start(tile.kBegin);
  auto loadTiles = [&](ArrayRef<ViewCursor> atA, ArrayRef<ViewCursor> atB,
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
  gpu::BarrierOp::create(b, loc);

  // Loop-carried: the accumulators, the LDS buffer (with two), and the
  // cursors of the next K-tile's loads.
  SmallVector<Value> loopInit = accInit;
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
    SmallVector<ViewCursor> atA = walkA.take(carried);
    SmallVector<ViewCursor> atB = walkB.take(carried);
    SmallVector<Value> prefetched = loadTiles(atA, atB, hasNext);
    SmallVector<Value> accs(
        kLoop.getRegionIterArgs().take_front(accInit.size()));
    Value buffer =
        firstBuffer ? kLoop.getRegionIterArgs()[accInit.size()] : nullptr;
    for (int64_t kk = 0; kk < bk; kk += mma.k) {
      SmallVector<Value> aFrags, bFrags;
      for (int64_t i = 0; i < tilesPerWaveM; ++i)
        aFrags.push_back(k.loadFragment(ldsA, buffer, planA.ldsDim == 0,
                                        mma.a, mma.a.row, mma.a.col, aRow,
                                        aCol, i * mma.m, kk, waveRow0, zero));
      for (int64_t j = 0; j < tilesPerWaveN; ++j)
        bFrags.push_back(k.loadFragment(ldsB, buffer, planB.ldsDim == 0,
                                        mma.b, mma.b.row, mma.b.col, bRow,
                                        bCol, kk, j * mma.n, zero, waveCol0));
      for (int64_t i = 0; i < tilesPerWaveM; ++i)
        for (int64_t j = 0; j < tilesPerWaveN; ++j) {
          Value &acc = accs[i * tilesPerWaveN + j];
          acc = MmaOp::create(b, loc, accType, config.getMma(),
                              aFrags[i], bFrags[j], acc);
        }
    }
    SmallVector<Value> yielded = accs;
    if (buffer) {
      Value other =
          arith::SubIOp::create(b, loc, indexConstant(b, loc, 1), buffer);
      storeTiles(other, prefetched);
      gpu::BarrierOp::create(b, loc);
      yielded.push_back(other);
    } else {
      gpu::BarrierOp::create(b, loc);
      storeTiles(nullptr, prefetched);
      gpu::BarrierOp::create(b, loc);
    }
    walkA.carryNext(yielded, atA);
    walkB.carryNext(yielded, atB);
    scf::YieldOp::create(b, loc, yielded);
  }

  // Epilogue: the C tile through C's view or, with split-K, its partial
  // sums to the workspace.
  dest.g = tile.g;
  dest.m0 = tile.m0;
  dest.n0 = tile.n0;
  dest.split = tile.split;
  // The skeleton rebased the views on the kernel's arguments.
  dest.workspace = splitK > 1 ? views[2].memref : nullptr;
  dest.alpha = op.getAlpha().convertToDouble();
  dest.beta = op.getBeta().convertToDouble();
  SmallVector<Value> accs(kLoop.getResults().take_front(accInit.size()));
  WaveAccumulators acc{mma,  accs,     tilesPerWaveM, tilesPerWaveN, cRow,
                       cCol, waveRow0, waveCol0,      k.wm};
  Value stagingTile;
  if (staging.width > 1)
    stagingTile = ldsView(MemRefType::get({staging.rows, staging.cols},
                                          b.getF32Type(),
                                          MemRefLayoutAttrInterface(),
                                          workgroup),
                          0);
  emitGemmEpilogue(b, loc, acc, dest, staging, stagingTile, tid,
                   cost.threads);
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
