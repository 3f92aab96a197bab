//===- TileScheduler.cpp - Data-parallel, persistent, Stream-K schedulers -===//
//
// See TileScheduler.h.
//
//===----------------------------------------------------------------------===//
#include "TileOpt/Codegen/TileScheduler.h"

#include "TileOpt/Codegen/PartialSums.h"
#include "TileOpt/Codegen/SyncPrimitives.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::tileopt;

/// The row and column of tile `tile` in the config's tile order: along a
/// row of tiles (along_n) or down a column (along_m), or, in bands of G
/// (group) rows (along_m) or columns, down the band's rows column by
/// column: band b = t / (G x across) holds walk positions [b G, b G + g)
/// with g = min(G, along - b G), and tile t's offset o = t mod (G x across)
/// in it is at position b G + o mod g, column o / g.
static void getTileCoordinates(KernelContext &ctx, Value tile, Value &tileRow,
                               Value &tileCol) {
  IndexBuilder ib = ctx.ib();
  const KernelPlan &plan = ctx.plan;
  int64_t along = plan.tilesAlongOrder(), across = plan.tilesAcrossOrder();
  int64_t group = plan.config.getTileGroup();
  bool alongM = plan.config.isOrderAlongM();
  Value position, line;
  if (group == 0 || group >= along) {
    // (The order of the two ops is the order of tileRow and tileCol.)
    if (alongM)
      position = ib.rem(tile, ib.c(along));
    line = ib.div(tile, ib.c(along));
    if (!alongM)
      position = ib.rem(tile, ib.c(along));
  } else {
    Value band = ib.div(tile, ib.c(group * across));
    Value offset = ib.rem(tile, ib.c(group * across));
    Value first = ib.mul(band, ib.c(group));
    Value rows = arith::MinUIOp::create(
        ctx.rewriter, ctx.loc, ib.c(group),
        arith::SubIOp::create(ctx.rewriter, ctx.loc, ib.c(along), first));
    position = ib.add(first, ib.rem(offset, rows));
    line = ib.div(offset, rows);
  }
  tileRow = alongM ? position : line;
  tileCol = alongM ? line : position;
}

/// A resident wave's loop over `units` work units of `stepsPerUnit` K
/// steps each: block `block` runs units block, block + grid, ..., and
/// `body` builds the unit's code from the unit and the block's K steps
/// before it (the step base), so that the pipeline's stages and phases go
/// on from unit to unit. With a producer warpgroup the stages' mbarriers
/// order each reuse across units, and the consumers synchronise among
/// themselves around the rows epilogue's C tile: a block barrier per unit
/// (--tile-insert-barriers) would hold the producer until the consumers'
/// epilogue ends, so the loop is self-synchronised.
static scf::ForOp
emitPersistentLoop(KernelContext &ctx, Value block, int64_t units,
                   int64_t grid, int64_t stepsPerUnit,
                   function_ref<void(Value unit, Value stepBase)> body) {
  RewriterBase &rewriter = ctx.rewriter;
  Location loc = ctx.loc;
  IndexBuilder ib = ctx.ib();
  auto loop = scf::ForOp::create(
      rewriter, loc, block, ib.c(units), ib.c(grid), ValueRange{},
      [&](OpBuilder &, Location, Value unit, ValueRange) {
        Value iteration = ib.div(
            arith::SubIOp::create(rewriter, loc, unit, block), ib.c(grid));
        body(unit, ib.mul(iteration, ib.c(stepsPerUnit)));
        scf::YieldOp::create(rewriter, loc);
      });
  if (ctx.plan.loop == KLoopKind::WarpSpecialized)
    loop->setAttr(kSelfSynchronizedAttrName, rewriter.getUnitAttr());
  return loop;
}

