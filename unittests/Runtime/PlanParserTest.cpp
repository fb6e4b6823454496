//===- PlanParserTest.cpp - The ck-plan format, without a GPU -------------===//
//
// A valid plan and each directive, `cus*K` grids, comments, and every parse
// error (each names its line); binaries checked on disk; the accessors.
//
//===----------------------------------------------------------------------===//

#include "TestUtil.h"

#include "ck-c/Runtime.h"

#include "gtest/gtest.h"

#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <ostream>
#include <string>

using namespace ckrt_test;

namespace {

/// Owns a parse result.
struct Parsed {
  ckrt_status status = CKRT_SUCCESS;
  std::string error;
  ckrt_plan_desc *desc = nullptr;

  Parsed() = default;
  Parsed(const Parsed &) = delete;
  ~Parsed() { ckrt_plan_desc_destroy(desc); }
};

void parse(Parsed &out, const std::string &text, const char *base = "") {
  ckrt_clear_error();
  out.status = ckrt_plan_parse(text.c_str(), base, &out.desc);
  out.error = ckrt_last_error();
}

std::string lines(std::initializer_list<const char *> ls) {
  std::string s;
  for (const char *l : ls)
    s += std::string(l) + "\n";
  return s;
}

const char *const kSpecPlan =
    "ck-plan 1\n"
    "target sm_90a                      # chip the binary is for\n"
    "binary kernels.cubin               # file relative to the plan\n"
    "tensor 0 input f16 40000           # index, role, type, count\n"
    "tensor 1 filter f16 589824\n"
    "tensor 2 output f16 40000\n"
    "workspace 0 1048576 zero           # index, bytes, zero|keep\n"
    "kernel gemm_0 grid 100 4 1 block 256 1 1 lds 32768 args t0 t1 t2 w0 "
    "i32:40000 f32:1.5\n";

TEST(PlanParse, SpecExample) {
  Parsed p;
  parse(p, kSpecPlan, "/bundles/retinanet");
  ASSERT_EQ(p.status, CKRT_SUCCESS) << p.error;
  const ckrt_plan_desc *d = p.desc;
  EXPECT_EQ(ckrt_plan_desc_version(d), 1);
  EXPECT_STREQ(ckrt_plan_desc_target(d), "sm_90a");
  EXPECT_EQ(ckrt_plan_desc_backend(d), CKRT_BACKEND_CUDA);
  EXPECT_STREQ(ckrt_plan_desc_binary(d), "kernels.cubin");
  EXPECT_STREQ(ckrt_plan_desc_binary_path(d),
               "/bundles/retinanet/kernels.cubin");

  ASSERT_EQ(ckrt_plan_desc_num_tensors(d), 3u);
  ckrt_tensor_info t;
  ASSERT_EQ(ckrt_plan_desc_tensor(d, 0, &t), CKRT_SUCCESS);
  EXPECT_EQ(t.index, 0u);
  EXPECT_STREQ(t.role, "input");
  EXPECT_EQ(t.dtype, CKRT_DTYPE_F16);
  EXPECT_EQ(t.count, 40000u);
  EXPECT_EQ(t.bytes, 80000u);
  EXPECT_EQ(t.line, 4);
  ASSERT_EQ(ckrt_plan_desc_tensor(d, 1, &t), CKRT_SUCCESS);
  EXPECT_STREQ(t.role, "filter");
  EXPECT_EQ(t.count, 589824u);
  ASSERT_EQ(ckrt_plan_desc_tensor(d, 2, &t), CKRT_SUCCESS);
  EXPECT_STREQ(t.role, "output");
  EXPECT_EQ(t.line, 6);

  ASSERT_EQ(ckrt_plan_desc_num_workspaces(d), 1u);
  ckrt_workspace_info w;
  ASSERT_EQ(ckrt_plan_desc_workspace(d, 0, &w), CKRT_SUCCESS);
  EXPECT_EQ(w.index, 0u);
  EXPECT_EQ(w.bytes, 1048576u);
  EXPECT_EQ(w.zero_each_launch, 1);
  EXPECT_EQ(w.line, 7);

  ASSERT_EQ(ckrt_plan_desc_num_kernels(d), 1u);
  ckrt_kernel_info k;
  ASSERT_EQ(ckrt_plan_desc_kernel(d, 0, &k), CKRT_SUCCESS);
  EXPECT_STREQ(k.name, "gemm_0");
  EXPECT_EQ(k.grid[0], 100u);
  EXPECT_EQ(k.grid[1], 4u);
  EXPECT_EQ(k.grid[2], 1u);
  for (int i = 0; i < 3; ++i)
    EXPECT_EQ(k.grid_cus_factor[i], 0u);
  EXPECT_EQ(k.block[0], 256u);
  EXPECT_EQ(k.block[1], 1u);
  EXPECT_EQ(k.block[2], 1u);
  EXPECT_EQ(k.lds_bytes, 32768u);
  EXPECT_EQ(k.line, 8);
  ASSERT_EQ(k.num_args, 6u);

  ckrt_kernel_arg a;
  const ckrt_arg_kind kinds[] = {CKRT_ARG_TENSOR, CKRT_ARG_TENSOR,
                                 CKRT_ARG_TENSOR, CKRT_ARG_WORKSPACE,
                                 CKRT_ARG_I32,    CKRT_ARG_F32};
  const uint32_t indices[] = {0, 1, 2, 0};
  for (size_t i = 0; i < 6; ++i) {
    ASSERT_EQ(ckrt_plan_desc_kernel_arg(d, 0, i, &a), CKRT_SUCCESS);
    EXPECT_EQ(a.kind, kinds[i]) << "argument " << i;
    if (i < 4)
      EXPECT_EQ(a.index, indices[i]);
  }
  ckrt_plan_desc_kernel_arg(d, 0, 4, &a);
  EXPECT_EQ(a.i32, 40000);
  ckrt_plan_desc_kernel_arg(d, 0, 5, &a);
  EXPECT_EQ(a.f32, 1.5f);

  uint32_t grid[3];
  ASSERT_EQ(ckrt_plan_desc_kernel_grid(d, 0, 132, grid), CKRT_SUCCESS);
  EXPECT_EQ(grid[0], 100u);
  EXPECT_EQ(grid[1], 4u);
  EXPECT_EQ(grid[2], 1u);
}

TEST(PlanParse, CommentsBlankLinesAndWhitespace) {
  std::string text = "# a bundle written by hand\n"
                     "\n"
                     "   ck-plan   1   # header\r\n"
                     "\t\n"
                     "# target next\n"
                     "\ttarget\tgfx942\r\n"
                     "binary k.hsaco# comment right after a token\n"
                     "tensor 0 input bf16 8 #\n"
                     "kernel k grid 1 1 1 block 64 1 1 args t0   # trailing\n"
                     "# the end, no newline";
  Parsed p;
  parse(p, text);
  ASSERT_EQ(p.status, CKRT_SUCCESS) << p.error;
  EXPECT_STREQ(ckrt_plan_desc_target(p.desc), "gfx942");
  EXPECT_EQ(ckrt_plan_desc_backend(p.desc), CKRT_BACKEND_HIP);
  EXPECT_STREQ(ckrt_plan_desc_binary(p.desc), "k.hsaco");
  EXPECT_STREQ(ckrt_plan_desc_binary_path(p.desc), "k.hsaco");
  ckrt_tensor_info t;
  ASSERT_EQ(ckrt_plan_desc_tensor(p.desc, 0, &t), CKRT_SUCCESS);
  EXPECT_EQ(t.dtype, CKRT_DTYPE_BF16);
  EXPECT_EQ(t.bytes, 16u);
  EXPECT_EQ(t.line, 8);
  ckrt_kernel_info k;
  ASSERT_EQ(ckrt_plan_desc_kernel(p.desc, 0, &k), CKRT_SUCCESS);
  EXPECT_EQ(k.line, 9);
  EXPECT_EQ(k.num_args, 1u);
}

TEST(PlanParse, CusGrids) {
  Parsed p;
  parse(p, lines({"ck-plan 1", "target sm_90a", "binary k.cubin",
                  "kernel a grid cus 1 1 block 128 1 1",
                  "kernel b grid cus*2 cus*3 1 block 128 1 1",
                  "kernel c grid 7 cus cus*1 block 1 1 1"}));
  ASSERT_EQ(p.status, CKRT_SUCCESS) << p.error;
  ckrt_kernel_info k;
  ASSERT_EQ(ckrt_plan_desc_kernel(p.desc, 1, &k), CKRT_SUCCESS);
  EXPECT_EQ(k.grid_cus_factor[0], 2u);
  EXPECT_EQ(k.grid_cus_factor[1], 3u);
  EXPECT_EQ(k.grid_cus_factor[2], 0u);
  EXPECT_EQ(k.grid[0], 0u);
  EXPECT_EQ(k.grid[2], 1u);

  uint32_t g[3];
  ASSERT_EQ(ckrt_plan_desc_kernel_grid(p.desc, 0, 132, g), CKRT_SUCCESS);
  EXPECT_EQ(g[0], 132u);
  EXPECT_EQ(g[1], 1u);
  ASSERT_EQ(ckrt_plan_desc_kernel_grid(p.desc, 1, 132, g), CKRT_SUCCESS);
  EXPECT_EQ(g[0], 264u);
  EXPECT_EQ(g[1], 396u);
  EXPECT_EQ(g[2], 1u);
  ASSERT_EQ(ckrt_plan_desc_kernel_grid(p.desc, 2, 304, g), CKRT_SUCCESS);
  EXPECT_EQ(g[0], 7u);
  EXPECT_EQ(g[1], 304u);
  EXPECT_EQ(g[2], 304u);

  // A device without SMs makes the grid 0.
  EXPECT_EQ(ckrt_plan_desc_kernel_grid(p.desc, 0, 0, g),
            CKRT_ERROR_UNSUPPORTED);
  EXPECT_NE(std::string(ckrt_last_error()).find("plan:4: grid x of kernel 'a' "
                                                "evaluates to 0"),
            std::string::npos)
      << ckrt_last_error();
  // cus*3 in y above 65535.
  EXPECT_EQ(ckrt_plan_desc_kernel_grid(p.desc, 1, 30000, g),
            CKRT_ERROR_UNSUPPORTED);
  EXPECT_NE(std::string(ckrt_last_error()).find("grid y of kernel 'b' is "
                                                "90000, above the limit 65535"),
            std::string::npos)
      << ckrt_last_error();
}

TEST(PlanParse, KernelOptionalPartsAndOrder) {
  Parsed p;
  parse(p, lines({"ck-plan 1", "target sm_80", "binary k.cubin",
                  "tensor 1 output f32 4", "tensor 0 input f32 4",
                  "workspace 1 0 keep", "workspace 0 16 zero",
                  "kernel plain grid 1 1 1 block 32 1 1",
                  "kernel with_lds grid 1 1 1 block 32 1 1 lds 65536",
                  "kernel with_args grid 2 1 1 block 32 2 1 args t1 w1",
                  "kernel empty_args grid 1 1 1 block 1 1 1 lds 0 args",
                  "kernel plain grid 3 1 1 block 32 1 1"}));
  ASSERT_EQ(p.status, CKRT_SUCCESS) << p.error;
  // Tensors and workspaces come back by index, whatever the file order.
  ckrt_tensor_info t;
  ckrt_plan_desc_tensor(p.desc, 0, &t);
  EXPECT_STREQ(t.role, "input");
  EXPECT_EQ(t.line, 5);
  ckrt_workspace_info w;
  ckrt_plan_desc_workspace(p.desc, 1, &w);
  EXPECT_EQ(w.bytes, 0u);
  EXPECT_EQ(w.zero_each_launch, 0);

  ASSERT_EQ(ckrt_plan_desc_num_kernels(p.desc), 5u);
  const char *names[] = {"plain", "with_lds", "with_args", "empty_args",
                         "plain"};
  const uint32_t lds[] = {0, 65536, 0, 0, 0};
  const size_t nargs[] = {0, 0, 2, 0, 0};
  for (size_t i = 0; i < 5; ++i) {
    ckrt_kernel_info k;
    ASSERT_EQ(ckrt_plan_desc_kernel(p.desc, i, &k), CKRT_SUCCESS);
    EXPECT_STREQ(k.name, names[i]);
    EXPECT_EQ(k.lds_bytes, lds[i]);
    EXPECT_EQ(k.num_args, nargs[i]);
  }
  ckrt_kernel_info last;
  ckrt_plan_desc_kernel(p.desc, 4, &last);
  EXPECT_EQ(last.grid[0], 3u); // the second 'plain' launch keeps its grid
}

TEST(PlanParse, ScalarArguments) {
  Parsed p;
  parse(p, lines({"ck-plan 1", "target gfx90a", "binary k.hsaco",
                  "kernel k grid 1 1 1 block 1 1 1 args i32:-7 i32:2147483647 "
                  "i32:-2147483648 i32:0xffffffff i32:+12 i64:-9223372036854775808 "
                  "i64:0x100000000 i64:42 f32:-0.25 f32:1e-3 f32:3 f32:inf"}));
  ASSERT_EQ(p.status, CKRT_SUCCESS) << p.error;
  ckrt_kernel_arg a;
  auto arg = [&](size_t i) {
    EXPECT_EQ(ckrt_plan_desc_kernel_arg(p.desc, 0, i, &a), CKRT_SUCCESS);
    return a;
  };
  EXPECT_EQ(arg(0).i32, -7);
  EXPECT_EQ(arg(1).i32, INT32_MAX);
  EXPECT_EQ(arg(2).i32, INT32_MIN);
  EXPECT_EQ(arg(3).i32, -1); // hex is a bit pattern
  EXPECT_EQ(arg(4).i32, 12);
  EXPECT_EQ(arg(5).kind, CKRT_ARG_I64);
  EXPECT_EQ(arg(5).i64, INT64_MIN);
  EXPECT_EQ(arg(6).i64, int64_t(1) << 32);
  EXPECT_EQ(arg(7).i64, 42);
  EXPECT_EQ(arg(8).kind, CKRT_ARG_F32);
  EXPECT_EQ(arg(8).f32, -0.25f);
  EXPECT_FLOAT_EQ(arg(9).f32, 1e-3f);
  EXPECT_EQ(arg(10).f32, 3.0f);
  EXPECT_TRUE(std::isinf(arg(11).f32));
}

TEST(PlanParse, MetaAndCompilerRoles) {
  // What ck-compile writes (lib/Driver/Bundle.cpp): meta facts, and roles
  // arg<N> for kernels that are not convolutions.
  Parsed p;
  parse(p, lines({"ck-plan 1", "target sm_90a", "binary kernels.cubin",
                  "meta problem bwd_weight f16 G=1 N=16 C=256  K=256 "
                  "pad=1x1/1x1   # the summary",
                  "meta flops 7549747200", "meta empty", "meta\tk_batch\t1 ",
                  "tensor 0 arg0 f16 8", "tensor 1 d3 f32 8",
                  "tensor 2 Output_2 bf16 8",
                  "kernel gemm grid 1 1 1 block 1 1 1 lds 0 args t0 t1 t2"}));
  ASSERT_EQ(p.status, CKRT_SUCCESS) << p.error;
  ASSERT_EQ(ckrt_plan_desc_num_meta(p.desc), 4u);
  const char *key = nullptr, *value = nullptr;
  ASSERT_EQ(ckrt_plan_desc_meta(p.desc, 0, &key, &value), CKRT_SUCCESS);
  EXPECT_STREQ(key, "problem");
  EXPECT_STREQ(value, "bwd_weight f16 G=1 N=16 C=256  K=256 pad=1x1/1x1");
  ASSERT_EQ(ckrt_plan_desc_meta(p.desc, 2, &key, &value), CKRT_SUCCESS);
  EXPECT_STREQ(key, "empty");
  EXPECT_STREQ(value, "");
  EXPECT_STREQ(ckrt_plan_desc_meta_value(p.desc, "flops"), "7549747200");
  EXPECT_STREQ(ckrt_plan_desc_meta_value(p.desc, "k_batch"), "1");
  EXPECT_EQ(ckrt_plan_desc_meta_value(p.desc, "missing"), nullptr);
  EXPECT_EQ(ckrt_plan_desc_meta(p.desc, 4, &key, &value),
            CKRT_ERROR_INVALID_ARGUMENT);
  ckrt_tensor_info t;
  ckrt_plan_desc_tensor(p.desc, 0, &t);
  EXPECT_STREQ(t.role, "arg0");
  ckrt_plan_desc_tensor(p.desc, 2, &t);
  EXPECT_STREQ(t.role, "Output_2");
  EXPECT_EQ(t.dtype, CKRT_DTYPE_BF16);
}

TEST(PlanParse, EveryTargetOfTheSpec) {
  const char *targets[] = {"sm_80",   "sm_86",   "sm_90",  "sm_90a",
                           "sm_100a", "sm_120f", "gfx90a", "gfx942",
                           "gfx950",  "gfx1100", "gfx1201",
                           "gfx942:sramecc+:xnack-"};
  for (const char *t : targets) {
    Parsed p;
    parse(p, std::string("ck-plan 1\ntarget ") + t +
                 "\nbinary k\nkernel k grid 1 1 1 block 1 1 1\n");
    EXPECT_EQ(p.status, CKRT_SUCCESS) << t << ": " << p.error;
    if (p.desc)
      EXPECT_STREQ(ckrt_plan_desc_target(p.desc), t);
  }
}

TEST(PlanParse, BinaryPathResolution) {
  const char *body = "\nkernel k grid 1 1 1 block 1 1 1\n";
  struct {
    const char *base;
    const char *binary;
    const char *expected;
  } cases[] = {
      {nullptr, "k.cubin", "k.cubin"},
      {"", "k.cubin", "k.cubin"},
      {"/a/b", "k.cubin", "/a/b/k.cubin"},
      {"/a/b/", "k.cubin", "/a/b/k.cubin"},
      {"rel", "sub/k.cubin", "rel/sub/k.cubin"},
      {"/a/b", "/abs/k.cubin", "/abs/k.cubin"},
  };
  for (const auto &c : cases) {
    std::string text =
        std::string("ck-plan 1\ntarget sm_90a\nbinary ") + c.binary + body;
    ckrt_plan_desc *d = nullptr;
    ASSERT_EQ(ckrt_plan_parse(text.c_str(), c.base, &d), CKRT_SUCCESS)
        << ckrt_last_error();
    EXPECT_STREQ(ckrt_plan_desc_binary_path(d), c.expected);
    ckrt_plan_desc_destroy(d);
  }
}

//===----------------------------------------------------------------------===//
// Schedules (ck-plan 2): what parses and how the accessors give it back.
//===----------------------------------------------------------------------===//

/// A version-2 plan: the header, target and binary (lines 1-3), then
/// `body` from line 4 on.
std::string v2(std::initializer_list<const char *> body) {
  std::string s = "ck-plan 2\ntarget sm_90a\nbinary k.cubin\n";
  for (const char *l : body)
    s += std::string(l) + "\n";
  return s;
}

/// A schedule on line 4 of a version-2 plan whose kernel (line 5) takes
/// its grid x from schedule `g` (as stream_k does).
std::string withSchedule(const char *scheduleLine) {
  return v2({scheduleLine, "kernel k grid schedule:g 1 1 block 64 1 1"});
}

/// The same with the kernel's grid z from `g` (as split_k does).
std::string withSplitK(const char *scheduleLine) {
  return v2({scheduleLine, "kernel k grid 8 1 schedule:g block 64 1 1"});
}

/// The stream_k schedule `g` of section 10, all keys given.
const char *const kStreamK =
    "schedule g stream_k tiles 18 iters 1250 partial_bytes 32768 reduce "
    "tree dp persistent tail 2 min_iters 2 occupancy auto";

TEST(PlanSchedules, SectionTenExample) {
  // TilingLadder.md section 10, with the tensors it names.
  Parsed p;
  parse(p, lines({"ck-plan 2", "target sm_90a", "binary kernels.cubin",
                  "tensor 0 input f16 40000", "tensor 1 filter f16 589824",
                  "tensor 2 output f16 40000",
                  "schedule gemm_0 stream_k tiles 18 iters 1250 "
                  "partial_bytes 32768 reduce tree dp persistent tail 2 "
                  "min_iters 2 occupancy auto",
                  "workspace 0 schedule:gemm_0 keep",
                  "kernel gemm_0 grid schedule:gemm_0 1 1 block 256 1 1 lds "
                  "33792 coop args t2 t0 t1 w0 schedule:gemm_0"}));
  ASSERT_EQ(p.status, CKRT_SUCCESS) << p.error;
  const ckrt_plan_desc *d = p.desc;
  EXPECT_EQ(ckrt_plan_desc_version(d), 2);

  ASSERT_EQ(ckrt_plan_desc_num_schedules(d), 1u);
  ckrt_schedule_decl s;
  ASSERT_EQ(ckrt_plan_desc_schedule(d, 0, &s), CKRT_SUCCESS);
  EXPECT_STREQ(s.name, "gemm_0");
  EXPECT_EQ(s.kind, CKRT_SCHEDULE_STREAM_K);
  EXPECT_EQ(s.tiles, 18u);
  EXPECT_EQ(s.iters, 1250u);
  EXPECT_EQ(s.partial_bytes, 32768u);
  EXPECT_EQ(s.reduce, CKRT_REDUCE_TREE);
  EXPECT_EQ(s.dp, CKRT_DP_PERSISTENT);
  EXPECT_EQ(s.tail, 2u);
  EXPECT_EQ(s.min_iters, 2u);
  EXPECT_EQ(s.occupancy, 0u); // auto
  EXPECT_EQ(s.k_batch, 0u);
  EXPECT_EQ(s.max_k_batch, 0u);
  EXPECT_EQ(s.num_scalars, 5u);
  EXPECT_EQ(s.line, 7);

  ckrt_workspace_info w;
  ASSERT_EQ(ckrt_plan_desc_workspace(d, 0, &w), CKRT_SUCCESS);
  EXPECT_EQ(w.schedule, 0);
  EXPECT_EQ(w.bytes, 0u);
  EXPECT_EQ(w.zero_each_launch, 0);
  EXPECT_EQ(w.line, 8);

  ckrt_kernel_info k;
  ASSERT_EQ(ckrt_plan_desc_kernel(d, 0, &k), CKRT_SUCCESS);
  EXPECT_EQ(k.grid_schedule[0], 0);
  EXPECT_EQ(k.grid_schedule[1], -1);
  EXPECT_EQ(k.grid_schedule[2], -1);
  EXPECT_EQ(k.grid[0], 0u);
  EXPECT_EQ(k.grid[1], 1u);
  EXPECT_EQ(k.grid_cus_factor[0], 0u);
  EXPECT_EQ(k.cooperative, 1);
  EXPECT_EQ(k.lds_bytes, 33792u);
  ASSERT_EQ(k.num_args, 5u);
  ckrt_kernel_arg a;
  ASSERT_EQ(ckrt_plan_desc_kernel_arg(d, 0, 3, &a), CKRT_SUCCESS);
  EXPECT_EQ(a.kind, CKRT_ARG_WORKSPACE);
  ASSERT_EQ(ckrt_plan_desc_kernel_arg(d, 0, 4, &a), CKRT_SUCCESS);
  EXPECT_EQ(a.kind, CKRT_ARG_SCHEDULE);
  EXPECT_EQ(a.index, 0u);
}

TEST(PlanSchedules, StreamKDefaultsAndOtherValues) {
  Parsed p;
  parse(p, v2({"schedule dflt stream_k tiles 4 iters 8 partial_bytes 100",
               "schedule other stream_k occupancy 3 min_iters 5 tail all dp "
               "per_tile reduce linear partial_bytes 1 iters 2 tiles 3",
               "kernel k grid schedule:dflt 1 1 block 64 1 1",
               "kernel k grid schedule:other 2 3 block 64 1 1"}));
  ASSERT_EQ(p.status, CKRT_SUCCESS) << p.error;
  ckrt_schedule_decl s;
  ASSERT_EQ(ckrt_plan_desc_schedule(p.desc, 0, &s), CKRT_SUCCESS);
  EXPECT_EQ(s.partial_bytes, 100u);
  EXPECT_EQ(s.reduce, CKRT_REDUCE_TREE);
  EXPECT_EQ(s.dp, CKRT_DP_PERSISTENT);
  EXPECT_EQ(s.tail, 2u);
  EXPECT_EQ(s.min_iters, 1u);
  EXPECT_EQ(s.occupancy, 0u);
  ASSERT_EQ(ckrt_plan_desc_schedule(p.desc, 1, &s), CKRT_SUCCESS);
  EXPECT_STREQ(s.name, "other");
  EXPECT_EQ(s.tiles, 3u);
  EXPECT_EQ(s.iters, 2u);
  EXPECT_EQ(s.partial_bytes, 1u);
  EXPECT_EQ(s.reduce, CKRT_REDUCE_LINEAR);
  EXPECT_EQ(s.dp, CKRT_DP_PER_TILE);
  EXPECT_EQ(s.tail, 0u); // all
  EXPECT_EQ(s.min_iters, 5u);
  EXPECT_EQ(s.occupancy, 3u);
  ckrt_kernel_info k;
  ASSERT_EQ(ckrt_plan_desc_kernel(p.desc, 1, &k), CKRT_SUCCESS);
  EXPECT_EQ(k.grid_schedule[0], 1);
  EXPECT_EQ(k.grid[1], 2u);
  EXPECT_EQ(k.grid[2], 3u);
  EXPECT_EQ(k.cooperative, 0);
}

TEST(PlanSchedules, SplitK) {
  // The brief's line (auto, no partial_bytes: atomics need no workspace),
  // and a fixed k_batch with a workspace.
  Parsed p;
  parse(p, v2({"tensor 0 output f32 64",
               "schedule gemm_0 split_k tiles 18 iters 1250 k_batch auto "
               "min_iters 8 max 64 occupancy auto",
               "schedule fixed split_k tiles 2 iters 9 k_batch 4 "
               "partial_bytes 512",
               "workspace 0 schedule:fixed zero",
               "kernel gemm_0 grid 72 1 schedule:gemm_0 block 256 1 1",
               "kernel gemm_1 grid 2 1 schedule:fixed block 256 1 1 args w0",
               "kernel reduce grid 4 1 1 block 256 1 1 args w0 t0 "
               "schedule:fixed i32:3"}));
  ASSERT_EQ(p.status, CKRT_SUCCESS) << p.error;
  ckrt_schedule_decl s;
  ASSERT_EQ(ckrt_plan_desc_schedule(p.desc, 0, &s), CKRT_SUCCESS);
  EXPECT_EQ(s.kind, CKRT_SCHEDULE_SPLIT_K);
  EXPECT_EQ(s.k_batch, 0u);
  EXPECT_EQ(s.min_iters, 8u);
  EXPECT_EQ(s.max_k_batch, 64u);
  EXPECT_EQ(s.partial_bytes, 0u);
  EXPECT_EQ(s.num_scalars, 1u);
  EXPECT_EQ(s.tail, 0u);
  ASSERT_EQ(ckrt_plan_desc_schedule(p.desc, 1, &s), CKRT_SUCCESS);
  EXPECT_EQ(s.k_batch, 4u);
  EXPECT_EQ(s.min_iters, 1u);
  EXPECT_EQ(s.max_k_batch, 65535u);
  EXPECT_EQ(s.partial_bytes, 512u);
  EXPECT_EQ(s.occupancy, 0u);
  ckrt_workspace_info w;
  ASSERT_EQ(ckrt_plan_desc_workspace(p.desc, 0, &w), CKRT_SUCCESS);
  EXPECT_EQ(w.schedule, 1);
  EXPECT_EQ(w.zero_each_launch, 1);
  ckrt_kernel_info k;
  ASSERT_EQ(ckrt_plan_desc_kernel(p.desc, 0, &k), CKRT_SUCCESS);
  EXPECT_EQ(k.grid_schedule[2], 0);
  EXPECT_EQ(k.grid_schedule[0], -1);
  EXPECT_EQ(k.grid[0], 72u);
  ASSERT_EQ(ckrt_plan_desc_kernel(p.desc, 2, &k), CKRT_SUCCESS);
  ASSERT_EQ(k.num_args, 4u);
  ckrt_kernel_arg a;
  ASSERT_EQ(ckrt_plan_desc_kernel_arg(p.desc, 2, 2, &a), CKRT_SUCCESS);
  EXPECT_EQ(a.kind, CKRT_ARG_SCHEDULE);
  EXPECT_EQ(a.index, 1u);
  ASSERT_EQ(ckrt_plan_desc_kernel_arg(p.desc, 2, 3, &a), CKRT_SUCCESS);
  EXPECT_EQ(a.kind, CKRT_ARG_I32);
  EXPECT_EQ(a.i32, 3);
}

TEST(PlanSchedules, ForwardReferences) {
  // Like tensors and workspaces, a schedule may be named before its line.
  Parsed p;
  parse(p, v2({"workspace 1 schedule:late keep", "workspace 0 16 zero",
               "kernel k grid schedule:late 1 1 block 32 1 1 coop args w1 "
               "schedule:late w0",
               "schedule late stream_k tiles 2 iters 3 partial_bytes 4"}));
  ASSERT_EQ(p.status, CKRT_SUCCESS) << p.error;
  ckrt_workspace_info w;
  ASSERT_EQ(ckrt_plan_desc_workspace(p.desc, 1, &w), CKRT_SUCCESS);
  EXPECT_EQ(w.schedule, 0);
  EXPECT_EQ(w.line, 4);
  ASSERT_EQ(ckrt_plan_desc_workspace(p.desc, 0, &w), CKRT_SUCCESS);
  EXPECT_EQ(w.schedule, -1);
  EXPECT_EQ(w.bytes, 16u);
  ckrt_schedule_decl s;
  ASSERT_EQ(ckrt_plan_desc_schedule(p.desc, 0, &s), CKRT_SUCCESS);
  EXPECT_EQ(s.line, 7);
}

TEST(PlanSchedules, Version2WithoutSchedulesAndVersion1Plans) {
  Parsed v2plan;
  parse(v2plan, v2({"kernel k grid cus 1 1 block 32 1 1 coop"}));
  ASSERT_EQ(v2plan.status, CKRT_SUCCESS) << v2plan.error;
  EXPECT_EQ(ckrt_plan_desc_version(v2plan.desc), 2);
  EXPECT_EQ(ckrt_plan_desc_num_schedules(v2plan.desc), 0u);
  ckrt_kernel_info k;
  ASSERT_EQ(ckrt_plan_desc_kernel(v2plan.desc, 0, &k), CKRT_SUCCESS);
  EXPECT_EQ(k.cooperative, 1);
  // Version 1 plans read as before; their kernels and workspaces name no
  // schedule.
  Parsed v1;
  parse(v1, kSpecPlan);
  ASSERT_EQ(v1.status, CKRT_SUCCESS) << v1.error;
  EXPECT_EQ(ckrt_plan_desc_num_schedules(v1.desc), 0u);
  ASSERT_EQ(ckrt_plan_desc_kernel(v1.desc, 0, &k), CKRT_SUCCESS);
  for (int i = 0; i < 3; ++i)
    EXPECT_EQ(k.grid_schedule[i], -1);
  EXPECT_EQ(k.cooperative, 0);
  ckrt_workspace_info w;
  ASSERT_EQ(ckrt_plan_desc_workspace(v1.desc, 0, &w), CKRT_SUCCESS);
  EXPECT_EQ(w.schedule, -1);
}

TEST(PlanSchedules, LargestValuesParse) {
  Parsed p;
  parse(p, v2({"schedule a stream_k tiles 2147483647 iters 1 partial_bytes "
               "1099511627776 tail 2147483647 min_iters 2147483647 occupancy "
               "1024",
               "schedule b stream_k tiles 1 iters 2147483647 partial_bytes 1",
               "schedule c split_k tiles 2147483647 iters 2147483647 k_batch "
               "65535 partial_bytes 1099511627776 occupancy 1024",
               "schedule d split_k tiles 1 iters 1 max 65535 min_iters "
               "2147483647",
               "kernel k grid schedule:a 1 schedule:c block 1 1 1",
               "kernel k grid schedule:b 1 schedule:d block 1 1 1"}));
  ASSERT_EQ(p.status, CKRT_SUCCESS) << p.error;
  ckrt_schedule_decl s;
  ASSERT_EQ(ckrt_plan_desc_schedule(p.desc, 0, &s), CKRT_SUCCESS);
  EXPECT_EQ(s.tiles, 2147483647u);
  EXPECT_EQ(s.partial_bytes, CKRT_MAX_TENSOR_BYTES);
  EXPECT_EQ(s.tail, 2147483647u);
  EXPECT_EQ(s.min_iters, 2147483647u);
  EXPECT_EQ(s.occupancy, 1024u);
  ASSERT_EQ(ckrt_plan_desc_schedule(p.desc, 2, &s), CKRT_SUCCESS);
  EXPECT_EQ(s.iters, 2147483647u);
  EXPECT_EQ(s.k_batch, 65535u);
  ASSERT_EQ(ckrt_plan_desc_schedule(p.desc, 3, &s), CKRT_SUCCESS);
  EXPECT_EQ(s.max_k_batch, 65535u);
}

TEST(PlanSchedules, AccessorsOutOfRangeAndNull) {
  Parsed p;
  parse(p, withSchedule(kStreamK));
  ASSERT_EQ(p.status, CKRT_SUCCESS) << p.error;
  ckrt_schedule_decl s;
  ckrt_schedule_info info;
  EXPECT_EQ(ckrt_plan_desc_schedule(p.desc, 1, &s),
            CKRT_ERROR_INVALID_ARGUMENT);
  EXPECT_STREQ(ckrt_last_error(), "ckrt: ckrt_plan_desc_schedule: schedule 1 "
                                  "out of range (the plan has 1)");
  EXPECT_EQ(ckrt_plan_desc_schedule(p.desc, 0, nullptr),
            CKRT_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(ckrt_plan_desc_schedule(nullptr, 0, &s),
            CKRT_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(ckrt_plan_desc_schedule_eval(p.desc, 1, 132, 2, &info),
            CKRT_ERROR_INVALID_ARGUMENT);
  EXPECT_STREQ(ckrt_last_error(), "ckrt: ckrt_plan_desc_schedule_eval: "
                                  "schedule 1 out of range (the plan has 1)");
  EXPECT_EQ(ckrt_plan_desc_schedule_eval(p.desc, 0, 132, 2, nullptr),
            CKRT_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(ckrt_plan_desc_schedule_eval(nullptr, 0, 132, 2, &info),
            CKRT_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(ckrt_plan_desc_num_schedules(nullptr), 0u);
  EXPECT_EQ(ckrt_plan_schedule_info(nullptr, 0, &info),
            CKRT_ERROR_INVALID_ARGUMENT);
  uint64_t bytes = 0;
  EXPECT_EQ(ckrt_plan_workspace_bytes(nullptr, 0, &bytes),
            CKRT_ERROR_INVALID_ARGUMENT);
}

//===----------------------------------------------------------------------===//
// Tensor maps (ck-plan 3).
//===----------------------------------------------------------------------===//

/// A version-3 plan with the backward-weight GEMM's tensors (dy 16 x 50 x
/// 50 x 256, x the same, f16), `mapLines` and a kernel taking `args`.
std::string v3(std::initializer_list<const char *> mapLines,
               const char *args = "m0 t1") {
  std::string s = "ck-plan 3\ntarget sm_90a\nbinary k.cubin\n"
                  "tensor 0 input f16 10240000\ntensor 1 filter f16 589824\n"
                  "tensor 2 output f16 10240000\n";
  for (const char *l : mapLines)
    s += std::string(l) + "\n";
  return s + "kernel k grid 1 1 1 block 384 1 1 args " + args + "\n";
}

const char *const kTiledMap =
    "tensormap 0 tiled t2 dims 256 40000 strides 512 box 64 64 swizzle 128";
const char *const kIm2colMap =
    "tensormap 1 im2col t0 dims 256 50 50 16 strides 512 25600 1280000 box "
    "64 128 lower -1 -1 upper -1 -1 elements 1 2 2 1";

TEST(PlanTensorMaps, TiledAndIm2col) {
  Parsed p;
  parse(p, v3({kIm2colMap, kTiledMap}, "m0 t1 m1 m0"));
  ASSERT_EQ(p.status, CKRT_SUCCESS) << p.error;
  EXPECT_EQ(ckrt_plan_desc_version(p.desc), 3);
  ASSERT_EQ(ckrt_plan_desc_num_tensor_maps(p.desc), 2u);
  ckrt_tensor_map_decl m;
  ASSERT_EQ(ckrt_plan_desc_tensor_map(p.desc, 0, &m), CKRT_SUCCESS);
  EXPECT_EQ(m.index, 0u);
  EXPECT_EQ(m.mode, CKRT_TENSOR_MAP_TILED);
  EXPECT_EQ(m.tensor, 2u);
  EXPECT_EQ(m.rank, 2u);
  EXPECT_EQ(m.dims[0], 256u);
  EXPECT_EQ(m.dims[1], 40000u);
  EXPECT_EQ(m.strides[0], 2u); // the element size
  EXPECT_EQ(m.strides[1], 512u);
  EXPECT_EQ(m.box[0], 64u);
  EXPECT_EQ(m.box[1], 64u);
  EXPECT_EQ(m.element_strides[0], 1u);
  EXPECT_EQ(m.element_strides[1], 1u);
  EXPECT_EQ(m.swizzle, 128u);
  EXPECT_EQ(m.line, 8);
  ASSERT_EQ(ckrt_plan_desc_tensor_map(p.desc, 1, &m), CKRT_SUCCESS);
  EXPECT_EQ(m.mode, CKRT_TENSOR_MAP_IM2COL);
  EXPECT_EQ(m.tensor, 0u);
  EXPECT_EQ(m.rank, 4u);
  EXPECT_EQ(m.dims[3], 16u);
  EXPECT_EQ(m.strides[3], 1280000u);
  EXPECT_EQ(m.box[0], 64u);  // channels per pixel
  EXPECT_EQ(m.box[1], 128u); // pixels per column
  EXPECT_EQ(m.lower[0], -1);
  EXPECT_EQ(m.lower[1], -1);
  EXPECT_EQ(m.upper[1], -1);
  EXPECT_EQ(m.element_strides[1], 2u);
  EXPECT_EQ(m.element_strides[3], 1u);
  EXPECT_EQ(m.swizzle, 0u);
  ckrt_kernel_arg a;
  ASSERT_EQ(ckrt_plan_desc_kernel_arg(p.desc, 0, 2, &a), CKRT_SUCCESS);
  EXPECT_EQ(a.kind, CKRT_ARG_TENSOR_MAP);
  EXPECT_EQ(a.index, 1u);
  EXPECT_EQ(ckrt_plan_desc_tensor_map(p.desc, 2, &m),
            CKRT_ERROR_INVALID_ARGUMENT);
  EXPECT_STREQ(ckrt_last_error(), "ckrt: ckrt_plan_desc_tensor_map: tensor "
                                  "map 2 out of range (the plan has 2)");
  EXPECT_EQ(ckrt_plan_desc_num_tensor_maps(nullptr), 0u);
}

TEST(PlanTensorMaps, Errors) {
  struct Case {
    std::string text;
    const char *expected;
  };
  const Case cases[] = {
      {v3({"tensormap 0 tiled t2 dims 256 40000 strides 512 box 64 64"}, "t1")
           .replace(8, 1, "2"),
       "'tensormap' needs 'ck-plan 3' (this plan says 'ck-plan 2')"},
      {v3({"tensormap 0 tiled"}), "missing the tensor (tN)"},
      {v3({"tensormap 0 linear t2 dims 8"}),
       "expected 'tiled' or 'im2col' after 'tensormap 0', found 'linear'"},
      {v3({"tensormap 0 tiled x2 dims 8"}),
       "expected the tensor the map describes (tN), found 'x2'"},
      {v3({"tensormap 0 tiled t2 dims 256 box 64 color 3"}),
       "unknown tensormap key 'color'"},
      {v3({"tensormap 0 tiled t2 dims 256 box 64 dims 8"}),
       "duplicate tensormap key 'dims'"},
      {v3({"tensormap 0 tiled t2 dims box 64"}),
       "tensormap key 'dims' has no values"},
      {v3({"tensormap 0 tiled t2 box 64"}), "tensormap 0 has no 'dims'"},
      {v3({"tensormap 0 im2col t0 dims 256 50 box 64 64"}),
       "tensormap 0: im2col maps have 3 to 5 dims, found 2"},
      {v3({"tensormap 0 tiled t2 dims 1 2 3 4 5 6"}),
       "tiled maps have 1 to 5 dims, found 6"},
      {v3({"tensormap 0 tiled t2 dims 0 4 strides 16 box 8 1"}),
       "'dims' value '0' is not in [1, 4294967296]"},
      {v3({"tensormap 0 tiled t2 dims 256 40000 strides 500 box 64 64"}),
       "tensormap 0: stride 500 is not a multiple of 16 bytes"},
      {v3({"tensormap 0 tiled t2 dims 256 40000 box 64 64"}),
       "tensormap 0 has no 'strides'"},
      {v3({"tensormap 0 tiled t2 dims 256 strides 512 box 64"}),
       "a map of one dimension has no 'strides'"},
      {v3({"tensormap 0 tiled t2 dims 256 40000 strides 512 box 64"}),
       "tensormap 0: 'box' takes 2 values, found 1"},
      {v3({"tensormap 0 tiled t2 dims 256 40000 strides 512 box 512 64"}),
       "'box' value '512' is not in [1, 256]"},
      {v3({"tensormap 0 im2col t0 dims 256 50 50 16 strides 512 25600 "
           "1280000 box 64 2048 lower -1 -1 upper -1 -1"}),
       "'box' value '2048' is not in [1, 1024]"},
      {v3({"tensormap 0 im2col t0 dims 256 50 50 16 strides 512 25600 "
           "1280000 box 64 64 lower -1 -1"}),
       "tensormap 0 has no 'upper'"},
      {v3({"tensormap 0 im2col t0 dims 256 50 50 16 strides 512 25600 "
           "1280000 box 64 64 lower -200 -1 upper -1 -1"}),
       "'lower' value '-200' is not in [-128, 127] (rank 4)"},
      {v3({"tensormap 0 tiled t2 dims 256 40000 strides 512 box 64 64 lower "
           "-1"}),
       "'lower' and 'upper' belong to im2col maps"},
      {v3({"tensormap 0 tiled t2 dims 256 40000 strides 512 box 64 64 "
           "elements 1 9"}),
       "'elements' value '9' is not in [1, 8]"},
      {v3({"tensormap 0 tiled t2 dims 256 40000 strides 512 box 64 64 "
           "swizzle 96"}),
       "swizzle is 0, 32, 64 or 128 bytes, found '96'"},
      {v3({"tensormap 0 tiled t2 dims 256 40000 strides 512 box 4 64"}),
       "the innermost box, 4 x 2 bytes, is not a multiple of 16 bytes"},
      {v3({"tensormap 0 tiled t2 dims 256 40000 strides 512 box 128 64 "
           "swizzle 128"}),
       "the innermost box, 256 bytes, is wider than its 128-byte swizzle"},
      {v3({"tensormap 0 tiled t2 dims 256 40001 strides 512 box 64 64"}),
       "tensor map 0 reaches byte 20480511 of tensor 2, which holds 20480000 "
       "bytes"},
      {v3({"tensormap 0 tiled t7 dims 8 box 8"}),
       "tensor map 0 describes tensor 7, which is not declared"},
      {v3({kTiledMap, kTiledMap}),
       "duplicate tensor map index 0 (first declared on line 7)"},
      {v3({kIm2colMap}), "tensor map 1 is declared but tensor map 0 is not"},
      {v3({kTiledMap}, "m0 m1"),
       "argument 1 'm1' of kernel 'k' refers to tensor map 1, which is not "
       "declared (the plan has 1 tensor maps)"},
  };
  for (const Case &c : cases) {
    Parsed p;
    parse(p, c.text);
    EXPECT_EQ(p.status, CKRT_ERROR_PARSE) << c.text;
    EXPECT_NE(p.error.find(c.expected), std::string::npos)
        << c.text << "\n  got: " << p.error;
  }
  // `mN` in a version-2 plan.
  Parsed p;
  parse(p, lines({"ck-plan 2", "target sm_90a", "binary k",
                  "kernel k grid 1 "
                  "1 1 block 1 1 1 args m0"}));
  EXPECT_EQ(p.status, CKRT_ERROR_PARSE);
  EXPECT_NE(p.error.find("argument 0 'm0' of kernel 'k' is a tensor map, "
                         "which needs 'ck-plan 3'"),
            std::string::npos)
      << p.error;
}

//===----------------------------------------------------------------------===//
// Parse errors: one malformed line each; the message names the line.
//===----------------------------------------------------------------------===//

struct ErrorCase {
  const char *name;
  std::string text;
  int line;
  const char *expected; // substring of the message
};

// Names the case in test output instead of dumping its bytes.
void PrintTo(const ErrorCase &c, std::ostream *os) { *os << c.name; }

std::string withHeader(const char *line) {
  return lines({"ck-plan 1", "target sm_90a", "binary k.cubin", line,
                "kernel k grid 1 1 1 block 1 1 1"});
}

/// A version-4 plan with `kernelLines` from its fourth line on.
std::string v4(std::initializer_list<const char *> kernelLines) {
  std::string text = lines({"ck-plan 4", "target sm_90a", "binary k.cubin"});
  for (const char *line : kernelLines)
    text += std::string(line) + "\n";
  return text;
}

std::string v5(std::initializer_list<const char *> kernelLines) {
  std::string text = lines({"ck-plan 5", "target sm_90a", "binary k.cubin"});
  for (const char *line : kernelLines)
    text += std::string(line) + "\n";
  return text;
}

std::string withKernel(const char *kernelLine) {
  return lines({"ck-plan 1", "target sm_90a", "binary k.cubin",
                "tensor 0 input f16 8", "workspace 0 64 zero", kernelLine});
}

std::vector<ErrorCase> errorCases() {
  return {
      // Header and version.
      {"Empty", "", 1,
       "expected the header 'ck-plan 1', 'ck-plan 2', 'ck-plan 3', 'ck-plan "
       "4' or 'ck-plan 5', found the end"},
      {"OnlyComments", "# nothing\n\n", 2,
       "expected the header 'ck-plan 1', 'ck-plan 2', 'ck-plan 3', 'ck-plan "
       "4' or 'ck-plan 5', found the end"},
      {"WrongVersion", "ck-plan 6\n", 1,
       "unsupported plan version 6 (this runtime reads versions 1, 2, 3, 4 "
       "and 5)"},
      {"VersionZero", "ck-plan 0\n", 1, "unsupported plan version 0"},
      {"MissingVersion", "ck-plan\n", 1,
       "missing version number after 'ck-plan'"},
      {"BadVersion", "ck-plan one\n", 1,
       "expected a version number after 'ck-plan', found 'one'"},
      {"HeaderExtra", "ck-plan 1 2\n", 1, "unexpected '2' after 'ck-plan 1'"},
      {"DirectiveBeforeHeader", "target sm_90a\nck-plan 1\n", 1,
       "expected the header 'ck-plan 1', 'ck-plan 2', 'ck-plan 3', 'ck-plan "
       "4' or 'ck-plan 5' before any directive, found 'target'"},
      {"DuplicateHeader", "ck-plan 1\n# x\nck-plan 1\n", 3,
       "duplicate 'ck-plan' header (first on line 1)"},
      {"UnknownDirective", withHeader("launch k"), 4,
       "unknown directive 'launch' (expected target, binary, meta, tensor, "
       "workspace, schedule, tensormap or kernel)"},
      {"MetaNoKey", withHeader("meta"), 4,
       "missing key after 'meta' (expected: meta <key> <value...>)"},
      {"MetaDuplicate",
       lines({"ck-plan 1", "target sm_90a", "meta flops 1", "binary k",
              "meta flops 2"}),
       5, "duplicate meta key 'flops' (first on line 3)"},
      {"DirectiveCase", withHeader("Tensor 0 input f16 8"), 4,
       "unknown directive 'Tensor'"},

      // target
      {"TargetMissing", lines({"ck-plan 1", "target"}), 2,
       "missing chip after 'target'"},
      {"TargetUnknown", lines({"ck-plan 1", "target cuda"}), 2,
       "unknown target 'cuda' (expected sm_<N>[a|f]"},
      {"TargetBadSm", lines({"ck-plan 1", "target sm_9x"}), 2,
       "unknown target 'sm_9x'"},
      {"TargetBadSmSuffix", lines({"ck-plan 1", "target sm_90b"}), 2,
       "unknown target 'sm_90b'"},
      {"TargetBadGfx", lines({"ck-plan 1", "target gfx"}), 2,
       "unknown target 'gfx'"},
      {"TargetBadGfxHex", lines({"ck-plan 1", "target gfx94z"}), 2,
       "unknown target 'gfx94z'"},
      {"TargetBadFeature", lines({"ck-plan 1", "target gfx942:xnack"}), 2,
       "unknown target 'gfx942:xnack'"},
      {"TargetExtra", lines({"ck-plan 1", "target sm_90a sm_80"}), 2,
       "unexpected 'sm_80' after 'target sm_90a'"},
      {"TargetDuplicate",
       lines({"ck-plan 1", "target sm_90a", "binary k", "target sm_80"}), 4,
       "duplicate 'target' directive (first on line 2)"},

      // binary
      {"BinaryMissing", lines({"ck-plan 1", "binary"}), 2,
       "missing file name after 'binary'"},
      {"BinaryExtra", lines({"ck-plan 1", "binary my kernels.cubin"}), 2,
       "unexpected 'kernels.cubin' after 'binary my'"},
      {"BinaryDuplicate", lines({"ck-plan 1", "binary a", "binary b"}), 3,
       "duplicate 'binary' directive (first on line 2)"},

      // tensor
      {"TensorNoFields", withHeader("tensor"), 4,
       "missing tensor index in 'tensor' directive (expected: tensor "
       "<index> <role> <f16|bf16|f32> <count>)"},
      {"TensorNoRole", withHeader("tensor 0"), 4,
       "missing role (input, filter, output, d<N>, ...)"},
      {"TensorNoType", withHeader("tensor 0 input"), 4,
       "missing element type (f16, bf16 or f32)"},
      {"TensorNoCount", withHeader("tensor 0 input f16"), 4,
       "missing element count"},
      {"TensorExtra", withHeader("tensor 0 input f16 8 8"), 4,
       "unexpected extra field '8' in 'tensor' directive"},
      {"TensorBadIndex", withHeader("tensor x input f16 8"), 4,
       "expected a tensor index (a non-negative integer), found 'x'"},
      {"TensorNegativeIndex", withHeader("tensor -1 input f16 8"), 4,
       "expected a tensor index (a non-negative integer), found '-1'"},
      {"TensorHugeIndex", withHeader("tensor 70000 input f16 8"), 4,
       "tensor index 70000 is too large (at most 65535)"},
      {"TensorBadRole", withHeader("tensor 0 in/out f16 8"), 4,
       "bad tensor role 'in/out' (expected a name such as input, filter, "
       "output or d0)"},
      {"TensorRoleDigitFirst", withHeader("tensor 0 0d f16 8"), 4,
       "bad tensor role '0d'"},
      {"TensorUnknownType", withHeader("tensor 0 input f64 8"), 4,
       "unknown element type 'f64' (expected f16, bf16 or f32)"},
      {"TensorTypeCase", withHeader("tensor 0 input F16 8"), 4,
       "unknown element type 'F16'"},
      {"TensorZeroCount", withHeader("tensor 0 input f16 0"), 4,
       "element count must be positive"},
      {"TensorBadCount", withHeader("tensor 0 input f16 12abc"), 4,
       "expected an element count (a positive integer), found '12abc'"},
      {"TensorNegativeCount", withHeader("tensor 0 input f16 -3"), 4,
       "element count must be positive, found '-3'"},
      // As an old ck-compile wrote it for a problem with a negative size.
      {"TensorNegativeCountFromCompiler", withHeader("tensor 0 input f16 -400"),
       4, "element count must be positive, found '-400'"},
      {"TensorAboveLimitF16", withHeader("tensor 0 input f16 549755813889"), 4,
       "element count 549755813889 is too large: a tensor of f16 holds at "
       "most 549755813888 elements (1099511627776 bytes, 1 TiB)"},
      {"TensorAboveLimitF32", withHeader("tensor 0 output f32 274877906945"), 4,
       "element count 274877906945 is too large: a tensor of f32 holds at "
       "most 274877906944 elements"},
      {"TensorBytesWrapTo64Bits",
       withHeader("tensor 0 input f32 4611686018427387905"), 4,
       "element count 4611686018427387905 is too large"},
      {"TensorCountOverflow",
       withHeader("tensor 0 input f16 99999999999999999999"), 4,
       "element count 99999999999999999999 is too large"},
      {"TensorBytesOverflow",
       withHeader("tensor 0 input f32 4611686018427387904"), 4,
       "element count 4611686018427387904 is too large"},
      {"TensorDuplicate",
       lines({"ck-plan 1", "target sm_90a", "binary k", "tensor 0 input f16 8",
              "tensor 1 filter f16 8", "tensor 0 output f16 8"}),
       6, "duplicate tensor index 0 (first declared on line 4)"},
      {"TensorGap",
       lines({"ck-plan 1", "target sm_90a", "binary k", "tensor 0 input f16 8",
              "tensor 2 output f16 8", "kernel k grid 1 1 1 block 1 1 1"}),
       5,
       "tensor 2 is declared but tensor 1 is not (tensor indices must be "
       "0, 1, 2, ... without gaps)"},
      {"TensorNoZero",
       lines({"ck-plan 1", "target sm_90a", "binary k", "tensor 1 input f16 8",
              "kernel k grid 1 1 1 block 1 1 1"}),
       4, "tensor 1 is declared but tensor 0 is not"},

      // workspace
      {"WorkspaceNoFields", withHeader("workspace"), 4,
       "missing workspace index in 'workspace' directive (expected: "
       "workspace <index> <bytes>|schedule:<name> zero|keep)"},
      {"WorkspaceNoBytes", withHeader("workspace 0"), 4,
       "missing size in bytes"},
      {"WorkspaceNoMode", withHeader("workspace 0 64"), 4,
       "missing 'zero' or 'keep'"},
      {"WorkspaceExtra", withHeader("workspace 0 64 zero now"), 4,
       "unexpected extra field 'now' in 'workspace' directive"},
      {"WorkspaceBadIndex", withHeader("workspace w0 64 zero"), 4,
       "expected a workspace index (a non-negative integer), found 'w0'"},
      {"WorkspaceBadBytes", withHeader("workspace 0 1.5 zero"), 4,
       "expected a workspace size in bytes (a non-negative integer) or "
       "'schedule:<name>', found '1.5'"},
      {"WorkspaceHugeBytes",
       withHeader("workspace 0 18446744073709551616 zero"), 4,
       "workspace size 18446744073709551616 is too large"},
      {"WorkspaceNegative", withHeader("workspace 0 -5 zero"), 4,
       "workspace size must not be negative, found '-5'"},
      {"WorkspaceAboveLimit", withHeader("workspace 0 1099511627777 keep"), 4,
       "workspace size 1099511627777 is too large (at most 1099511627776 "
       "bytes, 1 TiB)"},
      {"WorkspaceBadMode", withHeader("workspace 0 64 maybe"), 4,
       "expected 'zero' or 'keep' after the workspace size, found 'maybe'"},
      {"WorkspaceDuplicate",
       lines({"ck-plan 1", "target sm_90a", "binary k", "workspace 0 8 zero",
              "workspace 0 8 keep"}),
       5, "duplicate workspace index 0 (first declared on line 4)"},
      {"WorkspaceGap",
       lines({"ck-plan 1", "target sm_90a", "binary k", "workspace 0 8 zero",
              "workspace 3 8 keep", "kernel k grid 1 1 1 block 1 1 1"}),
       5, "workspace 3 is declared but workspace 1 is not"},

      // kernel: structure
      {"KernelNoName", withKernel("kernel"), 6, "missing kernel name"},
      {"KernelBadName", withKernel("kernel 9k grid 1 1 1 block 1 1 1"), 6,
       "'9k' is not a valid kernel name"},
      {"KernelNoGrid", withKernel("kernel k"), 6,
       "missing 'grid' after kernel name 'k'"},
      {"KernelBlockFirst", withKernel("kernel k block 1 1 1 grid 1 1 1"), 6,
       "expected 'grid' after kernel name 'k', found 'block'"},
      {"KernelGridShort", withKernel("kernel k grid 1 1"), 6,
       "missing grid z in kernel 'k'"},
      {"KernelGridZero", withKernel("kernel k grid 0 1 1 block 1 1 1"), 6,
       "bad grid x '0' in kernel 'k' (expected a positive integer, 'cus', "
       "'cus*K' or 'schedule:<name>')"},
      {"KernelGridNegative", withKernel("kernel k grid 1 -1 1 block 1 1 1"), 6,
       "bad grid y '-1'"},
      {"KernelGridWord", withKernel("kernel k grid 1 1 sms block 1 1 1"), 6,
       "bad grid z 'sms'"},
      {"KernelGridCusPlus", withKernel("kernel k grid cus+1 1 1 block 1 1 1"),
       6, "bad grid x 'cus+1'"},
      {"KernelGridCusTimesZero",
       withKernel("kernel k grid cus*0 1 1 block 1 1 1"), 6,
       "bad grid x 'cus*0' in kernel 'k' (expected 'cus*K' with K a "
       "positive integer)"},
      {"KernelGridCusTimesWord",
       withKernel("kernel k grid cus*two 1 1 block 1 1 1"), 6,
       "bad grid x 'cus*two'"},
      {"KernelGridKTimesCus", withKernel("kernel k grid 2*cus 1 1 block 1 1 1"),
       6, "bad grid x '2*cus'"},
      {"KernelGridYTooBig", withKernel("kernel k grid 1 70000 1 block 1 1 1"),
       6, "grid y 70000 of kernel 'k' is above the limit 65535"},
      {"KernelGridXTooBig",
       withKernel("kernel k grid 4294967296 1 1 block 1 1 1"), 6,
       "grid x 4294967296 of kernel 'k' is above the limit 2147483647"},
      {"KernelGridXJustAbove",
       withKernel("kernel k grid 2147483648 1 1 block 1 1 1"), 6,
       "grid x 2147483648 of kernel 'k' is above the limit 2147483647"},
      {"KernelGridZJustAbove",
       withKernel("kernel k grid 1 1 65536 block 1 1 1"), 6,
       "grid z 65536 of kernel 'k' is above the limit 65535"},
      // As an old ck-compile wrote it for a problem whose grid overflowed.
      {"KernelGridFromCompiler",
       withKernel("kernel k grid 1 9223372036854775807 1 block 1 1 1"), 6,
       "grid y 9223372036854775807 of kernel 'k' is above the limit 65535"},
      {"KernelGridBeyond64Bits",
       withKernel("kernel k grid 99999999999999999999999 1 1 block 1 1 1"), 6,
       "grid x 99999999999999999999999 of kernel 'k' is above the limit "
       "2147483647"},
      {"KernelGridCusFactorAboveLimit",
       withKernel("kernel k grid 1 cus*65536 1 block 1 1 1"), 6,
       "grid y 'cus*65536' of kernel 'k' is above the limit 65535 on any "
       "device (K must be at most 65535)"},
      {"KernelGridCusFactorBeyond64Bits",
       withKernel("kernel k grid cus*99999999999999999999 1 1 block 1 1 1"), 6,
       "grid x 'cus*99999999999999999999' of kernel 'k' is above the "
       "limit 2147483647 on any device"},
      {"KernelGridCusFactorNegative",
       withKernel("kernel k grid cus*-2 1 1 block 1 1 1"), 6,
       "bad grid x 'cus*-2' in kernel 'k' (expected 'cus*K' with K a "
       "positive integer)"},
      {"KernelNoBlock", withKernel("kernel k grid 1 1 1"), 6,
       "missing 'block' after the grid of kernel 'k'"},
      {"KernelLdsBeforeBlock", withKernel("kernel k grid 1 1 1 lds 4"), 6,
       "expected 'block' after the grid of kernel 'k', found 'lds'"},
      {"KernelBlockShort", withKernel("kernel k grid 1 1 1 block 256 1"), 6,
       "missing block z in kernel 'k'"},
      {"KernelBlockZero", withKernel("kernel k grid 1 1 1 block 0 1 1"), 6,
       "bad block x '0' in kernel 'k' (expected a positive integer)"},
      {"KernelBlockCus", withKernel("kernel k grid 1 1 1 block cus 1 1"), 6,
       "bad block x 'cus'"},
      {"KernelBlockTooBig", withKernel("kernel k grid 1 1 1 block 2048 1 1"), 6,
       "block x 2048 of kernel 'k' is above the limit 1024"},
      {"KernelBlockBeyond64Bits",
       withKernel("kernel k grid 1 1 1 block 1 99999999999999999999 1"), 6,
       "block y 99999999999999999999 of kernel 'k' is above the limit 1024"},
      {"KernelBlockNegative", withKernel("kernel k grid 1 1 1 block 1 1 -4"), 6,
       "bad block z '-4' in kernel 'k' (expected a positive integer)"},
      {"KernelTooManyThreads", withKernel("kernel k grid 1 1 1 block 64 32 1"),
       6,
       "block 64 x 32 x 1 of kernel 'k' has 2048 threads, above the limit "
       "1024"},
      {"KernelLdsMissing", withKernel("kernel k grid 1 1 1 block 1 1 1 lds"), 6,
       "missing byte count after 'lds' in kernel 'k'"},
      {"KernelLdsBad",
       withKernel("kernel k grid 1 1 1 block 1 1 1 lds 32k args t0"), 6,
       "bad lds size '32k' in kernel 'k'"},
      {"KernelLdsHuge",
       withKernel("kernel k grid 1 1 1 block 1 1 1 lds 4294967296"), 6,
       "lds 4294967296 of kernel 'k' is above the limit of 1048576 bytes "
       "(1 MiB; no GPU has more shared memory per block)"},
      {"KernelLdsJustAbove",
       withKernel("kernel k grid 1 1 1 block 1 1 1 lds 1048577"), 6,
       "lds 1048577 of kernel 'k' is above the limit of 1048576 bytes"},
      {"KernelLdsNegative",
       withKernel("kernel k grid 1 1 1 block 1 1 1 lds -1"), 6,
       "bad lds size '-1' in kernel 'k'"},
      {"KernelUnknownKeyword",
       withKernel("kernel k grid 1 1 1 block 1 1 1 smem 4"), 6,
       "unexpected 'smem' in kernel 'k' (expected 'lds', 'cluster', 'coop', "
       "'after' or "
       "'args' after the block"},
      {"KernelArgsBeforeLds",
       withKernel("kernel k grid 1 1 1 block 1 1 1 args t0 lds 4"), 6,
       "bad argument 1 'lds' of kernel 'k' (expected tN, wN, i32:V, i64:V, "
       "f32:V or schedule:<name>)"},

      // kernel: arguments
      {"ArgUnknown", withKernel("kernel k grid 1 1 1 block 1 1 1 args q3"), 6,
       "bad argument 0 'q3' of kernel 'k'"},
      {"ArgBareT", withKernel("kernel k grid 1 1 1 block 1 1 1 args t0 t"), 6,
       "bad argument 1 't'"},
      {"ArgTensorWord", withKernel("kernel k grid 1 1 1 block 1 1 1 args tx"),
       6, "bad argument 0 'tx'"},
      {"ArgUnknownType",
       withKernel("kernel k grid 1 1 1 block 1 1 1 args f16:1"), 6,
       "bad argument 0 'f16:1'"},
      {"ArgI32NotNumber",
       withKernel("kernel k grid 1 1 1 block 1 1 1 args i32:abc"), 6,
       "argument 0 'i32:abc' of kernel 'k': expected an integer after "
       "'i32:', found 'abc'"},
      {"ArgI32Empty", withKernel("kernel k grid 1 1 1 block 1 1 1 args i32:"),
       6, "expected an integer after 'i32:', found ''"},
      {"ArgI32Float",
       withKernel("kernel k grid 1 1 1 block 1 1 1 args i32:1.5"), 6,
       "expected an integer after 'i32:', found '1.5'"},
      {"ArgI32TooBig",
       withKernel("kernel k grid 1 1 1 block 1 1 1 args i32:2147483648"), 6,
       "argument 0 'i32:2147483648' of kernel 'k': 2147483648 is out of "
       "range for i32"},
      {"ArgI32TooSmall",
       withKernel("kernel k grid 1 1 1 block 1 1 1 args i32:-2147483649"), 6,
       "out of range for i32"},
      {"ArgI32HexTooBig",
       withKernel("kernel k grid 1 1 1 block 1 1 1 args i32:0x1ffffffff"), 6,
       "out of range for i32"},
      {"ArgI64TooBig",
       withKernel(
           "kernel k grid 1 1 1 block 1 1 1 args i64:9223372036854775808"),
       6, "out of range for i64"},
      {"ArgI64HexBad",
       withKernel("kernel k grid 1 1 1 block 1 1 1 args i64:0xfg"), 6,
       "expected an integer after 'i64:', found '0xfg'"},
      {"ArgF32Empty", withKernel("kernel k grid 1 1 1 block 1 1 1 args f32:"),
       6, "expected a floating-point number after 'f32:', found ''"},
      {"ArgF32Junk",
       withKernel("kernel k grid 1 1 1 block 1 1 1 args f32:1.5x"), 6,
       "expected a floating-point number after 'f32:', found '1.5x'"},
      {"ArgF32Overflow",
       withKernel("kernel k grid 1 1 1 block 1 1 1 args f32:1e999"), 6,
       "expected a floating-point number after 'f32:', found '1e999'"},
      {"ArgTensorIndexHuge",
       withKernel("kernel k grid 1 1 1 block 1 1 1 args t99999"), 6,
       "argument 0 't99999' of kernel 'k': tensor index is too large"},
      {"ArgUndefinedTensor",
       withKernel("kernel k grid 1 1 1 block 1 1 1 args t0 w0 t5"), 6,
       "argument 2 't5' of kernel 'k' refers to tensor 5, which is not "
       "declared (the plan has 1 tensors)"},
      {"ArgUndefinedWorkspace",
       withKernel("kernel k grid 1 1 1 block 1 1 1 args t0 w1"), 6,
       "argument 1 'w1' of kernel 'k' refers to workspace 1, which is not "
       "declared (the plan has 1 workspaces)"},
      {"ArgTensorWithoutTensors",
       lines({"ck-plan 1", "target sm_90a", "binary k",
              "kernel k grid 1 1 1 block 1 1 1 args t0"}),
       4,
       "refers to tensor 0, which is not declared (the plan has 0 "
       "tensors)"},

      // Version 2: the header, and what version 1 may not use.
      {"Version2Extra", "ck-plan 2 x\n", 1, "unexpected 'x' after 'ck-plan 2'"},
      {"ScheduleInVersion1",
       withHeader("schedule g stream_k tiles 1 iters 1 partial_bytes 4"), 4,
       "the 'schedule' directive needs 'ck-plan 2' (this plan says 'ck-plan "
       "1')"},
      {"CoopInVersion1", withKernel("kernel k grid 1 1 1 block 1 1 1 coop"), 6,
       "'coop' in kernel 'k' needs 'ck-plan 2' (this plan says 'ck-plan 1')"},
      // Version 4: `after`.
      {"AfterInVersion3", withKernel("kernel k grid 1 1 1 block 1 1 1 after -"),
       6,
       "'after' in kernel 'k' needs 'ck-plan 4' (this plan says 'ck-plan 1')"},
      {"AfterMissingList", v4({"kernel a grid 1 1 1 block 1 1 1 after"}), 4,
       "missing kernels after 'after' in kernel 'a' (expected '-' for none or "
       "names of earlier kernels separated by ',')"},
      {"AfterItself", v4({"kernel a grid 1 1 1 block 1 1 1 after a"}), 4,
       "'after a' in kernel 'a': 'a' names no kernel before it"},
      {"AfterLaterKernel",
       v4({"kernel a grid 1 1 1 block 1 1 1 after b",
           "kernel b grid 1 1 1 block 1 1 1"}),
       4, "'after b' in kernel 'a': 'b' names no kernel before it"},
      {"AfterEmptyName",
       v4({"kernel a grid 1 1 1 block 1 1 1",
           "kernel b grid 1 1 1 block 1 1 1 after a,"}),
       5, "'after a,' in kernel 'b': an empty name names no kernel before it"},
      {"AfterTwice",
       v4({"kernel a grid 1 1 1 block 1 1 1",
           "kernel b grid 1 1 1 block 1 1 1 after a,a"}),
       5, "'after a,a' in kernel 'b' names 'a' twice"},
      {"AfterAfterArgs", v4({"kernel a grid 1 1 1 block 1 1 1 args after -"}),
       4, "bad argument 0 'after' of kernel 'a'"},
      {"AfterDuplicate",
       v4({"kernel a grid 1 1 1 block 1 1 1",
           "kernel b grid 1 1 1 block 1 1 1 after - after a"}),
       5, "unexpected 'after' in kernel 'b' (expected 'args' after 'after'"},
      // Version 5: `cluster`.
      {"ClusterInVersion4",
       v4({"kernel k grid 2 1 1 block 1 1 1 cluster 2 1 1"}), 4,
       "'cluster' in kernel 'k' needs 'ck-plan 5' (this plan says 'ck-plan "
       "4')"},
      {"ClusterMissingDim", v5({"kernel k grid 2 1 1 block 1 1 1 cluster 2 1"}),
       4,
       "missing cluster z in kernel 'k' (expected cluster <x> <y> <z>, each "
       "a positive integer)"},
      {"ClusterZero", v5({"kernel k grid 2 1 1 block 1 1 1 cluster 0 1 1"}), 4,
       "bad cluster x '0' in kernel 'k' (expected a positive integer, at most "
       "8)"},
      {"ClusterAboveEight",
       v5({"kernel k grid 16 1 1 block 1 1 1 cluster 16 1 1"}), 4,
       "bad cluster x '16' in kernel 'k' (expected a positive integer, at "
       "most 8)"},
      {"ClusterAboveEightInAll",
       v5({"kernel k grid 4 4 1 block 1 1 1 cluster 4 4 1"}), 4,
       "cluster 4 x 4 x 1 of kernel 'k' has 16 workgroups, above the "
       "portable limit 8"},
      {"ClusterNotDividingGrid",
       v5({"kernel k grid 6 1 1 block 1 1 1 cluster 4 1 1"}), 4,
       "grid x 6 of kernel 'k' is not a whole number of its clusters of 4"},
      {"ClusterOnScheduleGrid",
       lines({"ck-plan 5", "target sm_90a", "binary k.cubin",
              "schedule g stream_k tiles 4 iters 64 partial_bytes 256",
              "kernel k grid schedule:g 1 1 block 64 1 1 cluster 2 1 1"}),
       5,
       "grid x of kernel 'k' is a schedule's, which cannot be clustered "
       "(cluster x is 2)"},
      {"ClusterAfterCoop",
       v5({"kernel k grid 2 1 1 block 1 1 1 coop cluster 2 1 1"}), 4,
       "unexpected 'cluster' in kernel 'k' (expected 'after' or 'args' after "
       "'coop'"},
      {"ScheduleGridInVersion1",
       withKernel("kernel k grid schedule:g 1 1 block 1 1 1"), 6,
       "grid x of kernel 'k' is 'schedule:g', but 'schedule:' needs 'ck-plan "
       "2' (this plan says 'ck-plan 1')"},
      {"ScheduleWorkspaceInVersion1", withHeader("workspace 0 schedule:g keep"),
       4, "workspace 0 is 'schedule:g', but 'schedule:' needs 'ck-plan 2'"},
      {"ScheduleArgInVersion1",
       withKernel("kernel k grid 1 1 1 block 1 1 1 args t0 schedule:g"), 6,
       "argument 1 of kernel 'k' is 'schedule:g', but 'schedule:' needs "
       "'ck-plan 2'"},

      // schedule: structure
      {"ScheduleNoName", withSchedule("schedule"), 4,
       "missing schedule name (expected: schedule <name> stream_k|split_k "
       "<key> <value> ...)"},
      {"ScheduleBadName", withSchedule("schedule 9g stream_k"), 4,
       "'9g' is not a valid schedule name (letters, digits, '_', '.', '$', "
       "not starting with a digit)"},
      {"ScheduleBadNameColon", withSchedule("schedule g:1 stream_k"), 4,
       "'g:1' is not a valid schedule name"},
      {"ScheduleNoKind", withSchedule("schedule g"), 4,
       "missing kind after schedule name 'g' (expected stream_k or split_k)"},
      {"ScheduleUnknownKind",
       withSchedule("schedule g streamk tiles 1 iters 1"), 4,
       "unknown kind 'streamk' of schedule 'g' (expected stream_k or "
       "split_k)"},
      {"ScheduleDuplicate",
       v2({"schedule g stream_k tiles 1 iters 1 partial_bytes 4", "# again",
           "schedule g split_k tiles 1 iters 1",
           "kernel k grid schedule:g 1 1 block 1 1 1"}),
       6, "duplicate schedule 'g' (first on line 4)"},
      {"ScheduleUnknownKey",
       withSchedule("schedule g stream_k tiles 1 iters 1 partial_bytes 4 "
                    "k_batch 2"),
       4,
       "unknown key 'k_batch' in stream_k schedule 'g' (expected tiles, "
       "iters, partial_bytes, reduce, dp, tail, min_iters or occupancy)"},
      {"SplitKUnknownKey",
       withSplitK("schedule g split_k tiles 1 iters 1 tail 2"), 4,
       "unknown key 'tail' in split_k schedule 'g' (expected tiles, iters, "
       "k_batch, min_iters, max, partial_bytes or occupancy)"},
      {"ScheduleKeyCase",
       withSchedule("schedule g stream_k Tiles 1 iters 1 partial_bytes 4"), 4,
       "unknown key 'Tiles' in stream_k schedule 'g'"},
      {"ScheduleDuplicateKey",
       withSchedule("schedule g stream_k tiles 1 iters 1 tiles 2"), 4,
       "duplicate key 'tiles' in schedule 'g'"},
      {"ScheduleMissingValue",
       withSchedule("schedule g stream_k tiles 1 iters 1 partial_bytes 4 "
                    "occupancy"),
       4, "missing value after 'occupancy' in schedule 'g'"},
      {"StreamKNoTiles",
       withSchedule("schedule g stream_k iters 1 partial_bytes 4"), 4,
       "stream_k schedule 'g' has no 'tiles' (required: tiles, iters and "
       "partial_bytes)"},
      {"StreamKNoIters",
       withSchedule("schedule g stream_k tiles 1 partial_bytes 4"), 4,
       "stream_k schedule 'g' has no 'iters'"},
      {"StreamKNoPartialBytes",
       withSchedule("schedule g stream_k tiles 1 "
                    "iters 1 occupancy 1"),
       4, "stream_k schedule 'g' has no 'partial_bytes'"},
      {"SplitKNoIters", withSplitK("schedule g split_k tiles 4 k_batch 2"), 4,
       "split_k schedule 'g' has no 'iters' (required: tiles and iters)"},

      // schedule: values
      {"ScheduleTilesZero",
       withSchedule("schedule g stream_k tiles 0 iters 1 partial_bytes 4"), 4,
       "bad tiles '0' in schedule 'g' (expected a positive integer)"},
      {"ScheduleTilesNegative",
       withSchedule("schedule g stream_k tiles -3 iters 1 partial_bytes 4"), 4,
       "bad tiles '-3' in schedule 'g'"},
      {"ScheduleTilesWord",
       withSchedule("schedule g stream_k tiles many iters 1 partial_bytes 4"),
       4, "bad tiles 'many' in schedule 'g'"},
      {"ScheduleTilesAboveLimit",
       withSchedule("schedule g stream_k tiles 2147483648 iters 1 "
                    "partial_bytes 4"),
       4, "tiles 2147483648 of schedule 'g' is above the limit 2147483647"},
      {"ScheduleItersBeyond64Bits",
       withSplitK("schedule g split_k tiles 1 iters 99999999999999999999999"),
       4,
       "iters 99999999999999999999999 of schedule 'g' is above the limit "
       "2147483647"},
      {"StreamKTooManyIterations",
       withSchedule("schedule g stream_k tiles 65536 iters 32768 "
                    "partial_bytes 4"),
       4,
       "stream_k schedule 'g' has tiles * iters = 2147483648 K-iterations, "
       "above the limit 2147483647 (the kernel's iteration indices and "
       "arguments are i32)"},
      {"SchedulePartialBytesZero",
       withSchedule("schedule g stream_k tiles 1 iters 1 partial_bytes 0"), 4,
       "bad partial_bytes '0' in schedule 'g' (expected a positive number of "
       "bytes)"},
      {"SchedulePartialBytesAboveLimit",
       withSchedule("schedule g stream_k tiles 1 iters 1 partial_bytes "
                    "1099511627777"),
       4,
       "partial_bytes 1099511627777 of schedule 'g' is above the limit "
       "1099511627776"},
      {"ScheduleBadReduce",
       withSchedule("schedule g stream_k tiles 1 iters 1 partial_bytes 4 "
                    "reduce binary"),
       4, "bad reduce 'binary' in schedule 'g' (expected linear or tree)"},
      {"ScheduleBadDp",
       withSchedule("schedule g stream_k tiles 1 iters 1 partial_bytes 4 dp "
                    "tile"),
       4, "bad dp 'tile' in schedule 'g' (expected persistent or per_tile)"},
      {"ScheduleBadTail",
       withSchedule("schedule g stream_k tiles 1 iters 1 partial_bytes 4 "
                    "tail none"),
       4,
       "bad tail 'none' in schedule 'g' (expected a positive integer or "
       "'all')"},
      {"ScheduleTailZero",
       withSchedule("schedule g stream_k tiles 1 iters 1 partial_bytes 4 "
                    "tail 0"),
       4, "bad tail '0' in schedule 'g'"},
      {"ScheduleMinItersZero",
       withSchedule("schedule g stream_k tiles 1 iters 1 partial_bytes 4 "
                    "min_iters 0"),
       4, "bad min_iters '0' in schedule 'g' (expected a positive integer)"},
      {"ScheduleBadOccupancy",
       withSchedule("schedule g stream_k tiles 1 iters 1 partial_bytes 4 "
                    "occupancy most"),
       4,
       "bad occupancy 'most' in schedule 'g' (expected a positive integer "
       "or 'auto')"},
      {"ScheduleOccupancyZero",
       withSchedule("schedule g stream_k tiles 1 iters 1 partial_bytes 4 "
                    "occupancy 0"),
       4, "bad occupancy '0' in schedule 'g'"},
      {"ScheduleOccupancyAboveLimit",
       withSchedule("schedule g stream_k tiles 1 iters 1 partial_bytes 4 "
                    "occupancy 1025"),
       4, "occupancy 1025 of schedule 'g' is above the limit 1024"},
      {"SplitKBadKBatch",
       withSplitK("schedule g split_k tiles 1 iters 1 k_batch 0"), 4,
       "bad k_batch '0' in schedule 'g' (expected a positive integer or "
       "'auto')"},
      {"SplitKKBatchAboveLimit",
       withSplitK("schedule g split_k tiles 1 iters 1 k_batch 65536"), 4,
       "k_batch 65536 of schedule 'g' is above the limit 65535"},
      {"SplitKMaxAboveLimit",
       withSplitK("schedule g split_k tiles 1 iters 1 max 70000"), 4,
       "max 70000 of schedule 'g' is above the limit 65535"},
      {"SplitKMaxAuto",
       withSplitK("schedule g split_k tiles 1 iters 1 max "
                  "auto"),
       4, "bad max 'auto' in schedule 'g' (expected a positive integer)"},
      {"SplitKMaxWithFixedKBatch",
       withSplitK("schedule g split_k tiles 1 iters 1 k_batch 4 max 8"), 4,
       "'max' in split_k schedule 'g' applies only to 'k_batch auto' (this "
       "one has k_batch 4)"},
      {"SplitKMinItersWithFixedKBatch",
       withSplitK("schedule g split_k tiles 1 iters 1 min_iters 2 k_batch 4"),
       4, "'min_iters' in split_k schedule 'g' applies only to 'k_batch auto'"},

      // schedule:NAME references
      {"UndefinedScheduleInGrid",
       v2({kStreamK, "kernel k grid schedule:h 1 1 block 64 1 1"}), 5,
       "grid x of kernel 'k' refers to schedule 'h', which is not defined "
       "(no 'schedule h ...' line)"},
      {"UndefinedScheduleInWorkspace",
       v2({kStreamK, "workspace 0 schedule:h keep",
           "kernel k grid schedule:g 1 1 block 64 1 1"}),
       5, "workspace 0 refers to schedule 'h', which is not defined"},
      {"UndefinedScheduleInArgs",
       v2({kStreamK, "tensor 0 input f16 8",
           "kernel k grid schedule:g 1 1 block 64 1 1 args t0 schedule:G"}),
       6,
       "argument 1 of kernel 'k' refers to schedule 'G', which is not "
       "defined"},
      {"ScheduleRefEmptyName",
       v2({kStreamK, "kernel k grid schedule: 1 1 block 64 1 1"}), 5,
       "grid x of kernel 'k' is 'schedule:' (expected 'schedule:<name>' with "
       "the name of a schedule)"},
      {"ScheduleRefBadNameInArgs",
       v2({kStreamK, "kernel k grid schedule:g 1 1 block 64 1 1 args "
                     "schedule:9"}),
       5, "argument 0 of kernel 'k' is 'schedule:9' (expected"},
      {"ScheduleRefBadNameInWorkspace",
       v2({kStreamK, "workspace 0 schedule:a+b zero",
           "kernel k grid schedule:g 1 1 block 64 1 1"}),
       5, "workspace 0 is 'schedule:a+b' (expected 'schedule:<name>'"},
      {"StreamKScheduleInGridY",
       v2({kStreamK, "kernel k grid 1 schedule:g 1 block 64 1 1",
           "kernel k2 grid schedule:g 1 1 block 64 1 1"}),
       5,
       "grid y of kernel 'k' is 'schedule:g', but stream_k schedule 'g' "
       "gives grid x only (its workgroups)"},
      {"StreamKScheduleInGridZ",
       v2({kStreamK, "kernel k grid schedule:g 1 schedule:g block 64 1 1"}), 5,
       "grid z of kernel 'k' is 'schedule:g', but stream_k schedule 'g' "
       "gives grid x only"},
      {"SplitKScheduleInGridX",
       v2({"schedule g split_k tiles 4 iters 64",
           "kernel k grid schedule:g 1 1 block 64 1 1"}),
       5,
       "grid x of kernel 'k' is 'schedule:g', but split_k schedule 'g' gives "
       "grid z only (its k_batch)"},
      {"SplitKWorkspaceWithoutPartialBytes",
       v2({"schedule g split_k tiles 4 iters 64", "workspace 0 schedule:g zero",
           "kernel k grid 8 1 schedule:g block 64 1 1"}),
       5,
       "workspace 0 is 'schedule:g', but split_k schedule 'g' has no "
       "partial_bytes to size it"},
      {"OccupancyAutoWithoutGridKernel",
       v2({"tensor 0 input f16 8",
           "schedule g split_k tiles 4 iters 64 occupancy auto",
           "kernel reduce grid 8 1 1 block 64 1 1 args t0 schedule:g"}),
       5,
       "schedule 'g' has 'occupancy auto', but no kernel's grid is "
       "'schedule:g', so there is no kernel to ask the driver about (pin it "
       "with 'occupancy N')"},
      {"OccupancyAutoByDefaultUnused",
       v2({"schedule g stream_k tiles 4 iters 64 partial_bytes 256",
           "kernel k grid 1 1 1 block 64 1 1"}),
       4, "schedule 'g' has 'occupancy auto', but no kernel's grid is"},

      // coop
      {"CoopDuplicate", v2({"kernel k grid 1 1 1 block 1 1 1 coop coop"}), 4,
       "duplicate 'coop' in kernel 'k'"},
      {"CoopAfterArgs",
       v2({"tensor 0 input f16 8", "kernel k grid 1 1 1 block 1 1 1 args t0 "
                                   "coop"}),
       5, "argument 1 of kernel 'k' is 'coop', which must come before 'args'"},
      {"CoopBeforeLds", v2({"kernel k grid 1 1 1 block 1 1 1 coop lds 4"}), 4,
       "unexpected 'lds' in kernel 'k' (expected 'after' or 'args' after "
       "'coop'; expected: kernel <name> grid <x> <y> <z> block <x> <y> <z> "
       "[lds <bytes>] [cluster <x> <y> <z>] [coop] [after -|<kernel>,...] "
       "[args ...])"},
      {"CoopBeforeBlock", v2({"kernel k grid 1 1 1 coop block 1 1 1"}), 4,
       "expected 'block' after the grid of kernel 'k', found 'coop'"},

      // Whole-plan requirements (reported at the last line).
      {"NoTarget",
       lines({"ck-plan 1", "binary k", "kernel k grid 1 1 1 block 1 1 1"}), 3,
       "missing 'target' directive"},
      {"NoBinary",
       lines({"ck-plan 1", "target sm_90a", "kernel k grid 1 1 1 block 1 1 1",
              "# end"}),
       4, "missing 'binary' directive"},
      {"NoKernels",
       lines(
           {"ck-plan 1", "target sm_90a", "binary k", "tensor 0 input f16 8"}),
       4, "the plan has no 'kernel' directive (expected at least one)"},
  };
}

class PlanParseError : public ::testing::TestWithParam<ErrorCase> {};

TEST_P(PlanParseError, NamesLineAndExpectation) {
  const ErrorCase &c = GetParam();
  Parsed p;
  parse(p, c.text);
  EXPECT_EQ(p.status, CKRT_ERROR_PARSE) << c.text;
  EXPECT_EQ(p.desc, nullptr);
  std::string prefix = "ckrt: plan:" + std::to_string(c.line) + ": ";
  EXPECT_EQ(p.error.compare(0, prefix.size(), prefix), 0)
      << "message: " << p.error << "\nexpected prefix: " << prefix;
  EXPECT_NE(p.error.find(c.expected), std::string::npos)
      << "message: " << p.error << "\nexpected to contain: " << c.expected;
  EXPECT_TRUE(oneLine(p.error)) << p.error;
}

INSTANTIATE_TEST_SUITE_P(
    AllMalformedPlans, PlanParseError, ::testing::ValuesIn(errorCases()),
    [](const ::testing::TestParamInfo<ErrorCase> &info) {
      return std::string(info.param.name);
    });

//===----------------------------------------------------------------------===//
// Limits: the largest values parse, exactly; one more is an error (above).
//===----------------------------------------------------------------------===//

TEST(PlanLimits, LargestValuesParse) {
  Parsed p;
  parse(p, lines({"ck-plan 1", "target sm_90a", "binary k.cubin",
                  "tensor 0 input f16 549755813888",
                  "tensor 1 output f32 274877906944",
                  "workspace 0 1099511627776 zero",
                  "kernel a grid 2147483647 65535 65535 block 1024 1 1 "
                  "lds 1048576",
                  "kernel b grid cus*2147483647 cus*65535 cus*65535 block 1 "
                  "1 1024"}));
  ASSERT_EQ(p.status, CKRT_SUCCESS) << p.error;
  ckrt_tensor_info t;
  ASSERT_EQ(ckrt_plan_desc_tensor(p.desc, 0, &t), CKRT_SUCCESS);
  EXPECT_EQ(t.bytes, uint64_t(1) << 40);
  EXPECT_EQ(t.bytes, CKRT_MAX_TENSOR_BYTES);
  ASSERT_EQ(ckrt_plan_desc_tensor(p.desc, 1, &t), CKRT_SUCCESS);
  EXPECT_EQ(t.bytes, uint64_t(1) << 40);
  ckrt_workspace_info w;
  ASSERT_EQ(ckrt_plan_desc_workspace(p.desc, 0, &w), CKRT_SUCCESS);
  EXPECT_EQ(w.bytes, uint64_t(1) << 40);
  ckrt_kernel_info k;
  ASSERT_EQ(ckrt_plan_desc_kernel(p.desc, 0, &k), CKRT_SUCCESS);
  EXPECT_EQ(k.grid[0], 2147483647u);
  EXPECT_EQ(k.grid[1], 65535u);
  EXPECT_EQ(k.lds_bytes, 1048576u);
  EXPECT_EQ(k.lds_bytes, CKRT_MAX_LDS_BYTES);

  // `cus*K` at the limit fits one SM/CU only.
  uint32_t g[3];
  ASSERT_EQ(ckrt_plan_desc_kernel_grid(p.desc, 1, 1, g), CKRT_SUCCESS)
      << ckrt_last_error();
  EXPECT_EQ(g[0], 2147483647u);
  EXPECT_EQ(g[1], 65535u);
  EXPECT_EQ(ckrt_plan_desc_kernel_grid(p.desc, 1, 2, g),
            CKRT_ERROR_UNSUPPORTED);
  EXPECT_STREQ(ckrt_last_error(),
               "ckrt: plan:8: grid x of kernel 'b' is 4294967294, above the "
               "limit 2147483647");
  // The largest device count times the largest K does not wrap.
  EXPECT_EQ(ckrt_plan_desc_kernel_grid(p.desc, 1, UINT32_MAX, g),
            CKRT_ERROR_UNSUPPORTED);
  EXPECT_NE(
      std::string(ckrt_last_error()).find("is 9223372030412324865, above"),
      std::string::npos)
      << ckrt_last_error();
}

TEST(PlanLimits, PlanTextSize) {
  // A valid plan padded with a comment to exactly the limit parses.
  std::string plan = lines({"ck-plan 1", "target sm_90a", "binary k.cubin",
                            "kernel k grid 1 1 1 block 1 1 1"});
  std::string padded = plan + "#";
  padded.append(CKRT_MAX_PLAN_BYTES - padded.size() - 1, 'x');
  padded += "\n";
  ASSERT_EQ(padded.size(), CKRT_MAX_PLAN_BYTES);
  Parsed ok;
  parse(ok, padded);
  EXPECT_EQ(ok.status, CKRT_SUCCESS) << ok.error;

  // One byte more is refused before it is parsed.
  Parsed big;
  parse(big, padded + "\n");
  EXPECT_EQ(big.status, CKRT_ERROR_PARSE);
  EXPECT_EQ(big.desc, nullptr);
  EXPECT_EQ(big.error, "ckrt: plan: the plan is more than 4194304 bytes, the "
                       "limit (4 MiB)");
}

TEST(PlanLimits, ManyDistinctMetaKeysAndIndices) {
  // Duplicates are found through maps: 20000 keys, tensors and workspaces
  // parse, and the last duplicate still names its first line.
  std::string plan = "ck-plan 1\ntarget sm_90a\nbinary k.cubin\n";
  for (int i = 0; i < 20000; ++i)
    plan += "meta k" + std::to_string(i) + " v\ntensor " + std::to_string(i) +
            " t f16 1\nworkspace " + std::to_string(i) + " 0 keep\n";
  plan += "kernel k grid 1 1 1 block 1 1 1\n";
  Parsed ok;
  parse(ok, plan);
  ASSERT_EQ(ok.status, CKRT_SUCCESS) << ok.error;
  EXPECT_EQ(ckrt_plan_desc_num_meta(ok.desc), 20000u);
  EXPECT_EQ(ckrt_plan_desc_num_tensors(ok.desc), 20000u);
  EXPECT_EQ(ckrt_plan_desc_num_workspaces(ok.desc), 20000u);
  Parsed dup;
  parse(dup, plan + "meta k19999 again\n");
  EXPECT_EQ(dup.error, "ckrt: plan:60005: duplicate meta key 'k19999' (first "
                       "on line 60001)");
}

//===----------------------------------------------------------------------===//
// Files and binaries
//===----------------------------------------------------------------------===//

std::string planFor(const char *target, const char *binary) {
  return std::string("ck-plan 1\ntarget ") + target + "\nbinary " + binary +
         "\nkernel k grid 1 1 1 block 1 1 1\n";
}

TEST(PlanFile, ParseFileResolvesAgainstItsDirectory) {
  TempDir dir;
  ASSERT_FALSE(dir.path().empty());
  std::string plan = dir.write("plan.ckplan", planFor("sm_90a", "k.cubin"));
  std::string cubin = fakeElf(190);
  dir.write("k.cubin", cubin);
  ckrt_plan_desc *d = nullptr;
  ASSERT_EQ(ckrt_plan_parse_file(plan.c_str(), &d), CKRT_SUCCESS)
      << ckrt_last_error();
  EXPECT_EQ(std::string(ckrt_plan_desc_binary_path(d)),
            dir.path() + "/k.cubin");
  uint64_t bytes = 0;
  EXPECT_EQ(ckrt_plan_desc_check_binary(d, &bytes), CKRT_SUCCESS)
      << ckrt_last_error();
  EXPECT_EQ(bytes, cubin.size());
  ckrt_plan_desc_destroy(d);
}

TEST(PlanFile, ErrorsNameTheFile) {
  TempDir dir;
  std::string plan = dir.write("bad.ckplan", "ck-plan 1\ntarget sm_91x\n");
  ckrt_plan_desc *d = nullptr;
  EXPECT_EQ(ckrt_plan_parse_file(plan.c_str(), &d), CKRT_ERROR_PARSE);
  EXPECT_EQ(d, nullptr);
  EXPECT_EQ(std::string(ckrt_last_error()),
            "ckrt: " + plan +
                ":2: unknown target 'sm_91x' (expected sm_<N>[a|f] such as "
                "sm_80 or sm_90a, or gfx<ID> such as gfx942 or gfx1201)");
}

TEST(PlanFile, MissingPlanFile) {
  ckrt_plan_desc *d = nullptr;
  EXPECT_EQ(ckrt_plan_parse_file("/nonexistent/dir/plan.ckplan", &d),
            CKRT_ERROR_IO);
  EXPECT_EQ(std::string(ckrt_last_error()),
            "ckrt: cannot read plan file '/nonexistent/dir/plan.ckplan': No "
            "such file or directory");
}

TEST(PlanFile, MissingBinaryFile) {
  TempDir dir;
  std::string plan = dir.write("plan.ckplan", planFor("sm_90a", "kernels.cubin"));
  ckrt_plan_desc *d = nullptr;
  ASSERT_EQ(ckrt_plan_parse_file(plan.c_str(), &d), CKRT_SUCCESS);
  uint64_t bytes = 123;
  EXPECT_EQ(ckrt_plan_desc_check_binary(d, &bytes), CKRT_ERROR_IO);
  EXPECT_EQ(std::string(ckrt_last_error()),
            "ckrt: " + plan + ":3: cannot read binary file '" + dir.path() +
                "/kernels.cubin': No such file or directory");
  ckrt_plan_desc_destroy(d);
}

struct BinaryCase {
  const char *target;
  std::string contents;
  ckrt_status status;
  const char *expected;
};

TEST(PlanFile, BinaryKindMustFitTarget) {
  std::string ptx = "//\n// Generated by hand\n//\n\n.version 7.0\n"
                    ".target sm_70\n.address_size 64\n\n"
                    ".visible .entry k()\n{\n\tret;\n}\n";
  std::string bundle = offloadBundle({"hipv4-amdgcn-amd-amdhsa--gfx1201"});
  std::string fatbin = cudaFatbin(8);
  BinaryCase cases[] = {
      {"sm_90a", fakeElf(190), CKRT_SUCCESS, ""},
      {"sm_80", ptx, CKRT_SUCCESS, ""},
      {"sm_90a", fatbin, CKRT_SUCCESS, ""},
      {"gfx942", fakeElf(224), CKRT_SUCCESS, ""},
      {"gfx1201", bundle, CKRT_SUCCESS, ""},
      {"sm_90a", fakeElf(224), CKRT_ERROR_INVALID_BINARY,
       "is an AMDGPU ELF (hsaco), but target sm_90a needs a cubin, fatbin "
       "or PTX"},
      {"gfx942", fakeElf(190), CKRT_ERROR_INVALID_BINARY,
       "is a CUDA ELF (cubin), but target gfx942 needs an AMDGPU code object "
       "(hsaco) or offload bundle"},
      {"gfx942", ptx, CKRT_ERROR_INVALID_BINARY, "is PTX text, but target"},
      {"sm_90a", fakeElf(62), CKRT_ERROR_INVALID_BINARY,
       "is an ELF file for another machine"},
      {"sm_90a", "hello, world", CKRT_ERROR_INVALID_BINARY,
       "is of an unknown format"},
      {"sm_90a", "", CKRT_ERROR_INVALID_BINARY, "is empty"},
  };
  for (const BinaryCase &c : cases) {
    TempDir dir;
    dir.write("k.bin", c.contents);
    std::string plan = dir.write("plan.ckplan", planFor(c.target, "k.bin"));
    ckrt_plan_desc *d = nullptr;
    ASSERT_EQ(ckrt_plan_parse_file(plan.c_str(), &d), CKRT_SUCCESS);
    ckrt_clear_error();
    uint64_t bytes = 0;
    EXPECT_EQ(ckrt_plan_desc_check_binary(d, &bytes), c.status)
        << c.target << " " << ckrt_last_error();
    std::string err = ckrt_last_error();
    if (c.status == CKRT_SUCCESS) {
      EXPECT_EQ(bytes, c.contents.size());
    } else {
      EXPECT_NE(err.find(plan + ":3: binary file '" + dir.path() + "/k.bin' "),
                std::string::npos)
          << err;
      EXPECT_NE(err.find(c.expected), std::string::npos) << err;
    }
    ckrt_plan_desc_destroy(d);
  }
}

//===----------------------------------------------------------------------===//
// Accessors and small helpers
//===----------------------------------------------------------------------===//

TEST(PlanAccessors, OutOfRangeAndNull) {
  Parsed p;
  parse(p, kSpecPlan);
  ASSERT_EQ(p.status, CKRT_SUCCESS);
  ckrt_tensor_info t;
  ckrt_workspace_info w;
  ckrt_kernel_info k;
  ckrt_kernel_arg a;
  uint32_t g[3];
  EXPECT_EQ(ckrt_plan_desc_tensor(p.desc, 3, &t), CKRT_ERROR_INVALID_ARGUMENT);
  EXPECT_STREQ(ckrt_last_error(), "ckrt: ckrt_plan_desc_tensor: tensor 3 out "
                                  "of range (the plan has 3)");
  EXPECT_EQ(ckrt_plan_desc_workspace(p.desc, 1, &w),
            CKRT_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(ckrt_plan_desc_kernel(p.desc, 1, &k), CKRT_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(ckrt_plan_desc_kernel_arg(p.desc, 0, 6, &a),
            CKRT_ERROR_INVALID_ARGUMENT);
  EXPECT_STREQ(ckrt_last_error(),
               "ckrt: ckrt_plan_desc_kernel_arg: argument 6 out of range "
               "(kernel 'gemm_0' has 6)");
  EXPECT_EQ(ckrt_plan_desc_kernel_arg(p.desc, 2, 0, &a),
            CKRT_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(ckrt_plan_desc_kernel_grid(p.desc, 5, 1, g),
            CKRT_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(ckrt_plan_desc_tensor(p.desc, 0, nullptr),
            CKRT_ERROR_INVALID_ARGUMENT);

  EXPECT_EQ(ckrt_plan_desc_tensor(nullptr, 0, &t),
            CKRT_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(ckrt_plan_desc_check_binary(nullptr, nullptr),
            CKRT_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(ckrt_plan_desc_num_tensors(nullptr), 0u);
  EXPECT_EQ(ckrt_plan_desc_target(nullptr), nullptr);
  EXPECT_EQ(ckrt_plan_desc_version(nullptr), 0);
  ckrt_plan_desc_destroy(nullptr);

  ckrt_plan_desc *d = reinterpret_cast<ckrt_plan_desc *>(0x1);
  EXPECT_EQ(ckrt_plan_parse(nullptr, "", &d), CKRT_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(d, nullptr);
  EXPECT_STREQ(ckrt_last_error(),
               "ckrt: ckrt_plan_parse: the plan text is NULL");
  EXPECT_EQ(ckrt_plan_parse("ck-plan 1", "", nullptr),
            CKRT_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(ckrt_plan_parse_file(nullptr, &d), CKRT_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(ckrt_plan_parse_file("", &d), CKRT_ERROR_INVALID_ARGUMENT);
}

TEST(Helpers, DtypesStatusesBackends) {
  EXPECT_STREQ(ckrt_dtype_name(CKRT_DTYPE_F16), "f16");
  EXPECT_STREQ(ckrt_dtype_name(CKRT_DTYPE_BF16), "bf16");
  EXPECT_STREQ(ckrt_dtype_name(CKRT_DTYPE_F32), "f32");
  EXPECT_EQ(ckrt_dtype_name(static_cast<ckrt_dtype>(17)), nullptr);
  EXPECT_EQ(ckrt_dtype_size(CKRT_DTYPE_F16), 2u);
  EXPECT_EQ(ckrt_dtype_size(CKRT_DTYPE_BF16), 2u);
  EXPECT_EQ(ckrt_dtype_size(CKRT_DTYPE_F32), 4u);
  EXPECT_EQ(ckrt_dtype_size(static_cast<ckrt_dtype>(17)), 0u);

  EXPECT_STREQ(ckrt_status_name(CKRT_SUCCESS), "CKRT_SUCCESS");
  EXPECT_STREQ(ckrt_status_name(CKRT_ERROR_NO_BACKEND),
               "CKRT_ERROR_NO_BACKEND");
  EXPECT_STREQ(ckrt_status_name(CKRT_ERROR_DRIVER), "CKRT_ERROR_DRIVER");
  EXPECT_STREQ(ckrt_status_name(static_cast<ckrt_status>(99)),
               "CKRT_ERROR_UNKNOWN");

  EXPECT_STREQ(ckrt_backend_name(CKRT_BACKEND_AUTO), "auto");
  EXPECT_STREQ(ckrt_backend_name(CKRT_BACKEND_CUDA), "cuda");
  EXPECT_STREQ(ckrt_backend_name(CKRT_BACKEND_HIP), "hip");
}

TEST(Helpers, TargetCompatibility) {
  struct {
    const char *target, *device;
    int ok;
  } cases[] = {
      {"sm_90a", "sm_90", 1},   {"sm_90", "sm_90", 1},
      {"sm_80", "sm_86", 1},    {"sm_86", "sm_80", 0},
      {"sm_80", "sm_90", 0},    {"sm_90a", "sm_100", 0},
      {"sm_100a", "sm_100", 1}, {"sm_100f", "sm_103", 1},
      {"sm_100", "sm_120", 0},  {"sm_120f", "sm_120", 1},
      {"gfx942", "gfx942", 1},  {"gfx942", "gfx950", 0},
      {"gfx942:sramecc+:xnack-", "gfx942", 1},
      {"gfx90a", "gfx90a:sramecc+:xnack-", 1},
      {"gfx1100", "gfx1101", 0}, {"gfx110", "gfx1100", 0},
      {"sm_90a", "gfx942", 0},  {"gfx942", "sm_90", 0},
      {"", "sm_90", 0},
  };
  for (const auto &c : cases)
    EXPECT_EQ(ckrt_target_compatible(c.target, c.device), c.ok)
        << c.target << " on " << c.device;
  EXPECT_EQ(ckrt_target_compatible(nullptr, "sm_90"), 0);
  EXPECT_EQ(ckrt_target_compatible("sm_90", nullptr), 0);
}

TEST(PlanAfter, NamesTheLatestEarlierKernel) {
  Parsed p;
  parse(p, v4({"kernel a grid 1 1 1 block 1 1 1",
               "kernel b grid 1 1 1 block 1 1 1 after -",
               "kernel a grid 1 1 1 block 1 1 1 coop after b,a args",
               "kernel c grid 1 1 1 block 1 1 1 after a"}));
  ASSERT_EQ(p.status, CKRT_SUCCESS) << p.error;
  EXPECT_EQ(ckrt_plan_desc_version(p.desc), 4);
  int32_t expectedCounts[] = {-1, 0, 2, 1};
  for (size_t k = 0; k < 4; ++k) {
    ckrt_kernel_info info;
    ASSERT_EQ(ckrt_plan_desc_kernel(p.desc, k, &info), CKRT_SUCCESS);
    EXPECT_EQ(info.num_after, expectedCounts[k]) << "kernel " << k;
  }
  // `after b,a` on line 6: b is kernel 1, a the kernel 0 before it; c's
  // `a` is the later a, kernel 2.
  size_t after = 99;
  ASSERT_EQ(ckrt_plan_desc_kernel_after(p.desc, 2, 0, &after), CKRT_SUCCESS);
  EXPECT_EQ(after, 1u);
  ASSERT_EQ(ckrt_plan_desc_kernel_after(p.desc, 2, 1, &after), CKRT_SUCCESS);
  EXPECT_EQ(after, 0u);
  ASSERT_EQ(ckrt_plan_desc_kernel_after(p.desc, 3, 0, &after), CKRT_SUCCESS);
  EXPECT_EQ(after, 2u);
  ckrt_clear_error();
  EXPECT_EQ(ckrt_plan_desc_kernel_after(p.desc, 1, 0, &after),
            CKRT_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(ckrt_last_error()).find("entry 0 out of range"),
            std::string::npos)
      << ckrt_last_error();
  EXPECT_EQ(ckrt_plan_desc_kernel_after(p.desc, 4, 0, &after),
            CKRT_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(ckrt_plan_desc_kernel_after(p.desc, 2, 0, nullptr),
            CKRT_ERROR_INVALID_ARGUMENT);
}

TEST(PlanCluster, RoundsCusGridsToWholeClusters) {
  Parsed p;
  parse(p, v5({"kernel a grid cus 1 1 block 384 1 1 lds 1024 cluster 4 1 1",
               "kernel b grid 8 3 2 block 128 1 1 cluster 2 1 2 coop",
               "kernel c grid cus*2 1 1 block 128 1 1"}));
  ASSERT_EQ(p.status, CKRT_SUCCESS) << p.error;
  EXPECT_EQ(ckrt_plan_desc_version(p.desc), 5);
  uint32_t cluster[3];
  ASSERT_EQ(ckrt_plan_desc_kernel_cluster(p.desc, 0, cluster), CKRT_SUCCESS);
  EXPECT_EQ(cluster[0], 4u);
  EXPECT_EQ(cluster[1], 1u);
  EXPECT_EQ(cluster[2], 1u);
  ASSERT_EQ(ckrt_plan_desc_kernel_cluster(p.desc, 1, cluster), CKRT_SUCCESS);
  EXPECT_EQ(cluster[0], 2u);
  EXPECT_EQ(cluster[2], 2u);
  ASSERT_EQ(ckrt_plan_desc_kernel_cluster(p.desc, 2, cluster), CKRT_SUCCESS);
  EXPECT_EQ(cluster[0], 1u);
  ckrt_kernel_info info;
  ASSERT_EQ(ckrt_plan_desc_kernel(p.desc, 1, &info), CKRT_SUCCESS);
  EXPECT_EQ(info.cooperative, 1);

  // 114 SMs hold 28 whole clusters of 4; 132 hold 33; 3 hold none.
  uint32_t g[3];
  ASSERT_EQ(ckrt_plan_desc_kernel_grid(p.desc, 0, 114, g), CKRT_SUCCESS);
  EXPECT_EQ(g[0], 112u);
  ASSERT_EQ(ckrt_plan_desc_kernel_grid(p.desc, 0, 132, g), CKRT_SUCCESS);
  EXPECT_EQ(g[0], 132u);
  ckrt_clear_error();
  EXPECT_EQ(ckrt_plan_desc_kernel_grid(p.desc, 0, 3, g),
            CKRT_ERROR_UNSUPPORTED);
  EXPECT_NE(std::string(ckrt_last_error())
                .find("grid x of kernel 'a' evaluates to 0 (cus = 3, "
                      "cluster x 4)"),
            std::string::npos)
      << ckrt_last_error();
  // Fixed grids stay; an unclustered cus grid is not rounded.
  ASSERT_EQ(ckrt_plan_desc_kernel_grid(p.desc, 1, 114, g), CKRT_SUCCESS);
  EXPECT_EQ(g[0], 8u);
  ASSERT_EQ(ckrt_plan_desc_kernel_grid(p.desc, 2, 57, g), CKRT_SUCCESS);
  EXPECT_EQ(g[0], 114u);

  EXPECT_EQ(ckrt_plan_desc_kernel_cluster(p.desc, 3, cluster),
            CKRT_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(ckrt_plan_desc_kernel_cluster(p.desc, 0, nullptr),
            CKRT_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(ckrt_plan_desc_kernel_cluster(nullptr, 0, cluster),
            CKRT_ERROR_INVALID_ARGUMENT);
}

} // namespace
