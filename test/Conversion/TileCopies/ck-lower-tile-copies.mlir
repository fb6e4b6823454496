// RUN: ck-opt %s -split-input-file -ck-lower-tile-copies -cse -verify-diagnostics | FileCheck %s

// ck-lower-tile-copies (LowerTileCopies.cpp) spells out ck.tile_load and
// ck.tile_store_lds as their #ck.copy_plan lays the tile out.
//
// No transposition, a partial round: a 32 x 32 tile loaded along its
// columns (dim 1) in vectors of 8 and kept columns-innermost in LDS
// ([32][32 + 8]), by 256 threads. 32 * 32 / 8 = 128 units of one vector:
// thread t has unit t, which exists for t < 128. A line of 32 holds 4
// units, so unit u lies at row (u / 4) * 1 and column (u mod 4) * 8, made
// once before the first copy. The load's validity is the unit's existence
// and the op's `if`; the store of a unit that may not exist is guarded. The
// memref is contiguous: the load reads it collapsed to one dimension (made
// where the memref is defined) at the access's linear index.

#plan = #ck.copy_plan<tile = [32, 32], load = [1, 8], lds = [1, 8], pad = 8, threads = 256>

// CHECK-LABEL: gpu.func @plain
// CHECK-SAME: (%[[M:[^:]*]]: memref<1x64x64xf16>, %[[P:[^:]*]]: !ck.coord<3xi32>, %[[MORE:[^:]*]]: i1)
// CHECK-NEXT: %[[FLAT:.*]] = memref.collapse_shape %[[M]] {{\[}}[0, 1, 2]] : memref<1x64x64xf16> into memref<4096xf16>
// CHECK: %[[LDS:.*]] = ck.lds_buffer offset 0
// CHECK: %[[TID:.*]] = gpu.thread_id x
// CHECK: %[[U:.*]] = arith.addi %[[TID]], %c0
// CHECK: %[[COLU:.*]] = arith.remui %[[U]], %c4
// CHECK: %[[COL:.*]] = arith.muli %[[COLU]], %c8
// CHECK: %[[ROWU:.*]] = arith.divui %[[U]], %c4
// CHECK: %[[ROW:.*]] = arith.muli %[[ROWU]], %c1
// CHECK: %[[EXISTS:.*]] = arith.cmpi ult, %[[U]], %c128
// CHECK: %[[WANTED:.*]] = arith.andi %[[EXISTS]], %[[MORE]] : i1
// CHECK: %[[I:.*]], %[[OK:.*]] = ck.coord_access %[[M]], %[[P]] bounds [1, 2] if %[[WANTED]] linear : memref<1x64x64xf16>, !ck.coord<3xi32> -> index
// CHECK: %[[R:.*]] = ck.guarded_load %[[FLAT]][%[[I]]] if %[[OK]] : memref<4096xf16> -> vector<8xf16>
// CHECK: scf.if %[[EXISTS]] {
// CHECK-NEXT: vector.store %[[R]], %[[LDS]][%[[ROW]], %[[COL]]] {alignment = 16 : i64} : memref<32x40xf16, #gpu.address_space<workgroup>>, vector<8xf16>
// CHECK-NEXT: }
// CHECK-NOT: ck.tile_
// CHECK: gpu.return
gpu.module @kernels {
  gpu.func @plain(%m: memref<1x64x64xf16>, %p: !ck.coord<3xi32>, %more: i1) kernel {
    %lds = ck.lds_buffer offset 0 : memref<32x40xf16, #gpu.address_space<workgroup>>
    %tid = gpu.thread_id x
    %r = ck.tile_load %m[%p] plan #plan thread %tid if %more
        : memref<1x64x64xf16>, !ck.coord<3xi32> -> vector<8xf16>
    ck.tile_store_lds %r -> %lds plan #plan thread %tid
        : vector<8xf16>, memref<32x40xf16, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----
// A transposing copy into slot %s of two LDS buffers: a 32 x 64 tile loaded
// along its columns (dim 1) in vectors of 8 and kept rows-innermost
// ([2][64][32 + 8]) in stores of 2, by 64 threads. A unit is 2 loads (rows
// r, r + 1) of 8 columns: 32 * 64 / 16 = 128 units, two rounds of 64, both
// whole (no guard). A line of 32 rows holds 16 units, so unit u lies at
// row (u mod 16) * 2 and column (u / 16) * 8; thread t has units t and
// t + 64. Store s (8 per unit) writes LDS row column + s at the unit's row:
// element s of the unit's two loads, 4 bytes.

#plan = #ck.copy_plan<tile = [32, 64], load = [1, 8], lds = [0, 2], pad = 8, threads = 64>

// CHECK-LABEL: gpu.func @transposed
// CHECK-SAME: (%[[M:[^:]*]]: memref<1x64x64xf16>, %[[P0:[^:]*]]: !ck.coord<3xi32>, %[[P1:[^:]*]]: !ck.coord<3xi32>, %[[P2:[^:]*]]: !ck.coord<3xi32>, %[[P3:[^:]*]]: !ck.coord<3xi32>, %[[S:[^:]*]]: index)
// CHECK: %[[TID:.*]] = gpu.thread_id x
// CHECK: %[[U0:.*]] = arith.addi %[[TID]], %c0
// CHECK: %[[ROW0U:.*]] = arith.remui %[[U0]], %c16
// CHECK: %[[ROW0:.*]] = arith.muli %[[ROW0U]], %c2
// CHECK: %[[COL0U:.*]] = arith.divui %[[U0]], %c16
// CHECK: %[[COL0:.*]] = arith.muli %[[COL0U]], %c8
// CHECK: %[[U1:.*]] = arith.addi %[[TID]], %c64
// CHECK: %[[E1:.*]] = arith.cmpi ult, %[[U1]], %c128
// CHECK: ck.coord_access %[[M]], %[[P0]] bounds [1, 2]
// CHECK: %[[L0:.*]] = ck.guarded_load {{.*}} -> vector<8xf16>
// CHECK: ck.coord_access %[[M]], %[[P1]] bounds [1, 2]
// CHECK: %[[L1:.*]] = ck.guarded_load {{.*}} -> vector<8xf16>
// CHECK: ck.coord_access %[[M]], %[[P2]] bounds [1, 2] if %[[E1]]
// CHECK: ck.coord_access %[[M]], %[[P3]] bounds [1, 2] if %[[E1]]
// CHECK-NOT: scf.if
// CHECK: %[[A0:.*]] = vector.extract %[[L0]][0] : f16 from vector<8xf16>
// CHECK: %[[B0:.*]] = vector.extract %[[L1]][0] : f16 from vector<8xf16>
// CHECK: %[[W0:.*]] = vector.from_elements %[[A0]], %[[B0]] : vector<2xf16>
// CHECK: vector.store %[[W0]], %{{.*}}[%[[S]], %[[COL0]], %[[ROW0]]] {alignment = 4 : i64} : memref<2x64x40xf16, #gpu.address_space<workgroup>>, vector<2xf16>
// CHECK: %[[A1:.*]] = vector.extract %[[L0]][1] : f16 from vector<8xf16>
// CHECK: %[[B1:.*]] = vector.extract %[[L1]][1] : f16 from vector<8xf16>
// CHECK: %[[W1:.*]] = vector.from_elements %[[A1]], %[[B1]] : vector<2xf16>
// CHECK: %[[COL0P1:.*]] = arith.addi %[[COL0]], %c1
// CHECK: vector.store %[[W1]], %{{.*}}[%[[S]], %[[COL0P1]], %[[ROW0]]]
// CHECK-COUNT-14: vector.store %{{.*}} : memref<2x64x40xf16, #gpu.address_space<workgroup>>, vector<2xf16>
// CHECK-NOT: vector.store
// CHECK: gpu.return
gpu.module @kernels {
  gpu.func @transposed(%m: memref<1x64x64xf16>, %p0: !ck.coord<3xi32>, %p1: !ck.coord<3xi32>,
                       %p2: !ck.coord<3xi32>, %p3: !ck.coord<3xi32>, %s: index) kernel {
    %lds = ck.lds_buffer offset 0 : memref<2x64x40xf16, #gpu.address_space<workgroup>>
    %tid = gpu.thread_id x
    %r:4 = ck.tile_load %m[%p0, %p1, %p2, %p3] plan #plan thread %tid
        : memref<1x64x64xf16>, !ck.coord<3xi32> -> vector<8xf16>
    ck.tile_store_lds %r#0, %r#1, %r#2, %r#3 -> %lds[%s] plan #plan thread %tid
        : vector<8xf16>, memref<2x64x40xf16, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----
// The copies address their memref by one index: a strided one is refused.

func.func @strided(%m: memref<1x64x64xf16, strided<[8192, 128, 1]>>, %p: !ck.coord<3xi32>, %tid: index) -> vector<8xf16> {
  // expected-error @+1 {{'ck.tile_load' op reads 'memref<1x64x64xf16, strided<[8192, 128, 1]>>', which is not contiguous (the identity layout): copies address it by one index}}
  %r = ck.tile_load %m[%p]
      plan #ck.copy_plan<tile = [32, 32], load = [1, 8], lds = [1, 8], pad = 8, threads = 256>
      thread %tid : memref<1x64x64xf16, strided<[8192, 128, 1]>>, !ck.coord<3xi32> -> vector<8xf16>
  return %r : vector<8xf16>
}

// -----
// The loads read the memref a view's chain starts at.

func.func @untraceable(%v: !ck.view<1x64x64xf16>, %p: !ck.coord<3xi32>, %tid: index) -> vector<8xf16> {
  // expected-error @+1 {{'ck.tile_load' op needs a view whose chain starts at a memref}}
  %r = ck.tile_load %v[%p]
      plan #ck.copy_plan<tile = [32, 32], load = [1, 8], lds = [1, 8], pad = 8, threads = 256>
      thread %tid : !ck.view<1x64x64xf16>, !ck.coord<3xi32> -> vector<8xf16>
  return %r : vector<8xf16>
}

// -----
// An asynchronous copy into slot %s of three LDS buffers, with @plain's
// plan (32 x 32, vectors of 8 along the columns, 256 threads, a partial
// round): each unit's vector goes from its position (ck.coord_access, valid
// where the op's `if` holds) to the unit's place in LDS, [%s][row][col], as
// one ck.async_copy of 8 elements, under an scf.if on the unit's existence
// (a unit that does not exist has no place in the tile). Without `if`, the
// access is enabled by a constant true. With `bounds [1]` (the columns, K,
// known in range) the access checks the rows alone. Each row of 32 columns
// is one contiguous run of the memref and the vectors are 16 bytes: the
// copies bypass the L1.

#plan = #ck.copy_plan<tile = [32, 32], load = [1, 8], lds = [1, 8], pad = 8, threads = 256>

// CHECK-LABEL: gpu.func @async
// CHECK-SAME: (%[[M:[^:]*]]: memref<1x64x64xf16>, %[[P:[^:]*]]: !ck.coord<3xi32>, %[[MORE:[^:]*]]: i1, %[[S:[^:]*]]: index)
// CHECK-NEXT: %[[FLAT:.*]] = memref.collapse_shape %[[M]]
// CHECK: %[[LDS:.*]] = ck.lds_buffer offset 0 : memref<3x32x40xf16, #gpu.address_space<workgroup>>
// CHECK: %[[TID:.*]] = gpu.thread_id x
// CHECK: %[[U:.*]] = arith.addi %[[TID]], %c0
// CHECK: %[[COLU:.*]] = arith.remui %[[U]], %c4
// CHECK: %[[COL:.*]] = arith.muli %[[COLU]], %c8
// CHECK: %[[ROWU:.*]] = arith.divui %[[U]], %c4
// CHECK: %[[ROW:.*]] = arith.muli %[[ROWU]], %c1
// CHECK: %[[EXISTS:.*]] = arith.cmpi ult, %[[U]], %c128
// CHECK: scf.if %[[EXISTS]] {
// CHECK-NEXT: %[[I:.*]], %[[OK:.*]] = ck.coord_access %[[M]], %[[P]] bounds [1, 2] if %[[MORE]] linear
// CHECK-NEXT: ck.async_copy %[[FLAT]][%[[I]]] -> %[[LDS]][%[[S]], %[[ROW]], %[[COL]]] elements 8 bypass_l1 if %[[OK]] : memref<4096xf16>, memref<3x32x40xf16, #gpu.address_space<workgroup>>
// CHECK-NEXT: }
// CHECK: scf.if %[[EXISTS]] {
// CHECK-NEXT: %[[TRUE:.*]] = arith.constant true
// CHECK-NEXT: %[[J:.*]], %[[OK2:.*]] = ck.coord_access %[[M]], %[[P]] bounds [1, 2] if %[[TRUE]] linear
// CHECK-NEXT: ck.async_copy %[[FLAT]][%[[J]]] -> %[[LDS]][%[[S]], %[[ROW]], %[[COL]]] elements 8 bypass_l1 if %[[OK2]]
// CHECK-NEXT: }
// CHECK: scf.if %[[EXISTS]] {
// CHECK-NEXT: %[[K:.*]], %[[OK3:.*]] = ck.coord_access %[[M]], %[[P]] bounds [1] if %[[MORE]] linear
// CHECK-NEXT: ck.async_copy %[[FLAT]][%[[K]]] -> %[[LDS]][%[[S]], %[[ROW]], %[[COL]]] elements 8 bypass_l1 if %[[OK3]]
// CHECK-NEXT: }
// CHECK-NOT: ck.tile_
// CHECK: gpu.return
gpu.module @kernels {
  gpu.func @async(%m: memref<1x64x64xf16>, %p: !ck.coord<3xi32>, %more: i1, %s: index) kernel {
    %lds = ck.lds_buffer offset 0 : memref<3x32x40xf16, #gpu.address_space<workgroup>>
    %tid = gpu.thread_id x
    ck.tile_copy_async %m[%p] -> %lds[%s] plan #plan thread %tid if %more
        : memref<1x64x64xf16>, !ck.coord<3xi32>, memref<3x32x40xf16, #gpu.address_space<workgroup>>
    ck.tile_copy_async %m[%p] -> %lds[%s] plan #plan thread %tid
        : memref<1x64x64xf16>, !ck.coord<3xi32>, memref<3x32x40xf16, #gpu.address_space<workgroup>>
    ck.tile_copy_async %m[%p] -> %lds[%s] plan #plan thread %tid bounds [1] if %more
        : memref<1x64x64xf16>, !ck.coord<3xi32>, memref<3x32x40xf16, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----
// A plan in LDS order (gfx950's loads to LDS): a 32 x 32 tile padded to rows
// of 40 has 32 x 40 / 8 = 160 units, the 8-element slots of the LDS tile in
// memory order, of which 256 threads take one each (threads 160 and up
// none). Thread t copies into slot t: row t * 8 / 40, column t * 8 mod 40,
// and reads the element there, or, in a row's pad (column 32), copies
// zeros: its access is disabled and its position is the row's start. The
// copies are `lane_order`.

#ordered = #ck.copy_plan<tile = [32, 32], load = [1, 8], lds = [1, 8], pad = 8, threads = 256, lds_order = true>

// CHECK-LABEL: gpu.func @lds_order
// CHECK-SAME: (%[[M:[^:]*]]: memref<1x64x64xf16>, %[[P:[^:]*]]: !ck.coord<3xi32>, %[[MORE:[^:]*]]: i1, %[[S:[^:]*]]: index)
// CHECK: %[[TID:.*]] = gpu.thread_id x
// CHECK: %[[U:.*]] = arith.addi %[[TID]], %c0
// CHECK: %[[OFF:.*]] = arith.muli %[[U]], %c8
// CHECK: %[[COL:.*]] = arith.remui %[[OFF]], %c40
// CHECK: %[[IN:.*]] = arith.cmpi ult, %[[COL]], %c32
// CHECK: %[[EXISTS:.*]] = arith.cmpi ult, %[[U]], %c160
// CHECK: %[[ROW:.*]] = arith.divui %[[OFF]], %c40
// CHECK: scf.if %[[EXISTS]] {
// CHECK-NEXT: %[[OK:.*]] = arith.andi %[[MORE]], %[[IN]]
// CHECK-NEXT: %[[I:.*]], %[[VALID:.*]] = ck.coord_access %[[M]], %[[P]] bounds [1, 2] if %[[OK]] linear
// CHECK-NEXT: ck.async_copy %{{.*}}[%[[I]]] -> %{{.*}}[%[[S]], %[[ROW]], %[[COL]]] elements 8 bypass_l1 lane_order if %[[VALID]]
// CHECK-NEXT: }
// CHECK-NOT: ck.tile_
// CHECK: gpu.return
gpu.module @kernels {
  gpu.func @lds_order(%m: memref<1x64x64xf16>, %p: !ck.coord<3xi32>, %more: i1, %s: index) kernel {
    %lds = ck.lds_buffer offset 0 : memref<2x32x40xf16, #gpu.address_space<workgroup>>
    %tid = gpu.thread_id x
    ck.tile_copy_async %m[%p] -> %lds[%s] plan #ordered thread %tid if %more
        : memref<1x64x64xf16>, !ck.coord<3xi32>, memref<2x32x40xf16, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----
// Rows that are not one run: the view's columns are (a, c) of a memref
// [1][a = 8][row = 64][c = 8], so a row of the tile is 4 runs of 8
// elements, 1024 apart (windows of 8 channels whose taps share a row read
// neighbouring elements again, which the L1 serves): the copies keep the
// L1. Vectors of 4 elements (8 bytes) cannot bypass it either.

#runs = #ck.copy_plan<tile = [32, 32], load = [1, 8], lds = [1, 8], pad = 8, threads = 256>
#narrow = #ck.copy_plan<tile = [32, 32], load = [1, 4], lds = [1, 4], pad = 8, threads = 256>

// CHECK-LABEL: gpu.func @short_runs
// CHECK: ck.async_copy %{{.*}}[%{{.*}}] -> %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}] elements 8 if
// CHECK: ck.async_copy %{{.*}}[%{{.*}}] -> %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}] elements 4 if
// CHECK-NOT: bypass_l1
// CHECK: gpu.return
gpu.module @kernels {
  gpu.func @short_runs(%m: memref<1x8x64x8xf16>, %flat: memref<1x64x64xf16>,
                       %q: !ck.coord<5xi32>, %p: !ck.coord<3xi32>, %s: index) kernel {
    %v = ck.transform %m : memref<1x8x64x8xf16> to !ck.view<1x64x64xf16>
        by #ck.transform_map<[1, 64, 64] -> [1, 8, 64, 8], [
          #ck.transform<pass_through [0] -> [0]>,
          #ck.transform<pass_through [1] -> [2]>,
          #ck.transform<merge [2] -> [1, 3]>]>
    %lds = ck.lds_buffer offset 0 : memref<3x32x40xf16, #gpu.address_space<workgroup>>
    %tid = gpu.thread_id x
    ck.tile_copy_async %v[%q] -> %lds[%s] plan #runs thread %tid
        : !ck.view<1x64x64xf16>, !ck.coord<5xi32>, memref<3x32x40xf16, #gpu.address_space<workgroup>>
    ck.tile_copy_async %flat[%p] -> %lds[%s] plan #narrow thread %tid
        : memref<1x64x64xf16>, !ck.coord<3xi32>, memref<3x32x40xf16, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----
// A swizzled plan (#ck.copy_plan swizzle = 128, wgmma's tiles): a 16 x 128
// f16 tile (rows outer, columns inner) by 256 threads, one 8-element unit
// each: unit u at row u / 16, column 8 (u mod 16). The copy writes element
// (r, c) at byte offset o = 2 ((c / 64) * 16 * 64 + r * 64 + c mod 64) of
// the blocked tile (128-byte blocks of 64 columns stored one after
// another), its 16-byte chunk moved to o xor (((o >> 7) mod 8) << 4), as
// (row, column) = (o / 2 / 128, o / 2 mod 128).

#swizzled = #ck.copy_plan<tile = [16, 128], load = [1, 8], lds = [1, 8], pad = 0, threads = 256, swizzle = 128>

// CHECK-LABEL: gpu.func @swizzled
// CHECK: %[[COL:.*]] = arith.muli %{{.*}}, %c8
// CHECK: %[[ROW:.*]] = arith.muli %{{.*}}, %c1
// CHECK: %[[WITHIN:.*]] = arith.remui %[[COL]], %c64
// CHECK: %[[BLOCK:.*]] = arith.divui %[[COL]], %c64
// CHECK: %[[BLOCKAT:.*]] = arith.muli %[[BLOCK]], %c1024
// CHECK: %[[ROWAT:.*]] = arith.muli %[[ROW]], %c64
// CHECK: %[[IN:.*]] = arith.addi %[[ROWAT]], %[[WITHIN]]
// CHECK: %[[ELEMENTS:.*]] = arith.addi %[[BLOCKAT]], %[[IN]]
// CHECK: %[[BYTES:.*]] = arith.muli %[[ELEMENTS]], %c2
// CHECK: %[[LINE:.*]] = arith.shrui %[[BYTES]], %c7
// CHECK: %[[PHASE:.*]] = arith.andi %[[LINE]], %c7
// CHECK: %[[FLIP:.*]] = arith.shli %[[PHASE]], %c4
// CHECK: %[[MOVED:.*]] = arith.xori %[[BYTES]], %[[FLIP]]
// CHECK: %[[LINEAR:.*]] = arith.divui %[[MOVED]], %c2
// CHECK: %[[R:.*]] = arith.divui %[[LINEAR]], %c128
// CHECK: %[[C:.*]] = arith.remui %[[LINEAR]], %c128
// CHECK: ck.async_copy %{{.*}} -> %{{.*}}[%{{.*}}, %[[R]], %[[C]]] elements 8
gpu.module @kernels {
  gpu.func @swizzled(%m: memref<1x64x128xf16>, %p: !ck.coord<3xi32>, %s: index) kernel {
    %lds = ck.lds_buffer offset 0 align 1024 : memref<3x16x128xf16, #gpu.address_space<workgroup>>
    %tid = gpu.thread_id x
    ck.tile_copy_async %m[%p] -> %lds[%s] plan #swizzled thread %tid
        : memref<1x64x128xf16>, !ck.coord<3xi32>, memref<3x16x128xf16, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----
// Rows of 64 bytes (a 32 x 32 f16 tile of mma.sync's A, read by ldmatrix)
// swizzle in 64-byte blocks: the block is the row, and two bits of the
// chunk flip with the line, o xor (((o >> 7) mod 4) << 4).

#swizzled64 = #ck.copy_plan<tile = [32, 32], load = [1, 8], lds = [1, 8], pad = 0, threads = 128, swizzle = 64>

// CHECK-LABEL: gpu.func @swizzled_64
// CHECK: %[[ROW:.*]] = arith.muli %{{.*}}, %c1
// CHECK: %[[WITHIN:.*]] = arith.remui %{{.*}}, %c32
// CHECK: %[[ROWAT:.*]] = arith.muli %[[ROW]], %c32
// CHECK: %[[IN:.*]] = arith.addi %[[ROWAT]], %[[WITHIN]]
// CHECK: %[[BYTES:.*]] = arith.muli %{{.*}}, %c2
// CHECK: %[[LINE:.*]] = arith.shrui %[[BYTES]], %c7
// CHECK: %[[PHASE:.*]] = arith.andi %[[LINE]], %c3
// CHECK: %[[FLIP:.*]] = arith.shli %[[PHASE]], %c4
// CHECK: %[[MOVED:.*]] = arith.xori %[[BYTES]], %[[FLIP]]
// CHECK: %[[LINEAR:.*]] = arith.divui %[[MOVED]], %c2
// CHECK: %[[R:.*]] = arith.divui %[[LINEAR]], %c32
// CHECK: %[[C:.*]] = arith.remui %[[LINEAR]], %c32
// CHECK: ck.async_copy %{{.*}} -> %{{.*}}[%{{.*}}, %[[R]], %[[C]]] elements 8
gpu.module @kernels {
  gpu.func @swizzled_64(%m: memref<1x64x64xf16>, %p: !ck.coord<3xi32>, %s: index) kernel {
    %lds = ck.lds_buffer offset 0 align 128 : memref<3x32x32xf16, #gpu.address_space<workgroup>>
    %tid = gpu.thread_id x
    ck.tile_copy_async %m[%p] -> %lds[%s] plan #swizzled64 thread %tid
        : memref<1x64x64xf16>, !ck.coord<3xi32>, memref<3x32x32xf16, #gpu.address_space<workgroup>>
    gpu.return
  }
}
