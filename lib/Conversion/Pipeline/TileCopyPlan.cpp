//===- TileCopyPlan.cpp - How GEMM operand tiles reach LDS ----------------===//

#include "ck/Conversion/TileCopyPlan.h"

#include "ck/Conversion/KernelBuilding.h"
#include "ck/Dialect/CK/Utils/LdsSwizzle.h"
#include "ck/Dialect/CK/Utils/ViewAnalysis.h"
#include "ck/Target/GemmConfig.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::ck;


std::optional<unsigned>
mlir::ck::fragmentReadDim(const FragmentLayout &layout) {
  for (unsigned dim : {1u, 0u})
    if (layout.runAt(0, dim, kMinFragmentRun) >= kMinFragmentRun)
      return dim;
  return std::nullopt;
}

CopyPlanAttr mlir::ck::planTileCopy(const TracedView &view, Type elementType,
                                    int64_t rows, int64_t cols,
                                    std::optional<unsigned> fragmentDim,
                                    int64_t threads, int64_t swizzle,
                                    int64_t pad) {
  int64_t maxWidth = elementsPerVector(elementType);
  auto [rowWidth, colWidth] = tileVectorWidths(view, rows, cols);
  // Load along the wider contiguous dimension; on a tie, along the one the
  // LDS keeps innermost (no transposition).
  int64_t loadDim = rowWidth != colWidth ? (rowWidth > colWidth ? 0 : 1)
                                         : fragmentDim.value_or(1);
  int64_t loadWidth = std::max(rowWidth, colWidth);
  int64_t ldsDim = fragmentDim.value_or(loadDim);
  int64_t storeWidth = loadWidth;
  if (loadDim != ldsDim) {
    // A transposing unit holds loadWidth x storeWidth elements: as wide as
    // one thread's share of the tile allows (so that every thread has a
    // unit), at most 16 bytes.
    int64_t share = rows * cols / threads / loadWidth;
    storeWidth = widthDividing(std::clamp<int64_t>(share, 1, maxWidth),
                               ldsDim == 0 ? rows : cols);
  }
  return CopyPlanAttr::get(elementType.getContext(), rows, cols, loadDim,
                           loadWidth, ldsDim, storeWidth, swizzle ? 0 : pad,
                           threads, swizzle, /*ldsOrder=*/false);
}

UnitPosition mlir::ck::emitUnitPosition(OpBuilder &b, Location loc,
                                        CopyPlanAttr plan, int64_t elementBytes,
                                        Value tid, int64_t i) {
  auto constant = [&](int64_t v) { return indexConstant(b, loc, v); };
  Value unit =
      arith::AddIOp::create(b, loc, tid, constant(i * plan.getThreads()));
  int64_t fast = plan.getLdsDim();
  // The unit's place along the LDS dimension and across it, and whether it
  // lies in the tile (null: every unit does).
  Value along, line, inTile;
  if (plan.getLdsOrder()) {
    // The element in the unit's LDS slot (CopyPlanAttr::unitPlace).
    int64_t outerExtent = plan.extent(1 - fast),
            innerExtent = plan.extent(fast);
    Value offset =
        arith::MulIOp::create(b, loc, unit, constant(plan.getLoadWidth()));
    int64_t pitch = innerExtent + plan.getPad();
    line = arith::DivUIOp::create(b, loc, offset, constant(pitch));
    along = arith::RemUIOp::create(b, loc, offset, constant(pitch));
    if (int64_t swizzle = plan.getSwizzle()) {
      Value bytes =
          arith::MulIOp::create(b, loc, offset, constant(elementBytes));
      Value bits = arith::AndIOp::create(
          b, loc, arith::ShRUIOp::create(b, loc, bytes, constant(7)),
          constant(swizzle / 16 - 1));
      Value logical = arith::XOrIOp::create(
          b, loc, bytes, arith::ShLIOp::create(b, loc, bits, constant(4)));
      Value blockBytes = constant(outerExtent * swizzle);
      Value within = arith::RemUIOp::create(b, loc, logical, blockBytes);
      line = arith::DivUIOp::create(b, loc, within, constant(swizzle));
      Value blockStart = arith::MulIOp::create(
          b, loc, arith::DivUIOp::create(b, loc, logical, blockBytes),
          constant(swizzle));
      along = arith::DivUIOp::create(
          b, loc,
          arith::AddIOp::create(
              b, loc, blockStart,
              arith::RemUIOp::create(b, loc, within, constant(swizzle))),
          constant(elementBytes));
    }
    if (plan.getPad()) {
      inTile = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, along,
                                     constant(innerExtent));
      along = arith::SelectOp::create(b, loc, inTile, along, constant(0));
    }
  } else {
    // Neighbouring threads take neighbouring units along the LDS
    // dimension, so that their LDS stores fall in different banks (along
    // the load dimension they would be whole LDS rows apart). Without a
    // transposition that is also the load dimension, and their loads are
    // contiguous; with one, each thread's loads still fill whole sectors.
    int64_t perLine = plan.extent(fast) / plan.unitExtent(fast);
    along = arith::MulIOp::create(
        b, loc, arith::RemUIOp::create(b, loc, unit, constant(perLine)),
        constant(plan.unitExtent(fast)));
    line = arith::MulIOp::create(
        b, loc, arith::DivUIOp::create(b, loc, unit, constant(perLine)),
        constant(plan.unitExtent(1 - fast)));
  }
  Value exists = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, unit,
                                       constant(plan.units()));
  if (fast == 0)
    return {along, line, exists, inTile};
  return {line, along, exists, inTile};
}

