// RUN: ck-opt %s -split-input-file -convert-ck-to-nvvm -cse -verify-diagnostics | FileCheck %s

// convert-ck-to-nvvm lowers ck.mma to nvvm.mma.sync, its fragments split into
// 32-bit registers in order (CKToNVVM.cpp), or, for fma, to vector.fma.
// Fragment sizes per lane (lib/Dialect/CK/IR/MatrixInstrs.cpp, 32 lanes):
//  * mma_16x8x16 (f16, bf16): A 16 * 16 / 32 = 8, B 16 * 8 / 32 = 4,
//    C 16 * 8 / 32 = 4 f32. Two 16-bit values per register: A 4 registers,
//    B 2; f16 pairs stay vector<2xf16>, bf16 pairs are bitcast to i32.
//  * #ck.mma_sync<16x8x8, tf32>: A 16 * 8 / 32 = 4, B 8 * 8 / 32 = 2, C 4; one f32 per
//    register, bitcast to i32.
//  * fma on wave32: 256 / 32 = 8 accumulators and 8 A values per lane, one
//    B value.
// Instructions of other targets are errors.

// -----
// f16: A registers are the pairs (0, 1), (2, 3), (4, 5), (6, 7) of the flat
// fragment, B (0, 1), (2, 3); the four accumulators are scalars.

// CHECK-LABEL: func.func @mma_f16
// CHECK-SAME: (%[[A:[^:]*]]: vector<8xf16>, %[[B:[^:]*]]: vector<4xf16>, %[[C:[^:]*]]: vector<4xf32>)
// CHECK-DAG: %[[C0:.*]] = vector.extract %[[C]][0] : f32 from vector<4xf32>
// CHECK-DAG: %[[C1:.*]] = vector.extract %[[C]][1] : f32 from vector<4xf32>
// CHECK-DAG: %[[C2:.*]] = vector.extract %[[C]][2] : f32 from vector<4xf32>
// CHECK-DAG: %[[C3:.*]] = vector.extract %[[C]][3] : f32 from vector<4xf32>
// CHECK-DAG: %[[A0:.*]] = vector.shuffle %[[A]], %[[A]] [0, 1] : vector<8xf16>, vector<8xf16>
// CHECK-DAG: %[[A1:.*]] = vector.shuffle %[[A]], %[[A]] [2, 3] : vector<8xf16>, vector<8xf16>
// CHECK-DAG: %[[A2:.*]] = vector.shuffle %[[A]], %[[A]] [4, 5] : vector<8xf16>, vector<8xf16>
// CHECK-DAG: %[[A3:.*]] = vector.shuffle %[[A]], %[[A]] [6, 7] : vector<8xf16>, vector<8xf16>
// CHECK-DAG: %[[B0:.*]] = vector.shuffle %[[B]], %[[B]] [0, 1] : vector<4xf16>, vector<4xf16>
// CHECK-DAG: %[[B1:.*]] = vector.shuffle %[[B]], %[[B]] [2, 3] : vector<4xf16>, vector<4xf16>
// CHECK: %[[MMA:.*]] = nvvm.mma.sync A[%[[A0]], %[[A1]], %[[A2]], %[[A3]]] B[%[[B0]], %[[B1]]] C[%[[C0]], %[[C1]], %[[C2]], %[[C3]]]
// CHECK-SAME: layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>
// CHECK-SAME: shape = #nvvm.shape<m = 16, n = 8, k = 16>
// CHECK-SAME: : (vector<2xf16>, vector<2xf16>, f32) -> !llvm.struct<(f32, f32, f32, f32)>
// CHECK: %[[D0:.*]] = llvm.extractvalue %[[MMA]][0]
// CHECK: %[[D1:.*]] = llvm.extractvalue %[[MMA]][1]
// CHECK: %[[D2:.*]] = llvm.extractvalue %[[MMA]][2]
// CHECK: %[[D3:.*]] = llvm.extractvalue %[[MMA]][3]
// CHECK: %[[D:.*]] = vector.from_elements %[[D0]], %[[D1]], %[[D2]], %[[D3]] : vector<4xf32>
// CHECK-NOT: ck.mma
// CHECK: return %[[D]]
func.func @mma_f16(%a: vector<8xf16>, %b: vector<4xf16>, %c: vector<4xf32>) -> vector<4xf32> {
  %d = ck.mma #ck.mma_sync<16x8x16, f16> %a, %b, %c : vector<8xf16>, vector<4xf16>, vector<4xf32>
  return %d : vector<4xf32>
}

// -----
// bf16: each pair is bitcast to one i32 register.

// CHECK-LABEL: func.func @mma_bf16
// CHECK-SAME: (%[[A:[^:]*]]: vector<8xbf16>, %[[B:[^:]*]]: vector<4xbf16>, %[[C:[^:]*]]: vector<4xf32>)
// CHECK: %[[P0:.*]] = vector.shuffle %[[A]], %[[A]] [0, 1] : vector<8xbf16>, vector<8xbf16>
// CHECK: %[[W0:.*]] = vector.bitcast %[[P0]] : vector<2xbf16> to vector<1xi32>
// CHECK: %[[A0:.*]] = vector.extract %[[W0]][0] : i32 from vector<1xi32>
// CHECK: vector.shuffle %[[A]], %[[A]] [2, 3]
// CHECK: vector.shuffle %[[A]], %[[A]] [4, 5]
// CHECK: vector.shuffle %[[A]], %[[A]] [6, 7]
// CHECK: %[[A3:.*]] = vector.extract %{{.*}}[0] : i32 from vector<1xi32>
// CHECK: vector.shuffle %[[B]], %[[B]] [0, 1] : vector<4xbf16>, vector<4xbf16>
// CHECK: vector.shuffle %[[B]], %[[B]] [2, 3] : vector<4xbf16>, vector<4xbf16>
// CHECK: %[[B1:.*]] = vector.extract %{{.*}}[0] : i32 from vector<1xi32>
// CHECK: nvvm.mma.sync A[%[[A0]], %{{.*}}, %{{.*}}, %[[A3]]] B[%{{.*}}, %[[B1]]] C[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}]
// CHECK-SAME: multiplicandAPtxType = #nvvm.mma_type<bf16>, multiplicandBPtxType = #nvvm.mma_type<bf16>
// CHECK-SAME: shape = #nvvm.shape<m = 16, n = 8, k = 16>
// CHECK-SAME: : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
// CHECK: vector.from_elements {{.*}} : vector<4xf32>
// CHECK-NOT: ck.mma
func.func @mma_bf16(%a: vector<8xbf16>, %b: vector<4xbf16>, %c: vector<4xf32>) -> vector<4xf32> {
  %d = ck.mma #ck.mma_sync<16x8x16, bf16> %a, %b, %c : vector<8xbf16>, vector<4xbf16>, vector<4xf32>
  return %d : vector<4xf32>
}

// -----
// tf32: one f32 per register, rounded to nearest tf32 (cvt.rna) as i32;
// 4 A and 2 B registers.

// CHECK-LABEL: func.func @mma_tf32
// CHECK-SAME: (%[[A:[^:]*]]: vector<4xf32>, %[[B:[^:]*]]: vector<2xf32>, %[[C:[^:]*]]: vector<4xf32>)
// CHECK: %[[E0:.*]] = vector.extract %[[A]][0] : f32 from vector<4xf32>
// CHECK: %[[A0:.*]] = nvvm.convert.float.to.tf32 %[[E0]] {rnd = #nvvm.fp_rnd_mode<rna>}
// CHECK: vector.extract %[[A]][1]
// CHECK: nvvm.convert.float.to.tf32
// CHECK: vector.extract %[[A]][2]
// CHECK: nvvm.convert.float.to.tf32
// CHECK: vector.extract %[[A]][3]
// CHECK: nvvm.convert.float.to.tf32
// CHECK: vector.extract %[[B]][0] : f32 from vector<2xf32>
// CHECK: nvvm.convert.float.to.tf32
// CHECK: vector.extract %[[B]][1] : f32 from vector<2xf32>
// CHECK: nvvm.convert.float.to.tf32
// CHECK-NOT: vector.shuffle
// CHECK: nvvm.mma.sync A[%[[A0]], %{{.*}}, %{{.*}}, %{{.*}}] B[%{{.*}}, %{{.*}}] C[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}]
// CHECK-SAME: multiplicandAPtxType = #nvvm.mma_type<tf32>, multiplicandBPtxType = #nvvm.mma_type<tf32>
// CHECK-SAME: shape = #nvvm.shape<m = 16, n = 8, k = 8>
// CHECK-SAME: : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
// CHECK-NOT: ck.mma
func.func @mma_tf32(%a: vector<4xf32>, %b: vector<2xf32>, %c: vector<4xf32>) -> vector<4xf32> {
  %d = ck.mma #ck.mma_sync<16x8x8, tf32> %a, %b, %c : vector<4xf32>, vector<2xf32>, vector<4xf32>
  return %d : vector<4xf32>
}

// -----
// fma: acc[i] += a[i] * b[0], in f32.

// CHECK-LABEL: func.func @fma
// CHECK-SAME: (%[[A:[^:]*]]: vector<8xf16>, %[[B:[^:]*]]: vector<1xf16>, %[[C:[^:]*]]: vector<8xf32>)
// CHECK: %[[AW:.*]] = arith.extf %[[A]] : vector<8xf16> to vector<8xf32>
// CHECK: %[[BW:.*]] = arith.extf %[[B]] : vector<1xf16> to vector<1xf32>
// CHECK: %[[B0:.*]] = vector.extract %[[BW]][0] : f32 from vector<1xf32>
// CHECK: %[[BB:.*]] = vector.broadcast %[[B0]] : f32 to vector<8xf32>
// CHECK: %[[D:.*]] = vector.fma %[[AW]], %[[BB]], %[[C]] : vector<8xf32>
// CHECK-NOT: nvvm.mma.sync
// CHECK: return %[[D]]
func.func @fma(%a: vector<8xf16>, %b: vector<1xf16>, %c: vector<8xf32>) -> vector<8xf32> {
  %d = ck.mma #ck.fma %a, %b, %c : vector<8xf16>, vector<1xf16>, vector<8xf32>
  return %d : vector<8xf32>
}

// -----
// fma on f32 fragments needs no extension.

