// RUN: ck-opt %s -split-input-file -ck-set-target=chip=sm_90a -ck-select-gemm-config -verify-diagnostics
// RUN: not ck-opt %s -split-input-file -ck-set-target=chip=sm_80 -ck-select-gemm-config 2>&1 | FileCheck %s --check-prefix=SM80

// ck-select-gemm-config checks a pinned #ck.wgmma configuration against
// wgmma's rules (lib/Target/GemmConfig.cpp, explainGemmConfigMisfit), one
// case per rule, on sm_90a. sm_80 lists no wgmma: the first case's error
// there says so (the others stop at the same check).

// A wave tile narrower than the block.
func.func @wave_tile(%a: memref<1x128x64xf16>, %b: memref<1x64x128xf16>, %c: memref<1x128x128xf16>) {
  // expected-error @+2 {{'ck.gemm' op #ck.wgmma<f16> needs wave tiles of the block's 128 columns (four waves stacked along M share each instruction, 16 rows each of every 64); got 32x64}}
  // SM80: ck-select-gemm-config-wgmma-invalid.mlir:[[@LINE+1]]:3: error: 'ck.gemm' op sm_80 has no #ck.wgmma<f16> instruction
  ck.gemm %a, %b -> %c config <block = [128, 128, 64], wave = [32, 64], mma = #ck.wgmma<f16>, lds_buffers = 3, async_copy>
      : memref<1x128x64xf16>, memref<1x64x128xf16> -> memref<1x128x128xf16>
  return
}

// -----
// Block M not a multiple of 64 (one warpgroup's rows).
func.func @block_m(%a: memref<1x128x64xf16>, %b: memref<1x64x128xf16>, %c: memref<1x128x128xf16>) {
  // expected-error @+1 {{'ck.gemm' op #ck.wgmma<f16> needs block M a multiple of 64 (warpgroups of four 16-row waves) and block N at most 256; got 32x128}}
  ck.gemm %a, %b -> %c config <block = [32, 128, 64], wave = [16, 128], mma = #ck.wgmma<f16>, lds_buffers = 3, async_copy>
      : memref<1x128x64xf16>, memref<1x64x128xf16> -> memref<1x128x128xf16>
  return
}

// -----
// Waves of two row groups (32 rows) need warpgroups of 128 rows.
func.func @block_m_row_groups(%a: memref<1x128x64xf16>, %b: memref<1x64x128xf16>, %c: memref<1x128x128xf16>) {
  // expected-error @+1 {{'ck.gemm' op #ck.wgmma<f16> needs block M a multiple of 128 (warpgroups of four 32-row waves) and block N at most 256; got 64x128}}
  ck.gemm %a, %b -> %c config <block = [64, 128, 64], wave = [32, 128], mma = #ck.wgmma<f16>, lds_buffers = 3, async_copy>
      : memref<1x128x64xf16>, memref<1x64x128xf16> -> memref<1x128x128xf16>
  return
}

// -----
// Block N beyond wgmma's 256.
func.func @block_n(%a: memref<1x128x64xbf16>, %b: memref<1x64x512xbf16>, %c: memref<1x128x512xbf16>) {
  // expected-error @+1 {{'ck.gemm' op #ck.wgmma<bf16> needs block M a multiple of 64 (warpgroups of four 16-row waves) and block N at most 256; got 64x512}}
  ck.gemm %a, %b -> %c config <block = [64, 512, 64], wave = [16, 512], mma = #ck.wgmma<bf16>, lds_buffers = 2, async_copy>
      : memref<1x128x64xbf16>, memref<1x64x512xbf16> -> memref<1x128x512xbf16>
  return
}

// -----
// Block N not a multiple of 8 (wgmma's N steps): the wave tile (the block's
// columns) is no whole number of instruction tiles.
func.func @block_n_step(%a: memref<1x128x64xbf16>, %b: memref<1x64x36xbf16>, %c: memref<1x128x36xbf16>) {
  // expected-error @+1 {{'ck.gemm' op wave tile 16x36 is not a whole number of #ck.wgmma<bf16> tiles (16x8)}}
  ck.gemm %a, %b -> %c config <block = [64, 36, 64], wave = [16, 36], mma = #ck.wgmma<bf16>, lds_buffers = 2, async_copy>
      : memref<1x128x64xbf16>, memref<1x64x36xbf16> -> memref<1x128x36xbf16>
  return
}

// -----
// Block K other than 64.
func.func @block_k(%a: memref<1x128x64xf16>, %b: memref<1x64x128xf16>, %c: memref<1x128x128xf16>) {
  // expected-error @+1 {{'ck.gemm' op #ck.wgmma<f16> needs block K 64 (one 128-byte swizzled row per M or N index); got 32}}
  ck.gemm %a, %b -> %c config <block = [128, 128, 32], wave = [16, 128], mma = #ck.wgmma<f16>, lds_buffers = 3, async_copy>
      : memref<1x128x64xf16>, memref<1x64x128xf16> -> memref<1x128x128xf16>
  return
}

