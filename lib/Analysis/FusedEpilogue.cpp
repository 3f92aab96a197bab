//===- FusedEpilogue.cpp - Elementwise ops fused into a matmul's store ---===//
//
// See FusedEpilogue.h.
//
//===----------------------------------------------------------------------===//
#include "TileOpt/Analysis/FusedEpilogue.h"
#include "TileOpt/Analysis/MatmulProblem.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>

using namespace mlir;
using namespace mlir::tileopt;

StringRef mlir::tileopt::stringifyEpilogueIndex(EpilogueIndex index) {
  switch (index) {
  case EpilogueIndex::MN:
    return "mn";
  case EpilogueIndex::N:
    return "n";
  case EpilogueIndex::M:
    return "m";
  }
  return "mn";
}

StringRef mlir::tileopt::getEpilogueInputName(int64_t i) {
  static const char *names[kMaxEpilogueInputs] = {"E1", "E2", "E3", "E4",
                                                  "E5", "E6", "E7", "E8"};
  assert(i >= 0 && i < kMaxEpilogueInputs && "an epilogue has few inputs");
  return names[i];
}

/// The ops a program may hold and how many operands each takes.
static std::optional<int> getStepArity(StringRef op) {
  return llvm::StringSwitch<std::optional<int>>(op)
      .Cases({"negf", "truncf", "extf", "math.exp", "math.tanh",
              "math.erf", "math.sqrt", "math.rsqrt", "math.absf"},
             1)
      .Cases({"addf", "subf", "mulf", "divf", "maximumf", "minimumf",
              "maxnumf", "minnumf", "cmpf"},
             2)
      .Cases({"select", "math.fma"}, 3)
      .Case("constant", 0)
      .Default(std::nullopt);
}

static bool isStepCast(StringRef op) { return op == "truncf" || op == "extf"; }

int64_t FusedEpilogue::getOpsPerElement() const {
  int64_t ops = 0;
  for (const EpilogueStep &s : steps)
    ops += s.op != "constant" && !isStepCast(s.op);
  return ops;
}

bool FusedEpilogue::allowsApproximation() const {
  return outType && outType.getIntOrFloatBitWidth() == 16;
}

std::optional<FusedEpilogue::Approximation>
FusedEpilogue::getApproximation(const EpilogueStep &step) const {
  if (!allowsApproximation())
    return std::nullopt;
  // The bounds PTX promises for each instruction; exp's adds the rounding
  // of x log2(e), |x| 2^-24 relative for the |x| <= 88 f32 exp can take.
  // (Math functions of 16-bit values are computed in f32 as well.)
  if (step.op == "math.tanh")
    return Approximation{"tanh.approx.f32", std::exp2(-10.987)};
  if (step.op == "math.exp")
    return Approximation{"ex2.approx.ftz.f32", std::exp2(-17.0)};
  if (step.op == "divf" && step.type.isF32())
    return Approximation{"div.full.f32", std::exp2(-22.0)};
  return std::nullopt;
}

