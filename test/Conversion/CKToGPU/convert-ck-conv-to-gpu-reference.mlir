// RUN: ck-opt %s -convert-ck-conv-to-gpu-reference | FileCheck %s
// RUN: ck-opt %s -convert-ck-conv-to-gpu-reference=copies=true | FileCheck %s --check-prefix=COPIES

// convert-ck-conv-to-gpu-reference replaces each convolution with a launch of
// a naive kernel (ReferenceKernel.cpp): 256 threads per workgroup, one
// thread per element of the written tensor (output for fwd, input for
// bwd_data, filter for bwd_weight), grid = ceil(elements / 256); an f32 loop
// nest over the reduction (fwd: C, Y, X; bwd_data: K, Y, X; bwd_weight: N,
// Ho, Wo), then alpha, beta and the D tensors, converted to the element type.
// Kernels are numbered in the order of the convolutions in the module.
// The kernel takes input, filter, output and the D tensors, in that order.

// fwd, f16, N = 2, Hi = Wi = 8, G = 1, C = 8, K = 20, 3x3, stride 2, pad 1,
// with one D tensor, alpha 2 and beta 0.5.
// Ho = Wo = (8 + 1 + 1 - 3) / 2 + 1 = 4.
// Written: y, 2 * 4 * 4 * 1 * 20 = 640 elements; grid = ceil(640 / 256) = 3.
// Input position hi = ho * 2 + y * 1 - 1, valid for 0 <= hi < 8.

// CHECK: module attributes {gpu.container_module}
// CHECK-LABEL: func.func @fwd
// CHECK-SAME: (%[[X:[^:]*]]: memref<2x8x8x1x8xf16>, %[[W:[^:]*]]: memref<1x20x3x3x8xf16>, %[[Y:[^:]*]]: memref<2x4x4x1x20xf16>, %[[D:[^:]*]]: memref<2x4x4x1x20xf16>)
// CHECK-NOT: ck.conv_fwd
// CHECK: gpu.launch_func @ck_kernels::@reference_0 blocks in (%c3{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}) threads in (%c256{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}) args(%[[X]] : memref<2x8x8x1x8xf16>, %[[W]] : memref<1x20x3x3x8xf16>, %[[Y]] : memref<2x4x4x1x20xf16>, %[[D]] : memref<2x4x4x1x20xf16>)
// CHECK-NEXT: return

// bwd_data, f16, N = 2, Hi = Wi = 7, G = 1, C = 8, K = 4, 3x3, stride 2,
// pad 1. Ho = Wo = (7 + 1 + 1 - 3) / 2 + 1 = 4.
// Written: x, 2 * 7 * 7 * 1 * 8 = 784 elements; grid = ceil(784 / 256) = 4.
// Output position: t = hi + 1 - y, ho = t / 2 where t >= 0, t % 2 == 0 and
// ho < 4.

// CHECK-LABEL: func.func @bwd_data
// CHECK-SAME: (%[[X:[^:]*]]: memref<2x7x7x1x8xf16>, %[[W:[^:]*]]: memref<1x4x3x3x8xf16>, %[[Y:[^:]*]]: memref<2x4x4x1x4xf16>)
// CHECK-NOT: ck.conv_bwd_data
// CHECK: gpu.launch_func @ck_kernels::@reference_1 blocks in (%c4{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}) threads in (%c256{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}) args(%[[X]] : memref<2x7x7x1x8xf16>, %[[W]] : memref<1x4x3x3x8xf16>, %[[Y]] : memref<2x4x4x1x4xf16>)
// CHECK-NEXT: return

// bwd_weight, f32, N = 2, Hi = Wi = 7, G = 1, C = 8, K = 4, 3x3, stride 1,
// pad 1. Ho = Wo = (7 + 1 + 1 - 3) / 1 + 1 = 7.
// Written: w, 1 * 4 * 3 * 3 * 8 = 288 elements; grid = ceil(288 / 256) = 2.

// CHECK-LABEL: func.func @bwd_weight
// CHECK-SAME: (%[[X:[^:]*]]: memref<2x7x7x1x8xf32>, %[[W:[^:]*]]: memref<1x4x3x3x8xf32>, %[[Y:[^:]*]]: memref<2x7x7x1x4xf32>)
// CHECK-NOT: ck.conv_bwd_weight
// CHECK: gpu.launch_func @ck_kernels::@reference_2 blocks in (%c2{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}) threads in (%c256{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}) args(%[[X]] : memref<2x7x7x1x8xf32>, %[[W]] : memref<1x4x3x3x8xf32>, %[[Y]] : memref<2x7x7x1x4xf32>)
// CHECK-NEXT: return

