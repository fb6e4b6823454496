//===- Runner.h - Running one bundle on the GPU -----------------*- C++ -*-===//

#ifndef CK_BENCH_RUNNER_H
#define CK_BENCH_RUNNER_H

#include "ck/Bench/BenchOptions.h"
#include "ck/Bench/BenchResult.h"
#include "ck/Problem/ConvProblem.h"

#include "ck-c/Runtime.h"

#include <string>

namespace ckbench {

/// The GPU ck-bench runs on: a context, a stream and its properties.
class Device {
public:
  Device() = default;
  Device(const Device &) = delete;
  Device &operator=(const Device &) = delete;
  ~Device();

  /// Opens device `index` of the first backend with a device (CUDA, then
  /// HIP). On failure returns the status; ckrt_last_error() says why.
  ckrt_status open(int index);

  ckrt_context context() const { return context_; }
  ckrt_stream stream() const { return stream_; }
  const ckrt_device_props &props() const { return props_; }
  /// "NVIDIA H100 80GB HBM3 (cuda sm_90, 132 SMs, 50 MiB L2, 79 GiB)".
  std::string describe() const;

private:
  ckrt_context context_ = nullptr;
  ckrt_stream stream_ = nullptr;
  ckrt_device_props props_{};
};

/// A result for the bundle in `dir` with nothing run yet: its key (the
/// problem's, else the directory's name), seed, warmup and repeat.
BenchResult newResult(const std::string &dir, const BenchOptions &options,
                      uint64_t seed, const ckproblem::ConvProblemDesc *problem);

/// The value of plan.ckplan's `meta KEY` line in the bundle `dir`; "" if the
/// plan has none or cannot be read.
std::string planMeta(const std::string &dir, const char *key);

/// Checks the bundle in `dir` without a GPU: plan.ckplan (and
/// reference.ckplan unless verification is off) parse, their binaries pass
/// ckrt's checks (as `ckrt-info --dry-run`), and the facts ck-bench needs
/// are there. "" if it can run, else why not (one line).
std::string checkBundle(const std::string &dir, const BenchOptions &options,
                        const ckproblem::ConvProblemDesc *problem);

/// Verifies and times the bundle in `dir` (plan.ckplan, and
/// reference.ckplan unless verification is off) with inputs from `seed`.
/// `problem`, when given, is what the bundle must hold (its key is checked
/// against the plan's `meta key`).
BenchResult runBundle(Device &device, const std::string &dir,
                      const BenchOptions &options, uint64_t seed,
                      const ckproblem::ConvProblemDesc *problem);

} // namespace ckbench

#endif // CK_BENCH_RUNNER_H
