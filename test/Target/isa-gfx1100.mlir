// RUN: ck-opt %s -split-input-file --pass-pipeline='builtin.module(ck-to-rocdl{chip=gfx1100 format=isa windows=input})' | FileCheck %s

// The ck-to-rocdl pipeline for gfx1100 down to assembly (format=isa): the
// gpu.binary holds the kernels' assembly as one escaped string (tabs \09,
// newlines \0A, quotes \22), so every check below matches inside that one
// line, in order: the code, the kernel descriptor, then the metadata (keys
// sorted by name). The pipeline asks for wave32 (the chip's native size,
// ChipInfo::waveSize), which the target attribute records as no_wave64.
// Instruction: #ck.wmma<16x16x16, f16, gfx11>.
//
// The problem: bwd_weight, f16, N = 2, Hi = Wi = 7, G = 1, C = 16, K = 16,
// 3x3, stride 1, pad 1, channels-last. Ho = Wo = (7 + 1 + 1 - 3) / 1 + 1 = 7.
// GEMM (ck-conv-to-gemm windows=input): M = K = 16, N = Y * X * C = 3 * 3 * 16 = 144,
// K = N * Ho * Wo = 2 * 7 * 7 = 98, G = 1.
// Config (ck-select-gemm-config): 2 * 16 >= 16, so the chip's f16 matrix
// instruction (16x16x16); bM = tileFor(16, 128, 32) = 32,
// bN = tileFor(144, 128, 32) = 96 (two tiles of 128 would do; two of 96
// cover 144 too), bK = 32, wave 16x48, so
// (32 / 16) * (96 / 48) = 4 waves = 128 threads on wave32. tiles = 1 * 2 = 2;
// kTiles = ceil(98 / 32) = 4 and 4 / 8 = 0: no split-K, one kernel, gemm_0.
// LDS (TileCopy.cpp): tiles keep the dimension the WMMA fragments read
// along (K) innermost. A is dy seen as [G, K, (N, Ho, Wo)]; its rows (K) are
// dy's innermost dimension (16 elements), so 16-byte loads of 8 run along
// rows, while its columns end in Wo = 7 (width 1): the copy transposes, and
// A is staged [bM][bK + 8] = [32][40] f16 = 2560 bytes. B is x seen as
// [G, (N, Ho, Wo), (Y, X, C)]; its columns end in C, x's innermost (16):
// loads of 8 along columns, transposed into [bN][bK + 8] = [96][40] f16 =
// 7680 bytes. One buffer: two would fit the LDS, but the register
// estimate, 1 * 3 * 8 (accumulators) + 8 + 24 (fragments) + 16 (prefetch) =
// 72, is more than half of gfx1100's 256 - 144 = 112. The epilogue's
// staging tile, of finished f16 values (no D tensors: 2 wave rows * 16
// rows * (96 + 8) f16 = 6656 bytes), fits in the 10240 operand bytes, which
// set the size: 10240.
// ck.mma per K step: (16 / 16) * (48 / 16) * (32 / 16) = 6, all in the one
// K loop: the kernel has exactly 6 v_wmma_f32_16x16x16_f16.
// No scratch: private_segment_fixed_size 0, no spills.

