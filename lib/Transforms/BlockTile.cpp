//===- BlockTile.cpp - Block tiling with the upstream tiling interface ---===//
//
// Implements --tile-block-tile and `tileMatmulToBlocks`: BM x BN output tiles
// as an scf.forall mapped to GPU blocks, K in steps of BK as an scf.for, both
// through `scf::tileUsingSCF`.
//
//===----------------------------------------------------------------------===//
#include "TileOpt/Analysis/MatmulProblem.h"
#include "TileOpt/Transforms/Passes.h"
#include "TileOpt/Transforms/Transforms.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

namespace mlir::tileopt {
#define GEN_PASS_DEF_BLOCKTILEPASS
#include "TileOpt/Transforms/Passes.h.inc"
} // namespace mlir::tileopt

using namespace mlir;
using namespace mlir::tileopt;

FailureOr<scf::ForallOp>
mlir::tileopt::tileMatmulToBlocks(RewriterBase &rewriter, linalg::MatmulOp matmul,
                               ConfigAttr config) {
  if (!config || config.getStrategy() != Strategy::Tiled)
    return matmul.emitOpError()
           << "has no tiled #tile.config (run --tile-configure)";
  if (!matmul.hasPureBufferSemantics())
    return matmul.emitOpError()
           << "must be in memref form to be tiled for the GPU; bufferize "
              "tensors first (--one-shot-bufferize)";
  FailureOr<MatmulProblem> problem = getSupportedMatmulProblem(matmul);
  if (failed(problem))
    return failure();
  MLIRContext *ctx = rewriter.getContext();
  if (linalg::FillOp fill = getFoldableZeroFill(matmul)) {
    problem->accumulate = false;
    rewriter.eraseOp(fill);
  }

  // Output tiles: scf.forall over (M, N), mapped to blocks (y over M, x over
  // N, so that consecutive blocks share rows of A).
  scf::SCFTilingOptions blockOptions;
  blockOptions.setLoopType(scf::SCFTilingOptions::LoopType::ForallOp);
  blockOptions.setTileSizes(getAsIndexOpFoldResult(
      ctx, ArrayRef<int64_t>{config.getBM(), config.getBN(), 0}));
  blockOptions.setMapping(
      {gpu::GPUBlockMappingAttr::get(ctx, gpu::MappingId::DimY),
       gpu::GPUBlockMappingAttr::get(ctx, gpu::MappingId::DimX)});
  rewriter.setInsertionPoint(matmul);
  FailureOr<scf::SCFTilingResult> blocks = scf::tileUsingSCF(
      rewriter, cast<TilingInterface>(matmul.getOperation()), blockOptions);
  if (failed(blocks) || blocks->loops.size() != 1)
    return matmul.emitOpError() << "could not be tiled into "
                                << config.getBM() << " x " << config.getBN()
                                << " blocks";
  rewriter.eraseOp(matmul);
  auto forall = cast<scf::ForallOp>(blocks->loops.front().getOperation());

  // K steps: scf.for over K inside each output tile.
  Operation *tile = blocks->tiledOps.back();
  scf::SCFTilingOptions kOptions;
  kOptions.setLoopType(scf::SCFTilingOptions::LoopType::ForOp);
  kOptions.setTileSizes(
      getAsIndexOpFoldResult(ctx, ArrayRef<int64_t>{0, 0, config.getBK()}));
  rewriter.setInsertionPoint(tile);
  FailureOr<scf::SCFTilingResult> ks =
      scf::tileUsingSCF(rewriter, cast<TilingInterface>(tile), kOptions);
  if (failed(ks))
    return tile->emitOpError() << "could not be tiled along K by "
                               << config.getBK();
  rewriter.eraseOp(tile);

  // Tidy up for the later passes and for readers: the forall counts tiles
  // (0 to ceil(M/BM) step 1), what does not depend on k leaves the K loop
  // (the C tile in particular), and dead index arithmetic goes.
  FailureOr<scf::ForallOp> normalized = normalizeForallOp(rewriter, forall);
  if (failed(normalized))
    return forall.emitOpError() << "could not be normalized";
  forall = *normalized;
  forall.getBody()->walk([&](scf::ForOp loop) { moveLoopInvariantCode(loop); });
  SmallVector<Operation *> ops;
  forall.getBody()->walk([&](Operation *op) { ops.push_back(op); });
  for (Operation *op : llvm::reverse(ops))
    if (isOpTriviallyDead(op))
      rewriter.eraseOp(op);

  forall->setAttr(kConfigAttrName, config);
  forall->setAttr(kProblemAttrName, problem->toAttr(ctx));
  return forall;
}

namespace {
struct BlockTilePass : public tileopt::impl::BlockTilePassBase<BlockTilePass> {
  void runOnOperation() override {
    SmallVector<linalg::MatmulOp> matmuls;
    getOperation()->walk([&](linalg::MatmulOp op) {
      auto config = op->getAttrOfType<ConfigAttr>(kConfigAttrName);
      if (config && config.getStrategy() == Strategy::Tiled)
        matmuls.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (linalg::MatmulOp matmul : matmuls) {
      auto config = matmul->getAttrOfType<ConfigAttr>(kConfigAttrName);
      if (failed(tileMatmulToBlocks(rewriter, matmul, config)))
        return signalPassFailure();
      ++numTiled;
    }
  }
};
} // namespace
