// RUN: ck-opt %s -split-input-file -ck-conv-to-gemm | FileCheck %s --check-prefixes=CHECK,PW,AUTO
// RUN: ck-opt %s -split-input-file -ck-conv-to-gemm='path=explicit' -verify-diagnostics | FileCheck %s --check-prefixes=CHECK,PW,EXPL
// RUN: ck-opt %s -split-input-file -ck-conv-to-gemm='path=implicit' | FileCheck %s --check-prefixes=CHECK,IMPL
// RUN: not ck-opt %s -ck-conv-to-gemm='path=bogus' 2>&1 | FileCheck %s --check-prefix=UNKNOWN

// The `path` option of ck-conv-to-gemm. Prefixes: PW for what the default
// (AUTO) and path=explicit (EXPL) both give on pointwise convolutions (1x1,
// stride 1, pad 0), IMPL for path=implicit. The pass rejects an unknown path
// before it looks at any op (the last RUN line reads the whole file as one
// module; the error is on the module, which has no line to annotate for
// -verify-diagnostics).

// UNKNOWN: error: ck-conv-to-gemm: unknown path 'bogus'; expected auto, implicit or explicit
// UNKNOWN-NOT: ck.gemm

// -----
// fwd, 1x1, stride 1, pad 0. N = 2, Hi = Wi = 4, G = 1, C = 8, K = 6.
// Ho = Wo = (4 - 1) / 1 + 1 = 4.
// GEMM M = N * Ho * Wo = 2 * 4 * 4 = 32; N = K = 6; K = Y * X * C = 1 * 1 * 8 = 8.
// Explicit (default and path=explicit): x read as [N, Ho, Wo, G, C] and
// merged into [G, (N, Ho, Wo), (C)] at once: no pad, no embed.
// Implicit: the pads are (0, 0), so no pad op, but an embed of
// hp = 1 * y + 1 * ho: (0, 1, 1) into [N, Y, Ho, X, Wo, G, C] =
// [2, 1, 4, 1, 4, 1, 8], then [G, (N, Ho, Wo), (Y, X, C)] = 1x32x8.
// b = w as [G, (Y, X, C), K] = 1x8x6 and c = y as [G, (N, Ho, Wo), K] =
// 1x32x6 either way.

// CHECK-LABEL: func.func @fwd_1x1
// CHECK-SAME: (%[[X:[^:]+]]: memref<2x4x4x1x8xf16>, %[[W:[^:]+]]: memref<1x6x1x1x8xf16>, %[[Y:[^:]+]]: memref<2x4x4x1x6xf16>)
// PW-NEXT: %[[A:.+]] = ck.transform %[[X]] : memref<2x4x4x1x8xf16> to !ck.view<1x32x8xf16> by #ck.transform_map<[1, 32, 8] -> [2, 4, 4, 1, 8], [<merge [1] -> [0, 1, 2]>, <pass_through [0] -> [3]>, <merge [2] -> [4]>]>
// IMPL-NEXT: %[[XE:.+]] = ck.transform %[[X]] : memref<2x4x4x1x8xf16> to !ck.view<2x1x4x1x4x1x8xf16> by #ck.transform_map<[2, 1, 4, 1, 4, 1, 8] -> [2, 4, 4, 1, 8], [<pass_through [0] -> [0]>, <embed [1, 2] -> [1] (0, 1, 1)>, <embed [3, 4] -> [2] (0, 1, 1)>, <pass_through [5] -> [3]>, <pass_through [6] -> [4]>]>
// IMPL-NEXT: %[[A:.+]] = ck.transform %[[XE]] : !ck.view<2x1x4x1x4x1x8xf16> to !ck.view<1x32x8xf16> by #ck.transform_map<[1, 32, 8] -> [2, 1, 4, 1, 4, 1, 8], [<merge [1] -> [0, 2, 4]>, <merge [2] -> [1, 3, 6]>, <pass_through [0] -> [5]>]>
// CHECK-NEXT: %[[B:.+]] = ck.transform %[[W]] : memref<1x6x1x1x8xf16> to !ck.view<1x8x6xf16> by #ck.transform_map<[1, 8, 6] -> [1, 6, 1, 1, 8], [<pass_through [0] -> [0]>, <pass_through [2] -> [1]>, <merge [1] -> [2, 3, 4]>]>
// CHECK-NEXT: %[[C:.+]] = ck.transform %[[Y]] : memref<2x4x4x1x6xf16> to !ck.view<1x32x6xf16> by #ck.transform_map<[1, 32, 6] -> [2, 4, 4, 1, 6], [<merge [1] -> [0, 1, 2]>, <pass_through [0] -> [3]>, <pass_through [2] -> [4]>]>
// CHECK-NEXT: ck.gemm %[[A]], %[[B]] -> %[[C]] : !ck.view<1x32x8xf16>, !ck.view<1x8x6xf16> -> !ck.view<1x32x6xf16>
// CHECK-NEXT: return
func.func @fwd_1x1(%x: memref<2x4x4x1x8xf16>, %w: memref<1x6x1x1x8xf16>,
                   %y: memref<2x4x4x1x6xf16>) {
  ck.conv_fwd input(%x : memref<2x4x4x1x8xf16>)
      filter(%w : memref<1x6x1x1x8xf16>)
      output(%y : memref<2x4x4x1x6xf16>)
      layouts(NHWGC, GKYXC, NHWGK) strides [1, 1] dilations [1, 1]
      pad_left [0, 0] pad_right [0, 0]
  return
}

