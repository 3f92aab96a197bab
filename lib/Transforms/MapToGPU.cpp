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
#include "TileOpt/Analysis/Target.h"
#include "TileOpt/Transforms/KernelUtils.h"
#include "TileOpt/Transforms/Passes.h"
#include "TileOpt/Transforms/Transforms.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/Utils/GPUUtils.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
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
/// Static shared memory a kernel may declare without the dynamic opt-in.
static constexpr int64_t kMaxStaticSharedBytes = 48 * 1024;
/// Suspend-time hint of one mbarrier.try_wait (ns); the wait retries until
/// the phase completes.
static constexpr int64_t kMbarrierWaitTicks = 10000000;

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
  /// The linear index of thread `ids` in a block `threadsX` threads wide.
  Value threadIndex(gpu::KernelDim3 ids, int64_t threadsX) {
    return add(mul(ids.y, c(threadsX)), ids.x);
  }
  Value div(Value x, Value y) { return arith::DivUIOp::create(b, loc, x, y); }
  Value rem(Value x, Value y) { return arith::RemUIOp::create(b, loc, x, y); }
  Value eq(Value x, Value y) {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, x, y);
  }
  Value ne(Value x, Value y) {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, x, y);
  }
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

namespace {
/// One operand's panel: the `rows` x `cols` window of `global` (in its own
/// row-major orientation) at a tile origin, moved into workgroup `buffer`
/// (transposed for A, staged K-major) by all threads of the block.
struct PanelCopy {
  Value global;
  Value buffer;
  bool transposed;
  int64_t rows, cols;
  int64_t width;           ///< elements per vector: 4 (16 bytes) or 1
  bool checkRows, checkCols; ///< whether a tile can cross the matrix edge
  int64_t numThreads;

  int64_t vectorsPerRow() const { return cols / width; }
  int64_t total() const { return rows * vectorsPerRow(); }
  int64_t trips() const { return llvm::divideCeil(total(), numThreads); }
  /// What one trip moves: vector<width x element>, or the element.
  Type valueType() const {
    Type element = cast<MemRefType>(global.getType()).getElementType();
    return width == 1 ? element : Type(VectorType::get({width}, element));
  }
  /// The types of a thread's share of the panel, one per trip.
  SmallVector<Type> valueTypes() const {
    return SmallVector<Type>(trips(), valueType());
  }
};
} // namespace

/// Emits `then` under `cond` (unconditionally when null), yielding values of
/// `types` or zeros of them otherwise.
static SmallVector<Value>
emitGuarded(RewriterBase &rewriter, Location loc, Value cond, TypeRange types,
            function_ref<SmallVector<Value>()> then) {
  if (!cond)
    return then();
  auto ifOp = scf::IfOp::create(rewriter, loc, types, cond, /*withElse=*/true);
  rewriter.setInsertionPointToStart(&ifOp.getThenRegion().front());
  SmallVector<Value> values = then();
  scf::YieldOp::create(rewriter, loc, values);
  rewriter.setInsertionPointToStart(&ifOp.getElseRegion().front());
  SmallVector<Value> zeros;
  for (Type t : types)
    zeros.push_back(arith::ConstantOp::create(rewriter, loc,
                                              rewriter.getZeroAttr(t)));
  scf::YieldOp::create(rewriter, loc, zeros);
  rewriter.setInsertionPointAfter(ifOp);
  return SmallVector<Value>(ifOp.getResults());
}

/// Emits `then` under `cond` (unconditionally when null), and `otherwise`
/// (when given) in the else branch.
static void emitUnder(RewriterBase &rewriter, Location loc, Value cond,
                      function_ref<void()> then,
                      function_ref<void()> otherwise = nullptr) {
  if (!cond) {
    then();
    return;
  }
  auto ifOp = scf::IfOp::create(rewriter, loc, cond, bool(otherwise));
  rewriter.setInsertionPointToStart(&ifOp.getThenRegion().front());
  then();
  if (otherwise) {
    rewriter.setInsertionPointToStart(&ifOp.getElseRegion().front());
    otherwise();
  }
  rewriter.setInsertionPointAfter(ifOp);
}

/// A view of type `type` (in workgroup memory) at byte `offset` of the
/// kernel's dynamic shared memory, `bytes` (gpu.dynamic_shared_memory, made
/// here when null).
static Value getDynamicSharedView(RewriterBase &rewriter, Location loc,
                                  MemRefType type, int64_t offset,
                                  Value bytes = {}) {
  if (!bytes)
    bytes = gpu::DynamicSharedMemoryOp::create(
        rewriter, loc,
        MemRefType::get({ShapedType::kDynamic}, rewriter.getI8Type(),
                        MemRefLayoutAttrInterface(), type.getMemorySpace()));
  return memref::ViewOp::create(
      rewriter, loc, type, bytes,
      arith::ConstantIndexOp::create(rewriter, loc, offset), ValueRange{});
}

/// Polls the 32-bit word at global address `address` (i64) with acquire
/// loads, sleeping briefly between polls, until `done(value)` holds. A wait
/// that never ends (blocks of the grid that are not resident) traps after
/// about 2^26 polls rather than hanging.
static void emitSpinUntil(RewriterBase &rewriter, Location loc, Value address,
                          function_ref<Value(Value)> done) {
  Type i32 = rewriter.getI32Type();
  Value zero = arith::ConstantIntOp::create(rewriter, loc, 0, 32);
  Value one = arith::ConstantIntOp::create(rewriter, loc, 1, 32);
  Value limit = arith::ConstantIntOp::create(rewriter, loc, 1 << 26, 32);
  scf::WhileOp::create(
      rewriter, loc, TypeRange{i32}, ValueRange{zero},
      [&](OpBuilder &, Location, ValueRange args) {
        Value word = NVVM::InlinePtxOp::create(
                         rewriter, loc, TypeRange{i32}, ValueRange{address},
                         ValueRange{}, "ld.acquire.gpu.global.b32 $0, [$1];",
                         Value())
                         .getResult(0);
        Value notYet = arith::XOrIOp::create(
            rewriter, loc, done(word),
            arith::ConstantIntOp::create(rewriter, loc, 1, 1));
        scf::ConditionOp::create(rewriter, loc, notYet, args);
      },
      [&](OpBuilder &, Location, ValueRange args) {
        Value polls = arith::AddIOp::create(rewriter, loc, args[0], one);
        Value late = arith::CmpIOp::create(
            rewriter, loc, arith::CmpIPredicate::ugt, polls, limit);
        NVVM::InlinePtxOp::create(rewriter, loc, TypeRange{}, ValueRange{},
                                  ValueRange{}, "trap;", late);
        NVVM::InlinePtxOp::create(rewriter, loc, TypeRange{}, ValueRange{},
                                  ValueRange{}, "nanosleep.u32 32;", Value());
        scf::YieldOp::create(rewriter, loc, polls);
      });
}

/// pack_b: the most vectors of B's copy one thread keeps in flight (64
/// registers) when they are all its vectors; more go in a loop of batches
/// of kPackLoopBatch, whose index arithmetic is not constant (batches of
/// 16 spilled 92-108 bytes under a 128-register cap).
constexpr int64_t kPackBatch = 16, kPackLoopBatch = 8;

/// pack_b: the kernel's first act, by all blocks of the grid together.
/// They copy B (K x N, rows N elements apart) into the workspace at
/// `plan.offset`, rows `plan.pitch` elements apart, and meet at a grid
/// barrier before any block reads the copy through its tensor map.
///
/// The copy is K x ceil(N / 4) 16-byte vectors of the destination rows.
/// Thread u of the grid's U threads (block-major) writes vectors u + j x U,
/// j < ceil(K x ceil(N / 4) / U): 4 consecutive elements of B, each loaded
/// alone (rows of B are 4-byte aligned; a warp's loads cover 512
/// contiguous bytes, which L1 serves after the first), stored as one
/// 16-byte vector (a warp's stores cover 512 contiguous bytes). A thread
/// loads all its vectors before it stores them; one past the end re-reads
/// the last and stores nothing. Elements past N in a row's last vector (the
/// next row's, or B's last) land in the padding, which the tensor map
/// leaves out.
///
/// The barrier: every thread fences its stores against the async proxy
/// (the TMA unit reads the copy), and the block synchronises; its leader
/// adds 1 to the arrival counter with release semantics and polls it with
/// acquire loads until all `plan.packers` packers have arrived, then adds 1
/// to the departure counter. The last of the grid's blocks to depart
/// resets the counters to zero for the next launch: every block has
/// stopped polling by then. The block synchronises again.
///
/// With a grid of one wave every block is a packer (its index `block`).
/// With more, blocks may start in any order and only a wave is resident at
/// once, so the packers are the first `plan.packers` blocks to start: the
/// leader takes a ticket (an atomic counter) and passes it on through
/// `ticketWord` (shared memory); a block whose ticket is a packer's copies
/// share `ticket`, the others only wait. No block can leave before the
/// packers have arrived, so the blocks resident while tickets below
/// `plan.packers` are handed out are all packers, which fit one wave: the
/// wait always ends.
static void emitPackB(RewriterBase &rewriter, Location loc,
                      const PackPlan &plan, Value globalB, Value workspace,
                      Value block, Value tid, int64_t numThreads,
                      Value ticketWord) {
  IndexBuilder ib{rewriter, loc};
  auto ptx = [&](StringRef text, ValueRange operands, Value predicate) {
    NVVM::InlinePtxOp::create(rewriter, loc, TypeRange{}, operands,
                              ValueRange{}, text, predicate);
  };
  Type i32 = rewriter.getI32Type(), i64 = rewriter.getI64Type();
  Value counters = ib.add(
      memref::ExtractAlignedPointerAsIndexOp::create(rewriter, loc, workspace),
      ib.c(plan.barrierOffset));
  auto counter = [&](int64_t i) -> Value {
    return arith::IndexCastOp::create(rewriter, loc, i64,
                                      ib.add(counters, ib.c(4 * i)));
  };
  Value arrivals = counter(0), departures = counter(1), tickets = counter(2);
  // Adds 1 to the counter at `address`, returning its value before.
  auto increment = [&](Value address) -> Value {
    return NVVM::InlinePtxOp::create(
               rewriter, loc, TypeRange{i32}, ValueRange{address}, ValueRange{},
               "atom.relaxed.gpu.global.add.u32 $0, [$1], 1;", Value())
        .getResult(0);
  };
  Value leader = ib.eq(tid, ib.c(0));
  // More blocks than one wave: the first `packers` blocks to start copy B
  // (the leader takes a ticket and passes it on through shared memory).
  Value packer = block, isPacker;
  if (plan.blocks > plan.packers) {
    emitUnder(rewriter, loc, leader, [&]() {
      memref::StoreOp::create(rewriter, loc, increment(tickets), ticketWord,
                              ib.c(0));
    });
    gpu::BarrierOp::create(rewriter, loc);
    packer = arith::IndexCastUIOp::create(
        rewriter, loc, rewriter.getIndexType(),
        memref::LoadOp::create(rewriter, loc, ticketWord, ib.c(0)));
    isPacker = ib.lt(packer, ib.c(plan.packers));
  }
  auto bType = cast<MemRefType>(globalB.getType());
  int64_t k = bType.getDimSize(0), n = bType.getDimSize(1);
  Type elementType = bType.getElementType();
  int64_t perRow = llvm::divideCeil(n, 4), vectors = k * perRow;
  int64_t threads = plan.packers * numThreads;
  int64_t trips = llvm::divideCeil(vectors, threads);
  SmallVector<ReassociationIndices> all{{0, 1}};
  Value flat = memref::CollapseShapeOp::create(rewriter, loc, globalB, all);
  Value copy = memref::ViewOp::create(
      rewriter, loc, MemRefType::get({k * plan.pitch}, elementType), workspace,
      ib.c(plan.offset), ValueRange{});
  auto vectorType = VectorType::get({4}, elementType);
  Value u;
  // Trips [first, first + count): loads, then stores. `first` is a
  // constant (trip guards only where the trip may pass the end) or, in the
  // batch loop, a loop value (every trip guarded).
  auto emitTrips = [&](OpFoldResult first, int64_t count) {
    std::optional<int64_t> known = getConstantIntValue(first);
    SmallVector<Value> loaded, live, to;
    for (int64_t j = 0; j < count; ++j) {
      Value v = ib.add(u, ib.mul(ib.add(ib.value(first), ib.c(j)),
                                 ib.c(threads)));
      Value inside;
      if (!known || (*known + j + 1) * threads > vectors) {
        inside = ib.lt(v, ib.c(vectors));
        v = arith::MinUIOp::create(rewriter, loc, v, ib.c(vectors - 1));
      }
      live.push_back(inside);
      Value row = ib.div(v, ib.c(perRow));
      Value col = ib.mul(
          arith::SubIOp::create(rewriter, loc, v, ib.mul(row, ib.c(perRow))),
          ib.c(4));
      to.push_back(ib.add(ib.mul(row, ib.c(plan.pitch)), col));
      Value from = ib.add(ib.mul(row, ib.c(n)), col);
      SmallVector<Value> elements;
      for (int64_t e = 0; e < 4; ++e) {
        // Past the row's end: the next row's elements (or B's last), which
        // land in the padding.
        Value at = arith::MinUIOp::create(rewriter, loc, ib.add(from, ib.c(e)),
                                          ib.c(k * n - 1));
        elements.push_back(memref::LoadOp::create(rewriter, loc, flat, at));
      }
      loaded.push_back(
          vector::FromElementsOp::create(rewriter, loc, vectorType, elements));
    }
    for (int64_t j = 0; j < count; ++j)
      emitUnder(rewriter, loc, live[j], [&]() {
        vector::StoreOp::create(rewriter, loc, loaded[j], copy,
                                ValueRange{to[j]}, /*nontemporal=*/false,
                                llvm::MaybeAlign(16));
      });
  };
  // All of a thread's vectors at once, or batches in a loop.
  emitUnder(rewriter, loc, isPacker, [&]() {
    u = ib.add(ib.mul(packer, ib.c(numThreads)), tid);
    if (trips <= kPackBatch) {
      emitTrips(rewriter.getIndexAttr(0), trips);
      return;
    }
    auto loop = scf::ForOp::create(rewriter, loc, ib.c(0), ib.c(trips),
                                   ib.c(kPackLoopBatch));
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPoint(loop.getBody()->getTerminator());
    emitTrips(loop.getInductionVar(), kPackLoopBatch);
  });

  // The barrier: the packers arrive, every block waits for them.
  ptx("fence.proxy.async.global;", {}, Value());
  gpu::BarrierOp::create(rewriter, loc);
  emitUnder(rewriter, loc, leader, [&]() {
    ptx("red.release.gpu.global.add.u32 [$0], 1;", {arrivals}, isPacker);
    Value all = arith::ConstantIntOp::create(rewriter, loc, plan.packers, 32);
    emitSpinUntil(rewriter, loc, arrivals,
                  [&](Value arrived) { return ib.eq(arrived, all); });
    Value before = increment(departures);
    Value last =
        ib.eq(before,
              arith::ConstantIntOp::create(rewriter, loc, plan.blocks - 1, 32));
    Value zero = arith::ConstantIntOp::create(rewriter, loc, 0, 32);
    SmallVector<Value, 3> resets{arrivals, departures};
    if (plan.blocks > plan.packers)
      resets.push_back(tickets);
    for (Value word : resets)
      ptx("st.relaxed.gpu.global.b32 [$0], $1;", {word, zero}, last);
    ptx("fence.proxy.async.global;", {}, Value());
  });
  gpu::BarrierOp::create(rewriter, loc);
}