// CHECK-LABEL: func.func @fma_f32
// CHECK-SAME: (%[[A:[^:]*]]: vector<8xf32>, %[[B:[^:]*]]: vector<1xf32>, %[[C:[^:]*]]: vector<8xf32>)
// CHECK-NOT: arith.extf
// CHECK: %[[B0:.*]] = vector.extract %[[B]][0] : f32 from vector<1xf32>
// CHECK: %[[BB:.*]] = vector.broadcast %[[B0]] : f32 to vector<8xf32>
// CHECK: vector.fma %[[A]], %[[BB]], %[[C]] : vector<8xf32>
func.func @fma_f32(%a: vector<8xf32>, %b: vector<1xf32>, %c: vector<8xf32>) -> vector<8xf32> {
  %d = ck.mma #ck.fma %a, %b, %c : vector<8xf32>, vector<1xf32>, vector<8xf32>
  return %d : vector<8xf32>
}

// -----
// An AMD instruction has no NVVM lowering.
func.func @amd_mfma(%a: vector<4xf16>, %b: vector<4xf16>, %c: vector<4xf32>) -> vector<4xf32> {
  // expected-error @+1 {{'ck.mma' op #ck.mfma<16x16x16, f16> is not an NVIDIA instruction}}
  %d = ck.mma #ck.mfma<16x16x16, f16> %a, %b, %c : vector<4xf16>, vector<4xf16>, vector<4xf32>
  return %d : vector<4xf32>
}

// -----
// Nor has a WMMA.
func.func @amd_wmma(%a: vector<16xf16>, %b: vector<16xf16>, %c: vector<8xf32>) -> vector<8xf32> {
  // expected-error @+1 {{'ck.mma' op #ck.wmma<16x16x16, f16, gfx11> is not an NVIDIA instruction}}
  %d = ck.mma #ck.wmma<16x16x16, f16, gfx11> %a, %b, %c : vector<16xf16>, vector<16xf16>, vector<8xf32>
  return %d : vector<8xf32>
}

// -----
// Nor have AMD's LDS transpose reads.
func.func @amd_transpose_read(%l: memref<32x64xf16, #gpu.address_space<workgroup>>, %i: index) -> vector<8xf16> {
  // expected-error @+1 {{'ck.fragment_load' op reads by LDS transpose reads, which only the AMD lowering (gfx950) has}}
  %f = ck.fragment_load a of #ck.mfma<16x16x32, f16> from %l[%i, %i] transposed transpose_read : memref<32x64xf16, #gpu.address_space<workgroup>> -> vector<8xf16>
  return %f : vector<8xf16>
}

// -----
// ck.fragment_load of mma.sync 16x8x16 (16-bit) is one ldmatrix per
// fragment. Lane l gives the address of one 8-element row of one 8x8
// matrix; the lane's terms l % 8, l % 16, 8 * (l / 16) and 8 * ((l / 8) % 2)
// are made beside the lane id. A with k contiguous ([m][k]): x4 of
// rows m0 + l % 16 at k0 + 8 * (l / 16). ck.lds_barrier is a bar.sync.

// CHECK-LABEL: func.func @ldmatrix_a
// CHECK-SAME: (%[[L:[^:]*]]: memref<64x40xf16, #gpu.address_space<workgroup>>, %[[M0:[^:]*]]: index, %[[K0:[^:]*]]: index)
// CHECK: %[[T:.*]] = gpu.thread_id x
// CHECK: %[[C32:.*]] = arith.constant 32 : index
// CHECK: %[[LANE:.*]] = arith.remui %[[T]], %[[C32]] : index
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK-DAG: %[[L16:.*]] = arith.remui %[[LANE]], %[[C16]] : index
// CHECK-DAG: %[[Q:.*]] = arith.divui %[[LANE]], %[[C16]] : index
// CHECK-DAG: %[[E32:.*]] = arith.muli %[[Q]], %[[C8]] : index
// CHECK: %[[ROW:.*]] = arith.addi %[[M0]], %[[L16]] : index
// CHECK: %[[COL:.*]] = arith.addi %[[K0]], %[[E32]] : index
// CHECK: memref.extract_aligned_pointer_as_index %[[L]]
// CHECK: %[[I0:.*]] = arith.index_castui %[[ROW]] : index to i32
// CHECK: arith.muli %[[I0]], %c80_i32 : i32
// CHECK: %[[I1:.*]] = arith.index_castui %[[COL]] : index to i32
// CHECK: arith.muli %[[I1]], %c2_i32 : i32
// CHECK: %[[P:.*]] = llvm.inttoptr %{{.*}} : i64 to !llvm.ptr<3>
// CHECK: %[[X:.*]] = nvvm.ldmatrix %[[P]] {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, num = 4 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : (!llvm.ptr<3>) -> !llvm.struct<(i32, i32, i32, i32)>
// CHECK-NOT: memref.load
// CHECK-NOT: vector.load
// CHECK: %[[R0:.*]] = llvm.extractvalue %[[X]][0]
// CHECK: %[[R1:.*]] = llvm.extractvalue %[[X]][1]
// CHECK: %[[R2:.*]] = llvm.extractvalue %[[X]][2]
// CHECK: %[[R3:.*]] = llvm.extractvalue %[[X]][3]
// CHECK: %[[W:.*]] = vector.from_elements %[[R0]], %[[R1]], %[[R2]], %[[R3]] : vector<4xi32>
// CHECK: %[[F:.*]] = vector.bitcast %[[W]] : vector<4xi32> to vector<8xf16>
// CHECK: gpu.barrier
// CHECK: return %[[F]] : vector<8xf16>
// CHECK-NOT: ck.
func.func @ldmatrix_a(%l: memref<64x40xf16, #gpu.address_space<workgroup>>, %m0: index, %k0: index) -> vector<8xf16> {
  %a = ck.fragment_load a of #ck.mma_sync<16x8x16, f16> from %l[%m0, %k0]
      : memref<64x40xf16, #gpu.address_space<workgroup>> -> vector<8xf16>
  ck.lds_barrier
  return %a : vector<8xf16>
}

// -----
// A with m contiguous ([k][m], `transposed`), bf16, in slot %s of a ring:
// x4.trans of rows k0 + l % 8 + 8 * (l / 16) at m0 + 8 * ((l / 8) % 2).

// CHECK-LABEL: func.func @ldmatrix_a_transposed
// CHECK-SAME: (%[[L:[^:]*]]: memref<2x32x72xbf16, #gpu.address_space<workgroup>>, %[[S:[^:]*]]: index, %[[M0:[^:]*]]: index, %[[K0:[^:]*]]: index)
// CHECK: %[[LANE:.*]] = arith.remui
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK-DAG: %[[L8:.*]] = arith.remui %[[LANE]], %[[C8]] : index
// CHECK-DAG: %[[L16:.*]] = arith.remui %[[LANE]], %[[C16]] : index
// CHECK-DAG: %[[Q:.*]] = arith.divui %[[LANE]], %[[C16]] : index
// CHECK-DAG: %[[E32:.*]] = arith.muli %[[Q]], %[[C8]] : index
// CHECK-DAG: %[[Q8:.*]] = arith.divui %[[L16]], %[[C8]] : index
// CHECK-DAG: %[[E16:.*]] = arith.muli %[[Q8]], %[[C8]] : index
// CHECK: %[[K:.*]] = arith.addi %[[K0]], %[[L8]] : index
// CHECK: %[[ROW:.*]] = arith.addi %[[K]], %[[E32]] : index
// CHECK: %[[COL:.*]] = arith.addi %[[M0]], %[[E16]] : index
// CHECK: %[[SI:.*]] = arith.index_castui %[[S]] : index to i32
// CHECK: arith.muli %[[SI]], %c4608_i32 : i32
// CHECK: %[[I0:.*]] = arith.index_castui %[[ROW]] : index to i32
// CHECK: arith.muli %[[I0]], %c144_i32 : i32
// CHECK: %[[I1:.*]] = arith.index_castui %[[COL]] : index to i32
// CHECK: arith.muli %[[I1]], %c2_i32 : i32
// CHECK: %[[P:.*]] = llvm.inttoptr %{{.*}} : i64 to !llvm.ptr<3>
// CHECK: nvvm.ldmatrix %[[P]] {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<col>, num = 4 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : (!llvm.ptr<3>) -> !llvm.struct<(i32, i32, i32, i32)>
func.func @ldmatrix_a_transposed(%l: memref<2x32x72xbf16, #gpu.address_space<workgroup>>, %s: index, %m0: index, %k0: index) -> vector<8xbf16> {
  %a = ck.fragment_load a of #ck.mma_sync<16x8x16, bf16> from %l[%s, %m0, %k0] transposed
      : memref<2x32x72xbf16, #gpu.address_space<workgroup>> -> vector<8xbf16>
  return %a : vector<8xbf16>
}

// -----
// A swizzled tile (`swizzled`: [128][32] bf16, rows of 64 bytes in 64-byte
// blocks): the lane's row and column as above, then moved where the swizzle
// keeps them, byte o = 2 (row * 32 + column) to o xor (((o >> 7) mod 4) <<
// 4), which ldmatrix reads as (o / 2 / 32, o / 2 mod 32).

// CHECK-LABEL: func.func @ldmatrix_a_swizzled
// CHECK-SAME: (%[[L:[^:]*]]: memref<3x128x32xbf16, #gpu.address_space<workgroup>>, %[[S:[^:]*]]: index, %[[M0:[^:]*]]: index, %[[K0:[^:]*]]: index)
// CHECK: %[[ROW:.*]] = arith.addi %[[M0]], %{{.*}} : index
// CHECK: %[[COL:.*]] = arith.addi %[[K0]], %{{.*}} : index
// CHECK: %[[WITHIN:.*]] = arith.remui %[[COL]], %[[C32:.*]] : index
// CHECK: %[[ROWAT:.*]] = arith.muli %[[ROW]], %[[C32]] : index
// CHECK: %[[IN:.*]] = arith.addi %[[ROWAT]], %[[WITHIN]] : index
// CHECK: %[[BYTES:.*]] = arith.muli %{{.*}}, %[[C2:.*]] : index
// CHECK: %[[LINE:.*]] = arith.shrui %[[BYTES]], %[[C7:.*]] : index
// CHECK: %[[PHASE:.*]] = arith.andi %[[LINE]], %[[C3:.*]] : index
// CHECK: %[[FLIP:.*]] = arith.shli %[[PHASE]], %[[C4:.*]] : index
// CHECK: %[[MOVED:.*]] = arith.xori %[[BYTES]], %[[FLIP]] : index
// CHECK: %[[LINEAR:.*]] = arith.divui %[[MOVED]], %[[C2]] : index
// CHECK: %[[R:.*]] = arith.divui %[[LINEAR]], %[[C32]] : index
// CHECK: %[[C:.*]] = arith.remui %[[LINEAR]], %[[C32]] : index
// CHECK: %[[SI:.*]] = arith.index_castui %[[S]] : index to i32
// CHECK: arith.muli %[[SI]], %c8192_i32 : i32
// CHECK: %[[I0:.*]] = arith.index_castui %[[R]] : index to i32
// CHECK: arith.muli %[[I0]], %c64_i32 : i32
// CHECK: %[[I1:.*]] = arith.index_castui %[[C]] : index to i32
// CHECK: arith.muli %[[I1]], %c2_i32 : i32
// CHECK: %[[P:.*]] = llvm.inttoptr %{{.*}} : i64 to !llvm.ptr<3>
// CHECK: nvvm.ldmatrix %[[P]] {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, num = 4 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : (!llvm.ptr<3>) -> !llvm.struct<(i32, i32, i32, i32)>
func.func @ldmatrix_a_swizzled(%l: memref<3x128x32xbf16, #gpu.address_space<workgroup>>, %s: index, %m0: index, %k0: index) -> vector<8xbf16> {
  %a = ck.fragment_load a of #ck.mma_sync<16x8x16, bf16> from %l[%s, %m0, %k0] swizzled
      : memref<3x128x32xbf16, #gpu.address_space<workgroup>> -> vector<8xbf16>
  return %a : vector<8xbf16>
}

