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
// Both tiles keep K innermost and the lane's 4 f16 of A and of B are one
// run along K, so K steps 0 and 1 are read at once (k_pack 2: 8 f16, 16
// bytes, per lane): one A fragment at the wave's rows, B fragments at its
// columns and 16 columns on, each split into the two steps' halves; then
// one instruction per tile for step 0, and step 1 accumulates onto them.
// CHECK:   %[[A:.*]] = ck.fragment_load a of #ck.mfma<16x16x16, f16> from %[[LA]][%[[ROW0]], %[[K0:.*]]] k_pack 2 : {{.*}} -> vector<8xf16>
// CHECK:   %[[A0:.*]] = vector.shuffle %[[A]], %[[A]] [0, 1, 2, 3]
// CHECK:   %[[A1:.*]] = vector.shuffle %[[A]], %[[A]] [4, 5, 6, 7]
// CHECK:   %[[B0:.*]] = ck.fragment_load b of #ck.mfma<16x16x16, f16> from %[[LB]][%[[K0]], %[[COL0]]] transposed k_pack 2 : {{.*}} -> vector<8xf16>
// CHECK:   %[[B00:.*]] = vector.shuffle %[[B0]], %[[B0]] [0, 1, 2, 3]
// CHECK:   %[[B10:.*]] = vector.shuffle %[[B0]], %[[B0]] [4, 5, 6, 7]
// CHECK:   %[[N16:.*]] = arith.addi %[[COL0]], %{{.*}} : index
// CHECK:   %[[B1:.*]] = ck.fragment_load b of #ck.mfma<16x16x16, f16> from %[[LB]][%[[K0]], %[[N16]]] transposed k_pack 2
// CHECK:   %[[B01:.*]] = vector.shuffle %[[B1]], %[[B1]] [0, 1, 2, 3]
// CHECK:   %[[B11:.*]] = vector.shuffle %[[B1]], %[[B1]] [4, 5, 6, 7]
// CHECK:   %[[D0:.*]] = ck.mma #ck.mfma<16x16x16, f16> %[[A0]], %[[B00]], %[[ACC0]]
// CHECK:   %[[D1:.*]] = ck.mma #ck.mfma<16x16x16, f16> %[[A0]], %[[B01]], %[[ACC1]]
// CHECK:   %[[E0:.*]] = ck.mma #ck.mfma<16x16x16, f16> %[[A1]], %[[B10]], %[[D0]]
// CHECK:   %[[E1:.*]] = ck.mma #ck.mfma<16x16x16, f16> %[[A1]], %[[B11]], %[[D1]]
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

// -----
// One K step per tile (k 16): nothing to pack; each step reads its own
// fragments.

!acc = !ck.acc<32x32xf32, #ck.mfma<16x16x16, f16>, waves = [2, 1]>
!lds = memref<32x24xf16, #gpu.address_space<workgroup>>

// CHECK-LABEL: func.func @one_k_step
// CHECK: ck.fragment_load a of #ck.mfma<16x16x16, f16> from {{.*}} : {{.*}} -> vector<4xf16>
// CHECK-NOT: k_pack
// CHECK: ck.mma
// CHECK: ck.mma
// CHECK-NOT: ck.mma
func.func @one_k_step(%la: !lds, %lb: !lds, %c: memref<1x32x32xf32>) {
  %c0 = arith.constant 0 : index
  %z = ck.acc_zero : !acc
  %a = ck.tile_mma %z, %la, %lb k 16 b_transposed : !acc, !lds, !lds
  ck.tile_store %a -> %c[%c0, %c0, %c0] : !acc, memref<1x32x32xf32>
  return
}

// -----
// mma.sync with A swizzled and B padded: A's fragment loads read the
// swizzled tile (`swizzled`), B's do not.

!acc = !ck.acc<32x16xf32, #ck.mma_sync<16x8x16, bf16>, waves = [2, 1]>

// CHECK-LABEL: func.func @swizzled_a
// CHECK: ck.fragment_load a of #ck.mma_sync<16x8x16, bf16> from {{.*}} swizzled : memref<32x32xbf16, {{.*}}> -> vector<8xbf16>
// CHECK: ck.fragment_load b of #ck.mma_sync<16x8x16, bf16> from {{.*}} transposed : memref<16x40xbf16, {{.*}}> -> vector<4xbf16>
// CHECK: ck.mma
func.func @swizzled_a(%la: memref<32x32xbf16, #gpu.address_space<workgroup>>,
                      %lb: memref<16x40xbf16, #gpu.address_space<workgroup>>, %c: memref<1x32x16xf32>) {
  %c0 = arith.constant 0 : index
  %z = ck.acc_zero : !acc
  %a = ck.tile_mma %z, %la, %lb k 32 b_transposed a_swizzled
      : !acc, memref<32x32xbf16, #gpu.address_space<workgroup>>, memref<16x40xbf16, #gpu.address_space<workgroup>>
  ck.tile_store %a -> %c[%c0, %c0, %c0] : !acc, memref<1x32x16xf32>
  return
}

// -----
// MN-major tiles read by LDS transpose reads (`transpose_reads`): every
// fragment load reads so, 8 f16 per lane, which 16x16x16 makes in two K
// steps (k_pack 2) though A is transposed and B is not: per 32 of K, A's
// load at the wave's rows, B's at its two tiles' columns, then the four
// products (two steps of two tiles).

