// RUN: ck-opt %s -split-input-file -ck-set-target=chip=gfx942 -convert-ck-to-gpu | FileCheck %s

// convert-ck-to-gpu builds one gpu.func per ck.gemm (plus a `_reduce` kernel
// with split-K) and per ck.fill in the `ck_kernels` gpu.module, and launches
// it in place of the op. Every shape, count and launch size below is derived
// by hand from lib/Conversion/CKToGPU/*.cpp:
//  * GEMM kernel (GemmKernel.cpp): threads = (bM / wM) * (bN / wN) * wave size
//    (64 on gfx942); grid = (ceil(M / bM) * ceil(N / bN), G, split_k). Its
//    launch carries #ck.launch: the compute type (the inputs' on MFMA) and
//    k_batch = split_k (printed when not 1); other launches carry none. LDS
//    is a static workgroup buffer on gfx942 (no dynamic_lds feature).
//  * Each operand tile is loaded along the dimension its view makes
//    contiguous (planTileCopy): vector width = contiguousVectorWidth of the
//    GEMM row (dim 1) and column (dim 2), at most 16 bytes (8 x f16); the
//    wider one wins, on a tie the one the fragments read along. The LDS tile
//    keeps the fragments' dimension (K for mfma) innermost: A [bM][bK + 8],
//    B [bN][bK + 8]; a copy whose loads run the other way transposes.
//  * One i8 workgroup buffer (aligned to 16) holds A's tile, then B's
//    (memref.view), and after the K loop the epilogue's f32 staging tile.
//  * The accumulator is a !ck.acc<bM x bN, mma, waves = [bM / wM, bN / wN]>.
//    The K loop (scf.for from the split's K begin to its end, step bK)
//    issues one ck.tile_mma of k = bK on the LDS tiles (transposed where
//    the tile keeps its first dimension innermost) and two ck.lds_barrier
//    (one LDS buffer); one follows the prologue's copy.
//    ck-lower-wave-tiles.mlir tests how the tile ops become fragments,
//    ck.mma and the epilogue.
//  * Epilogue: one ck.tile_store. Where C is contiguous along N it is
//    staged: each slice of MMA tile rows goes to the staging tile
//    [wavesM * t * m][bN + 4] f32 (GemmEpilogue.cpp's plan), then vectors
//    along N (16 bytes of C's type) to C.
//  * Fill and split-K reduction kernels: 256 threads, one per element,
//    grid = ceil(elements / 256).

// -----
// A GEMM on views with a pinned config: G = 1, M = N = K = 64, f16.
// a = am[m][k] (unmerge [g, m] -> row, k -> column): along the GEMM row (m)
//   the view steps through memref rows, width 1; along K it is the memref's
//   innermost dimension: width min(8, 64) = 8. Copy along K, LDS A =
//   [bM][bK + 8] = [64][40].
// b = bm[n][k] (n -> row, unmerge [g, k] -> column): along the GEMM row (k)
//   the memref's innermost dimension, width 8; along n width 1. Rows
//   fastest, LDS B = [bN][bK + 8] = [32][40].
// Config block [64, 32, 32], wave [32, 16], #ck.mfma<16x16x16, f16>:
//   threads = (64 / 32) * (32 / 16) * 64 = 256;
//   grid = (ceil(64 / 64) * ceil(64 / 32), 1, 1) = (2, 1, 1).
//   Accumulator: !ck.acc<64x32xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>.
//   Both LDS tiles keep k innermost: A [m][k] as is, B [n][k] transposed.
//   A copy: 64 * 32 / 8 = 256 vectors, one per thread (no guard); B copy:
//   32 * 32 / 8 = 128 vectors, the store guarded by scf.if. Neither
//   transposes. LDS: A at byte 0 (64 * 40 * 2 = 5120 bytes), B at 5120
//   (32 * 40 * 2 = 2560): 7680 bytes.
//   Epilogue: C is the 1x64x64 memref (N innermost): vectors of 8 f16. The
//   staging tile for t MMA tile rows per wave is 2 * t * 16 rows of 32 + 4
//   f32: t = 2 needs 9216 bytes > 7680, so t = 1, [32][36] f32 (4608
//   bytes).

