// RUN: ck-opt %s -split-input-file -verify-diagnostics

// One section per verifier rule of #ck.partition (CKAttrs.cpp) and of the
// partition ops (CKPartitionOps.cpp).

// A data-parallel partition splits nothing.
// expected-error @+1 {{only split-K takes a k_batch; got k_batch = 2 for data_parallel}}
func.func @dp_batch() attributes {p = #ck.partition<data_parallel, k_batch = 2>} {
  return
}

// -----
// One split is no split.
// expected-error @+1 {{split-K's k_batch must be auto or in [2, 65535] (one workgroup per K range along the grid's z), got 1}}
func.func @one_split() attributes {p = #ck.partition<split_k>} {
  return
}

// -----
// More splits than the grid's z launches.
// expected-error @+1 {{split-K's k_batch must be auto or in [2, 65535] (one workgroup per K range along the grid's z), got 65536}}
func.func @many_splits() attributes {p = #ck.partition<split_k, k_batch = 65536>} {
  return
}

// -----
// k_batch 0 is spelled `auto`.
// expected-error @+1 {{k_batch must be auto or at least 1, got 0}}
func.func @zero_splits() attributes {p = #ck.partition<split_k, k_batch = 0>} {
  return
}

// -----
// ckrt chooses k_batch only for split-K.
// expected-error @+1 {{only split-K takes a k_batch; got k_batch = 0 for stream_k}}
func.func @stream_k_auto() attributes {p = #ck.partition<stream_k, k_batch = auto>} {
  return
}

// -----
// Two tile counts.
!acc = !ck.acc<32x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
func.func @f(%ws: memref<?xf32>, %sws: memref<100xf32>, %c: memref<1x32x64xf16>) {
  // expected-error @+1 {{'ck.partition' op tiles counts a batch, rows and columns of tiles; got 2 counts}}
  ck.partition #ck.partition<data_parallel> tiles [1, 2] k_tiles 1 unit {
  ^bb0(%g: index, %m0: index, %n0: index, %k0: index, %k1: index):
    %z = ck.acc_zero : !acc
    ck.yield %z : !acc
  } epilogue {
  ^bb0(%g: index, %m0: index, %n0: index, %sum: !acc):
    ck.yield
  }
  return
}

// -----
// No tiles.
!acc = !ck.acc<32x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
func.func @f(%ws: memref<?xf32>, %sws: memref<100xf32>, %c: memref<1x32x64xf16>) {
  // expected-error @+1 {{'ck.partition' op tile counts must be in [1, 2147483647], got 0}}
  ck.partition #ck.partition<data_parallel> tiles [1, 0, 1] k_tiles 1 unit {
  ^bb0(%g: index, %m0: index, %n0: index, %k0: index, %k1: index):
    %z = ck.acc_zero : !acc
    ck.yield %z : !acc
  } epilogue {
  ^bb0(%g: index, %m0: index, %n0: index, %sum: !acc):
    ck.yield
  }
  return
}

// -----
// More batches than the grid's y holds.
!acc = !ck.acc<32x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
func.func @f(%ws: memref<?xf32>, %sws: memref<100xf32>, %c: memref<1x32x64xf16>) {
  // expected-error @+1 {{'ck.partition' op needs a grid of 1 x 70000 x 1 workgroups, more than GPUs launch}}
  ck.partition #ck.partition<data_parallel> tiles [70000, 1, 1] k_tiles 1 unit {
  ^bb0(%g: index, %m0: index, %n0: index, %k0: index, %k1: index):
    %z = ck.acc_zero : !acc
    ck.yield %z : !acc
  } epilogue {
  ^bb0(%g: index, %m0: index, %n0: index, %sum: !acc):
    ck.yield
  }
  return
}

// -----
// No K-tiles.
!acc = !ck.acc<32x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
func.func @f(%ws: memref<?xf32>, %sws: memref<100xf32>, %c: memref<1x32x64xf16>) {
  // expected-error @+1 {{'ck.partition' op attribute 'k_tiles' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive}}
  ck.partition #ck.partition<data_parallel> tiles [1, 1, 1] k_tiles 0 unit {
  ^bb0(%g: index, %m0: index, %n0: index, %k0: index, %k1: index):
    %z = ck.acc_zero : !acc
    ck.yield %z : !acc
  } epilogue {
  ^bb0(%g: index, %m0: index, %n0: index, %sum: !acc):
    ck.yield
  }
  return
}

// -----
// A unit without its K range.
!acc = !ck.acc<32x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
func.func @f(%ws: memref<?xf32>, %sws: memref<100xf32>, %c: memref<1x32x64xf16>) {
  // expected-error @+1 {{'ck.partition' op unit takes (g, m0, n0, k0, k1) as indices}}
  ck.partition #ck.partition<data_parallel> tiles [1, 1, 1] k_tiles 1 unit {
  ^bb0(%g: index, %m0: index, %n0: index):
    %z = ck.acc_zero : !acc
    ck.yield %z : !acc
  } epilogue {
  ^bb0(%g: index, %m0: index, %n0: index, %sum: !acc):
    ck.yield
  }
  return
}

// -----
// A unit that yields nothing.
!acc = !ck.acc<32x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
func.func @f(%ws: memref<?xf32>, %sws: memref<100xf32>, %c: memref<1x32x64xf16>) {
  // expected-error @+1 {{'ck.partition' op unit yields one accumulator tile}}
  ck.partition #ck.partition<data_parallel> tiles [1, 1, 1] k_tiles 1 unit {
  ^bb0(%g: index, %m0: index, %n0: index, %k0: index, %k1: index):
    ck.yield
  } epilogue {
  ^bb0(%g: index, %m0: index, %n0: index, %sum: !acc):
    ck.yield
  }
  return
}

