// RUN: ck-opt %s | ck-opt | FileCheck %s

// The copy ops and #ck.copy_plan print and parse back (CKCopyOps.td).

// A thread's two vectors of a 64 x 32 tile (64 * 32 / 8 = 256 units of
// 1 x 8 over 128 threads), loaded under a condition and stored into slot
// %s of two LDS buffers of [64][32 + 8]; the same loads checking the
// columns alone (`bounds [2]`).
// CHECK-LABEL: func.func @copy
// CHECK: %[[R:.*]]:2 = ck.tile_load %{{.*}}[%{{.*}}, %{{.*}}] plan <tile = [64, 32], load = [1, 8], lds = [1, 8], pad = 8, threads = 128> thread %{{.*}} if %{{.*}} : memref<1x64x64xf16>, !ck.coord<3xi32> -> vector<8xf16>
// CHECK: ck.tile_load %{{.*}}[%{{.*}}, %{{.*}}] plan <{{.*}}> thread %{{.*}} bounds [2] : memref<1x64x64xf16>, !ck.coord<3xi32> -> vector<8xf16>
// CHECK: ck.tile_store_lds %[[R]]#0, %[[R]]#1 -> %{{.*}}[%{{.*}}] plan <tile = [64, 32], load = [1, 8], lds = [1, 8], pad = 8, threads = 128> thread %{{.*}} : vector<8xf16>, memref<2x64x40xf16, #gpu.address_space<workgroup>>
#plan = #ck.copy_plan<tile = [64, 32], load = [1, 8], lds = [1, 8], pad = 8, threads = 128>
func.func @copy(%a: memref<1x64x64xf16>, %p0: !ck.coord<3xi32>, %p1: !ck.coord<3xi32>,
                %tid: index, %more: i1, %s: index,
                %lds: memref<2x64x40xf16, #gpu.address_space<workgroup>>) {
  %r:2 = ck.tile_load %a[%p0, %p1] plan #plan thread %tid if %more
      : memref<1x64x64xf16>, !ck.coord<3xi32> -> vector<8xf16>
  %q:2 = ck.tile_load %a[%p0, %p1] plan #plan thread %tid bounds [2]
      : memref<1x64x64xf16>, !ck.coord<3xi32> -> vector<8xf16>
  ck.tile_store_lds %r#0, %r#1 -> %lds[%s] plan #plan thread %tid
      : vector<8xf16>, memref<2x64x40xf16, #gpu.address_space<workgroup>>
  return
}

// A transposing copy from a view: units of 8 (along the columns it loads)
// x 2 (along the rows LDS keeps innermost), one per thread of 64: two
// loads per thread; LDS is [64][32 + 8], one buffer, no slot.
// CHECK-LABEL: func.func @transposed
// CHECK: ck.tile_load %{{.*}}[%{{.*}}, %{{.*}}] plan <tile = [32, 64], load = [1, 8], lds = [0, 2], pad = 8, threads = 128> thread %{{.*}} : !ck.view<1x32x64xbf16>, !ck.coord<3xi32> -> vector<8xbf16>
// CHECK: ck.tile_store_lds %{{.*}}, %{{.*}} -> %{{.*}} plan <{{.*}}> thread %{{.*}} : vector<8xbf16>, memref<64x40xbf16, #gpu.address_space<workgroup>>
#tplan = #ck.copy_plan<tile = [32, 64], load = [1, 8], lds = [0, 2], pad = 8, threads = 128>
func.func @transposed(%m: memref<32x64xbf16>, %p0: !ck.coord<3xi32>, %p1: !ck.coord<3xi32>,
                      %tid: index, %lds: memref<64x40xbf16, #gpu.address_space<workgroup>>) {
  %v = ck.transform %m : memref<32x64xbf16> to !ck.view<1x32x64xbf16>
      by #ck.transform_map<[1, 32, 64] -> [32, 64], [
          #ck.transform<unmerge [0, 1] -> [0]>,
          #ck.transform<pass_through [2] -> [1]>]>
  %r:2 = ck.tile_load %v[%p0, %p1] plan #tplan thread %tid
      : !ck.view<1x32x64xbf16>, !ck.coord<3xi32> -> vector<8xbf16>
  ck.tile_store_lds %r#0, %r#1 -> %lds plan #tplan thread %tid
      : vector<8xbf16>, memref<64x40xbf16, #gpu.address_space<workgroup>>
  return
}

// A guarded load: 8 f16 (16 bytes), 1 f32 (4 bytes).
// CHECK-LABEL: func.func @guarded
// CHECK: ck.guarded_load %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}] if %{{.*}} : memref<16x50x50x1x256xf16> -> vector<8xf16>
// CHECK: ck.guarded_load %{{.*}}[%{{.*}}, %{{.*}}] if %{{.*}} : memref<4x9xf32> -> vector<1xf32>
func.func @guarded(%x: memref<16x50x50x1x256xf16>, %w: memref<4x9xf32>, %i: index, %ok: i1)
    -> (vector<8xf16>, vector<1xf32>) {
  %a = ck.guarded_load %x[%i, %i, %i, %i, %i] if %ok : memref<16x50x50x1x256xf16> -> vector<8xf16>
  %b = ck.guarded_load %w[%i, %i] if %ok : memref<4x9xf32> -> vector<1xf32>
  return %a, %b : vector<8xf16>, vector<1xf32>
}

