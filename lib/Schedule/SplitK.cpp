//===- SplitK.cpp - The split-K schedule on the host ----------------------===//

#include "ck/Schedule/SplitK.h"

#include "Checks.h"

#include <algorithm>
#include <vector>

using namespace ckschedule;
using namespace ckschedule::detail;

namespace {

std::string planError(const std::string &message) {
  return "invalid split_k schedule: " + message;
}

/// The first message for inputs planSplitK refuses, or "".
std::string checkInputs(int64_t tiles, int64_t iters, int64_t resident,
                        const SplitKOptions &options) {
  const int64_t gridZ = cklimits::kMaxGrid[2];
  if (std::string error = checkSizes(tiles, iters, resident); !error.empty())
    return error;
  if (options.kBatch < 0 || options.kBatch > gridZ)
    return "k_batch must be auto or 1 to " + std::to_string(gridZ) +
           " (the grid's z limit), got " + std::to_string(options.kBatch);
  if (options.minIters < 1)
    return notPositive("min_iters", options.minIters);
  if (options.maxKBatch < 1 || options.maxKBatch > gridZ)
    return "max k_batch must be 1 to " + std::to_string(gridZ) + ", got " +
           std::to_string(options.maxKBatch);
  if (options.partialBytes < 1)
    return notPositive("partial_bytes", options.partialBytes);
  return "";
}

} // namespace

int64_t ckschedule::splitKMakespan(int64_t tiles, int64_t iters,
                                   int64_t residentWorkgroups,
                                   int64_t kBatch) {
  int64_t itersPerSplit = ceilDiv(iters, kBatch);
  int64_t splits = ceilDiv(iters, itersPerSplit);
  return ceilDiv(tiles * splits, residentWorkgroups) *
         (itersPerSplit + kWorkgroupOverheadIters);
}

int64_t ckschedule::chooseKBatch(int64_t tiles, int64_t iters,
                                 int64_t residentWorkgroups, int64_t minIters,
                                 int64_t maxKBatch) {
  int64_t most = std::min(maxKBatch, std::max<int64_t>(1, iters / minIters));
  std::vector<int64_t> makespans;
  for (int64_t k = 1; k <= most; ++k)
    makespans.push_back(splitKMakespan(tiles, iters, residentWorkgroups, k));
  int64_t least = *std::min_element(makespans.begin(), makespans.end());
  auto first = std::find_if(makespans.begin(), makespans.end(),
                            [&](int64_t m) { return m - least <= least / 50; });
  return 1 + (first - makespans.begin());
}

SplitKResult ckschedule::planSplitK(int64_t tiles, int64_t iters,
                                    int64_t residentWorkgroups,
                                    const SplitKOptions &options) {
  SplitKResult result;
  result.error = checkInputs(tiles, iters, residentWorkgroups, options);
  if (!result.ok()) {
    result.error = planError(result.error);
    return result;
  }
  SplitKPlan &plan = result.plan;
  plan.tiles = tiles;
  plan.iters = iters;
  plan.residentWorkgroups = residentWorkgroups;
  plan.options = options;
  plan.requestedKBatch =
      options.kBatch != kKBatchAuto
          ? options.kBatch
          : chooseKBatch(tiles, iters, residentWorkgroups, options.minIters,
                         options.maxKBatch);
  // Splits of ceil(I / k) iterations; past I they would be empty.
  plan.itersPerSplit = ceilDiv(iters, plan.requestedKBatch);
  plan.kBatch = ceilDiv(iters, plan.itersPerSplit);
  if (plan.kBatch == 1)
    return result; // The GEMM writes the output itself.
  if (!multiply(plan.kBatch, tiles, plan.workspaceSlots) ||
      !multiply(plan.workspaceSlots, options.partialBytes, plan.workspaceBytes))
    result.error = planError(
        "a workspace of " + std::to_string(plan.kBatch) + " * " +
        std::to_string(tiles) + " partial tiles of " +
        std::to_string(options.partialBytes) + " bytes does not fit 64 bits");
  return result;
}

SplitRange ckschedule::splitRange(const SplitKPlan &plan, int64_t z) {
  int64_t begin = z * plan.itersPerSplit;
  return {begin, std::min(plan.iters, begin + plan.itersPerSplit)};
}
