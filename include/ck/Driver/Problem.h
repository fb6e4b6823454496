//===- Problem.h - Convolution problems from the command line ---*- C++ -*-===//

#ifndef CK_DRIVER_PROBLEM_H
#define CK_DRIVER_PROBLEM_H

#include "mlir/Support/LLVM.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace mlir::ck {

/// A grouped convolution as the tools take it: C and K per group, sizes
/// outermost first.
struct ConvProblemDesc {
  std::string direction = "bwd_weight"; // fwd | bwd_data | bwd_weight
  std::string dtype = "f16";            // f16 | bf16 | f32
  int64_t g = 1, n = 1, c = 1, k = 1;
  std::vector<int64_t> inSizes, filterSizes;
  std::vector<int64_t> strides, dilations, padLeft, padRight;
  /// Input, filter and output layouts; channels-last when empty.
  std::vector<std::string> layouts;

  /// Fills defaults (strides 1, pads 0, layouts) and checks the sizes;
  /// the error says what is wrong.
  llvm::Error complete();
  std::vector<int64_t> outSizes() const;
  /// The problem as a func holding its convolution op.
  std::string toMLIR() const;
  /// 2 * multiply-adds of the convolution.
  double flops() const;
  /// Length of the reduction behind each output element.
  int64_t reductionLength() const;
  /// Index (0 input, 1 filter, 2 output) of the tensor the op writes.
  int writtenTensor() const;
  /// One line: "bwd_weight f16 G=1 N=16 C=256 K=256 in=50x50 ...".
  std::string summary() const;
};

} // namespace mlir::ck

#endif // CK_DRIVER_PROBLEM_H
