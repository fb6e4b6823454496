//===- CK.h - The ck dialect ------------------------------------*- C++ -*-===//
//
// The one header to include for the ck dialect: the dialect, its enums,
// attributes, types, interfaces and ops.
//
//===----------------------------------------------------------------------===//

#ifndef CK_DIALECT_CK_IR_CK_H
#define CK_DIALECT_CK_IR_CK_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "ck/Dialect/CK/IR/CKDialect.h.inc"
#include "ck/Dialect/CK/IR/CKEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "ck/Dialect/CK/IR/CKAttrs.h.inc"

#define GET_TYPEDEF_CLASSES
#include "ck/Dialect/CK/IR/CKTypes.h.inc"

#include "ck/Dialect/CK/IR/CKInterfaces.h.inc"

namespace mlir::ck {
/// Checks every rule that ties a convolution's operands and parameters
/// together; shared by the three convolution ops.
LogicalResult verifyConvOp(ConvOpInterface op);

/// Checks the epilogue operands of an op writing `dest`: each D tensor has
/// the shape and element type of `dest`, and `beta` has D tensors to scale.
LogicalResult verifyEpilogueOperands(Operation *op, Value dest, ValueRange ds,
                                     FloatAttr beta);
} // namespace mlir::ck

#define GET_OP_CLASSES
#include "ck/Dialect/CK/IR/CK.h.inc"

#endif // CK_DIALECT_CK_IR_CK_H