// -----
// bwd_data, 1x1, stride 1, pad 0. N = 2, Hi = Wi = 4, G = 1, C = 8, K = 6.
// Ho = Wo = 4. One slice (stride 1), one tap: ht = ho = hi.
// GEMM M = N * Ht * Wt = 2 * 4 * 4 = 32; K = K * jY * jX = 6 * 1 * 1 = 6; N = C = 8.
// Explicit: dy read as [N, Ht, Wt, G, K] and merged at once into
// [G, (N, Ht, Wt), (K)]; w as [G, (jY, jX, K), C]; dx as [G, (N, Ht, Wt), C].
// Implicit: ho in [0, 3] needs no pad; embed ho = 0 - 1 * j + 1 * t:
// (0, -1, 1); w embed y = 0 + 1 * j: (0, 1); dx embed hi = 0 + 1 * t: (0, 1).
// No fill either way: stride 1 has one residue, written by the GEMM.

// CHECK-LABEL: func.func @bwd_data_1x1
// CHECK-SAME: (%[[DX:[^:]+]]: memref<2x4x4x1x8xf16>, %[[W:[^:]+]]: memref<1x6x1x1x8xf16>, %[[DY:[^:]+]]: memref<2x4x4x1x6xf16>)
// PW-NEXT: %[[A:.+]] = ck.transform %[[DY]] : memref<2x4x4x1x6xf16> to !ck.view<1x32x6xf16> by #ck.transform_map<[1, 32, 6] -> [2, 4, 4, 1, 6], [<merge [1] -> [0, 1, 2]>, <pass_through [0] -> [3]>, <merge [2] -> [4]>]>
// PW-NEXT: %[[B:.+]] = ck.transform %[[W]] : memref<1x6x1x1x8xf16> to !ck.view<1x6x8xf16> by #ck.transform_map<[1, 6, 8] -> [1, 6, 1, 1, 8], [<pass_through [0] -> [0]>, <merge [1] -> [2, 3, 1]>, <pass_through [2] -> [4]>]>
// PW-NEXT: %[[C:.+]] = ck.transform %[[DX]] : memref<2x4x4x1x8xf16> to !ck.view<1x32x8xf16> by #ck.transform_map<[1, 32, 8] -> [2, 4, 4, 1, 8], [<merge [1] -> [0, 1, 2]>, <pass_through [0] -> [3]>, <pass_through [2] -> [4]>]>
// IMPL-NEXT: %[[YE:.+]] = ck.transform %[[DY]] : memref<2x4x4x1x6xf16> to !ck.view<2x1x4x1x4x1x6xf16> by #ck.transform_map<[2, 1, 4, 1, 4, 1, 6] -> [2, 4, 4, 1, 6], [<pass_through [0] -> [0]>, <embed [1, 2] -> [1] (0, -1, 1)>, <embed [3, 4] -> [2] (0, -1, 1)>, <pass_through [5] -> [3]>, <pass_through [6] -> [4]>]>
// IMPL-NEXT: %[[A:.+]] = ck.transform %[[YE]] : !ck.view<2x1x4x1x4x1x6xf16> to !ck.view<1x32x6xf16> by #ck.transform_map<[1, 32, 6] -> [2, 1, 4, 1, 4, 1, 6], [<merge [1] -> [0, 2, 4]>, <merge [2] -> [1, 3, 6]>, <pass_through [0] -> [5]>]>
// IMPL-NEXT: %[[WE:.+]] = ck.transform %[[W]] : memref<1x6x1x1x8xf16> to !ck.view<1x6x1x1x8xf16> by #ck.transform_map<[1, 6, 1, 1, 8] -> [1, 6, 1, 1, 8], [<pass_through [0] -> [0]>, <pass_through [1] -> [1]>, <embed [2] -> [2] (0, 1)>, <embed [3] -> [3] (0, 1)>, <pass_through [4] -> [4]>]>
// IMPL-NEXT: %[[B:.+]] = ck.transform %[[WE]] : !ck.view<1x6x1x1x8xf16> to !ck.view<1x6x8xf16> by #ck.transform_map<[1, 6, 8] -> [1, 6, 1, 1, 8], [<pass_through [0] -> [0]>, <merge [1] -> [2, 3, 1]>, <pass_through [2] -> [4]>]>
// IMPL-NEXT: %[[XE:.+]] = ck.transform %[[DX]] : memref<2x4x4x1x8xf16> to !ck.view<2x4x4x1x8xf16> by #ck.transform_map<[2, 4, 4, 1, 8] -> [2, 4, 4, 1, 8], [<pass_through [0] -> [0]>, <embed [1] -> [1] (0, 1)>, <embed [2] -> [2] (0, 1)>, <pass_through [3] -> [3]>, <pass_through [4] -> [4]>]>
// IMPL-NEXT: %[[C:.+]] = ck.transform %[[XE]] : !ck.view<2x4x4x1x8xf16> to !ck.view<1x32x8xf16> by #ck.transform_map<[1, 32, 8] -> [2, 4, 4, 1, 8], [<merge [1] -> [0, 1, 2]>, <pass_through [0] -> [3]>, <pass_through [2] -> [4]>]>
// CHECK-NEXT: ck.gemm %[[A]], %[[B]] -> %[[C]] : !ck.view<1x32x6xf16>, !ck.view<1x6x8xf16> -> !ck.view<1x32x8xf16>
// CHECK-NEXT: return
func.func @bwd_data_1x1(%dx: memref<2x4x4x1x8xf16>, %w: memref<1x6x1x1x8xf16>,
                        %dy: memref<2x4x4x1x6xf16>) {
  ck.conv_bwd_data input(%dx : memref<2x4x4x1x8xf16>)
      filter(%w : memref<1x6x1x1x8xf16>)
      output(%dy : memref<2x4x4x1x6xf16>)
      layouts(NHWGC, GKYXC, NHWGK) strides [1, 1] dilations [1, 1]
      pad_left [0, 0] pad_right [0, 0]
  return
}

