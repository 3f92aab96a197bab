//===- TmaCopier.cpp - Panels through the Tensor Memory Accelerator -------===//
//
// The TMA copier and restage_a, its decorator (the tensor maps, its host
// side: TensorMaps.cpp). One mbarrier per stage, initialised by thread 0
// (arrival count 1) and fenced into the async proxy before the block
// synchronises. Thread 0 issues a step: it arms the stage's mbarrier with the
// bytes of the step's boxes (`arrive.expect_tx`) and starts the box copies,
// which complete on it. Step k waits for its stage's mbarrier to finish the
// phase of round k / S (parity (k / S) mod 2). Boxes that cross the matrix edge
// are zero-filled by the TMA unit (the tensor map's bounds are the matrix's).
// For the wgmma tile the boxes are 64 elements (128 bytes) wide and 128-byte
// swizzled: BK / 64 of A and BN / 64 of B per step.
//
// In a cluster (cluster = 2) each block issues its share of the rows of
// every box of the shared operand, multicast into the same stage of all the
// cluster's blocks, whose full mbarriers count those bytes too: every block
// still expects a whole step's bytes. A block may refill a stage only once
// every block has freed it, so each block's empty mbarrier counts the
// releases of all of them (remote arrivals through `mapa`); the mbarriers'
// initialisation is fenced and the cluster synchronised before any block
// touches another's.
//
//===----------------------------------------------------------------------===//
#include "TileOpt/Codegen/PanelCopier.h"

#include "TileOpt/Codegen/SyncPrimitives.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::tileopt;

/// Suspend-time hint of one mbarrier.try_wait (ns); the wait retries until
/// the phase completes.
static constexpr int64_t kMbarrierWaitTicks = 10000000;

bool mlir::tileopt::isKMajorTmaBox(const KernelPlan &plan, int operand) {
  return operand ? plan.restageB
                 : plan.copy[0].layout != PanelLayout::Transposed;
}

namespace {
class TmaCopier final : public StageCopier {
public:
  TmaCopier(KernelContext &ctx, ArrayRef<Value> tensorMaps)
      : StageCopier(ctx), ib(ctx.ib()), bCopy(getPanelCopy(ctx, 1)),
        sharedOperand(getClusterSharedOperand(ctx.config())),
        sharing(sharedOperand >= 0) {
    // A's, B's, then tf32x3's B low parts'.
    for (auto [i, map] : llvm::enumerate(tensorMaps))
      maps[std::min<size_t>(i, 1)][i / 2] = map;
  }
  void emitSetup(Operation *setupPoint) override;
  void emitIssue(Value kAt, Value kUpper, Value stage) override;
  void emitWait(Value step, Value stage) override;
  void emitAcquire(Value step, Value stage) override;
  void emitRelease(Value stage) override { emitArrivals(stage); }
  bool sharesStages() const override { return sharing; }
  void emitHandoff(Value step, Value stepAhead, Value stageAhead,
                   Value live) override;
  bool hasFlush() const override { return ctx.plan.bByRegisters; }
  void emitFlush() override {
    emitUnder(ctx.rewriter, ctx.loc, pendingLive, [&]() {
      storePanel(ctx, bCopy, pendingB, pendingStage);
    });
  }

private:
  Value boxView(Value panel, ArrayRef<OpFoldResult> lead);
  Value boxColumn(Value box);
  void waitForPhase(Value group, Value step, Value stage, int64_t shift);
  void issueBox(OpFoldResult box, Value column, Value stage, Value kAt);
  void issueSwizzled(int operand, int64_t part, int64_t box, Value stage,
                     Value kAt);
  void emitArrivals(Value stage);
  void load(Value dst, Value map, SmallVector<Value, 3> coordinates,
            Value stage, Value mask = Value());

  IndexBuilder ib;
  /// Per operand, the tensor map of each part staged (tf32x3's B: high,
  /// low).
  Value maps[2][2];
  PanelCopy bCopy;
  Value barriers, leader;
  /// In a cluster: this block's rank in it, and the multicast mask of all.
  Value rank, allBlocks;
  /// The operand the cluster's blocks share (-1: none), and whether they do.
  int sharedOperand;
  bool sharing;
  /// Warp specialisation or a cluster: per stage, the mbarrier its readers
  /// free it on.
  Value emptyBarriers;
  /// b_row_groups with one box per class: the leader issues them; with
  /// more, each warp issues its `myBoxes` (box, its column).
  bool leaderIssues = false;
  SmallVector<std::pair<Value, Value>> myBoxes;
  int64_t warps = 0;
  /// B through registers: the step's loaded values, stored by emitFlush.
  SmallVector<Value> pendingB;
  Value pendingStage, pendingLive;
};
} // namespace

