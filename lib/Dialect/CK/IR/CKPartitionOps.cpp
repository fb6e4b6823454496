//===- CKPartitionOps.cpp - ck partition operations -----------------------===//

#include "ck/Dialect/CK/IR/CK.h"
#include "ck/Support/Limits.h"

#include "llvm/Support/CheckedArithmetic.h"

using namespace mlir;
using namespace mlir::ck;

/// Checks that a static `workspace` holds `floats`.
static LogicalResult verifyWorkspaceHolds(Operation *op, MemRefType workspace,
                                          int64_t floats, StringRef what) {
  if (workspace.hasStaticShape() && workspace.getNumElements() < floats)
    return op->emitOpError() << "workspace of " << workspace.getNumElements()
                             << " floats cannot hold " << what << " ("
                             << floats << " floats)";
  return success();
}

/// The floats of one partial tile of `acc`.
static int64_t slotFloats(AccType acc) {
  return acc.getShape()[0] * acc.getShape()[1];
}

//===----------------------------------------------------------------------===//
// PartitionOp
//===----------------------------------------------------------------------===//

AccType PartitionOp::getAccType() {
  auto yield = cast<YieldOp>(getUnit().front().getTerminator());
  return cast<AccType>(yield.getValues().front().getType());
}

int64_t PartitionOp::getTileCount() {
  ArrayRef<int64_t> tiles = getTiles();
  return tiles[0] * tiles[1] * tiles[2];
}

LogicalResult PartitionOp::verifyRegions() {
  ArrayRef<int64_t> tiles = getTiles();
  if (tiles.size() != 3)
    return emitOpError() << "tiles counts a batch, rows and columns of tiles; "
                            "got "
                         << tiles.size() << " counts";
  for (int64_t count : tiles)
    if (count < 1 || count > cklimits::kMaxGrid[0])
      return emitOpError() << "tile counts must be in [1, "
                           << cklimits::kMaxGrid[0] << "], got " << count;
  std::array<int64_t, 3> grid = getPartition().getGrid(tiles);
  for (int i = 0; i < 3; ++i)
    if (grid[i] > cklimits::kMaxGrid[i])
      return emitOpError() << "needs a grid of " << grid[0] << " x "
                           << grid[1] << " x " << grid[2]
                           << " workgroups, more than GPUs launch";

  Block &unit = getUnit().front();
  Type index = IndexType::get(getContext());
  if (unit.getNumArguments() != 5 ||
      !llvm::all_of(unit.getArgumentTypes(),
                    [&](Type type) { return type == index; }))
    return emitOpError() << "unit takes (g, m0, n0, k0, k1) as indices";
  auto unitYield = cast<YieldOp>(unit.getTerminator());
  if (unitYield.getValues().size() != 1 ||
      !isa<AccType>(unitYield.getValues().front().getType()))
    return emitOpError() << "unit yields one accumulator tile";
  AccType acc = getAccType();

  Block &epilogue = getEpilogue().front();
  TypeRange epilogueArgs = epilogue.getArgumentTypes();
  if (epilogueArgs.size() != 4 || epilogueArgs[0] != index ||
      epilogueArgs[1] != index || epilogueArgs[2] != index ||
      epilogueArgs[3] != acc)
    return emitOpError() << "epilogue takes (g, m0, n0) as indices and the "
                            "unit's "
                         << acc;
  if (!cast<YieldOp>(epilogue.getTerminator()).getValues().empty())
    return emitOpError() << "epilogue yields nothing";

  bool usesWorkspace = getPartition().usesWorkspace();
  if (usesWorkspace != static_cast<bool>(getWorkspace()))
    return emitOpError() << getPartition()
                         << (usesWorkspace ? " needs a workspace for its "
                                             "partial tiles"
                                           : " takes no workspace");
  if (!usesWorkspace)
    return success();
  // Slots of at most 2^24 floats; 2^16 ranges of 2^47 tiles may overflow.
  std::optional<int64_t> floats = llvm::checkedMul(
      getPartition().getKBatch(), getTileCount());
  if (floats)
    floats = llvm::checkedMul(*floats, slotFloats(acc));
  if (!floats)
    return emitOpError() << "needs more partial tiles than memory holds";
  return verifyWorkspaceHolds(*this, getWorkspace().getType(), *floats,
                              "a partial tile per K range of every tile");
}

//===----------------------------------------------------------------------===//
// Partial tiles
//===----------------------------------------------------------------------===//

LogicalResult PartialStoreOp::verify() {
  return verifyWorkspaceHolds(*this, getWorkspace().getType(),
                              slotFloats(getAcc().getType()), "one slot");
}

LogicalResult PartialAccumulateOp::verify() {
  return verifyWorkspaceHolds(*this, getWorkspace().getType(),
                              slotFloats(getAcc().getType()), "one slot");
}
