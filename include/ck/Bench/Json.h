//===- Json.h - Writing JSON objects ----------------------------*- C++ -*-===//

#ifndef CK_BENCH_JSON_H
#define CK_BENCH_JSON_H

#include <cstdint>
#include <string>

namespace ckbench {

/// `text` as a JSON string, quotes included: '"' and '\' escaped, control
/// characters as \n, \t, ... or \u00XX; other bytes as they are (UTF-8).
std::string jsonString(const std::string &text);

/// `value` as a JSON number that reads back to the same double; `null`
/// for NaN and infinities, which JSON cannot hold.
std::string jsonNumber(double value);

/// A JSON object built member by member, in order.
class JsonObject {
public:
  JsonObject &addString(const std::string &key, const std::string &value);
  JsonObject &addNumber(const std::string &key, double value);
  JsonObject &addInt(const std::string &key, int64_t value);
  JsonObject &addBool(const std::string &key, bool value);
  JsonObject &addNull(const std::string &key);
  /// `json` must already be JSON (an object, an array, ...).
  JsonObject &addRaw(const std::string &key, const std::string &json);
  /// "{...}" on one line.
  std::string str() const { return "{" + members + "}"; }

private:
  std::string members;
};

} // namespace ckbench

#endif // CK_BENCH_JSON_H
