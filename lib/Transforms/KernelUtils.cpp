//===- KernelUtils.cpp - Helpers shared by the kernel-building passes ----===//
//
// See KernelUtils.h.
//
//===----------------------------------------------------------------------===//
#include "TileOpt/Transforms/KernelUtils.h"

#include "TileOpt/Dialect/TileDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/xxhash.h"

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

std::string mlir::tileopt::sanitizeKernelName(StringRef name) {
  std::string result;
  for (char c : name)
    result.push_back(llvm::isAlnum(c) || c == '_' ? c : '_');
  if (result.empty() || llvm::isDigit(result.front()))
    result.insert(result.begin(), 'k');
  // The name is also a file name, at most 255 bytes with its suffixes: a
  // long one keeps its start and a hash of the whole.
  if (result.size() > kMaxKernelNameStem)
    result = (StringRef(result).take_front(kMaxKernelNameStem - 17) + "_" +
              llvm::utohexstr(llvm::xxh3_64bits(name), /*LowerCase=*/true,
                              /*Width=*/16))
                 .str();
  return result;
}

std::string mlir::tileopt::getUniqueKernelName(Operation *scope,
                                               Operation *op) {
  auto func = op->getParentOfType<FunctionOpInterface>();
  std::string base =
      sanitizeKernelName(func ? func.getName() : StringRef("kernel"));
  llvm::StringSet<> taken;
  scope->walk([&](Operation *nested) {
    if (auto launch = dyn_cast<gpu::LaunchOp>(nested)) {
      if (std::optional<StringRef> name = launch.getFunction())
        taken.insert(*name);
      if (std::optional<StringRef> name = launch.getModule())
        taken.insert(*name);
    } else if (auto launchFunc = dyn_cast<gpu::LaunchFuncOp>(nested)) {
      taken.insert(launchFunc.getKernelName().getValue());
      taken.insert(launchFunc.getKernelModuleName().getValue());
    } else if (auto symbol = dyn_cast<SymbolOpInterface>(nested)) {
      taken.insert(symbol.getName());
    }
  });
  for (int i = 0;; ++i) {
    std::string name = (base + "_matmul_" + Twine(i)).str();
    if (!taken.contains(name) && !taken.contains(name + "_module"))
      return name;
  }
}
