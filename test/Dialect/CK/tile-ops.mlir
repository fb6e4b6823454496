// RUN: ck-opt %s | ck-opt | FileCheck %s
// RUN: ck-opt %s --mlir-print-op-generic | ck-opt | FileCheck %s

// The workgroup tile ops (CKTileOps.td) and !ck.acc print as they parse.

!acc = !ck.acc<64x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
!lds2 = memref<2x64x40xf16, #gpu.address_space<workgroup>>
!lds = memref<64x40xf16, #gpu.address_space<workgroup>>
!stage = memref<32x68xf32, #gpu.address_space<workgroup>>
!whole = memref<64x68xf32, #gpu.address_space<workgroup>>

// CHECK-LABEL: func.func @tile_ops
// CHECK-SAME: (%[[LA:[^:]*]]: memref<2x64x40xf16, #gpu.address_space<workgroup>>, %[[LB:[^:]*]]: memref<2x64x40xf16, #gpu.address_space<workgroup>>, %[[S:[^:]*]]: index,
// CHECK: %[[Z:.*]] = ck.acc_zero : !ck.acc<64x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
// CHECK: %[[M:.*]] = ck.tile_mma %[[Z]], %[[LA]], %[[LB]] slot %[[S]] k 32 b_transposed : !ck.acc<64x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>, memref<2x64x40xf16, #gpu.address_space<workgroup>>, memref<2x64x40xf16, #gpu.address_space<workgroup>>
// CHECK: ck.lds_barrier{{$}}
// CHECK: ck.tile_store %[[M]] -> %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}] adds(%{{.*}} : memref<1x64x64xf16>) beta 2.000000e+00 staged %{{.*}} width 8 : !ck.acc<64x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>, memref<1x64x64xf16>, memref<32x68xf32, #gpu.address_space<workgroup>>
// CHECK: ck.lds_barrier threads 256
// CHECK: ck.tile_store %[[M]] -> %{{.*}} staged %{{.*}} width 8 holders_only : !ck.acc
// CHECK: ck.tile_store %[[M]] -> %{{.*}} staged %{{.*}} width 8 holders_only store_waves 3 busy %[[BUSY:[^ ]*]] more %[[MORE:[^ ]*]] : !ck.acc
// CHECK: ck.tile_store %[[M]] -> %{{.*}} staged %{{.*}} width 8 holders_only store_waves 3 : !ck.acc
func.func @tile_ops(%la: !lds2, %lb: !lds2, %s: index, %c: memref<1x64x64xf16>,
                    %d: memref<1x64x64xf16>, %stage: !stage,
                    %g: index, %m0: index, %n0: index, %busy: i1, %more: i1,
                    %whole: !whole) {
  %z = ck.acc_zero : !acc
  %m = ck.tile_mma %z, %la, %lb slot %s k 32 b_transposed : !acc, !lds2, !lds2
  ck.lds_barrier
  ck.tile_store %m -> %c[%g, %m0, %n0] adds(%d : memref<1x64x64xf16>) beta 2.0
      staged %stage width 8 : !acc, memref<1x64x64xf16>, !stage
  ck.lds_barrier threads 256
  ck.tile_store %m -> %c[%g, %m0, %n0] adds(%d : memref<1x64x64xf16>) beta 2.0
      staged %stage width 8 holders_only : !acc, memref<1x64x64xf16>, !stage
  ck.tile_store %m -> %c[%g, %m0, %n0] adds(%d : memref<1x64x64xf16>) beta 2.0
      staged %whole width 8 holders_only store_waves 3 busy %busy more %more
      : !acc, memref<1x64x64xf16>, !whole
  ck.tile_store %m -> %c[%g, %m0, %n0] adds(%d : memref<1x64x64xf16>) beta 2.0
      staged %whole width 8 holders_only store_waves 3
      : !acc, memref<1x64x64xf16>, !whole
  return
}

// -----
// A tile that TMA stores from its unpadded staging tile (the map of C).

