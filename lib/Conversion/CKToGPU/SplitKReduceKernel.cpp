//===- SplitKReduceKernel.cpp - Summing split-K partial tiles -------------===//
//
// One thread per element (g, m, n) of C: sums the f32 partials of every K
// split in split order (so the result does not depend on scheduling),
// applies alpha, beta and the D tensors, and stores through C's view.
//
//===----------------------------------------------------------------------===//

#include "Kernels.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::ck;

static constexpr int64_t kReduceBlockSize = 256;

KernelLaunch mlir::ck::buildSplitKReduceKernel(
    gpu::GPUModuleOp module, Location loc, StringRef name, Value workspace,
    MutableArrayRef<TracedView> epilogueViews, double alpha, double beta) {
  auto shape = cast<MemRefType>(workspace.getType()).getShape();
  int64_t splits = shape[0], g = shape[1], m = shape[2], n = shape[3];
  SmallVector<TracedView> views = {TracedView{workspace, {}}};
  llvm::append_range(views, epilogueViews);
  KernelSkeleton skeleton(module, loc, name, views, kReduceBlockSize);
  OpBuilder &b = skeleton.builder;
  auto cst = [&](int64_t v) {
    return arith::ConstantIndexOp::create(b, loc, v).getResult();
  };
  ElementThread thread =
      mapThreadToElement(b, loc, {g, m, n}, kReduceBlockSize);
  SmallVector<Value> coord = thread.coord;
  Value batch = coord[0], row = coord[1], col = coord[2];

  const TracedView &c = views[1];
  ViewAccess out = emitViewAccess(b, loc, c, coord, thread.inBounds);
  auto ifOp = scf::IfOp::create(b, loc, out.valid, /*else=*/false);
  b.setInsertionPointToStart(ifOp.thenBlock());
  Value zero = arith::ConstantOp::create(b, loc, b.getF32FloatAttr(0.0f));
  auto loop = scf::ForOp::create(b, loc, cst(0), cst(splits), cst(1),
                                 ValueRange{zero});
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(loop.getBody());
    Value partial = memref::LoadOp::create(
        b, loc, views[0].memref,
        ValueRange{loop.getInductionVar(), batch, row, col});
    scf::YieldOp::create(
        b, loc,
        ValueRange{arith::AddFOp::create(b, loc, loop.getRegionIterArgs()[0],
                                         partial)});
  }
  SmallVector<Value> ds;
  for (const TracedView &d : ArrayRef(views).drop_front(2))
    ds.push_back(emitGuardedLoad(b, loc, d.memref,
                                 emitViewAccess(b, loc, d, coord, nullptr)));
  Type elementType = cast<MemRefType>(c.memref.getType()).getElementType();
  Value value =
      emitEpilogue(b, loc, loop.getResult(0), alpha, beta, ds, elementType);
  memref::StoreOp::create(b, loc, value, c.memref, out.indices);
  b.setInsertionPointAfter(ifOp);
  gpu::ReturnOp::create(b, loc);
  return KernelLaunch{skeleton.func,
                      skeleton.hostArgs,
                      elementwiseGrid({g, m, n}, kReduceBlockSize),
                      {kReduceBlockSize, 1, 1},
                      /*ldsBytes=*/0,
                      /*facts=*/{}};
}
