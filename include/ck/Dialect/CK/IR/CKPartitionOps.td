//===- CKPartitionOps.td - ck partition operations ---------*- tablegen -*-===//
//
// The partition rung of the ladder (docs/rationale/TilingLadder.md): which
// work units (tile, range of K-tiles) each workgroup of a GEMM kernel runs
// (ck.partition), the partial tiles that split work leaves in a workspace
// (ck.partial_store, ck.partial_accumulate), the flags StreamK's workgroups
// raise and wait for (ck.flag_signal, ck.flag_wait), and the host's
// launch-time sizes (ck.schedule). `ck-lower-partition` removes
// ck.partition; `ck-lower-wave-tiles` the partial-tile ops; the targets'
// passes the flag ops; the bundle writer reads ck.schedule.
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

// Where ck.partial_store may put a partial tile: a workspace, or the LDS of
// split-K's `reduce = cluster`.
def CK_PartialTiles : Type<MemRefRankOf<[F32], [1]>.predicate,
    "1-D f32 memref (a workspace, or LDS)", "::mlir::MemRefType">;

def CK_PartitionOp : CK_Op<"partition", [RecursiveMemoryEffects,
                                         AttrSizedOperandSegments]> {
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
    their sum; with `split_k, k_batch = auto`, `schedule` is the one i32
    ckrt chooses at launch, k_batch, and where it is 1 the unit's workgroup
    runs the epilogue itself. With `stream_k` each workgroup runs data-parallel tiles and
    then a range of K-tiles cut at tile boundaries; `schedule` gives the
    five i32 numbers ckrt computes at launch (StreamK workgroups K,
    data-parallel tiles D, K-tiles per StreamK workgroup q, the remainder
    r' and the grid, docs/Schedules.md), and `workspace` holds slot j of
    StreamK workgroup j: its partial tile, then its flag's 256-byte line.
    With `data_parallel, dp = persistent` the launch's W workgroups take
    the tiles in turn (w, w + W, ...) and run each one's unit and epilogue
    without a barrier between tiles: the units' wave roles share one ring
    across the tiles (`ck.tile_gemm ... ring_steps`), so the load waves copy
    the next tile's K-tiles while the math waves write the last one, from
    a staging tile of their own (`ck.tile_store ... holders_only`). With
    `stream_k, ring = shared` a workgroup's StreamK units share one ring so
    too, and their fix-ups are the math waves' alone (`ck.flag_wait` and
    `ck.flag_signal` with `threads`), so the load waves copy the next
    unit's K-tiles while the math waves wait for partners, add partial
    tiles and write.
    `cluster [CM, CN]` (absent: no clusters) makes neighbouring workgroups
    along the grid's x a cluster of CM x CN tiles (the kernel is launched
    in clusters of CM * CN workgroups along x): cluster `q`, row-major over
    the [TM / CM, TN / CN] groups of tiles, holds tiles (rows, columns)
    `((q / (TN / CN)) * CM + r, (q mod (TN / CN)) * CN)` along M (CM > 1)
    or `((q / (TN / CN)) * CM, (q mod (TN / CN)) * CN + r)` along N, `r`
    the workgroup's rank in its cluster. With `dp = persistent` the units
    are these groups: cluster `c` of the grid's `W / (CM * CN)` runs groups
    `c`, `c + W / (CM * CN)`, ..., and each workgroup its rank's tile of
    each, so the cluster's rings step together.
    `ck-lower-partition` spells this out; the launch's grid is
    `#ck.partition`'s for these tiles, with the `ck.schedule`'s grid as x
    for StreamK and as z for `k_batch = auto`.

    Verifier: `tiles` has three counts and `k_tiles` is positive; the unit
    takes five indices and yields one `!ck.acc`; the epilogue takes three
    indices and that accumulator and yields nothing; a `workspace` is given
    exactly when the partition uses one, and a static one holds all
    `k_batch * T` slots of `rows * cols` floats for split-K (`k_tiles * T`
    with `k_batch = auto`: ckrt's ranges are never empty), and for StreamK
    a slot per K-tile, the most StreamK workgroups there can be (kernels
    take memrefs of static shape; the host allocates what ckrt's schedule
    needs); `schedule` has five values for StreamK, one for `k_batch =
    auto` and none otherwise; a
    StreamK GEMM's K-tiles, T * k_tiles, fit an i32; a `cluster` has two
    sizes, one of them 1 and the other 2 or 4, that divide TM and TN, and no
    StreamK partition; the unit's `ck.tile_gemm`s have the
    partition's cluster (`[1, 1]` without one) in their configs. Where the
    units share a ring (persistent data-parallel, StreamK with `ring =
    shared`), the unit holds `ck.tile_gemm`s with ring `barriers` and no
    `ring_steps` (the lowering numbers them), and each staged
    `ck.tile_store` of the epilogue is `holders_only`.

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
                       Variadic<I32>:$schedule,
                       Arg<Optional<CK_Workspace>, "partial tiles",
                           [MemRead, MemWrite]>:$workspace,
                       OptionalAttr<DenseI64ArrayAttr>:$cluster);
  let regions = (region SizedRegion<1>:$unit, SizedRegion<1>:$epilogue);
  let assemblyFormat = [{
    $partition `tiles` $tiles `k_tiles` $k_tiles (`cluster` $cluster^)?
    (`schedule` `(` $schedule^ `)`)?
    (`workspace` `(` $workspace^ `:` type($workspace) `)`)?
    `unit` $unit `epilogue` $epilogue attr-dict
  }];
  let hasRegionVerifier = 1;
  let extraClassDeclaration = [{
    /// The accumulator tile the unit yields.
    AccType getAccType();
    /// The number of output tiles, G x TM x TN.
    int64_t getTileCount();
    /// Floats of the largest StreamK workspace for `tiles` tiles of
    /// `kTiles` K-tiles of `tileFloats` floats: a slot for each StreamK
    /// workgroup, of which there are at most one per K-tile (T * k_tiles
    /// fits an i32, so this fits an int64).
    static int64_t getStreamKWorkspaceBound(int64_t tiles, int64_t kTiles,
                                            int64_t tileFloats);
  }];
}