// -----
// An epilogue on another accumulator.
!acc = !ck.acc<32x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
func.func @f(%ws: memref<?xf32>, %sws: memref<100xf32>, %c: memref<1x32x64xf16>) {
  // expected-error @+1 {{'ck.partition' op epilogue takes (g, m0, n0) as indices and the unit's '!ck.acc<32x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>'}}
  ck.partition #ck.partition<data_parallel> tiles [1, 1, 1] k_tiles 1 unit {
  ^bb0(%g: index, %m0: index, %n0: index, %k0: index, %k1: index):
    %z = ck.acc_zero : !acc
    ck.yield %z : !acc
  } epilogue {
  ^bb0(%g: index, %m0: index, %n0: index, %sum: !ck.acc<32x64xf32, #ck.mfma<16x16x16, f16>, waves = [1, 2]>):
    ck.yield
  }
  return
}

// -----
// An epilogue that yields.
!acc = !ck.acc<32x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
func.func @f(%ws: memref<?xf32>, %sws: memref<100xf32>, %c: memref<1x32x64xf16>) {
  // expected-error @+1 {{'ck.partition' op epilogue yields nothing}}
  ck.partition #ck.partition<data_parallel> tiles [1, 1, 1] k_tiles 1 unit {
  ^bb0(%g: index, %m0: index, %n0: index, %k0: index, %k1: index):
    %z = ck.acc_zero : !acc
    ck.yield %z : !acc
  } epilogue {
  ^bb0(%g: index, %m0: index, %n0: index, %sum: !acc):
    ck.yield %sum : !acc
  }
  return
}

// -----
// Split-K without a workspace.
!acc = !ck.acc<32x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
func.func @f(%ws: memref<?xf32>, %sws: memref<100xf32>, %c: memref<1x32x64xf16>) {
  // expected-error @+1 {{'ck.partition' op #ck.partition<split_k, k_batch = 2> needs a workspace for its partial tiles}}
  ck.partition #ck.partition<split_k, k_batch = 2> tiles [1, 1, 1] k_tiles 2 unit {
  ^bb0(%g: index, %m0: index, %n0: index, %k0: index, %k1: index):
    %z = ck.acc_zero : !acc
    ck.yield %z : !acc
  } epilogue {
  ^bb0(%g: index, %m0: index, %n0: index, %sum: !acc):
    ck.yield
  }
  return
}

// -----
// Data-parallel with one.
!acc = !ck.acc<32x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
func.func @f(%ws: memref<?xf32>, %sws: memref<100xf32>, %c: memref<1x32x64xf16>) {
  // expected-error @+1 {{'ck.partition' op #ck.partition<data_parallel> takes no workspace}}
  ck.partition #ck.partition<data_parallel> tiles [1, 1, 1] k_tiles 2 workspace(%ws : memref<?xf32>) unit {
  ^bb0(%g: index, %m0: index, %n0: index, %k0: index, %k1: index):
    %z = ck.acc_zero : !acc
    ck.yield %z : !acc
  } epilogue {
  ^bb0(%g: index, %m0: index, %n0: index, %sum: !acc):
    ck.yield
  }
  return
}

// -----
// 2 splits x 1 tile of 32 x 64 floats do not fit in 100.
!acc = !ck.acc<32x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
func.func @f(%ws: memref<?xf32>, %sws: memref<100xf32>, %c: memref<1x32x64xf16>) {
  // expected-error @+1 {{'ck.partition' op workspace of 100 floats cannot hold a partial tile per K range of every tile (4096 floats)}}
  ck.partition #ck.partition<split_k, k_batch = 2> tiles [1, 1, 1] k_tiles 2 workspace(%sws : memref<100xf32>) unit {
  ^bb0(%g: index, %m0: index, %n0: index, %k0: index, %k1: index):
    %z = ck.acc_zero : !acc
    ck.yield %z : !acc
  } epilogue {
  ^bb0(%g: index, %m0: index, %n0: index, %sum: !acc):
    ck.yield
  }
  return
}

// -----
// Partial tiles of f16.
!acc = !ck.acc<32x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
func.func @f16_workspace(%acc: !acc, %ws: memref<4096xf16>, %s: index) {
  // expected-error @+1 {{'ck.partial_store' op operand #1 must be 1-D f32 memref (a workspace, or LDS)}}
  ck.partial_store %acc -> %ws[%s] : !acc, memref<4096xf16>
  return
}

// -----
// In LDS (split-K's reduce = cluster), the slot must fit too.
!acc = !ck.acc<32x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
func.func @lds_slot_outside(%acc: !acc, %ws: memref<1024xf32, #gpu.address_space<workgroup>>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'ck.partial_store' op workspace of 1024 floats cannot hold the slot (up to 2048 floats)}}
  ck.partial_store %acc -> %ws[%c0] : !acc, memref<1024xf32, #gpu.address_space<workgroup>>
  return
}

// -----
// A slot of 32 x 64 floats in 100.
!acc = !ck.acc<32x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
func.func @small_store(%acc: !acc, %ws: memref<100xf32>, %s: index) {
  // expected-error @+1 {{'ck.partial_store' op workspace of 100 floats cannot hold the slot (up to 2048 floats)}}
  ck.partial_store %acc -> %ws[%s] : !acc, memref<100xf32>
  return
}

// -----
!acc = !ck.acc<32x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
func.func @small_accumulate(%acc: !acc, %ws: memref<100xf32>, %s: index) -> !acc {
  // expected-error @+1 {{'ck.partial_accumulate' op workspace of 100 floats cannot hold the slot (up to 2048 floats)}}
  %r = ck.partial_accumulate %acc, %ws[%s] : !acc, memref<100xf32>
  return %r : !acc
}

