// RUN: ck-opt %s -split-input-file -ck-set-target=chip=gfx942 -ck-conv-to-gemm -ck-select-gemm-config -convert-ck-to-gpu -ck-pipeline=max-cursor-values=1000 -ck-lower-tile-copies -ck-lower-coords -canonicalize | FileCheck %s
// RUN: ck-opt %s -split-input-file -ck-set-target=chip=gfx942 -ck-conv-to-gemm -ck-select-gemm-config -convert-ck-to-gpu -ck-pipeline=max-cursor-values=0 -ck-lower-tile-copies -ck-lower-coords -canonicalize | FileCheck %s --check-prefix=EVAL

// With cursors allowed for every copy, the GEMM kernel's K loop holds no
// division or remainder once ck-lower-coords has lowered the copies'
// !ck.coord states (ck-pipeline makes them): each load's position is a cursor on its view
// (ck/Dialect/CK/Utils/ViewCursor.h), evaluated in full once before the loop
// (ck.coord_init) and advanced by block K per step with a carry per merge
// digit (ck.coord_advance); the loop carries the cursors. With
// max-cursor-values=0 the loop evaluates the views at every step and
// divides. Each case below has merges along K in both
// operands (N * Ho * Wo or Y * X * C).

// EVAL-LABEL: gpu.func @gemm_0
// EVAL: scf.for {{.*}} iter_args(
// EVAL: arith.divui
// EVAL: scf.yield

// -----
// Backward-weight, 3x3, stride 2, pad 1: K = N * Ho * Wo for dy and for the
// padded, embedded x.

// CHECK-LABEL: gpu.func @gemm_0
// CHECK: arith.divui
// CHECK: scf.for {{.*}} iter_args(
// CHECK-NOT: arith.divui
// CHECK-NOT: arith.remui
// CHECK: scf.yield
func.func @bwd_weight(%x: memref<2x9x9x1x16xf16>, %dw: memref<1x32x3x3x16xf16>,
                      %dy: memref<2x5x5x1x32xf16>) {
  ck.conv_bwd_weight input(%x : memref<2x9x9x1x16xf16>)
      filter(%dw : memref<1x32x3x3x16xf16>)
      output(%dy : memref<2x5x5x1x32xf16>)
      layouts(NHWGC, GKYXC, NHWGK) strides [2, 2] dilations [1, 1]
      pad_left [1, 1] pad_right [1, 1]
  return
}

// -----
// Forward, 3x3, dilation 2: K = Y * X * C for x (padded, embedded) and w.

// CHECK-LABEL: gpu.func @gemm_0
// CHECK: arith.divui
// CHECK: scf.for {{.*}} iter_args(
// CHECK-NOT: arith.divui
// CHECK-NOT: arith.remui
// CHECK: scf.yield
// EVAL-LABEL: gpu.func @gemm_0
// EVAL: scf.for {{.*}} iter_args(
// EVAL: arith.divui
// EVAL: scf.yield
func.func @fwd(%x: memref<2x12x12x1x24xf16>, %w: memref<1x32x3x3x24xf16>,
               %y: memref<2x10x10x1x32xf16>) {
  ck.conv_fwd input(%x : memref<2x12x12x1x24xf16>)
      filter(%w : memref<1x32x3x3x24xf16>)
      output(%y : memref<2x10x10x1x32xf16>)
      layouts(NHWGC, GKYXC, NHWGK) strides [1, 1] dilations [2, 2]
      pad_left [1, 1] pad_right [1, 1]
  return
}
