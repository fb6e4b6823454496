// RUN: ck-opt %s | ck-opt | FileCheck %s
// RUN: ck-opt %s --mlir-print-op-generic | ck-opt | FileCheck %s

// Round trips of every ck op and of the !ck.view type, in the custom and in
// the generic form. The CHECK lines look at the custom form that the second
// ck-opt prints.

// -----
// ck.conv_fwd, 1-D (NWGC/GKXC/NWGK), f16, stride 2, no epilogue.
// Wo = (9 + 1 + 1 - 3) / 2 + 1 = 5.

// CHECK-LABEL: func.func @conv_fwd_1d
// CHECK: ck.conv_fwd input(%{{.*}} : memref<2x9x1x8xf16>) filter(%{{.*}} : memref<1x4x3x8xf16>) output(%{{.*}} : memref<2x5x1x4xf16>) layouts(NWGC, GKXC, NWGK) strides [2] dilations [1] pad_left [1] pad_right [1]{{$}}
// CHECK-NOT: adds
// CHECK-NOT: alpha
// CHECK-NOT: beta
// CHECK-NEXT: return
func.func @conv_fwd_1d(%x: memref<2x9x1x8xf16>, %w: memref<1x4x3x8xf16>,
                       %y: memref<2x5x1x4xf16>) {
  ck.conv_fwd input(%x : memref<2x9x1x8xf16>)
      filter(%w : memref<1x4x3x8xf16>)
      output(%y : memref<2x5x1x4xf16>)
      layouts(NWGC, GKXC, NWGK) strides [2] dilations [1]
      pad_left [1] pad_right [1]
  return
}

// -----
// ck.conv_fwd, 2-D (NHWGC/GKYXC/NHWGK), f16, with adds, alpha and beta.
// Ho = Wo = (7 + 1 + 1 - 3) / 1 + 1 = 7.

// CHECK-LABEL: func.func @conv_fwd_2d_epilogue
// CHECK-SAME: (%[[X:.*]]: memref<2x7x7x1x8xf16>, %[[W:.*]]: memref<1x4x3x3x8xf16>, %[[Y:.*]]: memref<2x7x7x1x4xf16>, %[[D0:.*]]: memref<2x7x7x1x4xf16>, %[[D1:.*]]: memref<2x7x7x1x4xf16>)
// CHECK: ck.conv_fwd input(%[[X]] : memref<2x7x7x1x8xf16>) filter(%[[W]] : memref<1x4x3x3x8xf16>) output(%[[Y]] : memref<2x7x7x1x4xf16>)
// CHECK-SAME: adds(%[[D0]], %[[D1]] : memref<2x7x7x1x4xf16>, memref<2x7x7x1x4xf16>)
// CHECK-SAME: layouts(NHWGC, GKYXC, NHWGK) strides [1, 1] dilations [1, 1] pad_left [1, 1] pad_right [1, 1]
// CHECK-SAME: alpha 2.000000e+00 beta 5.000000e-01
func.func @conv_fwd_2d_epilogue(%x: memref<2x7x7x1x8xf16>,
                                %w: memref<1x4x3x3x8xf16>,
                                %y: memref<2x7x7x1x4xf16>,
                                %d0: memref<2x7x7x1x4xf16>,
                                %d1: memref<2x7x7x1x4xf16>) {
  ck.conv_fwd input(%x : memref<2x7x7x1x8xf16>)
      filter(%w : memref<1x4x3x3x8xf16>)
      output(%y : memref<2x7x7x1x4xf16>)
      adds(%d0, %d1 : memref<2x7x7x1x4xf16>, memref<2x7x7x1x4xf16>)
      layouts(NHWGC, GKYXC, NHWGK) strides [1, 1] dilations [1, 1]
      pad_left [1, 1] pad_right [1, 1] alpha 2.0 beta 0.5
  return
}

// -----
// A convolution with a pinned kernel configuration for its GEMMs.

// CHECK-LABEL: func.func @conv_pinned
// CHECK: ck.conv_bwd_weight {{.*}} pad_left [1, 1] pad_right [1, 1] config <block = [32, 32, 32], wave = [16, 16], mma = #ck.mfma<16x16x16, f16>>
func.func @conv_pinned(%x: memref<2x7x7x1x8xf16>, %dw: memref<1x4x3x3x8xf16>,
                       %dy: memref<2x7x7x1x4xf16>) {
  ck.conv_bwd_weight input(%x : memref<2x7x7x1x8xf16>)
      filter(%dw : memref<1x4x3x3x8xf16>)
      output(%dy : memref<2x7x7x1x4xf16>)
      layouts(NHWGC, GKYXC, NHWGK) strides [1, 1] dilations [1, 1]
      pad_left [1, 1] pad_right [1, 1]
      config <block = [32, 32, 32], wave = [16, 16], mma = #ck.mfma<16x16x16, f16>>
  return
}

// -----
// Accumulation: the written tensor is also a D tensor (y += conv), for a
// convolution, and for a GEMM whose D is c through the same transforms.

// CHECK-LABEL: func.func @accumulate
// CHECK-SAME: (%[[X:.*]]: memref<2x7x7x1x8xf16>, %[[W:.*]]: memref<1x4x3x3x8xf16>, %[[Y:.*]]: memref<2x7x7x1x4xf16>, %[[A:.*]]: memref<1x16x8xf16>, %[[B:.*]]: memref<1x8x16xf16>, %[[C:.*]]: memref<1x16x16xf32>)
// CHECK: ck.conv_fwd input(%[[X]] : memref<2x7x7x1x8xf16>) filter(%[[W]] : memref<1x4x3x3x8xf16>) output(%[[Y]] : memref<2x7x7x1x4xf16>) adds(%[[Y]] : memref<2x7x7x1x4xf16>)
// CHECK: %[[CT:.+]] = ck.transform %[[C]]
// CHECK: %[[DT:.+]] = ck.transform %[[C]]
// CHECK: ck.gemm %[[A]], %[[B]] -> %[[CT]] adds(%[[DT]] : !ck.view<1x16x16xf32>)
func.func @accumulate(%x: memref<2x7x7x1x8xf16>, %w: memref<1x4x3x3x8xf16>,
                      %y: memref<2x7x7x1x4xf16>, %a: memref<1x16x8xf16>,
                      %b: memref<1x8x16xf16>, %c: memref<1x16x16xf32>) {
  ck.conv_fwd input(%x : memref<2x7x7x1x8xf16>)
      filter(%w : memref<1x4x3x3x8xf16>)
      output(%y : memref<2x7x7x1x4xf16>)
      adds(%y : memref<2x7x7x1x4xf16>)
      layouts(NHWGC, GKYXC, NHWGK) strides [1, 1] dilations [1, 1]
      pad_left [1, 1] pad_right [1, 1]
  %ct = ck.transform %c : memref<1x16x16xf32> to !ck.view<1x16x16xf32>
      by #ck.transform_map<[1, 16, 16] -> [1, 16, 16], [#ck.transform<pass_through [0] -> [0]>, #ck.transform<pass_through [1] -> [2]>, #ck.transform<pass_through [2] -> [1]>]>
  %dt = ck.transform %c : memref<1x16x16xf32> to !ck.view<1x16x16xf32>
      by #ck.transform_map<[1, 16, 16] -> [1, 16, 16], [#ck.transform<pass_through [0] -> [0]>, #ck.transform<pass_through [1] -> [2]>, #ck.transform<pass_through [2] -> [1]>]>
  ck.gemm %a, %b -> %ct adds(%dt : !ck.view<1x16x16xf32>)
      : memref<1x16x8xf16>, memref<1x8x16xf16> -> !ck.view<1x16x16xf32>
  return
}

