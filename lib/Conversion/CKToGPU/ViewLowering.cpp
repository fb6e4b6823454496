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
/// ViewCursorProgram's policy for IR: integer values of `type` (index or
/// i32) and i1 conditions, with trivial operations folded as they are built.
struct CursorMath {
  using Value = mlir::Value;
  using Bool = mlir::Value;
  OpBuilder &b;
  Location loc;
  Type type;

  Value constant(int64_t v) {
    return arith::ConstantOp::create(b, loc, b.getIntegerAttr(type, v));
  }
  Value add(Value x, Value y) { return arith::AddIOp::create(b, loc, x, y); }
  Value addConstant(Value x, int64_t c) {
    return c == 0 ? x : add(x, constant(c));
  }
  Value mul(Value x, int64_t c) {
    return c == 1 ? x : arith::MulIOp::create(b, loc, x, constant(c));
  }
  Value div(Value x, int64_t c) {
    return c == 1 ? x : arith::DivUIOp::create(b, loc, x, constant(c));
  }
  Value rem(Value x, int64_t c) {
    return c == 1 ? constant(0)
                  : arith::RemUIOp::create(b, loc, x, constant(c));
  }
  Bool ult(Value x, int64_t c) {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, x,
                                 constant(c));
  }
  /// Null is true.
  Bool andB(Bool x, Bool y) {
    if (!x)
      return y;
    if (!y)
      return x;
    return arith::AndIOp::create(b, loc, x, y);
  }
  Bool notB(Bool x) {
    return arith::XOrIOp::create(
        b, loc, x, arith::ConstantIntOp::create(b, loc, 1, /*width=*/1));
  }
  Value select(Bool c, Value x, Value y) {
    return arith::SelectOp::create(b, loc, c, x, y);
  }
  Bool trueB() { return {}; }
};

/// ViewCursorProgram's policy for bounds: each value is the largest
/// magnitude the coordinate it stands for can take, saturating at 2^62.
struct BoundMath {
  using Value = int64_t;
  using Bool = bool;
  static constexpr int64_t kCap = int64_t(1) << 62;

  static int64_t cap(__int128 v) { return v > kCap ? kCap : int64_t(v); }
  Value constant(int64_t v) { return cap(v < 0 ? -__int128(v) : v); }
  Value add(Value x, Value y) { return cap(__int128(x) + y); }
  Value mul(Value x, int64_t c) { return cap(__int128(x) * constant(c)); }
  Value div(Value x, int64_t) { return x; }
  Value rem(Value, int64_t c) { return c; }
  Bool ult(Value, int64_t) { return true; }
  Bool andB(Bool, Bool) { return true; }
  Bool notB(Bool) { return true; }
  Value select(Bool, Value x, Value y) { return std::max(x, y); }
  Bool trueB() { return true; }
};

/// Whether every coordinate of every level of `view` fits in i32: the
/// cursor program run on magnitudes, with the view's own coordinates up to
/// twice their bounds (cursors run past the matrix edge before the bounds
/// check masks them), stays below 2^30.
static bool fitsInI32(const TracedView &view) {
  ArrayRef<int64_t> viewShape =
      view.maps.empty()
          ? cast<MemRefType>(view.memref.getType()).getShape()
          : view.maps.front().getUpperBounds();
  SmallVector<int64_t> largest;
  for (int64_t size : viewShape)
    largest.push_back(2 * size);
  BoundMath math;
  SmallVector<int64_t> state =
      ViewCursorProgram<BoundMath>{math, view.maps}.init(largest);
  return llvm::all_of(state, [](int64_t v) { return v < (int64_t(1) << 30); });
}

/// The type of `view`'s cursor values (cursorElementType).
static Type cursorType(OpBuilder &b, const TracedView &view) {
  return cursorElementType(b.getContext(), view);
}
} // namespace

// i32 where it fits: registers and arithmetic at half the width of 64-bit
// index.
Type mlir::ck::cursorElementType(MLIRContext *context,
                                 const TracedView &view) {
  if (fitsInI32(view))
    return IntegerType::get(context, 32);
  return IndexType::get(context);
}

CoordType mlir::ck::coordTypeOf(MLIRContext *context, const TracedView &view) {
  return CoordType::get(context, carriedPerCursor(view),
                        cursorElementType(context, view));
}

Value mlir::ck::materializeView(OpBuilder &b, Location loc,
                                const TracedView &view) {
  Value value = view.memref;
  Type elementType = cast<ShapedType>(value.getType()).getElementType();
  for (TransformMapAttr map : llvm::reverse(view.maps))
    value = TransformOp::create(
        b, loc, ViewType::get(b.getContext(), map.getUpperBounds(), elementType),
        value, map);
  return value;
}

