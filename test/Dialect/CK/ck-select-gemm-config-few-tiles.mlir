// RUN: ck-opt %s -split-input-file -ck-set-target=chip=sm_90a -ck-select-gemm-config | FileCheck %s
// RUN: ck-opt %s -split-input-file -ck-set-target=chip=sm_90a '-ck-select-gemm-config=partition=data_parallel,dp=persistent waves=4,4' | FileCheck %s --check-prefix=PERSISTENT

// ck-select-gemm-config on wgmma GEMMs with wave roles and a data-parallel
// partition whose tiles would fill fewer than half of the 132 SMs
// (lib/Target/GemmConfig.cpp, hasFewTiles): the columns halve (not below
// 64) until the tiles fill half of them, and the ring takes as many stages
// as the LDS holds, up to 8 and one per K-tile. A persistent partition
// keeps its tiles, and, one workgroup per SM, its load waves give the math
// waves registers (load_registers = 64, withLeanLoadWaves). Where 128-row tiles fill more than half of the SMs but
// not all (roles 4,8), tiles of 192 rows and half the columns take them
// where those still fit one round and pad M by at most a thirty-second
// more (tallSmallGemmColumns), with the same deep ring.

// The forward GEMM of a 3 x 3, 256-channel convolution at 7x7, batch 16:
// M = 784, N = 256, K = 2304. Seven 128-row tiles make it small (roles
// 4,4: 64 rows); 64 x 256 gives 13 tiles, 64 x 128 26, 64 x 64 52, still
// under 66 but the columns are 64: 8 stages of 16 KiB.
// CHECK-LABEL: func.func @narrowed_to_64
// CHECK: config <block = [64, 64, 64], wave = [16, 64], mma = #ck.wgmma<f16>, lds_buffers = 8, load_waves = 4, async_copy>
// PERSISTENT-LABEL: func.func @narrowed_to_64
// PERSISTENT: config <block = [64, 256, 64], wave = [16, 256], mma = #ck.wgmma<f16>, partition = #ck.partition<data_parallel, dp = persistent>, lds_buffers = 4, load_waves = 4, async_copy, load_registers = 64>
func.func @narrowed_to_64(%a: memref<1x784x2304xf16>, %b: memref<1x2304x256xf16>,
                          %c: memref<1x784x256xf16>) {
  ck.gemm %a, %b -> %c : memref<1x784x2304xf16>, memref<1x2304x256xf16> -> memref<1x784x256xf16>
  return
}

// -----
// At 13x13: M = 2704, 43 tiles of 64 x 256, 86 of 64 x 128 (2 * 86 >=
// 132). Eight stages of 24 KiB fit (the epilogue stages its tile in
// their LDS).
// CHECK-LABEL: func.func @narrowed_to_128
// CHECK: config <block = [64, 128, 64], wave = [16, 128], mma = #ck.wgmma<f16>, lds_buffers = 8, load_waves = 4, async_copy>
func.func @narrowed_to_128(%a: memref<1x2704x2304xf16>, %b: memref<1x2304x256xf16>,
                           %c: memref<1x2704x256xf16>) {
  ck.gemm %a, %b -> %c : memref<1x2704x2304xf16>, memref<1x2304x256xf16> -> memref<1x2704x256xf16>
  return
}

// -----
// At 25x25: M = 10000, 79 tiles of 128 rows (roles 4,8), which fill more
// than half of the SMs but not all; 192 x 128 tiles are 53 x 2 = 106, one
// round: roles 4,12, and 5 stages of 40 KiB (6 would not fit).
// CHECK-LABEL: func.func @tall_tiles
// CHECK: config <block = [192, 128, 64], wave = [16, 128], mma = #ck.wgmma<f16>, lds_buffers = 5, load_waves = 4, async_copy>
func.func @tall_tiles(%a: memref<1x10000x2304xf16>, %b: memref<1x2304x256xf16>,
                      %c: memref<1x10000x256xf16>) {
  ck.gemm %a, %b -> %c : memref<1x10000x2304xf16>, memref<1x2304x256xf16> -> memref<1x10000x256xf16>
  return
}

// -----
// M = 15360: 120 tiles of 128 x 256, but 80 x 2 = 160 of 192 x 128, more
// than one round: 128 x 256 tiles, 4 stages.
// CHECK-LABEL: func.func @enough_tiles
// CHECK: config <block = [128, 256, 64], wave = [16, 256], mma = #ck.wgmma<f16>, lds_buffers = 4, load_waves = 4, async_copy>
func.func @enough_tiles(%a: memref<1x15360x2304xf16>, %b: memref<1x2304x256xf16>,
                        %c: memref<1x15360x256xf16>) {
  ck.gemm %a, %b -> %c : memref<1x15360x2304xf16>, memref<1x2304x256xf16> -> memref<1x15360x256xf16>
  return
}

// -----
// M = 784, N = 2376 (the shape of forward with 2376 filters at 7x7; B
// N-major here: columns in multiples of 64): 7 x 10 = 70 tiles of 128 x
// 256, and 5 x 19 = 95 of 192 x 128 would fit one round, but 192-row tiles
// pad M to 960 rows against 896: 128 x 256 tiles, 4 stages.
// CHECK-LABEL: func.func @tall_tiles_pad_more
// CHECK: config <block = [128, 256, 64], wave = [16, 256], mma = #ck.wgmma<f16>, lds_buffers = 4, load_waves = 4, async_copy>
func.func @tall_tiles_pad_more(%a: memref<1x784x2304xf16>, %b: memref<1x2304x2376xf16>,
                               %c: memref<1x784x2376xf16>) {
  ck.gemm %a, %b -> %c : memref<1x784x2304xf16>, memref<1x2304x2376xf16> -> memref<1x784x2376xf16>
  return
}

// -----
// 128 columns: 79 tiles of 128 x 128 keep their columns (the tall tiles
// halve only columns above 128).
// CHECK-LABEL: func.func @narrow_columns
// CHECK: config <block = [128, 128, 64], wave = [16, 128], mma = #ck.wgmma<f16>, lds_buffers = 3, load_waves = 4, async_copy>
func.func @narrow_columns(%a: memref<1x10000x2304xf16>, %b: memref<1x2304x128xf16>,
                          %c: memref<1x10000x128xf16>) {
  ck.gemm %a, %b -> %c : memref<1x10000x2304xf16>, memref<1x2304x128xf16> -> memref<1x10000x128xf16>
  return
}
