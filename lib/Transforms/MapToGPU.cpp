//===- MapToGPU.cpp - Block tiles to gpu.launch with thread distribution -===//
//
// Implements --tile-map-to-gpu and `mapBlockTileToLaunch`: matches the
// promoted block tile, builds its `KernelPlan`, creates the `gpu.launch` and
// the shared-memory panels, picks the parts the plan names (tile scheduler,
// instruction tile, copier, K-loop schedule, epilogue; lib/Codegen) and
// calls them, then fixes the kernel ABI.
//
//===----------------------------------------------------------------------===//
#include "TileOpt/Codegen/KernelBody.h"
#include "TileOpt/Codegen/Pack.h"
#include "TileOpt/Codegen/PanelCopier.h"
#include "TileOpt/Codegen/TileScheduler.h"
#include "TileOpt/Transforms/KernelUtils.h"
#include "TileOpt/Transforms/Passes.h"
#include "TileOpt/Transforms/Transforms.h"

#include "mlir/Dialect/GPU/Utils/GPUUtils.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

namespace mlir::tileopt {
#define GEN_PASS_DEF_MAPTOGPUPASS
#include "TileOpt/Transforms/Passes.h.inc"
} // namespace mlir::tileopt

using namespace mlir;
using namespace mlir::tileopt;

/// Follows memref.subview and memref.transpose sources up to the underlying
/// buffer, or to one batch's view of it (getBatchView), or to the value from
/// outside the block tile `tile` (a window of a larger buffer stays one).
static Value getRootBuffer(Value v, Operation *tile) {
  while (true) {
    if (getBatchView(v) || !tile->isAncestor(v.getParentRegion()->getParentOp()))
      return v;
    if (auto subview = v.getDefiningOp<memref::SubViewOp>())
      v = subview.getSource();
    else if (auto transpose = v.getDefiningOp<memref::TransposeOp>())
      v = transpose.getIn();
    else
      return v;
  }
}

namespace {
/// The promoted block tile's pieces that the kernel is built from.
struct PromotedTile {
  SmallVector<memref::AllocOp> buffers;
  scf::ForOp kLoop;
  bool aTransposed = false;
  Value globalA, globalB, globalC, cView;
};
} // namespace

/// Matches the body of a promoted block tile: two workgroup buffers and a K
/// loop that fills them (memref.copy, or linalg.transpose for a K-major A)
/// and multiplies them there.
static FailureOr<PromotedTile> matchPromotedTile(scf::ForallOp forall) {
  PromotedTile tile;
  SmallVector<scf::ForOp> kLoops;
  for (Operation &op : forall.getBody()->without_terminator()) {
    if (auto alloc = dyn_cast<memref::AllocOp>(op);
        alloc && isWorkgroupMemRef(alloc.getType()))
      tile.buffers.push_back(alloc);
    if (auto loop = dyn_cast<scf::ForOp>(op))
      kLoops.push_back(loop);
  }
  if (tile.buffers.size() != 2 || kLoops.size() != 1)
    return forall.emitOpError()
           << "must hold two workgroup buffers and one K loop (run "
              "--tile-promote)";
  tile.kLoop = kLoops.front();
  linalg::MatmulOp matmul;
  SmallVector<Operation *> fills;
  for (Operation &op : tile.kLoop.getBody()->without_terminator()) {
    if (auto mm = dyn_cast<linalg::MatmulOp>(op))
      matmul = mm;
    if (isa<memref::CopyOp, linalg::TransposeOp>(op) &&
        isWorkgroupMemRef(op.getOperand(1).getType()))
      fills.push_back(&op);
  }
  Value panels[2] = {tile.buffers[0].getResult(), tile.buffers[1].getResult()};
  if (!matmul || fills.size() != 2 ||
      getRootBuffer(matmul.getDpsInputs()[0], forall) != panels[0] ||
      getRootBuffer(matmul.getDpsInputs()[1], forall) != panels[1])
    return forall.emitOpError()
           << "K loop must copy both panels to workgroup memory and multiply "
              "them there (run --tile-promote)";
  if (getRootBuffer(fills[0]->getOperand(1), forall) != panels[0])
    std::swap(fills[0], fills[1]);
  tile.aTransposed = isa<linalg::TransposeOp>(fills[0]);
  if (isa<linalg::TransposeOp>(fills[1]))
    return forall.emitOpError() << "B panel must be staged as is";
  tile.cView = matmul.getDpsInits()[0];
  if (!tile.kLoop.isDefinedOutsideOfLoop(tile.cView))
    return forall.emitOpError() << "C tile must be defined outside the K loop";
  tile.globalA = getRootBuffer(fills[0]->getOperand(0), forall);
  tile.globalB = getRootBuffer(fills[1]->getOperand(0), forall);
  tile.globalC = getRootBuffer(tile.cView, forall);
  return tile;
}

