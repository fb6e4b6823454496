//===- ConvToGemmFwd.cpp - Forward convolution as GEMM --------------------===//
//
// y[G, (N, Ho, Wo), K] = x[G, (N, Ho, Wo), (Y, X, C)] * w[G, (Y, X, C), K]
//
// GEMM M = N * Ho * Wo, N = K, K = Y * X * C, batched over G.
//
//===----------------------------------------------------------------------===//

#include "ConvToGemm.h"

using namespace mlir;
using namespace mlir::ck;
using namespace mlir::ck::conv_to_gemm;

void conv_to_gemm::rewriteFwd(ConvRewriter &r) {
  SmallVector<std::string> gemmM = r.batchAndOutputSpatial();

  ViewBuilder a = r.inputWindows(r.op.getInput());
  a.merge("GemmM", gemmM);
  a.merge("GemmK", r.inputWindowsFilterSpatialAndChannel());
  a.emit({"G", "GemmM", "GemmK"});

  ViewBuilder b = r.viewOf(r.op.getFilter(), ConvTensor::Filter);
  b.merge("GemmK", r.filterSpatialAndChannel());
  b.emit({"G", "GemmK", "K"});

  r.createGemm(a.view(), b.view(), [&](Value output) {
    ViewBuilder c = r.viewOf(output, ConvTensor::Output);
    c.merge("GemmM", gemmM);
    c.emit({"G", "GemmM", "K"});
    return c.view();
  });
}
