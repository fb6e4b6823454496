// RUN: ck-opt %s -split-input-file --pass-pipeline='builtin.module(ck-to-nvvm{chip=sm_90a format=isa windows=input})' | FileCheck %s
// RUN: ck-opt %s -split-input-file --pass-pipeline='builtin.module(ck-to-nvvm{chip=sm_90a format=isa windows=input})' | grep -o 'ldmatrix[.a-z0-9]*\|ld[.]shared[.][a-z0-9.]*16' | sort | uniq -c | FileCheck %s --check-prefix=FRAGMENTS
// RUN: ck-opt %s -split-input-file --pass-pipeline='builtin.module(ck-to-nvvm{chip=sm_90a format=isa stages=3 windows=input})' | grep -o 'cp[.]async[.a-z_]*\( [\]09[0-9]\)\?' | sort | uniq -c | FileCheck %s --check-prefix=ASYNC

// The ck-to-nvvm pipeline for sm_90a down to PTX text (format=isa: LLVM's
// NVPTX back end only, no ptxas). The gpu.binary holds the PTX as one
// escaped string (tabs \09, newlines \0A), so the checks match in order
// inside that line. The pipeline attaches +ptx80, hence .version 8.0.
// Every case is the bwd_weight convolution N = 2, Hi = Wi = 7, G = 1, C = 16,
// over the input's windows (windows=input),
// 3x3, stride 1, pad 1 (Ho = Wo = 7), whose GEMM is M = K, N = 3 * 3 * 16 =
// 144, K = 2 * 7 * 7 = 98. Config (ck-select-gemm-config, sm_90a: 227 KiB of
// LDS, 255 - 64 = 191 registers, 132 SMs):
//  * bN = tileFor(144, 128, 2 * 8) = 80 (n = 8 for every mma.sync: the two
//    tiles of 128 that 144 takes, shrunk to two of 80), bK = 32;
//  * tiles = ceil(M / bM) * 2 = 2 < 132, but kTiles = ceil(98 / 32) = 4 and
//    4 / 8 = 0: no split-K, one kernel gemm_0 on a grid of 2;
//  * four waves of 32 = 128 threads (.maxntid).
// LDS: one arena of dynamic shared memory (the launch passes its size; the
// PTX declares only its 16-byte aligned symbol) holds the operand tiles during
// the K loop and the epilogue's staging tile after it, of the output's type
// (no D tensors): 2 wave rows * 16 rows * (80 + 16 bytes) = 5632 bytes in
// f16 and bf16, 10752 in f32. A is dy as [G, K, (N, Ho, Wo)], rows
// (K) innermost in dy: 16-byte loads along rows; B is x as [G, (N, Ho, Wo),
// (Y, X, C)], columns (C) innermost: 16-byte loads along columns.

// -----
// f16, K = 16: M = 16, #ck.mma_sync<16x8x16, f16>. bM = tileFor(16, 128, 32) = 32, wave
// 16x40. mma.sync fragments hold only pairs of consecutive k (runs shorter
// than 4), so neither copy transposes and the LDS tiles keep the loads'
// direction: A [bK][bM] = [32][32] f16 = 2048 bytes (rows of 64 bytes,
// swizzled for ldmatrix, 128-byte aligned), B [bK][bN + 8] = [32][88] f16 =
// 5632 bytes (rows of 160 bytes take no swizzle: padded), one buffer
// (sm_90a's shared memory is carved out of the L1: never double-buffered),
// 7680 bytes and 112 to align the arena's start to 128. The staging tile
// (5632 bytes) fits in them, so the buffer has 7792 bytes.
// mma.sync per K step: (16 / 16) * (40 / 8) * (32 / 16) = 10.

// The f16 and bf16 kernels read every mma.sync fragment with ldmatrix,
// transposing (both operands are m or n contiguous in LDS for bwd_weight):
// per kernel 2 x4 for A (one 16-row tile, two k steps) and 10 x2 for B (5
// tiles of n, two k steps); the tf32 kernel keeps 32-bit loads. No 16-bit
// scalar LDS read remains.
// FRAGMENTS: 20 ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16
// FRAGMENTS-NEXT: 4 ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16
// FRAGMENTS-NOT: ld.shared

// With stages=3 (asynchronous copies through three LDS buffers) every tile
// vector is one cp.async of 16 bytes, of which each kernel has three sets,
// two before the K loop and one in it: f16 and bf16 A 32 * 32 / 8 / 128 =
// 1 and B 32 * 80 / 8 / 128 = 2.5, so 3 per thread (the last one guarded),
// 12 each; f32 (M = 64: bM = 64) A 64 * 32 / 4 / 128 = 4 and B 32 * 80 / 4
// / 128 = 5, 27. The copies keep what they read in L1 (.ca) where the
// tile's rows are shorter runs (16 filters in rows of 32, windows of 16
// channels), and bypass it (.cg) where a row is one run: f32's A, rows of
// its 64 filters, 12. A commit after each set (3 per kernel); per kernel
// one wait leaving one group in flight in the loop and one for all after
// it.
// ASYNC: 39 cp.async.ca.shared.global
// ASYNC-NEXT: 12 cp.async.cg.shared.global
// ASYNC-NEXT: 9 cp.async.commit_group
// ASYNC-NEXT: 3 cp.async.wait_group \090
// ASYNC-NEXT: 3 cp.async.wait_group \091

