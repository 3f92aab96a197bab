//===- EmitUtils.h - Small IR-building helpers of the kernel parts -*- C++ -*-===//
//
// Index arithmetic at one location, guarded regions, and views of the
// kernel's dynamic shared memory: the vocabulary every part of the tiled
// kernel emitter speaks.
//
//===----------------------------------------------------------------------===//
#ifndef TILEOPT_CODEGEN_EMITUTILS_H
#define TILEOPT_CODEGEN_EMITUTILS_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::tileopt {

/// Index arithmetic helpers at one location.
struct IndexBuilder {
  RewriterBase &b;
  Location loc;
  Value c(int64_t v) { return arith::ConstantIndexOp::create(b, loc, v); }
  Value value(OpFoldResult ofr);
  Value add(Value x, Value y) { return arith::AddIOp::create(b, loc, x, y); }
  Value mul(Value x, Value y) { return arith::MulIOp::create(b, loc, x, y); }
  Value div(Value x, Value y) { return arith::DivUIOp::create(b, loc, x, y); }
  Value rem(Value x, Value y) { return arith::RemUIOp::create(b, loc, x, y); }
  /// The linear index of thread `ids` in a block `threadsX` threads wide.
  Value threadIndex(gpu::KernelDim3 ids, int64_t threadsX) {
    return add(mul(ids.y, c(threadsX)), ids.x);
  }
  Value eq(Value x, Value y);
  Value ne(Value x, Value y);
  Value lt(Value x, Value y);
  Value ge(Value x, Value y);
  /// x && y, where a null operand stands for true.
  Value land(Value x, Value y);
  /// `index < size`, or null when `size` is a constant >= `bound` (every
  /// index below `bound` is then in range).
  Value bound(Value index, OpFoldResult size, int64_t bound);
};

/// Emits `then` under `cond` (unconditionally when null), yielding values of
/// `types` or zeros of them otherwise.
SmallVector<Value> emitGuarded(RewriterBase &rewriter, Location loc,
                               Value cond, TypeRange types,
                               function_ref<SmallVector<Value>()> then);

/// Emits `then` under `cond` (unconditionally when null), and `otherwise`
/// (when given) in the else branch.
void emitUnder(RewriterBase &rewriter, Location loc, Value cond,
               function_ref<void()> then,
               function_ref<void()> otherwise = nullptr);

/// A view of type `type` (in workgroup memory) at byte `offset` of the
/// kernel's dynamic shared memory, `bytes` (gpu.dynamic_shared_memory, made
/// here when null).
Value getDynamicSharedView(RewriterBase &rewriter, Location loc,
                           MemRefType type, int64_t offset, Value bytes = {});

/// Whether thread `tid` has an item in trip `trip` when `numThreads` threads
/// share `total` items, item trip * numThreads + tid: null when every thread
/// has one (the trip is not the last, partial one).
Value getTripGuard(IndexBuilder &ib, int64_t total, int64_t numThreads,
                   Value tid, int64_t trip);

/// The index (stage, i, j) into a panel buffer, or (i, j) when it has no
/// stage dimension (`stage` null).
SmallVector<Value> getStagedIndex(Value stage, Value i, Value j);

/// The shared-memory byte address (i64) of stage `stage` of the panel
/// buffer `buffer` (stages its leading dimension).
Value emitStageAddress(RewriterBase &rewriter, Location loc, Value buffer,
                       Value stage);

/// The memory space attribute of workgroup (shared) memory.
Attribute getWorkgroupSpace(MLIRContext *ctx);
/// The bits (i32) of f32 `value` rounded to TF32: to nearest, ties away
/// from zero (cvt.rna.tf32.f32), the low 13 mantissa bits zero.
Value emitTF32Bits(RewriterBase &rewriter, Location loc, Value value);

} // namespace mlir::tileopt

#endif // TILEOPT_CODEGEN_EMITUTILS_H
