// RUN: ck-opt %s -ck-set-target=chip=sm_90a -ck-conv-to-gemm=windows=output "-ck-select-gemm-config=waves=4,8 partition=split_k" -convert-ck-to-gpu -ck-lower-partition -ck-pipeline | FileCheck %s --check-prefix=ROW
// RUN: ck-opt %s -ck-set-target=chip=sm_90a -ck-conv-to-gemm -ck-select-gemm-config -convert-ck-to-gpu -ck-lower-partition -ck-pipeline | FileCheck %s --check-prefix=ROWS

// Two RUNs over both functions: ROW checks the first's kernel (gemm_0,
// with 4 load and 8 math waves), ROWS the second's (gemm_1, the
// heuristic's config).
//
// ck-pipeline carries a copy's !ck.coord states across the K loop while
// they fit the registers left to them, counting per load the values the K
// step moves (the view's K coordinate and the digits of the merge along
// K: 4 here) and the fixed ones (the other view coordinates and the
// merge over M's digits: 5) once per row the thread's loads take.
//
// The first: backward-weight over the output gradient's windows with 4 load and
// 8 math waves (A: 128 x 64 tiles of dy, 16 loads of 4 channels per load
// thread, all in one row of the tile): 16 * 4 + 5 = 69 values, within the
// load waves' 138 registers, so the states are made once before the loop
// and advanced in it (counted per load, 144 would not fit and the loop
// would evaluate the view, dividing by W and H, at every step).

// ROW-LABEL: gpu.func @gemm_0(
// ROW: ck.roles
// ROW: ck.coord_init {{.*}} : !ck.view<1x324x40000xbf16>, index, index, index -> !ck.coord<9xi32>
// ROW: scf.for {{.*}} -> (!ck.coord<9xi32>
// ROW-NOT: ck.coord_init
// ROW: ck.coord_advance {{.*}} by [0, 0, 64] : !ck.view<1x324x40000xbf16>
// ROW: scf.yield

// The second: backward-data of the same shape, where A's 8 loads per thread
// (dy's windows, 128 x 64 tiles) lie in 8 rows: 8 * 4 + 8 * 5 = 72 values,
// more than the 255 registers leave beside the config's estimate and
// half the addressing reserve, so the loop makes A's states from its view
// coordinates at every step; B's (the filter, 6 values a load) advance.

// ROWS-LABEL: gpu.func @gemm_1(
// ROWS: scf.for {{.*}} iter_args(
// ROWS: ck.coord_init {{.*}} : !ck.view<1x160000x324xbf16>, i32, i32, i32 -> !ck.coord<9xi32>
// ROWS: ck.tile_copy_async
// ROWS: ck.coord_advance {{.*}} by [0, 64, 0] : !ck.view<1x324x256xbf16>
// ROWS: scf.yield
func.func @outwin(%x: memref<4x100x100x1x64xbf16>, %dw: memref<1x36x3x3x64xbf16>,
                  %dy: memref<4x100x100x1x36xbf16>) {
  ck.conv_bwd_weight input(%x : memref<4x100x100x1x64xbf16>)
      filter(%dw : memref<1x36x3x3x64xbf16>)
      output(%dy : memref<4x100x100x1x36xbf16>)
      layouts(NHWGC, GKYXC, NHWGK) strides [1, 1] dilations [1, 1]
      pad_left [1, 1] pad_right [1, 1]
  return
}

func.func @bwd_data(%dx: memref<16x100x100x1x256xbf16>, %w: memref<1x36x3x3x256xbf16>,
                    %dy: memref<16x100x100x1x36xbf16>) {
  ck.conv_bwd_data input(%dx : memref<16x100x100x1x256xbf16>)
      filter(%w : memref<1x36x3x3x256xbf16>)
      output(%dy : memref<16x100x100x1x36xbf16>)
      layouts(NHWGC, GKYXC, NHWGK) strides [1, 1] dilations [1, 1]
      pad_left [1, 1] pad_right [1, 1]
  return
}
