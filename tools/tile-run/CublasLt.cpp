//===- CublasLt.cpp - The cuBLASLt reference of a benchmark --------------===//
//
// See CublasLt.h.
//
//===----------------------------------------------------------------------===//
#include "CublasLt.h"

using namespace tilerun;

namespace {
cudaDataType toCuda(ElementType type) {
  return type == ElementType::F16    ? CUDA_R_16F
         : type == ElementType::BF16 ? CUDA_R_16BF
                                     : CUDA_R_32F;
}
} // namespace

LtGemm::~LtGemm() {
  if (preference)
    cublasLtMatmulPreferenceDestroy(preference);
  for (cublasLtMatrixLayout_t layout : {layoutA, layoutB, layoutC})
    if (layout)
      cublasLtMatrixLayoutDestroy(layout);
  if (operation)
    cublasLtMatmulDescDestroy(operation);
  if (handle)
    cublasLtDestroy(handle);
}

bool LtGemm::init(int64_t m, int64_t n, int64_t k, ElementType ab,
                  ElementType c, uint64_t workspacePtr, size_t bytes,
                  int maxAlgorithms, std::string &error) {
  workspace = workspacePtr;
  workspaceBytes = bytes;
  auto check = [&](cublasStatus_t s, const char *what) {
    if (s == CUBLAS_STATUS_SUCCESS)
      return true;
    error = std::string(what) + " failed: " + cublasGetStatusString(s);
    return false;
  };
  // Column-major: the first operand is B^T (N x K, leading dimension N),
  // the second A^T (K x M, leading K), the result C^T (N x M, leading N).
  if (!check(cublasLtCreate(&handle), "cublasLtCreate") ||
      !check(
          cublasLtMatmulDescCreate(&operation, CUBLAS_COMPUTE_32F, CUDA_R_32F),
          "cublasLtMatmulDescCreate") ||
      !check(cublasLtMatrixLayoutCreate(&layoutA, toCuda(ab), n, k, n),
             "cublasLtMatrixLayoutCreate") ||
      !check(cublasLtMatrixLayoutCreate(&layoutB, toCuda(ab), k, m, k),
             "cublasLtMatrixLayoutCreate") ||
      !check(cublasLtMatrixLayoutCreate(&layoutC, toCuda(c), n, m, n),
             "cublasLtMatrixLayoutCreate") ||
      !check(cublasLtMatmulPreferenceCreate(&preference),
             "cublasLtMatmulPreferenceCreate") ||
      !check(cublasLtMatmulPreferenceSetAttribute(
                 preference, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES,
                 &workspaceBytes, sizeof workspaceBytes),
             "cublasLtMatmulPreferenceSetAttribute"))
    return false;
  algorithms.resize(static_cast<size_t>(maxAlgorithms));
  int found = 0;
  if (!check(cublasLtMatmulAlgoGetHeuristic(
                 handle, operation, layoutA, layoutB, layoutC, layoutC,
                 preference, maxAlgorithms, algorithms.data(), &found),
             "cublasLtMatmulAlgoGetHeuristic"))
    return false;
  algorithms.resize(static_cast<size_t>(found));
  if (algorithms.empty()) {
    error = "cublasLtMatmulAlgoGetHeuristic found no algorithm";
    return false;
  }
  return true;
}

cublasStatus_t LtGemm::run(int i, uint64_t a, uint64_t b, uint64_t c,
                           float beta) const {
  float alpha = 1.0f;
  return cublasLtMatmul(
      handle, operation, &alpha, reinterpret_cast<const void *>(b), layoutA,
      reinterpret_cast<const void *>(a), layoutB, &beta,
      reinterpret_cast<const void *>(c), layoutC, reinterpret_cast<void *>(c),
      layoutC, &algorithms[static_cast<size_t>(i)].algo,
      reinterpret_cast<void *>(workspace), workspaceBytes, nullptr);
}