def CK_YieldOp : CK_Op<"yield", [Pure, Terminator,
                                 ParentOneOf<["PartitionOp", "RolesOp"]>]> {
  let summary = "Ends a region of ck.partition or ck.roles";
  let description = [{
    Returns the unit's accumulator, or nothing from the epilogue, or a
    role's results.

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
    Writes the accumulator tile as it sits in the workgroup's lanes to the
    `rows * cols` floats of `workspace` (global memory, or LDS for split-K's
    `reduce = cluster`) from `offset` on (a slot): thread `t`
    of the `N` threads holding the tile writes its instruction tile `j` (E
    floats) at `offset + (j * N + t) * E`, so neighbouring lanes write
    neighbouring vectors. No M x N layout is made: only
    `ck.partial_accumulate` with the same accumulator type reads it back.
    `offset` is a multiple of 4 (16-byte vectors).

    Verifier: a static workspace holds the slot, from a constant offset.

    Example:

    ```mlir
    ck.partial_store %acc -> %ws[%offset]
        : !ck.acc<64x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>, memref<?xf32>
    ```
  }];
  let arguments = (ins CK_AccType:$acc,
                       Arg<CK_PartialTiles, "the workspace", [MemWrite]>:$workspace,
                       Index:$offset);
  let assemblyFormat = [{
    $acc `->` $workspace `[` $offset `]` attr-dict `:` qualified(type($acc))
    `,` type($workspace)
  }];
  let hasVerifier = 1;
}

def CK_PartialAccumulateOp : CK_Op<"partial_accumulate",
                                   [AllTypesMatch<["acc", "result"]>]> {
  let summary = "Adds a workspace slot's partial tile to an accumulator";
  let description = [{
    Returns `acc + partial`, in that order, where `partial` is the tile
    `ck.partial_store` wrote from `offset` on with the same accumulator
    type.

    Verifier: a static workspace holds the slot, from a constant offset.

    Example:

    ```mlir
    %sum = ck.partial_accumulate %acc, %ws[%offset]
        : !ck.acc<64x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>, memref<?xf32>
    ```
  }];
  let arguments = (ins CK_AccType:$acc,
                       Arg<CK_Workspace, "the workspace", [MemRead]>:$workspace,
                       Index:$offset);
  let results = (outs CK_AccType:$result);
  let assemblyFormat = [{
    $acc `,` $workspace `[` $offset `]` attr-dict `:` qualified(type($acc))
    `,` type($workspace)
  }];
  let hasVerifier = 1;
}

class CK_FlagOp<string mnemonic, string summaryText, string descriptionText>
    : CK_Op<mnemonic> {
  let summary = summaryText;
  let description = descriptionText # [{

    The flag is the u32 word at `offset` (counted in 4-byte words) of
    `workspace`; it starts a 256-byte line of its own, so polling it
    disturbs no partial tile. Every thread of the workgroup reaches the op
    (it holds a barrier), with the same `offset`.

    With `threads N` the op is the workgroup's first N threads' (whole
    waves: the math waves of a StreamK unit whose load waves have run on
    into the next unit): they meet at NVIDIA's named barrier
    `ck.lds_barrier`'s `kPartialBarrierId` instead of the workgroup's, and
    the other threads skip the op. AMD targets have no such barrier and
    refuse it.

    Verifier: a constant offset lies inside a static workspace; N is
    positive.
  }];
  let arguments = (ins Arg<CK_Workspace, "the flag's workspace",
                           [MemRead, MemWrite]>:$workspace,
                       Index:$offset,
                       OptionalAttr<ConfinedAttr<I64Attr, [IntPositive]>>:$threads);
  let assemblyFormat = [{
    $workspace `[` $offset `]` (`threads` $threads^)? attr-dict `:`
    type($workspace)
  }];
  let hasVerifier = 1;
}

