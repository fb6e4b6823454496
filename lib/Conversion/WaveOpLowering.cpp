//===- WaveOpLowering.cpp - What the wave-op lowerings share --------------===//

#include "ck/Conversion/WaveOpLowering.h"

#include "ck/Conversion/KernelBuilding.h"
#include "ck/Dialect/CK/Utils/LdsSwizzle.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::ck;

void mlir::ck::lowerFmaMma(RewriterBase &rewriter, MmaOp op) {
  Location loc = op.getLoc();
  VectorType accType = op.getAcc().getType();
  auto f32Vector = [&](Value v) -> Value {
    auto type = cast<VectorType>(v.getType());
    if (type.getElementType().isF32())
      return v;
    return arith::ExtFOp::create(
        rewriter, loc, VectorType::get(type.getShape(), rewriter.getF32Type()),
        v);
  };
  Value a = f32Vector(op.getA());
  Value b0 = vector::ExtractOp::create(rewriter, loc, f32Vector(op.getB()), 0);
  Value b = vector::BroadcastOp::create(rewriter, loc, accType, b0);
  rewriter.replaceOpWithNewOp<vector::FMAOp>(op, a, b, op.getAcc());
}


LaneIds mlir::ck::emitLaneIds(OpBuilder &b, Operation *op, int64_t waveSize) {
  OpBuilder::InsertionGuard guard(b);
  auto func = op->getParentOfType<FunctionOpInterface>();
  b.setInsertionPointToStart(&func.getFunctionBody().front());
  Location loc = op->getLoc();
  Value thread = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
  Value size = indexConstant(b, loc, waveSize);
  return {thread, arith::DivUIOp::create(b, loc, thread, size),
          arith::RemUIOp::create(b, loc, thread, size)};
}

Value mlir::ck::emitWaveRowOrigin(OpBuilder &b, Location loc, AccType acc,
                                  Value waveRow) {
  auto c = [&](int64_t v) { return indexConstant(b, loc, v); };
  int64_t group = acc.getWavesPerRowGroup();
  if (!acc.waveTilesLieApart())
    return arith::MulIOp::create(b, loc, waveRow, c(acc.getWaveRows()));
  return arith::AddIOp::create(
      b, loc,
      arith::MulIOp::create(b, loc,
                            arith::DivUIOp::create(b, loc, waveRow, c(group)),
                            c(group * acc.getWaveRows())),
      arith::MulIOp::create(b, loc,
                            arith::RemUIOp::create(b, loc, waveRow, c(group)),
                            c(acc.getMma().getShape()[0])));
}

Value mlir::ck::emitLaneTerm(OpBuilder &b, Location loc, Value lane,
                             const LaneTerm &term) {
  if (term.scale == 0)
    return indexConstant(b, loc, 0);
  Value v = term.divisor
                ? arith::DivUIOp::create(b, loc, lane,
                                         indexConstant(b, loc, term.divisor))
                      .getResult()
                : arith::RemUIOp::create(b, loc, lane,
                                         indexConstant(b, loc, term.modulus))
                      .getResult();
  return term.scale == 1 ? v
                         : arith::MulIOp::create(
                               b, loc, v, indexConstant(b, loc, term.scale));
}

FailureOr<int64_t> mlir::ck::requireWaveSize(Operation *op,
                                             MatrixInstrAttrInterface mma) {
  if (std::optional<int64_t> size = getWaveSize(op, mma))
    return *size;
  return op->emitOpError() << "needs the wave size for " << mma
                           << "; attach a #ck.target (ck-set-target)";
}

/// `value` as a value plus a constant: (null, c) for a constant, (x, c) for
/// `x + c`, else (value, 0).
static std::pair<Value, int64_t> splitConstantOffset(Value value) {
  if (std::optional<int64_t> c = getConstantIntValue(value))
    return {nullptr, *c};
  if (auto add = value.getDefiningOp<arith::AddIOp>())
    for (int i = 0; i < 2; ++i)
      if (std::optional<int64_t> c = getConstantIntValue(add->getOperand(i)))
        return {add->getOperand(1 - i), *c};
  return {value, 0};
}

