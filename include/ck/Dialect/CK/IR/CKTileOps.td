//===- CKTileOps.td - ck workgroup tile operations ---------*- tablegen -*-===//
//
// The wave-tile rung of the ladder (docs/rationale/TilingLadder.md): what a
// workgroup does with the tiles in its LDS and its accumulator, before it is
// spelled per wave and per instruction. `ck-lower-wave-tiles` removes
// ck.acc_zero, ck.tile_mma and ck.tile_store; the target conversions remove
// ck.fragment_load and ck.lds_barrier, beside ck.mma.
//
//===----------------------------------------------------------------------===//

#ifndef CK_DIALECT_CK_IR_CKTILEOPS_TD
#define CK_DIALECT_CK_IR_CKTILEOPS_TD

include "ck/Dialect/CK/IR/CKOps.td"

// A ring's mbarriers: two i64 per slot in LDS (full, then empty).
def CK_LdsBarrierMemRef
    : Type<And<[MemRefRankOf<[I64], [1]>.predicate, HasStaticShapePred,
                CPred<"::mlir::gpu::GPUDialect::hasWorkgroupMemoryAddressSpace("
                      "::llvm::cast<::mlir::MemRefType>($_self))">]>,
           "statically shaped 1-D memref of i64 in workgroup memory",
           "::mlir::MemRefType">;

// Split-K's partial tile in LDS (`reduce = cluster`): f32 in
// ck.partial_store's layout.
def CK_LdsPartialMemRef
    : Type<And<[MemRefRankOf<[F32], [1]>.predicate, HasStaticShapePred,
                CPred<"::mlir::gpu::GPUDialect::hasWorkgroupMemoryAddressSpace("
                      "::llvm::cast<::mlir::MemRefType>($_self))">]>,
           "statically shaped 1-D memref of f32 in workgroup memory",
           "::mlir::MemRefType">;

def CK_LdsMemRef : Type<
    And<[MemRefRankOf<[F16, BF16, F32], [2, 3]>.predicate,
         HasStaticShapePred,
         CPred<"::mlir::gpu::GPUDialect::hasWorkgroupMemoryAddressSpace("
               "::llvm::cast<::mlir::MemRefType>($_self))">]>,
    "statically shaped 2-D or 3-D memref in workgroup memory",
    "::mlir::MemRefType">;

def CK_AccZeroOp : CK_Op<"acc_zero", [Pure]> {
  let summary = "An accumulator tile of zeros";
  let description = [{
    Example:

    ```mlir
    %acc = ck.acc_zero : !ck.acc<64x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
    ```
  }];
  let results = (outs CK_AccType:$result);
  let assemblyFormat = "attr-dict `:` qualified(type($result))";
}

