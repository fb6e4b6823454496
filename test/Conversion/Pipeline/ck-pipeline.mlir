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
//   (mfma's fragments read along K): [64][32] f16 = 4096 bytes, no
//   transposition, so unpadded and swizzled in blocks of its 64-byte rows
//   (TileCopyPlan.cpp; buffers 128-byte aligned). 64 * 32 / 8 = 256
//   loads: one per thread, unguarded.
//   Plan: tile [64, 32], load [1, 8], lds [1, 8], pad 0, 256 threads,
//   swizzle 64.
// b = bm[n][k] (K is B's rows and innermost in memory): loads of 8 along
//   rows; LDS B keeps K innermost, so B is held transposed: [32][32] at
//   4096, swizzled as A. 32 * 32 / 8 = 128 loads: threads 0..127, the
//   store guarded. Plan: tile [32, 32], load [0, 8], lds [0, 8].
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
// CHECK: %[[LDSA:.*]] = ck.lds_buffer offset 0 align 128 : memref<64x32xf16, #gpu.address_space<workgroup>>
// CHECK: %[[LDSB:.*]] = ck.lds_buffer offset 4096 align 128 : memref<32x32xf16, #gpu.address_space<workgroup>>
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
// The first K-tile: bK = 32 divides K = 64, so every K-tile of a range lies
// inside it and the loads check the other dimension alone (`bounds [1]`:
// A's rows; `bounds [2]`: B's columns), zero where invalid; they read
// unguarded along K, so the first K-tile is loaded only where the range
// is not empty. Stored to LDS.
// CHECK: %[[NONEMPTY:.*]] = arith.cmpi slt, %[[KBEGIN]], %[[KEND]] : index
// CHECK: %[[RA:.*]] = ck.tile_load %[[VA]][%[[CA]]] plan <tile = [64, 32], load = [1, 8], lds = [1, 8], pad = 0, threads = 256, swizzle = 64> thread %[[TID]] bounds [1] if %[[NONEMPTY]] : !ck.view<1x64x64xf16>, !ck.coord<3xi32> -> vector<8xf16>
// CHECK: %[[RB:.*]] = ck.tile_load %[[VB]][%[[CB]]] plan <tile = [32, 32], load = [0, 8], lds = [0, 8], pad = 0, threads = 256, swizzle = 64> thread %[[TID]] bounds [2] if %[[NONEMPTY]] : !ck.view<1x64x64xf16>, !ck.coord<3xi32> -> vector<8xf16>
// CHECK: ck.tile_store_lds %[[RA]] -> %[[LDSA]] plan <tile = [64, 32], {{.*}}> thread %[[TID]] : vector<8xf16>, memref<64x32xf16, #gpu.address_space<workgroup>>
// CHECK: ck.tile_store_lds %[[RB]] -> %[[LDSB]] plan <tile = [32, 32], {{.*}}> thread %[[TID]] : vector<8xf16>, memref<32x32xf16, #gpu.address_space<workgroup>>
// CHECK: ck.lds_barrier
// CHECK: %[[ZERO:.*]] = ck.acc_zero : !ck.acc<64x32xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
// CHECK: %[[NA:.*]] = ck.coord_advance %[[VA]], %[[CA]] by [0, 0, 32]
// CHECK: %[[NB:.*]] = ck.coord_advance %[[VB]], %[[CB]] by [0, 32, 0]
// CHECK: %[[LOOP:.*]]:3 = scf.for %[[K:.*]] = %[[KBEGIN]] to %[[KEND]] step %[[C32]] iter_args(%[[ACC:.*]] = %[[ZERO]], %[[ITA:.*]] = %[[NA]], %[[ITB:.*]] = %[[NB]]) -> (!ck.acc<64x32xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>, !ck.coord<3xi32>, !ck.coord<3xi32>) {
// The next K-tile's loads only while k + 32 < the end.
// CHECK:   %[[NEXTK:.*]] = arith.addi %[[K]], %[[C32]]
// CHECK:   %[[MORE:.*]] = arith.cmpi slt, %[[NEXTK]], %[[KEND]]
// CHECK:   %[[NRA:.*]] = ck.tile_load %[[VA]][%[[ITA]]] plan <tile = [64, 32], {{.*}}> thread %[[TID]] bounds [1] if %[[MORE]] :
// CHECK:   %[[NRB:.*]] = ck.tile_load %[[VB]][%[[ITB]]] plan <tile = [32, 32], {{.*}}> thread %[[TID]] bounds [2] if %[[MORE]] :
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
// K = 40 past bK = 32: the second K-tile runs past K, so the loads check
// rows and columns (no `bounds`) and the first K-tile loads unconditioned.

!acc = !ck.acc<64x32xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>

