//===- SplitBatch.cpp - batch_matmul as a loop of matmuls ----------------===//
//
// Implements --tile-split-batch: a memref-form `linalg.batch_matmul` becomes
// an scf.forall over its batch (mapped to #gpu.block<z>, marked tile.batch)
// of one `linalg.matmul` on the batch's rank-reduced views (with the 2-D
// maps of transposed operands), which the 2-D pipeline compiles;
// --tile-map-to-gpu turns the loop into the grid's z.
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
  /// A[b] and B[b] (each as stored, or transposed), or A or B broadcast
  /// ((b, m, n, k) -> (m, k), (k, n): read as it is by every batch): a
  /// loop over the batch.
  Loop,
  /// B broadcast, A (not transposed) and C dense: the batch folds into M,
  /// one matmul of (batch x M) x K A and (batch x M) x N C.
  FoldIntoM,
};

/// How a batch_matmul reads its operands: its form and the indexing maps
/// of the 2-D matmul that stands for one batch (empty: linalg's default).
struct BatchShape {
  BatchForm form = BatchForm::None;
  SmallVector<AffineMap, 3> matmulMaps;
};
} // namespace

/// The batch_matmul's form: A (b, m, k), (b, k, m) or broadcast (m, k),
/// B (b, k, n), (b, n, k) or broadcast (k, n) (linalg admits no transposed
/// broadcast), one of them batched, and C (b, m, n) is a loop, except
/// that B broadcast with A (b, m, k) and dense A and C folds into M. The
/// matmul of one batch reads A and B as the batch_matmul does (its maps
/// drop b).
static BatchShape getBatchShape(linalg::BatchMatmulOp op) {
  if (!op.hasPureBufferSemantics())
    return {};
  SmallVector<int64_t, 3> ranks;
  for (Value v : op->getOperands()) {
    auto type = dyn_cast<MemRefType>(v.getType());
    if (!type || !type.hasStaticShape())
      return {};
    ranks.push_back(type.getRank());
  }
  MLIRContext *ctx = op.getContext();
  // (b, m, n, k) = d0..d3; the 2-D matmul's (m, n, k) = d0..d2.
  auto map = [&](unsigned dims, ArrayRef<unsigned> results) {
    SmallVector<AffineExpr, 3> exprs;
    for (unsigned r : results)
      exprs.push_back(getAffineDimExpr(r, ctx));
    return AffineMap::get(dims, 0, exprs, ctx);
  };
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  if (maps.size() != 3 || maps[2] != map(4, {0, 1, 2}))
    return {};
  if (ranks[2] != 3 || ranks[0] + ranks[1] < 5)
    return {};
  std::optional<bool> transposeA, transposeB;
  if (maps[0] == map(4, {0, 1, 3}) ||
      (ranks[0] == 2 && maps[0] == map(4, {1, 3})))
    transposeA = false;
  else if (maps[0] == map(4, {0, 3, 1}))
    transposeA = true;
  if (maps[1] == map(4, {0, 3, 2}) || maps[1] == map(4, {3, 2}))
    transposeB = false;
  else if (maps[1] == map(4, {0, 2, 3}))
    transposeB = true;
  if (!transposeA || !transposeB ||
      maps[0].getNumResults() != unsigned(ranks[0]) ||
      maps[1].getNumResults() != unsigned(ranks[1]))
    return {};
  BatchShape shape;
  if (*transposeA || *transposeB)
    shape.matmulMaps = {*transposeA ? map(3, {2, 0}) : map(3, {0, 2}),
                        *transposeB ? map(3, {1, 2}) : map(3, {2, 1}),
                        map(3, {0, 1})};
  auto dense = [](Value v) {
    return cast<MemRefType>(v.getType()).getLayout().isIdentity();
  };
  shape.form = ranks[1] == 2 && !*transposeA &&
                       dense(op.getDpsInputs()[0]) &&
                       dense(op.getDpsInits()[0])
                   ? BatchForm::FoldIntoM
                   : BatchForm::Loop;
  return shape;
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

/// The elementwise ops after a batch folded into M (C's (batch x M) x N
/// view `rows` of `c`), folded with it where each operand folds: ops over
/// (b, m, n) that read the value so far, every operand at (b, m, n), (b, m)
/// or (n), become the same ops over ((b, m), n) on collapsed views (C's the
/// matmul's), so that they fuse into its kernel like a 2-D matmul's. The
/// first op that does not fold ends the chain and stays as it is.
static void foldEpilogueOps(RewriterBase &rewriter, Operation *matmul, Value c,
                            Value rows) {
  MLIRContext *ctx = matmul->getContext();
  AffineExpr b = getAffineDimExpr(0, ctx), m = getAffineDimExpr(1, ctx),
             n = getAffineDimExpr(2, ctx);
  AffineExpr r = getAffineDimExpr(0, ctx), col = getAffineDimExpr(1, ctx);
  // The folded map of each map that folds, and its operand's reassociation.
  auto fold = [&](AffineMap map)
      -> std::optional<
          std::pair<AffineMap, SmallVector<ReassociationIndices>>> {
    if (map == AffineMap::get(3, 0, {b, m, n}, ctx))
      return std::make_pair(AffineMap::get(2, 0, {r, col}, ctx),
                            SmallVector<ReassociationIndices>{{0, 1}, {2}});
    if (map == AffineMap::get(3, 0, {b, m}, ctx))
      return std::make_pair(AffineMap::get(2, 0, {r}, ctx),
                            SmallVector<ReassociationIndices>{{0, 1}});
    if (map == AffineMap::get(3, 0, {n}, ctx))
      return std::make_pair(AffineMap::get(2, 0, {col}, ctx),
                            SmallVector<ReassociationIndices>{});
    return std::nullopt;
  };
  DenseMap<Value, Value> collapsed{{c, rows}};
  Value current = c;
  for (Operation *op = matmul->getNextNode(); op;) {
    Operation *next = op->getNextNode();
    if (isa<memref::AllocOp>(op) || isPure(op)) {
      op = next;
      continue;
    }
    auto generic = dyn_cast<linalg::GenericOp>(op);
    if (!generic || !llvm::is_contained(op->getOperands(), current) ||
        !generic.hasPureBufferSemantics() || generic.getNumLoops() != 3 ||
        generic.getNumParallelLoops() != 3 || generic.hasIndexSemantics() ||
        generic.getNumDpsInits() != 1)
      return;
    SmallVector<AffineMap> maps;
    SmallVector<Value> operands;
    rewriter.setInsertionPoint(op);
    for (OpOperand &operand : op->getOpOperands()) {
      auto folded = fold(generic.getMatchingIndexingMap(&operand));
      auto type = dyn_cast<MemRefType>(operand.get().getType());
      if (!folded || !type || !type.getLayout().isIdentity()) {
        op->emitRemark()
            << "not fused into the kernel of the matmul: its batch folds "
               "into M (B is one matrix for every batch), and operand #"
            << operand.getOperandNumber()
            << " is not a dense buffer read at (b, m, n), (b, m) or (n)";
        return;
      }
      maps.push_back(folded->first);
      Value &view = collapsed[operand.get()];
      if (!view)
        view = folded->second.empty()
                   ? operand.get()
                   : memref::CollapseShapeOp::create(
                         rewriter, op->getLoc(), operand.get(), folded->second);
      operands.push_back(view);
    }
    int64_t inputs = generic.getNumDpsInputs();
    auto folded = linalg::GenericOp::create(
        rewriter, op->getLoc(), TypeRange{},
        ArrayRef(operands).take_front(inputs),
        ArrayRef(operands).drop_front(inputs), maps,
        SmallVector<utils::IteratorType>(2, utils::IteratorType::parallel));
    rewriter.inlineRegionBefore(generic.getRegion(), folded.getRegion(),
                                folded.getRegion().begin());
    current = generic.getDpsInits()[0];
    rewriter.eraseOp(op);
    op = next;
  }
}

/// The batch loop of `op` (or, B broadcast, the matmul of the batch folded
/// into M, and the elementwise ops after it), its zero fill of C (if any)
/// moved to the matmul.
static void splitBatch(RewriterBase &rewriter, linalg::BatchMatmulOp op,
                       const BatchShape &shape) {
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
    SmallVector<NamedAttribute, 1> maps;
    if (!shape.matmulMaps.empty())
      maps.push_back(rewriter.getNamedAttr(
          "indexing_maps", rewriter.getAffineMapArrayAttr(shape.matmulMaps)));
    auto matmul = linalg::MatmulOp::create(
        rewriter, loc, ValueRange{aView, bView}, ValueRange{cView}, maps);
    // A config given on the batch_matmul is the matmul's.
    if (Attribute config = op->getAttr(kConfigAttrName))
      matmul->setAttr(kConfigAttrName, config);
    rewriter.eraseOp(op);
  };
  if (shape.form == BatchForm::FoldIntoM) {
    SmallVector<ReassociationIndices> rows = {{0, 1}, {2}};
    Value aRows = memref::CollapseShapeOp::create(rewriter, loc, a, rows);
    Value cRows = memref::CollapseShapeOp::create(rewriter, loc, c, rows);
    Operation *next = op->getNextNode();
    matmulOf(aRows, b, cRows);
    foldEpilogueOps(rewriter, next->getPrevNode(), c, cRows);
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
  // A broadcast operand is every batch's as it is.
  auto viewOf = [&](Value v) {
    return cast<MemRefType>(v.getType()).getRank() == 3
               ? makeBatchView(rewriter, loc, v, index)
               : v;
  };
  // (In this order: argument evaluation order is unspecified.)
  Value aView = viewOf(a), bView = viewOf(b);
  matmulOf(aView, bView, viewOf(c));
}

namespace {
struct SplitBatchPass
    : public tileopt::impl::SplitBatchPassBase<SplitBatchPass> {
  void runOnOperation() override {
    SmallVector<std::pair<linalg::BatchMatmulOp, BatchShape>> ops;
    getOperation()->walk([&](linalg::BatchMatmulOp op) {
      if (BatchShape shape = getBatchShape(op); shape.form != BatchForm::None)
        ops.push_back({op, shape});
    });
    IRRewriter rewriter(&getContext());
    for (auto &[op, shape] : ops) {
      splitBatch(rewriter, op, shape);
      ++numSplit;
    }
  }
};
} // namespace
