//===- LowerTileCopies.cpp - The ck-lower-tile-copies pass ----------------===//
//
// Each ck.tile_load becomes the thread's vector loads, one per result: the
// memref indices and validity of its position (ck.coord_access, with the
// unit's existence and the op's condition: one linear index into the memref
// collapsed to one dimension), then a ck.guarded_load, which
// yields zero where that is false and which each target lowers its own way.
// Each ck.tile_store_lds becomes its units' vector stores into LDS, transposed
// in registers where the plan transposes, under an scf.if for units of a
// partial last round. The units' places in the tile are computed once per
// thread index, before its first copy (emitUnitPosition, the arithmetic
// ck-pipeline started the positions with, so CSE keeps one of each). Each
// ck.tile_copy_async becomes one ck.async_copy per vector, from the load's
// position to the store's place, bypassing the L1 where the tile's rows are
// whole contiguous runs of the source; with a plan in LDS order the places
// are the units' slots, in lane order, and units in a row's pad copy zeros.
//
//===----------------------------------------------------------------------===//

#include "ck/Conversion/KernelBuilding.h"
#include "ck/Conversion/Passes.h"
#include "ck/Conversion/TileCopyPlan.h"
#include "ck/Dialect/CK/Utils/LdsSwizzle.h"
#include "ck/Dialect/CK/Utils/ViewAnalysis.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

#include "llvm/ADT/TypeSwitch.h"

#include <map>

namespace mlir::ck {
#define GEN_PASS_DEF_CKLOWERTILECOPIES
#include "ck/Conversion/Passes.h.inc"
} // namespace mlir::ck

using namespace mlir;
using namespace mlir::ck;

namespace {

/// Where unit `i` of thread `tid` (at `unit`) starts in its LDS tile of
/// `elementType`: (row, column) of the [outer][inner] tile, the LDS
/// dimension innermost, through the plan's swizzle where it has one; the
/// unit's slot where the plan is in LDS order.
std::pair<Value, Value> ldsPlace(OpBuilder &b, Location loc, CopyPlanAttr plan,
                                 Value tid, int64_t i, const UnitPosition &unit,
                                 Type elementType) {
  if (plan.getLdsOrder())
    return emitLdsOrderSlot(b, loc, plan, tid, i);
  auto [outer, inner] = plan.getLdsDim() == 0
                            ? std::make_pair(unit.col, unit.row)
                            : std::make_pair(unit.row, unit.col);
  if (!plan.getSwizzle())
    return {outer, inner};
  return emitSwizzledPlace(b, loc, plan.getSwizzle(),
                           elementType.getIntOrFloatBitWidth() / 8,
                           plan.extent(1 - plan.getLdsDim()),
                           plan.extent(plan.getLdsDim()), outer, inner);
}

/// The units' positions of each (thread index, plan), and their places in
/// LDS, made once, before the first copy of that thread index in the block
/// that defines it (so they dominate every copy, a swizzle's arithmetic
/// stays out of the loops, and they follow what ck-pipeline made from the
/// same index, which CSE then shares).
class UnitPositions {
public:
  /// Makes the positions of every unit of `copies`, before any is lowered.
  explicit UnitPositions(ArrayRef<Operation *> copies) {
    std::map<const void *, Operation *> firstCopy;
    for (Operation *op : copies) {
      Value tid = threadOf(op);
      Operation *&first = firstCopy[tid.getAsOpaquePointer()];
      Operation *here = tid.getParentBlock()->findAncestorOpInBlock(*op);
      if (!first || here->isBeforeInBlock(first))
        first = here;
    }
    for (Operation *op : copies) {
      Value tid = threadOf(op);
      CopyPlanAttr plan = planOf(op);
      OpBuilder b(firstCopy[tid.getAsOpaquePointer()]);
      int64_t elementBytes = elementTypeOf(op).getIntOrFloatBitWidth() / 8;
      for (int64_t i = 0; i < plan.unitsPerThread(); ++i) {
        auto key = std::make_tuple(tid.getAsOpaquePointer(),
                                   plan.getAsOpaquePointer(), i);
        if (!positions.count(key))
          positions[key] =
              emitUnitPosition(b, tid.getLoc(), plan, elementBytes, tid, i);
        if (Type elementType = ldsElementTypeOf(op);
            elementType && !places.count(key))
          places[key] = ldsPlace(b, tid.getLoc(), plan, tid, i, positions[key],
                                 elementType);
      }
    }
  }

