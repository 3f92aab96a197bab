//===- MatmulProblem.cpp - What tile-opt can compile ---------------------===//
//
// Extracts (M, N, K, element type) from a `linalg.matmul` and rejects, with a
// diagnostic at the op, everything tile-opt does not compile yet.
//
//===----------------------------------------------------------------------===//
#include "TileOpt/Analysis/MatmulProblem.h"

#include "TileOpt/Analysis/Target.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/Support/CheckedArithmetic.h"

using namespace mlir;
using namespace mlir::tileopt;

std::string mlir::tileopt::getTypeName(Type type) {
  std::string text;
  llvm::raw_string_ostream(text) << type;
  return text;
}

int64_t mlir::tileopt::getElementBytes(Type elementType) {
  return (elementType.getIntOrFloatBitWidth() + 7) / 8;
}

/// The `tile.problem` fields of A's, B's and C's windows.
static constexpr const char *kWindowAttrNames[3] = {"window_a", "window_b",
                                                    "window_c"};

DictionaryAttr MatmulProblem::toAttr(MLIRContext *ctx) const {
  Builder b(ctx);
  SmallVector<NamedAttribute> fields = {
      b.getNamedAttr("m", b.getI64IntegerAttr(m)),
      b.getNamedAttr("n", b.getI64IntegerAttr(n)),
      b.getNamedAttr("k", b.getI64IntegerAttr(k)),
      b.getNamedAttr("element_type", TypeAttr::get(elementType)),
      b.getNamedAttr("c_type", TypeAttr::get(getCType())),
      b.getNamedAttr("accumulate", b.getBoolAttr(accumulate)),
  };
  // Transposed operands only: absent means row-major.
  if (layout.transposeA)
    fields.push_back(b.getNamedAttr("transpose_a", b.getUnitAttr()));
  if (layout.transposeB)
    fields.push_back(b.getNamedAttr("transpose_b", b.getUnitAttr()));
  if (batch)
    fields.push_back(b.getNamedAttr("batch", b.getI64IntegerAttr(batch)));
  if (broadcastA)
    fields.push_back(b.getNamedAttr("broadcast_a", b.getUnitAttr()));
  if (broadcastB)
    fields.push_back(b.getNamedAttr("broadcast_b", b.getUnitAttr()));
  for (auto [window, name] : llvm::zip(windows, kWindowAttrNames))
    if (window)
      fields.push_back(b.getNamedAttr(
          name, b.getDictionaryAttr(
                    {b.getNamedAttr("buffer_shape", b.getDenseI64ArrayAttr(
                                                        window->bufferShape)),
                     b.getNamedAttr("offset",
                                    b.getI64IntegerAttr(window->offset)),
                     b.getNamedAttr("strides", b.getDenseI64ArrayAttr(
                                                   window->strides))})));
  if (epilogue)
    fields.push_back(b.getNamedAttr("epilogue", epilogue->toAttr(ctx)));
  return b.getDictionaryAttr(fields);
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
  if (auto cType = attr.getAs<TypeAttr>("c_type"))
    p.cType = cType.getValue();
  p.layout.transposeA = static_cast<bool>(attr.get("transpose_a"));
  p.layout.transposeB = static_cast<bool>(attr.get("transpose_b"));
  if (auto batch = attr.getAs<IntegerAttr>("batch")) {
    p.batch = batch.getInt();
    if (p.batch < 1)
      return std::nullopt;
  }
  p.broadcastA = static_cast<bool>(attr.get("broadcast_a"));
  p.broadcastB = static_cast<bool>(attr.get("broadcast_b"));
  if ((p.broadcastA || p.broadcastB) &&
      (!p.batch || p.broadcastA == p.broadcastB))
    return std::nullopt;
  for (auto [window, name] : llvm::zip(p.windows, kWindowAttrNames)) {
    Attribute field = attr.get(name);
    if (!field)
      continue;
    auto dict = dyn_cast<DictionaryAttr>(field);
    auto shape = dict ? dict.getAs<DenseI64ArrayAttr>("buffer_shape") : nullptr;
    auto offset = dict ? dict.getAs<IntegerAttr>("offset") : nullptr;
    auto strides = dict ? dict.getAs<DenseI64ArrayAttr>("strides") : nullptr;
    if (!shape || !offset || !strides)
      return std::nullopt;
    window = OperandWindow{llvm::to_vector<3>(shape.asArrayRef()),
                           offset.getInt(),
                           llvm::to_vector<3>(strides.asArrayRef())};
  }
  p.layout.windowB = p.windows[1].has_value();
  if (Attribute e = attr.get("epilogue")) {
    p.epilogue = FusedEpilogue::fromAttr(dyn_cast<DictionaryAttr>(e));
    if (!p.epilogue)
      return std::nullopt;
  }
  return p;
}

