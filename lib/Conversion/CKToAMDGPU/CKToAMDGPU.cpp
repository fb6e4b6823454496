//===- CKToAMDGPU.cpp - ck.mma to amdgpu.mfma / amdgpu.wmma ---------------===//

#include "ck/Conversion/MmaLowering.h"
#include "ck/Conversion/Passes.h"
#include "ck/Target/MmaIntrinsic.h"

#include "mlir/IR/PatternMatch.h"

namespace mlir::ck {
#define GEN_PASS_DEF_CONVERTCKTOAMDGPU
#include "ck/Conversion/Passes.h.inc"
} // namespace mlir::ck

using namespace mlir;
using namespace mlir::ck;

static LogicalResult lowerMma(RewriterBase &rewriter, MmaOp op) {
  MmaIntrinsic kind = op.getIntrinsic();
  if (kind == MmaIntrinsic::Fma) {
    lowerFmaMma(rewriter, op);
    return success();
  }
  bool mfma = kind == MmaIntrinsic::Mfma16x16x16F16 ||
              kind == MmaIntrinsic::Mfma16x16x16Bf16 ||
              kind == MmaIntrinsic::Mfma16x16x4F32;
  bool wmma = kind == MmaIntrinsic::Wmma16x16x16F16Gfx11 ||
              kind == MmaIntrinsic::Wmma16x16x16Bf16Gfx11 ||
              kind == MmaIntrinsic::Wmma16x16x16F16Gfx12 ||
              kind == MmaIntrinsic::Wmma16x16x16Bf16Gfx12;
  if (!mfma && !wmma)
    return op.emitOpError() << stringifyMmaIntrinsic(kind)
                            << " is not an AMD instruction";
  MmaIntrinsicInfo info = getMmaIntrinsicInfo(kind, mfma ? 64 : 32);
  if (op.getA().getType().getNumElements() != info.a.size() ||
      op.getB().getType().getNumElements() != info.b.size() ||
      op.getAcc().getType().getNumElements() != info.c.size())
    return op.emitOpError() << "fragment sizes do not match "
                            << stringifyMmaIntrinsic(kind);
  Location loc = op.getLoc();
  auto i32 = [&](int64_t v) { return rewriter.getI32IntegerAttr(v); };
  if (wmma) {
    rewriter.replaceOpWithNewOp<amdgpu::WMMAOp>(
        op, op.getAcc().getType(), i32(info.m), i32(info.n), i32(info.k),
        op.getA(), op.getB(), op.getAcc());
    return success();
  }
  // Single-element fragments (f32 MFMA) are scalars.
  auto operand = [&](Value v) -> Value {
    if (cast<VectorType>(v.getType()).getNumElements() == 1)
      return vector::ExtractOp::create(rewriter, loc, v, 0);
    return v;
  };
  rewriter.replaceOpWithNewOp<amdgpu::MFMAOp>(
      op, op.getAcc().getType(), i32(info.m), i32(info.n), i32(info.k), i32(1),
      operand(op.getA()), operand(op.getB()), op.getAcc());
  return success();
}

namespace {
struct ConvertCKToAMDGPUPass
    : public ck::impl::ConvertCKToAMDGPUBase<ConvertCKToAMDGPUPass> {
  void runOnOperation() override {
    if (failed(lowerMmaOps(getOperation(), lowerMma)))
      signalPassFailure();
  }
};
} // namespace
