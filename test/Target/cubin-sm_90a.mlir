// REQUIRES: ptxas
// RUN: ck-opt %s --pass-pipeline='builtin.module(ck-to-nvvm{chip=sm_90a format=bin})' | FileCheck %s

// The ck-to-nvvm pipeline for sm_90a down to a cubin (format=bin): the PTX
// goes through ptxas from the default toolkit, /usr/local/cuda, so this test
// runs only where lit found /usr/local/cuda/bin/ptxas. The binary is an ELF
// file (escaped in the attribute): 64-bit (\02), little-endian (\01), an
// executable (e_type 2) for e_machine 190 = 0xBE (EM_CUDA), with the
// kernel's code and shared-memory sections named after gemm_0.
// The problem is the f16 case of ptx-sm_90a.mlir: one kernel, grid 2,
// 128 threads.

// CHECK-LABEL: func.func @bwd_weight_f16
// CHECK: gpu.launch_func @ck_kernels::@gemm_0 blocks in (%c2{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}) threads in (%c128{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}})
// CHECK: gpu.binary @ck_kernels [#gpu.object<#nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">, properties = {{.*}}, bin = "\7FELF\02\01\01
// CHECK-SAME: \02\00\BE\00
// CHECK-SAME: .text.gemm_0
// CHECK-SAME: .nv.shared.gemm_0
// CHECK-SAME: sm_90a
func.func @bwd_weight_f16(%x: memref<2x7x7x1x16xf16>, %dw: memref<1x16x3x3x16xf16>,
                          %dy: memref<2x7x7x1x16xf16>) {
  ck.conv_bwd_weight input(%x : memref<2x7x7x1x16xf16>)
      filter(%dw : memref<1x16x3x3x16xf16>)
      output(%dy : memref<2x7x7x1x16xf16>)
      layouts(NHWGC, GKYXC, NHWGK) strides [1, 1] dilations [1, 1]
      pad_left [1, 1] pad_right [1, 1]
  return
}