/// Whether thread `tid` has an item in trip `trip` when `numThreads` threads
/// share `total` items, item trip * numThreads + tid: null when every thread
/// has one (the trip is not the last, partial one).
static Value getTripGuard(IndexBuilder &ib, int64_t total, int64_t numThreads,
                          Value tid, int64_t trip) {
  if ((trip + 1) * numThreads <= total)
    return Value();
  return ib.lt(ib.add(ib.c(trip * numThreads), tid), ib.c(total));
}
/// The same for the vectors of panel `p`.
static Value getTripGuard(IndexBuilder &ib, const PanelCopy &p, Value tid,
                          int64_t trip) {
  return getTripGuard(ib, p.total(), p.numThreads, tid, trip);
}

/// The index (stage, i, j) into a panel buffer, or (i, j) when it has no
/// stage dimension (`stage` null).
static SmallVector<Value> getStagedIndex(Value stage, Value i, Value j) {
  if (stage)
    return {stage, i, j};
  return {i, j};
}

/// The row and column (in the panel) of vector `trip` of thread `tid`.
static std::pair<Value, Value> getPanelPosition(IndexBuilder &ib,
                                                const PanelCopy &p, Value tid,
                                                int64_t trip) {
  Value idx = ib.add(ib.c(trip * p.numThreads), tid);
  Value r = arith::DivUIOp::create(ib.b, ib.loc, idx, ib.c(p.vectorsPerRow()));
  Value c = ib.mul(
      arith::RemUIOp::create(ib.b, ib.loc, idx, ib.c(p.vectorsPerRow())),
      ib.c(p.width));
  return {r, c};
}

/// Loads this thread's share of panel `p` at global origin (row0, col0) into
/// registers: one value (vector<width> or scalar) per trip, zero where the
/// panel leaves the matrix or the trip is past the panel. Consecutive threads
/// read consecutive addresses.
static SmallVector<Value> loadPanel(RewriterBase &rewriter, Location loc,
                                    const PanelCopy &p, Value row0, Value col0,
                                    Value tid) {
  IndexBuilder ib{rewriter, loc};
  auto globalType = cast<MemRefType>(p.global.getType());
  Type elementType = globalType.getElementType();
  Type valueType = p.valueType();
  Value bound[2] = {ib.c(globalType.getDimSize(0)),
                    ib.c(globalType.getDimSize(1))};
  SmallVector<Value> values;
  for (int64_t trip = 0; trip < p.trips(); ++trip) {
    auto [r, c] = getPanelPosition(ib, p, tid, trip);
    Value gr = ib.add(row0, r), gc = ib.add(col0, c);
    Value live = getTripGuard(ib, p, tid, trip);
    Value rowInside = p.checkRows ? ib.lt(gr, bound[0]) : Value();
    auto loadElement = [&](Value col) -> Value {
      Value inside =
          ib.land(rowInside, p.checkCols ? ib.lt(col, bound[1]) : Value());
      return emitGuarded(rewriter, loc, inside, elementType, [&]() {
        return SmallVector<Value>{memref::LoadOp::create(
            rewriter, loc, p.global, ValueRange{gr, col})};
      })[0];
    };
    values.push_back(emitGuarded(rewriter, loc, live, valueType, [&]() {
      if (p.width == 1)
        return SmallVector<Value>{loadElement(gc)};
      // A whole vector inside the matrix is one 16-byte load; one that
      // crosses the edge is loaded element by element.
      Value lastCol = ib.add(gc, ib.c(p.width - 1));
      Value whole = ib.land(
          rowInside, p.checkCols ? ib.lt(lastCol, bound[1]) : Value());
      auto vectorType = cast<VectorType>(valueType);
      auto loadVector = [&]() -> SmallVector<Value> {
        return {vector::LoadOp::create(rewriter, loc, vectorType, p.global,
                                       ValueRange{gr, gc},
                                       /*nontemporal=*/false,
                                       llvm::MaybeAlign(p.width * 4))};
      };
      if (!whole)
        return loadVector();
      auto ifOp = scf::IfOp::create(rewriter, loc, vectorType, whole,
                                    /*withElse=*/true);
      rewriter.setInsertionPointToStart(&ifOp.getThenRegion().front());
      scf::YieldOp::create(rewriter, loc, loadVector());
      rewriter.setInsertionPointToStart(&ifOp.getElseRegion().front());
      SmallVector<Value> elements;
      for (int64_t e = 0; e < p.width; ++e)
        elements.push_back(loadElement(ib.add(gc, ib.c(e))));
      scf::YieldOp::create(
          rewriter, loc,
          ValueRange{vector::FromElementsOp::create(rewriter, loc, vectorType,
                                                    elements)});
      rewriter.setInsertionPointAfter(ifOp);
      return SmallVector<Value>{ifOp.getResult(0)};
    })[0]);
  }
  return values;
}

/// Stores the values `loadPanel` produced into stage `stage` of the panel
/// buffer (no stage index when the buffer is 2-D): as vectors, or element by
/// element at transposed positions for the K-major A panel.
static void storePanel(RewriterBase &rewriter, Location loc,
                       const PanelCopy &p, ArrayRef<Value> values, Value stage,
                       Value tid) {
  IndexBuilder ib{rewriter, loc};
  auto at = [&](Value i, Value j) { return getStagedIndex(stage, i, j); };
  for (int64_t trip = 0; trip < p.trips(); ++trip) {
    Value live = getTripGuard(ib, p, tid, trip);
    auto store = [&]() {
      auto [r, c] = getPanelPosition(ib, p, tid, trip);
      Value v = values[trip];
      if (p.width > 1 && !p.transposed) {
        vector::StoreOp::create(rewriter, loc, v, p.buffer, at(r, c),
                                /*nontemporal=*/false,
                                llvm::MaybeAlign(p.width * 4));
        return;
      }
      for (int64_t e = 0; e < p.width; ++e) {
        Value x = p.width == 1 ? v : vector::ExtractOp::create(rewriter, loc, v, e);
        Value ce = ib.add(c, ib.c(e));
        memref::StoreOp::create(rewriter, loc, x, p.buffer,
                                p.transposed ? at(ce, r) : at(r, ce));
      }
    };
    emitUnder(rewriter, loc, live, store);
  }
}

/// Copies this thread's share of panel `p` at global origin (row0, col0)
/// straight into stage `stage` of its buffer with cp.async: one copy of
/// `width` elements per trip; where the vector leaves the matrix only the
/// elements inside are read (`srcElements`) and the rest of the destination
/// is zero-filled, from a clamped in-bounds address when nothing is read.
static void asyncCopyPanel(RewriterBase &rewriter, Location loc,
                           const PanelCopy &p, Value row0, Value col0,
                           Value stage, Value tid) {
  IndexBuilder ib{rewriter, loc};
  auto globalType = cast<MemRefType>(p.global.getType());
  Value bound[2] = {ib.c(globalType.getDimSize(0)),
                    ib.c(globalType.getDimSize(1))};
  auto tokenType = nvgpu::DeviceAsyncTokenType::get(rewriter.getContext());
  for (int64_t trip = 0; trip < p.trips(); ++trip) {
    Value live = getTripGuard(ib, p, tid, trip);
    emitUnder(rewriter, loc, live, [&]() {
      auto [r, c] = getPanelPosition(ib, p, tid, trip);
      Value gr = ib.add(row0, r), gc = ib.add(col0, c);
      Value count;
      if (p.checkRows || p.checkCols) {
        // Elements of the vector inside the matrix: clamp(cols - gc, 0, W),
        // or 0 on a row outside it.
        Value left;
        if (p.checkCols) {
          left = arith::SubIOp::create(rewriter, loc, bound[1], gc);
          left = arith::MaxSIOp::create(rewriter, loc, left, ib.c(0));
          left = arith::MinSIOp::create(rewriter, loc, left, ib.c(p.width));
        } else {
          left = ib.c(p.width);
        }
        count = p.checkRows ? Value(arith::SelectOp::create(
                                  rewriter, loc, ib.lt(gr, bound[0]), left,
                                  ib.c(0)))
                            : left;
        Value any = arith::CmpIOp::create(rewriter, loc,
                                          arith::CmpIPredicate::sgt, count,
                                          ib.c(0));
        gr = arith::SelectOp::create(rewriter, loc, any, gr, ib.c(0));
        gc = arith::SelectOp::create(rewriter, loc, any, gc, ib.c(0));
      }
      nvgpu::DeviceAsyncCopyOp::create(
          rewriter, loc, tokenType, p.buffer, ValueRange{stage, r, c},
          p.global, ValueRange{gr, gc}, rewriter.getIndexAttr(p.width), count,
          p.width == 4 ? rewriter.getUnitAttr() : UnitAttr());
    });
  }
}

namespace {
/// Emits the per-thread code of one tiled kernel into its gpu.launch: the
/// thread's fragment layout, its accumulators, the K loop of the config's
/// schedule around the panels, and the stores of C.
struct TiledKernelEmitter {
  RewriterBase &rewriter;
  Location loc;
  ConfigAttr config;
  const MatmulProblem &problem;
  bool aTransposed; ///< the FMAs read A K-major (staged so, or aKMajor)

