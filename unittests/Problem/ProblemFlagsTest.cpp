//===- ProblemFlagsTest.cpp - A problem from named flags ------------------===//

#include "ck/Problem/ProblemFlags.h"

#include <gtest/gtest.h>

using namespace ckproblem;

namespace {

using Args = std::vector<std::string>;

TEST(ProblemFlags, AllFlags) {
  ProblemList list = parseProblemFlags(
      {"--direction=fwd", "--type", "bf16", "-G", "2", "-N=3", "--C", "4",
       "--K=5", "--in=9,10", "--filter", "3x2", "-stride=2,1", "--dilation=1,2",
       "--pad-left=1,0", "--pad-right", "0,1", "--layouts=GNHWC,GKYXC,GNHWK"});
  ASSERT_TRUE(list.ok()) << list.error;
  ASSERT_EQ(list.problems.size(), 1u);
  const ConvProblemDesc &p = list.problems[0];
  EXPECT_EQ(p.direction, "fwd");
  EXPECT_EQ(p.dtype, "bf16");
  EXPECT_EQ(p.g, 2);
  EXPECT_EQ(p.n, 3);
  EXPECT_EQ(p.c, 4);
  EXPECT_EQ(p.k, 5);
  EXPECT_EQ(p.inSizes, (std::vector<int64_t>{9, 10}));
  EXPECT_EQ(p.filterSizes, (std::vector<int64_t>{3, 2}));
  EXPECT_EQ(p.strides, (std::vector<int64_t>{2, 1}));
  EXPECT_EQ(p.dilations, (std::vector<int64_t>{1, 2}));
  EXPECT_EQ(p.padLeft, (std::vector<int64_t>{1, 0}));
  EXPECT_EQ(p.padRight, (std::vector<int64_t>{0, 1}));
  EXPECT_EQ(p.layouts, (std::vector<std::string>{"GNHWC", "GKYXC", "GNHWK"}));
}

TEST(ProblemFlags, ToFlagsReadsBack) {
  // 2-D and 3-D, asymmetric pads, strides, dilations, other layouts: the
  // flags give back the same problem (the same key).
  std::vector<Args> lines = {
      {"--direction=fwd", "--type=bf16", "-G=2", "-N=3", "-C=4", "-K=5",
       "--in=9,10", "--filter=3,2", "--stride=2,1", "--dilation=1,2",
       "--pad-left=1,0", "--pad-right=0,1", "--layouts=GNHWC,GKYXC,GNHWK"},
      {"--direction=bwd_data", "--type=f32", "-N=2", "-C=8", "-K=16",
       "--in=5,6,7", "--filter=3,3,3", "--pad=1,1,1"},
      {"-N=16", "-C=256", "-K=256", "--in=50,50", "--filter=3,3"}};
  for (const Args &line : lines) {
    ProblemList first = parseProblemFlags(line);
    ASSERT_TRUE(first.ok()) << first.error;
    Args flags = problemToFlags(first.problems[0]);
    ProblemList again = parseProblemFlags(flags);
    ASSERT_TRUE(again.ok()) << again.error;
    EXPECT_EQ(again.problems[0].key(), first.problems[0].key());
    EXPECT_EQ(again.problems[0].summary(), first.problems[0].summary());
  }
  EXPECT_EQ(problemToFlags(parseProblemFlags(lines[2]).problems[0]).front(),
            "--direction=bwd_weight");
}

TEST(ProblemFlags, DefaultsAndPad) {
  ProblemList list =
      parseProblemFlags({"--in=50,50", "--filter=3,3", "--pad=1,1"});
  ASSERT_TRUE(list.ok()) << list.error;
  const ConvProblemDesc &p = list.problems[0];
  EXPECT_EQ(p.direction, "bwd_weight");
  EXPECT_EQ(p.dtype, "f16");
  EXPECT_EQ(p.g * p.n * p.c * p.k, 1);
  EXPECT_EQ(p.padLeft, (std::vector<int64_t>{1, 1}));
  EXPECT_EQ(p.padRight, (std::vector<int64_t>{1, 1}));
}

TEST(ProblemFlags, ListsAppendLikeLlvmCl) {
  ProblemList list =
      parseProblemFlags({"--in=50", "--in", "40", "--filter=3,3"});
  ASSERT_TRUE(list.ok()) << list.error;
  EXPECT_EQ(list.problems[0].inSizes, (std::vector<int64_t>{50, 40}));
}

TEST(ProblemFlags, RestIsPassedBack) {
  Args rest;
  ProblemList list =
      parseProblemFlags({"--chip=sm_90a", "-o", "out", "-G", "1", "--in=7",
                         "--filter=3", "problem.mlir", "--", "-N", "2"},
                        &rest);
  ASSERT_TRUE(list.ok()) << list.error;
  EXPECT_EQ(rest, (Args{"--chip=sm_90a", "-o", "out", "problem.mlir", "--",
                        "-N", "2"}));
  EXPECT_EQ(list.problems[0].n, 1);
}

TEST(ProblemFlags, Errors) {
  auto error = [](const Args &args) { return parseProblemFlags(args).error; };
  EXPECT_EQ(error({"--in=7", "--filter=3", "-G"}), "-G needs a value");
  EXPECT_EQ(error({"--in"}), "--in needs a value");
  EXPECT_EQ(error({"-G", "two", "--in=7", "--filter=3"}),
            "-G expects an integer, got 'two'");
  EXPECT_EQ(error({"-N=", "--in=7", "--filter=3"}),
            "-N expects an integer, got ''");
  EXPECT_EQ(error({"--in=7,,7", "--filter=3"}),
            "--in expects integers separated by ',' or 'x' (e.g. 3,3), got "
            "'7,,7'");
  EXPECT_EQ(error({"--in=7", "--filter=3", "--stride=1.5"}),
            "--stride expects integers separated by ',' or 'x' (e.g. 3,3), "
            "got '1.5'");
  EXPECT_EQ(error({"--in=7", "--filter=3", "--pad=1", "--pad-left=1"}),
            "give --pad (both sides) or --pad-left/--pad-right, not both");
  EXPECT_EQ(error({"--in=7", "--filter=3", "--chip=sm_90a"}),
            "unknown problem argument '--chip=sm_90a' (expected --direction, "
            "--type, -G, -N, -C, -K, --in, --filter, --stride, --dilation, "
            "--pad, --pad-left, --pad-right or --layouts)");
  EXPECT_EQ(error({"--direction=up", "--in=7", "--filter=3"}),
            "invalid problem: direction 'up' is not one of fwd, bwd_data, "
            "bwd_weight");
  EXPECT_EQ(error({"--filter=3"}),
            "invalid problem: expected 1, 2 or 3 spatial input sizes, got 0");
}

TEST(ProblemFlags, Names) {
  for (const char *name :
       {"direction", "type", "G", "N", "C", "K", "in", "filter", "stride",
        "dilation", "pad", "pad-left", "pad-right", "layouts"})
    EXPECT_TRUE(isProblemFlagName(name)) << name;
  for (const char *name : {"o", "chip", "csv", "ckprofiler", "g", ""})
    EXPECT_FALSE(isProblemFlagName(name)) << name;
  EXPECT_NE(std::string(problemFlagsHelp()).find("--pad-left"),
            std::string::npos);
}

} // namespace
