//===- CKPipelineOps.cpp - ck K-loop pipeline operations ------------------===//

#include "ck/Dialect/CK/IR/CK.h"

using namespace mlir;
using namespace mlir::ck;

//===----------------------------------------------------------------------===//
// TileGemmOp
//===----------------------------------------------------------------------===//

LogicalResult TileGemmOp::verify() {
  auto aType = cast<ShapedType>(getA().getType());
  auto bType = cast<ShapedType>(getB().getType());
  if (aType.getRank() != 3 || bType.getRank() != 3)
    return emitOpError() << "expects a G x M x K and a G x K x N operand, got "
                            "ranks "
                         << aType.getRank() << " and " << bType.getRank();
  Type element = aType.getElementType();
  if (element != bType.getElementType())
    return emitOpError() << "expects A and B of one element type, got "
                         << element << " and " << bType.getElementType();
  if (aType.getDimSize(0) != bType.getDimSize(0) ||
      aType.getDimSize(2) != bType.getDimSize(1))
    return emitOpError() << "expects A (" << aType.getShape()
                         << ") and B (" << bType.getShape()
                         << ") to agree on G and K";
  GemmConfigAttr config = getConfig();
  MatrixInstrAttrInterface mma = config.getMma();
  if (!mma.acceptsInputs(element))
    return emitOpError() << mma << " does not take " << element << " inputs";
  ArrayRef<int64_t> block = config.getBlock(), wave = config.getWave();
  int64_t instrK = mma.getShape()[2];
  if (block[2] % instrK)
    return emitOpError() << "block K (" << block[2]
                         << ") must be a multiple of the instruction's K ("
                         << instrK << ")";
  auto expected = AccType::getChecked(
      [&] { return emitOpError() << "config " << config << " gives no "
                                    "accumulator tile: "; },
      getContext(), block.take_front(2), Float32Type::get(getContext()), mma,
      {block[0] / wave[0], block[1] / wave[1]});
  if (!expected)
    return failure();
  if (getResult().getType() != expected)
    return emitOpError() << "result " << getResult().getType()
                         << " is not the config's accumulator " << expected;
  if (Value barriers = getBarriers()) {
    if (!config.hasRoles())
      return emitOpError() << "has ring barriers, which need load waves in "
                              "its config";
    auto type = cast<MemRefType>(barriers.getType());
    int64_t count = 2 * (config.getLdsBuffers() + config.getResidentB());
    if (type.getRank() != 1 || type.getDimSize(0) != count)
      return emitOpError() << "needs two ring barriers per LDS buffer"
                           << (config.getResidentB() ? " and two for B's" : "")
                           << " (" << count << "), got " << type;
  }
  if (getAMap() || getBMap()) {
    if (!config.hasRoles() || !config.getAsyncCopy())
      return emitOpError() << "copies with TMA, which needs load waves and "
                              "async_copy in its config";
    if (!getBarriers())
      return emitOpError() << "copies with TMA, which needs ring barriers";
  }
  if (bool(getRingFirst()) != bool(getRingTotal()))
    return emitOpError() << "takes a ring's first step and its total "
                            "together";
  if (getRingFirst() && !getBarriers())
    return emitOpError() << "has ring steps across units, which need ring "
                            "barriers";
  int resident = bool(getBGeneration()) + bool(getBGenerations()) +
                 bool(getBLoad()) + bool(getBRelease());
  if (resident != 0 && resident != 4)
    return emitOpError() << "takes resident B's generation, generations, "
                            "load and release together";
  if (resident && !config.getResidentB())
    return emitOpError() << "has resident B's generations, which need "
                            "resident_b in its config";
  if (resident && !getRingFirst())
    return emitOpError() << "has resident B's generations, which need ring "
                            "steps across units";
  return success();
}

//===----------------------------------------------------------------------===//
// LdsBufferOp
//===----------------------------------------------------------------------===//

LogicalResult LdsBufferOp::verify() {
  if (getAlign() < 16 || !llvm::isPowerOf2_64(getAlign()))
    return emitOpError() << "alignment " << getAlign()
                         << " is not a power of two of at least 16 bytes";
  if (getOffset() % 16 || getOffset() % getAlign())
    return emitOpError() << "offset " << getOffset()
                         << " is not a multiple of 16 bytes and of the "
                            "alignment "
                         << getAlign();
  return success();
}
