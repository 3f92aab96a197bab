//===- WgmmaTile.cpp - The warpgroup tensor-core instruction tile ---------===//
//
// Consumer warpgroup g (threads P + 128 g .. P + 128 g + 127, after the P
// threads of a producer warpgroup when the schedule has one) owns the WM x WN
// tile (g / (BN/WN), g % (BN/WN)) of the block tile and multiplies it with
// `wgmma.mma_async` m64nNkK instructions (K: 32 bytes of operand, 16 f16 or
// bf16, 8 TF32), (WM/64) x (WN/N) per K of K (three with tf32x3), whose
// operands are shared-memory descriptors of the TMA copier's 128-byte
// swizzled stages (PanelLayout::Swizzled128), boxes W = 128 bytes wide:
//
//   A: BK/W boxes of BM x W, K-major (rows of 128 bytes). Rows r..r+63 of
//      K chunk kk start at box kk/4, row r, byte 32 (kk % 4); 8-row groups
//      of the swizzle atom are 1024 bytes apart (stride byte offset).
//   B: 16-bit, BN/64 boxes of BK x 64, N-major (K x N as linalg gives it:
//      the instruction's transposed-B form). Columns n..n+N-1 of K chunk kk
//      start at box n/64, row 16 kk; the 64-column boxes are BK x 128 bytes
//      apart (leading byte offset), 8-row K groups 1024 (stride).
//      TF32 (which has no transposed form), BK/32 boxes of BN x 32 of B's
//      transposed copy, K-major like A's: columns n.. of chunk kk start at
//      box kk/4, row n, byte 32 (kk % 4).
//   tf32x3 stages B's high parts' boxes, then its low parts', and takes
//   a . b as a_l b_h + a_h b_l + a_h b_h per K chunk, the small terms
//   first.
//
// With TF32, A's stage holds A's f32 elements as they are, and the
// instructions read A from registers: lane l of warp w loads rows
// 16 w + l/4 + {0, 8} and columns l % 4 + {0, 4} of each 64 x 8 chunk (the
// PTX ISA's .tf32 A fragment: a0 (g, t), a1 (g + 8, t), a2 (g, t + 4),
// a3 (g + 8, t + 4) for g = l/4, t = l % 4) and rounds them to TF32
// (cvt.rna), or splits them into high and low parts, once per element:
// nothing copies A before the K loop. In a 1024-byte swizzle atom, 16-byte
// chunk c of row r lies at chunk c ^ (r % 8), and r % 8 = l/4, so a warp's
// 32 loads hit 32 banks.
//
// registers = b (tf32) swaps the roles, C^T = B^T A^T: B's stage holds B
// as stored (N-major boxes, as for 16-bit B), and the instructions' M (64)
// runs along C's columns, their N along its rows. Lanes load B^T's
// fragments from it (TF32Fragments.h) and round them; A's K-major stage
// is the descriptor operand, read (truncated) by the tensor cores; nothing
// is copied. The lane then holds C's rows 8 j + 2 (l % 4) + {0, 1} and
// columns 64 i + 16 w + l/4 + {0, 8}: the accumulator layout says so, and
// the epilogue reads it as any other.
//
// The swizzle's phase comes from address bits 7..9, so each stage starts
// 1024-byte aligned (base offset 0). Accumulators are f32, one LLVM struct
// of N/2 per instruction, loop-carried; lane l of warp w of a warpgroup
// holds rows 16 w + l/4 + {0, 8} and columns 8 j + 2 (l % 4) + {0, 1} of
// each instruction's 64 x N result, element 4 j + 2 h + e for row offset
// 8 h and column offset e (the PTX ISA's wgmma D fragment).
//
// A step fences, issues its instructions as one group, commits it and
// waits until at most that group is in flight: the previous step's
// instructions are complete, so its stage is free (stage release lag 1).
// With TF32 the step waits for its own group (lag 0): the instructions
// read A's registers until they complete, and the next step's loads
// rewrite them (PTX: touching a wgmma's A registers before the wait that
// covers it is undefined; with lag 1 the results were wrong).
//
// tf32x3 promotes: the tensor cores' FP32 accumulation does not round to
// nearest and its error grows with the running sum, so each step's
// instructions start from zero (scale-d 0 on its first product) into
// fresh structs, the step waits for all of them (stage release lag 0)
// and adds them into the loop-carried FP32 sums with round-to-nearest
// adds. It cannot leave its group in flight and add it a step later:
// ptxas serialises every wgmma when other instructions read accumulator
// registers while a group is in flight.
//
//===----------------------------------------------------------------------===//
#include "TileOpt/Codegen/InstructionTile.h"
#include "TileOpt/Codegen/TF32Fragments.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace mlir::tileopt;

