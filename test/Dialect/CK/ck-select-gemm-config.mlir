// RUN: ck-opt %s -split-input-file -ck-set-target=chip=gfx942 -ck-select-gemm-config | FileCheck %s --check-prefix=GFX942
// RUN: ck-opt %s -split-input-file -ck-set-target=chip=gfx1100 -ck-select-gemm-config | FileCheck %s --check-prefix=GFX1100
// RUN: ck-opt %s -split-input-file -ck-set-target=chip=sm_90a -ck-select-gemm-config | FileCheck %s --check-prefix=SM90
// With partition=split_k, split-K takes the K ranges heuristicKBatch counts.
// RUN: ck-opt %s -split-input-file -ck-set-target=chip=gfx942 -ck-select-gemm-config=partition=split_k | FileCheck %s --check-prefix=GFX942-SPLIT
// RUN: ck-opt %s -split-input-file -ck-set-target=chip=gfx1100 -ck-select-gemm-config=partition=split_k | FileCheck %s --check-prefix=GFX1100-SPLIT
// RUN: ck-opt %s -split-input-file -ck-set-target=chip=sm_90a -ck-select-gemm-config=partition=split_k | FileCheck %s --check-prefix=SM90-SPLIT
// Every chosen config must also be one convert-ck-to-gpu accepts (it checks
// them again): any error would fail the pipe.
// RUN: ck-opt %s -split-input-file -ck-set-target=chip=gfx942 -ck-select-gemm-config -convert-ck-to-gpu | FileCheck %s --check-prefix=LOWERED
// RUN: ck-opt %s -split-input-file -ck-set-target=chip=gfx1100 -ck-select-gemm-config -convert-ck-to-gpu | FileCheck %s --check-prefix=LOWERED
// RUN: ck-opt %s -split-input-file -ck-set-target=chip=sm_90a -ck-select-gemm-config -convert-ck-to-gpu | FileCheck %s --check-prefix=LOWERED

// ck-select-gemm-config attaches a #ck.gemm_config to every ck.gemm without
// one. Every expected configuration below is derived by hand from the rule in
// lib/Target/GemmConfig.cpp (selectGemmConfig, estimateCost) and the chip
// table in lib/Target/Chip.cpp:
//  * intrinsic: the chip's instruction for the input type (gfx942: mfma
//    16x16x16 f16/bf16, 16x16x4 f32; gfx1100: wmma 16x16x16 gfx11 f16/bf16,
//    fma for f32; sm_90a: mma 16x8x16 f16/bf16, 16x8x8 tf32); fma where
//    2 * M < m or 2 * N < n of that instruction.
//  * block M = tileFor(M, 128, 2 * m), block N = tileFor(N, 128, 2 * n):
//    halve 128 while above the minimum and while half of it is still >= the
//    size, then take the least multiple of the minimum that covers the size
//    in as many tiles (ceil(size / tiles) rounded up). block K = 32 (16 for
//    fma), at least the instruction's k.
//  * wave = block / 2 in M and N (four waves).
//  * while the config does not fit the chip: halve block M if it is >= block
//    N and above 2 * m, else block N if above 2 * n, else block K if above
//    max(k, 8); wave = block / 2 again.
//  * partition: tiles = ceil(M / bM) * ceil(N / bN) * G, kTiles =
//    ceil(K / bK); where tiles < CUs of the chip's first SKU (gfx942: 304,
//    gfx1100: 96, sm_90a: 132) and kTiles >= 16 the partition is stream_k
//    (default parameters), else data_parallel, which is not printed.
//  * With partition=split_k (the -SPLIT prefixes) it is split_k with
//    k_batch = max(2, heuristicKBatch): W = CUs * the workgroups a CU holds
//    (the least of LDS per CU / LDS, max waves per SIMD / the workgroup's
//    waves per SIMD, registers per SIMD / (waves per SIMD * (registers +
//    addressing)); gfx942: 64 KiB, 8, 512, addressing 64; gfx1100: 64 KiB,
//    16, 1536, 144; sm_90a: 228 KiB, 16, 512, 64); 1 if tiles >= W; else
//    among k <= min(64, max(1, kTiles / 8)) the least k whose makespan
//    ceil(tiles * k' / W) * ceil(kTiles / k) (k' = ceil(kTiles /
//    ceil(kTiles / k)), the non-empty splits) is within a twentieth
//    (rounded down) of the least makespan.
// Fit (explainGemmConfigMisfit / estimateCost), with threads = waves * wave
// size (64 on gfx942, 32 on gfx1100 and sm_90a):
//   threads <= 1024;
//   LDS = ((bM + 8) * (bK + 8) + (bK + 8) * (bN + 8)) * bytes <= chip LDS
//     (64 KiB on gfx942 and gfx1100, 227 KiB on sm_90a);
//   registers = (wM / m) * (wN / n) * |C frag|
//     + steps * ((wM / m) * ceil(|A frag| / (4 / bytes))
//                + (wN / n) * ceil(|B frag| / (4 / bytes)))
//     + ceil((bM * bK + bK * bN) * bytes / (threads * 4))   (the prefetch)
//     <= registers per lane - 64 (gfx942 448, gfx1100 192, sm_90a 191),
//   steps = bK for fma (every step's fragments live at once), else 1.
//   Fragments per lane (A, B, C): mfma 16x16x16 4, 4, 4; mfma 16x16x4 1, 1, 4;
//   wmma gfx11 16, 16, 8; mma 16x8x16 8, 4, 4; mma 16x8x8 4, 2, 4; fma
//   (256 / wave size), 1, (256 / wave size).
// lds_buffers = 2 (printed; 1 is not) on chips whose LDS does not share the
// L1's storage (gfx942 and gfx1100; never on sm_90a) where
//  * the config with twice the operand LDS still fits the chip and twice
//    that fits in one CU's LDS (64 KiB), so that two workgroups share a CU:
//    2 * ((bM + 8) * (bK + 8) + (bK + 8) * (bN + 8)) * bytes, or the
//    epilogue's staging tile (bM / wM) * 16 * (bN + 4) * 4 where larger, is
//    at most the chip's LDS and at most half the CU's;
//  * and the register estimate above is at most half the budget (gfx942
//    448 / 2 = 224, gfx1100 (256 - 144) / 2 = 56).
// E.g. f16 128x128x32: 2 * 21760 = 43520, twice 87040 > 65536: one buffer;
// f16 64x64x32: 2 * 11520 = 23040, twice 46080: two on gfx942, but on
// gfx1100 its wmma registers 4 * 8 + 2 * 8 + 2 * 8 + 16 = 80 > 56: one;
// f32 fma 64x128x16: 39936, twice 79872 > 65536: one; f32 fma 64x64x16:
// 27648, gfx942 registers 4 * 4 + 2 * 4 + 2 + 8 = 34: two, gfx1100
// 4 * 8 + 2 * 8 + 2 + 16 = 66 > 56: one; f32 64x64x32: 46080, twice >
// 65536: one; f16 fma 32x128x16: 16896, gfx1100 registers 4 * 8 + 4 + 2 +
// 10 = 48: two on both; f16 32x128x32: 28160, gfx1100 wmma 4 * 8 + 8 + 32 +
// 20 = 92: one there, two on gfx942; f16 64x32x32 (views): gfx1100 2 * 8 +
// 16 + 8 + 12 = 52: two on both.