def CK_TileMmaOp : CK_Op<"tile_mma", [AttrSizedOperandSegments,
                                      AllTypesMatch<["acc", "result"]>]> {
  let summary = "One K-tile of a workgroup's GEMM, from LDS";
  let description = [{
    Returns `acc + A * B` for the whole workgroup: A is the `rows x k` tile
    of the operand in `a` and B the `k x cols` tile in `b` (`rows x cols`
    being the accumulator's shape). Each LDS memref holds its tile as a
    row-major matrix whose rows may be padded; with `a_transposed` (or
    `b_transposed`) it holds the transpose, K-major for A and N-major for B.
    Where the memrefs have a leading buffer dimension, `slot` picks the
    buffer; with `b_slot`, B's buffer is `b_slot` and B may have another
    number of buffers than A (a `resident_b` config's B, one buffer per
    K-tile, beside A's ring). Every wave of the accumulator's wave grid
    reads its own rows of A and columns of B.

    `ck-lower-wave-tiles` expands it into `ck.fragment_load`s and `ck.mma`s
    over the wave's instruction tiles and the instruction's K steps.

    With `a_swizzled` (or `b_swizzled`) the memref holds the tile unpadded
    in the swizzled layout of `#ck.copy_plan`'s `swizzle` (in blocks of its
    rows' bytes where they are 32 or 64, else of 128), whose 16-byte chunks
    of any eight consecutive rows fall in distinct banks. Every
    instruction whose fragments are read from LDS takes it (ldmatrix, or
    the runs of `ck.fragment_load`, each inside one 16-byte chunk);
    `#ck.wgmma`'s tiles are always swizzled, as its descriptors say, and
    take neither flag.

    With `transpose_reads` both tiles are MN-major (`a_transposed`, not
    `b_transposed`) and their fragments are read by LDS transpose reads
    (`ck.fragment_load`'s `transpose_read`: AMD gfx950's
    `ds_read_b64_tr_b16`), with K permuted alike in both: the copies store
    the tiles as they load them, rows padded for the reads, instead of
    transposing them.

    With `in_flight` (`#ck.wgmma` only) the op may return while its products
    are still being computed: the next `ck.tile_mma` of the same accumulator
    may take the result, and returns once this one's are done (one group in
    flight), so its LDS tiles are free after that next op; any other use
    needs `ck.acc_wait` first.

    With `pingpong` (`#ck.wgmma` only) each math warpgroup computes its own
    rows of the accumulator alone, in its turn (a `pingpong`
    `#ck.gemm_config`): A's tile holds the issuing warpgroup's rows only,
    `rows / 2` of them, from its first.

    Verifier: A and B have one element type that the instruction takes;
    `in_flight` and `pingpong` only with `#ck.wgmma`, `pingpong` with an
    accumulator of two warpgroups stacked along M; a swizzled tile not with
    `#ck.wgmma`, and with rows of 32, 64 or a multiple of 128 bytes and a
    multiple of 8 rows;
    `transpose_reads` with `a_transposed`, without `b_transposed` and the
    swizzle flags, and with an instruction of 16-bit inputs whose fragments
    transpose reads return (`MatrixLayout::transposeReadPack`), `k` a
    multiple of 32;
    `k` is a multiple of the instruction's K; the tiles fit their memrefs
    (the outer extent exactly, the inner one with any padding); `slot` is
    given exactly when the memrefs have a buffer dimension, and they have
    one buffer count unless `b_slot` is given (only with `slot`).

    Example:

    ```mlir
    %acc2 = ck.tile_mma %acc, %la, %lb slot %s k 32 b_transposed
        : !ck.acc<64x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>,
          memref<2x64x40xf16, #gpu.address_space<workgroup>>,
          memref<2x64x40xf16, #gpu.address_space<workgroup>>
    %acc3 = ck.tile_mma %acc4, %sa, %sb slot %s k 32 b_transposed a_swizzled b_swizzled
        : !ck.acc<128x32xf32, #ck.mma_sync<16x8x16, bf16>, waves = [2, 2]>,
          memref<3x128x32xbf16, #gpu.address_space<workgroup>>,
          memref<3x32x32xbf16, #gpu.address_space<workgroup>>
    %acc9 = ck.tile_mma %acc10, %ta, %tb slot %s k 32 a_transposed transpose_reads
        : !ck.acc<64x64xf32, #ck.mfma<16x16x32, f16>, waves = [2, 2]>,
          memref<2x32x80xf16, #gpu.address_space<workgroup>>,
          memref<2x32x80xf16, #gpu.address_space<workgroup>>
    %acc5 = ck.tile_mma %acc6, %ra, %rb slot %s b_slot %kt k 64
        : !ck.acc<128x64xf32, #ck.wgmma<bf16>, waves = [8, 1]>,
          memref<4x128x64xbf16, #gpu.address_space<workgroup>>,
          memref<9x64x64xbf16, #gpu.address_space<workgroup>>
    %acc7 = ck.tile_mma %acc8, %pa, %pb slot %s k 64 b_transposed in_flight pingpong
        : !ck.acc<256x128xf32, #ck.wgmma<bf16>, waves = [8, 1]>,
          memref<5x128x64xbf16, #gpu.address_space<workgroup>>,
          memref<5x128x64xbf16, #gpu.address_space<workgroup>>
    ```
  }];
  let arguments = (ins CK_AccType:$acc,
                       Arg<CK_LdsMemRef, "A's tile", [MemRead]>:$a,
                       Arg<CK_LdsMemRef, "B's tile", [MemRead]>:$b,
                       Optional<Index>:$slot,
                       Optional<Index>:$b_slot,
                       ConfinedAttr<I64Attr, [IntPositive]>:$k,
                       UnitAttr:$a_transposed,
                       UnitAttr:$b_transposed,
                       UnitAttr:$a_swizzled,
                       UnitAttr:$b_swizzled,
                       UnitAttr:$transpose_reads,
                       UnitAttr:$in_flight,
                       UnitAttr:$pingpong);
  let results = (outs CK_AccType:$result);
  let assemblyFormat = [{
    $acc `,` $a `,` $b (`slot` $slot^)? (`b_slot` $b_slot^)? `k` $k
    (`a_transposed` $a_transposed^)? (`b_transposed` $b_transposed^)?
    (`a_swizzled` $a_swizzled^)? (`b_swizzled` $b_swizzled^)?
    (`transpose_reads` $transpose_reads^)? (`in_flight` $in_flight^)? (`pingpong` $pingpong^)?
    attr-dict `:` qualified(type($acc)) `,` type($a) `,` type($b)
  }];
  let hasVerifier = 1;
}

def CK_AccWaitOp : CK_Op<"acc_wait", [AllTypesMatch<["acc", "result"]>]> {
  let summary = "Waits for a workgroup tile's in-flight products";
  let description = [{
    Returns `acc` once every `in_flight` `ck.tile_mma` that produced it has
    finished; the result may be used in any way. `ck-lower-wave-tiles` makes
    it a `ck.warpgroup_wait` on the wave's accumulators.

    Example:

    ```mlir
    %done = ck.acc_wait %acc : !ck.acc<128x256xf32, #ck.wgmma<f16>, waves = [8, 1]>
    ```
  }];
  let arguments = (ins CK_AccType:$acc);
  let results = (outs CK_AccType:$result);
  let assemblyFormat = "$acc attr-dict `:` qualified(type($acc))";
}

def CK_FragmentLoadOp : CK_Op<"fragment_load"> {
  let summary = "A lane's fragment of one instruction tile, from LDS";
  let description = [{
    Reads the calling lane's elements of the instruction tile of operand
    `operand` (A: `m x k`, B: `k x n` of `mma`) whose first element is at
    (`row`, `col`) of the matrix in `lds`, in the order of the instruction's
    fragment layout. With `transposed` the memref holds the matrix
    transposed, so element (r, c) is at `lds[c, r]`. A leading buffer
    dimension takes its index first.

    The origin must be a multiple of the instruction tile's extent along
    each dimension, as the tiles of a wave are; the lowering relies on it to
    read aligned vectors. It must also be the same for every lane of the
    wave, with all lanes active: a lane may read rows whose addresses other
    lanes give (ldmatrix). NVIDIA reads m16n8k16 fragments of 16-bit
    elements with one ldmatrix where the tile's rows are whole 16-byte
    chunks; other fragments, and AMD's, are read as the longest aligned runs
    of the lane's elements that are contiguous in LDS, as vectors.

    With `swizzled` the memref holds the matrix unpadded in the swizzled
    layout of `#ck.copy_plan`'s `swizzle` (the tile of `ck.tile_mma`'s
    `a_swizzled` or `b_swizzled`). The swizzle moves whole 16-byte chunks,
    so runs are then at most 16 bytes, each inside one chunk, and each
    run's place is swizzled (`emitSwizzledPlace`).

    `k_pack P` (2 to 8) reads the fragments of P consecutive instruction steps along
    K at once (the origin's K is then a multiple of P times the
    instruction's K), concatenated: with K permuted within the P steps so
    that each lane's elements stay one run (`FragmentLayout::packedAlong`),
    for example 8 consecutive f16 per lane, one 128-bit read, instead of two
    runs of 4 for `#ck.mfma<16x16x16, f16>`. Step t's fragment is elements
    `t * F .. t * F + F - 1` (F the fragment size). The products stay right
    where A's and B's fragments of each step are read with the same P.

    With `transpose_read` the memref holds the operand MN-major (A
    `transposed`, B not) and the lane's elements are read by LDS transpose
    reads (AMD gfx950's `ds_read_b64_tr_b16`): in each group of 16 lanes,
    lane `4 n + q` reads 4 elements (8 bytes) of the row for the group's
    element `n` at column `4 q`, and the read hands lane `j` of the group
    element `j mod 4` of lane `4 n + j div 4` as its element `n`: column
    `j` of the four rows. It takes fragments whose lanes hold 8 elements,
    one run along K from 8 times their group, and their row (column) the
    lane mod 16 (`#ck.mfma<16x16x32>`, or `16x16x16` with `k_pack 2`):
    two reads. K is permuted within each 32 (`transposeReadRow`): the
    lane's element `e` of group `g` is row `r(8 g + e)`, `r` swapping bits
    2 and 3 of K, so that the 32 lanes of groups 0 and 1 read eight
    consecutive rows, which a pad of 32 bytes on rows of a multiple of 128
    bytes puts in distinct banks (`kTransposeReadPadBytes`), and each lane's
    reads lie at constant offsets from its first. The products stay right
    where A's and B's fragments are both read so.

    Verifier: one index per memref dimension; the instruction takes the
    memref's element type; the result has that element type and, where the
    wave size is known (the instruction's, or the module's `#ck.target`),
    the layout's fragment size (times `k_pack`); constant origins are
    multiples of the instruction tile (times `k_pack` along K); `k_pack`
    only where each lane's elements of the operand are one run along K;
    `swizzled` not with `#ck.wgmma`, and on rows of 32, 64 or a multiple
    of 128 bytes and a multiple of 8 rows; `transpose_read` with 16-bit
    elements, an MN-major memref, not `swizzled`, and a fragment it can
    read (where the wave size is known).

    Example:

    ```mlir
    %f = ck.fragment_load a of #ck.mfma<16x16x16, f16> from %lds[%slot, %row, %col]
        : memref<2x64x40xf16, #gpu.address_space<workgroup>> -> vector<4xf16>
    %g = ck.fragment_load b of #ck.mfma<16x16x16, f16> from %lds[%slot, %row, %col] transposed k_pack 2
        : memref<2x64x40xf16, #gpu.address_space<workgroup>> -> vector<8xf16>
    %s = ck.fragment_load a of #ck.mfma<16x16x16, f16> from %sw[%slot, %row, %col] k_pack 2 swizzled
        : memref<2x64x32xf16, #gpu.address_space<workgroup>> -> vector<8xf16>
    %t = ck.fragment_load a of #ck.mfma<16x16x32, bf16> from %ta[%slot, %row, %col] transposed transpose_read
        : memref<2x32x80xbf16, #gpu.address_space<workgroup>> -> vector<8xbf16>
    %h = ck.fragment_load a of #ck.mma_sync<16x8x16, bf16> from %sa[%slot, %row, %col] swizzled
        : memref<3x128x32xbf16, #gpu.address_space<workgroup>> -> vector<8xbf16>
    ```
  }];
  let arguments = (ins Arg<CK_LdsMemRef, "the tile", [MemRead]>:$lds,
                       Variadic<Index>:$indices,
                       CK_MatrixOperand:$operand,
                       CK_MatrixInstrAttr:$mma,
                       UnitAttr:$transposed,
                       OptionalAttr<ConfinedAttr<I64Attr, [IntMinValue<2>, IntMaxValue<8>]>>:$k_pack,
                       UnitAttr:$swizzled,
                       UnitAttr:$transpose_read);
  let results = (outs VectorOfRankAndType<[1], [F16, BF16, F32]>:$result);
  let assemblyFormat = [{
    $operand `of` $mma `from` $lds `[` $indices `]` (`transposed` $transposed^)?
    (`k_pack` $k_pack^)? (`swizzled` $swizzled^)?
    (`transpose_read` $transpose_read^)? attr-dict `:` type($lds) `->` type($result)
  }];
  let extraClassDeclaration = [{
    /// The instruction steps along K read at once (1 without `k_pack`).
    int64_t getStepsAlongK() { return getKPack().value_or(1); }
    /// The operand's layout of the steps read at once, or failure where
    /// they cannot be packed.
    FailureOr<FragmentLayout> getPackedLayout(const MatrixLayout &layout);
  }];
  let hasVerifier = 1;
}

def CK_WarpgroupMmaOp : CK_Op<"warpgroup_mma", [AttrSizedOperandSegments,
    RangedTypesMatchWith<"the results are the accumulators' types", "accs",
                         "results", "$_self">]> {
  let summary = "A warp's share of wgmma over one K-tile, from LDS";
  let description = [{
    The calling wave's accumulators plus A * B, where its warpgroup (four
    consecutive waves, every lane active) multiplies the 64 x `k` tile of A
    that starts at row `row` of the matrix in `a` by the whole `k` x N tile
    in `b`, N being 8 times the number of accumulators. Each wave passes its
    16 x N share of the group's 64 x N accumulator tile: `accs` are its
    m16n8 tiles in order along N, laid out as `#ck.wgmma`'s C; `row` is the
    same for the four waves of the group.

    With `row_groups R` the warpgroup multiplies R such tiles of A, at rows
    `row`, `row + 64`, ... `row + 64 (R - 1)`, by the same B: `accs` are
    the wave's shares of the R accumulator tiles one after the other (N
    being 8 times the number of accumulators over R), so that a wave holds
    R tiles of 16 rows 64 apart.

    The LDS tiles are laid out by a swizzled `#ck.copy_plan` (128 bytes):
    A as `[rows][k]` (`[k][rows]` with `a_transposed`, M-major), B as
    `[k][N]` (`[N][k]` with `b_transposed`, K-major). `slot` picks the
    buffer where the memrefs have a buffer dimension (`b_slot` B's, where
    given, as in `ck.tile_mma`). The buffers start
    1024-byte aligned (`ck.lds_buffer`'s `align`), where the swizzle
    pattern repeats.

    `convert-ck-to-nvvm` lowers it to one `wgmma.mma_async` m64nNk16 per 16
    of `k` (with `instruction_n`, one m64n`instruction_n`k16 per 16 of `k`
    and share of N that wide: `ck-lower-wave-tiles` sets it where a lane of
    the kernel starts with fewer registers than one instruction of all N
    takes), on matrix descriptors of the two tiles, between `wgmma.fence`
    and a commit and a wait until at most `pending` groups (default 0) are
    in flight: with 0 the op's LDS slot is free when it ends; with 1 the
    previous op's is, and its results may only feed the next
    `ck.warpgroup_mma` until a `ck.warpgroup_wait`. Writes to the tiles by other threads must be ordered before
    it by a barrier that follows a proxy fence (the lowering of
    `ck.lds_barrier` in kernels with this op).

    Verifier: the instruction takes the tiles' element type; `row_groups`
    positive and one to 32 accumulators of vector<4xf32> per row group;
    `k` a multiple of 16; `pending` 0 or 1;
    both tiles have a buffer dimension of one size (any sizes with
    `b_slot`), or neither, and `slot` is given exactly when they do; the
    tiles hold `k` and N; a K-major tile's rows are 128 bytes of K (k = 64
    for f16 and bf16); A has whole warpgroups of 64 rows, and an N-major B
    whole 128-byte blocks of N; `instruction_n` a multiple of 64 that
    divides N.

    Example:

    ```mlir
    %r:2 = ck.warpgroup_mma #ck.wgmma<f16> %la, %lb slot %s row %r0 k 64
        b_transposed acc(%c0, %c1)
        : memref<3x128x64xf16, #gpu.address_space<workgroup>>,
          memref<3x16x64xf16, #gpu.address_space<workgroup>>,
          vector<4xf32>, vector<4xf32>
    // Two groups of 64 rows (128), N = 8.
    %t:2 = ck.warpgroup_mma #ck.wgmma<f16> %la, %lb slot %s row %r0 k 64
        b_transposed row_groups 2 acc(%c0, %c1)
        : memref<3x128x64xf16, #gpu.address_space<workgroup>>,
          memref<3x8x64xf16, #gpu.address_space<workgroup>>,
          vector<4xf32>, vector<4xf32>
    ```
  }];
  let arguments = (ins CK_WgmmaAttr:$mma,
                       Arg<CK_LdsMemRef, "A's tile", [MemRead]>:$a,
                       Arg<CK_LdsMemRef, "B's tile", [MemRead]>:$b,
                       Optional<Index>:$slot,
                       Optional<Index>:$b_slot,
                       Index:$row,
                       Variadic<VectorOfLengthAndType<[4], [F32]>>:$accs,
                       ConfinedAttr<I64Attr, [IntPositive]>:$k,
                       UnitAttr:$a_transposed,
                       UnitAttr:$b_transposed,
                       DefaultValuedAttr<I64Attr, "0">:$pending,
                       OptionalAttr<I64Attr>:$instruction_n,
                       DefaultValuedAttr<I64Attr, "1">:$row_groups);
  let results = (outs Variadic<VectorOfLengthAndType<[4], [F32]>>:$results);
  let assemblyFormat = [{
    qualified($mma) $a `,` $b (`slot` $slot^)? (`b_slot` $b_slot^)?
    `row` $row `k` $k
    (`a_transposed` $a_transposed^)? (`b_transposed` $b_transposed^)?
    (`pending` $pending^)? (`instruction_n` $instruction_n^)?
    (`row_groups` $row_groups^)?
    `acc` `(` $accs `)` attr-dict `:` type($a) `,` type($b) `,` type($accs)
  }];
  let hasVerifier = 1;
}

