//===- KernelPlan.cpp - What a tiled kernel is, before any IR ------------===//
//
// Builds the `KernelPlan` (see KernelPlan.h) and holds the parts' declared
// traits and the check that pairs them.
//
//===----------------------------------------------------------------------===//
#include "TileOpt/Codegen/KernelPlan.h"

#include "TileOpt/Codegen/Pack.h"

#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::tileopt;

/// Panels up to this depth have their inner (BK) loop fully unrolled.
static constexpr int64_t kMaxUnrolledBK = 32;
/// Static shared memory a kernel may declare without the dynamic opt-in.
static constexpr int64_t kMaxStaticSharedBytes = 48 * 1024;

static constexpr unsigned bits(PanelLayout layout) {
  return static_cast<unsigned>(layout);
}

const CopierTraits &mlir::tileopt::getCopierTraits(CopyKind kind) {
  using L = PanelLayout;
  // Register copies can transpose A on the way; cp.async and TMA move
  // contiguous bytes (TMA's boxes of A stored K x M are K-major as they
  // land). TMA boxes land 128-byte aligned.
  static const CopierTraits traits[] = {
      {CopyKind::Registers, "the threads' loads and stores",
       bits(L::RowMajor) | bits(L::Transposed), bits(L::RowMajor), 1, 2, 0, 0},
      {CopyKind::Async, "cp.async", bits(L::RowMajor), bits(L::RowMajor), 2,
       kMaxConfigStages, 80, 0},
      {CopyKind::Tma, "the Tensor Memory Accelerator",
       bits(L::RowMajor) | bits(L::Transposed) | bits(L::Swizzled128),
       bits(L::RowMajor) | bits(L::RowClassBoxes) | bits(L::Swizzled128), 2,
       kMaxConfigStages, 90, kTmaBoxAlignment},
  };
  const CopierTraits &found = traits[static_cast<int>(kind)];
  assert(found.kind == kind && "copier traits out of the enum's order");
  return found;
}

const InstructionTileTraits &
mlir::tileopt::getInstructionTileTraits(InstructionTileKind kind) {
  using L = PanelLayout;
  static const InstructionTileTraits traits[] = {
      {InstructionTileKind::Fma, "fma", InstructionScope::Thread,
       bits(L::RowMajor) | bits(L::Transposed),
       bits(L::RowMajor) | bits(L::RowClassBoxes)},
      {InstructionTileKind::Wgmma, "wgmma", InstructionScope::Warpgroup,
       bits(L::Swizzled128), bits(L::Swizzled128)},
  };
  return traits[static_cast<int>(kind)];
}

StringRef mlir::tileopt::stringifyPanelLayout(PanelLayout layout) {
  switch (layout) {
  case PanelLayout::RowMajor:
    return "row-major";
  case PanelLayout::Transposed:
    return "transposed";
  case PanelLayout::RowClassBoxes:
    return "row classes";
  case PanelLayout::Swizzled128:
    return "128-byte swizzled boxes";
  }
  llvm_unreachable("unknown panel layout");
}

StringRef mlir::tileopt::stringifyKLoopKind(KLoopKind kind) {
  static const char *const names[] = {"single-stage", "register-staged",
                                      "issue-ahead", "warp-specialised"};
  return names[static_cast<int>(kind)];
}

StringRef mlir::tileopt::stringifyEpilogueKind(EpilogueKind kind) {
  static const char *const names[] = {"direct", "predicated", "staged", "rows"};
  return names[static_cast<int>(kind)];
}

/// The panel layouts `config` asks of A and B.
static std::pair<PanelLayout, PanelLayout>
getPanelLayouts(ConfigAttr config, OperandLayout operands = {}) {
  if (config.isWgmma())
    return {PanelLayout::Swizzled128, PanelLayout::Swizzled128};
  bool aKMajor = config.isAKMajor() || readsATransposedBoxes(config, operands);
  return {aKMajor ? PanelLayout::Transposed : PanelLayout::RowMajor,
          config.getBRowGroups() ? PanelLayout::RowClassBoxes
                                 : PanelLayout::RowMajor};
}

