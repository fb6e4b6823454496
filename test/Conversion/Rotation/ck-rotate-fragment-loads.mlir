// RUN: ck-opt %s -split-input-file -ck-rotate-fragment-loads -verify-diagnostics | FileCheck %s
// RUN: ck-opt %s -split-input-file -ck-rotate-fragment-loads=carry=step | FileCheck %s --check-prefix=STEP

// A staged loop of two instruction K steps per K-tile (bK = 32) over three
// slots: the wait and the barrier move after the second step's loads, the
// first step's loads of the next slot follow them, and the loop carries
// those fragments; the first K-tile's are read before the loop, from the
// slot the loop starts with.

// CHECK-LABEL: func.func @two_steps
// CHECK-SAME: (%[[LA:.*]]: memref<3x32x64xf16, {{.*}}>, %[[LB:.*]]: memref<3x32x64xf16, {{.*}}>, %[[LO:.*]]: index, %[[HI:.*]]: index, %[[ROW:.*]]: index, %[[COL:.*]]: index
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: ck.async_wait pending 1
// CHECK-NEXT: ck.lds_barrier
// CHECK-NEXT: %[[A0:.*]] = ck.fragment_load a {{.*}} from %[[LA]][%[[C0]], %[[ROW]], %[[C0]]]
// CHECK-NEXT: %[[B0:.*]] = ck.fragment_load b {{.*}} from %[[LB]][%[[C0]], %[[C0]], %[[COL]]]
// CHECK: %[[R:.*]]:4 = scf.for %[[K:.*]] = %[[LO]] to %[[HI]] step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}, %[[SLOT:.*]] = %[[C0]], %[[A:.*]] = %[[A0]], %[[B:.*]] = %[[B0]])
// CHECK-NOT: ck.lds_barrier
// CHECK: ck.async_commit
// CHECK-NEXT: %[[D0:.*]] = ck.mma {{.*}} %[[A]], %[[B]], %[[ACC]]
// CHECK-NEXT: %[[A1:.*]] = ck.fragment_load a {{.*}} from %[[LA]][%[[SLOT]], %[[ROW]], %[[C16:.*]]]
// CHECK-NEXT: %[[B1:.*]] = ck.fragment_load b {{.*}} from %[[LB]][%[[SLOT]], %[[C16]], %[[COL]]]
// CHECK-NEXT: ck.async_wait pending 1
// CHECK-NEXT: ck.lds_barrier
// CHECK: %[[NEXT:.*]] = arith.select
// CHECK-NEXT: %[[NA:.*]] = ck.fragment_load a {{.*}} from %[[LA]][%[[NEXT]], %[[ROW]], %{{.*}}]
// CHECK-NEXT: %[[NB:.*]] = ck.fragment_load b {{.*}} from %[[LB]][%[[NEXT]], %{{.*}}, %[[COL]]]
// CHECK-NEXT: %[[D1:.*]] = ck.mma {{.*}} %[[A1]], %[[B1]], %[[D0]]
// CHECK-NOT: ck.fragment_load
// CHECK: scf.yield %[[D1]], %{{.*}}, %[[NA]], %[[NB]]
// CHECK-NOT: ck.rotate_fragment_loads
// CHECK: return %[[R]]#0
func.func @two_steps(%la: memref<3x32x64xf16, #gpu.address_space<workgroup>>,
                     %lb: memref<3x32x64xf16, #gpu.address_space<workgroup>>,
                     %lo: index, %hi: index, %row: index, %col: index,
                     %zero: vector<4xf32>) -> vector<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %r:2 = scf.for %k = %lo to %hi step %c32 iter_args(%acc = %zero, %slot = %c0) -> (vector<4xf32>, index) {
    ck.async_wait pending 1
    ck.lds_barrier
    ck.async_commit
    %a0 = ck.fragment_load a of #ck.mma_sync<16x8x16, f16> from %la[%slot, %row, %c0] : memref<3x32x64xf16, #gpu.address_space<workgroup>> -> vector<8xf16>
    %b0 = ck.fragment_load b of #ck.mma_sync<16x8x16, f16> from %lb[%slot, %c0, %col] : memref<3x32x64xf16, #gpu.address_space<workgroup>> -> vector<4xf16>
    %d0 = ck.mma #ck.mma_sync<16x8x16, f16> %a0, %b0, %acc : vector<8xf16>, vector<4xf16>, vector<4xf32>
    %a1 = ck.fragment_load a of #ck.mma_sync<16x8x16, f16> from %la[%slot, %row, %c16] : memref<3x32x64xf16, #gpu.address_space<workgroup>> -> vector<8xf16>
    %b1 = ck.fragment_load b of #ck.mma_sync<16x8x16, f16> from %lb[%slot, %c16, %col] : memref<3x32x64xf16, #gpu.address_space<workgroup>> -> vector<4xf16>
    %d1 = ck.mma #ck.mma_sync<16x8x16, f16> %a1, %b1, %d0 : vector<8xf16>, vector<4xf16>, vector<4xf32>
    %n = arith.addi %slot, %c1 : index
    %wraps = arith.cmpi eq, %n, %c3 : index
    %next = arith.select %wraps, %c0, %n : index
    scf.yield %d1, %next : vector<4xf32>, index
  } {ck.rotate_fragment_loads}
  return %r#0 : vector<4xf32>
}

