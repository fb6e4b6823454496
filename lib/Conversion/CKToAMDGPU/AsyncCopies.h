//===- AsyncCopies.h - gfx950's asynchronous copies to LDS ------*- C++ -*-===//
//
// ck.async_copy, ck.async_commit and ck.async_wait on AMD: each copy is one
// buffer load straight into LDS (amdgpu.gather_to_lds from a fat raw buffer
// pointer: buffer_load_dwordx4 ... lds on gfx950), which writes a wave's
// vectors one after another in lane order from a base that the wave holds
// in M0. The copies must therefore be `lane_order` (ck-lower-tile-copies
// makes them so from plans in LDS order), and the base is lane 0's place,
// made uniform by v_readfirstlane. A copy that is not valid reads one past
// the buffer's range, whose check writes zeros.
//
// A wave counts its loads in flight in one counter (vmcnt), in order, with
// every other vector memory access: ck.async_wait's `pending` groups become
// a wait for at most `pending` times the fewest copies that any committed
// group surely holds (those its block issues unconditionally). Other loads
// counted with them only make the wait stricter. ck.async_commit is
// nothing.
//
// LLVM's AMDGPU memory model makes a workgroup-scope release fence wait
// for every load to LDS in flight, so the usual LDS barrier (fences around
// s_barrier) would wait for the copies of the K-tiles ahead at every step.
// In a function with copies, ck.lds_barrier is therefore the wait for the
// wave's LDS accesses (lgkmcnt(0)) and s_barrier between single-thread
// fences, which keep LLVM from moving memory accesses across it and cost
// no instruction; ck's own waits order the copies (ck.async_wait before
// the barrier that publishes them).
//
//===----------------------------------------------------------------------===//

#ifndef CK_LIB_CONVERSION_CKTOAMDGPU_ASYNCCOPIES_H
#define CK_LIB_CONVERSION_CKTOAMDGPU_ASYNCCOPIES_H

#include "ck/Dialect/CK/IR/CK.h"

#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/DenseSet.h"

namespace mlir::ck {

/// The indices of a buffer access of `type` that read from `indices` where
/// `valid` holds and one past the buffer's range where it does not (the
/// first index the first dimension's size, the others 0), in `indexType`.
SmallVector<Value> emitBufferIndices(OpBuilder &b, Location loc,
                                     MemRefType type, ValueRange indices,
                                     Value valid, Type indexType);

/// Buffer offsets are 32-bit: memrefs of 2 GiB or more have none.
constexpr int64_t kBufferBytes = int64_t(1) << 31;

/// Lowers the asynchronous copies of one function or module.
class AsyncCopyLowering {
public:
  /// Checks the copies under `root` (lane order, 4- or 16-byte vectors, a
  /// source under 2 GiB) and counts the copies of its groups; emits an
  /// error and fails on the first that cannot be lowered.
  static FailureOr<AsyncCopyLowering> analyze(Operation *root);

  /// Replaces `op`, a ck.async_copy, ck.async_commit or ck.async_wait.
  void lower(RewriterBase &rewriter, Operation *op);

  /// Whether `op` lies in a function with asynchronous copies, whose
  /// ck.lds_barrier ops take lowerLdsBarrier.
  bool inFunctionWithCopies(Operation *op) const;

  /// Replaces a ck.lds_barrier of a function with copies: lgkmcnt(0) and
  /// s_barrier between single-thread fences.
  static void lowerLdsBarrier(RewriterBase &rewriter, LdsBarrierOp op);

private:
  AsyncCopyLowering(int64_t copiesPerGroup,
                    DenseSet<Operation *> functionsWithCopies)
      : copiesPerGroup(copiesPerGroup),
        functionsWithCopies(std::move(functionsWithCopies)) {}

  /// `memref` as a fat raw buffer pointer, made once where it is defined.
  Value bufferOf(OpBuilder &b, Value memref);
  /// The LDS memref `lds` collapsed to one dimension, made once.
  Value flatLdsOf(OpBuilder &b, Value lds);
  /// The offset of lane 0's place in its slot of an LDS tile of `ldsType`
  /// (index), from this lane's `place` (row, column) in it, which lies
  /// `elements` per lane from lane 0's: made once per place, where the
  /// place is defined, and read into a scalar (rocdl.readfirstlane).
  Value waveBase(OpBuilder &b, Operation *op, MemRefType ldsType,
                 ValueRange place, int64_t elements);

  /// The fewest copies any committed group surely holds.
  int64_t copiesPerGroup;
  DenseSet<Operation *> functionsWithCopies;
  DenseMap<Value, Value> buffers, flatLds;
  DenseMap<std::pair<Value, Value>, Value> waveBases;
};

} // namespace mlir::ck

#endif // CK_LIB_CONVERSION_CKTOAMDGPU_ASYNCCOPIES_H