ViewCursor mlir::ck::emitCursorInit(OpBuilder &b, Location loc,
                                    const TracedView &view,
                                    ValueRange coords) {
  Type type = cursorType(b, view);
  CursorMath math{b, loc, type};
  ViewCursorProgram<CursorMath> program{math, view.maps};
  SmallVector<Value> typed;
  for (Value c : coords)
    typed.push_back(c.getType() == type
                        ? c
                        : arith::IndexCastOp::create(b, loc, type, c)
                              .getResult());
  return {program.init(typed)};
}

ViewCursor mlir::ck::emitCursorAdvance(OpBuilder &b, Location loc,
                                       const TracedView &view,
                                       const ViewCursor &cursor,
                                       ArrayRef<int64_t> delta) {
  CursorMath math{b, loc, cursorType(b, view)};
  ViewCursorProgram<CursorMath> program{math, view.maps};
  if (canAdvanceCursor(view.maps, delta))
    return {program.advance(cursor.values, delta)};
  // A merge would move by a run-time amount: evaluate the new position in
  // full.
  return {program.init(emitMovedViewCoords(b, loc, cursor, delta))};
}

SmallVector<Value> mlir::ck::emitMovedViewCoords(OpBuilder &b, Location loc,
                                                 const ViewCursor &cursor,
                                                 ArrayRef<int64_t> delta) {
  SmallVector<Value> coords;
  for (auto [c, d] : llvm::zip(cursor.values, delta))
    coords.push_back(
        CursorMath{b, loc, c.getType()}.addConstant(c, d));
  return coords;
}

SmallVector<Value> mlir::ck::compactCursor(OpBuilder &b, Location loc,
                                           const TracedView &view,
                                           const ViewCursor &cursor) {
  CursorMath math{b, loc, cursorType(b, view)};
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
  CursorMath math{b, loc, cursorType(b, view)};
  return {ViewCursorProgram<CursorMath>{math, view.maps}.expand(compact)};
}

Value mlir::ck::emitCursorInside(OpBuilder &b, Location loc,
                                 const TracedView &view,
                                 const ViewCursor &cursor,
                                 ArrayRef<int64_t> dims, Value inBounds) {
  ArrayRef<int64_t> shape =
      view.maps.empty()
          ? cast<MemRefType>(view.memref.getType()).getShape()
          : view.maps.front().getUpperBounds();
  // Unsigned, so a negative coordinate is outside too.
  CursorMath math{b, loc, cursorType(b, view)};
  Value inside = inBounds;
  for (int64_t dim : dims)
    inside = math.andB(inside, math.ult(cursor.values[dim], shape[dim]));
  return inside;
}

ViewAccess mlir::ck::emitCursorAccess(OpBuilder &b, Location loc,
                                      const TracedView &view,
                                      const ViewCursor &cursor,
                                      Value inBounds) {
  CursorMath math{b, loc, cursorType(b, view)};
  ViewCursorProgram<CursorMath> program{math, view.maps};
  Value valid = math.andB(inBounds, program.outsidePadding(cursor.values));
  SmallVector<Value> indices;
  for (Value index : program.memrefCoords(cursor.values)) {
    if (valid)
      index = math.select(valid, index, math.constant(0));
    if (!index.getType().isIndex())
      index = arith::IndexCastOp::create(b, loc, b.getIndexType(), index);
    indices.push_back(index);
  }
  return ViewAccess{std::move(indices), valid};
}

ViewAccess mlir::ck::emitCursorLinearAccess(OpBuilder &b, Location loc,
                                            const TracedView &view,
                                            const ViewCursor &cursor,
                                            Value inBounds) {
  auto memref = cast<MemRefType>(view.memref.getType());
  CursorMath math{b, loc, cursorType(b, view)};
  ViewCursorProgram<CursorMath> program{math, view.maps};
  Value valid = math.andB(inBounds, program.outsidePadding(cursor.values));
  // A valid place is below the element count: the cursor's type holds it
  // where that is below 2^31. Invalid places may wrap; the select drops
  // them.
  bool narrow =
      !math.type.isIndex() && memref.getNumElements() < (int64_t(1) << 31);
  CursorMath linearMath{b, loc, narrow ? math.type : b.getIndexType()};
  SmallVector<int64_t> strides;
  int64_t offset;
  (void)memref.getStridesAndOffset(strides, offset);
  ViewCursorProgram<CursorMath>::LinearForm form =
      program.linearForm(cursor.values, strides);
  Value linear;
  for (auto [value, coefficient] : form.terms) {
    Value index = value;
    if (index.getType() != linearMath.type)
      index = arith::IndexCastOp::create(b, loc, linearMath.type, index);
    Value term = linearMath.mul(index, coefficient);
    linear = linear ? linearMath.add(linear, term) : term;
  }
  if (!linear)
    linear = linearMath.constant(form.constant);
  else
    linear = linearMath.addConstant(linear, form.constant);
  if (valid)
    linear = linearMath.select(valid, linear, linearMath.constant(0));
  if (!linear.getType().isIndex())
    linear = arith::IndexCastUIOp::create(b, loc, b.getIndexType(), linear);
  return ViewAccess{{linear}, valid};
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
