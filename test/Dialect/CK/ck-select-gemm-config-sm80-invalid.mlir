// RUN: ck-opt %s -split-input-file -ck-set-target=chip=sm_80 -ck-select-gemm-config -verify-diagnostics

// Pinned configurations whose wave roles sm_80 cannot synchronize: it has
// no mbarrier polling (try_wait), so its rings are named barriers, two per
// stage besides the workgroup's barrier 0, and a persistent partition
// (whose ring spans units on mbarriers) is out.

func.func @eight_named_barrier_stages(%a: memref<1x64x64xf16>, %b: memref<1x64x64xf16>, %c: memref<1x64x64xf16>) {
  // expected-error @+1 {{'ck.gemm' op wave roles on sm_80 hand K-tiles over on named barriers, two per stage: at most 7 stages; got 8}}
  ck.gemm %a, %b -> %c config <block = [64, 64, 32], wave = [32, 32], mma = #ck.mma_sync<16x8x16, f16>, lds_buffers = 8, load_waves = 4, async_copy>
      : memref<1x64x64xf16>, memref<1x64x64xf16> -> memref<1x64x64xf16>
  return
}

// -----
func.func @persistent(%a: memref<1x64x64xf16>, %b: memref<1x64x64xf16>, %c: memref<1x64x64xf16>) {
  // expected-error @+1 {{'ck.gemm' op a partition whose units share a ring (persistent data-parallel, StreamK with ring = shared) needs wave roles (load_waves) that hand K-tiles over on mbarriers, which only NVIDIA chips with TMA poll; sm_80 has none}}
  ck.gemm %a, %b -> %c config <block = [64, 64, 32], wave = [32, 32], mma = #ck.mma_sync<16x8x16, f16>, partition = #ck.partition<data_parallel, dp = persistent>, lds_buffers = 3, load_waves = 4, async_copy>
      : memref<1x64x64xf16>, memref<1x64x64xf16> -> memref<1x64x64xf16>
  return
}

// -----
// sm_80 has no setmaxnreg.
func.func @load_registers(%a: memref<1x64x64xf16>, %b: memref<1x64x64xf16>, %c: memref<1x64x64xf16>) {
  // expected-error @+1 {{'ck.gemm' op sm_80 cannot reallocate registers between waves (load_registers = 64)}}
  ck.gemm %a, %b -> %c config <block = [64, 64, 32], wave = [32, 32], mma = #ck.mma_sync<16x8x16, f16>, lds_buffers = 3, load_waves = 4, async_copy, load_registers = 64>
      : memref<1x64x64xf16>, memref<1x64x64xf16> -> memref<1x64x64xf16>
  return
}
