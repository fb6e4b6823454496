// RUN: ck-opt %s -split-input-file -convert-ck-to-amdgpu -verify-diagnostics | FileCheck %s
// RUN: ck-opt %s -split-input-file -convert-ck-to-amdgpu -canonicalize -cse -verify-diagnostics | FileCheck %s --check-prefix=FOLDED

// convert-ck-to-amdgpu lowers ck.mma to amdgpu.mfma (wave64), amdgpu.wmma
// (wave32) or, for fma, vector.fma (CKToAMDGPU.cpp). Fragment sizes per lane
// (lib/Dialect/CK/IR/MatrixInstrs.cpp):
//  * mfma 16x16x16 (f16, bf16), 64 lanes: A 16 * 16 / 64 = 4, B 4,
//    C 16 * 16 / 64 = 4 f32.
//  * mfma 16x16x4 f32: A 16 * 4 / 64 = 1, B 1 (passed as scalars), C 4.
//  * wmma gfx11, 32 lanes: A and B hold all 16 k of one row / column (lanes
//    16-31 repeat 0-15): 16 each; C 16 * 16 / 32 = 8.
//  * wmma gfx12: A and B split k between the lane halves: 8 each; C 8.
//  * fma on wave64: 256 / 64 = 4 accumulators and A values, one B value.
// The wmma variants lower to the same op; the operand sizes tell the ROCDL
// lowering the encoding. NVIDIA instructions are errors.

// -----
// CHECK-LABEL: func.func @mfma_f16
// CHECK-SAME: (%[[A:[^:]*]]: vector<4xf16>, %[[B:[^:]*]]: vector<4xf16>, %[[C:[^:]*]]: vector<4xf32>)
// CHECK: %[[D:.*]] = amdgpu.mfma 16x16x16 %[[A]] * %[[B]] + %[[C]] blgp = none : vector<4xf16>, vector<4xf16>, vector<4xf32>
// CHECK-NOT: ck.mma
// CHECK: return %[[D]]
func.func @mfma_f16(%a: vector<4xf16>, %b: vector<4xf16>, %c: vector<4xf32>) -> vector<4xf32> {
  %d = ck.mma #ck.mfma<16x16x16, f16> %a, %b, %c : vector<4xf16>, vector<4xf16>, vector<4xf32>
  return %d : vector<4xf32>
}

// -----
// CHECK-LABEL: func.func @mfma_bf16
// CHECK-SAME: (%[[A:[^:]*]]: vector<4xbf16>, %[[B:[^:]*]]: vector<4xbf16>, %[[C:[^:]*]]: vector<4xf32>)
// CHECK: %[[D:.*]] = amdgpu.mfma 16x16x16 %[[A]] * %[[B]] + %[[C]] blgp = none : vector<4xbf16>, vector<4xbf16>, vector<4xf32>
// CHECK: return %[[D]]
func.func @mfma_bf16(%a: vector<4xbf16>, %b: vector<4xbf16>, %c: vector<4xf32>) -> vector<4xf32> {
  %d = ck.mma #ck.mfma<16x16x16, bf16> %a, %b, %c : vector<4xbf16>, vector<4xbf16>, vector<4xf32>
  return %d : vector<4xf32>
}

// -----
// One-element fragments of the f32 MFMA become scalar operands.

// CHECK-LABEL: func.func @mfma_f32
// CHECK-SAME: (%[[A:[^:]*]]: vector<1xf32>, %[[B:[^:]*]]: vector<1xf32>, %[[C:[^:]*]]: vector<4xf32>)
// CHECK: %[[A0:.*]] = vector.extract %[[A]][0] : f32 from vector<1xf32>
// CHECK: %[[B0:.*]] = vector.extract %[[B]][0] : f32 from vector<1xf32>
// CHECK: %[[D:.*]] = amdgpu.mfma 16x16x4 %[[A0]] * %[[B0]] + %[[C]] blgp = none : f32, f32, vector<4xf32>
// CHECK: return %[[D]]
func.func @mfma_f32(%a: vector<1xf32>, %b: vector<1xf32>, %c: vector<4xf32>) -> vector<4xf32> {
  %d = ck.mma #ck.mfma<16x16x4, f32> %a, %b, %c : vector<1xf32>, vector<1xf32>, vector<4xf32>
  return %d : vector<4xf32>
}

// -----
// CHECK-LABEL: func.func @wmma_f16_gfx11
// CHECK-SAME: (%[[A:[^:]*]]: vector<16xf16>, %[[B:[^:]*]]: vector<16xf16>, %[[C:[^:]*]]: vector<8xf32>)
// CHECK: %[[D:.*]] = amdgpu.wmma 16x16x16 %[[A]] * %[[B]] + %[[C]] : vector<16xf16>, vector<16xf16>, vector<8xf32>
// CHECK: return %[[D]]
func.func @wmma_f16_gfx11(%a: vector<16xf16>, %b: vector<16xf16>, %c: vector<8xf32>) -> vector<8xf32> {
  %d = ck.mma #ck.wmma<16x16x16, f16, gfx11> %a, %b, %c : vector<16xf16>, vector<16xf16>, vector<8xf32>
  return %d : vector<8xf32>
}

