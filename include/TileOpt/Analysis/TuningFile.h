//===- TuningFile.h - Configs measured best, per problem and chip -*- C++ -*-===//
//
// A tuning file (docs/tuning.md) lists, per matmul problem and chip, the
// #tile.config a tuner measured best. --tile-configure's `tuning-file=` takes
// the entry of a matmul's problem before the default heuristic; an entry it
// cannot use (another chip, a config the checks refuse) gets a warning at
// the matmul and the heuristic decides.
//
//===----------------------------------------------------------------------===//
#ifndef TILEOPT_ANALYSIS_TUNINGFILE_H
#define TILEOPT_ANALYSIS_TUNINGFILE_H

#include "TileOpt/Analysis/MatmulProblem.h"
#include "mlir/Support/LLVM.h"

#include <string>
#include <vector>

namespace mlir::tileopt {

/// One entry: the config (as tile-opt prints it) for a problem on a chip.
struct TuningEntry {
  std::string chip;
  int64_t m = 0, n = 0, k = 0;
  std::string type, cType; ///< A's and B's element type, C's ("f32", "f16")
  bool accumulate = false; ///< C += A * B
  int64_t batch = 0;       ///< a batched matmul's batch count, else 0
  std::string config;
};

/// The version of the format readTuningFile reads.
inline constexpr int64_t kTuningFileVersion = 1;

struct TuningFile {
  std::string path;
  std::vector<TuningEntry> entries;

  /// The entries for `problem`, on any chip, in file order.
  SmallVector<const TuningEntry *> find(const MatmulProblem &problem) const;
};

/// Reads and checks the tuning file at `path`; on failure returns false
/// with `error` naming the file and what is wrong (with the entry's index).
bool readTuningFile(StringRef path, TuningFile &out, std::string &error);

} // namespace mlir::tileopt

#endif // TILEOPT_ANALYSIS_TUNINGFILE_H
