//===- Target.cpp - GPU target descriptions and config checks -----------===//
//
// The table of chips tile-opt knows and `checkConfigAgainstTarget`, the single
// place where a tiling config meets the limits of the hardware.
//
//===----------------------------------------------------------------------===//
#include "TileOpt/Analysis/Target.h"

#include "TileOpt/Analysis/MatmulProblem.h"
#include "TileOpt/Codegen/KernelPlan.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"
#include <algorithm>
#include <limits>
#include <numeric>

using namespace mlir;
using namespace mlir::tileopt;

static const TargetInfo kTargets[] = {
    // chip, cc, ptx, warp, thr/blk, thr/SM, blk/SM, smem default, smem opt-in,
    // smem/SM, regs/SM, regs/blk, regs/thread, SMs, FP32 FMA/SM/cycle,
    // boost clock, memory bandwidth
    {"sm_80", 80, "+ptx80", 32, 1024, 2048, 32, 48 * 1024, 163 * 1024,
     164 * 1024, 65536, 65536, 255, 108, 64, 1.41e9, 2.039e12},
    {"sm_90", 90, "+ptx80", 32, 1024, 2048, 32, 48 * 1024, 227 * 1024,
     228 * 1024, 65536, 65536, 255, 132, 128, 1.98e9, 4.8e12},
    {"sm_90a", 90, "+ptx80", 32, 1024, 2048, 32, 48 * 1024, 227 * 1024,
     228 * 1024, 65536, 65536, 255, 132, 128, 1.98e9, 4.8e12},
};

std::optional<TargetInfo> mlir::tileopt::lookupTarget(StringRef chip) {
  for (const TargetInfo &t : kTargets)
    if (t.chip == chip)
      return t;
  return std::nullopt;
}

int64_t mlir::tileopt::getElementBytes(Type elementType) {
  return (elementType.getIntOrFloatBitWidth() + 7) / 8;
}

std::string mlir::tileopt::knownTargetsList() {
  return llvm::join(llvm::map_range(kTargets,
                                    [](const TargetInfo &t) {
                                      return t.chip.str();
                                    }),
                    ", ");
}

int64_t mlir::tileopt::getRestagedABytes(ConfigAttr config,
                                          Type elementType) {
  if (!config.getRestageA())
    return 0;
  return 2 * config.getBK() * config.getBM() * getElementBytes(elementType);
}

StreamKPlan mlir::tileopt::getStreamKPlan(ConfigAttr config, int64_t m,
                                          int64_t n, int64_t k,
                                          Type elementType,
                                          const TargetInfo &target) {
  StreamKPlan plan;
  int64_t tilesM = llvm::divideCeil(m, config.getBM());
  plan.tilesN = llvm::divideCeil(n, config.getBN());
  plan.stepsPerTile = llvm::divideCeil(k, config.getBK());
  plan.steps = tilesM * plan.tilesN * plan.stepsPerTile;
  plan.blocks = std::min(target.numSMs * config.getBlocksPerSM(), plan.steps);
  for (int64_t b = 0; b < plan.blocks; ++b) {
    int64_t first = b * plan.steps / plan.blocks;
    int64_t last = (b + 1) * plan.steps / plan.blocks - 1;
    plan.maxSegments =
        std::max(plan.maxSegments,
                 last / plan.stepsPerTile - first / plan.stepsPerTile + 1);
  }
  plan.partialElements = config.getBM() * config.getBN();
  plan.flagsOffset =
      plan.blocks * plan.partialElements * getElementBytes(elementType);
  plan.workspaceBytes = plan.flagsOffset + 4 * plan.blocks;
  return plan;
}

