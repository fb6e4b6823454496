//===- ckrt-info.cpp - GPUs seen by ckrt, and launch-plan summaries -------===//
//
//   ckrt-info [--backend auto|cuda|hip]
//       Lists the devices. Without a GPU runtime, prints one line on stderr
//       and exits with 1.
//   ckrt-info --plan FILE [--dry-run] [--cus N] [--occupancy N]
//       Parses FILE and prints a summary; --dry-run needs no GPU (the
//       binary is still checked on disk). --cus evaluates `cus` grids and
//       schedules, those with `occupancy auto` only given --occupancy.
//   ckrt-info --plan FILE [--backend B] [--device N] [--bench ITERS]
//             [--warmup N]
//       Also loads the plan onto the device (resolved grids and
//       schedules), and with --bench launches it on zero-filled tensors and
//       prints the time.
//
//===----------------------------------------------------------------------===//

#include "ck-c/Runtime.h"
#include "ck/Runtime/PlanText.hpp"
#include "ck/Support/Version.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

struct Options {
  ckrt_backend backend = CKRT_BACKEND_AUTO;
  int device = 0;
  const char *plan = nullptr;
  bool dryRun = false;
  long cus = -1;
  long occupancy = 0;
  int bench = 0;
  int warmup = 5;
};

void usage(std::FILE *out) {
  std::fprintf(out,
               "usage: ckrt-info [--backend auto|cuda|hip] [--device N]\n"
               "       ckrt-info --plan FILE [--dry-run] [--cus N] "
               "[--occupancy N]\n"
               "       ckrt-info --plan FILE [--backend B] [--device N] "
               "[--bench ITERS] [--warmup N]\n"
               "       ckrt-info --version\n"
               "\n"
               "Lists the GPUs ckrt can use (CUDA driver or HIP, opened with "
               "dlopen;\nCKRT_CUDA_LIBRARY / CKRT_HIP_LIBRARY override the "
               "library files), or\nsummarizes a launch plan; --dry-run needs "
               "no GPU.\n");
}

bool parseInt(const char *s, long lo, long hi, long *out) {
  if (!s || !*s)
    return false;
  char *end = nullptr;
  long v = std::strtol(s, &end, 10);
  if (*end || v < lo || v > hi)
    return false;
  *out = v;
  return true;
}

/// Returns 0 on success, 2 on a usage error (message printed).
int parseArgs(int argc, char **argv, Options &o) {
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&](const char *what) -> const char * {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "ckrt-info: %s needs %s\n", a.c_str(), what);
        return nullptr;
      }
      return argv[++i];
    };
    long n = 0;
    if (a == "-h" || a == "--help") {
      usage(stdout);
      std::exit(0);
    } else if (a == "--version") {
      std::printf("ckrt-info from ck-mlir %s\n", cksupport::kVersion);
      std::exit(0);
    } else if (a == "--backend") {
      const char *v = value("auto, cuda or hip");
      if (!v)
        return 2;
      if (!std::strcmp(v, "auto"))
        o.backend = CKRT_BACKEND_AUTO;
      else if (!std::strcmp(v, "cuda"))
        o.backend = CKRT_BACKEND_CUDA;
      else if (!std::strcmp(v, "hip"))
        o.backend = CKRT_BACKEND_HIP;
      else {
        std::fprintf(
            stderr, "ckrt-info: unknown backend '%s' (auto, cuda or hip)\n", v);
        return 2;
      }
    } else if (a == "--device") {
      const char *v = value("a device index");
      if (!v || !parseInt(v, 0, 1 << 20, &n)) {
        std::fprintf(stderr, "ckrt-info: bad --device\n");
        return 2;
      }
      o.device = int(n);
    } else if (a == "--plan") {
      o.plan = value("a plan file");
      if (!o.plan)
        return 2;
    } else if (a == "--dry-run") {
      o.dryRun = true;
    } else if (a == "--cus") {
      const char *v = value("a multiprocessor count");
      if (!v || !parseInt(v, 0, 1 << 20, &o.cus)) {
        std::fprintf(stderr, "ckrt-info: bad --cus\n");
        return 2;
      }
    } else if (a == "--occupancy") {
      const char *v = value("workgroups per SM/CU");
      if (!v || !parseInt(v, 1, 1 << 20, &o.occupancy)) {
        std::fprintf(stderr, "ckrt-info: bad --occupancy\n");
        return 2;
      }
    } else if (a == "--bench") {
      const char *v = value("an iteration count");
      if (!v || !parseInt(v, 1, 1 << 24, &n)) {
        std::fprintf(stderr, "ckrt-info: bad --bench\n");
        return 2;
      }
      o.bench = int(n);
    } else if (a == "--warmup") {
      const char *v = value("an iteration count");
      if (!v || !parseInt(v, 0, 1 << 24, &n)) {
        std::fprintf(stderr, "ckrt-info: bad --warmup\n");
        return 2;
      }
      o.warmup = int(n);
    } else {
      std::fprintf(stderr, "ckrt-info: unknown argument '%s'\n", a.c_str());
      usage(stderr);
      return 2;
    }
  }
  if ((o.dryRun || o.cus >= 0 || o.occupancy || o.bench) && !o.plan) {
    std::fprintf(stderr, "ckrt-info: --dry-run, --cus, --occupancy and "
                         "--bench need --plan FILE\n");
    return 2;
  }
  if (o.occupancy && o.cus < 0) {
    std::fprintf(stderr, "ckrt-info: --occupancy needs --cus N\n");
    return 2;
  }
  if (o.dryRun && o.bench) {
    std::fprintf(stderr, "ckrt-info: --bench needs a GPU; drop --dry-run\n");
    return 2;
  }
  return 0;
}

