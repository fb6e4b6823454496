// RUN: ck-opt %s -split-input-file -verify-diagnostics

// One section per verifier rule of #ck.copy_plan (CKAttrs.cpp) and of the
// copy ops (CKCopyOps.cpp).

// An empty tile.
// expected-error @+1 {{rows must be in [1, 1048576], got 0}}
func.func @no_rows() attributes {p = #ck.copy_plan<tile = [0, 32], load = [1, 8], lds = [1, 8], pad = 8, threads = 256>} {
  return
}

// -----
// expected-error @+1 {{threads must be in [1, 1048576], got 0}}
func.func @no_threads() attributes {p = #ck.copy_plan<tile = [32, 32], load = [1, 8], lds = [1, 8], pad = 8, threads = 0>} {
  return
}

// -----
// expected-error @+1 {{pad must be in [0, 1048576], got -8}}
func.func @negative_pad() attributes {p = #ck.copy_plan<tile = [32, 32], load = [1, 8], lds = [1, 8], pad = -8, threads = 256>} {
  return
}

// -----
// A tile has rows (0) and columns (1).
// expected-error @+1 {{load dim must be 0 (rows) or 1 (cols), got 2}}
func.func @bad_dim() attributes {p = #ck.copy_plan<tile = [32, 32], load = [2, 8], lds = [1, 8], pad = 8, threads = 256>} {
  return
}

// -----
// expected-error @+1 {{load width must be a power of two, got 6}}
func.func @odd_width() attributes {p = #ck.copy_plan<tile = [32, 36], load = [1, 6], lds = [1, 6], pad = 8, threads = 256>} {
  return
}

// -----
// Without a transposition a unit is one load vector, stored as it is.
// expected-error @+1 {{a copy that does not transpose stores what it loads: store width 4 must be the load width 8}}
func.func @split_store() attributes {p = #ck.copy_plan<tile = [32, 32], load = [1, 8], lds = [1, 4], pad = 8, threads = 256>} {
  return
}

// -----
// Units of 8 rows do not tile 30 rows.
// expected-error @+1 {{units of 8 along dim 0 do not divide the tile's 30}}
func.func @ragged() attributes {p = #ck.copy_plan<tile = [30, 32], load = [0, 8], lds = [0, 8], pad = 8, threads = 256>} {
  return
}

// -----
// Units in LDS order are LDS slots: a transposing copy has none.
// expected-error @+1 {{a plan in LDS order does not transpose and its load width (8) divides the pad (8)}}
func.func @lds_order_transposed() attributes {p = #ck.copy_plan<tile = [64, 64], load = [1, 8], lds = [0, 2], pad = 8, threads = 128, lds_order = true>} {
  return
}

// -----
// Units in LDS order tile the pad too: it takes whole vectors.
// expected-error @+1 {{a plan in LDS order does not transpose and its load width (8) divides the pad (4)}}
func.func @lds_order_pad() attributes {p = #ck.copy_plan<tile = [64, 64], load = [1, 8], lds = [1, 8], pad = 4, threads = 128, lds_order = true>} {
  return
}

// -----
// Units in LDS order are for asynchronous copies: a thread's loads of them
// include slots of the pad.
#plan = #ck.copy_plan<tile = [64, 32], load = [1, 8], lds = [1, 8], pad = 8, threads = 320, lds_order = true>
func.func @lds_order_load(%a: memref<1x64x64xf16>, %p: !ck.coord<3xi32>, %t: index) {
  // expected-error @+1 {{'ck.tile_load' op takes no plan in LDS order (lds_order): its units are for ck.tile_copy_async}}
  %r = ck.tile_load %a[%p] plan #plan thread %t : memref<1x64x64xf16>, !ck.coord<3xi32> -> vector<8xf16>
  return
}

// -----
#plan = #ck.copy_plan<tile = [64, 32], load = [1, 8], lds = [1, 8], pad = 8, threads = 320, lds_order = true>
func.func @lds_order_store(%v: vector<8xf16>, %lds: memref<64x40xf16, #gpu.address_space<workgroup>>, %t: index) {
  // expected-error @+1 {{'ck.tile_store_lds' op takes no plan in LDS order (lds_order): its units are for ck.tile_copy_async}}
  ck.tile_store_lds %v -> %lds plan #plan thread %t : vector<8xf16>, memref<64x40xf16, #gpu.address_space<workgroup>>
  return
}

