//===- MarkGridConstants.cpp - The ck-mark-grid-constants pass ------------===//
//
// Upstream's gpu.func lowering drops argument attributes, so the kernels
// list their tensor maps in a function attribute and this pass, after it,
// marks them on the llvm.func.
//
//===----------------------------------------------------------------------===//

#include "ck/Conversion/Passes.h"
#include "ck/Conversion/TensorMapPlan.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

namespace mlir::ck {
#define GEN_PASS_DEF_CKMARKGRIDCONSTANTS
#include "ck/Conversion/Passes.h.inc"
} // namespace mlir::ck

using namespace mlir;
using namespace mlir::ck;

namespace {
struct CKMarkGridConstantsPass
    : public ck::impl::CKMarkGridConstantsBase<CKMarkGridConstantsPass> {
  void runOnOperation() override {
    getOperation()->walk([&](LLVM::LLVMFuncOp func) {
      auto positions =
          func->getAttrOfType<DenseI64ArrayAttr>(kGridConstantsAttrName);
      if (!positions)
        return;
      MLIRContext *context = func.getContext();
      Builder b(context);
      auto bytes = LLVM::LLVMArrayType::get(IntegerType::get(context, 8), 128);
      for (int64_t position : positions.asArrayRef()) {
        if (position < 0 ||
            position >= static_cast<int64_t>(func.getNumArguments()) ||
            !isa<LLVM::LLVMPointerType>(func.getArgument(position).getType())) {
          func.emitError() << "lists argument " << position
                           << " as a grid constant, which is not a pointer "
                              "argument of the kernel";
          return signalPassFailure();
        }
        func.setArgAttr(position, LLVM::LLVMDialect::getByValAttrName(),
                        TypeAttr::get(bytes));
        func.setArgAttr(position, LLVM::LLVMDialect::getAlignAttrName(),
                        b.getI64IntegerAttr(64));
        func.setArgAttr(position, NVVM::NVVMDialect::getGridConstantAttrName(),
                        b.getUnitAttr());
      }
      func->removeAttr(kGridConstantsAttrName);
    });
  }
};
} // namespace