// The fwd kernel: y[n, ho, wo, g, k] owned by thread b * 256 + t < 640,
// decomposed k = l % 20, g, wo = . % 4, ho = . % 4, n = . / 4.
// CHECK: gpu.module @ck_kernels
// CHECK: gpu.func @reference_0(%[[KX:[^:]*]]: memref<2x8x8x1x8xf16>, %[[KW:[^:]*]]: memref<1x20x3x3x8xf16>, %[[KY:[^:]*]]: memref<2x4x4x1x20xf16>, %[[KD:[^:]*]]: memref<2x4x4x1x20xf16>) kernel attributes {known_block_size = array<i32: 256, 1, 1>}
// CHECK: %[[LIN:.*]] = arith.addi %{{.*}}, %{{.*}} : index
// CHECK: arith.cmpi ult, %[[LIN]], %c640 : index
// CHECK: %[[K:.*]] = arith.remui %[[LIN]], %c20 : index
// CHECK: %[[ACC:.*]] = scf.for %[[C:.*]] = %c0{{(_[0-9]+)?}} to %c8{{(_[0-9]+)?}} step %c1{{(_[0-9]+)?}} iter_args(%{{.*}} = %{{.*}}) -> (f32)
// CHECK: scf.for %[[FY:.*]] = %c0{{(_[0-9]+)?}} to %c3{{(_[0-9]+)?}} step %c1{{(_[0-9]+)?}} iter_args(%{{.*}}) -> (f32)
// CHECK: scf.for %[[FX:.*]] = %c0{{(_[0-9]+)?}} to %c3{{(_[0-9]+)?}} step %c1{{(_[0-9]+)?}} iter_args(%{{.*}}) -> (f32)
// CHECK: arith.muli %{{.*}}, %c2{{(_[0-9]+)?}} : index
// CHECK: arith.cmpi slt, %{{.*}}, %c8{{(_[0-9]+)?}} : index
// CHECK: memref.load %[[KX]][{{.*}}, %[[C]]] : memref<2x8x8x1x8xf16>
// CHECK: memref.load %[[KW]][%{{.*}}, %[[K]], %[[FY]], %[[FX]], %[[C]]] : memref<1x20x3x3x8xf16>
// CHECK: arith.extf
// CHECK: arith.extf
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK: %[[DV:.*]] = memref.load %[[KD]]
// CHECK: %[[SCALED:.*]] = arith.mulf %[[ACC]], %{{.*}} : f32
// CHECK: %[[DW:.*]] = arith.extf %[[DV]] : f16 to f32
// CHECK: %[[BD:.*]] = arith.mulf %[[DW]], %{{.*}} : f32
// CHECK: %[[SUM:.*]] = arith.addf %[[SCALED]], %[[BD]] : f32
// CHECK: %[[T:.*]] = arith.truncf %[[SUM]] : f32 to f16
// CHECK: memref.store %[[T]], %[[KY]]
// CHECK: gpu.return

// The bwd_data kernel: x[n, hi, wi, g, c], thread < 784, loops over K, Y, X
// and the stride test on t.
// CHECK: gpu.func @reference_1(%[[KX:[^:]*]]: memref<2x7x7x1x8xf16>, %[[KW:[^:]*]]: memref<1x4x3x3x8xf16>, %[[KY:[^:]*]]: memref<2x4x4x1x4xf16>) kernel attributes {known_block_size = array<i32: 256, 1, 1>}
// CHECK: arith.cmpi ult, %{{.*}}, %c784 : index
// CHECK: scf.for %[[KK:.*]] = %c0{{(_[0-9]+)?}} to %c4{{(_[0-9]+)?}} step %c1{{(_[0-9]+)?}} iter_args
// CHECK: scf.for %{{.*}} = %c0{{(_[0-9]+)?}} to %c3{{(_[0-9]+)?}} step
// CHECK: scf.for %{{.*}} = %c0{{(_[0-9]+)?}} to %c3{{(_[0-9]+)?}} step
// CHECK: %[[T:.*]] = arith.subi
// CHECK: arith.divsi %[[T]], %[[S:c2(_[0-9]+)?]] : index
// CHECK: arith.remsi %[[T]], %[[S]] : index
// CHECK: arith.cmpi slt, %{{.*}}, %c4{{(_[0-9]+)?}} : index
// CHECK: memref.load %[[KY]][{{.*}}, %[[KK]]] : memref<2x4x4x1x4xf16>
// CHECK: memref.load %[[KW]][%{{.*}}, %[[KK]], {{.*}}] : memref<1x4x3x3x8xf16>
// CHECK: arith.truncf %{{.*}} : f32 to f16
// CHECK: memref.store %{{.*}}, %[[KX]]
// CHECK: gpu.return

