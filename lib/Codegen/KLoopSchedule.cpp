//===- KLoopSchedule.cpp - K loops generic over copier and tile -----------===//
//
// See KLoopSchedule.h.
//
//===----------------------------------------------------------------------===//
#include "TileOpt/Codegen/KLoopSchedule.h"

#include "TileOpt/Dialect/TileDialect.h"

using namespace mlir;
using namespace mlir::tileopt;

scf::ForOp mlir::tileopt::emitSingleStageLoop(KernelContext &ctx,
                                              InstructionTile &tile,
                                              scf::ForOp kLoop,
                                              ValueRange inits) {
  PanelCopy aCopy = getPanelCopy(ctx, 0), bCopy = getPanelCopy(ctx, 1);
  return scf::ForOp::create(
      ctx.rewriter, ctx.loc, kLoop.getLowerBound(), kLoop.getUpperBound(),
      kLoop.getStep(), inits,
      [&](OpBuilder &, Location, Value kIv, ValueRange accs) {
        SmallVector<Value> a = loadPanel(ctx, aCopy, ctx.rowOrigin, kIv);
        SmallVector<Value> b = loadPanel(ctx, bCopy, kIv, ctx.colOrigin);
        storePanel(ctx, aCopy, a, Value());
        storePanel(ctx, bCopy, b, Value());
        scf::YieldOp::create(
            ctx.rewriter, ctx.loc,
            tile.emitStep({ctx.panels[0], Value()}, {ctx.panels[1], Value()},
                          accs));
      });
}

scf::ForOp mlir::tileopt::emitRegisterStagedLoop(KernelContext &ctx,
                                                 InstructionTile &tile,
                                                 scf::ForOp kLoop,
                                                 ValueRange inits) {
  RewriterBase &rewriter = ctx.rewriter;
  Location loc = ctx.loc;
  IndexBuilder ib = ctx.ib();
  PanelCopy aCopy = getPanelCopy(ctx, 0), bCopy = getPanelCopy(ctx, 1);
  Value kLower = kLoop.getLowerBound(), kUpper = kLoop.getUpperBound(),
        kStep = kLoop.getStep();
  SmallVector<Value> a0 = loadPanel(ctx, aCopy, ctx.rowOrigin, kLower);
  SmallVector<Value> b0 = loadPanel(ctx, bCopy, kLower, ctx.colOrigin);
  storePanel(ctx, aCopy, a0, ib.c(0));
  storePanel(ctx, bCopy, b0, ib.c(0));
  SmallVector<Type> prefetchTypes = aCopy.valueTypes();
  llvm::append_range(prefetchTypes, bCopy.valueTypes());
  return scf::ForOp::create(
      rewriter, loc, kLower, kUpper, kStep, inits,
      [&](OpBuilder &, Location, Value kIv, ValueRange accs) {
        Value step = arith::DivUIOp::create(
            rewriter, loc, arith::SubIOp::create(rewriter, loc, kIv, kLower),
            kStep);
        Value stage = arith::RemUIOp::create(rewriter, loc, step, ib.c(2));
        Value other = arith::SubIOp::create(rewriter, loc, ib.c(1), stage);
        Value kNext = ib.add(kIv, kStep);
        Value hasNext = ib.lt(kNext, kUpper);
        SmallVector<Value> prefetched =
            emitGuarded(rewriter, loc, hasNext, prefetchTypes, [&]() {
              SmallVector<Value> v =
                  loadPanel(ctx, aCopy, ctx.rowOrigin, kNext);
              llvm::append_range(v,
                                 loadPanel(ctx, bCopy, kNext, ctx.colOrigin));
              return v;
            });
        SmallVector<Value> result = tile.emitStep(
            {ctx.panels[0], stage}, {ctx.panels[1], stage}, accs);
        auto ifOp = scf::IfOp::create(rewriter, loc, hasNext,
                                      /*withElse=*/false);
        rewriter.setInsertionPointToStart(&ifOp.getThenRegion().front());
        ArrayRef<Value> all(prefetched);
        storePanel(ctx, aCopy, all.take_front(aCopy.trips()), other);
        storePanel(ctx, bCopy, all.drop_front(aCopy.trips()), other);
        rewriter.setInsertionPointAfter(ifOp);
        scf::YieldOp::create(rewriter, loc, result);
      });
}

