//===- MatmulProblem.cpp - What tile-opt can compile ---------------------===//
//
// Extracts (M, N, K, element type) from a `linalg.matmul` and rejects, with a
// diagnostic at the op, everything tile-opt does not compile yet.
//
//===----------------------------------------------------------------------===//
#include "TileOpt/Analysis/MatmulProblem.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::tileopt;

DictionaryAttr MatmulProblem::toAttr(MLIRContext *ctx) const {
  Builder b(ctx);
  return b.getDictionaryAttr({
      b.getNamedAttr("m", b.getI64IntegerAttr(m)),
      b.getNamedAttr("n", b.getI64IntegerAttr(n)),
      b.getNamedAttr("k", b.getI64IntegerAttr(k)),
      b.getNamedAttr("element_type", TypeAttr::get(elementType)),
      b.getNamedAttr("accumulate", b.getBoolAttr(accumulate)),
  });
}

std::optional<MatmulProblem> MatmulProblem::fromAttr(DictionaryAttr attr) {
  if (!attr)
    return std::nullopt;
  auto m = attr.getAs<IntegerAttr>("m");
  auto n = attr.getAs<IntegerAttr>("n");
  auto k = attr.getAs<IntegerAttr>("k");
  auto type = attr.getAs<TypeAttr>("element_type");
  auto acc = attr.getAs<BoolAttr>("accumulate");
  if (!m || !n || !k || !type || !acc)
    return std::nullopt;
  MatmulProblem p;
  p.m = m.getInt();
  p.n = n.getInt();
  p.k = k.getInt();
  p.elementType = type.getValue();
  p.accumulate = acc.getValue();
  return p;
}

FailureOr<MatmulProblem>
mlir::tileopt::getSupportedMatmulProblem(linalg::MatmulOp matmul) {
  if (matmul.hasUserDefinedMaps())
    return matmul.emitOpError()
           << "with user-defined indexing maps (transposed or broadcast "
              "operands) is not supported yet: tile-opt compiles row-major "
              "C[M,N] = A[M,K] * B[K,N]";
  Value operands[3] = {matmul.getDpsInputs()[0], matmul.getDpsInputs()[1],
                       matmul.getDpsInits()[0]};
  static const char *names[3] = {"A", "B", "C"};
  Type elementType;
  for (auto [value, name] : llvm::zip(operands, names)) {
    auto shaped = dyn_cast<ShapedType>(value.getType());
    if (!shaped || !shaped.hasRank() || shaped.getRank() != 2)
      return matmul.emitOpError() << "operand " << name
                                  << " must be a 2-D tensor or memref";
    if (!shaped.hasStaticShape())
      return matmul.emitOpError()
             << "operand " << name << " has dynamic shape " << shaped
             << ": tile-opt needs static shapes";
    if (!shaped.getElementType().isF32())
      return matmul.emitOpError()
             << "operand " << name << " has element type "
             << shaped.getElementType()
             << ", which is not supported yet (supported: f32)";
    if (auto memref = dyn_cast<MemRefType>(shaped)) {
      if (!memref.getLayout().isIdentity())
        return matmul.emitOpError()
               << "operand " << name << " has layout " << memref.getLayout()
               << ": kernels take dense row-major buffers (identity layout)";
    }
    elementType = shaped.getElementType();
  }
  auto a = cast<ShapedType>(operands[0].getType());
  auto c = cast<ShapedType>(operands[2].getType());
  MatmulProblem p;
  p.m = c.getDimSize(0);
  p.n = c.getDimSize(1);
  p.k = a.getDimSize(1);
  p.elementType = elementType;
  if (p.m < 1 || p.n < 1 || p.k < 1)
    return matmul.emitOpError() << "has an empty dimension (M = " << p.m
                                << ", N = " << p.n << ", K = " << p.k << ")";
  return p;
}

bool mlir::tileopt::startsFromZero(linalg::MatmulOp matmul) {
  if (matmul.hasPureBufferSemantics())
    return static_cast<bool>(getFoldableZeroFill(matmul));
  auto fill = matmul.getDpsInits()[0].getDefiningOp<linalg::FillOp>();
  return fill && matchPattern(fill.getInputs()[0], m_AnyZeroFloat());
}

linalg::FillOp mlir::tileopt::getFoldableZeroFill(linalg::MatmulOp matmul) {
  auto fill = dyn_cast_or_null<linalg::FillOp>(matmul->getPrevNode());
  if (!fill || !fill.hasPureBufferSemantics() ||
      fill.getDpsInits()[0] != matmul.getDpsInits()[0])
    return {};
  if (!matchPattern(fill.getInputs()[0], m_AnyZeroFloat()))
    return {};
  return fill;
}

