//===- Tolerance.cpp - Composable Kernel's error thresholds ---------------===//

#include "ck/Bench/Tolerance.h"

#include <algorithm>
#include <cmath>

using namespace ckbench;

int ckbench::mantissaBits(const std::string &type) {
  if (type == "f16" || type == "tf32")
    return 10;
  if (type == "bf16")
    return 7;
  if (type == "f32")
    return 23;
  return -1;
}

/// Half an ulp of 1 in a type with `bits` mantissa bits.
static double halfUlp(int bits) { return std::pow(2.0, -bits) * 0.5; }

double ckbench::relativeThreshold(int computeBits, int outBits, int accBits,
                                  double accumulations) {
  double midway = std::max(halfUlp(computeBits), halfUlp(outBits));
  return std::max(halfUlp(accBits) * accumulations, midway);
}

double ckbench::absoluteThreshold(int computeBits, int outBits, int accBits,
                                  double maxMagnitude, double accumulations) {
  // CK scales by 2^log2(|M|), which is |M| itself (taken exactly here).
  double scale = std::fabs(maxMagnitude);
  double midway =
      std::max(scale * halfUlp(computeBits), scale * halfUlp(outBits));
  return std::max(scale * halfUlp(accBits) * accumulations, midway);
}

Tolerance ckbench::ckTolerance(const std::string &computeType,
                               const std::string &outType,
                               const std::string &accType, int64_t reduction,
                               int64_t kBatch, double maxMagnitude) {
  auto bits = [](const std::string &type) {
    int b = mantissaBits(type);
    return b < 0 ? 23 : b;
  };
  int compute = bits(computeType), out = bits(outType), acc = bits(accType);
  kBatch = std::max<int64_t>(kBatch, 1);
  double accumulations = double(std::max<int64_t>(reduction / kBatch, 1));
  Tolerance t;
  t.rtol = relativeThreshold(compute, out, acc, accumulations);
  t.atol = absoluteThreshold(compute, out, acc, maxMagnitude / double(kBatch),
                             accumulations);
  // Adding k_batch partial results in the output type.
  t.rtol = std::max(t.rtol, relativeThreshold(out, out, out, double(kBatch)));
  t.atol = std::max(
      t.atol, absoluteThreshold(out, out, out, maxMagnitude, double(kBatch)));
  return t;
}

Tolerance ckbench::benchTolerance(const std::string &computeType,
                                  const std::string &outType,
                                  const std::string &accType, int64_t reduction,
                                  int64_t kBatch, double maxMagnitude) {
  Tolerance split = ckTolerance(computeType, outType, accType, reduction,
                                kBatch, maxMagnitude);
  Tolerance whole =
      ckTolerance(computeType, outType, accType, reduction, 1, maxMagnitude);
  return {std::max(split.rtol, whole.rtol), std::max(split.atol, whole.atol)};
}

int64_t
ckbench::toleranceKBatch(int64_t metaKBatch,
                         const std::vector<int64_t> &scheduleContributors) {
  if (scheduleContributors.empty())
    return std::max<int64_t>(metaKBatch, 1);
  return std::max<int64_t>(*std::max_element(scheduleContributors.begin(),
                                             scheduleContributors.end()),
                           1);
}