// LOWERED-NOT: ck.gemm
// LOWERED: gpu.launch_func
// LOWERED-NOT: ck.gemm

// -----
// A large f16 GEMM: M = 2048, N = 2560, K = 1024, G = 1.
// gfx942 (#ck.mfma<16x16x16, f16>, wave64): bM = bN = 128, bK = 32, wave 64x64.
//   threads = 4 * 64 = 256; LDS = (136 * 40 + 40 * 136) * 2 = 21760;
//   registers = 16 * 4 + 4 * 4 / 2 + 4 * 4 / 2 + ceil(8192 * 2 / 1024) = 96.
//   Fits. tiles = 16 * 20 = 320 >= 304: no split.
// gfx1100 (#ck.wmma<16x16x16, f16, gfx11>, wave32; 256 - 144 = 112 registers
//   for tiles): 128x128x32 needs 16 * 8 + 4 * 16 / 2 + 4 * 16 / 2 +
//   ceil(16384 / 512) = 224 > 112: bM -> 64, wave 32x64: (2 * 4) * 8 +
//   2 * 16 / 2 + 4 * 16 / 2 + ceil((2048 + 4096) * 2 / 512) = 64 + 48 + 24
//   = 136 > 112: bN -> 64, wave 32x32: (2 * 2) * 8 + 2 * 8 + 2 * 8 +
//   ceil(4096 * 2 / 512) = 32 + 32 + 16 = 80. Fits; LDS (72 * 40 + 40 * 72)
//   * 2 = 11520. tiles = 32 * 40 = 1280 >= 96: no split.
// sm_90a takes #ck.wgmma<f16> (selectWgmmaConfig: M and N both at least 64):
//   block 128 x 256 (M > 64, N >= 256) by K 64, wave tiles 16 x 256 (eight
//   waves, two warpgroups), 256 / 8 * 4 = 128 accumulators <= 255 - 64;
//   tiles = 16 * 10 = 160 >= 132 and 1024 / 64 = 16 K-tiles <= 64: no
//   split; one load warpgroup beside the two math ones, persistent
//   workgroups on one ring (manyTileGemmRoles), TMA copies (plain
//   memrefs), so load waves of 64 registers. The 160 tiles take 2 rounds
//   of the 132 workgroups, 512 columns each, where 320 tiles of 128 x 128
//   take 3, 384 columns: 128 columns (persistentTileColumns) and 4 stages
//   beside the staging tile: (128 * 64 + 64 * 128) * 2 * 4 + 32768 =
//   163840 bytes.