std::pair<Value, Value> mlir::ck::emitLdsOrderSlot(OpBuilder &b, Location loc,
                                                   CopyPlanAttr plan, Value tid,
                                                   int64_t i) {
  auto constant = [&](int64_t v) { return indexConstant(b, loc, v); };
  Value offset = arith::MulIOp::create(
      b, loc,
      arith::AddIOp::create(b, loc, tid, constant(i * plan.getThreads())),
      constant(plan.getLoadWidth()));
  Value pitch = constant(plan.extent(plan.getLdsDim()) + plan.getPad());
  return {arith::DivUIOp::create(b, loc, offset, pitch),
          arith::RemUIOp::create(b, loc, offset, pitch)};
}

bool mlir::ck::copiesAsync(CopyPlanAttr plan, Type elementType,
                           bool laneOrder) {
  int64_t bytes = plan.getLoadWidth() * elementType.getIntOrFloatBitWidth() / 8;
  if (plan.transposes() || !AsyncCopyOp::isCopySize(bytes))
    return false;
  return !laneOrder || (plan.getLdsOrder() && bytes != 8);
}

/// Whether a GEMM of `config` on views `a` and `b` of `elementType` keeps
/// both tiles MN-major for LDS transpose reads, given a chip that has them:
/// where both views are MN-major (each tile loads wider along M or N than
/// along K), the instruction's fragments are ones such reads return
/// (MatrixLayout::transposeReadPack), 16-bit elements, and rows of a
/// multiple of 128 bytes, which kTransposeReadPadBytes keeps free of bank
/// conflicts (TileMmaOp's `transpose_reads`).
static bool readsMnMajorByTransposeReads(GemmConfigAttr config,
                                         const MatrixLayout &layout,
                                         Type elementType, const TracedView &a,
                                         const TracedView &b) {
  int64_t bm = config.getStepRowsA(), bn = config.getBlock()[1],
          bk = config.getBlock()[2];
  int64_t bytes = elementType.getIntOrFloatBitWidth() / 8;
  if (!isa<MfmaAttr>(config.getMma()) || bytes != 2 ||
      !layout.transposeReadPack() || bk % kTransposeReadK ||
      (bm * bytes) % kTransposeReadRowBytes ||
      (bn * bytes) % kTransposeReadRowBytes)
    return false;
  // Each view's tile loads wider along M (N) than along K.
  TileVectorWidths widthsA = tileVectorWidths(a, bm, bk),
                   widthsB = tileVectorWidths(b, bk, bn);
  return widthsA.rowWidth > widthsA.colWidth &&
         widthsB.colWidth > widthsB.rowWidth;
}