def CK_FlagSignalOp : CK_FlagOp<"flag_signal",
    "Publishes the workgroup's workspace writes and raises a flag", [{
    Sets the flag to 1 once every write the workgroup's threads made to
    global memory before the op is visible across the device: the release
    half of StreamK's fix-up (a partial tile stored, then signalled). The
    flag must be 0.

    Targets lower it to a release fence in every thread, a workgroup
    barrier and one thread's atomic store of 1 at device scope.

    Example:

    ```mlir
    ck.flag_signal %ws[%flag] : memref<?xf32>
    ck.flag_signal %ws[%flag] threads 256 : memref<?xf32>
    ```
  }]>;

def CK_FlagWaitOp : CK_FlagOp<"flag_wait",
    "Waits for a flag, resets it, and sees the writes it publishes", [{
    Blocks the workgroup until the flag is 1, sets it back to 0, and makes
    the writes that preceded its `ck.flag_signal` visible to every thread
    of the workgroup: the acquire half of StreamK's fix-up. Polling is
    bounded: after 2^30 polls the kernel traps, so a broken schedule is a
    launch error, not a hang.

    Targets lower it to one thread's polling loop of device-scope atomic
    loads, its store of 0, a workgroup barrier and an acquire fence in
    every thread.

    Example:

    ```mlir
    ck.flag_wait %ws[%flag] : memref<?xf32>
    ck.flag_wait %ws[%flag] threads 256 : memref<?xf32>
    ```
  }]>;

def CK_FlagRendezvousOp : CK_Op<"flag_rendezvous"> {
  let summary = "Waits until `count` workgroups have reached a counter";
  let description = [{
    Counts the workgroup in at the u32 counter at `offset` (counted in
    4-byte words) of `workspace` and blocks it until `count` workgroups
    have been counted in; then every global write any of them made before
    the op is visible to every thread of each: split-K's rendezvous with
    `reduce = workgroups`, after which the splits of a tile read each
    other's partial tiles. The counter starts a 256-byte line of its own
    and must be 0 before the first workgroup arrives; the last of the
    `count` to leave sets it back to 0, so a kept workspace serves the next
    launch. Every thread of the workgroup reaches the op (it holds
    barriers), with the same `offset` and `count`, and the `count`
    workgroups must be resident at once (a cooperative launch). Polling is
    bounded: after 2^30 polls the kernel traps, so a workgroup that never
    comes is a launch error, not a hang.

    Targets lower it to a release fence in every thread, a workgroup
    barrier, thread 0's device-scope atomic add of 1, its polling loop of
    acquire loads until the counter reaches `count`, its second add (the
    one that brings the counter to 2 x `count` stores 0), a barrier and an
    acquire fence in every thread.

    Verifier: a constant offset lies inside a static workspace; a constant
    count is at least 1.

    Example:

    ```mlir
    ck.flag_rendezvous %ws[%counter], %c8 : memref<?xf32>
    ```
  }];
  let arguments = (ins Arg<CK_Workspace, "the counter's workspace",
                           [MemRead, MemWrite]>:$workspace,
                       Index:$offset, Index:$count);
  let assemblyFormat = [{
    $workspace `[` $offset `]` `,` $count attr-dict `:` type($workspace)
  }];
  let hasVerifier = 1;
}

def CK_ClusterBarrierOp : CK_Op<"cluster_barrier"> {
  let summary = "Every thread of the thread block cluster meets";
  let description = [{
    Blocks each thread until every thread of every workgroup of its thread
    block cluster has reached the op; what any of them wrote to its LDS
    before it is then visible to all of them (release before, acquire
    after). Split-K's `reduce = cluster` meets here once its workgroups
    have stored their partial tiles in their LDS, and again before they
    leave, so that no workgroup's LDS goes while another reads it. Every
    thread of every workgroup of the cluster reaches it, as many times.

    NVIDIA (sm_90) lowers it to `barrier.cluster.arrive` (release) and
    `barrier.cluster.wait` (acquire); targets without clusters refuse it.

    Example:

    ```mlir
    ck.cluster_barrier
    ```
  }];
  let assemblyFormat = "attr-dict";
}

