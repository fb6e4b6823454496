//===- ViewEvaluator.cpp - Evaluate views on the host ---------------------===//

#include "ck/Dialect/CK/Utils/ViewEvaluator.h"

using namespace mlir;
using namespace mlir::ck;

std::optional<SmallVector<int64_t>>
mlir::ck::applyTransformMap(TransformMapAttr map, ArrayRef<int64_t> upper) {
  ArrayRef<int64_t> upperBounds = map.getUpperBounds();
  ArrayRef<int64_t> lowerBounds = map.getLowerBounds();
  if (upper.size() != upperBounds.size())
    return std::nullopt;
  for (auto [coord, bound] : llvm::zip(upper, upperBounds))
    if (coord < 0 || coord >= bound)
      return std::nullopt;

  SmallVector<int64_t> lower(lowerBounds.size());
  for (TransformAttr t : map.getTransforms()) {
    ArrayRef<int64_t> ups = t.getUpper(), lows = t.getLower();
    ArrayRef<int64_t> params = t.getParams();
    switch (t.getKind()) {
    case TransformKind::PassThrough:
      lower[lows[0]] = upper[ups[0]];
      break;
    case TransformKind::Pad: {
      int64_t value = upper[ups[0]] - params[0];
      if (value < 0 || value >= lowerBounds[lows[0]])
        return std::nullopt;
      lower[lows[0]] = value;
      break;
    }
    case TransformKind::Slice:
      lower[lows[0]] = upper[ups[0]] + params[0];
      break;
    case TransformKind::Embed: {
      int64_t value = params[0];
      for (auto [dim, coeff] : llvm::zip(ups, params.drop_front()))
        value += coeff * upper[dim];
      lower[lows[0]] = value;
      break;
    }
    case TransformKind::Merge: {
      int64_t linear = upper[ups[0]];
      for (int64_t dim : llvm::reverse(lows)) {
        lower[dim] = linear % lowerBounds[dim];
        linear /= lowerBounds[dim];
      }
      break;
    }
    case TransformKind::Unmerge: {
      int64_t linear = 0;
      for (int64_t dim : ups)
        linear = linear * upperBounds[dim] + upper[dim];
      lower[lows[0]] = linear;
      break;
    }
    }
  }
  return lower;
}

std::optional<SmallVector<int64_t>>
TracedView::evaluate(ArrayRef<int64_t> coord) const {
  SmallVector<int64_t> current(coord);
  for (TransformMapAttr map : maps) {
    std::optional<SmallVector<int64_t>> lower = applyTransformMap(map, current);
    if (!lower)
      return std::nullopt;
    current = std::move(*lower);
  }
  auto shape = cast<MemRefType>(memref.getType()).getShape();
  if (current.size() != shape.size())
    return std::nullopt;
  for (auto [c, size] : llvm::zip(current, shape))
    if (c < 0 || c >= size)
      return std::nullopt;
  return current;
}

FailureOr<TracedView> mlir::ck::traceView(Value value) {
  TracedView traced;
  while (auto transform = value.getDefiningOp<TransformOp>()) {
    traced.maps.push_back(transform.getMap());
    value = transform.getSource();
  }
  if (!isa<MemRefType>(value.getType()))
    return failure();
  traced.memref = value;
  return traced;
}