std::optional<OperandLayout>
mlir::tileopt::getOperandLayout(linalg::MatmulOp matmul) {
  if (!matmul.hasUserDefinedMaps())
    return OperandLayout();
  // (m, n, k): A (m, k) or (k, m), B (k, n) or (n, k), C (m, n).
  SmallVector<AffineMap> maps = matmul.getIndexingMapsArray();
  MLIRContext *ctx = matmul.getContext();
  auto map = [&](unsigned first, unsigned second) {
    return AffineMap::get(
        3, 0, {getAffineDimExpr(first, ctx), getAffineDimExpr(second, ctx)},
        ctx);
  };
  if (maps.size() != 3 || maps[2] != map(0, 1))
    return std::nullopt;
  OperandLayout layout;
  if (maps[0] == map(2, 0))
    layout.transposeA = true;
  else if (maps[0] != map(0, 2))
    return std::nullopt;
  if (maps[1] == map(1, 2))
    layout.transposeB = true;
  else if (maps[1] != map(2, 1))
    return std::nullopt;
  return layout;
}

Value mlir::tileopt::getStorageRoot(Value v) {
  while (auto view = v.getDefiningOp<ViewLikeOpInterface>())
    v = view.getViewSource();
  return v;
}

FailureOr<std::pair<Value, OperandWindow>>
mlir::tileopt::getOperandWindow(Value v, std::string &why) {
  llvm::raw_string_ostream os(why);
  auto type = cast<MemRefType>(v.getType());
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(type.getStridesAndOffset(strides, offset)) ||
      ShapedType::isDynamic(offset) ||
      llvm::any_of(strides, ShapedType::isDynamic) || strides.back() != 1) {
    os << "has layout " << type.getLayout()
       << ": kernels take a matrix of a buffer at a static offset, with "
          "static strides and contiguous rows";
    return failure();
  }
  // Rows (and batches) apart, so that no element is another's: the last
  // element of each row (batch) comes before the next one's first.
  ArrayRef<int64_t> shape = type.getShape();
  for (size_t d = 0; d + 1 < shape.size(); ++d)
    if (strides[d] < strides[d + 1] * shape[d + 1]) {
      os << "has layout " << type.getLayout() << ": its dimension " << d
         << " overlaps the next (stride " << strides[d] << " < "
         << strides[d + 1] << " x " << shape[d + 1] << ")";
      return failure();
    }
  // Ops that keep the base address: offsets and strides count from the
  // buffer's first element.
  Value root = v;
  while (Operation *op = root.getDefiningOp()) {
    if (auto subview = dyn_cast<memref::SubViewOp>(op))
      root = subview.getSource();
    else if (auto cast = dyn_cast<memref::CastOp>(op))
      root = cast.getSource();
    else if (auto reinterpret = dyn_cast<memref::ReinterpretCastOp>(op))
      root = reinterpret.getSource();
    else if (auto collapse = dyn_cast<memref::CollapseShapeOp>(op))
      root = collapse.getSrc();
    else if (auto expand = dyn_cast<memref::ExpandShapeOp>(op))
      root = expand.getSrc();
    else
      break;
  }
  auto rootType = dyn_cast<MemRefType>(root.getType());
  if (!rootType || !rootType.getLayout().isIdentity() ||
      !rootType.hasStaticShape() ||
      rootType.getElementType() != type.getElementType()) {
    os << "is a view of '" << root.getType()
       << "': kernels take windows of static row-major memrefs of the "
          "operand's element type";
    return failure();
  }
  std::optional<int64_t> last = offset;
  for (auto [size, stride] : llvm::zip(shape, strides)) {
    std::optional<int64_t> span = llvm::checkedMul(size - 1, stride);
    last = last && span ? llvm::checkedAdd(*last, *span) : std::nullopt;
  }
  if (offset < 0 || !last || *last >= rootType.getNumElements()) {
    os << "has layout " << type.getLayout() << ": it reaches past its buffer "
       << "'" << rootType << "'";
    return failure();
  }
  return std::pair(root, OperandWindow{llvm::to_vector<3>(rootType.getShape()),
                                       offset, llvm::to_vector<3>(strides)});
}

