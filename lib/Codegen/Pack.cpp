//===- Pack.cpp - The grid prologue that copies operands -----------------===//
//
// See Pack.h.
//
//===----------------------------------------------------------------------===//
#include "TileOpt/Codegen/Pack.h"

#include "TileOpt/Codegen/EmitUtils.h"
#include "TileOpt/Codegen/SyncPrimitives.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tileopt;

/// pack_b: the most 32-bit words of B one thread keeps in flight (64
/// registers) when they are all its words; more go in a loop of batches of
/// kPackLoopWords, whose index arithmetic is not constant (larger loop
/// batches spilled under a 128-register cap;
/// docs/results/2026-11-30-pack-b.md). A destination vector takes 8: the
/// two aligned vectors that hold its elements.
static constexpr int64_t kPackWords = 64, kPackLoopWords = 32,
                         kWordsPerVector = 8;

/// The TF32 copies: tiles of kTF32Tile x kTF32Tile elements, kTF32Tiles of
/// them per block and trip, whose loads a thread issues together (with 3
/// rows each for 384 threads, 24 loads in flight per thread).
static constexpr int64_t kTF32Tile = 32, kTF32Tiles = kPackTransposeTiles;

/// The 16 bytes that start `shift` elements into `lo` (of two adjacent
/// aligned 16-byte vectors `lo`, `hi` of 16-bit or 32-bit elements), as a
/// vector like them: the eight 32-bit words shifted down by shift's words
/// in two select steps (by 1, by 2), then, for 16-bit elements at an odd
/// shift, each word funnelled from a pair of them.
static Value emitShiftedVector(RewriterBase &rewriter, Location loc, Value lo,
                               Value hi, Value shift) {
  IndexBuilder ib{rewriter, loc};
  auto type = cast<VectorType>(lo.getType());
  int64_t perWord = 4 / getElementBytes(type.getElementType());
  Type i32 = rewriter.getI32Type();
  auto wordsType = VectorType::get({4}, i32);
  SmallVector<Value> words;
  for (Value half : {lo, hi}) {
    Value cast = vector::BitCastOp::create(rewriter, loc, wordsType, half);
    for (int64_t w = 0; w < 4; ++w)
      words.push_back(vector::ExtractOp::create(rewriter, loc, cast, w));
  }
  // The words the last step reads: 4, and one more to funnel from.
  int64_t kept = perWord == 2 ? 5 : 4;
  Value wordShift = ib.div(shift, ib.c(perWord));
  for (int64_t bit = 1; bit <= 2; bit *= 2) {
    Value set = ib.ne(ib.rem(ib.div(wordShift, ib.c(bit)), ib.c(2)), ib.c(0));
    SmallVector<Value> next;
    for (int64_t w = 0; w < kept + (bit == 1 ? 2 : 0); ++w)
      next.push_back(arith::SelectOp::create(rewriter, loc, set, words[w + bit],
                                             words[w]));
    words = std::move(next);
  }
  SmallVector<Value> result(words.begin(), words.begin() + 4);
  if (perWord == 2) {
    Value odd = ib.ne(ib.rem(shift, ib.c(2)), ib.c(0));
    Value sixteen = arith::ConstantIntOp::create(rewriter, loc, 16, 32);
    for (int64_t w = 0; w < 4; ++w) {
      Value funnel = arith::OrIOp::create(
          rewriter, loc,
          arith::ShRUIOp::create(rewriter, loc, words[w], sixteen),
          arith::ShLIOp::create(rewriter, loc, words[w + 1], sixteen));
      result[w] = arith::SelectOp::create(rewriter, loc, odd, funnel, words[w]);
    }
  }
  return vector::BitCastOp::create(
      rewriter, loc, type,
      vector::FromElementsOp::create(rewriter, loc, wordsType, result));
}