  const UnitPosition &get(Value tid, CopyPlanAttr plan, int64_t i) const {
    return positions.at(std::make_tuple(tid.getAsOpaquePointer(),
                                        plan.getAsOpaquePointer(), i));
  }
  /// Where unit `i` starts in its LDS tile (ldsPlace), for copies to LDS.
  std::pair<Value, Value> getPlace(Value tid, CopyPlanAttr plan,
                                   int64_t i) const {
    return places.at(std::make_tuple(tid.getAsOpaquePointer(),
                                     plan.getAsOpaquePointer(), i));
  }

private:
  static Value threadOf(Operation *op) {
    return TypeSwitch<Operation *, Value>(op)
        .Case<TileLoadOp, TileStoreLdsOp, TileCopyAsyncOp>(
            [](auto copy) { return copy.getThread(); });
  }
  /// The element type `op` copies.
  static Type elementTypeOf(Operation *op) {
    return TypeSwitch<Operation *, Type>(op)
        .Case<TileLoadOp, TileCopyAsyncOp>([](auto copy) -> Type {
          return cast<ShapedType>(copy.getView().getType()).getElementType();
        })
        .Case<TileStoreLdsOp>([](TileStoreLdsOp store) -> Type {
          return store.getLds().getType().getElementType();
        });
  }
  /// The element type of the LDS tile `op` writes; null for loads.
  static Type ldsElementTypeOf(Operation *op) {
    return TypeSwitch<Operation *, Type>(op)
        .Case<TileStoreLdsOp, TileCopyAsyncOp>([](auto copy) -> Type {
          return copy.getLds().getType().getElementType();
        })
        .Default([](Operation *) { return Type(); });
  }
  static CopyPlanAttr planOf(Operation *op) {
    return TypeSwitch<Operation *, CopyPlanAttr>(op)
        .Case<TileLoadOp, TileStoreLdsOp, TileCopyAsyncOp>(
            [](auto copy) { return copy.getPlan(); });
  }

