//===- TF32Fragments.cpp - TF32 wgmma operands from registers ------------===//
//
// See TF32Fragments.h; the fragment layouts are the PTX ISA's (the header
// of WgmmaTile.cpp).
//
//===----------------------------------------------------------------------===//
#include "TileOpt/Codegen/TF32Fragments.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;
using namespace mlir::tileopt;

/// The bytes of one swizzled row (one 128-byte swizzle atom row).
static constexpr int64_t kSwizzleAtomRowBytes = 128;

LLVM::InlineAsmOp
mlir::tileopt::emitSideEffectAsm(RewriterBase &rewriter, Location loc,
                                 TypeRange results, ValueRange operands,
                                 StringRef text, StringRef constraints) {
  return LLVM::InlineAsmOp::create(
      rewriter, loc, results, operands, text, constraints,
      /*has_side_effects=*/true, /*is_align_stack=*/false,
      LLVM::tailcallkind::TailCallKind::None,
      LLVM::AsmDialectAttr::get(rewriter.getContext(),
                                LLVM::AsmDialect::AD_ATT),
      ArrayAttr());
}

/// Rounded to TF32 (its bits), or with tf32x3 split into high and low
/// parts, into `parts`' current fragments.
static void appendTF32(RewriterBase &rewriter, Location loc,
                       TF32Fragments &parts, Value x) {
  Value high = emitTF32Bits(rewriter, loc, x);
  parts[0].back().push_back(high);
  if (parts.size() == 2)
    parts[1].back().push_back(emitTF32Bits(
        rewriter, loc,
        arith::SubFOp::create(rewriter, loc, x,
                              arith::BitcastOp::create(rewriter, loc,
                                                       rewriter.getF32Type(),
                                                       high))));
}

/// Loads the f32 at shared-memory byte address `address` (i64).
static Value loadShared(RewriterBase &rewriter, Location loc, Value address) {
  auto pointerType = LLVM::LLVMPointerType::get(
      rewriter.getContext(),
      static_cast<unsigned>(NVVM::NVVMMemorySpace::Shared));
  return LLVM::LoadOp::create(
      rewriter, loc, rewriter.getF32Type(),
      LLVM::IntToPtrOp::create(rewriter, loc, pointerType, address));
}

/// Appends the f32 at shared byte address (`base` ^ `flip`) + `offset`
/// (`base` i64; `flip` changes the 16-byte chunk within a swizzled row)
/// to `parts`' current fragments, rounded or split.
static void appendElement(RewriterBase &rewriter, Location loc,
                          TF32Fragments &parts, Value base, int64_t flip,
                          int64_t offset) {
  auto constant = [&](int64_t v) -> Value {
    return arith::ConstantOp::create(
        rewriter, loc, rewriter.getIntegerAttr(rewriter.getI64Type(), v));
  };
  Value address = arith::AddIOp::create(
      rewriter, loc, arith::XOrIOp::create(rewriter, loc, base, constant(flip)),
      constant(offset));
  appendTF32(rewriter, loc, parts, loadShared(rewriter, loc, address));
}

