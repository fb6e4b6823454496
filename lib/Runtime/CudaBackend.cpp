//===- CudaBackend.cpp - The CUDA driver API through dlopen ---------------===//
//
// Declares the few driver types, enum values and entry points ckrt uses
// (values as documented for the CUDA driver API; cuda.h is not included),
// looks them up in libcuda.so.1 and implements Backend with them.
//
//===----------------------------------------------------------------------===//

#include "Backend.h"
#include "Error.h"

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <type_traits>

using namespace ckrt::detail;

namespace {

// Types of the driver API.
using CUresult = int;
using CUdevice = int;
using CUdeviceptr = unsigned long long;
struct CUctx_st;
struct CUmod_st;
struct CUfunc_st;
struct CUstream_st;
struct CUevent_st;
using CUcontext = CUctx_st *;
using CUmodule = CUmod_st *;
using CUfunction = CUfunc_st *;
using CUstream = CUstream_st *;
using CUevent = CUevent_st *;

// Result codes ckrt distinguishes.
constexpr CUresult CUDA_SUCCESS = 0;
constexpr CUresult CUDA_ERROR_INVALID_VALUE = 1;
constexpr CUresult CUDA_ERROR_OUT_OF_MEMORY = 2;
constexpr CUresult CUDA_ERROR_STUB_LIBRARY = 34;
constexpr CUresult CUDA_ERROR_INSUFFICIENT_DRIVER = 35;
constexpr CUresult CUDA_ERROR_NO_DEVICE = 100;
constexpr CUresult CUDA_ERROR_INVALID_DEVICE = 101;
constexpr CUresult CUDA_ERROR_INVALID_IMAGE = 200;
constexpr CUresult CUDA_ERROR_NO_BINARY_FOR_GPU = 209;
constexpr CUresult CUDA_ERROR_INVALID_PTX = 218;
constexpr CUresult CUDA_ERROR_JIT_COMPILER_NOT_FOUND = 221;
constexpr CUresult CUDA_ERROR_UNSUPPORTED_PTX_VERSION = 222;
constexpr CUresult CUDA_ERROR_NOT_FOUND = 500;
constexpr CUresult CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE = 720;
constexpr CUresult CUDA_ERROR_NOT_SUPPORTED = 801;

// CUdevice_attribute values.
constexpr int CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK = 8;
constexpr int CU_DEVICE_ATTRIBUTE_WARP_SIZE = 10;
constexpr int CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT = 16;
constexpr int CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE = 38;
constexpr int CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75;
constexpr int CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76;
constexpr int CU_DEVICE_ATTRIBUTE_COOPERATIVE_LAUNCH = 95;
constexpr int CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN = 97;

// CUfunction_attribute values.
constexpr int CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES = 1;
constexpr int CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8;
// The required cluster's width; its height and depth are the next two.
constexpr int CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_WIDTH = 11;

// cuOccupancyMaxActiveClusters's launch configuration (no attributes: the
// kernel's required cluster shape applies).
struct CUlaunchConfig {
  unsigned gridDimX, gridDimY, gridDimZ;
  unsigned blockDimX, blockDimY, blockDimZ;
  unsigned sharedMemBytes;
  CUstream hStream;
  void *attrs;
  unsigned numAttrs;
};

// CUtensorMap enum values (cuTensorMapEncode*).
constexpr int CU_TENSOR_MAP_DATA_TYPE_FLOAT16 = 6;
constexpr int CU_TENSOR_MAP_DATA_TYPE_FLOAT32 = 7;
constexpr int CU_TENSOR_MAP_DATA_TYPE_BFLOAT16 = 9;
constexpr int CU_TENSOR_MAP_INTERLEAVE_NONE = 0;
constexpr int CU_TENSOR_MAP_L2_PROMOTION_L2_256B = 3;
constexpr int CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE = 0; // out of bounds: zeros

struct CudaApi {
  CUresult (*cuInit)(unsigned);
  CUresult (*cuDriverGetVersion)(int *);
  CUresult (*cuGetErrorName)(CUresult, const char **);
  CUresult (*cuGetErrorString)(CUresult, const char **);
  CUresult (*cuDeviceGetCount)(int *);
  CUresult (*cuDeviceGet)(CUdevice *, int);
  CUresult (*cuDeviceGetName)(char *, int, CUdevice);
  CUresult (*cuDeviceGetAttribute)(int *, int, CUdevice);
  CUresult (*cuDeviceTotalMem_v2)(size_t *, CUdevice);
  CUresult (*cuDevicePrimaryCtxRetain)(CUcontext *, CUdevice);
  CUresult (*cuDevicePrimaryCtxRelease_v2)(CUdevice);
  CUresult (*cuCtxSetCurrent)(CUcontext);
  CUresult (*cuCtxSynchronize)();
  CUresult (*cuMemAlloc_v2)(CUdeviceptr *, size_t);
  CUresult (*cuMemFree_v2)(CUdeviceptr);
  CUresult (*cuMemcpyHtoD_v2)(CUdeviceptr, const void *, size_t);
  CUresult (*cuMemcpyDtoH_v2)(void *, CUdeviceptr, size_t);
  CUresult (*cuMemcpyDtoD_v2)(CUdeviceptr, CUdeviceptr, size_t);
  CUresult (*cuMemsetD8_v2)(CUdeviceptr, unsigned char, size_t);
  CUresult (*cuMemsetD8Async)(CUdeviceptr, unsigned char, size_t, CUstream);
  CUresult (*cuStreamCreate)(CUstream *, unsigned);
  CUresult (*cuStreamDestroy_v2)(CUstream);
  CUresult (*cuStreamSynchronize)(CUstream);
  CUresult (*cuEventCreate)(CUevent *, unsigned);
  CUresult (*cuEventDestroy_v2)(CUevent);
  CUresult (*cuEventRecord)(CUevent, CUstream);
  CUresult (*cuStreamWaitEvent)(CUstream, CUevent, unsigned);
  CUresult (*cuEventSynchronize)(CUevent);
  CUresult (*cuEventElapsedTime)(float *, CUevent, CUevent);
  CUresult (*cuModuleLoadData)(CUmodule *, const void *);
  CUresult (*cuModuleUnload)(CUmodule);
  CUresult (*cuModuleGetFunction)(CUfunction *, CUmodule, const char *);
  CUresult (*cuFuncSetAttribute)(CUfunction, int, int);
  CUresult (*cuFuncGetAttribute)(int *, int, CUfunction);
  CUresult (*cuLaunchKernel)(CUfunction, unsigned, unsigned, unsigned,
                             unsigned, unsigned, unsigned, unsigned, CUstream,
                             void **, void **);
  // Optional (CUDA 12.4+): used to check plan arguments against kernels.
  CUresult (*cuFuncGetParamInfo)(CUfunction, size_t, size_t *, size_t *);
  // Optional here (every CUDA 9+ driver has them), needed only by plans
  // with schedules (`occupancy auto`) or `coop` kernels.
  CUresult (*cuOccupancyMaxActiveBlocksPerMultiprocessor)(int *, CUfunction,
                                                          int, size_t);
  // Optional (CUDA 12+): sizes persistent grids in clusters.
  CUresult (*cuOccupancyMaxActiveClusters)(int *, CUfunction,
                                           const CUlaunchConfig *);
  CUresult (*cuLaunchCooperativeKernel)(CUfunction, unsigned, unsigned,
                                        unsigned, unsigned, unsigned, unsigned,
                                        unsigned, CUstream, void **);
  // Optional (CUDA 12+): needed only by plans with tensor maps.
  CUresult (*cuTensorMapEncodeTiled)(void *, int, uint32_t, void *,
                                     const uint64_t *, const uint64_t *,
                                     const uint32_t *, const uint32_t *, int,
                                     int, int, int);
  CUresult (*cuTensorMapEncodeIm2col)(void *, int, uint32_t, void *,
                                      const uint64_t *, const uint64_t *,
                                      const int *, const int *, uint32_t,
                                      uint32_t, const uint32_t *, int, int, int,
                                      int);
};

struct Session {
  CUdevice device;
  CUcontext context;
};

ckrt_status statusFor(CUresult r) {
  switch (r) {
  case CUDA_ERROR_OUT_OF_MEMORY:
    return CKRT_ERROR_OUT_OF_MEMORY;
  case CUDA_ERROR_NO_DEVICE:
  case CUDA_ERROR_INVALID_DEVICE:
    return CKRT_ERROR_NO_DEVICE;
  case CUDA_ERROR_STUB_LIBRARY:
  case CUDA_ERROR_INSUFFICIENT_DRIVER:
    return CKRT_ERROR_NO_BACKEND;
  case CUDA_ERROR_INVALID_IMAGE:
  case CUDA_ERROR_NO_BINARY_FOR_GPU:
  case CUDA_ERROR_INVALID_PTX:
  case CUDA_ERROR_JIT_COMPILER_NOT_FOUND:
  case CUDA_ERROR_UNSUPPORTED_PTX_VERSION:
    return CKRT_ERROR_INVALID_BINARY;
  case CUDA_ERROR_NOT_FOUND:
    return CKRT_ERROR_NOT_FOUND;
  case CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE:
  case CUDA_ERROR_NOT_SUPPORTED:
    return CKRT_ERROR_UNSUPPORTED;
  default:
    return CKRT_ERROR_DRIVER;
  }
}

CUdeviceptr dptr(const void *p) {
  return static_cast<CUdeviceptr>(reinterpret_cast<uintptr_t>(p));
}

class CudaBackend final : public Backend {
public:
  CudaBackend(std::string path, DynamicLibrary lib, const CudaApi &api)
      : path(std::move(path)), lib(lib), api(api) {}