std::optional<BatchView> mlir::tileopt::getBatchView(Value v) {
  auto view = v.getDefiningOp<memref::SubViewOp>();
  if (!view)
    return std::nullopt;
  auto loop = dyn_cast<scf::ForallOp>(view->getParentOp());
  if (!loop || !loop->hasAttr(kBatchAttrName) || loop.getRank() != 1 ||
      !loop.isNormalized())
    return std::nullopt;
  MemRefType source = view.getSourceType();
  if (source.getRank() != 3 || view.getType().getRank() != 2 ||
      !source.hasStaticShape())
    return std::nullopt;
  ArrayRef<int64_t> shape = source.getShape();
  SmallVector<OpFoldResult> offsets = view.getMixedOffsets();
  auto isConstant = [](OpFoldResult r, int64_t c) {
    std::optional<int64_t> value = getConstantIntValue(r);
    return value && *value == c;
  };
  if (dyn_cast<Value>(offsets[0]) != loop.getInductionVar(0) ||
      !isConstant(offsets[1], 0) || !isConstant(offsets[2], 0) ||
      !view.hasUnitStride() || !isConstant(view.getMixedSizes()[0], 1) ||
      !isConstant(view.getMixedSizes()[1], shape[1]) ||
      !isConstant(view.getMixedSizes()[2], shape[2]))
    return std::nullopt;
  return BatchView{loop, view.getSource()};
}

int64_t mlir::tileopt::getBatchCount(scf::ForallOp loop) {
  return getConstantIntValue(loop.getMixedUpperBound()[0]).value_or(0);
}