// CHECK-LABEL: func.func @tma_store
// CHECK: ck.tile_store %{{.*}} -> %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}] staged %{{.*}} width 8 holders_only tma_store %{{.*}} : !ck.acc<128x128xf32, #ck.wgmma<bf16>, waves = [8, 1]>, memref<1x256x128xbf16>, memref<128x128xbf16, #gpu.address_space<workgroup>>, !llvm.ptr
func.func @tma_store(%acc: !ck.acc<128x128xf32, #ck.wgmma<bf16>, waves = [8, 1]>,
                     %c: memref<1x256x128xbf16>,
                     %stage: memref<128x128xbf16, #gpu.address_space<workgroup>>,
                     %map: !llvm.ptr, %g: index, %m0: index, %n0: index) {
  ck.tile_store %acc -> %c[%g, %m0, %n0] staged %stage width 8 holders_only
      tma_store %map
      : !ck.acc<128x128xf32, #ck.wgmma<bf16>, waves = [8, 1]>,
        memref<1x256x128xbf16>,
        memref<128x128xbf16, #gpu.address_space<workgroup>>, !llvm.ptr
  return
}

// -----
// Two passes: the 128 x 256 tile through a staging tile of half its
// columns, stored by TMA, and padded for the read-back.

// CHECK-LABEL: func.func @column_slices
// CHECK: ck.tile_store %{{.*}} staged %{{.*}} width 8 holders_only tma_store %{{.*}} : !ck.acc<128x256xf32, #ck.wgmma<bf16>, waves = [8, 1]>, memref<1x256x256xbf16>, memref<128x128xbf16, #gpu.address_space<workgroup>>, !llvm.ptr
// CHECK: ck.tile_store %{{.*}} staged %{{.*}} width 8 holders_only : !ck.acc<128x256xf32, #ck.wgmma<bf16>, waves = [8, 1]>, memref<1x256x256xbf16>, memref<128x72xbf16, #gpu.address_space<workgroup>>
func.func @column_slices(%acc: !ck.acc<128x256xf32, #ck.wgmma<bf16>, waves = [8, 1]>,
                         %c: memref<1x256x256xbf16>,
                         %half: memref<128x128xbf16, #gpu.address_space<workgroup>>,
                         %quarter: memref<128x72xbf16, #gpu.address_space<workgroup>>,
                         %map: !llvm.ptr, %g: index, %m0: index, %n0: index) {
  ck.tile_store %acc -> %c[%g, %m0, %n0] staged %half width 8 holders_only
      tma_store %map
      : !ck.acc<128x256xf32, #ck.wgmma<bf16>, waves = [8, 1]>,
        memref<1x256x256xbf16>,
        memref<128x128xbf16, #gpu.address_space<workgroup>>, !llvm.ptr
  ck.tile_store %acc -> %c[%g, %m0, %n0] staged %quarter width 8 holders_only
      : !ck.acc<128x256xf32, #ck.wgmma<bf16>, waves = [8, 1]>,
        memref<1x256x256xbf16>,
        memref<128x72xbf16, #gpu.address_space<workgroup>>
  return
}

// -----
// Fragment loads: a buffered and a transposed one; tf32 takes f32.

// CHECK-LABEL: func.func @fragment_loads
// CHECK: ck.fragment_load a of #ck.mfma<16x16x16, f16> from %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}] : memref<2x64x40xf16, #gpu.address_space<workgroup>> -> vector<4xf16>
// CHECK: ck.fragment_load b of #ck.mfma<16x16x16, f16> from %{{.*}}[%{{.*}}, %{{.*}}] transposed : memref<64x40xf16, #gpu.address_space<workgroup>> -> vector<4xf16>
// CHECK: ck.fragment_load a of #ck.mma_sync<16x8x8, tf32> from %{{.*}}[%{{.*}}, %{{.*}}] : memref<32x40xf32, #gpu.address_space<workgroup>> -> vector<4xf32>
// Two and four K steps at once.
// CHECK: ck.fragment_load b of #ck.mfma<16x16x16, f16> from %{{.*}}[%{{.*}}, %{{.*}}] transposed k_pack 2 : memref<64x40xf16, #gpu.address_space<workgroup>> -> vector<8xf16>
// CHECK: ck.fragment_load a of #ck.mfma<16x16x4, f32> from %{{.*}}[%{{.*}}, %{{.*}}] k_pack 4 : memref<32x40xf32, #gpu.address_space<workgroup>> -> vector<4xf32>
func.func @fragment_loads(%la: memref<2x64x40xf16, #gpu.address_space<workgroup>>,
                          %lb: memref<64x40xf16, #gpu.address_space<workgroup>>,
                          %lf: memref<32x40xf32, #gpu.address_space<workgroup>>,
                          %s: index, %r: index) {
  %c16 = arith.constant 16 : index
  %a = ck.fragment_load a of #ck.mfma<16x16x16, f16> from %la[%s, %r, %c16]
      : memref<2x64x40xf16, #gpu.address_space<workgroup>> -> vector<4xf16>
  %b = ck.fragment_load b of #ck.mfma<16x16x16, f16> from %lb[%c16, %r] transposed
      : memref<64x40xf16, #gpu.address_space<workgroup>> -> vector<4xf16>
  %f = ck.fragment_load a of #ck.mma_sync<16x8x8, tf32> from %lf[%r, %r]
      : memref<32x40xf32, #gpu.address_space<workgroup>> -> vector<4xf32>
  %c32 = arith.constant 32 : index
  %p = ck.fragment_load b of #ck.mfma<16x16x16, f16> from %lb[%c32, %r] transposed k_pack 2
      : memref<64x40xf16, #gpu.address_space<workgroup>> -> vector<8xf16>
  %q = ck.fragment_load a of #ck.mfma<16x16x4, f32> from %lf[%r, %c16] k_pack 4
      : memref<32x40xf32, #gpu.address_space<workgroup>> -> vector<4xf32>
  return
}

