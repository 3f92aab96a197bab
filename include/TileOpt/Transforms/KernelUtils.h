//===- KernelUtils.h - Helpers shared by the kernel-building passes -*- C++ -*-===//
//
// Small pieces of mechanism that more than one mapping pass needs: what
// counts as workgroup memory, and how a launch pins its kernel ABI.
//
//===----------------------------------------------------------------------===//
#ifndef TILEOPT_TRANSFORMS_KERNELUTILS_H
#define TILEOPT_TRANSFORMS_KERNELUTILS_H

#include "TileOpt/Analysis/MatmulProblem.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"

#include <string>

namespace mlir::tileopt {

/// True for a memref in `#gpu.address_space<workgroup>` (shared memory).
bool isWorkgroupMemRef(Type type);

/// The buffer a kernel takes for `operand`: where the operand is a window
/// of a larger buffer (a strided layout; MatmulProblem::windows), that
/// buffer, and the uses of the operand in `launch`'s body read a
/// memref.reinterpret_cast of it to the operand's type, made at the body's
/// start; otherwise the operand itself.
Value takeWindowBuffer(RewriterBase &rewriter, gpu::LaunchOp launch,
                       Value operand);

/// Gives the kernel the alignment its ABI promises: each of `operands` (A,
/// B, C) is used in the body through a `memref.assume_alignment`
/// (kArgumentAlignment bytes), placed at the body's start in this order.
/// The parameter order itself is `tile.kernel_arguments`'s. Returns the
/// last `memref.assume_alignment` (null when `operands` is empty).
Operation *pinKernelOperands(RewriterBase &rewriter, gpu::LaunchOp launch,
                             ArrayRef<Value> operands);

/// A batched matmul's operands (its `tile.batch` loop's views of A, B and
/// C, getBatchView): the kernel's arguments are the 3-D buffers (and a
/// broadcast A's 2-D one), and the kernel views its tile's batch of them
/// (blockIdx.z, or a persistent grid's tile's).
struct BatchedOperands {
  scf::ForallOp loop;
  Value views[3], roots[3];
};

/// The batch views `views` (A, B, C) of `op`, which the loop holds
/// directly (an operand that `problem` broadcasts is the matrix of every
/// batch, its own root); an error at `op` when they are not all views of
/// one such loop or the loop holds an op that needs the batch besides
/// them, `op` and `owned` (ops the caller erases, such as C's zero fill).
/// The loop's other ops (the tiling's constants) move before it, where the
/// launch will be.
FailureOr<BatchedOperands>
getBatchedOperands(RewriterBase &rewriter, Operation *op,
                   ArrayRef<Value> views, const MatmulProblem &problem,
                   ArrayRef<Operation *> owned = {});

/// The loop's views of A, B and C with `batch` for its induction variable,
/// at the rewriter's insertion point (in the kernel, where the tile's
/// batch is known).
SmallVector<Value, 3> viewBatch(RewriterBase &rewriter,
                                const BatchedOperands &batched, Value batch);

/// The fused epilogue's `inputs` as batch `batch` reads them, at the
/// rewriter's insertion point: a batched input's matrix or vector of that
/// batch (a rank-reduced subview of its buffer), the others as they are.
SmallVector<Value> viewEpilogueInputs(RewriterBase &rewriter, Location loc,
                                      const FusedEpilogue &epilogue,
                                      ValueRange inputs, Value batch);

/// `views` (viewBatch's) in place of the loop's inside `launch`; then
/// erases the loop, which must hold nothing else by then.
void replaceBatchLoop(RewriterBase &rewriter, gpu::LaunchOp launch,
                      const BatchedOperands &batched, ArrayRef<Value> views);

/// A subview of `source` with `view`'s offsets, sizes and strides and
/// element type `elementType`, made right after `view`: the same window of
/// a fused epilogue's output as `view` is of C.
Value cloneSubViewOf(RewriterBase &rewriter, memref::SubViewOp view,
                     Value source, Type elementType);

/// Erases a batch loop's view of C that a fused epilogue's output replaces
/// (the view goes with the loop); what still reads it (the matmul and C's
/// fill, until the kernel replaces them) reads ub.poison instead.
void poisonBatchView(RewriterBase &rewriter, memref::SubViewOp view);

/// The longest kernel name stem sanitizeKernelName returns (with
/// `_matmul_<i>` and `.cubin`, well within a 255-byte file name).
inline constexpr size_t kMaxKernelNameStem = 200;

/// `name` as a PTX identifier: every character but [A-Za-z0-9_] becomes `_`,
/// and a name that would not start with a letter or `_` gets a `k` in front;
/// one longer than kMaxKernelNameStem keeps its start and ends in `_` and 16
/// hex digits of a hash of `name`.
std::string sanitizeKernelName(StringRef name);

/// The name of the next kernel for `op`: `<function>_matmul_<i>`, with the
/// function enclosing `op` sanitised (sanitizeKernelName), for the smallest i
/// that no gpu.launch, gpu.launch_func or symbol (`<name>` or
/// `<name>_module`) under `scope` uses yet.
std::string getUniqueKernelName(Operation *scope, Operation *op);

} // namespace mlir::tileopt

#endif // TILEOPT_TRANSFORMS_KERNELUTILS_H