// -----

// One K step per K-tile: every load is the head's. The barrier moves to
// where the loads were, the next K-tile's loads follow it, and the step's
// MMA uses the carried fragments. A place that moves with the induction
// variable is computed for the next step (k + step) and, before the loop,
// for the lower bound.

// CHECK-LABEL: func.func @one_step
// CHECK-SAME: %[[LO:[^:]*]]: index, %[[HI:[^:]*]]: index
// CHECK: ck.lds_barrier
// CHECK-NEXT: %[[A0:.*]] = ck.fragment_load a {{.*}}[%[[LO]], %{{.*}}]
// CHECK: scf.for %[[K:.*]] = %[[LO]] to %[[HI]] step %[[STRIDE:.*]] iter_args(%[[ACC:.*]] = %{{.*}}, %[[A:.*]] = %[[A0]])
// CHECK-NEXT: ck.async_wait pending 2
// CHECK-NEXT: ck.lds_barrier
// CHECK-NEXT: %[[KN:.*]] = arith.addi %[[K]], %[[STRIDE]]
// CHECK-NEXT: %[[NA:.*]] = ck.fragment_load a {{.*}}[%[[KN]], %{{.*}}]
// CHECK-NEXT: ck.mma {{.*}} %[[A]], %{{.*}}, %[[ACC]]
// CHECK: scf.yield %{{.*}}, %[[NA]]
func.func @one_step(%la: memref<48x64xf16, #gpu.address_space<workgroup>>,
                    %lo: index, %hi: index, %b: vector<4xf16>,
                    %zero: vector<4xf32>) -> vector<4xf32> {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %r = scf.for %k = %lo to %hi step %c16 iter_args(%acc = %zero) -> (vector<4xf32>) {
    ck.async_wait pending 2
    ck.lds_barrier
    %a = ck.fragment_load a of #ck.mma_sync<16x8x16, f16> from %la[%k, %c0] : memref<48x64xf16, #gpu.address_space<workgroup>> -> vector<8xf16>
    %d = ck.mma #ck.mma_sync<16x8x16, f16> %a, %b, %acc : vector<8xf16>, vector<4xf16>, vector<4xf32>
    scf.yield %d : vector<4xf32>
  } {ck.rotate_fragment_loads}
  return %r : vector<4xf32>
}

// -----

// Two A tiles by two B tiles. The loop carries the first MMA's row (carry
// = row, the default): A's first tile and both B tiles; A's second tile is
// read in the body, behind the row's MMAs, from the slot of this step, so
// the barrier follows it. With carry = step the loop carries all four.

// CHECK-LABEL: func.func @first_row
// CHECK: ck.lds_barrier
// CHECK-NEXT: %[[A0:.*]] = ck.fragment_load a {{.*}}[%[[C0:.*]], %[[C0]]]
// CHECK-NEXT: %[[B0:.*]] = ck.fragment_load b {{.*}}[%[[C0]], %[[C0]]]
// CHECK-NEXT: %[[B1:.*]] = ck.fragment_load b {{.*}}[%[[C0]], %[[C8:.*]]]
// CHECK-NEXT: scf.for {{.*}} iter_args(%[[ACC:.*]] = %{{.*}}, %[[A:.*]] = %[[A0]], %[[B:.*]] = %[[B0]], %[[BB:.*]] = %[[B1]])
// CHECK-NEXT: %[[A1:.*]] = ck.fragment_load a {{.*}}[%[[C16:.*]], %[[C0]]]
// CHECK-NEXT: ck.async_wait pending 1
// CHECK-NEXT: ck.lds_barrier
// CHECK-NEXT: ck.fragment_load a {{.*}}[%[[C0]], %[[C0]]]
// CHECK-NEXT: ck.fragment_load b {{.*}}[%[[C0]], %[[C0]]]
// CHECK-NEXT: ck.fragment_load b {{.*}}[%[[C0]], %[[C8]]]
// CHECK-NEXT: %[[D0:.*]] = ck.mma {{.*}} %[[A]], %[[B]], %[[ACC]]
// CHECK-NEXT: %[[D1:.*]] = ck.mma {{.*}} %[[A]], %[[BB]], %[[D0]]
// CHECK-NEXT: %[[D2:.*]] = ck.mma {{.*}} %[[A1]], %[[B]], %[[D1]]
// CHECK-NEXT: ck.mma {{.*}} %[[A1]], %[[BB]], %[[D2]]

