//===- PackB.h - pack_b: a grid prologue that copies B ------------*- C++ -*-===//
//
// pack_b is not a copier: it is the kernel's first act, by all blocks of the
// grid together, after which the TMA copier reads B's aligned copy through
// its tensor map.
//
//===----------------------------------------------------------------------===//
#ifndef TILEOPT_CODEGEN_PACKB_H
#define TILEOPT_CODEGEN_PACKB_H

#include "TileOpt/Analysis/Target.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::tileopt {

/// The blocks copy B (K x N, rows N elements apart) into the workspace at
/// `plan.offset`, rows `plan.pitch` elements apart, and meet at a grid
/// barrier before any block reads the copy. `block` is the block's linear
/// index, `tid` the thread's; `ticketWord` a shared i32 (needed when the
/// grid is more than the packers).
void emitPackB(RewriterBase &rewriter, Location loc, const PackPlan &plan,
               Value globalB, Value workspace, Value block, Value tid,
               int64_t numThreads, Value ticketWord);

} // namespace mlir::tileopt

#endif // TILEOPT_CODEGEN_PACKB_H
