//===- ScopeLdsCopies.cpp - The ck-scope-lds-copies pass ------------------===//
//
// Alias scopes that keep LLVM from waiting for gfx950's loads to LDS before
// unrelated LDS accesses: ck's IR waits for them itself (ck.async_wait and
// a barrier before the data is read).
//
//===----------------------------------------------------------------------===//

#include "ck/Conversion/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"

namespace mlir::ck {
#define GEN_PASS_DEF_CKSCOPELDSCOPIES
#include "ck/Conversion/Passes.h.inc"
} // namespace mlir::ck

using namespace mlir;
using namespace mlir::ck;

namespace {

/// LDS is address space 3 on AMDGPU.
constexpr unsigned kLdsAddressSpace = 3;

bool accessesLds(LLVM::AliasAnalysisOpInterface op) {
  return llvm::any_of(op.getAccessedOperands(), [](Value pointer) {
    auto type = dyn_cast<LLVM::LLVMPointerType>(pointer.getType());
    return type && type.getAddressSpace() == kLdsAddressSpace;
  });
}

void scopeFunction(LLVM::LLVMFuncOp func) {
  bool copies = false;
  func.walk([&](ROCDL::LoadToLDSOp) { copies = true; });
  if (!copies)
    return;
  MLIRContext *context = func.getContext();
  auto domain = LLVM::AliasScopeDomainAttr::get(
      context, DistinctAttr::create(UnitAttr::get(context)),
      StringAttr::get(context, "ck.lds"));
  auto scope = [&](StringRef name) {
    return ArrayAttr::get(
        context, {LLVM::AliasScopeAttr::get(
                     context, DistinctAttr::create(UnitAttr::get(context)),
                     domain, StringAttr::get(context, name))});
  };
  ArrayAttr copyScope = scope("copies"), ldsScope = scope("lds");
  func.walk([&](LLVM::AliasAnalysisOpInterface op) {
    bool copy = isa<ROCDL::LoadToLDSOp>(op);
    if (!copy && !accessesLds(op))
      return;
    op.setAliasScopes(copy ? copyScope : ldsScope);
    op.setNoAliasScopes(copy ? ldsScope : copyScope);
  });
}

struct CKScopeLdsCopiesPass
    : public ck::impl::CKScopeLdsCopiesBase<CKScopeLdsCopiesPass> {
  void runOnOperation() override { getOperation()->walk(scopeFunction); }
};

} // namespace