/// Prints the failing call's message on stderr; returns 1.
int failed() {
  std::fprintf(stderr, "%s\n", ckrt_last_error());
  return 1;
}

std::string bytesText(uint64_t b) {
  char buf[64];
  if (b >= (uint64_t(1) << 30) && b % (uint64_t(1) << 20) == 0)
    std::snprintf(buf, sizeof(buf), "%.1f GiB", double(b) / (1 << 30));
  else if (b >= (1 << 20))
    std::snprintf(buf, sizeof(buf), "%.1f MiB", double(b) / (1 << 20));
  else if (b >= (1 << 10))
    std::snprintf(buf, sizeof(buf), "%.1f KiB", double(b) / (1 << 10));
  else
    std::snprintf(buf, sizeof(buf), "%llu B", (unsigned long long)b);
  return buf;
}

void printDevice(const ckrt_device_props &p) {
  std::printf("device %d: %s\n", p.ordinal, p.name);
  std::printf("  backend          %s\n", ckrt_backend_name(p.backend));
  std::printf("  arch             %s", p.arch);
  if (std::strcmp(p.arch, p.arch_full) != 0)
    std::printf(" (%s)", p.arch_full);
  if (p.backend == CKRT_BACKEND_CUDA)
    std::printf(" (compute capability %d.%d)", p.cc_major, p.cc_minor);
  std::printf("\n");
  std::printf("  %-16s %d\n",
              p.backend == CKRT_BACKEND_HIP ? "compute units" : "SMs",
              p.multiprocessor_count);
  std::printf("  %-16s %d\n",
              p.backend == CKRT_BACKEND_HIP ? "wave size" : "warp size",
              p.warp_size);
  std::printf("  shared/block     %s (%zu bytes)\n",
              bytesText(p.max_shared_memory_per_block).c_str(),
              p.max_shared_memory_per_block);
  std::printf("  L2               %s\n", bytesText(p.l2_bytes).c_str());
  std::printf("  memory           %s\n",
              bytesText(p.total_memory_bytes).c_str());
}

int listDevices(const Options &o) {
  ckrt_backend resolved = CKRT_BACKEND_AUTO;
  if (ckrt_backend_resolve(o.backend, &resolved) != CKRT_SUCCESS)
    return failed();
  int count = 0;
  if (ckrt_device_count(resolved, &count) != CKRT_SUCCESS)
    return failed();
  if (count == 0) {
    std::fprintf(stderr,
                 "ckrt: the %s runtime loaded but reports no "
                 "devices\n",
                 ckrt_backend_name(resolved));
    return 1;
  }
  std::printf("%d %s device%s\n", count, ckrt_backend_name(resolved),
              count == 1 ? "" : "s");
  for (int d = 0; d < count; ++d) {
    ckrt_device_props p;
    if (ckrt_device_get_props(resolved, d, &p) != CKRT_SUCCESS)
      return failed();
    printDevice(p);
  }
  return 0;
}

/// What a schedule evaluated to, on one line.
std::string scheduleValues(const ckrt_schedule_info &s) {
  char text[512];
  int n = std::snprintf(text, sizeof(text), "W = %u x %u = %llu: ", s.cus,
                        s.occupancy, (unsigned long long)s.resident_workgroups);
  if (s.kind == CKRT_SCHEDULE_STREAM_K)
    std::snprintf(
        text + n, sizeof(text) - size_t(n),
        "grid %u, S %lld, D %lld, K %lld, q %lld, r' %lld, "
        "workspace %llu bytes, most contributors %lld",
        s.grid, (long long)s.streamk_tiles, (long long)s.data_parallel_tiles,
        (long long)s.streamk_workgroups, (long long)s.iters_per_workgroup,
        (long long)s.extra_iters, (unsigned long long)s.workspace_bytes,
        (long long)s.max_contributors);
  else
    std::snprintf(text + n, sizeof(text) - size_t(n),
                  "k_batch %lld (grid z), %lld iterations per split, "
                  "workspace %llu bytes",
                  (long long)s.k_batch, (long long)s.iters_per_split,
                  (unsigned long long)s.workspace_bytes);
  return text;
}

