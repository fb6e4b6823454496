//===- HipBackend.cpp - The HIP runtime (AMD) through dlopen --------------===//
//
// Declares the few HIP types and entry points ckrt uses (HIP headers are not
// included), looks them up in libamdhip64.so and implements Backend.
//
// Device properties come from hipGetDevicePropertiesR0600 (ROCm 6 and
// later), the only way to learn the gfx architecture name; ckrt declares
// the leading part of that structure itself, up to gcnArchName, and gives
// the runtime a buffer larger than the whole structure.
//
//===----------------------------------------------------------------------===//

#include "Backend.h"
#include "Error.h"

#include <cstddef>
#include <cstdio>
#include <cstring>
#include <type_traits>

using namespace ckrt::detail;

namespace {

using hipError_t = int;
struct ihipModule_t;
struct ihipModuleSymbol_t;
struct ihipStream_t;
struct ihipEvent_t;
using hipModule_t = ihipModule_t *;
using hipFunction_t = ihipModuleSymbol_t *;
using hipStream_t = ihipStream_t *;
using hipEvent_t = ihipEvent_t *;
using hipDeviceptr_t = void *;

constexpr hipError_t hipSuccess = 0;
constexpr hipError_t hipErrorOutOfMemory = 2;
constexpr hipError_t hipErrorInsufficientDriver = 35;
constexpr hipError_t hipErrorInvalidDeviceFunction = 98;
constexpr hipError_t hipErrorNoDevice = 100;
constexpr hipError_t hipErrorInvalidDevice = 101;
constexpr hipError_t hipErrorInvalidImage = 200;
constexpr hipError_t hipErrorNoBinaryForGpu = 209;
constexpr hipError_t hipErrorInvalidKernelFile = 218;
constexpr hipError_t hipErrorNotFound = 500;
constexpr hipError_t hipErrorCooperativeLaunchTooLarge = 720;
constexpr hipError_t hipErrorNotSupported = 801;

/// The leading part of hipDeviceProp_tR0600, field for field, up to and
/// including gcnArchName. Runs of plain ints the runtime fills but ckrt
/// does not read are grouped in arrays (same layout).
struct HipDevicePropsR0600 {
  char name[256];
  char uuid[16];
  char luid[8];
  unsigned luidDeviceNodeMask;
  size_t totalGlobalMem;
  size_t sharedMemPerBlock;
  int regsPerBlock;
  int warpSize;
  size_t memPitch;
  int maxThreadsPerBlock;
  int maxThreadsDim[3];
  int maxGridSize[3];
  int clockRate;
  size_t totalConstMem;
  int major;
  int minor;
  size_t textureAlignment;
  size_t texturePitchAlignment;
  int deviceOverlap;
  int multiProcessorCount;
  int kernelExecTimeoutEnabled;
  int integrated;
  int canMapHostMemory;
  int computeMode;
  int textureAndSurfaceLimits[40]; // maxTexture1D ... maxSurfaceCubemapLayered
  size_t surfaceAlignment;
  int concurrentKernels;
  int ECCEnabled;
  int pciBusID;
  int pciDeviceID;
  int pciDomainID;
  int tccDriver;
  int asyncEngineCount;
  int unifiedAddressing;
  int memoryClockRate;
  int memoryBusWidth;
  int l2CacheSize;
  int persistingL2CacheMaxSize;
  int maxThreadsPerMultiProcessor;
  int streamPrioritiesSupported;
  int globalL1CacheSupported;
  int localL1CacheSupported;
  size_t sharedMemPerMultiprocessor;
  int regsPerMultiprocessor;
  int moreFlags[9]; // managedMemory ... canUseHostPointerForRegisteredMem
  int cooperativeLaunch;
  int cooperativeMultiDeviceLaunch;
  size_t sharedMemPerBlockOptin;
  int moreFlags2[4]; // pageableMemoryAccessUsesHostPageTables ...
  size_t reservedSharedMemPerBlock;
  int moreFlags3[13];  // hostRegisterSupported ... unifiedFunctionPointers
  int reserved[63];    // CUDA reserved
  int hipReserved[32]; // HIP reserved
  char gcnArchName[256];
};

// Offsets from the R0600 layout on LP64; a mistake above shows up here.
static_assert(offsetof(HipDevicePropsR0600, totalGlobalMem) == 288, "");
static_assert(offsetof(HipDevicePropsR0600, multiProcessorCount) == 388, "");
static_assert(offsetof(HipDevicePropsR0600, l2CacheSize) == 616, "");
static_assert(offsetof(HipDevicePropsR0600, cooperativeLaunch) == 688, "");
static_assert(offsetof(HipDevicePropsR0600, sharedMemPerBlockOptin) == 696,
              "");
static_assert(offsetof(HipDevicePropsR0600, gcnArchName) == 1160, "");

struct HipApi {
  hipError_t (*hipInit)(unsigned);
  const char *(*hipGetErrorName)(hipError_t);
  const char *(*hipGetErrorString)(hipError_t);
  hipError_t (*hipGetDeviceCount)(int *);
  hipError_t (*hipGetDevicePropertiesR0600)(void *, int);
  hipError_t (*hipSetDevice)(int);
  hipError_t (*hipDeviceSynchronize)();
  hipError_t (*hipMalloc)(void **, size_t);
  hipError_t (*hipFree)(void *);
  hipError_t (*hipMemcpyHtoD)(hipDeviceptr_t, void *, size_t);
  hipError_t (*hipMemcpyDtoH)(void *, hipDeviceptr_t, size_t);
  hipError_t (*hipMemcpyDtoD)(hipDeviceptr_t, hipDeviceptr_t, size_t);
  hipError_t (*hipMemsetD8)(hipDeviceptr_t, unsigned char, size_t);
  hipError_t (*hipMemsetD8Async)(hipDeviceptr_t, unsigned char, size_t,
                                 hipStream_t);
  hipError_t (*hipStreamCreateWithFlags)(hipStream_t *, unsigned);
  hipError_t (*hipStreamWaitEvent)(hipStream_t, hipEvent_t, unsigned);
  hipError_t (*hipStreamDestroy)(hipStream_t);
  hipError_t (*hipStreamSynchronize)(hipStream_t);
  hipError_t (*hipEventCreateWithFlags)(hipEvent_t *, unsigned);
  hipError_t (*hipEventDestroy)(hipEvent_t);
  hipError_t (*hipEventRecord)(hipEvent_t, hipStream_t);
  hipError_t (*hipEventSynchronize)(hipEvent_t);
  hipError_t (*hipEventElapsedTime)(float *, hipEvent_t, hipEvent_t);
  hipError_t (*hipModuleLoadData)(hipModule_t *, const void *);
  hipError_t (*hipModuleUnload)(hipModule_t);
  hipError_t (*hipModuleGetFunction)(hipFunction_t *, hipModule_t,
                                     const char *);
  hipError_t (*hipModuleLaunchKernel)(hipFunction_t, unsigned, unsigned,
                                      unsigned, unsigned, unsigned, unsigned,
                                      unsigned, hipStream_t, void **, void **);
  // Optional: needed only by plans with schedules (`occupancy auto`) or
  // `coop` kernels.
  hipError_t (*hipModuleOccupancyMaxActiveBlocksPerMultiprocessor)(
      int *, hipFunction_t, int, size_t);
  hipError_t (*hipModuleLaunchCooperativeKernel)(hipFunction_t, unsigned,
                                                 unsigned, unsigned, unsigned,
                                                 unsigned, unsigned, unsigned,
                                                 hipStream_t, void **);
};

/// What hipGetDevicePropertiesR0600 writes into: larger than
/// hipDeviceProp_tR0600 (about 1.5 KiB) with room to spare.
union HipPropsBuffer {
  HipDevicePropsR0600 p;
  char bytes[8192];
  max_align_t align;
};

ckrt_status statusFor(hipError_t r) {
  switch (r) {
  case hipErrorOutOfMemory:
    return CKRT_ERROR_OUT_OF_MEMORY;
  case hipErrorNoDevice:
  case hipErrorInvalidDevice:
    return CKRT_ERROR_NO_DEVICE;
  case hipErrorInsufficientDriver:
    return CKRT_ERROR_NO_BACKEND;
  case hipErrorInvalidImage:
  case hipErrorNoBinaryForGpu:
  case hipErrorInvalidKernelFile:
    return CKRT_ERROR_INVALID_BINARY;
  case hipErrorNotFound:
  case hipErrorInvalidDeviceFunction:
    return CKRT_ERROR_NOT_FOUND;
  case hipErrorCooperativeLaunchTooLarge:
  case hipErrorNotSupported:
    return CKRT_ERROR_UNSUPPORTED;
  default:
    return CKRT_ERROR_DRIVER;
  }
}

struct Session {
  int device;
};

class HipBackend final : public Backend {
public:
  HipBackend(std::string path, DynamicLibrary lib, const HipApi &api)
      : path(std::move(path)), lib(lib), api(api) {}

