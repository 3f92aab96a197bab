//===- TensorCoreDefault.cpp - The default wgmma configs ------------------===//
//
// The default configs of the wgmma tile: `selectDefaultWgmmaConfig` for
// f16 and bf16 operands and `selectDefaultTF32Config` for f32 operands in
// precision tf32 or tf32x3. Each starts from the measured 128 x BN tile and
// picks the schedule from the problem's waves; the figures are in
// docs/results/.
//
//===----------------------------------------------------------------------===//
#include "TileOpt/Analysis/DefaultConfig.h"
#include "TileOpt/Analysis/Target.h"

#include "llvm/Support/MathExtras.h"

#include <cmath>

using namespace mlir;
using namespace mlir::tileopt;

/// What split_tail's tail of a few tiles costs, in waves of whole tiles:
/// 2176 x 2040 x 2048 f16 took 0.0404 ms for 136 tiles of 128 x 256 on 132
/// SMs against 0.028 for one wave of 128 (docs/results/2026-12-02-tail-
/// sum.md).
constexpr double kSplitTailWaveCost = 0.44;

/// The fewest K steps per tile with which the 16-bit default splits tiles
/// too few for the SMs along K. Measured on an H100 (docs/results/
/// 2026-12-06-wgmma-split-k/): 64 to 1024 steps ran 1.1-21x faster split
/// (256 x 256 x 32768 0.1617 -> 0.0252 ms, 64 x 64 x 65536 0.2994 ->
/// 0.0138, 16 x 4096 x 4096 0.0288 -> 0.0202), 768^3's 12 steps 30 %
/// slower (0.0099 -> 0.0129).
constexpr int64_t kWgmmaSplitMinSteps = 64;

/// The speed of 64 x 256 wgmma tiles (one consumer warpgroup) relative to
/// 128 x 256 at the same wave efficiency: 2048^3 f16, 0.0308 against 0.0277
/// ms (docs/results/2026-12-03-clocks.md).
constexpr double kNarrowTileSpeed = 0.90;

/// The speed of 128 x 192 wgmma tiles relative to 128 x 256 at the same
/// wave efficiency: 3072^3 f16, 384 tiles of 128 x 192 (3 waves of 0.75
/// the work) in 0.0852 ms (docs/results/2026-12-06-targets/, run 1) against
/// 288 of 128 x 256 on split_tail (2 waves and a split tail, 2.44) in
/// 0.0915 ms (docs/results/2026-12-06-wgmma-split-k/).
constexpr double kTile192Speed = 0.99;

/// How much faster, by the wave model, another tile width must be before the
/// default leaves the measured 128 x 256 tiles: the model's error on the
/// measured shapes (4096^3 and 8192^3 are within 2 % either way).
constexpr double kWaveModelMargin = 0.95;

/// The same for tf32 (its operands twice the bytes per MMA): 2048^3,
/// 179.3 against 227.3 TFLOP/s (docs/results/2026-12-05-tf32-tiles/).
constexpr double kNarrowTF32TileSpeed = 0.79;

