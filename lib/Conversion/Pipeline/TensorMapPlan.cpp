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

/// Where `map` splits one lower dimension in place into two adjacent upper
/// ones and passes every other through at its place (ck-conv-to-gemm's
/// merged groups: G into G / m blocks of m groups), the dimension split
/// and the inner part's length m.
struct InPlaceSplit {
  int64_t dim = -1, inner = 0;
};
std::optional<InPlaceSplit> inPlaceSplit(TransformMapAttr map) {
  std::optional<InPlaceSplit> split;
  for (TransformAttr t : map.getTransforms()) {
    ArrayRef<int64_t> upper = t.getUpper(), lower = t.getLower();
    if (t.getKind() != TransformKind::Unmerge || split)
      continue;
    if (upper.size() != 2 || lower.size() != 1 || upper[0] != lower[0] ||
        upper[1] != lower[0] + 1)
      return std::nullopt;
    split = InPlaceSplit{lower[0], map.getUpperBounds()[upper[1]]};
  }
  if (!split)
    return std::nullopt;
  for (TransformAttr t : map.getTransforms()) {
    ArrayRef<int64_t> upper = t.getUpper(), lower = t.getLower();
    if (t.getKind() == TransformKind::Unmerge && lower[0] == split->dim)
      continue;
    if (t.getKind() != TransformKind::PassThrough || upper.size() != 1 ||
        upper[0] != lower[0] + (lower[0] > split->dim ? 1 : 0))
      return std::nullopt;
  }
  return split;
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

void TensorMapPlan::emitBox(OpBuilder &b, Location loc, Value g,
                            ArrayRef<Value> position, int64_t j,
                            SmallVectorImpl<Value> &coords,
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
  // The box's start along the inner dimension, then along the outer one.
  Value inner = add(position[innerDim - 1], constant(j * kTmaBoxInner));
  Value outer = position[outerDim() - 1];
  if (!im2col) {
    for (const Coordinate &c : coordinates) {
      Value at = c.viewDim == 0 ? g : c.viewDim == innerDim ? inner : outer;
      if (c.divisor != 1)
        at = div(at, c.divisor);
      if (c.size)
        at = rem(at, c.size);
      coords.push_back(at);
    }
    return;
  }
  // The outer dimension is (n, ho, wo): the first pixel's position in the
  // input, the pixel box's origin being (-pad_w, -pad_h).
  Value pixels = div(outer, outW);
  Value wo = rem(outer, outW);
  Value ho = rem(pixels, outH);
  Value n = div(pixels, outH);
  Value w = arith::SubIOp::create(b, loc, mul(wo, strideW), constant(padW));
  Value h = arith::SubIOp::create(b, loc, mul(ho, strideH), constant(padH));
  // The inner one is (y, x, c): the box's channels of group g at filter tap
  // (y, x), whose window offsets are tapOffset + tap * tapStep.
  Value c = add(mul(g, channels), rem(inner, channels));
  Value tap = div(inner, channels);
  auto tapOffset = [&](Value t, int64_t offset, int64_t step) {
    if (offset == 0)
      return mul(t, step);
    return arith::SubIOp::create(b, loc, constant(offset), mul(t, -step))
        .getResult();
  };
  coords.append({c, w, h, n});
  offsets.append({tapOffset(rem(tap, filterW), tapOffsetW, tapStepW),
                  tapOffset(div(tap, filterW), tapOffsetH, tapStepH)});
}

/// The memref dimensions, outermost first, that view dimension `dim`
/// reaches through `maps`, or failure where a map does more than pass it
/// through, merge it or embed it unchanged, or changes a length on the way
/// (the view must hold exactly what the map holds: a K tile past the view's
/// end reads zeros). The one exception is a pad on the right of a memref
/// dimension, in the map that reads the memref: the box reads past the
/// tensor's end there, which TMA fills with zeros as the pad does; its
/// length in the view goes into `viewLengths`.
static FailureOr<SmallVector<int64_t>>
reachedDims(ArrayRef<TransformMapAttr> maps, int64_t dim,
            DenseMap<int64_t, int64_t> &viewLengths) {
  SmallVector<int64_t> reached = {dim};
  for (auto [i, map] : llvm::enumerate(maps)) {
    bool readsMemref = i + 1 == maps.size();
    SmallVector<int64_t> next;
    for (int64_t upper : reached) {
      const TransformAttr *t = llvm::find_if(map.getTransforms(), [&](auto t) {
        return llvm::is_contained(t.getUpper(), upper);
      });
      if (t == map.getTransforms().end() || t->getUpper().size() != 1)
        return failure();
      int64_t length = map.getUpperBounds()[upper];
      ArrayRef<int64_t> lower = t->getLower();
      int64_t lowerLength = 1;
      for (int64_t d : lower)
        lowerLength *= map.getLowerBounds()[d];
      bool unchanged =
          t->getKind() == TransformKind::PassThrough ||
          t->getKind() == TransformKind::Merge ||
          (t->getKind() == TransformKind::Embed &&
           t->getParams() == ArrayRef<int64_t>{0, 1});
      bool rightPad = readsMemref && t->getKind() == TransformKind::Pad &&
                      t->getParams()[0] == 0;
      if (rightPad)
        viewLengths[lower.front()] = length;
      else if (!unchanged || length != lowerLength)
        return failure();
      llvm::append_range(next, lower);
    }
    reached = std::move(next);
  }
  return reached;
}

/// The tiled map of `view`, whose dimensions reach the memref's in runs of
/// consecutive dimensions (TensorMapPlan.h), for tiles of `extents` along
/// view dimensions 1 and 2.
static FailureOr<TensorMapPlan> planTiledMap(const TracedView &view,
                                             int64_t elementBytes,
                                             ArrayRef<int64_t> extents) {
  FailureOr<ArrayRef<int64_t>> memrefShape = rowMajorShape(view.memref);
  if (failed(memrefShape))
    return failure();
  // A last map that splits a memref dimension in place reads the row-major
  // memref as one of the split shape.
  SmallVector<int64_t> splitShape(*memrefShape);
  ArrayRef<TransformMapAttr> maps = view.maps;
  if (std::optional<InPlaceSplit> split =
          maps.empty() ? std::nullopt : inPlaceSplit(maps.back())) {
    int64_t length = splitShape[split->dim];
    splitShape[split->dim] = length / split->inner;
    splitShape.insert(splitShape.begin() + split->dim + 1, split->inner);
    maps = maps.drop_back();
  }
  ArrayRef<int64_t> shape = splitShape;
  int64_t rank = shape.size();
  // The runs in the view dimensions' order, each dimension's outermost
  // first.
  struct Run {
    int64_t viewDim, first, last;
  };
  SmallVector<Run> runs;
  SmallVector<int64_t> reachedBy(rank, -1);
  DenseMap<int64_t, int64_t> viewLengths;
  for (int64_t v = 0; v < 3; ++v) {
    FailureOr<SmallVector<int64_t>> reached = reachedDims(maps, v, viewLengths);
    if (failed(reached))
      return failure();
    for (int64_t d : *reached) {
      if (d < 0 || d >= rank || reachedBy[d] >= 0)
        return failure();
      reachedBy[d] = v;
      // A padded dimension is a run of its own: its map dimension holds
      // the tensor's length, the coordinates walk the view's.
      if (!runs.empty() && runs.back().viewDim == v &&
          runs.back().last + 1 == d && !viewLengths.count(d) &&
          !viewLengths.count(runs.back().last))
        runs.back().last = d;
      else
        runs.push_back({v, d, d});
    }
  }
  if (llvm::is_contained(reachedBy, -1))
    return failure();
  SmallVector<int64_t> viewShape(shape);
  for (auto [d, length] : viewLengths)
    viewShape[d] = length;
  auto elementsFrom = [&](int64_t first, int64_t end) {
    return ShapedType::getNumElements(shape.slice(first, end - first));
  };
  auto viewElementsFrom = [&](int64_t first, int64_t end) {
    return ShapedType::getNumElements(
        ArrayRef(viewShape).slice(first, end - first));
  };
  // The map's dimensions: the runs, innermost first. The innermost is the
  // memref's contiguous dimension, along M or N (MN-major) or K.
  SmallVector<Run> order = runs;
  llvm::sort(order, [](const Run &x, const Run &y) { return x.first > y.first; });
  if (order.size() > 5 || order.front().last != rank - 1 ||
      order.front().viewDim == 0)
    return failure();
  TensorMapPlan plan;
  plan.innerDim = order.front().viewDim;
  if (extents[plan.innerDim - 1] % kTmaBoxInner)
    return failure();
  for (const Run &run : order) {
    int64_t size = elementsFrom(run.first, run.last + 1);
    int64_t stride = elementsFrom(run.last + 1, rank) * elementBytes;
    // A tensor map's sizes take 32 bits and its strides 40, in 16 bytes.
    if (size > (int64_t(1) << 32))
      return failure();
    if (run.last != rank - 1) {
      if (stride % 16 || stride >= (int64_t(1) << 40))
        return failure();
      plan.strides.push_back(stride);
    }
    plan.dims.push_back(size);
    // The position along the run's view dimension, over the runs inside it
    // and modulo its own size but for the outermost.
    TensorMapPlan::Coordinate coordinate{run.viewDim, 1, 0};
    bool outermost = true, inside = false;
    for (const Run &other : runs) {
      if (other.first == run.first)
        inside = true;
      else if (other.viewDim != run.viewDim)
        continue;
      else if (!inside)
        outermost = false;
      else
        coordinate.divisor *= viewElementsFrom(other.first, other.last + 1);
    }
    int64_t viewSize = viewElementsFrom(run.first, run.last + 1);
    if (!outermost)
      coordinate.size = viewSize;
    plan.coordinates.push_back(coordinate);
    // A box spans 64 along the inner dimension and the tile's extent along
    // the outer one, in the innermost run of each; a run with another
    // outside it holds whole boxes.
    int64_t extent = run.viewDim == 0                ? 1
                     : run.viewDim == plan.innerDim ? kTmaBoxInner
                                                    : extents[run.viewDim - 1];
    int64_t box = coordinate.divisor == 1 ? extent : 1;
    if (box > 256 || (!outermost && viewSize % box))
      return failure();
    plan.box.push_back(box);
    plan.elements.push_back(1);
  }
  return plan;
}

/// The im2col map where `view` reads an [N, H, W, G, C] memref through
/// embeds (and pads, if any) and merges, output positions along view
/// dimension 1 and filter taps by channels, contiguous, along 2. Where the
/// view merges m groups (G split in place into G / m blocks of m, the
/// block along view dimension 0 and each group's channels after their
/// group's index along 2), a box holds channels of m consecutive groups:
/// the map is that of G / m groups of m * C channels.
static FailureOr<TensorMapPlan> planIm2colMap(const TracedView &view,
                                              int64_t elementBytes,
                                              ArrayRef<int64_t> extents) {
  FailureOr<ArrayRef<int64_t>> shape = rowMajorShape(view.memref);
  SmallVector<TransformMapAttr> maps(view.maps);
  std::optional<InPlaceSplit> groupSplit =
      maps.size() > 1 ? inPlaceSplit(maps[1]) : std::nullopt;
  if (groupSplit)
    maps.erase(maps.begin() + 1);
  if (failed(shape) || maps.size() < 2 || maps.size() > 3 ||
      shape->size() != 5 || extents[1] % kTmaBoxInner ||
      (groupSplit && groupSplit->dim != 5))
    return failure();
  // View (G, positions, taps) -> (n, y, ho, x, wo, g, c) -> [(n, hp, wp, g,
  // c), where the convolution pads] -> memref (n, h, w, g, c); with merged
  // groups, view (G / m, positions, taps) -> (n, y, ho, x, wo, gb, gi, c)
  // -> (n, y, ho, x, wo, g, c) -> ...
  TransformMapAttr merges = maps[0], windows = maps[1];
  TransformAttr embedH =
      findTransform(windows, TransformKind::Embed, {1, 2}, {1});
  TransformAttr embedW =
      findTransform(windows, TransformKind::Embed, {3, 4}, {2});
  SmallVector<int64_t> tapsAndChannels = {1, 3, 6};
  if (groupSplit)
    tapsAndChannels = {1, 3, 6, 7};
  if (!findTransform(merges, TransformKind::Merge, {1}, {0, 2, 4}) ||
      !findTransform(merges, TransformKind::Merge, {2}, tapsAndChannels) ||
      !findTransform(merges, TransformKind::PassThrough, {0}, {5}) ||
      !findTransform(windows, TransformKind::PassThrough, {0}, {0}) ||
      !findTransform(windows, TransformKind::PassThrough, {5}, {3}) ||
      !findTransform(windows, TransformKind::PassThrough, {6}, {4}) ||
      !embedH || !embedW)
    return failure();
  // (left, right) pads of H, W and C, where the convolution pads the
  // spatial dimensions (or the channels on the right, past the end of
  // which the box reads zeros).
  SmallVector<int64_t, 2> padsH = {0, 0}, padsW = {0, 0}, padsC = {0, 0};
  if (maps.size() == 3) {
    TransformMapAttr pads = maps[2];
    auto padOf = [&](int64_t dim, SmallVector<int64_t, 2> &params) {
      if (findTransform(pads, TransformKind::PassThrough, {dim}, {dim}))
        return true;
      TransformAttr pad = findTransform(pads, TransformKind::Pad, {dim}, {dim});
      if (pad)
        params.assign(pad.getParams());
      return bool(pad);
    };
    if (!padOf(1, padsH) || !padOf(2, padsW) || !padOf(4, padsC) ||
        !findTransform(pads, TransformKind::PassThrough, {0}, {0}) ||
        !findTransform(pads, TransformKind::PassThrough, {3}, {3}))
      return failure();
  }
  ArrayRef<int64_t> window = merges.getLowerBounds();
  int64_t n = (*shape)[0], h = (*shape)[1], w = (*shape)[2],
          groups = (*shape)[3], c = (*shape)[4];
  int64_t filterH = window[1];
  // Channels padded on the right read zeros past the tensor's end only
  // where one group spans the whole channel dimension.
  if (padsC[0] != 0 || (padsC[1] != 0 && groups != 1))
    return failure();
  TensorMapPlan plan;
  plan.im2col = true;
  plan.innerDim = 2;
  plan.channels = (c + padsC[1]) * (groupSplit ? groupSplit->inner : 1);
  plan.filterW = window[3];
  plan.outH = window[2];
  plan.outW = window[4];
  // Tap t of a filter dimension sits at offset + t * step of the window:
  // (0, dilation) in order, ((taps - 1) * dilation, -dilation) flipped.
  // Either way the offsets span [0, (taps - 1) * dilation].
  auto taps = [](TransformAttr embed, int64_t filter, int64_t &offset,
                 int64_t &step, int64_t &stride) {
    ArrayRef<int64_t> p = embed.getParams();
    offset = p[0];
    step = p[1];
    stride = p[2];
    int64_t dilation = std::abs(step);
    return step != 0 && stride > 0 && stride <= 8 &&
           offset == (step < 0 ? (filter - 1) * dilation : 0) &&
           (filter - 1) * dilation <= 65535;
  };
  if (!taps(embedH, filterH, plan.tapOffsetH, plan.tapStepH, plan.strideH) ||
      !taps(embedW, plan.filterW, plan.tapOffsetW, plan.tapStepW,
            plan.strideW))
    return failure();
  plan.padH = padsH[0];
  plan.padW = padsW[0];
  // The pixel box: the output positions' first taps, from -pad to the last
  // output's (relative to the tensor's last pixel), so that the box's walk
  // wraps after exactly the view's outputs: a strided backward-data slice
  // may have fewer than the padded input holds.
  plan.lower = {-plan.padW, -plan.padH};
  plan.upper = {plan.lower[0] + (plan.outW - 1) * plan.strideW - (w - 1),
                plan.lower[1] + (plan.outH - 1) * plan.strideH - (h - 1)};
  int64_t channelBytes = groups * c * elementBytes;
  if (plan.channels % kTmaBoxInner || channelBytes % 16 ||
      llvm::any_of(plan.lower, [](int64_t v) { return v < -128; }) ||
      llvm::any_of(plan.upper, [](int64_t v) { return v < -128 || v > 127; }) ||
      extents[0] > 1024)
    return failure();
  plan.dims = {groups * c, w, h, n};
  plan.strides = {channelBytes, w * channelBytes, h * w * channelBytes};
  plan.box = {kTmaBoxInner, extents[0]};
  plan.elements = {1, plan.strideW, plan.strideH, 1};
  return plan;
}

FailureOr<TensorMapPlan> mlir::ck::planOperandMap(const TracedView &view,
                                                  CopyPlanAttr copy,
                                                  Type elementType) {
  int64_t elementBytes = elementType.getIntOrFloatBitWidth() / 8;
  if (elementBytes != 2 || copy.getSwizzle() != kWgmmaSwizzleBytes)
    return failure();
  // The tile's rows run along view dimension 1, its columns along 2; the
  // boxes are the LDS tile's swizzle blocks.
  int64_t extents[2] = {copy.getRows(), copy.getCols()};
  FailureOr<TensorMapPlan> plan = planTiledMap(view, elementBytes, extents);
  if (failed(plan))
    plan = planIm2colMap(view, elementBytes, extents);
  if (failed(plan) || plan->innerDim != copy.getLdsDim() + 1)
    return failure();
  plan->setTile(extents, elementBytes);
  return plan;
}

OperandMaps mlir::ck::planOperandMaps(GemmConfigAttr config, TargetAttr target,
                                      const TracedView &a, const TracedView &b,
                                      const GemmOperandTiles &tiles,
                                      Type elementType) {
  OperandMaps maps;
  if (!target.hasFeature(TargetFeature::Tma) || !config.hasRoles() ||
      !config.getAsyncCopy() || !isa<WgmmaAttr>(config.getMma()))
    return maps;
  maps.a = planOperandMap(a, tiles.a, elementType);
  if (!config.getResidentB())
    maps.b = planOperandMap(b, tiles.b, elementType);
  return maps;
}

bool mlir::ck::ringCopiesByTma(GemmOp op, GemmConfigAttr config,
                               TargetAttr target) {
  FailureOr<TracedView> a = traceView(op.getA()), b = traceView(op.getB());
  if (failed(a) || failed(b))
    return false;
  auto aType = cast<ShapedType>(op.getA().getType());
  Type elementType = aType.getElementType();
  GemmOperandTiles tiles = planGemmOperandTiles(
      config, config.getMma().getLayout(target.getWave()), elementType, *a, *b,
      estimateCost(config, target, elementType).copyThreads,
      llvm::divideCeil(aType.getDimSize(2), config.getBlock()[2]), target);
  OperandMaps maps =
      planOperandMaps(config, target, *a, *b, tiles, elementType);
  return succeeded(maps.a) && (config.getResidentB() || succeeded(maps.b));
}

FailureOr<TensorMapPlan> mlir::ck::planStoreMap(const TracedView &view,
                                                Type elementType, int64_t rows,
                                                int64_t cols) {
  int64_t elementBytes = elementType.getIntOrFloatBitWidth() / 8;
  if (elementBytes != 2)
    return failure();
  int64_t extents[2] = {rows, cols};
  FailureOr<TensorMapPlan> plan = planTiledMap(view, elementBytes, extents);
  if (failed(plan) || plan->innerDim != 2)
    return failure();
  plan->setTile(extents, elementBytes);
  return plan;
}
