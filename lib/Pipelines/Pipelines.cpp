//===- Pipelines.cpp - The ck lowering pipelines --------------------------===//

#include "ck/Pipelines/Pipelines.h"

#include "ck/Conversion/Passes.h"
#include "ck/Dialect/CK/Transforms/Passes.h"
#include "ck/Target/Chip.h"

#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Conversion/GPUToNVVM/GPUToNVVMPass.h"
#include "mlir/Conversion/GPUToROCDL/GPUToROCDLPass.h"
#include "mlir/Conversion/NVGPUToNVVM/NVGPUToNVVM.h"
#include "mlir/Conversion/NVVMToLLVM/NVVMToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;
using namespace mlir::ck;

std::string mlir::ck::defaultToolkit(bool nvidia) {
  return nvidia ? "/usr/local/cuda" : CK_ROCM_TOOLKIT_DIR;
}

/// The target-independent rungs: problem ops to GPU kernels with ck.mma,
/// ck.fragment_load and ck.lds_barrier.
static void buildKernels(OpPassManager &pm, const GpuPipelineOptions &o) {
  CKSetTargetOptions target;
  target.chip = o.chip;
  pm.addPass(createCKSetTarget(target));
  if (o.reference) {
    pm.addPass(createConvertCKConvToGPUReference());
    return;
  }
  if (o.withReference)
    pm.addPass(createConvertCKConvToGPUReference({/*copies=*/true}));
  CKConvToGemmOptions convToGemm;
  convToGemm.mergeGroups = o.mergeGroups;
  convToGemm.windows = o.windows;
  pm.addPass(createCKConvToGemm(convToGemm));
  CKSelectGemmConfigOptions select;
  select.partition = o.partition;
  select.waves = o.waves;
  select.stages = o.stages;
  select.cluster = o.cluster;
  select.residentB = o.residentB;
  select.signalLanded = o.signalLanded;
  select.config = o.config;
  pm.addPass(createCKSelectGemmConfig(select));
  pm.addPass(createConvertCKToGPU());
  pm.addPass(createCKLowerPartition());
  pm.addNestedPass<gpu::GPUModuleOp>(createCKPipeline());
  pm.addNestedPass<gpu::GPUModuleOp>(createCKLowerTileCopies());
  pm.addNestedPass<gpu::GPUModuleOp>(createCKLowerRoles());
  pm.addNestedPass<gpu::GPUModuleOp>(createCKLowerWaveTiles());
  pm.addNestedPass<gpu::GPUModuleOp>(createCKRotateFragmentLoads());
  pm.addNestedPass<gpu::GPUModuleOp>(createCKLowerCoords());
}

/// After the target's lowering of the ck ops: divisions of induction
/// expressions (the rings' slots and phases) become loop-carried counters,
/// memref reshapes (vector accesses collapse trailing unit dimensions)
/// become the strided metadata that the GPU-to-LLVM conversions read, then
/// control flow.
static void lowerMemRefsAndLoops(OpPassManager &kernels) {
  kernels.addPass(createCanonicalizerPass());
  kernels.addPass(createCSEPass());
  kernels.addPass(createCKCarryLoopDivisions());
  kernels.addPass(memref::createExpandStridedMetadataPass());
  kernels.addPass(createLowerAffinePass());
  kernels.addPass(createSCFToControlFlowPass());
}

static void buildBinary(OpPassManager &pm, const GpuPipelineOptions &o,
                        bool nvidia) {
  pm.addPass(createReconcileUnrealizedCastsPass());
  GpuModuleToBinaryPassOptions binary;
  binary.toolkitPath =
      o.toolkit.empty() ? defaultToolkit(nvidia) : std::string(o.toolkit);
  binary.compilationTarget = o.format;
  pm.addPass(createGpuModuleToBinaryPass(binary));
}

void mlir::ck::buildCKToROCDLPipeline(OpPassManager &pm,
                                      const GpuPipelineOptions &o) {
  buildKernels(pm, o);
  OpPassManager &kernels = pm.nest<gpu::GPUModuleOp>();
  kernels.addPass(createConvertCKToAMDGPU());
  lowerMemRefsAndLoops(kernels);
  ConvertGpuOpsToROCDLOpsOptions rocdl;
  rocdl.chipset = o.chip;
  rocdl.useBarePtrCallConv = true;
  kernels.addPass(createConvertGpuOpsToROCDLOps(rocdl));
  kernels.addPass(createCKScopeLdsCopies());
  kernels.addPass(createCanonicalizerPass());
  kernels.addPass(createCSEPass());
  GpuROCDLAttachTargetOptions target;
  target.chip = o.chip;
  target.optLevel = 3;
  // The kernels are built for the chip's native wave size.
  const ChipInfo *chip = lookupChip(o.chip);
  target.wave64Flag = !chip || chip->waveSize == 64;
  pm.addPass(createGpuROCDLAttachTarget(target));
  buildBinary(pm, o, /*nvidia=*/false);
}

void mlir::ck::buildCKToNVVMPipeline(OpPassManager &pm,
                                     const GpuPipelineOptions &o) {
  buildKernels(pm, o);
  OpPassManager &kernels = pm.nest<gpu::GPUModuleOp>();
  kernels.addPass(createConvertCKToNVVM());
  lowerMemRefsAndLoops(kernels);
  // nvgpu.ldmatrix (fragment loads) to nvvm.ldmatrix on shared pointers.
  kernels.addPass(createConvertNVGPUToNVVMPass());
  ConvertGpuOpsToNVVMOpsOptions nvvm;
  nvvm.useBarePtrCallConv = true;
  kernels.addPass(createConvertGpuOpsToNVVMOps(nvvm));
  kernels.addPass(createCKMarkGridConstants());
  // NVVM ops without an intrinsic (a ring's bar.arrive) as inline PTX.
  kernels.addPass(createConvertNVVMToLLVMPass());
  kernels.addPass(createCanonicalizerPass());
  kernels.addPass(createCSEPass());
  GpuNVVMAttachTargetOptions target;
  target.chip = o.chip;
  target.features = "+ptx80";
  target.optLevel = 3;
  pm.addPass(createGpuNVVMAttachTarget(target));
  buildBinary(pm, o, /*nvidia=*/true);
}

void mlir::ck::registerCKPipelines() {
  PassPipelineRegistration<GpuPipelineOptions>(
      "ck-to-rocdl",
      "Lower ck problem IR to AMDGPU kernels (MFMA/WMMA) in an hsaco",
      buildCKToROCDLPipeline);
  PassPipelineRegistration<GpuPipelineOptions>(
      "ck-to-nvvm",
      "Lower ck problem IR to NVIDIA kernels (mma.sync) in a cubin",
      buildCKToNVVMPipeline);
}