!acc = !ck.acc<32x32xf32, #ck.mfma<16x16x16, f16>, waves = [2, 1]>
!mn = memref<64x48xf16, #gpu.address_space<workgroup>>

// CHECK-LABEL: func.func @transpose_reads
// CHECK-SAME: (%[[LA:[^:]*]]: memref<64x48xf16, {{.*}}>, %[[LB:[^:]*]]: memref<64x48xf16, {{.*}}>
// CHECK: %[[ROW0:.*]] = arith.muli %{{.*}}, %{{.*}} : index
// CHECK: %[[COL0:.*]] = arith.muli %{{.*}}, %{{.*}} : index
// CHECK: %[[A:.*]] = ck.fragment_load a of #ck.mfma<16x16x16, f16> from %[[LA]][%[[ROW0]], %[[K0:.*]]] transposed k_pack 2 transpose_read : memref<64x48xf16, {{.*}}> -> vector<8xf16>
// CHECK: ck.fragment_load b of #ck.mfma<16x16x16, f16> from %[[LB]][%[[K0]], %[[COL0]]] k_pack 2 transpose_read
// CHECK: ck.fragment_load b of #ck.mfma<16x16x16, f16> from %[[LB]][%[[K0]], %{{.*}}] k_pack 2 transpose_read
// CHECK-COUNT-4: ck.mma
// CHECK: ck.fragment_load a of #ck.mfma<16x16x16, f16> from %[[LA]][%[[ROW0]], %[[K32:.*]]] transposed k_pack 2 transpose_read
// CHECK-COUNT-2: ck.fragment_load b of #ck.mfma<16x16x16, f16> from %[[LB]][%[[K32]], %{{.*}}] k_pack 2 transpose_read
// CHECK-COUNT-4: ck.mma
// CHECK-NOT: ck.fragment_load
func.func @transpose_reads(%la: !mn, %lb: !mn, %c: memref<1x32x32xf32>) {
  %c0 = arith.constant 0 : index
  %z = ck.acc_zero : !acc
  %a = ck.tile_mma %z, %la, %lb k 64 a_transposed transpose_reads : !acc, !mn, !mn
  ck.tile_store %a -> %c[%c0, %c0, %c0] : !acc, memref<1x32x32xf32>
  return
}

// -----
// A staged tile store: 64x32 of mfma 16x16x16 on waves = [2, 2], so each
// wave holds 32 x 16, 2 x 1 instruction tiles. Without D tensors the
// staging tile holds finished f16 values: [32][32 + 8] (16 bytes of row
// padding), 32 / (2 * 16) = 1 instruction row of every wave at a time, so
// two slices. Per slice each lane scales its tile's 4 accumulators by
// alpha = 2, rounds them to f16 and stores them one by one (the mfma C
// fragment is 4 rows of one column), a barrier, then each of the 256
// threads reads one vector<8xf16> along N (32 * 32 / 8 = 128 vectors:
// threads past them drop theirs) and stores it to C as it is; a barrier
// separates the slices.

!acc = !ck.acc<64x32xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
!stage = memref<32x40xf16, #gpu.address_space<workgroup>>

// CHECK-LABEL: func.func @staged_store
// CHECK-SAME: (%[[C:[^:]*]]: memref<1x64x64xf16>, %[[S:[^:]*]]: memref<32x40xf16, #gpu.address_space<workgroup>>
// CHECK-COUNT-4: arith.mulf %{{.*}}, %cst{{.*}} : f32
// CHECK: arith.truncf %{{.*}} : f32 to f16
// CHECK-NEXT: memref.store %{{.*}}, %[[S]][%{{.*}}, %{{.*}}] : memref<32x40xf16, #gpu.address_space<workgroup>>
// CHECK-NEXT: gpu.barrier
// CHECK: %[[V:.*]] = vector.load %[[S]][%{{.*}}, %{{.*}}] {alignment = 16 : i64} : memref<32x40xf16, #gpu.address_space<workgroup>>, vector<8xf16>
// CHECK-NOT: arith.{{(mulf|addf|truncf)}}
// CHECK: scf.if
// CHECK-NEXT: vector.store %[[V]], %[[C]][%{{.*}}, %{{.*}}, %{{.*}}] {alignment = 16 : i64} : memref<1x64x64xf16>, vector<8xf16>
// CHECK: gpu.barrier
// CHECK-COUNT-4: memref.store %{{.*}}, %[[S]]
// CHECK-NEXT: gpu.barrier
// CHECK: vector.load %[[S]]
// CHECK: vector.store %{{.*}}, %[[C]]
// CHECK-NOT: store
// CHECK: return
func.func @staged_store(%c: memref<1x64x64xf16>, %stage: !stage,
                        %g: index, %m0: index, %n0: index) {
  %acc = ck.acc_zero : !acc
  ck.tile_store %acc -> %c[%g, %m0, %n0] alpha 2.0 staged %stage width 8
      : !acc, memref<1x64x64xf16>, !stage
  return
}

