//===- CKAttrs.td - ck dialect attributes ------------------*- tablegen -*-===//

#ifndef CK_DIALECT_CK_IR_CKATTRS_TD
#define CK_DIALECT_CK_IR_CKATTRS_TD

include "ck/Dialect/CK/IR/CKDialect.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

class CK_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<CK_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

//===----------------------------------------------------------------------===//
// Tensor layouts
//===----------------------------------------------------------------------===//

def CK_LayoutAttr : CK_Attr<"Layout", "layout"> {
  let summary = "Order of the logical dimensions of a convolution tensor";
  let description = [{
    A layout names, outermost first, the logical dimension stored in each
    dimension of a memref. Each letter is one dimension:

    | letter | meaning |
    | --- | --- |
    | `N` | batch |
    | `G` | group |
    | `C` | input channels per group |
    | `K` | output channels per group |
    | `D`, `H`, `W` | spatial dimensions of the input and output tensors |
    | `Z`, `Y`, `X` | spatial dimensions of the filter |

    Any order of the letters a tensor needs is accepted, so the usual
    `NHWGC` / `GKYXC` / `NHWGK` family and others (`GNHWC`, `NGCHW`, ...)
    are all layouts. The convolution ops check that each tensor's layout
    holds exactly the letters of its role.

    Example:

    ```mlir
    #ck.layout<NHWGC>
    ```
  }];
  let parameters = (ins StringRefParameter<"dimension letters, outermost first">:$dims);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// Position of `letter` in the layout, or std::nullopt.
    std::optional<unsigned> find(char letter) const;
  }];
}

def CK_ConvDirection : I32EnumAttr<"ConvDirection", "direction of a convolution", [
    I32EnumAttrCase<"Forward", 0, "fwd">,
    I32EnumAttrCase<"BackwardData", 1, "bwd_data">,
    I32EnumAttrCase<"BackwardWeight", 2, "bwd_weight">
  ]> {
  let cppNamespace = "::mlir::ck";
  let genSpecializedAttr = 0;
}

//===----------------------------------------------------------------------===//
// Views: coordinate transforms
//===----------------------------------------------------------------------===//

def CK_TransformKind : I32EnumAttr<"TransformKind", "kind of coordinate transform", [
    I32EnumAttrCase<"PassThrough", 0, "pass_through">,
    I32EnumAttrCase<"Pad", 1, "pad">,
    I32EnumAttrCase<"Embed", 2, "embed">,
    I32EnumAttrCase<"Merge", 3, "merge">,
    I32EnumAttrCase<"Unmerge", 4, "unmerge">,
    I32EnumAttrCase<"Slice", 5, "slice">
  ]> {
  let cppNamespace = "::mlir::ck";
  let genSpecializedAttr = 0;
}

def CK_TransformAttr : CK_Attr<"Transform", "transform"> {
  let summary = "One coordinate transform from upper to lower dimensions";
  let description = [{
    A transform maps the coordinates of some *upper* (view) dimensions to the
    coordinates of some *lower* (source) dimensions. The lengths of the
    dimensions come from the enclosing `#ck.transform_map`. Kinds, with `u`
    upper and `l` lower coordinates:

    | kind | upper -> lower | parameters | mapping |
    | --- | --- | --- | --- |
    | `pass_through` | 1 -> 1 | none | `l = u` |
    | `pad` | 1 -> 1 | `(left, right)` | `l = u - left`; padding where `l` is outside the lower length |
    | `embed` | n -> 1 | `(offset, c0, ..., cn-1)` | `l = offset + sum(ci * ui)` |
    | `merge` | 1 -> n | none | `(l0, ..., ln-1)` is the row-major decomposition of `u` |
    | `unmerge` | n -> 1 | none | `l` is the row-major linear index of `(u0, ..., un-1)` |
    | `slice` | 1 -> 1 | `(begin, end)` | `l = u + begin`, upper length `end - begin` |

    Example:

    ```mlir
    #ck.transform<pad [1] -> [1] (1, 1)>
    #ck.transform<embed [1, 2] -> [1] (0, 2, 1)>
    #ck.transform<merge [0] -> [0, 1, 2]>
    ```
  }];
  let parameters = (ins
    EnumParameter<CK_TransformKind>:$kind,
    ArrayRefParameter<"int64_t", "upper dimensions">:$upper,
    ArrayRefParameter<"int64_t", "lower dimensions">:$lower,
    OptionalArrayRefParameter<"int64_t", "kind-specific parameters">:$params
  );
  let assemblyFormat = [{
    `<` $kind ` ` `[` $upper `]` `->` `[` $lower `]` (`(` $params^ `)`)? `>`
  }];
}

