//===- Compare.cpp - A result against its reference -----------------------===//

#include "ck/Bench/Compare.h"

#include <algorithm>
#include <cmath>
#include <limits>

using namespace ckbench;

double ckbench::maxFiniteMagnitude(const float *values, size_t count) {
  double result = 0;
  for (size_t i = 0; i < count; ++i)
    if (std::isfinite(values[i]))
      result = std::max(result, std::fabs(double(values[i])));
  return result;
}

Comparison ckbench::compareResults(const float *out, const float *ref,
                                   size_t count, const Tolerance &tolerance,
                                   size_t keepWorst) {
  Comparison c;
  c.elements = count;
  double diffSquares = 0, refSquares = 0;
  const double infinity = std::numeric_limits<double>::infinity();
  auto keep = [&](const Mismatch &m) {
    if (keepWorst == 0)
      return;
    auto worse = [](const Mismatch &a, const Mismatch &b) {
      return a.excess > b.excess;
    };
    if (c.worst.size() == keepWorst && !worse(m, c.worst.back()))
      return;
    c.worst.insert(std::upper_bound(c.worst.begin(), c.worst.end(), m, worse),
                   m);
    if (c.worst.size() > keepWorst)
      c.worst.pop_back();
  };
  for (size_t i = 0; i < count; ++i) {
    double o = out[i], r = ref[i];
    bool outFinite = std::isfinite(o), refFinite = std::isfinite(r);
    c.outNonFinite += !outFinite;
    c.refNonFinite += !refFinite;
    if (!outFinite || !refFinite) {
      ++c.mismatches;
      keep({i, o, r, infinity});
      continue;
    }
    double error = std::fabs(o - r);
    double bound = tolerance.atol + tolerance.rtol * std::fabs(r);
    c.maxAbsError = std::max(c.maxAbsError, error);
    if (r != 0)
      c.maxRelError = std::max(c.maxRelError, error / std::fabs(r));
    c.maxRefMagnitude = std::max(c.maxRefMagnitude, std::fabs(r));
    diffSquares += error * error;
    refSquares += r * r;
    if (!(error <= bound)) {
      ++c.mismatches;
      keep({i, o, r, bound > 0 ? error / bound : infinity});
    }
  }
  c.relL2Error = refSquares > 0 ? std::sqrt(diffSquares / refSquares)
                                : std::sqrt(diffSquares);
  return c;
}
