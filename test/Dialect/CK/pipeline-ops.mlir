// RUN: ck-opt %s | ck-opt | FileCheck %s
// RUN: ck-opt %s --mlir-print-op-generic | ck-opt | FileCheck %s

// The pipeline ops (CKPipelineOps.td) print as they parse: the GEMM tile on
// a view and a memref, and LDS windows, one of them buffered.

!acc = !ck.acc<64x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>

// CHECK-LABEL: func.func @pipeline_ops
// CHECK-SAME: (%[[A:[^:]*]]: !ck.view<1x36x400xf16>, %[[B:[^:]*]]: memref<1x400x128xf16>, %[[G:[^:]*]]: index, %[[M0:[^:]*]]: index, %[[N0:[^:]*]]: index, %[[K0:[^:]*]]: index, %[[K1:[^:]*]]: index)
// CHECK: %[[ACC:.*]] = ck.tile_gemm %[[A]], %[[B]] at [%[[G]], %[[M0]], %[[N0]]] k_tiles %[[K0]] to %[[K1]] config <block = [64, 64, 32], wave = [32, 32], mma = #ck.mfma<16x16x16, f16>, lds_buffers = 2> : !ck.view<1x36x400xf16>, memref<1x400x128xf16> -> !ck.acc<64x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
// CHECK: ck.lds_buffer offset 0 : memref<2x64x40xf16, #gpu.address_space<workgroup>>
// CHECK: ck.lds_buffer offset 10240 : memref<32x68xf32, #gpu.address_space<workgroup>>
// CHECK: ck.lds_buffer offset 16384 align 1024 : memref<3x128x64xbf16, #gpu.address_space<workgroup>>
func.func @pipeline_ops(%a: !ck.view<1x36x400xf16>, %b: memref<1x400x128xf16>,
                        %g: index, %m0: index, %n0: index, %k0: index,
                        %k1: index) -> !acc {
  %acc = ck.tile_gemm %a, %b at [%g, %m0, %n0] k_tiles %k0 to %k1
      config <block = [64, 64, 32], wave = [32, 32], mma = #ck.mfma<16x16x16, f16>, lds_buffers = 2>
      : !ck.view<1x36x400xf16>, memref<1x400x128xf16> -> !acc
  %la = ck.lds_buffer offset 0 : memref<2x64x40xf16, #gpu.address_space<workgroup>>
  %st = ck.lds_buffer offset 10240 : memref<32x68xf32, #gpu.address_space<workgroup>>
  %sw = ck.lds_buffer offset 16384 align 1024 : memref<3x128x64xbf16, #gpu.address_space<workgroup>>
  return %acc : !acc
}

// A K loop whose ring spans the workgroup's units: its steps from %first,
// %total in all.

!racc = !ck.acc<64x64xf32, #ck.wgmma<f16>, waves = [4, 1]>
!rbars = memref<6xi64, #gpu.address_space<workgroup>>

// CHECK-LABEL: func.func @ring_steps
// CHECK-SAME: %[[FIRST:[^:]*]]: index, %[[TOTAL:[^:]*]]: index)
// CHECK: ck.tile_gemm {{.*}} config <{{.*}}partition = #ck.partition<data_parallel, dp = persistent>{{.*}}> barriers %{{.*}}(memref<6xi64, #gpu.address_space<workgroup>>) ring_steps %[[FIRST]] of %[[TOTAL]] : memref
func.func @ring_steps(%a: memref<1x64x256xf16>, %b: memref<1x256x64xf16>, %bars: !rbars,
                      %i: index, %first: index, %total: index) -> !racc {
  %acc = ck.tile_gemm %a, %b at [%i, %i, %i] k_tiles %i to %i
      config <block = [64, 64, 64], wave = [16, 64], mma = #ck.wgmma<f16>, partition = #ck.partition<data_parallel, dp = persistent>, lds_buffers = 3, load_waves = 4, async_copy>
      barriers %bars (!rbars) ring_steps %first of %total
      : memref<1x64x256xf16>, memref<1x256x64xf16> -> !racc
  return %acc : !racc
}

// A resident B: the unit's copy of B, of the workgroup's copies, whether
// the unit's load waves copy it and whether its math waves release it.

!bbars = memref<8xi64, #gpu.address_space<workgroup>>

// CHECK-LABEL: func.func @resident_b
// CHECK-SAME: %[[GEN:[^:]*]]: index, %[[GENS:[^:]*]]: index, %[[LOAD:[^:]*]]: i1, %[[REL:[^:]*]]: i1)
// CHECK: ck.tile_gemm {{.*}} config <{{.*}}async_copy, resident_b> barriers %{{.*}}(memref<8xi64, #gpu.address_space<workgroup>>) ring_steps %{{.*}} of %{{.*}} resident_b %[[GEN]] of %[[GENS]] load %[[LOAD]] release %[[REL]] : memref
func.func @resident_b(%a: memref<1x64x256xf16>, %b: memref<1x256x64xf16>, %bars: !bbars,
                      %i: index, %gen: index, %gens: index, %load: i1, %release: i1) -> !racc {
  %acc = ck.tile_gemm %a, %b at [%i, %i, %i] k_tiles %i to %i
      config <block = [64, 64, 64], wave = [16, 64], mma = #ck.wgmma<f16>, partition = #ck.partition<data_parallel, dp = persistent>, lds_buffers = 3, load_waves = 4, async_copy, resident_b>
      barriers %bars (!bbars) ring_steps %i of %i
      resident_b %gen of %gens load %load release %release
      : memref<1x64x256xf16>, memref<1x256x64xf16> -> !racc
  return %acc : !racc
}

// TMA copies one operand (A, an im2col map), the load waves the other
// (B, with cp.async); or both.

// CHECK-LABEL: func.func @tma_maps
// CHECK: ck.tile_gemm {{.*}} tma_a(%[[MAP:[^ ]*]] : !llvm.ptr) barriers
// CHECK: ck.tile_gemm {{.*}} tma_a(%[[MAP]] : !llvm.ptr) tma_b(%[[MAP]] : !llvm.ptr) barriers
func.func @tma_maps(%a: memref<1x64x256xf16>, %b: memref<1x256x64xf16>, %bars: !rbars,
                    %map: !llvm.ptr, %i: index) -> (!racc, !racc) {
  %one = ck.tile_gemm %a, %b at [%i, %i, %i] k_tiles %i to %i
      config <block = [64, 64, 64], wave = [16, 64], mma = #ck.wgmma<f16>, lds_buffers = 3, load_waves = 4, async_copy>
      tma_a (%map : !llvm.ptr) barriers %bars (!rbars)
      : memref<1x64x256xf16>, memref<1x256x64xf16> -> !racc
  %both = ck.tile_gemm %a, %b at [%i, %i, %i] k_tiles %i to %i
      config <block = [64, 64, 64], wave = [16, 64], mma = #ck.wgmma<f16>, lds_buffers = 3, load_waves = 4, async_copy>
      tma_a (%map : !llvm.ptr) tma_b (%map : !llvm.ptr) barriers %bars (!rbars)
      : memref<1x64x256xf16>, memref<1x256x64xf16> -> !racc
  return %one, %both : !racc, !racc
}
