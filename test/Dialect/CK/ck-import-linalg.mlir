// RUN: ck-opt %s -split-input-file -ck-import-linalg | FileCheck %s

// ck-import-linalg reads each loop's role off the linalg op's indexing maps:
// a layout letter per operand dimension (N batch, G group or depthwise
// channel, C input channel, K output channel, spatial letters in the input's
// order: H, W for activations, Y, X for filters), unit dimensions in front
// for the roles an operand lacks. The expected layouts below are derived
// from the named ops' definitions (linalg's OpDSL) by hand.

// -----
// conv_2d_nhwc_fhwc: O[n, oh, ow, f] += I[n, oh + kh, ow + kw, c] * F[f, kh, kw, c].
// Input NHWC, filter KYXC, output NHWK, each lacking G (a unit dim in
// front). The zero fill before it is dropped: the ck op overwrites y.

// CHECK-LABEL: func.func @nhwc_fhwc
// CHECK-SAME: (%[[X:.+]]: memref<2x18x18x32xf16>, %[[W:.+]]: memref<64x3x3x32xf16>, %[[Y:.+]]: memref<2x16x16x64xf16>)
// CHECK-NOT: linalg.fill
// CHECK: %[[XG:.+]] = memref.expand_shape %[[X]] {{\[}}[0, 1], [2], [3], [4]] output_shape [1, 2, 18, 18, 32]
// CHECK: %[[WG:.+]] = memref.expand_shape %[[W]] {{\[}}[0, 1], [2], [3], [4]] output_shape [1, 64, 3, 3, 32]
// CHECK: %[[YG:.+]] = memref.expand_shape %[[Y]] {{\[}}[0, 1], [2], [3], [4]] output_shape [1, 2, 16, 16, 64]
// CHECK: ck.conv_fwd input(%[[XG]] : memref<1x2x18x18x32xf16>) filter(%[[WG]] : memref<1x64x3x3x32xf16>) output(%[[YG]] : memref<1x2x16x16x64xf16>) layouts(GNHWC, GKYXC, GNHWK) strides [1, 1] dilations [1, 1] pad_left [0, 0] pad_right [0, 0]
// CHECK-NOT: adds
// CHECK-NEXT: return
func.func @nhwc_fhwc(%x: memref<2x18x18x32xf16>, %w: memref<64x3x3x32xf16>, %y: memref<2x16x16x64xf16>) {
  %zero = arith.constant 0.0 : f16
  linalg.fill ins(%zero : f16) outs(%y : memref<2x16x16x64xf16>)
  linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : memref<2x18x18x32xf16>, memref<64x3x3x32xf16>) outs(%y : memref<2x16x16x64xf16>)
  return
}

// -----
// conv_2d_nhwc_hwcf, stride 2, dilation 3, bf16: filter YXCK.
// Ho = (21 - 3 * (2 - 1) - 1) / 2 + 1 = 9; Wo = (12 - 3 - 1) / 2 + 1 = 5.
// No fill: the ck op adds to y (y is also its D tensor).

// CHECK-LABEL: func.func @nhwc_hwcf
// CHECK: %[[YG:.+]] = memref.expand_shape %{{.+}} output_shape [1, 1, 9, 5, 8]
// CHECK: ck.conv_fwd input(%{{.+}} : memref<1x1x21x12x4xbf16>) filter(%{{.+}} : memref<1x2x2x4x8xbf16>) output(%[[YG]] : memref<1x1x9x5x8xbf16>) adds(%[[YG]] : memref<1x1x9x5x8xbf16>) layouts(GNHWC, GYXCK, GNHWK) strides [2, 2] dilations [3, 3] pad_left [0, 0] pad_right [0, 0]
func.func @nhwc_hwcf(%x: memref<1x21x12x4xbf16>, %w: memref<2x2x4x8xbf16>, %y: memref<1x9x5x8xbf16>) {
  linalg.conv_2d_nhwc_hwcf {dilations = dense<3> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%x, %w : memref<1x21x12x4xbf16>, memref<2x2x4x8xbf16>) outs(%y : memref<1x9x5x8xbf16>)
  return
}

// -----
// conv_2d_nchw_fchw: input NCHW, filter KCYX, output NKHW.

