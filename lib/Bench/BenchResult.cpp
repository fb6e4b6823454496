//===- BenchResult.cpp - What ck-bench found for one problem --------------===//

#include "ck/Bench/BenchResult.h"

#include "ck/Bench/Json.h"

#include <cstdio>

using namespace ckbench;

std::string ckbench::resultJson(const BenchResult &r) {
  JsonObject o;
  o.addString("key", r.key)
      .addString("summary", r.summary)
      .addString("bundle", r.bundle)
      .addString("status", r.status);
  if (!r.error.empty())
    o.addString("error", r.error);
  if (!r.partition.empty())
    o.addString("partition", r.partition);
  if (!r.waves.empty())
    o.addString("waves", r.waves);
  o.addInt("seed", int64_t(r.seed));
  if (r.verified) {
    const Comparison &c = r.comparison;
    std::string worst = "[";
    for (size_t i = 0; i < c.worst.size(); ++i) {
      JsonObject m;
      m.addInt("index", int64_t(c.worst[i].index))
          .addNumber("out", c.worst[i].out)
          .addNumber("ref", c.worst[i].ref);
      worst += (i ? ", " : "") + m.str();
    }
    worst += "]";
    o.addNumber("max_abs_error", c.maxAbsError)
        .addNumber("max_rel_error", c.maxRelError)
        .addNumber("rel_l2_error", c.relL2Error)
        .addNumber("rtol", r.tolerance.rtol)
        .addNumber("atol", r.tolerance.atol)
        .addString("magnitude_rule", r.magnitudeRule)
        .addNumber("max_magnitude", r.maxMagnitude)
        .addInt("reduction", r.reduction)
        .addInt("k_batch", r.kBatch)
        .addString("compute", r.computeType)
        .addInt("elements", int64_t(c.elements))
        .addInt("mismatches", int64_t(c.mismatches))
        .addInt("out_non_finite", int64_t(c.outNonFinite))
        .addInt("ref_non_finite", int64_t(c.refNonFinite))
        .addRaw("worst", worst);
  }
  if (r.determinismRuns)
    o.addInt("determinism_runs", r.determinismRuns)
        .addInt("first_different_run", r.firstDifferentRun);
  if (r.timed)
    o.addNumber("time_us_median", r.medianUs)
        .addNumber("time_us_min", r.minUs)
        .addNumber("tflops", r.tflops)
        .addNumber("gbps", r.gbps)
        .addInt("rotating_copies", int64_t(r.rotatingCopies))
        .addInt("warmup", r.warmup)
        .addInt("repeat", r.repeat);
  return o.str();
}

std::string ckbench::resultLine(const BenchResult &r) {
  std::string status = r.status == "pass"         ? "PASS"
                       : r.status == "fail"       ? "FAIL"
                       : r.status == "unverified" ? "UNVERIFIED"
                                                  : "ERROR";
  std::string line = status + " " + (r.key.empty() ? r.bundle : r.key);
  char buffer[256];
  if (r.verified) {
    const Comparison &c = r.comparison;
    std::snprintf(buffer, sizeof(buffer),
                  "  max_abs %.3g max_rel %.3g rel_l2 %.3g (atol %.3g rtol "
                  "%.3g) mismatches %zu/%zu",
                  c.maxAbsError, c.maxRelError, c.relL2Error, r.tolerance.atol,
                  r.tolerance.rtol, c.mismatches, c.elements);
    line += buffer;
    if (c.outNonFinite || c.refNonFinite) {
      std::snprintf(buffer, sizeof(buffer), " non-finite out %zu ref %zu",
                    c.outNonFinite, c.refNonFinite);
      line += buffer;
    }
  }
  if (r.determinismRuns) {
    if (r.firstDifferentRun)
      std::snprintf(buffer, sizeof(buffer),
                    "  launch %d of %d differs from the first",
                    r.firstDifferentRun + 1, r.determinismRuns);
    else
      std::snprintf(buffer, sizeof(buffer), "  %d launches bitwise identical",
                    r.determinismRuns);
    line += buffer;
  }
  if (r.timed) {
    std::snprintf(buffer, sizeof(buffer),
                  "  | %.2f us (min %.2f) %.2f TFLOP/s %.1f GB/s", r.medianUs,
                  r.minUs, r.tflops, r.gbps);
    line += buffer;
  }
  if (!r.error.empty())
    line += "  " + r.error;
  return line;
}