std::string FusedEpilogue::describe(StringRef matmul) const {
  SmallVector<std::string> text{matmul.str()};
  for (auto [i, in] : llvm::enumerate(inputs)) {
    StringRef at = in.index == EpilogueIndex::MN  ? "m, n]"
                   : in.index == EpilogueIndex::N ? "n]"
                                                  : "m]";
    text.push_back(
        (getEpilogueInputName(i) + (in.batched ? "[b, " : "[") + at).str());
  }
  auto infix = [](StringRef op) -> StringRef {
    return llvm::StringSwitch<StringRef>(op)
        .Case("addf", " + ")
        .Case("subf", " - ")
        .Case("mulf", " * ")
        .Case("divf", " / ")
        .Default("");
  };
  for (const EpilogueStep &s : steps) {
    std::string t;
    llvm::raw_string_ostream os(t);
    auto arg = [&](int i) -> const std::string & {
      return text[s.operands[i]];
    };
    if (s.op == "constant")
      os << llvm::format("%g", s.value);
    else if (!infix(s.op).empty())
      os << "(" << arg(0) << infix(s.op) << arg(1) << ")";
    else if (s.op == "negf")
      os << "-" << arg(0);
    else if (isStepCast(s.op))
      os << s.type << "(" << arg(0) << ")";
    else if (s.op == "cmpf")
      os << "(" << arg(0) << " " << s.predicate << " " << arg(1) << ")";
    else if (s.op == "select")
      os << "(" << arg(0) << " ? " << arg(1) << " : " << arg(2) << ")";
    else {
      os << StringRef(s.op).drop_front(StringRef(s.op).starts_with("math.") ? 5 : 0) << "(";
      llvm::interleave(s.operands, os, [&](int64_t v) { os << text[v]; },
                       ", ");
      os << ")";
    }
    text.push_back(t);
  }
  return text[result];
}

DictionaryAttr FusedEpilogue::toAttr(MLIRContext *ctx) const {
  Builder b(ctx);
  SmallVector<Attribute> ins, program;
  for (const EpilogueInput &in : inputs) {
    SmallVector<NamedAttribute> fields{
        b.getNamedAttr("index",
                       b.getStringAttr(stringifyEpilogueIndex(in.index))),
        b.getNamedAttr("type", TypeAttr::get(in.elementType))};
    if (in.batched)
      fields.push_back(b.getNamedAttr("batched", b.getUnitAttr()));
    ins.push_back(b.getDictionaryAttr(fields));
  }
  for (const EpilogueStep &s : steps) {
    SmallVector<NamedAttribute> fields{
        b.getNamedAttr("op", b.getStringAttr(s.op)),
        b.getNamedAttr("operands", b.getDenseI64ArrayAttr(s.operands)),
        b.getNamedAttr("type", TypeAttr::get(s.type))};
    if (s.op == "constant")
      fields.push_back(b.getNamedAttr("value", b.getF64FloatAttr(s.value)));
    if (s.op == "cmpf")
      fields.push_back(
          b.getNamedAttr("predicate", b.getStringAttr(s.predicate)));
    program.push_back(b.getDictionaryAttr(fields));
  }
  return b.getDictionaryAttr(
      {b.getNamedAttr("inputs", b.getArrayAttr(ins)),
       b.getNamedAttr("steps", b.getArrayAttr(program)),
       b.getNamedAttr("result", b.getI64IntegerAttr(result)),
       b.getNamedAttr("out_type", TypeAttr::get(outType))});
}

