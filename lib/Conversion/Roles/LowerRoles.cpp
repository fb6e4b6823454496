//===- LowerRoles.cpp - The ck-lower-roles pass ---------------------------===//
//
// Each ck.roles becomes a branch on the wave index: the first math_waves
// waves run the math region, the others the load region; with `registers`,
// each arm first reallocates its lanes' registers (ck.reallocate_registers).
// The ring events inside stay for the targets' passes.
//
//===----------------------------------------------------------------------===//

#include "ck/Conversion/KernelBuilding.h"
#include "ck/Conversion/Passes.h"
#include "ck/Conversion/WaveOpLowering.h"
#include "ck/Dialect/CK/IR/CK.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"

namespace mlir::ck {
#define GEN_PASS_DEF_CKLOWERROLES
#include "ck/Conversion/Passes.h.inc"
} // namespace mlir::ck

using namespace mlir;
using namespace mlir::ck;

namespace {

/// Moves `from`'s block into `to` (an scf.if arm), ending it with an
/// scf.yield of what its ck.yield returned. With `registers`, the arm
/// starts by reallocating its lanes' registers to that count.
void moveRoleRegion(RewriterBase &rewriter, Region &from, Region &to,
                    std::optional<int64_t> registers, RegisterChange change) {
  Block *block = &from.front();
  rewriter.inlineRegionBefore(from, to, to.end());
  if (registers) {
    rewriter.setInsertionPointToStart(block);
    ReallocateRegistersOp::create(rewriter, from.getParentOp()->getLoc(),
                                  change, *registers);
  }
  auto yield = cast<YieldOp>(block->getTerminator());
  rewriter.setInsertionPoint(yield);
  rewriter.replaceOpWithNewOp<scf::YieldOp>(yield, yield.getValues());
}

LogicalResult lowerRoles(RewriterBase &rewriter, RolesOp op,
                         TargetAttr target) {
  int64_t waveSize = target.getWave();
  if (op.getMathRegisters() &&
      !target.hasFeature(TargetFeature::RegisterReallocation))
    return op.emitOpError() << "reallocates registers between its roles, "
                               "which "
                            << target.getChip() << " cannot";
  int64_t waves = op.getMathWaves() + op.getLoadWaves();
  if (auto func = op->getParentOfType<gpu::GPUFuncOp>())
    if (DenseI32ArrayAttr known = func.getKnownBlockSizeAttr())
      if (known.asArrayRef() !=
          ArrayRef<int32_t>{int32_t(waves * waveSize), 1, 1})
        return op.emitOpError()
               << "splits " << waves << " waves of " << waveSize
               << " lanes, but its kernel's block is " << known;
  // Roles that hold different registers never meet again: the arms would
  // otherwise join with the math waves' accumulators live on both paths,
  // more than the load waves hold. Each arm then runs its own copy of the
  // rest of the kernel, where the accumulator ops act on the math waves
  // only; both copies reach the same workgroup barriers.
  bool separateArms = op.getMathRegisters().has_value();
  Operation *terminator = op->getBlock()->getTerminator();
  if (separateArms && !isa<gpu::ReturnOp>(terminator))
    return op.emitOpError()
           << "reallocates registers between its roles, so each role runs "
              "the rest of the kernel in its own arm; it must stand in the "
              "kernel's body, which ends in gpu.return";
  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  Value isMath = arith::CmpIOp::create(
      rewriter, loc, arith::CmpIPredicate::ult,
      emitLaneIds(rewriter, op, waveSize).wave,
      indexConstant(rewriter, loc, op.getMathWaves()));
  auto branch = scf::IfOp::create(
      rewriter, loc,
      separateArms ? TypeRange() : TypeRange(op.getResultTypes()), isMath,
      /*addThenBlock=*/false, /*addElseBlock=*/false);
  moveRoleRegion(rewriter, op.getMath(), branch.getThenRegion(),
                 op.getMathRegisters(), RegisterChange::Grow);
  moveRoleRegion(rewriter, op.getLoad(), branch.getElseRegion(),
                 op.getLoadRegisters(), RegisterChange::Shrink);
  if (!separateArms) {
    rewriter.replaceOp(op, branch.getResults());
    return success();
  }
  SmallVector<Operation *> rest;
  for (Operation *next = op->getNextNode(); next != terminator;
       next = next->getNextNode())
    rest.push_back(next);
  // The load arm's copy, on what the load waves yield.
  auto loadYield = cast<scf::YieldOp>(branch.elseBlock()->getTerminator());
  IRMapping mapping;
  mapping.map(op.getResults(), loadYield.getOperands());
  rewriter.setInsertionPoint(loadYield);
  for (Operation *tail : rest)
    rewriter.clone(*tail, mapping);
  rewriter.modifyOpInPlace(loadYield, [&] { loadYield->setOperands({}); });
  // The math arm's: the ops themselves, on the math waves' results.
  auto mathYield = cast<scf::YieldOp>(branch.thenBlock()->getTerminator());
  rewriter.replaceAllUsesWith(op.getResults(), mathYield.getOperands());
  for (Operation *tail : rest)
    rewriter.moveOpBefore(tail, mathYield);
  rewriter.modifyOpInPlace(mathYield, [&] { mathYield->setOperands({}); });
  rewriter.eraseOp(op);
  return success();
}

struct CKLowerRolesPass : public ck::impl::CKLowerRolesBase<CKLowerRolesPass> {
  void runOnOperation() override {
    SmallVector<RolesOp> roles;
    getOperation()->walk([&](RolesOp op) { roles.push_back(op); });
    IRRewriter rewriter(&getContext());
    for (RolesOp op : roles) {
      FailureOr<TargetAttr> target = requireTarget(op, getArgument());
      if (failed(target) || failed(lowerRoles(rewriter, op, *target)))
        return signalPassFailure();
    }
  }
};

} // namespace
