// RUN: ck-opt %s -split-input-file -ck-set-target=chip=sm_90a -ck-lower-roles -cse -verify-diagnostics | FileCheck %s
// RUN: not ck-opt %s -split-input-file -ck-set-target=chip=gfx942 -ck-lower-roles 2>&1 | FileCheck %s --check-prefix=GFX942

// ck-lower-roles (LowerRoles.cpp) on roles with `registers`: each arm
// starts by reallocating its lanes' registers (math waves grow, load waves
// shrink), and the arms never join: the branch has no results and each
// arm runs its own copy of the rest of the kernel, the math arm on the
// math waves' accumulator, the load arm on the load waves' (whose
// accumulator ops do nothing for them), so both reach the same barriers.

!acc = !ck.acc<128x256xf32, #ck.wgmma<f16>, waves = [8, 1]>

// CHECK-LABEL: gpu.func @separate_arms
// CHECK: %[[MATH:.*]] = arith.cmpi ult, %{{.*}}, %c8 : index
// CHECK: scf.if %[[MATH]] {
// CHECK-NEXT:   ck.reallocate_registers grow 160
// CHECK:   %[[SUM:.*]] = ck.acc_zero
// CHECK:   ck.lds_barrier
// CHECK:   ck.tile_store %[[SUM]]
// CHECK: } else {
// CHECK-NEXT:   ck.reallocate_registers shrink 96
// CHECK:   %[[ZERO:.*]] = ck.acc_zero
// CHECK:   ck.lds_barrier
// CHECK:   ck.tile_store %[[ZERO]]
// CHECK: }
// CHECK-NEXT: gpu.return
// GFX942: error: 'ck.roles' op reallocates registers between its roles, which gfx942 cannot
gpu.module @kernels {
  gpu.func @separate_arms(%c: memref<1x128x256xf16>, %i: index) kernel
      attributes {known_block_size = array<i32: 512, 1, 1>} {
    %acc = ck.roles math 8 registers 160 {
      %sum = ck.acc_zero : !acc
      ck.yield %sum : !acc
    } load 8 registers 96 {
      %zero = ck.acc_zero : !acc
      ck.yield %zero : !acc
    } -> !acc
    ck.lds_barrier
    ck.tile_store %acc -> %c[%i, %i, %i] : !acc, memref<1x128x256xf16>
    gpu.return
  }
}

// -----
// Roles in a loop over a workgroup's units (a persistent or StreamK
// partition's): the kernel forks before the loop, and each arm runs its
// own copy of the loop with its role's region in place of the roles, and
// of what follows the loop.

!acc = !ck.acc<128x256xf32, #ck.wgmma<f16>, waves = [8, 1]>

// CHECK-LABEL: gpu.func @units
// CHECK: %[[MATH:.*]] = arith.cmpi ult, %{{.*}}, %c8 : index
// CHECK: scf.if %[[MATH]] {
// CHECK-NEXT:   ck.reallocate_registers grow 160
// CHECK-NEXT:   scf.for
// CHECK-NEXT:     %[[SUM:.*]] = ck.acc_zero
// CHECK-NEXT:     ck.tile_store %[[SUM]]
// CHECK-NEXT:   }
// CHECK-NEXT:   ck.lds_barrier
// CHECK-NEXT: } else {
// CHECK-NEXT:   ck.reallocate_registers shrink 96
// CHECK-NEXT:   scf.for
// CHECK-NEXT:     %[[ZERO:.*]] = ck.acc_zero
// CHECK-NEXT:     ck.tile_store %[[ZERO]]
// CHECK-NEXT:   }
// CHECK-NEXT:   ck.lds_barrier
// CHECK-NEXT: }
// CHECK-NEXT: gpu.return
gpu.module @kernels {
  gpu.func @units(%c: memref<1x128x256xf16>, %i: index, %n: index) kernel
      attributes {known_block_size = array<i32: 512, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %u = %c0 to %n step %c1 {
      %acc = ck.roles math 8 registers 160 {
        %sum = ck.acc_zero : !acc
        ck.yield %sum : !acc
      } load 8 registers 96 {
        %zero = ck.acc_zero : !acc
        ck.yield %zero : !acc
      } -> !acc
      ck.tile_store %acc -> %c[%u, %i, %i] : !acc, memref<1x128x256xf16>
    }
    ck.lds_barrier
    gpu.return
  }
}

// -----
// Roles in a branch below the kernel's body: the rest of the kernel is not
// the rest of their block.

gpu.module @kernels {
  gpu.func @nested(%c: i1) kernel attributes {known_block_size = array<i32: 512, 1, 1>} {
    scf.if %c {
      // expected-error @+1 {{'ck.roles' op reallocates registers between its roles, so each role runs the rest of the kernel in its own arm; it must stand in a gpu.func kernel's body, which ends in gpu.return, or in loops there}}
      ck.roles math 8 registers 160 {
        ck.yield
      } load 8 registers 96 {
        ck.yield
      }
    }
    gpu.return
  }
}
