//===- Schedules.cpp - Plan schedules evaluated with CKSchedule -----------===//
//
// A `schedule` directive becomes numbers once the device is known: W = cus *
// occupancy workgroups resident at once, then planStreamK or planSplitK
// (ck/Schedule) give the grid, the workspace size and the kernel's scalar
// arguments that `schedule:NAME` stands for. ckrt_plan_load calls
// evaluateSchedule with the driver's occupancy; the ckrt_plan_desc_schedule*
// accessors here call it with numbers the caller gives, so that tools and
// tests evaluate schedules without a GPU.
//
//===----------------------------------------------------------------------===//

#include "Error.h"
#include "File.h"
#include "Plan.h"

#include <array>
#include <cstdint>

using namespace ckrt::detail;

namespace {

unsigned long long ull(uint64_t v) {
  return static_cast<unsigned long long>(v);
}

/// Copies the model's scalars into `info`; false (and `why`) if one does
/// not fit the kernel's i32. The parser's limits (T * I within an i32 for
/// stream_k, k_batch within the grid's z) make this hold; it is checked
/// here once more because the kernel reads them as i32.
template <size_t N>
bool setScalars(const std::array<int64_t, N> &values,
                const char *const (&names)[N], ckrt_schedule_info *info,
                std::string *why) {
  static_assert(N <= sizeof(info->scalars) / sizeof(info->scalars[0]), "");
  for (size_t i = 0; i < N; ++i) {
    if (values[i] < INT32_MIN || values[i] > INT32_MAX) {
      *why = format("its kernel argument %s = %lld does not fit an i32",
                    names[i], static_cast<long long>(values[i]));
      return false;
    }
    info->scalars[i] = int32_t(values[i]);
  }
  info->num_scalars = uint32_t(N);
  return true;
}

} // namespace

namespace ckrt::detail {

bool evaluateSchedule(const ScheduleDecl &schedule, uint32_t cus,
                      uint32_t occupancy, bool queried,
                      ckrt_schedule_info *info, std::string *why) {
  *info = ckrt_schedule_info();
  info->name = schedule.name.c_str();
  info->kind = schedule.kind;
  info->cus = cus;
  info->occupancy = occupancy;
  info->occupancy_queried = queried ? 1 : 0;
  if (cus == 0) {
    *why = "the device has no SMs/CUs (cus = 0)";
    return false;
  }
  if (occupancy == 0) {
    *why = "no workgroup of its kernels fits on an SM/CU (occupancy 0)";
    return false;
  }
  // Both factors are below 2^32: the product fits 64 bits.
  uint64_t resident = uint64_t(cus) * occupancy;
  info->resident_workgroups = resident;

  if (schedule.kind == CKRT_SCHEDULE_STREAM_K) {
    ckschedule::StreamKOptions options = schedule.streamK;
    options.partialBytes = schedule.partialBytes;
    ckschedule::StreamKResult result = ckschedule::planStreamK(
        schedule.tiles, schedule.iters, int64_t(resident), options);
    if (!result.ok()) {
      *why = result.error;
      return false;
    }
    const ckschedule::StreamKPlan &plan = result.plan;
    info->grid = uint32_t(plan.grid); // within kMaxGrid[0]: the model checks
    info->workspace_bytes = uint64_t(plan.workspaceBytes);
    info->streamk_tiles = plan.streamKTiles;
    info->data_parallel_tiles = plan.dataParallelTiles;
    info->streamk_workgroups = plan.streamKWorkgroups;
    info->iters_per_workgroup = plan.itersPerWorkgroup;
    info->extra_iters = plan.extraIters;
    info->max_contributors = plan.maxContributors;
    static const char *const names[5] = {"K", "D", "q", "r'", "grid"};
    if (!setScalars(plan.kernelArguments(), names, info, why))
      return false;
  } else {
    ckschedule::SplitKOptions options = schedule.splitK;
    // Without partial_bytes the schedule sizes no workspace; k_batch does
    // not depend on it.
    options.partialBytes = schedule.partialBytes ? schedule.partialBytes : 1;
    ckschedule::SplitKResult result = ckschedule::planSplitK(
        schedule.tiles, schedule.iters, int64_t(resident), options);
    if (!result.ok()) {
      *why = result.error;
      return false;
    }
    const ckschedule::SplitKPlan &plan = result.plan;
    info->grid = uint32_t(plan.gridZ()); // within kMaxGrid[2]
    info->workspace_bytes =
        schedule.partialBytes ? uint64_t(plan.workspaceBytes) : 0;
    info->k_batch = plan.kBatch;
    info->iters_per_split = plan.itersPerSplit;
    info->max_contributors = plan.kBatch;
    static const char *const names[1] = {"k_batch"};
    if (!setScalars(std::array<int64_t, 1>{plan.kBatch}, names, info, why))
      return false;
  }
  if (info->workspace_bytes > CKRT_MAX_TENSOR_BYTES) {
    *why = format("its workspace of %llu bytes is above the limit of %llu "
                  "bytes (%s)",
                  ull(info->workspace_bytes), ull(CKRT_MAX_TENSOR_BYTES),
                  limitText(CKRT_MAX_TENSOR_BYTES).c_str());
    return false;
  }
  return true;
}

std::string scheduleRef(const ckrt_plan_desc &desc, size_t index,
                        const ckrt_schedule_info &info) {
  const ScheduleDecl &s = desc.schedules[index];
  return format("%s: schedule '%s' (W = %u x %u = %llu)",
                lineRef(desc.source, s.line).c_str(), s.name.c_str(), info.cus,
                info.occupancy, ull(info.resident_workgroups));
}

ckrt_status evaluateDescSchedule(const ckrt_plan_desc &desc, size_t index,
                                 uint32_t cus, uint32_t occupancy,
                                 ckrt_schedule_info *info) {
  const ScheduleDecl &s = desc.schedules[index];
  if (s.occupancy == 0 && occupancy == 0)
    return fail(CKRT_ERROR_INVALID_ARGUMENT,
                "%s: schedule '%s' has 'occupancy auto', known only when the "
                "plan is loaded (give an occupancy to evaluate it without a "
                "GPU)",
                lineRef(desc.source, s.line).c_str(), s.name.c_str());
  uint32_t used = s.occupancy ? s.occupancy : occupancy;
  std::string why;
  if (!evaluateSchedule(s, cus, used, false, info, &why))
    return fail(CKRT_ERROR_UNSUPPORTED, "%s: %s",
                scheduleRef(desc, index, *info).c_str(), why.c_str());
  return CKRT_SUCCESS;
}

} // namespace ckrt::detail

