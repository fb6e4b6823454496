//===- Runtime.cpp - The ckrt C API: devices, memory, plans ---------------===//
//
// Contexts, memory, streams and events forward to the Backend of the
// context; plans are loaded (module, kernels, schedules, workspaces) and
// launched here.
//
//===----------------------------------------------------------------------===//

#include "Backend.h"
#include "Error.h"
#include "LaunchStreams.h"
#include "Plan.h"

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <new>
#include <vector>

using namespace ckrt::detail;

struct ckrt_context_s {
  std::atomic<int> refs{1};
  Backend *backend = nullptr;
  void *session = nullptr;
  ckrt_device_props props{};
};

struct ckrt_stream_s {
  ckrt_context context = nullptr;
  void *handle = nullptr;
  /// False for a wrapped driver stream, which its maker destroys.
  bool owned = true;
};

struct ckrt_event_s {
  ckrt_context context = nullptr;
  void *handle = nullptr;
};

namespace {

struct LoadedKernel {
  void *function = nullptr;
  unsigned grid[3] = {1, 1, 1};
  unsigned block[3] = {1, 1, 1};
  unsigned ldsBytes = 0;
  bool cooperative = false;
  /// One 8-byte slot per kernel parameter (a `schedule:NAME` argument
  /// passes several); scalars and workspace pointers are filled at load
  /// time, tensor pointers at each launch.
  std::vector<uint64_t> slots;
  std::vector<void *> params;
  /// (slot, tensor index) of every tensor parameter.
  std::vector<std::pair<size_t, uint32_t>> tensorSlots;
  /// (slot, workspace index) of every workspace parameter.
  std::vector<std::pair<size_t, uint32_t>> workspaceSlots;
  /// A tensor map parameter: its slot, the map, and the descriptor the
  /// driver encoded at the last launch for the tensor address `encodedFor`
  /// (encoded again when the address changes).
  struct MapParam {
    size_t slot = 0;
    uint32_t map = 0;
    const void *encodedFor = nullptr;
    std::unique_ptr<TensorMapBytes> bytes = std::make_unique<TensorMapBytes>();
  };
  std::vector<MapParam> mapParams;
};

} // namespace

struct ckrt_plan_s {
  ckrt_context context = nullptr;
  ckrt_plan_desc desc;
  void *module = nullptr;
  std::vector<LoadedKernel> kernels;
  /// The schedules evaluated for the device, by index.
  std::vector<ckrt_schedule_info> schedules;
  std::vector<void *> workspaces;
  /// Each workspace's size, schedules resolved.
  std::vector<uint64_t> workspaceBytes;
  /// Where each kernel launches (`after`): the steps, ckrt's side streams,
  /// the start event and each kernel's completion event (nullptr where no
  /// other stream waits for it). No streams or events without `after`.
  LaunchStreams streams;
  std::vector<void *> sideStreams;
  void *startEvent = nullptr;
  std::vector<void *> doneEvents;
  std::mutex launchMutex;
};