// CHECK-LABEL: func.func @k_past_tile
// CHECK-NOT: arith.cmpi
// CHECK: %[[RA:.*]] = ck.tile_load %{{.*}} plan <tile = [64, 32], {{.*}}> thread %{{.*}} : memref<1x64x40xf16>
// CHECK: %[[RB:.*]] = ck.tile_load %{{.*}} plan <tile = [32, 32], {{.*}}> thread %{{.*}} : memref<1x40x32xf16>
// CHECK: scf.for
// CHECK: %[[MORE:.*]] = arith.cmpi slt
// CHECK: ck.tile_load %{{.*}} thread %{{.*}} if %[[MORE]] : memref<1x64x40xf16>
// CHECK: ck.tile_load %{{.*}} thread %{{.*}} if %[[MORE]] : memref<1x40x32xf16>
func.func @k_past_tile(%a: memref<1x64x40xf16>, %b: memref<1x40x32xf16>,
                       %c: memref<1x64x32xf16>, %g: index, %m0: index,
                       %n0: index, %k0: index, %k1: index) {
  %acc = ck.tile_gemm %a, %b at [%g, %m0, %n0] k_tiles %k0 to %k1
      config <block = [64, 32, 32], wave = [32, 16], mma = #ck.mfma<16x16x16, f16>>
      : memref<1x64x40xf16>, memref<1x40x32xf16> -> !acc
  ck.tile_store %acc -> %c[%g, %m0, %n0] : !acc, memref<1x64x32xf16>
  return
}

// -----
// Two buffers, on memrefs. Block [32, 64, 32], wave [16, 32]: 256 threads.
// A (K innermost): [2][32][32] f16, swizzled, 2 * 2048 bytes at 0; 32 * 32
//   / 8 = 128 loads, the stores guarded: plan tile [32, 32], load [1, 8],
//   lds [1, 8], swizzle 64.
//   B (N innermost, 40 = 5 * 8): loads of 8 along N, transposed into
//   K-innermost [2][64][40] (padded: a transposing copy keeps the pad) at
//   4096: each thread's 8 elements go to 8 LDS
//   rows, one f16 each (32 * 64 / 256 / 8 = 1 element per store): plan
//   tile [32, 64], load [1, 8], lds [0, 1].
// The loop carries the slot (0 first); each step's tile_mma reads the slot,
// the next K-tile goes to 1 - slot, then one barrier.

!acc = !ck.acc<32x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>

// CHECK-LABEL: func.func @two_buffers
// CHECK: %[[LDSA:.*]] = ck.lds_buffer offset 0 align 128 : memref<2x32x32xf16, #gpu.address_space<workgroup>>
// CHECK: %[[LDSB:.*]] = ck.lds_buffer offset 4096 align 128 : memref<2x64x40xf16, #gpu.address_space<workgroup>>
// CHECK: %[[NONEMPTY:.*]] = arith.cmpi slt
// CHECK: %[[RA:.*]] = ck.tile_load %{{.*}} plan <tile = [32, 32], load = [1, 8], lds = [1, 8], pad = 0, threads = 256, swizzle = 64> thread %{{.*}} bounds [1] if %[[NONEMPTY]] : memref<2x48x64xf16>, !ck.coord<3xi32> -> vector<8xf16>
// CHECK: %[[RB:.*]] = ck.tile_load %{{.*}} plan <tile = [32, 64], load = [1, 8], lds = [0, 1], pad = 8, threads = 256> thread %{{.*}} bounds [2] if %[[NONEMPTY]] : memref<2x64x40xf16>, !ck.coord<3xi32> -> vector<8xf16>
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
// CHECK: %[[LDSA:.*]] = ck.lds_buffer offset 0 align 128 : memref<2x32x32xf16, #gpu.address_space<workgroup>>
// CHECK: %[[LDSB:.*]] = ck.lds_buffer offset 4096 align 128 : memref<2x64x40xf16, #gpu.address_space<workgroup>>
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
// CHECK:   %[[NONEMPTY:.*]] = arith.cmpi slt
// CHECK:   %[[FA:.*]] = ck.tile_load %{{.*}} plan <tile = [32, 32], load = [1, 8], lds = [1, 8], pad = 0, threads = 128, swizzle = 64> thread %[[LTID]] bounds [1] if %[[NONEMPTY]] : memref<2x48x64xf16>, !ck.coord<3xi32> -> vector<8xf16>
// CHECK:   %[[FB:.*]]:2 = ck.tile_load %{{.*}}[%{{.*}}, %{{.*}}] plan <tile = [32, 64], load = [1, 8], lds = [0, 2], pad = 8, threads = 128> thread %[[LTID]] bounds [2] if %[[NONEMPTY]] : memref<2x64x40xf16>, !ck.coord<3xi32> -> vector<8xf16>
// CHECK:   scf.for %[[J:.*]] = %c0 to %[[N]] step %c1 iter_args(%[[TA:.*]] = %[[FA]], %[[TB0:.*]] = %[[FB]]#0, %[[TB1:.*]] = %[[FB]]#1, {{.*}}) -> (vector<8xf16>, vector<8xf16>, vector<8xf16>, !ck.coord<3xi32>, !ck.coord<3xi32>, !ck.coord<3xi32>)
// CHECK:     %[[NEXT:.*]] = arith.addi %[[J]], %c1
// CHECK:     %[[MORE:.*]] = arith.cmpi slt, %[[NEXT]], %[[N]]
// CHECK:     %[[NA:.*]] = ck.tile_load %{{.*}} thread %[[LTID]] bounds [1] if %[[MORE]] :
// CHECK:     %[[NB:.*]]:2 = ck.tile_load %{{.*}} thread %[[LTID]] bounds [2] if %[[MORE]] :
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