  IndexBuilder ib{rewriter, loc};
  Value panels[2];
  /// restage_a: the two-stage K-major A panel (BK x BM) the threads fill
  /// from A's landed boxes, and the stage the current K step reads.
  Value aKMajor, aKMajorStage;
  /// b_row_groups: the boxes of B's row classes (B's stages hold them).
  RowGroupBoxes bBoxes = getRowGroupBoxes(config);
  /// copy = tma: the tensor maps of A and B (host-made descriptors).
  Value tensorMaps[2];
  PanelCopy aCopy, bCopy;
  Value tid, rowOrigin, colOrigin, cView;
  /// The fragment layout: first row (column) of the thread's fragment, the
  /// number of row (column) groups and the chunk size.
  Value rowBase, colBase;
  int64_t rowGroups = 0, colGroups = 0, rowChunk = 1, colChunk = 1;
  /// The thread's output rows and columns (block-tile coordinates) and
  /// whether each is inside C (null: always).
  SmallVector<Value> rows, cols, rowIn, colIn;
  /// Whether C's rows keep the thread's runs of 4 columns 16-byte aligned
  /// (stored as vectors), and whether edge tiles store those runs through
  /// predicated PTX stores (emitStoreC).
  bool cVectorizable = false, predicatedStores = false;
  /// Whether C goes out through shared memory (emitStagedStoreC): its rows
  /// are not 16-byte multiples, the fragment's rows and columns come in
  /// chunks of 4, and one chunk's rows of the block tile fit the dynamic
  /// shared memory of `sharedBytes`. `warpRow` is the thread's warp row
  /// (0 without a warp tile) and `warpRows` the rows a warp row spans.
  bool stagedC = false;
  /// C += A * B with stream_k and staged C: every segment starts from zero
  /// and the owner's staged store adds C, one coalesced load per element it
  /// stores. Loading C into the accumulators at the owner's segment start,
  /// under the owner's and the edges' predicates inside the segment loop,
  /// cost the FMA block its register assignment (0.66-0.74 extra read
  /// cycles per FFMA against 0.19; 4096 x 4095 x 4096 2.975 against 2.727
  /// ms without stream_k).
  bool addCAtStore = false;
  int64_t sharedBytes = 0, warpRows = 0;
  Value warpRow;
  /// The panel loop of the step just emitted, unrolled at the end.
  scf::ForOp kkLoop;
  /// stream_k: the plan; the segment loop (the kernel's one-time setup goes
  /// before it); the K steps this block ran before the current segment (the
  /// pipeline's stage and mbarrier phase continue from there; null: 0); the
  /// segment's first K step (over all tiles); when the matmul accumulates,
  /// whether the segment owns its tile (emitOwnsTile: its accumulators then
  /// start from C; null: always); the block's index; the workspace (partial
  /// sums, then flags) and its view as partial sums.
  std::optional<StreamKPlan> streamK;
  Operation *segmentLoop = nullptr;
  Value stepBase, segmentStep, segmentOwner, blockIndex, workspace, partials;

  int64_t tm() const { return config.getTM(); }
  int64_t tn() const { return config.getTN(); }
  Type elementType() const { return problem.elementType; }

  LogicalResult emit(gpu::LaunchOp launch, Value tileRow, Value tileCol,
                     gpu::KernelDim3 threadIds, Value panelBuffers[2],
                     std::pair<Value, Value> globalAB, Value cTile,
                     Value globalC, scf::ForOp kLoop);
  void emitFragmentLayout(gpu::KernelDim3 threadIds);
  SmallVector<Value> emitAccumulatorInits();
  void emitTileBounds();
  void emitPredicatedStoreC(ValueRange results);
  void emitStagedStoreC(ValueRange results);
  SmallVector<Value> loadFragment(Value panel, Value stage, Value kk,
                                  ArrayRef<Value> index, bool alongRow,
                                  bool vectorize);
  SmallVector<Value> loadRowGroupFragment(Value stage, Value kk, int64_t e);
  SmallVector<Value> emitPanelStep(Value stage, ValueRange accs);
  scf::ForOp emitSingleStageLoop(scf::ForOp kLoop, ValueRange inits);
  scf::ForOp emitRegisterStagedLoop(scf::ForOp kLoop, ValueRange inits);
  scf::ForOp
  emitIssueAheadLoop(scf::ForOp kLoop, ValueRange inits,
                     function_ref<void(Value kAt, Value stage)> issue,
                     function_ref<void(Value step, Value stage)> wait,
                     function_ref<void()> flush = nullptr);
  scf::ForOp emitAsyncLoop(scf::ForOp kLoop, ValueRange inits);
  scf::ForOp emitTmaLoop(scf::ForOp kLoop, ValueRange inits);
  void emitRestageA(Value step, Value stage);
  void emitStoreC(ValueRange results);
  Value getFlagAddress(Value block);
  Value getPartialIndex(Value block, int64_t chunk);
  void emitWaitForPartial(Value block);
  Value emitOwnsTile();
  void emitStreamKEpilogue(ValueRange results);
};
} // namespace

/// Thread coordinates: linear id for the copies; the row and column group
/// of the thread's fragment. With a warp tile, warp w owns the WM x WN tile
/// (w / (BN/WN), w % (BN/WN)) and lane l the row group l / (WN/TN) and the
/// column group l % (WN/TN) inside it; otherwise thread (tx, ty) owns row
/// group ty and column group tx of the block tile.
///
/// The fragment's rows (columns) come in chunks: chunk c of group g covers
/// rows offset + c * groups * chunk + g * chunk + [0, chunk). Chunks of 4
/// where fragments load as 16-byte vectors (A staged K-major; B when TN %
/// 4 == 0): the lanes of one load then read consecutive 16-byte pieces,
/// free of bank conflicts, and write C in runs of 16 * groups bytes. Rows
/// of A staged as is come one by one (chunk 1: the lanes reading one k hit
/// consecutive rows, hence different banks). Otherwise one chunk of TM
/// (TN): the fragment is contiguous.
void TiledKernelEmitter::emitFragmentLayout(gpu::KernelDim3 threadIds) {
  int64_t threadsX = config.getThreadsX(), threadsY = config.getThreadsY();
  tid = ib.threadIndex(threadIds, threadsX);
  Value rowGroup, colGroup, rowOffset, colOffset;
  if (config.hasWarpTile()) {
    int64_t wm = config.getWarp()[0], wn = config.getWarp()[1];
    Value warp = arith::DivUIOp::create(rewriter, loc, tid, ib.c(32));
    Value lane = arith::RemUIOp::create(rewriter, loc, tid, ib.c(32));
    int64_t warpsX = config.getBN() / wn, lanesX = wn / tn();
    Value wy = arith::DivUIOp::create(rewriter, loc, warp, ib.c(warpsX));
    Value wx = arith::RemUIOp::create(rewriter, loc, warp, ib.c(warpsX));
    rowGroup = arith::DivUIOp::create(rewriter, loc, lane, ib.c(lanesX));
    colGroup = arith::RemUIOp::create(rewriter, loc, lane, ib.c(lanesX));
    rowOffset = ib.mul(wy, ib.c(wm));
    colOffset = ib.mul(wx, ib.c(wn));
    warpRow = wy;
    warpRows = wm;
    rowGroups = wm / tm();
    colGroups = lanesX;
  } else {
    rowGroup = threadIds.y;
    colGroup = threadIds.x;
    rowOffset = colOffset = ib.c(0);
    warpRow = ib.c(0);
    warpRows = config.getBM();
    rowGroups = threadsY;
    colGroups = threadsX;
  }
  rowChunk = aTransposed ? 4 : 1;
  colChunk = tn() % 4 == 0 ? 4 : tn();
  rowBase = ib.add(rowOffset, ib.mul(rowGroup, ib.c(rowChunk)));
  colBase = ib.add(colOffset, ib.mul(colGroup, ib.c(colChunk)));
}

/// One register per output of the thread, initialised before the K loop
/// (zero, or C's element when the matmul accumulates).
SmallVector<Value> TiledKernelEmitter::emitAccumulatorInits() {
  Value zero = arith::ConstantOp::create(
      rewriter, loc, rewriter.getZeroAttr(elementType()));
  SmallVector<Value> inits;
  for (int64_t i = 0; i < tm(); ++i)
    for (int64_t j = 0; j < tn(); ++j) {
      if (!problem.accumulate || addCAtStore) {
        inits.push_back(zero);
        continue;
      }
      inits.push_back(emitGuarded(
          rewriter, loc, ib.land(segmentOwner, ib.land(rowIn[i], colIn[j])),
          elementType(), [&]() {
            return SmallVector<Value>{memref::LoadOp::create(
                rewriter, loc, cView, ValueRange{rows[i], cols[j]})};
          })[0]);
    }
  return inits;
}

/// A thread's A values (K-major panel) and B values for one k lie along a
/// panel row: one 16-byte load per chunk of 4 where the row pitch keeps
/// chunks aligned. A staged as is is read down a column, element by
/// element.
SmallVector<Value>
TiledKernelEmitter::loadFragment(Value panel, Value stage, Value kk,
                                 ArrayRef<Value> index, bool alongRow,
                                 bool vectorize) {
  auto at = [&](Value i) {
    return alongRow ? getStagedIndex(stage, kk, i)
                    : getStagedIndex(stage, i, kk);
  };
  SmallVector<Value> values;
  if (vectorize) {
    for (size_t q = 0; q < index.size(); q += 4) {
      Value v = vector::LoadOp::create(
          rewriter, loc, VectorType::get({4}, elementType()), panel,
          at(index[q]), /*nontemporal=*/false, llvm::MaybeAlign(16));
      for (int64_t e = 0; e < 4; ++e)
        values.push_back(vector::ExtractOp::create(rewriter, loc, v, e));
    }
    return values;
  }
  for (Value i : index)
    values.push_back(memref::LoadOp::create(rewriter, loc, panel, at(i)));
  return values;
}

/// b_row_groups's B values of panel row kk + e (kk a multiple of 4; class e)
/// for the thread's columns, read where they landed: element t of the
/// class's run (column t - s_e of the panel row) is in box t / width at t %
/// width. Chunks of 4 columns are one aligned 16-byte load where s_e is 0,
/// else the two around them, the chunk picked out by a constant shuffle.
SmallVector<Value>
TiledKernelEmitter::loadRowGroupFragment(Value stage, Value kk, int64_t e) {
  int64_t shift = e * problem.n % 4;
  Value r = arith::DivUIOp::create(rewriter, loc, kk, ib.c(4));
  auto index = [&](Value t) -> SmallVector<Value> {
    Value box = ib.add(
        arith::DivUIOp::create(rewriter, loc, t, ib.c(bBoxes.width)),
        ib.c(e * bBoxes.count));
    return {stage, box, r,
            arith::RemUIOp::create(rewriter, loc, t, ib.c(bBoxes.width))};
  };
  SmallVector<Value> values;
  if (colChunk % 4 != 0) {
    for (Value col : cols)
      values.push_back(memref::LoadOp::create(
          rewriter, loc, panels[1], index(ib.add(col, ib.c(shift)))));
    return values;
  }
  auto vec4 = VectorType::get({4}, elementType());
  auto load = [&](Value t) -> Value {
    return vector::LoadOp::create(rewriter, loc, vec4, panels[1], index(t),
                                  /*nontemporal=*/false, llvm::MaybeAlign(16));
  };
  for (size_t q = 0; q < cols.size(); q += 4) {
    Value chunk = load(cols[q]);
    if (shift != 0)
      chunk = vector::ShuffleOp::create(
          rewriter, loc, chunk, load(ib.add(cols[q], ib.c(4))),
          ArrayRef<int64_t>{shift, shift + 1, shift + 2, shift + 3});
    for (int64_t i = 0; i < 4; ++i)
      values.push_back(vector::ExtractOp::create(rewriter, loc, chunk, i));
  }
  return values;
}

