//===- CarryLoopDivisions.cpp - The ck-carry-loop-divisions pass ----------===//
//
// An unsigned division or remainder by a constant C of an induction
// expression x = c * iv + a of an scf.for (a loop-invariant, built by
// `nuw` additions and multiplications) becomes a quotient and a remainder
// that the loop carries:
//
//   before the loop:  x0 = x at iv = lb;  q = x0 / C;  r = x0 mod C
//   each iteration:   x grows by d = c * step, so
//                     r' = r + d mod C;  q' = q + d / C
//                     if r' >= C: r' -= C, q' += 1
//
// `nuw`, and a lower bound that integer range analysis proves non-negative,
// make this exact: the induction variable then grows as an unsigned number,
// x never wraps in an iteration that uses it, and x only grows, so it wraps
// in no earlier iteration either. Powers of two are left alone (a shift and
// a mask are cheaper than a carry).
//
// A division or remainder of x - k (a `nuw` subtraction of a constant k,
// such as the ring step before this one) takes x's counter and steps it
// back where it is used: r = x mod C - k mod C, plus C and a borrow from
// the quotient where that is negative. `nuw` says x >= k wherever the
// value is used, so this is exact there.
//
//===----------------------------------------------------------------------===//

#include "ck/Conversion/Passes.h"

#include "mlir/Analysis/DataFlow/ConstantPropagationAnalysis.h"
#include "mlir/Analysis/DataFlow/DeadCodeAnalysis.h"
#include "mlir/Analysis/DataFlow/IntegerRangeAnalysis.h"
#include "mlir/Analysis/DataFlowFramework.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::ck {
#define GEN_PASS_DEF_CKCARRYLOOPDIVISIONS
#include "ck/Conversion/Passes.h.inc"
} // namespace mlir::ck

using namespace mlir;
using namespace mlir::ck;

namespace {

/// x = c * iv + a for a loop's induction variable iv: how much x grows per
/// iteration (c times the loop's step), and the ops inside the loop that
/// compute x (operands first).
struct InductionExpression {
  int64_t growth = 0;
  llvm::SetVector<Operation *> chain;
};

/// The coefficient of `loop`'s induction variable in `value`: 0 where
/// `value` is defined outside the loop; failure where it is not such an
/// expression. Appends the ops inside the loop to `chain`.
FailureOr<int64_t> coefficientOf(Value value, scf::ForOp loop,
                                 llvm::SetVector<Operation *> &chain) {
  if (value == loop.getInductionVar())
    return 1;
  if (loop.isDefinedOutsideOfLoop(value))
    return 0;
  Operation *op = value.getDefiningOp();
  if (!op || !isa<arith::AddIOp, arith::MulIOp>(op) ||
      !cast<arith::ArithIntegerOverflowFlagsInterface>(op).hasNoUnsignedWrap())
    return failure();
  Value lhs = op->getOperand(0), rhs = op->getOperand(1);
  int64_t result;
  if (isa<arith::AddIOp>(op)) {
    FailureOr<int64_t> l = coefficientOf(lhs, loop, chain);
    FailureOr<int64_t> r = failed(l) ? l : coefficientOf(rhs, loop, chain);
    if (failed(r) || llvm::AddOverflow(*l, *r, result))
      return failure();
  } else {
    APInt factor;
    if (!matchPattern(rhs, m_ConstantInt(&factor)))
      std::swap(lhs, rhs);
    if (!matchPattern(rhs, m_ConstantInt(&factor)) ||
        factor.getActiveBits() > 32)
      return failure();
    if (!loop.isDefinedOutsideOfLoop(rhs))
      chain.insert(rhs.getDefiningOp());
    FailureOr<int64_t> l = coefficientOf(lhs, loop, chain);
    if (failed(l) ||
        llvm::MulOverflow(*l, int64_t(factor.getZExtValue()), result))
      return failure();
  }
  chain.insert(op);
  return result;
}

/// The innermost loop around `user` whose induction variable `x` grows
/// with, and how. The loop's step must be a constant and its lower bound
/// provably non-negative (`startsNonNegative`): the induction variable then
/// grows without wrapping as an unsigned number too, and so does x.
std::optional<std::pair<scf::ForOp, InductionExpression>>
findInductionExpression(Operation *user, Value x,
                        function_ref<bool(scf::ForOp)> startsNonNegative) {
  unsigned width = isa<IndexType>(x.getType())
                       ? IndexType::kInternalStorageBitWidth
                       : x.getType().getIntOrFloatBitWidth();
  for (auto loop = user->getParentOfType<scf::ForOp>(); loop;
       loop = loop->getParentOfType<scf::ForOp>()) {
    std::optional<int64_t> step = getConstantIntValue(loop.getStep());
    InductionExpression e;
    FailureOr<int64_t> c = coefficientOf(x, loop, e.chain);
    if (!step || failed(c) || *c == 0 ||
        llvm::MulOverflow(*c, *step, e.growth) ||
        !llvm::isUIntN(width, e.growth) || !startsNonNegative(loop))
      continue;
    return std::pair{loop, std::move(e)};
  }
  return std::nullopt;
}

/// A division or remainder of x - offset by a counter's divisor.
struct CounterUse {
  Operation *op;
  int64_t offset;
};

/// The divisions and remainders of one expression (less constant offsets)
/// by one divisor.
struct Counter {
  InductionExpression expression;
  Value x;
  int64_t divisor;
  SmallVector<CounterUse> divisions, remainders;
};

/// `value` as x - k for a `nuw` subtraction of a constant k >= 0; value
/// and 0 otherwise.
std::pair<Value, int64_t> splitOffset(Value value) {
  auto sub = value.getDefiningOp<arith::SubIOp>();
  APInt offset;
  if (!sub || !sub.hasNoUnsignedWrap() ||
      !matchPattern(sub.getRhs(), m_ConstantInt(&offset)) ||
      offset.getActiveBits() > 32)
    return {value, 0};
  return {sub.getLhs(), int64_t(offset.getZExtValue())};
}

/// The quotient or remainder (`quotient`) of x - offset by the divisor,
/// from those of x (`r`, `q`): x - offset = (q - offset / C) * C + r -
/// offset mod C, and where r < offset mod C one C more of the remainder
/// and one less of the quotient.
Value stepBack(RewriterBase &rewriter, Location loc, Value r, Value q,
               int64_t divisor, int64_t offset, bool quotient) {
  Type type = r.getType();
  auto constant = [&](int64_t v) -> Value {
    return arith::ConstantOp::create(rewriter, loc, type,
                                     rewriter.getIntegerAttr(type, v));
  };
  int64_t back = offset % divisor;
  Value borrows =
      back ? arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ult, r,
                                   constant(back))
                 .getResult()
           : Value();
  if (!quotient) {
    if (!borrows)
      return r;
    return arith::SelectOp::create(
        rewriter, loc, borrows,
        arith::AddIOp::create(rewriter, loc, r, constant(divisor - back)),
        arith::SubIOp::create(rewriter, loc, r, constant(back)));
  }
  if (int64_t rounds = offset / divisor)
    q = arith::SubIOp::create(rewriter, loc, q, constant(rounds));
  if (borrows)
    q = arith::SelectOp::create(
        rewriter, loc, borrows,
        arith::SubIOp::create(rewriter, loc, q, constant(1)), q);
  return q;
}

