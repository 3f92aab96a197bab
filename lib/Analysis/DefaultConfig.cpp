//===- DefaultConfig.cpp - The default tiled config of a problem ---------===//
//
// `selectDefaultTiledConfig`: scores a few measured candidates by wave
// efficiency x relative speed x useful fraction of the padded output, and
// their Stream-K variants where Stream-K applies. docs/design.md, "Default
// config", has the candidates, the model and the measurements.
//
//===----------------------------------------------------------------------===//
#include "TileOpt/Analysis/DefaultConfig.h"
#include "TileOpt/Analysis/Target.h"

#include "llvm/Support/MathExtras.h"

#include <cmath>

using namespace mlir;
using namespace mlir::tileopt;

/// The wave efficiency the default credits a Stream-K grid with: below one
/// full wave by what Stream-K was measured to lose against the ideal, so
/// the same tiles take Stream-K where their grid's efficiency is lower
/// (docs/design.md, "Default config").
constexpr double kStreamKEfficiency = 0.975;

/// split_tail splitting every tile along K, for grids of tiles too small
/// for the chip: a candidate whose data-parallel grid runs fewer than
/// kSplitKBlocksPerSM blocks per SM is scored a second time split, at
/// kSplitKEfficiency of its speed times the fraction of the split grid's
/// wave it fills, where its tiles have kSplitKMinSteps K steps or more, or
/// where even 64 x 64 tiles (the smallest candidates) leave the chip that
/// short. Measured on an H100 (docs/results/2026-12-06-split-k/): split
/// tiles reached 0.85-1.06 of their candidate's speed (0.92-1.01x of
/// cuBLAS on 256 x 256 x 32768, 768 x 768 x 16384, 64 x 64 x 65536, 256 x
/// 4096 x 8192, from 0.01-0.71x whole; 256^3, 512^3 and 768^3 1.00x,
/// 0.96x and 1.06x from 0.66-0.68x); 999 x 1001 x 1003 (256 tiles of 64 x 64,
/// 63 K steps) ran faster whole (0.672x) than split (0.645x) or on stream_k
/// (0.609x).
constexpr double kSplitKBlocksPerSM = 1.5;
constexpr double kSplitKEfficiency = 0.9;
constexpr int64_t kSplitKMinSteps = 256;

/// Where a split-K grid would have at most this many blocks per tile,
/// Stream-K takes the tiles instead (each owner then adds few partial
/// sums). Measured on an H100 (docs/results/2026-12-06-split-k/ and
/// 2026-12-06-ragged-k/), Stream-K against split tiles: 3.3-3.7 blocks
/// per tile 1.00-1.50x (1023 x 1025 x 4097 on 64 x 128 tiles 0.896x
/// cuBLAS against 0.598x, 768^3 on 64 x 64 1.035x against 0.936x), 4.1
/// blocks 0.98-1.04x, 7.3-8.3 blocks 0.86-1.05x, 66 blocks and more
/// 0.07-0.88x.
constexpr int64_t kStreamKMaxBlocksPerTile = 4;

/// The widest side of the narrow fma candidates (for M or N of at most
/// this, which wide tiles would pad several times over).
constexpr int64_t kNarrowSide = 16;

/// pack_b's copy of B and grid barrier as a fraction of the tiles' time is
/// kPackCost / M: the copy scales with K x N, the tiles with M x N x K
/// (the constant is measured; docs/design.md, "Default config").
constexpr double kPackCost = 54.6;

/// b = restaged's time against B packed first on the same tiles: 2048^3
/// and 4096^3 with B stored N x K, 0.406 and 3.152 ms against 0.357 and
/// 2.707 on an H100 (docs/results/2026-12-07-restage-b/). Only batches
/// with K % 4 = 0 take it (measured there against no copy: 16 x 512^2 x
/// 128 0.98x cuBLAS strided-batched).
constexpr double kRestageBCost = 1.15;