  std::map<std::tuple<const void *, const void *, int64_t>, UnitPosition>
      positions;
  std::map<std::tuple<const void *, const void *, int64_t>,
           std::pair<Value, Value>>
      places;
};

/// Opens an scf.if on the unit's existence where unit `i` may not exist (a
/// partial last round of `plan`), so that what `b` builds next runs only
/// for units that do.
void guardPartialRound(OpBuilder &b, Location loc, CopyPlanAttr plan, int64_t i,
                       const UnitPosition &unit,
                       std::optional<OpBuilder::InsertionGuard> &guard) {
  if ((i + 1) * plan.getThreads() <= plan.units())
    return;
  guard.emplace(b);
  auto ifOp = scf::IfOp::create(b, loc, unit.exists, /*withElseRegion=*/false);
  b.setInsertionPointToStart(ifOp.thenBlock());
}

/// Moves a position evaluated for one copy alone (an evaluating copy's
/// ck.coord_init) down to it, so that each evaluation is used as soon as it
/// is made: such copies are the ones short of registers.
void sinkPositionInto(Value position, Operation *op) {
  if (auto init = position.getDefiningOp<CoordInitOp>();
      init && init->hasOneUse() && init->getBlock() == op->getBlock())
    init->moveBefore(op);
}

/// The memref a copy's view starts at; an error on `op` where its chain
/// does not start at one or the memref is not contiguous (the copies read
/// it collapsed to one dimension).
FailureOr<Value> sourceMemref(Operation *op, Value view) {
  FailureOr<TracedView> traced = traceView(view);
  if (failed(traced))
    return op->emitOpError() << "needs a view whose chain starts at a memref";
  auto type = cast<MemRefType>(traced->memref.getType());
  if (!type.getLayout().isIdentity())
    return op->emitOpError() << "reads " << type
                             << ", which is not contiguous (the identity "
                                "layout): copies address it by one index";
  return traced->memref;
}

/// The memrefs the copies read, each as the copies address it: collapsed
/// to one dimension (made once, where the memref is defined), so that an
/// access is one linear index, which the cursor computes in its own integer
/// type. The copies read static, contiguous memrefs (sourceMemref says
/// where one is not).
class CopySources {
public:
  /// `memref` as the copies address it.
  Value get(Value memref) {
    auto type = cast<MemRefType>(memref.getType());
    if (type.getRank() <= 1)
      return memref;
    Value &flat = collapsed[memref];
    if (!flat) {
      OpBuilder b(memref.getContext());
      b.setInsertionPointAfterValue(memref);
      SmallVector<ReassociationIndices> all = {
          llvm::to_vector(llvm::seq<int64_t>(0, type.getRank()))};
      flat = memref::CollapseShapeOp::create(b, memref.getLoc(), memref, all);
    }
    return flat;
  }

private:
  DenseMap<Value, Value> collapsed;
};

/// The linear index into `view`'s memref and the validity of `position`,
/// where `enabled`: the copy's `bounds` are checked (rows and columns where
/// it has none), the batch is in range by construction.
CoordAccessOp emitAccess(OpBuilder &b, Location loc, Value view, Value position,
                         Value enabled,
                         std::optional<ArrayRef<int64_t>> bounds) {
  return CoordAccessOp::create(
      b, loc, b.getIndexType(), b.getI1Type(), view, position,
      b.getDenseI64ArrayAttr(bounds.value_or(ArrayRef<int64_t>{1, 2})), enabled,
      b.getUnitAttr());
}

LogicalResult lowerTileLoad(TileLoadOp op, const UnitPositions &units,
                            CopySources &sources) {
  FailureOr<Value> memref = sourceMemref(op, op.getView());
  if (failed(memref))
    return failure();
  CopyPlanAttr plan = op.getPlan();
  OpBuilder b(op);
  Location loc = op.getLoc();
  SmallVector<Value> rows;
  for (auto [row, position] : llvm::enumerate(op.getPositions())) {
    sinkPositionInto(position, op);
    int64_t unit = row / plan.loadsPerUnit();
    Value exists = units.get(op.getThread(), plan, unit).exists;
    if (Value condition = op.getCondition())
      exists = arith::AndIOp::create(b, loc, exists, condition);
    CoordAccessOp access =
        emitAccess(b, loc, op.getView(), position, exists, op.getBounds());
    // The whole vector shares the first element's validity, and its start
    // is aligned (see contiguousVectorWidth).
    rows.push_back(GuardedLoadOp::create(
        b, loc, op.getRows()[row].getType(), sources.get(*memref),
        access.getIndices(), access.getValid()));
  }
  op.replaceAllUsesWith(rows);
  op.erase();
  return success();
}

void lowerTileStoreLds(TileStoreLdsOp op, const UnitPositions &units) {
  CopyPlanAttr plan = op.getPlan();
  OpBuilder b(op);
  Location loc = op.getLoc();
  OperandRange loaded = op.getValues();
  Type elementType =
      cast<VectorType>(loaded.front().getType()).getElementType();
  int64_t width = plan.unitExtent(plan.getLdsDim());
  auto vectorType = VectorType::get({width}, elementType);
  int64_t across = 1 - plan.getLdsDim();
  int64_t loadsPerUnit = plan.loadsPerUnit();
  for (int64_t i = 0; i < plan.unitsPerThread(); ++i) {
    const UnitPosition &unit = units.get(op.getThread(), plan, i);
    std::optional<OpBuilder::InsertionGuard> guard;
    guardPartialRound(b, loc, plan, i, unit, guard);
    auto [outer, inner] = units.getPlace(op.getThread(), plan, i);
    for (int64_t s = 0; s < plan.unitExtent(across); ++s) {
      // Without a transposition the store is the loaded row; with one,
      // element t of store s is element s of the unit's load t.
      Value value = loaded[i * loadsPerUnit + s];
      if (plan.transposes()) {
        SmallVector<Value> elements;
        for (int64_t t = 0; t < width; ++t)
          elements.push_back(vector::ExtractOp::create(
              b, loc, loaded[i * loadsPerUnit + t], s));
        value = vector::FromElementsOp::create(b, loc, vectorType, elements);
      }
      SmallVector<Value, 3> indices;
      if (Value slot = op.getSlot())
        indices.push_back(slot);
      indices.push_back(
          s ? arith::AddIOp::create(b, loc, outer, indexConstant(b, loc, s))
            : outer);
      indices.push_back(inner);
      storeAlignedVector(b, loc, value, op.getLds(), indices);
    }
  }
  op.erase();
}

/// Whether the copies of `plan` may bypass the L1: they are 16 bytes wide
/// and every row of the tile along the load dimension is one contiguous
/// run of `view`'s memref (a power of two long), so the workgroup reads no
/// element of a tile twice. Windows of few channels (grouped layers) read
/// the same elements for several taps of one row, and the L1 serves the
/// repeats: on the H100 (sm_80 code) the G = 32 RetinaNet layers of 8 and
/// 16 channels took up to 1.45x as long with every copy bypassing it,
/// where the others took 0.83x to 1.0x (bench/results/h100-mma-occupancy/).
static bool bypassesL1(Value view, CopyPlanAttr plan, Type elementType) {
  FailureOr<TracedView> traced = traceView(view);
  int64_t extent = plan.extent(plan.getLoadDim());
  return succeeded(traced) &&
         plan.getLoadWidth() * elementType.getIntOrFloatBitWidth() == 128 &&
         llvm::isPowerOf2_64(extent) &&
         contiguousVectorWidth(*traced, plan.getLoadDim() + 1, extent) ==
             extent;
}

/// Each vector of the copy (one per unit: it does not transpose) as one
/// ck.async_copy from its position to its unit's place in LDS, skipped for
/// units of a partial last round; bypassing the L1 where bypassesL1 says.
/// A plan in LDS order makes the copies `lane_order`, and its units in a
/// row's pad copy zeros.
LogicalResult lowerTileCopyAsync(TileCopyAsyncOp op, const UnitPositions &units,
                                 CopySources &sources) {
  FailureOr<Value> memref = sourceMemref(op, op.getView());
  if (failed(memref))
    return failure();
  CopyPlanAttr plan = op.getPlan();
  bool bypassL1 =
      bypassesL1(op.getView(), plan, op.getLds().getType().getElementType());
  OpBuilder b(op);
  Location loc = op.getLoc();
  for (auto [i, position] : llvm::enumerate(op.getPositions())) {
    const UnitPosition &unit = units.get(op.getThread(), plan, i);
    sinkPositionInto(position, op);
    std::optional<OpBuilder::InsertionGuard> guard;
    guardPartialRound(b, loc, plan, i, unit, guard);
    Value enabled =
        op.getCondition()
            ? op.getCondition()
            : arith::ConstantIntOp::create(b, loc, 1, 1).getResult();
    if (unit.inTile)
      enabled = arith::AndIOp::create(b, loc, enabled, unit.inTile);
    CoordAccessOp access =
        emitAccess(b, loc, op.getView(), position, enabled, op.getBounds());
    auto [outer, inner] = units.getPlace(op.getThread(), plan, i);
    SmallVector<Value, 3> ldsIndices;
    if (Value slot = op.getSlot())
      ldsIndices.push_back(slot);
    ldsIndices.append({outer, inner});
    AsyncCopyOp::create(b, loc, sources.get(*memref), access.getIndices(),
                        op.getLds(), ldsIndices, plan.getLoadWidth(), bypassL1,
                        plan.getLdsOrder(), access.getValid());
  }
  op.erase();
  return success();
}

struct CKLowerTileCopiesPass
    : public ck::impl::CKLowerTileCopiesBase<CKLowerTileCopiesPass> {
  void runOnOperation() override {
    SmallVector<Operation *> copies;
    getOperation()->walk([&](Operation *op) {
      if (isa<TileLoadOp, TileStoreLdsOp, TileCopyAsyncOp>(op))
        copies.push_back(op);
    });
    UnitPositions units(copies);
    CopySources sources;
    for (Operation *op : copies) {
      if (auto store = dyn_cast<TileStoreLdsOp>(op)) {
        lowerTileStoreLds(store, units);
        continue;
      }
      if (auto copy = dyn_cast<TileCopyAsyncOp>(op)) {
        if (failed(lowerTileCopyAsync(copy, units, sources)))
          return signalPassFailure();
        continue;
      }
      if (failed(lowerTileLoad(cast<TileLoadOp>(op), units, sources)))
        return signalPassFailure();
    }
  }
};

} // namespace