// -----
// fwd, 3x3, stride 1, pad 1: not pointwise. path=explicit rejects it; the
// default and path=implicit take the implicit path.
// N = 1, Hi = Wi = 6, G = 1, C = 4, K = 2. Ho = Wo = (6 + 2 - 3) / 1 + 1 = 6.
// GEMM M = 1 * 6 * 6 = 36; N = K = 2; K = 3 * 3 * 4 = 36. Hp = Wp = 8.

// AUTO-LABEL: func.func @fwd_3x3
// IMPL-LABEL: func.func @fwd_3x3
// EXPL-NOT: func.func @fwd_3x3
// AUTO: ck.transform %{{.+}} : memref<1x6x6x1x4xf16> to !ck.view<1x8x8x1x4xf16> by #ck.transform_map<[1, 8, 8, 1, 4] -> [1, 6, 6, 1, 4], [<pass_through [0] -> [0]>, <pad [1] -> [1] (1, 1)>, <pad [2] -> [2] (1, 1)>, <pass_through [3] -> [3]>, <pass_through [4] -> [4]>]>
// IMPL: ck.transform %{{.+}} : memref<1x6x6x1x4xf16> to !ck.view<1x8x8x1x4xf16> by #ck.transform_map<[1, 8, 8, 1, 4] -> [1, 6, 6, 1, 4], [<pass_through [0] -> [0]>, <pad [1] -> [1] (1, 1)>, <pad [2] -> [2] (1, 1)>, <pass_through [3] -> [3]>, <pass_through [4] -> [4]>]>
// AUTO: ck.gemm {{.+}} : !ck.view<1x36x36xf16>, !ck.view<1x36x2xf16> -> !ck.view<1x36x2xf16>
// IMPL: ck.gemm {{.+}} : !ck.view<1x36x36xf16>, !ck.view<1x36x2xf16> -> !ck.view<1x36x2xf16>
func.func @fwd_3x3(%x: memref<1x6x6x1x4xf16>, %w: memref<1x2x3x3x4xf16>,
                   %y: memref<1x6x6x1x2xf16>) {
  // expected-error @+1 {{the explicit GEMM path needs a 1x1 filter, unit strides and zero pads; use path=auto or path=implicit for this convolution}}
  ck.conv_fwd input(%x : memref<1x6x6x1x4xf16>)
      filter(%w : memref<1x2x3x3x4xf16>)
      output(%y : memref<1x6x6x1x2xf16>)
      layouts(NHWGC, GKYXC, NHWGK) strides [1, 1] dilations [1, 1]
      pad_left [1, 1] pad_right [1, 1]
  return
}

