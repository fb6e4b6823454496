// RUN: ck-opt %s -split-input-file -ck-set-target=chip=sm_90a -ck-select-gemm-config | FileCheck %s
// RUN: ck-opt %s -split-input-file -ck-set-target=chip=sm_90a '-ck-select-gemm-config=waves=4,8' | FileCheck %s --check-prefix=ROLES
// RUN: ck-opt %s -split-input-file --pass-pipeline='builtin.module(ck-to-nvvm{chip=sm_90a format=isa})' | grep -o 'wgmma[.]mma_async[.]sync[.]aligned[.]m64n[0-9]*k16' | sort | uniq -c | FileCheck %s --check-prefix=PTX

// wgmma's N tile on sm_90a (selectWgmmaConfig, lib/Target/GemmConfig.cpp).
// Where B's view runs contiguously along K (a forward convolution's
// filter, C innermost), its tiles keep K innermost, and their N may be any
// multiple of 8: the heuristic shrinks the columns to the fewest multiples
// of 8 that keep the tile count (tightTile), and takes N under 64 in one
// tile where K has at least 8 K-tiles of 64. Where B runs along N its tiles
// go in 128-byte blocks of N, multiples of 64 (convert-ck-to-gpu's error on
// a pinned block otherwise: convert-ck-to-gpu-wgmma-invalid.mlir).

// -----
// N = 2376 (RetinaNet's class head: 9 anchors x 264 classes), B seen
// transposed from a K-contiguous memref. 256 columns would take
// ceil(2376 / 256) = 10 tiles; 10 tiles need only ceil(2376 / 10) = 238,
// aligned to 8: 240. 16 tiles of rows by 10 is more than the 132 SMs, and
// K = 1024 is 16 K-tiles: roles 4,8 in persistent workgroups
// (manyTileGemmRoles), 3 stages beside the staging tile ((128 + 240) * 64 *
// 2 * 3 + 128 * 240 * 2 = 202752 bytes), load waves of 64 registers (TMA
// fills the ring). With roles 4,8 asked for: the same columns,
// data-parallel, 4 stages.

// CHECK-LABEL: func.func @wide_k_major
// CHECK: config <block = [128, 240, 64], wave = [16, 240], mma = #ck.wgmma<bf16>, partition = #ck.partition<data_parallel, dp = persistent>, lds_buffers = 3, load_waves = 4, async_copy, load_registers = 64>
// ROLES-LABEL: func.func @wide_k_major
// ROLES: config <block = [128, 240, 64], wave = [16, 240], mma = #ck.wgmma<bf16>, lds_buffers = 4, load_waves = 4, async_copy>
// The K loop's body issues one wgmma per 16 of the tile's K of 64: 4.
// PTX-DAG: 4 wgmma.mma_async.sync.aligned.m64n240k16
func.func @wide_k_major(%a: memref<1x2048x1024xbf16>, %bt: memref<1x2376x1024xbf16>,
                        %c: memref<1x2048x2376xbf16>) {
  %b = ck.transform %bt : memref<1x2376x1024xbf16> to !ck.view<1x1024x2376xbf16>
      by #ck.transform_map<[1, 1024, 2376] -> [1, 2376, 1024], [
          #ck.transform<pass_through [0] -> [0]>,
          #ck.transform<pass_through [2] -> [1]>,
          #ck.transform<pass_through [1] -> [2]>]>
  ck.gemm %a, %b -> %c : memref<1x2048x1024xbf16>, !ck.view<1x1024x2376xbf16> -> memref<1x2048x2376xbf16>
  return
}

// -----
// The same sizes with B contiguous along N: multiples of 64 columns
// (N-major tiles), 256 for 10 tiles across; the persistent grid then takes
// 128 (persistentTileColumns: 304 tiles of 128 x 128 in 3 rounds of 132
// workgroups, 384 columns each, against 2 rounds of 512) and 4 stages.

