//===- GemmConfig.cpp - Choosing and checking kernel configs --------------===//

#include "ck/Target/GemmConfig.h"
#include "ck/Dialect/CK/Utils/StagingTile.h"
#include "ck/Schedule/SplitK.h"
#include "ck/Support/Limits.h"

#include "llvm/Support/raw_ostream.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::ck;

int64_t mlir::ck::startingRegisters(TargetAttr target, int64_t wavesPerSimd) {
  int64_t step = cklimits::kRegisterReallocationStep;
  return std::min(target.getRegisters(),
                  target.getRegistersPerSimd() / wavesPerSimd / step * step);
}

int64_t mlir::ck::reallocationPool(TargetAttr target, int64_t wavesPerSimd) {
  // A lane's registers are allocated in whole steps: the 255 a lane may
  // address take 256.
  int64_t step = cklimits::kRegisterReallocationStep;
  return llvm::alignTo(startingRegisters(target, wavesPerSimd), step) *
         wavesPerSimd;
}

/// The most of `waves` waves on one SIMD (a workgroup's, or one role's:
/// whole warpgroups put the same number on each).
static int64_t wavesOnSimd(TargetAttr target, int64_t waves) {
  return llvm::divideCeil(waves, target.getSimds());
}

/// What each of a role's `waves` waves on a SIMD may grow to (setmaxnreg)
/// where the other role's `otherWaves` there hold `other` registers each:
/// the rest of the workgroup's registers per SIMD lane (reallocationPool
/// of its `wavesPerSimd`), in whole steps of reallocation, from 0 to
/// kMaxReallocatedRegisters.
static int64_t reallocatedShare(TargetAttr target, int64_t wavesPerSimd,
                                int64_t otherWaves, int64_t other,
                                int64_t waves) {
  int64_t step = cklimits::kRegisterReallocationStep;
  int64_t rest = reallocationPool(target, wavesPerSimd) - otherWaves * other;
  return std::clamp<int64_t>(rest / waves / step * step, 0,
                             cklimits::kMaxReallocatedRegisters);
}

int64_t mlir::ck::wgmmaInstructionColumns(TargetAttr target, int64_t threads,
                                          int64_t columns) {
  int64_t waves = llvm::divideCeil(threads, target.getWave());
  int64_t start = startingRegisters(target, wavesOnSimd(target, waves));
  int64_t piece = columns;
  // An m64nN f32 accumulator is N / 2 registers per lane.
  while (piece > 64 && piece % 128 == 0 &&
         piece / 2 + cklimits::kWgmmaOperandRegisters > start)
    piece /= 2;
  return piece;
}

GemmConfigCost mlir::ck::estimateCost(GemmConfigAttr config, TargetAttr target,
                                      Type elementType) {
  MatrixLayout mma = config.getMma().getLayout(target.getWave());
  ArrayRef<int64_t> block = config.getBlock(), wave = config.getWave();
  GemmConfigCost cost;
  cost.mathWaves = config.getMathWaves();
  cost.waves = cost.mathWaves + config.getLoadWaves();
  cost.threads = cost.waves * target.getWave();
  cost.copyThreads = config.hasRoles()
                         ? config.getLoadWaves() * target.getWave()
                         : cost.threads;
  int64_t bytes = elementType.getIntOrFloatBitWidth() / 8;
  bool wgmma = isa<WgmmaAttr>(config.getMma());
  // Either orientation of a padded tile fits in (rows + pad) x (cols + pad);
  // wgmma's swizzled tiles have no pad, and need room to align the arena.
  int64_t pad = wgmma ? 0 : kLdsRowPad;
  cost.ldsBytes = ((config.getStepRowsA() + pad) * (block[2] + pad) +
                   (block[2] + pad) * (block[1] + pad)) *
                      bytes * config.getLdsBuffers() +
                  (wgmma ? kWgmmaTileAlignment - 16 : 0);
  // The epilogue stages in the output's type, taken to be the operands'
  // (f32 where the GEMM adds D tensors, which the estimate does not see:
  // convert-ck-to-gpu checks the arena it builds).
  // Where the units share a ring, the math waves stage a tile while the
  // load waves fill the ring with the next unit's: the staging tile then
  // has LDS of its own, slices of the columns where one wave spans them
  // and a whole row of slices does not fit (planEpilogueStaging).
  cost.stagingPasses = 1;
  int64_t stagingRows = (block[0] / wave[0]) * mma.m;
  auto staging = [&](int64_t sliceCols) {
    return stagingRows * stagingColumns(sliceCols, bytes) * bytes;
  };
  if (config.getPartition().unitsShareRing()) {
    int64_t sliceCols = fittingStagingSliceColumns(
        block[1], mma.n, /*waveSpansColumns=*/wave[1] == block[1],
        target.getLds() - cost.ldsBytes, staging);
    cost.ldsBytes += staging(sliceCols);
    cost.stagingPasses = block[1] / sliceCols;
  } else {
    cost.ldsBytes = std::max(cost.ldsBytes, staging(block[1]));
  }
  // Split-K's `reduce = cluster` keeps the f32 partial tile in LDS.
  if (config.getPartition().isSplitKInCluster())
    cost.ldsBytes = std::max(cost.ldsBytes, block[0] * block[1] * 4);
  int64_t tiles = (wave[0] / mma.m) * (wave[1] / mma.n);
  int64_t perRegister = 4 / bytes;
  // wgmma reads its operands from LDS: no fragments in registers. #ck.fma's
  // K-tiles are 16 steps of one, unrolled, and the compilers keep every
  // step's fragments live at once, so they count whole: counted one step at
  // a time, 5 of the 338 matrix problems' sm_90a kernels spilled (up to
  // 168 B) and 15 of their gfx1100 kernels spilled VGPRs, none now
  // (bench/results/h200-fma-live-steps/). The matrix instructions' K-tiles
  // of one or two steps count one step; the RetinaNet kernels spill nothing
  // so.
  int64_t liveSteps = isa<FmaAttr>(config.getMma()) ? block[2] / mma.k : 1;
  int64_t fragments =
      wgmma ? 0
            : liveSteps * ((wave[0] / mma.m) *
                               llvm::divideCeil(mma.a.size(), perRegister) +
                           (wave[1] / mma.n) *
                               llvm::divideCeil(mma.b.size(), perRegister));
  // The next K-tile, prefetched into registers while this one is computed
  // (asynchronous copies go to LDS without them).
  int64_t prefetch =
      config.getAsyncCopy()
          ? 0
          : llvm::divideCeil((block[0] * block[2] + block[2] * block[1]) *
                                 bytes,
                             cost.copyThreads * 4);
  int64_t accumulators = tiles * mma.c.size();
  int64_t math = accumulators + fragments;
  cost.registersPerLane =
      config.hasRoles() ? std::max(math, prefetch) : math + prefetch;
  // A StreamK fix-up adds a partner's partial tile to the accumulators, and
  // LLVM loads it whole first. With roles, where two waves share a SIMD's
  // registers, that spilled: 160 of the 504 gfx942/gfx950 (4,2) RetinaNet
  // kernels (bench/results/amd-report-roles-42.md). Without roles it fits
  // as it is, and counting it shrank NVIDIA f32 tiles for nothing (13x13
  // backward-data 1.8x slower on the H100, bench/results/h100-role-budget.md).
  // wgmma's math waves hold the accumulators only (their operands stay in
  // LDS), which the fix-up adds to in place, as without roles.
  cost.fixupRegisters =
      config.hasRoles() && !wgmma &&
              config.getPartition().getKind() == PartitionKind::StreamK
          ? accumulators
          : 0;
  cost.wavesPerSimd = wavesOnSimd(target, cost.waves);
  // With wgmma and roles the math waves do no copy addressing: they keep a
  // quarter of the reserve, for the epilogue's.
  int64_t reserve = wgmma && config.hasRoles()
                        ? target.getAddressingRegisters() / 4
                        : target.getAddressingRegisters();
  cost.registersPerWave = startingRegisters(target, cost.wavesPerSimd);
  cost.loadRegistersPerWave = cost.registersPerWave;
  cost.reallocatedMathRegisters = 0;
  if (int64_t load = config.getLoadRegisters()) {
    // Whole warpgroups of each role put the same number of each on every
    // SIMD (explainGemmConfigMisfit checks it). The roles share what the
    // workgroup was launched with, an even share in steps of
    // reallocation: a warpgroup that grows past it waits forever (on the
    // H100, 4 load waves of 64 and 8 math waves of 224 hung: 168 each for
    // 12 waves leaves 504 per SIMD lane, not 512).
    cost.reallocatedMathRegisters = reallocatedShare(
        target, cost.wavesPerSimd, wavesOnSimd(target, config.getLoadWaves()),
        load, wavesOnSimd(target, cost.mathWaves));
    cost.registersPerWave =
        std::min(target.getRegisters(), cost.reallocatedMathRegisters);
    cost.loadRegistersPerWave = load;
  }
  cost.registerBudget = cost.registersPerWave - reserve;
  return cost;
}

