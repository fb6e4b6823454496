//===- ScheduleEvalTest.cpp - Plan schedules evaluated without a GPU ------===//
//
// ckrt_plan_desc_schedule_eval and ckrt_plan_desc_kernel_grid_for evaluate a
// plan's schedules as ckrt_plan_load does, for an SM/CU count and an
// occupancy the test gives: the numbers are those of section 9's worked
// example and of the split-K auto rule, and each is compared with
// planStreamK / planSplitK called directly.
//
//===----------------------------------------------------------------------===//

#include "ck-c/Runtime.h"
#include "ck/Runtime/Runtime.hpp"
#include "ck/Schedule/SplitK.h"
#include "ck/Schedule/StreamK.h"

#include "gtest/gtest.h"

#include <cstdint>
#include <initializer_list>
#include <string>

namespace {

/// Owns a parsed plan (the parse must succeed).
struct Plan {
  explicit Plan(std::initializer_list<const char *> body) {
    std::string text = "ck-plan 2\ntarget sm_90a\nbinary k.cubin\n";
    for (const char *l : body)
      text += std::string(l) + "\n";
    status = ckrt_plan_parse(text.c_str(), "", &desc);
    error = ckrt_last_error();
  }
  ~Plan() { ckrt_plan_desc_destroy(desc); }
  Plan(const Plan &) = delete;