/// One K step from stage `stage` of the panels (none: 2-D panels):
/// acc[i][j] += A[row_i, kk] * B[kk, col_j] over the full padded BK (zeros
/// beyond K contribute nothing).
SmallVector<Value> TiledKernelEmitter::emitPanelStep(Value stage,
                                                     ValueRange accs) {
  int64_t pad = config.getPad(), bk = config.getBK();
  bool aVectorizable = aTransposed && (config.getBM() + pad) % 4 == 0;
  bool bVectorizable = tn() % 4 == 0 && (config.getBN() + pad) % 4 == 0;
  // A staged as is (BM x BK): a thread's value of row i for 4 consecutive k
  // is one 16-byte load when the row pitch keeps them aligned, so the loop
  // walks k in groups of 4 and loads TM vectors per group instead of TM
  // scalars per k.
  bool aAlongK = !aTransposed && bk % 4 == 0 && (bk + pad) % 4 == 0 &&
                 elementType().getIntOrFloatBitWidth() == 32;
  // b_row_groups: row kk + e of a group of 4 is of class e.
  bool bRowGroups = config.getBRowGroups();
  int64_t group = aAlongK || bRowGroups ? 4 : 1;
  // The outer product in serpentine order (as CUTLASS's SIMT MMA): along
  // the rows of the fragment, every other row walked backwards (or down its
  // columns, every other column upwards: `fma_order`), so consecutive FMAs
  // share an operand (the A value in a row, the B value at a turn) and
  // ptxas can keep it in an operand reuse cache instead of reading the
  // register file again.
  bool byColumns = config.getFmaOrder() == FmaOrder::Columns;
  auto outerProduct = [&](ArrayRef<Value> a, ArrayRef<Value> b,
                          SmallVector<Value> &acc) {
    int64_t outer = byColumns ? tn() : tm(), inner = byColumns ? tm() : tn();
    for (int64_t o = 0; o < outer; ++o)
      for (int64_t q = 0; q < inner; ++q) {
        int64_t p = o % 2 == 0 ? q : inner - 1 - q;
        int64_t i = byColumns ? p : o, j = byColumns ? o : p;
        acc[i * tn() + j] = math::FmaOp::create(rewriter, loc, a[i], b[j],
                                                acc[i * tn() + j]);
      }
  };
  kkLoop = scf::ForOp::create(
      rewriter, loc, ib.c(0), ib.c(bk), ib.c(group), accs,
      [&](OpBuilder &, Location, Value kk, ValueRange accIn) {
        SmallVector<Value> acc(accIn);
        auto vec4 = VectorType::get({4}, elementType());
        SmallVector<Value> aRows;
        if (aAlongK)
          for (Value row : rows)
            aRows.push_back(vector::LoadOp::create(
                rewriter, loc, vec4, panels[0], getStagedIndex(stage, row, kk),
                /*nontemporal=*/false, llvm::MaybeAlign(16)));
        for (int64_t e = 0; e < group; ++e) {
          Value k = e == 0 ? kk : ib.add(kk, ib.c(e));
          SmallVector<Value> a;
          if (aAlongK) {
            for (Value v : aRows)
              a.push_back(vector::ExtractOp::create(rewriter, loc, v, e));
          } else {
            a = loadFragment(aKMajor ? aKMajor : panels[0],
                             aKMajor ? aKMajorStage : stage, k, rows,
                             /*alongRow=*/aTransposed, aVectorizable);
          }
          SmallVector<Value> b =
              bRowGroups ? loadRowGroupFragment(stage, kk, e)
                         : loadFragment(panels[1], stage, k, cols,
                                        /*alongRow=*/true, bVectorizable);
          outerProduct(a, b, acc);
        }
        scf::YieldOp::create(rewriter, loc, acc);
      });
  return SmallVector<Value>(kkLoop.getResults());
}

/// One stage: each step loads both panels, stores them, multiplies (the
/// barrier pass puts one barrier before the FMAs and one after).
scf::ForOp TiledKernelEmitter::emitSingleStageLoop(scf::ForOp kLoop,
                                                   ValueRange inits) {
  return scf::ForOp::create(
      rewriter, loc, kLoop.getLowerBound(), kLoop.getUpperBound(),
      kLoop.getStep(), inits,
      [&](OpBuilder &, Location, Value kIv, ValueRange accs) {
        SmallVector<Value> a =
            loadPanel(rewriter, loc, aCopy, rowOrigin, kIv, tid);
        SmallVector<Value> b =
            loadPanel(rewriter, loc, bCopy, kIv, colOrigin, tid);
        storePanel(rewriter, loc, aCopy, a, Value(), tid);
        storePanel(rewriter, loc, bCopy, b, Value(), tid);
        scf::YieldOp::create(rewriter, loc, emitPanelStep(Value(), accs));
      });
}

/// Two register-staged stages: the prologue stages panel 0; step k loads
/// panel k+1 into registers, multiplies panel k from its stage, then stores
/// panel k+1 into the other stage, so the global loads are in flight during
/// the FMAs.
scf::ForOp TiledKernelEmitter::emitRegisterStagedLoop(scf::ForOp kLoop,
                                                      ValueRange inits) {
  Value kLower = kLoop.getLowerBound(), kUpper = kLoop.getUpperBound(),
        kStep = kLoop.getStep();
  SmallVector<Value> a0 =
      loadPanel(rewriter, loc, aCopy, rowOrigin, kLower, tid);
  SmallVector<Value> b0 =
      loadPanel(rewriter, loc, bCopy, kLower, colOrigin, tid);
  storePanel(rewriter, loc, aCopy, a0, ib.c(0), tid);
  storePanel(rewriter, loc, bCopy, b0, ib.c(0), tid);
  SmallVector<Type> prefetchTypes = aCopy.valueTypes();
  llvm::append_range(prefetchTypes, bCopy.valueTypes());
  return scf::ForOp::create(
      rewriter, loc, kLower, kUpper, kStep, inits,
      [&](OpBuilder &, Location, Value kIv, ValueRange accs) {
        Value step = arith::DivUIOp::create(
            rewriter, loc, arith::SubIOp::create(rewriter, loc, kIv, kLower),
            kStep);
        Value stage = arith::RemUIOp::create(rewriter, loc, step, ib.c(2));
        Value other = arith::SubIOp::create(rewriter, loc, ib.c(1), stage);
        Value kNext = ib.add(kIv, kStep);
        Value hasNext = ib.lt(kNext, kUpper);
        SmallVector<Value> prefetched =
            emitGuarded(rewriter, loc, hasNext, prefetchTypes, [&]() {
              SmallVector<Value> v =
                  loadPanel(rewriter, loc, aCopy, rowOrigin, kNext, tid);
              llvm::append_range(
                  v, loadPanel(rewriter, loc, bCopy, kNext, colOrigin, tid));
              return v;
            });
        SmallVector<Value> result = emitPanelStep(stage, accs);
        auto ifOp = scf::IfOp::create(rewriter, loc, hasNext,
                                      /*withElse=*/false);
        rewriter.setInsertionPointToStart(&ifOp.getThenRegion().front());
        ArrayRef<Value> all(prefetched);
        storePanel(rewriter, loc, aCopy, all.take_front(aCopy.trips()), other,
                   tid);
        storePanel(rewriter, loc, bCopy, all.drop_front(aCopy.trips()), other,
                   tid);
        rewriter.setInsertionPointAfter(ifOp);
        scf::YieldOp::create(rewriter, loc, result);
      });
}

/// The K loop shared by the asynchronous S-stage pipelines (cp.async, TMA):
/// the prologue issues K steps 0..S-2 into stages 0..S-2; step k waits until
/// its stage's copies have landed (`wait`), synchronises the block (every
/// thread is then past step k-1's FMAs, so the stage step k-1 read is free),
/// issues step k+S-1 into that stage, then multiplies from stage k % S
/// while those copies fly (S-1 steps of FMAs hide each copy). `issue` skips
/// steps beyond K itself. `flush`, when given, runs after each prologue
/// issue and after each step's FMAs (register-staged parts of a step store
/// there). The loop places its own barriers (kSelfSynchronizedAttrName).
scf::ForOp TiledKernelEmitter::emitIssueAheadLoop(
    scf::ForOp kLoop, ValueRange inits,
    function_ref<void(Value kAt, Value stage)> issue,
    function_ref<void(Value step, Value stage)> wait,
    function_ref<void()> flush) {
  int64_t stages = config.getStages(), bk = config.getBK();
  Value kLower = kLoop.getLowerBound(), kUpper = kLoop.getUpperBound(),
        kStep = kLoop.getStep();
  // The block's K step count before this loop (stream_k's earlier segments).
  auto global = [&](Value step) {
    return stepBase ? ib.add(stepBase, step) : step;
  };
  for (int64_t s = 0; s + 1 < stages; ++s) {
    issue(ib.add(kLower, ib.c(s * bk)),
          stepBase ? ib.rem(global(ib.c(s)), ib.c(stages)) : ib.c(s));
    if (flush)
      flush();
  }
  auto loop = scf::ForOp::create(
      rewriter, loc, kLower, kUpper, kStep, inits,
      [&](OpBuilder &, Location, Value kIv, ValueRange accs) {
        Value step = global(arith::DivUIOp::create(
            rewriter, loc, arith::SubIOp::create(rewriter, loc, kIv, kLower),
            kStep));
        Value stage =
            arith::RemUIOp::create(rewriter, loc, step, ib.c(stages));
        wait(step, stage);
        gpu::BarrierOp::create(rewriter, loc);
        Value kAhead = ib.add(kIv, ib.c((stages - 1) * bk));
        Value stageAhead = arith::RemUIOp::create(
            rewriter, loc, ib.add(step, ib.c(stages - 1)), ib.c(stages));
        issue(kAhead, stageAhead);
        SmallVector<Value> result = emitPanelStep(stage, accs);
        if (flush)
          flush();
        scf::YieldOp::create(rewriter, loc, result);
      });
  loop->setAttr(kSelfSynchronizedAttrName, rewriter.getUnitAttr());
  return loop;
}

/// cp.async pipeline of S stages (`emitIssueAheadLoop`): one commit group
/// per issued step; step k waits until at most S-2 groups are in flight (so
/// step k's panels have landed). Steps beyond K issue no copies (a
/// block-uniform branch) but still commit a group, an empty one, so that
/// the wait count holds.
scf::ForOp TiledKernelEmitter::emitAsyncLoop(scf::ForOp kLoop,
                                             ValueRange inits) {
  int64_t stages = config.getStages();
  Value kUpper = kLoop.getUpperBound();
  auto tokenType = nvgpu::DeviceAsyncTokenType::get(rewriter.getContext());
  // The waits name the prologue's last group (the S-1 first issues).
  Value token;
  int64_t issued = 0;
  auto issue = [&](Value kAt, Value stage) {
    emitUnder(rewriter, loc, ib.lt(kAt, kUpper), [&]() {
      asyncCopyPanel(rewriter, loc, aCopy, rowOrigin, kAt, stage, tid);
      asyncCopyPanel(rewriter, loc, bCopy, kAt, colOrigin, stage, tid);
    });
    Value group = nvgpu::DeviceAsyncCreateGroupOp::create(
        rewriter, loc, tokenType, ValueRange{});
    if (++issued < stages)
      token = group;
  };
  auto wait = [&](Value, Value) {
    nvgpu::DeviceAsyncWaitOp::create(rewriter, loc, token,
                                     rewriter.getI32IntegerAttr(stages - 2));
  };
  scf::ForOp loop = emitIssueAheadLoop(kLoop, inits, issue, wait);
  // Nothing may still be copying into shared memory when the block ends.
  rewriter.setInsertionPointAfter(loop);
  nvgpu::DeviceAsyncWaitOp::create(rewriter, loc, token,
                                   rewriter.getI32IntegerAttr(0));
  return loop;
}

/// restage_a: copies A's landed box (TMA stage `stage`, BM x BK) into stage
/// step % 2 of the K-major panel (BK x BM), before the step's barrier. A
/// thread moves 16-byte pieces (4 k of one row) and stores their elements
/// down the K-major columns; consecutive threads take consecutive rows, so a
/// warp's stores hit consecutive words. The barrier then orders these stores
/// before the step's FMAs, and the previous step's barrier orders them after
/// the FMAs two steps back, which read the same K-major stage.
void TiledKernelEmitter::emitRestageA(Value step, Value stage) {
  int64_t bm = config.getBM(), bk = config.getBK();
  int64_t numThreads = config.getNumThreads();
  int64_t pieces = bm * bk / 4;
  aKMajorStage = arith::RemUIOp::create(rewriter, loc, step, ib.c(2));
  auto vec4 = VectorType::get({4}, elementType());
  for (int64_t trip = 0; trip * numThreads < pieces; ++trip) {
    Value live = getTripGuard(ib, pieces, numThreads, tid, trip);
    emitUnder(rewriter, loc, live, [&]() {
      Value idx = ib.add(tid, ib.c(trip * numThreads));
      Value row = arith::RemUIOp::create(rewriter, loc, idx, ib.c(bm));
      Value k = ib.mul(arith::DivUIOp::create(rewriter, loc, idx, ib.c(bm)),
                       ib.c(4));
      Value piece = vector::LoadOp::create(rewriter, loc, vec4, panels[0],
                                           ValueRange{stage, row, k},
                                           /*nontemporal=*/false,
                                           llvm::MaybeAlign(16));
      for (int64_t e = 0; e < 4; ++e)
        memref::StoreOp::create(
            rewriter, loc, vector::ExtractOp::create(rewriter, loc, piece, e),
            aKMajor, ValueRange{aKMajorStage, ib.add(k, ib.c(e)), row});
    });
  }
}

