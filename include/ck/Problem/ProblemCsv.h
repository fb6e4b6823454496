//===- ProblemCsv.h - Problems from a CSV table -----------------*- C++ -*-===//
//
// A table of 2D problems, one per row, with the columns of
// bench/data/retinanet_bwd_weight.csv:
//
//   G,N,C,K,H,W,Y,X,stride_h,stride_w,pad_h,pad_w,dil_h,dil_w[,layers]
//
// C and K are per group; pad_h/pad_w pad both sides; `layers` (how many
// layers of a model share the shape) is accepted and not used. A leading
// UTF-8 byte-order mark is skipped; lines starting with '#' and blank lines
// are too. A header row (its first
// field is not a number) names the columns, which may then come in any
// order, with further columns ignored; without a header the order above
// is assumed. The direction and element type are not in the table: the
// caller gives them.
//
//===----------------------------------------------------------------------===//

#ifndef CK_PROBLEM_PROBLEMCSV_H
#define CK_PROBLEM_PROBLEMCSV_H

#include "ck/Problem/ConvProblem.h"

#include <string>
#include <vector>

namespace ckproblem {

/// What every row of a table shares.
struct CsvDefaults {
  std::string direction;
  std::string dtype;
  /// Empty: channels-last.
  std::vector<std::string> layouts;
};

/// Parses the table `text`; `name` (a file name) starts the messages,
/// which give the line of a bad row: "NAME:LINE: ...".
ProblemList parseProblemCsv(const std::string &text, const std::string &name,
                            const CsvDefaults &defaults);

/// Reads and parses the file `path`.
ProblemList readProblemCsv(const std::string &path,
                           const CsvDefaults &defaults);

} // namespace ckproblem

#endif // CK_PROBLEM_PROBLEMCSV_H
