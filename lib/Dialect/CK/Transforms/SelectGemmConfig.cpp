//===- SelectGemmConfig.cpp - The ck-select-gemm-config pass --------------===//

#include "ck/Dialect/CK/Transforms/Passes.h"
#include "ck/Target/GemmConfig.h"

namespace mlir::ck {
#define GEN_PASS_DEF_CKSELECTGEMMCONFIG
#include "ck/Dialect/CK/Transforms/Passes.h.inc"
} // namespace mlir::ck

using namespace mlir;
using namespace mlir::ck;

namespace {
struct CKSelectGemmConfigPass
    : public ck::impl::CKSelectGemmConfigBase<CKSelectGemmConfigPass> {
  using Base::Base;

  void runOnOperation() override {
    FailureOr<TargetAttr> target =
        requireTarget(getOperation(), getArgument());
    if (failed(target))
      return signalPassFailure();
    WalkResult result = getOperation()->walk([&](GemmOp op) {
      auto a = cast<ShapedType>(op.getA().getType());
      auto b = cast<ShapedType>(op.getB().getType());
      Type elementType = a.getElementType();
      auto emitError = [&] { return op.emitOpError(); };
      if (GemmConfigAttr pinned = op.getConfigAttr())
        return failed(checkGemmConfig(pinned, *target, elementType,
                                      emitError))
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      GemmShape shape{a.getDimSize(0), a.getDimSize(1), b.getDimSize(2),
                      a.getDimSize(2)};
      FailureOr<GemmConfigAttr> config = selectGemmConfig(
          op.getContext(), shape, elementType, *target, emitError);
      if (failed(config))
        return WalkResult::interrupt();
      op.setConfigAttr(*config);
      return WalkResult::advance();
    });
    if (result.wasInterrupted())
      signalPassFailure();
  }
};
} // namespace
