//===- ProblemCsvTest.cpp - Problems from a CSV table ---------------------===//

#include "ck/Problem/ProblemCsv.h"

#include <gtest/gtest.h>

using namespace ckproblem;

namespace {

CsvDefaults bwdWeightF16() { return {"bwd_weight", "f16", {}}; }

TEST(ProblemCsv, RetinaNetTable) {
  ProblemList list = readProblemCsv(
      CK_SOURCE_DIR "/bench/data/retinanet_bwd_weight.csv", bwdWeightF16());
  ASSERT_TRUE(list.ok()) << list.error;
  EXPECT_EQ(list.problems.size(), 37u);
  const ConvProblemDesc &p = list.problems[0];
  EXPECT_EQ(p.direction, "bwd_weight");
  EXPECT_EQ(p.dtype, "f16");
  EXPECT_EQ(p.g, 1);
  EXPECT_EQ(p.n, 16);
  EXPECT_EQ(p.c, 256);
  EXPECT_EQ(p.k, 36);
  EXPECT_EQ(p.inSizes, (std::vector<int64_t>{7, 7}));
  EXPECT_EQ(p.filterSizes, (std::vector<int64_t>{3, 3}));
  EXPECT_EQ(p.padLeft, (std::vector<int64_t>{1, 1}));
  EXPECT_EQ(p.padRight, (std::vector<int64_t>{1, 1}));
  EXPECT_EQ(p.layouts, (std::vector<std::string>{"NHWGC", "GKYXC", "NHWGK"}));
}

TEST(ProblemCsv, RowsWithoutHeader) {
  ProblemList list =
      parseProblemCsv("# comment\n\n"
                      "2,4,8,16,13,14,3,1,2,1,1,0,1,2\r\n"
                      "  1, 1, 1, 1, 5, 5, 1, 1, 1, 1, 0, 0, 1, 1, 7\n",
                      "t.csv", {"fwd", "bf16", {}});
  ASSERT_TRUE(list.ok()) << list.error;
  ASSERT_EQ(list.problems.size(), 2u);
  const ConvProblemDesc &p = list.problems[0];
  EXPECT_EQ(p.direction, "fwd");
  EXPECT_EQ(p.dtype, "bf16");
  EXPECT_EQ(p.g, 2);
  EXPECT_EQ(p.n, 4);
  EXPECT_EQ(p.c, 8);
  EXPECT_EQ(p.k, 16);
  EXPECT_EQ(p.inSizes, (std::vector<int64_t>{13, 14}));
  EXPECT_EQ(p.filterSizes, (std::vector<int64_t>{3, 1}));
  EXPECT_EQ(p.strides, (std::vector<int64_t>{2, 1}));
  EXPECT_EQ(p.padLeft, (std::vector<int64_t>{1, 0}));
  EXPECT_EQ(p.dilations, (std::vector<int64_t>{1, 2}));
}

TEST(ProblemCsv, HeaderInAnyOrderAndLayouts) {
  ProblemList list = parseProblemCsv(
      "name,X,Y,W,H,K,C,N,G,dil_w,dil_h,pad_w,pad_h,stride_w,stride_h\n"
      "conv1,1,3,20,10,64,32,8,1,1,1,0,1,1,2\n",
      "t.csv", {"bwd_data", "f32", {"GNHWC", "GKYXC", "GNHWK"}});
  ASSERT_TRUE(list.ok()) << list.error;
  const ConvProblemDesc &p = list.problems[0];
  EXPECT_EQ(p.inSizes, (std::vector<int64_t>{10, 20}));
  EXPECT_EQ(p.filterSizes, (std::vector<int64_t>{3, 1}));
  EXPECT_EQ(p.strides, (std::vector<int64_t>{2, 1}));
  EXPECT_EQ(p.padLeft, (std::vector<int64_t>{1, 0}));
  EXPECT_EQ(p.c, 32);
  EXPECT_EQ(p.k, 64);
  EXPECT_EQ(p.layouts, (std::vector<std::string>{"GNHWC", "GKYXC", "GNHWK"}));
}

// Spreadsheets save "CSV UTF-8" with a byte-order mark; it was read as
// part of the first column's name ("header has no column 'G'").
TEST(ProblemCsv, ByteOrderMarkIsSkipped) {
  const std::string bom = "\xEF\xBB\xBF";
  ProblemList list = parseProblemCsv(
      bom + "G,N,C,K,H,W,Y,X,stride_h,stride_w,pad_h,pad_w,dil_h,dil_w\r\n"
            "2,4,8,16,13,14,3,1,2,1,1,0,1,2\r\n",
      "t.csv", bwdWeightF16());
  ASSERT_TRUE(list.ok()) << list.error;
  ASSERT_EQ(list.problems.size(), 1u);
  EXPECT_EQ(list.problems[0].g, 2);
  EXPECT_EQ(list.problems[0].k, 16);
  // Without a header the first number follows the mark.
  list = parseProblemCsv(bom + "3,1,1,1,5,5,1,1,1,1,0,0,1,1\n", "t.csv",
                         bwdWeightF16());
  ASSERT_TRUE(list.ok()) << list.error;
  EXPECT_EQ(list.problems[0].g, 3);
  // Only at the start: elsewhere it is an error, reported on its line.
  list = parseProblemCsv("1,1,1,1,5,5,1,1,1,1,0,0,1,1\n" + bom +
                             "1,1,1,1,5,5,1,1,1,1,0,0,1,1\n",
                         "t.csv", bwdWeightF16());
  EXPECT_EQ(list.error,
            "t.csv:2: column 'G' expects an integer, got '" + bom + "1'");
}

TEST(ProblemCsv, ErrorsNameTheLine) {
  auto error = [](const std::string &text) {
    ProblemList list = parseProblemCsv(text, "t.csv", bwdWeightF16());
    EXPECT_TRUE(list.problems.empty());
    return list.error;
  };
  std::string header = "G,N,C,K,H,W,Y,X,stride_h,stride_w,pad_h,pad_w,dil_h,"
                       "dil_w,layers\n";
  EXPECT_EQ(error("# c\n" + header +
                  "1,16,256,36,7,7,3,3,1,1,1,1,1,1,1\n"
                  "1,16,256,36,7,7,3,x,1,1,1,1,1,1,1\n"),
            "t.csv:4: column 'X' expects an integer, got 'x'");
  EXPECT_EQ(error(header + "1,16,256,36,7,7,3,3,1,1,1,1,1,1\n"),
            "t.csv:2: expected 15 comma-separated fields, got 14");
  EXPECT_EQ(error("1,16,256,36,7,7,3,3,1,1,1,1\n"),
            "t.csv:1: expected 14 or 15 comma-separated fields, got 12");
  EXPECT_EQ(error("1,16,256,36,7,7,3,3,1,1,1,1,1,1,many\n"),
            "t.csv:1: column 'layers' expects an integer, got 'many'");
  EXPECT_EQ(error("G,N,C,K,H,W,Y,X,stride,pad\n"),
            "t.csv:1: expected a header naming the columns G,N,C,K,H,W,Y,X,"
            "stride_h,stride_w,pad_h,pad_w,dil_h,dil_w[,layers] or a row of "
            "integers; this header has no column 'stride_h'");
  EXPECT_EQ(error("\n\n1,16,256,0,7,7,3,3,1,1,1,1,1,1\n"),
            "t.csv:3: invalid problem: K must be >= 1, got 0");
  EXPECT_EQ(error("1,1,1,1,2,2,5,5,1,1,0,0,1,1\n"),
            "t.csv:1: invalid problem: the output would be empty: the "
            "dilated filter spans 5x5 (filter 5x5, dilation 1x1), more than "
            "the padded input 2x2 (input 2x2, pads 0x0/0x0)");
  EXPECT_EQ(error("# only a comment\n" + header),
            "t.csv: no problems in the table (only comments, blank lines or "
            "a header)");
  EXPECT_EQ(error(""), "t.csv: no problems in the table (only comments, "
                       "blank lines or a header)");
  ProblemList bad = parseProblemCsv("1,1,1,1,5,5,1,1,1,1,0,0,1,1\n", "t.csv",
                                    {"sideways", "f16", {}});
  EXPECT_EQ(bad.error, "t.csv:1: invalid problem: direction 'sideways' is not "
                       "one of fwd, bwd_data, bwd_weight");
}

TEST(ProblemCsv, UnreadableFile) {
  ProblemList list =
      readProblemCsv("/nonexistent/problems.csv", bwdWeightF16());
  EXPECT_EQ(list.error, "cannot read '/nonexistent/problems.csv': No such "
                        "file or directory");
}

} // namespace
