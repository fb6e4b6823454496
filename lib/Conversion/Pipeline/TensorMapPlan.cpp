//===- TensorMapPlan.cpp - GEMM operand views as TMA boxes ----------------===//

#include "ck/Conversion/TensorMapPlan.h"
#include "ck/Conversion/KernelBuilding.h"
#include "ck/Target/GemmConfig.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;
using namespace mlir::ck;

namespace {

/// The transform of `map` that writes lower dimension `lower`, if it is
/// of `kind` and reads exactly `upper`.
TransformAttr findTransform(TransformMapAttr map, TransformKind kind,
                            ArrayRef<int64_t> upper, ArrayRef<int64_t> lower) {
  for (TransformAttr t : map.getTransforms())
    if (t.getKind() == kind && t.getUpper() == upper && t.getLower() == lower)
      return t;
  return {};
}

/// The memref's static row-major shape, or failure (a layout, a dynamic
/// size).
FailureOr<ArrayRef<int64_t>> rowMajorShape(Value memref) {
  auto type = dyn_cast<MemRefType>(memref.getType());
  if (!type || !type.hasStaticShape() || !type.getLayout().isIdentity())
    return failure();
  return type.getShape();
}

} // namespace

Value TensorMapPlan::build(OpBuilder &b, Location loc, Value memref) const {
  auto lowerAttr = im2col ? b.getDenseI64ArrayAttr(lower) : nullptr;
  auto upperAttr = im2col ? b.getDenseI64ArrayAttr(upper) : nullptr;
  return TensorMapOp::create(
      b, loc, LLVM::LLVMPointerType::get(b.getContext()), memref,
      im2col ? b.getUnitAttr() : nullptr, b.getDenseI64ArrayAttr(dims),
      b.getDenseI64ArrayAttr(strides), b.getDenseI64ArrayAttr(box), lowerAttr,
      upperAttr, b.getDenseI64ArrayAttr(elements),
      b.getI64IntegerAttr(kWgmmaSwizzleBytes));
}

void TensorMapPlan::emitBox(OpBuilder &b, Location loc, Value g, Value fixed,
                            Value k, int64_t j, SmallVectorImpl<Value> &coords,
                            SmallVectorImpl<Value> &offsets) const {
  auto constant = [&](int64_t v) { return indexConstant(b, loc, v); };
  auto add = [&](Value x, Value y) {
    return arith::AddIOp::create(b, loc, x, y).getResult();
  };
  auto mul = [&](Value x, int64_t c) {
    return arith::MulIOp::create(b, loc, x, constant(c)).getResult();
  };
  auto div = [&](Value x, int64_t c) {
    return arith::DivUIOp::create(b, loc, x, constant(c)).getResult();
  };
  auto rem = [&](Value x, int64_t c) {
    return arith::RemUIOp::create(b, loc, x, constant(c)).getResult();
  };
  Value column = add(fixed, constant(j * kTmaBoxInner));
  if (!im2col) {
    // (m, g, k).
    coords.append({column, g, k});
    return;
  }
  // K = (n, ho, wo): the first pixel's position in the input, the pixel
  // box's origin being (-pad_w, -pad_h).
  Value pixels = div(k, outW);
  Value wo = rem(k, outW);
  Value ho = rem(pixels, outH);
  Value n = div(pixels, outH);
  Value w = arith::SubIOp::create(b, loc, mul(wo, strideW), constant(padW));
  Value h = arith::SubIOp::create(b, loc, mul(ho, strideH), constant(padH));
  // N = (y, x, c): the box's channels of group g at filter tap (y, x).
  Value c = add(mul(g, channels), rem(column, channels));
  Value tap = div(column, channels);
  coords.append({c, w, h, n});
  offsets.append(
      {mul(rem(tap, filterW), dilationW), mul(div(tap, filterW), dilationH)});
}

/// The transform of `map` that reads upper dimension `upper` and writes
/// lower dimension `lower` unchanged: a pass-through or a merge into that
/// one dimension.
static bool passesThrough(TransformMapAttr map, int64_t upper, int64_t lower) {
  return findTransform(map, TransformKind::PassThrough, {upper}, {lower}) ||
         findTransform(map, TransformKind::Merge, {upper}, {lower});
}

/// The map where `view` (G x M x K for A, G x K x N for B) reads an
/// [..., G, C] memref with C (upper dimension `inner`) contiguous, G
/// passed through and K the merge of the leading dimensions: a 3-D map
/// (C, G, K), boxes of 64 along C by BK along K.
static FailureOr<TensorMapPlan> planTiledMap(const TracedView &view,
                                             int64_t inner,
                                             int64_t elementBytes,
                                             int64_t tile, int64_t bk) {
  FailureOr<ArrayRef<int64_t>> shape = rowMajorShape(view.memref);
  if (failed(shape) || view.maps.size() != 1 || tile % kTmaBoxInner ||
      shape->size() < 3)
    return failure();
  int64_t rank = shape->size();
  TransformMapAttr map = view.maps.front();
  SmallVector<int64_t> leading =
      llvm::to_vector(llvm::seq<int64_t>(0, rank - 2));
  if (!passesThrough(map, inner, rank - 1) ||
      !passesThrough(map, 0, rank - 2) ||
      !findTransform(map, TransformKind::Merge, {3 - inner}, leading))
    return failure();
  int64_t columns = (*shape)[rank - 1], groups = (*shape)[rank - 2];
  if ((columns * elementBytes) % 16)
    return failure();
  TensorMapPlan plan;
  plan.dims = {columns, groups,
               ShapedType::getNumElements(shape->drop_back(2))};
  plan.strides = {columns * elementBytes, groups * columns * elementBytes};
  plan.box = {kTmaBoxInner, 1, bk};
  plan.elements = {1, 1, 1};
  plan.boxBytes = kTmaBoxInner * bk * elementBytes;
  return plan;
}