def CK_TransformMapAttr : CK_Attr<"TransformMap", "transform_map"> {
  let summary = "A set of coordinate transforms between two index spaces";
  let description = [{
    A transform map takes a coordinate in the upper index space (bounds
    `upperBounds`) to a coordinate in the lower index space (bounds
    `lowerBounds`), or to "padding". Each upper and each lower dimension
    belongs to exactly one transform. Chains of maps, one per `ck.transform`
    op, express views such as the implicit-GEMM matrix of a convolution
    input.

    Example (a 4x6 matrix seen as 24 elements of a vector, then padded by one
    on each side):

    ```mlir
    #ck.transform_map<[24] -> [4, 6], [#ck.transform<merge [0] -> [0, 1]>]>
    #ck.transform_map<[26] -> [24], [#ck.transform<pad [0] -> [0] (1, 1)>]>
    ```
  }];
  let parameters = (ins
    ArrayRefParameter<"int64_t", "upper bounds">:$upperBounds,
    ArrayRefParameter<"int64_t", "lower bounds">:$lowerBounds,
    ArrayRefParameter<"TransformAttr", "transforms">:$transforms
  );
  let assemblyFormat = [{
    `<` `[` $upperBounds `]` `->` `[` $lowerBounds `]` `,` `[` $transforms `]` `>`
  }];
  let genVerifyDecl = 1;
}

//===----------------------------------------------------------------------===//
// Kernel configuration
//===----------------------------------------------------------------------===//

def CK_MmaIntrinsic : I32EnumAttr<"MmaIntrinsic",
    "wave-level matrix instruction a GEMM kernel is built from", [
    I32EnumAttrCase<"Fma", 0, "fma">,
    I32EnumAttrCase<"Mfma16x16x16F16", 1, "mfma_16x16x16_f16">,
    I32EnumAttrCase<"Mfma16x16x16Bf16", 2, "mfma_16x16x16_bf16">,
    I32EnumAttrCase<"Mfma16x16x4F32", 3, "mfma_16x16x4_f32">,
    I32EnumAttrCase<"Wmma16x16x16F16Gfx11", 4, "wmma_16x16x16_f16_gfx11">,
    I32EnumAttrCase<"Wmma16x16x16Bf16Gfx11", 5, "wmma_16x16x16_bf16_gfx11">,
    I32EnumAttrCase<"Wmma16x16x16F16Gfx12", 6, "wmma_16x16x16_f16_gfx12">,
    I32EnumAttrCase<"Wmma16x16x16Bf16Gfx12", 7, "wmma_16x16x16_bf16_gfx12">,
    I32EnumAttrCase<"Mma16x8x16F16", 8, "mma_16x8x16_f16">,
    I32EnumAttrCase<"Mma16x8x16Bf16", 9, "mma_16x8x16_bf16">,
    I32EnumAttrCase<"Mma16x8x8Tf32", 10, "mma_16x8x8_tf32">
  ]> {
  let cppNamespace = "::mlir::ck";
}

def CK_GemmConfigAttr : CK_Attr<"GemmConfig", "gemm_config"> {
  let summary = "How a GEMM is tiled into a GPU kernel";
  let description = [{
    The kernel configuration of one `ck.gemm`: each workgroup computes a
    `block` tile (M x N, stepping through K by the third size), split among
    waves of `wave` (M x N) tiles, each built from `intrinsic` instructions.
    The number of waves is `(block M / wave M) * (block N / wave N)`.

    `split_k` (default 1) splits the K loop over that many workgroups per
    tile (the partition): each writes its f32 partial tile to a workspace,
    and a second kernel sums the partials in a fixed order and applies the
    epilogue, so the result is the same bit for bit on every run.

    `lds_buffers` (default 1) is the pipeline of the K loop. With 1, the
    next K-tile is prefetched into registers while the current one is
    computed and then written over it in LDS (two barriers per K step).
    With 2, the operand tiles are double-buffered in LDS: the prefetched
    tile goes to the other buffer, and one barrier per K step suffices, at
    twice the LDS.

    `split_k` and `lds_buffers` may be given in either order and are
    printed only when they differ from 1.

    A heuristic (`ck-select-gemm-config`) chooses it from the problem and the
    chip; a user or a tuner can pin one on the op, and the passes reject a
    configuration that does not divide, does not fit the chip's LDS or
    registers, or uses an instruction the chip lacks.

    Example:

    ```mlir
    #ck.gemm_config<block = [128, 128, 32], wave = [64, 64], intrinsic = mfma_16x16x16_f16>
    #ck.gemm_config<block = [64, 128, 32], wave = [32, 64], intrinsic = mma_16x8x16_f16, split_k = 8>
    #ck.gemm_config<block = [128, 128, 32], wave = [64, 64], intrinsic = mma_16x8x16_f16, lds_buffers = 2>
    ```
  }];
  let parameters = (ins
    ArrayRefParameter<"int64_t", "block tile M, N, K">:$block,
    ArrayRefParameter<"int64_t", "wave tile M, N">:$wave,
    "MmaIntrinsic":$intrinsic,
    DefaultValuedParameter<"int64_t", "1", "K splits per tile">:$splitK,
    DefaultValuedParameter<"int64_t", "1", "LDS buffers per operand tile">:$ldsBuffers
  );
  let assemblyFormat = [{
    `<` `block` `=` `[` $block `]` `,` `wave` `=` `[` $wave `]` `,`
    `intrinsic` `=` $intrinsic ``
    custom<GemmConfigOptions>($splitK, $ldsBuffers) `>`
  }];
  let genVerifyDecl = 1;
}

#endif // CK_DIALECT_CK_IR_CKATTRS_TD
