//===- MatmulProblem.h - What tile-opt can compile ----------------*- C++ -*-===//
//
// The shape and element types of a `linalg.matmul`, and the single check of
// whether tile-opt supports it, shared by the configure pass, the mapping
// passes and the report.
//
//===----------------------------------------------------------------------===//
#ifndef TILEOPT_ANALYSIS_MATMULPROBLEM_H
#define TILEOPT_ANALYSIS_MATMULPROBLEM_H

#include "TileOpt/Analysis/FusedEpilogue.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinAttributes.h"

namespace mlir::tileopt {

/// Bytes per element of `elementType` (rounded up).
int64_t getElementBytes(Type elementType);
/// The MLIR spelling of `type` ("f32", "bf16"), as reports and manifests
/// write it.
std::string getTypeName(Type type);

/// How A and B are stored: as linalg.matmul's default indexing maps read
/// them (A[M,K], B[K,N], row-major), or transposed (A stored K x M, B
/// stored N x K: PyTorch's Linear weight), by the op's indexing_maps.
struct OperandLayout {
  bool transposeA = false, transposeB = false;
  /// B is a window of a larger buffer (MatmulProblem::windows): its rows
  /// are not one contiguous K x N array, which b = row_groups and pack_b's
  /// copy read it as.
  bool windowB = false;
  /// No operand stored transposed.
  bool isDefault() const { return !transposeA && !transposeB; }
  /// The rows and columns A (M x K) and B (K x N) are stored in.
  std::pair<int64_t, int64_t> storedA(int64_t m, int64_t k) const {
    return transposeA ? std::pair(k, m) : std::pair(m, k);
  }
  std::pair<int64_t, int64_t> storedB(int64_t k, int64_t n) const {
    return transposeB ? std::pair(n, k) : std::pair(k, n);
  }
};

/// Where an operand lies in the buffer the kernel takes, where that buffer
/// is larger than the operand (a strided view: a memref.subview, or a
/// tensor.extract_slice once bufferized). Element (r, c) of the operand as
/// stored, (b, r, c) of a batch's, is the buffer's element `offset` + b x
/// strides[0] + r x strides[rank - 2] + c: the innermost stride is 1.
struct OperandWindow {
  /// The buffer's shape (a row-major memref of the operand's element type).
  SmallVector<int64_t, 3> bufferShape;
  int64_t offset = 0;
  /// One per dimension of the operand as stored, the last 1.
  SmallVector<int64_t, 3> strides;
};

/// A matmul's operands' names, in operand order.
inline constexpr const char *kMatmulOperandNames[3] = {"A", "B", "C"};

/// C[M,N] (+)= A[M,K] * B[K,N], C row-major, A and B in `layout`. A and B
/// have one element type (f32, f16 or bf16); C is f32 when they are, else
/// f16, bf16 or f32. The products accumulate in f32 (like cuBLAS's
/// CUBLAS_COMPUTE_32F, where linalg would accumulate in C's type).
struct MatmulProblem {
  int64_t m = 0, n = 0, k = 0;
  Type elementType;
  /// True when the kernel adds to C (C += A*B) rather than overwriting it.
  bool accumulate = true;
  /// C's element type; null: `elementType`.
  Type cType;
  OperandLayout layout;
  /// A batched matmul's batch count (linalg.batch_matmul: A, B and C are
  /// `batch` matrices of these shapes, one after the other); 0 for a
  /// matmul of 2-D operands.
  int64_t batch = 0;
  /// A batched matmul whose A is one M x K matrix that every batch reads
  /// (batch_matmul's `(b, m, n, k) -> (m, k)`), or whose B is one K x N
  /// matrix (`-> (k, n)`, where the batch does not fold into M): that
  /// operand's buffer and tensor map are 2-D.
  bool broadcastA = false, broadcastB = false;
  /// A, B and C: the window of a larger buffer each one is, or nullopt
  /// where the operand is its buffer (dense, row-major).
  std::optional<OperandWindow> windows[3];
  /// Elementwise ops applied to C's elements before the kernel stores them
  /// (to the chain's output, of `getOutType()`), in place of C.
  std::optional<FusedEpilogue> epilogue;