std::optional<std::string>
mlir::ck::explainGemmConfigMisfit(GemmConfigAttr config, TargetAttr target,
                                  Type elementType) {
  std::string why;
  llvm::raw_string_ostream os(why);
  MatrixInstrAttrInterface instruction = config.getMma();
  std::optional<int64_t> requiredWave = instruction.getRequiredWaveSize();
  bool nativeToChip = isa<FmaAttr>(instruction) ||
                      llvm::is_contained(target.getMma(), instruction);
  ArrayRef<int64_t> block = config.getBlock(), wave = config.getWave();
  GemmConfigCost cost = estimateCost(config, target, elementType);
  MatrixLayout mma = instruction.getLayout(target.getWave());
  if (requiredWave && *requiredWave != target.getWave())
    os << instruction << " runs on waves of " << *requiredWave << " lanes; "
       << target.getChip() << " has " << target.getWave();
  else if (!nativeToChip)
    os << target.getChip() << " has no " << instruction << " instruction";
  else if (!instruction.acceptsInputs(elementType))
    os << instruction << " does not take " << elementType << " inputs";
  else if (config.getAsyncCopy() &&
           !target.hasFeature(TargetFeature::AsyncCopy))
    os << target.getChip() << " has no asynchronous copies to LDS (async_copy)";
  else if (config.getPartition().isSplitKInCluster() &&
           !hasMbarrierRings(target))
    os << "split-K's reduce = cluster reads partial tiles from the LDS of "
       << "the cluster's other workgroups (distributed shared memory, "
       << "sm_90); " << target.getChip() << " has none";
  else if (config.getPartition().isSplitKInCluster() &&
           config.getClusterSize() > 1)
    os << "split-K's reduce = cluster makes each tile's k_batch workgroups "
       << "the cluster; the config also clusters " << config.getClusterM()
       << " x " << config.getClusterN() << " workgroups along M and N";
  else if (config.getClusterSize() > 1 &&
           !target.hasFeature(TargetFeature::Tma))
    os << target.getChip() << " has no clusters whose copies multicast "
       << "(TMA); the config clusters " << config.getClusterM() << " x "
       << config.getClusterN() << " workgroups";
  else if (wave[0] % mma.m || wave[1] % mma.n)
    os << "wave tile " << wave[0] << "x" << wave[1]
       << " is not a whole number of " << instruction << " tiles (" << mma.m
       << "x" << mma.n << ")";
  else if (block[2] % mma.k)
    os << "block K " << block[2] << " is not a multiple of " << instruction
       << "'s K (" << mma.k << ")";
  else if (isa<WgmmaAttr>(instruction) && wave[1] != block[1])
    os << instruction << " needs wave tiles of the block's " << block[1]
       << " columns (four waves stacked along M share each instruction, 16 "
       << "rows each of every 64); got " << wave[0] << "x" << wave[1];
  else if (isa<WgmmaAttr>(instruction) &&
           (block[0] % (4 * wave[0]) || block[1] > 256))
    os << instruction << " needs block M a multiple of " << 4 * wave[0]
       << " (warpgroups of four " << wave[0] << "-row waves) and block N at "
       << "most 256; got " << block[0] << "x" << block[1];
  else if (isa<WgmmaAttr>(instruction) && block[2] != kWgmmaBlockK)
    os << instruction << " needs block K " << kWgmmaBlockK << " (one "
       << "128-byte swizzled row per M or N index); got " << block[2];
  else if (isa<WgmmaAttr>(instruction) && config.hasRoles() &&
           config.getLoadWaves() % cklimits::kWavesPerWarpgroup)
    os << instruction << " takes whole warpgroups of load waves (load_waves "
       << "a multiple of " << cklimits::kWavesPerWarpgroup << "); got "
       << config.getLoadWaves();
  else if (config.getLoadRegisters() &&
           !target.hasFeature(TargetFeature::RegisterReallocation))
    os << target.getChip() << " cannot reallocate registers between waves "
       << "(load_registers = " << config.getLoadRegisters() << ")";
  else if (config.getLoadRegisters() &&
           (config.getLoadWaves() % cklimits::kWavesPerWarpgroup ||
            cost.mathWaves % cklimits::kWavesPerWarpgroup))
    os << "load_registers reallocates registers by warpgroups: the load and "
       << "math waves must be multiples of " << cklimits::kWavesPerWarpgroup
       << "; got " << config.getLoadWaves() << " and " << cost.mathWaves;
  else if (config.getLoadRegisters() &&
           ((config.getPartition().getKind() == PartitionKind::StreamK &&
             !config.getPartition().unitsShareRing()) ||
            config.getPartition().getSplitKReduce() != SplitKReduction::Kernel))
    os << "load_registers needs a data-parallel partition, split-K reduced "
       << "by a kernel or StreamK with ring = shared: each role then runs "
       << "the rest of the kernel in its own arm, which a ring made for each "
       << "unit and meetings with other workgroups by all of its threads "
       << "cannot span; got " << config.getPartition();
  else if (config.getLoadRegisters() &&
           cost.reallocatedMathRegisters <= config.getLoadRegisters())
    os << "load_registers = " << config.getLoadRegisters() << " leaves the "
       << "math waves " << cost.reallocatedMathRegisters
       << " registers per lane; they must get more than the load waves";
  else if (isa<WgmmaAttr>(instruction) && !config.getAsyncCopy())
    os << instruction << " needs async_copy: its swizzled tiles are filled "
       << "by asynchronous copies (2 to " << cklimits::kMaxLdsBuffers
       << " stages)";
  else if (config.getPartition().unitsShareRing() &&
           (!config.hasRoles() || !hasMbarrierRings(target)))
    os << "a partition whose units share a ring (persistent data-parallel, "
       << "StreamK with ring = shared) needs wave roles (load_waves) that "
       << "hand K-tiles over on mbarriers, which only NVIDIA chips with TMA "
       << "poll; "
       << (config.hasRoles() ? target.getChip().str() + " has none"
                             : std::string("the config has no load waves"));
  else if (config.hasRoles() && target.getVendor() == Vendor::NVIDIA &&
           !hasMbarrierRings(target) &&
           config.getLdsBuffers() > cklimits::kMaxNamedBarrierRingSlots)
    os << "wave roles on " << target.getChip() << " hand K-tiles over on "
       << "named barriers, two per stage: at most "
       << cklimits::kMaxNamedBarrierRingSlots << " stages; got "
       << config.getLdsBuffers();
  else if (cost.threads > 1024)
    os << "configuration needs " << cost.threads
       << " threads per workgroup; the limit is 1024";
  else if (cost.ldsBytes > target.getLds())
    os << "configuration needs " << cost.ldsBytes
       << " bytes of LDS per workgroup; " << target.getChip() << " allows "
       << target.getLds();
  else if (cost.registersPerLane + cost.fixupRegisters > cost.registerBudget) {
    os << "configuration needs about "
       << cost.registersPerLane + cost.fixupRegisters
       << " registers per lane for accumulators, fragments and the "
          "prefetched tile";
    if (cost.fixupRegisters)
      os << " (" << cost.fixupRegisters
         << " of them for StreamK's partial tiles)";
    os << "; " << target.getChip() << " allows " << cost.registerBudget;
    if (cost.registerBudget <
        target.getRegisters() - target.getAddressingRegisters())
      os << " to each of its " << cost.wavesPerSimd << " waves on a SIMD";
    os << " after addressing";
  }
  if (why.empty())
    return std::nullopt;
  return why;
}

