//===- SyncPrimitives.cpp - Flags, counters and fences between blocks -----===//
//
// See SyncPrimitives.h. The helpers emit `nvvm.inline_ptx`: the memory
// orders and scopes below had no NVVM op with this PTX form when they were
// written, and each kernel's PTX is pinned byte for byte by the spec
// artifacts (docs/design.md, "The parts").
//
//===----------------------------------------------------------------------===//
#include "TileOpt/Codegen/SyncPrimitives.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::tileopt;

static void emitPtx(RewriterBase &rewriter, Location loc, StringRef text,
                    ValueRange operands, Value predicate) {
  NVVM::InlinePtxOp::create(rewriter, loc, TypeRange{}, operands, ValueRange{},
                            text, predicate);
}

void mlir::tileopt::emitSpinUntil(RewriterBase &rewriter, Location loc,
                                  Value address,
                                  function_ref<Value(Value)> done) {
  Type i32 = rewriter.getI32Type();
  Value zero = arith::ConstantIntOp::create(rewriter, loc, 0, 32);
  Value one = arith::ConstantIntOp::create(rewriter, loc, 1, 32);
  Value limit = arith::ConstantIntOp::create(rewriter, loc, 1 << 26, 32);
  scf::WhileOp::create(
      rewriter, loc, TypeRange{i32}, ValueRange{zero},
      [&](OpBuilder &, Location, ValueRange args) {
        Value word = NVVM::InlinePtxOp::create(
                         rewriter, loc, TypeRange{i32}, ValueRange{address},
                         ValueRange{}, "ld.acquire.gpu.global.b32 $0, [$1];",
                         Value())
                         .getResult(0);
        Value notYet = arith::XOrIOp::create(
            rewriter, loc, done(word),
            arith::ConstantIntOp::create(rewriter, loc, 1, 1));
        scf::ConditionOp::create(rewriter, loc, notYet, args);
      },
      [&](OpBuilder &, Location, ValueRange args) {
        Value polls = arith::AddIOp::create(rewriter, loc, args[0], one);
        Value late = arith::CmpIOp::create(
            rewriter, loc, arith::CmpIPredicate::ugt, polls, limit);
        emitPtx(rewriter, loc, "trap;", {}, late);
        emitPtx(rewriter, loc, "nanosleep.u32 32;", {}, Value());
        scf::YieldOp::create(rewriter, loc, polls);
      });
}

Value mlir::tileopt::emitAtomicIncrement(RewriterBase &rewriter, Location loc,
                                         Value address) {
  return NVVM::InlinePtxOp::create(
             rewriter, loc, TypeRange{rewriter.getI32Type()},
             ValueRange{address}, ValueRange{},
             "atom.relaxed.gpu.global.add.u32 $0, [$1], 1;", Value())
      .getResult(0);
}

void mlir::tileopt::emitReleaseIncrement(RewriterBase &rewriter, Location loc,
                                         Value address, Value predicate) {
  emitPtx(rewriter, loc, "red.release.gpu.global.add.u32 [$0], 1;", {address},
          predicate);
}

void mlir::tileopt::emitScopedStore(RewriterBase &rewriter, Location loc,
                                    Value address, Value value, bool release,
                                    Value predicate) {
  emitPtx(rewriter, loc,
          release ? "st.release.gpu.global.b32 [$0], $1;"
                  : "st.relaxed.gpu.global.b32 [$0], $1;",
          {address, value}, predicate);
}

void mlir::tileopt::emitAsyncProxyGlobalFence(RewriterBase &rewriter,
                                              Location loc) {
  emitPtx(rewriter, loc, "fence.proxy.async.global;", {}, Value());
}

Value mlir::tileopt::emitOpaqueMove(RewriterBase &rewriter, Location loc,
                                    Value value) {
  return NVVM::InlinePtxOp::create(rewriter, loc,
                                   TypeRange{rewriter.getI32Type()},
                                   ValueRange{value}, ValueRange{},
                                   "mov.b32 $0, $1;", Value())
      .getResult(0);
}
