//===- CKToGPU.cpp - The convert-ck-to-gpu pass ---------------------------===//

#include "Kernels.h"

#include "ck/Conversion/Passes.h"
#include "ck/Support/Limits.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"

#include "llvm/ADT/MapVector.h"

namespace mlir::ck {
#define GEN_PASS_DEF_CONVERTCKTOGPU
#include "ck/Conversion/Passes.h.inc"
} // namespace mlir::ck

using namespace mlir;
using namespace mlir::ck;

//===----------------------------------------------------------------------===//
// Shared kernel pieces
//===----------------------------------------------------------------------===//

KernelSkeleton::KernelSkeleton(gpu::GPUModuleOp module, Location loc,
                               StringRef name,
                               MutableArrayRef<TracedView> views,
                               int64_t blockSize)
    : builder(module.getContext()) {
  SmallVector<Type> argTypes;
  for (const TracedView &view : views)
    if (!llvm::is_contained(hostArgs, view.memref)) {
      hostArgs.push_back(view.memref);
      argTypes.push_back(view.memref.getType());
    }
  builder.setInsertionPointToEnd(module.getBody());
  func = gpu::GPUFuncOp::create(builder, loc, name,
                                builder.getFunctionType(argTypes, {}));
  func->setAttr(gpu::GPUDialect::getKernelFuncAttrName(),
                builder.getUnitAttr());
  func.setKnownBlockSizeAttr(builder.getDenseI32ArrayAttr(
      {static_cast<int32_t>(blockSize), 1, 1}));
  for (TracedView &view : views)
    view.memref = func.getArgument(
        llvm::find(hostArgs, view.memref) - hostArgs.begin());
  builder.setInsertionPointToStart(&func.front());
}

FailureOr<SmallVector<TracedView>>
mlir::ck::traceOperands(Operation *op, ValueRange values) {
  SmallVector<TracedView> views;
  for (Value value : values) {
    FailureOr<TracedView> view = traceView(value);
    if (failed(view))
      return op->emitOpError()
             << "operand is a view that does not start at a memref; kernels "
                "can only be built for views made by ck.transform ops";
    views.push_back(*view);
  }
  return views;
}

gpu::GPUModuleOp mlir::ck::getOrCreateKernelModule(ModuleOp module) {
  for (auto existing : module.getOps<gpu::GPUModuleOp>())
    if (existing.getName() == "ck_kernels")
      return existing;
  OpBuilder builder(module.getContext());
  module->setAttr(gpu::GPUDialect::getContainerModuleAttrName(),
                  builder.getUnitAttr());
  builder.setInsertionPointToEnd(module.getBody());
  return gpu::GPUModuleOp::create(builder, module.getLoc(), "ck_kernels");
}

