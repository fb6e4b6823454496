//===- ConvToGemmBwdData.cpp - Backward-data convolution as GEMMs ---------===//
//
// Per spatial dimension (input size Hi, filter Y, stride s, dilation d, left
// pad p), an input element hi receives dy[ho] * w[y] for every
// hi + p = ho * s + y * d. With g = gcd(s, d), the filter taps split into
// Yt = s / g slices y = yt + Yt * j; slice yt reaches exactly the inputs with
// hi + p = yt * d + s * ht, for which ho = ht - j * (d / g). Each slice
// (one per spatial dimension, combined) is one GEMM:
//
//   dx[G, (N, Ht, Wt), C] = dy[G, (N, Ht, Wt), (K, jY, jX)] * w[G, (K, jY, jX), C]
//
// with ho outside [0, Ho) reading as padding. Input elements that no slice
// reaches get ck.fills. Per dimension, the residues of hi modulo s that the
// slices reach are at most Y of the s classes, so the reached and unreached
// positions each form a few strided blocks (runs of neighbouring residues);
// the fills cover the unreached elements with products of such blocks, so
// their number grows with the filter, not with the stride.
//
//===----------------------------------------------------------------------===//

#include "ConvToGemm.h"

#include "llvm/Support/MathExtras.h"

#include <numeric>

using namespace mlir;
using namespace mlir::ck;
using namespace mlir::ck::conv_to_gemm;

namespace {
/// One stride slice of one spatial dimension.
struct SliceDim {
  int64_t firstTap;      // yt
  int64_t taps;          // number of j
  int64_t tapStep;       // Yt: y = yt + Yt * j
  int64_t outputStep;    // d / g: ho = ht - (d / g) * j
  int64_t firstTilde;    // first ht
  int64_t count;         // number of ht
  int64_t inputOffset;   // hi = inputOffset + s * (ht - firstTilde)
};

/// The positions start + stride * row + col (row < rows, col < width) of one
/// spatial dimension: a run of neighbouring residues modulo the stride.
struct PositionBlock {
  int64_t start;
  int64_t rows;
  int64_t width;
};

struct DimPlan {
  SmallVector<SliceDim> slices;
  /// The positions some slice writes, and those none does.
  SmallVector<PositionBlock> reached, unreached;
};
} // namespace

/// The positions in [0, size) whose residues modulo `stride` lie in the
/// half-open runs [first, last): one block of whole rows and, where `size`
/// cuts the last row short, one block for what is left of it.
static SmallVector<PositionBlock>
blocksOfRuns(ArrayRef<std::pair<int64_t, int64_t>> runs, int64_t stride,
             int64_t size) {
  SmallVector<PositionBlock> blocks;
  for (auto [first, last] : runs) {
    last = std::min(last, size);
    if (first >= last)
      continue;
    int64_t width = last - first;
    int64_t rows = size >= last ? (size - last) / stride + 1 : 0;
    if (rows > 0)
      blocks.push_back({first, rows, width});
    int64_t tailStart = first + stride * rows;
    if (tailStart < size)
      blocks.push_back({tailStart, 1, std::min(width, size - tailStart)});
  }
  return blocks;
}

static DimPlan planDim(const ConvProblem &p, unsigned i) {
  int64_t s = p.strides[i], d = p.dilations[i], pad = p.padLeft[i];
  int64_t in = p.inSizes[i], filter = p.filterSizes[i];
  int64_t g = std::gcd(s, d), tapStep = s / g;
  DimPlan plan;
  // Residues of hi modulo s that a slice reaches; a slice with no hi in
  // [0, in) reaches an empty class.
  SmallVector<int64_t> residues;
  for (int64_t yt = 0; yt < std::min(tapStep, filter); ++yt) {
    int64_t taps = llvm::divideCeil(filter - yt, tapStep);
    int64_t first = llvm::divideCeilSigned(pad - yt * d, s);
    int64_t last = llvm::divideFloorSigned(in - 1 + pad - yt * d, s);
    residues.push_back(llvm::mod(yt * d - pad, s));
    if (last < first)
      continue;
    plan.slices.push_back({yt, taps, tapStep, d / g, first, last - first + 1,
                           yt * d + s * first - pad});
  }
  llvm::sort(residues);
  residues.erase(llvm::unique(residues), residues.end());
  // Runs of neighbouring reached residues, and the gaps between them.
  SmallVector<std::pair<int64_t, int64_t>> reachedRuns, unreachedRuns;
  int64_t next = 0;
  for (int64_t r : residues) {
    if (r > next)
      unreachedRuns.push_back({next, r});
    if (!reachedRuns.empty() && reachedRuns.back().second == r)
      reachedRuns.back().second = r + 1;
    else
      reachedRuns.push_back({r, r + 1});
    next = r + 1;
  }
  if (next < s)
    unreachedRuns.push_back({next, s});
  plan.reached = blocksOfRuns(reachedRuns, s, in);
  plan.unreached = blocksOfRuns(unreachedRuns, s, in);
  return plan;
}

