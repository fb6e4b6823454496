//===- Limits.h - Sizes the compiler and the runtime serve ------*- C++ -*-===//
//
// The bounds that the IR verifiers, the problem checks and the launch-plan
// parser share, so that a problem one of them accepts never overflows in
// another. Plain C++17 with no LLVM, for the runtime-side libraries too.
//
//===----------------------------------------------------------------------===//

#ifndef CK_SUPPORT_LIMITS_H
#define CK_SUPPORT_LIMITS_H

#include <cstdint>

namespace cklimits {

/// The largest tensor, in bytes (1 TiB, several times any GPU's memory).
/// Every linear element offset then fits in 40 bits, so the kernels' 64-bit
/// index arithmetic cannot overflow.
inline constexpr int64_t kMaxTensorBytes = int64_t(1) << 40;

/// The largest grid a launch may have, per dimension (x, y, z), as CUDA and
/// HIP allow.
inline constexpr int64_t kMaxGrid[3] = {(int64_t(1) << 31) - 1, 65535, 65535};

/// The largest side of a workgroup tile (a config's block and wave tiles,
/// an accumulator tile, a tile op's K): far more than any workgroup's LDS
/// holds, and small enough that products of tile sizes cannot overflow.
inline constexpr int64_t kMaxTileSize = 4096;

/// The most integers a coordinate state (!ck.coord) holds: a view's rank
/// plus its merge digits, a few dozen in practice.
inline constexpr int64_t kMaxCoordState = 1024;

/// The most waves of one role (load or math) in a workgroup: 16 waves of
/// 64 lanes are the 1024 threads a workgroup may have.
inline constexpr int64_t kMaxRoleWaves = 16;

/// The waves of an NVIDIA warpgroup (wgmma's and setmaxnreg's unit).
inline constexpr int64_t kWavesPerWarpgroup = 4;

/// The registers per lane a warpgroup may reallocate itself to (NVIDIA's
/// setmaxnreg): multiples of 8 in [24, 256].
inline constexpr int64_t kMinReallocatedRegisters = 24;
inline constexpr int64_t kMaxReallocatedRegisters = 256;
inline constexpr int64_t kRegisterReallocationStep = 8;
/// Whether a warpgroup may reallocate itself to `count` registers per lane.
inline constexpr bool isReallocatableRegisterCount(int64_t count) {
  return count >= kMinReallocatedRegisters &&
         count <= kMaxReallocatedRegisters &&
         count % kRegisterReallocationStep == 0;
}

/// The registers per lane one wgmma instruction needs beside its f32
/// accumulators (N / 2 per lane for m64nN): ptxas asks for 154 registers
/// for m64n256k16.
inline constexpr int64_t kWgmmaOperandRegisters = 26;

/// The most LDS buffers (pipeline stages) of a GEMM config: an
/// asynchronous-copy pipeline keeps at most 7 K-tiles in flight. Deep rings
/// pay where few workgroups share the GPU: on the H100, 64 x 64 tiles with
/// 8 stages ran the 7x7 RetinaNet layers 1.15x faster than with 4
/// (bench/results/h100-small-layers/).
inline constexpr int64_t kMaxLdsBuffers = 8;

/// The most slots of a wave-role ring: one per LDS buffer.
inline constexpr int64_t kMaxRingSlots = kMaxLdsBuffers;

/// The most slots of a ring without barriers (ck.ring ... barriers): NVIDIA
/// gives each slot two of the 16 named barriers, and barrier 0 stays the
/// workgroup's.
inline constexpr int64_t kMaxNamedBarrierRingSlots = 7;

/// The most workgroups of a thread block cluster that every sm_90 GPU
/// launches (CUDA's portable cluster size): split-K's `reduce = cluster`
/// takes a tile's k_batch workgroups into one cluster.
inline constexpr int64_t kMaxPortableCluster = 8;

/// The largest count in a plan's `schedule` directive (tiles, iters,
/// min_iters, tail) and the most K-iterations (tiles * iters) of a StreamK
/// GEMM: the kernels compute global iteration indices and take K, D, q and
/// r' in i32.
inline constexpr int64_t kMaxScheduleIterations = (int64_t(1) << 31) - 1;

} // namespace cklimits

#endif // CK_SUPPORT_LIMITS_H
