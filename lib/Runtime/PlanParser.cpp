//===- PlanParser.cpp - The `ck-plan` launch-plan format ------------------===//
//
// Parses plan text (versions 1 to 5) into a ckrt_plan_desc and implements
// the ckrt_plan_desc_* accessors (Binary.cpp checks the binary, File.cpp
// reads files, Schedules.cpp evaluates schedules). Every parse error names
// the line and what was expected; every size is checked against the limits
// in ck-c/Runtime.h without overflowing.
//
//===----------------------------------------------------------------------===//

#include "Error.h"
#include "File.h"
#include "Plan.h"

#include "ck/Support/Limits.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <map>
#include <new>
#include <unordered_map>

using namespace ckrt::detail;

namespace ckrt::detail {

std::string lineRef(const std::string &source, int line) {
  return format("%s:%d", source.c_str(), line);
}

ckrt_backend targetBackend(const std::string &target) {
  if (target.compare(0, 3, "sm_") == 0)
    return CKRT_BACKEND_CUDA;
  if (target.compare(0, 3, "gfx") == 0)
    return CKRT_BACKEND_HIP;
  return CKRT_BACKEND_AUTO;
}

bool evaluateGrid(const KernelDecl &kernel, uint32_t cus,
                  const ckrt_schedule_info *schedules, uint32_t grid[3],
                  std::string *why) {
  static const char *const dims[3] = {"x", "y", "z"};
  for (int i = 0; i < 3; ++i) {
    uint64_t value = uint64_t(kernel.grid[i]);
    // So many per SM/CU, in whole clusters.
    if (kernel.gridCusFactor[i])
      value = uint64_t(cus) * kernel.gridCusFactor[i] / kernel.cluster[i] *
              kernel.cluster[i];
    else if (kernel.gridSchedule[i] >= 0)
      value = schedules ? schedules[kernel.gridSchedule[i]].grid : 0;
    if (value == 0) {
      if (why)
        *why = schedules || kernel.gridSchedule[i] < 0
                   ? format("grid %s of kernel '%s' evaluates to 0 (cus = "
                            "%u, cluster %s %u)",
                            dims[i], kernel.name.c_str(), cus, dims[i],
                            kernel.cluster[i])
                   : format("grid %s of kernel '%s' needs its schedule "
                            "evaluated",
                            dims[i], kernel.name.c_str());
      return false;
    }
    if (value > kMaxGrid[i]) {
      if (why)
        *why = format("grid %s of kernel '%s' is %llu, above the limit %llu",
                      dims[i], kernel.name.c_str(),
                      static_cast<unsigned long long>(value),
                      static_cast<unsigned long long>(kMaxGrid[i]));
      return false;
    }
    grid[i] = static_cast<uint32_t>(value);
  }
  return true;
}

} // namespace ckrt::detail

namespace {

constexpr uint32_t kMaxIndex = 65535;
constexpr uint64_t kMaxThreadsPerBlock = 1024;
/// Largest thread block cluster (workgroups) that every chip with clusters
/// launches (NVIDIA's portable size).
constexpr uint64_t kMaxClusterSize = 8;
/// Largest tiles, iters, min_iters and tail of a schedule, and largest
/// tiles * iters of a stream_k one: the kernel's i32.
constexpr uint64_t kMaxScheduleCount =
    uint64_t(cklimits::kMaxScheduleIterations);
/// Largest k_batch and max of a split_k schedule: the grid's z.
constexpr uint64_t kMaxKBatch = uint64_t(cklimits::kMaxGrid[2]);
/// `schedule:NAME`, as grid entry, workspace size and argument.
const char kSchedulePrefix[] = "schedule:";
constexpr size_t kSchedulePrefixSize = sizeof(kSchedulePrefix) - 1;

// The runtime serves what the compiler may emit, no more.
static_assert(CKRT_MAX_TENSOR_BYTES == uint64_t(cklimits::kMaxTensorBytes),
              "ckrt's tensor limit must be the compiler's");

unsigned long long ull(uint64_t v) {
  return static_cast<unsigned long long>(v);
}

bool isDigits(const std::string &s, size_t from = 0) {
  if (from >= s.size())
    return false;
  for (size_t i = from; i < s.size(); ++i)
    if (s[i] < '0' || s[i] > '9')
      return false;
  return true;
}

/// "-" followed by decimal digits.
bool isNegative(const std::string &s) {
  return s.size() > 1 && s[0] == '-' && isDigits(s, 1);
}

/// A decimal unsigned integer (no sign, no spaces) no larger than `max`.
bool parseUnsigned(const std::string &s, uint64_t max, uint64_t *out) {
  if (!isDigits(s))
    return false;
  uint64_t value = 0;
  for (char c : s) {
    unsigned digit = unsigned(c - '0');
    if (digit > max || value > (max - digit) / 10)
      return false;
    value = value * 10 + digit;
  }
  *out = value;
  return true;
}

/// A signed integer for i32:/i64: arguments: optional sign, then decimal
/// digits or 0x hex digits. Decimal must lie in [minValue, maxValue]; hex
/// is a bit pattern of at most `bits` bits.
enum class IntParse { Ok, Malformed, OutOfRange };

IntParse parseScalarInt(const std::string &s, int bits, int64_t *out) {
  if (s.empty())
    return IntParse::Malformed;
  if (s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
    uint64_t value = 0;
    if (s.size() == 2)
      return IntParse::Malformed;
    for (size_t i = 2; i < s.size(); ++i) {
      char c = s[i];
      unsigned digit;
      if (c >= '0' && c <= '9')
        digit = unsigned(c - '0');
      else if (c >= 'a' && c <= 'f')
        digit = unsigned(c - 'a' + 10);
      else if (c >= 'A' && c <= 'F')
        digit = unsigned(c - 'A' + 10);
      else
        return IntParse::Malformed;
      if (value >> 60)
        return IntParse::OutOfRange;
      value = value * 16 + digit;
    }
    if (bits == 32 && value > 0xffffffffull)
      return IntParse::OutOfRange;
    if (bits == 32)
      *out = int64_t(int32_t(uint32_t(value)));
    else
      *out = int64_t(value);
    return IntParse::Ok;
  }
  bool negative = s[0] == '-';
  size_t start = (s[0] == '-' || s[0] == '+') ? 1 : 0;
  if (!isDigits(s, start))
    return IntParse::Malformed;
  uint64_t limit = bits == 32 ? (negative ? 0x80000000ull : 0x7fffffffull)
                              : (negative ? 0x8000000000000000ull
                                          : 0x7fffffffffffffffull);
  uint64_t magnitude = 0;
  for (size_t i = start; i < s.size(); ++i) {
    unsigned digit = unsigned(s[i] - '0');
    if (magnitude > (limit - digit) / 10)
      return IntParse::OutOfRange;
    magnitude = magnitude * 10 + digit;
  }
  *out = negative ? int64_t(0 - magnitude) : int64_t(magnitude);
  return IntParse::Ok;
}

bool parseFloat(const std::string &s, float *out) {
  if (s.empty() || std::isspace(static_cast<unsigned char>(s[0])))
    return false;
  errno = 0;
  char *end = nullptr;
  float value = std::strtof(s.c_str(), &end);
  if (end != s.c_str() + s.size())
    return false;
  // Overflow to infinity of a finite literal is an error; tiny values that
  // underflow are fine.
  if (errno == ERANGE && std::isinf(value))
    return false;
  *out = value;
  return true;
}

bool isValidTarget(const std::string &t) {
  if (t.compare(0, 3, "sm_") == 0) {
    size_t i = 3;
    while (i < t.size() && t[i] >= '0' && t[i] <= '9')
      ++i;
    size_t digits = i - 3;
    if (digits < 2 || digits > 3 || t[3] == '0')
      return false;
    if (i == t.size())
      return true;
    return i + 1 == t.size() && (t[i] == 'a' || t[i] == 'f');
  }
  if (t.compare(0, 3, "gfx") == 0) {
    size_t colon = t.find(':');
    std::string base = t.substr(0, colon);
    if (base.size() < 6 || base.size() > 7)
      return false;
    for (size_t i = 3; i < base.size(); ++i) {
      char c = base[i];
      if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f')))
        return false;
    }
    // Optional target features: ":sramecc+:xnack-".
    while (colon != std::string::npos) {
      size_t next = t.find(':', colon + 1);
      std::string feature =
          t.substr(colon + 1, next == std::string::npos ? std::string::npos
                                                        : next - colon - 1);
      if (feature.size() < 2 ||
          (feature.back() != '+' && feature.back() != '-'))
        return false;
      for (size_t i = 0; i + 1 < feature.size(); ++i)
        if (!std::isalnum(static_cast<unsigned char>(feature[i])))
          return false;
      colon = next;
    }
    return true;
  }
  return false;
}

/// Roles are names: input, filter, output, d0, d1, ... for convolutions,
/// arg0, arg1, ... where the compiler knows no better.
bool isValidRole(const std::string &role) {
  if (role.empty() || !(std::isalpha(static_cast<unsigned char>(role[0])) ||
                        role[0] == '_'))
    return false;
  for (char c : role)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_'))
      return false;
  return true;
}

bool parseDtype(const std::string &s, ckrt_dtype *out) {
  if (s == "f16")
    *out = CKRT_DTYPE_F16;
  else if (s == "bf16")
    *out = CKRT_DTYPE_BF16;
  else if (s == "f32")
    *out = CKRT_DTYPE_F32;
  else
    return false;
  return true;
}

/// "1 and 2": the plan versions this runtime reads.
std::string versionsText() {
  std::string text;
  for (int v = CKRT_PLAN_VERSION_MIN; v <= CKRT_PLAN_VERSION; ++v) {
    if (v > CKRT_PLAN_VERSION_MIN)
      text += v == CKRT_PLAN_VERSION ? " and " : ", ";
    text += std::to_string(v);
  }
  return text;
}

/// "'ck-plan 1', 'ck-plan 2', ... or 'ck-plan N'": the headers this runtime
/// reads.
std::string headersText() {
  std::string text;
  for (int v = CKRT_PLAN_VERSION_MIN; v <= CKRT_PLAN_VERSION; ++v) {
    if (v > CKRT_PLAN_VERSION_MIN)
      text += v == CKRT_PLAN_VERSION ? " or " : ", ";
    text += "'ck-plan " + std::to_string(v) + "'";
  }
  return text;
}

bool hasSchedulePrefix(const std::string &token) {
  return token.compare(0, kSchedulePrefixSize, kSchedulePrefix) == 0;
}

const char *scheduleKindName(ckrt_schedule_kind kind) {
  return kind == CKRT_SCHEDULE_STREAM_K ? "stream_k" : "split_k";
}

bool isValidSymbol(const std::string &s) {
  if (s.empty() || (s[0] >= '0' && s[0] <= '9'))
    return false;
  for (char c : s)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' ||
          c == '.' || c == '$'))
      return false;
  return true;
}

