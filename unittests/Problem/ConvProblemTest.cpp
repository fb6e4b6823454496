//===- ConvProblemTest.cpp - ConvProblemDesc ------------------------------===//

#include "ck/Problem/ConvProblem.h"

#include <gtest/gtest.h>

#include <cctype>
#include <limits>
#include <sstream>

using namespace ckproblem;

namespace {

ConvProblemDesc retinanet() {
  ConvProblemDesc p;
  p.direction = "bwd_weight";
  p.dtype = "f16";
  p.g = 1;
  p.n = 16;
  p.c = 256;
  p.k = 256;
  p.inSizes = {50, 50};
  p.filterSizes = {3, 3};
  p.padLeft = p.padRight = {1, 1};
  return p;
}

/// complete()'s message for `p`.
std::string errorOf(ConvProblemDesc p) { return p.complete(); }

TEST(ConvProblem, CompleteFillsDefaults) {
  ConvProblemDesc p = retinanet();
  p.padLeft.clear();
  p.padRight.clear();
  ASSERT_EQ(p.complete(), "");
  EXPECT_EQ(p.strides, (std::vector<int64_t>{1, 1}));
  EXPECT_EQ(p.dilations, (std::vector<int64_t>{1, 1}));
  EXPECT_EQ(p.padLeft, (std::vector<int64_t>{0, 0}));
  EXPECT_EQ(p.padRight, (std::vector<int64_t>{0, 0}));
  EXPECT_EQ(p.layouts, (std::vector<std::string>{"NHWGC", "GKYXC", "NHWGK"}));
}

TEST(ConvProblem, ChannelsLastLayoutsPerRank) {
  EXPECT_EQ(channelsLastLayouts(1),
            (std::vector<std::string>{"NWGC", "GKXC", "NWGK"}));
  EXPECT_EQ(channelsLastLayouts(2),
            (std::vector<std::string>{"NHWGC", "GKYXC", "NHWGK"}));
  EXPECT_EQ(channelsLastLayouts(3),
            (std::vector<std::string>{"NDHWGC", "GKZYXC", "NDHWGK"}));
  EXPECT_TRUE(channelsLastLayouts(0).empty());
  EXPECT_TRUE(channelsLastLayouts(4).empty());
}

TEST(ConvProblem, CompleteErrors) {
  ConvProblemDesc p = retinanet();
  p.direction = "bwd";
  EXPECT_EQ(errorOf(p), "invalid problem: direction 'bwd' is not one of fwd, "
                        "bwd_data, bwd_weight");
  p = retinanet();
  p.dtype = "f64";
  EXPECT_EQ(errorOf(p),
            "invalid problem: type 'f64' is not one of f16, bf16, f32");
  p = retinanet();
  p.inSizes.clear();
  EXPECT_EQ(errorOf(p),
            "invalid problem: expected 1, 2 or 3 spatial input sizes, got 0");
  p = retinanet();
  p.inSizes = {2, 2, 2, 2};
  EXPECT_EQ(errorOf(p),
            "invalid problem: expected 1, 2 or 3 spatial input sizes, got 4");
  p = retinanet();
  p.filterSizes = {3};
  EXPECT_EQ(errorOf(p), "invalid problem: expected 2 filter sizes (one per "
                        "input size), got 1");
  p = retinanet();
  p.strides = {1, 1, 1};
  EXPECT_EQ(errorOf(p), "invalid problem: expected 2 strides (one per input "
                        "size), got 3");
  p = retinanet();
  p.padRight = {1};
  EXPECT_EQ(errorOf(p), "invalid problem: expected 2 right pads (one per "
                        "input size), got 1");
  p = retinanet();
  p.k = 0;
  EXPECT_EQ(errorOf(p), "invalid problem: K must be >= 1, got 0");
  p = retinanet();
  p.g = -3;
  EXPECT_EQ(errorOf(p), "invalid problem: G must be >= 1, got -3");
  p = retinanet();
  p.filterSizes = {3, 0};
  EXPECT_EQ(errorOf(p), "invalid problem: input and filter sizes must be >= "
                        "1, got in=50x50 filter=3x0");
  p = retinanet();
  p.strides = {1, 0};
  EXPECT_EQ(errorOf(p), "invalid problem: strides and dilations must be >= "
                        "1, got stride=1x0 dilation=1x1");
  p = retinanet();
  p.padLeft = {-1, 0};
  EXPECT_EQ(errorOf(p), "invalid problem: pads must be >= 0, got -1x0/1x1");
  p = retinanet();
  p.inSizes = {2, 3};
  p.padLeft = {1, 0};
  p.padRight = {0, 1};
  p.dilations = {2, 2};
  // 3 taps 2 apart span 5 inputs; 2 + 1 + 0 and 3 + 0 + 1 are padded.
  EXPECT_EQ(errorOf(p), "invalid problem: the output would be empty: the "
                        "dilated filter spans 5x5 (filter 3x3, dilation "
                        "2x2), more than the padded input 3x4 (input 2x3, "
                        "pads 1x0/0x1)");
  p = retinanet();
  p.layouts = {"NHWGC", "GKYXC"};
  EXPECT_EQ(errorOf(p), "invalid problem: expected 3 layouts (input, filter, "
                        "output), got 2");
  p = retinanet();
  p.layouts = {"NHWGC", "GKYXC", "NHWGC"};
  EXPECT_EQ(errorOf(p), "invalid problem: output layout 'NHWGC' must name "
                        "each of the letters NGKHW exactly once");
  p = retinanet();
  p.layouts = {"NDHWGC", "GKYXC", "NHWGK"};
  EXPECT_EQ(errorOf(p), "invalid problem: input layout 'NDHWGC' must name "
                        "each of the letters NGCHW exactly once");
  p = retinanet();
  p.direction = "fwd";
  p.splitK = "4";
  EXPECT_EQ(errorOf(p),
            "invalid problem: split_k applies to bwd_weight only, not fwd");
}

/// A small problem to grow one size of: 1x1 of everything, f16.
ConvProblemDesc tiny(size_t rank = 1) {
  ConvProblemDesc p;
  p.inSizes.assign(rank, 1);
  p.filterSizes.assign(rank, 1);
  return p;
}

const int64_t kPow62 = int64_t(1) << 62;
const int64_t kInt64Max = std::numeric_limits<int64_t>::max();

// ck-compile -G 9223372036854775807 ... wrote a grid of 1 x G x 1; grid y
// takes at most 65535 blocks. G = 2^32 with N = 2^32 wrote a count of 0.
TEST(ConvProblem, GroupsFitGridY) {
  ConvProblemDesc p;
  p.g = kInt64Max;
  p.n = 2;
  p.c = p.k = 8;
  p.inSizes = {5, 5};
  p.filterSizes = {3, 3};
  p.padLeft = p.padRight = {1, 1};
  EXPECT_EQ(errorOf(p), "invalid problem: G is 9223372036854775807; at most "
                        "65535 groups are supported: the GEMM kernels launch "
                        "the groups along grid y, which GPUs limit to 65535 "
                        "blocks");
  p.g = p.n = int64_t(1) << 32;
  EXPECT_EQ(errorOf(p), "invalid problem: G is 4294967296; at most 65535 "
                        "groups are supported: the GEMM kernels launch the "
                        "groups along grid y, which GPUs limit to 65535 "
                        "blocks");
  p.g = 65535;
  p.n = 2;
  ASSERT_EQ(p.complete(), "");
  EXPECT_EQ(p.tensorElements(),
            (std::array<int64_t, 3>{65535 * 2 * 8 * 25, 65535 * 8 * 8 * 9,
                                    65535 * 2 * 8 * 25}));
  p.g = 65536;
  EXPECT_EQ(errorOf(p), "invalid problem: G is 65536; at most 65535 groups "
                        "are supported: the GEMM kernels launch the groups "
                        "along grid y, which GPUs limit to 65535 blocks");
}

TEST(ConvProblem, SizesBelow2To31) {
  ConvProblemDesc p = tiny();
  p.n = int64_t(1) << 32;
  EXPECT_EQ(errorOf(p), "invalid problem: N is 4294967296; N, C and K must "
                        "be below 2147483648 (2^31)");
  p = tiny();
  p.k = int64_t(1) << 31;
  EXPECT_EQ(errorOf(p), "invalid problem: K is 2147483648; N, C and K must "
                        "be below 2147483648 (2^31)");
  p = tiny();
  p.n = (int64_t(1) << 31) - 1;
  ASSERT_EQ(p.complete(), "");
  EXPECT_EQ(p.bytes(), 2 * (2 * p.n + 1));

  p = tiny(2);
  p.strides = {1, int64_t(1) << 31};
  EXPECT_EQ(errorOf(p), "invalid problem: strides and dilations must be "
                        "below 2147483648 (2^31), got stride=1x2147483648 "
                        "dilation=1x1");
  p = tiny(2);
  p.dilations = {kInt64Max, 1};
  EXPECT_EQ(errorOf(p), "invalid problem: strides and dilations must be "
                        "below 2147483648 (2^31), got stride=1x1 "
                        "dilation=9223372036854775807x1");
}

// --pad=2^62,2^62 reported an empty output: the padded size had wrapped.
TEST(ConvProblem, PaddedSizesAreExact) {
  ConvProblemDesc p;
  p.inSizes = {5, 5};
  p.filterSizes = {3, 3};
  p.padLeft = p.padRight = {kPow62, kPow62};
  // 5 + 2^63 does not fit int64_t; outSizes() says -1 rather than wrap.
  EXPECT_EQ(p.outSizes(), (std::vector<int64_t>{-1, -1}));
  EXPECT_EQ(errorOf(p), "invalid problem: the padded input H (input 5 + "
                        "pads 4611686018427387904 + 4611686018427387904) is "
                        "about 2^63 (too large for 64 bits); input sizes "
                        "with their pads must be below 2147483648 (2^31)");
  p.padLeft = p.padRight = {1, int64_t(1) << 30};
  EXPECT_EQ(errorOf(p), "invalid problem: the padded input W (input 5 + "
                        "pads 1073741824 + 1073741824) is 2147483653; input "
                        "sizes with their pads must be below 2147483648 "
                        "(2^31)");
  // The largest padded size.
  p = tiny(2);
  p.inSizes = {(int64_t(1) << 31) - 3, 1};
  p.filterSizes = {3, 1};
  p.padLeft = p.padRight = {1, 0};
  ASSERT_EQ(p.complete(), "");
  EXPECT_EQ(p.outSizes(), (std::vector<int64_t>{(int64_t(1) << 31) - 3, 1}));
  p.padRight = {2, 0};
  EXPECT_EQ(errorOf(p), "invalid problem: the padded input H (input "
                        "2147483645 + pads 1 + 2) is 2147483648; input sizes "
                        "with their pads must be below 2147483648 (2^31)");
}

TEST(ConvProblem, DilatedFiltersAreExact) {
  ConvProblemDesc p = tiny(2);
  p.filterSizes = {1, 3};
  p.dilations = {1, int64_t(1) << 30};
  EXPECT_EQ(errorOf(p), "invalid problem: the dilated filter X ((filter 3 - "
                        "1) * dilation 1073741824 + 1) spans 2147483649 "
                        "inputs; a dilated filter must span fewer than "
                        "2147483648 (2^31)");
  p.filterSizes = {kPow62, 1};
  p.dilations = {(int64_t(1) << 31) - 1, 1};
  EXPECT_EQ(errorOf(p), "invalid problem: the dilated filter Y ((filter "
                        "4611686018427387904 - 1) * dilation 2147483647 + 1) "
                        "spans about 2^93 (too large for 64 bits) inputs; a "
                        "dilated filter must span fewer than 2147483648 "
                        "(2^31)");
}

TEST(ConvProblem, TensorsFitTheKernels) {
  ConvProblemDesc p;
  p.n = p.c = int64_t(1) << 30;
  p.inSizes = {50, 50};
  p.filterSizes = {3, 3};
  p.padLeft = p.padRight = {1, 1};
  EXPECT_EQ(p.tensorElements()[0], -1); // 2^60 * 2500 does not fit
  EXPECT_EQ(p.bytes(), -1);
  EXPECT_EQ(errorOf(p), "invalid problem: the input tensor (G*N*C*H*W = "
                        "1*1073741824*1073741824*50*50) has about 2^71 (too "
                        "large for 64 bits) elements; a tensor may have at "
                        "most 2^38 elements (and 2^40 bytes), as the "
                        "elementwise kernels launch one 256-thread block per "
                        "256 elements along grid x, which GPUs limit to "
                        "2^31 - 1 blocks");
  // Exactly 2^38 elements of output.
  p = tiny();
  p.n = p.k = int64_t(1) << 19;
  ASSERT_EQ(p.complete(), "");
  EXPECT_EQ(p.tensorElements(),
            (std::array<int64_t, 3>{1 << 19, 1 << 19, int64_t(1) << 38}));
  EXPECT_EQ(p.bytes(), 2 * ((int64_t(1) << 38) + (int64_t(1) << 20)));
  EXPECT_EQ(p.reductionLength(), 1 << 19);
  p.k += 1;
  EXPECT_EQ(errorOf(p), "invalid problem: the output tensor (G*N*K*Wo = "
                        "1*524288*524289*1) has 274878431232 elements; a "
                        "tensor may have at most 2^38 elements (and 2^40 "
                        "bytes), as the elementwise kernels launch one "
                        "256-thread block per 256 elements along grid x, "
                        "which GPUs limit to 2^31 - 1 blocks");
  // The filter of a 3D problem: 2^20 * 2^10 * 4^3 = 2^36 fits, 8^3 not.
  p = tiny(3);
  p.k = 1 << 20;
  p.c = 1 << 10;
  p.inSizes = p.filterSizes = {4, 4, 4};
  p.dtype = "f32";
  ASSERT_EQ(p.complete(), "");
  EXPECT_EQ(p.bytes(), 4 * ((1 << 16) + (int64_t(1) << 36) + (1 << 20)));
  p.inSizes = p.filterSizes = {8, 8, 8};
  EXPECT_EQ(errorOf(p), "invalid problem: the filter tensor (G*K*C*Z*Y*X = "
                        "1*1048576*1024*8*8*8) has 549755813888 elements; a "
                        "tensor may have at most 2^38 elements (and 2^40 "
                        "bytes), as the elementwise kernels launch one "
                        "256-thread block per 256 elements along grid x, "
                        "which GPUs limit to 2^31 - 1 blocks");
}

// Each tensor fits, but 2 * 2^62.7 flops do not fit the plan's int64.
TEST(ConvProblem, MultiplyAddsFitInt64) {
  ConvProblemDesc p;
  p.n = p.c = p.k = 1 << 13;
  p.inSizes = p.filterSizes = {16, 16, 16};
  p.padLeft = p.padRight = {7, 7, 7};
  EXPECT_EQ(p.outSizes(), (std::vector<int64_t>{15, 15, 15}));
  EXPECT_EQ(p.tensorElements(),
            (std::array<int64_t, 3>{int64_t(1) << 38, int64_t(1) << 38,
                                    (int64_t(1) << 26) * 3375}));
  EXPECT_EQ(errorOf(p), "invalid problem: the convolution takes "
                        "7599824371187712000 multiply-adds; at most 2^61 are "
                        "supported, so that its flop count fits the 64-bit "
                        "integer that plans record");
  p.n = 1 << 11; // a quarter: 2^60.7
  ASSERT_EQ(p.complete(), "");
  EXPECT_DOUBLE_EQ(p.flops(), 2.0 * double(int64_t(1) << 49) * 3375);
  EXPECT_LT(p.flops(), 0x1p63);
}

// Before complete() (or after it failed) nothing wraps either.
TEST(ConvProblem, SizesOfInvalidProblemsDoNotWrap) {
  ConvProblemDesc p = tiny(2);
  p.g = p.n = p.c = p.k = int64_t(1) << 32;
  EXPECT_EQ(p.tensorElements(), (std::array<int64_t, 3>{-1, -1, -1}));
  EXPECT_EQ(p.bytes(), -1);
  EXPECT_EQ(p.reductionLength(), int64_t(1) << 32);
  EXPECT_GT(p.flops(), 0x1p127);
  p.n = kInt64Max;
  p.inSizes = {kInt64Max, 2};
  EXPECT_EQ(p.reductionLength(), -1);
  EXPECT_EQ(p.outSizes(), (std::vector<int64_t>{kInt64Max, 2}));
  p.padLeft = {1, 0};
  EXPECT_EQ(p.outSizes(), (std::vector<int64_t>{-1, 2}));
  p.direction = "fwd";
  p.filterSizes = {kInt64Max, kInt64Max};
  EXPECT_EQ(p.reductionLength(), -1);
}

TEST(ConvProblem, OtherLayoutsAreAccepted) {
  ConvProblemDesc p = retinanet();
  p.layouts = {"GNHWC", "GKCYX", "NGKHW"};
  EXPECT_EQ(p.complete(), "");
  EXPECT_NE(p.summary().find(" layouts=GNHWC,GKCYX,NGKHW"), std::string::npos);
  EXPECT_NE(p.key().find("-GNHWC_GKCYX_NGKHW"), std::string::npos);
}

TEST(ConvProblem, SizesFlopsReduction) {
  ConvProblemDesc p = retinanet();
  ASSERT_EQ(p.complete(), "");
  EXPECT_EQ(p.outSizes(), (std::vector<int64_t>{50, 50}));
  EXPECT_DOUBLE_EQ(p.flops(), 2.0 * 16 * 256 * 256 * 2500 * 9);
  EXPECT_EQ(p.reductionLength(), 16 * 2500);
  EXPECT_EQ(p.writtenTensor(), 1);
  EXPECT_EQ(p.tensorElements(),
            (std::array<int64_t, 3>{16 * 2500 * 256, 256 * 9 * 256,
                                    16 * 2500 * 256}));
  EXPECT_EQ(p.elementBytes(), 2);
  EXPECT_EQ(p.bytes(), 2 * (16 * 2500 * 256 * 2 + 256 * 9 * 256));

  p.direction = "fwd";
  EXPECT_EQ(p.reductionLength(), 256 * 9);
  EXPECT_EQ(p.writtenTensor(), 2);
  p.direction = "bwd_data";
  p.c = 8;
  EXPECT_EQ(p.reductionLength(), 256 * 9);
  EXPECT_EQ(p.writtenTensor(), 0);
  p.dtype = "f32";
  EXPECT_EQ(p.elementBytes(), 4);
}

TEST(ConvProblem, StridedDilatedAsymmetric) {
  ConvProblemDesc p;
  p.direction = "fwd";
  p.dtype = "bf16";
  p.g = 2;
  p.n = 3;
  p.c = 4;
  p.k = 5;
  p.inSizes = {9, 10, 11};
  p.filterSizes = {3, 2, 1};
  p.strides = {2, 1, 3};
  p.dilations = {1, 2, 1};
  p.padLeft = {1, 0, 2};
  p.padRight = {0, 1, 0};
  ASSERT_EQ(p.complete(), "");
  // (9+1-3)/2+1 = 4, (10+1-2-1)/1+1 = 9, (11+2-1)/3+1 = 5.
  EXPECT_EQ(p.outSizes(), (std::vector<int64_t>{4, 9, 5}));
  EXPECT_EQ(p.layouts,
            (std::vector<std::string>{"NDHWGC", "GKZYXC", "NDHWGK"}));
  EXPECT_EQ(p.key(), "fwd-bf16-G2-N3-C4-K5-in9x10x11-f3x2x1-s2x1x3-d1x2x1-"
                     "pl1x0x2-pr0x1x0-NDHWGC_GKZYXC_NDHWGK");
}

TEST(ConvProblem, SummaryKeepsItsFormat) {
  ConvProblemDesc p;
  p.n = 2;
  p.c = 8;
  p.k = 4;
  p.inSizes = {7, 7};
  p.filterSizes = {3, 3};
  p.padLeft = p.padRight = {1, 1};
  ASSERT_EQ(p.complete(), "");
  EXPECT_EQ(p.summary(), "bwd_weight f16 G=1 N=2 C=8 K=4 in=7x7 filter=3x3 "
                         "stride=1x1 dilation=1x1 pad=1x1/1x1");
  p.splitK = "-1";
  EXPECT_EQ(p.summary(), "bwd_weight f16 G=1 N=2 C=8 K=4 in=7x7 filter=3x3 "
                         "stride=1x1 dilation=1x1 pad=1x1/1x1 split_k=-1");
}

TEST(ConvProblem, Key) {
  ConvProblemDesc p = retinanet();
  ASSERT_EQ(p.complete(), "");
  EXPECT_EQ(p.key(), "bwd_weight-f16-G1-N16-C256-K256-in50x50-f3x3-s1x1-d1x1-"
                     "pl1x1-pr1x1-NHWGC_GKYXC_NHWGK");
  // Pads on one side only are a different problem.
  ConvProblemDesc q = retinanet();
  q.padLeft = {2, 1};
  q.padRight = {0, 1};
  ASSERT_EQ(q.complete(), "");
  EXPECT_NE(p.key(), q.key());
  // split_k is part of the key, kept to safe characters.
  q = retinanet();
  q.splitK = "all";
  ASSERT_EQ(q.complete(), "");
  EXPECT_EQ(q.key(), p.key() + "-splitkall");
  q.splitK = "-1";
  EXPECT_EQ(q.key(), p.key() + "-splitk-1");
  q.splitK = "a/b";
  EXPECT_EQ(q.key(), p.key() + "-splitka_b");
  for (char ch : q.key())
    EXPECT_TRUE(std::isalnum(static_cast<unsigned char>(ch)) || ch == '-' ||
                ch == '_')
        << q.key();
}

TEST(ConvProblem, ToMLIR) {
  ConvProblemDesc p;
  p.direction = "bwd_data";
  p.dtype = "f32";
  p.g = 2;
  p.n = 3;
  p.c = 4;
  p.k = 5;
  p.inSizes = {6};
  p.filterSizes = {3};
  p.padLeft = {1};
  p.padRight = {0};
  ASSERT_EQ(p.complete(), "");
  std::string ir = p.toMLIR();
  EXPECT_NE(ir.find("func.func @conv(%x: memref<3x6x2x4xf32>, "
                    "%w: memref<2x5x3x4xf32>, %y: memref<3x5x2x5xf32>)"),
            std::string::npos)
      << ir;
  EXPECT_NE(ir.find("ck.conv_bwd_data input(%x : memref<3x6x2x4xf32>)"),
            std::string::npos)
      << ir;
  EXPECT_NE(ir.find("layouts(NWGC, GKXC, NWGK) strides [1] dilations [1]"),
            std::string::npos)
      << ir;
  EXPECT_NE(ir.find("pad_left [1] pad_right [0]"), std::string::npos) << ir;
}

} // namespace
