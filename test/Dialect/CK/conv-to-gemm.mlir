// RUN: ck-opt %s -split-input-file -ck-conv-to-gemm="merge-groups=1 windows=input" | FileCheck %s

// ck-conv-to-gemm rewrites each convolution into ck.gemm ops on views. Every
// expected view shape, pad amount, embed offset/coefficient, merge order and
// GEMM shape below is derived by hand from the convolution, in the comment
// above each case. Conventions of the pass (Passes.td, ConvToGemm.h):
//  * GEMM dimensions merge the tensor dimensions in the order of the tensor's
//    layout; the GEMM views are G x M x K, G x K x N and G x M x N.
//  * The input windows of fwd / bwd_weight: pad Hi by (pad_left, pad_right)
//    into Hp, then embed (Y, Ho) into Hp as hp = dilation * y + stride * ho.
//  * A level of transforms that only passes dimensions through (pads of
//    (0, 0) included) emits no ck.transform op.
//  * Each ck.transform's transforms come in the order of their first lower
//    dimension; dimensions no transform names pass through.
//  * windows=input: backward-weight gathers the input's windows (the output
//    gradient's are in conv-to-gemm-output-windows.mlir).
//  * merge-groups=1: one GEMM batch per group. Backward-weight GEMMs over
//    several groups are checked in conv-to-gemm-merge-groups.mlir.

// -----
// bwd_weight, 3x3, pad 1, stride 1, NHWGC/GKYXC/NHWGK, f16.
// N = 2, Hi = Wi = 7, G = 1, C = 8, K = 4.
// Ho = Wo = (7 + 1 + 1 - 3) / 1 + 1 = 7.
// GEMM M = K = 4; N = Y * X * C = 3 * 3 * 8 = 72; K = N * Ho * Wo = 2 * 7 * 7 = 98.
// a = dy[N, Ho, Wo, G, K] seen as [G, K, (N, Ho, Wo)] = 1x4x98.
// b = x padded to Hp = Wp = 7 + 1 + 1 = 9 ([2, 9, 9, 1, 8]), embedded as
//     hp = 1 * y + 1 * ho: (offset 0, coefficients 1, 1), giving
//     [N, Y, Ho, X, Wo, G, C] = [2, 3, 7, 3, 7, 1, 8] (reaching at most
//     2 + 6 = 8 < 9), then [G, (N, Ho, Wo), (Y, X, C)] = 1x98x72.
// c = dw[G, K, Y, X, C] seen as [G, K, (Y, X, C)] = 1x4x72.

// CHECK-LABEL: func.func @bwd_weight_3x3
// CHECK-SAME: (%[[X:[^:]+]]: memref<2x7x7x1x8xf16>, %[[DW:[^:]+]]: memref<1x4x3x3x8xf16>, %[[DY:[^:]+]]: memref<2x7x7x1x4xf16>)
// CHECK-NEXT: %[[A:.+]] = ck.transform %[[DY]] : memref<2x7x7x1x4xf16> to !ck.view<1x4x98xf16> by #ck.transform_map<[1, 4, 98] -> [2, 7, 7, 1, 4], [<merge [2] -> [0, 1, 2]>, <pass_through [0] -> [3]>, <pass_through [1] -> [4]>]>
// CHECK-NEXT: %[[XP:.+]] = ck.transform %[[X]] : memref<2x7x7x1x8xf16> to !ck.view<2x9x9x1x8xf16> by #ck.transform_map<[2, 9, 9, 1, 8] -> [2, 7, 7, 1, 8], [<pass_through [0] -> [0]>, <pad [1] -> [1] (1, 1)>, <pad [2] -> [2] (1, 1)>, <pass_through [3] -> [3]>, <pass_through [4] -> [4]>]>
// CHECK-NEXT: %[[XE:.+]] = ck.transform %[[XP]] : !ck.view<2x9x9x1x8xf16> to !ck.view<2x3x7x3x7x1x8xf16> by #ck.transform_map<[2, 3, 7, 3, 7, 1, 8] -> [2, 9, 9, 1, 8], [<pass_through [0] -> [0]>, <embed [1, 2] -> [1] (0, 1, 1)>, <embed [3, 4] -> [2] (0, 1, 1)>, <pass_through [5] -> [3]>, <pass_through [6] -> [4]>]>
// CHECK-NEXT: %[[B:.+]] = ck.transform %[[XE]] : !ck.view<2x3x7x3x7x1x8xf16> to !ck.view<1x98x72xf16> by #ck.transform_map<[1, 98, 72] -> [2, 3, 7, 3, 7, 1, 8], [<merge [1] -> [0, 2, 4]>, <merge [2] -> [1, 3, 6]>, <pass_through [0] -> [5]>]>
// CHECK-NEXT: %[[C:.+]] = ck.transform %[[DW]] : memref<1x4x3x3x8xf16> to !ck.view<1x4x72xf16> by #ck.transform_map<[1, 4, 72] -> [1, 4, 3, 3, 8], [<pass_through [0] -> [0]>, <pass_through [1] -> [1]>, <merge [2] -> [2, 3, 4]>]>
// CHECK-NEXT: ck.gemm %[[A]], %[[B]] -> %[[C]] : !ck.view<1x4x98xf16>, !ck.view<1x98x72xf16> -> !ck.view<1x4x72xf16>
// CHECK-NEXT: return
func.func @bwd_weight_3x3(%x: memref<2x7x7x1x8xf16>, %dw: memref<1x4x3x3x8xf16>,
                          %dy: memref<2x7x7x1x4xf16>) {
  ck.conv_bwd_weight input(%x : memref<2x7x7x1x8xf16>)
      filter(%dw : memref<1x4x3x3x8xf16>)
      output(%dy : memref<2x7x7x1x4xf16>)
      layouts(NHWGC, GKYXC, NHWGK) strides [1, 1] dilations [1, 1]
      pad_left [1, 1] pad_right [1, 1]
  return
}

// -----
// bwd_weight, 3x3, stride 2, dilation 2, asymmetric pads (H: 2, 1; W: 0, 1),
// two groups, f32. N = 1, Hi = 9, Wi = 10, G = 2, C = 3, K = 5.
// Dilated filter extent 2 * (3 - 1) + 1 = 5.
// Ho = (9 + 2 + 1 - 5) / 2 + 1 = 4; Wo = (10 + 0 + 1 - 5) / 2 + 1 = 4.
// GEMM M = K = 5; N = Y * X * C = 3 * 3 * 3 = 27; K = N * Ho * Wo = 1 * 4 * 4 = 16.
// Hp = 9 + 2 + 1 = 12; Wp = 10 + 0 + 1 = 11.
// Embed hp = 2 * y + 2 * ho: (0, 2, 2), reaching at most 2 * 2 + 2 * 3 = 10
// (< 12 and < 11).

// CHECK-LABEL: func.func @bwd_weight_stride2_dilation2
// CHECK-SAME: (%[[X:[^:]+]]: memref<1x9x10x2x3xf32>, %[[DW:[^:]+]]: memref<2x5x3x3x3xf32>, %[[DY:[^:]+]]: memref<1x4x4x2x5xf32>)
// CHECK-NEXT: %[[A:.+]] = ck.transform %[[DY]] : memref<1x4x4x2x5xf32> to !ck.view<2x5x16xf32> by #ck.transform_map<[2, 5, 16] -> [1, 4, 4, 2, 5], [<merge [2] -> [0, 1, 2]>, <pass_through [0] -> [3]>, <pass_through [1] -> [4]>]>
// CHECK-NEXT: %[[XP:.+]] = ck.transform %[[X]] : memref<1x9x10x2x3xf32> to !ck.view<1x12x11x2x3xf32> by #ck.transform_map<[1, 12, 11, 2, 3] -> [1, 9, 10, 2, 3], [<pass_through [0] -> [0]>, <pad [1] -> [1] (2, 1)>, <pad [2] -> [2] (0, 1)>, <pass_through [3] -> [3]>, <pass_through [4] -> [4]>]>
// CHECK-NEXT: %[[XE:.+]] = ck.transform %[[XP]] : !ck.view<1x12x11x2x3xf32> to !ck.view<1x3x4x3x4x2x3xf32> by #ck.transform_map<[1, 3, 4, 3, 4, 2, 3] -> [1, 12, 11, 2, 3], [<pass_through [0] -> [0]>, <embed [1, 2] -> [1] (0, 2, 2)>, <embed [3, 4] -> [2] (0, 2, 2)>, <pass_through [5] -> [3]>, <pass_through [6] -> [4]>]>
// CHECK-NEXT: %[[B:.+]] = ck.transform %[[XE]] : !ck.view<1x3x4x3x4x2x3xf32> to !ck.view<2x16x27xf32> by #ck.transform_map<[2, 16, 27] -> [1, 3, 4, 3, 4, 2, 3], [<merge [1] -> [0, 2, 4]>, <merge [2] -> [1, 3, 6]>, <pass_through [0] -> [5]>]>
// CHECK-NEXT: %[[C:.+]] = ck.transform %[[DW]] : memref<2x5x3x3x3xf32> to !ck.view<2x5x27xf32> by #ck.transform_map<[2, 5, 27] -> [2, 5, 3, 3, 3], [<pass_through [0] -> [0]>, <pass_through [1] -> [1]>, <merge [2] -> [2, 3, 4]>]>
// CHECK-NEXT: ck.gemm %[[A]], %[[B]] -> %[[C]] : !ck.view<2x5x16xf32>, !ck.view<2x16x27xf32> -> !ck.view<2x5x27xf32>
// CHECK-NEXT: return
func.func @bwd_weight_stride2_dilation2(%x: memref<1x9x10x2x3xf32>,
                                        %dw: memref<2x5x3x3x3xf32>,
                                        %dy: memref<1x4x4x2x5xf32>) {
  ck.conv_bwd_weight input(%x : memref<1x9x10x2x3xf32>)
      filter(%dw : memref<2x5x3x3x3xf32>)
      output(%dy : memref<1x4x4x2x5xf32>)
      layouts(NHWGC, GKYXC, NHWGK) strides [2, 2] dilations [2, 2]
      pad_left [2, 0] pad_right [1, 1]
  return
}