LogicalResult mlir::ck::lowerFragmentLoadByRuns(RewriterBase &b,
                                                FragmentLoadOp op) {
  if (op.getTransposeRead())
    return op.emitOpError() << "reads by LDS transpose reads, which only "
                               "the AMD lowering (gfx950) has";
  Location loc = op.getLoc();
  MatrixInstrAttrInterface mma = op.getMma();
  FailureOr<int64_t> waveSize = requireWaveSize(op, mma);
  if (failed(waveSize))
    return failure();
  MatrixLayout layout = mma.getLayout(*waveSize);
  bool isA = op.getOperand() == MatrixOperand::A;
  FailureOr<FragmentLayout> packed = op.getPackedLayout(layout);
  if (failed(packed))
    return op.emitOpError() << "cannot pack its steps along K";
  const FragmentLayout &fragment = *packed;
  int64_t k = layout.k * op.getStepsAlongK();
  int64_t extent[2] = {isA ? layout.m : k, isA ? k : layout.n};
  MemRefType ldsType = op.getLds().getType();
  Type elementType = ldsType.getElementType();
  int64_t ldsRow = ldsType.getShape().back();
  bool transposed = op.getTransposed();
  // The dimension of the matrix that is contiguous in LDS.
  unsigned alongDim = transposed ? 0 : 1;
  const LaneTerm &alongTerm = alongDim == 0 ? fragment.row : fragment.col;
  // The lane's terms, once per kernel beside the lane id.
  LaneIds ids = emitLaneIds(b, op, *waveSize);
  Value rowBase, colBase;
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointAfterValue(ids.lane);
    rowBase = emitLaneTerm(b, loc, ids.lane, fragment.row);
    colBase = emitLaneTerm(b, loc, ids.lane, fragment.col);
  }
  ValueRange indices = op.getIndices();
  Value buffer = indices.size() == 3 ? indices.front() : nullptr;
  // A swizzled tile moves whole 16-byte chunks: a run stays inside one.
  int64_t elementBytes = elementType.getIntOrFloatBitWidth() / 8;
  int64_t maxRun =
      op.getSwizzled() ? std::min<int64_t>(8, 16 / elementBytes) : 8;
  // Origin plus lane term plus element offset, with the constants summed
  // in one term so that the loads share their address arithmetic.
  auto [row0, rowOffset] = splitConstantOffset(indices.take_back(2)[0]);
  auto [col0, colOffset] = splitConstantOffset(indices.take_back(2)[1]);
  auto coordinate = [&](Value origin, Value laneBase, int64_t offset) {
    Value base = origin ? arith::AddIOp::create(b, loc, origin, laneBase)
                        : laneBase;
    return arith::AddIOp::create(b, loc, base, indexConstant(b, loc, offset));
  };
  SmallVector<Value> elements;
  for (int64_t i = 0; i < fragment.size();) {
    // The longest run from i that is consecutive and aligned: the origin
    // is a multiple of the instruction tile's extent.
    int64_t run = fragment.runAt(i, alongDim, maxRun);
    auto [dr, dc] = fragment.offsets[i];
    int64_t along = alongDim == 0 ? dr : dc;
    while (run > 1 && (along % run || extent[alongDim] % run ||
                       alongTerm.scale % run || ldsRow % run))
      run /= 2;
    SmallVector<Value, 3> at = {coordinate(row0, rowBase, rowOffset + dr),
                                coordinate(col0, colBase, colOffset + dc)};
    if (transposed)
      std::swap(at[0], at[1]);
    if (op.getSwizzled())
      std::tie(at[0], at[1]) = emitSwizzledPlace(
          b, loc, swizzleForRow(ldsRow * elementBytes), elementBytes,
          ldsType.getShape().end()[-2], ldsRow, at[0], at[1]);
    if (buffer)
      at.insert(at.begin(), buffer);
    if (run == 1) {
      elements.push_back(memref::LoadOp::create(b, loc, op.getLds(), at));
    } else {
      auto type = VectorType::get({run}, elementType);
      Value v = loadAlignedVector(b, loc, type, op.getLds(), at);
      for (int64_t j = 0; j < run; ++j)
        elements.push_back(vector::ExtractOp::create(b, loc, v, j));
    }
    i += run;
  }
  b.replaceOpWithNewOp<vector::FromElementsOp>(op, op.getType(), elements);
  return success();
}

