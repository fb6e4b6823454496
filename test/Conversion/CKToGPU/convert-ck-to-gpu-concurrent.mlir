// RUN: ck-opt %s -split-input-file -ck-set-target=chip=gfx942 -convert-ck-to-gpu | FileCheck %s
// RUN: ck-opt %s -split-input-file -ck-set-target=chip=gfx942 -convert-ck-to-gpu -ck-lower-partition | FileCheck %s --check-prefix=SPLIT

// The kernels of a ck.concurrent do not wait for each other: after one
// `gpu.wait async` (the group's start) each op's launches are `async`, the
// op's own kernels chained one after the other, and a `gpu.wait` on the
// last token of every op joins them where the group was. The region's ops
// move out of it and the group is gone.

// -----
// A GEMM (data-parallel, one kernel) and a fill beside it: both launches
// wait for the start token only; the join waits for both.

// CHECK-LABEL: func.func @gemm_and_fill
// CHECK-NOT: ck.concurrent
// CHECK: %[[START:.+]] = gpu.wait async
// CHECK-NEXT: %{{.*}} = arith.constant
// CHECK: %[[G:.+]] = gpu.launch_func async [%[[START]]] @ck_kernels::@gemm_0
// CHECK: %[[F:.+]] = gpu.launch_func async [%[[START]]] @ck_kernels::@fill_1
// CHECK-NEXT: gpu.wait [%[[G]], %[[F]]]
// CHECK-NEXT: return
func.func @gemm_and_fill(%a: memref<1x32x16xf32>, %b: memref<1x16x32xf32>,
                         %c: memref<1x32x32xf32>, %x: memref<2x3x50xf16>) {
  ck.concurrent {
    ck.gemm %a, %b -> %c config <block = [32, 32, 16], wave = [16, 16], mma = #ck.fma>
        : memref<1x32x16xf32>, memref<1x16x32xf32> -> memref<1x32x32xf32>
    ck.fill %x : memref<2x3x50xf16>
  }
  return
}

// -----
// A split-K GEMM beside a fill: its workspace is freed after the join, once
// its kernels have run (CHECK). ck-lower-partition adds the reduction
// launch after the GEMM's, waiting for it, and the join then waits for the
// reduction instead of the GEMM (SPLIT).

// CHECK-LABEL: func.func @split_k_and_fill
// CHECK: %[[START:.+]] = gpu.wait async
// CHECK: %[[WS:.+]] = memref.alloc() : memref<2048xf32>
// CHECK: %[[G:.+]] = gpu.launch_func async [%[[START]]] @ck_kernels::@gemm_0
// CHECK-NOT: memref.dealloc
// CHECK: %[[F:.+]] = gpu.launch_func async [%[[START]]] @ck_kernels::@fill_1
// CHECK-NEXT: gpu.wait [%[[G]], %[[F]]]
// CHECK-NEXT: memref.dealloc %[[WS]]
// CHECK-NEXT: return

// SPLIT-LABEL: func.func @split_k_and_fill
// SPLIT: %[[START:.+]] = gpu.wait async
// SPLIT: %[[G:.+]] = gpu.launch_func async [%[[START]]] @ck_kernels::@gemm_0 blocks in ({{.*}}) threads
// SPLIT: %[[R:.+]] = gpu.launch_func async [%[[G]]] @ck_kernels::@gemm_0_reduce
// SPLIT: %[[F:.+]] = gpu.launch_func async [%[[START]]] @ck_kernels::@fill_1
// SPLIT-NEXT: gpu.wait [%[[R]], %[[F]]]
// SPLIT-NEXT: memref.dealloc
func.func @split_k_and_fill(%a: memref<1x32x64xf32>, %b: memref<1x64x32xf32>,
                            %c: memref<1x32x32xf32>, %x: memref<2x3x50xf16>) {
  ck.concurrent {
    ck.gemm %a, %b -> %c config <block = [32, 32, 16], wave = [16, 16], mma = #ck.fma, partition = #ck.partition<split_k, k_batch = 2>>
        : memref<1x32x64xf32>, memref<1x64x32xf32> -> memref<1x32x32xf32>
    ck.fill %x : memref<2x3x50xf16>
  }
  return
}

// -----
// A persistent StreamK GEMM is launched cooperatively and needs the whole
// GPU: in a group it runs alone, a synchronous launch, while the fill
// beside it is still `async`.

// CHECK-LABEL: func.func @cooperative_and_fill
// CHECK: %[[START:.+]] = gpu.wait async
// CHECK: gpu.launch_func @ck_kernels::@gemm_0
// CHECK: %[[F:.+]] = gpu.launch_func async [%[[START]]] @ck_kernels::@fill_1
// CHECK-NEXT: gpu.wait [%[[F]]]
func.func @cooperative_and_fill(%a: memref<1x32x64xf32>, %b: memref<1x64x32xf32>,
                                %c: memref<1x32x32xf32>, %x: memref<2x3x50xf16>) {
  ck.concurrent {
    ck.gemm %a, %b -> %c config <block = [32, 32, 16], wave = [16, 16], mma = #ck.fma, partition = #ck.partition<stream_k>>
        : memref<1x32x64xf32>, memref<1x64x32xf32> -> memref<1x32x32xf32>
    ck.fill %x : memref<2x3x50xf16>
  }
  return
}
