//===- RegisterCopier.cpp - Panels through registers ----------------------===//
//
// The register copier: every thread loads its share of a panel from global
// memory (vectors where aligned, zeros outside the matrix) and stores it
// into a stage, transposing A when the plan stages it K-major.
//
//===----------------------------------------------------------------------===//
#include "TileOpt/Codegen/PanelCopier.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::tileopt;

Type PanelCopy::valueType() const {
  Type element = cast<MemRefType>(global.getType()).getElementType();
  return width == 1 ? element : Type(VectorType::get({width}, element));
}

PanelCopy mlir::tileopt::getPanelCopy(const KernelContext &ctx, int operand) {
  ConfigAttr config = ctx.config();
  const OperandCopy &copy = ctx.plan.copy[operand];
  int64_t bk = config.getBK();
  if (operand == 0)
    return PanelCopy{ctx.globalA, ctx.panels[0],
                     copy.layout == PanelLayout::Transposed,
                     config.getBM(), bk, copy.width, copy.checkRows,
                     copy.checkCols, ctx.plan.numThreads};
  return PanelCopy{ctx.globalB, ctx.panels[1], /*transposed=*/false,
                   bk, config.getBN(), copy.width, copy.checkRows,
                   copy.checkCols, ctx.plan.numThreads};
}

OperandSource StageCopier::getSource(int operand, Value stage) {
  return {ctx.panels[operand], stage};
}

std::pair<Value, Value> PanelCopy::getPosition(IndexBuilder &ib, Value tid,
                                               int64_t trip) const {
  Value idx = ib.add(ib.c(trip * numThreads), tid);
  Value r = arith::DivUIOp::create(ib.b, ib.loc, idx, ib.c(vectorsPerRow()));
  Value c = ib.mul(
      arith::RemUIOp::create(ib.b, ib.loc, idx, ib.c(vectorsPerRow())),
      ib.c(width));
  return {r, c};
}

SmallVector<Value> mlir::tileopt::loadPanel(KernelContext &ctx,
                                            const PanelCopy &p, Value row0,
                                            Value col0) {
  RewriterBase &rewriter = ctx.rewriter;
  Location loc = ctx.loc;
  IndexBuilder ib = ctx.ib();
  auto globalType = cast<MemRefType>(p.global.getType());
  Type elementType = globalType.getElementType();
  Type valueType = p.valueType();
  Value bound[2] = {ib.c(globalType.getDimSize(0)),
                    ib.c(globalType.getDimSize(1))};
  SmallVector<Value> values;
  for (int64_t trip = 0; trip < p.trips(); ++trip) {
    auto [r, c] = p.getPosition(ib, ctx.tid, trip);
    Value gr = ib.add(row0, r), gc = ib.add(col0, c);
    Value live = p.getTripGuard(ib, ctx.tid, trip);
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

/// As vectors, or element by element at transposed positions for the
/// K-major A panel.
void mlir::tileopt::storePanel(KernelContext &ctx, const PanelCopy &p,
                               ArrayRef<Value> values, Value stage) {
  RewriterBase &rewriter = ctx.rewriter;
  Location loc = ctx.loc;
  IndexBuilder ib = ctx.ib();
  auto at = [&](Value i, Value j) { return getStagedIndex(stage, i, j); };
  for (int64_t trip = 0; trip < p.trips(); ++trip) {
    Value live = p.getTripGuard(ib, ctx.tid, trip);
    auto store = [&]() {
      auto [r, c] = p.getPosition(ib, ctx.tid, trip);
      Value v = values[trip];
      if (p.width > 1 && !p.transposed) {
        vector::StoreOp::create(rewriter, loc, v, p.buffer, at(r, c),
                                /*nontemporal=*/false,
                                llvm::MaybeAlign(p.width * 4));
        return;
      }
      for (int64_t e = 0; e < p.width; ++e) {
        Value x =
            p.width == 1 ? v : vector::ExtractOp::create(rewriter, loc, v, e);
        Value ce = ib.add(c, ib.c(e));
        memref::StoreOp::create(rewriter, loc, x, p.buffer,
                                p.transposed ? at(ce, r) : at(r, ce));
      }
    };
    emitUnder(rewriter, loc, live, store);
  }
}
