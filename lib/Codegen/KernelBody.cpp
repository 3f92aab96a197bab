//===- KernelBody.cpp - The parts of a tiled kernel, put together --------===//
//
// See KernelBody.h.
//
//===----------------------------------------------------------------------===//
#include "TileOpt/Codegen/KernelBody.h"

#include "TileOpt/Codegen/KLoopSchedule.h"

using namespace mlir;
using namespace mlir::tileopt;

LogicalResult
mlir::tileopt::emitKernelBody(KernelContext &ctx, TileScheduler &scheduler,
                              gpu::KernelDim3 threadIds, Value tileRow,
                              Value tileCol, scf::ForOp kLoop,
                              ArrayRef<Value> tensorMaps, Value aKMajor) {
  RewriterBase &rewriter = ctx.rewriter;
  const KernelPlan &plan = ctx.plan;
  IndexBuilder ib = ctx.ib();
  gpu::LaunchOp launch = kLoop->getParentOfType<gpu::LaunchOp>();
  rewriter.setInsertionPointToStart(&launch.getBody().front());
  ctx.tid = ib.threadIndex(threadIds, plan.config.getThreadsX());
  std::unique_ptr<InstructionTile> tile =
      plan.instructionTile == InstructionTileKind::Wgmma ? createWgmmaTile(ctx)
                                                         : createFmaTile(ctx);
  tile->emitThreadLayout(threadIds);

  // A scheduler's tile indices are defined inside its loop.
  Operation *setupPoint = scheduler.getSetupPoint();
  if (setupPoint)
    rewriter.setInsertionPoint(kLoop);
  ctx.rowOrigin = ib.mul(tileRow, ib.c(plan.config.getBM()));
  ctx.colOrigin = ib.mul(tileCol, ib.c(plan.config.getBN()));

  rewriter.setInsertionPoint(kLoop);
  Epilogue epilogue(ctx, tile->getAccumulatorLayout());
  epilogue.emitBoundsPrologue();
  tile->emitAccumulatorIndices(
      [&](bool isRow, Value index) { epilogue.addIndex(isRow, index); });
  Value owner;
  if (plan.problem.accumulate && !plan.addCAtStore)
    owner = scheduler.emitOwnsTile();
  SmallVector<Value> inits = tile->packAccumulators(epilogue.emitInits(owner));

  rewriter.setInsertionPoint(kLoop);
  scf::ForOp loop;
  switch (plan.loop) {
  case KLoopKind::SingleStage:
    loop = emitSingleStageLoop(ctx, *tile, kLoop, inits);
    break;
  case KLoopKind::RegisterStaged:
    loop = emitRegisterStagedLoop(ctx, *tile, kLoop, inits);
    break;
  case KLoopKind::IssueAhead: {
    std::unique_ptr<StageCopier> copier = plan.copy[0].copier == CopyKind::Tma
                                              ? createTmaCopier(ctx, tensorMaps)
                                              : createCpAsyncCopier(ctx);
    if (plan.restageA)
      copier = createRestageADecorator(ctx, std::move(copier), aKMajor);
    loop = emitIssueAheadLoop(ctx, *copier, *tile, kLoop, inits,
                              scheduler.getStepBase(), setupPoint);
    break;
  }
  }
  if (failed(tile->finish()))
    return launch.emitOpError() << "could not unroll the panel loop";
  rewriter.eraseOp(kLoop);

  rewriter.setInsertionPointAfter(loop);
  tile->emitLoopExit();
  scheduler.emitEpilogue(epilogue, tile->unpackAccumulators(loop.getResults()));
  return success();
}