// -----
// ck.conv_fwd, 3-D (NDHWGC/GKZYXC/NDHWGK), f32, two groups.
// Do = (4 + 1 + 1 - 3) / 1 + 1 = 4, Ho = Wo = (6 + 1 + 1 - 3) / 1 + 1 = 6.

// CHECK-LABEL: func.func @conv_fwd_3d
// CHECK: ck.conv_fwd input(%{{.*}} : memref<1x4x6x6x2x3xf32>) filter(%{{.*}} : memref<2x5x3x3x3x3xf32>) output(%{{.*}} : memref<1x4x6x6x2x5xf32>) layouts(NDHWGC, GKZYXC, NDHWGK) strides [1, 1, 1] dilations [1, 1, 1] pad_left [1, 1, 1] pad_right [1, 1, 1]{{$}}
func.func @conv_fwd_3d(%x: memref<1x4x6x6x2x3xf32>, %w: memref<2x5x3x3x3x3xf32>,
                       %y: memref<1x4x6x6x2x5xf32>) {
  ck.conv_fwd input(%x : memref<1x4x6x6x2x3xf32>)
      filter(%w : memref<2x5x3x3x3x3xf32>)
      output(%y : memref<1x4x6x6x2x5xf32>)
      layouts(NDHWGC, GKZYXC, NDHWGK) strides [1, 1, 1] dilations [1, 1, 1]
      pad_left [1, 1, 1] pad_right [1, 1, 1]
  return
}

// -----
// ck.conv_fwd, 2-D GNHWC/GKCYX/GNHWK, bf16, dilation 2, only alpha.
// Ho = Wo = (8 + 2 + 2 - 2 * (3 - 1) - 1) / 1 + 1 = 8.

// CHECK-LABEL: func.func @conv_fwd_gnhwc
// CHECK: ck.conv_fwd input(%{{.*}} : memref<2x2x8x8x4xbf16>) filter(%{{.*}} : memref<2x6x4x3x3xbf16>) output(%{{.*}} : memref<2x2x8x8x6xbf16>) layouts(GNHWC, GKCYX, GNHWK) strides [1, 1] dilations [2, 2] pad_left [2, 2] pad_right [2, 2] alpha 2.500000e-01
// CHECK-NOT: beta
func.func @conv_fwd_gnhwc(%x: memref<2x2x8x8x4xbf16>, %w: memref<2x6x4x3x3xbf16>,
                          %y: memref<2x2x8x8x6xbf16>) {
  ck.conv_fwd input(%x : memref<2x2x8x8x4xbf16>)
      filter(%w : memref<2x6x4x3x3xbf16>)
      output(%y : memref<2x2x8x8x6xbf16>)
      layouts(GNHWC, GKCYX, GNHWK) strides [1, 1] dilations [2, 2]
      pad_left [2, 2] pad_right [2, 2] alpha 0.25
  return
}

// -----
// ck.conv_fwd, 2-D NGCHW/GKCYX/NGKHW (channels-first), f32, asymmetric pads.
// Ho = (5 + 0 + 1 - 2) / 2 + 1 = 3, Wo = (6 + 1 + 0 - 2) / 2 + 1 = 3.

// CHECK-LABEL: func.func @conv_fwd_nchw
// CHECK: ck.conv_fwd input(%{{.*}} : memref<3x1x2x5x6xf32>) filter(%{{.*}} : memref<1x4x2x2x2xf32>) output(%{{.*}} : memref<3x1x4x3x3xf32>) layouts(NGCHW, GKCYX, NGKHW) strides [2, 2] dilations [1, 1] pad_left [0, 1] pad_right [1, 0]{{$}}
func.func @conv_fwd_nchw(%x: memref<3x1x2x5x6xf32>, %w: memref<1x4x2x2x2xf32>,
                         %y: memref<3x1x4x3x3xf32>) {
  ck.conv_fwd input(%x : memref<3x1x2x5x6xf32>)
      filter(%w : memref<1x4x2x2x2xf32>)
      output(%y : memref<3x1x4x3x3xf32>)
      layouts(NGCHW, GKCYX, NGKHW) strides [2, 2] dilations [1, 1]
      pad_left [0, 1] pad_right [1, 0]
  return
}

// -----
// ck.conv_bwd_data, 1-D, bf16, stride 2, no epilogue.
// Wo = (9 + 1 + 1 - 3) / 2 + 1 = 5.

// CHECK-LABEL: func.func @conv_bwd_data_1d
// CHECK: ck.conv_bwd_data input(%{{.*}} : memref<2x9x1x8xbf16>) filter(%{{.*}} : memref<1x4x3x8xbf16>) output(%{{.*}} : memref<2x5x1x4xbf16>) layouts(NWGC, GKXC, NWGK) strides [2] dilations [1] pad_left [1] pad_right [1]{{$}}
// CHECK-NEXT: return
func.func @conv_bwd_data_1d(%dx: memref<2x9x1x8xbf16>, %w: memref<1x4x3x8xbf16>,
                            %dy: memref<2x5x1x4xbf16>) {
  ck.conv_bwd_data input(%dx : memref<2x9x1x8xbf16>)
      filter(%w : memref<1x4x3x8xbf16>)
      output(%dy : memref<2x5x1x4xbf16>)
      layouts(NWGC, GKXC, NWGK) strides [2] dilations [1]
      pad_left [1] pad_right [1]
  return
}

// -----
// ck.conv_bwd_data, 2-D, f16, stride 2, with one D (shaped like the input,
// which backward-data writes), alpha and beta.
// Ho = Wo = (8 + 1 + 1 - 3) / 2 + 1 = 4.

// CHECK-LABEL: func.func @conv_bwd_data_2d_epilogue
// CHECK-SAME: %[[D:[^:]*]]: memref<2x8x8x1x8xf16>)
// CHECK: ck.conv_bwd_data input(%{{.*}} : memref<2x8x8x1x8xf16>) filter(%{{.*}} : memref<1x4x3x3x8xf16>) output(%{{.*}} : memref<2x4x4x1x4xf16>)
// CHECK-SAME: adds(%[[D]] : memref<2x8x8x1x8xf16>)
// CHECK-SAME: layouts(NHWGC, GKYXC, NHWGK) strides [2, 2] dilations [1, 1] pad_left [1, 1] pad_right [1, 1]
// CHECK-SAME: alpha -1.000000e+00 beta 3.000000e+00
func.func @conv_bwd_data_2d_epilogue(%dx: memref<2x8x8x1x8xf16>,
                                     %w: memref<1x4x3x3x8xf16>,
                                     %dy: memref<2x4x4x1x4xf16>,
                                     %d: memref<2x8x8x1x8xf16>) {
  ck.conv_bwd_data input(%dx : memref<2x8x8x1x8xf16>)
      filter(%w : memref<1x4x3x3x8xf16>)
      output(%dy : memref<2x4x4x1x4xf16>)
      adds(%d : memref<2x8x8x1x8xf16>)
      layouts(NHWGC, GKYXC, NHWGK) strides [2, 2] dilations [1, 1]
      pad_left [1, 1] pad_right [1, 1] alpha -1.0 beta 3.0
  return
}

// -----
// ck.conv_bwd_data, 3-D, f32, stride 1.
// Do = Ho = Wo = (3 + 0 + 0 - 1) / 1 + 1 = 3 (1x1x1 filter).

