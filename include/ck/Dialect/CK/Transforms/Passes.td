//===- Passes.td - ck dialect transformation passes --------*- tablegen -*-===//

#ifndef CK_DIALECT_CK_TRANSFORMS_PASSES_TD
#define CK_DIALECT_CK_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def CKConvToGemm : Pass<"ck-conv-to-gemm"> {
  let summary = "Rewrite convolutions into GEMMs on views of their tensors";
  let description = [{
    Replaces every `ck.conv_fwd`, `ck.conv_bwd_data` and `ck.conv_bwd_weight`
    with `ck.gemm` ops (batched over the groups G) whose operands are views,
    built by `ck.transform` ops, of the convolution's memrefs. No data is
    copied: each GEMM element is an element of a tensor, or padding.

    | direction | GEMM M | GEMM N | GEMM K |
    | --- | --- | --- | --- |
    | fwd | N * Ho * Wo | K | Y * X * C |
    | bwd_weight | K | Y * X * C | N * Ho * Wo |
    | bwd_data | N * Ht * Wt (per slice) | C | K * jY * jX (per slice) |

    The merged dimensions follow the order of the tensor's layout, so that
    the fastest GEMM index is the fastest memory dimension.

    Backward-data with a stride larger than one is split into one GEMM per
    stride slice: with `g = gcd(s, d)`, the filter taps `y = yt + (s / g) * j`
    of slice `yt` reach exactly the inputs with `hi + pad = yt * d + s * ht`,
    so there are at most `min(s / g, Y)` slices per spatial dimension (those
    that reach no input are dropped). Input elements that no slice writes get
    a `ck.fill`.

    Convolutions with few channels per group take several groups into one
    GEMM (Composable Kernel's "groups to merge"). With `Gs` groups per GEMM
    the batch is `G / Gs`, and each side of the product gets a group index
    of length `Gs` beside its channels (in the order of the tensor's layout
    of G and that channel):

    | direction | GEMM M | GEMM N | GEMM K |
    | --- | --- | --- | --- |
    | fwd | N * Ho * Wo | Gs * K | Y * X * Gs * C |
    | bwd_weight | Gs * K | Y * X * Gs * C | N * Ho * Wo |
    | bwd_data | N * Ht * Wt (per slice) | Gs * C | Gs * K * jY * jX (per slice) |

    The GEMM pairs every two of the `Gs` groups, and only the block
    diagonal (the same group on both sides) belongs to the convolution: the
    filter's view pads the other blocks, so forward and backward-data read
    them as zeros and backward-weight never writes them. A depthwise
    backward-weight convolution (C = K = 1 per group) is then a GEMM of
    32 x 9*32 tiles of which one in 32 elements is kept, instead of one per
    group padded from 1 x 9 to a whole tile, with a thirty-second of the
    tiles; a forward convolution of 8 channels per group reads 64 bytes per
    pixel and tap instead of 16, and writes 64 instead of 16.
    `merge-groups` picks `Gs`: 0 (the default) takes the most groups, a
    power of two dividing G, whose channels on the group side (K; C for
    backward-data) number at most 32, the chooser's smallest block along
    that side; 1 keeps one GEMM per group. Where the module's `#ck.target`
    copies with TMA, backward-weight of 2-byte channels-last tensors takes
    instead the fewest groups whose channels of x and of dy are multiples
    of 64, where G has them: each operand is then a walk of 128-byte TMA
    boxes (64 filters of 8 groups of 8, their taps' 64 channels).

    Where the module's `#ck.target` copies with TMA (sm_90a), backward-data
    with more than 64 filters, not a multiple of 64, pads K on the right to
    the next multiple in the implicit views of both operands (zeros), so
    that no K tile of up to 64 spans two filter taps and each can be one
    TMA box.

    Convolutions with a 1x1 filter, unit strides and zero pads take the
    *explicit* path by default: their views are plain reshapes (merge and
    pass-through only). `path=implicit` forces the general views everywhere;
    `path=explicit` demands the explicit path and fails on convolutions that
    cannot take it.

    Backward-weight gathers the input's windows by default (M = K,
    N = Y * X * C, K = N * Ho * Wo). `windows=output` gathers the output
    gradient's instead: M = Y * X * K, N = C, K = N * Hi * Wi, with dy padded
    by `(Y - 1) * d - pad` on each side and seen at `ho = hi + pad_left -
    y * d` (an embed with coefficient `-d`). Where K is small this fills the
    M tiles with (tap, filter) rows, and each element of x is read once per
    M tile instead of once per tap. It needs unit strides, pads of at most
    `(Y - 1) * d`, and one group per GEMM (`merge-groups` 0 or 1); 1x1
    problems take the explicit path either way (the same GEMM). `auto`
    applies the rule of `outputWindowsPreferred` (ConvToGemm.cpp).

    Example, backward-weight of a 3x3 convolution:

    ```mlir
    ck.conv_bwd_weight input(%x : memref<16x7x7x1x256xf16>)
        filter(%dw : memref<1x36x3x3x256xf16>)
        output(%dy : memref<16x7x7x1x36xf16>)
        layouts(NHWGC, GKYXC, NHWGK) strides [1, 1] dilations [1, 1]
        pad_left [1, 1] pad_right [1, 1]
    ```

    becomes

    ```mlir
    %a = ck.transform %dy : memref<16x7x7x1x36xf16> to !ck.view<1x36x784xf16>
        by #ck.transform_map<[1, 36, 784] -> [16, 7, 7, 1, 36], [
          #ck.transform<merge [2] -> [0, 1, 2]>,
          #ck.transform<pass_through [0] -> [3]>,
          #ck.transform<pass_through [1] -> [4]>]>
    %p = ck.transform %x : ... by ...   // pad H and W by (1, 1)
    %e = ck.transform %p : ... by ...   // embed (Y, Ho) -> Hp and (X, Wo) -> Wp
    %b = ck.transform %e : ... by ...   // merge (N, Ho, Wo) and (Y, X, C)
    %c = ck.transform %dw : ... by ...  // merge (Y, X, C)
    ck.gemm %a, %b -> %c : !ck.view<1x36x784xf16>, !ck.view<1x784x2304xf16>
        -> !ck.view<1x36x2304xf16>
    ```
  }];
  let options = [
    Option<"path", "path", "std::string", /*default=*/"\"auto\"",
           "GEMM path: auto (explicit where possible), implicit or explicit">,
    Option<"mergeGroups", "merge-groups", "int64_t", /*default=*/"0",
           "Groups per GEMM: 0 for the rule (the most, a power of two "
           "dividing G, with groups * K <= 32, or groups * C for "
           "backward-data), or a divisor of G">,
    Option<"windows", "windows", "std::string", /*default=*/"\"auto\"",
           "Backward-weight: whose filter windows the GEMM gathers: auto "
           "(the rule), input (M = K) or output (the output gradient's: "
           "M = Y * X * K, N = C; unit strides, one group per GEMM)">
  ];
}

