//===- CKRoleOps.td - ck wave-role operations --------------*- tablegen -*-===//
//
// The wave-role rung of the ladder (docs/rationale/TilingLadder.md): a K
// loop split between load waves, which copy operand tiles to LDS, and math
// waves, which compute on them (ck.roles), handing K-tiles over through a
// ring of LDS slots (ck.ring, ck.ring_wait, ck.ring_signal). `ck-pipeline`
// makes them from a configuration with `load_waves`; `ck-lower-roles`
// removes ck.roles; the targets' passes lower the ring to barriers.
//
//===----------------------------------------------------------------------===//

#ifndef CK_DIALECT_CK_IR_CKROLEOPS_TD
#define CK_DIALECT_CK_IR_CKROLEOPS_TD

include "ck/Dialect/CK/IR/CKOps.td"
include "ck/Dialect/CK/IR/CKTypes.td"
include "ck/Dialect/CK/IR/CKTileOps.td"

def CK_RolesOp : CK_Op<"roles", [RecursiveMemoryEffects]> {
  let summary = "Runs one program on the math waves and another on the load waves";
  let description = [{
    A workgroup of `math_waves + load_waves` waves splits in two: waves
    `0 .. math_waves - 1` run the `math` region and the others the `load`
    region (thread `t` of a load wave is load thread `t - math_waves *
    wave size`). Each region yields the op's results for its waves. The
    math waves are the wave grid that holds the accumulators, so a `!ck.acc`
    result is theirs; the load waves yield a `ck.acc_zero` for it, and
    the accumulator ops after the split act only on the math waves' tiles.

    The regions exchange data only through LDS guarded by a `ck.ring`.
    They must hold the same number of workgroup barriers (the ring's
    events are the barriers on AMD). `ck-lower-roles` turns the op into a
    branch on the wave index.

    With `registers` after each count (NVIDIA's `setmaxnreg`, sm_90a), the
    roles hold different registers per lane: `ck-lower-roles` starts the
    load arm by shrinking each load lane's registers to the load count and
    the math arm by growing each math lane's to the math count
    (`ck.reallocate_registers`), so math waves with large accumulator tiles
    fit beside load waves that hold little. Both counts are whole warpgroups
    of waves, since a warpgroup reallocates together.

    Verifier: both counts in [1, 16]; each region yields the result types;
    an accumulator result lies on a grid of `math_waves` waves; `registers`
    on both roles or neither, each a multiple of 8 in [24, 256], the load
    count below the math count, and both wave counts multiples of 4.

    Example:

    ```mlir
    %acc = ck.roles math 4 {
      ...                                 // ck.ring_wait full, ck.tile_mma, ck.ring_signal empty
      ck.yield %sum : !ck.acc<64x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
    } load 4 {
      ...                                 // ck.ring_wait empty, copies, ck.ring_signal full
      %zero = ck.acc_zero : !ck.acc<64x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
      ck.yield %zero : !ck.acc<64x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>
    } -> !ck.acc<64x64xf32, #ck.mfma<16x16x16, f16>, waves = [2, 2]>

    %wide = ck.roles math 8 registers 192 {
      ...                                 // 128 accumulators per lane
    } load 8 registers 64 {
      ...
    } -> !ck.acc<128x256xf32, #ck.wgmma<bf16>, waves = [8, 1]>
    ```
  }];
  let arguments = (ins ConfinedAttr<I64Attr, [IntPositive]>:$math_waves,
                       ConfinedAttr<I64Attr, [IntPositive]>:$load_waves,
                       OptionalAttr<I64Attr>:$math_registers,
                       OptionalAttr<I64Attr>:$load_registers);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$math, SizedRegion<1>:$load);
  let assemblyFormat = [{
    `math` $math_waves (`registers` $math_registers^)? $math
    `load` $load_waves (`registers` $load_registers^)? $load
    (`->` type($results)^)? attr-dict
  }];
  let builders = [
    OpBuilder<(ins "TypeRange":$results, "int64_t":$mathWaves,
                   "int64_t":$loadWaves), [{
      build($_builder, $_state, results, mathWaves, loadWaves,
            /*math_registers=*/nullptr, /*load_registers=*/nullptr);
    }]>
  ];
  let hasRegionVerifier = 1;
}