std::vector<std::string> tokenize(const std::string &line) {
  std::vector<std::string> tokens;
  size_t i = 0, n = line.size();
  while (i < n) {
    while (i < n && std::isspace(static_cast<unsigned char>(line[i])))
      ++i;
    if (i >= n)
      break;
    size_t start = i;
    while (i < n && !std::isspace(static_cast<unsigned char>(line[i])))
      ++i;
    tokens.push_back(line.substr(start, i - start));
  }
  return tokens;
}

class Parser {
public:
  Parser(const std::string &source, const std::string &baseDir,
         ckrt_plan_desc &desc)
      : source(source), baseDir(baseDir), desc(desc) {}

  ckrt_status run(const std::string &text);

private:
  ckrt_status error(int atLine, const std::string &message) {
    return failMessage(CKRT_ERROR_PARSE,
                       lineRef(source, atLine) + ": " + message);
  }
  ckrt_status error(const std::string &message) {
    return error(line, message);
  }

  ckrt_status parseHeader(const std::vector<std::string> &tok);
  ckrt_status parseTarget(const std::vector<std::string> &tok);
  ckrt_status parseMeta(const std::vector<std::string> &tok,
                        const std::string &raw);
  ckrt_status parseBinary(const std::vector<std::string> &tok);
  ckrt_status parseTensor(const std::vector<std::string> &tok);
  ckrt_status parseWorkspace(const std::vector<std::string> &tok);
  ckrt_status parseSchedule(const std::vector<std::string> &tok);
  ckrt_status parseTensorMap(const std::vector<std::string> &tok);
  ckrt_status parseScheduleValue(ScheduleDecl &schedule, const std::string &key,
                                 const std::string &value);
  ckrt_status parseKernel(const std::vector<std::string> &tok);
  /// The three sizes after `cluster` at tok[i].
  ckrt_status parseCluster(KernelDecl &k, const std::vector<std::string> &tok,
                           size_t i);
  /// The list after `after` at tok[i] (the names of earlier kernels).
  ckrt_status parseAfter(KernelDecl &k, const std::vector<std::string> &tok,
                         size_t i);
  ckrt_status parseArg(const KernelDecl &kernel, const std::string &tok,
                       size_t position, ckrt_kernel_arg *out);
  /// Records the `schedule:NAME` token `token` (its name after the prefix)
  /// for finish() to resolve; `what` names the use in messages ("grid x
  /// of kernel 'k'"). Fails in a version-1 plan or on a bad name.
  ckrt_status addScheduleRef(int use, const std::string &token,
                             const std::string &what, size_t owner,
                             size_t slot);
  ckrt_status resolveSchedules();
  /// What a tensor map needs of the tensor it describes, once the
  /// element size is known: the innermost box a multiple of 16 bytes and
  /// within the swizzle, the described region inside the tensor.
  ckrt_status checkTensorMap(ckrt_tensor_map_decl &map, const TensorDecl &t);
  ckrt_status finish();

  /// A `schedule:NAME` seen before its schedule is known.
  struct ScheduleRef {
    enum Use { Grid, Workspace, Argument };
    int use = Grid;
    std::string name;
    /// "grid x of kernel 'k'", "workspace 0", "argument 3 of kernel 'k'".
    std::string what;
    /// The kernel's or workspace's position in file order.
    size_t owner = 0;
    /// Grid dimension or argument position.
    size_t slot = 0;
    int line = 0;
  };

  const std::string &source;
  const std::string &baseDir;
  ckrt_plan_desc &desc;
  int line = 0;
  int headerLine = 0;
  // Lines of what was declared, to name the first of a duplicate.
  std::map<std::string, int> metaLines;
  std::unordered_map<uint32_t, int> tensorLines, workspaceLines, mapLines;
  // Schedules by name (their index), and the references to resolve.
  std::map<std::string, size_t> scheduleIndex;
  std::vector<ScheduleRef> scheduleRefs;
};

ckrt_status Parser::run(const std::string &text) {
  size_t pos = 0;
  while (pos <= text.size()) {
    size_t end = text.find('\n', pos);
    if (end == std::string::npos)
      end = text.size();
    std::string raw = text.substr(pos, end - pos);
    ++line;
    pos = end + 1;
    if (raw.find('\0') != std::string::npos)
      return error("the line holds a NUL byte (a plan is text)");
    size_t hash = raw.find('#');
    if (hash != std::string::npos)
      raw.resize(hash);
    std::vector<std::string> tok = tokenize(raw);
    if (tok.empty())
      continue;
    ckrt_status st;
    const std::string &dir = tok[0];
    if (!headerLine)
      st = parseHeader(tok);
    else if (dir == "ck-plan")
      st = error(format("duplicate 'ck-plan' header (first on line %d)",
                        headerLine));
    else if (dir == "target")
      st = parseTarget(tok);
    else if (dir == "binary")
      st = parseBinary(tok);
    else if (dir == "meta")
      st = parseMeta(tok, raw);
    else if (dir == "tensor")
      st = parseTensor(tok);
    else if (dir == "workspace")
      st = parseWorkspace(tok);
    else if (dir == "schedule")
      st = parseSchedule(tok);
    else if (dir == "tensormap")
      st = parseTensorMap(tok);
    else if (dir == "kernel")
      st = parseKernel(tok);
    else
      st = error(format("unknown directive '%s' (expected target, binary, "
                        "meta, tensor, workspace, schedule, tensormap or "
                        "kernel)",
                        dir.c_str()));
    if (st != CKRT_SUCCESS)
      return st;
  }
  // `line` is now the number of lines (+1 for a final newline); report
  // whole-plan problems at the last line.
  line = std::max(1, line - (text.empty() || text.back() == '\n' ? 1 : 0));
  return finish();
}

ckrt_status Parser::parseHeader(const std::vector<std::string> &tok) {
  if (tok[0] != "ck-plan")
    return error(format("expected the header %s before any directive, "
                        "found '%s'",
                        headersText().c_str(), tok[0].c_str()));
  uint64_t version = 0;
  if (tok.size() < 2)
    return error(format("missing version number after 'ck-plan' (expected "
                        "%s)",
                        headersText().c_str()));
  if (!parseUnsigned(tok[1], 1000000, &version))
    return error(format("expected a version number after 'ck-plan', found "
                        "'%s'",
                        tok[1].c_str()));
  if (version < CKRT_PLAN_VERSION_MIN || version > CKRT_PLAN_VERSION)
    return error(format("unsupported plan version %llu (this runtime reads "
                        "versions %s)",
                        static_cast<unsigned long long>(version),
                        versionsText().c_str()));
  if (tok.size() > 2)
    return error(format("unexpected '%s' after 'ck-plan %llu'", tok[2].c_str(),
                        static_cast<unsigned long long>(version)));
  desc.version = int(version);
  headerLine = line;
  return CKRT_SUCCESS;
}

ckrt_status Parser::parseTarget(const std::vector<std::string> &tok) {
  if (desc.targetLine)
    return error(format("duplicate 'target' directive (first on line %d)",
                        desc.targetLine));
  if (tok.size() < 2)
    return error("missing chip after 'target' (expected e.g. 'target sm_90a' "
                 "or 'target gfx942')");
  if (tok.size() > 2)
    return error(format("unexpected '%s' after 'target %s'", tok[2].c_str(),
                        tok[1].c_str()));
  if (!isValidTarget(tok[1]))
    return error(format("unknown target '%s' (expected sm_<N>[a|f] such as "
                        "sm_80 or sm_90a, or gfx<ID> such as gfx942 or "
                        "gfx1201)",
                        tok[1].c_str()));
  desc.target = tok[1];
  desc.targetLine = line;
  return CKRT_SUCCESS;
}

ckrt_status Parser::parseMeta(const std::vector<std::string> &tok,
                              const std::string &raw) {
  if (tok.size() < 2)
    return error("missing key after 'meta' (expected: meta <key> <value...>)");
  const std::string &key = tok[1];
  auto [first, inserted] = metaLines.emplace(key, line);
  if (!inserted)
    return error(format("duplicate meta key '%s' (first on line %d)",
                        key.c_str(), first->second));
  // The value is the rest of the line after the key, spacing kept.
  size_t at = raw.find("meta");
  at = raw.find(key, at + 4) + key.size();
  size_t begin = raw.find_first_not_of(" \t\r\v\f", at);
  size_t end = raw.find_last_not_of(" \t\r\v\f");
  MetaDecl m;
  m.key = key;
  if (begin != std::string::npos && end != std::string::npos && end >= begin)
    m.value = raw.substr(begin, end - begin + 1);
  m.line = line;
  desc.meta.push_back(std::move(m));
  return CKRT_SUCCESS;
}

ckrt_status Parser::parseBinary(const std::vector<std::string> &tok) {
  if (desc.binaryLine)
    return error(format("duplicate 'binary' directive (first on line %d)",
                        desc.binaryLine));
  if (tok.size() < 2)
    return error("missing file name after 'binary' (expected e.g. 'binary "
                 "kernels.cubin')");
  if (tok.size() > 2)
    return error(format("unexpected '%s' after 'binary %s' (file names "
                        "cannot contain spaces)",
                        tok[2].c_str(), tok[1].c_str()));
  desc.binary = tok[1];
  if (desc.binary[0] == '/' || baseDir.empty())
    desc.binaryPath = desc.binary;
  else if (baseDir.back() == '/')
    desc.binaryPath = baseDir + desc.binary;
  else
    desc.binaryPath = baseDir + "/" + desc.binary;
  desc.binaryLine = line;
  return CKRT_SUCCESS;
}