// -----
// Asynchronous copies through three LDS stages (async_copy, lds_buffers =
// 3), mma.sync on 32 lanes: block [32, 16, 32], wave [16, 8], 2 x 2 waves,
// 128 threads.
// A (K innermost, 8 per vector, 16 bytes): copied straight into LDS
//   (ck.tile_copy_async), [3][32][32] at 0 (rows of 64 bytes, swizzled in
//   64-byte blocks for ldmatrix), one vector per thread.
// B (N = 17 innermost: vectors of one f16, 2 bytes, which cp.async cannot
//   move): loaded into registers at the start of a step and stored into
//   the same slot after the MMAs, [3][32][16] at 6144 (rows of 32 bytes,
//   swizzled in 32-byte blocks), 4 vectors a thread.
// The prologue starts K-tiles 0 (where the range is not empty: bK = 32
// divides K = 64, so the copies check A's rows and B's columns alone,
// `bounds`, and would read K-tile 0 of an empty range unguarded) and 1
// (while k_begin + 32 < k_end) into slots 0 and 1, a commit after each. The loop carries the slot to
// read (0 first, wrapping to 0 at 3 by a compare and select: no
// remainder) and the slot to write (2 first, then the slot the step before
// read), and the positions of K-tile
// j + 2. Each step waits until at most 1 group is in flight (tile j has
// landed), makes it visible with one barrier, starts tile j + 2 (while
// k + 64 < k_end; zeros past it) into the write slot, commits, computes on
// the read slot, then stores B's registers. After the loop, a wait for all
// groups and a barrier free the LDS.

!acc = !ck.acc<32x16xf32, #ck.mma_sync<16x8x16, f16>, waves = [2, 2]>

