//===- Epilogue.h - A fused epilogue's program, in FP64 -------------*- C++ -*-===//
//
// The manifest's `problem.epilogue` (docs/manifest.md): elementwise ops
// that the kernel applies to each element of A * B before it stores C,
// reading the inputs E1, E2, ... at the element's row and column. tile-run
// evaluates the same program in FP64 on the references, and bounds how far
// the kernel's result may be from it.
//
//===----------------------------------------------------------------------===//
#ifndef TILERUN_EPILOGUE_H
#define TILERUN_EPILOGUE_H

#include "ElementType.h"
#include "Json.h"

#include <string>
#include <vector>

namespace tilerun {

struct EpilogueInputSpec {
  std::string name; ///< "E1", "E2", ...
  /// How element (m, n) reads it: "mn" (M x N), "n" (N), "m" (M).
  std::string index;
  ElementType type = ElementType::F32;
  /// A batched problem's input with a matrix or vector per batch, one
  /// after the other (the ABI's shape [batch, rows, cols]); false: one
  /// for every batch.
  bool batched = false;
  /// One matrix's [rows, cols] in the ABI: [M, N], [1, N] or [M, 1].
  std::pair<int64_t, int64_t> shape(int64_t m, int64_t n) const {
    return {index == "n" ? 1 : m, index == "m" ? 1 : n};
  }
  /// The element that output (row, col) of batch `b` reads.
  int64_t at(int64_t b, int64_t row, int64_t col, int64_t m, int64_t n) const {
    auto [rows, cols] = shape(m, n);
    return (batched ? b * rows * cols : 0) + (index == "mn"  ? row * n + col
                                              : index == "n" ? col
                                                             : row);
  }
};

struct EpilogueStepSpec {
  std::string op; ///< "addf", ..., "math.tanh" (docs/manifest.md)
  std::vector<int64_t> operands;
  /// The result's type; `predicate` for cmpf, which yields a boolean.
  std::string type;
  double value = 0;
  std::string predicate;
  /// The kernel's approximate instruction's relative error bound, 0 where
  /// it rounds like `type`.
  double relativeError = 0;
};

struct EpilogueSpec {
  std::vector<EpilogueInputSpec> inputs;
  std::vector<EpilogueStepSpec> steps;
  int64_t result = 0;
  ElementType outType = ElementType::F32;
  std::string expression;

  /// The program on `x` (the matmul's element) and the inputs' elements
  /// `in`, in FP64 (casts are exact; cmpf gives 1 or 0).
  double evaluate(double x, const std::vector<double> &in) const;
  /// The roundings' relative bound: the output's unit roundoff once, plus
  /// per arithmetic step (not constants or casts) its type's, at least
  /// 2^-20 (the kernel's f32 polynomial approximations of exp, tanh, erf),
  /// or its approximate instruction's bound where larger.
  double roundingUnit() const;
  /// Steps that compute (not constants).
  int64_t ops() const;
};

/// Reads `problem.epilogue` (`j`, at `where`) into `out`; false with
/// `error` on an op tile-run does not know or a malformed program.
bool parseEpilogue(const Json &j, const std::string &where,
                   EpilogueSpec &out, std::string &error);

/// The epilogue over `x`, M x N matrices one after the other (row-major;
/// a batch's), with the inputs' values `inputs` (each of its own shape).
std::vector<double>
applyEpilogue(const EpilogueSpec &e, const std::vector<double> &x,
              const std::vector<std::vector<float>> &inputs, int64_t m,
              int64_t n);

/// How far the kernel's epilogue result may be from the FP64 one, given
/// that its x is within `xTolerance` of the FP64 x: the program's largest
/// change over [x - t, x + t] at any element, plus the roundings of its
/// steps and output, roundingUnit() x max(1, max |result|).
double epilogueTolerance(const EpilogueSpec &e, const std::vector<double> &x,
                         const std::vector<std::vector<float>> &inputs,
                         int64_t m, int64_t n, double xTolerance);

} // namespace tilerun

#endif // TILERUN_EPILOGUE_H