// CHECK-LABEL: func.func @nchw_fchw
// CHECK: ck.conv_fwd input(%{{.+}} : memref<1x2x32x17x17xf32>) filter(%{{.+}} : memref<1x64x32x3x3xf32>) output(%{{.+}} : memref<1x2x64x8x8xf32>) layouts(GNCHW, GKCYX, GNKHW) strides [2, 2] dilations [1, 1]
func.func @nchw_fchw(%x: memref<2x32x17x17xf32>, %w: memref<64x32x3x3xf32>, %y: memref<2x64x8x8xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%y : memref<2x64x8x8xf32>)
  linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%x, %w : memref<2x32x17x17xf32>, memref<64x32x3x3xf32>) outs(%y : memref<2x64x8x8xf32>)
  return
}

// -----
// Grouped, 4 groups: conv_2d_ngchw_fgchw (filter K G C Y X), conv_2d_ngchw_gfchw
// (filter G K C Y X) and conv_2d_nhwgc_gfhwc (ck's own NHWGC / GKYXC / NHWGK):
// every letter is present, so no dimension is added.

// CHECK-LABEL: func.func @grouped
// CHECK-NOT: memref.expand_shape
// CHECK: ck.conv_fwd input(%{{.+}} : memref<2x4x8x10x10xf16>) filter(%{{.+}} : memref<16x4x8x3x3xf16>) output(%{{.+}} : memref<2x4x16x8x8xf16>) layouts(NGCHW, KGCYX, NGKHW)
// CHECK: ck.conv_fwd input(%{{.+}} : memref<2x4x8x10x10xf16>) filter(%{{.+}} : memref<4x16x8x3x3xf16>) output(%{{.+}} : memref<2x4x16x8x8xf16>) layouts(NGCHW, GKCYX, NGKHW)
// CHECK: ck.conv_fwd input(%{{.+}} : memref<2x10x10x4x8xf16>) filter(%{{.+}} : memref<4x16x3x3x8xf16>) output(%{{.+}} : memref<2x8x8x4x16xf16>) layouts(NHWGC, GKYXC, NHWGK)
func.func @grouped(%x: memref<2x4x8x10x10xf16>, %w1: memref<16x4x8x3x3xf16>, %w2: memref<4x16x8x3x3xf16>, %y: memref<2x4x16x8x8xf16>,
                   %x3: memref<2x10x10x4x8xf16>, %w3: memref<4x16x3x3x8xf16>, %y3: memref<2x8x8x4x16xf16>) {
  linalg.conv_2d_ngchw_fgchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w1 : memref<2x4x8x10x10xf16>, memref<16x4x8x3x3xf16>) outs(%y : memref<2x4x16x8x8xf16>)
  linalg.conv_2d_ngchw_gfchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w2 : memref<2x4x8x10x10xf16>, memref<4x16x8x3x3xf16>) outs(%y : memref<2x4x16x8x8xf16>)
  linalg.conv_2d_nhwgc_gfhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x3, %w3 : memref<2x10x10x4x8xf16>, memref<4x16x3x3x8xf16>) outs(%y3 : memref<2x8x8x4x16xf16>)
  return
}

// -----
// Depthwise: the channel is the group G, with one input channel (C) and,
// without a multiplier, one output channel (K) per group, both unit dims.
// depthwise_conv_2d_nhwc_hwc: O[n, oh, ow, c] += I[n, oh + kh, ow + kw, c] * F[kh, kw, c].
// depthwise_conv_2d_nhwc_hwcm: O[n, oh, ow, c, m] += I[n, oh + kh, ow + kw, c] * F[kh, kw, c, m];
// the multiplier m is K.