// STEP-LABEL: func.func @first_row
// STEP: scf.for {{.*}} iter_args(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}})
// STEP-NEXT: ck.async_wait pending 1
// STEP-NEXT: ck.lds_barrier
// STEP-COUNT-4: ck.fragment_load
// STEP-NOT: ck.fragment_load
// STEP: scf.yield
func.func @first_row(%la: memref<32x64xf16, #gpu.address_space<workgroup>>,
                     %lb: memref<16x64xf16, #gpu.address_space<workgroup>>,
                     %lo: index, %hi: index, %zero: vector<4xf32>) -> vector<4xf32> {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %r = scf.for %k = %lo to %hi step %c16 iter_args(%acc = %zero) -> (vector<4xf32>) {
    ck.async_wait pending 1
    ck.lds_barrier
    %a0 = ck.fragment_load a of #ck.mma_sync<16x8x16, f16> from %la[%c0, %c0] : memref<32x64xf16, #gpu.address_space<workgroup>> -> vector<8xf16>
    %a1 = ck.fragment_load a of #ck.mma_sync<16x8x16, f16> from %la[%c16, %c0] : memref<32x64xf16, #gpu.address_space<workgroup>> -> vector<8xf16>
    %b0 = ck.fragment_load b of #ck.mma_sync<16x8x16, f16> from %lb[%c0, %c0] : memref<16x64xf16, #gpu.address_space<workgroup>> -> vector<4xf16>
    %b1 = ck.fragment_load b of #ck.mma_sync<16x8x16, f16> from %lb[%c0, %c8] : memref<16x64xf16, #gpu.address_space<workgroup>> -> vector<4xf16>
    %d0 = ck.mma #ck.mma_sync<16x8x16, f16> %a0, %b0, %acc : vector<8xf16>, vector<4xf16>, vector<4xf32>
    %d1 = ck.mma #ck.mma_sync<16x8x16, f16> %a0, %b1, %d0 : vector<8xf16>, vector<4xf16>, vector<4xf32>
    %d2 = ck.mma #ck.mma_sync<16x8x16, f16> %a1, %b0, %d1 : vector<8xf16>, vector<4xf16>, vector<4xf32>
    %d3 = ck.mma #ck.mma_sync<16x8x16, f16> %a1, %b1, %d2 : vector<8xf16>, vector<4xf16>, vector<4xf32>
    scf.yield %d3 : vector<4xf32>
  } {ck.rotate_fragment_loads}
  return %r : vector<4xf32>
}

// -----

// An unmarked loop stays as it is.

// CHECK-LABEL: func.func @unmarked
// CHECK: scf.for
// CHECK-NEXT: ck.async_wait pending 1
// CHECK-NEXT: ck.lds_barrier
// CHECK-NEXT: ck.fragment_load
func.func @unmarked(%la: memref<16x64xf16, #gpu.address_space<workgroup>>,
                   %lo: index, %hi: index, %b: vector<4xf16>,
                   %zero: vector<4xf32>) -> vector<4xf32> {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %r = scf.for %k = %lo to %hi step %c16 iter_args(%acc = %zero) -> (vector<4xf32>) {
    ck.async_wait pending 1
    ck.lds_barrier
    %a = ck.fragment_load a of #ck.mma_sync<16x8x16, f16> from %la[%c0, %c0] : memref<16x64xf16, #gpu.address_space<workgroup>> -> vector<8xf16>
    %d = ck.mma #ck.mma_sync<16x8x16, f16> %a, %b, %acc : vector<8xf16>, vector<4xf16>, vector<4xf32>
    scf.yield %d : vector<4xf32>
  }
  return %r : vector<4xf32>
}
