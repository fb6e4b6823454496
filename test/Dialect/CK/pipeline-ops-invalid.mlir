// RUN: ck-opt %s -split-input-file -verify-diagnostics

// One section per verifier rule of the pipeline ops (CKPipelineOps.cpp).

//===----------------------------------------------------------------------===//
// ck.tile_gemm
//===----------------------------------------------------------------------===//

!acc = !ck.acc<32x32xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
#cfg = #ck.gemm_config<block = [32, 32, 16], wave = [16, 16], mma = #ck.mfma<16x16x16, f16>>

// A matrix, not a batch of them.
func.func @rank(%a: memref<32x16xf16>, %b: memref<1x16x32xf16>, %i: index) -> !acc {
  // expected-error @+1 {{expects a G x M x K and a G x K x N operand, got ranks 2 and 3}}
  %r = ck.tile_gemm %a, %b at [%i, %i, %i] k_tiles %i to %i config #cfg
      : memref<32x16xf16>, memref<1x16x32xf16> -> !acc
  return %r : !acc
}

// -----
!acc = !ck.acc<32x32xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
#cfg = #ck.gemm_config<block = [32, 32, 16], wave = [16, 16], mma = #ck.mfma<16x16x16, f16>, lds_buffers = 2>

// TMA copies are the load waves' work.
func.func @tma_without_roles(%a: memref<1x32x16xf16>, %b: memref<1x16x32xf16>, %m: !llvm.ptr, %i: index) -> !acc {
  // expected-error @+1 {{copies with TMA, which needs load waves and async_copy in its config}}
  %r = ck.tile_gemm %a, %b at [%i, %i, %i] k_tiles %i to %i config #cfg
      tma_a (%m : !llvm.ptr) tma_b (%m : !llvm.ptr)
      : memref<1x32x16xf16>, memref<1x16x32xf16> -> !acc
  return %r : !acc
}

// -----
!acc = !ck.acc<32x32xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
#cfg = #ck.gemm_config<block = [32, 32, 16], wave = [16, 16], mma = #ck.mfma<16x16x16, f16>, lds_buffers = 2, load_waves = 4, async_copy>

// The TMA copies complete the ring's barriers, also of one operand.
func.func @tma_without_barriers(%a: memref<1x32x16xf16>, %b: memref<1x16x32xf16>, %m: !llvm.ptr, %i: index) -> !acc {
  // expected-error @+1 {{copies with TMA, which needs ring barriers}}
  %r = ck.tile_gemm %a, %b at [%i, %i, %i] k_tiles %i to %i config #cfg
      tma_b (%m : !llvm.ptr)
      : memref<1x32x16xf16>, memref<1x16x32xf16> -> !acc
  return %r : !acc
}

// -----
!acc = !ck.acc<32x32xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
#cfg = #ck.gemm_config<block = [32, 32, 16], wave = [16, 16], mma = #ck.mfma<16x16x16, f16>, lds_buffers = 2>
!bars = memref<4xi64, #gpu.address_space<workgroup>>

// The barriers are the ring's, which only wave roles have.
func.func @barriers_without_roles(%a: memref<1x32x16xf16>, %b: memref<1x16x32xf16>, %bars: !bars, %i: index) -> !acc {
  // expected-error @+1 {{has ring barriers, which need load waves in its config}}
  %r = ck.tile_gemm %a, %b at [%i, %i, %i] k_tiles %i to %i config #cfg
      barriers %bars (!bars)
      : memref<1x32x16xf16>, memref<1x16x32xf16> -> !acc
  return %r : !acc
}

// -----
!acc = !ck.acc<32x32xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
#cfg = #ck.gemm_config<block = [32, 32, 16], wave = [16, 16], mma = #ck.mfma<16x16x16, f16>, lds_buffers = 3, load_waves = 4, async_copy>
!bars = memref<3xi64, #gpu.address_space<workgroup>>

