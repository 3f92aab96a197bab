//===- CublasLt.cpp - The cuBLASLt reference of a benchmark --------------===//
//
// See CublasLt.h.
//
//===----------------------------------------------------------------------===//
#include "CublasLt.h"

#include <utility>

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

bool LtGemm::init(int64_t m, int64_t n, int64_t k, bool transposeA,
                  bool transposeB, ElementType ab, ElementType c,
                  uint64_t workspacePtr, size_t bytes, int maxAlgorithms,
                  std::string &error, const LtEpilogue *epilogue,
                  int64_t batch, int64_t strideA, int64_t strideB) {
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
  // B stored N x K (transposed) is K x N column-major, transposed by the
  // operation; A stored K x M likewise.
  cublasOperation_t opB = transposeB ? CUBLAS_OP_T : CUBLAS_OP_N;
  cublasOperation_t opA = transposeA ? CUBLAS_OP_T : CUBLAS_OP_N;
  auto stored = [](bool transposed, int64_t rows, int64_t cols) {
    return transposed ? std::pair(cols, rows) : std::pair(rows, cols);
  };
  // A batch: the layout's matrices `stride` elements apart.
  auto setBatch = [&](cublasLtMatrixLayout_t layout, int64_t count,
                      int64_t stride) {
    int32_t c = static_cast<int32_t>(count);
    return !count ||
           (check(cublasLtMatrixLayoutSetAttribute(
                      layout, CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT, &c, sizeof c),
                  "setting the batch count") &&
            check(cublasLtMatrixLayoutSetAttribute(
                      layout, CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET,
                      &stride, sizeof stride),
                  "setting the batch stride"));
  };
  auto [bRows, bCols] = stored(transposeB, n, k);
  auto [aRows, aCols] = stored(transposeA, k, m);
  if (!check(cublasLtCreate(&handle), "cublasLtCreate") ||
      !check(
          cublasLtMatmulDescCreate(&operation, CUBLAS_COMPUTE_32F, CUDA_R_32F),
          "cublasLtMatmulDescCreate") ||
      !check(cublasLtMatmulDescSetAttribute(
                 operation, CUBLASLT_MATMUL_DESC_TRANSA, &opB, sizeof opB),
             "cublasLtMatmulDescSetAttribute") ||
      !check(cublasLtMatmulDescSetAttribute(
                 operation, CUBLASLT_MATMUL_DESC_TRANSB, &opA, sizeof opA),
             "cublasLtMatmulDescSetAttribute") ||
      !check(
          cublasLtMatrixLayoutCreate(&layoutA, toCuda(ab), bRows, bCols, bRows),
          "cublasLtMatrixLayoutCreate") ||
      !check(
          cublasLtMatrixLayoutCreate(&layoutB, toCuda(ab), aRows, aCols, aRows),
          "cublasLtMatrixLayoutCreate") ||
      !check(cublasLtMatrixLayoutCreate(&layoutC, toCuda(c), n, m, n),
             "cublasLtMatrixLayoutCreate") ||
      !setBatch(layoutA, batch, strideB < 0 ? k * n : strideB) ||
      !setBatch(layoutB, batch, strideA < 0 ? m * k : strideA) ||
      !setBatch(layoutC, batch, m * n) ||
      !check(cublasLtMatmulPreferenceCreate(&preference),
             "cublasLtMatmulPreferenceCreate") ||
      !check(cublasLtMatmulPreferenceSetAttribute(
                 preference, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES,
                 &workspaceBytes, sizeof workspaceBytes),
             "cublasLtMatmulPreferenceSetAttribute"))
    return false;
  if (epilogue) {
    cudaDataType biasType = toCuda(epilogue->biasType);
    if (!check(cublasLtMatmulDescSetAttribute(
                   operation, CUBLASLT_MATMUL_DESC_EPILOGUE, &epilogue->kind,
                   sizeof epilogue->kind),
               "setting the epilogue") ||
        (epilogue->bias &&
         (!check(cublasLtMatmulDescSetAttribute(
                     operation, CUBLASLT_MATMUL_DESC_BIAS_POINTER,
                     &epilogue->bias, sizeof epilogue->bias),
                 "setting the bias") ||
          !check(cublasLtMatmulDescSetAttribute(
                     operation, CUBLASLT_MATMUL_DESC_BIAS_DATA_TYPE, &biasType,
                     sizeof biasType),
                 "setting the bias type") ||
          !check(cublasLtMatmulDescSetAttribute(
                     operation, CUBLASLT_MATMUL_DESC_BIAS_BATCH_STRIDE,
                     &epilogue->biasBatchStride,
                     sizeof epilogue->biasBatchStride),
                 "setting the bias's batch stride"))))
      return false;
  }
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