/// Descriptor fields (PTX ISA, "matrix descriptor"): addresses and offsets
/// in 16-byte units; the swizzle mode in bits 62..63 (1: 128-byte).
static constexpr int64_t kSwizzleAtomRowBytes = 128;
static constexpr int64_t kSwizzleAtomBytes = 1024;
static constexpr uint64_t kSwizzle128Mode = 1;

namespace {
class WgmmaTile final : public InstructionTile {
public:
  explicit WgmmaTile(KernelContext &ctx)
      : ctx(ctx), rewriter(ctx.rewriter), loc(ctx.loc), ib(ctx.ib()),
        config(ctx.config()), w(ctx.plan.wgmma) {}

  const InstructionTileTraits &getTraits() const override {
    return getInstructionTileTraits(InstructionTileKind::Wgmma);
  }
  void emitThreadLayout(gpu::KernelDim3 threadIds) override;
  void emitAccumulatorIndices(
      function_ref<void(bool isRow, Value)> onIndex) override;
  const AccumulatorLayout &getAccumulatorLayout() const override {
    return layout;
  }
  SmallVector<Value> packAccumulators(ValueRange values) override;
  SmallVector<Value> unpackAccumulators(ValueRange carried) override;
  SmallVector<Value> emitStep(OperandSource a, OperandSource b,
                              ValueRange accs) override {
    return emitStepWith(a, b, accs, {}, nullptr);
  }
  int64_t getPrefetchCount() const override {
    return w.prefetchA ? w.fragmentRegisters(config.getBK()) : 0;
  }
  SmallVector<Value> emitPrefetch(OperandSource a, OperandSource b) override;
  SmallVector<Value>
  emitStepAhead(OperandSource a, OperandSource b, ValueRange carried,
                function_ref<SmallVector<Value>()> next) override {
    size_t structs = w.tilesM() * w.tilesN();
    return emitStepWith(a, b, carried.take_front(structs),
                        carried.drop_front(structs), next);
  }
  /// TF32 (A from registers, and tf32x3's promotion) waits for each step's
  /// instructions: the next step's loads write A's registers.
  int64_t getStageReleaseLag() const override {
    return config.isTF32() ? 0 : 1;
  }
  void emitLoopExit() override {
    NVVM::WgmmaWaitGroupSyncOp::create(rewriter, loc, 0);
  }
  LogicalResult finish() override { return success(); }

private:
  /// The accumulator struct of one instruction.
  Type getStructType() const;
  /// Whether each step's sums are promoted into FP32 sums (tf32x3).
  bool promotes() const { return config.getParts() == 2; }
  Value descriptor(Value stageBase, int64_t byteOffset, int64_t leadingBytes);
  Value i64Constant(uint64_t v) {
    return arith::ConstantOp::create(
        rewriter, loc, rewriter.getIntegerAttr(rewriter.getI64Type(), v));
  }
  /// The register operand's fragments of the step: A's, or B's with
  /// registers = b (TF32Fragments.h).
  TF32Fragments loadFragments(OperandSource a, OperandSource b, Value group) {
    Value inGroup = ib.rem(consumerThread(), ib.c(128));
    return w.bInRegisters ? loadTF32FragmentsOfB(ctx, b, inGroup, group)
                          : loadTF32FragmentsOfA(ctx, a, inGroup, group);
  }
  /// A step; with `next`, from the register operand's fragments `ahead`
  /// (loaded by the previous step), and with the next step's after the
  /// accumulators.
  SmallVector<Value> emitStepWith(OperandSource a, OperandSource b,
                                  ValueRange accs, ValueRange ahead,
                                  function_ref<SmallVector<Value>()> next);
  Value stageAddress(OperandSource source) {
    return emitStageAddress(rewriter, loc, source.buffer, source.stage);
  }
  Value consumerThread();