// GFX942-LABEL: func.func @large_f16
// GFX942: ck.gemm %{{.*}}, %{{.*}} -> %{{.*}} config <block = [128, 128, 32], wave = [64, 64], mma = #ck.mfma<16x16x16, f16>> :
// GFX1100-LABEL: func.func @large_f16
// GFX1100: ck.gemm %{{.*}}, %{{.*}} -> %{{.*}} config <block = [64, 64, 32], wave = [32, 32], mma = #ck.wmma<16x16x16, f16, gfx11>> :
// SM90-LABEL: func.func @large_f16
// SM90: ck.gemm %{{.*}}, %{{.*}} -> %{{.*}} config <block = [128, 128, 64], wave = [16, 128], mma = #ck.wgmma<f16>, partition = #ck.partition<data_parallel, dp = persistent>, lds_buffers = 4, load_waves = 4, async_copy, load_registers = 64> :
func.func @large_f16(%a: memref<1x2048x1024xf16>, %b: memref<1x1024x2560xf16>,
                     %c: memref<1x2048x2560xf16>) {
  ck.gemm %a, %b -> %c : memref<1x2048x1024xf16>, memref<1x1024x2560xf16> -> memref<1x2048x2560xf16>
  return
}

// -----
// bf16 of the same sizes takes each chip's bf16 instruction (same shapes and
// fragment sizes as f16, so the same tiles and no split).

// GFX942-LABEL: func.func @large_bf16
// GFX942: config <block = [128, 128, 32], wave = [64, 64], mma = #ck.mfma<16x16x16, bf16>> :
// GFX1100-LABEL: func.func @large_bf16
// GFX1100: config <block = [64, 64, 32], wave = [32, 32], mma = #ck.wmma<16x16x16, bf16, gfx11>> :
// SM90-LABEL: func.func @large_bf16
// SM90: config <block = [128, 128, 64], wave = [16, 128], mma = #ck.wgmma<bf16>, partition = #ck.partition<data_parallel, dp = persistent>, lds_buffers = 4, load_waves = 4, async_copy, load_registers = 64> :
func.func @large_bf16(%a: memref<1x2048x1024xbf16>, %b: memref<1x1024x2560xbf16>,
                      %c: memref<1x2048x2560xbf16>) {
  ck.gemm %a, %b -> %c : memref<1x2048x1024xbf16>, memref<1x1024x2560xbf16> -> memref<1x2048x2560xbf16>
  return
}

// -----
// f32, M = N = 2048, K = 512, G = 1.
// gfx942 (#ck.mfma<16x16x4, f32>, k = 4): bK = max(4, 32) = 32, block 128x128,
//   wave 64x64. LDS = (136 * 40 + 40 * 136) * 4 = 43520 <= 65536;
//   registers = 16 * 4 + 4 * 1 + 4 * 1 + ceil(8192 * 4 / 1024) = 104.
//   tiles = 16 * 16 = 256 < 304, but kTiles = 512 / 32 = 16 and 16 / 8 = 2
//   bound the split: clamp(ceil(608 / 256) = 3, 1, 2) = 2 > 1: stream_k.
// gfx1100 has no f32 matrix instruction: the fma path (m = n = 16, k = 1,
//   8 accumulators and 8 A values per lane on wave32, 16 steps a K-tile of
//   16), which allows 256 - 144 = 112 registers. 128x128x16 needs
//   16 * 8 + 16 * (4 * 8 + 4 * 1) + 32 = 736; halving bM, bN, bM, bN
//   (64x128: 64 + 16 * 20 + 24 = 408; 64x64: 32 + 16 * 18 + 16 = 336;
//   32x64: 16 + 16 * 10 + 12 = 188; 32x32: 8 + 16 * 9 + 8 = 160) and then
//   bK: 32x32x8, wave 16x16, 8 + 8 * 9 + ceil(512 * 4 / 512) = 84 <= 112;
//   84 > 56, one buffer. tiles = 64 * 64 = 4096 >= 96.
// sm_90a (#ck.mma_sync<16x8x8, tf32>): 128x128x32 needs 32 * 4 + 4 * 4 + 8 * 2 +
//   ceil(8192 * 4 / 512) = 224 > 191: bM -> 64, wave 32x64: 16 * 4 + 2 * 4 +
//   8 * 2 + ceil(6144 * 4 / 512) = 136; LDS (72 * 40 + 40 * 136) * 4 =
//   33280 <= 232448. tiles = 512 >= 132. Data-parallel with 16 K-tiles:
//   3 cp.async stages, 99840 bytes, twice of which fit 233472.

// GFX942-LABEL: func.func @f32
// GFX942: config <block = [128, 128, 32], wave = [64, 64], mma = #ck.mfma<16x16x4, f32>, partition = #ck.partition<stream_k, min_iters = 8>> :
// GFX942-SPLIT-LABEL: func.func @f32
// GFX942-SPLIT: config <block = [128, 128, 32], wave = [64, 64], mma = #ck.mfma<16x16x4, f32>, partition = #ck.partition<split_k, k_batch = 2>> :
// GFX1100-LABEL: func.func @f32
// GFX1100: config <block = [32, 32, 8], wave = [16, 16], mma = #ck.fma> :
// SM90-LABEL: func.func @f32
// SM90: config <block = [64, 128, 32], wave = [32, 64], mma = #ck.mma_sync<16x8x8, tf32>, lds_buffers = 3, async_copy> :
func.func @f32(%a: memref<1x2048x512xf32>, %b: memref<1x512x2048xf32>,
               %c: memref<1x2048x2048xf32>) {
  ck.gemm %a, %b -> %c : memref<1x2048x512xf32>, memref<1x512x2048xf32> -> memref<1x2048x2048xf32>
  return
}