ckrt_status Parser::parseTensor(const std::vector<std::string> &tok) {
  static const char *const fields[] = {
      "tensor index", "role (input, filter, output, d<N>, ...)",
      "element type (f16, bf16 or f32)", "element count"};
  static const char *const usage =
      "expected: tensor <index> <role> <f16|bf16|f32> <count>";
  if (tok.size() < 5)
    return error(format("missing %s in 'tensor' directive (%s)",
                        fields[tok.size() - 1], usage));
  if (tok.size() > 5)
    return error(format("unexpected extra field '%s' in 'tensor' directive "
                        "(%s)",
                        tok[5].c_str(), usage));
  TensorDecl t;
  t.line = line;
  uint64_t index = 0;
  if (!isDigits(tok[1]))
    return error(format("expected a tensor index (a non-negative integer), "
                        "found '%s'",
                        tok[1].c_str()));
  if (!parseUnsigned(tok[1], kMaxIndex, &index))
    return error(format("tensor index %s is too large (at most %u)",
                        tok[1].c_str(), kMaxIndex));
  t.index = uint32_t(index);
  if (!isValidRole(tok[2]))
    return error(format("bad tensor role '%s' (expected a name such as "
                        "input, filter, output or d0)",
                        tok[2].c_str()));
  t.role = tok[2];
  if (!parseDtype(tok[3], &t.dtype))
    return error(format("unknown element type '%s' (expected f16, bf16 or "
                        "f32)",
                        tok[3].c_str()));
  uint64_t elemSize = ckrt_dtype_size(t.dtype);
  if (isNegative(tok[4]) || tok[4] == "0")
    return error(
        format("element count must be positive, found '%s'", tok[4].c_str()));
  if (!isDigits(tok[4]))
    return error(format("expected an element count (a positive integer), "
                        "found '%s'",
                        tok[4].c_str()));
  uint64_t maxCount = CKRT_MAX_TENSOR_BYTES / elemSize;
  if (!parseUnsigned(tok[4], UINT64_MAX, &t.count) || t.count > maxCount ||
      __builtin_mul_overflow(t.count, elemSize, &t.bytes))
    return error(format("element count %s is too large: a tensor of %s holds "
                        "at most %llu elements (%llu bytes, %s)",
                        tok[4].c_str(), tok[3].c_str(), ull(maxCount),
                        ull(CKRT_MAX_TENSOR_BYTES),
                        limitText(CKRT_MAX_TENSOR_BYTES).c_str()));
  if (t.count == 0)
    return error("element count must be positive, found '0'");
  auto [first, inserted] = tensorLines.emplace(t.index, line);
  if (!inserted)
    return error(format("duplicate tensor index %u (first declared on line "
                        "%d)",
                        t.index, first->second));
  desc.tensors.push_back(std::move(t));
  return CKRT_SUCCESS;
}

ckrt_status Parser::parseWorkspace(const std::vector<std::string> &tok) {
  static const char *const fields[] = {"workspace index", "size in bytes",
                                       "'zero' or 'keep'"};
  static const char *const usage =
      "expected: workspace <index> <bytes>|schedule:<name> zero|keep";
  if (tok.size() < 4)
    return error(format("missing %s in 'workspace' directive (%s)",
                        fields[tok.size() - 1], usage));
  if (tok.size() > 4)
    return error(format("unexpected extra field '%s' in 'workspace' "
                        "directive (%s)",
                        tok[4].c_str(), usage));
  WorkspaceDecl w;
  w.line = line;
  uint64_t index = 0;
  if (!isDigits(tok[1]))
    return error(format("expected a workspace index (a non-negative "
                        "integer), found '%s'",
                        tok[1].c_str()));
  if (!parseUnsigned(tok[1], kMaxIndex, &index))
    return error(format("workspace index %s is too large (at most %u)",
                        tok[1].c_str(), kMaxIndex));
  w.index = uint32_t(index);
  if (hasSchedulePrefix(tok[2])) {
    if (ckrt_status st = addScheduleRef(ScheduleRef::Workspace, tok[2],
                                        format("workspace %u", w.index),
                                        desc.workspaces.size(), 0))
      return st;
  } else if (isNegative(tok[2])) {
    return error(format("workspace size must not be negative, found '%s'",
                        tok[2].c_str()));
  } else if (!isDigits(tok[2])) {
    return error(format("expected a workspace size in bytes (a non-negative "
                        "integer) or 'schedule:<name>', found '%s'",
                        tok[2].c_str()));
  } else if (!parseUnsigned(tok[2], CKRT_MAX_TENSOR_BYTES, &w.bytes)) {
    return error(format("workspace size %s is too large (at most %llu bytes, "
                        "%s)",
                        tok[2].c_str(), ull(CKRT_MAX_TENSOR_BYTES),
                        limitText(CKRT_MAX_TENSOR_BYTES).c_str()));
  }
  if (tok[3] == "zero")
    w.zeroEachLaunch = true;
  else if (tok[3] == "keep")
    w.zeroEachLaunch = false;
  else
    return error(format("expected 'zero' or 'keep' after the workspace size, "
                        "found '%s'",
                        tok[3].c_str()));
  auto [first, inserted] = workspaceLines.emplace(w.index, line);
  if (!inserted)
    return error(format("duplicate workspace index %u (first declared on "
                        "line %d)",
                        w.index, first->second));
  desc.workspaces.push_back(w);
  return CKRT_SUCCESS;
}

ckrt_status Parser::addScheduleRef(int use, const std::string &token,
                                   const std::string &what, size_t owner,
                                   size_t slot) {
  if (desc.version < 2)
    return error(format("%s is '%s', but 'schedule:' needs 'ck-plan 2' (this "
                        "plan says 'ck-plan %d')",
                        what.c_str(), token.c_str(), desc.version));
  std::string name = token.substr(kSchedulePrefixSize);
  if (!isValidSymbol(name))
    return error(format("%s is '%s' (expected 'schedule:<name>' with the "
                        "name of a schedule)",
                        what.c_str(), token.c_str()));
  ScheduleRef ref;
  ref.use = use;
  ref.name = std::move(name);
  ref.what = what;
  ref.owner = owner;
  ref.slot = slot;
  ref.line = line;
  scheduleRefs.push_back(std::move(ref));
  return CKRT_SUCCESS;
}

ckrt_status Parser::parseScheduleValue(ScheduleDecl &schedule,
                                       const std::string &key,
                                       const std::string &value) {
  const char *name = schedule.name.c_str();
  // A positive integer of at most `max`; `expected` describes the value.
  auto count = [&](uint64_t max, const char *expected, uint64_t *out) {
    if (isDigits(value) && value.find_first_not_of('0') != std::string::npos) {
      if (parseUnsigned(value, max, out))
        return CKRT_SUCCESS;
      return error(format("%s %s of schedule '%s' is above the limit %llu",
                          key.c_str(), value.c_str(), name, ull(max)));
    }
    return error(format("bad %s '%s' in schedule '%s' (expected %s)",
                        key.c_str(), value.c_str(), name, expected));
  };
  uint64_t n = 0;
  ckrt_status st = CKRT_SUCCESS;
  if (key == "tiles" || key == "iters") {
    st = count(kMaxScheduleCount, "a positive integer", &n);
    (key == "tiles" ? schedule.tiles : schedule.iters) = int64_t(n);
  } else if (key == "partial_bytes") {
    st = count(CKRT_MAX_TENSOR_BYTES, "a positive number of bytes", &n);
    schedule.partialBytes = int64_t(n);
  } else if (key == "min_iters") {
    st = count(kMaxScheduleCount, "a positive integer", &n);
    schedule.streamK.minIters = schedule.splitK.minIters = int64_t(n);
  } else if (key == "occupancy") {
    if (value != "auto")
      st = count(kMaxOccupancy, "a positive integer or 'auto'", &n);
    schedule.occupancy = uint32_t(n);
  } else if (key == "reduce") {
    if (value == "tree")
      schedule.streamK.reduce = ckschedule::Reduction::Tree;
    else if (value == "linear")
      schedule.streamK.reduce = ckschedule::Reduction::Linear;
    else
      st = error(format("bad reduce '%s' in schedule '%s' (expected linear or "
                        "tree)",
                        value.c_str(), name));
  } else if (key == "dp") {
    if (value == "persistent")
      schedule.streamK.dp = ckschedule::DataParallel::Persistent;
    else if (value == "per_tile")
      schedule.streamK.dp = ckschedule::DataParallel::PerTile;
    else
      st = error(format("bad dp '%s' in schedule '%s' (expected persistent or "
                        "per_tile)",
                        value.c_str(), name));
  } else if (key == "tail") {
    if (value != "all")
      st = count(kMaxScheduleCount, "a positive integer or 'all'", &n);
    schedule.streamK.tail = value == "all" ? ckschedule::kTailAll : int64_t(n);
  } else if (key == "k_batch") {
    if (value != "auto")
      st = count(kMaxKBatch, "a positive integer or 'auto'", &n);
    schedule.splitK.kBatch =
        value == "auto" ? ckschedule::kKBatchAuto : int64_t(n);
  } else if (key == "max") {
    st = count(kMaxKBatch, "a positive integer", &n);
    schedule.splitK.maxKBatch = int64_t(n);
  }
  return st;
}

