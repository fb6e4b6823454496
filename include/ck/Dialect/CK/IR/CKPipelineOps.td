//===- CKPipelineOps.td - ck K-loop pipeline operations ----*- tablegen -*-===//
//
// The pipeline rung of the ladder (docs/rationale/TilingLadder.md): a
// workgroup's whole GEMM over a range of K-tiles (ck.tile_gemm), which
// `ck-pipeline` turns into an explicit K loop of tile copies, tile MMAs and
// barriers over LDS buffers (ck.lds_buffer) that `ck-lower-wave-tiles` places
// in the kernel's one LDS arena.
//
//===----------------------------------------------------------------------===//

#ifndef CK_DIALECT_CK_IR_CKPIPELINEOPS_TD
#define CK_DIALECT_CK_IR_CKPIPELINEOPS_TD

include "ck/Dialect/CK/IR/CKOps.td"

def CK_TileGemmOp : CK_Op<"tile_gemm", [AttrSizedOperandSegments]> {
  let summary = "A workgroup's GEMM tile over a range of K-tiles";
  let description = [{
    Returns the sum over the K-tiles `k` in `[k_begin, k_end)` of
    `A[g, m0 .. m0 + BM, k * BK .. (k + 1) * BK] * B[g, k * BK .., n0 .. n0 + BN]`
    for the calling workgroup, where `BM x BN x BK` is `config`'s block
    tile. `a` is a `G x M x K` tensor and `b` a `G x K x N` one (memrefs or
    views); elements outside them or on their padding count as zero, so
    edge tiles and a last partial K-tile need no special case. Every thread
    of the workgroup runs it with the same operands.

    `config` sets the tile, the wave tile, the matrix instruction and the
    number of LDS buffers per operand (the pipeline recipe); its `split_k`
    is the partition's business, not this op's. The result is the
    workgroup's accumulator, on the config's wave grid.

    The op uses LDS from offset 0 of the kernel's arena and has finished with
    it when it returns (its last step is a barrier), so what follows may
    reuse the arena, as a staged epilogue does.

    `ck-pipeline` replaces it with the K loop.

    With `barriers %bars` (a config with load waves), the ring between the
    roles synchronizes on the mbarriers `%bars`: two i64 per LDS buffer
    (the slots' `full` barriers, then their `empty` ones; see `ck.ring`),
    outside the operand tiles and the epilogue's staging. With `tma_a
    (%a_map)` or `tma_b (%b_map)` besides, the load waves copy that tile
    with TMA from the tensor map of the operand's memref (made by
    `convert-ck-to-gpu` from the view, TensorMapPlan.h), and the `full`
    barriers count the copies' bytes; an operand without a map the load
    waves copy with cp.async, and the `full` barriers count their signals
    too (the merged groups' block-diagonal filter beside an im2col map).

    With `ring_steps %first of %total` (and `barriers`) the ring spans the
    workgroup's units, as a persistent data-parallel partition runs them
    (`ck-lower-partition` numbers their K-tiles): this op's K-tiles are the
    ring's steps `%first ..`, of `%total` in the workgroup. `ck-pipeline`
    then makes one ring for the kernel, and the op ends without a barrier:
    its load waves run on into the next unit's K-tiles while its math waves
    return the accumulator, so what follows must not reuse the operand
    tiles' LDS. With a `pingpong` config each K-tile is one ring step per
    warpgroup: the ring's steps are `2 * %first ..`, of `2 * %total`.

    With a `resident_b` config the ring carries A's K-tiles alone: B's
    whole K extent stays in LDS (one buffer per K-tile, after A's slots)
    across the units of one column, and `barriers` has two more (after the
    ring's: B's `full` and `empty`). `resident_b %gen of %gens load %load
    release %release`, given by `ck-lower-partition` with the ring steps,
    says which of the workgroup's `%gens` copies of B the unit computes on
    (`%gen`), whether the load waves copy it at this unit (`%load`, the
    column's first unit) and whether the math waves release it after this
    unit (`%release`, the column's last before another).

    Verifier: A and B are rank 3 with one element type, which the
    instruction takes, and agree on G and K; the result is the
    `BM x BN` accumulator of the config's instruction on its wave grid
    (`BM / wave M x BN / wave N` waves). With `barriers`: a config with
    load waves, and two barriers per LDS buffer. With a map: `barriers`,
    and a config with `async_copy`. With `ring_steps`: `barriers`. With
    `resident_b`: a config with `resident_b`, and `ring_steps`.

    Example:

    ```mlir
    %acc = ck.tile_gemm %a, %b at [%g, %m0, %n0] k_tiles %k0 to %k1
        config #ck.gemm_config<block = [64, 64, 32], wave = [32, 32],
                               mma = #ck.mfma<16x16x16, f16>, lds_buffers = 2>
        : !ck.view<1x36x40000xf16>, memref<1x40000x2304xf16>
          -> !ck.acc<64x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
    %acc2 = ck.tile_gemm %x, %w at [%g, %m0, %n0] k_tiles %k0 to %k1
        config #ck.gemm_config<block = [128, 64, 64], wave = [16, 64],
            mma = #ck.wgmma<bf16>,
            partition = #ck.partition<data_parallel, dp = persistent>,
            lds_buffers = 4, load_waves = 4, async_copy, resident_b>
        barriers %bars (memref<10xi64, #gpu.address_space<workgroup>>)
        ring_steps %first of %total
        resident_b %gen of %gens load %load release %release
        : memref<8x40000x576xbf16>, !ck.view<8x576x64xbf16>
          -> !ck.acc<128x64xf32, #ck.wgmma<bf16>, waves = [8, 1]>
    ```
  }];
  let arguments = (ins Arg<CK_Tensor, "left operand, G x M x K", [MemRead]>:$a,
      Arg<CK_Tensor, "right operand, G x K x N", [MemRead]>:$b, Index:$g,
      Index:$m0, Index:$n0, Index:$k_begin, Index:$k_end,
      CK_GemmConfigAttr:$config, Optional<CK_TensorMapPointer>:$a_map,
      Optional<CK_TensorMapPointer>:$b_map,
      Optional<CK_LdsBarrierMemRef>:$barriers, Optional<Index>:$ring_first,
      Optional<Index>:$ring_total, Optional<Index>:$b_generation,
      Optional<Index>:$b_generations, Optional<I1>:$b_load,
      Optional<I1>:$b_release);
  let results = (outs CK_AccType:$result);
  let assemblyFormat = [{
    $a `,` $b `at` ` ` `[` $g `,` $m0 `,` $n0 `]`
    `k_tiles` $k_begin `to` $k_end `config` $config
    (`tma_a` `(` $a_map^ `:` type($a_map) `)`)?
    (`tma_b` `(` $b_map^ `:` type($b_map) `)`)?
    (`barriers` $barriers^ `(` type($barriers) `)`)?
    (`ring_steps` $ring_first^ `of` $ring_total)?
    (`resident_b` $b_generation^ `of` $b_generations `load` $b_load
     `release` $b_release)?
    attr-dict `:` type($a) `,` type($b) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def CK_LdsBufferOp : CK_Op<"lds_buffer", [Pure]> {
  let summary = "A typed window of the kernel's LDS arena";
  let description = [{
    The memref that starts `offset` bytes into the kernel's one LDS arena
    (workgroup memory): a 2-D or 3-D operand or staging tile, a ring's
    1-D i64 barriers, or split-K's 1-D f32 partial tile (`reduce =
    cluster`). Windows may overlap; the ops that use them order
    their accesses with `ck.lds_barrier`. `ck-lower-wave-tiles` allocates
    the arena once per kernel, as large as the furthest window reaches (on
    targets that size LDS at launch, the launch's dynamic shared memory,
    which must cover it), and makes each window a view of it.

    With `align A`, the window starts on an A-byte boundary of shared
    memory, not only of the arena: the arena itself is then placed on such
    a boundary (wgmma's swizzled tiles need 1024 bytes; targets that size
    LDS at launch need A - 16 bytes more, which the launch must count).

    Verifier: the offset is a multiple of 16 bytes, which every vector
    access needs, and of the alignment; the alignment is a power of two of
    at least 16.

    Example:

    ```mlir
    %la = ck.lds_buffer offset 0 : memref<2x64x40xf16, #gpu.address_space<workgroup>>
    %lb = ck.lds_buffer offset 10240 : memref<2x32x72xf16, #gpu.address_space<workgroup>>
    %lc = ck.lds_buffer offset 16384 align 1024 : memref<3x128x64xbf16, #gpu.address_space<workgroup>>
    ```
  }];
  let arguments = (ins ConfinedAttr<I64Attr, [IntNonNegative]>:$offset,
                       DefaultValuedAttr<I64Attr, "16">:$align);
  let results = (outs AnyTypeOf<[CK_LdsMemRef, CK_LdsBarrierMemRef,
                                 CK_LdsPartialMemRef]>:$result);
  let assemblyFormat =
      "`offset` $offset (`align` $align^)? attr-dict `:` type($result)";
  let hasVerifier = 1;
}

#endif // CK_DIALECT_CK_IR_CKPIPELINEOPS_TD
