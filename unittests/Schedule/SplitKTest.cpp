//===- SplitKTest.cpp - The split-K schedule model ------------------------===//

#include "ck/Schedule/SplitK.h"

#include <gtest/gtest.h>

#include <random>

using namespace ckschedule;

namespace {

constexpr int64_t kPartialBytes = 64 * 128 * 4;

SplitKOptions makeOptions(int64_t kBatch, int64_t minIters = 1,
                          int64_t maxKBatch = cklimits::kMaxGrid[2]) {
  SplitKOptions options;
  options.kBatch = kBatch;
  options.minIters = minIters;
  options.maxKBatch = maxKBatch;
  options.partialBytes = kPartialBytes;
  return options;
}

SplitKPlan planOf(int64_t tiles, int64_t iters, int64_t resident,
                  const SplitKOptions &options) {
  SplitKResult result = planSplitK(tiles, iters, resident, options);
  EXPECT_TRUE(result.ok()) << result.error;
  return result.plan;
}

/// k_batch, iterations per split and workspace slots.
std::array<int64_t, 3> sizesOf(int64_t tiles, int64_t iters, int64_t resident,
                               const SplitKOptions &options) {
  SplitKPlan p = planOf(tiles, iters, resident, options);
  return {p.kBatch, p.itersPerSplit, p.workspaceSlots};
}

/// "" when the splits cover [0, I) in order, none empty, and the sizes
/// follow from k_batch; else the first violation.
std::string checkPlan(const SplitKPlan &p) {
  if (p.kBatch < 1 || p.kBatch > p.requestedKBatch || p.gridZ() != p.kBatch)
    return "k_batch out of range";
  if (p.itersPerSplit != (p.iters + p.requestedKBatch - 1) / p.requestedKBatch)
    return "iterations per split";
  // Kernels of `k_batch = auto` get k_batch alone and cut ranges of
  // ceil(I / k_batch) K-tiles (ck-lower-partition): the same length.
  if (p.itersPerSplit != (p.iters + p.kBatch - 1) / p.kBatch)
    return "ceil(I / k_batch) is not the range length";
  int64_t covered = 0;
  for (int64_t z = 0; z < p.kBatch; ++z) {
    SplitRange range = splitRange(p, z);
    if (range.begin != covered || range.end <= range.begin)
      return "split " + std::to_string(z) + " empty or out of order";
    covered = range.end;
  }
  if (covered != p.iters)
    return "splits do not cover I";
  int64_t slots = p.kBatch == 1 ? 0 : p.kBatch * p.tiles;
  if (p.workspaceSlots != slots ||
      p.workspaceBytes != slots * p.options.partialBytes)
    return "workspace";
  return "";
}

/// "" when the requested k_batch is the fixed one, or the auto rule's: at
/// most max and I / min_iters (at least 1), its makespan within a fiftieth
/// of the least of every k so bounded, and no fewer splits within that
/// fiftieth.
std::string checkAutoRule(const SplitKPlan &p) {
  const SplitKOptions &o = p.options;
  if (o.kBatch != kKBatchAuto)
    return p.requestedKBatch == o.kBatch ? "" : "fixed k_batch changed";
  int64_t k = p.requestedKBatch;
  int64_t most =
      std::min(o.maxKBatch, std::max<int64_t>(1, p.iters / o.minIters));
  if (k < 1 || k > most)
    return "auto k_batch above a bound";
  auto makespan = [&](int64_t j) {
    return splitKMakespan(p.tiles, p.iters, p.residentWorkgroups, j);
  };
  int64_t least = makespan(1);
  for (int64_t j = 2; j <= most; ++j)
    least = std::min(least, makespan(j));
  if (makespan(k) - least > least / 50)
    return "auto k_batch more than a fiftieth slower than another";
  for (int64_t j = 1; j < k; ++j)
    if (makespan(j) - least <= least / 50)
      return "fewer splits would do within a fiftieth";
  return "";
}

TEST(SplitK, Makespan) {
  const int64_t c = kWorkgroupOverheadIters;
  // 15 splits of 18 tiles are 270 workgroups: two rounds on 264 resident
  // ones, of ceil(1250 / 15) = 84 iterations; 14 splits fit one round of 90.
  EXPECT_EQ(splitKMakespan(18, 1250, 264, 15), 2 * (84 + c));
  EXPECT_EQ(splitKMakespan(18, 1250, 264, 14), 90 + c);
  // Splits past I are empty and launch nothing: 7 asked of 10 iterations
  // are 5 of 2.
  EXPECT_EQ(splitKMakespan(1, 10, 7, 7), 2 + c);
  // 5 splits of 3 tiles are 15 workgroups: 3 rounds on 7.
  EXPECT_EQ(splitKMakespan(3, 10, 7, 7), 3 * (2 + c));
  // One split is the data-parallel grid.
  EXPECT_EQ(splitKMakespan(100, 1000, 264, 1), 1000 + c);
  EXPECT_EQ(splitKMakespan(171, 2500, 132, 1), 2 * (2500 + c));
}

TEST(SplitK, AutoRule) {
  using A = std::array<int64_t, 3>;
  // The RetinaNet head: 18 tiles on 264 resident workgroups, min_iters 2:
  // 14 splits of 90 (the last 80) run in one round, the least makespan
  // (90 + 16); ceil(W / T) = 15 would take two rounds of 84 + 16 and 625
  // splits of 2 take 43 rounds of 2 + 16.
  EXPECT_EQ(sizesOf(18, 1250, 264, makeOptions(kKBatchAuto, 2)),
            (A{14, 90, 14 * 18}));
  // A 1x1 backward-weight layer on one workgroup per H100 SM: 32 tiles of
  // 625 K-tiles; 4 splits are one round of 157 (ceil(2 * 132 / 32) = 9
  // were three rounds of 70).
  EXPECT_EQ(sizesOf(32, 625, 132, makeOptions(kKBatchAuto, 8, 64)),
            (A{4, 157, 4 * 32}));
  // Tiles that fill whole rounds: no split, no workspace; nor where splits
  // would only shorten a nearly full last round (1000 tiles are 3.8
  // rounds: 5 splits would take 19 of 250 + 16 iterations against 4 of
  // 1250 + 16, under a fiftieth less).
  EXPECT_EQ(sizesOf(264, 1250, 264, makeOptions(kKBatchAuto)), (A{1, 1250, 0}));
  EXPECT_EQ(sizesOf(1000, 1250, 264, makeOptions(kKBatchAuto)),
            (A{1, 1250, 0}));
  // More tiles than resident workgroups, the last round mostly idle: the
  // K = 2376 backward-weight layer at 100x100 on the H100 (171 tiles, one
  // workgroup per SM) runs 3 splits, 4 rounds of 834 (2 took three rounds
  // of 1250, 1.07x-1.10x as long on the H100).
  EXPECT_EQ(sizesOf(171, 2500, 132, makeOptions(kKBatchAuto, 8, 64)),
            (A{3, 834, 3 * 171}));
  // Limited by max and by I / min_iters.
  EXPECT_EQ(sizesOf(1, 1000, 264, makeOptions(kKBatchAuto, 1, 8)),
            (A{8, 125, 8}));
  EXPECT_EQ(sizesOf(1, 10, 264, makeOptions(kKBatchAuto, 3)), (A{3, 4, 3}));
  // 100 tiles: 2 splits are one round of 500 + 16 iterations, 5 two
  // rounds of 200 + 16 (the least) and 13 five rounds of 77 + 16.
  EXPECT_EQ(sizesOf(100, 1000, 264, makeOptions(kKBatchAuto)),
            (A{5, 200, 500}));
  // Fewer iterations than min_iters: one split.
  EXPECT_EQ(sizesOf(1, 2, 264, makeOptions(kKBatchAuto, 4)), (A{1, 2, 0}));
  // 5 splits of 2 already take one round of 2 on 7 workgroups.
  SplitKPlan p = planOf(1, 10, 7, makeOptions(kKBatchAuto));
  EXPECT_EQ(p.requestedKBatch, 5);
  EXPECT_EQ(p.itersPerSplit, 2);
  EXPECT_EQ(p.kBatch, 5);
  EXPECT_EQ(p.workspaceBytes, 5 * kPartialBytes);
}

TEST(SplitK, FixedKBatch) {
  using A = std::array<int64_t, 3>;
  EXPECT_EQ(sizesOf(18, 10, 264, makeOptions(4)), (A{4, 3, 72}));
  EXPECT_EQ(sizesOf(18, 10, 264, makeOptions(6)), (A{5, 2, 90}));
  EXPECT_EQ(sizesOf(18, 10, 264, makeOptions(10)), (A{10, 1, 180}));
  EXPECT_EQ(sizesOf(18, 10, 264, makeOptions(64)), (A{10, 1, 180}));
  // A fixed k_batch ignores the auto rule's inputs.
  EXPECT_EQ(sizesOf(1000, 10, 4, makeOptions(2, 100, 1)), (A{2, 5, 2000}));
  SplitKPlan p = planOf(18, 10, 264, makeOptions(4));
  EXPECT_EQ(splitRange(p, 0).begin, 0);
  EXPECT_EQ(splitRange(p, 0).end, 3);
  EXPECT_EQ(splitRange(p, 3).begin, 9);
  EXPECT_EQ(splitRange(p, 3).end, 10);
}

TEST(SplitK, RejectsBadInput) {
  const std::string prefix = "invalid split_k schedule: ";
  auto errorOf = [](int64_t tiles, int64_t iters, int64_t resident,
                    const SplitKOptions &options) {
    return planSplitK(tiles, iters, resident, options).error;
  };
  EXPECT_EQ(errorOf(0, 10, 4, makeOptions(2)),
            prefix + "tiles must be positive, got 0");
  EXPECT_EQ(errorOf(1, 0, 4, makeOptions(2)),
            prefix + "iters must be positive, got 0");
  EXPECT_EQ(errorOf(1, 10, -3, makeOptions(2)),
            prefix + "resident workgroups must be positive, got -3");
  EXPECT_EQ(errorOf(1, 10, 4, makeOptions(-1)),
            prefix + "k_batch must be auto or 1 to 65535 (the grid's z "
                     "limit), got -1");
  EXPECT_EQ(errorOf(1, 10, 4, makeOptions(65536)),
            prefix + "k_batch must be auto or 1 to 65535 (the grid's z "
                     "limit), got 65536");
  EXPECT_EQ(errorOf(1, 10, 4, makeOptions(kKBatchAuto, 0)),
            prefix + "min_iters must be positive, got 0");
  EXPECT_EQ(errorOf(1, 10, 4, makeOptions(kKBatchAuto, 1, 0)),
            prefix + "max k_batch must be 1 to 65535, got 0");
  SplitKOptions noBytes = makeOptions(2);
  noBytes.partialBytes = 0;
  EXPECT_EQ(errorOf(1, 10, 4, noBytes),
            prefix + "partial_bytes must be positive, got 0");
  SplitKOptions huge = makeOptions(4);
  huge.partialBytes = int64_t(1) << 40;
  EXPECT_EQ(errorOf(int64_t(1) << 30, 10, 4, huge),
            prefix + "a workspace of 4 * 1073741824 partial tiles of "
                     "1099511627776 bytes does not fit 64 bits");
  // Without splits nothing is stored, so no workspace can overflow.
  EXPECT_EQ(errorOf(int64_t(1) << 30, 10, 4, makeOptions(1)), "");
}

TEST(SplitK, ExhaustiveSmall) {
  int64_t plans = 0;
  for (int64_t tiles = 1; tiles <= 12; ++tiles)
    for (int64_t iters = 1; iters <= 24; ++iters)
      for (int64_t resident = 1; resident <= 20; ++resident)
        for (int64_t kBatch = kKBatchAuto; kBatch <= 30; ++kBatch)
          for (int64_t minIters : {1, 2, 5})
            for (int64_t maxKBatch : {1, 4, 64}) {
              SplitKPlan p = planOf(tiles, iters, resident,
                                    makeOptions(kBatch, minIters, maxKBatch));
              std::string why = checkPlan(p);
              if (why.empty())
                why = checkAutoRule(p);
              ASSERT_EQ(why, "") << "T=" << tiles << " I=" << iters
                                 << " W=" << resident << " k_batch=" << kBatch;
              ++plans;
            }
  EXPECT_EQ(plans, 12 * 24 * 20 * 31 * 3 * 3);
}

TEST(SplitK, RangeLengthFromKBatch) {
  // Every requested k of every I up to 2000: what the kernels recover.
  for (int64_t iters = 1; iters <= 2000; ++iters)
    for (int64_t k = 1; k <= iters; ++k) {
      SplitKPlan p = planOf(1, iters, 1, makeOptions(k));
      ASSERT_EQ((iters + p.kBatch - 1) / p.kBatch, p.itersPerSplit)
          << "I=" << iters << " k=" << k;
    }
}

TEST(SplitK, RandomLarge) {
  std::mt19937_64 rng(0x5b1175);
  for (int i = 0; i < 5000; ++i) {
    int64_t tiles = 1 + int64_t(rng() % 4096);
    int64_t iters = 1 + int64_t(rng() % (int64_t(1) << (rng() % 20)));
    int64_t resident = 1 + int64_t(rng() % 2048);
    int64_t kBatch = rng() % 2 ? kKBatchAuto : 1 + int64_t(rng() % 65535);
    SplitKPlan p = planOf(
        tiles, iters, resident,
        makeOptions(kBatch, 1 + int64_t(rng() % 16), 1 + int64_t(rng() % 256)));
    ASSERT_EQ(checkPlan(p), "") << "T=" << tiles << " I=" << iters;
    ASSERT_EQ(checkAutoRule(p), "") << "T=" << tiles << " I=" << iters;
  }
}

} // namespace
