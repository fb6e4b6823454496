// RUN: ck-opt %s | ck-opt | FileCheck %s
// RUN: ck-opt %s --mlir-print-op-generic | ck-opt | FileCheck %s

// The TMA ops (CKTensorMapOps.td) and a transaction ring print as they
// parse: the two maps of a backward-weight GEMM (dy tiled, x im2col) and a
// load thread's step: the bytes it announces, an im2col box into a slot,
// the ring's end.

// CHECK-LABEL: func.func @maps
// CHECK: ck.tensor_map %{{.*}} dims [256, 1, 40000] strides [512, 512] box [64, 1, 64] elements [1, 1, 1] swizzle 128 : memref<16x50x50x1x256xf16> -> !llvm.ptr
// CHECK: ck.tensor_map %{{.*}} im2col dims [256, 50, 50, 16] strides [512, 25600, 1280000] box [64, 64] lower [-1, -1] upper [-1, -1] elements [1, 1, 1, 1] swizzle 128 : memref<16x50x50x1x256xf16> -> !llvm.ptr
func.func @maps(%dy: memref<16x50x50x1x256xf16>, %x: memref<16x50x50x1x256xf16>)
    -> (!llvm.ptr, !llvm.ptr) {
  %a = ck.tensor_map %dy dims [256, 1, 40000] strides [512, 512]
      box [64, 1, 64] elements [1, 1, 1] swizzle 128
      : memref<16x50x50x1x256xf16> -> !llvm.ptr
  %b = ck.tensor_map %x im2col dims [256, 50, 50, 16]
      strides [512, 25600, 1280000] box [64, 64] lower [-1, -1]
      upper [-1, -1] elements [1, 1, 1, 1] swizzle 128
      : memref<16x50x50x1x256xf16> -> !llvm.ptr
  return %a, %b : !llvm.ptr, !llvm.ptr
}

// CHECK-LABEL: func.func @load_step
// CHECK: %[[RING:.*]] = ck.ring math 4 load 4 barriers %{{.*}}(memref<8xi64, #gpu.address_space<workgroup>>) : !ck.ring<4>
// CHECK: ck.ring_expect %[[RING]] step %{{.*}} bytes 40960 : !ck.ring<4>
// CHECK: ck.tma_load %{{[a-z0-9]+}}[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}] im2col[%{{.*}}, %{{.*}}] -> %{{[a-z0-9]+}}[%{{.*}}] offset 8192 ring %[[RING]] step %{{.*}} : !llvm.ptr, memref<4x64x256xf16, #gpu.address_space<workgroup>>, !ck.ring<4>
// CHECK: ck.ring_end %[[RING]] : !ck.ring<4>
func.func @load_step(%map: !llvm.ptr,
                     %bars: memref<8xi64, #gpu.address_space<workgroup>>,
                     %lds: memref<4x64x256xf16, #gpu.address_space<workgroup>>,
                     %i: index, %c: index, %w: index, %h: index, %n: index,
                     %s: index, %r: index) {
  %ring = ck.ring math 4 load 4 barriers %bars
      (memref<8xi64, #gpu.address_space<workgroup>>) : !ck.ring<4>
  ck.ring_expect %ring step %i bytes 40960 : !ck.ring<4>
  ck.tma_load %map [%c, %w, %h, %n] im2col [%s, %r] -> %lds [%i]
      offset 8192 ring %ring step %i
      : !llvm.ptr, memref<4x64x256xf16, #gpu.address_space<workgroup>>, !ck.ring<4>
  ck.ring_end %ring : !ck.ring<4>
  return
}

// A ring of a cluster of two and a box multicast to both workgroups.
// CHECK-LABEL: func.func @cluster_step
// CHECK: %[[RING:.*]] = ck.ring math 8 load 4 barriers %{{.*}}(memref<8xi64, #gpu.address_space<workgroup>>) cluster 2 : !ck.ring<4>
// CHECK: ck.tma_load %{{[a-z0-9]+}}[%{{.*}}, %{{.*}}] -> %{{[a-z0-9]+}}[%{{.*}}] offset 0 ring %[[RING]] step %{{.*}} multicast : !llvm.ptr
// CHECK: ck.tma_load %{{[a-z0-9]+}}[%{{.*}}, %{{.*}}] -> %{{[a-z0-9]+}}[%{{.*}}] offset 4096 ring %[[RING]] step %{{[a-z0-9]+}} : !llvm.ptr
func.func @cluster_step(%map: !llvm.ptr,
                        %bars: memref<8xi64, #gpu.address_space<workgroup>>,
                        %lds: memref<4x64x256xf16, #gpu.address_space<workgroup>>,
                        %i: index, %c: index, %k: index) {
  %ring = ck.ring math 8 load 4 barriers %bars
      (memref<8xi64, #gpu.address_space<workgroup>>) cluster 2 : !ck.ring<4>
  ck.ring_expect %ring step %i bytes 8192 : !ck.ring<4>
  ck.tma_load %map [%c, %k] -> %lds [%i] offset 0 ring %ring step %i
      multicast
      : !llvm.ptr, memref<4x64x256xf16, #gpu.address_space<workgroup>>, !ck.ring<4>
  ck.tma_load %map [%c, %k] -> %lds [%i] offset 4096 ring %ring step %i
      : !llvm.ptr, memref<4x64x256xf16, #gpu.address_space<workgroup>>, !ck.ring<4>
  return
}

// The epilogue's TMA store of one box of a staging tile, with the fence
// before it and the wait after.
// CHECK-LABEL: func.func @store_box
// CHECK: ck.tma_store_fence
// CHECK-NEXT: ck.tma_store %{{[a-z0-9]+}}[%{{.*}}, %{{.*}}, %{{.*}}] from %{{[a-z0-9]+}} offset 8192 : !llvm.ptr, memref<128x256xbf16, #gpu.address_space<workgroup>>
// CHECK-NEXT: ck.tma_store_wait
func.func @store_box(%map: !llvm.ptr,
                     %stage: memref<128x256xbf16, #gpu.address_space<workgroup>>,
                     %n: index, %g: index, %m: index) {
  ck.tma_store_fence
  ck.tma_store %map [%n, %g, %m] from %stage offset 8192
      : !llvm.ptr, memref<128x256xbf16, #gpu.address_space<workgroup>>
  ck.tma_store_wait
  return
}
