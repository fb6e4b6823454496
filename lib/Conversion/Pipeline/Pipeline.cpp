//===- Pipeline.cpp - The ck-pipeline pass --------------------------------===//
//
// Each ck.tile_gemm becomes its K loop. The operand tiles go from global
// memory to LDS buffers (TileCopier, as TileCopyPlan lays them out); the
// next K-tile's global loads are issued before the current tile's MMAs and
// land in LDS after them:
//
//   A[m0.., k_begin], B[k_begin.., n0] -> LDS;  ck.lds_barrier
//   for each K-tile k in [k_begin, k_end):
//     load K-tile k + 1 into registers (nothing past k_end)
//     acc = ck.tile_mma acc, the tiles in LDS
//     lds_buffers = 1: ck.lds_barrier; store K-tile k + 1; ck.lds_barrier
//     lds_buffers = 2: store K-tile k + 1 into the other buffer;
//                      ck.lds_barrier
//
// Each load's position is a !ck.coord that the loop carries and advances by
// block K per step (no division), where the copy's states hold at most
// max-cursor-values integers; other copies carry their view coordinates and
// evaluate the chain at each step.
//
//===----------------------------------------------------------------------===//

#include "TileCopier.h"

#include "ck/Conversion/KernelBuilding.h"
#include "ck/Conversion/Passes.h"
#include "ck/Conversion/WaveOpLowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace mlir::ck {
#define GEN_PASS_DEF_CKPIPELINE
#include "ck/Conversion/Passes.h.inc"
} // namespace mlir::ck

using namespace mlir;
using namespace mlir::ck;

namespace {

/// One operand's loads along K: the positions of a tile and how the loop
/// carries them from one K-tile to the next.
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

LogicalResult pipelineTileGemm(TileGemmOp op, int64_t maxCursorValues) {
  AccType accType = op.getResult().getType();
  FailureOr<int64_t> waveSize = requireWaveSize(op, accType.getMma());
  if (failed(waveSize))
    return failure();
  FailureOr<TracedView> traced[2] = {traceView(op.getA()),
                                     traceView(op.getB())};
  for (auto [name, view] : llvm::zip_equal(StringRef("AB"), traced))
    if (failed(view))
      return op.emitOpError() << "operand " << name
                              << " is a view that does not start at a memref";
  const TracedView &viewA = *traced[0], &viewB = *traced[1];

  OpBuilder b(op);
  Location loc = op.getLoc();
  GemmConfigAttr config = op.getConfig();
  Type elementType = cast<ShapedType>(op.getA().getType()).getElementType();
  int64_t threads = accType.getWaveCount() * *waveSize;
  MatrixLayout layout = accType.getMma().getLayout(*waveSize);
  GemmOperandTiles tiles = planGemmOperandTiles(config, layout, elementType,
                                                viewA, viewB, threads);
  Value ldsA = LdsBufferOp::create(b, loc, tiles.ldsA, 0);
  Value ldsB = LdsBufferOp::create(b, loc, tiles.ldsB, tiles.offsetB);
  bool twoBuffers = config.getLdsBuffers() > 1;
  int64_t bk = config.getBlock()[2];
  Value bkValue = indexConstant(b, loc, bk);
  Value kBegin = arith::MulIOp::create(b, loc, op.getKBegin(), bkValue);
  Value kEnd = arith::MulIOp::create(b, loc, op.getKEnd(), bkValue);
  Value tid = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);

  TileCopier copyA(b, loc, op.getA(), viewA, tiles.a, elementType, threads,
                   maxCursorValues);
  TileCopier copyB(b, loc, op.getB(), viewB, tiles.b, elementType, threads,
                   maxCursorValues);
  OperandWalk walkA{copyA, tid, op.getG(), op.getM0(), /*kIsRow=*/false, bk};
  OperandWalk walkB{copyB, tid, op.getG(), op.getN0(), /*kIsRow=*/true, bk};
  SmallVector<LoadPosition> cursorsA = walkA.start(kBegin);
  SmallVector<LoadPosition> cursorsB = walkB.start(kBegin);
  auto loadTiles = [&](ArrayRef<LoadPosition> atA, ArrayRef<LoadPosition> atB,
                       Value enabled) {
    SmallVector<Value> values = copyA.load(atA, enabled);
    llvm::append_range(values, copyB.load(atB, enabled));
    return values;
  };
  auto storeTiles = [&](Value buffer, ArrayRef<Value> values) {
    int64_t split = copyA.unitsPerThread() * tiles.a.loadsPerUnit();
    copyA.store(ldsA, buffer, values.take_front(split));
    copyB.store(ldsB, buffer, values.drop_front(split));
  };
  Value firstBuffer = twoBuffers ? indexConstant(b, loc, 0) : nullptr;
  storeTiles(firstBuffer, loadTiles(cursorsA, cursorsB, nullptr));
  LdsBarrierOp::create(b, loc);

  // Loop-carried: the accumulator, the LDS buffer (with two), and the
  // positions of the next K-tile's loads.
  SmallVector<Value> loopInit = {AccZeroOp::create(b, loc, accType)};
  if (firstBuffer)
    loopInit.push_back(firstBuffer);
  size_t cursorsBegin = loopInit.size();
  walkA.carryNext(loopInit, cursorsA);
  walkB.carryNext(loopInit, cursorsB);
  auto kLoop = scf::ForOp::create(b, loc, kBegin, kEnd, bkValue, loopInit);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(kLoop.getBody());
  ValueRange iterArgs = kLoop.getRegionIterArgs();
  Value next = arith::AddIOp::create(b, loc, kLoop.getInductionVar(), bkValue);
  Value hasNext =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, next, kEnd);
  ValueRange carried = iterArgs.drop_front(cursorsBegin);
  SmallVector<LoadPosition> atA = walkA.take(carried);
  SmallVector<LoadPosition> atB = walkB.take(carried);
  SmallVector<Value> prefetched = loadTiles(atA, atB, hasNext);
  Value buffer = firstBuffer ? iterArgs[1] : nullptr;
  // A (M x K) and B (K x N) are transposed in LDS where their first
  // dimension is innermost.
  auto tileMma = TileMmaOp::create(b, loc, accType, iterArgs[0], ldsA, ldsB,
                                   buffer, bk);
  tileMma.setATransposed(tiles.a.ldsDim == 0);
  tileMma.setBTransposed(tiles.b.ldsDim == 0);
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
  op.replaceAllUsesWith(kLoop.getResult(0));
  op.erase();
  return success();
}

struct CKPipelinePass : public ck::impl::CKPipelineBase<CKPipelinePass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<TileGemmOp> gemms;
    getOperation()->walk([&](TileGemmOp op) { gemms.push_back(op); });
    for (TileGemmOp op : gemms)
      if (failed(pipelineTileGemm(op, maxCursorValues)))
        return signalPassFailure();
  }
};

} // namespace
