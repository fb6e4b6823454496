// RUN: ck-opt %s -split-input-file -ck-carry-loop-divisions -cse | FileCheck %s

// ck-carry-loop-divisions (CarryLoopDivisions.cpp): a ring position. The
// step s = first + i is built with `nuw`; its slot s mod 3 and phase
// (s / 3) mod 2 become a remainder and a quotient the loop carries. They
// start at s's value at the lower bound and grow by one step: the
// remainder wraps at 3 and then carries into the quotient. The phase's
// `mod 2` stays (a mask to LLVM). The lower bound is non-negative (a
// maximum with 0, as the pipeline's tail loop has).

// CHECK-LABEL: func.func @ring_position
// CHECK-SAME: (%[[FIRST:[^:]*]]: index, %[[N:[^:]*]]: index, %[[UB:[^:]*]]: index
// CHECK: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[LB:.*]] = arith.maxsi %[[N]]
// CHECK: %[[S0:.*]] = arith.addi %[[FIRST]], %[[LB]] : index
// CHECK: %[[R0:.*]] = arith.remui %[[S0]], %[[C3:[^ ]*]] : index
// CHECK: %[[Q0:.*]] = arith.divui %[[S0]], %[[C3]]
// CHECK: scf.for %{{.*}} = %[[LB]] to %[[UB]] step %[[C1]] iter_args(%[[ACC:[^ ]*]] = %{{[^,]*}}, %[[R:[^ ]*]] = %[[R0]], %[[Q:[^ ]*]] = %[[Q0]])
// CHECK-NOT: arith.divui
// CHECK: %[[PHASE:.*]] = arith.remui %[[Q]], %{{.*}} : index
// CHECK: arith.addi %[[R]], %[[PHASE]]
// CHECK: %[[RN:.*]] = arith.addi %[[R]], %[[C1]] : index
// CHECK: %[[WRAPS:.*]] = arith.cmpi uge, %[[RN]], %[[C3]] : index
// CHECK: %[[RSUB:.*]] = arith.subi %[[RN]], %[[C3]] : index
// CHECK: %[[RNEXT:.*]] = arith.select %[[WRAPS]], %[[RSUB]], %[[RN]]
// CHECK: %[[QINC:.*]] = arith.addi %[[Q]], %[[C1]]
// CHECK: %[[QNEXT:.*]] = arith.select %[[WRAPS]], %[[QINC]], %[[Q]]
// CHECK: scf.yield %{{.*}}, %[[RNEXT]], %[[QNEXT]]
func.func @ring_position(%first: index, %n: index, %ub: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %lb = arith.maxsi %n, %c0 : index
  %r = scf.for %i = %lb to %ub step %c1 iter_args(%acc = %c0) -> index {
    %s = arith.addi %first, %i overflow<nuw> : index
    %slot = arith.remui %s, %c3 : index
    %round = arith.divui %s, %c3 : index
    %phase = arith.remui %round, %c2 : index
    %use = arith.addi %slot, %phase : index
    %next = arith.addi %acc, %use : index
    scf.yield %next : index
  }
  return %r : index
}

// -----

// x = 4 * i + a with step 2 grows by 8 an iteration: by 2 in the remainder
// mod 3 and 2 in the quotient. Two remainders of one x share a counter; a
// remainder alone needs no quotient. The multiplication by a constant is
// part of the expression, cloned at the lower bound without `nuw`.

// CHECK-LABEL: func.func @scaled_step
// CHECK-SAME: (%[[A:[^:]*]]: i32, %[[UB:[^:]*]]: i32
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : i32
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : i32
// CHECK-DAG: %[[LB:.*]] = arith.constant 6 : i32
// CHECK: %[[M0:.*]] = arith.muli %[[LB]], %[[C4]] : i32
// CHECK: %[[X0:.*]] = arith.addi %[[M0]], %[[A]] : i32
// CHECK: %[[R0:.*]] = arith.remui %[[X0]], %[[C3:[^ ]*]] : i32
// CHECK-NOT: arith.divui
// CHECK: scf.for %{{.*}} = %[[LB]] to %[[UB]] step %[[C2]] iter_args(%[[ACC:[^ ]*]] = %{{[^,]*}}, %[[R:[^ ]*]] = %[[R0]]) -> (i32, i32)
// CHECK-NOT: arith.remui
// CHECK: arith.muli %[[R]], %[[R]]
// CHECK: %[[RN:.*]] = arith.addi %[[R]], %[[C2]] : i32
// CHECK: arith.cmpi uge, %[[RN]], %[[C3]]
func.func @scaled_step(%a: i32, %ub: i32) -> i32 {
  %lb = arith.constant 6 : i32
  %c0 = arith.constant 0 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %c4 = arith.constant 4 : i32
  %r = scf.for %i = %lb to %ub step %c2 iter_args(%acc = %c0) -> i32 : i32 {
    %m = arith.muli %i, %c4 overflow<nuw> : i32
    %x = arith.addi %m, %a overflow<nuw> : i32
    %r1 = arith.remui %x, %c3 : i32
    %r2 = arith.remui %x, %c3 : i32
    %p = arith.muli %r1, %r2 : i32
    %next = arith.addi %acc, %p : i32
    scf.yield %next : i32
  }
  return %r : i32
}