def CK_WarpgroupWaitOp : CK_Op<"warpgroup_wait", [
    RangedTypesMatchWith<"the results are the accumulators' types", "accs",
                         "results", "$_self">]> {
  let summary = "Waits for a warp's in-flight wgmma accumulators";
  let description = [{
    Returns `accs` once the wave's warpgroup has no `wgmma` group in flight
    (`wgmma.wait_group 0`), pinned so that no use moves above the wait.

    Example:

    ```mlir
    %done:2 = ck.warpgroup_wait %c0, %c1 : vector<4xf32>, vector<4xf32>
    ```
  }];
  let arguments = (ins Variadic<VectorOfLengthAndType<[4], [F32]>>:$accs);
  let results = (outs Variadic<VectorOfLengthAndType<[4], [F32]>>:$results);
  let assemblyFormat = "$accs attr-dict `:` type($accs)";
}

def CK_LdsBarrierOp : CK_Op<"lds_barrier"> {
  let summary = "Orders a workgroup's LDS accesses";
  let description = [{
    Every thread of the workgroup waits here until all have arrived; their
    LDS accesses before it complete before any LDS access after it. Unlike
    `gpu.barrier` it says nothing of global memory, so global loads issued
    before it (a prefetch) may still be in flight after it.

    With `threads N` only the workgroup's first N threads (whole waves) take
    part, and the other waves must not reach it: the math waves' own
    barrier while the load waves run on (NVIDIA's named barrier
    `kPartialBarrierId`; AMD targets have none and refuse it).

    With `group %g` as well (g = 0 or 1), threads `g * N` to `g * N + N - 1`
    take part instead, each group on a named barrier of its own
    (`kPartialBarrierId - kGroupBarrierStride * g`, clear of
    ck.staging_wait's): a `pingpong` config's warpgroups, which store
    their rows without waiting for each other.

    Verifier: N is positive; `group` only with `threads`.

    Example:

    ```mlir
    ck.lds_barrier
    ck.lds_barrier threads 256
    ck.lds_barrier threads 128 group %warpgroup
    ```
  }];
  let arguments = (ins OptionalAttr<ConfinedAttr<I64Attr, [IntPositive]>>:$threads,
                       Optional<Index>:$group);
  let assemblyFormat = "(`threads` $threads^)? (`group` $group^)? attr-dict";
  let builders = [
    OpBuilder<(ins), [{ build($_builder, $_state, IntegerAttr(), Value()); }]>,
    OpBuilder<(ins "IntegerAttr":$threads), [{
      build($_builder, $_state, threads, Value());
    }]>
  ];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The NVIDIA named barrier of a barrier of some of the threads: the
    /// last of the 16, clear of the ring's named barriers `1 .. 2 * slots`.
    static constexpr int64_t kPartialBarrierId = 15;
    /// How far apart the named barriers of `group`s lie: group 1's is 12,
    /// below ck.staging_wait's 13 and 14.
    static constexpr int64_t kGroupBarrierStride = 3;
  }];
}