namespace {
/// Block (x, y) runs tile (y, x), or (x, y) with order = along_m; with
/// bands (group > 0), block x runs tile x of the tile order.
class DataParallelScheduler final : public TileScheduler {
public:
  explicit DataParallelScheduler(KernelContext &ctx) : ctx(ctx) {}
  Operation *emitTileLoop(gpu::KernelDim3 blockIds, Operation *terminator,
                          Value &tileRow, Value &tileCol) override {
    if (ctx.config().getTileGroup() > 0) {
      OpBuilder::InsertionGuard guard(ctx.rewriter);
      ctx.rewriter.setInsertionPoint(terminator);
      getTileCoordinates(ctx, blockIds.x, tileRow, tileCol);
      return terminator;
    }
    bool alongM = ctx.config().isOrderAlongM();
    tileRow = alongM ? blockIds.x : blockIds.y;
    tileCol = alongM ? blockIds.y : blockIds.x;
    return terminator;
  }

private:
  KernelContext &ctx;
};

/// Block g runs tiles t = g, g + grid, ... (emitPersistentLoop).
class PersistentScheduler final : public TileScheduler {
public:
  explicit PersistentScheduler(KernelContext &ctx) : ctx(ctx) {}
  Operation *emitTileLoop(gpu::KernelDim3 blockIds, Operation *terminator,
                          Value &tileRow, Value &tileCol) override {
    const KernelPlan &plan = ctx.plan;
    ctx.rewriter.setInsertionPoint(terminator);
    int64_t perBatch = plan.tilesM() * plan.tilesN();
    tiles = emitPersistentLoop(
        ctx, blockIds.x, perBatch * plan.problem.getBatches(), plan.grid[0],
        llvm::divideCeil(plan.problem.k, plan.config.getBK()),
        [&](Value tile, Value base) {
          stepBase = base;
          if (plan.problem.batch) {
            IndexBuilder ib = ctx.ib();
            batch = ib.div(tile, ib.c(perBatch));
            tile = ib.rem(tile, ib.c(perBatch));
          }
          getTileCoordinates(ctx, tile, tileRow, tileCol);
        });
    return tiles.getBody()->getTerminator();
  }
  Operation *getSetupPoint() const override { return tiles; }
  Value getStepBase() const override { return stepBase; }
  Value getTileBatch() const override { return batch; }

private:
  KernelContext &ctx;
  scf::ForOp tiles;
  Value stepBase, batch;
};

/// Block g runs K steps [begin, end) = [g x steps / blocks, (g + 1) x steps
/// / blocks) of all tiles' steps, one segment per tile it touches: segment
/// i starts at begin (i = 0) or at the first step of the i-th tile after
/// begin's, and runs to its tile's end or to end. The segments are an
/// `scf.for` of the plan's most segments per block (a constant trip count),
/// each under `start < end`: ptxas assigned the FMA block's registers worse
/// with an `scf.while` over the block's steps or with the segments unrolled
/// (docs/results/). split_tail (plan.split > 0) gives block g one range
/// instead: tile g whole, or one part of a tail tile (StreamKPlan); with
/// a persistent plan, block g loops over units g, g + grid, ..., each one
/// such range, its K steps numbered on from unit to unit (all but the
/// last are whole tiles: the parts come last).
class StreamKScheduler final : public TileScheduler {
public:
  explicit StreamKScheduler(KernelContext &ctx)
      : ctx(ctx), ib(ctx.ib()), plan(*ctx.plan.workspace.streamK) {}

  Operation *emitTileLoop(gpu::KernelDim3 blockIds, Operation *terminator,
                          Value &tileRow, Value &tileCol) override;
  void setKRange(scf::ForOp kLoop) override {
    kLoop.setLowerBound(segmentBegin);
    kLoop.setUpperBound(segmentEnd);
  }
  void emitSetup(Value workspace) override;
  Operation *getSetupPoint() const override { return units ? units : segments; }
  Value getStepBase() const override { return stepBase; }
  Value emitOwnsTile() override {
    return ib.eq(ib.rem(segmentStep, ib.c(plan.stepsPerTile)), ib.c(0));
  }
  void emitEpilogue(Epilogue &epilogue, ValueRange results) override;

private:
  /// The block's partial-sum and flag slot: split_tail's parts from 0,
  /// stream_k's blocks as they are.
  Value getSlot(Value block) {
    if (!plan.split || plan.partsFirst)
      return block;
    return arith::SubIOp::create(ctx.rewriter, ctx.loc, block,
                                 ib.c(plan.dataParallelTiles));
  }
  /// Whether `block` runs a part of a tail tile (split_tail).
  Value isPart(Value block) {
    if (plan.partsFirst)
      return ib.lt(block, ib.c(plan.partialSlots()));
    return arith::CmpIOp::create(ctx.rewriter, ctx.loc,
                                 arith::CmpIPredicate::uge, block,
                                 ib.c(plan.dataParallelTiles));
  }
  Value getFlagAddress(Value block);
  Value getSlotFlagAddress(Value slot);
  SmallVector<Value> emitSplitTailSum(Value self, Value owner,
                                      ValueRange results, Epilogue &epilogue);
  void emitWaitForPartial(Value block);
  void emitWaitForFlag(Value block);

