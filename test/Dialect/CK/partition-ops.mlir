// RUN: ck-opt %s | ck-opt | FileCheck %s
// RUN: ck-opt %s --mlir-print-op-generic | ck-opt | FileCheck %s

// The partition ops (CKPartitionOps.td) and #ck.partition print as they
// parse.

!acc = !ck.acc<32x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>

// CHECK-LABEL: func.func @partition_ops
// CHECK: ck.partition <split_k, k_batch = 4> tiles [2, 3, 1] k_tiles 7 workspace(%{{.*}} : memref<?xf32>) unit {
// CHECK-NEXT: ^bb0(%{{.*}}: index, %{{.*}}: index, %{{.*}}: index, %{{.*}}: index, %{{.*}}: index):
// CHECK: %[[Z:.*]] = ck.acc_zero
// CHECK: %[[P:.*]] = ck.partial_accumulate %[[Z]], %{{.*}} slot %{{.*}} : !ck.acc<32x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>, memref<?xf32>
// CHECK: ck.yield %[[P]] : !ck.acc<32x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
// CHECK: } epilogue {
// CHECK: ck.partial_store %{{.*}} -> %{{.*}} slot %{{.*}} : !ck.acc<32x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>, memref<?xf32>
// CHECK: ck.yield
// CHECK: ck.partition <data_parallel> tiles [1, 1, 1] k_tiles 1 unit
func.func @partition_ops(%ws: memref<?xf32>, %s: index) {
  ck.partition #ck.partition<split_k, k_batch = 4> tiles [2, 3, 1] k_tiles 7
      workspace(%ws : memref<?xf32>) unit {
  ^bb0(%g: index, %m0: index, %n0: index, %k0: index, %k1: index):
    %z = ck.acc_zero : !acc
    %p = ck.partial_accumulate %z, %ws slot %s : !acc, memref<?xf32>
    ck.yield %p : !acc
  } epilogue {
  ^bb0(%g: index, %m0: index, %n0: index, %sum: !acc):
    ck.partial_store %sum -> %ws slot %s : !acc, memref<?xf32>
    ck.yield
  }
  ck.partition #ck.partition<data_parallel> tiles [1, 1, 1] k_tiles 1 unit {
  ^bb0(%g: index, %m0: index, %n0: index, %k0: index, %k1: index):
    %z = ck.acc_zero : !acc
    ck.yield %z : !acc
  } epilogue {
  ^bb0(%g: index, %m0: index, %n0: index, %sum: !acc):
    ck.yield
  }
  return
}
