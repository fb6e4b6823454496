// RUN: ck-opt %s -split-input-file -convert-ck-to-amdgpu -verify-diagnostics

// What convert-ck-to-amdgpu refuses: mbarriers and TMA copies, which only
// NVIDIA has (convert-ck-to-nvvm lowers them).

!bars = memref<8xi64, #gpu.address_space<workgroup>>
func.func @mbarrier_ring(%bars: !bars) {
  // expected-error @+1 {{uses mbarriers, TMA or a barrier of some of the workgroup's threads, which only NVIDIA has; convert-ck-to-amdgpu cannot lower it}}
  %ring = ck.ring math 4 load 4 barriers %bars (!bars) : !ck.ring<4>
  return
}

// -----
// AMD's workgroup has one barrier: none for some of its threads.
func.func @partial_barrier() {
  // expected-error @+1 {{'ck.lds_barrier' op uses mbarriers, TMA or a barrier of some of the workgroup's threads, which only NVIDIA has; convert-ck-to-amdgpu cannot lower it}}
  ck.lds_barrier threads 256
  return
}

// -----
// Nor flags of some of the threads.
func.func @flag_threads(%ws: memref<64xf32>, %o: index) {
  // expected-error @+1 {{'ck.flag_wait' op uses mbarriers, TMA or a barrier of some of the workgroup's threads, which only NVIDIA has; convert-ck-to-amdgpu cannot lower it}}
  ck.flag_wait %ws[%o] threads 128 : memref<64xf32>
  return
}

// -----
// Nor named barriers to hand a staging tile to store waves with.
func.func @staging_event() {
  // expected-error @+1 {{'ck.staging_wait' op uses mbarriers, TMA or a barrier of some of the workgroup's threads, which only NVIDIA has; convert-ck-to-amdgpu cannot lower it}}
  ck.staging_wait full threads 352
  return
}

// -----
// Nor TMA to store an epilogue's staging tile with.
func.func @tma_store(%map: !llvm.ptr, %s: memref<64x64xf16, #gpu.address_space<workgroup>>, %i: index) {
  // expected-error @+1 {{'ck.tma_store_fence' op uses mbarriers, TMA or a barrier of some of the workgroup's threads, which only NVIDIA has; convert-ck-to-amdgpu cannot lower it}}
  ck.tma_store_fence
  ck.tma_store %map [%i, %i] from %s offset 0 : !llvm.ptr, memref<64x64xf16, #gpu.address_space<workgroup>>
  ck.tma_store_wait
  return
}

// -----
// AMD has no thread block clusters: split-K's reduce = cluster is NVIDIA's.
func.func @cluster_barrier() {
  // expected-error @+1 {{'ck.cluster_barrier' op cannot be lowered by convert-ck-to-amdgpu: the target has no thread block clusters with distributed shared memory (split-K's reduce = cluster needs sm_90)}}
  ck.cluster_barrier
  return
}

// -----
func.func @cluster_load(%buf: memref<64xf32, #gpu.address_space<workgroup>>, %o: index, %r: index) -> vector<4xf32> {
  // expected-error @+1 {{'ck.cluster_load' op cannot be lowered by convert-ck-to-amdgpu: the target has no thread block clusters with distributed shared memory (split-K's reduce = cluster needs sm_90)}}
  %v = ck.cluster_load %buf[%o] rank %r : memref<64xf32, #gpu.address_space<workgroup>> -> vector<4xf32>
  return %v : vector<4xf32>
}

// -----
// Only gfx950 reads LDS transposed (the target's `lds_transpose_read`).
module attributes {ck.target = #ck.target<"gfx942", vendor = amd, wave = 64, lds = 65536, registers = 512, addressing_registers = 64, compute_units = 304, simds = 4, waves_per_simd = 8, registers_per_simd = 512, lds_per_cu = 65536, mma = [#ck.mfma<16x16x16, f16>, #ck.mfma<16x16x16, bf16>, #ck.mfma<16x16x4, f32>]>} {
  func.func @transpose_read(%l: memref<32x64xf16, #gpu.address_space<workgroup>>, %i: index) -> vector<8xf16> {
    // expected-error @+1 {{'ck.fragment_load' op reads by LDS transpose reads (ds_read_b64_tr_b16), which gfx942 does not have}}
    %f = ck.fragment_load a of #ck.mfma<16x16x16, f16> from %l[%i, %i] transposed k_pack 2 transpose_read : memref<32x64xf16, #gpu.address_space<workgroup>> -> vector<8xf16>
    return %f : vector<8xf16>
  }
}

// -----
// gfx950's loads to LDS write a wave's vectors from one base in lane order:
// a copy not marked `lane_order` cannot be one of them.
func.func @async_copy_out_of_lane_order(%x: memref<256xf16>, %lds: memref<32x40xf16, #gpu.address_space<workgroup>>,
                                        %i: index, %ok: i1) {
  // expected-error @+1 {{'ck.async_copy' op needs `lane_order`: AMD's loads to LDS write a wave's vectors one after another in lane order (a copy plan in LDS order gives that)}}
  ck.async_copy %x[%i] -> %lds[%i, %i] elements 8 if %ok
      : memref<256xf16>, memref<32x40xf16, #gpu.address_space<workgroup>>
  return
}

// -----
// They copy 4 or 16 bytes per lane (no 8-byte form).
func.func @async_copy_of_8_bytes(%x: memref<256xf16>, %lds: memref<32x40xf16, #gpu.address_space<workgroup>>,
                                 %i: index, %ok: i1) {
  // expected-error @+1 {{'ck.async_copy' op copies 8 bytes; AMD's loads to LDS copy 4 or 16}}
  ck.async_copy %x[%i] -> %lds[%i, %i] elements 4 lane_order if %ok
      : memref<256xf16>, memref<32x40xf16, #gpu.address_space<workgroup>>
  return
}

// -----
// They read buffers, whose offsets are 32-bit.
func.func @async_copy_beyond_buffers(%x: memref<1073741824xf16>, %lds: memref<32x40xf16, #gpu.address_space<workgroup>>,
                                     %i: index, %ok: i1) {
  // expected-error @+1 {{'ck.async_copy' op reads 'memref<1073741824xf16>', which is not a static memref under 2 GiB: AMD's loads to LDS read buffers (32-bit offsets)}}
  ck.async_copy %x[%i] -> %lds[%i, %i] elements 8 lane_order if %ok
      : memref<1073741824xf16>, memref<32x40xf16, #gpu.address_space<workgroup>>
  return
}
