//===- ManifestJson.h - One kernel's entry of manifest.json ------*- C++ -*-===//
//
// What --tile-export-artifact writes for each kernel in manifest.json, the
// versioned contract with tile-run (docs/manifest.md).
//
//===----------------------------------------------------------------------===//
#ifndef TILEOPT_TRANSFORMS_MANIFESTJSON_H
#define TILEOPT_TRANSFORMS_MANIFESTJSON_H

#include "TileOpt/Analysis/MatmulProblem.h"
#include "TileOpt/Dialect/TileDialect.h"
#include "TileOpt/Transforms/Artifact.h"

#include "llvm/Support/JSON.h"

namespace mlir::tileopt {

/// Everything the manifest says about one kernel.
struct KernelRecord {
  std::string name;
  /// The function the matmul was in (the kernel's name is a PTX identifier
  /// derived from it).
  std::string function;
  std::string chip, features;
  std::string ptx;
  MatmulProblem problem;
  ConfigAttr config;
  int64_t grid[3], block[3];
  int64_t dynamicSharedBytes = 0;
  std::optional<PtxasResources> resources;
  bool hasCubin = false;
};

/// The kernel's manifest entry.
llvm::json::Value kernelToJson(const KernelRecord &k);

} // namespace mlir::tileopt

#endif // TILEOPT_TRANSFORMS_MANIFESTJSON_H