/// The destination of one box: the part of `panel` at leading indices
/// `lead` (dropped), whole along the remaining dimensions.
Value TmaCopier::boxView(Value panel, ArrayRef<OpFoldResult> lead) {
  RewriterBase &rewriter = ctx.rewriter;
  auto type = cast<MemRefType>(panel.getType());
  SmallVector<OpFoldResult> offsets(lead);
  SmallVector<OpFoldResult> sizes(lead.size(), rewriter.getIndexAttr(1));
  for (int64_t d = lead.size(); d < type.getRank(); ++d) {
    offsets.push_back(rewriter.getIndexAttr(0));
    sizes.push_back(rewriter.getIndexAttr(type.getDimSize(d)));
  }
  SmallVector<OpFoldResult> strides(type.getRank(), rewriter.getIndexAttr(1));
  auto viewType = memref::SubViewOp::inferRankReducedResultType(
      type.getShape().drop_front(lead.size()), type, offsets, sizes, strides);
  return memref::SubViewOp::create(rewriter, ctx.loc,
                                   cast<MemRefType>(viewType), panel, offsets,
                                   sizes, strides);
}

/// One box into `dst` at `coordinates` (innermost first). A batched
/// operand's map is 3-D: the batch is the outermost coordinate, and the
/// box one batch deep (a broadcast A's map is 2-D).
void TmaCopier::load(Value dst, Value map, SmallVector<Value, 3> coordinates,
                     Value stage, Value mask) {
  auto mapType = cast<nvgpu::TensorMapDescriptorType>(map.getType());
  if (mapType.getTensor().getRank() == 3) {
    auto type = cast<MemRefType>(dst.getType());
    dst = memref::ExpandShapeOp::create(
        ctx.rewriter, ctx.loc,
        ArrayRef<int64_t>{1, type.getDimSize(0), type.getDimSize(1)}, dst,
        ArrayRef<ReassociationIndices>{{0, 1}, {2}});
    coordinates.push_back(ctx.batchIndex);
  }
  nvgpu::TmaAsyncLoadOp::create(ctx.rewriter, ctx.loc, dst, barriers, map,
                                coordinates, stage, mask, Value());
}

/// b_row_groups: box i of B's row-group view, class c = i / count (panel
/// rows k with k mod 4 = c) and piece b = i % count, starts at column c x N
/// + colOrigin, rounded down to a multiple of 4 (a 16-byte box start;
/// colOrigin is one), plus b x width; this is that column less colOrigin.
Value TmaCopier::boxColumn(Value box) {
  RewriterBase &rewriter = ctx.rewriter;
  Location loc = ctx.loc;
  const RowGroupBoxes &boxes = ctx.plan.bBoxes;
  Value cls = arith::DivUIOp::create(rewriter, loc, box, ib.c(boxes.count));
  Value piece = arith::RemUIOp::create(rewriter, loc, box, ib.c(boxes.count));
  Value start = ib.mul(cls, ib.c(ctx.plan.problem.n));
  start = arith::SubIOp::create(
      rewriter, loc, start,
      arith::RemUIOp::create(rewriter, loc, start, ib.c(4)));
  return ib.add(start, ib.mul(piece, ib.c(boxes.width)));
}

/// Box `box` of stage `stage` from B's column colOrigin + `column`, row
/// kAt / 4 of the row-group view.
void TmaCopier::issueBox(OpFoldResult box, Value column, Value stage,
                         Value kAt) {
  Value dst = boxView(ctx.panels[1], {stage, box});
  Value groupRow = arith::DivUIOp::create(ctx.rewriter, ctx.loc, kAt, ib.c(4));
  load(dst, maps[1][0], {ib.add(ctx.colOrigin, column), groupRow}, stage);
}

