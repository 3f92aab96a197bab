//===- PartialSums.cpp - Partial sums of split tiles in the workspace -----===//
//
// See PartialSums.h.
//
//===----------------------------------------------------------------------===//
#include "TileOpt/Codegen/PartialSums.h"

#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::tileopt;

PartialSums::PartialSums(KernelContext &ctx, Value partials,
                         int64_t slotElements)
    : ctx(ctx), ib(ctx.ib()), partials(partials), slotElements(slotElements) {
  threads = getEpilogueThreads(ctx.plan);
  int64_t perThread = ctx.plan.accumulatorsPerThread();
  assert(threads * perThread == slotElements &&
         "a slot holds every epilogue thread's accumulators");
  width = perThread % 4 == 0 ? 4 : 1;
  chunks = perThread / width;
}

Value PartialSums::getIndex(Value slot, Value chunk) {
  Value at = ib.add(ib.mul(slot, ib.c(chunks)), chunk);
  return ib.mul(ib.add(ib.mul(at, ib.c(threads)), getEpilogueTid(ctx)),
                ib.c(width));
}

Value PartialSums::isInMask(Value mask, Value chunk) {
  if (!mask)
    return {};
  RewriterBase &rewriter = ctx.rewriter;
  Location loc = ctx.loc;
  Type i64 = rewriter.getI64Type();
  // (A unit past the last chunk asks for a chunk of 64 or more: the shift
  // stays under 64, the caller's other condition is false.)
  Value shift = arith::IndexCastOp::create(
      rewriter, loc, i64,
      arith::MinUIOp::create(rewriter, loc, chunk, ib.c(63)));
  Value bit = arith::AndIOp::create(
      rewriter, loc, arith::ShRUIOp::create(rewriter, loc, mask, shift),
      arith::ConstantIntOp::create(rewriter, loc, 1, 64));
  return arith::TruncIOp::create(rewriter, loc, rewriter.getI1Type(), bit);
}

Value PartialSums::emitChunkMask(Epilogue &epilogue) {
  // The fma tile's tiles fit the problem (narrow and one-wide tiles for
  // skinny shapes), and it runs at its register cap, where the mask's
  // predicates spilled (1100 x 1200 x 1000 on split_tail: 28 bytes): only
  // the wgmma tile, whose instructions span 64 rows, masks its chunks.
  if (chunks > 64 || !ctx.config().isWgmma())
    return {};
  RewriterBase &rewriter = ctx.rewriter;
  Location loc = ctx.loc;
  SmallVector<Value> rowIn, colIn;
  epilogue.emitFragmentBounds(rowIn, colIn);
  auto isSet = [](Value v) { return bool(v); };
  if (llvm::none_of(rowIn, isSet) && llvm::none_of(colIn, isSet))
    return {};
  int64_t cols = colIn.size();
  Value mask = arith::ConstantIntOp::create(rewriter, loc, 0, 64);
  for (int64_t q = 0; q < chunks; ++q) {
    // Chunk q is inside where any of its elements is: where, in any of its
    // rows, its first column there is (the columns ascend). Null: always.
    Value inside;
    for (int64_t a = q * width; a < (q + 1) * width; ++a) {
      if (a != q * width && a % cols != 0)
        continue;
      Value element = ib.land(rowIn[a / cols], colIn[a % cols]);
      if (!element) {
        inside = {};
        break;
      }
      inside = inside ? arith::OrIOp::create(rewriter, loc, inside, element)
                      : element;
    }
    Value bit =
        arith::ConstantIntOp::create(rewriter, loc, int64_t(1) << q, 64);
    if (inside)
      bit = arith::SelectOp::create(
          rewriter, loc, inside, bit,
          arith::ConstantIntOp::create(rewriter, loc, 0, 64));
    mask = arith::OrIOp::create(rewriter, loc, mask, bit);
  }
  return mask;
}

