//===- CKAttrs.td - ck dialect attributes ------------------*- tablegen -*-===//

#ifndef CK_DIALECT_CK_IR_CKATTRS_TD
#define CK_DIALECT_CK_IR_CKATTRS_TD

include "ck/Dialect/CK/IR/CKDialect.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"
include "ck/Dialect/CK/IR/CKAttrInterfaces.td"

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
// Partition
//===----------------------------------------------------------------------===//

def CK_PartitionKind : I32EnumAttr<"PartitionKind",
    "how a GEMM's tiles and K-iterations are spread over workgroups", [
    I32EnumAttrCase<"DataParallel", 0, "data_parallel">,
    I32EnumAttrCase<"SplitK", 1, "split_k">,
    I32EnumAttrCase<"StreamK", 2, "stream_k">
  ]> {
  let cppNamespace = "::mlir::ck";
  let genSpecializedAttr = 0;
}

def CK_StreamKReduction : I32EnumAttr<"StreamKReduction",
    "how StreamK adds up the partial tiles of one tile", [
    I32EnumAttrCase<"Linear", 0, "linear">,
    I32EnumAttrCase<"Tree", 1, "tree">
  ]> {
  let cppNamespace = "::mlir::ck";
  let genSpecializedAttr = 0;
}

def CK_SplitKReduction : I32EnumAttr<"SplitKReduction",
    "who adds up split-K's partial tiles: a second kernel, the split "
    "workgroups themselves once all of a tile's have stored theirs in the "
    "workspace, or the tile's workgroups as one thread block cluster from "
    "each other's LDS", [
    I32EnumAttrCase<"Kernel", 0, "kernel">,
    I32EnumAttrCase<"Workgroups", 1, "workgroups">,
    I32EnumAttrCase<"Cluster", 2, "cluster">
  ]> {
  let cppNamespace = "::mlir::ck";
  let genSpecializedAttr = 0;
}

def CK_DataParallelTiles : I32EnumAttr<"DataParallelTiles",
    "how a launch runs its data-parallel tiles: the resident workgroups in "
    "turn, or one workgroup each", [
    I32EnumAttrCase<"Persistent", 0, "persistent">,
    I32EnumAttrCase<"PerTile", 1, "per_tile">
  ]> {
  let cppNamespace = "::mlir::ck";
  let genSpecializedAttr = 0;
}

