//===- Promote.cpp - Stage A/B panels in workgroup memory ----------------===//
//
// Implements --tile-promote and `promoteBlockTileOperands`: the A and B
// panels of each K step are copied into workgroup buffers allocated inside
// the block tile (the future kernel), and the matmul reads them there.
//
//===----------------------------------------------------------------------===//
#include "TileOpt/Transforms/KernelUtils.h"
#include "TileOpt/Transforms/Passes.h"
#include "TileOpt/Transforms/Transforms.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Utils/MemRefUtils.h"

namespace mlir::tileopt {
#define GEN_PASS_DEF_PROMOTEPASS
#include "TileOpt/Transforms/Passes.h.inc"
} // namespace mlir::tileopt

using namespace mlir;
using namespace mlir::tileopt;

LogicalResult mlir::tileopt::promoteBlockTileOperands(RewriterBase &rewriter,
                                                   scf::ForallOp forall) {
  auto config = forall->getAttrOfType<ConfigAttr>(kConfigAttrName);
  if (!config)
    return forall.emitOpError() << "is not a block tile (no tile.config)";
  SmallVector<linalg::MatmulOp> matmuls;
  forall.getBody()->walk([&](linalg::MatmulOp op) { matmuls.push_back(op); });
  if (matmuls.size() != 1)
    return forall.emitOpError()
           << "block tile must hold exactly one matmul, found "
           << matmuls.size();
  linalg::MatmulOp matmul = matmuls.front();
  if (llvm::all_of(matmul.getDpsInputs(), [](Value v) {
        return isWorkgroupMemRef(v.getType());
      }))
    return success(); // already promoted

  MLIRContext *ctx = rewriter.getContext();
  Location loc = matmul.getLoc();
  auto workgroup =
      gpu::AddressSpaceAttr::get(ctx, gpu::GPUDialect::getWorkgroupAddressSpace());
  Type elementType = getElementTypeOrSelf(matmul.getDpsInputs()[0].getType());
  int64_t bm = config.getBM(), bn = config.getBN(), bk = config.getBK();
  int64_t pad = config.getPad();
  // A is staged K-major (BK x BM) when threads hold 4 or more rows (TM % 4 ==
  // 0): a thread's TM values of A for one k are then consecutive, 16-byte
  // loads. With fewer rows per thread a row-major A panel (BM x BK) is
  // better: its stores are conflict-free and a warp's loads of it broadcast.
  // B keeps its layout (BK x BN). Each row is padded by `pad` elements.
  // Operands stored transposed (A as K x M, B as N x K; the 16-bit wgmma
  // tile reads them so) are staged as stored.
  std::optional<MatmulProblem> problem = MatmulProblem::fromAttr(
      forall->getAttrOfType<DictionaryAttr>(kProblemAttrName));
  OperandLayout layout = problem ? problem->layout : OperandLayout();
  bool aKMajor = config.isAKMajor() && !layout.transposeA;
  bool aStoredKMajor = aKMajor || layout.transposeA;
  int64_t shapes[2][2] = {
      {aStoredKMajor ? bk : bm, (aStoredKMajor ? bm : bk) + pad},
      {layout.transposeB ? bn : bk, (layout.transposeB ? bk : bn) + pad}};

  // The buffers live in the block tile's body: inside the kernel, once per
  // block, not at function entry.
  rewriter.setInsertionPointToStart(forall.getBody());
  Value buffers[2];
  for (int i = 0; i < 2; ++i) {
    auto type = MemRefType::get(shapes[i], elementType,
                                MemRefLayoutAttrInterface(), workgroup);
    buffers[i] = memref::AllocOp::create(rewriter, loc, type);
  }

  // Each K step copies the (possibly partial) panels into the top-left corner
  // of their buffers; the matmul reads those views (a K-major A through a
  // transposed view, so it still sees M x K).
  rewriter.setInsertionPoint(matmul);
  SmallVector<OpFoldResult> zeros(2, rewriter.getIndexAttr(0));
  SmallVector<OpFoldResult> ones(2, rewriter.getIndexAttr(1));
  Value aPanel = matmul.getDpsInputs()[0], bPanel = matmul.getDpsInputs()[1];
  SmallVector<OpFoldResult> aSizes = memref::getMixedSizes(rewriter, loc, aPanel);
  SmallVector<OpFoldResult> bSizes = memref::getMixedSizes(rewriter, loc, bPanel);
  Value aOperand;
  if (aKMajor) {
    Value aView = memref::SubViewOp::create(rewriter, loc, buffers[0], zeros,
                                            {aSizes[1], aSizes[0]}, ones);
    linalg::TransposeOp::create(rewriter, loc, aPanel, aView,
                                ArrayRef<int64_t>{1, 0});
    aOperand = memref::TransposeOp::create(
        rewriter, loc, aView,
        AffineMapAttr::get(AffineMap::getPermutationMap(
            ArrayRef<unsigned>{1, 0}, rewriter.getContext())));
  } else {
    aOperand = memref::SubViewOp::create(rewriter, loc, buffers[0], zeros,
                                         aSizes, ones);
    memref::CopyOp::create(rewriter, loc, aPanel, aOperand);
  }
  Value bView =
      memref::SubViewOp::create(rewriter, loc, buffers[1], zeros, bSizes, ones);
  memref::CopyOp::create(rewriter, loc, bPanel, bView);
  rewriter.modifyOpInPlace(matmul, [&]() {
    matmul->setOperand(0, aOperand);
    matmul->setOperand(1, bView);
  });
  return success();
}

namespace {
struct PromotePass : public tileopt::impl::PromotePassBase<PromotePass> {
  void runOnOperation() override {
    SmallVector<scf::ForallOp> tiles;
    getOperation()->walk([&](scf::ForallOp op) {
      if (op->hasAttr(kConfigAttrName) && op->hasAttr(kProblemAttrName))
        tiles.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (scf::ForallOp forall : tiles) {
      if (failed(promoteBlockTileOperands(rewriter, forall)))
        return signalPassFailure();
      numPromoted += 2;
    }
  }
};
} // namespace
