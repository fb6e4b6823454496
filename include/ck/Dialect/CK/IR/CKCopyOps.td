//===- CKCopyOps.td - ck operand tile copies ---------------*- tablegen -*-===//
//
// The copy half of the tile rung (docs/rationale/TilingLadder.md, section 6):
// a thread's share of an operand tile read from global memory through its
// view (ck.tile_load) and written to LDS (ck.tile_store_lds), laid out by a
// #ck.copy_plan. `ck-pipeline` places them in the K loop (the load of the
// next K-tile before the MMAs of this one, the store after);
// `ck-lower-tile-copies` spells them out as guarded loads (ck.guarded_load,
// which each target lowers) and vector stores.
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
    false. Positions are `!ck.coord` states of the view, one per result,
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
  }];
  let arguments = (ins Arg<CK_Tensor, "the source", [MemRead]>:$view,
                       Variadic<CK_CoordType>:$positions,
                       Index:$thread,
                       Optional<I1>:$condition,
                       CK_CopyPlanAttr:$plan);
  let results = (outs Variadic<CK_CopyVector>:$rows);
  let assemblyFormat = [{
    $view `[` $positions `]` `plan` $plan `thread` $thread
    (`if` $condition^)? attr-dict `:` type($view) `,`
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

#endif // CK_DIALECT_CK_IR_CKCOPYOPS_TD
