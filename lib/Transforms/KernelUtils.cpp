//===- KernelUtils.cpp - Helpers shared by the kernel-building passes ----===//
//
// See KernelUtils.h.
//
//===----------------------------------------------------------------------===//
#include "TileOpt/Transforms/KernelUtils.h"

#include "TileOpt/Dialect/TileDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;
using namespace mlir::tileopt;

bool mlir::tileopt::isWorkgroupMemRef(Type type) {
  auto memref = dyn_cast<MemRefType>(type);
  return memref && gpu::GPUDialect::isWorkgroupMemoryAddressSpace(
                       memref.getMemorySpace());
}

Operation *mlir::tileopt::pinKernelOperands(RewriterBase &rewriter,
                                         gpu::LaunchOp launch,
                                         ArrayRef<Value> operands) {
  Region &body = launch.getBody();
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointToStart(&body.front());
  Operation *last = nullptr;
  for (Value operand : operands) {
    Value aligned = memref::AssumeAlignmentOp::create(
        rewriter, launch.getLoc(), operand, kArgumentAlignment);
    rewriter.replaceUsesWithIf(operand, aligned, [&](OpOperand &use) {
      return use.getOwner() != aligned.getDefiningOp() &&
             body.isAncestor(use.getOwner()->getParentRegion());
    });
    last = aligned.getDefiningOp();
  }
  return last;
}

std::string mlir::tileopt::getUniqueKernelName(Operation *func,
                                            StringRef functionName) {
  llvm::StringSet<> taken;
  func->walk([&](Operation *op) {
    if (auto launch = dyn_cast<gpu::LaunchOp>(op)) {
      if (std::optional<StringRef> name = launch.getFunction())
        taken.insert(*name);
    } else if (auto launchFunc = dyn_cast<gpu::LaunchFuncOp>(op)) {
      taken.insert(launchFunc.getKernelName().getValue());
    }
  });
  for (int i = 0;; ++i) {
    std::string name = (functionName + "_matmul_" + Twine(i)).str();
    if (!taken.contains(name))
      return name;
  }
}
