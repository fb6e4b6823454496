//===- CKTileOps.cpp - ck workgroup tile operations -----------------------===//

#include "ck/Dialect/CK/IR/CK.h"
#include "ck/Dialect/CK/Utils/LdsSwizzle.h"
#include "ck/Dialect/CK/Utils/StagingTile.h"
#include "ck/Support/Limits.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;
using namespace mlir::ck;

/// The (rows, cols) of the matrix an LDS memref holds: its last two
/// dimensions; a leading third one counts buffers.
static std::pair<int64_t, int64_t> ldsMatrix(MemRefType type) {
  ArrayRef<int64_t> shape = type.getShape();
  return {shape[shape.size() - 2], shape.back()};
}

/// Checks that `type` holds a `rows x cols` tile (transposed: `cols x rows`)
/// with the outer extent exact and the inner one padded at most.
static LogicalResult verifyLdsTile(Operation *op, StringRef name,
                                   MemRefType type, int64_t rows, int64_t cols,
                                   bool transposed) {
  auto [outer, inner] = ldsMatrix(type);
  int64_t wantOuter = transposed ? cols : rows;
  int64_t wantInner = transposed ? rows : cols;
  if (outer == wantOuter && inner >= wantInner)
    return success();
  return op->emitOpError() << name << "'s LDS tile " << type
                           << " does not hold "
                           << (transposed ? "the transpose of " : "") << "a "
                           << rows << "x" << cols << " tile: expected "
                           << wantOuter << " rows of at least " << wantInner
                           << " elements";
}

/// Checks that a swizzled LDS tile is read as fragments (`mma` is not
/// #ck.wgmma, whose descriptors say its tiles' swizzle) and has rows the
/// swizzle takes.
static LogicalResult verifySwizzledTile(Operation *op, StringRef name,
                                        MemRefType type,
                                        MatrixInstrAttrInterface mma) {
  if (isa<WgmmaAttr>(mma))
    return op->emitOpError()
           << name << " is marked swizzled, but " << mma
           << " reads its tiles through descriptors, which say the swizzle";
  auto [outer, inner] = ldsMatrix(type);
  int64_t rowBytes = inner * type.getElementTypeBitWidth() / 8;
  if (swizzleForRow(rowBytes) && outer % 8 == 0)
    return success();
  return op->emitOpError()
         << name << " " << type
         << " is swizzled: it needs a multiple of 8 rows of 32, 64 or a "
            "multiple of 128 bytes; got "
         << outer << " rows of " << rowBytes << " bytes";
}

/// Checks that the A and B tiles share a buffer dimension, of one size
/// unless B's buffer is picked by `bSlot` of its own, and that `slot` is
/// given exactly when they have one.
static LogicalResult verifySlot(Operation *op, MemRefType aType,
                                MemRefType bType, Value slot, Value bSlot) {
  if (aType.getRank() != bType.getRank())
    return op->emitOpError() << "expects A and B tiles with the same buffer "
                                "dimension; got ranks "
                             << aType.getRank() << " and " << bType.getRank();
  bool buffered = aType.getRank() == 3;
  if (buffered != static_cast<bool>(slot))
    return op->emitOpError()
           << (buffered ? "needs a `slot` to pick one of the "
                          "buffers of its LDS tiles"
                        : "has a `slot` but its LDS tiles have "
                          "no buffer dimension");
  if (bSlot && !slot)
    return op->emitOpError() << "has a `b_slot` without a `slot`";
  if (buffered && !bSlot && aType.getDimSize(0) != bType.getDimSize(0))
    return op->emitOpError()
           << "expects A and B with one buffer count, got "
           << aType.getDimSize(0) << " and " << bType.getDimSize(0);
  return success();
}

//===----------------------------------------------------------------------===//
// TileMmaOp
//===----------------------------------------------------------------------===//

LogicalResult LdsBarrierOp::verify() {
  if (getGroup() && !getThreads())
    return emitOpError() << "takes a group of threads only with `threads`, "
                            "the group's size";
  return success();
}