// CHECK-LABEL: func.func @bwd_weight_f16
// CHECK-SAME: (%[[X:[^:]*]]: memref<2x7x7x1x16xf16>, %[[DW:[^:]*]]: memref<1x16x3x3x16xf16>, %[[DY:[^:]*]]: memref<2x7x7x1x16xf16>)
// CHECK: gpu.launch_func @ck_kernels::@gemm_0 blocks in (%c2{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}) threads in (%c128{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}) args(%[[DY]] : memref<2x7x7x1x16xf16>, %[[X]] : memref<2x7x7x1x16xf16>, %[[DW]] : memref<1x16x3x3x16xf16>)
// CHECK-NEXT: return
// CHECK: gpu.binary @ck_kernels [#gpu.object<#rocdl.target<O = 3, chip = "gfx1100", flags = {no_wave64}>, assembly = "
// CHECK-SAME: .amdgcn_target \22amdgcn-amd-amdhsa--gfx1100\22
// CHECK-SAME: gemm_0:
// CHECK-COUNT-6: \09v_wmma_f32_16x16x16_f16 v[
// CHECK-NOT: v_wmma
// CHECK-SAME: .amdhsa_kernel gemm_0
// CHECK-SAME: .amdhsa_group_segment_fixed_size 10240\0A
// CHECK-SAME: .amdhsa_private_segment_fixed_size 0\0A
// CHECK-SAME: amdhsa.kernels:
// CHECK-SAME: .group_segment_fixed_size: 10240\0A
// CHECK-SAME: .max_flat_workgroup_size: 128\0A
// CHECK-SAME: .name: gemm_0\0A
// CHECK-SAME: .private_segment_fixed_size: 0\0A
// CHECK-SAME: .reqd_workgroup_size:\0A - 128\0A - 1\0A - 1\0A
// CHECK-SAME: .sgpr_spill_count: 0\0A
// CHECK-SAME: .vgpr_spill_count: 0\0A
// CHECK-SAME: .wavefront_size: 32\0A
// CHECK-SAME: amdhsa.target: amdgcn-amd-amdhsa--gfx1100\0A
func.func @bwd_weight_f16(%x: memref<2x7x7x1x16xf16>, %dw: memref<1x16x3x3x16xf16>,
                          %dy: memref<2x7x7x1x16xf16>) {
  ck.conv_bwd_weight input(%x : memref<2x7x7x1x16xf16>)
      filter(%dw : memref<1x16x3x3x16xf16>)
      output(%dy : memref<2x7x7x1x16xf16>)
      layouts(NHWGC, GKYXC, NHWGK) strides [1, 1] dilations [1, 1]
      pad_left [1, 1] pad_right [1, 1]
  return
}

// -----
// f32: gfx1100 has no f32 WMMA, so the fma path (m = n = 16, k = 1). K = 64
// so that M = 64, N = 144, K = 98. Every step of an fma K-tile holds its
// fragments (ck-select-gemm-config.mlir derives the estimate): 64 x 96 x 16
// (wave 32x48) needs 48 + 16 * (2 * 8 + 3 * 1) + prefetch, far above the
// 112 registers gfx1100 allows; halving N, then M, then K gives 32 x 32 x 8,
// wave 16x16 (4 waves, 128 threads): 8 + 8 * 9 + 4 = 84. tiles = 2 * 5 =
// 10 < 96 but kTiles = ceil(98 / 8) = 13 < 16: no split.
// A: rows width 4 (16 bytes of f32); the FMA fragment of A is 8 consecutive
// rows, so no transposition: staged [8][32 + 8] f32 = 1280 bytes; B (one
// element per lane) likewise 1280. The epilogue's staging tile, 2 wave rows
// * 16 rows * (32 + 4) f32 = 4608 bytes, is larger, so LDS = 4608.
// The FMAs are VALU v_fmac_f32 (also dual-issued as v_dual_fmac_f32); no
// v_wmma anywhere.

// CHECK-LABEL: func.func @bwd_weight_f32
// CHECK: gpu.launch_func @ck_kernels::@gemm_0 blocks in (%c10{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}) threads in (%c128{{(_[0-9]+)?}},
// CHECK: gpu.binary @ck_kernels [#gpu.object<#rocdl.target<O = 3, chip = "gfx1100", flags = {no_wave64}>, assembly = "
// CHECK-SAME: gemm_0:
// CHECK-NOT: v_wmma
// CHECK-SAME: \09v_fmac_f32
// CHECK-NOT: v_wmma
// CHECK-SAME: .amdhsa_kernel gemm_0
// CHECK-SAME: amdhsa.kernels:
// CHECK-SAME: .group_segment_fixed_size: 4608\0A
// CHECK-SAME: .max_flat_workgroup_size: 128\0A
// CHECK-SAME: .private_segment_fixed_size: 0\0A
// CHECK-SAME: .vgpr_spill_count: 0\0A
// CHECK-SAME: .wavefront_size: 32\0A
func.func @bwd_weight_f32(%x: memref<2x7x7x1x16xf32>, %dw: memref<1x64x3x3x16xf32>,
                          %dy: memref<2x7x7x1x64xf32>) {
  ck.conv_bwd_weight input(%x : memref<2x7x7x1x16xf32>)
      filter(%dw : memref<1x64x3x3x16xf32>)
      output(%dy : memref<2x7x7x1x64xf32>)
      layouts(NHWGC, GKYXC, NHWGK) strides [1, 1] dilations [1, 1]
      pad_left [1, 1] pad_right [1, 1]
  return
}
