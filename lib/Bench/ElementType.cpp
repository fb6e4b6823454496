//===- ElementType.cpp - f16, bf16 and f32 on the host --------------------===//

#include "ck/Bench/ElementType.h"

#include <cstring>

using namespace ckbench;

namespace {
uint32_t floatBits(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  return bits;
}

float bitsFloat(uint32_t bits) {
  float value;
  std::memcpy(&value, &bits, sizeof(value));
  return value;
}

/// `value >> shift`, rounded to nearest, ties to even (1 <= shift <= 31).
uint32_t shiftRoundEven(uint32_t value, unsigned shift) {
  uint32_t quotient = value >> shift;
  uint32_t remainder = value & ((1u << shift) - 1);
  uint32_t half = 1u << (shift - 1);
  if (remainder > half || (remainder == half && (quotient & 1)))
    ++quotient;
  return quotient;
}
} // namespace

const char *ckbench::elementTypeName(ElementType type) {
  switch (type) {
  case ElementType::F16:
    return "f16";
  case ElementType::BF16:
    return "bf16";
  case ElementType::F32:
    return "f32";
  }
  return "?";
}

bool ckbench::parseElementType(const std::string &name, ElementType &type) {
  for (ElementType t : {ElementType::F16, ElementType::BF16, ElementType::F32})
    if (name == elementTypeName(t)) {
      type = t;
      return true;
    }
  return false;
}

size_t ckbench::elementBytes(ElementType type) {
  return type == ElementType::F32 ? 4 : 2;
}

uint16_t ckbench::floatToHalf(float value) {
  uint32_t bits = floatBits(value);
  uint16_t sign = uint16_t((bits >> 16) & 0x8000);
  uint32_t magnitude = bits & 0x7fffffff;
  if (magnitude > 0x7f800000) // NaN: quiet, keeping the top payload bits
    return uint16_t(sign | 0x7e00 | ((magnitude >> 13) & 0x3ff));
  if (magnitude >= 0x47800000) // >= 65536 (and infinity): infinity
    return uint16_t(sign | 0x7c00);
  if (magnitude >= 0x38800000) { // a normal f16 (or rounding up to 65536)
    // Rebias the exponent (127 -> 15) and drop 13 mantissa bits; a carry
    // out of the mantissa correctly bumps the exponent (to infinity too).
    uint32_t rebiased = magnitude - (uint32_t(127 - 15) << 23);
    return uint16_t(sign | shiftRoundEven(rebiased, 13));
  }
  // Below the smallest normal f16 (2^-14): a subnormal in units of 2^-24.
  uint32_t exponent = magnitude >> 23;
  unsigned shift = 126 - exponent; // value = mantissa >> shift units
  if (exponent == 0 || shift > 24)
    return sign; // below 2^-25 (or exactly 2^-25, a tie to even 0)
  uint32_t mantissa = (magnitude & 0x7fffff) | 0x800000;
  return uint16_t(sign | shiftRoundEven(mantissa, shift));
}

float ckbench::halfToFloat(uint16_t bits) {
  uint32_t sign = uint32_t(bits & 0x8000) << 16;
  uint32_t exponent = (bits >> 10) & 0x1f;
  uint32_t mantissa = bits & 0x3ff;
  if (exponent == 0x1f) // infinity or NaN
    return bitsFloat(sign | 0x7f800000 | (mantissa << 13));
  if (exponent != 0)
    return bitsFloat(sign | ((exponent + 127 - 15) << 23) | (mantissa << 13));
  if (mantissa == 0)
    return bitsFloat(sign);
  // Subnormal: mantissa * 2^-24, normalized for f32.
  int e = -14;
  while (!(mantissa & 0x400)) {
    mantissa <<= 1;
    --e;
  }
  return bitsFloat(sign | (uint32_t(e + 127) << 23) |
                   ((mantissa & 0x3ff) << 13));
}

uint16_t ckbench::floatToBFloat16(float value) {
  uint32_t bits = floatBits(value);
  if ((bits & 0x7fffffff) > 0x7f800000) // NaN: quiet, sign kept
    return uint16_t((bits >> 16) | 0x40);
  // Round to nearest even on the 16 dropped bits; overflow gives infinity.
  uint32_t rounding = 0x7fff + ((bits >> 16) & 1);
  return uint16_t((bits + rounding) >> 16);
}

float ckbench::bfloat16ToFloat(uint16_t bits) {
  return bitsFloat(uint32_t(bits) << 16);
}

void ckbench::convertFromFloat(const float *src, ElementType type, void *dst,
                               size_t count) {
  switch (type) {
  case ElementType::F32:
    std::memcpy(dst, src, count * sizeof(float));
    return;
  case ElementType::F16: {
    uint16_t *out = static_cast<uint16_t *>(dst);
    for (size_t i = 0; i < count; ++i)
      out[i] = floatToHalf(src[i]);
    return;
  }
  case ElementType::BF16: {
    uint16_t *out = static_cast<uint16_t *>(dst);
    for (size_t i = 0; i < count; ++i)
      out[i] = floatToBFloat16(src[i]);
    return;
  }
  }
}

void ckbench::convertToFloat(const void *src, ElementType type, float *dst,
                             size_t count) {
  switch (type) {
  case ElementType::F32:
    std::memcpy(dst, src, count * sizeof(float));
    return;
  case ElementType::F16: {
    const uint16_t *in = static_cast<const uint16_t *>(src);
    for (size_t i = 0; i < count; ++i)
      dst[i] = halfToFloat(in[i]);
    return;
  }
  case ElementType::BF16: {
    const uint16_t *in = static_cast<const uint16_t *>(src);
    for (size_t i = 0; i < count; ++i)
      dst[i] = bfloat16ToFloat(in[i]);
    return;
  }
  }
}
