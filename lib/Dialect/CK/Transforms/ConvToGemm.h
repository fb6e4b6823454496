//===- ConvToGemm.h - Shared pieces of ck-conv-to-gemm ----------*- C++ -*-===//
//
// Internal to the conv-to-GEMM rewrite: the naming of dimensions and the
// helpers that the three directions (one file each) share.
//
// Dimension names: N, G, C, K as in the layouts; spatial dimensions of the
// input are "Di", "Hi", "Wi", of the output "Do", "Ho", "Wo", of the filter
// "Z", "Y", "X"; padded input dimensions are "Dp", "Hp", "Wp".
//
//===----------------------------------------------------------------------===//

#ifndef CK_LIB_DIALECT_CK_TRANSFORMS_CONVTOGEMM_H
#define CK_LIB_DIALECT_CK_TRANSFORMS_CONVTOGEMM_H

#include "ck/Dialect/CK/IR/ConvProblem.h"
#include "ck/Dialect/CK/Utils/ViewBuilder.h"

#include <functional>
#include <string>

namespace mlir::ck::conv_to_gemm {

/// On targets with TMA, where a filter tap holds more channels than this
/// along the GEMM's K, and not a multiple of it, the implicit views pad
/// them to the next multiple: a K tile of up to 64 16-bit elements (one
/// 128-byte row of a swizzled TMA box) then never spans two taps, and can
/// be one box.
constexpr int64_t kTapChannelAlignment = 64;

/// The name of a tensor's dimension `letter` (see the file comment).
std::string dimName(ConvTensor tensor, char letter);

class ConvRewriter {
public:
  ConvRewriter(OpBuilder &builder, ConvOpInterface op, bool explicitPath,
               int64_t mergedGroups = 1, int64_t tapChannelAlignment = 0)
      : builder(builder), loc(op.getLoc()), op(op),
        problem(ConvProblem::fromOp(op)), explicitPath(explicitPath),
        mergedGroups(mergedGroups), tapChannelAlignment(tapChannelAlignment) {}

  OpBuilder &builder;
  Location loc;
  ConvOpInterface op;
  ConvProblem problem;
  /// Views are plain reshapes (only for pointwise problems).
  bool explicitPath;
  /// Groups per GEMM (a divisor of G). With more than one, "G" splits into
  /// "Gb" (the GEMM batch) and a group index within the batch on each side
  /// of the product, and the filter is a block diagonal (blockDiagonal).
  int64_t mergedGroups;
  /// kTapChannelAlignment where the target copies with TMA, else 0 (no
  /// channels padded).
  int64_t tapChannelAlignment;

  /// With merged groups, splits "G" of `view` into "Gb" and `groupIndex`
  /// (of length mergedGroups); else leaves it.
  void splitGroups(ViewBuilder &view, StringRef groupIndex) const;
  /// With merged groups, splits "G" of `view` (a filter's) into "Gb" and
  /// the pair (`row`, `col`) of group indices of length mergedGroups each,
  /// where only row == col reaches the tensor: the other pairs are padding
  /// (zeros when read, never written). Else leaves it.
  void blockDiagonal(ViewBuilder &view, StringRef row, StringRef col) const;
  /// The GEMM dimension of `view` that holds `channel` ("C" or "K") of
  /// `tensor`: with merged groups `merged`, which this merges from the
  /// channel and `groupIndex` (withGroupIndex); else the channel itself.
  std::string mergeGroupedChannel(ViewBuilder &view, StringRef merged,
                                  StringRef channel, StringRef groupIndex,
                                  ConvTensor tensor) const;
  /// The GEMM's batch dimension: "Gb" with merged groups, else "G".
  std::string batch() const { return mergedGroups > 1 ? "Gb" : "G"; }

  /// Letter of spatial dimension `i` of `tensor`.
  char spatialLetter(ConvTensor tensor, unsigned i) const;

  /// A view builder over `memref`, a tensor of role `tensor`, its
  /// dimensions named by `name` (by dimName() without).
  ViewBuilder viewOf(Value memref, ConvTensor tensor) const;
  ViewBuilder viewOf(Value memref, ConvTensor tensor,
                     llvm::function_ref<std::string(char)> name) const;

