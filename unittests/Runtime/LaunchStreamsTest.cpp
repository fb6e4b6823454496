//===- LaunchStreamsTest.cpp - The stream of each kernel of a plan --------===//
//
// assignLaunchStreams on dependency patterns: the sequential default, a
// fork of independent kernels, a GEMM followed by its reduction beside
// independent kernels, and a join.
//
//===----------------------------------------------------------------------===//

#include "LaunchStreams.h"

#include "gtest/gtest.h"

using namespace ckrt::detail;

namespace {

/// Kernel declarations with the given `after` lists (nullopt: none).
std::vector<KernelDecl>
kernels(std::initializer_list<std::optional<std::vector<uint32_t>>> afters) {
  std::vector<KernelDecl> result;
  for (const auto &after : afters) {
    result.emplace_back();
    result.back().after = after;
  }
  return result;
}

TEST(LaunchStreams, WithoutAfterEveryKernelRunsOnTheLaunchStream) {
  LaunchStreams s = assignLaunchStreams(kernels({{}, {}, {}}));
  EXPECT_EQ(s.sideStreams, 0u);
  EXPECT_TRUE(s.joins.empty());
  for (const LaunchStep &step : s.steps) {
    EXPECT_EQ(step.stream, 0u);
    EXPECT_FALSE(step.waitsForStart);
    EXPECT_TRUE(step.waitsFor.empty());
    EXPECT_FALSE(step.recordsDone);
  }
}

TEST(LaunchStreams, IndependentKernelsForkAndJoin) {
  using After = std::vector<uint32_t>;
  LaunchStreams s =
      assignLaunchStreams(kernels({After{}, After{}, After{}, After{}}));
  ASSERT_EQ(s.steps.size(), 4u);
  EXPECT_EQ(s.sideStreams, 3u);
  EXPECT_EQ(s.steps[0].stream, 0u);
  EXPECT_FALSE(s.steps[0].waitsForStart);
  for (uint32_t k = 1; k < 4; ++k) {
    EXPECT_EQ(s.steps[k].stream, k) << k;
    EXPECT_TRUE(s.steps[k].waitsForStart) << k;
    EXPECT_TRUE(s.steps[k].waitsFor.empty()) << k;
    EXPECT_TRUE(s.steps[k].recordsDone) << k;
  }
  EXPECT_FALSE(s.steps[0].recordsDone);
  EXPECT_EQ(s.joins, (std::vector<uint32_t>{1, 2, 3}));
}

TEST(LaunchStreams, AChainContinuesItsStream) {
  using After = std::vector<uint32_t>;
  // gemm_0, its reduction after it, and an independent fill.
  LaunchStreams s = assignLaunchStreams(kernels({After{}, After{0}, After{}}));
  EXPECT_EQ(s.steps[1].stream, 0u);
  EXPECT_TRUE(s.steps[1].waitsFor.empty());
  EXPECT_EQ(s.steps[2].stream, 1u);
  EXPECT_TRUE(s.steps[2].waitsForStart);
  EXPECT_EQ(s.sideStreams, 1u);
  EXPECT_EQ(s.joins, (std::vector<uint32_t>{2}));
  EXPECT_FALSE(s.steps[0].recordsDone);
  EXPECT_FALSE(s.steps[1].recordsDone);
}

TEST(LaunchStreams, AKernelWaitsForTheLatestOfEachOtherStream) {
  using After = std::vector<uint32_t>;
  // Two independent chains, then a kernel without `after` (all before it),
  // then one after the first chain's head only, which is not that stream's
  // last kernel any more.
  LaunchStreams s = assignLaunchStreams(
      kernels({After{}, After{}, After{0}, After{1}, std::nullopt, After{0}}));
  EXPECT_EQ(s.steps[2].stream, 0u);
  EXPECT_EQ(s.steps[3].stream, 1u);
  // Kernel 4 continues stream 0 (its first dependency that is a stream's
  // last: kernel 2) and waits for kernel 3, stream 1's latest.
  EXPECT_EQ(s.steps[4].stream, 0u);
  EXPECT_EQ(s.steps[4].waitsFor, (std::vector<uint32_t>{3}));
  EXPECT_TRUE(s.steps[3].recordsDone);
  // Kernel 5 waits for kernel 0 alone, which ran on the launch stream, now
  // busy with kernels 2 and 4: a new side stream.
  EXPECT_EQ(s.steps[5].stream, 2u);
  EXPECT_TRUE(s.steps[5].waitsForStart);
  EXPECT_EQ(s.steps[5].waitsFor, (std::vector<uint32_t>{0}));
  EXPECT_TRUE(s.steps[0].recordsDone);
  EXPECT_EQ(s.sideStreams, 2u);
  EXPECT_EQ(s.joins, (std::vector<uint32_t>{3, 5}));
}

} // namespace
