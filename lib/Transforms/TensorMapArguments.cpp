//===- TensorMapArguments.cpp - TMA tensor maps as kernel pointers -------===//
//
// Implements --tile-tensor-map-arguments: kernel arguments of type
// !nvgpu.tensormap.descriptor become generic !llvm.ptr (the device address of
// the host-encoded CUtensorMap), cast back to the descriptor type inside.
//
//===----------------------------------------------------------------------===//
#include "TileOpt/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"

namespace mlir::tileopt {
#define GEN_PASS_DEF_TENSORMAPARGUMENTSPASS
#include "TileOpt/Transforms/Passes.h.inc"
} // namespace mlir::tileopt

using namespace mlir;
using namespace mlir::tileopt;

namespace {
struct TensorMapArgumentsPass
    : public tileopt::impl::TensorMapArgumentsPassBase<
          TensorMapArgumentsPass> {
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    auto pointer = LLVM::LLVMPointerType::get(ctx);
    for (auto func : getOperation().getOps<gpu::GPUFuncOp>()) {
      if (func.isExternal())
        continue;
      Block &entry = func.getBody().front();
      auto builder = OpBuilder::atBlockBegin(&entry);
      SmallVector<Type> inputs(func.getArgumentTypes());
      bool changed = false;
      for (BlockArgument arg : entry.getArguments()) {
        Type mapType = arg.getType();
        if (!isa<nvgpu::TensorMapDescriptorType>(mapType))
          continue;
        arg.setType(pointer);
        auto cast = UnrealizedConversionCastOp::create(builder, arg.getLoc(),
                                                       mapType, arg);
        arg.replaceAllUsesExcept(cast.getResult(0), cast);
        inputs[arg.getArgNumber()] = pointer;
        changed = true;
      }
      if (changed)
        func.setFunctionType(
            FunctionType::get(ctx, inputs, func.getResultTypes()));
    }
  }
};
} // namespace
