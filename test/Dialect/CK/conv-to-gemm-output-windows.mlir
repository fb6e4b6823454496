// RUN: ck-opt %s -split-input-file -ck-conv-to-gemm | FileCheck %s --check-prefixes=CHECK,OUT,AUTO-IN
// RUN: ck-opt %s -split-input-file -ck-conv-to-gemm=windows=output -verify-diagnostics | FileCheck %s --check-prefixes=CHECK,OUT,FORCED
// RUN: ck-opt %s -split-input-file -ck-conv-to-gemm=windows=input | FileCheck %s --check-prefixes=CHECK,IN,AUTO-IN
// RUN: not ck-opt %s -split-input-file -ck-conv-to-gemm="windows=output merge-groups=2" 2>&1 | FileCheck %s --check-prefix=MERGED
// RUN: not ck-opt %s -ck-conv-to-gemm=windows=bogus 2>&1 | FileCheck %s --check-prefix=UNKNOWN

// Backward-weight over the output gradient's windows (ck-conv-to-gemm's
// `windows` option):
//
//   dw[G, (Y, X, K), C] = dy[G, (Y, X, K), (N, Hi, Wi)] * x[G, (N, Hi, Wi), C]
//
// dy is padded by (reach - pad_left, reach - pad_right), reach = (Y - 1) * d,
// into Hop and seen at hop = reach - d * y + hi: an embed (reach, -d, 1) of
// (Y, Hi), so that tap y of input row hi reads ho = hi + pad_left - d * y.
// Prefixes: OUT for the output gradient's windows, which both the rule
// (windows=auto, the default: one group of fewer than 64 filters, more than
// one tap, views that fit) and windows=output give; FORCED for what only
// windows=output gives; IN for the input's windows that windows=input
// gives, AUTO-IN for those that the rule gives too.

// UNKNOWN: error: ck-conv-to-gemm: unknown windows 'bogus'; expected auto, input or output
// UNKNOWN-NOT: ck.gemm

// -----
// 3x3, pad 1, stride 1. N = 2, Hi = Wi = 7, G = 1, C = 8, K = 4; Ho = Wo = 7.
// reach = 2: dy padded by (2 - 1, 2 - 1) = (1, 1) to 9 x 9; embed
// (2, -1, 1): hop = 2 - y + hi in [2 - 2 + 0, 2 - 0 + 6] = [0, 8].
// [N, Y, Hi, X, Wi, G, K] = [2, 3, 7, 3, 7, 1, 4]; GEMM M = (Y, X, K) =
// 3 * 3 * 4 = 36, K = (N, Hi, Wi) = 2 * 7 * 7 = 98, N = C = 8.
// x as [G, (N, Hi, Wi), C] = 1x98x8; dw as [G, (Y, X, K), C] = 1x36x8 (K
// is dw's dimension 1, Y and X its 2 and 3).

// CHECK-LABEL: func.func @bwd_weight_3x3
// CHECK-SAME: (%[[X:[^:]+]]: memref<2x7x7x1x8xf16>, %[[DW:[^:]+]]: memref<1x4x3x3x8xf16>, %[[DY:[^:]+]]: memref<2x7x7x1x4xf16>)
// OUT-NEXT: %[[P:.+]] = ck.transform %[[DY]] : memref<2x7x7x1x4xf16> to !ck.view<2x9x9x1x4xf16> by #ck.transform_map<[2, 9, 9, 1, 4] -> [2, 7, 7, 1, 4], [<pass_through [0] -> [0]>, <pad [1] -> [1] (1, 1)>, <pad [2] -> [2] (1, 1)>, <pass_through [3] -> [3]>, <pass_through [4] -> [4]>]>
// OUT-NEXT: %[[E:.+]] = ck.transform %[[P]] : !ck.view<2x9x9x1x4xf16> to !ck.view<2x3x7x3x7x1x4xf16> by #ck.transform_map<[2, 3, 7, 3, 7, 1, 4] -> [2, 9, 9, 1, 4], [<pass_through [0] -> [0]>, <embed [1, 2] -> [1] (2, -1, 1)>, <embed [3, 4] -> [2] (2, -1, 1)>, <pass_through [5] -> [3]>, <pass_through [6] -> [4]>]>
// OUT-NEXT: %[[A:.+]] = ck.transform %[[E]] : !ck.view<2x3x7x3x7x1x4xf16> to !ck.view<1x36x98xf16> by #ck.transform_map<[1, 36, 98] -> [2, 3, 7, 3, 7, 1, 4], [<merge [2] -> [0, 2, 4]>, <merge [1] -> [1, 3, 6]>, <pass_through [0] -> [5]>]>
// OUT-NEXT: %[[B:.+]] = ck.transform %[[X]] : memref<2x7x7x1x8xf16> to !ck.view<1x98x8xf16> by #ck.transform_map<[1, 98, 8] -> [2, 7, 7, 1, 8], [<merge [1] -> [0, 1, 2]>, <pass_through [0] -> [3]>, <pass_through [2] -> [4]>]>
// OUT-NEXT: %[[C:.+]] = ck.transform %[[DW]] : memref<1x4x3x3x8xf16> to !ck.view<1x36x8xf16> by #ck.transform_map<[1, 36, 8] -> [1, 4, 3, 3, 8], [<pass_through [0] -> [0]>, <merge [1] -> [2, 3, 1]>, <pass_through [2] -> [4]>]>
// OUT-NEXT: ck.gemm %[[A]], %[[B]] -> %[[C]] : !ck.view<1x36x98xf16>, !ck.view<1x98x8xf16> -> !ck.view<1x36x8xf16>
// IN: ck.gemm %{{.*}}, %{{.*}} -> %{{.*}} : !ck.view<1x4x98xf16>, !ck.view<1x98x72xf16> -> !ck.view<1x4x72xf16>
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
// Dilation 2 along H with pads (1, 3), a 3 x 1 filter. N = 1, Hi = 8,
// Wi = 5, C = 2, K = 4: Ho = 8 + 1 + 3 - 2 * 2 = 8, Wo = 5.
// H: reach = 4, dy padded by (4 - 1, 4 - 3) = (3, 1) to 12; embed
// (4, -2, 1): hop = 4 - 2y + hi in [0, 4 + 7] = [0, 11].
// W: reach = 0, no pad; embed (0, -1, 1) of X = 1 and Wi.
// GEMM M = 3 * 1 * 4 = 12, K = 1 * 8 * 5 = 40, N = 2.