// -----
// bwd_weight, 1x1, stride 1, pad 0: the explicit path (the default for such
// convolutions). N = 2, Hi = Wi = 5, G = 1, C = 6, K = 3, bf16.
// Ho = Wo = (5 - 1) / 1 + 1 = 5.
// GEMM M = K = 3; N = Y * X * C = 1 * 1 * 6 = 6; K = N * Ho * Wo = 2 * 5 * 5 = 50.
// No padding and no windows: x is read as [N, Ho, Wo, G, C] directly and
// every view is a merge / pass_through of a memref.

// CHECK-LABEL: func.func @bwd_weight_1x1
// CHECK-SAME: (%[[X:[^:]+]]: memref<2x5x5x1x6xbf16>, %[[DW:[^:]+]]: memref<1x3x1x1x6xbf16>, %[[DY:[^:]+]]: memref<2x5x5x1x3xbf16>)
// CHECK-NOT: pad
// CHECK-NOT: embed
// CHECK: %[[A:.+]] = ck.transform %[[DY]] : memref<2x5x5x1x3xbf16> to !ck.view<1x3x50xbf16> by #ck.transform_map<[1, 3, 50] -> [2, 5, 5, 1, 3], [<merge [2] -> [0, 1, 2]>, <pass_through [0] -> [3]>, <pass_through [1] -> [4]>]>
// CHECK-NEXT: %[[B:.+]] = ck.transform %[[X]] : memref<2x5x5x1x6xbf16> to !ck.view<1x50x6xbf16> by #ck.transform_map<[1, 50, 6] -> [2, 5, 5, 1, 6], [<merge [1] -> [0, 1, 2]>, <pass_through [0] -> [3]>, <merge [2] -> [4]>]>
// CHECK-NEXT: %[[C:.+]] = ck.transform %[[DW]] : memref<1x3x1x1x6xbf16> to !ck.view<1x3x6xbf16> by #ck.transform_map<[1, 3, 6] -> [1, 3, 1, 1, 6], [<pass_through [0] -> [0]>, <pass_through [1] -> [1]>, <merge [2] -> [2, 3, 4]>]>
// CHECK-NEXT: ck.gemm %[[A]], %[[B]] -> %[[C]] : !ck.view<1x3x50xbf16>, !ck.view<1x50x6xbf16> -> !ck.view<1x3x6xbf16>
// CHECK-NOT: pad
// CHECK-NOT: embed
// CHECK: return
func.func @bwd_weight_1x1(%x: memref<2x5x5x1x6xbf16>, %dw: memref<1x3x1x1x6xbf16>,
                          %dy: memref<2x5x5x1x3xbf16>) {
  ck.conv_bwd_weight input(%x : memref<2x5x5x1x6xbf16>)
      filter(%dw : memref<1x3x1x1x6xbf16>)
      output(%dy : memref<2x5x5x1x3xbf16>)
      layouts(NHWGC, GKYXC, NHWGK) strides [1, 1] dilations [1, 1]
      pad_left [0, 0] pad_right [0, 0]
  return
}

// -----
// fwd, 3x3, stride 2, pad 1, NHWGC/GKYXC/NHWGK, f16.
// N = 2, Hi = Wi = 8, G = 1, C = 8, K = 4.
// Ho = Wo = (8 + 1 + 1 - 3) / 2 + 1 = 4.
// GEMM M = N * Ho * Wo = 2 * 4 * 4 = 32; N = K = 4; K = Y * X * C = 3 * 3 * 8 = 72.
// Hp = Wp = 8 + 2 = 10; embed hp = 1 * y + 2 * ho: (0, 1, 2), reaching at
// most 2 + 2 * 3 = 8 < 10.
// a = [G, (N, Ho, Wo), (Y, X, C)] = 1x32x72; b = w as [G, (Y, X, C), K] =
// 1x72x4; c = y as [G, (N, Ho, Wo), K] = 1x32x4.

// CHECK-LABEL: func.func @fwd_3x3
// CHECK-SAME: (%[[X:[^:]+]]: memref<2x8x8x1x8xf16>, %[[W:[^:]+]]: memref<1x4x3x3x8xf16>, %[[Y:[^:]+]]: memref<2x4x4x1x4xf16>)
// CHECK-NEXT: %[[XP:.+]] = ck.transform %[[X]] : memref<2x8x8x1x8xf16> to !ck.view<2x10x10x1x8xf16> by #ck.transform_map<[2, 10, 10, 1, 8] -> [2, 8, 8, 1, 8], [<pass_through [0] -> [0]>, <pad [1] -> [1] (1, 1)>, <pad [2] -> [2] (1, 1)>, <pass_through [3] -> [3]>, <pass_through [4] -> [4]>]>
// CHECK-NEXT: %[[XE:.+]] = ck.transform %[[XP]] : !ck.view<2x10x10x1x8xf16> to !ck.view<2x3x4x3x4x1x8xf16> by #ck.transform_map<[2, 3, 4, 3, 4, 1, 8] -> [2, 10, 10, 1, 8], [<pass_through [0] -> [0]>, <embed [1, 2] -> [1] (0, 1, 2)>, <embed [3, 4] -> [2] (0, 1, 2)>, <pass_through [5] -> [3]>, <pass_through [6] -> [4]>]>
// CHECK-NEXT: %[[A:.+]] = ck.transform %[[XE]] : !ck.view<2x3x4x3x4x1x8xf16> to !ck.view<1x32x72xf16> by #ck.transform_map<[1, 32, 72] -> [2, 3, 4, 3, 4, 1, 8], [<merge [1] -> [0, 2, 4]>, <merge [2] -> [1, 3, 6]>, <pass_through [0] -> [5]>]>
// CHECK-NEXT: %[[B:.+]] = ck.transform %[[W]] : memref<1x4x3x3x8xf16> to !ck.view<1x72x4xf16> by #ck.transform_map<[1, 72, 4] -> [1, 4, 3, 3, 8], [<pass_through [0] -> [0]>, <pass_through [2] -> [1]>, <merge [1] -> [2, 3, 4]>]>
// CHECK-NEXT: %[[C:.+]] = ck.transform %[[Y]] : memref<2x4x4x1x4xf16> to !ck.view<1x32x4xf16> by #ck.transform_map<[1, 32, 4] -> [2, 4, 4, 1, 4], [<merge [1] -> [0, 1, 2]>, <pass_through [0] -> [3]>, <pass_through [2] -> [4]>]>
// CHECK-NEXT: ck.gemm %[[A]], %[[B]] -> %[[C]] : !ck.view<1x32x72xf16>, !ck.view<1x72x4xf16> -> !ck.view<1x32x4xf16>
// CHECK-NEXT: return
func.func @fwd_3x3(%x: memref<2x8x8x1x8xf16>, %w: memref<1x4x3x3x8xf16>,
                   %y: memref<2x4x4x1x4xf16>) {
  ck.conv_fwd input(%x : memref<2x8x8x1x8xf16>)
      filter(%w : memref<1x4x3x3x8xf16>)
      output(%y : memref<2x4x4x1x4xf16>)
      layouts(NHWGC, GKYXC, NHWGK) strides [2, 2] dilations [1, 1]
      pad_left [1, 1] pad_right [1, 1]
  return
}

// -----
// fwd, 3x3, stride 1, pad 0, GNHWC/GKCYX/GNHWK, f16: C comes before Y and X
// in the filter layout, so GEMM K merges (C, Y, X) in that order, in a and
// in b alike. G = 2, N = 1, Hi = Wi = 5, C = 3, K = 4.
// Ho = Wo = (5 + 0 + 0 - 3) / 1 + 1 = 3.
// GEMM M = N * Ho * Wo = 1 * 3 * 3 = 9; N = K = 4; K = C * Y * X = 3 * 3 * 3 = 27.
// Pads of (0, 0): no pad op; embed Hi directly as hi = y + ho: (0, 1, 1),
// reaching at most 2 + 2 = 4 < 5.
// Input windows [G, N, Y, Ho, X, Wo, C] = [2, 1, 3, 3, 3, 3, 3]:
// GEMM M = (N, Ho, Wo) = dims [1, 3, 5]; GEMM K = (C, Y, X) = dims [6, 2, 4].

