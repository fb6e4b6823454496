//===- LowerRoles.cpp - The ck-lower-roles pass ---------------------------===//
//
// Each ck.roles becomes a branch on the wave index: the first math_waves
// waves run the math region, the others the load region. With `registers`
// the kernel forks there instead (or where the loop over a workgroup's units
// that holds it stands): each arm reallocates its lanes' registers
// (ck.reallocate_registers) and runs the rest of the kernel with its role's
// region. The ring events inside stay for the targets' passes.
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
#include "mlir/Interfaces/LoopLikeInterface.h"

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

/// Replaces `op` with `role`'s ops, its results with what they yield.
void inlineRole(RewriterBase &rewriter, RolesOp op, Region &role) {
  Block *block = &role.front();
  auto yield = cast<YieldOp>(block->getTerminator());
  SmallVector<Value> values(yield.getValues());
  rewriter.eraseOp(yield);
  rewriter.inlineBlockBefore(block, op);
  rewriter.replaceOp(op, values);
}

/// Roles that hold different registers never meet again: the arms would
/// otherwise join with the math waves' accumulators live on both paths,
/// more than the load waves hold. The kernel forks where `op` or the loop
/// that holds it stands in the kernel's body: each arm reallocates its
/// lanes' registers and runs its own copy of the rest of the kernel, with
/// its role's region in place of `op` (and of `op` in each later run of an
/// enclosing loop: a persistent workgroup's units), where the accumulator
/// ops act on the math waves only; both copies reach the same workgroup
/// barriers.
LogicalResult forkRoleArms(RewriterBase &rewriter, RolesOp op,
                           function_ref<Value()> emitIsMath) {
  auto kernel = op->getParentOfType<gpu::GPUFuncOp>();
  Block *body = kernel ? &kernel.getBody().front() : nullptr;
  Operation *top = body ? body->findAncestorOpInBlock(*op) : nullptr;
  bool inLoops = top != nullptr;
  for (Operation *parent = op->getParentOp(); inLoops && parent != kernel;
       parent = parent->getParentOp())
    inLoops = isa<LoopLikeOpInterface>(parent);
  if (!inLoops || !isa<gpu::ReturnOp>(body->getTerminator()))
    return op.emitOpError()
           << "reallocates registers between its roles, so each role runs "
              "the rest of the kernel in its own arm; it must stand in a "
              "gpu.func kernel's body, which ends in gpu.return, or in loops "
              "there";
  Location loc = op.getLoc();
  rewriter.setInsertionPoint(top);
  Value isMath = emitIsMath();
  auto branch = scf::IfOp::create(rewriter, loc, TypeRange(), isMath,
                                  /*withElseRegion=*/true);
  SmallVector<Operation *> rest;
  for (Operation *next = top; next != body->getTerminator();
       next = next->getNextNode())
    rest.push_back(next);
  // The load arm's copy.
  Operation *loadYield = branch.elseBlock()->getTerminator();
  rewriter.setInsertionPoint(loadYield);
  ReallocateRegistersOp::create(rewriter, loc, RegisterChange::Shrink,
                                *op.getLoadRegisters());
  IRMapping mapping;
  for (Operation *tail : rest)
    rewriter.clone(*tail, mapping);
  auto loadRoles = cast<RolesOp>(mapping.lookup(op.getOperation()));
  // The math arm's: the ops themselves.
  Operation *mathYield = branch.thenBlock()->getTerminator();
  rewriter.setInsertionPoint(mathYield);
  ReallocateRegistersOp::create(rewriter, loc, RegisterChange::Grow,
                                *op.getMathRegisters());
  for (Operation *tail : rest)
    rewriter.moveOpBefore(tail, mathYield);
  inlineRole(rewriter, loadRoles, loadRoles.getLoad());
  inlineRole(rewriter, op, op.getMath());
  return success();
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
  Location loc = op.getLoc();
  auto emitIsMath = [&] {
    return arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::ult,
        emitLaneIds(rewriter, op, waveSize).wave,
        indexConstant(rewriter, loc, op.getMathWaves()));
  };
  if (op.getMathRegisters())
    return forkRoleArms(rewriter, op, emitIsMath);
  rewriter.setInsertionPoint(op);
  Value isMath = emitIsMath();
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
      if (failed(target) || failed(lowerRoles(rewriter, op, *target)))
        return signalPassFailure();
    }
  }
};

} // namespace