def CK_PartitionAttr : CK_Attr<"Partition", "partition"> {
  let summary = "Which work units a GEMM kernel's workgroups run";
  let description = [{
    How `ck.partition` spreads a GEMM's output tiles and their K-tiles over
    the workgroups of its launch:

    - `data_parallel`: one workgroup per tile runs all its K-tiles and
      writes it. Grid: (tiles along M x tiles along N, G, 1). With `dp =
      persistent` a grid of W workgroups (the device's compute units times
      the workgroups one holds at once, counted at launch) runs them in
      turn: workgroup w takes tiles w, w + W, ... (row-major over
      [G, TM, TN]). Its wave roles then span the workgroup's tiles: the load
      waves copy the next tile's K-tiles while the math waves write the
      last one (docs/rationale/EpilogueOverlap.md). Grid: (W, 1, 1).
    - `split_k, k_batch = S`: each tile's K-tiles are cut into S equal
      ranges (the last one shorter); one workgroup per (tile, range) writes
      its f32 partial tile to a workspace slot, and a second elementwise
      kernel sums the S partials of each element in range order and writes
      the tile. Grid: (tiles along M x tiles along N, G, S). Deterministic:
      the sum's order is fixed. With `reduce = workgroups` there is no
      second kernel: the S workgroups of a tile wait for each other (a
      counter per tile in the workspace), then each sums and writes an S-th
      of the tile, in the same order. Their wait needs the whole grid
      resident at once, so the kernel is launched cooperatively and ckrt
      refuses a grid the device cannot hold. With `reduce = cluster` the S
      workgroups of a tile are one thread block cluster (along the grid's
      z, S at most 8): each stores its partial tile in its own LDS, the
      cluster meets at its barrier, and each sums an S-th of the tile from
      the S workgroups' LDS (distributed shared memory), in the same
      order, and writes it; no workspace, no second kernel.
    - `split_k, k_batch = auto`: split-K whose S ckrt chooses when it loads
      the plan, from the workgroups resident at once (W) and the tiles (T):
      1 where T >= W, else as many ranges as fill W, each of at least
      `min_iters` K-tiles (docs/Schedules.md). The kernels take S as an
      argument and grid z is S; with S = 1 the first kernel writes the
      tiles itself and the second does nothing.
    - `stream_k`: the last tiles' K-tiles (all of them with `tail = all`)
      are spread evenly over the workgroups resident at once, which ckrt
      counts at launch (docs/Schedules.md). A workgroup whose range starts
      inside a tile leaves its partial tile in the workspace and raises its
      flag; the tile's first workgroup adds the partials, `linear`ly in
      order or as a pairwise `tree`, and writes the tile. The other tiles
      are data-parallel, run by the same workgroups in turn (`dp =
      persistent`, a cooperative launch of the resident workgroups) or by
      one workgroup each (`dp = per_tile`). `tail` is how many waves of
      tiles StreamK shares out (the partial last one and `tail - 1` full
      ones before it), and `min_iters` the fewest K-tiles a StreamK
      workgroup gets. Deterministic: the order of the sums depends only on
      the tiles, the K-tiles and the resident workgroups. With `ring =
      shared` a workgroup's units share one ring of wave roles, as
      persistent data-parallel ones do: the load waves copy the next unit's
      K-tiles while the math waves gather partial tiles and write, from a
      staging tile of their own (LDS beside the ring, which may cost the
      ring a stage); with `ring = per_unit` each unit has its own.

    The keys after the kind may come in any order; each is printed only
    when it differs from its default (`k_batch = 1`, `reduce = tree` for
    StreamK and `kernel` for split-K, `dp = persistent` for StreamK and
    `per_tile` for the others, `tail = 2`, `min_iters = 1`, `ring =
    per_unit`).

    Verifier: `k_batch` is 1 except for split-K, where it is `auto` or in
    [2, 65535] (one workgroup per range along the grid's z); `reduce` is
    `linear` or `tree` for StreamK and `kernel`, `workgroups` or `cluster`
    for split-K (`workgroups` with a fixed k_batch, `cluster` with a fixed
    k_batch of at most 8), `tail` is given only for StreamK,
    `dp` only for StreamK and
    data-parallel, `min_iters` only for StreamK and
    `split_k, k_batch = auto`, `ring` only for StreamK; `tail` is `all`
    or in [1, 2^31-1] and `min_iters` in [1, 2^31-1].

    Example:

    ```mlir
    #ck.partition<data_parallel>
    #ck.partition<data_parallel, dp = persistent>
    #ck.partition<split_k, k_batch = 4>
    #ck.partition<split_k, k_batch = 8, reduce = workgroups>
    #ck.partition<split_k, k_batch = 4, reduce = cluster>
    #ck.partition<split_k, k_batch = auto, min_iters = 4>
    #ck.partition<stream_k>
    #ck.partition<stream_k, reduce = linear, dp = per_tile, tail = all>
    #ck.partition<stream_k, tail = 1, ring = shared>
    ```
  }];
  let parameters = (ins
    EnumParameter<CK_PartitionKind>:$kind,
    DefaultValuedParameter<"int64_t", "1",
        "partial sums per tile, 0 for auto">:$kBatch,
    DefaultValuedParameter<"StreamKReduction", "StreamKReduction::Tree",
        "how StreamK's partial tiles are added">:$reduce,
    DefaultValuedParameter<"SplitKReduction", "SplitKReduction::Kernel",
        "who adds split-K's partial tiles">:$splitKReduce,
    "DataParallelTiles":$dp,
    DefaultValuedParameter<"int64_t", "2",
        "waves of tiles shared out, 0 for all">:$tail,
    DefaultValuedParameter<"int64_t", "1",
        "fewest K-tiles per StreamK workgroup">:$minIters,
    DefaultValuedParameter<"bool", "false",
        "whether StreamK's units share one ring of wave roles">:$sharedRing
  );
  let builders = [
    AttrBuilder<(ins "PartitionKind":$kind, CArg<"int64_t", "1">:$kBatch,
                     CArg<"int64_t", "1">:$minIters), [{
      return $_get($_ctxt, kind, kBatch, StreamKReduction::Tree,
                   SplitKReduction::Kernel, getDefaultDp(kind), 2, minIters,
                   false);
    }]>
  ];
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// `dp` where it is not given: persistent for StreamK, one workgroup
    /// per tile for the other kinds.
    static DataParallelTiles getDefaultDp(PartitionKind kind) {
      return kind == PartitionKind::StreamK ? DataParallelTiles::Persistent
                                            : DataParallelTiles::PerTile;
    }
    /// Whether this is `data_parallel, dp = persistent`: resident
    /// workgroups that take the tiles in turn.
    bool isPersistentDataParallel() const {
      return getKind() == PartitionKind::DataParallel &&
             getDp() == DataParallelTiles::Persistent;
    }
    /// Whether a workgroup's units share one ring of wave roles, with no
    /// barrier between them: persistent data-parallel units, and StreamK's
    /// with `ring = shared`.
    bool unitsShareRing() const {
      return isPersistentDataParallel() || getSharedRing();
    }
    /// Whether split-K's workgroups add up their partial tiles themselves
    /// (`reduce = workgroups`), with no second kernel.
    bool isSplitKInWorkgroups() const {
      return getKind() == PartitionKind::SplitK &&
             getSplitKReduce() == SplitKReduction::Workgroups;
    }
    /// Whether split-K's workgroups of a tile are one thread block cluster
    /// that adds up their partial tiles from each other's LDS (`reduce =
    /// cluster`), with no workspace and no second kernel.
    bool isSplitKInCluster() const {
      return getKind() == PartitionKind::SplitK &&
             getSplitKReduce() == SplitKReduction::Cluster;
    }
    /// Whether the kernel is launched cooperatively, its whole grid
    /// resident at once: persistent StreamK and split-K with `reduce =
    /// workgroups`, whose workgroups wait for each other's partial tiles.
    bool needsCooperativeLaunch() const {
      return (getKind() == PartitionKind::StreamK &&
              getDp() == DataParallelTiles::Persistent) ||
             isSplitKInWorkgroups();
    }
    /// `tail` value that shares every tile out.
    static constexpr int64_t kTailAll = 0;
    /// `k_batch` value that lets ckrt choose split-K's ranges at launch.
    static constexpr int64_t kKBatchAuto = 0;
    bool isSplitKAuto() const {
      return getKind() == PartitionKind::SplitK && getKBatch() == kKBatchAuto;
    }
    /// Whether ckrt sizes the launch when it loads the plan (a
    /// `ck.schedule`): StreamK and `split_k, k_batch = auto`.
    bool isSizedAtLaunch() const {
      return getKind() == PartitionKind::StreamK || isSplitKAuto();
    }
    /// The grid dimension ckrt sizes at launch: x (0) for StreamK, z (2)
    /// for `k_batch = auto`, none for partitions sized at compile time.
    std::optional<unsigned> getLaunchTimeGridDim() const {
      if (getKind() == PartitionKind::StreamK)
        return 0;
      if (isSplitKAuto())
        return 2;
      return std::nullopt;
    }
    /// The launch grid of a GEMM of `tiles` = (G, tiles along M, tiles
    /// along N), std::nullopt along getLaunchTimeGridDim(). For
    /// `data_parallel, dp = persistent`, the most workgroups that find a
    /// tile (one per tile); its launch takes as many as the device's
    /// compute units hold (ck.grid_per_compute_unit).
    std::array<std::optional<int64_t>, 3>
    getGrid(ArrayRef<int64_t> tiles) const;
    /// The most partial sums a tile gets from a split-K kernel of `kTiles`
    /// K-tiles per tile: `k_batch`, or with `auto` one per K-tile (ckrt
    /// drops empty ranges), within the grid's z.
    int64_t getKBatchBound(int64_t kTiles) const;
    /// Floats from one split-K counter to the next: a 256-byte line each.
    static constexpr int64_t kCounterFloats = 64;
    /// Where the counters of split-K with `reduce = workgroups` start in
    /// its workspace: after the k_batch x `tiles` partial tiles of
    /// `tileFloats` floats. Tile t's is kCounterFloats x t floats further.
    int64_t getSplitKCountersFloat(int64_t tiles, int64_t tileFloats) const {
      return getKBatch() * tiles * tileFloats;
    }
    /// Floats of a fixed k_batch's split-K workspace: the partial tiles,
    /// then the counters of `reduce = workgroups`.
    int64_t getSplitKWorkspaceFloats(int64_t tiles, int64_t tileFloats) const {
      return getSplitKCountersFloat(tiles, tileFloats) +
             (isSplitKInWorkgroups() ? tiles * kCounterFloats : 0);
    }
    /// Whether partial tiles go through a workspace.
    bool usesWorkspace() const {
      return getKind() != PartitionKind::DataParallel && !isSplitKInCluster();
    }
    /// The i32 values ckrt computes at launch that the kernel takes: K, D,
    /// q, r' and the grid for StreamK, k_batch for `split_k, k_batch =
    /// auto` (docs/Schedules.md), none otherwise.
    int64_t getScheduleArgumentCount() const {
      if (getKind() == PartitionKind::StreamK)
        return 5;
      return isSplitKAuto() ? 1 : 0;
    }
    /// The StreamK workspace's slot of a tile of `tileFloats` floats, in
    /// floats: the partial rounded up to a 256-byte line, then the line of
    /// its u32 flag (as ck/Schedule/StreamK.h lays it out).
    static int64_t getStreamKSlotFloats(int64_t tileFloats) {
      return getStreamKFlagFloat(tileFloats) + 64;
    }
    /// Where the u32 flag lies in such a slot, in floats.
    static int64_t getStreamKFlagFloat(int64_t tileFloats) {
      return llvm::alignTo(tileFloats, 64);
    }
    /// Whether StreamK's i32 schedule counts hold all `tiles` x `kTiles`
    /// K-tiles of a GEMM.
    static bool streamKCountsFit(int64_t tiles, int64_t kTiles);
  }];
}

