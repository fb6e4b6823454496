//===- CKTensorMapOps.cpp - ck tensor maps (TMA)
//---------------------------===//

#include "ck/Dialect/CK/IR/CK.h"

using namespace mlir;
using namespace mlir::ck;

LogicalResult TensorMapOp::verify() {
  ArrayRef<int64_t> dims = getDims(), strides = getStrides(), box = getBox(),
                    elements = getElements();
  bool im2col = getIm2col();
  size_t rank = dims.size();
  size_t minRank = im2col ? 3 : 1;
  if (rank < minRank || rank > 5)
    return emitOpError() << "has " << rank << " dims; "
                         << (im2col ? "im2col" : "tiled") << " maps have "
                         << minRank << " to 5";
  if (strides.size() != rank - 1 || elements.size() != rank ||
      box.size() != (im2col ? 2 : rank))
    return emitOpError() << "needs " << rank - 1 << " strides, " << rank
                         << " elements and " << (im2col ? 2 : rank)
                         << " box entries for " << rank << " dims";
  if (llvm::any_of(dims, [](int64_t d) { return d < 1 || d > (1LL << 32); }))
    return emitOpError() << "dims must be in [1, 2^32]";
  if (llvm::any_of(strides, [](int64_t s) { return s < 16 || s % 16; }))
    return emitOpError() << "strides must be positive multiples of 16 bytes";
  for (auto [i, b] : llvm::enumerate(box))
    if (b < 1 || b > (im2col && i == 1 ? 1024 : 256))
      return emitOpError() << "box entry " << i << " (" << b
                           << ") is out of range (1 to "
                           << (im2col && i == 1 ? 1024 : 256) << ")";
  if (bool(getLower()) != im2col || bool(getUpper()) != im2col)
    return emitOpError() << (im2col ? "im2col maps need"
                                    : "tiled maps take "
                                      "no")
                         << " lower and upper corners";
  if (im2col) {
    static const int64_t bounds[] = {32768, 128, 16};
    int64_t bound = bounds[rank - 3];
    for (ArrayRef<int64_t> corner : {*getLower(), *getUpper()}) {
      if (corner.size() != rank - 2)
        return emitOpError() << "needs " << rank - 2 << " values per corner";
      if (llvm::any_of(corner,
                       [&](int64_t c) { return c < -bound || c >= bound; }))
        return emitOpError() << "corners of a rank-" << rank << " map are in ["
                             << -bound << ", " << bound - 1 << "]";
    }
  }
  if (llvm::any_of(elements, [](int64_t e) { return e < 1 || e > 8; }))
    return emitOpError() << "elements (traversal strides) must be in [1, 8]";
  int64_t swizzle = getSwizzle();
  if (swizzle != 0 && swizzle != 32 && swizzle != 64 && swizzle != 128)
    return emitOpError() << "swizzle must be 0, 32, 64 or 128 bytes, got "
                         << swizzle;
  MemRefType source = getSource().getType();
  int64_t elementBytes = source.getElementTypeBitWidth() / 8;
  int64_t inner = box[0] * elementBytes;
  if (inner % 16 || (swizzle && inner > swizzle))
    return emitOpError() << "innermost box of " << inner
                         << " bytes must be a multiple of 16 and at most the "
                            "swizzle";
  int64_t last = elementBytes - 1 + (dims[0] - 1) * elementBytes;
  for (size_t d = 1; d < rank; ++d)
    last += (dims[d] - 1) * strides[d - 1];
  if (last >= source.getNumElements() * elementBytes)
    return emitOpError() << "reaches byte " << last << " of a "
                         << source.getNumElements() * elementBytes
                         << "-byte memref";
  return success();
}

LogicalResult TmaLoadOp::verify() {
  size_t coords = getCoords().size(), offsets = getOffsets().size();
  if (coords < 1 || coords > 5)
    return emitOpError() << "takes 1 to 5 coordinates, got " << coords;
  if (offsets && (coords < 3 || offsets != coords - 2))
    return emitOpError() << "takes " << (coords < 3 ? 0 : coords - 2)
                         << " im2col offsets with " << coords
                         << " coordinates, got " << offsets;
  auto lds = cast<MemRefType>(getLds().getType());
  if (!gpu::GPUDialect::hasWorkgroupMemoryAddressSpace(lds))
    return emitOpError() << "copies into workgroup memory, not " << lds;
  auto ring = getRing().getDefiningOp<RingOp>();
  if (!ring || !ring.hasBarriers())
    return emitOpError() << "needs a ring with barriers (ck.ring ... barriers)";
  if (getMulticast() && ring.getCluster() == 1)
    return emitOpError() << "multicasts, but its ring has no cluster "
                            "(ck.ring ... cluster N)";
  return success();
}

LogicalResult TmaStoreOp::verify() {
  size_t coords = getCoords().size();
  if (coords < 1 || coords > 5)
    return emitOpError() << "takes 1 to 5 coordinates, got " << coords;
  auto lds = cast<MemRefType>(getLds().getType());
  if (!gpu::GPUDialect::hasWorkgroupMemoryAddressSpace(lds) ||
      !lds.hasStaticShape())
    return emitOpError() << "stores from a workgroup memref of static shape, "
                            "not "
                         << lds;
  // The attribute is an i64; its getter hands it out as uint64_t.
  auto offset = static_cast<int64_t>(getOffset());
  if (offset < 0 || offset >= lds.getNumElements())
    return emitOpError() << "offset " << offset << " is not an element of "
                         << lds;
  return success();
}
