//===- CKToNVVM.cpp - ck.mma to NVVM mma.sync -----------------------------===//
//
// mma.sync takes its fragments as 32-bit registers: pairs of f16 as
// vector<2xf16>, pairs of bf16 and single tf32 values as i32. The element
// order of ck.mma's flat fragments is the register order (see
// ck/Target/MmaIntrinsic.h), so registers are consecutive slices.
//
//===----------------------------------------------------------------------===//

#include "ck/Conversion/MmaLowering.h"
#include "ck/Conversion/Passes.h"
#include "ck/Target/MmaIntrinsic.h"

#include "mlir/IR/PatternMatch.h"

namespace mlir::ck {
#define GEN_PASS_DEF_CONVERTCKTONVVM
#include "ck/Conversion/Passes.h.inc"
} // namespace mlir::ck

using namespace mlir;
using namespace mlir::ck;

/// Splits a flat fragment into mma.sync registers: pairs of f16, pairs of
/// bf16 as i32, single tf32 values as i32.
static SmallVector<Value> toRegisters(RewriterBase &rewriter, Location loc,
                                      Value fragment, NVVM::MMATypes type) {
  auto vectorType = cast<VectorType>(fragment.getType());
  int64_t perRegister = 2;
  SmallVector<Value> registers;
  if (type == NVVM::MMATypes::tf32) {
    // The tensor core reads the top 19 bits of a tf32 register; round to
    // nearest (cvt.rna.tf32.f32) rather than let it truncate the f32.
    for (int64_t i = 0; i < vectorType.getNumElements(); ++i)
      registers.push_back(NVVM::ConvertFloatToTF32Op::create(
          rewriter, loc, rewriter.getI32Type(),
          vector::ExtractOp::create(rewriter, loc, fragment, i),
          NVVM::FPRoundingMode::RNA));
    return registers;
  }
  for (int64_t i = 0; i < vectorType.getNumElements(); i += perRegister) {
    SmallVector<int64_t> lanes;
    for (int64_t j = 0; j < perRegister; ++j)
      lanes.push_back(i + j);
    Value slice =
        vector::ShuffleOp::create(rewriter, loc, fragment, fragment, lanes);
    if (type == NVVM::MMATypes::f16) {
      registers.push_back(slice);
      continue;
    }
    auto i32Vector = VectorType::get({1}, rewriter.getI32Type());
    Value bits = vector::BitCastOp::create(rewriter, loc, i32Vector, slice);
    registers.push_back(vector::ExtractOp::create(rewriter, loc, bits, 0));
  }
  return registers;
}

static LogicalResult lowerMma(RewriterBase &rewriter, MmaOp op) {
  if (op.getIntrinsic() == MmaIntrinsic::Fma) {
    lowerFmaMma(rewriter, op);
    return success();
  }
  NVVM::MMATypes type;
  switch (op.getIntrinsic()) {
  case MmaIntrinsic::Mma16x8x16F16:
    type = NVVM::MMATypes::f16;
    break;
  case MmaIntrinsic::Mma16x8x16Bf16:
    type = NVVM::MMATypes::bf16;
    break;
  case MmaIntrinsic::Mma16x8x8Tf32:
    type = NVVM::MMATypes::tf32;
    break;
  default:
    return op.emitOpError() << stringifyMmaIntrinsic(op.getIntrinsic())
                            << " is not an NVIDIA instruction";
  }
  MmaIntrinsicInfo info = getMmaIntrinsicInfo(op.getIntrinsic(), 32);
  if (op.getA().getType().getNumElements() != info.a.size() ||
      op.getB().getType().getNumElements() != info.b.size() ||
      op.getAcc().getType().getNumElements() != info.c.size())
    return op.emitOpError() << "fragment sizes do not match "
                            << stringifyMmaIntrinsic(op.getIntrinsic());
  Location loc = op.getLoc();
  Type f32 = rewriter.getF32Type();
  SmallVector<Value> c;
  for (int64_t i = 0; i < info.c.size(); ++i)
    c.push_back(vector::ExtractOp::create(rewriter, loc, op.getAcc(), i));
  auto resultType = LLVM::LLVMStructType::getLiteral(
      rewriter.getContext(), SmallVector<Type>(info.c.size(), f32));
  auto mma = NVVM::MmaOp::create(
      rewriter, loc, resultType, toRegisters(rewriter, loc, op.getA(), type),
      toRegisters(rewriter, loc, op.getB(), type), c,
      {info.m, info.n, info.k}, std::nullopt, std::nullopt,
      std::array<NVVM::MMATypes, 2>{type, type},
      std::array<NVVM::MMALayout, 2>{NVVM::MMALayout::row,
                                     NVVM::MMALayout::col});
  SmallVector<Value> d;
  for (int64_t i = 0; i < info.c.size(); ++i)
    d.push_back(LLVM::ExtractValueOp::create(rewriter, loc, mma, i));
  rewriter.replaceOpWithNewOp<vector::FromElementsOp>(op, op.getAcc().getType(),
                                                      d);
  return success();
}

namespace {
struct ConvertCKToNVVMPass
    : public ck::impl::ConvertCKToNVVMBase<ConvertCKToNVVMPass> {
  void runOnOperation() override {
    if (failed(lowerMmaOps(getOperation(), lowerMma)))
      signalPassFailure();
  }
};
} // namespace
