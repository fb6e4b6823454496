// RUN: ck-opt %s -split-input-file -ck-pipeline -cse -verify-diagnostics | FileCheck %s

// ck-pipeline (Pipeline.cpp) replaces each ck.tile_gemm with its K loop:
// the operand tiles go through ck.lds_buffers (A's at offset 0, B's after
// it) by ck.tile_load and ck.tile_store_lds under each operand's
// #ck.copy_plan, the first K-tile before the loop, then per K-tile the next
// one's loads, one ck.tile_mma, and the LDS stores (over the current tile
// between two barriers with one buffer, into the other slot before one
// barrier with two). K-tile k starts at element k * bK. (ck-lower-tile-copies
// spells the copies out; its test checks their loads and stores.)

// One buffer. Config block [64, 32, 32], wave [32, 16], mfma 16x16x16 (wave
// 64): 2 x 2 waves, 256 threads.
// a = am[m][k] (K innermost): loads of 8 along K; LDS A keeps K innermost
//   (mfma's fragments read along K): [64][32 + 8] f16 = 5120 bytes, no
//   transposition. 64 * 32 / 8 = 256 loads: one per thread, unguarded.
//   Plan: tile [64, 32], load [1, 8], lds [1, 8], pad 8, 256 threads.
// b = bm[n][k] (K is B's rows and innermost in memory): loads of 8 along
//   rows; LDS B keeps K innermost, so B is held transposed: [32][40] at
//   5120. 32 * 32 / 8 = 128 loads: threads 0..127, the store guarded.
//   Plan: tile [32, 32], load [0, 8], lds [0, 8].
// Thread t's unit: 4 units per line of 32 along K (the LDS dimension), so
// column (t % 4) * 8 and line t / 4.
// Each load's position is a !ck.coord<3xi32> on its view (no merge: the
// view's 3 coordinates), advanced by bK along K per step: [0, 0, 32] for A
// (K is its columns), [0, 32, 0] for B (its rows).

!acc = !ck.acc<64x32xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>