// CHECK-LABEL: func.func @conv_bwd_data_3d
// CHECK: ck.conv_bwd_data input(%{{.*}} : memref<1x3x3x3x1x4xf32>) filter(%{{.*}} : memref<1x2x1x1x1x4xf32>) output(%{{.*}} : memref<1x3x3x3x1x2xf32>) layouts(NDHWGC, GKZYXC, NDHWGK) strides [1, 1, 1] dilations [1, 1, 1] pad_left [0, 0, 0] pad_right [0, 0, 0]{{$}}
func.func @conv_bwd_data_3d(%dx: memref<1x3x3x3x1x4xf32>,
                            %w: memref<1x2x1x1x1x4xf32>,
                            %dy: memref<1x3x3x3x1x2xf32>) {
  ck.conv_bwd_data input(%dx : memref<1x3x3x3x1x4xf32>)
      filter(%w : memref<1x2x1x1x1x4xf32>)
      output(%dy : memref<1x3x3x3x1x2xf32>)
      layouts(NDHWGC, GKZYXC, NDHWGK) strides [1, 1, 1] dilations [1, 1, 1]
      pad_left [0, 0, 0] pad_right [0, 0, 0]
  return
}

// -----
// ck.conv_bwd_data, GNHWC/GKCYX/GNHWK, bf16, only beta (with a D).
// Ho = Wo = (6 + 1 + 1 - 3) / 1 + 1 = 6.

// CHECK-LABEL: func.func @conv_bwd_data_gnhwc
// CHECK: ck.conv_bwd_data input(%{{.*}} : memref<2x1x6x6x3xbf16>) filter(%{{.*}} : memref<2x5x3x3x3xbf16>) output(%{{.*}} : memref<2x1x6x6x5xbf16>)
// CHECK-SAME: adds(%{{.*}} : memref<2x1x6x6x3xbf16>)
// CHECK-SAME: layouts(GNHWC, GKCYX, GNHWK) strides [1, 1] dilations [1, 1] pad_left [1, 1] pad_right [1, 1] beta 2.000000e+00
// CHECK-NOT: alpha
func.func @conv_bwd_data_gnhwc(%dx: memref<2x1x6x6x3xbf16>,
                               %w: memref<2x5x3x3x3xbf16>,
                               %dy: memref<2x1x6x6x5xbf16>,
                               %d: memref<2x1x6x6x3xbf16>) {
  ck.conv_bwd_data input(%dx : memref<2x1x6x6x3xbf16>)
      filter(%w : memref<2x5x3x3x3xbf16>)
      output(%dy : memref<2x1x6x6x5xbf16>)
      adds(%d : memref<2x1x6x6x3xbf16>)
      layouts(GNHWC, GKCYX, GNHWK) strides [1, 1] dilations [1, 1]
      pad_left [1, 1] pad_right [1, 1] beta 2.0
  return
}

// -----
// ck.conv_bwd_weight, 1-D, f32, dilation 3.
// Wo = (10 + 0 + 0 - 3 * (2 - 1) - 1) / 1 + 1 = 7.

// CHECK-LABEL: func.func @conv_bwd_weight_1d
// CHECK: ck.conv_bwd_weight input(%{{.*}} : memref<4x10x1x2xf32>) filter(%{{.*}} : memref<1x3x2x2xf32>) output(%{{.*}} : memref<4x7x1x3xf32>) layouts(NWGC, GKXC, NWGK) strides [1] dilations [3] pad_left [0] pad_right [0]{{$}}
func.func @conv_bwd_weight_1d(%x: memref<4x10x1x2xf32>, %dw: memref<1x3x2x2xf32>,
                              %dy: memref<4x7x1x3xf32>) {
  ck.conv_bwd_weight input(%x : memref<4x10x1x2xf32>)
      filter(%dw : memref<1x3x2x2xf32>)
      output(%dy : memref<4x7x1x3xf32>)
      layouts(NWGC, GKXC, NWGK) strides [1] dilations [3]
      pad_left [0] pad_right [0]
  return
}

// -----
// ck.conv_bwd_weight, 2-D, f16, the retinanet problem shrunk.
// Ho = Wo = (7 + 1 + 1 - 3) / 1 + 1 = 7.

// CHECK-LABEL: func.func @conv_bwd_weight_2d
// CHECK: ck.conv_bwd_weight input(%{{.*}} : memref<2x7x7x1x8xf16>) filter(%{{.*}} : memref<1x4x3x3x8xf16>) output(%{{.*}} : memref<2x7x7x1x4xf16>) layouts(NHWGC, GKYXC, NHWGK) strides [1, 1] dilations [1, 1] pad_left [1, 1] pad_right [1, 1]{{$}}
func.func @conv_bwd_weight_2d(%x: memref<2x7x7x1x8xf16>, %dw: memref<1x4x3x3x8xf16>,
                              %dy: memref<2x7x7x1x4xf16>) {
  ck.conv_bwd_weight input(%x : memref<2x7x7x1x8xf16>)
      filter(%dw : memref<1x4x3x3x8xf16>)
      output(%dy : memref<2x7x7x1x4xf16>)
      layouts(NHWGC, GKYXC, NHWGK) strides [1, 1] dilations [1, 1]
      pad_left [1, 1] pad_right [1, 1]
  return
}

// -----
// ck.conv_bwd_weight, 3-D, bf16, stride 2, with two D tensors (shaped like
// the filter, which backward-weight writes), alpha and beta. Both equal
// their default 1.0, so the printer leaves them out.
// Do = (3 + 1 + 1 - 3) / 2 + 1 = 2, Ho = Wo = (5 + 1 + 1 - 3) / 2 + 1 = 3.

// CHECK-LABEL: func.func @conv_bwd_weight_3d_epilogue
// CHECK: ck.conv_bwd_weight input(%{{.*}} : memref<1x3x5x5x1x2xbf16>) filter(%{{.*}} : memref<1x4x3x3x3x2xbf16>) output(%{{.*}} : memref<1x2x3x3x1x4xbf16>)
// CHECK-SAME: adds(%{{.*}}, %{{.*}} : memref<1x4x3x3x3x2xbf16>, memref<1x4x3x3x3x2xbf16>)
// CHECK-SAME: layouts(NDHWGC, GKZYXC, NDHWGK) strides [2, 2, 2] dilations [1, 1, 1] pad_left [1, 1, 1] pad_right [1, 1, 1]{{$}}
func.func @conv_bwd_weight_3d_epilogue(%x: memref<1x3x5x5x1x2xbf16>,
                                       %dw: memref<1x4x3x3x3x2xbf16>,
                                       %dy: memref<1x2x3x3x1x4xbf16>,
                                       %d0: memref<1x4x3x3x3x2xbf16>,
                                       %d1: memref<1x4x3x3x3x2xbf16>) {
  ck.conv_bwd_weight input(%x : memref<1x3x5x5x1x2xbf16>)
      filter(%dw : memref<1x4x3x3x3x2xbf16>)
      output(%dy : memref<1x2x3x3x1x4xbf16>)
      adds(%d0, %d1 : memref<1x4x3x3x3x2xbf16>, memref<1x4x3x3x3x2xbf16>)
      layouts(NDHWGC, GKZYXC, NDHWGK) strides [2, 2, 2] dilations [1, 1, 1]
      pad_left [1, 1, 1] pad_right [1, 1, 1] alpha 1.0 beta 1.0
  return
}

// -----
// ck.conv_bwd_weight, GNHWC/GKCYX/GNHWK, f32.
// Ho = Wo = (4 + 0 + 0 - 1) / 1 + 1 = 4 (1x1 filter).