// CHECK-LABEL: func.func @depthwise
// CHECK: memref.expand_shape %{{.+}} {{\[}}[0, 1], [2], [3], [4]] output_shape [1, 1, 10, 10, 8]
// CHECK: memref.expand_shape %{{.+}} {{\[}}[0, 1, 2], [3], [4]] output_shape [1, 1, 3, 3, 8]
// CHECK: ck.conv_fwd input(%{{.+}} : memref<1x1x10x10x8xf16>) filter(%{{.+}} : memref<1x1x3x3x8xf16>) output(%{{.+}} : memref<1x1x8x8x8xf16>) layouts(CNHWG, KCYXG, KNHWG)
// CHECK: ck.conv_fwd input(%{{.+}} : memref<1x1x10x10x8xf16>) filter(%{{.+}} : memref<1x3x3x8x2xf16>) output(%{{.+}} : memref<1x8x8x8x2xf16>) layouts(CNHWG, CYXGK, NHWGK)
func.func @depthwise(%x: memref<1x10x10x8xf16>, %w: memref<3x3x8xf16>, %y: memref<1x8x8x8xf16>,
                     %wm: memref<3x3x8x2xf16>, %ym: memref<1x8x8x8x2xf16>) {
  linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : memref<1x10x10x8xf16>, memref<3x3x8xf16>) outs(%y : memref<1x8x8x8xf16>)
  linalg.depthwise_conv_2d_nhwc_hwcm {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %wm : memref<1x10x10x8xf16>, memref<3x3x8x2xf16>) outs(%ym : memref<1x8x8x8x2xf16>)
  return
}

// -----
// 1-D and 3-D: conv_1d_nwc_wcf (filter XCK) and conv_3d_ndhwc_dhwcf
// (filter ZYXCK). 3-D: Do = (6 - 2) / 2 + 1 = 3, Ho = Wo = (5 - 3) + 1 = 3.

// CHECK-LABEL: func.func @one_and_three_d
// CHECK: ck.conv_fwd input(%{{.+}} : memref<1x4x9x8xf32>) filter(%{{.+}} : memref<1x3x8x16xf32>) output(%{{.+}} : memref<1x4x7x16xf32>) layouts(GNWC, GXCK, GNWK) strides [1] dilations [1] pad_left [0] pad_right [0]
// CHECK: ck.conv_fwd input(%{{.+}} : memref<1x2x6x5x5x4xf32>) filter(%{{.+}} : memref<1x2x3x3x4x8xf32>) output(%{{.+}} : memref<1x2x3x3x3x8xf32>) layouts(GNDHWC, GZYXCK, GNDHWK) strides [2, 1, 1] dilations [1, 1, 1] pad_left [0, 0, 0] pad_right [0, 0, 0]
func.func @one_and_three_d(%x1: memref<4x9x8xf32>, %w1: memref<3x8x16xf32>, %y1: memref<4x7x16xf32>,
                           %x3: memref<2x6x5x5x4xf32>, %w3: memref<2x3x3x4x8xf32>, %y3: memref<2x3x3x3x8xf32>) {
  linalg.conv_1d_nwc_wcf {dilations = dense<1> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>}
      ins(%x1, %w1 : memref<4x9x8xf32>, memref<3x8x16xf32>) outs(%y1 : memref<4x7x16xf32>)
  linalg.conv_3d_ndhwc_dhwcf {dilations = dense<1> : tensor<3xi64>, strides = dense<[2, 1, 1]> : tensor<3xi64>}
      ins(%x3, %w3 : memref<2x6x5x5x4xf32>, memref<2x3x3x4x8xf32>) outs(%y3 : memref<2x3x3x3x8xf32>)
  return
}

// -----
// A linalg.generic convolution with the terms of the input index in the
// other order (dilation * filter + stride * output), stride 2 and
// dilation 2 on H, 1 on W; Ho = (11 - 2 * 2 - 1) / 2 + 1 = 4, Wo = 9 - 3 + 1 = 7.

