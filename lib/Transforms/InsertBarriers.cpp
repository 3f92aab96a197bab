//===- InsertBarriers.cpp - Barriers for workgroup memory reuse ----------===//
//
// Implements --tile-insert-barriers and `insertWorkgroupBarriers`: in a block
// that writes workgroup memory and then reads it, one barrier between the
// writes and the first read (read-after-write across threads); in a loop body
// that both reads and writes it, one at the end (write-after-read against the
// next iteration).
//
//===----------------------------------------------------------------------===//
#include "TileOpt/Transforms/KernelUtils.h"
#include "TileOpt/Transforms/Passes.h"
#include "TileOpt/Transforms/Transforms.h"

#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::tileopt {
#define GEN_PASS_DEF_INSERTBARRIERSPASS
#include "TileOpt/Transforms/Passes.h.inc"
} // namespace mlir::tileopt

using namespace mlir;
using namespace mlir::tileopt;

namespace {
struct WorkgroupAccess {
  bool reads = false, writes = false;
};
} // namespace

/// How `op` and everything nested in it touch workgroup memory.
static WorkgroupAccess getWorkgroupAccess(Operation *op) {
  WorkgroupAccess access;
  op->walk([&](Operation *nested) {
    // Asynchronous copies (cp.async, TMA) complete at the wait of the
    // pipeline that issues them, which places its own barrier after the wait.
    if (isa<nvgpu::DeviceAsyncCopyOp, nvgpu::TmaAsyncLoadOp>(nested))
      return;
    auto iface = dyn_cast<MemoryEffectOpInterface>(nested);
    if (!iface)
      return;
    SmallVector<MemoryEffects::EffectInstance> effects;
    iface.getEffects(effects);
    for (const MemoryEffects::EffectInstance &effect : effects) {
      Value value = effect.getValue();
      if (!value || !isWorkgroupMemRef(value.getType()))
        continue;
      if (isa<MemoryEffects::Read>(effect.getEffect()))
        access.reads = true;
      if (isa<MemoryEffects::Write>(effect.getEffect()))
        access.writes = true;
    }
  });
  return access;
}

int mlir::tileopt::insertWorkgroupBarriers(RewriterBase &rewriter,
                                           Block *body, bool isLoopBody) {
  int inserted = 0;
  bool pendingWrites = false, anyRead = false, anyWrite = false;
  Operation *previous = nullptr;
  for (Operation &op : llvm::make_early_inc_range(body->without_terminator())) {
    if (isa<gpu::BarrierOp>(op)) {
      pendingWrites = false;
      previous = &op;
      continue;
    }
    WorkgroupAccess access = getWorkgroupAccess(&op);
    if (access.reads && pendingWrites) {
      rewriter.setInsertionPoint(&op);
      gpu::BarrierOp::create(rewriter, op.getLoc());
      ++inserted;
      pendingWrites = false;
    }
    pendingWrites |= access.writes;
    anyRead |= access.reads;
    anyWrite |= access.writes;
    previous = &op;
  }
  // The next iteration overwrites what this one read.
  if (isLoopBody && anyRead && anyWrite &&
      !isa_and_nonnull<gpu::BarrierOp>(previous)) {
    rewriter.setInsertionPoint(body->getTerminator());
    gpu::BarrierOp::create(rewriter, body->getTerminator()->getLoc());
    ++inserted;
  }
  return inserted;
}

int mlir::tileopt::insertLaunchBarriers(RewriterBase &rewriter,
                                        gpu::LaunchOp launch) {
  // The kernel body itself (a prologue that fills panels before the loop
  // that reads them), then every loop.
  int inserted = insertWorkgroupBarriers(rewriter, &launch.getBody().front(),
                                         /*isLoopBody=*/false);
  launch.getBody().walk([&](scf::ForOp loop) {
    if (!loop->hasAttr(kSelfSynchronizedAttrName))
      inserted += insertWorkgroupBarriers(rewriter, loop.getBody(),
                                          /*isLoopBody=*/true);
  });
  return inserted;
}

namespace {
struct InsertBarriersPass
    : public tileopt::impl::InsertBarriersPassBase<InsertBarriersPass> {
  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    getOperation()->walk([&](gpu::LaunchOp launch) {
      numBarriers += insertLaunchBarriers(rewriter, launch);
    });
  }
};
} // namespace