// CHECK: module attributes {ck.target = #ck.target<"gfx942", {{.*}}>, gpu.container_module}
// CHECK-LABEL: func.func @gemm_views
// CHECK-SAME: (%[[AM:[^:]*]]: memref<64x64xf16>, %[[BM:[^:]*]]: memref<64x64xf16>, %[[C:[^:]*]]: memref<1x64x64xf16>)
// CHECK-NOT: ck.transform
// CHECK-NOT: ck.gemm
// CHECK: gpu.launch_func @ck_kernels::@gemm_0 blocks in (%c2{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}) threads in (%c256{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}) args(%[[AM]] : memref<64x64xf16>, %[[BM]] : memref<64x64xf16>, %[[C]] : memref<1x64x64xf16>) {ck.launch = #ck.launch<compute = f16>}
// CHECK-NEXT: return
// CHECK: gpu.module @ck_kernels
// CHECK: gpu.func @gemm_0(%[[KA:[^:]*]]: memref<64x64xf16>, %[[KB:[^:]*]]: memref<64x64xf16>, %[[KC:[^:]*]]: memref<1x64x64xf16>)
// CHECK-SAME: workgroup(%[[LDS:[^ ]*]] : memref<7680xi8, #gpu.address_space<workgroup>> {llvm.align = 16 : i64})
// CHECK-SAME: kernel attributes {known_block_size = array<i32: 256, 1, 1>}
// CHECK: %[[LDSA:.*]] = memref.view %[[LDS]][%c0{{(_[0-9]+)?}}][] : memref<7680xi8, #gpu.address_space<workgroup>> to memref<64x40xf16, #gpu.address_space<workgroup>>
// CHECK: %[[LDSB:.*]] = memref.view %[[LDS]][%c5120][] : memref<7680xi8, #gpu.address_space<workgroup>> to memref<32x40xf16, #gpu.address_space<workgroup>>
// Prologue: the first K tile into LDS. Each load's position is a
// !ck.coord on its view (3 integers: no merge), checked against the rows
// and columns.
// CHECK: %[[CA:.*]] = ck.coord_init %[[VA:.*]][%{{.*}}, %{{.*}}, %{{.*}}] : !ck.view<1x64x64xf16>, index, index, index -> !ck.coord<3xi32>
// CHECK: ck.coord_access %[[VA]], %[[CA]] bounds [1, 2] if %{{.*}} : !ck.view<1x64x64xf16>, !ck.coord<3xi32> -> index, index
// CHECK: vector.load %[[KA]][{{.*}}] {alignment = 16 : i64} : memref<64x64xf16>, vector<8xf16>
// CHECK: vector.load %[[KB]][{{.*}}] {alignment = 16 : i64} : memref<64x64xf16>, vector<8xf16>
// CHECK: vector.store %{{.*}}, %[[LDSA]][{{.*}}] {alignment = 16 : i64} : memref<64x40xf16, #gpu.address_space<workgroup>>, vector<8xf16>
// CHECK: scf.if
// CHECK-NEXT: vector.store %{{.*}}, %[[LDSB]][{{.*}}] {alignment = 16 : i64} : memref<32x40xf16, #gpu.address_space<workgroup>>, vector<8xf16>
// CHECK: ck.lds_barrier
// CHECK-NOT: ck.tile_mma
// CHECK: %[[ZERO:.*]] = ck.acc_zero : !ck.acc<64x32xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
// The loop carries the accumulator and the cursors of the next tile's loads.
// CHECK: %[[NEXTA:.*]] = ck.coord_advance %[[VA]], %[[CA]] by [0, 0, 32] : !ck.view<1x64x64xf16>, !ck.coord<3xi32>
// CHECK: %[[LOOP:.*]]:3 = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %c32{{(_[0-9]+)?}} iter_args(%[[ACC:.*]] = %[[ZERO]], %[[ITA:.*]] = %[[NEXTA]], %{{.*}} = %{{.*}}) -> (!ck.acc<64x32xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>, !ck.coord<3xi32>, !ck.coord<3xi32>) {
// The next tile's global loads are issued first (prefetch).
// CHECK: vector.load %[[KA]][{{.*}}] {alignment = 16 : i64} : memref<64x64xf16>, vector<8xf16>
// CHECK: vector.load %[[KB]][{{.*}}] {alignment = 16 : i64} : memref<64x64xf16>, vector<8xf16>
// CHECK: %[[NEXT:.*]] = ck.tile_mma %[[ACC]], %[[LDSA]], %[[LDSB]] k 32 b_transposed : !ck.acc<64x32xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>, memref<64x40xf16, #gpu.address_space<workgroup>>, memref<32x40xf16, #gpu.address_space<workgroup>>
// CHECK-NOT: ck.tile_mma
// CHECK: ck.lds_barrier
// CHECK: vector.store %{{.*}}, %[[LDSA]]
// CHECK: vector.store %{{.*}}, %[[LDSB]]
// CHECK: ck.lds_barrier
// CHECK: %[[STEPA:.*]] = ck.coord_advance %[[VA]], %[[ITA]] by [0, 0, 32]
// CHECK: scf.yield %[[NEXT]], %[[STEPA]], %{{.*}} : !ck.acc<64x32xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>, !ck.coord<3xi32>, !ck.coord<3xi32>
// Epilogue: staged through [32][36] f32 at the arena's start, 8 f16 per
// store.
// CHECK: %[[STAGE:.*]] = memref.view %[[LDS]][%c0{{(_[0-9]+)?}}][] : memref<7680xi8, #gpu.address_space<workgroup>> to memref<32x36xf32, #gpu.address_space<workgroup>>
// CHECK: ck.tile_store %[[LOOP]]#0 -> %[[KC]][%{{.*}}, %{{.*}}, %{{.*}}] staged %[[STAGE]] width 8 : !ck.acc<64x32xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>, memref<1x64x64xf16>, memref<32x36xf32, #gpu.address_space<workgroup>>
// CHECK-NOT: store
// CHECK: gpu.return
func.func @gemm_views(%am: memref<64x64xf16>, %bm: memref<64x64xf16>, %c: memref<1x64x64xf16>) {
  %a = ck.transform %am : memref<64x64xf16> to !ck.view<1x64x64xf16>
      by #ck.transform_map<[1, 64, 64] -> [64, 64], [
          #ck.transform<unmerge [0, 1] -> [0]>,
          #ck.transform<pass_through [2] -> [1]>]>
  %b = ck.transform %bm : memref<64x64xf16> to !ck.view<1x64x64xf16>
      by #ck.transform_map<[1, 64, 64] -> [64, 64], [
          #ck.transform<pass_through [2] -> [0]>,
          #ck.transform<unmerge [0, 1] -> [1]>]>
  ck.gemm %a, %b -> %c config <block = [64, 32, 32], wave = [32, 16], mma = #ck.mfma<16x16x16, f16>>
      : !ck.view<1x64x64xf16>, !ck.view<1x64x64xf16> -> memref<1x64x64xf16>
  return
}

