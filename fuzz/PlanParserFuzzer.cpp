//===- PlanParserFuzzer.cpp - Fuzz ckrt's plan parser and binary check ----===//
//
// A libFuzzer target for the host side of ckrt (lib/Runtime: PlanParser,
// Binary, Error). An input is plan text, optionally followed by a NUL byte
// and a binary image (plans cannot hold NUL bytes):
//
//   * the text goes through ckrt_plan_parse, the entry point the runtime
//     uses for plan files too; a failure must be CKRT_ERROR_PARSE with one
//     printable line starting "ckrt: plan";
//   * a plan that parses must keep every promise of the C API: counts,
//     indices, sizes within the limits (CKRT_MAX_*), bytes = count * element
//     size, grids within launch limits for any SM/CU count, schedules that
//     evaluate (for a few SM/CU counts and occupancies) to grids,
//     workspaces and i32 scalars within the limits or fail cleanly,
//     out-of-range accessor calls refused; and written back as text it
//     must parse again to the same plan;
//   * the image, if any, is checked against the plan in memory
//     (checkBinaryImage, what ckrt_plan_desc_check_binary and ckrt_plan_load
//     do after reading the file), with no file I/O at all.
//
// A broken promise traps. Build with -DCK_BUILD_FUZZERS=ON (clang), ideally
// with -fsanitize=address,undefined in CMAKE_CXX_FLAGS, then:
//
//   fuzz/ck-plan-fuzzer fuzz/corpus/plan -max_total_time=60
//
//===----------------------------------------------------------------------===//

#include "Plan.h"

#include "ck-c/Runtime.h"
#include "ck/Runtime/PlanText.hpp"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>

