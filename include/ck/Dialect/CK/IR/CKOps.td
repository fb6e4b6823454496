//===- CKOps.td - ck dialect operations --------------------*- tablegen -*-===//

#ifndef CK_DIALECT_CK_IR_CKOPS_TD
#define CK_DIALECT_CK_IR_CKOPS_TD

include "ck/Dialect/CK/IR/CKAttrs.td"
include "ck/Dialect/CK/IR/CKInterfaces.td"
include "ck/Dialect/CK/IR/CKTypes.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/IR/CommonAttrConstraints.td"

def CK_FloatMemRef : StaticShapeMemRefOf<[F16, BF16, F32]>;
def CK_FloatView : Type<
    And<[CPred<"::llvm::isa<::mlir::ck::ViewType>($_self)">,
         CPred<"::llvm::cast<::mlir::ck::ViewType>($_self).getElementType()"
               ".isF16() || ::llvm::cast<::mlir::ck::ViewType>($_self)"
               ".getElementType().isBF16() || ::llvm::cast<::mlir::ck::ViewType>"
               "($_self).getElementType().isF32()">]>,
    "f16/bf16/f32 ck view", "::mlir::ck::ViewType">;
def CK_Tensor : AnyTypeOf<[CK_FloatMemRef, CK_FloatView],
                          "statically shaped f16/bf16/f32 memref or ck view">;

//===----------------------------------------------------------------------===//
// Convolutions
//===----------------------------------------------------------------------===//

class CK_ConvOp<string mnemonic, string direction,
                list<MemoryEffect> inputEffects,
                list<MemoryEffect> filterEffects,
                list<MemoryEffect> outputEffects>
    : CK_Op<mnemonic, [CK_ConvOpInterface]> {
  let arguments = (ins
    Arg<CK_FloatMemRef, "input activations (x)", inputEffects>:$input,
    Arg<CK_FloatMemRef, "filter (w)", filterEffects>:$filter,
    Arg<CK_FloatMemRef, "output activations (y)", outputEffects>:$output,
    Arg<Variadic<CK_FloatMemRef>, "epilogue D tensors", [MemRead]>:$ds,
    CK_LayoutAttr:$input_layout,
    CK_LayoutAttr:$filter_layout,
    CK_LayoutAttr:$output_layout,
    DenseI64ArrayAttr:$strides,
    DenseI64ArrayAttr:$dilations,
    DenseI64ArrayAttr:$pad_left,
    DenseI64ArrayAttr:$pad_right,
    DefaultValuedOptionalAttr<F32Attr, "1.0">:$alpha,
    DefaultValuedOptionalAttr<F32Attr, "1.0">:$beta,
    OptionalAttr<CK_GemmConfigAttr>:$config
  );
  let assemblyFormat = [{
    `input` `(` $input `:` type($input) `)`
    `filter` `(` $filter `:` type($filter) `)`
    `output` `(` $output `:` type($output) `)`
    (`adds` `(` $ds^ `:` type($ds) `)`)?
    `layouts` `(` custom<ConvLayouts>($input_layout, $filter_layout, $output_layout) `)`
    `strides` $strides `dilations` $dilations
    `pad_left` $pad_left `pad_right` $pad_right
    (`alpha` $alpha^)? (`beta` $beta^)? (`config` $config^)?
    attr-dict
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    ::mlir::ck::ConvDirection getDirection() {
      return ::mlir::ck::ConvDirection::}] # direction # [{;
    }
  }];
  let extraClassDefinition = [{
    ::llvm::LogicalResult $cppClass::verify() {
      return ::mlir::ck::verifyConvOp(
          ::llvm::cast<::mlir::ck::ConvOpInterface>(getOperation()));
    }
  }];
}

