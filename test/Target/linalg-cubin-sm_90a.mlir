// REQUIRES: ptxas
// RUN: ck-opt %s --pass-pipeline='builtin.module(func.func(ck-import-linalg), ck-to-nvvm{chip=sm_90a format=bin})' | FileCheck %s

// Upstream linalg to a cubin: the linalg convolution and matmul of
// linalg-hsaco-gfx942.mlir, imported by ck-import-linalg, through the
// ck-to-nvvm pipeline to one sm_90a cubin (ptxas from /usr/local/cuda): an
// ELF file, 64-bit (\02), little-endian (\01), an executable (e_type 2) for
// e_machine 190 = 0xBE (EM_CUDA), with a code section per GEMM kernel.

// CHECK-LABEL: func.func @conv
// CHECK: memref.expand_shape
// CHECK: gpu.launch_func @ck_kernels::@gemm_0
// CHECK-LABEL: func.func @matmul
// CHECK: gpu.launch_func @ck_kernels::@gemm_1
// CHECK: gpu.binary @ck_kernels [#gpu.object<#nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">, properties = {{.*}}, bin = "\7FELF\02\01\01
// CHECK-SAME: \02\00\BE\00
// CHECK-SAME: .text.gemm_
// CHECK-SAME: .text.gemm_
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
