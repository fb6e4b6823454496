//===- Report.h - Resources and instruction mix of AMD kernels --*- C++ -*-===//

#ifndef CK_DRIVER_REPORT_H
#define CK_DRIVER_REPORT_H

#include "ck/Driver/LoopCost.h"
#include "ck/Target/Chip.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace mlir::ck {

/// One loop of a kernel, or the whole kernel where it has no loop to show.
struct LoopReport {
  /// "main loop": the K loop, the smallest loop holding at least half the
  /// matrix instructions (FMAs on the FMA path) of the loop holding most,
  /// which both copies and computes. With wave roles each
  /// role's arm holds one innermost loop: "math loop" (matrix instructions,
  /// no global loads) and "load loop" (global loads and LDS writes; absent
  /// where LLVM unrolled it).
  /// "whole kernel": no such loop (e.g. LLVM unrolled a short one).
  std::string name;
  /// Instruction counts by category: mma, fma, valu, salu, divide,
  /// vmem_load, vmem_store, lds_read, lds_write, waitcnt, barrier. `divide`
  /// counts what integer division and remainder become (v_rcp_iflag_f32 for
  /// a variable divisor, the high half of a 32-bit multiply for a constant
  /// one, where the loop does not also compute the low half from the same
  /// operands: that is a 64-bit product, counted as ALU).
  std::map<std::string, int64_t> mix;
  /// LLVM MCA's estimate of one iteration (loops only); `mcaError` says why
  /// there is none.
  std::optional<LoopCost> cost;
  std::string mcaError;
};

struct KernelReport {
  std::string name;
  int64_t vgprs = 0, agprs = 0, sgprs = 0;
  int64_t ldsBytes = 0, scratchBytes = 0;
  int64_t vgprSpills = 0, sgprSpills = 0;
  int64_t waveSize = 0;
  /// Waves per SIMD, from registers, LDS and the chip's limit.
  int64_t occupancy = 0;
  /// The main loop, or the math and load loops, or the whole kernel.
  std::vector<LoopReport> loops;
};

/// Reads the kernels of an AMDGPU assembly file (gpu-module-to-binary's
/// `isa` output): the metadata block and each kernel's instructions, whose
/// loops LLVM's MCA estimates for `chip`.
std::vector<KernelReport> analyzeAmdgpuAssembly(StringRef assembly,
                                                const ChipInfo &chip);

} // namespace mlir::ck

#endif // CK_DRIVER_REPORT_H
