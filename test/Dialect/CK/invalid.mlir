// RUN: ck-opt %s -split-input-file -verify-diagnostics

// One section per verifier rule of the ck dialect: the convolution ops
// (ConvVerifier.cpp), ck.gemm, ck.fill, ck.concurrent and ck.transform
// (CKOps.cpp), the layout and transform-map attributes (CKAttrs.cpp), the
// !ck.view type (CKTypes.cpp), #ck.gemm_config and ck.mma, the ODS operand
// constraints, and malformed syntax.

//===----------------------------------------------------------------------===//
// Convolutions: parameters
//===----------------------------------------------------------------------===//

// Zero spatial dimensions: no stride at all.
func.func @conv_rank_0(%x: memref<2x1x8xf16>, %w: memref<1x4x8xf16>, %y: memref<2x1x4xf16>) {
  // expected-error @+1 {{'ck.conv_fwd' op expects 1, 2 or 3 spatial dimensions (one stride each), got 0}}
  ck.conv_fwd input(%x : memref<2x1x8xf16>) filter(%w : memref<1x4x8xf16>) output(%y : memref<2x1x4xf16>) layouts(NGC, GKC, NGK) strides [] dilations [] pad_left [] pad_right []
  return
}

// -----
// Four spatial dimensions.
func.func @conv_rank_4(%x: memref<2x7x7x1x8xf16>, %w: memref<1x4x3x3x8xf16>, %y: memref<2x7x7x1x4xf16>) {
  // expected-error @+1 {{'ck.conv_fwd' op expects 1, 2 or 3 spatial dimensions (one stride each), got 4}}
  ck.conv_fwd input(%x : memref<2x7x7x1x8xf16>) filter(%w : memref<1x4x3x3x8xf16>) output(%y : memref<2x7x7x1x4xf16>) layouts(NHWGC, GKYXC, NHWGK) strides [1, 1, 1, 1] dilations [1, 1, 1, 1] pad_left [1, 1, 1, 1] pad_right [1, 1, 1, 1]
  return
}

// -----
// Fewer dilations than strides.
func.func @conv_dilations_count(%x: memref<2x7x7x1x8xf16>, %w: memref<1x4x3x3x8xf16>, %y: memref<2x7x7x1x4xf16>) {
  // expected-error @+1 {{'ck.conv_fwd' op expects 2 dilations, one per spatial dimension, got 1}}
  ck.conv_fwd input(%x : memref<2x7x7x1x8xf16>) filter(%w : memref<1x4x3x3x8xf16>) output(%y : memref<2x7x7x1x4xf16>) layouts(NHWGC, GKYXC, NHWGK) strides [1, 1] dilations [1] pad_left [1, 1] pad_right [1, 1]
  return
}

// -----
// More left pads than strides.
func.func @conv_pad_left_count(%x: memref<2x7x7x1x8xf16>, %w: memref<1x4x3x3x8xf16>, %y: memref<2x7x7x1x4xf16>) {
  // expected-error @+1 {{'ck.conv_bwd_data' op expects 2 pad_left, one per spatial dimension, got 3}}
  ck.conv_bwd_data input(%x : memref<2x7x7x1x8xf16>) filter(%w : memref<1x4x3x3x8xf16>) output(%y : memref<2x7x7x1x4xf16>) layouts(NHWGC, GKYXC, NHWGK) strides [1, 1] dilations [1, 1] pad_left [1, 1, 1] pad_right [1, 1]
  return
}

// -----
// Fewer right pads than strides.
func.func @conv_pad_right_count(%x: memref<2x7x7x1x8xf16>, %w: memref<1x4x3x3x8xf16>, %y: memref<2x7x7x1x4xf16>) {
  // expected-error @+1 {{'ck.conv_bwd_weight' op expects 2 pad_right, one per spatial dimension, got 0}}
  ck.conv_bwd_weight input(%x : memref<2x7x7x1x8xf16>) filter(%w : memref<1x4x3x3x8xf16>) output(%y : memref<2x7x7x1x4xf16>) layouts(NHWGC, GKYXC, NHWGK) strides [1, 1] dilations [1, 1] pad_left [1, 1] pad_right []
  return
}

// -----
// A zero stride.
func.func @conv_stride_0(%x: memref<2x7x7x1x8xf16>, %w: memref<1x4x3x3x8xf16>, %y: memref<2x7x7x1x4xf16>) {
  // expected-error @+1 {{'ck.conv_fwd' op stride #1 is 0; strides must be >= 1}}
  ck.conv_fwd input(%x : memref<2x7x7x1x8xf16>) filter(%w : memref<1x4x3x3x8xf16>) output(%y : memref<2x7x7x1x4xf16>) layouts(NHWGC, GKYXC, NHWGK) strides [1, 0] dilations [1, 1] pad_left [1, 1] pad_right [1, 1]
  return
}

// -----
// A negative dilation.
func.func @conv_dilation_negative(%x: memref<2x7x7x1x8xf16>, %w: memref<1x4x3x3x8xf16>, %y: memref<2x7x7x1x4xf16>) {
  // expected-error @+1 {{'ck.conv_fwd' op dilation #0 is -1; dilations must be >= 1}}
  ck.conv_fwd input(%x : memref<2x7x7x1x8xf16>) filter(%w : memref<1x4x3x3x8xf16>) output(%y : memref<2x7x7x1x4xf16>) layouts(NHWGC, GKYXC, NHWGK) strides [1, 1] dilations [-1, 1] pad_left [1, 1] pad_right [1, 1]
  return
}

// -----
// A negative left pad.
func.func @conv_pad_left_negative(%x: memref<2x7x7x1x8xf16>, %w: memref<1x4x3x3x8xf16>, %y: memref<2x7x7x1x4xf16>) {
  // expected-error @+1 {{'ck.conv_fwd' op pad_left #1 is -1; pads must be >= 0}}
  ck.conv_fwd input(%x : memref<2x7x7x1x8xf16>) filter(%w : memref<1x4x3x3x8xf16>) output(%y : memref<2x7x7x1x4xf16>) layouts(NHWGC, GKYXC, NHWGK) strides [1, 1] dilations [1, 1] pad_left [1, -1] pad_right [1, 1]
  return
}

// -----
// A negative right pad.
func.func @conv_pad_right_negative(%x: memref<2x7x7x1x8xf16>, %w: memref<1x4x3x3x8xf16>, %y: memref<2x7x7x1x4xf16>) {
  // expected-error @+1 {{'ck.conv_fwd' op pad_right #0 is -2; pads must be >= 0}}
  ck.conv_fwd input(%x : memref<2x7x7x1x8xf16>) filter(%w : memref<1x4x3x3x8xf16>) output(%y : memref<2x7x7x1x4xf16>) layouts(NHWGC, GKYXC, NHWGK) strides [1, 1] dilations [1, 1] pad_left [1, 1] pad_right [-2, 1]
  return
}

//===----------------------------------------------------------------------===//
// Convolutions: layouts and tensors
//===----------------------------------------------------------------------===//

// -----
// The input layout names a filter letter (Y instead of H).
func.func @conv_input_layout_letters(%x: memref<2x7x7x1x8xf16>, %w: memref<1x4x3x3x8xf16>, %y: memref<2x7x7x1x4xf16>) {
  // expected-error @+1 {{'ck.conv_fwd' op input layout NYWGC does not fit a 2-D convolution: expected the letters NGCHW, each once, in any order}}
  ck.conv_fwd input(%x : memref<2x7x7x1x8xf16>) filter(%w : memref<1x4x3x3x8xf16>) output(%y : memref<2x7x7x1x4xf16>) layouts(NYWGC, GKYXC, NHWGK) strides [1, 1] dilations [1, 1] pad_left [1, 1] pad_right [1, 1]
  return
}

// -----
// The filter layout of a 3-D convolution in a 2-D one.
func.func @conv_filter_layout_rank(%x: memref<2x7x7x1x8xf16>, %w: memref<1x4x1x3x3x8xf16>, %y: memref<2x7x7x1x4xf16>) {
  // expected-error @+1 {{'ck.conv_fwd' op filter layout GKZYXC does not fit a 2-D convolution: expected the letters GKCYX, each once, in any order}}
  ck.conv_fwd input(%x : memref<2x7x7x1x8xf16>) filter(%w : memref<1x4x1x3x3x8xf16>) output(%y : memref<2x7x7x1x4xf16>) layouts(NHWGC, GKZYXC, NHWGK) strides [1, 1] dilations [1, 1] pad_left [1, 1] pad_right [1, 1]
  return
}

// -----
// The output layout names C where it needs K (the input layout swapped in).
func.func @conv_output_layout_letters(%x: memref<2x7x7x1x8xf16>, %w: memref<1x4x3x3x8xf16>, %y: memref<2x7x7x1x4xf16>) {
  // expected-error @+1 {{'ck.conv_bwd_weight' op output layout NHWGC does not fit a 2-D convolution: expected the letters NGKHW, each once, in any order}}
  ck.conv_bwd_weight input(%x : memref<2x7x7x1x8xf16>) filter(%w : memref<1x4x3x3x8xf16>) output(%y : memref<2x7x7x1x4xf16>) layouts(NHWGC, GKYXC, NHWGC) strides [1, 1] dilations [1, 1] pad_left [1, 1] pad_right [1, 1]
  return
}

// -----
// The output layout misses a letter (no G).
func.func @conv_output_layout_short(%x: memref<2x7x7x1x8xf16>, %w: memref<1x4x3x3x8xf16>, %y: memref<2x7x7x4xf16>) {
  // expected-error @+1 {{'ck.conv_fwd' op output layout NHWK does not fit a 2-D convolution: expected the letters NGKHW, each once, in any order}}
  ck.conv_fwd input(%x : memref<2x7x7x1x8xf16>) filter(%w : memref<1x4x3x3x8xf16>) output(%y : memref<2x7x7x4xf16>) layouts(NHWGC, GKYXC, NHWK) strides [1, 1] dilations [1, 1] pad_left [1, 1] pad_right [1, 1]
  return
}

// -----
// The input memref has one dimension fewer than its layout.
func.func @conv_input_memref_rank(%x: memref<2x7x7x8xf16>, %w: memref<1x4x3x3x8xf16>, %y: memref<2x7x7x1x4xf16>) {
  // expected-error @+1 {{'ck.conv_fwd' op input memref has rank 4 but its layout NHWGC has 5 dimensions}}
  ck.conv_fwd input(%x : memref<2x7x7x8xf16>) filter(%w : memref<1x4x3x3x8xf16>) output(%y : memref<2x7x7x1x4xf16>) layouts(NHWGC, GKYXC, NHWGK) strides [1, 1] dilations [1, 1] pad_left [1, 1] pad_right [1, 1]
  return
}

// -----
// The filter memref has one dimension more than its layout.
func.func @conv_filter_memref_rank(%x: memref<2x7x7x1x8xf16>, %w: memref<1x4x3x3x8x1xf16>, %y: memref<2x7x7x1x4xf16>) {
  // expected-error @+1 {{'ck.conv_fwd' op filter memref has rank 6 but its layout GKYXC has 5 dimensions}}
  ck.conv_fwd input(%x : memref<2x7x7x1x8xf16>) filter(%w : memref<1x4x3x3x8x1xf16>) output(%y : memref<2x7x7x1x4xf16>) layouts(NHWGC, GKYXC, NHWGK) strides [1, 1] dilations [1, 1] pad_left [1, 1] pad_right [1, 1]
  return
}

// -----
// Input f16, filter and output f32.
func.func @conv_element_types(%x: memref<2x7x7x1x8xf16>, %w: memref<1x4x3x3x8xf32>, %y: memref<2x7x7x1x4xf32>) {
  // expected-error @+1 {{'ck.conv_fwd' op expects input, filter and output of one element type, got 'f16', 'f32' and 'f32'}}
  ck.conv_fwd input(%x : memref<2x7x7x1x8xf16>) filter(%w : memref<1x4x3x3x8xf32>) output(%y : memref<2x7x7x1x4xf32>) layouts(NHWGC, GKYXC, NHWGK) strides [1, 1] dilations [1, 1] pad_left [1, 1] pad_right [1, 1]
  return
}

