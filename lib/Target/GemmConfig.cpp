//===- GemmConfig.cpp - Choosing and checking kernel configs --------------===//

#include "ck/Target/GemmConfig.h"

#include "llvm/Support/raw_ostream.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::ck;

GemmConfigCost mlir::ck::estimateCost(GemmConfigAttr config, TargetAttr target,
                                      Type elementType) {
  MatrixLayout mma = config.getMma().getLayout(target.getWave());
  ArrayRef<int64_t> block = config.getBlock(), wave = config.getWave();
  GemmConfigCost cost;
  cost.waves = (block[0] / wave[0]) * (block[1] / wave[1]);
  cost.threads = cost.waves * target.getWave();
  int64_t bytes = elementType.getIntOrFloatBitWidth() / 8;
  // Either orientation of a padded tile fits in (rows + pad) x (cols + pad).
  cost.ldsBytes = ((block[0] + kLdsRowPad) * (block[2] + kLdsRowPad) +
                   (block[2] + kLdsRowPad) * (block[1] + kLdsRowPad)) *
                  bytes * config.getLdsBuffers();
  int64_t staging =
      (block[0] / wave[0]) * mma.m * (block[1] + kStagingRowPad) * 4;
  cost.ldsBytes = std::max(cost.ldsBytes, staging);
  int64_t tiles = (wave[0] / mma.m) * (wave[1] / mma.n);
  int64_t perRegister = 4 / bytes;
  int64_t fragments = (wave[0] / mma.m) * mma.a.size() / perRegister +
                      (wave[1] / mma.n) * mma.b.size() / perRegister;
  // The next K-tile, prefetched into registers while this one is computed.
  int64_t prefetch = llvm::divideCeil(
      (block[0] * block[2] + block[2] * block[1]) * bytes, cost.threads * 4);
  cost.registersPerLane = tiles * mma.c.size() + fragments + prefetch;
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
  // Leave room for addresses, loop counters and the epilogue.
  int64_t registers = target.getRegisters() - target.getAddressingRegisters();
  MatrixLayout mma = instruction.getLayout(target.getWave());
  if (requiredWave && *requiredWave != target.getWave())
    os << instruction << " runs on waves of " << *requiredWave << " lanes; "
       << target.getChip() << " has " << target.getWave();
  else if (!nativeToChip)
    os << target.getChip() << " has no " << instruction << " instruction";
  else if (!instruction.acceptsInputs(elementType))
    os << instruction << " does not take " << elementType << " inputs";
  else if (wave[0] % mma.m || wave[1] % mma.n)
    os << "wave tile " << wave[0] << "x" << wave[1]
       << " is not a whole number of " << instruction << " tiles (" << mma.m
       << "x" << mma.n << ")";
  else if (block[2] % mma.k)
    os << "block K " << block[2] << " is not a multiple of " << instruction
       << "'s K (" << mma.k << ")";
  else if (cost.threads > 1024)
    os << "configuration needs " << cost.threads
       << " threads per workgroup; the limit is 1024";
  else if (cost.ldsBytes > target.getLds())
    os << "configuration needs " << cost.ldsBytes
       << " bytes of LDS per workgroup; " << target.getChip() << " allows "
       << target.getLds();
  else if (cost.registersPerLane > registers)
    os << "configuration needs about " << cost.registersPerLane
       << " registers per lane for accumulators, fragments and the "
          "prefetched tile; "
       << target.getChip() << " allows " << registers << " after addressing";
  if (why.empty())
    return std::nullopt;
  return why;
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

/// The most K splits the heuristic picks (each costs an f32 partial tile).
static constexpr int64_t kMaxSplitK = 64;

/// The largest power-of-two tile <= preferred that wastes little of `size`.
static int64_t tileFor(int64_t size, int64_t preferred, int64_t minimum) {
  int64_t tile = preferred;
  while (tile > minimum && tile / 2 >= size)
    tile /= 2;
  return tile;
}

FailureOr<GemmConfigAttr>
mlir::ck::selectGemmConfig(MLIRContext *context, GemmShape shape,
                           Type elementType, TargetAttr target,
                           function_ref<InFlightDiagnostic()> emitError) {
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
  int64_t bm = tileFor(shape.m, 128, 2 * mma.m);
  int64_t bn = tileFor(shape.n, 128, 2 * mma.n);
  int64_t bk = std::max<int64_t>(mma.k, isa<FmaAttr>(instruction) ? 16 : 32);
  SmallVector<int64_t> block = {bm, bn, bk};
  SmallVector<int64_t> wave = {bm / 2, bn / 2};
  auto config = GemmConfigAttr::get(context, block, wave, instruction,
                                    PartitionAttr::get(context, PartitionKind::DataParallel), /*ldsBuffers=*/1);
  // Shrink the tile, then K (not below 8), until the chip's limits hold.
  while (explainGemmConfigMisfit(config, target, elementType)) {
    if (block[0] >= block[1] && block[0] > 2 * mma.m)
      block[0] /= 2;
    else if (block[1] > 2 * mma.n)
      block[1] /= 2;
    else if (block[2] > std::max<int64_t>(mma.k, 8))
      block[2] /= 2;
    else
      return checkGemmConfig(config, target, elementType, emitError);
    wave = {block[0] / 2, block[1] / 2};
    config = GemmConfigAttr::get(context, block, wave, instruction,
                                 PartitionAttr::get(context, PartitionKind::DataParallel), /*ldsBuffers=*/1);
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
  auto doubleBuffered =
      GemmConfigAttr::get(context, block, wave, instruction, PartitionAttr::get(context, PartitionKind::DataParallel),
                          /*ldsBuffers=*/2);
  GemmConfigCost doubleCost = estimateCost(doubleBuffered, target, elementType);
  if (!target.hasFeature(TargetFeature::LdsInL1) &&
      !explainGemmConfigMisfit(doubleBuffered, target, elementType) &&
      2 * doubleCost.ldsBytes <= target.getLdsPerCu() &&
      2 * doubleCost.registersPerLane <=
          target.getRegisters() - target.getAddressingRegisters())
    config = doubleBuffered;
  // Too few tiles to fill the chip: split K so that about two workgroups
  // per compute unit run, each with at least 8 K-tiles of work.
  int64_t tiles = llvm::divideCeil(shape.m, block[0]) *
                  llvm::divideCeil(shape.n, block[1]) * shape.g;
  int64_t computeUnits = target.getComputeUnits();
  int64_t kTiles = llvm::divideCeil(shape.k, block[2]);
  int64_t splitK = 1;
  if (tiles < computeUnits)
    splitK = std::clamp<int64_t>(llvm::divideCeil(2 * computeUnits, tiles), 1,
                                 std::max<int64_t>(1, kTiles / 8));
  splitK = std::min<int64_t>(splitK, kMaxSplitK);
  if (splitK > 1)
    config = GemmConfigAttr::get(
        context, block, wave, instruction,
        PartitionAttr::get(context, PartitionKind::SplitK, splitK),
        config.getLdsBuffers());
  return config;
}
