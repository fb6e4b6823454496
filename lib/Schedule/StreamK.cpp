//===- StreamK.cpp - The StreamK schedule on the host ---------------------===//

#include "ck/Schedule/StreamK.h"

#include "Checks.h"

#include "ck/Support/Limits.h"

#include <algorithm>
#include <deque>

using namespace ckschedule;
using namespace ckschedule::detail;

namespace {

std::string planError(const std::string &message) {
  return "invalid stream_k schedule: " + message;
}

bool add(int64_t a, int64_t b, int64_t &result) {
  return !__builtin_add_overflow(a, b, &result);
}

/// The first message for inputs planStreamK refuses, or "".
std::string checkInputs(int64_t tiles, int64_t iters, int64_t resident,
                        const StreamKOptions &options) {
  if (std::string error = checkSizes(tiles, iters, resident); !error.empty())
    return error;
  if (options.tail < 0)
    return "tail must be positive or all, got " + std::to_string(options.tail);
  if (options.minIters < 1)
    return notPositive("min_iters", options.minIters);
  if (options.partialBytes < 1)
    return notPositive("partial_bytes", options.partialBytes);
  int64_t total;
  if (!multiply(tiles, iters, total))
    return "tiles * iters (" + std::to_string(tiles) + " * " +
           std::to_string(iters) + ") does not fit 64 bits";
  return "";
}

/// Step 1: S, before step 3's fallback. `tail` waves are shared out: the
/// partial last wave (r = T mod W tiles) and `tail - 1` full ones.
int64_t streamKTileCount(int64_t tiles, int64_t resident, int64_t tail) {
  if (tail == kTailAll)
    return tiles;
  int64_t partialWave = tiles % resident;
  if (partialWave == 0)
    return 0; // Whole waves: data-parallel only.
  // min(T, r + (tail - 1) * W); a product past 64 bits is past T too.
  int64_t fullWaves;
  if (multiply(tail - 1, resident, fullWaves) &&
      fullWaves <= tiles - partialWave)
    return partialWave + fullWaves;
  return tiles;
}

/// Steps 1-3: S, D, K, q and r'.
void partition(StreamKPlan &plan) {
  const int64_t iters = plan.iters;
  int64_t tiles =
      streamKTileCount(plan.tiles, plan.residentWorkgroups, plan.options.tail);
  int64_t workgroups =
      std::min(plan.residentWorkgroups, tiles * iters / plan.options.minIters);
  if (workgroups == 0)
    tiles = 0; // Too few iterations to share: all data-parallel.
  plan.streamKTiles = tiles;
  plan.dataParallelTiles = plan.tiles - tiles;
  plan.streamKWorkgroups = workgroups;
  if (workgroups > 0) {
    plan.itersPerWorkgroup = tiles * iters / workgroups;
    plan.extraIters = tiles * iters % workgroups;
  }
}

/// Step 5: the workgroups launched. Returns "" or why there are too many.
std::string launchSize(StreamKPlan &plan) {
  int64_t d = plan.dataParallelTiles, k = plan.streamKWorkgroups;
  const int64_t limit = cklimits::kMaxGrid[0];
  if (plan.options.dp == DataParallel::PerTile) {
    if (!add(d, k, plan.grid) || plan.grid > limit)
      return "a per_tile grid of D + K = " + std::to_string(d) + " + " +
             std::to_string(k) + " workgroups is larger than the limit " +
             std::to_string(limit);
    return "";
  }
  // Workgroup w has work iff w < D (a data-parallel tile) or w < K (a
  // StreamK range), so max(D, K) workgroups have work, and K <= W. That is
  // min(W, D + K) as documented: D and K are both positive only when D is
  // a multiple of W. The kernel strides its data-parallel tiles by the
  // grid, which is W whenever there is a second tile to stride to.
  plan.grid = std::min(plan.residentWorkgroups, std::max(d, k));
  if (plan.grid > limit)
    return "a persistent grid of " + std::to_string(plan.grid) +
           " workgroups is larger than the limit " + std::to_string(limit);
  return "";
}

/// StreamK index of the workgroup whose range holds global iteration `x`.
int64_t streamKIndexOfIteration(const StreamKPlan &plan, int64_t x) {
  int64_t q = plan.itersPerWorkgroup, extra = plan.extraIters;
  int64_t offset = x - plan.dataParallelTiles * plan.iters;
  int64_t longRanges = extra * (q + 1); // The first r' get q + 1.
  if (offset < longRanges)
    return offset / (q + 1);
  return extra + (offset - longRanges) / q;
}

/// The most contributors of any tile: one plus the most StreamK ranges that
/// begin strictly inside one tile. O(K).
int64_t mostContributors(const StreamKPlan &plan) {
  int64_t most = 1, tile = -1, startsInTile = 0;
  for (int64_t j = 1; j < plan.streamKWorkgroups; ++j) {
    int64_t begin = streamKRange(plan, j).begin;
    if (begin % plan.iters == 0)
      continue; // Begins at a tile's first iteration: a starter.
    if (begin / plan.iters != tile) {
      tile = begin / plan.iters;
      startsInTile = 0;
    }
    most = std::max(most, ++startsInTile + 1);
  }
  return most;
}

/// The workspace: K slots of the partial (rounded up to whole 256-byte
/// lines) and the flag's line. `false` where it does not fit 64 bits.
bool workspaceSize(StreamKPlan &plan) {
  int64_t lines = plan.options.partialBytes / kFlagLineBytes +
                  (plan.options.partialBytes % kFlagLineBytes != 0);
  int64_t partial;
  return multiply(lines, kFlagLineBytes, partial) &&
         add(partial, kFlagLineBytes, plan.slotBytes) &&
         multiply(plan.streamKWorkgroups, plan.slotBytes, plan.workspaceBytes);
}

using EventList = std::vector<FixupEvent>;

/// Linear fix-up of a unit that does not cover its tile: non-starters
/// hand their partial over, the starter adds them in index order.
void linearEvents(int64_t j, Contributors tile, const WorkUnit &unit,
                  int64_t unitIndex, EventList &events) {
  auto emit = [&](FixupKind kind, int64_t slot) {
    events.push_back({kind, unit.tile, slot, unitIndex});
  };
  if (j != tile.first) {
    emit(FixupKind::Store, j);
    emit(FixupKind::Signal, j);
    return;
  }
  for (int64_t partner = j + 1; partner < tile.first + tile.count; ++partner) {
    emit(FixupKind::Wait, partner);
    emit(FixupKind::Accumulate, partner);
  }
  emit(FixupKind::Write, -1);
}

/// Tree fix-up of a unit that does not cover its tile. Contributor l
/// gathers [l, l + lowbit(l)) before storing it; the starter (l = 0)
/// gathers all.
void treeEvents(int64_t j, Contributors tile, const WorkUnit &unit,
                int64_t unitIndex, EventList &events) {
  auto emit = [&](FixupKind kind, int64_t slot) {
    events.push_back({kind, unit.tile, slot, unitIndex});
  };
  int64_t l = j - tile.first;
  for (int64_t stride = 1;; stride *= 2) {
    if (l % (2 * stride) != 0) {
      emit(FixupKind::Store, j);
      emit(FixupKind::Signal, j);
      return;
    }
    if (l + stride < tile.count) {
      emit(FixupKind::Wait, j + stride);
      emit(FixupKind::Accumulate, j + stride);
    } else if (l == 0) {
      // Partners only get further away: the starter holds the whole tile.
      emit(FixupKind::Write, -1);
      return;
    }
  }
}

/// The events that follow unit `unitIndex` of StreamK index `j` (-1 for a
/// data-parallel unit).
void unitEvents(const StreamKPlan &plan, int64_t j, const WorkUnit &unit,
                int64_t unitIndex, EventList &events) {
  if (unit.k0 == 0 && unit.k1 == plan.iters) {
    events.push_back({FixupKind::Write, unit.tile, -1, unitIndex});
    return;
  }
  Contributors tile = tileContributors(plan, unit.tile);
  if (plan.options.reduce == Reduction::Linear)
    linearEvents(j, tile, unit, unitIndex, events);
  else
    treeEvents(j, tile, unit, unitIndex, events);
}

} // namespace

