//===- WaveOpLowering.h - What the wave-op lowerings share ------*- C++ -*-===//
//
// The pieces of the ck.mma, ck.fragment_load, ck.lds_barrier,
// ck.guarded_load, asynchronous-copy and flag-op lowerings that every target
// shares, and the lane arithmetic of fragment layouts that
// ck-lower-wave-tiles uses too.
//
//===----------------------------------------------------------------------===//

#ifndef CK_CONVERSION_WAVEOPLOWERING_H
#define CK_CONVERSION_WAVEOPLOWERING_H

#include "ck/Dialect/CK/IR/CK.h"

namespace mlir {
class RewriterBase;
namespace ck {

/// Replaces a `ck.mma fma` (acc[i] += a[i] * b[0]) with vector FMAs in f32.
/// Shared by every target.
void lowerFmaMma(RewriterBase &rewriter, MmaOp op);

/// The thread's index and its lane in a wave of `waveSize` (1-D blocks),
/// emitted at the start of the function around `op`, so that every
/// lowering in a kernel shares them after CSE.
struct LaneIds {
  Value thread, wave, lane;
};
LaneIds emitLaneIds(OpBuilder &b, Operation *op, int64_t waveSize);

/// The value of a fragment layout's lane term for `lane`.
Value emitLaneTerm(OpBuilder &b, Location loc, Value lane,
                   const LaneTerm &term);

/// The first row of the part of `acc` that wave `waveRow` along rows holds:
/// waveRow times the wave's rows, or where a wave's tiles lie apart
/// (AccType::waveTilesLieApart) its warpgroup's first row plus the wave's
/// 16 in each group of 64.
Value emitWaveRowOrigin(OpBuilder &b, Location loc, AccType acc, Value waveRow);

/// The wave size `mma` runs on in `op`'s kernel: the instruction's own or
/// the target's; an error on `op` where neither is known.
FailureOr<int64_t> requireWaveSize(Operation *op, MatrixInstrAttrInterface mma);

/// Fails on the first op under `root` (outermost first) that one of
/// `earlierPasses` removes, saying that pass must run before `passName`.
LogicalResult requireLoweredBy(Operation *root, StringRef passName,
                               ArrayRef<StringRef> earlierPasses);

/// What a target's flag ops need: the LLVM sync scope of the whole device
/// ("agent" on AMD, "device" on NVIDIA) and the instruction that idles a
/// polling thread between polls.
struct FlagTarget {
  StringRef deviceScope;
  function_ref<void(OpBuilder &, Location)> pause;
};

/// The address of the element `linear` elements past the first of `memref`
/// (its aligned pointer and offset), as an !llvm.ptr of `addressSpace`: 0
/// (generic) for memrefs in the default memory space, the memref's own for
/// others (the aligned pointer is an offset in that space).
Value emitElementPointer(OpBuilder &b, Location loc, Value memref, Value linear,
                         unsigned addressSpace = 0);

/// Runs `body` in thread 0 of the (1-D) workgroup only.
void emitInThreadZero(OpBuilder &b, Location loc, function_ref<void()> body);

/// One event of a wave-role ring (ck.ring_wait or ck.ring_signal) as the
/// targets lower it.
struct RingEventSite {
  Operation *op;
  RingOp ring;
  RingEvent event;
  bool isWait;
  Value step;
  /// The loop's step count, for `ring_signal empty` only.
  Value steps;
  /// The ring's slots and the waves of both its roles.
  int64_t slots, waves;
  /// A `full` signal made as the thread's copies land (`after_copies`), or
  /// a `full` wait on a ring that has such signals.
  bool afterCopies;

