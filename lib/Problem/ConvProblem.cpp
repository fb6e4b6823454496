//===- ConvProblem.cpp - A grouped convolution problem --------------------===//

#include "ck/Problem/ConvProblem.h"

#include <algorithm>
#include <cctype>
#include <sstream>

using namespace ckproblem;

namespace {

std::string problemError(const std::string &message) {
  return "invalid problem: " + message;
}

int64_t product(const std::vector<int64_t> &values) {
  int64_t result = 1;
  for (int64_t v : values)
    result *= v;
  return result;
}

/// "50x50".
std::string joinX(const std::vector<int64_t> &values) {
  std::string text;
  for (size_t i = 0; i < values.size(); ++i)
    text += (i ? "x" : "") + std::to_string(values[i]);
  return text;
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
  for (int64_t size : outSizes())
    if (size < 1)
      return problemError(
          "the output would be empty: the dilated filter " +
          joinX(filterSizes) + " (dilation " + joinX(dilations) +
          ") is larger than the padded input " + joinX(inSizes));
  if (layouts.empty())
    layouts = channelsLastLayouts(rank);
  if (layouts.size() != 3)
    return problemError("expected 3 layouts (input, filter, output), got " +
                        std::to_string(layouts.size()));
  std::string spatial = spatialLetters("DHW", rank);
  std::string filter = spatialLetters("ZYX", rank);
  for (const std::string &error :
       {checkLayout("input", layouts[0], "NGC" + spatial),
        checkLayout("filter", layouts[1], "GKC" + filter),
        checkLayout("output", layouts[2], "NGK" + spatial)})
    if (!error.empty())
      return problemError(error);
  if (!splitK.empty() && direction != "bwd_weight")
    return problemError("split_k applies to bwd_weight only, not " + direction);
  return "";
}

std::vector<int64_t> ConvProblemDesc::outSizes() const {
  std::vector<int64_t> out;
  for (size_t i = 0; i < inSizes.size(); ++i) {
    int64_t stride = i < strides.size() ? strides[i] : 1;
    int64_t dilation = i < dilations.size() ? dilations[i] : 1;
    int64_t left = i < padLeft.size() ? padLeft[i] : 0;
    int64_t right = i < padRight.size() ? padRight[i] : 0;
    int64_t filter = i < filterSizes.size() ? filterSizes[i] : 1;
    int64_t span = inSizes[i] + left + right - dilation * (filter - 1) - 1;
    out.push_back(span < 0 || stride < 1 ? 0 : span / stride + 1);
  }
  return out;
}

double ConvProblemDesc::flops() const {
  return 2.0 * double(g) * double(n) * double(k) * double(c) *
         double(product(outSizes())) * double(product(filterSizes));
}

int64_t ConvProblemDesc::reductionLength() const {
  if (direction == "bwd_weight")
    return n * product(outSizes());
  if (direction == "fwd")
    return c * product(filterSizes);
  return k * product(filterSizes);
}

int ConvProblemDesc::writtenTensor() const {
  return direction == "bwd_data" ? 0 : direction == "bwd_weight" ? 1 : 2;
}

std::array<int64_t, 3> ConvProblemDesc::tensorElements() const {
  return {g * n * c * product(inSizes), g * k * c * product(filterSizes),
          g * n * k * product(outSizes())};
}

int64_t ConvProblemDesc::elementBytes() const { return dtype == "f32" ? 4 : 2; }

int64_t ConvProblemDesc::bytes() const {
  std::array<int64_t, 3> elements = tensorElements();
  return (elements[0] + elements[1] + elements[2]) * elementBytes();
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
