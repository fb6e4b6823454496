// RUN: ck-opt %s -ck-carry-loop-divisions \
// RUN:   | mlir-opt -convert-scf-to-cf -convert-to-llvm -reconcile-unrealized-casts \
// RUN:   | mlir-runner -e sweep -entry-point-result=i64 | FileCheck %s

// The carried counters against the divisions they replace, on the CPU:
// each loop computes its quotients and remainders twice, from an
// expression with `nuw` (carried by the pass) and from the same expression
// without it (divided each iteration), for 40 values of an outer
// invariant. The result is 1000000 times the mismatches plus the
// iterations compared: 40 x (50 + 34 + 9 + 10 + 22).

// CHECK: {{^}}5000{{$}}
func.func @sweep() -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %c30 = arith.constant 30 : index
  %c20 = arith.constant 20 : index
  %c40 = arith.constant 40 : index
  %c50 = arith.constant 50 : index
  %c100 = arith.constant 100 : index
  %million = arith.constant 1000000 : index
  %r:2 = scf.for %first = %c0 to %c40 step %c1
      iter_args(%bad0 = %c0, %n0 = %c0) -> (index, index) {
    // A ring of 3 slots: slot s mod 3 and phase (s / 3) mod 2 of
    // s = first + i, from i = 3 * first.
    %lbA = arith.muli %first, %c3 : index
    %ubA = arith.addi %lbA, %c50 : index
    %a:2 = scf.for %i = %lbA to %ubA step %c1
        iter_args(%bad = %bad0, %n = %n0) -> (index, index) {
      %s = arith.addi %first, %i overflow<nuw> : index
      %slot = arith.remui %s, %c3 : index
      %round = arith.divui %s, %c3 : index
      %phase = arith.remui %round, %c2 : index
      %t = arith.addi %first, %i : index
      %tslot = arith.remui %t, %c3 : index
      %tround = arith.divui %t, %c3 : index
      %tphase = arith.remui %tround, %c2 : index
      %e1 = arith.cmpi ne, %slot, %tslot : index
      %e2 = arith.cmpi ne, %phase, %tphase : index
      %e = arith.ori %e1, %e2 : i1
      %ei = arith.index_cast %e : i1 to index
      %bad1 = arith.addi %bad, %ei : index
      %n1 = arith.addi %n, %c1 : index
      scf.yield %bad1, %n1 : index, index
    }
    // x = 4 * i + first with step 3 (x grows by 12) divided by 5 and 7.
    %ubB = arith.addi %first, %c100 : index
    %b:2 = scf.for %i = %first to %ubB step %c3
        iter_args(%bad = %a#0, %n = %a#1) -> (index, index) {
      %m = arith.muli %i, %c4 overflow<nuw> : index
      %x = arith.addi %m, %first overflow<nuw> : index
      %q5 = arith.divui %x, %c5 : index
      %r5 = arith.remui %x, %c5 : index
      %q7 = arith.divui %x, %c7 : index
      %r7 = arith.remui %x, %c7 : index
      %tm = arith.muli %i, %c4 : index
      %tx = arith.addi %tm, %first : index
      %tq5 = arith.divui %tx, %c5 : index
      %tr5 = arith.remui %tx, %c5 : index
      %tq7 = arith.divui %tx, %c7 : index
      %tr7 = arith.remui %tx, %c7 : index
      %e1 = arith.cmpi ne, %q5, %tq5 : index
      %e2 = arith.cmpi ne, %r5, %tr5 : index
      %e3 = arith.cmpi ne, %q7, %tq7 : index
      %e4 = arith.cmpi ne, %r7, %tr7 : index
      %e12 = arith.ori %e1, %e2 : i1
      %e34 = arith.ori %e3, %e4 : i1
      %e = arith.ori %e12, %e34 : i1
      %ei = arith.index_cast %e : i1 to index
      %bad1 = arith.addi %bad, %ei : index
      %n1 = arith.addi %n, %c1 : index
      scf.yield %bad1, %n1 : index, index
    }
    // A growth above the divisor: x = 7 * i + first by 6, step 6 (42).
    %ubC = arith.addi %first, %c50 : index
    %c:2 = scf.for %i = %first to %ubC step %c6
        iter_args(%bad = %b#0, %n = %b#1) -> (index, index) {
      %m = arith.muli %i, %c7 overflow<nuw> : index
      %x = arith.addi %m, %first overflow<nuw> : index
      %q = arith.divui %x, %c6 : index
      %rr = arith.remui %x, %c6 : index
      %tm = arith.muli %i, %c7 : index
      %tx = arith.addi %tm, %first : index
      %tq = arith.divui %tx, %c6 : index
      %tr = arith.remui %tx, %c6 : index
      %e1 = arith.cmpi ne, %q, %tq : index
      %e2 = arith.cmpi ne, %rr, %tr : index
      %e = arith.ori %e1, %e2 : i1
      %ei = arith.index_cast %e : i1 to index
      %bad1 = arith.addi %bad, %ei : index
      %n1 = arith.addi %n, %c1 : index
      scf.yield %bad1, %n1 : index, index
    }
    // A growth the divisor divides: x = 3 * i + first by 6, step 2 (6).
    %ubD = arith.addi %first, %c20 : index
    %d:2 = scf.for %i = %first to %ubD step %c2
        iter_args(%bad = %c#0, %n = %c#1) -> (index, index) {
      %m = arith.muli %i, %c3 overflow<nuw> : index
      %x = arith.addi %m, %first overflow<nuw> : index
      %q = arith.divui %x, %c6 : index
      %rr = arith.remui %x, %c6 : index
      %tm = arith.muli %i, %c3 : index
      %tx = arith.addi %tm, %first : index
      %tq = arith.divui %tx, %c6 : index
      %tr = arith.remui %tx, %c6 : index
      %e1 = arith.cmpi ne, %q, %tq : index
      %e2 = arith.cmpi ne, %rr, %tr : index
      %e = arith.ori %e1, %e2 : i1
      %ei = arith.index_cast %e : i1 to index
      %bad1 = arith.addi %bad, %ei : index
      %n1 = arith.addi %n, %c1 : index
      scf.yield %bad1, %n1 : index, index
    }
    // Steps back: s - 1 and s - 8 (`nuw`) of s = first + i divided by 3
    // and 5, where i >= 3 * first + 8 (so that s >= 8).
    %ubE = arith.addi %lbA, %c30 : index
    %fromE = arith.addi %lbA, %c8 : index
    %e:2 = scf.for %i = %lbA to %ubE step %c1
        iter_args(%bad = %d#0, %n = %d#1) -> (index, index) {
      %s = arith.addi %first, %i overflow<nuw> : index
      %later = arith.cmpi uge, %i, %fromE : index
      %res:2 = scf.if %later -> (index, index) {
        %p1 = arith.subi %s, %c1 overflow<nuw> : index
        %p8 = arith.subi %s, %c8 overflow<nuw> : index
        %q13 = arith.divui %p1, %c3 : index
        %r13 = arith.remui %p1, %c3 : index
        %q85 = arith.divui %p8, %c5 : index
        %r85 = arith.remui %p8, %c5 : index
        %t = arith.addi %first, %i : index
        %t1 = arith.subi %t, %c1 : index
        %t8 = arith.subi %t, %c8 : index
        %tq13 = arith.divui %t1, %c3 : index
        %tr13 = arith.remui %t1, %c3 : index
        %tq85 = arith.divui %t8, %c5 : index
        %tr85 = arith.remui %t8, %c5 : index
        %e1 = arith.cmpi ne, %q13, %tq13 : index
        %e2 = arith.cmpi ne, %r13, %tr13 : index
        %e3 = arith.cmpi ne, %q85, %tq85 : index
        %e4 = arith.cmpi ne, %r85, %tr85 : index
        %e12 = arith.ori %e1, %e2 : i1
        %e34 = arith.ori %e3, %e4 : i1
        %ee = arith.ori %e12, %e34 : i1
        %ei = arith.index_cast %ee : i1 to index
        %bad1 = arith.addi %bad, %ei : index
        %n1 = arith.addi %n, %c1 : index
        scf.yield %bad1, %n1 : index, index
      } else {
        scf.yield %bad, %n : index, index
      }
      scf.yield %res#0, %res#1 : index, index
    }
    scf.yield %e#0, %e#1 : index, index
  }
  %scaled = arith.muli %r#0, %million : index
  %total = arith.addi %scaled, %r#1 : index
  %result = arith.index_cast %total : index to i64
  return %result : i64
}