namespace {

constexpr unsigned kDefaultSharedLimit = 48 * 1024;

void retain(ckrt_context c) { c->refs.fetch_add(1); }

void release(ckrt_context c) {
  if (c && c->refs.fetch_sub(1) == 1) {
    PreserveError keep;
    if (c->backend->makeCurrent(c->session) == CKRT_SUCCESS)
      c->backend->synchronizeDevice();
    c->backend->closeDevice(c->session);
    delete c;
  }
}

/// Checks the handle and makes its device current on this thread.
ckrt_status enter(ckrt_context c, const char *fn) {
  if (!c)
    return fail(CKRT_ERROR_INVALID_ARGUMENT, "%s: the context is NULL", fn);
  return c->backend->makeCurrent(c->session);
}

/// The driver stream of `s` for context `c` (nullptr: default stream).
ckrt_status streamFor(ckrt_context c, ckrt_stream s, const char *fn,
                      void **out) {
  if (s && s->context != c)
    return fail(CKRT_ERROR_INVALID_ARGUMENT,
                "%s: the stream belongs to another context", fn);
  *out = s ? s->handle : nullptr;
  return CKRT_SUCCESS;
}

const char *backendLabel(ckrt_backend b) {
  return b == CKRT_BACKEND_HIP ? "HIP" : "CUDA";
}

ckrt_status checkedDevice(Backend *b, int device) {
  int count = 0;
  if (ckrt_status st = b->deviceCount(&count))
    return st;
  if (device < 0 || device >= count)
    return fail(CKRT_ERROR_NO_DEVICE,
                "%s device %d does not exist (%s '%s' reports %d device%s)",
                backendLabel(b->kind()), device, "the runtime",
                b->libraryName().c_str(), count, count == 1 ? "" : "s");
  return CKRT_SUCCESS;
}

size_t argSize(const ckrt_kernel_arg &a) {
  if (a.kind == CKRT_ARG_TENSOR_MAP)
    return sizeof(TensorMapBytes);
  return (a.kind == CKRT_ARG_I32 || a.kind == CKRT_ARG_F32) ? 4 : 8;
}

unsigned long long ull(uint64_t v) {
  return static_cast<unsigned long long>(v);
}

const char *unitsLabel(const ckrt_device_props &props) {
  return props.backend == CKRT_BACKEND_HIP ? "CUs" : "SMs";
}

/// Threads in a kernel's block.
unsigned blockThreads(const KernelDecl &kernel) {
  return kernel.block[0] * kernel.block[1] * kernel.block[2];
}

/// Workgroups of loaded kernel `k` that fit on one SM/CU of the device.
ckrt_status kernelOccupancy(ckrt_plan p, size_t k, int *blocks) {
  const KernelDecl &kd = p->desc.kernels[k];
  if (ckrt_status st = p->context->backend->functionOccupancy(
          p->kernels[k].function, blockThreads(kd), kd.ldsBytes, blocks))
    return addContext(st, format("%s: kernel '%s'",
                                 lineRef(p->desc.source, kd.line).c_str(),
                                 kd.name.c_str()));
  return CKRT_SUCCESS;
}

/// Evaluates every schedule of `p` for the device (TilingLadder.md section
/// 10): W = cus * occupancy, `occupancy auto` being the least the driver
/// reports for the kernels whose grid the schedule gives, then the model.
ckrt_status evaluateSchedules(ckrt_plan p, uint32_t cus) {
  const ckrt_plan_desc &d = p->desc;
  const ckrt_device_props &props = p->context->props;
  p->schedules.assign(d.schedules.size(), ckrt_schedule_info());
  for (size_t i = 0; i < d.schedules.size(); ++i) {
    const ScheduleDecl &s = d.schedules[i];
    std::string where = lineRef(d.source, s.line);
    // The driver's answer for the schedule's grid kernels: needed for
    // `auto`, and to check a pinned stream_k occupancy, whose workgroups
    // wait for each other and so must all be resident.
    int fits = -1;
    size_t limiting = 0;
    if (s.occupancy == 0 || s.kind == CKRT_SCHEDULE_STREAM_K) {
      for (size_t k = 0; k < d.kernels.size(); ++k) {
        const KernelDecl &kd = d.kernels[k];
        if (kd.gridSchedule[0] != int32_t(i) &&
            kd.gridSchedule[1] != int32_t(i) &&
            kd.gridSchedule[2] != int32_t(i))
          continue;
        int n = 0;
        if (ckrt_status st = kernelOccupancy(p, k, &n))
          return addContext(
              st, format("%s: schedule '%s'", where.c_str(), s.name.c_str()));
        if (fits < 0 || n < fits) {
          fits = n;
          limiting = k;
        }
      }
    }
    uint32_t occupancy = s.occupancy;
    if (s.occupancy == 0) {
      // The parser made sure some kernel's grid uses the schedule.
      const KernelDecl &kd = d.kernels[limiting];
      if (fits <= 0)
        return fail(CKRT_ERROR_UNSUPPORTED,
                    "%s: schedule '%s' has 'occupancy auto', but no "
                    "workgroup of kernel '%s' (%u threads, %u bytes of "
                    "lds) fits on an SM/CU of device %d (%s)",
                    where.c_str(), s.name.c_str(), kd.name.c_str(),
                    blockThreads(kd), kd.ldsBytes, props.ordinal, props.arch);
      occupancy = uint32_t(fits);
    } else if (fits >= 0 && s.occupancy > uint32_t(fits)) {
      const KernelDecl &kd = d.kernels[limiting];
      return fail(CKRT_ERROR_UNSUPPORTED,
                  "%s: stream_k schedule '%s' pins occupancy %u, but only %d "
                  "workgroups of kernel '%s' (%u threads, %u bytes of lds) "
                  "fit on an SM/CU of device %d (%s): StreamK workgroups "
                  "wait for each other, so all of them must be resident",
                  where.c_str(), s.name.c_str(), s.occupancy, fits,
                  kd.name.c_str(), blockThreads(kd), kd.ldsBytes, props.ordinal,
                  props.arch);
    }
    std::string why;
    if (!evaluateSchedule(s, cus, occupancy, s.occupancy == 0, &p->schedules[i],
                          &why))
      return fail(CKRT_ERROR_UNSUPPORTED, "%s on device %d (%s, %u %s): %s",
                  scheduleRef(d, i, p->schedules[i]).c_str(), props.ordinal,
                  props.arch, cus, unitsLabel(props), why.c_str());
  }
  return CKRT_SUCCESS;
}

/// For a `coop` kernel: the driver and device launch cooperatively, and
/// its whole grid is resident at once (else the launch would fail, or its
/// workgroups wait forever for ones never started).
/// Checks that kernel `kd`'s binary requires the thread block cluster its
/// plan line says, and where a `cus*K` entry of a clustered grid asks for
/// more clusters than the device holds at once, shrinks it to those (a
/// persistent grid's workgroups past them would wait for a second round).
ckrt_status fitClusters(Backend *b, const KernelDecl &kd, LoadedKernel &lk,
                        const std::string &binary, const std::string &where) {
  unsigned required[3];
  if (ckrt_status st = b->functionRequiredCluster(lk.function, required))
    return addContext(
        st, format("%s: kernel '%s'", where.c_str(), kd.name.c_str()));
  if (required[0] != kd.cluster[0] || required[1] != kd.cluster[1] ||
      required[2] != kd.cluster[2])
    return fail(CKRT_ERROR_INVALID_BINARY,
                "%s: kernel '%s' in '%s' is built for clusters of %u x %u x "
                "%u workgroups, but the plan says %u x %u x %u",
                where.c_str(), kd.name.c_str(), binary.c_str(), required[0],
                required[1], required[2], kd.cluster[0], kd.cluster[1],
                kd.cluster[2]);
  uint64_t size = uint64_t(kd.cluster[0]) * kd.cluster[1] * kd.cluster[2];
  int resizable = -1;
  for (int d = 0; d < 3; ++d)
    if (kd.gridCusFactor[d] && kd.cluster[d] > 1)
      resizable = d;
  if (size == 1 || resizable < 0)
    return CKRT_SUCCESS;
  int active = 0;
  if (ckrt_status st = b->maxActiveClusters(lk.function, lk.grid, lk.block,
                                            lk.ldsBytes, &active))
    return addContext(
        st, format("%s: kernel '%s'", where.c_str(), kd.name.c_str()));
  if (active <= 0)
    return CKRT_SUCCESS;
  // Clusters along the other dimensions stay; this one takes the rest.
  uint64_t others = 1;
  for (int d = 0; d < 3; ++d)
    if (d != resizable)
      others *= lk.grid[d] / kd.cluster[d];
  uint64_t along = std::max<uint64_t>(1, uint64_t(active) / others);
  lk.grid[resizable] = uint32_t(
      std::min<uint64_t>(lk.grid[resizable], along * kd.cluster[resizable]));
  return CKRT_SUCCESS;
}

ckrt_status checkCooperative(ckrt_plan p, size_t k, uint32_t cus,
                             bool *deviceChecked) {
  const KernelDecl &kd = p->desc.kernels[k];
  const LoadedKernel &lk = p->kernels[k];
  const ckrt_device_props &props = p->context->props;
  std::string where = lineRef(p->desc.source, kd.line);
  if (!*deviceChecked) {
    if (ckrt_status st =
            p->context->backend->checkCooperativeLaunch(props.ordinal))
      return addContext(st, format("%s: kernel '%s' is 'coop'", where.c_str(),
                                   kd.name.c_str()));
    *deviceChecked = true;
  }
  int perUnit = 0;
  if (ckrt_status st = kernelOccupancy(p, k, &perUnit))
    return st;
  uint64_t workgroups = uint64_t(lk.grid[0]) * lk.grid[1] * lk.grid[2];
  uint64_t resident = uint64_t(perUnit > 0 ? perUnit : 0) * cus;
  if (workgroups > resident)
    return fail(CKRT_ERROR_UNSUPPORTED,
                "%s: kernel '%s' is launched cooperatively ('coop') with %llu "
                "workgroups, but device %d (%s) holds at most %llu of them at "
                "once (%d per SM/CU with %u threads and %u bytes of lds, %u "
                "%s)",
                where.c_str(), kd.name.c_str(), ull(workgroups), props.ordinal,
                props.arch, ull(resident), perUnit, blockThreads(kd),
                kd.ldsBytes, cus, unitsLabel(props));
  return CKRT_SUCCESS;
}

/// The launch steps of `p`'s kernels, and the side streams and events they
/// use.
ckrt_status createLaunchStreams(ckrt_plan p) {
  Backend *b = p->context->backend;
  p->streams = assignLaunchStreams(p->desc.kernels);
  if (p->streams.sideStreams == 0)
    return CKRT_SUCCESS;
  p->sideStreams.assign(p->streams.sideStreams, nullptr);
  for (void *&s : p->sideStreams)
    if (ckrt_status st = b->streamCreate(&s, /*nonBlocking=*/true))
      return addContext(st, "creating a stream for the plan's kernels that "
                            "run beside the launch stream's");
  if (ckrt_status st = b->eventCreate(&p->startEvent, /*timed=*/false))
    return addContext(st, "creating the plan's start event");
  p->doneEvents.assign(p->kernels.size(), nullptr);
  for (size_t k = 0; k < p->kernels.size(); ++k)
    if (p->streams.steps[k].recordsDone)
      if (ckrt_status st =
              b->eventCreate(&p->doneEvents[k], /*timed=*/false))
        return addContext(st, "creating a kernel's completion event");
  return CKRT_SUCCESS;
}

/// Frees what a (possibly half-loaded) plan holds and drops its context.
void destroyPlan(ckrt_plan p) {
  if (!p)
    return;
  PreserveError keep;
  ckrt_context c = p->context;
  if (c && c->backend->makeCurrent(c->session) == CKRT_SUCCESS) {
    bool anyWork = p->module != nullptr || !p->sideStreams.empty();
    for (void *w : p->workspaces)
      anyWork |= w != nullptr;
    if (anyWork)
      c->backend->synchronizeDevice();
    for (void *w : p->workspaces)
      if (w)
        c->backend->memFree(w);
    for (void *e : p->doneEvents)
      if (e)
        c->backend->eventDestroy(e);
    if (p->startEvent)
      c->backend->eventDestroy(p->startEvent);
    for (void *s : p->sideStreams)
      if (s)
        c->backend->streamDestroy(s);
    if (p->module)
      c->backend->moduleUnload(p->module);
  }
  delete p;
  release(c);
}

ckrt_status launchLocked(ckrt_plan p, void *const *tensors, void *stream) {
  Backend *b = p->context->backend;
  const ckrt_plan_desc &d = p->desc;
  for (size_t i = 0; i < d.workspaces.size(); ++i) {
    const WorkspaceDecl &w = d.workspaces[i];
    uint64_t bytes = p->workspaceBytes[i];
    if (!w.zeroEachLaunch || bytes == 0)
      continue;
    if (ckrt_status st =
            b->memsetD8Async(p->workspaces[i], 0, size_t(bytes), stream))
      return addContext(st, format("%s: clearing workspace %zu",
                                   lineRef(d.source, w.line).c_str(), i));
  }
  // Side streams start after the launch stream's earlier work.
  if (p->startEvent)
    if (ckrt_status st = b->eventRecord(p->startEvent, stream))
      return addContext(st, "recording the plan's start event");
  for (size_t k = 0; k < p->kernels.size(); ++k) {
    LoadedKernel &lk = p->kernels[k];
    const KernelDecl &kd = d.kernels[k];
    const LaunchStep &step = p->streams.steps[k];
    void *kernelStream =
        step.stream ? p->sideStreams[step.stream - 1] : stream;
    ckrt_status waited = CKRT_SUCCESS;
    if (step.waitsForStart)
      waited = b->streamWaitEvent(kernelStream, p->startEvent);
    for (uint32_t dep : step.waitsFor)
      if (!waited)
        waited = b->streamWaitEvent(kernelStream, p->doneEvents[dep]);
    if (waited)
      return addContext(waited, format("%s: ordering kernel '%s' after the "
                                       "kernels it waits for",
                                       lineRef(d.source, kd.line).c_str(),
                                       kd.name.c_str()));
    for (const auto &[slot, tensor] : lk.tensorSlots)
      lk.slots[slot] =
          static_cast<uint64_t>(reinterpret_cast<uintptr_t>(tensors[tensor]));
    for (LoadedKernel::MapParam &param : lk.mapParams) {
      const ckrt_tensor_map_decl &map = d.tensorMaps[param.map];
      const void *address = tensors[map.tensor];
      if (param.encodedFor == address)
        continue;
      param.encodedFor = nullptr;
      if (ckrt_status st = b->encodeTensorMap(map, d.tensors[map.tensor].dtype,
                                              address, param.bytes.get()))
        return addContext(st, format("%s: tensor map %u of tensor %u",
                                     lineRef(d.source, map.line).c_str(),
                                     map.index, map.tensor));
      param.encodedFor = address;
    }
    if (ckrt_status st = b->launch(
            lk.function, lk.grid, lk.block, lk.ldsBytes, kernelStream,
            lk.params.empty() ? nullptr : lk.params.data(), lk.cooperative))
      return addContext(st, format("%s: launching kernel '%s'",
                                   lineRef(d.source, kd.line).c_str(),
                                   kd.name.c_str()));
    if (step.recordsDone)
      if (ckrt_status st = b->eventRecord(p->doneEvents[k], kernelStream))
        return addContext(st, format("%s: recording the end of kernel '%s'",
                                     lineRef(d.source, kd.line).c_str(),
                                     kd.name.c_str()));
  }
  // The launch stream's later work waits for every side stream.
  for (uint32_t last : p->streams.joins)
    if (ckrt_status st = b->streamWaitEvent(stream, p->doneEvents[last]))
      return addContext(st, "joining the plan's side streams");
  return CKRT_SUCCESS;
}

ckrt_status checkLaunchArgs(ckrt_plan p, void *const *tensors, size_t n,
                            ckrt_stream stream, const char *fn,
                            void **driverStream) {
  if (!p)
    return fail(CKRT_ERROR_INVALID_ARGUMENT, "%s: the plan is NULL", fn);
  size_t want = p->desc.tensors.size();
  if (n != want)
    return fail(CKRT_ERROR_INVALID_ARGUMENT,
                "%s: the plan has %zu tensors but %zu pointers were given", fn,
                want, n);
  if (n && !tensors)
    return fail(CKRT_ERROR_INVALID_ARGUMENT,
                "%s: the tensor pointer array is NULL", fn);
  for (size_t i = 0; i < n; ++i)
    if (!tensors[i])
      return fail(CKRT_ERROR_INVALID_ARGUMENT,
                  "%s: the pointer of tensor %zu (%s) is NULL", fn, i,
                  p->desc.tensors[i].role.c_str());
  return streamFor(p->context, stream, fn, driverStream);
}

/// Parses "sm_90a" into 90 and 'a'; false if not of that form.
bool parseSm(const char *s, int *number, char *suffix) {
  if (std::strncmp(s, "sm_", 3) != 0)
    return false;
  const char *p = s + 3;
  int n = 0, digits = 0;
  while (*p >= '0' && *p <= '9' && digits < 4) {
    n = n * 10 + (*p - '0');
    ++p;
    ++digits;
  }
  if (digits < 2)
    return false;
  *suffix = *p;
  if (*p && (p[1] || (*p != 'a' && *p != 'f')))
    return false;
  *number = n;
  return true;
}

} // namespace

