//===- ProblemParserFuzzer.cpp - Fuzz the problem parsers -----------------===//
//
// A libFuzzer target for CKProblem. Each input goes to all three problem
// forms:
//
//   * split at blanks into a command line: the named flags
//     (parseProblemFlags), the ckProfiler form (parseCKProfilerArgs,
//     parseCKProfilerPrefix) and a whole tool command line
//     (parseProblemArgs, without --csv, which would read files);
//   * as it is, a CSV table (parseProblemCsv), its direction and type
//     picked by the first byte;
//   * as raw fields of a ConvProblemDesc, whose sizes are taken before and
//     after complete() (none may wrap: build with
//     -fsanitize=address,undefined and UBSAN_OPTIONS=halt_on_error=1).
//
// Every problem a parser accepts is checked against what complete()
// promises (ConvProblem.h): its sizes exact, positive and within the
// limits, its key file-name safe, its IR free of negative sizes, and the
// same problem again when given back as named flags. A broken promise
// traps.
//
//   fuzz/ck-problem-fuzzer fuzz/corpus/problem -max_total_time=60
//
//===----------------------------------------------------------------------===//

#include "ck/Problem/CKProfilerArgs.h"
#include "ck/Problem/ProblemArgs.h"
#include "ck/Problem/ProblemCsv.h"
#include "ck/Problem/ProblemFlags.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

using namespace ckproblem;