  ckrt_backend kind() const override { return CKRT_BACKEND_CUDA; }
  const std::string &libraryName() const override { return path; }

  /// "CUDA_ERROR_X (text)".
  std::string describe(CUresult r) const {
    const char *name = nullptr, *text = nullptr;
    if (api.cuGetErrorName(r, &name) != CUDA_SUCCESS || !name)
      name = nullptr;
    if (api.cuGetErrorString(r, &text) != CUDA_SUCCESS || !text)
      text = nullptr;
    if (name && text)
      return format("%s (%s)", name, text);
    if (name)
      return name;
    return format("CUDA error %d", r);
  }

  /// Sets the error for a failed call `what` and returns the status.
  ckrt_status check(CUresult r, const char *what) const {
    if (r == CUDA_SUCCESS)
      return CKRT_SUCCESS;
    return fail(statusFor(r), "%s failed: %s", what, describe(r).c_str());
  }

  ckrt_status deviceCount(int *count) override {
    return check(api.cuDeviceGetCount(count), "cuDeviceGetCount");
  }

  ckrt_status deviceProps(int ordinal, ckrt_device_props *props) override {
    CUdevice dev;
    if (ckrt_status st = check(api.cuDeviceGet(&dev, ordinal), "cuDeviceGet"))
      return st;
    std::memset(props, 0, sizeof(*props));
    props->backend = CKRT_BACKEND_CUDA;
    props->ordinal = ordinal;
    if (ckrt_status st = check(api.cuDeviceGetName(props->name,
                                                   int(sizeof(props->name)),
                                                   dev),
                               "cuDeviceGetName"))
      return st;
    props->name[sizeof(props->name) - 1] = '\0';
    struct {
      int attr;
      int *out;
      const char *what;
    } ints[] = {
        {CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT,
         &props->multiprocessor_count, "multiprocessor count"},
        {CU_DEVICE_ATTRIBUTE_WARP_SIZE, &props->warp_size, "warp size"},
        {CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, &props->cc_major,
         "compute capability major"},
        {CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, &props->cc_minor,
         "compute capability minor"},
    };
    for (auto &q : ints) {
      std::string what =
          format("cuDeviceGetAttribute(%s, device %d)", q.what, ordinal);
      if (ckrt_status st = check(api.cuDeviceGetAttribute(q.out, q.attr, dev),
                                 what.c_str()))
        return st;
    }
    int optin = 0, plain = 0, l2 = 0;
    if (ckrt_status st = check(
            api.cuDeviceGetAttribute(
                &optin, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN,
                dev),
            "cuDeviceGetAttribute(max shared memory per block optin)"))
      return st;
    if (ckrt_status st = check(
            api.cuDeviceGetAttribute(
                &plain, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK, dev),
            "cuDeviceGetAttribute(max shared memory per block)"))
      return st;
    if (ckrt_status st = check(
            api.cuDeviceGetAttribute(&l2, CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE,
                                     dev),
            "cuDeviceGetAttribute(L2 cache size)"))
      return st;
    props->max_shared_memory_per_block =
        size_t(optin > plain ? optin : plain);
    props->l2_bytes = size_t(l2 > 0 ? l2 : 0);
    size_t total = 0;
    if (ckrt_status st =
            check(api.cuDeviceTotalMem_v2(&total, dev), "cuDeviceTotalMem_v2"))
      return st;
    props->total_memory_bytes = total;
    std::snprintf(props->arch, sizeof(props->arch), "sm_%d%d",
                  props->cc_major, props->cc_minor);
    std::snprintf(props->arch_full, sizeof(props->arch_full), "%s",
                  props->arch);
    return CKRT_SUCCESS;
  }

