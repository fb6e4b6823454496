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
/// Integer arithmetic on `type` (index or i32).
struct IndexMath {
  OpBuilder &b;
  Location loc;
  Type type;

  Value constant(int64_t v) {
    return arith::ConstantOp::create(b, loc, b.getIntegerAttr(type, v));
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

/// Whether every coordinate of every level of `view` fits in i32, with the
/// view's own coordinates up to twice their bounds (cursors run past the
/// matrix edge before the bounds check masks them): the largest magnitude of
/// each is bounded level by level, and all must stay below 2^30.
static bool fitsInI32(const TracedView &view) {
  constexpr int64_t kLimit = int64_t(1) << 30;
  SmallVector<int64_t> largest;
  if (view.maps.empty()) {
    for (int64_t size : cast<MemRefType>(view.memref.getType()).getShape())
      largest.push_back(2 * size);
    return llvm::all_of(largest, [&](int64_t v) { return v < kLimit; });
  }
  for (int64_t bound : view.maps.front().getUpperBounds())
    largest.push_back(2 * bound);
  for (TransformMapAttr map : view.maps) {
    if (llvm::any_of(largest, [&](int64_t v) { return v >= kLimit; }))
      return false;
    SmallVector<int64_t> lower(map.getLowerBounds().size(), 0);
    for (TransformAttr t : map.getTransforms()) {
      ArrayRef<int64_t> ups = t.getUpper(), lows = t.getLower();
      ArrayRef<int64_t> params = t.getParams();
      switch (t.getKind()) {
      case TransformKind::PassThrough:
        lower[lows[0]] = largest[ups[0]];
        break;
      case TransformKind::Slice:
      case TransformKind::Pad:
        lower[lows[0]] = largest[ups[0]] + std::abs(params[0]);
        break;
      case TransformKind::Embed: {
        int64_t sum = std::abs(params[0]);
        for (auto [dim, coeff] : llvm::zip(ups, params.drop_front()))
          sum += std::min(std::abs(coeff), kLimit) * largest[dim];
        lower[lows[0]] = sum;
        break;
      }
      case TransformKind::Unmerge: {
        int64_t sum = 0;
        for (int64_t dim : ups) {
          sum = sum * map.getUpperBounds()[dim] + largest[dim];
          if (sum >= kLimit)
            return false;
        }
        lower[lows[0]] = sum;
        break;
      }
      case TransformKind::Merge:
        // Inner digits stay below their lengths; the outermost takes at
        // most the upper coordinate.
        for (int64_t dim : lows)
          lower[dim] = std::max(map.getLowerBounds()[dim], largest[ups[0]]);
        break;
      }
    }
    largest = std::move(lower);
  }
  return llvm::all_of(largest, [&](int64_t v) { return v < kLimit; });
}

/// The type of `view`'s cursor values: i32 where every coordinate fits
/// (registers and arithmetic at half the width of 64-bit index), else
/// index.
static Type cursorType(OpBuilder &b, const TracedView &view) {
  return fitsInI32(view) ? Type(b.getI32Type()) : Type(b.getIndexType());
}

/// ViewCursorProgram's policy: integer values and i1 conditions.
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
  Type type = cursorType(b, view);
  CursorMath math{{b, loc, type}};
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
  CursorMath math{{b, loc, cursorType(b, view)}};
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
  CursorMath math{{b, loc, cursorType(b, view)}};
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
  CursorMath math{{b, loc, cursorType(b, view)}};
  return {ViewCursorProgram<CursorMath>{math, view.maps}.expand(compact)};
}

ViewAccess mlir::ck::emitCursorAccess(OpBuilder &b, Location loc,
                                      const TracedView &view,
                                      const ViewCursor &cursor,
                                      Value inBounds) {
  CursorMath math{{b, loc, cursorType(b, view)}};
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
