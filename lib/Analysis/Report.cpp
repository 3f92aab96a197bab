//===- Report.cpp - Reuse, intensity and capacity of a tiling config -----===//
//
// Computes the tiling report and prints it as text (see Report.h and
// docs/report.md; ReportJson.cpp writes it as JSON).
//
//===----------------------------------------------------------------------===//
#include "TileOpt/Analysis/Report.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tileopt;
namespace json = llvm::json;

TileReport mlir::tileopt::computeTileReport(
    const MatmulProblem &problem, ConfigAttr config, StringRef chip,
    const TargetInfo *target, std::optional<int64_t> ptxasRegisters,
    std::optional<int64_t> spillBytes) {
  int64_t m = problem.m, n = problem.n, k = problem.k;
  Type elementType = problem.elementType;
  TileReport r;
  r.m = m;
  r.n = n;
  r.k = k;
  r.batch = problem.batch;
  r.broadcastA = problem.broadcastA;
  r.broadcastB = problem.broadcastB;
  double batches = double(problem.getBatches());
  r.elementType = getTypeName(elementType);
  r.elementBytes = getElementBytes(elementType);
  r.layout = problem.layout;
  r.config = config;
  r.chip = target ? chip.str() : std::string();
  r.ptxasRegisters = ptxasRegisters;
  r.spillBytes = spillBytes;
  int64_t bm = config.getBM(), bn = config.getBN(), bk = config.getBK();
  bool tiled = config.getStrategy() == Strategy::Tiled;

  // FLOPs: the tiled kernels compute whole (zero-padded) tiles; the naive one
  // skips out-of-range outputs.
  r.usefulFlops = 2.0 * m * n * k * batches;
  int64_t mp = tiled ? llvm::alignTo(m, bm) : m;
  int64_t np = tiled ? llvm::alignTo(n, bn) : n;
  int64_t kp = tiled ? llvm::alignTo(k, bk) : k;
  r.executedFlops = 2.0 * mp * np * kp * batches;
  r.paddingRowsFlops = 2.0 * (mp - m) * np * kp * batches;
  r.paddingColsFlops = 2.0 * m * (np - n) * kp * batches;
  r.paddingKFlops = 2.0 * m * n * (kp - k) * batches;
  int64_t gridM = llvm::divideCeil(m, bm), gridN = llvm::divideCeil(n, bn);
  int64_t raggedM = m % bm ? 1 : 0, raggedN = n % bn ? 1 : 0;
  int64_t b = problem.getBatches();
  r.fullTiles = (gridM - raggedM) * (gridN - raggedN) * b;
  r.rightEdgeTiles = (gridM - raggedM) * raggedN * b;
  r.bottomEdgeTiles = raggedM * (gridN - raggedN) * b;
  r.cornerTiles = raggedM * raggedN * b;

  // One K step of one CTA stages BM x BK of A and BK x BN of B (b_row_groups:
  // BK x the row-class boxes' count x width; tf32x3: both parts of B, A
  // as it is) and does BM x BN x BK multiply-adds with them.
  int64_t bCols = getStagedBCols(config);
  int64_t parts = config.getParts();
  r.kStepBytes = double(bm * bk + parts * bk * bCols) * r.elementBytes;
  r.kStepFlops = 2.0 * bm * bn * bk;
  r.kStepFetchedBytes = r.kStepBytes;
  if (int shared = getClusterSharedOperand(config); shared >= 0)
    r.kStepFetchedBytes -= double(shared == 0 ? bm * bk : bk * bCols) *
                           r.elementBytes * (config.getCluster() - 1) /
                           config.getCluster();
  // The kernel without cache reuse: every CTA reads its panels once, C is
  // written once.
  r.kernelBytes = (double(gridM * gridN) *
                      double(bm * kp + parts * kp * bCols) * r.elementBytes +
                  double(m) * n * r.elementBytes) *
                 batches;
  if (const std::optional<FusedEpilogue> &e = problem.epilogue) {
    TileReport::EpilogueFigures f;
    f.expression = e->describe();
    f.opsPerElement = e->getOpsPerElement();
    f.flops = double(f.opsPerElement) * m * n * batches;
    // (A batch's input of its own per batch, or one for all.)
    for (const EpilogueInput &in : e->inputs)
      f.inputBytes += double(in.index == EpilogueIndex::MN  ? m * n
                             : in.index == EpilogueIndex::N ? n
                                                            : m) *
                      getElementBytes(in.elementType) *
                      (in.batched ? batches : 1);
    f.savedBytes = 2.0 * m * n * getElementBytes(problem.getCType()) * batches;
    r.kernelBytes += f.inputBytes;
    r.epilogue = f;
  }
  // One output per thread, no reuse: each multiply-add loads its own two
  // operands.
  r.naiveFlopPerByte = 2.0 / (2.0 * r.elementBytes);
  r.smemValuesPerK = config.getTM() + config.getTN();
  r.fmasPerK = config.getTM() * config.getTN();
  r.resources = estimateResources(config, elementType);
  if (tiled) {
    std::string why;
    FailureOr<KernelPlan> plan =
        findSizeViolation(m, n, k, elementType, problem.batch)
            ? FailureOr<KernelPlan>(failure())
            : buildKernelPlan(config, problem, target, why);
    if (succeeded(plan))
      r.plan = *plan;
    else
      r.planError = why.empty() ? "the problem is out of range" : why;
    r.shared =
        r.plan ? r.plan->shared : getSharedMemoryLayout(config, elementType);
    // The plan's own slots (the rows epilogue's C tile) count; the plan
    // adds them only where they fit beside the blocks per SM it counts.
    r.resources.sharedBytes = r.shared->totalBytes();
  }

  if (!target) {
    r.warnings.push_back("unknown chip '" + chip.str() +
                         "': occupancy, waves and limits are not computed");
    return r;
  }
  r.hasTarget = true;
  r.numSMs = target->numSMs;
  if (std::optional<std::string> v =
          findConfigViolation(config, *target, elementType))
    r.violations.push_back(*v);
  WaveInfo w =
      computeWaves(config, m, n, elementType, *target, ptxasRegisters, b);
  for (const auto &[name, value] : w.limits)
    r.limits.push_back({name.str(), value});
  r.ctasPerSM = w.ctasPerSM;
  r.bindingLimit = w.limitedBy.str();
  int64_t warps = llvm::divideCeil(r.resources.threads, target->warpSize);
  r.maxWarpsPerSM = target->maxThreadsPerSM / target->warpSize;
  r.warpsPerSM = std::min(w.ctasPerSM * warps, r.maxWarpsPerSM);
  r.ctas = w.ctas;
  r.waves = w.waves;
  r.wavesOneCtaPerSM = double(w.ctas) / target->numSMs;
  r.waveEfficiency = w.efficiency;
  if (config.getStrategy() == Strategy::Tiled &&
      config.getScheduler() != TileSchedulerKind::StreamK) {
    r.waveBlocks = std::min(
        w.ctas, target->numSMs * std::max<int64_t>(w.ctasPerSM, 1));
    r.waveFootprint = getWaveFootprint(config, m, n, r.waveBlocks);
  }
  // The kernels' instruction tile bounds them at its peak, where the chip
  // lists one (FMA on the CUDA cores in f32 for every operand type, 16-bit
  // values widened; wgmma at the tensor cores' rate for its operands), and
  // the memory bandwidth bounds any kernel's global traffic.
  // tf32x3 runs three TF32 products per useful one: a third of the rate.
  bool wgmma = config.isWgmma();
  std::string operands = !wgmma             ? std::string("f32")
                         : config.isTF32() ? std::string("tf32")
                                           : getTypeName(elementType);
  if (const InstructionTileRate *rate = target->findRate(
          getInstructionTileTraits(getInstructionTileKind(config)).name,
          operands)) {
    r.floorsTarget = *target;
    r.floorsRate = *rate;
    if (config.getPrecision() == Precision::TF32x3) {
      r.floorsRate->operands = "tf32x3";
      r.floorsRate->fmasPerSMPerClock /= 3;
    }
  }
  if (config.getStreamK() || config.getPackB() || config.isTF32() ||
      copiesA(config, m, k, problem.layout)) {
    WorkspacePlan plan = getWorkspacePlan(config, problem, *target);
    r.streamK = plan.streamK;
    r.pack = plan.pack;
    r.workspaceBytes = plan.bytes;
    // Each operand copied is read once; each copy written whole (pack_b:
    // in 16-byte vectors, up to N rounded up to one).
    if (plan.pack) {
      int64_t elemBytes = getElementBytes(elementType);
      int64_t read[2] = {0, 0};
      for (const PackedCopy &copy : plan.pack->copies) {
        int64_t rows = copy.batches * copy.rows;
        read[copy.operand] = rows * copy.cols * elemBytes;
        int64_t cols = copy.part == CopyPart::Exact && copy.operand == 1
                           ? llvm::alignTo(copy.cols, 16 / elemBytes)
                           : copy.cols;
        r.packBytesMoved += rows * cols * elemBytes;
      }
      r.packBytesMoved += read[0] + read[1];
    }
    if (std::optional<std::string> v =
            findStreamKViolation(config, m, n, k, elementType, *target))
      r.violations.push_back(*v);
  }

  // Capacity cliffs, in words.
  auto fmt = [](const char *f, auto &&...args) {
    return llvm::formatv(f, args...).str();
  };
  // Stream-K and split_tail launch their own grid: the tiles' K steps are
  // shared out, so fewer tiles than SMs leave SMs idle only if that grid
  // does.
  int64_t launched = r.streamK ? r.streamK->grid : r.ctas;
  if (launched < target->numSMs)
    r.warnings.push_back(
        fmt("only {0} thread blocks for {1} SMs: {2} SMs get no work; {3}",
            launched, target->numSMs, target->numSMs - launched,
            r.streamK ? "more parts per tile would give more blocks"
                      : "smaller block tiles would give more blocks"));
  // With stream_k the blocks are one full wave whatever the tiles' waves.
  else if (r.waveEfficiency < 0.8 && !r.streamK)
    r.warnings.push_back(fmt(
        "{0} blocks fill {1} waves of {2} resident blocks ({3} SMs x {4}); "
        "the SMs are busy {5:P0} of the time (the last wave is partly empty)",
        r.ctas, r.waves, target->numSMs * r.ctasPerSM, target->numSMs,
        r.ctasPerSM, r.waveEfficiency));
  int64_t threads = r.resources.threads;
  if (r.bindingLimit == "registers") {
    int64_t fewer = target->registersPerSM /
                    ((r.ctasPerSM + 1) * warps * target->warpSize) / 8 * 8;
    if (fewer > 0)
      r.warnings.push_back(fmt(
          "registers bind occupancy: {0} per thread allow {1} blocks of {2} "
          "threads per SM; at {3} or fewer one more block would fit",
          w.registersPerThread, r.ctasPerSM, threads, fewer));
  }
  if (r.bindingLimit == "shared memory")
    r.warnings.push_back(fmt(
        "shared memory binds occupancy: {0} bytes per block allow {1} blocks "
        "per SM; at {2} bytes or fewer one more block would fit",
        r.resources.sharedBytes, r.ctasPerSM,
        target->sharedBytesPerSM / (r.ctasPerSM + 1)));
  if (r.resources.sharedBytes > target->sharedBytesPerBlockDefault)
    r.warnings.push_back(fmt(
        "{0} bytes of shared memory per block is above the {1}-byte default: "
        "the kernel needs the dynamic shared memory opt-in",
        r.resources.sharedBytes, target->sharedBytesPerBlockDefault));
  if (r.warpsPerSM < 8)
    r.warnings.push_back(fmt(
        "only {0} warps per SM (of {1}) to hide memory and pipeline latency",
        r.warpsPerSM, r.maxWarpsPerSM));
  if (spillBytes && *spillBytes > 0)
    r.warnings.push_back(fmt(
        "ptxas spills {0} bytes: the thread's accumulators and fragments do "
        "not fit in registers, and every spill is a local-memory access",
        *spillBytes));
  return r;
}

