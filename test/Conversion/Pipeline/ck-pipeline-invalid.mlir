// RUN: ck-opt %s -split-input-file -ck-set-target=chip=sm_90a -ck-pipeline -verify-diagnostics

// What ck-pipeline refuses: TMA copies of an operand whose view is not a
// box walk of its memref (TensorMapPlan.h); here A's view takes every
// other column of its memref, which no box holds.

!acc = !ck.acc<64x256xf32, #ck.wgmma<f16>, waves = [4, 1]>
#cfg = #ck.gemm_config<block = [64, 256, 64], wave = [16, 256], mma = #ck.wgmma<f16>, lds_buffers = 4, load_waves = 4, async_copy>
!bars = memref<8xi64, #gpu.address_space<workgroup>>

func.func @not_a_box_walk(%m8: memref<1x256x8192xf16>, %b: memref<1x4096x256xf16>,
                          %m: !llvm.ptr, %bars: !bars, %i: index) -> !acc {
  %a = ck.transform %m8 : memref<1x256x8192xf16> to !ck.view<1x256x4096xf16>
      by #ck.transform_map<[1, 256, 4096] -> [1, 256, 8192],
         [<pass_through [0] -> [0]>, <pass_through [1] -> [1]>,
          <embed [2] -> [2] (0, 2)>]>
  // expected-error @+1 {{copies with TMA, but operand A is not a box walk of its memref (TensorMapPlan.h)}}
  %r = ck.tile_gemm %a, %b at [%i, %i, %i] k_tiles %i to %i config #cfg
      tma_a (%m : !llvm.ptr) tma_b (%m : !llvm.ptr) barriers %bars (!bars)
      : !ck.view<1x256x4096xf16>, memref<1x4096x256xf16> -> !acc
  return %r : !acc
}

// -----
// A ring across units is made once, at the start of its kernel: its K loop
// must be in a gpu.func.

!acc = !ck.acc<64x64xf32, #ck.wgmma<f16>, waves = [4, 1]>
#cfg = #ck.gemm_config<block = [64, 64, 64], wave = [16, 64], mma = #ck.wgmma<f16>, lds_buffers = 3, load_waves = 4, async_copy>
!bars = memref<6xi64, #gpu.address_space<workgroup>>

func.func @spanning_ring_outside_kernel(%a: memref<1x64x256xf16>, %b: memref<1x256x64xf16>,
                                        %bars: !bars, %i: index) -> !acc {
  // expected-error @+1 {{has ring steps across units, which needs it in a gpu.func and its ring barriers a ck.lds_buffer}}
  %r = ck.tile_gemm %a, %b at [%i, %i, %i] k_tiles %i to %i config #cfg
      barriers %bars (!bars) ring_steps %i of %i
      : memref<1x64x256xf16>, memref<1x256x64xf16> -> !acc
  return %r : !acc
}

// -----
// Pingpong turns need TMA copies of both operands: the one load thread
// copies each turn's rows of A.

!acc = !ck.acc<256x128xf32, #ck.wgmma<bf16>, waves = [8, 1]>
#cfg = #ck.gemm_config<block = [256, 128, 64], wave = [32, 128], mma = #ck.wgmma<bf16>, lds_buffers = 4, load_waves = 4, async_copy, pingpong>
!bars = memref<8xi64, #gpu.address_space<workgroup>>

func.func @pingpong_without_tma(%a: memref<1x256x256xbf16>, %b: memref<1x256x128xbf16>,
                                %bars: !bars, %i: index) -> !acc {
  // expected-error @+1 {{takes its rows in pingpong turns, whose load thread copies each turn's A rows with TMA; it needs tensor maps of both operands}}
  %r = ck.tile_gemm %a, %b at [%i, %i, %i] k_tiles %i to %i config #cfg
      barriers %bars (!bars)
      : memref<1x256x256xbf16>, memref<1x256x128xbf16> -> !acc
  return %r : !acc
}
