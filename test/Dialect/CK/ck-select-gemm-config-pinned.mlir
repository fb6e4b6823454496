// RUN: ck-opt %s -split-input-file --pass-pipeline='builtin.module(ck-set-target{chip=gfx942}, ck-select-gemm-config{config="#ck.gemm_config<block = [32, 64, 32], wave = [16, 32], mma = #ck.mfma<16x16x16, f16>>"})' | FileCheck %s --check-prefix=OPTION
// RUN: ck-opt %s -split-input-file --pass-pipeline='builtin.module(ck-set-target{chip=gfx942}, ck-conv-to-gemm, ck-select-gemm-config)' | FileCheck %s --check-prefix=CONV
// RUN: not ck-opt %s --pass-pipeline='builtin.module(ck-set-target{chip=gfx942}, ck-select-gemm-config{config="#ck.partition<stream_k>"})' 2>&1 | FileCheck %s --check-prefix=NOT-CONFIG
// RUN: not ck-opt %s --pass-pipeline='builtin.module(ck-set-target{chip=gfx942}, ck-select-gemm-config{config="#ck.gemm_config<block = [32, 64, 32], wave = [16, 32], mma = #ck.mfma<16x16x16, f16>>" stages=1})' 2>&1 | FileCheck %s --check-prefix=WITH-STAGES
// RUN: not ck-opt %s -split-input-file --pass-pipeline='builtin.module(ck-set-target{chip=gfx942}, ck-select-gemm-config{config="#ck.gemm_config<block = [32, 64, 32], wave = [16, 32], mma = #ck.mma_sync<16x8x16, f16>>"})' 2>&1 | FileCheck %s --check-prefix=MISFIT
// RUN: not ck-opt %s --pass-pipeline='builtin.module(ck-set-target{chip=gfx942}, ck-select-gemm-config{config="#ck.gemm_config<block = [32, 64, 32], wave = [16, 32], mma = #ck.mfma<16x16x16, f16>>" cluster=2x1})' 2>&1 | FileCheck %s --check-prefix=WITH-STAGES

// Pinned configurations. With the pass's `config` option, every GEMM
// without a configuration gets that one; a GEMM's own stays. A convolution
// with `config` passes it to each GEMM ck-conv-to-gemm makes of it (here a
// stride-2 backward-data, two slices per spatial dimension: four GEMMs).
// A pinned configuration is checked against the chip like any other: an
// NVIDIA instruction on gfx942 (wave64) is refused.

// OPTION-LABEL: func.func @gemms
// OPTION: ck.gemm {{.*}} config <block = [32, 64, 32], wave = [16, 32], mma = #ck.mfma<16x16x16, f16>>
// OPTION: ck.gemm {{.*}} config <block = [64, 64, 32], wave = [32, 32], mma = #ck.mfma<16x16x16, f16>>
// NOT-CONFIG: error: config '#ck.partition<stream_k>' is not a #ck.gemm_config attribute
// WITH-STAGES: error: a pinned config already says the partition, waves, stages, cluster, resident B and signal_landed; give config alone
// MISFIT: error: 'ck.gemm' op #ck.mma_sync<16x8x16, f16> runs on waves of 32 lanes; gfx942 has 64
func.func @gemms(%a: memref<1x64x64xf16>, %b: memref<1x64x128xf16>, %c: memref<1x64x128xf16>,
                 %d: memref<1x64x128xf16>) {
  ck.gemm %a, %b -> %c : memref<1x64x64xf16>, memref<1x64x128xf16> -> memref<1x64x128xf16>
  ck.gemm %a, %b -> %d config <block = [64, 64, 32], wave = [32, 32], mma = #ck.mfma<16x16x16, f16>>
      : memref<1x64x64xf16>, memref<1x64x128xf16> -> memref<1x64x128xf16>
  return
}

// -----

// CONV-LABEL: func.func @bwd_data_pinned
// CONV-COUNT-4: ck.gemm {{.*}} config <block = [32, 32, 32], wave = [16, 16], mma = #ck.mfma<16x16x16, f16>>
// CONV-NOT: ck.gemm
func.func @bwd_data_pinned(%dx: memref<2x8x8x1x16xf16>, %w: memref<1x16x3x3x16xf16>,
                           %dy: memref<2x4x4x1x16xf16>) {
  ck.conv_bwd_data input(%dx : memref<2x8x8x1x16xf16>)
      filter(%w : memref<1x16x3x3x16xf16>)
      output(%dy : memref<2x4x4x1x16xf16>)
      layouts(NHWGC, GKYXC, NHWGK) strides [2, 2] dilations [1, 1]
      pad_left [1, 1] pad_right [0, 0]
      config <block = [32, 32, 32], wave = [16, 16], mma = #ck.mfma<16x16x16, f16>>
  return
}
