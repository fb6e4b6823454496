//===- Tolerance.h - Composable Kernel's error thresholds -------*- C++ -*-===//
//
// The relative and absolute thresholds Composable Kernel verifies with
// (library/include/ck/library/utility/check_err.hpp: get_relative_threshold
// and get_absolute_threshold), combined the way its grouped convolution
// backward-weight profiler combines them for split-K
// (profiler/include/profiler/profile_grouped_conv_bwd_weight_impl.hpp):
//
//   half(m)        = 2^-m / 2                 (half an ulp, m mantissa bits)
//   rel(c,o,a,n)   = max(half(a) * n, half(c), half(o))
//   abs(c,o,a,M,n) = max(M * half(a) * n, M * half(c), M * half(o))
//                    (CK writes M as 2^log2(|M|))
//   n   = accumulations = reduction length / k_batch (integer division)
//   rtol = max(rel(compute, out, acc, n), rel(out, out, out, k_batch))
//   atol = max(abs(compute, out, acc, M / k_batch, n),
//              abs(out, out, out, M, k_batch))
//
// M is the largest accumulated magnitude. An element passes when
// |out - ref| <= atol + rtol * |ref|.
//
//===----------------------------------------------------------------------===//

#ifndef CK_BENCH_TOLERANCE_H
#define CK_BENCH_TOLERANCE_H

#include <cstdint>
#include <string>
#include <vector>

namespace ckbench {

/// Mantissa bits (without the implicit one) of "f16" (10), "bf16" (7),
/// "f32" (23) and "tf32" (10); -1 for any other name.
int mantissaBits(const std::string &type);

/// CK's get_relative_threshold<Compute, Out, Acc>(accumulations).
double relativeThreshold(int computeBits, int outBits, int accBits,
                         double accumulations);
/// CK's get_absolute_threshold<Compute, Out, Acc>(maxMagnitude,
/// accumulations).
double absoluteThreshold(int computeBits, int outBits, int accBits,
                         double maxMagnitude, double accumulations);

struct Tolerance {
  double rtol = 0;
  double atol = 0;
};

/// The split-K-aware thresholds for a result of type `outType` computed in
/// `computeType` and accumulated in `accType`, each element the sum of
/// `reduction` products split into `kBatch` partial sums, the largest
/// accumulated magnitude being `maxMagnitude`. Unknown type names count as
/// f32.
Tolerance ckTolerance(const std::string &computeType,
                      const std::string &outType, const std::string &accType,
                      int64_t reduction, int64_t kBatch, double maxMagnitude);

/// What ck-bench checks with: the larger (each threshold on its own) of
/// ckTolerance for `kBatch` and for one batch. CK's split-K rule scales the
/// compute-type term by the magnitude of one partial sum, M / k_batch;
/// rounding the inputs to the compute type (tf32 for f32 data) errs by the
/// same amount whatever the split, and partial sums of random-sign data are
/// larger than M / k_batch, so the unsplit thresholds are a floor.
Tolerance benchTolerance(const std::string &computeType,
                         const std::string &outType, const std::string &accType,
                         int64_t reduction, int64_t kBatch,
                         double maxMagnitude);

/// The k_batch of the tolerance rule for a plan: `metaKBatch` (its `meta
/// k_batch` line, 1 without one) when it has no schedules; else the largest
/// of `scheduleContributors`, each schedule's most partial results added
/// into one output element as the plan was loaded
/// (ckrt_schedule_info.max_contributors: the most contributors of any tile
/// for StreamK, k_batch for split-K). Never below 1.
int64_t toleranceKBatch(int64_t metaKBatch,
                        const std::vector<int64_t> &scheduleContributors);

} // namespace ckbench

#endif // CK_BENCH_TOLERANCE_H
