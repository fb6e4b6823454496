//===- Problem.cpp - Convolution problems from the command line -----------===//

#include "ck/Driver/Problem.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <sstream>

using namespace mlir;
using namespace mlir::ck;

static llvm::Error problemError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "invalid problem: " + message);
}

llvm::Error ConvProblemDesc::complete() {
  if (direction != "fwd" && direction != "bwd_data" &&
      direction != "bwd_weight")
    return problemError("direction '" + direction +
                        "' is not one of fwd, bwd_data, bwd_weight");
  if (dtype != "f16" && dtype != "bf16" && dtype != "f32")
    return problemError("type '" + dtype + "' is not one of f16, bf16, f32");
  size_t rank = inSizes.size();
  if (rank < 1 || rank > 3)
    return problemError("expected 1, 2 or 3 spatial input sizes, got " +
                        llvm::Twine(rank));
  if (filterSizes.size() != rank)
    return problemError("expected " + llvm::Twine(rank) +
                        " filter sizes, got " +
                        llvm::Twine(filterSizes.size()));
  for (auto [name, values, fill] :
       {std::tuple{"strides", &strides, 1}, std::tuple{"dilations", &dilations, 1},
        std::tuple{"left pads", &padLeft, 0}, std::tuple{"right pads", &padRight, 0}}) {
    if (values->empty())
      values->assign(rank, fill);
    if (values->size() != rank)
      return problemError("expected " + llvm::Twine(rank) + " " + name +
                          ", got " + llvm::Twine(values->size()));
  }
  for (auto [name, value] : {std::pair{"G", g}, std::pair{"N", n},
                             std::pair{"C", c}, std::pair{"K", k}})
    if (value < 1)
      return problemError(llvm::Twine(name) + " must be >= 1, got " +
                          llvm::Twine(value));
  for (size_t i = 0; i < rank; ++i) {
    if (inSizes[i] < 1 || filterSizes[i] < 1)
      return problemError("sizes must be >= 1");
    if (strides[i] < 1 || dilations[i] < 1)
      return problemError("strides and dilations must be >= 1");
    if (padLeft[i] < 0 || padRight[i] < 0)
      return problemError("pads must be >= 0");
  }
  for (int64_t size : outSizes())
    if (size < 1)
      return problemError("the output would be empty: the dilated filter is "
                          "larger than the padded input");
  if (layouts.empty()) {
    std::string spatial = std::string("DHW").substr(3 - rank);
    std::string filterSpatial = std::string("ZYX").substr(3 - rank);
    layouts = {"N" + spatial + "GC", "GK" + filterSpatial + "C",
               "N" + spatial + "GK"};
  }
  if (layouts.size() != 3)
    return problemError("expected 3 layouts (input, filter, output)");
  return llvm::Error::success();
}

std::vector<int64_t> ConvProblemDesc::outSizes() const {
  std::vector<int64_t> out;
  for (size_t i = 0; i < inSizes.size(); ++i) {
    int64_t span = inSizes[i] + padLeft[i] + padRight[i] -
                   dilations[i] * (filterSizes[i] - 1) - 1;
    out.push_back(span < 0 ? 0 : span / strides[i] + 1);
  }
  return out;
}

static int64_t product(const std::vector<int64_t> &values) {
  int64_t result = 1;
  for (int64_t v : values)
    result *= v;
  return result;
}

double ConvProblemDesc::flops() const {
  return 2.0 * g * n * k * c * product(outSizes()) * product(filterSizes);
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

/// Memref type of a tensor with `layout`, spatial letters `letters`.
static std::string memrefType(const ConvProblemDesc &p, StringRef layout,
                              StringRef letters,
                              const std::vector<int64_t> &spatial) {
  std::string type = "memref<";
  for (char letter : layout) {
    int64_t size = letter == 'G'   ? p.g
                   : letter == 'N' ? p.n
                   : letter == 'C' ? p.c
                   : letter == 'K' ? p.k
                                   : -1;
    size_t pos = letters.take_back(spatial.size()).find(letter);
    if (pos != StringRef::npos)
      size = spatial[pos];
    type += std::to_string(size) + "x";
  }
  return type + p.dtype + ">";
}

static std::string list(const std::vector<int64_t> &values) {
  std::string text = "[";
  for (auto [i, v] : llvm::enumerate(values))
    text += (i ? ", " : "") + std::to_string(v);
  return text + "]";
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
  auto join = [](const std::vector<int64_t> &v) {
    std::string s;
    for (auto [i, x] : llvm::enumerate(v))
      s += (i ? "x" : "") + std::to_string(x);
    return s;
  };
  return llvm::formatv("{0} {1} G={2} N={3} C={4} K={5} in={6} filter={7} "
                       "stride={8} dilation={9} pad={10}/{11}",
                       direction, dtype, g, n, c, k, join(inSizes),
                       join(filterSizes), join(strides), join(dilations),
                       join(padLeft), join(padRight))
      .str();
}
