// RUN: ck-opt %s -split-input-file -ck-conv-to-gemm | FileCheck %s --check-prefixes=CHECK,RULE
// RUN: ck-opt %s -split-input-file -ck-conv-to-gemm="merge-groups=2" | FileCheck %s --check-prefixes=CHECK,TWO
// RUN: not ck-opt %s -split-input-file -ck-conv-to-gemm="merge-groups=3" 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: ck-opt %s -split-input-file -ck-set-target=chip=sm_90a -ck-conv-to-gemm | FileCheck %s --check-prefix=TMA

// GEMMs over several groups (ck-conv-to-gemm's merge-groups, Passes.td).
// With Gs groups per GEMM, G = Gb * Gs + g, batched over Gb = G / Gs.
// Backward-weight:
//   M = (g, K) in the output gradient's order of G and K,
//   N = filter spatial dims and (g', C) in the input's order of G and C,
//   K = (N, Ho, Wo) as with one group.
// Forward (the last two cases): M = (N, Ho, Wo), N = (g, K) in the output's
// order, K = (Y, X, g', C) in the input's order. Backward-data: M = (N, Ht,
// Wt), N = (g, C) in the input's order, K = (jY, jX, g', K) in the output
// gradient's order.
// Only g = g' belongs to the convolution: the filter's view (C of
// backward-weight, B of the others) reaches the tensor through the block
// diagonal, five levels (derived in each case):
//   1. unmerge (Gb, Gd, Unit) -> G: G = (Gb * Gs + Gd) * 1 + Unit;
//   2. pad Unit (length 1) by (0, Gs) into Gr: only Gr = 0 is the tensor;
//   3. merge Gp -> (Gd, Gr): Gp = Gd * (Gs + 1) + Gr;
//   4. slice Gp to its first Gs * Gs values: Gq;
//   5. unmerge (g, g') -> Gq: Gq = g * Gs + g'.
// Gq = g * Gs + g' = g * (Gs + 1) + (g' - g), and |g' - g| < Gs + 1, so
// Gr = 0 exactly where g = g', and then Gd = g.
// The rule (no option) takes the most groups, a power of two dividing G,
// with Gs * K <= 32 (Gs * C for backward-data). Any Gs that does not divide
// G is an error (BAD). On a target with TMA (TMA), backward-weight of 2-byte
// channels-last tensors takes the fewest groups whose channels of x and of
// dy are a multiple of 64 (whole boxes), where G has them.

// -----
// Depthwise 3x3, pad 1, stride 1: N = 1, Hi = Wi = 4, G = 4, C = K = 1.
// Ho = Wo = (4 + 1 + 1 - 3) / 1 + 1 = 4; GEMM K = N * Ho * Wo = 16.
// The rule: Gs = 4 (4 * 1 <= 32, and 8 does not divide G), Gb = 1:
//   a = dy [N, Ho, Wo, G, K] = [1, 4, 4, 4, 1]: unmerge (Gb, Gm) -> G gives
//       [1, 4, 4, 1, 4, 1], then [Gb, (Gm, K), (N, Ho, Wo)] = 1x4x16.
//   b = x padded to [1, 6, 6, 4, 1], embedded (hp = y + ho) to
//       [N, Y, Ho, X, Wo, G, C] = [1, 3, 4, 3, 4, 4, 1], G unmerged to
//       [1, 3, 4, 3, 4, 1, 4, 1], then [Gb, (N, Ho, Wo), (Y, X, Gn, C)] =
//       1x16x36.
//   c = dw [G, K, Y, X, C] = [4, 1, 3, 3, 1]: levels 1-5 give
//       [1, 4, 1, 1, 3, 3, 1], [1, 4, 5, 1, 3, 3, 1], [1, 20, 1, 3, 3, 1],
//       [1, 16, 1, 3, 3, 1], [1, 4, 4, 1, 3, 3, 1] (Gb, Gm, Gn, K, Y, X, C),
//       then [Gb, (Gm, K), (Y, X, Gn, C)] = 1x4x36.
// merge-groups=2: Gs = 2, Gb = 2: a = 2x2x16, b = 2x16x18; c's levels
//       [2, 2, 1, 1, 3, 3, 1], [2, 2, 3, 1, 3, 3, 1] (pad (0, 2)),
//       [2, 6, 1, 3, 3, 1], [2, 4, 1, 3, 3, 1] (slice (0, 4)),
//       [2, 2, 2, 1, 3, 3, 1], then 2x2x18.