// -----
// Split-K on memrefs: G = 2, M = 48, N = 40, K = 64, f16; block [32, 64, 32],
// wave [16, 32], split_k = 2.
// threads = (32 / 16) * (64 / 32) * 64 = 256;
// grid = (ceil(48 / 32) * ceil(40 / 64), 2, 2) = (2, 2, 2).
// Workspace: split_k x G x M x N f32 = memref<2x2x48x40xf32>, allocated
// before the launches and freed after them.
// K-tiles = 64 / 32 = 2, per split ceil(2 / 2) * 32 = 32 elements of K: the
// split's range is [z * 32, min(z * 32 + 32, 64)).
// A (a plain memref, K innermost): width 8 along K, LDS [32][32 + 8] = [32][40]
// (2560 bytes). B (N innermost, 40 = 5 * 8): loads of 8 along N, transposed
// into K-innermost LDS [bN][bK + 8] = [64][40] (5120 bytes), one element per
// store (32 * 64 / 256 / 8 = 1).
// Epilogue: the workspace is contiguous along N, 40 = 10 * 4: vectors of 4
// f32. The staging tile for one MMA tile row per wave, [2 * 16][64 + 4] f32
// = 8704 bytes, is larger than the operands (7680), so LDS is 8704 bytes.
// The tile store writes at [split, g, m0, n0].
// Reduction: G * M * N = 2 * 48 * 40 = 3840 elements, grid ceil(3840 / 256)
// = 15, summing 2 partials each and storing f16 into C.