def CK_ReallocateRegistersOp : CK_Op<"reallocate_registers"> {
  let summary = "Grows or shrinks the registers of each lane of a warpgroup";
  let description = [{
    Every lane of the warpgroup (four consecutive waves from a multiple of
    four) that runs it holds `count` registers from here on: `shrink`
    returns the rest to the multiprocessor, `grow` waits until other
    warpgroups have returned enough. All four waves run it together, with
    the same operands. It lowers to NVIDIA's `setmaxnreg` (sm_90a).
    `ck-lower-roles` places it at the start of the role arms of a
    `ck.roles` with `registers`; the kernel must then be compiled for its
    block size, which sets the registers a lane starts with.

    Verifier: `count` a multiple of 8 in [24, 256].

    Example:

    ```mlir
    ck.reallocate_registers shrink 64
    ck.reallocate_registers grow 192
    ```
  }];
  let arguments = (ins CK_RegisterChange:$change, I64Attr:$count);
  let assemblyFormat = "$change $count attr-dict";
  let hasVerifier = 1;
}

def CK_RingOp
    : CK_Op<"ring", [DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "An LDS ring from load waves to math waves";
  let description = [{
    The synchronization of the LDS slots that `load_waves` load waves fill
    and `math_waves` math waves empty, one K-tile per slot and step (the
    slot count is the type's). Its events, per step `i` of a K loop that
    both roles run over the same steps:

    - load waves: `ck.ring_wait empty i` (slot `i mod slots` may be
      overwritten), their LDS writes, `ck.ring_signal full i`;
    - math waves: `ck.ring_wait full i` (the writes are visible), their
      LDS reads, `ck.ring_signal empty i of n` (n steps in all).

    Targets lower the events to barriers (docs/rationale/TilingLadder.md,
    section 5): on NVIDIA named barriers `1 + s` (full) and
    `1 + slots + s` (empty) of slot `s`, which load waves arrive at without
    waiting; on AMD the workgroup barrier, which runs both roles in
    lockstep. A kernel holds at most one ring without `barriers`; rings
    with them may be several (each its own mbarriers).

    With `barriers` (two i64 per slot in LDS: the `full` barriers of
    slots 0 to slots - 1, then their `empty` ones), every event is an
    NVIDIA mbarrier instead, whose arrivals order the arriving threads'
    LDS accesses before the waiters' (compute-sanitizer's racecheck follows
    them; it does not follow named barriers). A slot's `full` barrier
    completes when every load thread has signalled it, or, where the load
    waves copy with TMA, when one load thread has announced the step's
    bytes (`ck.ring_expect`) and `ck.tma_load`s have brought them; where
    they do both (TMA copies one operand, the load threads the other), when
    both have happened. Without a cluster, its `empty` barrier completes
    when every math thread has signalled it. Waiters test
    the slot's phase: `step div slots` mod 2 for `full`, one phase behind
    for `empty`. A parity cannot tell a phase from the one two later, so
    only threads whose signals the barriers wait for may wait on them:
    where TMA copies both operands the one load thread that copies runs the
    load waves' loop, and the other load threads none (the other load
    threads that waited fell two phases behind and hung, on the H100). One
    thread initializes the barriers where the op stands and `ck.ring_end`
    invalidates them.

    With `cluster N` (N > 1) the ring is one of N alike rings of the
    workgroups of a thread block cluster, whose load waves multicast boxes
    into each other's slots (`ck.tma_load ... multicast`): a load thread
    may overwrite a slot only when the math waves of all N workgroups have
    read it. The math waves are then warpgroups whose reads of a slot end
    together (wgmma), and `empty` is signalled for each math warpgroup on
    that slot of each of the N rings (a slot's `empty` barrier completes
    after N times the math warpgroups' signals); the barriers are
    initialized before any workgroup of the cluster raises an event, and
    `ck.ring_end` waits until the whole cluster is done with them.

    With `turns T` (T > 1, a `pingpong` config's 2) the math waves are T
    groups of `math_waves / T` that take the steps in turn: each slot's
    tile is read by one group, whose signals alone complete its `empty`
    barrier (in a cluster, that group's of each of the N workgroups).

    Verifier: both counts in [1, 16]; `barriers` a workgroup memref of
    `2 * slots` i64, and without them at most 7 slots (NVIDIA's 16 named
    barriers, barrier 0 the workgroup's); a
    `cluster` of 2 or 4, only with barriers, whole warpgroups (a multiple
    of 4) of math waves per turn and slots filled by TMA (`ck.ring_expect`);
    in a
    `gpu.func`, a cluster above 1 is the kernel's `known_cluster_size` (a
    ring of one workgroup may sit in clusters of other uses, such as
    split-K's `reduce = cluster`); `turns` dividing the math waves, above 1
    only with barriers.

    Example:

    ```mlir
    %ring = ck.ring math 4 load 4 : !ck.ring<2>
    %mbarrier_ring = ck.ring math 8 load 4 barriers %bars
        (memref<8xi64, #gpu.address_space<workgroup>>) : !ck.ring<4>
    %cluster_ring = ck.ring math 8 load 4 barriers %bars
        (memref<8xi64, #gpu.address_space<workgroup>>) cluster 2 : !ck.ring<4>
    %pingpong_ring = ck.ring math 8 load 4 barriers %bars5
        (memref<10xi64, #gpu.address_space<workgroup>>) turns 2 : !ck.ring<5>
    ```
  }];
  let arguments = (ins ConfinedAttr<I64Attr, [IntPositive]>:$math_waves,
      ConfinedAttr<I64Attr, [IntPositive]>:$load_waves,
      Optional<CK_LdsBarrierMemRef>:$barriers,
      DefaultValuedAttr<ConfinedAttr<I64Attr, [IntPositive]>, "1">:$cluster,
      DefaultValuedAttr<ConfinedAttr<I64Attr, [IntPositive]>, "1">:$turns);
  let results = (outs CK_RingType:$ring);
  let assemblyFormat = [{
    `math` $math_waves `load` $load_waves
    (`barriers` $barriers^ `(` type($barriers) `)`)?
    (`cluster` $cluster^)? (`turns` $turns^)? attr-dict `:` qualified(type($ring))
  }];
  let extraClassDeclaration = [{
    /// Whether the events are mbarriers (`barriers`).
    bool hasBarriers() { return bool(getBarriers()); }
    /// Whether the load waves fill slots with TMA copies, announced by
    /// ck.ring_expect.
    bool hasTransactions();
    /// Whether the load threads signal slots full (ck.ring_signal full),
    /// where they copy with cp.async or registers.
    bool hasFullSignals();
    /// Whether some load thread signals slots full as its copies land
    /// (ck.ring_signal full ... after_copies).
    bool hasSignalsAfterCopies();
  }];
  let hasVerifier = 1;
}

class CK_RingEventOp<string mnemonic, string summaryText,
                     string descriptionText>
    : CK_Op<mnemonic> {
  let summary = summaryText;
  let description = descriptionText # [{

    `step` counts the K loop's steps from 0; every wave of the role
    reaches the op with the same step.

    Verifier: the ring comes from a `ck.ring`; inside a `ck.roles`, the op
    lies in the role region its event belongs to (see `ck.ring`), and the
    roles have the ring's wave counts. (After `ck-lower-roles` the events
    sit in the arms of a branch, outside any `ck.roles`.)
  }];
  let hasVerifier = 1;
}