/// What a kernel that copies operands first pays beyond the copies' bytes
/// (their grid barrier, the copy loop's start): 5 x 1000 x 1001 took 14.1
/// us with A copied against 12.5 without on an H100 (docs/results/
/// 2026-12-06-ragged-k/). Against the problem's floor it weighs on small
/// problems only.
constexpr double kCopyFixedSeconds = 1.6e-6;

double mlir::tileopt::getWaveEfficiency(int64_t tiles, int64_t sms) {
  return double(tiles) / double(llvm::divideCeil(tiles, sms) * sms);
}

bool mlir::tileopt::runsSplitTail(const StreamKPlan &plan,
                                  const TargetInfo &target) {
  return plan.split >= 2 && plan.dataParallelTiles >= target.numSMs;
}

std::optional<std::string> mlir::tileopt::findDefaultViolation(
    ConfigAttr config, int64_t m, int64_t n, int64_t k, Type elementType,
    const TargetInfo &target, OperandLayout layout) {
  if (std::optional<std::string> violation =
          findConfigViolation(config, target, elementType))
    return violation;
  return findShapeViolation(config, m, n, k, elementType, layout);
}

namespace {
/// A default candidate and its measured speed relative to the
/// register-staged 64 x 256 tile, per useful output element once wave
/// quantisation is accounted for, with 16-byte rows (K and N multiples of 4)
/// and without. A speed of 0 keeps a candidate off that kind of shape (TMA
/// with B in whole boxes needs 16-byte rows of B; b_row_groups is only for
/// rows that are not). The figures: docs/design.md, "Default config".
struct Candidate {
  int64_t bm, bn, bk, wm, wn, tm, tn, stages, blocksPerSM;
  CopyKind copy;
  AStaging a;
  FmaOrder fmaOrder;
  BStaging b;
  double alignedSpeed, unalignedSpeed;
};
} // namespace

/// `config`'s tiles, copies and stages on `scheduler` with `blocksPerSM`
/// resident blocks (no producer, the default tile order).
static ConfigAttr withScheduler(ConfigAttr config, int64_t blocksPerSM,
                                TileSchedulerKind scheduler) {
  MLIRContext *ctx = config.getContext();
  return ConfigAttr::get(
      ctx, config.getStrategy(), config.getBlock(), config.getWarp(),
      config.getTile(), config.getCopy(),
      ScheduleAttr::get(ctx, config.getStages(), blocksPerSM, scheduler));
}

/// `config` with A staged `a`.
static ConfigAttr withAStaging(ConfigAttr config, AStaging a) {
  CopyAttr copy = cast<CopyAttr>(config.getCopy());
  return ConfigAttr::get(config.getContext(), config.getStrategy(),
                         config.getBlock(), config.getWarp(), config.getTile(),
                         CopyAttr::get(config.getContext(), copy.getKind(),
                                       copy.getPad(), a, copy.getB()),
                         config.getSchedule());
}

/// The default's Stream-K variant of `config` (whose waves are `w`), or
/// null: TMA configs with blocks_per_sm, without b_row_groups, whose grid
/// leaves block slots idle but fills at least 90 % of one wave, on whole
/// tiles (edge tiles' predicated stores in the segment loop cost the FMA
/// block its register assignment) or with pack_b over two waves or more
/// (C then goes out through shared memory, after the K loop). Where each
/// bound comes from: docs/design.md, "Default config".
static ConfigAttr getStreamKVariant(ConfigAttr config, const WaveInfo &w,
                                    int64_t m, int64_t n, int64_t k,
                                    Type elementType,
                                    const TargetInfo &target) {
  bool wholeTiles = m % config.getBM() == 0 && n % config.getBN() == 0;
  if (config.getCopyKind() != CopyKind::Tma || config.getBlocksPerSM() == 0 ||
      config.getBRowGroups() ||
      (!wholeTiles && !(config.getPackB() && w.waves >= 2)) ||
      w.efficiency >= 1 ||
      double(w.ctas) < 0.9 * double(target.numSMs * w.ctasPerSM))
    return {};
  ConfigAttr streamK = withScheduler(config, config.getBlocksPerSM(),
                                     TileSchedulerKind::StreamK);
  if (findStreamKViolation(streamK, m, n, k, elementType, target))
    return {};
  return streamK;
}

