//===- Plan.h - Parsed launch plans (ckrt_plan_desc) ------------*- C++ -*-===//
//
// The in-memory form of a `plan.ckplan` file. Parsing needs no GPU; the
// loader (Runtime.cpp) turns a description into a loaded ckrt_plan.
//
//===----------------------------------------------------------------------===//

#ifndef CKRT_LIB_PLAN_H
#define CKRT_LIB_PLAN_H

#include "ck-c/Runtime.h"
#include "ck/Schedule/SplitK.h"
#include "ck/Schedule/StreamK.h"
#include "ck/Support/Limits.h"

#include <cstdint>
#include <optional>
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
  /// 0 when `schedule` sizes it.
  uint64_t bytes = 0;
  bool zeroEachLaunch = false;
  /// `workspace N schedule:NAME`: the schedule's index, else -1.
  int32_t schedule = -1;
  int line = 0;
};

/// A `schedule` directive. The options hold the defaults for keys the line
/// leaves out; `partialBytes` is copied into both.
struct ScheduleDecl {
  std::string name;
  ckrt_schedule_kind kind = CKRT_SCHEDULE_STREAM_K;
  int64_t tiles = 0, iters = 0;
  /// 0: auto (asked of the driver when the plan is loaded).
  uint32_t occupancy = 0;
  /// P; 0 when a split_k schedule gives none.
  int64_t partialBytes = 0;
  ckschedule::StreamKOptions streamK;
  ckschedule::SplitKOptions splitK;
  int line = 0;

  /// i32 kernel parameters of a `schedule:NAME` argument.
  uint32_t numScalars() const { return kind == CKRT_SCHEDULE_STREAM_K ? 5 : 1; }
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
  /// >= 0: the entry is `schedule:NAME` of that schedule (grid[i] is 0).
  int32_t gridSchedule[3] = {-1, -1, -1};
  /// `cluster`: workgroups per thread block cluster along x, y, z.
  uint32_t cluster[3] = {1, 1, 1};
  /// `coop`: launched cooperatively.
  bool cooperative = false;
  /// `after`: the earlier kernels (plan indices) this one waits for; unset
  /// without `after`, where it waits for every kernel before it.
  std::optional<std::vector<uint32_t>> after;
  uint32_t block[3] = {1, 1, 1};
  uint32_t ldsBytes = 0;
  std::vector<ckrt_kernel_arg> args;
  int line = 0;
};

/// Largest grid entry per dimension, the same on CUDA and HIP.
constexpr uint64_t kMaxGrid[3] = {uint64_t(cklimits::kMaxGrid[0]),
                                  uint64_t(cklimits::kMaxGrid[1]),
                                  uint64_t(cklimits::kMaxGrid[2])};

/// Largest `occupancy N` of a schedule (workgroups per SM/CU; no GPU
/// holds more than 64).
constexpr uint32_t kMaxOccupancy = 1024;

/// Evaluates `schedule` for `cus` SMs/CUs with `occupancy` workgroups per
/// SM/CU (`queried`: the driver's answer): W = cus * occupancy, then
/// planStreamK / planSplitK. Checks what the model does not: the workspace
/// within CKRT_MAX_TENSOR_BYTES and every scalar within an i32. False (and
/// `why`, without a line reference) where it cannot be served.
bool evaluateSchedule(const ScheduleDecl &schedule, uint32_t cus,
                      uint32_t occupancy, bool queried,
                      ckrt_schedule_info *info, std::string *why);

/// Evaluates a kernel's grid for `cus` SMs/CUs; `schedules` are the
/// plan's schedules evaluated for the same device, by index (may be null
/// for a kernel whose grid uses none). False (and `why`) if an entry
/// overflows the launch limits.
bool evaluateGrid(const KernelDecl &kernel, uint32_t cus,
                  const ckrt_schedule_info *schedules, uint32_t grid[3],
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
  std::vector<ckrt::detail::ScheduleDecl> schedules;   // file order
  std::vector<ckrt_tensor_map_decl> tensorMaps;        // by index
  std::vector<ckrt::detail::KernelDecl> kernels;       // launch order
};

namespace ckrt::detail {

/// Evaluates schedule `index` of `desc` (Schedules.cpp) for `cus` SMs/CUs
/// with its pinned occupancy, or `occupancy` where it says auto (0 there is
/// CKRT_ERROR_INVALID_ARGUMENT). On failure sets the thread's error, naming
/// the schedule's line.
ckrt_status evaluateDescSchedule(const ckrt_plan_desc &desc, size_t index,
                                 uint32_t cus, uint32_t occupancy,
                                 ckrt_schedule_info *info);

/// "plan.ckplan:5: schedule 'gemm_0' (W = 132 x 2 = 264)" for messages
/// about an evaluated schedule.
std::string scheduleRef(const ckrt_plan_desc &desc, size_t index,
                        const ckrt_schedule_info &info);

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
