//===- GpuTest.cpp - End to end on a real device (skipped without one) ----===//
//
// Runs only where ckrt finds a CUDA device: hand-written PTX kernels (the
// driver compiles them for the device) launched through a plan, checking
// tensors, scalars, `cus` grids, lds above 48 KiB (and static plus dynamic
// shared memory past it), and `zero` against `keep` workspaces, plus the
// load-time checks that need a device; and schedules: the occupancy the
// driver reports, the grid, workspace and scalars that planStreamK /
// planSplitK give for it, as a kernel sees them in a cooperative launch.
//
//===----------------------------------------------------------------------===//

#include "TestUtil.h"

#include "ck-c/Runtime.h"
#include "ck/Runtime/Runtime.hpp"
#include "ck/Schedule/SplitK.h"
#include "ck/Schedule/StreamK.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <string>
#include <vector>

using namespace ckrt_test;

namespace {

const char *const kPtx = R"PTX(//
// Test kernels for ckrt, written by hand.
//
.version 7.0
.target sm_70
.address_size 64

// y[i] = a * x[i] + y[i] for i < n
.visible .entry axpy(
    .param .u64 axpy_x,
    .param .u64 axpy_y,
    .param .u32 axpy_n,
    .param .f32 axpy_a
)
{
    .reg .pred %p<2>;
    .reg .b32 %r<6>;
    .reg .f32 %f<5>;
    .reg .b64 %rd<8>;

    ld.param.u64 %rd1, [axpy_x];
    ld.param.u64 %rd2, [axpy_y];
    ld.param.u32 %r1, [axpy_n];
    ld.param.f32 %f1, [axpy_a];
    mov.u32 %r2, %ctaid.x;
    mov.u32 %r3, %ntid.x;
    mov.u32 %r4, %tid.x;
    mad.lo.s32 %r5, %r2, %r3, %r4;
    setp.ge.s32 %p1, %r5, %r1;
    @%p1 bra AXPY_DONE;
    cvta.to.global.u64 %rd3, %rd1;
    cvta.to.global.u64 %rd4, %rd2;
    mul.wide.s32 %rd5, %r5, 4;
    add.s64 %rd6, %rd3, %rd5;
    add.s64 %rd7, %rd4, %rd5;
    ld.global.f32 %f2, [%rd6];
    ld.global.f32 %f3, [%rd7];
    fma.rn.f32 %f4, %f1, %f2, %f3;
    st.global.f32 [%rd7], %f4;
AXPY_DONE:
    ret;
}

.extern .shared .align 16 .b8 dyn_smem[];

// Both kinds of shared memory, as a ck kernel has them (its arena's symbol
// is static, a few bytes).
.shared .align 4 .b32 static_word;

// Thread 0 of each block writes its block index to the last word of the
// dynamic shared memory (lds_bytes long) and to the static word, reads both
// back, and if they match adds 1 to *zeroed and *kept.
.visible .entry count_blocks(
    .param .u64 cb_zeroed,
    .param .u64 cb_kept,
    .param .u64 cb_lds_bytes
)
{
    .reg .pred %p<3>;
    .reg .b32 %r<8>;
    .reg .b64 %rd<6>;

    mov.u32 %r1, %tid.x;
    setp.ne.u32 %p1, %r1, 0;
    @%p1 bra CB_DONE;
    ld.param.u64 %rd5, [cb_lds_bytes];
    cvt.u32.u64 %r2, %rd5;
    sub.u32 %r3, %r2, 4;
    mov.u32 %r4, dyn_smem;
    add.u32 %r5, %r4, %r3;
    mov.u32 %r6, %ctaid.x;
    st.shared.u32 [%r5], %r6;
    st.shared.u32 [static_word], %r6;
    ld.volatile.shared.u32 %r7, [%r5];
    setp.ne.u32 %p2, %r7, %r6;
    @%p2 bra CB_DONE;
    ld.volatile.shared.u32 %r7, [static_word];
    setp.ne.u32 %p2, %r7, %r6;
    @%p2 bra CB_DONE;
    ld.param.u64 %rd1, [cb_zeroed];
    ld.param.u64 %rd2, [cb_kept];
    cvta.to.global.u64 %rd3, %rd1;
    cvta.to.global.u64 %rd4, %rd2;
    atom.global.add.u32 %r7, [%rd3], 1;
    atom.global.add.u32 %r7, [%rd4], 1;
CB_DONE:
    ret;
}

// out[0] = *zeroed, out[1] = *kept
.visible .entry store_counts(
    .param .u64 sc_zeroed,
    .param .u64 sc_kept,
    .param .u64 sc_out
)
{
    .reg .b32 %r<3>;
    .reg .b64 %rd<7>;

    ld.param.u64 %rd1, [sc_zeroed];
    ld.param.u64 %rd2, [sc_kept];
    ld.param.u64 %rd3, [sc_out];
    cvta.to.global.u64 %rd4, %rd1;
    cvta.to.global.u64 %rd5, %rd2;
    cvta.to.global.u64 %rd6, %rd3;
    ld.global.u32 %r1, [%rd4];
    ld.global.u32 %r2, [%rd5];
    st.global.u32 [%rd6], %r1;
    st.global.u32 [%rd6+4], %r2;
    ret;
}

// What a scheduled kernel sees. Thread 0 of every block adds 1 to out[7];
// block (0, 0, 0) writes out[0..3] = a, b, c, d, out[4..6] = the grid,
// out[8..9] = the workspace pointer and out[10] = e.
.visible .entry record_schedule(
    .param .u64 rs_out,
    .param .u64 rs_workspace,
    .param .u32 rs_a,
    .param .u32 rs_b,
    .param .u32 rs_c,
    .param .u32 rs_d,
    .param .u32 rs_e
)
{
    .reg .pred %p<3>;
    .reg .b32 %r<15>;
    .reg .b64 %rd<4>;

    mov.u32 %r1, %tid.x;
    setp.ne.u32 %p1, %r1, 0;
    @%p1 bra RS_DONE;
    ld.param.u64 %rd1, [rs_out];
    cvta.to.global.u64 %rd2, %rd1;
    atom.global.add.u32 %r2, [%rd2+28], 1;
    mov.u32 %r3, %ctaid.x;
    mov.u32 %r4, %ctaid.y;
    mov.u32 %r5, %ctaid.z;
    or.b32 %r6, %r3, %r4;
    or.b32 %r6, %r6, %r5;
    setp.ne.u32 %p2, %r6, 0;
    @%p2 bra RS_DONE;
    ld.param.u32 %r7, [rs_a];
    ld.param.u32 %r8, [rs_b];
    ld.param.u32 %r9, [rs_c];
    ld.param.u32 %r10, [rs_d];
    st.global.u32 [%rd2], %r7;
    st.global.u32 [%rd2+4], %r8;
    st.global.u32 [%rd2+8], %r9;
    st.global.u32 [%rd2+12], %r10;
    mov.u32 %r11, %nctaid.x;
    mov.u32 %r12, %nctaid.y;
    mov.u32 %r13, %nctaid.z;
    st.global.u32 [%rd2+16], %r11;
    st.global.u32 [%rd2+20], %r12;
    st.global.u32 [%rd2+24], %r13;
    ld.param.u64 %rd3, [rs_workspace];
    st.global.u64 [%rd2+32], %rd3;
    ld.param.u32 %r14, [rs_e];
    st.global.u32 [%rd2+40], %r14;
RS_DONE:
    ret;
}
)PTX";