// -----
// CHECK-LABEL: func.func @wmma_bf16_gfx11
// CHECK: amdgpu.wmma 16x16x16 %{{.*}} * %{{.*}} + %{{.*}} : vector<16xbf16>, vector<16xbf16>, vector<8xf32>
func.func @wmma_bf16_gfx11(%a: vector<16xbf16>, %b: vector<16xbf16>, %c: vector<8xf32>) -> vector<8xf32> {
  %d = ck.mma #ck.wmma<16x16x16, bf16, gfx11> %a, %b, %c : vector<16xbf16>, vector<16xbf16>, vector<8xf32>
  return %d : vector<8xf32>
}

// -----
// CHECK-LABEL: func.func @wmma_f16_gfx12
// CHECK-SAME: (%[[A:[^:]*]]: vector<8xf16>, %[[B:[^:]*]]: vector<8xf16>, %[[C:[^:]*]]: vector<8xf32>)
// CHECK: %[[D:.*]] = amdgpu.wmma 16x16x16 %[[A]] * %[[B]] + %[[C]] : vector<8xf16>, vector<8xf16>, vector<8xf32>
// CHECK: return %[[D]]
func.func @wmma_f16_gfx12(%a: vector<8xf16>, %b: vector<8xf16>, %c: vector<8xf32>) -> vector<8xf32> {
  %d = ck.mma #ck.wmma<16x16x16, f16, gfx12> %a, %b, %c : vector<8xf16>, vector<8xf16>, vector<8xf32>
  return %d : vector<8xf32>
}

// -----
// CHECK-LABEL: func.func @wmma_bf16_gfx12
// CHECK: amdgpu.wmma 16x16x16 %{{.*}} * %{{.*}} + %{{.*}} : vector<8xbf16>, vector<8xbf16>, vector<8xf32>
func.func @wmma_bf16_gfx12(%a: vector<8xbf16>, %b: vector<8xbf16>, %c: vector<8xf32>) -> vector<8xf32> {
  %d = ck.mma #ck.wmma<16x16x16, bf16, gfx12> %a, %b, %c : vector<8xbf16>, vector<8xbf16>, vector<8xf32>
  return %d : vector<8xf32>
}

// -----
// fma (wave64 sizes): acc[i] += a[i] * b[0] in f32.

// CHECK-LABEL: func.func @fma
// CHECK-SAME: (%[[A:[^:]*]]: vector<4xbf16>, %[[B:[^:]*]]: vector<1xbf16>, %[[C:[^:]*]]: vector<4xf32>)
// CHECK: %[[AW:.*]] = arith.extf %[[A]] : vector<4xbf16> to vector<4xf32>
// CHECK: %[[BW:.*]] = arith.extf %[[B]] : vector<1xbf16> to vector<1xf32>
// CHECK: %[[B0:.*]] = vector.extract %[[BW]][0] : f32 from vector<1xf32>
// CHECK: %[[BB:.*]] = vector.broadcast %[[B0]] : f32 to vector<4xf32>
// CHECK: %[[D:.*]] = vector.fma %[[AW]], %[[BB]], %[[C]] : vector<4xf32>
// CHECK-NOT: amdgpu.
// CHECK: return %[[D]]
func.func @fma(%a: vector<4xbf16>, %b: vector<1xbf16>, %c: vector<4xf32>) -> vector<4xf32> {
  %d = ck.mma #ck.fma %a, %b, %c : vector<4xbf16>, vector<1xbf16>, vector<4xf32>
  return %d : vector<4xf32>
}

// -----
// An NVIDIA instruction has no AMDGPU lowering.
func.func @nvidia_mma(%a: vector<8xf16>, %b: vector<4xf16>, %c: vector<4xf32>) -> vector<4xf32> {
  // expected-error @+1 {{'ck.mma' op #ck.mma_sync<16x8x16, f16> is not an AMD instruction}}
  %d = ck.mma #ck.mma_sync<16x8x16, f16> %a, %b, %c : vector<8xf16>, vector<4xf16>, vector<4xf32>
  return %d : vector<4xf32>
}

// -----
// Nor has tf32.
func.func @nvidia_tf32(%a: vector<4xf32>, %b: vector<2xf32>, %c: vector<4xf32>) -> vector<4xf32> {
  // expected-error @+1 {{'ck.mma' op #ck.mma_sync<16x8x8, tf32> is not an AMD instruction}}
  %d = ck.mma #ck.mma_sync<16x8x8, tf32> %a, %b, %c : vector<4xf32>, vector<2xf32>, vector<4xf32>
  return %d : vector<4xf32>
}

// -----
// ck.fragment_load (WaveOpLowering.cpp): mfma 16x16x16 f16 A puts 4
// consecutive k of row lane % 16 in each lane, from column 4 * (lane / 16).
// With k innermost in LDS (rows of 40) that is one aligned vector<4xf16>
// at [row0 + lane % 16, col0 + 4 * (lane / 16)]; the constant part of the
// origin (16) joins the element offset. Transposed (the tile is [k][m]),
// the 4 elements lie in 4 rows: 4 scalar loads. The lane id and its terms
// are computed once at the function's start (checked after CSE).