// CHECK-LABEL: func.func @generic_conv
// CHECK: ck.conv_fwd input(%{{.+}} : memref<1x2x11x9x3xf16>) filter(%{{.+}} : memref<1x5x3x3x3xf16>) output(%{{.+}} : memref<1x2x4x7x5xf16>) layouts(GNHWC, GKYXC, GNHWK) strides [2, 1] dilations [2, 1]
#in = affine_map<(n, oh, ow, k, kh, kw, c) -> (n, kh * 2 + oh * 2, kw + ow, c)>
#fil = affine_map<(n, oh, ow, k, kh, kw, c) -> (k, kh, kw, c)>
#out = affine_map<(n, oh, ow, k, kh, kw, c) -> (n, oh, ow, k)>
func.func @generic_conv(%x: memref<2x11x9x3xf16>, %w: memref<5x3x3x3xf16>, %y: memref<2x4x7x5xf16>) {
  linalg.generic {indexing_maps = [#in, #fil, #out],
                  iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
      ins(%x, %w : memref<2x11x9x3xf16>, memref<5x3x3x3xf16>) outs(%y : memref<2x4x7x5xf16>) {
  ^bb0(%a: f16, %b: f16, %acc: f16):
    %m = arith.mulf %a, %b : f16
    %s = arith.addf %acc, %m : f16
    linalg.yield %s : f16
  }
  return
}

// -----
// The fill is kept as the accumulator where something between it and the
// convolution reads y; a write to another, fresh buffer in between does not
// matter.

// CHECK-LABEL: func.func @fill_then_read
// CHECK: linalg.fill
// CHECK: memref.copy
// CHECK: ck.conv_fwd {{.*}} adds(
// CHECK-LABEL: func.func @fill_then_other_write
// CHECK-NOT: linalg.fill ins(%{{.+}} : f16) outs(%{{.+}} : memref<2x16x16x64xf16>)
// CHECK: linalg.fill ins(%{{.+}} : f16) outs(%{{.+}} : memref<4xf16>)
// CHECK-NOT: adds
// CHECK: return
func.func @fill_then_read(%x: memref<2x18x18x32xf16>, %w: memref<64x3x3x32xf16>, %y: memref<2x16x16x64xf16>, %copy: memref<2x16x16x64xf16>) {
  %zero = arith.constant 0.0 : f16
  linalg.fill ins(%zero : f16) outs(%y : memref<2x16x16x64xf16>)
  memref.copy %y, %copy : memref<2x16x16x64xf16> to memref<2x16x16x64xf16>
  linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : memref<2x18x18x32xf16>, memref<64x3x3x32xf16>) outs(%y : memref<2x16x16x64xf16>)
  return
}
func.func @fill_then_other_write(%x: memref<2x18x18x32xf16>, %w: memref<64x3x3x32xf16>, %y: memref<2x16x16x64xf16>) {
  %zero = arith.constant 0.0 : f16
  linalg.fill ins(%zero : f16) outs(%y : memref<2x16x16x64xf16>)
  %other = memref.alloc() : memref<4xf16>
  linalg.fill ins(%zero : f16) outs(%other : memref<4xf16>)
  linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : memref<2x18x18x32xf16>, memref<64x3x3x32xf16>) outs(%y : memref<2x16x16x64xf16>)
  return
}

// -----
// A write to the output through a view the pass cannot see through (a
// transpose is not a view-like op) may change it: the fill stays and the
// GEMM adds to c.

// CHECK-LABEL: func.func @fill_then_aliased_write
// CHECK: linalg.fill
// CHECK: linalg.fill
// CHECK: ck.gemm {{.*}} adds(
func.func @fill_then_aliased_write(%a: memref<16x32xf16>, %b: memref<32x16xf16>) -> memref<16x16xf16> {
  %zero = arith.constant 0.0 : f16
  %one = arith.constant 1.0 : f16
  %c = memref.alloc() : memref<16x16xf16>
  linalg.fill ins(%zero : f16) outs(%c : memref<16x16xf16>)
  %t = memref.transpose %c (i, j) -> (j, i) : memref<16x16xf16> to memref<16x16xf16, strided<[1, 16]>>
  linalg.fill ins(%one : f16) outs(%t : memref<16x16xf16, strided<[1, 16]>>)
  linalg.matmul ins(%a, %b : memref<16x32xf16>, memref<32x16xf16>) outs(%c : memref<16x16xf16>)
  return %c : memref<16x16xf16>
}

// -----
// A bufferized tensor.pad (zero fill of a fresh buffer, then a copy of x into
// its interior) becomes the ck op's pads: H by (1, 2), W by (0, 3); the
// buffer and its writers go. Ho = 7 + 1 + 2 - 3 + 1 = 8, Wo = 5 + 0 + 3 - 3 + 1 = 6.
// (The pass takes function arguments to possibly alias one another, so
// the output here is a fresh buffer: a write to an argument between the
// copy and the convolution could change x.)

