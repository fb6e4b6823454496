//===- BenchResultTest.cpp - ck-bench's report of one problem -------------===//

#include "ck/Bench/BenchResult.h"

#include <gtest/gtest.h>

#include <limits>

using namespace ckbench;

namespace {

TEST(BenchResult, ErrorJsonAndLine) {
  BenchResult r;
  r.key = "k";
  r.bundle = "out/k";
  r.error = "ckrt: out/k/plan.ckplan: cannot open \"x\"";
  r.seed = 12;
  EXPECT_EQ(resultJson(r),
            "{\"key\": \"k\", \"summary\": \"\", \"bundle\": \"out/k\", "
            "\"status\": \"error\", \"error\": \"ckrt: out/k/plan.ckplan: "
            "cannot open \\\"x\\\"\", \"seed\": 12}");
  EXPECT_EQ(resultLine(r),
            "ERROR k  ckrt: out/k/plan.ckplan: cannot open \"x\"");
  // The bundle's recorded partition and roles, where it has them.
  r.partition = "split_k, k_batch = auto";
  r.waves = "4,4";
  EXPECT_EQ(
      resultJson(r),
      "{\"key\": \"k\", \"summary\": \"\", \"bundle\": \"out/k\", "
      "\"status\": \"error\", \"error\": \"ckrt: out/k/plan.ckplan: "
      "cannot open \\\"x\\\"\", \"partition\": \"split_k, k_batch = auto\", "
      "\"waves\": \"4,4\", \"seed\": 12}");
  BenchResult timedOnly;
  timedOnly.key = "t";
  timedOnly.status = "unverified";
  EXPECT_EQ(resultLine(timedOnly), "UNVERIFIED t");
}

TEST(BenchResult, VerifiedAndTimed) {
  BenchResult r;
  r.key = "bwd_weight-f16";
  r.summary = "bwd_weight f16 G=1";
  r.status = "fail";
  r.verified = true;
  r.tolerance = {0.5, 0.25};
  r.magnitudeRule = "observed";
  r.maxMagnitude = 4;
  r.reduction = 98;
  r.computeType = "f16";
  r.comparison.elements = 10;
  r.comparison.mismatches = 1;
  r.comparison.outNonFinite = 1;
  r.comparison.maxAbsError = 0.5;
  r.comparison.worst = {{3, std::numeric_limits<double>::quiet_NaN(), 2, 0}};
  r.timed = true;
  r.medianUs = 12.5;
  r.minUs = 12;
  r.tflops = 1.5;
  r.gbps = 300;
  r.rotatingCopies = 4;
  r.warmup = 5;
  r.repeat = 50;
  std::string json = resultJson(r);
  for (const char *part :
       {"\"status\": \"fail\"", "\"max_abs_error\": 0.5", "\"rtol\": 0.5",
        "\"atol\": 0.25", "\"mismatches\": 1", "\"out_non_finite\": 1",
        "\"worst\": [{\"index\": 3, \"out\": null, \"ref\": 2}]",
        "\"time_us_median\": 12.5", "\"time_us_min\": 12", "\"tflops\": 1.5",
        "\"gbps\": 300", "\"rotating_copies\": 4", "\"compute\": \"f16\"",
        "\"magnitude_rule\": \"observed\"", "\"reduction\": 98"})
    EXPECT_NE(json.find(part), std::string::npos) << part << " in " << json;
  std::string line = resultLine(r);
  EXPECT_EQ(line.rfind("FAIL bwd_weight-f16  max_abs 0.5", 0), 0u) << line;
  EXPECT_NE(line.find("mismatches 1/10 non-finite out 1 ref 0"),
            std::string::npos)
      << line;
  EXPECT_NE(line.find("| 12.50 us (min 12.00) 1.50 TFLOP/s 300.0 GB/s"),
            std::string::npos)
      << line;
}

} // namespace
