//===- KernelBody.h - The parts of a tiled kernel, put together -*- C++ -*-===//
//
// Emits the per-thread code of one tiled kernel from its plan: the
// instruction tile's thread layout, the epilogue's bounds and accumulator
// start, the K-loop schedule the plan names over the copier it names, and,
// after the loop, the tile scheduler's epilogue.
//
//===----------------------------------------------------------------------===//
#ifndef TILEOPT_CODEGEN_KERNELBODY_H
#define TILEOPT_CODEGEN_KERNELBODY_H

#include "TileOpt/Codegen/TileScheduler.h"

namespace mlir::tileopt {

/// Emits the kernel body into the launch around the promoted K loop
/// `kLoop` (which goes away) for the tile (`tileRow`, `tileCol`) that
/// `scheduler` placed; `tensorMaps` are A's and B's (TMA), `restaged` the
/// re-staged panels of A and B (a = restaged, b = restaged; null without).
LogicalResult emitKernelBody(KernelContext &ctx, TileScheduler &scheduler,
                             gpu::KernelDim3 threadIds, Value tileRow,
                             Value tileCol, scf::ForOp kLoop,
                             ArrayRef<Value> tensorMaps,
                             ArrayRef<Value> restaged);

} // namespace mlir::tileopt

#endif // TILEOPT_CODEGEN_KERNELBODY_H
