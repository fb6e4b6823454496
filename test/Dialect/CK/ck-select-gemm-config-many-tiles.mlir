// RUN: ck-opt %s -split-input-file -ck-set-target=chip=sm_90a -ck-select-gemm-config | FileCheck %s
// RUN: ck-opt %s -split-input-file -ck-set-target=chip=sm_90a '-ck-select-gemm-config=waves=4,8' | FileCheck %s --check-prefix=ROLES
// RUN: ck-opt %s -split-input-file -ck-set-target=chip=sm_90a '-ck-select-gemm-config=partition=data_parallel,dp=persistent waves=4,8 stages=4' | FileCheck %s --check-prefix=STAGES4

// wgmma GEMMs of many tiles on sm_90a (manyTileGemmRoles in
// lib/Target/GemmConfig.cpp, and ck-select-gemm-config's choice when TMA
// cannot fill the ring). Where the 128-row tiles are at least the compute
// units (132) and K has at most 64 K-tiles, the heuristic gives one load
// warpgroup and two math warpgroups in persistent workgroups that take the
// tiles in turn on one ring: the load waves copy the next tile while the
// math waves store the last. Where TMA copies both operands the load waves
// keep 64 registers (withLeanLoadWaves). Where they would copy by cp.async
// the GEMM takes the data-parallel grid without roles, unless its tiles
// are 128 x 256 and K has at least 8 K-tiles: then a second load
// warpgroup, whose threads signal slots as their copies land
// (takesLandedLoadWaves), and 4 stages. Roles asked for keep the
// heuristic's partition.

// -----
// M = 40000, N = 1024, K = 1024: 313 x 4 tiles of 128 x 256, 16 K-tiles;
// rows of 2048 bytes, which TMA copies. Tiles of 128 columns would take 19
// rounds of 132 workgroups (2432 columns each) against 10 (2560): more
// than nine tenths, so 256 columns stay (persistentTileColumns). 3 stages: the staging tile of 128 x
// 256 sits beside the ring. A fourth fits beside a staging tile of half the
// columns (two passes), which the heuristic does not take but 4 stages
// asked for (with the same partition and roles) do.

// CHECK-LABEL: func.func @tma_filled
// CHECK: config <block = [128, 256, 64], wave = [16, 256], mma = #ck.wgmma<bf16>, partition = #ck.partition<data_parallel, dp = persistent>, lds_buffers = 3, load_waves = 4, async_copy, load_registers = 64> :
// ROLES-LABEL: func.func @tma_filled
// ROLES: config <block = [128, 256, 64], wave = [16, 256], mma = #ck.wgmma<bf16>, lds_buffers = 4, load_waves = 4, async_copy> :
// STAGES4-LABEL: func.func @tma_filled
// STAGES4: config <block = [128, 256, 64], wave = [16, 256], mma = #ck.wgmma<bf16>, partition = #ck.partition<data_parallel, dp = persistent>, lds_buffers = 4, load_waves = 4, async_copy, load_registers = 64> :
func.func @tma_filled(%a: memref<1x40000x1024xbf16>, %b: memref<1x1024x1024xbf16>,
                      %c: memref<1x40000x1024xbf16>) {
  ck.gemm %a, %b -> %c : memref<1x40000x1024xbf16>, memref<1x1024x1024xbf16> -> memref<1x40000x1024xbf16>
  return
}

// -----
// K = 1156: A's rows of 2312 bytes are not a multiple of 16, which TMA
// needs, so its tiles come by cp.async. With 128 x 256 tiles and 19
// K-tiles: roles 8,8 with signal_landed, 4 stages (a staging tile of half
// the columns), the load waves' 96 registers from the register file's
// reallocation.

// CHECK-LABEL: func.func @copied_by_threads
// CHECK: config <block = [128, 256, 64], wave = [16, 256], mma = #ck.wgmma<bf16>, partition = #ck.partition<data_parallel, dp = persistent>, lds_buffers = 4, load_waves = 8, async_copy, load_registers = 96, signal_landed> :
func.func @copied_by_threads(%a: memref<1x40000x1156xbf16>, %b: memref<1x1156x256xbf16>,
                             %c: memref<1x40000x256xbf16>) {
  ck.gemm %a, %b -> %c : memref<1x40000x1156xbf16>, memref<1x1156x256xbf16> -> memref<1x40000x256xbf16>
  return
}

// -----
// The same A with 64 columns (tiles of 128 x 64): data-parallel, no roles,
// 3 stages.

// CHECK-LABEL: func.func @copied_by_threads_narrow
// CHECK: config <block = [128, 64, 64], wave = [16, 64], mma = #ck.wgmma<bf16>, lds_buffers = 3, async_copy> :
func.func @copied_by_threads_narrow(%a: memref<1x40000x1156xbf16>, %b: memref<1x1156x64xbf16>,
                                    %c: memref<1x40000x64xbf16>) {
  ck.gemm %a, %b -> %c : memref<1x40000x1156xbf16>, memref<1x1156x64xbf16> -> memref<1x40000x64xbf16>
  return
}

// -----
// K = 324 (rows of 648 bytes, by cp.async): 6 K-tiles, fewer than 8:
// data-parallel, no roles.

// CHECK-LABEL: func.func @copied_by_threads_short
// CHECK: config <block = [128, 256, 64], wave = [16, 256], mma = #ck.wgmma<bf16>, lds_buffers = 4, async_copy> :
func.func @copied_by_threads_short(%a: memref<1x40000x324xbf16>, %b: memref<1x324x256xbf16>,
                                   %c: memref<1x40000x256xbf16>) {
  ck.gemm %a, %b -> %c : memref<1x40000x324xbf16>, memref<1x324x256xbf16> -> memref<1x40000x256xbf16>
  return
}

// -----
// K = 4160: 65 K-tiles, more than 64: not this rule's (nor, with 313
// tiles, longGemmRoles'): data-parallel without roles.

// CHECK-LABEL: func.func @long_k
// CHECK: config <block = [128, 256, 64], wave = [16, 256], mma = #ck.wgmma<bf16>, lds_buffers = 4, async_copy> :
func.func @long_k(%a: memref<1x40000x4160xbf16>, %b: memref<1x4160x256xbf16>,
                  %c: memref<1x40000x256xbf16>) {
  ck.gemm %a, %b -> %c : memref<1x40000x4160xbf16>, memref<1x4160x256xbf16> -> memref<1x40000x256xbf16>
  return
}
