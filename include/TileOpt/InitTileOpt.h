//===- InitTileOpt.h - Register everything tile-opt provides ------*- C++ -*-===//
//
// The calls another MLIR tool makes to embed tile-opt. registerTileOpt is
// the one that suffices: after it, `--tile-gpu-pipeline` runs from a
// `linalg.matmul` to a kernel artifact in a context made from the registry.
//
//===----------------------------------------------------------------------===//
#ifndef TILEOPT_INITTILEOPT_H
#define TILEOPT_INITTILEOPT_H

#include "mlir/IR/DialectRegistry.h"

namespace mlir::tileopt {

/// Adds the tile dialect to `registry`.
void registerTileOptDialects(DialectRegistry &registry);

/// Registers every tile-opt pass and pipeline with the global registry.
void registerTileOptPasses();

/// Adds to `registry` everything the pipeline needs besides its passes: the
/// tile dialect and every dialect the passes create ops of, the
/// `transform.tile.*` ops, the external
/// interface models they rely on (bufferization of tensors, the NVVM
/// target's serialization, the to-LLVM conversion interfaces) and the
/// translations to LLVM IR that serialization to PTX runs.
void registerTileOptDependencies(DialectRegistry &registry);

/// Everything: registerTileOptDependencies(registry) and
/// registerTileOptPasses(). The one call an embedder makes.
void registerTileOpt(DialectRegistry &registry);

} // namespace mlir::tileopt

#endif // TILEOPT_INITTILEOPT_H
