//===- JsonTest.cpp - Tests of tile-run's JSON reader/writer -------------===//
#include "Json.h"

#include <gtest/gtest.h>

using tilerun::Json;

TEST(Json, ParsesEveryKindOfValue) {
  Json j;
  std::string error;
  ASSERT_TRUE(Json::parse(R"({"a": [1, -2.5e-1, true, false, null],
                              "s": "x\"y\u00e9\n", "o": {}})",
                          j, error))
      << error;
  ASSERT_TRUE(j.isObject());
  const Json *a = j.find("a");
  ASSERT_TRUE(a && a->isArray());
  ASSERT_EQ(a->items().size(), 5u);
  EXPECT_TRUE(a->items()[0].isInteger());
  EXPECT_EQ(a->items()[0].asInteger(), 1);
  EXPECT_DOUBLE_EQ(a->items()[1].asNumber(), -0.25);
  EXPECT_FALSE(a->items()[1].isInteger());
  EXPECT_TRUE(a->items()[2].asBool());
  EXPECT_FALSE(a->items()[3].asBool());
  EXPECT_TRUE(a->items()[4].isNull());
  EXPECT_EQ(j.find("s")->asString(), "x\"y\xc3\xa9\n");
  EXPECT_TRUE(j.find("o")->isObject());
  EXPECT_EQ(j.find("missing"), nullptr);
}

TEST(Json, ReportsLineAndColumnOfErrors) {
  Json j;
  std::string error;
  EXPECT_FALSE(Json::parse("{\n  \"a\": 1,\n}", j, error));
  EXPECT_EQ(error, "line 3, column 1: expected a string key in object");
  EXPECT_FALSE(Json::parse("[1, 2", j, error));
  EXPECT_EQ(error, "line 1, column 6: unterminated array");
  EXPECT_FALSE(Json::parse("{} x", j, error));
  EXPECT_EQ(error, "line 1, column 4: unexpected text after the JSON value");
  EXPECT_FALSE(Json::parse("\"abc", j, error));
  EXPECT_EQ(error, "line 1, column 5: unterminated string");
  EXPECT_FALSE(Json::parse("-", j, error));
  EXPECT_EQ(error, "line 1, column 2: malformed number");
  EXPECT_FALSE(Json::parse("", j, error));
  EXPECT_EQ(error, "line 1, column 1: unexpected end of input");
  EXPECT_FALSE(Json::parse(std::string(100, '['), j, error));
  EXPECT_NE(error.find("nesting deeper than 64 levels"), std::string::npos);
}

TEST(Json, DumpRoundTrips) {
  Json doc = Json::object();
  doc.set("n", int64_t(17179869184));
  doc.set("x", 0.125);
  doc.set("s", "tab\there");
  Json arr = Json::array();
  arr.push(1);
  arr.push(nullptr);
  doc.set("a", arr);
  Json back;
  std::string error;
  ASSERT_TRUE(Json::parse(doc.dump(), back, error)) << error;
  EXPECT_EQ(back.find("n")->asInteger(), 17179869184);
  EXPECT_DOUBLE_EQ(back.find("x")->asNumber(), 0.125);
  EXPECT_EQ(back.find("s")->asString(), "tab\there");
  EXPECT_TRUE(back.find("a")->items()[1].isNull());
  EXPECT_EQ(back.dump(), doc.dump());
}
