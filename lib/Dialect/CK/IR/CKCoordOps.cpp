//===- CKCoordOps.cpp - ck incremental view coordinates -------------------===//

#include "ck/Dialect/CK/IR/CK.h"

using namespace mlir;
using namespace mlir::ck;

namespace {
/// What a coordinate on a view built by ck.transform ops from a memref
/// holds.
struct CoordShape {
  /// The state's integers: the view's coordinates and every merge digit.
  int64_t stateSize;
  MemRefType memref;
};
} // namespace

/// The coordinate shape of `view`, or std::nullopt where its chain does not
/// start at a memref (a view argument, say).
static std::optional<CoordShape> coordShapeOf(Value view) {
  int64_t size = cast<ShapedType>(view.getType()).getRank();
  Value value = view;
  while (auto transform = value.getDefiningOp<TransformOp>()) {
    for (TransformAttr t : transform.getMap().getTransforms())
      if (t.getKind() == TransformKind::Merge)
        size += t.getLower().size();
    value = transform.getSource();
  }
  auto memref = dyn_cast<MemRefType>(value.getType());
  if (!memref)
    return std::nullopt;
  return CoordShape{size, memref};
}

/// Checks `coord` against the state `view` needs.
static LogicalResult verifyCoordState(Operation *op, Value view,
                                      CoordType coord) {
  std::optional<CoordShape> shape = coordShapeOf(view);
  if (!shape || shape->stateSize == coord.getSize())
    return success();
  return op->emitOpError() << "coordinate state " << coord << " has "
                           << coord.getSize() << " integers; the view needs "
                           << shape->stateSize
                           << " (its coordinates and every merge digit)";
}

static int64_t rankOf(Value view) {
  return cast<ShapedType>(view.getType()).getRank();
}

LogicalResult CoordInitOp::verify() {
  if (static_cast<int64_t>(getCoords().size()) != rankOf(getView()))
    return emitOpError() << "expects one coordinate per view dimension ("
                         << rankOf(getView()) << "), got "
                         << getCoords().size();
  return verifyCoordState(*this, getView(), getResult().getType());
}

LogicalResult CoordAdvanceOp::verify() {
  if (static_cast<int64_t>(getDelta().size()) != rankOf(getView()))
    return emitOpError() << "expects one delta per view dimension ("
                         << rankOf(getView()) << "), got "
                         << getDelta().size();
  return verifyCoordState(*this, getView(), getCoord().getType());
}

LogicalResult CoordAccessOp::verify() {
  if (failed(verifyCoordState(*this, getView(), getCoord().getType())))
    return failure();
  if (std::optional<ArrayRef<int64_t>> bounds = getBounds()) {
    int64_t previous = -1;
    for (int64_t dim : *bounds) {
      if (dim <= previous || dim >= rankOf(getView()))
        return emitOpError() << "bounds must be increasing dimensions of the "
                                "view (rank "
                             << rankOf(getView()) << "), got [" << *bounds
                             << "]";
      previous = dim;
    }
  }
  std::optional<CoordShape> shape = coordShapeOf(getView());
  if (!shape)
    return success();
  MemRefType memref = shape->memref;
  if (getLinear()) {
    if (getIndices().size() != 1)
      return emitOpError() << "returns " << getIndices().size()
                           << " indices; a linear access returns one";
    if (!memref.getLayout().isIdentity())
      return emitOpError() << "is linear on " << memref
                           << ", which is not contiguous (the identity "
                              "layout)";
    return success();
  }
  if (static_cast<int64_t>(getIndices().size()) != memref.getRank())
    return emitOpError() << "returns " << getIndices().size()
                         << " indices; the view's memref has rank "
                         << memref.getRank();
  return success();
}
