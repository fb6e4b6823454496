// RUN: ck-opt %s -split-input-file -verify-diagnostics

// One section per verifier rule of #ck.partition (CKAttrs.cpp) and of the
// partition ops (CKPartitionOps.cpp).

// A data-parallel partition splits nothing.
// expected-error @+1 {{a data-parallel partition has k_batch 1, got 2}}
func.func @dp_batch() attributes {p = #ck.partition<data_parallel, k_batch = 2>} {
  return
}

// -----
// One split is no split.
// expected-error @+1 {{split-K's k_batch must be in [2, 65535] (one workgroup per K range along the grid's z), got 1}}
func.func @one_split() attributes {p = #ck.partition<split_k>} {
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
// Partial tiles in LDS.
!acc = !ck.acc<32x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
func.func @lds_workspace(%acc: !acc, %ws: memref<4096xf32, #gpu.address_space<workgroup>>, %s: index) {
  // expected-error @+1 {{'ck.partial_store' op operand #1 must be 1-D f32 memref in global memory}}
  ck.partial_store %acc -> %ws slot %s : !acc, memref<4096xf32, #gpu.address_space<workgroup>>
  return
}

// -----
// A slot of 32 x 64 floats in 100.
!acc = !ck.acc<32x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
func.func @small_store(%acc: !acc, %ws: memref<100xf32>, %s: index) {
  // expected-error @+1 {{'ck.partial_store' op workspace of 100 floats cannot hold one slot (2048 floats)}}
  ck.partial_store %acc -> %ws slot %s : !acc, memref<100xf32>
  return
}

// -----
!acc = !ck.acc<32x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
func.func @small_accumulate(%acc: !acc, %ws: memref<100xf32>, %s: index) -> !acc {
  // expected-error @+1 {{'ck.partial_accumulate' op workspace of 100 floats cannot hold one slot (2048 floats)}}
  %r = ck.partial_accumulate %acc, %ws slot %s : !acc, memref<100xf32>
  return %r : !acc
}

// -----
// ck.yield belongs to ck.partition.
func.func @stray_yield() {
  // expected-error @+1 {{'ck.yield' op expects parent op 'ck.partition'}}
  ck.yield
}
