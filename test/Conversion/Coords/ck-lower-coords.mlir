// RUN: ck-opt %s -split-input-file -ck-lower-coords -canonicalize -verify-diagnostics | FileCheck %s

// ck-lower-coords (LowerCoords.cpp) turns a !ck.coord into its cursor
// state and the coordinate ops into cursor arithmetic (ViewCursor.h).
// A 4x6 memref seen as 24 elements (one merge of lengths 4 and 6): the
// state is the view coordinate u and the merge digits (u / 6, u % 6), three
// i32 (every coordinate is below 2^30). Advancing by 5 splits into digits
// (0, 5) at compile time: the inner digit takes t = l1 + 5, carries where
// t >= 6 and wraps to t - 6; the outer digit takes the carry unchecked.
// The loop holds no division: only ck.coord_init divides.

// CHECK-LABEL: func.func @walk
// CHECK-SAME: (%[[M:[^:]*]]: memref<4x6xf32>, %[[N:[^:]*]]: index, %[[START:[^:]*]]: index)
// CHECK: %[[U:.*]] = arith.index_cast %[[START]] : index to i32
// CHECK-DAG: arith.divui %[[U]], %{{.*}} : i32
// CHECK-DAG: arith.remui %[[U]], %{{.*}} : i32
// CHECK: scf.for {{.*}} iter_args(%[[U0:[^ ]*]] = %[[U]], %{{[^ ]*}} = %{{[^ ]*}}, %{{[^ ]*}} = %{{[^ ]*}}, %{{[^ ]*}} = %{{[^ ]*}}) -> (i32, i32, i32, f32)
// CHECK-NOT: divui
// CHECK-NOT: remui
// The access: inside the view (u < 24), then the memref indices.
// CHECK: arith.cmpi ult, %[[U0]], %{{.*}} : i32
// CHECK: memref.load %[[M]]
// The advance: u + 5, and the inner digit's carry.
// CHECK-DAG: arith.addi %[[U0]], %{{.*}} : i32
// CHECK-DAG: arith.select
// CHECK-NOT: divui
// CHECK-NOT: remui
// CHECK: scf.yield
// CHECK-NOT: ck.
func.func @walk(%m: memref<4x6xf32>, %n: index, %start: index) -> f32 {
  %v = ck.transform %m : memref<4x6xf32> to !ck.view<24xf32>
      by #ck.transform_map<[24] -> [4, 6], [#ck.transform<merge [0] -> [0, 1]>]>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %s = ck.coord_init %v[%start] : !ck.view<24xf32>, index -> !ck.coord<3xi32>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%c = %s, %acc = %zero) -> (!ck.coord<3xi32>, f32) {
    %i0, %i1, %ok = ck.coord_access %v, %c : !ck.view<24xf32>, !ck.coord<3xi32> -> index, index
    %x = memref.load %m[%i0, %i1] : memref<4x6xf32>
    %y = arith.select %ok, %x, %zero : f32
    %sum = arith.addf %acc, %y : f32
    %next = ck.coord_advance %v, %c by [5] : !ck.view<24xf32>, !ck.coord<3xi32>
    scf.yield %next, %sum : !ck.coord<3xi32>, f32
  }
  return %r#1 : f32
}

// -----
// A pad puts a position on padding: the access's validity also checks the
// pad's lower coordinate (u - 1 u< 4) and the op's condition.

// CHECK-LABEL: func.func @padded
// CHECK-SAME: (%{{[^:]*}}: memref<4xf32>, %[[U:[^:]*]]: index, %[[IF:[^:]*]]: i1)
// CHECK: %[[INSIDE:.*]] = arith.cmpi ult, %{{.*}}, %c6{{.*}} : i32
// CHECK: arith.andi %[[IF]], %[[INSIDE]]
// CHECK: arith.cmpi ult, %{{.*}}, %c4{{.*}} : i32
// CHECK: arith.select
// CHECK: return
func.func @padded(%m: memref<4xf32>, %u: index, %if: i1) -> (index, i1) {
  %v = ck.transform %m : memref<4xf32> to !ck.view<6xf32>
      by #ck.transform_map<[6] -> [4], [#ck.transform<pad [0] -> [0] (1, 1)>]>
  %s = ck.coord_init %v[%u] : !ck.view<6xf32>, index -> !ck.coord<1xi32>
  %i, %ok = ck.coord_access %v, %s if %if : !ck.view<6xf32>, !ck.coord<1xi32> -> index
  return %i, %ok : index, i1
}

// -----
// Coordinates of a view with 2^31 elements may not fit in i32.

func.func @too_wide(%m: memref<2147483648xf16>, %u: index) {
  // expected-error @+1 {{'ck.coord_init' op uses '!ck.coord<1xi32>' where the view's cursor is '!ck.coord<1xindex>' (some coordinate of its chain may not fit in i32)}}
  %s = ck.coord_init %m[%u] : memref<2147483648xf16>, index -> !ck.coord<1xi32>
  return
}

// -----
// A linear access: the element's place in the memref, in the state's i32
// (the memref has fewer than 2^31 elements), 0 where not valid (outside
// the view, u < 24), then widened unsigned. The merge's digits (u / 6,
// u % 6) are the memref's rows and columns in order, so the place
// u1 * 6 + u0 is u itself: the digits are not read (linearForm).

