//===- Tuning.cpp - Measured kernel choices per problem -------------------===//

#include "ck/Tuning/Tuning.h"

#include "ck/Support/ClusterShape.h"
#include "ck/Support/Limits.h"

#include <cctype>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include <unistd.h>

using namespace cktuning;

std::string Choice::suffix() const {
  std::string text;
  if (!partition.empty())
    text += "@partition=" + partition;
  if (!waves.empty())
    text += "@waves=" + waves;
  if (stages)
    text += "@stages=" + std::to_string(stages);
  if (!cluster.empty())
    text += "@cluster=" + cluster;
  if (residentB)
    text += "@resident-b";
  if (signalLanded)
    text += "@signal-landed";
  if (mergeGroups)
    text += "@merge-groups=" + std::to_string(mergeGroups);
  if (!windows.empty())
    text += "@windows=" + windows;
  if (!config.empty())
    text += "@config=" + config;
  return text;
}

std::vector<std::string> Choice::flags() const {
  std::vector<std::string> result;
  if (!partition.empty())
    result.push_back("--partition=" + partition);
  if (!waves.empty())
    result.push_back("--waves=" + waves);
  if (stages)
    result.push_back("--stages=" + std::to_string(stages));
  if (!cluster.empty())
    result.push_back("--cluster=" + cluster);
  if (residentB)
    result.push_back("--resident-b");
  if (signalLanded)
    result.push_back("--signal-landed");
  if (mergeGroups)
    result.push_back("--merge-groups=" + std::to_string(mergeGroups));
  if (!windows.empty())
    result.push_back("--windows=" + windows);
  if (!config.empty())
    result.push_back("--config=" + config);
  return result;
}

/// The count `value` spells where it is a whole number in [low, high].
static bool parseCount(const std::string &value, long long low, long long high,
                       int64_t &count) {
  char *end = nullptr;
  long long parsed = std::strtoll(value.c_str(), &end, 10);
  if (*end || parsed < low || parsed > high)
    return false;
  count = parsed;
  return true;
}

std::string Choice::parse(const std::vector<std::string> &flags,
                          Choice &choice) {
  choice = Choice();
  for (const std::string &flag : flags) {
    size_t eq = flag.find('=');
    std::string name = flag.substr(0, eq);
    std::string value = eq == std::string::npos ? "" : flag.substr(eq + 1);
    if (flag == "--resident-b") {
      choice.residentB = true;
      continue;
    }
    if (flag == "--signal-landed") {
      choice.signalLanded = true;
      continue;
    }
    if (value.empty())
      name.clear(); // not a choice
    if (name == "--partition") {
      choice.partition = value;
    } else if (name == "--waves") {
      choice.waves = value;
    } else if (name == "--cluster") {
      int64_t m, n;
      if (!cksupport::parseClusterSizes(value, m, n))
        return "'" + flag + "': clusters are MxN workgroups, e.g. 2x1";
      choice.cluster = value;
    } else if (name == "--stages") {
      if (!parseCount(value, 1, cklimits::kMaxLdsBuffers, choice.stages))
        return "'" + flag + "': stages are 1 to " +
               std::to_string(cklimits::kMaxLdsBuffers);
    } else if (name == "--merge-groups") {
      // ck-compile checks that the count divides the problem's groups.
      if (!parseCount(value, 1, INT32_MAX, choice.mergeGroups))
        return "'" + flag + "': groups per GEMM are a positive count";
    } else if (name == "--windows") {
      if (value != "input" && value != "output")
        return "'" + flag + "': windows are input or output";
      choice.windows = value;
    } else if (name == "--config") {
      // ck-compile parses and checks the attribute itself.
      if (value.rfind("#ck.gemm_config<", 0) != 0 || value.back() != '>')
        return "'" + flag + "': a config is #ck.gemm_config<...>";
      choice.config = value;
    } else {
      return "'" + flag +
             "' is not --partition=P, --waves=L,M, --stages=S, "
             "--cluster=MxN, --resident-b, --signal-landed, "
             "--merge-groups=N, --windows=W or --config=#ck.gemm_config<...>";
    }
  }
  if (!choice.config.empty() &&
      (!choice.partition.empty() || !choice.waves.empty() || choice.stages ||
       !choice.cluster.empty() || choice.residentB || choice.signalLanded))
    return "--config pins the whole kernel configuration: no --partition, "
           "--waves, --stages, --cluster, --resident-b or --signal-landed "
           "beside it";
  return "";
}

