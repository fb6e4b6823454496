//===- CKAttrInterfaces.td - ck attribute interfaces -------*- tablegen -*-===//

#ifndef CK_DIALECT_CK_IR_CKATTRINTERFACES_TD
#define CK_DIALECT_CK_IR_CKATTRINTERFACES_TD

include "mlir/IR/OpBase.td"

def CK_MatrixInstrAttrInterface : AttrInterface<"MatrixInstrAttrInterface"> {
  let cppNamespace = "::mlir::ck";
  let description = [{
    A wave-level matrix multiply-accumulate instruction: what it computes
    (its m x n x k shape and the types it takes), which lane holds which
    element of its operands, and the wave size it needs. The tiling pass is
    written once against these methods; only the target conversions know
    the instruction itself. `#ck.mfma`, `#ck.wmma`, `#ck.mma_sync` and
    `#ck.fma` implement it.
  }];
  let methods = [
    InterfaceMethod<"The instruction's tile: C (m x n) += A (m x k) * B (k x n).",
      "::llvm::SmallVector<int64_t, 3>", "getShape">,
    InterfaceMethod<[{The wave size the instruction runs on, or std::nullopt
      where it runs on any (FMAs).}],
      "std::optional<int64_t>", "getRequiredWaveSize">,
    InterfaceMethod<"Whether it multiplies A and B operands of `type`.",
      "bool", "acceptsInputs", (ins "::mlir::Type":$type)>,
    InterfaceMethod<[{The type the products of `inputType` operands are
      computed in: `inputType`, or tf32 for f32 on tensor cores.}],
      "::mlir::Type", "getComputeType", (ins "::mlir::Type":$inputType)>,
    InterfaceMethod<[{The fragment layouts on waves of `waveSize` lanes
      (the required wave size, where there is one).}],
      "::mlir::ck::MatrixLayout", "getLayout", (ins "int64_t":$waveSize)>
  ];
}

#endif // CK_DIALECT_CK_IR_CKATTRINTERFACES_TD