// -----
// Output bf16, the others f16.
func.func @conv_output_element_type(%x: memref<2x7x7x1x8xf16>, %w: memref<1x4x3x3x8xf16>, %y: memref<2x7x7x1x4xbf16>) {
  // expected-error @+1 {{'ck.conv_bwd_data' op expects input, filter and output of one element type, got 'f16', 'f16' and 'bf16'}}
  ck.conv_bwd_data input(%x : memref<2x7x7x1x8xf16>) filter(%w : memref<1x4x3x3x8xf16>) output(%y : memref<2x7x7x1x4xbf16>) layouts(NHWGC, GKYXC, NHWGK) strides [1, 1] dilations [1, 1] pad_left [1, 1] pad_right [1, 1]
  return
}

// -----
// G of the input (2) differs from G of the filter (1).
func.func @conv_groups_filter(%x: memref<2x7x7x2x8xf16>, %w: memref<1x4x3x3x8xf16>, %y: memref<2x7x7x2x4xf16>) {
  // expected-error @+1 {{'ck.conv_fwd' op group count (G) differs: input has 2, filter has 1}}
  ck.conv_fwd input(%x : memref<2x7x7x2x8xf16>) filter(%w : memref<1x4x3x3x8xf16>) output(%y : memref<2x7x7x2x4xf16>) layouts(NHWGC, GKYXC, NHWGK) strides [1, 1] dilations [1, 1] pad_left [1, 1] pad_right [1, 1]
  return
}

// -----
// G of the input (1) differs from G of the output (3).
func.func @conv_groups_output(%x: memref<2x7x7x1x8xf16>, %w: memref<1x4x3x3x8xf16>, %y: memref<2x7x7x3x4xf16>) {
  // expected-error @+1 {{'ck.conv_fwd' op group count (G) differs: input has 1, output has 3}}
  ck.conv_fwd input(%x : memref<2x7x7x1x8xf16>) filter(%w : memref<1x4x3x3x8xf16>) output(%y : memref<2x7x7x3x4xf16>) layouts(NHWGC, GKYXC, NHWGK) strides [1, 1] dilations [1, 1] pad_left [1, 1] pad_right [1, 1]
  return
}

// -----
// N of the input (2) differs from N of the output (4).
func.func @conv_batch(%x: memref<2x7x7x1x8xf16>, %w: memref<1x4x3x3x8xf16>, %y: memref<4x7x7x1x4xf16>) {
  // expected-error @+1 {{'ck.conv_fwd' op batch size (N) differs: input has 2, output has 4}}
  ck.conv_fwd input(%x : memref<2x7x7x1x8xf16>) filter(%w : memref<1x4x3x3x8xf16>) output(%y : memref<4x7x7x1x4xf16>) layouts(NHWGC, GKYXC, NHWGK) strides [1, 1] dilations [1, 1] pad_left [1, 1] pad_right [1, 1]
  return
}

// -----
// C of the input (8) differs from C of the filter (16), in a GNHWC/GKCYX
// layout where the letters sit elsewhere.
func.func @conv_in_channels(%x: memref<1x2x7x7x8xf16>, %w: memref<1x4x16x3x3xf16>, %y: memref<1x2x7x7x4xf16>) {
  // expected-error @+1 {{'ck.conv_fwd' op input channel count (C) differs: input has 8, filter has 16}}
  ck.conv_fwd input(%x : memref<1x2x7x7x8xf16>) filter(%w : memref<1x4x16x3x3xf16>) output(%y : memref<1x2x7x7x4xf16>) layouts(GNHWC, GKCYX, GNHWK) strides [1, 1] dilations [1, 1] pad_left [1, 1] pad_right [1, 1]
  return
}

// -----
// K of the filter (4) differs from K of the output (5).
func.func @conv_out_channels(%x: memref<2x7x7x1x8xf16>, %w: memref<1x4x3x3x8xf16>, %y: memref<2x7x7x1x5xf16>) {
  // expected-error @+1 {{'ck.conv_bwd_weight' op output channel count (K) differs: filter has 4, output has 5}}
  ck.conv_bwd_weight input(%x : memref<2x7x7x1x8xf16>) filter(%w : memref<1x4x3x3x8xf16>) output(%y : memref<2x7x7x1x5xf16>) layouts(NHWGC, GKYXC, NHWGK) strides [1, 1] dilations [1, 1] pad_left [1, 1] pad_right [1, 1]
  return
}

// -----
// The dilated filter (extent 2 * (3 - 1) + 1 = 5) does not fit the padded
// input (extent 3 + 0 + 0 = 3) of the second spatial dimension.
func.func @conv_empty_output(%x: memref<2x7x3x1x8xf16>, %w: memref<1x4x3x3x8xf16>, %y: memref<2x5x1x1x4xf16>) {
  // expected-error @+1 {{'ck.conv_fwd' op spatial dimension #1: the dilated filter (extent 5) is larger than the padded input (extent 3), so the output would be empty}}
  ck.conv_fwd input(%x : memref<2x7x3x1x8xf16>) filter(%w : memref<1x4x3x3x8xf16>) output(%y : memref<2x5x1x1x4xf16>) layouts(NHWGC, GKYXC, NHWGK) strides [1, 1] dilations [1, 2] pad_left [0, 0] pad_right [0, 0]
  return
}

// -----
// Ho = (7 + 1 + 1 - 3) / 2 + 1 = 4, but the output has 7.
func.func @conv_output_size(%x: memref<2x7x7x1x8xf16>, %w: memref<1x4x3x3x8xf16>, %y: memref<2x7x4x1x4xf16>) {
  // expected-error @+1 {{'ck.conv_fwd' op spatial dimension #0: expected output size 4 = (9 - 3) / 2 + 1, got 7}}
  ck.conv_fwd input(%x : memref<2x7x7x1x8xf16>) filter(%w : memref<1x4x3x3x8xf16>) output(%y : memref<2x7x4x1x4xf16>) layouts(NHWGC, GKYXC, NHWGK) strides [2, 2] dilations [1, 1] pad_left [1, 1] pad_right [1, 1]
  return
}

// -----
// 1-D: Wo = (9 + 0 + 0 - 3 * (3 - 1) - 1) / 1 + 1 = 3, but the output has 9.
func.func @conv_output_size_1d(%x: memref<2x9x1x8xf32>, %w: memref<1x4x3x8xf32>, %y: memref<2x9x1x4xf32>) {
  // expected-error @+1 {{'ck.conv_bwd_data' op spatial dimension #0: expected output size 3 = (9 - 7) / 1 + 1, got 9}}
  ck.conv_bwd_data input(%x : memref<2x9x1x8xf32>) filter(%w : memref<1x4x3x8xf32>) output(%y : memref<2x9x1x4xf32>) layouts(NWGC, GKXC, NWGK) strides [1] dilations [3] pad_left [0] pad_right [0]
  return
}

//===----------------------------------------------------------------------===//
// Convolutions: epilogue
//===----------------------------------------------------------------------===//

// -----
// Forward writes the output: a D shaped like the input is wrong.
func.func @conv_fwd_d_shape(%x: memref<2x7x7x1x8xf16>, %w: memref<1x4x3x3x8xf16>, %y: memref<2x7x7x1x4xf16>, %d: memref<2x7x7x1x4xf16>) {
  // expected-error @+1 {{'ck.conv_fwd' op D tensor #1 must have the shape and element type of 'memref<2x7x7x1x4xf16>', got 'memref<2x7x7x1x8xf16>'}}
  ck.conv_fwd input(%x : memref<2x7x7x1x8xf16>) filter(%w : memref<1x4x3x3x8xf16>) output(%y : memref<2x7x7x1x4xf16>) adds(%d, %x : memref<2x7x7x1x4xf16>, memref<2x7x7x1x8xf16>) layouts(NHWGC, GKYXC, NHWGK) strides [1, 1] dilations [1, 1] pad_left [1, 1] pad_right [1, 1]
  return
}

// -----
// Backward-data writes the input: a D shaped like the output is wrong.
func.func @conv_bwd_data_d_shape(%x: memref<2x7x7x1x8xf16>, %w: memref<1x4x3x3x8xf16>, %y: memref<2x7x7x1x4xf16>) {
  // expected-error @+1 {{'ck.conv_bwd_data' op D tensor #0 must have the shape and element type of 'memref<2x7x7x1x8xf16>', got 'memref<2x7x7x1x4xf16>'}}
  ck.conv_bwd_data input(%x : memref<2x7x7x1x8xf16>) filter(%w : memref<1x4x3x3x8xf16>) output(%y : memref<2x7x7x1x4xf16>) adds(%y : memref<2x7x7x1x4xf16>) layouts(NHWGC, GKYXC, NHWGK) strides [1, 1] dilations [1, 1] pad_left [1, 1] pad_right [1, 1]
  return
}

// -----
// Backward-weight writes the filter: a D of the right shape but f32 is wrong.
func.func @conv_bwd_weight_d_type(%x: memref<2x7x7x1x8xf16>, %w: memref<1x4x3x3x8xf16>, %y: memref<2x7x7x1x4xf16>, %d: memref<1x4x3x3x8xf32>) {
  // expected-error @+1 {{'ck.conv_bwd_weight' op D tensor #0 must have the shape and element type of 'memref<1x4x3x3x8xf16>', got 'memref<1x4x3x3x8xf32>'}}
  ck.conv_bwd_weight input(%x : memref<2x7x7x1x8xf16>) filter(%w : memref<1x4x3x3x8xf16>) output(%y : memref<2x7x7x1x4xf16>) adds(%d : memref<1x4x3x3x8xf32>) layouts(NHWGC, GKYXC, NHWGK) strides [1, 1] dilations [1, 1] pad_left [1, 1] pad_right [1, 1]
  return
}

// -----
// beta without any D tensor.
func.func @conv_beta_without_d(%x: memref<2x7x7x1x8xf16>, %w: memref<1x4x3x3x8xf16>, %y: memref<2x7x7x1x4xf16>) {
  // expected-error @+1 {{'ck.conv_fwd' op has beta but no D tensors for it to scale}}
  ck.conv_fwd input(%x : memref<2x7x7x1x8xf16>) filter(%w : memref<1x4x3x3x8xf16>) output(%y : memref<2x7x7x1x4xf16>) layouts(NHWGC, GKYXC, NHWGK) strides [1, 1] dilations [1, 1] pad_left [1, 1] pad_right [1, 1] beta 0.5
  return
}

//===----------------------------------------------------------------------===//
// Convolutions: ODS operand constraints
//===----------------------------------------------------------------------===//

// -----
// A dynamically shaped input.
func.func @conv_dynamic_memref(%x: memref<?x7x7x1x8xf16>, %w: memref<1x4x3x3x8xf16>, %y: memref<2x7x7x1x4xf16>) {
  // expected-error @+1 {{'ck.conv_fwd' op operand #0 must be statically shaped memref of 16-bit float or bfloat16 type or 32-bit float values, but got 'memref<?x7x7x1x8xf16>'}}
  ck.conv_fwd input(%x : memref<?x7x7x1x8xf16>) filter(%w : memref<1x4x3x3x8xf16>) output(%y : memref<2x7x7x1x4xf16>) layouts(NHWGC, GKYXC, NHWGK) strides [1, 1] dilations [1, 1] pad_left [1, 1] pad_right [1, 1]
  return
}

// -----
// An i32 filter.
func.func @conv_i32_filter(%x: memref<2x7x7x1x8xi32>, %w: memref<1x4x3x3x8xi32>, %y: memref<2x7x7x1x4xi32>) {
  // expected-error @+1 {{'ck.conv_bwd_weight' op operand #0 must be statically shaped memref of 16-bit float or bfloat16 type or 32-bit float values, but got 'memref<2x7x7x1x8xi32>'}}
  ck.conv_bwd_weight input(%x : memref<2x7x7x1x8xi32>) filter(%w : memref<1x4x3x3x8xi32>) output(%y : memref<2x7x7x1x4xi32>) layouts(NHWGC, GKYXC, NHWGK) strides [1, 1] dilations [1, 1] pad_left [1, 1] pad_right [1, 1]
  return
}

