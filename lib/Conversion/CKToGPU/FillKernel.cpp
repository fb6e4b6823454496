//===- FillKernel.cpp - The elementwise fill kernel -----------------------===//
//
// One thread per element of the destination view: writes beta * sum(D), or
// zero without D tensors. Padding in the destination is never written.
//
//===----------------------------------------------------------------------===//

#include "Kernels.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::ck;

static constexpr int64_t kFillBlockSize = 256;

FailureOr<KernelLaunch> mlir::ck::buildFillKernel(FillOp op,
                                                  gpu::GPUModuleOp module,
                                                  StringRef name) {
  Location loc = op.getLoc();
  SmallVector<Value> operands = {op.getDest()};
  llvm::append_range(operands, op.getDs());
  FailureOr<SmallVector<TracedView>> traced = traceOperands(op, operands);
  if (failed(traced))
    return failure();
  SmallVector<TracedView> views = std::move(*traced);
  KernelSkeleton skeleton(module, loc, name, views, kFillBlockSize);
  OpBuilder &b = skeleton.builder;
  auto shape = cast<ShapedType>(op.getDest().getType()).getShape();
  ElementThread thread = mapThreadToElement(b, loc, shape, kFillBlockSize);
  ViewAccess out =
      emitViewAccess(b, loc, views[0], thread.coord, thread.inBounds);
  auto ifOp = scf::IfOp::create(b, loc, out.valid, /*else=*/false);
  b.setInsertionPointToStart(ifOp.thenBlock());
  SmallVector<Value> ds;
  for (const TracedView &d : ArrayRef(views).drop_front())
    ds.push_back(emitGuardedLoad(b, loc, d.memref,
                                 emitViewAccess(b, loc, d, thread.coord,
                                                nullptr)));
  Type elementType = cast<ShapedType>(op.getDest().getType()).getElementType();
  Value zero = arith::ConstantOp::create(b, loc, b.getF32FloatAttr(0.0f));
  Value value = emitEpilogue(b, loc, zero, /*alpha=*/0.0,
                             op.getBeta().convertToDouble(), ds, elementType);
  memref::StoreOp::create(b, loc, value, views[0].memref, out.indices);
  b.setInsertionPointAfter(ifOp);
  gpu::ReturnOp::create(b, loc);
  return KernelLaunch{skeleton.func,
                      skeleton.hostArgs,
                      elementwiseGrid(shape, kFillBlockSize),
                      {kFillBlockSize, 1, 1},
                      /*ldsBytes=*/0,
                      /*facts=*/{},
                      /*launchTimeGrid=*/{}};
}