// CHECK-LABEL: func.func @fwd_gnhwc
// CHECK-SAME: (%[[X:[^:]+]]: memref<2x1x5x5x3xf16>, %[[W:[^:]+]]: memref<2x4x3x3x3xf16>, %[[Y:[^:]+]]: memref<2x1x3x3x4xf16>)
// CHECK-NEXT: %[[XE:.+]] = ck.transform %[[X]] : memref<2x1x5x5x3xf16> to !ck.view<2x1x3x3x3x3x3xf16> by #ck.transform_map<[2, 1, 3, 3, 3, 3, 3] -> [2, 1, 5, 5, 3], [<pass_through [0] -> [0]>, <pass_through [1] -> [1]>, <embed [2, 3] -> [2] (0, 1, 1)>, <embed [4, 5] -> [3] (0, 1, 1)>, <pass_through [6] -> [4]>]>
// CHECK-NEXT: %[[A:.+]] = ck.transform %[[XE]] : !ck.view<2x1x3x3x3x3x3xf16> to !ck.view<2x9x27xf16> by #ck.transform_map<[2, 9, 27] -> [2, 1, 3, 3, 3, 3, 3], [<pass_through [0] -> [0]>, <merge [1] -> [1, 3, 5]>, <merge [2] -> [6, 2, 4]>]>
// CHECK-NEXT: %[[B:.+]] = ck.transform %[[W]] : memref<2x4x3x3x3xf16> to !ck.view<2x27x4xf16> by #ck.transform_map<[2, 27, 4] -> [2, 4, 3, 3, 3], [<pass_through [0] -> [0]>, <pass_through [2] -> [1]>, <merge [1] -> [2, 3, 4]>]>
// CHECK-NEXT: %[[C:.+]] = ck.transform %[[Y]] : memref<2x1x3x3x4xf16> to !ck.view<2x9x4xf16> by #ck.transform_map<[2, 9, 4] -> [2, 1, 3, 3, 4], [<pass_through [0] -> [0]>, <merge [1] -> [1, 2, 3]>, <pass_through [2] -> [4]>]>
// CHECK-NEXT: ck.gemm %[[A]], %[[B]] -> %[[C]] : !ck.view<2x9x27xf16>, !ck.view<2x27x4xf16> -> !ck.view<2x9x4xf16>
// CHECK-NEXT: return
func.func @fwd_gnhwc(%x: memref<2x1x5x5x3xf16>, %w: memref<2x4x3x3x3xf16>,
                     %y: memref<2x1x3x3x4xf16>) {
  ck.conv_fwd input(%x : memref<2x1x5x5x3xf16>)
      filter(%w : memref<2x4x3x3x3xf16>)
      output(%y : memref<2x1x3x3x4xf16>)
      layouts(GNHWC, GKCYX, GNHWK) strides [1, 1] dilations [1, 1]
      pad_left [0, 0] pad_right [0, 0]
  return
}

// -----
// fwd, 1-D (NWGC/GKXC/NWGK), X = 3, stride 2, pad 1, f32.
// N = 2, Wi = 9, G = 1, C = 8, K = 4.
// Wo = (9 + 1 + 1 - 3) / 2 + 1 = 5.
// GEMM M = N * Wo = 2 * 5 = 10; N = K = 4; K = X * C = 3 * 8 = 24.
// Wp = 9 + 2 = 11; embed wp = x + 2 * wo: (0, 1, 2), reaching at most
// 2 + 8 = 10 < 11.

// CHECK-LABEL: func.func @fwd_1d
// CHECK-SAME: (%[[X:[^:]+]]: memref<2x9x1x8xf32>, %[[W:[^:]+]]: memref<1x4x3x8xf32>, %[[Y:[^:]+]]: memref<2x5x1x4xf32>)
// CHECK-NEXT: %[[XP:.+]] = ck.transform %[[X]] : memref<2x9x1x8xf32> to !ck.view<2x11x1x8xf32> by #ck.transform_map<[2, 11, 1, 8] -> [2, 9, 1, 8], [<pass_through [0] -> [0]>, <pad [1] -> [1] (1, 1)>, <pass_through [2] -> [2]>, <pass_through [3] -> [3]>]>
// CHECK-NEXT: %[[XE:.+]] = ck.transform %[[XP]] : !ck.view<2x11x1x8xf32> to !ck.view<2x3x5x1x8xf32> by #ck.transform_map<[2, 3, 5, 1, 8] -> [2, 11, 1, 8], [<pass_through [0] -> [0]>, <embed [1, 2] -> [1] (0, 1, 2)>, <pass_through [3] -> [2]>, <pass_through [4] -> [3]>]>
// CHECK-NEXT: %[[A:.+]] = ck.transform %[[XE]] : !ck.view<2x3x5x1x8xf32> to !ck.view<1x10x24xf32> by #ck.transform_map<[1, 10, 24] -> [2, 3, 5, 1, 8], [<merge [1] -> [0, 2]>, <merge [2] -> [1, 4]>, <pass_through [0] -> [3]>]>
// CHECK-NEXT: %[[B:.+]] = ck.transform %[[W]] : memref<1x4x3x8xf32> to !ck.view<1x24x4xf32> by #ck.transform_map<[1, 24, 4] -> [1, 4, 3, 8], [<pass_through [0] -> [0]>, <pass_through [2] -> [1]>, <merge [1] -> [2, 3]>]>
// CHECK-NEXT: %[[C:.+]] = ck.transform %[[Y]] : memref<2x5x1x4xf32> to !ck.view<1x10x4xf32> by #ck.transform_map<[1, 10, 4] -> [2, 5, 1, 4], [<merge [1] -> [0, 1]>, <pass_through [0] -> [2]>, <pass_through [2] -> [3]>]>
// CHECK-NEXT: ck.gemm %[[A]], %[[B]] -> %[[C]] : !ck.view<1x10x24xf32>, !ck.view<1x24x4xf32> -> !ck.view<1x10x4xf32>
// CHECK-NEXT: return
func.func @fwd_1d(%x: memref<2x9x1x8xf32>, %w: memref<1x4x3x8xf32>,
                  %y: memref<2x5x1x4xf32>) {
  ck.conv_fwd input(%x : memref<2x9x1x8xf32>)
      filter(%w : memref<1x4x3x8xf32>)
      output(%y : memref<2x5x1x4xf32>)
      layouts(NWGC, GKXC, NWGK) strides [2] dilations [1]
      pad_left [1] pad_right [1]
  return
}

// -----
// fwd, 3-D (NDHWGC/GKZYXC/NDHWGK), 3x3x3, stride 1, pad 1, two groups, bf16.
// N = 1, Di = 4, Hi = Wi = 6, G = 2, C = 3, K = 5.
// Do = (4 + 2 - 3) / 1 + 1 = 4; Ho = Wo = (6 + 2 - 3) / 1 + 1 = 6.
// GEMM M = N * Do * Ho * Wo = 1 * 4 * 6 * 6 = 144; N = K = 5;
// K = Z * Y * X * C = 3 * 3 * 3 * 3 = 81.
// Dp = 4 + 2 = 6, Hp = Wp = 6 + 2 = 8; embeds (0, 1, 1).
// Windows [N, Z, Do, Y, Ho, X, Wo, G, C] = [1, 3, 4, 3, 6, 3, 6, 2, 3]:
// GEMM M = (N, Do, Ho, Wo) = dims [0, 2, 4, 6]; K = (Z, Y, X, C) = [1, 3, 5, 8].

// CHECK-LABEL: func.func @fwd_3d
// CHECK-SAME: (%[[X:[^:]+]]: memref<1x4x6x6x2x3xbf16>, %[[W:[^:]+]]: memref<2x5x3x3x3x3xbf16>, %[[Y:[^:]+]]: memref<1x4x6x6x2x5xbf16>)
// CHECK-NEXT: %[[XP:.+]] = ck.transform %[[X]] : memref<1x4x6x6x2x3xbf16> to !ck.view<1x6x8x8x2x3xbf16> by #ck.transform_map<[1, 6, 8, 8, 2, 3] -> [1, 4, 6, 6, 2, 3], [<pass_through [0] -> [0]>, <pad [1] -> [1] (1, 1)>, <pad [2] -> [2] (1, 1)>, <pad [3] -> [3] (1, 1)>, <pass_through [4] -> [4]>, <pass_through [5] -> [5]>]>
// CHECK-NEXT: %[[XE:.+]] = ck.transform %[[XP]] : !ck.view<1x6x8x8x2x3xbf16> to !ck.view<1x3x4x3x6x3x6x2x3xbf16> by #ck.transform_map<[1, 3, 4, 3, 6, 3, 6, 2, 3] -> [1, 6, 8, 8, 2, 3], [<pass_through [0] -> [0]>, <embed [1, 2] -> [1] (0, 1, 1)>, <embed [3, 4] -> [2] (0, 1, 1)>, <embed [5, 6] -> [3] (0, 1, 1)>, <pass_through [7] -> [4]>, <pass_through [8] -> [5]>]>
// CHECK-NEXT: %[[A:.+]] = ck.transform %[[XE]] : !ck.view<1x3x4x3x6x3x6x2x3xbf16> to !ck.view<2x144x81xbf16> by #ck.transform_map<[2, 144, 81] -> [1, 3, 4, 3, 6, 3, 6, 2, 3], [<merge [1] -> [0, 2, 4, 6]>, <merge [2] -> [1, 3, 5, 8]>, <pass_through [0] -> [7]>]>
// CHECK-NEXT: %[[B:.+]] = ck.transform %[[W]] : memref<2x5x3x3x3x3xbf16> to !ck.view<2x81x5xbf16> by #ck.transform_map<[2, 81, 5] -> [2, 5, 3, 3, 3, 3], [<pass_through [0] -> [0]>, <pass_through [2] -> [1]>, <merge [1] -> [2, 3, 4, 5]>]>
// CHECK-NEXT: %[[C:.+]] = ck.transform %[[Y]] : memref<1x4x6x6x2x5xbf16> to !ck.view<2x144x5xbf16> by #ck.transform_map<[2, 144, 5] -> [1, 4, 6, 6, 2, 5], [<merge [1] -> [0, 1, 2, 3]>, <pass_through [0] -> [4]>, <pass_through [2] -> [5]>]>
// CHECK-NEXT: ck.gemm %[[A]], %[[B]] -> %[[C]] : !ck.view<2x144x81xbf16>, !ck.view<2x81x5xbf16> -> !ck.view<2x144x5xbf16>
// CHECK-NEXT: return
func.func @fwd_3d(%x: memref<1x4x6x6x2x3xbf16>, %w: memref<2x5x3x3x3x3xbf16>,
                  %y: memref<1x4x6x6x2x5xbf16>) {
  ck.conv_fwd input(%x : memref<1x4x6x6x2x3xbf16>)
      filter(%w : memref<2x5x3x3x3x3xbf16>)
      output(%y : memref<1x4x6x6x2x5xbf16>)
      layouts(NDHWGC, GKZYXC, NDHWGK) strides [1, 1, 1] dilations [1, 1, 1]
      pad_left [1, 1, 1] pad_right [1, 1, 1]
  return
}