/// pack_b's copy of B (K x N, rows N elements apart) into `copy`, rows
/// `copy.pitch` elements apart, by packer `packer` of `packers`.
///
/// The copy is K x ceil(N / V) 16-byte vectors of the destination rows, V
/// elements each (4 of f32, 8 of f16 or bf16). Thread u of the packers' U
/// threads (block-major) writes vectors u + j x U, j < ceil(K x ceil(N / V)
/// / U): V consecutive elements of B, stored as one 16-byte vector (a
/// warp's stores cover 512 contiguous bytes). Rows of B are only
/// element-aligned: the thread loads the two aligned 16-byte vectors of B
/// that hold its V elements (B is 16-byte aligned) and shifts them out in
/// registers (emitShiftedVector). Where K x N is not a multiple of V, B's
/// last row is copied element by element instead. A thread loads
/// all its vectors before it shifts or stores them, with no branch between
/// (LLVM would sink the loads into it); one past the end re-reads
/// the last and stores nothing. Elements past N in a row's last vector (the
/// next row's, or B's last) land in the padding, which the tensor map
/// leaves out.
static void emitExactCopy(RewriterBase &rewriter, Location loc,
                          const PackedCopy &copyPlan, int64_t packers,
                          Value globalB, Value workspace, Value packer,
                          Value tid, int64_t numThreads) {
  IndexBuilder ib{rewriter, loc};
  auto bType = cast<MemRefType>(globalB.getType());
  int64_t k = bType.getDimSize(0), n = bType.getDimSize(1);
  Type elementType = bType.getElementType();
  int64_t width = 16 / getElementBytes(elementType);
  // Rows of B through vectors: all, or all but the last where K x N is no
  // whole number of vectors (the last row's elements then come one by
  // one). With rows of V elements or more, every element of the other
  // rows lies in B's whole vectors (PackedCopy::byTiles).
  bool lastRowApart = copyPlan.lastRowApart(getElementBytes(elementType));
  assert((!lastRowApart || n >= width) &&
         "pack_b's vector copy needs rows of a vector or more");
  int64_t vectorRows = lastRowApart ? k - 1 : k;
  int64_t perRow = llvm::divideCeil(n, width), vectors = vectorRows * perRow;
  int64_t wholeVectors = k * n / width;
  int64_t threads = packers * numThreads;
  int64_t trips = llvm::divideCeil(vectors, threads);
  SmallVector<ReassociationIndices> all{{0, 1}};
  Value flat = memref::CollapseShapeOp::create(rewriter, loc, globalB, all);
  Value copy = memref::ViewOp::create(
      rewriter, loc, MemRefType::get({k * copyPlan.pitch}, elementType),
      workspace, ib.c(copyPlan.offset), ValueRange{});
  auto vectorType = VectorType::get({width}, elementType);
  Value u = ib.add(ib.mul(packer, ib.c(numThreads)), tid);
  if (lastRowApart) {
    // The last row, element c by thread c mod U.
    auto loop = scf::ForOp::create(rewriter, loc, u, ib.c(n), ib.c(threads));
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPoint(loop.getBody()->getTerminator());
    Value c = loop.getInductionVar();
    Value value = memref::LoadOp::create(rewriter, loc, flat,
                                         ib.add(ib.c((k - 1) * n), c));
    memref::StoreOp::create(rewriter, loc, value, copy,
                            ib.add(ib.c((k - 1) * copyPlan.pitch), c));
  }
  // Trips [first, first + count): loads, then stores. `first` is a
  // constant (trip guards only where the trip may pass the end) or, in the
  // batch loop, a loop value (every trip guarded).
  auto emitTrips = [&](OpFoldResult first, int64_t count) {
    std::optional<int64_t> known = getConstantIntValue(first);
    SmallVector<Value> aligned, loaded, live, to, from;
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
          ib.c(width));
      to.push_back(ib.add(ib.mul(row, ib.c(copyPlan.pitch)), col));
      from.push_back(ib.add(ib.mul(row, ib.c(n)), col));
      // The two aligned vectors that hold the V elements from `from` (B's
      // last where the index passes it: only elements past B's end, which
      // land in the padding, come from there).
      Value block = ib.div(from.back(), ib.c(width));
      for (int64_t h = 0; h < 2; ++h)
        aligned.push_back(vector::LoadOp::create(
            rewriter, loc, vectorType, flat,
            ib.mul(arith::MinUIOp::create(rewriter, loc, ib.add(block, ib.c(h)),
                                          ib.c(wholeVectors - 1)),
                   ib.c(width)),
            /*nontemporal=*/false, llvm::MaybeAlign(16)));
    }
    for (int64_t j = 0; j < count; ++j)
      loaded.push_back(emitShiftedVector(rewriter, loc, aligned[2 * j],
                                         aligned[2 * j + 1],
                                         ib.rem(from[j], ib.c(width))));
    for (int64_t j = 0; j < count; ++j)
      emitUnder(rewriter, loc, live[j], [&]() {
        vector::StoreOp::create(rewriter, loc, loaded[j], copy,
                                ValueRange{to[j]}, /*nontemporal=*/false,
                                llvm::MaybeAlign(16));
      });
  };
  // All of a thread's vectors at once, or batches in a loop.
  int64_t batch = kPackWords / kWordsPerVector,
          loopBatch = kPackLoopWords / kWordsPerVector;
  if (trips <= batch) {
    emitTrips(rewriter.getIndexAttr(0), trips);
    return;
  }
  auto loop = scf::ForOp::create(rewriter, loc, ib.c(0), ib.c(trips),
                                 ib.c(loopBatch));
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(loop.getBody()->getTerminator());
  emitTrips(loop.getInductionVar(), loopBatch);
}