  ckrt_status openDevice(int ordinal, void **session) override {
    CUdevice dev;
    if (ckrt_status st = check(api.cuDeviceGet(&dev, ordinal), "cuDeviceGet"))
      return st;
    CUcontext ctx = nullptr;
    if (ckrt_status st = check(api.cuDevicePrimaryCtxRetain(&ctx, dev),
                               "cuDevicePrimaryCtxRetain"))
      return st;
    *session = new Session{dev, ctx};
    return CKRT_SUCCESS;
  }

  void closeDevice(void *session) override {
    auto *s = static_cast<Session *>(session);
    if (!s)
      return;
    api.cuDevicePrimaryCtxRelease_v2(s->device);
    delete s;
  }

  ckrt_status makeCurrent(void *session) override {
    auto *s = static_cast<Session *>(session);
    return check(api.cuCtxSetCurrent(s->context), "cuCtxSetCurrent");
  }

  ckrt_status synchronizeDevice() override {
    return check(api.cuCtxSynchronize(), "cuCtxSynchronize");
  }

  ckrt_status memAlloc(size_t bytes, void **ptr) override {
    CUdeviceptr p = 0;
    CUresult r = api.cuMemAlloc_v2(&p, bytes);
    if (r != CUDA_SUCCESS) {
      std::string what = format("cuMemAlloc_v2(%zu bytes)", bytes);
      return check(r, what.c_str());
    }
    *ptr = reinterpret_cast<void *>(static_cast<uintptr_t>(p));
    return CKRT_SUCCESS;
  }

