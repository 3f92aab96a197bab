//===- Epilogue.cpp - Accumulators to C -----------------------------------===//
//
// See Epilogue.h.
//
//===----------------------------------------------------------------------===//
#include "TileOpt/Codegen/Epilogue.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

#include <numeric>

using namespace mlir;
using namespace mlir::tileopt;

bool Epilogue::boundsBeforeLoop() const {
  // Predicated stores take the bounds after the K loop, unless C is read at
  // the start.
  return ctx.plan.epilogue != EpilogueKind::Predicated ||
         ctx.plan.problem.accumulate;
}

void Epilogue::emitBoundsPrologue() {
  if (boundsBeforeLoop())
    cSizes = memref::getMixedSizes(ctx.rewriter, ctx.loc, ctx.cView);
}

/// Whether a block-tile row (`isRow`) or column `index` is inside C's tile
/// (null: always), by the sizes in `cSizes`.
Value Epilogue::emitBound(bool isRow, Value index) {
  ConfigAttr config = ctx.config();
  return isRow ? ib.bound(index, cSizes[0], config.getBM())
               : ib.bound(index, cSizes[1], config.getBN());
}

void Epilogue::addIndex(bool isRow, Value index) {
  if (boundsBeforeLoop())
    (isRow ? rowIn : colIn).push_back(emitBound(isRow, index));
}

Value Epilogue::clampRow(Value row) {
  return arith::MinUIOp::create(ctx.rewriter, ctx.loc,
                                ib.add(ctx.rowOrigin, row),
                                ib.c(ctx.plan.problem.m - 1));
}

Value Epilogue::clampCol(Value col) {
  return arith::MinUIOp::create(ctx.rewriter, ctx.loc,
                                ib.add(ctx.colOrigin, col),
                                ib.c(ctx.plan.problem.n - 1));
}

Value Epilogue::loadInput(int64_t input, Value row, Value col) {
  EpilogueIndex index = ctx.plan.problem.epilogue->inputs[input].index;
  SmallVector<Value, 2> at;
  if (index != EpilogueIndex::N)
    at.push_back(row);
  if (index != EpilogueIndex::M)
    at.push_back(col);
  return memref::LoadOp::create(ctx.rewriter, ctx.loc,
                                ctx.epilogueInputs[input], at);
}

SmallVector<Value> Epilogue::emitFused(ArrayRef<Value> values) {
  const FusedEpilogue &e = *ctx.plan.problem.epilogue;
  int64_t tn = layout.cols.size();
  SmallVector<Value> rows;
  for (Value row : layout.rows)
    rows.push_back(clampRow(row));
  // Vectors of M once per fragment row (a fragment has few); then column
  // by column, a vector of N's element and the column's values, each
  // matrix element loaded where it is used: results replace accumulators
  // as they go, and few loaded values are live at once.
  size_t numInputs = e.inputs.size();
  SmallVector<SmallVector<Value>> byRow(numInputs);
  for (auto [k, in] : llvm::enumerate(e.inputs))
    if (in.index == EpilogueIndex::M)
      for (Value row : rows)
        byRow[k].push_back(loadInput(k, row, Value()));
  SmallVector<Value> out(values.size());
  for (auto [j, tileCol] : llvm::enumerate(layout.cols)) {
    Value col = clampCol(tileCol);
    SmallVector<Value> byCol(numInputs);
    for (auto [k, in] : llvm::enumerate(e.inputs))
      if (in.index == EpilogueIndex::N)
        byCol[k] = loadInput(k, Value(), col);
    for (auto [i, row] : llvm::enumerate(rows)) {
      SmallVector<Value> in;
      for (auto [k, input] : llvm::enumerate(e.inputs))
        in.push_back(input.index == EpilogueIndex::M   ? byRow[k][i]
                     : input.index == EpilogueIndex::N ? byCol[k]
                                                       : loadInput(k, row, col));
      out[i * tn + j] = e.emit(ctx.rewriter, ctx.loc, values[i * tn + j], in);
    }
  }
  return out;
}

