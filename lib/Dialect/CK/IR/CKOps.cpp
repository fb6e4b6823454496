//===- CKOps.cpp - ck dialect operations ----------------------------------===//

#include "ck/Dialect/CK/IR/CK.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace mlir::ck;

//===----------------------------------------------------------------------===//
// Custom directive: layouts(NHWGC, GKYXC, NHWGK)
//===----------------------------------------------------------------------===//

static ParseResult parseConvLayouts(OpAsmParser &parser, LayoutAttr &input,
                                    LayoutAttr &filter, LayoutAttr &output) {
  LayoutAttr *slots[] = {&input, &filter, &output};
  for (auto [i, slot] : llvm::enumerate(slots)) {
    if (i && parser.parseComma())
      return failure();
    StringRef dims;
    SMLoc loc = parser.getCurrentLocation();
    if (parser.parseKeyword(&dims))
      return failure();
    *slot = LayoutAttr::getChecked([&] { return parser.emitError(loc); },
                                   parser.getContext(), dims);
    if (!*slot)
      return failure();
  }
  return success();
}

static void printConvLayouts(OpAsmPrinter &printer, Operation *,
                             LayoutAttr input, LayoutAttr filter,
                             LayoutAttr output) {
  printer << input.getDims() << ", " << filter.getDims() << ", "
          << output.getDims();
}

//===----------------------------------------------------------------------===//
// Shared checks
//===----------------------------------------------------------------------===//

LogicalResult mlir::ck::verifyEpilogueOperands(Operation *op, Value dest,
                                               ValueRange ds, FloatAttr beta) {
  auto destType = cast<ShapedType>(dest.getType());
  for (auto [i, d] : llvm::enumerate(ds)) {
    auto dType = cast<ShapedType>(d.getType());
    if (dType.getShape() != destType.getShape() ||
        dType.getElementType() != destType.getElementType())
      return op->emitOpError()
             << "D tensor #" << i << " must have the shape and element type of "
             << dest.getType() << ", got " << d.getType();
  }
  if (beta && ds.empty())
    return op->emitOpError() << "has beta but no D tensors for it to scale";
  return success();
}

//===----------------------------------------------------------------------===//
// GemmOp
//===----------------------------------------------------------------------===//

LogicalResult GemmOp::verify() {
  auto a = cast<ShapedType>(getA().getType());
  auto b = cast<ShapedType>(getB().getType());
  auto c = cast<ShapedType>(getC().getType());
  for (auto [name, type, dims] : {std::tuple{"a", a, "G x M x K"},
                                  std::tuple{"b", b, "G x K x N"},
                                  std::tuple{"c", c, "G x M x N"}})
    if (type.getRank() != 3)
      return emitOpError() << "expects " << name << " to be rank 3 (" << dims
                           << "), got rank " << type.getRank();
  if (a.getDimSize(0) != b.getDimSize(0) || a.getDimSize(0) != c.getDimSize(0))
    return emitOpError() << "expects one batch size G for a, b and c, got "
                         << a.getDimSize(0) << ", " << b.getDimSize(0)
                         << " and " << c.getDimSize(0);
  if (a.getDimSize(1) != c.getDimSize(1))
    return emitOpError() << "expects M of a (" << a.getDimSize(1)
                         << ") to equal M of c (" << c.getDimSize(1) << ")";
  if (a.getDimSize(2) != b.getDimSize(1))
    return emitOpError() << "expects K of a (" << a.getDimSize(2)
                         << ") to equal K of b (" << b.getDimSize(1) << ")";
  if (b.getDimSize(2) != c.getDimSize(2))
    return emitOpError() << "expects N of b (" << b.getDimSize(2)
                         << ") to equal N of c (" << c.getDimSize(2) << ")";
  if (a.getElementType() != b.getElementType())
    return emitOpError() << "expects a and b of one element type, got "
                         << a.getElementType() << " and "
                         << b.getElementType();
  return verifyEpilogueOperands(*this, getC(), getDs(), getBetaAttr());
}

//===----------------------------------------------------------------------===//
// FillOp
//===----------------------------------------------------------------------===//

LogicalResult FillOp::verify() {
  return verifyEpilogueOperands(*this, getDest(), getDs(), getBetaAttr());
}

//===----------------------------------------------------------------------===//
// TransformOp
//===----------------------------------------------------------------------===//

LogicalResult TransformOp::verify() {
  auto source = cast<ShapedType>(getSource().getType());
  ViewType result = getResult().getType();
  TransformMapAttr map = getMap();
  if (source.getShape() != map.getLowerBounds())
    return emitOpError() << "source shape [" << source.getShape()
                         << "] differs from the map's lower bounds ["
                         << map.getLowerBounds() << "]";
  if (result.getShape() != map.getUpperBounds())
    return emitOpError() << "result shape [" << result.getShape()
                         << "] differs from the map's upper bounds ["
                         << map.getUpperBounds() << "]";
  if (source.getElementType() != result.getElementType())
    return emitOpError() << "result element type " << result.getElementType()
                         << " differs from the source's "
                         << source.getElementType();
  return success();
}

//===----------------------------------------------------------------------===//
// MmaOp
//===----------------------------------------------------------------------===//

LogicalResult MmaOp::verify() {
  // The fragment sizes come from ck/Target; the IR library only checks what
  // does not depend on the chip: A and B share an element type.
  if (getA().getType().getElementType() != getB().getType().getElementType())
    return emitOpError() << "expects A and B fragments of one element type";
  return success();
}

#define GET_OP_CLASSES
#include "ck/Dialect/CK/IR/CK.cpp.inc"
