//===- ConvVerifier.cpp - Rules of the convolution ops --------------------===//

#include "ck/Dialect/CK/IR/ConvProblem.h"

#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::ck;

static StringRef roleName(ConvTensor tensor) {
  switch (tensor) {
  case ConvTensor::Input:
    return "input";
  case ConvTensor::Filter:
    return "filter";
  case ConvTensor::Output:
    return "output";
  }
  llvm_unreachable("unknown convolution tensor");
}

/// The layout names exactly the letters of its role and matches the rank.
static LogicalResult verifyLayout(ConvOpInterface op, ConvTensor tensor,
                                  Value memref, LayoutAttr layout,
                                  unsigned spatialRank) {
  std::string expected = (channelLetters(tensor) +
                          spatialLetters(tensor, spatialRank))
                             .str();
  StringRef dims = layout.getDims();
  bool sameLetters = dims.size() == expected.size() &&
                     llvm::all_of(expected, [&](char letter) {
                       return dims.contains(letter);
                     });
  if (!sameLetters)
    return op->emitOpError()
           << roleName(tensor) << " layout " << dims << " does not fit a "
           << spatialRank << "-D convolution: expected the letters "
           << expected << ", each once, in any order";
  auto type = cast<MemRefType>(memref.getType());
  if (type.getRank() != int64_t(dims.size()))
    return op->emitOpError() << roleName(tensor) << " memref has rank "
                             << type.getRank() << " but its layout " << dims
                             << " has " << dims.size() << " dimensions";
  return success();
}

/// Sizes that two tensors share (G, N, C, K) agree.
static LogicalResult verifySharedSize(ConvOpInterface op, char letter,
                                      StringRef what, ConvTensor a,
                                      Value aMemref, LayoutAttr aLayout,
                                      ConvTensor b, Value bMemref,
                                      LayoutAttr bLayout) {
  int64_t aSize = cast<MemRefType>(aMemref.getType())
                      .getDimSize(*aLayout.find(letter));
  int64_t bSize = cast<MemRefType>(bMemref.getType())
                      .getDimSize(*bLayout.find(letter));
  if (aSize != bSize)
    return op->emitOpError() << what << " (" << letter << ") differs: "
                             << roleName(a) << " has " << aSize << ", "
                             << roleName(b) << " has " << bSize;
  return success();
}

static constexpr int64_t kMaxConvParameter = int64_t(1) << 31;

