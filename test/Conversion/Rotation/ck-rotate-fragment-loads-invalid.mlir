// RUN: ck-opt %s -split-input-file -ck-rotate-fragment-loads -verify-diagnostics
// RUN: not ck-opt %s -split-input-file -ck-rotate-fragment-loads=carry=all 2>&1 | FileCheck %s --check-prefix=CARRY

// CARRY: ck-rotate-fragment-loads: carry must be 'step' or 'row', got 'all'

// A marked loop must start with the wait and the barrier.

func.func @no_barrier(%la: memref<16x64xf16, #gpu.address_space<workgroup>>,
                      %lo: index, %hi: index, %b: vector<4xf16>,
                      %zero: vector<4xf32>) -> vector<4xf32> {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  // expected-error @+1 {{is marked ck.rotate_fragment_loads but does not start with ck.async_wait and ck.lds_barrier}}
  %r = scf.for %k = %lo to %hi step %c16 iter_args(%acc = %zero) -> (vector<4xf32>) {
    ck.async_wait pending 1
    %a = ck.fragment_load a of #ck.mma_sync<16x8x16, f16> from %la[%c0, %c0] : memref<16x64xf16, #gpu.address_space<workgroup>> -> vector<8xf16>
    %d = ck.mma #ck.mma_sync<16x8x16, f16> %a, %b, %acc : vector<8xf16>, vector<4xf16>, vector<4xf32>
    scf.yield %d : vector<4xf32>
  } {ck.rotate_fragment_loads}
  return %r : vector<4xf32>
}

// -----

// Fragment loads inside a nested region.

func.func @nested(%la: memref<16x64xf16, #gpu.address_space<workgroup>>,
                  %lo: index, %hi: index, %b: vector<4xf16>, %c: i1,
                  %zero: vector<4xf32>) -> vector<4xf32> {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  // expected-error @+1 {{is marked ck.rotate_fragment_loads but reads fragments or waits at a barrier inside a nested region}}
  %r = scf.for %k = %lo to %hi step %c16 iter_args(%acc = %zero) -> (vector<4xf32>) {
    ck.async_wait pending 1
    ck.lds_barrier
    %d = scf.if %c -> (vector<4xf32>) {
      %a = ck.fragment_load a of #ck.mma_sync<16x8x16, f16> from %la[%c0, %c0] : memref<16x64xf16, #gpu.address_space<workgroup>> -> vector<8xf16>
      %m = ck.mma #ck.mma_sync<16x8x16, f16> %a, %b, %acc : vector<8xf16>, vector<4xf16>, vector<4xf32>
      scf.yield %m : vector<4xf32>
    } else {
      scf.yield %acc : vector<4xf32>
    }
    scf.yield %d : vector<4xf32>
  } {ck.rotate_fragment_loads}
  return %r : vector<4xf32>
}

// -----

// No fragment load before the first MMA.

func.func @no_head(%a: vector<8xf16>, %lo: index, %hi: index,
                   %b: vector<4xf16>, %zero: vector<4xf32>) -> vector<4xf32> {
  %c16 = arith.constant 16 : index
  // expected-error @+1 {{is marked ck.rotate_fragment_loads but has no fragment loads before a ck.mma}}
  %r = scf.for %k = %lo to %hi step %c16 iter_args(%acc = %zero) -> (vector<4xf32>) {
    ck.async_wait pending 1
    ck.lds_barrier
    %d = ck.mma #ck.mma_sync<16x8x16, f16> %a, %b, %acc : vector<8xf16>, vector<4xf16>, vector<4xf32>
    scf.yield %d : vector<4xf32>
  } {ck.rotate_fragment_loads}
  return %r : vector<4xf32>
}

// -----

// Carrying the first MMA's row (the default), that MMA must read a fragment
// load of the loop.

func.func @row_without_loads(%a: vector<8xf16>, %b: vector<4xf16>,
                             %la: memref<16x64xf16, #gpu.address_space<workgroup>>,
                             %lo: index, %hi: index, %zero: vector<4xf32>) -> vector<4xf32> {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  // expected-error @+1 {{is marked ck.rotate_fragment_loads but its first ck.mma reads no fragment load of the loop}}
  %r = scf.for %k = %lo to %hi step %c16 iter_args(%acc = %zero) -> (vector<4xf32>) {
    ck.async_wait pending 1
    ck.lds_barrier
    %x = ck.fragment_load a of #ck.mma_sync<16x8x16, f16> from %la[%c0, %c0] : memref<16x64xf16, #gpu.address_space<workgroup>> -> vector<8xf16>
    %d = ck.mma #ck.mma_sync<16x8x16, f16> %a, %b, %acc : vector<8xf16>, vector<4xf16>, vector<4xf32>
    %e = ck.mma #ck.mma_sync<16x8x16, f16> %x, %b, %d : vector<8xf16>, vector<4xf16>, vector<4xf32>
    scf.yield %e : vector<4xf32>
  } {ck.rotate_fragment_loads}
  return %r : vector<4xf32>
}

// -----

// A first fragment whose place the loop reads from memory cannot be read
// one K-tile ahead.

func.func @place_from_memory(%la: memref<16x64xf16, #gpu.address_space<workgroup>>,
                             %rows: memref<4xindex>,
                             %lo: index, %hi: index, %b: vector<4xf16>,
                             %zero: vector<4xf32>) -> vector<4xf32> {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %r = scf.for %k = %lo to %hi step %c16 iter_args(%acc = %zero) -> (vector<4xf32>) {
    ck.async_wait pending 1
    ck.lds_barrier
    %row = memref.load %rows[%c0] : memref<4xindex>
    // expected-error @+1 {{cannot be read one K-tile ahead: its place depends on an op with side effects}}
    %a = ck.fragment_load a of #ck.mma_sync<16x8x16, f16> from %la[%row, %c0] : memref<16x64xf16, #gpu.address_space<workgroup>> -> vector<8xf16>
    %d = ck.mma #ck.mma_sync<16x8x16, f16> %a, %b, %acc : vector<8xf16>, vector<4xf16>, vector<4xf32>
    scf.yield %d : vector<4xf32>
  } {ck.rotate_fragment_loads}
  return %r : vector<4xf32>
}

// -----

// The marker belongs on an scf.for, as a unit attribute.

func.func @marker_on_func() attributes {ck.rotate_fragment_loads} {
  // expected-error @-1 {{'ck.rotate_fragment_loads' belongs on a scf.for, not on 'func.func'}}
  return
}
