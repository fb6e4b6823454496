//===- ck-bench.cpp - Verify and time compiled bundles on a GPU -----------===//
//
//   ck-bench --bundles DIR --csv bench/data/retinanet_bwd_weight.csv \
//       --direction bwd_weight --type f16 --json results.jsonl
//   ck-bench --bundles DIR --ckprofiler grouped_conv_bwd_weight 1 2 0 1 0 1 \
//       2 1 16 256 256 3 3 50 50 1 1 1 1 1 1 1 1 -1
//   ck-bench --bundles DIR            # every bundle of DIR/index.txt
//   ck-bench --bundle DIR/<key>
//   ck-bench --bundles DIR -N 16 -C 256 -K 256 --in 50,50 --filter 3,3 \
//       --pad 1,1 --partition=stream_k,reduce=linear --waves=4,4
//
// With --partition, --waves or --chip, the problems' bundles are the ones
// ck-compile makes with those choices, in DIR/<key>@partition=P@waves=L,M;
// ck-bench compiles the missing ones with the ck-compile beside it (or
// $CK_COMPILE), for --chip or the GPU's chip, before checking any bundle.
//
// Links ckrt and the standard library only (no LLVM), so it runs on GPU
// machines where nothing else of ck-mlir is installed. Every bundle is read
// and checked (plans, binaries) before a GPU is looked for, so a missing or
// broken bundle gets its own error. Exit status: 0 all passed, 1 a problem
// failed verification or had an error (with --bundle, a bundle that fails
// its check: one line on stderr), 2 no GPU, 3 a bad command line.
// docs/Profiler.md describes the method.
//
//===----------------------------------------------------------------------===//

#include "Runner.h"

#include "ck/Bench/BenchOptions.h"
#include "ck/Bench/BenchResult.h"
#include "ck/Problem/ProblemArgs.h"
#include "ck/Problem/ProblemFlags.h"
#include "ck/Support/Version.h"

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <fstream>
#include <iostream>
#include <optional>

using namespace ckbench;