// CHECK-LABEL: func.func @depthwise_3x3
// CHECK-SAME: (%[[X:[^:]+]]: memref<1x4x4x4x1xf16>, %[[DW:[^:]+]]: memref<4x1x3x3x1xf16>, %[[DY:[^:]+]]: memref<1x4x4x4x1xf16>)
// RULE-NEXT: %[[AG:.+]] = ck.transform %[[DY]] : memref<1x4x4x4x1xf16> to !ck.view<1x4x4x1x4x1xf16> by #ck.transform_map<[1, 4, 4, 1, 4, 1] -> [1, 4, 4, 4, 1], [<pass_through [0] -> [0]>, <pass_through [1] -> [1]>, <pass_through [2] -> [2]>, <unmerge [3, 4] -> [3]>, <pass_through [5] -> [4]>]>
// RULE-NEXT: %[[A:.+]] = ck.transform %[[AG]] : !ck.view<1x4x4x1x4x1xf16> to !ck.view<1x4x16xf16> by #ck.transform_map<[1, 4, 16] -> [1, 4, 4, 1, 4, 1], [<merge [2] -> [0, 1, 2]>, <pass_through [0] -> [3]>, <merge [1] -> [4, 5]>]>
// RULE-NEXT: %[[XP:.+]] = ck.transform %[[X]] : memref<1x4x4x4x1xf16> to !ck.view<1x6x6x4x1xf16> by #ck.transform_map<[1, 6, 6, 4, 1] -> [1, 4, 4, 4, 1], [<pass_through [0] -> [0]>, <pad [1] -> [1] (1, 1)>, <pad [2] -> [2] (1, 1)>, <pass_through [3] -> [3]>, <pass_through [4] -> [4]>]>
// RULE-NEXT: %[[XE:.+]] = ck.transform %[[XP]] : !ck.view<1x6x6x4x1xf16> to !ck.view<1x3x4x3x4x4x1xf16> by #ck.transform_map<[1, 3, 4, 3, 4, 4, 1] -> [1, 6, 6, 4, 1], [<pass_through [0] -> [0]>, <embed [1, 2] -> [1] (0, 1, 1)>, <embed [3, 4] -> [2] (0, 1, 1)>, <pass_through [5] -> [3]>, <pass_through [6] -> [4]>]>
// RULE-NEXT: %[[XG:.+]] = ck.transform %[[XE]] : !ck.view<1x3x4x3x4x4x1xf16> to !ck.view<1x3x4x3x4x1x4x1xf16> by #ck.transform_map<[1, 3, 4, 3, 4, 1, 4, 1] -> [1, 3, 4, 3, 4, 4, 1], [<pass_through [0] -> [0]>, <pass_through [1] -> [1]>, <pass_through [2] -> [2]>, <pass_through [3] -> [3]>, <pass_through [4] -> [4]>, <unmerge [5, 6] -> [5]>, <pass_through [7] -> [6]>]>
// RULE-NEXT: %[[B:.+]] = ck.transform %[[XG]] : !ck.view<1x3x4x3x4x1x4x1xf16> to !ck.view<1x16x36xf16> by #ck.transform_map<[1, 16, 36] -> [1, 3, 4, 3, 4, 1, 4, 1], [<merge [1] -> [0, 2, 4]>, <merge [2] -> [1, 3, 6, 7]>, <pass_through [0] -> [5]>]>
// RULE-NEXT: %[[C1:.+]] = ck.transform %[[DW]] : memref<4x1x3x3x1xf16> to !ck.view<1x4x1x1x3x3x1xf16> by #ck.transform_map<[1, 4, 1, 1, 3, 3, 1] -> [4, 1, 3, 3, 1], [<unmerge [0, 1, 2] -> [0]>, <pass_through [3] -> [1]>, <pass_through [4] -> [2]>, <pass_through [5] -> [3]>, <pass_through [6] -> [4]>]>
// RULE-NEXT: %[[C2:.+]] = ck.transform %[[C1]] : !ck.view<1x4x1x1x3x3x1xf16> to !ck.view<1x4x5x1x3x3x1xf16> by #ck.transform_map<[1, 4, 5, 1, 3, 3, 1] -> [1, 4, 1, 1, 3, 3, 1], [<pass_through [0] -> [0]>, <pass_through [1] -> [1]>, <pad [2] -> [2] (0, 4)>, <pass_through [3] -> [3]>, <pass_through [4] -> [4]>, <pass_through [5] -> [5]>, <pass_through [6] -> [6]>]>
// RULE-NEXT: %[[C3:.+]] = ck.transform %[[C2]] : !ck.view<1x4x5x1x3x3x1xf16> to !ck.view<1x20x1x3x3x1xf16> by #ck.transform_map<[1, 20, 1, 3, 3, 1] -> [1, 4, 5, 1, 3, 3, 1], [<pass_through [0] -> [0]>, <merge [1] -> [1, 2]>, <pass_through [2] -> [3]>, <pass_through [3] -> [4]>, <pass_through [4] -> [5]>, <pass_through [5] -> [6]>]>
// RULE-NEXT: %[[C4:.+]] = ck.transform %[[C3]] : !ck.view<1x20x1x3x3x1xf16> to !ck.view<1x16x1x3x3x1xf16> by #ck.transform_map<[1, 16, 1, 3, 3, 1] -> [1, 20, 1, 3, 3, 1], [<pass_through [0] -> [0]>, <slice [1] -> [1] (0, 16)>, <pass_through [2] -> [2]>, <pass_through [3] -> [3]>, <pass_through [4] -> [4]>, <pass_through [5] -> [5]>]>
// RULE-NEXT: %[[C5:.+]] = ck.transform %[[C4]] : !ck.view<1x16x1x3x3x1xf16> to !ck.view<1x4x4x1x3x3x1xf16> by #ck.transform_map<[1, 4, 4, 1, 3, 3, 1] -> [1, 16, 1, 3, 3, 1], [<pass_through [0] -> [0]>, <unmerge [1, 2] -> [1]>, <pass_through [3] -> [2]>, <pass_through [4] -> [3]>, <pass_through [5] -> [4]>, <pass_through [6] -> [5]>]>
// RULE-NEXT: %[[C:.+]] = ck.transform %[[C5]] : !ck.view<1x4x4x1x3x3x1xf16> to !ck.view<1x4x36xf16> by #ck.transform_map<[1, 4, 36] -> [1, 4, 4, 1, 3, 3, 1], [<pass_through [0] -> [0]>, <merge [1] -> [1, 3]>, <merge [2] -> [4, 5, 2, 6]>]>
// RULE-NEXT: ck.gemm %[[A]], %[[B]] -> %[[C]] : !ck.view<1x4x16xf16>, !ck.view<1x16x36xf16> -> !ck.view<1x4x36xf16>
// TWO: ck.transform %[[DW]] : memref<4x1x3x3x1xf16> to !ck.view<2x2x1x1x3x3x1xf16>
// TWO-NEXT: to !ck.view<2x2x3x1x3x3x1xf16> by #ck.transform_map<{{.*}}<pad [2] -> [2] (0, 2)>
// TWO-NEXT: to !ck.view<2x6x1x3x3x1xf16> by #ck.transform_map<{{.*}}<merge [1] -> [1, 2]>
// TWO-NEXT: to !ck.view<2x4x1x3x3x1xf16> by #ck.transform_map<{{.*}}<slice [1] -> [1] (0, 4)>
// TWO-NEXT: to !ck.view<2x2x2x1x3x3x1xf16> by #ck.transform_map<{{.*}}<unmerge [1, 2] -> [1]>
// TWO-NEXT: to !ck.view<2x2x18xf16>
// TWO-NEXT: ck.gemm {{.*}} : !ck.view<2x2x16xf16>, !ck.view<2x16x18xf16> -> !ck.view<2x2x18xf16>
// CHECK-NEXT: return
// BAD: error: ck-conv-to-gemm: merge-groups=3 does not divide the 4 groups; use 0 (the rule) or a divisor of G
func.func @depthwise_3x3(%x: memref<1x4x4x4x1xf16>, %dw: memref<4x1x3x3x1xf16>,
                         %dy: memref<1x4x4x4x1xf16>) {
  ck.conv_bwd_weight input(%x : memref<1x4x4x4x1xf16>)
      filter(%dw : memref<4x1x3x3x1xf16>)
      output(%dy : memref<1x4x4x4x1xf16>)
      layouts(NHWGC, GKYXC, NHWGK) strides [1, 1] dilations [1, 1]
      pad_left [1, 1] pad_right [1, 1]
  return
}