/// The constants of one counter's advance, made before its loop: the
/// divisor, and the growth's remainder and quotient (null where 0).
struct Advance {
  Value divisor, remainderStep, quotientStep, one;
};

/// Replaces the counters' divisions and remainders by values `loop`
/// carries.
void carry(RewriterBase &rewriter, scf::ForOp loop,
           ArrayRef<Counter> counters) {
  Location loc = loop.getLoc();
  rewriter.setInsertionPoint(loop);
  auto constant = [&](Type type, int64_t v) -> Value {
    if (!v)
      return nullptr;
    return arith::ConstantOp::create(rewriter, loc, type,
                                     rewriter.getIntegerAttr(type, v));
  };
  // Each counter's remainder, then its quotient where it has divisions, at
  // the first iteration: the chain with iv = lb, without `nuw` (the loop
  // may run no iteration).
  SmallVector<Value> inits;
  SmallVector<Advance> advances;
  for (const Counter &counter : counters) {
    IRMapping first;
    first.map(loop.getInductionVar(), loop.getLowerBound());
    for (Operation *op : counter.expression.chain) {
      Operation *clone = rewriter.clone(*op, first);
      if (auto flags =
              dyn_cast<arith::ArithIntegerOverflowFlagsInterface>(clone))
        clone->setAttr(
            flags.getIntegerOverflowAttrName(),
            arith::IntegerOverflowFlagsAttr::get(
                clone->getContext(), arith::IntegerOverflowFlags::none));
    }
    Value x0 = first.lookup(counter.x);
    Type type = x0.getType();
    int64_t growth = counter.expression.growth;
    Advance advance{constant(type, counter.divisor),
                    constant(type, growth % counter.divisor),
                    constant(type, growth / counter.divisor),
                    /*one=*/nullptr};
    if (advance.remainderStep && !counter.divisions.empty())
      advance.one = constant(type, 1);
    inits.push_back(arith::RemUIOp::create(rewriter, loc, x0, advance.divisor));
    if (!counter.divisions.empty())
      inits.push_back(
          arith::DivUIOp::create(rewriter, loc, x0, advance.divisor));
    advances.push_back(advance);
  }

  auto newLoop = cast<scf::ForOp>(*loop.replaceWithAdditionalYields(
      rewriter, inits, /*replaceInitOperandUsesInLoop=*/false,
      [&](OpBuilder &b, Location loc, ArrayRef<BlockArgument> carried) {
        auto plus = [&](Value v, Value step) -> Value {
          return step ? arith::AddIOp::create(b, loc, v, step) : v;
        };
        SmallVector<Value> next;
        for (auto [counter, advance] : llvm::zip_equal(counters, advances)) {
          // r + (growth mod C) < 2C: at most one wrap, into the quotient.
          Value r = plus(carried[next.size()], advance.remainderStep);
          Value wraps;
          if (advance.remainderStep) {
            wraps = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge, r,
                                          advance.divisor);
            r = arith::SelectOp::create(
                b, loc, wraps,
                arith::SubIOp::create(b, loc, r, advance.divisor), r);
          }
          next.push_back(r);
          if (counter.divisions.empty())
            continue;
          Value q = plus(carried[next.size()], advance.quotientStep);
          if (wraps)
            q = arith::SelectOp::create(b, loc, wraps, plus(q, advance.one), q);
          next.push_back(q);
        }
        return next;
      }));
  ValueRange carried = newLoop.getRegionIterArgs().take_back(inits.size());
  for (const Counter &counter : counters) {
    Value r = carried.front();
    carried = carried.drop_front();
    Value q;
    if (!counter.divisions.empty()) {
      q = carried.front();
      carried = carried.drop_front();
    }
    auto replace = [&](const CounterUse &use, bool quotient) {
      Value value = quotient ? q : r;
      if (use.offset) {
        rewriter.setInsertionPoint(use.op);
        value = stepBack(rewriter, use.op->getLoc(), r, q, counter.divisor,
                         use.offset, quotient);
      }
      rewriter.replaceOp(use.op, value);
    };
    for (const CounterUse &use : counter.remainders)
      replace(use, /*quotient=*/false);
    for (const CounterUse &use : counter.divisions)
      replace(use, /*quotient=*/true);
  }
}

