//===- GemmKernel.cpp - The tiled GEMM kernel -----------------------------===//
//
// One workgroup computes one block tile (BM x BN) of C for one batch g:
//
//   for k0 in 0..K step BK:
//     A[m0:+BM, k0:+BK] -> LDS, B[k0:+BK, n0:+BN] -> LDS   (through views)
//     barrier
//     each wave: for kk in 0..BK step ik, for each intrinsic tile of its
//       WM x WN wave tile: load fragments from LDS, ck.mma
//     barrier
//   epilogue: alpha * acc + beta * sum(D) -> C (through views)
//
// The grid mapping (which tile a workgroup owns) is in mapWorkgroupToTile;
// the fragment layouts come from MmaIntrinsicInfo, so nothing here depends
// on the target.
//
//===----------------------------------------------------------------------===//

#include "Kernels.h"

#include "ck/Dialect/CK/Utils/ViewAnalysis.h"
#include "ck/Target/GemmConfig.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::ck;

namespace {

Value cst(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantIndexOp::create(b, loc, v);
}

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
  Value tn = arith::RemUIOp::create(b, loc, tile, cst(b, loc, tilesN));
  Value tm = arith::DivUIOp::create(b, loc, tile, cst(b, loc, tilesN));
  Value m0 = arith::MulIOp::create(b, loc, tm, cst(b, loc, bm));
  Value n0 = arith::MulIOp::create(b, loc, tn, cst(b, loc, bn));
  Value kBegin = arith::MulIOp::create(b, loc, split, cst(b, loc, kPerSplit));
  Value kEnd = arith::MinSIOp::create(
      b, loc, arith::AddIOp::create(b, loc, kBegin, cst(b, loc, kPerSplit)),
      cst(b, loc, shape.k));
  return {g, m0, n0, kBegin, kEnd, split};
}

/// How one operand's tile moves from global memory to LDS: which of its
/// two GEMM dimensions threads walk fastest (the one contiguous in memory)
/// and how many elements each vector load takes. The LDS tile stores that
/// dimension innermost, so the stores are vectors too.
struct TileCopy {
  bool rowsFastest;
  int64_t width;
};

/// The widest power of two <= `width` that divides `size`.
int64_t widthDividing(int64_t width, int64_t size) {
  while (size % width)
    width /= 2;
  return width;
}

/// Plans the copy of a rows x cols tile of `view` (a vector never crosses
/// a tile row).
TileCopy planTileCopy(const TracedView &view, Type elementType, int64_t rows,
                      int64_t cols) {
  int64_t maxWidth = 16 / (elementType.getIntOrFloatBitWidth() / 8);
  int64_t rowWidth =
      widthDividing(contiguousVectorWidth(view, 1, maxWidth), rows);
  int64_t colWidth =
      widthDividing(contiguousVectorWidth(view, 2, maxWidth), cols);
  return rowWidth > colWidth ? TileCopy{true, rowWidth}
                             : TileCopy{false, colWidth};
}

class GemmKernelBuilder {
public:
  GemmKernelBuilder(OpBuilder &b, Location loc, const ChipInfo &chip,
                    GemmConfigAttr config, GemmShape shape, Type elementType)
      : b(b), loc(loc), chip(chip), config(config), shape(shape),
        elementType(elementType),
        mma(getMmaIntrinsicInfo(config.getIntrinsic(), chip.waveSize)) {
    bm = config.getBlock()[0];
    bn = config.getBlock()[1];
    bk = config.getBlock()[2];
    wm = config.getWave()[0];
    wn = config.getWave()[1];
    wavesN = bn / wn;
    threads = (bm / wm) * wavesN * chip.waveSize;
  }

  /// One operand's tile: rows x cols at (row0, col0) of a G x R x C view,
  /// staged in `lds` ([rows][cols + pad], or [cols][rows + pad] when rows
  /// are walked fastest). A thread moves `perThread` vectors of it.
  struct Tile {
    const TracedView *view;
    Value lds;
    TileCopy copy;
    int64_t rows, cols, rowLimit, colLimit;

    int64_t fast() const { return copy.rowsFastest ? rows : cols; }
    int64_t vectors() const { return rows * cols / copy.width; }
  };

