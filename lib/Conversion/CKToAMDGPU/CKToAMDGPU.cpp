//===- CKToAMDGPU.cpp - ck.mma to amdgpu.mfma / amdgpu.wmma ---------------===//

#include "ck/Conversion/WaveOpLowering.h"
#include "ck/Conversion/Passes.h"

#include "mlir/IR/PatternMatch.h"

namespace mlir::ck {
#define GEN_PASS_DEF_CONVERTCKTOAMDGPU
#include "ck/Conversion/Passes.h.inc"
} // namespace mlir::ck

using namespace mlir;
using namespace mlir::ck;

static LogicalResult lowerMma(RewriterBase &rewriter, MmaOp op) {
  MatrixInstrAttrInterface instruction = op.getMma();
  if (isa<FmaAttr>(instruction)) {
    lowerFmaMma(rewriter, op);
    return success();
  }
  bool wmma = isa<WmmaAttr>(instruction);
  if (!wmma && !isa<MfmaAttr>(instruction))
    return op.emitOpError() << instruction << " is not an AMD instruction";
  // The verifier checked the fragments against the layout.
  SmallVector<int64_t, 3> shape = instruction.getShape();
  IntegerAttr m = rewriter.getI32IntegerAttr(shape[0]),
              n = rewriter.getI32IntegerAttr(shape[1]),
              k = rewriter.getI32IntegerAttr(shape[2]);
  Location loc = op.getLoc();
  if (wmma) {
    rewriter.replaceOpWithNewOp<amdgpu::WMMAOp>(
        op, op.getAcc().getType(), m, n, k, op.getA(), op.getB(), op.getAcc());
    return success();
  }
  // Single-element fragments (f32 MFMA) are scalars.
  auto operand = [&](Value v) -> Value {
    if (cast<VectorType>(v.getType()).getNumElements() == 1)
      return vector::ExtractOp::create(rewriter, loc, v, 0);
    return v;
  };
  rewriter.replaceOpWithNewOp<amdgpu::MFMAOp>(
      op, op.getAcc().getType(), m, n, k, rewriter.getI32IntegerAttr(1),
      operand(op.getA()), operand(op.getB()), op.getAcc());
  return success();
}

/// The barrier that waits for LDS accesses only, so that global loads
/// issued before it (the next K-tile's prefetch) stay in flight.
static void lowerLdsBarrier(RewriterBase &rewriter, LdsBarrierOp op) {
  rewriter.replaceOpWithNewOp<amdgpu::LDSBarrierOp>(op);
}

/// A polling wave sleeps about 64 cycles between polls.
static void pause(OpBuilder &b, Location loc) {
  ROCDL::SSleepOp::create(b, loc, 1);
}

namespace {
struct ConvertCKToAMDGPUPass
    : public ck::impl::ConvertCKToAMDGPUBase<ConvertCKToAMDGPUPass> {
  void runOnOperation() override {
    if (failed(lowerWaveOps(getOperation(), getArgument(), lowerMma,
                            lowerLdsBarrier, FlagTarget{"agent", pause},
                            // gfx9's one counting barrier per workgroup.
                            lowerRingEventInLockstep)))
      signalPassFailure();
  }
};
} // namespace
