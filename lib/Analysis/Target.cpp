//===- Target.cpp - GPU target descriptions and config checks -----------===//
//
// The table of chips tile-opt knows and `checkConfigAgainstTarget`, the single
// place where a tiling config meets the limits of the hardware.
//
//===----------------------------------------------------------------------===//
#include "TileOpt/Analysis/Target.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::tileopt;

static const TargetInfo kTargets[] = {
    // chip, cc, ptx, warp, thr/blk, thr/SM, blk/SM, smem default, smem opt-in,
    // smem/SM, regs/SM, regs/blk, regs/thread, SMs
    {"sm_80", 80, "+ptx80", 32, 1024, 2048, 32, 48 * 1024, 163 * 1024,
     164 * 1024, 65536, 65536, 255, 108},
    {"sm_90", 90, "+ptx80", 32, 1024, 2048, 32, 48 * 1024, 227 * 1024,
     228 * 1024, 65536, 65536, 255, 132},
    {"sm_90a", 90, "+ptx80", 32, 1024, 2048, 32, 48 * 1024, 227 * 1024,
     228 * 1024, 65536, 65536, 255, 132},
};

std::optional<TargetInfo> mlir::tileopt::lookupTarget(StringRef chip) {
  for (const TargetInfo &t : kTargets)
    if (t.chip == chip)
      return t;
  return std::nullopt;
}

std::string mlir::tileopt::knownTargetsList() {
  return llvm::join(llvm::map_range(kTargets,
                                    [](const TargetInfo &t) {
                                      return t.chip.str();
                                    }),
                    ", ");
}

ConfigResources mlir::tileopt::estimateResources(ConfigAttr config,
                                              Type elementType) {
  ConfigResources r;
  int64_t elemBytes = (elementType.getIntOrFloatBitWidth() + 7) / 8;
  r.threads = config.getNumThreads();
  if (config.getStrategy() == Strategy::Tiled)
    // A is staged K-major (BK x BM), B as is (BK x BN); each row padded.
    r.sharedBytes = config.getBK() *
                    (config.getBM() + config.getBN() + 2 * config.getPad()) *
                    elemBytes * config.getStages();
  r.accumulatorsPerThread = config.getTM() * config.getTN();
  // Accumulators, one K step's A and B fragments, and about 24 registers of
  // addressing, loop and predicate state (what ptxas reports for the naive
  // kernel).
  r.estimatedRegisters =
      r.accumulatorsPerThread + config.getTM() + config.getTN() + 24;
  return r;
}

LogicalResult mlir::tileopt::checkConfigAgainstTarget(
    ConfigAttr config, const TargetInfo &target, Type elementType,
    function_ref<InFlightDiagnostic()> emitError) {
  ConfigResources r = estimateResources(config, elementType);
  if (r.threads > target.maxThreadsPerBlock)
    return emitError() << "config needs " << r.threads
                       << " threads per block (" << config.getThreadsY()
                       << " x " << config.getThreadsX() << "), but "
                       << target.chip << " allows at most "
                       << target.maxThreadsPerBlock;
  if (r.sharedBytes > target.sharedBytesPerBlockOptIn)
    return emitError() << "config needs " << r.sharedBytes
                       << " bytes of shared memory per block, but "
                       << target.chip << " allows at most "
                       << target.sharedBytesPerBlockOptIn;
  if (r.estimatedRegisters > target.maxRegistersPerThread)
    return emitError() << "config needs about " << r.estimatedRegisters
                       << " registers per thread (" << r.accumulatorsPerThread
                       << " accumulators), but " << target.chip
                       << " allows at most " << target.maxRegistersPerThread;
  if (r.estimatedRegisters * r.threads > target.registersPerBlock)
    return emitError() << "config needs about "
                       << r.estimatedRegisters * r.threads
                       << " registers per block, but " << target.chip
                       << " has " << target.registersPerBlock;
  return success();
}