// CHECK-LABEL: func.func @split_k
// CHECK-SAME: (%[[A:[^:]*]]: memref<2x48x64xf16>, %[[B:[^:]*]]: memref<2x64x40xf16>, %[[C:[^:]*]]: memref<2x48x40xf16>)
// CHECK: %[[WS:.*]] = memref.alloc() : memref<2x2x48x40xf32>
// CHECK: gpu.launch_func @ck_kernels::@gemm_0 blocks in (%c2{{(_[0-9]+)?}}, %c2{{(_[0-9]+)?}}, %c2{{(_[0-9]+)?}}) threads in (%c256{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}) args(%[[A]] : memref<2x48x64xf16>, %[[B]] : memref<2x64x40xf16>, %[[WS]] : memref<2x2x48x40xf32>) {ck.launch = #ck.launch<compute = f16, k_batch = 2>}
// CHECK: gpu.launch_func @ck_kernels::@gemm_0_reduce blocks in (%c15{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}) threads in (%c256{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}) args(%[[WS]] : memref<2x2x48x40xf32>, %[[C]] : memref<2x48x40xf16>){{$}}
// CHECK-NEXT: memref.dealloc %[[WS]] : memref<2x2x48x40xf32>
// CHECK-NEXT: return
// CHECK: gpu.func @gemm_0(%{{[^:]*}}: memref<2x48x64xf16>, %{{[^:]*}}: memref<2x64x40xf16>, %[[KWS:[^:]*]]: memref<2x2x48x40xf32>)
// CHECK-SAME: workgroup(%[[SLDS:[^ ]*]] : memref<8704xi8, #gpu.address_space<workgroup>> {llvm.align = 16 : i64})
// CHECK-SAME: kernel attributes {known_block_size = array<i32: 256, 1, 1>}
// CHECK: %[[SPLIT:.*]] = gpu.block_id z
// CHECK: %[[KBEGIN:.*]] = arith.muli %[[SPLIT]], %[[C32:.*]] : index
// CHECK: %[[KNEXT:.*]] = arith.addi %[[KBEGIN]], %{{.*}} : index
// CHECK: %[[KEND:.*]] = arith.minsi %[[KNEXT]], %c64{{(_[0-9]+)?}} : index
// CHECK: %[[SLOOP:.*]]:{{[0-9]+}} = scf.for %{{.*}} = %[[KBEGIN]] to %[[KEND]] step %c32
// CHECK: ck.tile_mma %{{.*}} k 32 b_transposed : !ck.acc<32x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
// CHECK: scf.yield
// CHECK: %[[SSTAGE:.*]] = memref.view %[[SLDS]][%c0{{(_[0-9]+)?}}][] : memref<8704xi8, #gpu.address_space<workgroup>> to memref<32x68xf32, #gpu.address_space<workgroup>>
// CHECK: ck.tile_store %[[SLOOP]]#0 -> %[[KWS]][%[[SPLIT]], %{{.*}}, %{{.*}}, %{{.*}}] staged %[[SSTAGE]] width 4 : !ck.acc<32x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>, memref<2x2x48x40xf32>, memref<32x68xf32, #gpu.address_space<workgroup>>
// CHECK-NOT: store
// CHECK: gpu.return
// CHECK: gpu.func @gemm_0_reduce(%[[RWS:[^:]*]]: memref<2x2x48x40xf32>, %[[RC:[^:]*]]: memref<2x48x40xf16>) kernel attributes {known_block_size = array<i32: 256, 1, 1>}
// CHECK: arith.cmpi ult, %{{.*}}, %c3840 : index
// CHECK: scf.for %[[S:.*]] = %c0{{(_[0-9]+)?}} to %c2{{(_[0-9]+)?}} step %c1{{(_[0-9]+)?}} iter_args(%{{.*}}) -> (f32)
// CHECK: memref.load %[[RWS]][%[[S]], %{{.*}}, %{{.*}}, %{{.*}}] : memref<2x2x48x40xf32>
// CHECK: arith.truncf %{{.*}} : f32 to f16
// CHECK: memref.store %{{.*}}, %[[RC]][%{{.*}}, %{{.*}}, %{{.*}}] : memref<2x48x40xf16>
func.func @split_k(%a: memref<2x48x64xf16>, %b: memref<2x64x40xf16>, %c: memref<2x48x40xf16>) {
  ck.gemm %a, %b -> %c config <block = [32, 64, 32], wave = [16, 32], mma = #ck.mfma<16x16x16, f16>, split_k = 2>
      : memref<2x48x64xf16>, memref<2x64x40xf16> -> memref<2x48x40xf16>
  return
}

