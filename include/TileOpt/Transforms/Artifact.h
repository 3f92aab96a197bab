//===- Artifact.h - Kernel artifact helpers -----------------------*- C++ -*-===//
//
// Pieces of the kernel artifact writer that are useful on their own: finding
// and running ptxas, and parsing its `-v` resource report.
//
//===----------------------------------------------------------------------===//
#ifndef TILEOPT_TRANSFORMS_ARTIFACT_H
#define TILEOPT_TRANSFORMS_ARTIFACT_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/SmallString.h"
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

/// Why `target` (absolute, without dots) may not receive an artifact, or
/// nullopt: it is the working directory or an ancestor of it, a symbolic
/// link, not a directory, or a directory that is neither empty nor a
/// tile-opt artifact holding only the files its manifest names.
std::optional<std::string> findArtifactDirViolation(StringRef target);

/// A private staging directory beside an artifact's target, renamed into
/// place by commit() and removed otherwise (on destruction, and on a crash
/// or interrupt of the process).
class ArtifactStaging {
public:
  /// Checks `target` (findArtifactDirViolation) and creates the staging
  /// directory, or sets `error`.
  static FailureOr<ArtifactStaging> create(StringRef target,
                                           std::string &error);
  ArtifactStaging(ArtifactStaging &&other);
  ArtifactStaging &operator=(ArtifactStaging &&) = delete;
  ~ArtifactStaging();

  /// Where the artifact's files are written.
  StringRef getDir() const { return dir; }

  /// Replaces the target with the staging directory (the old artifact is
  /// kept if that fails), or sets `error`.
  LogicalResult commit(std::string &error);

private:
  ArtifactStaging() = default;
  std::string target;
  SmallString<256> dir;
};

} // namespace mlir::tileopt

#endif // TILEOPT_TRANSFORMS_ARTIFACT_H
