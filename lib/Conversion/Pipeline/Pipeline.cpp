//===- Pipeline.cpp - The ck-pipeline pass --------------------------------===//
//
// Each ck.tile_gemm becomes its K loop. The operand tiles go from global
// memory to LDS buffers (ck.tile_load and ck.tile_store_lds, placed by
// TileCopier as the #ck.copy_plan of planGemmOperandTiles lays them out);
// the next K-tile's global loads are issued before the current tile's MMAs
// and land in LDS after them:
//
//   A[m0.., k_begin], B[k_begin.., n0] -> LDS;  ck.lds_barrier
//   for each K-tile k in [k_begin, k_end):
//     load K-tile k + 1 into registers (nothing past k_end)
//     acc = ck.tile_mma acc, the tiles in LDS
//     lds_buffers = 1: ck.lds_barrier; store K-tile k + 1; ck.lds_barrier
//     lds_buffers = 2: store K-tile k + 1 into the other buffer;
//                      ck.lds_barrier
//
// With wave roles (the config's load_waves) the loop splits in two around a
// ring of lds_buffers slots (ck.roles, ck.ring):
//
//   math waves: for step j: ck.ring_wait full j; acc = ck.tile_mma acc,
//               slot j mod S; ck.ring_signal empty j of n
//   load waves: registers = K-tile 0; for step j: load K-tile j + 1 into
//               registers; ck.ring_wait empty j; store K-tile j into slot
//               j mod S; ck.ring_signal full j
//
// and a ck.lds_barrier after both frees the LDS for what follows. With
// `async_copy` the load waves copy asynchronously and announce a tile full
// once its copies have landed, a few steps later (emitAsyncLoadLoop). A
// tile_gemm with `ring_steps` (a persistent partition's unit) uses the
// kernel's one ring, made at its start (emitSpanningRing), from that step
// on, and nothing follows the roles: its load waves run on into the next
// unit while its math waves write this one.
//
// With `async_copy` the tiles go from global memory to LDS without
// registers (ck.tile_copy_async) through lds_buffers stages, with one
// barrier per K step (emitStagedLoop).
//
// With `pingpong` the two math warpgroups take the block's rows in turn:
// the load waves fill warpgroup 0's K-tiles (its rows of A), then warpgroup
// 1's, and each warpgroup starts its loop once the other has issued its
// last products (ck.turn_wait, ck.turn_signal).
//
// With `resident_b` (persistent units) B's K-tiles stay in LDS, one buffer
// each, across a column's units: a second spanning ring of one slot, whose
// steps are B's copies, hands them over (emitResidentBLoad), and the
// K-tiles' ring carries A's alone.
//
// Each load's position is a !ck.coord that the loop carries and advances by
// block K per step (no division), where the copy's states hold at most
// max-cursor-values integers; other copies carry their view coordinates and
// evaluate the chain at each step.
//
//===----------------------------------------------------------------------===//

#include "TileCopier.h"

#include "ck/Conversion/KernelBuilding.h"
#include "ck/Conversion/Passes.h"
#include "ck/Conversion/TensorMapPlan.h"
#include "ck/Conversion/WaveOpLowering.h"
#include "ck/Support/Limits.h"
#include "ck/Target/GemmConfig.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

#include <array>
#include <limits>

namespace mlir::ck {
#define GEN_PASS_DEF_CKPIPELINE
#include "ck/Conversion/Passes.h.inc"
} // namespace mlir::ck

using namespace mlir;
using namespace mlir::ck;

namespace {

/// One operand's loads along K: the positions of a tile and how the loop
/// carries them from one K-tile to the next.
struct OperandWalk {
  TileCopier &copy;
  Value g;
  /// The tile's position along the dimension that is not K.
  Value fixed;
  /// Whether K is the view's rows (B) or its columns (A).
  bool kIsRow;
  /// Whether the threads copy this operand (not TMA): without, the walk
  /// has no positions.
  bool copies = true;

  /// The positions of the tile at K position `k0`.
  SmallVector<LoadPosition> start(Value k0) {
    if (!copies)
      return {};
    return kIsRow ? copy.startCursors(g, k0, fixed)
                  : copy.startCursors(g, fixed, k0);
  }

  /// The positions of the tile one step after `at`.
  SmallVector<LoadPosition> next(ArrayRef<LoadPosition> at) {
    if (!copies)
      return {};
    return copy.advance(at);
  }

  /// Appends the loop-carried values of the positions `at`.
  void carry(SmallVectorImpl<Value> &values, ArrayRef<LoadPosition> at) {
    if (copies)
      copy.appendCarried(values, at);
  }

  /// Appends the loop-carried values of the positions one step after `at`.
  void carryNext(SmallVectorImpl<Value> &values, ArrayRef<LoadPosition> at) {
    carry(values, next(at));
  }

  /// The positions from the front of the loop's carried `values`.
  SmallVector<LoadPosition> take(ValueRange &values) {
    if (!copies)
      return {};
    return copy.takeCarried(values);
  }
};

/// What both recipes share: the operand views, their copies' plans (for
/// the threads that copy: all, or the load waves') and LDS buffers, and the
/// K range and step in elements.
struct TileGemmParts {
  TracedView viewA, viewB;
  GemmOperandTiles tiles;
  Value ldsA, ldsB;
  Value kBegin, kEnd, bkValue;
  int64_t bk;
  Type elementType;
  int64_t waveSize;
  /// The registers per lane the config's estimate leaves to carried
  /// coordinate states (unbounded without a #ck.target).
  int64_t spareRegisters;
  /// What the math waves grow their registers to where the config gives
  /// the load waves `load_registers` (0 otherwise).
  int64_t reallocatedMathRegisters = 0;
  /// The boxes of A's and B's tensor maps, where TMA copies them.
  std::optional<TensorMapPlan> maps[2];
  /// Whether B's K-tiles stay in LDS across the units of a column (the
  /// config's `resident_b`), copied before the steps, not in them.
  bool residentB = false;

  /// One K-tile's step along operand `operand`'s view (G, row, col): K is
  /// A's columns and B's rows.
  SmallVector<int64_t, 3> kStep(int operand) const {
    return operand == 0 ? SmallVector<int64_t, 3>{0, 0, bk}
                        : SmallVector<int64_t, 3>{0, bk, 0};
  }

  /// Whether the threads copy operand `operand` (0: A, 1: B) at each step.
  bool threadsCopyInSteps(int operand) const {
    return !maps[operand] && !(operand == 1 && residentB);
  }
  /// Whether TMA makes every copy of the steps (one load thread's work).
  bool tmaOnly() const {
    return !threadsCopyInSteps(0) && !threadsCopyInSteps(1) &&
           (maps[0] || maps[1]);
  }
};

/// The load positions of an A tile and a B tile.
struct TilePositions {
  SmallVector<LoadPosition> a, b;
};

/// The copies of A and B by the parts' copying threads, from positions
/// `tid`, of a K loop from `kBegin`.
struct OperandCopies {
  TileCopier a, b;
  OperandWalk walkA, walkB;