// CHECK-LABEL: func.func @staged
// CHECK-SAME: (%[[A:[^:]*]]: memref<1x32x64xf16>, %[[B:[^:]*]]: memref<1x64x17xf16>,
// CHECK: %[[LDSA:.*]] = ck.lds_buffer offset 0 align 128 : memref<3x32x32xf16, #gpu.address_space<workgroup>>
// CHECK: %[[LDSB:.*]] = ck.lds_buffer offset 6144 align 128 : memref<3x32x16xf16, #gpu.address_space<workgroup>>
// CHECK: %[[KBEGIN:.*]] = arith.muli
// CHECK: %[[KEND:.*]] = arith.muli
// CHECK: %[[TID:.*]] = gpu.thread_id x
// CHECK: %[[CA:.*]] = ck.coord_init %[[A]]
// CHECK: %[[NONEMPTY:.*]] = arith.cmpi slt, %[[KBEGIN]], %[[KEND]]
// CHECK-NEXT: ck.tile_copy_async %[[A]][%[[CA]]] -> %[[LDSA]][%c0] plan <tile = [32, 32], load = [1, 8], lds = [1, 8], pad = 0, threads = 128, swizzle = 64> thread %[[TID]] bounds [1] if %[[NONEMPTY]] : memref<1x32x64xf16>, !ck.coord<3xi32>, memref<3x32x32xf16, #gpu.address_space<workgroup>>
// CHECK-NEXT: %[[RB0:.*]]:4 = ck.tile_load %[[B]]
// CHECK-SAME: plan <tile = [32, 16], load = [1, 1], lds = [1, 1], pad = 0, threads = 128, swizzle = 32> thread %[[TID]] bounds [2] if %[[NONEMPTY]] : memref<1x64x17xf16>, !ck.coord<3xi32> -> vector<1xf16>
// CHECK-NEXT: ck.tile_store_lds %[[RB0]]#0, %[[RB0]]#1, %[[RB0]]#2, %[[RB0]]#3 -> %[[LDSB]][%c0]
// CHECK-NEXT: ck.async_commit
// CHECK: %[[CA1:.*]] = ck.coord_advance %[[A]], %[[CA]] by [0, 0, 32]
// CHECK: %[[K1:.*]] = arith.addi %[[KBEGIN]], %c32
// CHECK-NEXT: %[[MORE1:.*]] = arith.cmpi slt, %[[K1]], %[[KEND]]
// CHECK-NEXT: ck.tile_copy_async %[[A]][%[[CA1]]] -> %[[LDSA]][%c1] plan <{{.*}}> thread %[[TID]] bounds [1] if %[[MORE1]]
// CHECK-NEXT: %[[RB1:.*]]:4 = ck.tile_load %[[B]]{{.*}} if %[[MORE1]]
// CHECK-NEXT: ck.tile_store_lds %[[RB1]]#0, %[[RB1]]#1, %[[RB1]]#2, %[[RB1]]#3 -> %[[LDSB]][%c1]
// CHECK-NEXT: ck.async_commit
// CHECK: %[[CA2:.*]] = ck.coord_advance %[[A]], %[[CA1]] by [0, 0, 32]
// CHECK: %[[LOOP:.*]]:8 = scf.for %[[K:.*]] = %[[KBEGIN]] to %[[KEND]] step %c32 iter_args(%[[ACC:.*]] = %{{.*}}, %[[READ:.*]] = %c0, %[[WRITE:.*]] = %c2, %[[ITA:.*]] = %[[CA2]], %{{.*}}) -> (!ck.acc<32x16xf32, #ck.mma_sync<16x8x16, f16>, waves = [2, 2]>, index, index, !ck.coord<3xi32>,
// CHECK-NEXT:  ck.async_wait pending 1
// CHECK-NEXT:  ck.lds_barrier
// CHECK:       %[[AHEAD:.*]] = arith.addi %[[K]], %c64
// CHECK-NEXT:  %[[MORE:.*]] = arith.cmpi slt, %[[AHEAD]], %[[KEND]]
// CHECK-NEXT:  ck.tile_copy_async %[[A]][%[[ITA]]] -> %[[LDSA]][%[[WRITE]]] plan <{{.*}}> thread %[[TID]] bounds [1] if %[[MORE]]
// CHECK-NEXT:  %[[RB:.*]]:4 = ck.tile_load %[[B]]{{.*}} if %[[MORE]]
// CHECK-NEXT:  ck.async_commit
// CHECK-NEXT:  %[[STEP:.*]] = ck.tile_mma %[[ACC]], %[[LDSA]], %[[LDSB]] slot %[[READ]] k 32 a_swizzled b_swizzled :
// CHECK-NEXT:  ck.tile_store_lds %[[RB]]#0, %[[RB]]#1, %[[RB]]#2, %[[RB]]#3 -> %[[LDSB]][%[[WRITE]]]
// CHECK:       %[[R1:.*]] = arith.addi %[[READ]], %c1
// CHECK:       %[[RWRAP:.*]] = arith.cmpi eq, %[[R1]], %c3
// CHECK:       %[[NREAD:.*]] = arith.select %[[RWRAP]], %c0, %[[R1]]
// CHECK:       %[[W1:.*]] = arith.addi %[[WRITE]], %c1
// CHECK:       %[[WWRAP:.*]] = arith.cmpi eq, %[[W1]], %c3
// CHECK:       %[[NWRITE:.*]] = arith.select %[[WWRAP]], %c0, %[[W1]]
// CHECK:       %[[NA:.*]] = ck.coord_advance %[[A]], %[[ITA]] by [0, 0, 32]
// CHECK:       scf.yield %[[STEP]], %[[NREAD]], %[[NWRITE]], %[[NA]],
// CHECK-NOT: ck.lds_barrier
// CHECK-NOT: ck.rotate_fragment_loads
// CHECK: ck.async_wait pending 0
// CHECK-NEXT: ck.lds_barrier
// CHECK-NEXT: ck.partial_store %[[LOOP]]#0
func.func @staged(%a: memref<1x32x64xf16>, %b: memref<1x64x17xf16>,
                  %ws: memref<?xf32>, %s: index, %g: index,
                  %m0: index, %n0: index, %k0: index, %k1: index) {
  %acc = ck.tile_gemm %a, %b at [%g, %m0, %n0] k_tiles %k0 to %k1
      config <block = [32, 16, 32], wave = [16, 8], mma = #ck.mma_sync<16x8x16, f16>, lds_buffers = 3, async_copy>
      : memref<1x32x64xf16>, memref<1x64x17xf16> -> !acc
  ck.partial_store %acc -> %ws[%s] : !acc, memref<?xf32>
  return
}