/// Whether LDS transpose reads return `mma`'s fragments of 16-bit
/// `element`s (MatrixLayout::transposeReadPack).
static LogicalResult verifyTransposeReadable(Operation *op, Type element,
                                             MatrixInstrAttrInterface mma) {
  if (element.getIntOrFloatBitWidth() != 16)
    return op->emitOpError()
           << "reads by LDS transpose reads, which take 16-bit elements, not "
           << element;
  std::optional<int64_t> wave = getWaveSize(op, mma);
  if (wave && !mma.getLayout(*wave).transposeReadPack())
    return op->emitOpError()
           << "reads by LDS transpose reads, which return no fragment of "
           << mma << " on waves of " << *wave
           << " (each lane's 8 elements along K from 8 times its group of "
              "16 lanes)";
  return success();
}

LogicalResult TileMmaOp::verify() {
  AccType acc = getAcc().getType();
  MatrixInstrAttrInterface mma = acc.getMma();
  MemRefType aType = getA().getType(), bType = getB().getType();
  Type element = aType.getElementType();
  if (element != bType.getElementType())
    return emitOpError() << "expects A and B tiles of one element type, got "
                         << element << " and " << bType.getElementType();
  if (!mma.acceptsInputs(element))
    return emitOpError() << mma << " does not take " << element << " inputs";
  if (getInFlight() && !isa<WgmmaAttr>(mma))
    return emitOpError() << "in_flight needs #ck.wgmma; " << mma
                         << " completes in order";
  if (failed(verifySlot(*this, aType, bType, getSlot(), getBSlot())))
    return failure();
  int64_t instrK = mma.getShape()[2];
  int64_t k = getK();
  if (k > cklimits::kMaxTileSize)
    return emitOpError() << "k (" << k << ") must be at most "
                         << cklimits::kMaxTileSize;
  if (k % instrK)
    return emitOpError() << "k (" << k
                         << ") must be a multiple of the instruction's K ("
                         << instrK << ")";
  ArrayRef<int64_t> shape = acc.getShape();
  int64_t rowsA = shape[0];
  if (getPingpong()) {
    if (!isa<WgmmaAttr>(mma))
      return emitOpError() << "pingpong needs #ck.wgmma, whose warpgroups "
                              "compute their rows alone; got "
                           << mma;
    if (acc.getWaveCount() != 2 * cklimits::kWavesPerWarpgroup ||
        acc.getWaves()[1] != 1)
      return emitOpError() << "pingpong needs an accumulator of two "
                              "warpgroups stacked along M ("
                           << 2 * cklimits::kWavesPerWarpgroup
                           << " waves, one along N); got waves = ["
                           << acc.getWaves()[0] << ", " << acc.getWaves()[1]
                           << "]";
    rowsA /= 2;
  }
  if (failed(verifyLdsTile(*this, "A", aType, rowsA, k, getATransposed())) ||
      failed(verifyLdsTile(*this, "B", bType, k, shape[1], getBTransposed())))
    return failure();
  if (getTransposeReads()) {
    if (!getATransposed() || getBTransposed())
      return emitOpError() << "transpose_reads needs MN-major tiles: "
                              "a_transposed and not b_transposed";
    if (getASwizzled() || getBSwizzled())
      return emitOpError() << "transpose_reads reads padded tiles, not "
                              "swizzled ones";
    if (failed(verifyTransposeReadable(*this, element, mma)))
      return failure();
    if (k % kTransposeReadK)
      return emitOpError() << "transpose_reads needs k (" << k
                           << ") to be a multiple of " << kTransposeReadK;
  }
  return failure(
      (getASwizzled() &&
       failed(verifySwizzledTile(*this, "A's LDS tile", aType, mma))) ||
      (getBSwizzled() &&
       failed(verifySwizzledTile(*this, "B's LDS tile", bType, mma))));
}

//===----------------------------------------------------------------------===//
// FragmentLoadOp
//===----------------------------------------------------------------------===//

