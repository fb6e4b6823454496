//===- CKToAMDGPU.cpp - ck wave ops to amdgpu / rocdl ---------------------===//

#include "ck/Conversion/WaveOpLowering.h"
#include "ck/Conversion/Passes.h"

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

/// Buffer offsets are 32-bit: memrefs of 2 GiB or more get the generic
/// guarded load.
static constexpr int64_t kBufferBytes = int64_t(1) << 31;

/// A guarded load as a buffer load. Where the load is not valid the first
/// index becomes the first dimension's size and the others 0, so the offset
/// is the memref's size, just outside the buffer's range, and the range
/// check returns zeros: no select on the data, so the wave waits for it
/// only where it is used.
static void lowerGuardedLoad(RewriterBase &rewriter, GuardedLoadOp op) {
  MemRefType type = op.getMemref().getType();
  int64_t bytes = type.getNumElements() * type.getElementTypeBitWidth() / 8;
  if (type.getRank() == 0 || bytes >= kBufferBytes) {
    lowerGuardedLoadBySelect(rewriter, op);
    return;
  }
  Location loc = op.getLoc();
  Type i32 = rewriter.getI32Type();
  SmallVector<Value> indices;
  for (auto [dim, index] : llvm::enumerate(op.getIndices())) {
    Value outside = arith::ConstantIntOp::create(
        rewriter, loc, i32, dim == 0 ? type.getDimSize(0) : 0);
    indices.push_back(arith::SelectOp::create(
        rewriter, loc, op.getValid(),
        arith::IndexCastOp::create(rewriter, loc, i32, index), outside));
  }
  rewriter.replaceOpWithNewOp<amdgpu::RawBufferLoadOp>(
      op, op.getType(), op.getMemref(), indices, /*boundsCheck=*/true,
      /*indexOffset=*/IntegerAttr(), /*sgprOffset=*/Value());
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
    WaveOpTarget target{lowerMma, lowerLdsBarrier, FlagTarget{"agent", pause},
                        // gfx9's one counting barrier per workgroup.
                        lowerRingEventInLockstep, lowerGuardedLoad,
                        // MFMA/WMMA tiles are K-innermost in LDS: the lane's
                        // runs are already ds_read_b64/b128.
                        lowerFragmentLoadByRuns};
    if (failed(lowerWaveOps(getOperation(), getArgument(), target)))
      return signalPassFailure();
    for (MathLoop math : mathLoops)
      scheduleMathLoop(math);
  }
};
} // namespace
