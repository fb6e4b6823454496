// RUN: ck-opt %s -split-input-file -ck-set-target=chip=sm_90a -convert-ck-to-gpu -verify-diagnostics

// What convert-ck-to-gpu refuses of a pinned wgmma configuration that
// ck-select-gemm-config's checks, which see no views, let through: wgmma
// reads an N-major B tile (B contiguous along N) in 128-byte blocks of N,
// so its N must be a multiple of 64 for f16; a K-major B takes any
// multiple of 8 (ck-select-gemm-config-k-major.mlir).

func.func @n_major_b_of_72(%a: memref<1x128x256xf16>, %b: memref<1x256x72xf16>, %c: memref<1x128x72xf16>) {
  // expected-error @+1 {{'ck.gemm' op #ck.wgmma<f16> reads B with N innermost (as B's view keeps it in memory) in blocks of 128 bytes of N: block N must be a multiple of 64, got 72}}
  ck.gemm %a, %b -> %c config <block = [128, 72, 64], wave = [16, 72], mma = #ck.wgmma<f16>, lds_buffers = 3, async_copy>
      : memref<1x128x256xf16>, memref<1x256x72xf16> -> memref<1x128x72xf16>
  return
}

// -----
// The same block with B contiguous along K builds.
func.func @k_major_b_of_72(%a: memref<1x128x256xf16>, %bt: memref<1x72x256xf16>, %c: memref<1x128x72xf16>) {
  %b = ck.transform %bt : memref<1x72x256xf16> to !ck.view<1x256x72xf16>
      by #ck.transform_map<[1, 256, 72] -> [1, 72, 256], [
          #ck.transform<pass_through [0] -> [0]>,
          #ck.transform<pass_through [2] -> [1]>,
          #ck.transform<pass_through [1] -> [2]>]>
  ck.gemm %a, %b -> %c config <block = [128, 72, 64], wave = [16, 72], mma = #ck.wgmma<f16>, lds_buffers = 3, async_copy>
      : memref<1x128x256xf16>, !ck.view<1x256x72xf16> -> memref<1x128x72xf16>
  return
}