GemmOperandTiles mlir::ck::planGemmOperandTiles(
    GemmConfigAttr config, const MatrixLayout &layout, Type elementType,
    const TracedView &a, const TracedView &b, int64_t threads, int64_t kTiles,
    TargetAttr target) {
  bool ldsTransposeReads =
      target && target.hasFeature(TargetFeature::LdsTransposeRead);
  // A step's A tile: the block's rows, or one turn's (pingpong).
  int64_t bm = config.getStepRowsA(), bn = config.getBlock()[1],
          bk = config.getBlock()[2];
  auto workgroup = gpu::AddressSpaceAttr::get(elementType.getContext(),
                                              gpu::AddressSpace::Workgroup);
  GemmOperandTiles tiles;
  // wgmma reads either orientation through its descriptors: the tiles keep
  // the loads' direction, swizzled, 1024-byte aligned.
  bool wgmma = isa<WgmmaAttr>(config.getMma());
  int64_t swizzle = wgmma ? kWgmmaSwizzleBytes : 0;
  tiles.alignment = wgmma ? kWgmmaTileAlignment : 16;
  tiles.transposeReads =
      ldsTransposeReads &&
      readsMnMajorByTransposeReads(config, layout, elementType, a, b);
  // LDS transpose reads take MN-major tiles, padded for them: the copies
  // keep the loads' direction.
  auto readDim = [&](const FragmentLayout &fragment,
                     unsigned mnDim) -> std::optional<unsigned> {
    if (wgmma)
      return std::nullopt;
    return tiles.transposeReads ? mnDim : fragmentReadDim(fragment);
  };
  int64_t pad = tiles.transposeReads ? kTransposeReadPadBytes * 8 /
                                           elementType.getIntOrFloatBitWidth()
                                     : kLdsRowPad;
  tiles.a = planTileCopy(a, elementType, bm, bk, readDim(layout.a, 0), threads,
                         swizzle, pad);
  tiles.b = planTileCopy(b, elementType, bk, bn, readDim(layout.b, 1), threads,
                         swizzle, pad);
  // ldmatrix reads eight 16-byte rows at a time, AMD's MFMA and WMMA
  // fragments of 16-bit inputs are read in runs of 8 or 16 bytes along the
  // rows (ds_read_b64, ds_read_b128), and the copies store 16 bytes per
  // thread. A pad of 16 bytes makes ldmatrix's reads conflict-free but
  // leaves the stores of 64-byte rows two-way conflicted (a warp's stores
  // of two rows overlap in four banks), and so MI300's ds_read_b128, whose
  // bank cycles take lanes 0-3 with 20-23 (and so on), on 16x16 MFMA
  // fragments; the swizzle serves all, without the pad's LDS, so the tiles
  // that keep their rows whole take it. Scalar readers (tf32, f32 MFMA,
  // #ck.fma) keep the pad: each of their reads would need an address of
  // its own.
  auto mmaSync = dyn_cast<MmaSyncAttr>(config.getMma());
  bool ldmatrix = mmaSync && mmaSync.readsByLdmatrix();
  bool readsRuns = !wgmma && !isa<FmaAttr>(config.getMma());
  auto swizzled = [&](CopyPlanAttr plan, const FragmentLayout &fragment) {
    int64_t outer = plan.extent(1 - plan.getLdsDim());
    int64_t rowBytes =
        plan.extent(plan.getLdsDim()) * elementType.getIntOrFloatBitWidth() / 8;
    int64_t swizzle = swizzleForRow(rowBytes);
    bool readsChunks = ldmatrix || (readsRuns && !tiles.transposeReads &&
                                    fragmentReadDim(fragment));
    if (!readsChunks || plan.getLoadDim() != plan.getLdsDim() || outer % 8 ||
        !swizzle)
      return plan;
    tiles.alignment = std::max<int64_t>(tiles.alignment, kMaxSwizzleBytes);
    return CopyPlanAttr::get(plan.getContext(), plan.getRows(), plan.getCols(),
                             plan.getLoadDim(), plan.getLoadWidth(),
                             plan.getLdsDim(), plan.getStoreWidth(), 0,
                             plan.getThreads(), swizzle, /*ldsOrder=*/false);
  };
  tiles.a = swizzled(tiles.a, layout.a);
  tiles.b = swizzled(tiles.b, layout.b);
  // Where the chip's asynchronous copies land in lane order (gfx950), the
  // tiles they copy enumerate their units in LDS order.
  tiles.laneOrder =
      target && target.hasFeature(TargetFeature::AsyncCopyInLaneOrder);
  auto inLdsOrder = [&](CopyPlanAttr plan) {
    CopyPlanAttr ordered = CopyPlanAttr::get(
        plan.getContext(), plan.getRows(), plan.getCols(), plan.getLoadDim(),
        plan.getLoadWidth(), plan.getLdsDim(), plan.getStoreWidth(),
        plan.getPad(), plan.getThreads(), plan.getSwizzle(),
        /*ldsOrder=*/true);
    bool fits = !plan.transposes() && plan.getPad() % plan.getLoadWidth() == 0;
    return fits && copiesAsync(ordered, elementType, /*laneOrder=*/true)
               ? ordered
               : plan;
  };
  if (tiles.laneOrder && config.getAsyncCopy()) {
    tiles.a = inLdsOrder(tiles.a);
    tiles.b = inLdsOrder(tiles.b);
  }
  tiles.ldsA = tiles.a.ldsType(elementType, workgroup, config.getLdsBuffers());
  tiles.ldsB = tiles.b.ldsType(elementType, workgroup, config.getLdsBuffers());
  // A resident B has a buffer per K-tile, and the buffer dimension even for
  // one (its ck.tile_mma picks B's buffer beside A's slot).
  if (config.getResidentB()) {
    MemRefType tile = tiles.b.ldsType(elementType, workgroup, 1);
    SmallVector<int64_t> shape = {kTiles};
    llvm::append_range(shape, tile.getShape());
    tiles.ldsB = MemRefType::get(shape, elementType,
                                 MemRefLayoutAttrInterface(), workgroup);
  }
  auto bytesOf = [](MemRefType type) {
    return type.getNumElements() * type.getElementTypeBitWidth() / 8;
  };
  tiles.offsetB = llvm::alignTo(bytesOf(tiles.ldsA), tiles.alignment);
  tiles.bytes = tiles.offsetB + bytesOf(tiles.ldsB);
  return tiles;
}