def CK_TileStoreOp : CK_Op<"tile_store", [AttrSizedOperandSegments]> {
  let summary = "Writes a workgroup's accumulator tile";
  let description = [{
    Writes `alpha * acc + beta * sum of D` at rows `m0..` and columns
    `n0..` of batch `g` of `dest` (`G x M x N`), converted to `dest`'s
    element type. Elements beyond M or N and padding of `dest` are not
    written. (Split-K partial tiles go to a workspace with
    `ck.partial_store` instead.)

    With `staged %buf width W` the tile goes through the LDS tile `buf` in
    slices of rows (as many instruction rows of every wave as it holds) and
    leaves as W-element vector stores along N: `buf` is `R x C` with R a
    multiple of the wave grid's rows times the instruction's M, W dividing
    the tile's columns and rows of C elements keeping W-element vectors
    aligned (to their size, at most 16 bytes). C is at least the tile's
    columns, or, where the wave grid is one wave wide, a slice of them:
    the tile goes through `buf` in passes of S columns, S = N / ceil(N / C)
    a multiple of 64 dividing N and C = S or S padded
    (`ck/Dialect/CK/Utils/StagingTile.h`), each instruction tile of the
    wave in one pass. Without D tensors `buf` holds finished values,
    alpha applied and converted to `dest`'s element type (its element type
    too); with D tensors it holds the f32 accumulators, and alpha, beta and
    the D tensors are applied after the read-back. Without `staged`, each
    lane stores its elements.

    With `holders_only` only the waves of the accumulator's wave grid (the
    math waves of wave roles, the workgroup's first waves) run the store,
    reading the staging tile back among themselves and meeting at their own
    barrier (`ck.lds_barrier threads`), which they also pass before writing
    it; the other waves skip it and run on. The staging tile must then be
    LDS that nothing else uses: the load waves may be filling the next
    tile's slots meanwhile.

    With `store_waves N` (and `holders_only`, `staged`) the workgroup's last
    N waves store the tile instead of the wave grid: the math waves write
    the staging tile, announce it full (`ck.staging_signal full`) and run on
    to their next tile, while the store waves wait for it
    (`ck.staging_wait full`), read it back among themselves, store it and
    announce it empty. `busy` (i1, false where absent) says that an earlier
    tile's store waves may still be reading the staging tile, so the math
    waves wait for it to be empty before writing; `more` (i1, false where
    absent) that a later tile follows, so the store waves announce it
    empty. A persistent partition sets both per tile (`ck-lower-partition`).
    The staging tile must hold the whole tile (one slice).

    With `tma_store %map` (sm_90a) the staging tile is 128-byte swizzled
    (`ck/Dialect/CK/Utils/LdsSwizzle.h`: blocks of 64 2-byte columns, each
    one box of `map`, a tiled tensor map of `dest`), and one thread stores
    it with `ck.tma_store`s once the writers have passed
    `ck.tma_store_fence` and a barrier: no thread reads it back. With
    `holders_only` (a staging tile of its own) `ck.tma_store_wait` waits
    for those stores to read it before the holders write it again (the next
    pass, or the next tile), and the kernel waits before it ends; without,
    that thread waits at once, since the staging tile may alias LDS that
    the next barrier frees.

    With `pingpong` (and `holders_only`, `tma_store`) each of the two math
    warpgroups of a `pingpong` config stages its own half of the rows,
    meets its own barrier (`ck.lds_barrier ... group`) and has its first
    thread store them (`map`'s boxes hold half the rows): a warpgroup
    writes its tile while the other still computes.

    Verifier: a staging tile and a width together; rows and columns of the
    staging tile as above; `store_waves` with both and `holders_only`, and a
    staging tile of the whole tile; `busy` and `more` only with
    `store_waves`; `tma_store` with a staging tile of finished 2-byte values
    (no D tensors) of exactly the tile's rows (at most 256) and its columns
    or an unpadded slice of them (a multiple of 64), without
    `store_waves`; `pingpong` with `holders_only`, `tma_store` and an
    accumulator of two warpgroups stacked along M.

    Example:

    ```mlir
    ck.tile_store %acc -> %c[%g, %m0, %n0] adds(%d : memref<1x64x64xf16>) beta 2.0
        staged %buf width 8
        : !ck.acc<64x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>,
          memref<1x64x64xf16>, memref<32x68xf32, #gpu.address_space<workgroup>>
    ck.tile_store %acc -> %c[%g, %m0, %n0] staged %buf width 8 holders_only
        : !ck.acc<64x64xf32, #ck.mma_sync<16x8x16, f16>, waves = [2, 2]>,
          memref<1x64x64xf16>, memref<64x72xf16, #gpu.address_space<workgroup>>
    ck.tile_store %acc -> %c[%g, %m0, %n0] staged %buf width 8 holders_only
        store_waves 3 busy %busy more %more
        : !ck.acc<128x64xf32, #ck.wgmma<f16>, waves = [8, 1]>,
          memref<1x256x64xf16>, memref<128x72xf16, #gpu.address_space<workgroup>>
    ck.tile_store %acc -> %c[%g, %m0, %n0] staged %buf width 8
        tma_store %map
        : !ck.acc<128x128xf32, #ck.wgmma<bf16>, waves = [8, 1]>,
          memref<1x256x128xbf16>,
          memref<128x128xbf16, #gpu.address_space<workgroup>>, !llvm.ptr
    // Two passes of 128 columns.
    ck.tile_store %acc -> %c[%g, %m0, %n0] staged %buf width 8 holders_only
        tma_store %map
        : !ck.acc<128x256xf32, #ck.wgmma<bf16>, waves = [8, 1]>,
          memref<1x256x256xbf16>,
          memref<128x128xbf16, #gpu.address_space<workgroup>>, !llvm.ptr
    // Each warpgroup its 128 rows.
    ck.tile_store %acc -> %c[%g, %m0, %n0] staged %buf width 8 holders_only
        tma_store %map pingpong
        : !ck.acc<256x128xf32, #ck.wgmma<bf16>, waves = [8, 1]>,
          memref<1x512x128xbf16>,
          memref<256x128xbf16, #gpu.address_space<workgroup>>, !llvm.ptr
    ```
  }];
  let arguments = (ins CK_AccType:$acc,
                       Arg<CK_Tensor, "the written tensor", [MemWrite]>:$dest,
                       Variadic<Index>:$indices,
                       Arg<Variadic<CK_Tensor>, "epilogue D tensors", [MemRead]>:$ds,
                       DefaultValuedOptionalAttr<F32Attr, "1.0">:$alpha,
                       DefaultValuedOptionalAttr<F32Attr, "1.0">:$beta,
                       Arg<Optional<CK_LdsMemRef>, "the staging tile",
                           [MemRead, MemWrite]>:$staging,
                       OptionalAttr<ConfinedAttr<I64Attr, [IntPositive]>>:$width,
                       UnitAttr:$holders_only,
                       OptionalAttr<ConfinedAttr<I64Attr, [IntPositive]>>:$store_waves,
                       Optional<I1>:$busy, Optional<I1>:$more,
                       Optional<CK_TensorMapPointer>:$dest_map,
                       UnitAttr:$pingpong);
  let extraClassDeclaration = [{
    /// The groups of holders that stage and store their rows apart, each
    /// its own share of the rows: the two pingpong warpgroups, or one.
    int64_t getStoreGroups() { return getPingpong() ? 2 : 1; }
  }];
  let assemblyFormat = [{
    $acc `->` $dest `[` $indices `]` (`adds` `(` $ds^ `:` type($ds) `)`)?
    (`alpha` $alpha^)? (`beta` $beta^)? (`staged` $staging^ `width` $width)?
    (`holders_only` $holders_only^)? (`store_waves` $store_waves^)?
    (`busy` $busy^)? (`more` $more^)? (`tma_store` $dest_map^)?
    (`pingpong` $pingpong^)? attr-dict `:` qualified(type($acc)) `,` type($dest) (`,` type($staging)^)?
    (`,` type($dest_map)^)?
  }];
  let hasVerifier = 1;
}

#endif // CK_DIALECT_CK_IR_CKTILEOPS_TD
