//===- Plan.h - Parsed launch plans (ckrt_plan_desc) ------------*- C++ -*-===//
//
// The in-memory form of a `plan.ckplan` file. Parsing needs no GPU; the
// loader (Runtime.cpp) turns a description into a loaded ckrt_plan.
//
//===----------------------------------------------------------------------===//

#ifndef CKRT_LIB_PLAN_H
#define CKRT_LIB_PLAN_H

#include "ck-c/Runtime.h"
#include "ck/Support/Limits.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ckrt::detail {

struct TensorDecl {
  uint32_t index = 0;
  std::string role;
  ckrt_dtype dtype = CKRT_DTYPE_F16;
  uint64_t count = 0;
  uint64_t bytes = 0;
  int line = 0;
};

struct WorkspaceDecl {
  uint32_t index = 0;
  uint64_t bytes = 0;
  bool zeroEachLaunch = false;
  int line = 0;
};

struct MetaDecl {
  std::string key;
  std::string value;
  int line = 0;
};

struct KernelDecl {
  std::string name;
  uint32_t grid[3] = {1, 1, 1};
  /// Non-zero: the entry is `cus*factor` (and grid[i] is 0).
  uint32_t gridCusFactor[3] = {0, 0, 0};
  uint32_t block[3] = {1, 1, 1};
  uint32_t ldsBytes = 0;
  std::vector<ckrt_kernel_arg> args;
  int line = 0;
};

/// Largest grid entry per dimension, the same on CUDA and HIP.
constexpr uint64_t kMaxGrid[3] = {uint64_t(cklimits::kMaxGrid[0]),
                                  uint64_t(cklimits::kMaxGrid[1]),
                                  uint64_t(cklimits::kMaxGrid[2])};

/// Evaluates a kernel's grid for `cus` SMs/CUs; false (and `why`) if an
/// entry overflows the launch limits.
bool evaluateGrid(const KernelDecl &kernel, uint32_t cus, uint32_t grid[3],
                  std::string *why);

/// "plan.ckplan:12" style prefix for messages about a line.
std::string lineRef(const std::string &source, int line);

} // namespace ckrt::detail

struct ckrt_plan_desc_s {
  int version = 0;
  /// Name used in messages: the file path, or "plan" for text.
  std::string source;
  std::string target;
  int targetLine = 0;
  std::string binary;
  std::string binaryPath;
  int binaryLine = 0;
  std::vector<ckrt::detail::MetaDecl> meta;            // file order
  std::vector<ckrt::detail::TensorDecl> tensors;       // by index
  std::vector<ckrt::detail::WorkspaceDecl> workspaces; // by index
  std::vector<ckrt::detail::KernelDecl> kernels;       // launch order
};

namespace ckrt::detail {

/// Parses `text`; on failure sets the thread's error and returns the status.
ckrt_status parsePlan(const std::string &text, const std::string &source,
                      const std::string &baseDir, ckrt_plan_desc &out);

/// Reads the desc's binary (a regular file of at most
/// CKRT_MAX_BINARY_BYTES) into `image`, whose data() is NUL-terminated so
/// that PTX text is, and checks it with checkBinaryImage. `isPtx` (may be
/// null) tells whether it is PTX text, which the driver compiles for the
/// device at hand.
ckrt_status readBinary(const ckrt_plan_desc &desc, std::string &image,
                       uint64_t *size, bool *isPtx = nullptr);

/// Checks a binary image in memory (Binary.cpp): that it suits the
/// desc's target, that the whole of it is well formed (not cut short or
/// corrupt) and, for ELF and PTX, that it defines every kernel the desc
/// names. Fails with CKRT_ERROR_INVALID_BINARY or CKRT_ERROR_NOT_FOUND and
/// a one-line message naming the plan line and the file.
ckrt_status checkBinaryImage(const ckrt_plan_desc &desc, const char *data,
                             size_t size, bool *isPtx = nullptr);

/// The backend of a target name, or CKRT_BACKEND_AUTO if it is neither.
ckrt_backend targetBackend(const std::string &target);

} // namespace ckrt::detail

#endif // CKRT_LIB_PLAN_H
