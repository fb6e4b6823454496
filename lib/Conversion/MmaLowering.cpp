//===- MmaLowering.cpp - What the ck.mma lowerings share ------------------===//

#include "ck/Conversion/MmaLowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::ck;

void mlir::ck::lowerFmaMma(RewriterBase &rewriter, MmaOp op) {
  Location loc = op.getLoc();
  VectorType accType = op.getAcc().getType();
  auto f32Vector = [&](Value v) -> Value {
    auto type = cast<VectorType>(v.getType());
    if (type.getElementType().isF32())
      return v;
    return arith::ExtFOp::create(
        rewriter, loc, VectorType::get(type.getShape(), rewriter.getF32Type()),
        v);
  };
  Value a = f32Vector(op.getA());
  Value b0 = vector::ExtractOp::create(rewriter, loc, f32Vector(op.getB()), 0);
  Value b = vector::BroadcastOp::create(rewriter, loc, accType, b0);
  rewriter.replaceOpWithNewOp<vector::FMAOp>(op, a, b, op.getAcc());
}

LogicalResult mlir::ck::lowerMmaOps(
    Operation *root,
    function_ref<LogicalResult(RewriterBase &, MmaOp)> lower) {
  SmallVector<MmaOp> ops;
  root->walk([&](MmaOp op) { ops.push_back(op); });
  IRRewriter rewriter(root->getContext());
  for (MmaOp op : ops) {
    rewriter.setInsertionPoint(op);
    if (failed(lower(rewriter, op)))
      return failure();
  }
  return success();
}