StreamKResult ckschedule::planStreamK(int64_t tiles, int64_t iters,
                                      int64_t residentWorkgroups,
                                      const StreamKOptions &options) {
  StreamKResult result;
  result.error = checkInputs(tiles, iters, residentWorkgroups, options);
  if (!result.ok()) {
    result.error = planError(result.error);
    return result;
  }
  StreamKPlan &plan = result.plan;
  plan.tiles = tiles;
  plan.iters = iters;
  plan.residentWorkgroups = residentWorkgroups;
  plan.options = options;
  partition(plan);
  result.error = launchSize(plan);
  if (!result.ok()) {
    result.error = planError(result.error);
    return result;
  }
  if (!workspaceSize(plan)) {
    result.error =
        planError("a workspace of " + std::to_string(plan.streamKWorkgroups) +
                  " slots of " + std::to_string(options.partialBytes) +
                  " + 256 bytes does not fit 64 bits");
    return result;
  }
  plan.maxContributors = mostContributors(plan);
  return result;
}

int64_t ckschedule::streamKIndex(const StreamKPlan &plan, int64_t workgroup) {
  if (workgroup < 0 || workgroup >= plan.grid)
    return -1;
  if (plan.options.dp == DataParallel::PerTile)
    return workgroup >= plan.dataParallelTiles
               ? workgroup - plan.dataParallelTiles
               : -1;
  return workgroup < plan.streamKWorkgroups ? workgroup : -1;
}

