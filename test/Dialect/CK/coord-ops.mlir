// RUN: ck-opt %s | ck-opt | FileCheck %s
// RUN: ck-opt %s --mlir-print-op-generic | ck-opt | FileCheck %s

// The coordinate ops (CKCoordOps.td) and !ck.coord print as they parse.

// CHECK-LABEL: func.func @coords
// CHECK: %[[S:.*]] = ck.coord_init %{{.*}}[%{{.*}}] : !ck.view<24xf32>, index -> !ck.coord<3xi32>
// CHECK: %[[T:.*]] = ck.coord_advance %{{.*}}, %[[S]] by [5] : !ck.view<24xf32>, !ck.coord<3xi32>
// CHECK: ck.coord_access %{{.*}}, %[[T]] : !ck.view<24xf32>, !ck.coord<3xi32> -> index, index
// CHECK: ck.coord_access %{{.*}}, %[[T]] if %{{.*}} : !ck.view<24xf32>, !ck.coord<3xi32> -> index, index
// CHECK: ck.coord_access %{{.*}}, %[[T]] bounds [0] linear : !ck.view<24xf32>, !ck.coord<3xi32> -> index
// CHECK: ck.coord_init %{{.*}}[%{{.*}}, %{{.*}}] : memref<4x6xf32>, i32, index -> !ck.coord<2xindex>
func.func @coords(%m: memref<4x6xf32>, %u: index, %w: i32, %if: i1) {
  %v = ck.transform %m : memref<4x6xf32> to !ck.view<24xf32>
      by #ck.transform_map<[24] -> [4, 6], [#ck.transform<merge [0] -> [0, 1]>]>
  %s = ck.coord_init %v[%u] : !ck.view<24xf32>, index -> !ck.coord<3xi32>
  %t = ck.coord_advance %v, %s by [5] : !ck.view<24xf32>, !ck.coord<3xi32>
  %a:3 = ck.coord_access %v, %t : !ck.view<24xf32>, !ck.coord<3xi32> -> index, index
  %b:3 = ck.coord_access %v, %t if %if : !ck.view<24xf32>, !ck.coord<3xi32> -> index, index
  %l:2 = ck.coord_access %v, %t bounds [0] linear : !ck.view<24xf32>, !ck.coord<3xi32> -> index
  %r = ck.coord_init %m[%w, %u] : memref<4x6xf32>, i32, index -> !ck.coord<2xindex>
  return
}