// -----
// A constant offset counts: the second slot of 2048 floats overhangs 3000.
!acc = !ck.acc<32x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
func.func @store_past_end(%acc: !acc, %ws: memref<3000xf32>) {
  %c2048 = arith.constant 2048 : index
  // expected-error @+1 {{'ck.partial_store' op workspace of 3000 floats cannot hold the slot (up to 4096 floats)}}
  ck.partial_store %acc -> %ws[%c2048] : !acc, memref<3000xf32>
  return
}

// -----
// A negative offset.
!acc = !ck.acc<32x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
func.func @negative_offset(%acc: !acc, %ws: memref<?xf32>) -> !acc {
  %c = arith.constant -4 : index
  // expected-error @+1 {{'ck.partial_accumulate' op offset -4 is negative}}
  %r = ck.partial_accumulate %acc, %ws[%c] : !acc, memref<?xf32>
  return %r : !acc
}

// -----
// A flag past the workspace's end.
func.func @flag_past_end(%ws: memref<64xf32>) {
  %c64 = arith.constant 64 : index
  // expected-error @+1 {{'ck.flag_signal' op workspace of 64 floats cannot hold the flag (up to 65 floats)}}
  ck.flag_signal %ws[%c64] : memref<64xf32>
  return
}

// -----
func.func @flag_negative(%ws: memref<?xf32>) {
  %c = arith.constant -1 : index
  // expected-error @+1 {{'ck.flag_wait' op offset -1 is negative}}
  ck.flag_wait %ws[%c] : memref<?xf32>
  return
}

// -----
// A flag op of some of the workgroup's threads names how many.
func.func @flag_no_threads(%ws: memref<?xf32>, %o: index) {
  // expected-error @+1 {{'ck.flag_signal' op attribute 'threads' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive}}
  ck.flag_signal %ws[%o] threads 0 : memref<?xf32>
  return
}

// -----
// Only StreamK chooses whether its units share a ring.
// expected-error @+1 {{ring = shared is StreamK's; it cannot be given for data_parallel (persistent data-parallel units always share their ring)}}
func.func @ring_data_parallel() attributes {p = #ck.partition<data_parallel, dp = persistent, ring = shared>} {
  return
}

// -----
// expected-error @+1 {{unknown ring 'units'; expected shared or per_unit}}
func.func @bad_ring() attributes {p = #ck.partition<stream_k, ring = units>} {
  return
}

// -----
// Flags live in global memory.
func.func @flag_in_lds(%ws: memref<64xf32, #gpu.address_space<workgroup>>, %o: index) {
  // expected-error @+1 {{'ck.flag_wait' op operand #0 must be 1-D f32 memref in global memory}}
  ck.flag_wait %ws[%o] : memref<64xf32, #gpu.address_space<workgroup>>
  return
}

// -----
// StreamK's keys on a split-K partition.
// expected-error @+1 {{unknown reduce 'linear'; expected kernel, workgroups or cluster}}
func.func @split_k_tree() attributes {p = #ck.partition<split_k, k_batch = auto, reduce = linear>} {
  return
}

// -----
// expected-error @+1 {{tail is StreamK's; it cannot be given for split_k}}
func.func @split_k_tail() attributes {p = #ck.partition<split_k, k_batch = 4, tail = 1>} {
  return
}

// -----
// expected-error @+1 {{tail is StreamK's; it cannot be given for data_parallel}}
func.func @dp_tail() attributes {p = #ck.partition<data_parallel, tail = all>} {
  return
}

// -----
// expected-error @+1 {{reduce = linear is StreamK's; it cannot be given for data_parallel}}
func.func @dp_linear() attributes {p = #ck.partition<data_parallel, reduce = linear>} {
  return
}

// -----
// Split-K's keys on other partitions.
// expected-error @+1 {{reduce = workgroups is split-K's; it cannot be given for data_parallel}}
func.func @dp_workgroups() attributes {p = #ck.partition<data_parallel, reduce = workgroups>} {
  return
}

// -----
// expected-error @+1 {{unknown reduce 'workgroups'; expected linear or tree}}
func.func @stream_k_workgroups() attributes {p = #ck.partition<stream_k, reduce = workgroups>} {
  return
}

// -----
// A tile's workgroups are one cluster: a fixed k_batch of at most 8.
// expected-error @+1 {{split-K's reduce = cluster takes a tile's k_batch workgroups into one cluster: k_batch must be fixed and at most 8, got auto}}
func.func @split_k_auto_cluster() attributes {p = #ck.partition<split_k, k_batch = auto, reduce = cluster>} {
  return
}

// -----
// expected-error @+1 {{split-K's reduce = cluster takes a tile's k_batch workgroups into one cluster: k_batch must be fixed and at most 8, got 9}}
func.func @split_k_nine_cluster() attributes {p = #ck.partition<split_k, k_batch = 9, reduce = cluster>} {
  return
}

// -----
// expected-error @+1 {{reduce = cluster is split-K's; it cannot be given for data_parallel}}
func.func @dp_cluster() attributes {p = #ck.partition<data_parallel, reduce = cluster>} {
  return
}

// -----
// The workgroups wait for each other: ckrt's k_batch might not fit at once.
// expected-error @+1 {{split-K's reduce = workgroups needs a fixed k_batch: its grid must be resident at once, which ckrt's k_batch = auto does not keep to}}
func.func @split_k_auto_workgroups() attributes {p = #ck.partition<split_k, k_batch = auto, reduce = workgroups>} {
  return
}

// -----
// min_iters bounds what ckrt chooses; a fixed k_batch leaves it nothing.
// expected-error @+1 {{min_iters is StreamK's and split-K's with k_batch = auto; it cannot be given for split_k with a fixed k_batch}}
func.func @split_k_min_iters() attributes {p = #ck.partition<split_k, k_batch = 4, min_iters = 2>} {
  return
}

