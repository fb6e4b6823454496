//===- KernelBuilding.cpp - Small pieces of GPU kernel code ---------------===//

#include "ck/Conversion/KernelBuilding.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::ck;

Value mlir::ck::indexConstant(OpBuilder &b, Location loc, int64_t value) {
  return arith::ConstantIndexOp::create(b, loc, value);
}

Value mlir::ck::emitRingSlot(OpBuilder &b, Location loc, Value step,
                             int64_t slots) {
  if (slots == 1)
    return indexConstant(b, loc, 0);
  return arith::RemUIOp::create(b, loc, step, indexConstant(b, loc, slots));
}

ElementThread mlir::ck::mapThreadToElement(OpBuilder &b, Location loc,
                                           ArrayRef<int64_t> shape,
                                           int64_t blockSize) {
  Value linear = arith::AddIOp::create(
      b, loc,
      arith::MulIOp::create(b, loc,
                            gpu::BlockIdOp::create(b, loc, gpu::Dimension::x),
                            indexConstant(b, loc, blockSize)),
      gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x));
  ElementThread thread;
  thread.inBounds = arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::ult, linear,
      indexConstant(b, loc, ShapedType::getNumElements(shape)));
  thread.coord.resize(shape.size());
  Value rest = linear;
  for (size_t i = shape.size(); i-- > 0;) {
    thread.coord[i] =
        i == 0 ? rest
               : arith::RemUIOp::create(b, loc, rest,
                                        indexConstant(b, loc, shape[i]));
    if (i > 0)
      rest = arith::DivUIOp::create(b, loc, rest,
                                    indexConstant(b, loc, shape[i]));
  }
  return thread;
}

std::array<int64_t, 3> mlir::ck::elementwiseGrid(ArrayRef<int64_t> shape,
                                                  int64_t blockSize) {
  return {llvm::divideCeilSigned(ShapedType::getNumElements(shape), blockSize),
          1, 1};
}

void mlir::ck::emitIf(OpBuilder &b, Location loc, Value condition,
                      function_ref<void()> body) {
  if (!condition)
    return body();
  OpBuilder::InsertionGuard guard(b);
  auto ifOp = scf::IfOp::create(b, loc, condition, /*withElseRegion=*/false);
  b.setInsertionPointToStart(ifOp.thenBlock());
  body();
}

Value mlir::ck::insideMatrix(OpBuilder &b, Location loc, Value row, Value col,
                             int64_t rows, int64_t cols) {
  // In the coordinates' own integer type (index, or i32 cursors).
  auto below = [&](Value v, int64_t limit) {
    return arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::ult, v,
        arith::ConstantOp::create(b, loc,
                                  b.getIntegerAttr(v.getType(), limit)));
  };
  return arith::AndIOp::create(b, loc, below(row, rows), below(col, cols));
}

/// The alignment a vector of `type` may claim: its size, at most 16 bytes.
static llvm::MaybeAlign vectorAlignment(VectorType type) {
  return llvm::MaybeAlign(std::min<int64_t>(
      16, type.getNumElements() * type.getElementTypeBitWidth() / 8));
}

/// `memref` and `indices` with the trailing unit dimensions collapsed into
/// the innermost longer one (their indices are 0), so that a vector along
/// that dimension runs along the innermost one of the result.
static std::pair<Value, SmallVector<Value>>
collapseTrailingUnitDims(OpBuilder &b, Location loc, Value memref,
                         ValueRange indices) {
  auto type = cast<MemRefType>(memref.getType());
  ArrayRef<int64_t> shape = type.getShape();
  size_t last = shape.size();
  while (last > 1 && shape[last - 1] == 1)
    --last;
  if (last == shape.size())
    return {memref, SmallVector<Value>(indices)};
  SmallVector<ReassociationIndices> groups;
  for (size_t i = 0; i + 1 < last; ++i)
    groups.push_back({int64_t(i)});
  groups.emplace_back();
  for (size_t i = last - 1; i < shape.size(); ++i)
    groups.back().push_back(i);
  Value collapsed = memref::CollapseShapeOp::create(b, loc, memref, groups);
  return {collapsed, SmallVector<Value>(indices.take_front(last))};
}

Value mlir::ck::loadAlignedVector(OpBuilder &b, Location loc, VectorType type,
                                  Value memref, ValueRange indices) {
  auto [base, at] = collapseTrailingUnitDims(b, loc, memref, indices);
  return vector::LoadOp::create(b, loc, type, base, at,
                                /*nontemporal=*/false, vectorAlignment(type));
}

void mlir::ck::storeAlignedVector(OpBuilder &b, Location loc, Value value,
                                  Value memref, ValueRange indices) {
  auto [base, at] = collapseTrailingUnitDims(b, loc, memref, indices);
  vector::StoreOp::create(b, loc, value, base, at,
                          /*nontemporal=*/false,
                          vectorAlignment(cast<VectorType>(value.getType())));
}

Value mlir::ck::emitEpilogue(OpBuilder &b, Location loc, Value acc,
                             double alpha, double beta, ArrayRef<Value> ds,
                             Type elementType) {
  // Scalars or vectors alike: `like(t)` is t shaped as acc.
  auto vectorType = dyn_cast<VectorType>(acc.getType());
  auto like = [&](Type t) -> Type {
    return vectorType ? VectorType::get(vectorType.getShape(), t) : t;
  };
  Type f32 = like(b.getF32Type());
  auto scaled = [&](Value v, double scale) -> Value {
    if (scale == 1.0)
      return v;
    TypedAttr s = b.getF32FloatAttr(scale);
    if (vectorType)
      s = DenseElementsAttr::get(cast<ShapedType>(f32), s);
    return arith::MulFOp::create(b, loc, v,
                                 arith::ConstantOp::create(b, loc, s));
  };
  Value value = scaled(acc, alpha);
  if (!ds.empty()) {
    Value sum;
    for (Value d : ds) {
      Value wide = d.getType() == f32
                       ? d
                       : arith::ExtFOp::create(b, loc, f32, d).getResult();
      sum = sum ? arith::AddFOp::create(b, loc, sum, wide).getResult() : wide;
    }
    value = arith::AddFOp::create(b, loc, value, scaled(sum, beta));
  }
  if (like(elementType) == f32)
    return value;
  return arith::TruncFOp::create(b, loc, like(elementType), value);
}
