//===- CompareTest.cpp - A result against its reference -------------------===//

#include "ck/Bench/Compare.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

using namespace ckbench;

namespace {

const Tolerance kTolerance{0.01, 0.1}; // passes |d| <= 0.1 + 0.01 |ref|

TEST(Compare, Pass) {
  float ref[] = {1, -2, 10, 0};
  float out[] = {1.05f, -2.1f, 10.19f, -0.09375f};
  Comparison c = compareResults(out, ref, 4, kTolerance);
  EXPECT_TRUE(c.pass());
  EXPECT_EQ(c.elements, 4u);
  EXPECT_EQ(c.mismatches, 0u);
  EXPECT_NEAR(c.maxAbsError, 0.19, 1e-6);
  EXPECT_NEAR(c.maxRelError, 0.05, 1e-6); // element 0 (ref 0 is skipped)
  EXPECT_DOUBLE_EQ(c.maxRefMagnitude, 10);
  EXPECT_TRUE(c.worst.empty());
}

TEST(Compare, MismatchesWorstFirst) {
  float ref[] = {1, 100, 0, 5, 5};
  float out[] = {1.3f, 103, 0.09375f, 5, 5.5f};
  // Bounds: 0.11, 1.1, 0.1, 0.15, 0.15 -> excess 2.727, 2.727, 0.94, 0, 3.33.
  Comparison c = compareResults(out, ref, 5, kTolerance);
  EXPECT_FALSE(c.pass());
  EXPECT_EQ(c.mismatches, 3u);
  ASSERT_EQ(c.worst.size(), 3u);
  EXPECT_EQ(c.worst[0].index, 4u);
  EXPECT_NEAR(c.worst[0].excess, 0.5 / 0.15, 1e-5);
  EXPECT_DOUBLE_EQ(c.worst[0].out, 5.5);
  EXPECT_DOUBLE_EQ(c.worst[0].ref, 5);
  EXPECT_NEAR(c.maxAbsError, 3, 1e-5);
}

TEST(Compare, NaNAnywhereFails) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const float inf = std::numeric_limits<float>::infinity();
  float ref[] = {1, nan, 3, 4};
  float out[] = {nan, 2, 3, inf};
  Comparison c = compareResults(out, ref, 4, kTolerance);
  EXPECT_FALSE(c.pass());
  EXPECT_EQ(c.mismatches, 3u);
  EXPECT_EQ(c.outNonFinite, 2u);
  EXPECT_EQ(c.refNonFinite, 1u);
  ASSERT_EQ(c.worst.size(), 3u);
  EXPECT_TRUE(std::isinf(c.worst[0].excess));
  EXPECT_DOUBLE_EQ(c.maxAbsError, 0); // only element 2 is finite in both
}

TEST(Compare, KeepsOnlyTheWorst) {
  std::vector<float> ref(100, 0), out(100);
  for (int i = 0; i < 100; ++i)
    out[i] = float(i + 1); // all fail; the worst is the last
  Comparison c = compareResults(out.data(), ref.data(), 100, kTolerance, 3);
  EXPECT_EQ(c.mismatches, 100u);
  ASSERT_EQ(c.worst.size(), 3u);
  EXPECT_EQ(c.worst[0].index, 99u);
  EXPECT_EQ(c.worst[1].index, 98u);
  EXPECT_EQ(c.worst[2].index, 97u);
  EXPECT_TRUE(
      compareResults(out.data(), ref.data(), 100, kTolerance, 0).worst.empty());
}

TEST(Compare, RelativeL2AndMagnitude) {
  float ref[] = {3, -4};
  float out[] = {3, -4.5f};
  Comparison c = compareResults(out, ref, 2, {1, 1});
  EXPECT_DOUBLE_EQ(c.relL2Error, 0.5 / 5);
  const float nan = std::numeric_limits<float>::quiet_NaN();
  float values[] = {1, -7, nan, 3};
  EXPECT_DOUBLE_EQ(maxFiniteMagnitude(values, 4), 7);
  EXPECT_DOUBLE_EQ(maxFiniteMagnitude(values, 0), 0);
}

} // namespace