scf::ForOp mlir::tileopt::emitIssueAheadLoop(KernelContext &ctx,
                                             StageCopier &copier,
                                             InstructionTile &tile,
                                             scf::ForOp kLoop, ValueRange inits,
                                             Value stepBase,
                                             Operation *setupPoint) {
  RewriterBase &rewriter = ctx.rewriter;
  Location loc = ctx.loc;
  IndexBuilder ib = ctx.ib();
  copier.emitSetup(setupPoint);
  int64_t stages = ctx.plan.stages, bk = ctx.config().getBK();
  Value kLower = kLoop.getLowerBound(), kUpper = kLoop.getUpperBound(),
        kStep = kLoop.getStep();
  auto global = [&](Value step) {
    return stepBase ? ib.add(stepBase, step) : step;
  };
  // Steps issued ahead of the one computed: S - 1, or, where other blocks
  // share the stages, S - 2, so that a refill waits for the stage the
  // other blocks freed a step earlier rather than the one just freed.
  int64_t ahead = copier.sharesStages() && stages > 2 ? stages - 2 : stages - 1;
  for (int64_t s = 0; s < ahead; ++s) {
    copier.emitIssue(ib.add(kLower, ib.c(s * bk)), kUpper,
                     stepBase ? ib.rem(global(ib.c(s)), ib.c(stages))
                              : ib.c(s));
    if (copier.hasFlush())
      copier.emitFlush();
  }
  auto loop = scf::ForOp::create(
      rewriter, loc, kLower, kUpper, kStep, inits,
      [&](OpBuilder &, Location, Value kIv, ValueRange accs) {
        Value step = global(arith::DivUIOp::create(
            rewriter, loc, arith::SubIOp::create(rewriter, loc, kIv, kLower),
            kStep));
        Value stage =
            arith::RemUIOp::create(rewriter, loc, step, ib.c(stages));
        copier.emitWait(step, stage);
        auto computeStep = [&]() {
          return tile.emitStep(copier.getSource(0, stage),
                               copier.getSource(1, stage), accs);
        };
        // A tile that reads step k's stage until step k + 1's compute
        // returns (wgmma's groups in flight) frees stage (k - 1) % S only
        // after step k's compute: the block synchronises then, and the
        // copies into that stage are issued after it.
        SmallVector<Value> result;
        if (tile.getStageReleaseLag() == 1)
          result = computeStep();
        gpu::BarrierOp::create(rewriter, loc);
        Value kAhead = ib.add(kIv, ib.c(ahead * bk));
        Value stepAhead = ib.add(step, ib.c(ahead));
        Value stageAhead =
            arith::RemUIOp::create(rewriter, loc, stepAhead, ib.c(stages));
        if (copier.sharesStages())
          copier.emitHandoff(step, stepAhead, stageAhead,
                             ib.lt(kAhead, kUpper));
        copier.emitIssue(kAhead, kUpper, stageAhead);
        if (tile.getStageReleaseLag() == 0)
          result = computeStep();
        if (copier.hasFlush())
          copier.emitFlush();
        scf::YieldOp::create(rewriter, loc, result);
      });
  loop->setAttr(kSelfSynchronizedAttrName, rewriter.getUnitAttr());
  copier.emitDrain(loop);
  return loop;
}

/// The K step of `kIv` in the loop (from its lower bound), the block's
/// step (after `stepBase` earlier ones; null: none) and its stage.
struct StepIndex {
  Value local, global, stage;
};
static StepIndex getStepIndex(KernelContext &ctx, scf::ForOp kLoop, Value kIv,
                              Value stepBase) {
  RewriterBase &rewriter = ctx.rewriter;
  Location loc = ctx.loc;
  IndexBuilder ib = ctx.ib();
  Value local = arith::DivUIOp::create(
      rewriter, loc,
      arith::SubIOp::create(rewriter, loc, kIv, kLoop.getLowerBound()),
      kLoop.getStep());
  Value global = stepBase ? ib.add(stepBase, local) : local;
  return {local, global,
          arith::RemUIOp::create(rewriter, loc, global,
                                 ib.c(ctx.plan.stages))};
}