// -----
// expected-error @+1 {{min_iters is StreamK's and split-K's with k_batch = auto; it cannot be given for data_parallel}}
func.func @dp_min_iters() attributes {p = #ck.partition<data_parallel, min_iters = 2>} {
  return
}

// -----
// expected-error @+1 {{min_iters must be in [1, 2147483647], got 0}}
func.func @split_k_auto_min_iters_zero() attributes {p = #ck.partition<split_k, k_batch = auto, min_iters = 0>} {
  return
}

// -----
// A StreamK k_batch.
// expected-error @+1 {{only split-K takes a k_batch; got k_batch = 4 for stream_k}}
func.func @stream_k_batch() attributes {p = #ck.partition<stream_k, k_batch = 4>} {
  return
}

// -----
// tail 0 is spelled `all`.
// expected-error @+1 {{tail must be all or at least 1, got 0}}
func.func @tail_zero() attributes {p = #ck.partition<stream_k, tail = 0>} {
  return
}

// -----
// expected-error @+1 {{tail must be all or in [1, 2147483647], got -1}}
func.func @tail_negative() attributes {p = #ck.partition<stream_k, tail = -1>} {
  return
}

// -----
// expected-error @+1 {{min_iters must be in [1, 2147483647], got 0}}
func.func @min_iters_zero() attributes {p = #ck.partition<stream_k, min_iters = 0>} {
  return
}

// -----
// expected-error @+1 {{unknown partition 'streamk'; expected data_parallel, split_k or stream_k}}
func.func @bad_kind() attributes {p = #ck.partition<streamk>} {
  return
}

// -----
// expected-error @+1 {{unknown reduce 'pairwise'; expected linear or tree}}
func.func @bad_reduce() attributes {p = #ck.partition<stream_k, reduce = pairwise>} {
  return
}

// -----
// expected-error @+1 {{unknown dp 'tiles'; expected persistent or per_tile}}
func.func @bad_dp() attributes {p = #ck.partition<stream_k, dp = tiles>} {
  return
}

// -----
// expected-error @+1 {{partition key 'tail' is given twice}}
func.func @twice() attributes {p = #ck.partition<stream_k, tail = 1, tail = 2>} {
  return
}

// -----
// expected-error @+1 {{unknown partition key 'k'; expected k_batch, reduce, dp, tail, min_iters or ring}}
func.func @bad_key() attributes {p = #ck.partition<stream_k, k = 2>} {
  return
}

// -----
// StreamK needs its five launch-time numbers.
!acc = !ck.acc<32x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
func.func @stream_k_no_schedule(%ws: memref<?xf32>, %k: i32) {
  // expected-error @+1 {{'ck.partition' op #ck.partition<stream_k> takes 5 schedule values, got 1}}
  ck.partition #ck.partition<stream_k> tiles [1, 2, 2] k_tiles 9 schedule(%k) workspace(%ws : memref<?xf32>) unit {
  ^bb0(%g: index, %m0: index, %n0: index, %k0: index, %k1: index):
    %z = ck.acc_zero : !acc
    ck.yield %z : !acc
  } epilogue {
  ^bb0(%g: index, %m0: index, %n0: index, %sum: !acc):
    ck.yield
  }
  return
}

// -----
// Data-parallel takes no schedule values.
!acc = !ck.acc<32x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
func.func @dp_schedule(%k: i32) {
  // expected-error @+1 {{'ck.partition' op #ck.partition<data_parallel> takes 0 schedule values, got 1}}
  ck.partition #ck.partition<data_parallel> tiles [1, 2, 2] k_tiles 9 schedule(%k) unit {
  ^bb0(%g: index, %m0: index, %n0: index, %k0: index, %k1: index):
    %z = ck.acc_zero : !acc
    ck.yield %z : !acc
  } epilogue {
  ^bb0(%g: index, %m0: index, %n0: index, %sum: !acc):
    ck.yield
  }
  return
}

// -----
// StreamK without a workspace.
!acc = !ck.acc<32x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
func.func @stream_k_no_workspace(%k: i32) {
  // expected-error @+1 {{'ck.partition' op #ck.partition<stream_k> needs a workspace for its partial tiles}}
  ck.partition #ck.partition<stream_k> tiles [1, 2, 2] k_tiles 9 schedule(%k, %k, %k, %k, %k) unit {
  ^bb0(%g: index, %m0: index, %n0: index, %k0: index, %k1: index):
    %z = ck.acc_zero : !acc
    ck.yield %z : !acc
  } epilogue {
  ^bb0(%g: index, %m0: index, %n0: index, %sum: !acc):
    ck.yield
  }
  return
}

// -----
// More K-tiles than StreamK's i32 counts: 2^16 x 2^16 tiles of 2 K-tiles.
!acc = !ck.acc<32x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
func.func @stream_k_too_long(%ws: memref<?xf32>, %k: i32) {
  // expected-error @+1 {{'ck.partition' op has more K-tiles in all than StreamK's i32 schedule counts (4294967296 tiles x 2)}}
  ck.partition #ck.partition<stream_k> tiles [1, 65536, 65536] k_tiles 2 schedule(%k, %k, %k, %k, %k) workspace(%ws : memref<?xf32>) unit {
  ^bb0(%g: index, %m0: index, %n0: index, %k0: index, %k1: index):
    %z = ck.acc_zero : !acc
    ck.yield %z : !acc
  } epilogue {
  ^bb0(%g: index, %m0: index, %n0: index, %sum: !acc):
    ck.yield
  }
  return
}

