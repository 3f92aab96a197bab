//===- KernelBody.cpp - The parts of a tiled kernel, put together --------===//
//
// See KernelBody.h.
//
//===----------------------------------------------------------------------===//
#include "TileOpt/Codegen/KernelBody.h"

#include "TileOpt/Codegen/KLoopSchedule.h"
#include "TileOpt/Codegen/SyncPrimitives.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;
using namespace mlir::tileopt;

/// Warp specialisation, once the body is complete: the producer warpgroup
/// (the plan's first threads) gives up registers and the consumers take
/// them, each at the start of its own code. ptxas ignores `setmaxnreg`
/// (C7507) where the roles' paths join again before code that needs the
/// consumers' registers, so a tile loop around the roles' branch `roles`
/// becomes one loop per role: `if producer { loop { producer } } else {
/// loop { consumers } }`.
static void emitRegisterSplit(KernelContext &ctx, scf::IfOp roles,
                              Operation *tileLoop) {
  RewriterBase &rewriter = ctx.rewriter;
  Location loc = ctx.loc;
  IndexBuilder ib = ctx.ib();
  const WgmmaTilePlan &w = ctx.plan.wgmma;
  scf::IfOp split = roles;
  if (tileLoop) {
    rewriter.setInsertionPoint(tileLoop);
    split = scf::IfOp::create(rewriter, loc, TypeRange{},
                              ib.lt(ctx.tid, ib.c(w.producerThreads)),
                              /*withElseRegion=*/true);
    for (Region *role : {&split.getThenRegion(), &split.getElseRegion()}) {
      rewriter.setInsertionPoint(role->front().getTerminator());
      IRMapping map;
      rewriter.clone(*tileLoop, map);
      auto cloned = cast<scf::IfOp>(map.lookup(roles.getOperation()));
      Block &kept = role == &split.getThenRegion()
                        ? cloned.getThenRegion().front()
                        : cloned.getElseRegion().front();
      rewriter.eraseOp(kept.getTerminator());
      rewriter.inlineBlockBefore(&kept, cloned);
      rewriter.eraseOp(cloned);
    }
    rewriter.eraseOp(tileLoop);
  }
  auto setMaxRegisters = [&](Region &role, int64_t count,
                             NVVM::SetMaxRegisterAction action) {
    rewriter.setInsertionPointToStart(&role.front());
    NVVM::SetMaxRegisterOp::create(
        rewriter, loc, rewriter.getI32IntegerAttr(count),
        NVVM::SetMaxRegisterActionAttr::get(rewriter.getContext(), action));
  };
  setMaxRegisters(split.getThenRegion(), w.producerRegisters,
                  NVVM::SetMaxRegisterAction::decrease);
  setMaxRegisters(split.getElseRegion(), w.consumerRegisters,
                  NVVM::SetMaxRegisterAction::increase);
}

/// Warp specialisation, per tile (before `kLoop`): the producer's thread 0
/// runs the producer loop; `kLoop` moves to the consumers' side.
static scf::IfOp emitWarpgroupRoles(KernelContext &ctx, StageCopier &copier,
                                    scf::ForOp kLoop, Value stepBase) {
  RewriterBase &rewriter = ctx.rewriter;
  Location loc = ctx.loc;
  IndexBuilder ib = ctx.ib();
  auto roles = scf::IfOp::create(
      rewriter, loc, TypeRange{},
      ib.lt(ctx.tid, ib.c(ctx.plan.wgmma.producerThreads)),
      /*withElseRegion=*/true);
  rewriter.setInsertionPointToStart(&roles.getThenRegion().front());
  emitUnder(rewriter, loc, ib.eq(ctx.tid, ib.c(0)),
            [&]() { emitProducerLoop(ctx, copier, kLoop, stepBase); });
  Block &consumers = roles.getElseRegion().front();
  rewriter.moveOpBefore(kLoop, consumers.getTerminator());
  return roles;
}

