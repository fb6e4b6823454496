//===- TimingTest.cpp - Rotating buffers and time sums --------------------===//

#include "ck/Bench/Timing.h"

#include <gtest/gtest.h>

using namespace ckbench;

namespace {

constexpr uint64_t MiB = 1 << 20;
constexpr uint64_t GiB = 1ull << 30;

TEST(Timing, RotatingCopies) {
  // H100: 50 MiB L2. The copies together must exceed 100 MiB.
  EXPECT_EQ(rotatingCopies(30 * MiB, 50 * MiB, 40 * GiB, 1 << 16), 4u);
  EXPECT_EQ(rotatingCopies(25 * MiB, 50 * MiB, 40 * GiB, 1 << 16), 5u);
  EXPECT_EQ(rotatingCopies(101 * MiB, 50 * MiB, 40 * GiB, 1 << 16), 1u);
  EXPECT_EQ(rotatingCopies(100 * MiB, 50 * MiB, 40 * GiB, 1 << 16), 2u);
  // Small sets: many copies, up to the cap.
  EXPECT_EQ(rotatingCopies(1 * MiB, 50 * MiB, 40 * GiB, 1 << 16), 101u);
  EXPECT_EQ(rotatingCopies(3000, 50 * MiB, 40 * GiB, 1000), 1000u);
  // Capped by the memory budget, never below one.
  EXPECT_EQ(rotatingCopies(10 * GiB, 50 * MiB, 40 * GiB, 1 << 16), 1u);
  EXPECT_EQ(rotatingCopies(30 * MiB, 50 * MiB, 90 * MiB, 1 << 16), 3u);
  EXPECT_EQ(rotatingCopies(30 * MiB, 50 * MiB, 10 * MiB, 1 << 16), 1u);
  EXPECT_EQ(rotatingCopies(0, 50 * MiB, 40 * GiB, 1 << 16), 1u);
  // No L2 reported: one copy.
  EXPECT_EQ(rotatingCopies(30 * MiB, 0, 40 * GiB, 1 << 16), 1u);
  // The total exceeds twice the L2 whenever budget and cap allow.
  for (uint64_t set : {1 * MiB, 7 * MiB, 33 * MiB, 99 * MiB})
    EXPECT_GT(rotatingCopies(set, 50 * MiB, 40 * GiB, 1 << 16) * set,
              100 * MiB);
}

TEST(Timing, Summaries) {
  TimeSummary odd = summarizeTimes({3, 1, 2, 9, 5});
  EXPECT_DOUBLE_EQ(odd.medianMs, 3);
  EXPECT_DOUBLE_EQ(odd.minMs, 1);
  TimeSummary even = summarizeTimes({4, 1, 2, 8});
  EXPECT_DOUBLE_EQ(even.medianMs, 3);
  EXPECT_DOUBLE_EQ(even.minMs, 1);
  TimeSummary none = summarizeTimes({});
  EXPECT_DOUBLE_EQ(none.medianMs, 0);
}

TEST(Timing, Rates) {
  // 2e12 flops in 1 ms: 2000 TFLOP/s; 3e9 bytes in 1 ms: 3000 GB/s.
  EXPECT_DOUBLE_EQ(teraflops(2e12, 1), 2000);
  EXPECT_DOUBLE_EQ(gigabytesPerSecond(3e9, 1), 3000);
  EXPECT_DOUBLE_EQ(teraflops(2e12, 0), 0);
  EXPECT_DOUBLE_EQ(gigabytesPerSecond(0, 1), 0);
}

} // namespace
