//===- CKRoleOps.cpp - ck wave-role operations ----------------------------===//

#include "ck/Dialect/CK/IR/CK.h"
#include "ck/Support/ClusterShape.h"
#include "ck/Support/Limits.h"

using namespace mlir;
using namespace mlir::ck;

/// Checks that a role's wave count is in [1, kMaxRoleWaves].
static LogicalResult verifyWaveCount(Operation *op, StringRef role,
                                     int64_t waves) {
  if (waves > cklimits::kMaxRoleWaves)
    return op->emitOpError() << "has " << waves << " " << role
                             << " waves; at most " << cklimits::kMaxRoleWaves
                             << " are allowed";
  return success();
}

/// Checks that a register count a warpgroup may reallocate itself to is a
/// multiple of 8 in [24, 256].
static LogicalResult verifyRegisterCount(Operation *op, StringRef what,
                                         int64_t count) {
  if (!cklimits::isReallocatableRegisterCount(count))
    return op->emitOpError()
           << what << " must be a multiple of "
           << cklimits::kRegisterReallocationStep << " in ["
           << cklimits::kMinReallocatedRegisters << ", "
           << cklimits::kMaxReallocatedRegisters << "], got " << count;
  return success();
}

LogicalResult ReallocateRegistersOp::verify() {
  return verifyRegisterCount(*this, "count", getCount());
}

/// Checks ck.roles' `registers`: on both roles or neither, valid counts,
/// fewer for the load waves, and whole warpgroups of each role.
static LogicalResult verifyRoleRegisters(RolesOp op) {
  std::optional<int64_t> math = op.getMathRegisters();
  std::optional<int64_t> load = op.getLoadRegisters();
  if (!math && !load)
    return success();
  if (!math || !load)
    return op.emitOpError() << "gives registers to one role only; give them "
                               "to both or neither";
  if (failed(verifyRegisterCount(op, "math registers", *math)) ||
      failed(verifyRegisterCount(op, "load registers", *load)))
    return failure();
  if (*load >= *math)
    return op.emitOpError() << "gives the load waves " << *load
                            << " registers and the math waves " << *math
                            << "; the load waves must have fewer";
  if (op.getMathWaves() % cklimits::kWavesPerWarpgroup ||
      op.getLoadWaves() % cklimits::kWavesPerWarpgroup)
    return op.emitOpError()
           << "reallocates registers, which whole warpgroups do, but has "
           << op.getMathWaves() << " math and " << op.getLoadWaves()
           << " load waves (each a multiple of " << cklimits::kWavesPerWarpgroup
           << " needed)";
  return success();
}

LogicalResult RolesOp::verifyRegions() {
  if (failed(verifyWaveCount(*this, "math", getMathWaves())) ||
      failed(verifyWaveCount(*this, "load", getLoadWaves())))
    return failure();
  for (auto [name, region] :
       {std::pair<StringRef, Region *>{"math", &getMath()},
        std::pair<StringRef, Region *>{"load", &getLoad()}}) {
    Block &block = region->front();
    if (block.getNumArguments() != 0)
      return emitOpError() << name << " region takes no arguments";
    auto yield = block.mightHaveTerminator()
                     ? dyn_cast<YieldOp>(block.getTerminator())
                     : YieldOp();
    if (!yield)
      return emitOpError() << name << " region must end in ck.yield";
    if (yield.getValues().getTypes() != getResultTypes())
      return emitOpError() << name
                           << " region must yield the op's result types";
  }
  for (Type type : getResultTypes())
    if (auto acc = dyn_cast<AccType>(type);
        acc && acc.getWaveCount() != static_cast<int64_t>(getMathWaves()))
      return emitOpError() << "yields an accumulator on " << acc.getWaveCount()
                           << " waves, but has " << getMathWaves()
                           << " math waves";
  return verifyRoleRegisters(*this);
}

LogicalResult RingOp::verify() {
  if (failed(verifyWaveCount(*this, "math", getMathWaves())) ||
      failed(verifyWaveCount(*this, "load", getLoadWaves())))
    return failure();
  if (Value barriers = getBarriers()) {
    auto type = cast<MemRefType>(barriers.getType());
    int64_t count = 2 * getRing().getType().getSlots();
    if (type.getRank() != 1 || type.getDimSize(0) != count ||
        !gpu::GPUDialect::hasWorkgroupMemoryAddressSpace(type))
      return emitOpError() << "needs two i64 per slot (" << count
                           << ") in workgroup memory as barriers, got " << type;
  } else if (int64_t slots = getRing().getType().getSlots();
             slots > cklimits::kMaxNamedBarrierRingSlots) {
    return emitOpError() << "has " << slots << " slots but no barriers; "
                         << "without them a ring has at most "
                         << cklimits::kMaxNamedBarrierRingSlots
                         << " (NVIDIA lowers each slot to two of its 16 "
                            "named barriers)";
  }
  int64_t turns = getTurns();
  if (getMathWaves() % turns)
    return emitOpError() << "takes " << turns << " turns, which do not divide "
                         << getMathWaves() << " math waves";
  if (turns > 1 && !hasBarriers())
    return emitOpError() << "takes turns, whose slots each count one "
                            "group's signals: it needs barriers";
  int64_t cluster = getCluster();
  if (!cksupport::isClusterSize(cluster))
    return emitOpError() << "cluster must be 1, 2 or 4 workgroups, got "
                         << cluster;
  if (cluster > 1 && !hasBarriers())
    return emitOpError() << "is shared by a cluster, which needs barriers "
                            "(ck.ring ... barriers): a cluster's workgroups "
                            "signal each other's mbarriers";
  if (cluster > 1 && (getMathWaves() / turns) % 4)
    return emitOpError() << "is shared by a cluster, whose math waves (of a "
                            "turn) must be whole warpgroups (a multiple of "
                            "4, got "
                         << getMathWaves() / turns
                         << "): one thread of each releases a slot";
  if (cluster > 1 && !hasTransactions())
    return emitOpError() << "is shared by a cluster, whose slots must be "
                            "filled by TMA copies (ck.ring_expect): the "
                            "peers' multicasts land in them";
  // A shared ring's kernel must be launched in clusters of the ring's size
  // (a workgroup's own ring may sit in clusters of other uses, as split-K's
  // reduce = cluster).
  auto kernel = (*this)->getParentOfType<gpu::GPUFuncOp>();
  if (cluster > 1 && kernel) {
    int64_t launched = 1;
    if (std::optional<ArrayRef<int32_t>> size = kernel.getKnownClusterSize())
      for (int32_t workgroups : *size)
        launched *= workgroups;
    if (launched != cluster)
      return emitOpError() << "is shared by a cluster of " << cluster
                           << " workgroups, but its kernel is launched in "
                              "clusters of "
                           << launched << " (known_cluster_size)";
  }
  return success();
}

