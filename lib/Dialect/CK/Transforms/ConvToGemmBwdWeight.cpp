//===- ConvToGemmBwdWeight.cpp - Backward-weight convolution as GEMM ------===//
//
// dw[G, K, (Y, X, C)] = dy[G, K, (N, Ho, Wo)] * x[G, (N, Ho, Wo), (Y, X, C)]
//
// GEMM M = K, N = Y * X * C, K = N * Ho * Wo, batched over G.
//
//===----------------------------------------------------------------------===//

#include "ConvToGemm.h"

using namespace mlir;
using namespace mlir::ck;
using namespace mlir::ck::conv_to_gemm;

void conv_to_gemm::rewriteBwdWeight(ConvRewriter &r) {
  SmallVector<std::string> gemmK = r.batchAndOutputSpatial();
  SmallVector<std::string> gemmN = r.filterSpatialAndChannel();

  ViewBuilder a = r.viewOf(r.op.getOutput(), ConvTensor::Output);
  a.merge("GemmK", gemmK);
  a.emit({"G", "K", "GemmK"});

  ViewBuilder b = r.inputWindows(r.op.getInput());
  b.merge("GemmK", gemmK);
  b.merge("GemmN", r.inputWindowsFilterSpatialAndChannel());
  b.emit({"G", "GemmK", "GemmN"});

  r.createGemm(a.view(), b.view(), [&](Value filter) {
    ViewBuilder c = r.viewOf(filter, ConvTensor::Filter);
    c.merge("GemmN", gemmN);
    c.emit({"G", "K", "GemmN"});
    return c.view();
  });
}