namespace {

void check(bool condition) {
  if (!condition)
    __builtin_trap();
}

/// ckrt_last_error() is one printable line starting with `prefix`.
void checkMessage(const char *prefix) {
  std::string message = ckrt_last_error();
  check(message.compare(0, std::strlen(prefix), prefix) == 0);
  for (char c : message)
    check(!((c >= 0 && c < 0x20) || c == 0x7f));
}

/// Owns a desc.
struct Desc {
  ckrt_plan_desc *d = nullptr;
  ~Desc() { ckrt_plan_desc_destroy(d); }
};

/// The plan as text, from the accessors only.
std::string print(const ckrt_plan_desc *d) {
  std::string text = "ck-plan " + std::to_string(ckrt_plan_desc_version(d)) +
                     "\ntarget " + ckrt_plan_desc_target(d) + "\nbinary " +
                     ckrt_plan_desc_binary(d) + "\n";
  for (size_t i = 0; i < ckrt_plan_desc_num_meta(d); ++i) {
    const char *key = nullptr, *value = nullptr;
    check(ckrt_plan_desc_meta(d, i, &key, &value) == CKRT_SUCCESS);
    text += std::string("meta ") + key + " " + value + "\n";
  }
  for (size_t i = 0; i < ckrt_plan_desc_num_tensors(d); ++i) {
    ckrt_tensor_info t;
    check(ckrt_plan_desc_tensor(d, i, &t) == CKRT_SUCCESS);
    text += "tensor " + std::to_string(t.index) + " " + t.role + " " +
            ckrt_dtype_name(t.dtype) + " " + std::to_string(t.count) + "\n";
  }
  for (size_t i = 0; i < ckrt_plan_desc_num_workspaces(d); ++i) {
    ckrt_workspace_info w;
    check(ckrt_plan_desc_workspace(d, i, &w) == CKRT_SUCCESS);
    text += "workspace " + std::to_string(w.index) + " " +
            ckrt::planWorkspaceSize(d, w) +
            (w.zero_each_launch ? " zero\n" : " keep\n");
  }
  for (size_t i = 0; i < ckrt_plan_desc_num_schedules(d); ++i) {
    ckrt_schedule_decl s;
    check(ckrt_plan_desc_schedule(d, i, &s) == CKRT_SUCCESS);
    text += ckrt::planScheduleText(s) + "\n";
  }
  for (size_t i = 0; i < ckrt_plan_desc_num_tensor_maps(d); ++i) {
    ckrt_tensor_map_decl m;
    check(ckrt_plan_desc_tensor_map(d, i, &m) == CKRT_SUCCESS);
    text += ckrt::planTensorMapText(m) + "\n";
  }
  for (size_t k = 0; k < ckrt_plan_desc_num_kernels(d); ++k) {
    ckrt_kernel_info ki;
    check(ckrt_plan_desc_kernel(d, k, &ki) == CKRT_SUCCESS);
    text +=
        std::string("kernel ") + ki.name + " grid " +
        ckrt::planGridEntry(d, ki, 0) + " " + ckrt::planGridEntry(d, ki, 1) +
        " " + ckrt::planGridEntry(d, ki, 2) + " block " +
        std::to_string(ki.block[0]) + " " + std::to_string(ki.block[1]) + " " +
        std::to_string(ki.block[2]) + " lds " + std::to_string(ki.lds_bytes);
    std::string cluster = ckrt::planClusterText(d, k);
    check(cluster != " cluster ?");
    text += cluster;
    if (ki.cooperative)
      text += " coop";
    std::string after = ckrt::planAfterText(d, k, ki);
    check(after != " after ?");
    text += after;
    if (ki.num_args) {
      text += " args";
      for (size_t a = 0; a < ki.num_args; ++a) {
        ckrt_kernel_arg arg;
        check(ckrt_plan_desc_kernel_arg(d, k, a, &arg) == CKRT_SUCCESS);
        std::string argText = ckrt::planArgText(d, arg);
        check(argText != "?");
        text += " " + argText;
      }
    }
    text += "\n";
  }
  return text;
}

bool sameArg(const ckrt_kernel_arg &a, const ckrt_kernel_arg &b) {
  if (a.kind != b.kind)
    return false;
  switch (a.kind) {
  case CKRT_ARG_TENSOR:
  case CKRT_ARG_WORKSPACE:
  case CKRT_ARG_SCHEDULE:
  case CKRT_ARG_TENSOR_MAP:
    return a.index == b.index;
  case CKRT_ARG_I32:
    return a.i32 == b.i32;
  case CKRT_ARG_I64:
    return a.i64 == b.i64;
  case CKRT_ARG_F32:
    return (std::isnan(a.f32) && std::isnan(b.f32)) ||
           std::memcmp(&a.f32, &b.f32, sizeof(float)) == 0;
  }
  return false;
}

/// SM/CU counts and occupancies schedules are evaluated with: small enough
/// that planStreamK's O(W) work stays quick.
const uint32_t kScheduleCus[] = {0, 1, 7, 132, 304};
const uint32_t kScheduleOccupancies[] = {0, 1, 2, 64};

/// Every promise of schedule `i` of `d`, declared and evaluated.
void checkSchedule(const ckrt_plan_desc *d, size_t i) {
  const uint64_t maxCount = 0x7fffffff;
  ckrt_schedule_decl s;
  check(ckrt_plan_desc_schedule(d, i, &s) == CKRT_SUCCESS);
  check(s.name && *s.name && s.line > 0);
  check(s.kind == CKRT_SCHEDULE_STREAM_K || s.kind == CKRT_SCHEDULE_SPLIT_K);
  check(s.tiles >= 1 && s.tiles <= maxCount);
  check(s.iters >= 1 && s.iters <= maxCount);
  check(s.min_iters >= 1 && s.occupancy <= 1024);
  check(s.partial_bytes <= CKRT_MAX_TENSOR_BYTES);
  if (s.kind == CKRT_SCHEDULE_STREAM_K) {
    check(s.num_scalars == 5 && s.partial_bytes >= 1);
    check(uint64_t(s.tiles) * s.iters <= maxCount);
    check(s.k_batch == 0 && s.max_k_batch == 0);
  } else {
    check(s.num_scalars == 1 && s.k_batch <= 65535);
    check(s.max_k_batch >= 1 && s.max_k_batch <= 65535);
  }
  for (uint32_t cus : kScheduleCus)
    for (uint32_t occupancy : kScheduleOccupancies) {
      ckrt_schedule_info info;
      ckrt_status st =
          ckrt_plan_desc_schedule_eval(d, i, cus, occupancy, &info);
      if (st != CKRT_SUCCESS) {
        check(
            st == CKRT_ERROR_UNSUPPORTED ||
            (st == CKRT_ERROR_INVALID_ARGUMENT && !s.occupancy && !occupancy));
        checkMessage("ckrt: plan:");
        continue;
      }
      check(cus > 0 && std::strcmp(info.name, s.name) == 0);
      check(info.occupancy == (s.occupancy ? s.occupancy : occupancy));
      check(info.resident_workgroups == uint64_t(cus) * info.occupancy);
      check(info.workspace_bytes <= CKRT_MAX_TENSOR_BYTES);
      check(info.num_scalars == s.num_scalars);
      check(info.max_contributors >= 1);
      if (s.kind == CKRT_SCHEDULE_STREAM_K) {
        check(info.grid >= 1 && info.grid <= 0x7fffffffu);
        check(info.scalars[0] == info.streamk_workgroups &&
              info.scalars[1] == info.data_parallel_tiles &&
              info.scalars[2] == info.iters_per_workgroup &&
              info.scalars[3] == info.extra_iters &&
              uint32_t(info.scalars[4]) == info.grid);
        check(info.data_parallel_tiles + info.streamk_tiles == s.tiles);
      } else {
        check(info.grid >= 1 && info.grid <= 65535);
        check(info.scalars[0] == info.k_batch && info.k_batch == info.grid);
        check(info.max_contributors == info.k_batch);
      }
    }
}

/// Every promise of the accessors about a parsed plan.
void checkDesc(const ckrt_plan_desc *d) {
  int version = ckrt_plan_desc_version(d);
  check(version >= CKRT_PLAN_VERSION_MIN && version <= CKRT_PLAN_VERSION);
  size_t numSchedules = ckrt_plan_desc_num_schedules(d);
  check(version >= 2 || numSchedules == 0);
  for (size_t i = 0; i < numSchedules; ++i)
    checkSchedule(d, i);
  ckrt_schedule_decl decl;
  check(ckrt_plan_desc_schedule(d, numSchedules, &decl) ==
        CKRT_ERROR_INVALID_ARGUMENT);
  ckrt_backend backend = ckrt_plan_desc_backend(d);
  check(backend == CKRT_BACKEND_CUDA || backend == CKRT_BACKEND_HIP);
  check(*ckrt_plan_desc_binary(d) != '\0');
  check(*ckrt_plan_desc_binary_path(d) != '\0');

  size_t numMeta = ckrt_plan_desc_num_meta(d);
  for (size_t i = 0; i < numMeta; ++i) {
    const char *key = nullptr, *value = nullptr;
    check(ckrt_plan_desc_meta(d, i, &key, &value) == CKRT_SUCCESS);
    const char *found = ckrt_plan_desc_meta_value(d, key);
    check(found && std::strcmp(found, value) == 0);
  }
  check(ckrt_plan_desc_meta(d, numMeta, nullptr, nullptr) ==
        CKRT_ERROR_INVALID_ARGUMENT);
  checkMessage("ckrt: ckrt_plan_desc_meta: ");

  size_t numTensors = ckrt_plan_desc_num_tensors(d);
  for (size_t i = 0; i < numTensors; ++i) {
    ckrt_tensor_info t;
    check(ckrt_plan_desc_tensor(d, i, &t) == CKRT_SUCCESS);
    check(t.index == i && t.count > 0 && t.line > 0);
    size_t element = ckrt_dtype_size(t.dtype);
    check(element == 2 || element == 4);
    check(t.bytes / element == t.count && t.bytes % element == 0);
    check(t.bytes <= CKRT_MAX_TENSOR_BYTES);
    check(t.role && *t.role);
  }
  ckrt_tensor_info t;
  check(ckrt_plan_desc_tensor(d, numTensors, &t) ==
        CKRT_ERROR_INVALID_ARGUMENT);

  size_t numWorkspaces = ckrt_plan_desc_num_workspaces(d);
  for (size_t i = 0; i < numWorkspaces; ++i) {
    ckrt_workspace_info w;
    check(ckrt_plan_desc_workspace(d, i, &w) == CKRT_SUCCESS);
    check(w.index == i && w.bytes <= CKRT_MAX_TENSOR_BYTES && w.line > 0);
    check(w.schedule < int32_t(numSchedules));
    if (w.schedule >= 0)
      check(w.bytes == 0);
  }
  ckrt_workspace_info w;
  check(ckrt_plan_desc_workspace(d, numWorkspaces, &w) ==
        CKRT_ERROR_INVALID_ARGUMENT);

  size_t numKernels = ckrt_plan_desc_num_kernels(d);
  check(numKernels > 0);
  const uint64_t maxGrid[3] = {0x7fffffff, 65535, 65535};
  for (size_t k = 0; k < numKernels; ++k) {
    ckrt_kernel_info ki;
    check(ckrt_plan_desc_kernel(d, k, &ki) == CKRT_SUCCESS);
    check(ki.name && *ki.name && ki.line > 0);
    uint64_t threads = 1;
    bool usesSchedule = false;
    for (int i = 0; i < 3; ++i) {
      check(ki.block[i] >= 1);
      threads *= ki.block[i];
      check(ki.grid_schedule[i] < int32_t(numSchedules));
      usesSchedule |= ki.grid_schedule[i] >= 0;
      if (ki.grid_schedule[i] >= 0)
        check(ki.grid[i] == 0 && ki.grid_cus_factor[i] == 0 &&
              (i == 0 || i == 2));
      else if (ki.grid_cus_factor[i])
        check(ki.grid[i] == 0 && ki.grid_cus_factor[i] <= maxGrid[i]);
      else
        check(ki.grid[i] >= 1 && ki.grid[i] <= maxGrid[i]);
    }
    check(version >= 2 || !ki.cooperative);
    uint32_t cluster[3];
    check(ckrt_plan_desc_kernel_cluster(d, k, cluster) == CKRT_SUCCESS);
    for (int i = 0; i < 3; ++i) {
      check(cluster[i] >= 1 && (version >= 5 || cluster[i] == 1));
      check(cluster[i] == 1 ||
            (ki.grid_schedule[i] < 0 &&
             (ki.grid_cus_factor[i] || ki.grid[i] % cluster[i] == 0)));
    }
    check(uint64_t(cluster[0]) * cluster[1] * cluster[2] <= 8);
    check(ki.num_after >= -1 && (version >= 4 || ki.num_after == -1));
    for (int32_t i = 0; i < ki.num_after; ++i) {
      size_t after = 0;
      check(ckrt_plan_desc_kernel_after(d, k, size_t(i), &after) ==
            CKRT_SUCCESS);
      check(after < k);
    }
    check(threads <= 1024);
    check(ki.lds_bytes <= CKRT_MAX_LDS_BYTES);
    for (size_t a = 0; a < ki.num_args; ++a) {
      ckrt_kernel_arg arg;
      check(ckrt_plan_desc_kernel_arg(d, k, a, &arg) == CKRT_SUCCESS);
      if (arg.kind == CKRT_ARG_TENSOR)
        check(arg.index < numTensors);
      if (arg.kind == CKRT_ARG_WORKSPACE)
        check(arg.index < numWorkspaces);
      if (arg.kind == CKRT_ARG_SCHEDULE)
        check(arg.index < numSchedules);
      if (arg.kind == CKRT_ARG_TENSOR_MAP)
        check(arg.index < ckrt_plan_desc_num_tensor_maps(d));
    }
    ckrt_kernel_arg arg;
    check(ckrt_plan_desc_kernel_arg(d, k, ki.num_args, &arg) ==
          CKRT_ERROR_INVALID_ARGUMENT);
    // The grid for a few SM/CU counts, the largest included where no
    // schedule's O(W) work would make it slow, and occupancies.
    for (uint32_t cus : {0u, 1u, 132u, 304u, 0xffffffffu}) {
      if (usesSchedule && cus == 0xffffffffu)
        continue;
      for (uint32_t occupancy : {0u, 2u}) {
        uint32_t grid[3];
        ckrt_status st =
            ckrt_plan_desc_kernel_grid_for(d, k, cus, occupancy, grid);
        if (st == CKRT_SUCCESS) {
          for (int i = 0; i < 3; ++i)
            check(grid[i] >= 1 && grid[i] <= maxGrid[i]);
        } else {
          check(st == CKRT_ERROR_UNSUPPORTED ||
                (st == CKRT_ERROR_INVALID_ARGUMENT && usesSchedule &&
                 occupancy == 0));
          checkMessage("ckrt: plan:");
        }
      }
    }
  }
  ckrt_kernel_info ki;
  check(ckrt_plan_desc_kernel(d, numKernels, &ki) ==
        CKRT_ERROR_INVALID_ARGUMENT);
}

/// `a` and `b` are the same plan.
void checkSame(const ckrt_plan_desc *a, const ckrt_plan_desc *b) {
  check(std::strcmp(ckrt_plan_desc_target(a), ckrt_plan_desc_target(b)) == 0);
  check(std::strcmp(ckrt_plan_desc_binary_path(a),
                    ckrt_plan_desc_binary_path(b)) == 0);
  check(ckrt_plan_desc_num_meta(a) == ckrt_plan_desc_num_meta(b));
  for (size_t i = 0; i < ckrt_plan_desc_num_meta(a); ++i) {
    const char *ka, *va, *kb, *vb;
    ckrt_plan_desc_meta(a, i, &ka, &va);
    ckrt_plan_desc_meta(b, i, &kb, &vb);
    check(std::strcmp(ka, kb) == 0 && std::strcmp(va, vb) == 0);
  }
  check(ckrt_plan_desc_num_tensors(a) == ckrt_plan_desc_num_tensors(b));
  for (size_t i = 0; i < ckrt_plan_desc_num_tensors(a); ++i) {
    ckrt_tensor_info ta, tb;
    ckrt_plan_desc_tensor(a, i, &ta);
    ckrt_plan_desc_tensor(b, i, &tb);
    check(std::strcmp(ta.role, tb.role) == 0 && ta.dtype == tb.dtype &&
          ta.count == tb.count && ta.bytes == tb.bytes);
  }
  check(ckrt_plan_desc_num_workspaces(a) == ckrt_plan_desc_num_workspaces(b));
  for (size_t i = 0; i < ckrt_plan_desc_num_workspaces(a); ++i) {
    ckrt_workspace_info wa, wb;
    ckrt_plan_desc_workspace(a, i, &wa);
    ckrt_plan_desc_workspace(b, i, &wb);
    check(wa.bytes == wb.bytes && wa.zero_each_launch == wb.zero_each_launch &&
          wa.schedule == wb.schedule);
  }
  check(ckrt_plan_desc_num_schedules(a) == ckrt_plan_desc_num_schedules(b));
  for (size_t i = 0; i < ckrt_plan_desc_num_schedules(a); ++i) {
    ckrt_schedule_decl sa, sb;
    ckrt_plan_desc_schedule(a, i, &sa);
    ckrt_plan_desc_schedule(b, i, &sb);
    check(std::strcmp(sa.name, sb.name) == 0 && sa.kind == sb.kind &&
          sa.tiles == sb.tiles && sa.iters == sb.iters &&
          sa.partial_bytes == sb.partial_bytes &&
          sa.occupancy == sb.occupancy && sa.min_iters == sb.min_iters &&
          sa.reduce == sb.reduce && sa.dp == sb.dp && sa.tail == sb.tail &&
          sa.k_batch == sb.k_batch && sa.max_k_batch == sb.max_k_batch &&
          sa.num_scalars == sb.num_scalars);
  }
  check(ckrt_plan_desc_num_tensor_maps(a) == ckrt_plan_desc_num_tensor_maps(b));
  for (size_t i = 0; i < ckrt_plan_desc_num_tensor_maps(a); ++i) {
    ckrt_tensor_map_decl ma, mb;
    ckrt_plan_desc_tensor_map(a, i, &ma);
    ckrt_plan_desc_tensor_map(b, i, &mb);
    ma.line = mb.line = 0;
    check(std::memcmp(&ma, &mb, sizeof(ma)) == 0);
  }
  check(ckrt_plan_desc_num_kernels(a) == ckrt_plan_desc_num_kernels(b));
  for (size_t k = 0; k < ckrt_plan_desc_num_kernels(a); ++k) {
    ckrt_kernel_info ka, kb;
    ckrt_plan_desc_kernel(a, k, &ka);
    ckrt_plan_desc_kernel(b, k, &kb);
    check(std::strcmp(ka.name, kb.name) == 0 && ka.lds_bytes == kb.lds_bytes &&
          ka.num_args == kb.num_args && ka.cooperative == kb.cooperative &&
          ka.num_after == kb.num_after);
    uint32_t clusterA[3], clusterB[3];
    ckrt_plan_desc_kernel_cluster(a, k, clusterA);
    ckrt_plan_desc_kernel_cluster(b, k, clusterB);
    check(std::memcmp(clusterA, clusterB, sizeof(clusterA)) == 0);
    for (int32_t i = 0; i < ka.num_after; ++i) {
      size_t afterA = 0, afterB = 0;
      ckrt_plan_desc_kernel_after(a, k, size_t(i), &afterA);
      ckrt_plan_desc_kernel_after(b, k, size_t(i), &afterB);
      check(afterA == afterB);
    }
    for (int i = 0; i < 3; ++i)
      check(ka.grid[i] == kb.grid[i] &&
            ka.grid_cus_factor[i] == kb.grid_cus_factor[i] &&
            ka.grid_schedule[i] == kb.grid_schedule[i] &&
            ka.block[i] == kb.block[i]);
    for (size_t x = 0; x < ka.num_args; ++x) {
      ckrt_kernel_arg aa, ab;
      ckrt_plan_desc_kernel_arg(a, k, x, &aa);
      ckrt_plan_desc_kernel_arg(b, k, x, &ab);
      check(sameArg(aa, ab));
    }
  }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const char *bytes = reinterpret_cast<const char *>(data);
  const void *nul = std::memchr(bytes, 0, size);
  size_t textSize = nul ? size_t(static_cast<const char *>(nul) - bytes) : size;
  std::string text(bytes, textSize);

  ckrt_clear_error();
  Desc desc;
  ckrt_status st = ckrt_plan_parse(text.c_str(), "/fuzz", &desc.d);
  if (st != CKRT_SUCCESS) {
    check(st == CKRT_ERROR_PARSE && desc.d == nullptr);
    checkMessage("ckrt: plan");
    return 0;
  }
  check(desc.d != nullptr);
  checkDesc(desc.d);

  // Written back through the accessors, the plan parses to itself.
  std::string again = print(desc.d);
  Desc reparsed;
  if (ckrt_plan_parse(again.c_str(), "/fuzz", &reparsed.d) != CKRT_SUCCESS) {
    std::fprintf(stderr, "round trip failed: %s\n--- printed:\n%s",
                 ckrt_last_error(), again.c_str());
    check(false);
  }
  checkSame(desc.d, reparsed.d);

  // The binary after the NUL, checked in memory.
  if (nul) {
    const char *image = static_cast<const char *>(nul) + 1;
    size_t imageSize = size - textSize - 1;
    bool isPtx = false;
    ckrt_clear_error();
    st = ckrt::detail::checkBinaryImage(*desc.d, image, imageSize, &isPtx);
    check(st == CKRT_SUCCESS || st == CKRT_ERROR_INVALID_BINARY ||
          st == CKRT_ERROR_NOT_FOUND);
    if (st != CKRT_SUCCESS)
      checkMessage("ckrt: plan:");
  }
  return 0;
}