int64_t ckschedule::workgroupOfStreamK(const StreamKPlan &plan, int64_t j) {
  return plan.options.dp == DataParallel::PerTile ? plan.dataParallelTiles + j
                                                  : j;
}

IterRange ckschedule::streamKRange(const StreamKPlan &plan, int64_t j) {
  IterRange range;
  range.begin = plan.dataParallelTiles * plan.iters +
                j * plan.itersPerWorkgroup + std::min(j, plan.extraIters);
  range.end = range.begin + plan.itersPerWorkgroup + (j < plan.extraIters);
  return range;
}

Contributors ckschedule::tileContributors(const StreamKPlan &plan,
                                          int64_t tile) {
  if (tile < plan.dataParallelTiles || tile >= plan.tiles)
    return {};
  int64_t first = streamKIndexOfIteration(plan, tile * plan.iters);
  int64_t last = streamKIndexOfIteration(plan, (tile + 1) * plan.iters - 1);
  return {first, last - first + 1};
}

std::vector<WorkUnit> ckschedule::unitsOf(const StreamKPlan &plan,
                                          int64_t workgroup) {
  std::vector<WorkUnit> units;
  if (workgroup < 0 || workgroup >= plan.grid)
    return units;
  const int64_t iters = plan.iters;
  if (plan.options.dp == DataParallel::PerTile) {
    if (workgroup < plan.dataParallelTiles)
      units.push_back({workgroup, 0, iters, true});
  } else {
    for (int64_t t = workgroup; t < plan.dataParallelTiles; t += plan.grid)
      units.push_back({t, 0, iters, true});
  }
  int64_t j = streamKIndex(plan, workgroup);
  if (j < 0)
    return units;
  // Cut the range at tile boundaries.
  IterRange range = streamKRange(plan, j);
  for (int64_t x = range.begin; x < range.end;) {
    int64_t tile = x / iters, first = tile * iters;
    WorkUnit unit{tile, x - first, std::min(iters, range.end - first),
                  x == first};
    units.push_back(unit);
    x = first + unit.k1;
  }
  return units;
}

std::vector<std::vector<FixupEvent>>
ckschedule::fixupEvents(const StreamKPlan &plan) {
  std::vector<EventList> events(plan.grid);
  for (int64_t w = 0; w < plan.grid; ++w) {
    std::vector<WorkUnit> units = unitsOf(plan, w);
    int64_t j = streamKIndex(plan, w);
    for (size_t u = 0; u < units.size(); ++u)
      unitEvents(plan, j, units[u], int64_t(u), events[w]);
  }
  return events;
}

