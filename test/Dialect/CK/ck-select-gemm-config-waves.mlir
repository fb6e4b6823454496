// RUN: ck-opt %s -split-input-file -ck-set-target=chip=gfx942 '-ck-select-gemm-config=waves=4,4' | FileCheck %s --check-prefix=GFX942-44
// RUN: ck-opt %s -split-input-file -ck-set-target=chip=gfx942 '-ck-select-gemm-config=waves=4,2' | FileCheck %s --check-prefix=GFX942-42
// RUN: ck-opt %s -split-input-file -ck-set-target=chip=sm_80 '-ck-select-gemm-config=waves=4,4' | FileCheck %s --check-prefix=SM80-44
// RUN: ck-opt %s -split-input-file -ck-set-target=chip=sm_90a '-ck-select-gemm-config=waves=4,4' | FileCheck %s --check-prefix=SM90-44
// RUN: ck-opt %s -split-input-file -ck-set-target=chip=sm_90a '-ck-select-gemm-config=waves=4,8' | FileCheck %s --check-prefix=SM90-48
// RUN: ck-opt %s -split-input-file -ck-set-target=chip=sm_90a '-ck-select-gemm-config=waves=8,8' | FileCheck %s --check-prefix=SM90-88
// RUN: ck-opt %s -split-input-file -ck-set-target=chip=sm_90a '-ck-select-gemm-config=waves=2,4' | FileCheck %s --check-prefix=SM90-24
// The workgroup is both roles' waves:
// RUN: ck-opt %s -split-input-file -ck-set-target=chip=gfx942 '-ck-select-gemm-config=waves=4,2' -convert-ck-to-gpu | FileCheck %s --check-prefix=LOWERED
// RUN: not ck-opt %s -ck-set-target=chip=gfx942 '-ck-select-gemm-config=waves=4,3' 2>&1 | FileCheck %s --check-prefix=THREE
// RUN: not ck-opt %s -ck-set-target=chip=gfx942 '-ck-select-gemm-config=waves=4' 2>&1 | FileCheck %s --check-prefix=SYNTAX
// RUN: not ck-opt %s -ck-set-target=chip=gfx942 '-ck-select-gemm-config=waves=0,4' 2>&1 | FileCheck %s --check-prefix=SYNTAX

// ck-select-gemm-config's waves=LOAD,MATH (lib/Target/GemmConfig.cpp,
// selectGemmConfig): the block tile as without roles (M = N = 4096 give
// 128 x 128 x 32, and 32 x 32 = 1024 tiles fill every chip, so no
// split-K), a wave grid of MATH waves (the squarest grid, then the
// squarest wave tile; the first found on a tie), LOAD load waves, and two
// LDS slots for the ring wherever they fit. Registers are the larger
// role's (estimateCost), within what one wave may hold where two share a
// SIMD (8 or 6 waves on 4 SIMDs): gfx942 512 / 2 - 64 = 192, sm_90a
// min(255, 512 / 2) - 64 = 191:
//  * gfx942 4,4: 2 x 2 waves of 64 x 64; math 16 tiles * 4 + 4 * 4 / 2 +
//    4 * 4 / 2 = 80, load (128 * 32 + 32 * 128) * 2 / (256 * 4) = 16
//    <= 192; LDS ((128 + 8) * 40 + 40 * (128 + 8)) * 2 * 2 = 43520 <= 65536.
//  * gfx942 4,2: 1 x 2 and 2 x 1 grids tie; 1 x 2 (waves of 128 x 64)
//    comes first; math 32 * 4 + 8 * 4 / 2 + 4 * 4 / 2 = 152.
//  * sm_80 4,4 (mma 16x8x16): waves of 64 x 64; math 32 * 4 + 4 * 8 / 2 +
//    8 * 4 / 2 = 160 <= 191, load 16384 / (128 * 4) = 32.
//  * sm_90a takes wgmma where the roles are one load warpgroup and 4 or 8
//    math waves (selectWgmmaConfig): 16 rows per math wave, so 64 x 256
//    (4,4) or 128 x 256 (4,8), by K 64, through 4 stages of asynchronous
//    copies by the load waves. The math waves hold only the 128
//    accumulators of a 16 x 256 share (wgmma reads LDS); with 12 waves, 3
//    per SIMD, a wave may hold 512 / 3 = 170 registers, less a quarter of
//    the addressing reserve (16): 154. Other roles (2,4) keep mma.sync, as
//    sm_80 does.
//  * sm_90a 8,8: 16 waves, 4 per SIMD, leave each 128 - 16 = 112, fewer
//    than the 128 accumulators, so the load waves give registers to the
//    math waves (load_registers, withReallocatedRegisters): the math waves
//    keep 128 and half the addressing reserve, 160, the load waves
//    (512 - 2 * 160) / 2 = 96. Not with StreamK (few_tiles below), whose
//    workgroups loop over units, which the roles' separate arms cannot
//    span: there the wgmma config does not fit and mma.sync is taken.

