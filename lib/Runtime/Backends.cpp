//===- Backends.cpp - Finding and loading the driver libraries ------------===//
//
// Which file each backend is loaded from (overridable through
// CKRT_CUDA_LIBRARY / CKRT_HIP_LIBRARY), the process-wide cache of loaded
// backends, and the `auto` choice.
//
//===----------------------------------------------------------------------===//

#include "Backend.h"
#include "Error.h"

#include <dlfcn.h>

#include <cstdlib>
#include <mutex>
#include <vector>

using namespace ckrt::detail;

namespace ckrt::detail {

bool DynamicLibrary::open(const std::string &path, std::string *error) {
  dlerror(); // clear
  handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char *e = dlerror();
    *error = e ? e : "unknown dlopen error";
    return false;
  }
  return true;
}

void *DynamicLibrary::symbol(const char *name) const {
  return handle ? dlsym(handle, name) : nullptr;
}

} // namespace ckrt::detail

namespace {

struct Kind {
  ckrt_backend backend;
  const char *label;  // "CUDA driver library", "HIP runtime library"
  const char *envVar; // override
  std::vector<std::string> defaults;
  std::unique_ptr<Backend> (*create)(const std::string &, LoadFailure *);
};

const Kind &kindInfo(ckrt_backend backend) {
  static const Kind cuda{CKRT_BACKEND_CUDA,
                         "CUDA driver library",
                         "CKRT_CUDA_LIBRARY",
                         {"libcuda.so.1"},
                         &createCudaBackend};
  static const Kind hip{
      CKRT_BACKEND_HIP,
      "HIP runtime library",
      "CKRT_HIP_LIBRARY",
      {"libamdhip64.so", "libamdhip64.so.7", "libamdhip64.so.6"},
      &createHipBackend};
  return backend == CKRT_BACKEND_HIP ? hip : cuda;
}

std::mutex registryMutex;
// Loaded backends live until the process exits (never unloaded).
std::vector<std::unique_ptr<Backend>> &registry() {
  static auto *loaded = new std::vector<std::unique_ptr<Backend>>();
  return *loaded;
}

/// The outcome of trying one backend kind.
struct Attempt {
  Backend *backend = nullptr;
  ckrt_status status = CKRT_ERROR_NO_BACKEND;
  std::string firstName;   // library reported in messages
  std::string shortReason; // for the `auto` summary
  std::string fullMessage; // for an explicit request
};

Attempt tryKind(ckrt_backend backend) {
  const Kind &kind = kindInfo(backend);
  std::vector<std::string> candidates;
  const char *env = std::getenv(kind.envVar);
  if (env && *env)
    candidates.push_back(env);
  else
    candidates = kind.defaults;

  Attempt attempt;
  std::lock_guard<std::mutex> lock(registryMutex);
  for (const std::string &name : candidates)
    for (const auto &b : registry())
      if (b->kind() == backend && b->libraryName() == name) {
        attempt.backend = b.get();
        attempt.status = CKRT_SUCCESS;
        return attempt;
      }

  // Report the first candidate, unless a later one was found but failed
  // afterwards (that reason says more than "file not found").
  size_t reported = 0;
  std::vector<LoadFailure> failures(candidates.size());
  for (size_t i = 0; i < candidates.size(); ++i) {
    std::unique_ptr<Backend> b = kind.create(candidates[i], &failures[i]);
    if (b) {
      attempt.backend = b.get();
      attempt.status = CKRT_SUCCESS;
      registry().push_back(std::move(b));
      return attempt;
    }
    if (failures[i].opened && !failures[reported].opened)
      reported = i;
  }
  const LoadFailure &f = failures[reported];
  attempt.status = f.status;
  attempt.firstName = candidates[reported];
  std::string also;
  for (size_t i = 0; i < candidates.size(); ++i)
    if (i != reported)
      also += (also.empty() ? "" : ", ") + candidates[i];
  if (f.opened) {
    attempt.shortReason = "loaded, but " + f.reason;
    attempt.fullMessage = format("%s '%s' was loaded, but %s", kind.label,
                                 attempt.firstName.c_str(), f.reason.c_str());
  } else {
    attempt.shortReason = f.reason;
    attempt.fullMessage =
        format("%s '%s' could not be loaded: %s", kind.label,
               attempt.firstName.c_str(), f.reason.c_str());
  }
  if (!also.empty()) {
    attempt.shortReason += "; also tried " + also;
    attempt.fullMessage += " (also tried " + also + ")";
  }
  return attempt;
}

} // namespace

namespace ckrt::detail {

ckrt_status getBackend(const ckrt_backend &kind, Backend **out) {
  *out = nullptr;
  // By reference and read as an int: a C caller's unknown value is an
  // error here, not undefined behaviour.
  int value = enumValue(kind);
  if (value != CKRT_BACKEND_AUTO && value != CKRT_BACKEND_CUDA &&
      value != CKRT_BACKEND_HIP)
    return fail(CKRT_ERROR_INVALID_ARGUMENT, "unknown backend %d", value);
  ckrt_backend requested = static_cast<ckrt_backend>(value);
  if (requested == CKRT_BACKEND_CUDA || requested == CKRT_BACKEND_HIP) {
    Attempt a = tryKind(requested);
    if (!a.backend)
      return failMessage(a.status, a.fullMessage);
    *out = a.backend;
    return CKRT_SUCCESS;
  }

  // auto: the first backend with a device, else the first that loads.
  Attempt attempts[2] = {tryKind(CKRT_BACKEND_CUDA),
                         tryKind(CKRT_BACKEND_HIP)};
  Backend *firstLoaded = nullptr;
  for (Attempt &a : attempts) {
    if (!a.backend)
      continue;
    if (!firstLoaded)
      firstLoaded = a.backend;
    int count = 0;
    if (a.backend->deviceCount(&count) == CKRT_SUCCESS && count > 0) {
      *out = a.backend;
      return CKRT_SUCCESS;
    }
  }
  if (firstLoaded) {
    *out = firstLoaded;
    return CKRT_SUCCESS;
  }
  bool anyOpened = attempts[0].status == CKRT_ERROR_NO_DEVICE ||
                   attempts[1].status == CKRT_ERROR_NO_DEVICE;
  return fail(anyOpened ? CKRT_ERROR_NO_DEVICE : CKRT_ERROR_NO_BACKEND,
              "no GPU runtime found: tried %s (%s), %s (%s)",
              attempts[0].firstName.c_str(), attempts[0].shortReason.c_str(),
              attempts[1].firstName.c_str(), attempts[1].shortReason.c_str());
}

} // namespace ckrt::detail