// -----
// An f64 D tensor.
func.func @conv_f64_d(%x: memref<2x7x7x1x8xf16>, %w: memref<1x4x3x3x8xf16>, %y: memref<2x7x7x1x4xf16>, %d: memref<2x7x7x1x4xf64>) {
  // expected-error @+1 {{'ck.conv_fwd' op operand #3 must be variadic of statically shaped memref of 16-bit float or bfloat16 type or 32-bit float values, but got 'memref<2x7x7x1x4xf64>'}}
  ck.conv_fwd input(%x : memref<2x7x7x1x8xf16>) filter(%w : memref<1x4x3x3x8xf16>) output(%y : memref<2x7x7x1x4xf16>) adds(%d : memref<2x7x7x1x4xf64>) layouts(NHWGC, GKYXC, NHWGK) strides [1, 1] dilations [1, 1] pad_left [1, 1] pad_right [1, 1]
  return
}

// -----
// A view is not a convolution operand: the custom parser already wants a
// memref type.
func.func @conv_view_operand(%x: !ck.view<2x7x7x1x8xf16>, %w: memref<1x4x3x3x8xf16>, %y: memref<2x7x7x1x4xf16>) {
  // expected-error @+1 {{custom op 'ck.conv_fwd' invalid kind of type specified: expected builtin.memref, but found '!ck.view<2x7x7x1x8xf16>'}}
  ck.conv_fwd input(%x : !ck.view<2x7x7x1x8xf16>) filter(%w : memref<1x4x3x3x8xf16>) output(%y : memref<2x7x7x1x4xf16>) layouts(NHWGC, GKYXC, NHWGK) strides [1, 1] dilations [1, 1] pad_left [1, 1] pad_right [1, 1]
  return
}

//===----------------------------------------------------------------------===//
// Memref operands: what ck kernels can address, and no updates in place
//===----------------------------------------------------------------------===//

// -----
// A convolution input with a batch of 0.
func.func @conv_zero_size(%x: memref<0x7x7x1x8xf16>, %w: memref<1x4x3x3x8xf16>, %y: memref<0x7x7x1x4xf16>) {
  // expected-error @+1 {{'ck.conv_fwd' op input 'memref<0x7x7x1x8xf16>' has a dimension of size 0; ck ops take tensors with at least one element}}
  ck.conv_fwd input(%x : memref<0x7x7x1x8xf16>) filter(%w : memref<1x4x3x3x8xf16>) output(%y : memref<0x7x7x1x4xf16>) layouts(NHWGC, GKYXC, NHWGK) strides [1, 1] dilations [1, 1] pad_left [1, 1] pad_right [1, 1]
  return
}

// -----
// A GEMM with N = 0 (it divided by zero choosing a kernel configuration).
func.func @gemm_zero_size(%a: memref<1x16x16xf16>, %b: memref<1x16x0xf16>, %c: memref<1x16x0xf16>) {
  // expected-error @+1 {{'ck.gemm' op b 'memref<1x16x0xf16>' has a dimension of size 0; ck ops take tensors with at least one element}}
  ck.gemm %a, %b -> %c : memref<1x16x16xf16>, memref<1x16x0xf16> -> memref<1x16x0xf16>
  return
}

// -----
// ck.concurrent holds GEMMs, fills and their views only.
func.func @concurrent_other_op(%m: memref<2x3xf32>) {
  // expected-error @+1 {{'ck.concurrent' op may hold only ck.gemm, ck.fill and ck.transform ops, got 'arith.constant'}}
  ck.concurrent {
    %zero = arith.constant 0 : index
    ck.fill %m : memref<2x3xf32>
  }
  return
}

// -----
// A ck.concurrent of views alone runs nothing.
func.func @concurrent_no_kernel(%m: memref<4x6xf32>) {
  // expected-error @+1 {{'ck.concurrent' op holds no ck.gemm or ck.fill}}
  ck.concurrent {
    %v = ck.transform %m : memref<4x6xf32> to !ck.view<24xf32>
        by #ck.transform_map<[24] -> [4, 6], [#ck.transform<merge [0] -> [0, 1]>]>
  }
  return
}

// -----
// A fill of nothing.
func.func @fill_zero_size(%m: memref<2x0xf32>) {
  // expected-error @+1 {{'ck.fill' op dest 'memref<2x0xf32>' has a dimension of size 0; ck ops take tensors with at least one element}}
  ck.fill %m : memref<2x0xf32>
  return
}

// -----
// A convolution filter in workgroup memory (address space 3).
func.func @conv_memory_space(%x: memref<2x7x7x1x8xf16>, %w: memref<1x4x3x3x8xf16, 3>, %y: memref<2x7x7x1x4xf16>) {
  // expected-error @+1 {{'ck.conv_bwd_weight' op filter 'memref<1x4x3x3x8xf16, 3>' is in memory space 3 : i64; ck ops take memrefs in the default (global) memory space}}
  ck.conv_bwd_weight input(%x : memref<2x7x7x1x8xf16>) filter(%w : memref<1x4x3x3x8xf16, 3>) output(%y : memref<2x7x7x1x4xf16>) layouts(NHWGC, GKYXC, NHWGK) strides [1, 1] dilations [1, 1] pad_left [1, 1] pad_right [1, 1]
  return
}

// -----
// A view's memref in a GPU address space.
func.func @transform_memory_space(%m: memref<4x6xf32, #gpu.address_space<global>>) {
  // expected-error @+1 {{'ck.transform' op source 'memref<4x6xf32, #gpu.address_space<global>>' is in memory space #gpu.address_space<global>; ck ops take memrefs in the default (global) memory space}}
  %v = ck.transform %m : memref<4x6xf32, #gpu.address_space<global>> to !ck.view<24xf32>
      by #ck.transform_map<[24] -> [4, 6], [#ck.transform<merge [0] -> [0, 1]>]>
  return
}

// -----
// A row-major layout starting at element 5: 10 bytes of f16, not 16-byte
// aligned (it compiled with 16-byte vector loads).
func.func @gemm_misaligned_offset(%a: memref<1x16x32xf16, strided<[512, 32, 1], offset: 5>>, %b: memref<1x32x8xf16>, %c: memref<1x16x8xf16>) {
  // expected-error @+1 {{'ck.gemm' op a 'memref<1x16x32xf16, strided<[512, 32, 1], offset: 5>>' starts 10 bytes past its base; ck kernels use 16-byte vector accesses, so the offset must be a static multiple of 16 bytes}}
  ck.gemm %a, %b -> %c : memref<1x16x32xf16, strided<[512, 32, 1], offset: 5>>, memref<1x32x8xf16> -> memref<1x16x8xf16>
  return
}

// -----
// A dynamic offset cannot be known to be aligned.
func.func @gemm_dynamic_offset(%a: memref<1x16x32xf16>, %b: memref<1x32x8xf16>, %c: memref<1x16x8xf16, strided<[128, 8, 1], offset: ?>>) {
  // expected-error @+1 {{'ck.gemm' op c 'memref<1x16x8xf16, strided<[128, 8, 1], offset: ?>>' starts at a dynamic offset past its base; ck kernels use 16-byte vector accesses, so the offset must be a static multiple of 16 bytes}}
  ck.gemm %a, %b -> %c : memref<1x16x32xf16>, memref<1x32x8xf16> -> memref<1x16x8xf16, strided<[128, 8, 1], offset: ?>>
  return
}

// -----
// Rows 64 elements apart in a 16x32 operand: not contiguous.
func.func @gemm_not_contiguous(%a: memref<1x16x32xf16, strided<[1024, 64, 1]>>, %b: memref<1x32x8xf16>, %c: memref<1x16x8xf16>) {
  // expected-error @+1 {{'ck.gemm' op a 'memref<1x16x32xf16, strided<[1024, 64, 1]>>' is not row-major and contiguous; ck ops take such memrefs and express other access patterns as ck.transform views}}
  ck.gemm %a, %b -> %c : memref<1x16x32xf16, strided<[1024, 64, 1]>>, memref<1x32x8xf16> -> memref<1x16x8xf16>
  return
}

// -----
// A column-major (transposed) layout map.
func.func @fill_permuted_layout(%m: memref<4x6xf32, affine_map<(d0, d1) -> (d1, d0)>>) {
  // expected-error @+1 {{'ck.fill' op dest 'memref<4x6xf32, affine_map<(d0, d1) -> (d1, d0)>>' is not row-major and contiguous; ck ops take such memrefs and express other access patterns as ck.transform views}}
  ck.fill %m : memref<4x6xf32, affine_map<(d0, d1) -> (d1, d0)>>
  return
}

// -----
// 2^40 f16 elements are 2^41 bytes.
func.func @gemm_too_large(%a: memref<1x1048576x1048576xf16>, %b: memref<1x1048576x8xf16>, %c: memref<1x1048576x8xf16>) {
  // expected-error @+1 {{'ck.gemm' op a 'memref<1x1048576x1048576xf16>' is larger than 1099511627776 bytes, the largest tensor ck kernels address}}
  ck.gemm %a, %b -> %c : memref<1x1048576x1048576xf16>, memref<1x1048576x8xf16> -> memref<1x1048576x8xf16>
  return
}

// -----
// An element count that overflows 64 bits.
func.func @conv_element_count_overflow(%x: memref<4294967296x4294967296x7x1x8xf16>, %w: memref<1x4x3x1x8xf16>, %y: memref<4294967296x4294967296x5x1x4xf16>) {
  // expected-error @+1 {{'ck.conv_fwd' op input 'memref<4294967296x4294967296x7x1x8xf16>' is larger than 1099511627776 bytes, the largest tensor ck kernels address}}
  ck.conv_fwd input(%x : memref<4294967296x4294967296x7x1x8xf16>) filter(%w : memref<1x4x3x1x8xf16>) output(%y : memref<4294967296x4294967296x5x1x4xf16>) layouts(NHWGC, GKYXC, NHWGK) strides [1, 1] dilations [1, 1] pad_left [0, 0] pad_right [0, 0]
  return
}

// -----
// A forward convolution writing its own input.
func.func @conv_output_is_input(%x: memref<2x7x7x1x4xf16>, %w: memref<1x4x3x3x4xf16>) {
  // expected-error @+1 {{'ck.conv_fwd' op writes the tensor it reads as input; ck ops do not update tensors in place}}
  ck.conv_fwd input(%x : memref<2x7x7x1x4xf16>) filter(%w : memref<1x4x3x3x4xf16>) output(%x : memref<2x7x7x1x4xf16>) layouts(NHWGC, GKYXC, NHWGK) strides [1, 1] dilations [1, 1] pad_left [1, 1] pad_right [1, 1]
  return
}

// -----
// A GEMM writing, through a view, the memref it reads as b.
func.func @gemm_c_views_b(%a: memref<1x16x16xf16>, %b: memref<1x16x16xf16>) {
  %c = ck.transform %b : memref<1x16x16xf16> to !ck.view<1x16x16xf16>
      by #ck.transform_map<[1, 16, 16] -> [1, 16, 16], [#ck.transform<pass_through [0] -> [0]>, #ck.transform<pass_through [1] -> [1]>, #ck.transform<pass_through [2] -> [2]>]>
  // expected-error @+1 {{'ck.gemm' op writes the tensor it reads as b; ck ops do not update tensors in place}}
  ck.gemm %a, %b -> %c : memref<1x16x16xf16>, memref<1x16x16xf16> -> !ck.view<1x16x16xf16>
  return
}