def CKImportLinalg : Pass<"ck-import-linalg"> {
  let summary = "Rewrite upstream linalg convolutions and matmuls into ck ops";
  let description = [{
    Replaces every `linalg` op on buffers that computes a convolution or a
    matrix product with a multiply-add body by the ck op that computes it:
    convolutions become `ck.conv_fwd`, contractions `ck.gemm`. Ops are
    recognized by their indexing maps (`linalg::inferConvolutionDims` and
    `inferContractionDims`), so the named ops (`conv_1d_nwc_wcf`,
    `conv_2d_nhwc_fhwc`, `conv_2d_nhwc_hwcf`, `conv_2d_nchw_fchw`, the
    grouped `conv_2d_ngchw_fgchw`, `conv_2d_ngchw_gfchw` and
    `conv_2d_nhwgc_gfhwc`, the `depthwise_conv_*` ops with and without a
    channel multiplier, `conv_3d_*`, `matmul` and `batch_matmul` with any
    indexing maps) and `linalg.generic` ops of the same form are imported
    alike; other linalg ops (pooling, element-wise, integer products) are
    left alone.

    Each tensor's ck layout names the roles of its dimensions: the batch
    `N`, the group `G` (the depthwise channel), `C` and `K`, and the spatial
    dimensions in the input's order. A role the linalg op does not have
    (`G` of an ungrouped convolution, `C` of a depthwise one, the batch `G`
    of a `matmul`) becomes a unit dimension added by `memref.expand_shape`,
    so no data moves. Operands of a `ck.gemm` whose dimensions are not in
    `G x M x K` order are seen through a transposing `ck.transform`.

    linalg ops add to their output. Where a `linalg.fill` of zero writes the
    output just before the op (nothing in between touches it), the fill is
    dropped and the ck op overwrites the output; otherwise the ck op adds to
    it (the output is also its D tensor, with `beta = 1`).

    A matching op the ck dialect cannot express is an error naming the
    reason: tensor semantics (bufferize first), dynamic shapes, more than one
    dimension of a role, mixed or unsupported element types, symbolic
    strides, a layout ck kernels cannot address, or a convolution whose
    output does not cover its input (ck convolutions have pads, linalg ones
    do not, so the output must be `(in - dilation * (filter - 1) - 1) /
    stride + 1`).

    Example:

    ```mlir
    linalg.fill ins(%zero : f16) outs(%y : memref<2x16x16x64xf16>)
    linalg.conv_2d_nhwc_fhwc {dilations = dense<1> : tensor<2xi64>,
                              strides = dense<1> : tensor<2xi64>}
        ins(%x, %w : memref<2x18x18x32xf16>, memref<64x3x3x32xf16>)
        outs(%y : memref<2x16x16x64xf16>)
    ```

    becomes

    ```mlir
    %xg = memref.expand_shape %x [[0, 1], [2], [3], [4]] output_shape [1, 2, 18, 18, 32]
        : memref<2x18x18x32xf16> into memref<1x2x18x18x32xf16>
    %wg = memref.expand_shape %w [[0, 1], [2], [3], [4]] output_shape [1, 64, 3, 3, 32]
        : memref<64x3x3x32xf16> into memref<1x64x3x3x32xf16>
    %yg = memref.expand_shape %y [[0, 1], [2], [3], [4]] output_shape [1, 2, 16, 16, 64]
        : memref<2x16x16x64xf16> into memref<1x2x16x16x64xf16>
    ck.conv_fwd input(%xg : memref<1x2x18x18x32xf16>)
        filter(%wg : memref<1x64x3x3x32xf16>)
        output(%yg : memref<1x2x16x16x64xf16>)
        layouts(GNHWC, GKYXC, GNHWK) strides [1, 1] dilations [1, 1]
        pad_left [0, 0] pad_right [0, 0]
    ```
  }];
  let dependentDialects = ["::mlir::ck::CKDialect",
                           "::mlir::memref::MemRefDialect"];
}