/// TMA pipeline of S stages: one mbarrier per stage, initialised by thread
/// 0 (arrival count 1) and fenced into the async proxy before the block
/// synchronises. Thread 0 issues a step: it arms the stage's mbarrier with
/// the bytes of both boxes (`arrive.expect_tx`) and starts the two box copies
/// (`cp.async.bulk.tensor`), which complete on it. The prologue issues steps
/// 0..S-2; step k waits for its stage's mbarrier to finish the phase of this
/// round (parity (k / S) mod 2), synchronises the block (every thread is past
/// step k-1's FMAs, so that stage and its mbarrier are free), issues step
/// k+S-1 into it and multiplies from stage k % S. Boxes that cross the
/// matrix edge are zero-filled by the TMA unit (the tensor map's bounds are
/// the matrix's); steps beyond K issue nothing (a block-uniform branch), so
/// every issued copy has been waited for when the loop ends.
scf::ForOp TiledKernelEmitter::emitTmaLoop(scf::ForOp kLoop,
                                           ValueRange inits) {
  MLIRContext *ctx = rewriter.getContext();
  int64_t stages = config.getStages(), bm = config.getBM(), bk = config.getBK();
  Value kUpper = kLoop.getUpperBound();
  // The mbarriers and what the issuing threads work out once go before
  // stream_k's segment loop: the block sets them up once.
  OpBuilder::InsertPoint loopPoint = rewriter.saveInsertionPoint();
  if (segmentLoop)
    rewriter.setInsertionPoint(segmentLoop);
  auto groupType = nvgpu::MBarrierGroupType::get(
      ctx,
      gpu::AddressSpaceAttr::get(ctx,
                                 gpu::GPUDialect::getWorkgroupAddressSpace()),
      stages);
  Value barriers = nvgpu::MBarrierCreateOp::create(rewriter, loc, groupType);
  Value leader = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq,
                                       tid, ib.c(0));
  emitUnder(rewriter, loc, leader, [&]() {
    for (int64_t s = 0; s < stages; ++s)
      nvgpu::MBarrierInitOp::create(rewriter, loc, barriers, ib.c(1),
                                    ib.c(s), Value());
    // The TMA unit (async proxy) must see the initialised mbarriers.
    NVVM::FenceProxyOp::create(
        rewriter, loc, NVVM::ProxyKind::async_shared,
        NVVM::SharedSpaceAttr::get(ctx, NVVM::SharedSpace::shared_cta));
  });
  gpu::BarrierOp::create(rewriter, loc);

  // Rows of B that are not 16-byte multiples cannot be TMA boxes: B then
  // goes through registers (two stages): issued with A's box, loaded before
  // the FMAs and stored into the free stage after them (`flush`).
  bool bByRegisters = !tensorMaps[1];
  bool bRowGroups = config.getBRowGroups();
  int64_t bBytes = bByRegisters ? 0 : bk * getStagedBCols(config);
  int64_t elemBytes = getElementBytes(elementType());
  int64_t txBytes = (bm * bk + bBytes) * elemBytes;
  SmallVector<Value> pendingB;
  Value pendingStage, pendingLive;
  // The destination of one box: the part of `panel` at leading indices
  // `lead` (dropped), whole along the remaining dimensions.
  auto boxView = [&](Value panel, ArrayRef<OpFoldResult> lead) -> Value {
    auto type = cast<MemRefType>(panel.getType());
    SmallVector<OpFoldResult> offsets(lead);
    SmallVector<OpFoldResult> sizes(lead.size(), rewriter.getIndexAttr(1));
    for (int64_t d = lead.size(); d < type.getRank(); ++d) {
      offsets.push_back(rewriter.getIndexAttr(0));
      sizes.push_back(rewriter.getIndexAttr(type.getDimSize(d)));
    }
    SmallVector<OpFoldResult> strides(type.getRank(), rewriter.getIndexAttr(1));
    auto viewType = memref::SubViewOp::inferRankReducedResultType(
        type.getShape().drop_front(lead.size()), type, offsets, sizes, strides);
    return memref::SubViewOp::create(rewriter, loc, cast<MemRefType>(viewType),
                                     panel, offsets, sizes, strides);
  };
  // b_row_groups: box i of B's row-group view, class c = i / count (panel
  // rows k with k mod 4 = c) and piece b = i % count: column c x N +
  // colOrigin, rounded down to a multiple of 4 (a 16-byte box start;
  // colOrigin is one), plus b x width; row kAt / 4. The boxes complete on
  // the stage's mbarrier, which the leader arms with all of their bytes (in
  // any order: the phase needs the leader's arrival too). With one box per
  // class the leader issues the 4 after A's. With two (BN + 3 > 256), one
  // elected lane of warp w issues boxes w, w + warps, ...: each warp works
  // out its boxes once, from its index taken from lane 0, so that ptxas
  // knows the branch around the issue is warp-uniform (a TMA issue under a
  // per-thread branch costs every warp a loop that moves its operands to
  // uniform registers). Measured on the H200 (2053 x 2039 x 2048): the
  // leader's 4 boxes 0.978x of cuBLAS against 0.969x spread over the warps;
  // in two runs the leader's 8 slowed the 64 x 256 kernel (0.877x with spills,
  // 0.932x without, against 0.938x and 0.972x from the warps).
  bool leaderIssues = bRowGroups && bBoxes.count == 1;
  // The column of box `box` (relative to colOrigin).
  auto boxColumn = [&](Value box) {
    Value cls = arith::DivUIOp::create(rewriter, loc, box, ib.c(bBoxes.count));
    Value piece =
        arith::RemUIOp::create(rewriter, loc, box, ib.c(bBoxes.count));
    Value start = ib.mul(cls, ib.c(problem.n));
    start = arith::SubIOp::create(
        rewriter, loc, start,
        arith::RemUIOp::create(rewriter, loc, start, ib.c(4)));
    return ib.add(start, ib.mul(piece, ib.c(bBoxes.width)));
  };
  int64_t warps = config.getNumThreads() / 32; // whole warps (verifier)
  SmallVector<std::pair<Value, Value>> myBoxes; // (box, its column)
  if (bRowGroups && !leaderIssues) {
    Value warp = arith::IndexCastOp::create(
        rewriter, loc, rewriter.getI32Type(),
        arith::DivUIOp::create(rewriter, loc, tid, ib.c(32)));
    Value warpIndex = arith::IndexCastOp::create(
        rewriter, loc, rewriter.getIndexType(),
        gpu::ShuffleOp::create(rewriter, loc, warp, 0, 32,
                               gpu::ShuffleMode::IDX)
            .getShuffleResult());
    for (int64_t trip = 0; trip * warps < bBoxes.boxes(); ++trip) {
      Value box = ib.add(warpIndex, ib.c(trip * warps));
      myBoxes.push_back({box, boxColumn(box)});
    }
  }
  rewriter.restoreInsertionPoint(loopPoint);
  // Box `box` of stage `stage` from B's column colOrigin + `column`, row
  // kAt / 4 of the row-group view.
  auto issueBox = [&](OpFoldResult box, Value column, Value stage, Value kAt) {
    Value dst = boxView(panels[1], {stage, box});
    Value groupRow = arith::DivUIOp::create(rewriter, loc, kAt, ib.c(4));
    nvgpu::TmaAsyncLoadOp::create(
        rewriter, loc, dst, barriers, tensorMaps[1],
        ValueRange{ib.add(colOrigin, column), groupRow}, stage, Value(),
        Value());
  };
  auto issueClassBoxes = [&](Value kAt, Value stage, Value live) {
    for (auto [trip, entry] : llvm::enumerate(myBoxes)) {
      auto [box, column] = entry;
      Value mine = (trip + 1) * warps <= size_t(bBoxes.boxes())
                       ? Value()
                       : ib.lt(box, ib.c(bBoxes.boxes()));
      emitUnder(rewriter, loc, ib.land(live, mine), [&]() {
        Value elected = NVVM::ElectSyncOp::create(
            rewriter, loc, rewriter.getI1Type(), Value());
        emitUnder(rewriter, loc, elected,
                  [&]() { issueBox(box, column, stage, kAt); });
      });
    }
  };
  auto issue = [&](Value kAt, Value stage) {
    Value live = ib.lt(kAt, kUpper);
    emitUnder(rewriter, loc, ib.land(leader, live), [&]() {
      nvgpu::MBarrierArriveExpectTxOp::create(rewriter, loc, barriers,
                                              ib.c(txBytes), stage, Value());
      // Box coordinates go innermost first: (column, row).
      nvgpu::TmaAsyncLoadOp::create(
          rewriter, loc, boxView(panels[0], {stage}), barriers, tensorMaps[0],
          ValueRange{kAt, rowOrigin}, stage, Value(), Value());
      if (!bByRegisters && !bRowGroups)
        nvgpu::TmaAsyncLoadOp::create(
            rewriter, loc, boxView(panels[1], {stage}), barriers, tensorMaps[1],
            ValueRange{colOrigin, kAt}, stage, Value(), Value());
      if (leaderIssues)
        for (int64_t i = 0; i < bBoxes.boxes(); ++i)
          issueBox(rewriter.getIndexAttr(i), boxColumn(ib.c(i)), stage, kAt);
    });
    if (!myBoxes.empty())
      issueClassBoxes(kAt, stage, live);
    if (!bByRegisters)
      return;
    pendingB = emitGuarded(rewriter, loc, live, bCopy.valueTypes(), [&]() {
      return loadPanel(rewriter, loc, bCopy, kAt, colOrigin, tid);
    });
    pendingStage = stage;
    pendingLive = live;
  };
  auto flush = [&]() {
    emitUnder(rewriter, loc, pendingLive, [&]() {
      storePanel(rewriter, loc, bCopy, pendingB, pendingStage, tid);
    });
  };
  // Step k waits for the phase of round k / S of its stage's mbarrier.
  auto wait = [&](Value step, Value stage) {
    Value round = arith::DivUIOp::create(rewriter, loc, step, ib.c(stages));
    Value parity = arith::IndexCastOp::create(
        rewriter, loc, rewriter.getI1Type(),
        arith::RemUIOp::create(rewriter, loc, round, ib.c(2)));
    nvgpu::MBarrierTryWaitParityOp::create(rewriter, loc, barriers, parity,
                                           ib.c(kMbarrierWaitTicks), stage);
    if (aKMajor)
      emitRestageA(step, stage);
  };
  return emitIssueAheadLoop(kLoop, inits, issue, wait,
                            bByRegisters ? function_ref<void()>(flush)
                                         : nullptr);
}

/// Whether each fragment row and column lies inside C (none where the tile
/// is whole).
void TiledKernelEmitter::emitTileBounds() {
  SmallVector<OpFoldResult> cSizes =
      memref::getMixedSizes(rewriter, loc, cView);
  rowIn.clear();
  colIn.clear();
  for (Value row : rows)
    rowIn.push_back(ib.bound(row, cSizes[0], config.getBM()));
  for (Value col : cols)
    colIn.push_back(ib.bound(col, cSizes[1], config.getBN()));
}