bool mlir::ck::hasMbarrierRings(TargetAttr target) {
  return target.getVendor() == Vendor::NVIDIA &&
         target.hasFeature(TargetFeature::Tma);
}

LogicalResult
mlir::ck::checkGemmConfig(GemmConfigAttr config, TargetAttr target,
                          Type elementType,
                          function_ref<InFlightDiagnostic()> emitError) {
  if (std::optional<std::string> why =
          explainGemmConfigMisfit(config, target, elementType))
    return emitError() << *why;
  return success();
}

/// The heuristic's asynchronous-copy pipeline: its stages, and the fewest
/// K-tiles a kernel's K loop must have for it.
static constexpr int64_t kAsyncStages = 3;
static constexpr int64_t kMinAsyncKTiles = 8;
/// The fewest K-tiles for which mma.sync GEMMs of fewer tiles than two per
/// compute unit take the larger staged block (selectGemmConfig).
static constexpr int64_t kMinStagedMmaSyncKTiles = 1024;

/// The output tiles of `shape` in tiles of `block`, over all batches.
static int64_t tileCount(GemmShape shape, ArrayRef<int64_t> block) {
  return llvm::divideCeil(shape.m, block[0]) *
         llvm::divideCeil(shape.n, block[1]) * shape.g;
}

int64_t mlir::ck::residentWorkgroupsPerComputeUnit(GemmConfigAttr config,
                                                   TargetAttr target,
                                                   Type elementType) {
  // Roles that reallocate registers take the register file: the kernel is
  // launched with an even share of it for one workgroup.
  if (config.getLoadRegisters())
    return 1;
  GemmConfigCost cost = estimateCost(config, target, elementType);
  int64_t byLds = target.getLdsPerCu() / std::max<int64_t>(1, cost.ldsBytes);
  int64_t byWaves = target.getWavesPerSimd() / cost.wavesPerSimd;
  int64_t byRegisters =
      target.getRegistersPerSimd() /
      (cost.wavesPerSimd *
       (cost.registersPerLane + target.getAddressingRegisters()));
  return std::max<int64_t>(1, std::min({byLds, byWaves, byRegisters}));
}

int64_t mlir::ck::residentWorkgroups(GemmConfigAttr config, TargetAttr target,
                                     Type elementType) {
  return target.getComputeUnits() *
         residentWorkgroupsPerComputeUnit(config, target, elementType);
}

int64_t mlir::ck::heuristicKBatch(GemmShape shape, GemmConfigAttr config,
                                  TargetAttr target, Type elementType,
                                  bool coResident, int64_t mostSplits) {
  ArrayRef<int64_t> block = config.getBlock();
  int64_t tiles = tileCount(shape, block);
  int64_t resident = residentWorkgroups(config, target, elementType);
  int64_t most =
      coResident ? std::min(mostSplits, resident / tiles) : mostSplits;
  if (most < 2)
    return 1;
  return ckschedule::chooseKBatch(tiles, llvm::divideCeil(shape.k, block[2]),
                                  resident, kMinHeuristicSplitKTiles, most);
}

/// The largest power-of-two tile <= preferred that wastes little of `size`.
static int64_t tileFor(int64_t size, int64_t preferred, int64_t minimum) {
  int64_t tile = preferred;
  while (tile > minimum && tile / 2 >= size)
    tile /= 2;
  return tile;
}

/// `tile` as small as the same number of tiles of `size` allows, in
/// multiples of `minimum`. Fewer padded rows or columns cost nothing and
/// free LDS and registers: 288 columns (the G = 32 RetinaNet layers' merged
/// groups, 3 x 3 taps x 32 channels) take three tiles of 96, not of 128.
/// On the H100 the three stride-1 layers of them ran 1.2-1.5x faster
/// (bench/results/h100-grouped-tiles/).
static int64_t tightTile(int64_t size, int64_t tile, int64_t minimum) {
  int64_t tiles = llvm::divideCeil(size, tile);
  return llvm::alignTo(llvm::divideCeil(size, tiles), minimum);
}

/// The wave tile that splits `block` among `waves` waves in whole
/// instruction tiles, or std::nullopt where none does: the squarest wave
/// grid (2 x 2 for four), then the squarest wave tile.
static std::optional<SmallVector<int64_t>>
waveTileFor(ArrayRef<int64_t> block, int64_t waves, const MatrixLayout &mma) {
  auto skew = [](int64_t x, int64_t y) {
    return std::max(x, y) / std::min(x, y);
  };
  std::optional<SmallVector<int64_t>> best;
  std::pair<int64_t, int64_t> bestSkew;
  for (int64_t alongM = 1; alongM <= waves; ++alongM) {
    int64_t alongN = waves / alongM;
    if (waves % alongM || block[0] % (alongM * mma.m) ||
        block[1] % (alongN * mma.n))
      continue;
    SmallVector<int64_t> tile = {block[0] / alongM, block[1] / alongN};
    std::pair<int64_t, int64_t> tileSkew = {skew(alongM, alongN),
                                            skew(tile[0], tile[1])};
    if (!best || tileSkew < bestSkew) {
      best = tile;
      bestSkew = tileSkew;
    }
  }
  return best;
}

/// The heuristic's partition for `block`: fewer tiles than compute units,
/// with K long enough for two splits of kMinHeuristicSplitKTiles, share the
/// K-tiles out evenly over the resident workgroups (StreamK, the fix-up a tree
/// inside the kernel). On the
/// H100 that took the 29 RetinaNet backward-weight layers (f16) that split-K
/// cut from 10.1 to 8.8 ms in all (bench/results/h100-streamk.md). StreamK's
/// counts are i32.
///
/// No StreamK workgroup gets fewer than kMinHeuristicSplitKTiles K-tiles
/// (`min_iters`): where the resident workgroups would each get fewer, fewer
/// of them share the work. On the H100 (sm_80 code) the 29 RetinaNet
/// kernels whose grid a minimum of 4 to 16 could change took 0.932x the
/// time in geomean with 8 (0.71x to 1.035x), 0.944x with 4 and 1.011x with
/// 16 (bench/results/h100-mma-occupancy/, section 6).
static PartitionAttr heuristicPartition(MLIRContext *context, GemmShape shape,
                                        ArrayRef<int64_t> block,
                                        TargetAttr target) {
  int64_t tiles = tileCount(shape, block);
  int64_t kTiles = llvm::divideCeil(shape.k, block[2]);
  if (tiles < target.getComputeUnits() &&
      kTiles >= 2 * kMinHeuristicSplitKTiles &&
      PartitionAttr::streamKCountsFit(tiles, kTiles))
    return PartitionAttr::get(context, PartitionKind::StreamK, /*kBatch=*/1,
                              /*minIters=*/kMinHeuristicSplitKTiles);
  return PartitionAttr::get(context, PartitionKind::DataParallel);
}

/// The most K-tiles (of 64) a GEMM may have for smallGemmRoles: longer K
/// loops (backward-data of the 2376-filter head, K = 21384; backward-weight
/// of large images) keep the heuristic's partition.
static constexpr int64_t kMaxSmallGemmKTiles = 64;
/// The fewest K-tiles for which a GEMM whose tiles fill at least half the
/// compute units takes roles 4,8 in smallGemmRoles: on the H100 the
/// backward-data layer K = 36 at 25x25 (79 tiles, K = 324: 6 K-tiles) went
/// from 14.8 to 17.7 us with them, the 25x25 layers of 256 channels (36
/// K-tiles) from 43 to 30 (bench/results/h100-concurrent/heuristic/).
static constexpr int64_t kMinLongKTiles = 8;

