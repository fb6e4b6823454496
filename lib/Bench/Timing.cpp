//===- Timing.cpp - How ck-bench times a plan -----------------------------===//

#include "ck/Bench/Timing.h"

#include <algorithm>

using namespace ckbench;

size_t ckbench::rotatingCopies(uint64_t setBytes, uint64_t l2Bytes,
                               uint64_t budgetBytes, size_t maxCopies) {
  if (setBytes == 0)
    return 1;
  uint64_t copies = 2 * l2Bytes / setBytes + 1;
  copies = std::min<uint64_t>(copies, budgetBytes / setBytes);
  copies = std::min<uint64_t>(copies, maxCopies);
  return size_t(std::max<uint64_t>(copies, 1));
}

TimeSummary ckbench::summarizeTimes(std::vector<double> milliseconds) {
  TimeSummary summary;
  if (milliseconds.empty())
    return summary;
  std::sort(milliseconds.begin(), milliseconds.end());
  size_t n = milliseconds.size();
  summary.minMs = milliseconds.front();
  summary.medianMs = n % 2
                         ? milliseconds[n / 2]
                         : (milliseconds[n / 2 - 1] + milliseconds[n / 2]) / 2;
  return summary;
}

double ckbench::teraflops(double flops, double milliseconds) {
  return flops > 0 && milliseconds > 0 ? flops / (milliseconds * 1e-3) / 1e12
                                       : 0;
}

double ckbench::gigabytesPerSecond(double bytes, double milliseconds) {
  return bytes > 0 && milliseconds > 0 ? bytes / (milliseconds * 1e-3) / 1e9
                                       : 0;
}
