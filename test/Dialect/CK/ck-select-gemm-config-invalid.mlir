// RUN: ck-opt %s -split-input-file -ck-set-target=chip=gfx942 -ck-select-gemm-config -verify-diagnostics
// RUN: not ck-opt %s -split-input-file -ck-set-target=chip=gfx1100 -ck-select-gemm-config 2>&1 | FileCheck %s --check-prefix=GFX1100
// RUN: not ck-opt %s -ck-select-gemm-config 2>&1 | FileCheck %s --check-prefix=NOTARGET

// ck-select-gemm-config checks a pinned #ck.gemm_config against the chip
// (explainGemmConfigMisfit in lib/Target/GemmConfig.cpp): one section per
// limit, in the order the function checks them, on gfx942 (wave64, 64 KiB of
// LDS, 512 registers per lane of which 448 after addressing). The wave32 sections are
// also run on gfx1100, where the instruction has the right wave size but is
// not the chip's; the last RUN line runs the pass on a module without a
// #ck.target.
// Costs (estimateCost): threads = (bM / wM) * (bN / wN) * wave size;
// LDS = ((bM + 8) * (bK + 8) + (bK + 8) * (bN + 8)) * bytes;
// registers = (wM / m) * (wN / n) * |C frag| + (wM / m) * |A frag| / (4 / bytes)
//   + (wN / n) * |B frag| / (4 / bytes)
//   + ceil((bM * bK + bK * bN) * bytes / (threads * 4)) (the prefetched tile).

// NOTARGET: error: ck-select-gemm-config needs a #ck.target: attach one as 'ck.target' on the module, or run ck-set-target{chip=...} first

// -----
// Wrong wave size: NVIDIA's #ck.mma_sync<16x8x16, f16> runs on 32 lanes, gfx942 has 64.
// On gfx1100 (wave32) the wave size fits, but it has no such instruction.
func.func @wave_size(%a: memref<1x64x64xf16>, %b: memref<1x64x64xf16>, %c: memref<1x64x64xf16>) {
  // expected-error @+2 {{'ck.gemm' op #ck.mma_sync<16x8x16, f16> runs on waves of 32 lanes; gfx942 has 64}}
  // GFX1100: ck-select-gemm-config-invalid.mlir:[[@LINE+1]]:3: error: 'ck.gemm' op gfx1100 has no #ck.mma_sync<16x8x16, f16> instruction
  ck.gemm %a, %b -> %c config <block = [64, 64, 32], wave = [32, 32], mma = #ck.mma_sync<16x8x16, f16>>
      : memref<1x64x64xf16>, memref<1x64x64xf16> -> memref<1x64x64xf16>
  return
}

// -----
// An instruction the chip lacks: gfx12's WMMA is a wave32 instruction (so
// the wave-size check fires first on gfx942); gfx1100 is wave32 but only has
// the gfx11 encoding.
func.func @wrong_wmma(%a: memref<1x64x64xf16>, %b: memref<1x64x64xf16>, %c: memref<1x64x64xf16>) {
  // expected-error @+2 {{'ck.gemm' op #ck.wmma<16x16x16, f16, gfx12> runs on waves of 32 lanes; gfx942 has 64}}
  // GFX1100: ck-select-gemm-config-invalid.mlir:[[@LINE+1]]:3: error: 'ck.gemm' op gfx1100 has no #ck.wmma<16x16x16, f16, gfx12> instruction
  ck.gemm %a, %b -> %c config <block = [64, 64, 32], wave = [32, 32], mma = #ck.wmma<16x16x16, f16, gfx12>>
      : memref<1x64x64xf16>, memref<1x64x64xf16> -> memref<1x64x64xf16>
  return
}

// -----
// gfx950's MFMA 16x16x32 on gfx942, which has only 16x16x16.
func.func @gfx950_mfma(%a: memref<1x64x64xf16>, %b: memref<1x64x64xf16>, %c: memref<1x64x64xf16>) {
  // expected-error @+1 {{'ck.gemm' op gfx942 has no #ck.mfma<16x16x32, f16> instruction}}
  ck.gemm %a, %b -> %c config <block = [64, 64, 32], wave = [32, 32], mma = #ck.mfma<16x16x32, f16>>
      : memref<1x64x64xf16>, memref<1x64x64xf16> -> memref<1x64x64xf16>
  return
}