// Two barriers per LDS buffer: full and empty.
func.func @barrier_count(%a: memref<1x32x16xf16>, %b: memref<1x16x32xf16>, %bars: !bars, %i: index) -> !acc {
  // expected-error @+1 {{needs two ring barriers per LDS buffer (6)}}
  %r = ck.tile_gemm %a, %b at [%i, %i, %i] k_tiles %i to %i config #cfg
      barriers %bars (!bars)
      : memref<1x32x16xf16>, memref<1x16x32xf16> -> !acc
  return %r : !acc
}

// -----
!acc = !ck.acc<32x32xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
#cfg = #ck.gemm_config<block = [32, 32, 16], wave = [16, 16], mma = #ck.mfma<16x16x16, f16>>

// f16 times bf16.
func.func @mixed(%a: memref<1x32x16xf16>, %b: memref<1x16x32xbf16>, %i: index) -> !acc {
  // expected-error @+1 {{expects A and B of one element type, got 'f16' and 'bf16'}}
  %r = ck.tile_gemm %a, %b at [%i, %i, %i] k_tiles %i to %i config #cfg
      : memref<1x32x16xf16>, memref<1x16x32xbf16> -> !acc
  return %r : !acc
}

// -----
!acc = !ck.acc<32x32xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
#cfg = #ck.gemm_config<block = [32, 32, 16], wave = [16, 16], mma = #ck.mfma<16x16x16, f16>>

// A's K (16) is not B's (24).
func.func @k_mismatch(%a: memref<1x32x16xf16>, %b: memref<1x24x32xf16>, %i: index) -> !acc {
  // expected-error @+1 {{expects A (1, 32, 16) and B (1, 24, 32) to agree on G and K}}
  %r = ck.tile_gemm %a, %b at [%i, %i, %i] k_tiles %i to %i config #cfg
      : memref<1x32x16xf16>, memref<1x24x32xf16> -> !acc
  return %r : !acc
}

// -----
!acc = !ck.acc<32x32xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
#cfg = #ck.gemm_config<block = [32, 32, 16], wave = [16, 16], mma = #ck.mfma<16x16x16, f16>>

// f32 inputs to an f16 instruction.
func.func @inputs(%a: memref<1x32x16xf32>, %b: memref<1x16x32xf32>, %i: index) -> !acc {
  // expected-error @+1 {{#ck.mfma<16x16x16, f16> does not take 'f32' inputs}}
  %r = ck.tile_gemm %a, %b at [%i, %i, %i] k_tiles %i to %i config #cfg
      : memref<1x32x16xf32>, memref<1x16x32xf32> -> !acc
  return %r : !acc
}

// -----
!acc = !ck.acc<32x32xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
#cfg = #ck.gemm_config<block = [32, 32, 8], wave = [16, 16], mma = #ck.mfma<16x16x16, f16>>

// A K-tile of 8 against an instruction K of 16.
func.func @block_k(%a: memref<1x32x16xf16>, %b: memref<1x16x32xf16>, %i: index) -> !acc {
  // expected-error @+1 {{block K (8) must be a multiple of the instruction's K (16)}}
  %r = ck.tile_gemm %a, %b at [%i, %i, %i] k_tiles %i to %i config #cfg
      : memref<1x32x16xf16>, memref<1x16x32xf16> -> !acc
  return %r : !acc
}

// -----
!acc = !ck.acc<32x32xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
#cfg = #ck.gemm_config<block = [32, 32, 16], wave = [8, 16], mma = #ck.mfma<16x16x16, f16>>

// Wave tiles of 8 rows hold no 16-row instruction tile.
func.func @no_acc(%a: memref<1x32x16xf16>, %b: memref<1x16x32xf16>, %i: index) -> !acc {
  // expected-error @+1 {{config #ck.gemm_config<block = [32, 32, 16], wave = [8, 16], mma = #ck.mfma<16x16x16, f16>> gives no accumulator tile: accumulator rows (32) must be a multiple of the waves along them (4) times the instruction's M (16)}}
  %r = ck.tile_gemm %a, %b at [%i, %i, %i] k_tiles %i to %i config #cfg
      : memref<1x32x16xf16>, memref<1x16x32xf16> -> !acc
  return %r : !acc
}

