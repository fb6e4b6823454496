//===- Timing.h - How ck-bench times a plan ---------------------*- C++ -*-===//
//
// ck-bench launches a plan `warmup` times, then `repeat` times, each launch
// between its own pair of events, cycling through copies of the tensors
// ("rotating buffers") whose total exceeds twice the L2 so that a launch
// does not find its inputs in the cache. These are the sums behind it.
//
//===----------------------------------------------------------------------===//

#ifndef CK_BENCH_TIMING_H
#define CK_BENCH_TIMING_H

#include <cstddef>
#include <cstdint>
#include <vector>

namespace ckbench {

/// How many copies of a tensor set of `setBytes` bytes to cycle through:
/// the fewest whose total exceeds 2 * `l2Bytes`, but no more than fit in
/// `budgetBytes` and no more than `maxCopies`; at least 1.
size_t rotatingCopies(uint64_t setBytes, uint64_t l2Bytes, uint64_t budgetBytes,
                      size_t maxCopies);

struct TimeSummary {
  double medianMs = 0;
  double minMs = 0;
};

/// Median (the mean of the middle two for an even count) and minimum.
TimeSummary summarizeTimes(std::vector<double> milliseconds);

/// TFLOP/s of `flops` in `milliseconds` (0 if either is not positive).
double teraflops(double flops, double milliseconds);
/// GB/s (1e9 bytes per second) of `bytes` in `milliseconds`.
double gigabytesPerSecond(double bytes, double milliseconds);

} // namespace ckbench

#endif // CK_BENCH_TIMING_H