// -----
// bwd_data, 3x3, stride 1, pad 1, NHWGC/GKYXC/NHWGK, f16: one GEMM, no fill.
// N = 2, Hi = Wi = 5, G = 1, C = 6, K = 4. Ho = Wo = (5 + 2 - 3) / 1 + 1 = 5.
// dx[hi] gets dy[ho] * w[y] for hi + 1 = ho + y. Stride 1: one slice,
// yt = 0, taps j = y in [0, 3); ht = hi + 1 in [1, 5] (first 1, count 5),
// ho = ht - j, hi = 0 + 1 * (ht - 1): input offset 0.
// a (dy): ho ranges over [1 - 2, 5] = [-1, 5] against Ho = 5: pad (1, 1),
//   Hp = 7; embed hp = ho + 1 = (1 + 1) - j + t with t = ht - 1: (2, -1, 1),
//   reaching [2 - 2, 2 + 4] = [0, 6] inside [0, 7).
//   [N, jY, Ht, jX, Wt, G, K] = [2, 3, 5, 3, 5, 1, 4];
//   GEMM M = (N, Ht, Wt) (input layout order) = 2 * 5 * 5 = 50 = dims [0, 2, 4];
//   GEMM K = (jY, jX, K) (output-gradient layout order: NHWGK stores K
//   innermost) = 3 * 3 * 4 = 36 = dims [1, 3, 6].
// b (w): y = 0 + 1 * j: (0, 1); [G, K, jY, jX, C] -> [G, (jY, jX, K), C] = 1x36x6,
//   the same order: dims [2, 3, 1].
// c (dx): hi = 0 + 1 * t: (0, 1); [G, (N, Ht, Wt), C] = 1x50x6.
// Residues of hi + 1 modulo 1: one, written by the GEMM: no ck.fill.

// CHECK-LABEL: func.func @bwd_data_stride1
// CHECK-SAME: (%[[DX:[^:]+]]: memref<2x5x5x1x6xf16>, %[[W:[^:]+]]: memref<1x4x3x3x6xf16>, %[[DY:[^:]+]]: memref<2x5x5x1x4xf16>)
// CHECK-NEXT: %[[YP:.+]] = ck.transform %[[DY]] : memref<2x5x5x1x4xf16> to !ck.view<2x7x7x1x4xf16> by #ck.transform_map<[2, 7, 7, 1, 4] -> [2, 5, 5, 1, 4], [<pass_through [0] -> [0]>, <pad [1] -> [1] (1, 1)>, <pad [2] -> [2] (1, 1)>, <pass_through [3] -> [3]>, <pass_through [4] -> [4]>]>
// CHECK-NEXT: %[[YE:.+]] = ck.transform %[[YP]] : !ck.view<2x7x7x1x4xf16> to !ck.view<2x3x5x3x5x1x4xf16> by #ck.transform_map<[2, 3, 5, 3, 5, 1, 4] -> [2, 7, 7, 1, 4], [<pass_through [0] -> [0]>, <embed [1, 2] -> [1] (2, -1, 1)>, <embed [3, 4] -> [2] (2, -1, 1)>, <pass_through [5] -> [3]>, <pass_through [6] -> [4]>]>
// CHECK-NEXT: %[[A:.+]] = ck.transform %[[YE]] : !ck.view<2x3x5x3x5x1x4xf16> to !ck.view<1x50x36xf16> by #ck.transform_map<[1, 50, 36] -> [2, 3, 5, 3, 5, 1, 4], [<merge [1] -> [0, 2, 4]>, <merge [2] -> [1, 3, 6]>, <pass_through [0] -> [5]>]>
// CHECK-NEXT: %[[WE:.+]] = ck.transform %[[W]] : memref<1x4x3x3x6xf16> to !ck.view<1x4x3x3x6xf16> by #ck.transform_map<[1, 4, 3, 3, 6] -> [1, 4, 3, 3, 6], [<pass_through [0] -> [0]>, <pass_through [1] -> [1]>, <embed [2] -> [2] (0, 1)>, <embed [3] -> [3] (0, 1)>, <pass_through [4] -> [4]>]>
// CHECK-NEXT: %[[B:.+]] = ck.transform %[[WE]] : !ck.view<1x4x3x3x6xf16> to !ck.view<1x36x6xf16> by #ck.transform_map<[1, 36, 6] -> [1, 4, 3, 3, 6], [<pass_through [0] -> [0]>, <merge [1] -> [2, 3, 1]>, <pass_through [2] -> [4]>]>
// CHECK-NEXT: %[[XE:.+]] = ck.transform %[[DX]] : memref<2x5x5x1x6xf16> to !ck.view<2x5x5x1x6xf16> by #ck.transform_map<[2, 5, 5, 1, 6] -> [2, 5, 5, 1, 6], [<pass_through [0] -> [0]>, <embed [1] -> [1] (0, 1)>, <embed [2] -> [2] (0, 1)>, <pass_through [3] -> [3]>, <pass_through [4] -> [4]>]>
// CHECK-NEXT: %[[C:.+]] = ck.transform %[[XE]] : !ck.view<2x5x5x1x6xf16> to !ck.view<1x50x6xf16> by #ck.transform_map<[1, 50, 6] -> [2, 5, 5, 1, 6], [<merge [1] -> [0, 1, 2]>, <pass_through [0] -> [3]>, <pass_through [2] -> [4]>]>
// CHECK-NEXT: ck.gemm %[[A]], %[[B]] -> %[[C]] : !ck.view<1x50x36xf16>, !ck.view<1x36x6xf16> -> !ck.view<1x50x6xf16>
// CHECK-NEXT: return
func.func @bwd_data_stride1(%dx: memref<2x5x5x1x6xf16>, %w: memref<1x4x3x3x6xf16>,
                            %dy: memref<2x5x5x1x4xf16>) {
  ck.conv_bwd_data input(%dx : memref<2x5x5x1x6xf16>)
      filter(%w : memref<1x4x3x3x6xf16>)
      output(%dy : memref<2x5x5x1x4xf16>)
      layouts(NHWGC, GKYXC, NHWGK) strides [1, 1] dilations [1, 1]
      pad_left [1, 1] pad_right [1, 1]
  return
}

// -----
// bwd_data, 3x3, stride 2, pad 1, f16: 2 slices per dimension, 4 GEMMs.
// N = 2, Hi = Wi = 8, G = 1, C = 6, K = 4. Ho = Wo = (8 + 2 - 3) / 2 + 1 = 4.
// Per dimension hi + 1 = 2 * ho + y, gcd(2, 1) = 1, so 2 / 1 = 2 slices:
//  slice 0: y even, y = 0 + 2 * j, j in [0, 2) (2 taps); hi + 1 = 2 * ht,
//    hi odd = 1, 3, 5, 7, ht in [1, 4] (count 4), ho = ht - j,
//    hi = 1 + 2 * (ht - 1): c embed (1, 2); b embed y = (0, 2).
//    ho ranges over [1 - 1, 4] = [0, 4] against Ho = 4: pad (0, 1), Hp = 5;
//    hp = ho = 1 - j + t: a embed (1, -1, 1), reaching [0, 4] inside [0, 5).
//  slice 1: y = 1 (1 tap); hi + 1 = 2 * ht + 1, hi even = 0, 2, 4, 6,
//    ht in [0, 3] (count 4), ho = ht, hi = 0 + 2 * ht: c embed (0, 2);
//    b embed y = (1, 2); ho ranges over [0, 3]: no pad (no pad op);
//    a embed (0, -1, 1), reaching [0, 3] inside [0, 4).
// GEMMs in the order (H slice, W slice) = (0, 0), (0, 1), (1, 0), (1, 1):
//  GEMM M = N * Ht * Wt = 2 * 4 * 4 = 32 for all four;
//  GEMM K = K * jY * jX = 4 * 2 * 2 = 16, 4 * 2 * 1 = 8, 4 * 1 * 2 = 8, 4 * 1 * 1 = 4
//  (16 + 8 + 8 + 4 = 36 = K * Y * X: every tap once); GEMM N = C = 6.
// Residues of hi + 1 modulo 2: 0 (slice 0) and 1 (slice 1): no ck.fill.