/// This thread's .tf32 A fragments of the step (see the header): per part
/// (rounded, or high and low), K chunk kk and instruction row i, at
/// [part][kk * tilesM + i], four i32 registers.
TF32Fragments mlir::tileopt::loadTF32FragmentsOfA(KernelContext &ctx,
                                                  OperandSource a,
                                                  Value inGroup, Value group) {
  RewriterBase &rewriter = ctx.rewriter;
  Location loc = ctx.loc;
  IndexBuilder ib = ctx.ib();
  ConfigAttr config = ctx.config();
  const WgmmaTilePlan &w = ctx.plan.wgmma;
  int64_t bk = config.getBK();
  Type i64 = rewriter.getI64Type();
  int64_t bm = config.getBM();
  int64_t boxColumns = config.getWgmmaTile().getBoxColumns();
  Value warp = ib.div(inGroup, ib.c(32)), lane = ib.rem(inGroup, ib.c(32));
  Value g = ib.div(lane, ib.c(4)), t = ib.rem(lane, ib.c(4));
  Value row0 = ib.add(ib.mul(ib.div(group, ib.c(w.groupsN)), ib.c(w.wm)),
                      ib.add(ib.mul(warp, ib.c(16)), g));
  // Row row0's byte t * 4 in chunk g: bits 4..6 of a swizzled row's
  // offsets hold its chunk, and the stage is 1024-byte aligned, so chunk
  // c ^ g of the row lies at base ^ (16 c). One base per step keeps the
  // loads' addresses out of registers.
  Value base = ib.add(arith::IndexCastOp::create(
                          rewriter, loc, rewriter.getIndexType(),
                          emitStageAddress(rewriter, loc, a.buffer, a.stage)),
                      ib.add(ib.mul(row0, ib.c(kSwizzleAtomRowBytes)),
                             ib.add(ib.mul(g, ib.c(16)), ib.mul(t, ib.c(4)))));
  base = arith::IndexCastOp::create(rewriter, loc, i64, base);
  TF32Fragments parts(config.getParts());
  for (int64_t kk = 0; kk < bk / w.k; ++kk)
    for (int64_t i = 0; i < w.tilesM(); ++i) {
      for (SmallVector<TF32Fragment> &part : parts)
        part.emplace_back();
      // a0 (g, t), a1 (g + 8, t), a2 (g, t + 4), a3 (g + 8, t + 4).
      for (int64_t v = 0; v < 4; ++v) {
        int64_t column = kk * w.k % boxColumns + 4 * (v / 2);
        int64_t rowBytes = (kk * w.k / boxColumns * bm + 64 * i + 8 * (v % 2)) *
                           kSwizzleAtomRowBytes;
        appendElement(rewriter, loc, parts, base, column / 4 * 16, rowBytes);
      }
    }
  return parts;
}

/// registers = b: this thread's .tf32 fragments of B^T (N x K) from B's
/// N-major stage (BN / 32 boxes of BK rows of 32 columns, 128-byte
/// swizzled): per K chunk kk and instruction i (64 of C's columns), at
/// [0][kk * tilesM + i]. Lane l of warp w takes columns n0 + l/4 + {0, 8}
/// (n0 = the warpgroup's first column + 16 w + 64 i) and rows 8 kk + l %
/// 4 + {0, 4}: element (n, k) lies in box n / 32, row k, chunk (n % 32) / 4
/// ^ (k % 8), word n % 4. n0 is a multiple of 16, so a fragment's columns
/// lie in n0's box, in chunk ((n0 % 32) / 4 + l / 16) ^ (l % 4), flipped
/// by 2 for column + 8 and by 4 for row + 4: one base per step, then XORs
/// and constant offsets. (A warp's 32 loads hit 16 banks: 2 ways.)
TF32Fragments mlir::tileopt::loadTF32FragmentsOfB(KernelContext &ctx,
                                                  OperandSource b,
                                                  Value inGroup, Value group) {
  RewriterBase &rewriter = ctx.rewriter;
  Location loc = ctx.loc;
  IndexBuilder ib = ctx.ib();
  ConfigAttr config = ctx.config();
  const WgmmaTilePlan &w = ctx.plan.wgmma;
  int64_t bk = config.getBK();
  Type i64 = rewriter.getI64Type();
  Value warp = ib.div(inGroup, ib.c(32)), lane = ib.rem(inGroup, ib.c(32));
  Value g = ib.div(lane, ib.c(4)), t = ib.rem(lane, ib.c(4));
  Value n0 = ib.add(ib.mul(ib.rem(group, ib.c(w.groupsN)), ib.c(w.wn)),
                    ib.mul(warp, ib.c(16)));
  Value chunk = arith::XOrIOp::create(
      rewriter, loc,
      ib.add(ib.div(ib.rem(n0, ib.c(32)), ib.c(4)), ib.div(g, ib.c(4))), t);
  Value base = ib.add(arith::IndexCastOp::create(
                          rewriter, loc, rewriter.getIndexType(),
                          emitStageAddress(rewriter, loc, b.buffer, b.stage)),
                      ib.add(ib.add(ib.mul(ib.div(n0, ib.c(32)),
                                           ib.c(bk * kSwizzleAtomRowBytes)),
                                    ib.mul(t, ib.c(kSwizzleAtomRowBytes))),
                             ib.add(ib.mul(chunk, ib.c(16)),
                                    ib.mul(ib.rem(g, ib.c(4)), ib.c(4)))));
  base = arith::IndexCastOp::create(rewriter, loc, i64, base);
  TF32Fragments parts(1);
  for (int64_t kk = 0; kk < bk / w.k; ++kk)
    for (int64_t i = 0; i < w.tilesM(); ++i) {
      parts[0].emplace_back();
      // a0 (n0 + g, t), a1 (+ 8, t), a2 (n0 + g, t + 4), a3 (+ 8, t + 4).
      for (int64_t v = 0; v < 4; ++v) {
        int64_t flip = 2 * (v % 2) + 4 * (v / 2);
        int64_t rowBytes =
            (2 * i * bk + kk * w.k + 4 * (v / 2)) * kSwizzleAtomRowBytes;
        appendElement(rewriter, loc, parts, base, 16 * flip, rowBytes);
      }
    }
  return parts;
}