// An asynchronous tile copy into slot %s of three LDS buffers, its vector
// form (also bypassing the L1), and the group ops.
// CHECK-LABEL: func.func @async
// CHECK: ck.tile_copy_async %{{.*}}[%{{.*}}, %{{.*}}] -> %{{.*}}[%{{.*}}] plan <tile = [64, 32], load = [1, 8], lds = [1, 8], pad = 8, threads = 128> thread %{{.*}} if %{{.*}} : memref<1x64x64xf16>, !ck.coord<3xi32>, memref<3x64x40xf16, #gpu.address_space<workgroup>>
// CHECK: ck.tile_copy_async %{{.*}}[%{{.*}}, %{{.*}}] -> %{{.*}}[%{{.*}}] plan <{{.*}}> thread %{{.*}} : memref<1x64x64xf16>,
// CHECK: ck.tile_copy_async %{{.*}}[%{{.*}}, %{{.*}}] -> %{{.*}}[%{{.*}}] plan <{{.*}}> thread %{{.*}} bounds [1] if %{{.*}} : memref<1x64x64xf16>,
// CHECK: ck.async_copy %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}] -> %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}] elements 8 if %{{.*}} : memref<1x64x64xf16>, memref<3x64x40xf16, #gpu.address_space<workgroup>>
// CHECK: ck.async_copy %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}] -> %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}] elements 8 bypass_l1 if %{{.*}} : memref<1x64x64xf16>,
// CHECK: ck.async_commit
// CHECK: ck.async_wait pending 1
func.func @async(%a: memref<1x64x64xf16>, %p0: !ck.coord<3xi32>, %p1: !ck.coord<3xi32>,
                 %tid: index, %more: i1, %s: index, %i: index,
                 %lds: memref<3x64x40xf16, #gpu.address_space<workgroup>>) {
  ck.tile_copy_async %a[%p0, %p1] -> %lds[%s] plan #plan thread %tid if %more
      : memref<1x64x64xf16>, !ck.coord<3xi32>, memref<3x64x40xf16, #gpu.address_space<workgroup>>
  ck.tile_copy_async %a[%p0, %p1] -> %lds[%s] plan #plan thread %tid
      : memref<1x64x64xf16>, !ck.coord<3xi32>, memref<3x64x40xf16, #gpu.address_space<workgroup>>
  ck.tile_copy_async %a[%p0, %p1] -> %lds[%s] plan #plan thread %tid bounds [1] if %more
      : memref<1x64x64xf16>, !ck.coord<3xi32>, memref<3x64x40xf16, #gpu.address_space<workgroup>>
  ck.async_copy %a[%i, %i, %i] -> %lds[%s, %i, %i] elements 8 if %more
      : memref<1x64x64xf16>, memref<3x64x40xf16, #gpu.address_space<workgroup>>
  ck.async_copy %a[%i, %i, %i] -> %lds[%s, %i, %i] elements 8 bypass_l1 if %more
      : memref<1x64x64xf16>, memref<3x64x40xf16, #gpu.address_space<workgroup>>
  ck.async_commit
  ck.async_wait pending 1
  return
}

// Swizzled plans (wgmma's 128-byte swizzle, and a 64-byte one for rows of
// 64 bytes): no pad, and `swizzle` prints after the threads.
// CHECK-LABEL: func.func @swizzled
// CHECK: ck.tile_copy_async %{{.*}}[%{{.*}}] -> %{{.*}}[%{{.*}}] plan <tile = [64, 128], load = [1, 8], lds = [1, 8], pad = 0, threads = 128, swizzle = 128> thread %{{.*}}
#splan = #ck.copy_plan<tile = [64, 128], load = [1, 8], lds = [1, 8], pad = 0, threads = 128, swizzle = 128>
func.func @swizzled(%m: memref<1x64x128xf16>, %p: !ck.coord<3xi32>, %tid: index, %s: index,
                    %lds: memref<3x64x128xf16, #gpu.address_space<workgroup>>) {
  ck.tile_copy_async %m[%p, %p, %p, %p, %p, %p, %p, %p] -> %lds[%s] plan #splan thread %tid
      : memref<1x64x128xf16>, !ck.coord<3xi32>, memref<3x64x128xf16, #gpu.address_space<workgroup>>
  return
}

// CHECK-LABEL: func.func @swizzled_64
// CHECK: plan <tile = [128, 32], load = [1, 8], lds = [1, 8], pad = 0, threads = 128, swizzle = 64>
#splan64 = #ck.copy_plan<tile = [128, 32], load = [1, 8], lds = [1, 8], pad = 0, threads = 128, swizzle = 64>
func.func @swizzled_64(%m: memref<1x128x32xf16>, %p: !ck.coord<3xi32>, %tid: index, %s: index,
                       %lds: memref<3x128x32xf16, #gpu.address_space<workgroup>>) {
  ck.tile_copy_async %m[%p, %p, %p, %p] -> %lds[%s] plan #splan64 thread %tid
      : memref<1x128x32xf16>, !ck.coord<3xi32>, memref<3x128x32xf16, #gpu.address_space<workgroup>>
  return
}
