//===- InstructionTile.h - The instruction that multiplies panels -*- C++ -*-===//
//
// An instruction tile owns the thread (lane, warpgroup) layout of a
// kernel's accumulators and the per-K-step compute: it reads both operands'
// current stage (`OperandSource`, as the copier laid them out) and updates
// the accumulators, which stay in registers for the whole K loop. It hands
// the epilogue an `AccumulatorLayout`: which element of the block tile each
// accumulator holds. The scalar FMA tile reads the stages element by
// element; the warpgroup wgmma tile reads descriptors of swizzled stages and
// carries its accumulators as one struct per instruction.
//
//===----------------------------------------------------------------------===//
#ifndef TILEOPT_CODEGEN_INSTRUCTIONTILE_H
#define TILEOPT_CODEGEN_INSTRUCTIONTILE_H

#include "TileOpt/Codegen/KernelContext.h"

#include <memory>

namespace mlir::tileopt {

/// The block-tile element of each accumulator: accumulator i x cols + j
/// holds (rows[i], cols[j]). The fragment's rows are `rowGroups` groups of
/// `rowChunk` rows per warp row (first row `rowBase`); `warpRow` is the
/// thread's warp row, which spans `warpRows` rows. Epilogues that regroup
/// the fragment through shared memory read these. Rows and columns ascend
/// with their index.
struct AccumulatorLayout {
  SmallVector<Value> rows, cols;
  Value rowBase, warpRow;
  int64_t rowGroups = 0, rowChunk = 1, colChunk = 1, warpRows = 0;
};

class InstructionTile {
public:
  virtual ~InstructionTile() = default;
  virtual const InstructionTileTraits &getTraits() const = 0;
  /// Emits the thread's position in the tile (at the kernel's start).
  virtual void emitThreadLayout(gpu::KernelDim3 threadIds) = 0;
  /// Emits the accumulators' block-tile rows, then columns, calling
  /// `onIndex(isRow, index)` after each.
  virtual void
  emitAccumulatorIndices(function_ref<void(bool isRow, Value)> onIndex) = 0;
  virtual const AccumulatorLayout &getAccumulatorLayout() const = 0;
  /// The loop-carried form of the accumulators from their values in the
  /// layout's order (one value each), and back: the FMA tile carries them
  /// as they are, the wgmma tile as one struct per instruction.
  virtual SmallVector<Value> packAccumulators(ValueRange values) {
    return SmallVector<Value>(values);
  }
  virtual SmallVector<Value> unpackAccumulators(ValueRange carried) {
    return SmallVector<Value>(carried);
  }
  /// Emits one K step, accs += A * B over the stage: returns the new
  /// (loop-carried) accumulators.
  virtual SmallVector<Value> emitStep(OperandSource a, OperandSource b,
                                      ValueRange accs) = 0;
  /// Registers a step's instructions read that the warp-specialised K loop
  /// loads one step ahead (the wgmma tile's TF32 A fragments), so that the
  /// loads and the next stage's wait overlap the step's instructions: how
  /// many values the loop carries after the accumulators (0: none), and
  /// their loads from a stage. With them the loop calls `emitStepAhead`:
  /// `carried` ends with the step's values; the tile calls `next` (the
  /// next step's wait and loads, or zeros after the last step) once its
  /// instructions are issued, and returns the new accumulators and then
  /// the next step's values.
  virtual int64_t getPrefetchCount() const { return 0; }
  virtual SmallVector<Value> emitPrefetch(OperandSource a, OperandSource b) {
    return {};
  }
  virtual SmallVector<Value>
  emitStepAhead(OperandSource a, OperandSource b, ValueRange carried,
                function_ref<SmallVector<Value>()> next) {
    llvm_unreachable("the tile loads nothing ahead");
  }
  /// The K steps after its own until which a step still reads its stage:
  /// 0 when `emitStep` has consumed the operands on return, 1 when its
  /// instructions may still run until the next step's `emitStep` returns.
  virtual int64_t getStageReleaseLag() const { return 0; }
  /// After the K loop: the accumulators must be final (wait for what is
  /// in flight).
  virtual void emitLoopExit() {}
  /// After the K loop is built (e.g. unrolls the step's inner loop).
  virtual LogicalResult finish() = 0;
};

/// The scalar FMA tile: TM x TN accumulators per thread (plan.fma).
std::unique_ptr<InstructionTile> createFmaTile(KernelContext &ctx);

/// The wgmma tile: warpgroups of wgmma.mma_async from swizzled stages
/// (plan.wgmma).
std::unique_ptr<InstructionTile> createWgmmaTile(KernelContext &ctx);

} // namespace mlir::tileopt

#endif // TILEOPT_CODEGEN_INSTRUCTIONTILE_H
