//===- ConvToGemm.cpp - The ck-conv-to-gemm pass --------------------------===//

#include "ConvToGemm.h"

#include "ck/Dialect/CK/Transforms/Passes.h"

namespace mlir::ck {
#define GEN_PASS_DEF_CKCONVTOGEMM
#include "ck/Dialect/CK/Transforms/Passes.h.inc"
} // namespace mlir::ck

using namespace mlir;
using namespace mlir::ck;
using namespace mlir::ck::conv_to_gemm;

//===----------------------------------------------------------------------===//
// Shared helpers
//===----------------------------------------------------------------------===//

std::string conv_to_gemm::dimName(ConvTensor tensor, char letter) {
  if (StringRef("NGCK").contains(letter) || tensor == ConvTensor::Filter)
    return std::string(1, letter);
  return std::string(1, letter) + (tensor == ConvTensor::Input ? "i" : "o");
}

char ConvRewriter::spatialLetter(ConvTensor tensor, unsigned i) const {
  return spatialLetters(tensor, problem.spatialRank())[i];
}

ViewBuilder ConvRewriter::viewOf(Value memref, ConvTensor tensor) const {
  return viewOf(memref, tensor,
                [&](char letter) { return dimName(tensor, letter); });
}

ViewBuilder
ConvRewriter::viewOf(Value memref, ConvTensor tensor,
                     llvm::function_ref<std::string(char)> name) const {
  SmallVector<std::string> names;
  for (char letter : problem.layout(tensor).getDims())
    names.push_back(name(letter));
  return ViewBuilder(builder, loc, memref, names);
}

SmallVector<std::string> ConvRewriter::inLayoutOrder(
    ConvTensor tensor,
    llvm::function_ref<std::optional<std::string>(char)> rename) const {
  SmallVector<std::string> names;
  for (char letter : problem.layout(tensor).getDims())
    if (std::optional<std::string> name = rename(letter))
      names.push_back(*name);
  return names;
}

SmallVector<std::string> ConvRewriter::dimsExcept(ConvTensor tensor,
                                                  StringRef letters) const {
  return inLayoutOrder(tensor, [&](char letter) -> std::optional<std::string> {
    if (letters.contains(letter))
      return std::nullopt;
    return dimName(tensor, letter);
  });
}

SmallVector<std::string> ConvRewriter::batchAndOutputSpatial() const {
  return dimsExcept(ConvTensor::Output, "GK");
}

SmallVector<std::string> ConvRewriter::batchAndInputSpatial() const {
  return dimsExcept(ConvTensor::Input, "GC");
}

SmallVector<std::string> ConvRewriter::filterSpatial() const {
  return dimsExcept(ConvTensor::Filter, "GKC");
}

SmallVector<std::string> ConvRewriter::filterSpatialAndChannel() const {
  return dimsExcept(ConvTensor::Filter, "GK");
}

SmallVector<std::string>
ConvRewriter::withGroupIndex(ArrayRef<std::string> dims, StringRef channel,
                             StringRef groupIndex, ConvTensor tensor) const {
  if (mergedGroups == 1)
    return SmallVector<std::string>(dims);
  StringRef letters = problem.layout(tensor).getDims();
  bool groupFirst = letters.find('G') < letters.find(channel.front());
  SmallVector<std::string> result;
  for (const std::string &dim : dims) {
    if (dim == channel && groupFirst)
      result.push_back(groupIndex.str());
    result.push_back(dim);
    if (dim == channel && !groupFirst)
      result.push_back(groupIndex.str());
  }
  return result;
}

void ConvRewriter::splitGroups(ViewBuilder &view, StringRef groupIndex) const {
  if (mergedGroups == 1)
    return;
  view.unmerge("G", {{"Gb", problem.groups / mergedGroups},
                     {groupIndex.str(), mergedGroups}});
  view.emit();
}

// The diagonal of a gs x gs matrix stored by rows is every (gs + 1)-th
// element: the pair is unmerged into p = row * gs + col, p is seen in a
// space of gs * (gs + 1) (a slice), split by a merge into (p / (gs + 1),
// p % (gs + 1)), and the remainder is a pad around a unit dimension, so that
// only remainder 0 is not padding; the quotient is then the group index.
void ConvRewriter::blockDiagonal(ViewBuilder &view, StringRef row,
                                 StringRef col) const {
  int64_t gs = mergedGroups;
  if (gs == 1)
    return;
  view.unmerge("G", {{"Gb", view.length("G") / gs}, {"Gd", gs}, {"Unit", 1}});
  view.emit();
  view.pad("Unit", "Gr", 0, gs);
  view.emit();
  view.merge("Gp", {"Gd", "Gr"});
  view.emit();
  view.slice("Gp", "Gq", 0, gs * gs);
  view.emit();
  view.unmerge("Gq", {{row.str(), gs}, {col.str(), gs}});
  view.emit();
}