  /// The copies of the operands TMA does not copy (parts.maps).
  OperandCopies(OpBuilder &builder, Location loc, TileGemmOp op,
                const TileGemmParts &parts, Value tid, int64_t maxCursorValues)
      : a(builder, loc, op.getA(), parts.viewA, parts.tiles.a, tid,
          parts.kStep(0), maxCursorValues),
        b(builder, loc, op.getB(), parts.viewB, parts.tiles.b, tid,
          parts.kStep(1), maxCursorValues),
        walkA{a, op.getG(), op.getM0(), /*kIsRow=*/false},
        walkB{b, op.getG(), op.getN0(), /*kIsRow=*/true} {
    walkA.copies = parts.threadsCopyInSteps(0);
    walkB.copies = parts.threadsCopyInSteps(1);
    // Carried states hold registers through the whole loop, beside the
    // tiles: A's, then B's, while the estimate leaves room for them. (On
    // gfx1100 f32 FMA kernels it leaves none, and carrying spilled.)
    int64_t spare = parts.spareRegisters;
    for (auto [copy, walk] : {std::pair{&a, &walkA}, std::pair{&b, &walkB}}) {
      if (!walk->copies)
        continue;
      copy->limitCursorValues(spare);
      if (copy->isIncremental())
        spare -= copy->cursorValues();
    }
  }

  /// The positions of both tiles at K position `k0`.
  TilePositions start(Value k0) { return {walkA.start(k0), walkB.start(k0)}; }

  /// What enables the copy of a loop's first K-tile, made before the loop
  /// knows it has one: nothing where both copies check K, else whether the
  /// range is not empty (a copy that leaves K unchecked reads its positions
  /// unguarded, and an empty range may start past the GEMM's last K-tile).
  Value firstEnabled(OpBuilder &builder, Location loc,
                     const TileGemmParts &parts) {
    if ((!walkA.copies || a.checksK()) && (!walkB.copies || b.checksK()))
      return nullptr;
    return arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::slt,
                                 parts.kBegin, parts.kEnd);
  }

  /// Appends the loop-carried values of both tiles' positions `at`.
  void carry(SmallVectorImpl<Value> &values, const TilePositions &at) {
    walkA.carry(values, at.a);
    walkB.carry(values, at.b);
  }

  /// Appends the loop-carried values of both tiles' positions one step
  /// after `at`.
  void carryNext(SmallVectorImpl<Value> &values, const TilePositions &at) {
    walkA.carryNext(values, at.a);
    walkB.carryNext(values, at.b);
  }

  /// Both tiles' positions one step after `at`.
  TilePositions next(const TilePositions &at) {
    return {walkA.next(at.a), walkB.next(at.b)};
  }

  /// Both tiles' positions from the front of the loop's carried `values`.
  TilePositions take(ValueRange &values) {
    TilePositions at;
    at.a = walkA.take(values);
    at.b = walkB.take(values);
    return at;
  }

  /// Both tiles' loaded vectors, A's first.
  SmallVector<Value> load(const TilePositions &at, Value enabled) {
    SmallVector<Value> values = a.load(at.a, enabled);
    llvm::append_range(values, b.load(at.b, enabled));
    return values;
  }

  /// Stores `load`'s vectors into the LDS buffers (slot `buffer`, or null
  /// with one buffer).
  void store(const TileGemmParts &parts, Value buffer, ValueRange values) {
    int64_t split = parts.tiles.a.loadsPerThread();
    a.store(parts.ldsA, buffer, values.take_front(split));
    b.store(parts.ldsB, buffer, values.drop_front(split));
  }
};

/// The K-tile's ck.tile_mma on LDS slot `slot` (null with one buffer), B's
/// tile from its own `bSlot` where given (a resident B). A (M x K) and B
/// (K x N) are transposed in LDS where their first dimension is innermost.
Value emitTileMma(OpBuilder &b, Location loc, TileGemmOp op,
                  const TileGemmParts &parts, Value acc, Value slot,
                  bool inFlight = false, Value bSlot = nullptr) {
  auto tileMma = TileMmaOp::create(b, loc, op.getResult().getType(), acc,
                                   parts.ldsA, parts.ldsB, slot, bSlot,
                                   parts.bk);
  tileMma.setATransposed(parts.tiles.a.getLdsDim() == 0);
  tileMma.setBTransposed(parts.tiles.b.getLdsDim() == 0);
  // wgmma's tiles are swizzled by definition; mma.sync's where planned so.
  if (!isa<WgmmaAttr>(op.getConfig().getMma())) {
    tileMma.setASwizzled(parts.tiles.a.getSwizzle() != 0);
    tileMma.setBSwizzled(parts.tiles.b.getSwizzle() != 0);
  }
  tileMma.setTransposeReads(parts.tiles.transposeReads);
  tileMma.setInFlight(inFlight);
  tileMma.setPingpong(op.getConfig().getPingpong());
  return tileMma;
}

/// The recipe without roles: every thread copies and computes.
Value emitSharedLoop(OpBuilder &b, Location loc, TileGemmOp op,
                     const TileGemmParts &parts, int64_t maxCursorValues) {
  AccType accType = op.getResult().getType();
  bool twoBuffers = op.getConfig().getLdsBuffers() > 1;
  Value bkValue = parts.bkValue;
  Value tid = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
  OperandCopies copy(b, loc, op, parts, tid, maxCursorValues);
  TilePositions first = copy.start(parts.kBegin);
  Value firstBuffer = twoBuffers ? indexConstant(b, loc, 0) : nullptr;
  copy.store(parts, firstBuffer,
             copy.load(first, copy.firstEnabled(b, loc, parts)));
  LdsBarrierOp::create(b, loc);

  // Loop-carried: the accumulator, the LDS buffer (with two), and the
  // positions of the next K-tile's loads.
  SmallVector<Value> loopInit = {AccZeroOp::create(b, loc, accType)};
  if (firstBuffer)
    loopInit.push_back(firstBuffer);
  size_t cursorsBegin = loopInit.size();
  copy.carryNext(loopInit, first);
  auto kLoop =
      scf::ForOp::create(b, loc, parts.kBegin, parts.kEnd, bkValue, loopInit);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(kLoop.getBody());
  ValueRange iterArgs = kLoop.getRegionIterArgs();
  Value next = arith::AddIOp::create(b, loc, kLoop.getInductionVar(), bkValue);
  Value hasNext = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt,
                                        next, parts.kEnd);
  ValueRange carried = iterArgs.drop_front(cursorsBegin);
  TilePositions at = copy.take(carried);
  SmallVector<Value> prefetched = copy.load(at, hasNext);
  Value buffer = firstBuffer ? iterArgs[1] : nullptr;
  SmallVector<Value> yielded = {
      emitTileMma(b, loc, op, parts, iterArgs[0], buffer)};
  if (buffer) {
    Value other =
        arith::SubIOp::create(b, loc, indexConstant(b, loc, 1), buffer);
    copy.store(parts, other, prefetched);
    LdsBarrierOp::create(b, loc);
    yielded.push_back(other);
  } else {
    LdsBarrierOp::create(b, loc);
    copy.store(parts, nullptr, prefetched);
    LdsBarrierOp::create(b, loc);
  }
  copy.carryNext(yielded, at);
  scf::YieldOp::create(b, loc, yielded);
  return kLoop.getResult(0);
}

