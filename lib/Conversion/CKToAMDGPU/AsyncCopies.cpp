//===- AsyncCopies.cpp - gfx950's asynchronous copies to LDS -------------===//

#include "AsyncCopies.h"

#include "ck/Conversion/KernelBuilding.h"
#include "ck/Conversion/WaveOpLowering.h"
#include "ck/Dialect/CK/IR/CK.h"

#include "mlir/Dialect/AMDGPU/IR/AMDGPUDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace mlir::ck;

SmallVector<Value> mlir::ck::emitBufferIndices(OpBuilder &b, Location loc,
                                               MemRefType type,
                                               ValueRange indices, Value valid,
                                               Type indexType) {
  SmallVector<Value> result;
  for (auto [dim, index] : llvm::enumerate(indices)) {
    int64_t outsideValue = dim == 0 ? type.getDimSize(0) : 0;
    Value outside =
        indexType.isIndex()
            ? indexConstant(b, loc, outsideValue)
            : arith::ConstantIntOp::create(b, loc, indexType, outsideValue)
                  .getResult();
    if (index.getType() != indexType)
      index = arith::IndexCastOp::create(b, loc, indexType, index);
    result.push_back(
        arith::SelectOp::create(b, loc, valid, index, outside).getResult());
  }
  return result;
}

/// The copies of the group `commit` closes that its block surely issues:
/// those directly in the block since the previous commit (copies under an
/// scf.if may be skipped by a whole wave).
static int64_t countSureCopies(AsyncCommitOp commit) {
  int64_t copies = 0;
  for (Operation *op = commit->getPrevNode(); op && !isa<AsyncCommitOp>(op);
       op = op->getPrevNode())
    copies += isa<AsyncCopyOp>(op);
  return copies;
}