// -----
// Swizzled tiles of mma.sync (read by ldmatrix): the unit attributes print
// after the transpositions, `swizzled` after `transposed`.

!sacc = !ck.acc<128x32xf32, #ck.mma_sync<16x8x16, bf16>, waves = [2, 2]>

// CHECK-LABEL: func.func @swizzled
// CHECK: ck.tile_mma %{{.*}}, %{{.*}}, %{{.*}} slot %{{.*}} k 32 b_transposed a_swizzled b_swizzled : !ck.acc<128x32xf32, #ck.mma_sync<16x8x16, bf16>, waves = [2, 2]>, memref<3x128x32xbf16, #gpu.address_space<workgroup>>, memref<3x32x32xbf16, #gpu.address_space<workgroup>>
// CHECK: ck.fragment_load b of #ck.mma_sync<16x8x16, bf16> from %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}] transposed swizzled : memref<3x32x32xbf16, #gpu.address_space<workgroup>> -> vector<4xbf16>
func.func @swizzled(%acc: !sacc, %la: memref<3x128x32xbf16, #gpu.address_space<workgroup>>,
                    %lb: memref<3x32x32xbf16, #gpu.address_space<workgroup>>, %s: index, %r: index) {
  %m = ck.tile_mma %acc, %la, %lb slot %s k 32 b_transposed a_swizzled b_swizzled
      : !sacc, memref<3x128x32xbf16, #gpu.address_space<workgroup>>, memref<3x32x32xbf16, #gpu.address_space<workgroup>>
  %b = ck.fragment_load b of #ck.mma_sync<16x8x16, bf16> from %lb[%s, %r, %r] transposed swizzled
      : memref<3x32x32xbf16, #gpu.address_space<workgroup>> -> vector<4xbf16>
  return
}

// -----
// Swizzled tiles of MFMA (read as runs, here packed two K steps at once).

!macc = !ck.acc<64x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>

// CHECK-LABEL: func.func @swizzled_mfma
// CHECK: ck.tile_mma %{{.*}}, %{{.*}}, %{{.*}} slot %{{.*}} k 32 b_transposed a_swizzled b_swizzled : !ck.acc<64x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>, memref<2x64x32xf16, #gpu.address_space<workgroup>>, memref<2x64x32xf16, #gpu.address_space<workgroup>>
// CHECK: ck.fragment_load a of #ck.mfma<16x16x16, f16> from %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}] k_pack 2 swizzled : memref<2x64x32xf16, #gpu.address_space<workgroup>> -> vector<8xf16>
func.func @swizzled_mfma(%acc: !macc, %la: memref<2x64x32xf16, #gpu.address_space<workgroup>>,
                         %lb: memref<2x64x32xf16, #gpu.address_space<workgroup>>, %s: index, %r: index) {
  %m = ck.tile_mma %acc, %la, %lb slot %s k 32 b_transposed a_swizzled b_swizzled
      : !macc, memref<2x64x32xf16, #gpu.address_space<workgroup>>, memref<2x64x32xf16, #gpu.address_space<workgroup>>
  %a = ck.fragment_load a of #ck.mfma<16x16x16, f16> from %la[%s, %r, %r] k_pack 2 swizzled
      : memref<2x64x32xf16, #gpu.address_space<workgroup>> -> vector<8xf16>
  return
}

// -----
// MN-major tiles read by LDS transpose reads (gfx950): A transposed ([k][m]),
// B not ([k][n]), rows padded by 32 bytes; `transpose_reads` prints after
// the transpositions, `transpose_read` last. 16x16x16 takes them two steps
// at once.