// -----
// The same with a D tensor: the staging tile [32][32 + 4] holds the f32
// accumulators as they are; after the read-back each thread loads 8 of D,
// computes alpha * acc + beta * d in f32 and rounds to f16.

!acc = !ck.acc<64x32xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
!stage = memref<32x36xf32, #gpu.address_space<workgroup>>

// CHECK-LABEL: func.func @staged_store_with_d
// CHECK-SAME: (%[[C:[^:]*]]: memref<1x64x64xf16>, %[[D:[^:]*]]: memref<1x64x64xf16>, %[[S:[^:]*]]: memref<32x36xf32, #gpu.address_space<workgroup>>
// CHECK-NOT: arith.truncf
// CHECK-COUNT-4: memref.store %{{.*}}, %[[S]][%{{.*}}, %{{.*}}] : memref<32x36xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: gpu.barrier
// CHECK: %[[V:.*]] = vector.load %[[S]][%{{.*}}, %{{.*}}] {alignment = 16 : i64} : memref<32x36xf32, #gpu.address_space<workgroup>>, vector<8xf32>
// CHECK: scf.if
// CHECK: %[[DV:.*]] = vector.load %[[D]]{{.*}} : memref<1x64x64xf16>, vector<8xf16>
// CHECK: %[[SCALED:.*]] = arith.mulf %[[V]], %{{.*}} : vector<8xf32>
// CHECK: %[[DW:.*]] = arith.extf %[[DV]] : vector<8xf16> to vector<8xf32>
// CHECK: arith.addf %[[SCALED]], %{{.*}} : vector<8xf32>
// CHECK: arith.truncf %{{.*}} : vector<8xf32> to vector<8xf16>
// CHECK-NEXT: vector.store %{{.*}}, %[[C]][%{{.*}}, %{{.*}}, %{{.*}}] {alignment = 16 : i64} : memref<1x64x64xf16>, vector<8xf16>
// CHECK: return
func.func @staged_store_with_d(%c: memref<1x64x64xf16>,
                               %d: memref<1x64x64xf16>, %stage: !stage,
                               %g: index, %m0: index, %n0: index) {
  %acc = ck.acc_zero : !acc
  ck.tile_store %acc -> %c[%g, %m0, %n0] adds(%d : memref<1x64x64xf16>)
      alpha 2.0 beta 3.0 staged %stage width 8
      : !acc, memref<1x64x64xf16>, !stage
  return
}

// -----
// A direct tile store to f32 C (no staging tile): the lane's 2 tiles x 4
// accumulators go out as they are (no conversion), each store guarded by
// the matrix bounds.

!acc = !ck.acc<32x32xf32, #ck.mfma<16x16x16, f16>, waves = [2, 1]>

// CHECK-LABEL: func.func @direct_store
// CHECK-SAME: (%[[C:[^:]*]]: memref<1x32x32xf32>, %[[G:[^:]*]]: index
// CHECK-NOT: arith.truncf
// CHECK-COUNT-8: memref.store %{{.*}}, %[[C]][%{{.*}}, %{{.*}}, %{{.*}}] : memref<1x32x32xf32>
// CHECK-NOT: store
// CHECK: return
func.func @direct_store(%c: memref<1x32x32xf32>, %g: index, %m0: index,
                        %n0: index) {
  %acc = ck.acc_zero : !acc
  ck.tile_store %acc -> %c[%g, %m0, %n0] : !acc, memref<1x32x32xf32>
  return
}

// -----
// #ck.fma takes its wave size from the target; without one the tile has no
// lane shape.

!acc = !ck.acc<64x16xf32, #ck.fma, waves = [4, 1]>
func.func @fma_without_target(%a: memref<64x17xf32, #gpu.address_space<workgroup>>,
                              %b: memref<16x17xf32, #gpu.address_space<workgroup>>) {
  // expected-error @+1 {{'ck.acc_zero' op needs the wave size for #ck.fma; attach a #ck.target (ck-set-target)}}
  %z = ck.acc_zero : !acc
  %r = ck.tile_mma %z, %a, %b k 16 b_transposed : !acc, memref<64x17xf32, #gpu.address_space<workgroup>>, memref<16x17xf32, #gpu.address_space<workgroup>>
  return
}

// -----
// Where the arena goes (a static attribution or the launch's dynamic shared
// memory) is the target's: without one, LDS buffers cannot be placed.