ckrt_status Parser::parseSchedule(const std::vector<std::string> &tok) {
  static const char *const usage =
      "expected: schedule <name> stream_k|split_k <key> <value> ...";
  static const char *const streamKKeys[] = {
      "tiles", "iters", "partial_bytes", "reduce",
      "dp",    "tail",  "min_iters",     "occupancy"};
  static const char *const splitKKeys[] = {
      "tiles", "iters",         "k_batch",  "min_iters",
      "max",   "partial_bytes", "occupancy"};
  if (desc.version < 2)
    return error(format("the 'schedule' directive needs 'ck-plan 2' (this "
                        "plan says 'ck-plan %d')",
                        desc.version));
  if (tok.size() < 2)
    return error(format("missing schedule name (%s)", usage));
  const std::string &name = tok[1];
  if (!isValidSymbol(name))
    return error(format("'%s' is not a valid schedule name (letters, digits, "
                        "'_', '.', '$', not starting with a digit)",
                        name.c_str()));
  if (auto it = scheduleIndex.find(name); it != scheduleIndex.end())
    return error(format("duplicate schedule '%s' (first on line %d)",
                        name.c_str(), desc.schedules[it->second].line));
  if (tok.size() < 3)
    return error(format("missing kind after schedule name '%s' (expected "
                        "stream_k or split_k)",
                        name.c_str()));
  ScheduleDecl s;
  s.name = name;
  s.line = line;
  if (tok[2] == "stream_k")
    s.kind = CKRT_SCHEDULE_STREAM_K;
  else if (tok[2] == "split_k")
    s.kind = CKRT_SCHEDULE_SPLIT_K;
  else
    return error(format("unknown kind '%s' of schedule '%s' (expected "
                        "stream_k or split_k)",
                        tok[2].c_str(), name.c_str()));
  const bool streamK = s.kind == CKRT_SCHEDULE_STREAM_K;
  const char *kind = scheduleKindName(s.kind);
  const char *const *keys = streamK ? streamKKeys : splitKKeys;
  const size_t numKeys =
      streamK ? std::size(streamKKeys) : std::size(splitKKeys);
  std::string keysText;
  for (size_t k = 0; k < numKeys; ++k)
    keysText += std::string(k == 0             ? ""
                            : k + 1 == numKeys ? " or "
                                               : ", ") +
                keys[k];

  std::vector<std::string> seen;
  auto wasSeen = [&](const char *key) {
    return std::find(seen.begin(), seen.end(), key) != seen.end();
  };
  for (size_t i = 3; i < tok.size(); i += 2) {
    const std::string &key = tok[i];
    if (std::find(keys, keys + numKeys, key) == keys + numKeys)
      return error(format("unknown key '%s' in %s schedule '%s' (expected %s)",
                          key.c_str(), kind, name.c_str(), keysText.c_str()));
    if (wasSeen(key.c_str()))
      return error(format("duplicate key '%s' in schedule '%s'", key.c_str(),
                          name.c_str()));
    seen.push_back(key);
    if (i + 1 >= tok.size())
      return error(format("missing value after '%s' in schedule '%s'",
                          key.c_str(), name.c_str()));
    if (ckrt_status st = parseScheduleValue(s, key, tok[i + 1]))
      return st;
  }

  const char *required[] = {"tiles", "iters", "partial_bytes"};
  for (size_t r = 0; r < (streamK ? 3u : 2u); ++r)
    if (!wasSeen(required[r]))
      return error(format("%s schedule '%s' has no '%s' (required: %s)", kind,
                          name.c_str(), required[r],
                          streamK ? "tiles, iters and partial_bytes"
                                  : "tiles and iters"));
  if (streamK) {
    uint64_t total = uint64_t(s.tiles) * uint64_t(s.iters);
    if (total > kMaxScheduleCount)
      return error(format("stream_k schedule '%s' has tiles * iters = %llu "
                          "K-iterations, above the limit %llu (the kernel's "
                          "iteration indices and arguments are i32)",
                          name.c_str(), ull(total), ull(kMaxScheduleCount)));
  } else if (s.splitK.kBatch != ckschedule::kKBatchAuto) {
    for (const char *autoOnly : {"min_iters", "max"})
      if (wasSeen(autoOnly))
        return error(format("'%s' in split_k schedule '%s' applies only to "
                            "'k_batch auto' (this one has k_batch %lld)",
                            autoOnly, name.c_str(),
                            static_cast<long long>(s.splitK.kBatch)));
  }
  s.streamK.partialBytes = s.partialBytes;
  s.splitK.partialBytes = s.partialBytes;
  scheduleIndex.emplace(name, desc.schedules.size());
  desc.schedules.push_back(std::move(s));
  return CKRT_SUCCESS;
}

ckrt_status Parser::parseTensorMap(const std::vector<std::string> &tok) {
  static const char *const usage =
      "expected: tensormap <index> tiled|im2col t<N> dims ... strides ... box "
      "... [lower ... upper ...] [elements ...] [swizzle 0|32|64|128]";
  if (desc.version < 3)
    return error(format("'tensormap' needs 'ck-plan 3' (this plan says "
                        "'ck-plan %d')",
                        desc.version));
  if (tok.size() < 4)
    return error(format("missing %s in 'tensormap' directive (%s)",
                        tok.size() < 2   ? "the index"
                        : tok.size() < 3 ? "the mode (tiled or im2col)"
                                         : "the tensor (tN)",
                        usage));
  ckrt_tensor_map_decl m = {};
  m.line = line;
  uint64_t index = 0;
  if (!parseUnsigned(tok[1], kMaxIndex, &index))
    return error(format("expected a tensor map index (0 to %u), found '%s'",
                        kMaxIndex, tok[1].c_str()));
  m.index = uint32_t(index);
  if (tok[2] == "tiled")
    m.mode = CKRT_TENSOR_MAP_TILED;
  else if (tok[2] == "im2col")
    m.mode = CKRT_TENSOR_MAP_IM2COL;
  else
    return error(format("expected 'tiled' or 'im2col' after 'tensormap %u', "
                        "found '%s'",
                        m.index, tok[2].c_str()));
  uint64_t tensor = 0;
  if (tok[3].size() < 2 || tok[3][0] != 't' ||
      !parseUnsigned(tok[3].substr(1), kMaxIndex, &tensor))
    return error(format("expected the tensor the map describes (tN), found "
                        "'%s'",
                        tok[3].c_str()));
  m.tensor = uint32_t(tensor);
  bool im2col = m.mode == CKRT_TENSOR_MAP_IM2COL;

  // `key v v ...` groups: the values run to the next key.
  static const char *const keys[] = {"dims",  "strides",  "box",    "lower",
                                     "upper", "elements", "swizzle"};
  std::map<std::string, std::vector<std::string>> groups;
  for (size_t i = 4; i < tok.size();) {
    const std::string &key = tok[i];
    if (std::find_if(std::begin(keys), std::end(keys),
                     [&](const char *k) { return key == k; }) == std::end(keys))
      return error(
          format("unknown tensormap key '%s' (%s)", key.c_str(), usage));
    if (groups.count(key))
      return error(format("duplicate tensormap key '%s'", key.c_str()));
    std::vector<std::string> &values = groups[key];
    for (++i; i < tok.size() && (isDigits(tok[i]) || isNegative(tok[i])); ++i)
      values.push_back(tok[i]);
    if (values.empty())
      return error(format("tensormap key '%s' has no values", key.c_str()));
  }
  auto group = [&](const char *key) -> const std::vector<std::string> * {
    auto it = groups.find(key);
    return it == groups.end() ? nullptr : &it->second;
  };
  auto count = [&](const char *key, size_t want) -> ckrt_status {
    const std::vector<std::string> *values = group(key);
    if (!values)
      return error(
          format("tensormap %u has no '%s' (%s)", m.index, key, usage));
    if (values->size() != want)
      return error(format("tensormap %u: '%s' takes %zu values, found %zu",
                          m.index, key, want, values->size()));
    return CKRT_SUCCESS;
  };
  auto unsignedIn = [&](const char *key, const std::string &text, uint64_t low,
                        uint64_t high, uint64_t *out) -> ckrt_status {
    if (!parseUnsigned(text, high, out) || *out < low)
      return error(format("tensormap %u: '%s' value '%s' is not in [%llu, "
                          "%llu]",
                          m.index, key, text.c_str(), ull(low), ull(high)));
    return CKRT_SUCCESS;
  };

  const std::vector<std::string> *dims = group("dims");
  if (!dims)
    return error(format("tensormap %u has no 'dims' (%s)", m.index, usage));
  uint32_t minRank = im2col ? 3 : 1;
  if (dims->size() < minRank || dims->size() > CKRT_MAX_TENSOR_MAP_RANK)
    return error(format("tensormap %u: %s maps have %u to %u dims, found %zu",
                        m.index, im2col ? "im2col" : "tiled", minRank,
                        CKRT_MAX_TENSOR_MAP_RANK, dims->size()));
  m.rank = uint32_t(dims->size());
  for (uint32_t d = 0; d < m.rank; ++d)
    if (ckrt_status st =
            unsignedIn("dims", (*dims)[d], 1, uint64_t(1) << 32, &m.dims[d]))
      return st;
  if (m.rank > 1) {
    if (ckrt_status st = count("strides", m.rank - 1))
      return st;
    for (uint32_t d = 1; d < m.rank; ++d) {
      if (ckrt_status st = unsignedIn("strides", (*group("strides"))[d - 1], 16,
                                      (uint64_t(1) << 40) - 1, &m.strides[d]))
        return st;
      if (m.strides[d] % 16)
        return error(format("tensormap %u: stride %llu is not a multiple of "
                            "16 bytes",
                            m.index, ull(m.strides[d])));
    }
  } else if (group("strides")) {
    return error(format("tensormap %u: a map of one dimension has no "
                        "'strides'",
                        m.index));
  }
  size_t boxes = im2col ? 2 : m.rank;
  if (ckrt_status st = count("box", boxes))
    return st;
  for (size_t d = 0; d < boxes; ++d) {
    uint64_t v = 0;
    if (ckrt_status st = unsignedIn("box", (*group("box"))[d], 1,
                                    im2col && d == 1 ? 1024 : 256, &v))
      return st;
    m.box[d] = uint32_t(v);
  }
  if (im2col) {
    // The corners' range shrinks with the rank (the descriptor packs them
    // into 16 bits in all).
    static const int64_t bounds[] = {32768, 128, 16};
    int64_t bound = bounds[m.rank - 3];
    for (const char *key : {"lower", "upper"}) {
      if (ckrt_status st = count(key, m.rank - 2))
        return st;
      for (uint32_t d = 0; d < m.rank - 2; ++d) {
        int64_t v = 0;
        const std::string &text = (*group(key))[d];
        if (parseScalarInt(text, 32, &v) != IntParse::Ok || v < -bound ||
            v >= bound)
          return error(format("tensormap %u: '%s' value '%s' is not in "
                              "[%lld, %lld] (rank %u)",
                              m.index, key, text.c_str(),
                              static_cast<long long>(-bound),
                              static_cast<long long>(bound - 1), m.rank));
        (key[0] == 'l' ? m.lower : m.upper)[d] = int32_t(v);
      }
    }
  } else if (group("lower") || group("upper")) {
    return error(format("tensormap %u: 'lower' and 'upper' belong to im2col "
                        "maps",
                        m.index));
  }
  for (uint32_t d = 0; d < m.rank; ++d)
    m.element_strides[d] = 1;
  if (group("elements")) {
    if (ckrt_status st = count("elements", m.rank))
      return st;
    for (uint32_t d = 0; d < m.rank; ++d) {
      uint64_t v = 0;
      if (ckrt_status st =
              unsignedIn("elements", (*group("elements"))[d], 1, 8, &v))
        return st;
      m.element_strides[d] = uint32_t(v);
    }
  }
  if (group("swizzle")) {
    if (ckrt_status st = count("swizzle", 1))
      return st;
    uint64_t v = 0;
    if (!parseUnsigned((*group("swizzle"))[0], 128, &v) ||
        (v != 0 && v != 32 && v != 64 && v != 128))
      return error(format("tensormap %u: swizzle is 0, 32, 64 or 128 bytes, "
                          "found '%s'",
                          m.index, (*group("swizzle"))[0].c_str()));
    m.swizzle = uint32_t(v);
  }
  auto [first, inserted] = mapLines.emplace(m.index, line);
  if (!inserted)
    return error(format("duplicate tensor map index %u (first declared on "
                        "line %d)",
                        m.index, first->second));
  desc.tensorMaps.push_back(m);
  return CKRT_SUCCESS;
}

