// RUN: mlir-opt %s --load-dialect-plugin=%ck_plugin --load-pass-plugin=%ck_plugin --pass-pipeline='builtin.module(ck-to-rocdl{chip=gfx942 format=isa})' | FileCheck %s
// RUN: mlir-opt %s --load-dialect-plugin=%ck_plugin --load-pass-plugin=%ck_plugin --pass-pipeline='builtin.module(ck-conv-to-gemm)' | FileCheck %s --check-prefix=GEMM
// RUN: not mlir-opt %s 2>&1 | FileCheck %s --check-prefix=NO-PLUGIN

// Debian's mlir-opt (LLVM 22, built on the same libMLIR as ck) with ck as
// a plugin (tools/ck-plugin, CKPlugin.so): the dialect plugin lets it parse
// ck ops, the pass plugin runs ck's passes and pipelines. The bwd_weight
// convolution of isa-gfx942.mlir goes through ck-to-rocdl to gfx942
// assembly with MFMA instructions; one pass alone gives its GEMM. Without
// the plugin, mlir-opt does not know the dialect.

// CHECK: gpu.binary @ck_kernels
// CHECK-SAME: v_mfma_f32_16x16x16{{_?}}f16
// GEMM: ck.gemm
// NO-PLUGIN: Dialect `ck' not found for custom op 'ck.conv_bwd_weight'
func.func @bwd_weight_f16(%x: memref<2x7x7x1x16xf16>, %dw: memref<1x16x3x3x16xf16>,
                          %dy: memref<2x7x7x1x16xf16>) {
  ck.conv_bwd_weight input(%x : memref<2x7x7x1x16xf16>)
      filter(%dw : memref<1x16x3x3x16xf16>)
      output(%dy : memref<2x7x7x1x16xf16>)
      layouts(NHWGC, GKYXC, NHWGK) strides [1, 1] dilations [1, 1]
      pad_left [1, 1] pad_right [1, 1]
  return
}
