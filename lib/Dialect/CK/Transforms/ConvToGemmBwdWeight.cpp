//===- ConvToGemmBwdWeight.cpp - Backward-weight convolution as GEMM ------===//
//
// dw[G, K, (Y, X, C)] = dy[G, K, (N, Ho, Wo)] * x[G, (N, Ho, Wo), (Y, X, C)]
//
// GEMM M = K, N = Y * X * C, K = N * Ho * Wo, batched over G.
//
// With Gs groups per GEMM (mergedGroups), G = Gb * Gs + g and
//
//   dw[Gb, (g, K), (Y, X, g', C)] = dy[Gb, (g, K), (N, Ho, Wo)]
//                                 * x[Gb, (N, Ho, Wo), (Y, X, g', C)]
//
// where only the elements with g = g' belong to dw: C's view makes the
// others padding (see blockDiagonal), so they are computed and never
// written.
//
//===----------------------------------------------------------------------===//

#include "ConvToGemm.h"

using namespace mlir;
using namespace mlir::ck;
using namespace mlir::ck::conv_to_gemm;

void conv_to_gemm::rewriteBwdWeight(ConvRewriter &r) {
  int64_t gs = r.mergedGroups;
  SmallVector<std::string> gemmK = r.batchAndOutputSpatial();
  SmallVector<std::string> gemmN = r.filterSpatialAndChannel();
  if (gs == 1) {
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
    return;
  }

  // The group index of M ("Gm") sits beside K as the output gradient stores
  // them, that of N ("Gn") beside C as the input does, so both operands
  // keep their vector loads.
  SmallVector<std::string> gemmM =
      r.withGroupIndex({"K"}, "K", "Gm", ConvTensor::Output);
  auto gemmNWith = [&](ArrayRef<std::string> dims) {
    return r.withGroupIndex(dims, "C", "Gn", ConvTensor::Input);
  };

  ViewBuilder a = r.viewOf(r.op.getOutput(), ConvTensor::Output);
  r.splitGroups(a, "Gm");
  a.merge("GemmM", gemmM);
  a.merge("GemmK", gemmK);
  a.emit({"Gb", "GemmM", "GemmK"});

  ViewBuilder b = r.inputWindows(r.op.getInput());
  r.splitGroups(b, "Gn");
  b.merge("GemmK", gemmK);
  b.merge("GemmN", gemmNWith(r.inputWindowsFilterSpatialAndChannel()));
  b.emit({"Gb", "GemmK", "GemmN"});

  r.createGemm(a.view(), b.view(), [&](Value filter) {
    ViewBuilder c = r.viewOf(filter, ConvTensor::Filter);
    blockDiagonal(c, gs, "Gm", "Gn");
    c.merge("GemmM", gemmM);
    c.merge("GemmN", gemmNWith(gemmN));
    c.emit({"Gb", "GemmM", "GemmN"});
    return c.view();
  });
}