  ckrt_status memFree(void *ptr) override {
    return check(api.cuMemFree_v2(dptr(ptr)), "cuMemFree_v2");
  }

  ckrt_status copyHtoD(void *dst, const void *src, size_t bytes) override {
    return check(api.cuMemcpyHtoD_v2(dptr(dst), src, bytes),
                 "cuMemcpyHtoD_v2");
  }

  ckrt_status copyDtoH(void *dst, const void *src, size_t bytes) override {
    return check(api.cuMemcpyDtoH_v2(dst, dptr(src), bytes),
                 "cuMemcpyDtoH_v2");
  }

  ckrt_status copyDtoD(void *dst, const void *src, size_t bytes) override {
    return check(api.cuMemcpyDtoD_v2(dptr(dst), dptr(src), bytes),
                 "cuMemcpyDtoD_v2");
  }

  ckrt_status memsetD8(void *dst, unsigned char value, size_t bytes) override {
    return check(api.cuMemsetD8_v2(dptr(dst), value, bytes), "cuMemsetD8_v2");
  }

  ckrt_status memsetD8Async(void *dst, unsigned char value, size_t bytes,
                            void *stream) override {
    return check(api.cuMemsetD8Async(dptr(dst), value, bytes,
                                     static_cast<CUstream>(stream)),
                 "cuMemsetD8Async");
  }

  ckrt_status streamCreate(void **stream, bool nonBlocking) override {
    constexpr unsigned kNonBlocking = 0x1; // CU_STREAM_NON_BLOCKING
    CUstream s = nullptr;
    if (ckrt_status st = check(
            api.cuStreamCreate(&s, nonBlocking ? kNonBlocking : 0),
            "cuStreamCreate"))
      return st;
    *stream = s;
    return CKRT_SUCCESS;
  }

  ckrt_status streamDestroy(void *stream) override {
    return check(api.cuStreamDestroy_v2(static_cast<CUstream>(stream)),
                 "cuStreamDestroy_v2");
  }