Value Epilogue::emitFusedAt(Value value, Value row, Value col) {
  row = clampRow(row);
  col = clampCol(col);
  SmallVector<Value> in;
  for (size_t k = 0; k < ctx.plan.problem.epilogue->inputs.size(); ++k)
    in.push_back(loadInput(k, row, col));
  return ctx.plan.problem.epilogue->emit(ctx.rewriter, ctx.loc, value, in);
}

SmallVector<Value> Epilogue::emitInits(Value owner) {
  RewriterBase &rewriter = ctx.rewriter;
  Location loc = ctx.loc;
  Type accType = ctx.plan.problem.getAccumulatorType();
  Value zero =
      arith::ConstantOp::create(rewriter, loc, rewriter.getZeroAttr(accType));
  SmallVector<Value> inits;
  for (size_t i = 0; i < layout.rows.size(); ++i)
    for (size_t j = 0; j < layout.cols.size(); ++j) {
      if (!ctx.plan.problem.accumulate || ctx.plan.addCAtStore) {
        inits.push_back(zero);
        continue;
      }
      inits.push_back(emitGuarded(
          rewriter, loc, ib.land(owner, ib.land(rowIn[i], colIn[j])), accType,
          [&]() {
            Value c = memref::LoadOp::create(
                rewriter, loc, ctx.cView,
                ValueRange{layout.rows[i], layout.cols[j]});
            if (c.getType() != accType)
              c = arith::ExtFOp::create(rewriter, loc, accType, c);
            return SmallVector<Value>{c};
          })[0]);
    }
  return inits;
}

void Epilogue::emitFragmentBounds(SmallVectorImpl<Value> &rows,
                                  SmallVectorImpl<Value> &cols) {
  cSizes = memref::getMixedSizes(ctx.rewriter, ctx.loc, ctx.cView);
  rows.clear();
  cols.clear();
  for (Value row : layout.rows)
    rows.push_back(emitBound(/*isRow=*/true, row));
  for (Value col : layout.cols)
    cols.push_back(emitBound(/*isRow=*/false, col));
}

