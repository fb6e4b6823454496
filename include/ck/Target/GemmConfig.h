//===- GemmConfig.h - Choosing and checking kernel configs ------*- C++ -*-===//

#ifndef CK_TARGET_GEMMCONFIG_H
#define CK_TARGET_GEMMCONFIG_H

#include "ck/Target/Chip.h"

namespace mlir::ck {

/// Extra elements per LDS row of a tile, so that the rows a fragment reads
/// do not all start in the same bank.
constexpr int64_t kLdsRowPad = 8;
/// wgmma's operand tiles: 128-byte swizzled rows (#ck.copy_plan's
/// `swizzle`), in buffers aligned to the 1024 bytes the swizzle repeats in,
/// with K tiles of 64 (one 128-byte row of f16 or bf16 per M or N index
/// where K is innermost).
constexpr int64_t kWgmmaSwizzleBytes = 128;
constexpr int64_t kWgmmaTileAlignment = 1024;
constexpr int64_t kWgmmaBlockK = 64;

/// The sizes of a GEMM: G batches of M x N, reduced over K.
struct GemmShape {
  int64_t g, m, n, k;
};

/// Resources one workgroup of a configuration needs.
struct GemmConfigCost {
  /// All waves, and the math waves of the wave grid among them (all of
  /// them without roles).
  int64_t waves, mathWaves;
  int64_t threads;
  /// The threads that copy operand tiles to LDS: the load waves' with
  /// roles, all of them without.
  int64_t copyThreads;
  /// The operand tiles, or the epilogue's staging of one MMA tile row per
  /// wave where that is larger (they share the LDS).
  int64_t ldsBytes;
  /// The passes of the staging tile over the tile's columns: 1, or more
  /// where the units share a ring and a whole row of the staging tile does
  /// not fit beside it (planEpilogueStaging).
  int64_t stagingPasses;
  /// Accumulator, fragment and prefetch registers per lane, 32-bit each:
  /// the larger role's with roles (each role's program is one arm of a
  /// branch, so the two share registers).
  int64_t registersPerLane;
  /// What a StreamK fix-up holds beside the accumulators while it adds a
  /// partner's partial tile: the accumulators again, counted with roles
  /// (0 without, and for other partitions).
  int64_t fixupRegisters;
  /// The workgroup's waves on one SIMD (ceil(waves / SIMDs)).
  int64_t wavesPerSimd;
  /// The registers per lane one math wave may hold: the target's, or less
  /// where several waves share a SIMD's register file (startingRegisters,
  /// or what the load waves leave with `load_registers`).
  int64_t registersPerWave;
  /// The registers per lane one load wave may hold: `load_registers`, or
  /// registersPerWave without it.
  int64_t loadRegistersPerWave;
  /// With `load_registers`, the count each math lane grows to (setmaxnreg):
  /// the workgroup's registers per SIMD lane (reallocationPool) less the
  /// load waves', shared among its math waves, in whole steps of
  /// reallocation; 0 without.
  int64_t reallocatedMathRegisters;
  /// registersPerWave less the addressing reserve (a quarter of it for
  /// wgmma's math waves with roles, which copy nothing).
  int64_t registerBudget;
};

GemmConfigCost estimateCost(GemmConfigAttr config, TargetAttr target,
                            Type elementType);

/// The registers per lane each wave of a workgroup with `wavesPerSimd`
/// waves on each SIMD starts with: an even share of the SIMD's, in whole
/// steps of 8 (as they are allocated), at most the target's per lane.
int64_t startingRegisters(TargetAttr target, int64_t wavesPerSimd);

/// The registers per SIMD lane that `wavesPerSimd` waves of a workgroup
/// start with and may reallocate among themselves (setmaxnreg): each its
/// startingRegisters, as allocated.
int64_t reallocationPool(TargetAttr target, int64_t wavesPerSimd);

/// The columns (N) of each wgmma instruction of a warpgroup's `columns` in
/// a workgroup of `threads`: all of them, or where a lane starts with fewer
/// registers (startingRegisters) than one instruction's accumulators and
/// operands take, the widest power-of-two share, down to 64, that fits.
/// ptxas refuses an instruction that needs more, whatever setmaxnreg grants
/// later.
int64_t wgmmaInstructionColumns(TargetAttr target, int64_t threads,
                                int64_t columns);

/// Why `config` cannot run GEMMs of `elementType` inputs on `target` (naming
/// the limit that is exceeded), or std::nullopt when it can.
std::optional<std::string> explainGemmConfigMisfit(GemmConfigAttr config,
                                                   TargetAttr target,
                                                   Type elementType);

/// Emits explainGemmConfigMisfit's reason, if any, as an error.
LogicalResult checkGemmConfig(GemmConfigAttr config, TargetAttr target,
                              Type elementType,
                              function_ref<InFlightDiagnostic()> emitError);

/// A split of a workgroup's waves into roles: `load` waves that copy the
/// operand tiles to LDS and `math` waves (the wave grid) that compute.
struct WaveRoles {
  int64_t load, math;
};

/// Whether the ring between wave roles synchronizes on mbarriers, two per
/// slot in LDS: on NVIDIA chips that poll them (mbarrier.try_wait, sm_90
/// and later: those with TMA). Elsewhere its events are barriers: on
/// NVIDIA named barriers, two per slot (at most
/// cklimits::kMaxNamedBarrierRingSlots stages), on AMD the workgroup's.
bool hasMbarrierRings(TargetAttr target);

/// `config` with `load_registers = 64` (the fewest the heuristic leaves
/// load waves) where its units share a ring (persistent data-parallel,
/// StreamK with `ring = shared`), one workgroup holds the compute unit and
/// the chip can reallocate registers; else `config`. The caller knows that
/// TMA makes the ring's copies: load waves that copy with cp.async keep
/// their cursors in registers. The math waves then hold what the load
/// waves give up. On an H200 the 55 RetinaNet forward and backward-data
/// kernels of the tuning database this takes ran in 0.90x-1.00x the time
/// (geomean 0.94x-0.96x per set); the strided backward-data merged groups,
/// whose load waves copy filter slices with cp.async, took 1.12x-1.18x
/// before the TMA condition (bench/results/h100-streamk-ring/).
GemmConfigAttr withLeanLoadWaves(GemmConfigAttr config, TargetAttr target,
                                 Type elementType);

/// The workgroups of `config` that `target` holds at once, by estimate:
/// its compute units times the workgroups that one of them holds by the
/// LDS, waves and registers (estimateCost's, with the addressing reserve)
/// of each; at least one per compute unit.
int64_t residentWorkgroups(GemmConfigAttr config, TargetAttr target,
                           Type elementType);

/// The workgroups of `config` one compute unit of `target` holds at once,
/// by the same estimate; at least one, and one with `load_registers`
/// (such a kernel takes the register file).
int64_t residentWorkgroupsPerComputeUnit(GemmConfigAttr config,
                                         TargetAttr target, Type elementType);

/// The most K ranges the split-K heuristic cuts a tile into (each costs an
/// f32 partial tile).
inline constexpr int64_t kMaxHeuristicSplitK = 64;

/// The fewest K-tiles the heuristic gives a split-K split or a StreamK
/// workgroup (`min_iters`).
inline constexpr int64_t kMinHeuristicSplitKTiles = 8;

/// How many K ranges split-K cuts each tile of `config` into for `shape` on
/// `target`: ckschedule::chooseKBatch over residentWorkgroups, with at
/// least 8 K-tiles a split where K allows and at most `mostSplits` splits
/// (1 where more would not shorten the rounds). `coResident` keeps
/// every split resident at once (tiles x splits <= residentWorkgroups), as
/// split-K with `reduce = workgroups` needs: 1 where not even two splits
/// fit. `reduce = cluster` asks for at most 8 (one cluster per tile).
int64_t heuristicKBatch(GemmShape shape, GemmConfigAttr config,
                        TargetAttr target, Type elementType,
                        bool coResident = false,
                        int64_t mostSplits = kMaxHeuristicSplitK);

/// A valid, reasonable configuration for `shape` on `target`, or failure
/// (with a diagnostic) where the chip cannot run `elementType` at all, or
/// not with `roles` where they are asked for. The partition is `partition`
/// where given, else data-parallel (with persistent workgroups where wgmma
/// GEMMs of many tiles take wave roles), split-K where wgmma GEMMs of few
/// rows or tiles and a long K take roles, or, where split-K would cut K,
/// StreamK; the block is chosen for it (StreamK's fix-up holds a partial
/// tile).
/// `stages` chooses the K loop's pipeline: 0 the heuristic's, 1 the
/// register prefetch into one LDS buffer, 2 to 8 asynchronous copies
/// through that many LDS buffers (failure where the chip has none, or with
/// roles). `bKContiguous` says that B's view is contiguous along K rather
/// than N, so that wgmma reads its tiles K-major, whose N takes any multiple
/// of 8 (N-major tiles go in blocks of 64); `aKContiguous` says the same
/// of A (along K rather than M). `ringFilledByTma` says whether
/// TMA would fill a config's ring (its operands' views are box walks, which
/// the GEMM op knows); the heuristic's persistent kernels of many tiles are
/// for such rings only (without it, any ring).
FailureOr<GemmConfigAttr> selectGemmConfig(
    MLIRContext *context, GemmShape shape, Type elementType, TargetAttr target,
    function_ref<InFlightDiagnostic()> emitError,
    std::optional<WaveRoles> roles = std::nullopt, PartitionAttr partition = {},
    int64_t stages = 0, bool bKContiguous = false, bool aKContiguous = false,
    function_ref<bool(GemmConfigAttr)> ringFilledByTma = {});

} // namespace mlir::ck

#endif // CK_TARGET_GEMMCONFIG_H
