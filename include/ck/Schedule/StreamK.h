//===- StreamK.h - The StreamK schedule on the host -------------*- C++ -*-===//
//
// The host-side model of a StreamK GEMM schedule
// (docs/rationale/TilingLadder.md, section 9; docs/Schedules.md): which
// workgroup computes which K-iterations of which output tile, and how the
// partial tiles are added up. ckrt runs planStreamK at load time to size the
// grid and the workspace and to fill the kernel's scalar arguments; the
// compiler lowers the same formulas into the kernel; the tests and the
// device trace check both against unitsOf and fixupEvents.
//
// Plain C++17 with the standard library only, like ck/Problem, so that the
// runtime links it without LLVM.
//
// Words used throughout:
//
// * A *tile* is one output tile of the GEMM; each tile is the sum of I
//   *K-iterations* (one block of K each). Tile t owns the *global
//   iterations* [t * I, (t + 1) * I).
// * A *workgroup* is a launched workgroup index in [0, grid). The first D
//   tiles are *data-parallel*: each is computed whole by one workgroup. The
//   other S tiles are shared out among K *StreamK workgroups*; StreamK index
//   j in [0, K) is launched workgroup j (dp = persistent) or D + j
//   (dp = per_tile). Slot and flag j of the workspace belong to StreamK
//   index j.
// * A *unit* is the part of one workgroup's work that lies in one tile:
//   iterations [k0, k1) of the tile. A tile's *starter* is the workgroup
//   whose unit begins at k0 = 0; it alone writes the tile. The tile's
//   *contributors* are its starter and the StreamK workgroups whose units
//   begin inside it; they have consecutive StreamK indices, starter first.
//
//===----------------------------------------------------------------------===//