def CK_ClusterLoadOp : CK_Op<"cluster_load"> {
  let summary = "Loads floats from the LDS of another workgroup of the cluster";
  let description = [{
    Returns the 4 floats at `offset` of `buffer` as the workgroup of rank
    `rank` in the thread block cluster holds it (distributed shared
    memory): `buffer` is an LDS window every workgroup of the cluster has
    at the same place. `offset` is a multiple of 4 (16-byte vectors);
    `rank` is below the cluster's size. The workgroups meet at a
    `ck.cluster_barrier` between the other's writes and this load.

    NVIDIA (sm_90) lowers it to `mapa.shared::cluster` and
    `ld.shared::cluster.v4`; targets without clusters refuse it.

    Verifier: a constant offset is a multiple of 4 inside a static buffer.

    Example:

    ```mlir
    %v = ck.cluster_load %partial[%offset] rank %r
        : memref<16384xf32, #gpu.address_space<workgroup>> -> vector<4xf32>
    ```
  }];
  let arguments = (ins Arg<MemRefRankOf<[F32], [1]>, "an LDS window",
                           [MemRead]>:$buffer,
                       Index:$offset, Index:$rank);
  let results = (outs FixedVectorOfLengthAndType<[4], [F32]>:$result);
  let assemblyFormat = [{
    $buffer `[` $offset `]` `rank` $rank attr-dict `:` type($buffer) `->`
    type($result)
  }];
  let hasVerifier = 1;
}

def CK_ScheduleOp : CK_Op<"schedule", [Pure]> {
  let summary = "A GEMM launch's sizes that ckrt computes on the device";
  let description = [{
    Host code: the launch grid, the workspace size (in floats) and the
    kernel's scalar arguments of a partition whose sizes depend on the
    device, for `tiles` output tiles of `k_tiles` K-tiles each and partial
    tiles of `partial_bytes`. For `stream_k` the arguments are K, D, q, r'
    and the grid (docs/Schedules.md). Nothing computes them at compile time: the
    bundle writer turns the op into the plan's `schedule` directive and
    the values it feeds into `schedule:NAME` references, and ckrt evaluates
    the schedule when it loads the plan, from the device's SM/CU count and
    the kernel's occupancy. Its results may only feed launch grids, kernel
    arguments and workspace allocations. For `split_k, k_batch = auto` the
    one argument is k_batch, which is also the grid (its z), and the
    workspace holds k_batch partial tiles per tile (none for 1).

    Verifier: the partition is StreamK or `split_k, k_batch = auto`; one
    i32 result per scalar argument; `tiles`, `k_tiles` and `partial_bytes`
    are positive, and for StreamK `tiles * k_tiles` fits an i32.

    Example:

    ```mlir
    %grid, %floats, %args:5 = ck.schedule #ck.partition<stream_k>
        tiles 18 k_tiles 1250 partial_bytes 32768 : i32, i32, i32, i32, i32
    %ws = memref.alloc(%floats) : memref<?xf32>
    %kb, %kbfloats, %kbarg = ck.schedule #ck.partition<split_k, k_batch = auto>
        tiles 4 k_tiles 900 partial_bytes 65536 : i32
    ```
  }];
  let arguments = (ins CK_PartitionAttr:$partition,
                       ConfinedAttr<I64Attr, [IntPositive]>:$tiles,
                       ConfinedAttr<I64Attr, [IntPositive]>:$k_tiles,
                       ConfinedAttr<I64Attr, [IntPositive]>:$partial_bytes);
  let results = (outs Index:$grid, Index:$workspace_floats,
                      Variadic<I32>:$arguments);
  let assemblyFormat = [{
    $partition `tiles` $tiles `k_tiles` $k_tiles `partial_bytes`
    $partial_bytes attr-dict `:` type($arguments)
  }];
  let hasVerifier = 1;
}

def CK_GridPerComputeUnitOp : CK_Op<"grid_per_compute_unit", [Pure]> {
  let summary = "A launch grid entry of so many workgroups per compute unit";
  let description = [{
    On the host: `per_unit` workgroups for each compute unit (SM on
    NVIDIA, CU on AMD) of the device the kernel is launched on, as a launch's
    grid entry. ckrt counts them when it loads the plan (the plan's
    `cus*K`), so a persistent grid fills a device with fewer compute units
    than the target's main product without a second round of workgroups.
    `convert-ck-to-gpu` makes one for a persistent data-parallel GEMM (the
    workgroups one compute unit holds at once, by the config's estimate);
    the bundle writer accepts it only as a `gpu.launch_func`'s grid x.

    Example:

    ```mlir
    %grid = ck.grid_per_compute_unit 1
    ```
  }];
  let arguments = (ins ConfinedAttr<I64Attr, [IntPositive]>:$per_unit);
  let results = (outs Index:$grid);
  let assemblyFormat = "$per_unit attr-dict";
}

#endif // CK_DIALECT_CK_IR_CKPARTITIONOPS_TD