/// The TF32 copies `copies` of one operand (`source`, R x C): rounded
/// (tf32), high and low parts (tf32x3), or as it is (A's, where its rows
/// are not 16-byte multiples, and B's where those rows are also shorter
/// than a 16-byte vector), each R x C or, transposed, C x R, rows
/// `pitch` elements apart. The packers take the source's 32 x 32
/// tiles kTF32Tiles at a time (packer p: tiles p + j x packers, j <
/// kTF32Tiles, then on by kTF32Tiles x packers). In a tile, lane l of warp
/// w reads column l of rows w, w + warps, ... (a warp reads 128 contiguous
/// bytes); transposed, the block writes the values into one 32 x 33 shared
/// tile each (`scratch`, conflict-free both ways), synchronises, and lane l
/// of warp w writes row w (, w + warps, ...) of the transposed tile,
/// column l. Each value is rounded (or split) once, as it is written. A
/// transposing copy of a batch's B x R rows (its matrices one after the
/// other) takes each matrix's tiles in turn, into B x C rows.
///
/// Nothing branches: a thread's loads all issue before its first store (so
/// that its loads overlap), and indices past the source's edge, the tile's
/// last row or the last tile are clamped to the last ones, whose value is
/// then written again where it belongs (the same bits as its own thread
/// writes there).
static void emitTF32Copies(RewriterBase &rewriter, Location loc,
                           ArrayRef<const PackedCopy *> copies,
                           int64_t packers, Value source, Value workspace,
                           Value packer, Value tid, int64_t numThreads,
                           Value scratch) {
  IndexBuilder ib{rewriter, loc};
  auto type = cast<MemRefType>(source.getType());
  // A batch's matrices (transposed copies) one after the other in the
  // source and in the copies; the tiles go matrix by matrix.
  int64_t batches = copies.front()->batches;
  int64_t rows = type.getDimSize(0) / batches, cols = type.getDimSize(1);
  Type f32 = rewriter.getF32Type();
  bool transposed = copies.front()->transposed;
  int64_t tilesC = llvm::divideCeil(cols, kTF32Tile);
  int64_t perMatrix = llvm::divideCeil(rows, kTF32Tile) * tilesC;
  int64_t tiles = perMatrix * batches;
  int64_t warps = numThreads / 32;
  int64_t passes = llvm::divideCeil(kTF32Tile, warps);
  SmallVector<Value, 2> views;
  for (const PackedCopy *copy : copies)
    views.push_back(memref::ViewOp::create(
        rewriter, loc,
        MemRefType::get({copy->batches * copy->rows, copy->pitch},
                        type.getElementType()),
        workspace, ib.c(copy->offset), ValueRange{}));
  Value warp = ib.div(tid, ib.c(32)), lane = ib.rem(tid, ib.c(32));
  auto clamp = [&](Value index, int64_t last) -> Value {
    return arith::MinUIOp::create(rewriter, loc, index, ib.c(last));
  };
  auto roundTF32 = [&](Value value) -> Value {
    return arith::BitcastOp::create(rewriter, loc, f32,
                                    emitTF32Bits(rewriter, loc, value));
  };
  // `value` at (row, col) of the copies: as it is, tf32(value) (rounded or
  // high), or tf32(value - high) (low).
  auto store = [&](Value value, Value row, Value col) {
    Value high;
    for (auto [copy, view] : llvm::zip(copies, views)) {
      Value part = value;
      if (copy->part != CopyPart::Exact && !high)
        high = roundTF32(value);
      if (copy->part == CopyPart::Rounded || copy->part == CopyPart::High)
        part = high;
      if (copy->part == CopyPart::Low)
        part = roundTF32(arith::SubFOp::create(rewriter, loc, value, high));
      memref::StoreOp::create(rewriter, loc, part, view, ValueRange{row, col});
    }
  };
  auto loop = scf::ForOp::create(rewriter, loc, packer, ib.c(tiles),
                                 ib.c(kTF32Tiles * packers));
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(loop.getBody()->getTerminator());
  // The rows of a tile this thread reads (and, transposed, writes): w + p
  // x warps, the last clamped to the tile.
  SmallVector<Value> tileRows;
  for (int64_t p = 0; p < passes; ++p)
    tileRows.push_back(clamp(ib.add(warp, ib.c(p * warps)), kTF32Tile - 1));
  // Per value: where it came from in its matrix of the source. `matrices`:
  // per tile, its matrix's index (with a batch).
  SmallVector<Value> row0s, col0s, matrices, values, from[2];
  // Row `row` of matrix j's source (or, transposed, copy: `size` rows).
  auto inMatrix = [&](int64_t j, Value row, int64_t size) -> Value {
    return batches == 1 ? row : ib.add(ib.mul(matrices[j], ib.c(size)), row);
  };
  for (int64_t j = 0; j < kTF32Tiles; ++j) {
    Value tile =
        clamp(ib.add(loop.getInductionVar(), ib.c(j * packers)), tiles - 1);
    if (batches > 1) {
      matrices.push_back(ib.div(tile, ib.c(perMatrix)));
      tile = ib.rem(tile, ib.c(perMatrix));
    }
    row0s.push_back(ib.mul(ib.div(tile, ib.c(tilesC)), ib.c(kTF32Tile)));
    col0s.push_back(ib.mul(ib.rem(tile, ib.c(tilesC)), ib.c(kTF32Tile)));
    for (int64_t p = 0; p < passes; ++p) {
      from[0].push_back(clamp(ib.add(row0s[j], tileRows[p]), rows - 1));
      from[1].push_back(clamp(ib.add(col0s[j], lane), cols - 1));
      values.push_back(memref::LoadOp::create(
          rewriter, loc, source,
          ValueRange{inMatrix(j, from[0].back(), rows), from[1].back()}));
    }
  }
  for (int64_t j = 0; j < kTF32Tiles; ++j)
    for (int64_t p = 0; p < passes; ++p) {
      int64_t v = j * passes + p;
      if (!transposed)
        store(values[v], inMatrix(j, from[0][v], rows), from[1][v]);
      else
        memref::StoreOp::create(rewriter, loc, values[v], scratch,
                                ValueRange{ib.c(j), tileRows[p], lane});
    }
  if (!transposed)
    return;
  gpu::BarrierOp::create(rewriter, loc);
  // Row c0 + r of the copy (column c0 + r of the source), column r0 + l.
  for (int64_t j = 0; j < kTF32Tiles; ++j)
    for (int64_t p = 0; p < passes; ++p) {
      Value value = memref::LoadOp::create(
          rewriter, loc, scratch, ValueRange{ib.c(j), lane, tileRows[p]});
      store(value,
            inMatrix(j, clamp(ib.add(col0s[j], tileRows[p]), cols - 1), cols),
            clamp(ib.add(row0s[j], lane), rows - 1));
    }
  // The next tiles overwrite the shared tiles.
  gpu::BarrierOp::create(rewriter, loc);
}