// -----

// The step before: x - k by a `nuw` subtraction of a constant (here under
// a guard that makes x >= k, as the math waves' release of the previous
// slot is) takes x's counter, stepped back where it is used. x - 1 mod 3
// is r - 1, or r + 2 where r < 1; (x - 7) / 3 is q - 2, one less where
// r < 7 mod 3 = 1.

// CHECK-LABEL: func.func @previous_step
// CHECK: %[[R0:.*]] = arith.remui %[[S0:[^,]*]], %[[C3:[^ ]*]] : index
// CHECK: %[[Q0:.*]] = arith.divui %[[S0]], %[[C3]]
// CHECK: scf.for {{.*}} iter_args(%{{[^ ]*}} = %{{[^,]*}}, %[[R:[^ ]*]] = %[[R0]], %[[Q:[^ ]*]] = %[[Q0]])
// CHECK-NOT: arith.remui
// CHECK-NOT: arith.divui
// CHECK: scf.if
// CHECK: %[[BORROW:.*]] = arith.cmpi ult, %[[R]], %[[C1:[^ ]*]] : index
// CHECK: %[[UP:.*]] = arith.addi %[[R]], %[[C2:[^ ]*]] : index
// CHECK: %[[DOWN:.*]] = arith.subi %[[R]], %[[C1]] : index
// CHECK: %[[PSLOT:.*]] = arith.select %[[BORROW]], %[[UP]], %[[DOWN]]
// CHECK-NOT: arith.remui
// CHECK: %[[Q2:.*]] = arith.subi %[[Q]], %[[C2]] : index
// CHECK: %[[Q3:.*]] = arith.subi %[[Q2]], %[[C1]] : index
// CHECK: %[[BQ:.*]] = arith.select %[[BORROW]], %[[Q3]], %[[Q2]]
// CHECK-NOT: arith.divui
// CHECK: arith.addi %[[PSLOT]], %[[BQ]]
func.func @previous_step(%first: index, %ub: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c7 = arith.constant 7 : index
  %r = scf.for %i = %c0 to %ub step %c1 iter_args(%acc = %c0) -> index {
    %s = arith.addi %first, %i overflow<nuw> : index
    %slot = arith.remui %s, %c3 : index
    %later = arith.cmpi ugt, %i, %c0 : index
    %v = scf.if %later -> index {
      %p = arith.subi %s, %c1 overflow<nuw> : index
      %pslot = arith.remui %p, %c3 : index
      %back = arith.subi %s, %c7 overflow<nuw> : index
      %bq = arith.divui %back, %c3 : index
      %u = arith.addi %pslot, %bq : index
      scf.yield %u : index
    } else {
      scf.yield %c0 : index
    }
    %w = arith.addi %slot, %v : index
    %next = arith.addi %acc, %w : index
    scf.yield %next : index
  }
  return %r : index
}

// -----

// Left alone: an expression without `nuw` (it may wrap), a power-of-two
// divisor (a shift and a mask), a divisor not constant, a subtraction
// without `nuw` (x - 1 may wrap where x is 0), a
// loop-invariant x, a loop whose step is not constant, and one whose lower
// bound may be negative (the induction variable would cross from 2^64 - 1
// to 0 as an unsigned number).

