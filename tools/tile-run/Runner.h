//===- Runner.h - Check and time one kernel against cuBLAS --------*- C++ -*-===//
//
// Runs the kernels of an artifact on the GPU: checks each against cuBLAS
// (FP32, TF32 off) and an FP64 cuBLAS reference, and times it beside cuBLAS
// SGEMM in the same process.
//
//===----------------------------------------------------------------------===//
#ifndef TILERUN_RUNNER_H
#define TILERUN_RUNNER_H

#include "Json.h"
#include "Manifest.h"
#include "Npy.h"
#include "Stats.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tilerun {

/// Exit codes of tile-run.
enum ExitCode : int {
  kExitPass = 0,
  kExitCheckFailed = 1,
  kExitUsage = 2,       ///< bad command line or bad artifact
  kExitCudaError = 3,   ///< a CUDA/cuBLAS call or the kernel failed
  kExitNoDevice = 77,   ///< no driver or no GPU (ctest: skipped)
};

struct RunOptions {
  std::string dir;
  std::string kernel; ///< empty: every kernel of the artifact
  bool check = true;
  bool bench = false;
  bool reference = true; ///< run cuBLAS (FP32 and FP64) at all
  uint64_t seed = 1;
  int warmup = 10;
  int iters = 100;
  int device = 0;
  std::string jsonPath;
  /// --input NAME=FILE (.npy) and --output FILE (.npy of C after the check
  /// run); `user` holds the inputs once read (runArtifact).
  std::vector<std::string> inputs;
  std::string outputPath;
  UserInputs user;
};

/// Runs every selected kernel; prints the human table to stdout and writes
/// `options.jsonPath` when set. Returns an ExitCode.
int runArtifact(const RunOptions &options);

} // namespace tilerun

#endif // TILERUN_RUNNER_H
