//===- ConvToGemmNumericsTest.cpp - Conv-to-GEMM index math on the CPU ----===//
//
// For random convolutions of every direction: run ck-conv-to-gemm, then
// compute the produced ck.gemm and ck.fill ops on the host by evaluating
// their views, and compare with a direct convolution. Inputs are small
// integers and arithmetic is f64, so the comparison is exact. The written
// tensor starts as NaN and every element must be written exactly once.
//
//===----------------------------------------------------------------------===//

#include "ConvReference.h"

#include "ck/Dialect/CK/IR/CK.h"
#include "ck/Dialect/CK/Transforms/Passes.h"
#include "ck/Dialect/CK/Utils/ViewAnalysis.h"
#include "ck/Dialect/CK/Utils/ViewCursor.h"
#include "ck/Dialect/CK/Utils/ViewEvaluator.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"

#include "gtest/gtest.h"

#include <cmath>
#include <map>
#include <numeric>

using namespace mlir;
using namespace mlir::ck;
using namespace ck_test;

namespace {

constexpr int kProblemsPerDirection = 250;

int64_t uniform(std::mt19937_64 &rng, int64_t lo, int64_t hi) {
  return std::uniform_int_distribution<int64_t>(lo, hi)(rng);
}
bool chance(std::mt19937_64 &rng, double p) {
  return std::bernoulli_distribution(p)(rng);
}

/// The layout letters of a tensor: the usual channels-last one, or a random
/// permutation of the same letters.
std::string randomLayout(std::mt19937_64 &rng, ConvTensor tensor,
                         unsigned rank) {
  std::string spatial = spatialLetters(tensor, rank).str();
  std::string layout;
  switch (tensor) {
  case ConvTensor::Input:
    layout = "N" + spatial + "GC";
    break;
  case ConvTensor::Filter:
    layout = "GK" + spatial + "C";
    break;
  case ConvTensor::Output:
    layout = "N" + spatial + "GK";
    break;
  }
  if (chance(rng, 0.35))
    std::shuffle(layout.begin(), layout.end(), rng);
  return layout;
}

bool allEqual(const std::vector<int64_t> &values, int64_t expected) {
  return std::all_of(values.begin(), values.end(),
                     [&](int64_t v) { return v == expected; });
}

/// 1x1 filter, unit strides, zero pads: the explicit GEMM path applies.
bool isPointwise(const ConvSpec &s) {
  return allEqual(s.filterSizes, 1) && allEqual(s.strides, 1) &&
         allEqual(s.padLeft, 0) && allEqual(s.padRight, 0);
}

/// Backward-weight that ck-conv-to-gemm can take over the output gradient's
/// windows (windows=output): unit strides, pads of at most (Y - 1) * d.
bool fitsOutputWindows(const ConvSpec &s) {
  if (s.direction != ConvDirection::BackwardWeight || isPointwise(s))
    return false;
  for (unsigned i = 0; i < s.rank(); ++i) {
    int64_t reach = (s.filterSizes[i] - 1) * s.dilations[i];
    if (s.strides[i] != 1 || s.padLeft[i] > reach || s.padRight[i] > reach)
      return false;
  }
  return true;
}

/// The `windows` settings of ck-conv-to-gemm to check `s` with: "auto", and
/// "input" and "output" where it fits the output gradient's windows.
std::vector<StringRef> windowsFor(const ConvSpec &s) {
  if (!fitsOutputWindows(s))
    return {"auto"};
  return {"auto", "input", "output"};
}

/// What the random problems must cover, counted per direction.
struct Coverage {
  std::map<std::string, int> counts;
  void note(const ConvSpec &s) {
    auto any = [](const std::vector<int64_t> &v, auto pred) {
      return std::any_of(v.begin(), v.end(), pred);
    };
    counts["rank " + std::to_string(s.rank())]++;
    if (s.groups > 1)
      counts["groups"]++;
    if (s.groups > 1 && s.inChannels == 1 && s.outChannels == 1)
      counts["depthwise"]++;
    if (any(s.strides, [](int64_t v) { return v > 1; }))
      counts["stride > 1"]++;
    if (any(s.strides, [](int64_t v) { return v > 3; }))
      counts["stride > 3"]++;
    if (any(s.dilations, [](int64_t v) { return v > 1; }))
      counts["dilation > 1"]++;
    if (s.padLeft != s.padRight)
      counts["asymmetric pads"]++;
    if (isPointwise(s))
      counts["1x1 stride 1 pad 0"]++;
    for (unsigned i = 0; i < s.rank(); ++i)
      if (s.filterSizes[i] > s.inSizes[i]) {
        counts["filter larger than input"]++;
        break;
      }
    if (any(s.inSizes, [](int64_t v) { return v % 2 == 1 && v > 1; }))
      counts["odd sizes"]++;
    if (s.inChannels % 2 == 1 && s.inChannels > 1)
      counts["odd channels"]++;
    if (s.numDs > 0)
      counts["epilogue with D"]++;
    if (s.hasAlpha)
      counts["alpha"]++;
    if (s.inputLayout !=
        "N" + spatialLetters(ConvTensor::Input, s.rank()).str() + "GC")
      counts["other layouts"]++;
  }
};

ConvSpec randomSpec(std::mt19937_64 &rng, ConvDirection direction) {
  ConvSpec s;
  s.direction = direction;
  unsigned rank = uniform(rng, 1, 10) <= 3 ? 1 : uniform(rng, 2, 3);
  bool depthwise = chance(rng, 0.1);
  s.groups = depthwise ? uniform(rng, 2, 4) : uniform(rng, 1, 3);
  s.batch = uniform(rng, 1, 2);
  s.inChannels = depthwise ? 1 : uniform(rng, 1, 5);
  s.outChannels = depthwise ? 1 : uniform(rng, 1, 5);
  bool pointwise = chance(rng, 0.15);
  bool bigFilter = !pointwise && chance(rng, 0.1);
  int64_t maxIn = rank == 3 ? 5 : 9, maxFilter = rank == 3 ? 3 : 4;
  for (unsigned i = 0; i < rank; ++i) {
    while (true) {
      int64_t in = uniform(rng, 1, maxIn);
      int64_t filter = pointwise ? 1 : uniform(rng, 1, maxFilter);
      if (bigFilter && i == 0) {
        in = uniform(rng, 1, 3);
        filter = in + uniform(rng, 1, 2);
      }
      // Strides above the filter leave runs of unreached input positions
      // (cut short at the end of the input) for backward-data's fills.
      int64_t stride = pointwise          ? 1
                       : chance(rng, 0.2) ? uniform(rng, 4, 7)
                                          : uniform(rng, 1, 3);
      int64_t dilation = uniform(rng, 1, 3);
      int64_t left = pointwise ? 0 : uniform(rng, 0, 3);
      int64_t right = pointwise ? 0 : uniform(rng, 0, 3);
      int64_t out = convOutputSize(in, filter, stride, dilation, left, right);
      if (out < 1)
        continue;
      s.inSizes.push_back(in);
      s.filterSizes.push_back(filter);
      s.strides.push_back(stride);
      s.dilations.push_back(dilation);
      s.padLeft.push_back(left);
      s.padRight.push_back(right);
      s.outSizes.push_back(out);
      break;
    }
  }
  s.inputLayout = randomLayout(rng, ConvTensor::Input, rank);
  s.filterLayout = randomLayout(rng, ConvTensor::Filter, rank);
  s.outputLayout = randomLayout(rng, ConvTensor::Output, rank);
  if (chance(rng, 0.3)) {
    s.hasAlpha = true;
    s.alpha = std::array<double, 3>{2.0, -0.5, 1.5}[uniform(rng, 0, 2)];
  }
  if (chance(rng, 0.3)) {
    s.numDs = uniform(rng, 1, 2);
    s.hasBeta = chance(rng, 0.7);
    if (s.hasBeta)
      s.beta = std::array<double, 3>{0.5, -2.0, 3.0}[uniform(rng, 0, 2)];
  }
  return s;
}

/// Runs the ck.gemm and ck.fill ops of `func` on host tensors.
class HostInterpreter {
public:
  HostInterpreter(func::FuncOp func, ConvTensors &tensors,
                  ConvDirection direction)
      : written(&tensors.written(direction)), counts(written->data.size(), 0) {
    std::vector<HostTensor *> args = {&tensors.input, &tensors.filter,
                                      &tensors.output};
    for (HostTensor &d : tensors.ds)
      args.push_back(&d);
    for (auto [arg, tensor] : llvm::zip(func.getArguments(), args))
      byValue[arg] = tensor;
  }