// CHECK-LABEL: func.func @left_alone
// CHECK: scf.for %{{[^ ]*}} = %{{[^ ]*}} to %{{[^ ]*}} step %{{[^ ]*}} iter_args(%{{[^ ]*}} = %{{[^ ]*}}) -> (index)
// CHECK: scf.for %{{[^ ]*}} = %{{[^ ]*}} to %{{[^ ]*}} step %{{[^ ]*}} iter_args(%{{[^ ]*}} = %{{[^ ]*}}) -> (index)
// CHECK: arith.remui
// CHECK: arith.remui
// CHECK: arith.divui
// CHECK: arith.remui
// CHECK: arith.remui
// CHECK: arith.remui
// CHECK: scf.for %{{[^ ]*}} = %{{[^ ]*}} to %{{[^ ]*}} step %{{[^ ]*}} iter_args(%{{[^ ]*}} = %{{[^ ]*}}) -> (index)
// CHECK: arith.remui
func.func @left_alone(%a: index, %d: index, %lb: index, %ub: index, %step: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %outer = scf.for %j = %c0 to %ub step %step iter_args(%acc0 = %c0) -> index {
    %inner = scf.for %i = %c0 to %ub step %c1 iter_args(%acc = %acc0) -> index {
      %wraps = arith.addi %a, %i : index
      %r1 = arith.remui %wraps, %c3 : index
      %x = arith.addi %a, %i overflow<nuw> : index
      %r2 = arith.remui %x, %c4 : index
      %q = arith.divui %x, %d : index
      %y = arith.subi %x, %c1 : index
      %r3 = arith.remui %y, %c3 : index
      %r4 = arith.remui %a, %c3 : index
      %z = arith.addi %a, %j overflow<nuw> : index
      %r5 = arith.remui %z, %c3 : index
      %s1 = arith.addi %r1, %r2 : index
      %s2 = arith.addi %q, %r3 : index
      %s3 = arith.addi %r4, %r5 : index
      %s4 = arith.addi %s1, %s2 : index
      %s5 = arith.addi %s3, %s4 : index
      %next = arith.addi %acc, %s5 : index
      scf.yield %next : index
    }
    %last = scf.for %k = %lb to %ub step %c1 iter_args(%acc = %inner) -> index {
      %w = arith.addi %a, %k overflow<nuw> : index
      %r6 = arith.remui %w, %c3 : index
      %next = arith.addi %acc, %r6 : index
      scf.yield %next : index
    }
    scf.yield %last : index
  }
  return %outer : index
}

// Vectors are left alone too.

// CHECK-LABEL: func.func @vector_left_alone
// CHECK: scf.for %{{[^ ]*}} = %{{[^ ]*}} to %{{[^ ]*}} step %{{[^ ]*}} iter_args(%{{[^ ]*}} = %{{[^ ]*}}) -> (vector<2xi32>)
// CHECK: arith.remui %{{.*}} : vector<2xi32>
func.func @vector_left_alone(%v: vector<2xi32>, %ub: index) -> vector<2xi32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant dense<3> : vector<2xi32>
  %r = scf.for %i = %c0 to %ub step %c1 iter_args(%acc = %v) -> vector<2xi32> {
    %x = arith.addi %acc, %v overflow<nuw> : vector<2xi32>
    %m = arith.remui %x, %c3 : vector<2xi32>
    scf.yield %m : vector<2xi32>
  }
  return %r : vector<2xi32>
}

// -----

// The innermost loop whose induction variable x grows with: x = (j + i)
// with both `nuw` grows with i in the inner loop, where j is invariant;
// its division is carried there, starting from j + lb.

// CHECK-LABEL: func.func @nested
// CHECK: scf.for %[[J:[^ ]*]] =
// CHECK: %[[X0:.*]] = arith.addi %[[J]], %{{.*}} : index
// CHECK: arith.divui %[[X0]]
// CHECK: scf.for {{.*}} iter_args(%{{[^ ]*}} = %{{[^ ]*}}, %{{[^ ]*}} = %{{[^ ]*}}, %[[Q:[^ ]*]] = %{{[^ ]*}})
// CHECK-NOT: arith.divui
// CHECK: arith.addi %{{.*}}, %[[Q]]
func.func @nested(%ub: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %outer = scf.for %j = %c0 to %ub step %c1 iter_args(%acc0 = %c0) -> index {
    %inner = scf.for %i = %c0 to %ub step %c1 iter_args(%acc = %acc0) -> index {
      %x = arith.addi %j, %i overflow<nuw> : index
      %q = arith.divui %x, %c5 : index
      %next = arith.addi %acc, %q : index
      scf.yield %next : index
    }
    scf.yield %inner : index
  }
  return %outer : index
}