  ckrt_backend kind() const override { return CKRT_BACKEND_HIP; }
  const std::string &libraryName() const override { return path; }

  std::string describe(hipError_t r) const {
    const char *name = api.hipGetErrorName(r);
    const char *text = api.hipGetErrorString(r);
    if (name && text && std::strcmp(name, text) != 0)
      return format("%s (%s)", name, text);
    if (name)
      return name;
    return format("HIP error %d", r);
  }

  ckrt_status check(hipError_t r, const char *what) const {
    if (r == hipSuccess)
      return CKRT_SUCCESS;
    return fail(statusFor(r), "%s failed: %s", what, describe(r).c_str());
  }

  ckrt_status deviceCount(int *count) override {
    hipError_t r = api.hipGetDeviceCount(count);
    if (r == hipErrorNoDevice) {
      *count = 0;
      return CKRT_SUCCESS;
    }
    return check(r, "hipGetDeviceCount");
  }

  ckrt_status readProps(int ordinal, HipPropsBuffer &buffer) {
    std::memset(&buffer, 0, sizeof(buffer));
    std::string what = format("hipGetDevicePropertiesR0600(device %d)",
                              ordinal);
    return check(api.hipGetDevicePropertiesR0600(&buffer, ordinal),
                 what.c_str());
  }

