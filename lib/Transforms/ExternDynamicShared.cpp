//===- ExternDynamicShared.cpp - Dynamic shared memory as PTX extern -----===//
//
// Implements --tile-extern-dynamic-shared: the zero-sized address-space-3
// globals that stand for dynamic shared memory get external linkage, which
// NVPTX prints as `.extern .shared ... []`, aligned to 128 bytes (1024
// in modules that issue wgmma).
//
//===----------------------------------------------------------------------===//
#include "TileOpt/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

namespace mlir::tileopt {
#define GEN_PASS_DEF_EXTERNDYNAMICSHAREDPASS
#include "TileOpt/Transforms/Passes.h.inc"
} // namespace mlir::tileopt

using namespace mlir;
using namespace mlir::tileopt;

namespace {
struct ExternDynamicSharedPass
    : public tileopt::impl::ExternDynamicSharedPassBase<
          ExternDynamicSharedPass> {
  void runOnOperation() override {
    // wgmma kernels stage 128-byte swizzled boxes, whose swizzle takes its
    // phase from address bits 7..9 (in the TMA unit, the descriptors and
    // the TF32 A fragments' loads): their stages start 1024-byte aligned.
    // Every wgmma step, descriptor or register A, starts with the fence.
    bool swizzled = getOperation()
                        .walk([](NVVM::WgmmaFenceAlignedOp) {
                          return WalkResult::interrupt();
                        })
                        .wasInterrupted();
    uint64_t alignment = swizzled ? kSwizzledStageAlignment : kTmaBoxAlignment;
    getOperation().walk([&](LLVM::GlobalOp global) {
      auto array = dyn_cast<LLVM::LLVMArrayType>(global.getGlobalType());
      if (global.getAddrSpace() !=
              static_cast<unsigned>(NVVM::NVVMMemorySpace::Shared) ||
          !array ||
          array.getNumElements() != 0 ||
          !global.getInitializerRegion().empty() || global.getValueAttr())
        return;
      global.setLinkage(LLVM::Linkage::External);
      // TMA box destinations must be 128-byte aligned.
      if (global.getAlignment().value_or(0) < alignment)
        global.setAlignment(alignment);
    });
  }
};
} // namespace
