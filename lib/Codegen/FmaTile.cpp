//===- FmaTile.cpp - The scalar FMA instruction tile ----------------------===//
//
// Each thread owns TM x TN accumulators and, per k, reads TM values of A and
// TN values of B from the staged panels and multiply-adds their outer
// product on the CUDA cores.
//
//===----------------------------------------------------------------------===//
#include "TileOpt/Codegen/InstructionTile.h"

#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::tileopt;

namespace {
class FmaTile final : public InstructionTile {
public:
  explicit FmaTile(KernelContext &ctx)
      : ctx(ctx), rewriter(ctx.rewriter), loc(ctx.loc), ib(ctx.ib()),
        config(ctx.config()), fma(ctx.plan.fma) {}

  const InstructionTileTraits &getTraits() const override {
    return getInstructionTileTraits(InstructionTileKind::Fma);
  }
  void emitThreadLayout(gpu::KernelDim3 threadIds) override;
  void emitAccumulatorIndices(
      function_ref<void(bool isRow, Value)> onIndex) override;
  const AccumulatorLayout &getAccumulatorLayout() const override {
    return layout;
  }
  SmallVector<Value> emitStep(OperandSource a, OperandSource b,
                              ValueRange accs) override;
  LogicalResult finish() override;

private:
  SmallVector<Value> loadFragment(OperandSource source, Value kk,
                                  ArrayRef<Value> index, bool alongRow,
                                  bool vectorize);
  SmallVector<Value> loadRowGroupFragment(OperandSource source, Value kk,
                                          int64_t e);

  KernelContext &ctx;
  RewriterBase &rewriter;
  Location loc;
  IndexBuilder ib;
  ConfigAttr config;
  const FmaTilePlan &fma;
  AccumulatorLayout layout;
  Value colBase;
  int64_t colGroups = 0;
  /// The panel loop of the step, unrolled by `finish`.
  scf::ForOp kkLoop;
};
} // namespace

/// With a warp tile, warp w owns the WM x WN tile (w / (BN/WN), w % (BN/WN))
/// and lane l the row group l / (WN/TN) and the column group l % (WN/TN)
/// inside it; otherwise thread (tx, ty) owns row group ty and column group
/// tx of the block tile.
///
/// The fragment's rows (columns) come in chunks: chunk c of group g covers
/// rows offset + c * groups * chunk + g * chunk + [0, chunk). Chunks of 4
/// where fragments load as 16-byte vectors (A read K-major; B when TN % 4
/// == 0): the lanes of one load then read consecutive 16-byte pieces, free
/// of bank conflicts, and write C in runs of 16 * groups bytes. Rows of A
/// staged as is come one by one (the lanes reading one k hit consecutive
/// rows, hence different banks). Otherwise one chunk of TM (TN): the
/// fragment is contiguous.
void FmaTile::emitThreadLayout(gpu::KernelDim3 threadIds) {
  Value tid = ctx.tid;
  Value rowGroup, colGroup, rowOffset, colOffset;
  if (config.hasWarpTile()) {
    int64_t wm = config.getWarp()[0], wn = config.getWarp()[1];
    Value warp = arith::DivUIOp::create(rewriter, loc, tid, ib.c(32));
    Value lane = arith::RemUIOp::create(rewriter, loc, tid, ib.c(32));
    int64_t warpsX = config.getBN() / wn, lanesX = wn / fma.tn;
    Value wy = arith::DivUIOp::create(rewriter, loc, warp, ib.c(warpsX));
    Value wx = arith::RemUIOp::create(rewriter, loc, warp, ib.c(warpsX));
    rowGroup = arith::DivUIOp::create(rewriter, loc, lane, ib.c(lanesX));
    colGroup = arith::RemUIOp::create(rewriter, loc, lane, ib.c(lanesX));
    rowOffset = ib.mul(wy, ib.c(wm));
    colOffset = ib.mul(wx, ib.c(wn));
    layout.warpRow = wy;
    layout.warpRows = wm;
    layout.rowGroups = wm / fma.tm;
    colGroups = lanesX;
  } else {
    rowGroup = threadIds.y;
    colGroup = threadIds.x;
    rowOffset = colOffset = ib.c(0);
    layout.warpRow = ib.c(0);
    layout.warpRows = config.getBM();
    layout.rowGroups = config.getThreadsY();
    colGroups = config.getThreadsX();
  }
  layout.rowChunk = fma.rowChunk;
  layout.colChunk = fma.colChunk;
  layout.rowBase = ib.add(rowOffset, ib.mul(rowGroup, ib.c(fma.rowChunk)));
  colBase = ib.add(colOffset, ib.mul(colGroup, ib.c(fma.colChunk)));
}