/// The mbarriers, and what the issuing threads work out once, go before the
/// tile scheduler's loop: the block sets them up once.
void TmaCopier::emitSetup(Operation *setupPoint) {
  RewriterBase &rewriter = ctx.rewriter;
  Location loc = ctx.loc;
  MLIRContext *mlirCtx = rewriter.getContext();
  int64_t stages = ctx.plan.stages;
  OpBuilder::InsertPoint loopPoint = rewriter.saveInsertionPoint();
  if (setupPoint)
    rewriter.setInsertionPoint(setupPoint);
  auto groupType = nvgpu::MBarrierGroupType::get(
      mlirCtx, getWorkgroupSpace(mlirCtx), stages);
  barriers = nvgpu::MBarrierCreateOp::create(rewriter, loc, groupType);
  leader = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq,
                                 ctx.tid, ib.c(0));
  const KernelPlan &plan = ctx.plan;
  bool warpSpecialized = plan.loop == KLoopKind::WarpSpecialized;
  int64_t cluster = plan.cluster;
  // A stage's releases per round, from each block that shares it: every
  // consumer thread's (warp specialisation; one elected thread per
  // warpgroup measured slower, docs/results/2026-12-02-cluster.md), or the
  // leader's (issue-ahead, once the block has synchronised).
  int64_t releases =
      (warpSpecialized ? plan.numThreads - plan.wgmma.producerThreads : 1) *
      (sharing ? cluster : 1);
  if (warpSpecialized || sharing)
    emptyBarriers = nvgpu::MBarrierCreateOp::create(rewriter, loc, groupType);
  emitUnder(rewriter, loc, leader, [&]() {
    for (int64_t s = 0; s < stages; ++s) {
      nvgpu::MBarrierInitOp::create(rewriter, loc, barriers, ib.c(1), ib.c(s),
                                    Value());
      if (emptyBarriers)
        nvgpu::MBarrierInitOp::create(rewriter, loc, emptyBarriers,
                                      ib.c(releases), ib.c(s), Value());
    }
    // The TMA unit (async proxy) must see the initialised mbarriers, and
    // in a cluster so must the other blocks.
    NVVM::FenceProxyOp::create(
        rewriter, loc, NVVM::ProxyKind::async_shared,
        NVVM::SharedSpaceAttr::get(mlirCtx, NVVM::SharedSpace::shared_cta));
    if (cluster > 1)
      NVVM::FenceMbarrierInitOp::create(rewriter, loc);
  });
  if (cluster > 1) {
    emitClusterBarrier(rewriter, loc);
    rank = arith::IndexCastOp::create(
        rewriter, loc, rewriter.getIndexType(),
        NVVM::ClusterId::create(rewriter, loc, rewriter.getI32Type()));
    allBlocks = arith::ConstantOp::create(
        rewriter, loc, rewriter.getI16IntegerAttr((1 << cluster) - 1));
  } else {
    gpu::BarrierOp::create(rewriter, loc);
  }

  // b_row_groups: the boxes complete on the stage's mbarrier, which the
  // leader arms with all of their bytes (in any order: the phase needs the
  // leader's arrival too). With one box per class the leader issues the 4
  // after A's. With two (BN + 3 > 256), one elected lane of warp w issues
  // boxes w, w + warps, ...: each warp works out its boxes once, from its
  // index taken from lane 0, so that ptxas knows the branch around the
  // issue is warp-uniform (docs/results/ compares the two).
  bool bRowGroups = ctx.plan.copy[1].layout == PanelLayout::RowClassBoxes;
  const RowGroupBoxes &boxes = ctx.plan.bBoxes;
  leaderIssues = bRowGroups && boxes.count == 1;
  warps = ctx.plan.numThreads / 32; // whole warps (verifier)
  if (bRowGroups && !leaderIssues) {
    Value warp = arith::IndexCastOp::create(
        rewriter, loc, rewriter.getI32Type(),
        arith::DivUIOp::create(rewriter, loc, ctx.tid, ib.c(32)));
    Value warpIndex = arith::IndexCastOp::create(
        rewriter, loc, rewriter.getIndexType(),
        gpu::ShuffleOp::create(rewriter, loc, warp, 0, 32,
                               gpu::ShuffleMode::IDX)
            .getShuffleResult());
    for (int64_t trip = 0; trip * warps < boxes.boxes(); ++trip) {
      Value box = ib.add(warpIndex, ib.c(trip * warps));
      myBoxes.push_back({box, boxColumn(box)});
    }
  }
  rewriter.restoreInsertionPoint(loopPoint);
}