//===----------------------------------------------------------------------===//
// C API
//===----------------------------------------------------------------------===//

/// The checks of every schedule query on a plan description: `fn` names the
/// API function in the message.
static ckrt_status checkScheduleQuery(const ckrt_plan_desc *desc,
                                      const void *out, size_t schedule,
                                      const char *fn) {
  if (!desc)
    return fail(CKRT_ERROR_INVALID_ARGUMENT, "%s: the plan description is NULL",
                fn);
  if (!out)
    return fail(CKRT_ERROR_INVALID_ARGUMENT, "%s: the output pointer is NULL",
                fn);
  if (schedule >= desc->schedules.size())
    return fail(CKRT_ERROR_INVALID_ARGUMENT,
                "%s: schedule %zu out of range (the plan has %zu)", fn,
                schedule, desc->schedules.size());
  return CKRT_SUCCESS;
}

extern "C" {

size_t ckrt_plan_desc_num_schedules(const ckrt_plan_desc *desc) {
  return desc ? desc->schedules.size() : 0;
}

ckrt_status ckrt_plan_desc_schedule(const ckrt_plan_desc *desc, size_t schedule,
                                    ckrt_schedule_decl *decl) {
  const char *fn = "ckrt_plan_desc_schedule";
  if (ckrt_status status = checkScheduleQuery(desc, decl, schedule, fn);
      status != CKRT_SUCCESS)
    return status;
  const ScheduleDecl &s = desc->schedules[schedule];
  *decl = ckrt_schedule_decl();
  decl->name = s.name.c_str();
  decl->kind = s.kind;
  decl->tiles = uint32_t(s.tiles);
  decl->iters = uint32_t(s.iters);
  decl->partial_bytes = uint64_t(s.partialBytes);
  decl->occupancy = s.occupancy;
  decl->num_scalars = s.numScalars();
  decl->line = s.line;
  decl->reduce = CKRT_REDUCE_TREE;
  decl->dp = CKRT_DP_PERSISTENT;
  if (s.kind == CKRT_SCHEDULE_STREAM_K) {
    decl->min_iters = uint32_t(s.streamK.minIters);
    if (s.streamK.reduce == ckschedule::Reduction::Linear)
      decl->reduce = CKRT_REDUCE_LINEAR;
    if (s.streamK.dp == ckschedule::DataParallel::PerTile)
      decl->dp = CKRT_DP_PER_TILE;
    decl->tail = uint32_t(s.streamK.tail);
  } else {
    decl->min_iters = uint32_t(s.splitK.minIters);
    decl->k_batch = uint32_t(s.splitK.kBatch);
    decl->max_k_batch = uint32_t(s.splitK.maxKBatch);
  }
  return CKRT_SUCCESS;
}

ckrt_status ckrt_plan_desc_schedule_eval(const ckrt_plan_desc *desc,
                                         size_t schedule, uint32_t cus,
                                         uint32_t occupancy,
                                         ckrt_schedule_info *info) {
  const char *fn = "ckrt_plan_desc_schedule_eval";
  if (ckrt_status status = checkScheduleQuery(desc, info, schedule, fn);
      status != CKRT_SUCCESS)
    return status;
  return evaluateDescSchedule(*desc, schedule, cus, occupancy, info);
}

} // extern "C"
