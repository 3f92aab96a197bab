//===- PartialSums.h - Split tiles' partial sums in a workspace -*- C++ -*-===//
//
// Stream-K and split_tail leave the partial sum of a tile's K range in a
// workspace slot per block (StreamKPlan), for the tile's owner or its other
// parts to add. A slot holds each epilogue thread's accumulators in chunks
// of `width` (4 where a thread's accumulators are a multiple of 4, else
// 1), chunk q of all threads side by side, so that a warp's accesses are
// consecutive: the thread's chunk q lies at (q x threads + tid) x width.
// Chunks whose elements all lie outside C (an edge tile's padding rows or
// columns: most of a 64-row tile for M = 16) are neither stored, summed nor
// loaded: a chunk mask says which are inside.
//
//===----------------------------------------------------------------------===//
#ifndef TILEOPT_CODEGEN_PARTIALSUMS_H
#define TILEOPT_CODEGEN_PARTIALSUMS_H

#include "TileOpt/Codegen/Epilogue.h"

namespace mlir::tileopt {

class PartialSums {
public:
  /// `partials`: the workspace's slots as one 1-D buffer of the
  /// accumulators' type, `slotElements` each.
  PartialSums(KernelContext &ctx, Value partials, int64_t slotElements);

  /// An i64 whose bit q says that the thread's chunk q has an element
  /// inside C's current tile, from the epilogue's fragment bounds; null
  /// where every chunk is (the tile is whole by C's static sizes, or the
  /// thread has more than 64 chunks) and with the fma tile.
  Value emitChunkMask(Epilogue &epilogue);
  /// Stores the thread's accumulators in slot `slot`, the chunks in `mask`
  /// (null: all).
  void emitStore(Value slot, ValueRange accumulators, Value mask);
  /// Loads the thread's chunks of slot `slot`, handing each element to
  /// `use` with its accumulator's index (zero outside `mask`).
  void emitLoad(Value slot, Value mask, function_ref<void(int64_t, Value)> use);
  /// split_tail: part `part` of the `split` consecutive slots from
  /// `firstSlot` sums its share of their chunks and stores the sums over
  /// `firstSlot`'s. The shares, units of a chunk index and a group of
  /// threads (enough groups that every part has a unit where chunks are
  /// fewer than parts), go to the parts in turn, so that an edge tile's
  /// chunks outside C (whole warps' rows, or whole column chunks) leave
  /// every part about the same work; each thread sums only its own chunks
  /// (those of its position in the tile), under `mask`.
  void emitSumShare(Value firstSlot, Value part, int64_t split, Value mask);

private:
  Value getIndex(Value slot, Value chunk);
  Value isInMask(Value mask, Value chunk);

  KernelContext &ctx;
  IndexBuilder ib;
  Value partials;
  int64_t slotElements, threads, width, chunks;
};

} // namespace mlir::tileopt

#endif // TILEOPT_CODEGEN_PARTIALSUMS_H