// CHECK-LABEL: func.func @conv_bwd_weight_gnhwc
// CHECK: ck.conv_bwd_weight input(%{{.*}} : memref<3x2x4x4x5xf32>) filter(%{{.*}} : memref<3x7x5x1x1xf32>) output(%{{.*}} : memref<3x2x4x4x7xf32>) layouts(GNHWC, GKCYX, GNHWK) strides [1, 1] dilations [1, 1] pad_left [0, 0] pad_right [0, 0]{{$}}
func.func @conv_bwd_weight_gnhwc(%x: memref<3x2x4x4x5xf32>, %dw: memref<3x7x5x1x1xf32>,
                                 %dy: memref<3x2x4x4x7xf32>) {
  ck.conv_bwd_weight input(%x : memref<3x2x4x4x5xf32>)
      filter(%dw : memref<3x7x5x1x1xf32>)
      output(%dy : memref<3x2x4x4x7xf32>)
      layouts(GNHWC, GKCYX, GNHWK) strides [1, 1] dilations [1, 1]
      pad_left [0, 0] pad_right [0, 0]
  return
}

// -----
// ck.gemm on memrefs: plain, with a different result element type, and with
// the full epilogue.

// CHECK-LABEL: func.func @gemm_memrefs
// CHECK-SAME: (%[[A:[^:]*]]: memref<2x16x32xf16>, %[[B:[^:]*]]: memref<2x32x8xf16>, %[[C:[^:]*]]: memref<2x16x8xf16>, %[[C32:[^:]*]]: memref<2x16x8xf32>, %[[D:[^:]*]]: memref<2x16x8xf16>)
// CHECK: ck.gemm %[[A]], %[[B]] -> %[[C]] : memref<2x16x32xf16>, memref<2x32x8xf16> -> memref<2x16x8xf16>
// CHECK: ck.gemm %[[A]], %[[B]] -> %[[C32]] : memref<2x16x32xf16>, memref<2x32x8xf16> -> memref<2x16x8xf32>
// CHECK: ck.gemm %[[A]], %[[B]] -> %[[C]] adds(%[[D]], %[[D]] : memref<2x16x8xf16>, memref<2x16x8xf16>) alpha 5.000000e-01 beta 2.000000e+00 : memref<2x16x32xf16>, memref<2x32x8xf16> -> memref<2x16x8xf16>
// CHECK: ck.gemm %[[A]], %[[B]] -> %[[C]] alpha 3.000000e+00 : memref<2x16x32xf16>, memref<2x32x8xf16> -> memref<2x16x8xf16>
func.func @gemm_memrefs(%a: memref<2x16x32xf16>, %b: memref<2x32x8xf16>,
                        %c: memref<2x16x8xf16>, %c32: memref<2x16x8xf32>,
                        %d: memref<2x16x8xf16>) {
  ck.gemm %a, %b -> %c : memref<2x16x32xf16>, memref<2x32x8xf16> -> memref<2x16x8xf16>
  ck.gemm %a, %b -> %c32 : memref<2x16x32xf16>, memref<2x32x8xf16> -> memref<2x16x8xf32>
  ck.gemm %a, %b -> %c adds(%d, %d : memref<2x16x8xf16>, memref<2x16x8xf16>)
      alpha 0.5 beta 2.0
      : memref<2x16x32xf16>, memref<2x32x8xf16> -> memref<2x16x8xf16>
  ck.gemm %a, %b -> %c alpha 3.0 : memref<2x16x32xf16>, memref<2x32x8xf16> -> memref<2x16x8xf16>
  return
}

// -----
// ck.gemm on views: a is a transposed 2-D memref, b a plain reshape of a
// memref, c and one D views of 2-D memrefs; bf16 inputs, f32 result. The
// second GEMM mixes a view and a memref among its D tensors.

// CHECK-LABEL: func.func @gemm_views
// CHECK-SAME: (%[[AM:[^:]*]]: memref<32x16xbf16>, %[[BM:[^:]*]]: memref<32x8xbf16>, %[[CM:[^:]*]]: memref<16x8xf32>, %[[DM:[^:]*]]: memref<16x8xf32>, %[[D3:[^:]*]]: memref<1x16x8xf32>)
// CHECK: %[[A:.*]] = ck.transform %[[AM]] : memref<32x16xbf16> to !ck.view<1x16x32xbf16> by #ck.transform_map<[1, 16, 32] -> [32, 16], [<unmerge [0, 2] -> [0]>, <pass_through [1] -> [1]>]>
// CHECK: %[[B:.*]] = ck.transform %[[BM]] : memref<32x8xbf16> to !ck.view<1x32x8xbf16> by #ck.transform_map<[1, 32, 8] -> [32, 8], [<unmerge [0, 1] -> [0]>, <pass_through [2] -> [1]>]>
// CHECK: %[[C:.*]] = ck.transform %[[CM]] : memref<16x8xf32> to !ck.view<1x16x8xf32> by #ck.transform_map<[1, 16, 8] -> [16, 8], [<unmerge [0, 1] -> [0]>, <pass_through [2] -> [1]>]>
// CHECK: %[[D:.*]] = ck.transform %[[DM]] : memref<16x8xf32> to !ck.view<1x16x8xf32> by #ck.transform_map<[1, 16, 8] -> [16, 8], [<unmerge [0, 1] -> [0]>, <pass_through [2] -> [1]>]>
// CHECK: ck.gemm %[[A]], %[[B]] -> %[[C]] adds(%[[D]] : !ck.view<1x16x8xf32>) alpha 2.000000e+00 beta -1.000000e+00 : !ck.view<1x16x32xbf16>, !ck.view<1x32x8xbf16> -> !ck.view<1x16x8xf32>
// CHECK: ck.gemm %[[A]], %[[B]] -> %[[C]] adds(%[[D]], %[[D3]] : !ck.view<1x16x8xf32>, memref<1x16x8xf32>) :
// CHECK-SAME: !ck.view<1x16x32xbf16>, !ck.view<1x32x8xbf16> -> !ck.view<1x16x8xf32>
// CHECK: ck.gemm %[[A]], %[[B]] -> %[[D3]] : !ck.view<1x16x32xbf16>, !ck.view<1x32x8xbf16> -> memref<1x16x8xf32>
func.func @gemm_views(%am: memref<32x16xbf16>, %bm: memref<32x8xbf16>,
                      %cm: memref<16x8xf32>, %dm: memref<16x8xf32>,
                      %d3: memref<1x16x8xf32>) {
  %a = ck.transform %am : memref<32x16xbf16> to !ck.view<1x16x32xbf16>
      by #ck.transform_map<[1, 16, 32] -> [32, 16], [
          #ck.transform<unmerge [0, 2] -> [0]>,
          #ck.transform<pass_through [1] -> [1]>]>
  %b = ck.transform %bm : memref<32x8xbf16> to !ck.view<1x32x8xbf16>
      by #ck.transform_map<[1, 32, 8] -> [32, 8], [
          #ck.transform<unmerge [0, 1] -> [0]>,
          #ck.transform<pass_through [2] -> [1]>]>
  %c = ck.transform %cm : memref<16x8xf32> to !ck.view<1x16x8xf32>
      by #ck.transform_map<[1, 16, 8] -> [16, 8], [
          #ck.transform<unmerge [0, 1] -> [0]>,
          #ck.transform<pass_through [2] -> [1]>]>
  %d = ck.transform %dm : memref<16x8xf32> to !ck.view<1x16x8xf32>
      by #ck.transform_map<[1, 16, 8] -> [16, 8], [
          #ck.transform<unmerge [0, 1] -> [0]>,
          #ck.transform<pass_through [2] -> [1]>]>
  ck.gemm %a, %b -> %c adds(%d : !ck.view<1x16x8xf32>) alpha 2.0 beta -1.0
      : !ck.view<1x16x32xbf16>, !ck.view<1x32x8xbf16> -> !ck.view<1x16x8xf32>
  ck.gemm %a, %b -> %c adds(%d, %d3 : !ck.view<1x16x8xf32>, memref<1x16x8xf32>)
      : !ck.view<1x16x32xbf16>, !ck.view<1x32x8xbf16> -> !ck.view<1x16x8xf32>
  ck.gemm %a, %b -> %d3
      : !ck.view<1x16x32xbf16>, !ck.view<1x32x8xbf16> -> memref<1x16x8xf32>
  return
}