// -----
// A fill whose D is its destination seen through other transforms (here
// transposed): the same view of the destination would be an accumulation,
// any other is an overlap.
func.func @fill_d_views_dest(%m: memref<1x3x3xf32>) {
  %t = ck.transform %m : memref<1x3x3xf32> to !ck.view<1x3x3xf32>
      by #ck.transform_map<[1, 3, 3] -> [1, 3, 3], [#ck.transform<pass_through [0] -> [0]>, #ck.transform<pass_through [1] -> [2]>, #ck.transform<pass_through [2] -> [1]>]>
  // expected-error @+1 {{'ck.fill' op writes the tensor it reads as D tensor #0; ck ops do not update tensors in place}}
  ck.fill %m adds(%t : !ck.view<1x3x3xf32>) : memref<1x3x3xf32>
  return
}

//===----------------------------------------------------------------------===//
// ck.gemm
//===----------------------------------------------------------------------===//

// -----
// a of rank 2.
func.func @gemm_rank_a(%a: memref<16x32xf16>, %b: memref<1x32x8xf16>, %c: memref<1x16x8xf16>) {
  // expected-error @+1 {{'ck.gemm' op expects a to be rank 3 (G x M x K), got rank 2}}
  ck.gemm %a, %b -> %c : memref<16x32xf16>, memref<1x32x8xf16> -> memref<1x16x8xf16>
  return
}

// -----
// b of rank 4.
func.func @gemm_rank_b(%a: memref<1x16x32xf16>, %b: memref<1x1x32x8xf16>, %c: memref<1x16x8xf16>) {
  // expected-error @+1 {{'ck.gemm' op expects b to be rank 3 (G x K x N), got rank 4}}
  ck.gemm %a, %b -> %c : memref<1x16x32xf16>, memref<1x1x32x8xf16> -> memref<1x16x8xf16>
  return
}

// -----
// c of rank 2, a view.
func.func @gemm_rank_c(%a: memref<1x16x32xf16>, %b: memref<1x32x8xf16>, %c: !ck.view<16x8xf16>) {
  // expected-error @+1 {{'ck.gemm' op expects c to be rank 3 (G x M x N), got rank 2}}
  ck.gemm %a, %b -> %c : memref<1x16x32xf16>, memref<1x32x8xf16> -> !ck.view<16x8xf16>
  return
}

// -----
// G of b (2) differs from G of a and c (1).
func.func @gemm_batch_b(%a: memref<1x16x32xf16>, %b: memref<2x32x8xf16>, %c: memref<1x16x8xf16>) {
  // expected-error @+1 {{'ck.gemm' op expects one batch size G for a, b and c, got 1, 2 and 1}}
  ck.gemm %a, %b -> %c : memref<1x16x32xf16>, memref<2x32x8xf16> -> memref<1x16x8xf16>
  return
}

// -----
// G of c (3) differs from G of a and b (1).
func.func @gemm_batch_c(%a: memref<1x16x32xf16>, %b: memref<1x32x8xf16>, %c: memref<3x16x8xf16>) {
  // expected-error @+1 {{'ck.gemm' op expects one batch size G for a, b and c, got 1, 1 and 3}}
  ck.gemm %a, %b -> %c : memref<1x16x32xf16>, memref<1x32x8xf16> -> memref<3x16x8xf16>
  return
}

// -----
// M of a (16) differs from M of c (17).
func.func @gemm_m(%a: memref<1x16x32xf16>, %b: memref<1x32x8xf16>, %c: memref<1x17x8xf16>) {
  // expected-error @+1 {{'ck.gemm' op expects M of a (16) to equal M of c (17)}}
  ck.gemm %a, %b -> %c : memref<1x16x32xf16>, memref<1x32x8xf16> -> memref<1x17x8xf16>
  return
}

// -----
// K of a (32) differs from K of b (8): a and b given in the wrong order.
func.func @gemm_k(%a: memref<1x16x32xf16>, %b: memref<1x8x32xf16>, %c: memref<1x16x8xf16>) {
  // expected-error @+1 {{'ck.gemm' op expects K of a (32) to equal K of b (8)}}
  ck.gemm %a, %b -> %c : memref<1x16x32xf16>, memref<1x8x32xf16> -> memref<1x16x8xf16>
  return
}

// -----
// N of b (8) differs from N of c (16), on views.
func.func @gemm_n(%a: !ck.view<1x16x32xf16>, %b: !ck.view<1x32x8xf16>, %c: !ck.view<1x16x16xf16>) {
  // expected-error @+1 {{'ck.gemm' op expects N of b (8) to equal N of c (16)}}
  ck.gemm %a, %b -> %c : !ck.view<1x16x32xf16>, !ck.view<1x32x8xf16> -> !ck.view<1x16x16xf16>
  return
}

// -----
// a f16, b bf16.
func.func @gemm_ab_types(%a: memref<1x16x32xf16>, %b: memref<1x32x8xbf16>, %c: memref<1x16x8xf32>) {
  // expected-error @+1 {{'ck.gemm' op expects a and b of one element type, got 'f16' and 'bf16'}}
  ck.gemm %a, %b -> %c : memref<1x16x32xf16>, memref<1x32x8xbf16> -> memref<1x16x8xf32>
  return
}

// -----
// A D tensor of the wrong shape.
func.func @gemm_d_shape(%a: memref<1x16x32xf16>, %b: memref<1x32x8xf16>, %c: memref<1x16x8xf16>, %d0: memref<1x16x8xf16>, %d: memref<1x8x16xf16>) {
  // expected-error @+1 {{'ck.gemm' op D tensor #1 must have the shape and element type of 'memref<1x16x8xf16>', got 'memref<1x8x16xf16>'}}
  ck.gemm %a, %b -> %c adds(%d0, %d : memref<1x16x8xf16>, memref<1x8x16xf16>) : memref<1x16x32xf16>, memref<1x32x8xf16> -> memref<1x16x8xf16>
  return
}

// -----
// A D tensor of the element type of a and b rather than of c.
func.func @gemm_d_type(%a: memref<1x16x32xf16>, %b: memref<1x32x8xf16>, %c: memref<1x16x8xf32>, %d: memref<1x16x8xf16>) {
  // expected-error @+1 {{'ck.gemm' op D tensor #0 must have the shape and element type of 'memref<1x16x8xf32>', got 'memref<1x16x8xf16>'}}
  ck.gemm %a, %b -> %c adds(%d : memref<1x16x8xf16>) : memref<1x16x32xf16>, memref<1x32x8xf16> -> memref<1x16x8xf32>
  return
}

// -----
// beta without any D tensor, even beta = 1.0 (the default) when spelt out.
func.func @gemm_beta_without_d(%a: memref<1x16x32xf16>, %b: memref<1x32x8xf16>, %c: memref<1x16x8xf16>) {
  // expected-error @+1 {{'ck.gemm' op has beta but no D tensors for it to scale}}
  ck.gemm %a, %b -> %c beta 1.0 : memref<1x16x32xf16>, memref<1x32x8xf16> -> memref<1x16x8xf16>
  return
}

// -----
// A dynamically shaped memref operand.
func.func @gemm_dynamic(%a: memref<1x?x32xf16>, %b: memref<1x32x8xf16>, %c: memref<1x16x8xf16>) {
  // expected-error @+1 {{'ck.gemm' op operand #0 must be statically shaped f16/bf16/f32 memref or ck view, but got 'memref<1x?x32xf16>'}}
  ck.gemm %a, %b -> %c : memref<1x?x32xf16>, memref<1x32x8xf16> -> memref<1x16x8xf16>
  return
}

// -----
// An i8 memref result.
func.func @gemm_i8(%a: memref<1x16x32xf16>, %b: memref<1x32x8xf16>, %c: memref<1x16x8xi8>) {
  // expected-error @+1 {{'ck.gemm' op operand #2 must be statically shaped f16/bf16/f32 memref or ck view, but got 'memref<1x16x8xi8>'}}
  ck.gemm %a, %b -> %c : memref<1x16x32xf16>, memref<1x32x8xf16> -> memref<1x16x8xi8>
  return
}

// -----
// A tensor is neither a memref nor a view.
func.func @gemm_tensor(%a: tensor<1x16x32xf16>, %b: memref<1x32x8xf16>, %c: memref<1x16x8xf16>) {
  // expected-error @+1 {{'ck.gemm' op operand #0 must be statically shaped f16/bf16/f32 memref or ck view, but got 'tensor<1x16x32xf16>'}}
  ck.gemm %a, %b -> %c : tensor<1x16x32xf16>, memref<1x32x8xf16> -> memref<1x16x8xf16>
  return
}

//===----------------------------------------------------------------------===//
// ck.fill
//===----------------------------------------------------------------------===//

// -----
// A D tensor of another shape than the destination.
func.func @fill_d_shape(%v: !ck.view<6x4xf16>, %d: !ck.view<4x6xf16>) {
  // expected-error @+1 {{'ck.fill' op D tensor #0 must have the shape and element type of '!ck.view<6x4xf16>', got '!ck.view<4x6xf16>'}}
  ck.fill %v adds(%d : !ck.view<4x6xf16>) : !ck.view<6x4xf16>
  return
}

// -----
// A D tensor of another element type than the destination.
func.func @fill_d_type(%m: memref<6x4xf16>, %d: memref<6x4xbf16>) {
  // expected-error @+1 {{'ck.fill' op D tensor #0 must have the shape and element type of 'memref<6x4xf16>', got 'memref<6x4xbf16>'}}
  ck.fill %m adds(%d : memref<6x4xbf16>) : memref<6x4xf16>
  return
}

// -----
// beta without any D tensor.
func.func @fill_beta_without_d(%m: memref<6x4xf16>) {
  // expected-error @+1 {{'ck.fill' op has beta but no D tensors for it to scale}}
  ck.fill %m beta 2.0 : memref<6x4xf16>
  return
}

// -----
// A dynamically shaped destination.
func.func @fill_dynamic(%m: memref<?x4xf32>) {
  // expected-error @+1 {{'ck.fill' op operand #0 must be statically shaped f16/bf16/f32 memref or ck view, but got 'memref<?x4xf32>'}}
  ck.fill %m : memref<?x4xf32>
  return
}

//===----------------------------------------------------------------------===//
// ck.transform
//===----------------------------------------------------------------------===//

// -----
// The source shape 4x6 is not the map's lower bounds [6, 4].
func.func @transform_source_shape(%m: memref<4x6xf32>) {
  // expected-error @+1 {{'ck.transform' op source shape [4, 6] differs from the map's lower bounds [6, 4]}}
  %0 = ck.transform %m : memref<4x6xf32> to !ck.view<24xf32> by #ck.transform_map<[24] -> [6, 4], [#ck.transform<merge [0] -> [0, 1]>]>
  return
}

// -----
// The result shape 26 is not the map's upper bounds [24].
func.func @transform_result_shape(%m: memref<4x6xf32>) {
  // expected-error @+1 {{'ck.transform' op result shape [26] differs from the map's upper bounds [24]}}
  %0 = ck.transform %m : memref<4x6xf32> to !ck.view<26xf32> by #ck.transform_map<[24] -> [4, 6], [#ck.transform<merge [0] -> [0, 1]>]>
  return
}

// -----
// The result rank differs from the map's.
func.func @transform_result_rank(%v: !ck.view<24xf32>) {
  // expected-error @+1 {{'ck.transform' op result shape [4, 6] differs from the map's upper bounds [24]}}
  %0 = ck.transform %v : !ck.view<24xf32> to !ck.view<4x6xf32> by #ck.transform_map<[24] -> [24], [#ck.transform<pass_through [0] -> [0]>]>
  return
}

// -----
// An f16 view of an f32 memref.
func.func @transform_element_type(%m: memref<4x6xf32>) {
  // expected-error @+1 {{'ck.transform' op result element type 'f16' differs from the source's 'f32'}}
  %0 = ck.transform %m : memref<4x6xf32> to !ck.view<24xf16> by #ck.transform_map<[24] -> [4, 6], [#ck.transform<merge [0] -> [0, 1]>]>
  return
}

