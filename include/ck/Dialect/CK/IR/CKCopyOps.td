//===- CKCopyOps.td - ck operand tile copies ---------------*- tablegen -*-===//
//
// The copy half of the tile rung (docs/rationale/TilingLadder.md, section 6):
// a thread's share of an operand tile read from global memory through its
// view (ck.tile_load) and written to LDS (ck.tile_store_lds), laid out by a
// #ck.copy_plan. `ck-pipeline` places them in the K loop (the load of the
// next K-tile before the MMAs of this one, the store after);
// `ck-lower-tile-copies` spells them out as guarded loads (ck.guarded_load,
// which each target lowers) and vector stores. Where the target copies
// global memory to LDS asynchronously, ck.tile_copy_async does both halves
// at once (ck.async_copy per vector, ck.async_commit, ck.async_wait).
//
//===----------------------------------------------------------------------===//

#ifndef CK_DIALECT_CK_IR_CKCOPYOPS_TD
#define CK_DIALECT_CK_IR_CKCOPYOPS_TD

include "ck/Dialect/CK/IR/CKTileOps.td"

// One load vector of an operand tile.
def CK_CopyVector : VectorOfRankAndType<[1], [F16, BF16, F32]>;

def CK_TileLoadOp : CK_Op<"tile_load", [AttrSizedOperandSegments]> {
  let summary = "A thread's share of an operand tile, from global memory";
  let description = [{
    Loads the vectors thread `thread` (0 to the plan's threads - 1) moves
    of a tile of `view` under `plan`: result `i` is load `j` of the
    thread's unit `u` (`i = u * loads per unit + j`), the `load_width`
    elements of the view's memref that start where `positions[i]` points,
    contiguous along the memref. A vector is zero where its position is
    outside the view's rows and columns (dimensions 1 and 2; the batch is in
    range by construction) or on padding of its chain, where the unit does
    not exist (a partial last round) and, where `if` is given, where it is
    false. With `bounds`, only the dimensions it lists (1, 2 or both) are
    checked: the producer guarantees the others, as `ck-pipeline` does for
    K where block K divides it (every K-tile of the GEMM's range lies
    inside). Positions are `!ck.coord` states of the view, one per result,
    made and advanced by the coordinate ops. The results are separate
    vectors (not one 2-D vector) so that loops carry them as they are.

    Verifier: the plan's loads per thread (units per thread x loads per
    unit) positions, all of one type, and as many results, each of
    `load_width` elements of the view's element type, at most 16 bytes.

    Example (two units per thread of one vector each):

    ```mlir
    %r:2 = ck.tile_load %a[%p0, %p1]
        plan #ck.copy_plan<tile = [128, 32], load = [1, 8], lds = [1, 8], pad = 8, threads = 256>
        thread %tid if %more : !ck.view<1x36x40000xf16>, !ck.coord<6xi32> -> vector<8xf16>
    ```

    The same, checking the rows alone (K, the columns, is in range):

    ```mlir
    %s:2 = ck.tile_load %a[%p0, %p1]
        plan #ck.copy_plan<tile = [128, 32], load = [1, 8], lds = [1, 8], pad = 8, threads = 256>
        thread %tid bounds [1] if %more : !ck.view<1x36x40000xf16>, !ck.coord<6xi32> -> vector<8xf16>
    ```

    Verifier: as above; `bounds` lists 1, 2 or both, increasing.
  }];
  let arguments = (ins Arg<CK_Tensor, "the source", [MemRead]>:$view,
                       Variadic<CK_CoordType>:$positions,
                       Index:$thread,
                       OptionalAttr<DenseI64ArrayAttr>:$bounds,
                       Optional<I1>:$condition,
                       CK_CopyPlanAttr:$plan);
  let results = (outs Variadic<CK_CopyVector>:$rows);
  let assemblyFormat = [{
    $view `[` $positions `]` `plan` $plan `thread` $thread
    (`bounds` $bounds^)? (`if` $condition^)? attr-dict `:` type($view) `,`
    custom<UniformTypes>(ref($positions), type($positions)) `->`
    custom<UniformResultTypes>(type($rows))
  }];
  let hasVerifier = 1;
}

def CK_TileStoreLdsOp : CK_Op<"tile_store_lds", [AttrSizedOperandSegments]> {
  let summary = "A thread's share of an operand tile, into LDS";
  let description = [{
    Writes the vectors `ck.tile_load` loaded for thread `thread` under `plan`
    into the LDS tile `lds` (buffer `slot` where it has a buffer
    dimension), keeping the plan's `lds_dim` innermost: a unit at (r, c) of
    the tile goes to `lds[c][r..]` or `lds[r][c..]` in vectors of
    `store_width`, transposed in registers where the copy transposes. Units
    that do not exist store nothing.

    Verifier: `values` are the plan's per-thread vectors of the LDS's
    element type; the LDS tile has the plan's shape (with any buffer count), and a
    slot is given exactly when it has a buffer dimension; stores are at
    most 16 bytes.

    Example:

    ```mlir
    ck.tile_store_lds %r#0, %r#1 -> %la[%slot]
        plan #ck.copy_plan<tile = [128, 32], load = [1, 8], lds = [1, 8], pad = 8, threads = 256>
        thread %tid : vector<8xf16>, memref<2x128x40xf16, #gpu.address_space<workgroup>>
    ```
  }];
  let arguments = (ins Variadic<CK_CopyVector>:$values,
                       Arg<CK_LdsMemRef, "the LDS tile", [MemWrite]>:$lds,
                       Optional<Index>:$slot,
                       Index:$thread,
                       CK_CopyPlanAttr:$plan);
  let assemblyFormat = [{
    $values `->` $lds (`[` $slot^ `]`)? `plan` $plan `thread` $thread
    attr-dict `:` custom<UniformTypes>(ref($values), type($values)) `,`
    type($lds)
  }];
  let hasVerifier = 1;
}

