// RUN: ck-opt %s -ck-set-target -ck-select-gemm-config | FileCheck %s
// ck-set-target keeps a target of the same chip that the module states.
// RUN: ck-opt %s -ck-set-target=chip=gfx942 -ck-select-gemm-config | FileCheck %s

// A target stated in the IR is the one passes read: a variant of gfx942 with
// 16 KiB of LDS gets smaller tiles than the real chip. 128x128x32 f16 tiles
// need (136 * 40 + 40 * 136) * 2 = 21760 bytes, so block M halves to 64
// ((72 * 40 + 40 * 136) * 2 = 16640, still too much), then block N to 64
// ((72 * 40 + 40 * 72) * 2 = 11520). On the real gfx942, 128x128x32 fits
// (ck-select-gemm-config.mlir). With compute_units = 1, K is not split.

// CHECK: module attributes {ck.target = #ck.target<"gfx942", vendor = amd, wave = 64, lds = 16384,
// CHECK-LABEL: func.func @small_lds
// CHECK: config <block = [64, 64, 32], wave = [32, 32], mma = #ck.mfma<16x16x16, f16>>
module attributes {ck.target = #ck.target<"gfx942", vendor = amd, wave = 64,
    lds = 16384, registers = 512, addressing_registers = 64,
    compute_units = 1, simds = 4, waves_per_simd = 8, registers_per_simd = 512,
    lds_per_cu = 65536,
    mma = [#ck.mfma<16x16x16, f16>, #ck.mfma<16x16x16, bf16>, #ck.mfma<16x16x4, f32>]>} {
  func.func @small_lds(%a: memref<1x256x256xf16>, %b: memref<1x256x256xf16>,
                       %c: memref<1x256x256xf16>) {
    ck.gemm %a, %b -> %c
        : memref<1x256x256xf16>, memref<1x256x256xf16> -> memref<1x256x256xf16>
    return
  }
}
