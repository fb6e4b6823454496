//===- CKToAMDGPU.cpp - ck wave ops to amdgpu / rocdl ---------------------===//

#include "AsyncCopies.h"

#include "ck/Conversion/KernelBuilding.h"
#include "ck/Conversion/Passes.h"
#include "ck/Conversion/WaveOpLowering.h"

#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::ck {
#define GEN_PASS_DEF_CONVERTCKTOAMDGPU
#include "ck/Conversion/Passes.h.inc"
} // namespace mlir::ck

using namespace mlir;
using namespace mlir::ck;

static LogicalResult lowerMma(RewriterBase &rewriter, MmaOp op) {
  MatrixInstrAttrInterface instruction = op.getMma();
  if (isa<FmaAttr>(instruction)) {
    lowerFmaMma(rewriter, op);
    return success();
  }
  bool wmma = isa<WmmaAttr>(instruction);
  if (!wmma && !isa<MfmaAttr>(instruction))
    return op.emitOpError() << instruction << " is not an AMD instruction";
  // The verifier checked the fragments against the layout.
  SmallVector<int64_t, 3> shape = instruction.getShape();
  IntegerAttr m = rewriter.getI32IntegerAttr(shape[0]),
              n = rewriter.getI32IntegerAttr(shape[1]),
              k = rewriter.getI32IntegerAttr(shape[2]);
  Location loc = op.getLoc();
  if (wmma) {
    rewriter.replaceOpWithNewOp<amdgpu::WMMAOp>(
        op, op.getAcc().getType(), m, n, k, op.getA(), op.getB(), op.getAcc());
    return success();
  }
  // Single-element fragments (f32 MFMA) are scalars.
  auto operand = [&](Value v) -> Value {
    if (cast<VectorType>(v.getType()).getNumElements() == 1)
      return vector::ExtractOp::create(rewriter, loc, v, 0);
    return v;
  };
  rewriter.replaceOpWithNewOp<amdgpu::MFMAOp>(
      op, op.getAcc().getType(), m, n, k, rewriter.getI32IntegerAttr(1),
      operand(op.getA()), operand(op.getB()), op.getAcc());
  return success();
}

/// The barrier that waits for LDS accesses only, so that global loads
/// issued before it (the next K-tile's prefetch) stay in flight.
static void lowerLdsBarrier(RewriterBase &rewriter, LdsBarrierOp op) {
  rewriter.replaceOpWithNewOp<amdgpu::LDSBarrierOp>(op);
}

/// A guarded load as a buffer load. Where the load is not valid the first
/// index becomes the first dimension's size and the others 0, so the offset
/// is the memref's size, just outside the buffer's range, and the range
/// check returns zeros: no select on the data, so the wave waits for it
/// only where it is used.
static void lowerGuardedLoad(RewriterBase &rewriter, GuardedLoadOp op) {
  MemRefType type = op.getMemref().getType();
  // Memrefs of 2 GiB or more get the generic guarded load.
  int64_t bytes = type.getNumElements() * type.getElementTypeBitWidth() / 8;
  if (type.getRank() == 0 || bytes >= kBufferBytes) {
    lowerGuardedLoadBySelect(rewriter, op);
    return;
  }
  SmallVector<Value> indices =
      emitBufferIndices(rewriter, op.getLoc(), type, op.getIndices(),
                        op.getValid(), rewriter.getI32Type());
  rewriter.replaceOpWithNewOp<amdgpu::RawBufferLoadOp>(
      op, op.getType(), op.getMemref(), indices, /*boundsCheck=*/true,
      /*indexOffset=*/IntegerAttr(), /*sgprOffset=*/Value());
}