//===----------------------------------------------------------------------===//
// Kernel configuration
//===----------------------------------------------------------------------===//

class CK_MatrixInstrAttr<string name, string attrMnemonic>
    : CK_Attr<name, attrMnemonic, [DeclareAttrInterfaceMethods<
          CK_MatrixInstrAttrInterface>]>;

def CK_MfmaAttr : CK_MatrixInstrAttr<"Mfma", "mfma"> {
  let summary = "An AMD MFMA instruction (CDNA, wave64)";
  let description = [{
    `v_mfma_f32_MxNxK<type>`: C (m x n, f32) += A (m x k) * B (k x n) on a
    wave of 64 lanes. ck has the layouts of 16x16x16 with f16 or bf16 and
    16x16x4 with f32 (gfx90a, gfx942, gfx950), and 16x16x32 with f16 or
    bf16 (gfx950 only: twice the products per instruction; lane l holds 8
    consecutive k of row l mod 16 from 8 (l div 16), the layout of two
    16x16x16 steps read at once with `k_pack 2`). Lowered to `amdgpu.mfma`.

    Example:

    ```mlir
    #ck.mfma<16x16x16, f16>
    ```
  }];
  let parameters = (ins "int64_t":$m, "int64_t":$n, "int64_t":$k,
                        "Type":$elementType);
  let assemblyFormat = "`<` custom<MatrixShape>($m, $n, $k) `,` $elementType `>`";
  let genVerifyDecl = 1;
}

def CK_MatrixOperand : I32EnumAttr<"MatrixOperand",
    "operand of a matrix instruction", [
    I32EnumAttrCase<"A", 0, "a">,
    I32EnumAttrCase<"B", 1, "b">
  ]> {
  let cppNamespace = "::mlir::ck";
}

def CK_RingEvent : I32EnumAttr<"RingEvent",
    "what a wave-role ring slot announces: filled or emptied", [
    I32EnumAttrCase<"Full", 0, "full">,
    I32EnumAttrCase<"Empty", 1, "empty">
  ]> {
  let cppNamespace = "::mlir::ck";
}

def CK_RegisterChange : I32EnumAttr<"RegisterChange",
    "whether a warpgroup grows or shrinks its registers per lane", [
    I32EnumAttrCase<"Grow", 0, "grow">,
    I32EnumAttrCase<"Shrink", 1, "shrink">
  ]> {
  let cppNamespace = "::mlir::ck";
}

def CK_WmmaGeneration : I32EnumAttr<"WmmaGeneration",
    "RDNA generation of a WMMA instruction's lane layout", [
    I32EnumAttrCase<"Gfx11", 0, "gfx11">,
    I32EnumAttrCase<"Gfx12", 1, "gfx12">
  ]> {
  let cppNamespace = "::mlir::ck";
  let genSpecializedAttr = 0;
}

def CK_WmmaAttr : CK_MatrixInstrAttr<"Wmma", "wmma"> {
  let summary = "An AMD WMMA instruction (RDNA, wave32)";
  let description = [{
    `v_wmma_f32_16x16x16_<type>` on a wave of 32 lanes, with f16 or bf16
    inputs. The lane layout differs between generations: on gfx11 every
    lane holds all 16 k of its row (lanes 16-31 repeat lanes 0-15), on gfx12
    half. Lowered to `amdgpu.wmma`.

    Example:

    ```mlir
    #ck.wmma<16x16x16, bf16, gfx12>
    ```
  }];
  let parameters = (ins "int64_t":$m, "int64_t":$n, "int64_t":$k,
                        "Type":$elementType,
                        EnumParameter<CK_WmmaGeneration>:$generation);
  let assemblyFormat = [{
    `<` custom<MatrixShape>($m, $n, $k) `,` $elementType `,` $generation `>`
  }];
  let genVerifyDecl = 1;
}

def CK_MmaSyncAttr : CK_MatrixInstrAttr<"MmaSync", "mma_sync"> {
  let summary = "An NVIDIA mma.sync instruction (tensor cores, one warp)";
  let description = [{
    `mma.sync.aligned.mMnNkK.row.col.f32.<type>.<type>.f32` on a warp of
    32 lanes: 16x8x16 with f16 or bf16, and 16x8x8 with tf32, which takes
    f32 operands and computes in tf32. Lowered to `nvvm.mma.sync`.

    Example:

    ```mlir
    #ck.mma_sync<16x8x8, tf32>
    ```
  }];
  let parameters = (ins "int64_t":$m, "int64_t":$n, "int64_t":$k,
                        "Type":$elementType);
  let assemblyFormat = "`<` custom<MatrixShape>($m, $n, $k) `,` $elementType `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// Whether ldmatrix reads the fragments (16x8x16 with 16-bit inputs),
    /// eight 16-byte rows of LDS at a time, which may then be swizzled.
    bool readsByLdmatrix() const {
      return getM() == 16 && getN() == 8 && getK() == 16 &&
             getElementType().getIntOrFloatBitWidth() == 16;
    }
  }];
}

