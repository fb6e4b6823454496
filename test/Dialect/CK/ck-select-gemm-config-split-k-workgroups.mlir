// With partition=split_k,reduce=workgroups the heuristic's split-K keeps
// every split resident at once (tiles x k_batch within the workgroups the
// chip holds), and refuses a GEMM whose two splits would not fit or whose K
// is too short for two splits.
// RUN: ck-opt %s -split-input-file -ck-set-target=chip=sm_90a '-ck-select-gemm-config=partition="split_k,reduce=workgroups"' -verify-diagnostics | FileCheck %s

// 2 x 9 tiles of 128 x 256 on 132 resident workgroups: 7 splits.
// CHECK-LABEL: func.func @retinanet
// CHECK: partition = #ck.partition<split_k, k_batch = 7, reduce = workgroups>
func.func @retinanet(%a: memref<1x256x40000xf16>, %b: memref<1x40000x2304xf16>,
                     %c: memref<1x256x2304xf16>) {
  ck.gemm %a, %b -> %c : memref<1x256x40000xf16>, memref<1x40000x2304xf16> -> memref<1x256x2304xf16>
  return
}

// -----
// 16 x 8 tiles: two splits are 256 workgroups.
func.func @too_many_tiles(%a: memref<1x2048x4096xf16>, %b: memref<1x4096x2048xf16>,
                          %c: memref<1x2048x2048xf16>) {
  // expected-error @+1 {{'ck.gemm' op cannot split K with reduce = workgroups: two splits of its tiles are more workgroups than the sm_90a holds at once}}
  ck.gemm %a, %b -> %c : memref<1x2048x4096xf16>, memref<1x4096x2048xf16> -> memref<1x2048x2048xf16>
  return
}

// -----
// 13 K-tiles of 64: one split of at least 8 (the K = 36 head's
// backward-weight at 7x7), whatever the residency.
func.func @short_k(%a: memref<1x324x784xf16>, %b: memref<1x784x256xf16>,
                   %c: memref<1x324x256xf16>) {
  // expected-error @+1 {{'ck.gemm' op cannot split K with reduce = workgroups: its 13 K-tiles make one split (each takes 8 or more); give k_batch}}
  ck.gemm %a, %b -> %c : memref<1x324x784xf16>, memref<1x784x256xf16> -> memref<1x324x256xf16>
  return
}