namespace {

enum ExitCode { kPassed = 0, kFailed = 1, kNoGpu = 2, kUsage = 3 };

struct Job {
  std::string dir;
  std::optional<ckproblem::ConvProblemDesc> problem;
  /// The compile choice of the bundle (--partition/--waves/--stages, or
  /// one of --sweep's).
  cktuning::Choice choice;
};

bool fileExists(const std::string &path) { return std::ifstream(path).good(); }

/// The bundles to run, or an error.
std::string listJobs(const BenchOptions &options,
                     const ckproblem::ProblemArgs &problems,
                     const std::string &chip, std::vector<Job> &jobs) {
  if (!options.bundleDir.empty()) {
    jobs.push_back({options.bundleDir, std::nullopt, {}});
    return "";
  }
  const std::string &root = options.bundlesDir;
  if (!problems.form.empty() && options.compileRequested()) {
    // The compiler chooses the partition itself; a ckProfiler split_k (in
    // the key) is not part of the problem ck-compile is given.
    std::vector<cktuning::Choice> choices =
        options.sweep ? cktuning::sweepChoices(chip)
                      : std::vector<cktuning::Choice>{options.choice()};
    for (const ckproblem::ConvProblemDesc &p :
         ckproblem::uniqueProblemsWithoutSplitK(problems.problems)) {
      for (const cktuning::Choice &choice : choices)
        jobs.push_back({root + "/" + p.key() + choice.suffix(), p, choice});
    }
    return "";
  }
  if (!problems.form.empty()) {
    for (const ckproblem::ConvProblemDesc &p :
         ckproblem::uniqueProblems(problems.problems)) {
      std::string dir = root + "/" + p.key();
      // A single bundle compiled from flags may be DIR itself.
      if (!fileExists(dir + "/plan.ckplan") && problems.problems.size() == 1 &&
          fileExists(root + "/plan.ckplan"))
        dir = root;
      jobs.push_back({dir, p, {}});
    }
    return "";
  }
  std::ifstream index(root + "/index.txt");
  if (!index)
    return "no problem given and no " + root +
           "/index.txt to take them from (ck-compile writes it for --csv and "
           "--ckprofiler); give problems or --bundle DIR";
  std::string line;
  while (std::getline(index, line)) {
    std::string key = line.substr(0, line.find('\t'));
    if (!key.empty())
      jobs.push_back({root + "/" + key, std::nullopt, {}});
  }
  if (jobs.empty())
    return root + "/index.txt lists no bundles";
  return "";
}

/// The ck-compile to run: $CK_COMPILE, or the one beside this executable;
/// "" where there is none.
std::string findCompiler() {
  if (const char *path = std::getenv("CK_COMPILE"))
    return access(path, X_OK) == 0 ? path : "";
  char self[4096];
  ssize_t size = readlink("/proc/self/exe", self, sizeof(self) - 1);
  if (size <= 0)
    return "";
  std::string path(self, size_t(size));
  path = path.substr(0, path.rfind('/') + 1) + "ck-compile";
  return access(path.c_str(), X_OK) == 0 ? path : "";
}

/// The ck-compile chip for a device: sm_90a for compute capability 9.x,
/// sm_80 for 8.x, else the device's arch (ck-compile names what it lacks).
std::string chipFor(const ckrt_device_props &props) {
  if (props.backend == CKRT_BACKEND_CUDA && props.cc_major == 9)
    return "sm_90a";
  if (props.backend == CKRT_BACKEND_CUDA && props.cc_major == 8)
    return "sm_80";
  return props.arch;
}

/// The ck-compile command line that makes `problem`'s bundle in `dir` with
/// `choice`. The heuristic's bundles of a sweep do not read a tuning
/// database.
std::vector<std::string>
compileCommand(const std::string &compiler,
               const ckproblem::ConvProblemDesc &problem,
               const std::string &chip, const cktuning::Choice &choice,
               const std::string &dir) {
  std::vector<std::string> args = {compiler, "--chip=" + chip};
  for (const std::string &flag : ckproblem::problemToFlags(problem))
    args.push_back(flag);
  for (const std::string &flag : choice.flags())
    args.push_back(flag);
  if (choice.isHeuristic())
    args.push_back("--no-tuning-db");
  args.push_back("-o");
  args.push_back(dir);
  return args;
}

/// Runs ck-compile at `compiler` on `problem` into `dir` with `choice`,
/// its output on stderr. "" or what went wrong.
std::string compileBundle(const std::string &compiler,
                          const ckproblem::ConvProblemDesc &problem,
                          const std::string &chip,
                          const cktuning::Choice &choice,
                          const std::string &dir) {
  std::vector<std::string> args =
      compileCommand(compiler, problem, chip, choice, dir);
  std::vector<char *> argv;
  for (std::string &arg : args)
    argv.push_back(arg.data());
  argv.push_back(nullptr);
  std::cerr << "ck-bench: compiling " << problem.key() << " for " << chip
            << " into " << dir << "\n"
            << std::flush;
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  // ck-bench's stdout holds results only.
  posix_spawn_file_actions_adddup2(&actions, STDERR_FILENO, STDOUT_FILENO);
  pid_t pid;
  int error = posix_spawn(&pid, compiler.c_str(), &actions, nullptr,
                          argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (error)
    return "cannot run " + compiler + ": " + std::strerror(error);
  int status = 0;
  if (waitpid(pid, &status, 0) < 0)
    return "cannot wait for " + compiler + ": " + std::strerror(errno);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
    return "ck-compile could not compile " + problem.key() + " for " + chip +
           " (its message is above)";
  return "";
}

/// `value` with 7 significant digits; "nan" and "inf" without signs' noise.
std::string number(double value) {
  if (std::isnan(value))
    return "nan";
  char text[32];
  std::snprintf(text, sizeof(text), "%.7g", value);
  return text;
}

/// One problem's jobs [first, end) of a sweep: its fastest verified choice
/// and its heuristic's, where they passed.
struct SweepBest {
  std::optional<size_t> best, heuristic;
};

SweepBest sweepBest(const std::vector<Job> &jobs,
                    const std::vector<BenchResult> &results, size_t first,
                    size_t end) {
  SweepBest found;
  for (size_t i = first; i < end; ++i) {
    const BenchResult &r = results[i];
    if (r.status != "pass" || !r.timed)
      continue;
    if (!found.best || r.medianUs < results[*found.best].medianUs)
      found.best = i;
    if (jobs[i].choice.isHeuristic())
      found.heuristic = i;
  }
  return found;
}

/// The end of the problem whose jobs start at `first`.
size_t problemEnd(const std::vector<Job> &jobs, size_t first) {
  size_t end = first;
  while (end < jobs.size() &&
         jobs[end].problem->key() == jobs[first].problem->key())
    ++end;
  return end;
}

/// Sets the problem of jobs [first, end)'s fastest verified choice in `db`
/// where it and the heuristic's passed.
void recordSweep(const std::vector<Job> &jobs,
                 const std::vector<BenchResult> &results, size_t first,
                 size_t end, cktuning::TuningDb &db) {
  SweepBest found = sweepBest(jobs, results, first, end);
  if (found.best && found.heuristic)
    db.set(jobs[first].problem->key(),
           cktuning::TunedChoice{jobs[*found.best].choice,
                                 results[*found.best].medianUs,
                                 results[*found.heuristic].medianUs});
}

/// The fastest verified choice of each problem of a sweep, printed as
/// ckProfiler prints its best instance.
void reportSweep(const std::vector<Job> &jobs,
                 const std::vector<BenchResult> &results) {
  double sumBest = 0, sumHeuristic = 0;
  for (size_t first = 0; first < jobs.size();) {
    size_t end = problemEnd(jobs, first);
    SweepBest found = sweepBest(jobs, results, first, end);
    const ckproblem::ConvProblemDesc &problem = *jobs[first].problem;
    std::cout << "Best configuration parameters:\n"
              << "problem: " << problem.summary() << "\n";
    if (!found.best) {
      std::cout << "name: none (no choice passed verification)\n\n";
    } else {
      const BenchResult &r = results[*found.best];
      std::string flags;
      for (const std::string &flag : jobs[*found.best].choice.flags())
        flags += (flags.empty() ? "" : " ") + flag;
      std::cout << "name: " << problem.key()
                << jobs[*found.best].choice.suffix() << "\n"
                << "choice: " << (flags.empty() ? "the heuristic's" : flags)
                << "\n"
                << "avg_time: " << number(r.medianUs) << " us\n"
                << "tflops: " << number(r.tflops) << "\n"
                << "GB/s: " << number(r.gbps) << "\n";
      if (found.heuristic) {
        double h = results[*found.heuristic].medianUs;
        std::cout << "heuristic: " << number(h) << " us (the choice is "
                  << number(h / r.medianUs) << "x as fast)\n";
        sumBest += r.medianUs;
        sumHeuristic += h;
      }
      std::cout << "\n";
    }
    first = end;
  }
  if (sumBest > 0)
    std::cout << "ck-bench: sweep: the fastest choices take " << number(sumBest)
              << " us in all, the heuristic's " << number(sumHeuristic)
              << " us\n";
}

void printHelp() {
  std::cout << "ck-bench: verify and time compiled bundles on a GPU\n\n"
               "  ck-bench --bundles DIR [<problems>] [options]\n"
               "  ck-bench --bundle DIR/<key> [options]\n\n"
            << ckproblem::problemArgsHelp() << "\nOptions:\n"
            << benchOptionsHelp()
            << "\nExit status: 0 all passed, 1 a verification failure or an "
               "error, 2 no GPU,\n3 a bad command line. See "
               "docs/Profiler.md.\n";
}

/// Prints a result, its worst mismatches, and its JSON line.
void report(const BenchResult &result, std::ofstream &json) {
  std::cout << resultLine(result) << "\n";
  for (const Mismatch &m : result.comparison.worst)
    std::cout << "    [" << m.index << "] out " << number(m.out) << " ref "
              << number(m.ref) << "\n";
  std::cout << std::flush;
  if (json.is_open())
    json << resultJson(result) << "\n" << std::flush;
}

int run(int argc, char **argv) {
  ckproblem::ProblemArgs problems = ckproblem::parseProblemArgs(
      std::vector<std::string>(argv + 1, argv + argc));
  if (!problems.ok()) {
    std::cerr << "ck-bench: " << problems.error << "\n";
    return kUsage;
  }
  BenchOptions options;
  std::string error = parseBenchOptions(problems.rest, options);
  if (error.empty() && options.help) {
    printHelp();
    return kPassed;
  }
  if (error.empty() && options.version) {
    // ck-bench links no LLVM: the runtime and the standard library only.
    std::cout << "ck-bench from ck-mlir " << cksupport::kVersion << "\n";
    return kPassed;
  }
  if (error.empty())
    error = checkBenchInputs(options, problems.form);
  if (!error.empty()) {
    std::cerr << "ck-bench: " << error << "\n";
    return kUsage;
  }

  std::ofstream json;
  if (!options.jsonPath.empty()) {
    json.open(options.jsonPath);
    if (!json) {
      std::cerr << "ck-bench: cannot write '" << options.jsonPath << "'\n";
      return kUsage;
    }
  }

  uint64_t seed =
      options.seedGiven
          ? options.seed
          : uint64_t(
                std::chrono::system_clock::now().time_since_epoch().count()) %
                1000000007u;

  // The GPU, opened once: for the chip of bundles to compile, or to run.
  Device device;
  bool deviceOpen = false;
  auto openDevice = [&]() -> bool {
    if (deviceOpen)
      return true;
    if (ckrt_status status = device.open(options.device)) {
      if (status == CKRT_ERROR_NO_BACKEND || status == CKRT_ERROR_NO_DEVICE)
        std::cerr << "ck-bench: no GPU: " << ckrt_last_error() << "\n";
      else
        std::cerr << "ck-bench: cannot open GPU " << options.device << ": "
                  << ckrt_last_error() << "\n";
      return false;
    }
    return deviceOpen = true;
  };

  // A sweep's choices depend on the chip: the one given, else the GPU's.
  std::string chip = options.chip;
  if (options.sweep && chip.empty()) {
    if (!openDevice()) {
      std::cerr << "ck-bench: give --chip to sweep without a GPU\n";
      return kNoGpu;
    }
    chip = chipFor(device.props());
  }
  std::vector<Job> jobs;
  if (std::string error = listJobs(options, problems, chip, jobs);
      !error.empty()) {
    std::cerr << "ck-bench: " << error << "\n";
    return kUsage;
  }
  // A sweep's database: each problem's winner is saved into it as soon as
  // its last choice is timed, so a sweep stopped early keeps what it
  // measured.
  cktuning::TuningDb sweepDb;
  bool savesSweep = options.sweep && !options.tuningDb.empty();
  if (savesSweep) {
    if (fileExists(options.tuningDb))
      if (std::string error = sweepDb.load(options.tuningDb, chip);
          !error.empty()) {
        std::cerr << "ck-bench: " << error << "\n";
        return kFailed;
      }
    sweepDb.chip = chip;
  }

  // Compile the bundles asked for that are missing; a bundle that could
  // not be made gets its own error.
  std::vector<std::string> broken(jobs.size());
  if (options.compileRequested()) {
    std::string compiler = findCompiler();
    for (size_t i = 0; i < jobs.size(); ++i) {
      if (fileExists(jobs[i].dir + "/plan.ckplan")) {
        // ck-compile takes $CK_MLIR_TUNING_DB's choices unless told not
        // to: such a bundle is not the heuristic's.
        if (std::string db = planMeta(jobs[i].dir, "tuning_db");
            jobs[i].choice.isHeuristic() && !db.empty())
          broken[i] = jobs[i].dir +
                      " holds a bundle compiled with a choice from the "
                      "tuning database " +
                      db +
                      ", not the heuristic's; remove it (ck-bench then "
                      "compiles the heuristic's) or give another --bundles";
        continue;
      }
      if (compiler.empty()) {
        std::string command;
        for (const std::string &arg :
             compileCommand("ck-compile", *jobs[i].problem,
                            chip.empty() ? "CHIP" : chip, jobs[i].choice,
                            jobs[i].dir))
          command += (command.empty() ? "" : " ") + arg;
        broken[i] = "no bundle in " + jobs[i].dir +
                    " and no ck-compile to make one (ck-bench links no "
                    "compiler; it runs the ck-compile beside it or "
                    "$CK_COMPILE): make it where LLVM is with " +
                    command;
        continue;
      }
      if (chip.empty()) {
        if (!openDevice()) {
          std::cerr << "ck-bench: give --chip to compile without a GPU\n";
          return kNoGpu;
        }
        chip = chipFor(device.props());
      }
      broken[i] = compileBundle(compiler, *jobs[i].problem, chip,
                                jobs[i].choice, jobs[i].dir);
    }
    // A sweep's choice that some problems cannot take is left out where
    // its bundle could not be made (ck-compile --sweep leaves it out too).
    size_t kept = 0;
    for (size_t i = 0; i < jobs.size(); ++i) {
      if (!broken[i].empty() && jobs[i].choice.mayNotApply()) {
        std::cerr << "ck-bench: sweep: left out " << jobs[i].dir
                  << ": its choice does not apply to the problem (" << broken[i]
                  << ")\n";
        continue;
      }
      if (kept != i) {
        jobs[kept] = std::move(jobs[i]);
        broken[kept] = std::move(broken[i]);
      }
      ++kept;
    }
    jobs.resize(kept);
    broken.resize(kept);
  }

  // Check every bundle first, without a GPU.
  size_t numBroken = 0;
  for (size_t i = 0; i < jobs.size(); ++i) {
    if (broken[i].empty())
      broken[i] = checkBundle(jobs[i].dir, options,
                              jobs[i].problem ? &*jobs[i].problem : nullptr);
    numBroken += !broken[i].empty();
  }
  if (!options.bundleDir.empty() && numBroken) {
    std::cerr << "ck-bench: " << broken[0] << "\n";
    return kFailed;
  }
  auto brokenResult = [&](size_t i) {
    BenchResult result =
        newResult(jobs[i].dir, options, seed,
                  jobs[i].problem ? &*jobs[i].problem : nullptr);
    result.status = "error";
    result.error = broken[i];
    return result;
  };
  if (numBroken == jobs.size()) {
    // Nothing to run: no GPU needed to say so.
    for (size_t i = 0; i < jobs.size(); ++i)
      report(brokenResult(i), json);
    std::cout << "ck-bench: 0 passed, 0 failed, " << numBroken
              << " errors (every bundle failed its check; no GPU was "
                 "looked for)\n";
    return kFailed;
  }

  if (!openDevice())
    return kNoGpu;
  std::cout << "ck-bench: device " << options.device << ": "
            << device.describe() << "\n"
            << "ck-bench: seed " << seed << " (--seed " << seed
            << " repeats this run); warmup " << options.warmup << ", repeat "
            << options.repeat << "\n"
            << std::flush;

  size_t passed = 0, failed = 0, errors = 0, unverified = 0;
  std::vector<BenchResult> results;
  // The first job of the problem being run (a sweep runs a problem's
  // choices one after the other).
  size_t problemFirst = 0;
  for (size_t i = 0; i < jobs.size(); ++i) {
    const Job &job = jobs[i];
    BenchResult result = broken[i].empty()
                             ? runBundle(device, job.dir, options, seed,
                                         job.problem ? &*job.problem : nullptr)
                             : brokenResult(i);
    report(result, json);
    results.push_back(result);
    if (result.status == "pass")
      ++passed;
    else if (result.status == "fail")
      ++failed;
    else if (result.status == "unverified")
      ++unverified;
    else
      ++errors;
    // The problem's last choice: its winner goes into the database now.
    if (savesSweep && (i + 1 == jobs.size() ||
                       jobs[i + 1].problem->key() != job.problem->key())) {
      recordSweep(jobs, results, problemFirst, i + 1, sweepDb);
      problemFirst = i + 1;
      if (std::string error = sweepDb.save(options.tuningDb); !error.empty()) {
        std::cerr << "ck-bench: " << error << "\n";
        return kFailed;
      }
    }
  }
  std::cout << "ck-bench: " << passed << " passed, " << failed << " failed, "
            << errors << " errors";
  if (unverified)
    std::cout << ", " << unverified << " not verified";
  std::cout << "\n";
  if (options.sweep)
    reportSweep(jobs, results);
  if (savesSweep)
    std::cout << "ck-bench: wrote " << sweepDb.entries.size()
              << " choices to " << options.tuningDb << "\n";
  return failed || errors ? kFailed : kPassed;
}

} // namespace

int main(int argc, char **argv) {
  // Host memory for a bundle's tensors may run out: one line, no abort.
  try {
    return run(argc, argv);
  } catch (const std::bad_alloc &) {
    std::cerr << "ck-bench: out of host memory\n";
  } catch (const std::exception &e) {
    std::cerr << "ck-bench: " << e.what() << "\n";
  }
  return kFailed;
}
