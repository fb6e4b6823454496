//===- Passes.h - ck dialect transformation passes --------------*- C++ -*-===//

#ifndef CK_DIALECT_CK_TRANSFORMS_PASSES_H
#define CK_DIALECT_CK_TRANSFORMS_PASSES_H

#include "ck/Dialect/CK/IR/CK.h"

#include "mlir/Pass/Pass.h"

namespace mlir::ck {

#define GEN_PASS_DECL
#include "ck/Dialect/CK/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "ck/Dialect/CK/Transforms/Passes.h.inc"

} // namespace mlir::ck

#endif // CK_DIALECT_CK_TRANSFORMS_PASSES_H
