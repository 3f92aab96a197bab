//===- GridPlan.cpp - The grid, tile order, Stream-K and copies ---------===//
//
// What a config's grid does with a problem, before any code is emitted:
// its output tiles and their order, Stream-K's and split_tail's shares of
// the K steps, the persistent grid, and the workspace with the operand
// copies the kernel makes first. Codegen, the report and the checks in
// Target.cpp read the same plans.
//
//===----------------------------------------------------------------------===//
#include "TileOpt/Analysis/Target.h"

#include "TileOpt/Analysis/MatmulProblem.h"
#include "TileOpt/Codegen/KernelPlan.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/MathExtras.h"
#include <algorithm>
#include <numeric>

using namespace mlir;
using namespace mlir::tileopt;

int64_t mlir::tileopt::getOutputTiles(ConfigAttr config, int64_t m,
                                      int64_t n) {
  return llvm::divideCeil(m, config.getBM()) *
         llvm::divideCeil(n, config.getBN());
}

StreamKPlan mlir::tileopt::getStreamKPlan(ConfigAttr config, int64_t m,
                                          int64_t n, int64_t k,
                                          Type elementType,
                                          const TargetInfo &target) {
  StreamKPlan plan;
  int64_t tiles = getOutputTiles(config, m, n);
  plan.stepsPerTile = llvm::divideCeil(k, config.getBK());
  plan.steps = tiles * plan.stepsPerTile;
  plan.partialElements = config.getBM() * config.getBN();
  int64_t wave = target.numSMs * config.getBlocksPerSM();
  if (config.getScheduler() == TileSchedulerKind::SplitTail) {
    // The tail's parts fill the wave but keep at least kMinSplitSteps K
    // steps each.
    int64_t tail = tiles % wave;
    plan.dataParallelTiles = tiles - tail;
    plan.split =
        tail ? std::clamp<int64_t>(
                   std::min(wave / tail, plan.stepsPerTile / kMinSplitSteps), 1,
                   plan.stepsPerTile)
             : 1;
    // A split of 1 splits nothing: every tile runs whole, and there is
    // no partial sum.
    if (plan.split == 1)
      plan.dataParallelTiles = tiles;
    plan.blocks = plan.dataParallelTiles + (tiles - plan.dataParallelTiles) *
                                               plan.split;
    // With a producer warpgroup, a resident wave loops over the units, so
    // that the producer fills the next unit's stages while the consumers
    // store C; the parts come last, where every block has run its whole
    // tiles (D of them make D / wave rounds).
    plan.persistent = config.isWarpSpecialized();
    plan.partsFirst = !plan.persistent && plan.dataParallelTiles >= 2 * wave;
    plan.maxSegments = 1;
  } else {
    plan.blocks = std::min(wave, plan.steps);
    for (int64_t b = 0; b < plan.blocks; ++b) {
      int64_t first = b * plan.steps / plan.blocks;
      int64_t last = (b + 1) * plan.steps / plan.blocks - 1;
      plan.maxSegments =
          std::max(plan.maxSegments,
                   last / plan.stepsPerTile - first / plan.stepsPerTile + 1);
    }
  }
  plan.grid = plan.persistent ? std::min(wave, plan.blocks) : plan.blocks;
  // Partial sums are accumulators: f32 for every operand type.
  plan.flagsOffset = plan.partialSlots() * plan.partialElements * 4;
  plan.workspaceBytes = plan.flagsOffset + 4 * plan.partialSlots();
  return plan;
}

std::pair<int64_t, int64_t>
mlir::tileopt::getTileInOrder(ConfigAttr config, int64_t tilesM, int64_t tilesN,
                              int64_t t) {
  bool alongM = config.isOrderAlongM();
  int64_t along = llvm::alignTo(alongM ? tilesM : tilesN, config.getCluster());
  int64_t across = alongM ? tilesN : tilesM;
  int64_t group = config.getTileGroup();
  int64_t position = t % along, line = t / along;
  if (group != 0 && group < along) {
    int64_t first = t / (group * across) * group;
    int64_t offset = t % (group * across);
    int64_t rows = std::min(group, along - first);
    position = first + offset % rows;
    line = offset / rows;
  }
  return alongM ? std::make_pair(position, line)
                : std::make_pair(line, position);
}

WaveFootprint mlir::tileopt::getWaveFootprint(ConfigAttr config, int64_t m,
                                              int64_t n, int64_t blocks) {
  int64_t tilesM = llvm::divideCeil(m, config.getBM());
  int64_t tilesN = llvm::divideCeil(n, config.getBN());
  // A wave of at most a few thousand blocks (the caller's): one pass over
  // its tiles; those past C's edge (a cluster's padding) read nothing.
  llvm::SmallDenseSet<int64_t> rows, cols;
  for (int64_t t = 0; t < blocks; ++t) {
    auto [row, col] = getTileInOrder(config, tilesM, tilesN, t);
    if (row < tilesM && col < tilesN) {
      rows.insert(row);
      cols.insert(col);
    }
  }
  return {static_cast<int64_t>(rows.size()), static_cast<int64_t>(cols.size())};
}

int64_t mlir::tileopt::getPersistentGrid(ConfigAttr config, int64_t m,
                                         int64_t n, const TargetInfo &target,
                                         int64_t batches) {
  return std::min(getOutputTiles(config, m, n) * batches,
                  target.numSMs *
                      std::max<int64_t>(config.getBlocksPerSM(), 1));
}