// GFX942-44: config <block = [128, 128, 32], wave = [64, 64], mma = #ck.mfma<16x16x16, f16>, lds_buffers = 2, load_waves = 4>
// GFX942-42: config <block = [128, 128, 32], wave = [128, 64], mma = #ck.mfma<16x16x16, f16>, lds_buffers = 2, load_waves = 4>
// SM80-44: config <block = [128, 128, 32], wave = [64, 64], mma = #ck.mma_sync<16x8x16, f16>, lds_buffers = 2, load_waves = 4>
// SM90-44: config <block = [64, 256, 64], wave = [16, 256], mma = #ck.wgmma<f16>, lds_buffers = 4, load_waves = 4, async_copy>
// SM90-48: config <block = [128, 256, 64], wave = [16, 256], mma = #ck.wgmma<f16>, lds_buffers = 4, load_waves = 4, async_copy>
// SM90-88: config <block = [128, 256, 64], wave = [16, 256], mma = #ck.wgmma<f16>, lds_buffers = 4, load_waves = 8, async_copy, load_registers = 96>
// SM90-24: config <block = [128, 128, 32], wave = [64, 64], mma = #ck.mma_sync<16x8x16, f16>, lds_buffers = 2, load_waves = 2>
// (4 + 2) * 64 threads:
// LOWERED: known_block_size = array<i32: 384, 1, 1>
// THREE: error: 'ck.gemm' op no block tile of #ck.mfma<16x16x16, f16> splits into 3 math waves
// SYNTAX: expected auto or LOAD,MATH with counts in [1, 16], e.g. 4,4
func.func @big(%a: memref<1x4096x256xf16>, %b: memref<1x256x4096xf16>,
               %c: memref<1x4096x4096xf16>) {
  ck.gemm %a, %b -> %c : memref<1x4096x256xf16>, memref<1x256x4096xf16> -> memref<1x4096x4096xf16>
  return
}

// -----
// Few tiles (RetinaNet's 3x3 backward-weight GEMM, M = 256, N = 2304,
// K = 40000: 2 x 18 tiles of 128 x 128 for 304 or 132 compute units), so
// StreamK, whose fix-up holds a partner's partial tile beside the
// accumulators: with roles the estimate counts them twice.
//  * gfx942 4,4: 80 + 64 = 144 <= 192: the block stays 128 x 128.
//  * gfx942 4,2: waves of 128 x 64 need 152 + 128 = 280 > 192, so the
//    block halves along M to 64 x 128 (waves of 64 x 64: 80 + 64 = 144);
//    4 x 18 = 72 tiles, still StreamK.
//  * sm_80 4,4: 160 + 128 = 288 > 191; at 64 x 128 the 2 x 2 waves are
//    32 x 64: 2 * 8 tiles * 4 + 2 * 8 / 2 + 8 * 4 / 2 = 88, + 64 = 152.
//  * sm_90a 4,4 and 4,8: wgmma's fix-up adds to the accumulators in place
//    (nothing counted), so the blocks stay, with StreamK.

// GFX942-44-LABEL: func.func @few_tiles
// GFX942-44: config <block = [128, 128, 32], wave = [64, 64], mma = #ck.mfma<16x16x16, f16>, partition = #ck.partition<stream_k, min_iters = 8>, lds_buffers = 2, load_waves = 4>
// GFX942-42-LABEL: func.func @few_tiles
// GFX942-42: config <block = [64, 128, 32], wave = [64, 64], mma = #ck.mfma<16x16x16, f16>, partition = #ck.partition<stream_k, min_iters = 8>, lds_buffers = 2, load_waves = 4>
// SM80-44-LABEL: func.func @few_tiles
// SM80-44: config <block = [64, 128, 32], wave = [32, 64], mma = #ck.mma_sync<16x8x16, f16>, partition = #ck.partition<stream_k, min_iters = 8>, lds_buffers = 2, load_waves = 4>
// SM90-44-LABEL: func.func @few_tiles
// SM90-44: config <block = [64, 256, 64], wave = [16, 256], mma = #ck.wgmma<f16>, partition = #ck.partition<stream_k, min_iters = 8>, lds_buffers = 4, load_waves = 4, async_copy>
// SM90-48-LABEL: func.func @few_tiles
// SM90-48: config <block = [128, 256, 64], wave = [16, 256], mma = #ck.wgmma<f16>, partition = #ck.partition<stream_k, min_iters = 8>, lds_buffers = 4, load_waves = 4, async_copy>
// SM90-88-LABEL: func.func @few_tiles
// SM90-88: config <block = [64, 64, 32], wave = [32, 16], mma = #ck.mma_sync<16x8x16, f16>, lds_buffers = 2, load_waves = 8>
// LOWERED-LABEL: func.func @few_tiles
func.func @few_tiles(%a: memref<1x256x40000xf16>, %b: memref<1x40000x2304xf16>,
                     %c: memref<1x256x2304xf16>) {
  ck.gemm %a, %b -> %c : memref<1x256x40000xf16>, memref<1x40000x2304xf16> -> memref<1x256x2304xf16>
  return
}

// -----
// A tight tile that a grid of eight math waves cannot split: M = 32,
// N = 48, K = 256 on sm_90a with 4,8 (mma.sync: M < 64 rules out wgmma).
// bM = 32; bN = tileFor(48, 128, 16) = 64, tightened to one tile of 48.
// Eight waves split 32 x 48 in no grid of whole 16 x 8 instruction tiles
// (2 x 4 needs N a multiple of 32, 4 x 2 and 8 x 1 M of 64 and 128, 1 x 8
// N of 64), so the block keeps the power-of-two 32 x 64: the 2 x 4 grid
// (waves of 16 x 16) is squarer than 1 x 8. One tile, kTiles = 8 < 16:
// data-parallel; two ring slots.

// SM90-48-LABEL: func.func @tight_tile_for_eight_waves
// SM90-48: config <block = [32, 64, 32], wave = [16, 16], mma = #ck.mma_sync<16x8x16, f16>, lds_buffers = 2, load_waves = 4>
func.func @tight_tile_for_eight_waves(%a: memref<1x32x256xf16>,
                                      %b: memref<1x256x48xf16>,
                                      %c: memref<1x32x48xf16>) {
  ck.gemm %a, %b -> %c : memref<1x32x256xf16>, memref<1x256x48xf16> -> memref<1x32x48xf16>
  return
}