void mlir::tileopt::emitProducerLoop(KernelContext &ctx, StageCopier &copier,
                                     scf::ForOp kLoop, Value stepBase) {
  RewriterBase &rewriter = ctx.rewriter;
  Location loc = ctx.loc;
  Value kUpper = kLoop.getUpperBound();
  auto loop = scf::ForOp::create(
      rewriter, loc, kLoop.getLowerBound(), kUpper, kLoop.getStep(),
      ValueRange{}, [&](OpBuilder &, Location, Value kIv, ValueRange) {
        StepIndex at = getStepIndex(ctx, kLoop, kIv, stepBase);
        copier.emitAcquire(at.global, at.stage);
        copier.emitIssue(kIv, kUpper, at.stage);
        scf::YieldOp::create(rewriter, loc);
      });
  loop->setAttr(kSelfSynchronizedAttrName, rewriter.getUnitAttr());
}

scf::ForOp mlir::tileopt::emitConsumerLoop(KernelContext &ctx,
                                           StageCopier &copier,
                                           InstructionTile &tile,
                                           scf::ForOp kLoop, ValueRange inits,
                                           Value stepBase) {
  RewriterBase &rewriter = ctx.rewriter;
  Location loc = ctx.loc;
  IndexBuilder ib = ctx.ib();
  int64_t stages = ctx.plan.stages;
  // A tile that loads a step ahead: step `global`'s values once its stage
  // is full, where `live` (zeros otherwise, never read); the loop carries
  // them after the accumulators, the first loaded before it.
  int64_t ahead = tile.getPrefetchCount();
  auto prefetch = [&](Value live, Value global) {
    return emitGuarded(rewriter, loc, live,
                       SmallVector<Type>(ahead, rewriter.getI32Type()), [&]() {
                         Value stage = arith::RemUIOp::create(
                             rewriter, loc, global, ib.c(stages));
                         copier.emitWait(global, stage);
                         return tile.emitPrefetch(copier.getSource(0, stage),
                                                  copier.getSource(1, stage));
                       });
  };
  SmallVector<Value> loopInits(inits);
  if (ahead)
    llvm::append_range(
        loopInits, prefetch(ib.lt(kLoop.getLowerBound(), kLoop.getUpperBound()),
                            stepBase ? stepBase : ib.c(0)));
  auto loop = scf::ForOp::create(
      rewriter, loc, kLoop.getLowerBound(), kLoop.getUpperBound(),
      kLoop.getStep(), loopInits,
      [&](OpBuilder &, Location, Value kIv, ValueRange accs) {
        StepIndex at = getStepIndex(ctx, kLoop, kIv, stepBase);
        SmallVector<Value> result;
        if (ahead) {
          Value nextK = ib.add(kIv, kLoop.getStep());
          result = tile.emitStepAhead(
              copier.getSource(0, at.stage), copier.getSource(1, at.stage),
              accs, [&]() {
                return prefetch(ib.lt(nextK, kLoop.getUpperBound()),
                                ib.add(at.global, ib.c(1)));
              });
        } else {
          copier.emitWait(at.global, at.stage);
          result = tile.emitStep(copier.getSource(0, at.stage),
                                 copier.getSource(1, at.stage), accs);
        }
        if (tile.getStageReleaseLag() == 0) {
          copier.emitRelease(at.stage);
        } else {
          Value previous = arith::RemUIOp::create(
              rewriter, loc, ib.add(at.global, ib.c(stages - 1)),
              ib.c(stages));
          emitUnder(rewriter, loc, ib.ne(at.local, ib.c(0)),
                    [&]() { copier.emitRelease(previous); });
        }
        scf::YieldOp::create(rewriter, loc, result);
      });
  loop->setAttr(kSelfSynchronizedAttrName, rewriter.getUnitAttr());
  // A lagging tile frees its last step's stage once its instructions are
  // done: the producer may refill it for the next tile.
  rewriter.setInsertionPointAfter(loop);
  tile.emitLoopExit();
  if (tile.getStageReleaseLag() == 1) {
    Value kLower = kLoop.getLowerBound(), kUpper = kLoop.getUpperBound();
    Value steps = ib.div(
        arith::SubIOp::create(
            rewriter, loc,
            ib.add(kUpper, arith::SubIOp::create(rewriter, loc,
                                                 kLoop.getStep(), ib.c(1))),
            kLower),
        kLoop.getStep());
    Value last = ib.add(stepBase ? stepBase : ib.c(0),
                        arith::SubIOp::create(rewriter, loc, steps, ib.c(1)));
    emitUnder(rewriter, loc, ib.lt(kLower, kUpper), [&]() {
      copier.emitRelease(arith::RemUIOp::create(rewriter, loc, last,
                                                ib.c(stages)));
    });
  }
  return loop;
}
