// RUN: ck-opt %s -split-input-file -ck-lower-wave-tiles -cse -verify-diagnostics | FileCheck %s

// ck-lower-wave-tiles (LowerWaveTiles.cpp) spells the tile ops per wave.
// A 32x32 tile of mfma 16x16x16 on waves = [2, 1]: each wave holds 16 rows
// and all 32 columns, i.e. 1 x 2 instruction tiles, so the accumulator is
// two vector<4xf32> (16 * 16 / 64 = 4 elements per lane each). Wave w
// starts at row (w / 1) * 16 and column (w % 1) * 32; tid = 64 w + lane.

!acc = !ck.acc<32x32xf32, #ck.mfma<16x16x16, f16>, waves = [2, 1]>
!lds = memref<32x40xf16, #gpu.address_space<workgroup>>

// CHECK-LABEL: func.func @k_loop
// CHECK-SAME: (%[[LA:[^:]*]]: memref<32x40xf16, #gpu.address_space<workgroup>>, %[[LB:[^:]*]]: memref<32x40xf16, #gpu.address_space<workgroup>>
// CHECK-DAG: %[[TID:.*]] = gpu.thread_id x
// CHECK-DAG: %[[C64:.*]] = arith.constant 64 : index
// CHECK: %[[WAVE:.*]] = arith.divui %[[TID]], %[[C64]]
// CHECK: %[[ROW0:.*]] = arith.muli %{{.*}}, %{{.*}} : index
// CHECK: %[[COL0:.*]] = arith.muli %{{.*}}, %{{.*}} : index
// CHECK: %[[Z:.*]] = arith.constant dense<0.000000e+00> : vector<4xf32>
// CHECK: %[[R:.*]]:2 = scf.for {{.*}} iter_args(%[[ACC0:.*]] = %[[Z]], %[[ACC1:.*]] = %[[Z]]) -> (vector<4xf32>, vector<4xf32>)
// K step 0: one A fragment at the wave's rows, B fragments at its columns
// and 16 columns on, then one instruction per tile.
// CHECK:   %[[A0:.*]] = ck.fragment_load a of #ck.mfma<16x16x16, f16> from %[[LA]][%[[ROW0]], %[[K0:.*]]] : {{.*}} -> vector<4xf16>
// CHECK:   %[[B00:.*]] = ck.fragment_load b of #ck.mfma<16x16x16, f16> from %[[LB]][%[[K0]], %[[COL0]]] transposed
// CHECK:   %[[N16:.*]] = arith.addi %[[COL0]], %{{.*}} : index
// CHECK:   %[[B01:.*]] = ck.fragment_load b of #ck.mfma<16x16x16, f16> from %[[LB]][%[[K0]], %[[N16]]] transposed
// CHECK:   %[[D0:.*]] = ck.mma #ck.mfma<16x16x16, f16> %[[A0]], %[[B00]], %[[ACC0]]
// CHECK:   %[[D1:.*]] = ck.mma #ck.mfma<16x16x16, f16> %[[A0]], %[[B01]], %[[ACC1]]
// K step 1 (k = 16) accumulates onto them.
// CHECK:   ck.fragment_load a
// CHECK:   ck.fragment_load b
// CHECK:   ck.fragment_load b
// CHECK:   %[[E0:.*]] = ck.mma #ck.mfma<16x16x16, f16> %{{.*}}, %{{.*}}, %[[D0]]
// CHECK:   %[[E1:.*]] = ck.mma #ck.mfma<16x16x16, f16> %{{.*}}, %{{.*}}, %[[D1]]
// CHECK-NOT: ck.mma
// CHECK:   scf.yield %[[E0]], %[[E1]] : vector<4xf32>, vector<4xf32>
// CHECK-NOT: ck.
// CHECK: return
func.func @k_loop(%la: !lds, %lb: !lds, %c: memref<1x32x32xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = ck.acc_zero : !acc
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> !acc {
    %a = ck.tile_mma %acc, %la, %lb k 32 b_transposed : !acc, !lds, !lds
    scf.yield %a : !acc
  }
  ck.tile_store %r -> %c[%c0, %c0, %c0] : !acc, memref<1x32x32xf32>
  return
}
