//===- CKTypes.cpp - ck dialect types -------------------------------------===//

#include "ck/Dialect/CK/IR/CK.h"
#include "ck/Support/Limits.h"

#include "mlir/IR/DialectImplementation.h"

using namespace mlir;
using namespace mlir::ck;

LogicalResult ViewType::verify(function_ref<InFlightDiagnostic()> emitError,
                               ArrayRef<int64_t> shape, Type elementType) {
  if (shape.empty())
    return emitError() << "a view needs at least one dimension";
  for (auto [i, size] : llvm::enumerate(shape))
    if (size < 1)
      return emitError() << "view dimension #" << i
                         << " must be static and >= 1, got "
                         << (ShapedType::isDynamic(size) ? "?"
                                                         : std::to_string(size));
  return success();
}

Type ViewType::parse(AsmParser &parser) {
  SmallVector<int64_t> shape;
  Type elementType;
  if (parser.parseLess() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/true,
                                /*withTrailingX=*/true) ||
      parser.parseType(elementType) || parser.parseGreater())
    return {};
  return getChecked([&] { return parser.emitError(parser.getNameLoc()); },
                    parser.getContext(), ArrayRef<int64_t>(shape),
                    elementType);
}

void ViewType::print(AsmPrinter &printer) const {
  printer << "<";
  for (int64_t size : getShape())
    printer << size << "x";
  printer << getElementType() << ">";
}

ShapedType ViewType::cloneWith(std::optional<ArrayRef<int64_t>> shape,
                               Type elementType) const {
  return ViewType::get(getContext(), shape ? *shape : getShape(), elementType);
}

//===----------------------------------------------------------------------===//
// AccType
//===----------------------------------------------------------------------===//

LogicalResult AccType::verify(function_ref<InFlightDiagnostic()> emitError,
                              ArrayRef<int64_t> shape, Type elementType,
                              MatrixInstrAttrInterface mma,
                              ArrayRef<int64_t> waves) {
  if (shape.size() != 2 || waves.size() != 2)
    return emitError() << "an accumulator tile has rows and columns, and a "
                          "wave count along each";
  if (!elementType.isF32())
    return emitError() << "accumulators are f32, got " << elementType;
  if (!mma)
    return emitError() << "an accumulator tile needs a matrix instruction";
  SmallVector<int64_t, 3> instr = mma.getShape();
  const char *dims[] = {"rows", "columns"};
  for (int i = 0; i < 2; ++i) {
    if (shape[i] < 1 || waves[i] < 1 || shape[i] > cklimits::kMaxTileSize ||
        waves[i] > shape[i])
      return emitError() << "accumulator " << dims[i] << " must be in [1, "
                         << cklimits::kMaxTileSize
                         << "] and the waves along them in [1, "
                         << dims[i] << "]";
    // Both factors are at most kMaxTileSize: the product cannot overflow.
    if (shape[i] % (waves[i] * instr[i]))
      return emitError() << "accumulator " << dims[i] << " (" << shape[i]
                         << ") must be a multiple of the waves along them ("
                         << waves[i] << ") times the instruction's "
                         << (i == 0 ? "M" : "N") << " (" << instr[i] << ")";
  }
  return success();
}

int64_t AccType::getMmaTilesAlongRows() const {
  return getWaveRows() / getMma().getShape()[0];
}

int64_t AccType::getWavesPerRowGroup() const {
  return isa<WgmmaAttr>(getMma()) ? 4 : 1;
}

int64_t AccType::getRowTileStride() const {
  return getMma().getShape()[0] * getWavesPerRowGroup();
}

int64_t AccType::getMmaTilesAlongCols() const {
  return getWaveCols() / getMma().getShape()[1];
}

Type AccType::parse(AsmParser &parser) {
  SmallVector<int64_t> shape, waves;
  Type elementType;
  Attribute mma;
  SMLoc mmaLoc;
  auto parseWave = [&]() -> ParseResult {
    return parser.parseInteger(waves.emplace_back());
  };
  if (parser.parseLess() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/false,
                                /*withTrailingX=*/true) ||
      parser.parseType(elementType) || parser.parseComma() ||
      (mmaLoc = parser.getCurrentLocation(), parser.parseAttribute(mma)) ||
      parser.parseComma() || parser.parseKeyword("waves") ||
      parser.parseEqual() ||
      parser.parseCommaSeparatedList(AsmParser::Delimiter::Square,
                                     parseWave) ||
      parser.parseGreater())
    return {};
  auto instr = dyn_cast<MatrixInstrAttrInterface>(mma);
  if (!instr) {
    parser.emitError(mmaLoc) << "expected a matrix instruction attribute, got "
                             << mma;
    return {};
  }
  return getChecked([&] { return parser.emitError(parser.getNameLoc()); },
                    parser.getContext(), ArrayRef<int64_t>(shape), elementType,
                    instr, ArrayRef<int64_t>(waves));
}

void AccType::print(AsmPrinter &printer) const {
  printer << "<";
  for (int64_t size : getShape())
    printer << size << "x";
  printer << getElementType() << ", " << getMma() << ", waves = [";
  llvm::interleaveComma(getWaves(), printer);
  printer << "]>";
}

//===----------------------------------------------------------------------===//
// CoordType
//===----------------------------------------------------------------------===//

LogicalResult CoordType::verify(function_ref<InFlightDiagnostic()> emitError,
                                int64_t size, Type elementType) {
  if (size < 1 || size > cklimits::kMaxCoordState)
    return emitError() << "a coordinate state holds 1 to "
                       << cklimits::kMaxCoordState << " integers, got "
                       << size;
  if (!elementType.isIndex() && !elementType.isInteger(32))
    return emitError() << "coordinate states are i32 or index, got "
                       << elementType;
  return success();
}

LogicalResult RingType::verify(function_ref<InFlightDiagnostic()> emitError,
                               int64_t slots) {
  if (slots < 1 || slots > cklimits::kMaxRingSlots)
    return emitError() << "a ring has 1 to " << cklimits::kMaxRingSlots
                       << " slots, got " << slots;
  return success();
}

Type CoordType::parse(AsmParser &parser) {
  SmallVector<int64_t> size;
  Type elementType;
  if (parser.parseLess() ||
      parser.parseDimensionList(size, /*allowDynamic=*/false,
                                /*withTrailingX=*/true) ||
      parser.parseType(elementType) || parser.parseGreater())
    return {};
  if (size.size() != 1) {
    parser.emitError(parser.getNameLoc())
        << "a coordinate state has one size, as in !ck.coord<5xi32>";
    return {};
  }
  return getChecked([&] { return parser.emitError(parser.getNameLoc()); },
                    parser.getContext(), size.front(), elementType);
}

void CoordType::print(AsmPrinter &printer) const {
  printer << "<" << getSize() << "x" << getElementType() << ">";
}
