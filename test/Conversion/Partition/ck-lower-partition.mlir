// RUN: ck-opt %s -split-input-file -ck-lower-partition -cse -verify-diagnostics | FileCheck %s

// ck-lower-partition (LowerPartition.cpp) replaces each ck.partition with
// the code that finds the workgroup's tile and K-tiles. Here G = 2, 48 x 40
// tiled 32 x 64: tiles [2, 2, 1], so block x = tm * 1 + tn: m0 = (x / 1) *
// 32, n0 = (x % 1) * 64; block y is g; the tile's index is g * 2 + x.
//
// @dp is data-parallel over 2 K-tiles: the unit runs [0, 2), the epilogue
// writes its sum.
// @sk is split-K with k_batch 2 over 3 K-tiles: ceil(3 / 2) = 2 per split,
// split z runs [2z, min(2z + 2, 3)) and stores its partial tile to slot
// z * 4 + tile (4 tiles), 32 * 64 = 2048 floats each. The pass adds
// @sk_reduce, an elementwise kernel with @sk's arguments launched after it
// without #ck.launch facts, on 4 x 2048 / 4 / 256 = 8 workgroups of 256
// threads: thread i adds 4-float vector i of slot 0 and of slot 1 (8192
// floats on), in that order, and writes the sums to C. Vector i is in tile
// i / 512 (g = tile / 2, m0 = (tile % 2) * 32, n0 = 0); with one vector
// per MFMA tile of a lane (E = 4), vector v = i % 512 is MFMA tile v / 256
// (of 1 x 2 per wave) of holder thread v % 256: wave w = thread / 64 at
// rows (w / 2) * 16, cols (w % 2) * 32; lane l's floats k at rows 4 * (l /
// 16) + k, col l % 16. C is f16: each float alone, where inside 48 x 40.
!acc = !ck.acc<32x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
#cfg = #ck.gemm_config<block = [32, 64, 32], wave = [16, 32], mma = #ck.mfma<16x16x16, f16>>

// CHECK-LABEL: func.func @host
// CHECK-SAME: (%[[A:[^:]*]]: memref<2x48x64xf16>, %[[B:[^:]*]]: memref<2x64x40xf16>, %[[C:[^:]*]]: memref<2x48x40xf16>, %[[WS:[^:]*]]: memref<16384xf32>)
// CHECK: gpu.launch_func @kernels::@dp
// CHECK: gpu.launch_func @kernels::@sk blocks in (%[[X:.*]], %[[Y:.*]], %[[Z:.*]]) threads in (%[[T:.*]], %[[ONE:.*]], %{{.*}}) args(%[[A]] : memref<2x48x64xf16>, %[[B]] : memref<2x64x40xf16>, %[[C]] : memref<2x48x40xf16>, %[[WS]] : memref<16384xf32>) {ck.launch = #ck.launch<compute = f16, partition = <split_k, k_batch = 2>>}
// CHECK-NEXT: %[[C8:.*]] = arith.constant 8 : index
// CHECK-NEXT: gpu.launch_func @kernels::@sk_reduce blocks in (%[[C8]], %[[ONE]], %[[ONE]]) threads in (%[[T]], %[[ONE]], %[[ONE]]) args(%[[A]] : memref<2x48x64xf16>, %[[B]] : memref<2x64x40xf16>, %[[C]] : memref<2x48x40xf16>, %[[WS]] : memref<16384xf32>){{$}}
// CHECK-NEXT: return

// CHECK-LABEL: gpu.func @dp
// CHECK-SAME: (%[[KA:[^:]*]]: memref<2x48x64xf16>, %[[KB:[^:]*]]: memref<2x64x40xf16>, %[[KC:[^:]*]]: memref<2x48x40xf16>)
// CHECK: %[[BX:.*]] = gpu.block_id x
// CHECK: %[[BY:.*]] = gpu.block_id y
// CHECK: %[[TM:.*]] = arith.divui %[[BX]], %[[C1:.*]] : index
// CHECK: %[[M0:.*]] = arith.muli %[[TM]], %[[C32:.*]] : index
// CHECK: %[[TN:.*]] = arith.remui %[[BX]], %[[C1]] : index
// CHECK: %[[N0:.*]] = arith.muli %[[TN]], %[[C64:.*]] : index
// CHECK: %[[ACC:.*]] = ck.tile_gemm %[[KA]], %[[KB]] at [%[[BY]], %[[M0]], %[[N0]]] k_tiles %c0{{(_[0-9]+)?}} to %c2{{(_[0-9]+)?}}
// CHECK: ck.tile_store %[[ACC]] -> %[[KC]][%[[BY]], %[[M0]], %[[N0]]]
// CHECK-NOT: ck.partition
// CHECK: gpu.return

// CHECK-LABEL: gpu.func @sk
// CHECK-SAME: (%{{[^:]*}}: memref<2x48x64xf16>, %{{[^:]*}}: memref<2x64x40xf16>, %{{[^:]*}}: memref<2x48x40xf16>, %[[KWS:[^:]*]]: memref<16384xf32>)
// CHECK: %[[BX:.*]] = gpu.block_id x
// CHECK: %[[BY:.*]] = gpu.block_id y
// CHECK: %[[GT:.*]] = arith.muli %[[BY]], %[[C2:.*]] : index
// CHECK: %[[TILE:.*]] = arith.addi %[[GT]], %[[BX]] : index
// CHECK: %[[BZ:.*]] = gpu.block_id z
// CHECK: %[[K0:.*]] = arith.muli %[[BZ]], %[[C2]] : index
// CHECK: %[[K0P:.*]] = arith.addi %[[K0]], %[[C2]] : index
// CHECK: %[[K1:.*]] = arith.minsi %[[K0P]], %[[C3:.*]] : index
// CHECK: %[[ACC:.*]] = ck.tile_gemm {{.*}} k_tiles %[[K0]] to %[[K1]]
// CHECK: %[[SPLITS:.*]] = arith.muli %[[BZ]], %[[C4:.*]] : index
// CHECK: %[[SLOT:.*]] = arith.addi %[[SPLITS]], %[[TILE]] : index
// CHECK: %[[AT:.*]] = arith.muli %[[SLOT]], %[[C2048:.*]] : index
// CHECK: ck.partial_store %[[ACC]] -> %[[KWS]][%[[AT]]]
// CHECK-NOT: ck.tile_store
// CHECK: gpu.return

// CHECK-LABEL: gpu.func @sk_reduce
// CHECK-SAME: (%{{[^:]*}}: memref<2x48x64xf16>, %{{[^:]*}}: memref<2x64x40xf16>, %[[RC:[^:]*]]: memref<2x48x40xf16>, %[[RWS:[^:]*]]: memref<16384xf32>) kernel attributes {known_block_size = array<i32: 256, 1, 1>}
// CHECK-NOT: ck.
// CHECK: %[[BX:.*]] = gpu.block_id x
// CHECK: %[[BASE:.*]] = arith.muli %[[BX]], %c256
// CHECK: %[[TX:.*]] = gpu.thread_id x
// CHECK: %[[V:.*]] = arith.addi %[[BASE]], %[[TX]] : index
// CHECK: %[[IN:.*]] = arith.cmpi ult, %[[V]], %c2048
// CHECK: scf.if %[[IN]] {
// CHECK:   %[[AT:.*]] = arith.muli %[[V]], %c4
// CHECK:   %[[S0:.*]] = vector.load %[[RWS]][%[[AT]]] {alignment = 16 : i64} : memref<16384xf32>, vector<4xf32>
// CHECK:   %[[S1F:.*]] = arith.muli %c1{{.*}}, %c8192
// CHECK:   %[[S1AT:.*]] = arith.addi %[[S1F]], %[[AT]] : index
// CHECK:   %[[S1:.*]] = vector.load %[[RWS]][%[[S1AT]]] {alignment = 16 : i64} : memref<16384xf32>, vector<4xf32>
// CHECK:   %[[SUM:.*]] = arith.addf %[[S0]], %[[S1]] : vector<4xf32>
// CHECK-NOT: vector.load
// CHECK:   %[[TILE:.*]] = arith.divui %[[V]], %c512
// CHECK:   %[[G:.*]] = arith.divui %[[TILE]], %c2
// CHECK:   %[[X:.*]] = arith.remui %[[TILE]], %c2
// CHECK:   %[[TM:.*]] = arith.divui %[[X]], %c1
// CHECK:   %[[M0:.*]] = arith.muli %[[TM]], %c32
// CHECK:   %[[IT:.*]] = arith.remui %[[V]], %c512
// CHECK:   %[[T:.*]] = arith.remui %{{.*}}, %c256
// CHECK:   %[[MMA:.*]] = arith.divui %[[IT]], %c256
// CHECK:   %[[W:.*]] = arith.divui %[[T]], %c64
// CHECK:   %[[L:.*]] = arith.remui %[[T]], %c64
// CHECK:   %[[WR:.*]] = arith.divui %[[W]], %c2
// CHECK:   %[[MR:.*]] = arith.divui %[[MMA]], %c2
// CHECK:   %[[LR:.*]] = arith.divui %[[L]], %c16
// CHECK:   %[[LROW:.*]] = arith.muli %[[LR]], %c4
// CHECK:   %[[ROW:.*]] = arith.addi %[[M0]],
// CHECK:   %[[F0:.*]] = vector.extract %[[SUM]][0] : f32 from vector<4xf32>
// CHECK:   scf.if
// CHECK:     %[[H0:.*]] = arith.truncf %[[F0]] : f32 to f16
// CHECK:     memref.store %[[H0]], %[[RC]][%{{.*}}, %{{.*}}, %{{.*}}] : memref<2x48x40xf16>
// CHECK:   %[[ROW1:.*]] = arith.addi %[[ROW]], %c1
// CHECK:   vector.extract %[[SUM]][1]
// CHECK:   memref.store
// CHECK:   vector.extract %[[SUM]][2]
// CHECK:   memref.store
// CHECK:   vector.extract %[[SUM]][3]
// CHECK:   memref.store
// CHECK-NOT: memref.store
// CHECK: gpu.return
module attributes {gpu.container_module} {
  func.func @host(%a: memref<2x48x64xf16>, %b: memref<2x64x40xf16>, %c: memref<2x48x40xf16>, %ws: memref<16384xf32>) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c256 = arith.constant 256 : index
    gpu.launch_func @kernels::@dp blocks in (%c2, %c2, %c1) threads in (%c256, %c1, %c1)
        args(%a : memref<2x48x64xf16>, %b : memref<2x64x40xf16>, %c : memref<2x48x40xf16>)
        {ck.launch = #ck.launch<compute = f16>}
    gpu.launch_func @kernels::@sk blocks in (%c2, %c2, %c2) threads in (%c256, %c1, %c1)
        args(%a : memref<2x48x64xf16>, %b : memref<2x64x40xf16>, %c : memref<2x48x40xf16>, %ws : memref<16384xf32>)
        {ck.launch = #ck.launch<compute = f16, partition = <split_k, k_batch = 2>>}
    return
  }
  gpu.module @kernels {
    gpu.func @dp(%a: memref<2x48x64xf16>, %b: memref<2x64x40xf16>, %c: memref<2x48x40xf16>) kernel {
      ck.partition #ck.partition<data_parallel> tiles [2, 2, 1] k_tiles 2 unit {
      ^bb0(%g: index, %m0: index, %n0: index, %k0: index, %k1: index):
        %acc = ck.tile_gemm %a, %b at [%g, %m0, %n0] k_tiles %k0 to %k1 config #cfg
            : memref<2x48x64xf16>, memref<2x64x40xf16> -> !acc
        ck.yield %acc : !acc
      } epilogue {
      ^bb0(%g: index, %m0: index, %n0: index, %sum: !acc):
        ck.tile_store %sum -> %c[%g, %m0, %n0] : !acc, memref<2x48x40xf16>
        ck.yield
      }
      gpu.return
    }
    gpu.func @sk(%a: memref<2x48x64xf16>, %b: memref<2x64x40xf16>, %c: memref<2x48x40xf16>, %ws: memref<16384xf32>) kernel {
      ck.partition #ck.partition<split_k, k_batch = 2> tiles [2, 2, 1] k_tiles 3 workspace(%ws : memref<16384xf32>) unit {
      ^bb0(%g: index, %m0: index, %n0: index, %k0: index, %k1: index):
        %acc = ck.tile_gemm %a, %b at [%g, %m0, %n0] k_tiles %k0 to %k1 config #cfg
            : memref<2x48x64xf16>, memref<2x64x40xf16> -> !acc
        ck.yield %acc : !acc
      } epilogue {
      ^bb0(%g: index, %m0: index, %n0: index, %sum: !acc):
        ck.tile_store %sum -> %c[%g, %m0, %n0] : !acc, memref<2x48x40xf16>
        ck.yield
      }
      gpu.return
    }
  }
}

