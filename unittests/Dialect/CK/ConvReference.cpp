//===- ConvReference.cpp - Direct convolutions on the host ----------------===//

#include "ConvReference.h"

#include "llvm/Support/FormatVariadic.h"

#include <cmath>
#include <limits>
#include <sstream>

using namespace mlir::ck;
using namespace ck_test;

HostTensor::HostTensor(std::string layout, std::vector<int64_t> shape,
                       double fill)
    : layout(std::move(layout)), shape(std::move(shape)) {
  int64_t size = 1;
  for (int64_t s : this->shape)
    size *= s;
  data.assign(size, fill);
}

int64_t HostTensor::flatten(llvm::ArrayRef<int64_t> coord) const {
  int64_t flat = 0;
  for (size_t i = 0; i < shape.size(); ++i)
    flat = flat * shape[i] + coord[i];
  return flat;
}

double &HostTensor::at(const std::array<int64_t, 128> &byLetter) {
  std::vector<int64_t> coord;
  for (char letter : layout)
    coord.push_back(byLetter[letter]);
  return data[flatten(coord)];
}

void HostTensor::randomize(std::mt19937_64 &rng) {
  std::uniform_int_distribution<int> dist(-3, 3);
  for (double &v : data)
    v = dist(rng);
}

HostTensor &ConvTensors::written(ConvDirection direction) {
  switch (direction) {
  case ConvDirection::Forward:
    return output;
  case ConvDirection::BackwardData:
    return input;
  case ConvDirection::BackwardWeight:
    return filter;
  }
  llvm_unreachable("unknown direction");
}

std::string ConvSpec::layout(ConvTensor tensor) const {
  switch (tensor) {
  case ConvTensor::Input:
    return inputLayout;
  case ConvTensor::Filter:
    return filterLayout;
  case ConvTensor::Output:
    return outputLayout;
  }
  llvm_unreachable("unknown tensor");
}

std::vector<int64_t> ConvSpec::shape(ConvTensor tensor) const {
  std::array<int64_t, 128> size{};
  size['G'] = groups;
  size['N'] = batch;
  size['C'] = inChannels;
  size['K'] = outChannels;
  const std::vector<int64_t> &spatial = tensor == ConvTensor::Input ? inSizes
                                        : tensor == ConvTensor::Filter
                                            ? filterSizes
                                            : outSizes;
  llvm::StringRef letters = spatialLetters(tensor, rank());
  for (unsigned i = 0; i < rank(); ++i)
    size[letters[i]] = spatial[i];
  std::vector<int64_t> result;
  for (char letter : layout(tensor))
    result.push_back(size[letter]);
  return result;
}

static std::string memrefType(const std::vector<int64_t> &shape) {
  std::string type = "memref<";
  for (int64_t s : shape)
    type += std::to_string(s) + "x";
  return type + "f32>";
}

static std::string list(const std::vector<int64_t> &values) {
  std::string text = "[";
  for (size_t i = 0; i < values.size(); ++i)
    text += (i ? ", " : "") + std::to_string(values[i]);
  return text + "]";
}

std::string ConvSpec::toMLIR() const {
  std::string in = memrefType(shape(ConvTensor::Input));
  std::string w = memrefType(shape(ConvTensor::Filter));
  std::string out = memrefType(shape(ConvTensor::Output));
  ConvTensor writtenRole = direction == ConvDirection::Forward ? ConvTensor::Output
                           : direction == ConvDirection::BackwardData
                               ? ConvTensor::Input
                               : ConvTensor::Filter;
  std::string d = memrefType(shape(writtenRole));
  std::ostringstream os;
  os << "func.func @conv(%x: " << in << ", %w: " << w << ", %y: " << out;
  for (int i = 0; i < numDs; ++i)
    os << ", %d" << i << ": " << d;
  os << ") {\n  ck.conv_" << stringifyConvDirection(direction).str()
     << " input(%x : " << in << ") filter(%w : " << w << ") output(%y : "
     << out << ")";
  if (numDs) {
    os << " adds(";
    for (int i = 0; i < numDs; ++i)
      os << (i ? ", " : "") << "%d" << i;
    os << " :";
    for (int i = 0; i < numDs; ++i)
      os << (i ? ", " : " ") << d;
    os << ")";
  }
  os << " layouts(" << inputLayout << ", " << filterLayout << ", "
     << outputLayout << ") strides " << list(strides) << " dilations "
     << list(dilations) << " pad_left " << list(padLeft) << " pad_right "
     << list(padRight);
  if (hasAlpha)
    os << " alpha " << llvm::formatv("{0:e}", alpha).str();
  if (hasBeta)
    os << " beta " << llvm::formatv("{0:e}", beta).str();
  os << "\n  return\n}\n";
  return os.str();
}

