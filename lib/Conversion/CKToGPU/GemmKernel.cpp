//===- GemmKernel.cpp - The tiled GEMM kernel -----------------------------===//
//
// One workgroup computes one block tile (BM x BN) of C for one batch g and
// one split-K range of K-tiles, as ladder ops:
//
//   (g, m0, n0, K-tiles [k_begin, k_end)) from the workgroup's id
//   acc = ck.tile_gemm A, B at [g, m0, n0] k_tiles k_begin to k_end
//   ck.tile_store acc: alpha * acc + beta * sum(D) -> C, staged through LDS
//     where that makes the stores coalesced vectors; with split-K, f32
//     partial sums to the workspace
//
// ck-pipeline, ck-lower-wave-tiles and the targets spell these out, so
// nothing here depends on the target. The operand tiles (ck-pipeline) and
// the epilogue's staging tile share one LDS arena (dynamic shared memory on
// NVIDIA, sized by the launch from the same plan ck-pipeline follows).
//
//===----------------------------------------------------------------------===//

#include "Kernels.h"

#include "ck/Conversion/GemmEpilogue.h"
#include "ck/Conversion/TileCopyPlan.h"
#include "ck/Target/GemmConfig.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::ck;

namespace {

/// The tile of C and the K-tiles a workgroup computes.
struct WorkgroupTile {
  Value g, m0, n0;
  /// The K-tiles [kBegin, kEnd) and, with split-K, the split's index.
  Value kBegin, kEnd, split;
};

/// The partition: block x enumerates the (M, N) tiles row-major, block y
/// the batch and block z the K split; each split takes an equal share of
/// the K-tiles.
WorkgroupTile mapWorkgroupToTile(OpBuilder &b, Location loc, GemmShape shape,
                                 GemmConfigAttr config) {
  int64_t bm = config.getBlock()[0], bn = config.getBlock()[1],
          bk = config.getBlock()[2];
  int64_t tilesN = llvm::divideCeil(shape.n, bn);
  int64_t kTiles = llvm::divideCeil(shape.k, bk);
  int64_t splitK = config.getSplitK();
  Value tile = gpu::BlockIdOp::create(b, loc, gpu::Dimension::x);
  Value g = gpu::BlockIdOp::create(b, loc, gpu::Dimension::y);
  Value tn =
      arith::RemUIOp::create(b, loc, tile, indexConstant(b, loc, tilesN));
  Value tm =
      arith::DivUIOp::create(b, loc, tile, indexConstant(b, loc, tilesN));
  Value m0 = arith::MulIOp::create(b, loc, tm, indexConstant(b, loc, bm));
  Value n0 = arith::MulIOp::create(b, loc, tn, indexConstant(b, loc, bn));
  int64_t perSplit = llvm::divideCeil(kTiles, splitK);
  Value split = gpu::BlockIdOp::create(b, loc, gpu::Dimension::z);
  Value kBegin =
      arith::MulIOp::create(b, loc, split, indexConstant(b, loc, perSplit));
  Value kEnd = arith::MinSIOp::create(
      b, loc,
      arith::AddIOp::create(b, loc, kBegin, indexConstant(b, loc, perSplit)),
      indexConstant(b, loc, kTiles));
  return {g, m0, n0, kBegin, kEnd, split};
}

} // namespace

FailureOr<SmallVector<KernelLaunch>>
mlir::ck::buildGemmKernel(GemmOp op, TargetAttr target, gpu::GPUModuleOp module,
                          StringRef name) {
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

  int64_t bm = config.getBlock()[0], bn = config.getBlock()[1];
  auto workgroup = gpu::AddressSpaceAttr::get(op.getContext(),
                                              gpu::AddressSpace::Workgroup);
  GemmConfigCost cost = estimateCost(config, target, elementType);
  MatrixLayout mma = config.getMma().getLayout(target.getWave());
  GemmOperandTiles operandTiles = planGemmOperandTiles(
      config, mma, elementType, views[0], views[1], cost.threads);
  int64_t wavesM = bm / config.getWave()[0];
  int64_t tilesPerWaveM = config.getWave()[0] / mma.m;
  TileDestination dest;
  dest.shape = shape;
  dest.workspace = workspace;
  dest.views = ArrayRef(views).drop_front(2);
  EpilogueStaging staging = planEpilogueStaging(
      mma, tilesPerWaveM, wavesM, dest, bn, operandTiles.bytes);
  // One LDS arena holds the operand tiles during the K loop and the
  // epilogue's staging tile after it.
  int64_t ldsBytes = std::max(operandTiles.bytes, staging.bytes());
  KernelSkeleton skeleton(module, loc, name, views, cost.threads);
  OpBuilder &b = skeleton.builder;

  int64_t tilesM = llvm::divideCeil(shape.m, bm);
  int64_t tilesN = llvm::divideCeil(shape.n, bn);
  WorkgroupTile tile = mapWorkgroupToTile(b, loc, shape, config);
  auto accType =
      AccType::get(b.getContext(), {bm, bn}, b.getF32Type(), config.getMma(),
                   {wavesM, bn / config.getWave()[1]});
  Value acc = TileGemmOp::create(
      b, loc, accType, materializeView(b, loc, views[0]),
      materializeView(b, loc, views[1]), tile.g, tile.m0, tile.n0,
      tile.kBegin, tile.kEnd, config);

  // Epilogue: the C tile through C's view or, with split-K, its partial
  // sums to the workspace (the skeleton rebased the views on the kernel's
  // arguments).
  Value stagingTile;
  if (staging.width > 1)
    stagingTile = LdsBufferOp::create(
        b, loc,
        MemRefType::get({staging.rows, staging.cols}, b.getF32Type(),
                        MemRefLayoutAttrInterface(), workgroup),
        0);
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
