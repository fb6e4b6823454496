//===- Compile.h - Problem IR to bundles ------------------------*- C++ -*-===//

#ifndef CK_DRIVER_COMPILE_H
#define CK_DRIVER_COMPILE_H

#include "ck/Driver/Bundle.h"
#include "ck/Driver/Report.h"
#include "ck/Problem/ConvProblem.h"
#include "ck/Tuning/Tuning.h"

#include <optional>

namespace mlir::ck {

using ::ckproblem::ConvProblemDesc;

struct CompileOptions {
  std::string chip;
  std::string toolkit;
  std::string outputDir;
  /// The kernel choice: the GEMM kernels' partition, wave roles, K-loop
  /// stages, clusters, resident B, landed signals and pinned config
  /// (ck-select-gemm-config's options of those names), the groups per GEMM
  /// and backward-weight's gathered windows (ck-conv-to-gemm's
  /// `merge-groups` and `windows`); empty fields are the heuristic's.
  cktuning::Choice choice;
  bool reference = true;
  bool report = false;
  /// The bundle cache's root (BundleCache::defaultRoot()); "" for none.
  /// compileProblem reads and fills it, except with `report`.
  std::string cacheDir;
  /// The tuning database (ck/Tuning/Tuning.h): a file, or a directory of
  /// <chip>.tuning files; "" for none. compileProblem takes a problem's
  /// measured choice from it where `choice` is the heuristic's.
  std::string tuningDb;
  /// The database file whose choice compileProblem took (the plan's `meta
  /// tuning_db`); "" where `choice` is the heuristic's or given.
  std::string tunedFrom;
  /// Appended to each problem's directory name by compileProblems (and to
  /// its index, index<suffix>.txt): ck-compile --sweep's choices.
  std::string bundleSuffix;
};

struct CompileResult {
  double compileSeconds = 0;
  /// The bundle came from the cache (compileSeconds is the lookup's).
  bool cached = false;
  /// NVIDIA without ptxas: the bundle holds PTX instead of a cubin.
  bool ptxFallback = false;
  /// The files of the bundle, in its directory (plans and binaries).
  std::vector<std::string> files;
  /// Filled with --report: AMD kernels from their assembly, NVIDIA kernels
  /// from ptxas -v (registers, LDS, spills).
  std::vector<KernelReport> reports;
};

/// Registers what compiling needs (dialects, extensions, translations).
void registerCompileDependencies(DialectRegistry &registry);

/// Compiles the functions of `module` (problem-level ck IR) for
/// `options.chip` into a bundle in `options.outputDir`: plan.ckplan with
/// its binary and, if asked, reference.ckplan with the reference kernels.
/// `problem` adds facts (flops, written tensor, ...) to the plans; without
/// it, a module holding one function whose only ck op is a convolution on
/// its first three arguments (through reshapes) gets that convolution's.
FailureOr<CompileResult> compileToBundle(ModuleOp module,
                                         const CompileOptions &options,
                                         const ConvProblemDesc *problem);

/// Builds the problem's IR in `context` and compiles it into a bundle in
/// `options.outputDir`, or copies the bundle from the cache in
/// `options.cacheDir`, which a compile fills.
FailureOr<CompileResult> compileProblem(MLIRContext &context,
                                        const ConvProblemDesc &problem,
                                        const CompileOptions &options);

/// Compiles every problem into `<options.outputDir>/<key>/` and writes
/// `<options.outputDir>/index.txt`, one line per compiled problem: its key,
/// a tab, its summary. A problem that fails does not stop the others; it
/// is left out of the index and named on `log`, which also gets a line per
/// problem. `results` (may be null) receives each problem's result, empty
/// for a failed one. Fails if any problem failed or the index could not be
/// written.
LogicalResult compileProblems(MLIRContext &context,
                              const std::vector<ConvProblemDesc> &problems,
                              const CompileOptions &options,
                              llvm::raw_ostream &log,
                              std::vector<std::optional<CompileResult>> *results);

} // namespace mlir::ck

#endif // CK_DRIVER_COMPILE_H