// -----
// Split-K with k_batch 5 over 10 K-tiles, the same 4 tiles, on 128
// threads with LDS, and mma.sync accumulators: @sk5_reduce's thread i adds
// vector i of slots 0 to 4 (8192 floats apart, the four loads after the
// first unrolled) and launches without LDS. A lane's 4 floats of an
// m16n8 tile lie in two pairs, (l / 4, 2 * (l % 4) + {0, 1}) and 8 rows
// below: each pair is written as one vector<2xf16>. The holders are 4
// waves of 32; wave tiles 16 x 32 hold 1 x 4 instruction tiles.

!acc = !ck.acc<32x64xf32, #ck.mma_sync<16x8x16, f16>, waves = [2, 2]>
#cfg = #ck.gemm_config<block = [32, 64, 32], wave = [16, 32], mma = #ck.mma_sync<16x8x16, f16>>

// CHECK-LABEL: func.func @host
// CHECK: gpu.launch_func @kernels::@sk5 blocks in {{.*}} dynamic_shared_memory_size
// CHECK-NEXT: %[[C8:.*]] = arith.constant 8 : index
// CHECK-NEXT: %[[C256:.*]] = arith.constant 256 : index
// CHECK-NEXT: gpu.launch_func @kernels::@sk5_reduce blocks in (%[[C8]], %{{.*}}, %{{.*}}) threads in (%[[C256]], %{{.*}}, %{{.*}}) args({{.*}}){{$}}
// CHECK-NEXT: return

// CHECK-LABEL: gpu.func @sk5_reduce
// CHECK-SAME: %[[RC:[^:]*]]: memref<2x48x40xf16>, %[[RWS:[^:]*]]: memref<40960xf32>) kernel
// CHECK: scf.if
// CHECK:   %[[S0:.*]] = vector.load %[[RWS]]
// CHECK-NOT: scf.for
// CHECK:   %[[S1:.*]] = vector.load %[[RWS]]
// CHECK:   %[[ADD1:.*]] = arith.addf %[[S0]], %[[S1]] : vector<4xf32>
// CHECK:   %[[S2:.*]] = vector.load %[[RWS]]
// CHECK:   %[[ADD2:.*]] = arith.addf %[[ADD1]], %[[S2]] : vector<4xf32>
// CHECK:   %[[S3:.*]] = vector.load %[[RWS]]
// CHECK:   %[[ADD3:.*]] = arith.addf %[[ADD2]], %[[S3]] : vector<4xf32>
// CHECK:   %[[S4F:.*]] = arith.muli %{{.*}}, %c8192
// CHECK:   %[[S4AT:.*]] = arith.addi %[[S4F]], %{{.*}} : index
// CHECK:   %[[S4:.*]] = vector.load %[[RWS]][%[[S4AT]]]
// CHECK:   %[[SUM:.*]] = arith.addf %[[ADD3]], %[[S4]] : vector<4xf32>
// CHECK-NOT: vector.load
// CHECK:   %[[LO:.*]] = vector.shuffle %[[SUM]], %[[SUM]] [0, 1] : vector<4xf32>, vector<4xf32>
// CHECK:   scf.if
// CHECK:     %[[LOH:.*]] = arith.truncf %[[LO]] : vector<2xf32> to vector<2xf16>
// CHECK:     vector.store %[[LOH]], %[[RC]]
// CHECK:   arith.addi %{{.*}}, %c8
// CHECK:   %[[HI:.*]] = vector.shuffle %[[SUM]], %[[SUM]] [2, 3] : vector<4xf32>, vector<4xf32>
// CHECK:   scf.if
// CHECK:     %[[HIH:.*]] = arith.truncf %[[HI]] : vector<2xf32> to vector<2xf16>
// CHECK:     vector.store %[[HIH]], %[[RC]]
// CHECK-NOT: vector.store
// CHECK: gpu.return
module attributes {gpu.container_module} {
  func.func @host(%a: memref<2x48x320xf16>, %b: memref<2x320x40xf16>, %c: memref<2x48x40xf16>, %ws: memref<40960xf32>) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c5 = arith.constant 5 : index
    %c128 = arith.constant 128 : index
    %lds = arith.constant 8192 : i32
    gpu.launch_func @kernels::@sk5 blocks in (%c2, %c2, %c5) threads in (%c128, %c1, %c1)
        dynamic_shared_memory_size %lds args(%a : memref<2x48x320xf16>, %b : memref<2x320x40xf16>, %c : memref<2x48x40xf16>, %ws : memref<40960xf32>)
        {ck.launch = #ck.launch<compute = f16, partition = <split_k, k_batch = 5>>}
    return
  }
  gpu.module @kernels {
    gpu.func @sk5(%a: memref<2x48x320xf16>, %b: memref<2x320x40xf16>, %c: memref<2x48x40xf16>, %ws: memref<40960xf32>) kernel {
      ck.partition #ck.partition<split_k, k_batch = 5> tiles [2, 2, 1] k_tiles 10 workspace(%ws : memref<40960xf32>) unit {
      ^bb0(%g: index, %m0: index, %n0: index, %k0: index, %k1: index):
        %acc = ck.tile_gemm %a, %b at [%g, %m0, %n0] k_tiles %k0 to %k1 config #cfg
            : memref<2x48x320xf16>, memref<2x320x40xf16> -> !acc
        ck.yield %acc : !acc
      } epilogue {
      ^bb0(%g: index, %m0: index, %n0: index, %sum: !acc):
        ck.tile_store %sum -> %c[%g, %m0, %n0] : !acc, memref<2x48x40xf16>
        ck.yield
      }
      gpu.return
    }
  }
}

// -----
// The reduction kernel takes the kernel's arguments: a workspace the
// kernel makes itself cannot be reduced.

!acc = !ck.acc<32x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
#cfg = #ck.gemm_config<block = [32, 64, 32], wave = [16, 32], mma = #ck.mfma<16x16x16, f16>>

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @local_workspace(%a: memref<2x48x320xf16>, %b: memref<2x320x40xf16>, %c: memref<2x48x40xf16>) kernel {
      %ws = memref.alloc() : memref<40960xf32>
      // expected-error @+1 {{'ck.partition' op needs its workspace to be a kernel argument}}
      ck.partition #ck.partition<split_k, k_batch = 5> tiles [2, 2, 1] k_tiles 10 workspace(%ws : memref<40960xf32>) unit {
      ^bb0(%g: index, %m0: index, %n0: index, %k0: index, %k1: index):
        %acc = ck.tile_gemm %a, %b at [%g, %m0, %n0] k_tiles %k0 to %k1 config #cfg
            : memref<2x48x320xf16>, memref<2x320x40xf16> -> !acc
        ck.yield %acc : !acc
      } epilogue {
      ^bb0(%g: index, %m0: index, %n0: index, %sum: !acc):
        ck.tile_store %sum -> %c[%g, %m0, %n0] : !acc, memref<2x48x40xf16>
        ck.yield
      }
      gpu.return
    }
  }
}

// -----
// Split-K's reduction writes the sums elementwise as the epilogue's one
// ck.tile_store would: an epilogue that stores the tile elsewhere is
// refused.

