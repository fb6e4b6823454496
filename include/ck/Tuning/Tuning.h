//===- Tuning.h - Measured kernel choices per problem -----------*- C++ -*-===//
//
// A choice is how ck-compile builds a problem's kernels beyond its
// heuristic: the partition, the wave roles, the K-loop stages, the thread
// block clusters, a resident B, the groups per GEMM and backward-weight's
// gathered windows (its --partition, --waves, --stages, --cluster,
// --resident-b, --merge-groups and --windows). A sweep (ck-bench --sweep) times
// a fixed list of choices per problem on the GPU, verified, and writes the
// fastest into a per-chip tuning database, which ck-compile (and through
// the C API, ck_mlir) reads: a problem in the database compiles with its
// measured choice instead of the heuristic's. The sweep's list has no
// groups per GEMM and no windows; such entries come from measurements of
// their own.
//
// The database is a text file (docs/Profiler.md):
//
//   # comments
//   ck-tuning 1
//   chip sm_90a
//   tuned <problem key> <us> <heuristic us> [--partition=P] [--waves=L,M]
//   [--stages=S] [--cluster=MxN] [--resident-b] [--signal-landed]
//   [--merge-groups=N] [--windows=W] [--config=C]
//
// Plain C++17, like CKProblem, so that ck-bench links it.
//
//===----------------------------------------------------------------------===//

#ifndef CK_TUNING_TUNING_H
#define CK_TUNING_TUNING_H

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace cktuning {

/// ck-compile's kernel choices; empty and 0 leave them to the heuristic.
/// The constructor takes the four that most choices set; the rest are set
/// by name.
struct Choice {
  Choice(std::string partition = "", std::string waves = "", int64_t stages = 0,
         std::string cluster = "")
      : partition(std::move(partition)), waves(std::move(waves)),
        stages(stages), cluster(std::move(cluster)) {}

  std::string partition, waves;
  int64_t stages = 0;
  std::string cluster;
  int64_t mergeGroups = 0;
  /// Backward-weight's gathered windows: "input" or "output".
  std::string windows;
  /// Whether B stays resident in LDS (ck-compile's --resident-b).
  bool residentB = false;
  /// Whether load threads signal slots full as their copies land
  /// (ck-compile's --signal-landed).
  bool signalLanded = false;
  /// A whole #ck.gemm_config pinned (ck-compile's --config), written
  /// without blanks; with neither partition, waves, stages, cluster,
  /// residentB nor signalLanded, which it fixes.
  std::string config;

  /// Whether some problems cannot take the choice: ck-compile refuses
  /// --signal-landed where no GEMM's load waves copy by cp.async into a ring
  /// with mbarriers. A sweep leaves such a choice out of the problems it
  /// does not compile for, instead of failing.
  bool mayNotApply() const { return signalLanded; }
  bool isHeuristic() const {
    return partition.empty() && waves.empty() && stages == 0 &&
           cluster.empty() && !residentB && !signalLanded && mergeGroups == 0 &&
           windows.empty() && config.empty();
  }
  /// The suffix of the choice's bundle directory beside the heuristic's
  /// (DIR/<key><suffix>): "@partition=P@waves=L,M@stages=S@cluster=MxN
  /// @resident-b@signal-landed@merge-groups=N@windows=W@config=C" (without
  /// the break), each part where set; "" for the heuristic.
  std::string suffix() const;
  /// ck-compile's flags for the choice, one per element.
  std::vector<std::string> flags() const;
  /// The choice of `flags` (--partition=P, --waves=L,M, --stages=S,
  /// --cluster=MxN, --resident-b, --signal-landed, --merge-groups=N,
  /// --windows=W, and --config=#ck.gemm_config<...> without blanks, which
  /// takes none of the first six); "" or what is wrong.
  static std::string parse(const std::vector<std::string> &flags,
                           Choice &choice);
  bool operator==(const Choice &other) const {
    return partition == other.partition && waves == other.waves &&
           stages == other.stages && cluster == other.cluster &&
           residentB == other.residentB && signalLanded == other.signalLanded &&
           mergeGroups == other.mergeGroups && windows == other.windows &&
           config == other.config;
  }
};

/// The choices a sweep times on `chip`, the heuristic's first: the K-loop's
/// register prefetch; on NVIDIA chips (sm_*, which copy asynchronously)
/// three cp.async stages; on sm_90a wgmma with one load warpgroup (TMA
/// where the views allow it) and one or two consumer warpgroups
/// (`--waves=4,4`, `--waves=4,8`); each with the heuristic's
/// partition, split-K (the heuristic's number of K ranges) and
/// data-parallel; and on sm_90a two load warpgroups whose threads signal
/// slots full as their cp.async copies land (`--waves=8,8
/// --signal-landed`), with split-K and persistent data-parallel, for the
/// problems that take it (Choice::mayNotApply).
std::vector<Choice> sweepChoices(const std::string &chip);

/// A measured choice for one problem.
struct TunedChoice {
  Choice choice;
  /// The choice's time and the heuristic's, in microseconds, as the sweep
  /// measured them.
  double us = 0, heuristicUs = 0;
};

class TuningDb {
public:
  /// $CK_MLIR_TUNING_DB, or "" (no database).
  static std::string defaultPath();

  /// Reads `path`; "" or what is wrong (with its line). A database of
  /// another chip than `chip` (when given) is an error.
  std::string load(const std::string &path, const std::string &chip = "");
  /// Writes the database to `path` through a temporary file renamed into
  /// place; "" or what went wrong.
  std::string save(const std::string &path) const;

  const TunedChoice *lookup(const std::string &key) const;
  void set(const std::string &key, const TunedChoice &tuned) {
    entries[key] = tuned;
  }

  std::string chip;
  std::map<std::string, TunedChoice> entries;
};

} // namespace cktuning

#endif // CK_TUNING_TUNING_H