// The bwd_weight kernel: w[g, k, y, x, c], thread < 288, loops over N, Ho,
// Wo; f32 needs no conversions.
// CHECK: gpu.func @reference_2(%[[KX:[^:]*]]: memref<2x7x7x1x8xf32>, %[[KW:[^:]*]]: memref<1x4x3x3x8xf32>, %[[KY:[^:]*]]: memref<2x7x7x1x4xf32>) kernel attributes {known_block_size = array<i32: 256, 1, 1>}
// CHECK: arith.cmpi ult, %{{.*}}, %c288 : index
// CHECK: scf.for %[[N:.*]] = %c0{{(_[0-9]+)?}} to %c2{{(_[0-9]+)?}} step %c1{{(_[0-9]+)?}} iter_args
// CHECK: scf.for %[[HO:.*]] = %c0{{(_[0-9]+)?}} to %c7{{(_[0-9]+)?}} step
// CHECK: scf.for %[[WO:.*]] = %c0{{(_[0-9]+)?}} to %c7{{(_[0-9]+)?}} step
// CHECK: memref.load %[[KY]][%[[N]], %[[HO]], %[[WO]], %{{.*}}, %{{.*}}] : memref<2x7x7x1x4xf32>
// CHECK: memref.load %[[KX]][%[[N]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}] : memref<2x7x7x1x8xf32>
// CHECK-NOT: arith.extf
// CHECK-NOT: arith.truncf
// CHECK: memref.store %{{.*}}, %[[KW]]
// CHECK: gpu.return
// With copies=true each function keeps its convolution and is followed by a
// copy named <function>_reference that launches the same reference kernel.

// COPIES-LABEL: func.func @fwd(
// COPIES-NEXT: ck.conv_fwd
// COPIES: func.func @fwd_reference(%[[X:[^:]*]]: memref<2x8x8x1x8xf16>, %[[W:[^:]*]]: memref<1x20x3x3x8xf16>, %[[Y:[^:]*]]: memref<2x4x4x1x20xf16>, %[[D:[^:]*]]: memref<2x4x4x1x20xf16>)
// COPIES-NOT: ck.conv
// COPIES: gpu.launch_func @ck_kernels::@reference_0 {{.*}} args(%[[X]] : memref<2x8x8x1x8xf16>, %[[W]] : memref<1x20x3x3x8xf16>, %[[Y]] : memref<2x4x4x1x20xf16>, %[[D]] : memref<2x4x4x1x20xf16>)
// COPIES-NEXT: return
// COPIES-LABEL: func.func @bwd_data(
// COPIES-NEXT: ck.conv_bwd_data
// COPIES: func.func @bwd_data_reference(
// COPIES-NOT: ck.conv
// COPIES: gpu.launch_func @ck_kernels::@reference_1
// COPIES-LABEL: func.func @bwd_weight(
// COPIES-NEXT: ck.conv_bwd_weight
// COPIES: func.func @bwd_weight_reference(
// COPIES-NOT: ck.conv
// COPIES: gpu.launch_func @ck_kernels::@reference_2
// COPIES: gpu.module @ck_kernels
// COPIES-COUNT-3: gpu.func @reference_
// COPIES-NOT: gpu.func

func.func @fwd(%x: memref<2x8x8x1x8xf16>, %w: memref<1x20x3x3x8xf16>,
               %y: memref<2x4x4x1x20xf16>, %d: memref<2x4x4x1x20xf16>) {
  ck.conv_fwd input(%x : memref<2x8x8x1x8xf16>) filter(%w : memref<1x20x3x3x8xf16>)
      output(%y : memref<2x4x4x1x20xf16>) adds(%d : memref<2x4x4x1x20xf16>)
      layouts(NHWGC, GKYXC, NHWGK) strides [2, 2] dilations [1, 1]
      pad_left [1, 1] pad_right [1, 1] alpha 2.0 beta 0.5
  return
}

func.func @bwd_data(%x: memref<2x7x7x1x8xf16>, %w: memref<1x4x3x3x8xf16>,
                    %y: memref<2x4x4x1x4xf16>) {
  ck.conv_bwd_data input(%x : memref<2x7x7x1x8xf16>) filter(%w : memref<1x4x3x3x8xf16>)
      output(%y : memref<2x4x4x1x4xf16>)
      layouts(NHWGC, GKYXC, NHWGK) strides [2, 2] dilations [1, 1]
      pad_left [1, 1] pad_right [1, 1]
  return
}

func.func @bwd_weight(%x: memref<2x7x7x1x8xf32>, %w: memref<1x4x3x3x8xf32>,
                      %y: memref<2x7x7x1x4xf32>) {
  ck.conv_bwd_weight input(%x : memref<2x7x7x1x8xf32>) filter(%w : memref<1x4x3x3x8xf32>)
      output(%y : memref<2x7x7x1x4xf32>)
      layouts(NHWGC, GKYXC, NHWGK) strides [1, 1] dilations [1, 1]
      pad_left [1, 1] pad_right [1, 1]
  return
}
