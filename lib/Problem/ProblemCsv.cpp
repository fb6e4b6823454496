//===- ProblemCsv.cpp - Problems from a CSV table -------------------------===//

#include "ck/Problem/ProblemCsv.h"

#include "ParseUtil.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

using namespace ckproblem;
using namespace ckproblem::detail;

namespace {
/// The columns every row needs, in the order of a table without header.
const char *const kColumns[] = {
    "G", "N",        "C",        "K",     "H",     "W",     "Y",
    "X", "stride_h", "stride_w", "pad_h", "pad_w", "dil_h", "dil_w"};
constexpr size_t kNumColumns = sizeof(kColumns) / sizeof(kColumns[0]);
} // namespace

ProblemList ckproblem::parseProblemCsv(const std::string &text,
                                       const std::string &name,
                                       const CsvDefaults &defaults) {
  ProblemList result;
  auto fail = [&](int line, const std::string &message) {
    result.problems.clear();
    result.error = name + ":" + std::to_string(line) + ": " + message;
    return result;
  };
  // position[i]: the field holding kColumns[i]; `width`: fields per row
  // (0 = 14 or 15 without header).
  std::vector<size_t> position(kNumColumns);
  for (size_t i = 0; i < kNumColumns; ++i)
    position[i] = i;
  size_t width = 0;
  bool sawRow = false;

  // A table saved as "UTF-8 with BOM" (as spreadsheets do) starts with
  // the byte-order mark; it is not part of the first field.
  const std::string bom = "\xEF\xBB\xBF";
  std::istringstream lines(
      text.compare(0, bom.size(), bom) == 0 ? text.substr(bom.size()) : text);
  std::string raw;
  for (int line = 1; std::getline(lines, raw); ++line) {
    std::string row = trim(raw);
    if (row.empty() || row[0] == '#')
      continue;
    std::vector<std::string> fields = split(row, ',');
    for (std::string &field : fields)
      field = trim(field);
    int64_t number;
    if (!sawRow && !parseInt(fields[0], number)) {
      // The header.
      for (size_t i = 0; i < kNumColumns; ++i) {
        size_t j = 0;
        while (j < fields.size() && fields[j] != kColumns[i])
          ++j;
        if (j == fields.size())
          return fail(line,
                      std::string("expected a header naming the columns "
                                  "G,N,C,K,H,W,Y,X,stride_h,stride_w,pad_h,"
                                  "pad_w,dil_h,dil_w[,layers] or a row of "
                                  "integers; this header has no column '") +
                          kColumns[i] + "'");
        position[i] = j;
      }
      width = fields.size();
      sawRow = true;
      continue;
    }
    sawRow = true;
    if (width
            ? fields.size() != width
            : fields.size() != kNumColumns && fields.size() != kNumColumns + 1)
      return fail(line, "expected " +
                            (width ? std::to_string(width)
                                   : std::to_string(kNumColumns) + " or " +
                                         std::to_string(kNumColumns + 1)) +
                            " comma-separated fields, got " +
                            std::to_string(fields.size()));
    int64_t v[kNumColumns];
    for (size_t i = 0; i < kNumColumns; ++i)
      if (!parseInt(fields[position[i]], v[i]))
        return fail(line, std::string("column '") + kColumns[i] +
                              "' expects an integer, got '" +
                              fields[position[i]] + "'");
    if (width == 0 && fields.size() == kNumColumns + 1 &&
        !parseInt(fields[kNumColumns], number))
      return fail(line, "column 'layers' expects an integer, got '" +
                            fields[kNumColumns] + "'");
    ConvProblemDesc p;
    p.direction = defaults.direction;
    p.dtype = defaults.dtype;
    p.layouts = defaults.layouts;
    p.g = v[0];
    p.n = v[1];
    p.c = v[2];
    p.k = v[3];
    p.inSizes = {v[4], v[5]};
    p.filterSizes = {v[6], v[7]};
    p.strides = {v[8], v[9]};
    p.padLeft = p.padRight = {v[10], v[11]};
    p.dilations = {v[12], v[13]};
    std::string error = p.complete();
    if (!error.empty())
      return fail(line, error);
    result.problems.push_back(p);
  }
  if (result.problems.empty())
    result.error = name + ": no problems in the table (only comments, blank "
                          "lines or a header)";
  return result;
}

ProblemList ckproblem::readProblemCsv(const std::string &path,
                                      const CsvDefaults &defaults) {
  std::ifstream file(path, std::ios::binary);
  if (!file) {
    ProblemList result;
    result.error = "cannot read '" + path + "': " + std::strerror(errno);
    return result;
  }
  std::ostringstream text;
  text << file.rdbuf();
  return parseProblemCsv(text.str(), path, defaults);
}