WorkspacePlan mlir::tileopt::getWorkspacePlan(ConfigAttr config, int64_t m,
                                              int64_t n, int64_t k,
                                              Type elementType,
                                              const TargetInfo &target) {
  WorkspacePlan plan;
  if (config.getStreamK()) {
    plan.streamK = getStreamKPlan(config, m, n, k, elementType, target);
    plan.bytes = plan.streamK->workspaceBytes;
  }
  if (config.getPackB()) {
    int64_t elemBytes = getElementBytes(elementType);
    PackPlan pack;
    pack.offset = llvm::alignTo(plan.bytes, kTmaBoxAlignment);
    pack.pitch = llvm::alignTo(n * elemBytes, kTmaBoxAlignment) / elemBytes;
    pack.barrierOffset = pack.offset + k * pack.pitch * elemBytes;
    pack.blocks = plan.streamK ? plan.streamK->blocks
                               : llvm::divideCeil(m, config.getBM()) *
                                     llvm::divideCeil(n, config.getBN());
    pack.packers = std::min(pack.blocks,
                            target.numSMs * config.getBlocksPerSM());
    plan.bytes = pack.barrierOffset + 12;
    plan.pack = pack;
  }
  return plan;
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

ConfigResources mlir::tileopt::estimateResources(ConfigAttr config,
                                              Type elementType) {
  ConfigResources r;
  r.threads = config.getNumThreads();
  // What the kernel declares: its panel slots and mbarriers (KernelPlan).
  if (config.getStrategy() == Strategy::Tiled)
    r.sharedBytes = getSharedMemoryLayout(config, elementType).totalBytes();
  r.accumulatorsPerThread = config.getTM() * config.getTN();
  // Accumulators, two K steps' A and B fragments (the unrolled panel loop
  // overlaps them), and about 24 registers of addressing, loop and predicate
  // state. Against ptxas (CUDA 13.0, sm_90): naive 33 vs 26 estimated;
  // 8 x 8 tile 123-127 vs 120; 4 x 8: 77 vs 80; 4 x 4: 48 vs 56.
  r.estimatedRegisters = r.accumulatorsPerThread +
                         2 * (config.getTM() + config.getTN()) + 24;
  return r;
}

/// The registers per thread a `blocks_per_sm` request leaves (allocated in
/// units of 8), or the chip's per-thread limit without a request.
static int64_t getRegisterCap(ConfigAttr config, const TargetInfo &target) {
  if (config.getBlocksPerSM() <= 0)
    return target.maxRegistersPerThread;
  int64_t threads = llvm::alignTo(config.getNumThreads(), target.warpSize);
  int64_t cap = target.registersPerSM / (config.getBlocksPerSM() * threads);
  return std::min<int64_t>(cap / 8 * 8, target.maxRegistersPerThread);
}

std::optional<std::string>
mlir::tileopt::findConfigViolation(ConfigAttr config, const TargetInfo &target,
                                   Type elementType) {
  ConfigResources r = estimateResources(config, elementType);
  std::string message;
  llvm::raw_string_ostream os(message);
  bool tma = config.getCopy() == CopyKind::Tma;
  // The emitter unrolls a K step's FMAs and a stage's copies per thread.
  int64_t unrolledFmas = config.getTM() * config.getTN() * config.getBK();
  int64_t copiedPerThread =
      tma ? 0
          : llvm::divideCeil(config.getBM() * config.getBK(), r.threads) +
                llvm::divideCeil(config.getBK() * getStagedBCols(config),
                                 r.threads);
  if (r.threads > target.maxThreadsPerBlock)
    os << "config needs " << r.threads << " threads per block ("
       << config.getThreadsY() << " x " << config.getThreadsX() << "), but "
       << target.chip << " allows at most " << target.maxThreadsPerBlock;
  else if (r.sharedBytes > target.sharedBytesPerBlockOptIn)
  {
    os << "config needs " << r.sharedBytes
       << " bytes of shared memory per block";
    SharedMemoryLayout layout = getSharedMemoryLayout(config, elementType);
    int64_t restaged = layout.slots.size() > 2 ? layout.slots[2].bytes : 0;
    if (config.getStages() > 1)
      os << " (" << config.getStages() << " stages of "
         << (r.sharedBytes - restaged) / config.getStages();
    if (config.getStages() > 1 && restaged)
      os << " and " << restaged << " of re-staged A";
    if (config.getStages() > 1)
      os << ")";
    os << ", but " << target.chip << " allows at most "
       << target.sharedBytesPerBlockOptIn;
  }
  else if (int64_t n = config.getBlocksPerSM();
           n > 0 && (n > target.maxBlocksPerSM ||
                     n * r.threads > target.maxThreadsPerSM)) {
    os << "config asks for " << n << " blocks per SM of " << r.threads
       << " threads, but " << target.chip << " runs at most "
       << target.maxThreadsPerSM << " threads and "
       << target.maxBlocksPerSM << " blocks per SM";
  } else if (n > 0 && n * r.sharedBytes > target.sharedBytesPerSM) {
    os << "config asks for " << n << " blocks per SM of " << r.sharedBytes
       << " bytes of shared memory, but " << target.chip << " has "
       << target.sharedBytesPerSM << " per SM";
  } else if (int64_t cap = getRegisterCap(config, target);
             n > 0 && cap < r.estimatedRegisters) {
    // Below the estimate ptxas spills (a 4 x 8 tile capped at 64 spilled
    // 104 bytes).
    os << "config asks for " << n << " blocks per SM, which leaves " << cap
       << " registers per thread, fewer than the about "
       << r.estimatedRegisters << " its " << config.getTM() << " x "
       << config.getTN() << " thread tile needs";
  } else if (r.estimatedRegisters > target.maxRegistersPerThread)
    os << "config needs about " << r.estimatedRegisters
       << " registers per thread (" << r.accumulatorsPerThread
       << " accumulators), but " << target.chip << " allows at most "
       << target.maxRegistersPerThread;
  else if (r.estimatedRegisters * r.threads > target.registersPerBlock)
    os << "config needs about " << r.estimatedRegisters * r.threads
       << " registers per block, but " << target.chip << " has "
       << target.registersPerBlock;
  else if (config.getStrategy() == Strategy::Tiled &&
           unrolledFmas > kMaxUnrolledFmas)
    os << "config unrolls TM x TN x BK = " << config.getTM() << " x "
       << config.getTN() << " x " << config.getBK() << " = " << unrolledFmas
       << " FMAs per thread and K step, over the limit of " << kMaxUnrolledFmas
       << " (use a smaller BK or thread tile)";
  else if (config.getStrategy() == Strategy::Tiled &&
           copiedPerThread > kMaxUnrolledCopies)
    os << "config copies " << copiedPerThread
       << " elements of A and B per thread and stage, over the limit of "
       << kMaxUnrolledCopies << " (use more threads or a smaller BK)";
  else if (std::optional<std::string> parts =
               findPartsViolation(config, target, elementType))
    return parts;
  else
    return std::nullopt;
  return message;
}

bool mlir::tileopt::isTmaBByRegisters(ConfigAttr config, int64_t n,
                                      Type elementType) {
  int64_t elemBytes = getElementBytes(elementType);
  return !config.getBRowGroups() && !config.getPackB() &&
         n * elemBytes % 16 != 0;
}

std::optional<std::string> mlir::tileopt::findGridViolation(ConfigAttr config,
                                                            int64_t m,
                                                            int64_t n,
                                                            int64_t k) {
  std::string message;
  llvm::raw_string_ostream os(message);
  int64_t tilesM = llvm::divideCeil(m, config.getBM()),
          tilesN = llvm::divideCeil(n, config.getBN()),
          stepsK = llvm::divideCeil(k, config.getBK());
  // Data-parallel grids put the tile rows on gridDim.y.
  if (!config.getStreamK() && tilesM > kMaxGridY) {
    os << "config makes a grid of " << tilesM << " block rows (M = " << m
       << ", BM = " << config.getBM() << "), but gridDim.y is at most "
       << kMaxGridY << " (use a larger BM)";
    return message;
  }
  if (!getFlops(tilesM * config.getBM(), tilesN * config.getBN(),
                stepsK * config.getBK())) {
    os << "config executes more than " << INT64_MAX
       << " FLOPs on its padded tiles";
    return message;
  }
  // Stream-K numbers every tile's K steps in one sequence.
  if (config.getStreamK() && tilesM * tilesN * stepsK > kMaxStreamKSteps) {
    os << "stream_k shares " << tilesM * tilesN * stepsK
       << " K steps over the grid, over the limit of " << kMaxStreamKSteps;
    return message;
  }
  return std::nullopt;
}

std::optional<std::string>
mlir::tileopt::findShapeViolation(ConfigAttr config, int64_t m, int64_t n,
                                  int64_t k, Type elementType) {
  int64_t elemBytes = getElementBytes(elementType);
  std::string message;
  llvm::raw_string_ostream os(message);
  if (std::optional<std::string> violation = findGridViolation(config, m, n, k))
    return violation;
  if (config.getCopy() != CopyKind::Tma)
    return std::nullopt;
  // A's tensor map steps from row to row by K elements, which TMA needs in
  // 16-byte multiples (and a box must start on a 16-byte boundary; rows of
  // a view of rows of 4 rows, as b_row_groups takes B's, would fill A's
  // panel beyond K with the next row's elements, not zeros).
  if (k * elemBytes % 16 != 0)
    os << "copy = tma needs rows of A that are multiples of 16 bytes (TMA "
          "tensor strides), but A is "
       << m << "x" << k << " (use copy = async or registers)";
  // B's rows are not: B then travels through registers beside A's TMA
  // boxes, which the two-stage schedule does.
  else if (isTmaBByRegisters(config, n, elementType) &&
           config.getStages() != 2)
    os << "copy = tma with rows of B that are not multiples of 16 bytes (B "
          "is "
       << k << "x" << n
       << ") copies B through registers, which needs stages = 2, got "
       << config.getStages() << " (or use b_row_groups)";
  // b_row_groups: box coordinates in B's view (rows of 4N elements) are
  // 32-bit, and reach 3N + the column tile + a class's boxes.
  else if (config.getBRowGroups() &&
           4 * n + getRowGroupBoxes(config).pitch() >
               std::numeric_limits<int32_t>::max())
    os << "b_row_groups addresses B (" << k << "x" << n
       << ") in rows of 4N elements through 32-bit coordinates, but N is "
          "too large";
  else
    return std::nullopt;
  return message;
}

LogicalResult mlir::tileopt::checkConfigAgainstTarget(
    ConfigAttr config, const TargetInfo &target, Type elementType,
    function_ref<InFlightDiagnostic()> emitError) {
  if (std::optional<std::string> violation =
          findConfigViolation(config, target, elementType))
    return emitError() << *violation;
  return success();
}

WaveInfo mlir::tileopt::computeWaves(ConfigAttr config, int64_t m, int64_t n,
                                     Type elementType, const TargetInfo &target,
                                     std::optional<int64_t> registersPerThread) {
  WaveInfo w;
  ConfigResources r = estimateResources(config, elementType);
  w.ctas = llvm::divideCeil(m, config.getBM()) *
           llvm::divideCeil(n, config.getBN());
  // Registers are allocated per warp in units of 256 (8 per thread).
  w.registersPerThread = llvm::alignTo(
      registersPerThread.value_or(
          std::min(r.estimatedRegisters, getRegisterCap(config, target))),
      8);
  int64_t warps = llvm::divideCeil(r.threads, target.warpSize);
  w.limits = {{
      {"threads", target.maxThreadsPerSM / (warps * target.warpSize)},
      {"registers", target.registersPerSM /
                        (w.registersPerThread * warps * target.warpSize)},
      {"shared memory", r.sharedBytes ? target.sharedBytesPerSM / r.sharedBytes
                                      : target.maxBlocksPerSM},
      {"blocks", target.maxBlocksPerSM},
  }};
  w.ctasPerSM = w.limits[0].second;
  w.limitedBy = w.limits[0].first;
  for (const auto &[name, value] : w.limits)
    if (value < w.ctasPerSM) {
      w.ctasPerSM = value;
      w.limitedBy = name;
    }
  w.ctasPerSM = std::max<int64_t>(w.ctasPerSM, 1);
  int64_t slots = target.numSMs * w.ctasPerSM;
  w.waves = llvm::divideCeil(w.ctas, slots);
  w.efficiency = double(w.ctas) / double(w.waves * slots);
  return w;
}

/// The wave efficiency the default credits a Stream-K grid with, below one
/// full wave by what Stream-K was measured to lose against the ideal (H200;
/// 64 x 256 tiles against the same without stream_k, kernel medians in
/// alternation): 2048^3 0.3400 against 0.3426 ms at 97.0 % wave efficiency,
/// 0.978 of ideal; 4096^3 2.621 against 2.673 ms, 0.989. So the same tiles
/// take Stream-K where their grid's efficiency is below 0.975. (3072^3:
/// 1.111 against 1.263 ms at 73 %, and 0.897x of cuBLAS for the 64 x 64
/// tiles the default took before, against 1.152x.)
constexpr double kStreamKEfficiency = 0.975;

/// pack_b's copy of B and grid barrier as a fraction of the tiles' time is
/// kPackCost / M. Measured on the H200 (64 x 256 tiles, kernel medians in
/// alternation): 2053 x 2040 x 2048 0.3549 against 0.3457 ms without it,
/// 2053 x 2048 x 2048 0.3566 against 0.3473: 9.2-9.3 us on 346 us, 0.0266
/// = 54.6 / 2053.
constexpr double kPackCost = 54.6;

namespace {
/// A default candidate and its measured speed relative to the register-staged
/// 64 x 256 tile, per useful output element once wave quantisation is
/// accounted for, with 16-byte rows (K and N multiples of 4) and without
/// (H200; docs/results/2026-11-30-final.md, 2026-11-30-tma.md and
/// 2026-11-30-row-groups.md). TMA candidates need a chip with TMA and rows
/// of A in 16-byte multiples; those with B in whole boxes have unaligned
/// speed 0, which keeps them off shapes whose rows of B are not 16-byte
/// multiples (B would go through registers beside A's boxes: 0.84x of
/// cuBLAS on 2053 x 2039 x 2048, against 0.925x register-staged), and the
/// one with B as rows of 4 rows (b_row_groups) has aligned speed 0.
struct Candidate {
  int64_t bm, bn, bk, wm, wn, tm, tn, stages, blocksPerSM;
  CopyKind copy;
  bool restageA;
  FmaOrder fmaOrder;
  bool bRowGroups, packB;
  double alignedSpeed, unalignedSpeed;
};
} // namespace

std::optional<std::string>
mlir::tileopt::findStreamKViolation(ConfigAttr config, int64_t m, int64_t n,
                                    int64_t k, Type elementType,
                                    const TargetInfo &target) {
  if (!config.getStreamK())
    return std::nullopt;
  StreamKPlan plan = getStreamKPlan(config, m, n, k, elementType, target);
  if (plan.maxSegments > kMaxStreamKSegments)
    return "stream_k would spread one block's K steps over " +
           std::to_string(plan.maxSegments) + " tiles (at most " +
           std::to_string(kMaxStreamKSegments) +
           "): " + std::to_string(plan.blocks) + " blocks share " +
           std::to_string(plan.steps) + " K steps of " +
           std::to_string(plan.stepsPerTile) +
           " per tile (use fewer blocks_per_sm, or no stream_k)";
  return std::nullopt;
}

/// The default's Stream-K variant of `config` (whose waves are `w`), or
/// null. It applies to TMA configs with blocks_per_sm, without b_row_groups,
/// on whole tiles (with edge tiles, predicated stores in the segment loop
/// cost the FMA block its register assignment: 4097 x 4096 x 4096 3.007
/// against 2.719 ms; with b_row_groups, 4096 x 4095 x 4096 2.923 against
/// 2.843 ms on the H200), where the grid leaves block slots idle but fills
/// at least 90 % of one wave (smaller grids were not measured). With
/// pack_b (rows of C not 16-byte multiples, so C goes out through shared
/// memory, under branches after the K loop) edge tiles cost nothing of the
/// kind where the tiles fill two waves or more: 3000 x 2999 x 3000 1.111
/// ms against 1.623 for the previous default (64 x 64 tiles, cp.async),
/// 4096 x 4095 x 4096 2.722 against 2.841 (b_row_groups), 8192 x 8191 x
/// 8192 21.9 against 23.2. Within one wave it was slower: 2000 x 2039 x
/// 1024 0.1988 against 0.1826 ms without stream_k, 2048 x 2047 x 2048
/// 0.3815 against 0.3686 for b_row_groups (ptxas assigned those kernels'
/// FMA registers with 0.59 extra read cycles per FFMA, against 0.19).
static ConfigAttr getStreamKVariant(ConfigAttr config, const WaveInfo &w,
                                    int64_t m, int64_t n, int64_t k,
                                    Type elementType,
                                    const TargetInfo &target) {
  bool wholeTiles = m % config.getBM() == 0 && n % config.getBN() == 0;
  if (config.getCopy() != CopyKind::Tma || config.getBlocksPerSM() == 0 ||
      config.getBRowGroups() ||
      (!wholeTiles && !(config.getPackB() && w.waves >= 2)) ||
      w.efficiency >= 1 ||
      double(w.ctas) < 0.9 * double(target.numSMs * w.ctasPerSM))
    return {};
  auto streamK = ConfigAttr::get(
      config.getContext(), config.getStrategy(), config.getBlock(),
      config.getWarp(), config.getThread(), config.getStages(),
      config.getPad(), config.getCopy(), config.getBlocksPerSM(),
      config.getRestageA(), config.getFmaOrder(), config.getBRowGroups(),
      /*streamK=*/true, config.getPackB());
  if (findStreamKViolation(streamK, m, n, k, elementType, target))
    return {};
  return streamK;
}

ConfigAttr mlir::tileopt::selectDefaultTiledConfig(MLIRContext *ctx, int64_t m,
                                                   int64_t n, int64_t k,
                                                   Type elementType,
                                                   const TargetInfo &target,
                                                   std::string *why) {
  static const Candidate candidates[] = {
      // TMA (sm_90, rows of A and B in 16-byte multiples): no copy
      // instructions or addresses in the threads. 2 stages with A re-staged
      // K-major (restage_a: fewer register-bank conflicts in the FMA block,
      // docs/results/2026-11-30-register-banks.md), 64 x 256 with 2 blocks
      // per SM and the FMAs down the columns: 2048^3 50.1 TFLOP/s (0.998 of
      // cuBLAS), 4096^3 51.4 (1.023); along the rows 49.3 (0.981), 50.5
      // (1.006); 64 x 128 with 4 per SM: 47.9 (0.954), 49.5 (0.986). Without
      // restage_a: 64 x 128 47.5 (0.945), 48.7 (0.969); 64 x 256 47.3
      // (0.94), 48.4 (0.965). 64 x 64 (4 x 8 per thread) on 1000^3: 30.9
      // (0.97-0.98), with restage_a 0.87; cp.async 0.91-0.93.
      {64, 256, 16, 32, 64, 8, 8, 2, 2, CopyKind::Tma, true, FmaOrder::Columns, false, false, 1.10, 0},
      {64, 128, 16, 32, 64, 8, 8, 2, 4, CopyKind::Tma, true, FmaOrder::Rows, false, false, 1.06, 0},
      {64, 64, 16, 32, 32, 4, 8, 2, 0, CopyKind::Tma, false, FmaOrder::Rows, false, false, 0.97, 0},
      // TMA with B as rows of 4 rows (b_row_groups), for rows of B that are
      // not 16-byte multiples: 64 x 128 with 4 blocks per SM on 2053 x 2039
      // x 2048, 0.979 of cuBLAS (0.989 since C goes out through shared
      // memory; register-staged 64 x 128: 0.924, hence
      // 0.94 x 0.979 / 0.924, rounded down); 64 x 256 0.939, along the rows
      // 0.89.
      {64, 128, 16, 32, 64, 8, 8, 2, 4, CopyKind::Tma, true, FmaOrder::Columns, true, false, 0, 0.99},
      // TMA with B copied into the workspace first (pack_b): the 64 x 256
      // tile of aligned shapes, less the copy (kPackCost). 2053 x 2039 x 2048: 0.3557 ms, 1.018 of cuBLAS, against
      // 0.3663 (0.989) for b_row_groups above; hence 0.99 x 1.029 at M =
      // 2053 before the copy's cost, 1.04 rounded down.
      {64, 256, 16, 32, 64, 8, 8, 2, 2, CopyKind::Tma, true, FmaOrder::Columns, false, true, 0, 1.04},
      // 64 x 256: 2048^3 45.5-45.9 TFLOP/s, 4096^3 47.2; 2053 x 2039 x 2048
      // 41.6 (one full wave of 264 blocks, yet slower than 64 x 128).
      {64, 256, 16, 32, 64, 8, 8, 2, 2, CopyKind::Registers, false, FmaOrder::Rows, false, false,
       1.00, 0.90},
      // 64 x 128: 4096^3 44.5, 2053 x 2039 x 2048 43.8 (528 blocks, one wave
      // of 4 per SM).
      {64, 128, 16, 32, 64, 8, 8, 2, 4, CopyKind::Registers, false, FmaOrder::Rows, false, false,
       0.96, 0.94},
      // Smaller tiles, for problems that do not fill the chip otherwise.
      // With few blocks per SM, latency must be hidden inside a block: two
      // cp.async stages ran 1.15x the register-staged loop on this tile on
      // 1000 x 1000 x 1001 (27.8 against 24.1 TFLOP/s), hence 0.92 where
      // the register-staged 64 x 64 had 0.80.
      {64, 64, 16, 32, 32, 4, 8, 2, 0, CopyKind::Async, false, FmaOrder::Rows, false, false, 0.92,
       0.92},
      {32, 32, 16, 16, 16, 2, 4, 1, 0, CopyKind::Registers, false, FmaOrder::Rows, false, false,
       0.30, 0.30},
  };
  constexpr int64_t pad = 4;
  // Rows of A (K) and B (N) that are not multiples of 4 elements take scalar
  // copies, whose predicates and addresses need registers: a register cap
  // from blocks_per_sm made 64 x 128 spill 208 bytes at K = 1001 (0.37 of
  // cuBLAS). Those problems get no occupancy request.
  bool aligned = k % 4 == 0 && n % 4 == 0;
  ConfigAttr best;
  double bestScore = -1;
  for (const Candidate &c : candidates) {
    // TMA boxes land dense: no padding.
    auto config = ConfigAttr::get(
        ctx, Strategy::Tiled, {c.bm, c.bn, c.bk}, {c.wm, c.wn}, {c.tm, c.tn},
        c.stages, c.copy == CopyKind::Tma ? 0 : pad, c.copy,
        k % 4 == 0 ? c.blocksPerSM : 0, c.restageA, c.fmaOrder, c.bRowGroups,
        /*streamK=*/false, c.packB);
    std::optional<std::string> violation =
        findConfigViolation(config, target, elementType);
    if (!violation)
      violation = findShapeViolation(config, m, n, k, elementType);
    if (violation) {
      if (why)
        *why = *violation;
      continue;
    }
    WaveInfo w = computeWaves(config, m, n, elementType, target);
    double useful = double(m) * double(n) /
                    double(llvm::alignTo(m, c.bm) * llvm::alignTo(n, c.bn));
    double speed = (aligned ? c.alignedSpeed : c.unalignedSpeed) * useful;
    // pack_b's copy of B takes time in proportion to K x N, the tiles' in
    // proportion to M x N x K.
    if (c.packB)
      speed /= 1 + kPackCost / double(m);
    double score = w.efficiency * speed;
    if (score > bestScore) {
      bestScore = score;
      best = config;
    }
    // The same tiles with Stream-K, where it applies: a full wave at the
    // efficiency measured for it.
    if (ConfigAttr streamK =
            getStreamKVariant(config, w, m, n, k, elementType, target);
        streamK && kStreamKEfficiency * speed > bestScore) {
      bestScore = kStreamKEfficiency * speed;
      best = streamK;
    }
  }
  return best;
}
