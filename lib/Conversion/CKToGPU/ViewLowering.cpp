//===- ViewLowering.cpp - Index math of views as arith ops ----------------===//

#include "ck/Conversion/ViewLowering.h"

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
} // namespace

ViewAccess mlir::ck::emitViewAccess(OpBuilder &b, Location loc,
                                    const TracedView &view, ValueRange coords,
                                    Value inBounds) {
  IndexMath math{b, loc};
  SmallVector<Value> current(coords);
  if (inBounds)
    for (Value &c : current)
      c = math.select(inBounds, c, math.constant(0));
  Value valid = inBounds;
  for (TransformMapAttr map : view.maps) {
    ArrayRef<int64_t> upperBounds = map.getUpperBounds();
    ArrayRef<int64_t> lowerBounds = map.getLowerBounds();
    SmallVector<Value> lower(lowerBounds.size());
    for (TransformAttr t : map.getTransforms()) {
      ArrayRef<int64_t> ups = t.getUpper(), lows = t.getLower();
      ArrayRef<int64_t> params = t.getParams();
      switch (t.getKind()) {
      case TransformKind::PassThrough:
        lower[lows[0]] = current[ups[0]];
        break;
      case TransformKind::Slice:
        lower[lows[0]] = math.addConstant(current[ups[0]], params[0]);
        break;
      case TransformKind::Pad: {
        Value u = current[ups[0]];
        int64_t left = params[0], length = lowerBounds[lows[0]];
        Value inside = math.andI(
            math.cmp(arith::CmpIPredicate::sge, u, math.constant(left)),
            math.cmp(arith::CmpIPredicate::slt, u,
                     math.constant(left + length)));
        valid = math.andI(valid, inside);
        // Outside, continue with 0 so that later math stays in range.
        Value shifted = math.addConstant(u, -left);
        lower[lows[0]] = math.select(inside, shifted, math.constant(0));
        break;
      }
      case TransformKind::Embed: {
        Value sum = math.constant(params[0]);
        for (auto [dim, coeff] : llvm::zip(ups, params.drop_front()))
          if (coeff != 0)
            sum = math.add(sum, math.mul(current[dim], coeff));
        lower[lows[0]] = sum;
        break;
      }
      case TransformKind::Merge: {
        Value rest = current[ups[0]];
        for (size_t i = lows.size(); i-- > 0;) {
          int64_t length = lowerBounds[lows[i]];
          lower[lows[i]] = i == 0 ? rest : math.rem(rest, length);
          if (i > 0)
            rest = math.div(rest, length);
        }
        break;
      }
      case TransformKind::Unmerge: {
        Value linear = math.constant(0);
        for (int64_t dim : ups)
          linear = math.add(math.mul(linear, upperBounds[dim]), current[dim]);
        lower[lows[0]] = linear;
        break;
      }
      }
    }
    current = std::move(lower);
  }
  return ViewAccess{std::move(current), valid};
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
