//===- RotateFragmentLoads.cpp - The ck-rotate-fragment-loads pass --------===//
//
// A staged K loop that ck-pipeline marks reads each K-tile's fragments right
// after the barrier that makes the tile visible, so the wave waits for LDS
// before its first MMA of every K-tile. Rotated, the barrier moves to just
// before the last instruction K step's MMAs, the first step's fragments of
// the next K-tile (by default only those of its first MMA row, `carry`) are
// read behind it, and the loop carries them:
//
//   wait; barrier; F = first step's fragments of slot 0
//   for each K-tile j:
//     copies of K-tile j + A; commit
//     MMAs of the first step with F; the other steps' fragments of slot j
//     and their MMAs, but the last step's MMAs
//     wait; barrier                       (K-tile j + 1 is visible)
//     F' = first step's fragments of slot j + 1
//     MMAs of the last step
//     yield F'
//
//===----------------------------------------------------------------------===//

#include "ck/Conversion/Passes.h"
#include "ck/Dialect/CK/IR/CK.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::ck {
#define GEN_PASS_DEF_CKROTATEFRAGMENTLOADS
#include "ck/Conversion/Passes.h.inc"
} // namespace mlir::ck

using namespace mlir;
using namespace mlir::ck;

namespace {

/// Recomputes values of a loop body at the builder's point, where the
/// body's block arguments stand for other values (those of the loop's first
/// iteration, or of the next one). Fragment loads and side-effect-free ops
/// are cloned; the body ops before `reusableBefore`, where given, are used
/// as they are (they compute the current iteration's values).
class Recompute {
public:
  using ArgumentFn = function_ref<FailureOr<Value>(BlockArgument)>;

  Recompute(OpBuilder &b, Block &body, ArgumentFn argument,
            Operation *reusableBefore = nullptr)
      : b(b), body(body), argument(argument), reusableBefore(reusableBefore) {}

