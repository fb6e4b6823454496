//===- CKTypes.td - ck dialect types -----------------------*- tablegen -*-===//

#ifndef CK_DIALECT_CK_IR_CKTYPES_TD
#define CK_DIALECT_CK_IR_CKTYPES_TD

include "ck/Dialect/CK/IR/CKDialect.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinTypeInterfaces.td"

def CK_ViewType : TypeDef<CK_Dialect, "View", [ShapedTypeInterface]> {
  let mnemonic = "view";
  let summary = "A tensor seen through a chain of coordinate transforms";
  let description = [{
    A view has a static shape and an element type, like a memref, but its
    elements are reached through the `ck.transform` ops that built it: a view
    element may also be *padding*, which reads as zero and is never written.

    Example:

    ```mlir
    !ck.view<1x36x3136xf16>
    ```
  }];
  let parameters = (ins
    ArrayRefParameter<"int64_t", "static shape">:$shape,
    "::mlir::Type":$elementType
  );
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    bool hasRank() const { return true; }
    ::mlir::ShapedType cloneWith(std::optional<::llvm::ArrayRef<int64_t>> shape,
                                 ::mlir::Type elementType) const;
  }];
}

#endif // CK_DIALECT_CK_IR_CKTYPES_TD
