//===- Runner.cpp - Running one bundle on the GPU -------------------------===//
//
// For one bundle: parse plan.ckplan (and reference.ckplan) and check their
// binaries (no GPU needed: ck-bench does it for every bundle before it
// looks for a GPU), check that the device can run the plan (and take the
// tolerance's k_batch from its schedules as loaded, if it has any), fill
// the tensors the plan reads with seeded uniform values, poison the
// written one with NaNs (0xFF bytes), launch the plan and the reference
// plan (into its own poisoned copy of the written tensor), compare by
// Composable Kernel's rule, then time the plan over rotating copies of its
// tensors. Every ckrt call is checked; a failure
// ends the bundle's run with status "error" and ckrt's message.
//
//===----------------------------------------------------------------------===//

#include "Runner.h"

#include "ck/Bench/Compare.h"
#include "ck/Bench/ElementType.h"
#include "ck/Bench/RandomFill.h"
#include "ck/Bench/Timing.h"
#include "ck/Bench/Tolerance.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

using namespace ckbench;

namespace {

/// False, with ckrt's message in `error`, if `status` is a failure.
bool ok(ckrt_status status, std::string &error) {
  if (status == CKRT_SUCCESS)
    return true;
  error = ckrt_last_error();
  if (error.empty())
    error = std::string("ckrt: ") + ckrt_status_name(status);
  return false;
}

/// What one bundle's run holds on the device; released on every return.
struct Resources {
  explicit Resources(ckrt_context context) : context(context) {}
  Resources(const Resources &) = delete;
  Resources &operator=(const Resources &) = delete;
  ~Resources() {
    for (ckrt_event event : events)
      ckrt_event_destroy(event);
    ckrt_plan_destroy(plan);
    ckrt_plan_destroy(refPlan);
    ckrt_plan_desc_destroy(planDesc);
    ckrt_plan_desc_destroy(refDesc);
    for (void *buffer : buffers)
      ckrt_free(context, buffer);
  }

  /// ckrt_malloc, remembered for release.
  ckrt_status allocate(size_t bytes, void **pointer) {
    ckrt_status status = ckrt_malloc(context, bytes, pointer);
    if (status == CKRT_SUCCESS && *pointer)
      buffers.push_back(*pointer);
    return status;
  }