  ckrt_status streamSynchronize(void *stream) override {
    return check(api.cuStreamSynchronize(static_cast<CUstream>(stream)),
                 "cuStreamSynchronize");
  }

  ckrt_status eventCreate(void **event, bool timed) override {
    constexpr unsigned kDisableTiming = 0x2; // CU_EVENT_DISABLE_TIMING
    CUevent e = nullptr;
    if (ckrt_status st = check(
            api.cuEventCreate(&e, timed ? 0 : kDisableTiming),
            "cuEventCreate"))
      return st;
    *event = e;
    return CKRT_SUCCESS;
  }

  ckrt_status eventDestroy(void *event) override {
    return check(api.cuEventDestroy_v2(static_cast<CUevent>(event)),
                 "cuEventDestroy_v2");
  }

  ckrt_status eventRecord(void *event, void *stream) override {
    return check(api.cuEventRecord(static_cast<CUevent>(event),
                                   static_cast<CUstream>(stream)),
                 "cuEventRecord");
  }

  ckrt_status eventSynchronize(void *event) override {
    return check(api.cuEventSynchronize(static_cast<CUevent>(event)),
                 "cuEventSynchronize");
  }

  ckrt_status streamWaitEvent(void *stream, void *event) override {
    return check(api.cuStreamWaitEvent(static_cast<CUstream>(stream),
                                       static_cast<CUevent>(event), 0),
                 "cuStreamWaitEvent");
  }

  ckrt_status eventElapsed(void *start, void *end, float *ms) override {
    return check(api.cuEventElapsedTime(ms, static_cast<CUevent>(start),
                                        static_cast<CUevent>(end)),
                 "cuEventElapsedTime");
  }

  ckrt_status moduleLoad(const void *image, size_t, void **module) override {
    CUmodule m = nullptr;
    if (ckrt_status st =
            check(api.cuModuleLoadData(&m, image), "cuModuleLoadData"))
      return st;
    *module = m;
    return CKRT_SUCCESS;
  }

  ckrt_status moduleUnload(void *module) override {
    return check(api.cuModuleUnload(static_cast<CUmodule>(module)),
                 "cuModuleUnload");
  }

  ckrt_status moduleGetFunction(void *module, const char *name,
                                void **function) override {
    CUfunction f = nullptr;
    CUresult r =
        api.cuModuleGetFunction(&f, static_cast<CUmodule>(module), name);
    if (r == CUDA_ERROR_NOT_FOUND)
      return fail(CKRT_ERROR_NOT_FOUND,
                  "kernel '%s' is not in the module (cuModuleGetFunction: "
                  "%s)",
                  name, describe(r).c_str());
    if (ckrt_status st = check(r, "cuModuleGetFunction"))
      return st;
    *function = f;
    return CKRT_SUCCESS;
  }

  ckrt_status functionSetMaxDynamicShared(void *function,
                                          unsigned bytes) override {
    std::string what = format(
        "cuFuncSetAttribute(CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, "
        "%u)",
        bytes);
    return check(api.cuFuncSetAttribute(
                     static_cast<CUfunction>(function),
                     CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                     int(bytes)),
                 what.c_str());
  }

  size_t functionStaticShared(void *function) override {
    int value = 0;
    if (api.cuFuncGetAttribute(&value, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES,
                               static_cast<CUfunction>(function)) !=
        CUDA_SUCCESS)
      return 0;
    return value > 0 ? size_t(value) : 0;
  }

  bool functionCheckParams(void *function, const size_t *sizes,
                           size_t numParams, std::string *why) override {
    why->clear();
    if (!api.cuFuncGetParamInfo)
      return true;
    auto f = static_cast<CUfunction>(function);
    for (size_t i = 0; i < numParams; ++i) {
      size_t offset = 0, size = 0;
      CUresult r = api.cuFuncGetParamInfo(f, i, &offset, &size);
      if (r == CUDA_ERROR_INVALID_VALUE) {
        *why = format("the kernel takes %zu parameters but the plan passes "
                      "%zu arguments",
                      i, numParams);
        return false;
      }
      if (r != CUDA_SUCCESS)
        return true; // cannot tell
      if (size != sizes[i]) {
        *why = format("parameter %zu of the kernel is %zu bytes but the "
                      "plan's argument %zu is %zu bytes",
                      i, size, i, sizes[i]);
        return false;
      }
    }
    size_t offset = 0, size = 0;
    if (api.cuFuncGetParamInfo(f, numParams, &offset, &size) ==
        CUDA_SUCCESS) {
      size_t total = numParams + 1;
      while (total < 4096 &&
             api.cuFuncGetParamInfo(f, total, &offset, &size) == CUDA_SUCCESS)
        ++total;
      *why = format("the kernel takes %zu parameters but the plan passes "
                    "%zu arguments",
                    total, numParams);
      return false;
    }
    return true;
  }