  /// Returns a message on failure, empty on success.
  std::string run(func::FuncOp func) {
    std::string error;
    func.walk([&](Operation *op) {
      if (!error.empty())
        return;
      if (auto gemm = dyn_cast<GemmOp>(op))
        error = runGemm(gemm);
      else if (auto fill = dyn_cast<FillOp>(op))
        error = runFill(fill);
      else if (isa<ConvOpInterface>(op))
        error = "a convolution op survived ck-conv-to-gemm";
    });
    if (!error.empty())
      return error;
    for (size_t i = 0; i < counts.size(); ++i)
      if (counts[i] != 1)
        return "element " + std::to_string(i) +
               " of the written tensor was "
               "written " +
               std::to_string(counts[i]) + " times";
    return {};
  }

private:
  struct Operand {
    TracedView view;
    HostTensor *tensor;
    /// Value at a view coordinate; padding reads as zero.
    double read(ArrayRef<int64_t> coord) const {
      auto at = view.evaluate(coord);
      return at ? tensor->data[tensor->flatten(*at)] : 0.0;
    }
  };

  std::optional<Operand> operand(Value value) {
    FailureOr<TracedView> view = traceView(value);
    if (failed(view) || !byValue.count(view->memref))
      return std::nullopt;
    return Operand{*view, byValue[view->memref]};
  }