  ckrt_status deviceProps(int ordinal, ckrt_device_props *props) override {
    HipPropsBuffer buffer;
    if (ckrt_status st = readProps(ordinal, buffer))
      return st;
    const HipDevicePropsR0600 &p = buffer.p;
    std::memset(props, 0, sizeof(*props));
    props->backend = CKRT_BACKEND_HIP;
    props->ordinal = ordinal;
    std::snprintf(props->name, sizeof(props->name), "%.*s",
                  int(sizeof(p.name)), p.name);
    std::snprintf(props->arch_full, sizeof(props->arch_full), "%.*s",
                  int(sizeof(p.gcnArchName)), p.gcnArchName);
    if (std::strncmp(props->arch_full, "gfx", 3) != 0)
      return fail(CKRT_ERROR_DRIVER,
                  "hipGetDevicePropertiesR0600(device %d) returned the "
                  "architecture name '%s', not gfx*: this HIP runtime's "
                  "hipDeviceProp_t layout is not the ROCm 6 one ckrt knows",
                  ordinal, props->arch_full);
    std::snprintf(props->arch, sizeof(props->arch), "%s", props->arch_full);
    if (char *colon = std::strchr(props->arch, ':'))
      *colon = '\0';
    props->multiprocessor_count = p.multiProcessorCount;
    props->warp_size = p.warpSize;
    props->cc_major = p.major;
    props->cc_minor = p.minor;
    props->max_shared_memory_per_block =
        p.sharedMemPerBlockOptin > p.sharedMemPerBlock
            ? p.sharedMemPerBlockOptin
            : p.sharedMemPerBlock;
    props->l2_bytes = size_t(p.l2CacheSize > 0 ? p.l2CacheSize : 0);
    props->total_memory_bytes = p.totalGlobalMem;
    return CKRT_SUCCESS;
  }

  ckrt_status openDevice(int ordinal, void **session) override {
    std::string what = format("hipSetDevice(%d)", ordinal);
    if (ckrt_status st = check(api.hipSetDevice(ordinal), what.c_str()))
      return st;
    *session = new Session{ordinal};
    return CKRT_SUCCESS;
  }

  void closeDevice(void *session) override {
    delete static_cast<Session *>(session);
  }

  ckrt_status makeCurrent(void *session) override {
    int device = static_cast<Session *>(session)->device;
    std::string what = format("hipSetDevice(%d)", device);
    return check(api.hipSetDevice(device), what.c_str());
  }

  ckrt_status synchronizeDevice() override {
    return check(api.hipDeviceSynchronize(), "hipDeviceSynchronize");
  }