gpu.module @kernels {
  gpu.func @lds_without_target() kernel {
    // expected-error @+1 {{ck-lower-wave-tiles needs a #ck.target: attach one as 'ck.target' on the module, or run ck-set-target{chip=...} first}}
    %a = ck.lds_buffer offset 0 : memref<16x16xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----
// An LDS buffer is a window of a kernel's arena: outside a kernel there is
// none.

func.func @lds_outside_kernel() {
  // expected-error @+1 {{'ck.lds_buffer' op is a window of a kernel's LDS and must be inside a gpu.func}}
  %a = ck.lds_buffer offset 0 : memref<16x16xf32, #gpu.address_space<workgroup>>
  return
}

// -----
// A GEMM tile whose K loop ck-pipeline has not spelled out yet.

!acc = !ck.acc<32x32xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
func.func @tile_gemm_left(%a: memref<1x32x16xf16>, %b: memref<1x16x32xf16>,
                          %c: memref<1x32x32xf32>, %i: index) {
  // expected-error @+1 {{'ck.tile_gemm' op is lowered by ck-pipeline, which must run before ck-lower-wave-tiles}}
  %acc = ck.tile_gemm %a, %b at [%i, %i, %i] k_tiles %i to %i
      config <block = [32, 32, 16], wave = [16, 16], mma = #ck.mfma<16x16x16, f16>>
      : memref<1x32x16xf16>, memref<1x16x32xf16> -> !acc
  ck.tile_store %acc -> %c[%i, %i, %i] : !acc, memref<1x32x32xf32>
  return
}

// -----
// Partial tiles, fragment-major: a 32x32 tile of mfma 16x16x16 on waves =
// [2, 1] is 2 instruction tiles of vector<4xf32> per lane over 128 threads.
// The slot holds 32 * 32 = 1024 floats from its offset on; thread t's tile j
// sits at offset + t * 4 + j * 128 * 4. The accumulate adds acc + partial.

!acc = !ck.acc<32x32xf32, #ck.mfma<16x16x16, f16>, waves = [2, 1]>

// CHECK-LABEL: func.func @partial_tiles
// CHECK-SAME: (%[[WS:[^:]*]]: memref<?xf32>, %[[S:[^:]*]]: index, %[[T:[^:]*]]: index)
// CHECK: %[[TID:.*]] = gpu.thread_id x
// CHECK: %[[Z:.*]] = arith.constant dense<0.000000e+00> : vector<4xf32>
// CHECK: %[[MINE:.*]] = arith.muli %[[TID]], %c4
// CHECK: %[[BASE:.*]] = arith.addi %[[S]], %[[MINE]]
// CHECK: %[[P0:.*]] = vector.load %[[WS]][%[[BASE]]] {alignment = 16 : i64} : memref<?xf32>, vector<4xf32>
// CHECK: %[[S0:.*]] = arith.addf %[[Z]], %[[P0]] : vector<4xf32>
// CHECK: %[[AT1:.*]] = arith.addi %[[BASE]], %c512
// CHECK: %[[P1:.*]] = vector.load %[[WS]][%[[AT1]]] {alignment = 16 : i64} : memref<?xf32>, vector<4xf32>
// CHECK: %[[S1:.*]] = arith.addf %[[Z]], %[[P1]] : vector<4xf32>
// CHECK: %[[TBASE:.*]] = arith.addi %[[T]], %[[MINE]]
// CHECK: vector.store %[[S0]], %[[WS]][%[[TBASE]]] {alignment = 16 : i64} : memref<?xf32>, vector<4xf32>
// CHECK: %[[TAT1:.*]] = arith.addi %[[TBASE]], %c512
// CHECK: vector.store %[[S1]], %[[WS]][%[[TAT1]]] {alignment = 16 : i64} : memref<?xf32>, vector<4xf32>
// CHECK-NOT: vector.store
func.func @partial_tiles(%ws: memref<?xf32>, %s: index, %t: index) {
  %z = ck.acc_zero : !acc
  %sum = ck.partial_accumulate %z, %ws[%s] : !acc, memref<?xf32>
  ck.partial_store %sum -> %ws[%t] : !acc, memref<?xf32>
  return
}

// -----
// A workgroup with more waves than the tile's grid, as with wave roles: the
// kernel runs 4 waves of 64 lanes (256 threads), the tile lies on 2. Waves
// 2 and 3 hold none of it: only waves below 2 read and write partial
// tiles (the others keep their zeros), and only they write C.

!acc = !ck.acc<32x32xf32, #ck.mfma<16x16x16, f16>, waves = [2, 1]>

// CHECK-LABEL: gpu.func @extra_waves
// CHECK: %[[TID:.*]] = gpu.thread_id x
// CHECK: %[[WAVE:.*]] = arith.divui %[[TID]], %c64
// CHECK: %[[Z:.*]] = arith.constant dense<0.000000e+00> : vector<4xf32>
// CHECK: %[[HOLDS:.*]] = arith.cmpi ult, %[[WAVE]], %c2
// CHECK: %[[SUM:.*]]:2 = scf.if %[[HOLDS]] -> (vector<4xf32>, vector<4xf32>) {
// CHECK:   vector.load
// CHECK:   vector.load
// CHECK:   scf.yield
// CHECK: } else {
// CHECK:   scf.yield %[[Z]], %[[Z]]
// CHECK: }
// CHECK: scf.if %[[HOLDS]] {
// CHECK:   vector.store %[[SUM]]#0
// CHECK:   vector.store %[[SUM]]#1
// CHECK: }
// CHECK: scf.if %[[HOLDS]] {
// CHECK-COUNT-8: memref.store
// CHECK: }
gpu.module @kernels {
  gpu.func @extra_waves(%ws: memref<8192xf32>, %c: memref<1x32x32xf32>,
                        %i: index) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
    %z = ck.acc_zero : !acc
    %sum = ck.partial_accumulate %z, %ws[%i] : !acc, memref<8192xf32>
    ck.partial_store %sum -> %ws[%i] : !acc, memref<8192xf32>
    ck.tile_store %sum -> %c[%i, %i, %i] : !acc, memref<1x32x32xf32>
    gpu.return
  }
}

// -----
// A partition is named before the tile ops inside it: its pass runs first.

!acc = !ck.acc<32x32xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
gpu.module @kernels {
  gpu.func @partition_left(%a: memref<1x32x16xf16>, %b: memref<1x16x32xf16>,
                           %c: memref<1x32x32xf32>) kernel {
    // expected-error @+1 {{'ck.partition' op is lowered by ck-lower-partition, which must run before ck-lower-wave-tiles}}
    ck.partition #ck.partition<data_parallel> tiles [1, 1, 1] k_tiles 1 unit {
    ^bb0(%g: index, %m0: index, %n0: index, %k0: index, %k1: index):
      %acc = ck.tile_gemm %a, %b at [%g, %m0, %n0] k_tiles %k0 to %k1
          config <block = [32, 32, 16], wave = [16, 16], mma = #ck.mfma<16x16x16, f16>>
          : memref<1x32x16xf16>, memref<1x16x32xf16> -> !acc
      ck.yield %acc : !acc
    } epilogue {
    ^bb0(%g: index, %m0: index, %n0: index, %sum: !acc):
      ck.tile_store %sum -> %c[%g, %m0, %n0] : !acc, memref<1x32x32xf32>
      ck.yield
    }
    gpu.return
  }
}