Value mlir::ck::emitElementPointer(OpBuilder &b, Location loc, Value memref,
                                   Value linear, unsigned addressSpace) {
  auto metadata = memref::ExtractStridedMetadataOp::create(b, loc, memref);
  Value elements = arith::AddIOp::create(b, loc, metadata.getOffset(), linear);
  Value base = memref::ExtractAlignedPointerAsIndexOp::create(b, loc, memref);
  int64_t elementBytes =
      cast<MemRefType>(memref.getType()).getElementTypeBitWidth() / 8;
  Value address = arith::AddIOp::create(
      b, loc, base,
      arith::MulIOp::create(b, loc, elements,
                            indexConstant(b, loc, elementBytes)));
  Value bits = arith::IndexCastUIOp::create(b, loc, b.getI64Type(), address);
  return LLVM::IntToPtrOp::create(
      b, loc, LLVM::LLVMPointerType::get(b.getContext(), addressSpace), bits);
}

void mlir::ck::emitInThreadZero(OpBuilder &b, Location loc,
                                function_ref<void()> body) {
  Value thread = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
  emitIf(b, loc,
         arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, thread,
                               indexConstant(b, loc, 0)),
         body);
}

/// Polls after which a flag wait gives up and traps: a schedule whose
/// signal never comes (a workgroup that cannot be resident) fails the
/// launch instead of hanging it.
static constexpr int64_t kMaxFlagPolls = int64_t(1) << 30;

/// The flag op's threads meet: the workgroup at its barrier, or with
/// `threads N` its first N at the target's barrier of some of the threads.
static void emitFlagBarrier(RewriterBase &b, Location loc,
                            std::optional<uint64_t> threads,
                            const WaveOpTarget &target) {
  if (!threads) {
    gpu::BarrierOp::create(b, loc);
    return;
  }
  auto barrier = LdsBarrierOp::create(b, loc, b.getI64IntegerAttr(*threads));
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPoint(barrier);
  target.lowerBarrier(b, barrier);
}

/// Runs `body` in the flag op's threads: every thread, or with `threads N`
/// the workgroup's first N.
static void emitInFlagThreads(OpBuilder &b, Location loc,
                              std::optional<uint64_t> threads,
                              function_ref<void()> body) {
  if (!threads) {
    body();
    return;
  }
  Value thread = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
  emitIf(b, loc,
         arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, thread,
                               indexConstant(b, loc, *threads)),
         body);
}

/// Every thread's earlier global writes are released (each thread fences:
/// an AMD release fence covers its own wave's writes only), and the
/// threads meet.
static void emitReleaseInEveryThread(RewriterBase &b, Location loc,
                                     std::optional<uint64_t> threads,
                                     const WaveOpTarget &target) {
  LLVM::FenceOp::create(b, loc, LLVM::AtomicOrdering::release,
                        target.flags.deviceScope);
  emitFlagBarrier(b, loc, threads, target);
}

/// A device-scope atomic store of `value` to the u32 at `flag`.
static void emitFlagStore(OpBuilder &b, Location loc, Value flag, int64_t value,
                          LLVM::AtomicOrdering ordering,
                          const FlagTarget &target) {
  LLVM::StoreOp::create(b, loc, arith::ConstantIntOp::create(b, loc, value, 32),
                        flag, /*alignment=*/4, /*isVolatile=*/false,
                        /*isNonTemporal=*/false, /*isInvariantGroup=*/false,
                        ordering, target.deviceScope);
}

