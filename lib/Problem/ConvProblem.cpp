//===- ConvProblem.cpp - A grouped convolution problem --------------------===//

#include "ck/Problem/ConvProblem.h"

#include "ParseUtil.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <optional>
#include <sstream>

using namespace ckproblem;
using ckproblem::detail::joinX;

namespace {

std::string problemError(const std::string &message) {
  return "invalid problem: " + message;
}

/// A size computed from a problem's fields: exactly where it fits int64_t
/// (`exact`; std::nullopt where it does not), and always approximately
/// (`approx`), for messages. The one place where sizes are combined: every
/// operation is overflow-checked.
struct Size {
  std::optional<int64_t> exact;
  double approx;

  Size(int64_t value) : exact(value), approx(double(value)) {}
  Size(std::optional<int64_t> exact, double approx)
      : exact(exact), approx(approx) {}

  /// The exact value, or -1 where it does not fit int64_t.
  int64_t orMinusOne() const { return exact ? *exact : -1; }
  /// The exact value, or "about 2^70 (too large for 64 bits)" where it
  /// does not fit int64_t.
  std::string text() const {
    return exact ? std::to_string(*exact)
                 : "about 2^" + std::to_string(std::lround(std::log2(approx))) +
                       " (too large for 64 bits)";
  }
};

template <typename Op> Size combine(Size a, Size b, double approx, Op op) {
  int64_t result;
  if (!a.exact || !b.exact || op(*a.exact, *b.exact, &result))
    return {std::nullopt, approx};
  return {result, approx};
}
Size operator+(Size a, Size b) {
  return combine(a, b, a.approx + b.approx,
                 [](int64_t x, int64_t y, int64_t *r) {
                   return __builtin_add_overflow(x, y, r);
                 });
}
Size operator-(Size a, Size b) {
  return combine(a, b, a.approx - b.approx,
                 [](int64_t x, int64_t y, int64_t *r) {
                   return __builtin_sub_overflow(x, y, r);
                 });
}
Size operator*(Size a, Size b) {
  return combine(a, b, a.approx * b.approx,
                 [](int64_t x, int64_t y, int64_t *r) {
                   return __builtin_mul_overflow(x, y, r);
                 });
}

Size product(const std::vector<int64_t> &values) {
  Size result = 1;
  for (int64_t v : values)
    result = result * v;
  return result;
}

/// `values[i]`, or `fill` where there is no such entry (before complete()).
int64_t at(const std::vector<int64_t> &values, size_t i, int64_t fill) {
  return i < values.size() ? values[i] : fill;
}

/// Input size plus both pads of spatial dimension `i`.
Size paddedSize(const ConvProblemDesc &p, size_t i) {
  return Size(p.inSizes[i]) + at(p.padLeft, i, 0) + at(p.padRight, i, 0);
}

/// The inputs the dilated filter of spatial dimension `i` spans:
/// (filter - 1) * dilation + 1.
Size dilatedFilterSize(const ConvProblemDesc &p, size_t i) {
  return (Size(at(p.filterSizes, i, 1)) - 1) * at(p.dilations, i, 1) + 1;
}

/// Output size of spatial dimension `i`; 0 where it would be empty.
Size outSize(const ConvProblemDesc &p, size_t i) {
  Size span = paddedSize(p, i) - dilatedFilterSize(p, i);
  int64_t stride = at(p.strides, i, 1);
  if (!span.exact)
    return {std::nullopt, span.approx / double(stride) + 1};
  if (*span.exact < 0 || stride < 1)
    return 0;
  return Size(*span.exact / stride) + 1;
}

Size outElements(const ConvProblemDesc &p) {
  Size result = 1;
  for (size_t i = 0; i < p.inSizes.size(); ++i)
    result = result * outSize(p, i);
  return result;
}

/// Elements of the input, filter and output tensors.
std::array<Size, 3> tensorSizes(const ConvProblemDesc &p) {
  return {Size(p.g) * p.n * p.c * product(p.inSizes),
          Size(p.g) * p.k * p.c * product(p.filterSizes),
          Size(p.g) * p.n * p.k * outElements(p)};
}

Size multiplyAdds(const ConvProblemDesc &p) {
  return Size(p.g) * p.n * p.k * p.c * outElements(p) * product(p.filterSizes);
}

/// "2^38" for a power of two.
std::string powerOfTwo(int64_t value) {
  return "2^" + std::to_string(63 - __builtin_clzll(uint64_t(value)));
}

/// "[50, 50]".
std::string list(const std::vector<int64_t> &values) {
  std::string text = "[";
  for (size_t i = 0; i < values.size(); ++i)
    text += (i ? ", " : "") + std::to_string(values[i]);
  return text + "]";
}

/// The spatial letters of a problem of `rank` dimensions: the last `rank`
/// of "DHW" (activations) or "ZYX" (filter).
std::string spatialLetters(const char *all, size_t rank) {
  return std::string(all).substr(3 - rank);
}

/// "" if `layout` names each of `letters` exactly once, else why not.
std::string checkLayout(const std::string &role, const std::string &layout,
                        const std::string &letters) {
  std::string sortedLayout = layout, sortedLetters = letters;
  std::sort(sortedLayout.begin(), sortedLayout.end());
  std::sort(sortedLetters.begin(), sortedLetters.end());
  if (sortedLayout != sortedLetters)
    return role + " layout '" + layout + "' must name each of the letters " +
           letters + " exactly once";
  return "";
}

bool isChannelsLast(const std::vector<std::string> &layouts, size_t rank) {
  return layouts == channelsLastLayouts(rank);
}

} // namespace