/// Where a K loop's steps fall on its ring: from step 0 of a ring of its
/// own, or from `first` of a ring that spans the workgroup's units
/// (`ck.tile_gemm ... ring_steps`), `total` steps in all. With pingpong
/// each K-tile is `turns` ring steps, one per warpgroup: the ring steps of
/// turn t are the loop's steps after t times the loop's, and
/// `ring_steps`' counts of K-tiles scale by the turns.
struct RingSteps {
  Value first, total;
  /// The loop's steps, and the warpgroups that take them in turn.
  Value steps;
  int64_t turns = 1;

  RingSteps(OpBuilder &b, Location loc, TileGemmOp op, Value steps)
      : steps(steps), turns(op.getConfig().getTurns()) {
    first = op.getRingFirst();
    total = op.getRingTotal();
    if (first && turns > 1) {
      first = scaled(b, loc, first);
      total = scaled(b, loc, total);
    }
  }

  /// The ring's step of the loop's step `step` in turn `turn` (null: the
  /// first). It cannot wrap, and says so (`nuw`), so that
  /// ck-carry-loop-divisions carries its slot and phase through the loop.
  Value at(OpBuilder &b, Location loc, Value step, Value turn = {}) const {
    auto nuw = arith::IntegerOverflowFlags::nuw;
    if (turn)
      step = arith::AddIOp::create(
          b, loc, arith::MulIOp::create(b, loc, turn, steps, nuw), step, nuw);
    return first ? arith::AddIOp::create(b, loc, first, step, nuw).getResult()
                 : step;
  }
  /// The ring's step count, for `ring_signal empty`: every turn's steps of
  /// the loop where the ring is its own.
  Value of(OpBuilder &b, Location loc) const {
    return total ? total : scaled(b, loc, steps);
  }
  /// i1: an earlier unit's turns went before this loop's (false where the
  /// ring is its own).
  Value hasEarlierUnit(OpBuilder &b, Location loc) const {
    if (!first)
      return arith::ConstantIntOp::create(b, loc, 0, 1);
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt, first,
                                 indexConstant(b, loc, 0));
  }
  /// i1: a later unit's turns follow this loop's.
  Value hasLaterUnit(OpBuilder &b, Location loc) const {
    if (!first)
      return arith::ConstantIntOp::create(b, loc, 0, 1);
    return arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::ult,
        arith::AddIOp::create(b, loc, first, scaled(b, loc, steps)), total);
  }

private:
  Value scaled(OpBuilder &b, Location loc, Value count) const {
    if (turns == 1)
      return count;
    return arith::MulIOp::create(b, loc, count, indexConstant(b, loc, turns));
  }
};

/// The slot operand of step `step`'s copies and products: its ring slot,
/// null with one slot (the ops' LDS then holds one tile).
Value slotOperand(OpBuilder &b, Location loc, Value step, int64_t slots) {
  if (slots == 1)
    return nullptr;
  return emitRingSlot(b, loc, step, slots);
}

/// Whether a K loop keeps one tile's products in flight across the next
/// step: wgmma with 3 or more stages (ck.tile_mma's `in_flight`).
bool keepsProductsInFlight(TileGemmOp op) {
  return isa<WgmmaAttr>(op.getResult().getType().getMma()) &&
         op.getConfig().getLdsBuffers() >= 3;
}

/// Whether the staged loop of `stages` LDS buffers reads each K-tile's
/// first fragments one step ahead, across the barrier
/// (ck-rotate-fragment-loads): for instructions that read fragments (not
/// wgmma), where the slot the copies write is neither the one read nor the
/// next (three or more buffers), and where a wave's MMAs of one K step
/// (16 or more) outlast the next K-tile's first fragment reads. Waves of
/// fewer (16 x 48 wave tiles of grouped layers on the H100: 1.4x-1.8x
/// slower rotated, their copies' waits one step earlier) are left as they
/// are.
bool rotatesFragmentLoads(AccType acc, int64_t stages) {
  constexpr int64_t kMinMmasPerStep = 16;
  return !isa<WgmmaAttr>(acc.getMma()) && stages >= 3 &&
         acc.getMmaTilesAlongRows() * acc.getMmaTilesAlongCols() >=
             kMinMmasPerStep;
}

/// One operand of the staged recipe: copied asynchronously where its plan
/// allows, else loaded into registers at the start of a step and stored
/// into LDS at its end.
struct StagedOperand {
  TileCopier &copy;
  Value lds;
  bool async;

  /// Starts the copy of the tile at `at` into `slot`: the whole copy where
  /// it is asynchronous, the loads otherwise (returned, for `finish`).
  SmallVector<Value> start(ArrayRef<LoadPosition> at, Value enabled,
                           Value slot) {
    if (async) {
      copy.copyAsync(at, enabled, lds, slot);
      return {};
    }
    return copy.load(at, enabled);
  }

  /// Stores what `start` loaded into `slot` (nothing where it was async).
  void finish(ValueRange loaded, Value slot) {
    if (!async)
      copy.store(lds, slot, loaded);
  }
};

