//===- StreamKTest.cpp - The StreamK schedule model -----------------------===//
//
// Worked examples with every value spelled out, then the invariants of
// docs/Schedules.md checked on every small schedule and on seeded random
// large ones. The invariant checks recompute coverage, slot use and the
// launch outcome on their own (a second, naive simulator), so a wrong
// model fails them rather than agreeing with itself.
//
//===----------------------------------------------------------------------===//

#include "ck/Schedule/StreamK.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <random>
#include <sstream>

using namespace ckschedule;

namespace {

using Events = std::vector<std::vector<FixupEvent>>;

constexpr int64_t kPartialBytes = 64 * 128 * 4;

StreamKOptions makeOptions(Reduction reduce, DataParallel dp, int64_t tail,
                           int64_t minIters = 1) {
  StreamKOptions options;
  options.reduce = reduce;
  options.dp = dp;
  options.tail = tail;
  options.minIters = minIters;
  options.partialBytes = kPartialBytes;
  return options;
}

/// The plan, which the test expects planStreamK to accept.
StreamKPlan planOf(int64_t tiles, int64_t iters, int64_t resident,
                   const StreamKOptions &options) {
  StreamKResult result = planStreamK(tiles, iters, resident, options);
  EXPECT_TRUE(result.ok()) << result.error;
  return result.plan;
}

std::string describe(const StreamKPlan &p) {
  std::ostringstream os;
  os << "T=" << p.tiles << " I=" << p.iters << " W=" << p.residentWorkgroups
     << " tail=" << p.options.tail << " min_iters=" << p.options.minIters << " "
     << toString(p.options.reduce) << " " << toString(p.options.dp)
     << " -> S=" << p.streamKTiles << " D=" << p.dataParallelTiles
     << " K=" << p.streamKWorkgroups << " q=" << p.itersPerWorkgroup
     << " r'=" << p.extraIters << " grid=" << p.grid;
  return os.str();
}

std::string errorOf(int64_t tiles, int64_t iters, int64_t resident,
                    const StreamKOptions &options) {
  return planStreamK(tiles, iters, resident, options).error;
}

//===----------------------------------------------------------------------===//
// Invariant checks. Each returns "" or the first violation.
//===----------------------------------------------------------------------===//

std::string fail(const std::string &what) { return what; }
std::string at(const char *what, int64_t a, int64_t b = -1) {
  return std::string(what) + " (" + std::to_string(a) +
         (b >= 0 ? ", " + std::to_string(b) : "") + ")";
}

/// Sizes: D + S = T, K within W and S * I / min_iters, q and r' split
/// S * I, D a multiple of W with a tail and StreamK, the grid, the
/// workspace bound.
std::string checkSizes(const StreamKPlan &p) {
  int64_t t = p.tiles, s = p.streamKTiles, d = p.dataParallelTiles;
  int64_t k = p.streamKWorkgroups, w = p.residentWorkgroups;
  if (d + s != t || s < 0 || d < 0)
    return fail("D + S != T");
  if (k > w || (k == 0) != (s == 0))
    return fail("K out of range, or K = 0 without S = 0");
  if (k > 0) {
    int64_t n = s * p.iters;
    if (k * p.itersPerWorkgroup + p.extraIters != n || p.extraIters >= k)
      return fail("q and r' do not split S * I");
    if (p.itersPerWorkgroup < p.options.minIters)
      return fail("a StreamK workgroup has fewer than min_iters");
    if (k != std::min(w, n / p.options.minIters))
      return fail("K is not min(W, S * I / min_iters)");
    if (p.options.tail != kTailAll && d % w != 0)
      return fail("D is not a multiple of W");
    if (p.options.tail == kTailAll && d != 0)
      return fail("tail all left data-parallel tiles");
  }
  int64_t grid = p.options.dp == DataParallel::PerTile
                     ? d + k
                     : std::min(w, std::max(d, k));
  if (p.grid != grid || (p.options.dp == DataParallel::Persistent &&
                         p.grid != std::min(w, d + k)))
    return fail("grid");
  if (p.slotBytes != kPartialBytes + 256 ||
      p.workspaceBytes != k * (kPartialBytes + 256))
    return fail("workspace is not K * (P + 256)");
  if (p.kernelArguments() !=
      std::array<int64_t, 5>{k, d, p.itersPerWorkgroup, p.extraIters, grid})
    return fail("kernel arguments");
  return "";
}

/// Units: every iteration of every tile in exactly one unit, starters
/// exactly the units at k0 = 0, every launched workgroup busy, StreamK
/// units contiguous in the global iteration space.
std::string checkUnits(const StreamKPlan &p,
                       const std::vector<std::vector<WorkUnit>> &units) {
  std::vector<std::vector<std::pair<int64_t, int64_t>>> pieces(p.tiles);
  for (int64_t w = 0; w < p.grid; ++w) {
    if (units[w].empty())
      return at("idle workgroup launched", w);
    int64_t previousEnd = -1;
    for (const WorkUnit &u : units[w]) {
      if (u.tile < 0 || u.tile >= p.tiles || u.k0 < 0 || u.k0 >= u.k1 ||
          u.k1 > p.iters || u.isStarter != (u.k0 == 0))
        return at("malformed unit", w, u.tile);
      pieces[u.tile].push_back({u.k0, u.k1});
      bool streamK = u.tile >= p.dataParallelTiles;
      int64_t begin = u.tile * p.iters + u.k0;
      if (streamK && previousEnd >= 0 && begin != previousEnd)
        return at("StreamK range not contiguous", w);
      if (streamK)
        previousEnd = u.tile * p.iters + u.k1;
    }
  }
  for (int64_t t = 0; t < p.tiles; ++t) {
    std::sort(pieces[t].begin(), pieces[t].end());
    int64_t covered = 0;
    for (auto [k0, k1] : pieces[t]) {
      if (k0 != covered)
        return at("iterations of a tile missed or repeated", t, k0);
      covered = k1;
    }
    if (covered != p.iters)
      return at("tile not covered", t);
    Contributors c = tileContributors(p, t);
    bool streamK = t >= p.dataParallelTiles;
    if (int64_t(pieces[t].size()) != (streamK ? c.count : 1))
      return at("tileContributors disagrees with the units", t);
  }
  return "";
}

/// Events: slot use, writes by starters only, waits upward, and the tile
/// sums, evaluated from the top down with the iterations they hold.
std::string checkEvents(const StreamKPlan &p,
                        const std::vector<std::vector<WorkUnit>> &units,
                        const Events &events) {
  int64_t k = p.streamKWorkgroups;
  std::vector<int> stores(k), signals(k), waits(k), reads(k), writes(p.tiles);
  for (int64_t w = 0; w < p.grid; ++w) {
    const std::vector<FixupEvent> &list = events[w];
    for (size_t i = 0; i < list.size(); ++i) {
      const FixupEvent &e = list[i];
      if (e.unit < 0 || e.unit >= int64_t(units[w].size()) ||
          units[w][e.unit].tile != e.tile ||
          (i > 0 && e.unit < list[i - 1].unit))
        return at("event of no unit, or out of unit order", w, int64_t(i));
      if (e.kind == FixupKind::Write) {
        if (!units[w][e.unit].isStarter)
          return at("tile written by a non-starter", w, e.tile);
        ++writes[e.tile];
        continue;
      }
      if (e.slot < 0 || e.slot >= k)
        return at("slot outside the workspace", w, e.slot);
      int64_t owner = workgroupOfStreamK(p, e.slot);
      switch (e.kind) {
      case FixupKind::Store:
        if (owner != w)
          return at("stored to another's slot", w, e.slot);
        if (i + 1 == list.size() || list[i + 1].kind != FixupKind::Signal)
          return at("store not followed by its signal", w);
        ++stores[e.slot];
        break;
      case FixupKind::Signal:
        ++signals[e.slot];
        break;
      case FixupKind::Wait:
        if (owner <= w)
          return at("wait for a lower or the same workgroup", w, owner);
        if (i + 1 == list.size() || list[i + 1].kind != FixupKind::Accumulate ||
            list[i + 1].slot != e.slot)
          return at("wait not followed by its read", w);
        ++waits[e.slot];
        break;
      case FixupKind::Accumulate:
        ++reads[e.slot];
        break;
      case FixupKind::Write:
        break;
      }
    }
  }
  for (int64_t s = 0; s < k; ++s) {
    if (stores[s] > 1)
      return at("slot stored twice", s);
    if (signals[s] != stores[s] || waits[s] != stores[s] ||
        reads[s] != stores[s])
      return at("slot not signalled, waited for and read once", s);
    int64_t end = p.partialOffset(s) + kPartialBytes;
    if (end > p.flagOffset(s) || p.flagOffset(s) % 256 != 0 ||
        p.flagOffset(s) + 256 > p.workspaceBytes)
      return at("slot outside the workspace bound", s);
  }
  for (int64_t t = 0; t < p.tiles; ++t)
    if (writes[t] != 1)
      return at("tile not written exactly once", t);
  return "";
}

/// Adds up every tile the way the events say, as lists of iteration
/// ranges, from the highest workgroup down (every read slot is then
/// filled), and checks that each write holds its tile's I iterations once.
/// Also counts the starter's reads: p - 1 under Linear, ceil(log2 p) under
/// Tree.
std::string checkSums(const StreamKPlan &p,
                      const std::vector<std::vector<WorkUnit>> &units,
                      const Events &events) {
  using Pieces = std::vector<std::pair<int64_t, int64_t>>;
  std::vector<Pieces> slots(p.streamKWorkgroups);
  std::vector<char> filled(p.streamKWorkgroups, 0);
  for (int64_t w = p.grid - 1; w >= 0; --w) {
    Pieces sum;
    int64_t unit = -1, reads = 0;
    for (const FixupEvent &e : events[w]) {
      if (e.unit != unit) {
        unit = e.unit;
        const WorkUnit &u = units[w][unit];
        sum = {{u.tile * p.iters + u.k0, u.tile * p.iters + u.k1}};
        reads = 0;
      }
      bool usesSlot =
          e.kind == FixupKind::Store || e.kind == FixupKind::Accumulate;
      if (usesSlot && (e.slot < 0 || e.slot >= p.streamKWorkgroups))
        return at("slot outside the workspace", w, e.slot);
      if (e.kind == FixupKind::Store) {
        slots[e.slot] = sum;
        filled[e.slot] = 1;
      } else if (e.kind == FixupKind::Accumulate) {
        if (!filled[e.slot])
          return at("read of a slot not yet stored", w, e.slot);
        sum.insert(sum.end(), slots[e.slot].begin(), slots[e.slot].end());
        ++reads;
      } else if (e.kind == FixupKind::Write) {
        std::sort(sum.begin(), sum.end());
        int64_t covered = e.tile * p.iters;
        for (auto [begin, end] : sum) {
          if (begin != covered)
            return at("tile sum misses or repeats iterations", e.tile);
          covered = end;
        }
        if (covered != (e.tile + 1) * p.iters)
          return at("tile sum incomplete", e.tile);
        int64_t count = int64_t(sum.size()), depth = 0;
        while ((int64_t(1) << depth) < count)
          ++depth;
        int64_t expected =
            p.options.reduce == Reduction::Linear ? count - 1 : depth;
        if (reads != expected)
          return at("starter reads", e.tile, reads);
      }
    }
  }
  return "";
}

/// A second simulator, as plain as possible: sweep the started workgroups
/// in index order, each as far as it gets, until a sweep moves nothing.
/// Returns the started workgroups left waiting (none when all finished).
std::vector<int64_t> naiveSimulate(const StreamKPlan &p, const Events &events,
                                   int64_t resident) {
  std::vector<size_t> next(p.grid, 0);
  std::vector<char> flag(p.streamKWorkgroups, 0), done(p.grid, 0);
  int64_t started = std::min(resident, p.grid);
  for (bool moved = true; moved;) {
    moved = false;
    for (int64_t w = 0; w < started; ++w) {
      while (!done[w] && next[w] < events[w].size()) {
        const FixupEvent &e = events[w][next[w]];
        if (e.kind == FixupKind::Wait) {
          if (!flag[e.slot])
            break;
          flag[e.slot] = 0;
        } else if (e.kind == FixupKind::Signal) {
          flag[e.slot] = 1;
        }
        ++next[w];
        moved = true;
      }
      if (!done[w] && next[w] == events[w].size()) {
        done[w] = 1;
        started = std::min(started + 1, p.grid);
        moved = true;
      }
    }
  }
  std::vector<int64_t> waiting;
  for (int64_t w = 0; w < started; ++w)
    if (!done[w])
      waiting.push_back(w);
  return waiting;
}

bool hasWait(const Events &events) {
  for (const auto &list : events)
    for (const FixupEvent &e : list)
      if (e.kind == FixupKind::Wait)
        return true;
  return false;
}

/// A deadlock report: every resident workgroup waits, none for a finished
/// one, and at least one for a workgroup that could not start.
std::string checkDeadlockReport(const SimulationResult &r, int64_t resident) {
  if (!r.error.empty())
    return "simulator: " + r.error;
  if (int64_t(r.blocked.size()) != resident)
    return "deadlock with a resident workgroup not waiting";
  bool notResident = false;
  for (const SimulationResult::Blocked &b : r.blocked) {
    if (b.awaited == SimulationResult::Awaited::Finished)
      return "waits for a finished workgroup";
    if (b.awaitedWorkgroup <= b.workgroup)
      return "waits for a lower workgroup";
    notResident |= b.awaited == SimulationResult::Awaited::NotStarted;
  }
  return notResident ? "" : "deadlock without a workgroup that cannot start";
}

/// Launch outcomes: R >= K finishes, R = 1 deadlocks exactly when some
/// workgroup waits, and every deadlock report is well-formed. With
/// `sweep`, every R in [1, K] is also checked against naiveSimulate.
std::string checkSimulation(const StreamKPlan &p, const Events &events,
                            bool sweep) {
  int64_t k = p.streamKWorkgroups;
  for (int64_t resident : {std::max<int64_t>(k, 1), k + 1, p.grid}) {
    SimulationResult r = simulate(p, events, resident);
    if (!r.finished || !r.error.empty())
      return at("did not finish", resident) + ": " + r.describe();
  }
  SimulationResult one = simulate(p, events, 1);
  if (one.finished == hasWait(events))
    return "R = 1: " + one.describe();
  if (!one.finished)
    if (std::string why = checkDeadlockReport(one, 1); !why.empty())
      return "R = 1: " + why;
  if (!sweep)
    return "";
  for (int64_t resident = 1; resident <= k; ++resident) {
    SimulationResult r = simulate(p, events, resident);
    std::vector<int64_t> waiting;
    for (const SimulationResult::Blocked &b : r.blocked)
      waiting.push_back(b.workgroup);
    if (waiting != naiveSimulate(p, events, resident))
      return at("simulators disagree", resident) + ": " + r.describe();
    if (!r.finished)
      if (std::string why = checkDeadlockReport(r, resident); !why.empty())
        return at("bad report", resident) + ": " + why;
  }
  return "";
}

/// Every check on one plan; "" when all hold.
std::string checkPlan(const StreamKPlan &p, bool sweep) {
  std::vector<std::vector<WorkUnit>> units;
  for (int64_t w = 0; w < p.grid; ++w)
    units.push_back(unitsOf(p, w));
  Events events = fixupEvents(p);
  if (int64_t(events.size()) != p.grid)
    return "one event list per workgroup";
  int64_t most = 1;
  for (int64_t t = p.dataParallelTiles; t < p.tiles; ++t)
    most = std::max(most, tileContributors(p, t).count);
  if (p.maxContributors != most)
    return "maxContributors";
  // In order: each check relies on the ones before (slots in range, ...).
  std::string why = checkSizes(p);
  if (why.empty())
    why = checkUnits(p, units);
  if (why.empty())
    why = checkEvents(p, units, events);
  if (why.empty())
    why = checkSums(p, units, events);
  if (why.empty())
    why = checkSimulation(p, events, sweep);
  if (!why.empty())
    return why;
  // The reduction order is a function of the plan.
  if (fixupEvents(p) != events ||
      reductionExpressions(p) != reductionExpressions(p))
    return "fix-up differs between two runs";
  return "";
}

//===----------------------------------------------------------------------===//
// Worked examples
//===----------------------------------------------------------------------===//

// TilingLadder.md section 9: the RetinaNet K=36 head on the H100.
TEST(StreamK, RetinaNetExample) {
  for (DataParallel dp : {DataParallel::Persistent, DataParallel::PerTile}) {
    StreamKPlan p =
        planOf(18, 1250, 264, makeOptions(Reduction::Tree, dp, 2, 2));
    EXPECT_EQ(p.streamKTiles, 18);
    EXPECT_EQ(p.dataParallelTiles, 0);
    EXPECT_EQ(p.streamKWorkgroups, 264);
    EXPECT_EQ(p.itersPerWorkgroup, 85);
    EXPECT_EQ(p.extraIters, 60);
    EXPECT_EQ(p.grid, 264);
    EXPECT_EQ(p.kernelArguments(), (std::array<int64_t, 5>{264, 0, 85, 60, 264}));
    EXPECT_EQ(p.slotBytes, 32768 + 256);
    EXPECT_EQ(p.workspaceBytes, 264 * 33024);
    EXPECT_EQ(p.maxContributors, 16);
    int64_t sixteen = 0, total = 0;
    for (int64_t t = 0; t < 18; ++t) {
      Contributors c = tileContributors(p, t);
      EXPECT_TRUE(c.count == 15 || c.count == 16) << "tile " << t;
      sixteen += c.count == 16;
      total += c.count;
    }
    EXPECT_EQ(sixteen, 11);
    EXPECT_EQ(total, 281);
    // StreamK index 59 is the last with q + 1 = 86 iterations.
    IterRange range = streamKRange(p, 59);
    EXPECT_EQ(range.begin, 59 * 86);
    EXPECT_EQ(range.end, 60 * 86);
    EXPECT_EQ(streamKRange(p, 263).end, 18 * 1250);
    EXPECT_EQ(checkPlan(p, /*sweep=*/false), "");
  }
}

// Two tiles of four iterations on three workgroups: the smallest schedule
// with both a partial at a tile's end and a starter that waits.
TEST(StreamK, SmallScheduleUnitsAndEvents) {
  StreamKPlan p = planOf(
      2, 4, 3,
      makeOptions(Reduction::Linear, DataParallel::Persistent, kTailAll));
  EXPECT_EQ(p.streamKWorkgroups, 3);
  EXPECT_EQ(p.itersPerWorkgroup, 2);
  EXPECT_EQ(p.extraIters, 2);
  EXPECT_EQ(unitsOf(p, 0), (std::vector<WorkUnit>{{0, 0, 3, true}}));
  EXPECT_EQ(unitsOf(p, 1),
            (std::vector<WorkUnit>{{0, 3, 4, false}, {1, 0, 2, true}}));
  EXPECT_EQ(unitsOf(p, 2), (std::vector<WorkUnit>{{1, 2, 4, false}}));
  EXPECT_TRUE(unitsOf(p, 3).empty());
  using K = FixupKind;
  Events expected = {
      {{K::Wait, 0, 1, 0}, {K::Accumulate, 0, 1, 0}, {K::Write, 0, -1, 0}},
      {{K::Store, 0, 1, 0},
       {K::Signal, 0, 1, 0},
       {K::Wait, 1, 2, 1},
       {K::Accumulate, 1, 2, 1},
       {K::Write, 1, -1, 1}},
      {{K::Store, 1, 2, 0}, {K::Signal, 1, 2, 0}}};
  EXPECT_EQ(fixupEvents(p), expected);
  EXPECT_EQ(reductionExpressions(p),
            (std::vector<std::string>{"(w0 + w1)", "(w1 + w2)"}));

  SimulationResult one = simulate(p, 1);
  EXPECT_FALSE(one.finished);
  ASSERT_EQ(one.blocked.size(), 1u);
  EXPECT_EQ(one.blocked[0].workgroup, 0);
  EXPECT_EQ(one.blocked[0].slot, 1);
  EXPECT_EQ(one.blocked[0].awaitedWorkgroup, 1);
  EXPECT_EQ(one.blocked[0].awaited, SimulationResult::Awaited::NotStarted);
  EXPECT_EQ(one.started, 1);
  EXPECT_EQ(one.describe(), "deadlock: all 1 running workgroups wait; "
                            "workgroup 0 for flag 1 of workgroup 1 (not "
                            "resident)");
  // Two suffice here: 1 signals before it waits for 2, so 0 finishes and
  // makes room for 2.
  EXPECT_TRUE(simulate(p, 2).finished);
  EXPECT_EQ(simulate(p, 3).describe(), "finished");
}

TEST(StreamK, TreeAndLinearOrders) {
  auto expressions = [](int64_t iters, int64_t resident, Reduction reduce) {
    StreamKPlan p =
        planOf(1, iters, resident,
               makeOptions(reduce, DataParallel::Persistent, kTailAll));
    std::string why = checkPlan(p, /*sweep=*/true);
    EXPECT_EQ(why, "");
    return why.empty() ? reductionExpressions(p)[0] : why;
  };
  EXPECT_EQ(expressions(8, 4, Reduction::Tree), "((w0 + w1) + (w2 + w3))");
  EXPECT_EQ(expressions(8, 4, Reduction::Linear), "(((w0 + w1) + w2) + w3)");
  EXPECT_EQ(expressions(10, 5, Reduction::Tree),
            "(((w0 + w1) + (w2 + w3)) + w4)");
  EXPECT_EQ(expressions(12, 6, Reduction::Tree),
            "(((w0 + w1) + (w2 + w3)) + (w4 + w5))");
  EXPECT_EQ(expressions(5, 1, Reduction::Tree), "w0");
}

// Contributor 2 of four under Tree waits for 3 before it stores: the slot
// it stores holds both.
TEST(StreamK, TreeStoresAccumulatedPartial) {
  StreamKPlan p =
      planOf(1, 8, 4,
             makeOptions(Reduction::Tree, DataParallel::Persistent, kTailAll));
  using K = FixupKind;
  Events events = fixupEvents(p);
  EXPECT_EQ(events[0], (std::vector<FixupEvent>{{K::Wait, 0, 1, 0},
                                                {K::Accumulate, 0, 1, 0},
                                                {K::Wait, 0, 2, 0},
                                                {K::Accumulate, 0, 2, 0},
                                                {K::Write, 0, -1, 0}}));
  EXPECT_EQ(events[2], (std::vector<FixupEvent>{{K::Wait, 0, 3, 0},
                                                {K::Accumulate, 0, 3, 0},
                                                {K::Store, 0, 2, 0},
                                                {K::Signal, 0, 2, 0}}));
  // With three resident, 0 and 2 wait while 1 finishes and 3 starts.
  EXPECT_TRUE(simulate(p, 3).finished);
  SimulationResult two = simulate(p, 2);
  EXPECT_FALSE(two.finished);
  EXPECT_EQ(two.describe(),
            "deadlock: all 2 running workgroups wait; workgroup 0 for flag 2 "
            "of workgroup 2 (itself waiting); workgroup 2 for flag 3 of "
            "workgroup 3 (not resident)");
}

// One data-parallel wave plus one shared tile, launched both ways.
TEST(StreamK, DataParallelModes) {
  StreamKPlan perTile =
      planOf(5, 4, 4, makeOptions(Reduction::Tree, DataParallel::PerTile, 1));
  EXPECT_EQ(perTile.streamKTiles, 1);
  EXPECT_EQ(perTile.dataParallelTiles, 4);
  EXPECT_EQ(perTile.streamKWorkgroups, 4);
  EXPECT_EQ(perTile.grid, 8);
  EXPECT_EQ(streamKIndex(perTile, 3), -1);
  EXPECT_EQ(streamKIndex(perTile, 5), 1);
  EXPECT_EQ(workgroupOfStreamK(perTile, 1), 5);
  EXPECT_EQ(unitsOf(perTile, 2), (std::vector<WorkUnit>{{2, 0, 4, true}}));
  EXPECT_EQ(unitsOf(perTile, 5), (std::vector<WorkUnit>{{4, 1, 2, false}}));
  EXPECT_EQ(reductionExpressions(perTile),
            (std::vector<std::string>{"w0", "w1", "w2", "w3",
                                      "((w4 + w5) + (w6 + w7))"}));
  EXPECT_EQ(checkPlan(perTile, /*sweep=*/true), "");

  StreamKPlan persistent = planOf(
      5, 4, 4, makeOptions(Reduction::Tree, DataParallel::Persistent, 1));
  EXPECT_EQ(persistent.grid, 4);
  EXPECT_EQ(unitsOf(persistent, 1),
            (std::vector<WorkUnit>{{1, 0, 4, true}, {4, 1, 2, false}}));
  EXPECT_EQ(reductionExpressions(persistent),
            (std::vector<std::string>{"w0", "w1", "w2", "w3",
                                      "((w0 + w1) + (w2 + w3))"}));
  EXPECT_EQ(checkPlan(persistent, /*sweep=*/true), "");
}

TEST(StreamK, TailChoosesStreamKTiles) {
  auto sizes = [](int64_t tiles, int64_t tail) {
    StreamKPlan p =
        planOf(tiles, 16, 4,
               makeOptions(Reduction::Linear, DataParallel::Persistent, tail));
    return std::array<int64_t, 3>{p.streamKTiles, p.dataParallelTiles,
                                  p.streamKWorkgroups};
  };
  using A = std::array<int64_t, 3>;
  EXPECT_EQ(sizes(10, 1), (A{2, 8, 4}));
  EXPECT_EQ(sizes(10, 2), (A{6, 4, 4}));
  EXPECT_EQ(sizes(10, 3), (A{10, 0, 4}));
  EXPECT_EQ(sizes(10, 4), (A{10, 0, 4}));
  EXPECT_EQ(sizes(10, kTailAll), (A{10, 0, 4}));
  // Whole waves: data-parallel only, unless every tile is shared out.
  EXPECT_EQ(sizes(8, 2), (A{0, 8, 0}));
  EXPECT_EQ(sizes(8, kTailAll), (A{8, 0, 4}));
  // A tail past any product of 64 bits saturates at T.
  EXPECT_EQ(sizes(10, std::numeric_limits<int64_t>::max()), (A{10, 0, 4}));
}

TEST(StreamK, WholeWavesAreDataParallel) {
  StreamKPlan p = planOf(
      8, 16, 4, makeOptions(Reduction::Tree, DataParallel::Persistent, 2));
  EXPECT_EQ(p.grid, 4);
  EXPECT_EQ(p.workspaceBytes, 0);
  EXPECT_EQ(p.maxContributors, 1);
  EXPECT_EQ(p.kernelArguments(), (std::array<int64_t, 5>{0, 8, 0, 0, 4}));
  EXPECT_EQ(unitsOf(p, 1),
            (std::vector<WorkUnit>{{1, 0, 16, true}, {5, 0, 16, true}}));
  EXPECT_EQ(checkPlan(p, /*sweep=*/true), "");
}

// Too few iterations for one StreamK workgroup of min_iters: S = 0, and a
// persistent launch takes only the workgroups with a tile.
TEST(StreamK, FallbackWithoutStreamKWorkgroups) {
  for (int64_t tail : {int64_t(1), kTailAll}) {
    StreamKPlan p =
        planOf(3, 2, 8,
               makeOptions(Reduction::Tree, DataParallel::Persistent, tail, 7));
    EXPECT_EQ(p.streamKTiles, 0);
    EXPECT_EQ(p.dataParallelTiles, 3);
    EXPECT_EQ(p.streamKWorkgroups, 0);
    EXPECT_EQ(p.grid, 3);
    EXPECT_EQ(p.workspaceBytes, 0);
    EXPECT_EQ(checkPlan(p, /*sweep=*/true), "");
  }
}

// Less than a wave of work: persistent launches K, not W.
TEST(StreamK, PersistentGridBelowW) {
  StreamKPlan p = planOf(
      5, 10, 100,
      makeOptions(Reduction::Tree, DataParallel::Persistent, kTailAll, 4));
  EXPECT_EQ(p.streamKWorkgroups, 12);
  EXPECT_EQ(p.itersPerWorkgroup, 4);
  EXPECT_EQ(p.extraIters, 2);
  EXPECT_EQ(p.grid, 12);
  EXPECT_EQ(p.maxContributors, 3);
  EXPECT_EQ(checkPlan(p, /*sweep=*/true), "");
}

TEST(StreamK, SlotsRoundPartialsToLines) {
  StreamKOptions options =
      makeOptions(Reduction::Tree, DataParallel::Persistent, kTailAll);
  options.partialBytes = 1000;
  StreamKPlan p = planOf(2, 8, 4, options);
  EXPECT_EQ(p.slotBytes, 1024 + 256);
  EXPECT_EQ(p.workspaceBytes, 4 * 1280);
  EXPECT_EQ(p.partialOffset(3), 3 * 1280);
  EXPECT_EQ(p.flagOffset(3), 3 * 1280 + 1024);
}

TEST(StreamK, RejectsBadInput) {
  StreamKOptions good =
      makeOptions(Reduction::Tree, DataParallel::Persistent, 2);
  const std::string prefix = "invalid stream_k schedule: ";
  EXPECT_EQ(errorOf(0, 4, 4, good), prefix + "tiles must be positive, got 0");
  EXPECT_EQ(errorOf(4, -1, 4, good), prefix + "iters must be positive, got -1");
  EXPECT_EQ(errorOf(4, 4, 0, good),
            prefix + "resident workgroups must be positive, got 0");
  StreamKOptions bad = good;
  bad.tail = -2;
  EXPECT_EQ(errorOf(4, 4, 4, bad),
            prefix + "tail must be positive or all, got -2");
  bad = good;
  bad.minIters = 0;
  EXPECT_EQ(errorOf(4, 4, 4, bad),
            prefix + "min_iters must be positive, got 0");
  bad = good;
  bad.partialBytes = 0;
  EXPECT_EQ(errorOf(4, 4, 4, bad),
            prefix + "partial_bytes must be positive, got 0");
  EXPECT_EQ(errorOf(int64_t(1) << 40, int64_t(1) << 30, 4, good),
            prefix + "tiles * iters (1099511627776 * 1073741824) does not "
                     "fit 64 bits");
  bad = good;
  bad.partialBytes = int64_t(1) << 62;
  EXPECT_EQ(errorOf(3, 4, 4, bad),
            prefix + "a workspace of 4 slots of 4611686018427387904 + 256 "
                     "bytes does not fit 64 bits");
  StreamKOptions perTile =
      makeOptions(Reduction::Tree, DataParallel::PerTile, 1);
  EXPECT_EQ(errorOf(int64_t(1) << 32, 1, 1, perTile),
            prefix + "a per_tile grid of D + K = 4294967296 + 0 workgroups is "
                     "larger than the limit 2147483647");
  StreamKOptions all =
      makeOptions(Reduction::Tree, DataParallel::Persistent, kTailAll);
  EXPECT_EQ(errorOf(int64_t(1) << 33, 1, int64_t(1) << 32, all),
            prefix + "a persistent grid of 4294967296 workgroups is larger "
                     "than the limit 2147483647");
  // Large but valid: only the launch-time numbers are computed.
  StreamKPlan big = planOf(int64_t(1) << 31, int64_t(1) << 31, 1000000, all);
  EXPECT_EQ(big.streamKWorkgroups, 1000000);
  EXPECT_EQ(big.itersPerWorkgroup, 4611686018427);
  EXPECT_EQ(big.extraIters, 387904);
  EXPECT_EQ(big.maxContributors, 2);
}

// The checks themselves catch a broken fix-up.
TEST(StreamK, ChecksCatchBrokenEvents) {
  StreamKPlan p =
      planOf(1, 8, 4,
             makeOptions(Reduction::Tree, DataParallel::Persistent, kTailAll));
  Events events = fixupEvents(p);
  std::vector<std::vector<WorkUnit>> units;
  for (int64_t w = 0; w < p.grid; ++w)
    units.push_back(unitsOf(p, w));

  // Workgroup 3 forgets to signal: 2 waits for a finished workgroup, and 0
  // for 2.
  Events noSignal = events;
  noSignal[3].pop_back();
  SimulationResult r = simulate(p, noSignal, 4);
  EXPECT_FALSE(r.finished);
  ASSERT_EQ(r.blocked.size(), 2u);
  EXPECT_EQ(r.blocked[1].workgroup, 2);
  EXPECT_EQ(r.blocked[1].awaited, SimulationResult::Awaited::Finished);
  EXPECT_NE(checkEvents(p, units, noSignal), "");

  // Workgroup 2 stores its own partial only, before adding 3's.
  Events early = events;
  std::swap(early[2][0], early[2][2]);
  std::swap(early[2][1], early[2][3]);
  EXPECT_EQ(checkSums(p, units, early), "tile sum incomplete (0)");

  // Workgroup 1 stores twice.
  Events twice = events;
  twice[1].push_back(twice[1][0]);
  EXPECT_EQ(simulate(p, twice, 4).error,
            "workgroup 1, slot 1: stored twice or not by its owner");
  EXPECT_EQ(simulate(p, events, 0).error,
            "resident workgroups must be positive");
}

//===----------------------------------------------------------------------===//
// Exhaustive and random
//===----------------------------------------------------------------------===//

const Reduction kReductions[] = {Reduction::Linear, Reduction::Tree};
const DataParallel kModes[] = {DataParallel::Persistent, DataParallel::PerTile};

TEST(StreamK, ExhaustiveSmall) {
  int64_t plans = 0, hazards = 0;
  for (int64_t tiles = 1; tiles <= 12; ++tiles)
    for (int64_t iters = 1; iters <= 12; ++iters)
      for (int64_t resident = 1; resident <= 20; ++resident)
        for (int64_t tail : {int64_t(1), int64_t(2), int64_t(3), kTailAll})
          for (int64_t minIters : {1, 3})
            for (DataParallel dp : kModes)
              for (Reduction reduce : kReductions) {
                StreamKPlan p = planOf(tiles, iters, resident,
                                       makeOptions(reduce, dp, tail, minIters));
                std::string why = checkPlan(p, /*sweep=*/true);
                ASSERT_EQ(why, "") << describe(p);
                ++plans;
                hazards += !simulate(p, 1).finished;
              }
  EXPECT_EQ(plans, 12 * 12 * 20 * 4 * 2 * 2 * 2);
  // Most small schedules have a cross-workgroup wait.
  EXPECT_GT(hazards, plans / 2);
}

/// A size from 1 to 2^bits, small ones as likely as large magnitudes.
int64_t randomSize(std::mt19937_64 &rng, int bits) {
  int64_t magnitude = int64_t(1) << (rng() % (bits + 1));
  return 1 + int64_t(rng() % uint64_t(magnitude));
}

TEST(StreamK, RandomLarge) {
  std::mt19937_64 rng(0x5eed5);
  const int64_t tails[] = {1, 2, 3, 4, kTailAll};
  for (int i = 0; i < 3000; ++i) {
    StreamKOptions options =
        makeOptions(kReductions[rng() % 2], kModes[rng() % 2], tails[rng() % 5],
                    randomSize(rng, 4));
    StreamKPlan p = planOf(randomSize(rng, 11), randomSize(rng, 12),
                           randomSize(rng, 10), options);
    ASSERT_EQ(checkPlan(p, /*sweep=*/false), "") << describe(p);
  }
}

} // namespace
