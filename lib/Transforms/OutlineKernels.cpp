//===- OutlineKernels.cpp - Outline kernels, keep tile metadata ----------===//
//
// Implements --tile-outline-kernels: runs upstream gpu-kernel-outlining and
// re-attaches the `tile.*` attributes of every `gpu.launch` to the
// `gpu.launch_func` that replaces it, matched by kernel name.
//
//===----------------------------------------------------------------------===//
#include "TileOpt/Transforms/Passes.h"

#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/GPU/Utils/GPUUtils.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Pass/PassManager.h"

namespace mlir::tileopt {
#define GEN_PASS_DEF_OUTLINEKERNELSPASS
#include "TileOpt/Transforms/Passes.h.inc"
} // namespace mlir::tileopt

using namespace mlir;
using namespace mlir::tileopt;

namespace {
struct OutlineKernelsPass
    : public tileopt::impl::OutlineKernelsPassBase<OutlineKernelsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    // A configured matmul still here was not mapped by any strategy: outlining
    // would silently compile nothing for it.
    WalkResult unmapped = module.walk([&](linalg::MatmulOp matmul) {
      auto config = matmul->getAttrOfType<ConfigAttr>(kConfigAttrName);
      if (!config)
        return WalkResult::advance();
      matmul.emitOpError()
          << "has a " << stringifyStrategy(config.getStrategy())
          << " #tile.config but was not mapped to a kernel (naive: "
             "--tile-map-naive; tiled: --tile-block-tile, --tile-promote, "
             "--tile-map-to-gpu)";
      return WalkResult::interrupt();
    });
    if (unmapped.wasInterrupted())
      return signalPassFailure();

    // Kernel name -> the tile.* attributes of its launch.
    llvm::StringMap<SmallVector<NamedAttribute>> metadata;
    WalkResult walk = module.walk([&](gpu::LaunchOp launch) {
      SmallVector<NamedAttribute> attrs;
      for (NamedAttribute attr : launch->getDiscardableAttrs())
        if (attr.getName().strref().starts_with("tile."))
          attrs.push_back(attr);
      if (attrs.empty())
        return WalkResult::advance();
      std::optional<StringRef> name = launch.getFunction();
      if (!name) {
        launch.emitOpError() << "carries tile.* attributes but no kernel "
                                "name (function(@name)) to keep them by";
        return WalkResult::interrupt();
      }
      if (!metadata.try_emplace(*name, std::move(attrs)).second) {
        launch.emitOpError() << "reuses kernel name '" << *name << "'";
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    if (walk.wasInterrupted())
      return signalPassFailure();

    // Constants (possibly hoisted or CSE'd out of the launch by
    // canonicalization) move back in, so that a kernel's only parameters are
    // its buffers.
    WalkResult sunk = module.walk([&](gpu::LaunchOp launch) {
      if (failed(sinkOperationsIntoLaunchOp(launch, [](Operation *op) {
            return op->hasTrait<OpTrait::ConstantLike>();
          }))) {
        launch.emitOpError() << "could not sink constants into the kernel";
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    if (sunk.wasInterrupted())
      return signalPassFailure();

    OpPassManager pm(ModuleOp::getOperationName());
    pm.addPass(createGpuKernelOutliningPass());
    if (failed(runPipeline(pm, module)))
      return signalPassFailure();

    module.walk([&](gpu::LaunchFuncOp launch) {
      auto it = metadata.find(launch.getKernelName().getValue());
      if (it == metadata.end())
        return;
      for (NamedAttribute attr : it->second)
        launch->setAttr(attr.getName(), attr.getValue());
      // An occupancy request becomes the kernel's minimum blocks per SM
      // (PTX .minnctapersm), which bounds the registers ptxas may use.
      auto config = launch->getAttrOfType<ConfigAttr>(kConfigAttrName);
      auto kernel = SymbolTable::lookupNearestSymbolFrom<gpu::GPUFuncOp>(
          launch, launch.getKernel());
      if (config && kernel && config.getBlocksPerSM() > 0)
        kernel->setAttr(NVVM::NVVMDialect::getMinctasmAttrName(),
                        IntegerAttr::get(IntegerType::get(&getContext(), 32),
                                         config.getBlocksPerSM()));
    });
  }
};
} // namespace
