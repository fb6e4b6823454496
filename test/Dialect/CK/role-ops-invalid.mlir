// RUN: ck-opt %s -split-input-file -verify-diagnostics

// One section per verifier rule of the wave-role ops (CKRoleOps.cpp), the
// ring type and the configuration's load_waves.

!acc = !ck.acc<32x32xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>

// More math waves than a workgroup may have.
func.func @too_many_math_waves() -> !acc {
  // expected-error @+1 {{has 17 math waves; at most 16 are allowed}}
  %r = ck.roles math 17 {
    %z = ck.acc_zero : !acc
    ck.yield %z : !acc
  } load 1 {
    %z = ck.acc_zero : !acc
    ck.yield %z : !acc
  } -> !acc
  return %r : !acc
}

// -----
// No load waves.
func.func @no_load_waves() {
  // expected-error @+1 {{attribute 'load_waves' failed to satisfy constraint}}
  ck.roles math 4 {
    ck.yield
  } load 0 {
    ck.yield
  }
  return
}

// -----
// A region with arguments.
func.func @region_arguments() {
  // expected-error @+1 {{math region takes no arguments}}
  ck.roles math 4 {
  ^bb0(%x: index):
    ck.yield
  } load 4 {
    ck.yield
  }
  return
}

// -----
!acc = !ck.acc<32x32xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>

// The load region yields nothing for the accumulator.
func.func @yield_types() -> !acc {
  // expected-error @+1 {{load region must yield the op's result types}}
  %r = ck.roles math 4 {
    %z = ck.acc_zero : !acc
    ck.yield %z : !acc
  } load 4 {
    ck.yield
  } -> !acc
  return %r : !acc
}

// -----
!acc = !ck.acc<32x32xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>

// The accumulator's grid has 4 waves, the roles 2 math waves.
func.func @accumulator_grid() -> !acc {
  // expected-error @+1 {{yields an accumulator on 4 waves, but has 2 math waves}}
  %r = ck.roles math 2 {
    %z = ck.acc_zero : !acc
    ck.yield %z : !acc
  } load 2 {
    %z = ck.acc_zero : !acc
    ck.yield %z : !acc
  } -> !acc
  return %r : !acc
}

// -----
// More load waves than a workgroup may have.
func.func @ring_waves() {
  // expected-error @+1 {{has 20 load waves; at most 16 are allowed}}
  %ring = ck.ring math 4 load 20 : !ck.ring<2>
  return
}

// -----
// One slot per LDS buffer, of which a GEMM config has at most 8.
// expected-error @+1 {{a ring has 1 to 8 slots, got 9}}
func.func @ring_slots(%ring: !ck.ring<9>) {
  return
}

// -----
// Without barriers NVIDIA gives each slot two of its 15 free named
// barriers.
func.func @named_barrier_ring_slots() {
  // expected-error @+1 {{has 8 slots but no barriers; without them a ring has at most 7 (NVIDIA lowers each slot to two of its 16 named barriers)}}
  %ring = ck.ring math 4 load 4 : !ck.ring<8>
  return
}

// -----
// A ring event's ring must come from ck.ring.
func.func @ring_argument(%ring: !ck.ring<2>, %i: index) {
  ck.roles math 4 {
    // expected-error @+1 {{needs a ring made by ck.ring}}
    ck.ring_wait %ring full %i : !ck.ring<2>
    ck.yield
  } load 4 {
    ck.yield
  }
  return
}

// -----
// Math waves do not wait for empty slots.
func.func @wrong_role_wait(%i: index) {
  %ring = ck.ring math 4 load 4 : !ck.ring<2>
  ck.roles math 4 {
    // expected-error @+1 {{waits for empty slots, which only the load waves do}}
    ck.ring_wait %ring empty %i : !ck.ring<2>
    ck.yield
  } load 4 {
    ck.yield
  }
  return
}

// -----
// Load waves do not announce empty slots.
func.func @wrong_role_signal(%i: index) {
  %ring = ck.ring math 4 load 4 : !ck.ring<2>
  ck.roles math 4 {
    ck.yield
  } load 4 {
    // expected-error @+1 {{signals empty slots, which only the math waves do}}
    ck.ring_signal %ring empty %i of %i : !ck.ring<2>
    ck.yield
  }
  return
}

// -----
// The ring joins other waves than the roles'.
func.func @ring_roles_mismatch(%i: index) {
  %ring = ck.ring math 4 load 2 : !ck.ring<2>
  ck.roles math 4 {
    // expected-error @+1 {{is in a ck.roles of 4 math and 4 load waves, but its ring joins 4 and 2}}
    ck.ring_wait %ring full %i : !ck.ring<2>
    ck.yield
  } load 4 {
    ck.yield
  }
  return
}

// -----
// An empty slot's signal needs the loop's step count.
func.func @empty_without_count(%i: index) {
  %ring = ck.ring math 4 load 4 : !ck.ring<2>
  ck.roles math 4 {
    // expected-error @+1 {{needs the loop's step count ('of') for empty slots}}
    ck.ring_signal %ring empty %i : !ck.ring<2>
    ck.yield
  } load 4 {
    ck.yield
  }
  return
}