// FOLDED-LABEL: func.func @fragment_loads
// FOLDED-SAME: (%[[L:[^:]*]]: memref<64x40xf16, #gpu.address_space<workgroup>>, %[[R:[^:]*]]: index)
// FOLDED: %[[TID:.*]] = gpu.thread_id x
// FOLDED: %[[LANE:.*]] = arith.remui %[[TID]], %c64
// FOLDED: %[[ROWT:.*]] = arith.remui %[[LANE]], %c16
// FOLDED: %[[COLQ:.*]] = arith.divui %[[LANE]], %c16
// FOLDED: %[[COLT:.*]] = arith.muli %[[COLQ]], %c4
// FOLDED: %[[ROW:.*]] = arith.addi %[[R]], %[[ROWT]]
// FOLDED: %[[COL:.*]] = arith.addi %[[COLT]], %c16
// FOLDED: %[[V:.*]] = vector.load %[[L]][%[[ROW]], %[[COL]]] {alignment = 8 : i64} : memref<64x40xf16, #gpu.address_space<workgroup>>, vector<4xf16>
// FOLDED-COUNT-4: memref.load %[[L]][%{{.*}}, %{{.*}}] : memref<64x40xf16, #gpu.address_space<workgroup>>
// FOLDED-NOT: ck.fragment_load
// FOLDED: amdgpu.lds_barrier
// FOLDED-NOT: ck.lds_barrier
func.func @fragment_loads(%l: memref<64x40xf16, #gpu.address_space<workgroup>>, %r: index) -> (vector<4xf16>, vector<4xf16>) {
  %c16 = arith.constant 16 : index
  %a = ck.fragment_load a of #ck.mfma<16x16x16, f16> from %l[%r, %c16]
      : memref<64x40xf16, #gpu.address_space<workgroup>> -> vector<4xf16>
  %t = ck.fragment_load a of #ck.mfma<16x16x16, f16> from %l[%r, %c16] transposed
      : memref<64x40xf16, #gpu.address_space<workgroup>> -> vector<4xf16>
  ck.lds_barrier
  return %a, %t : vector<4xf16>, vector<4xf16>
}

// -----
// k_pack 2 of mfma 16x16x16 f16 B (transposed: the tile is [n][k], k
// innermost): K steps 0 and 1 with k permuted, so lane l holds 8
// consecutive k of column l % 16 from 8 * (lane / 16): one aligned
// vector<8xf16> (16 bytes) at [col0 + lane % 16, k0 + 8 * (lane / 16)].

// FOLDED-LABEL: func.func @fragment_pack
// FOLDED-SAME: (%[[L:[^:]*]]: memref<64x40xf16, #gpu.address_space<workgroup>>, %[[R:[^:]*]]: index)
// FOLDED: %[[LANE:.*]] = arith.remui %{{.*}}, %c64
// FOLDED: %[[KQ:.*]] = arith.divui %[[LANE]], %c16
// FOLDED: %[[KT:.*]] = arith.muli %[[KQ]], %c8
// FOLDED: %[[NT:.*]] = arith.remui %[[LANE]], %c16
// FOLDED: %[[N:.*]] = arith.addi %[[R]], %[[NT]]
// FOLDED: %[[V:.*]] = vector.load %[[L]][%[[N]], %[[KT]]] {alignment = 16 : i64} : memref<64x40xf16, #gpu.address_space<workgroup>>, vector<8xf16>
// FOLDED-NOT: memref.load
// FOLDED: return %[[V]]
func.func @fragment_pack(%l: memref<64x40xf16, #gpu.address_space<workgroup>>, %r: index) -> vector<8xf16> {
  %c0 = arith.constant 0 : index
  %b = ck.fragment_load b of #ck.mfma<16x16x16, f16> from %l[%c0, %r] transposed k_pack 2
      : memref<64x40xf16, #gpu.address_space<workgroup>> -> vector<8xf16>
  return %b : vector<8xf16>
}

// -----
// A swizzled tile ([64][32] f16: rows of 64 bytes, in 64-byte blocks) read
// as the packed fragment above, A's orientation: lane l's run of 8 k (16
// bytes, one chunk) starts at row r0 + l % 16, column 8 * (l / 16), byte o =
// 2 * (row * 32 + column), and moves to o xor (((o >> 7) mod 4) << 4), read
// at (o / 2 / 32, o / 2 mod 32). For r0 = 0, lane 18 (row 2, column 8: o =
// 144) reads 128, row 2's first chunk; lane 2 (o = 128) reads 144. Still
// one 16-byte vector.load per fragment.

