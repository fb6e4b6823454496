//===- ElementTypeTest.cpp - f16/bf16 conversions -------------------------===//

#include "ck/Bench/ElementType.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <random>

using namespace ckbench;

namespace {

float fromBits(uint32_t bits) {
  float f;
  std::memcpy(&f, &bits, sizeof(f));
  return f;
}

uint32_t toBits(float f) {
  uint32_t bits;
  std::memcpy(&bits, &f, sizeof(bits));
  return bits;
}

bool isHalfNaN(uint16_t h) { return (h & 0x7c00) == 0x7c00 && (h & 0x3ff); }
bool isBFloat16NaN(uint16_t b) { return (b & 0x7f80) == 0x7f80 && (b & 0x7f); }

TEST(ElementType, Names) {
  ElementType type;
  ASSERT_TRUE(parseElementType("bf16", type));
  EXPECT_EQ(type, ElementType::BF16);
  EXPECT_STREQ(elementTypeName(ElementType::F16), "f16");
  EXPECT_EQ(elementBytes(ElementType::F32), 4u);
  EXPECT_EQ(elementBytes(ElementType::BF16), 2u);
  EXPECT_FALSE(parseElementType("f64", type));
}

// Every f16 bit pattern goes to f32 and back unchanged (NaNs stay NaNs
// with their sign).
TEST(ElementType, HalfRoundTripExhaustive) {
  for (uint32_t h = 0; h < 65536; ++h) {
    float f = halfToFloat(uint16_t(h));
    uint16_t back = floatToHalf(f);
    if (isHalfNaN(uint16_t(h))) {
      EXPECT_TRUE(std::isnan(f)) << std::hex << h;
      EXPECT_TRUE(isHalfNaN(back)) << std::hex << h;
      EXPECT_EQ(back & 0x8000, h & 0x8000) << std::hex << h;
    } else {
      ASSERT_EQ(back, h) << std::hex << h << " -> " << f;
    }
  }
}

TEST(ElementType, HalfValues) {
  EXPECT_EQ(halfToFloat(0x3c00), 1.0f);
  EXPECT_EQ(halfToFloat(0xc000), -2.0f);
  EXPECT_EQ(halfToFloat(0x7bff), 65504.0f);
  EXPECT_EQ(halfToFloat(0x0001), std::ldexp(1.0f, -24));
  EXPECT_EQ(halfToFloat(0x03ff), std::ldexp(1023.0f, -24));
  EXPECT_EQ(halfToFloat(0x0400), std::ldexp(1.0f, -14));
  EXPECT_EQ(halfToFloat(0x7c00), std::numeric_limits<float>::infinity());
  EXPECT_EQ(toBits(halfToFloat(0x8000)), 0x80000000u);
}

TEST(ElementType, HalfRounding) {
  const float u = std::ldexp(1.0f, -10); // ulp of 1
  EXPECT_EQ(floatToHalf(1.0f), 0x3c00);
  EXPECT_EQ(floatToHalf(1.0f + u / 2), 0x3c00);     // tie: even
  EXPECT_EQ(floatToHalf(1.0f + 3 * u / 2), 0x3c02); // tie: even (up)
  EXPECT_EQ(floatToHalf(1.0f + u / 2 + std::ldexp(1.0f, -20)), 0x3c01);
  EXPECT_EQ(floatToHalf(1.0f + u / 2 - std::ldexp(1.0f, -20)), 0x3c00);
  EXPECT_EQ(floatToHalf(-1.0f - 3 * u / 2), 0xbc02);
  // Overflow: 65504 is the largest; from 65520 on (a tie) it is infinity.
  EXPECT_EQ(floatToHalf(65504.0f), 0x7bff);
  EXPECT_EQ(floatToHalf(65519.996f), 0x7bff);
  EXPECT_EQ(floatToHalf(65520.0f), 0x7c00);
  EXPECT_EQ(floatToHalf(-65520.0f), 0xfc00);
  EXPECT_EQ(floatToHalf(1e10f), 0x7c00);
  EXPECT_EQ(floatToHalf(std::numeric_limits<float>::infinity()), 0x7c00);
  EXPECT_EQ(floatToHalf(-std::numeric_limits<float>::infinity()), 0xfc00);
  // Subnormals, in units of 2^-24.
  const float s = std::ldexp(1.0f, -24);
  EXPECT_EQ(floatToHalf(s), 0x0001);
  EXPECT_EQ(floatToHalf(s / 2), 0x0000); // tie: even 0
  EXPECT_EQ(floatToHalf(s / 2 * (1 + std::ldexp(1.0f, -10))), 0x0001);
  EXPECT_EQ(floatToHalf(s / 4), 0x0000);
  EXPECT_EQ(floatToHalf(1.5f * s), 0x0002); // tie: even
  EXPECT_EQ(floatToHalf(2.5f * s), 0x0002); // tie: even
  EXPECT_EQ(floatToHalf(-2.5f * s), 0x8002);
  EXPECT_EQ(floatToHalf(1023 * s), 0x03ff);
  EXPECT_EQ(floatToHalf(1023.5f * s), 0x0400); // tie into the normals
  EXPECT_EQ(floatToHalf(1023.25f * s), 0x03ff);
  // Zeros and f32 subnormals keep their sign.
  EXPECT_EQ(floatToHalf(0.0f), 0x0000);
  EXPECT_EQ(floatToHalf(-0.0f), 0x8000);
  EXPECT_EQ(floatToHalf(fromBits(0x00000001)), 0x0000);
  EXPECT_EQ(floatToHalf(fromBits(0x80000001)), 0x8000);
  // NaNs stay (quiet) NaNs with their sign.
  uint16_t nan = floatToHalf(std::numeric_limits<float>::quiet_NaN());
  EXPECT_TRUE(isHalfNaN(nan));
  EXPECT_EQ(nan & 0x200, 0x200);
  EXPECT_TRUE(isHalfNaN(floatToHalf(fromBits(0x7f800001))));
  EXPECT_EQ(floatToHalf(fromBits(0xff800001)) & 0x8000, 0x8000);
}

#if defined(__FLT16_MANT_DIG__)
// The compiler's own f32 -> f16 conversion agrees on a million random f32
// bit patterns.
TEST(ElementType, HalfMatchesCompiler) {
  std::mt19937 random(12345);
  for (int i = 0; i < 1000000; ++i) {
    float f = fromBits(uint32_t(random()));
    _Float16 h = static_cast<_Float16>(f);
    uint16_t expected;
    std::memcpy(&expected, &h, sizeof(expected));
    uint16_t got = floatToHalf(f);
    if (std::isnan(f))
      EXPECT_TRUE(isHalfNaN(got));
    else
      ASSERT_EQ(got, expected) << f;
  }
}
#endif

TEST(ElementType, BFloat16RoundTripExhaustive) {
  for (uint32_t b = 0; b < 65536; ++b) {
    float f = bfloat16ToFloat(uint16_t(b));
    EXPECT_EQ(toBits(f), b << 16);
    uint16_t back = floatToBFloat16(f);
    if (isBFloat16NaN(uint16_t(b))) {
      EXPECT_TRUE(isBFloat16NaN(back)) << std::hex << b;
      EXPECT_EQ(back & 0x8000, b & 0x8000) << std::hex << b;
    } else {
      ASSERT_EQ(back, b) << std::hex << b;
    }
  }
}

TEST(ElementType, BFloat16Rounding) {
  const float u = std::ldexp(1.0f, -7); // ulp of 1
  EXPECT_EQ(floatToBFloat16(1.0f), 0x3f80);
  EXPECT_EQ(floatToBFloat16(1.0f + u / 2), 0x3f80);     // tie: even
  EXPECT_EQ(floatToBFloat16(1.0f + 3 * u / 2), 0x3f82); // tie: even (up)
  EXPECT_EQ(floatToBFloat16(1.0f + u / 2 + std::ldexp(1.0f, -20)), 0x3f81);
  EXPECT_EQ(floatToBFloat16(-1.0f - u / 2 - std::ldexp(1.0f, -20)), 0xbf81);
  EXPECT_EQ(floatToBFloat16(std::numeric_limits<float>::max()), 0x7f80);
  EXPECT_EQ(floatToBFloat16(fromBits(0x7f7f7fff)), 0x7f7f); // below the tie
  EXPECT_EQ(floatToBFloat16(-0.0f), 0x8000);
  EXPECT_EQ(floatToBFloat16(fromBits(0x00018000)), 0x0002); // subnormal tie
  EXPECT_EQ(floatToBFloat16(fromBits(0x00008000)), 0x0000); // tie to even 0
  EXPECT_EQ(floatToBFloat16(std::numeric_limits<float>::infinity()), 0x7f80);
  EXPECT_EQ(floatToBFloat16(fromBits(0xff800001)), 0xffc0);
  EXPECT_EQ(floatToBFloat16(fromBits(0x7fc00000)), 0x7fc0);
}

TEST(ElementType, ArrayConversions) {
  const float values[] = {1.0f, -2.5f, 0.1f, 65504.0f};
  uint16_t halves[4], bf16s[4];
  float back[4], f32[4];
  convertFromFloat(values, ElementType::F16, halves, 4);
  convertToFloat(halves, ElementType::F16, back, 4);
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(halves[i], floatToHalf(values[i]));
    EXPECT_EQ(back[i], halfToFloat(halves[i]));
  }
  convertFromFloat(values, ElementType::BF16, bf16s, 4);
  convertToFloat(bf16s, ElementType::BF16, back, 4);
  for (int i = 0; i < 4; ++i)
    EXPECT_EQ(back[i], bfloat16ToFloat(floatToBFloat16(values[i])));
  convertFromFloat(values, ElementType::F32, f32, 4);
  convertToFloat(f32, ElementType::F32, back, 4);
  for (int i = 0; i < 4; ++i)
    EXPECT_EQ(back[i], values[i]);
}

} // namespace
