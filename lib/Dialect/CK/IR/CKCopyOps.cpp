//===- CKCopyOps.cpp - ck operand tile copies -----------------------------===//

#include "ck/Dialect/CK/IR/CK.h"
#include "ck/Dialect/CK/Utils/LdsSwizzle.h"

using namespace mlir;
using namespace mlir::ck;

/// Checks that `types` are a thread's vectors under `plan` (one per load,
/// `load_width` elements of `elementType`), and that vectors of `width`
/// elements fit a 16-byte access.
static LogicalResult verifyThreadShare(Operation *op, CopyPlanAttr plan,
                                       TypeRange types, Type elementType,
                                       StringRef what, int64_t width) {
  if (plan.getLdsOrder())
    return op->emitOpError() << "takes no plan in LDS order (lds_order): its "
                                "units are for ck.tile_copy_async";
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

/// Checks a tile copy's `bounds`: the view's rows (1), columns (2) or both,
/// increasing.
static LogicalResult verifyTileBounds(Operation *op,
                                      std::optional<ArrayRef<int64_t>> bounds) {
  if (!bounds)
    return success();
  int64_t previous = 0;
  for (int64_t dim : *bounds) {
    if (dim <= previous || dim > 2)
      return op->emitOpError()
             << "bounds must be the view's rows (1), columns (2) or both, "
                "increasing, got ["
             << *bounds << "]";
    previous = dim;
  }
  return success();
}

LogicalResult TileLoadOp::verify() {
  if (failed(verifyTileBounds(*this, getBounds())))
    return failure();
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

/// Checks that `lds` is the LDS tile of `plan` ([buffers x] its shape) and
/// that a slot is given exactly when it has a buffer dimension.
static LogicalResult verifyLdsTile(Operation *op, CopyPlanAttr plan,
                                   MemRefType lds, bool hasSlot) {
  bool buffered = lds.getRank() == 3;
  SmallVector<int64_t> expected;
  if (buffered)
    expected.push_back(lds.getDimSize(0));
  llvm::append_range(
      expected,
      plan.ldsType(lds.getElementType(), lds.getMemorySpace(), 1).getShape());
  if (lds.getShape() != ArrayRef<int64_t>(expected))
    return op->emitOpError()
           << "LDS tile " << lds
           << " does not have the plan's shape ([buffers x] "
           << expected[buffered] << " x " << expected.back() << ")";
  int64_t rowBytes = expected.back() * lds.getElementTypeBitWidth() / 8;
  if (plan.getSwizzle() && plan.getSwizzle() != swizzleForRow(rowBytes))
    return op->emitOpError()
           << "swizzles rows of " << rowBytes << " bytes in blocks of "
           << plan.getSwizzle() << " bytes; they take "
           << (swizzleForRow(rowBytes)
                   ? std::to_string(swizzleForRow(rowBytes)) + "-byte blocks"
                   : std::string("no swizzle (32, 64 or a multiple of 128 "
                                 "bytes do)"));
  if (buffered != hasSlot)
    return op->emitOpError() << (buffered ? "needs a slot for the LDS tile's "
                                            "buffer dimension"
                                          : "takes a slot only with a buffer "
                                            "dimension");
  return success();
}

/// Checks that the positions are one per load of the thread, of one type.
static LogicalResult verifyPositions(Operation *op, CopyPlanAttr plan,
                                     ValueRange positions) {
  if (static_cast<int64_t>(positions.size()) != plan.loadsPerThread())
    return op->emitOpError()
           << "takes one position per load, got " << positions.size()
           << "; the plan gives each thread " << plan.loadsPerThread();
  for (Value position : positions)
    if (position.getType() != positions.front().getType())
      return op->emitOpError() << "positions must share one type";
  return success();
}

LogicalResult TileStoreLdsOp::verify() {
  CopyPlanAttr plan = getPlan();
  MemRefType lds = getLds().getType();
  if (failed(verifyThreadShare(*this, plan, getValues().getTypes(),
                               lds.getElementType(), "values",
                               plan.getStoreWidth())))
    return failure();
  return verifyLdsTile(*this, plan, lds, static_cast<bool>(getSlot()));
}

LogicalResult TileCopyAsyncOp::verify() {
  if (failed(verifyTileBounds(*this, getBounds())))
    return failure();
  CopyPlanAttr plan = getPlan();
  MemRefType lds = getLds().getType();
  Type elementType = cast<ShapedType>(getView().getType()).getElementType();
  if (elementType != lds.getElementType())
    return emitOpError() << "copies " << elementType << " into an LDS tile of "
                         << lds.getElementType();
  if (plan.transposes())
    return emitOpError() << "cannot transpose (load_dim " << plan.getLoadDim()
                         << ", lds_dim " << plan.getLdsDim()
                         << "): an asynchronous copy lands each vector whole";
  int64_t bytes = plan.getLoadWidth() * elementType.getIntOrFloatBitWidth() / 8;
  if (!AsyncCopyOp::isCopySize(bytes))
    return emitOpError() << "copies vectors of 4, 8 or 16 bytes, got " << bytes;
  if (failed(verifyPositions(*this, plan, getPositions())))
    return failure();
  return verifyLdsTile(*this, plan, lds, static_cast<bool>(getSlot()));
}

LogicalResult AsyncCopyOp::verify() {
  MemRefType memref = getMemref().getType();
  MemRefType lds = getLds().getType();
  if (static_cast<int64_t>(getIndices().size()) != memref.getRank())
    return emitOpError() << "takes one index per dimension of " << memref
                         << ", got " << getIndices().size();
  if (static_cast<int64_t>(getLdsIndices().size()) != lds.getRank())
    return emitOpError() << "takes one LDS index per dimension of " << lds
                         << ", got " << getLdsIndices().size();
  if (memref.getElementType() != lds.getElementType())
    return emitOpError() << "copies " << memref.getElementType()
                         << " into LDS of " << lds.getElementType();
  if (!memref.getLayout().isIdentity())
    return emitOpError() << "needs a contiguous memref (identity layout), got "
                         << memref;
  // The attribute's getter is unsigned; the value is the signed i64.
  int64_t elements = static_cast<int64_t>(getElements());
  int64_t bits = memref.getElementType().getIntOrFloatBitWidth();
  if (elements < 1 || elements > 16 ||
      !AsyncCopyOp::isCopySize(elements * bits / 8))
    return emitOpError() << "copies 4, 8 or 16 bytes, got " << elements << " x "
                         << memref.getElementType();
  if (getBypassL1() && elements * bits != 128)
    return emitOpError() << "bypasses the L1 only in copies of 16 bytes, got "
                         << elements << " x " << memref.getElementType();
  return success();
}

LogicalResult AsyncWaitOp::verify() {
  // The attribute's getter is unsigned; the value is the signed i64.
  int64_t pending = static_cast<int64_t>(getPending());
  if (pending < 0)
    return emitOpError() << "pending must be at least 0, got " << pending;
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
