//===- InitTileOpt.h - Register everything tile-opt provides ------*- C++ -*-===//
//
// The calls another MLIR tool makes to embed tile-opt: the tile dialect, the
// passes and the pipelines.
//
//===----------------------------------------------------------------------===//
#ifndef TILEOPT_INITTILEOPT_H
#define TILEOPT_INITTILEOPT_H

#include "TileOpt/Dialect/TileDialect.h"
#include "TileOpt/Pipelines/Pipelines.h"
#include "TileOpt/Transforms/Passes.h"
#include "mlir/IR/DialectRegistry.h"

namespace mlir::tileopt {

/// Adds the tile dialect to `registry`.
inline void registerTileOptDialects(DialectRegistry &registry) {
  registry.insert<TileDialect>();
}

/// Registers every tile-opt pass and pipeline with the global registry.
inline void registerTileOptPasses() {
  registerTileOptTransformsPasses();
  registerTileOptPipelines();
}

} // namespace mlir::tileopt

#endif // TILEOPT_INITTILEOPT_H