/// emitStoreC on an edge tile whose C rows are 16-byte multiples: each run
/// of 4 columns is one `st.global.v4` under its predicate (the row and the
/// run's last column inside C). A run that crosses C's last column is also
/// stored element by element, each element under its own predicates and
/// the run's negation.
void TiledKernelEmitter::emitPredicatedStoreC(ValueRange results) {
  auto meta = memref::ExtractStridedMetadataOp::create(rewriter, loc, cView);
  Value base =
      memref::ExtractAlignedPointerAsIndexOp::create(rewriter, loc, cView);
  Value rowStride = meta.getStrides()[0];
  int64_t elemBytes = getElementBytes(elementType());
  // The global address of element (row i, column j) of the fragment.
  auto address = [&](int64_t i, int64_t j) -> Value {
    Value linear =
        ib.add(meta.getOffset(), ib.add(ib.mul(rows[i], rowStride), cols[j]));
    return arith::IndexCastOp::create(
        rewriter, loc, rewriter.getI64Type(),
        ib.add(base, ib.mul(linear, ib.c(elemBytes))));
  };
  auto store = [&](StringRef ptx, ValueRange operands, Value predicate) {
    NVVM::InlinePtxOp::create(rewriter, loc, TypeRange{}, operands,
                              ValueRange{}, ptx, predicate);
  };
  auto storeElement = [&](int64_t i, int64_t j, Value predicate) {
    store("st.global.b32 [$0], $1;", {address(i, j), results[i * tn() + j]},
          predicate);
  };
  Value yes =
      arith::ConstantOp::create(rewriter, loc, rewriter.getBoolAttr(true));
  for (int64_t i = 0; i < tm(); ++i) {
    for (int64_t q = 0; q < tn(); q += 4) {
      Value whole = ib.land(rowIn[i], colIn[q + 3]);
      SmallVector<Value> operands{address(i, q)};
      llvm::append_range(operands, results.slice(i * tn() + q, 4));
      store("st.global.v4.b32 [$0], {$1, $2, $3, $4};", operands, whole);
      if (!colIn[q + 3])
        continue;
      // Column q + 3 is outside C: q .. q + 2 may be inside.
      Value partial = arith::XOrIOp::create(rewriter, loc, whole, yes);
      for (int64_t j = q; j < q + 3; ++j)
        storeElement(i, j, ib.land(partial, ib.land(rowIn[i], colIn[j])));
    }
  }
}

/// emitStoreC when rows of C are not 16-byte multiples (stagedC): element
/// stores straight from the fragments would leave each 32-byte sector of C
/// to 8 partial writes (the lanes of a row group are 16 bytes apart), the
/// whole grid's at once at the end of a one-wave kernel. Instead the tile
/// goes out in TM / 4 passes through the (then idle) panel memory. Pass h
/// holds fragment rows 4h .. 4h + 3 of every thread: the block tile's rows
/// w x WM + h x span + [0, span) of each warp row w (span = 4 x row
/// groups), 4 x BM / TM rows in all, which the threads write as 16-byte
/// vectors (8 lanes a row, 128 contiguous bytes: free of bank conflicts).
/// After a barrier, thread t stores elements t, t + threads, ... of the
/// pass row-major: a warp writes 32 consecutive elements of one row of C,
/// each under its bounds. The block synchronises before each pass (the
/// panels, then the previous pass, are no longer read) and, with stream_k,
/// after the last (the next segment's copies reuse the memory).
void TiledKernelEmitter::emitStagedStoreC(ValueRange results) {
  int64_t bn = config.getBN(), numThreads = config.getNumThreads();
  int64_t span = 4 * rowGroups, passRows = 4 * config.getBM() / tm();
  int64_t perThread = llvm::divideCeil(passRows * bn, numThreads);
  Attribute workgroupSpace = gpu::AddressSpaceAttr::get(
      rewriter.getContext(), gpu::GPUDialect::getWorkgroupAddressSpace());
  Value staged = getDynamicSharedView(
      rewriter, loc,
      MemRefType::get({passRows, bn}, elementType(),
                      MemRefLayoutAttrInterface(), workgroupSpace),
      0);
  SmallVector<OpFoldResult> cSizes =
      memref::getMixedSizes(rewriter, loc, cView);
  // The thread's first row in a pass: its row in the warp row's span.
  Value spanRow = ib.add(
      ib.mul(warpRow, ib.c(span)),
      arith::SubIOp::create(rewriter, loc, rowBase,
                            ib.mul(warpRow, ib.c(warpRows))));
  auto vec4 = VectorType::get({4}, elementType());
  for (int64_t h = 0; h < tm() / 4; ++h) {
    gpu::BarrierOp::create(rewriter, loc);
    for (int64_t i = 4 * h; i < 4 * h + 4; ++i)
      for (int64_t q = 0; q < tn(); q += 4)
        vector::StoreOp::create(
            rewriter, loc,
            vector::FromElementsOp::create(rewriter, loc, vec4,
                                           results.slice(i * tn() + q, 4)),
            staged, ValueRange{ib.add(spanRow, ib.c(i % 4)), cols[q]},
            /*nontemporal=*/false, llvm::MaybeAlign(16));
    gpu::BarrierOp::create(rewriter, loc);
    SmallVector<Value> values, where, live;
    for (int64_t t = 0; t < perThread; ++t) {
      Value e = ib.add(tid, ib.c(t * numThreads));
      Value inPass = Value();
      if ((t + 1) * numThreads > passRows * bn) {
        inPass = ib.lt(e, ib.c(passRows * bn));
        e = arith::MinUIOp::create(rewriter, loc, e,
                                   ib.c(passRows * bn - 1));
      }
      Value row = ib.div(e, ib.c(bn)), col = ib.rem(e, ib.c(bn));
      values.push_back(
          memref::LoadOp::create(rewriter, loc, staged, ValueRange{row, col}));
      Value tileRow = ib.add(
          ib.add(ib.mul(ib.div(row, ib.c(span)), ib.c(warpRows)),
                 ib.c(h * span)),
          ib.rem(row, ib.c(span)));
      where.push_back(tileRow);
      where.push_back(col);
      live.push_back(ib.land(inPass,
                             ib.land(ib.bound(tileRow, cSizes[0], config.getBM()),
                                     ib.bound(col, cSizes[1], bn))));
    }
    for (int64_t t = 0; t < perThread; ++t)
      emitUnder(rewriter, loc, live[t], [&]() {
        SmallVector<Value, 2> at{where[2 * t], where[2 * t + 1]};
        Value value = values[t];
        if (addCAtStore)
          value = arith::AddFOp::create(
              rewriter, loc, value,
              memref::LoadOp::create(rewriter, loc, cView, at));
        memref::StoreOp::create(rewriter, loc, value, cView, at);
      });
  }
  if (streamK)
    gpu::BarrierOp::create(rewriter, loc);
}

/// After K: each accumulator to C, where C exists; runs of 4 consecutive
/// columns as 16-byte stores when C's rows keep them aligned.
void TiledKernelEmitter::emitStoreC(ValueRange results) {
  auto vec4 = VectorType::get({4}, elementType());
  if (stagedC) {
    emitStagedStoreC(results);
    return;
  }
  if (predicatedStores) {
    emitTileBounds();
    if (llvm::any_of(rowIn, [](Value v) { return v; }) ||
        llvm::any_of(colIn, [](Value v) { return v; })) {
      emitPredicatedStoreC(results);
      return;
    }
  }
  for (int64_t i = 0; i < tm(); ++i) {
    auto storeScalars = [&](int64_t from, int64_t to) {
      for (int64_t j = from; j < to; ++j)
        emitUnder(rewriter, loc, ib.land(rowIn[i], colIn[j]), [&]() {
          memref::StoreOp::create(rewriter, loc, results[i * tn() + j], cView,
                                  ValueRange{rows[i], cols[j]});
        });
    };
    if (!cVectorizable) {
      storeScalars(0, tn());
      continue;
    }
    for (int64_t q = 0; q < tn(); q += 4) {
      Value quad = vector::FromElementsOp::create(
          rewriter, loc, vec4, results.slice(i * tn() + q, 4));
      Value whole = ib.land(rowIn[i], colIn[q + 3]);
      auto storeVector = [&]() {
        vector::StoreOp::create(rewriter, loc, quad, cView,
                                ValueRange{rows[i], cols[q]},
                                /*nontemporal=*/false, llvm::MaybeAlign(16));
      };
      emitUnder(rewriter, loc, whole, storeVector,
                [&]() { storeScalars(q, q + 4); });
    }
  }
}

/// stream_k: the global address of block `block`'s flag in the workspace
/// (after the partial sums).
Value TiledKernelEmitter::getFlagAddress(Value block) {
  Value base =
      memref::ExtractAlignedPointerAsIndexOp::create(rewriter, loc, workspace);
  Value at =
      ib.add(ib.add(base, ib.c(streamK->flagsOffset)), ib.mul(block, ib.c(4)));
  return arith::IndexCastOp::create(rewriter, loc, rewriter.getI64Type(), at);
}

/// stream_k: where the thread keeps accumulators i..i+w-1 of block
/// `block`'s partial sum: chunk i / w of the thread's w-element chunks (w =
/// 4 where TM x TN is a multiple of 4), the chunks of one index for all
/// threads side by side, so that a warp's accesses are consecutive.
static int64_t getPartialWidth(ConfigAttr config) {
  return config.getTM() * config.getTN() % 4 == 0 ? 4 : 1;
}

Value TiledKernelEmitter::getPartialIndex(Value block, int64_t chunk) {
  int64_t width = getPartialWidth(config);
  int64_t chunks = tm() * tn() / width;
  Value slot = ib.add(ib.mul(block, ib.c(chunks)), ib.c(chunk));
  return ib.mul(ib.add(ib.mul(slot, ib.c(config.getNumThreads())), tid),
                ib.c(width));
}

/// stream_k: whether the current segment owns its tile (starts at the
/// tile's first K step).
Value TiledKernelEmitter::emitOwnsTile() {
  return ib.eq(ib.rem(segmentStep, ib.c(streamK->stepsPerTile)), ib.c(0));
}

/// stream_k: waits until block `block`'s flag is up: the leader spins on
/// it with acquire loads (trapping after about 2^26 polls rather than
/// hanging) and clears it for the next launch; the block then synchronises,
/// so every thread may read the block's partial sum.
void TiledKernelEmitter::emitWaitForPartial(Value block) {
  emitUnder(rewriter, loc, ib.eq(tid, ib.c(0)), [&]() {
    Value flag = getFlagAddress(block);
    Value zero = arith::ConstantIntOp::create(rewriter, loc, 0, 32);
    emitSpinUntil(rewriter, loc, flag,
                  [&](Value up) { return ib.ne(up, zero); });
    NVVM::InlinePtxOp::create(rewriter, loc, TypeRange{},
                              ValueRange{flag, zero}, ValueRange{},
                              "st.relaxed.gpu.global.b32 [$0], $1;", Value());
  });
  gpu::BarrierOp::create(rewriter, loc);
}

/// stream_k: after a segment's K steps. The block that ran the tile's first
/// step (the owner) adds to its accumulators the partial sums of the blocks
/// that ran the tile's other steps (blocks g + 1 .. the block of the tile's
/// last step; none when the segment covers the tile), each once its flag is
/// up, and stores C. Any other block leaves its partial sum in its
/// workspace slot, synchronises, and its leader raises the block's flag
/// with a release store. (Storing C first and adding the partial sums to it
/// afterwards kept the FMA block's registers a little better, 0.193 against
/// 0.205 extra read cycles per FFMA, but its second pass over C cost more:
/// 0.980x against 1.006x of cuBLAS on 2048^3.)
void TiledKernelEmitter::emitStreamKEpilogue(ValueRange results) {
  const StreamKPlan &plan = *streamK;
  // The block's index, passed through an opaque `mov` here: what derives
  // from the launch's index is invariant in the segment loop, and LLVM
  // hoists it (the partial-sum addresses, 2 registers each) before the loop,
  // where it stays live across the K steps (64 x 256: 72 bytes of spills,
  // and 0.60 against 0.21 extra register-read cycles per FFMA).
  Type i32 = rewriter.getI32Type();
  Value self = arith::IndexCastOp::create(
      rewriter, loc, rewriter.getIndexType(),
      NVVM::InlinePtxOp::create(rewriter, loc, TypeRange{i32},
                                ValueRange{arith::IndexCastOp::create(
                                    rewriter, loc, i32, blockIndex)},
                                ValueRange{}, "mov.b32 $0, $1;", Value())
          .getResult(0));
  Value segmentTile = ib.div(segmentStep, ib.c(plan.stepsPerTile));
  Value owner = emitOwnsTile();
  int64_t width = getPartialWidth(config);
  int64_t chunks = tm() * tn() / width;
  int64_t partialAlignment = width * getElementBytes(elementType());
  auto vecType = VectorType::get({width}, elementType());
  auto ifOp = scf::IfOp::create(rewriter, loc, TypeRange{}, owner,
                                /*withElseRegion=*/true);
  rewriter.setInsertionPointToStart(&ifOp.getThenRegion().front());
  // The block of the tile's last step s: ((s + 1) x blocks - 1) / steps.
  Value tileEnd = ib.mul(ib.add(segmentTile, ib.c(1)), ib.c(plan.stepsPerTile));
  Value last =
      ib.div(arith::SubIOp::create(rewriter, loc,
                                   ib.mul(tileEnd, ib.c(plan.blocks)), ib.c(1)),
             ib.c(plan.steps));
  auto fixup = scf::ForOp::create(
      rewriter, loc, ib.add(self, ib.c(1)), ib.add(last, ib.c(1)),
      ib.c(1), results,
      [&](OpBuilder &, Location, Value block, ValueRange accs) {
        emitWaitForPartial(block);
        SmallVector<Value> sums(accs);
        for (int64_t q = 0; q < chunks; ++q) {
          Value chunk = vector::LoadOp::create(
              rewriter, loc, vecType, partials, getPartialIndex(block, q),
              /*nontemporal=*/false, llvm::MaybeAlign(partialAlignment));
          for (int64_t e = 0; e < width; ++e)
            sums[q * width + e] = arith::AddFOp::create(
                rewriter, loc, sums[q * width + e],
                vector::ExtractOp::create(rewriter, loc, chunk, e));
        }
        scf::YieldOp::create(rewriter, loc, sums);
      });
  emitStoreC(fixup.getResults());
  rewriter.setInsertionPointToStart(&ifOp.getElseRegion().front());
  for (int64_t q = 0; q < chunks; ++q) {
    Value chunk = vector::FromElementsOp::create(
        rewriter, loc, vecType, results.slice(q * width, width));
    vector::StoreOp::create(rewriter, loc, chunk, partials,
                            getPartialIndex(self, q),
                            /*nontemporal=*/false,
                            llvm::MaybeAlign(partialAlignment));
  }
  gpu::BarrierOp::create(rewriter, loc);
  emitUnder(rewriter, loc, ib.eq(tid, ib.c(0)), [&]() {
    Value one = arith::ConstantIntOp::create(rewriter, loc, 1, 32);
    NVVM::InlinePtxOp::create(
        rewriter, loc, TypeRange{}, ValueRange{getFlagAddress(self), one},
        ValueRange{}, "st.release.gpu.global.b32 [$0], $1;", Value());
  });
  rewriter.setInsertionPointAfter(ifOp);
}