extern "C" {

//===----------------------------------------------------------------------===//
// Backends and devices
//===----------------------------------------------------------------------===//

const char *ckrt_backend_name(ckrt_backend backend) {
  switch (enumValue(backend)) {
  case CKRT_BACKEND_AUTO:
    return "auto";
  case CKRT_BACKEND_CUDA:
    return "cuda";
  case CKRT_BACKEND_HIP:
    return "hip";
  }
  return "unknown";
}

ckrt_status ckrt_backend_resolve(ckrt_backend requested,
                                 ckrt_backend *resolved) {
  Backend *b = nullptr;
  if (ckrt_status st = getBackend(requested, &b))
    return st;
  if (resolved)
    *resolved = b->kind();
  return CKRT_SUCCESS;
}

ckrt_status ckrt_device_count(ckrt_backend backend, int *count) {
  if (!count)
    return fail(CKRT_ERROR_INVALID_ARGUMENT,
                "ckrt_device_count: the output pointer is NULL");
  *count = 0;
  Backend *b = nullptr;
  if (ckrt_status st = getBackend(backend, &b))
    return st;
  return b->deviceCount(count);
}

ckrt_status ckrt_device_get_props(ckrt_backend backend, int device,
                                  ckrt_device_props *props) {
  if (!props)
    return fail(CKRT_ERROR_INVALID_ARGUMENT,
                "ckrt_device_get_props: the output pointer is NULL");
  Backend *b = nullptr;
  if (ckrt_status st = getBackend(backend, &b))
    return st;
  if (ckrt_status st = checkedDevice(b, device))
    return st;
  return b->deviceProps(device, props);
}

int ckrt_target_compatible(const char *target, const char *device_arch) {
  if (!target || !device_arch)
    return 0;
  int t = 0, d = 0;
  char ts = 0, ds = 0;
  if (parseSm(target, &t, &ts)) {
    if (!parseSm(device_arch, &d, &ds))
      return 0;
    if (ts == 'a')
      return t == d;
    // Same major (sm_86 -> 8, sm_100 -> 10), minor no newer than the
    // device's.
    return t / 10 == d / 10 && t % 10 <= d % 10;
  }
  if (std::strncmp(target, "gfx", 3) == 0) {
    size_t tl = std::strcspn(target, ":");
    size_t dl = std::strcspn(device_arch, ":");
    return tl == dl && std::strncmp(target, device_arch, tl) == 0;
  }
  return 0;
}

//===----------------------------------------------------------------------===//
// Contexts and memory
//===----------------------------------------------------------------------===//

ckrt_status ckrt_context_create(ckrt_backend backend, int device,
                                ckrt_context *context) {
  if (!context)
    return fail(CKRT_ERROR_INVALID_ARGUMENT,
                "ckrt_context_create: the output pointer is NULL");
  *context = nullptr;
  Backend *b = nullptr;
  if (ckrt_status st = getBackend(backend, &b))
    return st;
  if (ckrt_status st = checkedDevice(b, device))
    return st;
  auto *c = new (std::nothrow) ckrt_context_s();
  if (!c)
    return fail(CKRT_ERROR_OUT_OF_MEMORY, "out of host memory");
  c->backend = b;
  if (ckrt_status st = b->deviceProps(device, &c->props)) {
    delete c;
    return st;
  }
  if (ckrt_status st = b->openDevice(device, &c->session)) {
    delete c;
    return st;
  }
  if (ckrt_status st = b->makeCurrent(c->session)) {
    b->closeDevice(c->session);
    delete c;
    return st;
  }
  *context = c;
  return CKRT_SUCCESS;
}

void ckrt_context_destroy(ckrt_context context) { release(context); }

ckrt_status ckrt_context_get_props(ckrt_context context,
                                   ckrt_device_props *props) {
  if (!context || !props)
    return fail(CKRT_ERROR_INVALID_ARGUMENT,
                "ckrt_context_get_props: NULL context or output pointer");
  *props = context->props;
  return CKRT_SUCCESS;
}

ckrt_status ckrt_context_synchronize(ckrt_context context) {
  if (ckrt_status st = enter(context, "ckrt_context_synchronize"))
    return st;
  return context->backend->synchronizeDevice();
}

ckrt_status ckrt_malloc(ckrt_context context, size_t bytes,
                        void **device_ptr) {
  if (!device_ptr)
    return fail(CKRT_ERROR_INVALID_ARGUMENT,
                "ckrt_malloc: the output pointer is NULL");
  *device_ptr = nullptr;
  if (ckrt_status st = enter(context, "ckrt_malloc"))
    return st;
  if (bytes == 0)
    return CKRT_SUCCESS;
  return context->backend->memAlloc(bytes, device_ptr);
}

ckrt_status ckrt_free(ckrt_context context, void *device_ptr) {
  if (ckrt_status st = enter(context, "ckrt_free"))
    return st;
  if (!device_ptr)
    return CKRT_SUCCESS;
  return context->backend->memFree(device_ptr);
}

ckrt_status ckrt_memcpy_htod(ckrt_context context, void *device_dst,
                             const void *host_src, size_t bytes) {
  if (ckrt_status st = enter(context, "ckrt_memcpy_htod"))
    return st;
  if (bytes == 0)
    return CKRT_SUCCESS;
  if (!device_dst || !host_src)
    return fail(CKRT_ERROR_INVALID_ARGUMENT,
                "ckrt_memcpy_htod: NULL source or destination");
  return context->backend->copyHtoD(device_dst, host_src, bytes);
}

ckrt_status ckrt_memcpy_dtoh(ckrt_context context, void *host_dst,
                             const void *device_src, size_t bytes) {
  if (ckrt_status st = enter(context, "ckrt_memcpy_dtoh"))
    return st;
  if (bytes == 0)
    return CKRT_SUCCESS;
  if (!host_dst || !device_src)
    return fail(CKRT_ERROR_INVALID_ARGUMENT,
                "ckrt_memcpy_dtoh: NULL source or destination");
  return context->backend->copyDtoH(host_dst, device_src, bytes);
}

ckrt_status ckrt_memcpy_dtod(ckrt_context context, void *device_dst,
                             const void *device_src, size_t bytes) {
  if (ckrt_status st = enter(context, "ckrt_memcpy_dtod"))
    return st;
  if (bytes == 0)
    return CKRT_SUCCESS;
  if (!device_dst || !device_src)
    return fail(CKRT_ERROR_INVALID_ARGUMENT,
                "ckrt_memcpy_dtod: NULL source or destination");
  return context->backend->copyDtoD(device_dst, device_src, bytes);
}

ckrt_status ckrt_memset_d8(ckrt_context context, void *device_dst,
                           uint8_t value, size_t bytes) {
  if (ckrt_status st = enter(context, "ckrt_memset_d8"))
    return st;
  if (bytes == 0)
    return CKRT_SUCCESS;
  if (!device_dst)
    return fail(CKRT_ERROR_INVALID_ARGUMENT,
                "ckrt_memset_d8: NULL destination");
  return context->backend->memsetD8(device_dst, value, bytes);
}

ckrt_status ckrt_memset_d8_async(ckrt_context context, void *device_dst,
                                 uint8_t value, size_t bytes,
                                 ckrt_stream stream) {
  if (ckrt_status st = enter(context, "ckrt_memset_d8_async"))
    return st;
  void *s = nullptr;
  if (ckrt_status st = streamFor(context, stream, "ckrt_memset_d8_async", &s))
    return st;
  if (bytes == 0)
    return CKRT_SUCCESS;
  if (!device_dst)
    return fail(CKRT_ERROR_INVALID_ARGUMENT,
                "ckrt_memset_d8_async: NULL destination");
  return context->backend->memsetD8Async(device_dst, value, bytes, s);
}

//===----------------------------------------------------------------------===//
// Streams and events
//===----------------------------------------------------------------------===//

ckrt_status ckrt_stream_create(ckrt_context context, ckrt_stream *stream) {
  if (!stream)
    return fail(CKRT_ERROR_INVALID_ARGUMENT,
                "ckrt_stream_create: the output pointer is NULL");
  *stream = nullptr;
  if (ckrt_status st = enter(context, "ckrt_stream_create"))
    return st;
  void *handle = nullptr;
  if (ckrt_status st =
          context->backend->streamCreate(&handle, /*nonBlocking=*/false))
    return st;
  retain(context);
  *stream = new ckrt_stream_s{context, handle};
  return CKRT_SUCCESS;
}

ckrt_status ckrt_stream_wrap(ckrt_context context, void *native,
                             ckrt_stream *stream) {
  if (!stream)
    return fail(CKRT_ERROR_INVALID_ARGUMENT,
                "ckrt_stream_wrap: the output pointer is NULL");
  *stream = nullptr;
  if (!native)
    return fail(CKRT_ERROR_INVALID_ARGUMENT,
                "ckrt_stream_wrap: the driver stream is NULL (a NULL "
                "ckrt_stream already means the default stream)");
  if (ckrt_status st = enter(context, "ckrt_stream_wrap"))
    return st;
  retain(context);
  *stream = new ckrt_stream_s{context, native, /*owned=*/false};
  return CKRT_SUCCESS;
}

void ckrt_stream_destroy(ckrt_stream stream) {
  if (!stream)
    return;
  PreserveError keep;
  ckrt_context c = stream->context;
  if (stream->owned && c->backend->makeCurrent(c->session) == CKRT_SUCCESS)
    c->backend->streamDestroy(stream->handle);
  delete stream;
  release(c);
}

ckrt_status ckrt_stream_synchronize(ckrt_stream stream) {
  if (!stream)
    return fail(CKRT_ERROR_INVALID_ARGUMENT,
                "ckrt_stream_synchronize: the stream is NULL (use "
                "ckrt_context_synchronize for the default stream)");
  if (ckrt_status st = enter(stream->context, "ckrt_stream_synchronize"))
    return st;
  return stream->context->backend->streamSynchronize(stream->handle);
}

ckrt_status ckrt_event_create(ckrt_context context, ckrt_event *event) {
  if (!event)
    return fail(CKRT_ERROR_INVALID_ARGUMENT,
                "ckrt_event_create: the output pointer is NULL");
  *event = nullptr;
  if (ckrt_status st = enter(context, "ckrt_event_create"))
    return st;
  void *handle = nullptr;
  if (ckrt_status st =
          context->backend->eventCreate(&handle, /*timed=*/true))
    return st;
  retain(context);
  *event = new ckrt_event_s{context, handle};
  return CKRT_SUCCESS;
}

void ckrt_event_destroy(ckrt_event event) {
  if (!event)
    return;
  PreserveError keep;
  ckrt_context c = event->context;
  if (c->backend->makeCurrent(c->session) == CKRT_SUCCESS)
    c->backend->eventDestroy(event->handle);
  delete event;
  release(c);
}

ckrt_status ckrt_event_record(ckrt_event event, ckrt_stream stream) {
  if (!event)
    return fail(CKRT_ERROR_INVALID_ARGUMENT,
                "ckrt_event_record: the event is NULL");
  if (ckrt_status st = enter(event->context, "ckrt_event_record"))
    return st;
  void *s = nullptr;
  if (ckrt_status st =
          streamFor(event->context, stream, "ckrt_event_record", &s))
    return st;
  return event->context->backend->eventRecord(event->handle, s);
}

ckrt_status ckrt_event_synchronize(ckrt_event event) {
  if (!event)
    return fail(CKRT_ERROR_INVALID_ARGUMENT,
                "ckrt_event_synchronize: the event is NULL");
  if (ckrt_status st = enter(event->context, "ckrt_event_synchronize"))
    return st;
  return event->context->backend->eventSynchronize(event->handle);
}

ckrt_status ckrt_event_elapsed_ms(ckrt_event start, ckrt_event end,
                                  float *milliseconds) {
  if (!start || !end || !milliseconds)
    return fail(CKRT_ERROR_INVALID_ARGUMENT,
                "ckrt_event_elapsed_ms: NULL event or output pointer");
  if (start->context != end->context)
    return fail(CKRT_ERROR_INVALID_ARGUMENT,
                "ckrt_event_elapsed_ms: the events belong to different "
                "contexts");
  if (ckrt_status st = enter(start->context, "ckrt_event_elapsed_ms"))
    return st;
  return start->context->backend->eventElapsed(start->handle, end->handle,
                                               milliseconds);
}

//===----------------------------------------------------------------------===//
// Plans
//===----------------------------------------------------------------------===//

ckrt_status ckrt_plan_load(ckrt_context context, const ckrt_plan_desc *desc,
                           unsigned flags, ckrt_plan *plan) {
  if (!plan)
    return fail(CKRT_ERROR_INVALID_ARGUMENT,
                "ckrt_plan_load: the output pointer is NULL");
  *plan = nullptr;
  if (!desc)
    return fail(CKRT_ERROR_INVALID_ARGUMENT,
                "ckrt_plan_load: the plan description is NULL");
  if (ckrt_status st = enter(context, "ckrt_plan_load"))
    return st;
  const ckrt_device_props &props = context->props;
  std::string where = lineRef(desc->source, desc->targetLine);

  // The target must be for this device.
  ckrt_backend planBackend = targetBackend(desc->target);
  if (planBackend != props.backend)
    return fail(CKRT_ERROR_UNSUPPORTED,
                "%s: the plan targets %s (%s) but the context's device %d "
                "'%s' is a %s device (%s)",
                where.c_str(), desc->target.c_str(),
                backendLabel(planBackend), props.ordinal, props.name,
                backendLabel(props.backend), props.arch);

  std::string image;
  uint64_t size = 0;
  bool isPtx = false;
  if (ckrt_status st = readBinary(*desc, image, &size, &isPtx))
    return st;
  if (!(flags & CKRT_PLAN_LOAD_SKIP_ARCH_CHECK) && !isPtx &&
      !ckrt_target_compatible(desc->target.c_str(), props.arch))
    return fail(CKRT_ERROR_UNSUPPORTED,
                "%s: the plan targets %s, which cannot run on device %d "
                "'%s' (%s); load with CKRT_PLAN_LOAD_SKIP_ARCH_CHECK to try "
                "anyway",
                where.c_str(), desc->target.c_str(), props.ordinal,
                props.name, props.arch);

  auto *p = new (std::nothrow) ckrt_plan_s();
  if (!p)
    return fail(CKRT_ERROR_OUT_OF_MEMORY, "out of host memory");
  retain(context);
  p->context = context;
  p->desc = *desc;
  Backend *b = context->backend;
  const ckrt_plan_desc &d = p->desc;

  std::string binWhere = lineRef(d.source, d.binaryLine);
  if (ckrt_status st = b->moduleLoad(image.data(), size_t(size), &p->module)) {
    p->module = nullptr;
    // The driver refused the image (drivers answer some broken images with
    // a generic error); out-of-memory and the like keep their status.
    if (st == CKRT_ERROR_DRIVER)
      st = CKRT_ERROR_INVALID_BINARY;
    addContext(st, format("%s: loading '%s' on device %d (%s)",
                          binWhere.c_str(), d.binaryPath.c_str(),
                          props.ordinal, props.arch));
    destroyPlan(p);
    return st;
  }

  // Every kernel's function and shared memory first: the occupancy the
  // schedules ask about depends on both.
  uint32_t cus = uint32_t(props.multiprocessor_count);
  p->kernels.resize(d.kernels.size());
  for (size_t k = 0; k < d.kernels.size(); ++k) {
    const KernelDecl &kd = d.kernels[k];
    LoadedKernel &lk = p->kernels[k];
    std::string kWhere = lineRef(d.source, kd.line);
    ckrt_status st =
        b->moduleGetFunction(p->module, kd.name.c_str(), &lk.function);
    if (st != CKRT_SUCCESS) {
      addContext(st, format("%s: looking up kernel '%s' in '%s'",
                            kWhere.c_str(), kd.name.c_str(),
                            d.binaryPath.c_str()));
      destroyPlan(p);
      return st;
    }
    for (int i = 0; i < 3; ++i)
      lk.block[i] = kd.block[i];
    lk.ldsBytes = kd.ldsBytes;
    lk.cooperative = kd.cooperative;

    size_t staticShared = b->functionStaticShared(lk.function);
    if (kd.ldsBytes + staticShared > props.max_shared_memory_per_block) {
      fail(CKRT_ERROR_UNSUPPORTED,
           "%s: kernel '%s' needs %u bytes of dynamic shared memory (lds) "
           "plus %zu static, but device %d (%s) allows at most %zu per block",
           kWhere.c_str(), kd.name.c_str(), kd.ldsBytes, staticShared,
           props.ordinal, props.arch, props.max_shared_memory_per_block);
      destroyPlan(p);
      return CKRT_ERROR_UNSUPPORTED;
    }
    // Past 48 KiB of static and dynamic shared memory together a kernel
    // must opt in to its dynamic share. NVIDIA kernels declare their arena's
    // symbol statically (a few bytes), so a plan's `lds` of exactly 48 KiB
    // needs it too.
    if (kd.ldsBytes + staticShared > kDefaultSharedLimit) {
      st = b->functionSetMaxDynamicShared(lk.function, kd.ldsBytes);
      if (st != CKRT_SUCCESS) {
        addContext(st, format("%s: kernel '%s'", kWhere.c_str(),
                              kd.name.c_str()));
        destroyPlan(p);
        return st;
      }
    }
  }

  if (ckrt_status st = evaluateSchedules(p, cus)) {
    destroyPlan(p);
    return st;
  }

  // Grids (cus and schedules resolved), cooperative launches, arguments.
  bool cooperativeChecked = false;
  for (size_t k = 0; k < d.kernels.size(); ++k) {
    const KernelDecl &kd = d.kernels[k];
    LoadedKernel &lk = p->kernels[k];
    std::string kWhere = lineRef(d.source, kd.line);
    std::string why;
    if (!evaluateGrid(kd, cus, p->schedules.data(), lk.grid, &why)) {
      fail(CKRT_ERROR_UNSUPPORTED, "%s: %s", kWhere.c_str(), why.c_str());
      destroyPlan(p);
      return CKRT_ERROR_UNSUPPORTED;
    }
    if (ckrt_status st = fitClusters(b, kd, lk, d.binaryPath, kWhere)) {
      destroyPlan(p);
      return st;
    }
    if (kd.cooperative) {
      if (ckrt_status st = checkCooperative(p, k, cus, &cooperativeChecked)) {
        destroyPlan(p);
        return st;
      }
    }

    // One parameter per argument, but `schedule:NAME`: its i32 scalars.
    std::vector<size_t> sizes;
    for (const ckrt_kernel_arg &a : kd.args) {
      if (a.kind == CKRT_ARG_SCHEDULE)
        sizes.insert(sizes.end(), p->schedules[a.index].num_scalars,
                     sizeof(int32_t));
      else
        sizes.push_back(argSize(a));
    }
    if (!b->functionCheckParams(lk.function, sizes.data(), sizes.size(),
                                &why)) {
      fail(CKRT_ERROR_INVALID_BINARY,
           "%s: kernel '%s' in '%s' does not match the plan's arguments: %s",
           kWhere.c_str(), kd.name.c_str(), d.binaryPath.c_str(),
           why.c_str());
      destroyPlan(p);
      return CKRT_ERROR_INVALID_BINARY;
    }

    lk.slots.assign(sizes.size(), 0);
    size_t slot = 0;
    for (const ckrt_kernel_arg &arg : kd.args) {
      void *at = &lk.slots[slot];
      switch (arg.kind) {
      case CKRT_ARG_I32:
        std::memcpy(at, &arg.i32, sizeof(arg.i32));
        break;
      case CKRT_ARG_I64:
        std::memcpy(at, &arg.i64, sizeof(arg.i64));
        break;
      case CKRT_ARG_F32:
        std::memcpy(at, &arg.f32, sizeof(arg.f32));
        break;
      case CKRT_ARG_TENSOR:
        lk.tensorSlots.emplace_back(slot, arg.index); // filled at launch
        break;
      case CKRT_ARG_WORKSPACE:
        lk.workspaceSlots.emplace_back(slot, arg.index); // filled below
        break;
      case CKRT_ARG_TENSOR_MAP:
        lk.mapParams.emplace_back();
        lk.mapParams.back().slot = slot; // encoded at launch
        lk.mapParams.back().map = arg.index;
        break;
      case CKRT_ARG_SCHEDULE: {
        const ckrt_schedule_info &info = p->schedules[arg.index];
        for (uint32_t j = 0; j < info.num_scalars; ++j)
          std::memcpy(&lk.slots[slot + j], &info.scalars[j], sizeof(int32_t));
        slot += info.num_scalars;
        continue;
      }
      }
      ++slot;
    }
  }

  // Workspaces: allocated once, cleared once now; `zero` ones again before
  // every launch.
  p->workspaces.assign(d.workspaces.size(), nullptr);
  p->workspaceBytes.assign(d.workspaces.size(), 0);
  for (size_t i = 0; i < d.workspaces.size(); ++i) {
    const WorkspaceDecl &w = d.workspaces[i];
    uint64_t bytes = w.schedule >= 0
                         ? p->schedules[size_t(w.schedule)].workspace_bytes
                         : w.bytes;
    p->workspaceBytes[i] = bytes;
    if (bytes == 0)
      continue;
    std::string wWhere = lineRef(d.source, w.line);
    if (bytes > SIZE_MAX) {
      fail(CKRT_ERROR_OUT_OF_MEMORY, "%s: workspace %zu is too large",
           wWhere.c_str(), i);
      destroyPlan(p);
      return CKRT_ERROR_OUT_OF_MEMORY;
    }
    ckrt_status st = b->memAlloc(size_t(bytes), &p->workspaces[i]);
    if (st == CKRT_SUCCESS)
      st = b->memsetD8(p->workspaces[i], 0, size_t(bytes));
    if (st != CKRT_SUCCESS) {
      addContext(st, format("%s: workspace %zu", wWhere.c_str(), i));
      destroyPlan(p);
      return st;
    }
  }

  if (ckrt_status st = createLaunchStreams(p)) {
    destroyPlan(p);
    return st;
  }

  for (LoadedKernel &lk : p->kernels) {
    lk.params.resize(lk.slots.size());
    for (size_t a = 0; a < lk.slots.size(); ++a)
      lk.params[a] = &lk.slots[a];
    for (const LoadedKernel::MapParam &param : lk.mapParams)
      lk.params[param.slot] = param.bytes.get();
    for (const auto &[slot, workspace] : lk.workspaceSlots)
      lk.slots[slot] = static_cast<uint64_t>(
          reinterpret_cast<uintptr_t>(p->workspaces[workspace]));
  }
  *plan = p;
  return CKRT_SUCCESS;
}

ckrt_status ckrt_plan_load_file(ckrt_context context, const char *path,
                                unsigned flags, ckrt_plan *plan) {
  if (!plan)
    return fail(CKRT_ERROR_INVALID_ARGUMENT,
                "ckrt_plan_load_file: the output pointer is NULL");
  *plan = nullptr;
  ckrt_plan_desc *desc = nullptr;
  if (ckrt_status st = ckrt_plan_parse_file(path, &desc))
    return st;
  ckrt_status st = ckrt_plan_load(context, desc, flags, plan);
  ckrt_plan_desc_destroy(desc);
  return st;
}

void ckrt_plan_destroy(ckrt_plan plan) { destroyPlan(plan); }

const ckrt_plan_desc *ckrt_plan_get_desc(ckrt_plan plan) {
  return plan ? &plan->desc : nullptr;
}

ckrt_status ckrt_plan_kernel_grid(ckrt_plan plan, size_t kernel,
                                  uint32_t grid[3]) {
  if (!plan || !grid)
    return fail(CKRT_ERROR_INVALID_ARGUMENT,
                "ckrt_plan_kernel_grid: NULL plan or output pointer");
  if (kernel >= plan->kernels.size())
    return fail(CKRT_ERROR_INVALID_ARGUMENT,
                "ckrt_plan_kernel_grid: kernel %zu out of range (the plan "
                "has %zu)",
                kernel, plan->kernels.size());
  for (int i = 0; i < 3; ++i)
    grid[i] = plan->kernels[kernel].grid[i];
  return CKRT_SUCCESS;
}

ckrt_status ckrt_plan_schedule_info(ckrt_plan plan, size_t schedule,
                                    ckrt_schedule_info *info) {
  if (!plan || !info)
    return fail(CKRT_ERROR_INVALID_ARGUMENT,
                "ckrt_plan_schedule_info: NULL plan or output pointer");
  if (schedule >= plan->schedules.size())
    return fail(CKRT_ERROR_INVALID_ARGUMENT,
                "ckrt_plan_schedule_info: schedule %zu out of range (the "
                "plan has %zu)",
                schedule, plan->schedules.size());
  *info = plan->schedules[schedule];
  return CKRT_SUCCESS;
}

ckrt_status ckrt_plan_workspace_bytes(ckrt_plan plan, size_t index,
                                      uint64_t *bytes) {
  if (!plan || !bytes)
    return fail(CKRT_ERROR_INVALID_ARGUMENT,
                "ckrt_plan_workspace_bytes: NULL plan or output pointer");
  if (index >= plan->workspaceBytes.size())
    return fail(CKRT_ERROR_INVALID_ARGUMENT,
                "ckrt_plan_workspace_bytes: workspace %zu out of range (the "
                "plan has %zu)",
                index, plan->workspaceBytes.size());
  *bytes = plan->workspaceBytes[index];
  return CKRT_SUCCESS;
}

ckrt_status ckrt_plan_workspace_ptr(ckrt_plan plan, size_t index,
                                    void **device_ptr) {
  if (!plan || !device_ptr)
    return fail(CKRT_ERROR_INVALID_ARGUMENT,
                "ckrt_plan_workspace_ptr: NULL plan or output pointer");
  if (index >= plan->workspaces.size())
    return fail(CKRT_ERROR_INVALID_ARGUMENT,
                "ckrt_plan_workspace_ptr: workspace %zu out of range (the "
                "plan has %zu)",
                index, plan->workspaces.size());
  *device_ptr = plan->workspaces[index];
  return CKRT_SUCCESS;
}

ckrt_status ckrt_plan_launch(ckrt_plan plan, void *const *tensor_ptrs,
                             size_t num_tensors, ckrt_stream stream) {
  void *s = nullptr;
  if (ckrt_status st = checkLaunchArgs(plan, tensor_ptrs, num_tensors, stream,
                                       "ckrt_plan_launch", &s))
    return st;
  std::lock_guard<std::mutex> lock(plan->launchMutex);
  if (ckrt_status st = enter(plan->context, "ckrt_plan_launch"))
    return st;
  return launchLocked(plan, tensor_ptrs, s);
}

ckrt_status ckrt_plan_time(ckrt_plan plan, void *const *tensor_ptrs,
                           size_t num_tensors, ckrt_stream stream, int warmup,
                           int iterations, float *ms_per_iteration) {
  void *s = nullptr;
  if (ckrt_status st = checkLaunchArgs(plan, tensor_ptrs, num_tensors, stream,
                                       "ckrt_plan_time", &s))
    return st;
  if (!ms_per_iteration || iterations < 1 || warmup < 0)
    return fail(CKRT_ERROR_INVALID_ARGUMENT,
                "ckrt_plan_time: needs iterations >= 1, warmup >= 0 and an "
                "output pointer");
  std::lock_guard<std::mutex> lock(plan->launchMutex);
  if (ckrt_status st = enter(plan->context, "ckrt_plan_time"))
    return st;
  Backend *b = plan->context->backend;
  void *start = nullptr, *end = nullptr;
  ckrt_status st = b->eventCreate(&start, /*timed=*/true);
  if (st == CKRT_SUCCESS)
    st = b->eventCreate(&end, /*timed=*/true);
  for (int i = 0; st == CKRT_SUCCESS && i < warmup; ++i)
    st = launchLocked(plan, tensor_ptrs, s);
  if (st == CKRT_SUCCESS)
    st = b->eventRecord(start, s);
  for (int i = 0; st == CKRT_SUCCESS && i < iterations; ++i)
    st = launchLocked(plan, tensor_ptrs, s);
  if (st == CKRT_SUCCESS)
    st = b->eventRecord(end, s);
  if (st == CKRT_SUCCESS)
    st = b->eventSynchronize(end);
  float ms = 0;
  if (st == CKRT_SUCCESS)
    st = b->eventElapsed(start, end, &ms);
  if (st == CKRT_SUCCESS)
    *ms_per_iteration = ms / float(iterations);
  PreserveError keep;
  if (start)
    b->eventDestroy(start);
  if (end)
    b->eventDestroy(end);
  return st;
}

} // extern "C"
