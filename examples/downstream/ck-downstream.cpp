//===- ck-downstream.cpp - ck-mlir used from another project --------------===//
//
// Registers the ck dialect in its own MLIRContext, parses a convolution,
// runs one of ck's passes (ck-conv-to-gemm) and prints the result: what an
// MLIR compiler that embeds ck does, built against the installed package.
//
//===----------------------------------------------------------------------===//

#include "ck/Dialect/CK/IR/CK.h"
#include "ck/Dialect/CK/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/raw_ostream.h"

static const char *kConvolution = R"mlir(
func.func @bwd_weight(%x: memref<2x7x7x1x16xf16>, %dw: memref<1x16x3x3x16xf16>,
                      %dy: memref<2x7x7x1x16xf16>) {
  ck.conv_bwd_weight input(%x : memref<2x7x7x1x16xf16>)
      filter(%dw : memref<1x16x3x3x16xf16>)
      output(%dy : memref<2x7x7x1x16xf16>)
      layouts(NHWGC, GKYXC, NHWGK) strides [1, 1] dilations [1, 1]
      pad_left [1, 1] pad_right [1, 1]
  return
}
)mlir";

int main() {
  mlir::MLIRContext context;
  context.loadDialect<mlir::ck::CKDialect, mlir::func::FuncDialect>();
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceString<mlir::ModuleOp>(kConvolution, &context);
  if (!module) {
    llvm::errs() << "ck-downstream: the convolution did not parse\n";
    return 1;
  }
  mlir::PassManager pm(&context);
  pm.addPass(mlir::ck::createCKConvToGemm());
  if (mlir::failed(pm.run(*module))) {
    llvm::errs() << "ck-downstream: ck-conv-to-gemm failed\n";
    return 1;
  }
  module->print(llvm::outs());
  return 0;
}
