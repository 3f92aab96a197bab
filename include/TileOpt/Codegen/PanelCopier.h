//===- PanelCopier.h - Engines that stage panels in shared memory -*- C++ -*-===//
//
// A copier moves the A and B panels of each K step into their shared-memory
// stages. The register copier is two halves (loads into registers, stores
// into a stage) that the register schedules place apart; the asynchronous
// copiers (cp.async, TMA) implement `StageCopier`, the interface of the
// issue-ahead schedule: issue a step into a stage, wait until a stage has
// landed, and say where the instruction tile reads each operand.
// `restage_a` is a decorator of the TMA copier; `pack_b` is a grid prologue
// (Pack.h), not a copier.
//
//===----------------------------------------------------------------------===//
#ifndef TILEOPT_CODEGEN_PANELCOPIER_H
#define TILEOPT_CODEGEN_PANELCOPIER_H

#include "TileOpt/Codegen/KernelContext.h"

#include <memory>

namespace mlir::tileopt {

/// One operand's panel: the `rows` x `cols` window of `global` (in its own
/// row-major orientation) at a tile origin, moved into shared `buffer`
/// (transposed when `transposed`) by all threads of the block.
struct PanelCopy {
  Value global;
  Value buffer;
  bool transposed;
  int64_t rows, cols;
  int64_t width;             ///< elements per vector: 4 (16 bytes) or 1
  bool checkRows, checkCols; ///< whether a tile can cross the matrix edge
  int64_t numThreads;

  int64_t vectorsPerRow() const { return cols / width; }
  int64_t total() const { return rows * vectorsPerRow(); }
  int64_t trips() const { return llvm::divideCeil(total(), numThreads); }
  /// What one trip moves: vector<width x element>, or the element.
  Type valueType() const;
  /// The row and column (in the panel) of vector `trip` of thread `tid`.
  std::pair<Value, Value> getPosition(IndexBuilder &ib, Value tid,
                                      int64_t trip) const;
  /// Whether thread `tid` has a vector in trip `trip` (null: every thread).
  Value getTripGuard(IndexBuilder &ib, Value tid, int64_t trip) const {
    return tileopt::getTripGuard(ib, total(), numThreads, tid, trip);
  }
  /// The types of a thread's share of the panel, one per trip.
  SmallVector<Type> valueTypes() const {
    return SmallVector<Type>(trips(), valueType());
  }
};

/// The copy of operand `operand` (0: A, 1: B) of the plan's kernel.
PanelCopy getPanelCopy(const KernelContext &ctx, int operand);

/// Register copier, first half: this thread's share of panel `p` at global
/// origin (row0, col0) into registers, one value per trip, zero where the
/// panel leaves the matrix. Consecutive threads read consecutive addresses.
SmallVector<Value> loadPanel(KernelContext &ctx, const PanelCopy &p,
                             Value row0, Value col0);

/// Register copier, second half: the values `loadPanel` produced into stage
/// `stage` of the buffer (null: no stage dimension).
void storePanel(KernelContext &ctx, const PanelCopy &p, ArrayRef<Value> values,
                Value stage);

/// The copier of the issue-ahead schedule (KLoopSchedule.h).
class StageCopier {
public:
  virtual ~StageCopier() = default;
  /// The block's one-time setup (e.g. mbarriers), before `setupPoint` when
  /// given (a tile scheduler's loop), else at the insertion point.
  virtual void emitSetup(Operation *setupPoint) {}
  /// Issues the panels of the K step at `kAt` into stage `stage`; nothing
  /// for steps at or beyond the K loop's end `kUpper`.
  virtual void emitIssue(Value kAt, Value kUpper, Value stage) = 0;
  /// Waits until the panels of K step `step` (in `stage`) have landed.
  virtual void emitWait(Value step, Value stage) = 0;
  /// Whether part of a step's copy is completed by the threads after the
  /// step's compute (`emitFlush`).
  virtual bool hasFlush() const { return false; }
  virtual void emitFlush() {}
  /// After the K loop `loop`: nothing may still be in flight.
  virtual void emitDrain(Operation *loop) {}
  /// Warp specialisation: the producer waits until the consumers have freed
  /// stage `stage` for K step `step` (at once in the stage's first round);
  /// a consumer thread frees stage `stage`.
  virtual void emitAcquire(Value step, Value stage) {}
  virtual void emitRelease(Value stage) {}
  /// Whether other blocks (a cluster's) write into this block's stages:
  /// the issue-ahead loop then hands each stage over (`emitHandoff`)
  /// before it refills it.
  virtual bool sharesStages() const { return false; }
  /// Issue-ahead with shared stages, after the block's barrier at step
  /// `step`: frees the stage step `step` - 1 read to every block that
  /// shares it, then, when `live` (step `stepAhead` is issued), waits until
  /// they all have freed `stageAhead`, which that step refills.
  virtual void emitHandoff(Value step, Value stepAhead, Value stageAhead,
                           Value live) {}
  /// Where the instruction tile reads `operand` in stage `stage`.
  virtual OperandSource getSource(int operand, Value stage);

protected:
  explicit StageCopier(KernelContext &ctx) : ctx(ctx) {}
  KernelContext &ctx;
};

/// cp.async: one commit group per issued step.
std::unique_ptr<StageCopier> createCpAsyncCopier(KernelContext &ctx);

/// TMA: one box (or b_row_groups's class boxes) per operand and step, an
/// mbarrier per stage; B through registers where the plan says so.
/// `tensorMaps` are A's and B's (null where B has none).
std::unique_ptr<StageCopier> createTmaCopier(KernelContext &ctx,
                                             ArrayRef<Value> tensorMaps);

/// a = restaged (`operand` 0) or b = restaged (1): after `inner` has landed
/// the operand's box (A's BM x BK, B's BN x BK as stored), the threads copy
/// it into the two-stage BK x BM (BK x BN) `panel`, which the tile then
/// reads.
std::unique_ptr<StageCopier>
createRestageDecorator(KernelContext &ctx, std::unique_ptr<StageCopier> inner,
                       int operand, Value panel);

/// Whether the fma tile's TMA boxes of `operand` lie along K (A's BM x BK,
/// B's BN x BK as stored, b = restaged), not across it (BK x BM, BK x BN):
/// the copier's box coordinates and the tensor maps' box shapes follow it.
bool isKMajorTmaBox(const KernelPlan &plan, int operand);

/// The host side of the TMA copier, before the launch: a tensor map of A
/// and, unless B goes through registers, of B (its row-group view with
/// b_row_groups, pack_b's copy in `workspace`); with the TF32 precisions,
/// of the copies in `workspace` instead, map operand + 2 part (tf32x3: the
/// high parts' then the low parts'). Null where there is none.
SmallVector<Value, 2> createTensorMaps(RewriterBase &rewriter, Location loc,
                                       const KernelPlan &plan, Value globalA,
                                       Value globalB, Value workspace);

} // namespace mlir::tileopt

#endif // TILEOPT_CODEGEN_PANELCOPIER_H
