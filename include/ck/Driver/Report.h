//===- Report.h - Resources and instruction mix of AMD kernels --*- C++ -*-===//

#ifndef CK_DRIVER_REPORT_H
#define CK_DRIVER_REPORT_H

#include "ck/Target/Chip.h"

#include <map>
#include <string>
#include <vector>

namespace mlir::ck {

struct KernelReport {
  std::string name;
  int64_t vgprs = 0, agprs = 0, sgprs = 0;
  int64_t ldsBytes = 0, scratchBytes = 0;
  int64_t vgprSpills = 0, sgprSpills = 0;
  int64_t waveSize = 0;
  /// Waves per SIMD, from registers, LDS and the chip's limit.
  int64_t occupancy = 0;
  /// Instruction counts in the innermost loop holding matrix instructions,
  /// or FMAs on the FMA path (the whole kernel where there is no such loop,
  /// e.g. when LLVM unrolled a short one), by category: mma, fma, valu,
  /// salu, vmem_load, vmem_store, lds_read, lds_write, waitcnt, barrier.
  std::map<std::string, int64_t> mainLoopMix;
  bool foundMainLoop = false;
};

/// Reads the kernels of an AMDGPU assembly file (gpu-module-to-binary's
/// `isa` output): the metadata block and each kernel's instructions.
std::vector<KernelReport> analyzeAmdgpuAssembly(StringRef assembly,
                                                const ChipInfo &chip);

} // namespace mlir::ck

#endif // CK_DRIVER_REPORT_H