FailureOr<AsyncCopyLowering> AsyncCopyLowering::analyze(Operation *root) {
  std::optional<int64_t> fewest;
  DenseSet<Operation *> functions;
  WalkResult walk = root->walk([&](Operation *op) {
    if (auto commit = dyn_cast<AsyncCommitOp>(op)) {
      int64_t copies = countSureCopies(commit);
      fewest = fewest ? std::min(*fewest, copies) : copies;
      return WalkResult::advance();
    }
    auto copy = dyn_cast<AsyncCopyOp>(op);
    if (!copy)
      return WalkResult::advance();
    functions.insert(copy->getParentOfType<FunctionOpInterface>());
    MemRefType type = copy.getMemref().getType();
    int64_t bytes = static_cast<int64_t>(copy.getElements()) *
                    type.getElementTypeBitWidth() / 8;
    if (!copy.getLaneOrder()) {
      copy.emitOpError() << "needs `lane_order`: AMD's loads to LDS write a "
                            "wave's vectors one after another in lane order "
                            "(a copy plan in LDS order gives that)";
      return WalkResult::interrupt();
    }
    if (bytes != 4 && bytes != 16) {
      copy.emitOpError() << "copies " << bytes
                         << " bytes; AMD's loads to LDS copy 4 or 16";
      return WalkResult::interrupt();
    }
    if (!type.hasStaticShape() ||
        type.getNumElements() * type.getElementTypeBitWidth() / 8 >=
            kBufferBytes) {
      copy.emitOpError() << "reads " << type
                         << ", which is not a static memref under 2 GiB: "
                            "AMD's loads to LDS read buffers (32-bit offsets)";
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return failure();
  return AsyncCopyLowering(fewest.value_or(0), std::move(functions));
}

bool AsyncCopyLowering::inFunctionWithCopies(Operation *op) const {
  return functionsWithCopies.contains(
      op->getParentOfType<FunctionOpInterface>());
}

void AsyncCopyLowering::lowerLdsBarrier(RewriterBase &b, LdsBarrierOp op) {
  Location loc = op.getLoc();
  amdgpu::MemoryCounterWaitOp::create(b, loc, IntegerAttr(), IntegerAttr(),
                                      b.getI32IntegerAttr(0), IntegerAttr(),
                                      IntegerAttr());
  LLVM::FenceOp::create(b, loc, LLVM::AtomicOrdering::release, "singlethread");
  ROCDL::SBarrierOp::create(b, loc);
  LLVM::FenceOp::create(b, loc, LLVM::AtomicOrdering::acquire, "singlethread");
  b.eraseOp(op);
}

Value AsyncCopyLowering::bufferOf(OpBuilder &b, Value memref) {
  Value &buffer = buffers[memref];
  if (!buffer) {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointAfterValue(memref);
    buffer = amdgpu::FatRawBufferCastOp::create(
        b, memref.getLoc(), memref, /*validBytes=*/Value(),
        /*cacheSwizzleStride=*/Value(), /*boundsCheck=*/true,
        /*resetOffset=*/true);
  }
  return buffer;
}

Value AsyncCopyLowering::flatLdsOf(OpBuilder &b, Value lds) {
  auto type = cast<MemRefType>(lds.getType());
  if (type.getRank() == 1)
    return lds;
  Value &flat = flatLds[lds];
  if (!flat) {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointAfterValue(lds);
    SmallVector<ReassociationIndices> all = {
        llvm::to_vector(llvm::seq<int64_t>(0, type.getRank()))};
    flat = memref::CollapseShapeOp::create(b, lds.getLoc(), lds, all);
  }
  return flat;
}

Value AsyncCopyLowering::waveBase(OpBuilder &b, Operation *op,
                                  MemRefType ldsType, ValueRange place,
                                  int64_t elements) {
  Value row = place[0], col = place[1];
  Value &base = waveBases[{row, col}];
  if (base)
    return base;
  OpBuilder::InsertionGuard guard(b);
  // After the later of the two definitions (both come before the copies'
  // loops), so that the base is computed once.
  Value later = row;
  if (Operation *colDef = col.getDefiningOp()) {
    Operation *rowDef = row.getDefiningOp();
    if (!rowDef || (rowDef->getBlock() == colDef->getBlock() &&
                    rowDef->isBeforeInBlock(colDef)))
      later = col;
  }
  if (row.getParentBlock() != col.getParentBlock())
    b.setInsertionPoint(op);
  else
    b.setInsertionPointAfterValue(later);
  Location loc = op->getLoc();
  Value lane = emitLaneIds(b, op, 64).lane;
  Value linear = arith::AddIOp::create(
      b, loc,
      arith::MulIOp::create(
          b, loc, row,
          indexConstant(b, loc, ldsType.getDimSize(ldsType.getRank() - 1))),
      col);
  Value offset = arith::SubIOp::create(
      b, loc, linear,
      arith::MulIOp::create(b, loc, lane, indexConstant(b, loc, elements)));
  Type i32 = b.getI32Type();
  Value uniform = ROCDL::ReadfirstlaneOp::create(
      b, loc, i32, arith::IndexCastOp::create(b, loc, i32, offset));
  base = arith::IndexCastOp::create(b, loc, b.getIndexType(), uniform);
  return base;
}

void AsyncCopyLowering::lower(RewriterBase &b, Operation *op) {
  Location loc = op->getLoc();
  if (isa<AsyncCommitOp>(op)) {
    b.eraseOp(op);
    return;
  }
  if (auto wait = dyn_cast<AsyncWaitOp>(op)) {
    // A count past the counter's largest value is clamped to it, which
    // waits for more loads: still right.
    int64_t loads = wait.getPending() * copiesPerGroup;
    b.replaceOpWithNewOp<amdgpu::MemoryCounterWaitOp>(
        op, b.getI32IntegerAttr(loads), IntegerAttr(), IntegerAttr(),
        IntegerAttr(), IntegerAttr());
    return;
  }
  auto copy = cast<AsyncCopyOp>(op);
  MemRefType type = copy.getMemref().getType();
  SmallVector<Value> indices = emitBufferIndices(
      b, loc, type, copy.getIndices(), copy.getValid(), b.getIndexType());
  // The wave's base: the slot's start plus this lane's place in the slot
  // less `lane` vectors, the same in every lane.
  MemRefType ldsType = copy.getLds().getType();
  ValueRange ldsIndices = copy.getLdsIndices();
  Value ldsBase = waveBase(b, op, ldsType, ldsIndices.take_back(2),
                           static_cast<int64_t>(copy.getElements()));
  if (ldsIndices.size() == 3)
    ldsBase = arith::AddIOp::create(
        b, loc,
        arith::MulIOp::create(
            b, loc, ldsIndices.front(),
            indexConstant(b, loc,
                          ldsType.getDimSize(1) * ldsType.getDimSize(2))),
        ldsBase);
  int64_t elements = static_cast<int64_t>(copy.getElements());
  auto transferType = VectorType::get({elements}, type.getElementType());
  amdgpu::GatherToLDSOp::create(b, loc, bufferOf(b, copy.getMemref()), indices,
                                flatLdsOf(b, copy.getLds()),
                                ValueRange{ldsBase},
                                TypeAttr::get(transferType));
  b.eraseOp(op);
}