// -----
// #ck.wgmma: a 128x16 tile on waves = [8, 1] (wave tiles 16 x 16, two m16n8
// accumulator tiles each). The tile_mma becomes one ck.warpgroup_mma per
// wave with the wave's two accumulators; its group's first row is 64 times
// the wave index over 4 (waves 0-3 rows 0-63, waves 4-7 rows 64-127). The
// tiles and their orientation pass through.

// CHECK-LABEL: func.func @warpgroup
// CHECK-SAME: (%[[LA:[^:]*]]: memref<2x64x128xf16, #gpu.address_space<workgroup>>, %[[LB:[^:]*]]: memref<2x16x64xf16, #gpu.address_space<workgroup>>, %[[S:[^:]*]]: index
// CHECK: %[[TID:.*]] = gpu.thread_id x
// CHECK: %[[C32:.*]] = arith.constant 32 : index
// CHECK: %[[WAVE:.*]] = arith.divui %[[TID]], %[[C32]]
// CHECK: %[[Z:.*]] = arith.constant dense<0.000000e+00> : vector<4xf32>
// CHECK: %[[C4:.*]] = arith.constant 4 : index
// CHECK: %[[GROUP:.*]] = arith.divui %[[WAVE]], %[[C4]]
// CHECK: %[[C64:.*]] = arith.constant 64 : index
// CHECK: %[[ROW:.*]] = arith.muli %[[GROUP]], %[[C64]]
// CHECK: %[[R:.*]]:2 = ck.warpgroup_mma #ck.wgmma<f16> %[[LA]], %[[LB]] slot %[[S]] row %[[ROW]] k 64 a_transposed b_transposed acc(%[[Z]], %[[Z]])
// CHECK-NOT: ck.tile_mma
// CHECK-NOT: ck.mma
func.func @warpgroup(%la: memref<2x64x128xf16, #gpu.address_space<workgroup>>,
                     %lb: memref<2x16x64xf16, #gpu.address_space<workgroup>>,
                     %s: index, %c: memref<1x128x16xf32>) {
  %c0 = arith.constant 0 : index
  %z = ck.acc_zero : !ck.acc<128x16xf32, #ck.wgmma<f16>, waves = [8, 1]>
  %r = ck.tile_mma %z, %la, %lb slot %s k 64 a_transposed b_transposed
      : !ck.acc<128x16xf32, #ck.wgmma<f16>, waves = [8, 1]>,
        memref<2x64x128xf16, #gpu.address_space<workgroup>>,
        memref<2x16x64xf16, #gpu.address_space<workgroup>>
  ck.tile_store %r -> %c[%c0, %c0, %c0] : !ck.acc<128x16xf32, #ck.wgmma<f16>, waves = [8, 1]>, memref<1x128x16xf32>
  return
}

// -----
// An in_flight tile_mma leaves its group pending (pending 1); ck.acc_wait
// becomes a ck.warpgroup_wait on the wave's accumulators, which the
// epilogue then reads.

// CHECK-LABEL: func.func @in_flight
// CHECK: %[[R:.*]]:2 = ck.warpgroup_mma #ck.wgmma<f16> {{.*}} k 64 b_transposed pending 1 acc(
// CHECK: %[[W:.*]]:2 = ck.warpgroup_wait %[[R]]#0, %[[R]]#1 : vector<4xf32>, vector<4xf32>
// CHECK-NOT: ck.acc_wait
// CHECK: vector.extract %[[W]]#0
func.func @in_flight(%la: memref<128x64xf16, #gpu.address_space<workgroup>>,
                     %lb: memref<16x64xf16, #gpu.address_space<workgroup>>,
                     %c: memref<1x128x16xf32>) {
  %c0 = arith.constant 0 : index
  %z = ck.acc_zero : !ck.acc<128x16xf32, #ck.wgmma<f16>, waves = [8, 1]>
  %r = ck.tile_mma %z, %la, %lb k 64 b_transposed in_flight
      : !ck.acc<128x16xf32, #ck.wgmma<f16>, waves = [8, 1]>,
        memref<128x64xf16, #gpu.address_space<workgroup>>,
        memref<16x64xf16, #gpu.address_space<workgroup>>
  %d = ck.acc_wait %r : !ck.acc<128x16xf32, #ck.wgmma<f16>, waves = [8, 1]>
  ck.tile_store %d -> %c[%c0, %c0, %c0] : !ck.acc<128x16xf32, #ck.wgmma<f16>, waves = [8, 1]>, memref<1x128x16xf32>
  return
}