/// One m64nNk8 .tf32 instruction with A from registers (`fragment`), B
/// from `descB`, into `acc`: inline PTX, since nvvm.wgmma.mma_async takes
/// descriptors only. Outputs $0.. (the accumulators), tied inputs, the four
/// A registers, B's descriptor and scale-d.
Value mlir::tileopt::emitTF32RegisterMma(KernelContext &ctx, Value acc,
                                         ArrayRef<Value> fragment, Value descB,
                                         NVVM::WGMMAScaleOut scaleOut) {
  RewriterBase &rewriter = ctx.rewriter;
  Location loc = ctx.loc;
  const WgmmaTilePlan &w = ctx.plan.wgmma;
  int64_t count = w.accumulatorsPerTile();
  std::string text, constraints;
  llvm::raw_string_ostream asmText(text), cons(constraints);
  auto list = [&](int64_t first, int64_t size) {
    asmText << "{";
    for (int64_t j = 0; j < size; ++j)
      asmText << (j ? ", $" : "$") << first + j;
    asmText << "}";
  };
  asmText << "{\n.reg .pred p;\nsetp.ne.b32 p, $" << 2 * count + 5
          << ", 0;\nwgmma.mma_async.sync.aligned.m" << w.m << "n" << w.n << "k"
          << w.k << ".f32.tf32.tf32 ";
  list(0, count);
  asmText << ", ";
  list(2 * count, 4);
  asmText << ", $" << 2 * count + 4 << ", p, 1, 1;\n}\n";
  for (int64_t j = 0; j < count; ++j)
    cons << "=f,";
  for (int64_t j = 0; j < count; ++j)
    cons << j << ",";
  cons << "r,r,r,r,l,n";
  SmallVector<Value> operands;
  for (int64_t j = 0; j < count; ++j)
    operands.push_back(LLVM::ExtractValueOp::create(rewriter, loc, acc, j));
  llvm::append_range(operands, fragment);
  operands.push_back(descB);
  operands.push_back(
      LLVM::ConstantOp::create(rewriter, loc, rewriter.getI32Type(),
                               scaleOut == NVVM::WGMMAScaleOut::one ? 1 : 0));
  return emitSideEffectAsm(rewriter, loc, acc.getType(), operands, text,
                           constraints)
      .getResult(0);
}
