// RUN: ck-opt %s -split-input-file -ck-set-target=chip=gfx942 -ck-lower-roles -cse -verify-diagnostics | FileCheck %s
// RUN: ck-opt %s -split-input-file -ck-set-target=chip=sm_90a -ck-lower-roles -cse -verify-diagnostics | FileCheck %s --check-prefix=NV

// ck-lower-roles (LowerRoles.cpp) turns each ck.roles into a branch on the
// wave index: waves 0..math-1 (tid / wave size < math) take the math
// region, the others the load region; each ck.yield becomes scf.yield and
// the ring events stay. gfx942 has waves of 64 lanes, sm_90a warps of 32.

!acc = !ck.acc<64x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>

// The wave index is the kernel's one (emitLaneIds, at its entry).
// CHECK-LABEL: gpu.func @roles
// CHECK: %[[TID:.*]] = gpu.thread_id x
// CHECK: %[[WAVE:.*]] = arith.divui %[[TID]], %c64 : index
// CHECK: %[[RING:.*]] = ck.ring math 4 load 2 : !ck.ring<2>
// CHECK: %[[MATH:.*]] = arith.cmpi ult, %[[WAVE]], %c4 : index
// CHECK: %[[ACC:.*]] = scf.if %[[MATH]] -> (!ck.acc<64x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>) {
// CHECK:   ck.ring_wait %[[RING]] full
// CHECK:   %[[SUM:.*]] = ck.tile_mma
// CHECK:   scf.yield %[[SUM]]
// CHECK: } else {
// CHECK:   ck.ring_signal %[[RING]] full
// CHECK:   %[[ZERO:.*]] = ck.acc_zero
// CHECK:   scf.yield %[[ZERO]]
// CHECK: }
// CHECK: ck.tile_store %[[ACC]]
// CHECK-NOT: ck.roles
// NV-LABEL: gpu.func @roles
// NV: %[[WAVE:.*]] = arith.divui %{{.*}}, %c32 : index
// NV: arith.cmpi ult, %[[WAVE]], %c4 : index
gpu.module @kernels {
  gpu.func @roles(%la: memref<2x64x40xf16, #gpu.address_space<workgroup>>,
                  %lb: memref<2x64x40xf16, #gpu.address_space<workgroup>>,
                  %c: memref<1x64x64xf16>, %i: index) kernel {
    %ring = ck.ring math 4 load 2 : !ck.ring<2>
    %acc = ck.roles math 4 {
      %zero = ck.acc_zero : !acc
      ck.ring_wait %ring full %i : !ck.ring<2>
      %sum = ck.tile_mma %zero, %la, %lb slot %i k 32 b_transposed
          : !acc, memref<2x64x40xf16, #gpu.address_space<workgroup>>, memref<2x64x40xf16, #gpu.address_space<workgroup>>
      ck.yield %sum : !acc
    } load 2 {
      ck.ring_signal %ring full %i : !ck.ring<2>
      %zero = ck.acc_zero : !acc
      ck.yield %zero : !acc
    } -> !acc
    ck.tile_store %acc -> %c[%i, %i, %i] : !acc, memref<1x64x64xf16>
    gpu.return
  }
}

// -----
// A kernel whose block is not the roles' waves: 4 + 2 waves are 384
// threads on gfx942 and 192 on sm_90a, but the kernel runs 256.

gpu.module @kernels {
  gpu.func @wrong_block() kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
    // expected-error-re @+1 {{splits 6 waves of {{32|64}} lanes, but its kernel's block is array<i32: 256, 1, 1>}}
    ck.roles math 4 {
      ck.yield
    } load 2 {
      ck.yield
    }
    gpu.return
  }
}