std::vector<std::string> ckproblem::channelsLastLayouts(size_t rank) {
  if (rank < 1 || rank > 3)
    return {};
  std::string spatial = spatialLetters("DHW", rank);
  std::string filter = spatialLetters("ZYX", rank);
  return {"N" + spatial + "GC", "GK" + filter + "C", "N" + spatial + "GK"};
}

std::string ConvProblemDesc::complete() {
  if (direction != "fwd" && direction != "bwd_data" &&
      direction != "bwd_weight")
    return problemError("direction '" + direction +
                        "' is not one of fwd, bwd_data, bwd_weight");
  if (dtype != "f16" && dtype != "bf16" && dtype != "f32")
    return problemError("type '" + dtype + "' is not one of f16, bf16, f32");
  size_t rank = inSizes.size();
  if (rank < 1 || rank > 3)
    return problemError("expected 1, 2 or 3 spatial input sizes, got " +
                        std::to_string(rank));
  if (filterSizes.size() != rank)
    return problemError("expected " + std::to_string(rank) +
                        " filter sizes (one per input size), got " +
                        std::to_string(filterSizes.size()));
  struct Field {
    const char *name;
    std::vector<int64_t> *values;
    int64_t fill;
  };
  for (Field field :
       {Field{"strides", &strides, 1}, Field{"dilations", &dilations, 1},
        Field{"left pads", &padLeft, 0}, Field{"right pads", &padRight, 0}}) {
    if (field.values->empty())
      field.values->assign(rank, field.fill);
    if (field.values->size() != rank)
      return problemError("expected " + std::to_string(rank) + " " +
                          field.name + " (one per input size), got " +
                          std::to_string(field.values->size()));
  }
  for (auto [name, value] :
       {std::pair<const char *, int64_t>{"G", g}, {"N", n}, {"C", c}, {"K", k}})
    if (value < 1)
      return problemError(std::string(name) + " must be >= 1, got " +
                          std::to_string(value));
  for (size_t i = 0; i < rank; ++i) {
    if (inSizes[i] < 1 || filterSizes[i] < 1)
      return problemError("input and filter sizes must be >= 1, got in=" +
                          joinX(inSizes) + " filter=" + joinX(filterSizes));
    if (strides[i] < 1 || dilations[i] < 1)
      return problemError("strides and dilations must be >= 1, got stride=" +
                          joinX(strides) + " dilation=" + joinX(dilations));
    if (padLeft[i] < 0 || padRight[i] < 0)
      return problemError("pads must be >= 0, got " + joinX(padLeft) + "/" +
                          joinX(padRight));
  }

  // The limits (ConvProblem.h). Each size checked here bounds the ones
  // computed from it, so that none of those overflows.
  std::string limit =
      std::to_string(kSizeLimit) + " (" + powerOfTwo(kSizeLimit) + ")";
  if (g > kMaxGroups)
    return problemError(
        "G is " + std::to_string(g) + "; at most " +
        std::to_string(kMaxGroups) +
        " groups are supported: the GEMM kernels launch the groups along "
        "grid y, which GPUs limit to " +
        std::to_string(kMaxGroups) + " blocks");
  for (auto [name, value] :
       {std::pair<const char *, int64_t>{"N", n}, {"C", c}, {"K", k}})
    if (value >= kSizeLimit)
      return problemError(std::string(name) + " is " + std::to_string(value) +
                          "; N, C and K must be below " + limit);
  for (size_t i = 0; i < rank; ++i)
    if (strides[i] >= kSizeLimit || dilations[i] >= kSizeLimit)
      return problemError("strides and dilations must be below " + limit +
                          ", got stride=" + joinX(strides) +
                          " dilation=" + joinX(dilations));
  std::string spatial = spatialLetters("DHW", rank);
  std::string filter = spatialLetters("ZYX", rank);
  for (size_t i = 0; i < rank; ++i) {
    Size padded = paddedSize(*this, i);
    if (!padded.exact || *padded.exact >= kSizeLimit)
      return problemError(
          "the padded input " + spatial.substr(i, 1) + " (input " +
          std::to_string(inSizes[i]) + " + pads " + std::to_string(padLeft[i]) +
          " + " + std::to_string(padRight[i]) + ") is " + padded.text() +
          "; input sizes with their pads must be below " + limit);
    Size dilated = dilatedFilterSize(*this, i);
    if (!dilated.exact || *dilated.exact >= kSizeLimit)
      return problemError(
          "the dilated filter " + filter.substr(i, 1) + " ((filter " +
          std::to_string(filterSizes[i]) + " - 1) * dilation " +
          std::to_string(dilations[i]) + " + 1) spans " + dilated.text() +
          " inputs; a dilated filter must span fewer than " + limit);
  }
  // From here on the spatial sizes are exact and below 2^31.
  std::vector<int64_t> paddedSizes, dilatedSizes;
  for (size_t i = 0; i < rank; ++i) {
    paddedSizes.push_back(*paddedSize(*this, i).exact);
    dilatedSizes.push_back(*dilatedFilterSize(*this, i).exact);
  }
  for (int64_t size : outSizes())
    if (size < 1)
      return problemError(
          "the output would be empty: the dilated filter "
          "spans " +
          joinX(dilatedSizes) + " (filter " + joinX(filterSizes) +
          ", dilation " + joinX(dilations) + "), more than the padded input " +
          joinX(paddedSizes) + " (input " + joinX(inSizes) + ", pads " +
          joinX(padLeft) + "/" + joinX(padRight) + ")");
  if (layouts.empty())
    layouts = channelsLastLayouts(rank);
  if (layouts.size() != 3)
    return problemError("expected 3 layouts (input, filter, output), got " +
                        std::to_string(layouts.size()));
  for (const std::string &error :
       {checkLayout("input", layouts[0], "NGC" + spatial),
        checkLayout("filter", layouts[1], "GKC" + filter),
        checkLayout("output", layouts[2], "NGK" + spatial)})
    if (!error.empty())
      return problemError(error);
  if (!splitK.empty() && direction != "bwd_weight")
    return problemError("split_k applies to bwd_weight only, not " + direction);

  // Each tensor's sizes, named, for the message.
  std::vector<int64_t> outs = outSizes();
  struct Tensor {
    const char *role;
    std::vector<std::string> names;
    std::vector<int64_t> sizes;
  } tensors[] = {{"input", {"G", "N", "C"}, {g, n, c}},
                 {"filter", {"G", "K", "C"}, {g, k, c}},
                 {"output", {"G", "N", "K"}, {g, n, k}}};
  for (size_t i = 0; i < rank; ++i) {
    tensors[0].names.push_back(spatial.substr(i, 1));
    tensors[0].sizes.push_back(inSizes[i]);
    tensors[1].names.push_back(filter.substr(i, 1));
    tensors[1].sizes.push_back(filterSizes[i]);
    tensors[2].names.push_back(spatial.substr(i, 1) + "o");
    tensors[2].sizes.push_back(outs[i]);
  }
  int64_t maxElements =
      std::min(kMaxTensorElements, cklimits::kMaxTensorBytes / elementBytes());
  for (const Tensor &tensor : tensors) {
    Size elements = product(tensor.sizes);
    if (elements.exact && *elements.exact <= maxElements)
      continue;
    std::string names, sizes;
    for (size_t i = 0; i < tensor.sizes.size(); ++i) {
      names += (i ? "*" : "") + tensor.names[i];
      sizes += (i ? "*" : "") + std::to_string(tensor.sizes[i]);
    }
    return problemError(
        "the " + std::string(tensor.role) + " tensor (" + names + " = " +
        sizes + ") has " + elements.text() +
        " elements; a tensor may have at most " +
        powerOfTwo(kMaxTensorElements) + " elements (and " +
        powerOfTwo(cklimits::kMaxTensorBytes) +
        " bytes), as the elementwise kernels launch one 256-thread block per "
        "256 elements along grid x, which GPUs limit to 2^31 - 1 blocks");
  }
  Size macs = multiplyAdds(*this);
  if (!macs.exact || *macs.exact > kMaxMultiplyAdds)
    return problemError("the convolution takes " + macs.text() +
                        " multiply-adds; at most " +
                        powerOfTwo(kMaxMultiplyAdds) +
                        " are supported, so that its flop count fits the "
                        "64-bit integer that plans record");
  return "";
}