/// The recipe of `async_copy`, a pipeline of S = lds_buffers stages: the
/// copies of K-tiles 0 .. S - 2 start before the loop, and step j waits for
/// tile j (ck.async_wait leaves the S - 2 later groups in flight), makes it
/// visible with one barrier, starts the copy of tile j + S - 1 into the slot
/// step j - 1 read (every thread is past that read, by the barrier), and
/// computes tile j:
///
///   for s in [0, S - 1): copy K-tile s -> slot s; ck.async_commit
///   for each step j:
///     ck.async_wait pending S - 2; ck.lds_barrier
///     copy K-tile j + S - 1 -> slot (j - 1) mod S (zeros past k_end);
///     ck.async_commit
///     acc = ck.tile_mma acc, slot j mod S
///   ck.async_wait pending 0; ck.lds_barrier
///
/// With wgmma and S >= 3 one tile's products stay in flight across the next
/// barrier (F = 1; F = 0 otherwise): the copies run A = S - 1 - F tiles
/// ahead, the prologue starts tiles 0 .. A - 1, step j waits with A - 1
/// groups pending and copies tile j + A into slot (j - 1 - F) mod S, whose
/// products were done when step j - 1 ended; its ck.tile_mma is `in_flight`
/// and the loop's result goes through ck.acc_wait.
///
/// An operand whose plan cannot be copied asynchronously is loaded into
/// registers at the start of the step and stored into the same slot after
/// the MMAs. The read and write slots are carried as counters that wrap,
/// not computed with a remainder.
Value emitStagedLoop(OpBuilder &b, Location loc, TileGemmOp op,
                     const TileGemmParts &parts, int64_t maxCursorValues) {
  AccType accType = op.getResult().getType();
  int64_t stages = op.getConfig().getLdsBuffers();
  // With products in flight across the next step's barrier, the copies
  // run one tile less ahead, into the slot of the step before the previous
  // one, whose group is done.
  int64_t inFlight = keepsProductsInFlight(op) ? 1 : 0;
  int64_t ahead = stages - 1 - inFlight;
  Value bkValue = parts.bkValue;
  Value tid = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
  OperandCopies copy(b, loc, op, parts, tid, maxCursorValues);
  bool laneOrder = parts.tiles.laneOrder;
  StagedOperand operands[2] = {
      {copy.a, parts.ldsA, copy.a.canCopyAsync(laneOrder)},
      {copy.b, parts.ldsB, copy.b.canCopyAsync(laneOrder)}};
  auto startCopies = [&](const TilePositions &at, Value enabled, Value slot) {
    return std::array<SmallVector<Value>, 2>{
        operands[0].start(at.a, enabled, slot),
        operands[1].start(at.b, enabled, slot)};
  };
  auto finishCopies = [&](const std::array<SmallVector<Value>, 2> &loaded,
                          Value slot) {
    operands[0].finish(loaded[0], slot);
    operands[1].finish(loaded[1], slot);
  };

  // The prologue: K-tiles 0 .. ahead - 1 (S - 2 without tiles in flight),
  // each past k_end disabled.
  TilePositions at = copy.start(parts.kBegin);
  for (int64_t s = 0; s < ahead; ++s) {
    Value enabled = s == 0 ? copy.firstEnabled(b, loc, parts) : Value();
    if (s > 0) {
      at = copy.next(at);
      enabled = arith::CmpIOp::create(
          b, loc, arith::CmpIPredicate::slt,
          arith::AddIOp::create(b, loc, parts.kBegin,
                                indexConstant(b, loc, s * parts.bk)),
          parts.kEnd);
    }
    Value slot = indexConstant(b, loc, s);
    finishCopies(startCopies(at, enabled, slot), slot);
    AsyncCommitOp::create(b, loc);
  }

  // Loop-carried: the accumulator, the slot to read and the slot to
  // write, then the positions of K-tile j + ahead. Step j writes the slot
  // step j - 1 - inFlight read; both slots count up and wrap.
  SmallVector<Value> loopInit = {AccZeroOp::create(b, loc, accType),
                                 indexConstant(b, loc, 0),
                                 indexConstant(b, loc, ahead)};
  size_t cursorsBegin = loopInit.size();
  copy.carryNext(loopInit, at);
  auto kLoop =
      scf::ForOp::create(b, loc, parts.kBegin, parts.kEnd, bkValue, loopInit);
  if (rotatesFragmentLoads(accType, stages))
    kLoop->setAttr(kRotateFragmentLoadsAttrName, b.getUnitAttr());
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(kLoop.getBody());
    ValueRange iterArgs = kLoop.getRegionIterArgs();
    Value readSlot = iterArgs[1], writeSlot = iterArgs[2];
    AsyncWaitOp::create(b, loc, ahead - 1);
    LdsBarrierOp::create(b, loc);
    Value aheadK =
        arith::AddIOp::create(b, loc, kLoop.getInductionVar(),
                              indexConstant(b, loc, ahead * parts.bk));
    Value enabled = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt,
                                          aheadK, parts.kEnd);
    ValueRange carried = iterArgs.drop_front(cursorsBegin);
    TilePositions aheadAt = copy.take(carried);
    std::array<SmallVector<Value>, 2> loaded =
        startCopies(aheadAt, enabled, writeSlot);
    AsyncCommitOp::create(b, loc);
    Value acc =
        emitTileMma(b, loc, op, parts, iterArgs[0], readSlot, inFlight > 0);
    finishCopies(loaded, writeSlot);
    auto nextSlot = [&](Value slot) -> Value {
      Value next =
          arith::AddIOp::create(b, loc, slot, indexConstant(b, loc, 1));
      Value wraps = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                          next, indexConstant(b, loc, stages));
      return arith::SelectOp::create(b, loc, wraps, indexConstant(b, loc, 0),
                                     next);
    };
    SmallVector<Value> yielded = {acc, nextSlot(readSlot), nextSlot(writeSlot)};
    copy.carryNext(yielded, aheadAt);
    scf::YieldOp::create(b, loc, yielded);
  }
  // Copies past k_end wrote zeros into slots no step reads; they and the
  // last step's reads end before the LDS serves what follows.
  Value acc = kLoop.getResult(0);
  if (inFlight)
    acc = AccWaitOp::create(b, loc, acc.getType(), acc);
  AsyncWaitOp::create(b, loc, 0);
  LdsBarrierOp::create(b, loc);
  return acc;
}

/// The K-tiles per channel block of A's im2col walk and its taps (those
/// of the GEMM's view: a strided backward-data slice's sub-filter), where
/// TMA makes every copy in the steps (not with a resident B, whose buffers
/// keep K's order), block K divides a tap's channels and a tap spans more
/// K-tiles than there are taps, at least two; else std::nullopt.
///
/// In K's order (taps outer, channels inner) a window element that one tap
/// reads, the next tap reads a whole tap's channels of K-tiles later; the
/// steps then take the K-tiles one block of BK channels at a time, the
/// block's taps one after the other, and the next tap reads it a step
/// later. Where the resident tiles' windows of one tap's channels outgrow
/// the L2 (backward-data with K = 2376: 38 K-tiles per tap), K's order
/// read dy from DRAM again at every tap (ncu: 2.5 TB/s, an L2 hit rate of
/// 60%); the blocks took those layers 0.82x-1.00x the time on the H100
/// (0.82x at 100x100). With 4 K-tiles per tap (C or K = 256) they moved
/// the forward 3x3 layers between 0.91x and 1.10x and backward-data's not
/// at all, so K's order stays there (bench/results/h100-k-tile-order/).
std::optional<std::pair<int64_t, int64_t>>
channelBlockOrder(const TileGemmParts &parts) {
  const std::optional<TensorMapPlan> &a = parts.maps[0];
  if (!parts.tmaOnly() || parts.residentB || !a || !a->im2col ||
      a->channels % parts.bk)
    return std::nullopt;
  int64_t extent = parts.viewA.maps.front().getUpperBounds()[2];
  int64_t blocks = a->channels / parts.bk;
  int64_t taps = extent / a->channels;
  if (extent % a->channels || taps < 2 || blocks <= taps)
    return std::nullopt;
  return std::make_pair(blocks, taps);
}

/// The first element along K of step `step`'s K-tile (the K loop's steps
/// from op's K begin), in K's order or by channel blocks
/// (channelBlockOrder).
Value emitStepK(OpBuilder &b, Location loc, TileGemmOp op,
                const TileGemmParts &parts, Value step) {
  std::optional<std::pair<int64_t, int64_t>> order = channelBlockOrder(parts);
  if (!order)
    return arith::AddIOp::create(
        b, loc, parts.kBegin,
        arith::MulIOp::create(b, loc, step, parts.bkValue));
  auto [blocks, taps] = *order;
  Value tile = arith::AddIOp::create(b, loc, op.getKBegin(), step);
  Value tap = arith::RemUIOp::create(b, loc, tile, indexConstant(b, loc, taps));
  Value block =
      arith::DivUIOp::create(b, loc, tile, indexConstant(b, loc, taps));
  Value ordered = arith::AddIOp::create(
      b, loc, arith::MulIOp::create(b, loc, tap, indexConstant(b, loc, blocks)),
      block);
  return arith::MulIOp::create(b, loc, ordered, parts.bkValue);
}

