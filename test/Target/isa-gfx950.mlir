// RUN: ck-opt %s --pass-pipeline='builtin.module(ck-to-rocdl{chip=gfx950 format=isa windows=input})' | FileCheck %s

// The ck-to-rocdl pipeline for gfx950 down to assembly (format=isa): the
// gpu.binary holds the kernels' assembly as one escaped string (tabs \09,
// newlines \0A, quotes \22), so every check below matches inside that one
// line, in order: the code, the kernel descriptor, then the metadata (keys
// sorted by name). Instruction: #ck.mfma<16x16x32, f16>, gfx950's, which
// the chip lists before 16x16x16 (160 KiB of LDS, but the tile is the same).
//
// The problem: bwd_weight, f16, N = 2, Hi = Wi = 7, G = 1, C = 16, K = 16,
// 3x3, stride 1, pad 1, channels-last. Ho = Wo = (7 + 1 + 1 - 3) / 1 + 1 = 7.
// GEMM (ck-conv-to-gemm windows=input): M = K = 16, N = Y * X * C = 3 * 3 * 16 = 144,
// K = N * Ho * Wo = 2 * 7 * 7 = 98, G = 1.
// Config (ck-select-gemm-config): 2 * 16 >= 16, so the chip's first f16
// matrix instruction (16x16x32); bM = tileFor(16, 128, 32) = 32,
// bN = tileFor(144, 128, 32) = 96 (two tiles of 128 would do; two of 96
// cover 144 too), bK = 32, wave 16x48, so
// (32 / 16) * (96 / 48) = 4 waves = 256 threads on wave64. tiles = 1 * 2 = 2;
// kTiles = ceil(98 / 32) = 4 and 4 / 8 = 0: no split-K, one kernel, gemm_0.
// LDS (TileCopy.cpp): tiles keep the dimension the MMA fragments read along
// (K) innermost. A is dy seen as [G, K, (N, Ho, Wo)]; its rows (K) are dy's
// innermost dimension (16 elements), so 16-byte loads of 8 run along rows,
// while its columns end in Wo = 7 (width 1): the copy transposes, and A is
// staged [bM][bK + 8] = [32][40] f16 = 2560 bytes. B is x seen as
// [G, (N, Ho, Wo), (Y, X, C)]; its columns end in C, x's innermost (16):
// loads of 8 along columns, transposed into [bN][bK + 8] = [96][40] f16 =
// 7680 bytes. Double-buffered (lds_buffers = 2: the estimate
// 2 * (40 * 40 + 40 * 104) * 2 = 23040 bytes fits twice in the CU's 64 KiB):
// 2 * (2560 + 7680) = 20480 bytes, more than the epilogue's staging tile
// (2 wave rows * 16 rows * (96 + 4) f32 = 12800 bytes) that shares it.
// ck.mma per K-tile: (16 / 16) * (48 / 16) * (32 / 32) = 3, each lane's
// fragments 8 consecutive k, one 16-byte read (half the instructions of
// 16x16x16's 6). The K loop's trip count is the constant 4, and LLVM unrolls
// it fully: the kernel has exactly 4 * 3 = 12 v_mfma_f32_16x16x32_f16.
// No scratch: private_segment_fixed_size 0, no spills.

// CHECK-LABEL: func.func @bwd_weight_f16
// CHECK-SAME: (%[[X:[^:]*]]: memref<2x7x7x1x16xf16>, %[[DW:[^:]*]]: memref<1x16x3x3x16xf16>, %[[DY:[^:]*]]: memref<2x7x7x1x16xf16>)
// CHECK: gpu.launch_func @ck_kernels::@gemm_0 blocks in (%c2{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}) threads in (%c256{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}) args(%[[DY]] : memref<2x7x7x1x16xf16>, %[[X]] : memref<2x7x7x1x16xf16>, %[[DW]] : memref<1x16x3x3x16xf16>)
// CHECK-NEXT: return
// CHECK: gpu.binary @ck_kernels [#gpu.object<#rocdl.target<O = 3, chip = "gfx950">, assembly = "
// CHECK-SAME: .amdgcn_target \22amdgcn-amd-amdhsa--gfx950\22
// CHECK-SAME: gemm_0:
// CHECK-COUNT-12: \09v_mfma_f32_16x16x32_f16 v[
// CHECK-NOT: v_mfma
// CHECK-SAME: .amdhsa_kernel gemm_0
// CHECK-SAME: .amdhsa_group_segment_fixed_size 20480\0A
// CHECK-SAME: .amdhsa_private_segment_fixed_size 0\0A
// CHECK-SAME: amdhsa.kernels:
// CHECK-SAME: .group_segment_fixed_size: 20480\0A
// CHECK-SAME: .max_flat_workgroup_size: 256\0A
// CHECK-SAME: .name: gemm_0\0A
// CHECK-SAME: .private_segment_fixed_size: 0\0A
// CHECK-SAME: .reqd_workgroup_size:\0A - 256\0A - 1\0A - 1\0A
// CHECK-SAME: .sgpr_spill_count: 0\0A
// CHECK-SAME: .vgpr_spill_count: 0\0A
// CHECK-SAME: .wavefront_size: 64\0A
// CHECK-SAME: amdhsa.target: amdgcn-amd-amdhsa--gfx950\0A
func.func @bwd_weight_f16(%x: memref<2x7x7x1x16xf16>, %dw: memref<1x16x3x3x16xf16>,
                          %dy: memref<2x7x7x1x16xf16>) {
  ck.conv_bwd_weight input(%x : memref<2x7x7x1x16xf16>)
      filter(%dw : memref<1x16x3x3x16xf16>)
      output(%dy : memref<2x7x7x1x16xf16>)
      layouts(NHWGC, GKYXC, NHWGK) strides [1, 1] dilations [1, 1]
      pad_left [1, 1] pad_right [1, 1]
  return
}