// CHECK-LABEL: func.func @dilated
// OUT: ck.transform %{{.*}} : memref<1x8x5x1x4xf16> to !ck.view<1x12x5x1x4xf16> by #ck.transform_map<[1, 12, 5, 1, 4] -> [1, 8, 5, 1, 4], [<pass_through [0] -> [0]>, <pad [1] -> [1] (3, 1)>, <pass_through [2] -> [2]>, <pass_through [3] -> [3]>, <pass_through [4] -> [4]>]>
// OUT-NEXT: ck.transform %{{.*}} : !ck.view<1x12x5x1x4xf16> to !ck.view<1x3x8x1x5x1x4xf16> by #ck.transform_map<[1, 3, 8, 1, 5, 1, 4] -> [1, 12, 5, 1, 4], [<pass_through [0] -> [0]>, <embed [1, 2] -> [1] (4, -2, 1)>, <embed [3, 4] -> [2] (0, -1, 1)>, <pass_through [5] -> [3]>, <pass_through [6] -> [4]>]>
// OUT: ck.gemm %{{.*}}, %{{.*}} -> %{{.*}} : !ck.view<1x12x40xf16>, !ck.view<1x40x2xf16> -> !ck.view<1x12x2xf16>
// IN: ck.gemm %{{.*}}, %{{.*}} -> %{{.*}} : !ck.view<1x4x40xf16>, !ck.view<1x40x6xf16> -> !ck.view<1x4x6xf16>
func.func @dilated(%x: memref<1x8x5x1x2xf16>, %dw: memref<1x4x3x1x2xf16>,
                   %dy: memref<1x8x5x1x4xf16>) {
  ck.conv_bwd_weight input(%x : memref<1x8x5x1x2xf16>)
      filter(%dw : memref<1x4x3x1x2xf16>)
      output(%dy : memref<1x8x5x1x4xf16>)
      layouts(NHWGC, GKYXC, NHWGK) strides [1, 1] dilations [2, 1]
      pad_left [1, 0] pad_right [3, 0]
  return
}

// -----
// 64 filters: the rule keeps the input's windows (M = K = 64, N = 3 * 3 * 2
// = 18, K = 16); windows=output gives M = 9 * 64 = 576, N = C = 2.

// CHECK-LABEL: func.func @many_filters
// AUTO-IN: ck.gemm %{{.*}}, %{{.*}} -> %{{.*}} : !ck.view<1x64x16xf16>, !ck.view<1x16x18xf16> -> !ck.view<1x64x18xf16>
// FORCED: ck.gemm %{{.*}}, %{{.*}} -> %{{.*}} : !ck.view<1x576x16xf16>, !ck.view<1x16x2xf16> -> !ck.view<1x576x2xf16>
func.func @many_filters(%x: memref<1x4x4x1x2xf16>, %dw: memref<1x64x3x3x2xf16>,
                        %dy: memref<1x4x4x1x64xf16>) {
  ck.conv_bwd_weight input(%x : memref<1x4x4x1x2xf16>)
      filter(%dw : memref<1x64x3x3x2xf16>)
      output(%dy : memref<1x4x4x1x64xf16>)
      layouts(NHWGC, GKYXC, NHWGK) strides [1, 1] dilations [1, 1]
      pad_left [1, 1] pad_right [1, 1]
  return
}

// -----
// Stride 2: ho = (hi + pad - y) / 2 is not an embed of (Y, Hi). The rule
// keeps the input's windows (M = 4, N = 18, K = 1 * 4 * 4 = 16);
// windows=output is refused.

