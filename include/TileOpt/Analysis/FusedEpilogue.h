//===- FusedEpilogue.h - Elementwise ops fused into a matmul's store -*- C++ -*-===//
//
// A fused epilogue is a chain of elementwise linalg ops (memref form) that
// directly follow a matmul and consume its result: bias vectors, residual
// matrices, activations, scaling, a cast. The kernel applies them to each
// output element before its one store, so the matmul's own C never goes to
// memory. The chain is recorded as a small straight-line program over
// scalars (`FusedEpilogue`) that the kernel emitter rebuilds from ops and
// tile-run interprets in FP64 from the manifest: one description, two
// readers.
//
//===----------------------------------------------------------------------===//
#ifndef TILEOPT_ANALYSIS_FUSEDEPILOGUE_H
#define TILEOPT_ANALYSIS_FUSEDEPILOGUE_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"

#include <optional>
#include <string>

namespace mlir::tileopt {

/// How output element (m, n) indexes an epilogue input: an M x N matrix
/// (a residual), a vector of N (a bias per column), or a vector of M.
enum class EpilogueIndex { MN, N, M };
StringRef stringifyEpilogueIndex(EpilogueIndex index);

/// The most inputs an epilogue reads, and input i's name (`E1`, `E2`, ...:
/// its kernel parameter's and its name in `describe`).
inline constexpr int64_t kMaxEpilogueInputs = 8;
StringRef getEpilogueInputName(int64_t i);

/// One input buffer of the epilogue besides the matmul's result.
struct EpilogueInput {
  EpilogueIndex index = EpilogueIndex::MN;
  Type elementType;
  /// A batched matmul's input with a matrix (or vector) per batch, its
  /// buffer one batch after the other; false: every batch reads the same.
  bool batched = false;
  /// Its buffer's rows and columns: M x N, 1 x N or M x 1.
  std::pair<int64_t, int64_t> getShape(int64_t m, int64_t n) const {
    return {index == EpilogueIndex::N ? 1 : m, index == EpilogueIndex::M ? 1 : n};
  }
};

/// One scalar op of the program. Values are numbered: 0 is the matmul's
/// result in C's type, 1 .. inputs the inputs' elements, then one per step
/// in order. `op` is the op's name without its dialect prefix for arith
/// (`addf`, `cmpf`, `constant`, ...) and with `math.` for math ops.
struct EpilogueStep {
  std::string op;
  SmallVector<int64_t, 3> operands;
  /// The step's result type (f32, f16, bf16; i1 for cmpf).
  Type type;
  /// `constant`: its value.
  double value = 0;
  /// `cmpf`: the predicate's name (`ogt`, `ult`, ...).
  std::string predicate;
};

struct FusedEpilogue {
  SmallVector<EpilogueInput> inputs;
  SmallVector<EpilogueStep> steps;
  /// The value stored, of type `outType` (the output buffer's).
  int64_t result = 0;
  Type outType;

  /// Arithmetic steps per output element (constants and casts not counted).
  int64_t getOpsPerElement() const;
  /// Whether the kernel may compute the program less exactly than its ops
  /// say: for a 16-bit output, whose one rounding (2^-11 or 2^-8 relative)
  /// is as large as the error of approximate instructions or larger. Then
  /// products and sums may contract into FMAs, and some steps are
  /// approximate instructions (getApproximation). f32 outputs keep every
  /// op's rounding, upstream's f32 polynomials and correctly rounded
  /// division.
  bool allowsApproximation() const;
  /// Where the kernel computes `step` with an approximate PTX instruction,
  /// the instruction and the relative error it promises: tanh as
  /// `tanh.approx.f32`, exp as `ex2.approx` of x log2(e) (both in f32 for
  /// 16-bit steps too), f32 division as `div.full.f32`.
  struct Approximation {
    StringRef instruction;
    double relativeError;
  };
  std::optional<Approximation> getApproximation(const EpilogueStep &step) const;
  /// The program as one expression over `x` (the matmul's result, or
  /// `matmul`'s text) and `E1[m, n]`, `E2[n]`, ... (the inputs), for
  /// reports and messages.
  std::string describe(StringRef matmul = "x") const;

  DictionaryAttr toAttr(MLIRContext *ctx) const;
  static std::optional<FusedEpilogue> fromAttr(DictionaryAttr attr);

  /// Builds the program's ops at `b`'s insertion point: `x` the matmul's
  /// result (in C's type), `inputs` one element of each input. Returns the
  /// value to store (of `outType`).
  Value emit(OpBuilder &b, Location loc, Value x, ValueRange inputs) const;
};

/// A matmul's fused epilogue as found in the IR: the chain of ops, the
/// input buffers in the program's order, and the buffer the kernel writes
/// (the chain's last output) instead of the matmul's C.
struct EpilogueChain {
  SmallVector<linalg::LinalgOp> ops;
  SmallVector<Value> inputs;
  Value output;
  FusedEpilogue epilogue;
  /// The buffers the chain replaces (C's unless updated in place, then
  /// the intermediate results'), private to the producer and the chain.
  SmallVector<Value> temporaries;
  /// The allocations and pure ops between the producer and the chain's
  /// last op, which the kernel's launch needs before the producer.
  SmallVector<Operation *> between;
};

/// The fused epilogue of the matmul result in buffer `c` written by
/// `producer` (the matmul, or its block tile; a batched matmul's batch
/// loop, `c` then batch x M x N, its ops over (b, m, n)): the linalg ops
/// directly after `producer` that each read the previous result elementwise.
/// None when the op after `producer` does not read `c`; when it does but cannot
/// be fused, none, and `why` says why (completing "not fused into the
/// matmul's kernel: ..."), with `refused` the op. `accumulate`: the kernel
/// adds to `c` (it then must be the chain's output as well); `operands`:
/// the matmul's A and B, which the chain must not write.
std::optional<EpilogueChain>
matchEpilogueChain(Operation *producer, Value c, ValueRange operands,
                   bool accumulate, std::string &why, Operation *&refused);

/// Moves `chain`'s `between` ops before `producer`, where the kernel that
/// replaces it uses the chain's buffers.
void hoistEpilogueBuffers(RewriterBase &rewriter, EpilogueChain &chain,
                          Operation *producer);

/// Removes what a kernel with `chain` fused replaces: the chain's ops, then
/// the temporaries' allocations, fills and deallocations.
void eraseFusedEpilogue(RewriterBase &rewriter, const EpilogueChain &chain);

/// Rewrites the math functions of epilogues under `root` (exp, tanh, erf)
/// as upstream's f32 polynomial approximations (those `emit` did not make
/// approximate instructions).
void approximateEpilogueMath(Operation *root);

} // namespace mlir::tileopt

#endif // TILEOPT_ANALYSIS_FUSEDEPILOGUE_H