// -----
// An i32 memref source.
func.func @transform_i32_source(%m: memref<4x6xi32>) {
  // expected-error @+1 {{'ck.transform' op operand #0 must be statically shaped f16/bf16/f32 memref or ck view, but got 'memref<4x6xi32>'}}
  %0 = ck.transform %m : memref<4x6xi32> to !ck.view<24xi32> by #ck.transform_map<[24] -> [4, 6], [#ck.transform<merge [0] -> [0, 1]>]>
  return
}

// -----
// The result must be a view, not a memref. (The ODS message quotes the
// view type's summary.)
func.func @transform_memref_result(%m: memref<4x6xf32>) {
  // expected-error @+1 {{'ck.transform' op result #0 must be A tensor seen through a chain of coordinate transforms, but got 'memref<24xf32>'}}
  %0 = ck.transform %m : memref<4x6xf32> to memref<24xf32> by #ck.transform_map<[24] -> [4, 6], [#ck.transform<merge [0] -> [0, 1]>]>
  return
}

//===----------------------------------------------------------------------===//
// #ck.layout
//===----------------------------------------------------------------------===//

// -----
// An unknown letter in a layout attribute.
// expected-error @+1 {{layout 'NHQ' has unknown dimension 'Q'; expected letters of NGCKDHWZYX}}
#bad_layout = #ck.layout<NHQ>

// -----
// A letter named twice in a layout attribute.
// expected-error @+1 {{layout 'NHH' names dimension 'H' twice}}
#bad_layout = #ck.layout<NHH>

// -----
// A lower-case letter in the layouts of a convolution.
func.func @conv_layout_lowercase(%x: memref<2x7x7x1x8xf16>, %w: memref<1x4x3x3x8xf16>, %y: memref<2x7x7x1x4xf16>) {
  // expected-error @+1 {{layout 'NHWGc' has unknown dimension 'c'; expected letters of NGCKDHWZYX}}
  ck.conv_fwd input(%x : memref<2x7x7x1x8xf16>) filter(%w : memref<1x4x3x3x8xf16>) output(%y : memref<2x7x7x1x4xf16>) layouts(NHWGc, GKYXC, NHWGK) strides [1, 1] dilations [1, 1] pad_left [1, 1] pad_right [1, 1]
  return
}

// -----
// A letter named twice in the layouts of a convolution.
func.func @conv_layout_twice(%x: memref<2x7x7x1x8xf16>, %w: memref<1x4x3x3x8xf16>, %y: memref<2x7x7x1x4xf16>) {
  // expected-error @+1 {{layout 'GKYYC' names dimension 'Y' twice}}
  ck.conv_fwd input(%x : memref<2x7x7x1x8xf16>) filter(%w : memref<1x4x3x3x8xf16>) output(%y : memref<2x7x7x1x4xf16>) layouts(NHWGC, GKYYC, NHWGK) strides [1, 1] dilations [1, 1] pad_left [1, 1] pad_right [1, 1]
  return
}

//===----------------------------------------------------------------------===//
// #ck.transform_map: bounds, arity, parameters, dimensions
//===----------------------------------------------------------------------===//

// -----
// An upper bound of 0.
func.func @map_upper_bound(%m: memref<4x6xf32>) {
  // expected-error @+1 {{upper bound #0 is 0; expected >= 1}}
  %0 = ck.transform %m : memref<4x6xf32> to !ck.view<24xf32> by #ck.transform_map<[0] -> [4, 6], [#ck.transform<merge [0] -> [0, 1]>]>
  return
}

// -----
// A negative lower bound.
// expected-error @+1 {{lower bound #1 is -6; expected >= 1}}
#bad_map = #ck.transform_map<[24] -> [4, -6], [#ck.transform<merge [0] -> [0, 1]>]>

// -----
// pass_through of two upper dimensions.
// expected-error @+1 {{transform #0 (pass_through): maps 2 upper to 1 lower dimensions; expected 1 to 1}}
#bad_map = #ck.transform_map<[4, 6] -> [24], [#ck.transform<pass_through [0, 1] -> [0]>]>

// -----
// pad onto two lower dimensions.
// expected-error @+1 {{transform #0 (pad): maps 1 upper to 2 lower dimensions; expected 1 to 1}}
#bad_map = #ck.transform_map<[24] -> [4, 6], [#ck.transform<pad [0] -> [0, 1] (0, 0)>]>

// -----
// slice of two upper dimensions.
// expected-error @+1 {{transform #0 (slice): maps 2 upper to 1 lower dimensions; expected 1 to 1}}
#bad_map = #ck.transform_map<[2, 2] -> [4], [#ck.transform<slice [0, 1] -> [0] (0, 4)>]>

// -----
// embed onto two lower dimensions.
// expected-error @+1 {{transform #0 (embed): maps 1 upper to 2 lower dimensions; expected n to 1}}
#bad_map = #ck.transform_map<[4] -> [4, 6], [#ck.transform<embed [0] -> [0, 1] (0, 1)>]>

// -----
// merge of two upper dimensions.
// expected-error @+1 {{transform #0 (merge): maps 2 upper to 2 lower dimensions; expected 1 to n}}
#bad_map = #ck.transform_map<[4, 6] -> [4, 6], [#ck.transform<merge [0, 1] -> [0, 1]>]>

// -----
// unmerge onto two lower dimensions.
// expected-error @+1 {{transform #0 (unmerge): maps 2 upper to 2 lower dimensions; expected n to 1}}
#bad_map = #ck.transform_map<[4, 6] -> [4, 6], [#ck.transform<unmerge [0, 1] -> [0, 1]>]>

// -----
// pass_through takes no parameters.
func.func @map_pass_through_params(%m: memref<4x6xf32>) {
  // expected-error @+1 {{transform #0 (pass_through): expected 0 parameters, got 1}}
  %0 = ck.transform %m : memref<4x6xf32> to !ck.view<4x6xf32> by #ck.transform_map<[4, 6] -> [4, 6], [#ck.transform<pass_through [0] -> [0] (1)>, #ck.transform<pass_through [1] -> [1]>]>
  return
}

// -----
// pad takes two parameters (left, right), here one.
// expected-error @+1 {{transform #0 (pad): expected 2 parameters, got 1}}
#bad_map = #ck.transform_map<[6] -> [4], [#ck.transform<pad [0] -> [0] (2)>]>

// -----
// pad without parameters.
// expected-error @+1 {{transform #0 (pad): expected 2 parameters, got 0}}
#bad_map = #ck.transform_map<[4] -> [4], [#ck.transform<pad [0] -> [0]>]>

// -----
// slice takes two parameters (begin, end), here three.
// expected-error @+1 {{transform #1 (slice): expected 2 parameters, got 3}}
#bad_map = #ck.transform_map<[4, 2] -> [4, 6], [#ck.transform<pass_through [0] -> [0]>, #ck.transform<slice [1] -> [1] (0, 2, 1)>]>

// -----
// embed of two upper dimensions takes 1 + 2 parameters (offset and two
// coefficients), here two.
// expected-error @+1 {{transform #0 (embed): expected 3 parameters, got 2}}
#bad_map = #ck.transform_map<[3, 2] -> [6], [#ck.transform<embed [0, 1] -> [0] (1, 2)>]>

// -----
// merge takes no parameters.
// expected-error @+1 {{transform #0 (merge): expected 0 parameters, got 2}}
#bad_map = #ck.transform_map<[24] -> [4, 6], [#ck.transform<merge [0] -> [0, 1] (4, 6)>]>

// -----
// unmerge takes no parameters.
// expected-error @+1 {{transform #0 (unmerge): expected 0 parameters, got 1}}
#bad_map = #ck.transform_map<[4, 6] -> [24], [#ck.transform<unmerge [0, 1] -> [0] (6)>]>

// -----
// An upper dimension out of range.
// expected-error @+1 {{transform #1 (pass_through): upper dimension 2 is out of range [0, 2)}}
#bad_map = #ck.transform_map<[4, 6] -> [4, 6], [#ck.transform<pass_through [0] -> [0]>, #ck.transform<pass_through [2] -> [1]>]>

// -----
// A negative lower dimension.
// expected-error @+1 {{transform #0 (merge): lower dimension -1 is out of range [0, 2)}}
#bad_map = #ck.transform_map<[24] -> [4, 6], [#ck.transform<merge [0] -> [-1, 1]>]>

// -----
// Two transforms read the same upper dimension.
// expected-error @+1 {{transform #1 (pass_through): upper dimension 0 already belongs to another transform}}
#bad_map = #ck.transform_map<[4, 6] -> [4, 4], [#ck.transform<pass_through [0] -> [0]>, #ck.transform<pass_through [0] -> [1]>]>

// -----
// One merge names the same lower dimension twice.
// expected-error @+1 {{transform #0 (merge): lower dimension 0 already belongs to another transform}}
#bad_map = #ck.transform_map<[16] -> [4, 6], [#ck.transform<merge [0] -> [0, 0]>]>

// -----
// An upper dimension no transform reads.
// expected-error @+1 {{upper dimension 1 belongs to no transform}}
#bad_map = #ck.transform_map<[24, 2] -> [4, 6], [#ck.transform<merge [0] -> [0, 1]>]>

// -----
// A lower dimension no transform writes.
// expected-error @+1 {{lower dimension 1 belongs to no transform}}
#bad_map = #ck.transform_map<[4] -> [4, 6], [#ck.transform<pass_through [0] -> [0]>]>

// -----
// A map with no transforms at all does not even parse: the transform list
// needs at least one element.
// expected-error @+2 {{expected '<'}}
// expected-error @+1 {{failed to parse CK_TransformMapAttr parameter 'transforms' which is to be a `::llvm::ArrayRef<TransformAttr>`}}
#bad_map = #ck.transform_map<[4] -> [4], []>

//===----------------------------------------------------------------------===//
// #ck.transform_map: lengths
//===----------------------------------------------------------------------===//

// -----
// pass_through of 5 onto 4.
// expected-error @+1 {{transform #0 (pass_through): pass_through maps upper length 5 to lower length 4; expected equal lengths}}
#bad_map = #ck.transform_map<[5] -> [4], [#ck.transform<pass_through [0] -> [0]>]>

// -----
// A negative pad.
// expected-error @+1 {{transform #0 (pad): pad amounts must be >= 0, got (-1, 1)}}
#bad_map = #ck.transform_map<[4] -> [4], [#ck.transform<pad [0] -> [0] (-1, 1)>]>

// -----
// pad (1, 1) of 4 is 6, not 5.
func.func @map_pad_length(%m: memref<4x6xf32>) {
  // expected-error @+1 {{transform #0 (pad): pad of (1, 1) on lower length 4 gives upper length 6, got 5}}
  %0 = ck.transform %m : memref<4x6xf32> to !ck.view<5x6xf32> by #ck.transform_map<[5, 6] -> [4, 6], [#ck.transform<pad [0] -> [0] (1, 1)>, #ck.transform<pass_through [1] -> [1]>]>
  return
}

// -----
// A slice beginning below 0.
// expected-error @+1 {{transform #0 (slice): slice (-1, 2) must satisfy 0 <= begin < end <= lower length 6}}
#bad_map = #ck.transform_map<[3] -> [6], [#ck.transform<slice [0] -> [0] (-1, 2)>]>

// -----
// An empty slice (begin == end).
// expected-error @+1 {{transform #0 (slice): slice (3, 3) must satisfy 0 <= begin < end <= lower length 6}}
#bad_map = #ck.transform_map<[1] -> [6], [#ck.transform<slice [0] -> [0] (3, 3)>]>

// -----
// A slice ending past the lower length.
// expected-error @+1 {{transform #0 (slice): slice (4, 7) must satisfy 0 <= begin < end <= lower length 6}}
#bad_map = #ck.transform_map<[3] -> [6], [#ck.transform<slice [0] -> [0] (4, 7)>]>