// -----
// A full slot's signal takes none.
func.func @full_with_count(%i: index) {
  %ring = ck.ring math 4 load 4 : !ck.ring<2>
  ck.roles math 4 {
    ck.yield
  } load 4 {
    // expected-error @+1 {{takes no step count for full slots}}
    ck.ring_signal %ring full %i of %i : !ck.ring<2>
    ck.yield
  }
  return
}

// -----
// Only full slots are signalled as copies land.
func.func @empty_after_copies(%bars: memref<4xi64, #gpu.address_space<workgroup>>,
                              %i: index) {
  %ring = ck.ring math 4 load 4 barriers %bars
      (memref<4xi64, #gpu.address_space<workgroup>>) : !ck.ring<2>
  // expected-error @+1 {{signals empty slots after copies; only full slots are signalled as copies land}}
  ck.ring_signal %ring empty %i of %i after_copies : !ck.ring<2>
  return
}

// -----
// A signal made as copies land is an mbarrier arrival: the ring needs
// barriers.
func.func @after_copies_without_barriers(%i: index) {
  %ring = ck.ring math 4 load 4 : !ck.ring<2>
  // expected-error @+1 {{needs a ring with barriers (ck.ring ... barriers)}}
  ck.ring_signal %ring full %i after_copies : !ck.ring<2>
  return
}

// -----
// load_waves beyond a workgroup's waves.
// expected-error @+1 {{load_waves must be in [0, 16], got 17}}
func.func @config_load_waves() attributes {c = #ck.gemm_config<block = [64, 64, 32], wave = [32, 32], mma = #ck.mfma<16x16x16, f16>, load_waves = 17>} {
  return
}

// -----
// load_waves twice.
// expected-error @+1 {{gemm_config option 'load_waves' is given twice}}
func.func @config_load_waves_twice() attributes {c = #ck.gemm_config<block = [64, 64, 32], wave = [32, 32], mma = #ck.mfma<16x16x16, f16>, load_waves = 4, load_waves = 2>} {
  return
}

// -----
// A launch's roles are two counts.
// expected-error @+1 {{roles are [load, math] wave counts in [1, 16]}}
func.func @launch_roles() attributes {l = #ck.launch<compute = f16, roles = [4]>} {
  return
}

// -----
// A staging event counts its threads.
func.func @staging_no_threads() {
  // expected-error @+1 {{'ck.staging_wait' op attribute 'threads' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive}}
  ck.staging_wait full threads 0
  return
}

// -----
func.func @staging_signal_no_threads() {
  // expected-error @+1 {{'ck.staging_signal' op attribute 'threads' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive}}
  ck.staging_signal empty threads 0
  return
}

// -----
func.func @roles_registers_one_side(%n: index) {
  // expected-error @+1 {{'ck.roles' op gives registers to one role only; give them to both or neither}}
  ck.roles math 4 registers 192 {
    ck.yield
  } load 4 {
    ck.yield
  }
  return
}

// -----
func.func @roles_registers_count(%n: index) {
  // expected-error @+1 {{'ck.roles' op load registers must be a multiple of 8 in [24, 256], got 16}}
  ck.roles math 4 registers 192 {
    ck.yield
  } load 4 registers 16 {
    ck.yield
  }
  return
}

// -----
func.func @roles_registers_order(%n: index) {
  // expected-error @+1 {{'ck.roles' op gives the load waves 192 registers and the math waves 96; the load waves must have fewer}}
  ck.roles math 4 registers 96 {
    ck.yield
  } load 4 registers 192 {
    ck.yield
  }
  return
}

// -----
func.func @roles_registers_warpgroups(%n: index) {
  // expected-error @+1 {{'ck.roles' op reallocates registers, which whole warpgroups do, but has 4 math and 2 load waves (each a multiple of 4 needed)}}
  ck.roles math 4 registers 192 {
    ck.yield
  } load 2 registers 64 {
    ck.yield
  }
  return
}

// -----
func.func @reallocate_registers_count() {
  // expected-error @+1 {{'ck.reallocate_registers' op count must be a multiple of 8 in [24, 256], got 264}}
  ck.reallocate_registers grow 264
  return
}

// -----
// Turns that do not divide the math waves.
func.func @ring_turns(%bars: memref<4xi64, #gpu.address_space<workgroup>>) {
  // expected-error @+1 {{takes 3 turns, which do not divide 8 math waves}}
  %r = ck.ring math 8 load 4 barriers %bars(memref<4xi64, #gpu.address_space<workgroup>>) turns 3 : !ck.ring<2>
  return
}

// -----
// Turns without mbarriers.
func.func @ring_turns_named() {
  // expected-error @+1 {{takes turns, whose slots each count one group's signals: it needs barriers}}
  %r = ck.ring math 8 load 4 turns 2 : !ck.ring<2>
  return
}
