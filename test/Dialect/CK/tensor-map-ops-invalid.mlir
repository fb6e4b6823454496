// RUN: ck-opt %s -split-input-file -verify-diagnostics

// One section per verifier rule of ck.tensor_map, ck.tma_load, a ring's
// mbarriers (ck.ring, ck.ring_expect, ck.ring_end).

!m = memref<16x50x50x1x256xf16>

func.func @rank(%x: !m) {
  // expected-error @+1 {{has 2 dims; im2col maps have 3 to 5}}
  %a = ck.tensor_map %x im2col dims [256, 50] strides [512] box [64, 64]
      lower [] upper [] elements [1, 1] swizzle 128 : !m -> !llvm.ptr
  return
}

// -----
!m = memref<16x50x50x1x256xf16>
func.func @lengths(%x: !m) {
  // expected-error @+1 {{needs 1 strides, 2 elements and 2 box entries for 2 dims}}
  %a = ck.tensor_map %x dims [256, 40000] strides [512] box [64]
      elements [1, 1] swizzle 128 : !m -> !llvm.ptr
  return
}

// -----
!m = memref<16x50x50x1x256xf16>
func.func @dims(%x: !m) {
  // expected-error @+1 {{dims must be in [1, 2^32]}}
  %a = ck.tensor_map %x dims [0, 40000] strides [512] box [64, 64]
      elements [1, 1] swizzle 128 : !m -> !llvm.ptr
  return
}

// -----
!m = memref<16x50x50x1x256xf16>
func.func @strides(%x: !m) {
  // expected-error @+1 {{strides must be positive multiples of 16 bytes}}
  %a = ck.tensor_map %x dims [256, 40000] strides [500] box [64, 64]
      elements [1, 1] swizzle 128 : !m -> !llvm.ptr
  return
}

// -----
!m = memref<16x50x50x1x256xf16>
func.func @box(%x: !m) {
  // expected-error @+1 {{box entry 1 (300) is out of range (1 to 256)}}
  %a = ck.tensor_map %x dims [256, 40000] strides [512] box [64, 300]
      elements [1, 1] swizzle 128 : !m -> !llvm.ptr
  return
}

// -----
!m = memref<16x50x50x1x256xf16>
func.func @corners_on_tiled(%x: !m) {
  // expected-error @+1 {{tiled maps take no lower and upper corners}}
  %a = ck.tensor_map %x dims [256, 40000] strides [512] box [64, 64]
      lower [0] upper [0] elements [1, 1] swizzle 128 : !m -> !llvm.ptr
  return
}

// -----
!m = memref<16x50x50x1x256xf16>
func.func @corner_count(%x: !m) {
  // expected-error @+1 {{needs 2 values per corner}}
  %a = ck.tensor_map %x im2col dims [256, 50, 50, 16]
      strides [512, 25600, 1280000] box [64, 64] lower [-1] upper [-1, -1]
      elements [1, 1, 1, 1] swizzle 128 : !m -> !llvm.ptr
  return
}

// -----
!m = memref<16x50x50x1x256xf16>
func.func @corner_range(%x: !m) {
  // expected-error @+1 {{corners of a rank-4 map are in [-128, 127]}}
  %a = ck.tensor_map %x im2col dims [256, 50, 50, 16]
      strides [512, 25600, 1280000] box [64, 64] lower [-200, -1]
      upper [-1, -1] elements [1, 1, 1, 1] swizzle 128 : !m -> !llvm.ptr
  return
}

// -----
!m = memref<16x50x50x1x256xf16>
func.func @elements(%x: !m) {
  // expected-error @+1 {{elements (traversal strides) must be in [1, 8]}}
  %a = ck.tensor_map %x dims [256, 40000] strides [512] box [64, 64]
      elements [1, 9] swizzle 128 : !m -> !llvm.ptr
  return
}

// -----
!m = memref<16x50x50x1x256xf16>
func.func @swizzle(%x: !m) {
  // expected-error @+1 {{swizzle must be 0, 32, 64 or 128 bytes, got 96}}
  %a = ck.tensor_map %x dims [256, 40000] strides [512] box [64, 64]
      elements [1, 1] swizzle 96 : !m -> !llvm.ptr
  return
}

