// With partition=split_k,reduce=cluster the heuristic's split-K takes at
// most 8 splits (a tile's splits are one thread block cluster of CUDA's
// portable size), and chips without clusters refuse it.
// RUN: ck-opt %s -split-input-file -ck-set-target=chip=sm_90a '-ck-select-gemm-config=partition="split_k,reduce=cluster"' | FileCheck %s
// RUN: not ck-opt %s -split-input-file -ck-set-target=chip=gfx942 '-ck-select-gemm-config=partition="split_k,reduce=cluster"' 2>&1 | FileCheck %s --check-prefix=GFX942
// GFX942: error: 'ck.gemm' op split-K's reduce = cluster reads partial tiles from the LDS of the cluster's other workgroups (distributed shared memory, sm_90); gfx942 has none

// 2 x 9 tiles of 128 x 256 on 132 resident workgroups, 625 K-tiles: 7
// splits take one round of 90 K-tiles, the least (8 take two of 79).
// CHECK-LABEL: func.func @retinanet
// CHECK: partition = #ck.partition<split_k, k_batch = 7, reduce = cluster>
func.func @retinanet(%a: memref<1x256x40000xf16>, %b: memref<1x40000x2304xf16>,
                     %c: memref<1x256x2304xf16>) {
  ck.gemm %a, %b -> %c : memref<1x256x40000xf16>, memref<1x40000x2304xf16> -> memref<1x256x2304xf16>
  return
}

// -----
// 3 tiles of 128 x 256 and 2500 K-tiles: the makespan falls up to 44
// splits, but a cluster holds 8.
// CHECK-LABEL: func.func @capped
// CHECK: partition = #ck.partition<split_k, k_batch = 8, reduce = cluster>
func.func @capped(%a: memref<1x324x160000xbf16>, %b: memref<1x160000x256xbf16>,
                  %c: memref<1x324x256xbf16>) {
  ck.gemm %a, %b -> %c : memref<1x324x160000xbf16>, memref<1x160000x256xbf16> -> memref<1x324x256xbf16>
  return
}