!acc = !ck.acc<32x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
#cfg = #ck.gemm_config<block = [32, 64, 32], wave = [16, 32], mma = #ck.mfma<16x16x16, f16>>

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @shifted_store(%a: memref<2x48x320xf16>, %b: memref<2x320x40xf16>, %c: memref<2x48x40xf16>, %ws: memref<40960xf32>) kernel {
      // expected-error @+1 {{'ck.partition' op needs an epilogue whose one ck.tile_store writes the sum at the tile's position, for split-K's elementwise reduction}}
      ck.partition #ck.partition<split_k, k_batch = 5> tiles [2, 2, 1] k_tiles 10 workspace(%ws : memref<40960xf32>) unit {
      ^bb0(%g: index, %m0: index, %n0: index, %k0: index, %k1: index):
        %acc = ck.tile_gemm %a, %b at [%g, %m0, %n0] k_tiles %k0 to %k1 config #cfg
            : memref<2x48x320xf16>, memref<2x320x40xf16> -> !acc
        ck.yield %acc : !acc
      } epilogue {
      ^bb0(%g: index, %m0: index, %n0: index, %sum: !acc):
        ck.tile_store %sum -> %c[%g, %n0, %m0] : !acc, memref<2x48x40xf16>
        ck.yield
      }
      gpu.return
    }
  }
}

// -----
// Split-K with reduce = workgroups: @sk's tiles and splits, no second
// kernel, on 128 threads. After its partial store, split z of tile t meets
// the tile's other split at the tile's counter, the u32 at float 2 x 4 x
// 2048 + 64 t of the workspace (after the slots), then adds vectors [512 t
// + 256 z, 512 t + 256 z + 256) of the slots (a tile's 512 vectors,
// halved), as @sk_reduce adds vector i: slot 0's, then slot 1's (8192
// floats on), written to C at the same places. Thread x adds vectors
// 256 z + x and 256 z + x + 128, both vectors' loads before either's
// writes; an index past the share would load the share's last vector and
// write nothing.

!acc = !ck.acc<32x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
#cfg = #ck.gemm_config<block = [32, 64, 32], wave = [16, 32], mma = #ck.mfma<16x16x16, f16>>

// CHECK-LABEL: func.func @host
// CHECK: gpu.launch_func @kernels::@skw
// CHECK-NEXT: return
// CHECK-LABEL: gpu.func @skw
// CHECK-SAME: (%{{[^:]*}}: memref<2x48x64xf16>, %{{[^:]*}}: memref<2x64x40xf16>, %[[KC:[^:]*]]: memref<2x48x40xf16>, %[[KWS:[^:]*]]: memref<16640xf32>)
// CHECK: %[[BX:.*]] = gpu.block_id x
// CHECK: %[[BY:.*]] = gpu.block_id y
// CHECK: %[[TILE:.*]] = arith.addi %{{.*}}, %[[BX]] : index
// CHECK: %[[BZ:.*]] = gpu.block_id z
// CHECK: ck.partial_store %{{.*}} -> %[[KWS]][%{{.*}}]
// CHECK: %[[CT:.*]] = arith.muli %[[TILE]], %c64 : index
// CHECK: %[[COUNTER:.*]] = arith.addi %[[CT]], %c16384 : index
// CHECK: ck.flag_rendezvous %[[KWS]][%[[COUNTER]]], %c2 : memref<16640xf32>
// CHECK: %[[FIRST:.*]] = arith.muli %[[TILE]], %c512 : index
// CHECK: %[[OWN:.*]] = arith.muli %[[BZ]], %c256 : index
// CHECK: %[[BEGIN:.*]] = arith.addi %[[FIRST]], %[[OWN]] : index
// CHECK: %[[SHARE_END:.*]] = arith.addi %[[BEGIN]], %c256 : index
// CHECK: %[[TILE_END:.*]] = arith.addi %[[FIRST]], %c512 : index
// CHECK: %[[END:.*]] = arith.minui %[[SHARE_END]], %[[TILE_END]] : index
// CHECK: %[[LAST:.*]] = arith.subi %[[END]], %c1 : index
// CHECK: %[[TX:.*]] = gpu.thread_id x
// CHECK: %[[V0:.*]] = arith.addi %[[BEGIN]], %[[TX]] : index
// CHECK: %[[L0:.*]] = arith.minui %[[V0]], %[[LAST]] : index
// CHECK: %[[AT0:.*]] = arith.muli %[[L0]], %c4
// CHECK: %[[S00:.*]] = vector.load %[[KWS]][%[[AT0]]] {alignment = 16 : i64} : memref<16640xf32>, vector<4xf32>
// CHECK: %[[S01AT:.*]] = arith.addi %{{.*}}, %[[AT0]] : index
// CHECK: %[[S01:.*]] = vector.load %[[KWS]][%[[S01AT]]] {alignment = 16 : i64} : memref<16640xf32>, vector<4xf32>
// CHECK: %[[SUM0:.*]] = arith.addf %[[S00]], %[[S01]] : vector<4xf32>
// CHECK: %[[V1:.*]] = arith.addi %[[V0]], %c128 : index
// CHECK: %[[L1:.*]] = arith.minui %[[V1]], %[[LAST]] : index
// CHECK: %[[AT1:.*]] = arith.muli %[[L1]], %c4
// CHECK: vector.load %[[KWS]][%[[AT1]]]
// CHECK: vector.load %[[KWS]]
// CHECK: %[[SUM1:.*]] = arith.addf
// CHECK-NOT: vector.load
// CHECK: %[[IN0:.*]] = arith.cmpi ult, %[[V0]], %[[END]] : index
// CHECK: arith.divui %[[V0]], %c512
// CHECK: vector.extract %[[SUM0]][0]
// CHECK: arith.andi %[[IN0]],
// CHECK: memref.store %{{.*}}, %[[KC]]
// CHECK: vector.extract %[[SUM0]][3]
// CHECK: memref.store %{{.*}}, %[[KC]]
// CHECK: %[[IN1:.*]] = arith.cmpi ult, %[[V1]], %[[END]] : index
// CHECK: vector.extract %[[SUM1]][0]
// CHECK: memref.store %{{.*}}, %[[KC]]
// CHECK: vector.extract %[[SUM1]][3]
// CHECK: memref.store %{{.*}}, %[[KC]]
// CHECK-NOT: memref.store
// CHECK: gpu.return
// CHECK-NOT: gpu.func @skw_reduce
module attributes {gpu.container_module} {
  func.func @host(%a: memref<2x48x64xf16>, %b: memref<2x64x40xf16>, %c: memref<2x48x40xf16>, %ws: memref<16640xf32>) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c128 = arith.constant 128 : index
    gpu.launch_func @kernels::@skw blocks in (%c2, %c2, %c2) threads in (%c128, %c1, %c1)
        args(%a : memref<2x48x64xf16>, %b : memref<2x64x40xf16>, %c : memref<2x48x40xf16>, %ws : memref<16640xf32>)
        {ck.launch = #ck.launch<compute = f16, partition = <split_k, k_batch = 2, reduce = workgroups>>}
    return
  }
  gpu.module @kernels {
    gpu.func @skw(%a: memref<2x48x64xf16>, %b: memref<2x64x40xf16>, %c: memref<2x48x40xf16>, %ws: memref<16640xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      ck.partition #ck.partition<split_k, k_batch = 2, reduce = workgroups> tiles [2, 2, 1] k_tiles 3 workspace(%ws : memref<16640xf32>) unit {
      ^bb0(%g: index, %m0: index, %n0: index, %k0: index, %k1: index):
        %acc = ck.tile_gemm %a, %b at [%g, %m0, %n0] k_tiles %k0 to %k1 config #cfg
            : memref<2x48x64xf16>, memref<2x64x40xf16> -> !acc
        ck.yield %acc : !acc
      } epilogue {
      ^bb0(%g: index, %m0: index, %n0: index, %sum: !acc):
        ck.tile_store %sum -> %c[%g, %m0, %n0] : !acc, memref<2x48x40xf16>
        ck.yield
      }
      gpu.return
    }
  }
}

// -----
// split_k, k_batch = 2, reduce = cluster: the tile's two workgroups are one
// thread block cluster (rank = block id z). Each stores its partial (2048
// floats of the 32 x 64 tile, in ck.partial_store's layout) at LDS offset
// 0 once every wave is done with the K loop's tiles, the cluster meets,
// and workgroup z adds vectors [256 z, 256 z + 256) of the tile's 512 from
// both workgroups' LDS in rank order (ck.cluster_load at the vector's
// offset in the tile), 2 per thread of 128 as with reduce = workgroups,
// writes them, and meets the cluster again before it leaves. No
// workspace, no second kernel.

!acc = !ck.acc<32x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
#cfg = #ck.gemm_config<block = [32, 64, 32], wave = [16, 32], mma = #ck.mfma<16x16x16, f16>>