/// Swizzled box `box` of part `part` of `operand` into stage `stage`: a
/// K-major operand's (A, transposed B, TF32's transposed copy of B) are BM
/// (BN) x W at column kAt + W box (W: the box's columns); an MN-major
/// one's (B, transposed A) BK x W at row kAt, column W box of the tile.
/// The parts' boxes follow each other in the stage. The operand a cluster
/// shares takes this block's share of the box's rows, multicast to all.
void TmaCopier::issueSwizzled(int operand, int64_t part, int64_t box,
                              Value stage, Value kAt) {
  RewriterBase &rewriter = ctx.rewriter;
  Location loc = ctx.loc;
  WgmmaTileAttr wgmma = ctx.config().getWgmmaTile();
  bool kMajor = operand == 0 ? ctx.plan.wgmma.aKMajor : ctx.plan.wgmma.bKMajor;
  Value column = ib.c(wgmma.getBoxColumns() * box);
  Value origin = operand == 0 ? ctx.rowOrigin : ctx.colOrigin;
  Value col = kMajor ? ib.add(kAt, column) : ib.add(origin, column);
  Value row = kMajor ? origin : kAt;
  int64_t boxesPerPart = ctx.plan.shared.panelShape[operand][1] /
                         (operand == 0 ? 1 : wgmma.getParts());
  Value dst = boxView(ctx.panels[operand],
                      {stage, ib.c(part * boxesPerPart + box)});
  Value mask;
  if (operand == sharedOperand) {
    int64_t share = ctx.plan.arguments[operand].boxRows;
    Value first = ib.mul(rank, ib.c(share));
    row = ib.add(row, first);
    auto type = cast<MemRefType>(dst.getType());
    SmallVector<OpFoldResult> offsets = {first, rewriter.getIndexAttr(0)};
    SmallVector<OpFoldResult> sizes = {
        rewriter.getIndexAttr(share),
        rewriter.getIndexAttr(type.getDimSize(1))};
    SmallVector<OpFoldResult> strides(2, rewriter.getIndexAttr(1));
    dst =
        memref::SubViewOp::create(rewriter, loc, dst, offsets, sizes, strides);
    mask = allBlocks;
  }
  load(dst, maps[operand][part], {col, row}, stage, mask);
}

/// Rows of B that are not 16-byte multiples cannot be TMA boxes: B then
/// goes through registers (two stages), loaded here, beside A's box, and
/// stored into the free stage after the step's FMAs (`emitFlush`).
void TmaCopier::emitIssue(Value kAt, Value kUpper, Value stage) {
  RewriterBase &rewriter = ctx.rewriter;
  Location loc = ctx.loc;
  const KernelPlan &plan = ctx.plan;
  ConfigAttr config = plan.config;
  bool bRowGroups = plan.copy[1].layout == PanelLayout::RowClassBoxes;
  int64_t bBytes =
      plan.bByRegisters ? 0 : config.getBK() * getStagedBCols(config);
  WgmmaTileAttr wgmma = config.getWgmmaTile();
  int64_t parts = config.getParts();
  int64_t txBytes = (config.getBM() * config.getBK() + parts * bBytes) *
                    getElementBytes(ctx.elementType());
  Value live = ib.lt(kAt, kUpper);
  emitUnder(rewriter, loc, ib.land(leader, live), [&]() {
    nvgpu::MBarrierArriveExpectTxOp::create(rewriter, loc, barriers,
                                            ib.c(txBytes), stage, Value());
    // Swizzled stages: boxes one 128-byte row wide, along K for a K-major
    // operand, else along M or N, each part's in turn.
    if (wgmma) {
      int64_t w = wgmma.getBoxColumns();
      const WgmmaTilePlan &tile = plan.wgmma;
      int64_t aBoxes = (tile.aKMajor ? config.getBK() : config.getBM()) / w;
      int64_t bBoxes = (tile.bKMajor ? config.getBK() : config.getBN()) / w;
      for (int64_t box = 0; box < aBoxes; ++box)
        issueSwizzled(0, 0, box, stage, kAt);
      for (int64_t part = 0; part < parts; ++part)
        for (int64_t box = 0; box < bBoxes; ++box)
          issueSwizzled(1, part, box, stage, kAt);
      return;
    }
    // Box coordinates go innermost first: (column, row).
    auto at = [&](int operand, Value origin) {
      return isKMajorTmaBox(plan, operand) ? SmallVector<Value, 3>{kAt, origin}
                                           : SmallVector<Value, 3>{origin, kAt};
    };
    load(boxView(ctx.panels[0], {stage}), maps[0][0], at(0, ctx.rowOrigin),
         stage);
    if (!plan.bByRegisters && !bRowGroups)
      load(boxView(ctx.panels[1], {stage}), maps[1][0], at(1, ctx.colOrigin),
           stage);
    if (leaderIssues)
      for (int64_t i = 0; i < plan.bBoxes.boxes(); ++i)
        issueBox(rewriter.getIndexAttr(i), boxColumn(ib.c(i)), stage, kAt);
  });
  for (auto [trip, entry] : llvm::enumerate(myBoxes)) {
    auto [box, column] = entry;
    Value mine = (trip + 1) * warps <= size_t(plan.bBoxes.boxes())
                     ? Value()
                     : ib.lt(box, ib.c(plan.bBoxes.boxes()));
    emitUnder(rewriter, loc, ib.land(live, mine), [&]() {
      Value elected = NVVM::ElectSyncOp::create(rewriter, loc,
                                                rewriter.getI1Type(), Value());
      emitUnder(rewriter, loc, elected,
                [&]() { issueBox(box, column, stage, kAt); });
    });
  }
  if (!plan.bByRegisters)
    return;
  pendingB = emitGuarded(rewriter, loc, live, bCopy.valueTypes(), [&]() {
    return loadPanel(ctx, bCopy, kAt, ctx.colOrigin);
  });
  pendingStage = stage;
  pendingLive = live;
}