  ckrt_context context;
  ckrt_plan_desc *planDesc = nullptr;
  ckrt_plan_desc *refDesc = nullptr;
  ckrt_plan plan = nullptr;
  ckrt_plan refPlan = nullptr;
  std::vector<void *> buffers;
  std::vector<ckrt_event> events;
};

struct Tensor {
  ElementType type;
  uint64_t count;
  uint64_t bytes;
};

bool readTensors(const ckrt_plan_desc *desc, const std::string &name,
                 std::vector<Tensor> &tensors, std::string &error) {
  size_t n = ckrt_plan_desc_num_tensors(desc);
  for (size_t i = 0; i < n; ++i) {
    ckrt_tensor_info info;
    if (!ok(ckrt_plan_desc_tensor(desc, i, &info), error))
      return false;
    ElementType type;
    const char *typeName = ckrt_dtype_name(info.dtype);
    if (!typeName || !parseElementType(typeName, type)) {
      error = name + ": tensor " + std::to_string(i) +
              " has an element type ck-bench does not know";
      return false;
    }
    tensors.push_back({type, info.count, info.bytes});
  }
  if (tensors.empty()) {
    error = name + " has no tensors";
    return false;
  }
  return true;
}

std::string meta(const ckrt_plan_desc *desc, const char *key) {
  const char *value = ckrt_plan_desc_meta_value(desc, key);
  return value ? value : "";
}

bool metaNumber(const ckrt_plan_desc *desc, const char *key, double &value) {
  std::string text = meta(desc, key);
  if (text.empty())
    return false;
  char *end = nullptr;
  value = std::strtod(text.c_str(), &end);
  return end && *end == '\0';
}

std::string baseName(std::string path) {
  while (path.size() > 1 && path.back() == '/')
    path.pop_back();
  size_t slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

uint64_t alignUp(uint64_t value, uint64_t alignment) {
  return (value + alignment - 1) / alignment * alignment;
}

/// What ck-bench takes from a bundle's plans.
struct BundleFacts {
  std::string planPath;
  std::vector<Tensor> tensors;
  size_t written = 0;
  double flops = 0;
  double bytes = 0;
};

/// Reads the bundle in `dir` into `res` (its plan descriptions) and `facts`
/// and `r`, and checks it without a GPU: both plans parse, their binaries
/// pass ckrt's checks, the meta lines ck-bench needs are there and the
/// reference plan takes the same tensors. "" or the error.
std::string loadBundle(const std::string &dir, const BenchOptions &options,
                       const ckproblem::ConvProblemDesc *problem,
                       Resources &res, BundleFacts &facts, BenchResult &r) {
  std::string error;
  std::string &planPath = facts.planPath;
  planPath = dir + "/plan.ckplan";
  if (!ok(ckrt_plan_parse_file(planPath.c_str(), &res.planDesc), error) ||
      !ok(ckrt_plan_desc_check_binary(res.planDesc, nullptr), error))
    return error;
  if (std::string key = meta(res.planDesc, "key"); !key.empty()) {
    if (problem && key != problem->key())
      return planPath + " holds " + key + ", not " + problem->key();
    r.key = key;
  }
  if (std::string summary = meta(res.planDesc, "problem"); !summary.empty())
    r.summary = summary;
  std::vector<Tensor> &tensors = facts.tensors;
  if (!readTensors(res.planDesc, planPath, tensors, error))
    return error;
  double number;
  if (!metaNumber(res.planDesc, "written", number) || number < 0 ||
      number >= double(tensors.size()) || number != double(size_t(number)))
    return planPath + " has no valid 'meta written' line (the index of the "
                      "tensor the plan writes); ck-bench runs bundles that "
                      "ck-compile built from a problem";
  facts.written = size_t(number);
  r.reduction =
      metaNumber(res.planDesc, "reduction", number) ? int64_t(number) : 0;
  r.kBatch = metaNumber(res.planDesc, "k_batch", number) ? int64_t(number) : 1;
  r.computeType = meta(res.planDesc, "compute");
  r.partition = meta(res.planDesc, "partition");
  r.waves = meta(res.planDesc, "waves");
  if (r.computeType.empty())
    r.computeType = elementTypeName(tensors[facts.written].type);
  facts.flops = metaNumber(res.planDesc, "flops", number) ? number
                : problem                                 ? problem->flops()
                                                          : 0;
  facts.bytes = 0;
  for (const Tensor &t : tensors)
    facts.bytes += double(t.bytes);

  // The reference plan must take the same tensors.
  if (options.verify) {
    if (r.reduction < 1)
      return planPath + " has no valid 'meta reduction' line, which the "
                        "tolerance needs";
    std::string refPath = dir + "/reference.ckplan";
    if (!ok(ckrt_plan_parse_file(refPath.c_str(), &res.refDesc), error) ||
        !ok(ckrt_plan_desc_check_binary(res.refDesc, nullptr), error))
      return error;
    std::vector<Tensor> refTensors;
    if (!readTensors(res.refDesc, refPath, refTensors, error))
      return error;
    if (refTensors.size() != tensors.size())
      return refPath + " has " + std::to_string(refTensors.size()) +
             " tensors, plan.ckplan " + std::to_string(tensors.size());
    for (size_t i = 0; i < tensors.size(); ++i)
      if (refTensors[i].type != tensors[i].type ||
          refTensors[i].count != tensors[i].count)
        return "tensor " + std::to_string(i) + " of " + refPath +
               " differs from plan.ckplan's in type or size";
  }
  return "";
}

} // namespace

Device::~Device() {
  ckrt_stream_destroy(stream_);
  ckrt_context_destroy(context_);
}

ckrt_status Device::open(int index) {
  ckrt_status status = ckrt_context_create(CKRT_BACKEND_AUTO, index, &context_);
  if (status == CKRT_SUCCESS)
    status = ckrt_context_get_props(context_, &props_);
  if (status == CKRT_SUCCESS)
    status = ckrt_stream_create(context_, &stream_);
  return status;
}

std::string Device::describe() const {
  char text[512];
  std::snprintf(
      text, sizeof(text), "%s (%s %s, %d SMs/CUs, %.0f MiB L2, %.0f GiB)",
      props_.name, ckrt_backend_name(props_.backend), props_.arch,
      props_.multiprocessor_count, double(props_.l2_bytes) / (1 << 20),
      double(props_.total_memory_bytes) / (1 << 30));
  return text;
}

BenchResult ckbench::newResult(const std::string &dir,
                               const BenchOptions &options, uint64_t seed,
                               const ckproblem::ConvProblemDesc *problem) {
  BenchResult r;
  r.bundle = dir;
  r.seed = seed;
  r.key = problem ? problem->key() : baseName(dir);
  r.summary = problem ? problem->summary() : "";
  r.warmup = options.warmup;
  r.repeat = options.repeat;
  return r;
}

std::string ckbench::planMeta(const std::string &dir, const char *key) {
  ckrt_plan_desc *desc = nullptr;
  if (ckrt_plan_parse_file((dir + "/plan.ckplan").c_str(), &desc) !=
      CKRT_SUCCESS)
    return "";
  std::string value = meta(desc, key);
  ckrt_plan_desc_destroy(desc);
  return value;
}

std::string ckbench::checkBundle(const std::string &dir,
                                 const BenchOptions &options,
                                 const ckproblem::ConvProblemDesc *problem) {
  Resources res(nullptr);
  BundleFacts facts;
  BenchResult r = newResult(dir, options, 0, problem);
  return loadBundle(dir, options, problem, res, facts, r);
}

BenchResult ckbench::runBundle(Device &device, const std::string &dir,
                               const BenchOptions &options, uint64_t seed,
                               const ckproblem::ConvProblemDesc *problem) {
  BenchResult r = newResult(dir, options, seed, problem);
  std::string error;
  auto fail = [&](const std::string &message) {
    r.status = "error";
    r.error = message;
    r.timed = false;
    return r;
  };
  Resources res(device.context());
  ckrt_stream stream = device.stream();
  const ckrt_device_props &props = device.props();

  // The plans and their facts; then the device must suit them.
  BundleFacts facts;
  if (std::string message = loadBundle(dir, options, problem, res, facts, r);
      !message.empty())
    return fail(message);
  const std::string &planPath = facts.planPath;
  const std::vector<Tensor> &tensors = facts.tensors;
  size_t written = facts.written;
  const Tensor &out = tensors[written];
  double flops = facts.flops, bytes = facts.bytes;
  // ckrt_plan_load refuses a binary the device cannot run (PTX, which the
  // driver compiles for it, passes).
  if (!ok(ckrt_plan_load(device.context(), res.planDesc, CKRT_PLAN_LOAD_DEFAULT,
                         &res.plan),
          error))
    return fail(error);
  if (options.verify &&
      !ok(ckrt_plan_load(device.context(), res.refDesc, CKRT_PLAN_LOAD_DEFAULT,
                         &res.refPlan),
          error))
    return fail(error);
  // A plan with schedules splits its reduction as the device makes it do:
  // the tolerance's k_batch is known only once the plan is loaded.
  std::vector<int64_t> contributors;
  for (size_t i = 0, n = ckrt_plan_desc_num_schedules(res.planDesc); i < n;
       ++i) {
    ckrt_schedule_info info;
    if (!ok(ckrt_plan_schedule_info(res.plan, i, &info), error))
      return fail(error);
    contributors.push_back(info.max_contributors);
  }
  r.kBatch = toleranceKBatch(r.kBatch, contributors);

  // Tensors: fresh inputs for every tensor the plan reads, NaNs (all bits
  // set, in f16, bf16 and f32) in the one it writes.
  std::vector<void *> pointers(tensors.size());
  for (size_t i = 0; i < tensors.size(); ++i) {
    if (!ok(res.allocate(tensors[i].bytes, &pointers[i]), error))
      return fail(error);
    if (!pointers[i])
      return fail("tensor " + std::to_string(i) + " of " + planPath +
                  " is empty");
    if (i == written)
      continue;
    std::vector<unsigned char> host(tensors[i].bytes);
    fillUniform(host.data(), tensors[i].type, tensors[i].count,
                streamSeed(seed, i));
    if (!ok(ckrt_memcpy_htod(device.context(), pointers[i], host.data(),
                             host.size()),
            error))
      return fail(error);
  }
  // Runs `plan` on `args` with the output (args[written]) poisoned first,
  // and waits for it; copies an output back to the host.
  auto runPoisoned = [&](ckrt_plan plan, std::vector<void *> &args) {
    return ok(ckrt_memset_d8(device.context(), args[written], 0xFF, out.bytes),
              error) &&
           ok(ckrt_plan_launch(plan, args.data(), args.size(), stream),
              error) &&
           ok(ckrt_stream_synchronize(stream), error);
  };
  auto download = [&](std::vector<unsigned char> &host, void *output) {
    return ok(ckrt_memcpy_dtoh(device.context(), host.data(), output,
                               out.bytes),
              error);
  };
  if (!runPoisoned(res.plan, pointers))
    return fail(error);

  if (options.verify) {
    std::vector<void *> refPointers = pointers;
    if (!ok(res.allocate(out.bytes, &refPointers[written]), error) ||
        !runPoisoned(res.refPlan, refPointers))
      return fail(error);
    std::vector<unsigned char> outHost(out.bytes), refHost(out.bytes);
    if (!download(outHost, pointers[written]) ||
        !download(refHost, refPointers[written]))
      return fail(error);
    std::vector<float> outValues(out.count), refValues(out.count);
    convertToFloat(outHost.data(), out.type, outValues.data(), out.count);
    convertToFloat(refHost.data(), out.type, refValues.data(), out.count);
    r.magnitudeRule = options.magnitude;
    r.maxMagnitude = options.magnitude == "bound"
                         ? double(r.reduction)
                         : maxFiniteMagnitude(refValues.data(), out.count);
    r.tolerance = benchTolerance(r.computeType, elementTypeName(out.type),
                                 "f32", r.reduction, r.kBatch, r.maxMagnitude);
    r.comparison = compareResults(outValues.data(), refValues.data(), out.count,
                                  r.tolerance);
    r.verified = true;
    r.status = r.comparison.pass() ? "pass" : "fail";
  } else {
    r.status = "unverified";
  }

  // Determinism: the same inputs give the same bits, launch after launch.
  if (options.determinism > 0) {
    std::vector<unsigned char> first(out.bytes), again(out.bytes);
    if (!download(first, pointers[written]))
      return fail(error);
    r.determinismRuns = options.determinism;
    for (int run = 1; run < options.determinism; ++run) {
      if (!runPoisoned(res.plan, pointers) ||
          !download(again, pointers[written]))
        return fail(error);
      if (again != first) {
        r.firstDifferentRun = run;
        r.status = "fail";
        break;
      }
    }
  }

  if (!options.time)
    return r;

  // Rotating buffers: copy 0 is the tensors above; the others live in one
  // arena, filled with their own seeded values.
  std::vector<uint64_t> offsets;
  uint64_t stride = 0;
  for (const Tensor &t : tensors) {
    offsets.push_back(stride);
    stride += alignUp(t.bytes, 256);
  }
  size_t copies = rotatingCopies(stride, props.l2_bytes,
                                 props.total_memory_bytes / 2, 1 << 16);
  void *arena = nullptr;
  while (copies > 1) {
    ckrt_status status = res.allocate((copies - 1) * stride, &arena);
    if (status == CKRT_SUCCESS)
      break;
    if (status != CKRT_ERROR_OUT_OF_MEMORY)
      return fail(ckrt_last_error());
    copies /= 2;
  }
  std::vector<std::vector<void *>> sets = {pointers};
  if (copies > 1) {
    // Fill and upload about 64 MiB of copies at a time.
    size_t perChunk = std::max<size_t>(1, (64u << 20) / stride);
    std::vector<unsigned char> host;
    for (size_t first = 1; first < copies; first += perChunk) {
      size_t n = std::min(perChunk, copies - first);
      host.assign(n * stride, 0);
      for (size_t c = 0; c < n; ++c)
        for (size_t i = 0; i < tensors.size(); ++i)
          fillUniform(host.data() + c * stride + offsets[i], tensors[i].type,
                      tensors[i].count,
                      streamSeed(seed, (first + c) * tensors.size() + i));
      char *base = static_cast<char *>(arena) + (first - 1) * stride;
      if (!ok(ckrt_memcpy_htod(device.context(), base, host.data(),
                               host.size()),
              error))
        return fail(error);
    }
    for (size_t c = 1; c < copies; ++c) {
      std::vector<void *> set;
      char *base = static_cast<char *>(arena) + (c - 1) * stride;
      for (size_t i = 0; i < tensors.size(); ++i)
        set.push_back(base + offsets[i]);
      sets.push_back(set);
    }
  }
  r.rotatingCopies = copies;

  // Warm up, then time each launch between its own pair of events.
  res.events.assign(2 * size_t(options.repeat), nullptr);
  for (ckrt_event &event : res.events)
    if (!ok(ckrt_event_create(device.context(), &event), error))
      return fail(error);
  size_t next = 0;
  for (int i = 0; i < options.warmup; ++i, ++next) {
    const std::vector<void *> &set = sets[next % copies];
    if (!ok(ckrt_plan_launch(res.plan, set.data(), set.size(), stream), error))
      return fail(error);
  }
  for (int i = 0; i < options.repeat; ++i, ++next) {
    const std::vector<void *> &set = sets[next % copies];
    if (!ok(ckrt_event_record(res.events[2 * i], stream), error) ||
        !ok(ckrt_plan_launch(res.plan, set.data(), set.size(), stream),
            error) ||
        !ok(ckrt_event_record(res.events[2 * i + 1], stream), error))
      return fail(error);
  }
  if (!ok(ckrt_stream_synchronize(stream), error))
    return fail(error);
  std::vector<double> times;
  for (int i = 0; i < options.repeat; ++i) {
    float ms = 0;
    if (!ok(ckrt_event_elapsed_ms(res.events[2 * i], res.events[2 * i + 1],
                                  &ms),
            error))
      return fail(error);
    times.push_back(ms);
  }
  TimeSummary summary = summarizeTimes(times);
  r.timed = true;
  r.medianUs = summary.medianMs * 1e3;
  r.minUs = summary.minMs * 1e3;
  r.tflops = teraflops(flops, summary.medianMs);
  r.gbps = gigabytesPerSecond(bytes, summary.medianMs);
  return r;
}