std::string mlir::tileopt::describeKernelArgument(const KernelArgument &arg) {
  if (arg.workspaceBytes)
    return "workspace (" + std::to_string(arg.workspaceBytes) + " bytes)";
  std::string text = arg.name.str();
  if (arg.packed)
    return text + " (tensor map of its " +
           (arg.part == CopyPart::Exact
                ? std::string()
                : stringifyCopyPart(arg.part).str() + " TF32 ") +
           (arg.transposed ? "transposed " : "") + "copy)";
  if (arg.rowGroups)
    return text + " (tensor map of its row groups)";
  if (arg.tensorMap)
    return text + " (tensor map)";
  if (arg.epilogueInput >= 0)
    return text + " (epilogue input)";
  return text;
}

void mlir::tileopt::printText(llvm::raw_ostream &os, const TileReport &r) {
  if (r.batch)
    os << "batch of " << r.batch
       << (r.broadcastA   ? " (one A for all) "
           : r.broadcastB ? " (one B for all) "
                          : " ");
  os << llvm::formatv("matmul {0} x {1} x {2} ({3}{4}{5}), ", r.m, r.n, r.k,
                      r.elementType,
                      r.layout.transposeA ? "; A stored K x M" : "",
                      r.layout.transposeB ? "; B stored N x K" : "");
  Attribute(r.config).print(os);
  os << ", chip " << (r.hasTarget ? r.chip : std::string("unknown")) << "\n";
  os << llvm::formatv(
      "  FLOPs: {0:E3} useful, {1:E3} executed: {2:F2}% padding "
      "(rows {3:E2}, columns {4:E2}, K {5:E2})\n",
      r.usefulFlops, r.executedFlops, r.wastePercent(), r.paddingRowsFlops,
      r.paddingColsFlops, r.paddingKFlops);
  if (r.epilogue)
    os << llvm::formatv(
        "  fused epilogue: {0}: {1} ops per element ({2:E3} FLOPs), inputs "
        "{3:F0} bytes; saves {4:F0} bytes of HBM traffic (C written and "
        "read back by a separate kernel)\n",
        r.epilogue->expression, r.epilogue->opsPerElement, r.epilogue->flops,
        r.epilogue->inputBytes, r.epilogue->savedBytes);
  os << llvm::formatv("  tiles: {0} full, {1} right edge, {2} bottom edge, "
                      "{3} corner\n",
                      r.fullTiles, r.rightEdgeTiles, r.bottomEdgeTiles,
                      r.cornerTiles);
  os << llvm::formatv("  one K step of one block: {0:F0} bytes staged, {1:F0} FLOPs: "
                      "{2:F2} FLOP/byte\n",
                      r.kStepBytes, r.kStepFlops, r.kStepFlopPerByte());
  if (int shared = getClusterSharedOperand(r.config); shared >= 0)
    os << llvm::formatv("  cluster: {0} blocks share {1}'s panels (multicast): "
                        "one fetches {2:F0} bytes per K step, {3:F2} "
                        "FLOP/byte\n",
                        r.config.getCluster(), shared == 0 ? "A" : "B",
                        r.kStepFetchedBytes,
                        r.kStepFlops / r.kStepFetchedBytes);
  if (r.waveFootprint) {
    int64_t group = r.config.getTileGroup();
    double panel = double(r.k) * r.elementBytes;
    os << llvm::formatv(
        "  tile order: {0}{1}; the first wave's {2} blocks span {3} tile "
        "rows x {4} columns: {5:F1} MiB of A's row panels and {6:F1} MiB "
        "of B's column panels\n",
        stringifyTileOrder(r.config.getSchedule().getOrder()),
        group ? llvm::formatv(" in bands of {0} tile {1}", group,
                              r.config.isOrderAlongM() ? "rows" : "columns")
                    .str()
              : std::string(),
        r.waveBlocks, r.waveFootprint->tileRows, r.waveFootprint->tileCols,
        r.waveFootprint->tileRows * r.config.getBM() * panel / (1 << 20),
        r.waveFootprint->tileCols * r.config.getBN() * panel / (1 << 20));
  }
  os << llvm::formatv("  whole kernel, no cache reuse: {0:E3} bytes: {1:F2} "
                      "FLOP/byte (naive one output per thread: {2:F2})\n",
                      r.kernelBytes, r.kernelFlopPerByte(),
                      r.naiveFlopPerByte);
  // TF32: A (registers = b: B) from registers, each thread's four
  // elements of each 64 x 8 chunk loaded once (and rounded or split
  // there); the instructions' M runs along C's rows (columns).
  if (WgmmaTileAttr wgmma = r.config.getWgmmaTile()) {
    bool swap = wgmma.isBInRegisters();
    int64_t alongM = r.config.getWarp()[swap],
            alongN = r.config.getWarp()[!swap];
    os << llvm::formatv(
        "  per warpgroup and {3} of k: {0} wgmma "
        "m{1}n{2}k{3}{4} {5}\n",
        (alongM / wgmma.getM()) * (alongN / wgmma.getN()) *
            (wgmma.getParts() == 2 ? 3 : 1),
        wgmma.getM(), wgmma.getN(), wgmma.getK(),
        wgmma.getParts() == 2 ? " (tf32x3: low x high, high x low, high x high)"
                              : "",
        wgmma.isTF32()
            ? llvm::formatv("with {1} from registers ({0} shared loads "
                            "per thread) and {2} from shared-memory "
                            "descriptors",
                            4 * alongM / wgmma.getM(), swap ? "B" : "A",
                            swap ? "A" : "B")
                  .str()
            : std::string("from shared-memory descriptors (no "
                          "per-thread shared loads)"));
  } else
    os << llvm::formatv("  per thread and k: {0} values from shared memory, "
                        "{1} FMAs ({2:F2} FMAs per value)\n",
                        r.smemValuesPerK, r.fmasPerK,
                        double(r.fmasPerK) / r.smemValuesPerK);
  os << llvm::formatv("  resources: {0} threads, {1} bytes shared memory ({2} "
                      "stage(s)), {3} accumulators, ~{4} registers per thread",
                      r.resources.threads, r.resources.sharedBytes,
                      r.config.getStages(), r.resources.accumulatorsPerThread,
                      r.resources.estimatedRegisters);
  if (r.ptxasRegisters)
    os << " (ptxas: " << *r.ptxasRegisters << ")";
  os << "\n";
  if (r.config.isWgmma()) {
    int64_t consumers = r.config.getConsumerWarpgroups();
    os << llvm::formatv("  warpgroups: {0} consumer(s) of {1} x {2}, ~{3} "
                        "registers per thread each",
                        consumers, r.config.getWarp()[0],
                        r.config.getWarp()[1], r.resources.estimatedRegisters);
    if (r.config.isWarpSpecialized())
      os << llvm::formatv("; a producer warpgroup: setmaxnreg {0} for the "
                          "producer, {1} for the consumers (65536 registers "
                          "per SM)",
                          kProducerRegisters, getConsumerRegisters(consumers));
    os << "\n";
  }
  if (r.shared) {
    os << "  shared memory (" << (r.shared->dynamic ? "dynamic" : "static")
       << "):";
    for (const SharedSlot &slot : r.shared->slots)
      os << " " << slot.name << " " << slot.bytes << " B at " << slot.offset
         << (slot.aliases ? " (over the stages, once they are idle)" : "")
         << ";";
    os << " mbarriers " << r.shared->barrierBytes << " B\n";
  }
  if (const std::optional<KernelPlan> &plan = r.plan) {
    auto copy = [&](const char *name, const OperandCopy &c) {
      os << name << " " << stringifyCopyKind(c.copier) << " ("
         << stringifyPanelLayout(c.layout);
      if (c.layout == PanelLayout::Swizzled128)
        os << ")";
      else if (c.copier == CopyKind::Tma)
        os << ", boxes)";
      else
        os << ", " << c.width << "-element vectors)";
    };
    // (A batch is the grid's z.)
    os << llvm::formatv("  plan: grid {0} x {1}{2}, block {3} x {4}; ",
                        plan->grid[0], plan->grid[1],
                        plan->grid[2] > 1
                            ? " x " + std::to_string(plan->grid[2])
                            : std::string(),
                        plan->block[0], plan->block[1]);
    copy("A", plan->copy[0]);
    // (registers = b: B rounded in registers, A truncated by the tensor
    // cores.)
    bool tf32 = plan->config.isTF32(), bInRegisters = plan->wgmma.bInRegisters;
    StringRef rounded = plan->config.getParts() == 2
                            ? ", split into TF32 parts in registers"
                            : ", rounded to TF32 in registers";
    StringRef ahead = plan->wgmma.prefetchA ? " a step ahead" : "";
    bool asStored = copiesAsStored(plan->config);
    const OperandLayout &layout = plan->problem.layout;
    os << (plan->restageA ? " re-staged K-major" : "")
       << (readsATransposedBoxes(plan->config, layout) ? " as stored (K x M)"
                                                       : "")
       << (!copiesA(plan->config, plan->problem.m, plan->problem.k, layout) ? ""
           : !layout.transposeA ? " from its copy"
           : asStored           ? " from its copy as stored (K x M)"
                                : " from its transposed copy")
       << (!tf32          ? ""
           : bInRegisters ? ", truncated to TF32"
                          : rounded)
       << (bInRegisters ? "" : ahead) << ", ";
    copy("B", plan->copy[1]);
    os << (bInRegisters ? rounded.str() + ahead.str() + " (C^T = B^T A^T)"
           : plan->config.isBTruncated() ? " as stored, truncated to TF32"
           : tf32 && layout.transposeB   ? " from its TF32 copy"
           : tf32                        ? " from its transposed TF32 copy"
           : !plan->config.getPackB()    ? ""
           : asStored && layout.transposeB
               ? " from pack_b's copy as stored (N x K)"
               : " from pack_b's copy")
       << "; " << stringifyKLoopKind(plan->loop) << " K loop of "
       << plan->stages << " stage(s); "
       << getInstructionTileTraits(plan->instructionTile).name << " tile; "
       << stringifyTileSchedulerKind(plan->scheduler) << " tiles; "
       << stringifyEpilogueKind(plan->epilogue) << " epilogue";
    if (plan->rowsPasses > 1)
      os << " in " << plan->rowsPasses
         << (plan->rowsAlongM ? " row chunks" : " column chunks");
    if (plan->addCAtStore)
      os << ", C added at the store";
    os << "\n  kernel arguments:";
    for (const KernelArgument &arg : plan->arguments)
      os << " " << describeKernelArgument(arg) << ";";
    os << "\n";
  } else if (!r.planError.empty()) {
    os << "  plan: none (" << r.planError << ")\n";
  }
  if (r.hasTarget) {
    os << "  blocks per SM by limit:";
    for (const TileReport::Limit &l : r.limits)
      os << " " << l.name << " " << l.blocks << ";";
    os << llvm::formatv(" resident {0} ({1} binds), {2} of {3} warps\n",
                        r.ctasPerSM, r.bindingLimit, r.warpsPerSM,
                        r.maxWarpsPerSM);
    os << llvm::formatv("  grid: {0} blocks on {1} SMs: {2:F2} waves at one "
                        "block per SM; {3} wave(s) at {4} per SM, {5:P0} "
                        "efficient\n",
                        r.ctas, r.numSMs, r.wavesOneCtaPerSM, r.waves,
                        r.ctasPerSM, r.waveEfficiency);
    if (r.streamK && r.streamK->split)
      os << llvm::formatv(
          "  split_tail: {0}: {1} tiles whole and {2} tail tile(s) in "
          "{3} parts of about {4} of their {5} K steps each, {6} first; "
          "workspace {7} bytes (a {8}-element partial sum and a flag per "
          "part)\n",
          r.streamK->persistent
              ? llvm::formatv("{0} units, looped over by a persistent grid "
                              "of {1} blocks",
                              r.streamK->blocks, r.streamK->grid)
                    .str()
              : llvm::formatv("{0} blocks", r.streamK->blocks).str(),
          r.streamK->dataParallelTiles,
          r.streamK->partialSlots() / r.streamK->split, r.streamK->split,
          r.streamK->stepsPerTile / r.streamK->split, r.streamK->stepsPerTile,
          r.streamK->partsFirst ? "the parts" : "the whole tiles",
          r.streamK->workspaceBytes, r.streamK->partialElements);
    else if (r.streamK)
      os << llvm::formatv(
          "  stream_k: {0} blocks share {1} K steps ({2} per tile), at most "
          "{3} tile(s) per block; workspace {4} bytes (a {5}-element partial "
          "sum and a flag per block)\n",
          r.streamK->blocks, r.streamK->steps, r.streamK->stepsPerTile,
          r.streamK->maxSegments, r.streamK->workspaceBytes,
          r.streamK->partialElements);
    if (r.pack) {
      os << llvm::formatv("  pack: {0} of the grid's {1} blocks copy",
                          r.pack->packers, r.pack->blocks);
      for (const PackedCopy &copy : r.pack->copies)
        os << llvm::formatv(
            "{0} {1}{2} ({3}) into {4}{5} rows of {6} "
            "elements at byte {7}",
            &copy == &r.pack->copies.front() ? "" : ",",
            copy.operand ? "B" : "A", copy.transposed ? " transposed" : "",
            stringifyCopyPart(copy.part),
            copy.batches > 1 ? std::to_string(copy.batches) + " x "
                             : std::string(),
            copy.rows, copy.pitch, copy.offset);
      os << llvm::formatv(" of a {0}-byte workspace, and every block waits "
                          "for them; {1} bytes read and written per launch\n",
                          r.workspaceBytes, r.packBytesMoved);
    }
  }
  if (r.hasFloors()) {
    os << llvm::formatv("  floors: {6} peak {0:F1} TFLOP/s ({1} SMs x {2} "
                        "FMA x 2 x {3:F2} GHz), memory {4:F2} TB/s: ridge "
                        "{5:F2} FLOP/byte\n",
                        r.peakFlopsPerSecond() / 1e12, r.numSMs,
                        r.floorsRate->fmasPerSMPerClock,
                        r.floorsTarget->boostClockHz / 1e9,
                        r.memoryBytesPerSecond() / 1e12, r.ridgeFlopPerByte(),
                        r.floorsRate->instruction == "wgmma"
                            ? "tensor-core " + r.floorsRate->operands.upper()
                            : std::string("FP32"));
    os << llvm::formatv("  time floors: {0:F1} us for the executed FLOPs at "
                        "the peak (useful ones: {1:F1} us",
                        1e6 * r.computeFloor(), 1e6 * r.usefulFloor());
    if (r.waveEfficiency > 0)
      os << llvm::formatv("; at the grid's wave efficiency: {0:F1} us",
                          1e6 * r.gridFloor());
    os << llvm::formatv("), {0:F1} us for the bytes without reuse: {1}-bound\n",
                        1e6 * r.memoryFloor(), r.bound());
    if (r.pack && r.waveEfficiency > 0)
      os << llvm::formatv("  pack floor: {0:F1} us for the copies' bytes, "
                          "before the first tile: {1:F1} us with the grid "
                          "floor\n",
                          1e6 * r.packFloor(),
                          1e6 * (r.packFloor() + r.gridFloor()));
  }
  for (const std::string &v : r.violations)
    os << "  VIOLATION: " << v << "\n";
  for (const std::string &w : r.warnings)
    os << "  warning: " << w << "\n";
}
