//===- MapNaive.cpp - One output per thread: the baseline kernel ---------===//
//
// Implements --tile-map-naive and `mapMatmulToNaiveLaunch`: a memref-form
// `linalg.matmul` becomes a `gpu.launch` in which thread (tx, ty) of block
// (bx, by) computes C[by*BM + ty, bx*BN + tx] with a register accumulator and
// a bounds check, so any M, N, K >= 1 is computed exactly once per element.
//
//===----------------------------------------------------------------------===//
#include "TileOpt/Analysis/MatmulProblem.h"
#include "TileOpt/Transforms/Passes.h"
#include "TileOpt/Transforms/Transforms.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::tile {
#define GEN_PASS_DEF_MAPNAIVEPASS
#include "TileOpt/Transforms/Passes.h.inc"
} // namespace mlir::tile

using namespace mlir;
using namespace mlir::tile;

/// Returns the `linalg.fill` of zero into `matmul`'s output buffer directly
/// before it, if any: such a fill can be folded into the kernel.
static linalg::FillOp getFoldableZeroFill(linalg::MatmulOp matmul) {
  auto fill = dyn_cast_or_null<linalg::FillOp>(matmul->getPrevNode());
  if (!fill || !fill.hasPureBufferSemantics() ||
      fill.getDpsInits()[0] != matmul.getDpsInits()[0])
    return {};
  if (!matchPattern(fill.getInputs()[0], m_AnyZeroFloat()))
    return {};
  return fill;
}

FailureOr<gpu::LaunchOp>
mlir::tile::mapMatmulToNaiveLaunch(RewriterBase &rewriter,
                                   linalg::MatmulOp matmul, ConfigAttr config,
                                   StringRef kernelName) {
  if (!config || config.getStrategy() != Strategy::Naive)
    return matmul.emitOpError()
           << "has no naive #tile.config (run --tile-configure)";
  if (!matmul.hasPureBufferSemantics())
    return matmul.emitOpError()
           << "must be in memref form to be mapped to a kernel; bufferize "
              "tensors first (--one-shot-bufferize)";
  FailureOr<MatmulProblem> problem = getSupportedMatmulProblem(matmul);
  if (failed(problem))
    return failure();

  Value a = matmul.getDpsInputs()[0], b = matmul.getDpsInputs()[1],
        c = matmul.getDpsInits()[0];
  linalg::FillOp fill = getFoldableZeroFill(matmul);
  problem->accumulate = !fill;

  MLIRContext *ctx = rewriter.getContext();
  Location loc = matmul.getLoc();
  rewriter.setInsertionPoint(matmul);
  auto index = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(rewriter, loc, v);
  };
  int64_t bm = config.getBM(), bn = config.getBN();
  Value one = index(1);
  auto launch = gpu::LaunchOp::create(
      rewriter, loc, /*gridSizeX=*/index(llvm::divideCeil(problem->n, bn)),
      /*gridSizeY=*/index(llvm::divideCeil(problem->m, bm)),
      /*gridSizeZ=*/one, /*blockSizeX=*/index(bn), /*blockSizeY=*/index(bm),
      /*blockSizeZ=*/one, /*dynamicSharedMemorySize=*/nullptr,
      /*asyncTokenType=*/nullptr, /*asyncDependencies=*/{},
      /*workgroupAttributions=*/{}, /*privateAttributions=*/{},
      /*clusterSizeX=*/nullptr, /*clusterSizeY=*/nullptr,
      /*clusterSizeZ=*/nullptr,
      FlatSymbolRefAttr::get(ctx, (kernelName + "_module").str()),
      FlatSymbolRefAttr::get(ctx, kernelName));
  launch->setAttr(kConfigAttrName, config);
  launch->setAttr(kProblemAttrName, problem->toAttr(ctx));

  // The body. The kernel operands (A, B, C) are used first, in that order, so
  // outlining makes them the kernel's parameters in that order; constants are
  // created inside so that they are not captured as parameters.
  Block &body = launch.getBody().front();
  rewriter.setInsertionPointToStart(&body);
  one = index(1);
  gpu::KernelDim3 blockIds = launch.getBlockIds();
  gpu::KernelDim3 threadIds = launch.getThreadIds();
  Value aArg = memref::AssumeAlignmentOp::create(rewriter, loc, a, kArgumentAlignment);
  Value bArg = memref::AssumeAlignmentOp::create(rewriter, loc, b, kArgumentAlignment);
  Value cArg = memref::AssumeAlignmentOp::create(rewriter, loc, c, kArgumentAlignment);
  Value row = arith::AddIOp::create(
      rewriter, loc, arith::MulIOp::create(rewriter, loc, blockIds.y, index(bm)),
      threadIds.y);
  Value col = arith::AddIOp::create(
      rewriter, loc, arith::MulIOp::create(rewriter, loc, blockIds.x, index(bn)),
      threadIds.x);
  Value inRows = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ult,
                                       row, index(problem->m));
  Value inCols = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ult,
                                       col, index(problem->n));
  Value inBounds = arith::AndIOp::create(rewriter, loc, inRows, inCols);
  auto ifOp = scf::IfOp::create(rewriter, loc, inBounds, /*withElse=*/false);
  rewriter.setInsertionPointToStart(&ifOp.getThenRegion().front());
  Value init =
      fill ? Value(arith::ConstantOp::create(
                 rewriter, loc, rewriter.getZeroAttr(problem->elementType)))
           : Value(memref::LoadOp::create(rewriter, loc, cArg,
                                          ValueRange{row, col}));
  auto kLoop = scf::ForOp::create(
      rewriter, loc, index(0), index(problem->k), one, ValueRange{init},
      [&](OpBuilder &b, Location l, Value k, ValueRange iterArgs) {
        Value av = memref::LoadOp::create(b, l, aArg, ValueRange{row, k});
        Value bv = memref::LoadOp::create(b, l, bArg, ValueRange{k, col});
        Value acc = math::FmaOp::create(b, l, av, bv, iterArgs[0]);
        scf::YieldOp::create(b, l, acc);
      });
  memref::StoreOp::create(rewriter, loc, kLoop.getResult(0), cArg,
                          ValueRange{row, col});
  rewriter.setInsertionPointToEnd(&body);
  gpu::TerminatorOp::create(rewriter, loc);

  if (fill)
    rewriter.eraseOp(fill);
  rewriter.eraseOp(matmul);
  return launch;
}

namespace {
struct MapNaivePass : public tile::impl::MapNaivePassBase<MapNaivePass> {
  void runOnOperation() override {
    FunctionOpInterface func = getOperation();
    SmallVector<linalg::MatmulOp> matmuls;
    func->walk([&](linalg::MatmulOp op) {
      auto config = op->getAttrOfType<ConfigAttr>(kConfigAttrName);
      if (config && config.getStrategy() == Strategy::Naive)
        matmuls.push_back(op);
    });
    IRRewriter rewriter(func.getContext());
    for (auto [i, matmul] : llvm::enumerate(matmuls)) {
      std::string name = (func.getName() + "_matmul_" + Twine(i)).str();
      auto config = matmul->getAttrOfType<ConfigAttr>(kConfigAttrName);
      bool folds = getFoldableZeroFill(matmul) != nullptr;
      if (failed(mapMatmulToNaiveLaunch(rewriter, matmul, config, name)))
        return signalPassFailure();
      ++numMapped;
      if (folds)
        ++numFillsFolded;
    }
  }
};
} // namespace