// -----
// A wave of 64 x 64 (32 mma.sync tiles per K step) through three stages:
// the loop is marked for ck-rotate-fragment-loads. Through two stages the
// copies write the slot the next step reads, and it is not.

// CHECK-LABEL: func.func @staged_rotated
// CHECK: scf.for
// CHECK: ck.tile_mma
// CHECK: scf.yield
// CHECK-NEXT: } {ck.rotate_fragment_loads}
// CHECK-LABEL: func.func @staged_two_buffers
// CHECK: scf.for
// CHECK: scf.yield
// CHECK-NEXT: }{{$}}
!racc = !ck.acc<64x64xf32, #ck.mma_sync<16x8x16, f16>, waves = [1, 1]>
func.func @staged_rotated(%a: memref<1x64x256xf16>, %b: memref<1x256x64xf16>,
                          %ws: memref<?xf32>, %s: index, %g: index,
                          %m0: index, %n0: index, %k0: index, %k1: index) {
  %acc = ck.tile_gemm %a, %b at [%g, %m0, %n0] k_tiles %k0 to %k1
      config <block = [64, 64, 32], wave = [64, 64], mma = #ck.mma_sync<16x8x16, f16>, lds_buffers = 3, async_copy>
      : memref<1x64x256xf16>, memref<1x256x64xf16> -> !racc
  ck.partial_store %acc -> %ws[%s] : !racc, memref<?xf32>
  return
}
func.func @staged_two_buffers(%a: memref<1x64x256xf16>, %b: memref<1x256x64xf16>,
                              %ws: memref<?xf32>, %s: index, %g: index,
                              %m0: index, %n0: index, %k0: index, %k1: index) {
  %acc = ck.tile_gemm %a, %b at [%g, %m0, %n0] k_tiles %k0 to %k1
      config <block = [64, 64, 32], wave = [64, 64], mma = #ck.mma_sync<16x8x16, f16>, lds_buffers = 2, async_copy>
      : memref<1x64x256xf16>, memref<1x256x64xf16> -> !racc
  ck.partial_store %acc -> %ws[%s] : !racc, memref<?xf32>
  return
}

// -----
// wgmma through 3 stages keeps one tile's products in flight: the copies
// run S - 2 = 1 tile ahead (one tile before the loop, into slot 0), each
// step waits with no copy group pending, copies tile j + 1 into its write
// slot (starting at 1, two behind the read slot's successor), and its
// tile_mma is in_flight; after the loop ck.acc_wait completes the products
// before the copies' last wait and the barrier. The tiles are unpadded and
// swizzled, 1024-byte aligned (A 64 x 64 f16 = 8192 bytes a slot).

// CHECK-LABEL: func.func @staged_wgmma
// CHECK: %[[LDSA:.*]] = ck.lds_buffer offset 0 align 1024 : memref<3x64x64xf16, #gpu.address_space<workgroup>>
// CHECK: %[[LDSB:.*]] = ck.lds_buffer offset 24576 align 1024 : memref<3x64x64xf16, #gpu.address_space<workgroup>>
// CHECK: ck.tile_copy_async {{.*}} -> %[[LDSA]][%c0] plan <tile = [64, 64], load = [1, 8], lds = [1, 8], pad = 0, threads = 128, swizzle = 128>
// CHECK: ck.tile_copy_async {{.*}} -> %[[LDSB]][%c0]
// CHECK-NEXT: ck.async_commit
// CHECK-NOT: ck.async_commit
// CHECK: %[[LOOP:.*]]:{{[0-9]+}} = scf.for {{.*}} iter_args(%[[ACC:.*]] = %{{.*}}, %[[READ:.*]] = %c0, %[[WRITE:.*]] = %c1,
// CHECK-NEXT:  ck.async_wait pending 0
// CHECK-NEXT:  ck.lds_barrier
// CHECK:       ck.tile_copy_async {{.*}} -> %[[LDSA]][%[[WRITE]]]
// CHECK:       ck.async_commit
// CHECK-NEXT:  %[[STEP:.*]] = ck.tile_mma %[[ACC]], %[[LDSA]], %[[LDSB]] slot %[[READ]] k 64 in_flight :
// CHECK:       scf.yield %[[STEP]],
// CHECK-NOT: ck.rotate_fragment_loads
// CHECK: %[[DONE:.*]] = ck.acc_wait %[[LOOP]]#0
// CHECK-NEXT: ck.async_wait pending 0
// CHECK-NEXT: ck.lds_barrier
// CHECK-NEXT: ck.partial_store %[[DONE]]
!wacc = !ck.acc<64x64xf32, #ck.wgmma<f16>, waves = [4, 1]>
func.func @staged_wgmma(%a: memref<1x64x256xf16>, %b: memref<1x256x64xf16>,
                        %ws: memref<?xf32>, %s: index, %g: index,
                        %m0: index, %n0: index, %k0: index, %k1: index) {
  %acc = ck.tile_gemm %a, %b at [%g, %m0, %n0] k_tiles %k0 to %k1
      config <block = [64, 64, 64], wave = [16, 64], mma = #ck.wgmma<f16>, lds_buffers = 3, async_copy>
      : memref<1x64x256xf16>, memref<1x256x64xf16> -> !wacc
  ck.partial_store %acc -> %ws[%s] : !wacc, memref<?xf32>
  return
}