/// Load thread 0's part of step `step` (ring step `ringStep`, LDS slot
/// `slot`) where TMA copies: it announces the bytes of the K-tile's boxes
/// on the slot's transaction barrier and copies them (64 elements along
/// each tile's contiguous dimension by its extent along the other, one
/// 128-byte swizzled block each), whose arrival fills the slot. A's tile
/// starts at row `m0` (op's, or a pingpong turn's).
///
/// In a cluster of C workgroups along M (they share the B tile) or N (A),
/// the workgroup of rank `rank` copies the shared operand's boxes j with
/// j mod C = rank and multicasts them to the whole cluster; each workgroup
/// still announces all of its slot's bytes, which its own and its peers'
/// copies complete.
void emitTmaCopies(OpBuilder &b, Location loc, TileGemmOp op,
                   const TileGemmParts &parts, Value ring, Value step,
                   Value ringStep, Value slot, Value rank, Value m0) {
  GemmConfigAttr config = op.getConfig();
  Value maps[2] = {op.getAMap(), op.getBMap()};
  Value lds[2] = {parts.ldsA, parts.ldsB};
  int64_t bytes = 0;
  for (const std::optional<TensorMapPlan> &plan : parts.maps)
    if (plan)
      bytes += plan->boxCount() * plan->boxBytes;
  int64_t cluster = config.getClusterSize();
  // The operand the cluster shares (-1: none): B along M, A along N.
  int shared = cluster == 1 ? -1 : config.getClusterM() > 1 ? 1 : 0;
  RingExpectOp::create(b, loc, ring, ringStep, bytes);
  if (!slot)
    slot = indexConstant(b, loc, 0);
  Value k = emitStepK(b, loc, op, parts, step);
  // The tiles' starts along the views' dimensions 1 and 2: A's (m0, k), B's
  // (k, n0).
  Value position[2][2] = {{m0, k}, {k, op.getN0()}};
  for (int operand = 0; operand < 2; ++operand) {
    const std::optional<TensorMapPlan> &plan = parts.maps[operand];
    if (!plan)
      continue;
    for (int64_t j = 0; j < plan->boxCount(); ++j) {
      auto copyBox = [&] {
        SmallVector<Value> coords, offsets;
        plan->emitBox(b, loc, op.getG(), position[operand], j, coords, offsets);
        TmaLoadOp::create(b, loc, maps[operand], coords, offsets, lds[operand],
                          slot, plan->boxOffset(j), ring, ringStep,
                          /*multicast=*/operand == shared);
      };
      // A shared box j is rank j mod C's to copy.
      Value copies;
      if (operand == shared)
        copies = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, rank,
                                       indexConstant(b, loc, j % cluster));
      emitIf(b, loc, copies, copyBox);
    }
  }
}

/// The load waves' loop of `async_copy` with roles: step j waits for slot
/// j mod S and starts K-tile j's copies into it.
///
/// With `signal_landed` (a ring with barriers), step j then signals tile j
/// full as its copies land (ck.ring_signal ... after_copies), and the load
/// waves go on to step j + 1 without waiting for them.
///
/// Otherwise step j commits its copies; the copies of the last P tiles
/// stay in flight (ck.async_wait pending P), so step j announces tile j - P
/// full. After the loop the last P tiles are waited for and announced.
/// P = S - 1 - F, F = 1 where the math waves keep a tile's products in
/// flight (they release slot i - 1 at step i): the slot step j waits for is
/// then released at math step j - S + F, after tile j - S + F's
/// announcement at load step j - 1.
///
/// Where TMA copies one operand (parts.maps), load thread `tid` 0 also
/// copies that tile's boxes at step j (emitTmaCopies); the slot's `full`
/// barrier then completes with both, the boxes' bytes and every load
/// thread's signal.
void emitAsyncLoadLoop(OpBuilder &b, Location loc, TileGemmOp op,
                       const TileGemmParts &parts, Value ring, Value steps,
                       const RingSteps &ringSteps, OperandCopies &copy,
                       Value tid) {
  int64_t slots = op.getConfig().getLdsBuffers();
  int64_t pending = slots - 1 - (keepsProductsInFlight(op) ? 1 : 0);
  bool signalAsCopiesLand = op.getConfig().getSignalLanded();
  Value zero = indexConstant(b, loc, 0);
  Value one = indexConstant(b, loc, 1);
  bool laneOrder = parts.tiles.laneOrder;
  StagedOperand operands[2] = {
      {copy.a, parts.ldsA, copy.a.canCopyAsync(laneOrder)},
      {copy.b, parts.ldsB, copy.b.canCopyAsync(laneOrder)}};
  // Loop-carried: the positions of this step's K-tile.
  SmallVector<Value> loopInit;
  copy.carry(loopInit, copy.start(parts.kBegin));
  auto loadLoop = scf::ForOp::create(b, loc, zero, steps, one, loopInit);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(loadLoop.getBody());
    Value step = loadLoop.getInductionVar();
    ValueRange carried = loadLoop.getRegionIterArgs();
    TilePositions at = copy.take(carried);
    Value ringStep = ringSteps.at(b, loc, step);
    RingWaitOp::create(b, loc, ring, RingEvent::Empty, ringStep);
    Value slot = slotOperand(b, loc, ringStep, slots);
    if (parts.maps[0] || parts.maps[1])
      emitIf(b, loc,
             arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, tid, zero),
             [&] {
               emitTmaCopies(b, loc, op, parts, ring, step, ringStep, slot,
                             /*rank=*/Value(), op.getM0());
             });
    for (int operand = 0; operand < 2; ++operand)
      if (parts.threadsCopyInSteps(operand))
        operands[operand].finish(
            operands[operand].start(operand ? at.b : at.a, nullptr, slot),
            slot);
    if (signalAsCopiesLand) {
      RingSignalOp::create(b, loc, ring, RingEvent::Full, ringStep, Value())
          .setAfterCopies(true);
    } else {
      AsyncCommitOp::create(b, loc);
      AsyncWaitOp::create(b, loc, pending);
      // The step whose copies have landed, from step `pending` on: ringStep
      // >= step >= pending there (`nuw`).
      emitIf(b, loc,
             arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge, step,
                                   indexConstant(b, loc, pending)),
             [&] {
               Value landed = arith::SubIOp::create(
                   b, loc, ringStep, indexConstant(b, loc, pending),
                   arith::IntegerOverflowFlags::nuw);
               RingSignalOp::create(b, loc, ring, RingEvent::Full, landed,
                                    Value());
             });
    }
    SmallVector<Value> yielded;
    copy.carryNext(yielded, at);
    scf::YieldOp::create(b, loc, yielded);
  }
  if (signalAsCopiesLand)
    return;
  // The last P tiles (fewer in shorter loops).
  AsyncWaitOp::create(b, loc, 0);
  Value tail = arith::MaxSIOp::create(
      b, loc, zero,
      arith::SubIOp::create(b, loc, steps, indexConstant(b, loc, pending)));
  auto tailLoop = scf::ForOp::create(b, loc, tail, steps, one);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(tailLoop.getBody());
  RingSignalOp::create(b, loc, ring, RingEvent::Full,
                       ringSteps.at(b, loc, tailLoop.getInductionVar()),
                       Value());
}

