// RUN: ck-opt %s -split-input-file -ck-set-target=chip=sm_90a -ck-lower-wave-tiles -canonicalize -cse | FileCheck %s

// #ck.wgmma waves of 32 rows: each of a warpgroup's four waves holds 16
// rows of each of two 64-row instructions (row groups), so the warpgroup
// of waves 4w .. 4w + 3 holds rows 128w .. 128w + 127, wave 4w + q rows
// 128w + 16q .. + 15 and 128w + 64 + 16q .. + 15. ck.tile_mma is one
// ck.warpgroup_mma of `row_groups 2` at the warpgroup's first row; the
// tile's rows in the epilogue are the wave's origin plus the lane's row
// (lane / 4) plus 64 for the second group's tiles (tiles 8 .. 15 at
// N = 64).

// CHECK-LABEL: gpu.func @row_groups
// CHECK: %[[TID:.*]] = gpu.thread_id x
// CHECK: %[[WAVE:.*]] = arith.divui %[[TID]], %c32 : index
// CHECK: %[[LANE:.*]] = arith.remui %[[TID]], %c32 : index
// CHECK: %[[GROUP:.*]] = arith.divui %[[WAVE]], %c4 : index
// CHECK: %[[GROUPROW:.*]] = arith.muli %[[GROUP]], %c128 : index
// CHECK: %[[Q:.*]] = arith.remui %[[WAVE]], %c4 : index
// CHECK: %[[QROW:.*]] = arith.muli %[[Q]], %c16 : index
// CHECK: %[[ORIGIN:.*]] = arith.addi %[[GROUPROW]], %[[QROW]] : index
// CHECK: %[[R:.*]]:16 = ck.warpgroup_mma #ck.wgmma<f16> %{{.*}}, %{{.*}} row %[[GROUPROW]] k 64 b_transposed row_groups 2 acc(
// CHECK: %[[LANEROW:.*]] = arith.divui %[[LANE]], %c4 : index
// CHECK: %[[ROW:.*]] = arith.addi %[[ORIGIN]], %[[LANEROW]] : index
// CHECK: vector.extract %[[R]]#0[0]
// CHECK: memref.store %{{.*}}, %{{.*}}[%c0, %{{.*}}, %{{.*}}] : memref<1x256x64xf32>
// CHECK: %[[ROW64:.*]] = arith.addi %[[ROW]], %c64 : index
// CHECK-NEXT: vector.extract %[[R]]#8[0]
// CHECK: arith.cmpi ult, %[[ROW64]], %c256 : index
gpu.module @kernels {
  gpu.func @row_groups(%la: memref<256x64xf16, #gpu.address_space<workgroup>>,
                       %lb: memref<64x64xf16, #gpu.address_space<workgroup>>,
                       %c: memref<1x256x64xf32>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>} {
    %c0 = arith.constant 0 : index
    %z = ck.acc_zero : !ck.acc<256x64xf32, #ck.wgmma<f16>, waves = [8, 1]>
    %r = ck.tile_mma %z, %la, %lb k 64 b_transposed
        : !ck.acc<256x64xf32, #ck.wgmma<f16>, waves = [8, 1]>,
          memref<256x64xf16, #gpu.address_space<workgroup>>,
          memref<64x64xf16, #gpu.address_space<workgroup>>
    ck.tile_store %r -> %c[%c0, %c0, %c0] : !ck.acc<256x64xf32, #ck.wgmma<f16>, waves = [8, 1]>, memref<1x256x64xf32>
    gpu.return
  }
}

// -----
// Staged: the staging tile holds all 256 rows (ck.tile_store's verifier),
// and each element goes to its own row of the tile: the wave's origin plus
// the lane's row, 8 on for the m16n8 tile's second half, 64 on for the
// second group.

// CHECK-LABEL: gpu.func @row_groups_staged
// CHECK: %[[ORIGIN:.*]] = arith.addi %{{.*}}, %{{.*}} : index
// CHECK: ck.warpgroup_mma {{.*}} row_groups 2
// CHECK: %[[ROW:.*]] = arith.addi %[[ORIGIN]], %{{.*}} : index
// CHECK: vector.store %{{.*}}, %{{.*}}[%[[ROW]], %{{.*}}] {{.*}} : memref<256x72xf16, #gpu.address_space<workgroup>>, vector<2xf16>
// CHECK: %[[ROW8:.*]] = arith.addi %[[ROW]], %c8 : index
// CHECK: vector.store %{{.*}}, %{{.*}}[%[[ROW8]], %{{.*}}]
// CHECK: %[[ROW64:.*]] = arith.addi %[[ROW]], %c64 : index
// CHECK: vector.store %{{.*}}, %{{.*}}[%[[ROW64]], %{{.*}}]
gpu.module @kernels {
  gpu.func @row_groups_staged(%la: memref<256x64xf16, #gpu.address_space<workgroup>>,
                              %lb: memref<64x64xf16, #gpu.address_space<workgroup>>,
                              %s: memref<256x72xf16, #gpu.address_space<workgroup>>,
                              %c: memref<1x256x64xf16>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>} {
    %c0 = arith.constant 0 : index
    %z = ck.acc_zero : !ck.acc<256x64xf32, #ck.wgmma<f16>, waves = [8, 1]>
    %r = ck.tile_mma %z, %la, %lb k 64 b_transposed
        : !ck.acc<256x64xf32, #ck.wgmma<f16>, waves = [8, 1]>,
          memref<256x64xf16, #gpu.address_space<workgroup>>,
          memref<64x64xf16, #gpu.address_space<workgroup>>
    ck.tile_store %r -> %c[%c0, %c0, %c0] staged %s width 8 : !ck.acc<256x64xf32, #ck.wgmma<f16>, waves = [8, 1]>, memref<1x256x64xf16>, memref<256x72xf16, #gpu.address_space<workgroup>>
    gpu.return
  }
}
