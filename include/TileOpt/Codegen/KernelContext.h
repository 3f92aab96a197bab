//===- KernelContext.h - The emission context of one tiled kernel -*- C++ -*-===//
//
// What every part of a kernel reads while it emits: the const plan and the
// few values the kernel driver makes once (thread index, tile origin, panel
// buffers, the global operands). Parts keep their own state; nothing here
// is set from outside after the driver fills it.
//
//===----------------------------------------------------------------------===//
#ifndef TILEOPT_CODEGEN_KERNELCONTEXT_H
#define TILEOPT_CODEGEN_KERNELCONTEXT_H

#include "TileOpt/Codegen/EmitUtils.h"
#include "TileOpt/Codegen/KernelPlan.h"

namespace mlir::tileopt {

struct KernelContext {
  RewriterBase &rewriter;
  Location loc;
  const KernelPlan &plan;
  /// The block's linear thread index.
  Value tid;
  /// The current output tile's first row and column.
  Value rowOrigin, colOrigin;
  /// The A and B panel buffers in shared memory.
  Value panels[2];
  /// A and B as the kernel reads them (not through a tensor map), C, and
  /// the current tile's view of C.
  Value globalA, globalB, globalC, cView;
  /// A batched problem's batch of the current tile (blockIdx.z, or the
  /// persistent tile's; null when not batched): TMA boxes take it as their
  /// outermost coordinate, and globalA, globalB and globalC are that
  /// batch's views.
  Value batchIndex;
  /// The fused epilogue's input buffers (the plan's problem's epilogue).
  SmallVector<Value> epilogueInputs;

  IndexBuilder ib() { return IndexBuilder{rewriter, loc}; }
  Type elementType() const { return plan.problem.elementType; }
  ConfigAttr config() const { return plan.config; }
};

/// Where an instruction tile reads one operand in the current K step: a
/// shared-memory buffer and the stage index into it (null: no stages).
struct OperandSource {
  Value buffer, stage;
};

} // namespace mlir::tileopt

#endif // TILEOPT_CODEGEN_KERNELCONTEXT_H
