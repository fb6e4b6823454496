//===- TensorMapPlan.h - GEMM operand views as TMA boxes --------*- C++ -*-===//
//
// Where a GEMM operand's view walks its memref in boxes that one TMA copy
// can fetch, the tensor map that describes the memref and how a K loop
// finds each box. The view (G x M x K for A, G x K x N for B) keeps one of
// its dimensions 1 and 2 contiguous in memory, the *inner* one: a box holds
// 64 elements along it (one 128-byte swizzle block of a 2-byte type) by the
// tile's extent along the other, and the tile is inner extent / 64 boxes,
// one per block of the swizzled LDS tile #ck.copy_plan lays out. Where the
// inner dimension is M or N the tile is MN-major (64 columns by BK rows
// per box), where it is K the tile is K-major (BK = 64 by the M or N
// extent). Two walks are recognised:
//
// - tiled: each view dimension reaches memref dimensions through
//   pass-throughs, merges and identity embeds, every memref dimension from
//   one of them, the inner one the memref's last. Runs of consecutive
//   memref dimensions of one view dimension make one map dimension (a
//   channels-last tensor's N, H and W merged into one K or M), so the map
//   has one dimension per run, innermost first. Examples: dy of
//   backward-weight (C = M contiguous, G, N * Ho * Wo = K), x of a 1x1
//   forward (C = K contiguous, G, N * H * W = M), the filter of forward
//   (Y * X * C = K contiguous, K = N, G) and of backward-data (C = N
//   contiguous, Y * X and K = K, G). A dimension padded on the right in
//   the map that reads the memref (backward-data's filters, padded per tap
//   to a multiple of 64) is a map dimension of its own: the map holds the
//   tensor's length, the coordinates walk the padded one, and the box
//   reads zeros past the end as the pad would. A last map that splits a
//   memref dimension in place (merged groups: G into G / m blocks of m)
//   reads the row-major memref as one of the split shape: dy of a
//   backward-weight GEMM of m groups is (m * K contiguous, G / m, pixels).
// - im2col: a view dimension of output positions (n, ho, wo) and the inner
//   one of filter taps and channels (y, x, c) read an [N, H, W, G, C]
//   memref through embeds (tap * step + position * stride, forward or
//   flipped taps), pads if the convolution has them, and merges: an im2col
//   map (G * C, W, H, N) whose pixel box is the output positions, boxes of
//   64 channels of one tap, at filter offsets. x of backward-weight (K =
//   positions, N = taps) and of forward (M = positions, K = taps), dy of a
//   stride-1 backward-data (flipped taps). With one group the channels may
//   be padded on the right as well: taps are then padded-channel apart
//   along K, and the box reads zeros past the tensor's channels. With m
//   groups merged (the group index beside the channels along K) a box
//   holds the m * C channels of a block of groups at one tap.
//
// convert-ck-to-gpu makes the maps (ck.tensor_map); ck-pipeline computes
// the boxes' coordinates from the same plan.
//
//===----------------------------------------------------------------------===//

#ifndef CK_CONVERSION_TENSORMAPPLAN_H
#define CK_CONVERSION_TENSORMAPPLAN_H

#include "ck/Conversion/TileCopyPlan.h"
#include "ck/Dialect/CK/IR/CK.h"
#include "ck/Dialect/CK/Utils/ViewEvaluator.h"

#include "mlir/IR/Builders.h"

