//===- BenchOptions.cpp - ck-bench's own options --------------------------===//

#include "ck/Bench/BenchOptions.h"

#include "ck/Support/ClusterShape.h"
#include "ck/Support/Limits.h"

#include <charconv>

using namespace ckbench;

namespace {
template <typename T> bool parseNumber(const std::string &text, T &value) {
  const char *end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, value);
  return !text.empty() && ec == std::errc() && ptr == end;
}
} // namespace

std::string ckbench::parseBenchOptions(const std::vector<std::string> &args,
                                       BenchOptions &options) {
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string &arg = args[i];
    if (arg.rfind("-", 0) != 0)
      return "unexpected argument '" + arg + "'";
    size_t start = arg.rfind("--", 0) == 0 ? 2 : 1;
    size_t eq = arg.find('=');
    std::string name = arg.substr(
        start, eq == std::string::npos ? std::string::npos : eq - start);
    bool hasValue = eq != std::string::npos;
    std::string value = hasValue ? arg.substr(eq + 1) : "";
    std::string flag = "--" + name;

    // Switches.
    if (name == "help" || name == "h" || name == "no-verify" ||
        name == "no-time" || name == "version" || name == "sweep") {
      if (hasValue)
        return flag + " takes no value";
      if (name == "no-verify")
        options.verify = false;
      else if (name == "sweep")
        options.sweep = true;
      else if (name == "no-time")
        options.time = false;
      else if (name == "version")
        options.version = true;
      else
        options.help = true;
      continue;
    }
    if (name != "bundles" && name != "bundle" && name != "warmup" &&
        name != "repeat" && name != "seed" && name != "json" &&
        name != "device" && name != "magnitude" && name != "determinism" &&
        name != "partition" && name != "waves" && name != "chip" &&
        name != "stages" && name != "cluster" && name != "tuning-db")
      return "unknown option '" + arg + "' (see --help)";
    if (!hasValue) {
      if (i + 1 == args.size())
        return flag + " needs a value";
      value = args[++i];
    }
    if (name == "bundles") {
      options.bundlesDir = value;
    } else if (name == "bundle") {
      options.bundleDir = value;
    } else if (name == "json") {
      options.jsonPath = value;
    } else if (name == "tuning-db") {
      options.tuningDb = value;
    } else if (name == "stages") {
      if (!parseNumber(value, options.stages) || options.stages < 1 ||
          options.stages > cklimits::kMaxLdsBuffers)
        return "--stages expects 1 to " +
               std::to_string(cklimits::kMaxLdsBuffers) + ", got '" + value +
               "'";
    } else if (name == "cluster") {
      int64_t m, n;
      if (!cksupport::parseClusterSizes(value, m, n))
        return "--cluster expects MxN (two positive counts, e.g. 2x1), got '" +
               value + "'";
      options.cluster = value;
    } else if (name == "partition" || name == "chip") {
      // ck-compile checks them; here they only must be words it can take.
      if (value.empty() || value.find_first_of(" \t/@") != std::string::npos)
        return flag + " expects a value without spaces, '/' or '@', got '" +
               value + "'";
      (name == "partition" ? options.partition : options.chip) = value;
    } else if (name == "waves") {
      size_t comma = value.find(',');
      int load, math;
      if (comma == std::string::npos ||
          !parseNumber(value.substr(0, comma), load) ||
          !parseNumber(value.substr(comma + 1), math) || load < 1 || math < 1)
        return "--waves expects LOAD,MATH (two positive counts, e.g. 4,4), "
               "got '" +
               value + "'";
      options.waves = value;
    } else if (name == "magnitude") {
      if (value != "observed" && value != "bound")
        return "--magnitude expects 'observed' or 'bound', got '" + value + "'";
      options.magnitude = value;
    } else if (name == "seed") {
      if (!parseNumber(value, options.seed))
        return "--seed expects a non-negative integer, got '" + value + "'";
      options.seedGiven = true;
    } else {
      int number;
      int minimum = name == "repeat" || name == "determinism" ? 1 : 0;
      if (!parseNumber(value, number) || number < minimum)
        return flag + " expects an integer >= " + std::to_string(minimum) +
               ", got '" + value + "'";
      (name == "warmup"        ? options.warmup
       : name == "repeat"      ? options.repeat
       : name == "determinism" ? options.determinism
                               : options.device) = number;
    }
  }
  return "";
}

