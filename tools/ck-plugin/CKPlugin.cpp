//===- CKPlugin.cpp - ck as a plugin of other MLIR tools ------------------===//
//
// One shared library that any mlir-opt-style tool built on the same
// libMLIR (Debian's mlir-opt-22 included) loads twice:
//
//   mlir-opt-22 --load-dialect-plugin=lib/CKPlugin.so \
//       --load-pass-plugin=lib/CKPlugin.so in.mlir \
//       --pass-pipeline='builtin.module(ck-to-rocdl{chip=gfx942 format=isa})'
//
// as a dialect plugin it adds the ck dialect to the tool's registry; as a
// pass plugin it registers ck's passes and pipelines.
//
//===----------------------------------------------------------------------===//

#include "ck/Conversion/Passes.h"
#include "ck/Dialect/CK/IR/CK.h"
#include "ck/Dialect/CK/Transforms/Passes.h"
#include "ck/Pipelines/Pipelines.h"
#include "ck/Support/Version.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"

extern "C" LLVM_ATTRIBUTE_WEAK mlir::DialectPluginLibraryInfo
mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "CK", cksupport::kVersion,
          [](mlir::DialectRegistry *registry) {
            registry->insert<mlir::ck::CKDialect>();
          }};
}

extern "C" LLVM_ATTRIBUTE_WEAK mlir::PassPluginLibraryInfo
mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "CKPasses", cksupport::kVersion, []() {
            mlir::ck::registerCKPasses();
            mlir::ck::registerCKConversionPasses();
            mlir::ck::registerCKPipelines();
          }};
}
