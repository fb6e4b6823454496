//===- RandomFillTest.cpp - Seeded uniform tensor data --------------------===//

#include "ck/Bench/RandomFill.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

using namespace ckbench;

namespace {

TEST(RandomFill, RangeMeanAndNoZeros) {
  const size_t n = 1 << 18;
  std::vector<float> values(n);
  fillUniform(values.data(), ElementType::F32, n, 42);
  double sum = 0, squares = 0;
  float lo = 1, hi = -1;
  for (float v : values) {
    ASSERT_GT(v, -1.0f);
    ASSERT_LT(v, 1.0f);
    ASSERT_NE(v, 0.0f);
    lo = std::min(lo, v);
    hi = std::max(hi, v);
    sum += v;
    squares += double(v) * v;
  }
  // Uniform on (-1, 1): mean 0, variance 1/3.
  EXPECT_NEAR(sum / n, 0.0, 0.01);
  EXPECT_NEAR(squares / n, 1.0 / 3, 0.01);
  EXPECT_LT(lo, -0.999f);
  EXPECT_GT(hi, 0.999f);
}

TEST(RandomFill, Deterministic) {
  std::vector<float> a(1000), b(1000), c(1000);
  fillUniform(a.data(), ElementType::F32, 1000, 7);
  fillUniform(b.data(), ElementType::F32, 1000, 7);
  fillUniform(c.data(), ElementType::F32, 1000, 8);
  EXPECT_EQ(a, b);
  EXPECT_NE(a, c);
  // `first` continues a stream.
  std::vector<float> tail(500);
  fillUniform(tail.data(), ElementType::F32, 500, 7, 500);
  EXPECT_TRUE(std::equal(tail.begin(), tail.end(), a.begin() + 500));
  EXPECT_EQ(a[3], uniformValue(7, 3));
  // Stream seeds differ per stream and per run seed.
  EXPECT_NE(streamSeed(1, 0), streamSeed(1, 1));
  EXPECT_NE(streamSeed(1, 0), streamSeed(2, 0));
  EXPECT_EQ(streamSeed(5, 3), streamSeed(5, 3));
}

TEST(RandomFill, RoundsToTheElementType) {
  const size_t n = 4096;
  std::vector<float> f32(n);
  std::vector<uint16_t> f16(n), bf16(n);
  fillUniform(f32.data(), ElementType::F32, n, 99);
  fillUniform(f16.data(), ElementType::F16, n, 99);
  fillUniform(bf16.data(), ElementType::BF16, n, 99);
  for (size_t i = 0; i < n; ++i) {
    EXPECT_EQ(f16[i], floatToHalf(f32[i]));
    EXPECT_EQ(bf16[i], floatToBFloat16(f32[i]));
  }
}

} // namespace