/// The load waves' loop where TMA copies both operands, run by load thread
/// 0 alone: step j waits for slot j mod S and copies the K-tile's boxes
/// into it (emitTmaCopies); with pingpong, for each turn in order, A's
/// boxes from the turn's first row. Nothing waits for the copies here: the
/// math waves wait on the barrier. The other load threads have nothing to
/// do.
/// They must not wait on the `empty` barriers either: a parity wait cannot
/// tell a phase from the one two later, so a thread that fell two phases
/// behind would wait for a phase that never comes (on the H100 the idle
/// load threads hung kernels with three slots, once in a few launches).
void emitTmaLoadLoop(OpBuilder &b, Location loc, TileGemmOp op,
                     const TileGemmParts &parts, Value ring, Value steps,
                     const RingSteps &ringSteps, Value tid) {
  Value rank;
  if (op.getConfig().getClusterSize() > 1)
    rank = gpu::ClusterBlockIdOp::create(b, loc, gpu::Dimension::x);
  Value zero = indexConstant(b, loc, 0);
  GemmConfigAttr config = op.getConfig();
  emitIf(
      b, loc,
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, tid, zero), [&] {
        OpBuilder::InsertionGuard guard(b);
        Value one = indexConstant(b, loc, 1);
        Value turn, m0 = op.getM0();
        if (ringSteps.turns > 1) {
          auto turns = scf::ForOp::create(
              b, loc, zero, indexConstant(b, loc, ringSteps.turns), one);
          b.setInsertionPointToStart(turns.getBody());
          turn = turns.getInductionVar();
          m0 = arith::AddIOp::create(
              b, loc, m0,
              arith::MulIOp::create(
                  b, loc, turn, indexConstant(b, loc, config.getStepRowsA())));
        }
        auto loadLoop = scf::ForOp::create(b, loc, zero, steps, one);
        b.setInsertionPointToStart(loadLoop.getBody());
        Value step = loadLoop.getInductionVar();
        Value ringStep = ringSteps.at(b, loc, step, turn);
        RingWaitOp::create(b, loc, ring, RingEvent::Empty, ringStep);
        Value slot = slotOperand(b, loc, ringStep, config.getLdsBuffers());
        emitTmaCopies(b, loc, op, parts, ring, step, ringStep, slot, rank, m0);
      });
}

/// The load waves' loop without `async_copy`: the next K-tile's loads are
/// in flight while this one waits for its slot.
void emitRegisterLoadLoop(OpBuilder &b, Location loc, TileGemmOp op,
                          const TileGemmParts &parts, Value ring, Value steps,
                          const RingSteps &ringSteps, OperandCopies &copy) {
  int64_t slots = op.getConfig().getLdsBuffers();
  Value zero = indexConstant(b, loc, 0);
  Value one = indexConstant(b, loc, 1);
  TilePositions first = copy.start(parts.kBegin);
  // Loop-carried: the K-tile loaded for this step, then the positions of
  // the next one.
  SmallVector<Value> loopInit =
      copy.load(first, copy.firstEnabled(b, loc, parts));
  size_t cursorsBegin = loopInit.size();
  copy.carryNext(loopInit, first);
  auto loadLoop = scf::ForOp::create(b, loc, zero, steps, one, loopInit);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(loadLoop.getBody());
  Value step = loadLoop.getInductionVar();
  ValueRange iterArgs = loadLoop.getRegionIterArgs();
  Value hasNext =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt,
                            arith::AddIOp::create(b, loc, step, one), steps);
  ValueRange carried = iterArgs.drop_front(cursorsBegin);
  TilePositions at = copy.take(carried);
  SmallVector<Value> yielded = copy.load(at, hasNext);
  Value ringStep = ringSteps.at(b, loc, step);
  RingWaitOp::create(b, loc, ring, RingEvent::Empty, ringStep);
  copy.store(parts, slotOperand(b, loc, ringStep, slots),
             SmallVector<Value>(iterArgs.take_front(cursorsBegin)));
  RingSignalOp::create(b, loc, ring, RingEvent::Full, ringStep, Value());
  copy.carryNext(yielded, at);
  scf::YieldOp::create(b, loc, yielded);
}

/// The `count` ring barriers from `first` of `barriers` (a ck.lds_buffer
/// of i64), as a window of their own at the builder's point.
Value emitBarrierWindow(OpBuilder &b, Location loc, LdsBufferOp barriers,
                        int64_t first, int64_t count) {
  auto type = cast<MemRefType>(barriers.getType());
  return LdsBufferOp::create(
      b, loc,
      MemRefType::get({count}, type.getElementType(),
                      MemRefLayoutAttrInterface(), type.getMemorySpace()),
      barriers.getOffset() + first * 8, barriers.getAlign());
}

/// The rings of a K loop whose steps continue across the workgroup's units
/// (`ring_steps`): made once, at the kernel's start, and ended before it
/// returns, after a barrier that follows every role's last event. The
/// K-tiles' ring takes the first 2 x slots barriers; with a resident B, a
/// ring of one slot (its steps B's generations) the two after them.
struct SpanningRings {
  Value tiles, residentB;
};
FailureOr<SpanningRings> emitSpanningRings(OpBuilder &b, Location loc,
                                           TileGemmOp op, RingType type,
                                           int64_t mathWaves,
                                           int64_t loadWaves) {
  auto kernel = op->getParentOfType<gpu::GPUFuncOp>();
  auto barriers = op.getBarriers().getDefiningOp<LdsBufferOp>();
  if (!kernel || !barriers)
    return op.emitOpError()
           << "has ring steps across units, which needs it in a gpu.func "
              "and its ring barriers a ck.lds_buffer";
  Block &body = kernel.getBody().front();
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(&body);
  int64_t slots = type.getSlots();
  SpanningRings rings;
  rings.tiles = RingOp::create(
      b, loc, type, mathWaves, loadWaves,
      emitBarrierWindow(b, loc, barriers, 0, 2 * slots),
      op.getConfig().getClusterSize(), op.getConfig().getTurns());
  if (op.getConfig().getResidentB())
    rings.residentB = RingOp::create(
        b, loc, RingType::get(b.getContext(), 1), mathWaves, loadWaves,
        emitBarrierWindow(b, loc, barriers, 2 * slots, 2), /*cluster=*/1,
        /*turns=*/1);
  b.setInsertionPoint(body.getTerminator());
  LdsBarrierOp::create(b, loc);
  RingEndOp::create(b, loc, rings.tiles);
  if (rings.residentB)
    RingEndOp::create(b, loc, rings.residentB);
  return rings;
}

/// The load waves' copy of a resident B, where this unit starts a column:
/// every load thread waits until the math waves have released the previous
/// copy (generation - 1), copies the column's K-tiles into B's buffers
/// (K-tile k into buffer k) and announces them full once they have landed.
void emitResidentBLoad(OpBuilder &b, Location loc, TileGemmOp op,
                       const TileGemmParts &parts, Value ring,
                       TileCopier &copy) {
  emitIf(b, loc, op.getBLoad(), [&] {
    Value generation = op.getBGeneration();
    RingWaitOp::create(b, loc, ring, RingEvent::Empty, generation);
    auto tiles = scf::ForOp::create(b, loc, op.getKBegin(), op.getKEnd(),
                                    indexConstant(b, loc, 1));
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(tiles.getBody());
      Value k = tiles.getInductionVar();
      Value k0 = arith::MulIOp::create(b, loc, k, parts.bkValue);
      copy.copyAsync(copy.startCursors(op.getG(), k0, op.getN0()),
                     /*enabled=*/nullptr, parts.ldsB, k);
    }
    AsyncCommitOp::create(b, loc);
    AsyncWaitOp::create(b, loc, 0);
    RingSignalOp::create(b, loc, ring, RingEvent::Full, generation, Value());
  });
}