// FOLDED-LABEL: func.func @fragment_swizzled
// FOLDED-SAME: (%[[L:[^:]*]]: memref<2x64x32xf16, #gpu.address_space<workgroup>>, %[[S:[^:]*]]: index, %[[R:[^:]*]]: index)
// FOLDED: %[[LANE:.*]] = arith.remui %{{.*}}, %c64
// FOLDED: %[[MT:.*]] = arith.remui %[[LANE]], %c16
// FOLDED: %[[KQ:.*]] = arith.divui %[[LANE]], %c16
// FOLDED: %[[KT:.*]] = arith.muli %[[KQ]], %c8
// FOLDED: %[[ROW:.*]] = arith.addi %[[R]], %[[MT]]
// FOLDED: %[[WITHIN:.*]] = arith.remui %[[KT]], %c32
// FOLDED: %[[BLOCKQ:.*]] = arith.divui %[[KT]], %c32
// FOLDED: %[[BLOCKAT:.*]] = arith.muli %[[BLOCKQ]], %c2048
// FOLDED: %[[ROWAT:.*]] = arith.muli %[[ROW]], %c32
// FOLDED: %[[IN:.*]] = arith.addi %[[ROWAT]], %[[WITHIN]]
// FOLDED: %[[BLOCKED:.*]] = arith.addi %[[BLOCKAT]], %[[IN]]
// FOLDED: %[[BYTES:.*]] = arith.muli %[[BLOCKED]], %c2
// FOLDED: %[[LINE:.*]] = arith.shrui %[[BYTES]], %c7
// FOLDED: %[[PHASE:.*]] = arith.andi %[[LINE]], %c3
// FOLDED: %[[FLIP:.*]] = arith.shli %[[PHASE]], %c4
// FOLDED: %[[MOVED:.*]] = arith.xori %[[BYTES]], %[[FLIP]]
// FOLDED: %[[LINEAR:.*]] = arith.divui %[[MOVED]], %c2
// FOLDED: %[[SR:.*]] = arith.divui %[[LINEAR]], %c32
// FOLDED: %[[SC:.*]] = arith.remui %[[LINEAR]], %c32
// FOLDED: %[[V:.*]] = vector.load %[[L]][%[[S]], %[[SR]], %[[SC]]] {alignment = 16 : i64} : memref<2x64x32xf16, #gpu.address_space<workgroup>>, vector<8xf16>
// FOLDED-NOT: memref.load
// FOLDED: return %[[V]]
func.func @fragment_swizzled(%l: memref<2x64x32xf16, #gpu.address_space<workgroup>>, %s: index, %r: index) -> vector<8xf16> {
  %c0 = arith.constant 0 : index
  %a = ck.fragment_load a of #ck.mfma<16x16x16, f16> from %l[%s, %r, %c0] k_pack 2 swizzled
      : memref<2x64x32xf16, #gpu.address_space<workgroup>> -> vector<8xf16>
  return %a : vector<8xf16>
}

// -----
// The swizzle moves 16-byte chunks, so a run stays inside one: mfma
// 16x16x4 f32 packed 8 steps along K puts 8 consecutive k (32 bytes) in
// each lane, read from a padded tile as one vector<8xf32> and from a
// swizzled one ([16][32] f32, 128-byte rows) as two vector<4xf32>, each at
// its own swizzled place.

// FOLDED-LABEL: func.func @fragment_swizzled_runs
// FOLDED: vector.load %{{.*}} : memref<16x40xf32, #gpu.address_space<workgroup>>, vector<8xf32>
// FOLDED-NOT: vector.load
// FOLDED: arith.xori
// FOLDED: vector.load %{{.*}} {alignment = 16 : i64} : memref<16x32xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// FOLDED: arith.xori
// FOLDED: vector.load %{{.*}} {alignment = 16 : i64} : memref<16x32xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// FOLDED-NOT: vector.load
// FOLDED: return
func.func @fragment_swizzled_runs(%p: memref<16x40xf32, #gpu.address_space<workgroup>>, %l: memref<16x32xf32, #gpu.address_space<workgroup>>) -> (vector<8xf32>, vector<8xf32>) {
  %c0 = arith.constant 0 : index
  %a = ck.fragment_load a of #ck.mfma<16x16x4, f32> from %p[%c0, %c0] k_pack 8
      : memref<16x40xf32, #gpu.address_space<workgroup>> -> vector<8xf32>
  %b = ck.fragment_load a of #ck.mfma<16x16x4, f32> from %l[%c0, %c0] k_pack 8 swizzled
      : memref<16x32xf32, #gpu.address_space<workgroup>> -> vector<8xf32>
  return %a, %b : vector<8xf32>, vector<8xf32>
}

// -----
// LDS transpose reads (gfx950's ds_read_b64_tr_b16) of an MN-major A
// ([k][m], `transposed`, rows padded to 80) of 16x16x32: two reads of 4
// f16 per lane. Lane l = 16 g + 4 n + q reads at column m0 + 4 q of the row
// transposeReadRow(8 g + 4 i + n) = 16 (g div 2) + 4 (g mod 2) + n + 8 i in
// read i: one lane row, and read 1 eight rows on. Lane 21 (g = 1, n = 1,
// q = 1): rows 5 and 13, column m0 + 4. The reads are concatenated.

