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
  // The finite errors are 0, 0.5 and 4: their median is 0.5.
  EXPECT_DOUBLE_EQ(s.medianAbs, 0.5);
}

TEST(Stats, ToleranceScalesWithKAndTheReference) {
  EXPECT_DOUBLE_EQ(checkTolerance(2048, 40.0), 2048 * 40.0 / 16777216.0);
  // Small references do not shrink the tolerance below K * 2^-24.
  EXPECT_DOUBLE_EQ(checkTolerance(1, 0.001), 1.0 / 16777216.0);
  // A 16-bit C adds its rounding: half an f16 ulp relative to max |ref|.
  EXPECT_DOUBLE_EQ(checkTolerance(2048, 40.0, 0x1.0p-11),
                   (2048 / 16777216.0 + 1 / 2048.0) * 40.0);
}

TEST(Stats, BoundsTF32ErrorsPerElement) {
  // tf32: (1 + 2^-11)^2 - 1 per product, one addition per k; tf32x3: three
  // products per k, each added.
  TF32Bound tf32 = getTF32Bound(/*split=*/false, 4);
  EXPECT_DOUBLE_EQ(tf32.perProduct, 0x1.0p-10 + 0x1.0p-22);
  EXPECT_EQ(tf32.additions, 4);
  // An operand truncated (below 2^-10 of itself, not 2^-11): (1 + 2^-10)
  // (1 + 2^-11) - 1; both: (1 + 2^-10)^2 - 1.
  EXPECT_DOUBLE_EQ(getTF32Bound(false, 4, 1).perProduct,
                   0x1.0p-10 + 0x1.0p-11 + 0x1.0p-21);
  EXPECT_DOUBLE_EQ(getTF32Bound(false, 4, 2).perProduct, 0x1.0p-9 + 0x1.0p-20);
  TF32Bound x3 = getTF32Bound(/*split=*/true, 4);
  EXPECT_DOUBLE_EQ(x3.perProduct, 3 * 0x1.0p-21);
  EXPECT_EQ(x3.additions, 12);
  // S_ij = 100: tf32 allows (2^-10 + 2^-22 + 4 * 2^-24) * 100 at K = 4.
  double bound = (0x1.0p-10 + 0x1.0p-22 + 4 * 0x1.0p-24) * 100;
  std::vector<double> ref = {1.0, 2.0, 3.0, 4.0};
  std::vector<double> absProduct = {100, 100, 100, 0};
  std::vector<float> got = {float(1.0 + 0.9 * bound), float(2.0 - 1.1 * bound),
                            std::nanf(""), 4.0f};
  BoundStats s = checkElementBound(got, ref, absProduct, tf32);
  // The second is past its bound, the NaN past any; an exact zero-bound
  // element passes.
  EXPECT_EQ(s.over, 2);
  EXPECT_NEAR(s.worst, 1.1, 1e-3);
  got[1] = 2.0f;
  got[2] = 3.0f;
  EXPECT_EQ(checkElementBound(got, ref, absProduct, tf32).over, 0);
  // An element whose bound is zero (a zero row of A) must be exact.
  got[3] = 4.5f;
  EXPECT_EQ(checkElementBound(got, ref, absProduct, tf32).over, 1);
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