  KernelContext &ctx;
  IndexBuilder ib;
  const StreamKPlan &plan;
  /// A persistent block's loop over its units (null: one unit per block),
  /// and its loop over the unit's segments.
  scf::ForOp units, segments;
  /// The block's unit (its index without a persistent loop); the segment's
  /// first K step (over all tiles), its K range, and the block's K steps
  /// before it.
  Value blockIndex, segmentStep, segmentBegin, segmentEnd, stepBase;
  /// The workspace (partial sums, then flags) and its partial sums.
  Value workspace;
  std::optional<PartialSums> partials;
};
} // namespace

Operation *StreamKScheduler::emitTileLoop(gpu::KernelDim3 blockIds,
                                          Operation *terminator,
                                          Value &tileRow, Value &tileCol) {
  RewriterBase &rewriter = ctx.rewriter;
  Location loc = ctx.loc;
  Operation *bodyPoint = terminator;
  rewriter.setInsertionPoint(terminator);
  Value perTile = ib.c(plan.stepsPerTile);
  Value g = blockIds.x, steps = ib.c(plan.steps), blocks = ib.c(plan.blocks);
  // A persistent block's i-th unit has i whole tiles' K steps before it
  // (the parts come last).
  Value unitBase;
  if (plan.persistent) {
    assert(plan.split && !plan.partsFirst && "persistent split_tail only");
    units = emitPersistentLoop(ctx, blockIds.x, plan.blocks, plan.grid,
                               plan.stepsPerTile, [&](Value unit, Value base) {
                                 g = unit;
                                 unitBase = base;
                               });
    rewriter.setInsertionPoint(units.getBody()->getTerminator());
  }
  blockIndex = g;
  Value begin, end;
  if (plan.split) {
    // split_tail: block g runs part rel mod split of tail tile
    // dataParallelTiles + rel / split, or a whole tile; rel and the whole
    // tile's index count from the first part and from the first whole tile
    // (StreamKPlan::partsFirst says which comes first).
    Value dataParallel = ib.c(plan.dataParallelTiles);
    Value inTail = isPart(g), rel = g, whole = g;
    if (plan.partsFirst)
      whole =
          arith::SubIOp::create(rewriter, loc, g, ib.c(plan.partialSlots()));
    else
      rel = arith::SelectOp::create(
          rewriter, loc, inTail,
          arith::SubIOp::create(rewriter, loc, g, dataParallel), ib.c(0));
    Value split = ib.c(plan.split);
    Value part = ib.rem(rel, split);
    Value tile = arith::SelectOp::create(
        rewriter, loc, inTail, ib.add(dataParallel, ib.div(rel, split)), whole);
    auto partStart = [&](Value q) { return ib.div(ib.mul(q, perTile), split); };
    Value first = ib.mul(tile, perTile);
    begin = ib.add(first, arith::SelectOp::create(rewriter, loc, inTail,
                                                  partStart(part), ib.c(0)));
    end = ib.add(first, arith::SelectOp::create(
                            rewriter, loc, inTail,
                            partStart(ib.add(part, ib.c(1))), perTile));
  } else {
    end = ib.div(ib.mul(ib.add(g, ib.c(1)), steps), blocks);
    begin = ib.div(ib.mul(g, steps), blocks);
  }
  segments = scf::ForOp::create(
      rewriter, loc, ib.c(0), ib.c(plan.maxSegments), ib.c(1), ValueRange{},
      [&](OpBuilder &, Location, Value i, ValueRange) {
        Value later = ib.mul(ib.add(ib.div(begin, perTile), i), perTile);
        segmentStep = arith::SelectOp::create(rewriter, loc,
                                              ib.eq(i, ib.c(0)), begin, later);
        auto ifOp = scf::IfOp::create(rewriter, loc, TypeRange{},
                                      ib.lt(segmentStep, end),
                                      /*withElseRegion=*/false);
        scf::YieldOp::create(rewriter, loc);
        rewriter.setInsertionPointToStart(&ifOp.getThenRegion().front());
        Value k0 = ib.rem(segmentStep, perTile);
        Value count = arith::MinUIOp::create(
            rewriter, loc, arith::SubIOp::create(rewriter, loc, perTile, k0),
            arith::SubIOp::create(rewriter, loc, end, segmentStep));
        getTileCoordinates(ctx, ib.div(segmentStep, perTile), tileRow, tileCol);
        int64_t bk = ctx.config().getBK();
        segmentBegin = ib.mul(k0, ib.c(bk));
        segmentEnd = ib.mul(ib.add(k0, count), ib.c(bk));
        stepBase = arith::SubIOp::create(rewriter, loc, segmentStep, begin);
        if (unitBase)
          stepBase = ib.add(unitBase, stepBase);
        bodyPoint = ifOp.getThenRegion().front().getTerminator();
      });
  // A block barrier per segment (--tile-insert-barriers) would hold the
  // consumers for a producer that is not in their code.
  if (ctx.plan.loop == KLoopKind::WarpSpecialized)
    segments->setAttr(kSelfSynchronizedAttrName, rewriter.getUnitAttr());
  return bodyPoint;
}

