// RUN: ck-opt %s -split-input-file -ck-set-target=chip=gfx942 -convert-ck-to-gpu | FileCheck %s

// convert-ck-to-gpu builds one gpu.func per ck.gemm and per ck.fill in the `ck_kernels` gpu.module, and launches
// it in place of the op. Every shape, count and launch size below is derived
// by hand from lib/Conversion/CKToGPU/*.cpp:
//  * GEMM kernel (GemmKernel.cpp): threads = (bM / wM) * (bN / wN) * wave size
//    (64 on gfx942); grid = (ceil(M / bM) * ceil(N / bN), G, split_k). Its
//    launch carries #ck.launch: the compute type (the inputs' on MFMA) and
//    k_batch = split_k (printed when not 1); other launches carry none. LDS
//    is static on gfx942 (no dynamic_lds feature): no launch size.
//  * The kernel is one ck.partition (lowered by ck-lower-partition, tested
//    in test/Conversion/Partition/ck-lower-partition.mlir) over tiles
//    [G, ceil(M / bM), ceil(N / bN)] and ceil(K / bK) K-tiles:
//    #ck.partition<data_parallel>, or <split_k, k_batch = split_k> with a
//    workspace of split_k * tiles slots of bM * bN f32 that the host
//    allocates. Its unit is one ck.tile_gemm (ck-pipeline's, tested in
//    test/Conversion/Pipeline/ck-pipeline.mlir) into a
//    !ck.acc<bM x bN, mma, waves = [bM / wM, bN / wN]>; its epilogue one
//    ck.tile_store. Where C is contiguous along N the store is staged
//    through a ck.lds_buffer at offset 0 of the LDS arena (after the K
//    loop, the operand tiles' space), of C's type without D tensors and of
//    f32 with them: [wavesM * t * m][bN + 16 bytes] for as many MMA tile
//    rows t per wave as fit in the operand tiles' bytes (GemmEpilogue.cpp's
//    plan), then vectors along N (16 bytes of C's type).
//  * Fill kernels: 256 threads, one per vector along the innermost
//    dimension (16 bytes, or less where the views do not take that), grid =
//    ceil(vectors / 256).

// -----
// A GEMM on views with a pinned config: G = 1, M = N = K = 64, f16.
// a = am[m][k] (unmerge [g, m] -> row, k -> column); b = bm[n][k]
// (n -> row, unmerge [g, k] -> column). The kernel rebuilds both views on
// its arguments.
// Config block [64, 32, 32], wave [32, 16], #ck.mfma<16x16x16, f16>:
//   threads = (64 / 32) * (32 / 16) * 64 = 256;
//   tiles [1, 1, 2], 2 K-tiles; data-parallel: grid = (1 * 2, 1, 1).
//   Accumulator: !ck.acc<64x32xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>.
//   Operand tiles (TileCopyPlan): A [64][32 + 8] f16 = 5120 bytes, B
//   [32][32 + 8] = 2560 at 5120: 7680 bytes.
//   Epilogue: C is the 1x64x64 memref (N innermost): vectors of 8 f16. No D
//   tensors: the staging tile for t MMA tile rows per wave is 2 * t * 16
//   rows of 32 + 8 f16: t = 2 (the wave's 2 tile rows) needs 5120 bytes <=
//   7680, so [64][40] f16, one slice.

