//===- SyncPrimitives.cpp - Flags, counters and fences between blocks -----===//
//
// See SyncPrimitives.h. The counters and flags are LLVM atomics at the
// `device` sync scope (PTX `.gpu`) on global pointers (address space 1);
// the fences, sleeps and traps NVVM and LLVM ops. The opaque move is the
// one deliberate inline PTX.
//
//===----------------------------------------------------------------------===//
#include "TileOpt/Codegen/SyncPrimitives.h"

#include "TileOpt/Codegen/EmitUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::tileopt;

/// The LLVM sync scope of a whole GPU (PTX `.gpu`).
static constexpr StringLiteral kDeviceScope = "device";

/// The global-memory pointer at integer address `address` (i64).
static Value getGlobalPointer(RewriterBase &rewriter, Location loc,
                              Value address) {
  auto type = LLVM::LLVMPointerType::get(rewriter.getContext(),
                                         /*addressSpace=*/1);
  return LLVM::IntToPtrOp::create(rewriter, loc, type, address);
}

void mlir::tileopt::emitSpinUntil(RewriterBase &rewriter, Location loc,
                                  Value address,
                                  function_ref<Value(Value)> done) {
  Type i32 = rewriter.getI32Type();
  Value zero = arith::ConstantIntOp::create(rewriter, loc, 0, 32);
  Value one = arith::ConstantIntOp::create(rewriter, loc, 1, 32);
  Value limit = arith::ConstantIntOp::create(rewriter, loc, 1 << 26, 32);
  Value pointer = getGlobalPointer(rewriter, loc, address);
  scf::WhileOp::create(
      rewriter, loc, TypeRange{i32}, ValueRange{zero},
      [&](OpBuilder &, Location, ValueRange args) {
        Value word = LLVM::LoadOp::create(
            rewriter, loc, i32, pointer, /*alignment=*/4,
            /*isVolatile=*/false, /*isNonTemporal=*/false,
            /*isInvariant=*/false, /*isInvariantGroup=*/false,
            LLVM::AtomicOrdering::acquire, kDeviceScope);
        Value notYet = arith::XOrIOp::create(
            rewriter, loc, done(word),
            arith::ConstantIntOp::create(rewriter, loc, 1, 1));
        scf::ConditionOp::create(rewriter, loc, notYet, args);
      },
      [&](OpBuilder &, Location, ValueRange args) {
        Value polls = arith::AddIOp::create(rewriter, loc, args[0], one);
        Value late = arith::CmpIOp::create(
            rewriter, loc, arith::CmpIPredicate::ugt, polls, limit);
        emitUnder(rewriter, loc, late,
                  [&]() { LLVM::Trap::create(rewriter, loc); });
        NVVM::NanosleepOp::create(
            rewriter, loc, arith::ConstantIntOp::create(rewriter, loc, 32, 32));
        scf::YieldOp::create(rewriter, loc, polls);
      });
}

Value mlir::tileopt::emitAtomicIncrement(RewriterBase &rewriter, Location loc,
                                         Value address) {
  Value one = arith::ConstantIntOp::create(rewriter, loc, 1, 32);
  return LLVM::AtomicRMWOp::create(rewriter, loc, LLVM::AtomicBinOp::add,
                                   getGlobalPointer(rewriter, loc, address),
                                   one, LLVM::AtomicOrdering::monotonic,
                                   kDeviceScope, /*alignment=*/4);
}

/// A release fence, then a relaxed add: LLVM 22's NVPTX backend drops the
/// ordering of an `atomicrmw` (release and acq_rel both become a plain
/// `atom.global.add`), while it lowers the fence (`fence.acq_rel.gpu`).
void mlir::tileopt::emitReleaseIncrement(RewriterBase &rewriter, Location loc,
                                         Value address, Value predicate) {
  emitUnder(rewriter, loc, predicate, [&]() {
    LLVM::FenceOp::create(rewriter, loc, LLVM::AtomicOrdering::release,
                          kDeviceScope);
    emitAtomicIncrement(rewriter, loc, address);
  });
}

void mlir::tileopt::emitScopedStore(RewriterBase &rewriter, Location loc,
                                    Value address, Value value, bool release,
                                    Value predicate) {
  emitUnder(rewriter, loc, predicate, [&]() {
    LLVM::StoreOp::create(rewriter, loc, value,
                          getGlobalPointer(rewriter, loc, address),
                          /*alignment=*/4, /*isVolatile=*/false,
                          /*isNonTemporal=*/false, /*isInvariantGroup=*/false,
                          release ? LLVM::AtomicOrdering::release
                                  : LLVM::AtomicOrdering::monotonic,
                          kDeviceScope);
  });
}

void mlir::tileopt::emitAsyncProxyGlobalFence(RewriterBase &rewriter,
                                              Location loc) {
  NVVM::FenceProxyOp::create(rewriter, loc, NVVM::ProxyKind::async_global,
                             NVVM::SharedSpaceAttr());
}

void mlir::tileopt::emitClusterBarrier(RewriterBase &rewriter, Location loc) {
  NVVM::ClusterArriveOp::create(rewriter, loc, UnitAttr());
  NVVM::ClusterWaitOp::create(rewriter, loc, UnitAttr());
}

/// Inline PTX on purpose: `nvvm.mbarrier.arrive` on a shared::cluster
/// pointer lowers with cluster scope only, whose release fence stalled the
/// arriving warp (a 2-CTA kernel 58 % slower,
/// docs/results/2026-12-02-cluster.md), and with CTA scope LLVM deleted
/// the arrival. This is CUTLASS's ClusterBarrier::arrive.
void mlir::tileopt::emitRemoteArrive(RewriterBase &rewriter, Location loc,
                                     Value address, Value block) {
  NVVM::InlinePtxOp::create(rewriter, loc, TypeRange{},
                            ValueRange{address, block}, ValueRange{},
                            "{\n.reg .b32 r;\n"
                            "mapa.shared::cluster.u32 r, $0, $1;\n"
                            "mbarrier.arrive.shared::cluster.b64 _, [r];\n}",
                            Value());
}

/// Inline PTX on purpose: LLVM sees through any op, and would hoist what
/// derives from the value out of the loop around it.
Value mlir::tileopt::emitOpaqueMove(RewriterBase &rewriter, Location loc,
                                    Value value) {
  return NVVM::InlinePtxOp::create(rewriter, loc,
                                   TypeRange{rewriter.getI32Type()},
                                   ValueRange{value}, ValueRange{},
                                   "mov.b32 $0, $1;", Value())
      .getResult(0);
}
