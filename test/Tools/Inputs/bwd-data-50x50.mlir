// The backward-data convolution of ck-compile-tma.test: N = 16, 50x50,
// C = K = 256, 3x3, pad 1, f16, channels-last.
func.func @conv(%dx: memref<16x50x50x1x256xf16>, %w: memref<1x256x3x3x256xf16>,
                %dy: memref<16x50x50x1x256xf16>) {
  ck.conv_bwd_data input(%dx : memref<16x50x50x1x256xf16>)
      filter(%w : memref<1x256x3x3x256xf16>)
      output(%dy : memref<16x50x50x1x256xf16>)
      layouts(NHWGC, GKYXC, NHWGK) strides [1, 1] dilations [1, 1]
      pad_left [1, 1] pad_right [1, 1]
  return
}
