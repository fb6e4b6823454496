//===- TileCopier.cpp - Emitting an operand tile's copy to LDS ------------===//

#include "TileCopier.h"

#include "ck/Conversion/KernelBuilding.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::ck;

static unsigned otherDim(unsigned dim) { return 1 - dim; }

int64_t TileCopier::unitsPerThread() const {
  return llvm::divideCeil(plan.units(), threads);
}

std::tuple<Value, Value, Value> TileCopier::unitPosition(Value tid,
                                                         int64_t i) {
  Value unit =
      arith::AddIOp::create(b, loc, tid, indexConstant(b, loc, i * threads));
  // Neighbouring threads take neighbouring units along the LDS dimension,
  // so that their LDS stores fall in different banks (along the load
  // dimension they would be whole LDS rows apart). Without a transposition
  // that is also the load dimension, and their loads are contiguous; with
  // one, each thread's loads still fill whole sectors.
  unsigned fast = plan.ldsDim;
  int64_t perLine = plan.extent(fast) / plan.unitExtent(fast);
  Value along = arith::MulIOp::create(
      b, loc,
      arith::RemUIOp::create(b, loc, unit, indexConstant(b, loc, perLine)),
      indexConstant(b, loc, plan.unitExtent(fast)));
  Value line = arith::MulIOp::create(
      b, loc,
      arith::DivUIOp::create(b, loc, unit, indexConstant(b, loc, perLine)),
      indexConstant(b, loc, plan.unitExtent(otherDim(fast))));
  Value exists = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, unit,
                                       indexConstant(b, loc, plan.units()));
  if (fast == 0)
    return {along, line, exists};
  return {line, along, exists};
}

SmallVector<LoadPosition> TileCopier::startCursors(Value tid, Value g,
                                                 Value row0, Value col0) {
  SmallVector<LoadPosition> cursors;
  units.clear();
  unsigned across = otherDim(plan.loadDim);
  auto plus = [&](Value x, int64_t c) -> Value {
    return c ? arith::AddIOp::create(b, loc, x, indexConstant(b, loc, c))
             : x;
  };
  Type coordType = cursorElementType(b.getContext(), view);
  for (int64_t i = 0; i < unitsPerThread(); ++i) {
    auto [r, c, exists] = unitPosition(tid, i);
    units.emplace_back(r, c, exists);
    for (int64_t j = 0; j < plan.loadsPerUnit(); ++j) {
      Value row = arith::AddIOp::create(b, loc, row0,
                                        plus(r, across == 0 ? j : 0));
      Value col = arith::AddIOp::create(b, loc, col0,
                                        plus(c, across == 1 ? j : 0));
      SmallVector<Value> coords = {g, row, col};
      if (isIncremental()) {
        cursors.push_back({{CoordInitOp::create(
            b, loc, coordTypeOf(b.getContext(), view), viewValue, coords)}});
        continue;
      }
      // The view coordinates alone, in the cursor's integer type.
      for (Value &coord : coords)
        if (coord.getType() != coordType)
          coord = arith::IndexCastOp::create(b, loc, coordType, coord);
      cursors.push_back({coords});
    }
  }
  return cursors;
}

int64_t TileCopier::cursorValues() const {
  return unitsPerThread() * plan.loadsPerUnit() *
         int64_t(carriedPerCursor(view));
}

bool TileCopier::isIncremental() const {
  return cursorValues() <= maxCursorValues;
}

SmallVector<LoadPosition> TileCopier::advance(ArrayRef<LoadPosition> cursors,
                                            ArrayRef<int64_t> delta) {
  SmallVector<LoadPosition> moved;
  for (const LoadPosition &cursor : cursors) {
    if (isIncremental())
      moved.push_back({{CoordAdvanceOp::create(
          b, loc, cursor.values.front().getType(), viewValue,
          cursor.values.front(), delta)}});
    else
      moved.push_back(
          {emitMovedViewCoords(b, loc, ViewCursor{cursor.values}, delta)});
  }
  return moved;
}