std::string ConvRewriter::mergeGroupedChannel(ViewBuilder &view,
                                              StringRef merged,
                                              StringRef channel,
                                              StringRef groupIndex,
                                              ConvTensor tensor) const {
  if (mergedGroups == 1)
    return channel.str();
  view.merge(merged,
             withGroupIndex({channel.str()}, channel, groupIndex, tensor));
  return merged.str();
}

ViewBuilder ConvRewriter::inputWindows(Value input) const {
  const ConvProblem &p = problem;
  if (explicitPath)
    return viewOf(input, ConvTensor::Input, [](char letter) {
      return dimName(ConvTensor::Output, letter);
    });
  ViewBuilder view = viewOf(input, ConvTensor::Input);
  unsigned rank = p.spatialRank();
  auto padded = [&](unsigned i) {
    return std::string(1, spatialLetter(ConvTensor::Input, i)) + "p";
  };
  for (unsigned i = 0; i < rank; ++i)
    view.pad(dimName(ConvTensor::Input, spatialLetter(ConvTensor::Input, i)),
             padded(i), p.padLeft[i], p.padRight[i]);
  view.emit();
  for (unsigned i = 0; i < rank; ++i)
    view.embed(padded(i),
               {{std::string(1, spatialLetter(ConvTensor::Filter, i)),
                 p.filterSizes[i], p.dilations[i]},
                {dimName(ConvTensor::Output,
                         spatialLetter(ConvTensor::Output, i)),
                 p.outSizes[i], p.strides[i]}},
               /*offset=*/0);
  view.emit();
  return view;
}

/// How far a filter's taps reach along spatial dimension `i`: (Y - 1) * d.
static int64_t filterReach(const ConvProblem &p, unsigned i) {
  return (p.filterSizes[i] - 1) * p.dilations[i];
}

std::string conv_to_gemm::outputWindowsMisfit(const ConvProblem &p) {
  for (unsigned i = 0; i < p.spatialRank(); ++i) {
    std::string dim = " along spatial dimension " + std::to_string(i);
    if (p.strides[i] != 1)
      return "unit strides; the stride" + dim + " is " +
             std::to_string(p.strides[i]);
    int64_t reach = filterReach(p, i);
    if (p.padLeft[i] > reach || p.padRight[i] > reach)
      return "pads of at most (filter size - 1) * dilation = " +
             std::to_string(reach) + dim + "; the pads are (" +
             std::to_string(p.padLeft[i]) + ", " +
             std::to_string(p.padRight[i]) + ")";
  }
  return "";
}

ViewBuilder ConvRewriter::outputGradientWindows(Value output) const {
  const ConvProblem &p = problem;
  ViewBuilder view = viewOf(output, ConvTensor::Output);
  unsigned rank = p.spatialRank();
  auto outputDim = [&](unsigned i) {
    return dimName(ConvTensor::Output, spatialLetter(ConvTensor::Output, i));
  };
  auto padded = [&](unsigned i) { return outputDim(i) + "p"; };
  for (unsigned i = 0; i < rank; ++i)
    view.pad(outputDim(i), padded(i), filterReach(p, i) - p.padLeft[i],
             filterReach(p, i) - p.padRight[i]);
  view.emit();
  // hop = reach - y * d + hi: tap y of input position hi reads ho = hi +
  // pad_left - y * d, which is hop - (reach - pad_left).
  for (unsigned i = 0; i < rank; ++i)
    view.embed(
        padded(i),
        {{std::string(1, spatialLetter(ConvTensor::Filter, i)),
          p.filterSizes[i], -p.dilations[i]},
         {dimName(ConvTensor::Input, spatialLetter(ConvTensor::Input, i)),
          p.inSizes[i], 1}},
        /*offset=*/filterReach(p, i));
  view.emit();
  return view;
}