// CHECK-LABEL: gpu.func @one_buffer
// CHECK-SAME: (%[[AM:[^:]*]]: memref<64x64xf16>, %[[BM:[^:]*]]: memref<64x64xf16>, %[[C:[^:]*]]: memref<1x64x64xf16>, %[[G:[^:]*]]: index, %[[M0:[^:]*]]: index, %[[N0:[^:]*]]: index, %[[K0:[^:]*]]: index, %[[K1:[^:]*]]: index)
// CHECK: %[[VA:.*]] = ck.transform %[[AM]]
// CHECK: %[[VB:.*]] = ck.transform %[[BM]]
// CHECK: %[[LDSA:.*]] = ck.lds_buffer offset 0 : memref<64x40xf16, #gpu.address_space<workgroup>>
// CHECK: %[[LDSB:.*]] = ck.lds_buffer offset 5120 : memref<32x40xf16, #gpu.address_space<workgroup>>
// CHECK: %[[KBEGIN:.*]] = arith.muli %[[K0]], %[[C32:.*]] : index
// CHECK: %[[KEND:.*]] = arith.muli %[[K1]], %[[C32]] : index
// CHECK: %[[TID:.*]] = gpu.thread_id x
// CHECK: %[[U:.*]] = arith.addi %[[TID]], %c0
// CHECK: %[[COLU:.*]] = arith.remui %[[U]], %c4
// CHECK: %[[COL:.*]] = arith.muli %[[COLU]], %c8
// CHECK: %[[LINEU:.*]] = arith.divui %[[U]], %c4
// CHECK: %[[LINE:.*]] = arith.muli %[[LINEU]], %c1
// CHECK: %[[ROWA:.*]] = arith.addi %[[M0]], %[[LINE]]
// CHECK: %[[KA:.*]] = arith.addi %[[KBEGIN]], %[[COL]]
// CHECK: %[[CA:.*]] = ck.coord_init %[[VA]][%[[G]], %[[ROWA]], %[[KA]]] : !ck.view<1x64x64xf16>, index, index, index -> !ck.coord<3xi32>
// CHECK: %[[COLB:.*]] = arith.addi %[[N0]], %[[LINE]]
// CHECK: %[[CB:.*]] = ck.coord_init %[[VB]][%[[G]], %[[KA]], %[[COLB]]] : !ck.view<1x64x64xf16>, index, index, index -> !ck.coord<3xi32>
// The first K-tile: loads checked against rows and columns, zero where
// invalid, stored to LDS.
// CHECK: %[[RA:.*]] = ck.tile_load %[[VA]][%[[CA]]] plan <tile = [64, 32], load = [1, 8], lds = [1, 8], pad = 8, threads = 256> thread %[[TID]] : !ck.view<1x64x64xf16>, !ck.coord<3xi32> -> vector<8xf16>
// CHECK: %[[RB:.*]] = ck.tile_load %[[VB]][%[[CB]]] plan <tile = [32, 32], load = [0, 8], lds = [0, 8], pad = 8, threads = 256> thread %[[TID]] : !ck.view<1x64x64xf16>, !ck.coord<3xi32> -> vector<8xf16>
// CHECK: ck.tile_store_lds %[[RA]] -> %[[LDSA]] plan <tile = [64, 32], {{.*}}> thread %[[TID]] : vector<8xf16>, memref<64x40xf16, #gpu.address_space<workgroup>>
// CHECK: ck.tile_store_lds %[[RB]] -> %[[LDSB]] plan <tile = [32, 32], {{.*}}> thread %[[TID]] : vector<8xf16>, memref<32x40xf16, #gpu.address_space<workgroup>>
// CHECK: ck.lds_barrier
// CHECK: %[[ZERO:.*]] = ck.acc_zero : !ck.acc<64x32xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
// CHECK: %[[NA:.*]] = ck.coord_advance %[[VA]], %[[CA]] by [0, 0, 32]
// CHECK: %[[NB:.*]] = ck.coord_advance %[[VB]], %[[CB]] by [0, 32, 0]
// CHECK: %[[LOOP:.*]]:3 = scf.for %[[K:.*]] = %[[KBEGIN]] to %[[KEND]] step %[[C32]] iter_args(%[[ACC:.*]] = %[[ZERO]], %[[ITA:.*]] = %[[NA]], %[[ITB:.*]] = %[[NB]]) -> (!ck.acc<64x32xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>, !ck.coord<3xi32>, !ck.coord<3xi32>) {
// The next K-tile's loads only while k + 32 < the end.
// CHECK:   %[[NEXTK:.*]] = arith.addi %[[K]], %[[C32]]
// CHECK:   %[[MORE:.*]] = arith.cmpi slt, %[[NEXTK]], %[[KEND]]
// CHECK:   %[[NRA:.*]] = ck.tile_load %[[VA]][%[[ITA]]] plan <tile = [64, 32], {{.*}}> thread %[[TID]] if %[[MORE]] :
// CHECK:   %[[NRB:.*]] = ck.tile_load %[[VB]][%[[ITB]]] plan <tile = [32, 32], {{.*}}> thread %[[TID]] if %[[MORE]] :
// CHECK:   %[[STEP:.*]] = ck.tile_mma %[[ACC]], %[[LDSA]], %[[LDSB]] k 32 b_transposed
// CHECK:   ck.lds_barrier
// CHECK:   ck.tile_store_lds %[[NRA]] -> %[[LDSA]] plan <{{.*}}> thread %[[TID]]
// CHECK:   ck.tile_store_lds %[[NRB]] -> %[[LDSB]] plan <{{.*}}> thread %[[TID]]
// CHECK:   ck.lds_barrier
// CHECK:   %[[NEXTA:.*]] = ck.coord_advance %[[VA]], %[[ITA]] by [0, 0, 32]
// CHECK:   %[[NEXTB:.*]] = ck.coord_advance %[[VB]], %[[ITB]] by [0, 32, 0]
// CHECK:   scf.yield %[[STEP]], %[[NEXTA]], %[[NEXTB]]
// CHECK-NOT: ck.tile_gemm
// CHECK: ck.tile_store %[[LOOP]]#0 -> %[[C]]
gpu.module @kernels {
  gpu.func @one_buffer(%am: memref<64x64xf16>, %bm: memref<64x64xf16>,
                       %c: memref<1x64x64xf16>, %g: index, %m0: index,
                       %n0: index, %k0: index, %k1: index) kernel {
    %a = ck.transform %am : memref<64x64xf16> to !ck.view<1x64x64xf16>
        by #ck.transform_map<[1, 64, 64] -> [64, 64], [
            #ck.transform<unmerge [0, 1] -> [0]>,
            #ck.transform<pass_through [2] -> [1]>]>
    %b = ck.transform %bm : memref<64x64xf16> to !ck.view<1x64x64xf16>
        by #ck.transform_map<[1, 64, 64] -> [64, 64], [
            #ck.transform<pass_through [2] -> [0]>,
            #ck.transform<unmerge [0, 1] -> [1]>]>
    %acc = ck.tile_gemm %a, %b at [%g, %m0, %n0] k_tiles %k0 to %k1
        config <block = [64, 32, 32], wave = [32, 16], mma = #ck.mfma<16x16x16, f16>>
        : !ck.view<1x64x64xf16>, !ck.view<1x64x64xf16> -> !acc
    ck.tile_store %acc -> %c[%g, %m0, %n0] : !acc, memref<1x64x64xf16>
    gpu.return
  }
}