  /// `value` recomputed, or failure where it depends on an op that cannot
  /// be cloned (one with other side effects or with regions).
  FailureOr<Value> operator()(Value value) {
    if (Value known = mapping.lookupOrNull(value))
      return known;
    if (auto arg = dyn_cast<BlockArgument>(value)) {
      if (arg.getOwner() != &body)
        return value;
      FailureOr<Value> replacement = argument(arg);
      if (succeeded(replacement))
        mapping.map(value, *replacement);
      return replacement;
    }
    Operation *def = value.getDefiningOp();
    Operation *inBody = body.findAncestorOpInBlock(*def);
    if (!inBody)
      return value;
    if (inBody != def)
      return failure();
    if (reusableBefore && def->isBeforeInBlock(reusableBefore))
      return value;
    if (def->getNumRegions() != 0 ||
        (!isa<FragmentLoadOp>(def) && !isMemoryEffectFree(def)))
      return failure();
    for (Value operand : def->getOperands())
      if (failed((*this)(operand)))
        return failure();
    b.clone(*def, mapping);
    return mapping.lookup(value);
  }

private:
  OpBuilder &b;
  Block &body;
  ArgumentFn argument;
  Operation *reusableBefore;
  IRMapping mapping;
};

/// The parts of a marked loop's body the rotation moves.
struct StagedBody {
  AsyncWaitOp wait;
  LdsBarrierOp barrier;
  /// The first instruction K step's fragment loads (those before the first
  /// ck.mma) that the loop carries.
  SmallVector<FragmentLoadOp> head;
  /// The last fragment load: the barrier goes after it.
  FragmentLoadOp lastLoad;
};

/// The fragment load whose result `operand` is, or a part of (the shuffles
/// that split a load of several K steps), or null.
FragmentLoadOp loadBehind(Value operand) {
  while (auto shuffle = operand.getDefiningOp<vector::ShuffleOp>())
    operand = shuffle.getV1();
  return operand.getDefiningOp<FragmentLoadOp>();
}

/// The loads of `head` that the MMAs of `firstMma`'s row read: its A
/// fragment and the B fragments of the MMAs that share it.
SmallVector<FragmentLoadOp> firstRow(ArrayRef<FragmentLoadOp> head,
                                     MmaOp firstMma) {
  FragmentLoadOp a = loadBehind(firstMma.getA());
  llvm::SmallPtrSet<Operation *, 8> row = {a};
  for (Operation *op = firstMma; op && !isa<FragmentLoadOp>(op);
       op = op->getNextNode())
    if (auto mma = dyn_cast<MmaOp>(op); mma && loadBehind(mma.getA()) == a)
      row.insert(loadBehind(mma.getB()));
  return llvm::filter_to_vector(
      head, [&](FragmentLoadOp load) { return row.contains(load); });
}

/// An error on a marked `loop` whose body the rotation cannot take, to be
/// followed by why.
InFlightDiagnostic notRotatable(scf::ForOp loop) {
  return loop.emitError("is marked ")
         << kRotateFragmentLoadsAttrName << " but ";
}

FailureOr<StagedBody> analyze(scf::ForOp loop, bool rowOnly) {
  Block &body = *loop.getBody();
  StagedBody parts;
  parts.wait = dyn_cast<AsyncWaitOp>(body.front());
  if (parts.wait)
    parts.barrier = dyn_cast_or_null<LdsBarrierOp>(parts.wait->getNextNode());
  if (!parts.barrier)
    return notRotatable(loop)
           << "does not start with ck.async_wait and ck.lds_barrier";
  MmaOp firstMma;
  for (Operation &op : body.without_terminator()) {
    if (auto mma = dyn_cast<MmaOp>(op)) {
      if (!firstMma)
        firstMma = mma;
      continue;
    }
    if (auto load = dyn_cast<FragmentLoadOp>(op)) {
      if (!firstMma)
        parts.head.push_back(load);
      parts.lastLoad = load;
      continue;
    }
    if (&op == parts.barrier.getOperation())
      continue;
    WalkResult nested = op.walk([](Operation *inner) {
      return isa<MmaOp, FragmentLoadOp, LdsBarrierOp>(inner)
                 ? WalkResult::interrupt()
                 : WalkResult::advance();
    });
    if (nested.wasInterrupted())
      return notRotatable(loop)
             << "reads fragments or waits at a barrier inside a nested "
                "region";
  }
  if (parts.head.empty() || !firstMma)
    return notRotatable(loop) << "has no fragment loads before a ck.mma";
  if (rowOnly)
    parts.head = firstRow(parts.head, firstMma);
  if (parts.head.empty())
    return notRotatable(loop)
           << "its first ck.mma reads no fragment load of the loop";
  return parts;
}

/// The head's fragments as `recompute` makes them, or failure, with an
/// error on the first load whose place it cannot recompute.
FailureOr<SmallVector<Value>> recomputeHead(Recompute &recompute,
                                            ArrayRef<FragmentLoadOp> head) {
  SmallVector<Value> values;
  for (FragmentLoadOp load : head) {
    FailureOr<Value> value = recompute(load.getResult());
    if (failed(value))
      return load.emitError("cannot be read one K-tile ahead: its place "
                            "depends on an op with side effects");
    values.push_back(*value);
  }
  return values;
}

LogicalResult rotate(RewriterBase &rewriter, scf::ForOp loop, bool rowOnly) {
  FailureOr<StagedBody> parts = analyze(loop, rowOnly);
  if (failed(parts))
    return failure();
  Block &body = *loop.getBody();
  Location loc = loop.getLoc();

  // The first K-tile's head, before the loop.
  rewriter.setInsertionPoint(loop);
  rewriter.clone(*parts->wait);
  rewriter.clone(*parts->barrier);
  auto firstIteration = [&](BlockArgument arg) -> FailureOr<Value> {
    if (arg == loop.getInductionVar())
      return loop.getLowerBound();
    return loop.getInitArgs()[arg.getArgNumber() - 1];
  };
  Recompute first(rewriter, body, firstIteration);
  FailureOr<SmallVector<Value>> inits = recomputeHead(first, parts->head);
  if (failed(inits))
    return failure();

  // The wait and the barrier after the current K-tile's last read, then the
  // next K-tile's head: the body's arguments become the values it yields.
  parts->barrier->moveAfter(parts->lastLoad);
  parts->wait->moveBefore(parts->barrier);
  rewriter.setInsertionPointAfter(parts->barrier);
  auto yield = cast<scf::YieldOp>(body.getTerminator());
  auto thisIteration = [](BlockArgument arg) -> FailureOr<Value> {
    return Value(arg);
  };
  Recompute current(rewriter, body, thisIteration, parts->barrier);
  auto nextIteration = [&](BlockArgument arg) -> FailureOr<Value> {
    if (arg == loop.getInductionVar())
      return arith::AddIOp::create(rewriter, loc, arg, loop.getStep())
          .getResult();
    return current(yield.getOperand(arg.getArgNumber() - 1));
  };
  Recompute next(rewriter, body, nextIteration);
  FailureOr<SmallVector<Value>> nextHead = recomputeHead(next, parts->head);
  if (failed(nextHead))
    return failure();

  // Carry the head; its loads in the body are replaced by what was carried.
  FailureOr<LoopLikeOpInterface> rotated = loop.replaceWithAdditionalYields(
      rewriter, *inits, /*replaceInitOperandUsesInLoop=*/false,
      [&](OpBuilder &, Location, ArrayRef<BlockArgument> carried) {
        for (auto [load, arg] : llvm::zip_equal(parts->head, carried))
          rewriter.replaceAllUsesWith(load.getResult(), arg);
        return *nextHead;
      });
  if (failed(rotated))
    return loop.emitError("could not carry its first fragments");
  for (FragmentLoadOp load : parts->head)
    rewriter.eraseOp(load);
  (*rotated)->removeAttr(kRotateFragmentLoadsAttrName);
  return success();
}

struct CKRotateFragmentLoadsPass
    : public ck::impl::CKRotateFragmentLoadsBase<CKRotateFragmentLoadsPass> {
  using CKRotateFragmentLoadsBase::CKRotateFragmentLoadsBase;
  void runOnOperation() override {
    SmallVector<scf::ForOp> loops;
    getOperation()->walk([&](scf::ForOp loop) {
      if (loop->hasAttr(kRotateFragmentLoadsAttrName))
        loops.push_back(loop);
    });
    if (carry != "step" && carry != "row") {
      getOperation()->emitError("ck-rotate-fragment-loads: carry must be "
                                "'step' or 'row', got '")
          << carry << "'";
      return signalPassFailure();
    }
    IRRewriter rewriter(&getContext());
    for (scf::ForOp loop : loops)
      if (failed(rotate(rewriter, loop, carry == "row")))
        return signalPassFailure();
  }
};

} // namespace