/// A kernel built for clusters of two (sm_90 and up): thread 0 of each
/// workgroup adds 1 to out[0] and the cluster's size (%cluster_nctarank)
/// to out[1].
const char *const kClusterPtx = R"PTX(//
.version 7.8
.target sm_90
.address_size 64

.visible .entry count_in_clusters(
    .param .u64 cc_out
)
.reqnctapercluster 2, 1, 1
{
    .reg .pred %p<2>;
    .reg .b32 %r<4>;
    .reg .b64 %rd<3>;

    mov.u32 %r1, %tid.x;
    setp.ne.u32 %p1, %r1, 0;
    @%p1 bra CC_DONE;
    ld.param.u64 %rd1, [cc_out];
    cvta.to.global.u64 %rd2, %rd1;
    mov.u32 %r2, %cluster_nctarank;
    atom.global.add.u32 %r3, [%rd2], 1;
    atom.global.add.u32 %r3, [%rd2+4], %r2;
CC_DONE:
    ret;
}
)PTX";

class Gpu : public ::testing::Test {
protected:
  void SetUp() override {
    int count = 0;
    if (ckrt_device_count(CKRT_BACKEND_CUDA, &count) != CKRT_SUCCESS ||
        count == 0)
      GTEST_SKIP() << "no CUDA device: " << ckrt_last_error();
    ASSERT_EQ(ckrt_context_create(CKRT_BACKEND_CUDA, 0, &ctx), CKRT_SUCCESS)
        << ckrt_last_error();
    ASSERT_EQ(ckrt_context_get_props(ctx, &props), CKRT_SUCCESS);
    dir.write("kernels.ptx", kPtx);
  }
  void TearDown() override { ckrt_context_destroy(ctx); }

  /// A plan over the test kernels, for the device's own arch.
  std::string plan(const std::string &body,
                   const std::string &binary = "kernels.ptx", int version = 1) {
    return dir.write("plan.ckplan", "ck-plan " + std::to_string(version) +
                                        "\ntarget " + std::string(props.arch) +
                                        "\nbinary " + binary + "\n" + body);
  }

  ckrt_status load(const std::string &body, ckrt_plan *out,
                   const std::string &binary = "kernels.ptx") {
    return ckrt_plan_load_file(ctx, plan(body, binary).c_str(), 0, out);
  }

  /// A `ck-plan 2` plan (schedules, `coop`).
  ckrt_status load2(const std::string &body, ckrt_plan *out) {
    return ckrt_plan_load_file(ctx, plan(body, "kernels.ptx", 2).c_str(), 0,
                               out);
  }

  /// Launches `p` (one tensor of `bytes`) on zeroed memory and copies the
  /// first `resultBytes` of the tensor to `result`.
  void launchOnZeros(ckrt_plan p, size_t bytes, void *result,
                     size_t resultBytes) {
    void *out = nullptr;
    EXPECT_EQ(ckrt_malloc(ctx, bytes, &out), CKRT_SUCCESS);
    EXPECT_EQ(ckrt_memset_d8(ctx, out, 0, bytes), CKRT_SUCCESS);
    EXPECT_EQ(ckrt_plan_launch(p, &out, 1, nullptr), CKRT_SUCCESS)
        << ckrt_last_error();
    EXPECT_EQ(ckrt_context_synchronize(ctx), CKRT_SUCCESS) << ckrt_last_error();
    EXPECT_EQ(ckrt_memcpy_dtoh(ctx, result, out, resultBytes), CKRT_SUCCESS);
    ckrt_free(ctx, out);
  }

  /// Launches `p` (one tensor, 256 bytes) on zeroed memory and returns what
  /// record_schedule wrote: 8 u32 words, the workspace pointer, then e.
  struct Record {
    uint32_t words[8];
    uint64_t workspace;
    uint32_t fifth;
  };
  Record launchRecord(ckrt_plan p) {
    Record r{};
    launchOnZeros(p, 256, &r, sizeof(r));
    return r;
  }

  TempDir dir;
  ckrt_context ctx = nullptr;
  ckrt_device_props props{};
};

