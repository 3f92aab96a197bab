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

/// C[M,N] (+)= A[M,K] * B[K,N], row-major. A and B have one element type
/// (f32, f16 or bf16); C is f32 when they are, else f16, bf16 or f32. The
/// products accumulate in f32 (like cuBLAS's CUBLAS_COMPUTE_32F, where
/// linalg would accumulate in C's type).
struct MatmulProblem {
  int64_t m = 0, n = 0, k = 0;
  Type elementType;
  /// True when the kernel adds to C (C += A*B) rather than overwriting it.
  bool accumulate = true;
  /// C's element type; null: `elementType`.
  Type cType;

  Type getCType() const { return cType ? cType : elementType; }
  /// The type products accumulate in.
  Type getAccumulatorType() const {
    return Float32Type::get(elementType.getContext());
  }

  /// Encodes the problem as the `tile.problem` dictionary attribute.
  DictionaryAttr toAttr(MLIRContext *ctx) const;
  /// Decodes a `tile.problem` attribute; nullopt when malformed.
  static std::optional<MatmulProblem> fromAttr(DictionaryAttr attr);
};

/// The largest M, N or K (cuBLAS's int dimensions).
inline constexpr int64_t kMaxMatmulDimension = INT32_MAX;
/// The largest operand, in bytes (a 48-bit address space).
inline constexpr int64_t kMaxOperandBytes = int64_t(1) << 48;

/// Returns the problem of `matmul`, or fails with `why` completing the
/// sentence "the matmul ...": where it is (device code, a gpu.launch, a
/// nested module), its operands (element type, dynamic shape, non-default
/// indexing maps, layout, memory space, A or B in C's buffer), or its sizes
/// (over kMaxMatmulDimension, kMaxOperandBytes, a FLOP count over int64).
FailureOr<MatmulProblem> analyzeMatmulProblem(linalg::MatmulOp matmul,
                                              std::string &why);

/// analyzeMatmulProblem, with `why` as an error at the op.
FailureOr<MatmulProblem> getSupportedMatmulProblem(linalg::MatmulOp matmul);

/// What puts an M x N x K problem of `elementType` out of range (M, N or K
/// over kMaxMatmulDimension, an operand over kMaxOperandBytes, 2MNK over
/// int64), or nullopt.
std::optional<std::string> findSizeViolation(int64_t m, int64_t n, int64_t k,
                                             Type elementType);

/// 2 * m * n * k, or nullopt if it overflows int64.
std::optional<int64_t> getFlops(int64_t m, int64_t n, int64_t k);

/// Returns the `linalg.fill` of zero into `matmul`'s output buffer directly
/// before it (memref form), if any: a kernel can start its accumulators at
/// zero instead, and the fill goes away.
linalg::FillOp getFoldableZeroFill(linalg::MatmulOp matmul);

/// Whether `matmul` computes C = A * B: its output is a `linalg.fill` of
/// zero (tensor form: the fill's result; memref form: getFoldableZeroFill).
bool startsFromZero(linalg::MatmulOp matmul);

} // namespace mlir::tileopt

#endif // TILEOPT_ANALYSIS_MATMULPROBLEM_H
