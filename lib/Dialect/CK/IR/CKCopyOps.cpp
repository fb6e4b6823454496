//===- CKCopyOps.cpp - ck operand tile copies -----------------------------===//

#include "ck/Dialect/CK/IR/CK.h"

using namespace mlir;
using namespace mlir::ck;

/// Checks that `types` are a thread's vectors under `plan` (one per load,
/// `load_width` elements of `elementType`), and that vectors of `width`
/// elements fit a 16-byte access.
static LogicalResult verifyThreadShare(Operation *op, CopyPlanAttr plan,
                                       TypeRange types, Type elementType,
                                       StringRef what, int64_t width) {
  auto expected = VectorType::get({plan.getLoadWidth()}, elementType);
  if (static_cast<int64_t>(types.size()) != plan.loadsPerThread())
    return op->emitOpError()
           << "has " << types.size() << " " << what
           << "; the plan gives each thread " << plan.loadsPerThread() << " ("
           << plan.unitsPerThread() << " units x " << plan.loadsPerUnit()
           << " loads)";
  for (Type type : types)
    if (type != expected)
      return op->emitOpError()
             << what << " must be " << expected << " (the plan's load width of "
             << elementType << "), got " << type;
  int64_t bytes = width * elementType.getIntOrFloatBitWidth() / 8;
  if (bytes > 16)
    return op->emitOpError()
           << "accesses of " << width << " x " << elementType << " (" << bytes
           << " bytes) are wider than 16 bytes";
  return success();
}

LogicalResult TileLoadOp::verify() {
  CopyPlanAttr plan = getPlan();
  if (getPositions().size() != getRows().size())
    return emitOpError() << "takes one position per result, got "
                         << getPositions().size() << " for "
                         << getRows().size();
  for (Value position : getPositions())
    if (position.getType() != getPositions().front().getType())
      return emitOpError() << "positions must share one type";
  Type elementType = cast<ShapedType>(getView().getType()).getElementType();
  return verifyThreadShare(*this, plan, getRows().getTypes(), elementType,
                           "results", plan.getLoadWidth());
}

LogicalResult TileStoreLdsOp::verify() {
  CopyPlanAttr plan = getPlan();
  MemRefType lds = getLds().getType();
  if (failed(verifyThreadShare(*this, plan, getValues().getTypes(),
                               lds.getElementType(), "values",
                               plan.getStoreWidth())))
    return failure();
  bool buffered = lds.getRank() == 3;
  SmallVector<int64_t> expected;
  if (buffered)
    expected.push_back(lds.getDimSize(0));
  llvm::append_range(
      expected,
      plan.ldsType(lds.getElementType(), lds.getMemorySpace(), 1).getShape());
  if (lds.getShape() != ArrayRef<int64_t>(expected))
    return emitOpError() << "LDS tile " << lds
                         << " does not have the plan's shape ([buffers x] "
                         << expected[buffered] << " x " << expected.back()
                         << ")";
  if (buffered != static_cast<bool>(getSlot()))
    return emitOpError() << (buffered ? "needs a slot for the LDS tile's "
                                        "buffer dimension"
                                      : "takes a slot only with a buffer "
                                        "dimension");
  return success();
}

LogicalResult GuardedLoadOp::verify() {
  MemRefType memref = getMemref().getType();
  if (static_cast<int64_t>(getIndices().size()) != memref.getRank())
    return emitOpError() << "takes one index per dimension of " << memref
                         << ", got " << getIndices().size();
  VectorType result = getResult().getType();
  if (result.getElementType() != memref.getElementType())
    return emitOpError() << "result " << result << " must hold the memref's "
                         << memref.getElementType();
  if (!memref.getLayout().isIdentity())
    return emitOpError() << "needs a contiguous memref (identity layout), got "
                         << memref;
  int64_t bytes =
      result.getNumElements() * result.getElementTypeBitWidth() / 8;
  if (!llvm::is_contained({2, 4, 8, 16}, bytes))
    return emitOpError() << "loads 2, 4, 8 or 16 bytes, got " << bytes
                         << " (" << result << ")";
  return success();
}
