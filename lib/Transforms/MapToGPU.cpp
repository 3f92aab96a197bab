//===- MapToGPU.cpp - Block tiles to gpu.launch with thread distribution -===//
//
// Implements --tile-map-to-gpu and `mapBlockTileToLaunch`. The block-tile
// scf.forall becomes a gpu.launch; the panel copies into workgroup memory are
// distributed over all threads of the block (coalesced, zero-filled outside
// the matrix); the matmul becomes each thread's TM x TN register
// accumulators, carried by the K loop, computed over the full (padded) panels
// and stored to C under a bounds predicate.
//
//===----------------------------------------------------------------------===//
#include "TileOpt/Analysis/MatmulProblem.h"
#include "TileOpt/Transforms/KernelUtils.h"
#include "TileOpt/Transforms/Passes.h"
#include "TileOpt/Transforms/Transforms.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/Utils/GPUUtils.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::tileopt {
#define GEN_PASS_DEF_MAPTOGPUPASS
#include "TileOpt/Transforms/Passes.h.inc"
} // namespace mlir::tileopt

using namespace mlir;
using namespace mlir::tileopt;

/// Follows memref.subview sources up to the underlying buffer.
static Value getRootBuffer(Value v) {
  while (auto subview = v.getDefiningOp<memref::SubViewOp>())
    v = subview.getSource();
  return v;
}

namespace {
/// Index arithmetic helpers at one location.
struct IndexBuilder {
  RewriterBase &b;
  Location loc;
  Value c(int64_t v) { return arith::ConstantIndexOp::create(b, loc, v); }
  Value value(OpFoldResult ofr) {
    return getValueOrCreateConstantIndexOp(b, loc, ofr);
  }
  Value add(Value x, Value y) { return arith::AddIOp::create(b, loc, x, y); }
  Value mul(Value x, Value y) { return arith::MulIOp::create(b, loc, x, y); }
  Value lt(Value x, Value y) {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, x, y);
  }
  Value land(Value x, Value y) {
    if (!x)
      return y;
    if (!y)
      return x;
    return arith::AndIOp::create(b, loc, x, y);
  }
  /// `index < size`, or null when `size` is a constant >= `bound` (every
  /// index below `bound` is then in range).
  Value bound(Value index, OpFoldResult size, int64_t bound) {
    std::optional<int64_t> s = getConstantIntValue(size);
    if (s && *s >= bound)
      return Value();
    return lt(index, value(size));
  }
};
} // namespace

/// Replaces `copy` (a panel of global memory into a view of the workgroup
/// buffer `panel`) by a copy of the whole static panel distributed over the
/// `numThreads` threads of the block: thread `tid` moves elements tid,
/// tid + numThreads, ... of the row-major panel, zero where the source view
/// ends (the matrix edge).
static void distributePanelCopy(RewriterBase &rewriter, memref::CopyOp copy,
                                Value panel, Value tid, int64_t numThreads) {
  Location loc = copy.getLoc();
  rewriter.setInsertionPoint(copy);
  IndexBuilder ib{rewriter, loc};
  auto panelType = cast<MemRefType>(panel.getType());
  int64_t rows = panelType.getDimSize(0), cols = panelType.getDimSize(1);
  int64_t total = rows * cols;
  Value source = copy.getSource();
  SmallVector<OpFoldResult> sizes =
      memref::getMixedSizes(rewriter, loc, source);
  Type elementType = panelType.getElementType();

  int64_t trips = llvm::divideCeil(total, numThreads);
  scf::ForOp::create(
      rewriter, loc, ib.c(0), ib.c(trips), ib.c(1), ValueRange{},
      [&](OpBuilder &, Location, Value it, ValueRange) {
        Value idx = ib.add(ib.mul(it, ib.c(numThreads)), tid);
        auto emitElement = [&]() {
          Value r = arith::DivUIOp::create(rewriter, loc, idx, ib.c(cols));
          Value c = arith::RemUIOp::create(rewriter, loc, idx, ib.c(cols));
          Value inside =
              ib.land(ib.bound(r, sizes[0], rows), ib.bound(c, sizes[1], cols));
          Value v;
          if (!inside) {
            v = memref::LoadOp::create(rewriter, loc, source, ValueRange{r, c});
          } else {
            auto ifOp = scf::IfOp::create(rewriter, loc, elementType, inside,
                                          /*withElse=*/true);
            rewriter.setInsertionPointToStart(&ifOp.getThenRegion().front());
            Value loaded =
                memref::LoadOp::create(rewriter, loc, source, ValueRange{r, c});
            scf::YieldOp::create(rewriter, loc, loaded);
            rewriter.setInsertionPointToStart(&ifOp.getElseRegion().front());
            Value zero = arith::ConstantOp::create(
                rewriter, loc, rewriter.getZeroAttr(elementType));
            scf::YieldOp::create(rewriter, loc, zero);
            rewriter.setInsertionPointAfter(ifOp);
            v = ifOp.getResult(0);
          }
          memref::StoreOp::create(rewriter, loc, v, panel, ValueRange{r, c});
        };
        if (total % numThreads == 0) {
          emitElement();
        } else {
          auto guard = scf::IfOp::create(rewriter, loc, ib.lt(idx, ib.c(total)),
                                         /*withElse=*/false);
          rewriter.setInsertionPointToStart(&guard.getThenRegion().front());
          emitElement();
          rewriter.setInsertionPointAfter(guard);
        }
        scf::YieldOp::create(rewriter, loc);
      });
  Value target = copy.getTarget();
  rewriter.eraseOp(copy);
  if (Operation *view = target.getDefiningOp(); view && view->use_empty())
    rewriter.eraseOp(view);
}

