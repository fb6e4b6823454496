//===- SelectGemmConfig.cpp - The ck-select-gemm-config pass --------------===//

#include "ck/Dialect/CK/Transforms/Passes.h"

#include "ck/Conversion/TensorMapPlan.h"
#include "ck/Dialect/CK/Utils/ViewAnalysis.h"
#include "ck/Support/ClusterShape.h"
#include "ck/Support/Limits.h"
#include "ck/Target/GemmConfig.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace mlir::ck {
#define GEN_PASS_DEF_CKSELECTGEMMCONFIG
#include "ck/Dialect/CK/Transforms/Passes.h.inc"
} // namespace mlir::ck

using namespace mlir;
using namespace mlir::ck;

/// Whether an operand's view (A: G x M x K, B: G x K x N) runs
/// contiguously along K rather than M or N, so that its tiles keep K
/// innermost (wgmma's, and gfx950's copies in LDS order): planTileCopy
/// loads along the wider of tileVectorWidths, and along M or N on a tie. A
/// tile 8 wide across K takes the same widths as any multiple of 8 (16-byte
/// vectors of 16-bit elements). False where the view cannot be traced.
static bool isContiguousAlongK(Value operand, MatrixOperand which) {
  FailureOr<TracedView> view = traceView(operand);
  if (failed(view))
    return false;
  if (which == MatrixOperand::A) {
    TileVectorWidths widths = tileVectorWidths(*view, 8, kWgmmaBlockK);
    return widths.colWidth > widths.rowWidth;
  }
  TileVectorWidths widths = tileVectorWidths(*view, kWgmmaBlockK, 8);
  return widths.rowWidth > widths.colWidth;
}