FailureOr<MatmulProblem>
mlir::tileopt::analyzeMatmulProblem(linalg::MatmulOp matmul, std::string &why) {
  llvm::raw_string_ostream os(why);
  // Kernels are generated for host code of the outermost module: a matmul
  // in device code or in a nested module has nowhere to launch from.
  if (matmul->getParentOfType<gpu::GPUModuleOp>()) {
    os << "is in device code (a gpu.module); tile-opt compiles matmuls of "
          "host functions";
    return failure();
  }
  if (matmul->getParentOfType<gpu::LaunchOp>()) {
    os << "is inside a gpu.launch; tile-opt compiles matmuls of host "
          "functions into kernels of their own";
    return failure();
  }
  if (auto module = matmul->getParentOfType<ModuleOp>();
      module && module->getParentOp()) {
    os << "is in a nested module; tile-opt compiles the functions of the "
          "outermost module";
    return failure();
  }
  std::optional<OperandLayout> layout = getOperandLayout(matmul);
  if (!layout) {
    os << "with these indexing maps (broadcast operands, or C transposed) "
          "is not supported yet: tile-opt compiles C[M,N] = A[M,K] * B[K,N] "
          "with C row-major and A and B row-major or transposed";
    return failure();
  }
  Value operands[3] = {matmul.getDpsInputs()[0], matmul.getDpsInputs()[1],
                       matmul.getDpsInits()[0]};
  const auto &names = kMatmulOperandNames;
  scf::ForallOp batchLoop;
  // A batch's A or B may be the one matrix of all batches (broadcast), a
  // value from outside the batch loop; the others are batch views.
  bool unviewed[2] = {false, false};
  std::optional<OperandWindow> windows[3];
  for (auto [i, value, name] : llvm::enumerate(operands, names)) {
    auto shaped = dyn_cast<ShapedType>(value.getType());
    if (!shaped || !shaped.hasRank() || shaped.getRank() != 2) {
      os << "operand " << name << " must be a 2-D tensor or memref";
      return failure();
    }
    if (!shaped.hasStaticShape()) {
      os << "operand " << name << " has dynamic shape '" << shaped
         << "': tile-opt needs static shapes";
      return failure();
    }
    Type type = shaped.getElementType();
    if (!type.isF32() && !type.isF16() && !type.isBF16()) {
      os << "operand " << name << " has element type '" << type
         << "', which is not supported (supported: f32, f16, bf16)";
      return failure();
    }
    // One batch of a batched matmul: the 3-D buffer is the kernel's.
    std::optional<BatchView> view = getBatchView(value);
    Value stored = view ? view->root : value;
    if (view) {
      if (!batchLoop)
        batchLoop = view->loop;
      if (view->loop != batchLoop) {
        os << "reads operand " << name << " in another batch loop than the "
           << "other operands";
        return failure();
      }
      shaped = cast<ShapedType>(view->root.getType());
    } else if (i < 2) {
      unviewed[i] = true;
    } else if (batchLoop) {
      os << "operand " << name << " is not one batch's view of a 3-D buffer, "
         << "as the other operands are";
      return failure();
    }
    if (auto memref = dyn_cast<MemRefType>(shaped)) {
      if (memref.getMemorySpace()) {
        os << "operand " << name << " is in memory space '"
           << memref.getMemorySpace()
           << "': kernels take buffers in global memory (memrefs without a "
              "memory space)";
        return failure();
      }
      // A strided view: the kernel takes the buffer it views.
      if (!memref.getLayout().isIdentity()) {
        std::string detail;
        FailureOr<std::pair<Value, OperandWindow>> window =
            getOperandWindow(stored, detail);
        if (failed(window)) {
          os << "operand " << name << " " << detail;
          return failure();
        }
        windows[i] = window->second;
      }
    }
  }
  // One type for A and B; C as wide as they are or wider (f32 products
  // accumulate in f32 and write f32).
  Type types[3];
  for (int i = 0; i < 3; ++i)
    types[i] = cast<ShapedType>(operands[i].getType()).getElementType();
  if (types[0] != types[1]) {
    os << "mixes element types: A is " << types[0] << ", B " << types[1]
       << "; A and B must have one type";
    return failure();
  }
  if (types[0].isF32() && !types[2].isF32()) {
    os << "writes C as " << types[2]
       << " from f32 A and B; an f32 matmul writes f32";
    return failure();
  }
  // The kernels read A and B while they write C.
  if (matmul.hasPureBufferSemantics())
    for (int i = 0; i < 2; ++i)
      if (getStorageRoot(operands[i]) == getStorageRoot(operands[2])) {
        os << "reads operand " << names[i]
           << " from the buffer it writes C to; the kernels need A and B "
              "apart from C";
        return failure();
      }
  auto a = cast<ShapedType>(operands[0].getType());
  auto c = cast<ShapedType>(operands[2].getType());
  MatmulProblem p;
  p.layout = *layout;
  llvm::move(windows, std::begin(p.windows));
  p.layout.windowB = p.windows[1].has_value();
  p.m = c.getDimSize(0);
  p.n = c.getDimSize(1);
  p.k = a.getDimSize(layout->transposeA ? 0 : 1);
  p.elementType = types[0];
  p.cType = types[2];
  if (p.m < 1 || p.n < 1 || p.k < 1) {
    os << "has an empty dimension (M = " << p.m << ", N = " << p.n
       << ", K = " << p.k << ")";
    return failure();
  }
  if (batchLoop) {
    p.batch = getBatchCount(batchLoop);
    if (p.batch < 1) {
      os << "is in a batch loop without a static trip count";
      return failure();
    }
    // A broadcast operand is defined before the loop: every batch reads
    // it. One of A and B at most: the other is the batch's.
    if (unviewed[0] && unviewed[1]) {
      os << "reads A and B both from outside the batch loop: one of them "
            "must be the batch's view";
      return failure();
    }
    for (int i = 0; i < 2; ++i) {
      Operation *scope = operands[i].getParentRegion()->getParentOp();
      if (unviewed[i] && batchLoop->isAncestor(scope)) {
        os << "operand " << names[i]
           << " is not one batch's view of a 3-D buffer, as the other "
              "operands are, nor a matrix from outside the batch loop";
        return failure();
      }
    }
    p.broadcastA = unviewed[0];
    p.broadcastB = unviewed[1];
  }
  if (std::optional<std::string> violation =
          findSizeViolation(p.m, p.n, p.k, p.elementType, p.batch)) {
    os << *violation;
    return failure();
  }
  std::string refusal;
  Operation *refused;
  if (std::optional<EpilogueChain> chain =
          getEpilogueChain(matmul, refusal, refused))
    p.epilogue = chain->epilogue;
  return p;
}

