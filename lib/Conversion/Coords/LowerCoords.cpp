//===- LowerCoords.cpp - The ck-lower-coords pass -------------------------===//
//
// A !ck.coord becomes the integers of its cursor state (a 1:N conversion
// that scf loops carry), and the coordinate ops the cursor arithmetic of
// ViewLowering.h: full evaluation at ck.coord_init, carries without
// division at ck.coord_advance, memref indices (or, `linear`, the element's
// place in the contiguous memref) and validity at ck.coord_access.
//
//===----------------------------------------------------------------------===//

#include "ck/Conversion/Passes.h"
#include "ck/Conversion/ViewLowering.h"
#include "ck/Conversion/WaveOpLowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::ck {
#define GEN_PASS_DEF_CKLOWERCOORDS
#include "ck/Conversion/Passes.h.inc"
} // namespace mlir::ck

using namespace mlir;
using namespace mlir::ck;

namespace {

/// The traced view of `op`'s view operand, checked against the coordinate
/// type the op uses.
FailureOr<TracedView> traceCoordView(Operation *op, Value view,
                                     CoordType coord) {
  FailureOr<TracedView> traced = traceView(view);
  if (failed(traced))
    return op->emitOpError()
           << "takes a view that does not start at a memref; coordinates "
              "need its whole ck.transform chain";
  CoordType expected = coordTypeOf(op->getContext(), *traced);
  if (coord != expected)
    return op->emitOpError()
           << "uses " << coord << " where the view's cursor is " << expected
           << (expected.getElementType().isIndex()
                   ? " (some coordinate of its chain may not fit in i32)"
                   : "");
  return traced;
}

/// The view of a coordinate op, which runOnOperation has checked with
/// traceCoordView.
TracedView checkedView(Value view) { return *traceView(view); }

struct LowerCoordInit : OpConversionPattern<CoordInitOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(CoordInitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    TracedView view = checkedView(op.getView());
    Location loc = op.getLoc();
    ViewCursor cursor =
        emitCursorInit(rewriter, loc, view, adaptor.getCoords());
    rewriter.replaceOpWithMultiple(
        op, {compactCursor(rewriter, loc, view, cursor)});
    return success();
  }
};

struct LowerCoordAdvance : OpConversionPattern<CoordAdvanceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(CoordAdvanceOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    TracedView view = checkedView(op.getView());
    Location loc = op.getLoc();
    SmallVector<Value> state(adaptor.getCoord());
    ViewCursor moved = emitCursorAdvance(
        rewriter, loc, view, expandCursor(rewriter, loc, view, state),
        op.getDelta());
    rewriter.replaceOpWithMultiple(
        op, {compactCursor(rewriter, loc, view, moved)});
    return success();
  }
};

struct LowerCoordAccess : OpConversionPattern<CoordAccessOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(CoordAccessOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    TracedView view = checkedView(op.getView());
    Location loc = op.getLoc();
    SmallVector<Value> state(adaptor.getCoord());
    ViewCursor cursor = expandCursor(rewriter, loc, view, state);
    // Inside the view along the checked dimensions (all without `bounds`).
    int64_t rank = cast<ShapedType>(op.getView().getType()).getRank();
    SmallVector<int64_t> dims =
        op.getBounds() ? llvm::to_vector(*op.getBounds())
                       : llvm::to_vector(llvm::seq<int64_t>(0, rank));
    Value condition =
        op.getCondition() ? adaptor.getCondition().front() : Value();
    Value inside =
        emitCursorInside(rewriter, loc, view, cursor, dims, condition);
    ViewAccess access =
        op.getLinear()
            ? emitCursorLinearAccess(rewriter, loc, view, cursor, inside)
            : emitCursorAccess(rewriter, loc, view, cursor, inside);
    SmallVector<SmallVector<Value>> results;
    for (Value index : access.indices)
      results.push_back({index});
    // Nothing to check (no bounds, pads or condition): always valid.
    Value valid = access.valid ? access.valid
                               : arith::ConstantIntOp::create(
                                     rewriter, loc, 1, /*width=*/1)
                                     .getResult();
    results.push_back({valid});
    rewriter.replaceOpWithMultiple(op, std::move(results));
    return success();
  }
};

struct CKLowerCoordsPass
    : public ck::impl::CKLowerCoordsBase<CKLowerCoordsPass> {
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    // The copies read states this pass replaces: they go first.
    if (failed(requireLoweredBy(getOperation(), getArgument(),
                                {"ck-lower-tile-copies"})))
      return signalPassFailure();
    // Every coordinate op's view must trace to a memref and match its
    // state type; say which does not before converting anything.
    WalkResult checked = getOperation()->walk([](Operation *op) {
      auto check = [&](Value view, CoordType coord) {
        return failed(traceCoordView(op, view, coord))
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      };
      if (auto init = dyn_cast<CoordInitOp>(op))
        return check(init.getView(), init.getType());
      if (auto advance = dyn_cast<CoordAdvanceOp>(op))
        return check(advance.getView(), advance.getCoord().getType());
      if (auto access = dyn_cast<CoordAccessOp>(op))
        return check(access.getView(), access.getCoord().getType());
      return WalkResult::advance();
    });
    if (checked.wasInterrupted())
      return signalPassFailure();
    TypeConverter converter;
    converter.addConversion([](Type type) { return type; });
    converter.addConversion([](CoordType coord, SmallVectorImpl<Type> &results)
                                -> std::optional<LogicalResult> {
      results.append(coord.getSize(), coord.getElementType());
      return success();
    });
    RewritePatternSet patterns(context);
    patterns.add<LowerCoordInit, LowerCoordAdvance, LowerCoordAccess>(
        converter, context);
    ConversionTarget target(*context);
    target.addIllegalOp<CoordInitOp, CoordAdvanceOp, CoordAccessOp>();
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                         target);
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      return signalPassFailure();
    // The views the coordinate ops read are index math that is done now.
    SmallVector<TransformOp> transforms;
    getOperation()->walk([&](TransformOp op) { transforms.push_back(op); });
    for (TransformOp op : llvm::reverse(transforms))
      if (op->use_empty())
        op->erase();
  }
};

} // namespace
