// RUN: ck-opt %s -split-input-file -ck-set-target=chip=sm_90a -ck-lower-wave-tiles | FileCheck %s

// ck-lower-wave-tiles gives a ck.warpgroup_mma `instruction_n` where its
// kernel's lanes start with fewer registers than one wgmma of all its
// columns takes (N / 2 accumulators and 26 more per lane; ptxas refuses
// such an instruction whatever setmaxnreg grants later). A lane starts
// with an even share of its SIMD's 512 registers per lane, in steps of 8,
// at most 255: the workgroup's waves over the 4 SIMDs decide.

// 1024 threads, 8 waves per SIMD: 64 registers a lane. All 128 columns
// would take 64 + 26, 64 of them 32 + 26.

// CHECK-LABEL: gpu.func @threads_1024
// CHECK: ck.warpgroup_mma #ck.wgmma<f16> {{.*}} k 64 b_transposed instruction_n 64 acc(
gpu.module @kernels {
  gpu.func @threads_1024(%la: memref<512x64xf16, #gpu.address_space<workgroup>>,
                         %lb: memref<128x64xf16, #gpu.address_space<workgroup>>,
                         %c: memref<1x512x128xf32>) kernel
      attributes {known_block_size = array<i32: 1024, 1, 1>} {
    %c0 = arith.constant 0 : index
    %z = ck.acc_zero : !ck.acc<512x128xf32, #ck.wgmma<f16>, waves = [32, 1]>
    %r = ck.tile_mma %z, %la, %lb k 64 b_transposed
        : !ck.acc<512x128xf32, #ck.wgmma<f16>, waves = [32, 1]>,
          memref<512x64xf16, #gpu.address_space<workgroup>>,
          memref<128x64xf16, #gpu.address_space<workgroup>>
    ck.tile_store %r -> %c[%c0, %c0, %c0] : !ck.acc<512x128xf32, #ck.wgmma<f16>, waves = [32, 1]>, memref<1x512x128xf32>
    gpu.return
  }
}

// -----
// 512 threads, 4 waves per SIMD: 128 registers a lane. 256 columns would
// take 154, 128 of them 90.

// CHECK-LABEL: gpu.func @threads_512
// CHECK: ck.warpgroup_mma #ck.wgmma<bf16> {{.*}} k 64 instruction_n 128 acc(
gpu.module @kernels {
  gpu.func @threads_512(%la: memref<256x64xbf16, #gpu.address_space<workgroup>>,
                        %lb: memref<64x256xbf16, #gpu.address_space<workgroup>>,
                        %c: memref<1x256x256xf32>) kernel
      attributes {known_block_size = array<i32: 512, 1, 1>} {
    %c0 = arith.constant 0 : index
    %z = ck.acc_zero : !ck.acc<256x256xf32, #ck.wgmma<bf16>, waves = [16, 1]>
    %r = ck.tile_mma %z, %la, %lb k 64
        : !ck.acc<256x256xf32, #ck.wgmma<bf16>, waves = [16, 1]>,
          memref<256x64xbf16, #gpu.address_space<workgroup>>,
          memref<64x256xbf16, #gpu.address_space<workgroup>>
    ck.tile_store %r -> %c[%c0, %c0, %c0] : !ck.acc<256x256xf32, #ck.wgmma<bf16>, waves = [16, 1]>, memref<1x256x256xf32>
    gpu.return
  }
}

// -----
// 384 threads, 3 waves per SIMD: 512 / 3 = 170, 168 registers a lane,
// enough for all 256 columns (154): no instruction_n. Nor where the block
// size is not known.

// CHECK-LABEL: gpu.func @threads_384
// CHECK: ck.warpgroup_mma #ck.wgmma<bf16> {{.*}} k 64 acc(
// CHECK-LABEL: gpu.func @unknown_block
// CHECK: ck.warpgroup_mma #ck.wgmma<bf16> {{.*}} k 64 acc(
gpu.module @kernels {
  gpu.func @threads_384(%la: memref<192x64xbf16, #gpu.address_space<workgroup>>,
                        %lb: memref<64x256xbf16, #gpu.address_space<workgroup>>,
                        %c: memref<1x192x256xf32>) kernel
      attributes {known_block_size = array<i32: 384, 1, 1>} {
    %c0 = arith.constant 0 : index
    %z = ck.acc_zero : !ck.acc<192x256xf32, #ck.wgmma<bf16>, waves = [12, 1]>
    %r = ck.tile_mma %z, %la, %lb k 64
        : !ck.acc<192x256xf32, #ck.wgmma<bf16>, waves = [12, 1]>,
          memref<192x64xbf16, #gpu.address_space<workgroup>>,
          memref<64x256xbf16, #gpu.address_space<workgroup>>
    ck.tile_store %r -> %c[%c0, %c0, %c0] : !ck.acc<192x256xf32, #ck.wgmma<bf16>, waves = [12, 1]>, memref<1x192x256xf32>
    gpu.return
  }
  gpu.func @unknown_block(%la: memref<256x64xbf16, #gpu.address_space<workgroup>>,
                          %lb: memref<64x256xbf16, #gpu.address_space<workgroup>>,
                          %c: memref<1x256x256xf32>) kernel {
    %c0 = arith.constant 0 : index
    %z = ck.acc_zero : !ck.acc<256x256xf32, #ck.wgmma<bf16>, waves = [16, 1]>
    %r = ck.tile_mma %z, %la, %lb k 64
        : !ck.acc<256x256xf32, #ck.wgmma<bf16>, waves = [16, 1]>,
          memref<256x64xbf16, #gpu.address_space<workgroup>>,
          memref<64x256xbf16, #gpu.address_space<workgroup>>
    ck.tile_store %r -> %c[%c0, %c0, %c0] : !ck.acc<256x256xf32, #ck.wgmma<bf16>, waves = [16, 1]>, memref<1x256x256xf32>
    gpu.return
  }
}