void FmaTile::emitAccumulatorIndices(
    function_ref<void(bool isRow, Value)> onIndex) {
  // Row (column) i of the fragment: chunk i / chunk of its group.
  auto fragmentIndex = [&](Value base, int64_t groups, int64_t chunk,
                           int64_t i) {
    return ib.add(base, ib.c((i / chunk) * groups * chunk + i % chunk));
  };
  for (int64_t i = 0; i < fma.tm; ++i) {
    layout.rows.push_back(
        fragmentIndex(layout.rowBase, layout.rowGroups, fma.rowChunk, i));
    onIndex(true, layout.rows.back());
  }
  for (int64_t j = 0; j < fma.tn; ++j) {
    layout.cols.push_back(fragmentIndex(colBase, colGroups, fma.colChunk, j));
    onIndex(false, layout.cols.back());
  }
}

/// A thread's A values (K-major panel) and B values for one k lie along a
/// panel row: one 16-byte load per chunk of 4 where the row pitch keeps
/// chunks aligned. A staged as is is read down a column, element by
/// element.
SmallVector<Value> FmaTile::loadFragment(OperandSource source, Value kk,
                                         ArrayRef<Value> index, bool alongRow,
                                         bool vectorize) {
  auto at = [&](Value i) {
    return alongRow ? getStagedIndex(source.stage, kk, i)
                    : getStagedIndex(source.stage, i, kk);
  };
  SmallVector<Value> values;
  if (vectorize) {
    for (size_t q = 0; q < index.size(); q += 4) {
      Value v = vector::LoadOp::create(
          rewriter, loc, VectorType::get({4}, ctx.elementType()),
          source.buffer, at(index[q]), /*nontemporal=*/false,
          llvm::MaybeAlign(16));
      for (int64_t e = 0; e < 4; ++e)
        values.push_back(vector::ExtractOp::create(rewriter, loc, v, e));
    }
    return values;
  }
  for (Value i : index)
    values.push_back(
        memref::LoadOp::create(rewriter, loc, source.buffer, at(i)));
  return values;
}

/// b_row_groups's B values of panel row kk + e (kk a multiple of 4; class e)
/// for the thread's columns, read where they landed: element t of the
/// class's run (column t - s_e of the panel row) is in box t / width at t %
/// width. Chunks of 4 columns are one aligned 16-byte load where s_e is 0,
/// else the two around them, the chunk picked out by a constant shuffle.
SmallVector<Value> FmaTile::loadRowGroupFragment(OperandSource source,
                                                 Value kk, int64_t e) {
  const RowGroupBoxes &boxes = ctx.plan.bBoxes;
  int64_t shift = e * ctx.plan.problem.n % 4;
  Value r = arith::DivUIOp::create(rewriter, loc, kk, ib.c(4));
  auto index = [&](Value t) -> SmallVector<Value> {
    Value box =
        ib.add(arith::DivUIOp::create(rewriter, loc, t, ib.c(boxes.width)),
               ib.c(e * boxes.count));
    return {source.stage, box, r,
            arith::RemUIOp::create(rewriter, loc, t, ib.c(boxes.width))};
  };
  SmallVector<Value> values;
  if (fma.colChunk % 4 != 0) {
    for (Value col : layout.cols)
      values.push_back(memref::LoadOp::create(
          rewriter, loc, source.buffer, index(ib.add(col, ib.c(shift)))));
    return values;
  }
  auto vec4 = VectorType::get({4}, ctx.elementType());
  auto load = [&](Value t) -> Value {
    return vector::LoadOp::create(rewriter, loc, vec4, source.buffer,
                                  index(t), /*nontemporal=*/false,
                                  llvm::MaybeAlign(16));
  };
  for (size_t q = 0; q < layout.cols.size(); q += 4) {
    Value chunk = load(layout.cols[q]);
    if (shift != 0)
      chunk = vector::ShuffleOp::create(
          rewriter, loc, chunk, load(ib.add(layout.cols[q], ib.c(4))),
          ArrayRef<int64_t>{shift, shift + 1, shift + 2, shift + 3});
    for (int64_t i = 0; i < 4; ++i)
      values.push_back(vector::ExtractOp::create(rewriter, loc, chunk, i));
  }
  return values;
}

