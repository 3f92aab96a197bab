//===- Target.h - GPU target descriptions and config checks ------*- C++ -*-===//
//
// Describes the NVIDIA chips tile-opt targets (limits on threads, shared
// memory, registers; SM count) and the checks of a `#tile.config` against a
// chip and a problem. A matmul gets a config only through
// `findProblemViolation`, so a config is accepted or rejected for the same
// reason everywhere. The grid's plans (tiles and their order, Stream-K,
// the persistent grid, the workspace's copies) live in GridPlan.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef TILEOPT_ANALYSIS_TARGET_H
#define TILEOPT_ANALYSIS_TARGET_H

#include "TileOpt/Analysis/MatmulProblem.h"
#include "TileOpt/Dialect/TileDialect.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Types.h"
#include "mlir/Support/LLVM.h"
#include <array>
#include <optional>
#include <string>

namespace mlir::tileopt {

/// One instruction tile a chip runs, and its dense peak: multiply-adds per
/// SM per cycle for operands of type `operands` ("f32").
struct InstructionTileRate {
  StringRef instruction; ///< InstructionTileTraits::name ("fma")
  StringRef operands;
  int64_t fmasPerSMPerClock;
};

/// Hardware limits of one chip (compute capability). Figures are those of the
/// CUDA programming guide's "technical specifications" table; `numSMs`, the
/// boost clock and the memory bandwidth are those of the default part of
/// that generation (A100 80 GB SXM: 108 SMs, 1.41 GHz, 2.04 TB/s; for sm_90
/// the H200 SXM, the project's target: 132 SMs, 1.98 GHz, 4.8 TB/s; an H100
/// The shared memory the CUDA runtime reserves for each resident block
/// (cudaDevAttrReservedSharedMemoryPerBlock, sm_80 and later): n blocks of
/// S bytes fit an SM where n x (S + this) <= its shared memory.
inline constexpr int64_t kReservedSharedBytesPerBlock = 1024;

/// SXM has the same SMs and clock and 3.35 TB/s).
struct TargetInfo {
  StringRef chip;            ///< "sm_80", "sm_90", "sm_90a"
  int computeCapability;     ///< 80, 90
  StringRef ptxFeatures;     ///< PTX ISA the NVPTX backend must emit
  int64_t warpSize;
  int64_t maxThreadsPerBlock;
  int64_t maxThreadsPerSM;
  int64_t maxBlocksPerSM;
  int64_t sharedBytesPerBlockDefault; ///< without the opt-in attribute
  int64_t sharedBytesPerBlockOptIn;   ///< with it (dynamic shared memory)
  /// Shared memory of an SM; each resident block using any also takes
  /// kReservedSharedBytesPerBlock of it.
  int64_t sharedBytesPerSM;
  int64_t registersPerSM;
  int64_t registersPerBlock;
  int64_t maxRegistersPerThread;
  int64_t numSMs;
  double boostClockHz;
  double memoryBytesPerSecond; ///< HBM bandwidth (datasheet)
  /// The instruction tiles tile-opt can emit for this chip, with their
  /// peaks (the report's floors, the config check).
  ArrayRef<InstructionTileRate> instructionTiles;

  /// The rate of `instruction` on `operands`, or null when the chip (or
  /// tile-opt for it) has none.
  const InstructionTileRate *findRate(StringRef instruction,
                                      StringRef operands) const {
    for (const InstructionTileRate &rate : instructionTiles)
      if (rate.instruction == instruction && rate.operands == operands)
        return &rate;
    return nullptr;
  }
  /// Whether the chip runs `instruction` on any operands.
  bool hasInstructionTile(StringRef instruction) const {
    return llvm::any_of(instructionTiles, [&](const InstructionTileRate &r) {
      return r.instruction == instruction;
    });
  }

