//===- Target.cpp - GPU target descriptions and config checks -----------===//
//
// The checks of a tiling config against a chip and a problem, and
// `findProblemViolation`, the single place where they meet before a matmul
// gets a config.
//
//===----------------------------------------------------------------------===//
#include "TileOpt/Analysis/Target.h"

#include "TileOpt/Analysis/MatmulProblem.h"
#include "TileOpt/Codegen/KernelPlan.h"
#include "TileOpt/Codegen/Pack.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"
#include <algorithm>
#include <limits>

using namespace mlir;
using namespace mlir::tileopt;

int64_t mlir::tileopt::getRestagedBytes(ConfigAttr config, Type elementType,
                                        int operand) {
  if (!(operand ? config.getRestageB() : config.getRestageA()))
    return 0;
  return 2 * config.getBK() * (operand ? config.getBN() : config.getBM()) *
         getElementBytes(elementType);
}

int64_t mlir::tileopt::getRowsEpilogueBytes(ConfigAttr config, Type cType,
                                            int64_t passes, bool alongM) {
  int64_t bytes = getElementBytes(cType);
  if (alongM)
    return config.getBM() / passes *
           (config.getBN() * bytes + kRowsEpiloguePadBytes);
  return config.getBM() *
         (config.getBN() / passes * bytes + kRowsEpiloguePadBytes);
}

int64_t mlir::tileopt::getConsumerRegisters(int64_t consumerWarpgroups) {
  int64_t left = (65536 - 128 * kProducerRegisters) / (128 * consumerWarpgroups);
  return std::min<int64_t>(left / 8 * 8, 240);
}

ConfigResources mlir::tileopt::estimateResources(ConfigAttr config,
                                              Type elementType) {
  ConfigResources r;
  r.threads = config.getBlockThreads();
  // What the kernel declares: its panel slots and mbarriers (KernelPlan).
  if (config.getStrategy() == Strategy::Tiled)
    r.sharedBytes = getSharedMemoryLayout(config, elementType).totalBytes();
  r.accumulatorsPerThread = config.getTM() * config.getTN();
  // wgmma: the accumulators and about 40 registers of descriptors,
  // addresses, loop and barrier state (ptxas, CUDA 13.0: 168 for 128
  // accumulators).
  if (config.isWgmma()) {
    r.estimatedRegisters = r.accumulatorsPerThread + 40;
    return r;
  }
  // Accumulators, two K steps' A and B fragments (the unrolled panel loop
  // overlaps them), and about 24 registers of addressing, loop and predicate
  // state. Against ptxas (CUDA 13.0, sm_90): naive 33 vs 26 estimated;
  // 8 x 8 tile 123-127 vs 120; 4 x 8: 77 vs 80; 4 x 4: 48 vs 56.
  r.estimatedRegisters = r.accumulatorsPerThread +
                         2 * (config.getTM() + config.getTN()) + 24;
  return r;
}

int64_t mlir::tileopt::getRegisterCap(ConfigAttr config,
                                      const TargetInfo &target) {
  if (config.getBlocksPerSM() <= 0)
    return target.maxRegistersPerThread;
  int64_t threads = llvm::alignTo(config.getBlockThreads(), target.warpSize);
  int64_t cap = target.registersPerSM / (config.getBlocksPerSM() * threads);
  return std::min<int64_t>(cap / 8 * 8, target.maxRegistersPerThread);
}

