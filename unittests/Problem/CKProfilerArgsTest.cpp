//===- CKProfilerArgsTest.cpp - A problem from a ckProfiler command -------===//

#include "ck/Problem/CKProfilerArgs.h"

#include <gtest/gtest.h>

#include <sstream>

using namespace ckproblem;

namespace {

/// "a b c" -> {"a", "b", "c"}.
std::vector<std::string> words(const std::string &line) {
  std::istringstream in(line);
  std::vector<std::string> result;
  for (std::string word; in >> word;)
    result.push_back(word);
  return result;
}

ConvProblemDesc parseOne(const std::string &line) {
  ProblemList list = parseCKProfilerArgs(words(line));
  EXPECT_TRUE(list.ok()) << list.error;
  EXPECT_EQ(list.problems.size(), list.ok() ? 1u : 0u);
  return list.ok() ? list.problems[0] : ConvProblemDesc();
}

std::string errorOf(const std::string &line) {
  ProblemList list = parseCKProfilerArgs(words(line));
  EXPECT_TRUE(list.problems.empty());
  return list.error;
}

// The bwd_weight example of CK's profiler README (layout 2 is
// NHWGC_GKYXC_NHWGK in today's ckProfiler), with its asymmetric pads.
TEST(CKProfilerArgs, BwdWeightReadmeCommand) {
  ConvProblemDesc p =
      parseOne("./bin/ckProfiler grouped_conv_bwd_weight 1 2 0 1 0 1 2 32 "
               "256 256 512 3 3 28 28 1 1 1 1 1 0 0 0 1");
  EXPECT_EQ(p.direction, "bwd_weight");
  EXPECT_EQ(p.dtype, "f16");
  EXPECT_EQ(p.g, 32);
  EXPECT_EQ(p.n, 256);
  EXPECT_EQ(p.k, 256); // K comes before C
  EXPECT_EQ(p.c, 512);
  EXPECT_EQ(p.filterSizes, (std::vector<int64_t>{3, 3}));
  EXPECT_EQ(p.inSizes, (std::vector<int64_t>{28, 28}));
  EXPECT_EQ(p.strides, (std::vector<int64_t>{1, 1}));
  EXPECT_EQ(p.dilations, (std::vector<int64_t>{1, 1}));
  EXPECT_EQ(p.padLeft, (std::vector<int64_t>{1, 0}));
  EXPECT_EQ(p.padRight, (std::vector<int64_t>{0, 0}));
  EXPECT_EQ(p.outSizes(), (std::vector<int64_t>{27, 26}));
  EXPECT_EQ(p.layouts, (std::vector<std::string>{"NHWGC", "GKYXC", "NHWGK"}));
  EXPECT_EQ(p.splitK, "1");
}

TEST(CKProfilerArgs, BwdWeightBf16SplitKAll3D) {
  ConvProblemDesc p =
      parseOne("grouped_conv_bwd_weight 5 2 1 1 0 1 3 2 4 16 8 3 3 3 9 10 11 "
               "1 2 1 1 1 2 1 1 1 1 1 1 all");
  EXPECT_EQ(p.dtype, "bf16");
  EXPECT_EQ(p.inSizes, (std::vector<int64_t>{9, 10, 11}));
  EXPECT_EQ(p.strides, (std::vector<int64_t>{1, 2, 1}));
  EXPECT_EQ(p.dilations, (std::vector<int64_t>{1, 1, 2}));
  EXPECT_EQ(p.layouts,
            (std::vector<std::string>{"NDHWGC", "GKZYXC", "NDHWGK"}));
  EXPECT_EQ(p.splitK, "all");
  EXPECT_EQ(parseOne("grouped_conv_bwd_weight 0 2 1 1 0 1 1 1 2 3 4 3 8 1 1 "
                     "0 0 -1")
                .splitK,
            "-1");
}

// Today's ckProfiler: data type, layout, index type, verify, init, log,
// time, then num_dim_spatial.
TEST(CKProfilerArgs, FwdWithIndexType) {
  ConvProblemDesc p =
      parseOne("ckProfiler grouped_conv_fwd 1 1 0 1 1 0 1 2 32 4 192 96 3 3 "
               "28 28 2 2 1 1 1 1 1 1");
  EXPECT_EQ(p.direction, "fwd");
  EXPECT_EQ(p.dtype, "f16");
  EXPECT_EQ(p.g, 32);
  EXPECT_EQ(p.n, 4);
  EXPECT_EQ(p.k, 192);
  EXPECT_EQ(p.c, 96);
  EXPECT_EQ(p.strides, (std::vector<int64_t>{2, 2}));
  EXPECT_EQ(p.outSizes(), (std::vector<int64_t>{14, 14}));
  EXPECT_EQ(p.splitK, "");
}

// Older ckProfilers had no index type argument.
TEST(CKProfilerArgs, FwdWithoutIndexType) {
  ConvProblemDesc p =
      parseOne("ckProfiler grouped_conv_fwd 2 1 1 1 0 1 2 32 4 192 96 3 3 "
               "28 28 2 2 1 1 1 1 1 1");
  EXPECT_EQ(p.dtype, "bf16");
  EXPECT_EQ(p.g, 32);
  EXPECT_EQ(p.c, 96);
  EXPECT_EQ(p.outSizes(), (std::vector<int64_t>{14, 14}));
  ConvProblemDesc q = parseOne("grouped_conv_fwd 0 1 1 1 0 1 1 1 8 16 32 3 "
                               "100 1 1 0 0");
  EXPECT_EQ(q.dtype, "f32");
  EXPECT_EQ(q.layouts, (std::vector<std::string>{"NWGC", "GKXC", "NWGK"}));
  EXPECT_EQ(q.outSizes(), (std::vector<int64_t>{98}));
}

TEST(CKProfilerArgs, BwdData) {
  ConvProblemDesc p =
      parseOne("ckProfiler grouped_conv_bwd_data 1 1 1 1 0 1 2 32 4 192 192 "
               "3 3 28 28 1 1 1 1 1 1 1 1");
  EXPECT_EQ(p.direction, "bwd_data");
  EXPECT_EQ(p.dtype, "f16");
  EXPECT_EQ(p.writtenTensor(), 0);
  EXPECT_EQ(p.outSizes(), (std::vector<int64_t>{28, 28}));
}

const char *const kBwdWeight = "grouped_conv_bwd_weight 1 2 0 1 0 1 2 1 "
                               "16 256 256 3 3 50 50 1 1 1 1 1 1 1 1 -1";

/// parseCKProfilerPrefix on `line`: the problem's key or the error, and
/// the arguments it took.
std::pair<std::string, size_t> prefix(const std::string &line) {
  size_t used = 1000;
  ProblemList list = parseCKProfilerPrefix(words(line), used);
  return {list.ok() ? list.problems.at(0).key() : list.error, used};
}

// A command takes exactly its arguments: what follows is the tool's.
TEST(CKProfilerArgs, PrefixTakesExactlyItsArguments) {
  std::string key = "bwd_weight-f16-G1-N16-C256-K256-in50x50-f3x3-s1x1-d1x1-"
                    "pl1x1-pr1x1-NHWGC_GKYXC_NHWGK-splitk-1";
  EXPECT_EQ(prefix(kBwdWeight + std::string(" -o X")),
            std::make_pair(key, size_t(25)));
  EXPECT_EQ(prefix("./ckProfiler " + std::string(kBwdWeight) + " -o X"),
            std::make_pair(key, size_t(26)));
  EXPECT_EQ(prefix(kBwdWeight), std::make_pair(key, size_t(25)));
  // What follows need not look like a flag.
  EXPECT_EQ(prefix(kBwdWeight + std::string(" problem.mlir 7")).second, 25u);
  // Both forward forms, each followed by a flag.
  std::string fwd = "fwd-f16-G32-N4-C96-K192-in28x28-f3x3-s2x2-d1x1-pl1x1-"
                    "pr1x1-NHWGC_GKYXC_NHWGK";
  EXPECT_EQ(prefix("grouped_conv_fwd 1 1 0 1 1 0 1 2 32 4 192 96 3 3 28 28 2 "
                   "2 1 1 1 1 1 1 --chip=gfx942"),
            std::make_pair(fwd, size_t(25)));
  EXPECT_EQ(prefix("grouped_conv_fwd 1 1 1 1 0 1 2 32 4 192 96 3 3 28 28 2 2 "
                   "1 1 1 1 1 1 -o X"),
            std::make_pair(fwd, size_t(24)));
  // Negative numbers are arguments, not flags.
  EXPECT_EQ(prefix("grouped_conv_bwd_data 1 1 1 1 0 1 1 1 2 8 4 3 10 1 1 -1 "
                   "1 -o X"),
            std::make_pair(std::string("ckProfiler grouped_conv_bwd_data: "
                                       "invalid problem: pads must be >= 0, "
                                       "got -1/1"),
                           size_t(18)));
}

// A command cut short by a flag says where it ended.
TEST(CKProfilerArgs, PrefixCutShortByAFlag) {
  EXPECT_EQ(
      prefix("grouped_conv_bwd_weight 1 2 0 1 0 1 2 1 16 256 256 3 3 "
             "50 50 1 1 1 1 1 1 1 1 -o X"),
      std::make_pair(
          std::string("ckProfiler grouped_conv_bwd_weight: with "
                      "num_dim_spatial=2 expected 24 arguments after the "
                      "operation name (data_type layout verify init log time "
                      "num_dim_spatial G N K C Y X Hi Wi Sy Sx Dy Dx LeftPy "
                      "LeftPx RightPy RightPx split_k), got 23 (the command "
                      "ends before '-o', which is not a ckProfiler argument; "
                      "a tool's own flags go before --ckprofiler or after the "
                      "command)"),
          size_t(24)));
  EXPECT_EQ(prefix("grouped_conv_bwd_data 1 1 1 --chip=gfx942"),
            std::make_pair(
                std::string("ckProfiler grouped_conv_bwd_data: argument 7 "
                            "(num_dim_spatial) must be 1, 2 or 3, got nothing "
                            "(the command ends before '--chip=gfx942', which "
                            "is not a ckProfiler argument; a tool's own flags "
                            "go before --ckprofiler or after the command)"),
                size_t(4)));
  EXPECT_EQ(prefix("-o X").second, 0u);
  // A complete command's own errors get no such note.
  EXPECT_EQ(prefix("grouped_conv_bwd_weight 4 2 0 1 0 1 2 1 16 256 256 3 3 "
                   "50 50 1 1 1 1 1 1 1 1 -1 -o X"),
            std::make_pair(std::string("ckProfiler grouped_conv_bwd_weight: "
                                       "data type 4 (int8) is not supported; "
                                       "ck-mlir takes 0 (fp32), 1 (fp16), 5 "
                                       "(bf16)"),
                           size_t(25)));
}

TEST(CKProfilerArgs, Errors) {
  EXPECT_EQ(errorOf(""),
            "ckProfiler: expected an operation (grouped_conv_fwd, "
            "grouped_conv_bwd_data or grouped_conv_bwd_weight) and its "
            "arguments");
  EXPECT_EQ(errorOf("ckProfiler conv_fwd 1 1"),
            "ckProfiler: operation 'conv_fwd' is not supported; expected "
            "grouped_conv_fwd, grouped_conv_bwd_data or "
            "grouped_conv_bwd_weight");
  EXPECT_EQ(errorOf("grouped_conv_bwd_data 1 1 1 1 0 1 4 1 1 1 1"),
            "ckProfiler grouped_conv_bwd_data: argument 7 (num_dim_spatial) "
            "must be 1, 2 or 3, got '4'");
  EXPECT_EQ(errorOf("grouped_conv_bwd_data 1 1 1"),
            "ckProfiler grouped_conv_bwd_data: argument 7 (num_dim_spatial) "
            "must be 1, 2 or 3, got nothing");
  EXPECT_EQ(errorOf("grouped_conv_bwd_weight 1 2 0 1 0 1 2 32 256 256 512 3 "
                    "3 28 28 1 1 1 1 1 0 0 0"),
            "ckProfiler grouped_conv_bwd_weight: with num_dim_spatial=2 "
            "expected 24 arguments after the operation name (data_type "
            "layout verify init log time num_dim_spatial G N K C Y X Hi Wi "
            "Sy Sx Dy Dx LeftPy LeftPx RightPy RightPx split_k), got 23");
  // Extra arguments are named.
  EXPECT_EQ(errorOf(kBwdWeight + std::string(" -o X")),
            "ckProfiler grouped_conv_bwd_weight: with num_dim_spatial=2 "
            "expected 24 arguments after the operation name (data_type "
            "layout verify init log time num_dim_spatial G N K C Y X Hi Wi "
            "Sy Sx Dy Dx LeftPy LeftPx RightPy RightPx split_k), got 26; the "
            "extra ones are '-o' 'X'");
  EXPECT_EQ(errorOf("grouped_conv_fwd 1 1 0 1 1 0 1 2 32 4 192 96 3 3 28 28 "
                    "2 2 1 1 1 1 1"),
            "ckProfiler grouped_conv_fwd: with num_dim_spatial=2 expected 24 "
            "arguments after the operation name (data_type layout "
            "index_type verify init log time num_dim_spatial G N K C Y X Hi "
            "Wi Sy Sx Dy Dx LeftPy LeftPx RightPy RightPx), got 23");
  EXPECT_EQ(errorOf("grouped_conv_bwd_data 1 1 1 1 0 1 2 32 4 192 192 3 3 28 "
                    "28x 1 1 1 1 1 1 1 1"),
            "ckProfiler grouped_conv_bwd_data: argument 15 (Wi) expects an "
            "integer, got '28x'");
  EXPECT_EQ(errorOf("grouped_conv_fwd 3 1 0 1 1 0 1 2 32 4 192 96 3 3 28 28 "
                    "2 2 1 1 1 1 1 1"),
            "ckProfiler grouped_conv_fwd: data type 3 (int8) is not "
            "supported; ck-mlir takes 0 (fp32), 1 (fp16), 2 (bf16)");
  EXPECT_EQ(errorOf("grouped_conv_bwd_weight 2 2 0 1 0 1 2 32 256 256 512 3 "
                    "3 28 28 1 1 1 1 1 0 0 0 1"),
            "ckProfiler grouped_conv_bwd_weight: data type 2 (bf16 input and "
            "output with an fp32 weight) is not supported; ck-mlir takes 0 "
            "(fp32), 1 (fp16), 5 (bf16)");
  EXPECT_EQ(errorOf("grouped_conv_bwd_data 9 1 1 1 0 1 2 32 4 192 192 3 3 28 "
                    "28 1 1 1 1 1 1 1 1"),
            "ckProfiler grouped_conv_bwd_data: data type 9 is unknown; "
            "ck-mlir takes 0 (fp32), 1 (fp16), 2 (bf16)");
  EXPECT_EQ(errorOf("grouped_conv_bwd_data 1 0 1 1 0 1 2 32 4 192 192 3 3 28 "
                    "28 1 1 1 1 1 1 1 1"),
            "ckProfiler grouped_conv_bwd_data: layout 0 (GNHWC_GKYXC_GNHWK) "
            "is not supported; ck-mlir takes the channels-last layout 1 "
            "(NHWGC_GKYXC_NHWGK) (NWGC/NHWGC/NDHWGC input)");
  EXPECT_EQ(errorOf("grouped_conv_bwd_weight 1 1 0 1 0 1 2 32 256 256 512 3 "
                    "3 28 28 1 1 1 1 1 0 0 0 1"),
            "ckProfiler grouped_conv_bwd_weight: layout 1 (GNHWC_GKYXC_GNHWK) "
            "is not supported; ck-mlir takes the channels-last layout 2 "
            "(NHWGC_GKYXC_NHWGK) (NWGC/NHWGC/NDHWGC input)");
  EXPECT_EQ(errorOf("grouped_conv_fwd 1 7 0 1 1 0 1 2 32 4 192 96 3 3 28 28 "
                    "2 2 1 1 1 1 1 1"),
            "ckProfiler grouped_conv_fwd: layout 7 is unknown; ck-mlir takes "
            "the channels-last layout 1 (NHWGC_GKYXC_NHWGK) (NWGC/NHWGC/"
            "NDHWGC input)");
  EXPECT_EQ(errorOf("grouped_conv_bwd_weight 1 2 0 1 0 1 2 32 256 256 512 3 "
                    "3 28 28 1 1 1 1 1 0 0 0 some"),
            "ckProfiler grouped_conv_bwd_weight: split_k (the last argument) "
            "expects an integer or 'all', got 'some'");
  EXPECT_EQ(errorOf("grouped_conv_fwd 1 1 0 1 1 0 1 2 32 4 192 96 5 5 2 2 1 "
                    "1 1 1 0 0 0 0"),
            "ckProfiler grouped_conv_fwd: invalid problem: the output would "
            "be empty: the dilated filter spans 5x5 (filter 5x5, dilation "
            "1x1), more than the padded input 2x2 (input 2x2, pads "
            "0x0/0x0)");
}

} // namespace
