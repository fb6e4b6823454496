//===- FillKernel.cpp - The elementwise fill kernel -----------------------===//
//
// Each thread writes beta * sum(D), or zero without D tensors, to a run of
// elements along the destination view's innermost dimension: an aligned
// vector as wide as every view takes there, up to 16 bytes
// (commonVectorWidth), or one element. Padding in the destination is never
// written.
//
//===----------------------------------------------------------------------===//

#include "Kernels.h"

#include "ck/Dialect/CK/Utils/ViewAnalysis.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

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
  auto destType = cast<ShapedType>(op.getDest().getType());
  // One thread per run of `width` elements (a rank-0 destination has one).
  int64_t inner = destType.getRank() - 1;
  int64_t width = inner < 0 ? 1 : commonVectorWidth(views, inner);
  SmallVector<int64_t> runs(destType.getShape());
  if (width > 1)
    runs[inner] /= width;
  ElementThread thread = mapThreadToElement(b, loc, runs, kFillBlockSize);
  if (width > 1)
    thread.coord[inner] = arith::MulIOp::create(
        b, loc, thread.coord[inner], indexConstant(b, loc, width));
  ViewAccess out =
      emitViewAccess(b, loc, views[0], thread.coord, thread.inBounds);
  auto ifOp = scf::IfOp::create(b, loc, out.valid, /*else=*/false);
  b.setInsertionPointToStart(ifOp.thenBlock());
  SmallVector<Value> ds;
  for (const TracedView &d : ArrayRef(views).drop_front())
    ds.push_back(emitGuardedLoad(
        b, loc, d.memref, emitViewAccess(b, loc, d, thread.coord, nullptr),
        width));
  TypedAttr zero = b.getF32FloatAttr(0.0f);
  if (width > 1)
    zero = DenseElementsAttr::get(VectorType::get({width}, b.getF32Type()),
                                  zero);
  Value value = emitEpilogue(b, loc, arith::ConstantOp::create(b, loc, zero),
                             /*alpha=*/0.0, op.getBeta().convertToDouble(), ds,
                             destType.getElementType());
  if (width > 1)
    storeAlignedVector(b, loc, value, views[0].memref, out.indices);
  else
    memref::StoreOp::create(b, loc, value, views[0].memref, out.indices);
  b.setInsertionPointAfter(ifOp);
  gpu::ReturnOp::create(b, loc);
  return KernelLaunch{skeleton.func,
                      skeleton.hostArgs,
                      elementwiseGrid(runs, kFillBlockSize),
                      {kFillBlockSize, 1, 1},
                      /*ldsBytes=*/0,
                      /*facts=*/{},
                      /*launchTimeGrid=*/{}};
}