ConvTensors ConvSpec::makeTensors(std::mt19937_64 &rng) const {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  ConvTensors t;
  t.input = HostTensor(inputLayout, shape(ConvTensor::Input), 0);
  t.filter = HostTensor(filterLayout, shape(ConvTensor::Filter), 0);
  t.output = HostTensor(outputLayout, shape(ConvTensor::Output), 0);
  t.input.randomize(rng);
  t.filter.randomize(rng);
  t.output.randomize(rng);
  HostTensor &written = t.written(direction);
  for (int i = 0; i < numDs; ++i) {
    t.ds.push_back(HostTensor(written.layout, written.shape, 0));
    t.ds.back().randomize(rng);
  }
  std::fill(written.data.begin(), written.data.end(), nan);
  return t;
}

void ck_test::referenceConv(const ConvSpec &spec, ConvTensors &t) {
  HostTensor &written = t.written(spec.direction);
  std::vector<double> acc(written.data.size(), 0.0);
  unsigned rank = spec.rank();
  llvm::StringRef act = spatialLetters(ConvTensor::Input, rank);
  llvm::StringRef fil = spatialLetters(ConvTensor::Filter, rank);

  // Odometers over output positions and filter taps.
  auto forEachPoint = [](const std::vector<int64_t> &sizes, auto fn) {
    std::vector<int64_t> point(sizes.size(), 0);
    while (true) {
      fn(point);
      size_t i = sizes.size();
      while (i > 0 && ++point[i - 1] == sizes[i - 1])
        point[--i] = 0;
      if (i == 0)
        return;
    }
  };
  std::array<int64_t, 128> at{};
  for (int64_t g = 0; g < spec.groups; ++g)
    for (int64_t n = 0; n < spec.batch; ++n)
      for (int64_t k = 0; k < spec.outChannels; ++k)
        for (int64_t c = 0; c < spec.inChannels; ++c)
          forEachPoint(spec.outSizes, [&](const std::vector<int64_t> &o) {
            forEachPoint(spec.filterSizes, [&](const std::vector<int64_t> &f) {
              at['G'] = g;
              at['N'] = n;
              at['K'] = k;
              at['C'] = c;
              for (unsigned i = 0; i < rank; ++i) {
                int64_t pos = o[i] * spec.strides[i] +
                              f[i] * spec.dilations[i] - spec.padLeft[i];
                if (pos < 0 || pos >= spec.inSizes[i])
                  return;
                at[fil[i]] = f[i];
              }
              // Activation letters are shared by input and output: index
              // the output first, then move the letters to input positions.
              for (unsigned i = 0; i < rank; ++i)
                at[act[i]] = o[i];
              int64_t outIndex = &t.output.at(at) - t.output.data.data();
              for (unsigned i = 0; i < rank; ++i)
                at[act[i]] = o[i] * spec.strides[i] +
                             f[i] * spec.dilations[i] - spec.padLeft[i];
              int64_t inIndex = &t.input.at(at) - t.input.data.data();
              int64_t filterIndex = &t.filter.at(at) - t.filter.data.data();
              double x = t.input.data[inIndex];
              double w = t.filter.data[filterIndex];
              double y = t.output.data[outIndex];
              switch (spec.direction) {
              case ConvDirection::Forward:
                acc[outIndex] += x * w;
                break;
              case ConvDirection::BackwardData:
                acc[inIndex] += y * w;
                break;
              case ConvDirection::BackwardWeight:
                acc[filterIndex] += y * x;
                break;
              }
            });
          });
  for (size_t i = 0; i < acc.size(); ++i) {
    double value = spec.alpha * acc[i];
    for (const HostTensor &d : t.ds)
      value += spec.beta * d.data[i];
    written.data[i] = value;
  }
}
