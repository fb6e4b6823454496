//===- TileCopier.cpp - Placing an operand tile's copy to LDS -------------===//

#include "TileCopier.h"

#include "ck/Conversion/KernelBuilding.h"
#include "ck/Dialect/CK/Utils/ViewCursor.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace mlir::ck;

SmallVector<LoadPosition> TileCopier::startCursors(Value g, Value row0,
                                                   Value col0) {
  SmallVector<LoadPosition> cursors;
  int64_t across = 1 - plan.getLoadDim();
  auto plus = [&](Value x, int64_t c) -> Value {
    return c ? arith::AddIOp::create(b, loc, x, indexConstant(b, loc, c))
             : x;
  };
  Type coordType = cursorElementType(b.getContext(), view);
  for (int64_t i = 0; i < plan.unitsPerThread(); ++i) {
    UnitPosition unit = emitUnitPosition(b, loc, plan, elementBytes(), tid, i);
    for (int64_t j = 0; j < plan.loadsPerUnit(); ++j) {
      Value row = arith::AddIOp::create(b, loc, row0,
                                        plus(unit.row, across == 0 ? j : 0));
      Value col = arith::AddIOp::create(b, loc, col0,
                                        plus(unit.col, across == 1 ? j : 0));
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

int64_t TileCopier::countCursorValues() const {
  SmallVector<bool> moving = cursorMovingValues(view.maps, step);
  int64_t movingValues = llvm::count(moving, true);
  int64_t fixedValues = int64_t(moving.size()) - movingValues;
  // The tile dimension K is not (the view's dimension less 1): the rows
  // where K is the columns.
  int64_t across = 2 - kDim();
  return plan.loadsPerThread() * movingValues +
         plan.loadPlacesPerThread(across, elementBytes()) * fixedValues;
}

bool TileCopier::isIncremental() const {
  return cursorValues() <= maxCursorValues;
}

SmallVector<LoadPosition> TileCopier::advance(ArrayRef<LoadPosition> cursors) {
  SmallVector<LoadPosition> moved;
  for (const LoadPosition &cursor : cursors) {
    if (isIncremental())
      moved.push_back(
          {{CoordAdvanceOp::create(b, loc, cursor.values.front().getType(),
                                   viewValue, cursor.values.front(), step)}});
    else
      moved.push_back(
          {emitMovedViewCoords(b, loc, ViewCursor{cursor.values}, step)});
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
  for (int64_t i = 0; i < plan.loadsPerThread(); ++i) {
    cursors.push_back({SmallVector<Value>(values.take_front(size))});
    values = values.drop_front(size);
  }
  return cursors;
}

SmallVector<Value> TileCopier::coordinates(ArrayRef<LoadPosition> cursors) {
  SmallVector<Value> positions;
  for (const LoadPosition &cursor : cursors) {
    // An evaluating copy starts from the view coordinates at each step.
    positions.push_back(
        isIncremental()
            ? cursor.values.front()
            : CoordInitOp::create(b, loc, coordTypeOf(b.getContext(), view),
                                  viewValue, cursor.values)
                  .getResult());
  }
  return positions;
}

bool TileCopier::checksK() const {
  int64_t extent = cast<ShapedType>(viewValue.getType()).getDimSize(kDim());
  return ShapedType::isDynamic(extent) || extent % step[kDim()] != 0;
}

DenseI64ArrayAttr TileCopier::bounds() const {
  if (checksK())
    return {};
  return b.getDenseI64ArrayAttr({3 - kDim()});
}

SmallVector<Value> TileCopier::load(ArrayRef<LoadPosition> cursors,
                                    Value enabled) {
  SmallVector<Value> positions = coordinates(cursors);
  Type elementType = cast<ShapedType>(viewValue.getType()).getElementType();
  SmallVector<Type> types(positions.size(),
                          VectorType::get({plan.getLoadWidth()}, elementType));
  return TileLoadOp::create(b, loc, types, viewValue, positions, tid, bounds(),
                            enabled, plan)
      .getResults();
}

void TileCopier::store(Value lds, Value buffer, ValueRange loaded) {
  TileStoreLdsOp::create(b, loc, loaded, lds, buffer, tid, plan);
}

bool TileCopier::canCopyAsync(bool laneOrder) const {
  return copiesAsync(plan, elementType(), laneOrder);
}

void TileCopier::copyAsync(ArrayRef<LoadPosition> cursors, Value enabled,
                           Value lds, Value buffer) {
  TileCopyAsyncOp::create(b, loc, viewValue, coordinates(cursors), lds, buffer,
                          tid, bounds(), enabled, plan);
}
