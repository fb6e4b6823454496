//===- CKDialect.td - The ck dialect -----------------------*- tablegen -*-===//
//
// The ck dialect expresses the ideas of AMD's Composable Kernel library as IR:
// convolutions as problems, rewritten into GEMMs whose operands are views
// (chains of coordinate transforms) of the original tensors.
//
//===----------------------------------------------------------------------===//

#ifndef CK_DIALECT_CK_IR_CKDIALECT_TD
#define CK_DIALECT_CK_IR_CKDIALECT_TD

include "mlir/IR/OpBase.td"

def CK_Dialect : Dialect {
  let name = "ck";
  let cppNamespace = "::mlir::ck";
  let summary = "Convolution and GEMM kernels in the spirit of Composable Kernel";
  let description = [{
    The `ck` dialect describes grouped convolutions (forward, backward-data,
    backward-weight) and batched GEMMs at the problem level, and the
    coordinate transforms ("views") that turn a convolution into a GEMM
    without copying any data.

    The lowering ladder starts with `ck.conv_fwd`, `ck.conv_bwd_data` and
    `ck.conv_bwd_weight` on memrefs. `ck-conv-to-gemm` rewrites each of them
    into `ck.gemm` ops whose operands are `!ck.view` values built by
    `ck.transform` ops from the original memrefs.
  }];
  let useDefaultAttributePrinterParser = 1;
  let useDefaultTypePrinterParser = 1;
  // Checks `ck.target` where it is attached.
  let hasOperationAttrVerify = 1;
}

class CK_Op<string mnemonic, list<Trait> traits = []>
    : Op<CK_Dialect, mnemonic, traits>;

#endif // CK_DIALECT_CK_IR_CKDIALECT_TD