std::vector<std::string>
ckschedule::reductionExpressions(const StreamKPlan &plan) {
  std::vector<std::string> tiles(plan.tiles), slots(plan.streamKWorkgroups);
  std::vector<EventList> events = fixupEvents(plan);
  // A slot is read only by a lower workgroup: evaluating from the top down
  // finds every slot filled before it is read, without modelling time.
  for (int64_t w = plan.grid - 1; w >= 0; --w) {
    std::string accumulator;
    int64_t unit = -1;
    for (const FixupEvent &e : events[w]) {
      if (e.unit != unit) {
        unit = e.unit;
        accumulator = "w" + std::to_string(w);
      }
      if (e.kind == FixupKind::Store)
        slots[e.slot] = accumulator;
      else if (e.kind == FixupKind::Accumulate)
        accumulator = "(" + accumulator + " + " + slots[e.slot] + ")";
      else if (e.kind == FixupKind::Write)
        tiles[e.tile] = accumulator;
    }
  }
  return tiles;
}

//===----------------------------------------------------------------------===//
// Simulation
//===----------------------------------------------------------------------===//

namespace {

/// One simulated launch: workgroups run their events until they wait on an
/// unset flag; a signal wakes the waiter.
class Simulator {
public:
  Simulator(const StreamKPlan &plan, const std::vector<EventList> &events,
            int64_t resident)
      : plan(plan), events(events), resident(resident),
        state(plan.grid, State::NotStarted), next(plan.grid, 0),
        flagSet(plan.streamKWorkgroups, 0), stored(plan.streamKWorkgroups, 0),
        signalled(plan.streamKWorkgroups, 0),
        waiter(plan.streamKWorkgroups, -1),
        consumer(plan.streamKWorkgroups, -1) {}

  SimulationResult run();

private:
  enum class State { NotStarted, Running, Waiting, Finished };
  enum class Step { Done, Blocked, Failed };

  void startWorkgroups();
  Step runWorkgroup(int64_t w);
  Step execute(int64_t w, const FixupEvent &e);
  Step fail(int64_t w, const FixupEvent &e, const std::string &why);
  void reportDeadlock();

  const StreamKPlan &plan;
  const std::vector<EventList> &events;
  const int64_t resident;
  SimulationResult result;