// -----
// split_k auto takes ckrt's k_batch.
!acc = !ck.acc<32x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
func.func @split_k_auto_no_schedule(%ws: memref<36864xf32>) {
  // expected-error @+1 {{'ck.partition' op #ck.partition<split_k, k_batch = auto> takes 1 schedule values, got 0}}
  ck.partition #ck.partition<split_k, k_batch = auto> tiles [1, 2, 2] k_tiles 9 workspace(%ws : memref<36864xf32>) unit {
  ^bb0(%g: index, %m0: index, %n0: index, %k0: index, %k1: index):
    %z = ck.acc_zero : !acc
    ck.yield %z : !acc
  } epilogue {
  ^bb0(%g: index, %m0: index, %n0: index, %sum: !acc):
    ck.yield
  }
  return
}

// -----
// split_k auto's workspace holds a range per K-tile of every tile: 9 x 4
// tiles of 32 x 64 floats are 73728 floats.
!acc = !ck.acc<32x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
func.func @split_k_auto_small_workspace(%ws: memref<73727xf32>, %kb: i32) {
  // expected-error @+1 {{'ck.partition' op workspace of 73727 floats cannot hold a partial tile per K range of every tile (73728 floats)}}
  ck.partition #ck.partition<split_k, k_batch = auto> tiles [1, 2, 2] k_tiles 9 schedule(%kb) workspace(%ws : memref<73727xf32>) unit {
  ^bb0(%g: index, %m0: index, %n0: index, %k0: index, %k1: index):
    %z = ck.acc_zero : !acc
    ck.yield %z : !acc
  } epilogue {
  ^bb0(%g: index, %m0: index, %n0: index, %sum: !acc):
    ck.yield
  }
  return
}

// -----
// ck.schedule sizes StreamK and split_k auto only.
func.func @schedule_split_k() {
  // expected-error @+1 {{'ck.schedule' op schedules partitions sized at launch; #ck.partition<split_k, k_batch = 2> is sized at compile time}}
  %g, %f, %a:5 = ck.schedule #ck.partition<split_k, k_batch = 2> tiles 4 k_tiles 8 partial_bytes 1024 : i32, i32, i32, i32, i32
  return
}

// -----
func.func @schedule_arguments() {
  // expected-error @+1 {{'ck.schedule' op #ck.partition<stream_k> gives 5 kernel arguments, got 2 results for them}}
  %g, %f, %a:2 = ck.schedule #ck.partition<stream_k> tiles 4 k_tiles 8 partial_bytes 1024 : i32, i32
  return
}

// -----
// split_k auto's one argument is k_batch.
func.func @schedule_split_k_auto_arguments() {
  // expected-error @+1 {{'ck.schedule' op #ck.partition<split_k, k_batch = auto> gives 1 kernel arguments, got 5 results for them}}
  %g, %f, %a:5 = ck.schedule #ck.partition<split_k, k_batch = auto> tiles 4 k_tiles 8 partial_bytes 1024 : i32, i32, i32, i32, i32
  return
}

// -----
func.func @schedule_too_long() {
  // expected-error @+1 {{'ck.schedule' op has more K-tiles in all than StreamK's i32 schedule counts (65536 tiles x 65536)}}
  %g, %f, %a:5 = ck.schedule #ck.partition<stream_k> tiles 65536 k_tiles 65536 partial_bytes 1024 : i32, i32, i32, i32, i32
  return
}

// -----
func.func @schedule_no_bytes() {
  // expected-error @+1 {{'ck.schedule' op attribute 'partial_bytes' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive}}
  %g, %f, %a:5 = ck.schedule #ck.partition<stream_k> tiles 4 k_tiles 8 partial_bytes 0 : i32, i32, i32, i32, i32
  return
}

// -----
// ck.yield belongs to ck.partition or ck.roles.
func.func @stray_yield() {
  // expected-error @+1 {{'ck.yield' op expects parent op to be one of 'ck.partition, ck.roles'}}
  ck.yield
}

// -----
// A cluster along both dimensions.
!acc = !ck.acc<32x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
func.func @cluster_shape() {
  // expected-error @+1 {{'ck.partition' op cluster must be [2 or 4, 1] or [1, 2 or 4] (workgroups along M or N)}}
  ck.partition #ck.partition<data_parallel> tiles [1, 2, 2] k_tiles 1 cluster [2, 2] unit {
  ^bb0(%g: index, %m0: index, %n0: index, %k0: index, %k1: index):
    %z = ck.acc_zero : !acc
    ck.yield %z : !acc
  } epilogue {
  ^bb0(%g: index, %m0: index, %n0: index, %sum: !acc):
    ck.yield
  }
  return
}

// -----
// A cluster of two along M over three rows of tiles.
!acc = !ck.acc<32x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
func.func @cluster_divides() {
  // expected-error @+1 {{'ck.partition' op cluster [2, 1] does not divide the 3 x 4 tiles}}
  ck.partition #ck.partition<data_parallel> tiles [1, 3, 4] k_tiles 1 cluster [2, 1] unit {
  ^bb0(%g: index, %m0: index, %n0: index, %k0: index, %k1: index):
    %z = ck.acc_zero : !acc
    ck.yield %z : !acc
  } epilogue {
  ^bb0(%g: index, %m0: index, %n0: index, %sum: !acc):
    ck.yield
  }
  return
}

// -----
// StreamK's workgroups in clusters.
!acc = !ck.acc<32x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
func.func @cluster_stream_k(%ws: memref<?xf32>, %s0: i32, %s1: i32, %s2: i32, %s3: i32, %s4: i32) {
  // expected-error @+1 {{'ck.partition' op cannot cluster StreamK's workgroups, whose K ranges differ}}
  ck.partition #ck.partition<stream_k> tiles [1, 2, 2] k_tiles 4 cluster [1, 2] schedule(%s0, %s1, %s2, %s3, %s4) workspace(%ws : memref<?xf32>) unit {
  ^bb0(%g: index, %m0: index, %n0: index, %k0: index, %k1: index):
    %z = ck.acc_zero : !acc
    ck.yield %z : !acc
  } epilogue {
  ^bb0(%g: index, %m0: index, %n0: index, %sum: !acc):
    ck.yield
  }
  return
}