// -----
// slice (1, 4) has length 3, not 4.
// expected-error @+1 {{transform #0 (slice): slice (1, 4) gives upper length 3, got 4}}
#bad_map = #ck.transform_map<[4] -> [6], [#ck.transform<slice [0] -> [0] (1, 4)>]>

// -----
// merge of 4 x 6 into 20.
// expected-error @+1 {{transform #0 (merge): merge needs the upper length to be the product of the lower lengths; got 20}}
#bad_map = #ck.transform_map<[20] -> [4, 6], [#ck.transform<merge [0] -> [0, 1]>]>

// -----
// merge whose product overflows int64.
// expected-error @+1 {{transform #0 (merge): merge needs the upper length to be the product of the lower lengths; got 1}}
#bad_map = #ck.transform_map<[1] -> [4294967296, 4294967296], [#ck.transform<merge [0] -> [0, 1]>]>

// -----
// unmerge of 2 x 3 into 5.
// expected-error @+1 {{transform #0 (unmerge): unmerge needs the lower length to be the product of the upper lengths; got 5}}
#bad_map = #ck.transform_map<[2, 3] -> [5], [#ck.transform<unmerge [0, 1] -> [0]>]>

// -----
// embed (y, o) -> y + 2 * o with y < 3, o < 3 reaches 2 + 4 = 6, past the
// lower length 6: the lower dimension needs padding first.
// expected-error @+1 {{transform #0 (embed): embed reaches lower coordinates [0, 6], outside [0, 6); pad the lower dimension first}}
#bad_map = #ck.transform_map<[3, 3] -> [6], [#ck.transform<embed [0, 1] -> [0] (0, 1, 2)>]>

// -----
// embed (j, t) -> 1 - 2 * j + t with j < 2, t < 4 reaches 1 - 2 = -1.
// expected-error @+1 {{transform #0 (embed): embed reaches lower coordinates [-1, 4], outside [0, 6); pad the lower dimension first}}
#bad_map = #ck.transform_map<[2, 4] -> [6], [#ck.transform<embed [0, 1] -> [0] (1, -2, 1)>]>

// -----
// A negative offset alone leaves the lower range.
// expected-error @+1 {{transform #0 (embed): embed reaches lower coordinates [-1, 2], outside [0, 6); pad the lower dimension first}}
#bad_map = #ck.transform_map<[4] -> [6], [#ck.transform<embed [0] -> [0] (-1, 1)>]>

// -----
// embed coefficients whose extent overflows int64.
// expected-error @+1 {{transform #0 (embed): embed coefficients overflow}}
#bad_map = #ck.transform_map<[3] -> [6], [#ck.transform<embed [0] -> [0] (0, 9223372036854775807)>]>

//===----------------------------------------------------------------------===//
// !ck.view
//===----------------------------------------------------------------------===//

// -----
// A dynamic view dimension.
// expected-error @+1 {{view dimension #0 must be static and >= 1, got ?}}
func.func @view_dynamic(%v: !ck.view<?x4xf32>) {
  return
}

// -----
// A zero view dimension.
// expected-error @+1 {{view dimension #1 must be static and >= 1, got 0}}
func.func @view_zero(%v: !ck.view<4x0xf32>) {
  return
}

// -----
// A view of rank 0.
// expected-error @+1 {{a view needs at least one dimension}}
func.func @view_rank_0(%v: !ck.view<f32>) {
  return
}

// -----
// A dynamic view dimension as the result of ck.transform.
func.func @view_dynamic_result(%m: memref<4x6xf32>) {
  // expected-error @+1 {{view dimension #0 must be static and >= 1, got ?}}
  %0 = ck.transform %m : memref<4x6xf32> to !ck.view<?xf32> by #ck.transform_map<[24] -> [4, 6], [#ck.transform<merge [0] -> [0, 1]>]>
  return
}

//===----------------------------------------------------------------------===//
// Malformed syntax: parse errors, never a crash
//===----------------------------------------------------------------------===//

// -----
// The filter keyword is missing.
func.func @syntax_missing_filter(%x: memref<2x7x7x1x8xf16>, %w: memref<1x4x3x3x8xf16>, %y: memref<2x7x7x1x4xf16>) {
  // expected-error @+1 {{expected 'filter'}}
  ck.conv_fwd input(%x : memref<2x7x7x1x8xf16>) (%w : memref<1x4x3x3x8xf16>) output(%y : memref<2x7x7x1x4xf16>) layouts(NHWGC, GKYXC, NHWGK) strides [1, 1] dilations [1, 1] pad_left [1, 1] pad_right [1, 1]
  return
}

// -----
// The dilations are missing.
func.func @syntax_missing_dilations(%x: memref<2x7x7x1x8xf16>, %w: memref<1x4x3x3x8xf16>, %y: memref<2x7x7x1x4xf16>) {
  // expected-error @+1 {{expected 'dilations'}}
  ck.conv_fwd input(%x : memref<2x7x7x1x8xf16>) filter(%w : memref<1x4x3x3x8xf16>) output(%y : memref<2x7x7x1x4xf16>) layouts(NHWGC, GKYXC, NHWGK) strides [1, 1] pad_left [1, 1] pad_right [1, 1]
  return
}

// -----
// A layout that is a number, not a keyword.
func.func @syntax_layout_number(%x: memref<2x7x7x1x8xf16>, %w: memref<1x4x3x3x8xf16>, %y: memref<2x7x7x1x4xf16>) {
  // expected-error @+1 {{expected valid keyword}}
  ck.conv_fwd input(%x : memref<2x7x7x1x8xf16>) filter(%w : memref<1x4x3x3x8xf16>) output(%y : memref<2x7x7x1x4xf16>) layouts(NHWGC, 42, NHWGK) strides [1, 1] dilations [1, 1] pad_left [1, 1] pad_right [1, 1]
  return
}

// -----
// Only two layouts.
func.func @syntax_two_layouts(%x: memref<2x7x7x1x8xf16>, %w: memref<1x4x3x3x8xf16>, %y: memref<2x7x7x1x4xf16>) {
  // expected-error @+1 {{expected ','}}
  ck.conv_fwd input(%x : memref<2x7x7x1x8xf16>) filter(%w : memref<1x4x3x3x8xf16>) output(%y : memref<2x7x7x1x4xf16>) layouts(NHWGC, GKYXC) strides [1, 1] dilations [1, 1] pad_left [1, 1] pad_right [1, 1]
  return
}

// -----
// An empty layout attribute.
// expected-error @+1 {{expected valid keyword}}
#bad_layout = #ck.layout<>

// -----
// An unknown transform kind.
// expected-error @+3 {{expected ::mlir::ck::TransformKind to be one of: pass_through, pad, embed, merge, unmerge, slice}}
// expected-error @+2 {{failed to parse CK_TransformAttr parameter 'kind' which is to be a `::mlir::ck::TransformKind`}}
// expected-error @+1 {{failed to parse CK_TransformMapAttr parameter 'transforms' which is to be a `::llvm::ArrayRef<TransformAttr>`}}
#bad_map = #ck.transform_map<[24] -> [4, 6], [#ck.transform<shuffle [0] -> [0, 1]>]>

// -----
// A transform with no lower dimensions (so the arity check of merge can
// only ever see too many upper dimensions, never too few lower ones).
// expected-error @+3 {{expected integer value}}
// expected-error @+2 {{failed to parse CK_TransformAttr parameter 'lower' which is to be a `::llvm::ArrayRef<int64_t>`}}
// expected-error @+1 {{failed to parse CK_TransformMapAttr parameter 'transforms' which is to be a `::llvm::ArrayRef<TransformAttr>`}}
#bad_map = #ck.transform_map<[24] -> [4, 6], [#ck.transform<merge [0] -> []>]>

// -----
// ck.transform without its map.
func.func @syntax_transform_no_map(%m: memref<4x6xf32>) {
  %0 = ck.transform %m : memref<4x6xf32> to !ck.view<24xf32>
  // expected-error @+1 {{custom op 'ck.transform' expected 'by'}}
  return
}

// -----
// ck.gemm with a comma where the arrow goes.
func.func @syntax_gemm_arrow(%a: memref<1x16x32xf16>, %b: memref<1x32x8xf16>, %c: memref<1x16x8xf16>) {
  // expected-error @+1 {{expected '->'}}
  ck.gemm %a, %b, %c : memref<1x16x32xf16>, memref<1x32x8xf16> -> memref<1x16x8xf16>
  return
}

// -----
// A view without its element type.
// expected-error @+1 {{expected 'x' in dimension list}}
func.func @syntax_view_no_element(%v: !ck.view<4x6>) {
  return
}

//===----------------------------------------------------------------------===//
// #ck.gemm_config and ck.mma
//===----------------------------------------------------------------------===//

// -----
// A block tile of two sizes.
// expected-error @+1 {{block tile needs 3 sizes (M, N, K), got 2}}
#bad_config = #ck.gemm_config<block = [128, 128], wave = [64, 64], mma = #ck.fma>

// -----
// A wave tile of one size.
// expected-error @+1 {{wave tile needs 2 sizes (M, N), got 1}}
#bad_config = #ck.gemm_config<block = [128, 128, 32], wave = [64], mma = #ck.fma>

// -----
// A tile size of 0.
// expected-error @+1 {{tile sizes must be in [1, 4096], got 0}}
#bad_config = #ck.gemm_config<block = [128, 0, 32], wave = [64, 64], mma = #ck.fma>

// -----
// A negative wave tile size.
// expected-error @+1 {{tile sizes must be in [1, 4096], got -16}}
#bad_config = #ck.gemm_config<block = [128, 128, 32], wave = [64, -16], mma = #ck.fma>

// -----
// A partition that is not one: #ck.partition's own verifier speaks.
// expected-error @+1 {{split-K's k_batch must be auto or in [2, 65535] (one workgroup per K range along the grid's z), got -3}}
#bad_config = #ck.gemm_config<block = [128, 128, 32], wave = [64, 64], mma = #ck.fma, partition = #ck.partition<split_k, k_batch = -3>>

// -----
// A block K of 2^62 (from the IR fuzzer: the cost model overflowed and the
// kernel builder did not finish).
// expected-error @+1 {{tile sizes must be in [1, 4096], got 4611686018427387904}}
#bad_config = #ck.gemm_config<block = [256, 256, 4611686018427387904], wave = [128, 128], mma = #ck.mfma<16x16x16, f16>>

// -----
// Nine LDS buffers: an asynchronous pipeline keeps at most 7 K-tiles in
// flight.
// expected-error @+1 {{lds_buffers must be in [1, 8], got 9}}
#bad_config = #ck.gemm_config<block = [128, 128, 32], wave = [64, 64], mma = #ck.fma, lds_buffers = 9, async_copy>

// -----
// Three LDS buffers without asynchronous copies.
// expected-error @+1 {{lds_buffers = 3 needs async_copy: the register prefetch and the wave roles' ring use at most 2}}
#bad_config = #ck.gemm_config<block = [128, 128, 32], wave = [64, 64], mma = #ck.fma, lds_buffers = 3>

// -----
// Asynchronous copies with one buffer: no stage to copy into while the
// MMAs read.
// expected-error @+1 {{async_copy needs 2 or more lds_buffers (stages), got 1}}
#bad_config = #ck.gemm_config<block = [128, 128, 32], wave = [64, 64], mma = #ck.fma, async_copy>

// -----
// A flag given twice.
// expected-error @+1 {{gemm_config option 'async_copy' is given twice}}
#bad_config = #ck.gemm_config<block = [128, 128, 32], wave = [64, 64], mma = #ck.fma, lds_buffers = 2, async_copy, async_copy>

// -----
// An option the configuration does not have.
// expected-error @+1 {{unknown gemm_config option 'stages'; expected partition, lds_buffers, load_waves, async_copy, cluster, resident_b, load_registers, pingpong or signal_landed}}
#bad_config = #ck.gemm_config<block = [128, 128, 32], wave = [64, 64], mma = #ck.fma, stages = 2>