// Static and dynamic shared memory past 48 KiB together need the kernel's
// opt-in even when the dynamic share alone is exactly 48 KiB: count_blocks
// has a static word besides.
TEST_F(Gpu, StaticPlusDynamicSharedPast48KiB) {
  ckrt_plan p = nullptr;
  ASSERT_EQ(load("tensor 0 output f32 2\n"
                 "workspace 0 4 zero\n"
                 "workspace 1 4 keep\n"
                 "kernel count_blocks grid 1 1 1 block 32 1 1 lds 49152 "
                 "args w0 w1 i64:49152\n"
                 "kernel store_counts grid 1 1 1 block 1 1 1 args w0 w1 t0\n",
                 &p),
            CKRT_SUCCESS)
      << ckrt_last_error();
  uint32_t counts[2] = {0, 0};
  launchOnZeros(p, sizeof(counts), counts, sizeof(counts));
  EXPECT_EQ(counts[0], 1u);
  EXPECT_EQ(counts[1], 1u);
  ckrt_plan_destroy(p);
}

TEST_F(Gpu, DeviceProps) {
  EXPECT_EQ(props.backend, CKRT_BACKEND_CUDA);
  EXPECT_EQ(std::strncmp(props.arch, "sm_", 3), 0) << props.arch;
  EXPECT_GT(props.multiprocessor_count, 0);
  EXPECT_EQ(props.warp_size, 32);
  EXPECT_GE(props.max_shared_memory_per_block, 48u * 1024);
  EXPECT_GT(props.l2_bytes, 0u);
  EXPECT_GT(props.total_memory_bytes, 0u);
  EXPECT_GT(std::strlen(props.name), 0u);
  ckrt_device_props again;
  ASSERT_EQ(ckrt_device_get_props(CKRT_BACKEND_AUTO, 0, &again),
            CKRT_SUCCESS);
  EXPECT_STREQ(again.name, props.name);
  int count = 0;
  ASSERT_EQ(ckrt_device_count(CKRT_BACKEND_CUDA, &count), CKRT_SUCCESS);
  EXPECT_EQ(ckrt_device_get_props(CKRT_BACKEND_CUDA, count, &again),
            CKRT_ERROR_NO_DEVICE);
  ckrt_context none = nullptr;
  EXPECT_EQ(ckrt_context_create(CKRT_BACKEND_CUDA, -1, &none),
            CKRT_ERROR_NO_DEVICE);
}

TEST_F(Gpu, MemoryRoundTrip) {
  std::vector<uint8_t> host(1000), back(1000);
  for (size_t i = 0; i < host.size(); ++i)
    host[i] = uint8_t(i * 7);
  void *a = nullptr, *b = nullptr;
  ASSERT_EQ(ckrt_malloc(ctx, host.size(), &a), CKRT_SUCCESS);
  ASSERT_EQ(ckrt_malloc(ctx, host.size(), &b), CKRT_SUCCESS);
  ASSERT_EQ(ckrt_memcpy_htod(ctx, a, host.data(), host.size()), CKRT_SUCCESS);
  ASSERT_EQ(ckrt_memcpy_dtod(ctx, b, a, host.size()), CKRT_SUCCESS);
  ASSERT_EQ(ckrt_memset_d8(ctx, b, 0xab, 10), CKRT_SUCCESS);
  ASSERT_EQ(ckrt_memcpy_dtoh(ctx, back.data(), b, back.size()), CKRT_SUCCESS);
  for (size_t i = 0; i < back.size(); ++i)
    ASSERT_EQ(back[i], i < 10 ? 0xab : host[i]) << i;
  ckrt_stream s = nullptr;
  ASSERT_EQ(ckrt_stream_create(ctx, &s), CKRT_SUCCESS);
  ASSERT_EQ(ckrt_memset_d8_async(ctx, a, 1, host.size(), s), CKRT_SUCCESS);
  ASSERT_EQ(ckrt_stream_synchronize(s), CKRT_SUCCESS);
  ASSERT_EQ(ckrt_memcpy_dtoh(ctx, back.data(), a, back.size()), CKRT_SUCCESS);
  EXPECT_EQ(back[999], 1);
  ckrt_stream_destroy(s);
  void *zero = reinterpret_cast<void *>(0x1);
  EXPECT_EQ(ckrt_malloc(ctx, 0, &zero), CKRT_SUCCESS);
  EXPECT_EQ(zero, nullptr);
  EXPECT_EQ(ckrt_free(ctx, a), CKRT_SUCCESS);
  EXPECT_EQ(ckrt_free(ctx, b), CKRT_SUCCESS);
  EXPECT_EQ(ckrt_free(ctx, nullptr), CKRT_SUCCESS);
  void *huge = nullptr;
  EXPECT_EQ(ckrt_malloc(ctx, size_t(1) << 50, &huge),
            CKRT_ERROR_OUT_OF_MEMORY);
  EXPECT_NE(std::string(ckrt_last_error()).find("cuMemAlloc_v2"),
            std::string::npos)
      << ckrt_last_error();
}