// -----
// Two buffers, on memrefs. Block [32, 64, 32], wave [16, 32]: 256 threads.
// A (K innermost): [2][32][40] f16, 2 * 2560 bytes at 0; 32 * 32 / 8 = 128
//   loads, the stores guarded: plan tile [32, 32], load [1, 8], lds [1, 8].
//   B (N innermost, 40 = 5 * 8): loads of 8 along N, transposed into
//   K-innermost [2][64][40] at 5120: each thread's 8 elements go to 8 LDS
//   rows, one f16 each (32 * 64 / 256 / 8 = 1 element per store): plan
//   tile [32, 64], load [1, 8], lds [0, 1].
// The loop carries the slot (0 first); each step's tile_mma reads the slot,
// the next K-tile goes to 1 - slot, then one barrier.

!acc = !ck.acc<32x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>

// CHECK-LABEL: func.func @two_buffers
// CHECK: %[[LDSA:.*]] = ck.lds_buffer offset 0 : memref<2x32x40xf16, #gpu.address_space<workgroup>>
// CHECK: %[[LDSB:.*]] = ck.lds_buffer offset 5120 : memref<2x64x40xf16, #gpu.address_space<workgroup>>
// CHECK: %[[RA:.*]] = ck.tile_load %{{.*}} plan <tile = [32, 32], load = [1, 8], lds = [1, 8], pad = 8, threads = 256> thread %{{.*}} : memref<2x48x64xf16>, !ck.coord<3xi32> -> vector<8xf16>
// CHECK: %[[RB:.*]] = ck.tile_load %{{.*}} plan <tile = [32, 64], load = [1, 8], lds = [0, 1], pad = 8, threads = 256> thread %{{.*}} : memref<2x64x40xf16>, !ck.coord<3xi32> -> vector<8xf16>
// CHECK: ck.tile_store_lds %[[RA]] -> %[[LDSA]][%c0] plan
// CHECK: ck.tile_store_lds %[[RB]] -> %[[LDSB]][%c0] plan
// CHECK: ck.lds_barrier
// CHECK: %[[LOOP:.*]]:4 = scf.for %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}, %[[SLOT:.*]] = %c0, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) -> (!ck.acc<32x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>, index, !ck.coord<3xi32>, !ck.coord<3xi32>)
// CHECK:   %[[STEP:.*]] = ck.tile_mma %[[ACC]], %[[LDSA]], %[[LDSB]] slot %[[SLOT]] k 32 b_transposed
// CHECK:   %[[OTHER:.*]] = arith.subi %c1, %[[SLOT]]
// CHECK:   ck.tile_store_lds %{{.*}} -> %[[LDSA]][%[[OTHER]]]
// CHECK-NEXT: ck.tile_store_lds %{{.*}} -> %[[LDSB]][%[[OTHER]]]
// CHECK-NEXT: ck.lds_barrier
// CHECK-NOT: ck.lds_barrier
// CHECK:   scf.yield %[[STEP]], %[[OTHER]], %{{.*}}, %{{.*}}
// CHECK: ck.partial_store %[[LOOP]]#0
func.func @two_buffers(%a: memref<2x48x64xf16>, %b: memref<2x64x40xf16>,
                       %ws: memref<?xf32>, %s: index, %g: index,
                       %m0: index, %n0: index, %k0: index, %k1: index) {
  %acc = ck.tile_gemm %a, %b at [%g, %m0, %n0] k_tiles %k0 to %k1
      config <block = [32, 64, 32], wave = [16, 32], mma = #ck.mfma<16x16x16, f16>, lds_buffers = 2>
      : memref<2x48x64xf16>, memref<2x64x40xf16> -> !acc
  ck.partial_store %acc -> %ws[%s] : !acc, memref<?xf32>
  return
}

