//===- CKDialect.cpp - ck dialect registration ----------------------------===//

#include "ck/Dialect/CK/IR/CK.h"

#include "mlir/IR/Builders.h"
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
