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
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::tileopt {
#define GEN_PASS_DEF_MAPTOGPUPASS
#include "TileOpt/Transforms/Passes.h.inc"
} // namespace mlir::tileopt

using namespace mlir;
using namespace mlir::tileopt;

/// Follows memref.subview and memref.transpose sources up to the underlying
/// buffer.
static Value getRootBuffer(Value v) {
  while (true) {
    if (auto subview = v.getDefiningOp<memref::SubViewOp>())
      v = subview.getSource();
    else if (auto transpose = v.getDefiningOp<memref::TransposeOp>())
      v = transpose.getIn();
    else
      return v;
  }
}

/// The width of the vectors that move panel rows: 4 elements (16 bytes) when
/// every vector starts 16-byte aligned, else 1.
static int64_t getCopyVectorWidth(Value globalRoot, int64_t panelCols,
                                  int64_t panelRowLength) {
  auto type = cast<MemRefType>(globalRoot.getType());
  if (type.getElementTypeBitWidth() != 32 || !type.hasStaticShape())
    return 1;
  bool aligned = type.getDimSize(1) % 4 == 0 && panelCols % 4 == 0 &&
                 panelRowLength % 4 == 0;
  return aligned ? 4 : 1;
}

/// Panels up to this depth have their inner (BK) loop fully unrolled.
static constexpr int64_t kMaxUnrolledBK = 32;

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

