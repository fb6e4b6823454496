//===- SetTarget.cpp - The ck-set-target pass -----------------------------===//

#include "ck/Dialect/CK/Transforms/Passes.h"
#include "ck/Target/Chip.h"

#include "mlir/IR/BuiltinOps.h"

namespace mlir::ck {
#define GEN_PASS_DEF_CKSETTARGET
#include "ck/Dialect/CK/Transforms/Passes.h.inc"
} // namespace mlir::ck

using namespace mlir;
using namespace mlir::ck;

namespace {
struct CKSetTargetPass : public ck::impl::CKSetTargetBase<CKSetTargetPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    auto existing = module->getAttrOfType<TargetAttr>(TargetAttr::kAttrName);
    if (chip.empty()) {
      if (!existing) {
        module.emitError() << "ck-set-target: no chip given and the module "
                              "has no target; expected chip=NAME with one of "
                           << knownChipNames();
        return signalPassFailure();
      }
      return;
    }
    if (existing) {
      // A target stated in the IR wins over the table's, so that tests can
      // describe variants of a chip; another chip is a contradiction.
      if (existing.getChip() == chip)
        return;
      module.emitError() << "ck-set-target: the module targets '"
                         << existing.getChip() << "', not '" << chip << "'";
      return signalPassFailure();
    }
    const ChipInfo *info = lookupChip(chip);
    if (!info) {
      module.emitError() << "ck-set-target: unknown chip '" << chip
                         << "'; expected one of " << knownChipNames();
      return signalPassFailure();
    }
    module->setAttr(TargetAttr::kAttrName,
                    getTargetAttr(module.getContext(), *info));
  }
};
} // namespace