TEST_F(Gpu, PlanEndToEnd) {
  const int n = 1000;
  ckrt_plan p = nullptr;
  ASSERT_EQ(load("tensor 0 input f32 1000\n"
                 "tensor 1 output f32 1000\n"
                 "tensor 2 d0 f32 2\n"
                 "workspace 0 4 zero\n"
                 "workspace 1 4 keep\n"
                 "kernel axpy grid 4 1 1 block 256 1 1 args t0 t1 i32:1000 "
                 "f32:2.5\n"
                 "kernel count_blocks grid cus 1 1 block 32 1 1 lds 65536 "
                 "args w0 w1 i64:65536\n"
                 "kernel store_counts grid 1 1 1 block 1 1 1 args w0 w1 t2\n",
                 &p),
            CKRT_SUCCESS)
      << ckrt_last_error();
  uint32_t grid[3];
  ASSERT_EQ(ckrt_plan_kernel_grid(p, 1, grid), CKRT_SUCCESS);
  EXPECT_EQ(grid[0], uint32_t(props.multiprocessor_count));
  void *w = nullptr;
  ASSERT_EQ(ckrt_plan_workspace_ptr(p, 0, &w), CKRT_SUCCESS);
  EXPECT_NE(w, nullptr);

  std::vector<float> x(n), y(n);
  for (int i = 0; i < n; ++i) {
    x[i] = float(i);
    y[i] = 1.0f;
  }
  void *dx = nullptr, *dy = nullptr, *dc = nullptr;
  ASSERT_EQ(ckrt_malloc(ctx, n * 4, &dx), CKRT_SUCCESS);
  ASSERT_EQ(ckrt_malloc(ctx, n * 4, &dy), CKRT_SUCCESS);
  ASSERT_EQ(ckrt_malloc(ctx, 8, &dc), CKRT_SUCCESS);
  ASSERT_EQ(ckrt_memcpy_htod(ctx, dx, x.data(), n * 4), CKRT_SUCCESS);
  ASSERT_EQ(ckrt_memcpy_htod(ctx, dy, y.data(), n * 4), CKRT_SUCCESS);

  ckrt_stream s = nullptr;
  ASSERT_EQ(ckrt_stream_create(ctx, &s), CKRT_SUCCESS);
  void *tensors[] = {dx, dy, dc};
  uint32_t sms = uint32_t(props.multiprocessor_count);
  for (uint32_t launch = 1; launch <= 3; ++launch) {
    ASSERT_EQ(ckrt_plan_launch(p, tensors, 3, s), CKRT_SUCCESS)
        << ckrt_last_error();
    ASSERT_EQ(ckrt_stream_synchronize(s), CKRT_SUCCESS) << ckrt_last_error();
    uint32_t counts[2];
    ASSERT_EQ(ckrt_memcpy_dtoh(ctx, counts, dc, 8), CKRT_SUCCESS);
    EXPECT_EQ(counts[0], sms) << "zeroed before each launch";
    EXPECT_EQ(counts[1], sms * launch) << "kept across launches";
  }
  ASSERT_EQ(ckrt_memcpy_dtoh(ctx, y.data(), dy, n * 4), CKRT_SUCCESS);
  for (int i = 0; i < n; ++i)
    ASSERT_EQ(y[i], 1.0f + 3 * 2.5f * float(i)) << i;

  float ms = -1;
  ASSERT_EQ(ckrt_plan_time(p, tensors, 3, s, 2, 10, &ms), CKRT_SUCCESS)
      << ckrt_last_error();
  EXPECT_GT(ms, 0.0f);

  // Launch argument checks.
  EXPECT_EQ(ckrt_plan_launch(p, tensors, 2, s), CKRT_ERROR_INVALID_ARGUMENT);
  EXPECT_STREQ(ckrt_last_error(), "ckrt: ckrt_plan_launch: the plan has 3 "
                                  "tensors but 2 pointers were given");
  void *withNull[] = {dx, nullptr, dc};
  EXPECT_EQ(ckrt_plan_launch(p, withNull, 3, s), CKRT_ERROR_INVALID_ARGUMENT);
  EXPECT_STREQ(ckrt_last_error(), "ckrt: ckrt_plan_launch: the pointer of "
                                  "tensor 1 (output) is NULL");

  // The default stream works too; events time it.
  ckrt_event e0 = nullptr, e1 = nullptr;
  ASSERT_EQ(ckrt_event_create(ctx, &e0), CKRT_SUCCESS);
  ASSERT_EQ(ckrt_event_create(ctx, &e1), CKRT_SUCCESS);
  ASSERT_EQ(ckrt_event_record(e0, nullptr), CKRT_SUCCESS);
  ASSERT_EQ(ckrt_plan_launch(p, tensors, 3, nullptr), CKRT_SUCCESS);
  ASSERT_EQ(ckrt_event_record(e1, nullptr), CKRT_SUCCESS);
  ASSERT_EQ(ckrt_event_synchronize(e1), CKRT_SUCCESS);
  ASSERT_EQ(ckrt_event_elapsed_ms(e0, e1, &ms), CKRT_SUCCESS);
  EXPECT_GE(ms, 0.0f);
  ckrt_event_destroy(e0);
  ckrt_event_destroy(e1);

  // The plan and stream keep the device alive after the context's owner
  // lets go.
  ckrt_stream_destroy(s);
  ckrt_plan_destroy(p);
  ckrt_free(ctx, dx);
  ckrt_free(ctx, dy);
  ckrt_free(ctx, dc);
}