struct CKCarryLoopDivisionsPass
    : public ck::impl::CKCarryLoopDivisionsBase<CKCarryLoopDivisionsPass> {
  void runOnOperation() override {
    // The ranges are solved at the first candidate only: most kernels have
    // none.
    std::unique_ptr<DataFlowSolver> solver;
    bool solved = true;
    auto startsNonNegative = [&](scf::ForOp loop) {
      if (!solver) {
        solver = std::make_unique<DataFlowSolver>();
        solver->load<dataflow::DeadCodeAnalysis>();
        solver->load<dataflow::SparseConstantPropagation>();
        solver->load<dataflow::IntegerRangeAnalysis>();
        solved = succeeded(solver->initializeAndRun(getOperation()));
      }
      auto *range = solver->lookupState<dataflow::IntegerValueRangeLattice>(
          loop.getLowerBound());
      return solved && range && !range->getValue().isUninitialized() &&
             range->getValue().getValue().smin().isNonNegative();
    };
    // Collected first, then carried loop by loop (carrying replaces the
    // loop op; the body and the loops inside it move to the new one).
    llvm::MapVector<Operation *, SmallVector<Counter>> loops;
    llvm::DenseMap<std::pair<Value, int64_t>, std::pair<Operation *, size_t>>
        counterOf;
    getOperation()->walk([&](Operation *op) {
      if (!isa<arith::DivUIOp, arith::RemUIOp>(op))
        return;
      auto [x, offset] = splitOffset(op->getOperand(0));
      APInt value;
      if (!x.getType().isIntOrIndex() ||
          !matchPattern(op->getOperand(1), m_ConstantInt(&value)) ||
          value.getActiveBits() > 32 || value.ule(1) || value.isPowerOf2())
        return;
      int64_t divisor = value.getZExtValue();
      auto key = std::pair{x, divisor};
      auto it = counterOf.find(key);
      if (it == counterOf.end()) {
        auto found = findInductionExpression(op, x, startsNonNegative);
        if (!found)
          return;
        SmallVector<Counter> &counters = loops[found->first];
        counters.push_back({std::move(found->second), x, divisor, {}, {}});
        it = counterOf.insert({key, {found->first, counters.size() - 1}}).first;
      }
      // x depends on the loop's induction variable, so every use of it is
      // inside the loop.
      auto [loop, index] = it->second;
      Counter &counter = loops[loop][index];
      (isa<arith::DivUIOp>(op) ? counter.divisions : counter.remainders)
          .push_back({op, offset});
    });
    if (!solved)
      return signalPassFailure();
    IRRewriter rewriter(&getContext());
    for (auto &[loop, counters] : loops)
      carry(rewriter, cast<scf::ForOp>(loop), counters);
  }
};

} // namespace