  KernelContext &ctx;
  RewriterBase &rewriter;
  Location loc;
  IndexBuilder ib;
  ConfigAttr config;
  const WgmmaTilePlan &w;
  AccumulatorLayout layout;
  Value rowBase, colBase;
};
} // namespace

/// The thread's index among the consumer warpgroups (after a producer).
Value WgmmaTile::consumerThread() {
  if (!w.producerThreads)
    return ctx.tid;
  return arith::SubIOp::create(rewriter, loc, ctx.tid,
                               ib.c(w.producerThreads));
}

void WgmmaTile::emitThreadLayout(gpu::KernelDim3) {
  Value tid = consumerThread();
  Value group = ib.div(tid, ib.c(128));
  Value inGroup = ib.rem(tid, ib.c(128));
  Value warp = ib.div(inGroup, ib.c(32)), lane = ib.rem(inGroup, ib.c(32));
  Value groupM = ib.div(group, ib.c(w.groupsN));
  Value groupN = ib.rem(group, ib.c(w.groupsN));
  // The lane's first row and column of an instruction's result; with
  // registers = b the result is C^T's, its rows C's columns.
  auto fragmentRow = [&] {
    return ib.add(ib.mul(warp, ib.c(16)), ib.div(lane, ib.c(4)));
  };
  auto fragmentCol = [&] { return ib.mul(ib.rem(lane, ib.c(4)), ib.c(2)); };
  bool swap = w.bInRegisters;
  rowBase =
      ib.add(ib.mul(groupM, ib.c(w.wm)), swap ? fragmentCol() : fragmentRow());
  colBase =
      ib.add(ib.mul(groupN, ib.c(w.wn)), swap ? fragmentRow() : fragmentCol());
  layout.rowChunk = w.bInRegisters ? 2 : 1;
  layout.colChunk = w.bInRegisters ? 1 : 2;
}

/// The instructions' rows: instruction row i, offset h (0, 8) at 2 i + h;
/// their columns: the 8-column group g of the warpgroup tile and offset e
/// at 2 g + e. C's rows and columns are the instructions' (with registers
/// = b: their columns and rows).
void WgmmaTile::emitAccumulatorIndices(
    function_ref<void(bool isRow, Value)> onIndex) {
  SmallVector<int64_t> instRows, instCols;
  for (int64_t i = 0; i < w.tilesM(); ++i)
    for (int64_t h = 0; h < 2; ++h)
      instRows.push_back(64 * i + 8 * h);
  for (int64_t g = 0; g < w.tilesN() * w.n / 8; ++g)
    for (int64_t e = 0; e < 2; ++e)
      instCols.push_back(8 * g + e);
  if (w.bInRegisters)
    std::swap(instRows, instCols);
  for (int64_t offset : instRows) {
    layout.rows.push_back(ib.add(rowBase, ib.c(offset)));
    onIndex(/*isRow=*/true, layout.rows.back());
  }
  for (int64_t offset : instCols) {
    layout.cols.push_back(ib.add(colBase, ib.c(offset)));
    onIndex(/*isRow=*/false, layout.cols.back());
  }
}

Type WgmmaTile::getStructType() const {
  MLIRContext *mlirCtx = rewriter.getContext();
  return LLVM::LLVMStructType::getLiteral(
      mlirCtx,
      SmallVector<Type>(w.accumulatorsPerTile(), Float32Type::get(mlirCtx)));
}