LogicalResult TiledKernelEmitter::emit(gpu::LaunchOp launch, Value tileRow,
                                       Value tileCol, gpu::KernelDim3 threadIds,
                                       Value panelBuffers[2],
                                       std::pair<Value, Value> globalAB,
                                       Value cTile, Value globalC,
                                       scf::ForOp kLoop) {
  panels[0] = panelBuffers[0];
  panels[1] = panelBuffers[1];
  cView = cTile;
  rewriter.setInsertionPointToStart(&launch.getBody().front());
  emitFragmentLayout(threadIds);

  int64_t bm = config.getBM(), bn = config.getBN(), bk = config.getBK();
  int64_t pad = config.getPad(), numThreads = config.getNumThreads();
  int64_t m = problem.m, n = problem.n, k = problem.k;
  auto [globalA, globalB] = globalAB;
  aCopy = PanelCopy{globalA,    panels[0], aTransposed, bm, bk,
                    getCopyVectorWidth(globalA, bk, aTransposed ? bk : bk + pad),
                    m % bm != 0, k % bk != 0, numThreads};
  bCopy = PanelCopy{globalB,     panels[1], /*transposed=*/false, bk, bn,
                    getCopyVectorWidth(globalB, bn, bn + pad),
                    k % bk != 0, n % bn != 0, numThreads};
  // stream_k: the tile is the segment's (its indices are defined there).
  if (segmentLoop)
    rewriter.setInsertionPoint(kLoop);
  rowOrigin = ib.mul(tileRow, ib.c(bm));
  colOrigin = ib.mul(tileCol, ib.c(bn));

  rewriter.setInsertionPoint(kLoop);
  // Row (column) i of the fragment: chunk i / chunk of its group.
  auto fragmentIndex = [&](Value base, int64_t groups, int64_t chunk,
                           int64_t i) {
    return ib.add(base, ib.c((i / chunk) * groups * chunk + i % chunk));
  };
  // Edge tiles whose C rows are 16-byte multiples store each run of 4
  // columns as one predicated `st.global.v4` (nvvm.inline_ptx) instead of
  // under a branch, with the bounds computed after the K loop: the epilogue
  // then reads every accumulator unconditionally, as an inner tile's does.
  // Under branches ptxas assigned the FMA block's registers differently,
  // with more register-bank conflicts (H200, 64 x 256 on 2053 x 2048 x
  // 2048: 0.68 against 0.18 extra cycles per FFMA, 0.3671 against 0.3480
  // ms). Element stores (C rows not 16-byte multiples) stay under branches,
  // with the bounds computed here: predicated, they cost 4096 x 4095 x
  // 4096's kernel 40 bytes of spills and 7 % of its speed.
  cVectorizable = tn() % 4 == 0 &&
                  cast<MemRefType>(globalC.getType()).getDimSize(1) % 4 == 0;
  predicatedStores =
      cVectorizable && elementType().getIntOrFloatBitWidth() == 32;
  stagedC = !cVectorizable && rowChunk == 4 && colChunk == 4 &&
            tm() % 4 == 0 && sharedBytes > 0 &&
            elementType().getIntOrFloatBitWidth() == 32 &&
            4 * bm / tm() * bn * 4 <= sharedBytes;
  addCAtStore = problem.accumulate && streamK && stagedC;
  bool boundsHere = !predicatedStores || problem.accumulate;
  SmallVector<OpFoldResult> cSizes;
  if (boundsHere)
    cSizes = memref::getMixedSizes(rewriter, loc, cView);
  for (int64_t i = 0; i < tm(); ++i) {
    rows.push_back(fragmentIndex(rowBase, rowGroups, rowChunk, i));
    if (boundsHere)
      rowIn.push_back(ib.bound(rows.back(), cSizes[0], bm));
  }
  for (int64_t j = 0; j < tn(); ++j) {
    cols.push_back(fragmentIndex(colBase, colGroups, colChunk, j));
    if (boundsHere)
      colIn.push_back(ib.bound(cols.back(), cSizes[1], bn));
  }
  // stream_k: a segment starts from C only where it owns the tile.
  if (streamK && problem.accumulate && !addCAtStore)
    segmentOwner = emitOwnsTile();
  SmallVector<Value> inits = emitAccumulatorInits();

  rewriter.setInsertionPoint(kLoop);
  scf::ForOp loop;
  if (config.getCopy() == CopyKind::Tma)
    loop = emitTmaLoop(kLoop, inits);
  else if (config.getCopy() == CopyKind::Async)
    loop = emitAsyncLoop(kLoop, inits);
  else if (config.getStages() == 2)
    loop = emitRegisterStagedLoop(kLoop, inits);
  else
    loop = emitSingleStageLoop(kLoop, inits);
  // The BK steps of one panel are unrolled: every register index is then a
  // compile-time constant and ptxas schedules the whole panel.
  if (bk <= kMaxUnrolledBK && failed(loopUnrollFull(kkLoop)))
    return launch.emitOpError() << "could not unroll the panel loop";
  rewriter.eraseOp(kLoop);

  rewriter.setInsertionPointAfter(loop);
  if (streamK)
    emitStreamKEpilogue(loop.getResults());
  else
    emitStoreC(loop.getResults());
  return success();
}

