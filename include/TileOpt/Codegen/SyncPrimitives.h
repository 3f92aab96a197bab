//===- SyncPrimitives.h - Flags, counters and fences between blocks -*- C++ -*-===//
//
// The memory-model operations the kernel parts synchronise with across
// blocks: acquire polls, release stores, relaxed atomics on 32-bit words in
// global memory, and the async-proxy fence. Each is one named helper; where
// it is inline PTX the helper says why.
//
//===----------------------------------------------------------------------===//
#ifndef TILEOPT_CODEGEN_SYNCPRIMITIVES_H
#define TILEOPT_CODEGEN_SYNCPRIMITIVES_H

#include "mlir/IR/PatternMatch.h"

namespace mlir::tileopt {

/// Polls the 32-bit word at global address `address` (i64) with acquire
/// loads, sleeping briefly between polls, until `done(value)` holds. A wait
/// that never ends (blocks of the grid that are not resident) traps after
/// about 2^26 polls rather than hanging.
void emitSpinUntil(RewriterBase &rewriter, Location loc, Value address,
                   function_ref<Value(Value)> done);

/// Adds 1 to the 32-bit counter at global `address` (relaxed, GPU scope)
/// and returns its value before.
Value emitAtomicIncrement(RewriterBase &rewriter, Location loc, Value address);

/// Adds 1 to the counter at `address` with release semantics (GPU scope),
/// when `predicate` (null: always) holds.
void emitReleaseIncrement(RewriterBase &rewriter, Location loc, Value address,
                          Value predicate);

/// Stores i32 `value` at global `address` with relaxed (or, `release`,
/// release) semantics at GPU scope, when `predicate` (null: always) holds.
void emitScopedStore(RewriterBase &rewriter, Location loc, Value address,
                     Value value, bool release, Value predicate = {});

/// Orders this thread's generic-proxy global accesses against the async
/// proxy's (the TMA unit reading what the threads wrote).
void emitAsyncProxyGlobalFence(RewriterBase &rewriter, Location loc);

/// Every thread of the cluster waits for all of them to arrive (release
/// before, acquire after, at the cluster's scope).
void emitClusterBarrier(RewriterBase &rewriter, Location loc);

/// One arrival on the mbarrier at shared address `address` (i32) of the
/// cluster's block `block` (i32), with the default (release, CTA scope)
/// semantics.
void emitRemoteArrive(RewriterBase &rewriter, Location loc, Value address,
                      Value block);

/// `value` (i32) through an opaque move that LLVM cannot see through, so
/// that what derives from it is not hoisted out of the loop around it.
Value emitOpaqueMove(RewriterBase &rewriter, Location loc, Value value);

} // namespace mlir::tileopt

#endif // TILEOPT_CODEGEN_SYNCPRIMITIVES_H