std::vector<int64_t> ConvProblemDesc::outSizes() const {
  std::vector<int64_t> out;
  for (size_t i = 0; i < inSizes.size(); ++i)
    out.push_back(outSize(*this, i).orMinusOne());
  return out;
}

double ConvProblemDesc::flops() const {
  return 2.0 * multiplyAdds(*this).approx;
}

int64_t ConvProblemDesc::reductionLength() const {
  if (direction == "bwd_weight")
    return (Size(n) * outElements(*this)).orMinusOne();
  if (direction == "fwd")
    return (Size(c) * product(filterSizes)).orMinusOne();
  return (Size(k) * product(filterSizes)).orMinusOne();
}

int ConvProblemDesc::writtenTensor() const {
  return direction == "bwd_data" ? 0 : direction == "bwd_weight" ? 1 : 2;
}

std::array<int64_t, 3> ConvProblemDesc::tensorElements() const {
  std::array<Size, 3> sizes = tensorSizes(*this);
  return {sizes[0].orMinusOne(), sizes[1].orMinusOne(), sizes[2].orMinusOne()};
}

int64_t ConvProblemDesc::elementBytes() const { return dtype == "f32" ? 4 : 2; }

int64_t ConvProblemDesc::bytes() const {
  std::array<Size, 3> sizes = tensorSizes(*this);
  return ((sizes[0] + sizes[1] + sizes[2]) * elementBytes()).orMinusOne();
}

