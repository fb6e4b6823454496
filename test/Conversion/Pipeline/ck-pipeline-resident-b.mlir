// RUN: ck-opt %s -split-input-file -ck-pipeline -cse -verify-diagnostics | FileCheck %s

// A resident B (`resident_b` in the config, its copies from
// ck-lower-partition): the kernel's start makes the K-tiles' ring on the
// first 2 x 2 barriers and B's ring of one slot on the two after them (16
// bytes each further on); B's LDS holds one buffer per K-tile (3) after
// A's two slots. Math waves wait for B's copy %gen where the unit loads it,
// read A's slot and B's buffer k_begin + i at step i, and release the copy
// after the loop where the unit is its column's last. Load waves, where the
// unit loads B, wait until the previous copy is released, copy B's three
// K-tiles into their buffers, wait for them and announce B full; the ring's
// steps copy A alone. Both rings end before the return.

// CHECK-LABEL: gpu.func @resident_b
// CHECK-SAME: %[[TOTAL:[^:]*]]: index, %[[GENS:[^:]*]]: index) kernel
// CHECK-NEXT: %[[BARS:.*]] = ck.lds_buffer offset 65536 : memref<4xi64, #gpu.address_space<workgroup>>
// CHECK-NEXT: %[[RING:.*]] = ck.ring math 4 load 4 barriers %[[BARS]]({{.*}}) : !ck.ring<2>
// CHECK-NEXT: %[[BBARS:.*]] = ck.lds_buffer offset 65568 : memref<2xi64, #gpu.address_space<workgroup>>
// CHECK-NEXT: %[[BRING:.*]] = ck.ring math 4 load 4 barriers %[[BBARS]]({{.*}}) : !ck.ring<1>
// CHECK: scf.for %[[U:[^ ]*]] =
// CHECK:   %[[LOAD:.*]] = arith.cmpi eq, %[[U]], %c0
// CHECK:   %[[RELEASE:.*]] = arith.cmpi eq, %[[U]], %c1
// CHECK:   %[[LA:.*]] = ck.lds_buffer offset 0 align 1024 : memref<2x64x64xf16, #gpu.address_space<workgroup>>
// CHECK:   %[[LB:.*]] = ck.lds_buffer offset 16384 align 1024 : memref<3x64x64xf16, #gpu.address_space<workgroup>>
// CHECK:   ck.roles math 4 {
// CHECK-NEXT: scf.if %[[LOAD]] {
// CHECK-NEXT:   ck.ring_wait %[[BRING]] full %[[U]] : !ck.ring<1>
// CHECK-NEXT: }
// CHECK:      scf.for %[[I:[^ ]*]] = %c0 to %{{.*}} step %c1 iter_args(
// CHECK:        ck.ring_wait %[[RING]] full
// CHECK:        %[[BSLOT:.*]] = arith.addi %c0, %[[I]]
// CHECK-NEXT:   ck.tile_mma %{{.*}}, %[[LA]], %[[LB]] slot %{{.*}} b_slot %[[BSLOT]] k 64
// CHECK:      scf.if %[[RELEASE]] {
// CHECK-NEXT:   ck.ring_signal %[[BRING]] empty %[[U]] of %[[GENS]] : !ck.ring<1>
// CHECK-NEXT: }
// CHECK:   } load 4 {
// CHECK:      scf.if %[[LOAD]] {
// CHECK-NEXT:   ck.ring_wait %[[BRING]] empty %[[U]] : !ck.ring<1>
// CHECK-NEXT:   scf.for %[[K:[^ ]*]] = %c0 to %c3 step %c1 {
// CHECK:          ck.tile_copy_async %{{.*}} -> %[[LB]][%[[K]]]
// CHECK-NEXT:   }
// CHECK-NEXT:   ck.async_commit
// CHECK-NEXT:   ck.async_wait pending 0
// CHECK-NEXT:   ck.ring_signal %[[BRING]] full %[[U]] : !ck.ring<1>
// CHECK-NEXT: }
// CHECK:      scf.for
// CHECK:        ck.ring_wait %[[RING]] empty
// CHECK-NOT:    -> %[[LB]]
// CHECK:        ck.tile_copy_async %{{.*}} -> %[[LA]][
// CHECK-NOT:    -> %[[LB]]
// CHECK:   } -> !ck.acc
// CHECK: ck.lds_barrier
// CHECK-NEXT: ck.ring_end %[[RING]]
// CHECK-NEXT: ck.ring_end %[[BRING]]
// CHECK-NEXT: gpu.return
!racc = !ck.acc<64x64xf32, #ck.wgmma<f16>, waves = [4, 1]>
!rbars = memref<6xi64, #gpu.address_space<workgroup>>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @resident_b(%a: memref<1x128x192xf16>, %b: memref<1x192x64xf16>,
                         %ws: memref<?xf32>, %units: index, %total: index,
                         %gens: index) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c3 = arith.constant 3 : index
      %c64 = arith.constant 64 : index
      scf.for %u = %c0 to %units step %c1 {
        %first = arith.muli %u, %c3 : index
        %m0 = arith.muli %u, %c64 : index
        %load = arith.cmpi eq, %u, %c0 : index
        %release = arith.cmpi eq, %u, %c1 : index
        %bars = ck.lds_buffer offset 65536 : !rbars
        %acc = ck.tile_gemm %a, %b at [%c0, %m0, %c0] k_tiles %c0 to %c3
            config <block = [64, 64, 64], wave = [16, 64], mma = #ck.wgmma<f16>, partition = #ck.partition<data_parallel, dp = persistent>, lds_buffers = 2, load_waves = 4, async_copy, resident_b>
            barriers %bars (!rbars) ring_steps %first of %total
            resident_b %u of %gens load %load release %release
            : memref<1x128x192xf16>, memref<1x192x64xf16> -> !racc
        ck.partial_store %acc -> %ws[%c0] : !racc, memref<?xf32>
      }
      gpu.return
    }
  }
}

// -----

// Before ck-lower-partition a resident B has no copies to number.

!nacc = !ck.acc<64x64xf32, #ck.wgmma<f16>, waves = [4, 1]>
!nbars = memref<6xi64, #gpu.address_space<workgroup>>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @resident_b_unnumbered(%a: memref<1x128x192xf16>, %b: memref<1x192x64xf16>,
                                    %ws: memref<?xf32>) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c3 = arith.constant 3 : index
      %bars = ck.lds_buffer offset 65536 : !nbars
      // expected-error @+1 {{keeps B resident, which needs its copies of B}}
      %acc = ck.tile_gemm %a, %b at [%c0, %c0, %c0] k_tiles %c0 to %c3
          config <block = [64, 64, 64], wave = [16, 64], mma = #ck.wgmma<f16>, partition = #ck.partition<data_parallel, dp = persistent>, lds_buffers = 2, load_waves = 4, async_copy, resident_b>
          barriers %bars (!nbars)
          : memref<1x128x192xf16>, memref<1x192x64xf16> -> !nacc
      ck.partial_store %acc -> %ws[%c0] : !nacc, memref<?xf32>
      gpu.return
    }
  }
}