// -----
// Tiles mapped to clusters whose GEMM does not multicast.
!acc = !ck.acc<64x64xf32, #ck.wgmma<f16>, waves = [4, 1]>
#cfg = #ck.gemm_config<block = [64, 64, 64], wave = [16, 64], mma = #ck.wgmma<f16>, lds_buffers = 4, load_waves = 4, async_copy>
func.func @cluster_mismatch(%a: memref<1x128x64xf16>, %b: memref<1x64x64xf16>) {
  // expected-error @+1 {{'ck.partition' op clusters its tiles [2, 1], but its unit's ck.tile_gemm clusters [1, 1]}}
  ck.partition #ck.partition<data_parallel> tiles [1, 2, 1] k_tiles 1 cluster [2, 1] unit {
  ^bb0(%g: index, %m0: index, %n0: index, %k0: index, %k1: index):
    %acc = ck.tile_gemm %a, %b at [%g, %m0, %n0] k_tiles %k0 to %k1 config #cfg
        : memref<1x128x64xf16>, memref<1x64x64xf16> -> !acc
    ck.yield %acc : !acc
  } epilogue {
  ^bb0(%g: index, %m0: index, %n0: index, %sum: !acc):
    ck.yield
  }
  return
}

// -----
// A cluster of one workgroup is no cluster: leave `cluster` out.
!acc = !ck.acc<32x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
func.func @cluster_of_one() {
  // expected-error @+1 {{'ck.partition' op cluster must be [2 or 4, 1] or [1, 2 or 4] (workgroups along M or N)}}
  ck.partition #ck.partition<data_parallel> tiles [1, 2, 2] k_tiles 1 cluster [1, 1] unit {
  ^bb0(%g: index, %m0: index, %n0: index, %k0: index, %k1: index):
    %z = ck.acc_zero : !acc
    ck.yield %z : !acc
  } epilogue {
  ^bb0(%g: index, %m0: index, %n0: index, %sum: !acc):
    ck.yield
  }
  return
}

// -----
// dp is StreamK's and data-parallel's.
// expected-error @+1 {{dp is StreamK's and data-parallel's; it cannot be given for split_k}}
func.func @split_k_dp() attributes {p = #ck.partition<split_k, k_batch = 2, dp = persistent>} {
  return
}

// -----
// Persistent units follow each other without a barrier: their K loops
// hand tiles over on ring barriers.
!acc = !ck.acc<32x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
#cfg = #ck.gemm_config<block = [32, 64, 32], wave = [16, 32], mma = #ck.mfma<16x16x16, f16>, partition = #ck.partition<data_parallel, dp = persistent>>
func.func @persistent_without_ring(%a: memref<1x32x64xf16>, %b: memref<1x64x64xf16>) {
  // expected-error @+1 {{'ck.partition' op runs its units in turn without barriers, which needs each ck.tile_gemm's wave roles to hand K-tiles over on ring barriers}}
  ck.partition #ck.partition<data_parallel, dp = persistent> tiles [1, 1, 1] k_tiles 2 unit {
  ^bb0(%g: index, %m0: index, %n0: index, %k0: index, %k1: index):
    %acc = ck.tile_gemm %a, %b at [%g, %m0, %n0] k_tiles %k0 to %k1 config #cfg
        : memref<1x32x64xf16>, memref<1x64x64xf16> -> !acc
    ck.yield %acc : !acc
  } epilogue {
  ^bb0(%g: index, %m0: index, %n0: index, %sum: !acc):
    ck.yield
  }
  return
}

// -----
// ck-lower-partition numbers a persistent partition's ring steps.
!acc = !ck.acc<32x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
#cfg = #ck.gemm_config<block = [32, 64, 32], wave = [16, 32], mma = #ck.mfma<16x16x16, f16>, partition = #ck.partition<data_parallel, dp = persistent>, lds_buffers = 2, load_waves = 4>
!bars = memref<4xi64, #gpu.address_space<workgroup>>
func.func @persistent_ring_steps(%a: memref<1x32x64xf16>, %b: memref<1x64x64xf16>, %bars: !bars, %i: index) {
  // expected-error @+1 {{'ck.partition' op numbers its units' ring steps itself; a ck.tile_gemm in its unit has ring_steps}}
  ck.partition #ck.partition<data_parallel, dp = persistent> tiles [1, 1, 1] k_tiles 2 unit {
  ^bb0(%g: index, %m0: index, %n0: index, %k0: index, %k1: index):
    %acc = ck.tile_gemm %a, %b at [%g, %m0, %n0] k_tiles %k0 to %k1 config #cfg
        barriers %bars (!bars) ring_steps %i of %i
        : memref<1x32x64xf16>, memref<1x64x64xf16> -> !acc
    ck.yield %acc : !acc
  } epilogue {
  ^bb0(%g: index, %m0: index, %n0: index, %sum: !acc):
    ck.yield
  }
  return
}