// -----
// Group last in the activations (NHWCG, GKYXC, NHWKG), 1x1: N = 1,
// Hi = Wi = 2, G = 4, C = 3, K = 2. Ho = Wo = 2, GEMM K = 4; the explicit
// path (no windows).
// The rule: Gs = 4 (4 * 2 = 8 <= 32), Gb = 1. The group index follows the
//   channel it sits beside: M = (K, Gm) in dy's order (K before G),
//   N = (Y, X, C, Gn) in x's order (C before G); the filter keeps
//   (Y, X, C) from GKYXC with Gn after C.
//   a = dy [N, Ho, Wo, K, G] = [1, 2, 2, 2, 4] -> [1, 2, 2, 2, 1, 4]
//       (unmerge [4, 5] -> [4]) -> [Gb, (K, Gm), (N, Ho, Wo)] = 1x8x4
//       (merge [1] -> [3, 5]).
//   b = x [N, Hi, Wi, C, G] = [1, 2, 2, 3, 4] -> [1, 2, 2, 3, 1, 4] ->
//       [Gb, (N, Ho, Wo), (C, Gn)] = 1x4x12 (merge [2] -> [3, 5]).
//   c = dw [4, 2, 1, 1, 3] through the diagonal to
//       [Gb, Gm, Gn, K, Y, X, C] = [1, 4, 4, 2, 1, 1, 3], then
//       [Gb, (K, Gm), (Y, X, C, Gn)] = 1x8x12: merge [1] -> [3, 1] and
//       merge [2] -> [4, 5, 6, 2].
// merge-groups=2: Gs = 2, Gb = 2: 2x4x4, 2x4x6 -> 2x4x6.