std::string ckbench::checkBenchInputs(const BenchOptions &options,
                                      const std::string &problemForm) {
  if (!options.bundleDir.empty() && !options.bundlesDir.empty())
    return "give --bundle DIR (one bundle) or --bundles DIR, not both";
  if (options.bundleDir.empty() && options.bundlesDir.empty())
    return "no bundles: give --bundle DIR, or --bundles DIR with or without "
           "problems (see --help)";
  if (!options.bundleDir.empty() && !problemForm.empty())
    return "--bundle names one bundle; to pick bundles by problem, give "
           "--bundles DIR with the problems";
  if (options.compileRequested() && problemForm.empty())
    return "--partition, --waves, --stages, --cluster, --chip and --sweep "
           "compile the problems' bundles; give --bundles DIR with problems "
           "(named flags, --csv or --ckprofiler)";
  if (options.sweep && !options.choice().isHeuristic())
    return "--sweep runs its own choices; leave out --partition, --waves, "
           "--stages and --cluster";
  if (!options.tuningDb.empty() && !options.sweep)
    return "--tuning-db is where --sweep writes its choices; give --sweep";
  if (options.sweep && !options.time)
    return "--sweep times the choices; leave out --no-time";
  return "";
}

const char *ckbench::benchOptionsHelp() {
  return "  --bundles DIR      bundles in DIR/<key>/ as ck-compile writes "
         "them; "
         "with no\n"
         "                     problem given, every bundle of DIR/index.txt\n"
         "  --bundle DIR       one bundle directory\n"
         "  --warmup N         launches before timing (default 5)\n"
         "  --repeat N         timed launches (default 50)\n"
         "  --seed N           seed of the input data (default: from the "
         "clock, printed)\n"
         "  --json FILE        one JSON object per problem, one per line\n"
         "  --no-verify        do not run the reference plan and compare\n"
         "  --determinism N    launch N times on the same inputs (output "
         "poisoned\n"
         "                     before each) and fail unless all outputs are "
         "bitwise\n"
         "                     identical\n"
         "  --no-time          do not time\n"
         "  --device N         the GPU to use (default 0)\n"
         "  --magnitude M      largest accumulated magnitude of the "
         "tolerance: observed\n"
         "                     (largest |reference|, as CK's profiler; the "
         "default) or\n"
         "                     bound (the reduction length)\n"
         "  --partition P      run the problems' GEMM kernels partitioned as "
         "ck-compile's\n"
         "                     --partition P makes them (data_parallel, "
         "split_k,k_batch=N,\n"
         "                     split_k,k_batch=auto, stream_k,reduce=linear, "
         "...): bundles\n"
         "                     in DIR/<key>@partition=P, compiled where "
         "missing\n"
         "  --waves L,M        the same for ck-compile's --waves (load and "
         "math waves):\n"
         "                     DIR/<key>@waves=L,M (after @partition=P when "
         "both are given)\n"
         "  --stages S         the same for ck-compile's --stages (1 to 8): "
         "DIR/<key>@stages=S\n"
         "  --cluster MxN      the same for ck-compile's --cluster: "
         "DIR/<key>@cluster=MxN\n"
         "  --sweep            run every choice of the sweep per problem "
         "(the heuristic's;\n"
         "                     --stages 1 and 3 and on sm_90a --waves 4,4 "
         "and 4,8, each\n"
         "                     with the heuristic's partition, split_k and "
         "data_parallel,\n"
         "                     the waves also with "
         "data_parallel,dp=persistent, and on\n"
         "                     sm_90a --waves 8,8 --signal-landed with "
         "split_k and\n"
         "                     data_parallel,dp=persistent where a problem "
         "takes them),\n"
         "                     verified and timed, and print the fastest as "
         "'Best\n"
         "                     configuration parameters'\n"
         "  --tuning-db FILE   with --sweep: write the fastest choices into "
         "the tuning\n"
         "                     database FILE (merged with its entries; "
         "ck-compile\n"
         "                     --tuning-db reads it)\n"
         "  --chip C           compile missing bundles for chip C (default: "
         "the GPU's).\n"
         "                     ck-bench links no compiler: it runs the "
         "ck-compile beside\n"
         "                     it, or $CK_COMPILE; where there is none, "
         "compile the\n"
         "                     bundles with ck-compile where LLVM is and "
         "copy them\n"
         "  --help             this text\n"
         "  --version          ck-mlir's version\n";
}