// CHECK-LABEL: func.func @linear
// CHECK: %[[U:.*]] = arith.index_cast %{{.*}} : index to i32
// CHECK-NOT: divui
// CHECK-NOT: remui
// CHECK: %[[INSIDE:.*]] = arith.cmpi ult, %[[U]], %c24{{.*}} : i32
// CHECK: %[[CLAMPED:.*]] = arith.select %[[INSIDE]], %[[U]], %c0{{.*}} : i32
// CHECK: %[[INDEX:.*]] = arith.index_castui %[[CLAMPED]] : i32 to index
// CHECK: return %[[INDEX]], %[[INSIDE]] : index, i1
func.func @linear(%m: memref<4x6xf32>, %u: index) -> (index, i1) {
  %v = ck.transform %m : memref<4x6xf32> to !ck.view<24xf32>
      by #ck.transform_map<[24] -> [4, 6], [#ck.transform<merge [0] -> [0, 1]>]>
  %s = ck.coord_init %v[%u] : !ck.view<24xf32>, index -> !ck.coord<3xi32>
  %i, %ok = ck.coord_access %v, %s linear : !ck.view<24xf32>, !ck.coord<3xi32> -> index
  return %i, %ok : index, i1
}

// -----
// A merge whose digits the memref keeps in the other order (u / 6 the
// column of a 6x4 memref, u % 6 the row): the place is the digits times
// their strides, u1 + u0 * 4.

// CHECK-LABEL: func.func @linear_digits
// CHECK: %[[U:.*]] = arith.index_cast %{{.*}} : index to i32
// CHECK-DAG: %[[HI:.*]] = arith.divui %[[U]], %c6{{.*}} : i32
// CHECK-DAG: %[[LO:.*]] = arith.remui %[[U]], %c6{{.*}} : i32
// CHECK-DAG: %[[INSIDE:.*]] = arith.cmpi ult, %[[U]], %c24{{.*}} : i32
// CHECK-DAG: %[[ROW:.*]] = arith.muli %[[LO]], %c4{{.*}} : i32
// CHECK: %[[PLACE:.*]] = arith.addi %[[HI]], %[[ROW]] : i32
// CHECK: arith.select %[[INSIDE]], %[[PLACE]], %c0{{.*}} : i32
func.func @linear_digits(%m: memref<6x4xf32>, %u: index) -> (index, i1) {
  %v = ck.transform %m : memref<6x4xf32> to !ck.view<24xf32>
      by #ck.transform_map<[24] -> [6, 4], [#ck.transform<merge [0] -> [1, 0]>]>
  %s = ck.coord_init %v[%u] : !ck.view<24xf32>, index -> !ck.coord<3xi32>
  %i, %ok = ck.coord_access %v, %s linear : !ck.view<24xf32>, !ck.coord<3xi32> -> index
  return %i, %ok : index, i1
}

// -----
// A memref of 2^31 elements or more: the place is computed in index even
// where the coordinates fit i32 (2^16 x 2^15: each below 2^30).

// CHECK-LABEL: func.func @linear_wide
// CHECK-SAME: (%{{[^:]*}}: memref<65536x32768xf16>, %[[U:[^:]*]]: index, %[[W:[^:]*]]: index)
// CHECK: %[[ROW:.*]] = arith.muli %[[U]], %c32768 : index
// CHECK: %[[PLACE:.*]] = arith.addi %[[ROW]], %[[W]] : index
// CHECK: arith.select %{{.*}}, %[[PLACE]], %c0 : index
// CHECK-NOT: index_castui
// CHECK: return
func.func @linear_wide(%m: memref<65536x32768xf16>, %u: index, %w: index) -> (index, i1) {
  %s = ck.coord_init %m[%u, %w] : memref<65536x32768xf16>, index, index -> !ck.coord<2xi32>
  %i, %ok = ck.coord_access %m, %s linear : memref<65536x32768xf16>, !ck.coord<2xi32> -> index
  return %i, %ok : index, i1
}

// -----
// Nothing to check (no bounds, no pad, no condition): always valid.

// CHECK-LABEL: func.func @unchecked
// CHECK: %[[TRUE:.*]] = arith.constant true
// CHECK: return %{{.*}}, %[[TRUE]] : index, i1
func.func @unchecked(%m: memref<4xf32>, %u: index) -> (index, i1) {
  %s = ck.coord_init %m[%u] : memref<4xf32>, index -> !ck.coord<1xi32>
  %i, %ok = ck.coord_access %m, %s bounds [] : memref<4xf32>, !ck.coord<1xi32> -> index
  return %i, %ok : index, i1
}

// -----
// A tile copy reads coordinate states, which this pass replaces: the copies
// are spelled out first.

func.func @copy_left(%m: memref<1x64x64xf16>, %p: !ck.coord<3xi32>, %t: index) -> vector<8xf16> {
  // expected-error @+1 {{'ck.tile_load' op is lowered by ck-lower-tile-copies, which must run before ck-lower-coords}}
  %r = ck.tile_load %m[%p] plan #ck.copy_plan<tile = [64, 32], load = [1, 8], lds = [1, 8], pad = 8, threads = 256>
      thread %t : memref<1x64x64xf16>, !ck.coord<3xi32> -> vector<8xf16>
  return %r : vector<8xf16>
}