// CHECK: module attributes {ck.target = #ck.target<"gfx942", {{.*}}>, gpu.container_module}
// CHECK-LABEL: func.func @gemm_views
// CHECK-SAME: (%[[AM:[^:]*]]: memref<64x64xf16>, %[[BM:[^:]*]]: memref<64x64xf16>, %[[C:[^:]*]]: memref<1x64x64xf16>)
// CHECK-NOT: ck.transform
// CHECK-NOT: ck.gemm
// CHECK: gpu.launch_func @ck_kernels::@gemm_0 blocks in (%c2{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}) threads in (%c256{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}) args(%[[AM]] : memref<64x64xf16>, %[[BM]] : memref<64x64xf16>, %[[C]] : memref<1x64x64xf16>) {ck.launch = #ck.launch<compute = f16>}
// CHECK-NEXT: return
// CHECK: gpu.module @ck_kernels
// CHECK: gpu.func @gemm_0(%[[KA:[^:]*]]: memref<64x64xf16>, %[[KB:[^:]*]]: memref<64x64xf16>, %[[KC:[^:]*]]: memref<1x64x64xf16>) kernel attributes {known_block_size = array<i32: 256, 1, 1>}
// CHECK: ck.partition <data_parallel> tiles [1, 1, 2] k_tiles 2 unit {
// CHECK-NEXT: ^bb0(%[[G:[^:]*]]: index, %[[M0:[^:]*]]: index, %[[N0:[^:]*]]: index, %[[K0:[^:]*]]: index, %[[K1:[^:]*]]: index):
// CHECK: %[[VA:.*]] = ck.transform %[[KA]] : memref<64x64xf16> to !ck.view<1x64x64xf16>
// CHECK: %[[VB:.*]] = ck.transform %[[KB]] : memref<64x64xf16> to !ck.view<1x64x64xf16>
// CHECK: %[[ACC:.*]] = ck.tile_gemm %[[VA]], %[[VB]] at [%[[G]], %[[M0]], %[[N0]]] k_tiles %[[K0]] to %[[K1]] config <block = [64, 32, 32], wave = [32, 16], mma = #ck.mfma<16x16x16, f16>> : !ck.view<1x64x64xf16>, !ck.view<1x64x64xf16> -> !ck.acc<64x32xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
// CHECK-NEXT: ck.yield %[[ACC]] : !ck.acc<64x32xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
// CHECK-NEXT: } epilogue {
// CHECK-NEXT: ^bb0(%[[EG:[^:]*]]: index, %[[EM0:[^:]*]]: index, %[[EN0:[^:]*]]: index, %[[SUM:[^:]*]]: !ck.acc<64x32xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>):
// CHECK: %[[STAGE:.*]] = ck.lds_buffer offset 0 : memref<64x40xf16, #gpu.address_space<workgroup>>
// CHECK: ck.tile_store %[[SUM]] -> %[[KC]][%[[EG]], %[[EM0]], %[[EN0]]] staged %[[STAGE]] width 8 : !ck.acc<64x32xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>, memref<1x64x64xf16>, memref<64x40xf16, #gpu.address_space<workgroup>>
// CHECK-NEXT: ck.yield
// CHECK-NEXT: }
// CHECK-NEXT: gpu.return
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
// wave [16, 32], partition = #ck.partition<split_k, k_batch = 2>.
// threads = (32 / 16) * (64 / 32) * 64 = 256;
// grid = (ceil(48 / 32) * ceil(40 / 64), 2, 2) = (2, 2, 2).
// Workspace: split_k x G x M x N f32 = memref<2x2x48x40xf32>, allocated
// before the launches and freed after them.
// K-tiles = 64 / 32 = 2, one per split. tiles [2, 2, 1] (G = 2, ceil(48 /
// 32) = 2, ceil(40 / 64) = 1): 4 tiles, so the workspace holds 2 * 4 slots
// of 32 * 64 floats: memref<16384xf32>, allocated before the launch and
// freed after it. ck-lower-partition adds the reduction kernel and its
// launch; here the kernel takes the workspace besides A, B and C.
// Operand tiles: A [32][40] (2560 bytes); B (N innermost) transposed into
// K-innermost [64][40] (5120 bytes): 7680 bytes. The epilogue writes C
// (2x48x40 f16, N innermost, 40 = 5 * 8: vectors of 8) through a staging
// tile of one MMA tile row per wave (the wave's only one), [2 * 16][64 + 8]
// f16 (4608 bytes).

// CHECK-LABEL: func.func @split_k
// CHECK-SAME: (%[[A:[^:]*]]: memref<2x48x64xf16>, %[[B:[^:]*]]: memref<2x64x40xf16>, %[[C:[^:]*]]: memref<2x48x40xf16>)
// CHECK: %[[WS:.*]] = memref.alloc() : memref<16384xf32>
// CHECK: gpu.launch_func @ck_kernels::@gemm_0 blocks in (%c2{{(_[0-9]+)?}}, %c2{{(_[0-9]+)?}}, %c2{{(_[0-9]+)?}}) threads in (%c256{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}) args(%[[A]] : memref<2x48x64xf16>, %[[B]] : memref<2x64x40xf16>, %[[C]] : memref<2x48x40xf16>, %[[WS]] : memref<16384xf32>) {ck.launch = #ck.launch<compute = f16, partition = <split_k, k_batch = 2>>}
// CHECK-NEXT: memref.dealloc %[[WS]] : memref<16384xf32>
// CHECK-NEXT: return
// CHECK: gpu.func @gemm_0(%[[KA:[^:]*]]: memref<2x48x64xf16>, %[[KB:[^:]*]]: memref<2x64x40xf16>, %[[KC:[^:]*]]: memref<2x48x40xf16>, %[[KWS:[^:]*]]: memref<16384xf32>) kernel attributes {known_block_size = array<i32: 256, 1, 1>}
// CHECK: ck.partition <split_k, k_batch = 2> tiles [2, 2, 1] k_tiles 2 workspace(%[[KWS]] : memref<16384xf32>) unit {
// CHECK: ck.tile_gemm %[[KA]], %[[KB]] at [%{{.*}}, %{{.*}}, %{{.*}}] k_tiles %{{.*}} to %{{.*}} config <block = [32, 64, 32], wave = [16, 32], mma = #ck.mfma<16x16x16, f16>, partition = #ck.partition<split_k, k_batch = 2>> : memref<2x48x64xf16>, memref<2x64x40xf16> -> !ck.acc<32x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
// CHECK: } epilogue {
// CHECK: %[[SSTAGE:.*]] = ck.lds_buffer offset 0 : memref<32x72xf16, #gpu.address_space<workgroup>>
// CHECK: ck.tile_store %{{.*}} -> %[[KC]][%{{.*}}, %{{.*}}, %{{.*}}] staged %[[SSTAGE]] width 8 : !ck.acc<32x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>, memref<2x48x40xf16>, memref<32x72xf16, #gpu.address_space<workgroup>>
// CHECK: gpu.return
// CHECK-NOT: gpu.func @gemm_0_reduce
func.func @split_k(%a: memref<2x48x64xf16>, %b: memref<2x64x40xf16>, %c: memref<2x48x40xf16>) {
  ck.gemm %a, %b -> %c config <block = [32, 64, 32], wave = [16, 32], mma = #ck.mfma<16x16x16, f16>, partition = #ck.partition<split_k, k_batch = 2>>
      : memref<2x48x64xf16>, memref<2x64x40xf16> -> memref<2x48x40xf16>
  return
}