// -----
// ck.fill with a D tensor and beta: 2 * 3 * 50 = 300 elements, grid
// ceil(300 / 256) = 2. Each thread writes 0 * 0 + beta * d = 2 * d.
// The kernel is named after the op's position among the module's ck.gemm
// and ck.fill ops: the GEMM of the second function is number 1.

// CHECK-LABEL: func.func @fill
// CHECK-SAME: (%[[X:[^:]*]]: memref<2x3x50xf16>, %[[D:[^:]*]]: memref<2x3x50xf16>)
// CHECK: gpu.launch_func @ck_kernels::@fill_0 blocks in (%c2{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}) threads in (%c256{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}) args(%[[X]] : memref<2x3x50xf16>, %[[D]] : memref<2x3x50xf16>)
// CHECK-LABEL: func.func @fill_then_gemm
// CHECK: gpu.launch_func @ck_kernels::@gemm_1
// CHECK: gpu.func @fill_0(%[[KX:[^:]*]]: memref<2x3x50xf16>, %[[KD:[^:]*]]: memref<2x3x50xf16>) kernel attributes {known_block_size = array<i32: 256, 1, 1>}
// CHECK: %[[LIN:.*]] = arith.addi %{{.*}}, %{{.*}} : index
// CHECK: %[[IN:.*]] = arith.cmpi ult, %[[LIN]], %c300 : index
// CHECK: scf.if %[[IN]]
// CHECK: %[[DV:.*]] = memref.load %[[KD]]
// CHECK: %[[DW:.*]] = arith.extf %[[DV]] : f16 to f32
// CHECK: %[[BD:.*]] = arith.mulf %[[DW]], %{{.*}} : f32
// CHECK: %[[SUM:.*]] = arith.addf %{{.*}}, %[[BD]] : f32
// CHECK: %[[T:.*]] = arith.truncf %[[SUM]] : f32 to f16
// CHECK: memref.store %[[T]], %[[KX]]
// CHECK: gpu.func @gemm_1
func.func @fill(%x: memref<2x3x50xf16>, %d: memref<2x3x50xf16>) {
  ck.fill %x adds(%d : memref<2x3x50xf16>) beta 2.0 : memref<2x3x50xf16>
  return
}
func.func @fill_then_gemm(%a: memref<1x32x16xf32>, %b: memref<1x16x32xf32>, %c: memref<1x32x32xf32>) {
  ck.gemm %a, %b -> %c config <block = [32, 32, 16], wave = [16, 16], mma = #ck.fma>
      : memref<1x32x16xf32>, memref<1x16x32xf32> -> memref<1x32x32xf32>
  return
}