// CHECK-LABEL: func.func @group_last
// RULE: to !ck.view<1x8x4xf16> by #ck.transform_map<[1, 8, 4] -> [1, 2, 2, 2, 1, 4], [<merge [2] -> [0, 1, 2]>, <merge [1] -> [3, 5]>, <pass_through [0] -> [4]>]>
// RULE: to !ck.view<1x4x12xf16> by #ck.transform_map<[1, 4, 12] -> [1, 2, 2, 3, 1, 4], [<merge [1] -> [0, 1, 2]>, <merge [2] -> [3, 5]>, <pass_through [0] -> [4]>]>
// RULE: to !ck.view<1x8x12xf16> by #ck.transform_map<[1, 8, 12] -> [1, 4, 4, 2, 1, 1, 3], [<pass_through [0] -> [0]>, <merge [1] -> [3, 1]>, <merge [2] -> [4, 5, 6, 2]>]>
// RULE-NEXT: ck.gemm {{.*}} : !ck.view<1x8x4xf16>, !ck.view<1x4x12xf16> -> !ck.view<1x8x12xf16>
// TWO: ck.gemm {{.*}} : !ck.view<2x4x4xf16>, !ck.view<2x4x6xf16> -> !ck.view<2x4x6xf16>
func.func @group_last(%x: memref<1x2x2x3x4xf16>, %dw: memref<4x2x1x1x3xf16>,
                      %dy: memref<1x2x2x2x4xf16>) {
  ck.conv_bwd_weight input(%x : memref<1x2x2x3x4xf16>)
      filter(%dw : memref<4x2x1x1x3xf16>)
      output(%dy : memref<1x2x2x2x4xf16>)
      layouts(NHWCG, GKYXC, NHWKG) strides [1, 1] dilations [1, 1]
      pad_left [0, 0] pad_right [0, 0]
  return
}

