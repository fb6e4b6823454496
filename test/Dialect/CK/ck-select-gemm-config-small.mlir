// RUN: ck-opt %s -split-input-file -ck-set-target=chip=sm_90a -ck-select-gemm-config | FileCheck %s
// RUN: ck-opt %s -split-input-file -ck-set-target=chip=sm_90a -ck-select-gemm-config=partition=split_k | FileCheck %s --check-prefix=ASKED

// Small wgmma GEMMs on sm_90a (lib/Target/GemmConfig.cpp, smallGemmRoles):
// where the heuristic's 128-row tiles are fewer than the 132 SMs and K has
// at most 64 K-tiles of 64, and no partition, roles or stages are asked
// for, one load warpgroup (4 waves) and 4 or 8 math waves, data-parallel.
// All f16, N = 256 (tiles of 256 columns, 4 stages).

// -----
// 7680 rows: 60 tiles of 128 x 256, 2 * 60 = 120 < 132: 4 math waves, 64-row
// tiles (120 of them). K = 256: 4 K-tiles.

// CHECK-LABEL: func.func @few_tiles
// CHECK: config <block = [64, 256, 64], wave = [16, 256], mma = #ck.wgmma<f16>, lds_buffers = 4, load_waves = 4, async_copy> :
// ASKED-LABEL: func.func @few_tiles
// ASKED-NOT: load_waves
// ASKED: partition = #ck.partition<split_k, k_batch = 2>
// ASKED-NOT: load_waves
func.func @few_tiles(%a: memref<1x7680x256xf16>, %b: memref<1x256x256xf16>, %c: memref<1x7680x256xf16>) {
  ck.gemm %a, %b -> %c : memref<1x7680x256xf16>, memref<1x256x256xf16> -> memref<1x7680x256xf16>
  return
}

// -----
// 12800 rows: 100 tiles, 2 * 100 >= 132: 8 math waves, 128-row tiles, where
// K has at least 8 K-tiles (kMinLongKTiles): K = 1024, 16 K-tiles. With K
// = 256 (4 K-tiles) the load warpgroup would not pay: no roles, and the
// heuristic's partition (data-parallel: too few K-tiles for StreamK).

// CHECK-LABEL: func.func @half_the_sms
// CHECK: config <block = [128, 256, 64], wave = [16, 256], mma = #ck.wgmma<f16>, lds_buffers = 4, load_waves = 4, async_copy> : memref<1x12800x1024xf16>
// CHECK: config <block = [128, 256, 64], wave = [16, 256], mma = #ck.wgmma<f16>, lds_buffers = 4, async_copy> : memref<1x12800x256xf16>
func.func @half_the_sms(%a: memref<1x12800x1024xf16>, %b: memref<1x1024x256xf16>,
                        %as: memref<1x12800x256xf16>, %bs: memref<1x256x256xf16>,
                        %c: memref<1x12800x256xf16>) {
  ck.gemm %a, %b -> %c : memref<1x12800x1024xf16>, memref<1x1024x256xf16> -> memref<1x12800x256xf16>
  ck.gemm %as, %bs -> %c : memref<1x12800x256xf16>, memref<1x256x256xf16> -> memref<1x12800x256xf16>
  return
}

// -----
// 60 tiles again but K = 4160: 65 K-tiles, too long; a long GEMM instead
// (longGemmRoles, ck-select-gemm-config-long.mlir): roles 4,8 and split-K,
// 2 splits of the 60 tiles in one round.

// CHECK-LABEL: func.func @long_k
// CHECK: config <block = [128, 256, 64], wave = [16, 256], mma = #ck.wgmma<f16>, partition = #ck.partition<split_k, k_batch = 2>, lds_buffers = 4, load_waves = 4, async_copy> :
func.func @long_k(%a: memref<1x7680x4160xf16>, %b: memref<1x4160x256xf16>, %c: memref<1x7680x256xf16>) {
  ck.gemm %a, %b -> %c : memref<1x7680x4160xf16>, memref<1x4160x256xf16> -> memref<1x7680x256xf16>
  return
}

// -----
// 16896 rows: 132 tiles fill the SMs: not a small GEMM but one of many
// tiles (manyTileGemmRoles): roles 4,8 in persistent workgroups on one
// ring, TMA's, so load waves of 64 registers; 3 stages beside the staging
// tile.

// CHECK-LABEL: func.func @fills_the_sms
// CHECK: config <block = [128, 256, 64], wave = [16, 256], mma = #ck.wgmma<f16>, partition = #ck.partition<data_parallel, dp = persistent>, lds_buffers = 3, load_waves = 4, async_copy, load_registers = 64> :
func.func @fills_the_sms(%a: memref<1x16896x256xf16>, %b: memref<1x256x256xf16>, %c: memref<1x16896x256xf16>) {
  ck.gemm %a, %b -> %c : memref<1x16896x256xf16>, memref<1x256x256xf16> -> memref<1x16896x256xf16>
  return
}