/// ck.flag_signal: the op's threads release their writes, and thread 0
/// stores 1 with release ordering.
static void lowerFlagSignal(RewriterBase &b, FlagSignalOp op,
                            const WaveOpTarget &target) {
  Location loc = op.getLoc();
  std::optional<uint64_t> threads = op.getThreads();
  emitInFlagThreads(b, loc, threads, [&] {
    emitReleaseInEveryThread(b, loc, threads, target);
    emitInThreadZero(b, loc, [&] {
      Value flag =
          emitElementPointer(b, loc, op.getWorkspace(), op.getOffset());
      emitFlagStore(b, loc, flag, 1, LLVM::AtomicOrdering::release,
                    target.flags);
    });
  });
  op.erase();
}

/// Thread 0's loop of acquire loads of the u32 at `flag` while `pending`
/// holds for the value read, trapping after kMaxFlagPolls.
static void emitPollWhile(OpBuilder &b, Location loc, Value flag,
                          const FlagTarget &target,
                          function_ref<Value(Value)> pending) {
  Type i32 = b.getI32Type();
  Value zero = arith::ConstantIntOp::create(b, loc, 0, 32);
  Value one = arith::ConstantIntOp::create(b, loc, 1, 32);
  auto poll = scf::WhileOp::create(b, loc, TypeRange{i32}, ValueRange{zero});
  OpBuilder::InsertionGuard guard(b);
  Block *check = b.createBlock(&poll.getBefore(), {}, {i32}, {loc});
  Value value = LLVM::LoadOp::create(
      b, loc, i32, flag, /*alignment=*/4, /*isVolatile=*/false,
      /*isNonTemporal=*/false, /*isInvariant=*/false,
      /*isInvariantGroup=*/false, LLVM::AtomicOrdering::acquire,
      target.deviceScope);
  scf::ConditionOp::create(b, loc, pending(value), check->getArguments());

  Block *again = b.createBlock(&poll.getAfter(), {}, {i32}, {loc});
  Value polls = arith::AddIOp::create(b, loc, again->getArgument(0), one);
  auto tooMany = scf::IfOp::create(
      b, loc,
      arith::CmpIOp::create(
          b, loc, arith::CmpIPredicate::uge, polls,
          arith::ConstantIntOp::create(b, loc, kMaxFlagPolls, 32)),
      /*withElseRegion=*/false);
  {
    OpBuilder::InsertionGuard inner(b);
    b.setInsertionPointToStart(tooMany.thenBlock());
    LLVM::Trap::create(b, loc);
  }
  target.pause(b, loc);
  scf::YieldOp::create(b, loc, polls);
}

/// The threads meet, and each fences with acquire ordering before it reads
/// what the flag or counter published.
static void emitAcquireInEveryThread(RewriterBase &b, Location loc,
                                     std::optional<uint64_t> threads,
                                     const WaveOpTarget &target) {
  emitFlagBarrier(b, loc, threads, target);
  LLVM::FenceOp::create(b, loc, LLVM::AtomicOrdering::acquire,
                        target.flags.deviceScope);
}

/// ck.flag_wait: thread 0 polls the flag with acquire loads until it is 1
/// (trapping after kMaxFlagPolls) and resets it; then the op's threads
/// acquire.
static void lowerFlagWait(RewriterBase &b, FlagWaitOp op,
                          const WaveOpTarget &target) {
  Location loc = op.getLoc();
  std::optional<uint64_t> threads = op.getThreads();
  emitInFlagThreads(b, loc, threads, [&] {
    emitInThreadZero(b, loc, [&] {
      Value flag =
          emitElementPointer(b, loc, op.getWorkspace(), op.getOffset());
      Value one = arith::ConstantIntOp::create(b, loc, 1, 32);
      emitPollWhile(b, loc, flag, target.flags, [&](Value value) {
        return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, value,
                                     one);
      });
      emitFlagStore(b, loc, flag, 0, LLVM::AtomicOrdering::monotonic,
                    target.flags);
    });
    emitAcquireInEveryThread(b, loc, threads, target);
  });
  op.erase();
}