// -----
!acc = !ck.acc<32x32xf32, #ck.mfma<16x16x16, f16>, waves = [1, 2]>
#cfg = #ck.gemm_config<block = [32, 32, 16], wave = [16, 16], mma = #ck.mfma<16x16x16, f16>>

// The config's wave grid is 2 x 2.
func.func @wrong_acc(%a: memref<1x32x16xf16>, %b: memref<1x16x32xf16>, %i: index) -> !acc {
  // expected-error @+1 {{result '!ck.acc<32x32xf32, #ck.mfma<16x16x16, f16>, waves = [1, 2]>' is not the config's accumulator '!ck.acc<32x32xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>'}}
  %r = ck.tile_gemm %a, %b at [%i, %i, %i] k_tiles %i to %i config #cfg
      : memref<1x32x16xf16>, memref<1x16x32xf16> -> !acc
  return %r : !acc
}

//===----------------------------------------------------------------------===//
// ck.lds_buffer
//===----------------------------------------------------------------------===//

// -----
// 8 bytes in: vector accesses need 16-byte alignment.
func.func @misaligned() {
  // expected-error @+1 {{offset 8 is not a multiple of 16 bytes}}
  %b = ck.lds_buffer offset 8 : memref<64x40xf16, #gpu.address_space<workgroup>>
  return
}

// -----
// Global memory is no LDS window.
func.func @global() {
  // expected-error @+1 {{must be statically shaped 2-D or 3-D memref in workgroup memory}}
  %b = ck.lds_buffer offset 0 : memref<64x40xf16>
  return
}

// -----
// A negative offset.
func.func @negative() {
  // expected-error @+1 {{attribute 'offset' failed to satisfy constraint}}
  %b = ck.lds_buffer offset -16 : memref<64x40xf16, #gpu.address_space<workgroup>>
  return
}

// -----
// An alignment that is not a power of two.
func.func @align_not_power() {
  // expected-error @+1 {{alignment 48 is not a power of two of at least 16 bytes}}
  %b = ck.lds_buffer offset 0 align 48 : memref<64x40xf16, #gpu.address_space<workgroup>>
  return
}

