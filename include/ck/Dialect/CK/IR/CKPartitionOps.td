//===- CKPartitionOps.td - ck partition operations ---------*- tablegen -*-===//
//
// The partition rung of the ladder (docs/rationale/TilingLadder.md): which
// work units (tile, range of K-tiles) each workgroup of a GEMM kernel runs
// (ck.partition), and the partial tiles that split work leaves in a
// workspace (ck.partial_store, ck.partial_accumulate). `ck-lower-partition`
// removes ck.partition; `ck-lower-wave-tiles` the partial-tile ops.
//
//===----------------------------------------------------------------------===//

#ifndef CK_DIALECT_CK_IR_CKPARTITIONOPS_TD
#define CK_DIALECT_CK_IR_CKPARTITIONOPS_TD

include "ck/Dialect/CK/IR/CKOps.td"

def CK_Workspace : Type<
    And<[MemRefRankOf<[F32], [1]>.predicate,
         CPred<"!::mlir::gpu::GPUDialect::hasWorkgroupMemoryAddressSpace("
               "::llvm::cast<::mlir::MemRefType>($_self))">]>,
    "1-D f32 memref in global memory", "::mlir::MemRefType">;

def CK_PartitionOp : CK_Op<"partition", [RecursiveMemoryEffects]> {
  let summary = "Spreads a GEMM's work units over the kernel's workgroups";
  let description = [{
    A GEMM kernel's body, split into what one work unit computes and how a
    finished tile is written, so that the partition decides alone which
    units each workgroup runs. The GEMM has `tiles = [G, TM, TN]` output
    tiles (a batch of TM x TN tiles of the accumulator's shape) and
    `k_tiles` K-tiles per tile.

    - `unit(%g, %m0, %n0, %k0, %k1)` returns (`ck.yield`) the accumulator
      of K-tiles `[%k0, %k1)` of the tile at rows `%m0..` and columns
      `%n0..` of batch `%g`.
    - `epilogue(%g, %m0, %n0, %sum)` writes the tile's whole sum.

    `partition` says which units a workgroup runs and where their sums go
    (`#ck.partition`): with `data_parallel` each workgroup runs one tile's
    whole range and its epilogue; with `split_k` each runs one range and
    stores its partial tile to `workspace` slot `split * T + tile` (T tiles,
    row-major over [G, TM, TN]), and a second kernel runs the epilogue on
    their sum. `ck-lower-partition` spells this out; the launch's grid is
    `#ck.partition`'s for these tiles.

    Verifier: `tiles` has three counts and `k_tiles` is positive; the unit
    takes five indices and yields one `!ck.acc`; the epilogue takes three
    indices and that accumulator and yields nothing; a `workspace` is given
    exactly when the partition uses one, and a static one holds all
    `k_batch * T` slots of `rows * cols` floats.

    Example:

    ```mlir
    ck.partition #ck.partition<split_k, k_batch = 2> tiles [1, 1, 2] k_tiles 2
        workspace(%ws : memref<8192xf32>)
        unit {
    ^bb0(%g: index, %m0: index, %n0: index, %k0: index, %k1: index):
      %acc = ck.tile_gemm %a, %b at [%g, %m0, %n0] k_tiles %k0 to %k1 config #cfg
          : memref<1x64x64xf16>, memref<1x64x64xf16> -> !acc
      ck.yield %acc : !acc
    } epilogue {
    ^bb0(%g: index, %m0: index, %n0: index, %sum: !acc):
      ck.tile_store %sum -> %c[%g, %m0, %n0] : !acc, memref<1x64x64xf16>
      ck.yield
    }
    ```
  }];
  let arguments = (ins CK_PartitionAttr:$partition,
                       DenseI64ArrayAttr:$tiles,
                       ConfinedAttr<I64Attr, [IntPositive]>:$k_tiles,
                       Arg<Optional<CK_Workspace>, "partial tiles",
                           [MemRead, MemWrite]>:$workspace);
  let regions = (region SizedRegion<1>:$unit, SizedRegion<1>:$epilogue);
  let assemblyFormat = [{
    $partition `tiles` $tiles `k_tiles` $k_tiles
    (`workspace` `(` $workspace^ `:` type($workspace) `)`)?
    `unit` $unit `epilogue` $epilogue attr-dict
  }];
  let hasRegionVerifier = 1;
  let extraClassDeclaration = [{
    /// The accumulator tile the unit yields.
    AccType getAccType();
    /// The number of output tiles, G x TM x TN.
    int64_t getTileCount();
  }];
}

def CK_YieldOp : CK_Op<"yield", [Pure, Terminator,
                                 HasParent<"PartitionOp">]> {
  let summary = "Ends a region of ck.partition";
  let description = [{
    Returns the unit's accumulator, or nothing from the epilogue.

    Example:

    ```mlir
    ck.yield %acc : !ck.acc<64x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$values);
  let assemblyFormat = "attr-dict ($values^ `:` type($values))?";
}

def CK_PartialStoreOp : CK_Op<"partial_store"> {
  let summary = "Stores a workgroup's partial tile to a workspace slot";
  let description = [{
    Writes the accumulator tile as it sits in the workgroup's lanes to slot
    `slot` of `workspace`, a slot being `rows * cols` floats: thread `t` of
    the `N` threads holding the tile writes its instruction tile `j` (E
    floats) at `slot * rows * cols + (j * N + t) * E`, so neighbouring
    lanes write neighbouring vectors. No M x N layout is made: only
    `ck.partial_accumulate` with the same accumulator type reads it back.

    Verifier: a static workspace holds the slot size at least.

    Example:

    ```mlir
    ck.partial_store %acc -> %ws slot %s
        : !ck.acc<64x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>, memref<?xf32>
    ```
  }];
  let arguments = (ins CK_AccType:$acc,
                       Arg<CK_Workspace, "the workspace", [MemWrite]>:$workspace,
                       Index:$slot);
  let assemblyFormat = [{
    $acc `->` $workspace `slot` $slot attr-dict `:` qualified(type($acc)) `,`
    type($workspace)
  }];
  let hasVerifier = 1;
}

def CK_PartialAccumulateOp : CK_Op<"partial_accumulate",
                                   [AllTypesMatch<["acc", "result"]>]> {
  let summary = "Adds a workspace slot's partial tile to an accumulator";
  let description = [{
    Returns `acc + partial`, in that order, where `partial` is the tile
    `ck.partial_store` wrote to slot `slot` with the same accumulator type.

    Verifier: a static workspace holds the slot size at least.

    Example:

    ```mlir
    %sum = ck.partial_accumulate %acc, %ws slot %s
        : !ck.acc<64x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>, memref<?xf32>
    ```
  }];
  let arguments = (ins CK_AccType:$acc,
                       Arg<CK_Workspace, "the workspace", [MemRead]>:$workspace,
                       Index:$slot);
  let results = (outs CK_AccType:$result);
  let assemblyFormat = [{
    $acc `,` $workspace `slot` $slot attr-dict `:` qualified(type($acc)) `,`
    type($workspace)
  }];
  let hasVerifier = 1;
}

#endif // CK_DIALECT_CK_IR_CKPARTITIONOPS_TD
