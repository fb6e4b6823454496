// RUN: ck-opt %s -ck-carry-loop-divisions \
// RUN:   | mlir-opt -convert-scf-to-cf -convert-to-llvm -reconcile-unrealized-casts \
// RUN:   | mlir-runner -e sweep -entry-point-result=i64 | FileCheck %s

// The carried counters against the divisions they replace, on the CPU:
// each loop computes its quotients and remainders twice, from an
// expression with `nuw` (carried by the pass) and from the same expression
// without it (divided each iteration), for 40 values of an outer
// invariant. The result is 1000000 times the mismatches plus the
// iterations compared: 40 x (50 + 34 + 9 + 10).

// CHECK: 4120
func.func @sweep() -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c7 = arith.constant 7 : index
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
    scf.yield %d#0, %d#1 : index, index
  }
  %scaled = arith.muli %r#0, %million : index
  %total = arith.addi %scaled, %r#1 : index
  %result = arith.index_cast %total : index to i64
  return %result : i64
}