def CK_WgmmaAttr : CK_MatrixInstrAttr<"Wgmma", "wgmma"> {
  let summary = "An NVIDIA wgmma instruction (sm_90a, four warps, from LDS)";
  let description = [{
    `wgmma.mma_async.sync.aligned.m64nNk16.f32.<type>.<type>` with f16 or
    bf16 inputs: a warpgroup, four consecutive warps, multiplies a 64 x 16
    tile of A by a 16 x N tile of B, both read from LDS through matrix
    descriptors, into f32 accumulators held in registers.

    As a `MatrixInstrAttrInterface` it is the share of one warp: warp `i`
    of the group holds rows `16 i` to `16 i + 15` of the 64, as N / 8
    accumulator tiles of 16 x 8 laid out like `#ck.mma_sync<16x8x16>`'s C,
    in order along N. A GEMM configuration with it therefore gives every
    wave a `16 x BN` tile (`wave = [16, BN]`), so that four consecutive
    waves cover 64 whole rows and one instruction serves them, or `16R x
    BN` (R row groups): the four waves then cover 64 R rows, one
    instruction per 64, each wave 16 rows of every 64 (`!ck.acc`); its operand
    tiles live in LDS in the 128-byte-swizzled layout the descriptors
    describe (`#ck.copy_plan`'s `swizzle`), and no fragment is read into
    registers. `ck-lower-wave-tiles` turns each `ck.tile_mma` into one
    `ck.warpgroup_mma` per wave; `convert-ck-to-nvvm` lowers that to
    `nvvm.wgmma.mma_async`.

    Example:

    ```mlir
    #ck.wgmma<bf16>
    ```
  }];
  let parameters = (ins "Type":$elementType);
  let assemblyFormat = "`<` $elementType `>`";
  let genVerifyDecl = 1;
}

def CK_FmaAttr : CK_MatrixInstrAttr<"Fma", "fma"> {
  let summary = "A 16x16 wave tile computed with FMAs, one k at a time";
  let description = [{
    No matrix unit: each lane holds the `256 / wave` f32 accumulators of one
    column of a 16x16 tile (rows `(256 / wave) * (lane / 16) + i`) and the A
    values of those rows, and adds one k per instruction in f32. It takes
    f16, bf16 and f32 inputs on any chip, and serves GEMMs too narrow for a
    matrix instruction. Lowered to `vector.fma`.

    Example:

    ```mlir
    #ck.fma
    ```
  }];
}

def CK_GemmConfigAttr : CK_Attr<"GemmConfig", "gemm_config"> {
  let summary = "How a GEMM is tiled into a GPU kernel";
  let description = [{
    The kernel configuration of one `ck.gemm`: each workgroup computes a
    `block` tile (M x N, stepping through K by the third size), split among
    waves of `wave` (M x N) tiles, each built from `mma` instructions (an
    attribute implementing `MatrixInstrAttrInterface`).
    The number of waves is `(block M / wave M) * (block N / wave N)`.

    `partition` (default `#ck.partition<data_parallel>`) says how the
    output tiles and their K loops are spread over workgroups: split-K with
    a fixed number of K ranges per tile, or StreamK with the K-tiles shared
    out evenly at launch (`#ck.partition`). Every partition adds up
    partial tiles in a fixed order, so results are the same bit for bit on
    every run.

    `lds_buffers` (default 1) is the pipeline of the K loop. With 1, the
    next K-tile is prefetched into registers while the current one is
    computed and then written over it in LDS (two barriers per K step).
    With 2, the operand tiles are double-buffered in LDS: the prefetched
    tile goes to the other buffer, and one barrier per K step suffices, at
    twice the LDS.

    `async_copy` (a flag, off by default) copies the operand tiles from
    global memory straight into LDS, without registers (`cp.async` on
    NVIDIA, buffer loads to LDS on gfx950), in a pipeline of `lds_buffers` stages: the copies of the next
    `lds_buffers - 1` K-tiles are in flight while one is computed, with one
    barrier per K step. It needs 2 to 8 buffers and a chip with the
    `async_copy` feature; with wave roles the load waves copy that way.
    Without it, `lds_buffers` is 1 or 2.

    `load_waves` (default 0) specializes waves by role: with `L > 0` the
    workgroup has `L` load waves besides the wave grid's `M` math waves
    (`(M + L) * wave size` threads). Load waves do the operand views'
    address arithmetic, the global loads and the LDS writes; math waves
    read LDS, run the matrix instructions and the epilogue. The LDS
    buffers become a ring of `lds_buffers` slots between the roles
    (`ck.roles`, `ck.ring`). `--waves=L,M` on the tools asks for it.

    `cluster = [CM, CN]` (default `[1, 1]`) groups the workgroups of
    CM x CN neighbouring tiles into a cluster (sm_90 thread block clusters)
    that shares operand tiles: with CM = 2 or 4 the tiles of a cluster
    stand along M and have the same B tile, which each workgroup copies a
    share of and multicasts to all of them; with CN > 1 they stand along N
    and share A. One of the two is 1. It needs wave roles whose load waves
    copy with TMA, and a data-parallel (persistent too) or split-K partition (StreamK's
    workgroups walk K ranges of their own).

    `resident_b` (a flag, off by default) keeps B's whole K extent in LDS
    (one buffer per K-tile, beside A's ring) while a persistent workgroup
    runs the tiles of one column of B in turn: the load waves copy B once
    per column (with the load threads' asynchronous copies, never TMA) and
    then only A's K-tiles go through the ring. It suits GEMMs of short K
    and many rows, such as the merged groups' block-diagonal filters, whose
    B tile every workgroup would otherwise copy again at each step. It
    needs wave roles that copy asynchronously and `dp = persistent`
    (`ck-lower-partition` then gives each workgroup a run of neighbouring
    tiles along M, column by column), and no cluster.

    `load_registers = R` (default 0) gives each lane of a load wave R
    registers and the math waves the rest of the register file, instead of
    an even share (`ck.roles ... registers`, lowered to `setmaxnreg`). It
    lets math warpgroups hold larger accumulator tiles beside load waves
    that hold little: 8 math and 8 load waves of an sm_90a multiprocessor
    start with 128 registers each, and with `load_registers = 64` the math
    waves get 192. It needs a chip with the `register_reallocation`
    feature, wave roles of whole warpgroups (multiples of 4 waves), and a
    multiple of 8 in [24, 256] that leaves the math waves more than it.

    `pingpong` (a flag, off by default) has the two math warpgroups take
    the block's rows in turn instead of sharing each K step: warpgroup w
    owns rows `w * M / 2` to `(w + 1) * M / 2 - 1` and the whole K loop of
    them, and the ring's slots hold one warpgroup's K-tile (M / 2 rows of
    A beside B's tile). The load waves copy warpgroup 0's K-tiles, then
    warpgroup 1's; each warpgroup releases the slots it read and stores its
    rows alone, so one writes its tile while the other computes. Smaller
    slots leave room for more stages. It needs wgmma, wave roles, exactly
    two math warpgroups with one wave along N, a data-parallel partition
    and no `resident_b`; the load waves must copy both operands with TMA
    (`ck-pipeline` checks). In a cluster, each turn's slot is released by
    that warpgroup of every workgroup of the cluster.

    `signal_landed` (a flag, off by default) has each load thread signal a
    slot full as the K-tile's asynchronous copies it started land
    (`ck.ring_signal ... after_copies`: `cp.async.mbarrier.arrive.noinc`)
    and go on at once. Without it, a load thread waits for its copies of
    an earlier tile (`cp.async.wait_group`) before signalling that tile:
    the one `lds_buffers - 2` steps back where the math waves keep a
    step's products in flight (wgmma), `lds_buffers - 1` steps back
    otherwise. So the math waves see a tile only after the load waves have
    started the copies of a later one; but on the H200 the
    copies a thread starts after such a signal wait at dispatch until the
    earlier ones land, so a thread keeps one step of copies in flight, not
    several. Which is faster depends on the kernel
    (`bench/results/h200-copies-land/`). The heuristic sets it with 8 load
    waves where they copy 128 x 256 tiles by cp.async over a long K loop
    (docs/CodeGen.md), and `ck-select-gemm-config`'s `signal-landed`
    option asks for it in every configuration that can take it. It
    needs wave roles that copy asynchronously and a ring with mbarriers
    (`ck-pipeline` checks).

    `partition`, `lds_buffers`, `load_waves`, `async_copy`, `cluster`,
    `resident_b`, `load_registers`, `pingpong` and `signal_landed` may be
    given in any order and are printed only when they differ from their
    defaults.

    A heuristic (`ck-select-gemm-config`) chooses it from the problem and the
    chip; a user or a tuner can pin one on the op, and the passes reject a
    configuration that does not divide, does not fit the chip's LDS or
    registers, or uses an instruction the chip lacks.

    Example:

    ```mlir
    #ck.gemm_config<block = [128, 128, 32], wave = [64, 64], mma = #ck.mfma<16x16x16, f16>>
    #ck.gemm_config<block = [64, 128, 32], wave = [32, 64], mma = #ck.mma_sync<16x8x16, f16>, partition = #ck.partition<split_k, k_batch = 8>>
    #ck.gemm_config<block = [128, 128, 32], wave = [64, 64], mma = #ck.mma_sync<16x8x16, f16>, lds_buffers = 2>
    #ck.gemm_config<block = [128, 128, 32], wave = [64, 64], mma = #ck.mfma<16x16x16, f16>, lds_buffers = 2, load_waves = 4>
    #ck.gemm_config<block = [128, 128, 32], wave = [64, 64], mma = #ck.mma_sync<16x8x16, f16>, lds_buffers = 3, async_copy>
    #ck.gemm_config<block = [128, 256, 64], wave = [16, 256], mma = #ck.wgmma<f16>, lds_buffers = 4, load_waves = 4, async_copy>
    #ck.gemm_config<block = [128, 256, 64], wave = [16, 256], mma = #ck.wgmma<f16>, lds_buffers = 4, load_waves = 4, async_copy, cluster = [2, 1]>
    #ck.gemm_config<block = [128, 64, 64], wave = [16, 64], mma = #ck.wgmma<bf16>, partition = #ck.partition<data_parallel, dp = persistent>, lds_buffers = 4, load_waves = 4, async_copy, resident_b>
    #ck.gemm_config<block = [128, 256, 64], wave = [16, 256], mma = #ck.wgmma<bf16>, partition = #ck.partition<split_k, k_batch = 44>, lds_buffers = 4, load_waves = 8, async_copy, load_registers = 64>
    #ck.gemm_config<block = [256, 128, 64], wave = [32, 128], mma = #ck.wgmma<bf16>, partition = #ck.partition<data_parallel, dp = persistent>, lds_buffers = 5, load_waves = 4, async_copy, load_registers = 40, pingpong>
    #ck.gemm_config<block = [128, 256, 64], wave = [16, 256], mma = #ck.wgmma<bf16>, partition = #ck.partition<split_k, k_batch = 44>, lds_buffers = 4, load_waves = 8, async_copy, signal_landed>
    ```
  }];
  let parameters = (ins
    ArrayRefParameter<"int64_t", "block tile M, N, K">:$block,
    ArrayRefParameter<"int64_t", "wave tile M, N">:$wave,
    "MatrixInstrAttrInterface":$mma,
    DefaultValuedParameter<"PartitionAttr",
        "PartitionAttr::get($_ctxt, PartitionKind::DataParallel)",
        "how tiles and K loops are spread over workgroups">:$partition,
    DefaultValuedParameter<"int64_t", "1", "LDS buffers per operand tile">:$ldsBuffers,
    DefaultValuedParameter<"int64_t", "0",
        "load waves beside the math waves (0: no roles)">:$loadWaves,
    DefaultValuedParameter<"bool", "false",
        "operand tiles copied to LDS asynchronously">:$asyncCopy,
    DefaultValuedParameter<"int64_t", "1",
        "workgroups of a cluster along M (they share B)">:$clusterM,
    DefaultValuedParameter<"int64_t", "1",
        "workgroups of a cluster along N (they share A)">:$clusterN,
    DefaultValuedParameter<"bool", "false",
        "B's whole K extent kept in LDS across a column's tiles">:$residentB,
    DefaultValuedParameter<"int64_t", "0",
        "registers per lane of the load waves, the math waves taking the "
        "rest (0: an even share)">:$loadRegisters,
    DefaultValuedParameter<"bool", "false",
        "math warpgroups take the block's rows in turn">:$pingpong,
    DefaultValuedParameter<"bool", "false",
        "load threads signal a slot full as their copies land">:$signalLanded
  );
  let builders = [
    AttrBuilder<(ins "ArrayRef<int64_t>":$block, "ArrayRef<int64_t>":$wave,
                     "MatrixInstrAttrInterface":$mma,
                     "PartitionAttr":$partition, "int64_t":$ldsBuffers), [{
      return $_get($_ctxt, block, wave, mma, partition, ldsBuffers,
                   /*loadWaves=*/0, /*asyncCopy=*/false, /*clusterM=*/1,
                   /*clusterN=*/1, /*residentB=*/false,
                   /*loadRegisters=*/0, /*pingpong=*/false,
                   /*signalLanded=*/false);
    }]>,
    AttrBuilder<(ins "ArrayRef<int64_t>":$block, "ArrayRef<int64_t>":$wave,
                     "MatrixInstrAttrInterface":$mma,
                     "PartitionAttr":$partition, "int64_t":$ldsBuffers,
                     "int64_t":$loadWaves, "bool":$asyncCopy), [{
      return $_get($_ctxt, block, wave, mma, partition, ldsBuffers,
                   loadWaves, asyncCopy, /*clusterM=*/1, /*clusterN=*/1,
                   /*residentB=*/false, /*loadRegisters=*/0,
                   /*pingpong=*/false, /*signalLanded=*/false);
    }]>
  ];
  let assemblyFormat = [{
    `<` `block` `=` `[` $block `]` `,` `wave` `=` `[` $wave `]` `,`
    `mma` `=` $mma ``
    custom<GemmConfigOptions>($partition, $ldsBuffers, $loadWaves,
                              $asyncCopy, $clusterM, $clusterN,
                              $residentB, $loadRegisters, $pingpong,
                              $signalLanded) `>`
  }];
  let extraClassDeclaration = [{
    /// The waves of the wave grid, which hold the accumulators and run the
    /// matrix instructions.
    int64_t getMathWaves() const {
      return (getBlock()[0] / getWave()[0]) * (getBlock()[1] / getWave()[1]);
    }
    /// Whether load and math waves are specialized.
    bool hasRoles() const { return getLoadWaves() > 0; }
    /// The same configuration with another partition.
    GemmConfigAttr withPartition(PartitionAttr partition) const;
    /// The workgroups of a cluster (1 without one).
    int64_t getClusterSize() const { return getClusterM() * getClusterN(); }
    /// The warpgroups that take a block's rows in turn (2 with `pingpong`),
    /// each a K loop of its own: the ring steps of one K-tile.
    int64_t getTurns() const { return getPingpong() ? 2 : 1; }
    /// The rows of A one K step's tile holds: the block's, or one turn's.
    int64_t getStepRowsA() const { return getBlock()[0] / getTurns(); }
  }];
  let genVerifyDecl = 1;
}

//===----------------------------------------------------------------------===//
// Target
//===----------------------------------------------------------------------===//

def CK_Vendor : I32EnumAttr<"Vendor", "GPU vendor", [
    I32EnumAttrCase<"AMD", 0, "amd">,
    I32EnumAttrCase<"NVIDIA", 1, "nvidia">
  ]> {
  let cppNamespace = "::mlir::ck";
  let genSpecializedAttr = 0;
}

def CK_TargetFeature
    : I32EnumAttr<"TargetFeature",
                  "a property of a chip that changes which kernels pay off",
                  [I32EnumAttrCase<"LdsInL1", 0, "lds_in_l1">,
                   I32EnumAttrCase<"DynamicLds", 1, "dynamic_lds">,
                   I32EnumAttrCase<"AsyncCopy", 2, "async_copy">,
                   I32EnumAttrCase<"Tma", 3, "tma">,
                   I32EnumAttrCase<"RegisterReallocation", 4,
                                   "register_reallocation">,
                   I32EnumAttrCase<"LdsTransposeRead", 5,
                                   "lds_transpose_read">,
                   I32EnumAttrCase<"AsyncCopyInLaneOrder", 6,
                                   "async_copy_lane_order">]> {
  let cppNamespace = "::mlir::ck";
  let genSpecializedAttr = 0;
}

/// The parser and printer of an array of `elem` written in square brackets,
/// `[a, b]`, for parameters inside `struct(...)`.
class CK_BracketedArrayCode<string elem> {
  code parser = [{ [&]() -> ::mlir::FailureOr<::llvm::SmallVector<}] # elem # [{>> {
    ::llvm::SmallVector<}] # elem # [{> items;
    if ($_parser.parseCommaSeparatedList(
            ::mlir::AsmParser::Delimiter::Square, [&]() -> ::mlir::ParseResult {
              auto item = ::mlir::FieldParser<}] # elem # [{>::parse($_parser);
              if (::mlir::failed(item))
                return ::mlir::failure();
              items.push_back(*item);
              return ::mlir::success();
            }))
      return ::mlir::failure();
    return items;
  }() }];
  code printer = [{
    $_printer << '[';
    ::llvm::interleaveComma($_self, $_printer);
    $_printer << ']';
  }];
}