// CHECK-LABEL: gpu.func @skc
// CHECK-SAME: (%{{[^:]*}}: memref<2x48x64xf16>, %{{[^:]*}}: memref<2x64x40xf16>, %[[CC:[^:]*]]: memref<2x48x40xf16>)
// CHECK: %[[BX:.*]] = gpu.block_id x
// CHECK: %[[TILE:.*]] = arith.addi %{{.*}}, %[[BX]] : index
// CHECK: %[[BZ:.*]] = gpu.block_id z
// CHECK: ck.tile_gemm
// CHECK: %[[PART:.*]] = ck.lds_buffer offset 0 : memref<2048xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: ck.lds_barrier
// CHECK: ck.partial_store %{{.*}} -> %[[PART]][%c0{{.*}}] : !ck.acc<32x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>, memref<2048xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: ck.cluster_barrier
// CHECK: %[[FIRST:.*]] = arith.muli %[[TILE]], %c512 : index
// CHECK: %[[OWN:.*]] = arith.muli %[[BZ]], %c256 : index
// CHECK: %[[BEGIN:.*]] = arith.addi %[[FIRST]], %[[OWN]] : index
// CHECK: %[[END:.*]] = arith.minui
// CHECK: %[[LAST:.*]] = arith.subi %[[END]], %c1 : index
// CHECK: %[[TX:.*]] = gpu.thread_id x
// CHECK: %[[V0:.*]] = arith.addi %[[BEGIN]], %[[TX]] : index
// CHECK: %[[L0:.*]] = arith.minui %[[V0]], %[[LAST]] : index
// CHECK: %[[IN0:.*]] = arith.subi %[[L0]], %[[FIRST]] : index
// CHECK: %[[AT0:.*]] = arith.muli %[[IN0]], %c4 : index
// CHECK: %[[S00:.*]] = ck.cluster_load %[[PART]][%[[AT0]]] rank %c0{{.*}} : memref<2048xf32, #gpu.address_space<workgroup>> -> vector<4xf32>
// CHECK: %[[S01:.*]] = ck.cluster_load %[[PART]][%{{.*}}] rank %c1{{.*}} : memref<2048xf32, #gpu.address_space<workgroup>> -> vector<4xf32>
// CHECK: %[[SUM0:.*]] = arith.addf %[[S00]], %[[S01]] : vector<4xf32>
// CHECK: %[[V1:.*]] = arith.addi %[[V0]], %c128 : index
// CHECK: ck.cluster_load %[[PART]]{{.*}} rank %c0
// CHECK: ck.cluster_load %[[PART]]{{.*}} rank %c1
// CHECK-NOT: ck.cluster_load
// CHECK: arith.cmpi ult, %[[V0]], %[[END]] : index
// CHECK: vector.extract %[[SUM0]][0]
// CHECK: memref.store %{{.*}}, %[[CC]]
// CHECK: arith.cmpi ult, %[[V1]], %[[END]] : index
// CHECK: memref.store %{{.*}}, %[[CC]]
// CHECK: ck.cluster_barrier
// CHECK-NEXT: gpu.return
// CHECK-NOT: gpu.func @skc_reduce
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @skc(%a: memref<2x48x64xf16>, %b: memref<2x64x40xf16>, %c: memref<2x48x40xf16>) kernel attributes {known_block_size = array<i32: 128, 1, 1>, known_cluster_size = array<i32: 1, 1, 2>} {
      ck.partition #ck.partition<split_k, k_batch = 2, reduce = cluster> tiles [2, 2, 1] k_tiles 3 unit {
      ^bb0(%g: index, %m0: index, %n0: index, %k0: index, %k1: index):
        %acc = ck.tile_gemm %a, %b at [%g, %m0, %n0] k_tiles %k0 to %k1 config #cfg
            : memref<2x48x64xf16>, memref<2x64x40xf16> -> !acc
        ck.yield %acc : !acc
      } epilogue {
      ^bb0(%g: index, %m0: index, %n0: index, %sum: !acc):
        ck.tile_store %sum -> %c[%g, %m0, %n0] : !acc, memref<2x48x40xf16>
        ck.yield
      }
      gpu.return
    }
  }
}

// -----
// Its threads take the share's vectors in turn too: the block size must be
// known.

!acc = !ck.acc<32x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
#cfg = #ck.gemm_config<block = [32, 64, 32], wave = [16, 32], mma = #ck.mfma<16x16x16, f16>>

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @cluster_unknown_block(%a: memref<2x48x64xf16>, %b: memref<2x64x40xf16>, %c: memref<2x48x40xf16>) kernel {
      // expected-error @+1 {{'ck.partition' op needs its kernel's known one-dimensional block size, for split-K's reduce = cluster}}
      ck.partition #ck.partition<split_k, k_batch = 2, reduce = cluster> tiles [2, 2, 1] k_tiles 3 unit {
      ^bb0(%g: index, %m0: index, %n0: index, %k0: index, %k1: index):
        %acc = ck.tile_gemm %a, %b at [%g, %m0, %n0] k_tiles %k0 to %k1 config #cfg
            : memref<2x48x64xf16>, memref<2x64x40xf16> -> !acc
        ck.yield %acc : !acc
      } epilogue {
      ^bb0(%g: index, %m0: index, %n0: index, %sum: !acc):
        ck.tile_store %sum -> %c[%g, %m0, %n0] : !acc, memref<2x48x40xf16>
        ck.yield
      }
      gpu.return
    }
  }
}

// -----
// The workgroups' sum writes as the epilogue's one tile store would, too.

!acc = !ck.acc<32x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
#cfg = #ck.gemm_config<block = [32, 64, 32], wave = [16, 32], mma = #ck.mfma<16x16x16, f16>>

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @shifted_store_workgroups(%a: memref<2x48x64xf16>, %b: memref<2x64x40xf16>, %c: memref<2x48x40xf16>, %ws: memref<16640xf32>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      // expected-error @+1 {{'ck.partition' op needs an epilogue whose one ck.tile_store writes the sum at the tile's position, for split-K's elementwise reduction}}
      ck.partition #ck.partition<split_k, k_batch = 2, reduce = workgroups> tiles [2, 2, 1] k_tiles 3 workspace(%ws : memref<16640xf32>) unit {
      ^bb0(%g: index, %m0: index, %n0: index, %k0: index, %k1: index):
        %acc = ck.tile_gemm %a, %b at [%g, %m0, %n0] k_tiles %k0 to %k1 config #cfg
            : memref<2x48x64xf16>, memref<2x64x40xf16> -> !acc
        ck.yield %acc : !acc
      } epilogue {
      ^bb0(%g: index, %m0: index, %n0: index, %sum: !acc):
        ck.tile_store %sum -> %c[%g, %n0, %m0] : !acc, memref<2x48x40xf16>
        ck.yield
      }
      gpu.return
    }
  }
}

// -----
// Their threads take the share's vectors in turn: the block size must be
// known.

!acc = !ck.acc<32x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
#cfg = #ck.gemm_config<block = [32, 64, 32], wave = [16, 32], mma = #ck.mfma<16x16x16, f16>>

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @unknown_block(%a: memref<2x48x64xf16>, %b: memref<2x64x40xf16>, %c: memref<2x48x40xf16>, %ws: memref<16640xf32>) kernel {
      // expected-error @+1 {{'ck.partition' op needs its kernel's known one-dimensional block size, for split-K's reduce = workgroups}}
      ck.partition #ck.partition<split_k, k_batch = 2, reduce = workgroups> tiles [2, 2, 1] k_tiles 3 workspace(%ws : memref<16640xf32>) unit {
      ^bb0(%g: index, %m0: index, %n0: index, %k0: index, %k1: index):
        %acc = ck.tile_gemm %a, %b at [%g, %m0, %n0] k_tiles %k0 to %k1 config #cfg
            : memref<2x48x64xf16>, memref<2x64x40xf16> -> !acc
        ck.yield %acc : !acc
      } epilogue {
      ^bb0(%g: index, %m0: index, %n0: index, %sum: !acc):
        ck.tile_store %sum -> %c[%g, %m0, %n0] : !acc, memref<2x48x40xf16>
        ck.yield
      }
      gpu.return
    }
  }
}

// -----
// The partition is a kernel's whole body: it needs a gpu.func kernel.

!acc = !ck.acc<32x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
func.func @not_in_kernel(%c: memref<2x48x40xf16>, %i: index) {
  // expected-error @+1 {{'ck.partition' op must be the one partition at the top of a gpu.func kernel}}
  ck.partition #ck.partition<data_parallel> tiles [2, 2, 1] k_tiles 2 unit {
  ^bb0(%g: index, %m0: index, %n0: index, %k0: index, %k1: index):
    %acc = ck.acc_zero : !acc
    ck.yield %acc : !acc
  } epilogue {
  ^bb0(%g: index, %m0: index, %n0: index, %sum: !acc):
    ck.tile_store %sum -> %c[%g, %m0, %n0] : !acc, memref<2x48x40xf16>
    ck.yield
  }
  return
}

// -----
// Split-K with k_batch = auto over the same 4 tiles of 9 K-tiles: ckrt
// passes k_batch as the kernels' i32 argument (and makes it grid z). Ranges
// are ceil(9 / k_batch) K-tiles: split z runs [z * per, min(z * per + per,
// 9)). Where k_batch is 1 the workgroup runs the epilogue itself, else it
// stores its partial tile to slot z * 4 + tile. The reduction runs only
// where k_batch is above 1: it adds slots 1 to k_batch - 1 onto slot 0's
// vector (eight slots' loads at a time, then one by one). The workspace
// holds 9 ranges x 4 tiles x 2048 floats = 73728.

!acc = !ck.acc<32x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
#cfg = #ck.gemm_config<block = [32, 64, 32], wave = [16, 32], mma = #ck.mfma<16x16x16, f16>>

// CHECK-LABEL: func.func @host
// CHECK-SAME: (%[[A:[^:]*]]: memref<2x48x288xf16>, %[[B:[^:]*]]: memref<2x288x40xf16>, %[[C:[^:]*]]: memref<2x48x40xf16>, %[[WS:[^:]*]]: memref<73728xf32>, %[[KBGRID:[^:]*]]: index, %[[KBARG:[^:]*]]: i32)
// CHECK: gpu.launch_func @kernels::@ska blocks in (%[[X:.*]], %[[Y:.*]], %[[KBGRID]]) threads in {{.*}} args({{.*}}, %[[WS]] : memref<73728xf32>, %[[KBARG]] : i32) {ck.launch = #ck.launch<compute = f16, partition = <split_k, k_batch = auto>>}
// CHECK-NEXT: %[[C8:.*]] = arith.constant 8 : index
// CHECK-NEXT: gpu.launch_func @kernels::@ska_reduce blocks in (%[[C8]], %{{.*}}, %{{.*}}) threads in {{.*}} args({{.*}}, %[[WS]] : memref<73728xf32>, %[[KBARG]] : i32){{$}}