// -----
// Wrong element type: the f16 MFMA on bf16 inputs.
func.func @bf16_on_f16_mfma(%a: memref<1x64x64xbf16>, %b: memref<1x64x64xbf16>, %c: memref<1x64x64xbf16>) {
  // expected-error @+1 {{'ck.gemm' op #ck.mfma<16x16x16, f16> does not take bf16 inputs}}
  ck.gemm %a, %b -> %c config <block = [64, 64, 32], wave = [32, 32], mma = #ck.mfma<16x16x16, f16>>
      : memref<1x64x64xbf16>, memref<1x64x64xbf16> -> memref<1x64x64xbf16>
  return
}

// -----
// Wrong element type: the f32 MFMA on f16 inputs.
func.func @f16_on_f32_mfma(%a: memref<1x64x64xf16>, %b: memref<1x64x64xf16>, %c: memref<1x64x64xf32>) {
  // expected-error @+1 {{'ck.gemm' op #ck.mfma<16x16x4, f32> does not take f16 inputs}}
  ck.gemm %a, %b -> %c config <block = [64, 64, 32], wave = [32, 32], mma = #ck.mfma<16x16x4, f32>>
      : memref<1x64x64xf16>, memref<1x64x64xf16> -> memref<1x64x64xf32>
  return
}

// -----
// Asynchronous copies to LDS on a chip without them (no AMD chip has a
// lowering yet).
func.func @async_copy_on_amd(%a: memref<1x64x64xf16>, %b: memref<1x64x64xf16>, %c: memref<1x64x64xf16>) {
  // expected-error @+1 {{'ck.gemm' op gfx942 has no asynchronous copies to LDS (async_copy)}}
  ck.gemm %a, %b -> %c config <block = [64, 64, 32], wave = [32, 32], mma = #ck.mfma<16x16x16, f16>, lds_buffers = 3, async_copy>
      : memref<1x64x64xf16>, memref<1x64x64xf16> -> memref<1x64x64xf16>
  return
}

// -----
// A wave tile that is not a whole number of instruction tiles: 24 % 16 = 8
// (the block, 48x128, is a whole number of 24x64 wave tiles, as the
// attribute's own verifier demands).
func.func @wave_tile(%a: memref<1x64x64xf16>, %b: memref<1x64x64xf16>, %c: memref<1x64x64xf16>) {
  // expected-error @+1 {{'ck.gemm' op wave tile 24x64 is not a whole number of #ck.mfma<16x16x16, f16> tiles (16x16)}}
  ck.gemm %a, %b -> %c config <block = [48, 128, 32], wave = [24, 64], mma = #ck.mfma<16x16x16, f16>>
      : memref<1x64x64xf16>, memref<1x64x64xf16> -> memref<1x64x64xf16>
  return
}

// -----
// Block K that is not a multiple of the instruction's K: 24 % 16 = 8.
func.func @block_k(%a: memref<1x64x64xf16>, %b: memref<1x64x64xf16>, %c: memref<1x64x64xf16>) {
  // expected-error @+1 {{'ck.gemm' op block K 24 is not a multiple of #ck.mfma<16x16x16, f16>'s K (16)}}
  ck.gemm %a, %b -> %c config <block = [128, 128, 24], wave = [64, 64], mma = #ck.mfma<16x16x16, f16>>
      : memref<1x64x64xf16>, memref<1x64x64xf16> -> memref<1x64x64xf16>
  return
}

// -----
// Too many threads: (256 / 32) * (128 / 32) = 32 waves of 64 lanes = 2048.
func.func @threads(%a: memref<1x64x64xf16>, %b: memref<1x64x64xf16>, %c: memref<1x64x64xf16>) {
  // expected-error @+1 {{'ck.gemm' op configuration needs 2048 threads per workgroup; the limit is 1024}}
  ck.gemm %a, %b -> %c config <block = [256, 128, 32], wave = [32, 32], mma = #ck.mfma<16x16x16, f16>>
      : memref<1x64x64xf16>, memref<1x64x64xf16> -> memref<1x64x64xf16>
  return
}

// -----
// LDS over gfx942's 64 KiB: 4 waves (256 threads), and
// ((256 + 8) * (64 + 8) + (64 + 8) * (256 + 8)) * 2 bytes = 2 * 19008 * 2 =
// 76032 > 65536.
func.func @lds(%a: memref<1x64x64xf16>, %b: memref<1x64x64xf16>, %c: memref<1x64x64xf16>) {
  // expected-error @+1 {{'ck.gemm' op configuration needs 76032 bytes of LDS per workgroup; gfx942 allows 65536}}
  ck.gemm %a, %b -> %c config <block = [256, 256, 64], wave = [128, 128], mma = #ck.mfma<16x16x16, f16>>
      : memref<1x64x64xf16>, memref<1x64x64xf16> -> memref<1x64x64xf16>
  return
}

