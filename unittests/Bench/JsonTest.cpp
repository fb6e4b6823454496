//===- JsonTest.cpp - Writing JSON ----------------------------------------===//

#include "ck/Bench/Json.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <limits>

using namespace ckbench;

namespace {

TEST(Json, StringEscapes) {
  EXPECT_EQ(jsonString("plain"), "\"plain\"");
  EXPECT_EQ(jsonString(""), "\"\"");
  EXPECT_EQ(jsonString("a\"b\\c"), "\"a\\\"b\\\\c\"");
  EXPECT_EQ(jsonString("l1\nl2\tx\r\b\f"), "\"l1\\nl2\\tx\\r\\b\\f\"");
  EXPECT_EQ(jsonString(std::string("nul\0x", 5)), "\"nul\\u0000x\"");
  EXPECT_EQ(jsonString("\x01\x1f"), "\"\\u0001\\u001f\"");
  EXPECT_EQ(jsonString("/ and \x7f stay"), "\"/ and \x7f stay\"");
  EXPECT_EQ(jsonString("\xc3\xa9t\xc3\xa9"), "\"\xc3\xa9t\xc3\xa9\""); // UTF-8
}

TEST(Json, Numbers) {
  EXPECT_EQ(jsonNumber(0), "0");
  EXPECT_EQ(jsonNumber(1.5), "1.5");
  EXPECT_EQ(jsonNumber(-2), "-2");
  EXPECT_EQ(jsonNumber(1e-30), "1e-30");
  EXPECT_EQ(jsonNumber(0.1), "0.1");
  for (double value : {1.0 / 3, 2.0 / 3 * 1e10, 6.02214076e23, 5e-324}) {
    std::string text = jsonNumber(value);
    EXPECT_EQ(std::strtod(text.c_str(), nullptr), value) << text;
  }
  EXPECT_EQ(jsonNumber(std::numeric_limits<double>::quiet_NaN()), "null");
  EXPECT_EQ(jsonNumber(std::numeric_limits<double>::infinity()), "null");
  EXPECT_EQ(jsonNumber(-std::numeric_limits<double>::infinity()), "null");
}

TEST(Json, Object) {
  JsonObject o;
  EXPECT_EQ(o.str(), "{}");
  o.addString("key", "a\"b")
      .addNumber("x", 0.25)
      .addInt("n", -3)
      .addBool("ok", true)
      .addNull("none")
      .addRaw("list", "[1, 2]");
  EXPECT_EQ(o.str(), "{\"key\": \"a\\\"b\", \"x\": 0.25, \"n\": -3, "
                     "\"ok\": true, \"none\": null, \"list\": [1, 2]}");
}

} // namespace
