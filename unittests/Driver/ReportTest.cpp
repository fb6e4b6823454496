//===- ReportTest.cpp - Reading AMD kernels' loops ------------------------===//
//
// analyzeAmdgpuAssembly on a hand-written kernel: which loop is the main
// loop, and what counts as a division in it.
//
//===----------------------------------------------------------------------===//

#include "ck/Driver/Report.h"
#include "ck/Target/Chip.h"

#include <gtest/gtest.h>

using namespace mlir::ck;

namespace {

// A StreamK-like kernel: a short fix-up loop adding partials with one FMA,
// then the K loop with four. The K loop also computes a 64-bit address
// (both halves of s23 * 0x60) and divides by a constant (a multiply-high
// alone).
constexpr const char *kKernel = R"(
gemm_0:
.LBB0_1:
	v_fma_f32 v2, v3, v4, v2
	s_add_u32 s0, s0, 1
	s_cbranch_scc1 .LBB0_1
.LBB0_2:
	s_mul_i32 s36, s23, 0x60
	s_mul_hi_i32 s33, s23, 0x60
	v_mul_hi_u32 v1, v24, s0
	v_fma_f32 v5, v6, v7, v5
	v_fma_f32 v8, v6, v7, v8
	v_fma_f32 v9, v6, v7, v9
	v_fma_f32 v10, v6, v7, v10
	global_load_dwordx4 v[12:15], v[16:17], off
	ds_read_b128 v[20:23], v18
	ds_read2_b64 v[24:27], v18 offset1:4
	ds_read_b64_tr_b16 v[28:29], v19
	s_cbranch_vccnz .LBB0_2
	s_endpgm
.Lfunc_end0:
amdhsa.kernels:
  - .name: gemm_0
    .vgpr_count: 20
    .sgpr_count: 40
    .wavefront_size: 64
    .max_flat_workgroup_size: 256
)";

TEST(Report, MainLoopIsTheLoopWithTheComputeNotTheSmallestHoldingSome) {
  const ChipInfo *chip = lookupChip("gfx942");
  ASSERT_NE(chip, nullptr);
  std::vector<KernelReport> reports = analyzeAmdgpuAssembly(kKernel, *chip);
  ASSERT_EQ(reports.size(), 1u);
  ASSERT_EQ(reports[0].loops.size(), 1u);
  const LoopReport &loop = reports[0].loops[0];
  EXPECT_EQ(loop.name, "main loop");
  EXPECT_EQ(loop.mix.at("fma"), 4);
  EXPECT_EQ(loop.mix.at("vmem_load"), 1);
  // 128-bit LDS reads are counted apart from narrower ones, and transpose
  // reads apart from both.
  EXPECT_EQ(loop.mix.at("lds_read_b128"), 1);
  EXPECT_EQ(loop.mix.at("lds_read"), 1);
  EXPECT_EQ(loop.mix.at("lds_read_tr"), 1);
}

TEST(Report, HalfOfA64BitProductIsNoDivision) {
  const ChipInfo *chip = lookupChip("gfx942");
  ASSERT_NE(chip, nullptr);
  std::vector<KernelReport> reports = analyzeAmdgpuAssembly(kKernel, *chip);
  ASSERT_EQ(reports.size(), 1u);
  ASSERT_FALSE(reports[0].loops.empty());
  const auto &mix = reports[0].loops[0].mix;
  // v_mul_hi_u32 alone divides; s_mul_hi_i32 beside s_mul_i32 of the same
  // operands is an address's upper half: scalar ALU with s_mul_i32 and the
  // branch.
  EXPECT_EQ(mix.at("divide"), 1);
  EXPECT_EQ(mix.at("salu"), 3);
}

} // namespace