// -----
// The math waves of a persistent partition write each tile from their own
// staging tile while the load waves fill the ring.
!acc = !ck.acc<32x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
#cfg = #ck.gemm_config<block = [32, 64, 32], wave = [16, 32], mma = #ck.mfma<16x16x16, f16>, partition = #ck.partition<data_parallel, dp = persistent>, lds_buffers = 2, load_waves = 4>
!bars = memref<4xi64, #gpu.address_space<workgroup>>
!stage = memref<32x72xf16, #gpu.address_space<workgroup>>
func.func @persistent_shared_staging(%a: memref<1x32x64xf16>, %b: memref<1x64x64xf16>, %c: memref<1x32x64xf16>, %bars: !bars, %stage: !stage) {
  // expected-error @+1 {{'ck.partition' op runs its units in turn without barriers, which needs a staged ck.tile_store in its epilogue to be holders_only}}
  ck.partition #ck.partition<data_parallel, dp = persistent> tiles [1, 1, 1] k_tiles 2 unit {
  ^bb0(%g: index, %m0: index, %n0: index, %k0: index, %k1: index):
    %acc = ck.tile_gemm %a, %b at [%g, %m0, %n0] k_tiles %k0 to %k1 config #cfg
        barriers %bars (!bars)
        : memref<1x32x64xf16>, memref<1x64x64xf16> -> !acc
    ck.yield %acc : !acc
  } epilogue {
  ^bb0(%g: index, %m0: index, %n0: index, %sum: !acc):
    ck.tile_store %sum -> %c[%g, %m0, %n0] staged %stage width 8 : !acc, memref<1x32x64xf16>, !stage
    ck.yield
  }
  return
}

// -----
// StreamK units that share a ring (`ring = shared`), as persistent ones do:
// their math waves write each tile from their own staging tile.
!acc = !ck.acc<32x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
#cfg = #ck.gemm_config<block = [32, 64, 32], wave = [16, 32], mma = #ck.mfma<16x16x16, f16>, partition = #ck.partition<stream_k, ring = shared>, lds_buffers = 2, load_waves = 4>
!bars = memref<4xi64, #gpu.address_space<workgroup>>
!stage = memref<32x72xf16, #gpu.address_space<workgroup>>
func.func @stream_k_shared_staging(%a: memref<1x32x64xf16>, %b: memref<1x64x64xf16>, %c: memref<1x32x64xf16>, %bars: !bars, %stage: !stage, %ws: memref<4224xf32>, %s: i32) {
  // expected-error @+1 {{'ck.partition' op runs its units in turn without barriers, which needs a staged ck.tile_store in its epilogue to be holders_only}}
  ck.partition #ck.partition<stream_k, ring = shared> tiles [1, 1, 1] k_tiles 2 schedule(%s, %s, %s, %s, %s)
      workspace(%ws : memref<4224xf32>) unit {
  ^bb0(%g: index, %m0: index, %n0: index, %k0: index, %k1: index):
    %acc = ck.tile_gemm %a, %b at [%g, %m0, %n0] k_tiles %k0 to %k1 config #cfg
        barriers %bars (!bars)
        : memref<1x32x64xf16>, memref<1x64x64xf16> -> !acc
    ck.yield %acc : !acc
  } epilogue {
  ^bb0(%g: index, %m0: index, %n0: index, %sum: !acc):
    ck.tile_store %sum -> %c[%g, %m0, %n0] staged %stage width 8 : !acc, memref<1x32x64xf16>, !stage
    ck.yield
  }
  return
}

// -----
// ... and hand K-tiles over on ring barriers.
!acc = !ck.acc<32x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
#cfg = #ck.gemm_config<block = [32, 64, 32], wave = [16, 32], mma = #ck.mfma<16x16x16, f16>, partition = #ck.partition<stream_k, ring = shared>, lds_buffers = 2, load_waves = 4>
!bars = memref<4xi64, #gpu.address_space<workgroup>>
func.func @stream_k_one_ring(%a: memref<1x32x64xf16>, %b: memref<1x64x64xf16>, %bars: !bars, %ws: memref<4224xf32>, %s: i32) {
  // expected-error @+1 {{'ck.partition' op runs its units in turn without barriers, which needs each ck.tile_gemm's wave roles to hand K-tiles over on ring barriers}}
  ck.partition #ck.partition<stream_k, ring = shared> tiles [1, 1, 1] k_tiles 2 schedule(%s, %s, %s, %s, %s)
      workspace(%ws : memref<4224xf32>) unit {
  ^bb0(%g: index, %m0: index, %n0: index, %k0: index, %k1: index):
    %acc = ck.tile_gemm %a, %b at [%g, %m0, %n0] k_tiles %k0 to %k1 config #cfg
        barriers %bars (!bars)
        : memref<1x32x64xf16>, memref<1x64x64xf16> -> !acc
    %more = ck.tile_gemm %a, %b at [%g, %m0, %n0] k_tiles %k0 to %k1 config #cfg
        : memref<1x32x64xf16>, memref<1x64x64xf16> -> !acc
    ck.yield %more : !acc
  } epilogue {
  ^bb0(%g: index, %m0: index, %n0: index, %sum: !acc):
    ck.yield
  }
  return
}

// -----
// ck-lower-partition numbers the ring steps of StreamK units that share one.
!acc = !ck.acc<32x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
#cfg = #ck.gemm_config<block = [32, 64, 32], wave = [16, 32], mma = #ck.mfma<16x16x16, f16>, partition = #ck.partition<stream_k, ring = shared>, lds_buffers = 2, load_waves = 4>
!bars = memref<4xi64, #gpu.address_space<workgroup>>
func.func @stream_k_ring_steps(%a: memref<1x32x64xf16>, %b: memref<1x64x64xf16>, %bars: !bars, %ws: memref<4224xf32>, %s: i32, %i: index) {
  // expected-error @+1 {{'ck.partition' op numbers its units' ring steps itself; a ck.tile_gemm in its unit has ring_steps}}
  ck.partition #ck.partition<stream_k, ring = shared> tiles [1, 1, 1] k_tiles 2 schedule(%s, %s, %s, %s, %s)
      workspace(%ws : memref<4224xf32>) unit {
  ^bb0(%g: index, %m0: index, %n0: index, %k0: index, %k1: index):
    %acc = ck.tile_gemm %a, %b at [%g, %m0, %n0] k_tiles %k0 to %k1 config #cfg
        barriers %bars (!bars) ring_steps %i of %i
        : memref<1x32x64xf16>, memref<1x64x64xf16> -> !acc
    ck.yield %acc : !acc
  } epilogue {
  ^bb0(%g: index, %m0: index, %n0: index, %sum: !acc):
    ck.yield
  }
  return
}

