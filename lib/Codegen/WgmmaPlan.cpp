//===- WgmmaPlan.cpp - The wgmma tile's part of a kernel plan -------------===//
//
// `buildWgmmaPlan`: what a kernel on the wgmma tile needs beyond its
// copies (KernelPlan.cpp): the warpgroups, the K loop's kind, the
// producer's and consumers' registers, and the epilogue, with the rows
// epilogue's C tile placed in shared memory.
//
//===----------------------------------------------------------------------===//
#include "TileOpt/Codegen/KernelPlan.h"

#include "TileOpt/Analysis/Target.h"

using namespace mlir;
using namespace mlir::tileopt;

/// A TF32 consumer thread's registers besides its accumulators and A
/// fragments (addresses, descriptors, loop and tile state) when it loads a
/// step ahead.
static constexpr int64_t kPrefetchMarginRegisters = 40;

FailureOr<KernelPlan> mlir::tileopt::buildWgmmaPlan(KernelPlan plan,
                                                    const TargetInfo *target,
                                                    std::string &why) {
  ConfigAttr config = plan.config;
  const MatmulProblem &problem = plan.problem;
  int64_t n = problem.n;
  if (std::optional<std::string> v =
          findPrecisionViolation(config, problem.elementType)) {
    why = *v;
    return failure();
  }
  // B's rows as stored (N elements, K transposed) may be anything when
  // the kernel packs B first; A is copied wherever its rows need it
  // (copiesA); TF32 kernels read only their copies, whose rows are padded.
  int64_t bRow = problem.getStoredB().second;
  if (!config.isTF32() && bRow % 8 != 0 && !config.getPackB()) {
    why = "needs rows of B that are 16-byte multiples (multiples of 8 "
          "elements), or b = packed, for the wgmma tile's TMA boxes, got "
          "rows of " +
          std::to_string(bRow);
    return failure();
  }
  WgmmaTileAttr tile = config.getWgmmaTile();
  WgmmaTilePlan &w = plan.wgmma;
  w.m = tile.getM();
  w.n = tile.getN();
  w.k = tile.getK();
  w.wm = config.getWarp()[0];
  w.wn = config.getWarp()[1];
  w.groupsM = config.getBM() / w.wm;
  w.groupsN = config.getBN() / w.wn;
  // registers = b: B's boxes from B as stored (N-major).
  w.bInRegisters = config.isBInRegisters();
  for (std::optional<std::string> v :
       {findRegisterBViolation(config, problem.layout, n, problem.elementType),
        findTruncatedBViolation(config, problem.layout, problem.k,
                                problem.elementType)})
    if (v) {
      why = *v;
      return failure();
    }
  w.aKMajor = config.isTF32() || !problem.layout.transposeA;
  w.bKMajor = (config.isTF32() && !w.bInRegisters) || problem.layout.transposeB;
  plan.instructionTile = InstructionTileKind::Wgmma;
  if (config.isWarpSpecialized()) {
    w.producerThreads = plan.numThreads - config.getNumThreads();
    w.producerRegisters = kProducerRegisters;
    w.consumerRegisters = getConsumerRegisters(w.groupsM * w.groupsN);
  }
  plan.block[0] = plan.numThreads;
  plan.block[1] = 1;
  plan.loop = config.isWarpSpecialized() ? KLoopKind::WarpSpecialized
                                         : KLoopKind::IssueAhead;
  // tf32 (not tf32x3, whose step holds twice the fragments and its FP32
  // sums) loads a step ahead where the kernel's register cap holds the
  // accumulators, two steps' fragments and kPrefetchMarginRegisters; on
  // whole tiles only (data-parallel and persistent grids: split_tail's
  // parts have not run on a GPU with it).
  if (target && config.getPrecision() == Precision::TF32 &&
      plan.loop == KLoopKind::WarpSpecialized &&
      plan.scheduler != TileSchedulerKind::SplitTail) {
    w.prefetchA = plan.accumulatorsPerThread() +
                      2 * w.fragmentRegisters(config.getBK()) +
                      kPrefetchMarginRegisters <=
                  getRegisterCap(config, *target);
  }
  // A lane's accumulators come in pairs of adjacent columns: one store of
  // two elements where C's rows keep the pairs aligned. C goes out through
  // shared memory in row vectors instead (docs/results/2026-12-01-wgmma-
  // pack.md) where its tile (rows padded by 16 bytes) has bytes: over the
  // stages once the MMAs are done with them, unless a producer warpgroup
  // refills them for the block's next tile; then after the stages, where
  // that fits beside the blocks per SM that the grid counts resident. The
  // tile goes in the fewest column chunks (passes) whose slot fits; more
  // than one only where one warpgroup spans the tile's columns, so that a
  // chunk's accumulators are a fixed run of every lane's (registers = b,
  // whose lanes hold C^T's fragments: row chunks, where one warpgroup
  // spans the tile's rows). C += A * B (no
  // fused ops, C's rows 16-byte multiples) stages the f32 sums where they
  // fit and adds C at the store (3072^3 f16 7 % faster, docs/results/
  // 2026-12-06-wgmma-split-k/; tf32 2048^3 and 4096^3 5 %, docs/results/
  // 2026-12-06-targets/); others load C at the start.
  plan.cVectorizable = n % 2 == 0;
  SharedMemoryLayout &shared = plan.shared;
  bool refilled = plan.loop == KLoopKind::WarpSpecialized &&
                  plan.scheduler != TileSchedulerKind::DataParallel;
  auto placeRows = [&](Type stagedType) {
    bool alongM = w.bInRegisters;
    for (int64_t passes = 1; passes <= kMaxRowsPasses; passes *= 2) {
      if (passes > 1 && (alongM ? w.groupsM != 1 || w.wm % (8 * passes) != 0
                                : w.groupsN != 1 || w.wn % (8 * passes) != 0))
        return false;
      int64_t cBytes = getRowsEpilogueBytes(config, stagedType, passes, alongM);
      int64_t bytes = shared.totalBytes() + cBytes;
      if (!refilled && cBytes <= shared.panelBytes) {
        shared.slots.push_back({kCTileSlot, 0, cBytes, 16, /*aliases=*/true});
      } else if (refilled && target &&
                 bytes <= target->sharedBytesPerBlockOptIn &&
                 std::max<int64_t>(config.getBlocksPerSM(), 1) * bytes <=
                     target->sharedBytesPerSM) {
        shared.slots.push_back({kCTileSlot, shared.panelBytes, cBytes, 16});
        shared.panelBytes += cBytes;
      } else
        continue;
      plan.rowsPasses = passes;
      plan.rowsAlongM = alongM && passes > 1;
      return true;
    }
    return false;
  };
  plan.addCAtStore = problem.accumulate && !problem.epilogue &&
                     n * getElementBytes(problem.getCType()) % 16 == 0 &&
                     placeRows(problem.getAccumulatorType());
  bool rows = plan.addCAtStore || placeRows(problem.getOutType());
  plan.epilogue = rows ? EpilogueKind::Rows : EpilogueKind::Direct;
  return plan;
}