FailureOr<gpu::LaunchFuncOp>
mlir::ck::createLaunch(Operation *op, const KernelLaunch &launch,
                       Value asyncDependency) {
  for (int i = 0; i < 3; ++i)
    if (!launch.launchTimeGrid[i] && launch.grid[i] > cklimits::kMaxGrid[i])
      return op->emitOpError()
             << "needs a grid of " << launch.grid[0] << " x "
             << launch.grid[1] << " x " << launch.grid[2]
             << " workgroups for kernel "
             << gpu::GPUFuncOp(launch.func).getName()
             << "; GPUs launch at most " << cklimits::kMaxGrid[0] << " x "
             << cklimits::kMaxGrid[1] << " x " << cklimits::kMaxGrid[2];
  OpBuilder builder(op);
  Location loc = op->getLoc();
  auto dim = [&](int64_t v) {
    return arith::ConstantIndexOp::create(builder, loc, v).getResult();
  };
  auto gridDim = [&](int i) {
    Value atLaunch = launch.launchTimeGrid[i];
    return atLaunch ? atLaunch : dim(launch.grid[i]);
  };
  Value ldsBytes;
  if (launch.ldsBytes > 0)
    ldsBytes = arith::ConstantIntOp::create(builder, loc, launch.ldsBytes,
                                            /*width=*/32);
  Type tokenType;
  SmallVector<Value, 1> dependencies;
  if (asyncDependency) {
    tokenType = builder.getType<gpu::AsyncTokenType>();
    dependencies.push_back(asyncDependency);
  }
  // A kernel built for thread block clusters launches in them.
  std::optional<gpu::KernelDim3> cluster;
  if (std::optional<ArrayRef<int32_t>> size =
          gpu::GPUFuncOp(launch.func).getKnownClusterSize())
    cluster =
        gpu::KernelDim3{dim((*size)[0]), dim((*size)[1]), dim((*size)[2])};
  auto launchOp = gpu::LaunchFuncOp::create(
      builder, loc, launch.func,
      gpu::KernelDim3{gridDim(0), gridDim(1), gridDim(2)},
      gpu::KernelDim3{dim(launch.block[0]), dim(launch.block[1]),
                      dim(launch.block[2])},
      ldsBytes, launch.hostArgs, tokenType, dependencies, cluster);
  if (launch.facts)
    launchOp->setAttr(LaunchAttr::kAttrName, launch.facts);
  return launchOp;
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

namespace {
struct ConvertCKToGPUPass
    : public ck::impl::ConvertCKToGPUBase<ConvertCKToGPUPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<Operation *> work;
    module.walk([&](Operation *op) {
      if (isa<GemmOp, FillOp>(op))
        work.push_back(op);
    });
    if (work.empty())
      return;

    gpu::GPUModuleOp kernels = getOrCreateKernelModule(module);
    TargetAttr target = getTarget(module);

    // The kernels of a ck.concurrent start after one `gpu.wait async` and
    // do not wait for each other; a `gpu.wait` after it joins them.
    llvm::MapVector<Operation *, SmallVector<Value>> groupTokens;
    module.walk([&](ConcurrentOp group) {
      OpBuilder builder(group);
      groupTokens[group].push_back(
          gpu::WaitOp::create(builder, group.getLoc(),
                              builder.getType<gpu::AsyncTokenType>(),
                              ValueRange())
              .getAsyncToken());
    });

    for (auto [index, op] : llvm::enumerate(work)) {
      FailureOr<SmallVector<KernelLaunch>> launches;
      if (auto gemm = dyn_cast<GemmOp>(op)) {
        if (!target) {
          (void)requireTarget(gemm, getArgument());
          return signalPassFailure();
        }
        launches = buildGemmKernel(gemm, target, kernels,
                                   "gemm_" + std::to_string(index));
      } else {
        FailureOr<KernelLaunch> fill = buildFillKernel(
            cast<FillOp>(op), kernels, "fill_" + std::to_string(index));
        if (succeeded(fill))
          launches = SmallVector<KernelLaunch>{*fill};
      }
      if (failed(launches))
        return signalPassFailure();
      // In a group, the op's kernels run one after the other, after the
      // group's start. A cooperative kernel needs the whole GPU: it runs
      // alone, launched synchronously, after the group's earlier kernels
      // and before its later ones.
      auto group = groupTokens.find(op->getParentOp());
      if (llvm::any_of(*launches, [](const KernelLaunch &launch) {
            return launch.facts &&
                   launch.facts.getPartition().needsCooperativeLaunch();
          }))
        group = groupTokens.end();
      Value after =
          group == groupTokens.end() ? Value() : group->second.front();
      for (const KernelLaunch &launch : *launches) {
        FailureOr<gpu::LaunchFuncOp> launchOp =
            createLaunch(op, launch, after);
        if (failed(launchOp))
          return signalPassFailure();
        after = launchOp->getAsyncToken();
      }
      if (group != groupTokens.end())
        group->second.push_back(after);
      op->erase();
    }
    for (auto &[group, tokens] : groupTokens) {
      OpBuilder builder(group->getContext());
      builder.setInsertionPointAfter(group);
      auto join = gpu::WaitOp::create(builder, group->getLoc(), Type(),
                                      ArrayRef(tokens).drop_front());
      // The workspaces the kernels use are freed once they have all run.
      Block &body = group->getRegion(0).front();
      SmallVector<memref::DeallocOp> frees(body.getOps<memref::DeallocOp>());
      group->getBlock()->getOperations().splice(Block::iterator(group),
                                                body.getOperations());
      for (memref::DeallocOp free : llvm::reverse(frees))
        free->moveAfter(join);
      group->erase();
    }
    // The views were only index math for the kernels.
    SmallVector<TransformOp> transforms;
    module.walk([&](TransformOp op) { transforms.push_back(op); });
    for (TransformOp op : llvm::reverse(transforms))
      if (op->use_empty())
        op->erase();
  }
};
} // namespace