/// Replaces `fill`, the copy of a global panel `source` (rows x cols, at
/// most the static panel) into workgroup buffer `panel` (transposed when
/// `transposed`), by a copy of the whole static panel distributed over the
/// `numThreads` threads of the block. The panel is walked in the source's
/// row-major order in vectors of `width` elements: thread `tid` moves vectors
/// tid, tid + numThreads, ..., so consecutive threads read consecutive
/// addresses. Elements outside `source` (the matrix edge) are written as 0.
static void distributePanelCopy(RewriterBase &rewriter, Operation *fill,
                                Value source, Value panel, bool transposed,
                                int64_t rows, int64_t cols, int64_t width,
                                Value tid, int64_t numThreads) {
  Location loc = fill->getLoc();
  rewriter.setInsertionPoint(fill);
  IndexBuilder ib{rewriter, loc};
  auto panelType = cast<MemRefType>(panel.getType());
  Type elementType = panelType.getElementType();
  SmallVector<OpFoldResult> sizes =
      memref::getMixedSizes(rewriter, loc, source);
  int64_t vectorsPerRow = cols / width;
  int64_t total = rows * vectorsPerRow;
  int64_t trips = llvm::divideCeil(total, numThreads);
  auto vectorType = VectorType::get({width}, elementType);
  auto alignment = llvm::MaybeAlign(width * 4);

  // Loads one element (zero outside `source`).
  auto loadElement = [&](Value r, Value c, Value inside) -> Value {
    if (!inside)
      return memref::LoadOp::create(rewriter, loc, source, ValueRange{r, c});
    auto ifOp = scf::IfOp::create(rewriter, loc, elementType, inside,
                                  /*withElse=*/true);
    rewriter.setInsertionPointToStart(&ifOp.getThenRegion().front());
    Value loaded =
        memref::LoadOp::create(rewriter, loc, source, ValueRange{r, c});
    scf::YieldOp::create(rewriter, loc, loaded);
    rewriter.setInsertionPointToStart(&ifOp.getElseRegion().front());
    Value zero = arith::ConstantOp::create(rewriter, loc,
                                           rewriter.getZeroAttr(elementType));
    scf::YieldOp::create(rewriter, loc, zero);
    rewriter.setInsertionPointAfter(ifOp);
    return ifOp.getResult(0);
  };

  auto emitVector = [&](Value idx) {
    Value r = arith::DivUIOp::create(rewriter, loc, idx, ib.c(vectorsPerRow));
    Value c = ib.mul(arith::RemUIOp::create(rewriter, loc, idx,
                                            ib.c(vectorsPerRow)),
                     ib.c(width));
    Value rowInside = ib.bound(r, sizes[0], rows);
    SmallVector<Value> elements;
    if (width == 1) {
      elements.push_back(
          loadElement(r, c, ib.land(rowInside, ib.bound(c, sizes[1], cols))));
    } else {
      // Whole vector inside: one 16-byte load; otherwise element by element.
      Value lastCol = ib.add(c, ib.c(width - 1));
      Value vectorInside =
          ib.land(rowInside, ib.bound(lastCol, sizes[1], cols));
      auto loadVector = [&]() -> Value {
        return vector::LoadOp::create(rewriter, loc, vectorType, source,
                                      ValueRange{r, c}, /*nontemporal=*/false,
                                      alignment);
      };
      Value v;
      if (!vectorInside) {
        v = loadVector();
      } else {
        auto ifOp = scf::IfOp::create(rewriter, loc, vectorType, vectorInside,
                                      /*withElse=*/true);
        rewriter.setInsertionPointToStart(&ifOp.getThenRegion().front());
        scf::YieldOp::create(rewriter, loc, loadVector());
        rewriter.setInsertionPointToStart(&ifOp.getElseRegion().front());
        SmallVector<Value> partial;
        for (int64_t e = 0; e < width; ++e) {
          Value ce = ib.add(c, ib.c(e));
          partial.push_back(loadElement(
              r, ce, ib.land(rowInside ? rowInside : Value(),
                             ib.lt(ce, ib.value(sizes[1])))));
        }
        Value assembled =
            vector::FromElementsOp::create(rewriter, loc, vectorType, partial);
        scf::YieldOp::create(rewriter, loc, assembled);
        rewriter.setInsertionPointAfter(ifOp);
        v = ifOp.getResult(0);
      }
      if (!transposed) {
        vector::StoreOp::create(rewriter, loc, v, panel, ValueRange{r, c},
                                /*nontemporal=*/false, alignment);
        return;
      }
      for (int64_t e = 0; e < width; ++e)
        elements.push_back(vector::ExtractOp::create(rewriter, loc, v, e));
    }
    for (int64_t e = 0; e < width; ++e) {
      Value ce = ib.add(c, ib.c(e));
      ValueRange at = transposed ? ValueRange{ce, r} : ValueRange{r, ce};
      memref::StoreOp::create(rewriter, loc, elements[e], panel, at);
    }
  };

  scf::ForOp::create(
      rewriter, loc, ib.c(0), ib.c(trips), ib.c(1), ValueRange{},
      [&](OpBuilder &, Location, Value it, ValueRange) {
        Value idx = ib.add(ib.mul(it, ib.c(numThreads)), tid);
        if (total % numThreads == 0) {
          emitVector(idx);
        } else {
          auto guard = scf::IfOp::create(rewriter, loc, ib.lt(idx, ib.c(total)),
                                         /*withElse=*/false);
          rewriter.setInsertionPointToStart(&guard.getThenRegion().front());
          emitVector(idx);
          rewriter.setInsertionPointAfter(guard);
        }
        scf::YieldOp::create(rewriter, loc);
      });
  Value target = fill->getNumOperands() ? fill->getOperand(1) : Value();
  rewriter.eraseOp(fill);
  if (Operation *view = target ? target.getDefiningOp() : nullptr;
      view && view->use_empty())
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
  // The ops that fill the workgroup panels: memref.copy (B) and
  // linalg.transpose (A, staged K-major).
  SmallVector<Operation *> fills;
  for (Operation &op : kLoop.getBody()->without_terminator()) {
    if (auto mm = dyn_cast<linalg::MatmulOp>(op))
      matmul = mm;
    if (isa<memref::CopyOp, linalg::TransposeOp>(op) &&
        isWorkgroupMemRef(op.getOperand(1).getType()))
      fills.push_back(&op);
  }
  if (!matmul || fills.size() != 2 ||
      getRootBuffer(matmul.getDpsInputs()[0]) != buffers[0].getResult() ||
      getRootBuffer(matmul.getDpsInputs()[1]) != buffers[1].getResult())
    return forall.emitOpError()
           << "K loop must copy both panels to workgroup memory and multiply "
              "them there (run --tile-promote)";
  if (getRootBuffer(fills[0]->getOperand(1)) != buffers[0].getResult())
    std::swap(fills[0], fills[1]);
  bool aTransposed = isa<linalg::TransposeOp>(fills[0]);
  if (isa<linalg::TransposeOp>(fills[1]))
    return forall.emitOpError() << "B panel must be staged as is";
  Value cView = matmul.getDpsInits()[0];
  if (!kLoop.isDefinedOutsideOfLoop(cView))
    return forall.emitOpError() << "C tile must be defined outside the K loop";
  Value globalA = getRootBuffer(fills[0]->getOperand(0));
  Value globalB = getRootBuffer(fills[1]->getOperand(0));
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

  // Thread coordinates: linear id for the copies; the first output row and
  // column of the thread. With a warp tile, warp w owns the WM x WN tile
  // (w / (BN/WN), w % (BN/WN)) and lane l the TM x TN tile
  // (l / (WN/TN), l % (WN/TN)) inside it; otherwise thread (tx, ty) owns
  // rows ty*TM.. and columns tx*TN...
  rewriter.setInsertionPointToStart(&launchBody);
  IndexBuilder ib{rewriter, loc};
  Value tid = ib.add(ib.mul(threadIds.y, ib.c(threadsX)), threadIds.x);
  Value rowBase, colBase;
  if (config.hasWarpTile()) {
    int64_t wm = config.getWarp()[0], wn = config.getWarp()[1];
    Value warp = arith::DivUIOp::create(rewriter, loc, tid, ib.c(32));
    Value lane = arith::RemUIOp::create(rewriter, loc, tid, ib.c(32));
    int64_t warpsX = config.getBN() / wn, lanesX = wn / tn;
    Value wy = arith::DivUIOp::create(rewriter, loc, warp, ib.c(warpsX));
    Value wx = arith::RemUIOp::create(rewriter, loc, warp, ib.c(warpsX));
    Value ly = arith::DivUIOp::create(rewriter, loc, lane, ib.c(lanesX));
    Value lx = arith::RemUIOp::create(rewriter, loc, lane, ib.c(lanesX));
    rowBase = ib.add(ib.mul(wy, ib.c(wm)), ib.mul(ly, ib.c(tm)));
    colBase = ib.add(ib.mul(wx, ib.c(wn)), ib.mul(lx, ib.c(tn)));
  } else {
    rowBase = ib.mul(threadIds.y, ib.c(tm));
    colBase = ib.mul(threadIds.x, ib.c(tn));
  }

  int64_t bm = config.getBM(), bn = config.getBN(), bk = config.getBK();
  int64_t pad = config.getPad();
  distributePanelCopy(rewriter, fills[0], fills[0]->getOperand(0), panels[0],
                      aTransposed, bm, bk,
                      getCopyVectorWidth(globalA, bk, aTransposed ? bk : bk + pad),
                      tid, numThreads);
  distributePanelCopy(rewriter, fills[1], fills[1]->getOperand(0), panels[1],
                      /*transposed=*/false, bk, bn,
                      getCopyVectorWidth(globalB, bn, bn + pad), tid,
                      numThreads);

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

  // Each K step: acc[i][j] += A[row_i, kk] * B[kk, col_j] over the full
  // padded BK (zeros beyond K contribute nothing). The thread's TM values of
  // A (K-major panel) and TN values of B are consecutive in shared memory:
  // 16-byte vector loads when they come in fours.
  auto loadFragment = [&](Value panel, Value kk, Value first, int64_t count,
                          bool consecutive,
                          ArrayRef<Value> strided) -> SmallVector<Value> {
    SmallVector<Value> values;
    if (consecutive && count % 4 == 0) {
      for (int64_t q = 0; q < count; q += 4) {
        Value at = ib.add(first, ib.c(q));
        Value v = vector::LoadOp::create(
            rewriter, loc, VectorType::get({4}, elementType), panel,
            ValueRange{kk, at}, /*nontemporal=*/false, llvm::MaybeAlign(16));
        for (int64_t e = 0; e < 4; ++e)
          values.push_back(vector::ExtractOp::create(rewriter, loc, v, e));
      }
      return values;
    }
    for (int64_t i = 0; i < count; ++i) {
      ValueRange at = consecutive ? ValueRange{kk, ib.add(first, ib.c(i))}
                                  : ValueRange{strided[i], kk};
      values.push_back(memref::LoadOp::create(rewriter, loc, panel, at));
    }
    return values;
  };
  bool aVectorizable = aTransposed && (bm + pad) % 4 == 0;
  bool bVectorizable = (bn + pad) % 4 == 0;
  scf::ForOp kkLoop;
  FailureOr<LoopLikeOpInterface> newLoop = kLoop.replaceWithAdditionalYields(
      rewriter, inits, /*replaceInitOperandUsesInLoop=*/false,
      [&](OpBuilder &, Location, ArrayRef<BlockArgument> accs) {
        auto inner = scf::ForOp::create(
            rewriter, loc, ib.c(0), ib.c(bk), ib.c(1),
            SmallVector<Value>(accs.begin(), accs.end()),
            [&](OpBuilder &, Location, Value kk, ValueRange acc) {
              SmallVector<Value> a =
                  aTransposed
                      ? loadFragment(panels[0], kk, rowBase, tm, aVectorizable,
                                     {})
                      : loadFragment(panels[0], kk, rowBase, tm,
                                     /*consecutive=*/false, rows);
              SmallVector<Value> b = loadFragment(panels[1], kk, colBase, tn,
                                                  bVectorizable, {});
              SmallVector<Value> next;
              for (int64_t i = 0; i < tm; ++i)
                for (int64_t j = 0; j < tn; ++j)
                  next.push_back(math::FmaOp::create(rewriter, loc, a[i], b[j],
                                                     acc[i * tn + j]));
              scf::YieldOp::create(rewriter, loc, next);
            });
        kkLoop = inner;
        return SmallVector<Value>(inner.getResults());
      });
  if (failed(newLoop))
    return launch.emitOpError() << "could not add accumulators to the K loop";
  // The BK steps of one panel are unrolled: every register index is then a
  // compile-time constant and ptxas schedules the whole panel.
  if (bk <= kMaxUnrolledBK && failed(loopUnrollFull(kkLoop)))
    return launch.emitOpError() << "could not unroll the panel loop";
  rewriter.eraseOp(matmul);

  // After K: each accumulator to C, where C exists; rows of TN consecutive
  // values as 16-byte stores when C's rows keep them aligned.
  rewriter.setInsertionPointAfter(*newLoop);
  ValueRange results = (*newLoop)->getResults();
  auto cRoot = cast<MemRefType>(globalC.getType());
  bool cVectorizable = tn % 4 == 0 && cRoot.getDimSize(1) % 4 == 0;
  auto vec4 = VectorType::get({4}, elementType);
  for (int64_t i = 0; i < tm; ++i) {
    auto storeScalars = [&](int64_t from, int64_t to) {
      for (int64_t j = from; j < to; ++j)
        guarded(ib.land(rowIn[i], colIn[j]), Type(), [&]() {
          memref::StoreOp::create(rewriter, loc, results[i * tn + j], cView,
                                  ValueRange{rows[i], cols[j]});
          return Value();
        });
    };
    if (!cVectorizable) {
      storeScalars(0, tn);
      continue;
    }
    for (int64_t q = 0; q < tn; q += 4) {
      Value quad = vector::FromElementsOp::create(
          rewriter, loc, vec4, results.slice(i * tn + q, 4));
      Value whole = ib.land(rowIn[i], colIn[q + 3]);
      auto storeVector = [&]() {
        vector::StoreOp::create(rewriter, loc, quad, cView,
                                ValueRange{rows[i], cols[q]},
                                /*nontemporal=*/false, llvm::MaybeAlign(16));
      };
      if (!whole) {
        storeVector();
        continue;
      }
      auto ifOp = scf::IfOp::create(rewriter, loc, whole, /*withElse=*/true);
      rewriter.setInsertionPointToStart(&ifOp.getThenRegion().front());
      storeVector();
      rewriter.setInsertionPointToStart(&ifOp.getElseRegion().front());
      storeScalars(q, q + 4);
      rewriter.setInsertionPointAfter(ifOp);
    }
  }

  // The panel views the matmul read are dead now.
  SmallVector<Operation *> ops;
  launch.getBody().walk([&](Operation *op) { ops.push_back(op); });
  for (Operation *op : llvm::reverse(ops))
    if (isOpTriviallyDead(op))
      rewriter.eraseOp(op);

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