// -----
// A cluster along both M and N.
// expected-error @+1 {{cluster must be [1, 1], [2 or 4, 1] or [1, 2 or 4] (workgroups along M or N), got [2, 2]}}
#bad_config = #ck.gemm_config<block = [128, 128, 64], wave = [16, 128], mma = #ck.wgmma<f16>, lds_buffers = 4, load_waves = 4, async_copy, cluster = [2, 2]>

// -----
// A cluster of three workgroups.
// expected-error @+1 {{cluster must be [1, 1], [2 or 4, 1] or [1, 2 or 4] (workgroups along M or N), got [3, 1]}}
#bad_config = #ck.gemm_config<block = [128, 128, 64], wave = [16, 128], mma = #ck.wgmma<f16>, lds_buffers = 4, load_waves = 4, async_copy, cluster = [3, 1]>

// -----
// A cluster whose tiles no load waves multicast.
// expected-error @+1 {{a cluster needs wave roles (load_waves): its load waves multicast the shared operand tiles}}
#bad_config = #ck.gemm_config<block = [128, 128, 64], wave = [16, 128], mma = #ck.wgmma<f16>, lds_buffers = 4, async_copy, cluster = [1, 2]>

// -----
// A cluster of StreamK workgroups.
// expected-error @+1 {{a cluster needs a data-parallel or split-K partition: StreamK's workgroups walk K ranges of their own, which they cannot share}}
#bad_config = #ck.gemm_config<block = [128, 128, 64], wave = [16, 128], mma = #ck.wgmma<f16>, partition = #ck.partition<stream_k>, lds_buffers = 4, load_waves = 4, async_copy, cluster = [2, 1]>

// -----
// An option given twice.
// expected-error @+1 {{gemm_config option 'partition' is given twice}}
#bad_config = #ck.gemm_config<block = [128, 128, 32], wave = [64, 64], mma = #ck.fma, partition = #ck.partition<split_k, k_batch = 2>, lds_buffers = 2, partition = #ck.partition<split_k, k_batch = 4>>

// -----
// A block tile N (96) that is not a multiple of the wave tile N (64), on a
// ck.gemm.
func.func @gemm_config_wave_tiles(%a: memref<1x256x64xf16>, %b: memref<1x64x128xf16>, %c: memref<1x256x128xf16>) {
  // expected-error @+1 {{block tile 128x96 is not a whole number of 64x64 wave tiles}}
  ck.gemm %a, %b -> %c config <block = [128, 96, 32], wave = [64, 64], mma = #ck.mfma<16x16x16, f16>> : memref<1x256x64xf16>, memref<1x64x128xf16> -> memref<1x256x128xf16>
  return
}

// -----
// An MFMA shape ck has no layout for.
// expected-error @+2 {{ck has no layout for mfma 32x32x8 with 'f16'; expected 16x16x16 or 16x16x32 (gfx950) with f16 or bf16, or 16x16x4 with f32}}
// expected-error @+1 {{failed to parse CK_GemmConfigAttr parameter 'mma' which is to be a `MatrixInstrAttrInterface`}}
#bad_config = #ck.gemm_config<block = [128, 128, 32], wave = [64, 64], mma = #ck.mfma<32x32x8, f16>>

// -----
// ck.mma with A f16 and B bf16.
func.func @mma_ab_types(%a: vector<4xf16>, %b: vector<4xbf16>, %c: vector<4xf32>) -> vector<4xf32> {
  // expected-error @+1 {{'ck.mma' op expects A and B fragments of one element type}}
  %d = ck.mma #ck.mfma<16x16x16, f16> %a, %b, %c : vector<4xf16>, vector<4xbf16>, vector<4xf32>
  return %d : vector<4xf32>
}

// -----
// ck.mma accumulates in f32 only.
func.func @mma_f16_acc(%a: vector<4xf16>, %b: vector<4xf16>, %c: vector<4xf16>) -> vector<4xf16> {
  // expected-error @+1 {{'ck.mma' op operand #2 must be vector of 32-bit float values of ranks 1, but got 'vector<4xf16>'}}
  %d = ck.mma #ck.mfma<16x16x16, f16> %a, %b, %c : vector<4xf16>, vector<4xf16>, vector<4xf16>
  return %d : vector<4xf16>
}

// -----
// ck.mma fragments are flat (rank-1) vectors.
func.func @mma_rank2(%a: vector<2x2xf16>, %b: vector<4xf16>, %c: vector<4xf32>) -> vector<4xf32> {
  // expected-error @+1 {{'ck.mma' op operand #0 must be vector of 16-bit float or bfloat16 type or 32-bit float values of ranks 1, but got 'vector<2x2xf16>'}}
  %d = ck.mma #ck.mfma<16x16x16, f16> %a, %b, %c : vector<2x2xf16>, vector<4xf16>, vector<4xf32>
  return %d : vector<4xf32>
}

// -----

// A view of a non-float element type is no GEMM operand.
func.func @gemm_int_view(%a: !ck.view<1x4x4xi32>, %b: memref<1x4x4xf16>, %c: memref<1x4x4xf16>) {
  // expected-error @+1 {{operand #0 must be statically shaped f16/bf16/f32 memref or ck view}}
  ck.gemm %a, %b -> %c : !ck.view<1x4x4xi32>, memref<1x4x4xf16> -> memref<1x4x4xf16>
  return
}

// -----

// Parameters are bounded so that sizes computed from them cannot overflow.
func.func @conv_huge_pad(%x: memref<2x7x1x8xf16>, %w: memref<1x4x3x8xf16>, %y: memref<2x3x1x4xf16>) {
  // expected-error @+1 {{pad_left #0 is 9223372036854775807; strides, dilations and pads must be below 2^31}}
  ck.conv_fwd input(%x : memref<2x7x1x8xf16>) filter(%w : memref<1x4x3x8xf16>) output(%y : memref<2x3x1x4xf16>) layouts(NWGC, GKXC, NWGK) strides [1] dilations [1] pad_left [9223372036854775807] pad_right [9223372036854775807]
  return
}

// -----

// A pad whose padded length overflows.
func.func @pad_overflow(%m: memref<4xf32>) {
  // expected-error @+1 {{pad of (9223372036854775807, 9223372036854775807) overflows}}
  %v = ck.transform %m : memref<4xf32> to !ck.view<2xf32> by #ck.transform_map<[2] -> [4], [#ck.transform<pad [0] -> [0] (9223372036854775807, 9223372036854775807)>]>
  return
}

//===----------------------------------------------------------------------===//
// #ck.target and where it is attached
//===----------------------------------------------------------------------===//

// -----
// A target without a chip name.
// expected-error @+1 {{target needs a chip name}}
#bad_target = #ck.target<"", vendor = amd, wave = 64, lds = 65536, registers = 512, addressing_registers = 64, compute_units = 304, simds = 4, waves_per_simd = 8, registers_per_simd = 512, lds_per_cu = 65536, mma = [#ck.fma]>

// -----
// A wave of 16 lanes.
// expected-error @+1 {{wave must be 32 or 64 lanes, got 16}}
#bad_target = #ck.target<"gfx942", vendor = amd, wave = 16, lds = 65536, registers = 512, addressing_registers = 64, compute_units = 304, simds = 4, waves_per_simd = 8, registers_per_simd = 512, lds_per_cu = 65536, mma = [#ck.fma]>

// -----
// No SIMDs.
// expected-error @+1 {{simds must be >= 1, got 0}}
#bad_target = #ck.target<"gfx942", vendor = amd, wave = 64, lds = 65536, registers = 512, addressing_registers = 64, compute_units = 304, simds = 0, waves_per_simd = 8, registers_per_simd = 512, lds_per_cu = 65536, mma = [#ck.fma]>

// -----
// More LDS than any cost model product may hold without overflow.
// expected-error @+1 {{lds_per_cu must be at most 2^31 bytes, got 4294967296}}
#bad_target = #ck.target<"gfx942", vendor = amd, wave = 64, lds = 65536, registers = 512, addressing_registers = 64, compute_units = 304, simds = 4, waves_per_simd = 8, registers_per_simd = 512, lds_per_cu = 4294967296, mma = [#ck.fma]>

// -----
// 2^21 compute units.
// expected-error @+1 {{compute_units must be at most 2^20, got 2097152}}
#bad_target = #ck.target<"gfx942", vendor = amd, wave = 64, lds = 65536, registers = 512, addressing_registers = 64, compute_units = 2097152, simds = 4, waves_per_simd = 8, registers_per_simd = 512, lds_per_cu = 65536, mma = [#ck.fma]>

// -----
// A workgroup allowed more LDS than its compute unit has.
// expected-error @+1 {{lds per workgroup (131072) exceeds lds_per_cu (65536)}}
#bad_target = #ck.target<"gfx942", vendor = amd, wave = 64, lds = 131072, registers = 512, addressing_registers = 64, compute_units = 304, simds = 4, waves_per_simd = 8, registers_per_simd = 512, lds_per_cu = 65536, mma = [#ck.fma]>

// -----
// Addressing takes every register.
// expected-error @+1 {{addressing_registers must be in [0, registers = 512), got 512}}
#bad_target = #ck.target<"gfx942", vendor = amd, wave = 64, lds = 65536, registers = 512, addressing_registers = 512, compute_units = 304, simds = 4, waves_per_simd = 8, registers_per_simd = 512, lds_per_cu = 65536, mma = [#ck.fma]>

// -----
// No instruction at all.
// expected-error @+1 {{mma lists no instruction (list #ck.fma for a chip without matrix instructions)}}
#bad_target = #ck.target<"gfx942", vendor = amd, wave = 64, lds = 65536, registers = 512, addressing_registers = 64, compute_units = 304, simds = 4, waves_per_simd = 8, registers_per_simd = 512, lds_per_cu = 65536, mma = []>

// -----
// An instruction listed twice.
// expected-error @+1 {{mma lists #ck.mfma<16x16x16, f16> twice}}
#bad_target = #ck.target<"gfx942", vendor = amd, wave = 64, lds = 65536, registers = 512, addressing_registers = 64, compute_units = 304, simds = 4, waves_per_simd = 8, registers_per_simd = 512, lds_per_cu = 65536, mma = [#ck.mfma<16x16x16, f16>, #ck.fma, #ck.mfma<16x16x16, f16>]>

// -----
// A feature listed twice.
// expected-error @+1 {{features list lds_in_l1 twice}}
#bad_target = #ck.target<"sm_90a", vendor = nvidia, wave = 32, lds = 49152, registers = 255, addressing_registers = 64, compute_units = 132, simds = 4, waves_per_simd = 16, registers_per_simd = 512, lds_per_cu = 233472, mma = [#ck.fma], features = [lds_in_l1, lds_in_l1]>

// -----
// ck.target holding something other than a #ck.target.
// expected-error @+1 {{'ck.target' must be a #ck.target, got "gfx942"}}
module attributes {ck.target = "gfx942"} {
}

// -----
// ck.target on a function instead of the module.
// expected-error @+1 {{'ck.target' belongs on a builtin.module, not on 'func.func'}}
func.func @target_on_func() attributes {ck.target = #ck.target<"gfx942", vendor = amd, wave = 64, lds = 65536, registers = 512, addressing_registers = 64, compute_units = 304, simds = 4, waves_per_simd = 8, registers_per_simd = 512, lds_per_cu = 65536, mma = [#ck.fma]>} {
  return
}

// -----
// A ck attribute ck does not define.
// expected-error @+1 {{unknown ck attribute 'ck.chip' on an op}}
module attributes {ck.chip = "gfx942"} {
}

//===----------------------------------------------------------------------===//
// #ck.launch and where it is attached
//===----------------------------------------------------------------------===//

// -----
// Products computed in an integer type.
// expected-error @+1 {{compute must be f16, bf16, f32 or tf32, got 'i32'}}
#bad_launch = #ck.launch<compute = i32>