// CHECK-LABEL: func.func @padded
// CHECK-SAME: (%[[X:[^:]+]]: memref<1x7x5x4xf16>
// CHECK-NOT: memref.copy
// CHECK: %[[Y:.+]] = memref.alloc() : memref<1x8x6x8xf16>
// CHECK-NOT: memref.alloc
// CHECK-NOT: memref.copy
// CHECK: %[[XG:.+]] = memref.expand_shape %[[X]]
// CHECK: ck.conv_fwd input(%[[XG]] : memref<1x1x7x5x4xf16>) filter(%{{.+}} : memref<1x8x3x3x4xf16>) output(%{{.+}} : memref<1x1x8x6x8xf16>) layouts(GNHWC, GKYXC, GNHWK) strides [1, 1] dilations [1, 1] pad_left [1, 0] pad_right [2, 3]
// CHECK-NOT: memref.dealloc
// CHECK: return %[[Y]]
func.func @padded(%x: memref<1x7x5x4xf16>, %w: memref<8x3x3x4xf16>) -> memref<1x8x6x8xf16> {
  %zero = arith.constant 0.0 : f16
  %buffer = memref.alloc() : memref<1x10x8x4xf16>
  linalg.map outs(%buffer : memref<1x10x8x4xf16>)
    (%init: f16) {
      linalg.yield %zero : f16
    }
  %interior = memref.subview %buffer[0, 1, 0, 0] [1, 7, 5, 4] [1, 1, 1, 1]
      : memref<1x10x8x4xf16> to memref<1x7x5x4xf16, strided<[320, 32, 4, 1], offset: 32>>
  memref.copy %x, %interior : memref<1x7x5x4xf16> to memref<1x7x5x4xf16, strided<[320, 32, 4, 1], offset: 32>>
  %y = memref.alloc() : memref<1x8x6x8xf16>
  linalg.fill ins(%zero : f16) outs(%y : memref<1x8x6x8xf16>)
  linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%buffer, %w : memref<1x10x8x4xf16>, memref<8x3x3x4xf16>) outs(%y : memref<1x8x6x8xf16>)
  memref.dealloc %buffer : memref<1x10x8x4xf16>
  return %y : memref<1x8x6x8xf16>
}

// -----
// Padding of the channels, or a source written after the copy, is not
// ck's padding: the convolution reads the padded buffer.

// CHECK-LABEL: func.func @padded_channels
// CHECK: memref.copy
// CHECK: ck.conv_fwd input(%{{.+}} : memref<1x1x7x5x6xf16>) {{.*}} pad_left [0, 0] pad_right [0, 0]
// CHECK-LABEL: func.func @source_written_after_copy
// CHECK: memref.copy
// CHECK: ck.conv_fwd input(%{{.+}} : memref<1x1x9x5x4xf16>) {{.*}} pad_left [0, 0] pad_right [0, 0]
func.func @padded_channels(%x: memref<1x7x5x4xf16>, %w: memref<8x3x3x6xf16>, %y: memref<1x5x3x8xf16>) {
  %zero = arith.constant 0.0 : f16
  %buffer = memref.alloc() : memref<1x7x5x6xf16>
  linalg.fill ins(%zero : f16) outs(%buffer : memref<1x7x5x6xf16>)
  %interior = memref.subview %buffer[0, 0, 0, 1] [1, 7, 5, 4] [1, 1, 1, 1]
      : memref<1x7x5x6xf16> to memref<1x7x5x4xf16, strided<[210, 30, 6, 1], offset: 1>>
  memref.copy %x, %interior : memref<1x7x5x4xf16> to memref<1x7x5x4xf16, strided<[210, 30, 6, 1], offset: 1>>
  linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%buffer, %w : memref<1x7x5x6xf16>, memref<8x3x3x6xf16>) outs(%y : memref<1x5x3x8xf16>)
  return
}
func.func @source_written_after_copy(%x: memref<1x7x5x4xf16>, %w: memref<8x3x3x4xf16>, %y: memref<1x7x3x8xf16>) {
  %zero = arith.constant 0.0 : f16
  %buffer = memref.alloc() : memref<1x9x5x4xf16>
  linalg.fill ins(%zero : f16) outs(%buffer : memref<1x9x5x4xf16>)
  %interior = memref.subview %buffer[0, 1, 0, 0] [1, 7, 5, 4] [1, 1, 1, 1]
      : memref<1x9x5x4xf16> to memref<1x7x5x4xf16, strided<[180, 20, 4, 1], offset: 20>>
  memref.copy %x, %interior : memref<1x7x5x4xf16> to memref<1x7x5x4xf16, strided<[180, 20, 4, 1], offset: 20>>
  linalg.fill ins(%zero : f16) outs(%x : memref<1x7x5x4xf16>)
  linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%buffer, %w : memref<1x9x5x4xf16>, memref<8x3x3x4xf16>) outs(%y : memref<1x7x3x8xf16>)
  return
}

