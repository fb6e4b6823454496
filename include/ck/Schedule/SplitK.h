//===- SplitK.h - The split-K schedule on the host --------------*- C++ -*-===//
//
// The host-side model of a split-K GEMM schedule (docs/Schedules.md,
// docs/rationale/TilingLadder.md section 10): the K-iterations of every tile
// are cut into k_batch splits, grid z runs one split each, every split
// stores its partial tile to the workspace, and reduction kernels add the
// k_batch partials of each element in split order. With `split_k auto`
// ckrt chooses k_batch at load time from the workgroups resident at once.
//
// Plain C++17 with the standard library only, like ck/Problem.
//
//===----------------------------------------------------------------------===//

#ifndef CK_SCHEDULE_SPLITK_H
#define CK_SCHEDULE_SPLITK_H

#include "ck/Support/Limits.h"

#include <cstdint>
#include <string>

namespace ckschedule {

/// `kBatch` value that lets planSplitK choose.
inline constexpr int64_t kKBatchAuto = 0;

/// The choices of the `schedule ... split_k` plan directive.
struct SplitKOptions {
  /// Splits asked for (>= 1), or kKBatchAuto.
  int64_t kBatch = kKBatchAuto;
  /// kKBatchAuto: the fewest K-iterations a split should get (>= 1).
  int64_t minIters = 1;
  /// kKBatchAuto: the most splits to choose (>= 1).
  int64_t maxKBatch = cklimits::kMaxGrid[2];
  /// Bytes of one partial tile (the f32 accumulators of one tile), P.
  int64_t partialBytes = 0;
};

/// The schedule of one split-K GEMM.
struct SplitKPlan {
  /// The inputs: T, I, W and the options.
  int64_t tiles = 0, iters = 0, residentWorkgroups = 0;
  SplitKOptions options;

  /// k_batch before empty splits are dropped: options.kBatch, or the auto
  /// rule's choice.
  int64_t requestedKBatch = 0;
  /// ceil(I / requestedKBatch): the K-iterations of every split but the
  /// last, which gets the rest (at least 1).
  int64_t itersPerSplit = 0;
  /// The splits that get any iteration: ceil(I / itersPerSplit). The grid's
  /// z, the reduction kernels' argument and the k_batch of Composable Kernel's
  /// tolerance rule.
  int64_t kBatch = 0;
  /// Workspace: kBatch * T partial tiles of P bytes, none when kBatch is 1
  /// (the GEMM then writes the output itself and the reduction kernels do
  /// nothing).
  int64_t workspaceSlots = 0;
  int64_t workspaceBytes = 0;

  int64_t gridZ() const { return kBatch; }
};

/// What planSplitK gives: the plan, or a message that says what is wrong
/// and why ("invalid split_k schedule: ...").
struct SplitKResult {
  SplitKPlan plan;
  std::string error;
  bool ok() const { return error.empty(); }
};

/// What a workgroup costs beyond its K-iterations, in K-iterations: its
/// pipeline's fill and drain and its tile's store (with splits, a partial
/// tile the reduction reads again). Fitted to the H100's backward-weight
/// K = 2376 layers at 100x100 and 50x50 (171 tiles of 2500 or 625
/// K-iterations, 2, 3, 4 and 6 splits: bench/results/h100-split-k-past-grid);
/// it keeps one split where more would shorten only a last round already
/// nearly full (1000 tiles on 264 workgroups).
inline constexpr int64_t kWorkgroupOverheadIters = 16;

/// The K-iterations a split-K grid of `kBatch` splits of T = `tiles` tiles
/// of I = `iters` iterations takes on W = `residentWorkgroups` workgroups
/// resident at once: its rounds (ceil(T * splits / W), the non-empty
/// splits of ceil(I / kBatch) iterations) times the iterations of a split
/// plus kWorkgroupOverheadIters.
int64_t splitKMakespan(int64_t tiles, int64_t iters, int64_t residentWorkgroups,
                       int64_t kBatch);

/// The split-K rule that the compiler's heuristic and `k_batch auto` share:
/// among k from 1 to min(maxKBatch, max(1, I / minIters)), the fewest
/// splits whose makespan (splitKMakespan) is within a fiftieth of the
/// least. Whole rounds count: 15 splits of 18 tiles on 264 workgroups run
/// 270 workgroups, two rounds of 84 iterations (I = 1250), where 14 run one
/// round of 90; and T >= W tiles may still leave a last round mostly idle:
/// 171 tiles on 132 workgroups take 3 splits (4 rounds of I / 3, 97% of
/// them busy) where 1 or 2 take two rounds of I or three of I / 2 (on the
/// H100, 2 splits took 1.07x-1.10x as long as 3). The fiftieth leaves
/// ties to fewer partial tiles; before the makespan counted
/// kWorkgroupOverheadIters the rule took a twentieth for that cost, which
/// then let the K = 36 head lose 4-8% to one split fewer
/// (bench/results/h100-split-k-past-grid).
int64_t chooseKBatch(int64_t tiles, int64_t iters, int64_t residentWorkgroups,
                     int64_t minIters, int64_t maxKBatch);

/// The plan for T = `tiles` tiles of I = `iters` K-iterations each, with
/// W = `residentWorkgroups` workgroups resident at once. kKBatchAuto
/// chooses k_batch with chooseKBatch; a fixed or chosen k_batch is then
/// lowered to the number of non-empty splits of ceil(I / k_batch)
/// iterations. Refuses sizes that are not
/// positive, bad options, a k_batch above the grid's z limit
/// (cklimits::kMaxGrid[2]) and a workspace that does not fit 64 bits.
SplitKResult planSplitK(int64_t tiles, int64_t iters,
                        int64_t residentWorkgroups,
                        const SplitKOptions &options);

/// K-iterations [begin, end) of split `z` (0 <= z < kBatch); never empty.
struct SplitRange {
  int64_t begin = 0, end = 0;
};
SplitRange splitRange(const SplitKPlan &plan, int64_t z);

} // namespace ckschedule

#endif // CK_SCHEDULE_SPLITK_H