/// What makes `stages` impossible for `copier`, or nullopt.
static std::optional<std::string>
findStagesViolation(const CopierTraits &copier, int64_t stages) {
  if (stages >= copier.minStages && stages <= copier.maxStages)
    return std::nullopt;
  std::string message;
  llvm::raw_string_ostream os(message);
  if (copier.kind == CopyKind::Registers)
    os << "stages = " << stages << " needs copy kind async (register-staged "
       << "copies support " << copier.minStages << " or " << copier.maxStages
       << ")";
  else
    os << "copy kind " << stringifyCopyKind(copier.kind) << " supports "
       << copier.minStages << " to " << copier.maxStages << " stages, got "
       << stages;
  return message;
}

std::optional<std::string>
mlir::tileopt::findPrecisionViolation(ConfigAttr config, Type elementType) {
  if (config.isTF32() && !elementType.isF32())
    return "precision = " +
           stringifyPrecision(config.getPrecision()).str() +
           " multiplies f32 operands as TF32, got " +
           getTypeName(elementType) + " (16-bit operands take precision = "
           "ieee)";
  if (config.isWgmma() && elementType.isF32() && !config.isTF32())
    return std::string("the wgmma tile multiplies f32 operands as TF32: it "
                       "needs precision = tf32 or tf32x3 (and K = 8), or "
                       "the fma tile for IEEE f32");
  return std::nullopt;
}

std::optional<std::string>
mlir::tileopt::findPartsViolation(ConfigAttr config, const TargetInfo &target,
                                  Type elementType) {
  if (config.getStrategy() != Strategy::Tiled)
    return std::nullopt;
  const CopierTraits &copier = getCopierTraits(config.getCopyKind());
  const InstructionTileTraits &tile =
      getInstructionTileTraits(getInstructionTileKind(config));
  bool sixteenBit = elementType.getIntOrFloatBitWidth() == 16;
  auto [layoutA, layoutB] = getPanelLayouts(config);
  std::string message;
  llvm::raw_string_ostream os(message);
  int64_t elemBytes = getElementBytes(elementType);
  int64_t parts = config.getParts();
  // tf32x3 stages both parts of B and A as it is.
  int64_t stageBytes[2] = {config.getBM() * config.getBK() * elemBytes,
                           parts * config.getBK() * getStagedBCols(config) *
                               elemBytes};
  std::string operands =
      config.isTF32() ? std::string("tf32") : getTypeName(elementType);
  std::optional<std::string> precision =
      findPrecisionViolation(config, elementType);
  if (target.computeCapability < copier.minComputeCapability) {
    os << "copy kind " << stringifyCopyKind(copier.kind) << " needs "
       << copier.engine << " of sm_" << copier.minComputeCapability
       << " or newer, but the target is " << target.chip;
  } else if (!target.hasInstructionTile(tile.name)) {
    os << "the " << tile.name << " instruction tile is not available on "
       << target.chip
       << (tile.kind == InstructionTileKind::Wgmma ? " (it needs sm_90a)" : "");
  } else if (precision) {
    os << *precision;
  } else if (!target.findRate(tile.name, operands)) {
    os << "the " << tile.name << " instruction tile does not multiply "
       << getTypeName(elementType) << " operands on " << target.chip
       << (sixteenBit ? " (16-bit matmuls take the wgmma tile on sm_90a, or "
                        "strategy=naive)"
                      : "");
  } else if (int64_t alignment = tile.kind == InstructionTileKind::Wgmma
                                     ? kSwizzledStageAlignment
                                     : copier.stageAlignment;
             alignment && (stageBytes[0] % alignment != 0 ||
                           stageBytes[1] % alignment != 0)) {
    os << "copy kind " << stringifyCopyKind(copier.kind)
       << " needs every stage of a panel to be a "
       << "multiple of " << alignment << " bytes (TMA "
       << "destinations are " << alignment
       << "-byte aligned), but the A stage is " << stageBytes[0]
       << " bytes and the B stage " << stageBytes[1];
  } else if (std::optional<std::string> stages =
                 findStagesViolation(copier, config.getStages())) {
    os << *stages;
  } else if (int64_t panels =
                 getSharedMemoryLayout(config, elementType).panelBytes;
             config.copiesTF32B() && panels < kPackTransposeBytes) {
    // The TF32 copies transpose B through shared tiles over the stages
    // (after pack_b's ticket word), before the K loop uses them.
    os << "precision = " << stringifyPrecision(config.getPrecision())
       << " transposes B through " << kPackTransposeBytes
       << " bytes of shared memory before the K loop, but the stages have "
       << panels << " (use more stages or larger tiles)";
  } else if (!(copier.layoutsA & bits(layoutA) & tile.layoutsA) ||
             !(copier.layoutsB & bits(layoutB) & tile.layoutsB)) {
    os << "copy kind " << stringifyCopyKind(copier.kind) << " and the "
       << tile.name << " instruction tile have no panel layout in common";
  } else {
    return std::nullopt;
  }
  return message;
}

