//===- Stats.h - Error and timing statistics ----------------------*- C++ -*-===//
//
// How tile-run compares a result with its reference, the tolerance a check
// must meet, and how timed runs are summarised.
//
//===----------------------------------------------------------------------===//
#ifndef TILERUN_STATS_H
#define TILERUN_STATS_H

#include <cstdint>
#include <vector>

namespace tilerun {

/// Element-wise comparison of two results against a reference.
struct ErrorStats {
  double maxAbs = 0;    ///< max |x - ref|
  double medianAbs = 0; ///< median |x - ref| (over the finite elements)
  double maxRef = 0;    ///< max |ref|
  double relToMax = 0;  ///< maxAbs / maxRef
  int64_t notWritten = 0; ///< elements still NaN (the poison)
  int64_t nonFinite = 0;  ///< other non-finite elements
};

/// The check's tolerance on |kernel - FP64 reference|: K * 2^-24 * max(1,
/// max |ref|) for the f32 accumulation, plus `cRounding` * max(1, max |ref|)
/// for rounding the sum to C's type (its unit roundoff; 0 for f32 C, whose
/// rounding the first term covers). See docs/runtime.md.
double checkTolerance(int64_t k, double maxRef, double cRounding = 0);

/// The TF32 precisions' element-wise bound on |kernel - FP64 reference|:
/// (`perProduct` + `additions` * 2^-24) * S_ij, where S = |A| |B| (the
/// product of the operands' absolute values, in FP64): each product off
/// by at most `perProduct` of |a| |b|, and each of the `additions` FP32
/// additions into an accumulator bounded by S off by at most 2^-24 of it.
/// tf32: 2^-10 + 2^-22 (both inputs rounded to nearest; an input truncated
/// instead is off by up to 2^-10 of itself, not 2^-11: (1 + 2^-10)(1 +
/// 2^-11) - 1 with one, (1 + 2^-10)^2 - 1 with both) and K additions;
/// tf32x3: 3 * 2^-21 (the low parts' rounding and the dropped low x low
/// term, about 3 * 2^-22, with margin) and 3K. See docs/precision.md.
struct TF32Bound {
  double perProduct;
  int64_t additions;
};
TF32Bound getTF32Bound(bool split, int64_t k, int truncated = 0);
struct BoundStats {
  int64_t over = 0;   ///< elements past their bound
  double worst = 0;   ///< the largest |err| / bound
};
BoundStats checkElementBound(const std::vector<float> &got,
                             const std::vector<double> &ref,
                             const std::vector<double> &absProduct,
                             TF32Bound bound);

/// Compares `got` with `ref` (both M*N).
ErrorStats compareResults(const std::vector<float> &got,
                          const std::vector<double> &ref);

/// Median, minimum and 90th percentile (nearest rank) of `ms`, and the SM
/// clock the runs ended at (ClockProbe; 0: not measured).
struct TimingStats {
  double medianMs = 0, minMs = 0, p90Ms = 0;
  double smClockMhz = 0;
};
TimingStats summarizeTimes(std::vector<float> ms);

} // namespace tilerun

#endif // TILERUN_STATS_H
