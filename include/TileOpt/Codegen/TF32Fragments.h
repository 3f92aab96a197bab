//===- TF32Fragments.h - TF32 wgmma operands from registers -----*- C++ -*-===//
//
// The TF32 wgmma take their register operand (A, or B with registers = b)
// as .tf32 fragments that each consumer lane loads from the operand's
// 128-byte swizzled stage and rounds (cvt.rna), or with tf32x3 splits into
// high and low parts, once per element; then one inline-PTX wgmma per
// fragment (MLIR's nvvm.wgmma.mma_async takes descriptors only).
//
//===----------------------------------------------------------------------===//
#ifndef TILEOPT_CODEGEN_TF32FRAGMENTS_H
#define TILEOPT_CODEGEN_TF32FRAGMENTS_H

#include "TileOpt/Codegen/KernelContext.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

namespace mlir::tileopt {

/// Four i32 registers of one .tf32 fragment; a step's fragments per part
/// (rounded; or high, low) at [part][kk * tilesM + i] for K chunk kk and
/// instruction i along the instructions' M.
using TF32Fragment = SmallVector<Value, 4>;
using TF32Fragments = SmallVector<SmallVector<TF32Fragment>, 2>;

/// The lane's fragments of A from A's K-major stage `a`; `inGroup` is the
/// thread's index in its consumer warpgroup, `group` the warpgroup's.
TF32Fragments loadTF32FragmentsOfA(KernelContext &ctx, OperandSource a,
                                   Value inGroup, Value group);
/// registers = b: the lane's fragments of B^T from B's N-major stage `b`.
TF32Fragments loadTF32FragmentsOfB(KernelContext &ctx, OperandSource b,
                                   Value inGroup, Value group);

/// One m64nNk8 .tf32 wgmma with the register operand `fragment` and the
/// other from descriptor `descB`, into `acc` (one accumulator struct).
Value emitTF32RegisterMma(KernelContext &ctx, Value acc,
                          ArrayRef<Value> fragment, Value descB,
                          NVVM::WGMMAScaleOut scaleOut);

/// Inline PTX `text` with side effects (LLVM's operand syntax).
LLVM::InlineAsmOp emitSideEffectAsm(RewriterBase &rewriter, Location loc,
                                    TypeRange results, ValueRange operands,
                                    StringRef text, StringRef constraints);

} // namespace mlir::tileopt

#endif // TILEOPT_CODEGEN_TF32FRAGMENTS_H