/// Calls `fn` with every combination of one element of each list.
template <typename T, typename Fn>
static void forEachCombination(ArrayRef<SmallVector<T>> lists, Fn fn) {
  SmallVector<T> current;
  std::function<void(size_t)> recurse = [&](size_t depth) {
    if (depth == lists.size())
      return fn(ArrayRef<T>(current));
    for (const T &item : lists[depth]) {
      current.push_back(item);
      recurse(depth + 1);
      current.pop_back();
    }
  };
  recurse(0);
}

static std::string tildeName(char inputLetter) {
  return std::string(1, inputLetter) + "t";
}
static std::string tapName(char filterLetter) {
  return "j" + std::string(1, filterLetter);
}

static void createSliceGemm(ConvRewriter &r, ArrayRef<SliceDim> slice) {
  const ConvProblem &p = r.problem;
  unsigned rank = p.spatialRank();
  auto inLetter = [&](unsigned i) {
    return r.spatialLetter(ConvTensor::Input, i);
  };
  auto filterLetter = [&](unsigned i) {
    return r.spatialLetter(ConvTensor::Filter, i);
  };
  // GEMM M = (N, Ht, Wt) in the input's order; K = (K, jY, jX) in the
  // output gradient's order, so that A (read along GEMM-K: along M it
  // walks the input's positions through the taps) is contiguous along it
  // where the output gradient stores K innermost. B is read along C.
  SmallVector<std::string> gemmM = r.inLayoutOrder(
      ConvTensor::Input, [](char letter) -> std::optional<std::string> {
        if (StringRef("GC").contains(letter))
          return std::nullopt;
        return letter == 'N' ? std::string("N") : tildeName(letter);
      });
  SmallVector<std::string> gemmK = r.inLayoutOrder(
      ConvTensor::Output, [&](char letter) -> std::optional<std::string> {
        if (StringRef("GN").contains(letter))
          return std::nullopt;
        if (letter == 'K')
          return std::string("K");
        for (unsigned i = 0; i < rank; ++i)
          if (r.spatialLetter(ConvTensor::Output, i) == letter)
            return tapName(filterLetter(i));
        llvm_unreachable("the output layout has only N, G, K and spatial "
                         "letters");
      });
  // With merged groups the group index of K ("Gk") sits beside K as the
  // output gradient stores them, that of N ("Gn") beside C as the input
  // does; the filter is their block diagonal.
  gemmK = r.withGroupIndex(gemmK, "K", "Gk", ConvTensor::Output);
  // GEMM N: C, or with merged groups (Gn, C) merged into "GemmN".
  auto mergeGemmN = [&](ViewBuilder &view) {
    return r.mergeGroupedChannel(view, "GemmN", "C", "Gn", ConvTensor::Input);
  };

  // More filters than the target's tap alignment, not a multiple of it: the
  // implicit views pad K to the next multiple (zeros on both sides), so
  // that a K tile never spans two taps and can be one box of the tensor.
  int64_t alignment = r.tapChannelAlignment, channelPad = 0;
  if (!r.explicitPath && alignment && p.outChannels > alignment)
    channelPad = llvm::alignTo(p.outChannels, alignment) - p.outChannels;

  // Spatial dimensions of activations named Ht, of the filter jY: in the
  // explicit path (one slice, one tap, ht == ho == hi) that is all it takes.
  auto sliceNames = [](char letter) {
    if (StringRef("NGCK").contains(letter))
      return std::string(1, letter);
    return StringRef("ZYX").contains(letter) ? tapName(letter)
                                             : tildeName(letter);
  };

  ViewBuilder a =
      r.explicitPath
          ? r.viewOf(r.op.getOutput(), ConvTensor::Output, sliceNames)
          : r.viewOf(r.op.getOutput(), ConvTensor::Output);
  if (!r.explicitPath) {
    SmallVector<int64_t> padLeft;
    for (unsigned i = 0; i < rank; ++i) {
      const SliceDim &dim = slice[i];
      int64_t lowest = dim.firstTilde - dim.outputStep * (dim.taps - 1);
      int64_t highest = dim.firstTilde + dim.count - 1;
      padLeft.push_back(std::max<int64_t>(0, -lowest));
      a.pad(dimName(ConvTensor::Output, inLetter(i)),
            std::string(1, inLetter(i)) + "p", padLeft[i],
            std::max<int64_t>(0, highest - (p.outSizes[i] - 1)));
    }
    a.pad("K", "K", 0, channelPad);
    a.emit();
    for (unsigned i = 0; i < rank; ++i) {
      const SliceDim &dim = slice[i];
      a.embed(std::string(1, inLetter(i)) + "p",
              {{tapName(filterLetter(i)), dim.taps, -dim.outputStep},
               {tildeName(inLetter(i)), dim.count, 1}},
              dim.firstTilde + padLeft[i]);
    }
    a.emit();
  }
  // The groups split after the windows, as forward's x: an im2col walk of
  // blocks of groups (TensorMapPlan.h).
  r.splitGroups(a, "Gk");
  a.merge("GemmK", r.explicitPath
                       ? r.withGroupIndex({"K"}, "K", "Gk", ConvTensor::Output)
                       : gemmK);
  a.merge("GemmM", gemmM);
  a.emit({r.batch(), "GemmM", "GemmK"});

  ViewBuilder b =
      r.explicitPath ? r.viewOf(r.op.getFilter(), ConvTensor::Filter, sliceNames)
                     : r.viewOf(r.op.getFilter(), ConvTensor::Filter);
  if (!r.explicitPath) {
    for (unsigned i = 0; i < rank; ++i)
      b.embed(std::string(1, filterLetter(i)),
              {{tapName(filterLetter(i)), slice[i].taps, slice[i].tapStep}},
              slice[i].firstTap);
    b.pad("K", "K", 0, channelPad);
    b.emit();
  }
  r.blockDiagonal(b, "Gk", "Gn");
  b.merge("GemmK", gemmK);
  std::string gemmN = mergeGemmN(b);
  b.emit({r.batch(), "GemmK", gemmN});

  r.createGemm(a.view(), b.view(), [&](Value input) {
    ViewBuilder c = r.explicitPath
                        ? r.viewOf(input, ConvTensor::Input, sliceNames)
                        : r.viewOf(input, ConvTensor::Input);
    r.splitGroups(c, "Gn");
    if (!r.explicitPath) {
      for (unsigned i = 0; i < rank; ++i)
        c.embed(dimName(ConvTensor::Input, inLetter(i)),
                {{tildeName(inLetter(i)), slice[i].count, p.strides[i]}},
                slice[i].inputOffset);
      c.emit();
    }
    c.merge("GemmM", gemmM);
    c.emit({r.batch(), "GemmM", mergeGemmN(c)});
    return c.view();
  });
}