/// Wave roles (with a data-parallel partition) for a wgmma GEMM with fewer
/// 128-row tiles of `bn` columns than compute units and at most
/// kMaxSmallGemmKTiles K-tiles, else std::nullopt: one load warpgroup and
/// 8 math waves (128 rows) where the tiles fill at least half the compute
/// units, else 4 (64 rows: twice the tiles). The workgroups then have a
/// warpgroup for the copies and, with 64 rows, twice as many take part. On
/// the H100 the sweeps of the RetinaNet forward and backward-data layers
/// (bench/results/h100-persistent/sweep/) chose wave roles for every such
/// layer in bf16, 4,4 below 66 tiles and 4,8 from 79, data-parallel for 15
/// of the 19; the heuristic's StreamK without roles took 1.3 to 2.1 times
/// as long (bench/results/h100-concurrent/small/). Of the 42 RetinaNet
/// kernels (forward, backward-data, backward-weight; f16 and bf16) that the
/// rule changes, 40 ran faster, 1.48x in geomean, and the two of forward
/// K = 36 at 13x13 7% slower (bench/results/h100-concurrent/heuristic/).
static std::optional<WaveRoles> smallGemmRoles(GemmShape shape, int64_t bn,
                                               TargetAttr target) {
  int64_t tiles = tileCount(shape, {128, bn});
  int64_t kTiles = llvm::divideCeil(shape.k, kWgmmaBlockK);
  if (tiles >= target.getComputeUnits() || kTiles > kMaxSmallGemmKTiles)
    return std::nullopt;
  if (2 * tiles < target.getComputeUnits())
    return WaveRoles{4, 4};
  // With 8 math waves the tiles stay as many: the load warpgroup alone has
  // to pay, which a short K loop does not.
  if (kTiles < kMinLongKTiles)
    return std::nullopt;
  return WaveRoles{4, 8};
}

/// The rows of tallSmallGemmColumns's tiles: three math warpgroups.
static constexpr int64_t kTallSmallGemmRows = 192;

/// The columns of the tall tiles (192 rows: roles 4,12) that a GEMM given
/// roles 4,8 by smallGemmRoles takes where they still fit one round of the
/// compute units and pad M by at most a thirty-second more than 128-row
/// tiles do: half of `bn` where that is above 64 (its 128-row tiles fill
/// one round only in part, and each 192-row tile holds three quarters of a
/// 128 x `bn` tile's products, so the round ends sooner), else
/// std::nullopt. On the H100 (bench/results/h100-linear-access/tall/,
/// forward-tiles/) the forward 1x1 layer C = 2048, K = 256 at 25x25 (79
/// tiles of 128 x 256, 106 of 192 x 128) took 0.92x the time with them and
/// 5 stages, the forward and backward-data 3x3 layers of 256 channels at
/// 25x25 0.85x-0.90x; forward with 2376 filters at 7x7 (M = 784: 960 rows
/// in 192-row tiles, 896 in 128-row ones) 1.04x-1.12x, hence the bound.
static std::optional<int64_t> tallSmallGemmColumns(GemmShape shape, int64_t bn,
                                                   bool bKContiguous,
                                                   TargetAttr target) {
  int64_t tallRows = llvm::alignTo(shape.m, kTallSmallGemmRows);
  int64_t rows = llvm::alignTo(shape.m, 128);
  if (bn <= 128 || 32 * tallRows > 33 * rows)
    return std::nullopt;
  int64_t columns = tightTile(shape.n, bn / 2, bKContiguous ? 8 : 64);
  if (tileCount(shape, {kTallSmallGemmRows, columns}) >
      target.getComputeUnits())
    return std::nullopt;
  return columns;
}

/// The most rows of a GEMM that isFewRowsLongGemm takes: six 64-row tiles.
static constexpr int64_t kMaxFewRows = 6 * 64;

/// Wave roles (fewRowsLongGemmRoles) and split-K for a wgmma GEMM of at
/// most kMaxFewRows rows with more than kMaxSmallGemmKTiles K-tiles:
/// backward-weight whose M is the filters (at most 384 of them, K over
/// every pixel) or, over the output gradient's windows, taps times few
/// filters. On the H100, with roles 4,4:
/// - merged groups (64 filters of several groups by their taps and
///   channels), whose dy and x TMA copies where it merges them to 64
///   channels (ConvToGemm.cpp): the six G = 32 RetinaNet layers in bf16 (3
///   tiles of 64 x 192 per block of groups) took 0.75x-1.0x the time of
///   the previous database's choices (32 channels per GEMM, cp.async, 3
///   stages) this way, and 0.82x-1.47x with the same roles and StreamK
///   (bench/results/h100-grouped-tma/);
/// - the K = 36 head over dy's windows (324 rows, 25x25 to 100x100): 1.5x-3x
///   faster than with the StreamK this would otherwise take, without roles
///   or with (bench/results/h100-output-windows/);
/// - the sweeps chose roles and split-K for every RetinaNet backward-weight
///   layer of 256 filters with a long K (4,4 for the five 1x1 layers, 4,8
///   for the 3x3 ones), where the StreamK without roles took 1.3x-2.2x as
///   long (bench/results/h100-split-k-workgroups/sm_90a.tuning).
static bool isFewRowsLongGemm(GemmShape shape) {
  return shape.m <= kMaxFewRows &&
         llvm::divideCeil(shape.k, kWgmmaBlockK) > kMaxSmallGemmKTiles;
}

/// The fewest K-tiles per split for which fewRowsLongGemmRoles takes
/// 128-row tiles.
static constexpr int64_t kMinTallFewRowsSplitKTiles = 32;

/// The roles of an isFewRowsLongGemm GEMM: 4,4 (64-row tiles), or 4,8 where
/// its load waves copy by cp.async (`copiesByThreads`, asked of a 128-row
/// block) and the splits of 128-row tiles that fill the compute units keep
/// at least kMinTallFewRowsSplitKTiles K-tiles each; takesLandedLoadWaves
/// then gives those tiles a second load warpgroup with landed signals.
/// On an H200 the K = 36 head's backward-weight at 100x100 (3 tiles of 128
/// x 256, 44 splits of 57 K-tiles) ran so in 62.5 us against 77.1 with 4,4
/// (bf16, bench/results/h200-sweep-landed/); at 50x50 (14 K-tiles a split)
/// and 25x25 (4) it ran 22.9-24.8 us against 22.8-23.4 and 14.7-16.0
/// against 11.5-11.6 (bench/results/h200-copies-land/, k36-small).
static WaveRoles fewRowsLongGemmRoles(GemmShape shape, int64_t bn,
                                      TargetAttr target,
                                      function_ref<bool()> copiesByThreads) {
  int64_t tiles = tileCount(shape, {128, bn});
  int64_t splits = std::max<int64_t>(1, target.getComputeUnits() / tiles);
  int64_t kTiles = llvm::divideCeil(shape.k, kWgmmaBlockK);
  if (kTiles / splits >= kMinTallFewRowsSplitKTiles && copiesByThreads())
    return WaveRoles{4, 8};
  return WaveRoles{4, 4};
}

/// The fewest 128-row tiles for which a long GEMM takes 8 math waves in
/// longGemmRoles; fewer take 4 (64 rows: twice the tiles).
static constexpr int64_t kMinLongGemmTallTiles = 8;

/// Wave roles (with split-K) for a wgmma GEMM of more than kMaxFewRows rows
/// and kMaxSmallGemmKTiles K-tiles whose 128-row tiles are fewer than two
/// rounds of the compute units, else std::nullopt: 4,8, or 4,4 below
/// kMinLongGemmTallTiles tiles. Split-K's count (heuristicKBatch) then
/// fills the rounds, or leaves the GEMM data-parallel where one split does.
/// These are the backward-weight GEMMs of the filters by the channels over
/// every pixel, and backward-data of small images with the 2376-filter
/// head's long K. On the H100 the RetinaNet sweeps chose roles for all 16
/// such layers (bench/results/h100-split-k-past-grid/sm_90a.tuning): 4,8
/// with split-K for 9 and with StreamK over the last round for one, 4,4
/// with split-K for the 3 of 4 to 7 tiles and 4,4 data-parallel for 3 of
/// 64 tiles. This rule ran them in 0.87x-1.13x of the database's time,
/// where the StreamK without roles that the heuristic took before ran
/// 1.4x-2.6x as long (heuristic/ there).
static std::optional<WaveRoles> longGemmRoles(GemmShape shape, int64_t bn,
                                              TargetAttr target) {
  int64_t tiles = tileCount(shape, {128, bn});
  if (shape.m <= kMaxFewRows ||
      llvm::divideCeil(shape.k, kWgmmaBlockK) <= kMaxSmallGemmKTiles ||
      tiles >= 2 * target.getComputeUnits())
    return std::nullopt;
  return tiles < kMinLongGemmTallTiles ? WaveRoles{4, 4} : WaveRoles{4, 8};
}