  std::vector<State> state;
  std::vector<size_t> next; // Each workgroup's next event.
  std::deque<int64_t> ready;
  int64_t running = 0;
  /// Per slot: flag value, whether stored and signalled, the workgroup
  /// waiting on it, the workgroup that consumed its signal.
  std::vector<char> flagSet, stored, signalled;
  std::vector<int64_t> waiter, consumer;
};

void Simulator::startWorkgroups() {
  while (running < resident && result.started < plan.grid) {
    state[result.started] = State::Running;
    ready.push_back(result.started++);
    ++running;
  }
}

SimulationResult Simulator::run() {
  startWorkgroups();
  while (!ready.empty()) {
    int64_t w = ready.front();
    ready.pop_front();
    Step step = runWorkgroup(w);
    if (step == Step::Failed)
      return result;
    if (step == Step::Blocked)
      continue;
    state[w] = State::Finished;
    --running;
    startWorkgroups();
  }
  if (running > 0) {
    reportDeadlock();
    return result;
  }
  for (int64_t s = 0; s < plan.streamKWorkgroups; ++s)
    if (flagSet[s]) {
      result.error = "flag " + std::to_string(s) +
                     " is still set at the end: its partial was never read";
      return result;
    }
  result.finished = true;
  return result;
}

Simulator::Step Simulator::runWorkgroup(int64_t w) {
  const EventList &list = events[w];
  for (; next[w] < list.size(); ++next[w]) {
    Step step = execute(w, list[next[w]]);
    if (step != Step::Done)
      return step; // A blocked wait runs again when woken.
  }
  return Step::Done;
}

Simulator::Step Simulator::fail(int64_t w, const FixupEvent &e,
                                const std::string &why) {
  result.error = "workgroup " + std::to_string(w) + ", slot " +
                 std::to_string(e.slot) + ": " + why;
  return Step::Failed;
}

Simulator::Step Simulator::execute(int64_t w, const FixupEvent &e) {
  if (e.kind == FixupKind::Write)
    return Step::Done;
  int64_t s = e.slot;
  if (s < 0 || s >= plan.streamKWorkgroups)
    return fail(w, e, "no such slot");
  switch (e.kind) {
  case FixupKind::Store:
    if (s != streamKIndex(plan, w) || stored[s])
      return fail(w, e, "stored twice or not by its owner");
    stored[s] = 1;
    return Step::Done;
  case FixupKind::Signal:
    if (s != streamKIndex(plan, w) || !stored[s] || signalled[s])
      return fail(w, e, "signalled twice, before its store or by another");
    signalled[s] = flagSet[s] = 1;
    if (waiter[s] >= 0) {
      state[waiter[s]] = State::Running;
      ready.push_back(waiter[s]);
      waiter[s] = -1;
    }
    return Step::Done;
  case FixupKind::Wait:
    if (consumer[s] >= 0 || (waiter[s] >= 0 && waiter[s] != w))
      return fail(w, e, "waited for twice");
    if (!flagSet[s]) {
      waiter[s] = w;
      state[w] = State::Waiting;
      return Step::Blocked;
    }
    flagSet[s] = 0; // The waiter resets the flag for the next launch.
    consumer[s] = w;
    return Step::Done;
  case FixupKind::Accumulate:
    if (consumer[s] != w)
      return fail(w, e, "accumulated without waiting for its flag");
    return Step::Done;
  case FixupKind::Write:
    break;
  }
  return Step::Done;
}

void Simulator::reportDeadlock() {
  using Awaited = SimulationResult::Awaited;
  for (int64_t w = 0; w < result.started; ++w) {
    if (state[w] != State::Waiting)
      continue;
    int64_t slot = events[w][next[w]].slot;
    int64_t awaited = workgroupOfStreamK(plan, slot);
    Awaited how = state[awaited] == State::NotStarted ? Awaited::NotStarted
                  : state[awaited] == State::Finished ? Awaited::Finished
                                                      : Awaited::Waiting;
    result.blocked.push_back({w, slot, awaited, how});
  }
}

} // namespace

SimulationResult
ckschedule::simulate(const StreamKPlan &plan,
                     const std::vector<std::vector<FixupEvent>> &events,
                     int64_t resident) {
  if (resident < 1 || int64_t(events.size()) != plan.grid) {
    SimulationResult result;
    result.error = resident < 1 ? "resident workgroups must be positive"
                                : "events do not match the plan's grid";
    return result;
  }
  return Simulator(plan, events, resident).run();
}

SimulationResult ckschedule::simulate(const StreamKPlan &plan,
                                      int64_t resident) {
  return simulate(plan, fixupEvents(plan), resident);
}

std::string SimulationResult::describe() const {
  if (!error.empty())
    return "inconsistent fix-up: " + error;
  if (finished)
    return "finished";
  std::string text = "deadlock: all " + std::to_string(blocked.size()) +
                     " running workgroups wait";
  const size_t shown = 4;
  for (size_t i = 0; i < blocked.size() && i < shown; ++i) {
    const Blocked &b = blocked[i];
    const char *why = b.awaited == Awaited::NotStarted ? "not resident"
                      : b.awaited == Awaited::Waiting  ? "itself waiting"
                                                       : "finished";
    text += "; workgroup " + std::to_string(b.workgroup) + " for flag " +
            std::to_string(b.slot) + " of workgroup " +
            std::to_string(b.awaitedWorkgroup) + " (" + why + ")";
  }
  if (blocked.size() > shown)
    text += "; ...";
  return text;
}

const char *ckschedule::toString(Reduction reduce) {
  return reduce == Reduction::Linear ? "linear" : "tree";
}

const char *ckschedule::toString(DataParallel dp) {
  return dp == DataParallel::PerTile ? "per_tile" : "persistent";
}