/// The kernel's first act, by all blocks of the grid together: the packers
/// make the plan's copies, and every block meets them at a grid barrier
/// before any block reads a copy through its tensor map.
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
void mlir::tileopt::emitPack(RewriterBase &rewriter, Location loc,
                             const PackPlan &plan, Value globalA,
                             Value globalB, Value workspace, Value block,
                             Value tid, int64_t numThreads, Value ticketWord,
                             Value transposeTile) {
  IndexBuilder ib{rewriter, loc};
  Type i64 = rewriter.getI64Type();
  Value counters = ib.add(
      memref::ExtractAlignedPointerAsIndexOp::create(rewriter, loc, workspace),
      ib.c(plan.barrierOffset));
  auto counter = [&](int64_t i) -> Value {
    return arith::IndexCastOp::create(rewriter, loc, i64,
                                      ib.add(counters, ib.c(4 * i)));
  };
  Value arrivals = counter(0), departures = counter(1), tickets = counter(2);
  auto increment = [&](Value address) {
    return emitAtomicIncrement(rewriter, loc, address);
  };
  Value leader = ib.eq(tid, ib.c(0));
  // More blocks than one wave: the first `packers` blocks to start copy
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
  int64_t elemBytes = getElementBytes(
      cast<MemRefType>(globalB.getType()).getElementType());
  // A batched operand (a dense 3-D buffer) and its copy are their batch's
  // matrices one after the other: a copy that keeps the rows copies one
  // matrix of batches x rows rows; a transposing one matrix by matrix.
  SmallVector<PackedCopy, 4> copies(plan.copies);
  Value sources[2] = {globalA, globalB};
  for (PackedCopy &copy : copies) {
    Value &source = sources[copy.operand];
    if (cast<MemRefType>(source.getType()).getRank() == 3)
      source = memref::CollapseShapeOp::create(
          rewriter, loc, source, ArrayRef<ReassociationIndices>{{0, 1}, {2}});
    if (!copy.transposed) {
      copy.rows *= copy.batches;
      copy.batches = 1;
    }
  }
  emitUnder(rewriter, loc, isPacker, [&]() {
    for (int operand = 0; operand < 2; ++operand) {
      SmallVector<const PackedCopy *, 2> tiled;
      for (const PackedCopy &copy : copies) {
        if (copy.operand != operand)
          continue;
        if (!copy.byTiles(elemBytes))
          emitExactCopy(rewriter, loc, copy, plan.packers, sources[1],
                        workspace, packer, tid, numThreads);
        else
          tiled.push_back(&copy);
      }
      if (!tiled.empty())
        emitTF32Copies(rewriter, loc, tiled, plan.packers, sources[operand],
                       workspace, packer, tid, numThreads, transposeTile);
    }
  });

  // The barrier: the packers arrive, every block waits for them.
  emitAsyncProxyGlobalFence(rewriter, loc);
  gpu::BarrierOp::create(rewriter, loc);
  emitUnder(rewriter, loc, leader, [&]() {
    emitReleaseIncrement(rewriter, loc, arrivals, isPacker);
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
      emitScopedStore(rewriter, loc, word, zero, /*release=*/false, last);
    emitAsyncProxyGlobalFence(rewriter, loc);
  });
  gpu::BarrierOp::create(rewriter, loc);
}

