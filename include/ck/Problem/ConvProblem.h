//===- ConvProblem.h - A grouped convolution problem ------------*- C++ -*-===//
//
// The description of one grouped convolution as the tools take it from the
// command line, a CSV table or a ckProfiler command: direction, element
// type, sizes, layouts. Plain C++17 with the standard library only, so that
// tools running on machines without LLVM (ck-bench) share it with the
// compiler driver.
//
//===----------------------------------------------------------------------===//

#ifndef CK_PROBLEM_CONVPROBLEM_H
#define CK_PROBLEM_CONVPROBLEM_H

#include "ck/Support/Limits.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace ckproblem {

/// The sizes complete() accepts, so that every problem it accepts can be
/// compiled and launched and none of its sizes overflows (docs/Profiler.md,
/// "Limits"):
///
/// * G, N, C, K, strides, dilations, the padded input sizes (input plus
///   both pads) and the dilated filter sizes ((filter - 1) * dilation + 1)
///   are below 2^31, the bound the ck ops' verifier puts on strides,
///   dilations and pads; every other size and parameter is bounded by one
///   of these.
inline constexpr int64_t kSizeLimit = int64_t(1) << 31;
/// * G is at most 65535: the GEMM kernels launch the groups along grid y
///   (convert-ck-to-gpu's mapWorkgroupToTile: x the tiles, y G, z split-K),
///   and GPUs allow at most 65535 blocks in y.
inline constexpr int64_t kMaxGroups = cklimits::kMaxGrid[1];
/// * each tensor has at most 2^38 elements and cklimits::kMaxTensorBytes
///   (2^40) bytes: the elementwise kernels (reference, fill, split-K
///   reduction) launch one 256-thread block per 256 elements along grid x,
///   which GPUs limit to 2^31 - 1 blocks.
inline constexpr int64_t kMaxTensorElements = int64_t(1) << 38;
/// * the convolution has at most 2^61 multiply-adds, so that its flop count
///   (2 per multiply-add), which plans record as a 64-bit integer, fits
///   even after rounding to a double.
inline constexpr int64_t kMaxMultiplyAdds = int64_t(1) << 61;

/// A grouped convolution: C and K per group, spatial sizes outermost first
/// (D, H, W / Z, Y, X).
struct ConvProblemDesc {
  std::string direction = "bwd_weight"; // fwd | bwd_data | bwd_weight
  std::string dtype = "f16";            // f16 | bf16 | f32
  int64_t g = 1, n = 1, c = 1, k = 1;
  std::vector<int64_t> inSizes, filterSizes;
  std::vector<int64_t> strides, dilations, padLeft, padRight;
  /// Input, filter and output layouts; channels-last (NHWGC, GKYXC, NHWGK
  /// of the problem's rank) when empty.
  std::vector<std::string> layouts;
  /// ckProfiler's split_k argument of grouped_conv_bwd_weight as given
  /// ("-1", "4", "all"); empty when there was none. Recorded only: the
  /// compiler chooses its own partition.
  std::string splitK;

  /// Fills the defaults (strides and dilations 1, pads 0, channels-last
  /// layouts) and checks every field against the limits above. Returns ""
  /// when the problem is valid, else a message "invalid problem: <what and
  /// why>".
  std::string complete();

  // The sizes below are exact for a problem complete() accepted. For any
  // other, a size that does not fit int64_t is -1 (no arithmetic wraps).

  /// Output spatial sizes; 0 where the output would be empty.
  std::vector<int64_t> outSizes() const;
  /// The problem as a func holding its convolution op (ck dialect IR);
  /// needs the layouts complete() fills.
  std::string toMLIR() const;
  /// 2 * multiply-adds of the convolution.
  double flops() const;
  /// Length of the reduction behind each element of the written tensor:
  /// N*Ho*Wo (bwd_weight), C*Y*X (fwd), K*Y*X (bwd_data).
  int64_t reductionLength() const;
  /// Index (0 input, 1 filter, 2 output) of the tensor the op writes.
  int writtenTensor() const;
  /// Elements of the input, filter and output tensors.
  std::array<int64_t, 3> tensorElements() const;
  /// Bytes of one element of `dtype` (2 or 4).
  int64_t elementBytes() const;
  /// Bytes of all three tensors.
  int64_t bytes() const;
  /// One line: "bwd_weight f16 G=1 N=16 C=256 K=256 in=50x50 filter=3x3
  /// stride=1x1 dilation=1x1 pad=1x1/1x1" (then layouts when they are not
  /// the channels-last default, and split_k when given).
  std::string summary() const;
  /// A unique name that is safe as a file name, e.g.
  /// "bwd_weight-f16-G1-N16-C256-K256-in50x50-f3x3-s1x1-d1x1-pl1x1-pr1x1-
  /// NHWGC_GKYXC_NHWGK" (then "-splitk<V>" when split_k was given).
  std::string key() const;
};

/// The channels-last layouts (input, filter, output) of a problem of `rank`
/// spatial dimensions: NWGC/GKXC/NWGK, NHWGC/GKYXC/NHWGK,
/// NDHWGC/GKZYXC/NDHWGK.
std::vector<std::string> channelsLastLayouts(size_t rank);

/// What the problem parsers give: the problems, or a message that says what
/// is wrong and why (then `problems` is empty).
struct ProblemList {
  std::vector<ConvProblemDesc> problems;
  std::string error;
  bool ok() const { return error.empty(); }
};

} // namespace ckproblem

#endif // CK_PROBLEM_CONVPROBLEM_H
