//===- LdsSwizzle.cpp - The swizzled layout of LDS tiles ------------------===//

#include "ck/Dialect/CK/Utils/LdsSwizzle.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace mlir::ck;

std::pair<Value, Value>
mlir::ck::emitSwizzledPlace(OpBuilder &b, Location loc, int64_t swizzleBytes,
                            int64_t elementBytes, int64_t outerExtent,
                            int64_t innerExtent, Value outer, Value inner) {
  auto constant = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  auto mul = [&](Value x, int64_t y) -> Value {
    return y == 1 ? x : arith::MulIOp::create(b, loc, x, constant(y));
  };
  auto add = [&](Value x, Value y) -> Value {
    return arith::AddIOp::create(b, loc, x, y);
  };
  int64_t block = swizzleBytes / elementBytes;
  // The element's byte offset in the blocked tile.
  Value within = arith::RemUIOp::create(b, loc, inner, constant(block));
  Value blocked =
      add(mul(arith::DivUIOp::create(b, loc, inner, constant(block)),
              outerExtent * block),
          add(mul(outer, block), within));
  Value bytes = mul(blocked, elementBytes);
  // The chunk bits from 4 xor as many line bits from 7.
  Value line = arith::AndIOp::create(
      b, loc, arith::ShRUIOp::create(b, loc, bytes, constant(7)),
      constant(swizzleBytes / 16 - 1));
  Value swizzled = arith::DivUIOp::create(
      b, loc,
      arith::XOrIOp::create(b, loc, bytes,
                            arith::ShLIOp::create(b, loc, line, constant(4))),
      constant(elementBytes));
  return {arith::DivUIOp::create(b, loc, swizzled, constant(innerExtent)),
          arith::RemUIOp::create(b, loc, swizzled, constant(innerExtent))};
}