def CKSetTarget : Pass<"ck-set-target", "ModuleOp"> {
  let summary = "Attach the #ck.target of a chip to the module";
  let description = [{
    Writes the `#ck.target` of `chip`, from ck's chip table, as the module's
    `ck.target` attribute: every later pass reads the chip from there. A
    module that already has a target keeps it when it names the same chip,
    so a test can state a variant of a chip (less LDS, another instruction
    list); a target naming another chip is an error. Without `chip`, the
    module must already have a target.

    Example, with `chip=gfx1100`:

    ```mlir
    module {
    }
    ```

    becomes

    ```mlir
    module attributes {ck.target = #ck.target<"gfx1100", vendor = amd,
        wave = 32, lds = 65536, registers = 256, addressing_registers = 144,
        compute_units = 96, simds = 2, waves_per_simd = 16,
        registers_per_simd = 1536, lds_per_cu = 65536,
        mma = [#ck.wmma<16x16x16, f16, gfx11>, #ck.wmma<16x16x16, bf16, gfx11>, #ck.fma]>} {
    }
    ```
  }];
  let options = [
    Option<"chip", "chip", "std::string", /*default=*/"\"\"",
           "chip the kernels are for (gfx90a, gfx942, gfx950, gfx1100, "
           "gfx1201, sm_80, sm_90a)">
  ];
  let dependentDialects = ["::mlir::ck::CKDialect"];
}