void StreamKScheduler::emitSetup(Value workspaceValue) {
  workspace = workspaceValue;
  if (!plan.partialSlots())
    return;
  ctx.rewriter.setInsertionPoint(getSetupPoint());
  Value view = memref::ViewOp::create(
      ctx.rewriter, ctx.loc,
      MemRefType::get({plan.partialSlots() * plan.partialElements},
                      ctx.plan.problem.getAccumulatorType()),
      workspace, ib.c(0), ValueRange{});
  partials.emplace(ctx, view, plan.partialElements);
}

/// The global address of block `block`'s flag in the workspace (after the
/// partial sums).
Value StreamKScheduler::getFlagAddress(Value block) {
  return getSlotFlagAddress(getSlot(block));
}

/// The global address of slot `slot`'s flag.
Value StreamKScheduler::getSlotFlagAddress(Value slot) {
  Value base = memref::ExtractAlignedPointerAsIndexOp::create(
      ctx.rewriter, ctx.loc, workspace);
  Value at =
      ib.add(ib.add(base, ib.c(plan.flagsOffset)), ib.mul(slot, ib.c(4)));
  return arith::IndexCastOp::create(ctx.rewriter, ctx.loc,
                                    ctx.rewriter.getI64Type(), at);
}

/// The leader waits for block `block`'s flag; the block then synchronises,
/// so every thread may read the block's partial sum.
void StreamKScheduler::emitWaitForPartial(Value block) {
  emitUnder(ctx.rewriter, ctx.loc, ib.eq(getEpilogueTid(ctx), ib.c(0)),
            [&]() { emitWaitForFlag(block); });
  emitEpilogueBarrier(ctx);
}

/// Spins on block `block`'s flag with acquire loads, and clears it for the
/// next launch.
void StreamKScheduler::emitWaitForFlag(Value block) {
  RewriterBase &rewriter = ctx.rewriter;
  Location loc = ctx.loc;
  Value flag = getFlagAddress(block);
  Value zero = arith::ConstantIntOp::create(rewriter, loc, 0, 32);
  emitSpinUntil(rewriter, loc, flag, [&](Value up) { return ib.ne(up, zero); });
  emitScopedStore(rewriter, loc, flag, zero, /*release=*/false);
}