namespace mlir::ck {

/// The kernel attribute that lists the arguments the NVVM lowering passes
/// by value as grid constants (the tensor maps, 128 bytes each); the
/// dialect's verifier knows it by this name.
constexpr llvm::StringLiteral kGridConstantsAttrName = "ck.grid_constants";

/// The elements one box holds along its inner dimension: one 128-byte
/// swizzle block of a 2-byte type.
constexpr int64_t kTmaBoxInner = 64;

struct TensorMapPlan {
  bool im2col = false;
  /// The view dimension (1 or 2) the memref keeps contiguous, and the
  /// tile's extents along view dimensions 1 and 2.
  int64_t innerDim = 1;
  int64_t extents[2] = {0, 0};
  /// The map, innermost first (ck.tensor_map's lists).
  SmallVector<int64_t> dims, strides, box, lower, upper, elements;
  /// Bytes of one box.
  int64_t boxBytes = 0;
  /// tiled: where each map dimension's coordinate comes from, the position
  /// along view dimension `viewDim` divided by `divisor` and, but for the
  /// view dimension's outermost run, modulo `size`.
  struct Coordinate {
    int64_t viewDim, divisor, size;
  };
  SmallVector<Coordinate> coordinates;
  /// im2col: channels per group (padded, if the view pads them), filter
  /// width, the taps' offsets (tap t at
  /// `tapOffset + t * tapStep` of the window, so a flipped filter has a
  /// negative step), strides, left pads and the output's width and height.
  int64_t channels = 0, filterW = 0, tapOffsetW = 0, tapStepW = 0,
          tapOffsetH = 0, tapStepH = 0, strideW = 0, strideH = 0, padW = 0,
          padH = 0, outW = 0, outH = 0;

  /// The view dimension the boxes' outer extent runs along.
  int64_t outerDim() const { return 3 - innerDim; }
  /// The boxes of one tile, and the element offset of box `j` in its LDS
  /// slot (a swizzle block of outer extent x 64 each).
  int64_t boxCount() const { return extents[innerDim - 1] / kTmaBoxInner; }
  int64_t boxOffset(int64_t j) const {
    return j * kTmaBoxInner * extents[outerDim() - 1];
  }

  /// Records the tile's extents and the bytes of one box.
  void setTile(const int64_t (&tile)[2], int64_t elementBytes) {
    extents[0] = tile[0];
    extents[1] = tile[1];
    boxBytes = ShapedType::getNumElements(box) * elementBytes;
  }

  /// The host's ck.tensor_map of `memref` (the view's memref on the host).
  Value build(OpBuilder &b, Location loc, Value memref) const;

  /// The coordinates (and im2col offsets) of box `j` (0 ..) of the tile of
  /// group `g` that starts at `position` along view dimensions 1 and 2.
  void emitBox(OpBuilder &b, Location loc, Value g, ArrayRef<Value> position,
               int64_t j, SmallVectorImpl<Value> &coords,
               SmallVectorImpl<Value> &offsets) const;
};

/// The map of a GEMM operand's `view` where it walks its memref in boxes
/// (TensorMapPlan.h) that fill the swizzle blocks of its LDS tile, whose
/// copy plan `copy` gives the tile (rows along view dimension 1, columns
/// along 2) and the dimension the blocks run along.
FailureOr<TensorMapPlan> planOperandMap(const TracedView &view,
                                        CopyPlanAttr copy, Type elementType);

/// The maps through which TMA copies a GEMM kernel's operand tiles `tiles`
/// (views `a` and `b`) under `config` on `target`: where the target has
/// TMA and wgmma load waves copy asynchronously, each operand's
/// planOperandMap, B's none where it is resident (the load waves copy it
/// once per column); failure where the load waves copy with cp.async.
struct OperandMaps {
  FailureOr<TensorMapPlan> a = failure(), b = failure();
};
OperandMaps planOperandMaps(GemmConfigAttr config, TargetAttr target,
                            const TracedView &a, const TracedView &b,
                            const GemmOperandTiles &tiles, Type elementType);

/// Whether TMA makes every copy of the ring of `op`'s kernel under
/// `config` on `target`, as convert-ck-to-gpu plans them (planOperandMaps):
/// A's boxes, and B's unless B is resident.
bool ringCopiesByTma(GemmOp op, GemmConfigAttr config, TargetAttr target);

/// The tiled map through which TMA stores a GEMM's `rows` x `cols` C
/// tile from its 128-byte swizzled staging tile, where C's `view` walks its
/// memref in boxes contiguous along N (view dimension 2), as the boxes of
/// an N-contiguous operand; elements past the tensor's end are not written.
FailureOr<TensorMapPlan> planStoreMap(const TracedView &view, Type elementType,
                                      int64_t rows, int64_t cols);

} // namespace mlir::ck

#endif // CK_CONVERSION_TENSORMAPPLAN_H
