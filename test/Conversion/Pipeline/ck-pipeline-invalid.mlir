// RUN: ck-opt %s -split-input-file -ck-set-target=chip=sm_90a -ck-pipeline -verify-diagnostics

// What ck-pipeline refuses: TMA copies of an operand whose view is not a
// box walk of its memref (TensorMapPlan.h); here A is a plain memref,
// which no tiled map describes the way convert-ck-to-gpu plans it.

!acc = !ck.acc<64x256xf32, #ck.wgmma<f16>, waves = [4, 1]>
#cfg = #ck.gemm_config<block = [64, 256, 64], wave = [16, 256], mma = #ck.wgmma<f16>, lds_buffers = 4, load_waves = 4, async_copy>
!bars = memref<8xi64, #gpu.address_space<workgroup>>

func.func @not_a_box_walk(%a: memref<1x256x4096xf16>, %b: memref<1x4096x256xf16>,
                          %m: !llvm.ptr, %bars: !bars, %i: index) -> !acc {
  // expected-error @+1 {{copies with TMA, but operand A is not a box walk of its memref (TensorMapPlan.h)}}
  %r = ck.tile_gemm %a, %b at [%i, %i, %i] k_tiles %i to %i config #cfg
      tma (%m, %m : !llvm.ptr, !llvm.ptr) barriers %bars (!bars)
      : memref<1x256x4096xf16>, memref<1x4096x256xf16> -> !acc
  return %r : !acc
}
