//===- KernelPlan.h - What a tiled kernel is, before any IR -------*- C++ -*-===//
//
// The `KernelPlan` of one tiled matmul kernel: pure data, computed once from
// the `#tile.config`, the problem and the target, and read by code
// generation (which parts to use and how), `--tile-report` (resources) and
// the artifact export (the kernel ABI). Nothing else derives panel bytes,
// the dynamic-shared decision or the parameter order.
//
// Each part declares what it needs or produces (`InstructionTileTraits`,
// `CopierTraits`); `findPartsViolation` rejects pairs that cannot work from
// those declarations.
//
//===----------------------------------------------------------------------===//
#ifndef TILEOPT_CODEGEN_KERNELPLAN_H
#define TILEOPT_CODEGEN_KERNELPLAN_H

#include "TileOpt/Analysis/MatmulProblem.h"
#include "TileOpt/Analysis/Target.h"

#include <optional>
#include <string>

namespace mlir::tileopt {

//===----------------------------------------------------------------------===//
// Part declarations
//===----------------------------------------------------------------------===//

/// How a panel stage is laid out in shared memory (a bit set in traits).
enum class PanelLayout : unsigned {
  /// The operand's rows as they are (A: BM x BK, B: BK x BN), padded.
  RowMajor = 1,
  /// Transposed while staged (A: BK x BM), padded.
  Transposed = 2,
  /// b_row_groups: B's panel rows of one class k mod 4 in boxes.
  RowClassBoxes = 4,
  /// TMA boxes 64 16-bit elements (128 bytes) wide, 128-byte swizzled,
  /// 1024-byte aligned: A as BK / 64 boxes of BM x 64, B as BN / 64 boxes
  /// of BK x 64.
  Swizzled128 = 8,
};

/// What a copier (the engine of a `copy` kind: registers, cp.async, TMA)
/// can do, declared by the copier.
struct CopierTraits {
  CopyKind kind;
  /// The hardware it drives, for diagnostics.
  StringRef engine;
  /// PanelLayout bits the copier can produce for A and for B.
  unsigned layoutsA, layoutsB;
  /// The stages it supports.
  int64_t minStages, maxStages;
  /// The oldest compute capability that has the engine (0: all).
  int minComputeCapability;
  /// The alignment (bytes) and size multiple each panel stage needs.
  int64_t stageAlignment;
};
const CopierTraits &getCopierTraits(CopyKind kind);

/// The hardware instruction that multiplies the staged panels.
enum class InstructionTileKind {
  Fma,   ///< scalar FMA per thread on the CUDA cores
  Wgmma, ///< warpgroup MMA on the tensor cores (sm_90a)
};

/// Who executes one instruction of the tile.
enum class InstructionScope { Thread, Warp, Warpgroup };

/// What an instruction tile needs, declared by the tile.
struct InstructionTileTraits {
  InstructionTileKind kind;
  StringRef name;
  InstructionScope scope;
  /// PanelLayout bits it can read for A and for B.
  unsigned layoutsA, layoutsB;
  // Which chips run it, at what rate: TargetInfo::instructionTiles.
};
const InstructionTileTraits &getInstructionTileTraits(InstructionTileKind kind);
/// The instruction tile `config` names.
inline InstructionTileKind getInstructionTileKind(ConfigAttr config) {
  return config.isWgmma() ? InstructionTileKind::Wgmma
                          : InstructionTileKind::Fma;
}

//===----------------------------------------------------------------------===//
// The plan
//===----------------------------------------------------------------------===//

/// A named region of the kernel's shared memory. Slots that reuse another's
/// bytes once it is idle (`aliases`) add nothing to the total.
struct SharedSlot {
  StringRef name;
  int64_t offset = 0, bytes = 0, alignment = 16;
  bool aliases = false;
};

/// The shared memory of a tiled config: the panel slots and their total,
/// computed from the config alone, so that the report and the verifier see
/// what the kernel declares.
struct SharedMemoryLayout {
  /// The panel buffers' shapes, leading stage dimension first when stages
  /// > 1 (B: boxes x rows x width with b_row_groups).
  SmallVector<int64_t, 4> panelShape[2];
  /// A, B, then the re-staged A and B (a = restaged, b = restaged: slots
  /// a_k_major, b_n_major, when on); the plan adds the rows epilogue's C
  /// tile (`kCTileSlot`), over the stages or after them.
  SmallVector<SharedSlot, 4> slots;
  /// Bytes of the panels (and the re-staged ones): the dynamic shared memory
  /// the launch asks for when `dynamic`.
  int64_t panelBytes = 0;
  /// Bytes of the per-stage mbarriers (static shared memory, TMA).
  int64_t barrierBytes = 0;
  /// Whether the panels live in dynamic shared memory: above the static
  /// limit, or with TMA (whose boxes need the 128-byte aligned base).
  bool dynamic = false;
  int64_t totalBytes() const { return panelBytes + barrierBytes; }
  /// The slot named `name`, or null.
  const SharedSlot *findSlot(StringRef name) const {
    for (const SharedSlot &slot : slots)
      if (slot.name == name)
        return &slot;
    return nullptr;
  }
};
/// The rows epilogue's BM x (BN / passes + 16 bytes) tile of C.
inline constexpr StringLiteral kCTileSlot = "c_tile";
/// `operands`: how A and B are stored (the 16-bit wgmma tile stages them
/// so); the bytes do not depend on it.
SharedMemoryLayout getSharedMemoryLayout(ConfigAttr config, Type elementType,
                                         OperandLayout operands = {});

/// How one operand's panels are copied.
struct OperandCopy {
  CopyKind copier = CopyKind::Registers;
  PanelLayout layout = PanelLayout::RowMajor;
  /// Elements per vector of a register or cp.async copy: 4 (16 bytes) or 1.
  int64_t width = 1;
  /// Whether a tile can cross the matrix's last row or column.
  bool checkRows = false, checkCols = false;
};

/// The K loop's shape.
enum class KLoopKind {
  SingleStage,    ///< load, store, barrier, multiply
  RegisterStaged, ///< next panels in registers during the FMAs
  IssueAhead,     ///< S stages of asynchronous copies issued S-1 ahead
  /// S stages that a producer warpgroup fills as the consumers free them.
  WarpSpecialized,
};

/// How the accumulators reach C.
enum class EpilogueKind {
  Direct,     ///< stores (vectors where aligned) under bounds branches
  Predicated, ///< edge tiles: predicated vector stores (C rows 16-byte)
  Staged,     ///< through shared memory, coalesced (C rows not 16-byte)
  Rows,       ///< the wgmma tile: the whole tile through shared memory, then
              ///< row vectors (up to 16 bytes)
};

/// The scalar FMA tile's thread layout (see FmaTile.h).
struct FmaTilePlan {
  int64_t tm = 1, tn = 1;
  /// The fragment's rows (columns) come in chunks of this many.
  int64_t rowChunk = 1, colChunk = 1;
  /// The tile reads A K-major (staged so, or re-staged by restage_a).
  bool aKMajor = false;
};

/// The wgmma tile's shape (see WgmmaTile.cpp): warpgroups of 128 threads,
/// each a `wm` x `wn` tile of C in instructions of m x n x k.
struct WgmmaTilePlan {
  int64_t m = 64, n = 0, k = 16;
  int64_t wm = 0, wn = 0;
  /// Consumer warpgroups along M and N.
  int64_t groupsM = 0, groupsN = 0;
  /// producer = warpgroup: the producer's threads before the consumers'
  /// (0 without one), and the registers per thread `setmaxnreg` gives the
  /// producer and each consumer.
  int64_t producerThreads = 0, producerRegisters = 0, consumerRegisters = 0;
  /// How the swizzled stages hold each operand: K-major (rows of K: A as
  /// linalg gives it, B transposed or TF32's copy of B) or MN-major (the
  /// instruction's transposed form, 16-bit only: B as linalg gives it, A
  /// transposed).
  bool aKMajor = true, bKMajor = false;
  /// registers = b: the instructions compute C^T's tile (their M along C's
  /// columns, their N along its rows), B from registers, A from shared
  /// memory (K-major).
  bool bInRegisters = false;
  /// TF32 in a warp-specialised loop: the K loop loads a step's A
  /// fragments while the previous step's instructions run (where the
  /// registers hold two steps of them beside the accumulators).
  bool prefetchA = false;
  /// A thread's i32 registers of one step's rounded TF32 fragments (of A,
  /// or with bInRegisters of B).
  int64_t fragmentRegisters(int64_t bk) const {
    return 4 * tilesM() * (bk / k);
  }
  /// Instructions per warpgroup along the instruction's M and N (C's rows
  /// and columns; with bInRegisters its columns and rows), per K step.
  int64_t tilesM() const { return (bInRegisters ? wn : wm) / m; }
  int64_t tilesN() const { return (bInRegisters ? wm : wn) / n; }
  /// f32 accumulators per thread of one instruction's result.
  int64_t accumulatorsPerTile() const { return m * n / 128; }
};

/// One kernel parameter: matrix `name` (rows x cols, row-major) as a bare
/// pointer or, with `tensorMap`, a tensor map whose box (boxRows x boxCols)
/// is one panel stage (`rowGroups`: of the matrix seen as rows / 4 rows of
/// 4 x cols elements, a box per class of panel rows); or the workspace.
struct KernelArgument {
  StringRef name;
  int64_t rows = 0, cols = 0;
  bool tensorMap = false;
  int64_t boxRows = 0, boxCols = 0;
  bool rowGroups = false;
  /// The tensor map's swizzle span in bytes (0: none; 128: the wgmma
  /// tile's boxes).
  int64_t swizzleBytes = 0;
  /// The workspace (stream_k, pack_b): its bytes, zeroed before the first
  /// launch, and the blocks that wait on each other (resident at once).
  int64_t workspaceBytes = 0, residentBlocks = 0;
  /// A tensor map of a copy of A or B in the workspace (pack_b, the TF32
  /// precisions): `rows` x `cols` (B transposed: N x K), `packOffset` bytes
  /// into the workspace, rows `packStride` bytes apart.
  bool packed = false, transposed = false;
  CopyPart part = CopyPart::Exact;
  int64_t packOffset = 0, packStride = 0;
  /// An input of the fused epilogue: its index (-1: none).
  int64_t epilogueInput = -1;
};

/// Everything code generation decides about one tiled kernel.
struct KernelPlan {
  ConfigAttr config;
  MatmulProblem problem;
  int64_t grid[3] = {1, 1, 1}, block[3] = {1, 1, 1};
  int64_t numThreads = 0, stages = 1;
  SharedMemoryLayout shared;
  WorkspacePlan workspace;
  OperandCopy copy[2];
  /// copy = tma moves B through registers (rows not 16-byte multiples).
  bool bByRegisters = false;
  /// restage_a: the TMA copier's A boxes re-staged K-major for the tile.
  bool restageA = false;
  /// b = restaged: the TMA copier's B boxes (as stored, N x K) re-staged
  /// BK x BN for the tile.
  bool restageB = false;
  /// b_row_groups: the boxes of B's row classes.
  RowGroupBoxes bBoxes;
  InstructionTileKind instructionTile = InstructionTileKind::Fma;
  FmaTilePlan fma;
  WgmmaTilePlan wgmma;
  /// Whether the K step's panel loop is unrolled.
  bool unrollPanelLoop = false;
  KLoopKind loop = KLoopKind::SingleStage;
  TileSchedulerKind scheduler = TileSchedulerKind::DataParallel;
  EpilogueKind epilogue = EpilogueKind::Direct;
  /// The rows epilogue: C's tile goes out in this many column chunks of BN
  /// / passes through one chunk's slot (1: the whole tile at once), or
  /// with `rowsAlongM` row chunks of BM / passes.
  int64_t rowsPasses = 1;
  bool rowsAlongM = false;
  /// Whether C's rows keep runs of 4 columns 16-byte aligned (vector
  /// stores), and, with C += A * B under Stream-K and a staged epilogue or
  /// with the rows epilogue (its tile then in the accumulators' type),
  /// whether C is added at the store rather than loaded at the start.
  bool cVectorizable = false, addCAtStore = false;
  /// cluster = 2: the blocks per cluster (consecutive along x), and
  /// whether the grid's x extent is rounded up past the last tile.
  int64_t cluster = 1;
  bool gridPastTiles = false;
  /// The kernel's parameters, in order.
  SmallVector<KernelArgument, 5> arguments;