/// The default's split-K variant of `config` (its data-parallel grid `w`)
/// and the fraction of a wave its grid fills, or null: split_tail on the
/// same tiles where fewer than kSplitKBlocksPerSM blocks per SM would run,
/// with kSplitKMinSteps K steps or more per tile, `fewTiles` (64 x 64
/// tiles as short of the chip) or fewer tiles than SMs (no transposing
/// copy of an operand: split with them, 1000 x 1000 x 1001 spilled 8
/// bytes), and fewer tiles than the wave's block slots, so that
/// every tile splits along K into at least two parts (TMA or cp.async
/// stages, B in whole boxes, rows or packed; 4 resident blocks where the
/// candidate asks for none, as measured, or as many as fit). Where a wave
/// holds at most kStreamKMaxBlocksPerTile blocks per tile, Stream-K on the
/// same tiles instead, which fills the whole wave (on whole tiles or with
/// pack_b, as getStreamKVariant; not with transposing copies, whose
/// transposes and Stream-K's segment loop spilled 612 bytes on 1100 x 1200
/// x 1000).
static std::pair<ConfigAttr, double>
getSplitKVariant(ConfigAttr config, const WaveInfo &w, int64_t m, int64_t n,
                 int64_t k, Type elementType, const TargetInfo &target,
                 bool fewTiles, OperandLayout layout) {
  bool transposingCopies =
      layout.transposeB ||
      (layout.transposeA && !readsATransposedBoxes(config, layout));
  if ((config.getCopyKind() != CopyKind::Tma &&
       config.getCopyKind() != CopyKind::Async) ||
      config.getBRowGroups() ||
      double(w.ctas) >= kSplitKBlocksPerSM * double(target.numSMs) ||
      (llvm::divideCeil(k, config.getBK()) < kSplitKMinSteps && !fewTiles &&
       (w.ctas >= target.numSMs || transposingCopies)))
    return {};
  int64_t blocksPerSM = config.getBlocksPerSM()
                            ? config.getBlocksPerSM()
                            : std::min<int64_t>(4, w.ctasPerSM);
  ConfigAttr split =
      withScheduler(config, blocksPerSM, TileSchedulerKind::SplitTail);
  StreamKPlan plan = getStreamKPlan(split, m, n, k, elementType, target);
  int64_t wave = target.numSMs * blocksPerSM;
  if (plan.dataParallelTiles != 0 || plan.split < 2 ||
      findDefaultViolation(split, m, n, k, elementType, target, layout))
    return {};
  bool wholeTiles = m % config.getBM() == 0 && n % config.getBN() == 0;
  if (wave <= kStreamKMaxBlocksPerTile * w.ctas && !transposingCopies &&
      (wholeTiles || config.getPackB())) {
    ConfigAttr streamK =
        withScheduler(config, blocksPerSM, TileSchedulerKind::StreamK);
    if (!findDefaultViolation(streamK, m, n, k, elementType, target))
      return {streamK, 1.0};
  }
  return {split, double(plan.blocks) / double(wave)};
}

