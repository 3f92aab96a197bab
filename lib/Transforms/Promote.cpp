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
  int64_t shapes[2][2] = {{config.getBM(), config.getBK()},
                          {config.getBK(), config.getBN()}};

  // The buffers live in the block tile's body: inside the kernel, once per
  // block, not at function entry.
  rewriter.setInsertionPointToStart(forall.getBody());
  Value buffers[2];
  for (int i = 0; i < 2; ++i) {
    auto type = MemRefType::get(shapes[i], elementType,
                                MemRefLayoutAttrInterface(), workgroup);
    buffers[i] = memref::AllocOp::create(rewriter, loc, type);
  }

  // Each K step copies the (possibly partial) panel into the top-left corner
  // of its buffer; the matmul reads that view.
  rewriter.setInsertionPoint(matmul);
  for (int i = 0; i < 2; ++i) {
    Value panel = matmul.getDpsInputs()[i];
    SmallVector<OpFoldResult> sizes =
        memref::getMixedSizes(rewriter, loc, panel);
    SmallVector<OpFoldResult> zeros(2, rewriter.getIndexAttr(0));
    SmallVector<OpFoldResult> ones(2, rewriter.getIndexAttr(1));
    Value view = memref::SubViewOp::create(rewriter, loc, buffers[i], zeros,
                                           sizes, ones);
    memref::CopyOp::create(rewriter, loc, panel, view);
    rewriter.modifyOpInPlace(matmul, [&]() { matmul->setOperand(i, view); });
  }
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
