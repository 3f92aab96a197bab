//===- EpilogueProgram.cpp - A fused epilogue's program as ops --------===//
//
// The kernel side of FusedEpilogue (TileOpt/Analysis/FusedEpilogue.h): the
// program rebuilt from arith and math ops, and the math functions it leaves
// lowered without libdevice.
//
//===----------------------------------------------------------------------===//
#include "TileOpt/Analysis/FusedEpilogue.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include <cmath>

using namespace mlir;
using namespace mlir::tileopt;

/// Inline PTX on purpose: one f32 instruction for a math op that has no
/// NVVM op, where the GPU-to-NVVM conversion would call libdevice (and the
/// PTX then depend on finding it at compile time) and refuses the LLVM
/// intrinsics that convert-math-to-llvm makes.
static Value emitF32Instruction(OpBuilder &b, Location loc, StringRef ptx,
                                ValueRange operands) {
  return NVVM::InlinePtxOp::create(b, loc, TypeRange{b.getF32Type()},
                                   operands, ValueRange{}, ptx, Value())
      .getResult(0);
}

/// `step` as its approximate instruction (FusedEpilogue::getApproximation)
/// on f32 operands.
static Value emitApproximation(OpBuilder &b, Location loc,
                               const EpilogueStep &step, ValueRange in) {
  if (step.op == "math.tanh")
    return emitF32Instruction(b, loc, "tanh.approx.f32 $0, $1;", in);
  if (step.op == "divf")
    return emitF32Instruction(b, loc, "div.full.f32 $0, $1, $2;", in);
  // exp(x) = 2^(x log2(e)).
  Value log2e = arith::ConstantOp::create(
      b, loc, b.getF32FloatAttr(static_cast<float>(M_LOG2E)));
  Value t = arith::MulFOp::create(b, loc, in[0], log2e);
  return emitF32Instruction(b, loc, "ex2.approx.ftz.f32 $0, $1;", t);
}

Value FusedEpilogue::emit(OpBuilder &b, Location loc, Value x,
                          ValueRange inputValues) const {
  SmallVector<Value> values{x};
  llvm::append_range(values, inputValues);
  Type f32 = b.getF32Type();
  // Math functions (and approximate instructions) of 16-bit values are
  // computed in f32 and rounded once.
  auto inF32 = [&](ValueRange operands, Type type,
                   function_ref<Value(ValueRange)> compute) -> Value {
    SmallVector<Value, 3> wide;
    for (Value v : operands)
      wide.push_back(v.getType() == f32 ? v
                                        : arith::ExtFOp::create(b, loc, f32, v));
    Value r = compute(wide);
    return type == f32 ? r : arith::TruncFOp::create(b, loc, type, r);
  };
  auto math = [&](auto tag, ValueRange operands, Type type) {
    using OpTy = decltype(tag);
    return inF32(operands, type, [&](ValueRange wide) -> Value {
      return OpTy::create(b, loc, wide);
    });
  };
  auto contract = arith::FastMathFlagsAttr::get(
      b.getContext(), allowsApproximation() ? arith::FastMathFlags::contract
                                            : arith::FastMathFlags::none);
  for (const EpilogueStep &s : steps) {
    SmallVector<Value, 3> in;
    for (int64_t v : s.operands)
      in.push_back(values[v]);
    StringRef op = s.op;
    Value r;
    if (getApproximation(s))
      r = inF32(in, s.type, [&](ValueRange wide) {
        return emitApproximation(b, loc, s, wide);
      });
    else if (op == "constant")
      r = arith::ConstantOp::create(b, loc, b.getFloatAttr(s.type, s.value));
    else if (op == "addf")
      r = arith::AddFOp::create(b, loc, in[0], in[1], contract);
    else if (op == "subf")
      r = arith::SubFOp::create(b, loc, in[0], in[1], contract);
    else if (op == "mulf")
      r = arith::MulFOp::create(b, loc, in[0], in[1], contract);
    else if (op == "divf")
      r = arith::DivFOp::create(b, loc, in[0], in[1]);
    else if (op == "maximumf")
      r = arith::MaximumFOp::create(b, loc, in[0], in[1]);
    else if (op == "minimumf")
      r = arith::MinimumFOp::create(b, loc, in[0], in[1]);
    else if (op == "maxnumf")
      r = arith::MaxNumFOp::create(b, loc, in[0], in[1]);
    else if (op == "minnumf")
      r = arith::MinNumFOp::create(b, loc, in[0], in[1]);
    else if (op == "negf")
      r = arith::NegFOp::create(b, loc, in[0]);
    else if (op == "truncf")
      r = arith::TruncFOp::create(b, loc, s.type, in[0]);
    else if (op == "extf")
      r = arith::ExtFOp::create(b, loc, s.type, in[0]);
    else if (op == "cmpf")
      r = arith::CmpFOp::create(
          b, loc, *arith::symbolizeCmpFPredicate(s.predicate), in[0], in[1]);
    else if (op == "select")
      r = arith::SelectOp::create(b, loc, in[0], in[1], in[2]);
    else if (op == "math.exp")
      r = math(math::ExpOp(), in, s.type);
    else if (op == "math.tanh")
      r = math(math::TanhOp(), in, s.type);
    else if (op == "math.erf")
      r = math(math::ErfOp(), in, s.type);
    else if (op == "math.sqrt")
      r = math(math::SqrtOp(), in, s.type);
    else if (op == "math.rsqrt")
      r = math(math::RsqrtOp(), in, s.type);
    else if (op == "math.absf")
      r = math(math::AbsFOp(), in, s.type);
    else if (op == "math.fma")
      r = math::FmaOp::create(b, loc, in[0], in[1], in[2]);
    assert(r && "fromAttr and the matcher admit only these ops");
    values.push_back(r);
  }
  return values[result];
}

void mlir::tileopt::approximateEpilogueMath(Operation *root) {
  // exp, tanh and erf as upstream's polynomials of arith ops (the program
  // computes math functions in f32).
  auto approximated = [](StringRef name) {
    return name == math::ExpOp::getOperationName() ||
           name == math::TanhOp::getOperationName() ||
           name == math::ErfOp::getOperationName();
  };
  RewritePatternSet patterns(root->getContext());
  populateMathPolynomialApproximationPatterns(patterns, approximated);
  GreedyRewriteConfig config;
  config.enableFolding(false);
  config.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
  (void)applyPatternsGreedily(root, std::move(patterns), config);
  // What they and the program leave: |x|, floor, square roots.
  SmallVector<Operation *> ops;
  root->walk([&](Operation *op) {
    if (isa<math::AbsFOp, math::FloorOp, math::SqrtOp, math::RsqrtOp>(op) &&
        op->getResult(0).getType().isF32())
      ops.push_back(op);
  });
  for (Operation *op : ops) {
    OpBuilder b(op);
    Location loc = op->getLoc();
    Value x = op->getOperand(0), r;
    if (isa<math::AbsFOp>(op))
      r = emitF32Instruction(b, loc, "abs.f32 $0, $1;", {x});
    else if (isa<math::FloorOp>(op))
      r = emitF32Instruction(b, loc, "cvt.rmi.f32.f32 $0, $1;", {x});
    else
      r = emitF32Instruction(b, loc, "sqrt.rn.f32 $0, $1;", {x});
    if (isa<math::RsqrtOp>(op))
      r = arith::DivFOp::create(
          b, loc, arith::ConstantOp::create(b, loc, b.getF32FloatAttr(1)), r);
    op->getResult(0).replaceAllUsesWith(r);
    op->erase();
  }
}