class CK_OptionalBracketedArrayParameter<string elem, string desc>
    : OptionalArrayRefParameter<elem, desc> {
  let parser = CK_BracketedArrayCode<elem>.parser;
  let printer = CK_BracketedArrayCode<elem>.printer;
}

def CK_TargetAttr : CK_Attr<"Target", "target"> {
  let summary = "The chip a module's kernels are built for";
  let description = [{
    Every fact about the chip that ck's passes use, in one attribute on the
    module (`ck.target`), so that each pass reads the same truth and a test
    can state a chip that does not exist. `ck-set-target{chip=...}` writes it
    from ck's chip table; passes that need it fail on a module without one.

    | parameter | meaning |
    | --- | --- |
    | `chip` | the name the backends know (`gfx942`, `sm_90a`, ...) |
    | `vendor` | `amd` or `nvidia` |
    | `wave` | lanes per wave (warp): 32 or 64 |
    | `lds` | LDS (shared memory) one workgroup may use, in bytes |
    | `registers` | 32-bit registers per lane one wave may use (VGPRs + AGPRs on CDNA) |
    | `addressing_registers` | of those, the budget a GEMM kernel's addresses, view index math and epilogue take besides its tiles |
    | `compute_units` | CUs (SMs) of the chip's main product, for heuristics that size grids |
    | `simds` | SIMDs (NVIDIA: SM sub-partitions) per compute unit |
    | `waves_per_simd` | the most waves one SIMD holds |
    | `registers_per_simd` | registers per lane a SIMD shares among its waves |
    | `lds_per_cu` | LDS per compute unit, in bytes |
    | `mma` | the matrix instructions (attributes implementing `MatrixInstrAttrInterface`), in order of preference: a GEMM of some input type uses the first that takes it (`#ck.fma` takes every type) |
    | `features` | optional: `lds_in_l1` where LDS is carved out of the L1 cache (NVIDIA), so more LDS leaves less cache; `dynamic_lds` where kernels take their LDS as dynamic shared memory sized at launch, because static allocations stop short of `lds` (NVIDIA: 48 KiB); `async_copy` where threads can copy global memory to LDS without registers, asynchronously (NVIDIA sm_80 and later: `cp.async`; AMD gfx950: buffer loads to LDS); `tma` where one thread copies whole tiles described by a tensor map, completing a transaction barrier (NVIDIA sm_90a); `register_reallocation` where warpgroups hand registers to each other (NVIDIA sm_90a: `setmaxnreg`); `lds_transpose_read` where a wave reads 16-bit matrix fragments from LDS transposed (AMD gfx950: `ds_read_b64_tr_b16`), so that MN-major tiles need no transposing copy; `async_copy_lane_order` where the asynchronous copies of a wave's lanes land in LDS one after another in lane order from one base (AMD gfx950: `buffer_load_dwordx4 ... lds`), so that copy plans enumerate their units in LDS order |

    Example:

    ```mlir
    module attributes {ck.target = #ck.target<"gfx942", vendor = amd,
        wave = 64, lds = 65536, registers = 512, addressing_registers = 64,
        compute_units = 304, simds = 4, waves_per_simd = 8,
        registers_per_simd = 512, lds_per_cu = 65536,
        mma = [#ck.mfma<16x16x16, f16>, #ck.mfma<16x16x16, bf16>,
               #ck.mfma<16x16x4, f32>]>} {
    }
    ```
  }];
  let parameters = (ins
    StringRefParameter<"chip name">:$chip,
    EnumParameter<CK_Vendor>:$vendor,
    "int64_t":$wave,
    "int64_t":$lds,
    "int64_t":$registers,
    "int64_t":$addressing_registers,
    "int64_t":$compute_units,
    "int64_t":$simds,
    "int64_t":$waves_per_simd,
    "int64_t":$registers_per_simd,
    "int64_t":$lds_per_cu,
    "ArrayAttr":$mma,
    CK_OptionalBracketedArrayParameter<"TargetFeature", "features">:$features
  );
  let assemblyFormat = [{
    `<` $chip `,` struct($vendor, $wave, $lds, $registers,
        $addressing_registers, $compute_units, $simds, $waves_per_simd,
        $registers_per_simd, $lds_per_cu, $mma, $features) `>`
  }];
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The name of the module attribute that holds the target.
    static constexpr llvm::StringLiteral kAttrName = "ck.target";

    /// The instruction GEMMs of `inputType` use: the first of `mma` that
    /// accepts it, or null.
    MatrixInstrAttrInterface getInstructionFor(Type inputType) const;
    bool hasFeature(TargetFeature feature) const {
      return llvm::is_contained(getFeatures(), feature);
    }
  }];
}