/// A fragment read by LDS transpose reads (`transpose_read`): one
/// ds_read_b64_tr_b16 per 4 of the lane's elements. In each group g of 16
/// lanes, lane 4 n + q reads the 4 elements at column 4 q of the row that
/// holds K position 8 g + 4 i + n in read i, so that lane j of the group
/// gets column j of the four rows.
static LogicalResult lowerFragmentLoadByTransposeReads(RewriterBase &b,
                                                       FragmentLoadOp op) {
  TargetAttr target = getTarget(op);
  if (target && !target.hasFeature(TargetFeature::LdsTransposeRead))
    return op.emitOpError() << "reads by LDS transpose reads "
                               "(ds_read_b64_tr_b16), which "
                            << target.getChip() << " does not have";
  Location loc = op.getLoc();
  int64_t reads = op.getType().getNumElements() / kTransposeReadElements;
  LaneIds ids = emitLaneIds(b, op, 64);
  // The lane's first row and its column, once per kernel: transposeReadRow
  // moves each bit field of K on its own, so the row of K position 8 g + n
  // + 4 i is the rows of 8 g and of n (= n) plus read i's constant.
  Value laneRow, laneColumn;
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointAfterValue(ids.lane);
    auto constant = [&](int64_t v) { return indexConstant(b, loc, v); };
    Value group = arith::DivUIOp::create(b, loc, ids.lane, constant(16));
    Value groupRow = arith::AddIOp::create(
        b, loc,
        arith::MulIOp::create(
            b, loc, arith::DivUIOp::create(b, loc, group, constant(2)),
            constant(transposeReadRow(16))),
        arith::MulIOp::create(
            b, loc, arith::RemUIOp::create(b, loc, group, constant(2)),
            constant(transposeReadRow(8))));
    Value n = arith::RemUIOp::create(
        b, loc, arith::DivUIOp::create(b, loc, ids.lane, constant(4)),
        constant(4));
    laneRow = arith::AddIOp::create(b, loc, groupRow, n);
    laneColumn = arith::MulIOp::create(
        b, loc, arith::RemUIOp::create(b, loc, ids.lane, constant(4)),
        constant(kTransposeReadElements));
  }
  // The memref holds the operand MN-major: its rows are K.
  ValueRange indices = op.getIndices();
  bool isA = op.getOperand() == MatrixOperand::A;
  Value kOrigin = indices.take_back(2)[isA ? 1 : 0];
  Value mnOrigin = indices.take_back(2)[isA ? 0 : 1];
  auto readType =
      VectorType::get({kTransposeReadElements}, op.getType().getElementType());
  Value column = arith::AddIOp::create(b, loc, mnOrigin, laneColumn);
  Value row = arith::AddIOp::create(b, loc, kOrigin, laneRow);
  Value fragment;
  for (int64_t i = 0; i < reads; ++i) {
    SmallVector<Value, 3> at = {
        arith::AddIOp::create(
            b, loc, row,
            indexConstant(b, loc,
                          transposeReadRow(kTransposeReadElements * i))),
        column};
    if (indices.size() == 3)
      at.insert(at.begin(), indices.front());
    Value read =
        amdgpu::TransposeLoadOp::create(b, loc, readType, op.getLds(), at);
    if (!fragment) {
      fragment = read;
      continue;
    }
    int64_t size = cast<VectorType>(fragment.getType()).getNumElements();
    fragment = vector::ShuffleOp::create(
        b, loc, fragment, read,
        llvm::to_vector(llvm::seq<int64_t>(0, size + kTransposeReadElements)));
  }
  b.replaceOp(op, fragment);
  return success();
}

static LogicalResult lowerFragmentLoad(RewriterBase &b, FragmentLoadOp op) {
  if (op.getTransposeRead())
    return lowerFragmentLoadByTransposeReads(b, op);
  // MFMA/WMMA tiles are otherwise K-innermost in LDS: the lane's runs are
  // already ds_read_b64/b128.
  return lowerFragmentLoadByRuns(b, op);
}

/// A polling wave sleeps about 64 cycles between polls.
static void pause(OpBuilder &b, Location loc) {
  ROCDL::SSleepOp::create(b, loc, 1);
}

/// Instruction classes of LLVM's AMDGPU sched_group_barrier masks.
enum SchedGroupMask : int32_t {
  kMatrixGroup = 0x8,    // MFMA / WMMA
  kLdsReadGroup = 0x100, // DS reads
};

namespace {
/// The math waves' loop of a kernel with wave roles (the loop that waits for
/// full ring slots) and what it holds.
struct MathLoop {
  scf::ForOp loop;
  int64_t mmas = 0;
  int64_t fragmentLoads = 0;
};
} // namespace