// AUTO-IN-LABEL: func.func @strided
// AUTO-IN: ck.gemm %{{.*}}, %{{.*}} -> %{{.*}} : !ck.view<1x4x16xf16>, !ck.view<1x16x18xf16> -> !ck.view<1x4x18xf16>
func.func @strided(%x: memref<1x8x8x1x2xf16>, %dw: memref<1x4x3x3x2xf16>,
                   %dy: memref<1x4x4x1x4xf16>) {
  // expected-error @below {{ck-conv-to-gemm: windows=output needs unit strides; the stride along spatial dimension 0 is 2; use windows=input or windows=auto for this convolution}}
  ck.conv_bwd_weight input(%x : memref<1x8x8x1x2xf16>)
      filter(%dw : memref<1x4x3x3x2xf16>)
      output(%dy : memref<1x4x4x1x4xf16>)
      layouts(NHWGC, GKYXC, NHWGK) strides [2, 2] dilations [1, 1]
      pad_left [1, 1] pad_right [1, 1]
  return
}

// -----
// Pads of 3 on a 3x3 filter reach beyond its windows: dy would need pads of
// 2 - 3 < 0. The rule keeps the input's windows; windows=output is refused.

// AUTO-IN-LABEL: func.func @too_padded
// AUTO-IN: ck.gemm %{{.*}}, %{{.*}} -> %{{.*}} : !ck.view<1x4x64xf16>, !ck.view<1x64x18xf16> -> !ck.view<1x4x18xf16>
func.func @too_padded(%x: memref<1x4x4x1x2xf16>, %dw: memref<1x4x3x3x2xf16>,
                      %dy: memref<1x8x8x1x4xf16>) {
  // expected-error @below {{ck-conv-to-gemm: windows=output needs pads of at most (filter size - 1) * dilation = 2 along spatial dimension 0; the pads are (3, 3); use windows=input or windows=auto for this convolution}}
  ck.conv_bwd_weight input(%x : memref<1x4x4x1x2xf16>)
      filter(%dw : memref<1x4x3x3x2xf16>)
      output(%dy : memref<1x8x8x1x4xf16>)
      layouts(NHWGC, GKYXC, NHWGK) strides [1, 1] dilations [1, 1]
      pad_left [3, 3] pad_right [3, 3]
  return
}

// -----
// G = 2 groups of C = 2, K = 4: the rule keeps the input's windows with the
// groups merged (merge-groups=0: both groups, M = 2 * 4 = 8, N = 3 * 3 * 2
// * 2 = 36); windows=output takes one group per GEMM (G = 2 batches of M =
// 36, N = 2). Asked for two groups per GEMM, it is refused (MERGED).

// CHECK-LABEL: func.func @grouped
// AUTO-IN: ck.gemm %{{.*}}, %{{.*}} -> %{{.*}} : !ck.view<1x8x16xf16>, !ck.view<1x16x36xf16> -> !ck.view<1x8x36xf16>
// FORCED: ck.gemm %{{.*}}, %{{.*}} -> %{{.*}} : !ck.view<2x36x16xf16>, !ck.view<2x16x2xf16> -> !ck.view<2x36x2xf16>
// MERGED: error: ck-conv-to-gemm: windows=output needs one group per GEMM; merge-groups is 2; use windows=input or windows=auto for this convolution
func.func @grouped(%x: memref<1x4x4x2x2xf16>, %dw: memref<2x4x3x3x2xf16>,
                   %dy: memref<1x4x4x2x4xf16>) {
  ck.conv_bwd_weight input(%x : memref<1x4x4x2x2xf16>)
      filter(%dw : memref<2x4x3x3x2xf16>)
      output(%dy : memref<1x4x4x2x4xf16>)
      layouts(NHWGC, GKYXC, NHWGK) strides [1, 1] dilations [1, 1]
      pad_left [1, 1] pad_right [1, 1]
  return
}

// -----
// 1x1, stride 1, pad 0: both windows are the same GEMM (M = K = 4, N = C =
// 2, K = 16), which every setting takes by the explicit path.

// CHECK-LABEL: func.func @pointwise
// CHECK: ck.gemm %{{.*}}, %{{.*}} -> %{{.*}} : !ck.view<1x4x16xf16>, !ck.view<1x16x2xf16> -> !ck.view<1x4x2xf16>
func.func @pointwise(%x: memref<1x4x4x1x2xf16>, %dw: memref<1x4x1x1x2xf16>,
                     %dy: memref<1x4x4x1x4xf16>) {
  ck.conv_bwd_weight input(%x : memref<1x4x4x1x2xf16>)
      filter(%dw : memref<1x4x1x1x2xf16>)
      output(%dy : memref<1x4x4x1x4xf16>)
      layouts(NHWGC, GKYXC, NHWGK) strides [1, 1] dilations [1, 1]
      pad_left [0, 0] pad_right [0, 0]
  return
}
