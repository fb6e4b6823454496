//===- ConvProblem.cpp - Sizes of a convolution ---------------------------===//

#include "ck/Dialect/CK/IR/ConvProblem.h"

using namespace mlir;
using namespace mlir::ck;

StringRef mlir::ck::spatialLetters(ConvTensor tensor, unsigned rank) {
  if (rank < 1 || rank > 3)
    return {};
  StringRef letters = tensor == ConvTensor::Filter ? "ZYX" : "DHW";
  return letters.take_back(rank);
}

StringRef mlir::ck::channelLetters(ConvTensor tensor) {
  switch (tensor) {
  case ConvTensor::Input:
    return "NGC";
  case ConvTensor::Filter:
    return "GKC";
  case ConvTensor::Output:
    return "NGK";
  }
  llvm_unreachable("unknown convolution tensor");
}

int64_t mlir::ck::convOutputSize(int64_t in, int64_t filter, int64_t stride,
                                 int64_t dilation, int64_t padLeft,
                                 int64_t padRight) {
  int64_t span = in + padLeft + padRight - dilation * (filter - 1) - 1;
  if (span < 0)
    return 0;
  return span / stride + 1;
}

LayoutAttr ConvProblem::layout(ConvTensor tensor) const {
  switch (tensor) {
  case ConvTensor::Input:
    return inputLayout;
  case ConvTensor::Filter:
    return filterLayout;
  case ConvTensor::Output:
    return outputLayout;
  }
  llvm_unreachable("unknown convolution tensor");
}

ConvTensor ConvProblem::writtenTensor() const {
  switch (direction) {
  case ConvDirection::Forward:
    return ConvTensor::Output;
  case ConvDirection::BackwardData:
    return ConvTensor::Input;
  case ConvDirection::BackwardWeight:
    return ConvTensor::Filter;
  }
  llvm_unreachable("unknown convolution direction");
}

bool ConvProblem::isPointwise() const {
  auto allEqual = [](ArrayRef<int64_t> values, int64_t expected) {
    return llvm::all_of(values, [&](int64_t v) { return v == expected; });
  };
  return allEqual(filterSizes, 1) && allEqual(strides, 1) &&
         allEqual(padLeft, 0) && allEqual(padRight, 0);
}

/// Size of the dimension named `letter` of a memref with layout `layout`.
static int64_t sizeOf(Value memref, LayoutAttr layout, char letter) {
  return cast<MemRefType>(memref.getType()).getDimSize(*layout.find(letter));
}

ConvProblem ConvProblem::fromOp(ConvOpInterface op) {
  ConvProblem p;
  p.direction = op.getDirection();
  p.inputLayout = op.getInputLayout();
  p.filterLayout = op.getFilterLayout();
  p.outputLayout = op.getOutputLayout();
  p.groups = sizeOf(op.getInput(), p.inputLayout, 'G');
  p.batch = sizeOf(op.getInput(), p.inputLayout, 'N');
  p.inChannels = sizeOf(op.getInput(), p.inputLayout, 'C');
  p.outChannels = sizeOf(op.getOutput(), p.outputLayout, 'K');
  unsigned rank = op.getStrides().size();
  for (char letter : spatialLetters(ConvTensor::Input, rank)) {
    p.inSizes.push_back(sizeOf(op.getInput(), p.inputLayout, letter));
    p.outSizes.push_back(sizeOf(op.getOutput(), p.outputLayout, letter));
  }
  for (char letter : spatialLetters(ConvTensor::Filter, rank))
    p.filterSizes.push_back(sizeOf(op.getFilter(), p.filterLayout, letter));
  p.strides.assign(op.getStrides().begin(), op.getStrides().end());
  p.dilations.assign(op.getDilations().begin(), op.getDilations().end());
  p.padLeft.assign(op.getPadLeft().begin(), op.getPadLeft().end());
  p.padRight.assign(op.getPadRight().begin(), op.getPadRight().end());
  return p;
}
