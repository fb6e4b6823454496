//===- Compile.h - Problem IR to bundles ------------------------*- C++ -*-===//

#ifndef CK_DRIVER_COMPILE_H
#define CK_DRIVER_COMPILE_H

#include "ck/Driver/Bundle.h"
#include "ck/Driver/Problem.h"
#include "ck/Driver/Report.h"

#include <optional>

namespace mlir::ck {

struct CompileOptions {
  std::string chip;
  std::string toolkit;
  std::string outputDir;
  bool reference = true;
  bool report = false;
};

struct CompileResult {
  double compileSeconds = 0;
  /// Filled with --report: AMD kernels from their assembly, NVIDIA kernels
  /// from ptxas -v (registers, LDS, spills).
  std::vector<KernelReport> reports;
};

/// Registers what compiling needs (dialects, extensions, translations).
void registerCompileDependencies(DialectRegistry &registry);

/// Compiles the functions of `module` (problem-level ck IR) for
/// `options.chip` into a bundle in `options.outputDir`: plan.ckplan with
/// its binary and, if asked, reference.ckplan with the reference kernels.
/// `problem` adds facts (flops, written tensor, ...) to the plans.
FailureOr<CompileResult> compileToBundle(ModuleOp module,
                                         const CompileOptions &options,
                                         const ConvProblemDesc *problem);

} // namespace mlir::ck

#endif // CK_DRIVER_COMPILE_H