ckrt_status Parser::parseKernel(const std::vector<std::string> &tok) {
  static const char *const usage =
      "expected: kernel <name> grid <x> <y> <z> block <x> <y> <z> "
      "[lds <bytes>] [cluster <x> <y> <z>] [coop] [after -|<kernel>,...] "
      "[args ...]";
  static const char *const dims[3] = {"x", "y", "z"};
  KernelDecl k;
  k.line = line;
  if (tok.size() < 2)
    return error(format("missing kernel name (%s)", usage));
  if (!isValidSymbol(tok[1]))
    return error(format("'%s' is not a valid kernel name (letters, digits, "
                        "'_', '.', '$')",
                        tok[1].c_str()));
  k.name = tok[1];
  size_t i = 2;

  // grid x y z
  if (i >= tok.size())
    return error(format("missing 'grid' after kernel name '%s' (%s)",
                        k.name.c_str(), usage));
  if (tok[i] != "grid")
    return error(format("expected 'grid' after kernel name '%s', found '%s' "
                        "(%s)",
                        k.name.c_str(), tok[i].c_str(), usage));
  ++i;
  for (int d = 0; d < 3; ++d, ++i) {
    if (i >= tok.size())
      return error(format("missing grid %s in kernel '%s' (expected grid "
                          "<x> <y> <z>, each a positive integer, 'cus', "
                          "'cus*K' or 'schedule:<name>')",
                          dims[d], k.name.c_str()));
    const std::string &g = tok[i];
    uint64_t value = 0;
    if (hasSchedulePrefix(g)) {
      if (ckrt_status st = addScheduleRef(
              ScheduleRef::Grid, g,
              format("grid %s of kernel '%s'", dims[d], k.name.c_str()),
              desc.kernels.size(), size_t(d)))
        return st;
      k.grid[d] = 0;
    } else if (g == "cus") {
      k.gridCusFactor[d] = 1;
      k.grid[d] = 0;
    } else if (g.compare(0, 4, "cus*") == 0) {
      std::string factor = g.substr(4);
      if (!isDigits(factor) ||
          factor.find_first_not_of('0') == std::string::npos)
        return error(format("bad grid %s '%s' in kernel '%s' (expected "
                            "'cus*K' with K a positive integer)",
                            dims[d], g.c_str(), k.name.c_str()));
      // With at least one SM/CU, K above the limit can never launch.
      if (!parseUnsigned(factor, kMaxGrid[d], &value))
        return error(format("grid %s '%s' of kernel '%s' is above the limit "
                            "%llu on any device (K must be at most %llu)",
                            dims[d], g.c_str(), k.name.c_str(),
                            ull(kMaxGrid[d]), ull(kMaxGrid[d])));
      k.gridCusFactor[d] = uint32_t(value);
      k.grid[d] = 0;
    } else if (isDigits(g) && g.find_first_not_of('0') != std::string::npos) {
      if (!parseUnsigned(g, kMaxGrid[d], &value))
        return error(format("grid %s %s of kernel '%s' is above the limit "
                            "%llu",
                            dims[d], g.c_str(), k.name.c_str(),
                            ull(kMaxGrid[d])));
      k.grid[d] = uint32_t(value);
    } else {
      return error(format("bad grid %s '%s' in kernel '%s' (expected a "
                          "positive integer, 'cus', 'cus*K' or "
                          "'schedule:<name>')",
                          dims[d], g.c_str(), k.name.c_str()));
    }
  }

  // block x y z
  if (i >= tok.size())
    return error(format("missing 'block' after the grid of kernel '%s' (%s)",
                        k.name.c_str(), usage));
  if (tok[i] != "block")
    return error(format("expected 'block' after the grid of kernel '%s', "
                        "found '%s' (%s)",
                        k.name.c_str(), tok[i].c_str(), usage));
  ++i;
  uint64_t threads = 1;
  for (int d = 0; d < 3; ++d, ++i) {
    if (i >= tok.size())
      return error(format("missing block %s in kernel '%s' (expected block "
                          "<x> <y> <z>, each a positive integer)",
                          dims[d], k.name.c_str()));
    uint64_t value = 0;
    if (!isDigits(tok[i]) || tok[i].find_first_not_of('0') == std::string::npos)
      return error(format("bad block %s '%s' in kernel '%s' (expected a "
                          "positive integer)",
                          dims[d], tok[i].c_str(), k.name.c_str()));
    if (!parseUnsigned(tok[i], kMaxThreadsPerBlock, &value))
      return error(format("block %s %s of kernel '%s' is above the limit "
                          "%llu",
                          dims[d], tok[i].c_str(), k.name.c_str(),
                          ull(kMaxThreadsPerBlock)));
    k.block[d] = uint32_t(value);
    threads *= value;
  }
  if (threads > kMaxThreadsPerBlock)
    return error(format("block %u x %u x %u of kernel '%s' has %llu threads, "
                        "above the limit %llu",
                        k.block[0], k.block[1], k.block[2], k.name.c_str(),
                        static_cast<unsigned long long>(threads),
                        static_cast<unsigned long long>(kMaxThreadsPerBlock)));

  // [lds N]
  if (i < tok.size() && tok[i] == "lds") {
    ++i;
    uint64_t value = 0;
    if (i >= tok.size())
      return error(format("missing byte count after 'lds' in kernel '%s'",
                          k.name.c_str()));
    if (!isDigits(tok[i]))
      return error(format("bad lds size '%s' in kernel '%s' (expected a "
                          "non-negative number of bytes)",
                          tok[i].c_str(), k.name.c_str()));
    if (!parseUnsigned(tok[i], CKRT_MAX_LDS_BYTES, &value))
      return error(format("lds %s of kernel '%s' is above the limit of %llu "
                          "bytes (%s; no GPU has more shared memory per "
                          "block)",
                          tok[i].c_str(), k.name.c_str(),
                          ull(CKRT_MAX_LDS_BYTES),
                          limitText(CKRT_MAX_LDS_BYTES).c_str()));
    k.ldsBytes = uint32_t(value);
    ++i;
  }

  // [cluster x y z]
  if (i < tok.size() && tok[i] == "cluster") {
    if (ckrt_status st = parseCluster(k, tok, ++i))
      return st;
    i += 3;
  }

  // [coop]
  if (i < tok.size() && tok[i] == "coop") {
    if (desc.version < 2)
      return error(format("'coop' in kernel '%s' needs 'ck-plan 2' (this "
                          "plan says 'ck-plan %d')",
                          k.name.c_str(), desc.version));
    k.cooperative = true;
    ++i;
    if (i < tok.size() && tok[i] == "coop")
      return error(format("duplicate 'coop' in kernel '%s'", k.name.c_str()));
  }

  // [after -|NAME,NAME...]
  if (i < tok.size() && tok[i] == "after") {
    if (ckrt_status st = parseAfter(k, tok, ++i))
      return st;
    ++i;
  }

  // [args ...]
  if (i < tok.size() && tok[i] == "args") {
    for (++i; i < tok.size(); ++i) {
      ckrt_kernel_arg arg;
      ckrt_status st = parseArg(k, tok[i], k.args.size(), &arg);
      if (st != CKRT_SUCCESS)
        return st;
      k.args.push_back(arg);
    }
  }
  if (i < tok.size())
    return error(format("unexpected '%s' in kernel '%s' (expected %s; %s)",
                        tok[i].c_str(), k.name.c_str(),
                        k.after         ? "'args' after 'after'"
                        : k.cooperative ? "'after' or 'args' after 'coop'"
                                        : "'lds', 'cluster', 'coop', 'after' "
                                          "or 'args' after the block",
                        usage));
  desc.kernels.push_back(std::move(k));
  return CKRT_SUCCESS;
}