std::optional<EpilogueChain>
mlir::tileopt::getEpilogueChain(linalg::MatmulOp matmul, std::string &why,
                                Operation *&refused) {
  refused = nullptr;
  if (!matmul.hasPureBufferSemantics())
    return std::nullopt;
  Operation *producer = matmul;
  Value c = matmul.getDpsInits()[0];
  // One batch of a batched matmul: the chain follows its batch loop, over
  // C's batch x M x N buffer.
  if (std::optional<BatchView> view = getBatchView(c)) {
    producer = view->loop;
    c = view->root;
  }
  return matchEpilogueChain(producer, c, matmul.getDpsInputs(),
                            !startsFromZero(matmul), why, refused);
}

std::optional<std::string> mlir::tileopt::findSizeViolation(
    int64_t m, int64_t n, int64_t k, Type elementType, int64_t batch) {
  std::string why;
  llvm::raw_string_ostream os(why);
  // As cuBLAS's int dimensions: 32-bit TMA coordinates and grid sizes
  // follow from it; operands within a 48-bit address space and a FLOP count
  // within int64 keep every derived size in range.
  using Dim = std::pair<const char *, int64_t>;
  for (auto [dim, value] : {Dim{"M", m}, Dim{"N", n}, Dim{"K", k}})
    if (value > kMaxMatmulDimension) {
      os << "has " << dim << " = " << value << ", over the limit of "
         << kMaxMatmulDimension;
      return why;
    }
  // The batch on the grid's z (at most 65535 blocks).
  if (batch > kMaxBatch) {
    os << "has a batch of " << batch << ", over the limit of " << kMaxBatch;
    return why;
  }
  int64_t batches = std::max<int64_t>(batch, 1);
  int64_t bytes = getElementBytes(elementType) * batches;
  using Operand = std::tuple<const char *, int64_t, int64_t>;
  for (auto [name, rows, cols] :
       {Operand{"A", m, k}, Operand{"B", k, n}, Operand{"C", m, n}})
    if (rows * cols > kMaxOperandBytes / bytes) {
      os << "has operand " << name << " of "
         << (batch ? std::to_string(batch) + "x" : std::string()) << rows
         << "x" << cols << " elements, over the limit of " << kMaxOperandBytes
         << " bytes per operand";
      return why;
    }
  std::optional<int64_t> flops = getFlops(m, n, k);
  if (!flops || !llvm::checkedMul(*flops, batches)) {
    os << "needs 2 * M * N * K = 2 * " << m << " * " << n << " * " << k
       << (batch ? " * " + std::to_string(batch) : std::string())
       << " FLOPs, over the limit of " << INT64_MAX;
    return why;
  }
  return std::nullopt;
}

