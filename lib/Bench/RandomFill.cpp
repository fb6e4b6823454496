//===- RandomFill.cpp - Seeded uniform tensor data ------------------------===//

#include "ck/Bench/RandomFill.h"

#include <algorithm>
#include <vector>

using namespace ckbench;

namespace {
/// SplitMix64's output function.
uint64_t mix(uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}
} // namespace

float ckbench::uniformValue(uint64_t seed, uint64_t index) {
  // 24 random bits k; (2k + 1 - 2^24) / 2^24 is odd / 2^24, in (-1, 1).
  int64_t k = int64_t(mix(seed + index * 0x9e3779b97f4a7c15ull) >> 40);
  return float(2 * k + 1 - (int64_t(1) << 24)) * (1.0f / 16777216.0f);
}

uint64_t ckbench::streamSeed(uint64_t seed, uint64_t stream) {
  return mix(mix(seed) ^ (stream + 1) * 0xd1b54a32d192ed03ull);
}

void ckbench::fillUniform(void *dst, ElementType type, size_t count,
                          uint64_t seed, uint64_t first) {
  const size_t chunk = 1 << 16;
  std::vector<float> values(std::min(count, chunk));
  char *out = static_cast<char *>(dst);
  for (size_t done = 0; done < count;) {
    size_t n = std::min(chunk, count - done);
    for (size_t i = 0; i < n; ++i)
      values[i] = uniformValue(seed, first + done + i);
    convertFromFloat(values.data(), type, out + done * elementBytes(type), n);
    done += n;
  }
}