LogicalResult FragmentLoadOp::verify() {
  MatrixInstrAttrInterface mma = getMma();
  MemRefType ldsType = getLds().getType();
  Type element = ldsType.getElementType();
  if (static_cast<int64_t>(getIndices().size()) != ldsType.getRank())
    return emitOpError() << "expects one index per dimension of " << ldsType
                         << ", got " << getIndices().size();
  if (!mma.acceptsInputs(element))
    return emitOpError() << mma << " does not take " << element << " inputs";
  VectorType result = getResult().getType();
  if (result.getElementType() != element)
    return emitOpError() << "result elements (" << result.getElementType()
                         << ") differ from the LDS tile's (" << element << ")";
  bool isA = getOperand() == MatrixOperand::A;
  SmallVector<int64_t, 3> shape = mma.getShape();
  int64_t pack = getStepsAlongK();
  int64_t extent[2] = {isA ? shape[0] : shape[2] * pack,
                       isA ? shape[2] * pack : shape[1]};
  if (getSwizzled() &&
      failed(verifySwizzledTile(*this, "the LDS tile", ldsType, mma)))
    return failure();
  if (getTransposeRead()) {
    if (element.getIntOrFloatBitWidth() != 16)
      return emitOpError() << "transpose_read takes 16-bit elements, not "
                           << element;
    if (getTransposed() != isA)
      return emitOpError() << "transpose_read needs the operand MN-major in "
                              "LDS: A transposed, B not";
    if (getSwizzled())
      return emitOpError() << "transpose_read reads padded tiles, not "
                              "swizzled ones";
  }
  ValueRange origin = getIndices().take_back(2);
  const char *dims[] = {"row", "column"};
  for (int i = 0; i < 2; ++i)
    if (std::optional<int64_t> at = getConstantIntValue(origin[i]))
      if (*at % extent[i])
        return emitOpError()
               << "origin " << dims[i] << " " << *at
               << " is not a multiple of the instruction tile's " << extent[i];
  std::optional<int64_t> wave = getWaveSize(*this, mma);
  if (!wave)
    return success();
  MatrixLayout layout = mma.getLayout(*wave);
  FailureOr<FragmentLayout> fragment = getPackedLayout(layout);
  if (failed(fragment))
    return emitOpError() << "k_pack " << pack << ": the lane's elements of "
                         << (isA ? "A" : "B") << " of " << mma
                         << " are not one run along K";
  if (getTransposeRead() && !fragment->readByTransposeLoads(isA ? 1 : 0))
    return emitOpError()
           << "transpose_read: LDS transpose reads return no fragment of "
           << (isA ? "A" : "B") << " of " << mma << " with k_pack " << pack
           << " (each lane's 8 elements along K from 8 times its group of "
              "16 lanes)";
  if (result.getNumElements() != fragment->size())
    return emitOpError() << "result has " << result.getNumElements()
                         << " elements; " << mma << " on waves of " << *wave
                         << " gives each lane " << fragment->size() << " of "
                         << (isA ? "A" : "B")
                         << (pack > 1 ? " in " + std::to_string(pack) +
                                            " steps along K"
                                      : std::string());
  return success();
}

FailureOr<FragmentLayout>
FragmentLoadOp::getPackedLayout(const MatrixLayout &layout) {
  bool isA = getOperand() == MatrixOperand::A;
  const FragmentLayout &fragment = isA ? layout.a : layout.b;
  if (getStepsAlongK() == 1)
    return fragment;
  std::optional<FragmentLayout> packed =
      fragment.packedAlong(isA ? 1 : 0, getStepsAlongK());
  if (!packed)
    return failure();
  return *packed;
}

//===----------------------------------------------------------------------===//
// TileStoreOp
//===----------------------------------------------------------------------===//

