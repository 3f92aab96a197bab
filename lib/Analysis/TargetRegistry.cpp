//===- TargetRegistry.cpp - The chips tile-opt knows --------------------===//
//
// The built-in descriptions (sm_80, sm_90, sm_90a) and those an embedder
// registers (registerTarget), which take precedence: lookupTarget and
// therefore every chip= option, the config check and the report see them.
//
//===----------------------------------------------------------------------===//
#include "TileOpt/Analysis/Target.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <list>
#include <mutex>
#include <vector>

using namespace mlir;
using namespace mlir::tileopt;

// The FP32 CUDA-core FMA rates of the programming guide's throughput
// table: 64 per SM per cycle on sm_80, 128 on sm_90.
static const InstructionTileRate kAmpereTiles[] = {{"fma", "f32", 64}};
static const InstructionTileRate kHopperTiles[] = {{"fma", "f32", 128}};
// sm_90a adds wgmma: dense f16 and bf16 at 2048 multiply-adds per SM per
// cycle (989 TFLOP/s on an H100 SXM at 1.83 GHz; the programming guide's
// table, 4 tensor cores of 512); tf32 at half that (495 TFLOP/s).
static const InstructionTileRate kHopperArchTiles[] = {{"fma", "f32", 128},
                                                       {"wgmma", "f16", 2048},
                                                       {"wgmma", "bf16", 2048},
                                                       {"wgmma", "tf32", 1024}};

static const TargetInfo kTargets[] = {
    // chip, cc, ptx, warp, thr/blk, thr/SM, blk/SM, smem default, smem opt-in,
    // smem/SM, regs/SM, regs/blk, regs/thread, SMs, boost clock, memory
    // bandwidth, instruction tiles
    {"sm_80", 80, "+ptx80", 32, 1024, 2048, 32, 48 * 1024, 163 * 1024,
     164 * 1024, 65536, 65536, 255, 108, 1.41e9, 2.039e12, kAmpereTiles},
    {"sm_90", 90, "+ptx80", 32, 1024, 2048, 32, 48 * 1024, 227 * 1024,
     228 * 1024, 65536, 65536, 255, 132, 1.98e9, 4.8e12, kHopperTiles},
    {"sm_90a", 90, "+ptx80", 32, 1024, 2048, 32, 48 * 1024, 227 * 1024,
     228 * 1024, 65536, 65536, 255, 132, 1.98e9, 4.8e12, kHopperArchTiles},
};


namespace {
/// A registered description with the strings and the instruction tiles its
/// TargetInfo refers to, owned.
struct RegisteredTarget {
  std::string chip, ptxFeatures;
  std::list<std::string> names;
  std::vector<InstructionTileRate> tiles;
  TargetInfo info;
};
} // namespace

/// The registered descriptions, newest first (std::list: their addresses
/// stay put), and the lock that guards them.
static std::list<RegisteredTarget> &getRegisteredTargets() {
  static std::list<RegisteredTarget> targets;
  return targets;
}
static std::mutex registryMutex;

void mlir::tileopt::registerTarget(const TargetInfo &info) {
  std::lock_guard<std::mutex> lock(registryMutex);
  std::list<RegisteredTarget> &targets = getRegisteredTargets();
  RegisteredTarget &entry = targets.emplace_front();
  entry.chip = info.chip.str();
  entry.ptxFeatures = info.ptxFeatures.str();
  for (const InstructionTileRate &rate : info.instructionTiles) {
    StringRef instruction = entry.names.emplace_back(rate.instruction.str());
    StringRef operands = entry.names.emplace_back(rate.operands.str());
    entry.tiles.push_back({instruction, operands, rate.fmasPerSMPerClock});
  }
  entry.info = info;
  entry.info.chip = entry.chip;
  entry.info.ptxFeatures = entry.ptxFeatures;
  entry.info.instructionTiles = entry.tiles;
}

std::optional<TargetInfo> mlir::tileopt::lookupTarget(StringRef chip) {
  {
    std::lock_guard<std::mutex> lock(registryMutex);
    for (const RegisteredTarget &t : getRegisteredTargets())
      if (t.info.chip == chip)
        return t.info;
  }
  for (const TargetInfo &t : kTargets)
    if (t.chip == chip)
      return t;
  return std::nullopt;
}

std::string mlir::tileopt::knownTargetsList() {
  std::vector<std::string> chips;
  for (const TargetInfo &t : kTargets)
    chips.push_back(t.chip.str());
  std::lock_guard<std::mutex> lock(registryMutex);
  for (const RegisteredTarget &t : llvm::reverse(getRegisteredTargets()))
    if (!llvm::is_contained(chips, t.chip))
      chips.push_back(t.chip);
  return llvm::join(chips, ", ");
}