void TileCopier::appendCarried(SmallVectorImpl<Value> &values,
                               ArrayRef<LoadPosition> cursors) {
  for (const LoadPosition &cursor : cursors)
    llvm::append_range(values, cursor.values);
}

SmallVector<LoadPosition> TileCopier::takeCarried(ValueRange &values) {
  size_t size = isIncremental() ? 1 : 3;
  SmallVector<LoadPosition> cursors;
  for (int64_t i = 0; i < unitsPerThread() * plan.loadsPerUnit(); ++i) {
    cursors.push_back({SmallVector<Value>(values.take_front(size))});
    values = values.drop_front(size);
  }
  return cursors;
}

SmallVector<Value> TileCopier::load(ArrayRef<LoadPosition> cursors,
                                    Value enabled) {
  SmallVector<Value> values;
  for (auto [index, cursor] : llvm::enumerate(cursors)) {
    Value exists = std::get<2>(units[index / plan.loadsPerUnit()]);
    if (enabled)
      exists = arith::AndIOp::create(b, loc, exists, enabled);
    // An evaluating copy starts from the view coordinates at each step.
    Value coord = isIncremental()
                      ? cursor.values.front()
                      : CoordInitOp::create(b, loc,
                                            coordTypeOf(b.getContext(), view),
                                            viewValue, cursor.values)
                            .getResult();
    int64_t rank = cast<MemRefType>(view.memref.getType()).getRank();
    // Rows and columns are checked; the batch is in range by construction.
    auto access = CoordAccessOp::create(
        b, loc, SmallVector<Type>(rank, b.getIndexType()), b.getI1Type(),
        viewValue, coord, b.getDenseI64ArrayAttr({1, 2}), exists);
    // The whole vector shares the first element's validity, and its start
    // is aligned (see contiguousVectorWidth).
    Value loaded = emitGuardedLoad(
        b, loc, view.memref,
        ViewAccess{SmallVector<Value>(access.getIndices()), access.getValid()},
        plan.loadWidth);
    if (plan.loadWidth == 1)
      loaded = vector::BroadcastOp::create(
          b, loc, VectorType::get({1}, elementType), loaded);
    values.push_back(loaded);
  }
  return values;
}

void TileCopier::store(Value lds, Value buffer, ArrayRef<Value> loaded) {
  int64_t width = plan.unitExtent(plan.ldsDim);
  auto vectorType = VectorType::get({width}, elementType);
  unsigned across = otherDim(plan.ldsDim);
  int64_t loadsPerUnit = plan.loadsPerUnit();
  for (int64_t i = 0; i < unitsPerThread(); ++i) {
    ArrayRef<Value> unit = loaded.slice(i * loadsPerUnit, loadsPerUnit);
    auto [r, c, exists] = units[i];
    std::optional<OpBuilder::InsertionGuard> guard;
    if ((i + 1) * threads > plan.units()) {
      guard.emplace(b);
      auto ifOp = scf::IfOp::create(b, loc, exists, /*withElseRegion=*/false);
      b.setInsertionPointToStart(ifOp.thenBlock());
    }
    Value inner = plan.ldsDim == 0 ? r : c;
    Value outer = plan.ldsDim == 0 ? c : r;
    for (int64_t s = 0; s < plan.unitExtent(across); ++s) {
      // Without a transposition the store is the loaded vector; with one,
      // element t of store s is element s of load t.
      Value value = unit[s];
      if (plan.transposes()) {
        SmallVector<Value> elements;
        for (int64_t t = 0; t < width; ++t)
          elements.push_back(vector::ExtractOp::create(b, loc, unit[t], s));
        value = vector::FromElementsOp::create(b, loc, vectorType, elements);
      }
      SmallVector<Value, 3> indices;
      if (buffer)
        indices.push_back(buffer);
      indices.push_back(
          s ? arith::AddIOp::create(b, loc, outer, indexConstant(b, loc, s))
            : outer);
      indices.push_back(inner);
      storeAlignedVector(b, loc, value, lds, indices);
    }
  }
}
