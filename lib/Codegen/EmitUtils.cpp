//===- EmitUtils.cpp - Small IR-building helpers of the kernel parts ------===//
//
// See EmitUtils.h.
//
//===----------------------------------------------------------------------===//
#include "TileOpt/Codegen/EmitUtils.h"
#include "TileOpt/Analysis/MatmulProblem.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;
using namespace mlir::tileopt;

Value IndexBuilder::value(OpFoldResult ofr) {
  return getValueOrCreateConstantIndexOp(b, loc, ofr);
}

Value IndexBuilder::eq(Value x, Value y) {
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, x, y);
}

Value IndexBuilder::ne(Value x, Value y) {
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, x, y);
}

Value IndexBuilder::lt(Value x, Value y) {
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, x, y);
}

Value IndexBuilder::ge(Value x, Value y) {
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge, x, y);
}

Value IndexBuilder::land(Value x, Value y) {
  if (!x)
    return y;
  if (!y)
    return x;
  return arith::AndIOp::create(b, loc, x, y);
}

Value IndexBuilder::bound(Value index, OpFoldResult size, int64_t bound) {
  std::optional<int64_t> s = getConstantIntValue(size);
  if (s && *s >= bound)
    return Value();
  return lt(index, value(size));
}

SmallVector<Value>
mlir::tileopt::emitGuarded(RewriterBase &rewriter, Location loc, Value cond,
                           TypeRange types,
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
    zeros.push_back(
        arith::ConstantOp::create(rewriter, loc, rewriter.getZeroAttr(t)));
  scf::YieldOp::create(rewriter, loc, zeros);
  rewriter.setInsertionPointAfter(ifOp);
  return SmallVector<Value>(ifOp.getResults());
}

void mlir::tileopt::emitUnder(RewriterBase &rewriter, Location loc, Value cond,
                              function_ref<void()> then,
                              function_ref<void()> otherwise) {
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

Value mlir::tileopt::getDynamicSharedView(RewriterBase &rewriter, Location loc,
                                          MemRefType type, int64_t offset,
                                          Value bytes) {
  if (!bytes)
    bytes = gpu::DynamicSharedMemoryOp::create(
        rewriter, loc,
        MemRefType::get({ShapedType::kDynamic}, rewriter.getI8Type(),
                        MemRefLayoutAttrInterface(), type.getMemorySpace()));
  return memref::ViewOp::create(
      rewriter, loc, type, bytes,
      arith::ConstantIndexOp::create(rewriter, loc, offset), ValueRange{});
}

Value mlir::tileopt::getTripGuard(IndexBuilder &ib, int64_t total,
                                  int64_t numThreads, Value tid, int64_t trip) {
  if ((trip + 1) * numThreads <= total)
    return Value();
  return ib.lt(ib.add(ib.c(trip * numThreads), tid), ib.c(total));
}

SmallVector<Value> mlir::tileopt::getStagedIndex(Value stage, Value i,
                                                 Value j) {
  if (stage)
    return {stage, i, j};
  return {i, j};
}

Attribute mlir::tileopt::getWorkgroupSpace(MLIRContext *ctx) {
  return gpu::AddressSpaceAttr::get(
      ctx, gpu::GPUDialect::getWorkgroupAddressSpace());
}

Value mlir::tileopt::emitTF32Bits(RewriterBase &rewriter, Location loc,
                                  Value value) {
  return NVVM::ConvertFloatToTF32Op::create(
      rewriter, loc, rewriter.getI32Type(), value, NVVM::FPRoundingMode::RNA);
}

Value mlir::tileopt::emitStageAddress(RewriterBase &rewriter, Location loc,
                                      Value buffer, Value stage) {
  IndexBuilder ib{rewriter, loc};
  auto type = cast<MemRefType>(buffer.getType());
  int64_t stageBytes = type.getNumElements() / type.getDimSize(0) *
                       getElementBytes(type.getElementType());
  Value base =
      memref::ExtractAlignedPointerAsIndexOp::create(rewriter, loc, buffer);
  Value address = ib.add(base, ib.mul(stage, ib.c(stageBytes)));
  return arith::IndexCastOp::create(rewriter, loc, rewriter.getI64Type(),
                                    address);
}