WorkspacePlan mlir::tileopt::getWorkspacePlan(ConfigAttr config,
                                              const MatmulProblem &problem,
                                              const TargetInfo &target) {
  int64_t m = problem.m, n = problem.n, k = problem.k;
  Type elementType = problem.elementType;
  const OperandLayout &layout = problem.layout;
  WorkspacePlan plan;
  if (config.getStreamK()) {
    plan.streamK = getStreamKPlan(config, m, n, k, elementType, target);
    plan.bytes = plan.streamK->workspaceBytes;
  }
  // The copies, A's first: A as it is (M x K; copiesA: the TF32
  // precisions round or split its elements in registers), transposed
  // where it is stored K x M; B as it is (K x N, pack_b), transposed where
  // it is stored N x K; with the TF32 precisions B as N x K (transposed,
  // unless it is stored so), as TF32 or as its high parts and then its low
  // parts (tf32x3); none with registers = b (B's TMA boxes come from B).
  // The 16-bit wgmma tile reads its copies as stored (only their rows
  // padded), transposed operands included.
  SmallVector<PackedCopy, 4> copies;
  // A batched operand's copy holds its batch's matrices, one after the
  // other.
  auto copyOf = [&](int operand, bool transposed, int64_t rows, int64_t cols,
                    CopyPart part = CopyPart::Exact) -> PackedCopy {
    PackedCopy copy{operand, part, transposed, rows, cols};
    if (copiesAsStored(config) && transposed)
      copy = {operand, part, false, cols, rows};
    if (problem.isBatched(operand ? "B" : "A"))
      copy.batches = problem.batch;
    return copy;
  };
  if (copiesA(config, m, k, layout))
    copies.push_back(copyOf(0, layout.transposeA, m, k));
  if (config.getPackB()) {
    copies.push_back(copyOf(1, layout.transposeB, k, n));
  } else if (copiesB(config)) {
    // TF32: B K-major (N x K), rounded, or its high and low parts.
    SmallVector<CopyPart, 2> parts = {CopyPart::Rounded};
    if (config.getPrecision() == Precision::TF32x3)
      parts = {CopyPart::High, CopyPart::Low};
    for (CopyPart part : parts)
      copies.push_back(copyOf(1, !layout.transposeB, n, k, part));
  }
  if (!copies.empty()) {
    int64_t elemBytes = getElementBytes(elementType);
    PackPlan pack;
    for (PackedCopy &copy : copies) {
      copy.offset = llvm::alignTo(plan.bytes, kTmaBoxAlignment);
      copy.pitch =
          llvm::alignTo(copy.cols * elemBytes, kTmaBoxAlignment) / elemBytes;
      plan.bytes = copy.offset + copy.bytes(elemBytes);
    }
    pack.copies = std::move(copies);
    pack.barrierOffset = plan.bytes;
    bool persistent = config.getScheduler() == TileSchedulerKind::Persistent;
    // (A batch runs on the grid's z, or in a persistent grid's tiles.)
    int64_t batches = problem.getBatches();
    pack.blocks = plan.streamK ? plan.streamK->grid
                  : persistent
                      ? getPersistentGrid(config, m, n, target, batches)
                      : getOutputTiles(config, m, n) * batches;
    pack.packers =
        std::min(pack.blocks, target.numSMs * config.getBlocksPerSM());
    plan.bytes = pack.barrierOffset + 12;
    plan.pack = pack;
  }
  return plan;
}

bool mlir::tileopt::copiesA(ConfigAttr config, int64_t m, int64_t k,
                            OperandLayout layout) {
  if (config.isTF32())
    return k % 4 != 0 || layout.transposeA;
  if (config.getStrategy() != Strategy::Tiled)
    return false;
  // The wgmma tile's 16-bit A is read as stored (K-major or not); rows
  // (of K elements, M transposed) that are not 16-byte multiples are
  // copied as stored.
  if (config.isWgmma())
    return layout.storedA(m, k).second % 8 != 0;
  if (layout.transposeA)
    return !readsATransposedBoxes(config, layout);
  return k % 4 != 0 && config.getCopyKind() == CopyKind::Tma;
}

bool mlir::tileopt::readsATransposedBoxes(ConfigAttr config,
                                          OperandLayout layout) {
  return layout.transposeA && config.getStrategy() == Strategy::Tiled &&
         !config.isWgmma() && config.getCopyKind() == CopyKind::Tma &&
         !config.getRestageA();
}

StringRef mlir::tileopt::stringifyCopyPart(CopyPart part) {
  static const char *const names[] = {"exact", "rounded", "high", "low"};
  return names[static_cast<int>(part)];
}

RowGroupBoxes mlir::tileopt::getRowGroupBoxes(ConfigAttr config) {
  if (!config.getBRowGroups())
    return {};
  // 4-byte elements; BK is a multiple of 4 (copy = tma).
  int64_t run = config.getBN() + 3;
  RowGroupBoxes boxes;
  boxes.rows = config.getBK() / 4;
  boxes.count = llvm::divideCeil(run, kMaxTmaBoxSide);
  // Boxes of rows x width x 4 bytes, a multiple of 128.
  int64_t unit = std::lcm<int64_t>(
      4, kTmaBoxAlignment / 4 / std::gcd<int64_t>(kTmaBoxAlignment / 4,
                                                   boxes.rows));
  boxes.width = llvm::alignTo(llvm::divideCeil(run, boxes.count), unit);
  return boxes;
}

int64_t mlir::tileopt::getStagedBCols(ConfigAttr config) {
  return config.getBRowGroups() ? getRowGroupBoxes(config).pitch()
                                : config.getBN();
}