def CK_RingWaitOp : CK_RingEventOp<"ring_wait",
    "Waits until a ring slot is full or empty", [{
    `full`: a math wave waits until the load waves have written step
    `step`'s slot, and their LDS writes are visible to it. `empty`: a load
    wave waits until the math waves have finished reading the slot's
    previous K-tile (step `step - slots`); it returns at once for the
    first `slots` steps.

    Example:

    ```mlir
    ck.ring_wait %ring full %i : !ck.ring<2>
    ```
  }]> {
  let arguments = (ins CK_RingType:$ring, CK_RingEvent:$event, Index:$step);
  let assemblyFormat = [{
    $ring $event $step attr-dict `:` qualified(type($ring))
  }];
}

def CK_RingSignalOp : CK_RingEventOp<"ring_signal",
    "Announces that a ring slot is full or empty", [{
    `full`: a load wave announces that it has written step `step`'s slot.
    `empty of %n`: a math wave announces that it has read step `step`'s
    slot, in a loop of `n` steps; nothing happens for the last `slots`
    steps, whose slots no load wave waits for, so that every event the
    loop raises is consumed before it ends. Neither waits.

    `full ... after_copies`: the signal is made when the asynchronous
    copies (`ck.async_copy`) that the thread started before it have
    landed, and the thread goes on at once (NVIDIA:
    `cp.async.mbarrier.arrive.noinc`), so the load waves need not wait for
    their own copies before the next step's. The writes then reach the
    readers through the barrier alone; where wgmma reads the slot (the
    async proxy), each math thread fences after its `full` wait, since the
    copying thread cannot fence writes that have not landed.

    Verifier (besides the common rules): `of` is given exactly for `empty`;
    `after_copies` only for `full`, on a ring with barriers.

    Example:

    ```mlir
    ck.ring_signal %ring full %i : !ck.ring<2>
    ck.ring_signal %ring empty %i of %n : !ck.ring<2>
    ck.ring_signal %mbarrier_ring full %i after_copies : !ck.ring<4>
    ```
  }]> {
  let arguments = (ins CK_RingType:$ring, CK_RingEvent:$event, Index:$step,
                       Optional<Index>:$steps, UnitAttr:$after_copies);
  let assemblyFormat = [{
    $ring $event $step (`of` $steps^)? (`after_copies` $after_copies^)?
    attr-dict `:` qualified(type($ring))
  }];
}

