//===- AsyncCopier.cpp - Panels through cp.async --------------------------===//
//
// The cp.async copier: each thread copies its share of both panels straight
// into a stage (16-byte copies where aligned, zero-filled outside the
// matrix), one commit group per issued K step.
//
//===----------------------------------------------------------------------===//
#include "TileOpt/Codegen/PanelCopier.h"

#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"

using namespace mlir;
using namespace mlir::tileopt;

/// Copies this thread's share of panel `p` at global origin (row0, col0)
/// into stage `stage`: one copy of `width` elements per trip; where the
/// vector leaves the matrix only the elements inside are read
/// (`srcElements`) and the rest of the destination is zero-filled, from a
/// clamped in-bounds address when nothing is read.
static void asyncCopyPanel(KernelContext &ctx, const PanelCopy &p, Value row0,
                           Value col0, Value stage) {
  RewriterBase &rewriter = ctx.rewriter;
  Location loc = ctx.loc;
  IndexBuilder ib = ctx.ib();
  auto globalType = cast<MemRefType>(p.global.getType());
  Value bound[2] = {ib.c(globalType.getDimSize(0)),
                    ib.c(globalType.getDimSize(1))};
  auto tokenType = nvgpu::DeviceAsyncTokenType::get(rewriter.getContext());
  for (int64_t trip = 0; trip < p.trips(); ++trip) {
    Value live = p.getTripGuard(ib, ctx.tid, trip);
    emitUnder(rewriter, loc, live, [&]() {
      auto [r, c] = p.getPosition(ib, ctx.tid, trip);
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
        Value any = arith::CmpIOp::create(
            rewriter, loc, arith::CmpIPredicate::sgt, count, ib.c(0));
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
/// Step k waits until at most S-2 groups are in flight (so step k's panels
/// have landed). Steps beyond K issue no copies (a block-uniform branch)
/// but still commit a group, an empty one, so that the wait count holds.
class CpAsyncCopier final : public StageCopier {
public:
  explicit CpAsyncCopier(KernelContext &ctx)
      : StageCopier(ctx), aCopy(getPanelCopy(ctx, 0)),
        bCopy(getPanelCopy(ctx, 1)) {}

  void emitIssue(Value kAt, Value kUpper, Value stage) override {
    IndexBuilder ib = ctx.ib();
    emitUnder(ctx.rewriter, ctx.loc, ib.lt(kAt, kUpper), [&]() {
      asyncCopyPanel(ctx, aCopy, ctx.rowOrigin, kAt, stage);
      asyncCopyPanel(ctx, bCopy, kAt, ctx.colOrigin, stage);
    });
    auto tokenType =
        nvgpu::DeviceAsyncTokenType::get(ctx.rewriter.getContext());
    Value group = nvgpu::DeviceAsyncCreateGroupOp::create(
        ctx.rewriter, ctx.loc, tokenType, ValueRange{});
    if (++issued < ctx.plan.stages)
      token = group;
  }
  void emitWait(Value, Value) override {
    nvgpu::DeviceAsyncWaitOp::create(
        ctx.rewriter, ctx.loc, token,
        ctx.rewriter.getI32IntegerAttr(ctx.plan.stages - 2));
  }
  void emitDrain(Operation *loop) override {
    ctx.rewriter.setInsertionPointAfter(loop);
    nvgpu::DeviceAsyncWaitOp::create(ctx.rewriter, ctx.loc, token,
                                     ctx.rewriter.getI32IntegerAttr(0));
  }

private:
  PanelCopy aCopy, bCopy;
  /// The waits name the prologue's last group (the S-1 first issues).
  Value token;
  int64_t issued = 0;
};
} // namespace

std::unique_ptr<StageCopier>
mlir::tileopt::createCpAsyncCopier(KernelContext &ctx) {
  return std::make_unique<CpAsyncCopier>(ctx);
}