/// The block that ran the tile's first step (the owner) stores C. With
/// stream_k it first adds to its accumulators the partial sums of the
/// blocks that ran the tile's other steps (blocks g + 1 .. the block of the
/// tile's last step; none when the segment covers the tile), each once its
/// flag is up; any other block leaves its partial sum in its workspace
/// slot, synchronises, and its leader raises the block's flag with a
/// release store. split_tail's tail parts reduce together
/// (emitSplitTailSum).
void StreamKScheduler::emitEpilogue(Epilogue &epilogue, ValueRange results) {
  // No block leaves a partial sum (split_tail with a split of 1: every
  // tile runs whole): every block owns its tile.
  if (!plan.partialSlots()) {
    epilogue.emitStore(results);
    return;
  }
  RewriterBase &rewriter = ctx.rewriter;
  Location loc = ctx.loc;
  // The block's index through an opaque move: what derives from the
  // launch's index is invariant in the segment loop, and LLVM would hoist
  // it (the partial-sum addresses) before the loop, where it stays live
  // across the K steps.
  Type i32 = rewriter.getI32Type();
  Value self = arith::IndexCastOp::create(
      rewriter, loc, rewriter.getIndexType(),
      emitOpaqueMove(
          rewriter, loc,
          arith::IndexCastOp::create(rewriter, loc, i32, blockIndex)));
  if (plan.split) {
    Value owner = emitOwnsTile();
    SmallVector<Value> sums = emitSplitTailSum(self, owner, results, epilogue);
    emitUnder(rewriter, loc, owner, [&]() { epilogue.emitStore(sums); });
    return;
  }
  Value chunkMask = partials->emitChunkMask(epilogue);
  Value segmentTile = ib.div(segmentStep, ib.c(plan.stepsPerTile));
  Value owner = emitOwnsTile();
  auto ifOp = scf::IfOp::create(rewriter, loc, TypeRange{}, owner,
                                /*withElseRegion=*/true);
  rewriter.setInsertionPointToStart(&ifOp.getThenRegion().front());
  // The block of the tile's last step s: ((s + 1) x blocks - 1) / steps.
  Value tileEnd = ib.mul(ib.add(segmentTile, ib.c(1)), ib.c(plan.stepsPerTile));
  Value last =
      ib.div(arith::SubIOp::create(rewriter, loc,
                                   ib.mul(tileEnd, ib.c(plan.blocks)), ib.c(1)),
             ib.c(plan.steps));
  auto fixup = scf::ForOp::create(
      rewriter, loc, ib.add(self, ib.c(1)), ib.add(last, ib.c(1)), ib.c(1),
      results, [&](OpBuilder &, Location, Value block, ValueRange accs) {
        emitWaitForPartial(block);
        SmallVector<Value> sums(accs);
        partials->emitLoad(
            getSlot(block), chunkMask, [&](int64_t i, Value partial) {
              sums[i] = arith::AddFOp::create(rewriter, loc, sums[i], partial);
            });
        scf::YieldOp::create(rewriter, loc, sums);
      });
  epilogue.emitStore(fixup.getResults());
  rewriter.setInsertionPointToStart(&ifOp.getElseRegion().front());
  partials->emitStore(getSlot(self), results, chunkMask);
  emitEpilogueBarrier(ctx);
  emitUnder(rewriter, loc, ib.eq(getEpilogueTid(ctx), ib.c(0)), [&]() {
    Value one = arith::ConstantIntOp::create(rewriter, loc, 1, 32);
    emitScopedStore(rewriter, loc, getFlagAddress(self), one,
                    /*release=*/true);
  });
  rewriter.setInsertionPointAfter(ifOp);
}

