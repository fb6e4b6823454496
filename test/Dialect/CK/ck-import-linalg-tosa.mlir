// RUN: ck-opt %s --pass-pipeline='builtin.module(func.func(tosa-to-linalg-named, tosa-to-linalg), one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map}, func.func(ck-import-linalg))' | FileCheck %s
// RUN: ck-opt %s --pass-pipeline='builtin.module(func.func(tosa-to-linalg-named, tosa-to-linalg), one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map}, func.func(ck-import-linalg), ck-to-rocdl{chip=gfx942 format=isa})' | FileCheck %s --check-prefix=ISA

// tosa.conv2d through upstream's tosa-to-linalg-named and one-shot
// bufferization, then ck-import-linalg. tosa-to-linalg-named writes the
// convolution as a tensor.pad of the input (a zero-filled buffer and a copy
// into its interior once bufferized), the bias broadcast into the output
// (a linalg.generic) and linalg.conv_2d_nhwc_fhwc accumulating into it.
// The import folds the padding into the ck op's pads (1 on each side of H
// and W, from tosa's pad = [1, 1, 1, 1]) and reads the input directly, and
// adds to the broadcast bias (the output is also the ck op's D tensor).
// The broadcast stays a linalg op for the host's own lowering.

// CHECK-LABEL: func.func @conv
// CHECK-SAME: (%[[X:[^:]+]]: memref<2x16x16x32xf32>, %[[W:[^:]+]]: memref<64x3x3x32xf32>, %[[B:[^:]+]]: memref<64xf32>)
// CHECK-NOT: memref.copy
// CHECK: %[[Y:.+]] = memref.alloc() {{.*}} : memref<2x16x16x64xf32>
// CHECK-NEXT: linalg.generic {{.*}} ins(%[[B]] : memref<64xf32>) outs(%[[Y]] : memref<2x16x16x64xf32>)
// CHECK: %[[XG:.+]] = memref.expand_shape %[[X]]
// CHECK: %[[WG:.+]] = memref.expand_shape %[[W]]
// CHECK: %[[YG:.+]] = memref.expand_shape %[[Y]]
// CHECK: ck.conv_fwd input(%[[XG]] : memref<1x2x16x16x32xf32>) filter(%[[WG]] : memref<1x64x3x3x32xf32>) output(%[[YG]] : memref<1x2x16x16x64xf32>) adds(%[[YG]] : memref<1x2x16x16x64xf32>) layouts(GNHWC, GKYXC, GNHWK) strides [1, 1] dilations [1, 1] pad_left [1, 1] pad_right [1, 1]
// CHECK-NOT: memref.copy
// CHECK: return %[[Y]]

// gfx942 MFMA for f32: the kernel of the imported convolution.
// ISA: gpu.binary @ck_kernels
// ISA-SAME: v_mfma_f32_16x16x4{{_?}}f32
func.func @conv(%x: tensor<2x16x16x32xf32>, %w: tensor<64x3x3x32xf32>, %b: tensor<64xf32>) -> tensor<2x16x16x64xf32> {
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %y = tosa.conv2d %x, %w, %b, %zp, %zp {acc_type = f32, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>}
      : (tensor<2x16x16x32xf32>, tensor<64x3x3x32xf32>, tensor<64xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<2x16x16x64xf32>
  return %y : tensor<2x16x16x64xf32>
}