// CHECK-LABEL: func.func @bwd_data_stride2
// CHECK-SAME: (%[[DX:[^:]+]]: memref<2x8x8x1x6xf16>, %[[W:[^:]+]]: memref<1x4x3x3x6xf16>, %[[DY:[^:]+]]: memref<2x4x4x1x4xf16>)
// Slice (0, 0).
// CHECK-NEXT: ck.concurrent {
// CHECK-NEXT: %[[YP:.+]] = ck.transform %[[DY]] : memref<2x4x4x1x4xf16> to !ck.view<2x5x5x1x4xf16> by #ck.transform_map<[2, 5, 5, 1, 4] -> [2, 4, 4, 1, 4], [<pass_through [0] -> [0]>, <pad [1] -> [1] (0, 1)>, <pad [2] -> [2] (0, 1)>, <pass_through [3] -> [3]>, <pass_through [4] -> [4]>]>
// CHECK-NEXT: %[[YE:.+]] = ck.transform %[[YP]] : !ck.view<2x5x5x1x4xf16> to !ck.view<2x2x4x2x4x1x4xf16> by #ck.transform_map<[2, 2, 4, 2, 4, 1, 4] -> [2, 5, 5, 1, 4], [<pass_through [0] -> [0]>, <embed [1, 2] -> [1] (1, -1, 1)>, <embed [3, 4] -> [2] (1, -1, 1)>, <pass_through [5] -> [3]>, <pass_through [6] -> [4]>]>
// CHECK-NEXT: %[[A00:.+]] = ck.transform %[[YE]] : !ck.view<2x2x4x2x4x1x4xf16> to !ck.view<1x32x16xf16> by #ck.transform_map<[1, 32, 16] -> [2, 2, 4, 2, 4, 1, 4], [<merge [1] -> [0, 2, 4]>, <merge [2] -> [1, 3, 6]>, <pass_through [0] -> [5]>]>
// CHECK-NEXT: %[[WE:.+]] = ck.transform %[[W]] : memref<1x4x3x3x6xf16> to !ck.view<1x4x2x2x6xf16> by #ck.transform_map<[1, 4, 2, 2, 6] -> [1, 4, 3, 3, 6], [<pass_through [0] -> [0]>, <pass_through [1] -> [1]>, <embed [2] -> [2] (0, 2)>, <embed [3] -> [3] (0, 2)>, <pass_through [4] -> [4]>]>
// CHECK-NEXT: %[[B00:.+]] = ck.transform %[[WE]] : !ck.view<1x4x2x2x6xf16> to !ck.view<1x16x6xf16> by #ck.transform_map<[1, 16, 6] -> [1, 4, 2, 2, 6], [<pass_through [0] -> [0]>, <merge [1] -> [2, 3, 1]>, <pass_through [2] -> [4]>]>
// CHECK-NEXT: %[[XE:.+]] = ck.transform %[[DX]] : memref<2x8x8x1x6xf16> to !ck.view<2x4x4x1x6xf16> by #ck.transform_map<[2, 4, 4, 1, 6] -> [2, 8, 8, 1, 6], [<pass_through [0] -> [0]>, <embed [1] -> [1] (1, 2)>, <embed [2] -> [2] (1, 2)>, <pass_through [3] -> [3]>, <pass_through [4] -> [4]>]>
// CHECK-NEXT: %[[C00:.+]] = ck.transform %[[XE]] : !ck.view<2x4x4x1x6xf16> to !ck.view<1x32x6xf16> by #ck.transform_map<[1, 32, 6] -> [2, 4, 4, 1, 6], [<merge [1] -> [0, 1, 2]>, <pass_through [0] -> [3]>, <pass_through [2] -> [4]>]>
// CHECK-NEXT: ck.gemm %[[A00]], %[[B00]] -> %[[C00]] : !ck.view<1x32x16xf16>, !ck.view<1x16x6xf16> -> !ck.view<1x32x6xf16>
// Slice (0, 1): H as in slice 0, W as in slice 1 (no pad of Wo).
// CHECK-NEXT: %[[YP:.+]] = ck.transform %[[DY]] : memref<2x4x4x1x4xf16> to !ck.view<2x5x4x1x4xf16> by #ck.transform_map<[2, 5, 4, 1, 4] -> [2, 4, 4, 1, 4], [<pass_through [0] -> [0]>, <pad [1] -> [1] (0, 1)>, <pass_through [2] -> [2]>, <pass_through [3] -> [3]>, <pass_through [4] -> [4]>]>
// CHECK-NEXT: %[[YE:.+]] = ck.transform %[[YP]] : !ck.view<2x5x4x1x4xf16> to !ck.view<2x2x4x1x4x1x4xf16> by #ck.transform_map<[2, 2, 4, 1, 4, 1, 4] -> [2, 5, 4, 1, 4], [<pass_through [0] -> [0]>, <embed [1, 2] -> [1] (1, -1, 1)>, <embed [3, 4] -> [2] (0, -1, 1)>, <pass_through [5] -> [3]>, <pass_through [6] -> [4]>]>
// CHECK-NEXT: %[[A01:.+]] = ck.transform %[[YE]] : !ck.view<2x2x4x1x4x1x4xf16> to !ck.view<1x32x8xf16> by #ck.transform_map<[1, 32, 8] -> [2, 2, 4, 1, 4, 1, 4], [<merge [1] -> [0, 2, 4]>, <merge [2] -> [1, 3, 6]>, <pass_through [0] -> [5]>]>
// CHECK-NEXT: %[[WE:.+]] = ck.transform %[[W]] : memref<1x4x3x3x6xf16> to !ck.view<1x4x2x1x6xf16> by #ck.transform_map<[1, 4, 2, 1, 6] -> [1, 4, 3, 3, 6], [<pass_through [0] -> [0]>, <pass_through [1] -> [1]>, <embed [2] -> [2] (0, 2)>, <embed [3] -> [3] (1, 2)>, <pass_through [4] -> [4]>]>
// CHECK-NEXT: %[[B01:.+]] = ck.transform %[[WE]] : !ck.view<1x4x2x1x6xf16> to !ck.view<1x8x6xf16> by #ck.transform_map<[1, 8, 6] -> [1, 4, 2, 1, 6], [<pass_through [0] -> [0]>, <merge [1] -> [2, 3, 1]>, <pass_through [2] -> [4]>]>
// CHECK-NEXT: %[[XE:.+]] = ck.transform %[[DX]] : memref<2x8x8x1x6xf16> to !ck.view<2x4x4x1x6xf16> by #ck.transform_map<[2, 4, 4, 1, 6] -> [2, 8, 8, 1, 6], [<pass_through [0] -> [0]>, <embed [1] -> [1] (1, 2)>, <embed [2] -> [2] (0, 2)>, <pass_through [3] -> [3]>, <pass_through [4] -> [4]>]>
// CHECK-NEXT: %[[C01:.+]] = ck.transform %[[XE]] : !ck.view<2x4x4x1x6xf16> to !ck.view<1x32x6xf16> by #ck.transform_map<[1, 32, 6] -> [2, 4, 4, 1, 6], [<merge [1] -> [0, 1, 2]>, <pass_through [0] -> [3]>, <pass_through [2] -> [4]>]>
// CHECK-NEXT: ck.gemm %[[A01]], %[[B01]] -> %[[C01]] : !ck.view<1x32x8xf16>, !ck.view<1x8x6xf16> -> !ck.view<1x32x6xf16>
// Slice (1, 0): H as in slice 1 (no pad of Ho), W as in slice 0.
// CHECK-NEXT: %[[YP:.+]] = ck.transform %[[DY]] : memref<2x4x4x1x4xf16> to !ck.view<2x4x5x1x4xf16> by #ck.transform_map<[2, 4, 5, 1, 4] -> [2, 4, 4, 1, 4], [<pass_through [0] -> [0]>, <pass_through [1] -> [1]>, <pad [2] -> [2] (0, 1)>, <pass_through [3] -> [3]>, <pass_through [4] -> [4]>]>
// CHECK-NEXT: %[[YE:.+]] = ck.transform %[[YP]] : !ck.view<2x4x5x1x4xf16> to !ck.view<2x1x4x2x4x1x4xf16> by #ck.transform_map<[2, 1, 4, 2, 4, 1, 4] -> [2, 4, 5, 1, 4], [<pass_through [0] -> [0]>, <embed [1, 2] -> [1] (0, -1, 1)>, <embed [3, 4] -> [2] (1, -1, 1)>, <pass_through [5] -> [3]>, <pass_through [6] -> [4]>]>
// CHECK-NEXT: %[[A10:.+]] = ck.transform %[[YE]] : !ck.view<2x1x4x2x4x1x4xf16> to !ck.view<1x32x8xf16> by #ck.transform_map<[1, 32, 8] -> [2, 1, 4, 2, 4, 1, 4], [<merge [1] -> [0, 2, 4]>, <merge [2] -> [1, 3, 6]>, <pass_through [0] -> [5]>]>
// CHECK-NEXT: %[[WE:.+]] = ck.transform %[[W]] : memref<1x4x3x3x6xf16> to !ck.view<1x4x1x2x6xf16> by #ck.transform_map<[1, 4, 1, 2, 6] -> [1, 4, 3, 3, 6], [<pass_through [0] -> [0]>, <pass_through [1] -> [1]>, <embed [2] -> [2] (1, 2)>, <embed [3] -> [3] (0, 2)>, <pass_through [4] -> [4]>]>
// CHECK-NEXT: %[[B10:.+]] = ck.transform %[[WE]] : !ck.view<1x4x1x2x6xf16> to !ck.view<1x8x6xf16> by #ck.transform_map<[1, 8, 6] -> [1, 4, 1, 2, 6], [<pass_through [0] -> [0]>, <merge [1] -> [2, 3, 1]>, <pass_through [2] -> [4]>]>
// CHECK-NEXT: %[[XE:.+]] = ck.transform %[[DX]] : memref<2x8x8x1x6xf16> to !ck.view<2x4x4x1x6xf16> by #ck.transform_map<[2, 4, 4, 1, 6] -> [2, 8, 8, 1, 6], [<pass_through [0] -> [0]>, <embed [1] -> [1] (0, 2)>, <embed [2] -> [2] (1, 2)>, <pass_through [3] -> [3]>, <pass_through [4] -> [4]>]>
// CHECK-NEXT: %[[C10:.+]] = ck.transform %[[XE]] : !ck.view<2x4x4x1x6xf16> to !ck.view<1x32x6xf16> by #ck.transform_map<[1, 32, 6] -> [2, 4, 4, 1, 6], [<merge [1] -> [0, 1, 2]>, <pass_through [0] -> [3]>, <pass_through [2] -> [4]>]>
// CHECK-NEXT: ck.gemm %[[A10]], %[[B10]] -> %[[C10]] : !ck.view<1x32x8xf16>, !ck.view<1x8x6xf16> -> !ck.view<1x32x6xf16>
// Slice (1, 1): no pad op at all, the embed reads dy directly.
// CHECK-NEXT: %[[YE:.+]] = ck.transform %[[DY]] : memref<2x4x4x1x4xf16> to !ck.view<2x1x4x1x4x1x4xf16> by #ck.transform_map<[2, 1, 4, 1, 4, 1, 4] -> [2, 4, 4, 1, 4], [<pass_through [0] -> [0]>, <embed [1, 2] -> [1] (0, -1, 1)>, <embed [3, 4] -> [2] (0, -1, 1)>, <pass_through [5] -> [3]>, <pass_through [6] -> [4]>]>
// CHECK-NEXT: %[[A11:.+]] = ck.transform %[[YE]] : !ck.view<2x1x4x1x4x1x4xf16> to !ck.view<1x32x4xf16> by #ck.transform_map<[1, 32, 4] -> [2, 1, 4, 1, 4, 1, 4], [<merge [1] -> [0, 2, 4]>, <merge [2] -> [1, 3, 6]>, <pass_through [0] -> [5]>]>
// CHECK-NEXT: %[[WE:.+]] = ck.transform %[[W]] : memref<1x4x3x3x6xf16> to !ck.view<1x4x1x1x6xf16> by #ck.transform_map<[1, 4, 1, 1, 6] -> [1, 4, 3, 3, 6], [<pass_through [0] -> [0]>, <pass_through [1] -> [1]>, <embed [2] -> [2] (1, 2)>, <embed [3] -> [3] (1, 2)>, <pass_through [4] -> [4]>]>
// CHECK-NEXT: %[[B11:.+]] = ck.transform %[[WE]] : !ck.view<1x4x1x1x6xf16> to !ck.view<1x4x6xf16> by #ck.transform_map<[1, 4, 6] -> [1, 4, 1, 1, 6], [<pass_through [0] -> [0]>, <merge [1] -> [2, 3, 1]>, <pass_through [2] -> [4]>]>
// CHECK-NEXT: %[[XE:.+]] = ck.transform %[[DX]] : memref<2x8x8x1x6xf16> to !ck.view<2x4x4x1x6xf16> by #ck.transform_map<[2, 4, 4, 1, 6] -> [2, 8, 8, 1, 6], [<pass_through [0] -> [0]>, <embed [1] -> [1] (0, 2)>, <embed [2] -> [2] (0, 2)>, <pass_through [3] -> [3]>, <pass_through [4] -> [4]>]>
// CHECK-NEXT: %[[C11:.+]] = ck.transform %[[XE]] : !ck.view<2x4x4x1x6xf16> to !ck.view<1x32x6xf16> by #ck.transform_map<[1, 32, 6] -> [2, 4, 4, 1, 6], [<merge [1] -> [0, 1, 2]>, <pass_through [0] -> [3]>, <pass_through [2] -> [4]>]>
// CHECK-NEXT: ck.gemm %[[A11]], %[[B11]] -> %[[C11]] : !ck.view<1x32x4xf16>, !ck.view<1x4x6xf16> -> !ck.view<1x32x6xf16>
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @bwd_data_stride2(%dx: memref<2x8x8x1x6xf16>, %w: memref<1x4x3x3x6xf16>,
                            %dy: memref<2x4x4x1x4xf16>) {
  ck.conv_bwd_data input(%dx : memref<2x8x8x1x6xf16>)
      filter(%w : memref<1x4x3x3x6xf16>)
      output(%dy : memref<2x4x4x1x4xf16>)
      layouts(NHWGC, GKYXC, NHWGK) strides [2, 2] dilations [1, 1]
      pad_left [1, 1] pad_right [1, 1]
  return
}

