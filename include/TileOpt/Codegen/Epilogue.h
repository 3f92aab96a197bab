//===- Epilogue.h - Accumulators to C ---------------------------*- C++ -*-===//
//
// The epilogue starts the accumulators (zero, or C's element for C += A * B)
// and, after the K loop, writes them to C through the plan's
// `EpilogueKind`: direct stores under bounds branches, predicated vector
// stores on edge tiles, a pass through shared memory that coalesces rows
// of C that are not 16-byte multiples, or (the wgmma tile) the whole tile
// through shared memory out in row vectors. It reads the instruction
// tile's `AccumulatorLayout` and nothing else of the tile. A fused
// epilogue's ops apply to each value before it is stored, its inputs read
// at the value's place in C (clamped into C on edge tiles, whose values
// outside C are not stored).
//
//===----------------------------------------------------------------------===//
#ifndef TILEOPT_CODEGEN_EPILOGUE_H
#define TILEOPT_CODEGEN_EPILOGUE_H

#include "TileOpt/Codegen/InstructionTile.h"

namespace mlir::tileopt {

class Epilogue {
public:
  Epilogue(KernelContext &ctx, const AccumulatorLayout &layout)
      : ctx(ctx), layout(layout), ib(ctx.ib()) {}

  /// Before the tile's accumulator indices: C's tile sizes, where the
  /// bounds are taken before the K loop.
  void emitBoundsPrologue();
  /// After each accumulator index: whether it lies inside C.
  void addIndex(bool isRow, Value index);
  /// The accumulators' first values: zero, or (C += A * B) C's elements
  /// where `owner` holds (null: always; Stream-K's tile owner).
  SmallVector<Value> emitInits(Value owner);
  /// After K: the accumulators `results` to C.
  void emitStore(ValueRange results);
  /// Whether each fragment row (`rows`) and column (`cols`) lies inside
  /// C's current tile, in the accumulator layout's order (null: always, by
  /// C's static sizes); replaces what `rows` and `cols` held.
  void emitFragmentBounds(SmallVectorImpl<Value> &rows,
                          SmallVectorImpl<Value> &cols);

private:
  Value emitBound(bool isRow, Value index);
  /// The fused epilogue over the fragment's values (C's type), each input
  /// loaded once per fragment row or column it depends on.
  SmallVector<Value> emitFused(ArrayRef<Value> values);
  /// The fused epilogue of one value at tile row `row`, column `col`.
  Value emitFusedAt(Value value, Value row, Value col);
  /// The inputs' elements at C's (`row`, `col`) (clamped into C), where an
  /// input depends on each.
  Value loadInput(int64_t input, Value row, Value col);
  Value clampRow(Value row);
  Value clampCol(Value col);
  void emitPredicatedStore(ValueRange results);
  void emitStagedStore(ValueRange results);
  void emitRowsStore(ValueRange results);
  /// Whether the bounds are taken before the K loop (not only at the
  /// store).
  bool boundsBeforeLoop() const;
  /// Whether the block may run another tile or K range after this store
  /// (any scheduler but data-parallel), whose copies refill the stages a
  /// pass through shared memory read: the pass ends with a block barrier.
  bool blockRunsMore() const {
    return ctx.plan.scheduler != TileSchedulerKind::DataParallel;
  }

  KernelContext &ctx;
  const AccumulatorLayout &layout;
  IndexBuilder ib;
  SmallVector<OpFoldResult> cSizes;
  /// Whether each accumulator row and column is inside C (null: always).
  SmallVector<Value> rowIn, colIn;
};

/// The epilogue's threads: the block's, or all but a producer warpgroup's
/// (which is not in the epilogue); their count, a thread's index among
/// them, and a barrier among them (the block's, or barrier 1).
int64_t getEpilogueThreads(const KernelPlan &plan);
Value getEpilogueTid(KernelContext &ctx);
void emitEpilogueBarrier(KernelContext &ctx);

} // namespace mlir::tileopt

#endif // TILEOPT_CODEGEN_EPILOGUE_H
