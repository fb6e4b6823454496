//===- Checks.h - What the schedule models share --------------*- C++ -*-===//
//
// Input checks and checked arithmetic of planStreamK and planSplitK.
//
//===----------------------------------------------------------------------===//

#ifndef CK_LIB_SCHEDULE_CHECKS_H
#define CK_LIB_SCHEDULE_CHECKS_H

#include <cstdint>
#include <string>

namespace ckschedule::detail {

/// "`what` must be positive, got `value`".
inline std::string notPositive(const char *what, int64_t value) {
  return what + std::string(" must be positive, got ") + std::to_string(value);
}

/// The first message for tiles, iters or resident workgroups that are not
/// positive, or "".
inline std::string checkSizes(int64_t tiles, int64_t iters, int64_t resident) {
  if (tiles < 1)
    return notPositive("tiles", tiles);
  if (iters < 1)
    return notPositive("iters", iters);
  if (resident < 1)
    return notPositive("resident workgroups", resident);
  return "";
}

/// `a * b` in `result`; false where it does not fit int64_t.
inline bool multiply(int64_t a, int64_t b, int64_t &result) {
  return !__builtin_mul_overflow(a, b, &result);
}

/// ceil(a / b) for a >= 0, b > 0.
inline int64_t ceilDiv(int64_t a, int64_t b) { return a / b + (a % b != 0); }

} // namespace ckschedule::detail

#endif // CK_LIB_SCHEDULE_CHECKS_H