// -----
// The rule stops at 32 rows: G = 4, K = 16, C = 2, 1x1, N = 1, 2x2.
// The rule: Gs = 2 (2 * 16 = 32; 4 * 16 = 64 > 32), Gb = 2: M = 32,
//   N = 2 * 2 = 4, K = 4.
// merge-groups=2: the same.

// CHECK-LABEL: func.func @rule_stops_at_32_rows
// CHECK: ck.gemm {{.*}} : !ck.view<2x32x4xf16>, !ck.view<2x4x4xf16> -> !ck.view<2x32x4xf16>
func.func @rule_stops_at_32_rows(%x: memref<1x2x2x4x2xf16>,
                                 %dw: memref<4x16x1x1x2xf16>,
                                 %dy: memref<1x2x2x4x16xf16>) {
  ck.conv_bwd_weight input(%x : memref<1x2x2x4x2xf16>)
      filter(%dw : memref<4x16x1x1x2xf16>)
      output(%dy : memref<1x2x2x4x16xf16>)
      layouts(NHWGC, GKYXC, NHWGK) strides [1, 1] dilations [1, 1]
      pad_left [0, 0] pad_right [0, 0]
  return
}

// -----
// Forward 3x3, pad 1, stride 1: N = 1, Hi = Wi = 4, G = 4, C = K = 2.
// Ho = Wo = 4. The rule: Gs = 4 (4 * 2 = 8 <= 32, and 8 does not divide G),
// Gb = 1.
//   a = x padded to [1, 6, 6, 4, 2], embedded to [N, Y, Ho, X, Wo, G, C] =
//       [1, 3, 4, 3, 4, 4, 2], G unmerged to (Gb, Gk): [1, 3, 4, 3, 4, 1, 4,
//       2], then [Gb, (N, Ho, Wo), (Y, X, Gk, C)] = 1x16x72.
//   b = w [G, K, Y, X, C] = [4, 2, 3, 3, 2] through the diagonal to
//       [Gb, Gn, Gk, K, Y, X, C] = [1, 4, 4, 2, 3, 3, 2], then
//       [Gb, (Y, X, Gk, C), (Gn, K)] = 1x72x8: merge [1] -> [4, 5, 2, 6]
//       (as a's K) and merge [2] -> [1, 3].
//   c = y [N, Ho, Wo, G, K] = [1, 4, 4, 4, 2] -> [1, 4, 4, 1, 4, 2], then
//       [Gb, (N, Ho, Wo), (Gn, K)] = 1x16x8: merge [2] -> [4, 5].
// merge-groups=2: Gs = 2, Gb = 2: 2x16x36, 2x36x4 -> 2x16x4.