// -----
// `holders_only`: the wave grid's 2 waves (128 of the 256 threads) alone
// write the tile: the whole epilogue is under their test, they meet at
// their own barrier before writing the staging tile and after, and the 128
// of them read the 32 x 32 / 8 = 128 vectors back in one round.

!hacc = !ck.acc<32x32xf32, #ck.mfma<16x16x16, f16>, waves = [2, 1]>
!hstage = memref<32x40xf16, #gpu.address_space<workgroup>>

// CHECK-LABEL: gpu.func @holders_only
// CHECK-SAME: (%[[C:[^:]*]]: memref<1x32x32xf16>, %[[S:[^:]*]]: memref<32x40xf16, #gpu.address_space<workgroup>>
// CHECK: %[[WAVE:.*]] = arith.divui %{{.*}}, %c64
// CHECK: %[[HOLDS:.*]] = arith.cmpi ult, %[[WAVE]], %c2
// CHECK-NEXT: scf.if %[[HOLDS]] {
// CHECK-NEXT:   ck.lds_barrier threads 128
// CHECK-COUNT-8: memref.store %{{.*}}, %[[S]]
// CHECK-NEXT:   ck.lds_barrier threads 128
// CHECK-NOT:    gpu.barrier
// CHECK:        vector.load %[[S]]
// CHECK:        vector.store %{{.*}}, %[[C]]{{.*}}vector<8xf16>
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-NEXT: gpu.return
gpu.module @kernels {
  gpu.func @holders_only(%c: memref<1x32x32xf16>, %stage: !hstage, %i: index) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>} {
    %acc = ck.acc_zero : !hacc
    ck.tile_store %acc -> %c[%i, %i, %i] staged %stage width 8 holders_only
        : !hacc, memref<1x32x32xf16>, !hstage
    gpu.return
  }
}

// -----
// `store_waves 1`: the wave grid's 2 waves (threads 0..127 of 256) write
// the staging tile, once an earlier tile's store wave is done with it
// (where `busy`), and announce it full; the last wave (threads 192..255)
// waits for it, reads the 128 vectors back in a loop of 2 rounds of 64 and
// announces it empty where `more` tiles follow. Both events count the 128
// + 64 threads; the wave between them takes part in neither.

!hacc = !ck.acc<32x32xf32, #ck.mfma<16x16x16, f16>, waves = [2, 1]>
!hstage = memref<32x40xf16, #gpu.address_space<workgroup>>

// CHECK-LABEL: gpu.func @store_waves
// CHECK-SAME: (%[[C:[^:]*]]: memref<1x32x32xf16>, %[[S:[^:]*]]: memref<32x40xf16, #gpu.address_space<workgroup>>, %{{[^:]*}}: index, %[[BUSY:[^:]*]]: i1, %[[MORE:[^:]*]]: i1)
// CHECK: %[[TID:.*]] = gpu.thread_id x
// CHECK: scf.if %{{.*}} {
// CHECK-NEXT:   scf.if %[[BUSY]] {
// CHECK-NEXT:     ck.staging_wait empty threads 192
// CHECK-NEXT:   }
// CHECK-COUNT-8: memref.store %{{.*}}, %[[S]]
// CHECK-NEXT:   ck.staging_signal full threads 192
// CHECK-NEXT: }
// CHECK: %[[ST:.*]] = arith.subi %[[TID]], %c192
// CHECK: %[[STORES:.*]] = arith.cmpi ult, %[[ST]], %c64
// CHECK: scf.if %[[STORES]] {
// CHECK-NEXT:   ck.staging_wait full threads 192
// CHECK:        scf.for %{{.*}} = %c0{{.*}} to %c128{{.*}} step %c64
// CHECK:          vector.load %[[S]]
// CHECK:          vector.store %{{.*}}, %[[C]]{{.*}}vector<8xf16>
// CHECK:        scf.if %[[MORE]] {
// CHECK-NEXT:     ck.staging_signal empty threads 192
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-NEXT: gpu.return
gpu.module @kernels {
  gpu.func @store_waves(%c: memref<1x32x32xf16>, %stage: !hstage, %i: index, %busy: i1, %more: i1) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>} {
    %acc = ck.acc_zero : !hacc
    ck.tile_store %acc -> %c[%i, %i, %i] staged %stage width 8 holders_only
        store_waves 1 busy %busy more %more : !hacc, memref<1x32x32xf16>, !hstage
    gpu.return
  }
}

// -----
// The store waves lie past the wave grid.