  /// Emits `body` where the event needs a barrier: always for `full`
  /// events; an `empty` wait only from step `slots` on, an `empty` signal
  /// only before the last `slots` steps (inside an scf.if on that).
  void emitWhereNeeded(OpBuilder &b, function_ref<void()> body) const;
  /// The step's slot, `step mod slots`.
  Value emitSlot(OpBuilder &b) const;
};

/// The ring lowering of a target whose workgroup has one counting barrier
/// (AMD): both roles run in lockstep, and every event that orders LDS is
/// one ck.lds_barrier. With two or more slots only `full` events need one
/// (the barrier of step i also proves that step i - 1's reads are done);
/// with one slot `empty` events take a second. Both roles hold the same
/// number of barriers on every path.
void lowerRingEventInLockstep(RewriterBase &rewriter,
                              const RingEventSite &site);

/// Replaces a ck.guarded_load with a load from its indices, each set to 0
/// where the load is not valid, and a select of zeros: the generic lowering,
/// which waits for the data at the select.
void lowerGuardedLoadBySelect(RewriterBase &rewriter, GuardedLoadOp op);

/// Replaces a ck.fragment_load with LDS loads of the lane's elements, the
/// ones consecutive and aligned in LDS as one vector load each (up to 8
/// elements), each at its swizzled place in a swizzled tile: the generic
/// lowering. It refuses `transpose_read`, which only AMD's lowering reads.
LogicalResult lowerFragmentLoadByRuns(RewriterBase &rewriter,
                                      FragmentLoadOp op);

/// How a target lowers the wave ops; lowerWaveOps does the rest the same way
/// for every target.
struct WaveOpTarget {
  /// Each ck.mma; fails on one it refuses.
  function_ref<LogicalResult(RewriterBase &, MmaOp)> lowerMma;
  /// Each ck.lds_barrier.
  function_ref<void(RewriterBase &, LdsBarrierOp)> lowerBarrier;
  /// What the flag ops need.
  FlagTarget flags;
  /// Each event of a wave-role ring.
  function_ref<void(RewriterBase &, const RingEventSite &)> lowerRingEvent;
  /// Each ck.guarded_load.
  function_ref<void(RewriterBase &, GuardedLoadOp)> lowerGuardedLoad;
  /// Each ck.fragment_load; fails on one it refuses.
  function_ref<LogicalResult(RewriterBase &, FragmentLoadOp)> lowerFragmentLoad;
  /// Each ck.async_copy, ck.async_commit and ck.async_wait; null where the
  /// target has no asynchronous copies to LDS (then they are an error).
  function_ref<void(RewriterBase &, Operation *)> lowerAsyncCopy = nullptr;
  /// Each ck.warpgroup_mma and ck.warpgroup_wait; null where the target
  /// has no wgmma (then they are an error).
  function_ref<void(RewriterBase &, Operation *)> lowerWarpgroupOps = nullptr;
  /// Each ck.staging_wait, ck.staging_signal, ck.turn_wait and
  /// ck.turn_signal; null where the target has no named barriers (then they
  /// are an error).
  function_ref<void(RewriterBase &, Operation *)> lowerNamedBarrierEvent =
      nullptr;
  /// Each ck.cluster_barrier and ck.cluster_load; null where the target
  /// has no thread block clusters (then they are an error).
  function_ref<void(RewriterBase &, Operation *)> lowerClusterOps = nullptr;
};

/// A target's lowering of the wave ops under `root`: each ck.mma,
/// ck.lds_barrier, ck.guarded_load, ck.fragment_load and asynchronous-copy
/// op the target's way (the latter an error where it has none), each
/// ck.flag_signal / ck.flag_wait into fences, a workgroup barrier (with
/// `threads`, the target's ck.lds_barrier of those threads, which the
/// others skip) and one thread's device-scope atomics on the flag, and each
/// ring event the
/// target's way (then the rings go; a kernel may hold one). Ring events are
/// lowered first, so they may emit ck.lds_barrier. Fails first, naming the pass
/// `passName` needs before it, where an op of a higher rung (a tile,
/// coordinate, role, GEMM or convolution op) is still there.
LogicalResult lowerWaveOps(Operation *root, StringRef passName,
                           const WaveOpTarget &target);

} // namespace ck
} // namespace mlir

#endif // CK_CONVERSION_WAVEOPLOWERING_H
