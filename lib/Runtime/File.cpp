//===- File.cpp - Reading plan and binary files safely --------------------===//
//
// stat() first, so that a special file is refused without being opened
// (opening some devices has effects of its own); then open with O_NONBLOCK
// (a FIFO swapped in since the stat must not block the open) and check
// the opened file again with fstat(), which is what is read. The read stops
// at the cap even if the file grew in between.
//
//===----------------------------------------------------------------------===//

#include "File.h"

#include "Error.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace ckrt::detail;

namespace {

/// What a non-regular file is, for "... is <kind>, not a regular file".
const char *kindOf(mode_t mode) {
  if (S_ISDIR(mode))
    return "a directory";
  if (S_ISCHR(mode))
    return "a character device";
  if (S_ISBLK(mode))
    return "a block device";
  if (S_ISFIFO(mode))
    return "a named pipe (FIFO)";
  if (S_ISSOCK(mode))
    return "a socket";
  return "a special file";
}

std::string prefix(const std::string &where) {
  return where.empty() ? std::string() : where + ": ";
}

ckrt_status cannotRead(const std::string &where, const char *noun,
                       const std::string &path, int err) {
  return fail(CKRT_ERROR_IO, "%scannot read %s '%s': %s", prefix(where).c_str(),
              noun, path.c_str(), std::strerror(err));
}

ckrt_status notRegular(const std::string &where, const char *noun,
                       const std::string &path, mode_t mode) {
  return fail(CKRT_ERROR_IO, "%s%s '%s' is %s, not a regular file",
              prefix(where).c_str(), noun, path.c_str(), kindOf(mode));
}

ckrt_status tooLarge(const std::string &where, const char *noun,
                     const std::string &path, uint64_t size,
                     uint64_t maxBytes) {
  return fail(CKRT_ERROR_IO,
              "%s%s '%s' is %llu bytes, above the limit of %llu bytes (%s)",
              prefix(where).c_str(), noun, path.c_str(),
              static_cast<unsigned long long>(size),
              static_cast<unsigned long long>(maxBytes),
              limitText(maxBytes).c_str());
}

/// Closes a descriptor on every return.
struct Fd {
  int fd = -1;
  ~Fd() {
    if (fd >= 0)
      ::close(fd);
  }
};

} // namespace

namespace ckrt::detail {

std::string limitText(uint64_t bytes) {
  static const char *const units[] = {"KiB", "MiB", "GiB", "TiB"};
  for (int i = 3; i >= 0; --i) {
    uint64_t unit = uint64_t(1) << (10 * (i + 1));
    if (bytes >= unit && bytes % unit == 0)
      return format("%llu %s", static_cast<unsigned long long>(bytes / unit),
                    units[i]);
  }
  return format("%llu bytes", static_cast<unsigned long long>(bytes));
}

ckrt_status readRegularFile(const std::string &path, uint64_t maxBytes,
                            const char *noun, const std::string &where,
                            std::string &out) {
  out.clear();
  struct stat st;
  if (::stat(path.c_str(), &st) != 0)
    return cannotRead(where, noun, path, errno);
  if (!S_ISREG(st.st_mode))
    return notRegular(where, noun, path, st.st_mode);
  if (uint64_t(st.st_size) > maxBytes)
    return tooLarge(where, noun, path, uint64_t(st.st_size), maxBytes);

  Fd file;
  do
    file.fd =
        ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
  while (file.fd < 0 && errno == EINTR);
  if (file.fd < 0)
    return cannotRead(where, noun, path, errno);
  if (::fstat(file.fd, &st) != 0)
    return cannotRead(where, noun, path, errno);
  if (!S_ISREG(st.st_mode))
    return notRegular(where, noun, path, st.st_mode);
  if (uint64_t(st.st_size) > maxBytes)
    return tooLarge(where, noun, path, uint64_t(st.st_size), maxBytes);
  int flags = ::fcntl(file.fd, F_GETFL);
  if (flags >= 0)
    ::fcntl(file.fd, F_SETFL, flags & ~O_NONBLOCK);

  // Read what fstat promised, and one byte past the cap to notice growth.
  out.reserve(size_t(st.st_size));
  char buffer[1 << 16];
  for (;;) {
    ssize_t n = ::read(file.fd, buffer, sizeof(buffer));
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0) {
      int err = errno;
      out.clear();
      return cannotRead(where, noun, path, err);
    }
    if (n == 0)
      break;
    if (uint64_t(n) > maxBytes - out.size()) {
      out.clear();
      return fail(CKRT_ERROR_IO,
                  "%s%s '%s' grew above the limit of %llu bytes (%s) while "
                  "it was read",
                  prefix(where).c_str(), noun, path.c_str(),
                  static_cast<unsigned long long>(maxBytes),
                  limitText(maxBytes).c_str());
    }
    out.append(buffer, size_t(n));
  }
  return CKRT_SUCCESS;
}

} // namespace ckrt::detail
