// RUN: ck-opt %s -convert-ck-conv-to-gpu-reference=copies=true -verify-diagnostics

// With copies=true the copy of @f is @f_reference: a module that already
// has that name is refused (the copy would not be the function's).

// expected-error @+1 {{cannot copy this function to 'f_reference' for its reference kernels: the name is taken}}
func.func @f(%x: memref<2x7x7x1x8xf16>, %w: memref<1x4x3x3x8xf16>,
             %y: memref<2x7x7x1x4xf16>) {
  ck.conv_fwd input(%x : memref<2x7x7x1x8xf16>) filter(%w : memref<1x4x3x3x8xf16>)
      output(%y : memref<2x7x7x1x4xf16>)
      layouts(NHWGC, GKYXC, NHWGK) strides [1, 1] dilations [1, 1]
      pad_left [1, 1] pad_right [1, 1]
  return
}

func.func @f_reference() {
  return
}