// CHECK-LABEL: gpu.func @ska
// CHECK-SAME: %[[KWS:[^:]*]]: memref<73728xf32>, %[[KB:[^:]*]]: i32)
// CHECK: %[[BX:.*]] = gpu.block_id x
// CHECK: %[[BY:.*]] = gpu.block_id y
// CHECK: %[[TILE:.*]] = arith.addi %{{.*}}, %[[BX]] : index
// CHECK: %[[KBI:.*]] = arith.index_castui %[[KB]] : i32 to index
// CHECK: %[[PER:.*]] = arith.ceildivui %[[C9:.*]], %[[KBI]] : index
// CHECK: %[[BZ:.*]] = gpu.block_id z
// CHECK: %[[K0:.*]] = arith.muli %[[BZ]], %[[PER]] : index
// CHECK: %[[K0P:.*]] = arith.addi %[[K0]], %[[PER]] : index
// CHECK: %[[K1:.*]] = arith.minsi %[[K0P]], %[[C9]] : index
// CHECK: %[[ACC:.*]] = ck.tile_gemm {{.*}} k_tiles %[[K0]] to %[[K1]]
// CHECK: %[[ONE:.*]] = arith.cmpi eq, %[[KBI]], %c1{{.*}} : index
// CHECK: scf.if %[[ONE]] {
// CHECK:   ck.tile_store %[[ACC]] -> %{{.*}}[%[[BY]],
// CHECK: } else {
// CHECK:   %[[SPLITS:.*]] = arith.muli %[[BZ]], %[[C4:.*]] : index
// CHECK:   %[[SLOT:.*]] = arith.addi %[[SPLITS]], %[[TILE]] : index
// CHECK:   %[[AT:.*]] = arith.muli %[[SLOT]], %[[C2048:.*]] : index
// CHECK:   ck.partial_store %[[ACC]] -> %[[KWS]][%[[AT]]]
// CHECK: }
// CHECK: gpu.return

// CHECK-LABEL: gpu.func @ska_reduce
// CHECK-SAME: %[[RC:[^:]*]]: memref<2x48x40xf16>, %[[SWS:[^:]*]]: memref<73728xf32>, %[[SKB:[^:]*]]: i32) kernel
// CHECK: %[[SKBI:.*]] = arith.index_castui %[[SKB]] : i32 to index
// CHECK: %[[V:.*]] = arith.addi %{{.*}}, %{{.*}} : index
// CHECK: %[[IN:.*]] = arith.cmpi ult, %[[V]], %c2048
// CHECK: %[[SPLIT:.*]] = arith.cmpi ugt, %[[SKBI]], %c1
// CHECK: %[[BOTH:.*]] = arith.andi %[[IN]], %[[SPLIT]] : i1
// CHECK: scf.if %[[BOTH]] {
// CHECK:   %[[AT:.*]] = arith.muli %[[V]], %c4
// CHECK:   %[[S0:.*]] = vector.load %[[SWS]][%[[AT]]]
// CHECK:   %[[EIGHTS:.*]] = scf.for %[[S:.*]] = %c1{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[P:.*]] = %[[S0]])
// CHECK:     %[[S1:.*]] = arith.muli %[[S]], %c8192
// CHECK:     %[[S1AT:.*]] = arith.addi %[[S1]], %[[AT]] : index
// CHECK:     vector.load %[[SWS]][%[[S1AT]]]
// CHECK-COUNT-7: vector.load %[[SWS]]
// CHECK:     scf.yield
// CHECK:   %[[ALL:.*]] = scf.for %{{.*}} = %{{.*}} to %[[SKBI]] step %c1{{.*}} iter_args(%{{.*}} = %[[EIGHTS]])
// CHECK:     vector.load %[[SWS]]
// CHECK:     scf.yield
// CHECK-COUNT-4: memref.store %{{.*}}, %[[RC]]
// CHECK: }
// CHECK-NOT: ck.
// CHECK: gpu.return
module attributes {gpu.container_module} {
  func.func @host(%a: memref<2x48x288xf16>, %b: memref<2x288x40xf16>, %c: memref<2x48x40xf16>, %ws: memref<73728xf32>,
                  %kbgrid: index, %kb: i32) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c256 = arith.constant 256 : index
    gpu.launch_func @kernels::@ska blocks in (%c2, %c2, %kbgrid) threads in (%c256, %c1, %c1)
        args(%a : memref<2x48x288xf16>, %b : memref<2x288x40xf16>, %c : memref<2x48x40xf16>, %ws : memref<73728xf32>, %kb : i32)
        {ck.launch = #ck.launch<compute = f16, partition = <split_k, k_batch = auto>>}
    return
  }
  gpu.module @kernels {
    gpu.func @ska(%a: memref<2x48x288xf16>, %b: memref<2x288x40xf16>, %c: memref<2x48x40xf16>,
                  %ws: memref<73728xf32>, %kb: i32) kernel {
      ck.partition #ck.partition<split_k, k_batch = auto> tiles [2, 2, 1] k_tiles 9 schedule(%kb)
          workspace(%ws : memref<73728xf32>) unit {
      ^bb0(%g: index, %m0: index, %n0: index, %k0: index, %k1: index):
        %acc = ck.tile_gemm %a, %b at [%g, %m0, %n0] k_tiles %k0 to %k1 config #cfg
            : memref<2x48x288xf16>, memref<2x288x40xf16> -> !acc
        ck.yield %acc : !acc
      } epilogue {
      ^bb0(%g: index, %m0: index, %n0: index, %sum: !acc):
        ck.tile_store %sum -> %c[%g, %m0, %n0] : !acc, memref<2x48x40xf16>
        ck.yield
      }
      gpu.return
    }
  }
}

// -----
// StreamK (persistent, tree) over the same 4 tiles of 2 K-tiles: the
// schedule's K, D, q, r' and grid arrive as i32 arguments. Workgroup w's
// StreamK range is [D * 2 + w * q + min(w, r'), + q + (w < r')) when w < K;
// a loop runs its data-parallel tiles w, w + grid, ... below D, then its
// range cut at tile boundaries. After each unit, the partners of the tile
// the unit belongs to are gathered while they begin inside the tile and lie
// in the unit's subtree ((l & (partner - w)) == 0): wait for the flag at the
// end of the partner's slot (2048 + 64 floats, the flag at float 2048) and
// add its partial. The starter (l = 0) runs the epilogue; the others store
// to their own slot and raise its flag. An LDS barrier ends each unit.

!acc = !ck.acc<32x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
#cfg = #ck.gemm_config<block = [32, 64, 32], wave = [16, 32], mma = #ck.mfma<16x16x16, f16>>

// CHECK-LABEL: gpu.func @streamk
// CHECK-SAME: %[[WS:[^:]*]]: memref<16896xf32>, %[[K:[^:]*]]: i32, %[[D:[^:]*]]: i32, %[[Q:[^:]*]]: i32, %[[R:[^:]*]]: i32, %[[G:[^:]*]]: i32)
// CHECK-DAG: %[[KI:.*]] = arith.index_castui %[[K]] : i32 to index
// CHECK-DAG: %[[DI:.*]] = arith.index_castui %[[D]] : i32 to index
// CHECK-DAG: %[[GI:.*]] = arith.index_castui %[[G]] : i32 to index
// CHECK: %[[W:.*]] = gpu.block_id x
// CHECK: %[[HAS:.*]] = arith.cmpi ult, %[[W]], %[[KI]] : index
// CHECK: %[[UNITS:.*]]:2 = scf.while (%[[DP:.*]] = %[[W]], %[[AT:.*]] = %{{.*}}) : (index, index) -> (index, index) {
// CHECK:   %[[MOREDP:.*]] = arith.cmpi ult, %[[DP]], %[[DI]] : index
// CHECK:   scf.condition
// CHECK: } do {
// CHECK:   %[[ISDP:.*]] = arith.cmpi ult, %{{.*}}, %[[DI]] : index
// CHECK:   %[[ACC:.*]] = ck.tile_gemm {{.*}} k_tiles %[[K0:.*]] to %[[K1:.*]] config
// CHECK:   %[[GATHER:.*]]:2 = scf.while (%{{.*}} = %{{.*}}, %{{.*}} = %[[ACC]])
// CHECK:     scf.condition
// CHECK:   } do {
// CHECK:   ^bb0(%[[P:.*]]: index, %[[SUM:.*]]: !ck.acc
// CHECK:     %[[SLOT:.*]] = arith.muli %[[P]], %c2112 : index
// CHECK:     %[[FLAG:.*]] = arith.addi %[[SLOT]], %c2048 : index
// CHECK:     ck.flag_wait %[[WS]][%[[FLAG]]] : memref<16896xf32>
// CHECK:     %[[MORE:.*]] = ck.partial_accumulate %[[SUM]], %[[WS]][%[[SLOT]]]
// CHECK:     %[[STRIDE:.*]] = arith.subi %[[P]], %[[W]] : index
// CHECK:     %[[NEXT:.*]] = arith.addi %[[P]], %[[STRIDE]] : index
// CHECK:     scf.yield %[[NEXT]], %[[MORE]]
// CHECK:   scf.if %{{.*}} {
// CHECK:     ck.tile_store %[[GATHER]]#1 -> %{{.*}}
// CHECK:   } else {
// CHECK:     %[[MINE:.*]] = arith.muli %[[W]], %c2112 : index
// CHECK:     ck.partial_store %[[GATHER]]#1 -> %[[WS]][%[[MINE]]]
// CHECK:     %[[MYFLAG:.*]] = arith.addi %[[MINE]], %c2048 : index
// CHECK:     ck.flag_signal %[[WS]][%[[MYFLAG]]]
// CHECK:   }
// CHECK:   ck.lds_barrier
// CHECK:   %[[STEP:.*]] = arith.addi %{{.*}}, %[[GI]] : index
// CHECK:   scf.yield
// CHECK-NOT: ck.partition
// CHECK: gpu.return
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @streamk(%a: memref<2x48x64xf16>, %b: memref<2x64x40xf16>, %c: memref<2x48x40xf16>,
                      %ws: memref<16896xf32>, %k: i32, %d: i32, %q: i32, %r: i32, %grid: i32) kernel {
      ck.partition #ck.partition<stream_k> tiles [2, 2, 1] k_tiles 2 schedule(%k, %d, %q, %r, %grid)
          workspace(%ws : memref<16896xf32>) unit {
      ^bb0(%g: index, %m0: index, %n0: index, %k0: index, %k1: index):
        %acc = ck.tile_gemm %a, %b at [%g, %m0, %n0] k_tiles %k0 to %k1 config #cfg
            : memref<2x48x64xf16>, memref<2x64x40xf16> -> !acc
        ck.yield %acc : !acc
      } epilogue {
      ^bb0(%g: index, %m0: index, %n0: index, %sum: !acc):
        ck.tile_store %sum -> %c[%g, %m0, %n0] : !acc, memref<2x48x40xf16>
        ck.yield
      }
      gpu.return
    }
  }
}

