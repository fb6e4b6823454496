//===- CKDialect.cpp - ck dialect registration ----------------------------===//

#include "ck/Dialect/CK/IR/CK.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::ck;

#include "ck/Dialect/CK/IR/CKDialect.cpp.inc"
#include "ck/Dialect/CK/IR/CKEnums.cpp.inc"
#include "ck/Dialect/CK/IR/CKInterfaces.cpp.inc"

namespace mlir::ck {
// The `custom<GemmConfigOptions>` directive of #ck.gemm_config (CKAttrs.cpp).
ParseResult parseGemmConfigOptions(AsmParser &parser,
                                   int64_t &splitK,
                                   int64_t &ldsBuffers);
void printGemmConfigOptions(AsmPrinter &printer, int64_t splitK,
                            int64_t ldsBuffers);
} // namespace mlir::ck

#define GET_ATTRDEF_CLASSES
#include "ck/Dialect/CK/IR/CKAttrs.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "ck/Dialect/CK/IR/CKTypes.cpp.inc"

void CKDialect::initialize() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "ck/Dialect/CK/IR/CKAttrs.cpp.inc"
      >();
  addTypes<
#define GET_TYPEDEF_LIST
#include "ck/Dialect/CK/IR/CKTypes.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "ck/Dialect/CK/IR/CK.cpp.inc"
      >();
}

LogicalResult CKDialect::verifyOperationAttribute(Operation *op,
                                                  NamedAttribute attribute) {
  if (attribute.getName() != TargetAttr::kAttrName)
    return op->emitError() << "unknown ck attribute '"
                           << attribute.getName().getValue()
                           << "' on an op";
  if (!isa<TargetAttr>(attribute.getValue()))
    return op->emitError() << "'" << TargetAttr::kAttrName
                           << "' must be a #ck.target, got "
                           << attribute.getValue();
  if (!isa<ModuleOp>(op))
    return op->emitError() << "'" << TargetAttr::kAttrName
                           << "' belongs on a builtin.module, not on '"
                           << op->getName() << "'";
  return success();
}