std::optional<FusedEpilogue> FusedEpilogue::fromAttr(DictionaryAttr attr) {
  if (!attr)
    return std::nullopt;
  auto ins = attr.getAs<ArrayAttr>("inputs");
  auto program = attr.getAs<ArrayAttr>("steps");
  auto result = attr.getAs<IntegerAttr>("result");
  auto outType = attr.getAs<TypeAttr>("out_type");
  if (!ins || !program || !result || !outType)
    return std::nullopt;
  FusedEpilogue e;
  for (Attribute a : ins) {
    auto d = dyn_cast<DictionaryAttr>(a);
    auto index = d ? d.getAs<StringAttr>("index") : StringAttr();
    auto type = d ? d.getAs<TypeAttr>("type") : TypeAttr();
    if (!index || !type)
      return std::nullopt;
    auto kind = llvm::StringSwitch<std::optional<EpilogueIndex>>(index)
                    .Case("mn", EpilogueIndex::MN)
                    .Case("n", EpilogueIndex::N)
                    .Case("m", EpilogueIndex::M)
                    .Default(std::nullopt);
    if (!kind || e.inputs.size() == kMaxEpilogueInputs)
      return std::nullopt;
    e.inputs.push_back(
        {*kind, type.getValue(), static_cast<bool>(d.get("batched"))});
  }
  int64_t defined = 1 + e.inputs.size();
  for (Attribute a : program) {
    auto d = dyn_cast<DictionaryAttr>(a);
    auto op = d ? d.getAs<StringAttr>("op") : StringAttr();
    auto operands = d ? d.getAs<DenseI64ArrayAttr>("operands")
                      : DenseI64ArrayAttr();
    auto type = d ? d.getAs<TypeAttr>("type") : TypeAttr();
    if (!op || !operands || !type)
      return std::nullopt;
    std::optional<int> arity = getStepArity(op);
    if (!arity || *arity != static_cast<int>(operands.size()) ||
        llvm::any_of(operands.asArrayRef(),
                     [&](int64_t v) { return v < 0 || v >= defined; }))
      return std::nullopt;
    EpilogueStep s{op.str(), SmallVector<int64_t, 3>(operands.asArrayRef()),
                   type.getValue()};
    if (auto value = d.getAs<FloatAttr>("value"))
      s.value = value.getValueAsDouble();
    if (auto predicate = d.getAs<StringAttr>("predicate"))
      s.predicate = predicate.str();
    if (s.op == "cmpf" && !arith::symbolizeCmpFPredicate(s.predicate))
      return std::nullopt;
    e.steps.push_back(std::move(s));
    ++defined;
  }
  e.result = result.getInt();
  e.outType = outType.getValue();
  if (e.result < 0 || e.result >= defined)
    return std::nullopt;
  return e;
}

//===----------------------------------------------------------------------===//
// Matching the chain
//===----------------------------------------------------------------------===//

static bool isFloatElement(Type t) { return t.isF32() || t.isF16() || t.isBF16(); }

/// The step name of a body op, or empty when a program cannot hold it.
static std::string getStepName(Operation *op) {
  StringRef name = op->getName().getStringRef();
  std::string step = name.starts_with("arith.") ? name.drop_front(6).str()
                                                : name.str();
  return getStepArity(step) ? step : std::string();
}

namespace {
/// Builds the chain's program one op at a time.
struct ChainBuilder {
  Operation *producer;
  /// The result's shape: batch (0 for a 2-D matmul), M, N.
  int64_t batch, m, n;
  EpilogueChain chain;
  /// The buffer holding the chain's value so far, and its program value.
  Value current;
  int64_t currentValue = 0;
  /// Buffers the chain reads and replaces; they must not be seen elsewhere.
  SmallVector<Value> temporaries;
  /// Roots of buffers the kernel reads (A, B, the inputs): not written.
  SmallVector<Value> readOnly;

  // While the chain grows, values are numbered 0 (x), 1, 2, ... (steps)
  // and -1, -2, ... (inputs); `finish` puts the inputs after x.
  int64_t nextValue() const { return 1 + chain.epilogue.steps.size(); }
  /// The value of input `v` indexed by `index` (added once).
  int64_t addInput(Value v, EpilogueIndex index, bool batched) {
    for (auto [i, in] : llvm::enumerate(chain.inputs))
      if (in == v && chain.epilogue.inputs[i].index == index &&
          chain.epilogue.inputs[i].batched == batched)
        return -1 - static_cast<int64_t>(i);
    chain.inputs.push_back(v);
    chain.epilogue.inputs.push_back(
        {index, cast<MemRefType>(v.getType()).getElementType(), batched});
    return -static_cast<int64_t>(chain.inputs.size());
  }
  /// The program's final numbering: x, the inputs, the steps.
  void finish() {
    int64_t inputs = chain.inputs.size();
    auto final = [&](int64_t v) { return v < 0 ? -v : v ? v + inputs : 0; };
    for (EpilogueStep &s : chain.epilogue.steps)
      for (int64_t &o : s.operands)
        o = final(o);
    chain.epilogue.result = final(currentValue);
  }
  LogicalResult append(linalg::LinalgOp op, llvm::raw_ostream &why);
};
} // namespace