!tacc = !ck.acc<64x64xf32, #ck.mfma<16x16x32, f16>, waves = [2, 2]>

// CHECK-LABEL: func.func @transpose_reads
// CHECK: ck.tile_mma %{{.*}}, %{{.*}}, %{{.*}} slot %{{.*}} k 32 a_transposed transpose_reads : !ck.acc<64x64xf32, #ck.mfma<16x16x32, f16>, waves = [2, 2]>, memref<2x32x80xf16, #gpu.address_space<workgroup>>, memref<2x32x80xf16, #gpu.address_space<workgroup>>
// CHECK: ck.fragment_load a of #ck.mfma<16x16x32, f16> from %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}] transposed transpose_read : memref<2x32x80xf16, #gpu.address_space<workgroup>> -> vector<8xf16>
// CHECK: ck.fragment_load b of #ck.mfma<16x16x16, bf16> from %{{.*}}[%{{.*}}, %{{.*}}] k_pack 2 transpose_read : memref<32x80xbf16, #gpu.address_space<workgroup>> -> vector<8xbf16>
func.func @transpose_reads(%acc: !tacc, %la: memref<2x32x80xf16, #gpu.address_space<workgroup>>,
                           %lb: memref<2x32x80xf16, #gpu.address_space<workgroup>>,
                           %pb: memref<32x80xbf16, #gpu.address_space<workgroup>>, %s: index, %r: index) {
  %m = ck.tile_mma %acc, %la, %lb slot %s k 32 a_transposed transpose_reads
      : !tacc, memref<2x32x80xf16, #gpu.address_space<workgroup>>, memref<2x32x80xf16, #gpu.address_space<workgroup>>
  %a = ck.fragment_load a of #ck.mfma<16x16x32, f16> from %la[%s, %r, %r] transposed transpose_read
      : memref<2x32x80xf16, #gpu.address_space<workgroup>> -> vector<8xf16>
  %b = ck.fragment_load b of #ck.mfma<16x16x16, bf16> from %pb[%r, %r] k_pack 2 transpose_read
      : memref<32x80xbf16, #gpu.address_space<workgroup>> -> vector<8xbf16>
  return
}

// -----
// The accumulator type of an FMA tile on 4x1 waves.

// CHECK-LABEL: func.func @fma_acc
// CHECK-SAME: !ck.acc<64x16xf32, #ck.fma, waves = [4, 1]>
func.func @fma_acc(%a: !ck.acc<64x16xf32, #ck.fma, waves = [4, 1]>) {
  return
}

// -----
// A warp's share of one wgmma K-tile: #ck.wgmma prints with its input type,
// the op with its slot, group row, K and orientation flags.

// CHECK-LABEL: func.func @warpgroup_mma
// CHECK: %{{.*}}:2 = ck.warpgroup_mma #ck.wgmma<bf16> %{{.*}}, %{{.*}} slot %{{.*}} row %{{.*}} k 64 a_transposed b_transposed acc(%{{.*}}, %{{.*}}) : memref<3x64x128xbf16, #gpu.address_space<workgroup>>, memref<3x16x64xbf16, #gpu.address_space<workgroup>>, vector<4xf32>, vector<4xf32>
// CHECK: %{{.*}}:2 = ck.warpgroup_mma #ck.wgmma<bf16> {{.*}} k 64 a_transposed b_transposed pending 1 acc(
// CHECK: %{{.*}}:2 = ck.warpgroup_mma #ck.wgmma<bf16> {{.*}} k 64 a_transposed b_transposed row_groups 2 acc(
// CHECK: %{{.*}}:2 = ck.warpgroup_wait %{{.*}}, %{{.*}} : vector<4xf32>, vector<4xf32>
func.func @warpgroup_mma(%la: memref<3x64x128xbf16, #gpu.address_space<workgroup>>,
                         %lb: memref<3x16x64xbf16, #gpu.address_space<workgroup>>,
                         %lb8: memref<3x8x64xbf16, #gpu.address_space<workgroup>>,
                         %s: index, %row: index, %c: vector<4xf32>) {
  %r:2 = ck.warpgroup_mma #ck.wgmma<bf16> %la, %lb slot %s row %row k 64 a_transposed b_transposed acc(%c, %c)
      : memref<3x64x128xbf16, #gpu.address_space<workgroup>>, memref<3x16x64xbf16, #gpu.address_space<workgroup>>, vector<4xf32>, vector<4xf32>
  %q:2 = ck.warpgroup_mma #ck.wgmma<bf16> %la, %lb slot %s row %row k 64 a_transposed b_transposed pending 1 acc(%r#0, %r#1)
      : memref<3x64x128xbf16, #gpu.address_space<workgroup>>, memref<3x16x64xbf16, #gpu.address_space<workgroup>>, vector<4xf32>, vector<4xf32>
  // Two groups of 64 rows, N = 8.
  %g:2 = ck.warpgroup_mma #ck.wgmma<bf16> %la, %lb8 slot %s row %row k 64 a_transposed b_transposed row_groups 2 acc(%c, %c)
      : memref<3x64x128xbf16, #gpu.address_space<workgroup>>, memref<3x8x64xbf16, #gpu.address_space<workgroup>>, vector<4xf32>, vector<4xf32>
  %w:2 = ck.warpgroup_wait %q#0, %q#1 : vector<4xf32>, vector<4xf32>
  return
}