// -----
// A result count past what one type is given to (found by fuzzing: the
// parser allocated 2^31 types).
#plan = #ck.copy_plan<tile = [64, 32], load = [1, 8], lds = [1, 8], pad = 8, threads = 256>
func.func @too_many_results(%a: memref<1x64x64xf16>, %p: !ck.coord<3xi32>, %t: index) {
  // expected-error @+1 {{2147483647 values of one type; at most 65536}}
  %r:2147483647 = ck.tile_load %a[%p, %p] plan #plan thread %t : memref<1x64x64xf16>, !ck.coord<3xi32> -> vector<8xf16>
  return
}

// -----
// Two results need two positions.
#plan = #ck.copy_plan<tile = [64, 32], load = [1, 8], lds = [1, 8], pad = 8, threads = 128>
func.func @positions(%a: memref<1x64x64xf16>, %p: !ck.coord<3xi32>, %t: index) {
  // expected-error @+1 {{'ck.tile_load' op takes one position per result, got 1 for 2}}
  %r:2 = ck.tile_load %a[%p] plan #plan thread %t : memref<1x64x64xf16>, !ck.coord<3xi32> -> vector<8xf16>
  return
}

// -----
// The positions are states of one view: one type (the generic form can
// give two).
#plan = #ck.copy_plan<tile = [64, 32], load = [1, 8], lds = [1, 8], pad = 8, threads = 128>
func.func @position_types(%a: memref<1x64x64xf16>, %p: !ck.coord<3xi32>, %q: !ck.coord<3xindex>, %t: index) {
  // expected-error @+1 {{'ck.tile_load' op positions must share one type}}
  %r:2 = "ck.tile_load"(%a, %p, %q, %t) <{operandSegmentSizes = array<i32: 1, 2, 1, 0>, plan = #plan}>
      : (memref<1x64x64xf16>, !ck.coord<3xi32>, !ck.coord<3xindex>, index) -> (vector<8xf16>, vector<8xf16>)
  return
}

// -----
// 64 x 32 by 256 threads: one vector each, not two.
#plan = #ck.copy_plan<tile = [64, 32], load = [1, 8], lds = [1, 8], pad = 8, threads = 256>
func.func @share(%a: memref<1x64x64xf16>, %p: !ck.coord<3xi32>, %t: index) {
  // expected-error @+1 {{'ck.tile_load' op has 2 results; the plan gives each thread 1 (1 units x 1 loads)}}
  %r:2 = ck.tile_load %a[%p, %p] plan #plan thread %t : memref<1x64x64xf16>, !ck.coord<3xi32> -> vector<8xf16>
  return
}

// -----
// Vectors of the load width.
#plan = #ck.copy_plan<tile = [64, 32], load = [1, 8], lds = [1, 8], pad = 8, threads = 256>
func.func @row_type(%a: memref<1x64x64xf16>, %p: !ck.coord<3xi32>, %t: index) {
  // expected-error @+1 {{'ck.tile_load' op results must be 'vector<8xf16>' (the plan's load width of 'f16'), got 'vector<4xf16>'}}
  %r = ck.tile_load %a[%p] plan #plan thread %t : memref<1x64x64xf16>, !ck.coord<3xi32> -> vector<4xf16>
  return
}

// -----
// 16 f16 are 32 bytes: no vector access is that wide.
#plan = #ck.copy_plan<tile = [64, 32], load = [1, 16], lds = [1, 16], pad = 8, threads = 128>
func.func @wide(%a: memref<1x64x64xf16>, %p: !ck.coord<3xi32>, %t: index) {
  // expected-error @+1 {{'ck.tile_load' op accesses of 16 x 'f16' (32 bytes) are wider than 16 bytes}}
  %r = ck.tile_load %a[%p] plan #plan thread %t : memref<1x64x64xf16>, !ck.coord<3xi32> -> vector<16xf16>
  return
}

// -----
// The LDS tile keeps columns innermost, padded: [64][32 + 8].
#plan = #ck.copy_plan<tile = [64, 32], load = [1, 8], lds = [1, 8], pad = 8, threads = 256>
func.func @lds_shape(%v: vector<8xf16>, %t: index, %lds: memref<64x32xf16, #gpu.address_space<workgroup>>) {
  // expected-error @+1 {{'ck.tile_store_lds' op LDS tile 'memref<64x32xf16, #gpu.address_space<workgroup>>' does not have the plan's shape ([buffers x] 64 x 40)}}
  ck.tile_store_lds %v -> %lds plan #plan thread %t : vector<8xf16>, memref<64x32xf16, #gpu.address_space<workgroup>>
  return
}

// -----
#plan = #ck.copy_plan<tile = [64, 32], load = [1, 8], lds = [1, 8], pad = 8, threads = 256>
func.func @no_slot(%v: vector<8xf16>, %t: index, %lds: memref<2x64x40xf16, #gpu.address_space<workgroup>>) {
  // expected-error @+1 {{'ck.tile_store_lds' op needs a slot for the LDS tile's buffer dimension}}
  ck.tile_store_lds %v -> %lds plan #plan thread %t : vector<8xf16>, memref<2x64x40xf16, #gpu.address_space<workgroup>>
  return
}

// -----
#plan = #ck.copy_plan<tile = [64, 32], load = [1, 8], lds = [1, 8], pad = 8, threads = 256>
func.func @stray_slot(%v: vector<8xf16>, %t: index, %lds: memref<64x40xf16, #gpu.address_space<workgroup>>) {
  // expected-error @+1 {{'ck.tile_store_lds' op takes a slot only with a buffer dimension}}
  ck.tile_store_lds %v -> %lds[%t] plan #plan thread %t : vector<8xf16>, memref<64x40xf16, #gpu.address_space<workgroup>>
  return
}

// -----
// The vectors hold the LDS tile's element type.
#plan = #ck.copy_plan<tile = [64, 32], load = [1, 8], lds = [1, 8], pad = 8, threads = 256>
func.func @store_type(%v: vector<8xf32>, %t: index, %lds: memref<64x40xf16, #gpu.address_space<workgroup>>) {
  // expected-error @+1 {{'ck.tile_store_lds' op values must be 'vector<8xf16>' (the plan's load width of 'f16'), got 'vector<8xf32>'}}
  ck.tile_store_lds %v -> %lds plan #plan thread %t : vector<8xf32>, memref<64x40xf16, #gpu.address_space<workgroup>>
  return
}

// -----
// A transposing unit of 8 x 16 f16 stores 16 elements (32 bytes) at once.
#plan = #ck.copy_plan<tile = [32, 32], load = [1, 8], lds = [0, 16], pad = 8, threads = 64>
func.func @wide_store(%v: vector<8xf16>, %t: index, %lds: memref<32x40xf16, #gpu.address_space<workgroup>>) {
  // expected-error @+1 {{'ck.tile_store_lds' op accesses of 16 x 'f16' (32 bytes) are wider than 16 bytes}}
  ck.tile_store_lds %v, %v, %v, %v, %v, %v, %v, %v, %v, %v, %v, %v, %v, %v, %v, %v -> %lds plan #plan thread %t
      : vector<8xf16>, memref<32x40xf16, #gpu.address_space<workgroup>>
  return
}

// -----
func.func @guarded_load_indices(%x: memref<4x64xf16>, %i: index, %ok: i1) -> vector<8xf16> {
  // expected-error @+1 {{'ck.guarded_load' op takes one index per dimension of 'memref<4x64xf16>', got 1}}
  %v = ck.guarded_load %x[%i] if %ok : memref<4x64xf16> -> vector<8xf16>
  return %v : vector<8xf16>
}

// -----
func.func @guarded_load_type(%x: memref<4x64xf16>, %i: index, %ok: i1) -> vector<4xf32> {
  // expected-error @+1 {{'ck.guarded_load' op result 'vector<4xf32>' must hold the memref's 'f16'}}
  %v = ck.guarded_load %x[%i, %i] if %ok : memref<4x64xf16> -> vector<4xf32>
  return %v : vector<4xf32>
}

// -----
// A strided memref's vector is not contiguous.
func.func @guarded_load_layout(%x: memref<4x64xf16, strided<[128, 1]>>, %i: index, %ok: i1) -> vector<8xf16> {
  // expected-error @+1 {{'ck.guarded_load' op needs a contiguous memref (identity layout), got 'memref<4x64xf16, strided<[128, 1]>>'}}
  %v = ck.guarded_load %x[%i, %i] if %ok : memref<4x64xf16, strided<[128, 1]>> -> vector<8xf16>
  return %v : vector<8xf16>
}

// -----
// Loads are 2, 4, 8 or 16 bytes: 3 x f16 is 6.
func.func @guarded_load_width(%x: memref<4x64xf16>, %i: index, %ok: i1) -> vector<3xf16> {
  // expected-error @+1 {{'ck.guarded_load' op loads 2, 4, 8 or 16 bytes, got 6 ('vector<3xf16>')}}
  %v = ck.guarded_load %x[%i, %i] if %ok : memref<4x64xf16> -> vector<3xf16>
  return %v : vector<3xf16>
}

// -----
// An asynchronous copy lands each loaded vector whole in one LDS row.
#tplan = #ck.copy_plan<tile = [32, 64], load = [1, 8], lds = [0, 2], pad = 8, threads = 128>
func.func @async_transposes(%a: memref<1x32x64xf16>, %p: !ck.coord<3xi32>, %tid: index,
                            %lds: memref<64x40xf16, #gpu.address_space<workgroup>>) {
  // expected-error @+1 {{'ck.tile_copy_async' op cannot transpose (load_dim 1, lds_dim 0): an asynchronous copy lands each vector whole}}
  ck.tile_copy_async %a[%p, %p] -> %lds plan #tplan thread %tid
      : memref<1x32x64xf16>, !ck.coord<3xi32>, memref<64x40xf16, #gpu.address_space<workgroup>>
  return
}

// -----
// 1 x f16 is 2 bytes: cp.async moves 4, 8 or 16.
#plan = #ck.copy_plan<tile = [4, 32], load = [1, 1], lds = [1, 1], pad = 8, threads = 128>
func.func @async_width(%a: memref<1x4x64xf16>, %p: !ck.coord<3xi32>, %tid: index,
                       %lds: memref<4x40xf16, #gpu.address_space<workgroup>>) {
  // expected-error @+1 {{'ck.tile_copy_async' op copies vectors of 4, 8 or 16 bytes, got 2}}
  ck.tile_copy_async %a[%p] -> %lds plan #plan thread %tid
      : memref<1x4x64xf16>, !ck.coord<3xi32>, memref<4x40xf16, #gpu.address_space<workgroup>>
  return
}

// -----
#plan = #ck.copy_plan<tile = [64, 32], load = [1, 8], lds = [1, 8], pad = 8, threads = 128>
func.func @async_positions(%a: memref<1x64x64xf16>, %p: !ck.coord<3xi32>, %tid: index,
                           %lds: memref<64x40xf16, #gpu.address_space<workgroup>>) {
  // expected-error @+1 {{'ck.tile_copy_async' op takes one position per load, got 1; the plan gives each thread 2}}
  ck.tile_copy_async %a[%p] -> %lds plan #plan thread %tid
      : memref<1x64x64xf16>, !ck.coord<3xi32>, memref<64x40xf16, #gpu.address_space<workgroup>>
  return
}

// -----
// Rows of 64 bytes swizzle in 64-byte blocks, not 128.
#plan = #ck.copy_plan<tile = [64, 32], load = [1, 8], lds = [1, 8], pad = 0, threads = 128, swizzle = 128>
func.func @async_swizzle_too_wide(%a: memref<1x64x64xf16>, %p: !ck.coord<3xi32>, %tid: index,
                                  %lds: memref<64x32xf16, #gpu.address_space<workgroup>>) {
  // expected-error @+1 {{'ck.tile_copy_async' op swizzles rows of 64 bytes in blocks of 128 bytes; they take 64-byte blocks}}
  ck.tile_copy_async %a[%p, %p] -> %lds plan #plan thread %tid
      : memref<1x64x64xf16>, !ck.coord<3xi32>, memref<64x32xf16, #gpu.address_space<workgroup>>
  return
}

// -----
// Rows of 48 bytes have no swizzle.
#plan = #ck.copy_plan<tile = [64, 24], load = [1, 8], lds = [1, 8], pad = 0, threads = 192, swizzle = 32>
func.func @swizzle_odd_row(%v: vector<8xf16>, %t: index, %lds: memref<64x24xf16, #gpu.address_space<workgroup>>) {
  // expected-error @+1 {{'ck.tile_store_lds' op swizzles rows of 48 bytes in blocks of 32 bytes; they take no swizzle (32, 64 or a multiple of 128 bytes do)}}
  ck.tile_store_lds %v -> %lds plan #plan thread %t : vector<8xf16>, memref<64x24xf16, #gpu.address_space<workgroup>>
  return
}

// -----
#plan = #ck.copy_plan<tile = [64, 32], load = [1, 8], lds = [1, 8], pad = 8, threads = 128>
func.func @async_lds_shape(%a: memref<1x64x64xf16>, %p: !ck.coord<3xi32>, %tid: index,
                           %lds: memref<64x32xf16, #gpu.address_space<workgroup>>) {
  // expected-error @+1 {{'ck.tile_copy_async' op LDS tile 'memref<64x32xf16, #gpu.address_space<workgroup>>' does not have the plan's shape ([buffers x] 64 x 40)}}
  ck.tile_copy_async %a[%p, %p] -> %lds plan #plan thread %tid
      : memref<1x64x64xf16>, !ck.coord<3xi32>, memref<64x32xf16, #gpu.address_space<workgroup>>
  return
}

// -----
#plan = #ck.copy_plan<tile = [64, 32], load = [1, 8], lds = [1, 8], pad = 8, threads = 128>
func.func @async_slot(%a: memref<1x64x64xf16>, %p: !ck.coord<3xi32>, %tid: index,
                      %lds: memref<3x64x40xf16, #gpu.address_space<workgroup>>) {
  // expected-error @+1 {{'ck.tile_copy_async' op needs a slot for the LDS tile's buffer dimension}}
  ck.tile_copy_async %a[%p, %p] -> %lds plan #plan thread %tid
      : memref<1x64x64xf16>, !ck.coord<3xi32>, memref<3x64x40xf16, #gpu.address_space<workgroup>>
  return
}

// -----
#plan = #ck.copy_plan<tile = [64, 32], load = [1, 8], lds = [1, 8], pad = 8, threads = 128>
func.func @async_element(%a: memref<1x64x64xbf16>, %p: !ck.coord<3xi32>, %tid: index,
                         %lds: memref<64x40xf16, #gpu.address_space<workgroup>>) {
  // expected-error @+1 {{'ck.tile_copy_async' op copies 'bf16' into an LDS tile of 'f16'}}
  ck.tile_copy_async %a[%p, %p] -> %lds plan #plan thread %tid
      : memref<1x64x64xbf16>, !ck.coord<3xi32>, memref<64x40xf16, #gpu.address_space<workgroup>>
  return
}

// -----
func.func @async_copy_indices(%x: memref<4x64xf16>, %i: index, %ok: i1,
                              %lds: memref<4x40xf16, #gpu.address_space<workgroup>>) {
  // expected-error @+1 {{'ck.async_copy' op takes one index per dimension of 'memref<4x64xf16>', got 1}}
  ck.async_copy %x[%i] -> %lds[%i, %i] elements 8 if %ok : memref<4x64xf16>, memref<4x40xf16, #gpu.address_space<workgroup>>
  return
}

// -----
func.func @async_copy_lds_indices(%x: memref<4x64xf16>, %i: index, %ok: i1,
                                  %lds: memref<4x40xf16, #gpu.address_space<workgroup>>) {
  // expected-error @+1 {{'ck.async_copy' op takes one LDS index per dimension of 'memref<4x40xf16, #gpu.address_space<workgroup>>', got 3}}
  ck.async_copy %x[%i, %i] -> %lds[%i, %i, %i] elements 8 if %ok : memref<4x64xf16>, memref<4x40xf16, #gpu.address_space<workgroup>>
  return
}

// -----
func.func @async_copy_element(%x: memref<4x64xf32>, %i: index, %ok: i1,
                              %lds: memref<4x40xf16, #gpu.address_space<workgroup>>) {
  // expected-error @+1 {{'ck.async_copy' op copies 'f32' into LDS of 'f16'}}
  ck.async_copy %x[%i, %i] -> %lds[%i, %i] elements 4 if %ok : memref<4x64xf32>, memref<4x40xf16, #gpu.address_space<workgroup>>
  return
}

// -----
func.func @async_copy_layout(%x: memref<4x64xf16, strided<[128, 1]>>, %i: index, %ok: i1,
                             %lds: memref<4x40xf16, #gpu.address_space<workgroup>>) {
  // expected-error @+1 {{'ck.async_copy' op needs a contiguous memref (identity layout), got 'memref<4x64xf16, strided<[128, 1]>>'}}
  ck.async_copy %x[%i, %i] -> %lds[%i, %i] elements 8 if %ok : memref<4x64xf16, strided<[128, 1]>>, memref<4x40xf16, #gpu.address_space<workgroup>>
  return
}

// -----
// 3 x f16 is 6 bytes.
func.func @async_copy_size(%x: memref<4x64xf16>, %i: index, %ok: i1,
                           %lds: memref<4x40xf16, #gpu.address_space<workgroup>>) {
  // expected-error @+1 {{'ck.async_copy' op copies 4, 8 or 16 bytes, got 3 x 'f16'}}
  ck.async_copy %x[%i, %i] -> %lds[%i, %i] elements 3 if %ok : memref<4x64xf16>, memref<4x40xf16, #gpu.address_space<workgroup>>
  return
}

// -----
// cp.async.cg copies 16 bytes only.
func.func @async_copy_bypass_size(%x: memref<4x64xf16>, %i: index, %ok: i1,
                                  %lds: memref<4x40xf16, #gpu.address_space<workgroup>>) {
  // expected-error @+1 {{'ck.async_copy' op bypasses the L1 only in copies of 16 bytes, got 4 x 'f16'}}
  ck.async_copy %x[%i, %i] -> %lds[%i, %i] elements 4 bypass_l1 if %ok : memref<4x64xf16>, memref<4x40xf16, #gpu.address_space<workgroup>>
  return
}

// -----
func.func @async_wait_negative() {
  // expected-error @+1 {{'ck.async_wait' op pending must be at least 0, got -1}}
  ck.async_wait pending -1
  return
}

// -----
// A swizzle neither TMA nor wgmma has.
// expected-error @+1 {{swizzle must be 0 (none), 32, 64 or 128 bytes, got 16}}
func.func @swizzle_16() attributes {p = #ck.copy_plan<tile = [64, 64], load = [1, 8], lds = [1, 8], pad = 0, threads = 128, swizzle = 16>} {
  return
}

// -----
// A padded swizzled tile.
// expected-error @+1 {{a swizzled tile has no pad, does not transpose and has a multiple of 8 outer rows}}
func.func @swizzle_pad() attributes {p = #ck.copy_plan<tile = [64, 64], load = [1, 8], lds = [1, 8], pad = 8, threads = 128, swizzle = 128>} {
  return
}

// -----
// A transposing swizzled tile.
// expected-error @+1 {{a swizzled tile has no pad, does not transpose and has a multiple of 8 outer rows}}
func.func @swizzle_transposed() attributes {p = #ck.copy_plan<tile = [64, 64], load = [1, 8], lds = [0, 2], pad = 0, threads = 128, swizzle = 128>} {
  return
}

// -----
// Outer rows that are not whole 8-row groups of the swizzle.
// expected-error @+1 {{a swizzled tile has no pad, does not transpose and has a multiple of 8 outer rows}}
func.func @swizzle_rows() attributes {p = #ck.copy_plan<tile = [4, 64], load = [1, 8], lds = [1, 8], pad = 0, threads = 128, swizzle = 128>} {
  return
}

// -----
// A tile copy checks the view's rows (1), columns (2) or both, increasing.
#plan = #ck.copy_plan<tile = [64, 32], load = [1, 8], lds = [1, 8], pad = 8, threads = 256>
func.func @bounds_batch(%a: memref<1x64x64xf16>, %p: !ck.coord<3xi32>, %t: index) {
  // expected-error @+1 {{'ck.tile_load' op bounds must be the view's rows (1), columns (2) or both, increasing, got [0, 1]}}
  %r = ck.tile_load %a[%p] plan #plan thread %t bounds [0, 1] : memref<1x64x64xf16>, !ck.coord<3xi32> -> vector<8xf16>
  return
}

// -----
#plan = #ck.copy_plan<tile = [64, 32], load = [1, 8], lds = [1, 8], pad = 8, threads = 256>
func.func @bounds_order(%a: memref<1x64x64xf16>, %p: !ck.coord<3xi32>, %t: index,
                        %lds: memref<64x40xf16, #gpu.address_space<workgroup>>) {
  // expected-error @+1 {{'ck.tile_copy_async' op bounds must be the view's rows (1), columns (2) or both, increasing, got [2, 1]}}
  ck.tile_copy_async %a[%p] -> %lds plan #plan thread %t bounds [2, 1]
      : memref<1x64x64xf16>, !ck.coord<3xi32>, memref<64x40xf16, #gpu.address_space<workgroup>>
  return
}

// -----
#plan = #ck.copy_plan<tile = [64, 32], load = [1, 8], lds = [1, 8], pad = 8, threads = 256>
func.func @bounds_past(%a: memref<1x64x64xf16>, %p: !ck.coord<3xi32>, %t: index) {
  // expected-error @+1 {{'ck.tile_load' op bounds must be the view's rows (1), columns (2) or both, increasing, got [3]}}
  %r = ck.tile_load %a[%p] plan #plan thread %t bounds [3] : memref<1x64x64xf16>, !ck.coord<3xi32> -> vector<8xf16>
  return
}