// -----
// bwd_weight, 1x1 but stride 2: not pointwise either (path=explicit needs
// unit strides too). Hi = Wi = 5, Ho = Wo = (5 - 1) / 2 + 1 = 3.

// AUTO-LABEL: func.func @bwd_weight_1x1_stride2
// IMPL-LABEL: func.func @bwd_weight_1x1_stride2
// EXPL-NOT: func.func @bwd_weight_1x1_stride2
// AUTO: ck.gemm {{.+}} : !ck.view<1x2x9xf32>, !ck.view<1x9x4xf32> -> !ck.view<1x2x4xf32>
// IMPL: ck.gemm {{.+}} : !ck.view<1x2x9xf32>, !ck.view<1x9x4xf32> -> !ck.view<1x2x4xf32>
func.func @bwd_weight_1x1_stride2(%x: memref<1x5x5x1x4xf32>, %dw: memref<1x2x1x1x4xf32>,
                                  %dy: memref<1x3x3x1x2xf32>) {
  // expected-error @+1 {{the explicit GEMM path needs a 1x1 filter, unit strides and zero pads}}
  ck.conv_bwd_weight input(%x : memref<1x5x5x1x4xf32>)
      filter(%dw : memref<1x2x1x1x4xf32>)
      output(%dy : memref<1x3x3x1x2xf32>)
      layouts(NHWGC, GKYXC, NHWGK) strides [2, 2] dilations [1, 1]
      pad_left [0, 0] pad_right [0, 0]
  return
}
