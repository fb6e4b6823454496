// RUN: ck-opt %s -split-input-file -ck-set-target=chip=sm_90a -convert-ck-to-gpu -verify-diagnostics | FileCheck %s

// A persistent kernel that keeps B resident (resident_b): B's LDS is one
// buffer per K-tile, its load waves copy B with cp.async (no tensor map of
// B, though B is a box walk; A's and C's have theirs), and the ring's
// barriers take two more for B's copies.
//
// 25600 x 64 in tiles of 128 x 64, K = 128 (2 K-tiles). A: 3 slots of
// 128 x 64 f16, 49152 bytes; B: 2 buffers of 64 x 64 f16 from 49152,
// 16384 bytes, to 65536. The staging tile (TMA stores it: 128 x 64 f16,
// unpadded) at 65536, to 81920, where the 2 x 3 + 2 mbarriers go (64
// bytes); the launch adds 1008 bytes to align the arena to 1024: 82992.

// CHECK-LABEL: func.func @resident_b
// CHECK: %[[MAPA:.*]] = ck.tensor_map %arg0
// CHECK: %[[MAPC:.*]] = ck.tensor_map %arg2
// CHECK-NOT: ck.tensor_map
// CHECK: gpu.launch_func @ck_kernels::@gemm_0 {{.*}} dynamic_shared_memory_size %c82992_i32 args({{.*}}, %[[MAPA]] : !llvm.ptr, %[[MAPC]] : !llvm.ptr)
// CHECK: gpu.func @gemm_0({{.*}}, %[[KMAPA:.*]]: !llvm.ptr, %[[KMAPC:.*]]: !llvm.ptr)
// CHECK: ck.partition <data_parallel, dp = persistent> tiles [1, 200, 1] k_tiles 2 unit {
// CHECK:   %[[BARS:.*]] = ck.lds_buffer offset 81920 : memref<8xi64, #gpu.address_space<workgroup>>
// CHECK:   ck.tile_gemm {{.*}}resident_b> tma_a(%[[KMAPA]] : !llvm.ptr) barriers %[[BARS]]
// CHECK: } epilogue {
// CHECK:   ck.lds_buffer offset 65536 : memref<128x64xf16, #gpu.address_space<workgroup>>
func.func @resident_b(%a: memref<1x25600x128xf16>, %b: memref<1x128x64xf16>, %c: memref<1x25600x64xf16>) {
  ck.gemm %a, %b -> %c config <block = [128, 64, 64], wave = [16, 64], mma = #ck.wgmma<f16>, partition = #ck.partition<data_parallel, dp = persistent>, lds_buffers = 3, load_waves = 4, async_copy, resident_b>
      : memref<1x25600x128xf16>, memref<1x128x64xf16> -> memref<1x25600x64xf16>
  return
}

// -----

// A resident B of 36 K-tiles of 64 x 256 (1.1 MiB) does not fit.

func.func @resident_b_too_long(%a: memref<1x25600x2304xf16>, %b: memref<1x2304x256xf16>, %c: memref<1x25600x256xf16>) {
  // expected-error @+1 {{needs 1295408 bytes of LDS per workgroup (operand tiles 1228800 with a resident B of 36 K-tiles, the epilogue's staging tile 65536); sm_90a allows 232448}}
  ck.gemm %a, %b -> %c config <block = [128, 256, 64], wave = [16, 256], mma = #ck.wgmma<f16>, partition = #ck.partition<data_parallel, dp = persistent>, lds_buffers = 3, load_waves = 4, async_copy, resident_b>
      : memref<1x25600x2304xf16>, memref<1x2304x256xf16> -> memref<1x25600x256xf16>
  return
}
