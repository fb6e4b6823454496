//===- ConvToReference.cpp - The convert-ck-conv-to-gpu-reference pass ----===//

#include "Kernels.h"

#include "ck/Conversion/Passes.h"

#include "mlir/IR/BuiltinOps.h"

namespace mlir::ck {
#define GEN_PASS_DEF_CONVERTCKCONVTOGPUREFERENCE
#include "ck/Conversion/Passes.h.inc"
} // namespace mlir::ck

using namespace mlir;
using namespace mlir::ck;

namespace {
struct ConvertCKConvToGPUReferencePass
    : public ck::impl::ConvertCKConvToGPUReferenceBase<
          ConvertCKConvToGPUReferencePass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<ConvOpInterface> convs;
    module.walk([&](ConvOpInterface op) { convs.push_back(op); });
    if (convs.empty())
      return;
    gpu::GPUModuleOp kernels = getOrCreateKernelModule(module);
    for (auto [index, op] : llvm::enumerate(convs)) {
      FailureOr<KernelLaunch> launch = buildReferenceKernel(
          op, kernels, "reference_" + std::to_string(index));
      if (failed(launch) || failed(createLaunch(op, *launch)))
        return signalPassFailure();
      op->erase();
    }
  }
};
} // namespace