  /// The number of M x N x K products: `batch`, or 1.
  int64_t getBatches() const { return std::max<int64_t>(batch, 1); }
  /// Whether operand `name` ("A", "B", "C", an epilogue input) has a
  /// matrix per batch.
  bool isBatched(StringRef name) const {
    if (!batch)
      return false;
    if (epilogue)
      for (auto [i, in] : llvm::enumerate(epilogue->inputs))
        if (name == getEpilogueInputName(i))
          return in.batched;
    return !(broadcastA && name == "A") && !(broadcastB && name == "B");
  }
  /// Operand `name`'s matrices of `rows` x `cols`: [batch, rows, cols]
  /// where it is batched, else [rows, cols].
  SmallVector<int64_t, 3> getOperandShape(StringRef name, int64_t rows,
                                          int64_t cols) const {
    if (!isBatched(name))
      return {rows, cols};
    return {batch, rows, cols};
  }
  /// The window operand `name` ("A", "B", "C") is, or null.
  const OperandWindow *getWindow(StringRef name) const {
    for (auto [i, operand] : llvm::enumerate(kMatmulOperandNames))
      if (name == operand)
        return windows[i] ? &*windows[i] : nullptr;
    return nullptr;
  }
  /// The shape of the buffer the kernel takes for operand `name`, of
  /// `rows` x `cols` matrices: its window's buffer, else the operand's.
  SmallVector<int64_t, 3> getBufferShape(StringRef name, int64_t rows,
                                         int64_t cols) const {
    if (const OperandWindow *window = getWindow(name))
      return window->bufferShape;
    return getOperandShape(name, rows, cols);
  }
  /// A tensor map box of `rows` x `cols` of operand `name`: one batch deep
  /// where it is batched.
  SmallVector<int64_t, 3> getBoxShape(StringRef name, int64_t rows,
                                      int64_t cols) const {
    if (!isBatched(name))
      return {rows, cols};
    return {1, rows, cols};
  }
  Type getCType() const { return cType ? cType : elementType; }
  /// The type the kernel stores: the epilogue's output's, else C's.
  Type getOutType() const {
    return epilogue ? epilogue->outType : getCType();
  }
  std::pair<int64_t, int64_t> getStoredA() const {
    return layout.storedA(m, k);
  }
  std::pair<int64_t, int64_t> getStoredB() const {
    return layout.storedB(k, n);
  }
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
/// The largest batch (the grid's z).
inline constexpr int64_t kMaxBatch = 65535;
/// The largest operand, in bytes (a 48-bit address space).
inline constexpr int64_t kMaxOperandBytes = int64_t(1) << 48;

/// Returns the problem of `matmul`, or fails with `why` completing the
/// sentence "the matmul ...": where it is (device code, a gpu.launch, a
/// nested module), its operands (element type, dynamic shape, indexing maps
/// other than transposes of A and B, layout, memory space, A or B in C's
/// buffer), or its sizes
/// (over kMaxMatmulDimension, kMaxOperandBytes, a FLOP count over int64).
FailureOr<MatmulProblem> analyzeMatmulProblem(linalg::MatmulOp matmul,
                                              std::string &why);

/// The layout of `matmul`'s A and B by its indexing maps; nullopt for maps
/// other than the default's and transposes of A and B (broadcasts, C
/// transposed).
std::optional<OperandLayout> getOperandLayout(linalg::MatmulOp matmul);

/// The value whose storage `v` views (through view-like ops such as casts).
Value getStorageRoot(Value v);

/// The buffer whose elements the memref `v` addresses from the same base
/// (through subviews, casts, reshapes and reinterpret_casts, not through
/// memref.view's byte shift), and where in it `v` lies; fails with `why`
/// completing "operand X ..." where `v`'s layout is not static with unit
/// innermost stride, or the buffer is not a static row-major memref of
/// `v`'s element type that holds all of `v`.
FailureOr<std::pair<Value, OperandWindow>> getOperandWindow(Value v,
                                                            std::string &why);

/// One batch of a 3-D buffer, as --tile-split-batch views it:
/// `memref.subview %root[%b, 0, 0] [1, R, C] [1, 1, 1]` to a 2-D memref,
/// directly in the body of the `tile.batch` forall whose induction
/// variable is %b.
struct BatchView {
  scf::ForallOp loop;
  Value root;
};
/// The batch view `v` is, or nullopt.
std::optional<BatchView> getBatchView(Value v);
/// The trip count of a `tile.batch` forall (normalized, static).
int64_t getBatchCount(scf::ForallOp loop);

/// analyzeMatmulProblem, with `why` as an error at the op.
FailureOr<MatmulProblem> getSupportedMatmulProblem(linalg::MatmulOp matmul);

/// What puts an M x N x K problem of `elementType` out of range (M, N or K
/// over kMaxMatmulDimension, an operand over kMaxOperandBytes, 2MNK over
/// int64), or nullopt. A batched problem (`batch` > 0) counts its operands
/// and FLOPs `batch` times.
std::optional<std::string> findSizeViolation(int64_t m, int64_t n, int64_t k,
                                             Type elementType,
                                             int64_t batch = 0);

/// 2 * m * n * k, or nullopt if it overflows int64.
std::optional<int64_t> getFlops(int64_t m, int64_t n, int64_t k);

/// Returns the `linalg.fill` of zero into `matmul`'s output buffer directly
/// before it (memref form), if any: a kernel can start its accumulators at
/// zero instead, and the fill goes away.
linalg::FillOp getFoldableZeroFill(linalg::MatmulOp matmul);

/// The fused epilogue of `matmul` (memref form): matchEpilogueChain from
/// the matmul over its C, or for one batch of a batched matmul from its
/// batch loop over C's 3-D buffer. analyzeMatmulProblem records its
/// program.
std::optional<EpilogueChain> getEpilogueChain(linalg::MatmulOp matmul,
                                              std::string &why,
                                              Operation *&refused);

/// Whether `matmul` computes C = A * B: its output is a `linalg.fill` of
/// zero (tensor form: the fill's result; memref form: getFoldableZeroFill).
bool startsFromZero(linalg::MatmulOp matmul);

} // namespace mlir::tileopt

#endif // TILEOPT_ANALYSIS_MATMULPROBLEM_H