// -----
// A tile MMA left in flight (#ck.wgmma) and the wait for its products.

// CHECK-LABEL: func.func @in_flight
// CHECK: %[[R:.*]] = ck.tile_mma %{{.*}}, %{{.*}}, %{{.*}} slot %{{.*}} k 64 a_transposed in_flight : !ck.acc<64x16xf32, #ck.wgmma<f16>, waves = [4, 1]>
// CHECK: ck.acc_wait %[[R]] : !ck.acc<64x16xf32, #ck.wgmma<f16>, waves = [4, 1]>
func.func @in_flight(%acc: !ck.acc<64x16xf32, #ck.wgmma<f16>, waves = [4, 1]>,
                     %la: memref<3x64x64xf16, #gpu.address_space<workgroup>>,
                     %lb: memref<3x64x16xf16, #gpu.address_space<workgroup>>, %s: index) {
  %r = ck.tile_mma %acc, %la, %lb slot %s k 64 a_transposed in_flight
      : !ck.acc<64x16xf32, #ck.wgmma<f16>, waves = [4, 1]>, memref<3x64x64xf16, #gpu.address_space<workgroup>>, memref<3x64x16xf16, #gpu.address_space<workgroup>>
  %d = ck.acc_wait %r : !ck.acc<64x16xf32, #ck.wgmma<f16>, waves = [4, 1]>
  return
}

// -----
// B's buffer picked apart from A's slot (a resident B: one buffer per
// K-tile beside A's ring), in ck.tile_mma and ck.warpgroup_mma (which also
// names its instructions' N here).

// CHECK-LABEL: func.func @b_slot
// CHECK-SAME: %[[S:[^:]*]]: index, %[[K:[^:]*]]: index
// CHECK: ck.tile_mma %{{.*}}, %{{.*}}, %{{.*}} slot %[[S]] b_slot %[[K]] k 64 : !ck.acc<64x64xf32, #ck.wgmma<f16>, waves = [4, 1]>, memref<3x64x64xf16, #gpu.address_space<workgroup>>, memref<9x64x64xf16, #gpu.address_space<workgroup>>
// CHECK: ck.warpgroup_mma #ck.wgmma<f16> %{{.*}}, %{{.*}} slot %[[S]] b_slot %[[K]] row %{{.*}} k 64 instruction_n 64 acc(
func.func @b_slot(%acc: !ck.acc<64x64xf32, #ck.wgmma<f16>, waves = [4, 1]>,
                  %la: memref<3x64x64xf16, #gpu.address_space<workgroup>>,
                  %lb: memref<9x64x64xf16, #gpu.address_space<workgroup>>, %s: index, %k: index,
                  %r: index, %c: vector<4xf32>) {
  %m = ck.tile_mma %acc, %la, %lb slot %s b_slot %k k 64
      : !ck.acc<64x64xf32, #ck.wgmma<f16>, waves = [4, 1]>, memref<3x64x64xf16, #gpu.address_space<workgroup>>, memref<9x64x64xf16, #gpu.address_space<workgroup>>
  %w:8 = ck.warpgroup_mma #ck.wgmma<f16> %la, %lb slot %s b_slot %k row %r k 64 instruction_n 64 acc(%c, %c, %c, %c, %c, %c, %c, %c)
      : memref<3x64x64xf16, #gpu.address_space<workgroup>>, memref<9x64x64xf16, #gpu.address_space<workgroup>>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>
  return
}