static SmallVector<Value>
viewsOfDs(ConvOpInterface op, const std::function<Value(Value)> &viewOf) {
  return llvm::map_to_vector(op.getDs(), [&](Value d) { return viewOf(d); });
}

void ConvRewriter::createGemm(Value a, Value b,
                              const std::function<Value(Value)> &viewOfWritten) {
  Value c = viewOfWritten(op.getWrittenTensor());
  GemmOp::create(builder, loc, a, b, c, viewsOfDs(op, viewOfWritten),
                 op->getAttrOfType<FloatAttr>("alpha"),
                 op->getAttrOfType<FloatAttr>("beta"),
                 op->getAttrOfType<GemmConfigAttr>("config"));
}

void ConvRewriter::createFill(
    const std::function<Value(Value)> &viewOfWritten) {
  Value dest = viewOfWritten(op.getWrittenTensor());
  FillOp::create(builder, loc, dest, viewsOfDs(op, viewOfWritten),
                 op->getAttrOfType<FloatAttr>("beta"));
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

/// Rows and columns of the smallest block tile the config chooser picks
/// along the GEMM dimension that holds one group's channels (two waves of
/// 16-row instructions along M): a GEMM with fewer pays for them.
static constexpr int64_t kMergedGroupChannels = 32;

/// The groups per GEMM that `merge-groups=0` takes: the most, a power of
/// two dividing G, whose channels on the GEMM's group side (K, rows of
/// backward-weight and columns of forward; C, columns of backward-data)
/// fill at most kMergedGroupChannels. Measured on the H100 (RetinaNet's
/// G = 32 layers, docs/rationale/GroupedConvolutions.md): forward and
/// backward-data with 8 channels per group ran 2.2-4.4x faster with 4
/// groups per GEMM than with one; with 32 channels, merging made them
/// slower.
///
/// Where the target copies with TMA, backward-weight of 2-byte channels-last
/// tensors takes instead the fewest groups whose channels, of x and of dy,
/// fill whole 128-byte boxes (64 channels: TensorMapPlan.h), where G has
/// them: both operands then come by TMA (x through im2col boxes of the
/// merged groups' channels). On the H100 the six G = 32 layers (8, 16 and
/// 32 channels, bf16) ran 0.75x-1.0x as long with 64 channels, wave roles
/// and split-K as with 32 channels and cp.async
/// (bench/results/h100-grouped-tma/).
static int64_t mergedGroupsFor(const ConvProblem &p, ConvDirection direction,
                               bool tmaBoxes) {
  if (tmaBoxes && direction == ConvDirection::BackwardWeight) {
    for (int64_t groups = 1; groups <= p.groups; groups *= 2)
      if (p.groups % groups == 0 &&
          groups * p.inChannels % kTapChannelAlignment == 0 &&
          groups * p.outChannels % kTapChannelAlignment == 0)
        return groups;
  }
  int64_t channels = direction == ConvDirection::BackwardData
                         ? p.inChannels
                         : p.outChannels;
  int64_t groups = 1;
  while (p.groups % (2 * groups) == 0 &&
         2 * groups * channels <= kMergedGroupChannels)
    groups *= 2;
  return groups;
}

/// Fewer filters than this fill less than one 64-row M tile of the
/// input-windows GEMM (the smallest wgmma tile; two mma.sync waves of 32).
static constexpr int64_t kFewFilters = 64;

/// Whether `windows=auto` takes backward-weight over the output gradient's
/// windows for `p`: one group of fewer than kFewFilters filters, a filter
/// of more than one tap, and views that fit (outputWindowsMisfit). On the
/// H100, RetinaNet's K = 36 head (C = 256, 3x3, 7x7 to 100x100) took 77 us
/// instead of 227 at 100x100, 25 instead of 60 at 50x50 and 12 instead of
/// 22 at 25x25 (roles 4,4 and split-K against the database's best over the
/// input's windows), where K = 256 took 1.4x to 2.6x as long
/// (bench/results/h100-output-windows/).
static bool outputWindowsPreferred(const ConvProblem &p) {
  return p.groups == 1 && p.outChannels < kFewFilters && !p.isPointwise() &&
         llvm::any_of(p.filterSizes, [](int64_t size) { return size > 1; }) &&
         outputWindowsMisfit(p).empty();
}

/// Whether `op`'s input and output gradient are channels-last tensors of a
/// 2-byte type, which TMA copies in boxes of channels.
static bool copiesByTmaBoxes(ConvOpInterface op, const ConvProblem &p) {
  auto input = cast<ShapedType>(op.getInput().getType());
  return input.getElementTypeBitWidth() == 16 &&
         p.inputLayout.getDims().ends_with("GC") &&
         p.outputLayout.getDims().ends_with("GK");
}

/// Moves the ops of `concurrent` before it, and erases it, where it holds
/// one GEMM or fill: there is nothing to run beside it.
static void unwrapSingleKernel(ConcurrentOp concurrent) {
  Block &body = concurrent.getBody().front();
  if (llvm::count_if(body, [](Operation &op) {
        return isa<GemmOp, FillOp>(op);
      }) > 1)
    return;
  concurrent->getBlock()->getOperations().splice(
      Block::iterator(concurrent), body.getOperations());
  concurrent.erase();
}

namespace {
struct CKConvToGemmPass
    : public ck::impl::CKConvToGemmBase<CKConvToGemmPass> {
  using Base::Base;

  void runOnOperation() override {
    if (path != "auto" && path != "implicit" && path != "explicit") {
      getOperation()->emitError()
          << "ck-conv-to-gemm: unknown path '" << path
          << "'; expected auto, implicit or explicit";
      return signalPassFailure();
    }
    if (windows != "auto" && windows != "input" && windows != "output") {
      getOperation()->emitError()
          << "ck-conv-to-gemm: unknown windows '" << windows
          << "'; expected auto, input or output";
      return signalPassFailure();
    }
    SmallVector<ConvOpInterface> convs;
    getOperation()->walk([&](ConvOpInterface op) { convs.push_back(op); });
    for (ConvOpInterface op : convs) {
      ConvProblem problem = ConvProblem::fromOp(op);
      bool pointwise = problem.isPointwise();
      if (path == "explicit" && !pointwise) {
        op->emitError() << "the explicit GEMM path needs a 1x1 filter, unit "
                           "strides and zero pads; use path=auto or "
                           "path=implicit for this convolution";
        return signalPassFailure();
      }
      TargetAttr target = getTarget(op);
      bool tma = target && target.hasFeature(TargetFeature::Tma);
      bool overOutputWindows =
          op.getDirection() == ConvDirection::BackwardWeight && !pointwise &&
          (windows == "output" ||
           (windows == "auto" && outputWindowsPreferred(problem)));
      int64_t groupsPerGemm =
          mergeGroups ? int64_t(mergeGroups)
          : overOutputWindows
              ? 1
              : mergedGroupsFor(problem, op.getDirection(),
                                tma && copiesByTmaBoxes(op, problem));
      if (groupsPerGemm < 1 || problem.groups % groupsPerGemm) {
        op->emitError() << "ck-conv-to-gemm: merge-groups=" << groupsPerGemm
                        << " does not divide the " << problem.groups
                        << " groups; use 0 (the rule) or a divisor of G";
        return signalPassFailure();
      }
      std::string misfit = !overOutputWindows ? ""
                           : groupsPerGemm != 1
                               ? "one group per GEMM; merge-groups is " +
                                     std::to_string(groupsPerGemm)
                               : outputWindowsMisfit(problem);
      if (!misfit.empty()) {
        op->emitError() << "ck-conv-to-gemm: windows=output needs " << misfit
                        << "; use windows=input or windows=auto for this "
                           "convolution";
        return signalPassFailure();
      }
      // The GEMMs and fills of one convolution write disjoint parts of its
      // output: where it makes several, they may run at once.
      OpBuilder builder(op);
      auto concurrent = ConcurrentOp::create(builder, op.getLoc());
      builder.setInsertionPointToStart(&concurrent.getBody().emplaceBlock());
      ConvRewriter rewriter(builder, op, pointwise && path != "implicit",
                            groupsPerGemm, tma ? kTapChannelAlignment : 0);
      switch (op.getDirection()) {
      case ConvDirection::Forward:
        rewriteFwd(rewriter);
        break;
      case ConvDirection::BackwardWeight:
        if (overOutputWindows)
          rewriteBwdWeightOverOutputWindows(rewriter);
        else
          rewriteBwdWeight(rewriter);
        break;
      case ConvDirection::BackwardData:
        rewriteBwdData(rewriter);
        break;
      }
      op->erase();
      unwrapSingleKernel(concurrent);
    }
  }
};
} // namespace