/// Wave roles 4,8 (with a persistent data-parallel partition) for a wgmma
/// GEMM of at least one round of 128-row tiles of `bn` columns and at most
/// kMaxSmallGemmKTiles K-tiles, else std::nullopt. The workgroups, one per
/// compute unit, share one ring across their tiles: the load warpgroup
/// copies the next tile's K-tiles while the math warpgroups finish and
/// store the last (docs/rationale/EpilogueOverlap.md), and where TMA fills
/// the ring the load waves give their registers to the math waves
/// (withLeanLoadWaves). Without roles these GEMMs took one 128 x 256
/// workgroup per tile, its epilogue unhidden. On an H200 the RetinaNet
/// kernels this rule changes (72 of 222, f16 and bf16) ran 0.62x-1.03x the
/// time, 0.72x-0.83x in geomean per set. It is for rings that TMA fills
/// (selectWgmmaConfig asks `ringFilledByTma`): where the load waves copy
/// by cp.async (gathered windows, stride slices) their warpgroup alone
/// has to keep up, and the backward-data K = 36 head took twice as long
/// with roles (bench/results/h100-persistent-heuristic/); those keep the
/// data-parallel grid without roles, unless a second load warpgroup takes
/// them (takesLandedLoadWaves).
static std::optional<WaveRoles> manyTileGemmRoles(GemmShape shape, int64_t bn,
                                                  TargetAttr target) {
  if (tileCount(shape, {128, bn}) < target.getComputeUnits() ||
      llvm::divideCeil(shape.k, kWgmmaBlockK) > kMaxSmallGemmKTiles)
    return std::nullopt;
  return WaveRoles{4, 8};
}

/// A wgmma tile narrower than 64 columns: at least one instruction step of
/// 8 columns, and K long enough (in K-tiles of 64) for the pipeline to pay
/// for its fill (the merged groups' 288 was not).
static constexpr int64_t kMinNarrowWgmmaN = 8;
static constexpr int64_t kMinNarrowWgmmaKTiles = 8;
/// The fewest registers per lane withReallocatedRegisters leaves load
/// waves: those of the K = 36 head's gathered copies spilled at 40 and ran
/// 1.6x as long as at 96 on the H100 (bench/results/h100-setmaxnreg/).
static constexpr int64_t kMinLoadRegisters = 64;

/// Whether the tiles of `block`, each `workgroupsPerTile` workgroups (a
/// split-K cluster's splits), fill fewer than half the compute units. A
/// wgmma GEMM with roles and a data-parallel partition (not persistent)
/// then takes narrower tiles, halving the columns (not below 64) while
/// this holds, and the deepest ring of stages the LDS holds, up to one per
/// K-tile: its workgroups have a compute unit each. On the H100 the
/// RetinaNet 3x3 layers of 256 channels at 7x7 and 13x13 (13 to 43 tiles
/// of 64 x 256) ran 1.2x to 1.6x faster with 64 x 64 or 64 x 128 tiles
/// and 6 or 8 stages than with 64 x 256 tiles and 4 stages, in all three
/// directions (bench/results/h100-small-layers/). The GEMMs of a
/// ck.concurrent count alone. Counted together, the four stride slices of
/// the 13x13 stride-2 backward-data layer took 1.13x as long (64 x 128
/// tiles for 64 x 64), those of the 25x25 one 0.93x (64 x 256 tiles and 4
/// stages for 64 x 128 and 8): no gain overall.
static bool hasFewTiles(GemmShape shape, ArrayRef<int64_t> block,
                        TargetAttr target, int64_t workgroupsPerTile = 1) {
  return 2 * tileCount(shape, block) * workgroupsPerTile <
         target.getComputeUnits();
}

/// `config` with `load_registers = load`, or null where that misfits.
static GemmConfigAttr withLoadRegisters(GemmConfigAttr config,
                                        TargetAttr target, Type elementType,
                                        int64_t load) {
  auto reallocated = GemmConfigAttr::get(
      config.getContext(), config.getBlock(), config.getWave(), config.getMma(),
      config.getPartition(), config.getLdsBuffers(), config.getLoadWaves(),
      config.getAsyncCopy(), config.getClusterM(), config.getClusterN(),
      config.getResidentB(), load, config.getPingpong(),
      config.getSignalLanded());
  if (explainGemmConfigMisfit(reallocated, target, elementType))
    return {};
  return reallocated;
}

/// `config` with `load_registers`, where its math waves' registers do not
/// fit an even share of the register file but do when the load waves give
/// theirs up: the math waves keep their estimate and half the addressing
/// reserve, the load waves the rest, down to kMinLoadRegisters. A null
/// config where that does not fit either, or the chip cannot reallocate.
/// (On sm_90a 128 accumulators per lane spilled 1.6 KB at 144 registers
/// and none at 160: bench/results/h100-setmaxnreg/.)
static GemmConfigAttr withReallocatedRegisters(GemmConfigAttr config,
                                               TargetAttr target,
                                               Type elementType) {
  if (!config.hasRoles() ||
      !target.hasFeature(TargetFeature::RegisterReallocation))
    return {};
  GemmConfigCost cost = estimateCost(config, target, elementType);
  int64_t step = cklimits::kRegisterReallocationStep;
  int64_t mathNeed = llvm::alignTo(cost.registersPerLane + cost.fixupRegisters +
                                       target.getAddressingRegisters() / 2,
                                   step);
  int64_t load = reallocatedShare(target, cost.wavesPerSimd,
                                  wavesOnSimd(target, cost.mathWaves), mathNeed,
                                  wavesOnSimd(target, config.getLoadWaves()));
  if (load < kMinLoadRegisters)
    return {};
  return withLoadRegisters(config, target, elementType, load);
}

GemmConfigAttr mlir::ck::withLeanLoadWaves(GemmConfigAttr config,
                                           TargetAttr target,
                                           Type elementType) {
  if (config.getLoadRegisters() || !config.getPartition().unitsShareRing() ||
      !target.hasFeature(TargetFeature::RegisterReallocation) ||
      residentWorkgroupsPerComputeUnit(config, target, elementType) > 1)
    return config;
  if (GemmConfigAttr lean =
          withLoadRegisters(config, target, elementType, kMinLoadRegisters))
    return lean;
  return config;
}

/// Whether the heuristic's wgmma roles `roles` for a tile of 128 x `bn`
/// (and `kTiles` K-tiles of 64) whose ring the load waves fill with
/// cp.async (`copiesByThreads`: the tile under those roles is not filled by
/// TMA alone) take a second load warpgroup whose threads signal each slot full
/// as their copies land (`signal_landed`): 8 load waves for 8 math waves, where
/// each step copies a whole 128 x 256 tile over a long loop. One load warpgroup
/// issues 16-byte copies of 48 KiB per step, 24 per thread; two halve that. On
/// an H200 the K = 36 head's backward-weight at 100x100 (split-K, gathered
/// output gradient) ran 0.92x-0.97x the time of its 4,8 entry this way and the
/// backward-data 1x1 stride-2 layers (persistent, filters copied by cp.async)
/// 0.946x-0.979x that of theirs, with 4 stages; with 128 x 64 tiles (G = 32
/// stride-2 backward-data) 1.24x-1.32x and with 64 x 256 tiles (the K = 36 head
/// at 25x25 and 50x50) no faster (bench/results/h200-copies-land/). Where the
/// heuristic took the grid without roles, the 1x1 stride-2 layers ran
/// 0.85x-0.88x its time (bench/results/h200-landed-option/).
static bool takesLandedLoadWaves(WaveRoles roles, int64_t bn, int64_t kTiles,
                                 bool copiesByThreads) {
  return roles.load == 4 && roles.math == 8 && bn == 256 &&
         kTiles >= kMinLongKTiles && copiesByThreads;
}

/// The share of a round's columns under which persistentTileColumns takes
/// the narrower tiles, in tenths.
static constexpr int64_t kNarrowPersistentTenths = 9;