void printPlan(const char *path, const ckrt_plan_desc *d, long cus,
               long occupancy) {
  std::printf("plan %s (ck-plan %d)\n", path, ckrt_plan_desc_version(d));
  std::printf("  target     %s (%s)\n", ckrt_plan_desc_target(d),
              ckrt_backend_name(ckrt_plan_desc_backend(d)));
  std::printf("  binary     %s\n", ckrt_plan_desc_binary_path(d));
  for (size_t i = 0, n = ckrt_plan_desc_num_meta(d); i < n; ++i) {
    const char *key = nullptr, *value = nullptr;
    ckrt_plan_desc_meta(d, i, &key, &value);
    std::printf("  meta       %s = %s\n", key, value);
  }
  size_t nt = ckrt_plan_desc_num_tensors(d);
  std::printf("  tensors    %zu\n", nt);
  for (size_t i = 0; i < nt; ++i) {
    ckrt_tensor_info t;
    ckrt_plan_desc_tensor(d, i, &t);
    std::printf("    t%-3u %-7s %-4s %12llu elements  %s\n", t.index, t.role,
                ckrt_dtype_name(t.dtype), (unsigned long long)t.count,
                bytesText(t.bytes).c_str());
  }
  size_t nw = ckrt_plan_desc_num_workspaces(d);
  std::printf("  workspaces %zu\n", nw);
  for (size_t i = 0; i < nw; ++i) {
    ckrt_workspace_info w;
    ckrt_plan_desc_workspace(d, i, &w);
    std::printf("    w%-3u %s%s, %s\n", w.index,
                ckrt::planWorkspaceSize(d, w).c_str(),
                w.schedule >= 0 ? "" : " bytes",
                w.zero_each_launch ? "zeroed before each launch" : "kept");
  }
  size_t ns = ckrt_plan_desc_num_schedules(d);
  if (ns)
    std::printf("  schedules  %zu\n", ns);
  for (size_t i = 0; i < ns; ++i) {
    ckrt_schedule_decl s;
    ckrt_plan_desc_schedule(d, i, &s);
    // The directive without its leading "schedule ".
    std::printf("    [%zu] %s\n", i, ckrt::planScheduleText(s).c_str() + 9);
    if (cus < 0)
      continue;
    ckrt_schedule_info info;
    if (!s.occupancy && !occupancy)
      std::printf("        occupancy auto: evaluated when the plan is "
                  "loaded (or give --occupancy N)\n");
    else if (ckrt_plan_desc_schedule_eval(d, i, uint32_t(cus),
                                          uint32_t(occupancy),
                                          &info) == CKRT_SUCCESS)
      std::printf("        %s\n", scheduleValues(info).c_str());
    else
      std::printf("        (%s)\n", ckrt_last_error());
  }
  size_t nm = ckrt_plan_desc_num_tensor_maps(d);
  if (nm)
    std::printf("  tensor maps %zu\n", nm);
  for (size_t i = 0; i < nm; ++i) {
    ckrt_tensor_map_decl m;
    ckrt_plan_desc_tensor_map(d, i, &m);
    // The directive without its leading "tensormap ".
    std::printf("    %s\n", ckrt::planTensorMapText(m).c_str() + 10);
  }
  size_t nk = ckrt_plan_desc_num_kernels(d);
  std::printf("  kernels    %zu\n", nk);
  for (size_t k = 0; k < nk; ++k) {
    ckrt_kernel_info ki;
    ckrt_plan_desc_kernel(d, k, &ki);
    std::string line = "    [" + std::to_string(k) + "] " + ki.name + " grid " +
                       ckrt::planGridEntry(d, ki, 0) + " " +
                       ckrt::planGridEntry(d, ki, 1) + " " +
                       ckrt::planGridEntry(d, ki, 2);
    bool evaluated = false;
    for (int i = 0; i < 3; ++i)
      evaluated |= ki.grid_cus_factor[i] != 0 || ki.grid_schedule[i] >= 0;
    if (evaluated && cus >= 0) {
      uint32_t g[3];
      ckrt_status st = ckrt_plan_desc_kernel_grid_for(d, k, uint32_t(cus),
                                                      uint32_t(occupancy), g);
      if (st == CKRT_SUCCESS)
        line += " (= " + std::to_string(g[0]) + " " + std::to_string(g[1]) +
                " " + std::to_string(g[2]) + ")";
      else if (st == CKRT_ERROR_INVALID_ARGUMENT)
        line += " (occupancy auto: evaluated when the plan is loaded)";
      else
        line += std::string(" (") + ckrt_last_error() + ")";
    }
    line += " block " + std::to_string(ki.block[0]) + " " +
            std::to_string(ki.block[1]) + " " + std::to_string(ki.block[2]);
    line += " lds " + std::to_string(ki.lds_bytes);
    line += ckrt::planClusterText(d, k);
    if (ki.cooperative)
      line += " coop";
    line += ckrt::planAfterText(d, k, ki);
    if (ki.num_args) {
      line += " args";
      for (size_t a = 0; a < ki.num_args; ++a) {
        ckrt_kernel_arg arg;
        ckrt_plan_desc_kernel_arg(d, k, a, &arg);
        line += " " + ckrt::planArgText(d, arg);
      }
    }
    std::printf("%s\n", line.c_str());
  }
}