  ckrt_status functionOccupancy(void *function, unsigned blockThreads,
                                size_t dynamicShared, int *blocks) override {
    const char *name = "cuOccupancyMaxActiveBlocksPerMultiprocessor";
    if (!api.cuOccupancyMaxActiveBlocksPerMultiprocessor)
      return fail(CKRT_ERROR_UNSUPPORTED, "the CUDA driver '%s' has no %s",
                  path.c_str(), name);
    int n = 0;
    std::string what = format("%s(block of %u threads, %zu bytes of dynamic "
                              "shared memory)",
                              name, blockThreads, dynamicShared);
    if (ckrt_status st = check(api.cuOccupancyMaxActiveBlocksPerMultiprocessor(
                                   &n, static_cast<CUfunction>(function),
                                   int(blockThreads), dynamicShared),
                               what.c_str()))
      return st;
    *blocks = n;
    return CKRT_SUCCESS;
  }

  ckrt_status functionRequiredCluster(void *function,
                                      unsigned cluster[3]) override {
    static const char *const dims[3] = {"width", "height", "depth"};
    for (int d = 0; d < 3; ++d) {
      int value = 0;
      std::string what = format(
          "cuFuncGetAttribute(CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_%s)", dims[d]);
      if (ckrt_status st =
              check(api.cuFuncGetAttribute(
                        &value, CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_WIDTH + d,
                        static_cast<CUfunction>(function)),
                    what.c_str()))
        return st;
      cluster[d] = value > 0 ? unsigned(value) : 1;
    }
    return CKRT_SUCCESS;
  }

  ckrt_status maxActiveClusters(void *function, const unsigned grid[3],
                                const unsigned block[3], unsigned dynamicShared,
                                int *clusters) override {
    *clusters = 0;
    if (!api.cuOccupancyMaxActiveClusters)
      return CKRT_SUCCESS;
    CUlaunchConfig config = {grid[0],  grid[1],  grid[2],       block[0],
                             block[1], block[2], dynamicShared, nullptr,
                             nullptr,  0};
    return check(api.cuOccupancyMaxActiveClusters(
                     clusters, static_cast<CUfunction>(function), &config),
                 "cuOccupancyMaxActiveClusters");
  }

  ckrt_status checkCooperativeLaunch(int ordinal) override {
    if (!api.cuLaunchCooperativeKernel)
      return fail(CKRT_ERROR_UNSUPPORTED,
                  "the CUDA driver '%s' has no cuLaunchCooperativeKernel",
                  path.c_str());
    CUdevice dev;
    if (ckrt_status st = check(api.cuDeviceGet(&dev, ordinal), "cuDeviceGet"))
      return st;
    int supported = 0;
    if (ckrt_status st =
            check(api.cuDeviceGetAttribute(
                      &supported, CU_DEVICE_ATTRIBUTE_COOPERATIVE_LAUNCH, dev),
                  "cuDeviceGetAttribute(cooperative launch)"))
      return st;
    if (!supported)
      return fail(CKRT_ERROR_UNSUPPORTED,
                  "CUDA device %d cannot launch kernels cooperatively "
                  "(CU_DEVICE_ATTRIBUTE_COOPERATIVE_LAUNCH is 0)",
                  ordinal);
    return CKRT_SUCCESS;
  }