/// The columns of the persistent 128-row tiles that manyTileGemmRoles gives
/// a GEMM whose ring TMA fills: 128 in place of `bn` = 256 where the rounds
/// of the compute units that the narrower tiles take, times their columns,
/// come to at most nine tenths of the wider tiles' (whole rounds count: 316
/// tiles of 128 x 256 take 3 rounds of 132 workgroups, 632 of 128 x 128
/// take 5, 640 columns a workgroup against 768), else `bn`. On an H200 the
/// 1x1 layers backward-data C = 1024, K = 2048 and forward C = 2048,
/// K = 1024 at 25x25 ran 0.93x-0.98x the time of their database entries
/// (persistent 128 x 256 or 64 x 256 tiles) with 128 x 128 tiles; of the
/// 14 RetinaNet kernels this rule changes, 10 ran 0.905x-0.986x the time
/// in two runs and 4 ran 1.005x-1.038x (bench/results/h200-pingpong-1x1/).
static int64_t persistentTileColumns(GemmShape shape, int64_t bn,
                                     bool bKContiguous, TargetAttr target) {
  if (bn != 256)
    return bn;
  int64_t narrow = tightTile(shape.n, 128, bKContiguous ? 8 : 64);
  auto columnsPerWorkgroup = [&](int64_t columns) {
    return llvm::divideCeil(tileCount(shape, {128, columns}),
                            target.getComputeUnits()) *
           columns;
  };
  return 10 * columnsPerWorkgroup(narrow) <=
                 kNarrowPersistentTenths * columnsPerWorkgroup(bn)
             ? narrow
             : bn;
}

/// The wgmma configuration of a GEMM where the target has wgmma for its
/// inputs, else failure (no diagnostic: mma.sync serves it). Block 128 x
/// 256 (64 rows where M is at most 64; 128 columns where N is under 256, 64
/// under 128) by K 64, one wave per 16 rows, so one or two warpgroups (with
/// roles: whole load warpgroups and 16 rows per math wave, one to four math
/// warpgroups: roles 4,4, 4,8, 4,12 or 4,16; where the math waves' registers
/// do not fit an even share, with load_registers, withReallocatedRegisters).
/// The columns shrink to the fewest multiples of 8 (where B is contiguous
/// along K: K-major tiles) or of 64 (N-major tiles go in 128-byte blocks)
/// that keep the tile count: the merged groups' 576 columns (3 x 3 taps of
/// 64 channels) take three tiles of 192. K-major, N from 8 to 63 takes one
/// tile of them where K has kMinNarrowWgmmaKTiles K-tiles; N-major, N
/// needs 64. M needs 64 either way.
/// Asynchronous copies through 4 stages above 128 columns and 3 up to it
/// (the LDS of 4 would leave one workgroup per SM; persistent tiles that
/// persistentTileColumns narrows take 4), narrower tiles and
/// more stages where there are few tiles (hasFewTiles), or the stages
/// asked for (stages = 1, the register prefetch, stays on mma.sync); the
/// partition as for mma.sync. On the H100 the RetinaNet backward-weight
/// layers took 31.9 ms with 128 x 256 tiles on every layer and 34.7 ms
/// with 128 x 128, against 45.2 ms with mma.sync (bench/results/h100-wgmma/).
/// Forward with 2376 filters at 50x50 went from 763 to 671 us with 240
/// columns (10 tiles) for 256; with 36 filters at 100x100 from 191 us
/// (mma.sync) to 129 with 40 columns and roles 4,8, 173 without roles.
/// With a short K, as the
/// merged groups' 288 (C = K = 8, 32 columns), the narrow wgmma tile was
/// slower than mma.sync (bench/results/h100-epilogue-fill/).
static FailureOr<GemmConfigAttr>
selectWgmmaConfig(MLIRContext *context, GemmShape shape, Type elementType,
                  TargetAttr target, std::optional<WaveRoles> roles,
                  PartitionAttr partition, int64_t stages, bool bKContiguous,
                  function_ref<bool(GemmConfigAttr)> ringFilledByTma) {
  WgmmaAttr instruction;
  for (Attribute mma : target.getMma())
    if (auto wgmma = dyn_cast<WgmmaAttr>(mma);
        wgmma && wgmma.acceptsInputs(elementType)) {
      instruction = wgmma;
      break;
    }
  bool narrowN = bKContiguous && shape.n >= kMinNarrowWgmmaN &&
                 shape.n < 64 &&
                 shape.k >= kMinNarrowWgmmaKTiles * kWgmmaBlockK;
  if (!instruction || shape.m < 64 || (shape.n < 64 && !narrowN) ||
      stages == 1)
    return failure();
  // Whole math warpgroups, at most four (256 rows).
  if (roles && (roles->math % 4 || roles->math > 16))
    return failure();
  int64_t bn = shape.n >= 256 ? 256 : shape.n >= 128 ? 128 : 64;
  bn = tightTile(shape.n, bn, bKContiguous ? 8 : 64);
  int64_t kTiles = llvm::divideCeil(shape.k, kWgmmaBlockK);
  // The deepest ring of stages the LDS holds, up to one per K-tile, where
  // the tiles do not fill the compute units (a workgroup each).
  bool deepRing = false;
  bool heuristicRoles = !roles && !partition && !stages;
  // Whether persistentTileColumns halved the persistent tiles' columns.
  bool narrowPersistent = false;
  // Whether the load waves would fill the ring of `rows` x `columns` tiles
  // under `tilePartition` and `loadWaves` by cp.async: not by TMA alone.
  auto copiesByThreads = [&](int64_t rows, int64_t columns,
                             PartitionAttr tilePartition, int64_t loadWaves) {
    return ringFilledByTma &&
           !ringFilledByTma(GemmConfigAttr::get(
               context, {rows, columns, kWgmmaBlockK}, {16, columns},
               instruction, tilePartition, kAsyncStages, loadWaves,
               /*asyncCopy=*/true));
  };
  if (heuristicRoles) {
    if ((roles = smallGemmRoles(shape, bn, target))) {
      partition = PartitionAttr::get(context, PartitionKind::DataParallel);
      if (std::optional<int64_t> columns =
              roles->math == 8
                  ? tallSmallGemmColumns(shape, bn, bKContiguous, target)
                  : std::nullopt) {
        roles = WaveRoles{4, kTallSmallGemmRows / 16};
        bn = *columns;
        deepRing = true;
      }
    } else if (isFewRowsLongGemm(shape)) {
      partition = PartitionAttr::get(context, PartitionKind::SplitK,
                                     PartitionAttr::kKBatchAuto);
      roles = fewRowsLongGemmRoles(shape, bn, target, [&] {
        return copiesByThreads(128, bn, partition, /*loadWaves=*/4);
      });
    } else if ((roles = longGemmRoles(shape, bn, target))) {
      partition = PartitionAttr::get(context, PartitionKind::SplitK,
                                     PartitionAttr::kKBatchAuto);
    } else if ((roles = manyTileGemmRoles(shape, bn, target))) {
      partition = PartitionAttr::get(
          context, PartitionKind::DataParallel, /*kBatch=*/1,
          StreamKReduction::Tree, SplitKReduction::Kernel,
          DataParallelTiles::Persistent, /*tail=*/2, /*minIters=*/1,
          /*sharedRing=*/false);
      // Where cp.async would fill the ring, the grid stays data-parallel
      // without roles (manyTileGemmRoles), unless a second load warpgroup
      // takes it (takesLandedLoadWaves).
      bool copied =
          copiesByThreads(16 * roles->math, bn, partition, roles->load);
      if (copied && !takesLandedLoadWaves(*roles, bn, kTiles, copied)) {
        roles.reset();
        partition = PartitionAttr::get(context, PartitionKind::DataParallel);
      } else if (!copied) {
        int64_t columns =
            persistentTileColumns(shape, bn, bKContiguous, target);
        narrowPersistent = columns < bn;
        bn = columns;
      }
    }
  }
  int64_t bm = roles ? 16 * roles->math : shape.m <= 64 ? 64 : 128;
  SmallVector<int64_t> block = {bm, bn, kWgmmaBlockK};
  if (!partition)
    partition = heuristicPartition(context, shape, block, target);
  // 4 stages also for the narrowed persistent tiles (one workgroup per
  // compute unit either way): with 3 they took 1.23x-1.87x the time of 4
  // (bench/results/h200-pingpong-1x1/, `@p128s3`).
  int64_t mostStages = bn > 128 || narrowPersistent ? 4 : 3;
  // Few tiles take narrower columns (hasFewTiles): with roles, in a
  // data-parallel partition (not persistent) a workgroup per tile, and
  // with split-K reduced in clusters (at most 8 splits, fixed) a tile's
  // splits, there with no more stages than a split's K-tiles. On the H100
  // the K = 36 head's backward-weight at 7x7 (6 tiles of 64 x 256, 8
  // splits, 2 K-tiles each) went from 7.0 to 5.8 us in 12 tiles of 64 x 128
  // (bf16 and f16; bench/results/h100-mma-occupancy/, 4d).
  bool dataParallel = partition.getKind() == PartitionKind::DataParallel &&
                      !partition.isPersistentDataParallel();
  int64_t workgroupsPerTile = !roles         ? 0
                              : dataParallel ? 1
                              : partition.isSplitKInCluster()
                                  ? std::max<int64_t>(1, partition.getKBatch())
                                  : 0;
  if (workgroupsPerTile &&
      hasFewTiles(shape, block, target, workgroupsPerTile)) {
    for (int64_t columns = bn;
         columns > 64 &&
         hasFewTiles(shape, block, target, workgroupsPerTile);) {
      columns /= 2;
      block[1] = tightTile(shape.n, columns, bKContiguous ? 8 : 64);
    }
    bn = block[1];
    if (dataParallel) {
      deepRing = true;
    } else {
      int64_t splitKTiles = llvm::divideCeil(
          llvm::divideCeil(shape.k, kWgmmaBlockK), workgroupsPerTile);
      mostStages = std::clamp<int64_t>(splitKTiles, 2, bn > 128 ? 4 : 3);
    }
  }
  bool signalLanded =
      heuristicRoles && roles &&
      takesLandedLoadWaves(*roles, bn, kTiles,
                           copiesByThreads(bm, bn, partition, roles->load));
  if (signalLanded)
    roles->load = 8;
  if (deepRing)
    mostStages = std::max(
        mostStages, std::min<int64_t>(cklimits::kMaxLdsBuffers,
                                      llvm::divideCeil(shape.k, kWgmmaBlockK)));
  // Where the stages are the heuristic's, fewer of them (down to 2) where
  // the LDS does not hold more: where the units share a ring, the staging
  // tile takes LDS beside it (128 x 256 tiles: 3 stages). A fourth stage
  // would fit beside a staging tile of half the columns, but the second
  // pass costs what the stage gains (1.00x-1.03x the time per set on an
  // H200, 0.94x only on two backward-weight kernels;
  // bench/results/h100-two-pass-staging/): the heuristic keeps whole rows,
  // and two passes are for stages asked for, or for load waves that signal
  // slots as their copies land: the backward-data 1x1 stride-2 layers
  // (persistent 128 x 256 tiles, roles 8,8) ran 0.85x-0.88x the time of
  // the grid without roles with 4 stages, 0.87x-0.92x with 3, on an H200
  // (bench/results/h200-landed-option/).
  for (int64_t buffers = stages ? stages : mostStages;
       buffers >= (stages ? stages : 2); --buffers) {
    auto config = GemmConfigAttr::get(
        context, block, {16, bn}, instruction, partition, buffers,
        roles ? roles->load : 0, /*asyncCopy=*/buffers >= 2, /*clusterM=*/1,
        /*clusterN=*/1, /*residentB=*/false, /*loadRegisters=*/0,
        /*pingpong=*/false, signalLanded && buffers >= 2);
    if (!stages && !signalLanded && buffers > 2 &&
        estimateCost(config, target, elementType).stagingPasses > 1)
      continue;
    if (!explainGemmConfigMisfit(config, target, elementType))
      return config;
    if (GemmConfigAttr reallocated =
            withReallocatedRegisters(config, target, elementType))
      return reallocated;
  }
  return failure();
}