std::vector<Choice> cktuning::sweepChoices(const std::string &chip) {
  bool asyncCopies = chip.rfind("sm_", 0) == 0;
  bool warpgroupRoles = chip == "sm_90a";
  std::vector<Choice> choices = {Choice()};
  const char *partitions[] = {"", "split_k", "data_parallel"};
  for (int64_t stages : {1, 3}) {
    if (stages > 1 && !asyncCopies)
      continue;
    for (const char *partition : partitions)
      choices.push_back(Choice{partition, "", stages});
  }
  // Clusters (--cluster) are not among them: on the H100 the clustered
  // kernels of the RetinaNet layers ran 0.88x to 1.15x as long as the same
  // kernels without (bench/results/h100-split-k-sum/), faster only where
  // another choice is faster still.
  // With warpgroup roles, also the persistent data-parallel grid, whose
  // load waves copy the next tile while the math waves write the last: on
  // the H100 it took the forward 1x1 C = 256, K = 512 layer at 100x100 from
  // 139 to 106 us, and made 3x3 layers 10-15% slower (3 stages for 4;
  // bench/results/h100-persistent/).
  if (warpgroupRoles)
    for (const char *waves : {"4,4", "4,8"}) {
      for (const char *partition : partitions)
        choices.push_back(Choice{partition, waves});
      choices.push_back(Choice{"data_parallel,dp=persistent", waves});
    }
  // Eight load waves that signal each slot as its copies land: on an H200
  // they ran the K = 36 head's backward-weight at 100x100 (split-K) in
  // 0.92x-0.97x the time of its roles 4,8 entry and the backward-data 1x1
  // stride-2 layers (persistent) in 0.95x-0.98x of theirs
  // (bench/results/h200-copies-land/). Problems whose rings TMA fills
  // alone do not take them.
  if (warpgroupRoles)
    for (const char *partition : {"split_k", "data_parallel,dp=persistent"}) {
      Choice landed{partition, "8,8"};
      landed.signalLanded = true;
      choices.push_back(landed);
    }
  return choices;
}

std::string TuningDb::defaultPath() {
  const char *path = std::getenv("CK_MLIR_TUNING_DB");
  return path ? path : "";
}

std::string TuningDb::load(const std::string &path, const std::string &want) {
  std::ifstream in(path);
  if (!in)
    return "cannot read the tuning database '" + path + "'";
  entries.clear();
  chip.clear();
  bool sawFormat = false;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    auto fail = [&](const std::string &what) {
      return path + ":" + std::to_string(number) + ": " + what;
    };
    // A comment is a word that starts with '#' and the rest of the line
    // (a config's '#ck.gemm_config' follows '=').
    size_t comment = 0;
    while ((comment = line.find('#', comment)) != std::string::npos &&
           comment > 0 &&
           !std::isspace(static_cast<unsigned char>(line[comment - 1])))
      ++comment;
    std::istringstream words(line.substr(0, comment));
    std::string word;
    if (!(words >> word))
      continue;
    if (word == "ck-tuning") {
      int format = 0;
      if (!(words >> format) || format != 1)
        return fail("this is tuning database format 1; got '" + line + "'");
      sawFormat = true;
    } else if (!sawFormat) {
      return fail("a tuning database starts with 'ck-tuning 1'");
    } else if (word == "chip") {
      if (!(words >> chip))
        return fail("'chip' needs a name");
    } else if (word == "tuned") {
      std::string key;
      TunedChoice tuned;
      if (!(words >> key >> tuned.us >> tuned.heuristicUs))
        return fail("expected 'tuned KEY US HEURISTIC_US [FLAGS...]'");
      std::vector<std::string> flags;
      for (std::string flag; words >> flag;)
        flags.push_back(flag);
      if (std::string error = Choice::parse(flags, tuned.choice);
          !error.empty())
        return fail(error);
      entries[key] = tuned;
    } else {
      return fail("unknown line '" + word + "' (expected chip or tuned)");
    }
  }
  if (!sawFormat)
    return path + ": empty; a tuning database starts with 'ck-tuning 1'";
  if (!want.empty() && chip != want)
    return "the tuning database '" + path + "' is for " +
           (chip.empty() ? std::string("no chip") : chip) + ", not " + want;
  return "";
}

std::string TuningDb::save(const std::string &path) const {
  // A temporary file of this process's own, renamed into place: readers
  // see the old database or the new one.
  std::string temporary = path + ".tmp." + std::to_string(getpid());
  {
    std::ofstream out(temporary);
    if (!out)
      return "cannot write '" + temporary + "'";
    out << "# ck-mlir tuning database: measured kernel choices per problem\n"
           "# (ck-bench --sweep); tuned KEY US HEURISTIC_US FLAGS\n"
           "ck-tuning 1\n"
        << "chip " << chip << "\n";
    for (const auto &[key, tuned] : entries) {
      char times[64];
      std::snprintf(times, sizeof(times), "%.3f %.3f", tuned.us,
                    tuned.heuristicUs);
      out << "tuned " << key << " " << times;
      for (const std::string &flag : tuned.choice.flags())
        out << " " << flag;
      out << "\n";
    }
    if (!out.flush())
      return "cannot write '" + temporary + "'";
  }
  if (std::rename(temporary.c_str(), path.c_str()) != 0) {
    std::remove(temporary.c_str());
    return "cannot rename '" + temporary + "' to '" + path + "'";
  }
  return "";
}

const TunedChoice *TuningDb::lookup(const std::string &key) const {
  auto it = entries.find(key);
  return it == entries.end() ? nullptr : &it->second;
}