  /// Names of the dimensions of `tensor` for which `rename` gives a name,
  /// in the order the layout of `tensor` stores them. The merged GEMM
  /// dimensions use this order, so the fastest GEMM index is the fastest
  /// memory dimension.
  SmallVector<std::string>
  inLayoutOrder(ConvTensor tensor,
                llvm::function_ref<std::optional<std::string>(char)> rename)
      const;

  /// The names (dimName) of the dimensions of `tensor` whose letters are
  /// not in `letters`, in its layout's order.
  SmallVector<std::string> dimsExcept(ConvTensor tensor,
                                      StringRef letters) const;

  /// (N, Ho, Wo, ...) in the output layout's order.
  SmallVector<std::string> batchAndOutputSpatial() const;
  /// (Y, X, ..., C) in the filter layout's order.
  SmallVector<std::string> filterSpatialAndChannel() const;

  /// `dims` with `groupIndex` placed beside `channel` ("C" or "K"): before
  /// it where `tensor`'s layout stores G before that channel, else after.
  /// Merged with the channel, a group index then keeps the layout's order.
  /// With one group per GEMM there is no group index: `dims` as they are.
  SmallVector<std::string> withGroupIndex(ArrayRef<std::string> dims,
                                          StringRef channel,
                                          StringRef groupIndex,
                                          ConvTensor tensor) const;

  /// The input seen as the filter windows of each output position: a view
  /// [.., Y, Ho, ..] per spatial dimension, which pads Hi into Hp and embeds
  /// (Y, Ho) in Hp. In the explicit path (1x1, stride 1, pad 0) Ho is Hi
  /// and there is no Y: the input itself, its dimensions named Ho.
  ViewBuilder inputWindows(Value input) const;

  /// The output gradient seen as the filter windows of each input position
  /// (stride 1): a view [.., Y, Hi, ..] per spatial dimension that pads Ho
  /// into Hop by ((Y - 1) * d - pad_left, (Y - 1) * d - pad_right) and
  /// embeds (Y, Hi) in Hop with hop = (Y - 1) * d - y * d + hi, so that
  /// element (y, hi) is dy at ho = hi + pad_left - y * d, or padding.
  /// Needs an empty outputWindowsMisfit() and one group per GEMM.
  ViewBuilder outputGradientWindows(Value output) const;

  /// (N, Hi, Wi, ...) in the input layout's order.
  SmallVector<std::string> batchAndInputSpatial() const;
  /// (Y, X, ...) in the filter layout's order.
  SmallVector<std::string> filterSpatial() const;

  /// The dimensions of inputWindows() that make up (Y, X, ..., C).
  SmallVector<std::string> inputWindowsFilterSpatialAndChannel() const {
    return explicitPath ? SmallVector<std::string>{"C"}
                        : filterSpatialAndChannel();
  }

  /// Creates `ck.gemm a, b -> c` with the convolution's epilogue, where c
  /// and each D tensor are viewed by `viewOfWritten`.
  void createGemm(Value a, Value b,
                  const std::function<Value(Value)> &viewOfWritten);

  /// Creates `ck.fill` with the convolution's epilogue on the view of the
  /// written tensor (and of each D tensor) made by `viewOfWritten`.
  void createFill(const std::function<Value(Value)> &viewOfWritten);
};

/// "" where outputGradientWindows() can view `problem` (unit strides and
/// pads of at most (Y - 1) * d on each side), else what it needs ("unit
/// strides; the stride along spatial dimension 0 is 2").
std::string outputWindowsMisfit(const ConvProblem &problem);

void rewriteFwd(ConvRewriter &rewriter);
void rewriteBwdWeight(ConvRewriter &rewriter);
/// Backward-weight over the output gradient's windows (`windows=output`):
/// M = Y * X * K, N = C, K = N * Hi * Wi. Needs an empty
/// outputWindowsMisfit() and one group per GEMM.
void rewriteBwdWeightOverOutputWindows(ConvRewriter &rewriter);
void rewriteBwdData(ConvRewriter &rewriter);

} // namespace mlir::ck::conv_to_gemm

#endif // CK_LIB_DIALECT_CK_TRANSFORMS_CONVTOGEMM_H