// FOLDED-LABEL: func.func @fragment_transpose_read
// FOLDED-SAME: (%[[L:[^:]*]]: memref<2x32x80xf16, #gpu.address_space<workgroup>>, %[[S:[^:]*]]: index, %[[M0:[^:]*]]: index)
// FOLDED: %[[LANE:.*]] = arith.remui %{{.*}}, %c64
// FOLDED: %[[G:.*]] = arith.divui %[[LANE]], %c16
// FOLDED: %[[G1:.*]] = arith.divui %[[G]], %c2
// FOLDED: %[[G1ROW:.*]] = arith.muli %[[G1]], %c16
// FOLDED: %[[G0:.*]] = arith.remui %[[G]], %c2
// FOLDED: %[[G0ROW:.*]] = arith.muli %[[G0]], %c4
// FOLDED: %[[GROW:.*]] = arith.addi %[[G1ROW]], %[[G0ROW]]
// FOLDED: %[[LQ:.*]] = arith.divui %[[LANE]], %c4
// FOLDED: %[[N:.*]] = arith.remui %[[LQ]], %c4
// FOLDED: %[[ROW:.*]] = arith.addi %[[GROW]], %[[N]]
// FOLDED: %[[Q:.*]] = arith.remui %[[LANE]], %c4
// FOLDED: %[[Q4:.*]] = arith.muli %[[Q]], %c4
// FOLDED: %[[COL:.*]] = arith.addi %[[M0]], %[[Q4]]
// FOLDED: %[[R0:.*]] = amdgpu.transpose_load %[[L]][%[[S]], %[[ROW]], %[[COL]]] : memref<2x32x80xf16, #gpu.address_space<workgroup>> -> vector<4xf16>
// FOLDED: %[[ROW8:.*]] = arith.addi %[[ROW]], %c8
// FOLDED: %[[R1:.*]] = amdgpu.transpose_load %[[L]][%[[S]], %[[ROW8]], %[[COL]]] : memref<2x32x80xf16, #gpu.address_space<workgroup>> -> vector<4xf16>
// FOLDED: %[[F:.*]] = vector.shuffle %[[R0]], %[[R1]] [0, 1, 2, 3, 4, 5, 6, 7]
// FOLDED: return %[[F]]
func.func @fragment_transpose_read(%l: memref<2x32x80xf16, #gpu.address_space<workgroup>>, %s: index, %m0: index) -> vector<8xf16> {
  %c0 = arith.constant 0 : index
  %a = ck.fragment_load a of #ck.mfma<16x16x32, f16> from %l[%s, %m0, %c0] transposed transpose_read
      : memref<2x32x80xf16, #gpu.address_space<workgroup>> -> vector<8xf16>
  return %a : vector<8xf16>
}

// -----
// A tile op that ck-lower-wave-tiles did not lower is named, with the pass.

!acc = !ck.acc<64x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
func.func @tile_op_left(%c: memref<1x64x64xf16>, %i: index) {
  // expected-error @+1 {{'ck.acc_zero' op is lowered by ck-lower-wave-tiles, which must run before convert-ck-to-amdgpu}}
  %z = ck.acc_zero : !acc
  ck.tile_store %z -> %c[%i, %i, %i] : !acc, memref<1x64x64xf16>
  return
}

// -----
// A GEMM tile that ck-pipeline did not spell out is named, with the pass.

!acc = !ck.acc<32x32xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
func.func @tile_gemm_left(%a: memref<1x32x16xf16>, %b: memref<1x16x32xf16>,
                          %i: index) -> !acc {
  // expected-error @+1 {{'ck.tile_gemm' op is lowered by ck-pipeline, which must run before convert-ck-to-amdgpu}}
  %acc = ck.tile_gemm %a, %b at [%i, %i, %i] k_tiles %i to %i
      config <block = [32, 32, 16], wave = [16, 16], mma = #ck.mfma<16x16x16, f16>>
      : memref<1x32x16xf16>, memref<1x16x32xf16> -> !acc
  return %acc : !acc
}

// -----
// The flags at agent scope, with s_sleep between polls (the NVIDIA test
// has the whole shape).

// CHECK-LABEL: gpu.func @flags
// CHECK: llvm.load %{{.*}} atomic syncscope("agent") acquire
// CHECK: rocdl.s.sleep 1
// CHECK: llvm.store %{{.*}} atomic syncscope("agent") monotonic
// CHECK: gpu.barrier
// CHECK-NEXT: llvm.fence syncscope("agent") acquire
// CHECK-NEXT: llvm.fence syncscope("agent") release
// CHECK-NEXT: gpu.barrier
// CHECK: llvm.store %{{.*}} atomic syncscope("agent") release
gpu.module @kernels {
  gpu.func @flags(%ws: memref<8192xf32>, %o: index) kernel {
    ck.flag_wait %ws[%o] : memref<8192xf32>
    ck.flag_signal %ws[%o] : memref<8192xf32>
    gpu.return
  }
}

// -----
// A rendezvous at agent scope.