// -----
// bwd_data, 1x1 filter, stride 2, pad 0, f16: one GEMM and ck.fill for the
// inputs no output reaches. N = 2, Hi = Wi = 7, G = 1, C = 4, K = 3.
// Ho = Wo = (7 - 1) / 2 + 1 = 4. Not pointwise (stride 2): implicit path.
// Per dimension hi = 2 * ho + y with y = 0: 2 slices (yt = 0, 1) but only
// yt = 0 < Y = 1 has a tap: j in [0, 1), ht = ho in [0, 3] (count 4),
// hi = 0 + 2 * ht: c embed (0, 2); b embed y = (0, 2); a: ho in [0, 3], no
// pad; a embed (0, -1, 1).
// GEMM M = N * Ht * Wt = 2 * 4 * 4 = 32; K = K * jY * jX = 3 * 1 * 1 = 3; N = C = 4.
// Residues of hi modulo 2: 0 = {0, 2, 4, 6} (start 0, 4 rows, written by the
// GEMM) and 1 = {1, 3, 5} (start 1, 3 rows, written by no slice).
// Fills: H unreached with any W (3 x 7 positions, embed H (1, 2)), then H
// reached with W unreached (4 x 3, embeds (0, 2) and (1, 2)): 2 fills.
// Count: 16 + 21 + 12 = 49 = 7 * 7, every input position once.

// CHECK-LABEL: func.func @bwd_data_stride2_1x1
// CHECK-SAME: (%[[DX:[^:]+]]: memref<2x7x7x1x4xf16>, %[[W:[^:]+]]: memref<1x3x1x1x4xf16>, %[[DY:[^:]+]]: memref<2x4x4x1x3xf16>)
// CHECK-NEXT: ck.concurrent {
// CHECK-NEXT: %[[YE:.+]] = ck.transform %[[DY]] : memref<2x4x4x1x3xf16> to !ck.view<2x1x4x1x4x1x3xf16> by #ck.transform_map<[2, 1, 4, 1, 4, 1, 3] -> [2, 4, 4, 1, 3], [<pass_through [0] -> [0]>, <embed [1, 2] -> [1] (0, -1, 1)>, <embed [3, 4] -> [2] (0, -1, 1)>, <pass_through [5] -> [3]>, <pass_through [6] -> [4]>]>
// CHECK-NEXT: %[[A:.+]] = ck.transform %[[YE]] : !ck.view<2x1x4x1x4x1x3xf16> to !ck.view<1x32x3xf16> by #ck.transform_map<[1, 32, 3] -> [2, 1, 4, 1, 4, 1, 3], [<merge [1] -> [0, 2, 4]>, <merge [2] -> [1, 3, 6]>, <pass_through [0] -> [5]>]>
// CHECK-NEXT: %[[WE:.+]] = ck.transform %[[W]] : memref<1x3x1x1x4xf16> to !ck.view<1x3x1x1x4xf16> by #ck.transform_map<[1, 3, 1, 1, 4] -> [1, 3, 1, 1, 4], [<pass_through [0] -> [0]>, <pass_through [1] -> [1]>, <embed [2] -> [2] (0, 2)>, <embed [3] -> [3] (0, 2)>, <pass_through [4] -> [4]>]>
// CHECK-NEXT: %[[B:.+]] = ck.transform %[[WE]] : !ck.view<1x3x1x1x4xf16> to !ck.view<1x3x4xf16> by #ck.transform_map<[1, 3, 4] -> [1, 3, 1, 1, 4], [<pass_through [0] -> [0]>, <merge [1] -> [2, 3, 1]>, <pass_through [2] -> [4]>]>
// CHECK-NEXT: %[[XE:.+]] = ck.transform %[[DX]] : memref<2x7x7x1x4xf16> to !ck.view<2x4x4x1x4xf16> by #ck.transform_map<[2, 4, 4, 1, 4] -> [2, 7, 7, 1, 4], [<pass_through [0] -> [0]>, <embed [1] -> [1] (0, 2)>, <embed [2] -> [2] (0, 2)>, <pass_through [3] -> [3]>, <pass_through [4] -> [4]>]>
// CHECK-NEXT: %[[C:.+]] = ck.transform %[[XE]] : !ck.view<2x4x4x1x4xf16> to !ck.view<1x32x4xf16> by #ck.transform_map<[1, 32, 4] -> [2, 4, 4, 1, 4], [<merge [1] -> [0, 1, 2]>, <pass_through [0] -> [3]>, <pass_through [2] -> [4]>]>
// CHECK-NEXT: ck.gemm %[[A]], %[[B]] -> %[[C]] : !ck.view<1x32x3xf16>, !ck.view<1x3x4xf16> -> !ck.view<1x32x4xf16>
// H unreached: hi = 1 + 2 * t (3 of them), every wi.
// CHECK-NEXT: %[[F1:.+]] = ck.transform %[[DX]] : memref<2x7x7x1x4xf16> to !ck.view<2x3x7x1x4xf16> by #ck.transform_map<[2, 3, 7, 1, 4] -> [2, 7, 7, 1, 4], [<pass_through [0] -> [0]>, <embed [1] -> [1] (1, 2)>, <pass_through [2] -> [2]>, <pass_through [3] -> [3]>, <pass_through [4] -> [4]>]>
// CHECK-NEXT: ck.fill %[[F1]] : !ck.view<2x3x7x1x4xf16>
// H reached, W unreached: hi = 0 + 2 * t (4), wi = 1 + 2 * t (3).
// CHECK-NEXT: %[[F2:.+]] = ck.transform %[[DX]] : memref<2x7x7x1x4xf16> to !ck.view<2x4x3x1x4xf16> by #ck.transform_map<[2, 4, 3, 1, 4] -> [2, 7, 7, 1, 4], [<pass_through [0] -> [0]>, <embed [1] -> [1] (0, 2)>, <embed [2] -> [2] (1, 2)>, <pass_through [3] -> [3]>, <pass_through [4] -> [4]>]>
// CHECK-NEXT: ck.fill %[[F2]] : !ck.view<2x4x3x1x4xf16>
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @bwd_data_stride2_1x1(%dx: memref<2x7x7x1x4xf16>, %w: memref<1x3x1x1x4xf16>,
                                %dy: memref<2x4x4x1x3xf16>) {
  ck.conv_bwd_data input(%dx : memref<2x7x7x1x4xf16>)
      filter(%w : memref<1x3x1x1x4xf16>)
      output(%dy : memref<2x4x4x1x3xf16>)
      layouts(NHWGC, GKYXC, NHWGK) strides [2, 2] dilations [1, 1]
      pad_left [0, 0] pad_right [0, 0]
  return
}

