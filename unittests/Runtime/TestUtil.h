//===- TestUtil.h - Helpers shared by the ckrt tests ------------*- C++ -*-===//

#ifndef CKRT_UNITTESTS_TESTUTIL_H
#define CKRT_UNITTESTS_TESTUTIL_H

#include "ck-c/Runtime.h"

#include <cstdint>
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

  /// The full path of `name` inside the directory, removed with it (for
  /// FIFOs, links and subdirectories that the test makes itself).
  std::string track(const std::string &name) {
    std::string full = path_ + "/" + name;
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

/// A small, well-formed 64-bit little-endian ELF for `machine` (190: CUDA,
/// 224: AMDGPU), as ckrt checks one: an ELF header, one PT_LOAD program
/// header over .text, then .text (16 bytes), .shstrtab, .strtab and
/// .symtab, which defines each of `symbols` as a global function in .text;
/// the section header table (null, .text, .shstrtab, .strtab, .symtab) is
/// last, so that cutting any byte off the end breaks it. Tests that corrupt
/// it find the fields through <elf.h>.
inline std::string fakeElf(unsigned machine,
                           const std::vector<std::string> &symbols = {"k"}) {
  auto put = [](std::string &s, size_t at, uint64_t value, int bytes) {
    if (s.size() < at + bytes)
      s.resize(at + bytes, '\0');
    for (int i = 0; i < bytes; ++i)
      s[at + i] = char((value >> (8 * i)) & 0xff);
  };
  auto align = [](std::string &s, size_t to) {
    s.resize((s.size() + to - 1) / to * to, '\0');
  };
  std::string s(64, '\0');
  s[0] = 0x7f;
  s[1] = 'E';
  s[2] = 'L';
  s[3] = 'F';
  s[4] = 2;               // ELFCLASS64
  s[5] = 1;               // ELFDATA2LSB
  s[6] = 1;               // EV_CURRENT
  put(s, 16, 2, 2);       // e_type: ET_EXEC
  put(s, 18, machine, 2); // e_machine
  put(s, 20, 1, 4);       // e_version
  put(s, 52, 64, 2);      // e_ehsize

  // One program header, right after the ELF header.
  const size_t phoff = 64;
  s.resize(phoff + 56, '\0');
  align(s, 16);
  const size_t textOff = s.size();
  s.append(16, '\x90');
  put(s, phoff + 0, 1, 4);       // p_type: PT_LOAD
  put(s, phoff + 4, 5, 4);       // p_flags: R+X
  put(s, phoff + 8, textOff, 8); // p_offset
  put(s, phoff + 32, 16, 8);     // p_filesz
  put(s, phoff + 40, 16, 8);     // p_memsz

  const std::string shstr = std::string("\0.text\0.shstrtab\0.strtab\0"
                                        ".symtab\0",
                                        33);
  const size_t shstrOff = s.size();
  s += shstr;
  const size_t strOff = s.size();
  std::string strtab(1, '\0');
  std::vector<size_t> nameAt;
  for (const std::string &name : symbols) {
    nameAt.push_back(strtab.size());
    strtab += name;
    strtab += '\0';
  }
  s += strtab;
  align(s, 8);
  const size_t symOff = s.size();
  s.append(24 * (symbols.size() + 1), '\0');
  for (size_t i = 0; i < symbols.size(); ++i) {
    size_t at = symOff + 24 * (i + 1);
    put(s, at + 0, nameAt[i], 4); // st_name
    s[at + 4] = 0x12;             // st_info: STB_GLOBAL, STT_FUNC
    put(s, at + 6, 1, 2);         // st_shndx: .text
    put(s, at + 16, 16, 8);       // st_size
  }

  align(s, 8);
  const size_t shoff = s.size();
  s.append(64 * 5, '\0');
  struct {
    uint32_t name, type;
    size_t offset, size;
    uint32_t link, info;
    uint64_t entsize;
  } sections[5] = {
      {0, 0, 0, 0, 0, 0, 0},
      {1, 1 /*SHT_PROGBITS*/, textOff, 16, 0, 0, 0},
      {7, 3 /*SHT_STRTAB*/, shstrOff, shstr.size(), 0, 0, 0},
      {17, 3 /*SHT_STRTAB*/, strOff, strtab.size(), 0, 0, 0},
      {25, 2 /*SHT_SYMTAB*/, symOff, 24 * (symbols.size() + 1), 3, 1, 24},
  };
  for (int i = 0; i < 5; ++i) {
    size_t at = shoff + 64 * i;
    put(s, at + 0, sections[i].name, 4);
    put(s, at + 4, sections[i].type, 4);
    put(s, at + 24, sections[i].offset, 8);
    put(s, at + 32, sections[i].size, 8);
    put(s, at + 40, sections[i].link, 4);
    put(s, at + 44, sections[i].info, 4);
    put(s, at + 56, sections[i].entsize, 8);
  }
  put(s, 32, phoff, 8); // e_phoff
  put(s, 40, shoff, 8); // e_shoff
  put(s, 54, 56, 2);    // e_phentsize
  put(s, 56, 1, 2);     // e_phnum
  put(s, 58, 64, 2);    // e_shentsize
  put(s, 60, 5, 2);     // e_shnum
  put(s, 62, 2, 2);     // e_shstrndx: .shstrtab
  return s;
}

/// `value` as `bytes` little-endian bytes.
inline std::string littleEndian(uint64_t value, int bytes) {
  std::string s;
  for (int i = 0; i < bytes; ++i)
    s += char((value >> (8 * i)) & 0xff);
  return s;
}

/// A CUDA fatbin: its 16-byte header (magic, version 1, header size 16,
/// `payload` bytes following) and `payload` bytes.
inline std::string cudaFatbin(uint64_t payload) {
  return littleEndian(0xba55ed50, 4) + littleEndian(1, 2) +
         littleEndian(16, 2) + littleEndian(payload, 8) +
         std::string(payload, '\x01');
}

/// An uncompressed clang offload bundle with one 16-byte entry per target
/// triple: magic, entry count, per entry (offset, size, triple length,
/// triple), then the entries' contents.
inline std::string offloadBundle(const std::vector<std::string> &triples) {
  size_t headers = 24 + 8;
  for (const std::string &t : triples)
    headers += 24 + t.size();
  std::string s = "__CLANG_OFFLOAD_BUNDLE__" + littleEndian(triples.size(), 8);
  for (size_t i = 0; i < triples.size(); ++i)
    s += littleEndian(headers + 16 * i, 8) + littleEndian(16, 8) +
         littleEndian(triples[i].size(), 8) + triples[i];
  for (size_t i = 0; i < triples.size(); ++i)
    s += std::string(16, char('a' + i));
  return s;
}

inline bool oneLine(const std::string &s) {
  return s.find('\n') == std::string::npos &&
         s.find('\r') == std::string::npos;
}

} // namespace ckrt_test

#endif // CKRT_UNITTESTS_TESTUTIL_H