ckrt_status Parser::parseCluster(KernelDecl &k,
                                 const std::vector<std::string> &tok,
                                 size_t i) {
  static const char *const dims[3] = {"x", "y", "z"};
  if (desc.version < 5)
    return error(format("'cluster' in kernel '%s' needs 'ck-plan 5' (this "
                        "plan says 'ck-plan %d')",
                        k.name.c_str(), desc.version));
  uint64_t size = 1;
  for (int d = 0; d < 3; ++d, ++i) {
    uint64_t value = 0;
    if (i >= tok.size())
      return error(format("missing cluster %s in kernel '%s' (expected "
                          "cluster <x> <y> <z>, each a positive integer)",
                          dims[d], k.name.c_str()));
    if (!isDigits(tok[i]) || !parseUnsigned(tok[i], kMaxClusterSize, &value) ||
        value == 0)
      return error(format("bad cluster %s '%s' in kernel '%s' (expected a "
                          "positive integer, at most %llu)",
                          dims[d], tok[i].c_str(), k.name.c_str(),
                          ull(kMaxClusterSize)));
    k.cluster[d] = uint32_t(value);
    size *= value;
  }
  if (size > kMaxClusterSize)
    return error(format("cluster %u x %u x %u of kernel '%s' has %llu "
                        "workgroups, above the portable limit %llu",
                        k.cluster[0], k.cluster[1], k.cluster[2],
                        k.name.c_str(), ull(size), ull(kMaxClusterSize)));
  // A fixed grid entry must be whole clusters; `cus*K` is rounded down to
  // them when the plan is loaded, and a schedule's grid cannot be (its
  // entries are tokens 3 to 5: kernel <name> grid <x> <y> <z>).
  for (int d = 0; d < 3; ++d) {
    if (k.cluster[d] == 1)
      continue;
    if (hasSchedulePrefix(tok[3 + size_t(d)]))
      return error(format("grid %s of kernel '%s' is a schedule's, which "
                          "cannot be clustered (cluster %s is %u)",
                          dims[d], k.name.c_str(), dims[d], k.cluster[d]));
    if (!k.gridCusFactor[d] && k.grid[d] % k.cluster[d])
      return error(format("grid %s %u of kernel '%s' is not a whole number "
                          "of its clusters of %u",
                          dims[d], k.grid[d], k.name.c_str(), k.cluster[d]));
  }
  return CKRT_SUCCESS;
}

ckrt_status Parser::parseAfter(KernelDecl &k,
                               const std::vector<std::string> &tok,
                               size_t i) {
  if (desc.version < 4)
    return error(format("'after' in kernel '%s' needs 'ck-plan 4' (this "
                        "plan says 'ck-plan %d')",
                        k.name.c_str(), desc.version));
  if (i >= tok.size())
    return error(format("missing kernels after 'after' in kernel '%s' "
                        "(expected '-' for none or names of earlier kernels "
                        "separated by ',')",
                        k.name.c_str()));
  k.after.emplace();
  if (tok[i] == "-")
    return CKRT_SUCCESS;
  size_t start = 0;
  while (start <= tok[i].size()) {
    size_t comma = tok[i].find(',', start);
    std::string name = tok[i].substr(
        start, comma == std::string::npos ? std::string::npos : comma - start);
    start = comma == std::string::npos ? tok[i].size() + 1 : comma + 1;
    // The latest launch of that name before this line.
    auto earlier = std::find_if(
        desc.kernels.rbegin(), desc.kernels.rend(),
        [&](const KernelDecl &other) { return other.name == name; });
    if (earlier == desc.kernels.rend())
      return error(format("'after %s' in kernel '%s': %s names no kernel "
                          "before it",
                          tok[i].c_str(), k.name.c_str(),
                          name.empty() ? "an empty name"
                                       : ("'" + name + "'").c_str()));
    uint32_t index = uint32_t(desc.kernels.rend() - earlier - 1);
    if (std::find(k.after->begin(), k.after->end(), index) != k.after->end())
      return error(format("'after %s' in kernel '%s' names '%s' twice",
                          tok[i].c_str(), k.name.c_str(), name.c_str()));
    k.after->push_back(index);
  }
  return CKRT_SUCCESS;
}

ckrt_status Parser::parseArg(const KernelDecl &kernel, const std::string &tok,
                             size_t position, ckrt_kernel_arg *out) {
  *out = ckrt_kernel_arg();
  if ((tok[0] == 't' || tok[0] == 'w' || tok[0] == 'm') && isDigits(tok, 1)) {
    uint64_t index = 0;
    const char *what = tok[0] == 't'   ? "tensor"
                       : tok[0] == 'w' ? "workspace"
                                       : "tensor map";
    if (!parseUnsigned(tok.substr(1), kMaxIndex, &index))
      return error(format("argument %zu '%s' of kernel '%s': %s index is too "
                          "large (at most %u)",
                          position, tok.c_str(), kernel.name.c_str(), what,
                          kMaxIndex));
    if (tok[0] == 'm' && desc.version < 3)
      return error(format("argument %zu '%s' of kernel '%s' is a tensor map, "
                          "which needs 'ck-plan 3' (this plan says 'ck-plan "
                          "%d')",
                          position, tok.c_str(), kernel.name.c_str(),
                          desc.version));
    out->kind = tok[0] == 't'   ? CKRT_ARG_TENSOR
                : tok[0] == 'w' ? CKRT_ARG_WORKSPACE
                                : CKRT_ARG_TENSOR_MAP;
    out->index = uint32_t(index);
    return CKRT_SUCCESS;
  }
  if (hasSchedulePrefix(tok)) {
    out->kind = CKRT_ARG_SCHEDULE;
    return addScheduleRef(
        ScheduleRef::Argument, tok,
        format("argument %zu of kernel '%s'", position, kernel.name.c_str()),
        desc.kernels.size(), position);
  }
  if (tok == "coop")
    return error(format("argument %zu of kernel '%s' is 'coop', which must "
                        "come before 'args'",
                        position, kernel.name.c_str()));
  size_t colon = tok.find(':');
  std::string type = colon == std::string::npos ? "" : tok.substr(0, colon);
  std::string value = colon == std::string::npos ? "" : tok.substr(colon + 1);
  if (type == "i32" || type == "i64") {
    int64_t v = 0;
    IntParse r = parseScalarInt(value, type == "i32" ? 32 : 64, &v);
    if (r == IntParse::Malformed)
      return error(format("argument %zu '%s' of kernel '%s': expected an "
                          "integer after '%s:', found '%s'",
                          position, tok.c_str(), kernel.name.c_str(),
                          type.c_str(), value.c_str()));
    if (r == IntParse::OutOfRange)
      return error(format("argument %zu '%s' of kernel '%s': %s is out of "
                          "range for %s",
                          position, tok.c_str(), kernel.name.c_str(),
                          value.c_str(), type.c_str()));
    if (type == "i32") {
      out->kind = CKRT_ARG_I32;
      out->i32 = int32_t(v);
    } else {
      out->kind = CKRT_ARG_I64;
      out->i64 = v;
    }
    return CKRT_SUCCESS;
  }
  if (type == "f32") {
    if (!parseFloat(value, &out->f32))
      return error(format("argument %zu '%s' of kernel '%s': expected a "
                          "floating-point number after 'f32:', found '%s'",
                          position, tok.c_str(), kernel.name.c_str(),
                          value.c_str()));
    out->kind = CKRT_ARG_F32;
    return CKRT_SUCCESS;
  }
  return error(format("bad argument %zu '%s' of kernel '%s' (expected tN, "
                      "wN, i32:V, i64:V, f32:V or schedule:<name>)",
                      position, tok.c_str(), kernel.name.c_str()));
}

ckrt_status Parser::resolveSchedules() {
  static const char *const dims[3] = {"x", "y", "z"};
  std::vector<bool> inGrid(desc.schedules.size(), false);
  for (const ScheduleRef &ref : scheduleRefs) {
    auto it = scheduleIndex.find(ref.name);
    if (it == scheduleIndex.end())
      return error(ref.line,
                   format("%s refers to schedule '%s', which is not defined "
                          "(no 'schedule %s ...' line)",
                          ref.what.c_str(), ref.name.c_str(),
                          ref.name.c_str()));
    const ScheduleDecl &s = desc.schedules[it->second];
    int32_t index = int32_t(it->second);
    switch (ref.use) {
    case ScheduleRef::Grid: {
      // StreamK launches its workgroups along x; split-K its splits along
      // z.
      size_t want = s.kind == CKRT_SCHEDULE_STREAM_K ? 0 : 2;
      if (ref.slot != want)
        return error(ref.line,
                     format("%s is 'schedule:%s', but %s schedule '%s' gives "
                            "grid %s only (%s)",
                            ref.what.c_str(), ref.name.c_str(),
                            scheduleKindName(s.kind), s.name.c_str(),
                            dims[want],
                            want == 0 ? "its workgroups" : "its k_batch"));
      desc.kernels[ref.owner].gridSchedule[ref.slot] = index;
      inGrid[size_t(index)] = true;
      break;
    }
    case ScheduleRef::Workspace:
      if (s.partialBytes == 0)
        return error(ref.line,
                     format("%s is 'schedule:%s', but split_k schedule '%s' "
                            "has no partial_bytes to size it",
                            ref.what.c_str(), ref.name.c_str(),
                            s.name.c_str()));
      desc.workspaces[ref.owner].schedule = index;
      break;
    case ScheduleRef::Argument:
      desc.kernels[ref.owner].args[ref.slot].index = uint32_t(index);
      break;
    }
  }
  // `occupancy auto` asks the driver about the kernels whose grid the
  // schedule gives; without one there is nothing to ask about.
  for (size_t i = 0; i < desc.schedules.size(); ++i) {
    const ScheduleDecl &s = desc.schedules[i];
    if (s.occupancy == 0 && !inGrid[i])
      return error(s.line,
                   format("schedule '%s' has 'occupancy auto', but no "
                          "kernel's grid is 'schedule:%s', so there is no "
                          "kernel to ask the driver about (pin it with "
                          "'occupancy N')",
                          s.name.c_str(), s.name.c_str()));
  }
  return CKRT_SUCCESS;
}

