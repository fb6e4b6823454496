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