  ckrt_status memAlloc(size_t bytes, void **ptr) override {
    hipError_t r = api.hipMalloc(ptr, bytes);
    if (r != hipSuccess) {
      std::string what = format("hipMalloc(%zu bytes)", bytes);
      return check(r, what.c_str());
    }
    return CKRT_SUCCESS;
  }

  ckrt_status memFree(void *ptr) override {
    return check(api.hipFree(ptr), "hipFree");
  }

  ckrt_status copyHtoD(void *dst, const void *src, size_t bytes) override {
    return check(api.hipMemcpyHtoD(dst, const_cast<void *>(src), bytes),
                 "hipMemcpyHtoD");
  }

  ckrt_status copyDtoH(void *dst, const void *src, size_t bytes) override {
    return check(api.hipMemcpyDtoH(dst, const_cast<void *>(src), bytes),
                 "hipMemcpyDtoH");
  }

  ckrt_status copyDtoD(void *dst, const void *src, size_t bytes) override {
    return check(api.hipMemcpyDtoD(dst, const_cast<void *>(src), bytes),
                 "hipMemcpyDtoD");
  }

  ckrt_status memsetD8(void *dst, unsigned char value, size_t bytes) override {
    return check(api.hipMemsetD8(dst, value, bytes), "hipMemsetD8");
  }

  ckrt_status memsetD8Async(void *dst, unsigned char value, size_t bytes,
                            void *stream) override {
    return check(api.hipMemsetD8Async(dst, value, bytes,
                                      static_cast<hipStream_t>(stream)),
                 "hipMemsetD8Async");
  }

  ckrt_status streamCreate(void **stream, bool nonBlocking) override {
    constexpr unsigned kNonBlocking = 0x1; // hipStreamNonBlocking
    hipStream_t s = nullptr;
    if (ckrt_status st = check(
            api.hipStreamCreateWithFlags(&s, nonBlocking ? kNonBlocking : 0),
            "hipStreamCreateWithFlags"))
      return st;
    *stream = s;
    return CKRT_SUCCESS;
  }

  ckrt_status streamDestroy(void *stream) override {
    return check(api.hipStreamDestroy(static_cast<hipStream_t>(stream)),
                 "hipStreamDestroy");
  }

  ckrt_status streamSynchronize(void *stream) override {
    return check(api.hipStreamSynchronize(static_cast<hipStream_t>(stream)),
                 "hipStreamSynchronize");
  }

  ckrt_status eventCreate(void **event, bool timed) override {
    constexpr unsigned kDisableTiming = 0x2; // hipEventDisableTiming
    hipEvent_t e = nullptr;
    if (ckrt_status st = check(
            api.hipEventCreateWithFlags(&e, timed ? 0 : kDisableTiming),
            "hipEventCreateWithFlags"))
      return st;
    *event = e;
    return CKRT_SUCCESS;
  }

  ckrt_status eventDestroy(void *event) override {
    return check(api.hipEventDestroy(static_cast<hipEvent_t>(event)),
                 "hipEventDestroy");
  }

  ckrt_status eventRecord(void *event, void *stream) override {
    return check(api.hipEventRecord(static_cast<hipEvent_t>(event),
                                    static_cast<hipStream_t>(stream)),
                 "hipEventRecord");
  }

  ckrt_status eventSynchronize(void *event) override {
    return check(api.hipEventSynchronize(static_cast<hipEvent_t>(event)),
                 "hipEventSynchronize");
  }

  ckrt_status streamWaitEvent(void *stream, void *event) override {
    return check(api.hipStreamWaitEvent(static_cast<hipStream_t>(stream),
                                        static_cast<hipEvent_t>(event), 0),
                 "hipStreamWaitEvent");
  }

  ckrt_status eventElapsed(void *start, void *end, float *ms) override {
    return check(api.hipEventElapsedTime(ms, static_cast<hipEvent_t>(start),
                                         static_cast<hipEvent_t>(end)),
                 "hipEventElapsedTime");
  }

  ckrt_status moduleLoad(const void *image, size_t, void **module) override {
    hipModule_t m = nullptr;
    if (ckrt_status st =
            check(api.hipModuleLoadData(&m, image), "hipModuleLoadData"))
      return st;
    *module = m;
    return CKRT_SUCCESS;
  }

