//===- BenchOptions.h - ck-bench's own options ------------------*- C++ -*-===//

#ifndef CK_BENCH_BENCHOPTIONS_H
#define CK_BENCH_BENCHOPTIONS_H

#include "ck/Tuning/Tuning.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ckbench {

struct BenchOptions {
  /// --bundles DIR: bundles in DIR/<key>/ (for the problems given, or all
  /// of DIR/index.txt when none is given).
  std::string bundlesDir;
  /// --bundle DIR: one bundle.
  std::string bundleDir;
  int warmup = 5;
  int repeat = 50;
  /// --determinism N: launch the plan N times on the same inputs (output
  /// poisoned before each) and fail unless every output is bitwise the
  /// first; 0 skips the check.
  int determinism = 0;
  bool seedGiven = false;
  uint64_t seed = 0;
  /// --json FILE: one JSON object per problem, one per line.
  std::string jsonPath;
  bool verify = true;
  bool time = true;
  int device = 0;
  /// The largest accumulated magnitude of the tolerance: "observed" (the
  /// largest |reference|, as CK's profiler does) or "bound" (the reduction
  /// length: inputs lie in [-1, 1]).
  std::string magnitude = "observed";
  /// --partition P, --waves L,M: run the problems' GEMM kernels compiled
  /// with ck-compile's --partition / --waves (bundles in
  /// DIR/<key>@<choice>, compiled where missing); --chip C: the chip to
  /// compile missing bundles for (default: the GPU's). Any of the three
  /// asks ck-bench to compile the bundles it lacks (compileRequested()).
  std::string partition, waves, chip;
  /// --stages S: the same for ck-compile's --stages (DIR/<key>@stages=S).
  int64_t stages = 0;
  /// --cluster MxN: the same for ck-compile's --cluster
  /// (DIR/<key>@cluster=MxN).
  std::string cluster;
  /// --sweep: run every choice of cktuning::sweepChoices() per problem
  /// (compiled where missing), verified and timed, and report the fastest.
  bool sweep = false;
  /// --tuning-db FILE: with --sweep, the database the fastest choices go
  /// into (merged with what FILE holds).
  std::string tuningDb;
  bool help = false;
  /// Print ck-mlir's version and stop.
  bool version = false;

  bool compileRequested() const {
    return !partition.empty() || !waves.empty() || stages ||
           !cluster.empty() || !chip.empty() || sweep;
  }
  /// The choice --partition, --waves, --stages and --cluster make.
  cktuning::Choice choice() const {
    return {partition, waves, stages, cluster};
  }
};

/// Parses ck-bench's options (the arguments that are not about problems).
/// Returns "" or what is wrong.
std::string parseBenchOptions(const std::vector<std::string> &args,
                              BenchOptions &options);

/// Checks the options against the problem form given ("", "flags", "csv",
/// "ckprofiler"): exactly one of --bundle and --bundles, and problems only
/// with --bundles. Returns "" or what is wrong.
std::string checkBenchInputs(const BenchOptions &options,
                             const std::string &problemForm);

/// The options, for --help.
const char *benchOptionsHelp();

} // namespace ckbench

#endif // CK_BENCH_BENCHOPTIONS_H
