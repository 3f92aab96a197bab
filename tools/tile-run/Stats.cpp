//===- Stats.cpp - Error and timing statistics ---------------------------===//
//
// The arithmetic of tile-run's verdicts, kept apart from the GPU code so that
// it is unit-tested without a GPU.
//
//===----------------------------------------------------------------------===//
#include "Stats.h"

#include <algorithm>
#include <cmath>

using namespace tilerun;

double tilerun::checkTolerance(int64_t k, double maxRef, double cRounding) {
  return (static_cast<double>(k) * std::ldexp(1.0, -24) + cRounding) *
         std::max(1.0, maxRef);
}

TF32Bound tilerun::getTF32Bound(bool split, int64_t k, int truncated) {
  // (1 + 2^-11)^2 - 1 = 2^-10 + 2^-22 for two roundings to nearest; a
  // truncated input's relative error is below 2^-10.
  if (!split) {
    double a = std::ldexp(1.0, truncated > 0 ? -10 : -11);
    double b = std::ldexp(1.0, truncated > 1 ? -10 : -11);
    return {a + b + a * b, k};
  }
  return {3 * std::ldexp(1.0, -21), 3 * k};
}

BoundStats tilerun::checkElementBound(const std::vector<float> &got,
                                      const std::vector<double> &ref,
                                      const std::vector<double> &absProduct,
                                      TF32Bound b) {
  BoundStats s;
  double relative = b.perProduct +
                    static_cast<double>(b.additions) * std::ldexp(1.0, -24);
  for (size_t i = 0; i < got.size(); ++i) {
    double err = std::fabs(static_cast<double>(got[i]) - ref[i]);
    double bound = relative * absProduct[i];
    // NaN or infinite results are past any bound.
    if (!(err <= bound))
      ++s.over;
    if (bound > 0)
      s.worst = std::max(s.worst, err / bound);
    else if (err > 0)
      s.worst = INFINITY;
  }
  return s;
}

ErrorStats tilerun::compareResults(const std::vector<float> &got,
                                   const std::vector<double> &ref) {
  ErrorStats s;
  std::vector<double> errors;
  errors.reserve(got.size());
  for (size_t i = 0; i < got.size(); ++i) {
    double r = ref[i];
    s.maxRef = std::max(s.maxRef, std::fabs(r));
    float g = got[i];
    if (std::isnan(g)) {
      ++s.notWritten;
      continue;
    }
    if (!std::isfinite(g)) {
      ++s.nonFinite;
      continue;
    }
    errors.push_back(std::fabs(static_cast<double>(g) - r));
    s.maxAbs = std::max(s.maxAbs, errors.back());
  }
  // The upper median (nearest rank).
  if (!errors.empty()) {
    auto middle = errors.begin() + errors.size() / 2;
    std::nth_element(errors.begin(), middle, errors.end());
    s.medianAbs = *middle;
  }
  s.relToMax = s.maxRef > 0 ? s.maxAbs / s.maxRef : s.maxAbs;
  return s;
}

TimingStats tilerun::summarizeTimes(std::vector<float> ms) {
  TimingStats t;
  if (ms.empty())
    return t;
  std::sort(ms.begin(), ms.end());
  size_t n = ms.size();
  t.minMs = ms.front();
  t.medianMs = n % 2 ? ms[n / 2] : 0.5 * (ms[n / 2 - 1] + ms[n / 2]);
  size_t rank = static_cast<size_t>(std::ceil(0.9 * n));
  t.p90Ms = ms[std::min(n, std::max<size_t>(rank, 1)) - 1];
  return t;
}