// -----
// B with k contiguous ([n][k], `transposed`): x2 of rows n0 + l % 8 at
// k0 + 8 * ((l / 8) % 2); lanes 16-31 repeat lanes 0-15's addresses.

// CHECK-LABEL: func.func @ldmatrix_b_k_contiguous
// CHECK-SAME: (%[[L:[^:]*]]: memref<64x40xf16, #gpu.address_space<workgroup>>, %[[K0:[^:]*]]: index, %[[N0:[^:]*]]: index)
// CHECK: %[[LANE:.*]] = arith.remui
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK-DAG: %[[L8:.*]] = arith.remui %[[LANE]], %[[C8]] : index
// CHECK-DAG: %[[L16:.*]] = arith.remui %[[LANE]], %[[C16]] : index
// CHECK-DAG: %[[Q8:.*]] = arith.divui %[[L16]], %[[C8]] : index
// CHECK-DAG: %[[E16:.*]] = arith.muli %[[Q8]], %[[C8]] : index
// CHECK: %[[ROW:.*]] = arith.addi %[[N0]], %[[L8]] : index
// CHECK: %[[COL:.*]] = arith.addi %[[K0]], %[[E16]] : index
// CHECK: %[[I0:.*]] = arith.index_castui %[[ROW]] : index to i32
// CHECK: arith.muli %[[I0]], %c80_i32 : i32
// CHECK: %[[I1:.*]] = arith.index_castui %[[COL]] : index to i32
// CHECK: arith.muli %[[I1]], %c2_i32 : i32
// CHECK: %[[P:.*]] = llvm.inttoptr %{{.*}} : i64 to !llvm.ptr<3>
// CHECK: %[[X:.*]] = nvvm.ldmatrix %[[P]] {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, num = 2 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : (!llvm.ptr<3>) -> !llvm.struct<(i32, i32)>
// CHECK: %[[R0:.*]] = llvm.extractvalue %[[X]][0]
// CHECK: %[[R1:.*]] = llvm.extractvalue %[[X]][1]
// CHECK: %[[W:.*]] = vector.from_elements %[[R0]], %[[R1]] : vector<2xi32>
// CHECK: %[[F:.*]] = vector.bitcast %[[W]] : vector<2xi32> to vector<4xf16>
// CHECK: return %[[F]] : vector<4xf16>
func.func @ldmatrix_b_k_contiguous(%l: memref<64x40xf16, #gpu.address_space<workgroup>>, %k0: index, %n0: index) -> vector<4xf16> {
  %b = ck.fragment_load b of #ck.mma_sync<16x8x16, f16> from %l[%k0, %n0] transposed
      : memref<64x40xf16, #gpu.address_space<workgroup>> -> vector<4xf16>
  return %b : vector<4xf16>
}

// -----
// B with n contiguous ([k][n]): x2.trans of rows k0 + l % 8 + 8 * ((l / 8)
// % 2) at n0.

// CHECK-LABEL: func.func @ldmatrix_b_n_contiguous
// CHECK-SAME: (%[[L:[^:]*]]: memref<32x136xf16, #gpu.address_space<workgroup>>, %[[K0:[^:]*]]: index, %[[N0:[^:]*]]: index)
// CHECK: %[[LANE:.*]] = arith.remui
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK-DAG: %[[L8:.*]] = arith.remui %[[LANE]], %[[C8]] : index
// CHECK-DAG: %[[L16:.*]] = arith.remui %[[LANE]], %[[C16]] : index
// CHECK-DAG: %[[Q8:.*]] = arith.divui %[[L16]], %[[C8]] : index
// CHECK-DAG: %[[E16:.*]] = arith.muli %[[Q8]], %[[C8]] : index
// CHECK: %[[K:.*]] = arith.addi %[[K0]], %[[L8]] : index
// CHECK: %[[ROW:.*]] = arith.addi %[[K]], %[[E16]] : index
// CHECK: %[[I0:.*]] = arith.index_castui %[[ROW]] : index to i32
// CHECK: arith.muli %[[I0]], %c272_i32 : i32
// CHECK: %[[I1:.*]] = arith.index_castui %[[N0]] : index to i32
// CHECK: arith.muli %[[I1]], %c2_i32 : i32
// CHECK: %[[P:.*]] = llvm.inttoptr %{{.*}} : i64 to !llvm.ptr<3>
// CHECK: nvvm.ldmatrix %[[P]] {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<col>, num = 2 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : (!llvm.ptr<3>) -> !llvm.struct<(i32, i32)>
func.func @ldmatrix_b_n_contiguous(%l: memref<32x136xf16, #gpu.address_space<workgroup>>, %k0: index, %n0: index) -> vector<4xf16> {
  %b = ck.fragment_load b of #ck.mma_sync<16x8x16, f16> from %l[%k0, %n0]
      : memref<32x136xf16, #gpu.address_space<workgroup>> -> vector<4xf16>
  return %b : vector<4xf16>
}

// -----
// Where ldmatrix cannot read the tile the generic loads remain: a row of 36
// elements (72 bytes) leaves rows off 16-byte boundaries, so A with k
// contiguous is four aligned vector<2xf16> loads (each lane's pairs of
// consecutive k); tf32 (16x8x8) fragments are 32-bit and read alike.

// CHECK-LABEL: func.func @generic_fragment_loads
// CHECK-SAME: (%[[L:[^:]*]]: memref<64x36xf16, #gpu.address_space<workgroup>>, %[[T:[^:]*]]: memref<64x36xf32, #gpu.address_space<workgroup>>
// CHECK-NOT: nvvm.ldmatrix
// CHECK-COUNT-4: vector.load %[[L]][%{{.*}}, %{{.*}}] {alignment = 4 : i64} : memref<64x36xf16, #gpu.address_space<workgroup>>, vector<2xf16>
// CHECK-NOT: nvvm.ldmatrix
// CHECK: memref.load %[[T]]
// CHECK-NOT: nvvm.ldmatrix
// CHECK: return
func.func @generic_fragment_loads(%l: memref<64x36xf16, #gpu.address_space<workgroup>>, %t: memref<64x36xf32, #gpu.address_space<workgroup>>, %r: index) -> (vector<8xf16>, vector<4xf32>) {
  %a = ck.fragment_load a of #ck.mma_sync<16x8x16, f16> from %l[%r, %r]
      : memref<64x36xf16, #gpu.address_space<workgroup>> -> vector<8xf16>
  %b = ck.fragment_load a of #ck.mma_sync<16x8x8, tf32> from %t[%r, %r] transposed
      : memref<64x36xf32, #gpu.address_space<workgroup>> -> vector<4xf32>
  return %a, %b : vector<8xf16>, vector<4xf32>
}

// -----
// A coordinate op that ck-lower-coords did not lower is named, with the pass.

func.func @coord_left(%m: memref<4x6xf32>, %u: index) {
  // expected-error @+1 {{'ck.coord_init' op is lowered by ck-lower-coords, which must run before convert-ck-to-nvvm}}
  %s = ck.coord_init %m[%u, %u] : memref<4x6xf32>, index, index -> !ck.coord<2xi32>
  return
}

// -----
// An LDS buffer that ck-lower-wave-tiles did not place is named, with the
// pass.

