// The default problem of scripts/quickstart.sh: RetinaNet's most frequent
// 3x3 backward-weight convolution (10 layers), G=1 N=16 C=256 K=256, 50x50,
// stride 1, pad 1, f16, channels-last.
// RUN: ck-opt %s -ck-conv-to-gemm | FileCheck %s

// Ho = Wo = (50 + 1 + 1 - 3) / 1 + 1 = 50
// GEMM M = K = 256, N = Y*X*C = 3*3*256 = 2304, K = N*Ho*Wo = 16*50*50 = 40000.
// CHECK-LABEL: func.func @retinanet_bwd_weight
// CHECK: ck.gemm {{.*}} : !ck.view<1x256x40000xf16>, !ck.view<1x40000x2304xf16> -> !ck.view<1x256x2304xf16>
// CHECK-NOT: ck.conv
func.func @retinanet_bwd_weight(%x: memref<16x50x50x1x256xf16>,
                                %dw: memref<1x256x3x3x256xf16>,
                                %dy: memref<16x50x50x1x256xf16>) {
  ck.conv_bwd_weight input(%x : memref<16x50x50x1x256xf16>)
      filter(%dw : memref<1x256x3x3x256xf16>)
      output(%dy : memref<16x50x50x1x256xf16>)
      layouts(NHWGC, GKYXC, NHWGK) strides [1, 1] dilations [1, 1]
      pad_left [1, 1] pad_right [1, 1]
  return
}