/// Whether some ck.ring_signal of `ring` is one `which` picks.
static bool hasSignal(RingOp ring, function_ref<bool(RingSignalOp)> which) {
  return llvm::any_of(ring.getRing().getUsers(), [&](Operation *user) {
    auto signal = dyn_cast<RingSignalOp>(user);
    return signal && which(signal);
  });
}

bool RingOp::hasFullSignals() {
  return hasSignal(*this, [](RingSignalOp signal) {
    return signal.getEvent() == RingEvent::Full;
  });
}

bool RingOp::hasSignalsAfterCopies() {
  return hasSignal(*this,
                   [](RingSignalOp signal) { return signal.getAfterCopies(); });
}

bool RingOp::hasTransactions() {
  return llvm::any_of(getRing().getUsers(),
                      [](Operation *user) { return isa<RingExpectOp>(user); });
}

void RingOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  // Initializing the barriers writes them.
  if (getBarriers())
    effects.emplace_back(MemoryEffects::Write::get(), &getBarriersMutable()[0]);
}

/// The ring of `op`, which must have barriers.
static FailureOr<RingOp> ringWithBarriers(Operation *op, Value ring) {
  auto ringOp = ring.getDefiningOp<RingOp>();
  if (!ringOp || !ringOp.hasBarriers())
    return op->emitOpError()
           << "needs a ring with barriers (ck.ring ... barriers)";
  return ringOp;
}

LogicalResult RingExpectOp::verify() {
  if (failed(ringWithBarriers(*this, getRing())))
    return failure();
  if (getBytes() >= (int64_t(1) << 20))
    return emitOpError() << "expects " << getBytes()
                         << " bytes; a transaction counts fewer than 2^20";
  return success();
}

LogicalResult RingEndOp::verify() {
  return failure(failed(ringWithBarriers(*this, getRing())));
}

/// The rules every ring event shares: its ring is a ck.ring's, and inside a
/// ck.roles it lies in the region that runs `event` (math waves wait for
/// full slots and signal empty ones, load waves the reverse), of a
/// ck.roles with the ring's wave counts. Outside any ck.roles the event is
/// in a branch ck-lower-roles made, where the roles are no longer ops.
static LogicalResult verifyRingEvent(Operation *op, Value ring,
                                     RingEvent event, bool isWait) {
  auto ringOp = ring.getDefiningOp<RingOp>();
  if (!ringOp)
    return op->emitOpError() << "needs a ring made by ck.ring";
  bool byMath = (event == RingEvent::Full) == isWait;
  StringRef role = byMath ? "math" : "load";
  Region *region = op->getParentRegion();
  while (region && !isa<RolesOp>(region->getParentOp()))
    region = region->getParentOp()->getParentRegion();
  if (!region)
    return success();
  auto roles = cast<RolesOp>(region->getParentOp());
  if (region != (byMath ? &roles.getMath() : &roles.getLoad()))
    return op->emitOpError()
           << (isWait ? "waits for" : "signals") << " "
           << stringifyRingEvent(event) << " slots, which only the " << role
           << " waves do";
  if (roles.getMathWaves() != ringOp.getMathWaves() ||
      roles.getLoadWaves() != ringOp.getLoadWaves())
    return op->emitOpError()
           << "is in a ck.roles of " << roles.getMathWaves() << " math and "
           << roles.getLoadWaves() << " load waves, but its ring joins "
           << ringOp.getMathWaves() << " and " << ringOp.getLoadWaves();
  return success();
}

LogicalResult RingWaitOp::verify() {
  return verifyRingEvent(*this, getRing(), getEvent(), /*isWait=*/true);
}

LogicalResult RingSignalOp::verify() {
  if (failed(verifyRingEvent(*this, getRing(), getEvent(), /*isWait=*/false)))
    return failure();
  if ((getEvent() == RingEvent::Empty) != bool(getSteps()))
    return emitOpError() << (getSteps() ? "takes no step count for full slots"
                                        : "needs the loop's step count ('of') "
                                          "for empty slots");
  if (getAfterCopies()) {
    if (getEvent() != RingEvent::Full)
      return emitOpError() << "signals empty slots after copies; only full "
                              "slots are signalled as copies land";
    return failure(failed(ringWithBarriers(*this, getRing())));
  }
  return success();
}