// -----
// GEMMs: matmul f16 x f16 -> f32 (a unit batch G in front of each operand),
// batch_matmul (no dimension added), and a matmul whose A is K x M (its view
// swaps the last two dimensions).

// CHECK-LABEL: func.func @gemms
// CHECK: %[[A:.+]] = memref.expand_shape %{{.+}} {{\[}}[0, 1], [2]] output_shape [1, 16, 32]
// CHECK: %[[B:.+]] = memref.expand_shape %{{.+}} {{\[}}[0, 1], [2]] output_shape [1, 32, 8]
// CHECK: %[[C:.+]] = memref.expand_shape %{{.+}} {{\[}}[0, 1], [2]] output_shape [1, 16, 8]
// CHECK: ck.gemm %[[A]], %[[B]] -> %[[C]] adds(%[[C]] : memref<1x16x8xf32>) : memref<1x16x32xf16>, memref<1x32x8xf16> -> memref<1x16x8xf32>
// CHECK: ck.gemm %{{.+}}, %{{.+}} -> %{{.+}} : memref<3x16x32xbf16>, memref<3x32x8xbf16> -> memref<3x16x8xbf16>
// CHECK: %[[AT:.+]] = memref.expand_shape %{{.+}} output_shape [1, 32, 16]
// CHECK: %[[AV:.+]] = ck.transform %[[AT]] : memref<1x32x16xf16> to !ck.view<1x16x32xf16> by #ck.transform_map<[1, 16, 32] -> [1, 32, 16], [<pass_through [0] -> [0]>, <pass_through [2] -> [1]>, <pass_through [1] -> [2]>]>
// CHECK: ck.gemm %[[AV]], %{{.+}} -> %{{.+}} : !ck.view<1x16x32xf16>, memref<1x32x8xf16> -> memref<1x16x8xf16>
func.func @gemms(%a: memref<16x32xf16>, %b: memref<32x8xf16>, %c: memref<16x8xf32>,
                 %ba: memref<3x16x32xbf16>, %bb: memref<3x32x8xbf16>, %bc: memref<3x16x8xbf16>,
                 %at: memref<32x16xf16>, %c16: memref<16x8xf16>) {
  linalg.matmul ins(%a, %b : memref<16x32xf16>, memref<32x8xf16>) outs(%c : memref<16x8xf32>)
  %zero = arith.constant 0.0 : bf16
  linalg.fill ins(%zero : bf16) outs(%bc : memref<3x16x8xbf16>)
  linalg.batch_matmul ins(%ba, %bb : memref<3x16x32xbf16>, memref<3x32x8xbf16>) outs(%bc : memref<3x16x8xbf16>)
  %zero16 = arith.constant 0.0 : f16
  linalg.fill ins(%zero16 : f16) outs(%c16 : memref<16x8xf16>)
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%at, %b : memref<32x16xf16>, memref<32x8xf16>) outs(%c16 : memref<16x8xf16>)
  return
}

// -----
// What the pass leaves alone: pooling (no multiplication), integer and
// element-wise ops.

// CHECK-LABEL: func.func @untouched
// CHECK: linalg.pooling_nhwc_sum
// CHECK: linalg.matmul
// CHECK: linalg.add
// CHECK-NOT: ck.
func.func @untouched(%x: memref<1x6x6x4xf32>, %win: memref<3x3xf32>, %p: memref<1x4x4x4xf32>,
                     %a: memref<4x4xi32>, %c: memref<4x4xi32>) {
  linalg.pooling_nhwc_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %win : memref<1x6x6x4xf32>, memref<3x3xf32>) outs(%p : memref<1x4x4x4xf32>)
  linalg.matmul ins(%a, %a : memref<4x4xi32>, memref<4x4xi32>) outs(%c : memref<4x4xi32>)
  linalg.add ins(%a, %a : memref<4x4xi32>, memref<4x4xi32>) outs(%c : memref<4x4xi32>)
  return
}
