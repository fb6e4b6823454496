//===- Binary.cpp - Checking a plan's binary without a GPU ----------------===//
//
// Reads the binary a plan names (a regular file, at most
// CKRT_MAX_BINARY_BYTES) and checks all of it, not just its magic number:
//
//   * ELF (cubin, hsaco): 64-bit little endian; the program and section
//     header tables, every segment and every section (but SHT_NOBITS)
//     inside the file; a valid section-name string table; symbol tables
//     whose entries and string tables are in bounds. Every kernel of the
//     plan must be a defined symbol (`name`, or `name.kd` for AMDGPU).
//   * CUDA fatbin: the size its header gives fits in the file.
//   * clang offload bundle: every entry's header and contents fit.
//   * PTX: text (no NUL bytes but trailing ones), braces balanced (a cut
//     file ends inside a block), and an `.entry` for every kernel.
//
// A failure is one line naming the plan line, the file and what is wrong.
//
//===----------------------------------------------------------------------===//

#include "Error.h"
#include "File.h"
#include "Plan.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <elf.h>
#include <set>
#include <string_view>
#include <vector>

using namespace ckrt::detail;

namespace {

static_assert(EM_CUDA == 190 && EM_AMDGPU == 224, "ELF machine numbers");

enum class BinaryKind { Unknown, Elf, Fatbin, Ptx, OffloadBundle };

constexpr char kBundleMagic[] = "__CLANG_OFFLOAD_BUNDLE__";
constexpr uint32_t kFatbinMagic = 0xba55ed50;

bool isElf(const char *data, size_t size) {
  return size >= 4 && std::memcmp(data, ELFMAG, SELFMAG) == 0;
}

BinaryKind sniff(const char *data, size_t size, unsigned *elfMachine) {
  auto byte = [&](size_t i) { return static_cast<unsigned char>(data[i]); };
  if (isElf(data, size) && size >= 20) {
    // e_machine is a 16-bit field at offset 18; byte 5 (EI_DATA) gives the
    // byte order (1: little endian).
    *elfMachine = byte(5) == ELFDATA2MSB ? (byte(18) << 8 | byte(19))
                                         : (byte(19) << 8 | byte(18));
    return BinaryKind::Elf;
  }
  uint32_t magic = 0;
  if (size >= 4) {
    std::memcpy(&magic, data, 4);
    if (magic == kFatbinMagic)
      return BinaryKind::Fatbin;
  }
  if (size >= sizeof(kBundleMagic) - 1 &&
      std::memcmp(data, kBundleMagic, sizeof(kBundleMagic) - 1) == 0)
    return BinaryKind::OffloadBundle;
  if (size >= 4 && std::memcmp(data, "CCOB", 4) == 0)
    return BinaryKind::OffloadBundle; // compressed bundle
  // PTX: text (trailing NULs aside) with a .version and a .target
  // directive near the start.
  size_t text = size;
  while (text > 0 && data[text - 1] == '\0')
    --text;
  size_t probe = std::min<size_t>(text, 1 << 16);
  if (std::memchr(data, 0, probe) == nullptr) {
    std::string_view head(data, probe);
    if (head.find(".version") != std::string_view::npos &&
        head.find(".target") != std::string_view::npos)
      return BinaryKind::Ptx;
  }
  return BinaryKind::Unknown;
}

const char *kindName(BinaryKind kind, unsigned machine) {
  switch (kind) {
  case BinaryKind::Elf:
    return machine == EM_CUDA     ? "a CUDA ELF (cubin)"
           : machine == EM_AMDGPU ? "an AMDGPU ELF (hsaco)"
                                  : "an ELF file for another machine";
  case BinaryKind::Fatbin:
    return "a CUDA fatbin";
  case BinaryKind::Ptx:
    return "PTX text";
  case BinaryKind::OffloadBundle:
    return "a clang offload bundle";
  case BinaryKind::Unknown:
    break;
  }
  return "of an unknown format";
}

/// The noun of "is not a valid <noun>: ...".
const char *validName(BinaryKind kind, unsigned machine) {
  switch (kind) {
  case BinaryKind::Elf:
    return machine == EM_AMDGPU ? "AMDGPU code object (hsaco)" : "cubin";
  case BinaryKind::Fatbin:
    return "CUDA fatbin";
  case BinaryKind::Ptx:
    return "PTX file";
  case BinaryKind::OffloadBundle:
    return "clang offload bundle";
  case BinaryKind::Unknown:
    break;
  }
  return "binary";
}

unsigned long long ull(uint64_t v) {
  return static_cast<unsigned long long>(v);
}

/// Copies a T from `offset`; false if it does not lie inside the data.
template <typename T>
bool readAt(std::string_view data, uint64_t offset, T *out) {
  if (offset > data.size() || data.size() - offset < sizeof(T))
    return false;
  std::memcpy(out, data.data() + offset, sizeof(T));
  return true;
}

/// "" if [offset, offset + count * entrySize) lies inside `size` bytes;
/// else what is wrong, after `what` ("section 5 (.text)").
std::string outside(const std::string &what, uint64_t offset, uint64_t count,
                    uint64_t entrySize, size_t size) {
  uint64_t bytes = 0, end = 0;
  if (__builtin_mul_overflow(count, entrySize, &bytes) ||
      __builtin_add_overflow(offset, bytes, &end))
    return format("%s at byte %llu has a size that overflows 64 bits",
                  what.c_str(), ull(offset));
  if (end > size)
    return format("%s extends to byte %llu but the file has %zu bytes",
                  what.c_str(), ull(end), size);
  return "";
}

/// A name from the file for messages: at most 64 characters.
std::string shown(std::string_view name) {
  if (name.size() <= 64)
    return std::string(name);
  return std::string(name.substr(0, 64)) + "...";
}

/// The NUL-terminated string at `offset` of a string table that lies in
/// the file; false if it starts outside the table or is not terminated in
/// it.
bool stringAt(std::string_view data, const Elf64_Shdr &table, uint64_t offset,
              std::string_view *out) {
  if (offset >= table.sh_size)
    return false;
  const char *begin = data.data() + table.sh_offset + offset;
  const void *nul = std::memchr(begin, 0, size_t(table.sh_size - offset));
  if (!nul)
    return false;
  *out =
      std::string_view(begin, size_t(static_cast<const char *>(nul) - begin));
  return true;
}

/// Checks an ELF image; "" if sound, else what is wrong. Defined symbols
/// whose names are in `wanted` are added to `found`; `hasSymbols` tells
/// whether the file has a symbol table at all.
std::string checkElf(std::string_view data, const std::set<std::string> &wanted,
                     std::set<std::string> &found, bool *hasSymbols) {
  *hasSymbols = false;
  size_t size = data.size();
  Elf64_Ehdr eh;
  if (!readAt(data, 0, &eh))
    return format("its ELF header needs %zu bytes but the file has %zu",
                  sizeof(Elf64_Ehdr), size);
  if (eh.e_ident[EI_CLASS] != ELFCLASS64)
    return format("it is a %s ELF file (class %u), but GPU binaries are "
                  "64-bit",
                  eh.e_ident[EI_CLASS] == ELFCLASS32 ? "32-bit" : "malformed",
                  unsigned(eh.e_ident[EI_CLASS]));
  if (eh.e_ident[EI_DATA] != ELFDATA2LSB)
    return format("it is not a little-endian ELF file (data encoding %u)",
                  unsigned(eh.e_ident[EI_DATA]));

  // Program headers and the segments they describe.
  if (eh.e_phnum) {
    if (eh.e_phentsize != sizeof(Elf64_Phdr))
      return format("its program header entries are %u bytes, not %zu",
                    unsigned(eh.e_phentsize), sizeof(Elf64_Phdr));
    std::string why = outside(
        format("the program header table (%u entries)", unsigned(eh.e_phnum)),
        eh.e_phoff, eh.e_phnum, sizeof(Elf64_Phdr), size);
    if (!why.empty())
      return why;
    for (unsigned i = 0; i < eh.e_phnum; ++i) {
      Elf64_Phdr ph;
      readAt(data, eh.e_phoff + uint64_t(i) * sizeof(Elf64_Phdr), &ph);
      why = outside(format("segment %u", i), ph.p_offset, 1, ph.p_filesz, size);
      if (!why.empty())
        return why;
    }
  }

  // Section headers; with more than SHN_LORESERVE sections the count and
  // the name table's index live in section 0.
  if (eh.e_shoff == 0)
    return "";
  if (eh.e_shentsize != sizeof(Elf64_Shdr))
    return format("its section header entries are %u bytes, not %zu",
                  unsigned(eh.e_shentsize), sizeof(Elf64_Shdr));
  Elf64_Shdr first;
  if (!readAt(data, eh.e_shoff, &first))
    return outside("the section header table", eh.e_shoff, 1,
                   sizeof(Elf64_Shdr), size);
  uint64_t shnum = eh.e_shnum ? eh.e_shnum : first.sh_size;
  uint64_t shstrndx =
      eh.e_shstrndx == SHN_XINDEX ? first.sh_link : eh.e_shstrndx;
  std::string why =
      outside(format("the section header table (%llu entries)", ull(shnum)),
              eh.e_shoff, shnum, sizeof(Elf64_Shdr), size);
  if (!why.empty())
    return why;
  auto section = [&](uint64_t i) {
    Elf64_Shdr sh;
    readAt(data, eh.e_shoff + i * sizeof(Elf64_Shdr), &sh);
    return sh;
  };
  if (shstrndx == SHN_UNDEF || shstrndx >= shnum)
    return format("its section-name string table index %llu is not a "
                  "section (the file has %llu)",
                  ull(shstrndx), ull(shnum));
  Elf64_Shdr names = section(shstrndx);
  if (names.sh_type != SHT_STRTAB)
    return format("its section-name string table (section %llu) is of type "
                  "%u, not a string table",
                  ull(shstrndx), unsigned(names.sh_type));
  why = outside(
      format("the section-name string table (section %llu)", ull(shstrndx)),
      names.sh_offset, 1, names.sh_size, size);
  if (!why.empty())
    return why;

  std::vector<Elf64_Shdr> sections(shnum);
  for (uint64_t i = 0; i < shnum; ++i)
    sections[i] = section(i);
  for (uint64_t i = 1; i < shnum; ++i) {
    const Elf64_Shdr &sh = sections[i];
    std::string_view name;
    if (!stringAt(data, names, sh.sh_name, &name))
      return format("the name of section %llu (at offset %u of the "
                    "section-name table, which has %llu bytes) is not a "
                    "string in it",
                    ull(i), unsigned(sh.sh_name), ull(names.sh_size));
    if (sh.sh_type == SHT_NOBITS || sh.sh_type == SHT_NULL)
      continue;
    why = outside(format("section %llu (%s)", ull(i), shown(name).c_str()),
                  sh.sh_offset, 1, sh.sh_size, size);
    if (!why.empty())
      return why;
  }

  // Symbol tables: whole entries, a string table for their names.
  for (uint64_t i = 1; i < shnum; ++i) {
    const Elf64_Shdr &sh = sections[i];
    if (sh.sh_type != SHT_SYMTAB && sh.sh_type != SHT_DYNSYM)
      continue;
    *hasSymbols = true;
    std::string_view name;
    stringAt(data, names, sh.sh_name, &name);
    std::string what =
        format("symbol table %llu (%s)", ull(i), shown(name).c_str());
    if (sh.sh_entsize != sizeof(Elf64_Sym))
      return format("%s has entries of %llu bytes, not %zu", what.c_str(),
                    ull(sh.sh_entsize), sizeof(Elf64_Sym));
    if (sh.sh_size % sizeof(Elf64_Sym))
      return format("%s is %llu bytes, not a whole number of %zu-byte "
                    "entries",
                    what.c_str(), ull(sh.sh_size), sizeof(Elf64_Sym));
    if (sh.sh_link == SHN_UNDEF || sh.sh_link >= shnum ||
        sections[sh.sh_link].sh_type != SHT_STRTAB)
      return format("%s names section %u as its string table, which is not "
                    "a string table",
                    what.c_str(), unsigned(sh.sh_link));
    const Elf64_Shdr &strings = sections[sh.sh_link];
    uint64_t count = sh.sh_size / sizeof(Elf64_Sym);
    for (uint64_t s = 1; s < count; ++s) {
      Elf64_Sym sym;
      readAt(data, sh.sh_offset + s * sizeof(Elf64_Sym), &sym);
      std::string_view symbol;
      if (!stringAt(data, strings, sym.st_name, &symbol))
        return format("the name of symbol %llu of %s (at offset %u of "
                      "section %u, which has %llu bytes) is not a string "
                      "in it",
                      ull(s), what.c_str(), unsigned(sym.st_name),
                      unsigned(sh.sh_link), ull(strings.sh_size));
      if (sym.st_shndx == SHN_UNDEF || symbol.empty())
        continue;
      auto it = wanted.find(std::string(symbol));
      if (it != wanted.end())
        found.insert(*it);
    }
  }
  return "";
}

/// Checks a CUDA fatbin's header against the file's size.
std::string checkFatbin(std::string_view data) {
  // magic (4), version (2), header size (2), size of what follows (8).
  struct {
    uint32_t magic;
    uint16_t version;
    uint16_t headerSize;
    uint64_t fatSize;
  } h;
  static_assert(sizeof(h) == 16, "fatbin header layout");
  if (!readAt(data, 0, &h))
    return format("its 16-byte header is cut short (the file has %zu bytes)",
                  data.size());
  if (h.headerSize < sizeof(h))
    return format("its header size %u is below %zu", unsigned(h.headerSize),
                  sizeof(h));
  return outside("the fatbin its header describes", 0, 1,
                 uint64_t(h.headerSize) + h.fatSize, data.size());
}

/// Checks an (uncompressed) offload bundle's entry table.
std::string checkBundle(std::string_view data) {
  if (data.compare(0, 4, "CCOB") == 0)
    return ""; // compressed: left to the runtime
  uint64_t count = 0;
  uint64_t at = sizeof(kBundleMagic) - 1;
  if (!readAt(data, at, &count))
    return format("its entry count is cut short (the file has %zu bytes)",
                  data.size());
  if (count == 0)
    return "it has no entries";
  at += 8;
  for (uint64_t i = 0; i < count; ++i) {
    uint64_t entry[3]; // offset, size, length of the triple
    if (!readAt(data, at, &entry))
      return format("the header of entry %llu (of %llu) at byte %llu is cut "
                    "short (the file has %zu bytes)",
                    ull(i), ull(count), ull(at), data.size());
    at += sizeof(entry);
    std::string why = outside(format("the target name of entry %llu", ull(i)),
                              at, 1, entry[2], data.size());
    if (why.empty())
      why = outside(format("entry %llu", ull(i)), entry[0], 1, entry[1],
                    data.size());
    if (!why.empty())
      return why;
    at += entry[2];
  }
  return "";
}

bool isPtxNameChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$' ||
         c == '%' || c == '.';
}