// -----
func.func @no_workgroups_per_compute_unit() -> index {
  // expected-error @+1 {{attribute 'per_unit' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive}}
  %g = ck.grid_per_compute_unit 0
  return %g : index
}

// -----
// Split-K's workgroups that add up their partials meet at a counter per
// tile after the partial tiles: 2 x 2048 floats and a 64-float line.
!acc = !ck.acc<32x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
func.func @split_k_workgroups_no_counter(%ws: memref<4096xf32>) {
  // expected-error @+1 {{'ck.partition' op workspace of 4096 floats cannot hold a partial tile per K range of every tile and a counter per tile (4160 floats)}}
  ck.partition #ck.partition<split_k, k_batch = 2, reduce = workgroups> tiles [1, 1, 1] k_tiles 2 workspace(%ws : memref<4096xf32>) unit {
  ^bb0(%g: index, %m0: index, %n0: index, %k0: index, %k1: index):
    %z = ck.acc_zero : !acc
    ck.yield %z : !acc
  } epilogue {
  ^bb0(%g: index, %m0: index, %n0: index, %sum: !acc):
    ck.yield
  }
  return
}

// -----
// Their launch is cooperative, not in clusters.
!acc = !ck.acc<32x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
func.func @cluster_split_k_workgroups(%ws: memref<?xf32>) {
  // expected-error @+1 {{'ck.partition' op cannot cluster split-K's workgroups that add up their partial tiles (a cooperative launch)}}
  ck.partition #ck.partition<split_k, k_batch = 2, reduce = workgroups> tiles [1, 2, 2] k_tiles 4 cluster [1, 2] workspace(%ws : memref<?xf32>) unit {
  ^bb0(%g: index, %m0: index, %n0: index, %k0: index, %k1: index):
    %z = ck.acc_zero : !acc
    ck.yield %z : !acc
  } epilogue {
  ^bb0(%g: index, %m0: index, %n0: index, %sum: !acc):
    ck.yield
  }
  return
}

// -----
// With reduce = cluster the tile's splits are the cluster: none along M or N.
!acc = !ck.acc<32x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
func.func @cluster_split_k_cluster() {
  // expected-error @+1 {{'ck.partition' op cannot cluster split-K's workgroups along M or N: reduce = cluster makes each tile's k_batch workgroups the cluster}}
  ck.partition #ck.partition<split_k, k_batch = 2, reduce = cluster> tiles [1, 2, 2] k_tiles 4 cluster [1, 2] unit {
  ^bb0(%g: index, %m0: index, %n0: index, %k0: index, %k1: index):
    %z = ck.acc_zero : !acc
    ck.yield %z : !acc
  } epilogue {
  ^bb0(%g: index, %m0: index, %n0: index, %sum: !acc):
    ck.yield
  }
  return
}

// -----
// Its partial tiles stay in LDS: no workspace.
!acc = !ck.acc<32x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
func.func @cluster_split_k_workspace(%ws: memref<?xf32>) {
  // expected-error @+1 {{'ck.partition' op #ck.partition<split_k, k_batch = 2, reduce = cluster> takes no workspace}}
  ck.partition #ck.partition<split_k, k_batch = 2, reduce = cluster> tiles [1, 2, 2] k_tiles 4 workspace(%ws : memref<?xf32>) unit {
  ^bb0(%g: index, %m0: index, %n0: index, %k0: index, %k1: index):
    %z = ck.acc_zero : !acc
    ck.yield %z : !acc
  } epilogue {
  ^bb0(%g: index, %m0: index, %n0: index, %sum: !acc):
    ck.yield
  }
  return
}

// -----
func.func @cluster_load_global(%ws: memref<64xf32>, %o: index, %r: index) {
  // expected-error @+1 {{'ck.cluster_load' op reads another workgroup's LDS; 'memref<64xf32>' is not in workgroup memory}}
  %v = ck.cluster_load %ws[%o] rank %r : memref<64xf32> -> vector<4xf32>
  return
}

// -----
func.func @cluster_load_unaligned(%ws: memref<64xf32, #gpu.address_space<workgroup>>, %r: index) {
  %c6 = arith.constant 6 : index
  // expected-error @+1 {{'ck.cluster_load' op offset 6 is not a multiple of 4 floats}}
  %v = ck.cluster_load %ws[%c6] rank %r : memref<64xf32, #gpu.address_space<workgroup>> -> vector<4xf32>
  return
}

// -----
func.func @cluster_load_outside(%ws: memref<64xf32, #gpu.address_space<workgroup>>, %r: index) {
  %c64 = arith.constant 64 : index
  // expected-error @+1 {{'ck.cluster_load' op workspace of 64 floats cannot hold the vector (up to 68 floats)}}
  %v = ck.cluster_load %ws[%c64] rank %r : memref<64xf32, #gpu.address_space<workgroup>> -> vector<4xf32>
  return
}

// -----
func.func @rendezvous_of_none(%ws: memref<?xf32>, %o: index) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'ck.flag_rendezvous' op count 0 is not a number of workgroups}}
  ck.flag_rendezvous %ws[%o], %c0 : memref<?xf32>
  return
}

// -----
func.func @rendezvous_outside(%ws: memref<64xf32>, %n: index) {
  %c64 = arith.constant 64 : index
  // expected-error @+1 {{'ck.flag_rendezvous' op workspace of 64 floats cannot hold the counter (up to 65 floats)}}
  ck.flag_rendezvous %ws[%c64], %n : memref<64xf32>
  return
}