def CK_GuardedLoadOp : CK_Op<"guarded_load"> {
  let summary = "A vector from global memory where valid, zeros elsewhere";
  let description = [{
    Loads the `result`'s elements of `memref` that start at `indices`,
    contiguous in memory, where `valid` holds, and gives zeros where it does
    not. Where `valid` is false the indices may be anything (outside the
    memref too): nothing is read. This is the global half of a tile copy
    (`ck-lower-tile-copies` makes one per `ck.tile_load` vector); each target
    lowers it so that the thread waits for the data where the value is
    used, not where it is loaded, which keeps a K-tile's prefetch in
    flight across the loop's barrier:

    - AMD (`convert-ck-to-amdgpu`): a buffer load whose offset is moved past
      the end of the memref where `valid` is false, which the hardware's
      range check turns into zeros; for a memref of 2 GiB or more (beyond
      a buffer's offsets), a load from indices set to 0 where `valid` is
      false and a select of zeros, which waits at the load;
    - NVIDIA (`convert-ck-to-nvvm`): a load predicated on `valid` into
      registers that hold zeros.

    The start must be aligned to the vector's size, as a copy plan's
    vectors are.

    Verifier: one index per memref dimension; the memref's element type;
    the memref has the identity layout (contiguous); 2, 4, 8 or 16 bytes.

    Example:

    ```mlir
    %v = ck.guarded_load %x[%n, %h, %w, %g, %c] if %valid
        : memref<16x50x50x1x256xf16> -> vector<8xf16>
    ```
  }];
  let arguments = (ins Arg<CK_FloatMemRef, "the source", [MemRead]>:$memref,
                       Variadic<Index>:$indices,
                       I1:$valid);
  let results = (outs CK_CopyVector:$result);
  let assemblyFormat = [{
    $memref `[` $indices `]` `if` $valid attr-dict `:` type($memref) `->`
    type($result)
  }];
  let hasVerifier = 1;
}

def CK_TileCopyAsyncOp : CK_Op<"tile_copy_async",
    [AttrSizedOperandSegments]> {
  let summary = "A thread's share of an operand tile, from global memory "
                "straight into LDS";
  let description = [{
    Starts copying the vectors that `ck.tile_load` would load for thread
    `thread` under `plan` into the LDS tile `lds` (buffer `slot` where it
    has a buffer dimension), where `ck.tile_store_lds` would store them,
    without passing through registers. Positions, `bounds` and validity are
    `ck.tile_load`'s: a vector whose position is outside the view, on
    padding, or where `if` is false is written as zeros. The copy is
    asynchronous: it joins the thread's current group of copies, which
    `ck.async_commit` closes and `ck.async_wait` waits for; only then, and
    after a `ck.lds_barrier`, may any thread read the data.

    `ck-pipeline` uses it where the config asks for `async_copy`;
    `ck-lower-tile-copies` spells it out as one `ck.async_copy` per vector.

    With a plan in LDS order, consecutive threads copy into consecutive LDS
    vectors, and units in a row's pad write zeros there.

    Verifier: the plan does not transpose (each loaded vector lands whole in
    one LDS row); its vectors are 4, 8 or 16 bytes; one position per load
    of the thread, all of one type; the LDS tile has the plan's shape, with
    a slot exactly when it has a buffer dimension; `bounds` lists 1, 2 or
    both, increasing.

    Example:

    ```mlir
    ck.tile_copy_async %a[%p0, %p1] -> %la[%slot]
        plan #ck.copy_plan<tile = [128, 32], load = [1, 8], lds = [1, 8], pad = 8, threads = 256>
        thread %tid if %more : !ck.view<1x36x40000xf16>, !ck.coord<6xi32>,
        memref<3x128x40xf16, #gpu.address_space<workgroup>>
    ```
  }];
  let arguments = (ins Arg<CK_Tensor, "the source", [MemRead]>:$view,
                       Variadic<CK_CoordType>:$positions,
                       Arg<CK_LdsMemRef, "the LDS tile", [MemWrite]>:$lds,
                       Optional<Index>:$slot,
                       Index:$thread,
                       OptionalAttr<DenseI64ArrayAttr>:$bounds,
                       Optional<I1>:$condition,
                       CK_CopyPlanAttr:$plan);
  let assemblyFormat = [{
    $view `[` $positions `]` `->` $lds (`[` $slot^ `]`)? `plan` $plan
    `thread` $thread (`bounds` $bounds^)? (`if` $condition^)? attr-dict `:` type($view) `,`
    custom<UniformTypes>(ref($positions), type($positions)) `,` type($lds)
  }];
  let hasVerifier = 1;
}

def CK_AsyncCopyOp : CK_Op<"async_copy", [AttrSizedOperandSegments]> {
  let summary = "A vector copied from global memory to LDS, asynchronously";
  let description = [{
    Starts copying `elements` contiguous elements of `memref` from
    `indices` to `lds` at `lds_indices`, contiguous there too, where `valid`
    holds, and writing zeros where it does not (then the indices into
    `memref` may be anything: nothing is read). The copy joins the thread's
    current group (`ck.async_commit`, `ck.async_wait`). Both starts must be
    aligned to the vector's size, as a copy plan's vectors are. This is one
    vector of a `ck.tile_copy_async`; `convert-ck-to-nvvm` lowers it to
    `cp.async` with a source size of 0 where `valid` is false.

    With `lane_order`, the lanes of each wave copy to consecutive vectors
    of LDS in lane order (lane `l` to lane 0's place plus `l` vectors, in
    memory order), whether or not a lane takes part: `ck-lower-tile-copies`
    sets it for plans in LDS order. `convert-ck-to-amdgpu` needs it: gfx950
    writes a wave's loads to LDS from one base, lane after lane
    (`amdgpu.gather_to_lds` from a buffer, whose range check writes zeros
    where `valid` is false); 4- and 16-byte vectors.

    With `bypass_l1` the copy does not keep what it reads in the L1 cache
    (`cp.async.cg`, 16-byte copies only; without it `cp.async.ca`; AMD
    ignores it).
    `ck-lower-tile-copies` sets it where each row of the tile along the
    load dimension is one contiguous run of the source, so the workgroup
    reads no element of it twice for the L1 to serve.

    Verifier: one index per dimension of each memref; both of one element
    type; `memref` contiguous (identity layout); 4, 8 or 16 bytes, 16 with
    `bypass_l1`.

    Example:

    ```mlir
    ck.async_copy %x[%n, %h, %w, %g, %c] -> %la[%slot, %row, %col]
        elements 8 bypass_l1 if %valid
        : memref<16x50x50x1x256xf16>, memref<3x128x40xf16, #gpu.address_space<workgroup>>
    ```

    A vector of a gfx950 copy, in lane order:

    ```mlir
    ck.async_copy %x[%i] -> %la[%slot, %row, %col] elements 8 lane_order
        if %valid : memref<10240000xf16>,
        memref<3x128x32xf16, #gpu.address_space<workgroup>>
    ```
  }];
  let arguments = (ins Arg<CK_FloatMemRef, "the source", [MemRead]>:$memref,
                       Variadic<Index>:$indices,
                       Arg<CK_LdsMemRef, "the destination", [MemWrite]>:$lds,
                       Variadic<Index>:$ldsIndices,
                       I64Attr:$elements,
                       UnitAttr:$bypassL1,
                       UnitAttr:$laneOrder,
                       I1:$valid);
  let assemblyFormat = [{
    $memref `[` $indices `]` `->` $lds `[` $ldsIndices `]` `elements`
    $elements (`bypass_l1` $bypassL1^)? (`lane_order` $laneOrder^)? `if`
    $valid attr-dict `:`
    type($memref) `,` type($lds)
  }];
  let extraClassDeclaration = [{
    /// Whether a vector of `bytes` bytes can be copied asynchronously.
    static bool isCopySize(int64_t bytes) {
      return bytes == 4 || bytes == 8 || bytes == 16;
    }
  }];
  let hasVerifier = 1;
}

def CK_AsyncCommitOp : CK_Op<"async_commit"> {
  let summary = "Closes the thread's current group of asynchronous copies";
  let description = [{
    The `ck.async_copy` ops this thread started since its last commit form
    one group, which `ck.async_wait` counts. A commit with no copies makes
    an empty group, so every thread commits on the same steps.

    Example:

    ```mlir
    ck.async_commit
    ```
  }];
  let assemblyFormat = "attr-dict";
}

def CK_AsyncWaitOp : CK_Op<"async_wait"> {
  let summary = "Waits until few of the thread's copy groups are in flight";
  let description = [{
    Waits until at most `pending` of this thread's committed groups of
    asynchronous copies are still in flight, the most recent ones: with
    `pending = S - 2` in an S-stage pipeline, the group of the K-tile about
    to be computed has landed while the next ones keep going. It orders
    this thread's copies only; a `ck.lds_barrier` after it makes every
    thread's copies visible to the workgroup.

    Verifier: `pending` is at least 0.

    Example:

    ```mlir
    ck.async_wait pending 1
    ```
  }];
  let arguments = (ins I64Attr:$pending);
  let assemblyFormat = "`pending` $pending attr-dict";
  let hasVerifier = 1;
}

#endif // CK_DIALECT_CK_IR_CKCOPYOPS_TD
