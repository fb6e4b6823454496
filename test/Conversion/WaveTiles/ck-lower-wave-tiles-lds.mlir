// RUN: ck-opt %s -split-input-file -ck-set-target=chip=gfx942 -ck-lower-wave-tiles | FileCheck %s --check-prefix=AMD
// RUN: ck-opt %s -split-input-file -ck-set-target=chip=sm_90a -ck-lower-wave-tiles | FileCheck %s --check-prefix=NV

// ck-lower-wave-tiles places a kernel's ck.lds_buffers in one LDS arena at
// its entry and makes each a memref.view at its byte offset. Here A's tile
// [64][40] f16 (5120 bytes) at 0, B's [32][40] f16 (2560) at 5120, and the
// epilogue's [32][36] f32 (4608) at 0 again: the arena reaches 7680 bytes.
// gfx942 allocates LDS statically: a 7680-byte i8 workgroup attribution,
// 16-byte aligned. sm_90a sizes it at launch (dynamic_lds): the launch's
// dynamic shared memory, with no size in the kernel.

// AMD-LABEL: gpu.func @arena
// AMD-SAME: workgroup(%[[ARENA:[^ ]*]] : memref<7680xi8, #gpu.address_space<workgroup>> {llvm.align = 16 : i64})
// AMD-NOT: ck.lds_buffer
// AMD: %[[A:.*]] = memref.view %[[ARENA]][%c0{{.*}}][] : memref<7680xi8, #gpu.address_space<workgroup>> to memref<64x40xf16, #gpu.address_space<workgroup>>
// AMD: %[[B:.*]] = memref.view %[[ARENA]][%c5120{{.*}}][] : memref<7680xi8, #gpu.address_space<workgroup>> to memref<32x40xf16, #gpu.address_space<workgroup>>
// AMD: memref.load %[[A]]
// AMD: memref.load %[[B]]
// AMD: %[[S:.*]] = memref.view %[[ARENA]][%c0{{.*}}][] : memref<7680xi8, #gpu.address_space<workgroup>> to memref<32x36xf32, #gpu.address_space<workgroup>>
// AMD: memref.load %[[S]]

// NV-LABEL: gpu.func @arena
// NV-SAME: kernel {
// NV: %[[ARENA:.*]] = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
// NV: %[[A:.*]] = memref.view %[[ARENA]][%c0{{.*}}][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<64x40xf16, #gpu.address_space<workgroup>>
// NV: %[[B:.*]] = memref.view %[[ARENA]][%c5120{{.*}}][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<32x40xf16, #gpu.address_space<workgroup>>
// NV: %[[S:.*]] = memref.view %[[ARENA]][%c0{{.*}}][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<32x36xf32, #gpu.address_space<workgroup>>
// NV-NOT: ck.lds_buffer
gpu.module @kernels {
  gpu.func @arena(%i: index) kernel {
    %a = ck.lds_buffer offset 0 : memref<64x40xf16, #gpu.address_space<workgroup>>
    %b = ck.lds_buffer offset 5120 : memref<32x40xf16, #gpu.address_space<workgroup>>
    %x = memref.load %a[%i, %i] : memref<64x40xf16, #gpu.address_space<workgroup>>
    %y = memref.load %b[%i, %i] : memref<32x40xf16, #gpu.address_space<workgroup>>
    %s = ck.lds_buffer offset 0 : memref<32x36xf32, #gpu.address_space<workgroup>>
    %z = memref.load %s[%i, %i] : memref<32x36xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----
// Two kernels, two arenas: each as large as its own buffers reach.

// AMD-LABEL: gpu.func @first
// AMD-SAME: workgroup(%{{[^ ]*}} : memref<1024xi8, #gpu.address_space<workgroup>> {llvm.align = 16 : i64})
// AMD-LABEL: gpu.func @second
// AMD-SAME: workgroup(%{{[^ ]*}} : memref<2048xi8, #gpu.address_space<workgroup>> {llvm.align = 16 : i64})
// NV-LABEL: gpu.func @first
// NV: gpu.dynamic_shared_memory
// NV-LABEL: gpu.func @second
// NV: gpu.dynamic_shared_memory
gpu.module @kernels {
  gpu.func @first() kernel {
    %a = ck.lds_buffer offset 0 : memref<16x16xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
  gpu.func @second() kernel {
    %a = ck.lds_buffer offset 1024 : memref<16x16xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----
// A buffer aligned to 1024 bytes (wgmma's swizzled tiles). gfx942's static
// arena is declared 1024-byte aligned. sm_90a's dynamic shared memory is
// declared 16-byte aligned, so the arena moves up by (-address) mod 1024,
// and every view of the kernel, aligned or not, is offset by that.

// AMD-LABEL: gpu.func @aligned
// AMD-SAME: workgroup(%{{[^ ]*}} : memref<4096xi8, #gpu.address_space<workgroup>> {llvm.align = 1024 : i64})
// NV-LABEL: gpu.func @aligned
// NV: %[[ARENA:.*]] = gpu.dynamic_shared_memory
// NV: %[[ADDRESS:.*]] = memref.extract_aligned_pointer_as_index %[[ARENA]]
// NV: %[[NEG:.*]] = arith.subi %{{.*}}, %[[ADDRESS]] : index
// NV: %[[SHIFT:.*]] = arith.andi %[[NEG]], %c1023{{.*}} : index
// NV: %[[OA:.*]] = arith.addi %[[SHIFT]], %c2048{{.*}} : index
// NV: memref.view %[[ARENA]][%[[OA]]][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<16x64xf16, #gpu.address_space<workgroup>>
// NV: %[[OB:.*]] = arith.addi %[[SHIFT]], %c0{{.*}} : index
// NV: memref.view %[[ARENA]][%[[OB]]][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<8x8xf32, #gpu.address_space<workgroup>>
gpu.module @kernels {
  gpu.func @aligned() kernel {
    %a = ck.lds_buffer offset 2048 align 1024 : memref<16x64xf16, #gpu.address_space<workgroup>>
    %b = ck.lds_buffer offset 0 : memref<8x8xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
}