LogicalResult TileStoreOp::verify() {
  AccType acc = getAcc().getType();
  auto destType = cast<ShapedType>(getDest().getType());
  int64_t rank = destType.getRank();
  if (rank != 3)
    return emitOpError() << "writes a G x M x N tensor, got rank " << rank;
  if (getIndices().size() != 3)
    return emitOpError() << "expects (g, m0, n0), got " << getIndices().size()
                         << " indices";
  if (failed(verifyEpilogueOperands(*this, getDest(), getDs(), getBetaAttr())))
    return failure();
  if (static_cast<bool>(getStaging()) != getWidth().has_value())
    return emitOpError() << "needs both a staging tile and a store width, or "
                            "neither";
  if (getStoreWaves() && (!getStaging() || !getHoldersOnly()))
    return emitOpError() << "hands the staging tile to store waves, which "
                            "needs a staging tile ('staged') and "
                            "'holders_only'";
  if (!getStoreWaves() && (getBusy() || getMore()))
    return emitOpError() << "takes 'busy' and 'more' only with store_waves";
  if (getPingpong() &&
      (!getHoldersOnly() || !getDestMap() ||
       acc.getWaveCount() != 2 * cklimits::kWavesPerWarpgroup ||
       acc.getWaves()[1] != 1))
    return emitOpError() << "stores by pingpong warpgroups, which needs "
                            "'holders_only', 'tma_store' and an accumulator "
                            "of two warpgroups stacked along M ("
                         << 2 * cklimits::kWavesPerWarpgroup
                         << " waves, one along N)";
  if (!getStaging())
    return success();
  MemRefType staging = getStaging().getType();
  // Finished values in the destination's type, or f32 accumulators that
  // the D tensors are added to after the read-back.
  Type element = getDs().empty() ? destType.getElementType()
                                 : Float32Type::get(getContext());
  if (staging.getRank() != 2 || staging.getElementType() != element)
    return emitOpError() << "stages through a 2-D LDS tile of " << element
                         << (getDs().empty()
                                 ? " (the destination's type, without D "
                                   "tensors)"
                                 : " (with D tensors)")
                         << ", got " << staging;
  int64_t width = *getWidth();
  if (!llvm::isPowerOf2_64(width) || width < 2 || width > 8)
    return emitOpError() << "store width " << width
                         << " must be 2, 4 or 8 elements";
  int64_t sliceRows = acc.getWaves()[0] * acc.getMma().getShape()[0];
  int64_t tileCols = acc.getShape()[1];
  auto [rows, cols] = ldsMatrix(staging);
  if (rows % sliceRows)
    return emitOpError() << "staging tile " << staging
                         << " must have a multiple of " << sliceRows
                         << " rows (the waves along rows times the "
                            "instruction's M)";
  // A wave whose instruction tiles lie apart along rows (#ck.wgmma's row
  // groups) stages them all at once, at the tile's own rows.
  if (acc.waveTilesLieApart() && rows != acc.getShape()[0])
    return emitOpError() << "staging tile " << staging << " must hold all "
                         << acc.getShape()[0] << " rows: the waves' "
                         << "instruction tiles lie " << acc.getRowTileStride()
                         << " rows apart";
  int64_t bytes = staging.getElementTypeBitWidth() / 8;
  // Rows shorter than the tile's hold a slice of its columns, each MMA tile
  // of the one wave along N in one slice.
  int64_t sliceCols = stagingSliceColumns(tileCols, cols);
  if (sliceCols < tileCols &&
      (acc.getWaves()[1] != 1 || tileCols % sliceCols ||
       sliceCols % kMinStagingSliceColumns ||
       (cols != sliceCols && cols != stagingColumns(sliceCols, bytes))))
    return emitOpError() << "staging tile " << staging << " holds "
                         << "a slice of the tile's " << tileCols
                         << " columns, which needs one wave along N and "
                            "rows of a slice dividing them (a multiple of "
                         << kMinStagingSliceColumns << "), padded or not; its "
                         << cols << " columns would be a slice of "
                         << sliceCols;
  // Every vector read back starts at a multiple of its width, in rows
  // that keep its alignment (its size, at most 16 bytes).
  int64_t alignment = std::min<int64_t>(16, width * bytes);
  if ((cols * bytes) % alignment || tileCols % width)
    return emitOpError() << "store width " << width << " needs rows of "
                         << alignment << "-byte multiples (got " << cols
                         << " columns of " << bytes
                         << " bytes) and must divide the tile's " << tileCols
                         << " columns";
  // Store waves take the tile in one hand-off: one slice of every wave's
  // rows and all columns.
  if (getStoreWaves() && (rows != acc.getShape()[0] || sliceCols < tileCols))
    return emitOpError() << "hands its tile to store waves, so its staging "
                            "tile must hold the whole tile ("
                         << acc.getShape()[0] << " x " << tileCols << "), got "
                         << staging;
  if (!getDestMap())
    return success();
  // TMA stores boxes of 64 2-byte columns (one 128-byte swizzle block) by
  // the tile's rows, straight from the staging tile.
  if (!getDs().empty() || bytes != 2)
    return emitOpError() << "stores by TMA finished 2-byte values, which "
                            "needs no D tensors and a 2-byte destination";
  if (getStoreWaves())
    return emitOpError() << "stores by TMA, which leaves nothing to store "
                            "waves";
  if (rows != acc.getShape()[0] || rows > 256 || cols != sliceCols || cols % 64)
    return emitOpError() << "stores by TMA, so its staging tile must be the "
                            "tile itself or an unpadded slice of its "
                            "columns (at most 256 rows, columns a multiple "
                            "of 64): "
                         << acc.getShape()[0] << " x " << tileCols << ", got "
                         << staging;
  return success();
}

