//===- BinaryTest.cpp - Reading files and checking binaries, no GPU -------===//
//
// ckrt reads only regular files below a size cap (devices, FIFOs and
// directories are refused before they are read, so nothing hangs or fills
// memory), and checks the whole of a binary: every cut-off prefix of an
// ELF and each corrupted field is an error naming what is wrong, and every
// kernel of the plan must be in the binary.
//
//===----------------------------------------------------------------------===//

#include "TestUtil.h"

#include "ck-c/Runtime.h"

#include "gtest/gtest.h"

#include <cstring>
#include <elf.h>
#include <fcntl.h>
#include <ostream>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

using namespace ckrt_test;

namespace {

/// A plan for `target` that names `binary` and launches `kernels`.
std::string planFor(const std::string &target, const std::string &binary,
                    const std::vector<std::string> &kernels = {"k"}) {
  std::string text =
      "ck-plan 1\ntarget " + target + "\nbinary " + binary + "\n";
  for (const std::string &k : kernels)
    text += "kernel " + k + " grid 1 1 1 block 1 1 1\n";
  return text;
}

struct Checked {
  ckrt_status parse = CKRT_SUCCESS;
  ckrt_status status = CKRT_SUCCESS;
  std::string error;
  uint64_t bytes = 0;
};

/// Parses `plan` (written as plan.ckplan in `dir`) and checks its binary.
Checked check(TempDir &dir, const std::string &plan) {
  Checked c;
  std::string path = dir.write("plan.ckplan", plan);
  ckrt_plan_desc *d = nullptr;
  c.parse = ckrt_plan_parse_file(path.c_str(), &d);
  if (c.parse != CKRT_SUCCESS) {
    c.error = ckrt_last_error();
    return c;
  }
  ckrt_clear_error();
  c.status = ckrt_plan_desc_check_binary(d, &c.bytes);
  c.error = ckrt_last_error();
  ckrt_plan_desc_destroy(d);
  return c;
}

/// Writes `binary` as k.bin next to a plan for `target` and checks it.
Checked checkImage(const std::string &target, const std::string &binary,
                   const std::vector<std::string> &kernels = {"k"}) {
  TempDir dir;
  dir.write("k.bin", binary);
  Checked c = check(dir, planFor(target, "k.bin", kernels));
  // Name the directory out of messages so that tests can compare them.
  for (size_t at; (at = c.error.find(dir.path())) != std::string::npos;)
    c.error.replace(at, dir.path().size(), "DIR");
  return c;
}

template <typename T> T get(const std::string &s, size_t at) {
  T value;
  std::memcpy(&value, s.data() + at, sizeof(T));
  return value;
}
template <typename T> void set(std::string &s, size_t at, T value) {
  std::memcpy(&s[at], &value, sizeof(T));
}

/// Field offsets inside the fakeElf image.
struct Layout {
  Elf64_Ehdr eh;
  explicit Layout(const std::string &elf) { eh = get<Elf64_Ehdr>(elf, 0); }
  size_t section(int i) const { return eh.e_shoff + 64 * size_t(i); }
  size_t field(int i, size_t offsetInShdr) const {
    return section(i) + offsetInShdr;
  }
};

constexpr int kText = 1, kShstrtab = 2, kStrtab = 3, kSymtab = 4;

//===----------------------------------------------------------------------===//
// Only regular files, at most the cap
//===----------------------------------------------------------------------===//

TEST(RegularFiles, PlanFileMustBeRegular) {
  TempDir dir;
  std::string fifo = dir.track("plan.fifo");
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  std::string sub = dir.track("plan.dir");
  ASSERT_EQ(mkdir(sub.c_str(), 0700), 0);
  std::string link = dir.track("zero.ckplan");
  ASSERT_EQ(symlink("/dev/zero", link.c_str()), 0);
  struct {
    std::string path;
    const char *what;
  } cases[] = {
      {"/dev/zero", "a character device"},
      {"/dev/urandom", "a character device"},
      {"/dev/null", "a character device"},
      {fifo, "a named pipe (FIFO)"},
      {sub, "a directory"},
      {link, "a character device"},
  };
  for (const auto &c : cases) {
    ckrt_plan_desc *d = nullptr;
    EXPECT_EQ(ckrt_plan_parse_file(c.path.c_str(), &d), CKRT_ERROR_IO)
        << c.path;
    EXPECT_EQ(d, nullptr);
    EXPECT_EQ(std::string(ckrt_last_error()), "ckrt: plan file '" + c.path +
                                                  "' is " + c.what +
                                                  ", not a regular file");
  }
}

TEST(RegularFiles, BinaryFileMustBeRegular) {
  TempDir dir;
  std::string fifo = dir.track("k.fifo");
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  std::string sub = dir.track("k.dir");
  ASSERT_EQ(mkdir(sub.c_str(), 0700), 0);
  struct {
    std::string binary;
    const char *what;
  } cases[] = {
      {"/dev/zero", "a character device"},
      {"/dev/urandom", "a character device"},
      {"k.fifo", "a named pipe (FIFO)"},
      {"k.dir", "a directory"},
  };
  for (const auto &c : cases) {
    Checked r = check(dir, planFor("sm_90a", c.binary));
    ASSERT_EQ(r.parse, CKRT_SUCCESS) << r.error;
    EXPECT_EQ(r.status, CKRT_ERROR_IO) << c.binary;
    std::string path =
        c.binary[0] == '/' ? c.binary : dir.path() + "/" + c.binary;
    EXPECT_EQ(r.error, "ckrt: " + dir.path() + "/plan.ckplan:3: binary file '" +
                           path + "' is " + c.what + ", not a regular file");
  }
}

TEST(RegularFiles, SizeCaps) {
  TempDir dir;
  // Sparse files: the size is what counts, not the disk they take.
  std::string bigPlan = dir.track("big.ckplan");
  int fd = open(bigPlan.c_str(), O_CREAT | O_WRONLY, 0600);
  ASSERT_GE(fd, 0);
  ASSERT_EQ(ftruncate(fd, off_t(CKRT_MAX_PLAN_BYTES) + 1), 0);
  close(fd);
  ckrt_plan_desc *d = nullptr;
  EXPECT_EQ(ckrt_plan_parse_file(bigPlan.c_str(), &d), CKRT_ERROR_IO);
  EXPECT_EQ(std::string(ckrt_last_error()),
            "ckrt: plan file '" + bigPlan +
                "' is 4194305 bytes, above the limit of 4194304 bytes (4 "
                "MiB)");

  std::string bigBinary = dir.track("big.cubin");
  fd = open(bigBinary.c_str(), O_CREAT | O_WRONLY, 0600);
  ASSERT_GE(fd, 0);
  ASSERT_EQ(ftruncate(fd, off_t(CKRT_MAX_BINARY_BYTES) + 1), 0);
  close(fd);
  Checked r = check(dir, planFor("sm_90a", "big.cubin"));
  EXPECT_EQ(r.status, CKRT_ERROR_IO);
  EXPECT_EQ(r.error, "ckrt: " + dir.path() + "/plan.ckplan:3: binary file '" +
                         bigBinary +
                         "' is 268435457 bytes, above the limit of "
                         "268435456 bytes (256 MiB)");
}

TEST(RegularFiles, NulByteInPlanFile) {
  TempDir dir;
  std::string plan = dir.write(
      "plan.ckplan",
      std::string("ck-plan 1\ntarget sm_90a\nbinary k\0.cubin\n", 37));
  ckrt_plan_desc *d = nullptr;
  EXPECT_EQ(ckrt_plan_parse_file(plan.c_str(), &d), CKRT_ERROR_PARSE);
  EXPECT_EQ(std::string(ckrt_last_error()),
            "ckrt: " + plan + ":3: the line holds a NUL byte (a plan is text)");
}

TEST(RegularFiles, MessagesStayPrintable) {
  // File contents quoted in a message cannot inject terminal controls.
  ckrt_plan_desc *d = nullptr;
  EXPECT_EQ(ckrt_plan_parse("ck-plan 1\ntarget sm_\x1b[31m9\x7f\n", "", &d),
            CKRT_ERROR_PARSE);
  std::string error = ckrt_last_error();
  EXPECT_NE(error.find("unknown target 'sm_?[31m9?'"), std::string::npos)
      << error;
  for (char c : error)
    EXPECT_FALSE((c >= 0 && c < 0x20) || c == 0x7f) << int(c);
}

//===----------------------------------------------------------------------===//
// ELF: the whole file is checked
//===----------------------------------------------------------------------===//

TEST(ElfCheck, WellFormedPasses) {
  for (unsigned machine : {190u, 224u}) {
    std::string elf = fakeElf(machine, {"k", "gemm_0"});
    Checked r = checkImage(machine == 190 ? "sm_90a" : "gfx942", elf,
                           {"gemm_0", "k", "gemm_0"});
    EXPECT_EQ(r.status, CKRT_SUCCESS) << r.error;
    EXPECT_EQ(r.bytes, elf.size());
  }
}

TEST(ElfCheck, EveryCutIsAnError) {
  for (unsigned machine : {190u, 224u}) {
    std::string elf = fakeElf(machine);
    const char *target = machine == 190 ? "sm_90a" : "gfx942";
    for (size_t n = 1; n < elf.size(); ++n) {
      Checked r = checkImage(target, elf.substr(0, n));
      EXPECT_EQ(r.status, CKRT_ERROR_INVALID_BINARY)
          << n << " of " << elf.size() << " bytes passed";
      EXPECT_TRUE(oneLine(r.error)) << r.error;
      EXPECT_EQ(r.error.rfind("ckrt: DIR/plan.ckplan:3: binary file "
                              "'DIR/k.bin' ",
                              0),
                0u)
          << r.error;
    }
  }
}

TEST(ElfCheck, CutMessages) {
  std::string elf = fakeElf(190);
  Layout l(elf);
  size_t size = elf.size();
  // The section header table is last.
  Checked r = checkImage("sm_90a", elf.substr(0, size - 1));
  EXPECT_EQ(r.error, "ckrt: DIR/plan.ckplan:3: binary file 'DIR/k.bin' is "
                     "not a valid cubin: the section header table (5 "
                     "entries) extends to byte " +
                         std::to_string(size) + " but the file has " +
                         std::to_string(size - 1) + " bytes");
  r = checkImage("sm_90a", elf.substr(0, 40));
  EXPECT_EQ(r.error, "ckrt: DIR/plan.ckplan:3: binary file 'DIR/k.bin' is a "
                     "cut ELF file: its header needs 64 bytes but the file "
                     "has 40");
  // Cut inside .text: the segment over it is reported first.
  uint64_t text = get<uint64_t>(elf, l.field(kText, 24));
  r = checkImage("sm_90a", elf.substr(0, text + 8));
  EXPECT_EQ(r.error, "ckrt: DIR/plan.ckplan:3: binary file 'DIR/k.bin' is "
                     "not a valid cubin: segment 0 extends to byte " +
                         std::to_string(text + 16) + " but the file has " +
                         std::to_string(text + 8) + " bytes");
}

struct Corruption {
  const char *name;
  void (*apply)(std::string &elf, const Layout &l);
  const char *expected; // after "is not a valid cubin: "
};

std::vector<Corruption> corruptions() {
  return {
      {"Class32",
       [](std::string &e, const Layout &) { e[EI_CLASS] = ELFCLASS32; },
       "it is a 32-bit ELF file (class 1), but GPU binaries are 64-bit"},
      {"BigEndian",
       [](std::string &e, const Layout &) {
         e[EI_DATA] = ELFDATA2MSB;
         e[18] = 0;
         e[19] = char(190);
       },
       "it is not a little-endian ELF file (data encoding 2)"},
      {"ProgramHeaderEntrySize",
       [](std::string &e, const Layout &) { set<uint16_t>(e, 54, 32); },
       "its program header entries are 32 bytes, not 56"},
      {"ProgramHeadersOutside",
       [](std::string &e, const Layout &) { set<uint64_t>(e, 32, 1 << 20); },
       "the program header table (1 entries) extends to byte 1048632 but the "
       "file has"},
      {"SegmentOutside",
       [](std::string &e, const Layout &l) {
         set<uint64_t>(e, l.eh.e_phoff + 32, 9000); // p_filesz
       },
       "segment 0 extends to byte"},
      {"SegmentOverflows",
       [](std::string &e, const Layout &l) {
         set<uint64_t>(e, l.eh.e_phoff + 8, ~uint64_t(0) - 7); // p_offset
       },
       "segment 0 at byte 18446744073709551608 has a size that overflows 64 "
       "bits"},
      {"SectionHeaderEntrySize",
       [](std::string &e, const Layout &) { set<uint16_t>(e, 58, 40); },
       "its section header entries are 40 bytes, not 64"},
      {"SectionHeadersOutside",
       [](std::string &e, const Layout &) {
         set<uint64_t>(e, 40, uint64_t(1) << 62);
       },
       "the section header table extends to byte 4611686018427387968 but the "
       "file has"},
      {"SectionHeadersOverflow",
       [](std::string &e, const Layout &) { set<uint16_t>(e, 60, 60000); },
       "the section header table (60000 entries) extends to byte"},
      {"SectionNameTableIndexOutside",
       [](std::string &e, const Layout &) { set<uint16_t>(e, 62, 7); },
       "its section-name string table index 7 is not a section (the file has "
       "5)"},
      {"SectionNameTableIndexZero",
       [](std::string &e, const Layout &) { set<uint16_t>(e, 62, 0); },
       "its section-name string table index 0 is not a section"},
      {"SectionNameTableNotStrings",
       [](std::string &e, const Layout &) { set<uint16_t>(e, 62, kSymtab); },
       "its section-name string table (section 4) is of type 2, not a string "
       "table"},
      {"SectionNameOutsideTable",
       [](std::string &e, const Layout &l) {
         set<uint32_t>(e, l.field(kText, 0), 1000);
       },
       "the name of section 1 (at offset 1000 of the section-name table, "
       "which has 33 bytes) is not a string in it"},
      {"SectionOutside",
       [](std::string &e, const Layout &l) {
         set<uint64_t>(e, l.field(kText, 24), 9000 - 16);
       },
       "section 1 (.text) extends to byte 9000 but the file has"},
      {"SectionSizeOverflows",
       [](std::string &e, const Layout &l) {
         set<uint64_t>(e, l.field(kStrtab, 32), ~uint64_t(0));
       },
       "has a size that overflows 64 bits"},
      {"SymbolEntrySize",
       [](std::string &e, const Layout &l) {
         set<uint64_t>(e, l.field(kSymtab, 56), 16);
       },
       "symbol table 4 (.symtab) has entries of 16 bytes, not 24"},
      {"SymbolTablePartialEntry",
       [](std::string &e, const Layout &l) {
         set<uint64_t>(e, l.field(kSymtab, 32), 47);
       },
       "symbol table 4 (.symtab) is 47 bytes, not a whole number of 24-byte "
       "entries"},
      {"SymbolStringsNotStrings",
       [](std::string &e, const Layout &l) {
         set<uint32_t>(e, l.field(kSymtab, 40), kText);
       },
       "symbol table 4 (.symtab) names section 1 as its string table, which "
       "is not a string table"},
      {"SymbolNameOutside",
       [](std::string &e, const Layout &l) {
         uint64_t symtab = get<uint64_t>(e, l.field(kSymtab, 24));
         set<uint32_t>(e, symtab + 24, 500);
       },
       "the name of symbol 1 of symbol table 4 (.symtab) (at offset 500 of "
       "section 3, which has 3 bytes) is not a string in it"},
      {"SymbolNameUnterminated",
       [](std::string &e, const Layout &l) {
         // Drop the string table's final NUL.
         set<uint64_t>(e, l.field(kStrtab, 32), 2);
       },
       "the name of symbol 1 of symbol table 4 (.symtab) (at offset 1 of "
       "section 3, which has 2 bytes) is not a string in it"},
  };
}

// Names the case in test output instead of dumping its bytes.
void PrintTo(const Corruption &c, std::ostream *os) { *os << c.name; }

class ElfCorruption : public ::testing::TestWithParam<Corruption> {};

TEST_P(ElfCorruption, NamesWhatIsWrong) {
  const Corruption &c = GetParam();
  std::string elf = fakeElf(190);
  c.apply(elf, Layout(elf));
  Checked r = checkImage("sm_90a", elf);
  EXPECT_EQ(r.status, CKRT_ERROR_INVALID_BINARY) << r.error;
  std::string prefix = "ckrt: DIR/plan.ckplan:3: binary file 'DIR/k.bin' is "
                       "not a valid cubin: ";
  EXPECT_EQ(r.error.rfind(prefix, 0), 0u) << r.error;
  EXPECT_NE(r.error.find(c.expected, prefix.size()), std::string::npos)
      << r.error << "\nexpected to contain: " << c.expected;
  EXPECT_TRUE(oneLine(r.error)) << r.error;
}

INSTANTIATE_TEST_SUITE_P(AllFields, ElfCorruption,
                         ::testing::ValuesIn(corruptions()),
                         [](const ::testing::TestParamInfo<Corruption> &info) {
                           return std::string(info.param.name);
                         });

TEST(ElfCheck, ExtendedSectionNumbering) {
  // e_shnum 0: the count is in section 0's sh_size.
  std::string elf = fakeElf(190);
  Layout l(elf);
  set<uint16_t>(elf, 60, 0);
  Checked r = checkImage("sm_90a", elf);
  EXPECT_EQ(r.status, CKRT_ERROR_INVALID_BINARY);
  EXPECT_NE(r.error.find("its section-name string table index 2 is not a "
                         "section (the file has 0)"),
            std::string::npos)
      << r.error;
  set<uint64_t>(elf, l.field(0, 32), 5);
  r = checkImage("sm_90a", elf);
  EXPECT_EQ(r.status, CKRT_SUCCESS) << r.error;
  // e_shstrndx SHN_XINDEX: the index is in section 0's sh_link.
  set<uint16_t>(elf, 62, SHN_XINDEX);
  set<uint32_t>(elf, l.field(0, 40), kShstrtab);
  r = checkImage("sm_90a", elf);
  EXPECT_EQ(r.status, CKRT_SUCCESS) << r.error;
}

TEST(ElfCheck, NobitsSectionsTakeNoFileSpace) {
  std::string elf = fakeElf(190);
  Layout l(elf);
  // .text as SHT_NOBITS (like .nv.shared.*) far past the end is fine.
  set<uint32_t>(elf, l.field(kText, 4), SHT_NOBITS);
  set<uint64_t>(elf, l.field(kText, 32), 1 << 30);
  Checked r = checkImage("sm_90a", elf);
  EXPECT_EQ(r.status, CKRT_SUCCESS) << r.error;
}

//===----------------------------------------------------------------------===//
// The plan's kernels must be in the binary
//===----------------------------------------------------------------------===//

TEST(KernelSymbols, MissingKernelNamesItsLine) {
  Checked r = checkImage("sm_90a", fakeElf(190, {"gemm_0", "fill_1"}),
                         {"gemm_0", "fill_1", "gemm_1"});
  EXPECT_EQ(r.status, CKRT_ERROR_NOT_FOUND);
  EXPECT_EQ(r.error, "ckrt: DIR/plan.ckplan:6: kernel 'gemm_1' is not in "
                     "binary file 'DIR/k.bin' (its symbol tables define no "
                     "such symbol)");
}

TEST(KernelSymbols, UndefinedSymbolDoesNotCount) {
  std::string elf = fakeElf(190);
  Layout l(elf);
  uint64_t symtab = get<uint64_t>(elf, l.field(kSymtab, 24));
  set<uint16_t>(elf, symtab + 24 + 6, SHN_UNDEF);
  Checked r = checkImage("sm_90a", elf);
  EXPECT_EQ(r.status, CKRT_ERROR_NOT_FOUND) << r.error;
}

TEST(KernelSymbols, NoSectionsMeansNoSymbols) {
  std::string elf = fakeElf(190);
  set<uint64_t>(elf, 40, 0); // e_shoff
  set<uint16_t>(elf, 60, 0); // e_shnum
  set<uint16_t>(elf, 62, 0); // e_shstrndx
  Checked r = checkImage("sm_90a", elf);
  EXPECT_EQ(r.status, CKRT_ERROR_NOT_FOUND);
  EXPECT_EQ(r.error, "ckrt: DIR/plan.ckplan:4: kernel 'k' is not in binary "
                     "file 'DIR/k.bin' (it has no symbol table)");
}

TEST(KernelSymbols, AmdgpuKernelDescriptors) {
  // HIP finds a kernel by its descriptor `name.kd`; a cubin has no such.
  Checked r = checkImage("gfx942", fakeElf(224, {"k.kd"}));
  EXPECT_EQ(r.status, CKRT_SUCCESS) << r.error;
  r = checkImage("sm_90a", fakeElf(190, {"k.kd"}));
  EXPECT_EQ(r.status, CKRT_ERROR_NOT_FOUND) << r.error;
}

//===----------------------------------------------------------------------===//
// PTX, fatbins and offload bundles
//===----------------------------------------------------------------------===//

const char *const kPtxHead = "//\n// by hand\n//\n.version 7.0\n.target sm_70\n"
                             ".address_size 64\n\n";

TEST(PtxCheck, EntriesAndBraces) {
  std::string good = std::string(kPtxHead) +
                     "/* .entry hidden() { */\n"
                     ".visible .entry k(\n\t.param .u64 p\n)\n{\n\tret;\n}\n"
                     "// .entry commented() {\n"
                     ".visible .entry\tother()\n{\n\tret;\n}\n";
  Checked r = checkImage("sm_90a", good, {"k", "other"});
  EXPECT_EQ(r.status, CKRT_SUCCESS) << r.error;
  // A trailing NUL (a C string written out whole) is fine.
  r = checkImage("sm_90a", good + std::string(1, '\0'), {"k"});
  EXPECT_EQ(r.status, CKRT_SUCCESS) << r.error;

  // Names in comments are not entries.
  r = checkImage("sm_90a", good, {"hidden"});
  EXPECT_EQ(r.status, CKRT_ERROR_NOT_FOUND);
  EXPECT_EQ(r.error, "ckrt: DIR/plan.ckplan:4: kernel 'hidden' is not in "
                     "binary file 'DIR/k.bin' (it has no '.entry' of that "
                     "name)");
  r = checkImage("sm_90a", good, {"commented"});
  EXPECT_EQ(r.status, CKRT_ERROR_NOT_FOUND);

  std::string prefix = "ckrt: DIR/plan.ckplan:3: binary file 'DIR/k.bin' is "
                       "not a valid PTX file: ";
  // Every cut inside the last kernel leaves a block open.
  size_t last = good.rfind('{');
  for (size_t n = last + 1; n < good.rfind('}'); ++n) {
    r = checkImage("sm_90a", good.substr(0, n), {"k"});
    EXPECT_EQ(r.status, CKRT_ERROR_INVALID_BINARY) << n;
    EXPECT_EQ(r.error, prefix + "it ends with 1 '{' not closed (a cut file?)");
  }
  r = checkImage("sm_90a", good + "}\n", {"k"});
  EXPECT_EQ(r.error, prefix + "the '}' on line 20 closes no '{'");
  r = checkImage("sm_90a", good + "/* unfinished", {"k"});
  EXPECT_EQ(r.error, prefix + "a /* comment opened on line 20 is not closed "
                              "(the file ends inside it)");
  r = checkImage("sm_90a", good + ".file 1 \"a.cu\n", {"k"});
  EXPECT_EQ(r.error,
            prefix + "a string opened on line 20 is not closed on that line");
  // A NUL past the part that decides the format.
  std::string padded = good + std::string(70000, ' ');
  r = checkImage("sm_90a", padded + std::string(1, '\0') + "x", {"k"});
  EXPECT_EQ(r.error, prefix + "it holds a NUL byte at offset " +
                         std::to_string(padded.size()));
}

TEST(FatbinCheck, SizeFromHeader) {
  Checked r = checkImage("sm_90a", cudaFatbin(8));
  EXPECT_EQ(r.status, CKRT_SUCCESS) << r.error;
  std::string prefix = "ckrt: DIR/plan.ckplan:3: binary file 'DIR/k.bin' is "
                       "not a valid CUDA fatbin: ";
  r = checkImage("sm_90a", cudaFatbin(100).substr(0, 24));
  EXPECT_EQ(r.status, CKRT_ERROR_INVALID_BINARY);
  EXPECT_EQ(r.error, prefix + "the fatbin its header describes extends to "
                              "byte 116 but the file has 24 bytes");
  r = checkImage("sm_90a", cudaFatbin(8).substr(0, 8));
  EXPECT_EQ(r.error, prefix + "its 16-byte header is cut short (the file has "
                              "8 bytes)");
  std::string small = cudaFatbin(8);
  small[6] = 8; // header size 8
  r = checkImage("sm_90a", small);
  EXPECT_EQ(r.error, prefix + "its header size 8 is below 16");
}

TEST(BundleCheck, EntriesInsideTheFile) {
  std::string bundle = offloadBundle(
      {"host-x86_64-unknown-linux-gnu-", "hipv4-amdgcn-amd-amdhsa--gfx942"});
  Checked r = checkImage("gfx942", bundle);
  EXPECT_EQ(r.status, CKRT_SUCCESS) << r.error;
  std::string prefix = "ckrt: DIR/plan.ckplan:3: binary file 'DIR/k.bin' is "
                       "not a valid clang offload bundle: ";
  for (size_t n = 24; n < bundle.size(); ++n) {
    r = checkImage("gfx942", bundle.substr(0, n));
    EXPECT_EQ(r.status, CKRT_ERROR_INVALID_BINARY) << n;
    EXPECT_EQ(r.error.rfind(prefix, 0), 0u) << r.error;
  }
  r = checkImage("gfx942", bundle.substr(0, bundle.size() - 1));
  EXPECT_EQ(r.error, prefix + "entry 1 extends to byte " +
                         std::to_string(bundle.size()) + " but the file has " +
                         std::to_string(bundle.size() - 1) + " bytes");
  r = checkImage("gfx942", offloadBundle({}));
  EXPECT_EQ(r.error, prefix + "it has no entries");
}

} // namespace