namespace {
/// `config` with a cluster of `m` x `n` workgroups, B resident or not and
/// slots signalled as copies land or not, or failure (with the attribute
/// verifier's diagnostic) where it cannot take them.
FailureOr<GemmConfigAttr>
withCheckedOptions(GemmConfigAttr config, int64_t m, int64_t n, bool residentB,
                   bool signalLanded,
                   function_ref<InFlightDiagnostic()> emitError) {
  GemmConfigAttr checked = GemmConfigAttr::getChecked(
      emitError, config.getContext(), config.getBlock(), config.getWave(),
      config.getMma(), config.getPartition(), config.getLdsBuffers(),
      config.getLoadWaves(), config.getAsyncCopy(), m, n, residentB,
      config.getLoadRegisters(), config.getPingpong(), signalLanded);
  if (!checked)
    return failure();
  return checked;
}

struct CKSelectGemmConfigPass
    : public ck::impl::CKSelectGemmConfigBase<CKSelectGemmConfigPass> {
  using Base::Base;

  LogicalResult initialize(MLIRContext *context) override {
    if (!config.empty()) {
      if ((!partition.empty() && partition != "auto") ||
          (!waves.empty() && waves != "auto") || stages ||
          (!cluster.empty() && cluster != "auto") || residentB || signalLanded)
        return emitError(UnknownLoc::get(context))
               << "a pinned config already says the partition, waves, "
                  "stages, cluster, resident B and signal_landed; give "
                  "config alone";
      Attribute parsed = parseAttribute(config, context);
      pinned = dyn_cast_or_null<GemmConfigAttr>(parsed);
      if (!pinned)
        return emitError(UnknownLoc::get(context))
               << "config '" << config
               << "' is not a #ck.gemm_config attribute";
      return success();
    }
    if (failed(parseWaves(context)) || failed(parseCluster(context)))
      return failure();
    if (stages < 0 || stages > cklimits::kMaxLdsBuffers)
      return emitError(UnknownLoc::get(context))
             << "invalid stages " << int64_t(stages) << ": expected 0 (the "
             << "heuristic's), 1 (register prefetch) or 2 to "
             << cklimits::kMaxLdsBuffers << " (asynchronous copies)";
    if (partition.empty() || partition == "auto")
      return success();
    // split_k without a k_batch: the heuristic's, with the other keys
    // given (reduce). A placeholder k_batch checks them.
    StringRef kind = StringRef(partition).split(',').first.trim();
    heuristicSplitK =
        kind == "split_k" && !StringRef(partition).contains("k_batch");
    std::string text = "#ck.partition<" + partition +
                       (heuristicSplitK ? ", k_batch = 2>" : ">");
    forced = dyn_cast_or_null<PartitionAttr>(parseAttribute(text, context));
    if (!forced)
      return emitError(UnknownLoc::get(context))
             << "invalid partition '" << partition
             << "': expected auto, split_k, or #ck.partition's parameters "
                "such as data_parallel, split_k,k_batch=4 or "
                "stream_k,reduce=linear";
    if (heuristicSplitK) {
      heuristicSplitKReduce = forced.getSplitKReduce();
      forced = nullptr;
    }
    return success();
  }

  /// Reads the `waves` option: empty, `auto`, or `LOAD,MATH`.
  LogicalResult parseWaves(MLIRContext *context) {
    if (waves.empty() || waves == "auto")
      return success();
    auto [load, math] = StringRef(waves).split(',');
    WaveRoles parsed;
    if (load.trim().getAsInteger(10, parsed.load) ||
        math.trim().getAsInteger(10, parsed.math) || parsed.load < 1 ||
        parsed.math < 1 || parsed.load > cklimits::kMaxRoleWaves ||
        parsed.math > cklimits::kMaxRoleWaves)
      return emitError(UnknownLoc::get(context))
             << "invalid waves '" << waves
             << "': expected auto or LOAD,MATH with counts in [1, "
             << cklimits::kMaxRoleWaves << "], e.g. 4,4";
    roles = parsed;
    return success();
  }

  /// Reads the `cluster` option: empty, `auto`, or `MxN`.
  LogicalResult parseCluster(MLIRContext *context) {
    if (cluster.empty() || cluster == "auto")
      return success();
    int64_t m, n;
    if (!cksupport::parseClusterSizes(cluster, m, n))
      return emitError(UnknownLoc::get(context))
             << "invalid cluster '" << cluster
             << "': expected auto or MxN workgroups, e.g. 2x1 or 1x2";
    clusterSizes = {m, n};
    return success();
  }

  /// `config` with the cluster the option asks for, or failure (with a
  /// diagnostic) where the configuration cannot take it.
  FailureOr<GemmConfigAttr>
  withCluster(GemmConfigAttr config,
              function_ref<InFlightDiagnostic()> emitError) const {
    if (!clusterSizes)
      return config;
    if (!forced && config.hasRoles() &&
        config.getPartition().getKind() == PartitionKind::StreamK)
      return emitError() << "cannot cluster the heuristic's StreamK "
                            "workgroups (their K ranges differ); give the "
                            "partition option (--partition on ck-compile) "
                            "split_k or data_parallel with the cluster";
    auto [m, n] = *clusterSizes;
    return withCheckedOptions(config, m, n, config.getResidentB(),
                              config.getSignalLanded(), emitError);
  }

  /// `config` (chosen for `shape` on `target`) with the partition the
  /// option asks for, or failure (with a diagnostic) where split-K's
  /// workgroups that add up their partials cannot all be resident at once.
  FailureOr<GemmConfigAttr>
  withPartition(GemmConfigAttr config, GemmShape shape, TargetAttr target,
                Type elementType,
                function_ref<InFlightDiagnostic()> emitError) const {
    PartitionAttr chosen = config.getPartition();
    if (forced && !heuristicSplitK)
      return config.withPartition(forced);
    // The heuristic's split-K: asked for, or chosen with the block.
    if (!heuristicSplitK && !chosen.isSplitKAuto())
      return config;
    bool inWorkgroups = heuristicSplitKReduce == SplitKReduction::Workgroups;
    // `reduce = cluster` takes a tile's splits into one cluster.
    int64_t mostSplits = heuristicSplitKReduce == SplitKReduction::Cluster
                             ? cklimits::kMaxPortableCluster
                             : kMaxHeuristicSplitK;
    int64_t kBatch = heuristicKBatch(shape, config, target, elementType,
                                     inWorkgroups, mostSplits);
    MLIRContext *context = config.getContext();
    // The chooser's own split-K where one split does: data-parallel.
    if (!heuristicSplitK && kBatch < 2)
      return config.withPartition(
          PartitionAttr::get(context, PartitionKind::DataParallel));
    int64_t kTiles = llvm::divideCeil(shape.k, config.getBlock()[2]);
    if (inWorkgroups && kBatch < 2 && kTiles < 2 * kMinHeuristicSplitKTiles)
      return emitError() << "cannot split K with reduce = workgroups: its "
                         << kTiles << " K-tiles make one split (each takes "
                         << kMinHeuristicSplitKTiles
                         << " or more); give k_batch";
    if (inWorkgroups && kBatch < 2)
      return emitError() << "cannot split K with reduce = workgroups: "
                            "two splits of its tiles are more workgroups than "
                            "the "
                         << target.getChip() << " holds at once";
    PartitionAttr splitK = PartitionAttr::get(context, PartitionKind::SplitK,
                                              std::max<int64_t>(2, kBatch));
    if (heuristicSplitKReduce != SplitKReduction::Kernel)
      splitK = PartitionAttr::get(
          context, PartitionKind::SplitK, splitK.getKBatch(),
          splitK.getReduce(), heuristicSplitKReduce, splitK.getDp(),
          splitK.getTail(), splitK.getMinIters(), splitK.getSharedRing());
    return config.withPartition(splitK);
  }

  /// The configuration of `op` (of `shape`) with the partition `asked`
  /// (null: the heuristic's), the options' roles, stages, cluster and
  /// resident B, checked; failure (with a diagnostic) where none fits.
  FailureOr<GemmConfigAttr>
  choose(GemmShape shape, Type elementType, TargetAttr target,
         PartitionAttr asked, GemmOp op,
         function_ref<InFlightDiagnostic()> emitError) const {
    FailureOr<GemmConfigAttr> config = selectGemmConfig(
        op.getContext(), shape, elementType, target, emitError, roles, asked,
        stages, isContiguousAlongK(op.getB(), MatrixOperand::B),
        isContiguousAlongK(op.getA(), MatrixOperand::A),
        [&](GemmConfigAttr candidate) {
          return ringCopiesByTma(op, candidate, target);
        });
    if (failed(config))
      return failure();
    FailureOr<GemmConfigAttr> partitioned =
        withPartition(*config, shape, target, elementType, emitError);
    if (failed(partitioned))
      return failure();
    FailureOr<GemmConfigAttr> chosen = withCluster(*partitioned, emitError);
    if (succeeded(chosen) && residentB)
      chosen = withCheckedOptions(*chosen, chosen->getClusterM(),
                                  chosen->getClusterN(), /*residentB=*/true,
                                  chosen->getSignalLanded(), emitError);
    if (failed(chosen) ||
        failed(checkGemmConfig(*chosen, target, elementType, emitError)))
      return failure();
    return chosen;
  }

  void runOnOperation() override {
    FailureOr<TargetAttr> target =
        requireTarget(getOperation(), getArgument());
    if (failed(target))
      return signalPassFailure();
    // The GEMMs the `signal-landed` option set signal_landed on.
    int64_t signalledLanded = 0;
    WalkResult result = getOperation()->walk([&](GemmOp op) {
      auto a = cast<ShapedType>(op.getA().getType());
      auto b = cast<ShapedType>(op.getB().getType());
      Type elementType = a.getElementType();
      auto emitError = [&] { return op.emitOpError(); };
      if (!op.getConfigAttr() && pinned)
        op.setConfigAttr(pinned);
      if (GemmConfigAttr given = op.getConfigAttr())
        return failed(checkGemmConfig(given, *target, elementType,
                                      emitError))
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      GemmShape shape{a.getDimSize(0), a.getDimSize(1), b.getDimSize(2),
                      a.getDimSize(2)};
      // A forced partition is chosen with the block: StreamK's fix-up
      // needs registers. The heuristic's split-K is split-K to the chooser
      // (its k_batch follows from the block, in withPartition).
      PartitionAttr asked =
          heuristicSplitK
              ? PartitionAttr::get(op.getContext(), PartitionKind::SplitK,
                                   PartitionAttr::kKBatchAuto)
              : forced;
      FailureOr<GemmConfigAttr> chosen =
          choose(shape, elementType, *target, asked, op, emitError);
      if (failed(chosen))
        return WalkResult::interrupt();
      // Load waves that only issue TMA copies need few registers.
      if (ringCopiesByTma(op, *chosen, *target))
        chosen = withLeanLoadWaves(*chosen, *target, elementType);
      else if (signalLanded && chosen->hasRoles() && chosen->getAsyncCopy() &&
               hasMbarrierRings(*target)) {
        chosen =
            withCheckedOptions(*chosen, chosen->getClusterM(),
                               chosen->getClusterN(), chosen->getResidentB(),
                               /*signalLanded=*/true, emitError);
        if (failed(chosen))
          return WalkResult::interrupt();
        ++signalledLanded;
      }
      op.setConfigAttr(*chosen);
      return WalkResult::advance();
    });
    if (result.wasInterrupted())
      return signalPassFailure();
    if (signalLanded && !signalledLanded) {
      getOperation()->emitError()
          << "signal-landed: no GEMM chosen here has load waves that copy "
             "an operand with cp.async into a ring with mbarriers, which "
             "signal_landed needs (waves and 2 or more stages, on sm_90 and "
             "up, where TMA cannot copy both operands)";
      signalPassFailure();
    }
  }

  PartitionAttr forced;
  /// The `config` option's attribute.
  GemmConfigAttr pinned;
  bool heuristicSplitK = false;
  /// Who adds up the heuristic split-K's partial tiles.
  SplitKReduction heuristicSplitKReduce = SplitKReduction::Kernel;
  std::optional<WaveRoles> roles;
  /// The `cluster` option's sizes along M and N.
  std::optional<std::pair<int64_t, int64_t>> clusterSizes;
};
} // namespace
