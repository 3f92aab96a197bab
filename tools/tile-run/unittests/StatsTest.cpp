//===- StatsTest.cpp - Tests of the check and timing statistics ----------===//
#include "Stats.h"

#include <cmath>
#include <gtest/gtest.h>
#include <limits>

using namespace tilerun;

TEST(Stats, CountsUnwrittenAndMeasuresErrors) {
  float nan = std::numeric_limits<float>::quiet_NaN();
  float inf = std::numeric_limits<float>::infinity();
  std::vector<float> got = {1.0f, 2.5f, nan, inf, -4.0f};
  std::vector<double> ref = {1.0, 2.0, 3.0, 1.0, -8.0};
  ErrorStats s = compareResults(got, ref);
  EXPECT_EQ(s.notWritten, 1);
  EXPECT_EQ(s.nonFinite, 1);
  EXPECT_DOUBLE_EQ(s.maxAbs, 4.0);
  EXPECT_DOUBLE_EQ(s.maxRef, 8.0);
  EXPECT_DOUBLE_EQ(s.relToMax, 0.5);
}

TEST(Stats, ToleranceScalesWithKAndTheReference) {
  EXPECT_DOUBLE_EQ(checkTolerance(2048, 40.0), 2048 * 40.0 / 16777216.0);
  // Small references do not shrink the tolerance below K * 2^-24.
  EXPECT_DOUBLE_EQ(checkTolerance(1, 0.001), 1.0 / 16777216.0);
  // A 16-bit C adds its rounding: half an f16 ulp relative to max |ref|.
  EXPECT_DOUBLE_EQ(checkTolerance(2048, 40.0, 0x1.0p-11),
                   (2048 / 16777216.0 + 1 / 2048.0) * 40.0);
}

TEST(Stats, SummarizesTimes) {
  std::vector<float> ms;
  for (int i = 100; i >= 1; --i)
    ms.push_back(static_cast<float>(i));
  TimingStats t = summarizeTimes(ms);
  EXPECT_DOUBLE_EQ(t.minMs, 1.0);
  EXPECT_DOUBLE_EQ(t.medianMs, 50.5);
  EXPECT_DOUBLE_EQ(t.p90Ms, 90.0);
  TimingStats one = summarizeTimes({3.0f});
  EXPECT_DOUBLE_EQ(one.medianMs, 3.0);
  EXPECT_DOUBLE_EQ(one.p90Ms, 3.0);
}
