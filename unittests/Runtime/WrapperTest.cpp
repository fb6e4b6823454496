//===- WrapperTest.cpp - The header-only C++ wrapper, without a GPU -------===//

#include "TestUtil.h"

#include "ck/Runtime/Runtime.hpp"

#include "gtest/gtest.h"

#include <string>
#include <utility>

using namespace ckrt_test;

namespace {

const char *const kPlan = "ck-plan 1\n"
                          "target gfx942\n"
                          "binary kernels.hsaco\n"
                          "meta flops 512\n"
                          "tensor 0 input f32 16\n"
                          "tensor 1 output f32 16\n"
                          "workspace 0 256 keep\n"
                          "kernel scale grid cus*4 1 1 block 64 1 1 lds 1024 "
                          "args t0 t1 w0 i64:16 f32:0.5\n";

TEST(Wrapper, StatusAndExpected) {
  ckrt::Status ok;
  EXPECT_TRUE(ok.ok());
  EXPECT_TRUE(bool(ok));
  EXPECT_EQ(ok.code(), CKRT_SUCCESS);
  ckrt::Status bad(CKRT_ERROR_IO, "ckrt: gone");
  EXPECT_FALSE(bad.ok());
  EXPECT_EQ(bad.message(), "ckrt: gone");

  ckrt::Expected<int> value(3);
  EXPECT_TRUE(value.ok());
  EXPECT_EQ(*value, 3);
  EXPECT_TRUE(value.error().ok());
  ckrt::Expected<int> failed(bad);
  EXPECT_FALSE(failed.ok());
  EXPECT_EQ(failed.error().code(), CKRT_ERROR_IO);
}

TEST(Wrapper, PlanDescParse) {
  auto desc = ckrt::PlanDesc::parse(kPlan, "/opt/bundle");
  ASSERT_TRUE(desc.ok()) << desc.error().message();
  EXPECT_EQ(desc->version(), 1);
  EXPECT_EQ(desc->target(), "gfx942");
  EXPECT_EQ(desc->backend(), CKRT_BACKEND_HIP);
  EXPECT_EQ(desc->binary(), "kernels.hsaco");
  EXPECT_EQ(desc->binaryPath(), "/opt/bundle/kernels.hsaco");

  auto meta = desc->meta();
  ASSERT_EQ(meta.size(), 1u);
  EXPECT_EQ(meta[0].first, "flops");
  EXPECT_EQ(meta[0].second, "512");
  EXPECT_EQ(desc->meta("flops").value_or(""), "512");
  EXPECT_FALSE(desc->meta("direction").has_value());

  auto tensors = desc->tensors();
  ASSERT_EQ(tensors.size(), 2u);
  EXPECT_STREQ(tensors[1].role, "output");
  EXPECT_EQ(tensors[1].bytes, 64u);
  auto workspaces = desc->workspaces();
  ASSERT_EQ(workspaces.size(), 1u);
  EXPECT_EQ(workspaces[0].zero_each_launch, 0);

  auto kernels = desc->kernels();
  ASSERT_EQ(kernels.size(), 1u);
  EXPECT_STREQ(kernels[0].name, "scale");
  EXPECT_EQ(kernels[0].grid_cus_factor[0], 4u);
  auto args = desc->args(0);
  ASSERT_EQ(args.size(), 5u);
  EXPECT_EQ(args[3].kind, CKRT_ARG_I64);
  EXPECT_EQ(args[3].i64, 16);
  EXPECT_EQ(args[4].f32, 0.5f);
  EXPECT_TRUE(desc->args(7).empty());

  auto grid = desc->grid(0, 304); // MI300X: 304 CUs
  ASSERT_TRUE(grid.ok());
  EXPECT_EQ((*grid)[0], 1216u);
  EXPECT_EQ((*grid)[1], 1u);
  EXPECT_FALSE(desc->grid(3, 304).ok());

  // The binary is not there.
  auto size = desc->checkBinary();
  EXPECT_FALSE(size.ok());
  EXPECT_EQ(size.error().code(), CKRT_ERROR_IO);
  EXPECT_NE(size.error().message().find("plan:3: cannot read binary file "
                                        "'/opt/bundle/kernels.hsaco'"),
            std::string::npos)
      << size.error().message();

  // Move-only ownership.
  ckrt::PlanDesc moved = desc.take();
  EXPECT_EQ(moved.target(), "gfx942");
  ckrt::PlanDesc other;
  other = std::move(moved);
  EXPECT_EQ(moved.get(), nullptr);
  EXPECT_NE(other.get(), nullptr);
}

TEST(Wrapper, PlanDescErrors) {
  auto desc = ckrt::PlanDesc::parse("ck-plan 1\ntarget sm_90a\nfoo\n");
  ASSERT_FALSE(desc.ok());
  EXPECT_EQ(desc.error().code(), CKRT_ERROR_PARSE);
  EXPECT_EQ(desc.error().message(),
            "ckrt: plan:3: unknown directive 'foo' (expected target, binary, "
            "meta, tensor, workspace, schedule, tensormap or kernel)");
  auto file = ckrt::PlanDesc::parseFile("/nonexistent/plan.ckplan");
  ASSERT_FALSE(file.ok());
  EXPECT_EQ(file.error().code(), CKRT_ERROR_IO);
}

TEST(Wrapper, PlanDescFromFileWithBinary) {
  TempDir dir;
  std::string hsaco = fakeElf(224, {"scale"});
  dir.write("kernels.hsaco", hsaco);
  std::string path = dir.write("plan.ckplan", kPlan);
  auto desc = ckrt::PlanDesc::parseFile(path);
  ASSERT_TRUE(desc.ok()) << desc.error().message();
  auto size = desc->checkBinary();
  ASSERT_TRUE(size.ok()) << size.error().message();
  EXPECT_EQ(*size, hsaco.size());

  // A code object without the plan's kernel.
  dir.write("kernels.hsaco", fakeElf(224, {"other"}));
  size = desc->checkBinary();
  ASSERT_FALSE(size.ok());
  EXPECT_EQ(size.error().code(), CKRT_ERROR_NOT_FOUND);
  EXPECT_NE(size.error().message().find("kernel 'scale' is not in binary "
                                        "file"),
            std::string::npos)
      << size.error().message();
}

TEST(Wrapper, NoBackend) {
  ScopedEnv cuda("CKRT_CUDA_LIBRARY", "/nonexistent/libcuda.so.1");
  ScopedEnv hip("CKRT_HIP_LIBRARY", "/nonexistent/libamdhip64.so");
  auto ctx = ckrt::Context::create();
  ASSERT_FALSE(ctx.ok());
  EXPECT_EQ(ctx.error().code(), CKRT_ERROR_NO_BACKEND);
  EXPECT_EQ(ctx.error().message().rfind("ckrt: no GPU runtime found: tried "
                                        "/nonexistent/libcuda.so.1 (",
                                        0),
            0u)
      << ctx.error().message();
  auto count = ckrt::deviceCount(CKRT_BACKEND_CUDA);
  ASSERT_FALSE(count.ok());
  EXPECT_EQ(count.error().code(), CKRT_ERROR_NO_BACKEND);
  auto backend = ckrt::resolveBackend(CKRT_BACKEND_HIP);
  ASSERT_FALSE(backend.ok());
  EXPECT_EQ(backend.error().message().rfind("ckrt: HIP runtime library", 0),
            0u);
  auto props = ckrt::deviceProps(0);
  EXPECT_FALSE(props.ok());
  EXPECT_TRUE(ckrt::targetCompatible("sm_90a", "sm_90"));
  EXPECT_FALSE(ckrt::targetCompatible("gfx942", "gfx950"));
}

} // namespace
