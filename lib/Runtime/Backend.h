//===- Backend.h - The interface CUDA and HIP implement ---------*- C++ -*-===//
//
// A Backend wraps one dlopen'ed driver library (libcuda.so.1 or
// libamdhip64.so). Driver handles travel as void *; device pointers as
// void * too. Every method that fails sets the thread's ckrt error message
// (naming the driver call and the driver's own error text) and returns a
// ckrt_status.
//
// Device-scoped methods act on the device made current by the last
// makeCurrent(session) on the calling thread; the runtime calls
// makeCurrent before each batch of work.
//
//===----------------------------------------------------------------------===//

#ifndef CKRT_LIB_BACKEND_H
#define CKRT_LIB_BACKEND_H

#include "ck-c/Runtime.h"

#include <cstddef>
#include <memory>
#include <string>

namespace ckrt::detail {

/// A TMA descriptor (CUtensorMap) as the kernel takes it by value.
struct alignas(64) TensorMapBytes {
  unsigned char bytes[128];
};

class Backend {
public:
  virtual ~Backend() = default;

  virtual ckrt_backend kind() const = 0;
  /// The file it was loaded from, e.g. "libcuda.so.1".
  virtual const std::string &libraryName() const = 0;

  // Devices.
  virtual ckrt_status deviceCount(int *count) = 0;
  virtual ckrt_status deviceProps(int device, ckrt_device_props *props) = 0;

  /// Prepares `device` for work (CUDA: retains the primary context) and
  /// returns an opaque session for makeCurrent/closeDevice.
  virtual ckrt_status openDevice(int device, void **session) = 0;
  virtual void closeDevice(void *session) = 0;
  virtual ckrt_status makeCurrent(void *session) = 0;
  virtual ckrt_status synchronizeDevice() = 0;

  // Memory (current device).
  virtual ckrt_status memAlloc(size_t bytes, void **ptr) = 0;
  virtual ckrt_status memFree(void *ptr) = 0;
  virtual ckrt_status copyHtoD(void *dst, const void *src, size_t bytes) = 0;
  virtual ckrt_status copyDtoH(void *dst, const void *src, size_t bytes) = 0;
  virtual ckrt_status copyDtoD(void *dst, const void *src, size_t bytes) = 0;
  virtual ckrt_status memsetD8(void *dst, unsigned char value,
                               size_t bytes) = 0;
  virtual ckrt_status memsetD8Async(void *dst, unsigned char value,
                                    size_t bytes, void *stream) = 0;

  // Streams and events (nullptr stream: the default stream).
  /// `nonBlocking`: the stream does not wait for the legacy default stream
  /// (ckrt's streams for the kernels of a plan that run beside the launch
  /// stream's).
  virtual ckrt_status streamCreate(void **stream, bool nonBlocking) = 0;
  virtual ckrt_status streamDestroy(void *stream) = 0;
  virtual ckrt_status streamSynchronize(void *stream) = 0;
  /// Without `timed` the event only orders streams.
  virtual ckrt_status eventCreate(void **event, bool timed) = 0;
  virtual ckrt_status eventDestroy(void *event) = 0;
  virtual ckrt_status eventRecord(void *event, void *stream) = 0;
  virtual ckrt_status eventSynchronize(void *event) = 0;
  /// Work submitted to `stream` later waits for `event`'s last record.
  virtual ckrt_status streamWaitEvent(void *stream, void *event) = 0;
  virtual ckrt_status eventElapsed(void *start, void *end, float *ms) = 0;