def CK_RingExpectOp : CK_Op<"ring_expect"> {
  let summary = "Announces the bytes that will fill a ring slot";
  let description = [{
    Issued by the one load thread that copies step `step`'s tile with
    `ck.tma_load`, before the copies: arrives at the slot's transaction
    barrier and expects `bytes` more, which the copies complete.

    Verifier: the ring has barriers (`ck.ring ... barriers`); `bytes` in
    [1, 2^20).

    Example:

    ```mlir
    ck.ring_expect %ring step %i bytes 40960 : !ck.ring<4>
    ```
  }];
  let arguments = (ins CK_RingType:$ring, Index:$step,
      ConfinedAttr<I64Attr, [IntPositive]>:$bytes);
  let assemblyFormat = [{
    $ring `step` $step `bytes` $bytes attr-dict `:` qualified(type($ring))
  }];
  let hasVerifier = 1;
}

def CK_RingEndOp : CK_Op<"ring_end"> {
  let summary = "Invalidates a ring's barriers";
  let description = [{
    After the last event of every role (behind a workgroup barrier), one
    thread invalidates the ring's mbarriers, so that the next unit's
    `ck.ring` may initialize them again.

    Verifier: the ring has barriers.

    Example:

    ```mlir
    ck.ring_end %ring : !ck.ring<4>
    ```
  }];
  let arguments = (ins CK_RingType:$ring);
  let assemblyFormat = "$ring attr-dict `:` qualified(type($ring))";
  let hasVerifier = 1;
}

