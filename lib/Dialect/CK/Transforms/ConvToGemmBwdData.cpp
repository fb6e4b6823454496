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
// with ho outside [0, Ho) reading as padding. Residues of hi + p modulo s
// that no slice with taps reaches get a ck.fill.
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

/// One residue class of hi + p modulo s.
struct ResidueDim {
  int64_t first; // smallest hi of the class
  int64_t count; // elements of the class in [0, Hi)
  bool covered;  // a slice with taps writes it
};

struct DimPlan {
  SmallVector<SliceDim> slices;
  SmallVector<ResidueDim> residues;
};
} // namespace

static DimPlan planDim(const ConvProblem &p, unsigned i) {
  int64_t s = p.strides[i], d = p.dilations[i], pad = p.padLeft[i];
  int64_t in = p.inSizes[i], filter = p.filterSizes[i];
  int64_t g = std::gcd(s, d), tapStep = s / g;
  DimPlan plan;
  SmallVector<bool> covered(s, false);
  for (int64_t yt = 0; yt < std::min(tapStep, filter); ++yt) {
    int64_t taps = llvm::divideCeil(filter - yt, tapStep);
    int64_t first = llvm::divideCeilSigned(pad - yt * d, s);
    int64_t last = llvm::divideFloorSigned(in - 1 + pad - yt * d, s);
    covered[(yt * d) % s] = true;
    if (last < first)
      continue;
    plan.slices.push_back({yt, taps, tapStep, d / g, first, last - first + 1,
                           yt * d + s * first - pad});
  }
  for (int64_t r = 0; r < s; ++r) {
    int64_t first = llvm::mod(r - pad, s);
    int64_t count = first < in ? llvm::divideCeil(in - first, s) : 0;
    plan.residues.push_back({first, count, covered[r]});
  }
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
  // filter's order.
  SmallVector<std::string> gemmM = r.inLayoutOrder(
      ConvTensor::Input, [](char letter) -> std::optional<std::string> {
        if (StringRef("GC").contains(letter))
          return std::nullopt;
        return letter == 'N' ? std::string("N") : tildeName(letter);
      });
  SmallVector<std::string> gemmK = r.inLayoutOrder(
      ConvTensor::Filter, [](char letter) -> std::optional<std::string> {
        if (StringRef("GC").contains(letter))
          return std::nullopt;
        return letter == 'K' ? std::string("K") : tapName(letter);
      });
  // Spatial dimensions of activations named Ht, of the filter jY: in the
  // explicit path (one slice, one tap, ht == ho == hi) that is all it takes.
  auto sliceNames = [](char letter) {
    if (StringRef("NGCK").contains(letter))
      return std::string(1, letter);
    return StringRef("ZYX").contains(letter) ? tapName(letter)
                                             : tildeName(letter);
  };

  ViewBuilder a = r.explicitPath
                      ? r.viewOf(r.op.getOutput(), ConvTensor::Output, sliceNames)
                      : r.viewOf(r.op.getOutput(), ConvTensor::Output);
  if (r.explicitPath) {
    a.merge("GemmK", {"K"});
  } else {
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
    a.emit();
    for (unsigned i = 0; i < rank; ++i) {
      const SliceDim &dim = slice[i];
      a.embed(std::string(1, inLetter(i)) + "p",
              {{tapName(filterLetter(i)), dim.taps, -dim.outputStep},
               {tildeName(inLetter(i)), dim.count, 1}},
              dim.firstTilde + padLeft[i]);
    }
    a.emit();
    a.merge("GemmK", gemmK);
  }
  a.merge("GemmM", gemmM);
  a.emit({"G", "GemmM", "GemmK"});

  ViewBuilder b =
      r.explicitPath ? r.viewOf(r.op.getFilter(), ConvTensor::Filter, sliceNames)
                     : r.viewOf(r.op.getFilter(), ConvTensor::Filter);
  if (!r.explicitPath) {
    for (unsigned i = 0; i < rank; ++i)
      b.embed(std::string(1, filterLetter(i)),
              {{tapName(filterLetter(i)), slice[i].taps, slice[i].tapStep}},
              slice[i].firstTap);
    b.emit();
  }
  b.merge("GemmK", gemmK);
  b.emit({"G", "GemmK", "C"});

  r.createGemm(a.view(), b.view(), [&](Value input) {
    ViewBuilder c = r.explicitPath
                        ? r.viewOf(input, ConvTensor::Input, sliceNames)
                        : r.viewOf(input, ConvTensor::Input);
    if (!r.explicitPath) {
      for (unsigned i = 0; i < rank; ++i)
        c.embed(dimName(ConvTensor::Input, inLetter(i)),
                {{tildeName(inLetter(i)), slice[i].count, p.strides[i]}},
                slice[i].inputOffset);
      c.emit();
    }
    c.merge("GemmM", gemmM);
    c.emit({"G", "GemmM", "C"});
    return c.view();
  });
}

/// Fills the input elements of one residue class (one per dimension).
static void createResidueFill(ConvRewriter &r, ArrayRef<ResidueDim> residue) {
  const ConvProblem &p = r.problem;
  r.createFill([&](Value input) {
    ViewBuilder view = r.viewOf(input, ConvTensor::Input);
    for (unsigned i = 0; i < p.spatialRank(); ++i) {
      char letter = r.spatialLetter(ConvTensor::Input, i);
      view.embed(dimName(ConvTensor::Input, letter),
                 {{tildeName(letter), residue[i].count, p.strides[i]}},
                 residue[i].first);
    }
    view.emit();
    return view.view();
  });
}

void conv_to_gemm::rewriteBwdData(ConvRewriter &r) {
  const ConvProblem &p = r.problem;
  SmallVector<SmallVector<SliceDim>> slices;
  SmallVector<SmallVector<ResidueDim>> residues;
  for (unsigned i = 0; i < p.spatialRank(); ++i) {
    DimPlan plan = planDim(p, i);
    slices.push_back(std::move(plan.slices));
    residues.push_back(std::move(plan.residues));
  }
  forEachCombination<SliceDim>(
      slices, [&](ArrayRef<SliceDim> slice) { createSliceGemm(r, slice); });
  forEachCombination<ResidueDim>(residues, [&](ArrayRef<ResidueDim> residue) {
    bool empty = llvm::any_of(residue, [](auto &d) { return d.count == 0; });
    bool covered = llvm::all_of(residue, [](auto &d) { return d.covered; });
    if (!empty && !covered)
      createResidueFill(r, residue);
  });
}