/// Waits on `group`'s mbarrier of `stage` for the phase of parity (step /
/// S + `shift`) mod 2.
void TmaCopier::waitForPhase(Value group, Value step, Value stage,
                             int64_t shift) {
  RewriterBase &rewriter = ctx.rewriter;
  Location loc = ctx.loc;
  Value round =
      arith::DivUIOp::create(rewriter, loc, step, ib.c(ctx.plan.stages));
  if (shift)
    round = ib.add(round, ib.c(shift));
  Value parity = arith::IndexCastOp::create(
      rewriter, loc, rewriter.getI1Type(),
      arith::RemUIOp::create(rewriter, loc, round, ib.c(2)));
  nvgpu::MBarrierTryWaitParityOp::create(rewriter, loc, group, parity,
                                         ib.c(kMbarrierWaitTicks), stage);
}

void TmaCopier::emitWait(Value step, Value stage) {
  waitForPhase(barriers, step, stage, 0);
}

/// Round r = step / S of a stage may be filled once the consumers have
/// freed round r - 1: the empty mbarrier's phase r - 1, parity (r + 1) mod
/// 2, which for r = 0 is the phase before the first (complete at once).
void TmaCopier::emitAcquire(Value step, Value stage) {
  waitForPhase(emptyBarriers, step, stage, 1);
}

/// One arrival on the empty mbarrier of `stage` in each block that shares
/// the stages (this block's alone without a cluster).
void TmaCopier::emitArrivals(Value stage) {
  RewriterBase &rewriter = ctx.rewriter;
  Location loc = ctx.loc;
  MLIRContext *mlirCtx = rewriter.getContext();
  if (!sharing) {
    nvgpu::MBarrierArriveOp::create(rewriter, loc,
                                    nvgpu::MBarrierTokenType::get(mlirCtx),
                                    emptyBarriers, stage);
    return;
  }
  Value address = nvgpu::MBarrierGetOp::create(
      rewriter, loc, rewriter.getI32Type(), emptyBarriers, stage);
  for (int64_t block = 0; block < ctx.plan.cluster; ++block)
    emitRemoteArrive(rewriter, loc, address,
                     arith::ConstantOp::create(
                         rewriter, loc, rewriter.getI32IntegerAttr(block)));
}