// -----
// wgmma with roles and asynchronous copies through 3 slots: the math waves
// keep one tile's products in flight, so step i releases slot i - 1 (from
// step 1 on) and ck.acc_wait ends their region. The load waves (threads
// 128 .. 255, load thread t - 128) start step j's copies into slot j mod 3
// once it is empty, commit them, and leave P = 3 - 1 - 1 = 1 group in
// flight: step j announces tile j - 1 full (from step 1 on). After the
// loop they wait for every group and announce the last max(0, n - 1) ..
// n - 1 tiles.

// CHECK-LABEL: func.func @roles_wgmma
// CHECK-SAME: %[[K0:[^:]*]]: index, %[[K1:[^:]*]]: index)
// CHECK: %[[LDSA:.*]] = ck.lds_buffer offset 0 align 1024 : memref<3x64x64xf16, #gpu.address_space<workgroup>>
// CHECK: %[[LDSB:.*]] = ck.lds_buffer offset 24576 align 1024 : memref<3x64x64xf16, #gpu.address_space<workgroup>>
// CHECK: %[[RING:.*]] = ck.ring math 4 load 4 : !ck.ring<3>
// CHECK: %[[N:.*]] = arith.subi %[[K1]], %[[K0]]
// CHECK: ck.roles math 4 {
// CHECK:   %[[SUM:.*]] = scf.for %[[I:.*]] = %c0 to %[[N]] step %c1 iter_args(%[[A:.*]] = %{{.*}})
// CHECK-NEXT: ck.ring_wait %[[RING]] full %[[I]] : !ck.ring<3>
// CHECK:      %[[SLOT:.*]] = arith.remui %[[I]], %c3
// CHECK-NEXT: %[[STEP:.*]] = ck.tile_mma %[[A]], %[[LDSA]], %[[LDSB]] slot %[[SLOT]] k 64 in_flight
// CHECK-NEXT: %[[LATER:.*]] = arith.cmpi ugt, %[[I]], %c0
// CHECK-NEXT: scf.if %[[LATER]] {
// CHECK-NEXT:   %[[PREV:.*]] = arith.subi %[[I]], %c1 overflow<nuw>
// CHECK-NEXT:   ck.ring_signal %[[RING]] empty %[[PREV]] of %[[N]] : !ck.ring<3>
// CHECK:      scf.yield %[[STEP]]
// CHECK:   %[[DONE:.*]] = ck.acc_wait %[[SUM]]
// CHECK-NEXT: ck.yield %[[DONE]]
// CHECK: } load 4 {
// CHECK:   %[[TID:.*]] = gpu.thread_id x
// CHECK:   %[[LTID:.*]] = arith.subi %[[TID]], %c128
// CHECK:   scf.for %[[J:.*]] = %c0 to %[[N]] step %c1 iter_args(
// CHECK-NEXT: ck.ring_wait %[[RING]] empty %[[J]] : !ck.ring<3>
// CHECK:      %[[WSLOT:.*]] = arith.remui %[[J]], %c3
// CHECK-NEXT: ck.tile_copy_async {{.*}} -> %[[LDSA]][%[[WSLOT]]] plan <{{.*}}swizzle = 128> thread %[[LTID]]
// CHECK-NEXT: ck.tile_copy_async {{.*}} -> %[[LDSB]][%[[WSLOT]]] plan <{{.*}}swizzle = 128> thread %[[LTID]]
// CHECK-NEXT: ck.async_commit
// CHECK-NEXT: ck.async_wait pending 1
// CHECK-NEXT: %[[ANY:.*]] = arith.cmpi uge, %[[J]], %c1
// CHECK-NEXT: scf.if %[[ANY]] {
// CHECK-NEXT:   %[[LANDED:.*]] = arith.subi %[[J]], %c1 overflow<nuw>
// CHECK-NEXT:   ck.ring_signal %[[RING]] full %[[LANDED]] : !ck.ring<3>
// CHECK:      ck.coord_advance
// CHECK:   ck.async_wait pending 0
// CHECK-NEXT: %[[LAST:.*]] = arith.subi %[[N]], %c1
// CHECK-NEXT: %[[TAIL:.*]] = arith.maxsi %c0, %[[LAST]]
// CHECK-NEXT: scf.for %[[T:.*]] = %[[TAIL]] to %[[N]] step %c1 {
// CHECK-NEXT:   ck.ring_signal %[[RING]] full %[[T]] : !ck.ring<3>
// CHECK: } -> !ck.acc<64x64xf32, #ck.wgmma<f16>, waves = [4, 1]>
// CHECK-NEXT: ck.lds_barrier
!wacc = !ck.acc<64x64xf32, #ck.wgmma<f16>, waves = [4, 1]>
func.func @roles_wgmma(%a: memref<1x64x256xf16>, %b: memref<1x256x64xf16>,
                       %ws: memref<?xf32>, %s: index, %g: index,
                       %m0: index, %n0: index, %k0: index, %k1: index) {
  %acc = ck.tile_gemm %a, %b at [%g, %m0, %n0] k_tiles %k0 to %k1
      config <block = [64, 64, 64], wave = [16, 64], mma = #ck.wgmma<f16>, lds_buffers = 3, load_waves = 4, async_copy>
      : memref<1x64x256xf16>, memref<1x256x64xf16> -> !wacc
  ck.partial_store %acc -> %ws[%s] : !wacc, memref<?xf32>
  return
}

