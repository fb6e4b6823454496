//===- Pipelines.h - The ck lowering pipelines ------------------*- C++ -*-===//
//
// From problem-level ck IR to GPU binaries:
//
//   ck-to-rocdl{chip=gfx942}   AMD: MFMA/WMMA kernels in an hsaco
//   ck-to-nvvm{chip=sm_90a}    NVIDIA: mma.sync kernels in a cubin
//
// Both run ck-set-target, ck-conv-to-gemm, ck-select-gemm-config and
// convert-ck-to-gpu, then the target's ck.mma lowering and upstream
// GPU-to-LLVM passes, and gpu-module-to-binary. `reference=true` builds the
// naive reference kernels of the convolutions instead of the GEMM kernels;
// `with-reference=true` builds both, into one binary.
//
//===----------------------------------------------------------------------===//

#ifndef CK_PIPELINES_PIPELINES_H
#define CK_PIPELINES_PIPELINES_H

#include "mlir/Pass/PassOptions.h"

namespace mlir {
class OpPassManager;
namespace ck {

struct GpuPipelineOptions : public PassPipelineOptions<GpuPipelineOptions> {
  PassOptions::Option<std::string> chip{
      *this, "chip", llvm::cl::desc("Chip to compile for"),
      llvm::cl::init("")};
  PassOptions::Option<std::string> toolkit{
      *this, "toolkit",
      llvm::cl::desc("Toolkit directory: CUDA (with bin/ptxas) for NVIDIA, a "
                     "directory holding llvm/bin/ld.lld for AMD; empty for "
                     "the default"),
      llvm::cl::init("")};
  PassOptions::Option<std::string> format{
      *this, "format",
      llvm::cl::desc("Output of gpu-module-to-binary: bin, isa or llvm"),
      llvm::cl::init("bin")};
  PassOptions::Option<std::string> partition{
      *this, "partition",
      llvm::cl::desc("Partition of the GEMM kernels: auto (the heuristic's), "
                     "split_k, or #ck.partition's parameters (see "
                     "ck-select-gemm-config)"),
      llvm::cl::init("")};
  PassOptions::Option<std::string> waves{
      *this, "waves",
      llvm::cl::desc("Wave roles of the GEMM kernels: auto (the heuristic's) "
                     "or LOAD,MATH load and math waves (see "
                     "ck-select-gemm-config)"),
      llvm::cl::init("")};
  PassOptions::Option<int64_t> stages{
      *this, "stages",
      llvm::cl::desc("K-loop pipeline of the GEMM kernels: 0 (the "
                     "heuristic's), 1 (register prefetch) or 2 to 8 "
                     "(asynchronous copies; see ck-select-gemm-config)"),
      llvm::cl::init(0)};
  PassOptions::Option<std::string> cluster{
      *this, "cluster",
      llvm::cl::desc("Clusters of the GEMM kernels: auto (the heuristic's, "
                     "none) or MxN workgroups (see ck-select-gemm-config)"),
      llvm::cl::init("")};
  PassOptions::Option<bool> residentB{
      *this, "resident-b",
      llvm::cl::desc("Keep B resident in LDS across a persistent workgroup's "
                     "tiles of one column (see ck-select-gemm-config)"),
      llvm::cl::init(false)};
  PassOptions::Option<bool> signalLanded{
      *this, "signal-landed",
      llvm::cl::desc("Load threads signal ring slots full as their cp.async "
                     "copies land (see ck-select-gemm-config)"),
      llvm::cl::init(false)};
  PassOptions::Option<std::string> config{
      *this, "config",
      llvm::cl::desc("A #ck.gemm_config pinned on every GEMM without one "
                     "(see ck-select-gemm-config)"),
      llvm::cl::init("")};
  PassOptions::Option<int64_t> mergeGroups{
      *this, "merge-groups",
      llvm::cl::desc("Groups per GEMM: 0 for the rule, or a "
                     "divisor of G (see ck-conv-to-gemm)"),
      llvm::cl::init(0)};
  PassOptions::Option<std::string> windows{
      *this, "windows",
      llvm::cl::desc("Backward-weight's gathered windows: auto, input or "
                     "output (see ck-conv-to-gemm)"),
      llvm::cl::init("auto")};
  PassOptions::Option<bool> reference{
      *this, "reference",
      llvm::cl::desc("Build the naive reference kernels of the convolutions"),
      llvm::cl::init(false)};
  PassOptions::Option<bool> withReference{
      *this, "with-reference",
      llvm::cl::desc("Also build the reference kernels, in copies of the "
                     "functions named <function>_reference, into the same "
                     "binary"),
      llvm::cl::init(false)};
};

/// The default toolkits: /usr/local/cuda and ck's own directory linking
/// Debian's ld.lld.
std::string defaultToolkit(bool nvidia);

void buildCKToROCDLPipeline(OpPassManager &pm,
                            const GpuPipelineOptions &options);
void buildCKToNVVMPipeline(OpPassManager &pm,
                           const GpuPipelineOptions &options);

/// Registers ck-to-rocdl and ck-to-nvvm.
void registerCKPipelines();

} // namespace ck
} // namespace mlir

#endif // CK_PIPELINES_PIPELINES_H