// -----
// StreamK with `ring = shared`: the units share the ring, so the unit loop
// carries the K-tiles the workgroup ran before each
// unit, which are its ck.tile_gemm's first ring step, of the workgroup's
// total (its data-parallel tiles' K-tiles, ceil((D - min(w, D)) / grid) x
// 2, and its range's); the fix-up's flags are the two math waves' (64
// threads), and no barrier ends a unit.

#scfg = #ck.gemm_config<block = [32, 64, 64], wave = [16, 64], mma = #ck.mma_sync<16x8x16, f16>, partition = #ck.partition<stream_k, ring = shared>, lds_buffers = 2, load_waves = 4>
!sacc = !ck.acc<32x64xf32, #ck.mma_sync<16x8x16, f16>, waves = [2, 1]>
!sbars = memref<4xi64, #gpu.address_space<workgroup>>
!sstage = memref<32x72xf16, #gpu.address_space<workgroup>>

// CHECK-LABEL: gpu.func @streamk_ring
// CHECK: %[[W:.*]] = gpu.block_id x
// CHECK: %[[DPLEFT:.*]] = arith.subi %[[D:.*]], %{{.*}} : index
// CHECK: %[[DPUNITS:.*]] = arith.ceildivui %[[DPLEFT]], %{{.*}} : index
// CHECK: %[[DPITERS:.*]] = arith.muli %[[DPUNITS]], %[[C2:.*]] : index
// CHECK: %[[RANGE:.*]] = arith.subi %[[END:.*]], %[[BEGIN:.*]] : index
// CHECK: %[[TOTAL:.*]] = arith.addi %[[DPITERS]], %[[RANGE]] : index
// CHECK: scf.while (%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %c0{{.*}}) : (index, index, index) -> (index, index, index) {
// CHECK: } do {
// CHECK: ^bb0(%{{.*}}: index, %{{.*}}: index, %[[FIRST:.*]]: index):
// CHECK:   ck.tile_gemm {{.*}} k_tiles %[[K0:.*]] to %[[K1:.*]] config {{.*}} barriers %{{.*}} ring_steps %[[FIRST]] of %[[TOTAL]]
// CHECK:   ck.flag_wait %{{.*}}[%{{.*}}] threads 64
// CHECK:   ck.tile_store {{.*}} holders_only
// CHECK:   ck.flag_signal %{{.*}}[%{{.*}}] threads 64
// CHECK-NOT: ck.lds_barrier
// CHECK:   %[[RAN:.*]] = arith.subi %[[K1]], %[[K0]] : index
// CHECK:   %[[NEXT:.*]] = arith.addi %[[FIRST]], %[[RAN]] : index
// CHECK:   scf.yield %{{.*}}, %{{.*}}, %[[NEXT]] : index, index, index
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @streamk_ring(%a: memref<2x48x128xf16>, %b: memref<2x128x40xf16>, %c: memref<2x48x40xf16>,
                           %ws: memref<16896xf32>, %k: i32, %d: i32, %q: i32, %r: i32, %grid: i32) kernel {
      ck.partition #ck.partition<stream_k, ring = shared> tiles [2, 2, 1] k_tiles 2 schedule(%k, %d, %q, %r, %grid)
          workspace(%ws : memref<16896xf32>) unit {
      ^bb0(%g: index, %m0: index, %n0: index, %k0: index, %k1: index):
        %bars = ck.lds_buffer offset 32768 : !sbars
        %acc = ck.tile_gemm %a, %b at [%g, %m0, %n0] k_tiles %k0 to %k1 config #scfg barriers %bars (!sbars)
            : memref<2x48x128xf16>, memref<2x128x40xf16> -> !sacc
        ck.yield %acc : !sacc
      } epilogue {
      ^bb0(%g: index, %m0: index, %n0: index, %sum: !sacc):
        %stage = ck.lds_buffer offset 16384 : !sstage
        ck.tile_store %sum -> %c[%g, %m0, %n0] staged %stage width 8 holders_only : !sacc, memref<2x48x40xf16>, !sstage
        ck.yield
      }
      gpu.return
    }
  }
}

// -----
// Workgroups in clusters of two along M over 4 x 3 tiles of 32 x 64: block
// x = 2q + r is rank r of cluster q, which holds the group of tiles q of the
// 2 x 3 groups (row-major): row (q / 3) * 2 + r, column q mod 3; the tile's
// index is row * 3 + column. In @clustered_n, clusters of two along N over
// 3 x 4 tiles: the 3 x 2 groups, row q / 2, column (q mod 2) * 2 + r.

!acc = !ck.acc<32x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
#cfg_m = #ck.gemm_config<block = [32, 64, 32], wave = [16, 32], mma = #ck.mfma<16x16x16, f16>, load_waves = 4, cluster = [2, 1]>
#cfg_n = #ck.gemm_config<block = [32, 64, 32], wave = [16, 32], mma = #ck.mfma<16x16x16, f16>, load_waves = 4, cluster = [1, 2]>

// CHECK-LABEL: gpu.func @clustered
// CHECK: %[[BX:.*]] = gpu.block_id x
// CHECK: %[[RANK:.*]] = arith.remui %[[BX]], %[[C2:.*]] : index
// CHECK: %[[GROUP:.*]] = arith.divui %[[BX]], %[[C2]] : index
// CHECK: %[[GROW:.*]] = arith.divui %[[GROUP]], %[[C3:.*]] : index
// CHECK: %[[COL:.*]] = arith.remui %[[GROUP]], %[[C3]] : index
// CHECK: %[[ROW0:.*]] = arith.muli %[[GROW]], %[[C2]] : index
// CHECK: %[[ROW:.*]] = arith.addi %[[ROW0]], %[[RANK]] : index
// CHECK: %[[ROWS:.*]] = arith.muli %[[ROW]], %[[C3]] : index
// CHECK: %[[TILE:.*]] = arith.addi %[[ROWS]], %[[COL]] : index
// CHECK: %[[TM:.*]] = arith.divui %[[TILE]], %[[C3]] : index
// CHECK: %[[M0:.*]] = arith.muli %[[TM]], %{{.*}} : index
// CHECK: %[[TN:.*]] = arith.remui %[[TILE]], %[[C3]] : index
// CHECK: %[[N0:.*]] = arith.muli %[[TN]], %{{.*}} : index
// CHECK: ck.tile_gemm %{{.*}}, %{{.*}} at [%{{.*}}, %[[M0]], %[[N0]]]

// CHECK-LABEL: gpu.func @clustered_n
// CHECK: %[[BX:.*]] = gpu.block_id x
// CHECK: %[[RANK:.*]] = arith.remui %[[BX]], %[[C2:.*]] : index
// CHECK: %[[GROUP:.*]] = arith.divui %[[BX]], %[[C2]] : index
// CHECK: %[[ROW:.*]] = arith.divui %[[GROUP]], %[[C2]] : index
// CHECK: %[[GCOL:.*]] = arith.remui %[[GROUP]], %[[C2]] : index
// CHECK: %[[COL0:.*]] = arith.muli %[[GCOL]], %[[C2]] : index
// CHECK: %[[COL:.*]] = arith.addi %[[COL0]], %[[RANK]] : index
// CHECK: %[[ROWS:.*]] = arith.muli %[[ROW]], %[[C4:.*]] : index
// CHECK: %[[TILE:.*]] = arith.addi %[[ROWS]], %[[COL]] : index
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @clustered(%a: memref<1x128x64xf16>, %b: memref<1x64x192xf16>, %c: memref<1x128x192xf16>) kernel {
      ck.partition #ck.partition<data_parallel> tiles [1, 4, 3] k_tiles 2 cluster [2, 1] unit {
      ^bb0(%g: index, %m0: index, %n0: index, %k0: index, %k1: index):
        %acc = ck.tile_gemm %a, %b at [%g, %m0, %n0] k_tiles %k0 to %k1 config #cfg_m
            : memref<1x128x64xf16>, memref<1x64x192xf16> -> !acc
        ck.yield %acc : !acc
      } epilogue {
      ^bb0(%g: index, %m0: index, %n0: index, %sum: !acc):
        ck.tile_store %sum -> %c[%g, %m0, %n0] : !acc, memref<1x128x192xf16>
        ck.yield
      }
      gpu.return
    }
    gpu.func @clustered_n(%a: memref<1x96x64xf16>, %b: memref<1x64x256xf16>, %c: memref<1x96x256xf16>) kernel {
      ck.partition #ck.partition<data_parallel> tiles [1, 3, 4] k_tiles 2 cluster [1, 2] unit {
      ^bb0(%g: index, %m0: index, %n0: index, %k0: index, %k1: index):
        %acc = ck.tile_gemm %a, %b at [%g, %m0, %n0] k_tiles %k0 to %k1 config #cfg_n
            : memref<1x96x64xf16>, memref<1x64x256xf16> -> !acc
        ck.yield %acc : !acc
      } epilogue {
      ^bb0(%g: index, %m0: index, %n0: index, %sum: !acc):
        ck.tile_store %sum -> %c[%g, %m0, %n0] : !acc, memref<1x96x256xf16>
        ck.yield
      }
      gpu.return
    }
  }
}

// -----
// @persistent is data_parallel with dp = persistent over tiles [2, 2, 1]
// (4 in all) of 3 K-tiles: workgroup w of the grid's W runs
// ceil((4 - min(w, 4)) / W) units, unit u on tile w + u * W (batch
// tile / 2, x = tile mod 2), with no barrier between them. Its
// ck.tile_gemm gets the ring's steps: u * 3 of units * 3.

