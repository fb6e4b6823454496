// RUN: ck-opt %s --pass-pipeline='builtin.module(ck-to-rocdl{chip=gfx950 format=isa})' | FileCheck %s
// RUN: ck-opt %s --pass-pipeline='builtin.module(ck-to-rocdl{chip=gfx950 format=isa})' --mlir-print-ir-after=ck-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=PIPE950
// RUN: ck-opt %s --pass-pipeline='builtin.module(ck-to-rocdl{chip=gfx942 format=isa})' --mlir-print-ir-after=ck-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=PIPE942

// gfx950 loads the forward GEMM's tiles, both K-major, straight into LDS
// (buffer_load_dwordx4 ... lds) in two stages, each copy a wave's 64
// vectors one after another in lane order from the base in M0. The
// assembly is one escaped line (isa-gfx950.mlir says how).
//
// The problem: fwd, f16, N = 2, Hi = Wi = 8, C = 256, K = 64, 1x1,
// channels-last. GEMM: M = N * Ho * Wo = 128, N = K = 64, K = C = 256, both
// operands contiguous along K. Config: block [128, 64, 32], 256 threads,
// lds_buffers = 2, async_copy. A's [128][32] f16 tile is 512 vectors of 16
// bytes, two per thread, B's [64][32] one per thread: 3 loads per K-tile,
// both tiles swizzled in 64-byte blocks with their units in LDS order.
// LLVM unrolls the 8 K-tiles; with the prologue's tile and the copy past
// the last K-tile (zeros into a slot no step reads) that is 9 x 3 = 27
// loads to LDS and no load into registers. LDS: 2 x (8192 + 4096) = 24576
// bytes; no scratch.
//
// gfx942 has no such loads (4 bytes at most, which ck does not use): its
// tiles go through registers (ck.tile_load, ck.tile_store_lds).

// PIPE950: ck.tile_copy_async {{.*}} plan <tile = [128, 32], load = [1, 8], lds = [1, 8], pad = 0, threads = 256, swizzle = 64, lds_order = true>
// PIPE950: ck.tile_copy_async {{.*}} plan <tile = [32, 64], load = [0, 8], lds = [0, 8], pad = 0, threads = 256, swizzle = 64, lds_order = true>
// PIPE950-NOT: ck.tile_load
// PIPE942-NOT: ck.tile_copy_async
// PIPE942: ck.tile_load
// PIPE942-NOT: ck.tile_copy_async

// CHECK: gpu.binary @ck_kernels [#gpu.object<#rocdl.target<O = 3, chip = "gfx950">, assembly = "
// CHECK-SAME: gemm_0:
// CHECK-COUNT-27: \09buffer_load_dwordx4 v{{[0-9]+}}, s[{{[0-9]+}}:{{[0-9]+}}], 0 offen lds\0A
// CHECK-NOT: buffer_load
// CHECK-SAME: .amdhsa_group_segment_fixed_size 24576\0A
// CHECK-SAME: .amdhsa_private_segment_fixed_size 0\0A
func.func @fwd_f16(%x: memref<2x8x8x1x256xf16>, %w: memref<1x64x1x1x256xf16>,
                   %y: memref<2x8x8x1x64xf16>) {
  ck.conv_fwd input(%x : memref<2x8x8x1x256xf16>)
      filter(%w : memref<1x64x1x1x256xf16>)
      output(%y : memref<2x8x8x1x64xf16>)
      layouts(NHWGC, GKYXC, NHWGK) strides [1, 1] dilations [1, 1]
      pad_left [0, 0] pad_right [0, 0]
  return
}
