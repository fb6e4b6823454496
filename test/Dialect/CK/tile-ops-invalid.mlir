// RUN: ck-opt %s -split-input-file -verify-diagnostics

// One section per verifier rule of !ck.acc (CKTypes.cpp) and of the
// workgroup tile ops (CKTileOps.cpp).

//===----------------------------------------------------------------------===//
// !ck.acc
//===----------------------------------------------------------------------===//

// A tile of one dimension.
// expected-error @+1 {{an accumulator tile has rows and columns, and a wave count along each}}
func.func @acc_rank(%a: !ck.acc<64xf32, #ck.fma, waves = [2, 2]>)

// -----
// f16 accumulators.
// expected-error @+1 {{accumulators are f32, got 'f16'}}
func.func @acc_f16(%a: !ck.acc<64x64xf16, #ck.fma, waves = [2, 2]>)

// -----
// Not an instruction.
// expected-error @+1 {{expected a matrix instruction attribute, got 3 : i64}}
func.func @acc_not_mma(%a: !ck.acc<64x64xf32, 3, waves = [2, 2]>)

// -----
// No waves along rows.
// expected-error @+1 {{accumulator rows must be in [1, 4096] and the waves along them in [1, rows]}}
func.func @acc_no_waves(%a: !ck.acc<64x64xf32, #ck.fma, waves = [0, 2]>)

// -----
// More waves than columns (found by scripts/fuzz-ir.py: the product with
// the instruction's N overflowed).
// expected-error @+1 {{accumulator columns must be in [1, 4096] and the waves along them in [1, columns]}}
func.func @acc_many_waves(%a: !ck.acc<64x64xf32, #ck.fma, waves = [1, 4611686018427387904]>)

// -----
// expected-error @+1 {{accumulator rows must be in [1, 4096] and the waves along them in [1, rows]}}
func.func @acc_huge(%a: !ck.acc<8192x64xf32, #ck.fma, waves = [1, 1]>)

// -----
// 48 rows over 2 waves of 16-row instructions leave half an instruction.
// expected-error @+1 {{accumulator rows (48) must be a multiple of the waves along them (2) times the instruction's M (16)}}
func.func @acc_rows(%a: !ck.acc<48x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>)

// -----
// 24 columns over 2 waves of 8-column mma.sync.
// expected-error @+1 {{accumulator columns (24) must be a multiple of the waves along them (2) times the instruction's N (8)}}
func.func @acc_cols(%a: !ck.acc<32x24xf32, #ck.mma_sync<16x8x16, f16>, waves = [2, 2]>)

//===----------------------------------------------------------------------===//
// ck.tile_mma
//===----------------------------------------------------------------------===//

// -----
!acc = !ck.acc<64x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
func.func @tile_mma_types(%acc: !acc, %a: memref<64x40xf16, #gpu.address_space<workgroup>>,
                          %b: memref<32x72xbf16, #gpu.address_space<workgroup>>) {
  // expected-error @+1 {{'ck.tile_mma' op expects A and B tiles of one element type, got 'f16' and 'bf16'}}
  %r = ck.tile_mma %acc, %a, %b k 32 : !acc, memref<64x40xf16, #gpu.address_space<workgroup>>, memref<32x72xbf16, #gpu.address_space<workgroup>>
  return
}

// -----
!acc = !ck.acc<64x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
func.func @tile_mma_inputs(%acc: !acc, %a: memref<64x40xbf16, #gpu.address_space<workgroup>>,
                           %b: memref<32x72xbf16, #gpu.address_space<workgroup>>) {
  // expected-error @+1 {{'ck.tile_mma' op #ck.mfma<16x16x16, f16> does not take 'bf16' inputs}}
  %r = ck.tile_mma %acc, %a, %b k 32 : !acc, memref<64x40xbf16, #gpu.address_space<workgroup>>, memref<32x72xbf16, #gpu.address_space<workgroup>>
  return
}

// -----
!acc = !ck.acc<64x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
func.func @tile_mma_ranks(%acc: !acc, %a: memref<2x64x40xf16, #gpu.address_space<workgroup>>,
                          %b: memref<32x72xf16, #gpu.address_space<workgroup>>, %s: index) {
  // expected-error @+1 {{'ck.tile_mma' op expects A and B tiles with the same buffer dimension; got ranks 3 and 2}}
  %r = ck.tile_mma %acc, %a, %b slot %s k 32 : !acc, memref<2x64x40xf16, #gpu.address_space<workgroup>>, memref<32x72xf16, #gpu.address_space<workgroup>>
  return
}

// -----
!acc = !ck.acc<64x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
func.func @tile_mma_no_slot(%acc: !acc, %a: memref<2x64x40xf16, #gpu.address_space<workgroup>>,
                            %b: memref<2x32x72xf16, #gpu.address_space<workgroup>>) {
  // expected-error @+1 {{'ck.tile_mma' op needs a `slot` to pick one of the buffers of its LDS tiles}}
  %r = ck.tile_mma %acc, %a, %b k 32 : !acc, memref<2x64x40xf16, #gpu.address_space<workgroup>>, memref<2x32x72xf16, #gpu.address_space<workgroup>>
  return
}

// -----
!acc = !ck.acc<64x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
func.func @tile_mma_stray_slot(%acc: !acc, %a: memref<64x40xf16, #gpu.address_space<workgroup>>,
                               %b: memref<32x72xf16, #gpu.address_space<workgroup>>, %s: index) {
  // expected-error @+1 {{'ck.tile_mma' op has a `slot` but its LDS tiles have no buffer dimension}}
  %r = ck.tile_mma %acc, %a, %b slot %s k 32 : !acc, memref<64x40xf16, #gpu.address_space<workgroup>>, memref<32x72xf16, #gpu.address_space<workgroup>>
  return
}

// -----
!acc = !ck.acc<64x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
func.func @tile_mma_buffers(%acc: !acc, %a: memref<2x64x40xf16, #gpu.address_space<workgroup>>,
                            %b: memref<3x32x72xf16, #gpu.address_space<workgroup>>, %s: index) {
  // expected-error @+1 {{'ck.tile_mma' op expects A and B with one buffer count, got 2 and 3}}
  %r = ck.tile_mma %acc, %a, %b slot %s k 32 : !acc, memref<2x64x40xf16, #gpu.address_space<workgroup>>, memref<3x32x72xf16, #gpu.address_space<workgroup>>
  return
}

// -----
!acc = !ck.acc<64x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
func.func @tile_mma_b_slot_alone(%acc: !acc, %a: memref<64x40xf16, #gpu.address_space<workgroup>>,
                                 %b: memref<32x72xf16, #gpu.address_space<workgroup>>, %s: index) {
  // expected-error @+1 {{'ck.tile_mma' op has a `b_slot` without a `slot`}}
  %r = ck.tile_mma %acc, %a, %b b_slot %s k 32 : !acc, memref<64x40xf16, #gpu.address_space<workgroup>>, memref<32x72xf16, #gpu.address_space<workgroup>>
  return
}

// -----
!acc = !ck.acc<64x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
func.func @tile_mma_k(%acc: !acc, %a: memref<64x40xf16, #gpu.address_space<workgroup>>,
                      %b: memref<24x72xf16, #gpu.address_space<workgroup>>) {
  // expected-error @+1 {{'ck.tile_mma' op k (24) must be a multiple of the instruction's K (16)}}
  %r = ck.tile_mma %acc, %a, %b k 24 : !acc, memref<64x40xf16, #gpu.address_space<workgroup>>, memref<24x72xf16, #gpu.address_space<workgroup>>
  return
}

// -----
!acc = !ck.acc<64x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
func.func @tile_mma_k_huge(%acc: !acc, %a: memref<64x8200xf16, #gpu.address_space<workgroup>>,
                           %b: memref<8192x72xf16, #gpu.address_space<workgroup>>) {
  // expected-error @+1 {{'ck.tile_mma' op k (8192) must be at most 4096}}
  %r = ck.tile_mma %acc, %a, %b k 8192 : !acc, memref<64x8200xf16, #gpu.address_space<workgroup>>, memref<8192x72xf16, #gpu.address_space<workgroup>>
  return
}

// -----
// A holds 32 rows where the tile has 64.
!acc = !ck.acc<64x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
func.func @tile_mma_a_tile(%acc: !acc, %a: memref<32x40xf16, #gpu.address_space<workgroup>>,
                           %b: memref<32x72xf16, #gpu.address_space<workgroup>>) {
  // expected-error @+1 {{'ck.tile_mma' op A's LDS tile 'memref<32x40xf16, #gpu.address_space<workgroup>>' does not hold a 64x32 tile: expected 64 rows of at least 32 elements}}
  %r = ck.tile_mma %acc, %a, %b k 32 : !acc, memref<32x40xf16, #gpu.address_space<workgroup>>, memref<32x72xf16, #gpu.address_space<workgroup>>
  return
}

// -----
// A transposed B whose rows are shorter than K.
!acc = !ck.acc<64x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
func.func @tile_mma_b_tile(%acc: !acc, %a: memref<64x40xf16, #gpu.address_space<workgroup>>,
                           %b: memref<64x16xf16, #gpu.address_space<workgroup>>) {
  // expected-error @+1 {{'ck.tile_mma' op B's LDS tile 'memref<64x16xf16, #gpu.address_space<workgroup>>' does not hold the transpose of a 32x64 tile: expected 64 rows of at least 32 elements}}
  %r = ck.tile_mma %acc, %a, %b k 32 b_transposed : !acc, memref<64x40xf16, #gpu.address_space<workgroup>>, memref<64x16xf16, #gpu.address_space<workgroup>>
  return
}

// -----
// Global memory is not LDS.
!acc = !ck.acc<64x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
func.func @tile_mma_global(%acc: !acc, %a: memref<64x40xf16>,
                           %b: memref<32x72xf16, #gpu.address_space<workgroup>>) {
  // expected-error @+1 {{'ck.tile_mma' op operand #1 must be statically shaped 2-D or 3-D memref in workgroup memory}}
  %r = ck.tile_mma %acc, %a, %b k 32 : !acc, memref<64x40xf16>, memref<32x72xf16, #gpu.address_space<workgroup>>
  return
}

//===----------------------------------------------------------------------===//
// ck.fragment_load
//===----------------------------------------------------------------------===//

// -----
func.func @fragment_indices(%l: memref<2x64x40xf16, #gpu.address_space<workgroup>>, %i: index) {
  // expected-error @+1 {{'ck.fragment_load' op expects one index per dimension of 'memref<2x64x40xf16, #gpu.address_space<workgroup>>', got 2}}
  %f = ck.fragment_load a of #ck.mfma<16x16x16, f16> from %l[%i, %i] : memref<2x64x40xf16, #gpu.address_space<workgroup>> -> vector<4xf16>
  return
}

// -----
func.func @fragment_inputs(%l: memref<64x40xf32, #gpu.address_space<workgroup>>, %i: index) {
  // expected-error @+1 {{'ck.fragment_load' op #ck.mfma<16x16x16, f16> does not take 'f32' inputs}}
  %f = ck.fragment_load a of #ck.mfma<16x16x16, f16> from %l[%i, %i] : memref<64x40xf32, #gpu.address_space<workgroup>> -> vector<4xf32>
  return
}

// -----
func.func @fragment_element(%l: memref<64x40xf16, #gpu.address_space<workgroup>>, %i: index) {
  // expected-error @+1 {{'ck.fragment_load' op result elements ('bf16') differ from the LDS tile's ('f16')}}
  %f = ck.fragment_load a of #ck.mfma<16x16x16, f16> from %l[%i, %i] : memref<64x40xf16, #gpu.address_space<workgroup>> -> vector<4xbf16>
  return
}

// -----
// B's instruction tile is 16 (k) x 16 (n): a column origin of 8 splits it.
func.func @fragment_origin(%l: memref<64x40xf16, #gpu.address_space<workgroup>>, %i: index) {
  %c8 = arith.constant 8 : index
  // expected-error @+1 {{'ck.fragment_load' op origin column 8 is not a multiple of the instruction tile's 16}}
  %f = ck.fragment_load b of #ck.mfma<16x16x16, f16> from %l[%i, %c8] : memref<64x40xf16, #gpu.address_space<workgroup>> -> vector<4xf16>
  return
}

// -----
func.func @fragment_size(%l: memref<64x40xf16, #gpu.address_space<workgroup>>, %i: index) {
  // expected-error @+1 {{'ck.fragment_load' op result has 8 elements; #ck.mma_sync<16x8x16, f16> on waves of 32 gives each lane 4 of B}}
  %f = ck.fragment_load b of #ck.mma_sync<16x8x16, f16> from %l[%i, %i] : memref<64x40xf16, #gpu.address_space<workgroup>> -> vector<8xf16>
  return
}

// -----
// k_pack 2 makes the fragment 2 x 4 elements.
func.func @fragment_pack_size(%l: memref<64x40xf16, #gpu.address_space<workgroup>>, %i: index) {
  // expected-error @+1 {{'ck.fragment_load' op result has 4 elements; #ck.mfma<16x16x16, f16> on waves of 64 gives each lane 8 of A in 2 steps along K}}
  %f = ck.fragment_load a of #ck.mfma<16x16x16, f16> from %l[%i, %i] k_pack 2 : memref<64x40xf16, #gpu.address_space<workgroup>> -> vector<4xf16>
  return
}

// -----
// Two K steps of A span 32 columns: an origin of 16 splits them.
func.func @fragment_pack_origin(%l: memref<64x40xf16, #gpu.address_space<workgroup>>, %i: index) {
  %c16 = arith.constant 16 : index
  // expected-error @+1 {{'ck.fragment_load' op origin column 16 is not a multiple of the instruction tile's 32}}
  %f = ck.fragment_load a of #ck.mfma<16x16x16, f16> from %l[%i, %c16] k_pack 2 : memref<64x40xf16, #gpu.address_space<workgroup>> -> vector<8xf16>
  return
}

// -----
// mma.sync's A lane holds two runs along K (k and k + 8): no packing.
func.func @fragment_pack_runs(%l: memref<64x40xf16, #gpu.address_space<workgroup>>, %i: index) {
  // expected-error @+1 {{'ck.fragment_load' op k_pack 2: the lane's elements of A of #ck.mma_sync<16x8x16, f16> are not one run along K}}
  %f = ck.fragment_load a of #ck.mma_sync<16x8x16, f16> from %l[%i, %i] k_pack 2 : memref<64x40xf16, #gpu.address_space<workgroup>> -> vector<16xf16>
  return
}

// -----
// A pack is at most 8 steps (found by fuzzing: a huge one built a huge
// layout).
func.func @fragment_pack_huge(%l: memref<64x40xf16, #gpu.address_space<workgroup>>, %i: index) {
  // expected-error @+1 {{'ck.fragment_load' op attribute 'k_pack' failed to satisfy constraint: 64-bit signless integer attribute whose minimum value is 2 whose maximum value is 8}}
  %f = ck.fragment_load a of #ck.mfma<16x16x16, f16> from %l[%i, %i] k_pack 4294967296 : memref<64x40xf16, #gpu.address_space<workgroup>> -> vector<8xf16>
  return
}

// -----
func.func @fragment_pack_one(%l: memref<64x40xf16, #gpu.address_space<workgroup>>, %i: index) {
  // expected-error @+1 {{'ck.fragment_load' op attribute 'k_pack' failed to satisfy constraint: 64-bit signless integer attribute whose minimum value is 2 whose maximum value is 8}}
  %f = ck.fragment_load a of #ck.mfma<16x16x16, f16> from %l[%i, %i] k_pack 1 : memref<64x40xf16, #gpu.address_space<workgroup>> -> vector<4xf16>
  return
}

//===----------------------------------------------------------------------===//
// ck.tile_store
//===----------------------------------------------------------------------===//

// -----
!acc = !ck.acc<64x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
func.func @store_rank(%acc: !acc, %c: memref<64x64xf16>, %i: index) {
  // expected-error @+1 {{'ck.tile_store' op writes a G x M x N tensor, got rank 2}}
  ck.tile_store %acc -> %c[%i, %i] : !acc, memref<64x64xf16>
  return
}

// -----
!acc = !ck.acc<64x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
!stage = memref<32x72xf16, #gpu.address_space<workgroup>>
// Store waves take the staged tile from the holders alone.
func.func @store_waves_not_holders_only(%acc: !acc, %c: memref<1x64x64xf16>, %s: !stage, %i: index) {
  // expected-error @+1 {{'ck.tile_store' op hands the staging tile to store waves, which needs a staging tile ('staged') and 'holders_only'}}
  ck.tile_store %acc -> %c[%i, %i, %i] staged %s width 8 store_waves 3 : !acc, memref<1x64x64xf16>, !stage
  return
}

// -----
!acc = !ck.acc<64x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
// Store waves read a staging tile back.
func.func @store_waves_unstaged(%acc: !acc, %c: memref<1x64x64xf16>, %i: index) {
  // expected-error @+1 {{'ck.tile_store' op hands the staging tile to store waves, which needs a staging tile ('staged') and 'holders_only'}}
  ck.tile_store %acc -> %c[%i, %i, %i] holders_only store_waves 3 : !acc, memref<1x64x64xf16>
  return
}

// -----
!acc = !ck.acc<64x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
!stage = memref<32x72xf16, #gpu.address_space<workgroup>>
// Store waves take the whole tile in one hand-off: 32 of its 64 rows are
// one slice of two.
func.func @store_waves_sliced(%acc: !acc, %c: memref<1x64x64xf16>, %s: !stage, %i: index) {
  // expected-error @+1 {{'ck.tile_store' op hands its tile to store waves, so its staging tile must hold the whole tile (64 x 64), got 'memref<32x72xf16, #gpu.address_space<workgroup>>'}}
  ck.tile_store %acc -> %c[%i, %i, %i] staged %s width 8 holders_only store_waves 3 : !acc, memref<1x64x64xf16>, !stage
  return
}

// -----
!acc = !ck.acc<128x256xf32, #ck.wgmma<f16>, waves = [8, 1]>
!stage = memref<128x136xf16, #gpu.address_space<workgroup>>
// Store waves take all columns too: 136 columns are a padded slice of 128.
func.func @store_waves_column_slice(%acc: !acc, %c: memref<1x128x256xf16>, %s: !stage, %i: index) {
  // expected-error @+1 {{'ck.tile_store' op hands its tile to store waves, so its staging tile must hold the whole tile (128 x 256), got 'memref<128x136xf16, #gpu.address_space<workgroup>>'}}
  ck.tile_store %acc -> %c[%i, %i, %i] staged %s width 8 holders_only store_waves 3 : !acc, memref<1x128x256xf16>, !stage
  return
}

// -----
!acc = !ck.acc<64x128xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
!stage = memref<32x72xf16, #gpu.address_space<workgroup>>
// A column slice belongs to one wave along N: with two, which wave's tiles
// lie in the slice is known only at run time.
func.func @column_slice_two_waves(%acc: !acc, %c: memref<1x64x128xf16>, %s: !stage, %i: index) {
  // expected-error @+1 {{'ck.tile_store' op staging tile 'memref<32x72xf16, #gpu.address_space<workgroup>>' holds a slice of the tile's 128 columns, which needs one wave along N and rows of a slice dividing them (a multiple of 64), padded or not; its 72 columns would be a slice of 64}}
  ck.tile_store %acc -> %c[%i, %i, %i] staged %s width 8 : !acc, memref<1x64x128xf16>, !stage
  return
}

// -----
!acc = !ck.acc<128x256xf32, #ck.wgmma<f16>, waves = [8, 1]>
!stage = memref<128x96xf16, #gpu.address_space<workgroup>>
// Rows of 96 would make slices of 85 columns, which do not divide 256.
func.func @column_slice_uneven(%acc: !acc, %c: memref<1x128x256xf16>, %s: !stage, %i: index) {
  // expected-error @+1 {{'ck.tile_store' op staging tile 'memref<128x96xf16, #gpu.address_space<workgroup>>' holds a slice of the tile's 256 columns, which needs one wave along N and rows of a slice dividing them (a multiple of 64), padded or not; its 96 columns would be a slice of 85}}
  ck.tile_store %acc -> %c[%i, %i, %i] staged %s width 8 : !acc, memref<1x128x256xf16>, !stage
  return
}

// -----
!acc = !ck.acc<128x256xf32, #ck.wgmma<f16>, waves = [8, 1]>
!stage = memref<128x132xf16, #gpu.address_space<workgroup>>
// A slice of 128 f16 columns has rows of 128 or, padded, 136.
func.func @column_slice_pad(%acc: !acc, %c: memref<1x128x256xf16>, %s: !stage, %i: index) {
  // expected-error @+1 {{'ck.tile_store' op staging tile 'memref<128x132xf16, #gpu.address_space<workgroup>>' holds a slice of the tile's 256 columns, which needs one wave along N and rows of a slice dividing them (a multiple of 64), padded or not; its 132 columns would be a slice of 128}}
  ck.tile_store %acc -> %c[%i, %i, %i] staged %s width 4 : !acc, memref<1x128x256xf16>, !stage
  return
}

// -----
!acc = !ck.acc<128x256xf32, #ck.wgmma<f16>, waves = [8, 1]>
!stage = memref<128x136xf16, #gpu.address_space<workgroup>>
// TMA stores an unpadded slice: a padded one is no box.
func.func @tma_store_padded_column_slice(%acc: !acc, %c: memref<1x128x256xf16>, %s: !stage, %i: index, %map: !llvm.ptr) {
  // expected-error @+1 {{'ck.tile_store' op stores by TMA, so its staging tile must be the tile itself or an unpadded slice of its columns (at most 256 rows, columns a multiple of 64): 128 x 256, got 'memref<128x136xf16, #gpu.address_space<workgroup>>'}}
  ck.tile_store %acc -> %c[%i, %i, %i] staged %s width 8 tma_store %map : !acc, memref<1x128x256xf16>, !stage, !llvm.ptr
  return
}

// -----
!acc = !ck.acc<64x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
!stage = memref<32x72xf16, #gpu.address_space<workgroup>>
// busy and more belong to the hand-off.
func.func @store_busy_without_store_waves(%acc: !acc, %c: memref<1x64x64xf16>, %s: !stage, %i: index, %b: i1) {
  // expected-error @+1 {{'ck.tile_store' op takes 'busy' and 'more' only with store_waves}}
  ck.tile_store %acc -> %c[%i, %i, %i] staged %s width 8 holders_only busy %b : !acc, memref<1x64x64xf16>, !stage
  return
}

// -----
!acc = !ck.acc<128x128xf32, #ck.wgmma<f16>, waves = [8, 1]>
!stage = memref<128x128xf32, #gpu.address_space<workgroup>>
// TMA stores finished values: D tensors would need a read-back.
func.func @tma_store_with_ds(%acc: !acc, %c: memref<1x128x128xf16>, %d: memref<1x128x128xf16>, %s: !stage, %i: index, %map: !llvm.ptr) {
  // expected-error @+1 {{'ck.tile_store' op stores by TMA finished 2-byte values, which needs no D tensors and a 2-byte destination}}
  ck.tile_store %acc -> %c[%i, %i, %i] adds(%d : memref<1x128x128xf16>) staged %s width 4 tma_store %map : !acc, memref<1x128x128xf16>, !stage, !llvm.ptr
  return
}

// -----
!acc = !ck.acc<128x128xf32, #ck.wgmma<f16>, waves = [8, 1]>
!stage = memref<128x128xf32, #gpu.address_space<workgroup>>
// The boxes are 64 2-byte columns of one 128-byte swizzle block.
func.func @tma_store_f32(%acc: !acc, %c: memref<1x128x128xf32>, %s: !stage, %i: index, %map: !llvm.ptr) {
  // expected-error @+1 {{'ck.tile_store' op stores by TMA finished 2-byte values, which needs no D tensors and a 2-byte destination}}
  ck.tile_store %acc -> %c[%i, %i, %i] staged %s width 4 tma_store %map : !acc, memref<1x128x128xf32>, !stage, !llvm.ptr
  return
}

// -----
!acc = !ck.acc<128x128xf32, #ck.wgmma<f16>, waves = [8, 1]>
!stage = memref<128x128xf16, #gpu.address_space<workgroup>>
// Nothing is left to read back for store waves.
func.func @tma_store_with_store_waves(%acc: !acc, %c: memref<1x128x128xf16>, %s: !stage, %i: index, %map: !llvm.ptr) {
  // expected-error @+1 {{'ck.tile_store' op stores by TMA, which leaves nothing to store waves}}
  ck.tile_store %acc -> %c[%i, %i, %i] staged %s width 8 holders_only store_waves 3 tma_store %map : !acc, memref<1x128x128xf16>, !stage, !llvm.ptr
  return
}

// -----
!acc = !ck.acc<128x128xf32, #ck.wgmma<f16>, waves = [8, 1]>
!stage = memref<128x136xf16, #gpu.address_space<workgroup>>
// A padded staging tile is no box: its rows must be the tile's.
func.func @tma_store_padded(%acc: !acc, %c: memref<1x128x128xf16>, %s: !stage, %i: index, %map: !llvm.ptr) {
  // expected-error @+1 {{'ck.tile_store' op stores by TMA, so its staging tile must be the tile itself or an unpadded slice of its columns (at most 256 rows, columns a multiple of 64): 128 x 128, got 'memref<128x136xf16, #gpu.address_space<workgroup>>'}}
  ck.tile_store %acc -> %c[%i, %i, %i] staged %s width 8 tma_store %map : !acc, memref<1x128x128xf16>, !stage, !llvm.ptr
  return
}

// -----
!acc = !ck.acc<128x96xf32, #ck.wgmma<f16>, waves = [8, 1]>
!stage = memref<128x96xf16, #gpu.address_space<workgroup>>
// 96 columns are one and a half boxes.
func.func @tma_store_columns(%acc: !acc, %c: memref<1x128x96xf16>, %s: !stage, %i: index, %map: !llvm.ptr) {
  // expected-error @+1 {{'ck.tile_store' op stores by TMA, so its staging tile must be the tile itself or an unpadded slice of its columns (at most 256 rows, columns a multiple of 64): 128 x 96, got 'memref<128x96xf16, #gpu.address_space<workgroup>>'}}
  ck.tile_store %acc -> %c[%i, %i, %i] staged %s width 8 tma_store %map : !acc, memref<1x128x96xf16>, !stage, !llvm.ptr
  return
}

// -----
!acc = !ck.acc<128x128xf32, #ck.mma_sync<16x8x16, f16>, waves = [2, 2]>
!stage = memref<64x128xf16, #gpu.address_space<workgroup>>
// One slice of two would need a second round of stores.
func.func @tma_store_sliced(%acc: !acc, %c: memref<1x128x128xf16>, %s: !stage, %i: index, %map: !llvm.ptr) {
  // expected-error @+1 {{'ck.tile_store' op stores by TMA, so its staging tile must be the tile itself or an unpadded slice of its columns (at most 256 rows, columns a multiple of 64): 128 x 128, got 'memref<64x128xf16, #gpu.address_space<workgroup>>'}}
  ck.tile_store %acc -> %c[%i, %i, %i] staged %s width 8 tma_store %map : !acc, memref<1x128x128xf16>, !stage, !llvm.ptr
  return
}

// -----
!acc = !ck.acc<64x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
!stage = memref<32x72xf16, #gpu.address_space<workgroup>>
func.func @store_waves_zero(%acc: !acc, %c: memref<1x64x64xf16>, %s: !stage, %i: index) {
  // expected-error @+1 {{'ck.tile_store' op attribute 'store_waves' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive}}
  ck.tile_store %acc -> %c[%i, %i, %i] staged %s width 8 holders_only store_waves 0 : !acc, memref<1x64x64xf16>, !stage
  return
}

// -----
!acc = !ck.acc<64x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
func.func @store_indices(%acc: !acc, %c: memref<1x64x64xf16>, %i: index) {
  // expected-error @+1 {{'ck.tile_store' op expects (g, m0, n0), got 2 indices}}
  ck.tile_store %acc -> %c[%i, %i] : !acc, memref<1x64x64xf16>
  return
}

// -----
!acc = !ck.acc<64x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
// The shared epilogue checks (verifyEpilogueOperands): a D of another shape.
func.func @store_epilogue(%acc: !acc, %c: memref<1x64x64xf16>, %d: memref<1x64x32xf16>, %i: index) {
  // expected-error @+1 {{'ck.tile_store' op D tensor #0 must have the shape and element type of 'memref<1x64x64xf16>', got 'memref<1x64x32xf16>'}}
  ck.tile_store %acc -> %c[%i, %i, %i] adds(%d : memref<1x64x32xf16>) : !acc, memref<1x64x64xf16>
  return
}

// -----
!acc = !ck.acc<64x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
func.func @store_width_alone(%acc: !acc, %c: memref<1x64x64xf16>, %i: index) {
  // expected-error @+1 {{'ck.tile_store' op needs both a staging tile and a store width, or neither}}
  ck.tile_store %acc -> %c[%i, %i, %i] {width = 4 : i64} : !acc, memref<1x64x64xf16>
  return
}

// -----
// Without D tensors the staging tile holds finished values: C's type.
!acc = !ck.acc<64x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
func.func @store_staging_type(%acc: !acc, %c: memref<1x64x64xf16>, %s: memref<32x72xf32, #gpu.address_space<workgroup>>, %i: index) {
  // expected-error @+1 {{'ck.tile_store' op stages through a 2-D LDS tile of 'f16' (the destination's type, without D tensors), got 'memref<32x72xf32, #gpu.address_space<workgroup>>'}}
  ck.tile_store %acc -> %c[%i, %i, %i] staged %s width 8 : !acc, memref<1x64x64xf16>, memref<32x72xf32, #gpu.address_space<workgroup>>
  return
}

// -----
// With D tensors it holds the f32 accumulators.
!acc = !ck.acc<64x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
func.func @store_staging_type_with_d(%acc: !acc, %c: memref<1x64x64xf16>, %d: memref<1x64x64xf16>, %s: memref<32x72xf16, #gpu.address_space<workgroup>>, %i: index) {
  // expected-error @+1 {{'ck.tile_store' op stages through a 2-D LDS tile of 'f32' (with D tensors), got 'memref<32x72xf16, #gpu.address_space<workgroup>>'}}
  ck.tile_store %acc -> %c[%i, %i, %i] adds(%d : memref<1x64x64xf16>) staged %s width 8 : !acc, memref<1x64x64xf16>, memref<32x72xf16, #gpu.address_space<workgroup>>
  return
}

// -----
!acc = !ck.acc<64x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
func.func @store_width(%acc: !acc, %c: memref<1x64x64xf16>, %s: memref<32x72xf16, #gpu.address_space<workgroup>>, %i: index) {
  // expected-error @+1 {{'ck.tile_store' op store width 3 must be 2, 4 or 8 elements}}
  ck.tile_store %acc -> %c[%i, %i, %i] staged %s width 3 : !acc, memref<1x64x64xf16>, memref<32x72xf16, #gpu.address_space<workgroup>>
  return
}

// -----
// 16 rows hold no whole slice of 2 waves of 16-row instructions.
!acc = !ck.acc<64x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
func.func @store_staging_shape(%acc: !acc, %c: memref<1x64x64xf16>, %s: memref<16x72xf16, #gpu.address_space<workgroup>>, %i: index) {
  // expected-error @+1 {{'ck.tile_store' op staging tile 'memref<16x72xf16, #gpu.address_space<workgroup>>' must have a multiple of 32 rows (the waves along rows times the instruction's M)}}
  ck.tile_store %acc -> %c[%i, %i, %i] staged %s width 8 : !acc, memref<1x64x64xf16>, memref<16x72xf16, #gpu.address_space<workgroup>>
  return
}

// -----
// #ck.wgmma waves of two row groups (their tiles 64 rows apart) stage all
// of the tile's rows at once.
!acc = !ck.acc<128x64xf32, #ck.wgmma<f16>, waves = [4, 1]>
func.func @store_staging_row_groups(%acc: !acc, %c: memref<1x128x64xf16>, %s: memref<64x72xf16, #gpu.address_space<workgroup>>, %i: index) {
  // expected-error @+1 {{'ck.tile_store' op staging tile 'memref<64x72xf16, #gpu.address_space<workgroup>>' must hold all 128 rows: the waves' instruction tiles lie 64 rows apart}}
  ck.tile_store %acc -> %c[%i, %i, %i] staged %s width 8 : !acc, memref<1x128x64xf16>, memref<64x72xf16, #gpu.address_space<workgroup>>
  return
}

// -----
// Rows of 68 f16 (the f32 tile's padding in elements) leave every other
// row's vectors of 8 unaligned.
!acc = !ck.acc<64x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
func.func @store_staging_pitch(%acc: !acc, %c: memref<1x64x64xf16>, %s: memref<32x68xf16, #gpu.address_space<workgroup>>, %i: index) {
  // expected-error @+1 {{'ck.tile_store' op store width 8 needs rows of 16-byte multiples (got 68 columns of 2 bytes) and must divide the tile's 64 columns}}
  ck.tile_store %acc -> %c[%i, %i, %i] staged %s width 8 : !acc, memref<1x64x64xf16>, memref<32x68xf16, #gpu.address_space<workgroup>>
  return
}

//===----------------------------------------------------------------------===//
// ck.warpgroup_mma
//===----------------------------------------------------------------------===//

// -----
// Tiles the instruction does not take.
func.func @wgmma_types(%la: memref<128x64xf32, #gpu.address_space<workgroup>>, %lb: memref<64x16xf32, #gpu.address_space<workgroup>>, %r: index, %c: vector<4xf32>) {
  // expected-error @+1 {{#ck.wgmma<f16> does not take tiles of 'f32' and 'f32'}}
  %x:2 = ck.warpgroup_mma #ck.wgmma<f16> %la, %lb row %r k 64 acc(%c, %c) : memref<128x64xf32, #gpu.address_space<workgroup>>, memref<64x16xf32, #gpu.address_space<workgroup>>, vector<4xf32>, vector<4xf32>
  return
}

// -----
// No accumulator tile (generic form: the custom one always has a type).
func.func @wgmma_no_acc(%la: memref<128x64xf16, #gpu.address_space<workgroup>>, %lb: memref<64x16xf16, #gpu.address_space<workgroup>>, %r: index) {
  // expected-error @+1 {{expects 1 to 32 accumulator tiles (N = 8 to 256) per row group, got 0}}
  "ck.warpgroup_mma"(%la, %lb, %r) <{k = 64 : i64, mma = #ck.wgmma<f16>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 1, 0>}> : (memref<128x64xf16, #gpu.address_space<workgroup>>, memref<64x16xf16, #gpu.address_space<workgroup>>, index) -> ()
  return
}

// -----
// K not a multiple of the instruction's 16.
func.func @wgmma_k(%la: memref<128x8xf16, #gpu.address_space<workgroup>>, %lb: memref<8x16xf16, #gpu.address_space<workgroup>>, %r: index, %c: vector<4xf32>) {
  // expected-error @+1 {{k (8) must be a multiple of 16}}
  %x:2 = ck.warpgroup_mma #ck.wgmma<f16> %la, %lb row %r k 8 acc(%c, %c) : memref<128x8xf16, #gpu.address_space<workgroup>>, memref<8x16xf16, #gpu.address_space<workgroup>>, vector<4xf32>, vector<4xf32>
  return
}

// -----
// Buffered tiles without a slot.
func.func @wgmma_slot(%la: memref<2x128x64xf16, #gpu.address_space<workgroup>>, %lb: memref<2x64x16xf16, #gpu.address_space<workgroup>>, %r: index, %c: vector<4xf32>) {
  // expected-error @+1 {{needs a `slot` to pick one of the buffers of its LDS tiles}}
  %x:2 = ck.warpgroup_mma #ck.wgmma<f16> %la, %lb row %r k 64 acc(%c, %c) : memref<2x128x64xf16, #gpu.address_space<workgroup>>, memref<2x64x16xf16, #gpu.address_space<workgroup>>, vector<4xf32>, vector<4xf32>
  return
}

// -----
// B's N (32) is not 8 per accumulator tile (two: 16).
func.func @wgmma_n(%la: memref<128x64xf16, #gpu.address_space<workgroup>>, %lb: memref<64x32xf16, #gpu.address_space<workgroup>>, %r: index, %c: vector<4xf32>) {
  // expected-error @+1 {{expects LDS tiles of K 64 and B's N 16 (8 per accumulator tile)}}
  %x:2 = ck.warpgroup_mma #ck.wgmma<f16> %la, %lb row %r k 64 acc(%c, %c) : memref<128x64xf16, #gpu.address_space<workgroup>>, memref<64x32xf16, #gpu.address_space<workgroup>>, vector<4xf32>, vector<4xf32>
  return
}

// -----
// More than one group in flight.
func.func @wgmma_pending(%la: memref<128x64xf16, #gpu.address_space<workgroup>>, %lb: memref<64x16xf16, #gpu.address_space<workgroup>>, %r: index, %c: vector<4xf32>) {
  // expected-error @+1 {{pending must be 0 or 1, got 2}}
  %x:2 = ck.warpgroup_mma #ck.wgmma<f16> %la, %lb row %r k 64 pending 2 acc(%c, %c) : memref<128x64xf16, #gpu.address_space<workgroup>>, memref<64x16xf16, #gpu.address_space<workgroup>>, vector<4xf32>, vector<4xf32>
  return
}

// -----
// in_flight on an instruction that completes in order.
func.func @in_flight_mfma(%acc: !ck.acc<64x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>,
                          %la: memref<64x40xf16, #gpu.address_space<workgroup>>, %lb: memref<32x72xf16, #gpu.address_space<workgroup>>) {
  // expected-error @+1 {{in_flight needs #ck.wgmma; #ck.mfma<16x16x16, f16> completes in order}}
  %r = ck.tile_mma %acc, %la, %lb k 32 in_flight : !ck.acc<64x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>, memref<64x40xf16, #gpu.address_space<workgroup>>, memref<32x72xf16, #gpu.address_space<workgroup>>
  return
}

// -----
// A K-major tile whose rows are not one 128-byte row of K.
func.func @wgmma_k_major_rows(%la: memref<128x32xf16, #gpu.address_space<workgroup>>, %lb: memref<16x32xf16, #gpu.address_space<workgroup>>, %r: index, %c: vector<4xf32>) {
  // expected-error @+1 {{K-major tiles hold one 128-byte row of K per row (k = 64), got k = 32}}
  %x:2 = ck.warpgroup_mma #ck.wgmma<f16> %la, %lb row %r k 32 b_transposed acc(%c, %c) : memref<128x32xf16, #gpu.address_space<workgroup>>, memref<16x32xf16, #gpu.address_space<workgroup>>, vector<4xf32>, vector<4xf32>
  return
}

// -----
// An N-major B narrower than one 128-byte block.
func.func @wgmma_n_major_block(%la: memref<64x128xf16, #gpu.address_space<workgroup>>, %lb: memref<64x16xf16, #gpu.address_space<workgroup>>, %r: index, %c: vector<4xf32>) {
  // expected-error @+1 {{expects A's rows in whole warpgroups of 64 and an N-major B in whole 128-byte blocks; got 128 rows and N 16}}
  %x:2 = ck.warpgroup_mma #ck.wgmma<f16> %la, %lb row %r k 64 a_transposed acc(%c, %c) : memref<64x128xf16, #gpu.address_space<workgroup>>, memref<64x16xf16, #gpu.address_space<workgroup>>, vector<4xf32>, vector<4xf32>
  return
}

// -----
// Instructions that do not split N (16 columns) into shares of 64.
func.func @wgmma_instruction_n(%la: memref<128x64xf16, #gpu.address_space<workgroup>>, %lb: memref<16x64xf16, #gpu.address_space<workgroup>>, %r: index, %c: vector<4xf32>) {
  // expected-error @+1 {{instruction_n must be a multiple of 64 that divides N (16), got 8}}
  %x:2 = ck.warpgroup_mma #ck.wgmma<f16> %la, %lb row %r k 64 b_transposed instruction_n 8 acc(%c, %c) : memref<128x64xf16, #gpu.address_space<workgroup>>, memref<16x64xf16, #gpu.address_space<workgroup>>, vector<4xf32>, vector<4xf32>
  return
}

// -----
// A and B with different buffer counts.
func.func @wgmma_buffers(%la: memref<2x128x64xf16, #gpu.address_space<workgroup>>, %lb: memref<3x16x64xf16, #gpu.address_space<workgroup>>, %s: index, %r: index, %c: vector<4xf32>) {
  // expected-error @+1 {{expects A and B with one buffer count, got 2 and 3}}
  %x:2 = ck.warpgroup_mma #ck.wgmma<f16> %la, %lb slot %s row %r k 64 b_transposed acc(%c, %c) : memref<2x128x64xf16, #gpu.address_space<workgroup>>, memref<3x16x64xf16, #gpu.address_space<workgroup>>, vector<4xf32>, vector<4xf32>
  return
}

// -----
func.func @barrier_of_no_threads() {
  // expected-error @+1 {{attribute 'threads' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive}}
  ck.lds_barrier threads 0
  return
}

// -----
// #ck.wgmma's descriptors say its tiles' swizzle: the flags are for tiles
// read as fragments.
func.func @swizzled_wgmma(%acc: !ck.acc<64x64xf32, #ck.wgmma<f16>, waves = [4, 1]>,
                          %la: memref<64x64xf16, #gpu.address_space<workgroup>>, %lb: memref<64x64xf16, #gpu.address_space<workgroup>>) {
  // expected-error @+1 {{'ck.tile_mma' op A's LDS tile is marked swizzled, but #ck.wgmma<f16> reads its tiles through descriptors, which say the swizzle}}
  %r = ck.tile_mma %acc, %la, %lb k 64 a_swizzled : !ck.acc<64x64xf32, #ck.wgmma<f16>, waves = [4, 1]>, memref<64x64xf16, #gpu.address_space<workgroup>>, memref<64x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----
// A swizzled tile's rows are 32, 64 or a multiple of 128 bytes: 80 is none.
func.func @swizzled_row(%acc: !ck.acc<64x32xf32, #ck.mma_sync<16x8x16, f16>, waves = [2, 2]>,
                        %la: memref<64x32xf16, #gpu.address_space<workgroup>>, %lb: memref<32x40xf16, #gpu.address_space<workgroup>>) {
  // expected-error @+1 {{'ck.tile_mma' op B's LDS tile 'memref<32x40xf16, #gpu.address_space<workgroup>>' is swizzled: it needs a multiple of 8 rows of 32, 64 or a multiple of 128 bytes; got 32 rows of 80 bytes}}
  %r = ck.tile_mma %acc, %la, %lb k 32 a_swizzled b_swizzled : !ck.acc<64x32xf32, #ck.mma_sync<16x8x16, f16>, waves = [2, 2]>, memref<64x32xf16, #gpu.address_space<workgroup>>, memref<32x40xf16, #gpu.address_space<workgroup>>
  return
}

// -----
// A swizzled tile has a multiple of 8 rows.
func.func @swizzled_rows(%l: memref<4x32xf16, #gpu.address_space<workgroup>>, %i: index) {
  // expected-error @+1 {{'ck.fragment_load' op the LDS tile 'memref<4x32xf16, #gpu.address_space<workgroup>>' is swizzled: it needs a multiple of 8 rows of 32, 64 or a multiple of 128 bytes; got 4 rows of 64 bytes}}
  %f = ck.fragment_load a of #ck.mma_sync<16x8x16, f16> from %l[%i, %i] swizzled : memref<4x32xf16, #gpu.address_space<workgroup>> -> vector<8xf16>
  return
}

// -----
// row_groups must be positive.
func.func @wgmma_row_groups_zero(%la: memref<128x64xf16, #gpu.address_space<workgroup>>, %lb: memref<64x16xf16, #gpu.address_space<workgroup>>, %r: index, %c: vector<4xf32>) {
  // expected-error @+1 {{row_groups (0) must be positive and divide the 2 accumulator tiles}}
  %x:2 = ck.warpgroup_mma #ck.wgmma<f16> %la, %lb row %r k 64 row_groups 0 acc(%c, %c) : memref<128x64xf16, #gpu.address_space<workgroup>>, memref<64x16xf16, #gpu.address_space<workgroup>>, vector<4xf32>, vector<4xf32>
  return
}

// -----
// row_groups must divide the accumulator tiles.
func.func @wgmma_row_groups_divide(%la: memref<192x64xf16, #gpu.address_space<workgroup>>, %lb: memref<64x16xf16, #gpu.address_space<workgroup>>, %r: index, %c: vector<4xf32>) {
  // expected-error @+1 {{row_groups (3) must be positive and divide the 2 accumulator tiles}}
  %x:2 = ck.warpgroup_mma #ck.wgmma<f16> %la, %lb row %r k 64 row_groups 3 acc(%c, %c) : memref<192x64xf16, #gpu.address_space<workgroup>>, memref<64x16xf16, #gpu.address_space<workgroup>>, vector<4xf32>, vector<4xf32>
  return
}

// -----
// B's N is 8 per accumulator tile of one row group.
func.func @wgmma_row_groups_n(%la: memref<128x64xf16, #gpu.address_space<workgroup>>, %lb: memref<64x16xf16, #gpu.address_space<workgroup>>, %r: index, %c: vector<4xf32>) {
  // expected-error @+1 {{expects LDS tiles of K 64 and B's N 8 (8 per accumulator tile)}}
  %x:2 = ck.warpgroup_mma #ck.wgmma<f16> %la, %lb row %r k 64 row_groups 2 acc(%c, %c) : memref<128x64xf16, #gpu.address_space<workgroup>>, memref<64x16xf16, #gpu.address_space<workgroup>>, vector<4xf32>, vector<4xf32>
  return
}

// -----
// pingpong on an instruction whose warps share each product.
func.func @pingpong_mfma(%acc: !ck.acc<64x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>,
                         %la: memref<32x40xf16, #gpu.address_space<workgroup>>, %lb: memref<32x72xf16, #gpu.address_space<workgroup>>) {
  // expected-error @+1 {{pingpong needs #ck.wgmma, whose warpgroups compute their rows alone; got #ck.mfma<16x16x16, f16>}}
  %r = ck.tile_mma %acc, %la, %lb k 32 pingpong : !ck.acc<64x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>, memref<32x40xf16, #gpu.address_space<workgroup>>, memref<32x72xf16, #gpu.address_space<workgroup>>
  return
}

// -----
// pingpong with one warpgroup.
func.func @pingpong_one_warpgroup(%acc: !ck.acc<128x128xf32, #ck.wgmma<bf16>, waves = [4, 1]>,
                                  %la: memref<64x64xbf16, #gpu.address_space<workgroup>>, %lb: memref<64x128xbf16, #gpu.address_space<workgroup>>) {
  // expected-error @+1 {{pingpong needs an accumulator of two warpgroups stacked along M (8 waves, one along N); got waves = [4, 1]}}
  %r = ck.tile_mma %acc, %la, %lb k 64 pingpong : !ck.acc<128x128xf32, #ck.wgmma<bf16>, waves = [4, 1]>, memref<64x64xbf16, #gpu.address_space<workgroup>>, memref<64x128xbf16, #gpu.address_space<workgroup>>
  return
}

// -----
// pingpong's A tile holds one warpgroup's rows, not the block's.
func.func @pingpong_whole_a(%acc: !ck.acc<256x128xf32, #ck.wgmma<bf16>, waves = [8, 1]>,
                            %la: memref<256x64xbf16, #gpu.address_space<workgroup>>, %lb: memref<64x128xbf16, #gpu.address_space<workgroup>>) {
  // expected-error @+1 {{A}}
  %r = ck.tile_mma %acc, %la, %lb k 64 pingpong : !ck.acc<256x128xf32, #ck.wgmma<bf16>, waves = [8, 1]>, memref<256x64xbf16, #gpu.address_space<workgroup>>, memref<64x128xbf16, #gpu.address_space<workgroup>>
  return
}

// -----
// A group barrier without its size.
func.func @lds_barrier_group(%g: index) {
  // expected-error @+1 {{takes a group of threads only with `threads`, the group's size}}
  ck.lds_barrier group %g
  return
}

// -----
// A pingpong tile store that does not store by TMA.
func.func @pingpong_store(%acc: !ck.acc<256x128xf32, #ck.wgmma<bf16>, waves = [8, 1]>, %c: memref<1x512x128xbf16>,
                          %buf: memref<256x128xbf16, #gpu.address_space<workgroup>>, %i: index) {
  // expected-error @+1 {{stores by pingpong warpgroups, which needs 'holders_only', 'tma_store' and an accumulator of two warpgroups stacked along M (8 waves, one along N)}}
  ck.tile_store %acc -> %c[%i, %i, %i] staged %buf width 8 holders_only pingpong : !ck.acc<256x128xf32, #ck.wgmma<bf16>, waves = [8, 1]>, memref<1x512x128xbf16>, memref<256x128xbf16, #gpu.address_space<workgroup>>
  return
}

// -----
// LDS transpose reads take MN-major tiles: A transposed, B not.
func.func @transpose_reads_k_major(%acc: !ck.acc<64x64xf32, #ck.mfma<16x16x32, f16>, waves = [2, 2]>,
                                   %la: memref<32x64xf16, #gpu.address_space<workgroup>>, %lb: memref<64x32xf16, #gpu.address_space<workgroup>>) {
  // expected-error @+1 {{'ck.tile_mma' op transpose_reads needs MN-major tiles: a_transposed and not b_transposed}}
  %r = ck.tile_mma %acc, %la, %lb k 32 a_transposed b_transposed transpose_reads : !ck.acc<64x64xf32, #ck.mfma<16x16x32, f16>, waves = [2, 2]>, memref<32x64xf16, #gpu.address_space<workgroup>>, memref<64x32xf16, #gpu.address_space<workgroup>>
  return
}

// -----
// Transpose reads take their tiles padded (kTransposeReadPadBytes).
func.func @transpose_reads_swizzled(%acc: !ck.acc<64x64xf32, #ck.mfma<16x16x32, f16>, waves = [2, 2]>,
                                    %la: memref<32x64xf16, #gpu.address_space<workgroup>>, %lb: memref<32x64xf16, #gpu.address_space<workgroup>>) {
  // expected-error @+1 {{'ck.tile_mma' op transpose_reads reads padded tiles, not swizzled ones}}
  %r = ck.tile_mma %acc, %la, %lb k 32 a_transposed b_swizzled transpose_reads : !ck.acc<64x64xf32, #ck.mfma<16x16x32, f16>, waves = [2, 2]>, memref<32x64xf16, #gpu.address_space<workgroup>>, memref<32x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----
// ds_read_b64_tr_b16 reads 16-bit elements.
func.func @transpose_reads_f32(%acc: !ck.acc<64x64xf32, #ck.mfma<16x16x4, f32>, waves = [2, 2]>,
                               %la: memref<32x64xf32, #gpu.address_space<workgroup>>, %lb: memref<32x64xf32, #gpu.address_space<workgroup>>) {
  // expected-error @+1 {{'ck.tile_mma' op reads by LDS transpose reads, which take 16-bit elements, not 'f32'}}
  %r = ck.tile_mma %acc, %la, %lb k 32 a_transposed transpose_reads : !ck.acc<64x64xf32, #ck.mfma<16x16x4, f32>, waves = [2, 2]>, memref<32x64xf32, #gpu.address_space<workgroup>>, memref<32x64xf32, #gpu.address_space<workgroup>>
  return
}

// -----
// mma.sync's fragments (waves of 32) are none that the reads return.
func.func @transpose_reads_mma_sync(%acc: !ck.acc<64x64xf32, #ck.mma_sync<16x8x16, f16>, waves = [2, 2]>,
                                    %la: memref<32x64xf16, #gpu.address_space<workgroup>>, %lb: memref<32x64xf16, #gpu.address_space<workgroup>>) {
  // expected-error @+1 {{'ck.tile_mma' op reads by LDS transpose reads, which return no fragment of #ck.mma_sync<16x8x16, f16> on waves of 32 (each lane's 8 elements along K from 8 times its group of 16 lanes)}}
  %r = ck.tile_mma %acc, %la, %lb k 32 a_transposed transpose_reads : !ck.acc<64x64xf32, #ck.mma_sync<16x8x16, f16>, waves = [2, 2]>, memref<32x64xf16, #gpu.address_space<workgroup>>, memref<32x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----
// The reads' K permutation works on whole 32s of K.
func.func @transpose_reads_k(%acc: !ck.acc<64x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>,
                             %la: memref<16x64xf16, #gpu.address_space<workgroup>>, %lb: memref<16x64xf16, #gpu.address_space<workgroup>>) {
  // expected-error @+1 {{'ck.tile_mma' op transpose_reads needs k (16) to be a multiple of 32}}
  %r = ck.tile_mma %acc, %la, %lb k 16 a_transposed transpose_reads : !ck.acc<64x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>, memref<16x64xf16, #gpu.address_space<workgroup>>, memref<16x64xf16, #gpu.address_space<workgroup>>
  return
}

// -----
func.func @transpose_read_f32(%l: memref<32x64xf32, #gpu.address_space<workgroup>>, %i: index) {
  // expected-error @+1 {{'ck.fragment_load' op transpose_read takes 16-bit elements, not 'f32'}}
  %f = ck.fragment_load a of #ck.mfma<16x16x4, f32> from %l[%i, %i] transposed k_pack 8 transpose_read : memref<32x64xf32, #gpu.address_space<workgroup>> -> vector<8xf32>
  return
}

// -----
// A K-major A is read by runs, not transposed.
func.func @transpose_read_k_major(%l: memref<64x32xf16, #gpu.address_space<workgroup>>, %i: index) {
  // expected-error @+1 {{'ck.fragment_load' op transpose_read needs the operand MN-major in LDS: A transposed, B not}}
  %f = ck.fragment_load a of #ck.mfma<16x16x32, f16> from %l[%i, %i] transpose_read : memref<64x32xf16, #gpu.address_space<workgroup>> -> vector<8xf16>
  return
}

// -----
// 16x16x16 unpacked: 4 elements per lane, from 4 times the group.
func.func @transpose_read_unpacked(%l: memref<32x64xf16, #gpu.address_space<workgroup>>, %i: index) {
  // expected-error @+1 {{'ck.fragment_load' op transpose_read: LDS transpose reads return no fragment of A of #ck.mfma<16x16x16, f16> with k_pack 1 (each lane's 8 elements along K from 8 times its group of 16 lanes)}}
  %f = ck.fragment_load a of #ck.mfma<16x16x16, f16> from %l[%i, %i] transposed transpose_read : memref<32x64xf16, #gpu.address_space<workgroup>> -> vector<4xf16>
  return
}

// -----
func.func @transpose_read_swizzled(%l: memref<32x64xf16, #gpu.address_space<workgroup>>, %i: index) {
  // expected-error @+1 {{'ck.fragment_load' op transpose_read reads padded tiles, not swizzled ones}}
  %f = ck.fragment_load b of #ck.mfma<16x16x32, f16> from %l[%i, %i] swizzled transpose_read : memref<32x64xf16, #gpu.address_space<workgroup>> -> vector<8xf16>
  return
}
