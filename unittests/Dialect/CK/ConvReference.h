//===- ConvReference.h - Direct convolutions on the host --------*- C++ -*-===//
//
// Tensors stored in any layout and a direct (loop nest) reference
// convolution over them, in f64 so that small integer inputs give exact
// results.
//
//===----------------------------------------------------------------------===//

#ifndef CK_UNITTESTS_DIALECT_CK_CONVREFERENCE_H
#define CK_UNITTESTS_DIALECT_CK_CONVREFERENCE_H

#include "ck/Dialect/CK/IR/ConvProblem.h"

#include <array>
#include <random>
#include <string>
#include <vector>

namespace ck_test {

/// A dense row-major tensor whose dimensions are named by layout letters.
struct HostTensor {
  std::string layout;
  std::vector<int64_t> shape;
  std::vector<double> data;

  HostTensor() = default;
  HostTensor(std::string layout, std::vector<int64_t> shape, double fill);

  /// Flat index of a memref coordinate.
  int64_t flatten(llvm::ArrayRef<int64_t> coord) const;
  /// Element at the logical coordinate `byLetter[letter]`.
  double &at(const std::array<int64_t, 128> &byLetter);
  /// Fills with random integers in [-3, 3].
  void randomize(std::mt19937_64 &rng);
};

/// Tensors of one convolution, each in its layout.
struct ConvTensors {
  HostTensor input, filter, output;
  std::vector<HostTensor> ds;
  HostTensor &written(mlir::ck::ConvDirection direction);
};

/// Sizes of a convolution with its layouts and epilogue, independent of IR.
struct ConvSpec {
  mlir::ck::ConvDirection direction = mlir::ck::ConvDirection::Forward;
  int64_t groups = 1, batch = 1, inChannels = 1, outChannels = 1;
  std::vector<int64_t> inSizes, filterSizes, outSizes;
  std::vector<int64_t> strides, dilations, padLeft, padRight;
  std::string inputLayout, filterLayout, outputLayout;
  double alpha = 1.0, beta = 1.0;
  bool hasAlpha = false, hasBeta = false;
  int numDs = 0;

  unsigned rank() const { return inSizes.size(); }
  /// Memref shape of one tensor, from its layout.
  std::vector<int64_t> shape(mlir::ck::ConvTensor tensor) const;
  std::string layout(mlir::ck::ConvTensor tensor) const;
  /// The convolution op in a func, as ck dialect text.
  std::string toMLIR() const;
  /// Allocates the tensors: inputs random, the written tensor NaN.
  ConvTensors makeTensors(std::mt19937_64 &rng) const;
};

/// Writes the reference result into the written tensor of `t`.
void referenceConv(const ConvSpec &spec, ConvTensors &t);

} // namespace ck_test

#endif // CK_UNITTESTS_DIALECT_CK_CONVREFERENCE_H
