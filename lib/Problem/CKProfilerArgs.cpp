//===- CKProfilerArgs.cpp - A problem from a ckProfiler command -----------===//
//
// The argument order, data type codes and layout codes follow Composable
// Kernel's profiler/src/profile_grouped_conv_{fwd,bwd_data,bwd_weight}.cpp
// and ck::utils::conv::parse_conv_param (G, N, K, C, filter sizes, input
// sizes, strides, dilations, left pads, right pads).
//
//===----------------------------------------------------------------------===//

#include "ck/Problem/CKProfilerArgs.h"

#include "ParseUtil.h"

#include <algorithm>

using namespace ckproblem;
using namespace ckproblem::detail;

namespace {

/// A data type or layout code of ckProfiler. `dtype` is ck-mlir's element
/// type for a supported data type code, nullptr for an unsupported one.
struct Code {
  int64_t code;
  const char *name;
  const char *dtype;
};

const Code kFwdTypes[] = {
    {0, "fp32", "f32"},
    {1, "fp16", "f16"},
    {2, "bf16", "bf16"},
    {3, "int8", nullptr},
    {4, "fp8", nullptr},
    {5, "bf8 input and weight, fp8 output", nullptr},
    {6, "fp8 input, bf8 weight, fp8 output", nullptr},
    {7, "bf8 input, fp8 weight, fp8 output", nullptr},
    {8, "fp32 with tf32 compute", nullptr},
};
const Code kBwdDataTypes[] = {
    {0, "fp32", "f32"},
    {1, "fp16", "f16"},
    {2, "bf16", "bf16"},
    {3, "fp32 with tf32 compute", nullptr},
};
const Code kBwdWeightTypes[] = {
    {0, "fp32", "f32"},
    {1, "fp16", "f16"},
    {2, "bf16 input and output with an fp32 weight", nullptr},
    {3, "fp16 with bf8/fp8 compute", nullptr},
    {4, "int8", nullptr},
    {5, "bf16", "bf16"},
    {6, "fp32 with tf32 compute", nullptr},
};
/// Layouts: `dtype` is non-null for the channels-last one.
const Code kFwdLayouts[] = {
    {0, "GNHWC_GKYXC_GNHWK", nullptr},
    {1, "NHWGC_GKYXC_NHWGK", "yes"},
    {2, "NGCHW_GKYXC_NGKHW", nullptr},
    {3, "NGCHW_GKCYX_NGKHW", nullptr},
};
const Code kBwdWeightLayouts[] = {
    {0, "GNCHW_GKCYX_GNKHW", nullptr}, {1, "GNHWC_GKYXC_GNHWK", nullptr},
    {2, "NHWGC_GKYXC_NHWGK", "yes"},   {3, "NGCHW_GKYXC_NGKHW", nullptr},
    {4, "NGCHW_GKCYX_NGKHW", nullptr},
};

template <size_t N> std::vector<Code> codes(const Code (&table)[N]) {
  return std::vector<Code>(table, table + N);
}

struct Operation {
  const char *name;
  const char *direction;
  std::vector<Code> types, layouts;
  bool splitK;
};

std::vector<Operation> operations() {
  return {
      {"grouped_conv_fwd", "fwd", codes(kFwdTypes), codes(kFwdLayouts), false},
      {"grouped_conv_bwd_data", "bwd_data", codes(kBwdDataTypes),
       codes(kFwdLayouts), false},
      {"grouped_conv_bwd_weight", "bwd_weight", codes(kBwdWeightTypes),
       codes(kBwdWeightLayouts), true}};
}

/// The supported codes of `table` for messages: "0 (fp32), 1 (fp16)".
std::string supported(const std::vector<Code> &table) {
  std::string text;
  for (const Code &code : table)
    if (code.dtype)
      text += (text.empty() ? "" : ", ") + std::to_string(code.code) + " (" +
              code.name + ")";
  return text;
}

/// The names of the arguments after the operation name.
std::vector<std::string> argumentNames(const Operation &op, bool indexType,
                                       int64_t rank) {
  std::vector<std::string> names = {"data_type", "layout"};
  if (indexType)
    names.push_back("index_type");
  for (const char *name :
       {"verify", "init", "log", "time", "num_dim_spatial", "G", "N", "K", "C"})
    names.push_back(name);
  const char *letters[3][3] = {{"X"}, {"Y", "X"}, {"Z", "Y", "X"}};
  const char *images[3][3] = {{"W"}, {"H", "W"}, {"D", "H", "W"}};
  const char *axes[3][3] = {{"x"}, {"y", "x"}, {"z", "y", "x"}};
  for (int64_t i = 0; i < rank; ++i)
    names.push_back(letters[rank - 1][i]);
  for (int64_t i = 0; i < rank; ++i)
    names.push_back(std::string(images[rank - 1][i]) + "i");
  for (const char *prefix : {"S", "D", "LeftP", "RightP"})
    for (int64_t i = 0; i < rank; ++i)
      names.push_back(prefix + std::string(axes[rank - 1][i]));
  if (op.splitK)
    names.push_back("split_k");
  return names;
}

std::string joinNames(const std::vector<std::string> &names) {
  std::string text;
  for (size_t i = 0; i < names.size(); ++i)
    text += (i ? " " : "") + names[i];
  return text;
}

/// The rank in args[position] when it is 1, 2 or 3, else 0.
int64_t rankAt(const std::vector<std::string> &args, size_t position) {
  int64_t rank;
  if (position >= args.size() || !parseInt(args[position], rank) || rank < 1 ||
      rank > 3)
    return 0;
  return rank;
}

bool endsWith(const std::string &text, const std::string &suffix) {
  return text.size() >= suffix.size() &&
         text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

/// Where a command's arguments are: `indexType` when it has the forward
/// op's index_type argument (then num_dim_spatial is argument 8, else 7),
/// and `rank`, the num_dim_spatial given (0 when it is not 1, 2 or 3).
struct Form {
  bool indexType = false;
  int64_t rank = 0;
};

/// The form of `args` (the operation name first) for `op`.
Form formOf(const Operation &op, const std::vector<std::string> &args) {
  Form form;
  if (std::string(op.direction) != "fwd") {
    form.rank = rankAt(args, 7);
    return form;
  }
  // The forward op of newer ckProfilers has index_type after the layout.
  // The two forms differ in the argument count modulo 6.
  int64_t newRank = rankAt(args, 8), oldRank = rankAt(args, 7);
  if (newRank && args.size() == size_t(9 + 4 + 6 * newRank)) {
    form = {true, newRank};
  } else if (oldRank && args.size() == size_t(8 + 4 + 6 * oldRank)) {
    form = {false, oldRank};
  } else {
    // Neither fits: report against the current form unless only the
    // older one has a valid num_dim_spatial.
    form.indexType = newRank || !oldRank;
    form.rank = form.indexType ? newRank : oldRank;
  }
  return form;
}

const Operation *findOperation(const std::vector<Operation> &ops,
                               const std::string &name) {
  for (const Operation &op : ops)
    if (name == op.name)
      return &op;
  return nullptr;
}

/// True for "-o", "--chip=sm_90a", "--": an argument that starts with '-'
/// and is no number, so never one of ckProfiler's.
bool looksLikeFlag(const std::string &arg) {
  int64_t value;
  return arg.size() >= 2 && arg[0] == '-' && !parseInt(arg, value);
}

} // namespace

ProblemList
ckproblem::parseCKProfilerArgs(const std::vector<std::string> &input) {
  ProblemList result;
  std::vector<std::string> args = input;
  if (!args.empty() && endsWith(args.front(), "ckProfiler"))
    args.erase(args.begin());
  if (args.empty()) {
    result.error = "ckProfiler: expected an operation (grouped_conv_fwd, "
                   "grouped_conv_bwd_data or grouped_conv_bwd_weight) and "
                   "its arguments";
    return result;
  }
  std::vector<Operation> ops = operations();
  const Operation *op = findOperation(ops, args[0]);
  if (!op) {
    result.error = "ckProfiler: operation '" + args[0] +
                   "' is not supported; expected grouped_conv_fwd, "
                   "grouped_conv_bwd_data or grouped_conv_bwd_weight";
    return result;
  }
  std::string where = std::string("ckProfiler ") + op->name + ": ";

  Form form = formOf(*op, args);
  bool indexType = form.indexType;
  int64_t rank = form.rank;
  size_t rankPosition = indexType ? 8 : 7;
  if (!rank) {
    result.error = where + "argument " + std::to_string(rankPosition) +
                   " (num_dim_spatial) must be 1, 2 or 3, got " +
                   (rankPosition < args.size() ? "'" + args[rankPosition] + "'"
                                               : std::string("nothing"));
    return result;
  }
  std::vector<std::string> names = argumentNames(*op, indexType, rank);
  if (args.size() != names.size() + 1) {
    result.error = where + "with num_dim_spatial=" + std::to_string(rank) +
                   " expected " + std::to_string(names.size()) +
                   " arguments after the operation name (" + joinNames(names) +
                   "), got " + std::to_string(args.size() - 1);
    if (args.size() > names.size() + 1)
      result.error += "; the extra ones are " +
                      quoteJoin(std::vector<std::string>(
                          args.begin() + names.size() + 1, args.end()));
    return result;
  }

  // Every argument but split_k is an integer.
  std::vector<int64_t> values(names.size());
  for (size_t i = 0; i < names.size(); ++i) {
    if (names[i] == "split_k")
      continue;
    if (!parseInt(args[i + 1], values[i])) {
      result.error = where + "argument " + std::to_string(i + 1) + " (" +
                     names[i] + ") expects an integer, got '" + args[i + 1] +
                     "'";
      return result;
    }
  }

  ConvProblemDesc p;
  p.direction = op->direction;
  const Code *type = nullptr;
  for (const Code &code : op->types)
    if (code.code == values[0])
      type = &code;
  if (!type || !type->dtype) {
    result.error = where + "data type " + std::to_string(values[0]) +
                   (type ? " (" + std::string(type->name) + ") is not supported"
                         : std::string(" is unknown")) +
                   "; ck-mlir takes " + supported(op->types);
    return result;
  }
  p.dtype = type->dtype;
  const Code *layout = nullptr;
  for (const Code &code : op->layouts)
    if (code.code == values[1])
      layout = &code;
  if (!layout || !layout->dtype) {
    result.error =
        where + "layout " + std::to_string(values[1]) +
        (layout ? " (" + std::string(layout->name) + ") is not supported"
                : std::string(" is unknown")) +
        "; ck-mlir takes the channels-last layout " + supported(op->layouts) +
        " (NWGC/NHWGC/NDHWGC input)";
    return result;
  }
  p.layouts = channelsLastLayouts(size_t(rank));

  size_t at = indexType ? 8 : 7; // G in `values` (after the op name)
  p.g = values[at++];
  p.n = values[at++];
  p.k = values[at++];
  p.c = values[at++];
  for (std::vector<int64_t> *target : {&p.filterSizes, &p.inSizes, &p.strides,
                                       &p.dilations, &p.padLeft, &p.padRight})
    for (int64_t i = 0; i < rank; ++i)
      target->push_back(values[at++]);
  if (op->splitK) {
    const std::string &splitK = args.back();
    int64_t value;
    if (splitK != "all" && !parseInt(splitK, value)) {
      result.error = where +
                     "split_k (the last argument) expects an integer "
                     "or 'all', got '" +
                     splitK + "'";
      return result;
    }
    p.splitK = splitK;
  }
  std::string error = p.complete();
  if (!error.empty()) {
    result.error = where + error;
    return result;
  }
  result.problems.push_back(p);
  return result;
}

ProblemList
ckproblem::parseCKProfilerPrefix(const std::vector<std::string> &args,
                                 size_t &used) {
  // The command never runs past an argument that looks like a flag.
  size_t end = 0;
  while (end < args.size() && !looksLikeFlag(args[end]))
    ++end;
  size_t start = end && endsWith(args[0], "ckProfiler") ? 1 : 0;
  used = end;
  size_t arity = 0; // the arguments the command calls for, 0 if unknown
  std::vector<Operation> ops = operations();
  if (start < end) {
    if (const Operation *op = findOperation(ops, args[start])) {
      std::vector<std::string> command(args.begin() + start,
                                       args.begin() + end);
      Form form = formOf(*op, command);
      if (form.rank) {
        arity =
            start + 1 + argumentNames(*op, form.indexType, form.rank).size();
        used = std::min(end, arity);
      }
    }
  }
  ProblemList result = parseCKProfilerArgs(
      std::vector<std::string>(args.begin(), args.begin() + used));
  // Cut short by a flag: say so.
  if (!result.ok() && used == end && end < args.size() &&
      (!arity || used < arity))
    result.error += " (the command ends before '" + args[used] +
                    "', which is not a ckProfiler argument; a tool's own "
                    "flags go before --ckprofiler or after the command)";
  return result;
}