  int64_t perThread(const Tile &t) const {
    return llvm::divideCeil(t.vectors(), threads);
  }

  /// The (slow, fast) position in the tile of a thread's i-th vector, and
  /// whether the thread has one (the last round may be partial).
  std::tuple<Value, Value, Value> vectorPosition(const Tile &t, Value tid,
                                                 int64_t i) {
    Value e = arith::AddIOp::create(b, loc, tid, cst(b, loc, i * threads));
    int64_t perLine = t.fast() / t.copy.width;
    Value fast = arith::MulIOp::create(
        b, loc, arith::RemUIOp::create(b, loc, e, cst(b, loc, perLine)),
        cst(b, loc, t.copy.width));
    Value slow = arith::DivUIOp::create(b, loc, e, cst(b, loc, perLine));
    Value exists = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, e,
                                         cst(b, loc, t.vectors()));
    return {slow, fast, exists};
  }

  /// Loads the thread's vectors of the tile at (row0, col0): zero outside
  /// the matrix, on padding, or where `enabled` (i1, may be null) is false.
  SmallVector<Value> loadTile(const Tile &t, Value tid, Value g, Value row0,
                              Value col0, Value enabled) {
    SmallVector<Value> values;
    auto vectorType = VectorType::get({t.copy.width}, elementType);
    int64_t bytes = t.copy.width * elementType.getIntOrFloatBitWidth() / 8;
    for (int64_t i = 0; i < perThread(t); ++i) {
      auto [slow, fast, exists] = vectorPosition(t, tid, i);
      Value r = t.copy.rowsFastest ? fast : slow;
      Value c = t.copy.rowsFastest ? slow : fast;
      Value row = arith::AddIOp::create(b, loc, row0, r);
      Value col = arith::AddIOp::create(b, loc, col0, c);
      Value inBounds = arith::AndIOp::create(
          b, loc,
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, row,
                                cst(b, loc, t.rowLimit)),
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, col,
                                cst(b, loc, t.colLimit)));
      inBounds = arith::AndIOp::create(b, loc, inBounds, exists);
      if (enabled)
        inBounds = arith::AndIOp::create(b, loc, inBounds, enabled);
      // The whole vector shares the first element's validity, and its start
      // is aligned (see contiguousVectorWidth).
      ViewAccess access =
          emitViewAccess(b, loc, *t.view, {g, row, col}, inBounds);
      Value loaded = vector::LoadOp::create(b, loc, vectorType, t.view->memref,
                                            access.indices, /*nontemporal=*/false,
                                            llvm::MaybeAlign(bytes));
      Value zeros = arith::ConstantOp::create(
          b, loc,
          DenseElementsAttr::get(vectorType, b.getZeroAttr(elementType)));
      values.push_back(
          arith::SelectOp::create(b, loc, access.valid, loaded, zeros));
    }
    return values;
  }

  /// Stores the thread's vectors (from loadTile) into the tile's LDS.
  void storeTile(const Tile &t, Value tid, ArrayRef<Value> values) {
    int64_t bytes = t.copy.width * elementType.getIntOrFloatBitWidth() / 8;
    for (auto [i, value] : llvm::enumerate(values)) {
      auto [slow, fast, exists] = vectorPosition(t, tid, i);
      bool partial = (int64_t(i) + 1) * threads > t.vectors();
      std::optional<OpBuilder::InsertionGuard> guard;
      if (partial) {
        guard.emplace(b);
        auto ifOp = scf::IfOp::create(b, loc, exists, /*else=*/false);
        b.setInsertionPointToStart(ifOp.thenBlock());
      }
      vector::StoreOp::create(b, loc, value, t.lds, ValueRange{slow, fast},
                              /*nontemporal=*/false, llvm::MaybeAlign(bytes));
    }
  }

  /// The value of a lane term for `lane`.
  Value laneTerm(Value lane, const LaneTerm &term) {
    if (term.scale == 0)
      return cst(b, loc, 0);
    Value v = term.divisor
                  ? arith::DivUIOp::create(b, loc, lane,
                                           cst(b, loc, term.divisor))
                        .getResult()
                  : arith::RemUIOp::create(b, loc, lane,
                                           cst(b, loc, term.modulus))
                        .getResult();
    return term.scale == 1
               ? v
               : arith::MulIOp::create(b, loc, v, cst(b, loc, term.scale));
  }

  /// Loads a fragment with `layout` whose tile starts at (row0, col0) of
  /// `lds`, rowBase/colBase being the lane's terms. Elements that are
  /// consecutive in LDS and aligned are read as one vector.
  Value loadFragment(Value lds, bool transposed, const FragmentLayout &layout,
                     const LaneTerm &rowTerm, const LaneTerm &colTerm,
                     Value rowBase, Value colBase, int64_t row0, int64_t col0,
                     Value waveRow0, Value waveCol0) {
    auto ldsShape = cast<MemRefType>(lds.getType()).getShape();
    // The LDS-contiguous dimension of the fragment: cols, or rows when the
    // tile is stored transposed.
    auto along = [&](std::pair<int64_t, int64_t> p) {
      return transposed ? p.first : p.second;
    };
    auto across = [&](std::pair<int64_t, int64_t> p) {
      return transposed ? p.second : p.first;
    };
    const LaneTerm &alongTerm = transposed ? rowTerm : colTerm;
    int64_t alongOrigin = transposed ? row0 : col0;
    SmallVector<Value> elements;
    int64_t n = layout.size();
    for (int64_t i = 0; i < n;) {
      // The longest power-of-two run from i that is consecutive and aligned.
      int64_t run = 1;
      while (i + run * 2 <= n && run * 2 <= 8) {
        int64_t len = run * 2;
        bool consecutive = true;
        for (int64_t j = 1; j < len; ++j)
          consecutive &=
              across(layout.offsets[i + j]) == across(layout.offsets[i]) &&
              along(layout.offsets[i + j]) == along(layout.offsets[i]) + j;
        bool aligned = (along(layout.offsets[i]) + alongOrigin) % len == 0 &&
                       alongTerm.scale % len == 0 && ldsShape[1] % len == 0;
        if (!consecutive || !aligned)
          break;
        run = len;
      }
      auto [dr, dc] = layout.offsets[i];
      Value row = arith::AddIOp::create(
          b, loc, arith::AddIOp::create(b, loc, waveRow0, rowBase),
          cst(b, loc, row0 + dr));
      Value col = arith::AddIOp::create(
          b, loc, arith::AddIOp::create(b, loc, waveCol0, colBase),
          cst(b, loc, col0 + dc));
      SmallVector<Value, 2> indices = {row, col};
      if (transposed)
        std::swap(indices[0], indices[1]);
      if (run == 1) {
        elements.push_back(memref::LoadOp::create(b, loc, lds, indices));
      } else {
        auto type = VectorType::get({run}, elementType);
        Value v = vector::LoadOp::create(
            b, loc, type, lds, indices, /*nontemporal=*/false,
            llvm::MaybeAlign(run * elementType.getIntOrFloatBitWidth() / 8));
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
  const ChipInfo &chip;
  GemmConfigAttr config;
  GemmShape shape;
  Type elementType;
  MmaIntrinsicInfo mma;
  int64_t bm, bn, bk, wm, wn, wavesN, threads;
};

} // namespace

FailureOr<SmallVector<KernelLaunch>>
mlir::ck::buildGemmKernel(GemmOp op, const ChipInfo &chip,
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
  auto cType = cast<ShapedType>(op.getC().getType());
  Type elementType = aType.getElementType();
  if (failed(checkGemmConfig(config, chip, elementType,
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
  auto workgroup = gpu::AddressSpaceAttr::get(op.getContext(),
                                              gpu::AddressSpace::Workgroup);
  TileCopy copyA = planTileCopy(views[0], elementType, bm, bk);
  TileCopy copyB = planTileCopy(views[1], elementType, bk, bn);
  auto ldsType = [&](int64_t rows, int64_t cols, TileCopy copy) {
    SmallVector<int64_t> shape =
        copy.rowsFastest ? SmallVector<int64_t>{cols, rows + kLdsRowPad}
                         : SmallVector<int64_t>{rows, cols + kLdsRowPad};
    return MemRefType::get(shape, elementType, MemRefLayoutAttrInterface(),
                           workgroup);
  };
  MemRefType ldsA = ldsType(bm, bk, copyA), ldsB = ldsType(bk, bn, copyB);
  GemmConfigCost cost = estimateCost(config, chip, elementType);
  KernelSkeleton skeleton(module, loc, name, views, {ldsA, ldsB},
                          cost.threads);
  OpBuilder &b = skeleton.builder;
  GemmKernelBuilder k(b, loc, chip, config, shape, elementType);
  const MmaIntrinsicInfo &mma = k.mma;
  Value ldsABuf = skeleton.func.getWorkgroupAttributions()[0];
  Value ldsBBuf = skeleton.func.getWorkgroupAttributions()[1];

  int64_t tilesM = llvm::divideCeil(shape.m, bm);
  int64_t tilesN = llvm::divideCeil(shape.n, bn);
  WorkgroupTile tile = mapWorkgroupToTile(b, loc, shape, config);
  Value tid = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
  Value wave = arith::DivUIOp::create(b, loc, tid, cst(b, loc, chip.waveSize));
  Value lane = arith::RemUIOp::create(b, loc, tid, cst(b, loc, chip.waveSize));
  Value waveRow0 = arith::MulIOp::create(
      b, loc, arith::DivUIOp::create(b, loc, wave, cst(b, loc, k.wavesN)),
      cst(b, loc, k.wm));
  Value waveCol0 = arith::MulIOp::create(
      b, loc, arith::RemUIOp::create(b, loc, wave, cst(b, loc, k.wavesN)),
      cst(b, loc, k.wn));

  int64_t tilesPerWaveM = k.wm / mma.m, tilesPerWaveN = k.wn / mma.n;
  auto accType = VectorType::get({mma.c.size()}, b.getF32Type());
  Value zeroAcc = arith::ConstantOp::create(
      b, loc, DenseElementsAttr::get(accType, b.getF32FloatAttr(0.0f)));
  SmallVector<Value> accInit(tilesPerWaveM * tilesPerWaveN, zeroAcc);

  // Lane terms of the fragment layouts, computed once.
  Value aRow = k.laneTerm(lane, mma.a.row), aCol = k.laneTerm(lane, mma.a.col);
  Value bRow = k.laneTerm(lane, mma.b.row), bCol = k.laneTerm(lane, mma.b.col);
  Value cRow = k.laneTerm(lane, mma.c.row), cCol = k.laneTerm(lane, mma.c.col);
  Value zero = cst(b, loc, 0);

  // The K loop with a register-staged prefetch: the next K-tile's global
  // loads are issued before the current tile's MMAs, and land in LDS after
  // them.
  GemmKernelBuilder::Tile tileA{&views[0], ldsABuf, copyA,   bm, bk,
                                shape.m,   shape.k, };
  GemmKernelBuilder::Tile tileB{&views[1], ldsBBuf, copyB,   bk, bn,
                                shape.k,   shape.n, };
  auto loadTiles = [&](Value k0, Value enabled) {
    SmallVector<Value> values =
        k.loadTile(tileA, tid, tile.g, tile.m0, k0, enabled);
    llvm::append_range(values,
                       k.loadTile(tileB, tid, tile.g, k0, tile.n0, enabled));
    return values;
  };
  auto storeTiles = [&](ArrayRef<Value> values) {
    int64_t split = k.perThread(tileA);
    k.storeTile(tileA, tid, values.take_front(split));
    k.storeTile(tileB, tid, values.drop_front(split));
  };
  storeTiles(loadTiles(tile.kBegin, nullptr));
  gpu::BarrierOp::create(b, loc);

  auto kLoop = scf::ForOp::create(b, loc, tile.kBegin, tile.kEnd,
                                  cst(b, loc, bk), accInit);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(kLoop.getBody());
    Value next = arith::AddIOp::create(b, loc, kLoop.getInductionVar(),
                                       cst(b, loc, bk));
    Value hasNext = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt,
                                          next, tile.kEnd);
    SmallVector<Value> prefetched = loadTiles(next, hasNext);
    SmallVector<Value> accs(kLoop.getRegionIterArgs());
    for (int64_t kk = 0; kk < bk; kk += mma.k) {
      SmallVector<Value> aFrags, bFrags;
      for (int64_t i = 0; i < tilesPerWaveM; ++i)
        aFrags.push_back(k.loadFragment(ldsABuf, copyA.rowsFastest, mma.a,
                                        mma.a.row, mma.a.col, aRow, aCol,
                                        i * mma.m, kk, waveRow0, zero));
      for (int64_t j = 0; j < tilesPerWaveN; ++j)
        bFrags.push_back(k.loadFragment(ldsBBuf, copyB.rowsFastest, mma.b,
                                        mma.b.row, mma.b.col, bRow, bCol, kk,
                                        j * mma.n, zero, waveCol0));
      for (int64_t i = 0; i < tilesPerWaveM; ++i)
        for (int64_t j = 0; j < tilesPerWaveN; ++j) {
          Value &acc = accs[i * tilesPerWaveN + j];
          acc = MmaOp::create(b, loc, accType, config.getIntrinsic(),
                              aFrags[i], bFrags[j], acc);
        }
    }
    gpu::BarrierOp::create(b, loc);
    storeTiles(prefetched);
    gpu::BarrierOp::create(b, loc);
    scf::YieldOp::create(b, loc, accs);
  }

  // Epilogue: each lane stores its accumulators through the C view, or,
  // with split-K, its partial sums to the workspace.
  double alpha = op.getAlpha().convertToDouble();
  double beta = op.getBeta().convertToDouble();
  Type cElement = cType.getElementType();
  for (int64_t i = 0; i < tilesPerWaveM; ++i)
    for (int64_t j = 0; j < tilesPerWaveN; ++j) {
      Value acc = kLoop.getResult(i * tilesPerWaveN + j);
      for (int64_t e = 0; e < mma.c.size(); ++e) {
        auto [dr, dc] = mma.c.offsets[e];
        Value m = arith::AddIOp::create(
            b, loc,
            arith::AddIOp::create(
                b, loc, arith::AddIOp::create(b, loc, tile.m0, waveRow0),
                cRow),
            cst(b, loc, i * mma.m + dr));
        Value n = arith::AddIOp::create(
            b, loc,
            arith::AddIOp::create(
                b, loc, arith::AddIOp::create(b, loc, tile.n0, waveCol0),
                cCol),
            cst(b, loc, j * mma.n + dc));
        Value inBounds = arith::AndIOp::create(
            b, loc,
            arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, m,
                                  cst(b, loc, shape.m)),
            arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, n,
                                  cst(b, loc, shape.n)));
        if (splitK > 1) {
          auto ifOp = scf::IfOp::create(b, loc, inBounds, /*else=*/false);
          OpBuilder::InsertionGuard guard(b);
          b.setInsertionPointToStart(ifOp.thenBlock());
          memref::StoreOp::create(b, loc,
                                  vector::ExtractOp::create(b, loc, acc, e),
                                  views[2].memref,
                                  ValueRange{tile.split, tile.g, m, n});
          continue;
        }
        // Padding in C is never written.
        SmallVector<Value> coord = {tile.g, m, n};
        ViewAccess out = emitViewAccess(b, loc, views[2], coord, inBounds);
        auto ifOp = scf::IfOp::create(b, loc, out.valid, /*else=*/false);
        OpBuilder::InsertionGuard guard(b);
        b.setInsertionPointToStart(ifOp.thenBlock());
        SmallVector<Value> ds;
        for (const TracedView &d : ArrayRef(views).drop_front(3))
          ds.push_back(emitGuardedLoad(
              b, loc, d.memref, emitViewAccess(b, loc, d, coord, nullptr)));
        Value value = emitEpilogue(
            b, loc, vector::ExtractOp::create(b, loc, acc, e), alpha, beta, ds,
            cElement);
        memref::StoreOp::create(b, loc, value, views[2].memref, out.indices);
      }
    }
  gpu::ReturnOp::create(b, loc);

  SmallVector<KernelLaunch> launches = {
      KernelLaunch{skeleton.func,
                   skeleton.hostArgs,
                   {tilesM * tilesN, shape.g, splitK},
                   {cost.threads, 1, 1}}};
  if (splitK > 1)
    launches.push_back(buildSplitKReduceKernel(
        module, loc, (name + "_reduce").str(), workspace, epilogueViews,
        op.getAlpha().convertToDouble(), op.getBeta().convertToDouble()));
  return launches;
}