// -----
// A ring across units (`ring_steps %first of %total`, as ck-lower-partition
// numbers a persistent partition's K-tiles): the ring is made once, at the
// kernel's start (its barriers' ck.lds_buffer cloned there), and ended
// before the return, after a barrier. Every event of step i is the ring's
// step %first + i; the `empty` releases count %total steps; the math waves
// release the unit's last step after ck.acc_wait (the next unit's steps
// follow it); no barrier follows the roles, so the load waves run on into
// the next unit.

// CHECK-LABEL: gpu.func @spanning_ring
// CHECK-SAME: %[[TOTAL:[^:]*]]: index) kernel
// CHECK-NEXT: %[[BARS:.*]] = ck.lds_buffer offset 49152 : memref<6xi64, #gpu.address_space<workgroup>>
// CHECK-NEXT: %[[RING:.*]] = ck.ring math 4 load 4 barriers %[[BARS]]({{.*}}) : !ck.ring<3>
// CHECK: scf.for %[[U:[^ ]*]] =
// CHECK-NEXT: %[[FIRST:.*]] = arith.muli %[[U]], %c4
// CHECK-NOT: ck.ring math
// CHECK: ck.roles math 4 {
// CHECK:   %[[SUM:.*]] = scf.for %[[I:[^ ]*]] = %c0 to %[[N:.*]] step %c1 iter_args(
// CHECK-NEXT: %[[S:.*]] = arith.addi %[[FIRST]], %[[I]]
// CHECK-NEXT: ck.ring_wait %[[RING]] full %[[S]]
// CHECK:      %[[SLOT:.*]] = arith.remui %[[S]], %c3
// CHECK-NEXT: ck.tile_mma {{.*}} slot %[[SLOT]] k 64 in_flight
// CHECK:      scf.if
// CHECK-NEXT:   %[[PREV:.*]] = arith.subi %[[S]], %c1 overflow<nuw>
// CHECK-NEXT:   ck.ring_signal %[[RING]] empty %[[PREV]] of %[[TOTAL]]
// CHECK:   %[[DONE:.*]] = ck.acc_wait %[[SUM]]
// CHECK-NEXT: %[[ANY:.*]] = arith.cmpi ugt, %[[N]], %c0
// CHECK-NEXT: scf.if %[[ANY]] {
// CHECK-NEXT:   %[[LAST:.*]] = arith.subi %[[N]], %c1
// CHECK-NEXT:   %[[LASTS:.*]] = arith.addi %[[FIRST]], %[[LAST]]
// CHECK-NEXT:   ck.ring_signal %[[RING]] empty %[[LASTS]] of %[[TOTAL]]
// CHECK:   ck.yield %[[DONE]]
// CHECK: } load 4 {
// CHECK:   scf.for %[[J:[^ ]*]] = %c0 to %[[N]] step %c1 iter_args(
// CHECK-NEXT: %[[LS:.*]] = arith.addi %[[FIRST]], %[[J]]
// CHECK-NEXT: ck.ring_wait %[[RING]] empty %[[LS]]
// CHECK:      %[[GO:.*]] = arith.cmpi uge, %[[J]], %c1
// CHECK-NEXT: scf.if %[[GO]] {
// CHECK-NEXT:   %[[LANDED:.*]] = arith.subi %[[LS]], %c1 overflow<nuw>
// CHECK-NEXT:   ck.ring_signal %[[RING]] full %[[LANDED]]
// CHECK:   scf.for %[[T:[^ ]*]] = %{{.*}} to %[[N]] step %c1 {
// CHECK-NEXT: %[[TS:.*]] = arith.addi %[[FIRST]], %[[T]]
// CHECK-NEXT: ck.ring_signal %[[RING]] full %[[TS]]
// CHECK: } -> !ck.acc
// CHECK-NEXT: ck.partial_store
// CHECK-NEXT: }
// CHECK-NEXT: ck.lds_barrier
// CHECK-NEXT: ck.ring_end %[[RING]]
// CHECK-NEXT: gpu.return
!wacc = !ck.acc<64x64xf32, #ck.wgmma<f16>, waves = [4, 1]>
!sbars = memref<6xi64, #gpu.address_space<workgroup>>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @spanning_ring(%a: memref<1x64x256xf16>, %b: memref<1x256x64xf16>,
                            %ws: memref<?xf32>, %units: index, %total: index) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      scf.for %u = %c0 to %units step %c1 {
        %first = arith.muli %u, %c4 : index
        %bars = ck.lds_buffer offset 49152 : !sbars
        %acc = ck.tile_gemm %a, %b at [%c0, %c0, %c0] k_tiles %c0 to %c4
            config <block = [64, 64, 64], wave = [16, 64], mma = #ck.wgmma<f16>, partition = #ck.partition<data_parallel, dp = persistent>, lds_buffers = 3, load_waves = 4, async_copy>
            barriers %bars (!sbars) ring_steps %first of %total
            : memref<1x64x256xf16>, memref<1x256x64xf16> -> !wacc
        ck.partial_store %acc -> %ws[%c0] : !wacc, memref<?xf32>
      }
      gpu.return
    }
  }
}