// `after` (ck-plan 4): two independent axpys, a third after both that reads
// the first one's result, and the block counters beside them on streams of
// ckrt's own. Synchronizing the launch stream alone must see every kernel
// done: the launch stream waits for the side streams.
TEST_F(Gpu, AfterRunsIndependentKernelsBesideEachOther) {
  const int n = 1000;
  ckrt_plan p = nullptr;
  ASSERT_EQ(ckrt_plan_load_file(
                ctx,
                plan("tensor 0 input f32 1000\n"
                     "tensor 1 output f32 1000\n"
                     "tensor 2 d0 f32 1000\n"
                     "tensor 3 d1 f32 1000\n"
                     "tensor 4 d2 f32 2\n"
                     "workspace 0 4 zero\n"
                     "workspace 1 4 keep\n"
                     "kernel axpy grid 4 1 1 block 256 1 1 after - args t0 t1 "
                     "i32:1000 f32:2.5\n"
                     "kernel count_blocks grid cus 1 1 block 32 1 1 lds 4 "
                     "after - args w0 w1 i64:4\n"
                     "kernel axpy grid 4 1 1 block 256 1 1 after - args t2 t3 "
                     "i32:1000 f32:2.5\n"
                     "kernel store_counts grid 1 1 1 block 1 1 1 after "
                     "count_blocks args w0 w1 t4\n"
                     "kernel axpy grid 4 1 1 block 256 1 1 after axpy args t1 "
                     "t3 i32:1000 f32:2.5\n",
                     "kernels.ptx", 4)
                    .c_str(),
                0, &p),
            CKRT_SUCCESS)
      << ckrt_last_error();
  std::vector<float> x(n), y(n), x2(n), y2(n);
  for (int i = 0; i < n; ++i) {
    x[i] = float(i);
    y[i] = 1.0f;
    x2[i] = float(2 * i);
    y2[i] = 1.0f;
  }
  void *d[5] = {};
  for (int t = 0; t < 4; ++t)
    ASSERT_EQ(ckrt_malloc(ctx, n * 4, &d[t]), CKRT_SUCCESS);
  ASSERT_EQ(ckrt_malloc(ctx, 8, &d[4]), CKRT_SUCCESS);
  ASSERT_EQ(ckrt_memcpy_htod(ctx, d[0], x.data(), n * 4), CKRT_SUCCESS);
  ASSERT_EQ(ckrt_memcpy_htod(ctx, d[1], y.data(), n * 4), CKRT_SUCCESS);
  ASSERT_EQ(ckrt_memcpy_htod(ctx, d[2], x2.data(), n * 4), CKRT_SUCCESS);
  ASSERT_EQ(ckrt_memcpy_htod(ctx, d[3], y2.data(), n * 4), CKRT_SUCCESS);
  ckrt_stream s = nullptr;
  ASSERT_EQ(ckrt_stream_create(ctx, &s), CKRT_SUCCESS);
  ASSERT_EQ(ckrt_plan_launch(p, d, 5, s), CKRT_SUCCESS) << ckrt_last_error();
  ASSERT_EQ(ckrt_stream_synchronize(s), CKRT_SUCCESS) << ckrt_last_error();
  ASSERT_EQ(ckrt_memcpy_dtoh(ctx, y.data(), d[1], n * 4), CKRT_SUCCESS);
  ASSERT_EQ(ckrt_memcpy_dtoh(ctx, y2.data(), d[3], n * 4), CKRT_SUCCESS);
  uint32_t counts[2];
  ASSERT_EQ(ckrt_memcpy_dtoh(ctx, counts, d[4], 8), CKRT_SUCCESS);
  for (int i = 0; i < n; ++i) {
    float first = 1.0f + 2.5f * float(i);
    ASSERT_EQ(y[i], first) << i;
    // 1 + 2.5 * 2i from the second axpy, then + 2.5 * first.
    ASSERT_EQ(y2[i], (1.0f + 2.5f * float(2 * i)) + 2.5f * first) << i;
  }
  uint32_t sms = uint32_t(props.multiprocessor_count);
  EXPECT_EQ(counts[0], sms);
  EXPECT_EQ(counts[1], sms);
  for (void *ptr : d)
    ckrt_free(ctx, ptr);
  ckrt_stream_destroy(s);
  ckrt_plan_destroy(p);
}

TEST_F(Gpu, WrappedDriverStream) {
  // A driver stream made outside ckrt (as PyTorch makes its streams).
  void *cuda = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  ASSERT_NE(cuda, nullptr) << dlerror();
  using StreamCreate = int (*)(void **, unsigned);
  using StreamOp = int (*)(void *);
  auto streamCreate =
      reinterpret_cast<StreamCreate>(dlsym(cuda, "cuStreamCreate"));
  auto streamQuery = reinterpret_cast<StreamOp>(dlsym(cuda, "cuStreamQuery"));
  auto streamDestroy =
      reinterpret_cast<StreamOp>(dlsym(cuda, "cuStreamDestroy_v2"));
  ASSERT_TRUE(streamCreate && streamQuery && streamDestroy);
  void *native = nullptr;
  ASSERT_EQ(streamCreate(&native, 0), 0);

  ckrt_plan p = nullptr;
  ASSERT_EQ(load("tensor 0 input f32 256\ntensor 1 output f32 256\n"
                 "kernel axpy grid 1 1 1 block 256 1 1 args t0 t1 i32:256 "
                 "f32:2\n",
                 &p),
            CKRT_SUCCESS)
      << ckrt_last_error();
  std::vector<float> x(256), y(256, 1.0f);
  for (int i = 0; i < 256; ++i)
    x[i] = float(i);
  void *dx = nullptr, *dy = nullptr;
  ASSERT_EQ(ckrt_malloc(ctx, 1024, &dx), CKRT_SUCCESS);
  ASSERT_EQ(ckrt_malloc(ctx, 1024, &dy), CKRT_SUCCESS);
  ASSERT_EQ(ckrt_memcpy_htod(ctx, dx, x.data(), 1024), CKRT_SUCCESS);
  ASSERT_EQ(ckrt_memcpy_htod(ctx, dy, y.data(), 1024), CKRT_SUCCESS);

  ckrt_stream s = nullptr;
  ASSERT_EQ(ckrt_stream_wrap(ctx, native, &s), CKRT_SUCCESS)
      << ckrt_last_error();
  void *tensors[] = {dx, dy};
  ASSERT_EQ(ckrt_plan_launch(p, tensors, 2, s), CKRT_SUCCESS)
      << ckrt_last_error();
  ASSERT_EQ(ckrt_stream_synchronize(s), CKRT_SUCCESS) << ckrt_last_error();
  ASSERT_EQ(ckrt_memcpy_dtoh(ctx, y.data(), dy, 1024), CKRT_SUCCESS);
  for (int i = 0; i < 256; ++i)
    ASSERT_EQ(y[i], 1.0f + 2.0f * float(i)) << i;

  // Destroying the wrapper leaves the driver stream to its maker.
  ckrt_stream_destroy(s);
  EXPECT_EQ(streamQuery(native), 0);
  EXPECT_EQ(streamDestroy(native), 0);
  ckrt_plan_destroy(p);
  ckrt_free(ctx, dx);
  ckrt_free(ctx, dy);
}

