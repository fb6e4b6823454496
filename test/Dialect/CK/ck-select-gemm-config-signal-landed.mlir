// RUN: rm -rf %t && split-file %s %t
// RUN: ck-opt %t/mixed.mlir -ck-set-target=chip=sm_90a '-ck-select-gemm-config=waves=4,8 signal-landed=1' | FileCheck %s --check-prefix=MIXED
// RUN: ck-opt %t/mixed.mlir -ck-set-target=chip=sm_90a '-ck-select-gemm-config=waves=4,2 stages=3 signal-landed=1' | FileCheck %s --check-prefix=MMA-SYNC
// RUN: not ck-opt %t/tma-only.mlir -ck-set-target=chip=sm_90a '-ck-select-gemm-config=waves=4,8 signal-landed=1' 2>&1 | FileCheck %s --check-prefix=NOTHING
// RUN: not ck-opt %t/mixed.mlir -ck-set-target=chip=sm_80 '-ck-select-gemm-config=waves=4,4 stages=3 signal-landed=1' 2>&1 | FileCheck %s --check-prefix=NOTHING
// RUN: not ck-opt %t/mixed.mlir -ck-set-target=chip=sm_90a '-ck-select-gemm-config=stages=3 signal-landed=1' 2>&1 | FileCheck %s --check-prefix=NOTHING
// RUN: not ck-opt %t/mixed.mlir --pass-pipeline='builtin.module(ck-set-target{chip=sm_90a}, ck-select-gemm-config{config="#ck.gemm_config<block = [64, 64, 64], wave = [16, 64], mma = #ck.wgmma<f16>, lds_buffers = 2, load_waves = 4, async_copy>" signal-landed=1})' 2>&1 | FileCheck %s --check-prefix=PINNED

// ck-select-gemm-config's signal-landed: each chosen configuration whose
// load waves copy an operand with cp.async into a ring with mbarriers
// takes #ck.gemm_config's signal_landed; the others keep theirs.
//
// The first GEMM's A rows are 36 halves (72 bytes, not a multiple of 16),
// which a tensor map cannot stride: its load waves copy A with cp.async.
// Both operands of the second go by TMA: it keeps the default signals.
// With mma.sync math waves (roles 4,2: not whole warpgroups) no operand
// goes by TMA, and both GEMMs take it. A module whose GEMMs all copy by
// TMA, a chip without mbarrier rings (sm_80), or configurations without
// roles leave nothing to take it: an error.

// MIXED-LABEL: func.func @mixed
// MIXED: ck.gemm {{.*}} config <{{.*}}load_waves = 4, async_copy, signal_landed> : memref<1x4096x36xf16>
// MIXED: ck.gemm {{.*}} config <{{.*}}load_waves = 4, async_copy> : memref<1x4096x64xf16>
// MMA-SYNC-LABEL: func.func @mixed
// MMA-SYNC: ck.gemm {{.*}} config <{{.*}}mma = #ck.mma_sync<16x8x16, f16>, lds_buffers = 3, load_waves = 4, async_copy, signal_landed> : memref<1x4096x36xf16>
// MMA-SYNC: ck.gemm {{.*}} config <{{.*}}mma = #ck.mma_sync<16x8x16, f16>, lds_buffers = 3, load_waves = 4, async_copy, signal_landed> : memref<1x4096x64xf16>
// NOTHING: error: signal-landed: no GEMM chosen here has load waves that copy an operand with cp.async into a ring with mbarriers, which signal_landed needs
// PINNED: error: a pinned config already says the partition, waves, stages, cluster, resident B and signal_landed; give config alone

//--- mixed.mlir
func.func @mixed(%a: memref<1x4096x36xf16>, %b: memref<1x36x256xf16>,
                 %c: memref<1x4096x256xf16>, %a2: memref<1x4096x64xf16>,
                 %b2: memref<1x64x256xf16>) {
  ck.gemm %a, %b -> %c : memref<1x4096x36xf16>, memref<1x36x256xf16> -> memref<1x4096x256xf16>
  ck.gemm %a2, %b2 -> %c : memref<1x4096x64xf16>, memref<1x64x256xf16> -> memref<1x4096x256xf16>
  return
}

//--- tma-only.mlir
func.func @tma_only(%a: memref<1x4096x64xf16>, %b: memref<1x64x256xf16>,
                    %c: memref<1x4096x256xf16>) {
  ck.gemm %a, %b -> %c : memref<1x4096x64xf16>, memref<1x64x256xf16> -> memref<1x4096x256xf16>
  return
}