// -----
// A medium GEMM that fits every chip as first chosen: M = N = K = 64, f16
// and f32. bM = tileFor(64, 128, 32) = 64, bN = 64 (sm_90a: tileFor(64,
// 128, 16) = 64), wave 32x32. kTiles = 2 (f32 on gfx1100: bK = 16, 4):
// 2 / 8 = 0, no split; on sm_90a too few for the asynchronous copies (8).
// f16 registers: gfx942 (2 * 2) * 4 + 2 * 4 / 2 * 2 + ceil(4096 * 2 / 1024)
//   = 16 + 8 + 8 = 32; gfx1100 (2 * 2) * 8 + 2 * 16 / 2 * 2 +
//   ceil(8192 / 512) = 32 + 32 + 16 = 80; sm_90a (2 * 4) * 4 + 2 * 8 / 2 +
//   4 * 4 / 2 + 16 = 64.
// f32: gfx942 #ck.mfma<16x16x4, f32>, 64x64x32; gfx1100 fma: 64x64x16
//   needs 32 + 16 * 18 + 16 = 336 > 112, 32x64x16 188, 32x32x16 160, then
//   32x32x8 8 + 8 * 9 + 4 = 84 (as @f32); sm_90a tf32, 64x64x32
//   ((2 * 4) * 4 + 2 * 4 + 4 * 2 + ceil(4096 * 4 / 512) = 80).

// GFX942-LABEL: func.func @medium
// GFX942: config <block = [64, 64, 32], wave = [32, 32], mma = #ck.mfma<16x16x16, f16>, lds_buffers = 2> :
// GFX942: config <block = [64, 64, 32], wave = [32, 32], mma = #ck.mfma<16x16x4, f32>> :
// GFX1100-LABEL: func.func @medium
// GFX1100: config <block = [64, 64, 32], wave = [32, 32], mma = #ck.wmma<16x16x16, f16, gfx11>> :
// GFX1100: config <block = [32, 32, 8], wave = [16, 16], mma = #ck.fma> :
// SM90-LABEL: func.func @medium
// sm_90a f16 takes wgmma: block 64 x 64 x 64 (M and N at most 64), four
// waves of 16 x 64, 3 stages ((64 * 64 + 64 * 64) * 2 * 3 + 1008 = 50160
// bytes). One 128-row tile (fewer than the 132 SMs) and one K-tile (at
// most 64): a small GEMM, so wave roles 4,4 (2 * 1 < 132) and a
// data-parallel partition (the default, not printed); few tiles, but the
// columns are 64 already and one K-tile takes no deeper ring. f32 stays on
// mma.sync's tf32 (wgmma here takes f16 and bf16).
// SM90: config <block = [64, 64, 64], wave = [16, 64], mma = #ck.wgmma<f16>, lds_buffers = 3, load_waves = 4, async_copy> :
// SM90: config <block = [64, 64, 32], wave = [32, 32], mma = #ck.mma_sync<16x8x8, tf32>> :
func.func @medium(%a: memref<1x64x64xf16>, %b: memref<1x64x64xf16>, %c: memref<1x64x64xf16>,
                  %a32: memref<1x64x64xf32>, %b32: memref<1x64x64xf32>, %c32: memref<1x64x64xf32>) {
  ck.gemm %a, %b -> %c : memref<1x64x64xf16>, memref<1x64x64xf16> -> memref<1x64x64xf16>
  ck.gemm %a32, %b32 -> %c32 : memref<1x64x64xf32>, memref<1x64x64xf32> -> memref<1x64x64xf32>
  return
}

// -----
// A tiny GEMM: M = 4, N = 256, K = 64, f16. 2 * 4 = 8 < 16 (the m of every
// chip's f16 instruction): the fma path (m = n = 16, k = 1).
// bM = tileFor(4, 128, 32) = 32 (stops at the minimum 2 * 16),
// bN = tileFor(256, 128, 32) = 128, bK = 16, wave 16x64.
// gfx942 (wave64, 4 accumulators per lane): threads = 2 * 2 * 64 = 256;
//   LDS = (40 * 24 + 24 * 136) * 2 = 8448; registers = 4 * 4 + 16 * (1 *
//   ceil(4 / 2) + 4 * ceil(1 / 2)) + ceil(2560 * 2 / 1024) = 117, at most
//   half of 448: two buffers. Wave32 chips: 4 * 8 + 16 * (4 + 4) +
//   ceil(5120 / 512) = 170, which sm_90a's 191 allows and gfx1100's 112 does
//   not: bN -> 64 (wave 16x32: 16 + 16 * 6 + 6 = 118), bN -> 32 (wave 16x16:
//   8 + 16 * 5 + 4 = 92 <= 112; above 56, one buffer). tiles = 1 * 2 = 2 is
//   few, but kTiles = 64 / 16 = 4 and max(1, 4 / 8) = 1: no split.