/// The map where `view` (B, G x K x N) reads an [N, H, W, G, C] memref
/// through embeds (and pads, if any) and merges: an im2col map.
static FailureOr<TensorMapPlan> planIm2colMap(const TracedView &view,
                                              int64_t elementBytes,
                                              int64_t bk, int64_t bn) {
  FailureOr<ArrayRef<int64_t>> shape = rowMajorShape(view.memref);
  if (failed(shape) || view.maps.size() < 2 || view.maps.size() > 3 ||
      shape->size() != 5 || bn % kTmaBoxInner)
    return failure();
  // View (G, K, N) -> (n, y, ho, x, wo, g, c) -> [(n, hp, wp, g, c), where
  // the convolution pads] -> memref (n, h, w, g, c).
  TransformMapAttr merges = view.maps[0], windows = view.maps[1];
  TransformAttr embedH =
      findTransform(windows, TransformKind::Embed, {1, 2}, {1});
  TransformAttr embedW =
      findTransform(windows, TransformKind::Embed, {3, 4}, {2});
  if (!findTransform(merges, TransformKind::Merge, {1}, {0, 2, 4}) ||
      !findTransform(merges, TransformKind::Merge, {2}, {1, 3, 6}) ||
      !findTransform(merges, TransformKind::PassThrough, {0}, {5}) ||
      !findTransform(windows, TransformKind::PassThrough, {0}, {0}) ||
      !findTransform(windows, TransformKind::PassThrough, {5}, {3}) ||
      !findTransform(windows, TransformKind::PassThrough, {6}, {4}) ||
      !embedH || !embedW || embedH.getParams()[0] != 0 ||
      embedW.getParams()[0] != 0)
    return failure();
  // (left, right) pads of H and W.
  SmallVector<int64_t, 2> padsH = {0, 0}, padsW = {0, 0};
  if (view.maps.size() == 3) {
    TransformMapAttr pads = view.maps[2];
    TransformAttr padH = findTransform(pads, TransformKind::Pad, {1}, {1});
    TransformAttr padW = findTransform(pads, TransformKind::Pad, {2}, {2});
    if (!padH || !padW ||
        !findTransform(pads, TransformKind::PassThrough, {0}, {0}) ||
        !findTransform(pads, TransformKind::PassThrough, {3}, {3}) ||
        !findTransform(pads, TransformKind::PassThrough, {4}, {4}))
      return failure();
    padsH.assign(padH.getParams());
    padsW.assign(padW.getParams());
  }
  ArrayRef<int64_t> window = merges.getLowerBounds();
  int64_t n = (*shape)[0], h = (*shape)[1], w = (*shape)[2],
          groups = (*shape)[3], c = (*shape)[4];
  TensorMapPlan plan;
  plan.im2col = true;
  plan.channels = c;
  plan.filterW = window[3];
  plan.outH = window[2];
  plan.outW = window[4];
  plan.dilationH = embedH.getParams()[1];
  plan.strideH = embedH.getParams()[2];
  plan.dilationW = embedW.getParams()[1];
  plan.strideW = embedW.getParams()[2];
  plan.padH = padsH[0];
  plan.padW = padsW[0];
  int64_t filterH = window[1];
  // The pixel box: the output positions' first taps, from -pad to the last
  // position whose window ends inside the padded input.
  plan.lower = {-plan.padW, -plan.padH};
  plan.upper = {padsW[1] - (plan.filterW - 1) * plan.dilationW,
                padsH[1] - (filterH - 1) * plan.dilationH};
  int64_t channelBytes = groups * c * elementBytes;
  if (c % kTmaBoxInner || channelBytes % 16 || plan.strideW > 8 ||
      plan.strideH > 8 ||
      llvm::any_of(plan.lower, [](int64_t v) { return v < -128; }) ||
      llvm::any_of(plan.upper, [](int64_t v) { return v < -128 || v > 127; }) ||
      (plan.filterW - 1) * plan.dilationW > 65535 ||
      (filterH - 1) * plan.dilationH > 65535 || bk > 1024)
    return failure();
  plan.dims = {groups * c, w, h, n};
  plan.strides = {channelBytes, w * channelBytes, h * w * channelBytes};
  plan.box = {kTmaBoxInner, bk};
  plan.elements = {1, plan.strideW, plan.strideH, 1};
  plan.boxBytes = kTmaBoxInner * bk * elementBytes;
  return plan;
}

FailureOr<TensorMapPlan> mlir::ck::planOperandMap(const TracedView &view,
                                                  int64_t operand,
                                                  Type elementType,
                                                  int64_t tile, int64_t bk) {
  int64_t elementBytes = elementType.getIntOrFloatBitWidth() / 8;
  if (elementBytes != 2)
    return failure();
  // A's columns are its upper dimension 1 (M), B's its dimension 2 (N).
  FailureOr<TensorMapPlan> tiled =
      planTiledMap(view, operand + 1, elementBytes, tile, bk);
  if (succeeded(tiled) || operand == 0)
    return tiled;
  return planIm2colMap(view, elementBytes, bk, tile);
}