  ckrt_status encodeTensorMap(const ckrt_tensor_map_decl &map, ckrt_dtype dtype,
                              const void *address,
                              TensorMapBytes *out) override {
    bool im2col = map.mode == CKRT_TENSOR_MAP_IM2COL;
    if (!(im2col ? (void *)api.cuTensorMapEncodeIm2col
                 : (void *)api.cuTensorMapEncodeTiled))
      return fail(CKRT_ERROR_UNSUPPORTED,
                  "the CUDA driver '%s' has no %s (tensor maps need CUDA 12 "
                  "or later)",
                  path.c_str(),
                  im2col ? "cuTensorMapEncodeIm2col"
                         : "cuTensorMapEncodeTiled");
    if (reinterpret_cast<uintptr_t>(address) % 16)
      return fail(CKRT_ERROR_INVALID_ARGUMENT,
                  "a tensor map needs a 16-byte aligned tensor, got %p",
                  address);
    int type = dtype == CKRT_DTYPE_F16    ? CU_TENSOR_MAP_DATA_TYPE_FLOAT16
               : dtype == CKRT_DTYPE_BF16 ? CU_TENSOR_MAP_DATA_TYPE_BFLOAT16
                                          : CU_TENSOR_MAP_DATA_TYPE_FLOAT32;
    // CU_TENSOR_MAP_SWIZZLE_NONE, _32B, _64B, _128B.
    int swizzle = map.swizzle == 0    ? 0
                  : map.swizzle == 32 ? 1
                  : map.swizzle == 64 ? 2
                                      : 3;
    void *global = const_cast<void *>(address);
    if (im2col)
      return check(api.cuTensorMapEncodeIm2col(
                       out->bytes, type, map.rank, global, map.dims,
                       map.strides + 1, map.lower, map.upper, map.box[0],
                       map.box[1], map.element_strides,
                       CU_TENSOR_MAP_INTERLEAVE_NONE, swizzle,
                       CU_TENSOR_MAP_L2_PROMOTION_L2_256B,
                       CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE),
                   "cuTensorMapEncodeIm2col");
    return check(api.cuTensorMapEncodeTiled(
                     out->bytes, type, map.rank, global, map.dims,
                     map.strides + 1, map.box, map.element_strides,
                     CU_TENSOR_MAP_INTERLEAVE_NONE, swizzle,
                     CU_TENSOR_MAP_L2_PROMOTION_L2_256B,
                     CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE),
                 "cuTensorMapEncodeTiled");
  }

  ckrt_status launch(void *function, const unsigned grid[3],
                     const unsigned block[3], unsigned sharedBytes,
                     void *stream, void **params, bool cooperative) override {
    auto f = static_cast<CUfunction>(function);
    auto s = static_cast<CUstream>(stream);
    if (cooperative) {
      if (!api.cuLaunchCooperativeKernel)
        return fail(CKRT_ERROR_UNSUPPORTED,
                    "the CUDA driver '%s' has no cuLaunchCooperativeKernel",
                    path.c_str());
      return check(api.cuLaunchCooperativeKernel(f, grid[0], grid[1], grid[2],
                                                 block[0], block[1], block[2],
                                                 sharedBytes, s, params),
                   "cuLaunchCooperativeKernel");
    }
    return check(api.cuLaunchKernel(f, grid[0], grid[1], grid[2], block[0],
                                    block[1], block[2], sharedBytes, s, params,
                                    nullptr),
                 "cuLaunchKernel");
  }

private:
  std::string path;
  DynamicLibrary lib;
  CudaApi api;
};

} // namespace