/// ck.flag_rendezvous: the workgroup releases its writes; thread 0 adds 1 to
/// the counter, polls it until it reaches `count`, and adds 1 again: the add
/// that finds 2 x count - 1 is the last workgroup's to leave (every other has
/// seen `count`), which stores 0. Then the workgroup acquires.
static void lowerFlagRendezvous(RewriterBase &b, FlagRendezvousOp op,
                                const WaveOpTarget &waveTarget) {
  Location loc = op.getLoc();
  const FlagTarget &target = waveTarget.flags;
  emitReleaseInEveryThread(b, loc, std::nullopt, waveTarget);
  emitInThreadZero(b, loc, [&] {
    Value counter =
        emitElementPointer(b, loc, op.getWorkspace(), op.getOffset());
    Type i32 = b.getI32Type();
    Value one = arith::ConstantIntOp::create(b, loc, 1, 32);
    Value count = arith::IndexCastUIOp::create(b, loc, i32, op.getCount());
    auto addOne = [&](LLVM::AtomicOrdering ordering) {
      return LLVM::AtomicRMWOp::create(b, loc, LLVM::AtomicBinOp::add, counter,
                                       one, ordering, target.deviceScope,
                                       /*alignment=*/4)
          .getResult();
    };
    addOne(LLVM::AtomicOrdering::release);
    emitPollWhile(b, loc, counter, target, [&](Value value) {
      return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, value,
                                   count);
    });
    Value before = addOne(LLVM::AtomicOrdering::monotonic);
    Value last = arith::SubIOp::create(
        b, loc, arith::AddIOp::create(b, loc, count, count), one);
    emitIf(
        b, loc,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, before, last),
        [&] {
          emitFlagStore(b, loc, counter, 0, LLVM::AtomicOrdering::monotonic,
                        target);
        });
  });
  emitAcquireInEveryThread(b, loc, std::nullopt, waveTarget);
  op.erase();
}

/// The pass that removes `op` before the target passes run, or an empty
/// name for ck ops that may remain (views: index math that canonicalization
/// drops once unused).
static StringRef passThatRemoves(Operation *op) {
  if (isa<AccZeroOp, TileMmaOp, AccWaitOp, TileStoreOp, LdsBufferOp,
          PartialStoreOp, PartialAccumulateOp>(op))
    return "ck-lower-wave-tiles";
  if (isa<PartitionOp>(op))
    return "ck-lower-partition";
  if (isa<RolesOp>(op))
    return "ck-lower-roles";
  if (isa<TileGemmOp>(op))
    return "ck-pipeline";
  if (isa<TileLoadOp, TileStoreLdsOp, TileCopyAsyncOp>(op))
    return "ck-lower-tile-copies";
  if (isa<CoordInitOp, CoordAdvanceOp, CoordAccessOp>(op))
    return "ck-lower-coords";
  if (isa<GemmOp, FillOp>(op))
    return "convert-ck-to-gpu";
  if (isa<ConvOpInterface>(op))
    return "ck-conv-to-gemm";
  return "";
}

LogicalResult mlir::ck::requireLoweredBy(Operation *root, StringRef passName,
                                         ArrayRef<StringRef> earlierPasses) {
  // Outermost first: a partition is named before the tile ops inside it.
  WalkResult early = root->walk<WalkOrder::PreOrder>([&](Operation *op) {
    StringRef pass = passThatRemoves(op);
    if (pass.empty() || !llvm::is_contained(earlierPasses, pass))
      return WalkResult::advance();
    op->emitOpError() << "is lowered by " << pass << ", which must run before "
                      << passName;
    return WalkResult::interrupt();
  });
  return failure(early.wasInterrupted());
}

