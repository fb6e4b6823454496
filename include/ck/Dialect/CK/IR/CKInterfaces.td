//===- CKInterfaces.td - ck dialect interfaces -------------*- tablegen -*-===//

#ifndef CK_DIALECT_CK_IR_CKINTERFACES_TD
#define CK_DIALECT_CK_IR_CKINTERFACES_TD

include "mlir/IR/OpBase.td"

def CK_ConvOpInterface : OpInterface<"ConvOpInterface"> {
  let cppNamespace = "::mlir::ck";
  let description = [{
    The three convolution directions share their operands (input, filter,
    output and the epilogue's D tensors) and parameters; they differ in which
    tensor they write. Passes handle all of them through this interface.
  }];
  let methods = [
    InterfaceMethod<"The direction of the convolution.",
      "::mlir::ck::ConvDirection", "getDirection">,
    InterfaceMethod<"The input activation tensor (x).",
      "::mlir::TypedValue<::mlir::MemRefType>", "getInput">,
    InterfaceMethod<"The filter tensor (w).",
      "::mlir::TypedValue<::mlir::MemRefType>", "getFilter">,
    InterfaceMethod<"The output activation tensor (y).",
      "::mlir::TypedValue<::mlir::MemRefType>", "getOutput">,
    InterfaceMethod<"The epilogue's added D tensors.",
      "::mlir::Operation::operand_range", "getDs">,
    InterfaceMethod<"Layout of the input tensor.",
      "::mlir::ck::LayoutAttr", "getInputLayout">,
    InterfaceMethod<"Layout of the filter tensor.",
      "::mlir::ck::LayoutAttr", "getFilterLayout">,
    InterfaceMethod<"Layout of the output tensor.",
      "::mlir::ck::LayoutAttr", "getOutputLayout">,
    InterfaceMethod<"Strides, one per spatial dimension.",
      "::llvm::ArrayRef<int64_t>", "getStrides">,
    InterfaceMethod<"Dilations, one per spatial dimension.",
      "::llvm::ArrayRef<int64_t>", "getDilations">,
    InterfaceMethod<"Left (leading) pads, one per spatial dimension.",
      "::llvm::ArrayRef<int64_t>", "getPadLeft">,
    InterfaceMethod<"Right (trailing) pads, one per spatial dimension.",
      "::llvm::ArrayRef<int64_t>", "getPadRight">,
    InterfaceMethod<"Epilogue scale of the convolution result.",
      "::llvm::APFloat", "getAlpha">,
    InterfaceMethod<"Epilogue scale of the sum of the D tensors.",
      "::llvm::APFloat", "getBeta">,
    InterfaceMethod<"The tensor this convolution writes.",
      "::mlir::TypedValue<::mlir::MemRefType>", "getWrittenTensor", (ins), [{}],
      [{
        switch ($_op.getDirection()) {
        case ::mlir::ck::ConvDirection::Forward: return $_op.getOutput();
        case ::mlir::ck::ConvDirection::BackwardData: return $_op.getInput();
        case ::mlir::ck::ConvDirection::BackwardWeight: return $_op.getFilter();
        }
        llvm_unreachable("unknown convolution direction");
      }]>
  ];
}

#endif // CK_DIALECT_CK_IR_CKINTERFACES_TD
