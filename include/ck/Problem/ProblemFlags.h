//===- ProblemFlags.h - A problem from named flags --------------*- C++ -*-===//
//
// The named problem flags that ck-compile and ck-bench share:
//
//   --direction D      fwd | bwd_data | bwd_weight      (default bwd_weight)
//   --type T           f16 | bf16 | f32                 (default f16)
//   -G -N -C -K        groups, batch, input channels and filters per group
//                      (default 1 each)
//   --in 50,50         input spatial sizes (D,H,W; ',' or 'x' separated)
//   --filter 3,3       filter sizes
//   --stride --dilation                       (default 1 each)
//   --pad (both sides) | --pad-left --pad-right (default 0 each)
//   --layouts NHWGC,GKYXC,NHWGK               (default channels-last)
//
// Each is accepted as `-name V`, `-name=V`, `--name V` or `--name=V`. A
// list flag given twice appends, as llvm::cl lists do.
//
//===----------------------------------------------------------------------===//

#ifndef CK_PROBLEM_PROBLEMFLAGS_H
#define CK_PROBLEM_PROBLEMFLAGS_H

#include "ck/Problem/ConvProblem.h"

#include <string>
#include <vector>

namespace ckproblem {

/// One problem flag found on a command line: its name without dashes
/// ("G", "in", "pad-left") and its value.
struct ProblemFlag {
  std::string name;
  std::string value;
};

/// True if `name` (without dashes) is one of the problem flags above.
bool isProblemFlagName(const std::string &name);

/// Sorts `args` into problem flags (`flags`) and everything else (`rest`,
/// in order; a value that follows a non-problem option stays with it).
/// Returns "" or an error, e.g. a problem flag with no value after it.
std::string scanProblemFlags(const std::vector<std::string> &args,
                             std::vector<ProblemFlag> &flags,
                             std::vector<std::string> &rest);

/// The completed problem the flags describe (one problem), or an error
/// naming the flag at fault.
ProblemList problemFromFlags(const std::vector<ProblemFlag> &flags);

/// Parses a command line (without the program name) made only of problem
/// flags. When `rest` is given, other arguments are passed back there;
/// otherwise they are an error.
ProblemList parseProblemFlags(const std::vector<std::string> &args,
                              std::vector<std::string> *rest = nullptr);

/// `problem` as the flags above (`--name=V`), which problemFromFlags reads
/// back: the inverse of parsing, for handing a problem to ck-compile. A
/// ckProfiler split_k is not a flag and is left out.
std::vector<std::string> problemToFlags(const ConvProblemDesc &problem);

/// The table above, for --help.
const char *problemFlagsHelp();

} // namespace ckproblem

#endif // CK_PROBLEM_PROBLEMFLAGS_H
