//===- Kernels.h - GPU kernels for ck ops -----------------------*- C++ -*-===//
//
// Internal to convert-ck-to-gpu: the kernel builders for ck.gemm and
// ck.fill, and what they share.
//
//===----------------------------------------------------------------------===//

#ifndef CK_LIB_CONVERSION_CKTOGPU_KERNELS_H
#define CK_LIB_CONVERSION_CKTOGPU_KERNELS_H

#include "ck/Conversion/KernelBuilding.h"
#include "ck/Conversion/ViewLowering.h"
#include "ck/Target/Chip.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

#include <array>

namespace mlir::ck {

/// A kernel and how the host launches it.
struct KernelLaunch {
  gpu::GPUFuncOp func;
  /// The host memrefs passed as the kernel's arguments, in order.
  SmallVector<Value> hostArgs;
  std::array<int64_t, 3> grid;
  std::array<int64_t, 3> block;
  /// Bytes of dynamic LDS (`gpu.dynamic_shared_memory`) the kernel uses.
  int64_t ldsBytes = 0;
  /// What the launch computes, for the bundle writer (GEMM kernels only).
  LaunchAttr facts;
  /// The grid's dimensions the host computes at launch (a ck.schedule's
  /// grid), null where `grid` gives them.
  std::array<Value, 3> launchTimeGrid = {};
};

/// Creates an empty kernel whose arguments are the memrefs the `views`
/// reach (each once). `views` are rebound to the kernel's arguments.
struct KernelSkeleton {
  KernelSkeleton(gpu::GPUModuleOp module, Location loc, StringRef name,
                 MutableArrayRef<TracedView> views, int64_t blockSize);

  gpu::GPUFuncOp func;
  SmallVector<Value> hostArgs;
  /// A builder at the start of the kernel body.
  OpBuilder builder;
};

/// The kernel of a GEMM and its launch (with split-K, after allocating the
/// partial tiles' workspace before `op`, ck-lower-partition adds the
/// reduction kernels; with StreamK, after the ck.schedule that sizes the
/// grid and the workspace at launch).
FailureOr<SmallVector<KernelLaunch>> buildGemmKernel(GemmOp op,
                                                     TargetAttr target,
                                                     gpu::GPUModuleOp module,
                                                     StringRef name);

FailureOr<KernelLaunch> buildFillKernel(FillOp op, gpu::GPUModuleOp module,
                                        StringRef name);

/// The naive reference kernel of a convolution (one thread per written
/// element).
FailureOr<KernelLaunch> buildReferenceKernel(ConvOpInterface op,
                                             gpu::GPUModuleOp module,
                                             StringRef name);

/// The module's `ck_kernels` gpu.module, created (and the module marked as
/// a GPU container) on first use.
gpu::GPUModuleOp getOrCreateKernelModule(ModuleOp module);

/// Creates a gpu.launch_func of `launch` before `op`, or reports on `op`
/// a grid larger than GPUs launch. With `asyncDependency` the launch is
/// `async` after it.
FailureOr<gpu::LaunchFuncOp> createLaunch(Operation *op,
                                          const KernelLaunch &launch,
                                          Value asyncDependency = {});

/// Traces each of `values` to a memref, or emits an error on `op`.
FailureOr<SmallVector<TracedView>> traceOperands(Operation *op,
                                                 ValueRange values);

} // namespace mlir::ck

#endif // CK_LIB_CONVERSION_CKTOGPU_KERNELS_H