ckrt_status Parser::checkTensorMap(ckrt_tensor_map_decl &m,
                                   const TensorDecl &t) {
  uint64_t elementBytes = ckrt_dtype_size(t.dtype);
  m.strides[0] = elementBytes;
  uint64_t innerBytes = uint64_t(m.box[0]) * elementBytes;
  if (innerBytes % 16)
    return error(m.line, format("tensor map %u: the innermost box, %u x %llu "
                                "bytes, is not a multiple of 16 bytes",
                                m.index, m.box[0], ull(elementBytes)));
  if (m.swizzle && innerBytes > m.swizzle)
    return error(m.line, format("tensor map %u: the innermost box, %llu "
                                "bytes, is wider than its %u-byte swizzle",
                                m.index, ull(innerBytes), m.swizzle));
  // The last byte the map can address, from the dims and strides.
  uint64_t last = elementBytes - 1;
  for (uint32_t d = 0; d < m.rank; ++d) {
    uint64_t span = 0;
    if (__builtin_mul_overflow(m.dims[d] - 1, m.strides[d], &span) ||
        __builtin_add_overflow(last, span, &last))
      return error(m.line, format("tensor map %u spans more bytes than a "
                                  "tensor may hold",
                                  m.index));
  }
  if (last >= t.bytes)
    return error(m.line, format("tensor map %u reaches byte %llu of tensor "
                                "%u, which holds %llu bytes",
                                m.index, ull(last), m.tensor, ull(t.bytes)));
  return CKRT_SUCCESS;
}

ckrt_status Parser::finish() {
  if (!headerLine)
    return error(format("expected the header %s, found the end of the plan",
                        headersText().c_str()));
  if (!desc.targetLine)
    return error("missing 'target' directive (expected e.g. 'target "
                 "sm_90a')");
  if (!desc.binaryLine)
    return error("missing 'binary' directive (expected e.g. 'binary "
                 "kernels.cubin')");
  if (desc.kernels.empty())
    return error("the plan has no 'kernel' directive (expected at least "
                 "one)");
  // Before the workspaces are sorted: references name them by position.
  if (ckrt_status st = resolveSchedules())
    return st;

  // Dense indices, stored by index.
  auto byIndex = [](const auto &a, const auto &b) { return a.index < b.index; };
  std::sort(desc.tensors.begin(), desc.tensors.end(), byIndex);
  for (size_t i = 0; i < desc.tensors.size(); ++i)
    if (desc.tensors[i].index != i)
      return error(desc.tensors[i].line,
                   format("tensor %u is declared but tensor %zu is not "
                          "(tensor indices must be 0, 1, 2, ... without "
                          "gaps)",
                          desc.tensors[i].index, i));
  std::sort(desc.workspaces.begin(), desc.workspaces.end(), byIndex);
  for (size_t i = 0; i < desc.workspaces.size(); ++i)
    if (desc.workspaces[i].index != i)
      return error(desc.workspaces[i].line,
                   format("workspace %u is declared but workspace %zu is not "
                          "(workspace indices must be 0, 1, 2, ... without "
                          "gaps)",
                          desc.workspaces[i].index, i));

  std::sort(desc.tensorMaps.begin(), desc.tensorMaps.end(), byIndex);
  for (size_t i = 0; i < desc.tensorMaps.size(); ++i) {
    ckrt_tensor_map_decl &m = desc.tensorMaps[i];
    if (m.index != i)
      return error(m.line, format("tensor map %u is declared but tensor map "
                                  "%zu is not (indices must be 0, 1, 2, ... "
                                  "without gaps)",
                                  m.index, i));
    if (m.tensor >= desc.tensors.size())
      return error(m.line, format("tensor map %u describes tensor %u, which "
                                  "is not declared (the plan has %zu "
                                  "tensors)",
                                  m.index, m.tensor, desc.tensors.size()));
    const TensorDecl &t = desc.tensors[m.tensor];
    if (ckrt_status st = checkTensorMap(m, t))
      return st;
  }

  for (const KernelDecl &k : desc.kernels) {
    for (size_t a = 0; a < k.args.size(); ++a) {
      const ckrt_kernel_arg &arg = k.args[a];
      if (arg.kind == CKRT_ARG_TENSOR_MAP &&
          arg.index >= desc.tensorMaps.size())
        return error(k.line,
                     format("argument %zu 'm%u' of kernel '%s' refers to "
                            "tensor map %u, which is not declared (the plan "
                            "has %zu tensor maps)",
                            a, arg.index, k.name.c_str(), arg.index,
                            desc.tensorMaps.size()));
      if (arg.kind == CKRT_ARG_TENSOR && arg.index >= desc.tensors.size())
        return error(k.line,
                     format("argument %zu 't%u' of kernel '%s' refers to "
                            "tensor %u, which is not declared (the plan has "
                            "%zu tensors)",
                            a, arg.index, k.name.c_str(), arg.index,
                            desc.tensors.size()));
      if (arg.kind == CKRT_ARG_WORKSPACE &&
          arg.index >= desc.workspaces.size())
        return error(k.line,
                     format("argument %zu 'w%u' of kernel '%s' refers to "
                            "workspace %u, which is not declared (the plan "
                            "has %zu workspaces)",
                            a, arg.index, k.name.c_str(), arg.index,
                            desc.workspaces.size()));
    }
  }
  return CKRT_SUCCESS;
}

} // namespace

namespace ckrt::detail {

ckrt_status parsePlan(const std::string &text, const std::string &source,
                      const std::string &baseDir, ckrt_plan_desc &out) {
  if (text.size() > CKRT_MAX_PLAN_BYTES)
    return fail(CKRT_ERROR_PARSE,
                "%s: the plan is %zu bytes, above the limit of %llu bytes (%s)",
                source.c_str(), text.size(), ull(CKRT_MAX_PLAN_BYTES),
                limitText(CKRT_MAX_PLAN_BYTES).c_str());
  Parser parser(source, baseDir, out);
  return parser.run(text);
}

} // namespace ckrt::detail

//===----------------------------------------------------------------------===//
// C API
//===----------------------------------------------------------------------===//

namespace {

ckrt_status parseInto(const std::string &text, const std::string &source,
                      const std::string &baseDir, ckrt_plan_desc **out) {
  ckrt_plan_desc *desc = new (std::nothrow) ckrt_plan_desc();
  if (!desc)
    return fail(CKRT_ERROR_OUT_OF_MEMORY, "out of host memory");
  desc->source = source;
  ckrt_status st = parsePlan(text, source, baseDir, *desc);
  if (st != CKRT_SUCCESS) {
    delete desc;
    return st;
  }
  *out = desc;
  return CKRT_SUCCESS;
}

ckrt_status nullDesc(const char *fn) {
  return fail(CKRT_ERROR_INVALID_ARGUMENT, "%s: the plan description is NULL",
              fn);
}

/// What the kernel accessors (`fn`) check first: `desc` and the output
/// pointer `out` not NULL, `kernel` in range. Sets `*k` to the kernel.
ckrt_status lookupKernel(const ckrt_plan_desc *desc, size_t kernel,
                         const void *out, const char *fn,
                         const KernelDecl **k) {
  if (!desc)
    return nullDesc(fn);
  if (!out)
    return fail(CKRT_ERROR_INVALID_ARGUMENT, "%s: the output pointer is NULL",
                fn);
  if (kernel >= desc->kernels.size())
    return fail(CKRT_ERROR_INVALID_ARGUMENT,
                "%s: kernel %zu out of range (the plan has %zu)", fn, kernel,
                desc->kernels.size());
  *k = &desc->kernels[kernel];
  return CKRT_SUCCESS;
}

} // namespace