// GFX942-LABEL: func.func @tiny_m
// GFX942: config <block = [32, 128, 16], wave = [16, 64], mma = #ck.fma, lds_buffers = 2> :
// GFX1100-LABEL: func.func @tiny_m
// GFX1100: config <block = [32, 32, 16], wave = [16, 16], mma = #ck.fma> :
// SM90-LABEL: func.func @tiny_m
// SM90: config <block = [32, 128, 16], wave = [16, 64], mma = #ck.fma> :
func.func @tiny_m(%a: memref<1x4x64xf16>, %b: memref<1x64x256xf16>,
                  %c: memref<1x4x256xf16>) {
  ck.gemm %a, %b -> %c : memref<1x4x64xf16>, memref<1x64x256xf16> -> memref<1x4x256xf16>
  return
}

// -----
// The edge of the fma rule: M = 8, 2 * 8 = 16 is not less than m = 16, so the
// matrix instruction stays. N = 256, K = 64, f16.
// bM = tileFor(8, 128, 32) = 32, bN = 128 (sm_90a: tileFor(256, 128, 16) =
// 128), bK = 32, wave 16x64. Registers: gfx942 4 * 4 + 2 + 8 +
// ceil(5120 * 2 / 1024) = 36; gfx1100 4 * 8 + 8 + 32 + ceil(10240 / 512) = 92;
// sm_90a 8 * 4 + 4 + 16 + 20 = 72. tiles = 2; kTiles = 2, 2 / 8 = 0: no
// split.

// GFX942-LABEL: func.func @edge_m
// GFX942: config <block = [32, 128, 32], wave = [16, 64], mma = #ck.mfma<16x16x16, f16>, lds_buffers = 2> :
// GFX1100-LABEL: func.func @edge_m
// GFX1100: config <block = [32, 128, 32], wave = [16, 64], mma = #ck.wmma<16x16x16, f16, gfx11>> :
// SM90-LABEL: func.func @edge_m
// SM90: config <block = [32, 128, 32], wave = [16, 64], mma = #ck.mma_sync<16x8x16, f16>> :
func.func @edge_m(%a: memref<1x8x64xf16>, %b: memref<1x64x256xf16>,
                  %c: memref<1x8x256xf16>) {
  ck.gemm %a, %b -> %c : memref<1x8x64xf16>, memref<1x64x256xf16> -> memref<1x8x256xf16>
  return
}

// -----
// Split work (stream_k by default; split_k with the k_batch below under
// the -SPLIT prefixes): the backward-weight GEMM of RetinaNet's 3x3 layer (G = 1,
// M = 256, N = 2304, K = 40000, f16), the example of Passes.td.
// gfx942: block 128x128x32, wave 64x64 (as @large_f16).
//   tiles = ceil(256 / 128) * ceil(2304 / 128) = 2 * 18 = 36 < 304, kTiles
//   = ceil(40000 / 32) = 1250: stream_k. Split: LDS 21760 (3 per CU),
//   1 wave per SIMD (8), registers 64 + 16 + 16 + 64 = 160 (3): W = 912;
//   k <= 64: 25 splits take one round of 50 (the least), 24 one round of
//   53, more than a twentieth more: split_k = 25.
// sm_90a: wgmma block 128x256x64, 4 stages (as @large_f16); tiles = 2 * 9 =
//   18 < 132. Split: LDS 4 * 49152 + 1008 = 197616, one per SM: W = 132;
//   kTiles = 625, k <= 64: 22 splits take 3 rounds of 29 = 87 (the least),
//   7 one round of 90, within a twentieth, 6 one of 105: split_k = 7.
//   Left to the heuristic, M = 256 <= 384 rows with 625 > 64 K-tiles
//   (isFewRowsLongGemm): roles 4,4 on 64 x 256 tiles (4 * 9 = 36) and the
//   split-K heuristic's k_batch (LDS 4 * 40960 + 1008 = 164848: W = 132):
//   7 splits take 2 rounds of 90 K-tiles, each round 16 more for the
//   workgroups' fill and store (212), the least; 11 take 3 of 57 (219).
// gfx1100: block 64x64x32, wave 32x32 (as @large_f16); tiles = 4 * 36 = 144
//   >= 96: no split.