#pcfg = #ck.gemm_config<block = [32, 64, 64], wave = [16, 64], mma = #ck.mma_sync<16x8x16, f16>, partition = #ck.partition<data_parallel, dp = persistent>, lds_buffers = 2, load_waves = 4>
!pacc2 = !ck.acc<32x64xf32, #ck.mma_sync<16x8x16, f16>, waves = [2, 1]>
!pbars = memref<4xi64, #gpu.address_space<workgroup>>
!pstage = memref<32x72xf16, #gpu.address_space<workgroup>>

// CHECK-LABEL: gpu.func @persistent
// CHECK: %[[W:.*]] = gpu.block_id x
// CHECK: %[[GRID:.*]] = gpu.grid_dim x
// CHECK: %[[C4:.*]] = arith.constant 4 : index
// CHECK: %[[C3:.*]] = arith.constant 3 : index
// CHECK: %[[WT:.*]] = arith.minui %[[W]], %[[C4]]
// CHECK: %[[LEFT:.*]] = arith.subi %[[C4]], %[[WT]]
// CHECK: %[[UNITS:.*]] = arith.ceildivui %[[LEFT]], %[[GRID]]
// CHECK: %[[TOTAL:.*]] = arith.muli %[[UNITS]], %[[C3]]
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[C1:.*]] = arith.constant 1 : index
// CHECK: scf.for %[[U:.*]] = %[[C0]] to %[[UNITS]] step %[[C1]] {
// CHECK:   %[[UW:.*]] = arith.muli %[[U]], %[[GRID]]
// CHECK:   %[[TILE:.*]] = arith.addi %[[W]], %[[UW]]
// CHECK:   %[[G:.*]] = arith.divui %[[TILE]], %c2
// CHECK:   %[[FIRST:.*]] = arith.muli %[[U]], %[[C3]]
// CHECK:   %[[ACC:.*]] = ck.tile_gemm {{.*}} at [%[[G]], %{{.*}}, %{{.*}}] k_tiles %[[C0]] to %[[C3]] config <{{.*}}partition = #ck.partition<data_parallel, dp = persistent>{{.*}} barriers %{{.*}} ring_steps %[[FIRST]] of %[[TOTAL]]
// CHECK: ck.tile_store %[[ACC]] {{.*}} holders_only
// CHECK-NOT: ck.lds_barrier
// CHECK: }
// CHECK-NEXT: gpu.return
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @persistent(%a: memref<2x48x192xf16>, %b: memref<2x192x40xf16>, %c: memref<2x48x40xf16>) kernel {
      ck.partition #ck.partition<data_parallel, dp = persistent> tiles [2, 2, 1] k_tiles 3 unit {
      ^bb0(%g: index, %m0: index, %n0: index, %k0: index, %k1: index):
        %bars = ck.lds_buffer offset 32768 : !pbars
        %acc = ck.tile_gemm %a, %b at [%g, %m0, %n0] k_tiles %k0 to %k1 config #pcfg barriers %bars (!pbars)
            : memref<2x48x192xf16>, memref<2x192x40xf16> -> !pacc2
        ck.yield %acc : !pacc2
      } epilogue {
      ^bb0(%g: index, %m0: index, %n0: index, %sum: !pacc2):
        %stage = ck.lds_buffer offset 16384 : !pstage
        ck.tile_store %sum -> %c[%g, %m0, %n0] staged %stage width 8 holders_only : !pacc2, memref<2x48x40xf16>, !pstage
        ck.yield
      }
      gpu.return
    }
  }
}

// -----
// @persistent_clustered: the same persistent workgroups in clusters of two
// along M, over tiles [2, 2, 2] (2 x 2 per batch, 8 in all). Rank r = w
// mod 2 of cluster c = w / 2 of W / 2 runs ceil((4 - min(c, 4)) / (W / 2))
// units over the 4 groups of two tiles, unit u on group q = c + u * W / 2:
// batch q / 2, and of the batch's 1 x 2 groups the one at q mod 2, whose
// tile of rank r is row r, column q mod 2 (emitClusteredTile).

#ccfg = #ck.gemm_config<block = [32, 64, 64], wave = [16, 64], mma = #ck.mma_sync<16x8x16, f16>, partition = #ck.partition<data_parallel, dp = persistent>, lds_buffers = 2, load_waves = 4, cluster = [2, 1]>
!cacc = !ck.acc<32x64xf32, #ck.mma_sync<16x8x16, f16>, waves = [2, 1]>
!cbars = memref<4xi64, #gpu.address_space<workgroup>>
!cstage = memref<32x72xf16, #gpu.address_space<workgroup>>

// CHECK-LABEL: gpu.func @persistent_clustered
// CHECK: %[[W:.*]] = gpu.block_id x
// CHECK: %[[GRID:.*]] = gpu.grid_dim x
// CHECK: %[[C2:.*]] = arith.constant 2 : index
// CHECK: %[[RANK:.*]] = arith.remui %[[W]], %[[C2]]
// CHECK: %[[CL:.*]] = arith.divui %[[W]], %[[C2]]
// CHECK: %[[CLUSTERS:.*]] = arith.divui %[[GRID]], %[[C2]]
// CHECK: %[[C4:.*]] = arith.constant 4 : index
// CHECK: %[[CT:.*]] = arith.minui %[[CL]], %[[C4]]
// CHECK: %[[LEFT:.*]] = arith.subi %[[C4]], %[[CT]]
// CHECK: %[[UNITS:.*]] = arith.ceildivui %[[LEFT]], %[[CLUSTERS]]
// CHECK: scf.for %[[U:.*]] = %{{.*}} to %[[UNITS]] step %{{.*}} {
// CHECK:   %[[UW:.*]] = arith.muli %[[U]], %[[CLUSTERS]]
// CHECK:   %[[Q:.*]] = arith.addi %[[CL]], %[[UW]]
// CHECK:   %[[G:.*]] = arith.divui %[[Q]], %[[C2]]
// CHECK:   %[[GROUP:.*]] = arith.remui %[[Q]], %[[C2]]
// CHECK:   %[[GROW:.*]] = arith.divui %[[GROUP]], %[[C2]]
// CHECK:   %[[COL:.*]] = arith.remui %[[GROUP]], %[[C2]]
// CHECK:   %[[ROW0:.*]] = arith.muli %[[GROW]], %[[C2]]
// CHECK:   %[[ROW:.*]] = arith.addi %[[ROW0]], %[[RANK]]
// CHECK:   %[[ROWS:.*]] = arith.muli %[[ROW]], %[[C2]]
// CHECK:   %[[TILE:.*]] = arith.addi %[[ROWS]], %[[COL]]
// CHECK:   %[[TM:.*]] = arith.divui %[[TILE]], %[[C2]]
// CHECK:   %[[M0:.*]] = arith.muli %[[TM]], %{{.*}}
// CHECK:   %[[TN:.*]] = arith.remui %[[TILE]], %[[C2]]
// CHECK:   %[[N0:.*]] = arith.muli %[[TN]], %{{.*}}
// CHECK:   ck.tile_gemm {{.*}} at [%[[G]], %[[M0]], %[[N0]]]
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @persistent_clustered(%a: memref<2x64x192xf16>, %b: memref<2x192x128xf16>, %c: memref<2x64x128xf16>) kernel {
      ck.partition #ck.partition<data_parallel, dp = persistent> tiles [2, 2, 2] k_tiles 3 cluster [2, 1] unit {
      ^bb0(%g: index, %m0: index, %n0: index, %k0: index, %k1: index):
        %bars = ck.lds_buffer offset 32768 : !cbars
        %acc = ck.tile_gemm %a, %b at [%g, %m0, %n0] k_tiles %k0 to %k1 config #ccfg barriers %bars (!cbars)
            : memref<2x64x192xf16>, memref<2x192x128xf16> -> !cacc
        ck.yield %acc : !cacc
      } epilogue {
      ^bb0(%g: index, %m0: index, %n0: index, %sum: !cacc):
        %stage = ck.lds_buffer offset 16384 : !cstage
        ck.tile_store %sum -> %c[%g, %m0, %n0] staged %stage width 8 holders_only : !cacc, memref<2x64x128xf16>, !cstage
        ck.yield
      }
      gpu.return
    }
  }
}

// -----
// The same epilogue handing its tile to 3 store waves: unit u's store waves
// may still hold the staging tile from unit u - 1 (busy: u > 0), and hand it
// back unless u is the last unit (more: u + 1 < units).

#hcfg = #ck.gemm_config<block = [32, 64, 64], wave = [16, 64], mma = #ck.mma_sync<16x8x16, f16>, partition = #ck.partition<data_parallel, dp = persistent>, lds_buffers = 2, load_waves = 4>
!hacc = !ck.acc<32x64xf32, #ck.mma_sync<16x8x16, f16>, waves = [2, 1]>
!hbars = memref<4xi64, #gpu.address_space<workgroup>>
!hstage = memref<32x72xf16, #gpu.address_space<workgroup>>

// CHECK-LABEL: gpu.func @persistent_store_waves
// CHECK: %[[UNITS:.*]] = arith.ceildivui
// CHECK: scf.for %[[U:.*]] = %{{.*}} to %[[UNITS]] step %[[ONE:[^ ]*]] {
// CHECK:   %[[ACC:.*]] = ck.tile_gemm
// CHECK:   %[[BUSY:.*]] = arith.cmpi ugt, %[[U]], %{{.*}} : index
// CHECK:   %[[NEXT:.*]] = arith.addi %[[U]], %{{.*}} : index
// CHECK:   %[[MORE:.*]] = arith.cmpi ult, %[[NEXT]], %[[UNITS]] : index
// CHECK:   ck.tile_store %[[ACC]] {{.*}} holders_only store_waves 3 busy %[[BUSY]] more %[[MORE]]
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @persistent_store_waves(%a: memref<2x48x192xf16>, %b: memref<2x192x40xf16>, %c: memref<2x48x40xf16>) kernel {
      ck.partition #ck.partition<data_parallel, dp = persistent> tiles [2, 2, 1] k_tiles 3 unit {
      ^bb0(%g: index, %m0: index, %n0: index, %k0: index, %k1: index):
        %bars = ck.lds_buffer offset 32768 : !hbars
        %acc = ck.tile_gemm %a, %b at [%g, %m0, %n0] k_tiles %k0 to %k1 config #hcfg barriers %bars (!hbars)
            : memref<2x48x192xf16>, memref<2x192x40xf16> -> !hacc
        ck.yield %acc : !hacc
      } epilogue {
      ^bb0(%g: index, %m0: index, %n0: index, %sum: !hacc):
        %stage = ck.lds_buffer offset 16384 : !hstage
        ck.tile_store %sum -> %c[%g, %m0, %n0] staged %stage width 8 holders_only store_waves 3 : !hacc, memref<2x48x40xf16>, !hstage
        ck.yield
      }
      gpu.return
    }
  }
}