// -----
// ck.fill on a memref and on a view, without and with D tensors and beta.

// CHECK-LABEL: func.func @fill
// CHECK-SAME: (%[[M:[^:]*]]: memref<2x3x4xf16>, %[[D:[^:]*]]: memref<2x3x4xf16>, %[[V:[^:]*]]: !ck.view<6x4xf16>, %[[DV:[^:]*]]: !ck.view<6x4xf16>)
// CHECK: ck.fill %[[M]] : memref<2x3x4xf16>
// CHECK: ck.fill %[[M]] adds(%[[D]] : memref<2x3x4xf16>) : memref<2x3x4xf16>
// CHECK: ck.fill %[[M]] adds(%[[D]], %[[D]] : memref<2x3x4xf16>, memref<2x3x4xf16>) beta -2.000000e+00 : memref<2x3x4xf16>
// CHECK: ck.fill %[[V]] : !ck.view<6x4xf16>
// CHECK: ck.fill %[[V]] adds(%[[DV]] : !ck.view<6x4xf16>) beta 5.000000e-01 : !ck.view<6x4xf16>
func.func @fill(%m: memref<2x3x4xf16>, %d: memref<2x3x4xf16>,
                %v: !ck.view<6x4xf16>, %dv: !ck.view<6x4xf16>) {
  ck.fill %m : memref<2x3x4xf16>
  ck.fill %m adds(%d : memref<2x3x4xf16>) : memref<2x3x4xf16>
  ck.fill %m adds(%d, %d : memref<2x3x4xf16>, memref<2x3x4xf16>) beta -2.0
      : memref<2x3x4xf16>
  ck.fill %v : !ck.view<6x4xf16>
  ck.fill %v adds(%dv : !ck.view<6x4xf16>) beta 0.5 : !ck.view<6x4xf16>
  return
}

// -----
// ck.concurrent around a GEMM, a fill and the view of the fill.

// CHECK-LABEL: func.func @concurrent
// CHECK-SAME: (%[[A:[^:]*]]: memref<1x8x4xf16>, %[[B:[^:]*]]: memref<1x4x8xf16>, %[[C:[^:]*]]: memref<1x8x8xf16>, %[[M:[^:]*]]: memref<4x6xf32>)
// CHECK-NEXT: ck.concurrent {
// CHECK-NEXT: ck.gemm %[[A]], %[[B]] -> %[[C]] : memref<1x8x4xf16>, memref<1x4x8xf16> -> memref<1x8x8xf16>
// CHECK-NEXT: %[[V:.+]] = ck.transform %[[M]] : memref<4x6xf32> to !ck.view<24xf32>
// CHECK-NEXT: ck.fill %[[V]] : !ck.view<24xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @concurrent(%a: memref<1x8x4xf16>, %b: memref<1x4x8xf16>,
                      %c: memref<1x8x8xf16>, %m: memref<4x6xf32>) {
  ck.concurrent {
    ck.gemm %a, %b -> %c : memref<1x8x4xf16>, memref<1x4x8xf16> -> memref<1x8x8xf16>
    %v = ck.transform %m : memref<4x6xf32> to !ck.view<24xf32>
        by #ck.transform_map<[24] -> [4, 6], [#ck.transform<merge [0] -> [0, 1]>]>
    ck.fill %v : !ck.view<24xf32>
  }
  return
}

// -----
// ck.transform, one op per transform kind.

// CHECK-LABEL: func.func @transform_kinds
// CHECK-SAME: (%[[M:[^:]*]]: memref<4x6xf32>, %[[N:[^:]*]]: memref<24x5xf16>)
// pass_through, also swapping two dimensions.
// CHECK: ck.transform %[[M]] : memref<4x6xf32> to !ck.view<6x4xf32> by #ck.transform_map<[6, 4] -> [4, 6], [<pass_through [1] -> [0]>, <pass_through [0] -> [1]>]>
// pad, asymmetric and one-sided.
// CHECK: ck.transform %[[M]] : memref<4x6xf32> to !ck.view<7x6xf32> by #ck.transform_map<[7, 6] -> [4, 6], [<pad [0] -> [0] (1, 2)>, <pad [1] -> [1] (0, 0)>]>
// embed, offset 0 with positive coefficients: (y, o) -> y + 2 * o,
// reaching [0, 1 * (3 - 1) + 2 * (2 - 1)] = [0, 4] inside [0, 6).
// CHECK: ck.transform %[[M]] : memref<4x6xf32> to !ck.view<4x3x2xf32> by #ck.transform_map<[4, 3, 2] -> [4, 6], [<pass_through [0] -> [0]>, <embed [1, 2] -> [1] (0, 1, 2)>]>
// embed, negative coefficient and an offset: (j, t) -> 2 - 2 * j + t,
// reaching [2 - 2 * 1, 2 + 3] = [0, 5] inside [0, 6).
// CHECK: ck.transform %[[M]] : memref<4x6xf32> to !ck.view<4x2x4xf32> by #ck.transform_map<[4, 2, 4] -> [4, 6], [<pass_through [0] -> [0]>, <embed [1, 2] -> [1] (2, -2, 1)>]>
// merge, 24 = 4 * 6.
// CHECK: ck.transform %[[M]] : memref<4x6xf32> to !ck.view<24xf32> by #ck.transform_map<[24] -> [4, 6], [<merge [0] -> [0, 1]>]>
// merge in the reverse order of the lower dimensions.
// CHECK: ck.transform %[[M]] : memref<4x6xf32> to !ck.view<24xf32> by #ck.transform_map<[24] -> [4, 6], [<merge [0] -> [1, 0]>]>
// unmerge, 24 = 2 * 3 * 4, and pass_through of the 5.
// CHECK: ck.transform %[[N]] : memref<24x5xf16> to !ck.view<2x3x4x5xf16> by #ck.transform_map<[2, 3, 4, 5] -> [24, 5], [<unmerge [0, 1, 2] -> [0]>, <pass_through [3] -> [1]>]>
// slice [1, 3) of the 4 rows and [0, 6) of the columns.
// CHECK: ck.transform %[[M]] : memref<4x6xf32> to !ck.view<2x6xf32> by #ck.transform_map<[2, 6] -> [4, 6], [<slice [0] -> [0] (1, 3)>, <slice [1] -> [1] (0, 6)>]>
func.func @transform_kinds(%m: memref<4x6xf32>, %n: memref<24x5xf16>) {
  %0 = ck.transform %m : memref<4x6xf32> to !ck.view<6x4xf32>
      by #ck.transform_map<[6, 4] -> [4, 6], [
          #ck.transform<pass_through [1] -> [0]>,
          #ck.transform<pass_through [0] -> [1]>]>
  %1 = ck.transform %m : memref<4x6xf32> to !ck.view<7x6xf32>
      by #ck.transform_map<[7, 6] -> [4, 6], [
          #ck.transform<pad [0] -> [0] (1, 2)>,
          #ck.transform<pad [1] -> [1] (0, 0)>]>
  %2 = ck.transform %m : memref<4x6xf32> to !ck.view<4x3x2xf32>
      by #ck.transform_map<[4, 3, 2] -> [4, 6], [
          #ck.transform<pass_through [0] -> [0]>,
          #ck.transform<embed [1, 2] -> [1] (0, 1, 2)>]>
  %3 = ck.transform %m : memref<4x6xf32> to !ck.view<4x2x4xf32>
      by #ck.transform_map<[4, 2, 4] -> [4, 6], [
          #ck.transform<pass_through [0] -> [0]>,
          #ck.transform<embed [1, 2] -> [1] (2, -2, 1)>]>
  %4 = ck.transform %m : memref<4x6xf32> to !ck.view<24xf32>
      by #ck.transform_map<[24] -> [4, 6], [#ck.transform<merge [0] -> [0, 1]>]>
  %5 = ck.transform %m : memref<4x6xf32> to !ck.view<24xf32>
      by #ck.transform_map<[24] -> [4, 6], [#ck.transform<merge [0] -> [1, 0]>]>
  %6 = ck.transform %n : memref<24x5xf16> to !ck.view<2x3x4x5xf16>
      by #ck.transform_map<[2, 3, 4, 5] -> [24, 5], [
          #ck.transform<unmerge [0, 1, 2] -> [0]>,
          #ck.transform<pass_through [3] -> [1]>]>
  %7 = ck.transform %m : memref<4x6xf32> to !ck.view<2x6xf32>
      by #ck.transform_map<[2, 6] -> [4, 6], [
          #ck.transform<slice [0] -> [0] (1, 3)>,
          #ck.transform<slice [1] -> [1] (0, 6)>]>
  return
}

