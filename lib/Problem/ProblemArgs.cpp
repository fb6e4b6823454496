//===- ProblemArgs.cpp - Problems from a tool's command line --------------===//

#include "ck/Problem/ProblemArgs.h"

#include "ck/Problem/CKProfilerArgs.h"
#include "ck/Problem/ProblemCsv.h"
#include "ck/Problem/ProblemFlags.h"

#include "ParseUtil.h"

#include <set>

using namespace ckproblem;

namespace {
/// If `arg` is `-name`, `--name` or `--name=V` for `name`: true, with the
/// value after '=' (if any) in `value`.
bool isOption(const std::string &arg, const std::string &name,
              std::string &value, bool &hasValue) {
  size_t start = arg.rfind("--", 0) == 0 ? 2 : arg.rfind("-", 0) == 0 ? 1 : 0;
  if (!start)
    return false;
  size_t eq = arg.find('=');
  std::string given = arg.substr(
      start, eq == std::string::npos ? std::string::npos : eq - start);
  if (given != name)
    return false;
  hasValue = eq != std::string::npos;
  value = hasValue ? arg.substr(eq + 1) : "";
  return true;
}

/// "-G" or "--in".
std::string dashed(const std::string &name) {
  return (name.size() == 1 ? "-" : "--") + name;
}

ProblemArgs failure(const std::string &message) {
  ProblemArgs result;
  result.error = message;
  return result;
}
} // namespace

ProblemArgs ckproblem::parseProblemArgs(const std::vector<std::string> &args) {
  std::vector<std::string> others;
  ProblemList ckList;
  std::string csvPath;
  bool haveCK = false, haveCsv = false;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string &arg = args[i];
    std::string value;
    bool hasValue = false;
    if (arg == "--") {
      others.insert(others.end(), args.begin() + i, args.end());
      break;
    }
    if (isOption(arg, "ckprofiler", value, hasValue)) {
      if (haveCK)
        return failure("--ckprofiler given twice: one ckProfiler command "
                       "per run");
      haveCK = true;
      // The command takes exactly its arguments; the tool's own flags
      // may follow it.
      std::vector<std::string> command;
      if (hasValue)
        command.push_back(value);
      command.insert(command.end(), args.begin() + i + 1, args.end());
      size_t used;
      ckList = parseCKProfilerPrefix(command, used);
      i += used - (hasValue && used ? 1 : 0);
      continue;
    }
    if (isOption(arg, "csv", value, hasValue)) {
      if (haveCsv)
        return failure("--csv given twice: one table per run");
      haveCsv = true;
      if (!hasValue) {
        if (i + 1 == args.size())
          return failure("--csv needs a file name");
        value = args[++i];
      }
      csvPath = value;
      continue;
    }
    others.push_back(arg);
  }

  std::vector<ProblemFlag> flags;
  ProblemArgs result;
  result.error = scanProblemFlags(others, flags, result.rest);
  if (!result.ok())
    return result;

  if (haveCK && haveCsv)
    return failure("give --csv or --ckprofiler, not both");
  ProblemList list;
  if (haveCK) {
    if (!flags.empty())
      return failure("--ckprofiler takes the whole problem from ckProfiler's "
                     "arguments; remove " +
                     dashed(flags.front().name));
    result.form = "ckprofiler";
    list = ckList;
  } else if (haveCsv) {
    CsvDefaults defaults;
    bool haveDirection = false, haveType = false;
    for (const ProblemFlag &flag : flags) {
      if (flag.name == "direction") {
        defaults.direction = flag.value;
        haveDirection = true;
      } else if (flag.name == "type") {
        defaults.dtype = flag.value;
        haveType = true;
      } else if (flag.name == "layouts") {
        for (const std::string &layout : detail::split(flag.value, ','))
          defaults.layouts.push_back(detail::trim(layout));
      } else {
        return failure("--csv takes the sizes from the table; " +
                       dashed(flag.name) +
                       " cannot be given with it (only --direction, --type "
                       "and --layouts can)");
      }
    }
    if (!haveDirection)
      return failure("--csv needs --direction (fwd, bwd_data or bwd_weight): "
                     "the table has no direction column");
    if (!haveType)
      return failure("--csv needs --type (f16, bf16 or f32): the table has "
                     "no type column");
    result.form = "csv";
    list = readProblemCsv(csvPath, defaults);
  } else if (!flags.empty()) {
    result.form = "flags";
    list = problemFromFlags(flags);
  }
  if (!list.ok())
    return failure(list.error);
  result.problems = list.problems;
  return result;
}

std::vector<ConvProblemDesc>
ckproblem::uniqueProblems(const std::vector<ConvProblemDesc> &problems) {
  std::vector<ConvProblemDesc> unique;
  std::set<std::string> seen;
  for (const ConvProblemDesc &p : problems)
    if (seen.insert(p.key()).second)
      unique.push_back(p);
  return unique;
}

std::vector<ConvProblemDesc>
ckproblem::uniqueProblemsWithoutSplitK(std::vector<ConvProblemDesc> problems) {
  for (ConvProblemDesc &p : problems)
    p.splitK.clear();
  return uniqueProblems(problems);
}

std::string ckproblem::problemArgsHelp() {
  // The flag table, indented under its heading.
  std::string flags;
  for (const std::string &line : detail::split(problemFlagsHelp(), '\n'))
    if (!line.empty())
      flags += "  " + line + "\n";
  return "Problems, in one of three forms:\n"
         "  named flags (one problem):\n" +
         flags +
         "  a CSV table (one problem per row):\n"
         "    --csv FILE --direction D --type T [--layouts I,F,O]\n"
         "      columns G,N,C,K,H,W,Y,X,stride_h,stride_w,pad_h,pad_w,dil_h,"
         "dil_w[,layers]\n"
         "      (bench/data/retinanet_bwd_weight.csv); '#' lines are "
         "comments\n"
         "  a ckProfiler command (one problem):\n"
         "    --ckprofiler OP ARGS...   OP is grouped_conv_fwd, "
         "grouped_conv_bwd_data or\n"
         "      grouped_conv_bwd_weight, ARGS its positional arguments as "
         "ckProfiler takes\n"
         "      them (as many as OP and num_dim_spatial call for; other "
         "flags may follow); e.g.\n"
         "      --ckprofiler grouped_conv_bwd_weight 1 2 0 1 0 1 2 1 16 256 "
         "256 3 3 50 50 1 1 1 1 1 1 1 1 -1\n";
}