LogicalResult mlir::ck::verifyConvOp(ConvOpInterface op) {
  size_t rank = op.getStrides().size();
  if (rank < 1 || rank > 3)
    return op->emitOpError() << "expects 1, 2 or 3 spatial dimensions (one "
                                "stride each), got "
                             << rank;
  for (auto [name, values] : {std::pair{"dilations", op.getDilations()},
                              std::pair{"pad_left", op.getPadLeft()},
                              std::pair{"pad_right", op.getPadRight()}})
    if (values.size() != rank)
      return op->emitOpError() << "expects " << rank << " " << name
                               << ", one per spatial dimension, got "
                               << values.size();
  for (auto [i, stride] : llvm::enumerate(op.getStrides()))
    if (stride < 1)
      return op->emitOpError() << "stride #" << i << " is " << stride
                               << "; strides must be >= 1";
  for (auto [i, dilation] : llvm::enumerate(op.getDilations()))
    if (dilation < 1)
      return op->emitOpError() << "dilation #" << i << " is " << dilation
                               << "; dilations must be >= 1";
  for (auto [name, values] : {std::pair{"pad_left", op.getPadLeft()},
                              std::pair{"pad_right", op.getPadRight()}})
    for (auto [i, pad] : llvm::enumerate(values))
      if (pad < 0)
        return op->emitOpError() << name << " #" << i << " is " << pad
                                 << "; pads must be >= 0";
  // Bounding the parameters keeps every size computed from them exact.
  for (auto [name, values] : {std::pair{"stride", op.getStrides()},
                              std::pair{"dilation", op.getDilations()},
                              std::pair{"pad_left", op.getPadLeft()},
                              std::pair{"pad_right", op.getPadRight()}})
    for (auto [i, value] : llvm::enumerate(values))
      if (value >= kMaxConvParameter)
        return op->emitOpError() << name << " #" << i << " is " << value
                                 << "; strides, dilations and pads must be "
                                    "below 2^31";

  Value in = op.getInput(), filter = op.getFilter(), out = op.getOutput();
  for (auto [tensor, value] : {std::pair{ConvTensor::Input, in},
                               std::pair{ConvTensor::Filter, filter},
                               std::pair{ConvTensor::Output, out}})
    if (failed(verifyMemRefOperand(op, value, roleName(tensor))))
      return failure();
  LayoutAttr inLayout = op.getInputLayout(), filterLayout = op.getFilterLayout(),
             outLayout = op.getOutputLayout();
  if (failed(verifyLayout(op, ConvTensor::Input, in, inLayout, rank)) ||
      failed(verifyLayout(op, ConvTensor::Filter, filter, filterLayout, rank)) ||
      failed(verifyLayout(op, ConvTensor::Output, out, outLayout, rank)))
    return failure();

  Type inElem = cast<MemRefType>(in.getType()).getElementType();
  Type filterElem = cast<MemRefType>(filter.getType()).getElementType();
  Type outElem = cast<MemRefType>(out.getType()).getElementType();
  if (inElem != filterElem || inElem != outElem)
    return op->emitOpError()
           << "expects input, filter and output of one element type, got "
           << inElem << ", " << filterElem << " and " << outElem;

  using T = ConvTensor;
  if (failed(verifySharedSize(op, 'G', "group count", T::Input, in, inLayout,
                              T::Filter, filter, filterLayout)) ||
      failed(verifySharedSize(op, 'G', "group count", T::Input, in, inLayout,
                              T::Output, out, outLayout)) ||
      failed(verifySharedSize(op, 'N', "batch size", T::Input, in, inLayout,
                              T::Output, out, outLayout)) ||
      failed(verifySharedSize(op, 'C', "input channel count", T::Input, in,
                              inLayout, T::Filter, filter, filterLayout)) ||
      failed(verifySharedSize(op, 'K', "output channel count", T::Filter,
                              filter, filterLayout, T::Output, out, outLayout)))
    return failure();

  ConvProblem p = ConvProblem::fromOp(op);
  for (size_t i = 0; i < rank; ++i) {
    int64_t expected =
        convOutputSize(p.inSizes[i], p.filterSizes[i], p.strides[i],
                       p.dilations[i], p.padLeft[i], p.padRight[i]);
    int64_t dilatedFilter = p.dilations[i] * (p.filterSizes[i] - 1) + 1;
    int64_t paddedInput = p.inSizes[i] + p.padLeft[i] + p.padRight[i];
    if (expected < 1)
      return op->emitOpError()
             << "spatial dimension #" << i << ": the dilated filter (extent "
             << dilatedFilter << ") is larger than the padded input (extent "
             << paddedInput << "), so the output would be empty";
    if (expected != p.outSizes[i])
      return op->emitOpError()
             << "spatial dimension #" << i << ": expected output size "
             << expected << " = (" << paddedInput << " - " << dilatedFilter
             << ") / " << p.strides[i] << " + 1, got " << p.outSizes[i];
  }

  SmallVector<std::pair<std::string, Value>> reads;
  for (auto [tensor, value] : {std::pair{ConvTensor::Input, in},
                               std::pair{ConvTensor::Filter, filter},
                               std::pair{ConvTensor::Output, out}})
    if (tensor != p.writtenTensor())
      reads.emplace_back(roleName(tensor).str(), value);
  return verifyEpilogueOperands(op, op.getWrittenTensor(), op.getDs(),
                                op->getAttrOfType<FloatAttr>("beta"), reads);
}
