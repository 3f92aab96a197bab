//===- Bufferize.cpp - Buffers for the functions with a matmul -----------===//
//
// Implements --tile-bufferize: upstream One-Shot Module Bufferize, with
// identity-layout function boundaries, filtered to the functions that hold a
// linalg.matmul so that every other function passes through unchanged;
// their elementwise arith and math ops on tensors become linalg.generic
// ops first.
//
//===----------------------------------------------------------------------===//
#include "TileOpt/Transforms/Passes.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/Transforms/OneShotAnalysis.h"
#include "mlir/Dialect/Bufferization/Transforms/OneShotModuleBufferize.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"
#include "llvm/ADT/DenseSet.h"

namespace mlir::tileopt {
#define GEN_PASS_DEF_BUFFERIZEPASS
#include "TileOpt/Transforms/Passes.h.inc"
} // namespace mlir::tileopt

using namespace mlir;
using namespace mlir::tileopt;

namespace {
struct BufferizePass : public tileopt::impl::BufferizePassBase<BufferizePass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    llvm::DenseSet<Operation *> withMatmul;
    module.walk([&](Operation *op) {
      if (!isa<linalg::MatmulOp, linalg::BatchMatmulOp>(op))
        return;
      if (auto func = op->getParentOfType<FunctionOpInterface>())
        withMatmul.insert(func);
    });
    if (withMatmul.empty())
      return markAllAnalysesPreserved();
    // Elementwise arith and math ops on tensors (which bufferization does
    // not take) as linalg.generic ops: a matmul's consumers among them can
    // then be fused into its kernel (docs/design.md, "Fused epilogues").
    // One walk, no folding or dead-code removal: nothing else changes (a
    // greedy driver would erase a matmul whose result is unused).
    RewritePatternSet patterns(&getContext());
    linalg::populateElementwiseToLinalgConversionPatterns(patterns);
    FrozenRewritePatternSet frozen(std::move(patterns));
    for (Operation *func : withMatmul)
      walkAndApplyPatterns(func, frozen);
    bufferization::OneShotBufferizationOptions options;
    options.bufferizeFunctionBoundaries = true;
    options.setFunctionBoundaryTypeConversion(
        bufferization::LayoutMapOption::IdentityLayoutMap);
    // Ops outside the functions with a matmul (and those functions' own
    // ops' ancestors) stay as they are.
    options.opFilter.allowOperation([&](Operation *op) {
      auto func = isa<FunctionOpInterface>(op)
                      ? op
                      : op->getParentOfType<FunctionOpInterface>();
      return func && withMatmul.contains(func);
    });
    bufferization::BufferizationState state;
    if (failed(
            bufferization::runOneShotModuleBufferize(module, options, state)))
      return signalPassFailure();
  }
};
} // namespace