/// Fills the input elements of one block per spatial dimension. A block
/// spanning its whole dimension leaves it as it is; rows or columns of one
/// are left out of the view.
static void createBlockFill(ConvRewriter &r, ArrayRef<PositionBlock> blocks) {
  const ConvProblem &p = r.problem;
  r.createFill([&](Value input) {
    ViewBuilder view = r.viewOf(input, ConvTensor::Input);
    for (unsigned i = 0; i < p.spatialRank(); ++i) {
      const PositionBlock &block = blocks[i];
      if (block.start == 0 && block.rows == 1 && block.width == p.inSizes[i])
        continue;
      char letter = r.spatialLetter(ConvTensor::Input, i);
      SmallVector<ViewBuilder::EmbedDim> uppers;
      if (block.rows > 1 || block.width == 1)
        uppers.push_back({tildeName(letter), block.rows, p.strides[i]});
      if (block.width > 1)
        uppers.push_back({std::string(1, letter) + "w", block.width, 1});
      view.embed(dimName(ConvTensor::Input, letter), uppers, block.start);
    }
    view.emit();
    return view.view();
  });
}

void conv_to_gemm::rewriteBwdData(ConvRewriter &r) {
  const ConvProblem &p = r.problem;
  unsigned rank = p.spatialRank();
  SmallVector<DimPlan> plans;
  SmallVector<SmallVector<SliceDim>> slices;
  for (unsigned i = 0; i < rank; ++i) {
    plans.push_back(planDim(p, i));
    slices.push_back(plans.back().slices);
  }
  forEachCombination<SliceDim>(
      slices, [&](ArrayRef<SliceDim> slice) { createSliceGemm(r, slice); });
  // A slice GEMM writes exactly the elements reached in every dimension. The
  // others, once each: for each dimension i, those reached in the dimensions
  // before i and not in i, whatever they are in the dimensions after it.
  for (unsigned i = 0; i < rank; ++i) {
    SmallVector<SmallVector<PositionBlock>> lists;
    for (unsigned j = 0; j < rank; ++j) {
      if (j < i)
        lists.push_back(plans[j].reached);
      else if (j == i)
        lists.push_back(plans[j].unreached);
      else
        lists.push_back({{0, 1, p.inSizes[j]}});
    }
    forEachCombination<PositionBlock>(lists,
                                      [&](ArrayRef<PositionBlock> blocks) {
                                        createBlockFill(r, blocks);
                                      });
  }
}