// -----
!m = memref<16x50x50x1x256xf16>
func.func @inner_box(%x: !m) {
  // expected-error @+1 {{innermost box of 256 bytes must be a multiple of 16 and at most the swizzle}}
  %a = ck.tensor_map %x dims [256, 40000] strides [512] box [128, 64]
      elements [1, 1] swizzle 128 : !m -> !llvm.ptr
  return
}

// -----
!m = memref<16x50x50x1x256xf16>
func.func @region(%x: !m) {
  // expected-error @+1 {{reaches byte 20480511 of a 20480000-byte memref}}
  %a = ck.tensor_map %x dims [256, 40001] strides [512] box [64, 64]
      elements [1, 1] swizzle 128 : !m -> !llvm.ptr
  return
}

// -----
!lds = memref<4x64x256xf16, #gpu.address_space<workgroup>>
!bars = memref<8xi64, #gpu.address_space<workgroup>>
func.func @coords(%map: !llvm.ptr, %bars: !bars, %lds: !lds, %i: index) {
  %ring = ck.ring math 4 load 4 barriers %bars (!bars) : !ck.ring<4>
  // expected-error @+1 {{takes 1 to 5 coordinates, got 6}}
  ck.tma_load %map [%i, %i, %i, %i, %i, %i] -> %lds [%i] offset 0
      ring %ring step %i : !llvm.ptr, !lds, !ck.ring<4>
  return
}

// -----
!lds = memref<4x64x256xf16, #gpu.address_space<workgroup>>
!bars = memref<8xi64, #gpu.address_space<workgroup>>
func.func @offsets(%map: !llvm.ptr, %bars: !bars, %lds: !lds, %i: index) {
  %ring = ck.ring math 4 load 4 barriers %bars (!bars) : !ck.ring<4>
  // expected-error @+1 {{takes 2 im2col offsets with 4 coordinates, got 1}}
  ck.tma_load %map [%i, %i, %i, %i] im2col [%i] -> %lds [%i] offset 0
      ring %ring step %i : !llvm.ptr, !lds, !ck.ring<4>
  return
}

// -----
!bars = memref<8xi64, #gpu.address_space<workgroup>>
func.func @global_destination(%map: !llvm.ptr, %bars: !bars,
                              %g: memref<4x64x256xf16>, %i: index) {
  %ring = ck.ring math 4 load 4 barriers %bars (!bars) : !ck.ring<4>
  // expected-error @+1 {{copies into workgroup memory}}
  ck.tma_load %map [%i, %i] -> %g [%i] offset 0
      ring %ring step %i : !llvm.ptr, memref<4x64x256xf16>, !ck.ring<4>
  return
}

// -----
!lds = memref<4x64x256xf16, #gpu.address_space<workgroup>>
func.func @load_without_barriers(%map: !llvm.ptr, %lds: !lds, %i: index) {
  %ring = ck.ring math 4 load 4 : !ck.ring<4>
  // expected-error @+1 {{needs a ring with barriers (ck.ring ... barriers)}}
  ck.tma_load %map [%i, %i] -> %lds [%i] offset 0
      ring %ring step %i : !llvm.ptr, !lds, !ck.ring<4>
  return
}

// -----
func.func @expect_without_barriers(%i: index) {
  %ring = ck.ring math 4 load 4 : !ck.ring<4>
  // expected-error @+1 {{needs a ring with barriers (ck.ring ... barriers)}}
  ck.ring_expect %ring step %i bytes 1024 : !ck.ring<4>
  return
}

// -----
!bars = memref<8xi64, #gpu.address_space<workgroup>>
func.func @expect_bytes(%bars: !bars, %i: index) {
  %ring = ck.ring math 4 load 4 barriers %bars (!bars) : !ck.ring<4>
  // expected-error @+1 {{expects 1048576 bytes; a transaction counts fewer than 2^20}}
  ck.ring_expect %ring step %i bytes 1048576 : !ck.ring<4>
  return
}

// -----
func.func @end_without_barriers() {
  %ring = ck.ring math 4 load 4 : !ck.ring<4>
  // expected-error @+1 {{needs a ring with barriers (ck.ring ... barriers)}}
  ck.ring_end %ring : !ck.ring<4>
  return
}

// -----
!bars = memref<2xi64, #gpu.address_space<workgroup>>
func.func @barrier_count(%bars: !bars) {
  // expected-error @+1 {{needs two i64 per slot (8) in workgroup memory as barriers}}
  %ring = ck.ring math 4 load 4 barriers %bars (!bars) : !ck.ring<4>
  return
}

