//===- Chip.h - The GPUs ck generates code for ------------------*- C++ -*-===//
//
// One entry per chip: wave size, LDS, registers, compute-unit counts of the
// main SKUs and which matrix instruction serves each element type. The table
// is where `ck-set-target` finds the `#ck.target` of a chip; passes read the
// attribute, never the table.
//
//===----------------------------------------------------------------------===//

#ifndef CK_TARGET_CHIP_H
#define CK_TARGET_CHIP_H

#include "ck/Dialect/CK/IR/CK.h"

#include <optional>

namespace mlir::ck {

/// Which family of matrix instructions a chip has.
enum class MatrixUnit {
  /// CDNA 2 and 3: mfma 16x16x16 f16/bf16 and 16x16x4 f32.
  Mfma,
  /// CDNA 4 (gfx950): also mfma 16x16x32 f16/bf16, twice the products of
  /// 16x16x16 per instruction at the same issue cost, first.
  MfmaGfx950,
  /// RDNA 3 / RDNA 4: wmma 16x16x16 f16/bf16 in the gfx11 / gfx12 layout,
  /// FMAs for f32.
  WmmaGfx11,
  WmmaGfx12,
  /// Ampere and Hopper: mma.sync 16x8x16 f16/bf16 and 16x8x8 tf32.
  MmaSync,
  /// mma.sync, and wgmma (sm_90a) for f16 and bf16 after it.
  MmaSyncWgmma,
};

struct Sku {
  llvm::StringLiteral name;
  int computeUnits; // CUs (AMD) or SMs (NVIDIA)
};

struct ChipInfo {
  llvm::StringLiteral name;
  Vendor vendor;
  unsigned waveSize;
  /// LDS / shared memory one workgroup may use, in bytes.
  int64_t ldsBytes;
  /// Registers (32-bit, per lane) one wave may use: VGPRs + AGPRs on CDNA.
  int64_t registersPerLane;
  /// Of those, what a GEMM kernel's addresses, view index math and
  /// epilogue take besides its tiles (a budget, from the reports).
  int64_t addressingRegisters;
  llvm::ArrayRef<Sku> skus;
  /// For occupancy: SIMDs per CU, the most waves a SIMD holds, the
  /// registers (per lane) a SIMD shares among its waves, and LDS per CU.
  int simdsPerCU;
  int maxWavesPerSimd;
  int64_t registersPerSimd;
  int64_t ldsPerCU;
  /// Whether LDS is carved out of the L1 cache's storage (NVIDIA's shared
  /// memory), so that more LDS per workgroup leaves less L1.
  bool ldsSharesL1;
  /// The chip's matrix instructions (see getTargetAttr).
  MatrixUnit matrixUnit;
};

/// The chip called `name` (gfx90a, gfx942, gfx950, gfx1100, gfx1201, sm_80,
/// sm_90a), or null.
const ChipInfo *lookupChip(llvm::StringRef name);

/// Every known chip, for diagnostics and tests.
llvm::ArrayRef<ChipInfo> allChips();

/// The known chips' names, comma-separated, for diagnostics.
std::string knownChipNames();

/// The `#ck.target` of `chip`: its table entry, with the main SKU's compute
/// units.
TargetAttr getTargetAttr(MLIRContext *context, const ChipInfo &chip);

} // namespace mlir::ck

#endif // CK_TARGET_CHIP_H