// -----
// Wave roles: the block and buffers of @two_buffers with 2 load waves
// beside the 4 math waves. The two LDS slots become a ck.ring; the math
// waves loop over the n = k1 - k0 steps, waiting for each full slot
// (step mod 2), computing on it and releasing it; the load waves (thread
// index less the 256 math threads, 128 of them) carry the step's loaded
// K-tile and the next positions, issue the next K-tile's loads while step
// + 1 < n, wait for an empty slot, store the step's tile and announce it.
// A (32 x 32, 8 per load) is 128 loads: one per load thread, unguarded.
// B transposes in units of 8 x 2 (32 * 64 / 128 threads / 8 = 2 elements
// per store): 128 units of two loads, so the thread's share is two
// vectors, which the load loop carries beside A's.
// A barrier after the roles frees the LDS for the epilogue.

!acc = !ck.acc<32x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>

// CHECK-LABEL: func.func @roles
// CHECK-SAME: %[[K0:[^:]*]]: index, %[[K1:[^:]*]]: index)
// CHECK: %[[LDSA:.*]] = ck.lds_buffer offset 0 : memref<2x32x40xf16, #gpu.address_space<workgroup>>
// CHECK: %[[LDSB:.*]] = ck.lds_buffer offset 5120 : memref<2x64x40xf16, #gpu.address_space<workgroup>>
// CHECK: %[[RING:.*]] = ck.ring math 4 load 2 : !ck.ring<2>
// CHECK: %[[N:.*]] = arith.subi %[[K1]], %[[K0]]
// CHECK: %[[ACC:.*]] = ck.roles math 4 {
// CHECK:   %[[MZERO:.*]] = ck.acc_zero
// CHECK:   %[[SUM:.*]] = scf.for %[[I:.*]] = %c0 to %[[N]] step %c1 iter_args(%[[A:.*]] = %[[MZERO]])
// CHECK-NEXT: ck.ring_wait %[[RING]] full %[[I]] : !ck.ring<2>
// CHECK: %[[SLOT:.*]] = arith.remui %[[I]], %c2
// CHECK-NEXT: %[[STEP:.*]] = ck.tile_mma %[[A]], %[[LDSA]], %[[LDSB]] slot %[[SLOT]] k 32 b_transposed
// CHECK-NEXT: ck.ring_signal %[[RING]] empty %[[I]] of %[[N]] : !ck.ring<2>
// CHECK-NEXT: scf.yield %[[STEP]]
// CHECK:   ck.yield %[[SUM]]
// CHECK: } load 2 {
// CHECK:   %[[TID:.*]] = gpu.thread_id x
// CHECK:   %[[LTID:.*]] = arith.subi %[[TID]], %c256
// CHECK:   %[[FA:.*]] = ck.tile_load %{{.*}} plan <tile = [32, 32], load = [1, 8], lds = [1, 8], pad = 8, threads = 128> thread %[[LTID]] : memref<2x48x64xf16>, !ck.coord<3xi32> -> vector<8xf16>
// CHECK:   %[[FB:.*]]:2 = ck.tile_load %{{.*}}[%{{.*}}, %{{.*}}] plan <tile = [32, 64], load = [1, 8], lds = [0, 2], pad = 8, threads = 128> thread %[[LTID]] : memref<2x64x40xf16>, !ck.coord<3xi32> -> vector<8xf16>
// CHECK:   scf.for %[[J:.*]] = %c0 to %[[N]] step %c1 iter_args(%[[TA:.*]] = %[[FA]], %[[TB0:.*]] = %[[FB]]#0, %[[TB1:.*]] = %[[FB]]#1, {{.*}}) -> (vector<8xf16>, vector<8xf16>, vector<8xf16>, !ck.coord<3xi32>, !ck.coord<3xi32>, !ck.coord<3xi32>)
// CHECK:     %[[NEXT:.*]] = arith.addi %[[J]], %c1
// CHECK:     %[[MORE:.*]] = arith.cmpi slt, %[[NEXT]], %[[N]]
// CHECK:     %[[NA:.*]] = ck.tile_load %{{.*}} thread %[[LTID]] if %[[MORE]] :
// CHECK:     %[[NB:.*]]:2 = ck.tile_load %{{.*}} thread %[[LTID]] if %[[MORE]] :
// CHECK:     ck.ring_wait %[[RING]] empty %[[J]] : !ck.ring<2>
// CHECK:     %[[LSLOT:.*]] = arith.remui %[[J]], %c2
// CHECK:     ck.tile_store_lds %[[TA]] -> %[[LDSA]][%[[LSLOT]]] plan <{{.*}}> thread %[[LTID]]
// CHECK:     ck.tile_store_lds %[[TB0]], %[[TB1]] -> %[[LDSB]][%[[LSLOT]]] plan <{{.*}}> thread %[[LTID]]
// CHECK:     ck.ring_signal %[[RING]] full %[[J]] : !ck.ring<2>
// CHECK:     scf.yield %[[NA]], %[[NB]]#0, %[[NB]]#1,
// CHECK:   %[[LZERO:.*]] = ck.acc_zero
// CHECK:   ck.yield %[[LZERO]]
// CHECK: } -> !ck.acc<32x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
// CHECK-NEXT: ck.lds_barrier
// CHECK: ck.partial_store %[[ACC]]
func.func @roles(%a: memref<2x48x64xf16>, %b: memref<2x64x40xf16>,
                 %ws: memref<?xf32>, %s: index, %g: index,
                 %m0: index, %n0: index, %k0: index, %k1: index) {
  %acc = ck.tile_gemm %a, %b at [%g, %m0, %n0] k_tiles %k0 to %k1
      config <block = [32, 64, 32], wave = [16, 32], mma = #ck.mfma<16x16x16, f16>, lds_buffers = 2, load_waves = 2>
      : memref<2x48x64xf16>, memref<2x64x40xf16> -> !acc
  ck.partial_store %acc -> %ws[%s] : !acc, memref<?xf32>
  return
}

