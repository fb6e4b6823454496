// RUN: ck-opt %s -split-input-file -ck-set-target=chip=sm_90a -ck-select-gemm-config | FileCheck %s

// Long wgmma GEMMs on sm_90a (lib/Target/GemmConfig.cpp, longGemmRoles):
// more than 384 rows and 64 K-tiles of 64, and fewer 128-row tiles than two
// rounds of the 132 SMs: one load warpgroup and 8 math waves (4 below
// eight tiles) with the split-K heuristic's count, which leaves the GEMM
// data-parallel where one split does. Every config holds one workgroup per
// SM (4 stages of 48 or 40 KB). bf16, B N-major as in backward-weight.

// -----
// A 1x1 backward-weight layer of 1024 filters and channels at 50x50: 32
// tiles of 128 x 256, 625 K-tiles. 4 splits are one round of 128
// workgroups (157 + 16 K-tiles a round, the rule's overhead); 5 or more
// take two.

// CHECK-LABEL: func.func @filters_by_channels
// CHECK: config <block = [128, 256, 64], wave = [16, 256], mma = #ck.wgmma<bf16>, partition = #ck.partition<split_k, k_batch = 4>, lds_buffers = 4, load_waves = 4, async_copy> :
func.func @filters_by_channels(%a: memref<1x1024x40000xbf16>, %b: memref<1x40000x1024xbf16>, %c: memref<1x1024x1024xbf16>) {
  ck.gemm %a, %b -> %c : memref<1x1024x40000xbf16>, memref<1x40000x1024xbf16> -> memref<1x1024x1024xbf16>
  return
}

// -----
// The 2376-filter head's backward-weight at 100x100: 19 x 9 = 171 tiles,
// more than the SMs, the second round a third full. 3 splits take 4
// rounds of 834 (+ 16), 97% of the workgroups busy; 2 take 3 rounds of
// 1250.

// CHECK-LABEL: func.func @more_tiles_than_sms
// CHECK: config <block = [128, 256, 64], wave = [16, 256], mma = #ck.wgmma<bf16>, partition = #ck.partition<split_k, k_batch = 3>, lds_buffers = 4, load_waves = 4, async_copy> :
func.func @more_tiles_than_sms(%a: memref<1x2376x160000xbf16>, %b: memref<1x160000x2304xbf16>, %c: memref<1x2376x2304xbf16>) {
  ck.gemm %a, %b -> %c : memref<1x2376x160000xbf16>, memref<1x160000x2304xbf16> -> memref<1x2376x2304xbf16>
  return
}

// -----
// 512 filters by 256 channels: four 128-row tiles, under eight, so 4 math
// waves on 64-row tiles (8 of them); 16 splits of 157 K-tiles make 128
// workgroups in one round.

// CHECK-LABEL: func.func @few_tall_tiles
// CHECK: config <block = [64, 256, 64], wave = [16, 256], mma = #ck.wgmma<bf16>, partition = #ck.partition<split_k, k_batch = 16>, lds_buffers = 4, load_waves = 4, async_copy> :
func.func @few_tall_tiles(%a: memref<1x512x160000xbf16>, %b: memref<1x160000x256xbf16>, %c: memref<1x512x256xbf16>) {
  ck.gemm %a, %b -> %c : memref<1x512x160000xbf16>, memref<1x160000x256xbf16> -> memref<1x512x256xbf16>
  return
}

// -----
// 132 tiles fill one round: one split (128 + 16 K-tiles against 2 rounds
// of 64 + 16 for two), so data-parallel, the roles kept.

// CHECK-LABEL: func.func @one_split_does
// CHECK: config <block = [128, 256, 64], wave = [16, 256], mma = #ck.wgmma<bf16>, lds_buffers = 4, load_waves = 4, async_copy> :
func.func @one_split_does(%a: memref<1x16896x8192xbf16>, %b: memref<1x8192x256xbf16>, %c: memref<1x16896x256xbf16>) {
  ck.gemm %a, %b -> %c : memref<1x16896x8192xbf16>, memref<1x8192x256xbf16> -> memref<1x16896x256xbf16>
  return
}

// -----
// 264 tiles, two full rounds: not a long GEMM; data-parallel without roles.

// CHECK-LABEL: func.func @two_rounds
// CHECK: config <block = [128, 256, 64], wave = [16, 256], mma = #ck.wgmma<bf16>, lds_buffers = 4, async_copy> :
func.func @two_rounds(%a: memref<1x33792x8192xbf16>, %b: memref<1x8192x256xbf16>, %c: memref<1x33792x256xbf16>) {
  ck.gemm %a, %b -> %c : memref<1x33792x8192xbf16>, memref<1x8192x256xbf16> -> memref<1x33792x256xbf16>
  return
}

// -----
// The first GEMM with rows of 40002 elements (80004 bytes, not a multiple
// of 16): TMA cannot copy A, the load waves copy it by cp.async. A second
// load warpgroup (roles 8,8) signals each slot as its copies land
// (takesLandedLoadWaves), and the load waves keep 96 of the register file's
// registers per lane.

// CHECK-LABEL: func.func @filters_by_channels_copied_by_threads
// CHECK: config <block = [128, 256, 64], wave = [16, 256], mma = #ck.wgmma<bf16>, partition = #ck.partition<split_k, k_batch = 4>, lds_buffers = 4, load_waves = 8, async_copy, load_registers = 96, signal_landed> :
func.func @filters_by_channels_copied_by_threads(%a: memref<1x1024x40002xbf16>, %b: memref<1x40002x1024xbf16>, %c: memref<1x1024x1024xbf16>) {
  ck.gemm %a, %b -> %c : memref<1x1024x40002xbf16>, memref<1x40002x1024xbf16> -> memref<1x1024x1024xbf16>
  return
}