gpu.module @kernels {
  gpu.func @lds_buffer_left() kernel {
    // expected-error @+1 {{'ck.lds_buffer' op is lowered by ck-lower-wave-tiles, which must run before convert-ck-to-nvvm}}
    %a = ck.lds_buffer offset 0 : memref<16x16xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----
// The flags: word %o of the workspace (byte 4 * %o past its aligned
// pointer). A wait is thread 0's loop of device-scope acquire loads until
// the flag is 1, with nanosleep between polls and a trap after 2^30, its
// store of 0, a barrier and an acquire fence; a signal is a release fence,
// a barrier and thread 0's device-scope release store of 1.

// CHECK-LABEL: gpu.func @flags
// CHECK: %[[TID:.*]] = gpu.thread_id x
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[TID]], %c0
// CHECK: scf.if %[[FIRST]] {
// CHECK:   %[[BASE:.*]] = memref.extract_aligned_pointer_as_index %[[WS:.*]] : memref<8192xf32> -> index
// CHECK:   %[[PTR:.*]] = llvm.inttoptr
// CHECK:   scf.while
// CHECK:     %[[V:.*]] = llvm.load %[[PTR]] atomic syncscope("device") acquire {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK:     arith.cmpi ne, %[[V]], %c1_i32
// CHECK:   } do {
// CHECK:     arith.cmpi uge, %{{.*}}, %c1073741824_i32
// CHECK:     llvm.intr.trap
// CHECK:     nvvm.nanosleep
// CHECK:   llvm.store %c0_i32, %[[PTR]] atomic syncscope("device") monotonic
// CHECK-NEXT: {{^ *}}}
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: llvm.fence syncscope("device") acquire
// CHECK-NEXT: llvm.fence syncscope("device") release
// CHECK-NEXT: gpu.barrier
// CHECK: scf.if
// CHECK:   llvm.store %c1_i32, %{{.*}} atomic syncscope("device") release
gpu.module @kernels {
  gpu.func @flags(%ws: memref<8192xf32>, %o: index) kernel {
    ck.flag_wait %ws[%o] : memref<8192xf32>
    ck.flag_signal %ws[%o] : memref<8192xf32>
    gpu.return
  }
}

// -----
// Flags of the first 64 threads (a StreamK unit's math waves, whose load
// waves run on): the others skip each op, and the 64 meet at named barrier
// 15 where the workgroup's would be.

// CHECK-LABEL: gpu.func @math_wave_flags
// CHECK: %[[TID:.*]] = gpu.thread_id x
// CHECK: %[[MATH:.*]] = arith.cmpi ult, %[[TID]], %c64 : index
// CHECK: scf.if %[[MATH]] {
// CHECK:   scf.if
// CHECK:     scf.while
// CHECK:     llvm.store %c0_i32, %{{.*}} atomic syncscope("device") monotonic
// CHECK:   nvvm.barrier id = %c15_i32 number_of_threads = %c64_i32
// CHECK-NEXT: llvm.fence syncscope("device") acquire
// CHECK-NEXT: }
// CHECK-NEXT: scf.if %[[MATH]] {
// CHECK-NEXT:   llvm.fence syncscope("device") release
// CHECK:        nvvm.barrier id = %c15_i32 number_of_threads = %c64_i32
// CHECK:        llvm.store %c1_i32, %{{.*}} atomic syncscope("device") release
// CHECK-NOT: gpu.barrier
gpu.module @kernels {
  gpu.func @math_wave_flags(%ws: memref<8192xf32>, %o: index) kernel {
    ck.flag_wait %ws[%o] threads 64 : memref<8192xf32>
    ck.flag_signal %ws[%o] threads 64 : memref<8192xf32>
    gpu.return
  }
}

// -----
// A rendezvous of %n workgroups at counter %o: a release fence, a barrier,
// thread 0's device-scope add of 1, its polls (acquire loads) while the
// counter is below %n, its second add, whose finding 2 %n - 1 (the last
// workgroup to leave) stores 0; then a barrier and an acquire fence.

// CHECK-LABEL: gpu.func @rendezvous
// CHECK-SAME: (%[[WS:.*]]: memref<8192xf32>, %[[O:.*]]: index, %[[N:.*]]: index)
// CHECK: llvm.fence syncscope("device") release
// CHECK-NEXT: gpu.barrier
// CHECK: scf.if
// CHECK:   %[[PTR:.*]] = llvm.inttoptr
// CHECK:   %[[COUNT:.*]] = arith.index_castui %[[N]] : index to i32
// CHECK:   llvm.atomicrmw add %[[PTR]], %c1_i32 syncscope("device") release
// CHECK:   scf.while
// CHECK:     %[[V:.*]] = llvm.load %[[PTR]] atomic syncscope("device") acquire {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK:     arith.cmpi ult, %[[V]], %[[COUNT]]
// CHECK:   } do {
// CHECK:     llvm.intr.trap
// CHECK:     nvvm.nanosleep
// CHECK:   %[[BEFORE:.*]] = llvm.atomicrmw add %[[PTR]], %c1_i32 syncscope("device") monotonic
// CHECK:   %[[TWICE:.*]] = arith.addi %[[COUNT]], %[[COUNT]]
// CHECK:   %[[LAST:.*]] = arith.subi %[[TWICE]], %c1_i32
// CHECK:   %[[IS_LAST:.*]] = arith.cmpi eq, %[[BEFORE]], %[[LAST]]
// CHECK:   scf.if %[[IS_LAST]] {
// CHECK:     llvm.store %c0_i32, %[[PTR]] atomic syncscope("device") monotonic
// CHECK: gpu.barrier
// CHECK-NEXT: llvm.fence syncscope("device") acquire
// CHECK-NEXT: gpu.return
gpu.module @kernels {
  gpu.func @rendezvous(%ws: memref<8192xf32>, %o: index, %n: index) kernel {
    ck.flag_rendezvous %ws[%o], %n : memref<8192xf32>
    gpu.return
  }
}

// -----
// Split-K's reduce = cluster: the cluster's barrier (arrive releases, wait
// acquires), and a vector of another workgroup's LDS: the window's element
// %o as an address in LDS (address space 3), mapa to the cluster's
// workgroup %r (address space 7) and one 16-byte load.

// CHECK-LABEL: gpu.func @cluster_ops
// CHECK-SAME: (%[[BUF:.*]]: memref<2048xf32, #gpu.address_space<workgroup>>, %[[O:.*]]: index, %[[R:.*]]: index)
// CHECK: nvvm.cluster.arrive
// CHECK-NEXT: nvvm.cluster.wait
// CHECK: %[[BASE:.*]] = memref.extract_aligned_pointer_as_index %[[BUF]]
// CHECK: %[[LOCAL:.*]] = llvm.inttoptr %{{.*}} : i64 to !llvm.ptr<3>
// CHECK: %[[RANK:.*]] = arith.index_castui %[[R]] : index to i32
// CHECK: %[[PEER:.*]] = nvvm.mapa %[[LOCAL]], %[[RANK]] : !llvm.ptr<3> -> !llvm.ptr<7>
// CHECK: %[[V:.*]] = llvm.load %[[PEER]] {alignment = 16 : i64} : !llvm.ptr<7> -> vector<4xf32>
// CHECK: vector.store %[[V]]
gpu.module @kernels {
  gpu.func @cluster_ops(%buf: memref<2048xf32, #gpu.address_space<workgroup>>, %o: index, %r: index) kernel {
    ck.cluster_barrier
    %v = ck.cluster_load %buf[%o] rank %r : memref<2048xf32, #gpu.address_space<workgroup>> -> vector<4xf32>
    vector.store %v, %buf[%o] : memref<2048xf32, #gpu.address_space<workgroup>>, vector<4xf32>
    gpu.return
  }
}

// -----
// A wave-role ring of 2 slots between 4 math and 4 load warps (256
// threads), as ck-lower-roles leaves it: named barriers FULL(s) = 1 + s and
// EMPTY(s) = 3 + s of slot s = step mod 2, each counting all 256 threads.
// Math warps wait (bar.sync) for FULL and arrive at EMPTY only while a
// later step (step + 2 < n) will wait for it; load warps wait for EMPTY
// from step 2 on and arrive at FULL. The ring itself goes.

// CHECK-LABEL: gpu.func @ring
// CHECK-SAME: (%[[I:[^:]*]]: index, %[[N:[^:]*]]: index, %[[MATH:[^:]*]]: i1)
// CHECK-NOT: ck.ring
// CHECK: scf.if %[[MATH]] {
// CHECK:   %[[S:.*]] = arith.remui %[[I]], %c2
// CHECK:   %[[S32:.*]] = arith.index_castui %[[S]] : index to i32
// CHECK:   %[[FULL:.*]] = arith.addi %[[S32]], %c1_i32
// CHECK:   nvvm.barrier id = %[[FULL]] number_of_threads = %c256_i32
// CHECK:   %[[LATER:.*]] = arith.addi %[[I]], %c2
// CHECK:   %[[RELEASE:.*]] = arith.cmpi ult, %[[LATER]], %[[N]]
// CHECK:   scf.if %[[RELEASE]] {
// CHECK:     %[[EMPTY:.*]] = arith.addi %{{.*}}, %c3_i32
// CHECK:     nvvm.barrier.arrive id = %[[EMPTY]] number_of_threads = %c256_i32
// CHECK: } else {
// CHECK:   %[[WAITS:.*]] = arith.cmpi uge, %[[I]], %c2
// CHECK:   scf.if %[[WAITS]] {
// CHECK:     nvvm.barrier id = %{{.*}} number_of_threads = %c256_i32
// CHECK:   nvvm.barrier.arrive id = %{{.*}} number_of_threads = %c256_i32
gpu.module @kernels {
  gpu.func @ring(%i: index, %n: index, %math: i1) kernel {
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
// In a kernel whose slots wgmma reads, a load warp's FULL arrival first
// fences its writes (cp.async: the generic proxy) against the async proxy;
// the math warps' waits and EMPTY arrivals take no fence.

// CHECK-LABEL: gpu.func @ring_wgmma
// CHECK: scf.if
// CHECK-NOT: nvvm.fence.proxy
// CHECK:   nvvm.barrier.arrive
// CHECK: } else {
// CHECK:   nvvm.barrier id
// CHECK:   nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// CHECK-NOT: nvvm.barrier
// CHECK:   nvvm.barrier.arrive
gpu.module @kernels {
  gpu.func @ring_wgmma(%i: index, %n: index, %math: i1,
                       %la: memref<64x64xf16, #gpu.address_space<workgroup>>,
                       %lb: memref<8x64xf16, #gpu.address_space<workgroup>>,
                       %c0: vector<4xf32>) kernel {
    %ring = ck.ring math 4 load 4 : !ck.ring<2>
    scf.if %math {
      ck.ring_wait %ring full %i : !ck.ring<2>
      %row = arith.constant 0 : index
      %r = ck.warpgroup_mma #ck.wgmma<f16> %la, %lb row %row k 64 b_transposed acc(%c0)
          : memref<64x64xf16, #gpu.address_space<workgroup>>, memref<8x64xf16, #gpu.address_space<workgroup>>, vector<4xf32>
      ck.ring_signal %ring empty %i of %n : !ck.ring<2>
    } else {
      ck.ring_wait %ring empty %i : !ck.ring<2>
      ck.ring_signal %ring full %i : !ck.ring<2>
    }
    gpu.return
  }
}

// -----
// A ring of 2 slots between 8 math and 4 load warps with barriers (the
// cp.async wave roles on NVIDIA): thread 0 initializes the FULL mbarriers
// of slots 0 and 1 for the 128 load threads' arrivals and the EMPTY ones
// (elements 2 and 3) for the 256 math threads'.
// Math warps wait for the phase of their step, (i div 2) mod 2, on FULL and
// arrive at EMPTY while a later step waits for it; load warps wait from
// step 2 on for the phase before their step's, (i div 2 + 1) mod 2, on
// EMPTY, and arrive at FULL. No named barrier is left.

// CHECK-LABEL: gpu.func @mbarrier_ring
// CHECK-SAME: (%[[I:[^:]*]]: index, %[[N:[^:]*]]: index, %[[MATH:[^:]*]]: i1, %[[BARS:[^:]*]]: memref<4xi64
// CHECK-NOT: nvvm.barrier
// CHECK-COUNT-2: nvvm.mbarrier.init %{{.*}}, %c128_i32{{.*}} : !llvm.ptr<3>, i32
// CHECK-COUNT-2: nvvm.mbarrier.init %{{.*}}, %c256_i32{{.*}} : !llvm.ptr<3>, i32
// CHECK: nvvm.fence.mbarrier.init
// CHECK: gpu.barrier
// CHECK: scf.if %[[MATH]] {
// CHECK:   %[[S:.*]] = arith.remui %[[I]], %c2
// CHECK:   %[[PHASE:.*]] = arith.divui %[[I]], %c2
// CHECK:   %[[PARITY:.*]] = arith.remui %[[PHASE]], %c2
// CHECK:   %[[PARITY32:.*]] = arith.index_castui %[[PARITY]] : index to i32
// CHECK:   nvvm.mbarrier.try_wait.parity %{{.*}}, %[[PARITY32]], %{{.*}} : !llvm.ptr<3>, i32, i32
// CHECK:   %[[LATER:.*]] = arith.addi %[[I]], %c2
// CHECK:   %[[RELEASE:.*]] = arith.cmpi ult, %[[LATER]], %[[N]]
// CHECK:   scf.if %[[RELEASE]] {
// CHECK:     arith.addi %[[S]], %c2
// CHECK:     nvvm.mbarrier.arrive %{{.*}} : !llvm.ptr<3>
// CHECK: } else {
// CHECK:   %[[WAITS:.*]] = arith.cmpi uge, %[[I]], %c2
// CHECK:   scf.if %[[WAITS]] {
// CHECK:     %[[LPHASE:.*]] = arith.divui %[[I]], %c2
// CHECK:     %[[BEHIND:.*]] = arith.addi %[[LPHASE]], %c1
// CHECK:     arith.remui %[[BEHIND]], %c2
// CHECK:     nvvm.mbarrier.try_wait.parity
// CHECK:   nvvm.mbarrier.arrive %{{.*}} : !llvm.ptr<3>
// CHECK-NOT: nvvm.barrier
gpu.module @kernels {
  gpu.func @mbarrier_ring(%i: index, %n: index, %math: i1,
                          %bars: memref<4xi64, #gpu.address_space<workgroup>>) kernel {
    %ring = ck.ring math 8 load 4 barriers %bars
        (memref<4xi64, #gpu.address_space<workgroup>>) : !ck.ring<2>
    scf.if %math {
      ck.ring_wait %ring full %i : !ck.ring<2>
      ck.ring_signal %ring empty %i of %n : !ck.ring<2>
    } else {
      ck.ring_wait %ring empty %i : !ck.ring<2>
      ck.ring_signal %ring full %i : !ck.ring<2>
    }
    ck.ring_end %ring : !ck.ring<2>
    gpu.return
  }
}

// -----
// Full signals made as the copies land (`after_copies`): each load thread's
// arrival is cp.async.mbarrier.arrive.noinc, one of the 128 the FULL
// barriers expect, with no fence before it; in this kernel wgmma reads the
// slots, so each math thread fences after its FULL wait instead. EMPTY
// events take no fence.

// CHECK-LABEL: gpu.func @ring_after_copies
// CHECK-COUNT-2: nvvm.mbarrier.init %{{.*}}, %c128_i32{{.*}} : !llvm.ptr<3>, i32
// CHECK: scf.if
// CHECK:   nvvm.mbarrier.try_wait.parity
// CHECK-NEXT: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// CHECK:   nvvm.wgmma.mma_async
// CHECK-NOT: nvvm.fence.proxy
// CHECK: } else {
// CHECK:   nvvm.mbarrier.try_wait.parity
// CHECK-NOT: nvvm.fence.proxy
// CHECK:   nvvm.cp.async.mbarrier.arrive %{{.*}} {noinc = true} : !llvm.ptr<3>
// CHECK-NOT: nvvm.fence.proxy
// CHECK-NOT: nvvm.mbarrier.arrive
// CHECK: nvvm.mbarrier.inval
gpu.module @kernels {
  gpu.func @ring_after_copies(%i: index, %n: index, %math: i1,
                              %bars: memref<4xi64, #gpu.address_space<workgroup>>,
                              %la: memref<64x64xf16, #gpu.address_space<workgroup>>,
                              %lb: memref<8x64xf16, #gpu.address_space<workgroup>>,
                              %c0: vector<4xf32>) kernel {
    %ring = ck.ring math 4 load 4 barriers %bars
        (memref<4xi64, #gpu.address_space<workgroup>>) : !ck.ring<2>
    scf.if %math {
      ck.ring_wait %ring full %i : !ck.ring<2>
      %row = arith.constant 0 : index
      %r = ck.warpgroup_mma #ck.wgmma<f16> %la, %lb row %row k 64 b_transposed acc(%c0)
          : memref<64x64xf16, #gpu.address_space<workgroup>>, memref<8x64xf16, #gpu.address_space<workgroup>>, vector<4xf32>
      ck.ring_signal %ring empty %i of %n : !ck.ring<2>
    } else {
      ck.ring_wait %ring empty %i : !ck.ring<2>
      ck.ring_signal %ring full %i after_copies : !ck.ring<2>
    }
    ck.ring_end %ring : !ck.ring<2>
    gpu.return
  }
}

// -----
// A ring of a cluster of two workgroups, 8 math and 4 load warps, filled by
// TMA: FULL expects the load thread's announcement, EMPTY the two math
// warpgroups of both workgroups (4). A cluster barrier, not the workgroup's,
// follows the initialization. Thread r of each math warpgroup releases the
// slot of workgroup r (mapa, then an arrive on the shared::cluster address);
// a multicast box goes to both workgroups (mask 0b11) on the slot's FULL
// barrier. ck.ring_end waits for the cluster before invalidating.

// CHECK-LABEL: gpu.func @cluster_ring
// CHECK-SAME: (%[[MAP:[^:]*]]: !llvm.ptr, %[[I:[^:]*]]: index, %[[N:[^:]*]]: index, %[[MATH:[^:]*]]: i1
// CHECK: %[[TID:.*]] = gpu.thread_id x
// CHECK-COUNT-2: nvvm.mbarrier.init %{{.*}}, %c1_i32{{.*}} : !llvm.ptr<3>, i32
// CHECK-COUNT-2: nvvm.mbarrier.init %{{.*}}, %c4_i32{{.*}} : !llvm.ptr<3>, i32
// CHECK: nvvm.fence.mbarrier.init
// CHECK-NOT: gpu.barrier
// CHECK: nvvm.cluster.arrive
// CHECK-NEXT: nvvm.cluster.wait
// CHECK: scf.if %[[MATH]] {
// CHECK:   %[[IN_GROUP:.*]] = arith.remui %[[TID]], %c128
// CHECK:   %[[RELEASES:.*]] = arith.cmpi ult, %[[IN_GROUP]], %c2
// CHECK:   scf.if %[[RELEASES]] {
// CHECK:     %[[RANK:.*]] = arith.index_castui %[[IN_GROUP]] : index to i32
// CHECK:     %[[PEER:.*]] = nvvm.mapa %{{.*}}, %[[RANK]] : !llvm.ptr<3> -> !llvm.ptr<7>
// CHECK:     nvvm.mbarrier.arrive %[[PEER]] : !llvm.ptr<7>
// CHECK: } else {
// CHECK:   nvvm.mbarrier.arrive.expect_tx %{{.*}}, %c16384_i32
// CHECK:   nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %[[MAP]], %{{.*}}, box[%{{.*}}, %{{.*}}] multicast_mask = %c3_i16 : !llvm.ptr<7>, !llvm.ptr
// CHECK: nvvm.cluster.arrive
// CHECK-NEXT: nvvm.cluster.wait
// CHECK-COUNT-4: nvvm.mbarrier.inval
gpu.module @kernels {
  gpu.func @cluster_ring(%map: !llvm.ptr, %i: index, %n: index, %math: i1,
                         %c: index, %k: index,
                         %bars: memref<4xi64, #gpu.address_space<workgroup>>,
                         %lds: memref<2x64x128xf16, #gpu.address_space<workgroup>>)
      kernel attributes {known_cluster_size = array<i32: 2, 1, 1>} {
    %ring = ck.ring math 8 load 4 barriers %bars
        (memref<4xi64, #gpu.address_space<workgroup>>) cluster 2 : !ck.ring<2>
    scf.if %math {
      ck.ring_wait %ring full %i : !ck.ring<2>
      ck.ring_signal %ring empty %i of %n : !ck.ring<2>
    } else {
      ck.ring_wait %ring empty %i : !ck.ring<2>
      ck.ring_expect %ring step %i bytes 16384 : !ck.ring<2>
      ck.tma_load %map [%c, %k] -> %lds [%i] offset 0 ring %ring step %i
          multicast
          : !llvm.ptr, memref<2x64x128xf16, #gpu.address_space<workgroup>>, !ck.ring<2>
    }
    ck.ring_end %ring : !ck.ring<2>
    gpu.return
  }
}

// -----
// A ring whose slots TMA fills in part (one operand's boxes, announced by
// one load thread) and the load threads' cp.async in part (signals): FULL
// expects both, 1 + 4 * 32 = 129 arrivals; EMPTY the 8 math warps' threads.

// CHECK-LABEL: gpu.func @mixed_ring
// CHECK-COUNT-2: nvvm.mbarrier.init %{{.*}}, %c129_i32{{.*}} : !llvm.ptr<3>, i32
// CHECK-COUNT-2: nvvm.mbarrier.init %{{.*}}, %c256_i32{{.*}} : !llvm.ptr<3>, i32
// CHECK: nvvm.mbarrier.arrive.expect_tx %{{.*}}, %c8192_i32
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global
// CHECK: nvvm.mbarrier.arrive %{{.*}} : !llvm.ptr<3>
gpu.module @kernels {
  gpu.func @mixed_ring(%map: !llvm.ptr, %i: index, %n: index, %math: i1,
                       %first: i1, %c: index, %k: index,
                       %bars: memref<4xi64, #gpu.address_space<workgroup>>,
                       %lds: memref<2x64x64xf16, #gpu.address_space<workgroup>>)
      kernel {
    %ring = ck.ring math 8 load 4 barriers %bars
        (memref<4xi64, #gpu.address_space<workgroup>>) : !ck.ring<2>
    scf.if %math {
      ck.ring_wait %ring full %i : !ck.ring<2>
      ck.ring_signal %ring empty %i of %n : !ck.ring<2>
    } else {
      ck.ring_wait %ring empty %i : !ck.ring<2>
      scf.if %first {
        ck.ring_expect %ring step %i bytes 8192 : !ck.ring<2>
        ck.tma_load %map [%c, %k] -> %lds [%i] offset 0 ring %ring step %i
            : !llvm.ptr, memref<2x64x64xf16, #gpu.address_space<workgroup>>, !ck.ring<2>
      }
      ck.ring_signal %ring full %i : !ck.ring<2>
    }
    ck.ring_end %ring : !ck.ring<2>
    gpu.return
  }
}

// -----
// A kernel holds one ring: two would use the same named barriers.
gpu.module @kernels {
  gpu.func @two_rings() kernel {
    %first = ck.ring math 4 load 4 : !ck.ring<1>
    // expected-error @+1 {{is a second ring in its kernel; a kernel may hold one}}
    %second = ck.ring math 4 load 4 : !ck.ring<1>
    gpu.return
  }
}

// -----
// Rings on mbarriers may be several (a resident B's ring of one slot beside
// the K-tiles' ring): each initializes and invalidates its own barriers,
// but one without them would take named barriers the other's events may
// not share.
gpu.module @kernels {
  gpu.func @ring_beside_named_barriers(%bars: memref<2xi64, #gpu.address_space<workgroup>>) kernel {
    %first = ck.ring math 4 load 4 barriers %bars (memref<2xi64, #gpu.address_space<workgroup>>) : !ck.ring<1>
    // expected-error @+1 {{is a second ring in its kernel; a kernel may hold one unless every ring has mbarriers (`barriers`)}}
    %second = ck.ring math 4 load 4 : !ck.ring<1>
    gpu.return
  }
}

// -----
// Two rings on mbarriers: the K-tiles' (2 slots) and a resident B's (1),
// each with its own barriers' initialization (full for the 128 load
// threads, empty for the 256 math threads) and invalidation.

// CHECK-LABEL: gpu.func @two_mbarrier_rings
// CHECK-SAME: %[[BARS:[^:]*]]: memref<4xi64, #gpu.address_space<workgroup>>, %[[BBARS:[^:]*]]: memref<2xi64
// CHECK: memref.extract_aligned_pointer_as_index %[[BARS]]
// CHECK-COUNT-2: nvvm.mbarrier.init %{{.*}}, %c128_i32{{.*}} : !llvm.ptr<3>, i32
// CHECK-COUNT-2: nvvm.mbarrier.init %{{.*}}, %c256_i32{{.*}} : !llvm.ptr<3>, i32
// CHECK: memref.extract_aligned_pointer_as_index %[[BBARS]]
// CHECK: nvvm.mbarrier.init %{{.*}}, %c128_i32{{.*}} : !llvm.ptr<3>, i32
// CHECK: nvvm.mbarrier.init %{{.*}}, %c256_i32{{.*}} : !llvm.ptr<3>, i32
// CHECK-COUNT-6: nvvm.mbarrier.inval
gpu.module @kernels {
  gpu.func @two_mbarrier_rings(%bars: memref<4xi64, #gpu.address_space<workgroup>>,
                               %bbars: memref<2xi64, #gpu.address_space<workgroup>>,
                               %i: index, %n: index, %math: i1) kernel {
    %ring = ck.ring math 8 load 4 barriers %bars (memref<4xi64, #gpu.address_space<workgroup>>) : !ck.ring<2>
    %bring = ck.ring math 8 load 4 barriers %bbars (memref<2xi64, #gpu.address_space<workgroup>>) : !ck.ring<1>
    scf.if %math {
      ck.ring_wait %bring full %i : !ck.ring<1>
      ck.ring_wait %ring full %i : !ck.ring<2>
      ck.ring_signal %ring empty %i of %n : !ck.ring<2>
      ck.ring_signal %bring empty %i of %n : !ck.ring<1>
    } else {
      ck.ring_wait %bring empty %i : !ck.ring<1>
      ck.ring_signal %bring full %i : !ck.ring<1>
      ck.ring_wait %ring empty %i : !ck.ring<2>
      ck.ring_signal %ring full %i : !ck.ring<2>
    }
    ck.ring_end %ring : !ck.ring<2>
    ck.ring_end %bring : !ck.ring<1>
    gpu.return
  }
}

// -----
// The epilogue's TMA store: the fence orders this thread's shared-memory
// writes before the async proxy's reads; the store is one
// cp.async.bulk.tensor from shared::cta (the staging tile's address plus
// element 2048 of 2 bytes) to the map's box at i32 coordinates, committed
// as a bulk group of its own; the wait is for the groups' reads.

// CHECK-LABEL: func.func @tma_store
// CHECK-SAME: (%[[MAP:[^:]*]]: !llvm.ptr, %[[S:[^:]*]]: memref<128x128xbf16, #gpu.address_space<workgroup>>, %[[N:[^:]*]]: index, %[[M:[^:]*]]: index)
// CHECK: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// CHECK: %[[ELEMENT:.*]] = arith.addi %{{.*}}, %c2048
// CHECK: %[[BASE:.*]] = memref.extract_aligned_pointer_as_index %[[S]]
// CHECK: %[[BYTES:.*]] = arith.muli %[[ELEMENT]], %c2
// CHECK: arith.addi %[[BASE]], %[[BYTES]]
// CHECK: %[[SRC:.*]] = llvm.inttoptr %{{.*}} : i64 to !llvm.ptr<3>
// CHECK: %[[N32:.*]] = arith.index_cast %[[N]] : index to i32
// CHECK: %[[M32:.*]] = arith.index_cast %[[M]] : index to i32
// CHECK: nvvm.cp.async.bulk.tensor.global.shared.cta %[[MAP]], %[[SRC]], box[%[[N32]], %[[M32]]] : !llvm.ptr, <3>
// CHECK-NEXT: nvvm.cp.async.bulk.commit.group
// CHECK-NEXT: nvvm.cp.async.bulk.wait_group 0 {read}
func.func @tma_store(%map: !llvm.ptr, %s: memref<128x128xbf16, #gpu.address_space<workgroup>>, %n: index, %m: index) {
  ck.tma_store_fence
  ck.tma_store %map [%n, %m] from %s offset 2048 : !llvm.ptr, memref<128x128xbf16, #gpu.address_space<workgroup>>
  ck.tma_store_wait
  return
}

// -----
// ck.guarded_load as one ld.global predicated on the validity ($5), into
// four 32-bit registers tied to zeros (constraints 0-3), so a thread whose
// load is not valid reads nothing and keeps the zeros. The address is the
// aligned pointer plus (i * 64 + j) elements of 2 bytes, in the global
// address space.

// CHECK-LABEL: func.func @guarded_load_16_bytes
// CHECK-SAME: (%[[X:[^:]*]]: memref<4x64xf16>, %[[I:[^:]*]]: index, %[[J:[^:]*]]: index, %[[OK:[^:]*]]: i1)
// CHECK: %[[Z:.*]] = arith.constant 0 : i32
// CHECK: %[[ROW:.*]] = arith.muli %[[I]], %c64
// CHECK: %[[OFFSET:.*]] = arith.addi %{{.*}}, %[[ROW]]
// CHECK: arith.muli %[[J]], %c1
// CHECK: %[[BASE:.*]] = memref.extract_aligned_pointer_as_index %[[X]]
// CHECK: arith.muli %{{.*}}, %c2
// CHECK: %[[GENERIC:.*]] = llvm.inttoptr %{{.*}} : i64 to !llvm.ptr
// CHECK: %[[GLOBAL:.*]] = llvm.addrspacecast %[[GENERIC]] : !llvm.ptr to !llvm.ptr<1>
// CHECK: %[[ASM:.*]] = llvm.inline_asm "@$5 ld.global.v4.b32 {$0, $1, $2, $3}, [$4];", "=r,=r,=r,=r,l,b,0,1,2,3" %[[GLOBAL]], %[[OK]], %[[Z]], %[[Z]], %[[Z]], %[[Z]] : (!llvm.ptr<1>, i1, i32, i32, i32, i32) -> !llvm.struct<(i32, i32, i32, i32)>
// CHECK-NOT: has_side_effects
// CHECK: %[[R0:.*]] = llvm.extractvalue %[[ASM]][0]
// CHECK: %[[R3:.*]] = llvm.extractvalue %[[ASM]][3]
// CHECK: %[[P:.*]] = vector.from_elements %[[R0]], %{{.*}}, %{{.*}}, %[[R3]] : vector<4xi32>
// CHECK: %[[V:.*]] = vector.bitcast %[[P]] : vector<4xi32> to vector<8xf16>
// CHECK: return %[[V]]
func.func @guarded_load_16_bytes(%x: memref<4x64xf16>, %i: index, %j: index, %ok: i1) -> vector<8xf16> {
  %v = ck.guarded_load %x[%i, %j] if %ok : memref<4x64xf16> -> vector<8xf16>
  return %v : vector<8xf16>
}

// -----
// ck.async_copy as one cp.async: the source is the global address of
// x[i][j] (as for a guarded load), the destination the shared address of
// lds[s][i][j] in 32 bits: the aligned pointer (an offset in shared
// memory) plus s * 32 * 40 * 2 bytes (the slot's row, shared by a step's
// copies) plus (i * 40 + j) * 2 bytes (the place in the slot, loop-invariant
// in a K loop), widened and cast to !llvm.ptr<3>; the source size 16 bytes
// where valid, 0 where not (zeros land in LDS), cached in L1 (.ca) at every
// size, in L2 only (.cg) with bypass_l1. ck.async_commit and ck.async_wait
// are the group instructions.

// CHECK-LABEL: func.func @async_copy
// CHECK-SAME: (%[[X:[^:]*]]: memref<4x64xf16>, %[[LDS:[^:]*]]: memref<3x32x40xf16, #gpu.address_space<workgroup>>, %[[S:[^:]*]]: index, %[[I:[^:]*]]: index, %[[J:[^:]*]]: index, %[[OK:[^:]*]]: i1)
// CHECK: memref.extract_aligned_pointer_as_index %[[X]]
// CHECK: %[[GENERIC:.*]] = llvm.inttoptr %{{.*}} : i64 to !llvm.ptr
// CHECK: %[[SRC:.*]] = llvm.addrspacecast %[[GENERIC]] : !llvm.ptr to !llvm.ptr<1>
// CHECK: %[[LDSPTR:.*]] = memref.extract_aligned_pointer_as_index %[[LDS]]
// CHECK: %[[BASE:.*]] = arith.index_castui %[[LDSPTR]] : index to i32
// CHECK: %[[FIRST:.*]] = arith.addi %[[BASE]], %{{.*}} : i32
// CHECK: %[[S32:.*]] = arith.index_castui %[[S]] : index to i32
// CHECK: %[[SLOTBYTES:.*]] = arith.muli %[[S32]], %c2560_i32 : i32
// CHECK: %[[SLOT:.*]] = arith.addi %[[FIRST]], %[[SLOTBYTES]] : i32
// CHECK: %[[I32:.*]] = arith.index_castui %[[I]] : index to i32
// CHECK: arith.muli %[[I32]], %c80_i32 : i32
// CHECK: %[[J32:.*]] = arith.index_castui %[[J]] : index to i32
// CHECK: arith.muli %[[J32]], %c2_i32 : i32
// CHECK: %[[PLACE:.*]] = arith.addi %{{.*}}, %{{.*}} : i32
// CHECK: %[[SUM:.*]] = arith.addi %[[SLOT]], %[[PLACE]] : i32
// CHECK: %[[WIDE:.*]] = arith.extui %[[SUM]] : i32 to i64
// CHECK: %[[DST:.*]] = llvm.inttoptr %[[WIDE]] : i64 to !llvm.ptr<3>
// CHECK: %[[SIXTEEN:.*]] = arith.constant 16 : i32
// CHECK: %[[SIZE:.*]] = arith.select %[[OK]], %[[SIXTEEN]], %c0_i32 : i32
// CHECK: nvvm.cp.async.shared.global %[[DST]], %[[SRC]], 16, cache = ca, %[[SIZE]] : !llvm.ptr<3>, !llvm.ptr<1>, i32
// CHECK: nvvm.cp.async.shared.global %{{.*}}, %{{.*}}, 8, cache = ca, %{{.*}} : !llvm.ptr<3>, !llvm.ptr<1>, i32
// CHECK: nvvm.cp.async.shared.global %{{.*}}, %{{.*}}, 16, cache = cg, %{{.*}} : !llvm.ptr<3>, !llvm.ptr<1>, i32
// CHECK: nvvm.cp.async.commit.group
// CHECK: nvvm.cp.async.wait.group 1
// CHECK-NOT: ck.async
func.func @async_copy(%x: memref<4x64xf16>, %lds: memref<3x32x40xf16, #gpu.address_space<workgroup>>,
                      %s: index, %i: index, %j: index, %ok: i1) {
  ck.async_copy %x[%i, %j] -> %lds[%s, %i, %j] elements 8 if %ok
      : memref<4x64xf16>, memref<3x32x40xf16, #gpu.address_space<workgroup>>
  ck.async_copy %x[%i, %j] -> %lds[%s, %i, %j] elements 4 if %ok
      : memref<4x64xf16>, memref<3x32x40xf16, #gpu.address_space<workgroup>>
  ck.async_copy %x[%i, %j] -> %lds[%s, %i, %j] elements 8 bypass_l1 if %ok
      : memref<4x64xf16>, memref<3x32x40xf16, #gpu.address_space<workgroup>>
  ck.async_commit
  ck.async_wait pending 1
  return
}

// -----
// Narrower loads: 8 bytes in two registers, 4 bytes in one, 2 bytes in one
// 16-bit register (constraint h).

// CHECK-LABEL: func.func @guarded_load_narrow
// CHECK: llvm.inline_asm "@$3 ld.global.v2.b32 {$0, $1}, [$2];", "=r,=r,l,b,0,1"
// CHECK: vector.bitcast %{{.*}} : vector<2xi32> to vector<4xbf16>
// CHECK: %[[ONE:.*]] = llvm.inline_asm "@$2 ld.global.b32 $0, [$1];", "=r,l,b,0" {{.*}} -> i32
// CHECK: vector.from_elements %[[ONE]] : vector<1xi32>
// CHECK: vector.bitcast %{{.*}} : vector<1xi32> to vector<1xf32>
// CHECK: llvm.inline_asm "@$2 ld.global.b16 $0, [$1];", "=h,l,b,0" {{.*}} -> i16
// CHECK: vector.bitcast %{{.*}} : vector<1xi16> to vector<1xf16>
func.func @guarded_load_narrow(%a: memref<8x8xbf16>, %b: memref<9xf32>, %c: memref<9xf16>, %i: index, %ok: i1)
    -> (vector<4xbf16>, vector<1xf32>, vector<1xf16>) {
  %va = ck.guarded_load %a[%i, %i] if %ok : memref<8x8xbf16> -> vector<4xbf16>
  %vb = ck.guarded_load %b[%i] if %ok : memref<9xf32> -> vector<1xf32>
  %vc = ck.guarded_load %c[%i] if %ok : memref<9xf16> -> vector<1xf16>
  return %va, %vb, %vc : vector<4xbf16>, vector<1xf32>, vector<1xf16>
}

// -----
// ck.warpgroup_mma (#ck.wgmma): A M-major ([64 k][128 rows], a_transposed,
// stored as two blocks of 64 rows), B K-major ([16 n][64 k], b_transposed;
// two accumulator tiles: n = 16). The barrier of a kernel with wgmma first
// fences the thread's LDS writes against the async proxy that wgmma reads
// through. Between wgmma.fence and one commit and wait(0): one
// wgmma.mma_async m64n16k16 per 16 of k = 64, on descriptors of the slot's
// tiles. A's start: slot 1 of 64 x 128 bf16 (16384 bytes) plus row 64's
// block (64 * 128 bytes), then 2048 bytes (16 k rows of 128 bytes) per k
// step; B's: slot 1 of 16 x 64 bf16 (2048 bytes), then 32 bytes per k step.
// A descriptor's varying low word is the start's shared address / 16 (its
// low 18 bits) plus the k step's offset / 16, or'ed with the leading byte
// offset / 16 at bit 16: M-major 64 * 128 = 8192 -> 512 * 2^16 = 33554432;
// K-major 16 -> 65536. Its high word is constant: stride 1024 >> 4 = 64 at
// bit 32 and swizzle 1 at bit 62, 2^62 + 64 * 2^32 = 4611686293305294848.

// CHECK-LABEL: gpu.func @warpgroup_mma
// CHECK: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// CHECK-NEXT: gpu.barrier
// CHECK: nvvm.wgmma.fence.aligned
// CHECK: %[[A32:.*]] = arith.trunci %{{.*}} : i64 to i32
// CHECK: %[[MASK:.*]] = arith.constant 262143 : i32
// CHECK: %[[AMASKED:.*]] = arith.andi %[[A32]], %[[MASK]] : i32
// CHECK: %[[FOUR:.*]] = arith.constant 4 : i32
// CHECK: %[[AFIELD:.*]] = arith.shrui %[[AMASKED]], %[[FOUR]] : i32
// CHECK: %[[ALEAD:.*]] = arith.constant 33554432 : i32
// CHECK: %[[ALOW:.*]] = arith.ori %[[AFIELD]], %[[ALEAD]] : i32
// CHECK: %[[AWIDE:.*]] = arith.extui %[[ALOW]] : i32 to i64
// CHECK: %[[HIGH:.*]] = arith.constant 4611686293305294848 : i64
// CHECK: %[[DA:.*]] = arith.ori %[[AWIDE]], %[[HIGH]] : i64
// CHECK: %[[BFIELD:.*]] = arith.shrui %{{.*}}, %[[FOUR]] : i32
// CHECK: %[[BLEAD:.*]] = arith.constant 65536 : i32
// CHECK: %[[BLOW:.*]] = arith.ori %[[BFIELD]], %[[BLEAD]] : i32
// CHECK: %[[BWIDE:.*]] = arith.extui %[[BLOW]] : i32 to i64
// CHECK: %[[DB:.*]] = arith.ori %[[BWIDE]], %[[HIGH]] : i64
// CHECK: nvvm.wgmma.mma_async %[[DA]], %[[DB]], %{{.*}}, <m = 64, n = 16, k = 16>, D[<f32>, <one>], A[<bf16>, <one>, <col>], B[<bf16>, <one>, <col>] : !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>
// The second k step: A 2048 bytes on (128), B 32 (2), from the same fields.
// CHECK: %[[ASTEP:.*]] = arith.constant 128 : i32
// CHECK: %[[AFIELD1:.*]] = arith.addi %[[AFIELD]], %[[ASTEP]] : i32
// CHECK: arith.ori %[[AFIELD1]], %[[ALEAD]] : i32
// CHECK: %[[BSTEP:.*]] = arith.constant 2 : i32
// CHECK: %[[BFIELD1:.*]] = arith.addi %[[BFIELD]], %[[BSTEP]] : i32
// CHECK: arith.ori %[[BFIELD1]], %[[BLEAD]] : i32
// CHECK-COUNT-3: nvvm.wgmma.mma_async
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK-NEXT: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK-NOT: ck.warpgroup_mma
gpu.module @kernels {
  gpu.func @warpgroup_mma(%la: memref<2x64x128xbf16, #gpu.address_space<workgroup>>,
                          %lb: memref<2x16x64xbf16, #gpu.address_space<workgroup>>,
                          %c0: vector<4xf32>, %c1: vector<4xf32>) kernel {
    %s = arith.constant 1 : index
    %row = arith.constant 64 : index
    ck.lds_barrier
    %r:2 = ck.warpgroup_mma #ck.wgmma<bf16> %la, %lb slot %s row %row k 64 a_transposed b_transposed acc(%c0, %c1)
        : memref<2x64x128xbf16, #gpu.address_space<workgroup>>, memref<2x16x64xbf16, #gpu.address_space<workgroup>>, vector<4xf32>, vector<4xf32>
    gpu.return
  }
}

// -----
// With `row_groups 2` the warpgroup multiplies rows [row, row + 64) and
// [row + 64, row + 128) of A (K-major, 128 bytes a row) by one B: per k
// step one wgmma per group, group 1's A descriptor 64 rows on (8192
// bytes: 512 in the descriptor's field), and each group's accumulators
// (here one tile, n = 8) chained through the k steps: fields 0, 512, then
// 2 and 514 (32 bytes per k step), and so on.

// CHECK-LABEL: gpu.func @warpgroup_mma_row_groups
// CHECK-SAME: %[[C0:[^:]*]]: vector<4xf32>, %[[C1:[^:]*]]: vector<4xf32>
// CHECK: %[[S0:.*]] = llvm.insertvalue %{{.*}}, %{{.*}}[3] : !llvm.struct<(f32, f32, f32, f32)>
// CHECK: %[[S1:.*]] = llvm.insertvalue %{{.*}}, %{{.*}}[3] : !llvm.struct<(f32, f32, f32, f32)>
// CHECK: nvvm.wgmma.fence.aligned
// CHECK: %[[G0K0:.*]] = nvvm.wgmma.mma_async %{{.*}}, %{{.*}}, %[[S0]], <m = 64, n = 8, k = 16>
// CHECK: arith.constant 512 : i32
// CHECK: %[[G1K0:.*]] = nvvm.wgmma.mma_async %{{.*}}, %{{.*}}, %[[S1]], <m = 64, n = 8, k = 16>
// CHECK: arith.constant 2 : i32
// CHECK: %[[G0K1:.*]] = nvvm.wgmma.mma_async %{{.*}}, %{{.*}}, %[[G0K0]], <m = 64, n = 8, k = 16>
// CHECK: arith.constant 514 : i32
// CHECK: nvvm.wgmma.mma_async %{{.*}}, %{{.*}}, %[[G1K0]], <m = 64, n = 8, k = 16>
// CHECK-COUNT-4: nvvm.wgmma.mma_async
// CHECK-NOT: nvvm.wgmma.mma_async
// CHECK: nvvm.wgmma.commit.group.sync.aligned
gpu.module @kernels {
  gpu.func @warpgroup_mma_row_groups(%la: memref<128x64xf16, #gpu.address_space<workgroup>>,
                                     %lb: memref<8x64xf16, #gpu.address_space<workgroup>>,
                                     %c0: vector<4xf32>, %c1: vector<4xf32>) kernel {
    %row = arith.constant 0 : index
    %r:2 = ck.warpgroup_mma #ck.wgmma<f16> %la, %lb row %row k 64 b_transposed row_groups 2 acc(%c0, %c1)
        : memref<128x64xf16, #gpu.address_space<workgroup>>, memref<8x64xf16, #gpu.address_space<workgroup>>, vector<4xf32>, vector<4xf32>
    gpu.return
  }
}

// -----
// With `b_slot`, B's tile starts at its own buffer: A's at slot %s of 64 x
// 64 (4096 elements each), B's at buffer %k of 16 x 64 (1024 each).

// CHECK-LABEL: gpu.func @warpgroup_mma_b_slot
// CHECK-SAME: %[[LA:[^:]*]]: memref<2x64x64xbf16, #gpu.address_space<workgroup>>, %[[LB:[^:]*]]: memref<3x16x64xbf16, #gpu.address_space<workgroup>>, %[[S:[^:]*]]: index, %[[K:[^:]*]]: index
// CHECK: %[[A4096:.*]] = arith.constant 4096 : index
// CHECK: arith.muli %[[S]], %[[A4096]] : index
// CHECK: memref.extract_aligned_pointer_as_index %[[LA]]
// CHECK: %[[B1024:.*]] = arith.constant 1024 : index
// CHECK: arith.muli %[[K]], %[[B1024]] : index
// CHECK: memref.extract_aligned_pointer_as_index %[[LB]]
// CHECK: nvvm.wgmma.mma_async
gpu.module @kernels {
  gpu.func @warpgroup_mma_b_slot(%la: memref<2x64x64xbf16, #gpu.address_space<workgroup>>,
                                 %lb: memref<3x16x64xbf16, #gpu.address_space<workgroup>>,
                                 %s: index, %k: index, %c0: vector<4xf32>, %c1: vector<4xf32>) kernel {
    %row = arith.constant 0 : index
    %r:2 = ck.warpgroup_mma #ck.wgmma<bf16> %la, %lb slot %s b_slot %k row %row k 64 b_transposed acc(%c0, %c1)
        : memref<2x64x64xbf16, #gpu.address_space<workgroup>>, memref<3x16x64xbf16, #gpu.address_space<workgroup>>, vector<4xf32>, vector<4xf32>
    gpu.return
  }
}

// -----
// Without wgmma in the kernel the barrier has no proxy fence.

// CHECK-LABEL: gpu.func @barrier_without_wgmma
// CHECK-NOT: nvvm.fence.proxy
// CHECK: gpu.barrier
gpu.module @kernels {
  gpu.func @barrier_without_wgmma() kernel {
    ck.lds_barrier
    gpu.return
  }
}

// -----
// pending 1 waits until one group (this one) is left in flight;
// ck.warpgroup_wait waits for none, then passes every accumulator element
// through an empty side-effecting asm that ties it to a new register, so
// that no use moves above the wait.

// CHECK-LABEL: gpu.func @warpgroup_pending
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK-NEXT: nvvm.wgmma.wait.group.sync.aligned 1
// CHECK: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK-COUNT-4: llvm.inline_asm has_side_effects "", "=f,0"
// CHECK-NOT: ck.warpgroup
gpu.module @kernels {
  gpu.func @warpgroup_pending(%la: memref<128x64xf16, #gpu.address_space<workgroup>>,
                              %lb: memref<8x64xf16, #gpu.address_space<workgroup>>,
                              %c0: vector<4xf32>, %out: memref<4xf32>) kernel {
    %row = arith.constant 0 : index
    %r = ck.warpgroup_mma #ck.wgmma<f16> %la, %lb row %row k 64 b_transposed pending 1 acc(%c0)
        : memref<128x64xf16, #gpu.address_space<workgroup>>, memref<8x64xf16, #gpu.address_space<workgroup>>, vector<4xf32>
    %w = ck.warpgroup_wait %r : vector<4xf32>
    %i = arith.constant 0 : index
    vector.store %w, %out[%i] : memref<4xf32>, vector<4xf32>
    gpu.return
  }
}

// -----
// A barrier of the first 256 threads (the math waves, while the load waves
// run on) is named barrier 15, clear of a ring's 1 .. 2 * slots; the
// workgroup's own is bar.sync 0.

// CHECK-LABEL: func.func @partial_barrier
// CHECK-DAG: %[[ID:.*]] = arith.constant 15 : i32
// CHECK-DAG: %[[N:.*]] = arith.constant 256 : i32
// CHECK: nvvm.barrier id = %[[ID]] number_of_threads = %[[N]]
// CHECK-NEXT: gpu.barrier
// CHECK-NOT: ck.lds_barrier
func.func @partial_barrier() {
  ck.lds_barrier threads 256
  ck.lds_barrier
  return
}

// -----
// The staging tile's events are named barriers 13 (full) and 14 (empty),
// clear of the ring's and of 15, which the signal and the wait both join,
// each role at its own instruction: the unaligned barrier.sync
// (llvm.nvvm.barrier.cta.sync.count), not nvvm.barrier's aligned bar.sync.

// CHECK-LABEL: func.func @staging_events
// CHECK: %[[EMPTY:.*]] = arith.constant 14 : i32
// CHECK-NEXT: %[[N:.*]] = arith.constant 352 : i32
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.count"(%[[EMPTY]], %[[N]]) : (i32, i32) -> ()
// CHECK-NEXT: %[[FULL:.*]] = arith.constant 13 : i32
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.count"(%[[FULL]], %[[N]])
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.count"(%[[FULL]], %[[N]])
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.count"(%[[EMPTY]], %[[N]])
// CHECK-NOT: ck.staging
func.func @staging_events() {
  ck.staging_wait empty threads 352
  ck.staging_signal full threads 352
  ck.staging_wait full threads 352
  ck.staging_signal empty threads 352
  return
}

// -----
// Roles that reallocate registers (ck.reallocate_registers, in each arm
// of ck-lower-roles' branch): setmaxnreg, growing or shrinking, with the
// kernel marked for one workgroup per multiprocessor (nvvm.minctasm), from
// which and its block ptxas knows the registers a lane starts with. Its
// workgroup barriers, which the arms reach at different instructions
// (ck.lds_barrier, the epilogue's gpu.barrier), are the unaligned
// `barrier.sync 0`, and its named barriers of some threads `barrier.sync
// id, threads`.

// CHECK-LABEL: gpu.func @reallocate_registers
// CHECK-SAME: nvvm.minctasm = 1 : i32
// CHECK: scf.if
// CHECK:   nvvm.setmaxregister increase 160
// CHECK:   llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"(%{{.*}}) : (i32) -> ()
// CHECK:   llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.count"(%{{.*}}, %{{.*}}) : (i32, i32) -> ()
// CHECK: } else {
// CHECK:   nvvm.setmaxregister decrease 96
// CHECK:   llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"
// CHECK:   llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"
// CHECK-NOT: gpu.barrier
gpu.module @kernels {
  gpu.func @reallocate_registers(%math: i1) kernel
      attributes {known_block_size = array<i32: 512, 1, 1>} {
    scf.if %math {
      ck.reallocate_registers grow 160
      ck.lds_barrier
      ck.lds_barrier threads 256
    } else {
      ck.reallocate_registers shrink 96
      ck.lds_barrier
      gpu.barrier
    }
    gpu.return
  }
}

// -----
// Without a known block, ptxas could not tell the registers a lane starts
// with.

gpu.module @kernels {
  gpu.func @reallocate_unknown_block() kernel {
    // expected-error @+1 {{'ck.reallocate_registers' op needs a kernel of known block size (gpu.func's known_block_size): the registers its lanes start with follow from it}}
    ck.reallocate_registers shrink 96
    gpu.return
  }
}

// -----
// A warpgroup's 128 columns (16 accumulator tiles) in instructions of 64
// (instruction_n, which ck-lower-wave-tiles sets where a lane starts with
// too few registers for one m64n128k16): two m64n64k16 per k step of 16,
// the second on B's columns 64 to 127: 64 K-major rows of 128 bytes on,
// 8192 bytes, 512 in the descriptor's address field.

// CHECK-LABEL: gpu.func @warpgroup_mma_pieces
// CHECK: nvvm.wgmma.fence.aligned
// CHECK: nvvm.wgmma.mma_async %[[DA:[^,]*]], %{{.*}}, <m = 64, n = 64, k = 16>
// CHECK: %[[PIECE:.*]] = arith.constant 512 : i32
// CHECK: arith.addi %{{.*}}, %[[PIECE]] : i32
// CHECK: nvvm.wgmma.mma_async %[[DA]], %{{.*}}, <m = 64, n = 64, k = 16>
// CHECK-COUNT-6: nvvm.wgmma.mma_async %{{.*}}, <m = 64, n = 64, k = 16>
// CHECK-NOT: nvvm.wgmma.mma_async
// CHECK: nvvm.wgmma.commit.group.sync.aligned
gpu.module @kernels {
  gpu.func @warpgroup_mma_pieces(%la: memref<64x64xbf16, #gpu.address_space<workgroup>>,
                                 %lb: memref<128x64xbf16, #gpu.address_space<workgroup>>,
                                 %c0: vector<4xf32>) kernel {
    %row = arith.constant 0 : index
    %r:16 = ck.warpgroup_mma #ck.wgmma<bf16> %la, %lb row %row k 64 b_transposed instruction_n 64 acc(%c0, %c0, %c0, %c0, %c0, %c0, %c0, %c0, %c0, %c0, %c0, %c0, %c0, %c0, %c0, %c0)
        : memref<64x64xbf16, #gpu.address_space<workgroup>>, memref<128x64xbf16, #gpu.address_space<workgroup>>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>
    gpu.return
  }
}