// -----
// bwd_data, 1-D, X = 3, stride 2, dilation 2, pad 2, f32: gcd(2, 2) = 2, so
// 2 / 2 = 1 slice holding all 3 taps, and the odd inputs get a fill.
// N = 1, Wi = 8, G = 1, C = 2, K = 3. Wo = (8 + 4 - 5) / 2 + 1 = 4.
// wi + 2 = 2 * wo + 2 * x: wi even; slice yt = 0, x = 0 + 1 * j, j in [0, 3);
// wi + 2 = 2 * wt, wt in [1, 4] (count 4), wo = wt - (2 / 2) * j,
// wi = 0 + 2 * (wt - 1): c embed (0, 2); b embed x = (0, 1).
// a: wo ranges over [1 - 2, 4] = [-1, 4] against Wo = 4: pad (1, 1), Wp = 6;
// wp = wo + 1 = (1 + 1) - j + t: (2, -1, 1), reaching [0, 5] inside [0, 6).
// GEMM M = N * Wt = 4; K = K * jX = 3 * 3 = 9; N = C = 2.
// Residues of wi + 2 modulo 2: 0 (the slice), 1 = wi odd {1, 3, 5, 7}
// (first (1 - 2) mod 2 = 1, count 4): one fill, embed (1, 2).

// CHECK-LABEL: func.func @bwd_data_stride2_dilation2_1d
// CHECK-SAME: (%[[DX:[^:]+]]: memref<1x8x1x2xf32>, %[[W:[^:]+]]: memref<1x3x3x2xf32>, %[[DY:[^:]+]]: memref<1x4x1x3xf32>)
// CHECK-NEXT: ck.concurrent {
// CHECK-NEXT: %[[YP:.+]] = ck.transform %[[DY]] : memref<1x4x1x3xf32> to !ck.view<1x6x1x3xf32> by #ck.transform_map<[1, 6, 1, 3] -> [1, 4, 1, 3], [<pass_through [0] -> [0]>, <pad [1] -> [1] (1, 1)>, <pass_through [2] -> [2]>, <pass_through [3] -> [3]>]>
// CHECK-NEXT: %[[YE:.+]] = ck.transform %[[YP]] : !ck.view<1x6x1x3xf32> to !ck.view<1x3x4x1x3xf32> by #ck.transform_map<[1, 3, 4, 1, 3] -> [1, 6, 1, 3], [<pass_through [0] -> [0]>, <embed [1, 2] -> [1] (2, -1, 1)>, <pass_through [3] -> [2]>, <pass_through [4] -> [3]>]>
// CHECK-NEXT: %[[A:.+]] = ck.transform %[[YE]] : !ck.view<1x3x4x1x3xf32> to !ck.view<1x4x9xf32> by #ck.transform_map<[1, 4, 9] -> [1, 3, 4, 1, 3], [<merge [1] -> [0, 2]>, <merge [2] -> [1, 4]>, <pass_through [0] -> [3]>]>
// CHECK-NEXT: %[[WE:.+]] = ck.transform %[[W]] : memref<1x3x3x2xf32> to !ck.view<1x3x3x2xf32> by #ck.transform_map<[1, 3, 3, 2] -> [1, 3, 3, 2], [<pass_through [0] -> [0]>, <pass_through [1] -> [1]>, <embed [2] -> [2] (0, 1)>, <pass_through [3] -> [3]>]>
// CHECK-NEXT: %[[B:.+]] = ck.transform %[[WE]] : !ck.view<1x3x3x2xf32> to !ck.view<1x9x2xf32> by #ck.transform_map<[1, 9, 2] -> [1, 3, 3, 2], [<pass_through [0] -> [0]>, <merge [1] -> [2, 1]>, <pass_through [2] -> [3]>]>
// CHECK-NEXT: %[[XE:.+]] = ck.transform %[[DX]] : memref<1x8x1x2xf32> to !ck.view<1x4x1x2xf32> by #ck.transform_map<[1, 4, 1, 2] -> [1, 8, 1, 2], [<pass_through [0] -> [0]>, <embed [1] -> [1] (0, 2)>, <pass_through [2] -> [2]>, <pass_through [3] -> [3]>]>
// CHECK-NEXT: %[[C:.+]] = ck.transform %[[XE]] : !ck.view<1x4x1x2xf32> to !ck.view<1x4x2xf32> by #ck.transform_map<[1, 4, 2] -> [1, 4, 1, 2], [<merge [1] -> [0, 1]>, <pass_through [0] -> [2]>, <pass_through [2] -> [3]>]>
// CHECK-NEXT: ck.gemm %[[A]], %[[B]] -> %[[C]] : !ck.view<1x4x9xf32>, !ck.view<1x9x2xf32> -> !ck.view<1x4x2xf32>
// CHECK-NEXT: %[[F:.+]] = ck.transform %[[DX]] : memref<1x8x1x2xf32> to !ck.view<1x4x1x2xf32> by #ck.transform_map<[1, 4, 1, 2] -> [1, 8, 1, 2], [<pass_through [0] -> [0]>, <embed [1] -> [1] (1, 2)>, <pass_through [2] -> [2]>, <pass_through [3] -> [3]>]>
// CHECK-NEXT: ck.fill %[[F]] : !ck.view<1x4x1x2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @bwd_data_stride2_dilation2_1d(%dx: memref<1x8x1x2xf32>, %w: memref<1x3x3x2xf32>,
                                         %dy: memref<1x4x1x3xf32>) {
  ck.conv_bwd_data input(%dx : memref<1x8x1x2xf32>)
      filter(%w : memref<1x3x3x2xf32>)
      output(%dy : memref<1x4x1x3xf32>)
      layouts(NWGC, GKXC, NWGK) strides [2] dilations [2]
      pad_left [2] pad_right [2]
  return
}

// -----
// Epilogue, fwd: 3x3, stride 1, pad 1, two D tensors, alpha 2, beta 0.5.
// N = 2, Hi = Wi = 5, G = 1, C = 8, K = 4. Ho = Wo = (5 + 2 - 3) / 1 + 1 = 5.
// GEMM M = 2 * 5 * 5 = 50; N = 4; K = 3 * 3 * 8 = 72.
// c and each D (shaped like y, which forward writes) are seen alike as
// [G, (N, Ho, Wo), K] = 1x50x4; alpha and beta move onto ck.gemm.

// CHECK-LABEL: func.func @fwd_epilogue
// CHECK-SAME: (%[[X:[^:]+]]: memref<2x5x5x1x8xf16>, %[[W:[^:]+]]: memref<1x4x3x3x8xf16>, %[[Y:[^:]+]]: memref<2x5x5x1x4xf16>, %[[D0:[^:]+]]: memref<2x5x5x1x4xf16>, %[[D1:[^:]+]]: memref<2x5x5x1x4xf16>)
// CHECK-NEXT: %[[XP:.+]] = ck.transform %[[X]] : memref<2x5x5x1x8xf16> to !ck.view<2x7x7x1x8xf16>
// CHECK-NEXT: %[[XE:.+]] = ck.transform %[[XP]] : !ck.view<2x7x7x1x8xf16> to !ck.view<2x3x5x3x5x1x8xf16>
// CHECK-NEXT: %[[A:.+]] = ck.transform %[[XE]] : !ck.view<2x3x5x3x5x1x8xf16> to !ck.view<1x50x72xf16>
// CHECK-NEXT: %[[B:.+]] = ck.transform %[[W]] : memref<1x4x3x3x8xf16> to !ck.view<1x72x4xf16>
// CHECK-NEXT: %[[C:.+]] = ck.transform %[[Y]] : memref<2x5x5x1x4xf16> to !ck.view<1x50x4xf16> by #ck.transform_map<[1, 50, 4] -> [2, 5, 5, 1, 4], [<merge [1] -> [0, 1, 2]>, <pass_through [0] -> [3]>, <pass_through [2] -> [4]>]>
// CHECK-NEXT: %[[V0:.+]] = ck.transform %[[D0]] : memref<2x5x5x1x4xf16> to !ck.view<1x50x4xf16> by #ck.transform_map<[1, 50, 4] -> [2, 5, 5, 1, 4], [<merge [1] -> [0, 1, 2]>, <pass_through [0] -> [3]>, <pass_through [2] -> [4]>]>
// CHECK-NEXT: %[[V1:.+]] = ck.transform %[[D1]] : memref<2x5x5x1x4xf16> to !ck.view<1x50x4xf16> by #ck.transform_map<[1, 50, 4] -> [2, 5, 5, 1, 4], [<merge [1] -> [0, 1, 2]>, <pass_through [0] -> [3]>, <pass_through [2] -> [4]>]>
// CHECK-NEXT: ck.gemm %[[A]], %[[B]] -> %[[C]] adds(%[[V0]], %[[V1]] : !ck.view<1x50x4xf16>, !ck.view<1x50x4xf16>) alpha 2.000000e+00 beta 5.000000e-01 : !ck.view<1x50x72xf16>, !ck.view<1x72x4xf16> -> !ck.view<1x50x4xf16>
// CHECK-NEXT: return
func.func @fwd_epilogue(%x: memref<2x5x5x1x8xf16>, %w: memref<1x4x3x3x8xf16>,
                        %y: memref<2x5x5x1x4xf16>, %d0: memref<2x5x5x1x4xf16>,
                        %d1: memref<2x5x5x1x4xf16>) {
  ck.conv_fwd input(%x : memref<2x5x5x1x8xf16>)
      filter(%w : memref<1x4x3x3x8xf16>)
      output(%y : memref<2x5x5x1x4xf16>)
      adds(%d0, %d1 : memref<2x5x5x1x4xf16>, memref<2x5x5x1x4xf16>)
      layouts(NHWGC, GKYXC, NHWGK) strides [1, 1] dilations [1, 1]
      pad_left [1, 1] pad_right [1, 1] alpha 2.0 beta 0.5
  return
}

