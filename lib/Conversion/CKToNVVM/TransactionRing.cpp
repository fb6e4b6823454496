//===- TransactionRing.cpp - Rings of TMA copies on mbarriers -------------===//
//
// The NVVM lowering of a ring with transaction barriers (ck.ring ...
// barriers): one mbarrier per slot in LDS, initialized by thread 0 where
// the ring is made (arrival count 1, then fence.mbarrier_init and a
// workgroup barrier) and invalidated by it at ck.ring_end. The load
// thread's ck.ring_expect is mbarrier.arrive.expect_tx, its ck.tma_load a
// cp.async.bulk.tensor that completes the same barrier, and a math wave's
// `ck.ring_wait full` polls the slot's phase (step div slots, mod 2) with
// mbarrier.try_wait.parity. The ring's `empty` events stay named barriers
// (lowerWaveOps).
//
//===----------------------------------------------------------------------===//

#include "TransactionRing.h"

#include "ck/Conversion/KernelBuilding.h"
#include "ck/Conversion/WaveOpLowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::ck;

namespace {

constexpr unsigned kSharedAddressSpace = 3;
constexpr unsigned kSharedClusterAddressSpace = 7;

/// The shared-memory address of slot `slot`'s barrier.
Value barrierOf(OpBuilder &b, Location loc, RingOp ring, Value slot) {
  return emitElementPointer(b, loc, ring.getBarriers(), slot,
                            kSharedAddressSpace);
}

/// `step mod slots`.
Value slotOf(OpBuilder &b, Location loc, RingOp ring, Value step) {
  return arith::RemUIOp::create(
      b, loc, step, indexConstant(b, loc, ring.getRing().getType().getSlots()));
}

void lowerRing(IRRewriter &rewriter, RingOp ring) {
  Location loc = ring.getLoc();
  rewriter.setInsertionPoint(ring);
  int64_t slots = ring.getRing().getType().getSlots();
  emitInThreadZero(rewriter, loc, [&] {
    Value one = arith::ConstantIntOp::create(rewriter, loc, 1, 32);
    for (int64_t s = 0; s < slots; ++s)
      NVVM::MBarrierInitOp::create(
          rewriter, loc,
          barrierOf(rewriter, loc, ring, indexConstant(rewriter, loc, s)), one,
          Value());
    NVVM::FenceMbarrierInitOp::create(rewriter, loc);
  });
  LdsBarrierOp::create(rewriter, loc);
}

void lowerWait(IRRewriter &rewriter, RingWaitOp wait, RingOp ring) {
  Location loc = wait.getLoc();
  rewriter.setInsertionPoint(wait);
  int64_t slots = ring.getRing().getType().getSlots();
  Value step = wait.getStep();
  Value phase = arith::IndexCastUIOp::create(
      rewriter, loc, rewriter.getI32Type(),
      arith::RemUIOp::create(
          rewriter, loc,
          arith::DivUIOp::create(rewriter, loc, step,
                                 indexConstant(rewriter, loc, slots)),
          indexConstant(rewriter, loc, 2)));
  // A suspend-time hint between polls, in nanoseconds.
  Value ticks = arith::ConstantIntOp::create(rewriter, loc, 10000000, 32);
  NVVM::MBarrierTryWaitParityOp::create(
      rewriter, loc,
      barrierOf(rewriter, loc, ring, slotOf(rewriter, loc, ring, step)), phase,
      ticks);
  rewriter.eraseOp(wait);
}

void lowerExpect(IRRewriter &rewriter, RingExpectOp expect, RingOp ring) {
  Location loc = expect.getLoc();
  rewriter.setInsertionPoint(expect);
  NVVM::MBarrierArriveExpectTxOp::create(
      rewriter, loc, Type(),
      barrierOf(rewriter, loc, ring,
                slotOf(rewriter, loc, ring, expect.getStep())),
      arith::ConstantIntOp::create(rewriter, loc, expect.getBytes(), 32),
      NVVM::MemScopeKind::CTA, /*relaxed=*/false, Value());
  rewriter.eraseOp(expect);
}

void lowerTmaLoad(IRRewriter &rewriter, TmaLoadOp load, RingOp ring) {
  Location loc = load.getLoc();
  rewriter.setInsertionPoint(load);
  auto lds = cast<MemRefType>(load.getLds().getType());
  int64_t slotElements = lds.getNumElements() / lds.getDimSize(0);
  Value element = arith::AddIOp::create(
      rewriter, loc,
      arith::MulIOp::create(rewriter, loc, load.getSlot(),
                            indexConstant(rewriter, loc, slotElements)),
      indexConstant(rewriter, loc, load.getOffset()));
  // The workgroup's shared address as a shared::cluster one (the same
  // address: a workgroup is its own cluster).
  Value destination = LLVM::AddrSpaceCastOp::create(
      rewriter, loc,
      LLVM::LLVMPointerType::get(rewriter.getContext(),
                                 kSharedClusterAddressSpace),
      emitElementPointer(rewriter, loc, load.getLds(), element,
                         kSharedAddressSpace));
  auto cast = [&](Value v, unsigned bits) -> Value {
    return arith::IndexCastOp::create(rewriter, loc,
                                      rewriter.getIntegerType(bits), v);
  };
  SmallVector<Value> coords, offsets;
  for (Value c : load.getCoords())
    coords.push_back(cast(c, 32));
  for (Value o : load.getOffsets())
    offsets.push_back(cast(o, 16));
  NVVM::CpAsyncBulkTensorGlobalToSharedClusterOp::create(
      rewriter, loc, destination, load.getMap(), coords,
      barrierOf(rewriter, loc, ring,
                slotOf(rewriter, loc, ring, load.getStep())),
      offsets, Value(), Value(),
      offsets.empty() ? NVVM::TMALoadMode::TILE : NVVM::TMALoadMode::IM2COL,
      /*isCTAOnly=*/false, NVVM::CTAGroupKindAttr(), Value());
  rewriter.eraseOp(load);
}

void lowerEnd(IRRewriter &rewriter, RingEndOp end, RingOp ring) {
  Location loc = end.getLoc();
  rewriter.setInsertionPoint(end);
  int64_t slots = ring.getRing().getType().getSlots();
  emitInThreadZero(rewriter, loc, [&] {
    for (int64_t s = 0; s < slots; ++s)
      NVVM::MBarrierInvalOp::create(
          rewriter, loc,
          barrierOf(rewriter, loc, ring, indexConstant(rewriter, loc, s)));
  });
  rewriter.eraseOp(end);
}

} // namespace

void mlir::ck::lowerTransactionRings(Operation *root) {
  IRRewriter rewriter(root->getContext());
  SmallVector<RingOp> rings;
  root->walk([&](RingOp ring) {
    if (ring.hasTransactions())
      rings.push_back(ring);
  });
  for (RingOp ring : rings) {
    for (Operation *user : llvm::make_early_inc_range(ring->getUsers())) {
      if (auto wait = dyn_cast<RingWaitOp>(user);
          wait && wait.getEvent() == RingEvent::Full)
        lowerWait(rewriter, wait, ring);
      else if (auto expect = dyn_cast<RingExpectOp>(user))
        lowerExpect(rewriter, expect, ring);
      else if (auto load = dyn_cast<TmaLoadOp>(user))
        lowerTmaLoad(rewriter, load, ring);
      else if (auto end = dyn_cast<RingEndOp>(user))
        lowerEnd(rewriter, end, ring);
    }
    lowerRing(rewriter, ring);
  }
}