static SmallVector<MathLoop> findMathLoops(Operation *root) {
  SmallVector<MathLoop> loops;
  root->walk([&](RingWaitOp wait) {
    auto loop = dyn_cast<scf::ForOp>(wait->getParentOp());
    if (wait.getEvent() != RingEvent::Full || !loop)
      return;
    MathLoop math{loop};
    loop.getBody()->walk([&](Operation *op) {
      math.mmas += isa<MmaOp>(op);
      math.fragmentLoads += isa<FragmentLoadOp>(op);
    });
    loops.push_back(math);
  });
  return loops;
}

/// CK's schedule of a math wave: after each fragment read one matrix
/// instruction, so that reads overlap the matrix unit's work, then the
/// remaining matrix instructions; the loop runs at priority 1, above the
/// load waves, so a math wave issues first when both can.
static void scheduleMathLoop(MathLoop math) {
  Location loc = math.loop.getLoc();
  OpBuilder b(math.loop.getBody()->getTerminator());
  int64_t reads = math.fragmentLoads;
  int64_t upfront = std::max<int64_t>(1, reads / 2);
  ROCDL::SchedGroupBarrier::create(b, loc, kLdsReadGroup, upfront, 0);
  reads -= upfront;
  for (int64_t i = 0; i < math.mmas; ++i) {
    ROCDL::SchedGroupBarrier::create(b, loc, kMatrixGroup, 1, 0);
    if (reads-- > 0)
      ROCDL::SchedGroupBarrier::create(b, loc, kLdsReadGroup, 1, 0);
  }
  b.setInsertionPoint(math.loop);
  ROCDL::SetPrioOp::create(b, loc, 1);
  b.setInsertionPointAfter(math.loop);
  ROCDL::SetPrioOp::create(b, loc, 0);
}

namespace {
struct ConvertCKToAMDGPUPass
    : public ck::impl::ConvertCKToAMDGPUBase<ConvertCKToAMDGPUPass> {
  void runOnOperation() override {
    // The roles' loops are found by their ring events, which the lowering
    // removes.
    SmallVector<MathLoop> mathLoops = findMathLoops(getOperation());
    // mbarriers, TMA copies and named barriers exist on NVIDIA only.
    WalkResult nvidiaOnly = getOperation()->walk([&](Operation *op) {
      auto ring = dyn_cast<RingOp>(op);
      auto barrier = dyn_cast<LdsBarrierOp>(op);
      auto signal = dyn_cast<FlagSignalOp>(op);
      auto wait = dyn_cast<FlagWaitOp>(op);
      if (!isa<TmaLoadOp, TmaStoreOp, TmaStoreFenceOp, TmaStoreWaitOp,
               RingExpectOp, RingEndOp, StagingWaitOp, StagingSignalOp,
               TurnWaitOp, TurnSignalOp>(op) &&
          !(ring && ring.hasBarriers()) && !(barrier && barrier.getThreads()) &&
          !(signal && signal.getThreads()) && !(wait && wait.getThreads()))
        return WalkResult::advance();
      op->emitOpError() << "uses mbarriers, TMA or a barrier of some of the "
                           "workgroup's threads, which only NVIDIA has; "
                        << getArgument() << " cannot lower it";
      return WalkResult::interrupt();
    });
    if (nvidiaOnly.wasInterrupted())
      return signalPassFailure();
    FailureOr<AsyncCopyLowering> asyncCopies =
        AsyncCopyLowering::analyze(getOperation());
    if (failed(asyncCopies))
      return signalPassFailure();
    auto lowerAsyncCopy = [&](RewriterBase &rewriter, Operation *op) {
      asyncCopies->lower(rewriter, op);
    };
    auto lowerBarrier = [&](RewriterBase &rewriter, LdsBarrierOp op) {
      if (asyncCopies->inFunctionWithCopies(op))
        AsyncCopyLowering::lowerLdsBarrier(rewriter, op);
      else
        lowerLdsBarrier(rewriter, op);
    };
    WaveOpTarget target{lowerMma, lowerBarrier, FlagTarget{"agent", pause},
                        // gfx9's one counting barrier per workgroup.
                        lowerRingEventInLockstep, lowerGuardedLoad,
                        lowerFragmentLoad, lowerAsyncCopy};
    if (failed(lowerWaveOps(getOperation(), getArgument(), target)))
      return signalPassFailure();
    for (MathLoop math : mathLoops)
      scheduleMathLoop(math);
  }
};
} // namespace