//===----------------------------------------------------------------------===//
// Launch facts
//===----------------------------------------------------------------------===//

def CK_CopyPlanAttr : CK_Attr<"CopyPlan", "copy_plan"> {
  let summary = "How a workgroup's threads copy an operand tile to LDS";
  let description = [{
    The distribution of a `rows x cols` tile (dimension 0 the rows, 1 the
    columns) over `threads` threads for `ck.tile_load` and
    `ck.tile_store_lds`:

    - global loads are vectors of `load_width` elements along `load_dim`,
      the dimension the source view makes contiguous;
    - LDS keeps `lds_dim` innermost, each row padded by `pad` elements
      (LDS tile: `[buffers x] extent(1 - lds_dim) x (extent(lds_dim) +
      pad)`), and is written with vectors of `store_width` elements along
      it;
    - a thread moves whole *units*: `load_width` elements along `load_dim`
      by `store_width` along the other dimension where the copy transposes
      (`load_dim != lds_dim`: the thread loads `store_width` vectors side by
      side and stores `load_width` vectors across them), one load vector
      where it does not (`store_width = load_width`).
      Unit `u = tid + i * threads` (i = 0, 1, ...) of thread `tid` lies at
      `u mod (extent(lds_dim) / unit extent)` along `lds_dim` and `u div`
      that along the other dimension, so neighbouring threads store to
      neighbouring LDS banks; units past the tile's last one (a partial last
      round) do nothing.

    With `lds_order`, the units are the LDS tile's `load_width`-element
    slots in memory order instead: unit `u` is the one at element offset
    `u * load_width` of the (padded) `[outer][inner + pad]` tile, through
    the swizzle where there is one, so that neighbouring threads write
    neighbouring LDS vectors whatever the layout, as gfx950's loads to LDS
    need (a wave's vectors land one after another in lane order from one
    base). Slots in a row's pad are units too, which copy zeros (nothing is
    read for them); the tile's units then number `outer x (inner + pad) /
    load_width`. Only `ck.tile_copy_async` takes such a plan.

    With `swizzle = S` (bytes: 32, 64 or 128), the LDS tile is unpadded
    and swizzled in S-byte blocks (`ck/Dialect/CK/Utils/LdsSwizzle.h`): the
    inner dimension is cut into blocks of S bytes, stored one after another,
    each as `[outer][S bytes]`, and the 16-byte chunk at byte offset `o` of
    that blocked tile moves to `o xor (((o >> 7) mod (S / 16)) << 4)`: with
    S = 128 chunk `c` of outer row `r` lands at `c xor (r mod 8)`, the
    layout `#ck.wgmma`'s 128-byte swizzle descriptors describe. S is the
    row's bytes where they are 32 or 64, else 128 (the ops that copy into
    or read the tile check it): the tiles whose fragments are read from LDS
    in 16-byte chunks or parts of them (`ck.tile_mma`'s `a_swizzled` and
    `b_swizzled`: ldmatrix's, and the runs of AMD's MFMA and WMMA with
    16-bit inputs) take any of the three, which spread the same chunk of
    eight consecutive rows over all banks.

    Verifier: the extents, widths and `threads` are positive, the dims 0 or
    1, the widths powers of two, each unit extent divides the tile's extent
    along its dimension, and `store_width = load_width` where the copy does
    not transpose. A swizzled plan has S = 32, 64 or 128, no pad and does not
    transpose, and its outer extent is a multiple of 8. A plan in LDS order
    does not transpose, and its load width divides the pad.

    Example (a 64 x 32 tile of A, loaded along K in vectors of 8 and kept
    K-innermost, by 256 threads: 256 units of 1 x 8, one per thread):

    ```mlir
    #ck.copy_plan<tile = [64, 32], load = [1, 8], lds = [1, 8], pad = 8, threads = 256>
    ```

    The same tile, swizzled, with units in LDS order (gfx950's loads to
    LDS):

    ```mlir
    #ck.copy_plan<tile = [64, 32], load = [1, 8], lds = [1, 8], pad = 0, threads = 256, swizzle = 64, lds_order = true>
    ```
  }];
  let parameters = (ins "int64_t":$rows, "int64_t":$cols,
                        "int64_t":$loadDim, "int64_t":$loadWidth,
                        "int64_t":$ldsDim, "int64_t":$storeWidth,
                        "int64_t":$pad, "int64_t":$threads,
                        DefaultValuedParameter<"int64_t", "0",
                            "bytes of the LDS swizzle (0: none)">:$swizzle,
                        DefaultValuedParameter<"bool", "false",
                            "units in LDS order">:$lds_order);
  let assemblyFormat = [{
    `<` `tile` `=` `[` $rows `,` $cols `]` `,` `load` `=` `[` $loadDim `,`
    $loadWidth `]` `,` `lds` `=` `[` $ldsDim `,` $storeWidth `]` `,` `pad`
    `=` $pad `,` `threads` `=` $threads (`,` struct($swizzle, $lds_order)^)?
    `>`
  }];
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    int64_t extent(int64_t dim) const {
      return dim == 0 ? getRows() : getCols();
    }
    bool transposes() const { return getLoadDim() != getLdsDim(); }
    /// A unit's extent along `dim`: load_width x store_width when the copy
    /// transposes, load_width x 1 when it does not.
    int64_t unitExtent(int64_t dim) const;
    int64_t unitElements() const { return unitExtent(0) * unitExtent(1); }
    /// The load vectors of one unit.
    int64_t loadsPerUnit() const { return unitExtent(1 - getLoadDim()); }
    /// The units of the tile (in LDS order: of the padded tile), and the
    /// rounds of `threads` units it takes.
    int64_t units() const {
      if (getLdsOrder())
        return extent(1 - getLdsDim()) * (extent(getLdsDim()) + getPad()) /
               getLoadWidth();
      return getRows() * getCols() / unitElements();
    }
    int64_t unitsPerThread() const {
      return llvm::divideCeil(units(), getThreads());
    }
    /// The load vectors of one thread.
    int64_t loadsPerThread() const { return unitsPerThread() * loadsPerUnit(); }
    /// The row and column of unit `unit`'s first element, for elements of
    /// `elementBytes` (the placement above; emitUnitPosition emits the same
    /// arithmetic). A unit in a row's pad (LDS order) takes the row's
    /// first place.
    std::array<int64_t, 2> unitPlace(int64_t unit, int64_t elementBytes) const;
    /// Whether unit `unit` lies in the tile, not in a row's pad.
    bool unitInTile(int64_t unit) const;
    /// The most different places along `dim` that one thread's load
    /// vectors of `elementBytes` elements take (those of a unit lie side by
    /// side along the dimension that is not `load_dim`): a thread's loads
    /// that share a place along `dim` share whatever depends on it alone.
    int64_t loadPlacesPerThread(int64_t dim, int64_t elementBytes) const;
    /// The LDS tile: [buffers x] [outer][inner + pad], with no buffer
    /// dimension for one buffer.
    MemRefType ldsType(Type elementType, Attribute memorySpace,
                       int64_t buffers) const;
  }];
}