  ckrt_status status;
  std::string error;
  ckrt_plan_desc *desc = nullptr;
};

/// Section 10's plan: the RetinaNet K=36 head on the H100 (132 SMs).
const std::initializer_list<const char *> kSectionTen = {
    "tensor 0 input f16 40000",
    "tensor 1 filter f16 589824",
    "tensor 2 output f16 40000",
    "schedule gemm_0 stream_k tiles 18 iters 1250 partial_bytes 32768 "
    "reduce tree dp persistent tail 2 min_iters 2 occupancy auto",
    "workspace 0 schedule:gemm_0 keep",
    "kernel gemm_0 grid schedule:gemm_0 1 1 block 256 1 1 lds 33792 coop "
    "args t2 t0 t1 w0 schedule:gemm_0"};

TEST(ScheduleEval, SectionNineExample) {
  // T = 18, I = 1250, W = 132 x 2 = 264: S = 18, D = 0, K = 264, q = 85,
  // r' = 60, and 16 contributors at most (TilingLadder.md section 9).
  Plan p(kSectionTen);
  ASSERT_EQ(p.status, CKRT_SUCCESS) << p.error;
  ckrt_schedule_info info;
  ASSERT_EQ(ckrt_plan_desc_schedule_eval(p.desc, 0, 132, 2, &info),
            CKRT_SUCCESS)
      << ckrt_last_error();
  EXPECT_STREQ(info.name, "gemm_0");
  EXPECT_EQ(info.kind, CKRT_SCHEDULE_STREAM_K);
  EXPECT_EQ(info.cus, 132u);
  EXPECT_EQ(info.occupancy, 2u);
  EXPECT_EQ(info.occupancy_queried, 0);
  EXPECT_EQ(info.resident_workgroups, 264u);
  EXPECT_EQ(info.streamk_tiles, 18);
  EXPECT_EQ(info.data_parallel_tiles, 0);
  EXPECT_EQ(info.streamk_workgroups, 264);
  EXPECT_EQ(info.iters_per_workgroup, 85);
  EXPECT_EQ(info.extra_iters, 60);
  EXPECT_EQ(info.grid, 264u);
  EXPECT_EQ(info.max_contributors, 16);
  EXPECT_EQ(info.k_batch, 0);
  // 264 slots of 32768 bytes of partial and a 256-byte flag line.
  EXPECT_EQ(info.workspace_bytes, 264u * (32768 + 256));
  ASSERT_EQ(info.num_scalars, 5u);
  EXPECT_EQ(info.scalars[0], 264);
  EXPECT_EQ(info.scalars[1], 0);
  EXPECT_EQ(info.scalars[2], 85);
  EXPECT_EQ(info.scalars[3], 60);
  EXPECT_EQ(info.scalars[4], 264);

  // The same numbers as the model's.
  ckschedule::StreamKOptions options;
  options.reduce = ckschedule::Reduction::Tree;
  options.dp = ckschedule::DataParallel::Persistent;
  options.tail = 2;
  options.minIters = 2;
  options.partialBytes = 32768;
  ckschedule::StreamKResult model =
      ckschedule::planStreamK(18, 1250, 264, options);
  ASSERT_TRUE(model.ok()) << model.error;
  EXPECT_EQ(int64_t(info.grid), model.plan.grid);
  EXPECT_EQ(int64_t(info.workspace_bytes), model.plan.workspaceBytes);
  EXPECT_EQ(info.max_contributors, model.plan.maxContributors);
  auto args = model.plan.kernelArguments();
  for (int i = 0; i < 5; ++i)
    EXPECT_EQ(info.scalars[i], args[size_t(i)]) << i;

  // The kernel's grid takes the schedule's.
  uint32_t grid[3];
  ASSERT_EQ(ckrt_plan_desc_kernel_grid_for(p.desc, 0, 132, 2, grid),
            CKRT_SUCCESS)
      << ckrt_last_error();
  EXPECT_EQ(grid[0], 264u);
  EXPECT_EQ(grid[1], 1u);
  EXPECT_EQ(grid[2], 1u);
}

TEST(ScheduleEval, TailAndDataParallelTiles) {
  // T = 1000 tiles on W = 132: r = 1000 mod 132 = 76, tail 2 shares out
  // S = 76 + 132 = 208 tiles; D = 792 = 6 * 132. K = 132, S * I = 208 * 8 =
  // 1664 = 132 * 12 + 80. per_tile launches D + K = 924.
  Plan p({"schedule p stream_k tiles 1000 iters 8 partial_bytes 300 dp "
          "per_tile occupancy 1",
          "kernel k grid schedule:p 1 1 block 64 1 1"});
  ASSERT_EQ(p.status, CKRT_SUCCESS) << p.error;
  ckrt_schedule_info info;
  // The plan pins occupancy 1: the 7 given is not used.
  ASSERT_EQ(ckrt_plan_desc_schedule_eval(p.desc, 0, 132, 7, &info),
            CKRT_SUCCESS)
      << ckrt_last_error();
  EXPECT_EQ(info.occupancy, 1u);
  EXPECT_EQ(info.resident_workgroups, 132u);
  EXPECT_EQ(info.streamk_tiles, 208);
  EXPECT_EQ(info.data_parallel_tiles, 792);
  EXPECT_EQ(info.streamk_workgroups, 132);
  EXPECT_EQ(info.iters_per_workgroup, 12);
  EXPECT_EQ(info.extra_iters, 80);
  EXPECT_EQ(info.grid, 924u);
  // 300 bytes round up to 512, plus the flag line.
  EXPECT_EQ(info.workspace_bytes, 132u * (512 + 256));
  uint32_t grid[3];
  ASSERT_EQ(ckrt_plan_desc_kernel_grid(p.desc, 0, 132, grid), CKRT_SUCCESS)
      << ckrt_last_error();
  EXPECT_EQ(grid[0], 924u);
}

TEST(ScheduleEval, SplitKAuto) {
  // auto: T = 18 < W = 264, so k = 14 (ckschedule::chooseKBatch): 14
  // splits of ceil(1250 / 14) = 90 iterations are 252 workgroups, one
  // round; 15 would be 270, two rounds.
  Plan p({"schedule s split_k tiles 18 iters 1250 k_batch auto min_iters 8 "
          "max 64 partial_bytes 4096 occupancy auto",
          "workspace 0 schedule:s zero",
          "kernel gemm grid 72 1 schedule:s block 256 1 1 args w0",
          "kernel reduce grid 18 1 1 block 256 1 1 args w0 schedule:s"});
  ASSERT_EQ(p.status, CKRT_SUCCESS) << p.error;
  ckrt_schedule_info info;
  ASSERT_EQ(ckrt_plan_desc_schedule_eval(p.desc, 0, 132, 2, &info),
            CKRT_SUCCESS)
      << ckrt_last_error();
  EXPECT_EQ(info.kind, CKRT_SCHEDULE_SPLIT_K);
  EXPECT_EQ(info.resident_workgroups, 264u);
  EXPECT_EQ(info.k_batch, 14);
  EXPECT_EQ(info.iters_per_split, 90);
  EXPECT_EQ(info.grid, 14u);
  EXPECT_EQ(info.max_contributors, 14);
  EXPECT_EQ(info.workspace_bytes, 14u * 18 * 4096);
  ASSERT_EQ(info.num_scalars, 1u);
  EXPECT_EQ(info.scalars[0], 14);
  EXPECT_EQ(info.streamk_workgroups, 0);

  ckschedule::SplitKOptions options;
  options.kBatch = ckschedule::kKBatchAuto;
  options.minIters = 8;
  options.maxKBatch = 64;
  options.partialBytes = 4096;
  ckschedule::SplitKResult model =
      ckschedule::planSplitK(18, 1250, 264, options);
  ASSERT_TRUE(model.ok()) << model.error;
  EXPECT_EQ(info.k_batch, model.plan.kBatch);
  EXPECT_EQ(int64_t(info.workspace_bytes), model.plan.workspaceBytes);

  uint32_t grid[3];
  ASSERT_EQ(ckrt_plan_desc_kernel_grid_for(p.desc, 0, 132, 2, grid),
            CKRT_SUCCESS);
  EXPECT_EQ(grid[0], 72u);
  EXPECT_EQ(grid[1], 1u);
  EXPECT_EQ(grid[2], 14u);

  // One tile for every resident workgroup: no split, no workspace.
  ASSERT_EQ(ckrt_plan_desc_schedule_eval(p.desc, 0, 9, 2, &info), CKRT_SUCCESS);
  EXPECT_EQ(info.k_batch, 1);
  EXPECT_EQ(info.grid, 1u);
  EXPECT_EQ(info.workspace_bytes, 0u);
  // More tiles than resident workgroups, the last round a quarter full (18
  // on 8): 4 splits, 9 rounds of 313 iterations for 3 of 1250.
  ASSERT_EQ(ckrt_plan_desc_schedule_eval(p.desc, 0, 4, 2, &info), CKRT_SUCCESS);
  EXPECT_EQ(info.k_batch, 4);
  EXPECT_EQ(info.iters_per_split, 313);
  EXPECT_EQ(info.workspace_bytes, 4u * 18 * 4096);
}

TEST(ScheduleEval, SplitKFixedAndWithoutWorkspace) {
  Plan p({"schedule f split_k tiles 2 iters 9 k_batch 4 occupancy 1",
          "schedule big split_k tiles 2 iters 3 k_batch 8 occupancy 1",
          "kernel k grid 2 1 schedule:f block 64 1 1",
          "kernel k grid 2 1 schedule:big block 64 1 1"});
  ASSERT_EQ(p.status, CKRT_SUCCESS) << p.error;
  ckrt_schedule_info info;
  // 9 iterations in splits of ceil(9 / 4) = 3: 3 splits, W does not
  // matter; no partial_bytes, so no workspace.
  ASSERT_EQ(ckrt_plan_desc_schedule_eval(p.desc, 0, 1000, 0, &info),
            CKRT_SUCCESS)
      << ckrt_last_error();
  EXPECT_EQ(info.k_batch, 3);
  EXPECT_EQ(info.iters_per_split, 3);
  EXPECT_EQ(info.workspace_bytes, 0u);
  EXPECT_EQ(info.scalars[0], 3);
  // k_batch 8 of 3 iterations: 3 splits of one.
  ASSERT_EQ(ckrt_plan_desc_schedule_eval(p.desc, 1, 1, 0, &info), CKRT_SUCCESS);
  EXPECT_EQ(info.k_batch, 3);
}

TEST(ScheduleEval, OccupancyAutoNeedsOne) {
  Plan p(kSectionTen);
  ASSERT_EQ(p.status, CKRT_SUCCESS) << p.error;
  ckrt_schedule_info info;
  EXPECT_EQ(ckrt_plan_desc_schedule_eval(p.desc, 0, 132, 0, &info),
            CKRT_ERROR_INVALID_ARGUMENT);
  EXPECT_STREQ(ckrt_last_error(),
               "ckrt: plan:7: schedule 'gemm_0' has 'occupancy auto', known "
               "only when the plan is loaded (give an occupancy to evaluate "
               "it without a GPU)");
  uint32_t grid[3];
  EXPECT_EQ(ckrt_plan_desc_kernel_grid(p.desc, 0, 132, grid),
            CKRT_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(ckrt_last_error()).find("has 'occupancy auto'"),
            std::string::npos)
      << ckrt_last_error();
}

TEST(ScheduleEval, Refusals) {
  Plan p({"schedule g stream_k tiles 67108864 iters 1 partial_bytes "
          "1099511627776 tail all occupancy 1024",
          "schedule h stream_k tiles 64 iters 4 partial_bytes 1099511627776 "
          "tail all occupancy 1",
          "kernel k grid schedule:g 1 1 block 64 1 1",
          "kernel k grid schedule:h 1 1 block 64 1 1"});
  ASSERT_EQ(p.status, CKRT_SUCCESS) << p.error;
  ckrt_schedule_info info;
  // No SMs.
  EXPECT_EQ(ckrt_plan_desc_schedule_eval(p.desc, 0, 0, 0, &info),
            CKRT_ERROR_UNSUPPORTED);
  EXPECT_STREQ(ckrt_last_error(),
               "ckrt: plan:4: schedule 'g' (W = 0 x 1024 = 0): the device "
               "has no SMs/CUs (cus = 0)");
  // W = 65536 x 1024 = 2^26 StreamK workgroups of 1 TiB slots: the model
  // finds that the workspace size does not fit 64 bits.
  EXPECT_EQ(ckrt_plan_desc_schedule_eval(p.desc, 0, 65536, 0, &info),
            CKRT_ERROR_UNSUPPORTED);
  EXPECT_STREQ(ckrt_last_error(),
               "ckrt: plan:4: schedule 'g' (W = 65536 x 1024 = 67108864): "
               "invalid stream_k schedule: a workspace of 67108864 slots of "
               "1099511627776 + 256 bytes does not fit 64 bits");
  // Two slots of 1 TiB fit 64 bits but not the workspace limit.
  EXPECT_EQ(ckrt_plan_desc_schedule_eval(p.desc, 1, 2, 0, &info),
            CKRT_ERROR_UNSUPPORTED);
  EXPECT_STREQ(ckrt_last_error(),
               "ckrt: plan:5: schedule 'h' (W = 2 x 1 = 2): its workspace of "
               "2199023256064 bytes is above the limit of 1099511627776 "
               "bytes (1 TiB)");
  uint32_t grid[3];
  EXPECT_EQ(ckrt_plan_desc_kernel_grid(p.desc, 1, 2, grid),
            CKRT_ERROR_UNSUPPORTED);
  EXPECT_NE(std::string(ckrt_last_error()).find("schedule 'h'"),
            std::string::npos);
}

TEST(ScheduleEval, Wrapper) {
  auto desc = ckrt::PlanDesc::parse(
      "ck-plan 2\ntarget gfx942\nbinary k.hsaco\n"
      "schedule s split_k tiles 18 iters 1250 min_iters 8 max 64\n"
      "kernel k grid 72 1 schedule:s block 256 1 1\n");
  ASSERT_TRUE(desc.ok()) << desc.error().message();
  auto schedules = desc->schedules();
  ASSERT_EQ(schedules.size(), 1u);
  EXPECT_STREQ(schedules[0].name, "s");
  // MI300X: 304 CUs, two workgroups each: 608 resident. 33 splits (594
  // workgroups, one round of ceil(1250 / 33) = 38 iterations) take the
  // least, and fewer do not come within a fiftieth of it (32: 40).
  // ceil(608 / 18) = 34 would make 612 workgroups, two rounds.
  auto info = desc->evaluateSchedule(0, 304, 2);
  ASSERT_TRUE(info.ok()) << info.error().message();
  EXPECT_EQ(info->resident_workgroups, 608u);
  EXPECT_EQ(info->k_batch, 33);
  EXPECT_EQ(info->iters_per_split, 38);
  auto grid = desc->grid(0, 304, 2);
  ASSERT_TRUE(grid.ok()) << grid.error().message();
  EXPECT_EQ((*grid)[2], uint32_t(info->k_batch));
  auto noOccupancy = desc->evaluateSchedule(0, 304);
  EXPECT_EQ(noOccupancy.error().code(), CKRT_ERROR_INVALID_ARGUMENT);
}

} // namespace
