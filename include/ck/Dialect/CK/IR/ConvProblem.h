//===- ConvProblem.h - Sizes of a convolution -------------------*- C++ -*-===//
//
// A plain description of a grouped convolution (sizes and parameters, no
// IR), read off a verified conv op. Conv-to-GEMM and the tests work on it.
//
//===----------------------------------------------------------------------===//

#ifndef CK_DIALECT_CK_IR_CONVPROBLEM_H
#define CK_DIALECT_CK_IR_CONVPROBLEM_H

#include "ck/Dialect/CK/IR/CK.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

namespace mlir::ck {

/// The role a tensor plays in a convolution.
enum class ConvTensor { Input, Filter, Output };

/// Letters of the spatial dimensions of a tensor with `rank` spatial
/// dimensions, outermost first: "W", "HW", "DHW" for activations and "X",
/// "YX", "ZYX" for filters. Empty for an unsupported rank.
llvm::StringRef spatialLetters(ConvTensor tensor, unsigned rank);

/// The non-spatial letters of a tensor: "NGC", "GKC" or "NGK".
llvm::StringRef channelLetters(ConvTensor tensor);

/// Output size of one spatial dimension; may be < 1 for invalid problems.
int64_t convOutputSize(int64_t in, int64_t filter, int64_t stride,
                       int64_t dilation, int64_t padLeft, int64_t padRight);

struct ConvProblem {
  ConvDirection direction = ConvDirection::Forward;
  int64_t groups = 1, batch = 1, inChannels = 1, outChannels = 1;
  /// Spatial sizes, outermost first (D, H, W / Z, Y, X).
  llvm::SmallVector<int64_t> inSizes, filterSizes, outSizes;
  llvm::SmallVector<int64_t> strides, dilations, padLeft, padRight;
  LayoutAttr inputLayout, filterLayout, outputLayout;

  unsigned spatialRank() const { return inSizes.size(); }
  LayoutAttr layout(ConvTensor tensor) const;
  /// The tensor the convolution writes: output, input or filter.
  ConvTensor writtenTensor() const;

  /// 1x1 filter, unit strides and zero pads: the GEMM operands are plain
  /// reshapes of the tensors.
  bool isPointwise() const;

  /// Reads a verified convolution op.
  static ConvProblem fromOp(ConvOpInterface op);
};

} // namespace mlir::ck

#endif // CK_DIALECT_CK_IR_CONVPROBLEM_H
