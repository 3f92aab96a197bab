//===- OutlineKernels.cpp - Outline kernels, keep tile metadata ----------===//
//
// Implements --tile-outline-kernels: runs upstream gpu-kernel-outlining and
// re-attaches the `tile.*` attributes of every `gpu.launch` to the
// `gpu.launch_func` that replaces it, matched by kernel name.
//
//===----------------------------------------------------------------------===//
#include "TileOpt/Dialect/TileDialect.h"
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

/// Makes the parameters of `kernel` (launched by `launch`) the values
/// `marker` lists, in its order, and erases it. Fails unless the marker
/// lists each parameter exactly once.
static LogicalResult applyKernelArguments(gpu::GPUFuncOp kernel,
                                          gpu::LaunchFuncOp launch,
                                          KernelArgumentsOp marker) {
  Block &entry = kernel.getBody().front();
  unsigned count = kernel.getNumArguments();
  if (marker.getValues().size() != count)
    return failure();
  // order[i]: the present parameter that becomes parameter i.
  SmallVector<unsigned> order;
  for (Value v : marker.getValues()) {
    auto arg = dyn_cast<BlockArgument>(v);
    if (!arg || arg.getOwner() != &entry || arg.getArgNumber() >= count ||
        llvm::is_contained(order, arg.getArgNumber()))
      return failure();
    order.push_back(arg.getArgNumber());
  }
  marker.erase();
  if (llvm::equal(order, llvm::seq<unsigned>(0, count)))
    return success();
  // New parameters in front (the attributions follow them), the old ones'
  // uses moved over, then the old ones dropped.
  SmallVector<Type> types;
  SmallVector<DictionaryAttr> argAttrs;
  SmallVector<Value> operands;
  SmallVector<Location> locs;
  for (unsigned from : order) {
    BlockArgument old = entry.getArgument(from);
    types.push_back(old.getType());
    locs.push_back(old.getLoc());
    argAttrs.push_back(kernel.getArgAttrDict(from));
    operands.push_back(launch.getKernelOperands()[from]);
  }
  for (unsigned i = 0; i < count; ++i)
    entry.insertArgument(i, types[i], locs[i]);
  for (auto [i, from] : llvm::enumerate(order))
    entry.getArgument(count + from).replaceAllUsesWith(entry.getArgument(i));
  llvm::BitVector dropped(entry.getNumArguments());
  dropped.set(count, 2 * count);
  entry.eraseArguments(dropped);
  kernel.setFunctionTypeAttr(TypeAttr::get(FunctionType::get(
      kernel.getContext(), types, kernel.getFunctionType().getResults())));
  for (auto [i, attrs] : llvm::enumerate(argAttrs))
    kernel.setArgAttrs(i, attrs);
  launch.getKernelOperandsMutable().assign(operands);
  return success();
}

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

    // The kernel ABI: each kernel takes the values its
    // tile.kernel_arguments lists, in that order.
    WalkResult abi = module.walk([&](gpu::LaunchFuncOp launch) {
      auto kernel = SymbolTable::lookupNearestSymbolFrom<gpu::GPUFuncOp>(
          launch, launch.getKernel());
      if (!kernel || kernel.getBody().empty())
        return WalkResult::advance();
      // Outlining puts the launch's ids before the body's first op.
      auto markers = kernel.getBody().front().getOps<KernelArgumentsOp>();
      if (markers.empty())
        return WalkResult::advance();
      KernelArgumentsOp marker = *markers.begin();
      if (failed(applyKernelArguments(kernel, launch, marker))) {
        launch.emitOpError() << "cannot order kernel @" << kernel.getName()
                             << "'s parameters as its tile.kernel_arguments "
                                "lists them";
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    if (abi.wasInterrupted())
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
      // A cluster of blocks along x (PTX .reqnctapercluster).
      if (config && kernel && config.getCluster() > 1)
        kernel->setAttr(
            NVVM::NVVMDialect::getClusterDimAttrName(),
            DenseI32ArrayAttr::get(&getContext(),
                                   {int32_t(config.getCluster()), 1, 1}));
    });
  }
};
} // namespace