LogicalResult mlir::tileopt::emitKernelBody(
    KernelContext &ctx, TileScheduler &scheduler, gpu::KernelDim3 threadIds,
    Value tileRow, Value tileCol, scf::ForOp kLoop, ArrayRef<Value> tensorMaps,
    ArrayRef<Value> restaged) {
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

  // A scheduler's tile indices are defined inside its loop, or computed
  // before the tile's body.
  Operation *setupPoint = scheduler.getSetupPoint();
  if (setupPoint || tileRow.getDefiningOp())
    rewriter.setInsertionPoint(kLoop);
  ctx.rowOrigin = ib.mul(tileRow, ib.c(plan.config.getBM()));
  ctx.colOrigin = ib.mul(tileCol, ib.c(plan.config.getBN()));

  // Warp specialisation: the copier's setup for the whole block, then the
  // producer warpgroup's loop, and the K loop goes to the consumers' side.
  std::unique_ptr<StageCopier> copier;
  scf::IfOp roles;
  if (plan.loop == KLoopKind::WarpSpecialized) {
    rewriter.setInsertionPoint(setupPoint ? setupPoint : kLoop.getOperation());
    copier = createTmaCopier(ctx, tensorMaps);
    copier->emitSetup(nullptr);
    rewriter.setInsertionPoint(kLoop);
    roles = emitWarpgroupRoles(ctx, *copier, kLoop, scheduler.getStepBase());
  }

  rewriter.setInsertionPoint(kLoop);
  Epilogue epilogue(ctx, tile->getAccumulatorLayout());
  epilogue.emitBoundsPrologue();
  tile->emitAccumulatorIndices(
      [&](bool isRow, Value index) { epilogue.addIndex(isRow, index); });
  // A cluster's blocks past C's last tile (the grid rounded up) load
  // zero-filled boxes and their shares of the other blocks', and store
  // nothing.
  Value inTiles;
  if (plan.gridPastTiles)
    inTiles = plan.config.isOrderAlongM() ? ib.lt(tileRow, ib.c(plan.tilesM()))
                                          : ib.lt(tileCol, ib.c(plan.tilesN()));
  Value owner;
  if (plan.problem.accumulate && !plan.addCAtStore)
    owner = ib.land(scheduler.emitOwnsTile(), inTiles);
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
  case KLoopKind::WarpSpecialized:
    loop = emitConsumerLoop(ctx, *copier, *tile, kLoop, inits,
                            scheduler.getStepBase());
    break;
  case KLoopKind::IssueAhead: {
    copier = plan.copy[0].copier == CopyKind::Tma
                 ? createTmaCopier(ctx, tensorMaps)
                 : createCpAsyncCopier(ctx);
    if (plan.restageA)
      copier = createRestageDecorator(ctx, std::move(copier), 0, restaged[0]);
    if (plan.restageB)
      copier = createRestageDecorator(ctx, std::move(copier), 1, restaged[1]);
    loop = emitIssueAheadLoop(ctx, *copier, *tile, kLoop, inits,
                              scheduler.getStepBase(), setupPoint);
    break;
  }
  }
  if (failed(tile->finish()))
    return launch.emitOpError() << "could not unroll the panel loop";
  rewriter.eraseOp(kLoop);

  // The consumer loop ends its side of the block with its exit and the
  // release of its last stage; the epilogue follows them.
  if (plan.loop == KLoopKind::WarpSpecialized) {
    rewriter.setInsertionPoint(loop->getBlock()->getTerminator());
  } else {
    rewriter.setInsertionPointAfter(loop);
    tile->emitLoopExit();
  }
  SmallVector<Value> results = tile->unpackAccumulators(loop.getResults());
  emitUnder(rewriter, ctx.loc, inTiles,
            [&]() { scheduler.emitEpilogue(epilogue, results); });
  // A scheduler's setup point is its tile loop (persistent), if any.
  if (roles)
    emitRegisterSplit(ctx, roles, setupPoint);
  // No block of a cluster may leave while another can still arrive on its
  // mbarriers.
  if (plan.cluster > 1) {
    Block &body = launch.getBody().front();
    rewriter.setInsertionPoint(&*llvm::find_if(
        body, [](Operation &op) { return isa<gpu::TerminatorOp>(op); }));
    emitClusterBarrier(rewriter, ctx.loc);
  }
  return success();
}
