// RUN: ck-opt %s -split-input-file -ck-set-target=chip=sm_80 -ck-select-gemm-config | FileCheck %s
// RUN: ck-opt %s -split-input-file -ck-set-target=chip=sm_80 '-ck-select-gemm-config=stages=1' | FileCheck %s --check-prefix=S1

// The heuristic's staged block for mma.sync of 16-bit inputs
// (lib/Target/GemmConfig.cpp, selectGemmConfig): where the K loop has at
// least 8 K-tiles and the GEMM at least two of its tiles per compute unit
// (sm_80: 2 * 108) or at least 1024 K-tiles, it copies through 3 cp.async
// stages in the block those
// registers allow: without the prefetched tile, 128 x 128 in waves of
// 64 x 64 needs 32 * 4 + 16 + 16 = 160 of the 191 registers a wave may
// hold. Elsewhere, and with stages=1, the block is the one the register
// prefetch fits (64 x 128: the prefetch adds 32 registers to 128 x 128's
// 160), as for tf32. Where tiles of 128 x 256 (eight waves of 64 x 64) are
// fewer than the compute units and K is long enough for StreamK, the
// staged block is that wide one (wideStreamKConfig).

// 4096 x 4096: 1024 tiles of 128 x 128, data-parallel.
// CHECK-LABEL: func.func @many_tiles
// CHECK: config <block = [128, 128, 32], wave = [64, 64], mma = #ck.mma_sync<16x8x16, f16>, lds_buffers = 3, async_copy>
// S1-LABEL: func.func @many_tiles
// S1: config <block = [64, 128, 32], wave = [32, 64], mma = #ck.mma_sync<16x8x16, f16>> :
func.func @many_tiles(%a: memref<1x4096x256xf16>, %b: memref<1x256x4096xf16>,
                      %c: memref<1x4096x4096xf16>) {
  ck.gemm %a, %b -> %c : memref<1x4096x256xf16>, memref<1x256x4096xf16> -> memref<1x4096x4096xf16>
  return
}

// -----
// 18 tiles of 128 x 256 (fewer than the compute units: StreamK) with 5000
// K-tiles: the backward-weight GEMM of a 3x3 layer of 256 channels at
// 100x100 takes the wide block.
// CHECK-LABEL: func.func @long_k
// CHECK: config <block = [128, 256, 32], wave = [64, 64], mma = #ck.mma_sync<16x8x16, bf16>, partition = #ck.partition<stream_k, min_iters = 8>, lds_buffers = 3, async_copy>
// S1-LABEL: func.func @long_k
// S1: config <block = [64, 128, 32], wave = [32, 64], mma = #ck.mma_sync<16x8x16, bf16>, partition = #ck.partition<stream_k, min_iters = 8>> :
func.func @long_k(%a: memref<1x256x160000xbf16>, %b: memref<1x160000x2304xbf16>,
                  %c: memref<1x256x2304xbf16>) {
  ck.gemm %a, %b -> %c : memref<1x256x160000xbf16>, memref<1x160000x2304xbf16> -> memref<1x256x2304xbf16>
  return
}

// -----
// 2376 x 2304 (2376 filters): 171 tiles of 128 x 256, more than the compute
// units, so no StreamK in the wide block; 342 tiles of 128 x 128,
// data-parallel.
// CHECK-LABEL: func.func @many_wide_tiles
// CHECK: config <block = [128, 128, 32], wave = [64, 64], mma = #ck.mma_sync<16x8x16, f16>, lds_buffers = 3, async_copy>
func.func @many_wide_tiles(%a: memref<1x2376x160000xf16>, %b: memref<1x160000x2304xf16>,
                           %c: memref<1x2376x2304xf16>) {
  ck.gemm %a, %b -> %c : memref<1x2376x160000xf16>, memref<1x160000x2304xf16> -> memref<1x2376x2304xf16>
  return
}

// -----
// 128 columns: no wider block than 128 x 128, StreamK.
// CHECK-LABEL: func.func @narrow
// CHECK: config <block = [128, 128, 32], wave = [64, 64], mma = #ck.mma_sync<16x8x16, f16>, partition = #ck.partition<stream_k, min_iters = 8>, lds_buffers = 3, async_copy>
func.func @narrow(%a: memref<1x256x160000xf16>, %b: memref<1x160000x128xf16>,
                  %c: memref<1x256x128xf16>) {
  ck.gemm %a, %b -> %c : memref<1x256x160000xf16>, memref<1x160000x128xf16> -> memref<1x256x128xf16>
  return
}

// -----
// The 36 tiles of 128 x 128 (18 of 128 x 256) with 85 K-tiles (13x13): too little work for the
// larger block; the prefetch's, StreamK.
// CHECK-LABEL: func.func @short_k
// CHECK: config <block = [64, 128, 32], wave = [32, 64], mma = #ck.mma_sync<16x8x16, f16>, partition = #ck.partition<stream_k, min_iters = 8>> :
func.func @short_k(%a: memref<1x256x2704xf16>, %b: memref<1x2704x2304xf16>,
                   %c: memref<1x256x2304xf16>) {
  ck.gemm %a, %b -> %c : memref<1x256x2704xf16>, memref<1x2704x2304xf16> -> memref<1x256x2304xf16>
  return
}

// -----
// f32 inputs (mma.sync tf32) keep the prefetch's block.
// CHECK-LABEL: func.func @tf32
// CHECK: config <block = [64, 128, 32], wave = [32, 64], mma = #ck.mma_sync<16x8x8, tf32>> :
func.func @tf32(%a: memref<1x4096x256xf32>, %b: memref<1x256x4096xf32>,
                %c: memref<1x4096x4096xf32>) {
  ck.gemm %a, %b -> %c : memref<1x4096x256xf32>, memref<1x256x4096xf32> -> memref<1x4096x4096xf32>
  return
}

// -----
// Many tiles but a K loop of 4 K-tiles, too short for a pipeline of 3
// stages: the prefetch's block.
// CHECK-LABEL: func.func @short_loop
// CHECK: config <block = [64, 128, 32], wave = [32, 64], mma = #ck.mma_sync<16x8x16, f16>> :
func.func @short_loop(%a: memref<1x4096x128xf16>, %b: memref<1x128x4096xf16>,
                      %c: memref<1x4096x4096xf16>) {
  ck.gemm %a, %b -> %c : memref<1x4096x128xf16>, memref<1x128x4096xf16> -> memref<1x4096x4096xf16>
  return
}
