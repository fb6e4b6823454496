//===- TensorMapPlan.h - GEMM operand views as TMA boxes --------*- C++ -*-===//
//
// Where a GEMM operand's view walks its memref in boxes that one TMA copy
// can fetch, the tensor map that describes the memref and how a K loop
// finds each box. Two walks are recognised, those of the backward-weight
// GEMM over channels-last tensors:
//
// - tiled: A (G x M x K) or B (G x K x N) reads an [..., G, C] memref with
//   C (M or N) contiguous and K the merge of the leading dimensions (the
//   output gradient, M = K filters, K = N * Ho * Wo; the input of a 1x1
//   convolution with unit strides, N = C channels): a 3-D map (C, G, K),
//   boxes of 64 along C by BK along K;
// - im2col: B reads an [N, H, W, G, C] memref through embeds (filter tap *
//   dilation + output position * stride), pads if the convolution has
//   them, and merges (K = (n, ho, wo), N = (y, x, c)): an im2col map
//   (G * C, W, H, N) whose pixel box is the output positions, boxes of 64
//   channels by BK pixels at filter offsets (x * dilation, y * dilation).
//
// Both boxes are 128 bytes along their inner dimension (f16, bf16) and land
// in the 128-byte swizzled blocks #ck.copy_plan's `swizzle` lays out, one
// box per block. convert-ck-to-gpu makes the maps (ck.tensor_map);
// ck-pipeline computes the boxes' coordinates from the same plan.
//
//===----------------------------------------------------------------------===//

#ifndef CK_CONVERSION_TENSORMAPPLAN_H
#define CK_CONVERSION_TENSORMAPPLAN_H

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
  /// The map, innermost first (ck.tensor_map's lists).
  SmallVector<int64_t> dims, strides, box, lower, upper, elements;
  /// Bytes of one box.
  int64_t boxBytes = 0;
  /// im2col: channels per group, filter width, dilations, strides, left
  /// pads and the output's width and height.
  int64_t channels = 0, filterW = 0, dilationW = 0, dilationH = 0, strideW = 0,
          strideH = 0, padW = 0, padH = 0, outW = 0, outH = 0;

  /// The host's ck.tensor_map of `memref` (the view's memref on the host).
  Value build(OpBuilder &b, Location loc, Value memref) const;

  /// The coordinates (and im2col offsets) of box `j` (0 ..) of the tile at
  /// GEMM position (g, `fixed`, `k`): `fixed` is the tile's start along M
  /// (tiled, A) or N (im2col, B), `k` along K.
  void emitBox(OpBuilder &b, Location loc, Value g, Value fixed, Value k,
               int64_t j, SmallVectorImpl<Value> &coords,
               SmallVectorImpl<Value> &offsets) const;
};

/// The map of operand `operand` (0: A, 1: B) where its view walks its
/// memref in boxes (a tiled walk, or for B an im2col one) and its tile
/// along M (A) or N (B), `tile`, is a multiple of the box.
FailureOr<TensorMapPlan> planOperandMap(const TracedView &view, int64_t operand,
                                        Type elementType, int64_t tile,
                                        int64_t bk);

} // namespace mlir::ck

#endif // CK_CONVERSION_TENSORMAPPLAN_H