/// Calls `visit(i, jn, position, index)` for each accumulator: instruction
/// (i, jn), its position in the struct, its index in the layout's order.
static void forEachAccumulator(
    const WgmmaTilePlan &w,
    function_ref<void(int64_t, int64_t, int64_t, int64_t)> visit) {
  int64_t groups = w.n / 8;
  int64_t instRows = 2 * w.tilesM(), instCols = 2 * w.tilesN() * groups;
  for (int64_t i = 0; i < w.tilesM(); ++i)
    for (int64_t jn = 0; jn < w.tilesN(); ++jn)
      for (int64_t j = 0; j < groups; ++j)
        for (int64_t h = 0; h < 2; ++h)
          for (int64_t e = 0; e < 2; ++e) {
            int64_t row = 2 * i + h, col = 2 * (jn * groups + j) + e;
            visit(i, jn, 4 * j + 2 * h + e,
                  w.bInRegisters ? col * instRows + row : row * instCols + col);
          }
}

SmallVector<Value> WgmmaTile::packAccumulators(ValueRange values) {
  Type structType = getStructType();
  SmallVector<Value> carried;
  for (int64_t t = 0; t < w.tilesM() * w.tilesN(); ++t)
    carried.push_back(LLVM::UndefOp::create(rewriter, loc, structType));
  forEachAccumulator(w, [&](int64_t i, int64_t jn, int64_t pos, int64_t idx) {
    Value &s = carried[i * w.tilesN() + jn];
    s = LLVM::InsertValueOp::create(rewriter, loc, s, values[idx], pos);
  });
  return carried;
}

SmallVector<Value> WgmmaTile::unpackAccumulators(ValueRange carried) {
  SmallVector<Value> values(w.tilesM() * w.tilesN() * w.accumulatorsPerTile());
  forEachAccumulator(w, [&](int64_t i, int64_t jn, int64_t pos, int64_t idx) {
    values[idx] = LLVM::ExtractValueOp::create(
        rewriter, loc, carried[i * w.tilesN() + jn], pos);
  });
  return values;
}

/// The descriptor of the swizzled operand at `byteOffset` past
/// `stageBase`: start address bits 4..17 in 0..13, the leading byte offset
/// in 16..29, the stride byte offset (one 8-row atom) in 32..45, base
/// offset 0, 128-byte swizzle.
Value WgmmaTile::descriptor(Value stageBase, int64_t byteOffset,
                            int64_t leadingBytes) {
  uint64_t fields = (uint64_t(leadingBytes >> 4) << 16) |
                    (uint64_t(kSwizzleAtomBytes >> 4) << 32) |
                    (kSwizzle128Mode << 62);
  Value address =
      arith::AddIOp::create(rewriter, loc, stageBase, i64Constant(byteOffset));
  Value start = arith::AndIOp::create(
      rewriter, loc,
      arith::ShRUIOp::create(rewriter, loc, address, i64Constant(4)),
      i64Constant(0x3FFF));
  return arith::OrIOp::create(rewriter, loc, start, i64Constant(fields));
}

SmallVector<Value> WgmmaTile::emitPrefetch(OperandSource a, OperandSource b) {
  Value group = ib.div(consumerThread(), ib.c(128));
  TF32Fragments parts = loadFragments(a, b, group);
  SmallVector<Value> values;
  for (const TF32Fragment &fragment : parts.front())
    llvm::append_range(values, fragment);
  return values;
}

