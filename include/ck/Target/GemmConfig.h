//===- GemmConfig.h - Choosing and checking kernel configs ------*- C++ -*-===//

#ifndef CK_TARGET_GEMMCONFIG_H
#define CK_TARGET_GEMMCONFIG_H

#include "ck/Target/Chip.h"

namespace mlir::ck {

/// Extra elements per LDS row of a tile, so that the rows a fragment reads
/// do not all start in the same bank.
constexpr int64_t kLdsRowPad = 8;

/// Extra f32 elements per row of the epilogue's staging tile (16 bytes, so
/// rows stay aligned for vector reads).
constexpr int64_t kStagingRowPad = 4;

/// The sizes of a GEMM: G batches of M x N, reduced over K.
struct GemmShape {
  int64_t g, m, n, k;
};

/// Resources one workgroup of a configuration needs.
struct GemmConfigCost {
  int64_t waves;
  int64_t threads;
  /// The operand tiles, or the epilogue's staging of one MMA tile row per
  /// wave where that is larger (they share the LDS).
  int64_t ldsBytes;
  /// Accumulator, fragment and prefetch registers per lane, 32-bit each.
  int64_t registersPerLane;
};

GemmConfigCost estimateCost(GemmConfigAttr config, TargetAttr target,
                            Type elementType);

/// Why `config` cannot run GEMMs of `elementType` inputs on `target` (naming
/// the limit that is exceeded), or std::nullopt when it can.
std::optional<std::string> explainGemmConfigMisfit(GemmConfigAttr config,
                                                   TargetAttr target,
                                                   Type elementType);

/// Emits explainGemmConfigMisfit's reason, if any, as an error.
LogicalResult checkGemmConfig(GemmConfigAttr config, TargetAttr target,
                              Type elementType,
                              function_ref<InFlightDiagnostic()> emitError);

/// A valid, reasonable configuration for `shape` on `target`, or failure
/// (with a diagnostic) where the chip cannot run `elementType` at all.
FailureOr<GemmConfigAttr>
selectGemmConfig(MLIRContext *context, GemmShape shape, Type elementType,
                 TargetAttr target,
                 function_ref<InFlightDiagnostic()> emitError);

} // namespace mlir::ck

#endif // CK_TARGET_GEMMCONFIG_H
