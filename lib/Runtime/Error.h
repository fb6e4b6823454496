//===- Error.h - ckrt's per-thread error message ----------------*- C++ -*-===//
//
// Every failing entry point stores a one-line message, prefixed "ckrt: ",
// that ckrt_last_error() returns. Internal code reports failures with
// fail(status, fmt, ...), which returns `status` so that
// `return fail(...)` reads naturally.
//
//===----------------------------------------------------------------------===//

#ifndef CKRT_LIB_ERROR_H
#define CKRT_LIB_ERROR_H

#include "ck-c/Runtime.h"

#include <cstring>
#include <string>

namespace ckrt::detail {

/// Sets the thread's message to "ckrt: " + the formatted text (newlines
/// and tabs become spaces and other control characters '?', so the message
/// stays one printable line) and returns `status`.
ckrt_status fail(ckrt_status status, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/// Same, with a ready-made message (without the "ckrt: " prefix).
ckrt_status failMessage(ckrt_status status, const std::string &message);

/// Inserts "<context>: " after the "ckrt: " prefix of the thread's current
/// message (set by the failing callee) and returns `status`.
ckrt_status addContext(ckrt_status status, const std::string &context);

/// Keeps the thread's message across cleanup code whose own failures
/// should not replace the error being reported.
class PreserveError {
public:
  PreserveError();
  ~PreserveError();
  PreserveError(const PreserveError &) = delete;
  PreserveError &operator=(const PreserveError &) = delete;

private:
  std::string saved;
};

/// The value of a C enum argument, read as an int: C callers may pass any
/// int, and in C++ loading an enum outside its enumerators' range is
/// undefined (UBSan's -fsanitize=enum reports it), so the API's switch
/// statements look at this instead.
template <typename Enum> int enumValue(const Enum &value) {
  static_assert(sizeof(Enum) == sizeof(int), "C enums are int-sized here");
  int raw;
  std::memcpy(&raw, &value, sizeof(raw));
  return raw;
}

/// printf into a std::string.
std::string format(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

} // namespace ckrt::detail

#endif // CKRT_LIB_ERROR_H