// -----
// Load waves that are not whole warpgroups.
func.func @roles(%a: memref<1x128x64xf16>, %b: memref<1x64x128xf16>, %c: memref<1x128x128xf16>) {
  // expected-error @+1 {{'ck.gemm' op #ck.wgmma<f16> takes whole warpgroups of load waves (load_waves a multiple of 4); got 2}}
  ck.gemm %a, %b -> %c config <block = [128, 128, 64], wave = [16, 128], mma = #ck.wgmma<f16>, lds_buffers = 2, load_waves = 2, async_copy>
      : memref<1x128x64xf16>, memref<1x64x128xf16> -> memref<1x128x128xf16>
  return
}

// -----
// Tiles written through registers rather than by asynchronous copies.
func.func @register_copies(%a: memref<1x128x64xf16>, %b: memref<1x64x128xf16>, %c: memref<1x128x128xf16>) {
  // expected-error @+1 {{'ck.gemm' op #ck.wgmma<f16> needs async_copy: its swizzled tiles are filled by asynchronous copies (2 to 8 stages)}}
  ck.gemm %a, %b -> %c config <block = [128, 128, 64], wave = [16, 128], mma = #ck.wgmma<f16>>
      : memref<1x128x64xf16>, memref<1x64x128xf16> -> memref<1x128x128xf16>
  return
}

// -----
// f32 inputs: wgmma here takes f16 and bf16.
func.func @f32(%a: memref<1x128x64xf32>, %b: memref<1x64x128xf32>, %c: memref<1x128x128xf32>) {
  // expected-error @+1 {{'ck.gemm' op #ck.wgmma<f16> does not take f32 inputs}}
  ck.gemm %a, %b -> %c config <block = [128, 128, 64], wave = [16, 128], mma = #ck.wgmma<f16>, lds_buffers = 3, async_copy>
      : memref<1x128x64xf32>, memref<1x64x128xf32> -> memref<1x128x128xf32>
  return
}

// -----
// Registers reallocated between roles that are not whole warpgroups.
func.func @load_registers_warpgroups(%a: memref<1x128x64xf16>, %b: memref<1x64x128xf16>, %c: memref<1x128x128xf16>) {
  // expected-error @+1 {{'ck.gemm' op load_registers reallocates registers by warpgroups: the load and math waves must be multiples of 4; got 2 and 4}}
  ck.gemm %a, %b -> %c config <block = [128, 128, 32], wave = [64, 64], mma = #ck.mma_sync<16x8x16, f16>, lds_buffers = 3, load_waves = 2, async_copy, load_registers = 64>
      : memref<1x128x64xf16>, memref<1x64x128xf16> -> memref<1x128x128xf16>
  return
}

// -----
// Load waves that keep more than the math waves get. The 12 waves, 3 per
// SIMD, start with 512 / 3 = 168 registers each in steps of 8, 504 per SIMD
// lane, which is all they may share (a warpgroup growing past it would
// wait forever): with one load wave of 208, the two math waves get
// (504 - 208) / 2 = 148, 144 in steps of 8.
func.func @load_registers_too_many(%a: memref<1x128x64xf16>, %b: memref<1x64x256xf16>, %c: memref<1x128x256xf16>) {
  // expected-error @+1 {{'ck.gemm' op load_registers = 208 leaves the math waves 144 registers per lane; they must get more than the load waves}}
  ck.gemm %a, %b -> %c config <block = [128, 256, 64], wave = [16, 256], mma = #ck.wgmma<f16>, lds_buffers = 4, load_waves = 4, async_copy, load_registers = 208>
      : memref<1x128x64xf16>, memref<1x64x256xf16> -> memref<1x128x256xf16>
  return
}

// -----
// Reallocated registers in a StreamK partition whose units each make a
// ring (ring = per_unit, the default).
func.func @load_registers_stream_k(%a: memref<1x128x64xf16>, %b: memref<1x64x256xf16>, %c: memref<1x128x256xf16>) {
  // expected-error @+1 {{'ck.gemm' op load_registers needs a data-parallel partition, split-K reduced by a kernel or StreamK with ring = shared: each role then runs the rest of the kernel in its own arm, which a ring made for each unit and meetings with other workgroups by all of its threads cannot span; got #ck.partition<stream_k>}}
  ck.gemm %a, %b -> %c config <block = [128, 256, 64], wave = [16, 256], mma = #ck.wgmma<f16>, partition = #ck.partition<stream_k>, lds_buffers = 3, load_waves = 8, async_copy, load_registers = 96>
      : memref<1x128x64xf16>, memref<1x64x256xf16> -> memref<1x128x256xf16>
  return
}

// -----
// ... nor split-K whose workgroups meet to add their partial tiles.
func.func @load_registers_split_k_workgroups(%a: memref<1x128x64xf16>, %b: memref<1x64x256xf16>, %c: memref<1x128x256xf16>) {
  // expected-error @+1 {{got #ck.partition<split_k, k_batch = 4, reduce = workgroups>}}
  ck.gemm %a, %b -> %c config <block = [128, 256, 64], wave = [16, 256], mma = #ck.wgmma<f16>, partition = #ck.partition<split_k, k_batch = 4, reduce = workgroups>, lds_buffers = 4, load_waves = 8, async_copy, load_registers = 96>
      : memref<1x128x64xf16>, memref<1x64x256xf16> -> memref<1x128x256xf16>
  return
}
