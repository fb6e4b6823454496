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
// Over the output gradient's windows (stride 1, one group per GEMM):
//
//   dw[G, (Y, X, K), C] = dy[G, (Y, X, K), (N, Hi, Wi)]
//                       * x[G, (N, Hi, Wi), C]
//
// GEMM M = Y * X * K, N = C, K = N * Hi * Wi: dy's windows are the gathered
// operand instead of x's, and x is a plain matrix. Where K is small, rows of
// (tap, filter) fill the GEMM's M tiles that K alone leaves mostly empty,
// and each element of x is read once per M tile instead of once per tap;
// dy, which the windows read Y * X times, is the smaller tensor.
//
//===----------------------------------------------------------------------===//

#include "ConvToGemm.h"

using namespace mlir;
using namespace mlir::ck;
using namespace mlir::ck::conv_to_gemm;

void conv_to_gemm::rewriteBwdWeight(ConvRewriter &r) {
  SmallVector<std::string> gemmK = r.batchAndOutputSpatial();
  SmallVector<std::string> gemmN = r.filterSpatialAndChannel();
  // The group index of M ("Gm") sits beside K as the output gradient stores
  // them, that of N ("Gn") beside C as the input does, so both operands
  // keep their vector loads; with one group per GEMM there is none, and M
  // is K.
  auto mergeGemmM = [&](ViewBuilder &view) {
    return r.mergeGroupedChannel(view, "GemmM", "K", "Gm", ConvTensor::Output);
  };
  auto gemmNWith = [&](ArrayRef<std::string> dims) {
    return r.withGroupIndex(dims, "C", "Gn", ConvTensor::Input);
  };

  ViewBuilder a = r.viewOf(r.op.getOutput(), ConvTensor::Output);
  r.splitGroups(a, "Gm");
  std::string gemmM = mergeGemmM(a);
  a.merge("GemmK", gemmK);
  a.emit({r.batch(), gemmM, "GemmK"});

  ViewBuilder b = r.inputWindows(r.op.getInput());
  r.splitGroups(b, "Gn");
  b.merge("GemmK", gemmK);
  b.merge("GemmN", gemmNWith(r.inputWindowsFilterSpatialAndChannel()));
  b.emit({r.batch(), "GemmK", "GemmN"});

  r.createGemm(a.view(), b.view(), [&](Value filter) {
    ViewBuilder c = r.viewOf(filter, ConvTensor::Filter);
    r.blockDiagonal(c, "Gm", "Gn");
    std::string gemmM = mergeGemmM(c);
    c.merge("GemmN", gemmNWith(gemmN));
    c.emit({r.batch(), gemmM, "GemmN"});
    return c.view();
  });
}

void conv_to_gemm::rewriteBwdWeightOverOutputWindows(ConvRewriter &r) {
  SmallVector<std::string> gemmK = r.batchAndInputSpatial();
  // K is the last part of M: dy stores it contiguously (channels-last), and
  // dy's windows are the operand whose tile copy walks M.
  SmallVector<std::string> gemmM = r.filterSpatial();
  gemmM.push_back("K");

  ViewBuilder a = r.outputGradientWindows(r.op.getOutput());
  a.merge("GemmM", gemmM);
  a.merge("GemmK", gemmK);
  a.emit({r.batch(), "GemmM", "GemmK"});

  ViewBuilder b = r.viewOf(r.op.getInput(), ConvTensor::Input);
  b.merge("GemmK", gemmK);
  b.emit({r.batch(), "GemmK", "C"});

  r.createGemm(a.view(), b.view(), [&](Value filter) {
    ViewBuilder c = r.viewOf(filter, ConvTensor::Filter);
    c.merge("GemmM", gemmM);
    c.emit({r.batch(), "GemmM", "C"});
    return c.view();
  });
}