// CHECK-LABEL: gpu.func @rendezvous
// CHECK: llvm.fence syncscope("agent") release
// CHECK-NEXT: gpu.barrier
// CHECK: llvm.atomicrmw add %{{.*}}, %c1_i32 syncscope("agent") release
// CHECK: llvm.load %{{.*}} atomic syncscope("agent") acquire
// CHECK: rocdl.s.sleep 1
// CHECK: llvm.atomicrmw add %{{.*}}, %c1_i32 syncscope("agent") monotonic
// CHECK: llvm.store %{{.*}}, %{{.*}} atomic syncscope("agent") monotonic
// CHECK: gpu.barrier
// CHECK-NEXT: llvm.fence syncscope("agent") acquire
gpu.module @kernels {
  gpu.func @rendezvous(%ws: memref<8192xf32>, %o: index, %n: index) kernel {
    ck.flag_rendezvous %ws[%o], %n : memref<8192xf32>
    gpu.return
  }
}

// -----
// Wave-role rings on gfx9's one counting barrier: both roles run in
// lockstep. With 2 slots a full slot is one amdgpu.lds_barrier on each side
// (barrier i also proves the math waves finished step i - 1, whose slot the
// load waves write next), and empty slots need none.
// CHECK-LABEL: gpu.func @ring_two_slots
// CHECK-SAME: (%[[I:[^:]*]]: index, %[[N:[^:]*]]: index, %[[MATH:[^:]*]]: i1)
// CHECK: scf.if %[[MATH]] {
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: } else {
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: }
// CHECK-NOT: ck.ring
gpu.module @kernels {
  gpu.func @ring_two_slots(%i: index, %n: index, %math: i1) kernel {
    %ring = ck.ring math 4 load 4 : !ck.ring<2>
    scf.if %math {
      ck.ring_wait %ring full %i : !ck.ring<2>
      ck.ring_signal %ring empty %i of %n : !ck.ring<2>
    } else {
      ck.ring_wait %ring empty %i : !ck.ring<2>
      ck.ring_signal %ring full %i : !ck.ring<2>
    }
    gpu.return
  }
}

// -----
// With one slot an empty slot takes a second barrier on each side: after
// the math waves' reads of step i while step i + 1 follows, before the
// load waves' writes of step i from step 1 on. Both arms hold 2n - 1
// barriers.
// CHECK-LABEL: gpu.func @ring_one_slot
// CHECK-SAME: (%[[I:[^:]*]]: index, %[[N:[^:]*]]: index, %[[MATH:[^:]*]]: i1)
// CHECK: scf.if %[[MATH]] {
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK: %[[NEXT:.*]] = arith.addi %[[I]], %c1
// CHECK-NEXT: %[[RELEASE:.*]] = arith.cmpi ult, %[[NEXT]], %[[N]]
// CHECK-NEXT: scf.if %[[RELEASE]] {
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK: } else {
// CHECK: %[[WAITS:.*]] = arith.cmpi uge, %[[I]], %c1
// CHECK-NEXT: scf.if %[[WAITS]] {
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: }
// CHECK-NEXT: amdgpu.lds_barrier
gpu.module @kernels {
  gpu.func @ring_one_slot(%i: index, %n: index, %math: i1) kernel {
    %ring = ck.ring math 4 load 4 : !ck.ring<1>
    scf.if %math {
      ck.ring_wait %ring full %i : !ck.ring<1>
      ck.ring_signal %ring empty %i of %n : !ck.ring<1>
    } else {
      ck.ring_wait %ring empty %i : !ck.ring<1>
      ck.ring_signal %ring full %i : !ck.ring<1>
    }
    gpu.return
  }
}

