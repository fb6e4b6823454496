//===- ViewAnalysis.cpp - Static facts about views ------------------------===//
//
// A run of `v` coordinates along one view dimension is followed through each
// transform map to the memref. Each transform keeps the run contiguous and
// aligned only under conditions on its parameters; `v` shrinks (stays a
// power of two) until they hold.
//
//===----------------------------------------------------------------------===//

#include "ck/Dialect/CK/Utils/ViewAnalysis.h"

#include "llvm/ADT/Sequence.h"
#include "llvm/Support/MathExtras.h"

#include <numeric>

using namespace mlir;
using namespace mlir::ck;

/// The largest power of two dividing both `v` (a power of two) and `x`.
static int64_t alignedTo(int64_t v, int64_t x) {
  if (x == 0)
    return v;
  int64_t g = std::gcd(v, x < 0 ? -x : x);
  return int64_t(1) << llvm::Log2_64(g);
}

/// The last of `dims` whose length in `bounds` is not 1; the first of them
/// where all are 1.
static int64_t lastLongerThanOne(ArrayRef<int64_t> dims,
                                 ArrayRef<int64_t> bounds) {
  for (int64_t dim : llvm::reverse(dims))
    if (bounds[dim] != 1)
      return dim;
  return dims.front();
}

int64_t mlir::ck::contiguousVectorWidth(const TracedView &view, unsigned dim,
                                        int64_t maxWidth) {
  int64_t v = int64_t(1) << llvm::Log2_64(std::max<int64_t>(1, maxWidth));
  auto shape = cast<ShapedType>(view.memref.getType()).getShape();
  // The run itself must not overhang the view.
  int64_t d = dim;
  ArrayRef<int64_t> upperShape =
      view.maps.empty() ? shape : view.maps.front().getUpperBounds();
  v = alignedTo(v, upperShape[d]);
  for (TransformMapAttr map : view.maps) {
    ArrayRef<int64_t> upperBounds = map.getUpperBounds();
    ArrayRef<int64_t> lowerBounds = map.getLowerBounds();
    TransformAttr owner;
    for (TransformAttr t : map.getTransforms())
      if (llvm::is_contained(t.getUpper(), d))
        owner = t;
    ArrayRef<int64_t> ups = owner.getUpper(), lows = owner.getLower();
    ArrayRef<int64_t> params = owner.getParams();
    switch (owner.getKind()) {
    case TransformKind::PassThrough:
      break;
    case TransformKind::Slice:
      v = alignedTo(v, params[0]);
      break;
    case TransformKind::Pad:
      // The run must fall wholly inside or wholly outside the tensor.
      v = alignedTo(alignedTo(v, params[0]), lowerBounds[lows[0]]);
      break;
    case TransformKind::Embed: {
      unsigned position = llvm::find(ups, d) - ups.begin();
      if (params[1 + position] != 1)
        return 1;
      v = alignedTo(v, params[0]);
      for (auto [i, coeff] : llvm::enumerate(params.drop_front()))
        if (i != position)
          v = alignedTo(v, coeff);
      break;
    }
    case TransformKind::Merge: {
      // Consecutive values move the fastest lower dimension longer than
      // one (unit dimensions stay at 0), within a row.
      int64_t fastest = lastLongerThanOne(lows, lowerBounds);
      v = alignedTo(v, lowerBounds[fastest]);
      d = fastest;
      continue;
    }
    case TransformKind::Unmerge:
      if (lastLongerThanOne(ups, upperBounds) != d)
        return 1;
      v = alignedTo(v, upperBounds[d]);
      break;
    }
    d = lows[0];
  }
  // Trailing unit dimensions of the memref do not break a run (vector
  // accesses collapse them, see loadAlignedVector).
  SmallVector<int64_t> memrefDims =
      llvm::to_vector(llvm::seq<int64_t>(0, shape.size()));
  if (d != lastLongerThanOne(memrefDims, shape))
    return 1;
  return alignedTo(v, shape[d]);
}

int64_t mlir::ck::elementsPerVector(Type elementType) {
  return 16 / (elementType.getIntOrFloatBitWidth() / 8);
}

int64_t mlir::ck::widthDividing(int64_t width, int64_t size) {
  width = int64_t(1) << llvm::Log2_64(std::max<int64_t>(width, 1));
  while (size % width)
    width /= 2;
  return width;
}

/// How many of `view`'s memref elements the widest vector access holds.
static int64_t viewElementsPerVector(const TracedView &view) {
  return elementsPerVector(
      cast<MemRefType>(view.memref.getType()).getElementType());
}

int64_t mlir::ck::commonVectorWidth(ArrayRef<TracedView> views, unsigned dim) {
  int64_t width = viewElementsPerVector(views.front());
  for (const TracedView &view : views)
    width = std::min(
        width, contiguousVectorWidth(view, dim, viewElementsPerVector(view)));
  return width;
}

TileVectorWidths mlir::ck::tileVectorWidths(const TracedView &view,
                                            int64_t rows, int64_t cols) {
  int64_t maxWidth = viewElementsPerVector(view);
  return {widthDividing(contiguousVectorWidth(view, 1, maxWidth), rows),
          widthDividing(contiguousVectorWidth(view, 2, maxWidth), cols)};
}
