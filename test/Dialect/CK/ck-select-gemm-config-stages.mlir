// RUN: ck-opt %s -ck-set-target=chip=sm_80 '-ck-select-gemm-config=stages=3' | FileCheck %s --check-prefix=SM80-S3
// RUN: ck-opt %s -ck-set-target=chip=sm_80 '-ck-select-gemm-config=stages=1' | FileCheck %s --check-prefix=SM80-S1
// RUN: ck-opt %s -ck-set-target=chip=sm_90a '-ck-select-gemm-config=stages=3' | FileCheck %s --check-prefix=SM90-S3
// RUN: ck-opt %s -ck-set-target=chip=sm_90a '-ck-select-gemm-config=stages=1' | FileCheck %s --check-prefix=SM90-S1
// RUN: ck-opt %s -ck-set-target=chip=gfx942 '-ck-select-gemm-config=stages=1' | FileCheck %s --check-prefix=GFX942-S1
// RUN: ck-opt %s -ck-set-target=chip=sm_80 '-ck-select-gemm-config=stages=3' -convert-ck-to-gpu -ck-lower-partition -ck-pipeline | FileCheck %s --check-prefix=PIPELINE
// RUN: not ck-opt %s -ck-set-target=chip=gfx942 '-ck-select-gemm-config=stages=3' 2>&1 | FileCheck %s --check-prefix=NO-ASYNC
// RUN: ck-opt %s -ck-set-target=chip=sm_90a '-ck-select-gemm-config=stages=3 waves=4,4' | FileCheck %s --check-prefix=SM90-ROLES
// RUN: ck-opt %s -ck-set-target=chip=sm_80 '-ck-select-gemm-config=stages=3 waves=4,4' | FileCheck %s --check-prefix=SM80-ROLES
// RUN: not ck-opt %s -ck-set-target=chip=sm_90a '-ck-select-gemm-config=stages=9' 2>&1 | FileCheck %s --check-prefix=RANGE

// ck-select-gemm-config's stages=N (lib/Target/GemmConfig.cpp,
// selectGemmConfig): the K loop's pipeline. The block is always the one
// the register prefetch fits; stages=1 keeps that prefetch into one LDS
// buffer (no double buffering), stages=2 to 8 copy asynchronously through
// that many buffers, on chips with the async_copy feature only.
//
// M = N = 4096, K = 256 on sm_80 (mma.sync): a wave may hold min(255, 512 / 1) - 64
// = 191 registers. 128 x 128 (waves of 64 x 64, mma 16x8x16) needs 32 * 4
// + 4 * 8 / 2 + 8 * 4 / 2 = 160 plus the prefetched tile (128 * 32 +
// 32 * 128) * 2 / (128 * 4) = 32: 192 > 191, so M halves: 64 x 128 (waves
// of 32 x 64): 64 + 8 + 16 + 24 = 112. The stages asked for keep it,
// although without the prefetch 128 x 128 would pass the estimate (the
// heuristic's own stages take it where the GEMM has work enough:
// ck-select-gemm-config-sm80-staged.mlir). LDS for 3 stages: ((64 + 8) * 40
// + 40 * (128 + 8)) * 2 * 3 = 49920 bytes.
// sm_90a takes wgmma (selectWgmmaConfig): 128 x 256 x 64 through the
// stages asked for, 3 here; with stages=1, the register prefetch, it keeps
// mma.sync and the same tiles as sm_80.
// With roles the load waves copy asynchronously: on sm_90a wgmma with one
// load warpgroup and 16 rows per math wave (64 x 256 for 4 math waves), on
// sm_80 mma.sync with the roles' block (128 x 128: the load waves hold the
// copies, the math waves the 160 registers of accumulators and fragments).
// On gfx942 the block is 128 x 128 (waves of 64 x 64: 16 * 4 + 8 + 8 + 16
// = 96 of 448), which the heuristic double-buffers; stages=1 does not.

// SM80-S3: config <block = [64, 128, 32], wave = [32, 64], mma = #ck.mma_sync<16x8x16, f16>, lds_buffers = 3, async_copy>
// SM80-S1: config <block = [64, 128, 32], wave = [32, 64], mma = #ck.mma_sync<16x8x16, f16>> :
// SM90-S3: config <block = [128, 256, 64], wave = [16, 256], mma = #ck.wgmma<f16>, lds_buffers = 3, async_copy>
// SM90-S1: config <block = [64, 128, 32], wave = [32, 64], mma = #ck.mma_sync<16x8x16, f16>> :
// GFX942-S1: config <block = [128, 128, 32], wave = [64, 64], mma = #ck.mfma<16x16x16, f16>> :
// The K loop of three stages: two groups before it, one wait per step; the
// tiles, read by ldmatrix, are swizzled (A in 64-byte rows, B in 128-byte
// blocks of its 256-byte rows).
// PIPELINE: ck.lds_buffer offset 0 align 128 : memref<3x64x32xf16, #gpu.address_space<workgroup>>
// PIPELINE: ck.lds_buffer offset 12288 align 128 : memref<3x32x128xf16, #gpu.address_space<workgroup>>
// PIPELINE-COUNT-2: ck.async_commit
// PIPELINE: scf.for
// PIPELINE: ck.async_wait pending 1
// NO-ASYNC: error: 'ck.gemm' op 3 stages need asynchronous copies to LDS, which gfx942 lacks
// SM90-ROLES: config <block = [64, 256, 64], wave = [16, 256], mma = #ck.wgmma<f16>, lds_buffers = 3, load_waves = 4, async_copy>
// SM80-ROLES: config <block = [128, 128, 32], wave = [64, 64], mma = #ck.mma_sync<16x8x16, f16>, lds_buffers = 3, load_waves = 4, async_copy>
// RANGE: invalid stages 9: expected 0 (the heuristic's), 1 (register prefetch) or 2 to 8 (asynchronous copies)
func.func @big(%a: memref<1x4096x256xf16>, %b: memref<1x256x4096xf16>,
               %c: memref<1x4096x4096xf16>) {
  ck.gemm %a, %b -> %c : memref<1x4096x256xf16>, memref<1x256x4096xf16> -> memref<1x4096x4096xf16>
  return
}