#ifndef CK_SCHEDULE_STREAMK_H
#define CK_SCHEDULE_STREAMK_H

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace ckschedule {

/// How the partial tiles of one tile are added up.
enum class Reduction {
  /// The starter adds its partners' partials one by one, in index order.
  Linear,
  /// Partials are added pairwise in a binary tree rooted at the starter:
  /// ceil(log2 p) partial reads on the critical path for p contributors.
  Tree,
};

/// How the data-parallel tiles are launched.
enum class DataParallel {
  /// At most W workgroups; workgroup w computes tiles w, w + grid,
  /// w + 2 * grid, ... below D, then its StreamK range. Launched
  /// cooperatively.
  Persistent,
  /// D + K workgroups: workgroup b < D computes tile b, workgroup b >= D is
  /// StreamK index b - D. Relies on in-order dispatch.
  PerTile,
};

/// `tail` value that shares every tile out (StreamK only, no data-parallel
/// tiles).
inline constexpr int64_t kTailAll = 0;

/// The choices of the `schedule ... stream_k` plan directive.
struct StreamKOptions {
  Reduction reduce = Reduction::Tree;
  DataParallel dp = DataParallel::Persistent;
  /// Waves shared out by StreamK: the partial last wave plus `tail - 1` full
  /// waves before it (>= 1), or kTailAll.
  int64_t tail = 2;
  /// The fewest K-iterations a StreamK workgroup gets (>= 1); fewer
  /// iterations would not pay for the fix-up.
  int64_t minIters = 1;
  /// Bytes of one partial tile (the f32 accumulators of one tile), P.
  int64_t partialBytes = 0;
};

/// Bytes of the line that holds a slot's flag: the flag shares no cache line
/// (and no 256-byte line) with the partial, so polling it does not disturb
/// the partial's stores.
inline constexpr int64_t kFlagLineBytes = 256;

/// The schedule of one StreamK GEMM: the formulas of TilingLadder.md section
/// 9, steps 1-5.
struct StreamKPlan {
  /// The inputs: T, I, W and the options.
  int64_t tiles = 0, iters = 0, residentWorkgroups = 0;
  StreamKOptions options;

  /// S: tiles shared out by StreamK, the last S tiles.
  int64_t streamKTiles = 0;
  /// D = T - S: data-parallel tiles, the first D. A multiple of W whenever
  /// K > 0 and tail is not kTailAll.
  int64_t dataParallelTiles = 0;
  /// K: StreamK workgroups. 0 when S * I / minIters is 0, and then S = 0.
  int64_t streamKWorkgroups = 0;
  /// q = S * I / K and r' = S * I mod K: StreamK index j gets q + 1
  /// iterations if j < r', else q. Both 0 when K = 0.
  int64_t itersPerWorkgroup = 0;
  int64_t extraIters = 0;
  /// Workgroups launched (grid x): D + K for dp = per_tile, min(W, D + K)
  /// for dp = persistent. Persistent launches W whenever D >= W and fewer
  /// only when the whole GEMM is less than one wave: D + K < W happens only
  /// with D = 0 (every tile shared out) or K = 0 (D = T < W), and the
  /// workgroups past D + K would have no work yet take residency from a
  /// cooperative launch. Then both modes launch the same D + K.
  int64_t grid = 0;
  /// The most contributors of any tile (1 without StreamK): the k_batch of
  /// Composable Kernel's tolerance rule.
  int64_t maxContributors = 0;

  /// The workspace: K slots of slotBytes, slot j at j * slotBytes. A slot
  /// holds the partial (P bytes, rounded up to 256) and then its u32 flag
  /// at the start of its own 256-byte line: slotBytes = P + 256 when P is
  /// a multiple of 256. The workspace must be 256-byte aligned and zeroed
  /// once; every flag is back to 0 when a launch ends (the waiter resets
  /// it), so a kept workspace needs no clearing between launches.
  int64_t slotBytes = 0;
  int64_t workspaceBytes = 0;

  /// Byte offsets of slot j's partial and flag in the workspace.
  int64_t partialOffset(int64_t slot) const { return slot * slotBytes; }
  int64_t flagOffset(int64_t slot) const {
    return slot * slotBytes + slotBytes - kFlagLineBytes;
  }
  /// The kernel's scalar arguments, in order: K, D, q, r' and the grid
  /// (a persistent workgroup's step between its data-parallel tiles, which
  /// not every target reads off the launch cheaply).
  std::array<int64_t, 5> kernelArguments() const {
    return {streamKWorkgroups, dataParallelTiles, itersPerWorkgroup,
            extraIters, grid};
  }
};

/// What planStreamK gives: the plan, or a message that says what is wrong
/// and why ("invalid stream_k schedule: ...").
struct StreamKResult {
  StreamKPlan plan;
  std::string error;
  bool ok() const { return error.empty(); }
};

/// The plan for T = `tiles` tiles of I = `iters` K-iterations each, with
/// W = `residentWorkgroups` workgroups resident at once. Refuses sizes that
/// are not positive, a bad option, a T * I or a workspace size that does
/// not fit 64 bits, and a grid larger than cklimits::kMaxGrid[0].
StreamKResult planStreamK(int64_t tiles, int64_t iters,
                          int64_t residentWorkgroups,
                          const StreamKOptions &options);

// Everything below takes a plan planStreamK accepted. It lists work per
// workgroup, so it costs time and memory in proportion to the tiles and
// workgroups: meant for tests, traces and tools, not for every launch.

/// StreamK index of `workgroup`, or -1 for a workgroup outside [0, grid) or
/// one without a StreamK range.
int64_t streamKIndex(const StreamKPlan &plan, int64_t workgroup);
/// Launched workgroup of StreamK index `j`.
int64_t workgroupOfStreamK(const StreamKPlan &plan, int64_t j);

/// StreamK index j's global iterations [b_j, e_j):
/// b_j = D * I + j * q + min(j, r'), e_j = b_j + q + (j < r' ? 1 : 0).
struct IterRange {
  int64_t begin = 0, end = 0;
};
IterRange streamKRange(const StreamKPlan &plan, int64_t j);

/// The StreamK workgroups that contribute to StreamK tile `tile` (D <= tile
/// < T): StreamK indices [first, first + count), the starter first; {0, 0}
/// for any other tile.
struct Contributors {
  int64_t first = 0, count = 0;
};
Contributors tileContributors(const StreamKPlan &plan, int64_t tile);

/// One unit: iterations [k0, k1) of `tile`. `isStarter` when k0 == 0: the
/// workgroup writes the tile (every data-parallel unit is one).
struct WorkUnit {
  int64_t tile = 0, k0 = 0, k1 = 0;
  bool isStarter = false;

  bool operator==(const WorkUnit &o) const {
    return tile == o.tile && k0 == o.k0 && k1 == o.k1 &&
           isStarter == o.isStarter;
  }
};

/// The units `workgroup` runs, in order: its data-parallel tiles, then its
/// StreamK range cut at tile boundaries. Empty outside [0, grid).
std::vector<WorkUnit> unitsOf(const StreamKPlan &plan, int64_t workgroup);

/// One step of the fix-up. Each unit starts a fresh accumulator holding the
/// sum of the unit's own iterations; a unit's events follow its main loop.
enum class FixupKind {
  /// Write the accumulator (the unit's iterations plus every partial
  /// accumulated into it so far) to the partial of slot `slot`, the
  /// workgroup's own StreamK index.
  Store,
  /// Make the stored partial visible device-wide, then set flag `slot` to 1.
  Signal,
  /// Block until flag `slot` is 1, then reset it to 0; the partial of slot
  /// `slot` is then complete and visible.
  Wait,
  /// Add the partial of slot `slot` (waited for just before) to the
  /// accumulator.
  Accumulate,
  /// Run the epilogue on the accumulator, which now holds all I iterations,
  /// and write tile `tile` of the output. `slot` is -1.
  Write,
};

struct FixupEvent {
  FixupKind kind = FixupKind::Write;
  int64_t tile = 0;
  int64_t slot = -1;
  /// Index of the unit in unitsOf(plan, workgroup) whose main loop the
  /// event follows.
  int64_t unit = 0;

  bool operator==(const FixupEvent &o) const {
    return kind == o.kind && tile == o.tile && slot == o.slot && unit == o.unit;
  }
};

/// Every workgroup's fix-up events in order, indexed by workgroup.
///
/// A unit covering its whole tile writes it. Otherwise, with the tile's
/// contributors starter s, s + 1, ..., s + p - 1 (StreamK indices), StreamK
/// index j and l = j - s:
///
/// * Linear: a non-starter (l > 0) stores its unit to slot j and signals.
///   The starter waits for and accumulates slots s + 1, ..., s + p - 1 in
///   that order (until the iterations seen cover I), then writes.
/// * Tree: for stride = 1, 2, 4, ...: if l mod 2 * stride != 0, store the
///   accumulator to slot j, signal and stop; else if l + stride < p (the
///   partner j + stride is a contributor: it begins before the tile ends),
///   wait for slot j + stride and accumulate it; else, for the starter
///   (once stride >= p), write. A contributor that accumulated partners
///   stores their sum with its own: slot j holds contributors
///   [l, l + lowbit(l)) of the tile, and the starter ends with all p.
///
/// Either way each stored slot is read once, by a lower StreamK index of the
/// same tile, and every wait targets a higher workgroup.
std::vector<std::vector<FixupEvent>> fixupEvents(const StreamKPlan &plan);

/// Each tile's sum as the fix-up forms it, e.g. "((w0 + w1) + (w2 + w3))"
/// for four contributors under Tree, "(((w0 + w1) + w2) + w3)" under Linear,
/// "w5" for a tile one unit covers; "wN" is launched workgroup N's unit in
/// the tile. A function of the plan alone: results are bitwise identical
/// run to run.
std::vector<std::string> reductionExpressions(const StreamKPlan &plan);

/// What a simulated launch did.
struct SimulationResult {
  /// Every workgroup ran to its end.
  bool finished = false;
  /// A waiting workgroup, when the launch deadlocked (every resident
  /// workgroup waits), with the workgroup it waits for.
  enum class Awaited {
    NotStarted, // not resident: the hazard of too few resident workgroups
    Waiting,    // resident, itself waiting
    Finished,   // finished without signalling: a fix-up bug
  };
  struct Blocked {
    int64_t workgroup = 0, slot = 0, awaitedWorkgroup = 0;
    Awaited awaited = Awaited::NotStarted;
  };
  std::vector<Blocked> blocked;
  /// Workgroups that started, in index order [0, started).
  int64_t started = 0;
  /// A broken fix-up protocol (a flag set twice, waited for twice, or left
  /// set at the end); empty when the events are consistent.
  std::string error;

  /// One line: "finished", or what deadlocked and why.
  std::string describe() const;
};

/// Runs the events of fixupEvents(plan) with at most `resident` workgroups
/// at once, started in index order: workgroup n starts when fewer than
/// `resident` of workgroups [0, n) are still running. A wait blocks until
/// its flag is set. The outcome does not depend on which runnable workgroup
/// goes first (each flag has one setter and one waiter). Finishes whenever
/// `resident` >= K; with fewer, a workgroup can wait for one that cannot start,
/// which is the hazard a cooperative launch (or in-order dispatch with W
/// resident) rules out.
SimulationResult simulate(const StreamKPlan &plan, int64_t resident);
/// The same with events already computed by fixupEvents(plan).
SimulationResult simulate(const StreamKPlan &plan,
                          const std::vector<std::vector<FixupEvent>> &events,
                          int64_t resident);

/// Names as the plan directive spells them ("linear", "tree", "persistent",
/// "per_tile").
const char *toString(Reduction reduce);
const char *toString(DataParallel dp);

} // namespace ckschedule

#endif // CK_SCHEDULE_STREAMK_H