SharedMemoryLayout mlir::tileopt::getSharedMemoryLayout(
    ConfigAttr config, Type elementType, OperandLayout operands) {
  SharedMemoryLayout layout;
  int64_t bm = config.getBM(), bn = config.getBN(), bk = config.getBK();
  int64_t pad = config.getPad(), stages = config.getStages();
  int64_t elemBytes = getElementBytes(elementType);
  bool tma = config.getCopyKind() == CopyKind::Tma;
  bool aKMajor =
      getPanelLayouts(config, operands).first == PanelLayout::Transposed;
  // The promoted panels (tile-promote): A BK x (BM + pad) when K-major (or
  // A's boxes as stored, K x M), else BM x (BK + pad); B BK x (BN + pad),
  // or b_row_groups's class boxes.
  layout.panelShape[0] = {aKMajor ? bk : bm, (aKMajor ? bm : bk) + pad};
  // b = restaged: B's boxes as stored, BN x BK (re-staged BK x BN).
  if (config.getBRowGroups()) {
    RowGroupBoxes boxes = getRowGroupBoxes(config);
    layout.panelShape[1] = {boxes.boxes(), boxes.rows, boxes.width};
  } else if (config.getRestageB()) {
    layout.panelShape[1] = {bn, bk};
  } else {
    layout.panelShape[1] = {bk, bn + pad};
  }
  // The wgmma tile's swizzled boxes, one 128-byte row wide: A's along K
  // (or, 16-bit A stored K x M, along M); B's along N (B as it is,
  // N-major: 16-bit, or TF32 with registers = b) or along K (16-bit B
  // stored N x K; TF32's N x K copy of B). tf32x3 stages the high parts'
  // boxes of B, then the low's; A's elements as they are (the wgmma tile
  // splits them).
  if (WgmmaTileAttr wgmma = config.getWgmmaTile()) {
    int64_t w = wgmma.getBoxColumns(), parts = wgmma.getParts();
    bool tf32 = wgmma.isTF32(), bKMajor = tf32 && !wgmma.isBInRegisters();
    layout.panelShape[0] = operands.transposeA && !tf32
                               ? SmallVector<int64_t, 4>{bm / w, bk, w}
                               : SmallVector<int64_t, 4>{bk / w, bm, w};
    layout.panelShape[1] = bKMajor || operands.transposeB
                               ? SmallVector<int64_t, 4>{parts * bk / w, bn, w}
                               : SmallVector<int64_t, 4>{bn / w, bk, w};
  }
  // TMA panels live in dynamic shared memory, whose base (and each panel)
  // is 1024-byte aligned (--tile-extern-dynamic-shared).
  int64_t alignment = config.isWgmma() ? kSwizzledStageAlignment
                      : tma            ? kTmaBoxAlignment
                                       : 16;
  StringRef names[2] = {"a_panels", "b_panels"};
  int64_t offset = 0;
  for (int i = 0; i < 2; ++i) {
    if (stages > 1)
      layout.panelShape[i].insert(layout.panelShape[i].begin(), stages);
    int64_t elements = 1;
    for (int64_t side : layout.panelShape[i])
      elements *= side;
    int64_t bytes = llvm::alignTo(elements * elemBytes, alignment);
    layout.slots.push_back({names[i], offset, bytes, alignment});
    offset += bytes;
  }
  for (auto [operand, name] :
       {std::pair<int, StringRef>{0, "a_k_major"}, {1, "b_n_major"}}) {
    if (int64_t bytes = llvm::alignTo(
            getRestagedBytes(config, elementType, operand), kTmaBoxAlignment)) {
      layout.slots.push_back({name, offset, bytes, kTmaBoxAlignment});
      offset += bytes;
    }
  }
  layout.panelBytes = offset;
  // The per-stage mbarriers of the TMA pipeline (8 bytes each); with the
  // wgmma tile, padded to the 1024-byte boundary the stages start at.
  layout.barrierBytes = config.isWgmma() ? kSwizzledStageAlignment
                        : tma            ? 8 * stages
                                         : 0;
  layout.dynamic = layout.slots[0].bytes + layout.slots[1].bytes >
                       kMaxStaticSharedBytes ||
                   tma;
  return layout;
}