def CK_ConvFwdOp : CK_ConvOp<"conv_fwd", "Forward",
    [MemRead], [MemRead], [MemWrite]> {
  let summary = "Grouped convolution, forward";
  let description = [{
    Computes, for every group `g`, batch `n`, output channel `k` and output
    position `o` (one coordinate per spatial dimension),

    ```
    y[n, o, g, k] = alpha * sum over c, f of x[n, o * s + f * d - pad_left, g, c] * w[g, k, f, c]
                    + beta * sum of D[n, o, g, k]
    ```

    where `f` runs over the filter window, input positions outside the tensor
    read as zero, and the accumulation is in f32. Operands are given in the
    order input, filter, output for all three directions; `ds` are the
    epilogue's added tensors, shaped like the written tensor. A D tensor may
    be the written memref itself: the op then adds to what it holds
    (`y += conv` with `beta = 1`), as upstream `linalg` convolutions do,
    since the epilogue reads each element of D only to compute the same
    element of the result. No other operand may be the written tensor.

    Each spatial output size must equal
    `(in + pad_left + pad_right - dilation * (filter - 1) - 1) / stride + 1`.

    `config` pins the kernel configuration of every GEMM the convolution
    becomes (`ck-conv-to-gemm` copies it onto them; `ck-select-gemm-config`
    checks it against the chip), for all three directions. The
    convolution keeps its reference kernel, so a pinned kernel can be
    verified.

    Example:

    ```mlir
    ck.conv_fwd input(%x : memref<16x56x56x1x64xf16>)
        filter(%w : memref<1x64x3x3x64xf16>)
        output(%y : memref<16x56x56x1x64xf16>)
        layouts(NHWGC, GKYXC, NHWGK) strides [1, 1] dilations [1, 1]
        pad_left [1, 1] pad_right [1, 1]
    ```
  }];
}

def CK_ConvBwdDataOp : CK_ConvOp<"conv_bwd_data", "BackwardData",
    [MemWrite], [MemRead], [MemRead]> {
  let summary = "Grouped convolution, backward data (input gradient)";
  let description = [{
    Computes the gradient of the forward convolution with respect to its
    input: `input` is written, `filter` and `output` (the output gradient)
    are read. Every input element receives

    ```
    dx[n, i, g, c] = alpha * sum over k and all (o, f) with o * s + f * d - pad_left == i
                     of dy[n, o, g, k] * w[g, k, f, c]  + beta * sum of D[n, i, g, c]
    ```

    Input elements that no output position reaches are written with the
    epilogue of a zero sum.

    Example:

    ```mlir
    ck.conv_bwd_data input(%dx : memref<16x56x56x1x64xf16>)
        filter(%w : memref<1x64x3x3x64xf16>)
        output(%dy : memref<16x28x28x1x64xf16>)
        layouts(NHWGC, GKYXC, NHWGK) strides [2, 2] dilations [1, 1]
        pad_left [1, 1] pad_right [1, 1]
    ```
  }];
}

def CK_ConvBwdWeightOp : CK_ConvOp<"conv_bwd_weight", "BackwardWeight",
    [MemRead], [MemWrite], [MemRead]> {
  let summary = "Grouped convolution, backward weight (filter gradient)";
  let description = [{
    Computes the gradient of the forward convolution with respect to its
    filter: `filter` is written, `input` and `output` (the output gradient)
    are read.

    ```
    dw[g, k, f, c] = alpha * sum over n, o of dy[n, o, g, k] * x[n, o * s + f * d - pad_left, g, c]
                     + beta * sum of D[g, k, f, c]
    ```

    Example:

    ```mlir
    ck.conv_bwd_weight input(%x : memref<16x50x50x1x256xf16>)
        filter(%dw : memref<1x36x3x3x256xf16>)
        output(%dy : memref<16x50x50x1x36xf16>)
        layouts(NHWGC, GKYXC, NHWGK) strides [1, 1] dilations [1, 1]
        pad_left [1, 1] pad_right [1, 1]
    ```
  }];
}

//===----------------------------------------------------------------------===//
// GEMM and views
//===----------------------------------------------------------------------===//

