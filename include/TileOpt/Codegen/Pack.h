//===- Pack.h - The grid prologue that copies operands ------------*- C++ -*-===//
//
// The pack is not a copier: it is the kernel's first act, by all blocks of
// the grid together, after which the TMA copier reads the copies through
// their tensor maps: pack_b's copy of B with aligned rows, or the TF32
// precisions' copies of A and of B transposed, rounded or split.
//
//===----------------------------------------------------------------------===//
#ifndef TILEOPT_CODEGEN_PACK_H
#define TILEOPT_CODEGEN_PACK_H

#include "TileOpt/Analysis/Target.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::tileopt {

/// The 32 x 33 f32 shared tiles a transposing copy uses at once, 128
/// bytes into the kernel's dynamic shared memory (after the ticket word),
/// and the bytes that take.
inline constexpr int64_t kPackTransposeTiles = 8;
inline constexpr int64_t kPackTransposeOffset = 128;
inline constexpr int64_t kPackTransposeBytes =
    kPackTransposeOffset + kPackTransposeTiles * 32 * 33 * 4;

/// The blocks make `plan.copies` of `globalA` and `globalB` in the
/// workspace and meet at a grid barrier before any block reads a copy.
/// `block` is the block's linear index, `tid` the thread's; `ticketWord` a
/// shared i32 (needed when the grid is more than the packers);
/// `transposeTile` kPackTransposeTiles shared 32 x 33 f32 tiles (needed
/// for a transposed copy).
void emitPack(RewriterBase &rewriter, Location loc, const PackPlan &plan,
              Value globalA, Value globalB, Value workspace, Value block,
              Value tid, int64_t numThreads, Value ticketWord,
              Value transposeTile);

} // namespace mlir::tileopt

#endif // TILEOPT_CODEGEN_PACK_H