TEST_F(Gpu, WrapperEndToEnd) {
  auto context = ckrt::Context::create(CKRT_BACKEND_CUDA, 0);
  ASSERT_TRUE(context.ok()) << context.error().message();
  auto plan = ckrt::Plan::loadFile(
      *context, this->plan("tensor 0 input f32 256\ntensor 1 output f32 256\n"
                           "kernel axpy grid 1 1 1 block 256 1 1 args t0 t1 "
                           "i32:256 f32:-1\n"));
  ASSERT_TRUE(plan.ok()) << plan.error().message();
  auto x = ckrt::DeviceBuffer::allocate(*context, 256 * 4);
  auto y = ckrt::DeviceBuffer::allocate(*context, 256 * 4);
  ASSERT_TRUE(x.ok() && y.ok());
  std::vector<float> hx(256, 2.0f), hy(256, 5.0f);
  ASSERT_TRUE(x->copyFromHost(hx).ok());
  ASSERT_TRUE(y->copyFromHost(hy).ok());
  auto stream = ckrt::Stream::create(*context);
  ASSERT_TRUE(stream.ok());
  ASSERT_TRUE(plan->launch({x->get(), y->get()}, &*stream).ok());
  ASSERT_TRUE(stream->synchronize().ok());
  ASSERT_TRUE(y->copyToHost(hy).ok());
  EXPECT_EQ(hy[0], 3.0f);
  EXPECT_EQ(hy[255], 3.0f);
  auto ms = plan->time({x->get(), y->get()}, 1, 5, &*stream);
  ASSERT_TRUE(ms.ok()) << ms.error().message();
  auto bad = plan->launch({x->get()});
  EXPECT_EQ(bad.code(), CKRT_ERROR_INVALID_ARGUMENT);
}

TEST_F(Gpu, LoadErrors) {
  ckrt_plan p = nullptr;
  // A kernel the module does not have: found missing in the PTX before
  // the driver is asked.
  EXPECT_EQ(load("kernel no_such_kernel grid 1 1 1 block 1 1 1\n", &p),
            CKRT_ERROR_NOT_FOUND);
  std::string err = ckrt_last_error();
  EXPECT_NE(err.find("plan.ckplan:4: kernel 'no_such_kernel' is not in "
                     "binary file '"),
            std::string::npos)
      << err;
  EXPECT_NE(err.find("(it has no '.entry' of that name)"), std::string::npos)
      << err;
  EXPECT_EQ(p, nullptr);

  // More shared memory than the device has (the most a plan may ask for).
  EXPECT_EQ(load("workspace 0 4 zero\nworkspace 1 4 zero\n"
                 "kernel count_blocks grid 1 1 1 block 32 1 1 lds 1048576 "
                 "args w0 w1 i64:1048576\n",
                 &p),
            CKRT_ERROR_UNSUPPORTED);
  err = ckrt_last_error();
  EXPECT_NE(err.find("plan.ckplan:6: kernel 'count_blocks' needs 1048576 "
                     "bytes of dynamic shared memory"),
            std::string::npos)
      << err;

  // A grid too large once `cus` is known (K within the plan's limit, the
  // product above it on any GPU with two SMs or more).
  EXPECT_EQ(load("kernel store_counts grid 1 cus*65535 1 block 1 1 1\n", &p),
            CKRT_ERROR_UNSUPPORTED);
  EXPECT_NE(std::string(ckrt_last_error()).find("grid y of kernel "
                                                "'store_counts' is"),
            std::string::npos)
      << ckrt_last_error();

  // Wrong argument count (the driver tells from CUDA 12.4 on).
  ckrt_status st = load("tensor 0 input f32 4\n"
                        "kernel axpy grid 1 1 1 block 1 1 1 args t0 t0 "
                        "i32:4\n",
                        &p);
  if (st == CKRT_SUCCESS) {
    ckrt_plan_destroy(p);
    p = nullptr;
  } else {
    EXPECT_EQ(st, CKRT_ERROR_INVALID_BINARY);
    EXPECT_NE(std::string(ckrt_last_error())
                  .find("does not match the plan's arguments: the kernel "
                        "takes 4 parameters but the plan passes 3 arguments"),
              std::string::npos)
        << ckrt_last_error();
  }
  st = load("tensor 0 input f32 4\n"
            "kernel axpy grid 1 1 1 block 1 1 1 args t0 t0 i64:4 f32:1\n",
            &p);
  if (st == CKRT_SUCCESS) {
    ckrt_plan_destroy(p);
    p = nullptr;
  } else {
    EXPECT_EQ(st, CKRT_ERROR_INVALID_BINARY);
    EXPECT_NE(std::string(ckrt_last_error())
                  .find("parameter 2 of the kernel is 4 bytes but the plan's "
                        "argument 2 is 8 bytes"),
              std::string::npos)
        << ckrt_last_error();
  }

  // Binary for another backend / another SM.
  ckrt_plan_desc *d = nullptr;
  std::string gfx = dir.write("gfx.ckplan", "ck-plan 1\ntarget gfx942\n"
                                            "binary k.hsaco\nkernel k grid 1 "
                                            "1 1 block 1 1 1\n");
  ASSERT_EQ(ckrt_plan_parse_file(gfx.c_str(), &d), CKRT_SUCCESS);
  EXPECT_EQ(ckrt_plan_load(ctx, d, 0, &p), CKRT_ERROR_UNSUPPORTED);
  EXPECT_NE(std::string(ckrt_last_error()).find("the plan targets gfx942 "
                                                "(HIP) but the context's "
                                                "device 0"),
            std::string::npos)
      << ckrt_last_error();
  ckrt_plan_desc_destroy(d);

  // Well formed and naming `k`, so that the host-side check passes it on.
  dir.write("fake.cubin", fakeElf(190, {"k"}));
  std::string old = dir.write("old.ckplan", "ck-plan 1\ntarget sm_52\n"
                                            "binary fake.cubin\nkernel k "
                                            "grid 1 1 1 block 1 1 1\n");
  EXPECT_EQ(ckrt_plan_load_file(ctx, old.c_str(), 0, &p),
            CKRT_ERROR_UNSUPPORTED);
  EXPECT_NE(std::string(ckrt_last_error()).find("the plan targets sm_52, "
                                                "which cannot run on device "
                                                "0"),
            std::string::npos)
      << ckrt_last_error();
  // Skipping the check hands the (fake) cubin to the driver, which refuses.
  st = ckrt_plan_load_file(ctx, old.c_str(), CKRT_PLAN_LOAD_SKIP_ARCH_CHECK,
                           &p);
  EXPECT_EQ(st, CKRT_ERROR_INVALID_BINARY) << ckrt_last_error();
  EXPECT_NE(std::string(ckrt_last_error()).find("cuModuleLoadData failed"),
            std::string::npos)
      << ckrt_last_error();

  // Missing binary on load.
  EXPECT_EQ(load("kernel axpy grid 1 1 1 block 1 1 1\n", &p, "gone.cubin"),
            CKRT_ERROR_IO);
  EXPECT_NE(std::string(ckrt_last_error()).find("plan.ckplan:3: cannot read "
                                                "binary file"),
            std::string::npos);
}

