//===- TestParts.cpp - Drive one part of the kernel emitter ---------------===//
//
// --test-tile-parts="part=P" (a test pass, in tile-opt only): for each
// func.func with a `tile.config` whose arguments are A (M x K), B (K x N)
// and C (M x N) in global memory and whose plan uses the part (a copier
// part: A's copier), builds the kernel plan and a one-block
// gpu.launch with the plan's panels as workgroup buffers, and emits one part
// of the emitter into it, for tile (0, 0):
//
//   fma        the FMA instruction tile: its thread layout and one K step on
//              zero accumulators
//   registers  the register copier: A's and B's panels at k = 0, loaded and
//              stored into stage 0
//   async      the cp.async copier: the S-1 first stages issued, stage 0
//              waited for
//   tma        the TMA copier (with the restage_a decorator when the config
//              asks for it): its setup, the S-1 first stages issued, stage 0
//              waited for
//
// so that a lit test checks the IR of each part alone.
//
//===----------------------------------------------------------------------===//
#include "TileOpt/Analysis/Target.h"
#include "TileOpt/Codegen/InstructionTile.h"
#include "TileOpt/Codegen/PanelCopier.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;
using namespace mlir::tileopt;

namespace {
struct TestPartsPass
    : public PassWrapper<TestPartsPass, OperationPass<func::FuncOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestPartsPass)

  TestPartsPass() = default;
  TestPartsPass(const TestPartsPass &other) : PassWrapper(other) {}

  StringRef getArgument() const final { return "test-tile-parts"; }
  StringRef getDescription() const final {
    return "Emit one part of the kernel emitter (test only)";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry
        .insert<arith::ArithDialect, gpu::GPUDialect, LLVM::LLVMDialect,
                math::MathDialect, memref::MemRefDialect, NVVM::NVVMDialect,
                nvgpu::NVGPUDialect, scf::SCFDialect, vector::VectorDialect>();
  }

  Option<std::string> part{*this, "part",
                           llvm::cl::desc("fma, registers, async or tma"),
                           llvm::cl::init("fma")};

  void runOnOperation() override;
};
} // namespace

