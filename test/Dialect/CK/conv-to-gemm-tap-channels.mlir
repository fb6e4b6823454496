// RUN: ck-opt %s --pass-pipeline='builtin.module(ck-set-target{chip=sm_90a},ck-conv-to-gemm)' | FileCheck %s --check-prefixes=CHECK,TMA
// RUN: ck-opt %s --pass-pipeline='builtin.module(ck-set-target{chip=gfx942},ck-conv-to-gemm)' | FileCheck %s --check-prefixes=CHECK,NOTMA
// RUN: ck-opt %s -ck-conv-to-gemm | FileCheck %s --check-prefixes=CHECK,NOTMA

// Backward-data's K padded per tap (ConvToGemm.md, "Many filters"): where
// the module's #ck.target copies with TMA (sm_90a) and a tap holds more
// than 64 filters, not a multiple of 64, the implicit views pad K on the
// right to the next multiple, in dy and in the filter alike, so that no K
// tile of up to 64 spans two taps. Without TMA (gfx942, or no target) the
// views are as they were.
//
// 3x3, pad 1, stride 1: N = 1, Hi = Wi = 4, G = 1, C = 2, K = 66; one
// slice, jY = Y, Ht = Hi, Ho = 4. K pads by (0, 128 - 66 = 62):
//   a = dy [1, 4, 4, 1, 66] padded by (1, 1) on Ho and Wo and (0, 62) on K
//       in one map: [1, 6, 6, 1, 128]; embedded (flipped taps, offset 2)
//       to [N, jY, Ht, jX, Wt, G, K] = [1, 3, 4, 3, 4, 1, 128]; then
//       [G, (N, Ht, Wt), (jY, jX, K)] = 1x16x1152 (3 * 3 * 128).
//   b = w [1, 66, 3, 3, 2] padded by (0, 62) on K beside the taps' embeds:
//       [1, 128, 3, 3, 2], then [G, (jY, jX, K), C] = 1x1152x2.
//   Without the pad, GEMM K = 3 * 3 * 66 = 594.

// CHECK-LABEL: func.func @bwd_data_66
// TMA:      ck.transform %{{.*}} : memref<1x4x4x1x66xf16> to !ck.view<1x6x6x1x128xf16> by #ck.transform_map<[1, 6, 6, 1, 128] -> [1, 4, 4, 1, 66], [<pass_through [0] -> [0]>, <pad [1] -> [1] (1, 1)>, <pad [2] -> [2] (1, 1)>, <pass_through [3] -> [3]>, <pad [4] -> [4] (0, 62)>]>
// TMA:      to !ck.view<1x16x1152xf16> by #ck.transform_map<[1, 16, 1152] -> [1, 3, 4, 3, 4, 1, 128], [<merge [1] -> [0, 2, 4]>, <merge [2] -> [1, 3, 6]>, <pass_through [0] -> [5]>]>
// TMA-NEXT: ck.transform %{{.*}} : memref<1x66x3x3x2xf16> to !ck.view<1x128x3x3x2xf16> by #ck.transform_map<[1, 128, 3, 3, 2] -> [1, 66, 3, 3, 2], [<pass_through [0] -> [0]>, <pad [1] -> [1] (0, 62)>, <embed [2] -> [2] (0, 1)>, <embed [3] -> [3] (0, 1)>, <pass_through [4] -> [4]>]>
// TMA-NEXT: to !ck.view<1x1152x2xf16> by #ck.transform_map<[1, 1152, 2] -> [1, 128, 3, 3, 2], [<pass_through [0] -> [0]>, <merge [1] -> [2, 3, 1]>, <pass_through [2] -> [4]>]>
// TMA:      ck.gemm {{.*}} : !ck.view<1x16x1152xf16>, !ck.view<1x1152x2xf16> -> !ck.view<1x16x2xf16>
// NOTMA-NOT: (0, 62)
// NOTMA:    ck.gemm {{.*}} : !ck.view<1x16x594xf16>, !ck.view<1x594x2xf16> -> !ck.view<1x16x2xf16>
func.func @bwd_data_66(%dx: memref<1x4x4x1x2xf16>, %w: memref<1x66x3x3x2xf16>,
                       %dy: memref<1x4x4x1x66xf16>) {
  ck.conv_bwd_data input(%dx : memref<1x4x4x1x2xf16>)
      filter(%w : memref<1x66x3x3x2xf16>)
      output(%dy : memref<1x4x4x1x66xf16>)
      layouts(NHWGC, GKYXC, NHWGK) strides [1, 1] dilations [1, 1]
      pad_left [1, 1] pad_right [1, 1]
  return
}