!wacc = !ck.acc<32x32xf32, #ck.mfma<16x16x16, f16>, waves = [2, 1]>
!wstage = memref<32x40xf16, #gpu.address_space<workgroup>>
gpu.module @kernels {
  gpu.func @store_waves_overlap(%c: memref<1x32x32xf16>, %stage: !wstage, %i: index) kernel
      attributes {known_block_size = array<i32: 192, 1, 1>} {
    %acc = ck.acc_zero : !wacc
    // expected-error @+1 {{'ck.tile_store' op hands its tile to the last 2 waves, which must lie past the wave grid's 128 threads in a workgroup of known size}}
    ck.tile_store %acc -> %c[%i, %i, %i] staged %stage width 8 holders_only
        store_waves 2 : !wacc, memref<1x32x32xf16>, !wstage
    gpu.return
  }
}

// -----
// `tma_store` with `holders_only`: the wave grid's 2 waves wait until
// thread 0's stores of the last tile have read the staging tile, meet,
// write it 128-byte swizzled (chunk c of row r at chunk c xor r mod 8), make
// their writes visible to the bulk copies and meet again; then thread 0
// stores both 32 x 64 boxes of the 32 x 128 tile (elements 0 and 2048 of
// the blocked tile) through the map, innermost coordinate first: N, M, G.
// Nothing is read back.

!tacc = !ck.acc<32x128xf32, #ck.mfma<16x16x16, f16>, waves = [2, 1]>
!tstage = memref<32x128xf16, #gpu.address_space<workgroup>>

// CHECK-LABEL: gpu.func @tma_store_holders
// CHECK-SAME: (%[[C:[^:]*]]: memref<1x32x128xf16>, %[[S:[^:]*]]: memref<32x128xf16, #gpu.address_space<workgroup>>, %[[MAP:[^:]*]]: !llvm.ptr, %[[G:[^:]*]]: index, %[[M0:[^:]*]]: index, %[[N0:[^:]*]]: index)
// CHECK: %[[TID:.*]] = gpu.thread_id x
// CHECK: %[[HOLDS:.*]] = arith.cmpi ult, %{{.*}}, %c2
// CHECK-NEXT: scf.if %[[HOLDS]] {
// CHECK-NEXT:   ck.tma_store_wait
// CHECK-NEXT:   ck.lds_barrier threads 128
// CHECK:        arith.xori
// CHECK:        memref.store %{{.*}}, %[[S]]
// CHECK:        ck.tma_store_fence
// CHECK-NEXT:   ck.lds_barrier threads 128
// CHECK-NEXT:   %[[FIRST:.*]] = arith.cmpi eq, %[[TID]], %c0
// CHECK-NEXT:   scf.if %[[FIRST]] {
// CHECK-NEXT:     %[[NB0:.*]] = arith.addi %[[N0]], %c0
// CHECK-NEXT:     ck.tma_store %[[MAP]][%[[NB0]], %[[M0]], %[[G]]] from %[[S]] offset 0
// CHECK-NEXT:     %[[NB1:.*]] = arith.addi %[[N0]], %c64
// CHECK-NEXT:     ck.tma_store %[[MAP]][%[[NB1]], %[[M0]], %[[G]]] from %[[S]] offset 2048
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-NOT:  vector.load %[[S]]
// CHECK:      gpu.return
gpu.module @kernels {
  gpu.func @tma_store_holders(%c: memref<1x32x128xf16>, %stage: !tstage, %map: !llvm.ptr, %g: index, %m0: index, %n0: index) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>} {
    %acc = ck.acc_zero : !tacc
    ck.tile_store %acc -> %c[%g, %m0, %n0] staged %stage width 8 holders_only
        tma_store %map : !tacc, memref<1x32x128xf16>, !tstage, !llvm.ptr
    gpu.return
  }
}

// -----
// `tma_store` without `holders_only`: the staging tile may alias LDS that
// the workgroup's next barrier frees, so thread 0 waits at once until its
// stores have read it.

!tacc = !ck.acc<32x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 1]>
!tstage = memref<32x64xf16, #gpu.address_space<workgroup>>

// CHECK-LABEL: func.func @tma_store_aliased
// CHECK: ck.tma_store_fence
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: %[[FIRST:.*]] = arith.cmpi eq, %{{.*}}, %c0
// CHECK-NEXT: scf.if %[[FIRST]] {
// CHECK-NEXT:   arith.addi
// CHECK-NEXT:   ck.tma_store %{{.*}} offset 0
// CHECK-NEXT:   ck.tma_store_wait
// CHECK-NEXT: }
func.func @tma_store_aliased(%c: memref<1x32x64xf16>, %stage: !tstage, %map: !llvm.ptr, %i: index) {
  %acc = ck.acc_zero : !tacc
  ck.tile_store %acc -> %c[%i, %i, %i] staged %stage width 8 tma_store %map
      : !tacc, memref<1x32x64xf16>, !tstage, !llvm.ptr
  return
}

// -----
// TMA stores boxes of a row-major memref: a strided one has no map.

!tacc = !ck.acc<32x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 1]>
!tstage = memref<32x64xf16, #gpu.address_space<workgroup>>
func.func @tma_store_strided(%c: memref<1x32x64xf16, strided<[8192, 256, 1]>>, %stage: !tstage, %map: !llvm.ptr, %i: index) {
  %acc = ck.acc_zero : !tacc
  // expected-error @+1 {{'ck.tile_store' op stores by TMA, but its destination's view is not a box walk of its memref contiguous along N (TensorMapPlan.h)}}
  ck.tile_store %acc -> %c[%i, %i, %i] staged %stage width 8 tma_store %map
      : !tacc, memref<1x32x64xf16, strided<[8192, 256, 1]>>, !tstage, !llvm.ptr
  return
}

