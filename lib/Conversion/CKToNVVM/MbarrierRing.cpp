//===- MbarrierRing.cpp - Wave-role rings on mbarriers --------------------===//
//
// The NVVM lowering of a ring with barriers (ck.ring ... barriers): two
// mbarriers per slot in LDS, the `full` ones then the `empty` ones,
// initialized by thread 0 where the ring is made (then fence.mbarrier_init
// and a workgroup barrier) and invalidated by it at ck.ring_end.
//
// A slot's `full` barrier expects one arrival where the load waves copy
// with TMA: the load thread's ck.ring_expect, mbarrier.arrive.expect_tx,
// whose bytes the ck.tma_load copies (cp.async.bulk.tensor) complete, and
// every load thread's `full` signal where they copy (an operand) with
// cp.async. Its `empty`
// barrier expects every math thread's signal. Waits poll the slot's phase
// with mbarrier.try_wait.parity; signals are mbarrier.arrive, whose release
// orders the thread's LDS accesses before the waiters' (compute-sanitizer's
// racecheck follows this ordering; it does not follow named barriers).
//
// A ring of a cluster of N workgroups (ck.ring ... cluster N): its math
// waves are wgmma warpgroups, whose reads of a slot end together (the
// wgmma group they wait for is one operation of the whole warpgroup), so
// thread r of each math warpgroup signals `empty` for the warpgroup on the
// slot's barrier of the cluster's workgroup r (mapa, then an arrive on the
// shared::cluster address), and `empty` expects N times the math
// warpgroups. (With one cluster-scope arrive per math thread and workgroup
// every clustered kernel took 1.17x to 4.06x as long on the H100; per
// warpgroup, 0.88x to 1.15x.) A cluster
// barrier after the initialization makes every workgroup's
// barriers ready before a peer's copy or signal reaches them, and one
// before ck.ring_end's invalidation waits for the peers' last signals. A
// multicast ck.tma_load writes the same slot of every workgroup of the
// cluster and completes bytes on each one's `full` barrier.
//
//===----------------------------------------------------------------------===//

#include "MbarrierRing.h"

#include "ck/Conversion/KernelBuilding.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::ck;

namespace {

constexpr int64_t kWarpSize = 32;
constexpr int64_t kWarpgroupSize = 128;

/// The shared-memory address of slot `slot`'s `event` barrier.
Value barrierOf(OpBuilder &b, Location loc, RingOp ring, Value slot,
                RingEvent event = RingEvent::Full) {
  if (event == RingEvent::Empty)
    slot = arith::AddIOp::create(
        b, loc, slot,
        indexConstant(b, loc, ring.getRing().getType().getSlots()));
  return emitElementPointer(b, loc, ring.getBarriers(), slot,
                            kSharedAddressSpace);
}

/// The ring's slot of step `step`.
Value slotOf(OpBuilder &b, Location loc, RingOp ring, Value step) {
  return emitRingSlot(b, loc, step, ring.getRing().getType().getSlots());
}

/// The parity of step `step`'s phase of its slot, `step div slots` mod 2,
/// or of the phase before it where `previous`, as i32.
Value phaseOf(OpBuilder &b, Location loc, RingOp ring, Value step,
              bool previous) {
  Value phase = arith::DivUIOp::create(
      b, loc, step, indexConstant(b, loc, ring.getRing().getType().getSlots()));
  if (previous)
    phase = arith::AddIOp::create(b, loc, phase, indexConstant(b, loc, 1));
  return arith::IndexCastUIOp::create(
      b, loc, b.getI32Type(),
      arith::RemUIOp::create(b, loc, phase, indexConstant(b, loc, 2)));
}

/// Thread 0 initializes the barriers: `full` for one arrival (TMA) and
/// every load thread's (signals), `empty` for every math thread's of a
/// turn (in a cluster: one per math warpgroup of a turn in each workgroup
/// of the cluster).
void lowerRing(IRRewriter &rewriter, RingOp ring) {
  Location loc = ring.getLoc();
  rewriter.setInsertionPoint(ring);
  int64_t slots = ring.getRing().getType().getSlots();
  // A ring that neither announces nor signals (no events yet) counts the
  // load threads, as one they signal.
  bool signals = ring.hasFullSignals() || !ring.hasTransactions();
  int64_t fullArrivals = (ring.hasTransactions() ? 1 : 0) +
                         (signals ? ring.getLoadWaves() * kWarpSize : 0);
  int64_t turnWaves = ring.getMathWaves() / ring.getTurns();
  int64_t emptyArrivals =
      ring.getCluster() > 1
          ? ring.getCluster() * turnWaves * kWarpSize / kWarpgroupSize
          : turnWaves * kWarpSize;
  emitInThreadZero(rewriter, loc, [&] {
    for (auto [event, arrivals] : {std::pair{RingEvent::Full, fullArrivals},
                                   std::pair{RingEvent::Empty, emptyArrivals}})
      for (int64_t s = 0; s < slots; ++s)
        NVVM::MBarrierInitOp::create(
            rewriter, loc,
            barrierOf(rewriter, loc, ring, indexConstant(rewriter, loc, s),
                      event),
            arith::ConstantIntOp::create(rewriter, loc, arrivals, 32),
            Value());
    NVVM::FenceMbarrierInitOp::create(rewriter, loc);
  });
  if (ring.getCluster() > 1)
    emitClusterBarrier(rewriter, loc);
  else
    LdsBarrierOp::create(rewriter, loc);
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
  // The workgroup's shared address as a shared::cluster one: its own slot,
  // and with a multicast the same slot of each workgroup the mask names.
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
  // A multicast box goes to every workgroup of the cluster.
  Value multicastMask;
  if (load.getMulticast())
    multicastMask = arith::ConstantIntOp::create(
        rewriter, loc, (int64_t(1) << ring.getCluster()) - 1, 16);
  NVVM::CpAsyncBulkTensorGlobalToSharedClusterOp::create(
      rewriter, loc, destination, load.getMap(), coords,
      barrierOf(rewriter, loc, ring,
                slotOf(rewriter, loc, ring, load.getStep())),
      offsets, multicastMask, Value(),
      offsets.empty() ? NVVM::TMALoadMode::TILE : NVVM::TMALoadMode::IM2COL,
      /*isCTAOnly=*/false, NVVM::CTAGroupKindAttr(), Value());
  rewriter.eraseOp(load);
}

void lowerEnd(IRRewriter &rewriter, RingEndOp end, RingOp ring) {
  Location loc = end.getLoc();
  rewriter.setInsertionPoint(end);
  int64_t slots = ring.getRing().getType().getSlots();
  if (ring.getCluster() > 1)
    emitClusterBarrier(rewriter, loc);
  emitInThreadZero(rewriter, loc, [&] {
    for (RingEvent event : {RingEvent::Full, RingEvent::Empty})
      for (int64_t s = 0; s < slots; ++s)
        NVVM::MBarrierInvalOp::create(
            rewriter, loc,
            barrierOf(rewriter, loc, ring, indexConstant(rewriter, loc, s),
                      event));
  });
  rewriter.eraseOp(end);
}

} // namespace