/// On an edge tile whose C rows are 16-byte multiples: each run of 4
/// columns is one `st.global.v4` under its predicate (the row and the run's
/// last column inside C). A run that crosses C's last column is also stored
/// element by element, each element under its own predicates and the run's
/// negation. Inline PTX: a predicated store has no op, and a branch around
/// it costs the FMA block its register assignment (docs/results/).
void Epilogue::emitPredicatedStore(ValueRange results) {
  RewriterBase &rewriter = ctx.rewriter;
  Location loc = ctx.loc;
  Value cView = ctx.cView;
  int64_t tm = layout.rows.size(), tn = layout.cols.size();
  auto meta = memref::ExtractStridedMetadataOp::create(rewriter, loc, cView);
  Value base =
      memref::ExtractAlignedPointerAsIndexOp::create(rewriter, loc, cView);
  Value rowStride = meta.getStrides()[0];
  int64_t elemBytes = getElementBytes(ctx.elementType());
  // The global address of element (row i, column j) of the fragment.
  auto address = [&](int64_t i, int64_t j) -> Value {
    Value linear = ib.add(meta.getOffset(),
                          ib.add(ib.mul(layout.rows[i], rowStride),
                                 layout.cols[j]));
    return arith::IndexCastOp::create(
        rewriter, loc, rewriter.getI64Type(),
        ib.add(base, ib.mul(linear, ib.c(elemBytes))));
  };
  auto store = [&](StringRef ptx, ValueRange operands, Value predicate) {
    NVVM::InlinePtxOp::create(rewriter, loc, TypeRange{}, operands,
                              ValueRange{}, ptx, predicate);
  };
  auto storeElement = [&](int64_t i, int64_t j, Value predicate) {
    store("st.global.b32 [$0], $1;", {address(i, j), results[i * tn + j]},
          predicate);
  };
  Value yes =
      arith::ConstantOp::create(rewriter, loc, rewriter.getBoolAttr(true));
  for (int64_t i = 0; i < tm; ++i) {
    for (int64_t q = 0; q < tn; q += 4) {
      Value whole = ib.land(rowIn[i], colIn[q + 3]);
      SmallVector<Value> operands{address(i, q)};
      llvm::append_range(operands, results.slice(i * tn + q, 4));
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

/// When rows of C are not 16-byte multiples, element stores straight from
/// the fragments would leave each 32-byte sector of C to 8 partial writes
/// (the lanes of a row group are 16 bytes apart). Instead the tile goes out
/// in TM / 4 passes through the (then idle) panel memory. Pass h holds
/// fragment rows 4h .. 4h + 3 of every thread: the block tile's rows w x WM
/// + h x span + [0, span) of each warp row w (span = 4 x row groups), 4 x
/// BM / TM rows in all, which the threads write as 16-byte vectors (8 lanes
/// a row, 128 contiguous bytes: free of bank conflicts). After a barrier,
/// thread t stores elements t, t + threads, ... of the pass row-major: a
/// warp writes 32 consecutive elements of one row of C, each under its
/// bounds. The block synchronises before each pass (the panels, then the
/// previous pass, are no longer read) and, with Stream-K, after the last
/// (the next segment's copies reuse the memory).
/// The elements of C a thread loads at once in the staged store's C +=
/// A x B: 16 against 8 took 999 x 1001 x 1003 C += A x B from 0.0700 to
/// 0.0677 ms, 1023 x 1025 x 4097 0.7 % faster; 32 no faster than 16, no
/// spills at any (H100; docs/results/2026-12-07-batch-transposing-copies/).
constexpr int64_t kCLoadGroup = 16;

void Epilogue::emitStagedStore(ValueRange results) {
  RewriterBase &rewriter = ctx.rewriter;
  Location loc = ctx.loc;
  ConfigAttr config = ctx.config();
  Value cView = ctx.cView, tid = ctx.tid;
  Type elementType = ctx.elementType();
  int64_t tm = layout.rows.size(), tn = layout.cols.size();
  int64_t bn = config.getBN(), numThreads = ctx.plan.numThreads;
  int64_t span = 4 * layout.rowGroups, passRows = 4 * config.getBM() / tm;
  int64_t perThread = llvm::divideCeil(passRows * bn, numThreads);
  Value staged = getDynamicSharedView(
      rewriter, loc,
      MemRefType::get({passRows, bn}, elementType, MemRefLayoutAttrInterface(),
                      getWorkgroupSpace(rewriter.getContext())),
      0);
  SmallVector<OpFoldResult> sizes = memref::getMixedSizes(rewriter, loc, cView);
  // The thread's first row in a pass: its row in the warp row's span.
  Value spanRow =
      ib.add(ib.mul(layout.warpRow, ib.c(span)),
             arith::SubIOp::create(rewriter, loc, layout.rowBase,
                                   ib.mul(layout.warpRow,
                                          ib.c(layout.warpRows))));
  auto vec4 = VectorType::get({4}, elementType);
  for (int64_t h = 0; h < tm / 4; ++h) {
    gpu::BarrierOp::create(rewriter, loc);
    for (int64_t i = 4 * h; i < 4 * h + 4; ++i)
      for (int64_t q = 0; q < tn; q += 4)
        vector::StoreOp::create(
            rewriter, loc,
            vector::FromElementsOp::create(rewriter, loc, vec4,
                                           results.slice(i * tn + q, 4)),
            staged, ValueRange{ib.add(spanRow, ib.c(i % 4)), layout.cols[q]},
            /*nontemporal=*/false, llvm::MaybeAlign(16));
    gpu::BarrierOp::create(rewriter, loc);
    SmallVector<Value> values, where, live;
    for (int64_t t = 0; t < perThread; ++t) {
      Value e = ib.add(tid, ib.c(t * numThreads));
      Value inPass = Value();
      if ((t + 1) * numThreads > passRows * bn) {
        inPass = ib.lt(e, ib.c(passRows * bn));
        e = arith::MinUIOp::create(rewriter, loc, e, ib.c(passRows * bn - 1));
      }
      Value row = ib.div(e, ib.c(bn)), col = ib.rem(e, ib.c(bn));
      values.push_back(
          memref::LoadOp::create(rewriter, loc, staged, ValueRange{row, col}));
      Value tileRow = ib.add(
          ib.add(ib.mul(ib.div(row, ib.c(span)), ib.c(layout.warpRows)),
                 ib.c(h * span)),
          ib.rem(row, ib.c(span)));
      where.push_back(tileRow);
      where.push_back(col);
      live.push_back(
          ib.land(inPass, ib.land(ib.bound(tileRow, sizes[0], config.getBM()),
                                  ib.bound(col, sizes[1], bn))));
    }
    // C += A x B: C's elements come kCLoadGroup at a time, each from
    // inside C (clamped) and outside any branch, so that their loads are
    // in flight together (a load under its store's predicate waits alone).
    for (int64_t g = 0; g < perThread; g += kCLoadGroup) {
      int64_t end = std::min(perThread, g + kCLoadGroup);
      SmallVector<Value> cValues;
      for (int64_t t = g; ctx.plan.addCAtStore && t < end; ++t)
        cValues.push_back(memref::LoadOp::create(
            rewriter, loc, ctx.globalC,
            ValueRange{clampRow(where[2 * t]), clampCol(where[2 * t + 1])}));
      for (int64_t t = g; t < end; ++t)
        emitUnder(rewriter, loc, live[t], [&]() {
          SmallVector<Value, 2> at{where[2 * t], where[2 * t + 1]};
          Value value = values[t];
          if (ctx.plan.addCAtStore) {
            value = arith::AddFOp::create(rewriter, loc, value,
                                          cValues[t - g]);
            if (ctx.plan.problem.epilogue)
              value = emitFusedAt(value, at[0], at[1]);
          }
          memref::StoreOp::create(rewriter, loc, value, cView, at);
        });
    }
  }
  if (blockRunsMore())
    gpu::BarrierOp::create(rewriter, loc);
}

/// The wgmma tile's C through shared memory, in the plan's P passes of BN
/// / P columns: in pass p each lane stores its column pairs of columns [p
/// x BN / P, (p + 1) x BN / P) into the plan's BM x (BN / P + 16 bytes) C
/// tile (the padding puts a warp's 8 fragment rows on distinct banks);
/// after a barrier thread t stores vectors t, t + threads, ... of the
/// chunk's rows (row-major, BN / P / V vectors of V elements per row) to C,
/// each where its row and first column are inside C. V x bytes is the
/// largest power of two up to 16 that divides C's row bytes: vectors stay
/// aligned, and one is inside C or outside. The tile lies over the stages
/// once every warpgroup's MMAs are done with them (a barrier first) or in
/// its own slot. A barrier ends each pass but a data-parallel block's
/// last, so that no thread writes the tile while others read it. With C +=
/// A x B added at the store, the tile holds the accumulators, and each
/// vector adds C's vector (loaded from a clamped address, outside the
/// store's branch) before it is rounded to C's type. With the plan's
/// `rowsAlongM` (registers = b, whose lane holds rows at fixed offsets)
/// the passes are of BM / P rows instead, through a (BM / P) x (BN + 16
/// bytes) tile.
void Epilogue::emitRowsStore(ValueRange results) {
  RewriterBase &rewriter = ctx.rewriter;
  Location loc = ctx.loc;
  ConfigAttr config = ctx.config();
  Type cType = ctx.plan.problem.getOutType();
  Type stagedType =
      ctx.plan.addCAtStore ? ctx.plan.problem.getAccumulatorType() : cType;
  int64_t passes = ctx.plan.rowsPasses;
  bool alongM = ctx.plan.rowsAlongM;
  // A pass's rows and columns of the block tile: `chunkRows` from row p x
  // chunkRows (along M), `chunk` from column p x chunk (along N).
  int64_t bytes = getElementBytes(cType), bm = config.getBM(),
          bn = config.getBN(), chunkRows = alongM ? bm / passes : bm,
          chunk = alongM ? bn : bn / passes;
  int64_t stagedBytes = getElementBytes(stagedType);
  int64_t pitch = chunk + kRowsEpiloguePadBytes / stagedBytes;
  int64_t tm = layout.rows.size(), tn = layout.cols.size();
  int64_t chunkTm = alongM ? tm / passes : tm,
          chunkTn = alongM ? tn : tn / passes;
  auto firstRowOf = [&](int64_t p) { return alongM ? p * chunkRows : 0; };
  auto firstColOf = [&](int64_t p) { return alongM ? 0 : p * chunk; };
  int64_t width = std::gcd<int64_t>(ctx.plan.problem.n * bytes, 16) / bytes;
  int64_t pair = layout.colChunk;
  const SharedSlot *slot = ctx.plan.shared.findSlot(kCTileSlot);
  assert(slot && "the rows epilogue needs the plan's C tile");
  Value staged = getDynamicSharedView(
      rewriter, loc,
      MemRefType::get({chunkRows, pitch}, stagedType,
                      MemRefLayoutAttrInterface(),
                      getWorkgroupSpace(rewriter.getContext())),
      slot->offset);
  if (slot->aliases)
    emitEpilogueBarrier(ctx);
  int64_t numThreads = getEpilogueThreads(ctx.plan);
  int64_t perRow = chunk / width, vectors = chunkRows * perRow;
  auto pairType = VectorType::get({pair}, stagedType);
  auto vecType = VectorType::get({width}, cType);
  auto stagedVecType = VectorType::get({width}, stagedType);
  // (A staged row's vectors are 16-byte aligned at most: rows are 16 bytes
  // longer than the chunk.)
  int64_t stagedAlign = std::gcd<int64_t>(width * stagedBytes, 16);
  // Where a pass of the threads covers whole rows, thread t's vectors share
  // its column and lie rows apart: one row and column, then constant
  // offsets (the addresses stay few registers across a persistent block's
  // tile loop).
  bool wholeRows = numThreads % perRow == 0;
  Value tid, firstRow, firstCol;
  SmallVector<OpFoldResult> sizes;
  auto offset = [&](Value index, int64_t by) {
    return by ? ib.add(index, ib.c(by)) : index;
  };
  // Where C has one tile column (row), the chunks past its last column
  // (row) store nothing: they are left out (ptxas serialised the wgmma
  // instructions of kernels whose last chunk had only statically dead
  // stores).
  int64_t extent = alongM ? ctx.plan.problem.m : ctx.plan.problem.n;
  if (extent <= (alongM ? bm : bn))
    passes = std::min<int64_t>(
        passes, llvm::divideCeil(extent, alongM ? chunkRows : chunk));
  for (int64_t p = 0; p < passes; ++p) {
    // A lane's accumulators of chunk p: along N, [p x chunkTn, (p + 1) x
    // chunkTn) of each row (one warpgroup spans the tile's columns); along
    // M, those of rows [p x chunkTm, (p + 1) x chunkTm).
    int64_t fromRow = alongM ? p * chunkTm : 0,
            fromCol = alongM ? 0 : p * chunkTn;
    for (int64_t i = fromRow; i < fromRow + chunkTm; ++i)
      for (int64_t q = fromCol; q < fromCol + chunkTn; q += pair)
        vector::StoreOp::create(
            rewriter, loc,
            vector::FromElementsOp::create(rewriter, loc, pairType,
                                           results.slice(i * tn + q, pair)),
            staged,
            ValueRange{offset(layout.rows[i], -firstRowOf(p)),
                       offset(layout.cols[q], -firstColOf(p))},
            /*nontemporal=*/false, llvm::MaybeAlign(pair * stagedBytes));
    emitEpilogueBarrier(ctx);
    if (p == 0) {
      tid = getEpilogueTid(ctx);
      sizes = memref::getMixedSizes(rewriter, loc, ctx.cView);
      if (wholeRows) {
        firstRow = ib.div(tid, ib.c(perRow));
        firstCol = ib.mul(ib.rem(tid, ib.c(perRow)), ib.c(width));
      }
    }
    // C += A x B: a group's vectors of C load together, each from inside
    // C (C's rows are whole vectors, so the clamped column stays aligned)
    // and outside the stores' branches, so that the loads are in flight
    // together; otherwise each vector goes on its own.
    int64_t perThread = llvm::divideCeil(vectors, numThreads);
    int64_t group = ctx.plan.addCAtStore ? kCLoadGroup : 1;
    for (int64_t g = 0; g < perThread; g += group) {
      int64_t end = std::min(perThread, g + group);
      SmallVector<Value> rows, cols, inTiles, tileCols, cValues;
      for (int64_t t = g; t < end; ++t) {
        bool partial = (t + 1) * numThreads > vectors;
        Value row, col, inTile;
        if (wholeRows) {
          row = ib.add(firstRow, ib.c(t * numThreads / perRow));
          col = firstCol;
          if (partial) {
            inTile = ib.lt(row, ib.c(chunkRows));
            row =
                arith::MinUIOp::create(rewriter, loc, row, ib.c(chunkRows - 1));
          }
        } else {
          Value e = ib.add(tid, ib.c(t * numThreads));
          if (partial) {
            inTile = ib.lt(e, ib.c(vectors));
            e = arith::MinUIOp::create(rewriter, loc, e, ib.c(vectors - 1));
          }
          row = ib.div(e, ib.c(perRow));
          col = ib.mul(ib.rem(e, ib.c(perRow)), ib.c(width));
        }
        rows.push_back(row);
        cols.push_back(col);
        inTiles.push_back(inTile);
        if (!ctx.plan.addCAtStore)
          continue;
        tileCols.push_back(offset(col, firstColOf(p)));
        Value cCol = arith::MinUIOp::create(
            rewriter, loc, ib.add(ctx.colOrigin, tileCols.back()),
            ib.c(ctx.plan.problem.n - width));
        cValues.push_back(vector::LoadOp::create(
            rewriter, loc, vecType, ctx.globalC,
            ValueRange{clampRow(offset(row, firstRowOf(p))), cCol},
            /*nontemporal=*/false, llvm::MaybeAlign(width * bytes)));
      }
      for (int64_t t = g; t < end; ++t) {
        Value piece = vector::LoadOp::create(
            rewriter, loc, stagedVecType, staged,
            ValueRange{rows[t - g], cols[t - g]},
            /*nontemporal=*/false, llvm::MaybeAlign(stagedAlign));
        Value row = offset(rows[t - g], firstRowOf(p));
        Value tileCol = ctx.plan.addCAtStore
                            ? tileCols[t - g]
                            : offset(cols[t - g], firstColOf(p));
        if (ctx.plan.addCAtStore) {
          Value c = cValues[t - g];
          if (stagedType != cType)
            c = arith::ExtFOp::create(rewriter, loc, stagedVecType, c);
          piece = arith::AddFOp::create(rewriter, loc, piece, c);
          if (stagedType != cType)
            piece = arith::TruncFOp::create(rewriter, loc, vecType, piece);
        }
        Value inside =
            ib.land(inTiles[t - g], ib.land(ib.bound(row, sizes[0], bm),
                                            ib.bound(tileCol, sizes[1], bn)));
        emitUnder(rewriter, loc, inside, [&]() {
          vector::StoreOp::create(
              rewriter, loc, piece, ctx.cView, ValueRange{row, tileCol},
              /*nontemporal=*/false, llvm::MaybeAlign(width * bytes));
        });
      }
    }
    if (p + 1 < passes || blockRunsMore())
      emitEpilogueBarrier(ctx);
  }
}

int64_t mlir::tileopt::getEpilogueThreads(const KernelPlan &plan) {
  return plan.numThreads - plan.wgmma.producerThreads;
}

Value mlir::tileopt::getEpilogueTid(KernelContext &ctx) {
  int64_t producers = ctx.plan.wgmma.producerThreads;
  if (!producers)
    return ctx.tid;
  return arith::SubIOp::create(ctx.rewriter, ctx.loc, ctx.tid,
                               ctx.ib().c(producers));
}

void mlir::tileopt::emitEpilogueBarrier(KernelContext &ctx) {
  if (!ctx.plan.wgmma.producerThreads) {
    gpu::BarrierOp::create(ctx.rewriter, ctx.loc);
    return;
  }
  auto i32 = [&](int64_t v) {
    return arith::ConstantIntOp::create(ctx.rewriter, ctx.loc, v, 32)
        .getResult();
  };
  NVVM::BarrierOp::create(ctx.rewriter, ctx.loc, TypeRange{}, i32(1),
                          i32(getEpilogueThreads(ctx.plan)),
                          /*reductionOp=*/{},
                          /*reductionPredicate=*/Value());
}

/// Each accumulator to C (rounded to C's type), where C exists; runs of
/// the layout's column chunk (4 of the FMA tile, the wgmma tile's pairs) as
/// one vector store when C's rows keep them aligned.
void Epilogue::emitStore(ValueRange accumulators) {
  RewriterBase &rewriter = ctx.rewriter;
  Location loc = ctx.loc;
  int64_t tm = layout.rows.size(), tn = layout.cols.size();
  Type cType = ctx.plan.problem.getCType();
  SmallVector<Value> results(accumulators);
  // (C added at the store is added to the accumulators before rounding.)
  for (Value &v : results)
    if (v.getType() != cType && !ctx.plan.addCAtStore)
      v = arith::TruncFOp::create(rewriter, loc, cType, v);
  // (Stream-K's staged C += A * B applies it after adding C.)
  if (ctx.plan.problem.epilogue && !ctx.plan.addCAtStore)
    results = emitFused(results);
  cType = ctx.plan.problem.getOutType();
  int64_t run = ctx.plan.cVectorizable ? layout.colChunk : 1;
  auto vecType = VectorType::get({run}, cType);
  if (ctx.plan.epilogue == EpilogueKind::Staged) {
    emitStagedStore(results);
    return;
  }
  if (ctx.plan.epilogue == EpilogueKind::Rows) {
    emitRowsStore(results);
    return;
  }
  if (ctx.plan.epilogue == EpilogueKind::Predicated) {
    emitFragmentBounds(rowIn, colIn);
    if (llvm::any_of(rowIn, [](Value v) { return v; }) ||
        llvm::any_of(colIn, [](Value v) { return v; })) {
      emitPredicatedStore(results);
      return;
    }
  }
  for (int64_t i = 0; i < tm; ++i) {
    auto storeScalars = [&](int64_t from, int64_t to) {
      for (int64_t j = from; j < to; ++j)
        emitUnder(rewriter, loc, ib.land(rowIn[i], colIn[j]), [&]() {
          memref::StoreOp::create(rewriter, loc, results[i * tn + j],
                                  ctx.cView,
                                  ValueRange{layout.rows[i], layout.cols[j]});
        });
    };
    if (!ctx.plan.cVectorizable) {
      storeScalars(0, tn);
      continue;
    }
    for (int64_t q = 0; q < tn; q += run) {
      Value piece = vector::FromElementsOp::create(
          rewriter, loc, vecType, ArrayRef(results).slice(i * tn + q, run));
      Value whole = ib.land(rowIn[i], colIn[q + run - 1]);
      auto storeVector = [&]() {
        vector::StoreOp::create(rewriter, loc, piece, ctx.cView,
                                ValueRange{layout.rows[i], layout.cols[q]},
                                /*nontemporal=*/false,
                                llvm::MaybeAlign(run * getElementBytes(cType)));
      };
      emitUnder(rewriter, loc, whole, storeVector,
                [&]() { storeScalars(q, q + run); });
    }
  }
}
