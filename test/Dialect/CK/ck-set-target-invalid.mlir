// RUN: ck-opt %s -split-input-file -ck-set-target=chip=gfx1100 -verify-diagnostics
// RUN: not ck-opt %s -split-input-file -ck-set-target=chip=gfx9000 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not ck-opt %s -split-input-file -ck-set-target 2>&1 | FileCheck %s --check-prefix=NOCHIP

// What ck-set-target refuses: a module whose target names another chip, a
// chip it does not know, and no chip for a module without a target.

// UNKNOWN: error: ck-set-target: unknown chip 'gfx9000'; expected one of gfx90a, gfx942, gfx950, gfx1100, gfx1201, sm_80, sm_90a
// NOCHIP: error: ck-set-target: no chip given and the module has no target; expected chip=NAME with one of gfx90a, gfx942, gfx950, gfx1100, gfx1201, sm_80, sm_90a

// -----
// A module without a target: the first RUN line gives it one; the others
// fail on it (unknown chip, no chip).
module {
}

// -----
// The module targets gfx942, the pass is asked for gfx1100.
// expected-error @+1 {{ck-set-target: the module targets 'gfx942', not 'gfx1100'}}
module attributes {ck.target = #ck.target<"gfx942", vendor = amd, wave = 64,
    lds = 65536, registers = 512, addressing_registers = 64,
    compute_units = 304, simds = 4, waves_per_simd = 8,
    registers_per_simd = 512, lds_per_cu = 65536, mma = [#ck.mfma<16x16x16, f16>]>} {
}