// -----
// `signal_landed`: each load step signals its own tile full as the copies
// land (`after_copies`), with no cp.async group commits or waits and no
// signals after the loop.

// CHECK-LABEL: gpu.func @signal_landed
// CHECK: ck.roles math 4 {
// CHECK: } load 4 {
// CHECK:   scf.for %[[J:[^ ]*]] = %c0 to %[[N:[^ ]*]] step %c1 iter_args(
// CHECK-NEXT: %[[LS:.*]] = arith.addi %{{.*}}, %[[J]]
// CHECK-NEXT: ck.ring_wait %[[RING:[^ ]*]] empty %[[LS]]
// CHECK-NOT:  ck.async_commit
// CHECK:      ck.tile_copy_async
// CHECK:      ck.tile_copy_async
// CHECK-NEXT: ck.ring_signal %[[RING]] full %[[LS]] after_copies
// CHECK-NOT:  ck.async_wait
// CHECK-NOT:  ck.ring_signal
// CHECK: } -> !ck.acc
!wacc = !ck.acc<64x64xf32, #ck.wgmma<f16>, waves = [4, 1]>
!sbars = memref<6xi64, #gpu.address_space<workgroup>>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @signal_landed(%a: memref<1x64x256xf16>, %b: memref<1x256x64xf16>,
                            %ws: memref<?xf32>, %units: index, %total: index) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      scf.for %u = %c0 to %units step %c1 {
        %first = arith.muli %u, %c4 : index
        %bars = ck.lds_buffer offset 49152 : !sbars
        %acc = ck.tile_gemm %a, %b at [%c0, %c0, %c0] k_tiles %c0 to %c4
            config <block = [64, 64, 64], wave = [16, 64], mma = #ck.wgmma<f16>, partition = #ck.partition<data_parallel, dp = persistent>, lds_buffers = 3, load_waves = 4, async_copy, signal_landed>
            barriers %bars (!sbars) ring_steps %first of %total
            : memref<1x64x256xf16>, memref<1x256x64xf16> -> !wacc
        ck.partial_store %acc -> %ws[%c0] : !wacc, memref<?xf32>
      }
      gpu.return
    }
  }
}

// -----
// `signal_landed` needs a ring with mbarriers.
!wacc = !ck.acc<64x64xf32, #ck.wgmma<f16>, waves = [4, 1]>
func.func @signal_landed_without_barriers(%a: memref<1x64x256xf16>, %b: memref<1x256x64xf16>,
                                          %ws: memref<?xf32>, %k1: index) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{signals slots full as the load threads' copies land (signal_landed), which needs a ring with mbarriers (ring barriers) and an operand the load threads copy with cp.async}}
  %acc = ck.tile_gemm %a, %b at [%c0, %c0, %c0] k_tiles %c0 to %k1
      config <block = [64, 64, 64], wave = [16, 64], mma = #ck.wgmma<f16>, lds_buffers = 3, load_waves = 4, async_copy, signal_landed>
      : memref<1x64x256xf16>, memref<1x256x64xf16> -> !wacc
  ck.partial_store %acc -> %ws[%c0] : !wacc, memref<?xf32>
  return
}
