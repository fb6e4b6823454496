//===- TestUtil.h - Helpers shared by the ckrt tests ------------*- C++ -*-===//

#ifndef CKRT_UNITTESTS_TESTUTIL_H
#define CKRT_UNITTESTS_TESTUTIL_H

#include "ck-c/Runtime.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <unistd.h>
#include <vector>

namespace ckrt_test {

/// A fresh directory under $TMPDIR (or /tmp), removed with its files.
class TempDir {
public:
  TempDir() {
    const char *base = std::getenv("TMPDIR");
    std::string pattern =
        std::string(base && *base ? base : "/tmp") + "/ckrt-test-XXXXXX";
    std::vector<char> buf(pattern.begin(), pattern.end());
    buf.push_back('\0');
    if (mkdtemp(buf.data()))
      path_ = buf.data();
  }
  ~TempDir() {
    for (const std::string &f : files_)
      std::remove(f.c_str());
    if (!path_.empty())
      rmdir(path_.c_str());
  }
  const std::string &path() const { return path_; }

  /// Writes `contents` to `name` inside the directory; the full path.
  std::string write(const std::string &name, const std::string &contents) {
    std::string full = path_ + "/" + name;
    if (std::FILE *f = std::fopen(full.c_str(), "wb")) {
      std::fwrite(contents.data(), 1, contents.size(), f);
      std::fclose(f);
    }
    files_.push_back(full);
    return full;
  }

private:
  std::string path_;
  std::vector<std::string> files_;
};

/// Sets an environment variable for the scope, then restores it.
class ScopedEnv {
public:
  ScopedEnv(const char *name, const char *value) : name_(name) {
    const char *old = std::getenv(name);
    had_ = old != nullptr;
    if (had_)
      old_ = old;
    if (value)
      setenv(name, value, 1);
    else
      unsetenv(name);
  }
  ~ScopedEnv() {
    if (had_)
      setenv(name_.c_str(), old_.c_str(), 1);
    else
      unsetenv(name_.c_str());
  }

private:
  std::string name_, old_;
  bool had_ = false;
};

/// A minimal 64-bit little-endian ELF header for machine `machine`
/// (190: CUDA, 224: AMDGPU), padded to 64 bytes.
inline std::string fakeElf(unsigned machine) {
  std::string s(64, '\0');
  s[0] = 0x7f;
  s[1] = 'E';
  s[2] = 'L';
  s[3] = 'F';
  s[4] = 2; // 64-bit
  s[5] = 1; // little endian
  s[6] = 1; // version
  s[16] = 2; // ET_EXEC
  s[18] = char(machine & 0xff);
  s[19] = char(machine >> 8);
  return s;
}

inline bool oneLine(const std::string &s) {
  return s.find('\n') == std::string::npos &&
         s.find('\r') == std::string::npos;
}

} // namespace ckrt_test

#endif // CKRT_UNITTESTS_TESTUTIL_H
