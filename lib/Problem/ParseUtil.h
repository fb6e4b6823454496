//===- ParseUtil.h - Small text helpers of the problem parsers --*- C++ -*-===//

#ifndef CK_LIB_PROBLEM_PARSEUTIL_H
#define CK_LIB_PROBLEM_PARSEUTIL_H

#include <cstdint>
#include <string>
#include <vector>

namespace ckproblem::detail {

/// Parses all of `text` as a decimal integer with an optional sign.
bool parseInt(const std::string &text, int64_t &value);

/// Parses "50,50" or "50x50" (one or more integers).
bool parseIntList(const std::string &text, std::vector<int64_t> &values);

/// `text` without leading and trailing blanks (spaces, tabs, CR, LF).
std::string trim(const std::string &text);

/// `text` cut at every `separator` (an empty text gives one empty field).
std::vector<std::string> split(const std::string &text, char separator);

/// "50x50", which parseIntList reads back.
std::string joinX(const std::vector<int64_t> &values);

/// "'a' 'b' 'c'" for messages.
std::string quoteJoin(const std::vector<std::string> &values);

} // namespace ckproblem::detail

#endif // CK_LIB_PROBLEM_PARSEUTIL_H