/// Issue-ahead in a cluster: the leader frees step `step` - 1's stage (the
/// block has synchronised past it), then waits for the round before step
/// `stepAhead`'s of `stageAhead` to be freed by every block.
void TmaCopier::emitHandoff(Value step, Value stepAhead, Value stageAhead,
                            Value live) {
  RewriterBase &rewriter = ctx.rewriter;
  Location loc = ctx.loc;
  int64_t stages = ctx.plan.stages;
  emitUnder(rewriter, loc, ib.land(leader, ib.ge(step, ib.c(1))), [&]() {
    emitArrivals(ib.rem(ib.add(step, ib.c(stages - 1)), ib.c(stages)));
  });
  Value refill = ib.land(live, ib.ge(stepAhead, ib.c(stages)));
  emitUnder(rewriter, loc, ib.land(leader, refill),
            [&]() { emitAcquire(stepAhead, stageAhead); });
}

std::unique_ptr<StageCopier>
mlir::tileopt::createTmaCopier(KernelContext &ctx, ArrayRef<Value> tensorMaps) {
  return std::make_unique<TmaCopier>(ctx, tensorMaps);
}

namespace {
/// Copies an operand's landed box (stage `stage`, R x BK: A's BM x BK, or
/// with b = restaged B's BN x BK as stored) into stage step % 2 of a BK x
/// R panel, before the step's barrier. A thread moves 16-byte pieces (4 k
/// of one row) and stores their elements down the panel's columns;
/// consecutive threads take consecutive rows, so a warp's stores hit
/// consecutive words. The barrier then orders these stores before the
/// step's FMAs, and the previous step's barrier orders them after the FMAs
/// two steps back, which read the same re-staged stage.
class Restage final : public StageCopier {
public:
  Restage(KernelContext &ctx, std::unique_ptr<StageCopier> inner, int operand,
          Value panel)
      : StageCopier(ctx), inner(std::move(inner)), operand(operand),
        panel(panel) {}
  void emitSetup(Operation *setupPoint) override {
    inner->emitSetup(setupPoint);
  }
  void emitIssue(Value kAt, Value kUpper, Value stage) override {
    inner->emitIssue(kAt, kUpper, stage);
  }
  void emitWait(Value step, Value stage) override;
  bool hasFlush() const override { return inner->hasFlush(); }
  void emitFlush() override { inner->emitFlush(); }
  void emitDrain(Operation *loop) override { inner->emitDrain(loop); }
  OperandSource getSource(int of, Value stage) override {
    if (of == operand)
      return {panel, panelStage};
    return inner->getSource(of, stage);
  }

private:
  std::unique_ptr<StageCopier> inner;
  int operand;
  Value panel, panelStage;
};
} // namespace

void Restage::emitWait(Value step, Value stage) {
  inner->emitWait(step, stage);
  RewriterBase &rewriter = ctx.rewriter;
  Location loc = ctx.loc;
  IndexBuilder ib = ctx.ib();
  ConfigAttr config = ctx.config();
  int64_t rows = operand ? config.getBN() : config.getBM();
  int64_t bk = config.getBK();
  int64_t numThreads = ctx.plan.numThreads;
  int64_t pieces = rows * bk / 4;
  panelStage = arith::RemUIOp::create(rewriter, loc, step, ib.c(2));
  auto vec4 = VectorType::get({4}, ctx.elementType());
  for (int64_t trip = 0; trip * numThreads < pieces; ++trip) {
    Value live = getTripGuard(ib, pieces, numThreads, ctx.tid, trip);
    emitUnder(rewriter, loc, live, [&]() {
      Value idx = ib.add(ctx.tid, ib.c(trip * numThreads));
      Value row = arith::RemUIOp::create(rewriter, loc, idx, ib.c(rows));
      Value k = ib.mul(arith::DivUIOp::create(rewriter, loc, idx, ib.c(rows)),
                       ib.c(4));
      Value piece = vector::LoadOp::create(
          rewriter, loc, vec4, ctx.panels[operand], ValueRange{stage, row, k},
          /*nontemporal=*/false, llvm::MaybeAlign(16));
      for (int64_t e = 0; e < 4; ++e)
        memref::StoreOp::create(
            rewriter, loc, vector::ExtractOp::create(rewriter, loc, piece, e),
            panel, ValueRange{panelStage, ib.add(k, ib.c(e)), row});
    });
  }
}

std::unique_ptr<StageCopier>
mlir::tileopt::createRestageDecorator(KernelContext &ctx,
                                      std::unique_ptr<StageCopier> inner,
                                      int operand, Value panel) {
  return std::make_unique<Restage>(ctx, std::move(inner), operand, panel);
}