// -----
// The copies are spread over the workgroup's threads, so the wave size must
// be known: #ck.fma has none of its own and there is no #ck.target.

!acc = !ck.acc<32x32xf32, #ck.fma, waves = [2, 2]>
func.func @no_wave_size(%a: memref<1x32x16xf32>, %b: memref<1x16x32xf32>, %k: index) -> !acc {
  // expected-error @+1 {{'ck.tile_gemm' op needs the wave size for #ck.fma; attach a #ck.target (ck-set-target)}}
  %acc = ck.tile_gemm %a, %b at [%k, %k, %k] k_tiles %k to %k
      config <block = [32, 32, 16], wave = [16, 16], mma = #ck.fma>
      : memref<1x32x16xf32>, memref<1x16x32xf32> -> !acc
  return %acc : !acc
}

// -----
// The copies read through the views' chains down to a memref.

!acc = !ck.acc<32x32xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
func.func @untraceable(%a: !ck.view<1x32x16xf16>, %b: memref<1x16x32xf16>, %k: index) -> !acc {
  // expected-error @+1 {{'ck.tile_gemm' op operand A is a view that does not start at a memref}}
  %acc = ck.tile_gemm %a, %b at [%k, %k, %k] k_tiles %k to %k
      config <block = [32, 32, 16], wave = [16, 16], mma = #ck.mfma<16x16x16, f16>>
      : !ck.view<1x32x16xf16>, memref<1x16x32xf16> -> !acc
  return %acc : !acc
}
