// RUN: ck-opt %s -split-input-file -verify-diagnostics

// One section per verifier rule of !ck.coord (CKTypes.cpp) and of the
// coordinate ops (CKCoordOps.cpp).

// expected-error @+1 {{a coordinate state holds 1 to 1024 integers, got 0}}
func.func @coord_empty(%c: !ck.coord<0xi32>)

// -----
// expected-error @+1 {{a coordinate state holds 1 to 1024 integers, got 4611686018427387904}}
func.func @coord_huge(%c: !ck.coord<4611686018427387904xi32>)

// -----
// expected-error @+1 {{coordinate states are i32 or index, got 'i64'}}
func.func @coord_i64(%c: !ck.coord<2xi64>)

// -----
#merge = #ck.transform_map<[24] -> [4, 6], [#ck.transform<merge [0] -> [0, 1]>]>
func.func @init_coords(%m: memref<4x6xf32>, %u: index) {
  %v = ck.transform %m : memref<4x6xf32> to !ck.view<24xf32> by #merge
  // expected-error @+1 {{'ck.coord_init' op expects one coordinate per view dimension (1), got 2}}
  %s = ck.coord_init %v[%u, %u] : !ck.view<24xf32>, index, index -> !ck.coord<3xi32>
  return
}

// -----
// The state of a view that merges two dimensions holds three integers.
#merge = #ck.transform_map<[24] -> [4, 6], [#ck.transform<merge [0] -> [0, 1]>]>
func.func @init_state(%m: memref<4x6xf32>, %u: index) {
  %v = ck.transform %m : memref<4x6xf32> to !ck.view<24xf32> by #merge
  // expected-error @+1 {{'ck.coord_init' op coordinate state '!ck.coord<2xi32>' has 2 integers; the view needs 3 (its coordinates and every merge digit)}}
  %s = ck.coord_init %v[%u] : !ck.view<24xf32>, index -> !ck.coord<2xi32>
  return
}

// -----
#merge = #ck.transform_map<[24] -> [4, 6], [#ck.transform<merge [0] -> [0, 1]>]>
func.func @advance_delta(%m: memref<4x6xf32>, %s: !ck.coord<3xi32>) {
  %v = ck.transform %m : memref<4x6xf32> to !ck.view<24xf32> by #merge
  // expected-error @+1 {{'ck.coord_advance' op expects one delta per view dimension (1), got 2}}
  %t = ck.coord_advance %v, %s by [1, 2] : !ck.view<24xf32>, !ck.coord<3xi32>
  return
}

// -----
#merge = #ck.transform_map<[24] -> [4, 6], [#ck.transform<merge [0] -> [0, 1]>]>
func.func @advance_state(%m: memref<4x6xf32>, %s: !ck.coord<1xi32>) {
  %v = ck.transform %m : memref<4x6xf32> to !ck.view<24xf32> by #merge
  // expected-error @+1 {{'ck.coord_advance' op coordinate state '!ck.coord<1xi32>' has 1 integers; the view needs 3 (its coordinates and every merge digit)}}
  %t = ck.coord_advance %v, %s by [1] : !ck.view<24xf32>, !ck.coord<1xi32>
  return
}

// -----
#merge = #ck.transform_map<[24] -> [4, 6], [#ck.transform<merge [0] -> [0, 1]>]>
func.func @access_state(%m: memref<4x6xf32>, %s: !ck.coord<2xi32>) {
  %v = ck.transform %m : memref<4x6xf32> to !ck.view<24xf32> by #merge
  // expected-error @+1 {{'ck.coord_access' op coordinate state '!ck.coord<2xi32>' has 2 integers; the view needs 3 (its coordinates and every merge digit)}}
  %i:3 = ck.coord_access %v, %s : !ck.view<24xf32>, !ck.coord<2xi32> -> index, index
  return
}

// -----
#merge = #ck.transform_map<[24] -> [4, 6], [#ck.transform<merge [0] -> [0, 1]>]>
func.func @access_indices(%m: memref<4x6xf32>, %s: !ck.coord<3xi32>) {
  %v = ck.transform %m : memref<4x6xf32> to !ck.view<24xf32> by #merge
  // expected-error @+1 {{'ck.coord_access' op returns 1 indices; the view's memref has rank 2}}
  %i:2 = ck.coord_access %v, %s : !ck.view<24xf32>, !ck.coord<3xi32> -> index
  return
}

// -----
#merge = #ck.transform_map<[24] -> [4, 6], [#ck.transform<merge [0] -> [0, 1]>]>
func.func @linear_indices(%m: memref<4x6xf32>, %s: !ck.coord<3xi32>) {
  %v = ck.transform %m : memref<4x6xf32> to !ck.view<24xf32> by #merge
  // expected-error @+1 {{'ck.coord_access' op returns 2 indices; a linear access returns one}}
  %i:3 = ck.coord_access %v, %s linear : !ck.view<24xf32>, !ck.coord<3xi32> -> index, index
  return
}

// -----
func.func @linear_strided(%m: memref<4x6xf32, strided<[8, 1]>>, %s: !ck.coord<2xi32>) {
  // expected-error @+1 {{'ck.coord_access' op is linear on 'memref<4x6xf32, strided<[8, 1]>>', which is not contiguous (the identity layout)}}
  %i:2 = ck.coord_access %m, %s linear : memref<4x6xf32, strided<[8, 1]>>, !ck.coord<2xi32> -> index
  return
}