  /// Writes `value` at view coordinate `coord` of `dest`. Padding is
  /// skipped, as the kernels skip it (a backward-weight GEMM over merged
  /// groups computes the blocks off the diagonal into padding); run()
  /// still demands every tensor element written exactly once.
  std::string write(const Operand &dest, ArrayRef<int64_t> coord,
                    double value) {
    if (dest.tensor != written)
      return "an op writes a tensor the convolution only reads";
    auto at = dest.view.evaluate(coord);
    if (!at)
      return {};
    int64_t index = written->flatten(*at);
    written->data[index] = value;
    counts[index]++;
    return {};
  }

  double epilogueSum(ArrayRef<Operand> ds, ArrayRef<int64_t> coord,
                     double beta) {
    double sum = 0;
    for (const Operand &d : ds)
      sum += d.read(coord);
    return beta * sum;
  }

  std::optional<SmallVector<Operand>> operands(ValueRange values) {
    SmallVector<Operand> result;
    for (Value v : values) {
      std::optional<Operand> o = operand(v);
      if (!o)
        return std::nullopt;
      result.push_back(*o);
    }
    return result;
  }

  std::string runGemm(GemmOp gemm) {
    auto all = operands({gemm.getA(), gemm.getB(), gemm.getC()});
    auto ds = operands(gemm.getDs());
    if (!all || !ds)
      return "a ck.gemm operand is not a view of a function argument";
    auto [a, b, c] = std::tuple((*all)[0], (*all)[1], (*all)[2]);
    auto aShape = cast<ShapedType>(gemm.getA().getType()).getShape();
    auto bShape = cast<ShapedType>(gemm.getB().getType()).getShape();
    int64_t G = aShape[0], M = aShape[1], K = aShape[2], N = bShape[2];
    std::vector<double> am(G * M * K), bm(G * K * N);
    for (int64_t g = 0; g < G; ++g)
      for (int64_t k = 0; k < K; ++k) {
        for (int64_t m = 0; m < M; ++m)
          am[(g * M + m) * K + k] = a.read({g, m, k});
        for (int64_t n = 0; n < N; ++n)
          bm[(g * K + k) * N + n] = b.read({g, k, n});
      }
    double alpha = gemm.getAlpha().convertToDouble();
    double beta = gemm.getBeta().convertToDouble();
    for (int64_t g = 0; g < G; ++g)
      for (int64_t m = 0; m < M; ++m)
        for (int64_t n = 0; n < N; ++n) {
          double acc = 0;
          for (int64_t k = 0; k < K; ++k)
            acc += am[(g * M + m) * K + k] * bm[(g * K + k) * N + n];
          double value = alpha * acc + epilogueSum(*ds, {g, m, n}, beta);
          if (std::string e = write(c, {g, m, n}, value); !e.empty())
            return e;
        }
    return {};
  }

