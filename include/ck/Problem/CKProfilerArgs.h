//===- CKProfilerArgs.h - A problem from a ckProfiler command ---*- C++ -*-===//
//
// Composable Kernel's profiler takes a convolution as positional arguments
// (profiler/src/profile_grouped_conv_{fwd,bwd_data,bwd_weight}.cpp):
//
//   ckProfiler grouped_conv_fwd        DT L [IDX] V I LOG T  NDIM G N K C
//   ckProfiler grouped_conv_bwd_data   DT L V I LOG T        NDIM G N K C
//   ckProfiler grouped_conv_bwd_weight DT L V I LOG T        NDIM G N K C
//        <filter sizes> <input sizes> <strides> <dilations>
//        <left pads> <right pads>   [split_k, bwd_weight only]
//
// DT is the data type code, L the layout code, IDX (newer ckProfilers, fwd
// only) the index type, V/I/LOG/T verification, initialization, logging and
// timing switches (accepted and ignored), NDIM the number of spatial
// dimensions; K and C are per group. The codes ck-mlir supports:
//
//   op                data types                 channels-last layout code
//   grouped_conv_fwd  0 f32, 1 f16, 2 bf16       1 (NHWGC, GKYXC, NHWGK)
//   ..._bwd_data      0 f32, 1 f16, 2 bf16       1
//   ..._bwd_weight    0 f32, 1 f16, 5 bf16       2
//
// Other codes (int8, fp8, tf32, mixed bf16/f32, the G-first and
// channels-first layouts) are refused with a message naming them.
//
//===----------------------------------------------------------------------===//

#ifndef CK_PROBLEM_CKPROFILERARGS_H
#define CK_PROBLEM_CKPROFILERARGS_H

#include "ck/Problem/ConvProblem.h"

#include <string>
#include <vector>

namespace ckproblem {

/// Parses ckProfiler's arguments starting at the operation name
/// (`args[0]` is "grouped_conv_bwd_weight", ...; a leading program name
/// ending in "ckProfiler" is skipped). Gives one completed problem.
ProblemList parseCKProfilerArgs(const std::vector<std::string> &args);

/// Parses the ckProfiler command at the start of `args`, which other
/// arguments (a tool's own flags) may follow: the command takes exactly the
/// arguments its operation and num_dim_spatial call for, and never one that
/// looks like a flag (starts with '-' and is not a number), so that
/// `--ckprofiler grouped_conv_bwd_weight ... -1 -o DIR` leaves `-o DIR` to
/// the tool. `used` is set to the number of arguments the command took.
ProblemList parseCKProfilerPrefix(const std::vector<std::string> &args,
                                  size_t &used);

} // namespace ckproblem

#endif // CK_PROBLEM_CKPROFILERARGS_H
