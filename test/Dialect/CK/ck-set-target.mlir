// RUN: ck-opt %s -split-input-file -ck-set-target=chip=gfx942 | FileCheck %s --check-prefix=GFX942
// RUN: ck-opt %s -split-input-file -ck-set-target=chip=gfx950 | FileCheck %s --check-prefix=GFX950
// RUN: ck-opt %s -split-input-file -ck-set-target=chip=gfx1100 | FileCheck %s --check-prefix=GFX1100
// RUN: ck-opt %s -split-input-file -ck-set-target=chip=sm_90a | FileCheck %s --check-prefix=SM90
// The target is kept through a round trip, and a module that has one needs
// no chip.
// RUN: ck-opt %s -split-input-file -ck-set-target=chip=gfx942 | ck-opt -split-input-file -ck-set-target | FileCheck %s --check-prefix=GFX942

// ck-set-target writes the chip table's facts (lib/Target/Chip.cpp) as the
// module's #ck.target. A module that states its own target keeps it:
// ck-select-gemm-config-variant.mlir.

// -----
// An empty module gets the chip's target. The values are the chips' published
// facts: gfx942 (MI300X: 304 CUs, wave64, 64 KiB LDS, 512 VGPRs+AGPRs),
// gfx950 (MI355X: 256 CUs, 160 KiB of LDS, and MFMA 16x16x32 for 16-bit
// inputs, listed first so that the selection prefers it), gfx1100 (RX 7900 XTX: 96 CUs, wave32, no f32 WMMA, so fma) and sm_90a
// (H100 SXM: 132 SMs, 227 KiB of shared memory per block with the opt-in,
// which only dynamic shared memory reaches, of 228 KiB per SM; 255 registers
// per thread; shared memory carved from L1; cp.async copies to it).

// GFX942: module attributes {ck.target = #ck.target<"gfx942", vendor = amd, wave = 64, lds = 65536, registers = 512, addressing_registers = 64, compute_units = 304, simds = 4, waves_per_simd = 8, registers_per_simd = 512, lds_per_cu = 65536, mma = [#ck.mfma<16x16x16, f16>, #ck.mfma<16x16x16, bf16>, #ck.mfma<16x16x4, f32>]>}
// GFX950: module attributes {ck.target = #ck.target<"gfx950", vendor = amd, wave = 64, lds = 163840, registers = 512, addressing_registers = 64, compute_units = 256, simds = 4, waves_per_simd = 8, registers_per_simd = 512, lds_per_cu = 163840, mma = [#ck.mfma<16x16x32, f16>, #ck.mfma<16x16x32, bf16>, #ck.mfma<16x16x16, f16>, #ck.mfma<16x16x16, bf16>, #ck.mfma<16x16x4, f32>], features = [lds_transpose_read, async_copy, async_copy_lane_order]>}
// GFX1100: module attributes {ck.target = #ck.target<"gfx1100", vendor = amd, wave = 32, lds = 65536, registers = 256, addressing_registers = 144, compute_units = 96, simds = 2, waves_per_simd = 16, registers_per_simd = 1536, lds_per_cu = 65536, mma = [#ck.wmma<16x16x16, f16, gfx11>, #ck.wmma<16x16x16, bf16, gfx11>, #ck.fma]>}
// SM90: module attributes {ck.target = #ck.target<"sm_90a", vendor = nvidia, wave = 32, lds = 232448, registers = 255, addressing_registers = 64, compute_units = 132, simds = 4, waves_per_simd = 16, registers_per_simd = 512, lds_per_cu = 233472, mma = [#ck.mma_sync<16x8x16, f16>, #ck.mma_sync<16x8x16, bf16>, #ck.mma_sync<16x8x8, tf32>, #ck.wgmma<f16>, #ck.wgmma<bf16>], features = [lds_in_l1, dynamic_lds, async_copy, tma, register_reallocation]>}
module {
}