/// The wide block of the 16-bit mma.sync heuristic: 128 x 256 (M x N),
/// eight waves of 64 x 64, kAsyncStages asynchronous-copy stages.
static constexpr int64_t kWideBlockM = 128;
static constexpr int64_t kWideBlockN = 256;
static constexpr int64_t kWideBlockWaves = 8;

/// The wide block for a GEMM that fills it (no tighter tile takes as few
/// tiles) and whose partition in it is StreamK (fewer such tiles than
/// compute units, a long K), else null. Twice the columns per workgroup
/// halve what the workgroups read of A per product, and StreamK keeps every
/// compute unit busy with the fewer tiles. On the H100 (sm_80 code) the 14
/// RetinaNet f16 backward-weight layers it takes ran 0.72x to 1.05x as long
/// as in the 128 x 128 block of four waves, 0.83x in geomean; with more
/// tiles than compute units the wide block's data-parallel grid lost (2376
/// filters at 50x50 and 100x100: 1.08x, 1.13x), and forward and
/// backward-data gained nothing that a rule could take
/// (bench/results/h100-mma-occupancy/).
static GemmConfigAttr
wideStreamKConfig(MLIRContext *context, GemmShape shape,
                  const MatrixLayout &mma, MatrixInstrAttrInterface instruction,
                  int64_t blockK,
                  function_ref<PartitionAttr(ArrayRef<int64_t>)> partitionFor) {
  SmallVector<int64_t> block = {kWideBlockM, kWideBlockN, blockK};
  if (tightTile(shape.m, kWideBlockM, 2 * mma.m) != kWideBlockM ||
      tightTile(shape.n, kWideBlockN, 2 * mma.n) != kWideBlockN)
    return {};
  std::optional<SmallVector<int64_t>> wave =
      waveTileFor(block, kWideBlockWaves, mma);
  PartitionAttr partition = partitionFor(block);
  if (!wave || partition.getKind() != PartitionKind::StreamK)
    return {};
  return GemmConfigAttr::get(context, block, *wave, instruction, partition,
                             kAsyncStages, /*loadWaves=*/0,
                             /*asyncCopy=*/true);
}

