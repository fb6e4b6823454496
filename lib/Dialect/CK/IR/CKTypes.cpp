//===- CKTypes.cpp - ck dialect types -------------------------------------===//

#include "ck/Dialect/CK/IR/CK.h"

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
