//===- Error.cpp - ckrt's per-thread error message ------------------------===//

#include "Error.h"

#include <cstdarg>
#include <cstdio>

namespace ckrt::detail {
namespace {

thread_local std::string lastError;

std::string vformat(const char *fmt, va_list args) {
  va_list copy;
  va_copy(copy, args);
  int n = std::vsnprintf(nullptr, 0, fmt, copy);
  va_end(copy);
  if (n <= 0)
    return std::string();
  std::string out(static_cast<size_t>(n), '\0');
  std::vsnprintf(&out[0], out.size() + 1, fmt, args);
  return out;
}

} // namespace

std::string format(const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  std::string out = vformat(fmt, args);
  va_end(args);
  return out;
}

ckrt_status failMessage(ckrt_status status, const std::string &message) {
  // One printable line: line breaks and tabs become spaces, other control
  // characters (from file contents quoted in the message) '?'.
  std::string line = "ckrt: " + message;
  for (char &c : line)
    if (c == '\n' || c == '\r' || c == '\t')
      c = ' ';
    else if ((c >= 0 && c < 0x20) || c == 0x7f)
      c = '?';
  // Trim trailing spaces left by messages that ended in a newline.
  while (!line.empty() && line.back() == ' ')
    line.pop_back();
  lastError = std::move(line);
  return status;
}

PreserveError::PreserveError() : saved(lastError) {}
PreserveError::~PreserveError() { lastError = std::move(saved); }

ckrt_status addContext(ckrt_status status, const std::string &context) {
  static const std::string prefix = "ckrt: ";
  std::string rest = lastError.compare(0, prefix.size(), prefix) == 0
                         ? lastError.substr(prefix.size())
                         : lastError;
  return failMessage(status, context + ": " + rest);
}

ckrt_status fail(ckrt_status status, const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  std::string message = vformat(fmt, args);
  va_end(args);
  return failMessage(status, message);
}

} // namespace ckrt::detail

using namespace ckrt::detail;

extern "C" {

const char *ckrt_last_error(void) { return lastError.c_str(); }

void ckrt_clear_error(void) { lastError.clear(); }

const char *ckrt_status_name(ckrt_status status) {
  switch (enumValue(status)) {
  case CKRT_SUCCESS:
    return "CKRT_SUCCESS";
  case CKRT_ERROR_INVALID_ARGUMENT:
    return "CKRT_ERROR_INVALID_ARGUMENT";
  case CKRT_ERROR_PARSE:
    return "CKRT_ERROR_PARSE";
  case CKRT_ERROR_IO:
    return "CKRT_ERROR_IO";
  case CKRT_ERROR_NO_BACKEND:
    return "CKRT_ERROR_NO_BACKEND";
  case CKRT_ERROR_NO_DEVICE:
    return "CKRT_ERROR_NO_DEVICE";
  case CKRT_ERROR_OUT_OF_MEMORY:
    return "CKRT_ERROR_OUT_OF_MEMORY";
  case CKRT_ERROR_INVALID_BINARY:
    return "CKRT_ERROR_INVALID_BINARY";
  case CKRT_ERROR_NOT_FOUND:
    return "CKRT_ERROR_NOT_FOUND";
  case CKRT_ERROR_UNSUPPORTED:
    return "CKRT_ERROR_UNSUPPORTED";
  case CKRT_ERROR_DRIVER:
    return "CKRT_ERROR_DRIVER";
  }
  return "CKRT_ERROR_UNKNOWN";
}

} // extern "C"