/// Memref type of a tensor with `layout`; `letters` are the spatial letters
/// of its role ("DHW" or "ZYX"), `spatial` its spatial sizes.
static std::string memrefType(const ConvProblemDesc &p,
                              const std::string &layout, const char *letters,
                              const std::vector<int64_t> &spatial) {
  std::string spatialNames = spatialLetters(letters, spatial.size());
  std::string type = "memref<";
  for (char letter : layout) {
    int64_t size = letter == 'G'   ? p.g
                   : letter == 'N' ? p.n
                   : letter == 'C' ? p.c
                   : letter == 'K' ? p.k
                                   : -1;
    size_t pos = spatialNames.find(letter);
    if (pos != std::string::npos)
      size = spatial[pos];
    type += std::to_string(size) + "x";
  }
  return type + p.dtype + ">";
}

std::string ConvProblemDesc::toMLIR() const {
  std::string x = memrefType(*this, layouts[0], "DHW", inSizes);
  std::string w = memrefType(*this, layouts[1], "ZYX", filterSizes);
  std::string y = memrefType(*this, layouts[2], "DHW", outSizes());
  std::ostringstream os;
  os << "func.func @conv(%x: " << x << ", %w: " << w << ", %y: " << y
     << ") {\n  ck.conv_" << direction << " input(%x : " << x
     << ") filter(%w : " << w << ") output(%y : " << y << ")\n      layouts("
     << layouts[0] << ", " << layouts[1] << ", " << layouts[2] << ") strides "
     << list(strides) << " dilations " << list(dilations) << "\n      pad_left "
     << list(padLeft) << " pad_right " << list(padRight) << "\n  return\n}\n";
  return os.str();
}

std::string ConvProblemDesc::summary() const {
  std::ostringstream os;
  os << direction << " " << dtype << " G=" << g << " N=" << n << " C=" << c
     << " K=" << k << " in=" << joinX(inSizes)
     << " filter=" << joinX(filterSizes) << " stride=" << joinX(strides)
     << " dilation=" << joinX(dilations) << " pad=" << joinX(padLeft) << "/"
     << joinX(padRight);
  if (layouts.size() == 3 && !isChannelsLast(layouts, inSizes.size()))
    os << " layouts=" << layouts[0] << "," << layouts[1] << "," << layouts[2];
  if (!splitK.empty())
    os << " split_k=" << splitK;
  return os.str();
}

std::string ConvProblemDesc::key() const {
  std::ostringstream os;
  os << direction << "-" << dtype << "-G" << g << "-N" << n << "-C" << c << "-K"
     << k << "-in" << joinX(inSizes) << "-f" << joinX(filterSizes) << "-s"
     << joinX(strides) << "-d" << joinX(dilations) << "-pl" << joinX(padLeft)
     << "-pr" << joinX(padRight);
  for (size_t i = 0; i < layouts.size(); ++i)
    os << (i ? "_" : "-") << layouts[i];
  if (!splitK.empty()) {
    // Keep the name to letters, digits, '-' and '_'.
    std::string value;
    for (char ch : splitK)
      value +=
          std::isalnum(static_cast<unsigned char>(ch)) || ch == '-' ? ch : '_';
    os << "-splitk" << value;
  }
  return os.str();
}
