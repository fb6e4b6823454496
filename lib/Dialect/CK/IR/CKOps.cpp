//===- CKOps.cpp - ck dialect operations ----------------------------------===//

#include "ck/Dialect/CK/IR/CK.h"
#include "ck/Support/Limits.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace mlir::ck;

//===----------------------------------------------------------------------===//
// Custom directive: layouts(NHWGC, GKYXC, NHWGK)
//===----------------------------------------------------------------------===//

/// One type for `count` values: printed once, given to each when parsed.
/// At most kMaxUniformValues of them (a thread's vectors of one copy are
/// far fewer), so that a result count such as `%r:2147483647` is an error,
/// not an allocation of that many.
static ParseResult parseTypeFor(OpAsmParser &parser, size_t count,
                                SmallVectorImpl<Type> &types) {
  constexpr size_t kMaxUniformValues = 65536;
  SMLoc loc = parser.getCurrentLocation();
  Type type;
  if (parser.parseType(type))
    return failure();
  if (count > kMaxUniformValues)
    return parser.emitError(loc)
           << count << " values of one type; at most " << kMaxUniformValues;
  types.assign(count, type);
  return success();
}

static void printTypeOfAll(OpAsmPrinter &printer, TypeRange types) {
  // The verifiers require at least one value, all of one type.
  if (!types.empty())
    printer.printType(types.front());
}

/// The one type of a variadic operand's values (the positions of a
/// ck.tile_load, the vectors of a ck.tile_store_lds).
static ParseResult
parseUniformTypes(OpAsmParser &parser,
                  ArrayRef<OpAsmParser::UnresolvedOperand> operands,
                  SmallVectorImpl<Type> &types) {
  return parseTypeFor(parser, operands.size(), types);
}

static void printUniformTypes(OpAsmPrinter &printer, Operation *, OperandRange,
                              TypeRange types) {
  printTypeOfAll(printer, types);
}

/// The one type of an op's results: as many as the parser was given names
/// for (`%r:2 = ...`).
static ParseResult parseUniformResultTypes(OpAsmParser &parser,
                                           SmallVectorImpl<Type> &types) {
  return parseTypeFor(parser, parser.getNumResults(), types);
}

static void printUniformResultTypes(OpAsmPrinter &printer, Operation *,
                                    TypeRange types) {
  printTypeOfAll(printer, types);
}

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

/// The alignment ck kernels assume of every tensor's first element: their
/// widest vector accesses.
static constexpr int64_t kTensorAlignmentBytes = 16;

LogicalResult mlir::ck::verifyMemRefOperand(Operation *op, Value value,
                                            StringRef what) {
  auto type = dyn_cast<MemRefType>(value.getType());
  if (!type)
    return success();
  if (llvm::is_contained(type.getShape(), 0))
    return op->emitOpError() << what << " " << type
                             << " has a dimension of size 0; ck ops take "
                                "tensors with at least one element";
  if (type.getMemorySpace())
    return op->emitOpError()
           << what << " " << type << " is in memory space "
           << type.getMemorySpace()
           << "; ck ops take memrefs in the default (global) memory space";
  int64_t bytes = type.getElementTypeBitWidth() / 8;
  int64_t elements = 1;
  for (int64_t size : type.getShape())
    if (llvm::MulOverflow(elements, size, elements) ||
        elements > cklimits::kMaxTensorBytes / bytes)
      return op->emitOpError()
             << what << " " << type << " is larger than "
             << cklimits::kMaxTensorBytes << " bytes, the largest tensor ck "
                                           "kernels address";
  if (type.getLayout().isIdentity())
    return success();
  // Kernels index memrefs as row-major and contiguous: a strided layout is
  // accepted only where it says exactly that, at an aligned offset.
  SmallVector<int64_t> strides;
  int64_t offset;
  SmallVector<int64_t> rowMajor(type.getRank(), 1);
  for (int64_t i = type.getRank() - 1; i > 0; --i)
    rowMajor[i - 1] = rowMajor[i] * type.getDimSize(i);
  if (failed(type.getStridesAndOffset(strides, offset)) ||
      ArrayRef(strides) != ArrayRef(rowMajor))
    return op->emitOpError()
           << what << " " << type
           << " is not row-major and contiguous; ck ops take such memrefs "
              "and express other access patterns as ck.transform views";
  if (ShapedType::isDynamic(offset) ||
      (offset * bytes) % kTensorAlignmentBytes != 0)
    return op->emitOpError()
           << what << " " << type << " starts "
           << (ShapedType::isDynamic(offset)
                   ? std::string("at a dynamic offset")
                   : std::to_string(offset * bytes) + " bytes")
           << " past its base; ck kernels use " << kTensorAlignmentBytes
           << "-byte vector accesses, so the offset must be a static "
              "multiple of "
           << kTensorAlignmentBytes << " bytes";
  return success();
}