/// The kernel parameters of `config` for `p`, with the kernel's
/// `workspace` (none: no workspace parameter).
static SmallVector<KernelArgument, 5>
buildKernelArguments(ConfigAttr config, const MatmulProblem &p,
                     const WorkspacePlan &plan) {
  bool tma = config.getCopyKind() == CopyKind::Tma;
  bool bMap = tma && !config.getPackB() &&
              !isTmaBByRegisters(config, p.n, p.elementType);
  RowGroupBoxes groups = getRowGroupBoxes(config);
  // (TF32 kernels read B's copy, unless B is the register operand or read
  // as stored, truncated.)
  bool bCopied = config.copiesTF32B();
  bool aMap = tma && !copiesA(config, p.m, p.k, p.layout);
  // A and B as stored, a box one stage of their rows (transposed: A K x
  // M, B N x K).
  auto [aRows, aCols] = p.getStoredA();
  auto [bRows, bCols] = p.getStoredB();
  bool ta = p.layout.transposeA, tb = p.layout.transposeB;
  int64_t bm = config.getBM(), bn = config.getBN(), bk = config.getBK();
  KernelArgument a{"A", aRows, aCols, aMap, ta ? bk : bm, ta ? bm : bk};
  KernelArgument b{"B",          bRows,       bCols, bMap && !bCopied,
                   tb ? bn : bk, tb ? bk : bn};
  // wgmma: boxes one swizzle atom (128 bytes) wide.
  if (WgmmaTileAttr wgmma = config.getWgmmaTile()) {
    a.boxCols = b.boxCols = wgmma.getBoxColumns();
    a.swizzleBytes = b.swizzleBytes = kSwizzledBoxRowBytes;
  }
  // A cluster's blocks each load a 1 / cluster share of the rows of the
  // operand they share.
  if (int operand = getClusterSharedOperand(config); operand >= 0)
    (operand == 0 ? a : b).boxRows /= config.getCluster();
  if (config.getBRowGroups())
    b = KernelArgument{"B", p.k, p.n, true, groups.rows, groups.width, true};
  SmallVector<KernelArgument, 5> args = {a, b, {"C", p.m, p.n}};
  if (plan.bytes) {
    KernelArgument workspace{"workspace"};
    workspace.workspaceBytes = plan.bytes;
    workspace.residentBlocks = plan.residentBlocks();
    args.push_back(workspace);
  }
  // A tensor map of each copy in the workspace, its boxes one stage of the
  // copy (A's M x K: BM x BK; B's K x N: BK x BN, or with TF32 N x K: BN x
  // BK), BK or BN one swizzle atom wide on the wgmma tile; the 16-bit
  // wgmma tile's copies are its operands as stored, in their boxes.
  WgmmaTileAttr wgmma = config.getWgmmaTile();
  bool asStored = copiesAsStored(config);
  if (plan.pack)
    for (const PackedCopy &copy : plan.pack->copies) {
      const KernelArgument &of = copy.operand ? b : a;
      int64_t rows = asStored            ? of.boxRows
                     : copy.operand == 0 ? bm
                     : bCopied           ? bn
                                         : bk;
      int64_t cols = asStored       ? of.boxCols
                     : wgmma        ? wgmma.getBoxColumns()
                     : copy.operand ? bn
                                    : bk;
      KernelArgument packed{
          copy.operand ? "B" : "A", copy.rows, copy.cols, true, rows, cols};
      packed.swizzleBytes = of.swizzleBytes;
      packed.packed = true;
      packed.part = copy.part;
      packed.transposed = copy.transposed;
      packed.packOffset = copy.offset;
      packed.packStride = copy.pitch * getElementBytes(p.elementType);
      args.push_back(packed);
    }
  // The fused epilogue's inputs last: E1, E2, ...
  for (auto [i, in] : llvm::enumerate(
           p.epilogue ? p.epilogue->inputs : ArrayRef<EpilogueInput>())) {
    auto [rows, cols] = in.getShape(p.m, p.n);
    args.push_back({getEpilogueInputName(i), rows, cols});
    args.back().epilogueInput = i;
  }
  return args;
}