FailureOr<gpu::LaunchOp>
mlir::tileopt::mapBlockTileToLaunch(RewriterBase &rewriter, scf::ForallOp forall,
                                 StringRef kernelName) {
  auto config = forall->getAttrOfType<ConfigAttr>(kConfigAttrName);
  auto problemAttr = forall->getAttrOfType<DictionaryAttr>(kProblemAttrName);
  std::optional<MatmulProblem> problem = MatmulProblem::fromAttr(problemAttr);
  if (!config || !problem)
    return forall.emitOpError()
           << "is not a block tile (run --tile-block-tile)";
  MLIRContext *ctx = rewriter.getContext();
  auto blockY = gpu::GPUBlockMappingAttr::get(ctx, gpu::MappingId::DimY);
  auto blockX = gpu::GPUBlockMappingAttr::get(ctx, gpu::MappingId::DimX);
  std::optional<ArrayAttr> mapping = forall.getMapping();
  if (forall.getRank() != 2 || !forall.isNormalized() || !mapping ||
      *mapping != rewriter.getArrayAttr({blockY, blockX}))
    return forall.emitOpError()
           << "must be a normalized 2-D forall mapped to [#gpu.block<y>, "
              "#gpu.block<x>]";
  SmallVector<int64_t> trips;
  for (OpFoldResult ub : forall.getMixedUpperBound()) {
    std::optional<int64_t> c = getConstantIntValue(ub);
    if (!c)
      return forall.emitOpError() << "has a dynamic trip count";
    trips.push_back(*c);
  }

  // The pieces: workgroup buffers, the K loop, its copies and its matmul.
  Block *body = forall.getBody();
  SmallVector<memref::AllocOp> buffers;
  SmallVector<scf::ForOp> kLoops;
  for (Operation &op : body->without_terminator()) {
    if (auto alloc = dyn_cast<memref::AllocOp>(op);
        alloc && isWorkgroupMemRef(alloc.getType()))
      buffers.push_back(alloc);
    if (auto loop = dyn_cast<scf::ForOp>(op))
      kLoops.push_back(loop);
  }
  if (buffers.size() != 2 || kLoops.size() != 1)
    return forall.emitOpError()
           << "must hold two workgroup buffers and one K loop (run "
              "--tile-promote)";
  scf::ForOp kLoop = kLoops.front();
  linalg::MatmulOp matmul;
  SmallVector<memref::CopyOp> copies;
  for (Operation &op : kLoop.getBody()->without_terminator()) {
    if (auto mm = dyn_cast<linalg::MatmulOp>(op))
      matmul = mm;
    if (auto copy = dyn_cast<memref::CopyOp>(op);
        copy && isWorkgroupMemRef(copy.getTarget().getType()))
      copies.push_back(copy);
  }
  if (!matmul || copies.size() != 2 ||
      getRootBuffer(matmul.getDpsInputs()[0]) != buffers[0].getResult() ||
      getRootBuffer(matmul.getDpsInputs()[1]) != buffers[1].getResult())
    return forall.emitOpError()
           << "K loop must copy both panels to workgroup memory and multiply "
              "them there (run --tile-promote)";
  Value cView = matmul.getDpsInits()[0];
  if (!kLoop.isDefinedOutsideOfLoop(cView))
    return forall.emitOpError() << "C tile must be defined outside the K loop";
  Value globalA = getRootBuffer(copies[0].getSource());
  Value globalB = getRootBuffer(copies[1].getSource());
  Value globalC = getRootBuffer(cView);

  // The launch: blocks from the forall, (BN/TN) x (BM/TM) threads.
  Location loc = forall.getLoc();
  int64_t tm = config.getTM(), tn = config.getTN();
  int64_t threadsX = config.getThreadsX(), threadsY = config.getThreadsY();
  int64_t numThreads = threadsX * threadsY;
  rewriter.setInsertionPoint(forall);
  IndexBuilder outer{rewriter, loc};
  Value one = outer.c(1);
  auto launch = gpu::LaunchOp::create(
      rewriter, loc, /*gridSizeX=*/outer.c(trips[1]),
      /*gridSizeY=*/outer.c(trips[0]), /*gridSizeZ=*/one,
      /*blockSizeX=*/outer.c(threadsX), /*blockSizeY=*/outer.c(threadsY),
      /*blockSizeZ=*/one, /*dynamicSharedMemorySize=*/nullptr,
      /*asyncTokenType=*/nullptr, /*asyncDependencies=*/{},
      /*workgroupAttributions=*/
      TypeRange{buffers[0].getType(), buffers[1].getType()},
      /*privateAttributions=*/{}, nullptr, nullptr, nullptr,
      FlatSymbolRefAttr::get(ctx, (kernelName + "_module").str()),
      FlatSymbolRefAttr::get(ctx, kernelName));
  launch->setAttr(kConfigAttrName, config);
  launch->setAttr(kProblemAttrName, problemAttr);
  Block &launchBody = launch.getBody().front();
  rewriter.setInsertionPointToEnd(&launchBody);
  auto terminator = gpu::TerminatorOp::create(rewriter, loc);
  gpu::KernelDim3 blockIds = launch.getBlockIds();
  gpu::KernelDim3 threadIds = launch.getThreadIds();

  // The block tile's body becomes the kernel body; its induction variables
  // are the block ids, its buffers the launch's workgroup memory.
  rewriter.eraseOp(body->getTerminator());
  rewriter.inlineBlockBefore(body, terminator,
                             ValueRange{blockIds.y, blockIds.x});
  for (auto [alloc, attribution] :
       llvm::zip(buffers, launch.getWorkgroupAttributions())) {
    rewriter.replaceAllUsesWith(alloc.getResult(), attribution);
    rewriter.eraseOp(alloc);
  }
  Value panels[2] = {launch.getWorkgroupAttributions()[0],
                     launch.getWorkgroupAttributions()[1]};
  rewriter.eraseOp(forall);

  // Thread coordinates: linear id for the copies, (ty*TM, tx*TN) for the
  // outputs.
  rewriter.setInsertionPointToStart(&launchBody);
  IndexBuilder ib{rewriter, loc};
  Value tid = ib.add(ib.mul(threadIds.y, ib.c(threadsX)), threadIds.x);
  Value rowBase = ib.mul(threadIds.y, ib.c(tm));
  Value colBase = ib.mul(threadIds.x, ib.c(tn));

  for (auto [copy, panel] : llvm::zip(copies, panels))
    distributePanelCopy(rewriter, copy, panel, tid, numThreads);

  // Accumulators: one register per output of the thread, initialised before
  // the K loop (zero, or C's element when the matmul accumulates).
  rewriter.setInsertionPoint(kLoop);
  SmallVector<OpFoldResult> cSizes =
      memref::getMixedSizes(rewriter, loc, cView);
  Type elementType = problem->elementType;
  SmallVector<Value> rows, cols, rowIn, colIn;
  for (int64_t i = 0; i < tm; ++i) {
    rows.push_back(ib.add(rowBase, ib.c(i)));
    rowIn.push_back(ib.bound(rows.back(), cSizes[0], config.getBM()));
  }
  for (int64_t j = 0; j < tn; ++j) {
    cols.push_back(ib.add(colBase, ib.c(j)));
    colIn.push_back(ib.bound(cols.back(), cSizes[1], config.getBN()));
  }
  Value zero =
      arith::ConstantOp::create(rewriter, loc, rewriter.getZeroAttr(elementType));
  /// Emits `then()` under `cond` (unconditionally when `cond` is null),
  /// yielding its value or `otherwise` (when given).
  auto guarded = [&](Value cond, Type type,
                     function_ref<Value()> then) -> Value {
    if (!cond)
      return then();
    auto ifOp = scf::IfOp::create(rewriter, loc, type ? TypeRange{type}
                                                      : TypeRange{},
                                  cond, /*withElse=*/bool(type));
    rewriter.setInsertionPointToStart(&ifOp.getThenRegion().front());
    Value v = then();
    if (type) {
      scf::YieldOp::create(rewriter, loc, v);
      rewriter.setInsertionPointToStart(&ifOp.getElseRegion().front());
      scf::YieldOp::create(rewriter, loc, zero);
    }
    rewriter.setInsertionPointAfter(ifOp);
    return type ? ifOp.getResult(0) : Value();
  };
  SmallVector<Value> inits;
  for (int64_t i = 0; i < tm; ++i)
    for (int64_t j = 0; j < tn; ++j) {
      if (!problem->accumulate) {
        inits.push_back(zero);
        continue;
      }
      inits.push_back(guarded(ib.land(rowIn[i], colIn[j]), elementType, [&]() {
        return memref::LoadOp::create(rewriter, loc, cView,
                                      ValueRange{rows[i], cols[j]});
      }));
    }

  // Each K step: acc[i][j] += As[row_i, kk] * Bs[kk, col_j] over the full
  // padded BK (zeros beyond K contribute nothing).
  int64_t bk = config.getBK();
  FailureOr<LoopLikeOpInterface> newLoop = kLoop.replaceWithAdditionalYields(
      rewriter, inits, /*replaceInitOperandUsesInLoop=*/false,
      [&](OpBuilder &, Location, ArrayRef<BlockArgument> accs) {
        IndexBuilder kb{rewriter, loc};
        auto inner = scf::ForOp::create(
            rewriter, loc, kb.c(0), kb.c(bk), kb.c(1),
            SmallVector<Value>(accs.begin(), accs.end()),
            [&](OpBuilder &, Location, Value kk, ValueRange acc) {
              SmallVector<Value> a, b, next;
              for (int64_t i = 0; i < tm; ++i)
                a.push_back(memref::LoadOp::create(rewriter, loc, panels[0],
                                                   ValueRange{rows[i], kk}));
              for (int64_t j = 0; j < tn; ++j)
                b.push_back(memref::LoadOp::create(rewriter, loc, panels[1],
                                                   ValueRange{kk, cols[j]}));
              for (int64_t i = 0; i < tm; ++i)
                for (int64_t j = 0; j < tn; ++j)
                  next.push_back(math::FmaOp::create(rewriter, loc, a[i], b[j],
                                                     acc[i * tn + j]));
              scf::YieldOp::create(rewriter, loc, next);
            });
        return SmallVector<Value>(inner.getResults());
      });
  if (failed(newLoop))
    return launch.emitOpError() << "could not add accumulators to the K loop";
  Value aView = matmul.getDpsInputs()[0], bView = matmul.getDpsInputs()[1];
  rewriter.eraseOp(matmul);
  for (Value view : {aView, bView})
    if (Operation *op = view.getDefiningOp(); op && op->use_empty())
      rewriter.eraseOp(op);

  // After K: each accumulator to C, where C exists.
  rewriter.setInsertionPointAfter(*newLoop);
  ValueRange results = (*newLoop)->getResults();
  for (int64_t i = 0; i < tm; ++i)
    for (int64_t j = 0; j < tn; ++j)
      guarded(ib.land(rowIn[i], colIn[j]), Type(), [&]() {
        memref::StoreOp::create(rewriter, loc, results[i * tn + j], cView,
                                ValueRange{rows[i], cols[j]});
        return Value();
      });

  // Constants from outside (loop bounds) move in, so the kernel's only
  // parameters are A, B and C, in this order.
  if (failed(mlir::sinkOperationsIntoLaunchOp(launch, [](Operation *op) {
        return op->hasTrait<OpTrait::ConstantLike>();
      })))
    return launch.emitOpError() << "could not sink constants into the kernel";
  pinKernelOperands(rewriter, launch, {globalA, globalB, globalC});
  return launch;
}

namespace {
struct MapToGPUPass : public tileopt::impl::MapToGPUPassBase<MapToGPUPass> {
  void runOnOperation() override {
    FunctionOpInterface func = getOperation();
    SmallVector<scf::ForallOp> tiles;
    func->walk([&](scf::ForallOp op) {
      if (op->hasAttr(kConfigAttrName) && op->hasAttr(kProblemAttrName))
        tiles.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (scf::ForallOp forall : tiles) {
      std::string name = getUniqueKernelName(func, func.getName());
      if (failed(mapBlockTileToLaunch(rewriter, forall, name)))
        return signalPassFailure();
      ++numMapped;
    }
  }
};
} // namespace
