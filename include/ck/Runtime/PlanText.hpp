//===- PlanText.hpp - Launch-plan fields as plan text ----------*- C++ -*-===//
//
// How the `ck-plan` format writes a kernel's grid entries and arguments, a
// workspace's size and a schedule, for tools that print plans back
// (ckrt-info, the plan fuzzer's round trip). Header-only over the C API.
//
//===----------------------------------------------------------------------===//

#ifndef CK_RUNTIME_PLANTEXT_HPP
#define CK_RUNTIME_PLANTEXT_HPP

#include "ck-c/Runtime.h"

#include <cstdint>
#include <cstdio>
#include <string>

namespace ckrt {

/// `schedule:NAME` for schedule `index` of `desc` ("schedule:?" if there is
/// no such schedule).
inline std::string planScheduleRef(const ckrt_plan_desc *desc, int64_t index) {
  ckrt_schedule_decl decl;
  if (index < 0 ||
      ckrt_plan_desc_schedule(desc, size_t(index), &decl) != CKRT_SUCCESS)
    return "schedule:?";
  return std::string("schedule:") + decl.name;
}

/// Grid entry `i` of a kernel of `desc`: a number, `cus`, `cus*K` or
/// `schedule:NAME`.
inline std::string planGridEntry(const ckrt_plan_desc *desc,
                                 const ckrt_kernel_info &kernel, int i) {
  if (kernel.grid_schedule[i] >= 0)
    return planScheduleRef(desc, kernel.grid_schedule[i]);
  if (!kernel.grid_cus_factor[i])
    return std::to_string(kernel.grid[i]);
  if (kernel.grid_cus_factor[i] == 1)
    return "cus";
  return "cus*" + std::to_string(kernel.grid_cus_factor[i]);
}

/// A workspace's size: bytes or `schedule:NAME`.
inline std::string planWorkspaceSize(const ckrt_plan_desc *desc,
                                     const ckrt_workspace_info &workspace) {
  if (workspace.schedule >= 0)
    return planScheduleRef(desc, workspace.schedule);
  return std::to_string(workspace.bytes);
}

/// A kernel argument of `desc`: t<i>, w<i>, i32:<v>, i64:<v>, f32:<v> (9
/// significant digits, so that it reads back exactly) or schedule:<name>;
/// "?" for an unknown kind.
inline std::string planArgText(const ckrt_plan_desc *desc,
                               const ckrt_kernel_arg &arg) {
  char buffer[64];
  switch (arg.kind) {
  case CKRT_ARG_TENSOR:
    return "t" + std::to_string(arg.index);
  case CKRT_ARG_WORKSPACE:
    return "w" + std::to_string(arg.index);
  case CKRT_ARG_I32:
    return "i32:" + std::to_string(arg.i32);
  case CKRT_ARG_I64:
    return "i64:" + std::to_string(arg.i64);
  case CKRT_ARG_F32:
    std::snprintf(buffer, sizeof(buffer), "f32:%.9g", double(arg.f32));
    return buffer;
  case CKRT_ARG_SCHEDULE:
    return planScheduleRef(desc, arg.index);
  case CKRT_ARG_TENSOR_MAP:
    return "m" + std::to_string(arg.index);
  }
  return "?";
}

/// A kernel's ` cluster X Y Z`; "" without one (1 1 1), and " cluster ?"
/// where `desc` has no kernel `kernel`.
inline std::string planClusterText(const ckrt_plan_desc *desc, size_t kernel) {
  uint32_t cluster[3];
  if (ckrt_plan_desc_kernel_cluster(desc, kernel, cluster) != CKRT_SUCCESS)
    return " cluster ?";
  if (cluster[0] == 1 && cluster[1] == 1 && cluster[2] == 1)
    return "";
  return " cluster " + std::to_string(cluster[0]) + " " +
         std::to_string(cluster[1]) + " " + std::to_string(cluster[2]);
}

/// A kernel's ` after -` or ` after a,b` (the names of the kernels it waits
/// for); "" without `after`.
inline std::string planAfterText(const ckrt_plan_desc *desc, size_t kernel,
                                 const ckrt_kernel_info &info) {
  if (info.num_after < 0)
    return "";
  if (info.num_after == 0)
    return " after -";
  std::string text = " after ";
  for (int32_t i = 0; i < info.num_after; ++i) {
    size_t index = 0;
    ckrt_kernel_info other;
    if (ckrt_plan_desc_kernel_after(desc, kernel, size_t(i), &index) !=
            CKRT_SUCCESS ||
        ckrt_plan_desc_kernel(desc, index, &other) != CKRT_SUCCESS)
      return " after ?";
    text += (i ? "," : "") + std::string(other.name);
  }
  return text;
}

/// A `tensormap` directive with every key written out (elements and
/// swizzle included), which parses back to the same declaration.
inline std::string planTensorMapText(const ckrt_tensor_map_decl &m) {
  bool im2col = m.mode == CKRT_TENSOR_MAP_IM2COL;
  std::string text = "tensormap " + std::to_string(m.index) +
                     (im2col ? " im2col t" : " tiled t") +
                     std::to_string(m.tensor) + " dims";
  for (uint32_t d = 0; d < m.rank; ++d)
    text += " " + std::to_string(m.dims[d]);
  if (m.rank > 1)
    text += " strides";
  for (uint32_t d = 1; d < m.rank; ++d)
    text += " " + std::to_string(m.strides[d]);
  text += " box";
  for (uint32_t d = 0; d < (im2col ? 2 : m.rank); ++d)
    text += " " + std::to_string(m.box[d]);
  if (im2col) {
    text += " lower";
    for (uint32_t d = 0; d + 2 < m.rank; ++d)
      text += " " + std::to_string(m.lower[d]);
    text += " upper";
    for (uint32_t d = 0; d + 2 < m.rank; ++d)
      text += " " + std::to_string(m.upper[d]);
  }
  text += " elements";
  for (uint32_t d = 0; d < m.rank; ++d)
    text += " " + std::to_string(m.element_strides[d]);
  return text + " swizzle " + std::to_string(m.swizzle);
}

/// A `schedule` directive with every key it may have written out
/// (defaults included), which parses back to the same declaration.
inline std::string planScheduleText(const ckrt_schedule_decl &s) {
  auto autoOr = [](uint32_t value, const char *word) {
    return value ? std::to_string(value) : std::string(word);
  };
  std::string text =
      std::string("schedule ") + s.name + " " +
      (s.kind == CKRT_SCHEDULE_STREAM_K ? "stream_k" : "split_k") + " tiles " +
      std::to_string(s.tiles) + " iters " + std::to_string(s.iters);
  if (s.kind == CKRT_SCHEDULE_STREAM_K) {
    text += " partial_bytes " + std::to_string(s.partial_bytes) + " reduce " +
            (s.reduce == CKRT_REDUCE_LINEAR ? "linear" : "tree") + " dp " +
            (s.dp == CKRT_DP_PER_TILE ? "per_tile" : "persistent") + " tail " +
            autoOr(s.tail, "all") + " min_iters " + std::to_string(s.min_iters);
  } else {
    text += " k_batch " + autoOr(s.k_batch, "auto");
    if (!s.k_batch)
      text += " min_iters " + std::to_string(s.min_iters) + " max " +
              std::to_string(s.max_k_batch);
    if (s.partial_bytes)
      text += " partial_bytes " + std::to_string(s.partial_bytes);
  }
  return text + " occupancy " + autoOr(s.occupancy, "auto");
}

} // namespace ckrt

#endif // CK_RUNTIME_PLANTEXT_HPP