// A kernel built for clusters: its plan must say the same cluster, and a
// `cus` grid is whole clusters the device holds at once.
TEST_F(Gpu, ClusteredKernel) {
  if (std::atoi(props.arch + 3) < 90)
    GTEST_SKIP() << props.arch << " has no thread block clusters";
  dir.write("clusters.ptx", kClusterPtx);
  ckrt_plan p = nullptr;
  std::string text = "tensor 0 output f32 2\n"
                     "kernel count_in_clusters grid cus 1 1 block 32 1 1 "
                     "cluster 2 1 1 args t0\n";
  ASSERT_EQ(
      ckrt_plan_load_file(ctx, plan(text, "clusters.ptx", 5).c_str(), 0, &p),
      CKRT_SUCCESS)
      << ckrt_last_error();
  uint32_t counts[2] = {0, 0};
  launchOnZeros(p, sizeof(counts), counts, sizeof(counts));
  EXPECT_GT(counts[0], 0u);
  EXPECT_LE(counts[0], uint32_t(props.multiprocessor_count));
  EXPECT_EQ(counts[0] % 2, 0u);
  EXPECT_EQ(counts[1], 2 * counts[0]);
  ckrt_plan_destroy(p);

  // The plan says no cluster (or another one) where the binary has one.
  for (const char *cluster : {"", " cluster 4 1 1"}) {
    p = nullptr;
    std::string other = std::string("tensor 0 output f32 2\n"
                                    "kernel count_in_clusters grid 4 1 1 "
                                    "block 32 1 1") +
                        cluster + " args t0\n";
    EXPECT_EQ(
        ckrt_plan_load_file(ctx, plan(other, "clusters.ptx", 5).c_str(), 0, &p),
        CKRT_ERROR_INVALID_BINARY);
    EXPECT_NE(std::string(ckrt_last_error())
                  .find("clusters.ptx' is built for clusters of 2 x 1 x 1 "
                        "workgroups, but the "
                        "plan says " +
                        std::string(*cluster ? "4" : "1") + " x 1 x 1"),
              std::string::npos)
        << ckrt_last_error();
    EXPECT_EQ(p, nullptr);
  }
}

TEST_F(Gpu, StreamKScheduleCooperative) {
  // Section 10's schedule on this device: `occupancy auto` asks the driver
  // about record_schedule (128 threads, no lds), W = SMs x that, and
  // planStreamK gives the grid, the workspace and K, D, q, r', grid.
  ckrt_plan p = nullptr;
  ASSERT_EQ(load2("tensor 0 output f32 64\n"
                  "schedule g stream_k tiles 18 iters 1250 partial_bytes "
                  "32768 reduce tree dp persistent tail 2 min_iters 2 "
                  "occupancy auto\n"
                  "workspace 0 schedule:g keep\n"
                  "kernel record_schedule grid schedule:g 1 1 block 128 1 1 "
                  "coop args t0 w0 schedule:g\n",
                  &p),
            CKRT_SUCCESS)
      << ckrt_last_error();
  ckrt_schedule_info info;
  ASSERT_EQ(ckrt_plan_schedule_info(p, 0, &info), CKRT_SUCCESS);
  EXPECT_STREQ(info.name, "g");
  EXPECT_EQ(info.occupancy_queried, 1);
  EXPECT_GE(info.occupancy, 1u);
  EXPECT_EQ(info.cus, uint32_t(props.multiprocessor_count));
  const int64_t resident = int64_t(info.cus) * info.occupancy;
  EXPECT_EQ(info.resident_workgroups, uint64_t(resident));

  ckschedule::StreamKOptions options;
  options.reduce = ckschedule::Reduction::Tree;
  options.dp = ckschedule::DataParallel::Persistent;
  options.tail = 2;
  options.minIters = 2;
  options.partialBytes = 32768;
  ckschedule::StreamKResult model =
      ckschedule::planStreamK(18, 1250, resident, options);
  ASSERT_TRUE(model.ok()) << model.error;
  const ckschedule::StreamKPlan &plan = model.plan;
  // Any GPU holds more than 18 such workgroups: every tile is shared out.
  ASSERT_GT(resident, 18);
  EXPECT_EQ(plan.dataParallelTiles, 0);
  EXPECT_EQ(plan.streamKWorkgroups, std::min<int64_t>(resident, 11250));
  EXPECT_EQ(int64_t(info.grid), plan.grid);
  EXPECT_EQ(info.streamk_workgroups, plan.streamKWorkgroups);
  EXPECT_EQ(info.data_parallel_tiles, plan.dataParallelTiles);
  EXPECT_EQ(info.iters_per_workgroup, plan.itersPerWorkgroup);
  EXPECT_EQ(info.extra_iters, plan.extraIters);
  EXPECT_EQ(info.max_contributors, plan.maxContributors);
  EXPECT_EQ(int64_t(info.workspace_bytes), plan.workspaceBytes);

  uint32_t grid[3];
  ASSERT_EQ(ckrt_plan_kernel_grid(p, 0, grid), CKRT_SUCCESS);
  EXPECT_EQ(int64_t(grid[0]), plan.grid);
  EXPECT_EQ(grid[1], 1u);
  EXPECT_EQ(grid[2], 1u);
  uint64_t bytes = 0;
  ASSERT_EQ(ckrt_plan_workspace_bytes(p, 0, &bytes), CKRT_SUCCESS);
  EXPECT_EQ(int64_t(bytes), plan.workspaceBytes);
  void *workspace = nullptr;
  ASSERT_EQ(ckrt_plan_workspace_ptr(p, 0, &workspace), CKRT_SUCCESS);
  EXPECT_NE(workspace, nullptr);

  // The kernel, launched cooperatively, sees the model's numbers.
  for (int launch = 0; launch < 2; ++launch) {
    Record r = launchRecord(p);
    auto args = plan.kernelArguments();
    for (int i = 0; i < 4; ++i)
      EXPECT_EQ(int64_t(int32_t(r.words[i])), args[size_t(i)]) << i;
    EXPECT_EQ(int64_t(r.words[4]), plan.grid);
    EXPECT_EQ(r.words[5], 1u);
    EXPECT_EQ(r.words[6], 1u);
    EXPECT_EQ(int64_t(r.words[7]), plan.grid) << "blocks that ran";
    EXPECT_EQ(r.workspace, uint64_t(reinterpret_cast<uintptr_t>(workspace)));
    EXPECT_EQ(int64_t(r.fifth), args[4]);
    EXPECT_EQ(int64_t(r.fifth), plan.grid);
  }
  ckrt_plan_destroy(p);
}