//===----------------------------------------------------------------------===//
// WarpgroupMmaOp
//===----------------------------------------------------------------------===//

LogicalResult WarpgroupMmaOp::verify() {
  MemRefType aType = getA().getType(), bType = getB().getType();
  Type element = aType.getElementType();
  if (element != bType.getElementType() || !getMma().acceptsInputs(element))
    return emitOpError() << getMma() << " does not take tiles of " << element
                         << " and " << bType.getElementType();
  int64_t groups = getRowGroups();
  if (groups < 1 || getAccs().size() % groups)
    return emitOpError() << "row_groups (" << groups << ") must be positive "
                         << "and divide the " << getAccs().size()
                         << " accumulator tiles";
  int64_t tiles = getAccs().size() / groups;
  if (tiles < 1 || tiles > 32)
    return emitOpError() << "expects 1 to 32 accumulator tiles (N = 8 to "
                            "256) per row group, got "
                         << tiles;
  if (getK() % 16)
    return emitOpError() << "k (" << getK() << ") must be a multiple of 16";
  if (getPending() != 0 && getPending() != 1)
    return emitOpError() << "pending must be 0 or 1, got " << getPending();
  if (failed(verifySlot(*this, aType, bType, getSlot(), getBSlot())))
    return failure();
  auto [aOuter, aInner] = ldsMatrix(aType);
  int64_t aK = getATransposed() ? aOuter : aInner;
  auto [bOuter, bInner] = ldsMatrix(bType);
  int64_t bK = getBTransposed() ? bInner : bOuter;
  int64_t bN = getBTransposed() ? bOuter : bInner;
  auto k = static_cast<int64_t>(getK());
  if (aK != k || bK != k || bN != 8 * tiles)
    return emitOpError() << "expects LDS tiles of K " << k << " and B's "
                         << "N " << 8 * tiles << " (8 per accumulator tile)";
  // The 128-byte swizzled layouts the descriptors describe: K-major rows are
  // one 128-byte row of K; M/N-major tiles are whole 64-element blocks.
  int64_t bytes = element.getIntOrFloatBitWidth() / 8;
  bool aKMajor = !getATransposed(), bKMajor = getBTransposed();
  if ((aKMajor || bKMajor) && getK() * bytes != 128)
    return emitOpError() << "K-major tiles hold one 128-byte row of K per "
                            "row (k = "
                         << 128 / bytes << "), got k = " << getK();
  int64_t aRows = getATransposed() ? aInner : aOuter;
  if (aRows % 64 || (!bKMajor && (bN * bytes) % 128))
    return emitOpError() << "expects A's rows in whole warpgroups of 64 and "
                            "an N-major B in whole 128-byte blocks; got "
                         << aRows << " rows and N " << bN;
  if (std::optional<int64_t> n = getInstructionN();
      n && (*n <= 0 || *n % 64 || bN % *n))
    return emitOpError() << "instruction_n must be a multiple of 64 that "
                            "divides N ("
                         << bN << "), got " << *n;
  return success();
}