  // Modules and kernels.
  /// `image` is NUL-terminated one past `size` (so PTX text works).
  virtual ckrt_status moduleLoad(const void *image, size_t size,
                                 void **module) = 0;
  virtual ckrt_status moduleUnload(void *module) = 0;
  /// CKRT_ERROR_NOT_FOUND if the module has no such kernel.
  virtual ckrt_status moduleGetFunction(void *module, const char *name,
                                        void **function) = 0;
  /// Allows `bytes` of dynamic shared memory (CUDA: needed above 48 KiB).
  virtual ckrt_status functionSetMaxDynamicShared(void *function,
                                                  unsigned bytes) = 0;
  /// Static shared memory the kernel declares itself (0 if unknown).
  virtual size_t functionStaticShared(void *function) = 0;
  /// Where the driver can tell, checks the kernel takes exactly
  /// `numParams` parameters of the given byte sizes; true and an empty
  /// `why` when it matches or cannot be checked.
  virtual bool functionCheckParams(void *function, const size_t *sizes,
                                   size_t numParams, std::string *why) = 0;
  /// Workgroups of `function` that fit on one SM/CU at once, each of
  /// `blockThreads` threads with `dynamicShared` bytes of dynamic shared
  /// memory (cuOccupancyMaxActiveBlocksPerMultiprocessor,
  /// hipModuleOccupancyMaxActiveBlocksPerMultiprocessor).
  virtual ckrt_status functionOccupancy(void *function, unsigned blockThreads,
                                        size_t dynamicShared, int *blocks) = 0;
  /// The thread block cluster `function` was built for (PTX
  /// .reqnctapercluster): workgroups along x, y and z, 1 1 1 without one.
  virtual ckrt_status functionRequiredCluster(void *function,
                                              unsigned cluster[3]) = 0;
  /// Clusters of `function` the device holds at once in a launch of `grid`
  /// workgroups of `block` threads with `dynamicShared` bytes of dynamic
  /// shared memory (cuOccupancyMaxActiveClusters); 0 where the driver
  /// cannot tell.
  virtual ckrt_status maxActiveClusters(void *function, const unsigned grid[3],
                                        const unsigned block[3],
                                        unsigned dynamicShared,
                                        int *clusters) = 0;
  /// CKRT_SUCCESS if the driver and device `device` can launch kernels
  /// cooperatively, else CKRT_ERROR_UNSUPPORTED saying why.
  virtual ckrt_status checkCooperativeLaunch(int device) = 0;
  /// Encodes `map` of a tensor of `dtype` at device address `address`
  /// into `out` (cuTensorMapEncodeTiled / cuTensorMapEncodeIm2col).
  /// CKRT_ERROR_UNSUPPORTED where the driver has no tensor maps (HIP,
  /// CUDA before 12).
  virtual ckrt_status encodeTensorMap(const ckrt_tensor_map_decl &map,
                                      ckrt_dtype dtype, const void *address,
                                      TensorMapBytes *out) = 0;
  /// Launches `function`; `cooperative` through cuLaunchCooperativeKernel
  /// or hipModuleLaunchCooperativeKernel (checkCooperativeLaunch first).
  virtual ckrt_status launch(void *function, const unsigned grid[3],
                             const unsigned block[3], unsigned sharedBytes,
                             void *stream, void **params, bool cooperative) = 0;
};

/// Why a backend library could not be used.
struct LoadFailure {
  ckrt_status status = CKRT_ERROR_NO_BACKEND;
  /// True if dlopen succeeded (the failure came later).
  bool opened = false;
  /// dlerror() when !opened, else what went wrong after loading, e.g.
  /// "cuInit failed: CUDA_ERROR_NO_DEVICE (...)".
  std::string reason;
};

/// Loads the library `path` and initializes it (cuInit / hipInit). On
/// failure returns nullptr and fills `*failure`.
std::unique_ptr<Backend> createCudaBackend(const std::string &path,
                                           LoadFailure *failure);
std::unique_ptr<Backend> createHipBackend(const std::string &path,
                                          LoadFailure *failure);

/// The process-wide backend of `kind` (CUDA or HIP; auto picks as
/// ckrt_backend_resolve documents). Sets the thread's error on failure.
ckrt_status getBackend(const ckrt_backend &kind, Backend **out);

/// dlopen + dlsym helper shared by the backends.
class DynamicLibrary {
public:
  /// Opens `path`; on failure returns false and `*error` is dlerror().
  bool open(const std::string &path, std::string *error);
  /// The symbol's address, or nullptr.
  void *symbol(const char *name) const;
  bool isOpen() const { return handle != nullptr; }

private:
  void *handle = nullptr; // never closed: drivers dislike being unloaded
};

} // namespace ckrt::detail

#endif // CKRT_LIB_BACKEND_H
