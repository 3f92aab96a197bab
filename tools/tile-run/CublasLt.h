//===- CublasLt.h - The cuBLASLt reference of a benchmark ------*- C++ -*-===//
//
// tile-run's second cuBLAS baseline: cublasLtMatmul with the heuristic's top
// algorithms for the problem, of which the benchmark times the fastest;
// with a fused epilogue, also cuBLASLt's own epilogue where one computes
// the same (GELU_BIAS, RELU_BIAS, BIAS, GELU, RELU).
//
//===----------------------------------------------------------------------===//
#ifndef TILERUN_CUBLASLT_H
#define TILERUN_CUBLASLT_H

#include "ElementType.h"

#include <cublasLt.h>

#include <cstdint>
#include <string>
#include <vector>

namespace tilerun {

/// A cuBLASLt epilogue on C (CUBLASLT_MATMUL_DESC_EPILOGUE) and its bias:
/// a vector of N (one per column of row-major C; cuBLASLt's rows of C^T)
/// of `biasType`, for the *_BIAS kinds.
struct LtEpilogue {
  cublasLtEpilogue_t kind = CUBLASLT_EPILOGUE_DEFAULT;
  uint64_t bias = 0;
  ElementType biasType = ElementType::F32;
  std::string name; ///< "GELU_BIAS", ...
  /// A batch's bias: elements between the batches' vectors (0: one for
  /// every batch).
  int64_t biasBatchStride = 0;
};

/// Row-major C = A * B + beta * C of A (M x K), B (K x N), C (M x N) through
/// column-major cuBLASLt as C^T = B^T A^T, products accumulated in f32
/// (CUBLAS_COMPUTE_32F: tensor cores for 16-bit operands, no TF32 for f32
/// ones, as the cublasGemmEx / SGEMM baseline).
class LtGemm {
public:
  LtGemm() = default;
  LtGemm(const LtGemm &) = delete;
  LtGemm &operator=(const LtGemm &) = delete;
  ~LtGemm();

  /// Creates the handle, the operation and the layouts (A stored K x M
  /// with `transposeA`, B N x K with `transposeB`), and asks the heuristic
  /// for up to `maxAlgorithms` algorithms that need at most
  /// `workspaceBytes` of `workspace`; `batch` > 0: that many matmuls, each
  /// operand's matrices one after the other (A's `strideA` elements apart,
  /// B's `strideB`: 0 for one matrix of every batch; negative: M x K, K x
  /// N). On failure returns false with `error`.
  bool init(int64_t m, int64_t n, int64_t k, bool transposeA, bool transposeB,
            ElementType ab, ElementType c, uint64_t workspace,
            size_t workspaceBytes, int maxAlgorithms, std::string &error,
            const LtEpilogue *epilogue = nullptr, int64_t batch = 0,
            int64_t strideA = -1, int64_t strideB = -1);
  /// The heuristic's algorithms, best-predicted first.
  int algorithmCount() const { return static_cast<int>(algorithms.size()); }
  /// One matmul with algorithm `i` on the default stream.
  cublasStatus_t run(int i, uint64_t a, uint64_t b, uint64_t c,
                     float beta) const;

private:
  cublasLtHandle_t handle = nullptr;
  cublasLtMatmulDesc_t operation = nullptr;
  cublasLtMatrixLayout_t layoutA = nullptr, layoutB = nullptr,
                         layoutC = nullptr;
  cublasLtMatmulPreference_t preference = nullptr;
  std::vector<cublasLtMatmulHeuristicResult_t> algorithms;
  uint64_t workspace = 0;
  size_t workspaceBytes = 0;
};

} // namespace tilerun

#endif // TILERUN_CUBLASLT_H
