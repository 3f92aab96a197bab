//===- JsonTest.cpp - Tests of tile-run's JSON helpers -------------------===//
//
// The parsing itself is nlohmann/json's; these test what tile-run adds:
// errors as "line L, column C: ...", the nesting limit, member lookup and
// the int64 check the manifest reader relies on.
//
//===----------------------------------------------------------------------===//
#include "Json.h"

#include <gtest/gtest.h>

using namespace tilerun;

TEST(Json, ParsesAndFindsMembers) {
  Json j;
  std::string error;
  ASSERT_TRUE(parseJson(R"({"a": [1, -2.5e-1, true, null], "s": "x\u00e9"})",
                        j, error))
      << error;
  const Json *a = findMember(j, "a");
  ASSERT_TRUE(a && a->is_array());
  EXPECT_EQ(a->at(0).get<int64_t>(), 1);
  EXPECT_DOUBLE_EQ(a->at(1).get<double>(), -0.25);
  EXPECT_EQ(findMember(j, "s")->get<std::string>(), "x\xc3\xa9");
  EXPECT_EQ(findMember(j, "missing"), nullptr);
  EXPECT_EQ(findMember(*a, "a"), nullptr) << "not an object";
  // Keys keep the order they were written in.
  EXPECT_EQ(j.dump(), R"({"a":[1,-0.25,true,null],"s":"xé"})");
}

TEST(Json, ReportsLineAndColumnOfErrors) {
  Json j;
  std::string error;
  EXPECT_FALSE(parseJson("{\n  \"a\": 1,\n}", j, error));
  EXPECT_EQ(error.rfind("line 3, column 1: ", 0), 0u) << error;
  EXPECT_FALSE(parseJson("[1, 2", j, error));
  EXPECT_EQ(error.rfind("line 1, column 6: ", 0), 0u) << error;
  EXPECT_FALSE(parseJson("{} x", j, error));
  EXPECT_EQ(error.rfind("line 1, column 4: ", 0), 0u) << error;
  EXPECT_FALSE(parseJson("", j, error));
  EXPECT_EQ(error.rfind("line 1, column 1: ", 0), 0u) << error;
}

TEST(Json, RefusesDeepNesting) {
  Json j;
  std::string error;
  std::string deep = std::string(100, '[') + std::string(100, ']');
  EXPECT_FALSE(parseJson(deep, j, error));
  EXPECT_EQ(error, "nesting deeper than 64 levels");
  std::string fine = std::string(60, '[') + std::string(60, ']');
  EXPECT_TRUE(parseJson(fine, j, error)) << error;
}

TEST(Json, IntegersThatInt64Holds) {
  Json j;
  std::string error;
  ASSERT_TRUE(parseJson("[9223372036854775807, 9223372036854775808, -3, 1.0, "
                        "1e3, \"1\"]",
                        j, error));
  EXPECT_TRUE(isInt64(j[0]));
  EXPECT_FALSE(isInt64(j[1]));
  EXPECT_TRUE(isInt64(j[2]));
  EXPECT_FALSE(isInt64(j[3])) << "a float is not an integer field";
  EXPECT_FALSE(isInt64(j[4]));
  EXPECT_FALSE(isInt64(j[5]));
}