FailureOr<GemmConfigAttr> mlir::ck::selectGemmConfig(
    MLIRContext *context, GemmShape shape, Type elementType, TargetAttr target,
    function_ref<InFlightDiagnostic()> emitError,
    std::optional<WaveRoles> roles, PartitionAttr partition, int64_t stages,
    bool bKContiguous, bool aKContiguous,
    function_ref<bool(GemmConfigAttr)> ringFilledByTma) {
  if (stages >= 2 && !target.hasFeature(TargetFeature::AsyncCopy))
    return emitError() << stages << " stages need asynchronous copies to LDS, "
                       << "which " << target.getChip() << " lacks";
  MatrixInstrAttrInterface instruction = target.getInstructionFor(elementType);
  if (!instruction)
    return emitError() << target.getChip() << " cannot compute GEMMs of "
                       << elementType << " inputs";
  MatrixLayout mma = instruction.getLayout(target.getWave());
  // GEMMs narrower than half an instruction tile would waste most of it:
  // use FMAs there.
  if (2 * shape.m < mma.m || 2 * shape.n < mma.n) {
    instruction = FmaAttr::get(context);
    mma = instruction.getLayout(target.getWave());
  }
  if (FailureOr<GemmConfigAttr> wgmma =
          selectWgmmaConfig(context, shape, elementType, target, roles,
                            partition, stages, bKContiguous, ringFilledByTma);
      succeeded(wgmma))
    return *wgmma;
  // Four math waves in a 2 x 2 grid unless the roles ask for another count.
  int64_t mathWaves = roles ? roles->math : 4;
  int64_t loadWaves = roles ? roles->load : 0;
  // The partition is part of each candidate, as StreamK's fix-up needs
  // registers.
  auto partitionFor = [&](ArrayRef<int64_t> block) {
    return partition ? partition
                     : heuristicPartition(context, shape, block, target);
  };
  auto configFor = [&](ArrayRef<int64_t> block, int64_t ldsBuffers,
                       bool asyncCopy = false) -> GemmConfigAttr {
    std::optional<SmallVector<int64_t>> wave =
        waveTileFor(block, mathWaves, mma);
    if (!wave)
      return {};
    return GemmConfigAttr::get(context, block, *wave, instruction,
                               partitionFor(block), ldsBuffers, loadWaves,
                               asyncCopy);
  };
  auto fits = [&](GemmConfigAttr config) {
    return config && !explainGemmConfigMisfit(config, target, elementType);
  };
  int64_t bm = tileFor(shape.m, 128, 2 * mma.m);
  int64_t bn = tileFor(shape.n, 128, 2 * mma.n);
  int64_t bk = std::max<int64_t>(mma.k, isa<FmaAttr>(instruction) ? 16 : 32);
  // The config `make` gives the tight tile, shrunk, then K (not below 8),
  // until the chip's limits hold, and its `block`: the last candidate where
  // nothing is left to shrink (null where no wave grid splits it). A grid
  // of more than four math waves (roles) may not split the tight tile in
  // whole instruction tiles; the power-of-two one then. Halving keeps a
  // tile a multiple of its minimum.
  auto shrinkToFit = [&](SmallVector<int64_t> &block,
                         auto make) -> GemmConfigAttr {
    auto halve = [](int64_t tile, int64_t minimum) {
      return std::max(minimum, tile / 2 / minimum * minimum);
    };
    block = {tightTile(shape.m, bm, 2 * mma.m),
             tightTile(shape.n, bn, 2 * mma.n), bk};
    GemmConfigAttr config = make(block);
    if (!config) {
      block = {bm, bn, bk};
      config = make(block);
    }
    while (!fits(config)) {
      if (block[0] >= block[1] && block[0] > 2 * mma.m)
        block[0] = halve(block[0], 2 * mma.m);
      else if (block[1] > 2 * mma.n)
        block[1] = halve(block[1], 2 * mma.n);
      else if (block[2] > std::max<int64_t>(mma.k, 8))
        block[2] /= 2;
      else
        return config;
      config = make(block);
    }
    return config;
  };
  SmallVector<int64_t> block;
  GemmConfigAttr config = shrinkToFit(block, [&](ArrayRef<int64_t> tile) {
    return configFor(tile, /*ldsBuffers=*/1);
  });
  if (!config)
    return emitError() << "no block tile of " << instruction << " splits into "
                       << mathWaves << " math waves";
  if (!fits(config))
    return checkGemmConfig(config, target, elementType, emitError);
  // The block is the one the register prefetch fits, which the stages
  // asked for keep; 16-bit mma.sync's heuristic stages below may take a
  // larger one.
  if (stages == 1)
    return config;
  // Where a chip's copies land in lane order (gfx950's buffer loads to
  // LDS) and both operands are contiguous along K, both tiles are K-major
  // and swizzled, so their plans in LDS order have no pad: they copy in two
  // stages, the LDS of the double-buffered prefetch, without its registers.
  // Statically (no gfx950 here to time them) the RetinaNet forward layers'
  // main loops took 0.86x the MCA cycles (geomean), 13.2 fewer VGPRs, and
  // 32 of 74 kernels gained a wave (bench/results/amd-report-async-copies.md);
  // backward-data (one operand transposed in registers) and backward-weight
  // (tiles padded for transpose reads, whose pad slots are copied too) took
  // 1.09x in two stages, so they keep the prefetch.
  if (stages == 0 && loadWaves == 0 &&
      target.hasFeature(TargetFeature::AsyncCopyInLaneOrder) && aKContiguous &&
      bKContiguous) {
    GemmConfigAttr staged = configFor(block, /*ldsBuffers=*/2,
                                      /*asyncCopy=*/true);
    if (fits(staged))
      return staged;
  }
  // mma.sync of 16-bit inputs (sm_80: wgmma takes them on sm_90a) copies
  // through kAsyncStages stages, in any partition, in the block those
  // registers allow (no prefetch: 128 x 128 in waves of 64 x 64 where the
  // prefetch allowed 64 x 128 in waves of 32 x 64), where the K loop has
  // at least kMinAsyncKTiles steps and the GEMM at least two of those tiles
  // per compute unit or kMinStagedMmaSyncKTiles K-tiles. On the H100 (sm_80
  // code, compiled by the driver) the 62 f16 RetinaNet kernels this changes ran
  // 0.81x as long in geomean (0.54x to 1.07x); without the condition 35 more
  // changed, 1.06x as long (up to 1.45x: few tiles and short K loops), so it
  // leaves them (bench/results/h100-linear-form/sm80-heuristic/). Where the
  // wide block's tiles are few enough for StreamK, the wide block
  // (wideStreamKConfig) under the same condition.
  if (stages == 0 && loadWaves == 0 &&
      target.hasFeature(TargetFeature::AsyncCopy) &&
      isa<MmaSyncAttr>(instruction) &&
      elementType.getIntOrFloatBitWidth() == 16) {
    SmallVector<int64_t> stagedBlock;
    GemmConfigAttr staged =
        shrinkToFit(stagedBlock, [&](ArrayRef<int64_t> tile) {
          return configFor(tile, kAsyncStages, /*asyncCopy=*/true);
        });
    auto enoughWork = [&](ArrayRef<int64_t> tile) {
      int64_t kTiles = llvm::divideCeil(shape.k, tile[2]);
      return kTiles >= kMinAsyncKTiles &&
             (tileCount(shape, tile) >= 2 * target.getComputeUnits() ||
              kTiles >= kMinStagedMmaSyncKTiles);
    };
    if (GemmConfigAttr wide = wideStreamKConfig(context, shape, mma,
                                                instruction, bk, partitionFor);
        fits(wide) && enoughWork(wide.getBlock()))
      return wide;
    if (fits(staged) && enoughWork(stagedBlock) &&
        2 * estimateCost(staged, target, elementType).ldsBytes <=
            target.getLdsPerCu())
      return staged;
  }
  if (stages >= 2) {
    GemmConfigAttr staged = configFor(block, stages, /*asyncCopy=*/true);
    if (failed(checkGemmConfig(staged, target, elementType, emitError)))
      return failure();
    return staged;
  }
  // Asynchronous copies through 3 stages for data-parallel kernels whose K
  // loops have at least kMinAsyncKTiles steps, where the chip has them (and
  // no roles are asked for). On the H100 (bench/results/h100-async-copy/)
  // that made the RetinaNet forward layers 1.16x faster (geomean) and the
  // backward-data layers 1.10x. Shorter loops lose to the prologue (the
  // G = 32, C = 8 layers, 3 K-tiles: 0.76x), and StreamK kernels are mixed:
  // backward-weight took 0.97x, down to 0.67x on large 1x1 layers whose
  // larger StreamK grids read DRAM 1.8x as much.
  if (target.hasFeature(TargetFeature::AsyncCopy) &&
      !target.hasFeature(TargetFeature::AsyncCopyInLaneOrder) &&
      loadWaves == 0 &&
      config.getPartition().getKind() == PartitionKind::DataParallel &&
      llvm::divideCeil(shape.k, block[2]) >= kMinAsyncKTiles) {
    GemmConfigAttr staged = configFor(block, kAsyncStages, /*asyncCopy=*/true);
    if (fits(staged) &&
        2 * estimateCost(staged, target, elementType).ldsBytes <=
            target.getLdsPerCu())
      return staged;
  }
  // Double-buffer the LDS tiles where
  //  * that fits and still leaves room for two workgroups per compute unit
  //    (fewer would hide less latency than the saved barrier gains);
  //  * the tiles take at most half the register budget: without the second
  //    barrier, the step is one scheduling region, and where registers were
  //    tight (wave32 RDNA) LLVM overlapped it into spills (9 gfx1100
  //    RetinaNet kernels; none with one buffer);
  //  * LDS takes nothing from the L1 cache: on the H100, the RetinaNet
  //    backward-weight layers took 98 ms with one buffer and 104-127 ms
  //    with two (bench/results/h100-lds-buffers.md).
  // With roles the buffers are the ring between them, and one slot would
  // leave the load waves idle while the math waves read it: two wherever
  // they fit.
  GemmConfigAttr doubleBuffered = configFor(block, /*ldsBuffers=*/2);
  if (fits(doubleBuffered)) {
    GemmConfigCost cost = estimateCost(doubleBuffered, target, elementType);
    if (loadWaves > 0 || (!target.hasFeature(TargetFeature::LdsInL1) &&
                          2 * cost.ldsBytes <= target.getLdsPerCu() &&
                          2 * cost.registersPerLane <= cost.registerBudget))
      config = doubleBuffered;
  }
  return config;
}
