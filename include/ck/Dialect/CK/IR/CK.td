//===- CK.td - ck dialect umbrella -------------------------*- tablegen -*-===//

#ifndef CK_DIALECT_CK_IR_CK_TD
#define CK_DIALECT_CK_IR_CK_TD

include "ck/Dialect/CK/IR/CKDialect.td"
include "ck/Dialect/CK/IR/CKAttrs.td"
include "ck/Dialect/CK/IR/CKTypes.td"
include "ck/Dialect/CK/IR/CKInterfaces.td"
include "ck/Dialect/CK/IR/CKOps.td"
include "ck/Dialect/CK/IR/CKTileOps.td"
include "ck/Dialect/CK/IR/CKCoordOps.td"
include "ck/Dialect/CK/IR/CKCopyOps.td"
include "ck/Dialect/CK/IR/CKPipelineOps.td"
include "ck/Dialect/CK/IR/CKPartitionOps.td"
include "ck/Dialect/CK/IR/CKRoleOps.td"
include "ck/Dialect/CK/IR/CKTensorMapOps.td"

#endif // CK_DIALECT_CK_IR_CK_TD