/// The recipe with roles: load waves fill a ring of LDS slots that math
/// waves compute from. Where the math waves keep a tile's products in
/// flight, step i releases slot i - 1, whose products are then done, and
/// the loop's result goes through ck.acc_wait. Where the ring spans the
/// workgroup's units, the last step's slot is released after that wait,
/// and nothing waits for the roles: the load waves run on into the next
/// unit.
FailureOr<Value> emitRoleLoops(OpBuilder &b, Location loc, TileGemmOp op,
                               const TileGemmParts &parts,
                               int64_t maxCursorValues) {
  AccType accType = op.getResult().getType();
  GemmConfigAttr config = op.getConfig();
  int64_t mathWaves = accType.getWaveCount();
  int64_t loadWaves = config.getLoadWaves();
  int64_t slots = config.getLdsBuffers();
  bool inFlight = config.getAsyncCopy() && keepsProductsInFlight(op);
  auto ringType = RingType::get(b.getContext(), slots);
  Value ring, residentRing;
  if (parts.residentB && !op.getBGeneration())
    return op.emitOpError()
           << "keeps B resident, which needs its copies of B (`resident_b` "
              "generations, from ck-lower-partition's persistent units)";
  if (config.getPingpong() && !parts.tmaOnly())
    return op.emitOpError()
           << "takes its rows in pingpong turns, whose load thread copies "
              "each turn's A rows with TMA; it needs tensor maps of both "
              "operands";
  if (config.getSignalLanded() && (!op.getBarriers() || parts.tmaOnly()))
    return op.emitOpError()
           << "signals slots full as the load threads' copies land "
              "(signal_landed), which needs a ring with mbarriers (ring "
              "barriers) and an operand the load threads copy with cp.async";
  if (op.getRingFirst()) {
    FailureOr<SpanningRings> spanning =
        emitSpanningRings(b, loc, op, ringType, mathWaves, loadWaves);
    if (failed(spanning))
      return failure();
    ring = spanning->tiles;
    residentRing = spanning->residentB;
  } else {
    ring =
        RingOp::create(b, loc, ringType, mathWaves, loadWaves, op.getBarriers(),
                       config.getClusterSize(), config.getTurns());
  }
  Value zero = indexConstant(b, loc, 0);
  Value one = indexConstant(b, loc, 1);
  Value steps = arith::SubIOp::create(b, loc, op.getKEnd(), op.getKBegin());
  RingSteps ringSteps(b, loc, op, steps);
  auto roles = RolesOp::create(b, loc, TypeRange{accType}, mathWaves,
                               loadWaves);
  if (int64_t loadRegisters = config.getLoadRegisters()) {
    if (!parts.reallocatedMathRegisters)
      return op.emitOpError()
             << "gives its load waves " << loadRegisters
             << " registers per lane (load_registers); the math waves' share "
                "needs the chip's register file (a #ck.target)";
    roles.setMathRegisters(parts.reallocatedMathRegisters);
    roles.setLoadRegisters(loadRegisters);
  }
  OpBuilder::InsertionGuard guard(b);

  // Math waves: wait for a full slot, compute on it, release it. With a
  // resident B, wait for its copy where the unit starts a column, read
  // K-tile k of it at step k, and release it after a column's last unit.
  // With pingpong, each warpgroup (math threads t / 128) takes its turn's
  // steps.
  b.createBlock(&roles.getMath());
  Value turn;
  if (ringSteps.turns > 1)
    turn = arith::DivUIOp::create(
        b, loc, gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x),
        indexConstant(b, loc, cklimits::kWavesPerWarpgroup * parts.waveSize));
  Value ringTotal = ringSteps.of(b, loc);
  // The turns go 0, 1 in each unit, unit after unit: warpgroup 1 always
  // waits for warpgroup 0's loop, warpgroup 0 for the previous unit's.
  int64_t turnThreads = mathWaves * parts.waveSize;
  auto isTurn = [&](int64_t t) {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, turn,
                                 indexConstant(b, loc, t));
  };
  if (turn)
    emitIf(b, loc,
           arith::OrIOp::create(b, loc, isTurn(1),
                                ringSteps.hasEarlierUnit(b, loc)),
           [&] { TurnWaitOp::create(b, loc, turn, turnThreads); });
  if (residentRing)
    emitIf(b, loc, op.getBLoad(), [&] {
      RingWaitOp::create(b, loc, residentRing, RingEvent::Full,
                         op.getBGeneration());
    });
  auto mathLoop = scf::ForOp::create(
      b, loc, zero, steps, one, ValueRange{AccZeroOp::create(b, loc, accType)});
  {
    OpBuilder::InsertionGuard loopGuard(b);
    b.setInsertionPointToStart(mathLoop.getBody());
    Value step = mathLoop.getInductionVar();
    Value ringStep = ringSteps.at(b, loc, step, turn);
    RingWaitOp::create(b, loc, ring, RingEvent::Full, ringStep);
    Value slot = slotOperand(b, loc, ringStep, slots);
    Value bSlot =
        residentRing ? arith::AddIOp::create(b, loc, op.getKBegin(), step)
                           .getResult()
                     : Value();
    Value acc = emitTileMma(b, loc, op, parts, mathLoop.getRegionIterArgs()[0],
                            slot, inFlight, bSlot);
    // The step before this one, from the second step on: ringStep >= 1
    // there, so the subtraction does not wrap (`nuw`, which lets
    // ck-carry-loop-divisions step the slot's counter back).
    if (inFlight)
      emitIf(
          b, loc,
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt, step, zero),
          [&] {
            RingSignalOp::create(
                b, loc, ring, RingEvent::Empty,
                arith::SubIOp::create(b, loc, ringStep, one,
                                      arith::IntegerOverflowFlags::nuw),
                ringTotal);
          });
    else
      RingSignalOp::create(b, loc, ring, RingEvent::Empty, ringStep, ringTotal);
    scf::YieldOp::create(b, loc, acc);
  }
  Value acc = mathLoop.getResult(0);
  if (turn)
    emitIf(
        b, loc,
        arith::OrIOp::create(b, loc, isTurn(0), ringSteps.hasLaterUnit(b, loc)),
        [&] { TurnSignalOp::create(b, loc, turn, turnThreads); });
  if (inFlight) {
    acc = AccWaitOp::create(b, loc, accType, acc);
    // A ring of its own ends here, and its last `slots` releases are no
    // events; a spanning one goes on to the next unit's steps, and the
    // first pingpong turn's last slot to the next turn's.
    if (ringSteps.first || ringSteps.turns > 1)
      emitIf(
          b, loc,
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt, steps, zero),
          [&] {
            Value last = ringSteps.at(
                b, loc, arith::SubIOp::create(b, loc, steps, one), turn);
            RingSignalOp::create(b, loc, ring, RingEvent::Empty, last,
                                 ringTotal);
          });
  }
  if (residentRing)
    emitIf(b, loc, op.getBRelease(), [&] {
      RingSignalOp::create(b, loc, residentRing, RingEvent::Empty,
                           op.getBGeneration(), op.getBGenerations());
    });
  YieldOp::create(b, loc, acc);

  // Load waves: thread t - math waves' threads of the load waves' threads.
  b.createBlock(&roles.getLoad());
  Value tid = arith::SubIOp::create(
      b, loc, gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x),
      indexConstant(b, loc, mathWaves * parts.waveSize));
  if (residentRing) {
    TileCopier residentCopy(b, loc, op.getB(), parts.viewB, parts.tiles.b, tid,
                            parts.kStep(1), /*maxCursorValues=*/0);
    emitResidentBLoad(b, loc, op, parts, residentRing, residentCopy);
  }
  if (parts.tmaOnly()) {
    emitTmaLoadLoop(b, loc, op, parts, ring, steps, ringSteps, tid);
  } else {
    // Load waves that copy asynchronously hold nothing else across the
    // loop: their states may take every register left to them.
    int64_t loadCursorValues =
        config.getAsyncCopy() && maxCursorValues > 0
            ? std::max(maxCursorValues, parts.spareRegisters)
            : maxCursorValues;
    OperandCopies copy(b, loc, op, parts, tid, loadCursorValues);
    if (config.getAsyncCopy())
      emitAsyncLoadLoop(b, loc, op, parts, ring, steps, ringSteps, copy, tid);
    else
      emitRegisterLoadLoop(b, loc, op, parts, ring, steps, ringSteps, copy);
  }
  YieldOp::create(b, loc, AccZeroOp::create(b, loc, accType).getResult());

  b.setInsertionPointAfter(roles);
  if (!ringSteps.first) {
    LdsBarrierOp::create(b, loc);
    if (op.getBarriers())
      RingEndOp::create(b, loc, ring);
  }
  return roles.getResult(0);
}

