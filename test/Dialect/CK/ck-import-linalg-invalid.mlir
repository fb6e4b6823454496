// RUN: ck-opt %s -split-input-file -verify-diagnostics -ck-import-linalg

// Each linalg op below computes a convolution or a matrix product that the
// ck dialect cannot express; the pass names the reason.

func.func @tensors(%x: tensor<1x10x10x4xf16>, %w: tensor<8x3x3x4xf16>, %y: tensor<1x8x8x8xf16>) -> tensor<1x8x8x8xf16> {
  // expected-error @+1 {{'linalg.conv_2d_nhwc_fhwc' op works on tensors; ck-import-linalg imports ops on buffers, so bufferize first (one-shot-bufferize)}}
  %r = linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<1x10x10x4xf16>, tensor<8x3x3x4xf16>) outs(%y : tensor<1x8x8x8xf16>) -> tensor<1x8x8x8xf16>
  return %r : tensor<1x8x8x8xf16>
}

// -----
func.func @dynamic(%a: memref<?x32xf16>, %b: memref<32x8xf16>, %c: memref<?x8xf16>) {
  // expected-error @+1 {{'linalg.matmul' op operand #0 'memref<?x32xf16>' has a dynamic shape; ck ops take static shapes}}
  linalg.matmul ins(%a, %b : memref<?x32xf16>, memref<32x8xf16>) outs(%c : memref<?x8xf16>)
  return
}

// -----
// f16 products accumulated in f32, as tosa-to-linalg writes them.
func.func @mixed_conv_types(%x: memref<1x10x10x4xf16>, %w: memref<8x3x3x4xf16>, %y: memref<1x8x8x8xf32>) {
  // expected-error @+1 {{'linalg.conv_2d_nhwc_fhwc' op convolves 'f16' with 'f16' into 'f32'; ck convolutions read and write one element type, f16, bf16 or f32}}
  linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : memref<1x10x10x4xf16>, memref<8x3x3x4xf16>) outs(%y : memref<1x8x8x8xf32>)
  return
}

// -----
func.func @f64_matmul(%a: memref<16x32xf64>, %b: memref<32x8xf64>, %c: memref<16x8xf64>) {
  // expected-error @+1 {{'linalg.matmul' op multiplies 'f64' by 'f64' into 'f64'; ck.gemm multiplies two f16, bf16 or f32 operands of one type into f16, bf16 or f32}}
  linalg.matmul ins(%a, %b : memref<16x32xf64>, memref<32x8xf64>) outs(%c : memref<16x8xf64>)
  return
}

// -----
// Ho = (10 - 3) / 2 + 1 = 4, but the output has 3 rows: linalg lets the
// convolution skip the input's last rows, ck convolutions do not.
func.func @output_short_of_input(%x: memref<1x10x10x4xf16>, %w: memref<8x3x3x4xf16>, %y: memref<1x3x4x8xf16>) {
  // expected-error @+1 {{'linalg.conv_2d_nhwc_fhwc' op spatial dimension #0 has 3 outputs where its input of 10 (filter 3, stride 2, dilation 1) gives 4; ck convolutions cover their whole input}}
  linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%x, %w : memref<1x10x10x4xf16>, memref<8x3x3x4xf16>) outs(%y : memref<1x3x4x8xf16>)
  return
}

// -----
// Two batch dimensions.
#in = affine_map<(b0, b1, o, k, f, c) -> (b0, b1, o + f, c)>
#fil = affine_map<(b0, b1, o, k, f, c) -> (k, f, c)>
#out = affine_map<(b0, b1, o, k, f, c) -> (b0, b1, o, k)>
func.func @two_batches(%x: memref<2x3x10x4xf32>, %w: memref<8x3x4xf32>, %y: memref<2x3x8x8xf32>) {
  // expected-error @+1 {{'linalg.generic' op has 2 batch dimensions; ck convolutions have at most one}}
  linalg.generic {indexing_maps = [#in, #fil, #out],
                  iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]}
      ins(%x, %w : memref<2x3x10x4xf32>, memref<8x3x4xf32>) outs(%y : memref<2x3x8x8xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  }
  return
}

// -----
// Two M dimensions.
#a = affine_map<(m0, m1, n, k) -> (m0, m1, k)>
#b = affine_map<(m0, m1, n, k) -> (k, n)>
#c = affine_map<(m0, m1, n, k) -> (m0, m1, n)>
func.func @two_ms(%a: memref<2x16x32xf32>, %b: memref<32x8xf32>, %c: memref<2x16x8xf32>) {
  // expected-error @+1 {{'linalg.generic' op has 2 M dimensions; ck.gemm has one M, N and K and at most one batch dimension}}
  linalg.generic {indexing_maps = [#a, #b, #c],
                  iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<2x16x32xf32>, memref<32x8xf32>) outs(%c : memref<2x16x8xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %m = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  }
  return
}

// -----
// A strided view that is not contiguous: ck kernels index memrefs as
// row-major and contiguous.
func.func @strided(%a: memref<16x64xf16>, %b: memref<32x8xf16>, %c: memref<16x8xf16>) {
  %half = memref.subview %a[0, 0] [16, 32] [1, 1] : memref<16x64xf16> to memref<16x32xf16, strided<[64, 1]>>
  // expected-error @+1 {{'linalg.matmul' op operand #0}}
  linalg.matmul ins(%half, %b : memref<16x32xf16, strided<[64, 1]>>, memref<32x8xf16>) outs(%c : memref<16x8xf16>)
  return
}