// -----
// @persistent_resident_b keeps B resident (resident_b) over tiles
// [2, 3, 1]: 2 columns of B (one per batch) of 3 tiles, 6 in all. Workgroup
// w runs the w-th of W runs of consecutive tiles, column by column: per =
// 6 / W, extra = 6 mod W, its first tile begin = w * per + min(w, extra),
// per + (w < extra) of them. Unit u's tile begin + u is column (begin + u)
// / 3 (the batch) and row (begin + u) mod 3; its copy of B is its column
// less the run's first, of last - first + 1 copies; its load waves copy B
// where u = 0 or the row is 0, its math waves release B where the run's
// next unit starts a column.

#rcfg = #ck.gemm_config<block = [64, 64, 64], wave = [16, 64], mma = #ck.wgmma<f16>, partition = #ck.partition<data_parallel, dp = persistent>, lds_buffers = 2, load_waves = 4, async_copy, resident_b>
!racc = !ck.acc<64x64xf32, #ck.wgmma<f16>, waves = [4, 1]>
!rbars = memref<6xi64, #gpu.address_space<workgroup>>
!rstage = memref<64x64xf16, #gpu.address_space<workgroup>>

// CHECK-LABEL: gpu.func @persistent_resident_b
// CHECK-DAG: %[[W:.*]] = gpu.block_id x
// CHECK-DAG: %[[GRID:.*]] = gpu.grid_dim x
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG: %[[C6:.*]] = arith.constant 6 : index
// CHECK: %[[PER:.*]] = arith.divui %[[C6]], %[[GRID]]
// CHECK: %[[EXTRA:.*]] = arith.remui %[[C6]], %[[GRID]]
// CHECK: %[[WPER:.*]] = arith.muli %[[W]], %[[PER]]
// CHECK: %[[WEXTRA:.*]] = arith.minui %[[W]], %[[EXTRA]]
// CHECK: %[[BEGIN:.*]] = arith.addi %[[WPER]], %[[WEXTRA]]
// CHECK: %[[LONG:.*]] = arith.cmpi ult, %[[W]], %[[EXTRA]]
// CHECK: %[[ONE_MORE:.*]] = arith.select %[[LONG]], %[[C1:.*]], %[[C0:.*]] : index
// CHECK: %[[UNITS:.*]] = arith.addi %[[PER]], %[[ONE_MORE]]
// CHECK: %[[TOTAL:.*]] = arith.muli %[[UNITS]], %[[C3]]
// CHECK: %[[SOME:.*]] = arith.maxui %[[UNITS]], %[[C1]]
// CHECK: %[[LASTU:.*]] = arith.subi %[[SOME]], %[[C1]]
// CHECK: %[[LAST:.*]] = arith.addi %[[BEGIN]], %[[LASTU]]
// CHECK: %[[LASTCOL:.*]] = arith.divui %[[LAST]], %[[C3]]
// CHECK: %[[FIRSTCOL:.*]] = arith.divui %[[BEGIN]], %[[C3]]
// CHECK: %[[SPAN:.*]] = arith.subi %[[LASTCOL]], %[[FIRSTCOL]]
// CHECK: %[[GENS:.*]] = arith.addi %[[SPAN]], %[[C1]]
// CHECK: scf.for %[[U:.*]] = %[[C0]] to %[[UNITS]] step %[[C1]] {
// CHECK:   %[[AT:.*]] = arith.addi %[[BEGIN]], %[[U]]
// CHECK:   %[[G:.*]] = arith.divui %[[AT]], %[[C3]]
// CHECK:   %[[ROW:.*]] = arith.remui %[[AT]], %[[C3]]
// CHECK:   %[[FIRST:.*]] = arith.muli %[[U]], %[[C3]]
// CHECK:   %[[GEN:.*]] = arith.subi %[[G]], %[[FIRSTCOL]]
// CHECK:   %[[UFIRST:.*]] = arith.cmpi eq, %[[U]], %[[C0]]
// CHECK:   %[[ROWFIRST:.*]] = arith.cmpi eq, %[[ROW]], %[[C0]]
// CHECK:   %[[LOAD:.*]] = arith.ori %[[UFIRST]], %[[ROWFIRST]]
// CHECK:   %[[NEXT:.*]] = arith.addi %[[U]], %[[C1]]
// CHECK:   %[[NEXTAT:.*]] = arith.addi %[[BEGIN]], %[[NEXT]]
// CHECK:   %[[NEXTROW:.*]] = arith.remui %[[NEXTAT]], %[[C3]]
// CHECK:   %[[HASNEXT:.*]] = arith.cmpi ult, %[[NEXT]], %[[UNITS]]
// CHECK:   %[[NEXTFIRST:.*]] = arith.cmpi eq, %[[NEXTROW]], %[[C0]]
// CHECK:   %[[RELEASE:.*]] = arith.andi %[[HASNEXT]], %[[NEXTFIRST]]
// CHECK:   ck.tile_gemm {{.*}} at [%[[G]], {{.*}}] k_tiles %[[C0]] to %[[C3]] config <{{.*}}resident_b> barriers %{{.*}} ring_steps %[[FIRST]] of %[[TOTAL]] resident_b %[[GEN]] of %[[GENS]] load %[[LOAD]] release %[[RELEASE]]
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @persistent_resident_b(%a: memref<2x192x192xf16>, %b: memref<2x192x64xf16>, %c: memref<2x192x64xf16>) kernel {
      ck.partition #ck.partition<data_parallel, dp = persistent> tiles [2, 3, 1] k_tiles 3 unit {
      ^bb0(%g: index, %m0: index, %n0: index, %k0: index, %k1: index):
        %bars = ck.lds_buffer offset 65536 : !rbars
        %acc = ck.tile_gemm %a, %b at [%g, %m0, %n0] k_tiles %k0 to %k1 config #rcfg barriers %bars (!rbars)
            : memref<2x192x192xf16>, memref<2x192x64xf16> -> !racc
        ck.yield %acc : !racc
      } epilogue {
      ^bb0(%g: index, %m0: index, %n0: index, %sum: !racc):
        %stage = ck.lds_buffer offset 49152 : !rstage
        ck.tile_store %sum -> %c[%g, %m0, %n0] staged %stage width 8 holders_only : !racc, memref<2x192x64xf16>, !rstage
        ck.yield
      }
      gpu.return
    }
  }
}

// -----
// With two columns per batch (tiles [1, 2, 2]) the run's tile begin + u is
// column c = (begin + u) / 2 and row (begin + u) mod 2, and its tile among
// the row-major [1, 2, 2] is ((c / 2) * 2 + row) * 2 + c mod 2.

#r2cfg = #ck.gemm_config<block = [64, 64, 64], wave = [16, 64], mma = #ck.wgmma<f16>, partition = #ck.partition<data_parallel, dp = persistent>, lds_buffers = 2, load_waves = 4, async_copy, resident_b>
!r2acc = !ck.acc<64x64xf32, #ck.wgmma<f16>, waves = [4, 1]>
!r2bars = memref<6xi64, #gpu.address_space<workgroup>>
!r2stage = memref<64x64xf16, #gpu.address_space<workgroup>>

// CHECK-LABEL: gpu.func @persistent_resident_b_columns
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK: scf.for %[[U:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK:   %[[AT:.*]] = arith.addi %{{.*}}, %[[U]]
// CHECK:   %[[COL:.*]] = arith.divui %[[AT]], %[[C2]]
// CHECK:   %[[ROW:.*]] = arith.remui %[[AT]], %[[C2]]
// CHECK:   %[[G:.*]] = arith.divui %[[COL]], %[[C2]]
// CHECK:   %[[N:.*]] = arith.remui %[[COL]], %[[C2]]
// CHECK:   %[[GROWS:.*]] = arith.muli %[[G]], %[[C2]]
// CHECK:   %[[GROW:.*]] = arith.addi %[[GROWS]], %[[ROW]]
// CHECK:   %[[GROWN:.*]] = arith.muli %[[GROW]], %[[C2]]
// CHECK:   %[[TILE:.*]] = arith.addi %[[GROWN]], %[[N]]
// CHECK:   ck.tile_gemm
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @persistent_resident_b_columns(%a: memref<1x128x192xf16>, %b: memref<1x192x128xf16>, %c: memref<1x128x128xf16>) kernel {
      ck.partition #ck.partition<data_parallel, dp = persistent> tiles [1, 2, 2] k_tiles 3 unit {
      ^bb0(%g: index, %m0: index, %n0: index, %k0: index, %k1: index):
        %bars = ck.lds_buffer offset 65536 : !r2bars
        %acc = ck.tile_gemm %a, %b at [%g, %m0, %n0] k_tiles %k0 to %k1 config #r2cfg barriers %bars (!r2bars)
            : memref<1x128x192xf16>, memref<1x192x128xf16> -> !r2acc
        ck.yield %acc : !r2acc
      } epilogue {
      ^bb0(%g: index, %m0: index, %n0: index, %sum: !r2acc):
        %stage = ck.lds_buffer offset 49152 : !r2stage
        ck.tile_store %sum -> %c[%g, %m0, %n0] staged %stage width 8 holders_only : !r2acc, memref<1x128x128xf16>, !r2stage
        ck.yield
      }
      gpu.return
    }
  }
}