def CKSelectGemmConfig : Pass<"ck-select-gemm-config"> {
  let summary = "Choose a kernel configuration for every ck.gemm";
  let description = [{
    Attaches a `#ck.gemm_config` to every `ck.gemm` without one, chosen from
    the GEMM's sizes and the chip's architecture table: the chip's matrix
    instruction for the input type (FMAs where M or N is less than half the
    instruction's tile), block tiles that do not waste much of small
    matrices, four waves per workgroup, tiles (then K) shrunk until LDS and
    registers fit, and StreamK when the tiles are too few to fill the chip
    (fewer than the compute units of its main SKU) and K is long enough to
    share out.
    The chip is the module's `#ck.target` (see `ck-set-target`).
    Configurations already on the ops are checked against the chip; one that
    does not fit is an error naming the limit.

    `partition` replaces the heuristic's partition on the configurations it
    chooses: the parameters of a `#ck.partition` (`data_parallel`,
    `data_parallel,dp=persistent` with `waves`, `split_k,k_batch=4`,
    `stream_k,reduce=linear,tail=all`, ...), or bare
    `split_k` for the heuristic's number of K ranges (at least 2): the
    fewest splits that finish within a fiftieth of the least time counted in
    whole rounds of the workgroups the chip holds at once, each round a
    split's K-tiles plus a workgroup's fill and store (docs/Schedules.md).
    Empty or
    `auto` keeps the heuristic's.

    `config` pins one `#ck.gemm_config` (its text, e.g.
    `#ck.gemm_config<block = [128, 128, 32], wave = [64, 64], mma =
    #ck.mfma<16x16x16, f16>>`) on every GEMM without a configuration,
    checked against the chip like a configuration written in the IR;
    `partition`, `waves`, `stages`, `cluster`, `resident-b` and
    `signal-landed` cannot be given with it.

    `waves=L,M` asks for wave specialization with `L` load waves and `M`
    math waves (`#ck.gemm_config`'s `load_waves`): the configurations it
    chooses have a wave grid of `M` waves and `L` load waves; it is an
    error where no block tile of the chip's instruction splits into `M`
    waves or the workgroup does not fit. Empty or `auto` keeps the
    heuristic's (no roles).

    `cluster=MxN` groups the workgroups of M x N neighbouring tiles into
    thread block clusters that share operand tiles (`#ck.gemm_config`'s
    `cluster`: `2x1` or `4x1` along M, sharing B; `1x2` or `1x4` along N,
    sharing A). It needs `waves` and a data-parallel or split-K partition;
    it is an error where the chosen configuration cannot take it. Empty or
    `auto` keeps the heuristic's (none).

    `signal-landed` has the load threads signal each ring slot full as
    their copies land (`#ck.gemm_config`'s `signal_landed`) in every chosen
    configuration that can take it: load waves that copy an operand with
    cp.async into a ring with mbarriers (sm_90 and up). The other GEMMs of
    the module keep their configurations, since a problem of several GEMMs
    (backward-data's slices) may choose both kinds; it is an error where
    no GEMM's configuration can take it.

    Example, on a module targeting gfx942:

    ```mlir
    ck.gemm %a, %b -> %c : memref<1x256x40000xf16>, memref<1x40000x2304xf16> -> memref<1x256x2304xf16>
    ```

    becomes

    ```mlir
    ck.gemm %a, %b -> %c config <block = [128, 128, 32], wave = [64, 64], mma = #ck.mfma<16x16x16, f16>, partition = #ck.partition<split_k, k_batch = 17>> : ...
    ```
  }];
  // Planning the operand tiles' TMA copies (ringCopiesByTma) names LDS.
  let dependentDialects = ["::mlir::gpu::GPUDialect"];
  let options = [
    Option<"partition", "partition", "std::string", /*default=*/"\"\"",
           "Partition of the chosen configurations: auto (the heuristic's), "
           "split_k (its K ranges, at least 2) or #ck.partition's "
           "parameters, e.g. stream_k,reduce=linear">,
    Option<"waves", "waves", "std::string", /*default=*/"\"\"",
           "Wave roles of the chosen configurations: auto (the heuristic's, "
           "no roles) or LOAD,MATH, e.g. 4,4">,
    Option<"stages", "stages", "int64_t", /*default=*/"0",
           "Pipeline of the chosen configurations' K loops: 0 (the "
           "heuristic's), 1 (register prefetch into one LDS buffer) or 2 to "
           "4 (asynchronous copies through that many LDS buffers)">,
    Option<"cluster", "cluster", "std::string", /*default=*/"\"\"",
           "Clusters of the chosen configurations: auto (the heuristic's, "
           "none) or MxN workgroups along M and N, e.g. 2x1">,
    Option<"residentB", "resident-b", "bool", /*default=*/"false",
           "Keep B's whole K extent in LDS across a persistent workgroup's "
           "tiles of one column (#ck.gemm_config's resident_b; needs waves "
           "and partition data_parallel,dp=persistent)">,
    Option<"signalLanded", "signal-landed", "bool", /*default=*/"false",
           "Signal ring slots full as the load waves' copies land "
           "(#ck.gemm_config's signal_landed) in every chosen configuration "
           "whose load waves copy an operand with cp.async into a ring with "
           "mbarriers; an error where no GEMM's does">,
    Option<"config", "config", "std::string", /*default=*/"\"\"",
           "A #ck.gemm_config pinned on every GEMM without one, instead of "
           "the heuristic's (checked against the chip; not with partition, "
           "waves, stages, cluster, resident-b or signal-landed)">
  ];
}

#endif // CK_DIALECT_CK_TRANSFORMS_PASSES_TD