/// Checks PTX text: no NUL but trailing ones, comments and strings closed,
/// braces balanced. Adds the `.entry` names to `entries`.
std::string checkPtx(std::string_view data, std::set<std::string> &entries) {
  size_t end = data.size();
  while (end > 0 && data[end - 1] == '\0')
    --end;
  data = data.substr(0, end);
  if (const void *nul = std::memchr(data.data(), 0, data.size()))
    return format("it holds a NUL byte at offset %zu",
                  size_t(static_cast<const char *>(nul) - data.data()));

  // The text with comments and strings blanked, so that braces and
  // `.entry` are found only in code.
  std::string code(data.size(), ' ');
  long depth = 0;
  int line = 1;
  for (size_t i = 0; i < data.size(); ++i) {
    char c = data[i];
    if (c == '\n')
      ++line;
    if (c == '/' && i + 1 < data.size() && data[i + 1] == '/') {
      while (i < data.size() && data[i] != '\n')
        ++i;
      if (i < data.size())
        ++line;
      continue;
    }
    if (c == '/' && i + 1 < data.size() && data[i + 1] == '*') {
      size_t close = data.find("*/", i + 2);
      if (close == std::string_view::npos)
        return format("a /* comment opened on line %d is not closed (the "
                      "file ends inside it)",
                      line);
      line += int(std::count(data.begin() + i, data.begin() + close, '\n'));
      i = close + 1;
      continue;
    }
    if (c == '"') {
      int opened = line;
      for (++i; i < data.size() && data[i] != '"' && data[i] != '\n'; ++i)
        if (data[i] == '\\')
          ++i;
      if (i >= data.size() || data[i] != '"')
        return format("a string opened on line %d is not closed on that "
                      "line",
                      opened);
      continue;
    }
    if (c == '{')
      ++depth;
    if (c == '}' && --depth < 0)
      return format("the '}' on line %d closes no '{'", line);
    code[i] = c;
  }
  if (depth > 0)
    return format("it ends with %ld '{' not closed (a cut file?)", depth);

  static constexpr std::string_view kEntry = ".entry";
  for (size_t at = code.find(kEntry); at != std::string::npos;
       at = code.find(kEntry, at + kEntry.size())) {
    size_t i = at + kEntry.size();
    if ((at > 0 && isPtxNameChar(code[at - 1])) || i >= code.size() ||
        !std::isspace(static_cast<unsigned char>(code[i])))
      continue;
    while (i < code.size() && std::isspace(static_cast<unsigned char>(code[i])))
      ++i;
    size_t begin = i;
    while (i < code.size() && isPtxNameChar(code[i]))
      ++i;
    if (i > begin)
      entries.insert(code.substr(begin, i - begin));
  }
  return "";
}

} // namespace

