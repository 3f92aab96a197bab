//===- SplitBatch.cpp - batch_matmul as a loop of matmuls ----------------===//
//
// Implements --tile-split-batch: a memref-form `linalg.batch_matmul` becomes
// an scf.forall over its batch (mapped to #gpu.block<z>, marked tile.batch)
// of one `linalg.matmul` on the batch's rank-reduced views, which the 2-D
// pipeline compiles; --tile-map-to-gpu turns the loop into the grid's z.
//
//===----------------------------------------------------------------------===//
#include "TileOpt/Dialect/TileDialect.h"
#include "TileOpt/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::tileopt {
#define GEN_PASS_DEF_SPLITBATCHPASS
#include "TileOpt/Transforms/Passes.h.inc"
} // namespace mlir::tileopt

using namespace mlir;
using namespace mlir::tileopt;

namespace {
/// How the pass rewrites a batch_matmul of static memrefs.
enum class BatchForm {
  None,
  /// linalg's default indexing maps: a loop over the batch.
  Loop,
  /// B broadcast ((b, m, n, k) -> (k, n)), A and C dense: the batch folds
  /// into M, one matmul of (batch x M) x K A and (batch x M) x N C.
  FoldIntoM,
};
} // namespace

static BatchForm getBatchForm(linalg::BatchMatmulOp op) {
  if (!op.hasPureBufferSemantics())
    return BatchForm::None;
  SmallVector<int64_t, 3> ranks;
  for (Value v : op->getOperands()) {
    auto type = dyn_cast<MemRefType>(v.getType());
    if (!type || !type.hasStaticShape())
      return BatchForm::None;
    ranks.push_back(type.getRank());
  }
  MLIRContext *ctx = op.getContext();
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  SmallVector<AffineMap> defaults =
      linalg::BatchMatmulOp::getDefaultIndexingMaps(ctx);
  if (maps == defaults && ranks == SmallVector<int64_t, 3>{3, 3, 3})
    return BatchForm::Loop;
  AffineMap broadcastB = AffineMap::get(
      4, 0, {getAffineDimExpr(3, ctx), getAffineDimExpr(2, ctx)}, ctx);
  auto dense = [](Value v) {
    return cast<MemRefType>(v.getType()).getLayout().isIdentity();
  };
  if (maps[0] == defaults[0] && maps[1] == broadcastB &&
      maps[2] == defaults[2] && ranks == SmallVector<int64_t, 3>{3, 2, 3} &&
      dense(op.getDpsInputs()[0]) && dense(op.getDpsInits()[0]))
    return BatchForm::FoldIntoM;
  return BatchForm::None;
}

/// The batch `b`'s rank-reduced view of the 3-D buffer `v`.
static Value makeBatchView(RewriterBase &rewriter, Location loc, Value v,
                           Value b) {
  auto type = cast<MemRefType>(v.getType());
  SmallVector<OpFoldResult> offsets = {b, rewriter.getIndexAttr(0),
                                       rewriter.getIndexAttr(0)};
  SmallVector<OpFoldResult> sizes = {rewriter.getIndexAttr(1),
                                     rewriter.getIndexAttr(type.getDimSize(1)),
                                     rewriter.getIndexAttr(type.getDimSize(2))};
  SmallVector<OpFoldResult> strides(3, rewriter.getIndexAttr(1));
  auto viewType = memref::SubViewOp::inferRankReducedResultType(
      type.getShape().drop_front(), type, offsets, sizes, strides);
  return memref::SubViewOp::create(rewriter, loc, cast<MemRefType>(viewType),
                                   v, offsets, sizes, strides);
}

/// The batch loop of `op` (or, B broadcast, the matmul of the batch folded
/// into M), its zero fill of C (if any) moved to the matmul.
static void splitBatch(RewriterBase &rewriter, linalg::BatchMatmulOp op,
                       BatchForm form) {
  Location loc = op.getLoc();
  MLIRContext *ctx = op.getContext();
  Value a = op.getDpsInputs()[0], b = op.getDpsInputs()[1];
  Value c = op.getDpsInits()[0];
  int64_t batch = cast<MemRefType>(c.getType()).getDimSize(0);
  auto fill = dyn_cast_or_null<linalg::FillOp>(op->getPrevNode());
  if (fill && (!fill.hasPureBufferSemantics() ||
               fill.getDpsInits()[0] != c ||
               !matchPattern(fill.getInputs()[0], m_AnyZeroFloat())))
    fill = {};
  rewriter.setInsertionPoint(op);
  auto matmulOf = [&](Value aView, Value bView, Value cView) {
    if (fill) {
      linalg::FillOp::create(rewriter, fill.getLoc(), fill.getInputs(),
                             ValueRange{cView});
      rewriter.eraseOp(fill);
    }
    auto matmul = linalg::MatmulOp::create(
        rewriter, loc, ValueRange{aView, bView}, ValueRange{cView});
    // A config given on the batch_matmul is the matmul's.
    if (Attribute config = op->getAttr(kConfigAttrName))
      matmul->setAttr(kConfigAttrName, config);
    rewriter.eraseOp(op);
  };
  if (form == BatchForm::FoldIntoM) {
    SmallVector<ReassociationIndices> rows = {{0, 1}, {2}};
    Value aRows = memref::CollapseShapeOp::create(rewriter, loc, a, rows);
    matmulOf(aRows, b, memref::CollapseShapeOp::create(rewriter, loc, c, rows));
    return;
  }
  auto loop = scf::ForallOp::create(
      rewriter, loc, ArrayRef<OpFoldResult>{rewriter.getIndexAttr(batch)},
      ValueRange{},
      rewriter.getArrayAttr(
          {gpu::GPUBlockMappingAttr::get(ctx, gpu::MappingId::DimZ)}));
  loop->setAttr(kBatchAttrName, rewriter.getUnitAttr());
  rewriter.setInsertionPointToStart(loop.getBody());
  Value index = loop.getInductionVar(0);
  Value aView = makeBatchView(rewriter, loc, a, index);
  Value bView = makeBatchView(rewriter, loc, b, index);
  matmulOf(aView, bView, makeBatchView(rewriter, loc, c, index));
}

namespace {
struct SplitBatchPass
    : public tileopt::impl::SplitBatchPassBase<SplitBatchPass> {
  void runOnOperation() override {
    SmallVector<std::pair<linalg::BatchMatmulOp, BatchForm>> ops;
    getOperation()->walk([&](linalg::BatchMatmulOp op) {
      if (BatchForm form = getBatchForm(op); form != BatchForm::None)
        ops.push_back({op, form});
    });
    IRRewriter rewriter(&getContext());
    for (auto [op, form] : ops) {
      splitBatch(rewriter, op, form);
      ++numSplit;
    }
  }
};
} // namespace