  /// The peak of `rate`: SMs x multiply-adds per SM per cycle x 2 x boost
  /// clock.
  double peakFlopsPerSecond(const InstructionTileRate &rate) const {
    return double(numSMs) * double(rate.fmasPerSMPerClock) * 2.0 * boostClockHz;
  }
};

/// Returns the description of `chip` (the latest registered, else the
/// built-in one), or nullopt when it is not known.
std::optional<TargetInfo> lookupTarget(StringRef chip);

/// Makes `info` the description of `info.chip` for every later lookup (the
/// chip= options, the config check, the default config, the report): an
/// embedder's own part (an H100 PCIe's 114 SMs and 1.755 GHz for sm_90, say)
/// or a chip the built-in table lacks, named as the NVPTX backend names it.
/// The strings and instruction tiles are copied. Thread-safe.
void registerTarget(const TargetInfo &info);

/// The chips `lookupTarget` knows, for diagnostics ("sm_80, sm_90, sm_90a").
std::string knownTargetsList();

/// What a config costs per thread block, estimated from the config alone
/// (before code generation; `ptxas -v` later gives the real register count).
struct ConfigResources {
  int64_t threads = 0;               ///< threads per block
  int64_t sharedBytes = 0;           ///< shared memory per block, all stages
  int64_t accumulatorsPerThread = 0; ///< TM * TN
  int64_t estimatedRegisters = 0;    ///< accumulators + fragments + overhead
};

/// Warp specialisation's register split (`setmaxnreg`, per thread): the
/// producer warpgroup keeps kProducerRegisters; the consumer warpgroups
/// share what is left of an SM's 65536 in multiples of 8, at most 240.
inline constexpr int64_t kProducerRegisters = 40;
int64_t getConsumerRegisters(int64_t consumerWarpgroups);

/// Estimates the per-block resources of `config` for elements of
/// `elementType`.
ConfigResources estimateResources(ConfigAttr config, Type elementType);

/// Describes the first limit of `target` that `config` breaks for elements
/// of `elementType` ("config needs 4096 threads per block (64 x 64), but sm_90
/// allows at most 1024"), or nullopt when it fits.
std::optional<std::string> findConfigViolation(ConfigAttr config,
                                               const TargetInfo &target,
                                               Type elementType);

/// Shared memory of the two re-staged stages of an operand (0: A's,
/// K-major, with `a = restaged`; 1: B's, BK x BN, with `b = restaged`), 0
/// without them.
int64_t getRestagedBytes(ConfigAttr config, Type elementType, int operand);

/// The wgmma tile's rows epilogue: the block's C tile in shared memory,
/// BM rows of BN / passes elements of `cType` (one of `passes` column
/// chunks) and kRowsEpiloguePadBytes of padding (which keeps a warp's
/// fragment stores free of bank conflicts).
constexpr int64_t kRowsEpiloguePadBytes = 16;
/// The most column chunks the rows epilogue splits C's tile into (f32 C of
/// 256 columns: 256-byte chunk rows).
constexpr int64_t kMaxRowsPasses = 4;
/// The rows epilogue's C tile: BM x (BN / passes + the pad) elements, or
/// `alongM` (BM / passes) x (BN + the pad).
int64_t getRowsEpilogueBytes(ConfigAttr config, Type cType, int64_t passes = 1,
                             bool alongM = false);

/// b_row_groups: B is described as K/4 rows of 4N elements (4 rows of B each,
/// so the stride is a multiple of 16 bytes for any N). Panel rows k of one
/// class k mod 4 are rows of that view at the same column, and start the
/// same (k mod 4) x N mod 4 elements past a 16-byte boundary: each class
/// travels as `count` boxes of `rows` (BK / 4) x `width` elements, from the
/// boundary, which cover its BN elements plus those up to 3. `width` is a
/// multiple of 4 elements that keeps every box a multiple of 128 bytes, so
/// each lands 128-byte aligned, one after the other.
struct RowGroupBoxes {
  int64_t count = 0, rows = 0, width = 0;
  int64_t boxes() const { return 4 * count; }
  int64_t pitch() const { return count * width; }
};
RowGroupBoxes getRowGroupBoxes(ConfigAttr config);

/// The output tiles of `config` on an M x N problem.
int64_t getOutputTiles(ConfigAttr config, int64_t m, int64_t n);

/// stream_k: one resident wave of blocks (SMs x blocks_per_sm, at most one
/// per K step) splits the K steps of all output tiles, taken tile by tile
/// (row-major over the tiles, each tile's steps in K order), into even
/// contiguous ranges: block b runs steps [b x steps / blocks, (b + 1) x
/// steps / blocks). The workspace holds one BM x BN partial sum per block,
/// then one 4-byte flag per block.
///
/// split_tail: blocks [0, dataParallelTiles) run tiles of the same index
/// whole; tile dataParallelTiles + t is split into `split` parts, part p
/// run by block dataParallelTiles + t x split + p over steps [p x
/// stepsPerTile / split, (p + 1) x stepsPerTile / split) of the tile. With
/// partsFirst, part p of tail tile t is block t x split + p and whole tile
/// w block partialSlots() + w. The workspace holds partial sums and flags
/// for the parts only (slot = t x split + p); a tail tile's parts count
/// their arrivals in part 0's flag.
struct StreamKPlan {
  /// The work units: stream_k's blocks; split_tail's whole tiles and tail
  /// parts, one block each, or, with a producer warpgroup (`persistent`),
  /// looped over by a resident wave of `grid` blocks, unit u + grid after
  /// unit u.
  int64_t blocks = 0;
  int64_t grid = 0; ///< the launch's blocks
  bool persistent = false;
  int64_t dataParallelTiles = 0; ///< split_tail: the tiles run whole
  int64_t split = 0; ///< split_tail: parts per tail tile (0: stream_k)
  /// split_tail: the parts are blocks [0, partialSlots()), before the whole
  /// tiles, where the whole tiles make two waves or more: the parts and
  /// their sums then run beside the first wave instead of after the last
  /// (docs/results/2026-12-02-tail-sum.md).
  bool partsFirst = false;
  int64_t stepsPerTile = 0;    ///< ceil(K / BK)
  int64_t steps = 0;           ///< all tiles' K steps
  int64_t maxSegments = 0;     ///< most tiles one block's steps touch
  int64_t partialElements = 0; ///< one block's partial sum: BM x BN f32
  int64_t flagsOffset = 0;     ///< bytes, after the partial sums
  int64_t workspaceBytes = 0;
  /// The blocks that may leave a partial sum (a slot of partial sum and
  /// flag each): all of stream_k's, split_tail's split blocks.
  int64_t partialSlots() const { return blocks - dataParallelTiles; }
};
StreamKPlan getStreamKPlan(ConfigAttr config, int64_t m, int64_t n, int64_t k,
                           Type elementType, const TargetInfo &target);

/// Tile t's (row, column) in the config's tile order (`order`, `group`,
/// the walk's extent counted to whole clusters) over tilesM x tilesN
/// tiles; the kernels compute the same in IR (TileScheduler.cpp).
std::pair<int64_t, int64_t> getTileInOrder(ConfigAttr config, int64_t tilesM,
                                           int64_t tilesN, int64_t t);

/// The tile rows and columns that tiles [0, blocks) of the tile order
/// touch (the first wave's, for `blocks` resident blocks): what the wave
/// reads of A (its row panels) and of B (its column panels).
struct WaveFootprint {
  int64_t tileRows = 0, tileCols = 0;
};
WaveFootprint getWaveFootprint(ConfigAttr config, int64_t m, int64_t n,
                               int64_t blocks);

/// scheduler = persistent: one resident wave of SMs x max(blocks_per_sm, 1)
/// blocks, at most one per tile (of all `batches`).
int64_t getPersistentGrid(ConfigAttr config, int64_t m, int64_t n,
                          const TargetInfo &target, int64_t batches = 1);

/// What one operand copy in the workspace holds: the operand's elements
/// as they are (pack_b), rounded to TF32 (precision = tf32), or the high
/// or low TF32 part of each (tf32x3).
enum class CopyPart { Exact, Rounded, High, Low };
StringRef stringifyCopyPart(CopyPart part);

/// The registers per thread a `blocks_per_sm` request leaves (allocated in
/// units of 8), or the chip's per-thread limit without a request.
int64_t getRegisterCap(ConfigAttr config, const TargetInfo &target);

/// Whether a kernel of `config` copies A (M x K f32) into its workspace
/// before its K loop: with the TF32 precisions, where A's rows are not
/// 16-byte multiples (TMA's row strides) or A is stored transposed (K x M;
/// the copy is M x K, K-major, as the tile reads A); with the fma tile
/// where A is stored transposed and re-staged (a = restaged: the copy is M
/// x K), or copy kind tma meets rows of A (M x K) that are not 16-byte
/// multiples; with the wgmma tile (16-bit) where A as stored (M x K, or K
/// x M transposed) has such rows: that copy is A as stored. A's TMA boxes
/// then come from the copy, whose rows are padded. Elsewhere the boxes
/// come from A itself.
bool copiesA(ConfigAttr config, int64_t m, int64_t k,
             OperandLayout layout = {});

/// Whether the kernel copies B before its K loop: pack_b's copy (rows
/// padded to 16-byte multiples) or the TF32 precisions' rounded or split
/// copies (see WgmmaTileAttr::copiesB). The two exclude each other: the
/// TF32 copies need b = direct.
inline bool copiesB(ConfigAttr config) {
  return config.getPackB() || config.copiesTF32B();
}

/// Whether the fma tile takes A stored transposed (K x M) in TMA boxes as
/// stored, BK x BM: its K-major panel, with no copy and no re-staging
/// (copy kind tma, a = direct).
bool readsATransposedBoxes(ConfigAttr config, OperandLayout layout);

/// Whether the kernel's copies of A and B are the operands as stored, only
/// their rows padded (the 16-bit wgmma tile reads either orientation);
/// the fma tile's transpose a transposed operand, the TF32 precisions'
/// read A and B K-major.
inline bool copiesAsStored(ConfigAttr config) {
  return config.isWgmma() && !config.isTF32();
}

/// One copy of an operand, `rows` x `cols` elements (B transposed: N x K),
/// rows `pitch` elements apart (rounded up to 128 bytes), starting `offset`
/// bytes into the workspace (128-byte aligned); a batched operand's copy
/// holds `batches` such matrices one after the other (copies that do not
/// transpose only).
struct PackedCopy {
  int operand = 1; ///< 0: A, 1: B
  CopyPart part = CopyPart::Exact;
  bool transposed = false;
  int64_t rows = 0, cols = 0, offset = 0, pitch = 0, batches = 1;
  int64_t bytes(int64_t elemBytes) const {
    return batches * rows * pitch * elemBytes;
  }
  /// Whether rows x cols is no whole number of 16-byte vectors (pack_b's
  /// copy where K is not a multiple of a vector, and A's rows are copied
  /// too): the vector copy leaves the last row, whose last elements are no
  /// whole vector of B, to a loop over its elements.
  bool lastRowApart(int64_t elemBytes) const {
    return rows * cols * elemBytes % 16 != 0;
  }
  /// Whether the copy goes through 32 x 32 tiles a warp per row (rounding,
  /// splitting or transposing there, or reading any shape): every copy but
  /// pack_b's of B as it is, unless its rows are shorter than a 16-byte
  /// vector where it is no whole number of vectors.
  bool byTiles(int64_t elemBytes) const {
    return operand == 0 || transposed || part != CopyPart::Exact ||
           (lastRowApart(elemBytes) && cols * elemBytes < 16);
  }
};

/// The grid prologue that copies operands into the workspace: pack_b's
/// copy of B (K x N), or the TF32 copies of A (M x K) and of B transposed
/// (N x K) for precision = tf32 (one each) and tf32x3 (high parts, then
/// low parts). After the copies, three 4-byte counters at `barrierOffset`
/// (arrivals, departures, tickets). `blocks` is the grid; `packers` the
/// blocks that copy, at most one wave of the chip (SMs x blocks_per_sm),
/// which must be resident at once. With a grid of more than one wave, the
/// first `packers` blocks to start (by ticket) copy, and every block waits
/// for them.
struct PackPlan {
  SmallVector<PackedCopy, 4> copies;
  int64_t barrierOffset = 0, blocks = 0, packers = 0;
};

/// The workspace of a kernel that takes one (stream_k, pack_b, the TF32
/// precisions), a kernel parameter after C: stream_k's partial sums and
/// flags first, then the operand copies and their barrier. `bytes` is 0
/// when there is none.
struct WorkspacePlan {
  std::optional<StreamKPlan> streamK;
  std::optional<PackPlan> pack;
  int64_t bytes = 0;
  /// The blocks that wait on each other, which must be resident at once:
  /// stream_k's whole grid, split_tail's split blocks, or pack_b's packers.
  int64_t residentBlocks() const {
    int64_t packers = pack ? pack->packers : 0;
    if (streamK && streamK->split)
      return std::max(streamK->partialSlots(), packers);
    return streamK ? streamK->blocks : packers;
  }
};
WorkspacePlan getWorkspacePlan(ConfigAttr config, const MatmulProblem &problem,
                               const TargetInfo &target);

/// The elements per K row that one stage of B's panel receives, padding
/// aside: the row-class boxes' pitch with `b_row_groups`, else BN.
int64_t getStagedBCols(ConfigAttr config);

/// Whether copy = tma moves the B panel through registers: when rows of B
/// (N elements) are not 16-byte multiples, which a tensor map's stride must
/// be, and neither `b_row_groups` (B as rows of 4 rows) nor `pack_b` (a
/// copy of B with aligned rows) describes it otherwise.
bool isTmaBByRegisters(ConfigAttr config, int64_t n, Type elementType);

/// What makes the grid of `config` for an M x N x K problem impossible (more
/// than kMaxGridY block rows of a data-parallel grid, or kMaxGridX tiles of
/// a banded one, padded tiles whose FLOPs overflow int64, Stream-K over
/// more than kMaxStreamKSteps K steps), or nullopt.
std::optional<std::string> findGridViolation(ConfigAttr config, int64_t m,
                                             int64_t n, int64_t k);

/// Why `config` cannot read A and B in `layout`, or nullopt. Transposed
/// operands: the 16-bit wgmma tile reads either K- or MN-major from its
/// swizzled boxes (without b = packed); TF32 and the fma tile read
/// copies that transpose them before the K loop (the fma tile's B with
/// b = packed, its A with copy kind tma and blocks_per_sm > 0). A window
/// of B (`windowB`) is read row by row: not with b = row_groups, nor
/// pack_b's copy of B as it is.
std::optional<std::string> findLayoutViolation(ConfigAttr config,
                                               OperandLayout layout);

/// registers = b reads B's TMA boxes from B as stored: it needs B K x N
/// (not transposed) with rows of N elements in 16-byte multiples.
std::optional<std::string> findRegisterBViolation(ConfigAttr config,
                                                  OperandLayout layout,
                                                  int64_t n, Type elementType);

/// truncated = b reads B's TMA boxes from B as stored: it needs B N x K
/// (transposed) with rows of K elements in 16-byte multiples.
std::optional<std::string> findTruncatedBViolation(ConfigAttr config,
                                                   OperandLayout layout,
                                                   int64_t k, Type elementType);

/// What makes `config` unusable for an M x N x K problem with A and B in
/// `layout` (findGridViolation; findLayoutViolation; copy = tma needs rows
/// of A, as stored, in 16-byte multiples unless the kernel copies A, which
/// needs blocks_per_sm, and two stages when B's are not and b_row_groups is
/// off; b_row_groups needs 4N to fit 32-bit coordinates), or nullopt.
std::optional<std::string> findShapeViolation(ConfigAttr config, int64_t m,
                                              int64_t n, int64_t k,
                                              Type elementType,
                                              OperandLayout layout = {});

/// Why `config` cannot compile an M x N x K problem of `elementType` on
/// `target`, in a message that names the limit, the value and the chip: the
/// chip's limits (findConfigViolation), the shape (findShapeViolation) or
/// Stream-K's residency (findStreamKViolation); nullopt when it can. Every
/// config a matmul gets (given, tuned or the default) passes it first.
std::optional<std::string> findProblemViolation(ConfigAttr config, int64_t m,
                                                int64_t n, int64_t k,
                                                Type elementType,
                                                const TargetInfo &target,
                                                OperandLayout layout = {},
                                                int64_t batch = 0);

/// Why `config` cannot run a batched problem (`batch` > 0; its batch is the
/// grid's z, or a persistent grid's tiles run batch after batch): not with
/// stream_k or split_tail (their K steps are shared across the grid),
/// clusters or row groups (a batch's copies in the workspace hold its
/// matrices one after the other); nullopt when it can or the problem is
/// not batched.
std::optional<std::string> findBatchViolation(ConfigAttr config, int64_t batch);

/// Why `config` cannot read or write `problem`'s windows of larger buffers
/// (MatmulProblem::windows): the tiled strategy needs every window's rows
/// (and batches) to start at 16-byte boundaries; nullopt when it can or no
/// operand is a window. (A window of B read as one K x N array:
/// findLayoutViolation.)
std::optional<std::string> findWindowViolation(ConfigAttr config,
                                               const MatmulProblem &problem);

/// How a config's thread blocks fill the chip.
struct WaveInfo {
  int64_t ctas = 0;        ///< thread blocks of the grid
  /// Resident blocks per SM allowed by each limit: threads, registers,
  /// shared memory, blocks (in this order).
  std::array<std::pair<StringRef, int64_t>, 4> limits;
  int64_t registersPerThread = 0; ///< as allocated (multiple of 8)
  int64_t ctasPerSM = 0;   ///< resident blocks per SM (binding limit below)
  StringRef limitedBy;     ///< "threads", "registers", "shared memory", "blocks"
  int64_t waves = 0;       ///< ceil(ctas / (numSMs * ctasPerSM))
  double efficiency = 0;   ///< ctas / (waves * numSMs * ctasPerSM)
};

/// The problem's floor on `target`: its FMAs at the CUDA cores' f32 peak
/// or A, B and C once through memory, whichever is longer (0 where the
/// chip lists no f32 FMA rate).
double getFloorSeconds(int64_t m, int64_t n, int64_t k, Type elementType,
                       const TargetInfo &target);

/// Waves of `config` on an M x N output: resident blocks per SM from the
/// registers (`registersPerThread`, e.g. from ptxas, else the estimate),
/// shared memory, threads and the block limit.
WaveInfo computeWaves(ConfigAttr config, int64_t m, int64_t n, Type elementType,
                      const TargetInfo &target,
                      std::optional<int64_t> registersPerThread = {},
                      int64_t batches = 1);

/// The most tiles one block's K steps may touch with stream_k (each is a
/// segment of the kernel's K loop, which refills the pipeline): beyond the
/// 17 measured (docs/results/2026-11-30-stream-k.md) the tiles are too
/// short in K for Stream-K to pay.
constexpr int64_t kMaxStreamKSegments = 32;

/// The fewest K steps split_tail gives one part of a tail tile: each part
/// fills and drains the pipeline and adds a partial sum.
constexpr int64_t kMinSplitSteps = 4;

/// The most FMAs a thread's unrolled K step may hold, and the most elements
/// of A and B a thread may copy per stage (register and cp.async copies are
/// unrolled too): beyond them code size, and compile time, explode.
constexpr int64_t kMaxUnrolledFmas = 8192;
constexpr int64_t kMaxUnrolledCopies = 256;

/// The largest gridDim.x and gridDim.y (and z) a launch may have.
constexpr int64_t kMaxGridX = (int64_t(1) << 31) - 1;
constexpr int64_t kMaxGridY = 65535;

/// The most K steps (tiles x K steps per tile) Stream-K shares over a grid.
constexpr int64_t kMaxStreamKSteps = INT32_MAX;

/// What makes stream_k unusable for an M x N x K problem on `target`
/// (more than kMaxStreamKSegments segments per block), or nullopt (also
/// when `config` has no stream_k; pack_b fits any grid). A matmul that
/// accumulates into C is fine: the tile's owner starts from C.
std::optional<std::string> findStreamKViolation(ConfigAttr config, int64_t m,
                                                int64_t n, int64_t k,
                                                Type elementType,
                                                const TargetInfo &target);

} // namespace mlir::tileopt

#endif // TILEOPT_ANALYSIS_TARGET_H