// -----
// Chains of ck.transform: each op's source is the previous op's view.
// 4x6 --merge--> 24 --pad (1, 1)--> 26 --slice [2, 20)--> 18 --unmerge--> 3x6.

// CHECK-LABEL: func.func @transform_chain
// CHECK: %[[FLAT:.*]] = ck.transform %{{.*}} : memref<4x6xf32> to !ck.view<24xf32> by #ck.transform_map<[24] -> [4, 6], [<merge [0] -> [0, 1]>]>
// CHECK: %[[PAD:.*]] = ck.transform %[[FLAT]] : !ck.view<24xf32> to !ck.view<26xf32> by #ck.transform_map<[26] -> [24], [<pad [0] -> [0] (1, 1)>]>
// CHECK: %[[SLICE:.*]] = ck.transform %[[PAD]] : !ck.view<26xf32> to !ck.view<18xf32> by #ck.transform_map<[18] -> [26], [<slice [0] -> [0] (2, 20)>]>
// CHECK: %[[TILE:.*]] = ck.transform %[[SLICE]] : !ck.view<18xf32> to !ck.view<3x6xf32> by #ck.transform_map<[3, 6] -> [18], [<unmerge [0, 1] -> [0]>]>
// CHECK: ck.fill %[[TILE]] : !ck.view<3x6xf32>
func.func @transform_chain(%m: memref<4x6xf32>) {
  %flat = ck.transform %m : memref<4x6xf32> to !ck.view<24xf32>
      by #ck.transform_map<[24] -> [4, 6], [#ck.transform<merge [0] -> [0, 1]>]>
  %padded = ck.transform %flat : !ck.view<24xf32> to !ck.view<26xf32>
      by #ck.transform_map<[26] -> [24], [#ck.transform<pad [0] -> [0] (1, 1)>]>
  %slice = ck.transform %padded : !ck.view<26xf32> to !ck.view<18xf32>
      by #ck.transform_map<[18] -> [26], [#ck.transform<slice [0] -> [0] (2, 20)>]>
  %tile = ck.transform %slice : !ck.view<18xf32> to !ck.view<3x6xf32>
      by #ck.transform_map<[3, 6] -> [18], [#ck.transform<unmerge [0, 1] -> [0]>]>
  ck.fill %tile : !ck.view<3x6xf32>
  return
}

// -----
// An implicit-GEMM chain as ck-conv-to-gemm builds it, written by hand:
// x[N=2, Hi=5, C=3] padded to Hp = 1 + 5 + 1 = 7, windows (Y=3, Ho=5) with
// hp = y + ho (reaching [0, 2 + 4] = [0, 6] inside [0, 7)), then GEMM
// M = (N, Ho) = 2 * 5 = 10 and K = (Y, C) = 3 * 3 = 9, then a batch of one.

// CHECK-LABEL: func.func @transform_im2col
// CHECK-SAME: (%[[X:[^:]*]]: memref<2x5x3xf16>, %[[W:[^:]*]]: memref<1x9x4xf16>, %[[Y:[^:]*]]: memref<1x10x4xf32>) -> !ck.view<2x3x5x3xf16>
// CHECK: %[[P:.*]] = ck.transform %[[X]] : memref<2x5x3xf16> to !ck.view<2x7x3xf16> by #ck.transform_map<[2, 7, 3] -> [2, 5, 3], [<pass_through [0] -> [0]>, <pad [1] -> [1] (1, 1)>, <pass_through [2] -> [2]>]>
// CHECK: %[[E:.*]] = ck.transform %[[P]] : !ck.view<2x7x3xf16> to !ck.view<2x3x5x3xf16> by #ck.transform_map<[2, 3, 5, 3] -> [2, 7, 3], [<pass_through [0] -> [0]>, <embed [1, 2] -> [1] (0, 1, 1)>, <pass_through [3] -> [2]>]>
// CHECK: %[[MK:.*]] = ck.transform %[[E]] : !ck.view<2x3x5x3xf16> to !ck.view<10x9xf16> by #ck.transform_map<[10, 9] -> [2, 3, 5, 3], [<merge [0] -> [0, 2]>, <merge [1] -> [1, 3]>]>
// CHECK: %[[A:.*]] = ck.transform %[[MK]] : !ck.view<10x9xf16> to !ck.view<1x10x9xf16> by #ck.transform_map<[1, 10, 9] -> [10, 9], [<unmerge [0, 1] -> [0]>, <pass_through [2] -> [1]>]>
// CHECK: ck.gemm %[[A]], %[[W]] -> %[[Y]] : !ck.view<1x10x9xf16>, memref<1x9x4xf16> -> memref<1x10x4xf32>
// CHECK: return %[[E]] : !ck.view<2x3x5x3xf16>
func.func @transform_im2col(%x: memref<2x5x3xf16>, %w: memref<1x9x4xf16>,
                            %y: memref<1x10x4xf32>) -> !ck.view<2x3x5x3xf16> {
  %p = ck.transform %x : memref<2x5x3xf16> to !ck.view<2x7x3xf16>
      by #ck.transform_map<[2, 7, 3] -> [2, 5, 3], [
          #ck.transform<pass_through [0] -> [0]>,
          #ck.transform<pad [1] -> [1] (1, 1)>,
          #ck.transform<pass_through [2] -> [2]>]>
  %e = ck.transform %p : !ck.view<2x7x3xf16> to !ck.view<2x3x5x3xf16>
      by #ck.transform_map<[2, 3, 5, 3] -> [2, 7, 3], [
          #ck.transform<pass_through [0] -> [0]>,
          #ck.transform<embed [1, 2] -> [1] (0, 1, 1)>,
          #ck.transform<pass_through [3] -> [2]>]>
  %mk = ck.transform %e : !ck.view<2x3x5x3xf16> to !ck.view<10x9xf16>
      by #ck.transform_map<[10, 9] -> [2, 3, 5, 3], [
          #ck.transform<merge [0] -> [0, 2]>,
          #ck.transform<merge [1] -> [1, 3]>]>
  %a = ck.transform %mk : !ck.view<10x9xf16> to !ck.view<1x10x9xf16>
      by #ck.transform_map<[1, 10, 9] -> [10, 9], [
          #ck.transform<unmerge [0, 1] -> [0]>,
          #ck.transform<pass_through [2] -> [1]>]>
  ck.gemm %a, %w -> %y : !ck.view<1x10x9xf16>, memref<1x9x4xf16> -> memref<1x10x4xf32>
  return %e : !ck.view<2x3x5x3xf16>
}