class CK_StagingEventOp<string mnemonic, string summaryText,
                        string descriptionText>
    : CK_Op<mnemonic> {
  let summary = summaryText;
  let description = descriptionText # [{

    The epilogue's staging tile passes between a persistent kernel's math
    waves, which write a tile into it, and its store waves, which read the
    tile back and store it (`ck.tile_store ... store_waves`): `full` says
    that a tile is in it, `empty` that its reader is done. `threads` counts
    both roles' threads, every one of which reaches each event once per
    tile. On NVIDIA each event is a named barrier of its own
    (kStagingFullBarrierId, kStagingEmptyBarrierId) that the signal and the
    wait both join; AMD targets have none and refuse the ops.

    Verifier: `threads` is positive.
  }];
  let arguments = (ins CK_RingEvent:$event,
                       ConfinedAttr<I64Attr, [IntPositive]>:$threads);
  let assemblyFormat = "$event `threads` $threads attr-dict";
  let extraClassDeclaration = [{
    /// The NVIDIA named barriers of the two events: clear of the ring's
    /// `1 .. 2 * slots` and of ck.lds_barrier's kPartialBarrierId.
    static constexpr int64_t kStagingFullBarrierId = 13;
    static constexpr int64_t kStagingEmptyBarrierId = 14;
    int64_t getBarrierId() {
      return getEvent() == RingEvent::Full ? kStagingFullBarrierId
                                           : kStagingEmptyBarrierId;
    }
  }];
}

def CK_StagingWaitOp : CK_StagingEventOp<"staging_wait",
    "Waits until the staging tile is full or empty", [{
    `full`: a store wave waits until the math waves have written the tile
    and their LDS writes are visible to it. `empty`: a math wave waits until
    the store waves have read the previous tile back.

    Example:

    ```mlir
    ck.staging_wait full threads 352
    ```
  }]>;

def CK_StagingSignalOp : CK_StagingEventOp<"staging_signal",
    "Announces that the staging tile is full or empty", [{
    `full`: a math wave announces that it has written its part of the tile;
    `empty`: a store wave that it has read its part back. It may wait until
    the other role reaches the matching `ck.staging_wait`.

    Example:

    ```mlir
    ck.staging_signal empty threads 352
    ```
  }]>;

class CK_TurnEventOp<string mnemonic, string summaryText,
                     string descriptionText>
    : CK_Op<mnemonic> {
  let summary = summaryText;
  let description = descriptionText # [{

    The two math warpgroups of a `pingpong` config compute in turn: each
    runs its K loop only once the other has issued the last products of
    its own, so that their matrix instructions do not share the tensor
    cores and each waits on ring slots at most one phase ahead of its
    producer. `turn` (0 or 1) is the calling warpgroup's; `threads` counts
    both warpgroups' threads. On NVIDIA the turn handed to warpgroup t is
    the named barrier `kTurnBarrierId + t` (clear of ck.lds_barrier's and
    ck.staging_wait's), which the signal arrives at without waiting and the
    wait joins; AMD targets have none and refuse the ops. Every signal
    needs its wait and the other way round: a kernel's first turn skips its
    wait, its last its signal.

    Verifier: `threads` is positive.
  }];
  let arguments = (ins Index:$turn,
                       ConfinedAttr<I64Attr, [IntPositive]>:$threads);
  let assemblyFormat = "$turn `threads` $threads attr-dict";
  let extraClassDeclaration = [{
    /// The named barrier of warpgroup 0's turn; warpgroup 1's is the next.
    static constexpr int64_t kTurnBarrierId = 10;
  }];
}

def CK_TurnWaitOp : CK_TurnEventOp<"turn_wait",
    "Waits until the other pingpong warpgroup hands over the turn", [{
    The calling warpgroup waits until the other has signalled its turn
    (`ck.turn_signal`).

    Example:

    ```mlir
    ck.turn_wait %warpgroup threads 256
    ```
  }]>;

def CK_TurnSignalOp : CK_TurnEventOp<"turn_signal",
    "Hands the turn to the other pingpong warpgroup", [{
    The calling warpgroup, done issuing its K loop's products, lets the
    other start its own; it does not wait.

    Example:

    ```mlir
    ck.turn_signal %warpgroup threads 256
    ```
  }]>;

#endif // CK_DIALECT_CK_IR_CKROLEOPS_TD