// -----
// One 64-row tile along M with a long K (isFewRowsLongGemm): backward-weight
// of 32 groups of 8 channels merged 8 at a time (64 filters by 3 x 3 taps
// of 64 channels, K over 16 x 100 x 100 pixels), whose operands TMA copies.
// Roles 4,4 (64 rows), the heuristic's split-K: 4 groups x 3 tiles of 192
// columns (576 = 3 x 192, the fewest multiples of 64 for 3 tiles; B is
// N-major), 2500 K-tiles, and one workgroup per SM (4 stages of 32 KB):
// k_batch 11 gives 12 x 11 = 132 workgroups, the first within 5% of the
// shortest makespan. With K = 4096 (64 K-tiles, kMaxSmallGemmKTiles) it
// is a small GEMM instead: data-parallel, and its 12 tiles, fewer than
// half the SMs, narrow to 64 columns with 8 stages (hasFewTiles).

// CHECK-LABEL: func.func @narrow_long
// CHECK: config <block = [64, 192, 64], wave = [16, 192], mma = #ck.wgmma<f16>, partition = #ck.partition<split_k, k_batch = 11>, lds_buffers = 4, load_waves = 4, async_copy> : memref<4x64x160000xf16>
// CHECK: config <block = [64, 64, 64], wave = [16, 64], mma = #ck.wgmma<f16>, lds_buffers = 8, load_waves = 4, async_copy> : memref<4x64x4096xf16>
func.func @narrow_long(%a: memref<4x64x160000xf16>, %b: memref<4x160000x576xf16>,
                       %as: memref<4x64x4096xf16>, %bs: memref<4x4096x576xf16>,
                       %c: memref<4x64x576xf16>) {
  ck.gemm %a, %b -> %c : memref<4x64x160000xf16>, memref<4x160000x576xf16> -> memref<4x64x576xf16>
  ck.gemm %as, %bs -> %c : memref<4x64x4096xf16>, memref<4x4096x576xf16> -> memref<4x64x576xf16>
  return
}

// -----
// Six 64-row tiles along M with a long K (isFewRowsLongGemm, at most 384
// rows): backward-weight over the output gradient's windows, 3 x 3 taps of
// 36 filters (324 rows) by 256 channels, K over 16 x 100 x 100 pixels.
// Roles 4,4 and the heuristic's split-K: 6 tiles of 64 x 256, 2500 K-tiles,
// one workgroup per SM (4 stages of 40 KB): k_batch 22 gives 132
// workgroups. With 385 rows (seven tiles) it is not such a GEMM but a
// long one (longGemmRoles): four 128-row tiles, under eight, take roles 4,4
// too, and 18 splits of 7 tiles make 126 workgroups.

// CHECK-LABEL: func.func @few_rows_long
// CHECK: config <block = [64, 256, 64], wave = [16, 256], mma = #ck.wgmma<bf16>, partition = #ck.partition<split_k, k_batch = 22>, lds_buffers = 4, load_waves = 4, async_copy> : memref<1x324x160000xbf16>
// CHECK: config <block = [64, 256, 64], wave = [16, 256], mma = #ck.wgmma<bf16>, partition = #ck.partition<split_k, k_batch = 18>, lds_buffers = 4, load_waves = 4, async_copy> : memref<1x385x160000xbf16>
func.func @few_rows_long(%a: memref<1x324x160000xbf16>, %b: memref<1x160000x256xbf16>,
                         %c: memref<1x324x256xbf16>,
                         %a7: memref<1x385x160000xbf16>, %c7: memref<1x385x256xbf16>) {
  ck.gemm %a, %b -> %c : memref<1x324x160000xbf16>, memref<1x160000x256xbf16> -> memref<1x324x256xbf16>
  ck.gemm %a7, %b -> %c7 : memref<1x385x160000xbf16>, memref<1x160000x256xbf16> -> memref<1x385x256xbf16>
  return
}

// -----
// The same GEMM with rows of 160002 elements (320004 bytes, not a multiple
// of 16): TMA cannot copy A, the load waves copy it by cp.async, as they
// gather the K = 36 head's dy. Three 128-row tiles fill the 132 SMs with 44
// splits of 57 K-tiles, at least 32 (fewRowsLongGemmRoles): 128 x 256
// tiles with roles 4,8, which takesLandedLoadWaves makes 8,8 with landed
// signals. At 40002 elements (the 50x50 layer's 625 K-tiles) 44 splits
// would keep 14 K-tiles each: 64-row tiles with roles 4,4 as above.

// CHECK-LABEL: func.func @few_rows_long_copied_by_threads
// CHECK: config <block = [128, 256, 64], wave = [16, 256], mma = #ck.wgmma<bf16>, partition = #ck.partition<split_k, k_batch = 44>, lds_buffers = 4, load_waves = 8, async_copy, load_registers = 96, signal_landed> : memref<1x324x160002xbf16>
// CHECK: config <block = [64, 256, 64], wave = [16, 256], mma = #ck.wgmma<bf16>, partition = #ck.partition<split_k, k_batch = 22>, lds_buffers = 4, load_waves = 4, async_copy> : memref<1x324x40002xbf16>
func.func @few_rows_long_copied_by_threads(
    %a: memref<1x324x160002xbf16>, %b: memref<1x160002x256xbf16>,
    %c: memref<1x324x256xbf16>, %a50: memref<1x324x40002xbf16>,
    %b50: memref<1x40002x256xbf16>) {
  ck.gemm %a, %b -> %c : memref<1x324x160002xbf16>, memref<1x160002x256xbf16> -> memref<1x324x256xbf16>
  ck.gemm %a50, %b50 -> %c : memref<1x324x40002xbf16>, memref<1x40002x256xbf16> -> memref<1x324x256xbf16>
  return
}