LogicalResult pipelineTileGemm(TileGemmOp op, int64_t maxCursorValues) {
  AccType accType = op.getResult().getType();
  FailureOr<int64_t> waveSize = requireWaveSize(op, accType.getMma());
  if (failed(waveSize))
    return failure();
  FailureOr<TracedView> traced[2] = {traceView(op.getA()),
                                     traceView(op.getB())};
  for (auto [name, view] : llvm::zip_equal(StringRef("AB"), traced))
    if (failed(view))
      return op.emitOpError() << "operand " << name
                              << " is a view that does not start at a memref";

  OpBuilder b(op);
  Location loc = op.getLoc();
  GemmConfigAttr config = op.getConfig();
  TileGemmParts parts;
  parts.viewA = *traced[0];
  parts.viewB = *traced[1];
  parts.elementType = cast<ShapedType>(op.getA().getType()).getElementType();
  parts.waveSize = *waveSize;
  int64_t copyThreads =
      (config.hasRoles() ? config.getLoadWaves() : accType.getWaveCount()) *
      *waveSize;
  MatrixLayout layout = accType.getMma().getLayout(*waveSize);
  parts.bk = config.getBlock()[2];
  int64_t kTiles = llvm::divideCeilSigned(
      cast<ShapedType>(op.getB().getType()).getDimSize(1), parts.bk);
  TargetAttr target = getTarget(op);
  parts.tiles =
      planGemmOperandTiles(config, layout, parts.elementType, parts.viewA,
                           parts.viewB, copyThreads, kTiles, target);
  parts.residentB = config.getResidentB();
  parts.ldsA =
      LdsBufferOp::create(b, loc, parts.tiles.ldsA, 0, parts.tiles.alignment);
  parts.ldsB = LdsBufferOp::create(b, loc, parts.tiles.ldsB,
                                   parts.tiles.offsetB, parts.tiles.alignment);
  // The tensor maps' boxes, as convert-ck-to-gpu planned them.
  Value maps[2] = {op.getAMap(), op.getBMap()};
  const TracedView *views[2] = {&parts.viewA, &parts.viewB};
  CopyPlanAttr copies[2] = {parts.tiles.a, parts.tiles.b};
  for (int operand = 0; operand < 2; ++operand) {
    if (!maps[operand])
      continue;
    FailureOr<TensorMapPlan> plan =
        planOperandMap(*views[operand], copies[operand], parts.elementType);
    if (failed(plan))
      return op.emitOpError()
             << "copies with TMA, but operand " << (operand ? "B" : "A")
             << " is not a box walk of its memref (TensorMapPlan.h)";
    parts.maps[operand] = *plan;
  }
  if (config.getClusterSize() > 1 && !parts.tmaOnly())
    return op.emitOpError() << "clusters workgroups, whose load waves "
                               "multicast with TMA, but has no tensor maps "
                               "of both operands";
  parts.spareRegisters = std::numeric_limits<int64_t>::max();
  // Carried states stand in for the index math the addressing reserve
  // holds when a copy evaluates its positions, so half the reserve stays
  // for the rest: on gfx1100 the f16/bf16 WMMA kernels of the RetinaNet
  // layers carry them all that way without scratch, and with the whole
  // reserve kept, 34 of them evaluated with divisions in the main loop.
  // The FMA path's estimate falls short (its f32 backward-data kernels
  // spilled up to 160 B carrying within half), so it keeps the whole
  // reserve.
  if (target) {
    int64_t reserve = target.getAddressingRegisters();
    if (!isa<FmaAttr>(config.getMma()))
      reserve /= 2;
    GemmConfigCost cost = estimateCost(config, target, parts.elementType);
    // Load waves that copy asynchronously hold nothing but the states, in
    // their own arm of the role branch, within what the workgroup leaves
    // each wave.
    parts.spareRegisters =
        config.hasRoles() && config.getAsyncCopy()
            ? cost.loadRegistersPerWave - reserve
            : target.getRegisters() - reserve - cost.registersPerLane;
    parts.reallocatedMathRegisters = cost.reallocatedMathRegisters;
  }
  parts.bkValue = indexConstant(b, loc, parts.bk);
  parts.kBegin = arith::MulIOp::create(b, loc, op.getKBegin(), parts.bkValue);
  parts.kEnd = arith::MulIOp::create(b, loc, op.getKEnd(), parts.bkValue);
  Value acc;
  if (config.hasRoles()) {
    FailureOr<Value> roles =
        emitRoleLoops(b, loc, op, parts, maxCursorValues);
    if (failed(roles))
      return failure();
    acc = *roles;
  } else {
    acc = config.getAsyncCopy()
              ? emitStagedLoop(b, loc, op, parts, maxCursorValues)
              : emitSharedLoop(b, loc, op, parts, maxCursorValues);
  }
  op.replaceAllUsesWith(acc);
  op.erase();
  return success();
}

struct CKPipelinePass : public ck::impl::CKPipelineBase<CKPipelinePass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<TileGemmOp> gemms;
    getOperation()->walk([&](TileGemmOp op) { gemms.push_back(op); });
    for (TileGemmOp op : gemms)
      if (failed(pipelineTileGemm(op, maxCursorValues)))
        return signalPassFailure();
  }
};

} // namespace
