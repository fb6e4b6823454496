//===- ProblemArgs.h - Problems from a tool's command line ------*- C++ -*-===//
//
// ck-compile and ck-bench take problems in three forms:
//
//   named flags    --direction bwd_weight --type f16 -G 1 -N 16 -C 256 ...
//                  (see ProblemFlags.h): one problem
//   a CSV table    --csv FILE --direction D --type T [--layouts I,F,O]
//                  (see ProblemCsv.h): one problem per row
//   ckProfiler     --ckprofiler OP ARGS...   (see CKProfilerArgs.h): one
//                  problem; ARGS are exactly the arguments OP and its
//                  num_dim_spatial call for, so the tool's own flags may
//                  follow (parseCKProfilerPrefix)
//
//===----------------------------------------------------------------------===//

#ifndef CK_PROBLEM_PROBLEMARGS_H
#define CK_PROBLEM_PROBLEMARGS_H

#include "ck/Problem/ConvProblem.h"

#include <string>
#include <vector>

namespace ckproblem {

struct ProblemArgs {
  std::vector<ConvProblemDesc> problems;
  /// The arguments that are not about the problem, in order, for the tool.
  std::vector<std::string> rest;
  /// "flags", "csv", "ckprofiler", or "" when no problem argument was given.
  std::string form;
  /// Empty on success.
  std::string error;
  bool ok() const { return error.empty(); }
};

/// Sorts a tool's arguments (without the program name) into the problems
/// they describe and the rest.
ProblemArgs parseProblemArgs(const std::vector<std::string> &args);

/// `problems` without repeats (same key), first occurrence kept.
std::vector<ConvProblemDesc>
uniqueProblems(const std::vector<ConvProblemDesc> &problems);

/// `problems` with ckProfiler's split_k left out, without repeats: the
/// problems of bundles compiled with a partition of their own (a sweep's
/// choices, ck-bench's --partition), keyed without `-splitk<V>` by
/// ck-compile --sweep and ck-bench alike.
std::vector<ConvProblemDesc>
uniqueProblemsWithoutSplitK(std::vector<ConvProblemDesc> problems);

/// The three forms and the named flags, for --help.
std::string problemArgsHelp();

} // namespace ckproblem

#endif // CK_PROBLEM_PROBLEMARGS_H