void PartialSums::emitStore(Value slot, ValueRange accumulators, Value mask) {
  RewriterBase &rewriter = ctx.rewriter;
  Type elementType = ctx.plan.problem.getAccumulatorType();
  auto vecType = VectorType::get({width}, elementType);
  for (int64_t q = 0; q < chunks; ++q) {
    Value chunk = vector::FromElementsOp::create(
        rewriter, ctx.loc, vecType, accumulators.slice(q * width, width));
    Value index = getIndex(slot, ib.c(q));
    emitUnder(rewriter, ctx.loc, isInMask(mask, ib.c(q)), [&]() {
      vector::StoreOp::create(
          rewriter, ctx.loc, chunk, partials, index,
          /*nontemporal=*/false,
          llvm::MaybeAlign(width * getElementBytes(elementType)));
    });
  }
}

void PartialSums::emitLoad(Value slot, Value mask,
                           function_ref<void(int64_t, Value)> use) {
  RewriterBase &rewriter = ctx.rewriter;
  Type elementType = ctx.plan.problem.getAccumulatorType();
  auto vecType = VectorType::get({width}, elementType);
  for (int64_t q = 0; q < chunks; ++q) {
    Value index = getIndex(slot, ib.c(q));
    Value chunk =
        emitGuarded(rewriter, ctx.loc, isInMask(mask, ib.c(q)), vecType, [&]() {
          return SmallVector<Value>{vector::LoadOp::create(
              rewriter, ctx.loc, vecType, partials, index,
              /*nontemporal=*/false,
              llvm::MaybeAlign(width * getElementBytes(elementType)))};
        })[0];
    for (int64_t e = 0; e < width; ++e)
      use(q * width + e,
          vector::ExtractOp::create(rewriter, ctx.loc, chunk, e));
  }
}

void PartialSums::emitSumShare(Value firstSlot, Value part, int64_t split,
                               Value mask) {
  RewriterBase &rewriter = ctx.rewriter;
  Location loc = ctx.loc;
  // Groups of whole warps, enough that the units (chunk, group) are at
  // least the parts where the chunks are fewer.
  int64_t groups = 1;
  while (chunks * groups < split && threads % (2 * groups) == 0 &&
         threads / (2 * groups) >= 32)
    groups *= 2;
  int64_t units = chunks * groups;
  int64_t perPart = llvm::divideCeil(units, split);
  Value group;
  if (groups > 1)
    group = ib.div(getEpilogueTid(ctx), ib.c(threads / groups));
  Type elementType = ctx.plan.problem.getAccumulatorType();
  auto vecType = VectorType::get({width}, elementType);
  llvm::MaybeAlign alignment(width * getElementBytes(elementType));
  SmallVector<Type> loadedTypes(split, vecType);
  // Unit part + i x split: every load of the share is issued before the
  // first sum uses one.
  SmallVector<Value> mine, at;
  SmallVector<SmallVector<Value>> loaded;
  for (int64_t i = 0; i < perPart; ++i) {
    Value unit = ib.add(part, ib.c(i * split));
    Value chunk = ib.div(unit, ib.c(groups));
    Value own;
    if (groups > 1)
      own = ib.eq(ib.rem(unit, ib.c(groups)), group);
    if ((i + 1) * split > units)
      own = ib.land(own, ib.lt(unit, ib.c(units)));
    own = ib.land(own, isInMask(mask, chunk));
    mine.push_back(own);
    at.push_back(getIndex(firstSlot, chunk));
    loaded.push_back(emitGuarded(rewriter, loc, own, loadedTypes, [&]() {
      SmallVector<Value> values;
      for (int64_t s = 0; s < split; ++s)
        values.push_back(
            vector::LoadOp::create(rewriter, loc, vecType, partials,
                                   ib.add(at.back(), ib.c(s * slotElements)),
                                   /*nontemporal=*/false, alignment));
      return values;
    }));
  }
  for (int64_t i = 0; i < perPart; ++i) {
    Value sum = loaded[i][0];
    for (int64_t s = 1; s < split; ++s)
      sum = arith::AddFOp::create(rewriter, loc, sum, loaded[i][s]);
    emitUnder(rewriter, loc, mine[i], [&]() {
      vector::StoreOp::create(rewriter, loc, sum, partials, at[i],
                              /*nontemporal=*/false, alignment);
    });
  }
}