// GFX942-LABEL: func.func @split_k_retinanet
// GFX942: config <block = [128, 128, 32], wave = [64, 64], mma = #ck.mfma<16x16x16, f16>, partition = #ck.partition<stream_k, min_iters = 8>> :
// GFX942-SPLIT-LABEL: func.func @split_k_retinanet
// GFX942-SPLIT: config <block = [128, 128, 32], wave = [64, 64], mma = #ck.mfma<16x16x16, f16>, partition = #ck.partition<split_k, k_batch = 25>> :
// GFX1100-LABEL: func.func @split_k_retinanet
// GFX1100: config <block = [64, 64, 32], wave = [32, 32], mma = #ck.wmma<16x16x16, f16, gfx11>> :
// SM90-LABEL: func.func @split_k_retinanet
// SM90: config <block = [64, 256, 64], wave = [16, 256], mma = #ck.wgmma<f16>, partition = #ck.partition<split_k, k_batch = 7>, lds_buffers = 4, load_waves = 4, async_copy> :
// SM90-SPLIT-LABEL: func.func @split_k_retinanet
// SM90-SPLIT: config <block = [128, 256, 64], wave = [16, 256], mma = #ck.wgmma<f16>, partition = #ck.partition<split_k, k_batch = 7>, lds_buffers = 4, async_copy> :
func.func @split_k_retinanet(%a: memref<1x256x40000xf16>, %b: memref<1x40000x2304xf16>,
                             %c: memref<1x256x2304xf16>) {
  ck.gemm %a, %b -> %c : memref<1x256x40000xf16>, memref<1x40000x2304xf16> -> memref<1x256x2304xf16>
  return
}

// -----
// Split work (as above) bounded by the K work: M = N = 128, K = 2048, f16. kTiles =
// 2048 / 32 = 64, 64 / 8 = 8 bounds the split on every chip: gfx942 (one
// 128x128 tile, W = 912) and gfx1100 (four 64x64 tiles, W = 288) take one
// round of 64 / k, the least at k = 8: split_k = 8. sm_90a takes wgmma, one
// 128 x 128 x 64 tile (N < 256; 3 stages), kTiles = 2048 / 64 = 32, 32 / 8 = 4
// with the partition asked for; without, one tile and 32 K-tiles make a
// small GEMM: wave roles 4,4 and data-parallel, whose two 64 x 128 tiles
// are few (2 * 2 < 132): four of 64 x 64, 8 stages.

// GFX942-LABEL: func.func @split_k_bounded_by_k
// GFX942: config <block = [128, 128, 32], wave = [64, 64], mma = #ck.mfma<16x16x16, f16>, partition = #ck.partition<stream_k, min_iters = 8>> :
// GFX942-SPLIT-LABEL: func.func @split_k_bounded_by_k
// GFX942-SPLIT: config <block = [128, 128, 32], wave = [64, 64], mma = #ck.mfma<16x16x16, f16>, partition = #ck.partition<split_k, k_batch = 8>> :
// GFX1100-LABEL: func.func @split_k_bounded_by_k
// GFX1100: config <block = [64, 64, 32], wave = [32, 32], mma = #ck.wmma<16x16x16, f16, gfx11>, partition = #ck.partition<stream_k, min_iters = 8>> :
// GFX1100-SPLIT-LABEL: func.func @split_k_bounded_by_k
// GFX1100-SPLIT: config <block = [64, 64, 32], wave = [32, 32], mma = #ck.wmma<16x16x16, f16, gfx11>, partition = #ck.partition<split_k, k_batch = 8>> :
// SM90-LABEL: func.func @split_k_bounded_by_k
// SM90: config <block = [64, 64, 64], wave = [16, 64], mma = #ck.wgmma<f16>, lds_buffers = 8, load_waves = 4, async_copy> :
// SM90-SPLIT-LABEL: func.func @split_k_bounded_by_k
// SM90-SPLIT: config <block = [128, 128, 64], wave = [16, 128], mma = #ck.wgmma<f16>, partition = #ck.partition<split_k, k_batch = 4>, lds_buffers = 3, async_copy> :
func.func @split_k_bounded_by_k(%a: memref<1x128x2048xf16>, %b: memref<1x2048x128xf16>,
                                %c: memref<1x128x128xf16>) {
  ck.gemm %a, %b -> %c : memref<1x128x2048xf16>, memref<1x2048x128xf16> -> memref<1x128x128xf16>
  return
}

// -----
// Split work (as above), k_batch capped at 64: M = N = 128, K = 32768, f16. kTiles = 32768 / 32 =
// 1024, 1024 / 8 = 128 -> 64. gfx942 (one tile, W = 912): 64 splits take
// one round of 16; 63 take 17, more than a twentieth more. gfx1100 (four
// 64x64 tiles; LDS 11520, 2 waves per SIMD, registers 32 + 16 + 16 + 16 +
// 144 = 224 twice: 3 per CU, W = 288): the same, 64.
// sm_90a (wgmma, one 128 x 128 x 64 tile, kTiles 512; LDS 99312,
// registers 64 + 64 twice: 2 per SM): one round of ceil(512 / 64) = 8
// needs all 64. Left to the heuristic, sm_90a's 128 rows and 512 K-tiles
// take roles 4,4 and split-K (isFewRowsLongGemm): two 64 x 128 tiles, whose
// 64 splits of 8 K-tiles run in one round (128 workgroups), the least.