def CK_GemmOp : CK_Op<"gemm"> {
  let summary = "Batched (grouped) matrix multiplication on memrefs or views";
  let description = [{
    For every batch `g`:

    ```
    c[g, m, n] = alpha * sum over k of a[g, m, k] * b[g, k, n] + beta * sum of D[g, m, n]
    ```

    `a` is `G x M x K`, `b` is `G x K x N`, `c` and every D are `G x M x N`.
    Operands are statically shaped memrefs or `!ck.view`s; view elements
    that are padding read as zero. `a` and `b` have one element type; the
    accumulation is in f32 and the result is converted to `c`'s element type.
    A D tensor may be `c` itself (the same memref, or a view of it through
    the same transforms): the GEMM then adds to `c`.

    Example:

    ```mlir
    ck.gemm %a, %b -> %c
        : !ck.view<1x36x40000xf16>, !ck.view<1x40000x2304xf16> -> !ck.view<1x36x2304xf16>
    ```
  }];
  let arguments = (ins
    Arg<CK_Tensor, "left operand, G x M x K", [MemRead]>:$a,
    Arg<CK_Tensor, "right operand, G x K x N", [MemRead]>:$b,
    Arg<CK_Tensor, "result, G x M x N", [MemWrite]>:$c,
    Arg<Variadic<CK_Tensor>, "epilogue D tensors, G x M x N", [MemRead]>:$ds,
    DefaultValuedOptionalAttr<F32Attr, "1.0">:$alpha,
    DefaultValuedOptionalAttr<F32Attr, "1.0">:$beta,
    OptionalAttr<CK_GemmConfigAttr>:$config
  );
  let assemblyFormat = [{
    $a `,` $b `->` $c (`adds` `(` $ds^ `:` type($ds) `)`)?
    (`alpha` $alpha^)? (`beta` $beta^)? (`config` $config^)? attr-dict
    `:` type($a) `,` type($b) `->` type($c)
  }];
  let hasVerifier = 1;
}

def CK_FillOp : CK_Op<"fill"> {
  let summary = "Writes the epilogue of an empty sum";
  let description = [{
    Writes every element of `dest` with what a convolution epilogue gives
    for a zero accumulator: `beta * sum of D` when D tensors are given, zero
    otherwise. Backward-data convolutions use it for the input-gradient
    elements that no GEMM writes.

    Example:

    ```mlir
    ck.fill %v : !ck.view<1x16x7x7x64xf16>
    ```
  }];
  let arguments = (ins
    Arg<CK_Tensor, "destination", [MemWrite]>:$dest,
    Arg<Variadic<CK_Tensor>, "epilogue D tensors, shaped like dest", [MemRead]>:$ds,
    DefaultValuedOptionalAttr<F32Attr, "1.0">:$beta
  );
  let assemblyFormat = [{
    $dest (`adds` `(` $ds^ `:` type($ds) `)`)? (`beta` $beta^)? attr-dict
    `:` type($dest)
  }];
  let hasVerifier = 1;
}

def CK_ConcurrentOp : CK_Op<"concurrent",
    [NoTerminator, SingleBlock, RecursiveMemoryEffects]> {
  let summary = "GEMMs and fills that may run at the same time";
  let description = [{
    The `ck.gemm` and `ck.fill` ops of the region write disjoint elements,
    and none of them reads an element that another writes: they may run in
    any order, or at once. `ck-conv-to-gemm` puts the ops of a convolution
    here where it makes more than one (the stride slices of a
    backward-data convolution and the fills of the elements no slice
    reaches), and `convert-ck-to-gpu` launches their kernels without
    waiting for each other: `gpu.launch_func async` after one
    `gpu.wait async`, joined by a `gpu.wait` after the last. In a bundle's
    plan they become kernels with `after`, which ckrt runs on streams of
    their own.

    The region holds `ck.gemm`, `ck.fill` and the `ck.transform` ops of
    their views, at least one GEMM or fill. That their writes are disjoint
    is the promise of whoever makes the op; the verifier cannot check it.

    Example (two of the four slices of a 3x3 stride-2 backward-data
    convolution):

    ```mlir
    ck.concurrent {
      ck.gemm %dy0, %w0 -> %dx0 : !ck.view<1x576x1024xbf16>, !ck.view<1x1024x256xbf16> -> !ck.view<1x576x256xbf16>
      ck.gemm %dy1, %w1 -> %dx1 : !ck.view<1x672x512xbf16>, !ck.view<1x512x256xbf16> -> !ck.view<1x672x256xbf16>
    }
    ```
  }];
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "$body attr-dict";
  let hasVerifier = 1;
}