// -----
// ck.fill on a padded view: 4 x 8 = 32 elements (grid 1); columns 0 and 7 are
// padding and are never written: the store is guarded by 1 <= col < 7 and
// goes to column col - 1 of the 4x6 memref.

// CHECK-LABEL: func.func @fill_padded_view
// CHECK-SAME: (%[[M:[^:]*]]: memref<4x6xf16>)
// CHECK-NOT: ck.transform
// CHECK: gpu.launch_func @ck_kernels::@fill_0 blocks in (%c1{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}) threads in (%c256{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}) args(%[[M]] : memref<4x6xf16>)
// CHECK: gpu.func @fill_0(%[[KM:[^:]*]]: memref<4x6xf16>)
// CHECK: %[[IN:.*]] = arith.cmpi ult, %{{.*}}, %c32 : index
// CHECK: %[[COL:.*]] = arith.remui %{{.*}}, %c8 : index
// CHECK: %[[ROW:.*]] = arith.divui %{{.*}}, %c8{{(_[0-9]+)?}} : index
// The view's math runs in i32 (every coordinate fits). The pad's lower
// coordinate col - 1 is checked with one unsigned compare (negative is
// large); invalid accesses are clamped to index 0.
// CHECK: %[[ROW32:.*]] = arith.index_cast %[[ROW]] : index to i32
// CHECK: %[[COL32:.*]] = arith.index_cast %[[COL]] : index to i32
// CHECK: %[[SHIFT:.*]] = arith.addi %[[COL32]], %c-1_i32 : i32
// CHECK: %[[INSIDE:.*]] = arith.cmpi ult, %[[SHIFT]], %c6_i32 : i32
// CHECK: %[[VALID:.*]] = arith.andi %[[IN]], %[[INSIDE]] : i1
// CHECK: %[[R32:.*]] = arith.select %[[VALID]], %[[ROW32]], %{{.*}} : i32
// CHECK: %[[R:.*]] = arith.index_cast %[[R32]] : i32 to index
// CHECK: %[[LC32:.*]] = arith.select %[[VALID]], %[[SHIFT]], %{{.*}} : i32
// CHECK: %[[LC:.*]] = arith.index_cast %[[LC32]] : i32 to index
// CHECK: scf.if %[[VALID]]
// CHECK: memref.store %{{.*}}, %[[KM]][%[[R]], %[[LC]]] : memref<4x6xf16>
func.func @fill_padded_view(%m: memref<4x6xf16>) {
  %v = ck.transform %m : memref<4x6xf16> to !ck.view<4x8xf16>
      by #ck.transform_map<[4, 8] -> [4, 6], [
          #ck.transform<pass_through [0] -> [0]>,
          #ck.transform<pad [1] -> [1] (1, 1)>]>
  ck.fill %v : !ck.view<4x8xf16>
  return
}

// -----
// A view whose coordinates may pass 2^30 keeps its index math in index:
// i32 is used only where every coordinate of every level fits.

// CHECK-LABEL: func.func @fill_large
// CHECK: gpu.func @fill_0(%{{.*}}: memref<2x1073741824xf16>)
// CHECK-NOT: arith.index_cast
// CHECK: memref.store
func.func @fill_large(%m: memref<2x1073741824xf16>) {
  ck.fill %m : memref<2x1073741824xf16>
  return
}