/// The fused epilogue after the block tile `forall` (none without one in
/// `problem`), or after its batch loop, checked against the problem's; the
/// tile's views of C (its batch's, `tile.globalC`, in a batch) then view
/// the chain's output instead.
static FailureOr<std::optional<EpilogueChain>>
matchFusedEpilogue(RewriterBase &rewriter, scf::ForallOp forall,
                   const MatmulProblem &problem, PromotedTile &tile) {
  if (!problem.epilogue)
    return std::optional<EpilogueChain>();
  Operation *producer = forall;
  Value c = tile.globalC;
  if (std::optional<BatchView> view = getBatchView(c)) {
    producer = view->loop;
    c = view->root;
  }
  std::string why;
  Operation *refused;
  std::optional<EpilogueChain> chain =
      matchEpilogueChain(producer, c, {tile.globalA, tile.globalB},
                         problem.accumulate, why, refused);
  MLIRContext *ctx = forall.getContext();
  if (!chain ||
      chain->epilogue.toAttr(ctx) != problem.epilogue->toAttr(ctx))
    return forall.emitOpError()
           << "has a fused epilogue in its problem that the ops after it no "
              "longer match"
           << (why.empty() ? "" : ": " + why);
  hoistEpilogueBuffers(rewriter, *chain, producer);
  if (chain->output == c)
    return chain;
  // The same subviews of the output (of its element type), each once.
  DenseMap<Value, Value> retargeted{{c, chain->output}};
  std::function<Value(Value)> retarget = [&](Value view) -> Value {
    if (Value done = retargeted.lookup(view))
      return done;
    auto subview = view.getDefiningOp<memref::SubViewOp>();
    if (!subview)
      return Value();
    Value source = retarget(subview.getSource());
    if (!source)
      return Value();
    return retargeted[view] = cloneSubViewOf(rewriter, subview, source,
                                             chain->epilogue.outType);
  };
  Value batchView = c == tile.globalC ? Value() : tile.globalC;
  tile.cView = retarget(tile.cView);
  tile.globalC = retarget(tile.globalC);
  if (!tile.cView || !tile.globalC)
    return forall.emitOpError() << "C tile must be subviews of C";
  if (batchView)
    poisonBatchView(rewriter, batchView.getDefiningOp<memref::SubViewOp>());
  return chain;
}