void TestPartsPass::runOnOperation() {
  func::FuncOp func = getOperation();
  auto config = func->getAttrOfType<ConfigAttr>(kConfigAttrName);
  if (!config)
    return;
  auto type = [&](unsigned i) {
    return i < func.getNumArguments()
               ? dyn_cast<MemRefType>(func.getArgument(i).getType())
               : MemRefType();
  };
  MemRefType a = type(0), b = type(1), c = type(2);
  if (func.getNumArguments() != 3 || !a || !b || !c || !a.hasStaticShape() ||
      !b.hasStaticShape() || a.getRank() != 2 || b.getRank() != 2) {
    func.emitError() << "needs static A (M x K), B (K x N) and C arguments";
    return signalPassFailure();
  }
  MatmulProblem problem{a.getDimSize(0), b.getDimSize(1), a.getDimSize(1),
                        a.getElementType(), /*accumulate=*/false};
  std::optional<TargetInfo> target = lookupTarget("sm_90");
  std::string why;
  FailureOr<KernelPlan> planOr =
      buildKernelPlan(config, problem, &*target, why);
  if (failed(planOr)) {
    func.emitError() << "the plan " << why;
    return signalPassFailure();
  }
  const KernelPlan &plan = *planOr;
  // Functions whose config does not pick the part stay as they are.
  std::optional<CopyKind> copier = symbolizeCopyKind(part);
  if (copier && plan.copy[0].copier != *copier)
    return;

  MLIRContext *ctx = &getContext();
  IRRewriter rewriter(ctx);
  Location loc = func.getLoc();
  rewriter.setInsertionPoint(func.getBody().front().getTerminator());
  IndexBuilder outer{rewriter, loc};
  SmallVector<Value, 2> tensorMaps(2);
  if (part == "tma")
    tensorMaps = createTensorMaps(rewriter, loc, plan, func.getArgument(0),
                                  func.getArgument(1), Value());
  SmallVector<Type> buffers;
  for (int i = 0; i < 2; ++i)
    buffers.push_back(
        MemRefType::get(plan.shared.panelShape[i], problem.elementType,
                        MemRefLayoutAttrInterface(), getWorkgroupSpace(ctx)));
  if (plan.restageA)
    buffers.push_back(MemRefType::get(
        {2, config.getBK(), config.getBM()}, problem.elementType,
        MemRefLayoutAttrInterface(), getWorkgroupSpace(ctx)));
  Value one = outer.c(1);
  auto launch = gpu::LaunchOp::create(
      rewriter, loc, one, one, one, outer.c(plan.block[0]),
      outer.c(plan.block[1]), one, /*dynamicSharedMemorySize=*/Value(),
      /*asyncTokenType=*/nullptr, /*asyncDependencies=*/{}, buffers);
  Block &body = launch.getBody().front();
  rewriter.setInsertionPointToEnd(&body);
  auto terminator = gpu::TerminatorOp::create(rewriter, loc);
  rewriter.setInsertionPoint(terminator);

  KernelContext kernel{rewriter, loc, plan};
  IndexBuilder ib = kernel.ib();
  gpu::KernelDim3 threadIds = launch.getThreadIds();
  kernel.tid = ib.threadIndex(threadIds, config.getThreadsX());
  kernel.rowOrigin = kernel.colOrigin = ib.c(0);
  kernel.globalA = func.getArgument(0);
  kernel.globalB = func.getArgument(1);
  kernel.globalC = func.getArgument(2);
  kernel.panels[0] = launch.getWorkgroupAttributions()[0];
  kernel.panels[1] = launch.getWorkgroupAttributions()[1];
  // Single-stage panels have no stage dimension.
  Value k0 = ib.c(0), stage0 = plan.stages > 1 ? k0 : Value();

  if (part == "fma") {
    std::unique_ptr<InstructionTile> tile = createFmaTile(kernel);
    tile->emitThreadLayout(threadIds);
    tile->emitAccumulatorIndices([](bool, Value) {});
    Value zero = arith::ConstantOp::create(
        rewriter, loc, rewriter.getZeroAttr(problem.elementType));
    SmallVector<Value> accs(plan.fma.tm * plan.fma.tn, zero);
    tile->emitStep({kernel.panels[0], stage0}, {kernel.panels[1], stage0},
                   accs);
    if (failed(tile->finish()))
      return signalPassFailure();
  } else if (part == "registers") {
    PanelCopy aCopy = getPanelCopy(kernel, 0), bCopy = getPanelCopy(kernel, 1);
    SmallVector<Value> aValues = loadPanel(kernel, aCopy, kernel.rowOrigin, k0);
    SmallVector<Value> bValues = loadPanel(kernel, bCopy, k0, kernel.colOrigin);
    storePanel(kernel, aCopy, aValues, stage0);
    storePanel(kernel, bCopy, bValues, stage0);
  } else if (part == "async" || part == "tma") {
    std::unique_ptr<StageCopier> copier =
        part == "async" ? createCpAsyncCopier(kernel)
                        : createTmaCopier(kernel, tensorMaps);
    if (plan.restageA)
      copier = createRestageDecorator(kernel, std::move(copier), 0,
                                      launch.getWorkgroupAttributions()[2]);
    copier->emitSetup(nullptr);
    for (int64_t s = 0; s + 1 < plan.stages; ++s)
      copier->emitIssue(ib.c(s * config.getBK()), ib.c(problem.k), ib.c(s));
    copier->emitWait(k0, stage0);
  } else {
    func.emitError() << "unknown part '" << part
                     << "' (expected fma, registers, async or tma)";
    return signalPassFailure();
  }
}

namespace mlir::tileopt {
void registerTestParts() { PassRegistration<TestPartsPass>(); }
} // namespace mlir::tileopt