/// How an input read through `map` indexes the result's element: (m, n),
/// (n) or (m), each of the batch's own (leading `b`) or, in a batch, the
/// same for every batch.
static std::optional<std::pair<EpilogueIndex, bool>>
classifyInputMap(AffineMap map, bool batch) {
  MLIRContext *ctx = map.getContext();
  unsigned rank = batch ? 3 : 2;
  AffineExpr b = getAffineDimExpr(0, ctx);
  AffineExpr m = getAffineDimExpr(rank - 2, ctx);
  AffineExpr n = getAffineDimExpr(rank - 1, ctx);
  for (bool batched : {false, true}) {
    if (batched && !batch)
      break;
    auto with = [&](std::initializer_list<AffineExpr> exprs) {
      SmallVector<AffineExpr> all;
      if (batched)
        all.push_back(b);
      all.append(exprs);
      return AffineMap::get(rank, 0, all, ctx);
    };
    if (map == with({m, n}))
      return std::make_pair(EpilogueIndex::MN, batched);
    if (map == with({n}))
      return std::make_pair(EpilogueIndex::N, batched);
    if (map == with({m}))
      return std::make_pair(EpilogueIndex::M, batched);
  }
  return std::nullopt;
}

LogicalResult ChainBuilder::append(linalg::LinalgOp op,
                                   llvm::raw_ostream &why) {
  unsigned rank = batch ? 3 : 2;
  StringRef result = batch ? "batch x M x N" : "M x N";
  if (!op.hasPureBufferSemantics() || op.getNumDpsInits() != 1 ||
      op.getNumLoops() != rank || op.getNumParallelLoops() != rank ||
      op.hasIndexSemantics()) {
    why << "it is not an elementwise op over the matmul's " << result
        << " result with one output";
    return failure();
  }
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  SmallVector<int64_t> expected{m, n};
  if (batch)
    expected.insert(expected.begin(), batch);
  if (ranges != expected) {
    why << "its iteration space is not the matmul's ";
    llvm::interleave(expected, why, " x ");
    return failure();
  }
  OpOperand *init = op.getDpsInitOperand(0);
  Value output = init->get();
  auto outType = dyn_cast<MemRefType>(output.getType());
  if (!op.getMatchingIndexingMap(init).isIdentity() || !outType ||
      !outType.getLayout().isIdentity() || outType.getMemorySpace() ||
      !isFloatElement(outType.getElementType())) {
    why << "its output is not a dense row-major f32, f16 or bf16 " << result
        << " buffer written in order";
    return failure();
  }
  if (llvm::is_contained(readOnly, getStorageRoot(output))) {
    why << "its output shares a buffer with a matrix the kernel reads";
    return failure();
  }
  Block *body = op.getBlock();
  DenseMap<Value, int64_t> values;
  for (OpOperand *in : op.getDpsInputOperands()) {
    Value v = in->get();
    AffineMap map = op.getMatchingIndexingMap(in);
    BlockArgument arg = op.getMatchingBlockArgument(in);
    if (v == current) {
      if (!map.isIdentity()) {
        why << "it reads the matmul's result other than elementwise";
        return failure();
      }
      values[arg] = currentValue;
      continue;
    }
    auto type = dyn_cast<MemRefType>(v.getType());
    std::optional<std::pair<EpilogueIndex, bool>> index =
        classifyInputMap(map, batch);
    if (!type || !index || !type.getLayout().isIdentity() ||
        type.getMemorySpace() || !isFloatElement(type.getElementType())) {
      why << "its input #" << in->getOperandNumber()
          << " is not a dense f32, f16 or bf16 M x N matrix or vector of N "
             "or M elements read at "
          << (batch ? "(b, m, n), (b, n), (b, m), (m, n), (n) or (m)"
                    : "(m, n), (n) or (m)");
      return failure();
    }
    if (getStorageRoot(v) == getStorageRoot(output) ||
        llvm::is_contained(temporaries, getStorageRoot(v))) {
      why << "its input #" << in->getOperandNumber()
          << " shares a buffer with a result it writes";
      return failure();
    }
    if (chain.inputs.size() == kMaxEpilogueInputs &&
        !llvm::is_contained(chain.inputs, v)) {
      why << "the chain reads more than " << kMaxEpilogueInputs
          << " buffers besides the matmul's result";
      return failure();
    }
    values[arg] = addInput(v, index->first, index->second);
    readOnly.push_back(getStorageRoot(v));
  }
  // The output's earlier contents: the matmul's result where the op
  // updates it in place, else nothing it may read.
  BlockArgument outArg = op.getMatchingBlockArgument(init);
  if (output == current)
    values[outArg] = currentValue;
  else if (!outArg.use_empty()) {
    why << "it reads its output's earlier contents";
    return failure();
  }
  if (!llvm::is_contained(op->getOperands(), current) ||
      (output == current && outArg.use_empty() &&
       !llvm::is_contained(op.getDpsInputs(), current))) {
    why << "it does not read the matmul's result";
    return failure();
  }
  for (Operation &inner : body->without_terminator()) {
    std::string name = getStepName(&inner);
    if (name.empty() || inner.getNumResults() != 1 ||
        inner.getNumRegions() != 0) {
      why << "its body holds '" << inner.getName()
          << "', which a fused epilogue does not compute";
      return failure();
    }
    EpilogueStep step{name, {}, inner.getResult(0).getType()};
    if (!isFloatElement(step.type) &&
        !(name == "cmpf" && step.type.isInteger(1))) {
      why << "its body computes a value of type " << step.type;
      return failure();
    }
    for (Value operand : inner.getOperands()) {
      auto it = values.find(operand);
      if (it != values.end()) {
        step.operands.push_back(it->second);
        continue;
      }
      // A scalar constant from outside the body joins the program.
      FloatAttr constant;
      if (!matchPattern(operand, m_Constant(&constant)) ||
          !isFloatElement(operand.getType())) {
        why << "its body uses a value from outside it that is not a float "
               "constant";
        return failure();
      }
      values[operand] = nextValue();
      chain.epilogue.steps.push_back(
          {"constant", {}, operand.getType(), constant.getValueAsDouble()});
      step.operands.push_back(values[operand]);
    }
    if (name == "constant") {
      auto value = dyn_cast<FloatAttr>(cast<arith::ConstantOp>(inner).getValue());
      if (!value) {
        why << "its body holds a constant that is not a float";
        return failure();
      }
      step.value = value.getValueAsDouble();
    }
    if (auto cmp = dyn_cast<arith::CmpFOp>(inner))
      step.predicate = arith::stringifyCmpFPredicate(cmp.getPredicate()).str();
    values[inner.getResult(0)] = nextValue();
    chain.epilogue.steps.push_back(std::move(step));
  }
  Value yielded = body->getTerminator()->getOperand(0);
  auto it = values.find(yielded);
  if (it == values.end()) {
    why << "it yields a value from outside its body";
    return failure();
  }
  if (output != current)
    temporaries.push_back(getStorageRoot(current));
  current = output;
  currentValue = it->second;
  return success();
}