std::optional<std::string> mlir::tileopt::findBatchViolation(ConfigAttr config,
                                                             int64_t batch) {
  if (!batch)
    return std::nullopt;
  std::string why;
  llvm::raw_string_ostream os(why);
  os << "a batched matmul (batch = " << batch << ") runs its batch on the "
     << "grid's z or in a persistent grid's tiles; ";
  if (config.getStrategy() != Strategy::Tiled)
    return std::nullopt;
  if (config.getStreamK())
    os << "scheduler = " << stringifyTileSchedulerKind(config.getScheduler())
       << " shares tiles' K steps across the grid (use scheduler = "
          "data_parallel or persistent)";
  else if (config.getCluster() > 1)
    os << "clusters are not supported for it yet (use cluster = 1)";
  // (Copies hold the batch's matrices one after the other: pack_b's,
  // A's and the TF32 ones, transposing or not.)
  else if (config.getBRowGroups())
    os << "b = row_groups is not supported for it yet (use b = packed)";
  else
    return std::nullopt;
  return why;
}

std::optional<std::string>
mlir::tileopt::findWindowViolation(ConfigAttr config,
                                   const MatmulProblem &problem) {
  if (config.getStrategy() != Strategy::Tiled)
    return std::nullopt;
  std::string why;
  llvm::raw_string_ostream os(why);
  int64_t bytes = getElementBytes(problem.elementType);
  for (auto [i, window, name] :
       llvm::enumerate(problem.windows, kMatmulOperandNames)) {
    if (!window)
      continue;
    int64_t elemBytes = i == 2 ? getElementBytes(problem.getOutType()) : bytes;
    ArrayRef<int64_t> outer = ArrayRef(window->strides).drop_back();
    if (window->offset * elemBytes % 16 != 0 ||
        llvm::any_of(outer,
                     [&](int64_t s) { return s * elemBytes % 16 != 0; })) {
      os << "operand " << name << " is a window of a larger buffer whose rows "
         << "do not start at 16-byte boundaries (offset " << window->offset
         << ", strides [";
      llvm::interleaveComma(window->strides, os);
      os << "] elements of " << elemBytes << " bytes); the tiled kernels "
         << "need them (strategy=naive takes any)";
      return why;
    }
    // A batch's copy reads its operand's matrices as one array (every
    // copy getWorkspacePlan makes of it).
    bool copied = i == 0
                      ? copiesA(config, problem.m, problem.k, problem.layout)
                      : i == 1 && copiesB(config);
    if (copied && problem.isBatched(name)) {
      os << "operand " << name << " is a window of a larger buffer, which "
         << "the kernel would copy first (to align, transpose, round or "
         << "split it) as one array of the batch's matrices: not supported "
         << "(strategy=naive takes it)";
      return why;
    }
  }
  return std::nullopt;
}

FailureOr<MatmulProblem>
mlir::tileopt::getSupportedMatmulProblem(linalg::MatmulOp matmul) {
  std::string why;
  FailureOr<MatmulProblem> problem = analyzeMatmulProblem(matmul, why);
  if (failed(problem))
    return matmul.emitOpError() << why;
  return problem;
}

std::optional<int64_t> mlir::tileopt::getFlops(int64_t m, int64_t n,
                                               int64_t k) {
  std::optional<int64_t> mn = llvm::checkedMul(m, n);
  std::optional<int64_t> mnk = mn ? llvm::checkedMul(*mn, k) : std::nullopt;
  return mnk ? llvm::checkedMul(*mnk, int64_t(2)) : std::nullopt;
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