// -----
// The !ck.view type on its own: function arguments and results, each of
// f32, f16 and bf16, ranks 1, 3 and 6.

// CHECK-LABEL: func.func @view_types
// CHECK-SAME: (%{{.*}}: !ck.view<7xf32>, %{{.*}}: !ck.view<1x36x3136xf16>, %{{.*}}: !ck.view<2x3x4x5x6x7xbf16>) -> !ck.view<1x36x3136xf16>
func.func @view_types(%a: !ck.view<7xf32>, %b: !ck.view<1x36x3136xf16>,
                      %c: !ck.view<2x3x4x5x6x7xbf16>) -> !ck.view<1x36x3136xf16> {
  return %b : !ck.view<1x36x3136xf16>
}

// -----
// ck ops written in the generic form print in the custom form.

// CHECK-LABEL: func.func @generic_form
// CHECK: %[[V:.*]] = ck.transform %{{.*}} : memref<4x6xf32> to !ck.view<24xf32> by #ck.transform_map<[24] -> [4, 6], [<merge [0] -> [0, 1]>]>
// CHECK: %[[W:.*]] = ck.transform %{{.*}} : memref<4x6xf32> to !ck.view<24xf32>
// CHECK: ck.fill %[[V]] adds(%[[W]] : !ck.view<24xf32>) beta 2.000000e+00 : !ck.view<24xf32>
func.func @generic_form(%m: memref<4x6xf32>, %n: memref<4x6xf32>) {
  %v = "ck.transform"(%m) <{map = #ck.transform_map<[24] -> [4, 6], [#ck.transform<merge [0] -> [0, 1]>]>}>
      : (memref<4x6xf32>) -> !ck.view<24xf32>
  %w = "ck.transform"(%n) <{map = #ck.transform_map<[24] -> [4, 6], [#ck.transform<merge [0] -> [0, 1]>]>}>
      : (memref<4x6xf32>) -> !ck.view<24xf32>
  "ck.fill"(%v, %w) <{beta = 2.0 : f32}> : (!ck.view<24xf32>, !ck.view<24xf32>) -> ()
  return
}

// -----
// ck.gemm with a pinned kernel configuration (#ck.gemm_config, printed
// without its prefix after `config`), alone and after alpha, on memrefs and
// on views; split_k and lds_buffers in either order, printed split_k first
// and only when not 1.

// CHECK-LABEL: func.func @gemm_config
// CHECK-SAME: (%[[A:[^:]*]]: memref<1x256x64xf16>, %[[B:[^:]*]]: memref<1x64x128xf16>, %[[C:[^:]*]]: memref<1x256x128xf16>, %[[VA:[^:]*]]: !ck.view<2x32x16xbf16>, %[[VB:[^:]*]]: !ck.view<2x16x32xbf16>, %[[VC:[^:]*]]: !ck.view<2x32x32xf32>)
// CHECK: ck.gemm %[[A]], %[[B]] -> %[[C]] config <block = [128, 128, 32], wave = [64, 64], mma = #ck.mfma<16x16x16, f16>> : memref<1x256x64xf16>, memref<1x64x128xf16> -> memref<1x256x128xf16>
// CHECK: ck.gemm %[[A]], %[[B]] -> %[[C]] alpha 2.000000e+00 config <block = [64, 32, 16], wave = [32, 16], mma = #ck.fma> : memref<1x256x64xf16>, memref<1x64x128xf16> -> memref<1x256x128xf16>
// CHECK: ck.gemm %[[VA]], %[[VB]] -> %[[VC]] config <block = [32, 32, 16], wave = [16, 8], mma = #ck.mma_sync<16x8x16, bf16>> : !ck.view<2x32x16xbf16>, !ck.view<2x16x32xbf16> -> !ck.view<2x32x32xf32>
// CHECK: ck.gemm %[[A]], %[[B]] -> %[[C]] config <block = [64, 64, 32], wave = [32, 32], mma = #ck.mfma<16x16x16, f16>, lds_buffers = 2> :
// CHECK: ck.gemm %[[A]], %[[B]] -> %[[C]] config <block = [64, 64, 32], wave = [32, 32], mma = #ck.mfma<16x16x16, f16>, partition = #ck.partition<split_k, k_batch = 4>, lds_buffers = 2> :
// CHECK: ck.gemm %[[A]], %[[B]] -> %[[C]] config <block = [64, 64, 32], wave = [32, 32], mma = #ck.mfma<16x16x16, f16>, partition = #ck.partition<split_k, k_batch = 4>> :
// The async_copy flag, given before lds_buffers, prints after it.
// CHECK: ck.gemm %[[A]], %[[B]] -> %[[C]] config <block = [64, 64, 32], wave = [32, 32], mma = #ck.mma_sync<16x8x16, f16>, lds_buffers = 3, async_copy> :
// Load waves that copy asynchronously.
// CHECK: ck.gemm %[[A]], %[[B]] -> %[[C]] config <block = [64, 64, 32], wave = [32, 32], mma = #ck.mma_sync<16x8x16, f16>, lds_buffers = 3, load_waves = 4, async_copy> :
// A cluster, given first, prints last; [1, 1] is the default.
// CHECK: ck.gemm %[[A]], %[[B]] -> %[[C]] config <block = [128, 128, 64], wave = [16, 128], mma = #ck.wgmma<f16>, partition = #ck.partition<split_k, k_batch = 4>, lds_buffers = 4, load_waves = 4, async_copy, cluster = [2, 1]> :
// CHECK: ck.gemm %[[A]], %[[B]] -> %[[C]] config <block = [128, 128, 64], wave = [16, 128], mma = #ck.wgmma<f16>, lds_buffers = 4, load_waves = 4, async_copy> :
func.func @gemm_config(%a: memref<1x256x64xf16>, %b: memref<1x64x128xf16>,
                       %c: memref<1x256x128xf16>, %va: !ck.view<2x32x16xbf16>,
                       %vb: !ck.view<2x16x32xbf16>, %vc: !ck.view<2x32x32xf32>) {
  ck.gemm %a, %b -> %c
      config <block = [128, 128, 32], wave = [64, 64], mma = #ck.mfma<16x16x16, f16>>
      : memref<1x256x64xf16>, memref<1x64x128xf16> -> memref<1x256x128xf16>
  ck.gemm %a, %b -> %c alpha 2.0
      config <block = [64, 32, 16], wave = [32, 16], mma = #ck.fma>
      : memref<1x256x64xf16>, memref<1x64x128xf16> -> memref<1x256x128xf16>
  ck.gemm %va, %vb -> %vc
      config <block = [32, 32, 16], wave = [16, 8], mma = #ck.mma_sync<16x8x16, bf16>>
      : !ck.view<2x32x16xbf16>, !ck.view<2x16x32xbf16> -> !ck.view<2x32x32xf32>
  ck.gemm %a, %b -> %c
      config <block = [64, 64, 32], wave = [32, 32], mma = #ck.mfma<16x16x16, f16>, lds_buffers = 2>
      : memref<1x256x64xf16>, memref<1x64x128xf16> -> memref<1x256x128xf16>
  ck.gemm %a, %b -> %c
      config <block = [64, 64, 32], wave = [32, 32], mma = #ck.mfma<16x16x16, f16>, lds_buffers = 2, partition = #ck.partition<split_k, k_batch = 4>>
      : memref<1x256x64xf16>, memref<1x64x128xf16> -> memref<1x256x128xf16>
  ck.gemm %a, %b -> %c
      config <block = [64, 64, 32], wave = [32, 32], mma = #ck.mfma<16x16x16, f16>, partition = #ck.partition<split_k, k_batch = 4>, lds_buffers = 1>
      : memref<1x256x64xf16>, memref<1x64x128xf16> -> memref<1x256x128xf16>
  ck.gemm %a, %b -> %c
      config <block = [64, 64, 32], wave = [32, 32], mma = #ck.mma_sync<16x8x16, f16>, async_copy, lds_buffers = 3>
      : memref<1x256x64xf16>, memref<1x64x128xf16> -> memref<1x256x128xf16>
  ck.gemm %a, %b -> %c
      config <block = [64, 64, 32], wave = [32, 32], mma = #ck.mma_sync<16x8x16, f16>, async_copy, load_waves = 4, lds_buffers = 3>
      : memref<1x256x64xf16>, memref<1x64x128xf16> -> memref<1x256x128xf16>
  ck.gemm %a, %b -> %c
      config <block = [128, 128, 64], wave = [16, 128], mma = #ck.wgmma<f16>, cluster = [2, 1], partition = #ck.partition<split_k, k_batch = 4>, lds_buffers = 4, load_waves = 4, async_copy>
      : memref<1x256x64xf16>, memref<1x64x128xf16> -> memref<1x256x128xf16>
  ck.gemm %a, %b -> %c
      config <block = [128, 128, 64], wave = [16, 128], mma = #ck.wgmma<f16>, lds_buffers = 4, load_waves = 4, async_copy, cluster = [1, 1]>
      : memref<1x256x64xf16>, memref<1x64x128xf16> -> memref<1x256x128xf16>
  return
}

// -----
// ck.mma, one wave-level instruction per family of intrinsics.

// CHECK-LABEL: func.func @mma
// CHECK: %[[D0:.*]] = ck.mma #ck.mfma<16x16x16, f16> %{{.*}}, %{{.*}}, %{{.*}} : vector<4xf16>, vector<4xf16>, vector<4xf32>
// CHECK: %[[W:.*]] = ck.mma #ck.wmma<16x16x16, bf16, gfx12> %{{.*}}, %{{.*}}, %{{.*}} : vector<8xbf16>, vector<8xbf16>, vector<8xf32>
// CHECK: %[[D2:.*]] = ck.mma #ck.mma_sync<16x8x8, tf32> %{{.*}}, %{{.*}}, %[[D0]] : vector<4xf32>, vector<2xf32>, vector<4xf32>
// CHECK: %[[D3:.*]] = ck.mma #ck.fma %{{.*}}, %{{.*}}, %[[D2]] : vector<4xf32>, vector<1xf32>, vector<4xf32>
// CHECK: return %[[D3]], %[[W]] : vector<4xf32>, vector<8xf32>
func.func @mma(%a: vector<4xf16>, %b: vector<4xf16>, %c: vector<4xf32>,
               %p: vector<8xbf16>, %q: vector<8xbf16>, %w: vector<8xf32>,
               %s: vector<4xf32>, %t: vector<2xf32>, %u: vector<1xf32>)
    -> (vector<4xf32>, vector<8xf32>) {
  %d0 = ck.mma #ck.mfma<16x16x16, f16> %a, %b, %c : vector<4xf16>, vector<4xf16>, vector<4xf32>
  %w1 = ck.mma #ck.wmma<16x16x16, bf16, gfx12> %p, %q, %w : vector<8xbf16>, vector<8xbf16>, vector<8xf32>
  %d2 = ck.mma #ck.mma_sync<16x8x8, tf32> %s, %t, %d0 : vector<4xf32>, vector<2xf32>, vector<4xf32>
  %d3 = ck.mma #ck.fma %s, %u, %d2 : vector<4xf32>, vector<1xf32>, vector<4xf32>
  return %d3, %w1 : vector<4xf32>, vector<8xf32>
}

// -----
// #ck.target on a module, with and without features.

// CHECK: module attributes {ck.target = #ck.target<"gfx1100", vendor = amd, wave = 32, lds = 65536, registers = 256, addressing_registers = 144, compute_units = 96, simds = 2, waves_per_simd = 16, registers_per_simd = 1536, lds_per_cu = 65536, mma = [#ck.wmma<16x16x16, f16, gfx11>, #ck.fma]>}
module attributes {ck.target = #ck.target<"gfx1100", vendor = amd, wave = 32,
    lds = 65536, registers = 256, addressing_registers = 144,
    compute_units = 96, simds = 2, waves_per_simd = 16,
    registers_per_simd = 1536, lds_per_cu = 65536,
    mma = [#ck.wmma<16x16x16, f16, gfx11>, #ck.fma]>} {
}
// CHECK: module attributes {ck.target = #ck.target<"sm_80", vendor = nvidia, wave = 32, lds = 49152, registers = 255, addressing_registers = 64, compute_units = 108, simds = 4, waves_per_simd = 16, registers_per_simd = 512, lds_per_cu = 167936, mma = [#ck.mma_sync<16x8x16, f16>], features = [lds_in_l1]>}
module attributes {ck.target = #ck.target<"sm_80", vendor = nvidia, wave = 32,
    lds = 49152, registers = 255, addressing_registers = 64,
    compute_units = 108, simds = 4, waves_per_simd = 16,
    registers_per_simd = 512, lds_per_cu = 167936,
    mma = [#ck.mma_sync<16x8x16, f16>], features = [lds_in_l1]>} {
}

// -----
// #ck.launch on the launch of a GEMM kernel: the partition is printed when
// it is not data-parallel, async_stages when it is not 0.

// CHECK-LABEL: func.func @launch_facts
// CHECK: gpu.launch_func @kernels::@gemm blocks in (%{{.*}}, %{{.*}}, %{{.*}}) threads in (%{{.*}}, %{{.*}}, %{{.*}}) {ck.launch = #ck.launch<compute = tf32, partition = <split_k, k_batch = 4>>}
// CHECK: gpu.launch_func @kernels::@gemm blocks in (%{{.*}}, %{{.*}}, %{{.*}}) threads in (%{{.*}}, %{{.*}}, %{{.*}}) {ck.launch = #ck.launch<compute = bf16>}
// CHECK: gpu.launch_func @kernels::@gemm blocks in (%{{.*}}, %{{.*}}, %{{.*}}) threads in (%{{.*}}, %{{.*}}, %{{.*}}) {ck.launch = #ck.launch<compute = f16, partition = <stream_k, reduce = linear, tail = all>>}
// CHECK: {ck.launch = #ck.launch<compute = f16, async_stages = 3>}
// CHECK: {ck.launch = #ck.launch<compute = f16>}
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @gemm() kernel {
      gpu.return
    }
  }
  func.func @launch_facts() {
    %c1 = arith.constant 1 : index
    gpu.launch_func @kernels::@gemm blocks in (%c1, %c1, %c1)
        threads in (%c1, %c1, %c1)
        {ck.launch = #ck.launch<compute = tf32, partition = <split_k, k_batch = 4>>}
    gpu.launch_func @kernels::@gemm blocks in (%c1, %c1, %c1)
        threads in (%c1, %c1, %c1)
        {ck.launch = #ck.launch<compute = bf16, partition = <data_parallel>>}
    gpu.launch_func @kernels::@gemm blocks in (%c1, %c1, %c1)
        threads in (%c1, %c1, %c1)
        {ck.launch = #ck.launch<compute = f16, partition = #ck.partition<stream_k, tail = all, reduce = linear>>}
    gpu.launch_func @kernels::@gemm blocks in (%c1, %c1, %c1)
        threads in (%c1, %c1, %c1)
        {ck.launch = #ck.launch<compute = f16, async_stages = 3>}
    gpu.launch_func @kernels::@gemm blocks in (%c1, %c1, %c1)
        threads in (%c1, %c1, %c1)
        {ck.launch = #ck.launch<compute = f16, async_stages = 0>}
    return
  }
}