/// i1 where the event at `site` needs a barrier, null where it always does.
static Value emitNeedsBarrier(OpBuilder &b, const RingEventSite &site) {
  if (site.event != RingEvent::Empty)
    return nullptr;
  Location loc = site.op->getLoc();
  Value s = indexConstant(b, loc, site.slots);
  if (site.isWait)
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge, site.step,
                                 s);
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                               arith::AddIOp::create(b, loc, site.step, s),
                               site.steps);
}

void RingEventSite::emitWhereNeeded(OpBuilder &b,
                                    function_ref<void()> body) const {
  emitIf(b, op->getLoc(), emitNeedsBarrier(b, *this), body);
}

Value RingEventSite::emitSlot(OpBuilder &b) const {
  return emitRingSlot(b, op->getLoc(), step, slots);
}

void mlir::ck::lowerRingEventInLockstep(RewriterBase &rewriter,
                                        const RingEventSite &site) {
  if (site.event == RingEvent::Empty && site.slots > 1)
    return;
  site.emitWhereNeeded(rewriter, [&] {
    LdsBarrierOp::create(rewriter, site.op->getLoc());
  });
}

/// Lowers every ring event under `root` with `lowerEvent`, then erases the
/// rings; fails on a kernel with two rings where one has no mbarriers (the
/// named barriers or the lockstep of one would serve the other's events).
static LogicalResult
lowerRings(Operation *root,
           function_ref<void(RewriterBase &, const RingEventSite &)>
               lowerEvent) {
  SmallVector<RingOp> rings;
  root->walk([&](RingOp ring) { rings.push_back(ring); });
  llvm::DenseMap<Operation *, RingOp> kernels;
  for (RingOp ring : rings) {
    auto [other, first] = kernels.try_emplace(
        ring->getParentOfType<FunctionOpInterface>(), ring);
    if (!first && (!ring.hasBarriers() || !other->second.hasBarriers()))
      return ring.emitOpError()
             << "is a second ring in its kernel; a kernel may hold one "
                "unless every ring has mbarriers (`barriers`)";
  }
  IRRewriter rewriter(root->getContext());
  for (RingOp ring : rings) {
    int64_t slots = ring.getType().getSlots();
    int64_t waves = ring.getMathWaves() + ring.getLoadWaves();
    // Before the signals go.
    bool signalsAfterCopies = ring.hasSignalsAfterCopies();
    for (Operation *user : llvm::make_early_inc_range(ring->getUsers())) {
      auto wait = dyn_cast<RingWaitOp>(user);
      auto signal = dyn_cast<RingSignalOp>(user);
      RingEvent event = wait ? wait.getEvent() : signal.getEvent();
      RingEventSite site{user,
                         ring,
                         event,
                         bool(wait),
                         wait ? wait.getStep() : signal.getStep(),
                         wait ? Value() : signal.getSteps(),
                         slots,
                         waves,
                         wait ? event == RingEvent::Full && signalsAfterCopies
                              : signal.getAfterCopies()};
      rewriter.setInsertionPoint(user);
      lowerEvent(rewriter, site);
      rewriter.eraseOp(user);
    }
    rewriter.eraseOp(ring);
  }
  return success();
}

void mlir::ck::lowerGuardedLoadBySelect(RewriterBase &rewriter,
                                        GuardedLoadOp op) {
  Location loc = op.getLoc();
  Value valid = op.getValid();
  Value zeroIndex = arith::ConstantIndexOp::create(rewriter, loc, 0);
  SmallVector<Value> indices;
  for (Value index : op.getIndices())
    indices.push_back(
        arith::SelectOp::create(rewriter, loc, valid, index, zeroIndex));
  VectorType type = op.getType();
  Value loaded =
      loadAlignedVector(rewriter, loc, type, op.getMemref(), indices);
  Value zeros = arith::ConstantOp::create(rewriter, loc,
                                          rewriter.getZeroAttr(type));
  rewriter.replaceOpWithNewOp<arith::SelectOp>(op, valid, loaded, zeros);
}