// -----
// Epilogue, bwd_data with a fill: 1-D, X = 1, stride 2, pad 0, one D, alpha
// -1, beta 2, f32. N = 2, Wi = 7, G = 1, C = 4, K = 3.
// Wo = (7 - 1) / 2 + 1 = 4. Slice yt = 0 (1 tap): wi = 0 + 2 * wt, wt in
// [0, 3] (count 4); no pad of dy; a embed (0, -1, 1).
// GEMM M = N * Wt = 2 * 4 = 8; K = K * jX = 3; N = C = 4.
// c and D (shaped like dx, which backward-data writes) are both seen as
// [N, Wt, G, C] (embed (0, 2)) then [G, (N, Wt), C] = 1x8x4.
// Residue wi odd = {1, 3, 5} (first 1, count 3) gets ck.fill with the D
// viewed the same way (embed (1, 2), 2x3x1x4) and beta, but no alpha (the
// fill writes beta * D, the epilogue of an empty sum).

// CHECK-LABEL: func.func @bwd_data_epilogue
// CHECK-SAME: (%[[DX:[^:]+]]: memref<2x7x1x4xf32>, %[[W:[^:]+]]: memref<1x3x1x4xf32>, %[[DY:[^:]+]]: memref<2x4x1x3xf32>, %[[D:[^:]+]]: memref<2x7x1x4xf32>)
// CHECK-NEXT: ck.concurrent {
// CHECK-NEXT: %[[YE:.+]] = ck.transform %[[DY]] : memref<2x4x1x3xf32> to !ck.view<2x1x4x1x3xf32> by #ck.transform_map<[2, 1, 4, 1, 3] -> [2, 4, 1, 3], [<pass_through [0] -> [0]>, <embed [1, 2] -> [1] (0, -1, 1)>, <pass_through [3] -> [2]>, <pass_through [4] -> [3]>]>
// CHECK-NEXT: %[[A:.+]] = ck.transform %[[YE]] : !ck.view<2x1x4x1x3xf32> to !ck.view<1x8x3xf32> by #ck.transform_map<[1, 8, 3] -> [2, 1, 4, 1, 3], [<merge [1] -> [0, 2]>, <merge [2] -> [1, 4]>, <pass_through [0] -> [3]>]>
// CHECK-NEXT: %[[WE:.+]] = ck.transform %[[W]] : memref<1x3x1x4xf32> to !ck.view<1x3x1x4xf32> by #ck.transform_map<[1, 3, 1, 4] -> [1, 3, 1, 4], [<pass_through [0] -> [0]>, <pass_through [1] -> [1]>, <embed [2] -> [2] (0, 2)>, <pass_through [3] -> [3]>]>
// CHECK-NEXT: %[[B:.+]] = ck.transform %[[WE]] : !ck.view<1x3x1x4xf32> to !ck.view<1x3x4xf32> by #ck.transform_map<[1, 3, 4] -> [1, 3, 1, 4], [<pass_through [0] -> [0]>, <merge [1] -> [2, 1]>, <pass_through [2] -> [3]>]>
// CHECK-NEXT: %[[XE:.+]] = ck.transform %[[DX]] : memref<2x7x1x4xf32> to !ck.view<2x4x1x4xf32> by #ck.transform_map<[2, 4, 1, 4] -> [2, 7, 1, 4], [<pass_through [0] -> [0]>, <embed [1] -> [1] (0, 2)>, <pass_through [2] -> [2]>, <pass_through [3] -> [3]>]>
// CHECK-NEXT: %[[C:.+]] = ck.transform %[[XE]] : !ck.view<2x4x1x4xf32> to !ck.view<1x8x4xf32> by #ck.transform_map<[1, 8, 4] -> [2, 4, 1, 4], [<merge [1] -> [0, 1]>, <pass_through [0] -> [2]>, <pass_through [2] -> [3]>]>
// CHECK-NEXT: %[[DE:.+]] = ck.transform %[[D]] : memref<2x7x1x4xf32> to !ck.view<2x4x1x4xf32> by #ck.transform_map<[2, 4, 1, 4] -> [2, 7, 1, 4], [<pass_through [0] -> [0]>, <embed [1] -> [1] (0, 2)>, <pass_through [2] -> [2]>, <pass_through [3] -> [3]>]>
// CHECK-NEXT: %[[DV:.+]] = ck.transform %[[DE]] : !ck.view<2x4x1x4xf32> to !ck.view<1x8x4xf32> by #ck.transform_map<[1, 8, 4] -> [2, 4, 1, 4], [<merge [1] -> [0, 1]>, <pass_through [0] -> [2]>, <pass_through [2] -> [3]>]>
// CHECK-NEXT: ck.gemm %[[A]], %[[B]] -> %[[C]] adds(%[[DV]] : !ck.view<1x8x4xf32>) alpha -1.000000e+00 beta 2.000000e+00 : !ck.view<1x8x3xf32>, !ck.view<1x3x4xf32> -> !ck.view<1x8x4xf32>
// CHECK-NEXT: %[[F:.+]] = ck.transform %[[DX]] : memref<2x7x1x4xf32> to !ck.view<2x3x1x4xf32> by #ck.transform_map<[2, 3, 1, 4] -> [2, 7, 1, 4], [<pass_through [0] -> [0]>, <embed [1] -> [1] (1, 2)>, <pass_through [2] -> [2]>, <pass_through [3] -> [3]>]>
// CHECK-NEXT: %[[FD:.+]] = ck.transform %[[D]] : memref<2x7x1x4xf32> to !ck.view<2x3x1x4xf32> by #ck.transform_map<[2, 3, 1, 4] -> [2, 7, 1, 4], [<pass_through [0] -> [0]>, <embed [1] -> [1] (1, 2)>, <pass_through [2] -> [2]>, <pass_through [3] -> [3]>]>
// CHECK-NEXT: ck.fill %[[F]] adds(%[[FD]] : !ck.view<2x3x1x4xf32>) beta 2.000000e+00 : !ck.view<2x3x1x4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @bwd_data_epilogue(%dx: memref<2x7x1x4xf32>, %w: memref<1x3x1x4xf32>,
                             %dy: memref<2x4x1x3xf32>, %d: memref<2x7x1x4xf32>) {
  ck.conv_bwd_data input(%dx : memref<2x7x1x4xf32>)
      filter(%w : memref<1x3x1x4xf32>)
      output(%dy : memref<2x4x1x3xf32>)
      adds(%d : memref<2x7x1x4xf32>)
      layouts(NWGC, GKXC, NWGK) strides [2] dilations [1]
      pad_left [0] pad_right [0] alpha -1.0 beta 2.0
  return
}

// -----
// bwd_data, 1-D, X = 2, stride 4, pad 0, f32: the unreached positions are a
// block of whole rows and a row cut short. N = 1, Wi = 7, G = 1, C = K = 1.
// Wo = (7 - 2) / 4 + 1 = 2. Taps x = 0, 1 reach residues 0 and 1 of wi
// modulo 4; residues 2 and 3 form one unreached run of width 2: one whole
// row {2, 3} (the next row would end at 7 = Wi) and the row at 6 cut to
// width 1 ({6}; 7 is outside). Filled: 2 + 1 = 3 = 7 - 2 slices * 2 rows.

// CHECK-LABEL: func.func @bwd_data_stride4_tail
// CHECK-SAME: (%[[DX:[^:]+]]: memref<1x7x1x1xf32>
// CHECK-NEXT: ck.concurrent {
// CHECK-COUNT-2: ck.gemm
// CHECK: %[[F1:.+]] = ck.transform %[[DX]] : memref<1x7x1x1xf32> to !ck.view<1x2x1x1xf32> by #ck.transform_map<[1, 2, 1, 1] -> [1, 7, 1, 1], [<pass_through [0] -> [0]>, <embed [1] -> [1] (2, 1)>, <pass_through [2] -> [2]>, <pass_through [3] -> [3]>]>
// CHECK-NEXT: ck.fill %[[F1]] : !ck.view<1x2x1x1xf32>
// CHECK-NEXT: %[[F2:.+]] = ck.transform %[[DX]] : memref<1x7x1x1xf32> to !ck.view<1x1x1x1xf32> by #ck.transform_map<[1, 1, 1, 1] -> [1, 7, 1, 1], [<pass_through [0] -> [0]>, <embed [1] -> [1] (6, 4)>, <pass_through [2] -> [2]>, <pass_through [3] -> [3]>]>
// CHECK-NEXT: ck.fill %[[F2]] : !ck.view<1x1x1x1xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @bwd_data_stride4_tail(%dx: memref<1x7x1x1xf32>, %w: memref<1x1x2x1xf32>,
                                 %dy: memref<1x2x1x1xf32>) {
  ck.conv_bwd_data input(%dx : memref<1x7x1x1xf32>)
      filter(%w : memref<1x1x2x1xf32>)
      output(%dy : memref<1x2x1x1xf32>)
      layouts(NWGC, GKXC, NWGK) strides [4] dilations [1]
      pad_left [0] pad_right [0]
  return
}

// -----
// bwd_data, 1x1 filter, stride 300 on 300 x 300 inputs: one GEMM (the one
// reached residue pair) and two fills, however large the strides (this made
// 89,999 fills, one per unreached residue pair, and did not finish).
// H unreached: residues 1..299 of every row, 299 x 300 positions; then H
// reached (hi = 0) with W unreached: 1 x 299.

// CHECK-LABEL: func.func @bwd_data_stride300
// CHECK-COUNT-1: ck.gemm
// CHECK-NOT: ck.gemm
// CHECK: ck.fill %{{.+}} : !ck.view<1x299x300x1x1xf16>
// CHECK: ck.fill %{{.+}} : !ck.view<1x1x299x1x1xf16>
// CHECK-NOT: ck.fill
func.func @bwd_data_stride300(%dx: memref<1x300x300x1x1xf16>, %w: memref<1x1x1x1x1xf16>,
                              %dy: memref<1x1x1x1x1xf16>) {
  ck.conv_bwd_data input(%dx : memref<1x300x300x1x1xf16>)
      filter(%w : memref<1x1x1x1x1xf16>)
      output(%dy : memref<1x1x1x1x1xf16>)
      layouts(NHWGC, GKYXC, NHWGK) strides [300, 300] dilations [1, 1]
      pad_left [0, 0] pad_right [0, 0]
  return
}
