//===- Transforms.h - tile-opt rewrite entry points ---------------*- C++ -*-===//
//
// The rewrites behind the tile-opt passes, as functions another compiler can
// call without running the passes.
//
//===----------------------------------------------------------------------===//
#ifndef TILEOPT_TRANSFORMS_TRANSFORMS_H
#define TILEOPT_TRANSFORMS_TRANSFORMS_H

#include "TileOpt/Dialect/TileDialect.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::tile {

/// Replaces the memref-form `matmul` by a `gpu.launch` (named `kernelName`,
/// in module `<kernelName>_module`) in which each thread computes one element
/// of C, following the naive `config`. A zero `linalg.fill` of C directly
/// before the matmul is folded into the kernel. The launch carries
/// `tile.config` and `tile.problem`. Emits an error at `matmul` and fails when
/// the matmul is not a supported static f32 memref matmul.
FailureOr<gpu::LaunchOp> mapMatmulToNaiveLaunch(RewriterBase &rewriter,
                                                linalg::MatmulOp matmul,
                                                ConfigAttr config,
                                                StringRef kernelName);

} // namespace mlir::tile

#endif // TILEOPT_TRANSFORMS_TRANSFORMS_H
