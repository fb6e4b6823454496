//===- ck/Runtime/Runtime.hpp - C++ wrapper over the ckrt C API -*- C++ -*-===//
//
// Header-only RAII classes over ck-c/Runtime.h. No exceptions (the project
// builds with -fno-exceptions): fallible calls return ckrt::Status or
// ckrt::Expected<T>, which carry the ckrt_status and the message of
// ckrt_last_error() taken at the time of failure.
//
//   auto ctx = ckrt::Context::create();               // auto backend, dev 0
//   if (!ctx) { fprintf(stderr, "%s\n", ctx.error().message().c_str()); }
//   auto plan = ckrt::Plan::loadFile(*ctx, "out/plan.ckplan");
//   auto in = ckrt::DeviceBuffer::allocate(*ctx, bytes);
//   ckrt::Status st = plan->launch({in->get(), ...});
//
// Handles are move-only; a Context must outlive the buffers made from it
// (plans, streams and events keep the device alive on their own).
//
//===----------------------------------------------------------------------===//

#ifndef CK_RUNTIME_RUNTIME_HPP
#define CK_RUNTIME_RUNTIME_HPP

#include "ck-c/Runtime.h"

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ckrt {

/// A ckrt_status plus its message. Default-constructed: success.
class Status {
public:
  Status() = default;
  Status(ckrt_status code, std::string message)
      : code_(code), message_(std::move(message)) {}

  /// Success, or the failure `code` with ckrt_last_error() as message.
  static Status fromCode(ckrt_status code) {
    if (code == CKRT_SUCCESS)
      return Status();
    return Status(code, ckrt_last_error());
  }

  bool ok() const { return code_ == CKRT_SUCCESS; }
  explicit operator bool() const { return ok(); }
  ckrt_status code() const { return code_; }
  const std::string &message() const { return message_; }

private:
  ckrt_status code_ = CKRT_SUCCESS;
  std::string message_;
};

/// A value or a failed Status.
template <typename T> class Expected {
public:
  Expected(T value) : value_(std::move(value)) {}
  Expected(Status error) : error_(std::move(error)) {}

  bool ok() const { return value_.has_value(); }
  explicit operator bool() const { return ok(); }
  /// The failure (a success Status when ok()).
  const Status &error() const { return error_; }

  T &operator*() { return *value_; }
  const T &operator*() const { return *value_; }
  T *operator->() { return &*value_; }
  const T *operator->() const { return &*value_; }
  T &value() { return *value_; }
  T take() { return std::move(*value_); }

private:
  std::optional<T> value_;
  Status error_;
};

namespace detail {
/// Move-only owner of a C handle with a destroy function.
template <typename H, void (*Destroy)(H)> class Handle {
public:
  Handle() = default;
  explicit Handle(H h) : h_(h) {}
  Handle(Handle &&o) noexcept : h_(std::exchange(o.h_, nullptr)) {}
  Handle &operator=(Handle &&o) noexcept {
    if (this != &o) {
      reset();
      h_ = std::exchange(o.h_, nullptr);
    }
    return *this;
  }
  Handle(const Handle &) = delete;
  Handle &operator=(const Handle &) = delete;
  ~Handle() { reset(); }

  void reset() {
    if (h_)
      Destroy(h_);
    h_ = nullptr;
  }
  H get() const { return h_; }
  H release() { return std::exchange(h_, nullptr); }
  explicit operator bool() const { return h_ != nullptr; }

private:
  H h_ = nullptr;
};
} // namespace detail

inline const char *backendName(ckrt_backend b) { return ckrt_backend_name(b); }

/// Loads `requested` (auto: CUDA, else HIP) and says which one it is.
inline Expected<ckrt_backend>
resolveBackend(ckrt_backend requested = CKRT_BACKEND_AUTO) {
  ckrt_backend out = CKRT_BACKEND_AUTO;
  if (ckrt_status st = ckrt_backend_resolve(requested, &out))
    return Status::fromCode(st);
  return out;
}

inline Expected<int> deviceCount(ckrt_backend b = CKRT_BACKEND_AUTO) {
  int n = 0;
  if (ckrt_status st = ckrt_device_count(b, &n))
    return Status::fromCode(st);
  return n;
}

inline Expected<ckrt_device_props>
deviceProps(int device, ckrt_backend b = CKRT_BACKEND_AUTO) {
  ckrt_device_props p;
  if (ckrt_status st = ckrt_device_get_props(b, device, &p))
    return Status::fromCode(st);
  return p;
}

inline bool targetCompatible(const std::string &target,
                             const std::string &deviceArch) {
  return ckrt_target_compatible(target.c_str(), deviceArch.c_str()) != 0;
}

/// An open device.
class Context {
public:
  Context() = default;
  static Expected<Context> create(ckrt_backend b = CKRT_BACKEND_AUTO,
                                  int device = 0) {
    ckrt_context c = nullptr;
    if (ckrt_status st = ckrt_context_create(b, device, &c))
      return Status::fromCode(st);
    return Context(c);
  }

  ckrt_context get() const { return h_.get(); }
  explicit operator bool() const { return bool(h_); }

  ckrt_device_props props() const {
    ckrt_device_props p{};
    ckrt_context_get_props(get(), &p);
    return p;
  }
  Status synchronize() const {
    return Status::fromCode(ckrt_context_synchronize(get()));
  }

private:
  explicit Context(ckrt_context c) : h_(c) {}
  detail::Handle<ckrt_context, ckrt_context_destroy> h_;
};

/// Device memory owned by one context.
class DeviceBuffer {
public:
  DeviceBuffer() = default;
  static Expected<DeviceBuffer> allocate(const Context &ctx, size_t bytes) {
    void *p = nullptr;
    if (ckrt_status st = ckrt_malloc(ctx.get(), bytes, &p))
      return Status::fromCode(st);
    return DeviceBuffer(ctx.get(), p, bytes);
  }
  DeviceBuffer(DeviceBuffer &&o) noexcept
      : ctx_(std::exchange(o.ctx_, nullptr)), ptr_(std::exchange(o.ptr_, nullptr)),
        bytes_(std::exchange(o.bytes_, 0)) {}
  DeviceBuffer &operator=(DeviceBuffer &&o) noexcept {
    if (this != &o) {
      reset();
      ctx_ = std::exchange(o.ctx_, nullptr);
      ptr_ = std::exchange(o.ptr_, nullptr);
      bytes_ = std::exchange(o.bytes_, 0);
    }
    return *this;
  }
  DeviceBuffer(const DeviceBuffer &) = delete;
  DeviceBuffer &operator=(const DeviceBuffer &) = delete;
  ~DeviceBuffer() { reset(); }

  void reset() {
    if (ptr_)
      ckrt_free(ctx_, ptr_);
    ptr_ = nullptr;
    bytes_ = 0;
  }
  void *get() const { return ptr_; }
  size_t size() const { return bytes_; }

  Status copyFromHost(const void *src, size_t bytes) {
    return Status::fromCode(ckrt_memcpy_htod(ctx_, ptr_, src, bytes));
  }
  Status copyToHost(void *dst, size_t bytes) const {
    return Status::fromCode(ckrt_memcpy_dtoh(ctx_, dst, ptr_, bytes));
  }
  template <typename T> Status copyFromHost(const std::vector<T> &v) {
    return copyFromHost(v.data(), v.size() * sizeof(T));
  }
  template <typename T> Status copyToHost(std::vector<T> &v) const {
    return copyToHost(v.data(), v.size() * sizeof(T));
  }
  Status fill(uint8_t value) {
    return Status::fromCode(ckrt_memset_d8(ctx_, ptr_, value, bytes_));
  }

private:
  DeviceBuffer(ckrt_context c, void *p, size_t n)
      : ctx_(c), ptr_(p), bytes_(n) {}
  ckrt_context ctx_ = nullptr;
  void *ptr_ = nullptr;
  size_t bytes_ = 0;
};

class Stream {
public:
  Stream() = default;
  static Expected<Stream> create(const Context &ctx) {
    ckrt_stream s = nullptr;
    if (ckrt_status st = ckrt_stream_create(ctx.get(), &s))
      return Status::fromCode(st);
    return Stream(s);
  }
  /// Wraps a driver stream the caller keeps (ckrt_stream_wrap).
  static Expected<Stream> wrap(const Context &ctx, void *native) {
    ckrt_stream s = nullptr;
    if (ckrt_status st = ckrt_stream_wrap(ctx.get(), native, &s))
      return Status::fromCode(st);
    return Stream(s);
  }
  ckrt_stream get() const { return h_.get(); }
  Status synchronize() const {
    return Status::fromCode(ckrt_stream_synchronize(get()));
  }

private:
  explicit Stream(ckrt_stream s) : h_(s) {}
  detail::Handle<ckrt_stream, ckrt_stream_destroy> h_;
};

class Event {
public:
  Event() = default;
  static Expected<Event> create(const Context &ctx) {
    ckrt_event e = nullptr;
    if (ckrt_status st = ckrt_event_create(ctx.get(), &e))
      return Status::fromCode(st);
    return Event(e);
  }
  ckrt_event get() const { return h_.get(); }
  /// Records on `stream` (nullptr: default stream).
  Status record(const Stream *stream = nullptr) const {
    return Status::fromCode(
        ckrt_event_record(get(), stream ? stream->get() : nullptr));
  }
  Status synchronize() const {
    return Status::fromCode(ckrt_event_synchronize(get()));
  }
  /// Milliseconds from `start` to this event.
  Expected<float> elapsedSince(const Event &start) const {
    float ms = 0;
    if (ckrt_status st = ckrt_event_elapsed_ms(start.get(), get(), &ms))
      return Status::fromCode(st);
    return ms;
  }

private:
  explicit Event(ckrt_event e) : h_(e) {}
  detail::Handle<ckrt_event, ckrt_event_destroy> h_;
};

/// A parsed launch plan (no GPU needed).
class PlanDesc {
public:
  PlanDesc() = default;
  static Expected<PlanDesc> parse(const std::string &text,
                                  const std::string &baseDir = "") {
    ckrt_plan_desc *d = nullptr;
    if (ckrt_status st = ckrt_plan_parse(text.c_str(), baseDir.c_str(), &d))
      return Status::fromCode(st);
    return PlanDesc(d);
  }
  static Expected<PlanDesc> parseFile(const std::string &path) {
    ckrt_plan_desc *d = nullptr;
    if (ckrt_status st = ckrt_plan_parse_file(path.c_str(), &d))
      return Status::fromCode(st);
    return PlanDesc(d);
  }

  const ckrt_plan_desc *get() const { return h_.get(); }
  int version() const { return ckrt_plan_desc_version(get()); }
  std::string target() const { return ckrt_plan_desc_target(get()); }
  ckrt_backend backend() const { return ckrt_plan_desc_backend(get()); }
  std::string binary() const { return ckrt_plan_desc_binary(get()); }
  std::string binaryPath() const { return ckrt_plan_desc_binary_path(get()); }

  /// `meta` entries as (key, value), in file order.
  std::vector<std::pair<std::string, std::string>> meta() const {
    std::vector<std::pair<std::string, std::string>> out;
    for (size_t i = 0, n = ckrt_plan_desc_num_meta(get()); i < n; ++i) {
      const char *k = nullptr, *v = nullptr;
      if (ckrt_plan_desc_meta(get(), i, &k, &v) == CKRT_SUCCESS)
        out.emplace_back(k, v);
    }
    return out;
  }
  /// The value of meta `key`, if present.
  std::optional<std::string> meta(const std::string &key) const {
    const char *v = ckrt_plan_desc_meta_value(get(), key.c_str());
    if (!v)
      return std::nullopt;
    return std::string(v);
  }

  std::vector<ckrt_tensor_info> tensors() const {
    std::vector<ckrt_tensor_info> out(ckrt_plan_desc_num_tensors(get()));
    for (size_t i = 0; i < out.size(); ++i)
      ckrt_plan_desc_tensor(get(), i, &out[i]);
    return out;
  }
  std::vector<ckrt_workspace_info> workspaces() const {
    std::vector<ckrt_workspace_info> out(ckrt_plan_desc_num_workspaces(get()));
    for (size_t i = 0; i < out.size(); ++i)
      ckrt_plan_desc_workspace(get(), i, &out[i]);
    return out;
  }
  std::vector<ckrt_kernel_info> kernels() const {
    std::vector<ckrt_kernel_info> out(ckrt_plan_desc_num_kernels(get()));
    for (size_t i = 0; i < out.size(); ++i)
      ckrt_plan_desc_kernel(get(), i, &out[i]);
    return out;
  }
  std::vector<ckrt_kernel_arg> args(size_t kernel) const {
    ckrt_kernel_info k{};
    std::vector<ckrt_kernel_arg> out;
    if (ckrt_plan_desc_kernel(get(), kernel, &k) != CKRT_SUCCESS)
      return out;
    out.resize(k.num_args);
    for (size_t a = 0; a < out.size(); ++a)
      ckrt_plan_desc_kernel_arg(get(), kernel, a, &out[a]);
    return out;
  }
  /// The grid of `kernel` on a device with `cus` SMs/CUs, and `occupancy`
  /// workgroups per SM/CU for schedules with `occupancy auto`.
  Expected<std::vector<uint32_t>> grid(size_t kernel, uint32_t cus,
                                       uint32_t occupancy = 0) const {
    std::vector<uint32_t> g(3);
    if (ckrt_status st = ckrt_plan_desc_kernel_grid_for(get(), kernel, cus,
                                                        occupancy, g.data()))
      return Status::fromCode(st);
    return g;
  }
  /// `schedule` directives in file order.
  std::vector<ckrt_schedule_decl> schedules() const {
    std::vector<ckrt_schedule_decl> out(ckrt_plan_desc_num_schedules(get()));
    for (size_t i = 0; i < out.size(); ++i)
      ckrt_plan_desc_schedule(get(), i, &out[i]);
    return out;
  }
  /// Schedule `index` evaluated without a GPU for `cus` SMs/CUs and
  /// `occupancy` workgroups per SM/CU (where it says auto).
  Expected<ckrt_schedule_info> evaluateSchedule(size_t index, uint32_t cus,
                                                uint32_t occupancy = 0) const {
    ckrt_schedule_info info{};
    if (ckrt_status st =
            ckrt_plan_desc_schedule_eval(get(), index, cus, occupancy, &info))
      return Status::fromCode(st);
    return info;
  }
  /// Reads and checks the binary; its size in bytes.
  Expected<uint64_t> checkBinary() const {
    uint64_t n = 0;
    if (ckrt_status st = ckrt_plan_desc_check_binary(get(), &n))
      return Status::fromCode(st);
    return n;
  }

private:
  explicit PlanDesc(ckrt_plan_desc *d) : h_(d) {}
  detail::Handle<ckrt_plan_desc *, ckrt_plan_desc_destroy> h_;
};

/// A plan loaded onto a device.
class Plan {
public:
  Plan() = default;
  static Expected<Plan> load(const Context &ctx, const PlanDesc &desc,
                             unsigned flags = CKRT_PLAN_LOAD_DEFAULT) {
    ckrt_plan p = nullptr;
    if (ckrt_status st = ckrt_plan_load(ctx.get(), desc.get(), flags, &p))
      return Status::fromCode(st);
    return Plan(p);
  }
  static Expected<Plan> loadFile(const Context &ctx, const std::string &path,
                                 unsigned flags = CKRT_PLAN_LOAD_DEFAULT) {
    ckrt_plan p = nullptr;
    if (ckrt_status st = ckrt_plan_load_file(ctx.get(), path.c_str(), flags,
                                             &p))
      return Status::fromCode(st);
    return Plan(p);
  }

  ckrt_plan get() const { return h_.get(); }
  const ckrt_plan_desc *desc() const { return ckrt_plan_get_desc(get()); }

  Status launch(const std::vector<void *> &tensors,
                const Stream *stream = nullptr) const {
    return Status::fromCode(ckrt_plan_launch(
        get(), tensors.data(), tensors.size(), stream ? stream->get() : nullptr));
  }
  Status launch(std::initializer_list<void *> tensors,
                const Stream *stream = nullptr) const {
    return launch(std::vector<void *>(tensors), stream);
  }
  /// Mean milliseconds per launch over `iterations` after `warmup`.
  Expected<float> time(const std::vector<void *> &tensors, int warmup,
                       int iterations, const Stream *stream = nullptr) const {
    float ms = 0;
    if (ckrt_status st = ckrt_plan_time(get(), tensors.data(), tensors.size(),
                                        stream ? stream->get() : nullptr,
                                        warmup, iterations, &ms))
      return Status::fromCode(st);
    return ms;
  }
  Expected<std::vector<uint32_t>> grid(size_t kernel) const {
    std::vector<uint32_t> g(3);
    if (ckrt_status st = ckrt_plan_kernel_grid(get(), kernel, g.data()))
      return Status::fromCode(st);
    return g;
  }
  Expected<void *> workspace(size_t index) const {
    void *p = nullptr;
    if (ckrt_status st = ckrt_plan_workspace_ptr(get(), index, &p))
      return Status::fromCode(st);
    return p;
  }
  Expected<uint64_t> workspaceBytes(size_t index) const {
    uint64_t n = 0;
    if (ckrt_status st = ckrt_plan_workspace_bytes(get(), index, &n))
      return Status::fromCode(st);
    return n;
  }
  /// Schedule `index` as the plan was loaded with it.
  Expected<ckrt_schedule_info> schedule(size_t index) const {
    ckrt_schedule_info info{};
    if (ckrt_status st = ckrt_plan_schedule_info(get(), index, &info))
      return Status::fromCode(st);
    return info;
  }

private:
  explicit Plan(ckrt_plan p) : h_(p) {}
  detail::Handle<ckrt_plan, ckrt_plan_destroy> h_;
};

} // namespace ckrt

#endif // CK_RUNTIME_RUNTIME_HPP
