//===- ProblemFlags.cpp - A problem from named flags ----------------------===//

#include "ck/Problem/ProblemFlags.h"

#include "ParseUtil.h"

using namespace ckproblem;
using namespace ckproblem::detail;

namespace {
const char *const kListFlags[] = {"in",  "filter",   "stride",   "dilation",
                                  "pad", "pad-left", "pad-right"};
const char *const kOtherFlags[] = {"direction", "type", "G",      "N",
                                   "C",         "K",    "layouts"};

/// `arg` as a flag name (dashes dropped) and, after '=', its value.
bool splitFlag(const std::string &arg, std::string &name, std::string &value,
               bool &hasValue) {
  if (arg.size() < 2 || arg[0] != '-')
    return false;
  size_t start = arg[1] == '-' ? 2 : 1;
  size_t eq = arg.find('=');
  name = arg.substr(start,
                    eq == std::string::npos ? std::string::npos : eq - start);
  hasValue = eq != std::string::npos;
  value = hasValue ? arg.substr(eq + 1) : "";
  return !name.empty();
}

std::string dashed(const std::string &name) {
  return (name.size() == 1 ? "-" : "--") + name;
}
} // namespace

bool ckproblem::isProblemFlagName(const std::string &name) {
  for (const char *flag : kListFlags)
    if (name == flag)
      return true;
  for (const char *flag : kOtherFlags)
    if (name == flag)
      return true;
  return false;
}

std::string ckproblem::scanProblemFlags(const std::vector<std::string> &args,
                                        std::vector<ProblemFlag> &flags,
                                        std::vector<std::string> &rest) {
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string &arg = args[i];
    if (arg == "--") {
      rest.insert(rest.end(), args.begin() + i, args.end());
      break;
    }
    std::string name, value;
    bool hasValue = false;
    if (!splitFlag(arg, name, value, hasValue) || !isProblemFlagName(name)) {
      rest.push_back(arg);
      continue;
    }
    if (!hasValue) {
      if (i + 1 == args.size())
        return dashed(name) + " needs a value";
      value = args[++i];
    }
    flags.push_back({name, value});
  }
  return "";
}

ProblemList ckproblem::problemFromFlags(const std::vector<ProblemFlag> &flags) {
  ConvProblemDesc p;
  std::vector<int64_t> pads;
  bool anyPad = false, anySidePad = false;
  auto fail = [](const std::string &message) {
    ProblemList result;
    result.error = message;
    return result;
  };
  for (const ProblemFlag &flag : flags) {
    const std::string &name = flag.name;
    if (name == "direction") {
      p.direction = flag.value;
    } else if (name == "type") {
      p.dtype = flag.value;
    } else if (name == "G" || name == "N" || name == "C" || name == "K") {
      int64_t value;
      if (!parseInt(flag.value, value))
        return fail(dashed(name) + " expects an integer, got '" + flag.value +
                    "'");
      (name == "G" ? p.g : name == "N" ? p.n : name == "C" ? p.c : p.k) = value;
    } else if (name == "layouts") {
      for (const std::string &layout : split(flag.value, ','))
        p.layouts.push_back(trim(layout));
    } else {
      std::vector<int64_t> values;
      if (!parseIntList(flag.value, values))
        return fail(dashed(name) +
                    " expects integers separated by ',' or 'x' (e.g. 3,3), "
                    "got '" +
                    flag.value + "'");
      std::vector<int64_t> &target = name == "in"         ? p.inSizes
                                     : name == "filter"   ? p.filterSizes
                                     : name == "stride"   ? p.strides
                                     : name == "dilation" ? p.dilations
                                     : name == "pad"      ? pads
                                     : name == "pad-left" ? p.padLeft
                                                          : p.padRight;
      target.insert(target.end(), values.begin(), values.end());
      anyPad |= name == "pad";
      anySidePad |= name == "pad-left" || name == "pad-right";
    }
  }
  if (anyPad && anySidePad)
    return fail("give --pad (both sides) or --pad-left/--pad-right, not both");
  if (anyPad)
    p.padLeft = p.padRight = pads;
  std::string error = p.complete();
  if (!error.empty())
    return fail(error);
  ProblemList result;
  result.problems.push_back(p);
  return result;
}

ProblemList ckproblem::parseProblemFlags(const std::vector<std::string> &args,
                                         std::vector<std::string> *rest) {
  std::vector<ProblemFlag> flags;
  std::vector<std::string> others;
  ProblemList result;
  result.error = scanProblemFlags(args, flags, others);
  if (!result.ok())
    return result;
  if (rest)
    *rest = others;
  else if (!others.empty()) {
    result.error = "unknown problem argument '" + others.front() +
                   "' (expected " +
                   "--direction, --type, -G, -N, -C, -K, "
                   "--in, --filter, --stride, --dilation, --pad, --pad-left, "
                   "--pad-right or --layouts)";
    return result;
  }
  return problemFromFlags(flags);
}

const char *ckproblem::problemFlagsHelp() {
  return "  --direction D        fwd, bwd_data or bwd_weight (default "
         "bwd_weight)\n"
         "  --type T             f16, bf16 or f32 (default f16)\n"
         "  -G -N -C -K          groups, batch, input channels and filters per "
         "group (default 1)\n"
         "  --in 50,50           input spatial sizes (D,H,W; ',' or 'x' "
         "separated)\n"
         "  --filter 3,3         filter sizes\n"
         "  --stride, --dilation per dimension (default 1)\n"
         "  --pad, or --pad-left and --pad-right\n"
         "                       pads (default 0)\n"
         "  --layouts I,F,O      layouts (default channels-last: "
         "NHWGC,GKYXC,NHWGK)\n"
         "  Flags take `-name V`, `-name=V`, `--name V` or `--name=V`.\n";
}

std::vector<std::string>
ckproblem::problemToFlags(const ConvProblemDesc &problem) {
  std::vector<std::string> flags = {"--direction=" + problem.direction,
                                    "--type=" + problem.dtype,
                                    "-G=" + std::to_string(problem.g),
                                    "-N=" + std::to_string(problem.n),
                                    "-C=" + std::to_string(problem.c),
                                    "-K=" + std::to_string(problem.k),
                                    "--in=" + joinX(problem.inSizes),
                                    "--filter=" + joinX(problem.filterSizes)};
  auto addList = [&](const char *name, const std::vector<int64_t> &values) {
    if (!values.empty())
      flags.push_back(std::string("--") + name + "=" + joinX(values));
  };
  addList("stride", problem.strides);
  addList("dilation", problem.dilations);
  addList("pad-left", problem.padLeft);
  addList("pad-right", problem.padRight);
  if (!problem.layouts.empty()) {
    std::string layouts;
    for (size_t i = 0; i < problem.layouts.size(); ++i)
      layouts += (i ? "," : "") + problem.layouts[i];
    flags.push_back("--layouts=" + layouts);
  }
  return flags;
}
