//===- Passes.h - ck conversion passes --------------------------*- C++ -*-===//

#ifndef CK_CONVERSION_PASSES_H
#define CK_CONVERSION_PASSES_H

#include "mlir/Dialect/AMDGPU/IR/AMDGPUDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::ck {

/// The unit attribute by which ck-pipeline marks the staged K loops whose
/// fragment loads ck-rotate-fragment-loads rotates.
constexpr llvm::StringLiteral kRotateFragmentLoadsAttrName =
    "ck.rotate_fragment_loads";

#define GEN_PASS_DECL
#include "ck/Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "ck/Conversion/Passes.h.inc"

} // namespace mlir::ck

#endif // CK_CONVERSION_PASSES_H