// -----
// A launch's partition is checked like any other.
// expected-error @+2 {{only split-K takes a k_batch; got k_batch = 2 for data_parallel}}
// expected-error @+1 {{failed to parse CK_LaunchAttr parameter 'partition'}}
#bad_launch = #ck.launch<compute = f16, partition = <data_parallel, k_batch = 2>>

// -----
// One stage is no asynchronous pipeline.
// expected-error @+1 {{async_stages must be 0 or in [2, 8], got 1}}
#bad_launch = #ck.launch<compute = f16, async_stages = 1>

// -----
// ck.launch on a function instead of a gpu.launch_func.
// expected-error @+1 {{'ck.launch' belongs on a gpu.launch_func, not on 'func.func'}}
func.func @launch_on_func() attributes {ck.launch = #ck.launch<compute = f16>} {
  return
}

// -----
// ck.launch holding a target.
// expected-error @+1 {{'ck.launch' must be a #ck.launch, got #ck.target<"gfx942"}}
func.func @launch_of_target() attributes {ck.launch = #ck.target<"gfx942", vendor = amd, wave = 64, lds = 65536, registers = 512, addressing_registers = 64, compute_units = 304, simds = 4, waves_per_simd = 8, registers_per_simd = 512, lds_per_cu = 65536, mma = [#ck.fma]>} {
  return
}

//===----------------------------------------------------------------------===//
// Matrix instruction attributes, their use in targets, and ck.mma's fragments
//===----------------------------------------------------------------------===//

// -----
// A WMMA with f32 inputs.
// expected-error @+1 {{ck has no layout for wmma 16x16x16 with 'f32'; expected 16x16x16 with f16 or bf16}}
#bad_mma = #ck.wmma<16x16x16, f32, gfx11>

// -----
// An mma.sync shape ck has no layout for.
// expected-error @+1 {{ck has no layout for mma_sync 16x8x8 with 'f16'; expected 16x8x16 with f16 or bf16, or 16x8x8 with tf32}}
#bad_mma = #ck.mma_sync<16x8x8, f16>

// -----
// Two sizes where an instruction shape needs three.
// expected-error @+1 {{expected an instruction shape MxNxK, got 2 sizes}}
#bad_mma = #ck.mfma<16x16, f16>

// -----
// A configuration whose mma is not a matrix instruction.
// expected-error @+2 {{invalid kind of attribute specified}}
// expected-error @+1 {{failed to parse CK_GemmConfigAttr parameter 'mma' which is to be a `MatrixInstrAttrInterface`}}
#bad_config = #ck.gemm_config<block = [128, 128, 32], wave = [64, 64], mma = #ck.layout<NHWGC>>

// -----
// A target listing something other than an instruction.
// expected-error @+1 {{mma entry 5 : i64 is not a matrix instruction}}
#bad_target = #ck.target<"gfx942", vendor = amd, wave = 64, lds = 65536, registers = 512, addressing_registers = 64, compute_units = 304, simds = 4, waves_per_simd = 8, registers_per_simd = 512, lds_per_cu = 65536, mma = [5]>

// -----
// A wave64 chip listing a wave32 instruction.
// expected-error @+1 {{mma entry #ck.mma_sync<16x8x16, f16> runs on waves of 32 lanes; the target's wave is 64}}
#bad_target = #ck.target<"gfx942", vendor = amd, wave = 64, lds = 65536, registers = 512, addressing_registers = 64, compute_units = 304, simds = 4, waves_per_simd = 8, registers_per_simd = 512, lds_per_cu = 65536, mma = [#ck.mma_sync<16x8x16, f16>]>

// -----
// A and B of different types.
func.func @mma_mixed_types(%a: vector<4xf16>, %b: vector<4xbf16>, %c: vector<4xf32>) -> vector<4xf32> {
  // expected-error @+1 {{'ck.mma' op expects A and B fragments of one element type}}
  %d = ck.mma #ck.mfma<16x16x16, f16> %a, %b, %c : vector<4xf16>, vector<4xbf16>, vector<4xf32>
  return %d : vector<4xf32>
}

// -----
// bf16 fragments for the f16 MFMA.
func.func @mma_wrong_type(%a: vector<4xbf16>, %b: vector<4xbf16>, %c: vector<4xf32>) -> vector<4xf32> {
  // expected-error @+1 {{'ck.mma' op #ck.mfma<16x16x16, f16> does not take 'bf16' inputs}}
  %d = ck.mma #ck.mfma<16x16x16, f16> %a, %b, %c : vector<4xbf16>, vector<4xbf16>, vector<4xf32>
  return %d : vector<4xf32>
}

// -----
// gfx11 fragments (16 values) given to the gfx12 WMMA (8 values).
func.func @mma_a_size(%a: vector<16xf16>, %b: vector<16xf16>, %c: vector<8xf32>) -> vector<8xf32> {
  // expected-error @+1 {{'ck.mma' op A fragment has 16 elements; #ck.wmma<16x16x16, f16, gfx12> on waves of 32 gives each lane 8}}
  %d = ck.mma #ck.wmma<16x16x16, f16, gfx12> %a, %b, %c : vector<16xf16>, vector<16xf16>, vector<8xf32>
  return %d : vector<8xf32>
}

// -----
// A B fragment of the wrong size (m16n8k16's B has 4 per lane).
func.func @mma_b_size(%a: vector<8xf16>, %b: vector<8xf16>, %c: vector<4xf32>) -> vector<4xf32> {
  // expected-error @+1 {{'ck.mma' op B fragment has 8 elements; #ck.mma_sync<16x8x16, f16> on waves of 32 gives each lane 4}}
  %d = ck.mma #ck.mma_sync<16x8x16, f16> %a, %b, %c : vector<8xf16>, vector<8xf16>, vector<4xf32>
  return %d : vector<4xf32>
}

// -----
// FMAs on a wave64 target: 256 / 64 = 4 accumulators per lane, not 8.
module attributes {ck.target = #ck.target<"gfx942", vendor = amd, wave = 64, lds = 65536, registers = 512, addressing_registers = 64, compute_units = 304, simds = 4, waves_per_simd = 8, registers_per_simd = 512, lds_per_cu = 65536, mma = [#ck.fma]>} {
  func.func @mma_fma_size(%a: vector<4xf32>, %b: vector<1xf32>, %c: vector<8xf32>) -> vector<8xf32> {
    // expected-error @+1 {{'ck.mma' op accumulator fragment has 8 elements; #ck.fma on waves of 64 gives each lane 4}}
    %d = ck.mma #ck.fma %a, %b, %c : vector<4xf32>, vector<1xf32>, vector<8xf32>
    return %d : vector<8xf32>
  }
}

// -----
// wgmma for an input type ck has no lowering of.
// expected-error @+1 {{ck has wgmma for f16 and bf16 inputs, not 'f32'}}
func.func @wgmma_f32() attributes {i = #ck.wgmma<f32>} {
  return
}

// -----
// A resident B without load waves that copy asynchronously.
// expected-error @+1 {{resident_b needs wave roles (load_waves) that copy asynchronously (async_copy): the load waves copy B's K-tiles beside the ring}}
#bad_config = #ck.gemm_config<block = [128, 64, 64], wave = [16, 64], mma = #ck.wgmma<f16>, partition = #ck.partition<data_parallel, dp = persistent>, lds_buffers = 2, resident_b>

// -----
// A resident B outside a persistent partition.
// expected-error @+1 {{resident_b needs a persistent data-parallel partition (dp = persistent), whose workgroups run tiles of one B column in turn; got #ck.partition<data_parallel>}}
#bad_config = #ck.gemm_config<block = [128, 64, 64], wave = [16, 64], mma = #ck.wgmma<f16>, lds_buffers = 4, load_waves = 4, async_copy, resident_b>

// -----
// A resident B in a cluster.
// expected-error @+1 {{resident_b cannot cluster workgroups: a cluster shares the tiles of a step, not B's whole K}}
#bad_config = #ck.gemm_config<block = [128, 64, 64], wave = [16, 64], mma = #ck.wgmma<f16>, partition = #ck.partition<data_parallel, dp = persistent>, lds_buffers = 4, load_waves = 4, async_copy, cluster = [2, 1], resident_b>

// -----
// resident_b is a flag.
// expected-error @+1 {{gemm_config option 'resident_b' is given twice}}
#bad_config = #ck.gemm_config<block = [128, 64, 64], wave = [16, 64], mma = #ck.wgmma<f16>, partition = #ck.partition<data_parallel, dp = persistent>, lds_buffers = 4, load_waves = 4, async_copy, resident_b, resident_b>

// -----
// Registers for load waves the config does not have.
// expected-error @+1 {{load_registers needs wave roles (load_waves): it is what each load wave's lane keeps}}
#bad_config = #ck.gemm_config<block = [128, 256, 64], wave = [16, 256], mma = #ck.wgmma<f16>, lds_buffers = 4, async_copy, load_registers = 64>

// -----
// A register count setmaxnreg cannot take.
// expected-error @+1 {{load_registers must be a multiple of 8 in [24, 256], got 60}}
#bad_config = #ck.gemm_config<block = [128, 256, 64], wave = [16, 256], mma = #ck.wgmma<f16>, lds_buffers = 4, load_waves = 8, async_copy, load_registers = 60>

// -----
// pingpong without wgmma.
// expected-error @+1 {{pingpong needs wgmma, whose warpgroups each run their own K loop; got #ck.mma_sync<16x8x16, f16>}}
#bad_config = #ck.gemm_config<block = [128, 128, 32], wave = [32, 128], mma = #ck.mma_sync<16x8x16, f16>, lds_buffers = 3, load_waves = 4, async_copy, pingpong>

// -----
// pingpong without load waves.
// expected-error @+1 {{pingpong needs wave roles (load_waves): the load waves fill one warpgroup's K-tiles, then the other's}}
#bad_config = #ck.gemm_config<block = [256, 128, 64], wave = [32, 128], mma = #ck.wgmma<bf16>, lds_buffers = 4, async_copy, pingpong>

// -----
// pingpong with four math warpgroups.
// expected-error @+1 {{pingpong needs exactly two math warpgroups (8 waves) with one wave along N, so that each owns half the block's rows; got 16 math waves of 16x128 in a 256x128 block}}
#bad_config = #ck.gemm_config<block = [256, 128, 64], wave = [16, 128], mma = #ck.wgmma<bf16>, lds_buffers = 4, load_waves = 4, async_copy, pingpong>

// -----
// pingpong with split-K.
// expected-error @+1 {{pingpong needs a data-parallel partition, whose tiles each warpgroup stores alone; got #ck.partition<split_k, k_batch = 4>}}
#bad_config = #ck.gemm_config<block = [256, 128, 64], wave = [32, 128], mma = #ck.wgmma<bf16>, partition = #ck.partition<split_k, k_batch = 4>, lds_buffers = 4, load_waves = 4, async_copy, pingpong>

// -----
// signal_landed without wave roles.
// expected-error @+1 {{signal_landed needs wave roles that copy asynchronously (load_waves and async_copy): it is how the load threads signal their copies}}
#bad_config = #ck.gemm_config<block = [128, 128, 32], wave = [64, 64], mma = #ck.mma_sync<16x8x16, f16>, lds_buffers = 3, async_copy, signal_landed>

// -----
// signal_landed with load waves that copy through registers.
// expected-error @+1 {{signal_landed needs wave roles that copy asynchronously (load_waves and async_copy): it is how the load threads signal their copies}}
#bad_config = #ck.gemm_config<block = [128, 128, 32], wave = [64, 64], mma = #ck.mma_sync<16x8x16, f16>, lds_buffers = 2, load_waves = 4, signal_landed>

// -----
// pingpong with a resident B.
// expected-error @+1 {{pingpong cannot keep B resident: its warpgroups read their K-tiles at different times}}
#bad_config = #ck.gemm_config<block = [256, 128, 64], wave = [32, 128], mma = #ck.wgmma<bf16>, partition = #ck.partition<data_parallel, dp = persistent>, lds_buffers = 4, load_waves = 4, async_copy, resident_b, pingpong>