extern "C" {

const char *ckrt_dtype_name(ckrt_dtype dtype) {
  switch (enumValue(dtype)) {
  case CKRT_DTYPE_F16:
    return "f16";
  case CKRT_DTYPE_BF16:
    return "bf16";
  case CKRT_DTYPE_F32:
    return "f32";
  }
  return nullptr;
}

size_t ckrt_dtype_size(ckrt_dtype dtype) {
  switch (enumValue(dtype)) {
  case CKRT_DTYPE_F16:
  case CKRT_DTYPE_BF16:
    return 2;
  case CKRT_DTYPE_F32:
    return 4;
  }
  return 0;
}

ckrt_status ckrt_plan_parse(const char *text, const char *base_dir,
                            ckrt_plan_desc **desc) {
  if (!desc)
    return fail(CKRT_ERROR_INVALID_ARGUMENT,
                "ckrt_plan_parse: the output pointer is NULL");
  *desc = nullptr;
  if (!text)
    return fail(CKRT_ERROR_INVALID_ARGUMENT,
                "ckrt_plan_parse: the plan text is NULL");
  // Measure before copying: the text may be anything.
  size_t length = strnlen(text, size_t(CKRT_MAX_PLAN_BYTES) + 1);
  if (length > CKRT_MAX_PLAN_BYTES)
    return fail(CKRT_ERROR_PARSE,
                "plan: the plan is more than %llu bytes, the limit (%s)",
                ull(CKRT_MAX_PLAN_BYTES),
                limitText(CKRT_MAX_PLAN_BYTES).c_str());
  return parseInto(std::string(text, length), "plan", base_dir ? base_dir : "",
                   desc);
}

ckrt_status ckrt_plan_parse_file(const char *path, ckrt_plan_desc **desc) {
  if (!desc)
    return fail(CKRT_ERROR_INVALID_ARGUMENT,
                "ckrt_plan_parse_file: the output pointer is NULL");
  *desc = nullptr;
  if (!path || !*path)
    return fail(CKRT_ERROR_INVALID_ARGUMENT,
                "ckrt_plan_parse_file: the path is NULL or empty");
  std::string text;
  if (ckrt_status st =
          readRegularFile(path, CKRT_MAX_PLAN_BYTES, "plan file", "", text))
    return st;
  std::string p(path);
  size_t slash = p.rfind('/');
  std::string baseDir = slash == std::string::npos ? std::string()
                        : slash == 0               ? std::string("/")
                                                   : p.substr(0, slash);
  return parseInto(text, p, baseDir, desc);
}

void ckrt_plan_desc_destroy(ckrt_plan_desc *desc) { delete desc; }

int ckrt_plan_desc_version(const ckrt_plan_desc *desc) {
  return desc ? desc->version : 0;
}

const char *ckrt_plan_desc_target(const ckrt_plan_desc *desc) {
  return desc ? desc->target.c_str() : nullptr;
}

ckrt_backend ckrt_plan_desc_backend(const ckrt_plan_desc *desc) {
  return desc ? targetBackend(desc->target) : CKRT_BACKEND_AUTO;
}

const char *ckrt_plan_desc_binary(const ckrt_plan_desc *desc) {
  return desc ? desc->binary.c_str() : nullptr;
}

const char *ckrt_plan_desc_binary_path(const ckrt_plan_desc *desc) {
  return desc ? desc->binaryPath.c_str() : nullptr;
}

size_t ckrt_plan_desc_num_meta(const ckrt_plan_desc *desc) {
  return desc ? desc->meta.size() : 0;
}

ckrt_status ckrt_plan_desc_meta(const ckrt_plan_desc *desc, size_t index,
                                const char **key, const char **value) {
  if (!desc)
    return nullDesc("ckrt_plan_desc_meta");
  if (index >= desc->meta.size())
    return fail(CKRT_ERROR_INVALID_ARGUMENT,
                "ckrt_plan_desc_meta: entry %zu out of range (the plan has "
                "%zu)",
                index, desc->meta.size());
  if (key)
    *key = desc->meta[index].key.c_str();
  if (value)
    *value = desc->meta[index].value.c_str();
  return CKRT_SUCCESS;
}

const char *ckrt_plan_desc_meta_value(const ckrt_plan_desc *desc,
                                      const char *key) {
  if (!desc || !key)
    return nullptr;
  for (const MetaDecl &m : desc->meta)
    if (m.key == key)
      return m.value.c_str();
  return nullptr;
}

size_t ckrt_plan_desc_num_tensors(const ckrt_plan_desc *desc) {
  return desc ? desc->tensors.size() : 0;
}

size_t ckrt_plan_desc_num_workspaces(const ckrt_plan_desc *desc) {
  return desc ? desc->workspaces.size() : 0;
}

size_t ckrt_plan_desc_num_kernels(const ckrt_plan_desc *desc) {
  return desc ? desc->kernels.size() : 0;
}

ckrt_status ckrt_plan_desc_tensor(const ckrt_plan_desc *desc, size_t index,
                                  ckrt_tensor_info *info) {
  if (!desc)
    return nullDesc("ckrt_plan_desc_tensor");
  if (!info)
    return fail(CKRT_ERROR_INVALID_ARGUMENT,
                "ckrt_plan_desc_tensor: the output pointer is NULL");
  if (index >= desc->tensors.size())
    return fail(CKRT_ERROR_INVALID_ARGUMENT,
                "ckrt_plan_desc_tensor: tensor %zu out of range (the plan "
                "has %zu)",
                index, desc->tensors.size());
  const TensorDecl &t = desc->tensors[index];
  info->index = t.index;
  info->role = t.role.c_str();
  info->dtype = t.dtype;
  info->count = t.count;
  info->bytes = t.bytes;
  info->line = t.line;
  return CKRT_SUCCESS;
}

ckrt_status ckrt_plan_desc_workspace(const ckrt_plan_desc *desc, size_t index,
                                     ckrt_workspace_info *info) {
  if (!desc)
    return nullDesc("ckrt_plan_desc_workspace");
  if (!info)
    return fail(CKRT_ERROR_INVALID_ARGUMENT,
                "ckrt_plan_desc_workspace: the output pointer is NULL");
  if (index >= desc->workspaces.size())
    return fail(CKRT_ERROR_INVALID_ARGUMENT,
                "ckrt_plan_desc_workspace: workspace %zu out of range (the "
                "plan has %zu)",
                index, desc->workspaces.size());
  const WorkspaceDecl &w = desc->workspaces[index];
  info->index = w.index;
  info->bytes = w.bytes;
  info->zero_each_launch = w.zeroEachLaunch ? 1 : 0;
  info->schedule = w.schedule;
  info->line = w.line;
  return CKRT_SUCCESS;
}

ckrt_status ckrt_plan_desc_kernel(const ckrt_plan_desc *desc, size_t kernel,
                                  ckrt_kernel_info *info) {
  const KernelDecl *found = nullptr;
  if (ckrt_status st =
          lookupKernel(desc, kernel, info, "ckrt_plan_desc_kernel", &found))
    return st;
  const KernelDecl &k = *found;
  info->name = k.name.c_str();
  for (int d = 0; d < 3; ++d) {
    info->grid[d] = k.grid[d];
    info->grid_cus_factor[d] = k.gridCusFactor[d];
    info->grid_schedule[d] = k.gridSchedule[d];
    info->block[d] = k.block[d];
  }
  info->lds_bytes = k.ldsBytes;
  info->cooperative = k.cooperative ? 1 : 0;
  info->num_after = k.after ? int32_t(k.after->size()) : -1;
  info->num_args = k.args.size();
  info->line = k.line;
  return CKRT_SUCCESS;
}

ckrt_status ckrt_plan_desc_kernel_arg(const ckrt_plan_desc *desc,
                                      size_t kernel, size_t arg,
                                      ckrt_kernel_arg *out) {
  const KernelDecl *found = nullptr;
  if (ckrt_status st = lookupKernel(desc, kernel, out,
                                    "ckrt_plan_desc_kernel_arg", &found))
    return st;
  const KernelDecl &k = *found;
  if (arg >= k.args.size())
    return fail(CKRT_ERROR_INVALID_ARGUMENT,
                "ckrt_plan_desc_kernel_arg: argument %zu out of range "
                "(kernel '%s' has %zu)",
                arg, k.name.c_str(), k.args.size());
  *out = k.args[arg];
  return CKRT_SUCCESS;
}

ckrt_status ckrt_plan_desc_kernel_cluster(const ckrt_plan_desc *desc,
                                          size_t kernel, uint32_t cluster[3]) {
  const KernelDecl *found = nullptr;
  if (ckrt_status st = lookupKernel(desc, kernel, cluster,
                                    "ckrt_plan_desc_kernel_cluster", &found))
    return st;
  for (int d = 0; d < 3; ++d)
    cluster[d] = found->cluster[d];
  return CKRT_SUCCESS;
}

ckrt_status ckrt_plan_desc_kernel_after(const ckrt_plan_desc *desc,
                                        size_t kernel, size_t i,
                                        size_t *after) {
  const KernelDecl *found = nullptr;
  if (ckrt_status st = lookupKernel(desc, kernel, after,
                                    "ckrt_plan_desc_kernel_after", &found))
    return st;
  const KernelDecl &k = *found;
  size_t count = k.after ? k.after->size() : 0;
  if (i >= count)
    return fail(CKRT_ERROR_INVALID_ARGUMENT,
                "ckrt_plan_desc_kernel_after: entry %zu out of range (kernel "
                "'%s' names %zu after 'after')",
                i, k.name.c_str(), count);
  *after = (*k.after)[i];
  return CKRT_SUCCESS;
}

size_t ckrt_plan_desc_num_tensor_maps(const ckrt_plan_desc *desc) {
  return desc ? desc->tensorMaps.size() : 0;
}

ckrt_status ckrt_plan_desc_tensor_map(const ckrt_plan_desc *desc, size_t index,
                                      ckrt_tensor_map_decl *decl) {
  if (!desc)
    return nullDesc("ckrt_plan_desc_tensor_map");
  if (!decl)
    return fail(CKRT_ERROR_INVALID_ARGUMENT,
                "ckrt_plan_desc_tensor_map: the output pointer is NULL");
  if (index >= desc->tensorMaps.size())
    return fail(CKRT_ERROR_INVALID_ARGUMENT,
                "ckrt_plan_desc_tensor_map: tensor map %zu out of range (the "
                "plan has %zu)",
                index, desc->tensorMaps.size());
  *decl = desc->tensorMaps[index];
  return CKRT_SUCCESS;
}

ckrt_status ckrt_plan_desc_kernel_grid_for(const ckrt_plan_desc *desc,
                                           size_t kernel, uint32_t cus,
                                           uint32_t occupancy,
                                           uint32_t grid[3]) {
  const KernelDecl *found = nullptr;
  if (ckrt_status st = lookupKernel(desc, kernel, grid,
                                    "ckrt_plan_desc_kernel_grid", &found))
    return st;
  const KernelDecl &k = *found;
  // The schedules its grid uses, evaluated for this device.
  std::vector<ckrt_schedule_info> schedules(desc->schedules.size());
  for (int d = 0; d < 3; ++d) {
    int32_t s = k.gridSchedule[d];
    if (s < 0)
      continue;
    if (ckrt_status st = evaluateDescSchedule(*desc, size_t(s), cus, occupancy,
                                              &schedules[size_t(s)]))
      return st;
  }
  std::string why;
  if (!evaluateGrid(k, cus, schedules.data(), grid, &why))
    return fail(CKRT_ERROR_UNSUPPORTED, "%s: %s",
                lineRef(desc->source, k.line).c_str(), why.c_str());
  return CKRT_SUCCESS;
}

ckrt_status ckrt_plan_desc_kernel_grid(const ckrt_plan_desc *desc,
                                       size_t kernel, uint32_t cus,
                                       uint32_t grid[3]) {
  return ckrt_plan_desc_kernel_grid_for(desc, kernel, cus, 0, grid);
}

ckrt_status ckrt_plan_desc_check_binary(const ckrt_plan_desc *desc,
                                        uint64_t *bytes) {
  if (!desc)
    return nullDesc("ckrt_plan_desc_check_binary");
  std::string image;
  return readBinary(*desc, image, bytes);
}

} // extern "C"
