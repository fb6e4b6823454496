//===- Compare.h - A result against its reference ---------------*- C++ -*-===//

#ifndef CK_BENCH_COMPARE_H
#define CK_BENCH_COMPARE_H

#include "ck/Bench/Tolerance.h"

#include <cstddef>
#include <vector>

namespace ckbench {

/// One element outside the tolerance.
struct Mismatch {
  size_t index = 0;
  double out = 0;
  double ref = 0;
  /// |out - ref| / (atol + rtol * |ref|); infinite for a NaN or infinity.
  double excess = 0;
};

struct Comparison {
  size_t elements = 0;
  /// Elements failing |out - ref| <= atol + rtol * |ref|, the non-finite
  /// ones included.
  size_t mismatches = 0;
  /// NaNs and infinities in the result and in the reference.
  size_t outNonFinite = 0;
  size_t refNonFinite = 0;
  /// Largest |out - ref| and |out - ref| / |ref| (ref != 0) over the
  /// elements where both are finite.
  double maxAbsError = 0;
  double maxRelError = 0;
  /// Largest |ref| over the finite references.
  double maxRefMagnitude = 0;
  /// sqrt(sum (out - ref)^2 / sum ref^2) over the finite pairs.
  double relL2Error = 0;
  /// The worst mismatches, worst first.
  std::vector<Mismatch> worst;

  bool pass() const { return mismatches == 0; }
};

/// Largest |value| over the finite values (0 if none).
double maxFiniteMagnitude(const float *values, size_t count);

/// Compares `count` results with their references under `tolerance`,
/// keeping the `keepWorst` worst mismatches.
Comparison compareResults(const float *out, const float *ref, size_t count,
                          const Tolerance &tolerance, size_t keepWorst = 8);

} // namespace ckbench

#endif // CK_BENCH_COMPARE_H
