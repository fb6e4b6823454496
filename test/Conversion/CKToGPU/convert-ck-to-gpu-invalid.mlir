// RUN: ck-opt %s -split-input-file -ck-set-target=chip=gfx942 -convert-ck-to-gpu -verify-diagnostics
// RUN: not ck-opt %s -convert-ck-to-gpu 2>&1 | FileCheck %s --check-prefix=NOTARGET

// What convert-ck-to-gpu refuses: a ck.gemm without a kernel configuration,
// a pinned configuration the chip cannot run (checked again, as
// ck-select-gemm-config does), operands that are not views of memrefs, grids
// larger than GPUs launch, and a module without a #ck.target (the last RUN
// line).

// NOTARGET: error: convert-ck-to-gpu needs a #ck.target: attach one as 'ck.target' on the module, or run ck-set-target{chip=...} first

// -----
// A ck.gemm that ck-select-gemm-config has not seen.
func.func @no_config(%a: memref<1x64x64xf16>, %b: memref<1x64x64xf16>, %c: memref<1x64x64xf16>) {
  // expected-error @+1 {{'ck.gemm' op has no kernel configuration; run ck-select-gemm-config first or pin one with `config <block = [...], wave = [...], intrinsic = ...>`}}
  ck.gemm %a, %b -> %c : memref<1x64x64xf16>, memref<1x64x64xf16> -> memref<1x64x64xf16>
  return
}

// -----
// A pinned configuration for another chip: NVIDIA's wave32 mma on gfx942.
func.func @wrong_chip(%a: memref<1x64x64xf16>, %b: memref<1x64x64xf16>, %c: memref<1x64x64xf16>) {
  // expected-error @+1 {{'ck.gemm' op #ck.mma_sync<16x8x16, f16> runs on waves of 32 lanes; gfx942 has 64}}
  ck.gemm %a, %b -> %c config <block = [64, 64, 32], wave = [32, 32], mma = #ck.mma_sync<16x8x16, f16>>
      : memref<1x64x64xf16>, memref<1x64x64xf16> -> memref<1x64x64xf16>
  return
}

// -----
// A pinned configuration over gfx942's LDS: ((256 + 8) * (64 + 8) +
// (64 + 8) * (256 + 8)) * 2 = 76032 bytes.
func.func @too_much_lds(%a: memref<1x64x64xf16>, %b: memref<1x64x64xf16>, %c: memref<1x64x64xf16>) {
  // expected-error @+1 {{'ck.gemm' op configuration needs 76032 bytes of LDS per workgroup; gfx942 allows 65536}}
  ck.gemm %a, %b -> %c config <block = [256, 256, 64], wave = [128, 128], mma = #ck.mfma<16x16x16, f16>>
      : memref<1x64x64xf16>, memref<1x64x64xf16> -> memref<1x64x64xf16>
  return
}

// -----
// A GEMM operand that is a function argument of view type: there is no
// memref behind it to pass to the kernel.
func.func @gemm_view_argument(%a: !ck.view<1x64x64xf16>, %b: memref<1x64x64xf16>, %c: memref<1x64x64xf16>) {
  // expected-error @+1 {{'ck.gemm' op operand is a view that does not start at a memref; kernels can only be built for views made by ck.transform ops}}
  ck.gemm %a, %b -> %c config <block = [64, 64, 32], wave = [32, 32], mma = #ck.mfma<16x16x16, f16>>
      : !ck.view<1x64x64xf16>, memref<1x64x64xf16> -> memref<1x64x64xf16>
  return
}

// -----
// The same for ck.fill.
func.func @fill_view_argument(%v: !ck.view<4x8xf16>) {
  // expected-error @+1 {{'ck.fill' op operand is a view that does not start at a memref; kernels can only be built for views made by ck.transform ops}}
  ck.fill %v : !ck.view<4x8xf16>
  return
}

// -----
// 183251937878 x 3 = 549755813634 f16 elements (just under 2^40 bytes, the
// largest tensor the verifier accepts), one per thread (rows of 3 take no
// vector): ceil(549755813634 / 256) = 2^31 fill workgroups of 256 threads
// along x; GPUs launch 2^31 - 1.
func.func @fill_grid_too_large(%m: memref<183251937878x3xf16>) {
  // expected-error @+1 {{'ck.fill' op needs a grid of 2147483648 x 1 x 1 workgroups for kernel fill_0; GPUs launch at most 2147483647 x 65535 x 65535}}
  ck.fill %m : memref<183251937878x3xf16>
  return
}

// -----
// The configuration check estimates the epilogue's staging tile in the
// operands' type: one MFMA row of the 4 wave rows, 64 x (256 + 8) f16 =
// 33792 bytes, next to the operand tiles' 36864 (A swizzled, 256 x 32 f16;
// B transposed to K-innermost and padded, 256 x (32 + 8)). With a D tensor it holds
// f32 accumulators: 64 x (256 + 4) x 4 = 66560 bytes, more than gfx942's
// 65536.
func.func @staging_with_d_too_large(%a: memref<1x256x256xf16>, %b: memref<1x256x256xf16>, %c: memref<1x256x256xf16>, %d: memref<1x256x256xf16>) {
  // expected-error @+1 {{'ck.gemm' op needs 66560 bytes of LDS per workgroup (operand tiles 36864, the epilogue's staging tile 66560); gfx942 allows 65536}}
  ck.gemm %a, %b -> %c adds(%d : memref<1x256x256xf16>) beta 1.0 config <block = [256, 256, 32], wave = [64, 128], mma = #ck.mfma<16x16x16, f16>>
      : memref<1x256x256xf16>, memref<1x256x256xf16> -> memref<1x256x256xf16>
  return
}

// -----
// 65536 groups: the GEMM kernels put G on grid y, which stops at 65535.
func.func @gemm_grid_too_large(%a: memref<65536x16x16xf16>, %b: memref<65536x16x16xf16>, %c: memref<65536x16x16xf32>) {
  // expected-error @+1 {{'ck.gemm' op needs a grid of 1 x 65536 x 1 workgroups for kernel gemm_0; GPUs launch at most 2147483647 x 65535 x 65535}}
  ck.gemm %a, %b -> %c config <block = [16, 16, 16], wave = [16, 16], mma = #ck.mfma<16x16x16, f16>> : memref<65536x16x16xf16>, memref<65536x16x16xf16> -> memref<65536x16x16xf32>
  return
}