namespace ckrt::detail {

std::unique_ptr<Backend> createCudaBackend(const std::string &path,
                                           LoadFailure *failure) {
  DynamicLibrary lib;
  if (!lib.open(path, &failure->reason)) {
    failure->status = CKRT_ERROR_NO_BACKEND;
    failure->opened = false;
    return nullptr;
  }
  failure->opened = true;
  CudaApi api{};
  const char *missing = nullptr;
  auto bind = [&](auto &fn, const char *name) {
    void *sym = lib.symbol(name);
    if (!sym && !missing)
      missing = name;
    fn = reinterpret_cast<std::remove_reference_t<decltype(fn)>>(sym);
  };
  bind(api.cuInit, "cuInit");
  bind(api.cuDriverGetVersion, "cuDriverGetVersion");
  bind(api.cuGetErrorName, "cuGetErrorName");
  bind(api.cuGetErrorString, "cuGetErrorString");
  bind(api.cuDeviceGetCount, "cuDeviceGetCount");
  bind(api.cuDeviceGet, "cuDeviceGet");
  bind(api.cuDeviceGetName, "cuDeviceGetName");
  bind(api.cuDeviceGetAttribute, "cuDeviceGetAttribute");
  bind(api.cuDeviceTotalMem_v2, "cuDeviceTotalMem_v2");
  bind(api.cuDevicePrimaryCtxRetain, "cuDevicePrimaryCtxRetain");
  bind(api.cuDevicePrimaryCtxRelease_v2, "cuDevicePrimaryCtxRelease_v2");
  bind(api.cuCtxSetCurrent, "cuCtxSetCurrent");
  bind(api.cuCtxSynchronize, "cuCtxSynchronize");
  bind(api.cuMemAlloc_v2, "cuMemAlloc_v2");
  bind(api.cuMemFree_v2, "cuMemFree_v2");
  bind(api.cuMemcpyHtoD_v2, "cuMemcpyHtoD_v2");
  bind(api.cuMemcpyDtoH_v2, "cuMemcpyDtoH_v2");
  bind(api.cuMemcpyDtoD_v2, "cuMemcpyDtoD_v2");
  bind(api.cuMemsetD8_v2, "cuMemsetD8_v2");
  bind(api.cuMemsetD8Async, "cuMemsetD8Async");
  bind(api.cuStreamCreate, "cuStreamCreate");
  bind(api.cuStreamDestroy_v2, "cuStreamDestroy_v2");
  bind(api.cuStreamSynchronize, "cuStreamSynchronize");
  bind(api.cuEventCreate, "cuEventCreate");
  bind(api.cuEventDestroy_v2, "cuEventDestroy_v2");
  bind(api.cuEventRecord, "cuEventRecord");
  bind(api.cuStreamWaitEvent, "cuStreamWaitEvent");
  bind(api.cuEventSynchronize, "cuEventSynchronize");
  bind(api.cuModuleLoadData, "cuModuleLoadData");
  bind(api.cuModuleUnload, "cuModuleUnload");
  bind(api.cuModuleGetFunction, "cuModuleGetFunction");
  bind(api.cuFuncSetAttribute, "cuFuncSetAttribute");
  bind(api.cuFuncGetAttribute, "cuFuncGetAttribute");
  bind(api.cuLaunchKernel, "cuLaunchKernel");
  // Newer drivers export cuEventElapsedTime_v2 (what cuda.h 12.8+ maps
  // cuEventElapsedTime to); older ones only the original.
  api.cuEventElapsedTime = reinterpret_cast<decltype(api.cuEventElapsedTime)>(
      lib.symbol("cuEventElapsedTime_v2"));
  if (!api.cuEventElapsedTime)
    bind(api.cuEventElapsedTime, "cuEventElapsedTime");
  api.cuFuncGetParamInfo = reinterpret_cast<decltype(api.cuFuncGetParamInfo)>(
      lib.symbol("cuFuncGetParamInfo"));
  auto optional = [&](auto &fn, const char *name) {
    fn = reinterpret_cast<std::remove_reference_t<decltype(fn)>>(
        lib.symbol(name));
  };
  optional(api.cuOccupancyMaxActiveBlocksPerMultiprocessor,
           "cuOccupancyMaxActiveBlocksPerMultiprocessor");
  optional(api.cuOccupancyMaxActiveClusters, "cuOccupancyMaxActiveClusters");
  optional(api.cuLaunchCooperativeKernel, "cuLaunchCooperativeKernel");
  optional(api.cuTensorMapEncodeTiled, "cuTensorMapEncodeTiled");
  optional(api.cuTensorMapEncodeIm2col, "cuTensorMapEncodeIm2col");
  if (missing) {
    failure->status = CKRT_ERROR_NO_BACKEND;
    failure->reason = format("it lacks the symbol '%s' (not a CUDA driver, "
                             "or one too old)",
                             missing);
    return nullptr;
  }
  auto backend = std::make_unique<CudaBackend>(path, lib, api);
  CUresult r = api.cuInit(0);
  if (r != CUDA_SUCCESS) {
    failure->status = r == CUDA_ERROR_NO_DEVICE ? CKRT_ERROR_NO_DEVICE
                                                : CKRT_ERROR_NO_BACKEND;
    failure->reason = "cuInit failed: " + backend->describe(r);
    return nullptr;
  }
  return backend;
}

} // namespace ckrt::detail
