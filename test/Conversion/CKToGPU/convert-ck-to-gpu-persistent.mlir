// RUN: ck-opt %s -split-input-file -ck-set-target=chip=sm_90a -convert-ck-to-gpu | FileCheck %s

// A persistent data-parallel GEMM kernel (#ck.partition<data_parallel, dp
// = persistent>): its math waves write a tile while its load waves fill the
// ring with the next one's K-tiles, so the epilogue's staging tile gets
// LDS of its own after the operand tiles instead of aliasing them.
//
// 25600 x 256 in tiles of 128 x 256: 200 tiles of 2 K-tiles (K = 128).
// Operand tiles (3 slots, swizzled, unpadded): A 3 x 128 x 64 and B 3 x
// 64 x 256 f16, 49152 + 98304 = 147456 bytes. The staging tile follows at
// 147456 (1024-byte aligned): the whole 128-row tile of finished f16
// values, which TMA stores (C's tensor map, the third), so unpadded and
// 128-byte swizzled, 128 * 256 * 2 = 65536 bytes, to 212992, where the
// ring's 6 mbarriers go (48 bytes); the launch adds 1008 bytes to align the
// arena to 1024: 214048. One such workgroup fits an SM, so the grid is one
// workgroup per SM of the device (ck.grid_per_compute_unit 1, counted at
// launch: 132 on an H100 SXM), not the 200 tiles, along x alone (the batch
// is in the tiles). The workgroup ends once its TMA stores have read the
// staging tile.

// CHECK-LABEL: func.func @persistent
// CHECK: %[[MAPC:.*]] = ck.tensor_map %arg2 dims [256, 25600, 1] strides [512, 13107200] box [64, 128, 1] elements [1, 1, 1] swizzle 128
// CHECK: %[[GRID:.*]] = ck.grid_per_compute_unit 1
// CHECK: gpu.launch_func @ck_kernels::@gemm_0 blocks in (%[[GRID]], %c1{{.*}}, %c1{{.*}}) threads in (%c384, {{.*}}) dynamic_shared_memory_size %c214048_i32 args({{.*}}, %[[MAPC]] : !llvm.ptr)
// CHECK: gpu.func @gemm_0({{.*}}, %[[KMAPC:.*]]: !llvm.ptr)
// CHECK: ck.partition <data_parallel, dp = persistent> tiles [1, 200, 1] k_tiles 2 unit {
// CHECK:   %[[BARS:.*]] = ck.lds_buffer offset 212992 : memref<6xi64, #gpu.address_space<workgroup>>
// CHECK:   ck.tile_gemm {{.*}} partition = #ck.partition<data_parallel, dp = persistent>{{.*}} barriers %[[BARS]]
// CHECK: } epilogue {
// CHECK:   %[[STAGE:.*]] = ck.lds_buffer offset 147456 : memref<128x256xf16, #gpu.address_space<workgroup>>
// CHECK:   ck.tile_store {{.*}} staged %[[STAGE]] width 8 holders_only tma_store %[[KMAPC]] :
// CHECK: }
// CHECK-NEXT: ck.tma_store_wait
// CHECK-NEXT: gpu.return
func.func @persistent(%a: memref<1x25600x128xf16>, %b: memref<1x128x256xf16>, %c: memref<1x25600x256xf16>) {
  ck.gemm %a, %b -> %c config <block = [128, 256, 64], wave = [16, 256], mma = #ck.wgmma<f16>, partition = #ck.partition<data_parallel, dp = persistent>, lds_buffers = 3, load_waves = 4, async_copy>
      : memref<1x25600x128xf16>, memref<1x128x256xf16> -> memref<1x25600x256xf16>
  return
}

// -----
// 4 stages (asked for): 4 x 49152 = 196608 bytes of operand tiles leave
// 232448 - 196608 - 16 - 64 (8 mbarriers) - 1008 = 34752 bytes, short of
// the 65536 of the whole staging tile, so the waves, one along N, stage it
// in two passes of 128 columns (32768 bytes, unpadded for TMA, to 229376),
// each stored by TMA boxes of [64, 128]. The mbarriers follow at 229376:
// 229440 + 1008 = 230448.