// -----
// Scheduling hints in the math waves' loop (the loop that waits for full
// ring slots), from the ops it holds: 4 fragment loads and 2 MFMAs. Half
// the reads (2) come first, then each MFMA is followed by one of the
// remaining reads (mask 0x8 = 8: matrix; 0x100 = 256: DS reads). The loop
// runs at priority 1 (s_setprio), back to 0 after it. The load waves' loop
// gets no hints.
// CHECK-LABEL: gpu.func @math_loop_hints
// CHECK: scf.if
// CHECK: rocdl.s.setprio 1
// CHECK-NEXT: scf.for
// CHECK: amdgpu.mfma
// CHECK: amdgpu.mfma
// CHECK-NEXT: rocdl.sched.group.barrier 256, 2, 0
// CHECK-NEXT: rocdl.sched.group.barrier 8, 1, 0
// CHECK-NEXT: rocdl.sched.group.barrier 256, 1, 0
// CHECK-NEXT: rocdl.sched.group.barrier 8, 1, 0
// CHECK-NEXT: rocdl.sched.group.barrier 256, 1, 0
// CHECK-NEXT: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: rocdl.s.setprio 0
// CHECK: } else {
// CHECK-NOT: rocdl.s.setprio
// CHECK-NOT: rocdl.sched.group.barrier
// CHECK: gpu.return
gpu.module @kernels {
  gpu.func @math_loop_hints(%l: memref<64x40xf16, #gpu.address_space<workgroup>>,
                            %n: index, %math: i1, %acc: vector<4xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %ring = ck.ring math 4 load 4 : !ck.ring<2>
    scf.if %math {
      %r = scf.for %i = %c0 to %n step %c1 iter_args(%c = %acc) -> vector<4xf32> {
        ck.ring_wait %ring full %i : !ck.ring<2>
        %a0 = ck.fragment_load a of #ck.mfma<16x16x16, f16> from %l[%c0, %c0]
            : memref<64x40xf16, #gpu.address_space<workgroup>> -> vector<4xf16>
        %b0 = ck.fragment_load b of #ck.mfma<16x16x16, f16> from %l[%c16, %c0]
            : memref<64x40xf16, #gpu.address_space<workgroup>> -> vector<4xf16>
        %a1 = ck.fragment_load a of #ck.mfma<16x16x16, f16> from %l[%c0, %c16]
            : memref<64x40xf16, #gpu.address_space<workgroup>> -> vector<4xf16>
        %b1 = ck.fragment_load b of #ck.mfma<16x16x16, f16> from %l[%c16, %c16]
            : memref<64x40xf16, #gpu.address_space<workgroup>> -> vector<4xf16>
        %d0 = ck.mma #ck.mfma<16x16x16, f16> %a0, %b0, %c : vector<4xf16>, vector<4xf16>, vector<4xf32>
        %d1 = ck.mma #ck.mfma<16x16x16, f16> %a1, %b1, %d0 : vector<4xf16>, vector<4xf16>, vector<4xf32>
        ck.ring_signal %ring empty %i of %n : !ck.ring<2>
        scf.yield %d1 : vector<4xf32>
      }
    } else {
      scf.for %i = %c0 to %n step %c1 {
        ck.ring_wait %ring empty %i : !ck.ring<2>
        ck.ring_signal %ring full %i : !ck.ring<2>
      }
    }
    gpu.return
  }
}

// -----
// ck.guarded_load as a buffer load: the indices become i32, and where the
// load is not valid the first is the first dimension's size (16) and the
// others 0, so the offset is the tensor's size, just outside the buffer,
// whose range check returns zeros. No select on the data.

// CHECK-LABEL: func.func @guarded_buffer_load
// CHECK-SAME: (%[[X:[^:]*]]: memref<16x50x50x1x256xf16>, %[[I:[^:]*]]: index, %[[J:[^:]*]]: index, %[[OK:[^:]*]]: i1)
// CHECK: %[[C16:.*]] = arith.constant 16 : i32
// CHECK: %[[I32:.*]] = arith.index_cast %[[I]] : index to i32
// CHECK: %[[S0:.*]] = arith.select %[[OK]], %[[I32]], %[[C16]] : i32
// CHECK: %[[C0:.*]] = arith.constant 0 : i32
// CHECK: %[[J32:.*]] = arith.index_cast %[[J]] : index to i32
// CHECK: %[[S1:.*]] = arith.select %[[OK]], %[[J32]], %[[C0]] : i32
// CHECK: %[[V:.*]] = amdgpu.raw_buffer_load %[[X]][%[[S0]], %[[S1]], {{.*}}] : memref<16x50x50x1x256xf16>, i32, i32, i32, i32, i32 -> vector<8xf16>
// CHECK-NOT: arith.select {{.*}} vector
// CHECK: return %[[V]]
func.func @guarded_buffer_load(%x: memref<16x50x50x1x256xf16>, %i: index, %j: index, %ok: i1) -> vector<8xf16> {
  %v = ck.guarded_load %x[%i, %j, %j, %j, %j] if %ok : memref<16x50x50x1x256xf16> -> vector<8xf16>
  return %v : vector<8xf16>
}

// -----
// A tensor of 2 GiB (2^30 f16) is beyond a buffer's offsets: the indices
// are set to 0 where the load is not valid, and a select gives the zeros.

// CHECK-LABEL: func.func @guarded_load_beyond_buffers
// CHECK-SAME: (%[[X:[^:]*]]: memref<1073741824xf16>, %[[I:[^:]*]]: index, %[[OK:[^:]*]]: i1)
// CHECK: %[[SAFE:.*]] = arith.select %[[OK]], %[[I]], %{{.*}} : index
// CHECK: %[[V:.*]] = vector.load %[[X]][%[[SAFE]]] {alignment = 16 : i64} : memref<1073741824xf16>, vector<8xf16>
// CHECK: %[[R:.*]] = arith.select %[[OK]], %[[V]], %{{.*}} : vector<8xf16>
// CHECK-NOT: amdgpu.raw_buffer_load
// CHECK: return %[[R]]
func.func @guarded_load_beyond_buffers(%x: memref<1073741824xf16>, %i: index, %ok: i1) -> vector<8xf16> {
  %v = ck.guarded_load %x[%i] if %ok : memref<1073741824xf16> -> vector<8xf16>
  return %v : vector<8xf16>
}