/// The memref a view is built on, or `value` itself if it is a memref.
static Value rootTensor(Value value) {
  while (auto transform = value.getDefiningOp<TransformOp>())
    value = transform.getSource();
  return value;
}

LogicalResult mlir::ck::verifyNoInPlaceUpdate(
    Operation *op, Value written,
    ArrayRef<std::pair<std::string, Value>> reads) {
  Value root = rootTensor(written);
  for (const auto &[name, value] : reads)
    if (rootTensor(value) == root)
      return op->emitOpError()
             << "writes the tensor it reads as " << name
             << "; ck ops do not update tensors in place";
  return success();
}

/// Whether `a` and `b` address the same elements in the same order: the same
/// value, or chains of ck.transform ops with equal maps from one tensor.
static bool isSameView(Value a, Value b) {
  while (a != b) {
    auto aTransform = a.getDefiningOp<TransformOp>();
    auto bTransform = b.getDefiningOp<TransformOp>();
    if (!aTransform || !bTransform ||
        aTransform.getMap() != bTransform.getMap())
      return false;
    a = aTransform.getSource();
    b = bTransform.getSource();
  }
  return true;
}

LogicalResult mlir::ck::verifyEpilogueOperands(
    Operation *op, Value dest, ValueRange ds, FloatAttr beta,
    ArrayRef<std::pair<std::string, Value>> otherReads) {
  SmallVector<std::pair<std::string, Value>> reads(otherReads);
  for (auto [i, d] : llvm::enumerate(ds)) {
    std::string name = "D tensor #" + std::to_string(i);
    if (failed(verifyMemRefOperand(op, d, name)))
      return failure();
    // The epilogue reads each element of D only to compute the same element
    // of the result, so D may be the destination itself: the op then adds
    // to it (y += conv). Any other view of the destination is an overlap.
    if (!isSameView(d, dest))
      reads.emplace_back(name, d);
  }
  if (failed(verifyNoInPlaceUpdate(op, dest, reads)))
    return failure();
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
  for (auto [name, value] : {std::pair{"a", getA()}, std::pair{"b", getB()},
                             std::pair{"c", getC()}})
    if (failed(verifyMemRefOperand(*this, value, name)))
      return failure();
  return verifyEpilogueOperands(*this, getC(), getDs(), getBetaAttr(),
                                {{"a", getA()}, {"b", getB()}});
}

//===----------------------------------------------------------------------===//
// FillOp
//===----------------------------------------------------------------------===//

LogicalResult FillOp::verify() {
  if (failed(verifyMemRefOperand(*this, getDest(), "dest")))
    return failure();
  return verifyEpilogueOperands(*this, getDest(), getDs(), getBetaAttr());
}

//===----------------------------------------------------------------------===//
// ConcurrentOp
//===----------------------------------------------------------------------===//

LogicalResult ConcurrentOp::verify() {
  bool anyKernel = false;
  for (Operation &op : getBody().front()) {
    if (!isa<GemmOp, FillOp, TransformOp>(op))
      return emitOpError() << "may hold only ck.gemm, ck.fill and ck.transform "
                              "ops, got '"
                           << op.getName() << "'";
    anyKernel |= isa<GemmOp, FillOp>(op);
  }
  if (!anyKernel)
    return emitOpError() << "holds no ck.gemm or ck.fill";
  return success();
}

//===----------------------------------------------------------------------===//
// TransformOp
//===----------------------------------------------------------------------===//

LogicalResult TransformOp::verify() {
  auto source = cast<ShapedType>(getSource().getType());
  ViewType result = getResult().getType();
  TransformMapAttr map = getMap();
  if (failed(verifyMemRefOperand(*this, getSource(), "source")))
    return failure();
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
  MatrixInstrAttrInterface mma = getMma();
  Type aType = getA().getType().getElementType();
  if (aType != getB().getType().getElementType())
    return emitOpError() << "expects A and B fragments of one element type";
  if (!mma.acceptsInputs(aType))
    return emitOpError() << mma << " does not take " << aType << " inputs";
  std::optional<int64_t> waveSize = getWaveSize(*this, mma);
  if (!waveSize)
    return success();
  MatrixLayout layout = mma.getLayout(*waveSize);
  auto check = [&](StringRef name, VectorType type,
                   const FragmentLayout &fragment) -> LogicalResult {
    if (type.getNumElements() == fragment.size())
      return success();
    return emitOpError() << name << " fragment has " << type.getNumElements()
                         << " elements; " << mma << " on waves of "
                         << *waveSize << " gives each lane "
                         << fragment.size();
  };
  return failure(failed(check("A", getA().getType(), layout.a)) ||
                 failed(check("B", getB().getType(), layout.b)) ||
                 failed(check("accumulator", getAcc().getType(), layout.c)));
}

#define GET_OP_CLASSES
#include "ck/Dialect/CK/IR/CK.cpp.inc"
