//===- Json.cpp - Writing JSON objects ------------------------------------===//

#include "ck/Bench/Json.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

using namespace ckbench;

std::string ckbench::jsonString(const std::string &text) {
  std::string out = "\"";
  for (char ch : text) {
    unsigned char u = static_cast<unsigned char>(ch);
    switch (ch) {
    case '"':
      out += "\\\"";
      break;
    case '\\':
      out += "\\\\";
      break;
    case '\b':
      out += "\\b";
      break;
    case '\f':
      out += "\\f";
      break;
    case '\n':
      out += "\\n";
      break;
    case '\r':
      out += "\\r";
      break;
    case '\t':
      out += "\\t";
      break;
    default:
      if (u < 0x20) {
        char buffer[8];
        std::snprintf(buffer, sizeof(buffer), "\\u%04x", u);
        out += buffer;
      } else {
        out += ch;
      }
    }
  }
  return out + "\"";
}

std::string ckbench::jsonNumber(double value) {
  if (!std::isfinite(value))
    return "null";
  // The shortest of %.15g .. %.17g that reads back exactly.
  char buffer[32];
  for (int precision = 15; precision <= 17; ++precision) {
    std::snprintf(buffer, sizeof(buffer), "%.*g", precision, value);
    if (std::strtod(buffer, nullptr) == value)
      break;
  }
  return buffer;
}

JsonObject &JsonObject::addRaw(const std::string &key,
                               const std::string &json) {
  if (!members.empty())
    members += ", ";
  members += jsonString(key) + ": " + json;
  return *this;
}

JsonObject &JsonObject::addString(const std::string &key,
                                  const std::string &value) {
  return addRaw(key, jsonString(value));
}

JsonObject &JsonObject::addNumber(const std::string &key, double value) {
  return addRaw(key, jsonNumber(value));
}

JsonObject &JsonObject::addInt(const std::string &key, int64_t value) {
  return addRaw(key, std::to_string(value));
}

JsonObject &JsonObject::addBool(const std::string &key, bool value) {
  return addRaw(key, value ? "true" : "false");
}

JsonObject &JsonObject::addNull(const std::string &key) {
  return addRaw(key, "null");
}