ConfigAttr mlir::tileopt::selectDefaultWgmmaConfig(
    MLIRContext *ctx, int64_t m, int64_t n, int64_t k, Type elementType,
    Type cType, const TargetInfo &target, std::string *why,
    OperandLayout layout, int64_t batch) {
  if (!target.hasInstructionTile("wgmma")) {
    if (why)
      *why = getTypeName(elementType) +
             " matmuls run on the wgmma tile, which needs chip sm_90a (or "
             "take strategy=naive)";
    return {};
  }
  // 128 x 128 only where 128 x 256 tiles would leave a quarter of the SMs
  // or more idle (2048^3's 128 wide tiles on 132 SMs: 4 % faster than 256
  // tiles of 128 x 128; docs/results/2026-12-01-wgmma-pack.md).
  int64_t batches = std::max<int64_t>(batch, 1);
  int64_t wideTiles =
      llvm::divideCeil(m, 128) * llvm::divideCeil(n, 256) * batches;
  int64_t bn = 4 * wideTiles < 3 * target.numSMs ? 128 : 256;
  // Rows of B as stored (N elements, K transposed) that are not 16-byte
  // multiples: the kernel packs B first, as stored (its blocks then wait
  // for each other: one resident block per SM).
  int64_t bRowBytes =
      layout.storedB(k, n).second * getElementBytes(elementType);
  bool packB = bRowBytes % 16 != 0;
  // Rows of A as stored (K elements, M transposed) that are not 16-byte
  // multiples: A is copied first too. Either copy makes the blocks wait
  // for each other.
  bool copies =
      packB ||
      layout.storedA(m, k).second * getElementBytes(elementType) % 16 != 0;
  // Grids of more than one wave take the tile order in bands of G tile
  // rows (columns with along_n), so that a wave of W blocks spans about G
  // x W / G tiles: it reads G BM-row panels of A and W / G BN-column
  // panels of B, the least for G = sqrt(W x BN / BM) (along_n: W x BM /
  // BN), taken at the nearest power of two (16 for 128 x 256 tiles on 132
  // SMs: 1.2 % faster than whole columns on 4096^3, neutral on the FF
  // layer; docs/results/2026-12-02-bands.md).
  TileOrder order = n >= m ? TileOrder::AlongM : TileOrder::AlongN;
  double aspect = order == TileOrder::AlongM ? double(bn) / 128 : 128.0 / bn;
  // (A band as wide as the walk is no band.)
  int64_t rows = llvm::divideCeil(m, 128), cols = llvm::divideCeil(n, bn);
  int64_t group = int64_t(1)
                  << std::lround(std::log2(std::sqrt(target.numSMs * aspect)));
  if (batch || rows * cols <= target.numSMs ||
      group >= (order == TileOrder::AlongM ? rows : cols))
    group = 0;
  // Every candidate: `tileM` x `tileN` x 64 blocks of 64 x `tileN`
  // warpgroups (m64n`tileN`k16) on `schedule`, A and B copied by TMA (B
  // packed first where its rows need it).
  CopyAttr copy = CopyAttr::get(ctx, CopyKind::Tma, 0, AStaging::Direct,
                                packB ? BStaging::Packed : BStaging::Direct);
  auto wgmmaTiles = [&](int64_t tileM, int64_t tileN, ScheduleAttr schedule) {
    return ConfigAttr::get(
        ctx, Strategy::Tiled, {tileM, tileN, 64}, {64, tileN},
        WgmmaTileAttr::get(ctx, {64, tileN, 16}, Precision::IEEE,
                           RegisterOperand::A),
        copy, schedule);
  };
  ConfigAttr config = wgmmaTiles(
      128, bn,
      ScheduleAttr::get(ctx, /*stages=*/4, copies ? 1 : 0,
                        TileSchedulerKind::DataParallel, ProducerKind::None,
                        order, /*cluster=*/1, group));
  if (std::optional<std::string> violation =
          findDefaultViolation(config, m, n, k, elementType, target, layout)) {
    if (why)
      *why = "its wgmma config does not fit: " + *violation;
    return {};
  }
  // The same tiles on a schedule other than the data-parallel one (one
  // resident block per SM), in the default's bands or in `bands`.
  auto withSchedule = [&](TileSchedulerKind scheduler, ProducerKind producer,
                          std::optional<int64_t> bands = {}) {
    return wgmmaTiles(128, bn,
                      ScheduleAttr::get(ctx, config.getStages(),
                                        /*blocksPerSM=*/1, scheduler, producer,
                                        order, /*cluster=*/1,
                                        bands.value_or(group)));
  };
  auto fits = [&](ConfigAttr candidate) {
    return !findDefaultViolation(candidate, m, n, k, elementType, target,
                                 layout);
  };
  // A batch: its blocks on the grid's z, or over more than a wave of tiles
  // a persistent producer grid whose tiles run batch after batch, so that
  // the producer loads the next tile while the consumers store C. With
  // K of at most 4 steps (C's stores outweigh the loop), 128 x 128 tiles
  // in 4 stages: 64 x (512 x 512 x 64) f16 1.03x cuBLAS strided-batched
  // and 16 x (2048 x 2048 x 128) 1.05x, where the data-parallel grid ran
  // 0.84x and 0.73x and 128 x 256 tiles 1.03-1.11x and 0.98-1.03x
  // (docs/results/2026-12-06-batch/).
  if (batch) {
    if (std::optional<std::string> violation =
            findBatchViolation(config, batch)) {
      if (why)
        *why = *violation;
      return {};
    }
    if (rows * cols * batch <= target.numSMs)
      return config;
    ConfigAttr persistent =
        withSchedule(TileSchedulerKind::Persistent, ProducerKind::Warpgroup);
    if (k <= 4 * config.getBK())
      persistent = wgmmaTiles(
          128, 128,
          ScheduleAttr::get(ctx, /*stages=*/4, /*blocksPerSM=*/1,
                            TileSchedulerKind::Persistent,
                            ProducerKind::Warpgroup, TileOrder::AlongN));
    return fits(persistent) ? persistent : config;
  }
  // Fewer tiles than SMs, each of kWgmmaSplitMinSteps K steps or more:
  // every tile splits along K (split_tail without whole tiles) into as many
  // parts as fill the wave. The tiles are 128 x 128, 64 along a side of C
  // of at most 64 (less padding: one warpgroup of 64 x 128, or two of 64 x
  // 64), in the order measured (along the rows).
  int64_t steps = llvm::divideCeil(k, config.getBK());
  if (rows * cols < target.numSMs && steps >= kWgmmaSplitMinSteps) {
    int64_t bm = m <= 64 ? 64 : 128, sn = n <= 64 ? 64 : 128;
    ConfigAttr split =
        wgmmaTiles(bm, sn,
                   ScheduleAttr::get(ctx, config.getStages(), /*blocksPerSM=*/1,
                                     TileSchedulerKind::SplitTail));
    StreamKPlan plan = getStreamKPlan(split, m, n, k, elementType, target);
    if (plan.dataParallelTiles == 0 && plan.split >= 2 && fits(split))
      return split;
  }
  // Fewer tiles than SMs, whole along K: tiles of 64 x 128 (one consumer
  // warpgroup, 2 resident blocks per SM) where twice as many of them still
  // fit in a wave, so that twice the SMs work at kNarrowTileSpeed of the
  // speed (512^3, 768^3, 1024^3 f16: 0.0068, 0.0090, 0.0105 ms against
  // 0.0076, 0.0097, 0.0112 for 128 x 128 in one run; 1536^3's 288 such
  // tiles, over a wave, were 4 % slower; docs/results/2026-12-06-targets/).
  // Not with a copy of A or B first, whose blocks wait for each other
  // (unmeasured).
  int64_t narrowTiles = llvm::divideCeil(m, 64) * cols;
  if (bn == 128 && rows * cols < target.numSMs && !copies &&
      narrowTiles <= target.numSMs &&
      kNarrowTileSpeed * narrowTiles > rows * cols) {
    ConfigAttr narrow =
        wgmmaTiles(64, 128,
                   ScheduleAttr::get(ctx, config.getStages(), /*blocksPerSM=*/2,
                                     TileSchedulerKind::DataParallel,
                                     ProducerKind::None, order));
    if (fits(narrow))
      return narrow;
  }
  // One or two K steps over more than a wave of tiles: C's stores outweigh
  // the K loop, and a producer warpgroup on a persistent grid loads the
  // next tile while the consumers store C (where M fills whole tiles, as
  // measured).
  if (steps <= 2 && rows * cols > target.numSMs && !copies &&
      m % config.getBM() == 0) {
    ConfigAttr producer = withSchedule(TileSchedulerKind::Persistent,
                                       ProducerKind::Warpgroup, /*bands=*/0);
    if (fits(producer))
      return producer;
  }
  // A full wave or more and a partial one: split_tail splits the tail's
  // tiles along K (measured: 4.7 % faster on the FF layer's 5.2 waves,
  // 3.7 % on 2053 x 2039 x 2048's 1.03; docs/results/2026-12-01-wgmma-
  // pack.md). A producer warpgroup on a persistent grid fills the next
  // tile's stages while the consumers store C from their own chunked
  // slot: with split_tail's tail where M fills whole tiles (the FF layer
  // 1.5 % faster with a 16-bit C and 2.5 % with f32 C, on average over 6
  // rounds; with edge rows ptxas spilled 362-420 bytes, 3.5-10 % slower
  // on 1100 x 3904 x 520; docs/results/2026-12-03-persistent-tail.md),
  // and for an f32 C over more than one wave without a tail (1.02x the
  // data-parallel kernel's speed on 4096^3, 1.06x on 4200 x 4088 x 1000;
  // neutral for 16-bit C, whose aliased C tile costs less;
  // docs/results/2026-12-03-c-chunks.md).
  ConfigAttr splitTail =
      withSchedule(TileSchedulerKind::SplitTail, ProducerKind::None);
  StreamKPlan plan = getStreamKPlan(splitTail, m, n, k, elementType, target);
  // A full wave or more whose tail split_tail would run: 64 x 256 tiles on
  // a persistent producer grid, where their whole waves outweigh their
  // lower speed (2053 x 2039 x 2048 f16: 264 tiles, two waves, 0.0394 ms
  // against split_tail's 0.0476; docs/results/2026-12-03-clocks.md). Only
  // where B's rows, as the TMA unit reads them, are 128-byte multiples
  // (packed, or so in B): the narrow tiles read twice B's bytes per MMA,
  // and on 2053 x 2040 x 2048 (4080-byte rows) they were 20 % slower.
  if (bn == 256 && runsSplitTail(plan, target) &&
      (packB || bRowBytes % 128 == 0)) {
    double wave = double(target.numSMs);
    double tiles = double(rows * cols);
    double wideEfficiency =
        tiles / wave / (std::floor(tiles / wave) + kSplitTailWaveCost);
    double narrowEfficiency =
        getWaveEfficiency(llvm::divideCeil(m, 64) * cols, target.numSMs);
    ConfigAttr narrow =
        wgmmaTiles(64, 256,
                   ScheduleAttr::get(ctx, config.getStages(), /*blocksPerSM=*/1,
                                     TileSchedulerKind::Persistent,
                                     ProducerKind::Warpgroup, order));
    if (kNarrowTileSpeed * narrowEfficiency > wideEfficiency && fits(narrow))
      return narrow;
  }
  // 128 x 192 tiles on a persistent producer grid where their whole waves
  // take less time by the wave model than the 128 x 256 tiles' (with
  // split_tail's tail where it runs): 3072^3's 384 tiles in 3 waves
  // against 288 in 2.18 (8.5 % faster; C += A * B 11 %). Where M fills whole
  // tiles, as the producer grids below, and B's rows are 128-byte
  // multiples: 3072 x 3000 x 3072 (6000-byte rows) ran 0.1056 ms in such
  // tiles, 28 % slower than 3072^3.
  bool splits = runsSplitTail(plan, target);
  if (bn == 256 && !copies && m % 128 == 0 && bRowBytes % 128 == 0) {
    double waves = double(rows * cols) / target.numSMs;
    double wideTime =
        splits ? std::floor(waves) + kSplitTailWaveCost : std::ceil(waves);
    double tiles192 = double(rows * llvm::divideCeil(n, 192));
    double time192 =
        std::ceil(tiles192 / target.numSMs) * (192.0 / 256) / kTile192Speed;
    ConfigAttr wide192 =
        wgmmaTiles(128, 192,
                   ScheduleAttr::get(ctx, config.getStages(), /*blocksPerSM=*/1,
                                     TileSchedulerKind::Persistent,
                                     ProducerKind::Warpgroup, order));
    if (time192 < kWaveModelMargin * wideTime && fits(wide192))
      return wide192;
  }
  if (splits && fits(splitTail)) {
    ConfigAttr producer =
        withSchedule(TileSchedulerKind::SplitTail, ProducerKind::Warpgroup);
    return !copies && m % 128 == 0 && fits(producer) ? producer : splitTail;
  }
  if (cType && getElementBytes(cType) == 4 && rows * cols > target.numSMs &&
      !copies) {
    ConfigAttr producer =
        withSchedule(TileSchedulerKind::Persistent, ProducerKind::Warpgroup);
    if (fits(producer))
      return producer;
  }
  return config;
}