// -----
// gfx950's asynchronous copies: each copy in lane order is one load to LDS
// from the memref as a fat raw buffer (index 256, one past it, where the
// copy is not valid: the range check writes zeros) at the wave's base: the
// slot's start (slot * 32 * 40) plus lane 0's place in the slot (this
// lane's, row * 40 + col, less 8 elements per lane), read into a scalar by
// readfirstlane once per place. The
// commits go; a wait for 1 pending group waits for at most 1 x 2 loads
// (each group holds two copies); the LDS barrier of a function with copies
// is lgkmcnt(0) and s_barrier between single-thread fences.
// CHECK-LABEL: func.func @async_copies
// CHECK-COUNT-4: amdgpu.gather_to_lds
// CHECK-NOT: ck.async_commit
// CHECK: amdgpu.memory_counter_wait load(2)
// CHECK-NEXT: amdgpu.memory_counter_wait ds(0)
// CHECK-NEXT: llvm.fence syncscope("singlethread") release
// CHECK-NEXT: rocdl.s.barrier
// CHECK-NEXT: llvm.fence syncscope("singlethread") acquire
// CHECK-NOT: amdgpu.lds_barrier
// FOLDED-LABEL: func.func @async_copies
// FOLDED-SAME: (%[[X:.*]]: memref<256xf16>, %[[LDS:.*]]: memref<2x32x40xf16, #gpu.address_space<workgroup>>, %[[I:.*]]: index, %[[SLOT:.*]]: index, %[[ROW:.*]]: index, %[[COL:.*]]: index, %[[OK:.*]]: i1)
// FOLDED: %[[FLAT:.*]] = memref.collapse_shape %[[LDS]] {{\[}}[0, 1, 2]]
// FOLDED: %[[BUF:.*]] = amdgpu.fat_raw_buffer_cast %[[X]] resetOffset
// FOLDED: %[[TID:.*]] = gpu.thread_id x
// FOLDED: %[[LANE:.*]] = arith.remui %[[TID]], %c64
// FOLDED: %[[R:.*]] = arith.muli %[[ROW]], %c40
// FOLDED: %[[RC:.*]] = arith.addi %[[R]], %[[COL]]
// FOLDED: %[[LANES:.*]] = arith.muli %[[LANE]], %c8
// FOLDED: %[[PLACE:.*]] = arith.subi %[[RC]], %[[LANES]]
// FOLDED: %[[P32:.*]] = arith.index_cast %[[PLACE]] : index to i32
// FOLDED: %[[U:.*]] = rocdl.readfirstlane %[[P32]] : i32
// FOLDED: %[[UI:.*]] = arith.index_cast %[[U]] : i32 to index
// FOLDED: %[[AT:.*]] = arith.select %[[OK]], %[[I]], %c256
// FOLDED: %[[S:.*]] = arith.muli %[[SLOT]], %c1280
// FOLDED: %[[BASE:.*]] = arith.addi %[[S]], %[[UI]]
// FOLDED-COUNT-4: amdgpu.gather_to_lds %[[BUF]][%[[AT]]], %[[FLAT]][%[[BASE]]] : vector<8xf16>
// FOLDED: amdgpu.memory_counter_wait load(2) ds(0)
func.func @async_copies(%x: memref<256xf16>, %lds: memref<2x32x40xf16, #gpu.address_space<workgroup>>,
                        %i: index, %slot: index, %row: index, %col: index, %ok: i1) {
  ck.async_copy %x[%i] -> %lds[%slot, %row, %col] elements 8 lane_order if %ok
      : memref<256xf16>, memref<2x32x40xf16, #gpu.address_space<workgroup>>
  ck.async_copy %x[%i] -> %lds[%slot, %row, %col] elements 8 lane_order if %ok
      : memref<256xf16>, memref<2x32x40xf16, #gpu.address_space<workgroup>>
  ck.async_commit
  ck.async_copy %x[%i] -> %lds[%slot, %row, %col] elements 8 lane_order if %ok
      : memref<256xf16>, memref<2x32x40xf16, #gpu.address_space<workgroup>>
  ck.async_copy %x[%i] -> %lds[%slot, %row, %col] elements 8 lane_order if %ok
      : memref<256xf16>, memref<2x32x40xf16, #gpu.address_space<workgroup>>
  ck.async_commit
  ck.async_wait pending 1
  ck.lds_barrier
  return
}

// -----
// A group whose copies a wave may skip (under scf.if) counts none of them:
// the wait waits for every load.
// CHECK-LABEL: func.func @async_copies_maybe_skipped
// CHECK: amdgpu.memory_counter_wait load(0)
// FOLDED-LABEL: func.func @async_copies_maybe_skipped
func.func @async_copies_maybe_skipped(%x: memref<256xf16>, %lds: memref<32x40xf16, #gpu.address_space<workgroup>>,
                                      %i: index, %ok: i1) {
  scf.if %ok {
    ck.async_copy %x[%i] -> %lds[%i, %i] elements 8 lane_order if %ok
        : memref<256xf16>, memref<32x40xf16, #gpu.address_space<workgroup>>
  }
  ck.async_commit
  ck.async_wait pending 2
  return
}