  ckrt_status moduleUnload(void *module) override {
    return check(api.hipModuleUnload(static_cast<hipModule_t>(module)),
                 "hipModuleUnload");
  }

  ckrt_status moduleGetFunction(void *module, const char *name,
                                void **function) override {
    hipFunction_t f = nullptr;
    hipError_t r =
        api.hipModuleGetFunction(&f, static_cast<hipModule_t>(module), name);
    if (r == hipErrorNotFound || r == hipErrorInvalidDeviceFunction)
      return fail(CKRT_ERROR_NOT_FOUND,
                  "kernel '%s' is not in the module (hipModuleGetFunction: "
                  "%s)",
                  name, describe(r).c_str());
    if (ckrt_status st = check(r, "hipModuleGetFunction"))
      return st;
    *function = f;
    return CKRT_SUCCESS;
  }

  // AMD kernels may use LDS up to the device limit without opting in.
  ckrt_status functionSetMaxDynamicShared(void *, unsigned) override {
    return CKRT_SUCCESS;
  }

  size_t functionStaticShared(void *) override { return 0; }

  bool functionCheckParams(void *, const size_t *, size_t,
                           std::string *why) override {
    why->clear();
    return true; // HIP has no way to ask
  }

  ckrt_status functionOccupancy(void *function, unsigned blockThreads,
                                size_t dynamicShared, int *blocks) override {
    const char *name = "hipModuleOccupancyMaxActiveBlocksPerMultiprocessor";
    if (!api.hipModuleOccupancyMaxActiveBlocksPerMultiprocessor)
      return fail(CKRT_ERROR_UNSUPPORTED, "the HIP runtime '%s' has no %s",
                  path.c_str(), name);
    int n = 0;
    std::string what = format("%s(block of %u threads, %zu bytes of dynamic "
                              "LDS)",
                              name, blockThreads, dynamicShared);
    if (ckrt_status st =
            check(api.hipModuleOccupancyMaxActiveBlocksPerMultiprocessor(
                      &n, static_cast<hipFunction_t>(function),
                      int(blockThreads), dynamicShared),
                  what.c_str()))
      return st;
    *blocks = n;
    return CKRT_SUCCESS;
  }

  // HIP has no thread block clusters.
  ckrt_status functionRequiredCluster(void *, unsigned cluster[3]) override {
    cluster[0] = cluster[1] = cluster[2] = 1;
    return CKRT_SUCCESS;
  }

  ckrt_status maxActiveClusters(void *, const unsigned *, const unsigned *,
                                unsigned, int *clusters) override {
    *clusters = 0;
    return CKRT_SUCCESS;
  }

  ckrt_status checkCooperativeLaunch(int ordinal) override {
    if (!api.hipModuleLaunchCooperativeKernel)
      return fail(CKRT_ERROR_UNSUPPORTED,
                  "the HIP runtime '%s' has no "
                  "hipModuleLaunchCooperativeKernel",
                  path.c_str());
    HipPropsBuffer buffer;
    if (ckrt_status st = readProps(ordinal, buffer))
      return st;
    if (!buffer.p.cooperativeLaunch)
      return fail(CKRT_ERROR_UNSUPPORTED,
                  "HIP device %d cannot launch kernels cooperatively "
                  "(hipDeviceProp_t::cooperativeLaunch is 0)",
                  ordinal);
    return CKRT_SUCCESS;
  }

  ckrt_status encodeTensorMap(const ckrt_tensor_map_decl &, ckrt_dtype,
                              const void *, TensorMapBytes *) override {
    return fail(CKRT_ERROR_UNSUPPORTED,
                "tensor maps (TMA descriptors) are an NVIDIA feature; HIP "
                "has none");
  }

  ckrt_status launch(void *function, const unsigned grid[3],
                     const unsigned block[3], unsigned sharedBytes,
                     void *stream, void **params, bool cooperative) override {
    auto f = static_cast<hipFunction_t>(function);
    auto s = static_cast<hipStream_t>(stream);
    if (cooperative) {
      if (!api.hipModuleLaunchCooperativeKernel)
        return fail(CKRT_ERROR_UNSUPPORTED,
                    "the HIP runtime '%s' has no "
                    "hipModuleLaunchCooperativeKernel",
                    path.c_str());
      return check(api.hipModuleLaunchCooperativeKernel(
                       f, grid[0], grid[1], grid[2], block[0], block[1],
                       block[2], sharedBytes, s, params),
                   "hipModuleLaunchCooperativeKernel");
    }
    return check(api.hipModuleLaunchKernel(f, grid[0], grid[1], grid[2],
                                           block[0], block[1], block[2],
                                           sharedBytes, s, params, nullptr),
                 "hipModuleLaunchKernel");
  }

private:
  std::string path;
  DynamicLibrary lib;
  HipApi api;
};

} // namespace