// -----
// An offset off the alignment.
func.func @offset_off_alignment() {
  // expected-error @+1 {{offset 512 is not a multiple of 16 bytes and of the alignment 1024}}
  %b = ck.lds_buffer offset 512 align 1024 : memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----
!acc = !ck.acc<32x32xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
#cfg = #ck.gemm_config<block = [32, 32, 16], wave = [16, 16], mma = #ck.mfma<16x16x16, f16>, lds_buffers = 2, load_waves = 4>

// A ring across units hands K-tiles over on barriers.
func.func @ring_steps_without_barriers(%a: memref<1x32x16xf16>, %b: memref<1x16x32xf16>, %i: index) -> !acc {
  // expected-error @+1 {{has ring steps across units, which need ring barriers}}
  %r = ck.tile_gemm %a, %b at [%i, %i, %i] k_tiles %i to %i config #cfg
      ring_steps %i of %i
      : memref<1x32x16xf16>, memref<1x16x32xf16> -> !acc
  return %r : !acc
}

// -----
!acc = !ck.acc<64x64xf32, #ck.wgmma<f16>, waves = [4, 1]>
!bars = memref<6xi64, #gpu.address_space<workgroup>>
#cfg = #ck.gemm_config<block = [64, 64, 64], wave = [16, 64], mma = #ck.wgmma<f16>, partition = #ck.partition<data_parallel, dp = persistent>, lds_buffers = 3, load_waves = 4, async_copy>

// Copies of a resident B without resident_b in the config.
func.func @resident_b_not_in_config(%a: memref<1x64x256xf16>, %b: memref<1x256x64xf16>, %bars: !bars, %i: index, %l: i1) -> !acc {
  // expected-error @+1 {{has resident B's generations, which need resident_b in its config}}
  %r = ck.tile_gemm %a, %b at [%i, %i, %i] k_tiles %i to %i config #cfg
      barriers %bars (!bars) ring_steps %i of %i resident_b %i of %i load %l release %l
      : memref<1x64x256xf16>, memref<1x256x64xf16> -> !acc
  return %r : !acc
}

// -----
!acc = !ck.acc<64x64xf32, #ck.wgmma<f16>, waves = [4, 1]>
!bars = memref<8xi64, #gpu.address_space<workgroup>>
#cfg = #ck.gemm_config<block = [64, 64, 64], wave = [16, 64], mma = #ck.wgmma<f16>, partition = #ck.partition<data_parallel, dp = persistent>, lds_buffers = 3, load_waves = 4, async_copy, resident_b>

// A resident B's copies are numbered across the units of a ring that
// spans them.
func.func @resident_b_without_ring_steps(%a: memref<1x64x256xf16>, %b: memref<1x256x64xf16>, %bars: !bars, %i: index, %l: i1) -> !acc {
  // expected-error @+1 {{has resident B's generations, which need ring steps across units}}
  %r = ck.tile_gemm %a, %b at [%i, %i, %i] k_tiles %i to %i config #cfg
      barriers %bars (!bars) resident_b %i of %i load %l release %l
      : memref<1x64x256xf16>, memref<1x256x64xf16> -> !acc
  return %r : !acc
}

// -----
!acc = !ck.acc<64x64xf32, #ck.wgmma<f16>, waves = [4, 1]>
!bars = memref<6xi64, #gpu.address_space<workgroup>>
#cfg = #ck.gemm_config<block = [64, 64, 64], wave = [16, 64], mma = #ck.wgmma<f16>, partition = #ck.partition<data_parallel, dp = persistent>, lds_buffers = 3, load_waves = 4, async_copy, resident_b>

// A resident B's ring takes two barriers beside the three slots' six.
func.func @resident_b_barriers(%a: memref<1x64x256xf16>, %b: memref<1x256x64xf16>, %bars: !bars, %i: index) -> !acc {
  // expected-error @+1 {{needs two ring barriers per LDS buffer and two for B's (8), got 'memref<6xi64, #gpu.address_space<workgroup>>'}}
  %r = ck.tile_gemm %a, %b at [%i, %i, %i] k_tiles %i to %i config #cfg
      barriers %bars (!bars)
      : memref<1x64x256xf16>, memref<1x256x64xf16> -> !acc
  return %r : !acc
}

// -----
!acc = !ck.acc<64x64xf32, #ck.wgmma<f16>, waves = [4, 1]>
!bars = memref<8xi64, #gpu.address_space<workgroup>>
#cfg = #ck.gemm_config<block = [64, 64, 64], wave = [16, 64], mma = #ck.wgmma<f16>, partition = #ck.partition<data_parallel, dp = persistent>, lds_buffers = 3, load_waves = 4, async_copy, resident_b>

// Some of a resident B's values without the others (the generic form).
func.func @resident_b_partial(%a: memref<1x64x256xf16>, %b: memref<1x256x64xf16>, %bars: !bars, %i: index) -> !acc {
  // expected-error @+1 {{takes resident B's generation, generations, load and release together}}
  %r = "ck.tile_gemm"(%a, %b, %i, %i, %i, %i, %i, %bars, %i, %i, %i) <{config = #cfg, operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1, 0, 0, 1, 1, 1, 1, 0, 0, 0>}>
      : (memref<1x64x256xf16>, memref<1x256x64xf16>, index, index, index, index, index, !bars, index, index, index) -> !acc
  return %r : !acc
}