ConfigAttr mlir::tileopt::selectDefaultTF32Config(
    MLIRContext *ctx, int64_t m, int64_t n, int64_t k, Type elementType,
    Precision precision, const TargetInfo &target, std::string *why,
    OperandLayout layout, int64_t batch) {
  std::string name = stringifyPrecision(precision).str();
  if (!target.findRate("wgmma", "tf32")) {
    if (why)
      *why = "precision = " + name +
             " runs on the wgmma tile, which needs chip sm_90a";
    return {};
  }
  bool x3 = precision == Precision::TF32x3;
  int64_t wideTiles = llvm::divideCeil(m, 128) * llvm::divideCeil(n, 256);
  int64_t bn = x3 || 4 * wideTiles < 3 * target.numSMs ? 128 : 256;
  int64_t bm = 128;
  if (bn == 256 &&
      kNarrowTF32TileSpeed * getWaveEfficiency(llvm::divideCeil(m, 64) *
                                                   llvm::divideCeil(n, 256),
                                               target.numSMs) >
          getWaveEfficiency(wideTiles, target.numSMs))
    bm = 64;
  TileOrder order = n >= m ? TileOrder::AlongM : TileOrder::AlongN;
  auto withScheduler = [&](TileSchedulerKind scheduler,
                           TruncatedOperand truncated =
                               TruncatedOperand::None) {
    return ConfigAttr::get(ctx, Strategy::Tiled, {bm, bn, 32}, {64, bn},
                           WgmmaTileAttr::get(ctx, {64, bn, 8}, precision,
                                              RegisterOperand::A, truncated),
                           CopyAttr::get(ctx, CopyKind::Tma),
                           ScheduleAttr::get(ctx, /*stages=*/x3 ? 3 : 4,
                                             /*blocksPerSM=*/1, scheduler,
                                             ProducerKind::Warpgroup, order));
  };
  ConfigAttr config =
      withScheduler(m % bm == 0 || bm == 64 ? TileSchedulerKind::Persistent
                                            : TileSchedulerKind::DataParallel);
  // `candidate` where it copies nothing (A as stored with K % 4 = 0;
  // findProblemViolation covers B's rows, the batch and the shape), else
  // null. (tf32x3 splits B in its copy: neither config below exists.)
  auto copyFree = [&](ConfigAttr candidate) -> ConfigAttr {
    if (copiesA(candidate, m, k, layout) ||
        findProblemViolation(candidate, m, n, k, elementType, target, layout,
                             batch))
      return {};
    return candidate;
  };
  // 256 x 128 tiles with B in registers (measured order along_n): what
  // the persistent 128 x 256 tiles become where that copies nothing, and
  // a batch's tiles, on the grid's z or over more than a wave of tiles on
  // a persistent grid (selectDefaultTF32Config's comment).
  auto registerB = [&](TileSchedulerKind scheduler) -> ConfigAttr {
    if (x3)
      return {};
    return copyFree(ConfigAttr::get(
        ctx, Strategy::Tiled, {256, 128, 32}, {256, 64},
        WgmmaTileAttr::get(ctx, {64, 256, 8}, precision, RegisterOperand::B),
        CopyAttr::get(ctx, CopyKind::Tma),
        ScheduleAttr::get(ctx, /*stages=*/4, /*blocksPerSM=*/1, scheduler,
                          ProducerKind::Warpgroup, TileOrder::AlongN)));
  };
  // B stored N x K, K-major as the TF32 wgmma read it: the register-A
  // tiles with B's boxes from B itself, truncated (for a batch, on the
  // grid's z or a persistent grid as registerB's).
  auto truncatedB = [&](TileSchedulerKind scheduler) -> ConfigAttr {
    if (x3)
      return {};
    return copyFree(withScheduler(scheduler, TruncatedOperand::B));
  };
  if (batch) {
    // On the grid's z where the batch's tiles fit a wave, else persistent.
    auto onGrid = [&](auto candidate) {
      ConfigAttr batched = candidate(TileSchedulerKind::DataParallel);
      if (batched && batch * getOutputTiles(batched, m, n) > target.numSMs)
        batched = candidate(TileSchedulerKind::Persistent);
      return batched;
    };
    if (ConfigAttr batched = onGrid(registerB))
      return batched;
    if (ConfigAttr batched = onGrid(truncatedB))
      return batched;
    // Else the tiles that copy (A where K % 4 != 0 or it is stored K x M,
    // B rounded or split), the batch's matrices one after the other.
    config = onGrid(withScheduler);
    if (std::optional<std::string> violation = findProblemViolation(
            config, m, n, k, elementType, target, layout, batch)) {
      if (why)
        *why = "the default breaks a limit: " + *violation;
      return {};
    }
    return config;
  }
  if (bm == 128 && bn == 256 &&
      config.getScheduler() == TileSchedulerKind::Persistent)
    if (ConfigAttr swapped = registerB(TileSchedulerKind::Persistent))
      return swapped;
  // B stored N x K read truncated rather than copied rounded: 2048^3 0.0614
  // -> 0.0485 ms, 4096^3 0.399 -> 0.378, 2053 x 2039 x 2048 0.080 ->
  // 0.0755 (H100; docs/results/2026-12-07-tf32-truncated-b/), at about
  // 1.5x the error, as registers = b's truncated A.
  if (ConfigAttr truncated = truncatedB(config.getScheduler()))
    return truncated;
  // tf32x3 over a full wave or more with a tail that splits: split_tail,
  // as the f16 default (2053 x 2039 x 2048: 272 tiles, the tail's 8 in 16
  // parts, 25 % faster than the data-parallel grid's third wave;
  // docs/results/2026-12-05-tf32x3-tail/).
  if (x3) {
    ConfigAttr splitTail = withScheduler(TileSchedulerKind::SplitTail);
    StreamKPlan plan = getStreamKPlan(splitTail, m, n, k, elementType, target);
    if (runsSplitTail(plan, target) &&
        !findDefaultViolation(splitTail, m, n, k, elementType, target))
      config = splitTail;
  }
  if (std::optional<std::string> violation =
          findDefaultViolation(config, m, n, k, elementType, target)) {
    if (why)
      *why = "its " + name + " config does not fit: " + *violation;
    return {};
  }
  return config;
}
