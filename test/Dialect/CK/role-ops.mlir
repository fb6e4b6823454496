// RUN: ck-opt %s | ck-opt | FileCheck %s
// RUN: ck-opt %s --mlir-print-op-generic | ck-opt | FileCheck %s

// The wave-role ops (CKRoleOps.td) print as they parse: a ring of two
// slots between 4 math and 2 load waves, the roles' loops with the four
// ring events, and a configuration with load waves.

!acc = !ck.acc<64x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>

// CHECK-LABEL: func.func @role_ops
// CHECK-SAME: (%[[LA:[^:]*]]: memref<2x64x40xf16, #gpu.address_space<workgroup>>, %[[LB:[^:]*]]: memref<2x64x40xf16, #gpu.address_space<workgroup>>, %[[N:[^:]*]]: index)
// CHECK: %[[RING:.*]] = ck.ring math 4 load 2 : !ck.ring<2>
// CHECK: %[[ACC:.*]] = ck.roles math 4 {
// CHECK:   scf.for %[[I:.*]] = %{{.*}} to %[[N]]
// CHECK:     ck.ring_wait %[[RING]] full %[[I]] : !ck.ring<2>
// CHECK:     ck.tile_mma
// CHECK:     ck.ring_signal %[[RING]] empty %[[I]] of %[[N]] : !ck.ring<2>
// CHECK:   ck.yield %{{.*}} : !ck.acc<64x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
// CHECK: } load 2 {
// CHECK:   scf.for %[[J:.*]] = %{{.*}} to %[[N]]
// CHECK:     ck.ring_wait %[[RING]] empty %[[J]] : !ck.ring<2>
// CHECK:     ck.ring_signal %[[RING]] full %[[J]] : !ck.ring<2>
// CHECK:   ck.yield %{{.*}} : !ck.acc<64x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
// CHECK: } -> !ck.acc<64x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
// CHECK: return %[[ACC]]
func.func @role_ops(%la: memref<2x64x40xf16, #gpu.address_space<workgroup>>,
                    %lb: memref<2x64x40xf16, #gpu.address_space<workgroup>>,
                    %n: index) -> !acc {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %ring = ck.ring math 4 load 2 : !ck.ring<2>
  %acc = ck.roles math 4 {
    %zero = ck.acc_zero : !acc
    %sum = scf.for %i = %c0 to %n step %c1 iter_args(%a = %zero) -> (!acc) {
      ck.ring_wait %ring full %i : !ck.ring<2>
      %slot = arith.remui %i, %c2 : index
      %next = ck.tile_mma %a, %la, %lb slot %slot k 32 b_transposed
          : !acc, memref<2x64x40xf16, #gpu.address_space<workgroup>>, memref<2x64x40xf16, #gpu.address_space<workgroup>>
      ck.ring_signal %ring empty %i of %n : !ck.ring<2>
      scf.yield %next : !acc
    }
    ck.yield %sum : !acc
  } load 2 {
    scf.for %j = %c0 to %n step %c1 {
      ck.ring_wait %ring empty %j : !ck.ring<2>
      ck.ring_signal %ring full %j : !ck.ring<2>
    }
    %zero = ck.acc_zero : !acc
    ck.yield %zero : !acc
  } -> !acc
  return %acc : !acc
}