  std::string runFill(FillOp fill) {
    auto dest = operand(fill.getDest());
    auto ds = operands(fill.getDs());
    if (!dest || !ds)
      return "a ck.fill operand is not a view of a function argument";
    auto shape = cast<ShapedType>(fill.getDest().getType()).getShape();
    double beta = fill.getBeta().convertToDouble();
    SmallVector<int64_t> coord(shape.size(), 0);
    while (true) {
      if (std::string e = write(*dest, coord, epilogueSum(*ds, coord, beta));
          !e.empty())
        return e;
      size_t i = shape.size();
      while (i > 0 && ++coord[i - 1] == shape[i - 1])
        coord[--i] = 0;
      if (i == 0)
        return {};
    }
  }

  HostTensor *written;
  std::vector<int> counts;
  llvm::DenseMap<Value, HostTensor *> byValue;
};

class ConvToGemmNumerics : public ::testing::TestWithParam<ConvDirection> {
protected:
  ConvToGemmNumerics() { context.loadDialect<CKDialect, func::FuncDialect>(); }

  /// Lowers `spec` with the given path, groups per GEMM (0: the pass's
  /// rule) and backward-weight windows, for target `chip` where one is
  /// given, and checks it against the reference; returns a message on
  /// failure. `ir` receives the lowered IR.
  std::string check(const ConvSpec &spec, StringRef path, int64_t mergeGroups,
                    uint64_t seed, std::string &ir, StringRef chip = "",
                    StringRef windows = "auto") {
    OwningOpRef<ModuleOp> module =
        parseSourceString<ModuleOp>(spec.toMLIR(), &context);
    if (!module)
      return "the generated convolution does not parse";
    PassManager pm(&context);
    if (!chip.empty()) {
      CKSetTargetOptions target;
      target.chip = chip.str();
      pm.addPass(createCKSetTarget(target));
    }
    CKConvToGemmOptions options;
    options.path = path.str();
    options.mergeGroups = mergeGroups;
    options.windows = windows.str();
    pm.addPass(createCKConvToGemm(options));
    if (failed(pm.run(*module)))
      return "ck-conv-to-gemm failed";
    if (failed(verify(*module)))
      return "the lowered IR does not verify";
    llvm::raw_string_ostream os(ir);
    module->print(os);

    std::mt19937_64 rng(seed);
    ConvTensors actual = spec.makeTensors(rng);
    ConvTensors expected = actual;
    referenceConv(spec, expected);
    auto func = *module->getOps<func::FuncOp>().begin();
    HostInterpreter interpreter(func, actual, spec.direction);
    if (std::string error = interpreter.run(func); !error.empty())
      return error;
    const HostTensor &got = actual.written(spec.direction);
    const HostTensor &want = expected.written(spec.direction);
    for (size_t i = 0; i < got.data.size(); ++i)
      if (got.data[i] != want.data[i])
        return "element " + std::to_string(i) + ": got " +
               std::to_string(got.data[i]) + ", expected " +
               std::to_string(want.data[i]);
    return {};
  }

  /// `spec` through ck-conv-to-gemm with backward-weight's `windows`; null
  /// where it does not parse or the pass fails.
  OwningOpRef<ModuleOp> lower(const ConvSpec &spec, StringRef windows) {
    OwningOpRef<ModuleOp> module =
        parseSourceString<ModuleOp>(spec.toMLIR(), &context);
    if (!module)
      return nullptr;
    PassManager pm(&context);
    CKConvToGemmOptions options;
    options.windows = windows.str();
    pm.addPass(createCKConvToGemm(options));
    if (failed(pm.run(*module)))
      return nullptr;
    return module;
  }