void mlir::ck::lowerMbarrierRingSetup(Operation *root) {
  IRRewriter rewriter(root->getContext());
  SmallVector<RingOp> rings;
  root->walk([&](RingOp ring) {
    if (ring.hasBarriers())
      rings.push_back(ring);
  });
  for (RingOp ring : rings) {
    // First: the arrival counts depend on the ring's users.
    lowerRing(rewriter, ring);
    for (Operation *user : llvm::make_early_inc_range(ring->getUsers())) {
      if (auto expect = dyn_cast<RingExpectOp>(user))
        lowerExpect(rewriter, expect, ring);
      else if (auto load = dyn_cast<TmaLoadOp>(user))
        lowerTmaLoad(rewriter, load, ring);
      else if (auto end = dyn_cast<RingEndOp>(user))
        lowerEnd(rewriter, end, ring);
    }
  }
}

void mlir::ck::emitClusterBarrier(OpBuilder &b, Location loc) {
  NVVM::ClusterArriveOp::create(b, loc, /*aligned=*/UnitAttr());
  NVVM::ClusterWaitOp::create(b, loc, /*aligned=*/UnitAttr());
}

Value mlir::ck::emitPeerSharedPointer(OpBuilder &b, Location loc, Value local,
                                      Value rank) {
  return NVVM::MapaOp::create(
      b, loc,
      LLVM::LLVMPointerType::get(b.getContext(), kSharedClusterAddressSpace),
      local, arith::IndexCastUIOp::create(b, loc, b.getI32Type(), rank));
}

void mlir::ck::emitMbarrierRingEvent(OpBuilder &b, const RingEventSite &site) {
  Location loc = site.op->getLoc();
  Value barrier = barrierOf(b, loc, site.ring, site.emitSlot(b), site.event);
  int64_t cluster = RingOp(site.ring).getCluster();
  if (!site.isWait && cluster > 1 && site.event == RingEvent::Empty) {
    // Thread r of the warpgroup releases the slot of the cluster's
    // workgroup r: any of them may multicast into this workgroup's slot.
    Value thread = arith::RemUIOp::create(
        b, loc, gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x),
        indexConstant(b, loc, kWarpgroupSize));
    emitIf(b, loc,
           arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, thread,
                                 indexConstant(b, loc, cluster)),
           [&] {
             Value peer = emitPeerSharedPointer(b, loc, barrier, thread);
             NVVM::MBarrierArriveOp::create(b, loc, Type(), peer, Value());
           });
    return;
  }
  if (site.afterCopies && !site.isWait) {
    // One of the arrivals the barrier expects (`noinc`), made when the
    // thread's earlier cp.async copies have landed.
    NVVM::CpAsyncMBarrierArriveOp::create(b, loc, barrier, /*noinc=*/true);
    return;
  }
  if (!site.isWait) {
    NVVM::MBarrierArriveOp::create(b, loc, Type(), barrier, Value());
    return;
  }
  // A load wave waits for the math waves' release of the slot's previous
  // tile: the phase before the step's own.
  bool previous = site.event == RingEvent::Empty;
  // A suspend-time hint between polls, in nanoseconds.
  Value ticks = arith::ConstantIntOp::create(b, loc, 10000000, 32);
  NVVM::MBarrierTryWaitParityOp::create(
      b, loc, barrier, phaseOf(b, loc, site.ring, site.step, previous), ticks);
}
