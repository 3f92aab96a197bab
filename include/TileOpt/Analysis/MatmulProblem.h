//===- MatmulProblem.h - What tile-opt can compile ----------------*- C++ -*-===//
//
// The shape and element types of a `linalg.matmul`, and the single check of
// whether tile-opt supports it, shared by the configure pass, the mapping
// passes and the report.
//
//===----------------------------------------------------------------------===//
#ifndef TILEOPT_ANALYSIS_MATMULPROBLEM_H
#define TILEOPT_ANALYSIS_MATMULPROBLEM_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/BuiltinAttributes.h"

namespace mlir::tileopt {

/// C[M,N] (+)= A[M,K] * B[K,N], row-major, one element type.
struct MatmulProblem {
  int64_t m = 0, n = 0, k = 0;
  Type elementType;
  /// True when the kernel adds to C (C += A*B) rather than overwriting it.
  bool accumulate = true;

  /// Encodes the problem as the `tile.problem` dictionary attribute.
  DictionaryAttr toAttr(MLIRContext *ctx) const;
  /// Decodes a `tile.problem` attribute; nullopt when malformed.
  static std::optional<MatmulProblem> fromAttr(DictionaryAttr attr);
};

/// Returns the problem of `matmul`, or emits an error at it naming what is
/// unsupported (element type, dynamic shape, non-default indexing maps,
/// broadcast or transposed operands) and fails.
FailureOr<MatmulProblem> getSupportedMatmulProblem(linalg::MatmulOp matmul);

/// Returns the `linalg.fill` of zero into `matmul`'s output buffer directly
/// before it (memref form), if any: a kernel can start its accumulators at
/// zero instead, and the fill goes away.
linalg::FillOp getFoldableZeroFill(linalg::MatmulOp matmul);

/// Whether `matmul` computes C = A * B: its output is a `linalg.fill` of
/// zero (tensor form: the fill's result; memref form: getFoldableZeroFill).
bool startsFromZero(linalg::MatmulOp matmul);

} // namespace mlir::tileopt

#endif // TILEOPT_ANALYSIS_MATMULPROBLEM_H