ConfigAttr mlir::tileopt::selectDefaultTiledConfig(
    MLIRContext *ctx, int64_t m, int64_t n, int64_t k, Type elementType,
    Type cType, const TargetInfo &target, std::string *why, Precision precision,
    OperandLayout layout, int64_t batch) {
  // (The TF32 kernels copy what is not K-major: any layout.)
  if (precision != Precision::IEEE)
    return selectDefaultTF32Config(ctx, m, n, k, elementType, precision, target,
                                   why, layout, batch);
  if (elementType.getIntOrFloatBitWidth() == 16)
    return selectDefaultWgmmaConfig(ctx, m, n, k, elementType, cType, target,
                                    why, layout, batch);
  // The candidates, best first among equals: TMA (sm_90, rows of A in
  // 16-byte multiples) with B in boxes, as row groups, or packed; then
  // register-staged and cp.async tiles; smaller tiles for problems that do
  // not fill the chip otherwise (docs/design.md has the table and what
  // each figure was measured on).
  static const Candidate candidates[] = {
      {64, 256, 16, 32, 64, 8, 8, 2, 2, CopyKind::Tma, AStaging::Restaged,
       FmaOrder::Columns, BStaging::Direct, 1.10, 0},
      {64, 128, 16, 32, 64, 8, 8, 2, 4, CopyKind::Tma, AStaging::Restaged,
       FmaOrder::Rows, BStaging::Direct, 1.06, 0},
      {64, 64, 16, 32, 32, 4, 8, 2, 0, CopyKind::Tma, AStaging::Direct,
       FmaOrder::Rows, BStaging::Direct, 0.97, 0},
      // Taller than wide, where N fits one tile: 8192 x 64 x 4096 split
      // 1.015x cuBLAS, 0.882x on 64 x 64 tiles
      // (docs/results/2026-12-07-tf32-batch/).
      {128, 64, 16, 32, 64, 8, 8, 2, 4, CopyKind::Tma, AStaging::Restaged,
       FmaOrder::Columns, BStaging::Direct, 1.05, 0},
      {64, 128, 16, 32, 64, 8, 8, 2, 4, CopyKind::Tma, AStaging::Restaged,
       FmaOrder::Columns, BStaging::RowGroups, 0, 0.99},
      {64, 256, 16, 32, 64, 8, 8, 2, 2, CopyKind::Tma, AStaging::Restaged,
       FmaOrder::Columns, BStaging::Packed, 0, 1.04},
      {64, 256, 16, 32, 64, 8, 8, 2, 2, CopyKind::Registers, AStaging::Direct,
       FmaOrder::Rows, BStaging::Direct, 1.00, 0.90},
      {64, 128, 16, 32, 64, 8, 8, 2, 4, CopyKind::Registers, AStaging::Direct,
       FmaOrder::Rows, BStaging::Direct, 0.96, 0.94},
      {64, 64, 16, 32, 32, 4, 8, 2, 0, CopyKind::Async, AStaging::Direct,
       FmaOrder::Rows, BStaging::Direct, 0.92, 0.92},
      // Narrow tiles for a side of at most 16 (matrix-vector products
      // among them), which wide tiles would pad 4-64 times: memory-bound,
      // split along K to fill the chip (getSplitKVariant). Measured split
      // on an H100 (docs/results/2026-12-06-skinny/): 16 x 4096 x 4096 and
      // 4096 x 16 x 4096 1.29x and 1.31x cuBLAS (0.83x and 0.70x with the
      // wide default), 1 x 8192 x 8192 and 8192 x 1 x 8192 0.91x and 0.87x
      // (0.50x, 0.37x); the speed puts them after the wide tiles wherever
      // those are not padded several times over.
      {16, 256, 32, 16, 32, 2, 8, 2, 2, CopyKind::Async, AStaging::Direct,
       FmaOrder::Rows, BStaging::Direct, 0.35, 0.35},
      {256, 16, 32, 32, 16, 8, 2, 2, 2, CopyKind::Async, AStaging::Direct,
       FmaOrder::Rows, BStaging::Direct, 0.35, 0.35},
      {8, 256, 32, 8, 32, 1, 8, 2, 2, CopyKind::Async, AStaging::Direct,
       FmaOrder::Rows, BStaging::Direct, 0.35, 0.35},
      {256, 8, 32, 32, 8, 8, 1, 2, 2, CopyKind::Async, AStaging::Direct,
       FmaOrder::Rows, BStaging::Direct, 0.35, 0.35},
      // One-wide tiles for M = 1 or N = 1, which pad nothing: 1 x 8192 x
      // 8192 0.999x cuBLAS with TMA (rows of B in 16-byte multiples) and
      // 0.964x with cp.async, 8192 x 1 x 8192 0.930x (0.913x and 0.852x
      // on the 8-wide tiles; docs/results/2026-12-07-tf32-batch/); 1 x
      // 4096 x 4096 0.95x with TMA, 0.91x with cp.async, which takes the
      // rows TMA cannot (1 x 8191 x 8190 0.94x, 0.32x on 64 x 64 tiles;
      // docs/results/2026-12-07-shape-matrix/).
      {1, 256, 32, 1, 128, 1, 4, 4, 1, CopyKind::Tma, AStaging::Direct,
       FmaOrder::Rows, BStaging::Direct, 0.35, 0},
      {1, 512, 16, 1, 256, 1, 8, 3, 2, CopyKind::Async, AStaging::Direct,
       FmaOrder::Rows, BStaging::Direct, 0.32, 0.34},
      {64, 1, 64, 32, 1, 1, 1, 3, 4, CopyKind::Async, AStaging::Direct,
       FmaOrder::Rows, BStaging::Direct, 0.35, 0.35},
      // 32 wide where N fits it (the tall-tile rule): 4096 x 32 x 4096
      // split 1.17x cuBLAS, 0.79x on the tall 128 x 64 tiles
      // (docs/results/2026-12-07-shape-matrix/); below twice the 16-wide
      // tiles' speed, so that N <= 16 keeps those.
      {256, 32, 32, 32, 32, 8, 4, 2, 2, CopyKind::Async, AStaging::Direct,
       FmaOrder::Rows, BStaging::Direct, 0.68, 0.68},
      // The smallest last: its limits are the ones reported when none fits.
      {32, 32, 16, 16, 16, 2, 4, 1, 0, CopyKind::Registers, AStaging::Direct,
       FmaOrder::Rows, BStaging::Direct, 0.30, 0.30},
  };
  constexpr int64_t pad = 4;
  // Rows of A (K) and B (N) that are not multiples of 4 elements take scalar
  // copies, whose predicates and addresses need registers that a
  // blocks_per_sm cap would take away: those problems get no occupancy
  // request.
  // Transposed operands take the TMA candidates (findLayoutViolation). A
  // stored K x M is read as stored, its boxes the K-major panel that
  // a = restaged builds (no copy: those candidates' tiles at their speed;
  // rows of M that are not 16-byte multiples break the TMA limit). B stored
  // N x K is copied first, all blocks together (b = packed, whose copy
  // transposes), at least one block per SM; the copy costs as pack_b's,
  // and its rows are padded (an operand copied is aligned).
  // Where rows of A are not (K % 4 != 0), copy kind tma copies A first
  // (copiesA) into aligned rows: the TMA candidates keep their speed for
  // B's rows at the cost of that copy (kPackCost / N: it scales with M x
  // K), at least one block per SM; B's row groups need K % 4 == 0, so
  // those tiles take B packed.
  bool transposed = !layout.isDefault();
  bool bAligned = n % 4 == 0 || layout.transposeB;
  bool aligned = (k % 4 == 0 || layout.transposeA) && bAligned;
  bool raggedK = k % 4 != 0 && !layout.transposeA;
  // A batch's B stored N x K: its boxes re-staged where its rows allow
  // (K % 4 = 0; measured for batches against no copy then), else copied
  // transposed, the batch's matrices one after the other.
  bool restageB = batch && layout.transposeB && k % 4 == 0;
  bool aAsStored = layout.transposeA && m % 4 == 0;
  double floorSeconds = getFloorSeconds(m, n, k, elementType, target);
  bool fewTiles = double(llvm::divideCeil(m, 64) * llvm::divideCeil(n, 64)) <
                  kSplitKBlocksPerSM * double(target.numSMs);
  ConfigAttr best;
  double bestScore = -1;
  for (const Candidate &c : candidates) {
    // A narrow tile only where the problem is as narrow: elsewhere it
    // gives up the wide tiles' reuse for nothing. A tile taller than wide
    // only where it spans N, where it was measured (the wide tiles of the
    // same area take every other shape).
    if ((c.bm <= kNarrowSide && m > c.bm) ||
        (c.bn <= kNarrowSide && n > c.bn) || (c.bm > c.bn && n > c.bn))
      continue;
    if (transposed && (c.copy != CopyKind::Tma ||
                       (layout.transposeB && c.b == BStaging::RowGroups)))
      continue;
    bool aCopied = raggedK && c.copy == CopyKind::Tma;
    BStaging b = restageB ? BStaging::Restaged
                 : layout.transposeB || (aCopied && c.b == BStaging::RowGroups)
                     ? BStaging::Packed
                     : c.b;
    // (A stored K x M: its boxes as stored are K-major; else A copied M x
    // K and re-staged.)
    AStaging a = aAsStored ? AStaging::Direct : c.a;
    int copies =
        (layout.transposeA && !aAsStored) + (layout.transposeB && !restageB);
    int64_t blocksPerSM = copies || aCopied
                              ? std::max<int64_t>(c.blocksPerSM, 1)
                          : k % 4 == 0 || aAsStored ? c.blocksPerSM
                                                    : 0;
    // TMA boxes land dense: no padding.
    auto config = ConfigAttr::get(ctx, Strategy::Tiled, {c.bm, c.bn, c.bk},
                                  {c.wm, c.wn}, {c.tm, c.tn}, c.stages,
                                  c.copy == CopyKind::Tma ? 0 : pad, c.copy,
                                  blocksPerSM, a, c.fmaOrder, b);
    if (std::optional<std::string> violation = findDefaultViolation(
            config, m, n, k, elementType, target, layout)) {
      if (why)
        *why =
            "every candidate breaks a limit (the smallest: " + *violation + ")";
      continue;
    }
    if (std::optional<std::string> violation =
            findBatchViolation(config, batch)) {
      if (why)
        *why = *violation;
      continue;
    }
    WaveInfo w =
        computeWaves(config, m, n, elementType, target,
                     /*registersPerThread=*/{}, std::max<int64_t>(batch, 1));
    double useful = double(m) * double(n) /
                    double(llvm::alignTo(m, c.bm) * llvm::alignTo(n, c.bn));
    bool rowsAligned = aligned || (aCopied && bAligned);
    double speed = (rowsAligned ? c.alignedSpeed : c.unalignedSpeed) * useful;
    // pack_b's copy of B takes time in proportion to K x N, the tiles' in
    // proportion to M x N x K; A's copy in proportion to M x K.
    if (b == BStaging::Packed && !transposed)
      speed /= 1 + kPackCost / double(m);
    if (aCopied)
      speed /= 1 + kPackCost / double(n);
    speed /= 1 + copies * kPackCost / double(m);
    if (restageB)
      speed /= kRestageBCost;
    if ((b == BStaging::Packed || aCopied) && floorSeconds > 0)
      speed /= 1 + kCopyFixedSeconds / floorSeconds;
    double score = w.efficiency * speed;
    if (score > bestScore) {
      bestScore = score;
      best = config;
    }
    // The same tiles with Stream-K, where it applies: a full wave at the
    // efficiency measured for it. (A batch runs data-parallel.)
    if (batch)
      continue;
    // (A stored K x M read as stored in Stream-K's segment loop: the FMA
    // block spilled and ran 2048^3 at 0.83x cuBLAS, against 0.93x with A
    // copied and re-staged, docs/results/2026-12-07-transposed-a/: the
    // variant copies A.)
    ConfigAttr streamK =
        getStreamKVariant(config, w, m, n, k, elementType, target);
    double streamKSpeed = kStreamKEfficiency * speed;
    if (streamK && aAsStored) {
      streamK = withAStaging(streamK, AStaging::Restaged);
      streamKSpeed /= 1 + kPackCost / double(n);
      if (findDefaultViolation(streamK, m, n, k, elementType, target, layout))
        streamK = {};
    }
    if (streamK && streamKSpeed > bestScore) {
      bestScore = streamKSpeed;
      best = streamK;
    }
    // The same tiles split along K, where the grid is too small.
    if (auto [splitK, fill] = getSplitKVariant(config, w, m, n, k, elementType,
                                               target, fewTiles, layout);
        splitK && kSplitKEfficiency * fill * speed > bestScore) {
      bestScore = kSplitKEfficiency * fill * speed;
      best = splitK;
    }
  }
  return best;
}