/// Whether every use of `buffer` is one of `allowed`'s, inside `producer`,
/// the zero fill before `producer`, or a deallocation, through its
/// collapsed views (a batch folded into M).
static bool isPrivate(Value buffer, Operation *producer,
                      ArrayRef<linalg::LinalgOp> allowed) {
  if (!buffer.getDefiningOp<memref::AllocOp>())
    return false;
  SmallVector<Value> views{buffer};
  while (!views.empty())
    for (Operation *user : views.pop_back_val().getUsers()) {
      if (producer->isAncestor(user) || isa<memref::DeallocOp>(user) ||
          llvm::is_contained(allowed, user))
        continue;
      if (user == producer->getPrevNode() && isa<linalg::FillOp>(user))
        continue;
      if (isa<memref::CollapseShapeOp>(user)) {
        views.push_back(user->getResult(0));
        continue;
      }
      return false;
    }
  return true;
}

std::optional<EpilogueChain>
mlir::tileopt::matchEpilogueChain(Operation *producer, Value c,
                                  ValueRange operands, bool accumulate,
                                  std::string &why, Operation *&refused) {
  // (A batched matmul's C: batch x M x N, `producer` its batch loop.)
  auto cType = cast<MemRefType>(c.getType());
  ArrayRef<int64_t> shape = cType.getShape();
  ChainBuilder builder{producer, shape.size() == 3 ? shape[0] : 0,
                       shape[shape.size() - 2], shape.back()};
  for (Value v : operands)
    builder.readOnly.push_back(getStorageRoot(v));
  builder.current = c;
  refused = nullptr;
  llvm::raw_string_ostream os(why);
  SmallVector<Operation *> between;
  for (Operation *op = producer->getNextNode(); op; op = op->getNextNode()) {
    // New buffers and pure values between the ops do not touch the data.
    if (isa<memref::AllocOp>(op) || isPure(op)) {
      between.push_back(op);
      continue;
    }
    // A contraction (the next layer's matmul) is a kernel of its own, not
    // a candidate.
    auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
    if (!linalgOp || !llvm::is_contained(op->getOperands(), builder.current) ||
        linalg::isaContractionOpInterface(linalgOp))
      break;
    ChainBuilder next = builder;
    if (failed(next.append(linalgOp, os))) {
      refused = op;
      break;
    }
    next.chain.ops.push_back(linalgOp);
    // C += A * B reads C: the kernel writes its result back there.
    if (accumulate && next.current != c) {
      os << "the matmul adds to C, and the kernel would have to read C and "
            "write another buffer; compute C = A * B and add C's old value "
            "in the epilogue instead";
      refused = op;
      break;
    }
    bool hidden = llvm::all_of(next.temporaries, [&](Value t) {
      return isPrivate(t, producer, next.chain.ops);
    });
    if (!hidden) {
      os << "the matmul's result (or an intermediate one) is also read or "
            "returned elsewhere, and the kernel writes only the last";
      refused = op;
      break;
    }
    builder = std::move(next);
    builder.chain.between.append(between);
    between.clear();
  }
  if (builder.chain.ops.empty())
    return std::nullopt;
  builder.finish();
  EpilogueChain chain = std::move(builder.chain);
  chain.output = builder.current;
  chain.epilogue.outType =
      cast<MemRefType>(chain.output.getType()).getElementType();
  chain.temporaries = std::move(builder.temporaries);
  return chain;
}

void mlir::tileopt::hoistEpilogueBuffers(RewriterBase &rewriter,
                                         EpilogueChain &chain,
                                         Operation *producer) {
  for (Operation *op : chain.between)
    rewriter.moveOpBefore(op, producer);
  chain.between.clear();
}

void mlir::tileopt::eraseFusedEpilogue(RewriterBase &rewriter,
                                       const EpilogueChain &chain) {
  for (linalg::LinalgOp op : llvm::reverse(chain.ops))
    rewriter.eraseOp(op);
  for (Value buffer : chain.temporaries) {
    auto alloc = buffer.getDefiningOp<memref::AllocOp>();
    if (!alloc)
      continue;
    SmallVector<Operation *> users(buffer.getUsers());
    if (!llvm::all_of(users, [](Operation *u) {
          return isa<memref::DeallocOp, linalg::FillOp>(u);
        }))
      continue;
    for (Operation *u : users)
      rewriter.eraseOp(u);
    rewriter.eraseOp(alloc);
  }
}