SmallVector<Value>
WgmmaTile::emitStepWith(OperandSource a, OperandSource b, ValueRange accs,
                        ValueRange ahead,
                        function_ref<SmallVector<Value>()> next) {
  MLIRContext *mlirCtx = rewriter.getContext();
  Value aBase = stageAddress(a), bBase = stageAddress(b);
  int64_t bm = config.getBM(), bk = config.getBK();
  int64_t elemBytes = getElementBytes(ctx.elementType());
  // The warpgroup's first row and column in the block tile.
  Value group = ib.div(consumerThread(), ib.c(128));
  Value groupRow = ib.mul(ib.div(group, ib.c(w.groupsN)), ib.c(w.wm));
  Value groupCol = ib.mul(ib.rem(group, ib.c(w.groupsN)), ib.c(w.wn));
  Type i64 = rewriter.getI64Type();
  auto bytes = [&](Value index, int64_t scale) {
    return arith::IndexCastOp::create(rewriter, loc, i64,
                                      ib.mul(index, ib.c(scale)));
  };
  WgmmaTileAttr tile = config.getWgmmaTile();
  bool tf32 = tile.isTF32();
  int64_t boxColumns = tile.getBoxColumns(), parts = tile.getParts();
  // A K-major operand's box holds BM (BN) rows of 128 bytes of K; an
  // MN-major one's BK rows of 128 bytes of M (N), a box per W rows (N
  // columns) of the tile. The warpgroup's first row (column) is a row of
  // the boxes, or whole boxes in.
  int64_t aBoxBytes = (w.aKMajor ? bm : bk) * kSwizzleAtomRowBytes;
  int64_t bBoxBytes = (w.bKMajor ? config.getBN() : bk) * kSwizzleAtomRowBytes;
  auto firstBytes = [&](Value index, bool kMajorOperand, int64_t boxBytes) {
    return kMajorOperand ? bytes(index, kSwizzleAtomRowBytes)
                         : bytes(index, boxBytes / boxColumns);
  };
  aBase = arith::AddIOp::create(rewriter, loc, aBase,
                                firstBytes(groupRow, w.aKMajor, aBoxBytes));
  bBase = arith::AddIOp::create(rewriter, loc, bBase,
                                firstBytes(groupCol, w.bKMajor, bBoxBytes));
  // The operand the descriptors describe: B, or with registers = b A,
  // K-major (its rows are the instructions' N).
  Value descBase = w.bInRegisters ? aBase : bBase;
  bool descKMajor = w.bInRegisters || w.bKMajor;
  int64_t descBoxBytes = w.bInRegisters ? aBoxBytes : bBoxBytes;
  // 16-bit operands (TF32 goes through emitTF32RegisterMma).
  auto type = ctx.elementType().isF16() ? NVVM::WGMMATypes::f16
                                        : NVVM::WGMMATypes::bf16;
  auto shape = NVVM::MMAShapeAttr::get(mlirCtx, w.m, w.n, w.k);
  // TF32: the register operand's fragments, before the fence orders them
  // (loaded by the previous step when the loop loads a step ahead).
  TF32Fragments fragments;
  if (next) {
    fragments.emplace_back();
    for (size_t v = 0; v < ahead.size(); v += 4)
      fragments[0].push_back(llvm::to_vector<4>(ahead.slice(v, 4)));
  } else if (tf32) {
    fragments = loadFragments(a, b, group);
  }
  NVVM::WgmmaFenceAlignedOp::create(rewriter, loc);
  bool promote = promotes();
  // Promoting, the step's products start from zero in fresh structs.
  SmallVector<Value> results(accs);
  if (promote)
    for (Value &acc : results)
      acc = LLVM::UndefOp::create(rewriter, loc, acc.getType());
  // The byte offset of rows (columns) `first`.. of K chunk `kk` of `part`
  // in a stage of boxes of `boxBytes`: K-major, row `first` of the chunk's
  // box; MN-major, row 16 kk of the box of column `first`.
  int64_t boxesPerPart = bk / boxColumns;
  auto offset = [&](bool kMajorOperand, int64_t part, int64_t kk, int64_t first,
                    int64_t boxBytes) {
    if (!kMajorOperand)
      return first / boxColumns * boxBytes + kk * w.k * kSwizzleAtomRowBytes;
    int64_t kBytes = kk * w.k * elemBytes;
    return (part * boxesPerPart + kBytes / kSwizzleAtomRowBytes) * boxBytes +
           first * kSwizzleAtomRowBytes + kBytes % kSwizzleAtomRowBytes;
  };
  // tf32x3: a . b = a_l b_h + a_h b_l + a_h b_h, the small terms first.
  SmallVector<std::pair<int64_t, int64_t>, 3> products = {{0, 0}};
  if (parts == 2)
    products = {{1, 0}, {0, 1}, {0, 0}};
  for (int64_t kk = 0; kk < bk / w.k; ++kk)
    for (auto [p, pair] : llvm::enumerate(products)) {
      auto [partA, partB] = pair;
      // Promoting, each struct's first product of the step starts at 0.
      auto scaleOut = promote && kk == 0 && p == 0
                          ? NVVM::WGMMAScaleOut::zero
                          : NVVM::WGMMAScaleOut::one;
      for (int64_t i = 0; i < w.tilesM(); ++i) {
        Value descA;
        if (!tf32)
          descA = descriptor(aBase,
                             offset(w.aKMajor, partA, kk, i * w.m, aBoxBytes),
                             aBoxBytes);
        for (int64_t jn = 0; jn < w.tilesN(); ++jn) {
          Value descB = descriptor(
              descBase, offset(descKMajor, partB, kk, jn * w.n, descBoxBytes),
              descBoxBytes);
          Value &acc = results[i * w.tilesN() + jn];
          if (tf32) {
            acc = emitTF32RegisterMma(ctx, acc,
                                      fragments[partA][kk * w.tilesM() + i],
                                      descB, scaleOut);
            continue;
          }
          // Layouts: A row and B col are K-major (imm-trans 0); A col
          // (M-major) and B row (N-major) the transposed forms (16-bit
          // only).
          acc = NVVM::WgmmaMmaAsyncOp::create(
              rewriter, loc, acc.getType(), acc, descA, descB, shape, type,
              type, NVVM::WGMMATypes::f32, scaleOut, NVVM::WGMMAScaleIn::one,
              NVVM::WGMMAScaleIn::one,
              w.aKMajor ? NVVM::MMALayout::row : NVVM::MMALayout::col,
              w.bKMajor ? NVVM::MMALayout::col : NVVM::MMALayout::row,
              NVVM::MMAIntOverflowAttr());
        }
      }
    }
  NVVM::WgmmaGroupSyncAlignedOp::create(rewriter, loc);
  // Loading ahead: the next step's fragments while these instructions
  // run, into other registers, since this step's stay in use (an empty
  // asm reads them after the wait) until the instructions are done.
  SmallVector<Value> nextValues;
  if (next)
    nextValues = next();
  NVVM::WgmmaWaitGroupSyncOp::create(rewriter, loc, getStageReleaseLag());
  if (next) {
    emitSideEffectAsm(
        rewriter, loc, TypeRange(), ahead, "",
        llvm::join(SmallVector<std::string>(ahead.size(), "r"), ","));
    llvm::append_range(results, nextValues);
  }
  if (!promote)
    return results;
  // The step's sums are complete: into the FP32 sums.
  SmallVector<Value> sums(accs);
  forEachAccumulator(w, [&](int64_t i, int64_t jn, int64_t pos, int64_t) {
    int64_t t = i * w.tilesN() + jn;
    Value sum = arith::AddFOp::create(
        rewriter, loc, LLVM::ExtractValueOp::create(rewriter, loc, sums[t], pos),
        LLVM::ExtractValueOp::create(rewriter, loc, results[t], pos));
    sums[t] = LLVM::InsertValueOp::create(rewriter, loc, sums[t], sum, pos);
  });
  return sums;
}

std::unique_ptr<InstructionTile>
mlir::tileopt::createWgmmaTile(KernelContext &ctx) {
  return std::make_unique<WgmmaTile>(ctx);
}
