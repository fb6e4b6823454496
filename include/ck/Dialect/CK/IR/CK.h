//===- CK.h - The ck dialect ------------------------------------*- C++ -*-===//
//
// The one header to include for the ck dialect: the dialect, its enums,
// attributes, types, interfaces and ops.
//
//===----------------------------------------------------------------------===//

#ifndef CK_DIALECT_CK_IR_CK_H
#define CK_DIALECT_CK_IR_CK_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include <array>

#include "ck/Dialect/CK/IR/MatrixLayout.h"

#include "ck/Dialect/CK/IR/CKDialect.h.inc"
#include "ck/Dialect/CK/IR/CKEnums.h.inc"
#include "ck/Dialect/CK/IR/CKAttrInterfaces.h.inc"

#define GET_ATTRDEF_CLASSES
#include "ck/Dialect/CK/IR/CKAttrs.h.inc"

#define GET_TYPEDEF_CLASSES
#include "ck/Dialect/CK/IR/CKTypes.h.inc"

#include "ck/Dialect/CK/IR/CKInterfaces.h.inc"

namespace mlir::ck {
/// Checks every rule that ties a convolution's operands and parameters
/// together; shared by the three convolution ops.
LogicalResult verifyConvOp(ConvOpInterface op);

/// Checks that a memref operand (`what` names it in messages) is one ck
/// kernels can address: no dimension of size 0, the default memory space,
/// at most cklimits::kMaxTensorBytes, and row-major contiguous starting at a
/// 16-byte-aligned offset. Views pass unchecked: their memref is checked
/// where it enters a ck.transform.
LogicalResult verifyMemRefOperand(Operation *op, Value value, StringRef what);

/// Checks that `written` (or the memref under its view) is none of the
/// tensors the op reads; each read is given with its name for messages.
LogicalResult
verifyNoInPlaceUpdate(Operation *op, Value written,
                      ArrayRef<std::pair<std::string, Value>> reads);

/// Checks the epilogue operands of an op writing `dest`: each D tensor is a
/// valid memref operand with the shape and element type of `dest`, `beta`
/// has D tensors to scale, and `dest` is none of `otherReads`, the op's
/// other read operands, nor a D tensor, unless that D tensor is the same
/// view of the same tensor as `dest` (the op then accumulates into `dest`).
LogicalResult verifyEpilogueOperands(
    Operation *op, Value dest, ValueRange ds, FloatAttr beta,
    ArrayRef<std::pair<std::string, Value>> otherReads = {});

/// The `ck.target` of `op` or of the nearest op around it that has one, or
/// null.
TargetAttr getTarget(Operation *op);

/// The wave size `mma` runs on where `op` is: the instruction's own, else
/// the wave of the nearest #ck.target, else std::nullopt.
std::optional<int64_t> getWaveSize(Operation *op,
                                   MatrixInstrAttrInterface mma);

/// getTarget(op), or an error on `op` saying that `passName` needs a target
/// and how to attach one.
FailureOr<TargetAttr> requireTarget(Operation *op, StringRef passName);
} // namespace mlir::ck

#define GET_OP_CLASSES
#include "ck/Dialect/CK/IR/CK.h.inc"

#endif // CK_DIALECT_CK_IR_CK_H