// CHECK-LABEL: func.func @wide_n_major
// CHECK: config <block = [128, 128, 64], wave = [16, 128], mma = #ck.wgmma<bf16>, partition = #ck.partition<data_parallel, dp = persistent>, lds_buffers = 4, load_waves = 4, async_copy, load_registers = 64>
func.func @wide_n_major(%a: memref<1x2048x1024xbf16>, %b: memref<1x1024x2376xbf16>,
                        %c: memref<1x2048x2376xbf16>) {
  ck.gemm %a, %b -> %c : memref<1x2048x1024xbf16>, memref<1x1024x2376xbf16> -> memref<1x2048x2376xbf16>
  return
}

// -----
// N = 36 (the box head's 9 anchors x 4 coordinates), K = 2304 (36 K-tiles),
// M = 32768 (256 tiles: roles 4,8 in persistent workgroups), B contiguous
// along K: one tile of 40 columns, 3 stages: (128 + 40) * 64 * 2 * 3 + 1008
// = 65520 bytes and the staging tile. Two such workgroups fit an SM, so
// the load waves keep their share of registers (withLeanLoadWaves).

// CHECK-LABEL: func.func @narrow_k_major
// CHECK: config <block = [128, 40, 64], wave = [16, 40], mma = #ck.wgmma<f16>, partition = #ck.partition<data_parallel, dp = persistent>, lds_buffers = 3, load_waves = 4, async_copy>
// ROLES-LABEL: func.func @narrow_k_major
// ROLES: config <block = [128, 40, 64], wave = [16, 40], mma = #ck.wgmma<f16>, lds_buffers = 3, load_waves = 4, async_copy>
// Its math waves issue the first K-tile's four before their K loop: 8.
// PTX-DAG: 8 wgmma.mma_async.sync.aligned.m64n40k16
func.func @narrow_k_major(%a: memref<1x32768x2304xf16>, %bt: memref<1x36x2304xf16>,
                          %c: memref<1x32768x36xf16>) {
  %b = ck.transform %bt : memref<1x36x2304xf16> to !ck.view<1x2304x36xf16>
      by #ck.transform_map<[1, 2304, 36] -> [1, 36, 2304], [
          #ck.transform<pass_through [0] -> [0]>,
          #ck.transform<pass_through [2] -> [1]>,
          #ck.transform<pass_through [1] -> [2]>]>
  ck.gemm %a, %b -> %c : memref<1x32768x2304xf16>, !ck.view<1x2304x36xf16> -> memref<1x32768x36xf16>
  return
}

// -----
// N = 36 with a short K (288, 4.5 K-tiles, as the merged groups of a
// grouped convolution with 8 channels have): mma.sync. On the H100 the
// narrow wgmma tile was slower there.

// CHECK-LABEL: func.func @narrow_short_k
// CHECK: mma = #ck.mma_sync<16x8x16, f16>
func.func @narrow_short_k(%a: memref<1x4096x288xf16>, %bt: memref<1x36x288xf16>,
                          %c: memref<1x4096x36xf16>) {
  %b = ck.transform %bt : memref<1x36x288xf16> to !ck.view<1x288x36xf16>
      by #ck.transform_map<[1, 288, 36] -> [1, 36, 288], [
          #ck.transform<pass_through [0] -> [0]>,
          #ck.transform<pass_through [2] -> [1]>,
          #ck.transform<pass_through [1] -> [2]>]>
  ck.gemm %a, %b -> %c : memref<1x4096x288xf16>, !ck.view<1x288x36xf16> -> memref<1x4096x36xf16>
  return
}

// -----
// N = 36 with B contiguous along N: mma.sync (N-major wgmma tiles need 64).

// CHECK-LABEL: func.func @narrow_n_major
// CHECK: mma = #ck.mma_sync<16x8x16, f16>
func.func @narrow_n_major(%a: memref<1x4096x2304xf16>, %b: memref<1x2304x36xf16>,
                          %c: memref<1x4096x36xf16>) {
  ck.gemm %a, %b -> %c : memref<1x4096x2304xf16>, memref<1x2304x36xf16> -> memref<1x4096x36xf16>
  return
}