// A ring with barriers, whose full signal is made as the copies land, and
// the config that asks for it (its flag printed last).
// CHECK-LABEL: func.func @signal_after_copies
// CHECK: ck.ring_signal %{{.*}} full %{{.*}} after_copies : !ck.ring<2>
// CHECK: ck.gemm {{.*}} config <block = [128, 256, 64], wave = [16, 256], mma = #ck.wgmma<bf16>, partition = #ck.partition<split_k, k_batch = 44>, lds_buffers = 4, load_waves = 8, async_copy, signal_landed>
func.func @signal_after_copies(%bars: memref<4xi64, #gpu.address_space<workgroup>>,
                               %j: index, %a: memref<1x128x64xbf16>,
                               %b: memref<1x64x256xbf16>, %c: memref<1x128x256xbf16>) {
  %ring = ck.ring math 8 load 4 barriers %bars
      (memref<4xi64, #gpu.address_space<workgroup>>) : !ck.ring<2>
  ck.ring_signal %ring full %j after_copies : !ck.ring<2>
  ck.gemm %a, %b -> %c config <block = [128, 256, 64], wave = [16, 256], mma = #ck.wgmma<bf16>, signal_landed, partition = #ck.partition<split_k, k_batch = 44>, lds_buffers = 4, load_waves = 8, async_copy>
      : memref<1x128x64xbf16>, memref<1x64x256xbf16> -> memref<1x128x256xbf16>
  return
}

// CHECK-LABEL: func.func @config_with_roles
// CHECK: config <block = [128, 128, 32], wave = [64, 64], mma = #ck.mfma<16x16x16, f16>, lds_buffers = 2, load_waves = 4>
func.func @config_with_roles(%a: memref<1x128x64xf16>, %b: memref<1x64x128xf16>,
                             %c: memref<1x128x128xf16>) {
  ck.gemm %a, %b -> %c config <block = [128, 128, 32], wave = [64, 64], mma = #ck.mfma<16x16x16, f16>, load_waves = 4, lds_buffers = 2>
      : memref<1x128x64xf16>, memref<1x64x128xf16> -> memref<1x128x128xf16>
  return
}

// The staging tile's hand-off events.

// CHECK-LABEL: func.func @staging_events
// CHECK: ck.staging_wait empty threads 352
// CHECK: ck.staging_signal full threads 352
// CHECK: ck.staging_wait full threads 352
// CHECK: ck.staging_signal empty threads 352
func.func @staging_events() {
  ck.staging_wait empty threads 352
  ck.staging_signal full threads 352
  ck.staging_wait full threads 352
  ck.staging_signal empty threads 352
  return
}

// Roles that reallocate registers, and the reallocation each arm starts
// with once ck-lower-roles has split them; a config's load_registers, in
// any order among its options, is printed last.

// CHECK-LABEL: func.func @reallocated_registers
// CHECK: ck.roles math 8 registers 160 {
// CHECK:   ck.reallocate_registers grow 160
// CHECK: } load 8 registers 96 {
// CHECK:   ck.reallocate_registers shrink 96
// CHECK: config <block = [128, 256, 64], wave = [16, 256], mma = #ck.wgmma<f16>, lds_buffers = 4, load_waves = 8, async_copy, load_registers = 96>
func.func @reallocated_registers(%a: memref<1x128x64xf16>, %b: memref<1x64x256xf16>,
                                 %c: memref<1x128x256xf16>) {
  ck.roles math 8 registers 160 {
    ck.reallocate_registers grow 160
    ck.yield
  } load 8 registers 96 {
    ck.reallocate_registers shrink 96
    ck.yield
  }
  ck.gemm %a, %b -> %c config <block = [128, 256, 64], wave = [16, 256], mma = #ck.wgmma<f16>, load_registers = 96, lds_buffers = 4, load_waves = 8, async_copy>
      : memref<1x128x64xf16>, memref<1x64x256xf16> -> memref<1x128x256xf16>
  return
}

// pingpong: a ring whose slots each one of two warpgroups reads, the
// warpgroups' turns, their own epilogue barriers, and the config (its
// flag printed last).
// CHECK-LABEL: func.func @pingpong
// CHECK: ck.ring math 8 load 4 barriers %{{.*}}(memref<10xi64, #gpu.address_space<workgroup>>) turns 2 : !ck.ring<5>
// CHECK: ck.turn_wait %[[T:.*]] threads 256
// CHECK: ck.turn_signal %[[T]] threads 256
// CHECK: ck.lds_barrier threads 128 group %[[T]]
// CHECK: %{{.*}} = ck.tile_mma %{{.*}} k 64 b_transposed in_flight pingpong
// CHECK: ck.gemm {{.*}} config <block = [256, 128, 64], wave = [32, 128], mma = #ck.wgmma<bf16>, partition = #ck.partition<data_parallel, dp = persistent>, lds_buffers = 5, load_waves = 4, async_copy, load_registers = 64, pingpong>
func.func @pingpong(%bars: memref<10xi64, #gpu.address_space<workgroup>>, %t: index,
                    %acc: !ck.acc<256x128xf32, #ck.wgmma<bf16>, waves = [8, 1]>,
                    %la: memref<5x128x64xbf16, #gpu.address_space<workgroup>>,
                    %lb: memref<5x128x64xbf16, #gpu.address_space<workgroup>>, %s: index,
                    %a: memref<1x256x64xbf16>, %b: memref<1x64x128xbf16>, %c: memref<1x256x128xbf16>) {
  %r = ck.ring math 8 load 4 barriers %bars(memref<10xi64, #gpu.address_space<workgroup>>) turns 2 : !ck.ring<5>
  ck.turn_wait %t threads 256
  ck.turn_signal %t threads 256
  ck.lds_barrier threads 128 group %t
  %x = ck.tile_mma %acc, %la, %lb slot %s k 64 b_transposed in_flight pingpong : !ck.acc<256x128xf32, #ck.wgmma<bf16>, waves = [8, 1]>, memref<5x128x64xbf16, #gpu.address_space<workgroup>>, memref<5x128x64xbf16, #gpu.address_space<workgroup>>
  ck.gemm %a, %b -> %c config <block = [256, 128, 64], wave = [32, 128], mma = #ck.wgmma<bf16>, pingpong, partition = #ck.partition<data_parallel, dp = persistent>, lds_buffers = 5, load_waves = 4, async_copy, load_registers = 64>
      : memref<1x256x64xbf16>, memref<1x64x128xbf16> -> memref<1x256x128xbf16>
  return
}
