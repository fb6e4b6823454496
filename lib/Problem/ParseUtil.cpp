//===- ParseUtil.cpp - Small text helpers of the problem parsers ----------===//

#include "ParseUtil.h"

#include <charconv>

using namespace ckproblem;

bool detail::parseInt(const std::string &text, int64_t &value) {
  const char *begin = text.data(), *end = text.data() + text.size();
  if (begin != end && *begin == '+')
    ++begin;
  if (begin == end)
    return false;
  auto [ptr, ec] = std::from_chars(begin, end, value);
  return ec == std::errc() && ptr == end;
}

bool detail::parseIntList(const std::string &text,
                          std::vector<int64_t> &values) {
  values.clear();
  std::string field;
  auto flush = [&]() {
    int64_t value;
    if (!parseInt(field, value))
      return false;
    values.push_back(value);
    field.clear();
    return true;
  };
  for (char ch : text) {
    if (ch == ',' || ch == 'x') {
      if (!flush())
        return false;
    } else {
      field += ch;
    }
  }
  return flush();
}

std::string detail::trim(const std::string &text) {
  const char *blanks = " \t\r\n";
  size_t begin = text.find_first_not_of(blanks);
  if (begin == std::string::npos)
    return "";
  size_t end = text.find_last_not_of(blanks);
  return text.substr(begin, end - begin + 1);
}

std::vector<std::string> detail::split(const std::string &text,
                                       char separator) {
  std::vector<std::string> fields(1);
  for (char ch : text) {
    if (ch == separator)
      fields.emplace_back();
    else
      fields.back() += ch;
  }
  return fields;
}

std::string detail::quoteJoin(const std::vector<std::string> &values) {
  std::string text;
  for (size_t i = 0; i < values.size(); ++i)
    text += (i ? " '" : "'") + values[i] + "'";
  return text;
}

std::string detail::joinX(const std::vector<int64_t> &values) {
  std::string text;
  for (size_t i = 0; i < values.size(); ++i)
    text += (i ? "x" : "") + std::to_string(values[i]);
  return text;
}
