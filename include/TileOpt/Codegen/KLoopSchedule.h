//===- KLoopSchedule.h - K loops generic over copier and tile -----*- C++ -*-===//
//
// The schedules of a kernel's K loop. Each replaces the promoted K loop
// `kLoop` by one that carries the accumulators `inits`, and is generic over
// the instruction tile and (issue-ahead) the stage copier. Upstream's
// `scf::pipelineForLoop` cannot carry copies under edge guards, nor
// Stream-K's stage and phase across segments (docs/design.md), hence the
// project's own issue-ahead skeleton.
//
//===----------------------------------------------------------------------===//
#ifndef TILEOPT_CODEGEN_KLOOPSCHEDULE_H
#define TILEOPT_CODEGEN_KLOOPSCHEDULE_H

#include "TileOpt/Codegen/InstructionTile.h"
#include "TileOpt/Codegen/PanelCopier.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace mlir::tileopt {

/// One stage: each step loads both panels into registers, stores them,
/// multiplies (the barrier pass puts one barrier before the compute and one
/// after).
scf::ForOp emitSingleStageLoop(KernelContext &ctx, InstructionTile &tile,
                               scf::ForOp kLoop, ValueRange inits);

/// Two register-staged stages: the prologue stages panel 0; step k loads
/// panel k+1 into registers, multiplies panel k from its stage, then stores
/// panel k+1 into the other stage, so the global loads are in flight during
/// the compute.
scf::ForOp emitRegisterStagedLoop(KernelContext &ctx, InstructionTile &tile,
                                  scf::ForOp kLoop, ValueRange inits);

/// S asynchronous stages: the copier's setup (before `setupPoint` when
/// given); the prologue issues K steps 0..S-2 into stages 0..S-2; step k
/// waits until its stage has landed, synchronises the block (every thread
/// is then past step k-1's compute, so the stage step k-1 read is free),
/// issues step k+S-1 into that stage, then computes from stage k % S while
/// those copies fly. Where other blocks write into the block's stages (a
/// cluster's multicast), the stage is handed over first: freed to them,
/// and refilled once they have all freed it. `stepBase` (null: 0) is the
/// block's K steps before this loop (Stream-K's earlier segments), from which
/// stages and phases continue. The loop places its own barriers
/// (kSelfSynchronizedAttrName).
scf::ForOp emitIssueAheadLoop(KernelContext &ctx, StageCopier &copier,
                              InstructionTile &tile, scf::ForOp kLoop,
                              ValueRange inits, Value stepBase,
                              Operation *setupPoint);

/// Warp specialisation, the producer's side (one thread): for each K step,
/// wait until the consumers have freed its stage (step % S), then issue the
/// step's copies into it. `stepBase` (null: 0) is the block's K steps
/// before this loop (a persistent scheduler's earlier tiles).
void emitProducerLoop(KernelContext &ctx, StageCopier &copier,
                      scf::ForOp kLoop, Value stepBase);

/// Warp specialisation, the consumers' side: step k waits until its stage
/// has landed, computes from it, and frees the stage the tile has done
/// reading (step k's own, or step k - 1's with a stage release lag of 1,
/// the last one's after the loop, once the tile's loop exit has waited).
/// A tile that loads registers a step ahead (getPrefetchCount) waits for
/// step k + 1's stage and loads from it while step k's instructions run;
/// the loop's results then end with those values. Nothing synchronises
/// the block. `stepBase` as for the producer.
scf::ForOp emitConsumerLoop(KernelContext &ctx, StageCopier &copier,
                            InstructionTile &tile, scf::ForOp kLoop,
                            ValueRange inits, Value stepBase);

} // namespace mlir::tileopt

#endif // TILEOPT_CODEGEN_KLOOPSCHEDULE_H
