//===- ck-opt.cpp - The ck optimizer driver -------------------------------===//
//
// mlir-opt with the ck dialect and passes, plus the upstream dialects and
// passes the ck lowering uses.
//
//===----------------------------------------------------------------------===//

#include "ck/Conversion/Passes.h"
#include "ck/Dialect/CK/IR/CK.h"
#include "ck/Dialect/CK/Transforms/Passes.h"
#include "ck/Pipelines/Pipelines.h"
#include "ck/Support/ToolVersion.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  cksupport::setToolVersionPrinter("ck-opt");
  mlir::registerAllPasses();
  mlir::ck::registerCKPasses();
  mlir::ck::registerCKConversionPasses();
  mlir::ck::registerCKPipelines();

  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  mlir::registerAllToLLVMIRTranslations(registry);
  registry.insert<mlir::ck::CKDialect>();

  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "ck optimizer driver\n", registry));
}
