// RUN: ck-opt %s --pass-pipeline='builtin.module(ck-to-nvvm{chip=sm_90a format=isa partition=data_parallel})' | FileCheck %s
// RUN: ck-opt %s --pass-pipeline='builtin.module(ck-to-nvvm{chip=sm_90a format=isa partition=data_parallel})' | grep -o 'wgmma[.]mma_async[.a-z0-9]*[^;]*;' | sed 's/{[^}]*}, %rd[0-9]*, %rd[0-9]*/ACC/' | sort | uniq -c | FileCheck %s --check-prefix=WGMMA
// RUN: ck-opt %s --pass-pipeline='builtin.module(ck-to-nvvm{chip=sm_90a format=isa partition=data_parallel})' | grep -o 'wgmma[.][a-z_]*[.a-z]*\|fence[.]proxy[.a-z:_]*\|ldmatrix\|mma[.]sync' | sort | uniq -c | FileCheck %s --check-prefix=SYNC

// The ck-to-nvvm pipeline for sm_90a down to PTX (format=isa) where the
// heuristic takes wgmma (ck-select-gemm-config, selectWgmmaConfig: f16 or
// bf16 inputs, M and N both at least 64). Two functions in one module:
// kernels gemm_0 and gemm_1 in one binary. The partition is asked for
// (data-parallel, the heuristic's for both): without it the heuristic would
// give these small GEMMs (fewer tiles than SMs) wave roles, whose lowering
// test/Conversion/Roles and test/Tools/ck-compile-tma.test cover.
//
// bwd_weight f16, N = 2, 7x7, C = K = 64, 3x3, pad 1: GEMM M = K = 64,
// N = 3 * 3 * 64 = 576, K = 2 * 7 * 7 = 98. Block 64 x 192 x 64 (M <= 64;
// N >= 256 takes 3 tiles, of 192 columns, the fewest multiples of 64): one
// warpgroup (4 waves of 16 x 192, 128 threads), 4 cp.async stages (more
// than 128 columns): (64 * 64 + 64 * 192) * 2 * 4 + 1008 (the arena's move
// to a 1024-byte boundary) = 132080 bytes. dy and x keep M and N innermost:
// both operands are read transposed (the last two immediates, imm-trans-a
// and imm-trans-b, are 1).
//
// fwd bf16, N = 2, 8x8, C = 64, K = 128, 1x1: GEMM M = 128, N = 128, K =
// 64. Block 128 x 128 x 64: two warpgroups (8 waves of 16 x 128, 256
// threads), one tile, 3 stages: (128 * 64 + 64 * 128) * 2 * 3 + 1008 =
// 99312 bytes. x and the filter keep K innermost: neither is transposed.
//
// Per kernel one K-tile step of 64 in the loop: 4 wgmma.mma_async k16,
// between one wgmma.fence and one commit and a wait that leaves that group
// in flight (3 and 4 stages: ck.tile_mma in_flight), and one wait for all
// after the loop (ck.acc_wait); the barriers that
// publish LDS to wgmma (one in the loop, one after the prologue and after
// the loop each) are preceded by fence.proxy.async. No ldmatrix and no
// mma.sync remain (sorted, they would fall inside the SYNC-NEXT chain).

// CHECK-LABEL: func.func @bwd_weight_f16
// CHECK: gpu.launch_func @ck_kernels::@gemm_0 blocks in (%c3{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}) threads in (%c128{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}) dynamic_shared_memory_size %c132080_i32 args({{.*}}) {ck.launch = #ck.launch<compute = f16, async_stages = 4>}
// CHECK-LABEL: func.func @fwd_bf16
// CHECK: gpu.launch_func @ck_kernels::@gemm_1 blocks in (%c1{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}) threads in (%c256{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}) dynamic_shared_memory_size %c99312_i32 args({{.*}}) {ck.launch = #ck.launch<compute = bf16, async_stages = 3>}
// CHECK: .target sm_90a
// CHECK-SAME: .visible .entry gemm_0(
// CHECK-SAME: .maxntid 128, 1, 1\0A
// CHECK-SAME: .visible .entry gemm_1(
// CHECK-SAME: .maxntid 256, 1, 1\0A

// WGMMA: 4 wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16 ACC, p, 1,  1, 0,  0;
// WGMMA: 4 wgmma.mma_async.sync.aligned.m64n192k16.f32.f16.f16 ACC, p, 1,  1, 1,  1;

// SYNC:      4 fence.proxy.async.shared::cta
// SYNC-NEXT: 2 wgmma.commit_group.sync.aligned
// SYNC-NEXT: 2 wgmma.fence.sync.aligned
// SYNC-NEXT: 8 wgmma.mma_async.sync.aligned.m
// SYNC-NEXT: 4 wgmma.wait_group.sync.aligned
func.func @bwd_weight_f16(%x: memref<2x7x7x1x64xf16>, %dw: memref<1x64x3x3x64xf16>,
                          %dy: memref<2x7x7x1x64xf16>) {
  ck.conv_bwd_weight input(%x : memref<2x7x7x1x64xf16>)
      filter(%dw : memref<1x64x3x3x64xf16>)
      output(%dy : memref<2x7x7x1x64xf16>)
      layouts(NHWGC, GKYXC, NHWGK) strides [1, 1] dilations [1, 1]
      pad_left [1, 1] pad_right [1, 1]
  return
}
func.func @fwd_bf16(%x: memref<2x8x8x1x64xbf16>, %w: memref<1x128x1x1x64xbf16>,
                    %y: memref<2x8x8x1x128xbf16>) {
  ck.conv_fwd input(%x : memref<2x8x8x1x64xbf16>)
      filter(%w : memref<1x128x1x1x64xbf16>)
      output(%y : memref<2x8x8x1x128xbf16>)
      layouts(NHWGC, GKYXC, NHWGK) strides [1, 1] dilations [1, 1]
      pad_left [0, 0] pad_right [0, 0]
  return
}