int loadAndRun(const Options &o, const ckrt_plan_desc *d) {
  ckrt_context ctx = nullptr;
  if (ckrt_context_create(o.backend, o.device, &ctx) != CKRT_SUCCESS)
    return failed();
  ckrt_device_props props;
  ckrt_context_get_props(ctx, &props);
  ckrt_plan plan = nullptr;
  if (ckrt_plan_load(ctx, d, 0, &plan) != CKRT_SUCCESS) {
    int rc = failed();
    ckrt_context_destroy(ctx);
    return rc;
  }
  std::printf("loaded on device %d: %s (%s, %d %s)\n", props.ordinal,
              props.name, props.arch, props.multiprocessor_count,
              props.backend == CKRT_BACKEND_HIP ? "CUs" : "SMs");
  for (size_t k = 0; k < ckrt_plan_desc_num_kernels(d); ++k) {
    ckrt_kernel_info ki;
    ckrt_plan_desc_kernel(d, k, &ki);
    uint32_t g[3];
    ckrt_plan_kernel_grid(plan, k, g);
    std::printf("    [%zu] %s grid %u %u %u\n", k, ki.name, g[0], g[1], g[2]);
  }
  for (size_t i = 0; i < ckrt_plan_desc_num_schedules(d); ++i) {
    ckrt_schedule_info s;
    ckrt_plan_schedule_info(plan, i, &s);
    std::printf("    schedule %s: occupancy %u (%s), %s\n", s.name, s.occupancy,
                s.occupancy_queried ? "driver" : "pinned",
                scheduleValues(s).c_str());
  }
  int rc = 0;
  if (o.bench) {
    std::vector<void *> tensors(ckrt_plan_desc_num_tensors(d), nullptr);
    for (size_t i = 0; i < tensors.size() && rc == 0; ++i) {
      ckrt_tensor_info t;
      ckrt_plan_desc_tensor(d, i, &t);
      if (ckrt_malloc(ctx, size_t(t.bytes), &tensors[i]) != CKRT_SUCCESS ||
          ckrt_memset_d8(ctx, tensors[i], 0, size_t(t.bytes)) != CKRT_SUCCESS)
        rc = failed();
    }
    ckrt_stream stream = nullptr;
    if (rc == 0 && ckrt_stream_create(ctx, &stream) != CKRT_SUCCESS)
      rc = failed();
    float ms = 0;
    if (rc == 0 && ckrt_plan_time(plan, tensors.data(), tensors.size(), stream,
                                  o.warmup, o.bench, &ms) != CKRT_SUCCESS)
      rc = failed();
    if (rc == 0)
      std::printf("time: %.4f ms per launch (%d launches after %d warmup, "
                  "zero-filled tensors)\n",
                  double(ms), o.bench, o.warmup);
    ckrt_stream_destroy(stream);
    for (void *t : tensors)
      ckrt_free(ctx, t);
  }
  ckrt_plan_destroy(plan);
  ckrt_context_destroy(ctx);
  return rc;
}

int showPlan(const Options &o) {
  ckrt_plan_desc *d = nullptr;
  if (ckrt_plan_parse_file(o.plan, &d) != CKRT_SUCCESS)
    return failed();
  printPlan(o.plan, d, o.cus, o.occupancy);
  int rc = 0;
  uint64_t bytes = 0;
  if (ckrt_plan_desc_check_binary(d, &bytes) != CKRT_SUCCESS)
    rc = failed();
  else
    std::printf("  binary ok  %llu bytes\n", (unsigned long long)bytes);
  if (rc == 0 && !o.dryRun)
    rc = loadAndRun(o, d);
  ckrt_plan_desc_destroy(d);
  return rc;
}

} // namespace

int main(int argc, char **argv) {
  Options o;
  if (int rc = parseArgs(argc, argv, o))
    return rc;
  return o.plan ? showPlan(o) : listDevices(o);
}
