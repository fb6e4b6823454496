//===- ConvToGemmFwd.cpp - Forward convolution as GEMM --------------------===//
//
// y[G, (N, Ho, Wo), K] = x[G, (N, Ho, Wo), (Y, X, C)] * w[G, (Y, X, C), K]
//
// GEMM M = N * Ho * Wo, N = K, K = Y * X * C, batched over G.
//
// With Gs groups per GEMM (mergedGroups), G = Gb * Gs + g and
//
//   y[Gb, (N, Ho, Wo), (g, K)] = x[Gb, (N, Ho, Wo), (Y, X, g', C)]
//                              * w[Gb, (Y, X, g', C), (g, K)]
//
// where the filter's view is a block diagonal: the elements with g != g'
// are padding, read as zeros.
//
//===----------------------------------------------------------------------===//

#include "ConvToGemm.h"

using namespace mlir;
using namespace mlir::ck;
using namespace mlir::ck::conv_to_gemm;

void conv_to_gemm::rewriteFwd(ConvRewriter &r) {
  SmallVector<std::string> gemmM = r.batchAndOutputSpatial();
  // The group index of K ("Gk") sits beside C as the input stores them, that
  // of N ("Gn") beside K as the output does, so that both keep their vector
  // accesses; with one group per GEMM there is no group index. The filter's
  // GEMM K lists every filter dimension, the input's only C in the explicit
  // path (where Y and X are 1).
  SmallVector<std::string> gemmKOfInput = r.withGroupIndex(
      r.inputWindowsFilterSpatialAndChannel(), "C", "Gk", ConvTensor::Input);
  SmallVector<std::string> gemmKOfFilter = r.withGroupIndex(
      r.filterSpatialAndChannel(), "C", "Gk", ConvTensor::Input);
  // GEMM N: K, or with merged groups (Gn, K) merged into "GemmN".
  auto mergeGemmN = [&](ViewBuilder &view) {
    return r.mergeGroupedChannel(view, "GemmN", "K", "Gn", ConvTensor::Output);
  };

  ViewBuilder a = r.inputWindows(r.op.getInput());
  r.splitGroups(a, "Gk");
  a.merge("GemmM", gemmM);
  a.merge("GemmK", gemmKOfInput);
  a.emit({r.batch(), "GemmM", "GemmK"});

  ViewBuilder b = r.viewOf(r.op.getFilter(), ConvTensor::Filter);
  r.blockDiagonal(b, "Gn", "Gk");
  b.merge("GemmK", gemmKOfFilter);
  std::string gemmN = mergeGemmN(b);
  b.emit({r.batch(), "GemmK", gemmN});

  r.createGemm(a.view(), b.view(), [&](Value output) {
    ViewBuilder c = r.viewOf(output, ConvTensor::Output);
    r.splitGroups(c, "Gn");
    c.merge("GemmM", gemmM);
    c.emit({r.batch(), "GemmM", mergeGemmN(c)});
    return c.view();
  });
}