def CK_LaunchAttr : CK_Attr<"Launch", "launch"> {
  let summary = "What a GEMM kernel launch computes, for the bundle writer";
  let description = [{
    Facts about a `gpu.launch_func` of a GEMM kernel that the launch itself
    does not state, attached as `ck.launch` by the pass that creates the
    launch, so that the bundle writer reads them instead of guessing:

    - `compute`: the type the products are computed in: the input type, or
      `tf32` where f32 inputs run on NVIDIA's tf32 tensor cores (f32 GEMMs
      on FMAs compute in f32). Tools choose verification tolerances by it.
    - `partition` (default `data_parallel`): how the GEMM's work is spread
      over workgroups (`#ck.partition`). Its split-K `k_batch` sets the
      verification tolerance; a StreamK launch's grid, workspace and
      scalar arguments come from a `ck.schedule` the bundle writer turns
      into a `schedule` directive, persistent ones launch cooperatively.

    - `roles` (default none): `[load, math]` waves of a wave-specialized
      kernel (`#ck.gemm_config`'s `load_waves` and its wave grid). The plan
      records it.
    - `async_stages` (default 0): the LDS stages of a kernel whose operand
      tiles are copied asynchronously (`#ck.gemm_config`'s `async_copy`
      and `lds_buffers`), 0 where they go through registers. The plan
      records it.

    The LDS a launch needs is its dynamic shared memory size operand.

    Example:

    ```mlir
    gpu.launch_func @ck_kernels::@gemm_0 blocks in (%c18, %c1, %c8)
        threads in (%c256, %c1, %c1) dynamic_shared_memory_size %c21760_i32
        args(%a : memref<16x50x50x1x36xf32>, ...)
        {ck.launch = #ck.launch<compute = tf32, partition = <split_k, k_batch = 8>>}
    ```
  }];
  let parameters = (ins
    "Type":$compute,
    DefaultValuedParameter<"PartitionAttr",
        "PartitionAttr::get($_ctxt, PartitionKind::DataParallel)",
        "how the GEMM is spread over workgroups">:$partition,
    CK_OptionalBracketedArrayParameter<"int64_t",
        "load and math waves of a wave-specialized kernel">:$roles,
    DefaultValuedParameter<"int64_t", "0",
        "LDS stages of asynchronous copies (0: none)">:$async_stages
  );
  let assemblyFormat =
      "`<` struct($compute, $partition, $roles, $async_stages) `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The name of the discardable attribute on gpu.launch_func.
    static constexpr llvm::StringLiteral kAttrName = "ck.launch";
  }];
}

#endif // CK_DIALECT_CK_IR_CKATTRS_TD
