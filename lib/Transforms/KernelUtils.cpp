//===- KernelUtils.cpp - Helpers shared by the kernel-building passes ----===//
//
// See KernelUtils.h.
//
//===----------------------------------------------------------------------===//
#include "TileOpt/Transforms/KernelUtils.h"

#include "TileOpt/Analysis/MatmulProblem.h"
#include "TileOpt/Dialect/TileDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
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

FailureOr<BatchedOperands>
mlir::tileopt::getBatchedOperands(RewriterBase &rewriter, Operation *op,
                                  ArrayRef<Value> views,
                                  const MatmulProblem &problem,
                                  ArrayRef<Operation *> owned) {
  BatchedOperands batched;
  for (auto [i, v] : llvm::enumerate(views)) {
    // A broadcast operand (analyzeMatmulProblem) is its own root, read as
    // it is.
    batched.views[i] = batched.roots[i] = v;
    std::optional<BatchView> view = getBatchView(v);
    if (!view && !problem.isBatched(kMatmulOperandNames[i]))
      continue;
    if (!view || (batched.loop && view->loop != batched.loop))
      return op->emitOpError()
             << "is one batch of a batched problem but does not read and "
                "write the batch views of one tile.batch loop";
    batched.loop = view->loop;
    batched.roots[i] = view->root;
  }
  Region &region = batched.loop.getRegion();
  for (Operation &other : llvm::make_early_inc_range(
           batched.loop.getBody()->without_terminator())) {
    if (&other == op || llvm::is_contained(owned, &other) ||
        (other.getNumResults() == 1 &&
         llvm::is_contained(batched.views, other.getResult(0))))
      continue;
    if (!isPure(&other) || llvm::any_of(other.getOperands(), [&](Value v) {
          return region.isAncestor(v.getParentRegion());
        }))
      return batched.loop.emitOpError()
             << "holds an op beside its matmul and batch views that needs "
                "the batch";
    rewriter.moveOpBefore(&other, batched.loop);
  }
  return batched;
}

SmallVector<Value, 3> mlir::tileopt::viewBatch(RewriterBase &rewriter,
                                               const BatchedOperands &batched,
                                               Value batch) {
  SmallVector<Value, 3> views;
  for (auto [v, root] : llvm::zip(batched.views, batched.roots)) {
    auto view = v.getDefiningOp<memref::SubViewOp>();
    if (v == root) { // broadcast: every batch's
      views.push_back(v);
      continue;
    }
    SmallVector<OpFoldResult> offsets = view.getMixedOffsets();
    offsets[0] = batch;
    views.push_back(memref::SubViewOp::create(
        rewriter, view.getLoc(), view.getType(), view.getSource(), offsets,
        view.getMixedSizes(), view.getMixedStrides()));
  }
  return views;
}

SmallVector<Value>
mlir::tileopt::viewEpilogueInputs(RewriterBase &rewriter, Location loc,
                                  const FusedEpilogue &epilogue,
                                  ValueRange inputs, Value batch) {
  SmallVector<Value> views;
  for (auto [in, buffer] : llvm::zip(epilogue.inputs, inputs)) {
    if (!in.batched) {
      views.push_back(buffer);
      continue;
    }
    auto type = cast<MemRefType>(buffer.getType());
    SmallVector<OpFoldResult> offsets(type.getRank(), rewriter.getIndexAttr(0));
    SmallVector<OpFoldResult> sizes,
        strides(type.getRank(), rewriter.getIndexAttr(1));
    offsets[0] = batch;
    for (int64_t size : type.getShape())
      sizes.push_back(rewriter.getIndexAttr(size));
    sizes[0] = rewriter.getIndexAttr(1);
    MemRefType view = memref::SubViewOp::inferRankReducedResultType(
        type.getShape().drop_front(), type, offsets, sizes, strides);
    views.push_back(memref::SubViewOp::create(rewriter, loc, view, buffer,
                                              offsets, sizes, strides));
  }
  return views;
}

void mlir::tileopt::replaceBatchLoop(RewriterBase &rewriter,
                                     gpu::LaunchOp launch,
                                     const BatchedOperands &batched,
                                     ArrayRef<Value> views) {
  for (auto [v, view] : llvm::zip(batched.views, views))
    rewriter.replaceUsesWithIf(v, view, [&](OpOperand &use) {
      return launch.getBody().isAncestor(use.getOwner()->getParentRegion());
    });
  rewriter.eraseOp(batched.loop);
}

Value mlir::tileopt::cloneSubViewOf(RewriterBase &rewriter,
                                    memref::SubViewOp view, Value source,
                                    Type elementType) {
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointAfter(view);
  MemRefType type =
      MemRefType::Builder(view.getType()).setElementType(elementType);
  return memref::SubViewOp::create(rewriter, view.getLoc(), type, source,
                                   view.getMixedOffsets(), view.getMixedSizes(),
                                   view.getMixedStrides());
}

void mlir::tileopt::poisonBatchView(RewriterBase &rewriter,
                                    memref::SubViewOp view) {
  rewriter.setInsertionPoint(view);
  rewriter.replaceAllUsesWith(
      view.getResult(),
      ub::PoisonOp::create(rewriter, view.getLoc(), view.getType()));
  rewriter.eraseOp(view);
}

Value mlir::tileopt::takeWindowBuffer(RewriterBase &rewriter,
                                      gpu::LaunchOp launch, Value operand) {
  auto type = dyn_cast<MemRefType>(operand.getType());
  if (!type || type.getLayout().isIdentity())
    return operand;
  std::string why;
  FailureOr<std::pair<Value, OperandWindow>> window =
      getOperandWindow(operand, why);
  assert(succeeded(window) && "analyzeMatmulProblem admits windows only");
  auto [buffer, place] = *window;
  Region &body = launch.getBody();
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointToStart(&body.front());
  Value view = memref::ReinterpretCastOp::create(
      rewriter, launch.getLoc(), type, buffer, place.offset, type.getShape(),
      place.strides);
  rewriter.replaceUsesWithIf(operand, view, [&](OpOperand &use) {
    return use.getOwner() != view.getDefiningOp() &&
           body.isAncestor(use.getOwner()->getParentRegion());
  });
  return buffer;
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
