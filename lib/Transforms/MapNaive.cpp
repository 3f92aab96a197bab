//===- MapNaive.cpp - One output per thread: the baseline kernel ---------===//
//
// Implements --tile-map-naive and `mapMatmulToNaiveLaunch`: a memref-form
// `linalg.matmul` becomes a `gpu.launch` in which thread (tx, ty) of block
// (bx, by) computes C[by*BM + ty, bx*BN + tx] with a register accumulator and
// a bounds check, so any M, N, K >= 1 is computed exactly once per element.
//
//===----------------------------------------------------------------------===//
#include "TileOpt/Analysis/MatmulProblem.h"
#include "TileOpt/Transforms/KernelUtils.h"
#include "TileOpt/Transforms/Passes.h"
#include "TileOpt/Transforms/Transforms.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::tileopt {
#define GEN_PASS_DEF_MAPNAIVEPASS
#include "TileOpt/Transforms/Passes.h.inc"
} // namespace mlir::tileopt

using namespace mlir;
using namespace mlir::tileopt;

FailureOr<gpu::LaunchOp>
mlir::tileopt::mapMatmulToNaiveLaunch(RewriterBase &rewriter,
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
  // A fused epilogue: its ops on each sum, stored to the chain's output.
  std::string why;
  Operation *refused;
  std::optional<EpilogueChain> chain =
      getEpilogueChain(matmul, why, refused);
  Value out = c;
  std::optional<BatchView> cView = getBatchView(c);
  if (chain) {
    // (A batch's chain follows the batch loop.)
    hoistEpilogueBuffers(rewriter, *chain,
                         cView ? cView->loop.getOperation() : matmul);
    out = chain->output;
  }
  if (chain && cView && out != cView->root) {
    // The batch's view of the chain's output in place of its view of C.
    auto view = c.getDefiningOp<memref::SubViewOp>();
    out = cloneSubViewOf(rewriter, view, out, chain->epilogue.outType);
    poisonBatchView(rewriter, view);
  }

  // A batched problem: one batch per z of the grid, which replaces the
  // batch loop; the kernel takes the 3-D buffers.
  std::optional<BatchedOperands> batched;
  if (problem->batch) {
    FailureOr<BatchedOperands> operands =
        getBatchedOperands(rewriter, matmul, {a, b, out}, *problem, {fill});
    if (failed(operands))
      return failure();
    batched = *operands;
  }

  MLIRContext *ctx = rewriter.getContext();
  Location loc = matmul.getLoc();
  rewriter.setInsertionPoint(batched ? batched->loop.getOperation()
                                     : matmul.getOperation());
  auto index = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(rewriter, loc, v);
  };
  int64_t bm = config.getBM(), bn = config.getBN();
  Value one = index(1);
  auto launch = gpu::LaunchOp::create(
      rewriter, loc, /*gridSizeX=*/index(llvm::divideCeil(problem->n, bn)),
      /*gridSizeY=*/index(llvm::divideCeil(problem->m, bm)),
      /*gridSizeZ=*/index(problem->getBatches()), /*blockSizeX=*/index(bn),
      /*blockSizeY=*/index(bm),
      /*blockSizeZ=*/one, /*dynamicSharedMemorySize=*/nullptr,
      /*asyncTokenType=*/nullptr, /*asyncDependencies=*/{},
      /*workgroupAttributions=*/{}, /*privateAttributions=*/{},
      /*clusterSizeX=*/nullptr, /*clusterSizeY=*/nullptr,
      /*clusterSizeZ=*/nullptr,
      FlatSymbolRefAttr::get(ctx, (kernelName + "_module").str()),
      FlatSymbolRefAttr::get(ctx, kernelName));
  launch->setAttr(kConfigAttrName, config);
  launch->setAttr(kProblemAttrName, problem->toAttr(ctx));

  // The body. Constants are created inside so that outlining does not make
  // them kernel parameters.
  Block &body = launch.getBody().front();
  rewriter.setInsertionPointToStart(&body);
  one = index(1);
  gpu::KernelDim3 blockIds = launch.getBlockIds();
  gpu::KernelDim3 threadIds = launch.getThreadIds();
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
  // Products accumulate in f32 whatever the operands' type: 16-bit values
  // are widened as they are loaded, and the sum rounded to C's type (to
  // nearest even) as it is stored.
  Type accType = problem->getAccumulatorType();
  auto widen = [&](OpBuilder &nb, Location l, Value v) -> Value {
    return v.getType() == accType ? v
                                  : arith::ExtFOp::create(nb, l, accType, v);
  };
  Value init = fill ? Value(arith::ConstantOp::create(
                          rewriter, loc, rewriter.getZeroAttr(accType)))
                    : widen(rewriter, loc,
                            memref::LoadOp::create(rewriter, loc, c,
                                                   ValueRange{row, col}));
  auto kLoop = scf::ForOp::create(
      rewriter, loc, index(0), index(problem->k), one, ValueRange{init},
      [&](OpBuilder &nb, Location l, Value k, ValueRange iterArgs) {
        // A[row, k] and B[k, col], as stored (transposed: A[k, row],
        // B[col, k]).
        auto at = [&](bool transposed, Value i, Value j) {
          return transposed ? SmallVector<Value, 2>{j, i}
                            : SmallVector<Value, 2>{i, j};
        };
        Value av = widen(nb, l,
                         memref::LoadOp::create(
                             nb, l, a, at(problem->layout.transposeA, row, k)));
        Value bv = widen(nb, l,
                         memref::LoadOp::create(
                             nb, l, b, at(problem->layout.transposeB, k, col)));
        Value acc = math::FmaOp::create(nb, l, av, bv, iterArgs[0]);
        scf::YieldOp::create(nb, l, acc);
      });
  Value sum = kLoop.getResult(0);
  if (problem->getCType() != accType)
    sum = arith::TruncFOp::create(rewriter, loc, problem->getCType(), sum);
  SmallVector<Value> abi{a, b, out};
  if (batched)
    abi.assign(std::begin(batched->roots), std::end(batched->roots));
  if (chain) {
    SmallVector<Value> inputs;
    SmallVector<Value> buffers =
        batched ? viewEpilogueInputs(rewriter, loc, chain->epilogue,
                                     chain->inputs, blockIds.z)
                : SmallVector<Value>(chain->inputs);
    for (auto [input, value] : llvm::zip(chain->epilogue.inputs, buffers)) {
      SmallVector<Value, 2> at;
      if (input.index != EpilogueIndex::N)
        at.push_back(row);
      if (input.index != EpilogueIndex::M)
        at.push_back(col);
      inputs.push_back(memref::LoadOp::create(rewriter, loc, value, at));
    }
    sum = chain->epilogue.emit(rewriter, loc, sum, inputs);
    llvm::append_range(abi, chain->inputs);
  }
  memref::StoreOp::create(rewriter, loc, sum, out, ValueRange{row, col});
  rewriter.setInsertionPointToEnd(&body);
  gpu::TerminatorOp::create(rewriter, loc);
  if (fill)
    rewriter.eraseOp(fill);
  rewriter.eraseOp(matmul);
  if (batched) {
    rewriter.setInsertionPointToStart(&body);
    replaceBatchLoop(rewriter, launch, *batched,
                     viewBatch(rewriter, *batched, blockIds.z));
  }
  // (A window of a larger buffer: the kernel takes the buffer.)
  for (Value &operand : MutableArrayRef(abi).take_front(3))
    operand = takeWindowBuffer(rewriter, launch, operand);
  pinKernelOperands(rewriter, launch, abi);
  // The kernel ABI: A, B, C, the epilogue's inputs (--tile-outline-kernels).
  rewriter.setInsertionPointToStart(&body);
  KernelArgumentsOp::create(rewriter, loc, abi);

  if (chain) {
    approximateEpilogueMath(launch);
    eraseFusedEpilogue(rewriter, *chain);
  }
  return launch;
}

namespace {
struct MapNaivePass : public tileopt::impl::MapNaivePassBase<MapNaivePass> {
  void runOnOperation() override {
    Operation *root = getOperation();
    SmallVector<linalg::MatmulOp> matmuls;
    root->walk([&](linalg::MatmulOp op) {
      auto config = op->getAttrOfType<ConfigAttr>(kConfigAttrName);
      if (config && config.getStrategy() == Strategy::Naive)
        matmuls.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (linalg::MatmulOp matmul : matmuls) {
      std::string name = getUniqueKernelName(root, matmul);
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