/// `op` lowered by the target's optional `hook`, or an error saying `why`
/// the target cannot where it has none.
static LogicalResult
lowerByOptionalHook(RewriterBase &rewriter, Operation *op, StringRef passName,
                    function_ref<void(RewriterBase &, Operation *)> hook,
                    StringRef why) {
  if (!hook)
    return op->emitOpError()
           << "cannot be lowered by " << passName << ": " << why;
  hook(rewriter, op);
  return success();
}

LogicalResult mlir::ck::lowerWaveOps(Operation *root, StringRef passName,
                                     const WaveOpTarget &target) {
  // Ops of the rungs above must be gone: say which pass removes them.
  if (failed(requireLoweredBy(root, passName,
                              {"ck-conv-to-gemm", "convert-ck-to-gpu",
                               "ck-lower-partition", "ck-pipeline",
                               "ck-lower-tile-copies", "ck-lower-roles",
                               "ck-lower-wave-tiles", "ck-lower-coords"})))
    return failure();
  if (failed(lowerRings(root, target.lowerRingEvent)))
    return failure();
  SmallVector<Operation *> ops;
  root->walk([&](Operation *op) {
    if (isa<MmaOp, FragmentLoadOp, GuardedLoadOp, LdsBarrierOp, FlagSignalOp,
            FlagWaitOp, FlagRendezvousOp, AsyncCopyOp, AsyncCommitOp,
            AsyncWaitOp, WarpgroupMmaOp, WarpgroupWaitOp, StagingWaitOp,
            StagingSignalOp, TurnWaitOp, TurnSignalOp, ClusterBarrierOp,
            ClusterLoadOp>(op))
      ops.push_back(op);
  });
  IRRewriter rewriter(root->getContext());
  for (Operation *op : ops) {
    rewriter.setInsertionPoint(op);
    if (auto barrier = dyn_cast<LdsBarrierOp>(op))
      target.lowerBarrier(rewriter, barrier);
    else if (auto load = dyn_cast<GuardedLoadOp>(op))
      target.lowerGuardedLoad(rewriter, load);
    else if (auto signal = dyn_cast<FlagSignalOp>(op))
      lowerFlagSignal(rewriter, signal, target);
    else if (auto wait = dyn_cast<FlagWaitOp>(op))
      lowerFlagWait(rewriter, wait, target);
    else if (auto rendezvous = dyn_cast<FlagRendezvousOp>(op))
      lowerFlagRendezvous(rewriter, rendezvous, target);
    else if (isa<AsyncCopyOp, AsyncCommitOp, AsyncWaitOp>(op)) {
      if (failed(lowerByOptionalHook(
              rewriter, op, passName, target.lowerAsyncCopy,
              "the target has no asynchronous copies to LDS (a config with "
              "async_copy needs a chip with that feature)")))
        return failure();
    } else if (isa<WarpgroupMmaOp, WarpgroupWaitOp>(op)) {
      if (failed(lowerByOptionalHook(rewriter, op, passName,
                                     target.lowerWarpgroupOps,
                                     "wgmma is an NVIDIA sm_90a instruction")))
        return failure();
    } else if (isa<ClusterBarrierOp, ClusterLoadOp>(op)) {
      if (failed(lowerByOptionalHook(
              rewriter, op, passName, target.lowerClusterOps,
              "the target has no thread block clusters with distributed "
              "shared memory (split-K's reduce = cluster needs sm_90)")))
        return failure();
    } else if (isa<StagingWaitOp, StagingSignalOp, TurnWaitOp, TurnSignalOp>(
                   op)) {
      if (failed(lowerByOptionalHook(
              rewriter, op, passName, target.lowerNamedBarrierEvent,
              "the target has no named barriers to hand a staging tile to "
              "store waves or a turn to a pingpong warpgroup with (NVIDIA's "
              "persistent and pingpong kernels)")))
        return failure();
    } else if (failed(isa<MmaOp>(op)
                          ? target.lowerMma(rewriter, cast<MmaOp>(op))
                          : target.lowerFragmentLoad(rewriter,
                                                     cast<FragmentLoadOp>(op))))
      return failure();
  }
  return success();
}
