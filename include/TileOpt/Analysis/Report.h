//===- Report.h - Reuse, intensity and capacity of a tiling config -*- C++ -*-===//
//
// The tiling report: what one config does with one matmul on one chip,
// computed from the same config, problem and target description the passes
// use. FLOPs useful vs executed (padding by edge), bytes and FLOP/byte per K
// step, per kernel and for the naive schedule, register-level reuse,
// resources, occupancy with its binding limit, waves, and warnings at the
// capacity cliffs. `--tile-report` prints it; the artifact manifest carries
// it.
//
//===----------------------------------------------------------------------===//
#ifndef TILEOPT_ANALYSIS_REPORT_H
#define TILEOPT_ANALYSIS_REPORT_H

#include "TileOpt/Analysis/Target.h"
#include "TileOpt/Codegen/KernelPlan.h"
#include "TileOpt/Dialect/TileDialect.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>
#include <vector>

namespace mlir::tileopt {

struct TileReport {
  // Problem.
  int64_t m = 0, n = 0, k = 0;
  /// A batched matmul's batch count (0: not batched); the FLOPs, bytes,
  /// tiles and waves below count every batch.
  int64_t batch = 0;
  /// Whether one A or one B serves every batch
  /// (MatmulProblem::broadcastA, broadcastB).
  bool broadcastA = false, broadcastB = false;
  std::string elementType;
  int64_t elementBytes = 0;
  OperandLayout layout;
  ConfigAttr config;
  std::string chip; ///< empty when unknown

  // FLOPs.
  double usefulFlops = 0, executedFlops = 0;
  double paddingRowsFlops = 0, paddingColsFlops = 0, paddingKFlops = 0;
  int64_t fullTiles = 0, rightEdgeTiles = 0, bottomEdgeTiles = 0,
          cornerTiles = 0;

  // Data movement and intensity.
  double kStepBytes = 0, kStepFlops = 0;      ///< one CTA, one K step
  /// cluster = 2: the bytes one block fetches per K step (its share of the
  /// shared operand, the other operand whole); kStepBytes otherwise.
  double kStepFetchedBytes = 0;
  double kernelBytes = 0;                     ///< all CTAs, panels once + C
  double naiveFlopPerByte = 0;                ///< one output per thread
  int64_t smemValuesPerK = 0, fmasPerK = 0;   ///< one thread, one k

  /// A fused epilogue: its expression, arithmetic ops per element and
  /// their FLOPs, the bytes of its inputs (each read once), and the HBM
  /// traffic fusing it saves: C written by the matmul and read back by a
  /// separate elementwise kernel (2 x M x N x C's bytes).
  struct EpilogueFigures {
    std::string expression;
    int64_t opsPerElement = 0;
    double flops = 0, inputBytes = 0, savedBytes = 0;
  };
  std::optional<EpilogueFigures> epilogue;

  // Resources.
  ConfigResources resources;
  /// The tiled kernel's shared-memory slots (the KernelPlan's layout).
  std::optional<SharedMemoryLayout> shared;
  /// The tiled kernel's plan (with a known chip where stream_k or pack_b
  /// need one); `planError` says why there is none.
  std::optional<KernelPlan> plan;
  std::string planError;
  std::optional<int64_t> ptxasRegisters;
  std::optional<int64_t> spillBytes;

  // Occupancy and waves (only with a known chip).
  bool hasTarget = false;
  int64_t numSMs = 0;
  struct Limit {
    std::string name;
    int64_t blocks;
  };
  std::vector<Limit> limits;   ///< resident blocks per SM by each limit
  int64_t ctasPerSM = 0;
  std::string bindingLimit;
  int64_t warpsPerSM = 0, maxWarpsPerSM = 0;
  int64_t ctas = 0, waves = 0;
  double wavesOneCtaPerSM = 0, waveEfficiency = 0;
  /// The tiles of the first wave (a known chip, whole-tile schedulers):
  /// its blocks and the tile rows and columns it touches.
  int64_t waveBlocks = 0;
  std::optional<WaveFootprint> waveFootprint;
  /// stream_k (with a known chip): the grid, K steps and workspace.
  std::optional<StreamKPlan> streamK;
  /// pack_b (with a known chip): B's copy in the workspace, the whole
  /// workspace's bytes and the bytes the copy reads and writes per launch.
  std::optional<PackPlan> pack;
  int64_t workspaceBytes = 0, packBytesMoved = 0;
  /// Floors (a known chip that lists the kernel's instruction tile for the
  /// element type): the chip, whose memory bandwidth bounds the kernel, and
  /// the tile's rate, whose peak does; none otherwise.
  std::optional<TargetInfo> floorsTarget;
  std::optional<InstructionTileRate> floorsRate;

  std::vector<std::string> violations; ///< limits of the chip the config breaks
  std::vector<std::string> warnings;   ///< capacity cliffs, in words

  double kStepFlopPerByte() const { return kStepFlops / kStepBytes; }
  double kernelFlopPerByte() const { return usefulFlops / kernelBytes; }
  double wastePercent() const {
    return 100.0 * (executedFlops - usefulFlops) / usefulFlops;
  }
  bool hasFloors() const { return floorsTarget.has_value(); }
  double peakFlopsPerSecond() const {
    return floorsTarget->peakFlopsPerSecond(*floorsRate);
  }
  double memoryBytesPerSecond() const {
    return floorsTarget->memoryBytesPerSecond;
  }
  /// Seconds for the executed (useful) FLOPs at the peak.
  double computeFloor() const { return executedFlops / peakFlopsPerSecond(); }
  double usefulFloor() const { return usefulFlops / peakFlopsPerSecond(); }
  /// The executed FLOPs at the peak over the SMs the grid keeps busy: the
  /// compute floor divided by the wave efficiency (stream_k: one balanced
  /// wave).
  double gridFloor() const {
    return streamK ? computeFloor() : computeFloor() / waveEfficiency;
  }
  /// Seconds for the kernel's bytes without reuse at the memory bandwidth.
  double memoryFloor() const { return kernelBytes / memoryBytesPerSecond(); }
  /// Seconds for the grid prologue's bytes (the operand copies, read and
  /// written) at the memory bandwidth: no tile starts before it ends, so
  /// it adds to the tiles' floors.
  double packFloor() const {
    return double(packBytesMoved) / memoryBytesPerSecond();
  }
  /// FLOP/byte above which the peak, not the bandwidth, bounds the kernel.
  double ridgeFlopPerByte() const {
    return peakFlopsPerSecond() / memoryBytesPerSecond();
  }
  const char *bound() const {
    return kernelFlopPerByte() >= ridgeFlopPerByte() ? "compute" : "memory";
  }
};

/// Computes the report of `config` on `problem` for `target` (null:
/// unknown chip, target-dependent parts left out). When `ptxasRegisters` is
/// given, occupancy uses it instead of the estimate.
TileReport computeTileReport(const MatmulProblem &problem, ConfigAttr config,
                             StringRef chip, const TargetInfo *target,
                             std::optional<int64_t> ptxasRegisters = {},
                             std::optional<int64_t> spillBytes = {});

/// The report as JSON (schema: docs/report.md).
llvm::json::Value toJson(const TileReport &report);

/// The report as text a learner can read.
void printText(llvm::raw_ostream &os, const TileReport &report);
/// "A", "A (tensor map)", "workspace (N bytes)", ... for argument `arg`.
std::string describeKernelArgument(const KernelArgument &arg);

} // namespace mlir::tileopt

#endif // TILEOPT_ANALYSIS_REPORT_H
