//===- Transforms.h - tile-opt rewrite entry points ---------------*- C++ -*-===//
//
// The rewrites behind the tile-opt passes, as functions another compiler can
// call without running the passes.
//
//===----------------------------------------------------------------------===//
#ifndef TILEOPT_TRANSFORMS_TRANSFORMS_H
#define TILEOPT_TRANSFORMS_TRANSFORMS_H

#include "TileOpt/Analysis/Target.h"
#include "TileOpt/Analysis/TuningFile.h"
#include "TileOpt/Dialect/TileDialect.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::tileopt {

/// Attaches its #tile.config to `matmul` (tensor or memref form): `config`,
/// or, if null, the entry of `tuning` (if given) for its problem on
/// `target`, else `strategy`'s default for its shape, once the matmul is one
/// tile-opt supports and the config fits the chip and the shape. Emits an
/// error at `matmul` and fails otherwise (nothing attached); a tuning entry
/// it cannot use is a warning, and the default decides. `precision`, when
/// given, is the precision the config must have (the default and tuning
/// entries are picked for it); otherwise the default and the tuning
/// entries are IEEE, and a given config keeps its own.
LogicalResult configureMatmul(linalg::MatmulOp matmul, ConfigAttr config,
                              Strategy strategy, const TargetInfo &target,
                              const TuningFile *tuning = nullptr,
                              std::optional<Precision> precision = {});

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

//===----------------------------------------------------------------------===//
// Tiled strategy
//===----------------------------------------------------------------------===//

/// Tiles the memref-form `matmul` (tiled `config`) with upstream
/// `scf::tileUsingSCF` into an `scf.forall` over BM x BN output tiles mapped
/// to [#gpu.block<y>, #gpu.block<x>] around an `scf.for` over K with step BK.
/// A zero `linalg.fill` of C right before it is folded away. The forall
/// carries `tile.config` and `tile.problem`.
FailureOr<scf::ForallOp> tileMatmulToBlocks(RewriterBase &rewriter,
                                            linalg::MatmulOp matmul,
                                            ConfigAttr config);

/// Stages the A and B operands of the matmul inside the block-tile `forall`
/// in BM x BK and BK x BN workgroup-memory buffers allocated at the top of the
/// forall body, copied in with `memref.copy` each K step.
LogicalResult promoteBlockTileOperands(RewriterBase &rewriter,
                                       scf::ForallOp forall);

/// Maps a promoted block-tile `forall` to a `gpu.launch` named `kernelName`:
/// grid from the forall, (BN/TN) x (BM/TM) threads, panel copies distributed
/// over the threads with zero fill outside the matrix, TM x TN register
/// accumulators carried by the K loop, predicated stores of C.
/// With stream_k, `target` (required) sizes the grid by its SMs.
FailureOr<gpu::LaunchOp> mapBlockTileToLaunch(RewriterBase &rewriter,
                                              scf::ForallOp forall,
                                              StringRef kernelName,
                                              const TargetInfo *target);

/// Inserts into `block` the barriers its workgroup-memory accesses need: one
/// between writes and the first read that follows them and, when `block` is
/// a loop body that both writes and reads workgroup memory, one at its end.
/// Returns the number of barriers inserted.
int insertWorkgroupBarriers(RewriterBase &rewriter, Block *block,
                            bool isLoopBody);

/// insertWorkgroupBarriers on the body of `launch` and on every loop body
/// in it that does not synchronise itself. Returns the number inserted.
int insertLaunchBarriers(RewriterBase &rewriter, gpu::LaunchOp launch);

} // namespace mlir::tileopt

#endif // TILEOPT_TRANSFORMS_TRANSFORMS_H