TEST_F(Gpu, SplitKScheduleGridZ) {
  // auto: T = 4 tiles leave most of W idle, so k = min(8, 100 / 10,
  // ceil(W / 4)) = 8 splits of 13 iterations.
  ckrt_plan p = nullptr;
  ASSERT_EQ(load2("tensor 0 output f32 64\n"
                  "schedule s split_k tiles 4 iters 100 k_batch auto "
                  "min_iters 10 max 8 partial_bytes 1024 occupancy auto\n"
                  "workspace 0 schedule:s zero\n"
                  "kernel record_schedule grid 3 1 schedule:s block 64 1 1 "
                  "args t0 w0 schedule:s i32:-1 i32:-2 i32:-3 i32:-4\n",
                  &p),
            CKRT_SUCCESS)
      << ckrt_last_error();
  ckrt_schedule_info info;
  ASSERT_EQ(ckrt_plan_schedule_info(p, 0, &info), CKRT_SUCCESS);
  ckschedule::SplitKOptions options;
  options.minIters = 10;
  options.maxKBatch = 8;
  options.partialBytes = 1024;
  ckschedule::SplitKResult model = ckschedule::planSplitK(
      4, 100, int64_t(info.resident_workgroups), options);
  ASSERT_TRUE(model.ok()) << model.error;
  ASSERT_GE(info.resident_workgroups, 29u);
  EXPECT_EQ(model.plan.kBatch, 8);
  EXPECT_EQ(info.k_batch, 8);
  EXPECT_EQ(info.iters_per_split, 13);
  EXPECT_EQ(info.max_contributors, 8);
  uint64_t bytes = 0;
  ASSERT_EQ(ckrt_plan_workspace_bytes(p, 0, &bytes), CKRT_SUCCESS);
  EXPECT_EQ(bytes, 8u * 4 * 1024);
  Record r = launchRecord(p);
  EXPECT_EQ(int32_t(r.words[0]), 8);
  EXPECT_EQ(int32_t(r.words[1]), -1);
  EXPECT_EQ(int32_t(r.words[2]), -2);
  EXPECT_EQ(int32_t(r.words[3]), -3);
  EXPECT_EQ(int32_t(r.fifth), -4);
  EXPECT_EQ(r.words[4], 3u);
  EXPECT_EQ(r.words[5], 1u);
  EXPECT_EQ(r.words[6], 8u);
  EXPECT_EQ(r.words[7], 24u);
  ckrt_plan_destroy(p);
}

TEST_F(Gpu, ScheduleLoadErrors) {
  ckrt_plan p = nullptr;
  // A cooperative grid the device cannot hold at once is refused at load,
  // before anything waits for workgroups that never start.
  EXPECT_EQ(load2("tensor 0 output f32 64\nworkspace 0 4 zero\n"
                  "kernel record_schedule grid 2147483647 1 1 block 1024 1 1 "
                  "coop args t0 w0 i32:0 i32:0 i32:0 i32:0 i32:0\n",
                  &p),
            CKRT_ERROR_UNSUPPORTED);
  std::string err = ckrt_last_error();
  EXPECT_NE(err.find("plan.ckplan:6: kernel 'record_schedule' is launched "
                     "cooperatively ('coop') with 2147483647 workgroups, but "
                     "device 0 ("),
            std::string::npos)
      << err;
  EXPECT_EQ(p, nullptr);

  // A stream_k occupancy pinned above what the driver reports.
  EXPECT_EQ(load2("tensor 0 output f32 64\n"
                  "schedule g stream_k tiles 18 iters 1250 partial_bytes 256 "
                  "occupancy 1024\n"
                  "kernel record_schedule grid schedule:g 1 1 block 1024 1 1 "
                  "args t0 t0 schedule:g\n",
                  &p),
            CKRT_ERROR_UNSUPPORTED);
  err = ckrt_last_error();
  EXPECT_NE(err.find("plan.ckplan:5: stream_k schedule 'g' pins occupancy "
                     "1024, but only "),
            std::string::npos)
      << err;
  EXPECT_EQ(p, nullptr);

  // A split_k occupancy may be pinned anywhere: it only chooses k_batch.
  ASSERT_EQ(load2("tensor 0 output f32 64\n"
                  "schedule s split_k tiles 1 iters 64 occupancy 1024\n"
                  "kernel record_schedule grid 1 1 schedule:s block 32 1 1 "
                  "args t0 t0 schedule:s i32:0 i32:0 i32:0 i32:0\n",
                  &p),
            CKRT_SUCCESS)
      << ckrt_last_error();
  ckrt_schedule_info info;
  ASSERT_EQ(ckrt_plan_schedule_info(p, 0, &info), CKRT_SUCCESS);
  EXPECT_EQ(info.occupancy, 1024u);
  EXPECT_EQ(info.occupancy_queried, 0);
  EXPECT_EQ(info.k_batch, 64);
  ckrt_plan_destroy(p);
}

} // namespace
