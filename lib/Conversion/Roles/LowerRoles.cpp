//===- LowerRoles.cpp - The ck-lower-roles pass ---------------------------===//
//
// Each ck.roles becomes a branch on the wave index: the first math_waves
// waves run the math region, the others the load region. The ring events
// inside stay for the targets' passes.
//
//===----------------------------------------------------------------------===//

#include "ck/Conversion/KernelBuilding.h"
#include "ck/Conversion/Passes.h"
#include "ck/Conversion/WaveOpLowering.h"
#include "ck/Dialect/CK/IR/CK.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace mlir::ck {
#define GEN_PASS_DEF_CKLOWERROLES
#include "ck/Conversion/Passes.h.inc"
} // namespace mlir::ck

using namespace mlir;
using namespace mlir::ck;

namespace {

/// Moves `from`'s block into `to` (an scf.if arm), ending it with an
/// scf.yield of what its ck.yield returned.
void moveRoleRegion(RewriterBase &rewriter, Region &from, Region &to) {
  Block *block = &from.front();
  rewriter.inlineRegionBefore(from, to, to.end());
  auto yield = cast<YieldOp>(block->getTerminator());
  rewriter.setInsertionPoint(yield);
  rewriter.replaceOpWithNewOp<scf::YieldOp>(yield, yield.getValues());
}

LogicalResult lowerRoles(RewriterBase &rewriter, RolesOp op,
                         int64_t waveSize) {
  int64_t waves = op.getMathWaves() + op.getLoadWaves();
  if (auto func = op->getParentOfType<gpu::GPUFuncOp>())
    if (DenseI32ArrayAttr known = func.getKnownBlockSizeAttr())
      if (known.asArrayRef() !=
          ArrayRef<int32_t>{int32_t(waves * waveSize), 1, 1})
        return op.emitOpError()
               << "splits " << waves << " waves of " << waveSize
               << " lanes, but its kernel's block is " << known;
  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  Value isMath = arith::CmpIOp::create(
      rewriter, loc, arith::CmpIPredicate::ult,
      emitLaneIds(rewriter, op, waveSize).wave,
      indexConstant(rewriter, loc, op.getMathWaves()));
  auto branch = scf::IfOp::create(rewriter, loc, op.getResultTypes(), isMath,
                                  /*addThenBlock=*/false,
                                  /*addElseBlock=*/false);
  moveRoleRegion(rewriter, op.getMath(), branch.getThenRegion());
  moveRoleRegion(rewriter, op.getLoad(), branch.getElseRegion());
  rewriter.replaceOp(op, branch.getResults());
  return success();
}

struct CKLowerRolesPass : public ck::impl::CKLowerRolesBase<CKLowerRolesPass> {
  void runOnOperation() override {
    SmallVector<RolesOp> roles;
    getOperation()->walk([&](RolesOp op) { roles.push_back(op); });
    IRRewriter rewriter(&getContext());
    for (RolesOp op : roles) {
      FailureOr<TargetAttr> target = requireTarget(op, getArgument());
      if (failed(target) ||
          failed(lowerRoles(rewriter, op, target->getWave())))
        return signalPassFailure();
    }
  }
};

} // namespace