namespace {

void check(bool condition) {
  if (!condition)
    __builtin_trap();
}

/// What complete() promises of a problem it accepted.
void checkCompleted(const ConvProblemDesc &p) {
  size_t rank = p.inSizes.size();
  check(rank >= 1 && rank <= 3);
  for (const std::vector<int64_t> *values :
       {&p.filterSizes, &p.strides, &p.dilations, &p.padLeft, &p.padRight})
    check(values->size() == rank);
  check(p.layouts.size() == 3);
  check(p.g >= 1 && p.g <= kMaxGroups);
  for (int64_t v : {p.n, p.c, p.k})
    check(v >= 1 && v < kSizeLimit);
  std::vector<int64_t> out = p.outSizes();
  check(out.size() == rank);
  for (size_t i = 0; i < rank; ++i) {
    check(p.inSizes[i] >= 1 && p.filterSizes[i] >= 1);
    check(p.strides[i] >= 1 && p.strides[i] < kSizeLimit);
    check(p.dilations[i] >= 1 && p.dilations[i] < kSizeLimit);
    for (int64_t v :
         {p.inSizes[i], p.filterSizes[i], p.padLeft[i], p.padRight[i]})
      check(v >= 0 && v < kSizeLimit);
    check(p.inSizes[i] + p.padLeft[i] + p.padRight[i] < kSizeLimit);
    check((p.filterSizes[i] - 1) * p.dilations[i] + 1 < kSizeLimit);
    check(out[i] >= 1 && out[i] < kSizeLimit);
  }
  int64_t maxElements = std::min(kMaxTensorElements,
                                 cklimits::kMaxTensorBytes / p.elementBytes());
  std::array<int64_t, 3> elements = p.tensorElements();
  for (int64_t e : elements)
    check(e >= 1 && e <= maxElements);
  check(p.bytes() ==
        (elements[0] + elements[1] + elements[2]) * p.elementBytes());
  int64_t reduction = p.reductionLength();
  check(reduction >= 1 && reduction <= kMaxTensorElements);
  double flops = p.flops();
  check(std::isfinite(flops) && flops >= 2 &&
        flops <= 2.0 * double(kMaxMultiplyAdds));
  check(int64_t(flops) > 0); // as plans record it
  check(p.writtenTensor() >= 0 && p.writtenTensor() <= 2);

  // complete() again changes nothing.
  ConvProblemDesc again = p;
  check(again.complete().empty());
  check(again.key() == p.key() && again.summary() == p.summary());

  check(!p.summary().empty());
  std::string key = p.key();
  for (char ch : key)
    check((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
          (ch >= '0' && ch <= '9') || ch == '-' || ch == '_');
  std::string ir = p.toMLIR();
  check(ir.find("ck.conv_" + p.direction + " ") != std::string::npos);
  check(ir.find("<-") == std::string::npos &&
        ir.find("x-") == std::string::npos);

  // The same problem as named flags.
  ProblemList flags = parseProblemFlags(problemToFlags(p));
  check(flags.ok() && flags.problems.size() == 1);
  ConvProblemDesc q = flags.problems[0];
  q.splitK = p.splitK;
  check(q.key() == key);
}

void checkList(const ProblemList &list) {
  check(list.ok() != list.problems.empty());
  check(list.ok() || !list.error.empty());
  for (const ConvProblemDesc &p : list.problems)
    checkCompleted(p);
}

std::vector<std::string> words(const std::string &text) {
  std::vector<std::string> result;
  std::string word;
  for (char ch : text + " ") {
    if (ch == ' ' || ch == '\n' || ch == '\t' || ch == '\r') {
      if (!word.empty())
        result.push_back(word);
      word.clear();
    } else {
      word += ch;
    }
  }
  return result;
}

/// Raw fields: sizes of an unchecked problem must not wrap either.
void checkRawFields(const uint8_t *data, size_t size) {
  constexpr size_t kFields = 4 + 6 * 3;
  if (size < 1 + kFields * 8)
    return;
  int64_t v[kFields];
  std::memcpy(v, data + 1, sizeof(v));
  ConvProblemDesc p;
  const char *directions[] = {"fwd", "bwd_data", "bwd_weight"};
  const char *types[] = {"f16", "bf16", "f32"};
  p.direction = directions[data[0] % 3];
  p.dtype = types[(data[0] / 3) % 3];
  size_t rank = 1 + (data[0] / 9) % 3;
  p.g = v[0];
  p.n = v[1];
  p.c = v[2];
  p.k = v[3];
  for (size_t i = 0; i < rank; ++i) {
    p.inSizes.push_back(v[4 + i]);
    p.filterSizes.push_back(v[7 + i]);
    p.strides.push_back(v[10 + i]);
    p.dilations.push_back(v[13 + i]);
    p.padLeft.push_back(v[16 + i]);
    p.padRight.push_back(v[19 + i]);
  }
  for (int64_t out : p.outSizes())
    check(out >= -1);
  // With no negative field, a count is exact (>= 0) or -1 (too large);
  // with negative fields it may be any exact value.
  bool positive = p.g >= 1 && p.n >= 1 && p.c >= 1 && p.k >= 1;
  for (size_t i = 0; i < rank; ++i)
    positive &= p.inSizes[i] >= 1 && p.filterSizes[i] >= 1 &&
                p.strides[i] >= 1 && p.dilations[i] >= 1 && p.padLeft[i] >= 0 &&
                p.padRight[i] >= 0;
  std::array<int64_t, 3> elements = p.tensorElements();
  if (positive) {
    for (int64_t e : elements)
      check(e >= -1);
    check(p.bytes() >= -1);
    check(p.bytes() == -1 ||
          (elements[0] >= 0 && elements[1] >= 0 && elements[2] >= 0));
  }
  (void)p.reductionLength();
  (void)p.flops();
  (void)p.summary();
  (void)p.key();
  if (p.complete().empty())
    checkCompleted(p);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string text(reinterpret_cast<const char *>(data), size);
  std::vector<std::string> args = words(text);

  std::vector<std::string> rest;
  checkList(parseProblemFlags(args, &rest));
  checkList(parseProblemFlags(args));
  checkList(parseCKProfilerArgs(args));
  size_t used = 0;
  checkList(parseCKProfilerPrefix(args, used));
  check(used <= args.size());

  bool readsFiles = false;
  for (const std::string &arg : args)
    readsFiles |= arg.find("csv") != std::string::npos;
  if (!readsFiles) {
    ProblemArgs parsed = parseProblemArgs(args);
    check(parsed.ok() || parsed.problems.empty());
    check(parsed.ok() || !parsed.error.empty());
    check(parsed.problems.empty() == (parsed.form.empty() || !parsed.ok()));
    for (const ConvProblemDesc &p : parsed.problems)
      checkCompleted(p);
    check(parsed.rest.size() <= args.size());
  }

  if (size) {
    const char *directions[] = {"fwd", "bwd_data", "bwd_weight"};
    const char *types[] = {"f16", "bf16", "f32"};
    CsvDefaults defaults{directions[data[0] % 3], types[(data[0] / 3) % 3], {}};
    if (data[0] & 0x80)
      defaults.layouts = {"GNHWC", "GKCYX", "NGKHW"};
    checkList(parseProblemCsv(text, "fuzz.csv", defaults));
  }

  checkRawFields(data, size);
  return 0;
}
