//===- Artifact.h - Kernel artifact helpers -----------------------*- C++ -*-===//
//
// Pieces of the kernel artifact writer that are useful on their own: finding
// and running ptxas, and parsing its `-v` resource report.
//
//===----------------------------------------------------------------------===//
#ifndef TILEOPT_TRANSFORMS_ARTIFACT_H
#define TILEOPT_TRANSFORMS_ARTIFACT_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>

namespace mlir::tileopt {

/// Version of the manifest schema written by --tile-export-artifact
/// (docs/manifest.md). Bump on any incompatible change.
inline constexpr int kManifestVersion = 1;

/// Resource usage of one kernel as reported by `ptxas -v`.
struct PtxasResources {
  int64_t registers = 0;
  int64_t barriers = 0;
  int64_t sharedBytes = 0;
  int64_t constBytes = 0;
  int64_t stackBytes = 0;
  int64_t spillStoreBytes = 0;
  int64_t spillLoadBytes = 0;
};

/// Parses the `ptxas -v` report of the entry `kernel`; nullopt when the
/// report has no "Used N registers" line for it.
std::optional<PtxasResources> parsePtxasReport(StringRef report,
                                               StringRef kernel);

/// Resolves the `ptxas` option: "none" gives "", "auto" gives the ptxas found
/// at configure time, under /usr/local/cuda/bin or on PATH (or ""), a path is
/// returned if it is executable. Fails only for a path that is not.
FailureOr<std::string> resolvePtxas(StringRef option);

} // namespace mlir::tileopt

#endif // TILEOPT_TRANSFORMS_ARTIFACT_H