// -----
// ck.fill with a D tensor and beta: rows of 50 f16 take vectors of 2 (50 is
// not a multiple of 4), so 2 * 3 * 25 = 150 threads, grid ceil(150 / 256) =
// 1. Each thread writes 0 * 0 + beta * d = 2 * d to two elements.
// The kernel is named after the op's position among the module's ck.gemm
// and ck.fill ops: the GEMM of the second function is number 1.

// CHECK-LABEL: func.func @fill
// CHECK-SAME: (%[[X:[^:]*]]: memref<2x3x50xf16>, %[[D:[^:]*]]: memref<2x3x50xf16>)
// CHECK: gpu.launch_func @ck_kernels::@fill_0 blocks in (%c1{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}) threads in (%c256{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}) args(%[[X]] : memref<2x3x50xf16>, %[[D]] : memref<2x3x50xf16>)
// CHECK-LABEL: func.func @fill_then_gemm
// CHECK: gpu.launch_func @ck_kernels::@gemm_1
// CHECK: gpu.func @fill_0(%[[KX:[^:]*]]: memref<2x3x50xf16>, %[[KD:[^:]*]]: memref<2x3x50xf16>) kernel attributes {known_block_size = array<i32: 256, 1, 1>}
// CHECK: %[[LIN:.*]] = arith.addi %{{.*}}, %{{.*}} : index
// CHECK: %[[IN:.*]] = arith.cmpi ult, %[[LIN]], %c150 : index
// CHECK: %[[REM:.*]] = arith.remui %[[LIN]], %c25 : index
// CHECK: %[[COL:.*]] = arith.muli %[[REM]], %c2 : index
// CHECK: scf.if %[[IN]]
// CHECK: %[[DV:.*]] = vector.load %[[KD]][%{{.*}}, %{{.*}}, %{{.*}}] {alignment = 4 : i64} : memref<2x3x50xf16>, vector<2xf16>
// CHECK: %[[DW:.*]] = arith.extf %[[DV]] : vector<2xf16> to vector<2xf32>
// CHECK: %[[BD:.*]] = arith.mulf %[[DW]], %{{.*}} : vector<2xf32>
// CHECK: %[[SUM:.*]] = arith.addf %{{.*}}, %[[BD]] : vector<2xf32>
// CHECK: %[[T:.*]] = arith.truncf %[[SUM]] : vector<2xf32> to vector<2xf16>
// CHECK: vector.store %[[T]], %[[KX]][%{{.*}}, %{{.*}}, %{{.*}}] {alignment = 4 : i64} : memref<2x3x50xf16>, vector<2xf16>
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
// goes to column col - 1 of the 4x6 memref. A run of two would start at an
// odd column of the memref, so each thread writes one element.

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
// A rank-0 ck.fill: one thread writes the one element.

// CHECK-LABEL: func.func @fill_scalar
// CHECK: gpu.launch_func @ck_kernels::@fill_0 blocks in (%c1{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}})
// CHECK: gpu.func @fill_0(%[[S:[^:]*]]: memref<f16>)
// CHECK: %[[IN:.*]] = arith.cmpi ult, %{{.*}}, %c1 : index
// CHECK: scf.if %[[IN]]
// CHECK: memref.store %{{.*}}, %[[S]][] : memref<f16>
func.func @fill_scalar(%s: memref<f16>) {
  ck.fill %s : memref<f16>
  return
}

// -----
// A view whose coordinates may pass 2^30 keeps its index math in index:
// i32 is used only where every coordinate of every level fits.

// CHECK-LABEL: func.func @fill_large
// CHECK: gpu.func @fill_0(%{{.*}}: memref<2x1073741824xf16>)
// CHECK-NOT: arith.index_cast
// CHECK: vector.store %{{.*}} {alignment = 16 : i64} : memref<2x1073741824xf16>, vector<8xf16>
func.func @fill_large(%m: memref<2x1073741824xf16>) {
  ck.fill %m : memref<2x1073741824xf16>
  return
}
