//===- BackendTest.cpp - Backend loading and API misuse, without a GPU ----===//
//
// The driver libraries are forced absent (or wrong) through
// CKRT_CUDA_LIBRARY / CKRT_HIP_LIBRARY, so these tests mean the same on a
// machine with a GPU.
//
//===----------------------------------------------------------------------===//

#include "TestUtil.h"

#include "ck-c/Runtime.h"

#include "gtest/gtest.h"

#include <dlfcn.h>

#include <string>
#include <thread>

using namespace ckrt_test;

namespace {

const char *const kNoCuda = "/nonexistent/libcuda.so.1";
const char *const kNoHip = "/nonexistent/libamdhip64.so";

bool startsWith(const std::string &s, const std::string &prefix) {
  return s.compare(0, prefix.size(), prefix) == 0;
}

TEST(Backend, CudaLibraryMissing) {
  ScopedEnv cuda("CKRT_CUDA_LIBRARY", kNoCuda);
  ckrt_backend resolved = CKRT_BACKEND_AUTO;
  EXPECT_EQ(ckrt_backend_resolve(CKRT_BACKEND_CUDA, &resolved),
            CKRT_ERROR_NO_BACKEND);
  std::string err = ckrt_last_error();
  EXPECT_TRUE(startsWith(err, "ckrt: CUDA driver library "
                              "'/nonexistent/libcuda.so.1' could not be "
                              "loaded: "))
      << err;
  EXPECT_NE(err.find("No such file or directory"), std::string::npos) << err;
  EXPECT_TRUE(oneLine(err));
  EXPECT_EQ(resolved, CKRT_BACKEND_AUTO); // untouched
}

TEST(Backend, HipLibraryMissing) {
  ScopedEnv hip("CKRT_HIP_LIBRARY", kNoHip);
  EXPECT_EQ(ckrt_backend_resolve(CKRT_BACKEND_HIP, nullptr),
            CKRT_ERROR_NO_BACKEND);
  std::string err = ckrt_last_error();
  EXPECT_TRUE(startsWith(err, "ckrt: HIP runtime library "
                              "'/nonexistent/libamdhip64.so' could not be "
                              "loaded: "))
      << err;
  // Only the overriding file is tried.
  EXPECT_EQ(err.find("also tried"), std::string::npos) << err;
  EXPECT_TRUE(oneLine(err));
}

TEST(Backend, AutoWithNeither) {
  ScopedEnv cuda("CKRT_CUDA_LIBRARY", kNoCuda);
  ScopedEnv hip("CKRT_HIP_LIBRARY", kNoHip);
  EXPECT_EQ(ckrt_backend_resolve(CKRT_BACKEND_AUTO, nullptr),
            CKRT_ERROR_NO_BACKEND);
  std::string err = ckrt_last_error();
  EXPECT_TRUE(startsWith(err, "ckrt: no GPU runtime found: tried "
                              "/nonexistent/libcuda.so.1 ("))
      << err;
  EXPECT_NE(err.find("), /nonexistent/libamdhip64.so ("), std::string::npos)
      << err;
  EXPECT_TRUE(oneLine(err));
}

TEST(Backend, EveryEntryPointReportsTheMissingBackend) {
  ScopedEnv cuda("CKRT_CUDA_LIBRARY", kNoCuda);
  ScopedEnv hip("CKRT_HIP_LIBRARY", kNoHip);
  int count = 7;
  EXPECT_EQ(ckrt_device_count(CKRT_BACKEND_AUTO, &count),
            CKRT_ERROR_NO_BACKEND);
  EXPECT_EQ(count, 0);
  EXPECT_TRUE(startsWith(ckrt_last_error(), "ckrt: no GPU runtime found"));
  EXPECT_EQ(ckrt_device_count(CKRT_BACKEND_CUDA, &count),
            CKRT_ERROR_NO_BACKEND);
  EXPECT_TRUE(startsWith(ckrt_last_error(), "ckrt: CUDA driver library"));

  ckrt_device_props props;
  EXPECT_EQ(ckrt_device_get_props(CKRT_BACKEND_HIP, 0, &props),
            CKRT_ERROR_NO_BACKEND);
  EXPECT_TRUE(startsWith(ckrt_last_error(), "ckrt: HIP runtime library"));

  ckrt_context ctx = reinterpret_cast<ckrt_context>(0x1);
  EXPECT_EQ(ckrt_context_create(CKRT_BACKEND_AUTO, 0, &ctx),
            CKRT_ERROR_NO_BACKEND);
  EXPECT_EQ(ctx, nullptr);
  EXPECT_TRUE(startsWith(ckrt_last_error(), "ckrt: no GPU runtime found"));
  EXPECT_EQ(ckrt_context_create(CKRT_BACKEND_CUDA, 0, &ctx),
            CKRT_ERROR_NO_BACKEND);
}

TEST(Backend, LibraryThatIsNotADriver) {
  // libm exists everywhere glibc does, and exports neither API.
  ScopedEnv cuda("CKRT_CUDA_LIBRARY", "libm.so.6");
  ScopedEnv hip("CKRT_HIP_LIBRARY", "libm.so.6");
  EXPECT_EQ(ckrt_backend_resolve(CKRT_BACKEND_CUDA, nullptr),
            CKRT_ERROR_NO_BACKEND);
  EXPECT_EQ(std::string(ckrt_last_error()),
            "ckrt: CUDA driver library 'libm.so.6' was loaded, but it lacks "
            "the symbol 'cuInit' (not a CUDA driver, or one too old)");
  EXPECT_EQ(ckrt_backend_resolve(CKRT_BACKEND_HIP, nullptr),
            CKRT_ERROR_NO_BACKEND);
  EXPECT_EQ(std::string(ckrt_last_error()),
            "ckrt: HIP runtime library 'libm.so.6' was loaded, but it lacks "
            "the symbol 'hipInit' (not the HIP runtime, or one older than "
            "ROCm 6)");
  EXPECT_EQ(ckrt_backend_resolve(CKRT_BACKEND_AUTO, nullptr),
            CKRT_ERROR_NO_BACKEND);
  EXPECT_EQ(std::string(ckrt_last_error()),
            "ckrt: no GPU runtime found: tried libm.so.6 (loaded, but it "
            "lacks the symbol 'cuInit' (not a CUDA driver, or one too old)), "
            "libm.so.6 (loaded, but it lacks the symbol 'hipInit' (not the "
            "HIP runtime, or one older than ROCm 6))");
}

TEST(Backend, DefaultLibraryNames) {
  // Only meaningful where the drivers really are absent (as on CI).
  ScopedEnv cuda("CKRT_CUDA_LIBRARY", nullptr);
  ScopedEnv hip("CKRT_HIP_LIBRARY", nullptr);
  void *c = dlopen("libcuda.so.1", RTLD_LAZY | RTLD_LOCAL);
  void *h = nullptr;
  for (const char *n : {"libamdhip64.so", "libamdhip64.so.7",
                        "libamdhip64.so.6"})
    if (!h)
      h = dlopen(n, RTLD_LAZY | RTLD_LOCAL);
  if (c || h) {
    if (c)
      dlclose(c);
    if (h)
      dlclose(h);
    GTEST_SKIP() << "a GPU runtime library is installed here";
  }
  EXPECT_EQ(ckrt_backend_resolve(CKRT_BACKEND_CUDA, nullptr),
            CKRT_ERROR_NO_BACKEND);
  EXPECT_TRUE(startsWith(ckrt_last_error(),
                         "ckrt: CUDA driver library 'libcuda.so.1' could not "
                         "be loaded: libcuda.so.1: cannot open shared object "
                         "file"))
      << ckrt_last_error();
  EXPECT_EQ(ckrt_backend_resolve(CKRT_BACKEND_HIP, nullptr),
            CKRT_ERROR_NO_BACKEND);
  std::string err = ckrt_last_error();
  EXPECT_TRUE(startsWith(err, "ckrt: HIP runtime library 'libamdhip64.so' "
                              "could not be loaded: "))
      << err;
  EXPECT_NE(err.find("(also tried libamdhip64.so.7, libamdhip64.so.6)"),
            std::string::npos)
      << err;
  EXPECT_EQ(ckrt_backend_resolve(CKRT_BACKEND_AUTO, nullptr),
            CKRT_ERROR_NO_BACKEND);
  err = ckrt_last_error();
  EXPECT_TRUE(startsWith(err, "ckrt: no GPU runtime found: tried libcuda.so.1 "
                              "(libcuda.so.1: cannot open shared object file"))
      << err;
  EXPECT_NE(err.find(", libamdhip64.so (libamdhip64.so: cannot open shared "
                     "object file"),
            std::string::npos)
      << err;
  EXPECT_TRUE(oneLine(err));
}

TEST(Backend, UnknownBackendValue) {
  EXPECT_EQ(ckrt_backend_resolve(static_cast<ckrt_backend>(9), nullptr),
            CKRT_ERROR_INVALID_ARGUMENT);
  EXPECT_STREQ(ckrt_last_error(), "ckrt: unknown backend 9");
}

TEST(ApiMisuse, NullHandles) {
  void *p = reinterpret_cast<void *>(0x1);
  EXPECT_EQ(ckrt_malloc(nullptr, 16, &p), CKRT_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(p, nullptr);
  EXPECT_STREQ(ckrt_last_error(), "ckrt: ckrt_malloc: the context is NULL");
  EXPECT_EQ(ckrt_malloc(nullptr, 16, nullptr), CKRT_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(ckrt_free(nullptr, nullptr), CKRT_ERROR_INVALID_ARGUMENT);
  char host[4];
  EXPECT_EQ(ckrt_memcpy_htod(nullptr, p, host, 4),
            CKRT_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(ckrt_memcpy_dtoh(nullptr, host, p, 4),
            CKRT_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(ckrt_memcpy_dtod(nullptr, p, p, 4), CKRT_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(ckrt_memset_d8(nullptr, p, 0, 4), CKRT_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(ckrt_memset_d8_async(nullptr, p, 0, 4, nullptr),
            CKRT_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(ckrt_context_synchronize(nullptr), CKRT_ERROR_INVALID_ARGUMENT);
  ckrt_device_props props;
  EXPECT_EQ(ckrt_context_get_props(nullptr, &props),
            CKRT_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(ckrt_context_create(CKRT_BACKEND_AUTO, 0, nullptr),
            CKRT_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(ckrt_device_count(CKRT_BACKEND_AUTO, nullptr),
            CKRT_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(ckrt_device_get_props(CKRT_BACKEND_AUTO, 0, nullptr),
            CKRT_ERROR_INVALID_ARGUMENT);

  ckrt_stream s = reinterpret_cast<ckrt_stream>(0x1);
  EXPECT_EQ(ckrt_stream_create(nullptr, &s), CKRT_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(s, nullptr);
  EXPECT_EQ(ckrt_stream_synchronize(nullptr), CKRT_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(ckrt_last_error()).find("ckrt_context_synchronize"),
            std::string::npos);
  s = reinterpret_cast<ckrt_stream>(0x1);
  int native = 0;
  EXPECT_EQ(ckrt_stream_wrap(nullptr, &native, &s),
            CKRT_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(s, nullptr);
  EXPECT_STREQ(ckrt_last_error(),
               "ckrt: ckrt_stream_wrap: the context is NULL");
  EXPECT_EQ(ckrt_stream_wrap(nullptr, nullptr, &s),
            CKRT_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(ckrt_last_error()).find("driver stream is NULL"),
            std::string::npos);
  EXPECT_EQ(ckrt_stream_wrap(nullptr, &native, nullptr),
            CKRT_ERROR_INVALID_ARGUMENT);
  ckrt_event e = reinterpret_cast<ckrt_event>(0x1);
  EXPECT_EQ(ckrt_event_create(nullptr, &e), CKRT_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(e, nullptr);
  EXPECT_EQ(ckrt_event_record(nullptr, nullptr), CKRT_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(ckrt_event_synchronize(nullptr), CKRT_ERROR_INVALID_ARGUMENT);
  float ms;
  EXPECT_EQ(ckrt_event_elapsed_ms(nullptr, nullptr, &ms),
            CKRT_ERROR_INVALID_ARGUMENT);

  ckrt_plan plan = reinterpret_cast<ckrt_plan>(0x1);
  EXPECT_EQ(ckrt_plan_load(nullptr, nullptr, 0, &plan),
            CKRT_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(plan, nullptr);
  EXPECT_EQ(ckrt_plan_load_file(nullptr, "/nonexistent.ckplan", 0, &plan),
            CKRT_ERROR_IO);
  EXPECT_EQ(ckrt_plan_launch(nullptr, nullptr, 0, nullptr),
            CKRT_ERROR_INVALID_ARGUMENT);
  EXPECT_STREQ(ckrt_last_error(), "ckrt: ckrt_plan_launch: the plan is NULL");
  EXPECT_EQ(ckrt_plan_time(nullptr, nullptr, 0, nullptr, 1, 1, &ms),
            CKRT_ERROR_INVALID_ARGUMENT);
  uint32_t grid[3];
  EXPECT_EQ(ckrt_plan_kernel_grid(nullptr, 0, grid),
            CKRT_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(ckrt_plan_workspace_ptr(nullptr, 0, &p),
            CKRT_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(ckrt_plan_get_desc(nullptr), nullptr);

  // Destroying nothing is fine.
  ckrt_context_destroy(nullptr);
  ckrt_stream_destroy(nullptr);
  ckrt_event_destroy(nullptr);
  ckrt_plan_destroy(nullptr);
}

TEST(ApiMisuse, PlanLoadNeedsAContextButParsesFirst) {
  // Without a GPU a plan can still be checked: parse errors come first.
  TempDir dir;
  std::string plan = dir.write("plan.ckplan", "ck-plan 1\nbogus\n");
  ckrt_plan p = nullptr;
  EXPECT_EQ(ckrt_plan_load_file(nullptr, plan.c_str(), 0, &p),
            CKRT_ERROR_PARSE);
  EXPECT_NE(std::string(ckrt_last_error()).find(":2: unknown directive"),
            std::string::npos);
}

TEST(Errors, MessagesArePerThread) {
  ckrt_clear_error();
  EXPECT_STREQ(ckrt_last_error(), "");
  ckrt_plan_desc *d = nullptr;
  EXPECT_EQ(ckrt_plan_parse("ck-plan 3", "", &d), CKRT_ERROR_PARSE);
  std::string mine = ckrt_last_error();
  std::string theirs;
  std::thread t([&] {
    theirs = ckrt_last_error(); // empty: nothing failed on this thread
    ckrt_plan_desc *other = nullptr;
    ckrt_plan_parse("nonsense", "", &other);
  });
  t.join();
  EXPECT_EQ(theirs, "");
  EXPECT_EQ(std::string(ckrt_last_error()), mine);

  // Success leaves the last message alone; clear resets it.
  EXPECT_EQ(ckrt_plan_parse("ck-plan 1\ntarget sm_80\nbinary b\nkernel k "
                            "grid 1 1 1 block 1 1 1",
                            "", &d),
            CKRT_SUCCESS);
  EXPECT_EQ(std::string(ckrt_last_error()), mine);
  ckrt_plan_desc_destroy(d);
  ckrt_clear_error();
  EXPECT_STREQ(ckrt_last_error(), "");
}

} // namespace
