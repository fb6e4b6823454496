// RUN: ck-opt %s --pass-pipeline='builtin.module(func.func(ck-import-linalg), ck-to-rocdl{chip=gfx942 format=bin})' | FileCheck %s

// Upstream linalg to an AMD code object: ck-import-linalg turns the
// convolution and the matmul into ck ops, the ck-to-rocdl pipeline lowers
// them to one gfx942 hsaco (format=bin): an ELF file, 64-bit (\02),
// little-endian (\01), OS ABI AMDGPU HSA (64, '@'), a shared object
// (e_type 3) for e_machine 0xE0 (EM_AMDGPU), whose metadata names the two
// GEMM kernels with no scratch (private segment size 0). The host code
// launches them on the memrefs it was given, with a unit group dimension
// in front (memref.expand_shape).

// CHECK-LABEL: func.func @conv
// CHECK: memref.expand_shape
// CHECK: gpu.launch_func @ck_kernels::@gemm_0
// CHECK-LABEL: func.func @matmul
// CHECK: gpu.launch_func @ck_kernels::@gemm_1
// CHECK: gpu.binary @ck_kernels [#gpu.object<#rocdl.target<O = 3, chip = "gfx942">, bin = "\7FELF\02\01\01@
// CHECK-SAME: \03\00\E0\00
// CHECK-SAME: .name\A6gemm_0\BB.private_segment_fixed_size\00
// CHECK-SAME: .name\A6gemm_1\BB.private_segment_fixed_size\00
func.func @conv(%x: memref<2x18x18x32xf16>, %w: memref<64x3x3x32xf16>, %y: memref<2x16x16x64xf16>) {
  %zero = arith.constant 0.0 : f16
  linalg.fill ins(%zero : f16) outs(%y : memref<2x16x16x64xf16>)
  linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : memref<2x18x18x32xf16>, memref<64x3x3x32xf16>) outs(%y : memref<2x16x16x64xf16>)
  return
}

func.func @matmul(%a: memref<128x64xbf16>, %b: memref<64x96xbf16>, %c: memref<128x96xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%c : memref<128x96xf32>)
  linalg.matmul ins(%a, %b : memref<128x64xbf16>, memref<64x96xbf16>) outs(%c : memref<128x96xf32>)
  return
}