// CHECK-LABEL: func.func @bwd_weight_f16
// CHECK: gpu.launch_func @ck_kernels::@gemm_0 blocks in (%c2{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}) threads in (%c128{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}) dynamic_shared_memory_size %c7792_i32 args({{.*}}) {ck.launch = #ck.launch<compute = f16>}
// CHECK: gpu.binary @ck_kernels [#gpu.object<#nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">, properties = {{.*}}, assembly = "
// CHECK-SAME: .version 8.0\0A.target sm_90a\0A.address_size 64\0A
// CHECK-SAME: .visible .entry gemm_0(
// CHECK-SAME: .maxntid 128, 1, 1\0A
// CHECK-SAME: .shared .align 16 .b8 __dynamic_shmem__0;
// CHECK-COUNT-10: \09mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32\0A
// CHECK-NOT: mma.sync
// CHECK-SAME: ">]
func.func @bwd_weight_f16(%x: memref<2x7x7x1x16xf16>, %dw: memref<1x16x3x3x16xf16>,
                          %dy: memref<2x7x7x1x16xf16>) {
  ck.conv_bwd_weight input(%x : memref<2x7x7x1x16xf16>)
      filter(%dw : memref<1x16x3x3x16xf16>)
      output(%dy : memref<2x7x7x1x16xf16>)
      layouts(NHWGC, GKYXC, NHWGK) strides [1, 1] dilations [1, 1]
      pad_left [1, 1] pad_right [1, 1]
  return
}

// -----
// bf16, K = 16: the same tiles with #ck.mma_sync<16x8x16, bf16>.

// CHECK-LABEL: func.func @bwd_weight_bf16
// CHECK: gpu.launch_func @ck_kernels::@gemm_0 blocks in (%c2{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}) threads in (%c128{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}) dynamic_shared_memory_size %c7792_i32 args({{.*}}) {ck.launch = #ck.launch<compute = bf16>}
// CHECK: gpu.binary @ck_kernels [#gpu.object<#nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">, properties = {{.*}}, assembly = "
// CHECK-SAME: .version 8.0\0A.target sm_90a\0A.address_size 64\0A
// CHECK-SAME: .visible .entry gemm_0(
// CHECK-SAME: .maxntid 128, 1, 1\0A
// CHECK-SAME: .shared .align 16 .b8 __dynamic_shmem__0;
// CHECK-COUNT-10: \09mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32\0A
// CHECK-NOT: mma.sync
// CHECK-SAME: ">]
func.func @bwd_weight_bf16(%x: memref<2x7x7x1x16xbf16>, %dw: memref<1x16x3x3x16xbf16>,
                           %dy: memref<2x7x7x1x16xbf16>) {
  ck.conv_bwd_weight input(%x : memref<2x7x7x1x16xbf16>)
      filter(%dw : memref<1x16x3x3x16xbf16>)
      output(%dy : memref<2x7x7x1x16xbf16>)
      layouts(NHWGC, GKYXC, NHWGK) strides [1, 1] dilations [1, 1]
      pad_left [1, 1] pad_right [1, 1]
  return
}

// -----
// f32 on tf32 tensor cores (#ck.mma_sync<16x8x8, tf32>), K = 64: M = 64,
// bM = tileFor(64, 128, 32) = 64, wave 32x40; LDS estimate
// (72 * 40 + 40 * 88) * 4 = 25600 <= 232448; registers 2 * 5 * 4 + 2 * 4 +
// 5 * 2 = 58 <= 191. The tf32 fragments hold no consecutive k, so the
// copies keep the loads' direction; 16-byte vectors of 4 f32: LDS A
// [32][64 + 8] f32 = 9216 bytes, B [32][88] f32 = 11264 bytes, one buffer
// (as on every NVIDIA chip): 20480 bytes.
// mma.sync per K step: (32 / 16) * (40 / 8) * (32 / 8) = 40.

// CHECK-LABEL: func.func @bwd_weight_f32
// CHECK: gpu.launch_func @ck_kernels::@gemm_0 blocks in (%c2{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}) threads in (%c128{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}) dynamic_shared_memory_size %c20480_i32 args({{.*}}) {ck.launch = #ck.launch<compute = tf32>}
// CHECK: gpu.binary @ck_kernels [#gpu.object<#nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">, properties = {{.*}}, assembly = "
// CHECK-SAME: .version 8.0\0A.target sm_90a\0A.address_size 64\0A
// CHECK-SAME: .visible .entry gemm_0(
// CHECK-SAME: .maxntid 128, 1, 1\0A
// CHECK-SAME: .shared .align 16 .b8 __dynamic_shmem__0;
// CHECK-COUNT-40: \09mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32\0A
// CHECK-NOT: mma.sync
// CHECK-SAME: ">]
func.func @bwd_weight_f32(%x: memref<2x7x7x1x16xf32>, %dw: memref<1x64x3x3x16xf32>,
                          %dy: memref<2x7x7x1x64xf32>) {
  ck.conv_bwd_weight input(%x : memref<2x7x7x1x16xf32>)
      filter(%dw : memref<1x64x3x3x16xf32>)
      output(%dy : memref<2x7x7x1x64xf32>)
      layouts(NHWGC, GKYXC, NHWGK) strides [1, 1] dilations [1, 1]
      pad_left [1, 1] pad_right [1, 1]
  return
}