// -----
!bars = memref<8xi64, #gpu.address_space<workgroup>>
!lds = memref<4x64x256xf16, #gpu.address_space<workgroup>>
func.func @multicast_without_cluster(%map: !llvm.ptr, %bars: !bars, %lds: !lds, %i: index) {
  %ring = ck.ring math 4 load 4 barriers %bars (!bars) : !ck.ring<4>
  // expected-error @+1 {{multicasts, but its ring has no cluster (ck.ring ... cluster N)}}
  ck.tma_load %map [%i, %i] -> %lds [%i] offset 0 ring %ring step %i multicast
      : !llvm.ptr, !lds, !ck.ring<4>
  return
}

// -----
func.func @cluster_without_barriers() {
  // expected-error @+1 {{is shared by a cluster, which needs barriers (ck.ring ... barriers): a cluster's workgroups signal each other's mbarriers}}
  %ring = ck.ring math 4 load 4 cluster 2 : !ck.ring<4>
  return
}

// -----
!bars = memref<8xi64, #gpu.address_space<workgroup>>
func.func @cluster_of_three(%bars: !bars) {
  // expected-error @+1 {{cluster must be 1, 2 or 4 workgroups, got 3}}
  %ring = ck.ring math 4 load 4 barriers %bars (!bars) cluster 3 : !ck.ring<4>
  return
}

// -----
!bars = memref<8xi64, #gpu.address_space<workgroup>>
func.func @cluster_of_two_math_waves(%bars: !bars) {
  // expected-error @+1 {{is shared by a cluster, whose math waves (of a turn) must be whole warpgroups (a multiple of 4, got 2): one thread of each releases a slot}}
  %ring = ck.ring math 2 load 4 barriers %bars (!bars) cluster 2 : !ck.ring<4>
  return
}

// -----
!bars = memref<8xi64, #gpu.address_space<workgroup>>
func.func @cluster_without_tma(%bars: !bars, %i: index) {
  // expected-error @+1 {{is shared by a cluster, whose slots must be filled by TMA copies (ck.ring_expect): the peers' multicasts land in them}}
  %ring = ck.ring math 4 load 4 barriers %bars (!bars) cluster 2 : !ck.ring<4>
  ck.ring_signal %ring full %i : !ck.ring<4>
  return
}

// -----
!bars = memref<8xi64, #gpu.address_space<workgroup>>
gpu.module @kernels {
  gpu.func @cluster_not_launched(%bars: !bars, %i: index) kernel {
    // expected-error @+1 {{is shared by a cluster of 2 workgroups, but its kernel is launched in clusters of 1 (known_cluster_size)}}
    %ring = ck.ring math 4 load 4 barriers %bars (!bars) cluster 2 : !ck.ring<4>
    ck.ring_expect %ring step %i bytes 8192 : !ck.ring<4>
    gpu.return
  }
}

// -----
!stage = memref<128x256xbf16, #gpu.address_space<workgroup>>
func.func @store_no_coords(%map: !llvm.ptr, %s: !stage) {
  // expected-error @+1 {{takes 1 to 5 coordinates, got 0}}
  ck.tma_store %map [] from %s offset 0 : !llvm.ptr, !stage
  return
}

// -----
func.func @store_from_global(%map: !llvm.ptr, %s: memref<128x256xbf16>, %i: index) {
  // expected-error @+1 {{stores from a workgroup memref of static shape, not 'memref<128x256xbf16>'}}
  ck.tma_store %map [%i] from %s offset 0 : !llvm.ptr, memref<128x256xbf16>
  return
}

// -----
!stage = memref<128x256xbf16, #gpu.address_space<workgroup>>
func.func @store_past_the_tile(%map: !llvm.ptr, %s: !stage, %i: index) {
  // expected-error @+1 {{offset 32768 is not an element of 'memref<128x256xbf16, #gpu.address_space<workgroup>>'}}
  ck.tma_store %map [%i] from %s offset 32768 : !llvm.ptr, !stage
  return
}

// -----
!stage = memref<128x256xbf16, #gpu.address_space<workgroup>>
func.func @store_before_the_tile(%map: !llvm.ptr, %s: !stage, %i: index) {
  // expected-error @+1 {{offset -1 is not an element of 'memref<128x256xbf16, #gpu.address_space<workgroup>>'}}
  ck.tma_store %map [%i] from %s offset -1 : !llvm.ptr, !stage
  return
}
