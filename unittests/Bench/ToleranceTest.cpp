//===- ToleranceTest.cpp - Composable Kernel's thresholds -----------------===//
//
// The expected values are worked out by hand from CK's formulas (see
// ck/Bench/Tolerance.h): half an ulp is 2^-11 for f16/tf32, 2^-8 for bf16
// and 2^-24 for f32.
//
//===----------------------------------------------------------------------===//

#include "ck/Bench/Tolerance.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace ckbench;

namespace {

TEST(Tolerance, MantissaBits) {
  EXPECT_EQ(mantissaBits("f16"), 10);
  EXPECT_EQ(mantissaBits("bf16"), 7);
  EXPECT_EQ(mantissaBits("f32"), 23);
  EXPECT_EQ(mantissaBits("tf32"), 10);
  EXPECT_EQ(mantissaBits("f8"), -1);
}

TEST(Tolerance, CKFunctions) {
  // get_relative_threshold<half, half, float>(100) = max(2^-24*100, 2^-11).
  EXPECT_DOUBLE_EQ(relativeThreshold(10, 10, 23, 100), std::ldexp(1.0, -11));
  // ... (10000): 10000 * 2^-24 = 5.9604644775390625e-4 > 2^-11.
  EXPECT_DOUBLE_EQ(relativeThreshold(10, 10, 23, 10000), 5.9604644775390625e-4);
  // get_absolute_threshold<bhalf, bhalf, float>(16, 4) = 16 * 2^-8.
  EXPECT_DOUBLE_EQ(absoluteThreshold(7, 7, 23, 16, 4), 0.0625);
  // ... (16, 2^20): 16 * 2^-24 * 2^20 = 1.
  EXPECT_DOUBLE_EQ(absoluteThreshold(7, 7, 23, 16, 1 << 20), 1.0);
  // A zero magnitude gives no absolute slack.
  EXPECT_DOUBLE_EQ(absoluteThreshold(10, 10, 23, 0, 10), 0.0);
}

// f16, 98 accumulations (N*Ho*Wo = 2*7*7), magnitude bound 98, no split-K.
TEST(Tolerance, F16Small) {
  Tolerance t = ckTolerance("f16", "f16", "f32", 98, 1, 98);
  EXPECT_DOUBLE_EQ(t.rtol, 0.00048828125); // 2^-11
  EXPECT_DOUBLE_EQ(t.atol, 0.0478515625);  // 98 * 2^-11
}

// f16, 40000 accumulations (RetinaNet 50x50, N=16) with the magnitude bound
// 40000: the accumulator term dominates both thresholds.
TEST(Tolerance, F16LongReductionBound) {
  Tolerance t = ckTolerance("f16", "f16", "f32", 40000, 1, 40000);
  EXPECT_DOUBLE_EQ(t.rtol, 40000.0 / 16777216); // 2.384185791015625e-3
  EXPECT_DOUBLE_EQ(t.atol, 95.367431640625);    // 40000^2 * 2^-24
  // With the observed magnitude 330 instead.
  Tolerance o = ckTolerance("f16", "f16", "f32", 40000, 1, 330);
  EXPECT_DOUBLE_EQ(o.rtol, t.rtol);
  EXPECT_DOUBLE_EQ(o.atol, 330.0 * 40000 / 16777216); // 0.786781311...
}

// bf16 split into 4: 1024 accumulations of magnitude 512/4; the split-K
// terms (bf16 sums of 4 partials) dominate.
TEST(Tolerance, BFloat16SplitK) {
  Tolerance t = ckTolerance("bf16", "bf16", "f32", 4096, 4, 512);
  // max(2^-24 * 1024, 2^-8) = 2^-8; split-K: max(2^-8 * 4, 2^-8) = 2^-6.
  EXPECT_DOUBLE_EQ(t.rtol, 0.015625);
  // max(128 * 2^-24 * 1024, 128 * 2^-8) = 0.5; split-K: 512 * 2^-8 * 4 = 8.
  EXPECT_DOUBLE_EQ(t.atol, 8.0);
}

// f32 data computed on tf32 tensor cores: tf32's half ulp sets the floor.
TEST(Tolerance, F32OnTf32) {
  Tolerance t = ckTolerance("tf32", "f32", "f32", 2304, 1, 10);
  EXPECT_DOUBLE_EQ(t.rtol, 0.00048828125); // 2^-11
  EXPECT_DOUBLE_EQ(t.atol, 0.0048828125);  // 10 * 2^-11
  Tolerance f = ckTolerance("f32", "f32", "f32", 1000, 1, 1);
  EXPECT_DOUBLE_EQ(f.rtol, 1000.0 / 16777216);
  EXPECT_DOUBLE_EQ(f.atol, 1000.0 / 16777216);
}

// ck-bench's floor: never tighter than the unsplit thresholds. f32 data on
// tf32, 784 accumulations split into 3, magnitude 30: CK's split-K rule
// gives atol = 30/3 * 2^-11 = 0.0048828125; unsplit, 30 * 2^-11.
TEST(Tolerance, BenchToleranceFloor) {
  Tolerance split = ckTolerance("tf32", "f32", "f32", 784, 3, 30);
  EXPECT_DOUBLE_EQ(split.atol, 10 * 0.00048828125);
  EXPECT_DOUBLE_EQ(split.rtol, 0.00048828125);
  Tolerance bench = benchTolerance("tf32", "f32", "f32", 784, 3, 30);
  EXPECT_DOUBLE_EQ(bench.atol, 30 * 0.00048828125);
  EXPECT_DOUBLE_EQ(bench.rtol, 0.00048828125);
  // Where the split-K term is the larger (f16 partials), it stays.
  Tolerance f16 = benchTolerance("f16", "f16", "f32", 40000, 8, 330);
  EXPECT_DOUBLE_EQ(f16.rtol, 8 * 0.00048828125);
  EXPECT_DOUBLE_EQ(f16.atol, 330 * 8 * 0.00048828125);
}

TEST(Tolerance, Degenerate) {
  // k_batch < 1 counts as 1; fewer accumulations than splits count as 1;
  // unknown types count as f32.
  Tolerance a = ckTolerance("f16", "f16", "f32", 98, 0, 98);
  Tolerance b = ckTolerance("f16", "f16", "f32", 98, 1, 98);
  EXPECT_DOUBLE_EQ(a.rtol, b.rtol);
  EXPECT_DOUBLE_EQ(a.atol, b.atol);
  Tolerance c = ckTolerance("x", "x", "x", 1, 1, 1);
  EXPECT_DOUBLE_EQ(c.rtol, std::ldexp(1.0, -24));
}

TEST(Tolerance, KBatchFromSchedules) {
  // No schedules: the plan's `meta k_batch` (1 without one, never below).
  EXPECT_EQ(toleranceKBatch(4, {}), 4);
  EXPECT_EQ(toleranceKBatch(0, {}), 1);
  // Schedules decide, whatever the meta line says: the most contributors
  // of any of them (the section 9 example has 16, a split-K one 15).
  EXPECT_EQ(toleranceKBatch(4, {16}), 16);
  EXPECT_EQ(toleranceKBatch(64, {16, 15}), 16);
  EXPECT_EQ(toleranceKBatch(1, {1, 3, 2}), 3);
  EXPECT_EQ(toleranceKBatch(8, {0}), 1);
}

} // namespace