std::optional<std::string>
mlir::tileopt::findConfigViolation(ConfigAttr config, const TargetInfo &target,
                                   Type elementType) {
  ConfigResources r = estimateResources(config, elementType);
  std::string message;
  llvm::raw_string_ostream os(message);
  bool tma = config.getCopyKind() == CopyKind::Tma;
  // Warp specialisation: what `setmaxnreg` gives each consumer thread.
  int64_t consumerRegisters =
      config.isWarpSpecialized()
          ? getConsumerRegisters(config.getConsumerWarpgroups())
          : 0;
  // The emitter unrolls a K step's FMAs and a stage's copies per thread.
  int64_t unrolledFmas =
      config.isWgmma() ? 0 : config.getTM() * config.getTN() * config.getBK();
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
  } else if (n > 0 && r.sharedBytes &&
             n * (r.sharedBytes + kReservedSharedBytesPerBlock) >
                 target.sharedBytesPerSM) {
    os << "config asks for " << n << " blocks per SM of " << r.sharedBytes
       << " bytes of shared memory (and " << kReservedSharedBytesPerBlock
       << " the runtime reserves for each), but " << target.chip << " has "
       << target.sharedBytesPerSM << " per SM";
  } else if (int64_t cap = getRegisterCap(config, target);
             n > 0 && cap < r.estimatedRegisters) {
    // Below the estimate ptxas spills.
    os << "config asks for " << n << " blocks per SM, which leaves " << cap
       << " registers per thread, fewer than the about "
       << r.estimatedRegisters << " its " << config.getTM() << " x "
       << config.getTN() << " thread tile needs";
  } else if (r.estimatedRegisters > target.maxRegistersPerThread)
    os << "config needs about " << r.estimatedRegisters
       << " registers per thread (" << r.accumulatorsPerThread
       << " accumulators), but " << target.chip << " allows at most "
       << target.maxRegistersPerThread;
  else if (consumerRegisters && r.estimatedRegisters > consumerRegisters)
    os << "config needs about " << r.estimatedRegisters
       << " registers per consumer thread (" << r.accumulatorsPerThread
       << " accumulators), but a producer warpgroup of "
       << kProducerRegisters << " leaves " << consumerRegisters;
  else if (!config.isWarpSpecialized() &&
           r.estimatedRegisters * r.threads > target.registersPerBlock)
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
  return !config.isWgmma() && !config.getBRowGroups() && !config.getPackB() &&
         !config.getRestageB() && n * elemBytes % 16 != 0;
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
  // Data-parallel grids put the tile rows on gridDim.y (the columns with
  // order = along_m) unless the tile order has bands; the other
  // schedulers' grids are one-dimensional.
  bool dataParallel = config.getScheduler() == TileSchedulerKind::DataParallel;
  if (dataParallel && config.getTileGroup() > 0) {
    dataParallel = false;
    if (tilesM > kMaxGridX / tilesN) {
      os << "config makes a grid of " << tilesM << " x " << tilesN
         << " tiles in bands (group = " << config.getTileGroup()
         << "), but gridDim.x is at most " << kMaxGridX
         << " (use larger tiles or group = 0)";
      return message;
    }
  }
  if (dataParallel && !config.isOrderAlongM() && tilesM > kMaxGridY) {
    os << "config makes a grid of " << tilesM << " block rows (M = " << m
       << ", BM = " << config.getBM() << "), but gridDim.y is at most "
       << kMaxGridY << " (use a larger BM)";
    return message;
  }
  if (dataParallel && config.isOrderAlongM() && tilesN > kMaxGridY) {
    os << "config makes a grid of " << tilesN << " block columns (N = " << n
       << ", BN = " << config.getBN() << ") along gridDim.y, which is at "
       << "most " << kMaxGridY << " (use a larger BN or order = along_n)";
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
mlir::tileopt::findLayoutViolation(ConfigAttr config, OperandLayout layout) {
  if (config.getStrategy() != Strategy::Tiled)
    return std::nullopt;
  // A window of a larger buffer is read row by row: not as one array (row
  // groups; pack_b's copy of B as it is, on the wgmma tile transposed too).
  if (layout.windowB &&
      (config.getBRowGroups() ||
       (config.getPackB() && (!layout.transposeB || config.isWgmma()))))
    return std::string("b = ") +
           (config.getBRowGroups() ? "row_groups" : "packed") +
           " reads B as one " + (layout.transposeB ? "N x K" : "K x N") +
           " array, but B is a window of a larger buffer";
  if (config.getRestageB() && !layout.transposeB)
    return std::string("b = restaged re-stages B's boxes from B stored N x "
                       "K, but B is stored K x N (use b = direct)");
  if (layout.isDefault())
    return std::nullopt;
  const char *which = layout.transposeA && layout.transposeB
                          ? "transposed A and B are"
                      : layout.transposeA ? "transposed A is"
                                          : "transposed B is";
  // The fma tile reads transposed operands through copies made before the
  // K loop (B K x N; A M x K, re-staged), all blocks together, through
  // B's boxes as stored, re-staged (b = restaged), or through A's boxes as
  // stored, which are its K-major panel.
  if (!config.isWgmma()) {
    if (layout.transposeB && !config.getPackB() && !config.getRestageB())
      return std::string(which) +
             " read by the fma tile through a transposing copy of B or its "
             "re-staged boxes: it needs b = packed or b = restaged";
    if (layout.transposeA && config.getCopyKind() != CopyKind::Tma)
      return std::string(which) +
             " read by the fma tile through TMA boxes of A as stored (or "
             "its copy, a = restaged): it needs copy kind tma";
    bool aCopied = layout.transposeA && config.getRestageA();
    if (aCopied && config.getBlocksPerSM() == 0)
      return std::string(which) +
             " read by the fma tile with a = restaged through a transposing "
             "copy of A, made by all blocks together: it needs "
             "blocks_per_sm > 0 (or a = direct, A's boxes as stored)";
    // A's boxes as stored are its K-major panel: fragments of 4 rows.
    if (readsATransposedBoxes(config, layout) &&
        (config.getTM() % 4 != 0 || config.getBM() % 4 != 0))
      return std::string(which) +
             " read by the fma tile K-major from A's boxes as stored, 4 "
             "rows a load: it needs TM and BM to be multiples of 4, got TM "
             "= " +
             std::to_string(config.getTM()) +
             ", BM = " + std::to_string(config.getBM());
    // The copies transpose through shared tiles over the (f32) stages
    // before the K loop uses them.
    int64_t panels =
        getSharedMemoryLayout(config, Float32Type::get(config.getContext()))
            .panelBytes;
    if ((aCopied || config.getPackB()) && panels < kPackTransposeBytes)
      return std::string(which) + " copied transposed through " +
             std::to_string(kPackTransposeBytes) +
             " bytes of shared memory before the K loop, but the stages "
             "have " +
             std::to_string(panels) + " (use more stages or larger tiles)";
    return std::nullopt;
  }
  return std::nullopt;
}

std::optional<std::string>
mlir::tileopt::findRegisterBViolation(ConfigAttr config, OperandLayout layout,
                                      int64_t n, Type elementType) {
  if (!config.isBInRegisters() ||
      (!layout.transposeB && n * getElementBytes(elementType) % 16 == 0))
    return std::nullopt;
  int64_t bRow = layout.storedB(/*k=*/0, n).second;
  return "registers = b reads B's TMA boxes from B as stored, K x N: it "
         "needs B not transposed, with rows of 16-byte multiples (N % 4 = "
         "0), got " +
         (layout.transposeB ? std::string("B stored N x K")
                            : "rows of " + std::to_string(bRow));
}

std::optional<std::string>
mlir::tileopt::findTruncatedBViolation(ConfigAttr config, OperandLayout layout,
                                       int64_t k, Type elementType) {
  if (!config.isBTruncated() ||
      (layout.transposeB && k * getElementBytes(elementType) % 16 == 0))
    return std::nullopt;
  return "truncated = b reads B's TMA boxes from B as stored, N x K: it "
         "needs B transposed, with rows of 16-byte multiples (K % 4 = 0), "
         "got " +
         (layout.transposeB ? "rows of " + std::to_string(k)
                            : std::string("B stored K x N"));
}

std::optional<std::string>
mlir::tileopt::findShapeViolation(ConfigAttr config, int64_t m, int64_t n,
                                  int64_t k, Type elementType,
                                  OperandLayout layout) {
  int64_t elemBytes = getElementBytes(elementType);
  std::string message;
  llvm::raw_string_ostream os(message);
  if (std::optional<std::string> violation = findGridViolation(config, m, n, k))
    return violation;
  if (std::optional<std::string> violation =
          findLayoutViolation(config, layout))
    return violation;
  if (std::optional<std::string> violation =
          findRegisterBViolation(config, layout, n, elementType))
    return violation;
  if (std::optional<std::string> violation =
          findTruncatedBViolation(config, layout, k, elementType))
    return violation;
  // A and B as stored: rows of K or M elements (A), N or K (B).
  auto [aRows, aCols] = layout.storedA(m, k);
  auto [bRows, bCols] = layout.storedB(k, n);
  // The TF32 precisions read A and B through their copies, whose rows are
  // padded to 128 bytes.
  if (config.getCopyKind() != CopyKind::Tma || config.isTF32())
    return std::nullopt;
  // A's tensor map steps from row to row by K elements, which TMA needs in
  // 16-byte multiples (and a box must start on a 16-byte boundary; rows of
  // a view of rows of 4 rows, as b_row_groups takes B's, would fill A's
  // panel beyond K with the next row's elements, not zeros).
  // (A copied first has its copy's rows, padded, made by all blocks
  // together, a warp per row of each 32 x 32 tile.)
  bool aCopied = copiesA(config, m, k, layout);
  if ((aCopied || (config.getPackB() && layout.transposeB)) &&
      config.getBlockThreads() % 32 != 0)
    os << "the kernel copies " << (aCopied ? "A" : "B")
       << " before the K loop a warp per row of 32 x 32 tiles: it needs a "
          "multiple of 32 threads per block, got "
       << config.getBlockThreads();
  else if (aCopied && config.getBlocksPerSM() == 0)
    os << "copy kind tma with rows of A that are not multiples of 16 bytes "
          "(A is "
       << aRows << "x" << aCols
       << ") copies A first, all blocks together, which then wait for each "
          "other: it needs blocks_per_sm > 0"
       << (config.isWgmma() ? "" : " (or use copy kind async or registers)");
  else if (aCopied && config.getCluster() > 1)
    os << "cluster = " << config.getCluster()
       << " cannot wait on the grid barrier after A's copy (rows of A, "
       << aRows << "x" << aCols
       << ", that are not multiples of 16 bytes; a cluster's blocks need two "
          "free SMs at once): it needs cluster = 1";
  else if (aCols * elemBytes % 16 != 0 && !aCopied)
    os << "copy kind tma needs rows of A that are multiples of 16 bytes (TMA "
          "tensor strides), but A is "
       << aRows << "x" << aCols << (layout.transposeA ? " (transposed)" : "")
       << (config.isWgmma()    ? " (use strategy=naive)"
           : layout.transposeA ? " (use a = restaged, which copies A first)"
                               : " (use copy kind async or registers)");
  // b = restaged: B's boxes from B stored N x K, rows of K elements.
  else if (config.getRestageB() && k * elemBytes % 16 != 0)
    os << "b = restaged reads B's TMA boxes from B stored N x K, which needs "
          "rows of 16-byte multiples (K % 4 = 0), but B is "
       << n << "x" << k << " (use b = packed)";
  // The wgmma tile reads B only from its swizzled boxes (of B or of its
  // copy as stored, b = packed).
  else if (config.isWgmma() && !config.getPackB() &&
           bCols * elemBytes % 16 != 0)
    os << "the wgmma tile reads B from TMA boxes, which needs rows of B that "
          "are multiples of 16 bytes, but B is "
       << bRows << "x" << bCols << (layout.transposeB ? " (transposed)" : "")
       << " (use b = packed)";
  // B's rows are not: B then travels through registers beside A's TMA
  // boxes, which the two-stage schedule does.
  else if (isTmaBByRegisters(config, n, elementType) &&
           config.getStages() != 2)
    os << "copy kind tma with rows of B that are not multiples of 16 bytes (B "
          "is "
       << k << "x" << n
       << ") copies B through registers, which needs stages = 2, got "
       << config.getStages() << " (or use b = row_groups)";
  // b_row_groups views B as K / 4 rows of 4N elements: K must be a
  // multiple of 4. Box coordinates in that view are 32-bit, and reach 3N +
  // the column tile + a class's boxes.
  else if (config.getBRowGroups() && k % 4 != 0)
    os << "b_row_groups views B (" << k << "x" << n
       << ") as rows of 4 rows, which needs K a multiple of 4 (use b = "
          "packed)";
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

std::optional<std::string> mlir::tileopt::findProblemViolation(
    ConfigAttr config, int64_t m, int64_t n, int64_t k, Type elementType,
    const TargetInfo &target, OperandLayout layout, int64_t batch) {
  std::optional<std::string> violation =
      findConfigViolation(config, target, elementType);
  if (!violation)
    violation = findBatchViolation(config, batch);
  if (!violation)
    violation = findShapeViolation(config, m, n, k, elementType, layout);
  if (!violation)
    violation = findStreamKViolation(config, m, n, k, elementType, target);
  return violation;
}

double mlir::tileopt::getFloorSeconds(int64_t m, int64_t n, int64_t k,
                                      Type elementType,
                                      const TargetInfo &target) {
  const InstructionTileRate *rate = target.findRate("fma", "f32");
  if (!rate)
    return 0;
  double flops = 2.0 * double(m) * double(n) * double(k);
  double bytes = double(m * k + k * n + m * n) *
                 double(getElementBytes(elementType));
  return std::max(flops / target.peakFlopsPerSecond(*rate),
                  bytes / target.memoryBytesPerSecond);
}

WaveInfo mlir::tileopt::computeWaves(ConfigAttr config, int64_t m, int64_t n,
                                     Type elementType, const TargetInfo &target,
                                     std::optional<int64_t> registersPerThread,
                                     int64_t batches) {
  WaveInfo w;
  ConfigResources r = estimateResources(config, elementType);
  w.ctas = getOutputTiles(config, m, n) * batches;
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
      {"shared memory",
       r.sharedBytes ? target.sharedBytesPerSM /
                           (r.sharedBytes + kReservedSharedBytesPerBlock)
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
           " per tile (use fewer blocks_per_sm, or scheduler = data_parallel)";
  return std::nullopt;
}
