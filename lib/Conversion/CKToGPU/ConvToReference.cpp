//===- ConvToReference.cpp - The convert-ck-conv-to-gpu-reference pass ----===//

#include "Kernels.h"

#include "ck/Conversion/Passes.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

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
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (copies && failed(copyFunctions(module)))
      return signalPassFailure();
    SmallVector<ConvOpInterface> convs;
    module.walk([&](ConvOpInterface op) {
      if (!copies ||
          referenceCopies.contains(op->getParentOfType<FunctionOpInterface>()))
        convs.push_back(op);
    });
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

private:
  /// Puts `<name>_reference` after each function that holds convolutions.
  LogicalResult copyFunctions(ModuleOp module) {
    SymbolTable symbols(module);
    for (auto function :
         llvm::to_vector(module.getOps<FunctionOpInterface>())) {
      if (!function
               .walk([](ConvOpInterface) { return WalkResult::interrupt(); })
               .wasInterrupted())
        continue;
      std::string name = (function.getName() + "_reference").str();
      if (symbols.lookup(name))
        return function.emitError()
               << "cannot copy this function to '" << name
               << "' for its reference kernels: the name is taken";
      auto copy = cast<FunctionOpInterface>(function->clone());
      copy.setName(name);
      symbols.insert(copy, std::next(Block::iterator(function)));
      referenceCopies.insert(copy);
    }
    return success();
  }

  DenseSet<FunctionOpInterface> referenceCopies;
};
} // namespace