  MLIRContext context;
};

TEST_P(ConvToGemmNumerics, RandomProblemsMatchDirectConvolution) {
  ConvDirection direction = GetParam();
  std::mt19937_64 rng(0xC0FFEE + static_cast<int>(direction));
  Coverage coverage;
  for (int i = 0; i < kProblemsPerDirection; ++i) {
    ConvSpec spec = randomSpec(rng, direction);
    coverage.note(spec);
    bool pointwise = isPointwise(spec);
    // Pointwise problems take the explicit path by default; check the
    // implicit views of them too. The groups go one GEMM at a time, by the
    // pass's rule, and every other divisor of G per GEMM. Backward-weight
    // that fits the output gradient's windows takes both windows, the
    // output's with one group per GEMM.
    std::vector<int64_t> groupsPerGemm = {0};
    for (int64_t d = 1; d <= spec.groups; ++d)
      if (spec.groups % d == 0)
        groupsPerGemm.push_back(d);
    for (StringRef path : pointwise ? std::vector<StringRef>{"auto", "implicit"}
                                    : std::vector<StringRef>{"auto"})
      for (StringRef windows : windowsFor(spec))
        for (int64_t merge : groupsPerGemm) {
          if (windows == "output" && merge > 1)
            continue;
          std::string ir;
          std::string error = check(spec, path, merge, rng(), ir, "", windows);
          ASSERT_TRUE(error.empty())
              << error << "\nproblem #" << i << " (path=" << path.str()
              << ", merge-groups=" << merge << ", windows=" << windows.str()
              << "):\n"
              << spec.toMLIR() << "lowered:\n"
              << ir;
          if (merge > 1)
            coverage.counts["merged groups"]++;
          if (windows == "output")
            coverage.counts["output windows"]++;
          // One group per GEMM on the explicit path: plain reshapes only (the
          // merged groups' block diagonal is a pad of C's view).
          if (pointwise && path == "auto" &&
              (merge == 1 || (merge == 0 && spec.groups == 1))) {
            EXPECT_EQ(ir.find("pad ["), std::string::npos) << ir;
            EXPECT_EQ(ir.find("embed ["), std::string::npos) << ir;
          }
        }
  }
  for (const char *feature :
       {"rank 1", "rank 2", "rank 3", "groups", "depthwise", "stride > 1",
        "stride > 3", "dilation > 1", "asymmetric pads", "1x1 stride 1 pad 0",
        "filter larger than input", "odd sizes", "odd channels",
        "epilogue with D", "alpha", "other layouts"})
    EXPECT_GT(coverage.counts[feature], 0)
        << "no random problem covered: " << feature;
  if (direction == ConvDirection::BackwardWeight)
    EXPECT_GT(coverage.counts["output windows"], 0)
        << "no random problem took the output gradient's windows";
  EXPECT_GT(coverage.counts["merged groups"], 0)
      << "no random problem covered: merged groups";
}

/// Backward-data with more than 64 filters, not a multiple of 64, pads them
/// to the next multiple in both operands on a target with TMA (sm_90a), and
/// only there; the padding must read as zeros on both sides.
TEST_P(ConvToGemmNumerics, ManyChannelsPaddedPerTap) {
  ConvDirection direction = GetParam();
  std::mt19937_64 rng(0xFACADE + static_cast<int>(direction));
  for (int64_t filters : {65, 100, 130}) {
    ConvSpec spec = randomSpec(rng, direction);
    spec.outChannels = filters;
    spec.numDs = 0;
    spec.hasBeta = false;
    // One group per GEMM and the rule's groups per GEMM, on a chip with
    // TMA and on one without.
    for (int64_t merge : {1, 0})
      for (StringRef chip : {"sm_90a", "gfx942"}) {
        std::string ir;
        std::string error = check(spec, "implicit", merge, rng(), ir, chip);
        ASSERT_TRUE(error.empty()) << error << "\n" << spec.toMLIR() << ir;
        int64_t padded = (filters + 63) / 64 * 64;
        bool pads = ir.find("(0, " + std::to_string(padded - filters) + ")>") !=
                    std::string::npos;
        EXPECT_EQ(pads,
                  direction == ConvDirection::BackwardData && chip == "sm_90a")
            << "K = " << filters << " on " << chip.str() << ":\n"
            << ir;
      }
  }
}

/// Checks contiguousVectorWidth's claim about `view` along `dim` by
/// evaluating every coordinate; returns a message on failure.
std::string checkVectorWidth(const TracedView &view, unsigned dim) {
  int64_t v = contiguousVectorWidth(view, dim, 8);
  ArrayRef<int64_t> viewShape = view.maps.front().getUpperBounds();
  auto memrefShape = cast<MemRefType>(view.memref.getType()).getShape();
  auto flat = [&](ArrayRef<int64_t> c) {
    int64_t f = 0;
    for (auto [x, size] : llvm::zip(c, memrefShape))
      f = f * size + x;
    return f;
  };
  SmallVector<int64_t> coord(viewShape.size(), 0);
  while (true) {
    if (coord[dim] % v == 0) {
      auto first = view.evaluate(coord);
      if (first && flat(*first) % v != 0)
        return "unaligned run start for width " + std::to_string(v);
      for (int64_t i = 1; i < v; ++i) {
        SmallVector<int64_t> next(coord);
        next[dim] += i;
        auto at = view.evaluate(next);
        if (bool(at) != bool(first))
          return "run of width " + std::to_string(v) + " mixes padding";
        if (at && flat(*at) != flat(*first) + i)
          return "run of width " + std::to_string(v) + " is not contiguous";
      }
    }
    size_t i = coord.size();
    while (i > 0 && ++coord[i - 1] == viewShape[i - 1])
      coord[--i] = 0;
    if (i == 0)
      return {};
  }
}

TEST_P(ConvToGemmNumerics, VectorWidthsHoldOnEveryCoordinate) {
  std::mt19937_64 rng(0xBEEF + static_cast<int>(GetParam()));
  int wide = 0;
  for (int i = 0; i < 60; ++i) {
    ConvSpec spec = randomSpec(rng, GetParam());
    for (StringRef windows : windowsFor(spec)) {
      OwningOpRef<ModuleOp> module = lower(spec, windows);
      ASSERT_TRUE(module) << spec.toMLIR();
      module->walk([&](GemmOp gemm) {
        for (Value operand : {gemm.getA(), gemm.getB(), gemm.getC()}) {
          FailureOr<TracedView> view = traceView(operand);
          ASSERT_TRUE(succeeded(view));
          if (view->maps.empty())
            continue;
          for (unsigned dim : {1u, 2u}) {
            wide += contiguousVectorWidth(*view, dim, 8) > 1;
            std::string error = checkVectorWidth(*view, dim);
            ASSERT_TRUE(error.empty())
                << error << " along dim " << dim << " of\n"
                << spec.toMLIR();
          }
        }
      });
    }
  }
  EXPECT_GT(wide, 0) << "no view was found vectorizable";
}

/// ViewCursorProgram's policy on the host: 64-bit integers, with unsigned
/// compares as on the GPU.
struct HostCursorMath {
  using Value = int64_t;
  using Bool = bool;
  Value constant(int64_t v) { return v; }
  Value add(Value x, Value y) { return x + y; }
  Value mul(Value x, int64_t c) { return x * c; }
  Value div(Value x, int64_t c) { return int64_t(uint64_t(x) / uint64_t(c)); }
  Value rem(Value x, int64_t c) { return int64_t(uint64_t(x) % uint64_t(c)); }
  Bool ult(Value x, int64_t c) { return uint64_t(x) < uint64_t(c); }
  Bool andB(Bool x, Bool y) { return x && y; }
  Bool notB(Bool x) { return !x; }
  Value select(Bool c, Value x, Value y) { return c ? x : y; }
  Bool trueB() { return true; }
};

/// Walks `view` from `start` by `delta` until it leaves the view, comparing
/// the cursor with TracedView::evaluate at every step inside the view: its
/// memref coordinates and its linear form's place in the contiguous memref.
/// Returns a message on failure; counts the steps whose linear form reads
/// fewer state values than the memref has dimensions in `folded`. Also
/// checks that the compact cursor's values cursorMovingValues calls fixed
/// keep their first step's values, and counts them in `fixed`.
std::string walkCursor(const TracedView &view, SmallVector<int64_t> coord,
                       ArrayRef<int64_t> delta, int &folded, int &fixed) {
  HostCursorMath math;
  ViewCursorProgram<HostCursorMath> program{math, view.maps};
  auto memref = cast<MemRefType>(view.memref.getType());
  SmallVector<int64_t> strides;
  int64_t offset;
  (void)memref.getStridesAndOffset(strides, offset);
  SmallVector<int64_t> state = program.init(coord);
  SmallVector<int64_t> first = program.compact(state);
  SmallVector<bool> moving = cursorMovingValues(view.maps, delta);
  if (moving.size() != first.size())
    return "cursorMovingValues has " + std::to_string(moving.size()) +
           " entries for a compact cursor of " + std::to_string(first.size());
  fixed += llvm::count(moving, false);
  ArrayRef<int64_t> bounds = view.maps.front().getUpperBounds();
  for (int step = 0;; ++step) {
    for (auto [c, bound] : llvm::zip(coord, bounds))
      if (c >= bound)
        return {};
    std::optional<SmallVector<int64_t>> expected = view.evaluate(coord);
    bool valid = program.outsidePadding(state);
    auto where = [&] {
      std::string s = "step " + std::to_string(step) + " at (";
      for (int64_t c : coord)
        s += std::to_string(c) + " ";
      return s + ")";
    };
    if (valid != bool(expected))
      return where() + ": cursor says " + (valid ? "element" : "padding");
    if (expected &&
        SmallVector<int64_t>(program.memrefCoords(state)) != *expected)
      return where() + ": cursor points elsewhere";
    for (auto [i, value] : llvm::enumerate(program.compact(state)))
      if (!moving[i] && value != first[i])
        return where() + ": compact value " + std::to_string(i) +
               " moved, which cursorMovingValues calls fixed";
    if (expected) {
      auto form = program.linearForm(state, strides);
      int64_t place = form.constant, wanted = 0;
      for (auto [value, coefficient] : form.terms)
        place += value * coefficient;
      for (auto [c, stride] : llvm::zip_equal(*expected, strides))
        wanted += c * stride;
      if (place != wanted)
        return where() + ": linear form gives " + std::to_string(place) +
               ", the element is at " + std::to_string(wanted);
      if (form.terms.size() < strides.size())
        ++folded;
    }
    state = program.advance(state, delta);
    for (auto [c, d] : llvm::zip(coord, delta))
      c += d;
  }
}

TEST_P(ConvToGemmNumerics, CursorsFollowEvaluationAlongK) {
  std::mt19937_64 rng(0xC0DE + static_cast<int>(GetParam()));
  int walks = 0, incremental = 0, folded = 0, fixed = 0;
  for (int i = 0; i < 60; ++i) {
    ConvSpec spec = randomSpec(rng, GetParam());
    for (StringRef windows : windowsFor(spec)) {
      OwningOpRef<ModuleOp> module = lower(spec, windows);
      ASSERT_TRUE(module) << spec.toMLIR();
      module->walk([&](GemmOp gemm) {
        // A walks along its columns (K), B along its rows (K), as the GEMM
        // kernel's loads do, by block K sizes from 1 to past K.
        for (auto [operand, kDim] :
             {std::pair<Value, unsigned>{gemm.getA(), 2},
              std::pair<Value, unsigned>{gemm.getB(), 1}}) {
          FailureOr<TracedView> view = traceView(operand);
          ASSERT_TRUE(succeeded(view));
          if (view->maps.empty())
            continue;
          ArrayRef<int64_t> bounds = view->maps.front().getUpperBounds();
          for (int64_t step : {int64_t(1), int64_t(3), int64_t(8), int64_t(32),
                               bounds[kDim] + 1}) {
            SmallVector<int64_t> delta(3, 0);
            delta[kDim] = step;
            if (!canAdvanceCursor(view->maps, delta))
              continue;
            ++incremental;
            for (int w = 0; w < 4; ++w) {
              SmallVector<int64_t> start;
              for (auto [d, bound] : llvm::enumerate(bounds))
                start.push_back(
                    d == kDim ? int64_t(rng() % std::min<int64_t>(bound, step))
                              : int64_t(rng() % bound));
              std::string error =
                  walkCursor(*view, start, delta, folded, fixed);
              ++walks;
              ASSERT_TRUE(error.empty()) << error << " stepping " << step
                                         << " along dim " << kDim << " of\n"
                                         << spec.toMLIR();
            }
          }
        }
      });
    }
  }
  EXPECT_GT(incremental, 0) << "no view could advance without division";
  EXPECT_GT(walks, 100);
  EXPECT_GT(folded, 0) << "no linear form folded a merge";
  EXPECT_GT(fixed, 0) << "no cursor kept a value fixed along K";
}

INSTANTIATE_TEST_SUITE_P(
    AllDirections, ConvToGemmNumerics,
    ::testing::Values(ConvDirection::Forward, ConvDirection::BackwardData,
                      ConvDirection::BackwardWeight),
    [](const ::testing::TestParamInfo<ConvDirection> &info) {
      return stringifyConvDirection(info.param).str();
    });

} // namespace
