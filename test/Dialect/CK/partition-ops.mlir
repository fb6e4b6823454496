// RUN: ck-opt %s | ck-opt | FileCheck %s
// RUN: ck-opt %s --mlir-print-op-generic | ck-opt | FileCheck %s

// The partition ops (CKPartitionOps.td) and #ck.partition print as they
// parse.

!acc = !ck.acc<32x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>

// CHECK-LABEL: func.func @partition_ops
// CHECK: ck.partition <split_k, k_batch = 4> tiles [2, 3, 1] k_tiles 7 workspace(%{{.*}} : memref<?xf32>) unit {
// CHECK-NEXT: ^bb0(%{{.*}}: index, %{{.*}}: index, %{{.*}}: index, %{{.*}}: index, %{{.*}}: index):
// CHECK: %[[Z:.*]] = ck.acc_zero
// CHECK: %[[P:.*]] = ck.partial_accumulate %[[Z]], %{{.*}}[%{{.*}}] : !ck.acc<32x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>, memref<?xf32>
// CHECK: ck.yield %[[P]] : !ck.acc<32x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
// CHECK: } epilogue {
// CHECK: ck.partial_store %{{.*}} -> %{{.*}}[%{{.*}}] : !ck.acc<32x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>, memref<?xf32>
// CHECK: ck.yield
// CHECK: ck.partition <data_parallel> tiles [1, 1, 1] k_tiles 1 unit
// CHECK: ck.partition <data_parallel> tiles [1, 4, 3] k_tiles 2 cluster [2, 1] unit
// CHECK: ck.partition <stream_k, reduce = linear, dp = per_tile, tail = all, min_iters = 3> tiles [1, 2, 2] k_tiles 9 schedule(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) workspace(%{{.*}} : memref<?xf32>) unit {
// CHECK: ck.flag_wait %{{.*}}[%{{.*}}] : memref<?xf32>
// CHECK: ck.flag_wait %{{.*}}[%{{.*}}] threads 256 : memref<?xf32>
// CHECK: ck.flag_signal %{{.*}}[%{{.*}}] : memref<?xf32>
// CHECK: ck.flag_signal %{{.*}}[%{{.*}}] threads 256 : memref<?xf32>
// CHECK: ck.partition <stream_k, tail = 1, ring = shared> tiles [1, 2, 2] k_tiles 9
// CHECK: ck.partition <split_k, k_batch = 2, reduce = workgroups> tiles [1, 2, 2] k_tiles 6 workspace(%{{.*}} : memref<?xf32>) unit {
// CHECK: } epilogue {
// CHECK: ck.partial_store
// CHECK: ck.flag_rendezvous %{{.*}}[%{{.*}}], %{{.*}} : memref<?xf32>
// CHECK: ck.partition <split_k, k_batch = 4, reduce = cluster> tiles [1, 2, 2] k_tiles 6 unit {
// CHECK: } epilogue {
// CHECK: ck.partial_store %{{.*}} -> %{{.*}}[%{{.*}}] : !ck.acc<32x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>, memref<2048xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: ck.cluster_barrier
// CHECK-NEXT: %{{.*}} = ck.cluster_load %{{.*}}[%{{.*}}] rank %{{.*}} : memref<2048xf32, #gpu.address_space<workgroup>> -> vector<4xf32>
func.func @partition_ops(%ws: memref<?xf32>, %s: index, %k: i32, %d: i32,
                          %q: i32, %r: i32, %w: i32) {
  ck.partition #ck.partition<split_k, k_batch = 4> tiles [2, 3, 1] k_tiles 7
      workspace(%ws : memref<?xf32>) unit {
  ^bb0(%g: index, %m0: index, %n0: index, %k0: index, %k1: index):
    %z = ck.acc_zero : !acc
    %p = ck.partial_accumulate %z, %ws[%s] : !acc, memref<?xf32>
    ck.yield %p : !acc
  } epilogue {
  ^bb0(%g: index, %m0: index, %n0: index, %sum: !acc):
    ck.partial_store %sum -> %ws[%s] : !acc, memref<?xf32>
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
  ck.partition #ck.partition<data_parallel> tiles [1, 4, 3] k_tiles 2
      cluster [2, 1] unit {
  ^bb0(%g: index, %m0: index, %n0: index, %k0: index, %k1: index):
    %z = ck.acc_zero : !acc
    ck.yield %z : !acc
  } epilogue {
  ^bb0(%g: index, %m0: index, %n0: index, %sum: !acc):
    ck.yield
  }
  ck.partition #ck.partition<stream_k, min_iters = 3, tail = all, dp = per_tile, reduce = linear>
      tiles [1, 2, 2] k_tiles 9 schedule(%k, %d, %q, %r, %w) workspace(%ws : memref<?xf32>) unit {
  ^bb0(%g: index, %m0: index, %n0: index, %k0: index, %k1: index):
    %z = ck.acc_zero : !acc
    ck.flag_wait %ws[%s] : memref<?xf32>
    ck.flag_wait %ws[%s] threads 256 : memref<?xf32>
    ck.yield %z : !acc
  } epilogue {
  ^bb0(%g: index, %m0: index, %n0: index, %sum: !acc):
    ck.flag_signal %ws[%s] : memref<?xf32>
    ck.flag_signal %ws[%s] threads 256 : memref<?xf32>
    ck.yield
  }
  ck.partition #ck.partition<stream_k, ring = shared, tail = 1>
      tiles [1, 2, 2] k_tiles 9 schedule(%k, %d, %q, %r, %w) workspace(%ws : memref<?xf32>) unit {
  ^bb0(%g: index, %m0: index, %n0: index, %k0: index, %k1: index):
    %z = ck.acc_zero : !acc
    ck.yield %z : !acc
  } epilogue {
  ^bb0(%g: index, %m0: index, %n0: index, %sum: !acc):
    ck.yield
  }
  ck.partition #ck.partition<split_k, k_batch = 2, reduce = workgroups>
      tiles [1, 2, 2] k_tiles 6 workspace(%ws : memref<?xf32>) unit {
  ^bb0(%g: index, %m0: index, %n0: index, %k0: index, %k1: index):
    %z = ck.acc_zero : !acc
    ck.yield %z : !acc
  } epilogue {
  ^bb0(%g: index, %m0: index, %n0: index, %sum: !acc):
    %c2 = arith.constant 2 : index
    ck.partial_store %sum -> %ws[%s] : !acc, memref<?xf32>
    ck.flag_rendezvous %ws[%s], %c2 : memref<?xf32>
    ck.yield
  }
  ck.partition #ck.partition<split_k, k_batch = 4, reduce = cluster>
      tiles [1, 2, 2] k_tiles 6 unit {
  ^bb0(%g: index, %m0: index, %n0: index, %k0: index, %k1: index):
    %z = ck.acc_zero : !acc
    ck.yield %z : !acc
  } epilogue {
  ^bb0(%g: index, %m0: index, %n0: index, %sum: !acc):
    %part = ck.lds_buffer offset 0 : memref<2048xf32, #gpu.address_space<workgroup>>
    ck.partial_store %sum -> %part[%s] : !acc, memref<2048xf32, #gpu.address_space<workgroup>>
    ck.cluster_barrier
    %v = ck.cluster_load %part[%s] rank %s : memref<2048xf32, #gpu.address_space<workgroup>> -> vector<4xf32>
    ck.yield
  }
  return
}

// The partitions' defaults are not printed (dp's is persistent for StreamK
// and per_tile for the others, reduce's tree for StreamK and kernel for
// split-K); tail = 0 is written `all`.
// CHECK-LABEL: func.func @partition_attrs
// CHECK-SAME: a = #ck.partition<stream_k>
// CHECK-SAME: b = #ck.partition<stream_k, tail = 3>
// CHECK-SAME: c = #ck.partition<split_k, k_batch = 2>
// CHECK-SAME: d = #ck.partition<split_k, k_batch = auto>
// CHECK-SAME: e = #ck.partition<split_k, k_batch = auto, min_iters = 4>
// CHECK-SAME: f = #ck.partition<data_parallel>
// CHECK-SAME: g = #ck.partition<data_parallel, dp = persistent>
// CHECK-SAME: h = #ck.partition<stream_k, dp = per_tile>
// CHECK-SAME: i = #ck.partition<split_k, k_batch = 8, reduce = workgroups>
// CHECK-SAME: j = #ck.partition<split_k, k_batch = 3>
// CHECK-SAME: k = #ck.partition<split_k, k_batch = 8, reduce = cluster>
func.func @partition_attrs() attributes {
    a = #ck.partition<stream_k, reduce = tree, dp = persistent, tail = 2, min_iters = 1>,
    b = #ck.partition<stream_k, tail = 3>,
    c = #ck.partition<split_k, k_batch = 2>,
    d = #ck.partition<split_k, k_batch = auto, min_iters = 1>,
    e = #ck.partition<split_k, min_iters = 4, k_batch = auto>,
    f = #ck.partition<data_parallel, dp = per_tile>,
    g = #ck.partition<data_parallel, dp = persistent>,
    h = #ck.partition<stream_k, dp = per_tile>,
    i = #ck.partition<split_k, reduce = workgroups, k_batch = 8>,
    j = #ck.partition<split_k, k_batch = 3, reduce = kernel>,
    k = #ck.partition<split_k, reduce = cluster, k_batch = 8>} {
  return
}

// The host's launch-time sizes of a StreamK GEMM.
// CHECK-LABEL: func.func @schedule
// CHECK: %[[GRID:.*]], %[[FLOATS:.*]], %{{.*}}:5 = ck.schedule <stream_k, reduce = linear> tiles 18 k_tiles 1250 partial_bytes 32768 : i32, i32, i32, i32, i32
// CHECK: memref.alloc(%[[FLOATS]]) : memref<?xf32>
func.func @schedule() -> (index, memref<?xf32>, i32) {
  %grid, %floats, %k, %d, %q, %r, %w = ck.schedule #ck.partition<stream_k, reduce = linear>
      tiles 18 k_tiles 1250 partial_bytes 32768 : i32, i32, i32, i32, i32
  %ws = memref.alloc(%floats) : memref<?xf32>
  return %grid, %ws, %k : index, memref<?xf32>, i32
}

// The host's launch-time k_batch of a split_k auto GEMM: the grid (its z)
// and the kernels' one argument.
// CHECK-LABEL: func.func @schedule_split_k_auto
// CHECK: %[[KB:.*]], %[[FLOATS:.*]], %[[ARG:.*]] = ck.schedule <split_k, k_batch = auto, min_iters = 2> tiles 4 k_tiles 900 partial_bytes 65536 : i32
// CHECK: memref.alloc(%[[FLOATS]]) : memref<?xf32>
func.func @schedule_split_k_auto() -> (index, memref<?xf32>, i32) {
  %kb, %floats, %arg = ck.schedule #ck.partition<split_k, k_batch = auto, min_iters = 2>
      tiles 4 k_tiles 900 partial_bytes 65536 : i32
  %ws = memref.alloc(%floats) : memref<?xf32>
  return %kb, %ws, %arg : index, memref<?xf32>, i32
}

// A launch grid entry of two workgroups per compute unit.
// CHECK-LABEL: func.func @grid_per_compute_unit
// CHECK: %[[G:.*]] = ck.grid_per_compute_unit 2
// CHECK: return %[[G]] : index
func.func @grid_per_compute_unit() -> index {
  %g = ck.grid_per_compute_unit 2
  return %g : index
}