namespace ckrt::detail {

ckrt_status checkBinaryImage(const ckrt_plan_desc &desc, const char *bytes,
                             size_t size, bool *isPtx) {
  std::string_view data(bytes, size);
  std::string where = lineRef(desc.source, desc.binaryLine);
  const char *path = desc.binaryPath.c_str();
  if (size == 0)
    return fail(CKRT_ERROR_INVALID_BINARY, "%s: binary file '%s' is empty",
                where.c_str(), path);
  if (isElf(bytes, size) && size < sizeof(Elf64_Ehdr))
    return fail(CKRT_ERROR_INVALID_BINARY,
                "%s: binary file '%s' is a cut ELF file: its header needs %zu "
                "bytes but the file has %zu",
                where.c_str(), path, sizeof(Elf64_Ehdr), size);

  unsigned machine = 0;
  BinaryKind kind = sniff(bytes, size, &machine);
  ckrt_backend backend = targetBackend(desc.target);
  bool ok = false;
  if (backend == CKRT_BACKEND_CUDA)
    ok = (kind == BinaryKind::Elf && machine == EM_CUDA) ||
         kind == BinaryKind::Fatbin || kind == BinaryKind::Ptx;
  else if (backend == CKRT_BACKEND_HIP)
    ok = (kind == BinaryKind::Elf && machine == EM_AMDGPU) ||
         kind == BinaryKind::OffloadBundle;
  if (!ok) {
    const char *expected = backend == CKRT_BACKEND_CUDA
                               ? "a cubin, fatbin or PTX"
                               : "an AMDGPU code object (hsaco) or offload "
                                 "bundle";
    return fail(CKRT_ERROR_INVALID_BINARY,
                "%s: binary file '%s' is %s, but target %s needs %s",
                where.c_str(), path, kindName(kind, machine),
                desc.target.c_str(), expected);
  }

  // The symbols that would be the plan's kernels.
  std::set<std::string> wanted, found;
  for (const KernelDecl &k : desc.kernels) {
    wanted.insert(k.name);
    if (kind == BinaryKind::Elf && machine == EM_AMDGPU)
      wanted.insert(k.name + ".kd");
  }
  bool searched = false, hasSymbols = false;
  std::string why;
  switch (kind) {
  case BinaryKind::Elf:
    why = checkElf(data, wanted, found, &hasSymbols);
    searched = true;
    break;
  case BinaryKind::Fatbin:
    why = checkFatbin(data);
    break;
  case BinaryKind::OffloadBundle:
    why = checkBundle(data);
    break;
  case BinaryKind::Ptx:
    why = checkPtx(data, found);
    searched = hasSymbols = true;
    break;
  case BinaryKind::Unknown:
    break;
  }
  if (!why.empty())
    return fail(CKRT_ERROR_INVALID_BINARY,
                "%s: binary file '%s' is not a valid %s: %s", where.c_str(),
                path, validName(kind, machine), why.c_str());

  if (searched) {
    for (const KernelDecl &k : desc.kernels) {
      if (found.count(k.name) || found.count(k.name + ".kd"))
        continue;
      const char *how = kind == BinaryKind::Ptx
                            ? "it has no '.entry' of that name"
                        : hasSymbols ? "its symbol tables define no such "
                                       "symbol"
                                     : "it has no symbol table";
      return fail(CKRT_ERROR_NOT_FOUND,
                  "%s: kernel '%s' is not in binary file '%s' (%s)",
                  lineRef(desc.source, k.line).c_str(), k.name.c_str(), path,
                  how);
    }
  }
  if (isPtx)
    *isPtx = kind == BinaryKind::Ptx;
  return CKRT_SUCCESS;
}

ckrt_status readBinary(const ckrt_plan_desc &desc, std::string &image,
                       uint64_t *sizeOut, bool *isPtx) {
  if (ckrt_status st =
          readRegularFile(desc.binaryPath, CKRT_MAX_BINARY_BYTES, "binary file",
                          lineRef(desc.source, desc.binaryLine), image))
    return st;
  if (ckrt_status st =
          checkBinaryImage(desc, image.data(), image.size(), isPtx))
    return st;
  if (sizeOut)
    *sizeOut = image.size();
  return CKRT_SUCCESS;
}

} // namespace ckrt::detail
