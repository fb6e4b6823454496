//===- Passes.td - ck conversion passes --------------------*- tablegen -*-===//

#ifndef CK_CONVERSION_PASSES_TD
#define CK_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertCKToGPU : Pass<"convert-ck-to-gpu", "ModuleOp"> {
  let summary = "Turn ck.gemm and ck.fill into tiled GPU kernels";
  let description = [{
    Builds one `gpu.func` kernel per `ck.gemm` (tiled as its
    `#ck.gemm_config` says) and per `ck.fill`, in a `gpu.module` named
    `ck_kernels`, and replaces each op with a `gpu.launch_func` on the
    memrefs its views read and write. The view index math becomes arith ops
    inside the kernels.

    The GEMM kernel is written once for all targets as ladder ops: each
    workgroup finds its block tile of C and its range of K-tiles (the grid
    mapping), computes it with `ck.tile_gemm` (lowered by `ck-pipeline`) and
    writes it with `ck.tile_store` (lowered by `ck-lower-wave-tiles`). With
    split-K the tiles are f32 partial sums in a workspace that a second
    kernel reduces. The kernel's LDS (the operand tiles, then the epilogue's
    staging tile) is sized here from the same plan `ck-pipeline` follows.
    The chip is the module's `#ck.target` (see `ck-set-target`).

    On chips with TMA (the target's `tma` feature), a GEMM whose config has
    load waves copying asynchronously with wgmma, and whose A and B views
    are tiled or im2col walks of their memrefs (TensorMapPlan.h), gets
    a `ck.tensor_map` of each memref as a kernel argument (a grid-constant
    `!llvm.ptr`); its `ck.tile_gemm` takes them (`tma (...)`). On NVIDIA
    every GEMM with load waves gets the ring's mbarriers after the LDS it
    uses otherwise (`barriers ...`). A config with a `cluster` needs those
    tensor maps and tiles that divide into clusters; its kernel gets
    `known_cluster_size` and its `ck.partition` the cluster.
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::vector::VectorDialect",
                           "::mlir::LLVM::LLVMDialect"];
}

def CKLowerPartition : Pass<"ck-lower-partition", "ModuleOp"> {
  let summary = "Turn each ck.partition into its workgroups' work";
  let description = [{
    Replaces each `ck.partition` (one per `gpu.func` kernel, directly in its
    body) with the code that finds the calling workgroup's
    tile and range of K-tiles from its block ids, on the grid
    `#ck.partition` gives the launch, and runs the unit region on them:

    - `data_parallel`: block x is the tile (row-major over the tiles along
      M and N), y the batch; the unit runs all K-tiles and the epilogue
      region writes its sum.
    - `split_k`: block z is the split, which runs an equal share of the
      K-tiles (the last one shorter) and stores its partial tile with
      `ck.partial_store` to workspace slot `split * tiles + tile`. The pass
      adds `<name>_reduce`, an elementwise kernel with the kernel's
      arguments, and launches it after each launch of the kernel: its
      threads (256 per workgroup, on as many workgroups as one split's
      slots have 4-float vectors / 256) each add one vector of every
      split's slot in split order and write the four sums where the
      epilogue's one `ck.tile_store` would have (alpha, beta and the D
      tensors applied), found from `ck.partial_store`'s layout. With
      `k_batch = auto` it does nothing where k_batch is 1, and the kernel
      runs the epilogue itself. With `reduce = workgroups` no kernel is
      added: after its partial store each split meets its tile's other
      splits at the tile's counter (`ck.flag_rendezvous`, after the slots
      in the workspace), then adds and writes its k_batch-th of the tile's
      vectors as the reduction kernel's threads would.

    With `cluster [CM, CN]`, block x is first mapped to its tile: rank
    x mod (CM * CN) of the group of CM x CN tiles that cluster x / (CM * CN)
    holds (row-major over the groups).
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect", "::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::scf::SCFDialect", "::mlir::vector::VectorDialect"];
}

