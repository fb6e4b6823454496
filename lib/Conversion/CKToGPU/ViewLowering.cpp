//===- ViewLowering.cpp - Index math of views as arith ops ----------------===//

#include "ck/Conversion/ViewLowering.h"
#include "ck/Dialect/CK/Utils/ViewCursor.h"

#include "Kernels.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::ck;

namespace {
/// Index arithmetic with constants folded as they are built.
struct IndexMath {
  OpBuilder &b;
  Location loc;

  Value constant(int64_t v) {
    return arith::ConstantIndexOp::create(b, loc, v);
  }
  Value add(Value x, Value y) { return arith::AddIOp::create(b, loc, x, y); }
  Value mul(Value x, int64_t c) {
    if (c == 1)
      return x;
    return arith::MulIOp::create(b, loc, x, constant(c));
  }
  Value addConstant(Value x, int64_t c) {
    return c == 0 ? x : add(x, constant(c));
  }
  Value div(Value x, int64_t c) {
    return c == 1 ? x : arith::DivUIOp::create(b, loc, x, constant(c));
  }
  Value rem(Value x, int64_t c) {
    return c == 1 ? constant(0) : arith::RemUIOp::create(b, loc, x, constant(c));
  }
  Value cmp(arith::CmpIPredicate p, Value x, Value y) {
    return arith::CmpIOp::create(b, loc, p, x, y);
  }
  Value andI(Value x, Value y) {
    if (!x)
      return y;
    if (!y)
      return x;
    return arith::AndIOp::create(b, loc, x, y);
  }
  Value select(Value cond, Value x, Value y) {
    return arith::SelectOp::create(b, loc, cond, x, y);
  }
};

/// ViewCursorProgram's policy: index values and i1 conditions.
struct CursorMath {
  using Value = mlir::Value;
  using Bool = mlir::Value;
  IndexMath math;

  Value constant(int64_t v) { return math.constant(v); }
  Value add(Value x, Value y) { return math.add(x, y); }
  Value mul(Value x, int64_t c) { return math.mul(x, c); }
  Value div(Value x, int64_t c) { return math.div(x, c); }
  Value rem(Value x, int64_t c) { return math.rem(x, c); }
  Bool ult(Value x, int64_t c) {
    return math.cmp(arith::CmpIPredicate::ult, x, constant(c));
  }
  Bool andB(Bool x, Bool y) { return math.andI(x, y); }
  Bool notB(Bool x) {
    return arith::XOrIOp::create(
        math.b, math.loc, x,
        arith::ConstantIntOp::create(math.b, math.loc, 1, /*width=*/1));
  }
  Value select(Bool c, Value x, Value y) { return math.select(c, x, y); }
  /// No condition: andB treats null as true.
  Bool trueB() { return {}; }
};
} // namespace

ViewCursor mlir::ck::emitCursorInit(OpBuilder &b, Location loc,
                                    const TracedView &view,
                                    ValueRange coords) {
  CursorMath math{{b, loc}};
  ViewCursorProgram<CursorMath> program{math, view.maps};
  return {program.init(SmallVector<Value>(coords))};
}

ViewCursor mlir::ck::emitCursorAdvance(OpBuilder &b, Location loc,
                                       const TracedView &view,
                                       const ViewCursor &cursor,
                                       ArrayRef<int64_t> delta) {
  CursorMath math{{b, loc}};
  ViewCursorProgram<CursorMath> program{math, view.maps};
  if (canAdvanceCursor(view.maps, delta))
    return {program.advance(cursor.values, delta)};
  // A merge would move by a run-time amount: evaluate the new position in
  // full.
  SmallVector<Value> coords;
  for (auto [c, d] : llvm::zip(cursor.values, delta))
    coords.push_back(d == 0 ? c : math.math.addConstant(c, d));
  return {program.init(coords)};
}

SmallVector<Value> mlir::ck::compactCursor(OpBuilder &b, Location loc,
                                           const TracedView &view,
                                           const ViewCursor &cursor) {
  CursorMath math{{b, loc}};
  return ViewCursorProgram<CursorMath>{math, view.maps}.compact(cursor.values);
}

size_t mlir::ck::carriedPerCursor(const TracedView &view) {
  if (view.maps.empty())
    return cast<MemRefType>(view.memref.getType()).getRank();
  size_t size = view.maps.front().getUpperBounds().size();
  for (TransformMapAttr map : view.maps)
    for (TransformAttr t : map.getTransforms())
      if (t.getKind() == TransformKind::Merge)
        size += t.getLower().size();
  return size;
}

ViewCursor mlir::ck::expandCursor(OpBuilder &b, Location loc,
                                  const TracedView &view,
                                  ArrayRef<Value> compact) {
  CursorMath math{{b, loc}};
  return {ViewCursorProgram<CursorMath>{math, view.maps}.expand(compact)};
}

ViewAccess mlir::ck::emitCursorAccess(OpBuilder &b, Location loc,
                                      const TracedView &view,
                                      const ViewCursor &cursor,
                                      Value inBounds) {
  CursorMath math{{b, loc}};
  ViewCursorProgram<CursorMath> program{math, view.maps};
  Value valid = math.andB(inBounds, program.outsidePadding(cursor.values));
  SmallVector<Value> indices(program.memrefCoords(cursor.values));
  if (valid)
    for (Value &index : indices)
      index = math.select(valid, index, math.constant(0));
  return ViewAccess{std::move(indices), valid};
}

ViewAccess mlir::ck::emitViewAccess(OpBuilder &b, Location loc,
                                    const TracedView &view, ValueRange coords,
                                    Value inBounds) {
  return emitCursorAccess(b, loc, view, emitCursorInit(b, loc, view, coords),
                          inBounds);
}

Value mlir::ck::emitGuardedLoad(OpBuilder &b, Location loc, Value memref,
                                const ViewAccess &access, int64_t width) {
  Type elementType = cast<MemRefType>(memref.getType()).getElementType();
  Value value, zero;
  if (width == 1) {
    value = memref::LoadOp::create(b, loc, memref, access.indices);
    zero = arith::ConstantOp::create(b, loc, b.getZeroAttr(elementType));
  } else {
    auto type = VectorType::get({width}, elementType);
    value = loadAlignedVector(b, loc, type, memref, access.indices);
    zero = arith::ConstantOp::create(
        b, loc, DenseElementsAttr::get(type, b.getZeroAttr(elementType)));
  }
  if (!access.valid)
    return value;
  return arith::SelectOp::create(b, loc, access.valid, value, zero);
}