SmallVector<KernelArgument, 5>
mlir::tileopt::getKernelArguments(ConfigAttr config, const MatmulProblem &p,
                                  StringRef chip) {
  std::optional<TargetInfo> target = lookupTarget(chip);
  if (!target || config.getStrategy() != Strategy::Tiled)
    return buildKernelArguments(config, p, WorkspacePlan());
  return buildKernelArguments(config, p, getWorkspacePlan(config, p, *target));
}

/// The width of the vectors that move panel rows of a `rows` x `cols`
/// operand: 4 elements (16 bytes) when every vector starts 16-byte aligned,
/// else 1.
static int64_t getCopyVectorWidth(Type elementType, int64_t cols,
                                  int64_t panelCols, int64_t panelRowLength) {
  if (elementType.getIntOrFloatBitWidth() != 32)
    return 1;
  bool aligned = cols % 4 == 0 && panelCols % 4 == 0 && panelRowLength % 4 == 0;
  return aligned ? 4 : 1;
}

FailureOr<KernelPlan> mlir::tileopt::buildKernelPlan(
    ConfigAttr config, const MatmulProblem &problem, const TargetInfo *target,
    std::string &why) {
  // The FMA tile computes in the operands' type: f32 only.
  if (!config.isWgmma() && !problem.elementType.isF32()) {
    why = "has " + getTypeName(problem.elementType) +
          " operands, but the fma tile multiplies f32 (16-bit matmuls take "
          "the wgmma tile on sm_90a, or the naive strategy)";
    return failure();
  }
  KernelPlan plan;
  plan.config = config;
  plan.problem = problem;
  int64_t bm = config.getBM(), bn = config.getBN(), bk = config.getBK();
  int64_t pad = config.getPad();
  int64_t m = problem.m, n = problem.n, k = problem.k;
  Type elementType = problem.elementType;
  // (The predicated and staged stores move 32-bit values.)
  bool is32Bit = elementType.getIntOrFloatBitWidth() == 32 &&
                 problem.getOutType().getIntOrFloatBitWidth() == 32;
  plan.stages = config.getStages();
  plan.numThreads = config.getBlockThreads();

  // Stream-K's grid is one resident wave of the target's SMs; the
  // workspace (stream_k, pack_b) is laid out for that grid.
  bool persistent = config.getScheduler() == TileSchedulerKind::Persistent;
  if (config.getStreamK() || config.getPackB() || persistent ||
      config.isTF32() || copiesA(config, m, k, problem.layout)) {
    if (!target) {
      why = std::string(config.getStreamK()   ? "stream_k sizes its grid"
                        : persistent          ? "persistent sizes its grid"
                        : config.isTF32()
                            ? "precision = tf32 sizes its workspace"
                            : "pack_b sizes its workspace") +
            " by the chip's SMs: name a known chip";
      return failure();
    }
    plan.workspace = getWorkspacePlan(config, problem, *target);
  }
  if (plan.workspace.pack && plan.numThreads % 32 != 0 &&
      llvm::any_of(plan.workspace.pack->copies,
                   [&](const PackedCopy &c) {
                     return c.byTiles(getElementBytes(elementType));
                   })) {
    why = "copies an operand a warp per tile row: it needs a multiple of 32 "
          "threads per block";
    return failure();
  }
  const CopierTraits &copier = getCopierTraits(config.getCopyKind());
  if (std::optional<std::string> stages =
          findStagesViolation(copier, plan.stages)) {
    why = *stages;
    return failure();
  }
  if (std::optional<std::string> v =
          findLayoutViolation(config, problem.layout)) {
    why = *v;
    return failure();
  }
  plan.shared = getSharedMemoryLayout(config, elementType, problem.layout);
  plan.scheduler = config.getScheduler();
  // A cluster's blocks are consecutive along x and take tiles along the
  // tile order's walk, which counts to a whole number of clusters: the
  // last cluster of each column (along_m) or row has later blocks past
  // C's edge. Bands (group > 0) number the tiles along x alone.
  plan.cluster = config.getCluster();
  plan.gridPastTiles =
      plan.tilesAlongOrder() !=
      (config.isOrderAlongM() ? plan.tilesM() : plan.tilesN());
  if (plan.workspace.streamK) {
    plan.grid[0] = plan.workspace.streamK->grid;
  } else if (persistent) {
    plan.grid[0] =
        getPersistentGrid(config, m, n, *target, problem.getBatches());
  } else if (config.getTileGroup() > 0) {
    plan.grid[0] = plan.tilesAlongOrder() * plan.tilesAcrossOrder();
  } else {
    plan.grid[0] = plan.tilesAlongOrder();
    plan.grid[1] = plan.tilesAcrossOrder();
  }
  // A batch is the grid's z (a persistent grid's tiles run batch after
  // batch).
  if (!persistent)
    plan.grid[2] = problem.getBatches();
  plan.block[0] = config.getThreadsX();
  plan.block[1] = config.getThreadsY();

  // The copies: per operand, the copier, the layout it stages, its vectors.
  auto [layoutA, layoutB] = getPanelLayouts(config, problem.layout);
  bool aTransposed = layoutA == PanelLayout::Transposed;
  plan.copy[0] = {
      copier.kind, layoutA,
      getCopyVectorWidth(elementType, k, bk, aTransposed ? bk : bk + pad),
      m % bm != 0, k % bk != 0};
  plan.copy[1] = {copier.kind, layoutB,
                  getCopyVectorWidth(elementType, n, bn, bn + pad), k % bk != 0,
                  n % bn != 0};
  plan.bByRegisters =
      copier.kind == CopyKind::Tma && isTmaBByRegisters(config, n, elementType);
  if (plan.bByRegisters)
    plan.copy[1].copier = CopyKind::Registers;
  plan.restageA = config.getRestageA();
  plan.restageB = config.getRestageB();
  plan.bBoxes = getRowGroupBoxes(config);
  if (config.isWgmma()) {
    plan.arguments = buildKernelArguments(config, problem, plan.workspace);
    return buildWgmmaPlan(plan, target, why);
  }
  plan.loop = copier.kind != CopyKind::Registers ? KLoopKind::IssueAhead
              : plan.stages == 2                 ? KLoopKind::RegisterStaged
                                                 : KLoopKind::SingleStage;

  // The FMA tile: rows of the fragment in chunks of 4 where A is read
  // K-major (16-byte loads), columns in chunks of 4 where TN allows.
  int64_t tm = config.getTM(), tn = config.getTN();
  plan.fma.tm = tm;
  plan.fma.tn = tn;
  plan.fma.aKMajor = aTransposed || plan.restageA;
  plan.fma.rowChunk = plan.fma.aKMajor ? 4 : 1;
  plan.fma.colChunk = tn % 4 == 0 ? 4 : tn;
  plan.unrollPanelLoop = bk <= kMaxUnrolledBK;

  // The epilogue. Edge tiles whose C rows are 16-byte multiples store runs
  // of 4 columns as predicated vector stores, the bounds computed after the
  // K loop, so that the epilogue reads every accumulator unconditionally as
  // an inner tile's does (docs/results/ has the register-bank effect of the
  // alternative). C rows that are not 16-byte multiples go out through
  // shared memory when one pass of 4 fragment rows fits the panels' bytes.
  plan.cVectorizable = tn % 4 == 0 && n % 4 == 0;
  int64_t dynamicBytes = plan.shared.dynamic ? plan.shared.panelBytes : 0;
  bool staged = !plan.cVectorizable && plan.fma.rowChunk == 4 &&
                plan.fma.colChunk == 4 && tm % 4 == 0 && dynamicBytes > 0 &&
                is32Bit && 4 * bm / tm * bn * 4 <= dynamicBytes;
  plan.epilogue = staged                        ? EpilogueKind::Staged
                  : plan.cVectorizable && is32Bit ? EpilogueKind::Predicated
                                                  : EpilogueKind::Direct;
  plan.addCAtStore = problem.accumulate && plan.workspace.streamK && staged;
  plan.arguments = buildKernelArguments(config, problem, plan.workspace);
  return plan;
}