// CHECK-LABEL: func.func @fwd_grouped
// RULE: to !ck.view<1x16x72xf16> by #ck.transform_map<[1, 16, 72] -> [1, 3, 4, 3, 4, 1, 4, 2], [<merge [1] -> [0, 2, 4]>, <merge [2] -> [1, 3, 6, 7]>, <pass_through [0] -> [5]>]>
// RULE: <pad [2] -> [2] (0, 4)>
// RULE: to !ck.view<1x72x8xf16> by #ck.transform_map<[1, 72, 8] -> [1, 4, 4, 2, 3, 3, 2], [<pass_through [0] -> [0]>, <merge [2] -> [1, 3]>, <merge [1] -> [4, 5, 2, 6]>]>
// RULE: to !ck.view<1x16x8xf16> by #ck.transform_map<[1, 16, 8] -> [1, 4, 4, 1, 4, 2], [<merge [1] -> [0, 1, 2]>, <pass_through [0] -> [3]>, <merge [2] -> [4, 5]>]>
// RULE-NEXT: ck.gemm {{.*}} : !ck.view<1x16x72xf16>, !ck.view<1x72x8xf16> -> !ck.view<1x16x8xf16>
// TWO: ck.gemm {{.*}} : !ck.view<2x16x36xf16>, !ck.view<2x36x4xf16> -> !ck.view<2x16x4xf16>
func.func @fwd_grouped(%x: memref<1x4x4x4x2xf16>, %w: memref<4x2x3x3x2xf16>,
                       %y: memref<1x4x4x4x2xf16>) {
  ck.conv_fwd input(%x : memref<1x4x4x4x2xf16>)
      filter(%w : memref<4x2x3x3x2xf16>)
      output(%y : memref<1x4x4x4x2xf16>)
      layouts(NHWGC, GKYXC, NHWGK) strides [1, 1] dilations [1, 1]
      pad_left [1, 1] pad_right [1, 1]
  return
}

// -----
// Backward-data of the same convolution (stride 1: one slice, jY = Y).
// The rule: Gs = 4 (4 * C = 8 <= 32), Gb = 1.
//   a = dy [1, 4, 4, 4, 2] with G unmerged to (Gb, Gk): [1, 4, 4, 1, 4, 2],
//       padded to [1, 6, 6, 1, 4, 2], embedded to [N, jY, Ht, jX, Wt, Gb,
//       Gk, K] = [1, 3, 4, 3, 4, 1, 4, 2], then [Gb, (N, Ht, Wt), (jY, jX,
//       Gk, K)] = 1x16x72.
//   b = w through the diagonal to [Gb, Gk, Gn, K, jY, jX, C] = [1, 4, 4, 2,
//       3, 3, 2], then [Gb, (jY, jX, Gk, K), (Gn, C)] = 1x72x8: merge [1]
//       -> [4, 5, 1, 3] and merge [2] -> [2, 6].
//   c = dx [1, 4, 4, 4, 2] -> [1, 4, 4, 1, 4, 2] -> [Gb, (N, Ht, Wt),
//       (Gn, C)] = 1x16x8.
// merge-groups=2: Gs = 2, Gb = 2: 2x16x36, 2x36x4 -> 2x16x4.

// CHECK-LABEL: func.func @bwd_data_grouped
// RULE: to !ck.view<1x16x72xf16> by #ck.transform_map<[1, 16, 72] -> [1, 3, 4, 3, 4, 1, 4, 2], [<merge [1] -> [0, 2, 4]>, <merge [2] -> [1, 3, 6, 7]>, <pass_through [0] -> [5]>]>
// RULE: <pad [2] -> [2] (0, 4)>
// RULE: to !ck.view<1x72x8xf16> by #ck.transform_map<[1, 72, 8] -> [1, 4, 4, 2, 3, 3, 2], [<pass_through [0] -> [0]>, <merge [1] -> [4, 5, 1, 3]>, <merge [2] -> [2, 6]>]>
// RULE: to !ck.view<1x16x8xf16> by #ck.transform_map<[1, 16, 8] -> [1, 4, 4, 1, 4, 2], [<merge [1] -> [0, 1, 2]>, <pass_through [0] -> [3]>, <merge [2] -> [4, 5]>]>
// RULE-NEXT: ck.gemm {{.*}} : !ck.view<1x16x72xf16>, !ck.view<1x72x8xf16> -> !ck.view<1x16x8xf16>
// TWO: ck.gemm {{.*}} : !ck.view<2x16x36xf16>, !ck.view<2x36x4xf16> -> !ck.view<2x16x4xf16>
func.func @bwd_data_grouped(%dx: memref<1x4x4x4x2xf16>,
                            %w: memref<4x2x3x3x2xf16>,
                            %dy: memref<1x4x4x4x2xf16>) {
  ck.conv_bwd_data input(%dx : memref<1x4x4x4x2xf16>)
      filter(%w : memref<4x2x3x3x2xf16>)
      output(%dy : memref<1x4x4x4x2xf16>)
      layouts(NHWGC, GKYXC, NHWGK) strides [1, 1] dilations [1, 1]
      pad_left [1, 1] pad_right [1, 1]
  return
}