// GFX942-LABEL: func.func @split_k_capped
// GFX942: config <block = [128, 128, 32], wave = [64, 64], mma = #ck.mfma<16x16x16, f16>, partition = #ck.partition<stream_k, min_iters = 8>> :
// GFX942-SPLIT-LABEL: func.func @split_k_capped
// GFX942-SPLIT: config <block = [128, 128, 32], wave = [64, 64], mma = #ck.mfma<16x16x16, f16>, partition = #ck.partition<split_k, k_batch = 64>> :
// GFX1100-LABEL: func.func @split_k_capped
// GFX1100: config <block = [64, 64, 32], wave = [32, 32], mma = #ck.wmma<16x16x16, f16, gfx11>, partition = #ck.partition<stream_k, min_iters = 8>> :
// GFX1100-SPLIT-LABEL: func.func @split_k_capped
// GFX1100-SPLIT: config <block = [64, 64, 32], wave = [32, 32], mma = #ck.wmma<16x16x16, f16, gfx11>, partition = #ck.partition<split_k, k_batch = 64>> :
// SM90-LABEL: func.func @split_k_capped
// SM90: config <block = [64, 128, 64], wave = [16, 128], mma = #ck.wgmma<f16>, partition = #ck.partition<split_k, k_batch = 64>, lds_buffers = 3, load_waves = 4, async_copy> :
// SM90-SPLIT-LABEL: func.func @split_k_capped
// SM90-SPLIT: config <block = [128, 128, 64], wave = [16, 128], mma = #ck.wgmma<f16>, partition = #ck.partition<split_k, k_batch = 64>, lds_buffers = 3, async_copy> :
func.func @split_k_capped(%a: memref<1x128x32768xf16>, %b: memref<1x32768x128xf16>,
                          %c: memref<1x128x128xf16>) {
  ck.gemm %a, %b -> %c : memref<1x128x32768xf16>, memref<1x32768x128xf16> -> memref<1x128x128xf16>
  return
}

// -----
// Batches count as tiles (split work as above): G = 4, M = N = 128, K = 2048. gfx942: tiles = 4;
// gfx1100: tiles = 4 * 4 = 16; 8 splits of each fill one round, and
// kTiles = 64 bounds both at 8. sm_90a (wgmma, 128 x 128 x 64): tiles = 4,
// kTiles = 32 bounds it at 4 with the partition asked for; without, a
// small GEMM as above (roles 4,4, data-parallel; 16 tiles of 64 x 64, 8
// stages).

// GFX942-LABEL: func.func @split_k_batched
// GFX942: config <block = [128, 128, 32], wave = [64, 64], mma = #ck.mfma<16x16x16, f16>, partition = #ck.partition<stream_k, min_iters = 8>> :
// GFX942-SPLIT-LABEL: func.func @split_k_batched
// GFX942-SPLIT: config <block = [128, 128, 32], wave = [64, 64], mma = #ck.mfma<16x16x16, f16>, partition = #ck.partition<split_k, k_batch = 8>> :
// GFX1100-LABEL: func.func @split_k_batched
// GFX1100: config <block = [64, 64, 32], wave = [32, 32], mma = #ck.wmma<16x16x16, f16, gfx11>, partition = #ck.partition<stream_k, min_iters = 8>> :
// GFX1100-SPLIT-LABEL: func.func @split_k_batched
// GFX1100-SPLIT: config <block = [64, 64, 32], wave = [32, 32], mma = #ck.wmma<16x16x16, f16, gfx11>, partition = #ck.partition<split_k, k_batch = 8>> :
// SM90-LABEL: func.func @split_k_batched
// SM90: config <block = [64, 64, 64], wave = [16, 64], mma = #ck.wgmma<f16>, lds_buffers = 8, load_waves = 4, async_copy> :
// SM90-SPLIT-LABEL: func.func @split_k_batched
// SM90-SPLIT: config <block = [128, 128, 64], wave = [16, 128], mma = #ck.wgmma<f16>, partition = #ck.partition<split_k, k_batch = 4>, lds_buffers = 3, async_copy> :
func.func @split_k_batched(%a: memref<4x128x2048xf16>, %b: memref<4x2048x128xf16>,
                           %c: memref<4x128x128xf16>) {
  ck.gemm %a, %b -> %c : memref<4x128x2048xf16>, memref<4x2048x128xf16> -> memref<4x128x128xf16>
  return
}

// -----
// A pinned configuration that fits is kept as is, although the heuristic
// would pick another one (see @split_k_bounded_by_k). fma is valid on every
// chip: wave 16x32 holds 1 x 2 fma tiles, block K 8 is a multiple of 1.
// Threads 2 * 2 * 64 = 256 (gfx942) or 128; LDS = (40 * 16 + 16 * 72) * 2 =
// 3584; registers at most (wave32) 2 * 8 + 8 * (1 * 4 + 2 * 1) +
// ceil(768 * 2 / 512) = 67, within gfx1100's 112.