/// split_tail: what the block's owner stores, its accumulators `results`
/// (a whole tile) or the sum of its tail tile's parts. The parts of a
/// tail tile sum their partial sums together, each over 1/split of them:
///
/// - Each part stores its partial sum in its slot, synchronises, and its
///   leader adds 1 to the tile's counter (part 0's flag word) with release
///   and waits (acquire) until it reads `split`: every part's sum is in.
/// - Part p adds up its share of the slots' chunks (PartialSums::
///   emitSumShare), stores the sums over part 0's slot (the shares are
///   disjoint), synchronises, and adds 1 again.
/// - Part 0 (the owner) waits for 2 x split, clears the counter for the
///   next launch (every part is past its last read of it), synchronises,
///   and loads the sum in place of its accumulators.
///
/// A part reads a slot's worth of elements and writes 1 / split of one:
/// the reduction takes about the time of one slot's load whatever the
/// split (an owner adding the other parts' slots one by one took split - 1
/// of them). Chunks outside C are skipped throughout.
SmallVector<Value> StreamKScheduler::emitSplitTailSum(Value self, Value owner,
                                                      ValueRange results,
                                                      Epilogue &epilogue) {
  RewriterBase &rewriter = ctx.rewriter;
  Location loc = ctx.loc;
  Value inTail = isPart(self);
  auto tail = scf::IfOp::create(rewriter, loc, results.getTypes(), inTail,
                                /*withElseRegion=*/true);
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointToStart(&tail.getElseRegion().front());
  scf::YieldOp::create(rewriter, loc, results);
  rewriter.setInsertionPointToStart(&tail.getThenRegion().front());

  // (The mask in the parts' branch alone: whole tiles keep their code.)
  Value chunkMask = partials->emitChunkMask(epilogue);
  // The tile's counter: its first part's flag.
  Value slot = getSlot(self);
  Value part = ib.rem(slot, ib.c(plan.split));
  Value firstSlot = arith::SubIOp::create(rewriter, loc, slot, part);
  Value counter = getSlotFlagAddress(firstSlot);
  Value tid = getEpilogueTid(ctx);
  Value leader = ib.eq(tid, ib.c(0));
  auto arrive = [&]() {
    emitEpilogueBarrier(ctx);
    emitUnder(rewriter, loc, leader, [&]() {
      emitReleaseIncrement(rewriter, loc, counter, /*predicate=*/{});
    });
  };
  auto waitFor = [&](int64_t arrivals, bool clear) {
    emitUnder(rewriter, loc, leader, [&]() {
      Value want = arith::ConstantIntOp::create(rewriter, loc, arrivals, 32);
      emitSpinUntil(rewriter, loc, counter, [&](Value n) {
        return arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::uge,
                                     n, want);
      });
      if (clear)
        emitScopedStore(rewriter, loc, counter,
                        arith::ConstantIntOp::create(rewriter, loc, 0, 32),
                        /*release=*/false);
    });
    emitEpilogueBarrier(ctx);
  };
  partials->emitStore(slot, results, chunkMask);
  arrive();
  waitFor(plan.split, /*clear=*/false);
  partials->emitSumShare(firstSlot, part, plan.split, chunkMask);
  arrive();

  auto sum = scf::IfOp::create(rewriter, loc, results.getTypes(), owner,
                               /*withElseRegion=*/true);
  scf::YieldOp::create(rewriter, loc, sum.getResults());
  rewriter.setInsertionPointToStart(&sum.getElseRegion().front());
  scf::YieldOp::create(rewriter, loc, results);
  rewriter.setInsertionPointToStart(&sum.getThenRegion().front());
  waitFor(2 * plan.split, /*clear=*/true);
  SmallVector<Value> loaded;
  partials->emitLoad(slot, chunkMask, [&](int64_t, Value partial) {
    loaded.push_back(partial);
  });
  scf::YieldOp::create(rewriter, loc, loaded);
  return tail.getResults();
}

std::unique_ptr<TileScheduler>
mlir::tileopt::createDataParallelScheduler(KernelContext &ctx) {
  return std::make_unique<DataParallelScheduler>(ctx);
}

std::unique_ptr<TileScheduler>
mlir::tileopt::createPersistentScheduler(KernelContext &ctx) {
  return std::make_unique<PersistentScheduler>(ctx);
}

std::unique_ptr<TileScheduler>
mlir::tileopt::createStreamKScheduler(KernelContext &ctx) {
  return std::make_unique<StreamKScheduler>(ctx);
}
