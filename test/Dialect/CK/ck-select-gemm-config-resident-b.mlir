// RUN: ck-opt %s -ck-set-target=chip=sm_90a '-ck-select-gemm-config=waves=4,12 partition=data_parallel,dp=persistent resident-b=1' | FileCheck %s --check-prefix=W12
// RUN: ck-opt %s -ck-set-target=chip=sm_90a '-ck-select-gemm-config=waves=4,16 stages=3 partition=data_parallel,dp=persistent resident-b=1' | FileCheck %s --check-prefix=W16
// RUN: not ck-opt %s -ck-set-target=chip=sm_90a '-ck-select-gemm-config=waves=4,8 resident-b=1' 2>&1 | FileCheck %s --check-prefix=NOT-PERSISTENT
// RUN: ck-opt %s -ck-set-target=chip=sm_90a '-ck-select-gemm-config=resident-b=1' | FileCheck %s --check-prefix=HEURISTIC
// RUN: not ck-opt %s -ck-set-target=chip=sm_90a '-ck-select-gemm-config=stages=3 resident-b=1' 2>&1 | FileCheck %s --check-prefix=NO-ROLES
// RUN: not ck-opt %s --pass-pipeline='builtin.module(ck-set-target{chip=sm_90a}, ck-select-gemm-config{config="#ck.gemm_config<block = [64, 64, 64], wave = [16, 64], mma = #ck.wgmma<f16>, lds_buffers = 2, load_waves = 4, async_copy>" resident-b=1})' 2>&1 | FileCheck %s --check-prefix=PINNED
// RUN: not ck-opt %s -ck-set-target=chip=sm_90a '-ck-select-gemm-config=waves=4,6' 2>&1 | FileCheck %s --check-prefix=PART-WARPGROUP

// ck-select-gemm-config's resident-b: the chosen configuration keeps B
// resident (#ck.gemm_config's resident_b), checked as the attribute's
// verifier checks it. A forward layer's GEMM of the G = 32 RetinaNet
// layers (4 groups of 16 merged: M = 40000 pixels, N = 64, K = 9 x 64):
// with roles 4,12 the wgmma block is three math warpgroups of 64 rows by
// the 64 columns (192 x 64 x 64) and the heuristic's 3 stages; 4,16 four
// warpgroups (256 rows). One workgroup per SM, whose units share a ring:
// the load waves keep 64 registers (load_registers, withLeanLoadWaves).
// The heuristic alone gives its 8 x 313 tiles of 128 rows roles 4,8 in
// persistent workgroups (manyTileGemmRoles), which keep B resident; with
// the stages asked for it gives no roles, and resident B has no load waves
// to copy it. Math waves that are not whole warpgroups take no wgmma, and
// mma.sync has no grid of 6 waves for this tile.

// W12: ck.gemm {{.*}} config <block = [192, 64, 64], wave = [16, 64], mma = #ck.wgmma<f16>, partition = #ck.partition<data_parallel, dp = persistent>, lds_buffers = 3, load_waves = 4, async_copy, resident_b, load_registers = 64>
// W16: ck.gemm {{.*}} config <block = [256, 64, 64], wave = [16, 64], mma = #ck.wgmma<f16>, partition = #ck.partition<data_parallel, dp = persistent>, lds_buffers = 3, load_waves = 4, async_copy, resident_b, load_registers = 64>
// NOT-PERSISTENT: error: 'ck.gemm' op resident_b needs a persistent data-parallel partition (dp = persistent), whose workgroups run tiles of one B column in turn; got #ck.partition<
// HEURISTIC: ck.gemm {{.*}} config <block = [128, 64, 64], wave = [16, 64], mma = #ck.wgmma<f16>, partition = #ck.partition<data_parallel, dp = persistent>, lds_buffers = 3, load_waves = 4, async_copy, resident_b, load_registers = 64>
// NO-ROLES: error: 'ck.gemm' op resident_b needs wave roles (load_waves) that copy asynchronously (async_copy)
// PINNED: error: a pinned config already says the partition, waves, stages, cluster, resident B and signal_landed; give config alone
// PART-WARPGROUP: error: 'ck.gemm' op no block tile of #ck.mma_sync<16x8x16, f16> splits into 6 math waves
func.func @merged_groups(%a: memref<8x40000x576xf16>, %b: memref<8x576x64xf16>,
                         %c: memref<8x40000x64xf16>) {
  ck.gemm %a, %b -> %c : memref<8x40000x576xf16>, memref<8x576x64xf16> -> memref<8x40000x64xf16>
  return
}
