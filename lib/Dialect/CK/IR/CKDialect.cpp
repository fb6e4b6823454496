//===- CKDialect.cpp - ck dialect registration ----------------------------===//

#include "ck/Dialect/CK/IR/CK.h"

#include "mlir/Interfaces/FunctionInterfaces.h"

#include "mlir/IR/Builders.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::ck;

#include "ck/Dialect/CK/IR/CKDialect.cpp.inc"
#include "ck/Dialect/CK/IR/CKEnums.cpp.inc"
#include "ck/Dialect/CK/IR/CKAttrInterfaces.cpp.inc"
#include "ck/Dialect/CK/IR/CKInterfaces.cpp.inc"

namespace mlir::ck {
// The `custom<GemmConfigOptions>` directive of #ck.gemm_config (CKAttrs.cpp).
ParseResult parseGemmConfigOptions(AsmParser &parser, PartitionAttr &partition,
                                   int64_t &ldsBuffers, int64_t &loadWaves,
                                   bool &asyncCopy, int64_t &clusterM,
                                   int64_t &clusterN, bool &residentB,
                                   int64_t &loadRegisters, bool &pingpong,
                                   bool &signalLanded);
void printGemmConfigOptions(AsmPrinter &printer, PartitionAttr partition,
                            int64_t ldsBuffers, int64_t loadWaves,
                            bool asyncCopy, int64_t clusterM, int64_t clusterN,
                            bool residentB, int64_t loadRegisters,
                            bool pingpong, bool signalLanded);
ParseResult parseMatrixShape(AsmParser &parser, int64_t &m, int64_t &n,
                             int64_t &k);
void printMatrixShape(AsmPrinter &printer, int64_t m, int64_t n, int64_t k);
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
  StringRef name = attribute.getName().getValue();
  Attribute value = attribute.getValue();
  auto check = [&](bool isKind, StringRef kind, bool onRightOp,
                   StringRef rightOp) -> LogicalResult {
    if (!isKind)
      return op->emitError() << "'" << name << "' must be a " << kind
                             << ", got " << value;
    if (!onRightOp)
      return op->emitError() << "'" << name << "' belongs on a " << rightOp
                             << ", not on '" << op->getName() << "'";
    return success();
  };
  if (name == TargetAttr::kAttrName)
    return check(isa<TargetAttr>(value), "#ck.target", isa<ModuleOp>(op),
                 "builtin.module");
  if (name == LaunchAttr::kAttrName)
    return check(isa<LaunchAttr>(value), "#ck.launch",
                 isa<gpu::LaunchFuncOp>(op), "gpu.launch_func");
  // The tensor-map arguments of a kernel (convert-ck-to-gpu), which
  // ck-mark-grid-constants passes by value once the kernel is an llvm.func.
  if (name == "ck.grid_constants")
    return check(isa<DenseI64ArrayAttr>(value), "array<i64: ...>",
                 isa<FunctionOpInterface>(op), "kernel function");
  // A staged K loop of ck-pipeline whose fragment loads
  // ck-rotate-fragment-loads rotates.
  if (name == "ck.rotate_fragment_loads")
    return check(isa<UnitAttr>(value), "unit attribute",
                 op->getName().getStringRef() == "scf.for", "scf.for");
  return op->emitError() << "unknown ck attribute '" << name << "' on an op";
}