// -----
// Backward-weight with TMA boxes: G = 16, C = K = 8, 1x1, N = 1, 2x2.
// The rule: Gs = 4 (4 * 8 = 32). On sm_90a: Gs = 8 (8 * 8 = 64 channels of
// x and of dy), Gb = 2: M = 64, N = 64, K = 4. The same in f32 keeps the
// rule (TMA copies 2-byte elements only), as does x with G after C.

// CHECK-LABEL: func.func @tma_boxes
// RULE: ck.gemm {{.*}} : !ck.view<4x32x4xf16>, !ck.view<4x4x32xf16> -> !ck.view<4x32x32xf16>
// RULE: ck.gemm {{.*}} : !ck.view<4x32x4xf32>, !ck.view<4x4x32xf32> -> !ck.view<4x32x32xf32>
// TMA-LABEL: func.func @tma_boxes
// TMA: ck.gemm {{.*}} : !ck.view<2x64x4xf16>, !ck.view<2x4x64xf16> -> !ck.view<2x64x64xf16>
// TMA: ck.gemm {{.*}} : !ck.view<4x32x4xf32>, !ck.view<4x4x32xf32> -> !ck.view<4x32x32xf32>
// TMA: ck.gemm {{.*}} : !ck.view<4x32x4xf16>, !ck.view<4x4x32xf16> -> !ck.view<4x32x32xf16>
func.func @tma_boxes(%x: memref<1x2x2x16x8xf16>, %dw: memref<16x8x1x1x8xf16>,
                     %dy: memref<1x2x2x16x8xf16>,
                     %x32: memref<1x2x2x16x8xf32>, %dw32: memref<16x8x1x1x8xf32>,
                     %dy32: memref<1x2x2x16x8xf32>,
                     %xl: memref<1x2x2x8x16xf16>) {
  ck.conv_bwd_weight input(%x : memref<1x2x2x16x8xf16>)
      filter(%dw : memref<16x8x1x1x8xf16>)
      output(%dy : memref<1x2x2x16x8xf16>)
      layouts(NHWGC, GKYXC, NHWGK) strides [1, 1] dilations [1, 1]
      pad_left [0, 0] pad_right [0, 0]
  ck.conv_bwd_weight input(%x32 : memref<1x2x2x16x8xf32>)
      filter(%dw32 : memref<16x8x1x1x8xf32>)
      output(%dy32 : memref<1x2x2x16x8xf32>)
      layouts(NHWGC, GKYXC, NHWGK) strides [1, 1] dilations [1, 1]
      pad_left [0, 0] pad_right [0, 0]
  ck.conv_bwd_weight input(%xl : memref<1x2x2x8x16xf16>)
      filter(%dw : memref<16x8x1x1x8xf16>)
      output(%dy : memref<1x2x2x16x8xf16>)
      layouts(NHWCG, GKYXC, NHWGK) strides [1, 1] dilations [1, 1]
      pad_left [0, 0] pad_right [0, 0]
  return
}