// GFX942-LABEL: func.func @pinned
// GFX942: ck.gemm %{{.*}}, %{{.*}} -> %{{.*}} config <block = [32, 64, 8], wave = [16, 32], mma = #ck.fma, partition = #ck.partition<split_k, k_batch = 3>> :
// GFX1100-LABEL: func.func @pinned
// GFX1100: config <block = [32, 64, 8], wave = [16, 32], mma = #ck.fma, partition = #ck.partition<split_k, k_batch = 3>> :
// SM90-LABEL: func.func @pinned
// SM90: config <block = [32, 64, 8], wave = [16, 32], mma = #ck.fma, partition = #ck.partition<split_k, k_batch = 3>> :
func.func @pinned(%a: memref<1x128x2048xf16>, %b: memref<1x2048x128xf16>,
                  %c: memref<1x128x128xf16>) {
  ck.gemm %a, %b -> %c config <block = [32, 64, 8], wave = [16, 32], mma = #ck.fma, partition = #ck.partition<split_k, k_batch = 3>>
      : memref<1x128x2048xf16>, memref<1x2048x128xf16> -> memref<1x128x128xf16>
  return
}

// -----
// A ck.gemm on views: the pass reads only the operand types. a is a 1x64x32
// view of a 64x32 memref, so G = 1, M = 64, K = 32, N = 16.
// gfx942 / gfx1100 (m = n = 16): bM = tileFor(64, 128, 32) = 64,
//   bN = tileFor(16, 128, 32) = 32 (stops at the minimum), bK = 32, wave 32x16.
// sm_90a (n = 8): bN = tileFor(16, 128, 16) = 16, wave 32x8.
// All fit (at most 2 * 8 + 2 * 16 / 2 + 16 / 2 + ceil(3072 * 2 / 512) = 52
// registers, on gfx1100). tiles = 1, kTiles = 1: no split. Two LDS buffers:
// 2 * (72 * 40 + 40 * 40) * 2 = 17920 bytes (sm_90a: 15360).

// GFX942-LABEL: func.func @views
// GFX942: ck.gemm %{{.*}}, %{{.*}} -> %{{.*}} config <block = [64, 32, 32], wave = [32, 16], mma = #ck.mfma<16x16x16, f16>, lds_buffers = 2> : !ck.view<1x64x32xf16>
// GFX1100-LABEL: func.func @views
// GFX1100: config <block = [64, 32, 32], wave = [32, 16], mma = #ck.wmma<16x16x16, f16, gfx11>, lds_buffers = 2> : !ck.view<1x64x32xf16>
// SM90-LABEL: func.func @views
// SM90: config <block = [64, 16, 32], wave = [32, 8], mma = #ck.mma_sync<16x8x16, f16>> : !ck.view<1x64x32xf16>
func.func @views(%m: memref<64x32xf16>, %b: memref<1x32x16xf16>, %c: memref<1x64x16xf16>) {
  %a = ck.transform %m : memref<64x32xf16> to !ck.view<1x64x32xf16>
      by #ck.transform_map<[1, 64, 32] -> [64, 32], [
          #ck.transform<unmerge [0, 1] -> [0]>,
          #ck.transform<pass_through [2] -> [1]>]>
  ck.gemm %a, %b -> %c : !ck.view<1x64x32xf16>, memref<1x32x16xf16> -> memref<1x64x16xf16>
  return
}

// -----
// Tiles as small as their count allows: the B of a backward-weight GEMM of
// 3 x 3 taps of 32 channels (the G = 32, C = 8 RetinaNet layers with four
// groups merged), M = 32, N = 288, K = 4096.
// bM = tileFor(32, 128, 32) = 32. bN: 128 (64 < 288) takes ceil(288 / 128)
// = 3 tiles, and three cover 288 from ceil(288 / 3) = 96 on (a multiple of
// 32, and of 16 on sm_90a): bN = 96, wave 16x48. tiles = 3 < CUs and kTiles
// = 4096 / 32 = 128 >= 16: stream_k. Two LDS buffers on gfx942 (2 * (40 *
// 40 + 40 * 104) * 2 = 23040 bytes, twice that fits 64 KiB; registers 3 * 4
// + small fragments, under half of 448); one on gfx1100 (registers 3 * 8 +
// 8 + 3 * 8 + (32 * 32 + 32 * 96) * 2 / 128 / 4 = 72, over half of 112) and
// on sm_90a (shared memory carved out of the L1).

// GFX942-LABEL: func.func @padded_columns
// GFX942: config <block = [32, 96, 32], wave = [16, 48], mma = #ck.mfma<16x16x16, f16>, partition = #ck.partition<stream_k, min_iters = 8>, lds_buffers = 2>
// GFX1100-LABEL: func.func @padded_columns
// GFX1100: config <block = [32, 96, 32], wave = [16, 48], mma = #ck.wmma<16x16x16, f16, gfx11>, partition = #ck.partition<stream_k, min_iters = 8>>
// SM90-LABEL: func.func @padded_columns
// SM90: config <block = [32, 96, 32], wave = [16, 48], mma = #ck.mma_sync<16x8x16, f16>, partition = #ck.partition<stream_k, min_iters = 8>>
func.func @padded_columns(%a: memref<1x32x4096xf16>, %b: memref<1x4096x288xf16>,
                          %c: memref<1x32x288xf16>) {
  ck.gemm %a, %b -> %c : memref<1x32x4096xf16>, memref<1x4096x288xf16> -> memref<1x32x288xf16>
  return
}
