//===- ProblemArgsTest.cpp - Problems from a tool's command line ----------===//

#include "ck/Problem/ProblemArgs.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>

using namespace ckproblem;

namespace {

using Args = std::vector<std::string>;

const char *const kCsv = CK_SOURCE_DIR "/bench/data/retinanet_bwd_weight.csv";

TEST(ProblemArgs, NamedFlags) {
  ProblemArgs args = parseProblemArgs(
      {"--chip=sm_90a", "-G", "1", "-N", "2", "-C", "8", "-K", "4", "--in=7,7",
       "--filter=3,3", "--pad=1,1", "-o", "/tmp/x"});
  ASSERT_TRUE(args.ok()) << args.error;
  EXPECT_EQ(args.form, "flags");
  ASSERT_EQ(args.problems.size(), 1u);
  EXPECT_EQ(args.problems[0].summary(),
            "bwd_weight f16 G=1 N=2 C=8 K=4 in=7x7 filter=3x3 stride=1x1 "
            "dilation=1x1 pad=1x1/1x1");
  EXPECT_EQ(args.rest, (Args{"--chip=sm_90a", "-o", "/tmp/x"}));
}

TEST(ProblemArgs, NoProblem) {
  ProblemArgs args = parseProblemArgs({"--bundle", "b/key", "--repeat=3"});
  ASSERT_TRUE(args.ok()) << args.error;
  EXPECT_EQ(args.form, "");
  EXPECT_TRUE(args.problems.empty());
  EXPECT_EQ(args.rest, (Args{"--bundle", "b/key", "--repeat=3"}));
}

TEST(ProblemArgs, Csv) {
  ProblemArgs args =
      parseProblemArgs({"--csv", kCsv, "--direction", "bwd_weight",
                        "--type=bf16", "--warmup", "2"});
  ASSERT_TRUE(args.ok()) << args.error;
  EXPECT_EQ(args.form, "csv");
  EXPECT_EQ(args.problems.size(), 37u);
  EXPECT_EQ(args.problems[0].dtype, "bf16");
  EXPECT_EQ(args.rest, (Args{"--warmup", "2"}));

  args = parseProblemArgs({std::string("--csv=") + kCsv, "--direction=fwd",
                           "--type=f32", "--layouts=GNHWC,GKYXC,GNHWK"});
  ASSERT_TRUE(args.ok()) << args.error;
  EXPECT_EQ(args.problems[0].layouts,
            (std::vector<std::string>{"GNHWC", "GKYXC", "GNHWK"}));
}

TEST(ProblemArgs, CkProfiler) {
  ProblemArgs args = parseProblemArgs({"-o",
                                       "out",
                                       "--ckprofiler",
                                       "grouped_conv_bwd_weight",
                                       "1",
                                       "2",
                                       "0",
                                       "1",
                                       "0",
                                       "1",
                                       "2",
                                       "1",
                                       "16",
                                       "256",
                                       "256",
                                       "3",
                                       "3",
                                       "50",
                                       "50",
                                       "1",
                                       "1",
                                       "1",
                                       "1",
                                       "1",
                                       "1",
                                       "1",
                                       "1",
                                       "-1",
                                       "--chip=sm_90a"});
  ASSERT_TRUE(args.ok()) << args.error;
  EXPECT_EQ(args.form, "ckprofiler");
  ASSERT_EQ(args.problems.size(), 1u);
  EXPECT_EQ(args.problems[0].key(),
            "bwd_weight-f16-G1-N16-C256-K256-in50x50-f3x3-s1x1-d1x1-pl1x1-"
            "pr1x1-NHWGC_GKYXC_NHWGK-splitk-1");
  EXPECT_EQ(args.rest, (Args{"-o", "out", "--chip=sm_90a"}));
}

/// "a b c" -> {"a", "b", "c"}.
Args words(const std::string &line) {
  Args result;
  std::string word;
  for (char ch : line + " ") {
    if (ch != ' ') {
      word += ch;
    } else if (!word.empty()) {
      result.push_back(word);
      word.clear();
    }
  }
  return result;
}

const char *const kBwdWeightCommand =
    "grouped_conv_bwd_weight 1 2 0 1 0 1 2 1 16 256 256 3 3 50 50 1 1 1 1 1 "
    "1 1 1 -1";

// `--ckprofiler ... -o DIR` took -o and DIR as ckProfiler arguments ("got
// 26 arguments"): the command takes exactly its 24 arguments.
TEST(ProblemArgs, CkProfilerThenOwnFlags) {
  for (std::string line :
       {std::string("--chip=gfx942 --ckprofiler ") + kBwdWeightCommand +
            " -o X --report",
        std::string("--chip=gfx942 --ckprofiler ckProfiler ") +
            kBwdWeightCommand + " -o X --report",
        std::string("--chip=gfx942 --ckprofiler=") + kBwdWeightCommand +
            " -o X --report"}) {
    ProblemArgs args = parseProblemArgs(words(line));
    ASSERT_TRUE(args.ok()) << line << ": " << args.error;
    EXPECT_EQ(args.form, "ckprofiler");
    ASSERT_EQ(args.problems.size(), 1u);
    EXPECT_EQ(args.problems[0].splitK, "-1") << line;
    EXPECT_EQ(args.rest, (Args{"--chip=gfx942", "-o", "X", "--report"}))
        << line;
  }
  // A problem flag after the command is still refused.
  EXPECT_EQ(parseProblemArgs(words(std::string("--ckprofiler ") +
                                   kBwdWeightCommand + " -G 2"))
                .error,
            "--ckprofiler takes the whole problem from ckProfiler's "
            "arguments; remove -G");
  // A command cut short by a flag names it.
  EXPECT_EQ(parseProblemArgs(words("--ckprofiler grouped_conv_bwd_weight 1 2 "
                                   "0 1 0 1 2 1 16 256 256 3 3 50 50 1 1 1 "
                                   "1 1 1 1 -o X"))
                .error,
            "ckProfiler grouped_conv_bwd_weight: with num_dim_spatial=2 "
            "expected 24 arguments after the operation name (data_type "
            "layout verify init log time num_dim_spatial G N K C Y X Hi Wi "
            "Sy Sx Dy Dx LeftPy LeftPx RightPy RightPx split_k), got 22 (the "
            "command ends before '-o', which is not a ckProfiler argument; a "
            "tool's own flags go before --ckprofiler or after the command)");
}

TEST(ProblemArgs, Errors) {
  auto error = [](const Args &args) { return parseProblemArgs(args).error; };
  EXPECT_EQ(error({"--csv", kCsv, "--type=f16"}),
            "--csv needs --direction (fwd, bwd_data or bwd_weight): the table "
            "has no direction column");
  EXPECT_EQ(error({"--csv", kCsv, "--direction=fwd"}),
            "--csv needs --type (f16, bf16 or f32): the table has no type "
            "column");
  EXPECT_EQ(error({"--csv", kCsv, "--direction=fwd", "--type=f16", "-N", "4"}),
            "--csv takes the sizes from the table; -N cannot be given with it "
            "(only --direction, --type and --layouts can)");
  EXPECT_EQ(error({"--csv"}), "--csv needs a file name");
  EXPECT_EQ(error({"--csv", "a", "--csv", "b"}),
            "--csv given twice: one table per run");
  EXPECT_EQ(
      error({"--csv", "/nonexistent.csv", "--direction=fwd", "--type=f16"}),
      "cannot read '/nonexistent.csv': No such file or directory");
  EXPECT_EQ(error({"--ckprofiler", "grouped_conv_fwd", "--ckprofiler"}),
            "--ckprofiler given twice: one ckProfiler command per run");
  EXPECT_EQ(error({"--ckprofiler", "grouped_conv_fwd", "--csv", kCsv}),
            "give --csv or --ckprofiler, not both");
  EXPECT_EQ(error({"-N", "3", "--ckprofiler", "grouped_conv_bwd_weight"}),
            "--ckprofiler takes the whole problem from ckProfiler's "
            "arguments; remove -N");
  EXPECT_EQ(error({"--ckprofiler", "grouped_conv_bwd_weight", "1", "2"}),
            "ckProfiler grouped_conv_bwd_weight: argument 7 "
            "(num_dim_spatial) must be 1, 2 or 3, got nothing");
  EXPECT_EQ(error({"--in=7", "--filter=9"}),
            "invalid problem: the output would be empty: the dilated filter "
            "spans 9 (filter 9, dilation 1), more than the padded input 7 "
            "(input 7, pads 0/0)");
  EXPECT_EQ(error({"--in"}), "--in needs a value");
}

TEST(ProblemArgs, UniqueProblems) {
  ProblemArgs args = parseProblemArgs(
      {"--csv", kCsv, "--direction", "bwd_weight", "--type", "f16"});
  ASSERT_TRUE(args.ok()) << args.error;
  std::vector<ConvProblemDesc> twice = args.problems;
  twice.insert(twice.end(), args.problems.begin(), args.problems.end());
  std::vector<ConvProblemDesc> unique = uniqueProblems(twice);
  ASSERT_EQ(unique.size(), args.problems.size());
  for (size_t i = 0; i < unique.size(); ++i)
    EXPECT_EQ(unique[i].key(), args.problems[i].key());
}

TEST(ProblemArgs, Help) {
  std::string help = problemArgsHelp();
  for (const char *word : {"--csv FILE", "--ckprofiler OP", "--direction",
                           "grouped_conv_bwd_weight"})
    EXPECT_NE(help.find(word), std::string::npos) << word;
}

} // namespace