// -----
// Registers over the limit: one wave (64 threads) with a 256x256 tile;
// LDS = (264 * 24 + 24 * 264) * 2 = 25344 fits. Registers:
// (256 / 16) * (256 / 16) = 256 tiles * 4 accumulators = 1024, plus
// 16 * 4 / 2 = 32 A and 16 * 4 / 2 = 32 B fragment registers, plus the
// prefetched K-tile: (256 * 16 + 16 * 256) * 2 bytes over 64 threads * 4
// bytes = 64 registers. 1152 > 512 - 64 = 448.
func.func @registers(%a: memref<1x64x64xf16>, %b: memref<1x64x64xf16>, %c: memref<1x64x64xf16>) {
  // expected-error @+1 {{'ck.gemm' op configuration needs about 1152 registers per lane for accumulators, fragments and the prefetched tile; gfx942 allows 448 after addressing}}
  ck.gemm %a, %b -> %c config <block = [256, 256, 16], wave = [256, 256], mma = #ck.mfma<16x16x16, f16>>
      : memref<1x64x64xf16>, memref<1x64x64xf16> -> memref<1x64x64xf16>
  return
}

// -----
// Waves that share a SIMD share its registers: 4 math waves of 128 x 128
// and 4 load waves are 8 waves, 2 per SIMD, so each may hold 512 / 2 - 64
// = 192. The math role needs (128 / 16)^2 = 64 tiles * 4 = 256
// accumulators and 8 * 4 / 2 + 8 * 4 / 2 = 32 fragment registers, 288;
// the load role (256 * 32 + 32 * 256) * 2 / (256 * 4) = 32. LDS (264 * 40
// + 40 * 264) * 2 = 42240 and the epilogue's 2 * 16 * 260 * 4 = 33280 fit.
func.func @shared_simd(%a: memref<1x64x64xf16>, %b: memref<1x64x64xf16>, %c: memref<1x64x64xf16>) {
  // expected-error @+1 {{'ck.gemm' op configuration needs about 288 registers per lane for accumulators, fragments and the prefetched tile; gfx942 allows 192 to each of its 2 waves on a SIMD after addressing}}
  ck.gemm %a, %b -> %c config <block = [256, 256, 32], wave = [128, 128], mma = #ck.mfma<16x16x16, f16>, load_waves = 4>
      : memref<1x64x64xf16>, memref<1x64x64xf16> -> memref<1x64x64xf16>
  return
}

// -----
// With StreamK the fix-up's partial tile counts too: the same waves of 64 x
// 128 (2 x 2, block 128 x 256) need 32 * 4 = 128 accumulators + 4 * 4 / 2
// + 8 * 4 / 2 = 24 fragment registers, 152, and 128 more for the partial:
// 280 > 192.
func.func @streamk_fixup(%a: memref<1x64x64xf16>, %b: memref<1x64x64xf16>, %c: memref<1x64x64xf16>) {
  // expected-error @+1 {{'ck.gemm' op configuration needs about 280 registers per lane for accumulators, fragments and the prefetched tile (128 of them for StreamK's partial tiles); gfx942 allows 192 to each of its 2 waves on a SIMD after addressing}}
  ck.gemm %a, %b -> %c config <block = [128, 256, 32], wave = [64, 128], mma = #ck.mfma<16x16x16, f16>, partition = #ck.partition<stream_k>, load_waves = 4>
      : memref<1x64x64xf16>, memref<1x64x64xf16> -> memref<1x64x64xf16>
  return
}

// -----
// A persistent data-parallel partition runs its units without workgroup
// barriers between them, which needs wave roles on mbarriers (NVIDIA with
// TMA).
func.func @persistent_on_amd(%a: memref<1x64x64xf16>, %b: memref<1x64x64xf16>, %c: memref<1x64x64xf16>) {
  // expected-error @+1 {{'ck.gemm' op a partition whose units share a ring (persistent data-parallel, StreamK with ring = shared) needs wave roles (load_waves) that hand K-tiles over on mbarriers, which only NVIDIA chips with TMA poll; gfx942 has none}}
  ck.gemm %a, %b -> %c config <block = [64, 64, 32], wave = [32, 32], mma = #ck.mfma<16x16x16, f16>, partition = #ck.partition<data_parallel, dp = persistent>, load_waves = 4>
      : memref<1x64x64xf16>, memref<1x64x64xf16> -> memref<1x64x64xf16>
  return
}