namespace ckrt::detail {

std::unique_ptr<Backend> createHipBackend(const std::string &path,
                                          LoadFailure *failure) {
  DynamicLibrary lib;
  if (!lib.open(path, &failure->reason)) {
    failure->status = CKRT_ERROR_NO_BACKEND;
    failure->opened = false;
    return nullptr;
  }
  failure->opened = true;
  HipApi api{};
  const char *missing = nullptr;
  auto bind = [&](auto &fn, const char *name) {
    void *sym = lib.symbol(name);
    if (!sym && !missing)
      missing = name;
    fn = reinterpret_cast<std::remove_reference_t<decltype(fn)>>(sym);
  };
  bind(api.hipInit, "hipInit");
  bind(api.hipGetErrorName, "hipGetErrorName");
  bind(api.hipGetErrorString, "hipGetErrorString");
  bind(api.hipGetDeviceCount, "hipGetDeviceCount");
  bind(api.hipGetDevicePropertiesR0600, "hipGetDevicePropertiesR0600");
  bind(api.hipSetDevice, "hipSetDevice");
  bind(api.hipDeviceSynchronize, "hipDeviceSynchronize");
  bind(api.hipMalloc, "hipMalloc");
  bind(api.hipFree, "hipFree");
  bind(api.hipMemcpyHtoD, "hipMemcpyHtoD");
  bind(api.hipMemcpyDtoH, "hipMemcpyDtoH");
  bind(api.hipMemcpyDtoD, "hipMemcpyDtoD");
  bind(api.hipMemsetD8, "hipMemsetD8");
  bind(api.hipMemsetD8Async, "hipMemsetD8Async");
  bind(api.hipStreamCreateWithFlags, "hipStreamCreateWithFlags");
  bind(api.hipStreamWaitEvent, "hipStreamWaitEvent");
  bind(api.hipStreamDestroy, "hipStreamDestroy");
  bind(api.hipStreamSynchronize, "hipStreamSynchronize");
  bind(api.hipEventCreateWithFlags, "hipEventCreateWithFlags");
  bind(api.hipEventDestroy, "hipEventDestroy");
  bind(api.hipEventRecord, "hipEventRecord");
  bind(api.hipEventSynchronize, "hipEventSynchronize");
  bind(api.hipEventElapsedTime, "hipEventElapsedTime");
  bind(api.hipModuleLoadData, "hipModuleLoadData");
  bind(api.hipModuleUnload, "hipModuleUnload");
  bind(api.hipModuleGetFunction, "hipModuleGetFunction");
  bind(api.hipModuleLaunchKernel, "hipModuleLaunchKernel");
  auto optional = [&](auto &fn, const char *name) {
    fn = reinterpret_cast<std::remove_reference_t<decltype(fn)>>(
        lib.symbol(name));
  };
  optional(api.hipModuleOccupancyMaxActiveBlocksPerMultiprocessor,
           "hipModuleOccupancyMaxActiveBlocksPerMultiprocessor");
  optional(api.hipModuleLaunchCooperativeKernel,
           "hipModuleLaunchCooperativeKernel");
  if (missing) {
    failure->status = CKRT_ERROR_NO_BACKEND;
    failure->reason = format("it lacks the symbol '%s' (not the HIP runtime, "
                             "or one older than ROCm 6)",
                             missing);
    return nullptr;
  }
  auto backend = std::make_unique<HipBackend>(path, lib, api);
  hipError_t r = api.hipInit(0);
  if (r != hipSuccess) {
    failure->status =
        r == hipErrorNoDevice ? CKRT_ERROR_NO_DEVICE : CKRT_ERROR_NO_BACKEND;
    failure->reason = "hipInit failed: " + backend->describe(r);
    return nullptr;
  }
  return backend;
}

} // namespace ckrt::detail
