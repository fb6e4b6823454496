// RUN: ck-opt %s --pass-pipeline='builtin.module(ck-to-rocdl{chip=gfx950 format=isa})' | FileCheck %s
// RUN: ck-opt %s --pass-pipeline='builtin.module(ck-to-rocdl{chip=gfx950 format=isa})' | FileCheck %s --check-prefix=MFMA
// RUN: ck-opt %s --pass-pipeline='builtin.module(ck-to-rocdl{chip=gfx950 format=isa})' --mlir-print-ir-after=ck-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=PIPE950
// RUN: ck-opt %s --pass-pipeline='builtin.module(ck-to-rocdl{chip=gfx942 format=isa})' --mlir-print-ir-after=ck-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=PIPE942

// gfx950 reads backward-weight's MN-major tiles with LDS transpose reads
// (ds_read_b64_tr_b16): the copies keep the loads' direction, and the
// tiles' rows are padded by 32 bytes. The assembly is one escaped line
// (isa-gfx950.mlir says how).
//
// The problem: bwd_weight, f16, N = 2, Hi = Wi = 8, C = K = 64, 1x1,
// channels-last. GEMM: M = K = 64, N = C = 64, K = N * Ho * Wo = 2 * 8 * 8
// = 128. Config: block [64, 64, 32], wave [32, 32], #ck.mfma<16x16x32, f16>:
// 4 waves of 2 x 2 instruction tiles, 4 K-tiles. A is dy seen as [K][(N,
// Ho, Wo)], contiguous along its rows (K), B is x seen as [(N, Ho, Wo)][C],
// contiguous along its columns: both MN-major, so each tile is [32 K rows]
// [64 + 16] f16, 32 * 80 * 2 = 5120 bytes, twice (lds_buffers = 2): A at
// 0, B at 10240, 20480 bytes in all.
// Per K-tile each wave reads 2 A and 2 B fragments of 8 f16 per lane, two
// transpose reads each: 8 reads for 4 MFMAs; LLVM unrolls the 4 K-tiles,
// so the kernel has 32 ds_read_b64_tr_b16 and 16 v_mfma_f32_16x16x32_f16.
// No scratch.
//
// After ck-pipeline: gfx950's K-tile reads both MN-major tiles so; gfx942,
// which has no transpose reads (and no 16x16x32), copies them transposed,
// K-major and padded by 8 ([64][32 + 8]).

// PIPE950: ck.tile_mma {{.*}} k 32 a_transposed transpose_reads : !ck.acc<64x64xf32, #ck.mfma<16x16x32, f16>, waves = [2, 2]>, memref<2x32x80xf16, #gpu.address_space<workgroup>>, memref<2x32x80xf16, #gpu.address_space<workgroup>>
// PIPE942: ck.tile_mma {{.*}} k 32 b_transposed : !ck.acc<64x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>, memref<2x64x40xf16, #gpu.address_space<workgroup>>, memref<2x64x40xf16, #gpu.address_space<workgroup>>
// PIPE942-NOT: transpose_reads

// CHECK: gpu.binary @ck_kernels [#gpu.object<#rocdl.target<O = 3, chip = "gfx950">, assembly = "
// CHECK-SAME: gemm_0:
// CHECK-COUNT-32: \09ds_read_b64_tr_b16 v[
// CHECK-NOT: ds_read_b64_tr_b16
// CHECK-SAME: .amdhsa_group_segment_fixed_size 20480\0A
// CHECK-SAME: .amdhsa_private_segment_fixed_size 0\0A

// MFMA: assembly = "
// MFMA-SAME: gemm_0:
// MFMA-COUNT-16: \09v_mfma_f32_16x16x32_f16 v[
// MFMA-NOT: v_mfma
// MFMA-SAME: .amdhsa_kernel gemm_0
func.func @bwd_weight_f16(%x: memref<2x8x8x1x64xf16>, %dw: memref<1x64x1x1x64xf16>,
                          %dy: memref<2x8x8x1x64xf16>) {
  ck.conv_bwd_weight input(%x : memref<2x8x8x1x64xf16>)
      filter(%dw : memref<1x64x1x1x64xf16>)
      output(%dy : memref<2x8x8x1x64xf16>)
      layouts(NHWGC, GKYXC, NHWGK) strides [1, 1] dilations [1, 1]
      pad_left [0, 0] pad_right [0, 0]
  return
}