FailureOr<gpu::LaunchOp>
mlir::tileopt::mapBlockTileToLaunch(RewriterBase &rewriter,
                                    scf::ForallOp forall, StringRef kernelName,
                                    const TargetInfo *target) {
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

  // stream_k: the grid is one resident wave of the target's SMs. The
  // workspace (stream_k, pack_b) is laid out for that grid.
  std::optional<StreamKPlan> streamK;
  WorkspacePlan workspacePlan;
  if (config.getStreamK() || config.getPackB()) {
    if (!target)
      return forall.emitOpError()
             << (config.getStreamK() ? "stream_k sizes its grid"
                                     : "pack_b sizes its workspace")
             << " by the chip's SMs: name a known chip";
    workspacePlan = getWorkspacePlan(config, problem->m, problem->n,
                                     problem->k, problem->elementType, *target);
    streamK = workspacePlan.streamK;
  }

  // Stages: with 2, each panel buffer gets a leading stage dimension and the
  // next K step's panels are loaded while this one's are multiplied.
  int64_t stages = config.getStages();
  if (stages > 2 && !config.isAsyncCopy())
    return forall.emitOpError()
           << "stages = " << stages
           << " needs copy = async (register-staged copies support 1 or 2)";
  // The panels live in static shared memory up to the 48 KiB a kernel may
  // declare without opting in, in dynamic shared memory above that (the
  // launch says how much; the config check keeps it within the chip's
  // opt-in limit).
  // TMA panels always live in dynamic shared memory, whose base (and each
  // panel) is 128-byte aligned (--tile-extern-dynamic-shared).
  bool tma = config.getCopy() == CopyKind::Tma;
  RowGroupBoxes rowGroups = getRowGroupBoxes(config);
  // One buffer per panel, with a leading stage dimension when stages > 1;
  // b_row_groups's B stages hold the boxes of its row classes (4 x count
  // boxes of BK/4 x width).
  SmallVector<Type> bufferTypes;
  SmallVector<int64_t> panelBytes;
  for (auto [i, alloc] : llvm::enumerate(buffers)) {
    MemRefType type = alloc.getType();
    SmallVector<int64_t> shape(type.getShape());
    if (i == 1 && config.getBRowGroups())
      shape = {rowGroups.boxes(), rowGroups.rows, rowGroups.width};
    if (stages > 1)
      shape.insert(shape.begin(), stages);
    type = MemRefType::get(shape, type.getElementType(),
                           MemRefLayoutAttrInterface(), type.getMemorySpace());
    bufferTypes.push_back(type);
    panelBytes.push_back(
        llvm::alignTo(type.getNumElements() * type.getElementTypeBitWidth() / 8,
                      tma ? kTmaBoxAlignment : 16));
  }
  int64_t sharedBytes = panelBytes[0] + panelBytes[1];
  bool dynamicShared = sharedBytes > kMaxStaticSharedBytes || tma;
  // restage_a: a two-stage K-major copy of A after the TMA panels.
  Attribute workgroupSpace = gpu::AddressSpaceAttr::get(
      ctx, gpu::GPUDialect::getWorkgroupAddressSpace());
  MemRefType aKMajorType;
  if (config.getRestageA()) {
    aKMajorType = MemRefType::get({2, config.getBK(), config.getBM()},
                                  problem->elementType,
                                  MemRefLayoutAttrInterface(), workgroupSpace);
    sharedBytes += llvm::alignTo(
        getRestagedABytes(config, problem->elementType), kTmaBoxAlignment);
  }

  // The launch: blocks from the forall, (BN/TN) x (BM/TM) threads.
  Location loc = forall.getLoc();
  int64_t threadsX = config.getThreadsX(), threadsY = config.getThreadsY();
  rewriter.setInsertionPoint(forall);
  IndexBuilder outer{rewriter, loc};
  // copy = tma: the host describes A and B to the TMA unit, one tensor map
  // each whose box is one panel stage (BM x BK of A, BK x BN of B); the
  // kernel receives them before C.
  // The workspace (stream_k's partial sums and flags, pack_b's copy of B
  // and its counters), a kernel parameter after C. The host that runs the
  // kernel provides it zeroed (the manifest says so); here it only stands
  // for that buffer.
  Value workspace;
  if (workspacePlan.bytes)
    workspace = memref::AllocOp::create(
        rewriter, loc,
        MemRefType::get({workspacePlan.bytes}, rewriter.getI8Type()));
  Value tensorMaps[2];
  if (tma) {
    // B is described only when its rows are 16-byte multiples (or, with
    // b_row_groups, as rows of 4 rows: any N); otherwise it travels through
    // registers.
    bool bByRegisters =
        isTmaBByRegisters(config, problem->n, problem->elementType);
    SmallVector<std::pair<Value, SmallVector<int64_t, 2>>, 2> described = {
        {globalA, {config.getBM(), config.getBK()}}};
    if (config.getBRowGroups()) {
      // B as K/4 rows of 4N elements (K is a multiple of 4: A's rows are
      // 16-byte multiples).
      SmallVector<ReassociationIndices> all{{0, 1}};
      Value flat = memref::CollapseShapeOp::create(rewriter, loc, globalB, all);
      auto groupsType = MemRefType::get({problem->k / 4, 4 * problem->n},
                                        problem->elementType);
      Value groups = memref::ExpandShapeOp::create(
          rewriter, loc, groupsType, flat, all);
      described.push_back({groups, {rowGroups.rows, rowGroups.width}});
    } else if (workspacePlan.pack) {
      // pack_b: B's copy in the workspace, K x N with rows `pitch` elements
      // apart.
      const PackPlan &pack = *workspacePlan.pack;
      Value rows = memref::ViewOp::create(
          rewriter, loc,
          MemRefType::get({problem->k, pack.pitch}, problem->elementType),
          workspace, outer.c(pack.offset), ValueRange{});
      Value copyOfB = memref::SubViewOp::create(
          rewriter, loc, rows, ArrayRef<int64_t>{0, 0},
          ArrayRef<int64_t>{problem->k, problem->n}, ArrayRef<int64_t>{1, 1});
      described.push_back({copyOfB, {config.getBK(), config.getBN()}});
    } else if (!bByRegisters) {
      described.push_back({globalB, {config.getBK(), config.getBN()}});
    }
    for (auto [i, entry] : llvm::enumerate(described)) {
      auto &[tensor, box] = entry;
      auto tensorType = cast<MemRefType>(tensor.getType());
      auto unranked = UnrankedMemRefType::get(tensorType.getElementType(),
                                              tensorType.getMemorySpace());
      Value cast = memref::CastOp::create(rewriter, loc, unranked, tensor);
      auto mapType = nvgpu::TensorMapDescriptorType::get(
          ctx,
          MemRefType::get(box, tensorType.getElementType(),
                          MemRefLayoutAttrInterface(), workgroupSpace),
          nvgpu::TensorMapSwizzleKind::SWIZZLE_NONE,
          nvgpu::TensorMapL2PromoKind::L2PROMO_NONE,
          nvgpu::TensorMapOOBKind::OOB_ZERO,
          nvgpu::TensorMapInterleaveKind::INTERLEAVE_NONE);
      SmallVector<Value> boxSizes;
      for (int64_t side : box)
        boxSizes.push_back(outer.c(side));
      tensorMaps[i] = nvgpu::TmaCreateDescriptorOp::create(
          rewriter, loc, mapType, cast, boxSizes);
    }
  }
  Value one = outer.c(1);
  auto launch = gpu::LaunchOp::create(
      rewriter, loc,
      /*gridSizeX=*/outer.c(streamK ? streamK->blocks : trips[1]),
      /*gridSizeY=*/streamK ? one : outer.c(trips[0]), /*gridSizeZ=*/one,
      /*blockSizeX=*/outer.c(threadsX), /*blockSizeY=*/outer.c(threadsY),
      /*blockSizeZ=*/one,
      /*dynamicSharedMemorySize=*/
      dynamicShared
          ? Value(arith::ConstantIntOp::create(rewriter, loc, sharedBytes, 32))
          : Value(),
      /*asyncTokenType=*/nullptr, /*asyncDependencies=*/{},
      /*workgroupAttributions=*/
      dynamicShared ? TypeRange() : TypeRange(bufferTypes),
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
  Value tileRow = blockIds.y, tileCol = blockIds.x;
  Operation *bodyPoint = terminator;
  // stream_k: block g runs K steps [begin, end) = [g x steps / blocks, (g +
  // 1) x steps / blocks) of all tiles' steps, one segment per tile it
  // touches: segment i starts at begin (i = 0) or at the first step of the
  // i-th tile after begin's, and runs to its tile's end or to end. The
  // segments are an `scf.for` of the plan's most segments per block (a
  // constant trip count), each under `start < end`. ptxas assigned the FMA
  // block's registers worse with the segments as an `scf.while` over the
  // block's steps (64 x 256 on 2048^3: 0.69 against 0.19 extra
  // register-read cycles per FFMA; 0.86x of cuBLAS on the H200) or
  // unrolled (0.62).
  scf::ForOp segments;
  Value segmentStep, segmentBegin, segmentEnd, stepBase;
  if (streamK) {
    rewriter.setInsertionPoint(terminator);
    IndexBuilder sk{rewriter, loc};
    Value perTile = sk.c(streamK->stepsPerTile);
    Value g = blockIds.x, steps = sk.c(streamK->steps),
          blocks = sk.c(streamK->blocks);
    Value end = sk.div(sk.mul(sk.add(g, sk.c(1)), steps), blocks);
    Value begin = sk.div(sk.mul(g, steps), blocks);
    segments = scf::ForOp::create(
        rewriter, loc, sk.c(0), sk.c(streamK->maxSegments), sk.c(1),
        ValueRange{}, [&](OpBuilder &, Location, Value i, ValueRange) {
          Value later = sk.mul(sk.add(sk.div(begin, perTile), i), perTile);
          segmentStep = arith::SelectOp::create(
              rewriter, loc, sk.eq(i, sk.c(0)), begin, later);
          auto ifOp = scf::IfOp::create(rewriter, loc, TypeRange{},
                                        sk.lt(segmentStep, end),
                                        /*withElseRegion=*/false);
          scf::YieldOp::create(rewriter, loc);
          rewriter.setInsertionPointToStart(&ifOp.getThenRegion().front());
          Value k0 = sk.rem(segmentStep, perTile);
          Value count = arith::MinUIOp::create(
              rewriter, loc, arith::SubIOp::create(rewriter, loc, perTile, k0),
              arith::SubIOp::create(rewriter, loc, end, segmentStep));
          Value tile = sk.div(segmentStep, perTile);
          tileRow = sk.div(tile, sk.c(streamK->tilesN));
          tileCol = sk.rem(tile, sk.c(streamK->tilesN));
          segmentBegin = sk.mul(k0, sk.c(config.getBK()));
          segmentEnd = sk.mul(sk.add(k0, count), sk.c(config.getBK()));
          stepBase = arith::SubIOp::create(rewriter, loc, segmentStep, begin);
          bodyPoint = ifOp.getThenRegion().front().getTerminator();
        });
  }
  rewriter.inlineBlockBefore(body, bodyPoint, ValueRange{tileRow, tileCol});
  if (streamK) {
    kLoop.setLowerBound(segmentBegin);
    kLoop.setUpperBound(segmentEnd);
  }
  // The panels are rebuilt from scratch below; what used the single-stage
  // buffers (the K loop's views) goes away with the K loop.
  for (memref::AllocOp alloc : buffers) {
    rewriter.replaceAllUsesWith(
        alloc.getResult(),
        ub::PoisonOp::create(rewriter, alloc.getLoc(), alloc.getType()));
    rewriter.eraseOp(alloc);
  }
  Value panels[2];
  Value aKMajorView;
  if (dynamicShared) {
    // Both panels are views of the dynamic shared memory, B after A (and
    // restage_a's K-major A after B).
    rewriter.setInsertionPointToStart(&launchBody);
    panels[0] = getDynamicSharedView(
        rewriter, loc, cast<MemRefType>(bufferTypes[0]), 0);
    Value bytes = panels[0].getDefiningOp<memref::ViewOp>().getSource();
    panels[1] = getDynamicSharedView(
        rewriter, loc, cast<MemRefType>(bufferTypes[1]), panelBytes[0], bytes);
    if (aKMajorType)
      aKMajorView = getDynamicSharedView(rewriter, loc, aKMajorType,
                                         panelBytes[0] + panelBytes[1], bytes);
  } else {
    panels[0] = launch.getWorkgroupAttributions()[0];
    panels[1] = launch.getWorkgroupAttributions()[1];
  }
  rewriter.eraseOp(forall);

  // The FMAs read A K-major when it is staged so or re-staged so.
  TiledKernelEmitter emitter{rewriter, loc, config, *problem,
                             aTransposed || config.getRestageA()};
  emitter.aKMajor = aKMajorView;
  emitter.sharedBytes = dynamicShared ? sharedBytes : 0;
  if (streamK) {
    emitter.streamK = streamK;
    emitter.segmentLoop = segments;
    emitter.stepBase = stepBase;
    emitter.segmentStep = segmentStep;
    emitter.blockIndex = blockIds.x;
    emitter.workspace = workspace;
    rewriter.setInsertionPoint(segments);
    emitter.partials = memref::ViewOp::create(
        rewriter, loc,
        MemRefType::get({streamK->blocks * streamK->partialElements},
                        problem->elementType),
        workspace, outer.c(0), ValueRange{});
  }
  emitter.tensorMaps[0] = tensorMaps[0];
  emitter.tensorMaps[1] = tensorMaps[1];
  if (failed(emitter.emit(launch, tileRow, tileCol, threadIds, panels,
                          {globalA, globalB}, cView, globalC, kLoop)))
    return failure();
  // pack_b: B's copy comes first (block-major over the grid: x fastest).
  if (workspacePlan.pack) {
    rewriter.setInsertionPointToStart(&launchBody);
    IndexBuilder pb{rewriter, loc};
    Value block = streamK ? blockIds.x
                          : pb.add(pb.mul(blockIds.y, pb.c(trips[1])),
                                   blockIds.x);
    Value tid = pb.threadIndex(threadIds, threadsX);
    // A shared word for the ticket (the panels are not in use yet).
    Value ticketWord;
    if (workspacePlan.pack->blocks > workspacePlan.pack->packers)
      ticketWord = getDynamicSharedView(
          rewriter, loc,
          MemRefType::get({1}, rewriter.getI32Type(),
                          MemRefLayoutAttrInterface(), workgroupSpace),
          0);
    emitPackB(rewriter, loc, *workspacePlan.pack, globalB, workspace, block,
              tid, threadsX * threadsY, ticketWord);
  }

  // The panel views the matmul read are dead now.
  SmallVector<Operation *> ops;
  launch.getBody().walk([&](Operation *op) { ops.push_back(op); });
  for (Operation *op : llvm::reverse(ops))
    if (isOpTriviallyDead(op))
      rewriter.eraseOp(op);

  // Constants from outside (loop bounds) move in, so the kernel's only
  // parameters are A, B and C, in this order; with copy = tma, the tensor
  // maps of A and B, then C.
  if (failed(mlir::sinkOperationsIntoLaunchOp(launch, [](Operation *op) {
        return op->hasTrait<OpTrait::ConstantLike>();
      })))
    return launch.emitOpError() << "could not sink constants into the kernel";
  // The buffers the kernel reads itself (not through a tensor map).
  Value globalAB[2] = {globalA, globalB};
  SmallVector<Value> pinned;
  for (auto [i, global, map] :
       llvm::enumerate(globalAB, ArrayRef<Value>(tensorMaps)))
    if (!map || (i == 1 && workspacePlan.pack))
      pinned.push_back(global);
  pinned.push_back(globalC);
  if (workspace)
    pinned.push_back(workspace);
  Operation *lastPin = pinKernelOperands(rewriter, launch, pinned);
  if (!tma)
    return launch;
  // The block's first act: one thread prefetches the tensor maps into the
  // descriptor cache (which also makes them the first parameters). pack_b's
  // map of B's copy is prefetched after the other parameters' first uses,
  // which makes it the last parameter.
  rewriter.setInsertionPointToStart(&launchBody);
  Value leader = outer.eq(outer.threadIndex(threadIds, threadsX), outer.c(0));
  nvgpu::TmaPrefetchOp::create(rewriter, loc, tensorMaps[0], leader);
  if (tensorMaps[1] && workspacePlan.pack)
    rewriter.setInsertionPointAfter(lastPin);
  if (tensorMaps[1])
    nvgpu::TmaPrefetchOp::create(rewriter, loc, tensorMaps[1], leader);
  return launch;
}

namespace {
struct MapToGPUPass : public tileopt::impl::MapToGPUPassBase<MapToGPUPass> {
  using MapToGPUPassBase::MapToGPUPassBase;
  void runOnOperation() override {
    Operation *root = getOperation();
    SmallVector<scf::ForallOp> tiles;
    root->walk([&](scf::ForallOp op) {
      if (op->hasAttr(kConfigAttrName) && op->hasAttr(kProblemAttrName))
        tiles.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    std::optional<TargetInfo> target = lookupTarget(chip);
    for (scf::ForallOp forall : tiles) {
      std::string name = getUniqueKernelName(root, forall);
      if (failed(mapBlockTileToLaunch(rewriter, forall, name,
                                      target ? &*target : nullptr)))
        return signalPassFailure();
      ++numMapped;
    }
  }
};
} // namespace