/// acc[i][j] += A[row_i, kk] * B[kk, col_j] over the full padded BK (zeros
/// beyond K contribute nothing).
SmallVector<Value> FmaTile::emitStep(OperandSource a, OperandSource b,
                                     ValueRange accs) {
  int64_t pad = config.getPad(), bk = config.getBK();
  int64_t tm = fma.tm, tn = fma.tn;
  Type elementType = ctx.elementType();
  bool aVectorizable = fma.aKMajor && (config.getBM() + pad) % 4 == 0;
  bool bVectorizable = tn % 4 == 0 && (config.getBN() + pad) % 4 == 0;
  // A staged as is (BM x BK): a thread's value of row i for 4 consecutive k
  // is one 16-byte load when the row pitch keeps them aligned, so the loop
  // walks k in groups of 4 and loads TM vectors per group instead of TM
  // scalars per k.
  bool aAlongK = !fma.aKMajor && bk % 4 == 0 && (bk + pad) % 4 == 0 &&
                 elementType.getIntOrFloatBitWidth() == 32;
  // b_row_groups: row kk + e of a group of 4 is of class e.
  bool bRowGroups = ctx.plan.copy[1].layout == PanelLayout::RowClassBoxes;
  int64_t group = aAlongK || bRowGroups ? 4 : 1;
  // The outer product in serpentine order (as CUTLASS's SIMT MMA): along
  // the rows of the fragment, every other row walked backwards (or down its
  // columns, every other column upwards: `fma_order`), so consecutive FMAs
  // share an operand and ptxas can keep it in an operand reuse cache
  // instead of reading the register file again.
  bool byColumns = config.getFmaOrder() == FmaOrder::Columns;
  auto outerProduct = [&](ArrayRef<Value> av, ArrayRef<Value> bv,
                          SmallVector<Value> &acc) {
    int64_t outer = byColumns ? tn : tm, inner = byColumns ? tm : tn;
    for (int64_t o = 0; o < outer; ++o)
      for (int64_t q = 0; q < inner; ++q) {
        int64_t p = o % 2 == 0 ? q : inner - 1 - q;
        int64_t i = byColumns ? p : o, j = byColumns ? o : p;
        acc[i * tn + j] =
            math::FmaOp::create(rewriter, loc, av[i], bv[j], acc[i * tn + j]);
      }
  };
  kkLoop = scf::ForOp::create(
      rewriter, loc, ib.c(0), ib.c(bk), ib.c(group), accs,
      [&](OpBuilder &, Location, Value kk, ValueRange accIn) {
        SmallVector<Value> acc(accIn);
        auto vec4 = VectorType::get({4}, elementType);
        SmallVector<Value> aRows;
        if (aAlongK)
          for (Value row : layout.rows)
            aRows.push_back(vector::LoadOp::create(
                rewriter, loc, vec4, a.buffer,
                getStagedIndex(a.stage, row, kk),
                /*nontemporal=*/false, llvm::MaybeAlign(16)));
        for (int64_t e = 0; e < group; ++e) {
          Value k = e == 0 ? kk : ib.add(kk, ib.c(e));
          SmallVector<Value> av;
          if (aAlongK) {
            for (Value v : aRows)
              av.push_back(vector::ExtractOp::create(rewriter, loc, v, e));
          } else {
            av = loadFragment(a, k, layout.rows, /*alongRow=*/fma.aKMajor,
                              aVectorizable);
          }
          SmallVector<Value> bv =
              bRowGroups ? loadRowGroupFragment(b, kk, e)
                         : loadFragment(b, k, layout.cols,
                                        /*alongRow=*/true, bVectorizable);
          outerProduct(av, bv, acc);
        }
        scf::YieldOp::create(rewriter, loc, acc);
      });
  return SmallVector<Value>(kkLoop.getResults());
}

/// The BK steps of one panel are unrolled: every register index is then a
/// compile-time constant and ptxas schedules the whole panel.
LogicalResult FmaTile::finish() {
  if (ctx.plan.unrollPanelLoop && failed(loopUnrollFull(kkLoop)))
    return failure();
  return success();
}

std::unique_ptr<InstructionTile> mlir::tileopt::createFmaTile(KernelContext &ctx) {
  return std::make_unique<FmaTile>(ctx);
}