def CK_TransformOp : CK_Op<"transform", [Pure]> {
  let summary = "Builds a view through one level of coordinate transforms";
  let description = [{
    Produces a view of `source` (a memref or another view) whose coordinates
    map to `source`'s through `map`. The result's shape is the map's upper
    bounds and `source`'s shape its lower bounds. Chains of `ck.transform`
    ops compose: the view's coordinate goes through each map in turn, from
    the last op back to the memref.

    Example (the columns of a 4x6 matrix, flattened and padded):

    ```mlir
    %flat = ck.transform %m : memref<4x6xf32> to !ck.view<24xf32>
        by #ck.transform_map<[24] -> [4, 6], [#ck.transform<merge [0] -> [0, 1]>]>
    %padded = ck.transform %flat : !ck.view<24xf32> to !ck.view<26xf32>
        by #ck.transform_map<[26] -> [24], [#ck.transform<pad [0] -> [0] (1, 1)>]>
    ```
  }];
  let arguments = (ins CK_Tensor:$source, CK_TransformMapAttr:$map);
  let results = (outs CK_ViewType:$result);
  let assemblyFormat = [{
    $source `:` type($source) `to` qualified(type($result)) `by` qualified($map)
    attr-dict
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Wave-level operations (inside GPU kernels)
//===----------------------------------------------------------------------===//

def CK_MatrixInstrAttr : Attr<
    CPred<"::llvm::isa<::mlir::ck::MatrixInstrAttrInterface>($_self)">,
    "matrix instruction attribute"> {
  let storageType = "::mlir::ck::MatrixInstrAttrInterface";
  let returnType = "::mlir::ck::MatrixInstrAttrInterface";
  let convertFromStorage = "$_self";
}

def CK_MmaOp : CK_Op<"mma", [Pure, AllTypesMatch<["acc", "result"]>]> {
  let summary = "One wave-level matrix multiply-accumulate instruction";
  let description = [{
    Each lane of a wave passes its fragment of A, B and the accumulator as
    flat vectors, laid out as the instruction attribute's `getLayout` says
    (`MatrixInstrAttrInterface`); the result is the lane's fragment of
    `acc + A * B`. The tiling pass emits it for every target; the target
    conversions (`convert-ck-to-amdgpu`, `convert-ck-to-nvvm`) turn it into
    `amdgpu.mfma`, `amdgpu.wmma`, NVVM `mma.sync` or FMAs.

    The verifier checks the fragments against the layout: the instruction
    must accept A's element type, and the fragment sizes must be the
    layout's on the instruction's wave size (for `#ck.fma`, the wave of the
    module's `#ck.target`; without a target its sizes are not checked).

    Example:

    ```mlir
    %d = ck.mma #ck.mfma<16x16x16, f16> %a, %b, %c : vector<4xf16>, vector<4xf16>, vector<4xf32>
    ```
  }];
  let arguments = (ins CK_MatrixInstrAttr:$mma,
                       VectorOfRankAndType<[1], [F16, BF16, F32]>:$a,
                       VectorOfRankAndType<[1], [F16, BF16, F32]>:$b,
                       VectorOfRankAndType<[1], [F32]>:$acc);
  let results = (outs VectorOfRankAndType<[1], [F32]>:$result);
  let assemblyFormat = [{
    $mma $a `,` $b `,` $acc attr-dict `:` type($a) `,` type($b) `,` type($acc)
  }];
  let hasVerifier = 1;
}

#endif // CK_DIALECT_CK_IR_CKOPS_TD