def CKPipeline : Pass<"ck-pipeline"> {
  let summary = "Turn each ck.tile_gemm into a K loop over LDS buffers";
  let description = [{
    Replaces each `ck.tile_gemm` with its K loop: the threads copy the A and
    B tiles through their views into `ck.lds_buffer`s (`ck.tile_load` and
    `ck.tile_store_lds` under each operand's `#ck.copy_plan`; zero where a
    view has padding or the tile overhangs the matrix), and each K step is
    one `ck.tile_mma` on the tiles in LDS. The next K-tile's global loads are
    issued before the step's `ck.tile_mma` and stored to LDS after it: over
    the current tile between two `ck.lds_barrier`s (`lds_buffers = 1`) or into
    the other buffer before the step's only barrier (`lds_buffers = 2`).
    With the config's `async_copy`, the tiles go straight to LDS
    (`ck.tile_copy_async`) through `lds_buffers` stages: K-tiles 0 to S - 2
    before the loop, then per step `ck.async_wait` (S - 2 groups left in
    flight), one barrier, the copy of K-tile j + S - 1 into the slot step
    j - 1 read, `ck.async_commit`, and the step's `ck.tile_mma`; an operand
    whose plan cannot be copied that way is loaded into registers and
    stored after the MMAs.

    Each operand load's position is a `!ck.coord` on its view, advanced by
    block K per step without division (carries through the merge digits),
    where the states of the operand's copy hold at most `max-cursor-values`
    integers (default 48: the view coordinates and merge digits the step
    moves, per load, and the fixed ones once per row or column the thread's
    loads share) and, under a
    `#ck.target`, fit the registers the config's estimate leaves below the
    target's budget (A's first, then B's); copies with more evaluate the
    view at every step, since each held value costs a register for the
    whole loop. 0 evaluates everywhere.

    The wave size is the instruction's or the enclosing `#ck.target`'s.

    Example:

    ```mlir
    %acc = ck.tile_gemm %a, %b at [%g, %m0, %n0] k_tiles %k0 to %k1 config #cfg
        : memref<1x64x64xf16>, memref<1x64x64xf16> -> !ck.acc<...>
    ```

    becomes `ck.lds_buffer`s, the first tiles' loads and stores, a
    `ck.lds_barrier`, and an `scf.for` over K that carries the accumulator,
    the buffer slot and the loads' `!ck.coord`s.

    With wave roles (the config's `load_waves`) it becomes a `ck.ring` of
    `lds_buffers` slots and a `ck.roles`: the math waves loop over the
    steps with `ck.ring_wait full`, `ck.tile_mma` on the step's slot and
    `ck.ring_signal empty`; the load waves (thread index less the math
    waves' threads) carry the K-tile loaded for the step and the positions
    of the next, issue the next K-tile's loads, `ck.ring_wait empty`, store
    the step's tile into its slot and `ck.ring_signal full`. A
    `ck.lds_barrier` follows the `ck.roles`. With `async_copy` the load
    waves copy each step's tile asynchronously once its slot is empty and
    announce it full when its group has landed, `lds_buffers - 2` steps
    later where the math waves keep wgmma products in flight (they then
    release slot i - 1 at step i), `lds_buffers - 1` otherwise. With
    tensor maps (`tma (...)`) one load thread announces each step's bytes
    (`ck.ring_expect`) and copies the tiles' boxes (`ck.tma_load`); in a
    cluster of N (the config's `cluster`) the ring is `cluster N` and the
    workgroup of rank r (`gpu.cluster_block_id x`) copies the shared
    operand's boxes j with j mod N = r, multicast to the whole cluster.
  }];
  let options = [
    Option<"maxCursorValues", "max-cursor-values", "int64_t",
           /*default=*/"48",
           "most values one operand copy's coordinate states may hold across "
           "the K loop (0: evaluate the views at every step)">
  ];
  let dependentDialects = ["::mlir::gpu::GPUDialect", "::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect", "::mlir::vector::VectorDialect"];
}

def CKLowerRoles : Pass<"ck-lower-roles"> {
  let summary = "Turn each ck.roles into a branch on the wave index";
  let description = [{
    Replaces each `ck.roles` with an `scf.if` on whether the thread's wave
    (thread index divided by the target's wave size) is one of the first
    `math_waves`: the math region runs there, the load region elsewhere,
    and their `ck.yield`s become `scf.yield`s. The condition is uniform
    across a wave, so each wave takes one arm as a whole. Where the
    enclosing `gpu.func` states its block size, the pass checks that it is
    the roles' waves.

    With `registers` (on a target with `register_reallocation`), each arm
    starts with `ck.reallocate_registers` (the math waves grow, the load
    waves shrink), the `scf.if` has no results, and each arm ends with its
    own copy of the rest of the kernel, on its own `ck.yield`ed values:
    the arms never join, since the load waves could not hold the math
    waves' accumulators. Such roles must stand in the kernel's body.

    Example:

    ```mlir
    %acc = ck.roles math 4 { ... } load 4 { ... } -> !ck.acc<...>
    ```

    becomes

    ```mlir
    %wave = arith.divui %tid, %c64 : index
    %is_math = arith.cmpi ult, %wave, %c4 : index
    %acc = scf.if %is_math -> (!ck.acc<...>) { ... } else { ... }
    ```
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect"];
}

def CKLowerWaveTiles : Pass<"ck-lower-wave-tiles"> {
  let summary = "Spell the workgroup tile ops per wave and per instruction";
  let description = [{
    Turns each `!ck.acc` accumulator tile into the lane's T values of
    `vector<E x f32>` (one per instruction tile of its wave, row-major; E
    accumulator elements of the instruction's C layout), through `scf` loops
    and branches, and rewrites the ops that use it:

    - `ck.acc_zero` becomes a zero constant;
    - `ck.tile_mma` becomes, per instruction K step, the wave's
      `ck.fragment_load`s of A and B and one `ck.mma` per instruction tile;
      each wave takes its rows and columns of the tile from the thread index;
    - `ck.tile_store` becomes the epilogue: staged through LDS or direct,
      through the destination's view, with alpha, beta and the D tensors;
    - `ck.partial_store` writes the lane's accumulators to a workspace slot
      fragment-major, and `ck.partial_accumulate` adds them back;
    - where the workgroup (the `gpu.func`'s known block size) has more
      waves than the accumulator's wave grid, as with wave roles, the
      waves outside the grid hold no tile: the epilogue's writes, partial
      stores and partial reads are theirs to skip, while they still take
      part in the epilogue's barriers and its coalesced stores;
    - the `ck.lds_buffer`s of each `gpu.func` become views of one LDS arena
      at its entry: a workgroup attribution as large as the furthest buffer
      reaches, or, where the `#ck.target` sizes LDS at launch
      (`dynamic_lds`), `gpu.dynamic_shared_memory`.

    The wave size is the instruction's or the module's `#ck.target`'s.
    Views that only the tile stores read are removed with them.
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect", "::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect", "::mlir::scf::SCFDialect",
                           "::mlir::vector::VectorDialect"];
}

def CKRotateFragmentLoads : Pass<"ck-rotate-fragment-loads"> {
  let summary = "Read the next K-tile's first fragments before the last MMAs";
  let description = [{
    After `ck-lower-wave-tiles`: each `scf.for` marked
    `ck.rotate_fragment_loads` (the staged K loops of `ck-pipeline` with
    three or more LDS buffers and fragment-reading instructions: mma.sync,
    MFMA, WMMA) starts with `ck.async_wait` and `ck.lds_barrier`, which make
    the step's K-tile visible, and then reads its fragments. Each K-tile's
    first fragments are thus read right after a barrier, and the wave waits
    for them before its first MMA.

    The pass rotates the loop by one instruction K step: the wait and the
    barrier move to after the body's last `ck.fragment_load`, where they
    make the next K-tile visible; behind them the loads of the first K
    step (the `ck.fragment_load`s before the body's first `ck.mma`) read
    the next K-tile's slot, and the loop carries their results to the next
    iteration, whose first MMAs use them. The loop's first K-tile gets its
    wait, barrier and loads before the loop. The last K step's MMAs now run
    while the next K-tile's first fragments arrive.

    ```mlir
    // Before (one K step of 16 per tile here):
    scf.for %k = %lo to %hi step %c16 iter_args(%acc = %zero, %slot = %c0) {
      ck.async_wait pending 1
      ck.lds_barrier
      ... the copies of K-tile k + 2, ck.async_commit
      %a = ck.fragment_load a of #mma from %lds_a[%slot, %row, %c0] ...
      %b = ck.fragment_load b of #mma from %lds_b[%slot, %c0, %col] ...
      %d = ck.mma #mma %a, %b, %acc ...
      scf.yield %d, %next_slot
    }
    // After:
    ck.async_wait pending 1
    ck.lds_barrier
    %a0 = ck.fragment_load a ... from %lds_a[%c0, %row, %c0]
    %b0 = ck.fragment_load b ... from %lds_b[%c0, %c0, %col]
    scf.for ... iter_args(%acc = %zero, %slot = %c0, %a = %a0, %b = %b0) {
      ... the copies of K-tile k + 2, ck.async_commit
      ck.async_wait pending 1
      ck.lds_barrier
      %a1 = ck.fragment_load a ... from %lds_a[%next_slot, %row, %c0]
      %b1 = ck.fragment_load b ... from %lds_b[%next_slot, %c0, %col]
      %d = ck.mma #mma %a, %b, %acc ...
      scf.yield %d, %next_slot, %a1, %b1
    }
    ```

    The wait's count stays: it now follows the step's own commit and waits
    for the next K-tile, one group later. The copies at the top of a step
    write the slot the step before last read; its reads, the carried ones
    included, all end before the previous step's barrier. A loop that holds
    register-staged operands needs three or more buffers for the same
    reason (their LDS stores follow the MMAs); ck-pipeline marks no loop
    with fewer. The last step reads one slot past its K range: a slot in
    LDS, whose fragments nobody uses.

    A marked loop that does not start with the wait and the barrier, reads
    fragments or waits at a barrier inside a nested region, has no fragment
    load before its first `ck.mma`, or whose first fragments' places
    depend on an op with side effects, is an error.
  }];
  let options = [
    Option<"carry", "carry", "std::string", /*default=*/"\"row\"",
           "The first K step's fragments the loop carries: 'step' (all of "
           "them) or 'row' (those of the first ck.mma's row: its A fragment "
           "and the B fragments of the MMAs that share it; the step's other "
           "loads stay in the body, where the row's MMAs need not wait for "
           "them)">
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect"];
}

def CKLowerTileCopies : Pass<"ck-lower-tile-copies"> {
  let summary = "Spell operand tile copies out as guarded loads and LDS stores";
  let description = [{
    Replaces each `ck.tile_load` with the thread's vector loads, one per row
    of its result: `ck.coord_access` at the row's position (rows and
    columns checked, the unit's existence and the op's `if` as the
    condition; `linear`: the copies read the memref collapsed to one
    dimension, made once where the memref is defined) and a
    `ck.guarded_load` of `load_width` elements, zero where
    the access is not valid (each target lowers it so that the wait for the
    data falls where the data is used). Each `ck.tile_store_lds` becomes the vector stores
    of the thread's units into the LDS tile, `store_width` elements along
    the plan's LDS dimension (transposed in registers where the copy
    transposes), under an `scf.if` for the units of a partial last round.
    Each `ck.tile_copy_async` becomes one `ck.async_copy` per unit, from
    the load's position to the store's place, under the same `scf.if`,
    marked `bypass_l1` where its vectors are 16 bytes and each row of the
    tile along the load dimension is one contiguous run of the source, and
    `lane_order` where the plan is in LDS order (each unit's place is then
    its LDS slot, and a unit in a row's pad copies zeros).
    Where a unit lies in the tile is computed once per thread index and
    plan, where the index is defined.

    Example:

    ```mlir
    %r = ck.tile_load %a[%p] thread %tid if %more plan #ck.copy_plan<tile = [64, 32],
        load = [1, 8], lds = [1, 8], pad = 8, threads = 256>
        : memref<1x64x128xf16>, !ck.coord<3xi32> -> vector<1x8xf16>
    ck.tile_store_lds %r -> %la thread %tid plan #ck.copy_plan<...>
        : vector<1x8xf16>, memref<64x40xf16, #gpu.address_space<workgroup>>
    ```

    becomes (with `%col = (%tid mod 4) * 8`, `%line = %tid / 4` made after
    `%tid`):

    ```mlir
    %flat = memref.collapse_shape %a [[0, 1, 2]]
        : memref<1x64x128xf16> into memref<8192xf16>
    ...
    %i, %ok = ck.coord_access %a, %p bounds [1, 2] if %exists_and_more linear : ...
    %row = ck.guarded_load %flat[%i] if %ok : memref<8192xf16> -> vector<8xf16>
    ...
    vector.store %row, %la[%line, %col] : memref<64x40xf16, ...>, vector<8xf16>
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::vector::VectorDialect"];
}

def CKLowerCoords : Pass<"ck-lower-coords"> {
  let summary = "Turn coordinate states and their ops into cursor arithmetic";
  let description = [{
    Replaces each `!ck.coord<N x T>` with its N integers of type T, through
    `scf` loops and branches, and each coordinate op with the cursor
    arithmetic of `ck/Dialect/CK/Utils/ViewCursor.h`:

    - `ck.coord_init` evaluates the view's chain in full (a division and a
      remainder per merge digit);
    - `ck.coord_advance` moves the state by its constant delta with one
      carry per merge digit and no division (or evaluates in full where a
      merge below a merge would move by a run-time amount);
    - `ck.coord_access` gives the memref indices and the validity: inside
      the view, not on padding, and the op's condition.

    Each op's state type must be the one its view's cursor has: the view's
    coordinates plus every merge digit, i32 only where every coordinate of
    the chain provably fits.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect", "::mlir::scf::SCFDialect"];
}

def CKCarryLoopDivisions : Pass<"ck-carry-loop-divisions"> {
  let summary = "Carry the quotient and remainder of induction expressions "
                "through their loops";
  let description = [{
    Replaces each `arith.divui` and `arith.remui` by a constant C (above 1,
    not a power of two) of an induction expression of an `scf.for` with a
    constant step and a lower bound that integer range analysis proves
    non-negative, x = c * iv + a where a is invariant in the loop and x is
    built from the induction variable by `arith.addi` and `arith.muli` (by
    constants) that all carry `nuw`, with a quotient and a remainder that
    the loop carries. They start as x's at the lower bound and advance by
    c * step each iteration: one addition, one comparison and two selects
    in place of a 64-bit multiply-high per division. This is exact: the
    induction variable grows as an unsigned number too, x does not wrap
    in an iteration that uses it (`nuw`), and x only grows, so it wraps in
    no earlier one either. Divisions and remainders of the same x and C
    share their counter; scalar integers and indices only.

    A division or remainder of x - k, a `nuw` subtraction of a constant k
    from such an x, takes x's counter stepped back where it is used: the
    remainder less k mod C, plus C where that is negative, and the
    quotient less k / C and that borrow. `nuw` promises x >= k there.

    The wave-role rings' positions are such expressions: the slot of step
    s of a ring of S slots is s mod S and its phase (s / S) mod 2, with s
    the unit's first step plus the loop's induction variable; the math
    waves release the slot of step s - 1.

    ```mlir
    // Before:
    scf.for %i = %lb to %ub step %c1 {
      %s = arith.addi %first, %i overflow<nuw> : index
      %slot = arith.remui %s, %c3 : index
      %round = arith.divui %s, %c3 : index
      ...
    }
    // After:
    %s0 = arith.addi %first, %lb : index
    %r0 = arith.remui %s0, %c3 : index
    %q0 = arith.divui %s0, %c3 : index
    scf.for %i = %lb to %ub step %c1 iter_args(%slot = %r0, %round = %q0) {
      ...
      %r = arith.addi %slot, %c1 : index
      %wraps = arith.cmpi uge, %r, %c3 : index
      %r_next = arith.select %wraps, (%r - 3), %r : index
      %q_next = arith.select %wraps, (%round + 1), %round : index
      scf.yield %r_next, %q_next : index, index
    }
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect", "::mlir::scf::SCFDialect"];
}

def ConvertCKConvToGPUReference
    : Pass<"convert-ck-conv-to-gpu-reference", "ModuleOp"> {
  let summary = "Turn convolutions into naive GPU reference kernels";
  let description = [{
    Replaces each convolution with a `gpu.launch_func` of a kernel that
    computes it directly: one thread per element of the written tensor, a
    loop over the whole reduction in f32, the epilogue, and a store. It
    shares no index math with `ck-conv-to-gemm` and the GEMM kernels, which
    makes it the GPU reference that verifies them on large problems.

    With `copies`, each function that holds convolutions gets a copy named
    `<function>_reference`, placed after it, whose convolutions become the
    reference launches; the original keeps its convolutions for the GEMM
    lowering. Both kernel sets then land in one `gpu.module`, which
    gpu-module-to-binary compiles and links once (ck-compile's bundles: one
    binary that `plan.ckplan` and `reference.ckplan` share).

    ```mlir
    // convert-ck-conv-to-gpu-reference{copies=true}
    func.func @f(%x: ..., %w: ..., %y: ...) {
      ck.conv_fwd input(%x : ...) filter(%w : ...) output(%y : ...) ...
      return
    }
    func.func @f_reference(%x: ..., %w: ..., %y: ...) {
      gpu.launch_func @ck_kernels::@reference_0 ... args(%x, %w, %y)
      return
    }
    ```
  }];
  let options = [
    Option<"copies", "copies", "bool", /*default=*/"false",
           "Convert copies of the functions (<function>_reference) and keep "
           "the originals' convolutions">,
  ];
  let dependentDialects = ["::mlir::gpu::GPUDialect", "::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect", "::mlir::scf::SCFDialect"];
}

def ConvertCKToNVVM : Pass<"convert-ck-to-nvvm"> {
  let summary = "Lower ck.mma, ck.fragment_load, ck.guarded_load, "
                "ck.lds_barrier and the flag ops for NVIDIA";
  let description = [{
    Rewrites each `ck.mma` into `nvvm.mma.sync` (m16n8k16 for f16 and bf16,
    m16n8k8 for tf32) or, for the `fma` path, into vector FMAs; each
    `ck.fragment_load` of an m16n8k16 fragment (f16, bf16) into one
    `nvvm.ldmatrix` (x4 for A, x2 for B, transposing where LDS holds M or
    N contiguous; its shared address computed in 32 bits) when the tile's
    rows are whole 16-byte chunks, any other into vector loads from shared
    memory; each
    `ck.guarded_load` into one `ld.global` (inline PTX) predicated on its
    validity, into registers tied to zeros; each `ck.async_copy` into one
    `cp.async` whose source size is 0 where the copy is not valid (`.cg`
    with `bypass_l1`, else `.ca`), and
    `ck.async_commit` / `ck.async_wait` into the group instructions; each
    `ck.lds_barrier` into `gpu.barrier`. `ck.flag_signal` becomes a release
    fence, `gpu.barrier` and thread 0's `store atomic release
    syncscope("device")` of 1 (`st.release.gpu`); `ck.flag_wait` thread 0's
    loop of `load atomic acquire syncscope("device")` with `nvvm.nanosleep`
    (trapping after 2^30 polls) and its store of 0, `gpu.barrier` and an
    acquire fence. A ring's events are named barriers (`bar.sync` to wait,
    `bar.arrive` to signal), or with `barriers` mbarriers: thread 0
    initializes them where the ring is made and invalidates them at
    `ck.ring_end`, a signal is `mbarrier.arrive`, `ck.ring_expect`
    `mbarrier.arrive.expect_tx`, `ck.tma_load` a `cp.async.bulk.tensor`
    (tile or im2col mode) completing the slot's barrier, and a wait
    `mbarrier.try_wait.parity` on the slot's phase. Where wgmma reads the
    slots, a load thread fences its writes against the async proxy before
    it signals `full`. A ring of a cluster of N: a multicast `ck.tma_load`
    gets the mask of all N workgroups; thread r of each math warpgroup
    signals `empty` on workgroup r's barrier (`mapa`, then
    `mbarrier.arrive` on the shared::cluster address), whose count is N
    times the math warpgroups; cluster barriers (`barrier.cluster.arrive`
    and `wait`) follow the initialization and precede the invalidation.
    `ck.reallocate_registers` becomes `setmaxnreg` and marks its kernel
    `nvvm.minctasm = 1` (ptxas ignores setmaxnreg without it); in such a
    kernel every workgroup barrier is the unaligned `barrier.sync`, and
    CSE makes the accumulator ops' guards the role arms' comparison, so
    that they fold in the load arm. A `ck.warpgroup_mma` whose one
    instruction would need more registers per lane than the kernel's
    block starts each with is issued as several, on column shares of B.
    A tile, coordinate, partition, GEMM or convolution op left over is an
    error that names the pass that lowers it.
  }];
  let dependentDialects = ["::mlir::NVVM::NVVMDialect", "::mlir::LLVM::LLVMDialect",
                           "::mlir::vector::VectorDialect", "::mlir::arith::ArithDialect",
                           "::mlir::gpu::GPUDialect", "::mlir::memref::MemRefDialect",
                           "::mlir::scf::SCFDialect"];
}

def CKScopeLdsCopies : Pass<"ck-scope-lds-copies"> {
  let summary = "Tell LLVM that gfx950's loads to LDS and the other LDS "
                "accesses are ordered by ck's own waits";
  let description = [{
    After `convert-gpu-to-rocdl`, in a function that loads into LDS
    (`rocdl.load.to.lds`, from `ck.async_copy`): those loads get the alias
    scope `copies` and the other scope as their noalias scopes; every other
    LLVM op that accesses LDS (loads, stores, LDS transpose reads) gets the
    scope `lds` and `copies` as its noalias scopes, both in one domain per
    function. Without them LLVM's AMDGPU backend waits for every load to
    LDS in flight before any LDS access that may alias it, so a step's
    fragment reads would wait for the copies of the K-tiles after it,
    which ck issues to overlap them. ck's IR orders the two itself: a
    `ck.async_copy`'s data is read only after a `ck.async_wait` that covers
    it and a `ck.lds_barrier`, whose fences keep the accesses on their
    side, and a copy into a slot follows the barrier that ends its reads.
    Functions without loads to LDS are left as they are.

    Example:

    ```mlir
    rocdl.load.to.lds %src, %dst, 16, 0, 0 : !llvm.ptr<7>
    %v = llvm.load %p : !llvm.ptr<3> -> vector<8xf16>
    ```

    becomes

    ```mlir
    rocdl.load.to.lds %src, %dst, 16, 0, 0 {alias_scopes = [#copies],
        noalias_scopes = [#lds]} : !llvm.ptr<7>
    %v = llvm.load %p {alias_scopes = [#lds], noalias_scopes = [#copies]}
        : !llvm.ptr<3> -> vector<8xf16>
    ```
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def CKMarkGridConstants : Pass<"ck-mark-grid-constants"> {
  let summary = "Pass the kernels' tensor maps by value as grid constants";
  let description = [{
    After `convert-gpu-to-nvvm`: each `llvm.func` kernel with a
    `ck.grid_constants` list (the argument positions of its tensor maps,
    written by `convert-ck-to-gpu`) gets `llvm.byval =
    !llvm.array<128 x i8>`, `llvm.align = 64` and `nvvm.grid_constant` on
    those arguments, so that the 128-byte descriptor is a `.param` the
    kernel addresses in place (as `cp.async.bulk.tensor` needs); the list
    is removed. A position past the arguments, or an argument that is not
    a pointer, is an error.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect",
                           "::mlir::NVVM::NVVMDialect"];
}

def ConvertCKToAMDGPU : Pass<"convert-ck-to-amdgpu"> {
  let summary = "Lower ck.mma, ck.fragment_load, ck.guarded_load, "
                "ck.lds_barrier, the flag ops and asynchronous copies for AMD";
  let description = [{
    Rewrites each `ck.mma` into `amdgpu.mfma` (gfx90a, gfx942, gfx950),
    `amdgpu.wmma` (gfx1100, gfx1201) or, for the `fma` path, vector FMAs;
    each `ck.fragment_load` into vector loads from LDS; each
    `ck.guarded_load` into an `amdgpu.raw_buffer_load` whose first index is
    the first dimension's size where the load is not valid (the buffer's
    range check returns zeros; a tensor of 2 GiB or more gets a load from
    safe indices and a select); each
    `ck.lds_barrier` into `amdgpu.lds_barrier`, which waits for LDS
    accesses but not for global loads in flight. `ck.flag_signal` becomes a
    `fence syncscope("agent") release` in every thread (an AMD release fence
    covers its own wave's writes only), `gpu.barrier` and thread 0's
    agent-scope release store of 1; `ck.flag_wait` thread 0's loop of
    agent-scope acquire loads with `rocdl.s.sleep` (trapping after 2^30
    polls) and its store of 0, `gpu.barrier` and an agent-scope acquire
    fence in every thread, which invalidates its L1 before the partials are
    read. Ring events of wave roles run in lockstep on the workgroup
    barrier. The math waves' loop (the one that waits for full ring slots)
    gets scheduling hints from the ops it held: `rocdl.sched.group.barrier`s
    that put half its LDS fragment reads first and then one read after each
    matrix instruction, and `rocdl.s.setprio 1` around it. A tile,
    coordinate, partition, GEMM or convolution op left over is an error
    that names the pass that lowers it.

    Asynchronous copies (gfx950): each `ck.async_copy`, which must be
    `lane_order` and of 4 or 16 bytes, becomes an `amdgpu.gather_to_lds`
    from its memref as a fat raw buffer pointer (made once where the memref
    is defined; one past the buffer's range where the copy is not valid,
    whose range check writes zeros) to the LDS memref collapsed to one
    dimension, at lane 0's place (this lane's place less `lane` vectors,
    through `rocdl.readfirstlane`): the load writes the wave's vectors from
    there in lane order. `ck.async_commit` goes; `ck.async_wait` becomes an
    `amdgpu.memory_counter_wait` for at most `pending` times N loads, N the
    fewest copies that any commit's group issues unconditionally (directly
    in its block since the previous commit), since a wave counts its loads
    in flight, in order, in one counter. A copy that is not in lane order,
    of another size or from a memref of 2 GiB or more is an error.
  }];
  let dependentDialects = ["::mlir::amdgpu::AMDGPUDialect",
                           "::mlir::ROCDL::ROCDLDialect", "::mlir::LLVM::LLVMDialect",
                           "::mlir::vector::VectorDialect", "::mlir::arith::ArithDialect",
                           "::mlir::gpu::GPUDialect", "::mlir::memref::MemRefDialect",
                           "::mlir::scf::SCFDialect"];
}

#endif // CK_CONVERSION_PASSES_TD
