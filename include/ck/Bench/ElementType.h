//===- ElementType.h - f16, bf16 and f32 on the host ------------*- C++ -*-===//
//
// The element types of ck tensors and their conversions from and to f32,
// written out so that ck-bench needs no compiler support for _Float16 or
// __bf16: f32 -> f16/bf16 rounds to nearest, ties to even, keeps the sign
// of zeros, gives infinities on overflow and quiet NaNs for NaNs;
// f16/bf16 -> f32 is exact.
//
//===----------------------------------------------------------------------===//

#ifndef CK_BENCH_ELEMENTTYPE_H
#define CK_BENCH_ELEMENTTYPE_H

#include <cstddef>
#include <cstdint>
#include <string>

namespace ckbench {

enum class ElementType { F16, BF16, F32 };

/// "f16", "bf16", "f32".
const char *elementTypeName(ElementType type);
/// The type named `name`; false if it is none of the three.
bool parseElementType(const std::string &name, ElementType &type);
/// 2, 2, 4.
size_t elementBytes(ElementType type);

uint16_t floatToHalf(float value);
float halfToFloat(uint16_t bits);
uint16_t floatToBFloat16(float value);
float bfloat16ToFloat(uint16_t bits);

/// Converts `count` floats to `type` elements at `dst`.
void convertFromFloat(const float *src, ElementType type, void *dst,
                      size_t count);
/// Converts `count` elements of `type` at `src` to floats.
void convertToFloat(const void *src, ElementType type, float *dst,
                    size_t count);

} // namespace ckbench

#endif // CK_BENCH_ELEMENTTYPE_H