// CHECK-LABEL: func.func @persistent_two_passes
// CHECK: %[[MAPC:.*]] = ck.tensor_map %arg2 dims [256, 25600, 1] strides [512, 13107200] box [64, 128, 1] elements [1, 1, 1] swizzle 128
// CHECK: gpu.launch_func @ck_kernels::@gemm_0 {{.*}} dynamic_shared_memory_size %c230448_i32 args({{.*}}, %[[MAPC]] : !llvm.ptr)
// CHECK: ck.lds_buffer offset 229376 : memref<8xi64, #gpu.address_space<workgroup>>
// CHECK: } epilogue {
// CHECK:   %[[STAGE:.*]] = ck.lds_buffer offset 196608 : memref<128x128xf16, #gpu.address_space<workgroup>>
// CHECK:   ck.tile_store {{.*}} staged %[[STAGE]] width 8 holders_only tma_store %{{.*}} :
func.func @persistent_two_passes(%a: memref<1x25600x128xf16>, %b: memref<1x128x256xf16>, %c: memref<1x25600x256xf16>) {
  ck.gemm %a, %b -> %c config <block = [128, 256, 64], wave = [16, 256], mma = #ck.wgmma<f16>, partition = #ck.partition<data_parallel, dp = persistent>, lds_buffers = 4, load_waves = 4, async_copy>
      : memref<1x25600x128xf16>, memref<1x128x256xf16> -> memref<1x25600x256xf16>
  return
}

// -----
// The same where TMA copies nothing (A's rows of 2312 bytes and B's and
// C's of 520 are no multiples of 16): the load waves copy by cp.async and
// the math waves read the staging tile back, so its rows are padded, and
// 128 x 136 (34816 bytes) does not fit the 34752 left: four passes of 64
// columns (128 x 72, 18432 bytes, to 215040; with the 64 bytes of
// mbarriers and 1008 of alignment, 216112).

// CHECK-LABEL: func.func @persistent_four_passes
// CHECK: dynamic_shared_memory_size %c216112_i32
// CHECK: } epilogue {
// CHECK:   %[[STAGE:.*]] = ck.lds_buffer offset 196608 : memref<128x72xf16, #gpu.address_space<workgroup>>
// CHECK:   ck.tile_store {{.*}} staged %[[STAGE]] width 4 holders_only :
func.func @persistent_four_passes(%a: memref<1x25600x1156xf16>, %b: memref<1x1156x260xf16>, %c: memref<1x25600x260xf16>) {
  ck.gemm %a, %b -> %c config <block = [128, 256, 64], wave = [16, 256], mma = #ck.wgmma<f16>, partition = #ck.partition<data_parallel, dp = persistent>, lds_buffers = 4, load_waves = 4, async_copy>
      : memref<1x25600x1156xf16>, memref<1x1156x260xf16> -> memref<1x25600x260xf16>
  return
}

// -----
// With K = 1024 (16 K-tiles, kMinHandOffKTiles) the K loop covers a tile's
// store by the 3 load waves that the TMA copies leave idle (the first load
// wave's first thread issues them all): where TMA cannot store the tile
// (here the D tensor: the staging tile holds f32 accumulators), the math
// waves hand them the staging tile.

// CHECK-LABEL: func.func @persistent_store_waves
// CHECK: } epilogue {
// CHECK:   ck.tile_store {{.*}} staged %{{.*}} width 8 holders_only store_waves 3 :
func.func @persistent_store_waves(%a: memref<1x25600x1024xf16>, %b: memref<1x1024x128xf16>, %c: memref<1x25600x128xf16>, %d: memref<1x25600x128xf16>) {
  ck.gemm %a, %b -> %c adds(%d : memref<1x25600x128xf16>) config <block = [128, 128, 64], wave = [16, 128], mma = #ck.wgmma<f16>, partition = #ck.partition<data_parallel, dp = persistent>, lds_buffers = 3, load_waves = 4, async_copy>
      : memref<1x25600x1024xf16>, memref<1x1024x128xf16> -> memref<1x25600x128xf16>
  return
}

// -----
// The same without the persistent partition: one workgroup per tile (200),
// and the staging tile aliases the operand tiles at offset 0.

// CHECK-LABEL: func.func @per_tile
// CHECK: gpu.launch_func @ck_kernels::@gemm_0 blocks in (%c200, %c1{{.*}}, %c1{{.*}})
// CHECK: } epilogue {
// CHECK:   %[[STAGE:.*]] = ck.lds_buffer offset 0 : memref<128x256xf16, #gpu.address_space<workgroup>>
// CHECK:   ck.tile_store {{.*}} staged %[[STAGE]] width 8 tma_store %{{.*}} :
func.func @per_tile(%a: memref<1x25600x128xf16>, %b: memref<1x128x256xf16>, %c: memref<1x25600x256xf16>) {
  ck.gemm %a, %b -> %c config <block = [128, 256, 64], wave = [16, 256], mma = #ck.wgmma<f16>, lds_buffers = 3, load_waves = 4, async_copy>
      : memref<1x25600x128xf16>, memref<1x128x256xf16> -> memref<1x25600x256xf16>
  return
}