  /// The f32 accumulators of one thread.
  int64_t accumulatorsPerThread() const {
    return instructionTile == InstructionTileKind::Wgmma
               ? wgmma.tilesM() * wgmma.tilesN() * wgmma.accumulatorsPerTile()
               : fma.tm * fma.tn;
  }
  int64_t tilesM() const { return llvm::divideCeil(problem.m, config.getBM()); }
  int64_t tilesN() const { return llvm::divideCeil(problem.n, config.getBN()); }
  /// The tiles along the tile order's walk (C's tile rows with along_m,
  /// its columns with along_n), rounded up to whole clusters, and across.
  int64_t tilesAlongOrder() const {
    return llvm::alignTo(config.isOrderAlongM() ? tilesM() : tilesN(),
                         cluster);
  }
  int64_t tilesAcrossOrder() const {
    return config.isOrderAlongM() ? tilesN() : tilesM();
  }
};

/// The operand whose panels a cluster's blocks share (0: A, 1: B), which
/// they load a share each of and multicast: consecutive blocks take tiles
/// down a column of C (along_m) or along a row; -1 without a cluster.
inline int getClusterSharedOperand(ConfigAttr config) {
  if (config.getCluster() <= 1)
    return -1;
  return config.isOrderAlongM() ? 1 : 0;
}

/// Names of the plan's choices, as the report prints them.
StringRef stringifyPanelLayout(PanelLayout layout);
StringRef stringifyKLoopKind(KLoopKind kind);
StringRef stringifyEpilogueKind(EpilogueKind kind);

/// The wgmma parts of `plan` (whose copies, TMA boxes into swizzled
/// stages, are set): the issue-ahead or warp-specialised loop, warpgroups
/// of 128 threads in a one-dimensional block, and the rows epilogue or
/// direct stores of column pairs (WgmmaPlan.cpp; buildKernelPlan calls it).
FailureOr<KernelPlan> buildWgmmaPlan(KernelPlan plan, const TargetInfo *target,
                                     std::string &why);

/// Builds the plan of tiled `config` for `problem` on `target` (null: a chip
/// tile-opt does not know, which stream_k and pack_b need), or fails with
/// `why` completing "the plan ...".
FailureOr<KernelPlan> buildKernelPlan(ConfigAttr config,
                                      const MatmulProblem &problem,
                                      const TargetInfo *target,
                                      std::string &why);

/// The kernel parameters of `config` for `problem` on `chip` (the manifest's
/// ABI; without a known chip, no workspace).
SmallVector<KernelArgument, 5> getKernelArguments(ConfigAttr config,
                                                  const MatmulProblem &problem,
                                                  StringRef chip);

/// What makes `config`'s precision wrong for `elementType` operands
/// (tf32 on 16-bit operands, the wgmma tile on f32 without tf32), or
/// nullopt.
std::optional<std::string> findPrecisionViolation(ConfigAttr config,
                                                  Type elementType);

/// What makes the parts `config` picks unable to work together or on
/// `target` (from their declared traits), or nullopt.
std::optional<std::string> findPartsViolation(ConfigAttr config,
                                              const TargetInfo &target,
                                              Type elementType);

} // namespace mlir::tileopt

#endif // TILEOPT_CODEGEN_KERNELPLAN_H