// -----
// Two passes through half the columns with `tma_store`: the 32 x 128 tile's
// wave spans its columns, so the first slice takes its instruction tiles
// 0-3 (16 stores: 4 rows of one column per tile) and the second its tiles
// 4-7, each slice one box at N0 and N0 + 64. Before the second slice is
// written, the holders wait until thread 0's stores of the first have read
// the staging tile, and meet.

!tacc = !ck.acc<32x128xf32, #ck.mfma<16x16x16, f16>, waves = [2, 1]>
!tstage = memref<32x64xf16, #gpu.address_space<workgroup>>

// CHECK-LABEL: gpu.func @tma_store_column_slices
// CHECK-SAME: (%[[C:[^:]*]]: memref<1x32x128xf16>, %[[S:[^:]*]]: memref<32x64xf16, #gpu.address_space<workgroup>>, %[[MAP:[^:]*]]: !llvm.ptr, %[[G:[^:]*]]: index, %[[M0:[^:]*]]: index, %[[N0:[^:]*]]: index)
// CHECK: scf.if
// CHECK-NEXT:   ck.tma_store_wait
// CHECK-NEXT:   ck.lds_barrier threads 128
// CHECK-COUNT-16: memref.store %{{.*}}, %[[S]]
// CHECK-NOT:    memref.store
// CHECK:        ck.tma_store_fence
// CHECK-NEXT:   ck.lds_barrier threads 128
// CHECK-NEXT:   arith.cmpi eq
// CHECK-NEXT:   scf.if
// CHECK-NEXT:     %[[NB0:.*]] = arith.addi %[[N0]], %c0
// CHECK-NEXT:     ck.tma_store %[[MAP]][%[[NB0]], %[[M0]], %[[G]]] from %[[S]] offset 0
// CHECK-NEXT:   }
// CHECK-NEXT:   ck.tma_store_wait
// CHECK-NEXT:   ck.lds_barrier threads 128
// CHECK-COUNT-16: memref.store %{{.*}}, %[[S]]
// CHECK-NOT:    memref.store
// CHECK:        ck.tma_store_fence
// CHECK-NEXT:   ck.lds_barrier threads 128
// CHECK-NEXT:   scf.if
// CHECK-NEXT:     %[[N64:.*]] = arith.addi %[[N0]], %c64
// CHECK-NEXT:     %[[NB1:.*]] = arith.addi %[[N64]], %c0
// CHECK-NEXT:     ck.tma_store %[[MAP]][%[[NB1]], %[[M0]], %[[G]]] from %[[S]] offset 0
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK:      gpu.return
gpu.module @kernels {
  gpu.func @tma_store_column_slices(%c: memref<1x32x128xf16>, %stage: !tstage, %map: !llvm.ptr, %g: index, %m0: index, %n0: index) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>} {
    %acc = ck.acc_zero : !tacc
    ck.tile_store %acc -> %c[%g, %m0, %n0] staged %stage width 8 holders_only
        tma_store %map : !tacc, memref<1x32x128xf16>, !tstage, !llvm.ptr
    gpu.return
  }
}

// -----
// Two passes through a padded staging tile of half the columns, read back
// by the workgroup: the second slice's vectors go to columns 64 on, and
// the workgroup meets before the second slice overwrites the first.

!sacc = !ck.acc<32x128xf32, #ck.mfma<16x16x16, f16>, waves = [2, 1]>
!sstage = memref<32x72xf16, #gpu.address_space<workgroup>>

// CHECK-LABEL: func.func @column_slices_read_back
// CHECK-SAME: (%[[C:[^:]*]]: memref<1x32x128xf16>, %[[S:[^:]*]]: memref<32x72xf16, #gpu.address_space<workgroup>>
// CHECK-COUNT-16: memref.store %{{.*}}, %[[S]]
// CHECK-NOT:  memref.store %{{.*}}, %[[S]]
// CHECK:      gpu.barrier
// CHECK-COUNT-2: vector.load %[[S]]
// CHECK-NOT:  vector.load %[[S]]
// CHECK:      gpu.barrier
// CHECK-COUNT-16: memref.store %{{.*}}, %[[S]]
// CHECK-NOT:  memref.store %{{.*}}, %[[S]]
// CHECK:      gpu.barrier
// CHECK:      %[[COL:.*]] = arith.addi %{{.*}}, %c64
// CHECK-NEXT: arith.addi %{{.*}}, %[[COL]]
// CHECK:      vector.load %[[S]]
// CHECK:      vector.load %[[S]]
// CHECK-NOT:  vector.load %[[S]]
// CHECK:      return
func.func @column_slices_read_back(%c: memref<1x32x128xf16>, %stage: !sstage, %i: index) {
  %acc = ck.acc_zero : !sacc
  ck.tile_store %acc -> %c[%i, %i, %i] staged %stage width 8
      : !sacc, memref<1x32x128xf16>, !sstage
  return
}