FailureOr<gpu::LaunchOp>
mlir::tileopt::mapBlockTileToLaunch(RewriterBase &rewriter,
                                    scf::ForallOp forall, StringRef kernelName,
                                    const TargetInfo *target) {
  auto config = forall->getAttrOfType<ConfigAttr>(kConfigAttrName);
  auto problemAttr = forall->getAttrOfType<DictionaryAttr>(kProblemAttrName);
  std::optional<MatmulProblem> problem = MatmulProblem::fromAttr(problemAttr);
  if (!config || !problem)
    return forall.emitOpError()
           << "is not a block tile (run --tile-block-tile)";
  MLIRContext *ctx = rewriter.getContext();
  auto blockY = gpu::GPUBlockMappingAttr::get(ctx, gpu::MappingId::DimY);
  auto blockX = gpu::GPUBlockMappingAttr::get(ctx, gpu::MappingId::DimX);
  std::optional<ArrayAttr> mapping = forall.getMapping();
  if (forall.getRank() != 2 || !forall.isNormalized() || !mapping ||
      *mapping != rewriter.getArrayAttr({blockY, blockX}))
    return forall.emitOpError()
           << "must be a normalized 2-D forall mapped to [#gpu.block<y>, "
              "#gpu.block<x>]";
  SmallVector<int64_t> trips;
  for (OpFoldResult ub : forall.getMixedUpperBound()) {
    std::optional<int64_t> c = getConstantIntValue(ub);
    if (!c)
      return forall.emitOpError() << "has a dynamic trip count";
    trips.push_back(*c);
  }
  FailureOr<PromotedTile> promoted = matchPromotedTile(forall);
  if (failed(promoted))
    return failure();
  std::string why;
  FailureOr<KernelPlan> planOr = buildKernelPlan(config, *problem, target, why);
  if (failed(planOr))
    return forall.emitOpError() << why;
  const KernelPlan &plan = *planOr;
  // (A stored transposed is promoted as stored, whatever its stage.)
  if (trips[0] != plan.tilesM() || trips[1] != plan.tilesN() ||
      (!problem->layout.transposeA &&
       promoted->aTransposed !=
           (plan.copy[0].layout == PanelLayout::Transposed)))
    return forall.emitOpError()
           << "does not match its config and problem (re-run "
              "--tile-block-tile and --tile-promote)";
  scf::ForOp kLoop = promoted->kLoop;
  FailureOr<std::optional<EpilogueChain>> chain =
      matchFusedEpilogue(rewriter, forall, *problem, *promoted);
  if (failed(chain))
    return failure();
  Value globalA = promoted->globalA, globalB = promoted->globalB;
  Value globalC = promoted->globalC;
  // A batched problem: the kernel's arguments are the 3-D buffers, and its
  // blocks view their batch of them; the launch replaces the batch loop.
  std::optional<BatchedOperands> batched;
  if (problem->batch) {
    FailureOr<BatchedOperands> operands =
        getBatchedOperands(rewriter, forall, {globalA, globalB, globalC},
                           *problem);
    if (failed(operands))
      return failure();
    batched = *operands;
    globalA = batched->roots[0];
    globalB = batched->roots[1];
    globalC = batched->roots[2];
  }

  // The panel buffers: static workgroup memory, or views of the dynamic
  // shared memory at the plan's slots.
  const SharedMemoryLayout &shared = plan.shared;
  SmallVector<Type> bufferTypes;
  for (auto [i, alloc] : llvm::enumerate(promoted->buffers))
    bufferTypes.push_back(MemRefType::get(
        shared.panelShape[i], alloc.getType().getElementType(),
        MemRefLayoutAttrInterface(), alloc.getType().getMemorySpace()));
  // The re-staged panels (a = restaged: BK x BM; b = restaged: BK x BN),
  // two stages each, at their slots.
  MemRefType restagedTypes[2];
  for (int i = 0; i < 2; ++i)
    if (i ? plan.restageB : plan.restageA)
      restagedTypes[i] = MemRefType::get(
          {2, config.getBK(), i ? config.getBN() : config.getBM()},
          problem->elementType, MemRefLayoutAttrInterface(),
          getWorkgroupSpace(ctx));

  Location loc = forall.getLoc();
  rewriter.setInsertionPoint(batched ? batched->loop.getOperation()
                                     : forall.getOperation());
  IndexBuilder outer{rewriter, loc};
  // The workspace (Stream-K's partial sums and flags, pack_b's copy of B
  // and its counters), a kernel parameter after C. The host provides it
  // zeroed (the manifest says so); here it only stands for that buffer.
  Value workspace;
  if (plan.workspace.bytes)
    workspace = memref::AllocOp::create(
        rewriter, loc,
        MemRefType::get({plan.workspace.bytes}, rewriter.getI8Type()));
  SmallVector<Value, 2> tensorMaps(2);
  bool tma = plan.copy[0].copier == CopyKind::Tma;
  if (tma)
    tensorMaps =
        createTensorMaps(rewriter, loc, plan, globalA, globalB, workspace);
  bool streamK = config.getStreamK();
  Value one = outer.c(1);
  auto launch = gpu::LaunchOp::create(
      rewriter, loc,
      /*gridSizeX=*/outer.c(plan.grid[0]),
      /*gridSizeY=*/streamK ? one : outer.c(plan.grid[1]),
      /*gridSizeZ=*/outer.c(plan.grid[2]),
      /*blockSizeX=*/outer.c(plan.block[0]),
      /*blockSizeY=*/outer.c(plan.block[1]),
      /*blockSizeZ=*/one,
      /*dynamicSharedMemorySize=*/
      shared.dynamic ? Value(arith::ConstantIntOp::create(
                           rewriter, loc, shared.panelBytes, 32))
                     : Value(),
      /*asyncTokenType=*/nullptr, /*asyncDependencies=*/{},
      /*workgroupAttributions=*/
      shared.dynamic ? TypeRange() : TypeRange(bufferTypes),
      /*privateAttributions=*/{}, nullptr, nullptr, nullptr,
      FlatSymbolRefAttr::get(ctx, (kernelName + "_module").str()),
      FlatSymbolRefAttr::get(ctx, kernelName));
  launch->setAttr(kConfigAttrName, config);
  launch->setAttr(kProblemAttrName, problemAttr);
  Block &launchBody = launch.getBody().front();
  rewriter.setInsertionPointToEnd(&launchBody);
  auto terminator = gpu::TerminatorOp::create(rewriter, loc);
  gpu::KernelDim3 blockIds = launch.getBlockIds();
  gpu::KernelDim3 threadIds = launch.getThreadIds();

  // The block tile's body becomes the kernel body, where the tile scheduler
  // puts it; its induction variables are the scheduler's tile.
  KernelContext kernel{rewriter, loc, plan};
  kernel.globalA = globalA;
  kernel.globalB = globalB;
  kernel.globalC = globalC;
  kernel.cView = promoted->cView;
  if (*chain)
    kernel.epilogueInputs = (*chain)->inputs;
  std::unique_ptr<TileScheduler> scheduler =
      streamK ? createStreamKScheduler(kernel)
      : plan.scheduler == TileSchedulerKind::Persistent
          ? createPersistentScheduler(kernel)
          : createDataParallelScheduler(kernel);
  Block *body = forall.getBody();
  rewriter.eraseOp(body->getTerminator());
  Value tileRow, tileCol;
  Operation *bodyPoint =
      scheduler->emitTileLoop(blockIds, terminator, tileRow, tileCol);
  // A batch: the views of the block's batch at the kernel's start, or of
  // the tile's (persistent) before the tile's body.
  SmallVector<Value, 3> views;
  if (batched) {
    kernel.batchIndex = scheduler->getTileBatch();
    if (kernel.batchIndex) {
      rewriter.setInsertionPoint(bodyPoint);
    } else {
      kernel.batchIndex = blockIds.z;
      rewriter.setInsertionPointToStart(&launchBody);
    }
    views = viewBatch(rewriter, *batched, kernel.batchIndex);
    if (*chain)
      kernel.epilogueInputs =
          viewEpilogueInputs(rewriter, loc, (*chain)->epilogue,
                             (*chain)->inputs, kernel.batchIndex);
    kernel.globalA = views[0];
    kernel.globalB = views[1];
    kernel.globalC = views[2];
  }
  rewriter.inlineBlockBefore(body, bodyPoint, ValueRange{tileRow, tileCol});
  scheduler->setKRange(kLoop);
  // The panels are rebuilt from scratch below; what used the single-stage
  // buffers (the K loop's views) goes away with the K loop.
  for (memref::AllocOp alloc : promoted->buffers) {
    rewriter.replaceAllUsesWith(
        alloc.getResult(),
        ub::PoisonOp::create(rewriter, alloc.getLoc(), alloc.getType()));
    rewriter.eraseOp(alloc);
  }
  Value restaged[2];
  if (shared.dynamic) {
    rewriter.setInsertionPointToStart(&launchBody);
    kernel.panels[0] = getDynamicSharedView(
        rewriter, loc, cast<MemRefType>(bufferTypes[0]), shared.slots[0].offset);
    Value bytes = kernel.panels[0].getDefiningOp<memref::ViewOp>().getSource();
    kernel.panels[1] =
        getDynamicSharedView(rewriter, loc, cast<MemRefType>(bufferTypes[1]),
                             shared.slots[1].offset, bytes);
    StringRef names[2] = {"a_k_major", "b_n_major"};
    for (int i = 0; i < 2; ++i)
      if (restagedTypes[i])
        restaged[i] =
            getDynamicSharedView(rewriter, loc, restagedTypes[i],
                                 shared.findSlot(names[i])->offset, bytes);
  } else {
    kernel.panels[0] = launch.getWorkgroupAttributions()[0];
    kernel.panels[1] = launch.getWorkgroupAttributions()[1];
  }
  rewriter.eraseOp(forall);
  if (batched)
    replaceBatchLoop(rewriter, launch, *batched, views);
  scheduler->emitSetup(workspace);
  if (failed(emitKernelBody(kernel, *scheduler, threadIds, tileRow, tileCol,
                            kLoop, tensorMaps, restaged)))
    return failure();

  // The copies (pack_b, TF32) come first (block-major over the grid: x
  // fastest).
  if (plan.workspace.pack) {
    const PackPlan &pack = *plan.workspace.pack;
    rewriter.setInsertionPointToStart(&launchBody);
    IndexBuilder pb{rewriter, loc};
    // (x fastest, then y, then a batch's z.)
    Value row = plan.grid[2] > 1
                    ? pb.add(pb.mul(blockIds.z, pb.c(plan.grid[1])), blockIds.y)
                    : blockIds.y;
    Value block = streamK ? blockIds.x
                          : pb.add(pb.mul(row, pb.c(plan.grid[0])), blockIds.x);
    Value tid = pb.threadIndex(threadIds, plan.block[0]);
    // A shared word for the ticket and, after it, the transposing tile (the
    // panels are not in use yet).
    Attribute workgroup = getWorkgroupSpace(ctx);
    Value ticketWord, transposeTile;
    if (pack.blocks > pack.packers)
      ticketWord = getDynamicSharedView(
          rewriter, loc,
          MemRefType::get({1}, rewriter.getI32Type(),
                          MemRefLayoutAttrInterface(), workgroup),
          0);
    if (llvm::any_of(pack.copies,
                     [](const PackedCopy &c) { return c.transposed; }))
      transposeTile = getDynamicSharedView(
          rewriter, loc,
          MemRefType::get({kPackTransposeTiles, 32, 33},
                          rewriter.getF32Type(), MemRefLayoutAttrInterface(),
                          workgroup),
          kPackTransposeOffset);
    emitPack(rewriter, loc, pack, globalA, globalB, workspace, block, tid,
             plan.numThreads, ticketWord, transposeTile);
  }

  // The panel views the matmul read are dead now.
  SmallVector<Operation *> ops;
  launch.getBody().walk([&](Operation *op) { ops.push_back(op); });
  for (Operation *op : llvm::reverse(ops))
    if (isOpTriviallyDead(op))
      rewriter.eraseOp(op);

  // Constants from outside (loop bounds) move in, so that the kernel's only
  // parameters are the values of its ABI (tile.kernel_arguments below).
  if (failed(mlir::sinkOperationsIntoLaunchOp(launch, [](Operation *op) {
        return op->hasTrait<OpTrait::ConstantLike>();
      })))
    return launch.emitOpError() << "could not sink constants into the kernel";
  // An operand that is a window of a larger buffer: the kernel takes the
  // buffer (a tensor map is encoded over the window, docs/manifest.md).
  globalA = takeWindowBuffer(rewriter, launch, globalA);
  globalB = takeWindowBuffer(rewriter, launch, globalB);
  globalC = takeWindowBuffer(rewriter, launch, globalC);
  // The buffers the kernel reads itself (not through a tensor map).
  SmallVector<Value> pinned;
  bool aCopied =
      copiesA(config, plan.problem.m, plan.problem.k, plan.problem.layout);
  if (!tensorMaps[0] || aCopied)
    pinned.push_back(globalA);
  if (!tensorMaps[1] || plan.workspace.pack)
    pinned.push_back(globalB);
  pinned.push_back(globalC);
  if (workspace)
    pinned.push_back(workspace);
  if (*chain) {
    llvm::append_range(pinned, (*chain)->inputs);
    approximateEpilogueMath(launch);
    eraseFusedEpilogue(rewriter, **chain);
  }
  Operation *lastPin = pinKernelOperands(rewriter, launch, pinned);
  // The kernel ABI, in the plan's order (KernelPlan::arguments): what
  // --tile-outline-kernels makes the kernel's parameters.
  SmallVector<Value> abi;
  for (const KernelArgument &arg : plan.arguments) {
    if (arg.workspaceBytes)
      abi.push_back(workspace);
    else if (arg.epilogueInput >= 0)
      abi.push_back((*chain)->inputs[arg.epilogueInput]);
    else if (arg.name == "C")
      abi.push_back(globalC);
    else if (arg.packed)
      abi.push_back(tensorMaps[arg.name == "A"             ? 0
                               : arg.part == CopyPart::Low ? 2
                                                           : 1]);
    else if (arg.name == "A")
      abi.push_back(arg.tensorMap ? tensorMaps[0] : globalA);
    else
      abi.push_back(arg.tensorMap ? tensorMaps[1] : globalB);
  }
  rewriter.setInsertionPointToStart(&launchBody);
  KernelArgumentsOp::create(rewriter, loc, abi);
  if (!tma)
    return launch;
  // The block's first act after the ABI: one thread prefetches the tensor
  // maps into the descriptor cache (the maps of copies in the workspace,
  // pack_b's or the TF32 ones, after the other parameters' first uses).
  rewriter.setInsertionPointAfter(&launchBody.front());
  Value leader =
      outer.eq(outer.threadIndex(threadIds, plan.block[0]), outer.c(0));
  if (aCopied)
    rewriter.setInsertionPointAfter(lastPin);
  nvgpu::TmaPrefetchOp::create(rewriter, loc, tensorMaps[0], leader);
  if (tensorMaps[1] && plan.workspace.pack)
    rewriter.setInsertionPointAfter(lastPin);
  for (Value map : ArrayRef<Value>(tensorMaps).drop_front())
    if (map)
      nvgpu::TmaPrefetchOp::create(rewriter, loc, map, leader);
  return launch;
}

namespace {
struct MapToGPUPass : public tileopt::impl::MapToGPUPassBase<MapToGPUPass> {
  using MapToGPUPassBase::MapToGPUPassBase;
  void runOnOperation() override {
    Operation *root = getOperation();
    SmallVector<scf::ForallOp> tiles;
    root->walk([&](scf::ForallOp op) {
      if (op->hasAttr(kConfigAttrName) && op->hasAttr(kProblemAttrName))
        tiles.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    std::optional<TargetInfo> target = lookupTarget(chip);
    for (scf::ForallOp forall : tiles) {
      std::string name = getUniqueKernelName(root, forall);
      if (failed(mapBlockTileToLaunch(rewriter, forall, name,
                                      target ? &*target : nullptr)))
        return signalPassFailure();
      ++numMapped;
    }
  }
};
} // namespace
