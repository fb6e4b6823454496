// With roles and split-K reduced in clusters of k_batch = 8, a GEMM whose
// tiles times splits fill fewer than half the compute units (sm_90a: 66 of
// 132) halves its columns (not below 64) until they fill half of them, and
// takes no more stages than a split's K-tiles (at least 2)
// (lib/Target/GemmConfig.cpp, selectWgmmaConfig).
// RUN: ck-opt %s -split-input-file -ck-set-target=chip=sm_90a '-ck-select-gemm-config=partition="split_k,k_batch=8,reduce=cluster" waves=4,4' | FileCheck %s

// The K = 36 head's backward-weight at 7x7 over the output gradient's
// windows: M = 324 (6 tiles of 64 rows), N = 256, K = 784 (13 K-tiles).
// 6 x 8 = 48 workgroups in 64 x 256 tiles, 12 x 8 = 96 in 64 x 128; a
// split has 2 K-tiles: 2 stages.
// CHECK-LABEL: func.func @k36_7x7
// CHECK: config <block = [64, 128, 64], wave = [16, 128], mma = #ck.wgmma<bf16>, partition = #ck.partition<split_k, k_batch = 8, reduce = cluster>, lds_buffers = 2, load_waves = 4, async_copy>
func.func @k36_7x7(%a: memref<1x324x784xbf16>, %b: memref<1x784x256xbf16>,
                   %c: memref<1x324x256xbf16>) {
  ck.gemm %a, %b -> %c : memref<1x324x784xbf16>, memref<1x784x256xbf16> -> memref<1x324x256xbf16>
  return
}

// -----
// 24 tiles of 64 x 256 (M = 1536) by 8 splits fill 192 workgroups: the
// tiles and the stages stay (4 above 128 columns).
// CHECK-LABEL: func.func @filled
// CHECK: config <block = [64, 256, 64], wave = [16, 256], mma = #ck.wgmma<f16>, partition = #ck.partition<split_k, k_batch = 8, reduce = cluster>, lds_buffers = 4, load_waves = 4, async_copy>
func.func @filled(%a: memref<1x1536x4096xf16>, %b: memref<1x4096x256xf16>,
                  %c: memref<1x1536x256xf16>) {
  ck.gemm %a, %b -> %c : memref<1x1536x4096xf16>, memref<1x4096x256xf16> -> memref<1x1536x256xf16>
  return
}

// -----
// One 64-row tile (M = 64) by 8 splits: the columns halve to 64 and stop
// there (8 workgroups still fill fewer than half); 64 K-tiles, 8 per
// split: 3 stages, the most for 64 columns.
// CHECK-LABEL: func.func @floor
// CHECK: config <block = [64, 64, 64], wave = [16, 64], mma = #ck.wgmma<f16>, partition = #ck.partition<split_k, k_batch = 8, reduce = cluster>, lds_buffers = 3, load_waves = 4, async_copy>
func.func @floor(%a: memref<1x64x4096xf16>, %b: memref<1x4096x256xf16>,
                 %c: memref<1x64x256xf16>) {
  ck.gemm %a, %b -> %c : memref<1x64x4096xf16>, memref<1x4096x256xf16> -> memref<1x64x256xf16>
  return
}
