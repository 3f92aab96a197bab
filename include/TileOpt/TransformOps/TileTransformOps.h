//===- TileTransformOps.h - tile-opt's transform ops --------------*- C++ -*-===//
//
// `transform.tile.*`: the pipeline's steps as transform-dialect ops
// (TileTransformOps.td), and the extension that registers them.
//
//===----------------------------------------------------------------------===//
#ifndef TILEOPT_TRANSFORMOPS_TILETRANSFORMOPS_H
#define TILEOPT_TRANSFORMOPS_TILETRANSFORMOPS_H

#include "TileOpt/Dialect/TileDialect.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Transform/IR/TransformDialect.h"
#include "mlir/Dialect/Transform/Interfaces/TransformInterfaces.h"
#include "mlir/IR/OpDefinition.h"

#define GET_OP_CLASSES
#include "TileOpt/TransformOps/TileTransformOps.h.inc"

namespace mlir::tileopt {

/// Adds the `transform.tile.*` ops to the transform dialect of contexts
/// made from `registry`.
void registerTransformDialectExtension(DialectRegistry &registry);

} // namespace mlir::tileopt

#endif // TILEOPT_TRANSFORMOPS_TILETRANSFORMOPS_H
