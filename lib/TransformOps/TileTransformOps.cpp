//===- TileTransformOps.cpp - tile-opt's transform ops -------------------===//
//
// See TileTransformOps.td. Each op checks what its step needs of the payload
// (a config, the memref form, a block tile made by block_tile) and reports
// what is missing as a silenceable failure at the op, with a note at the
// payload op; the step's own errors (a config the chip rejects) are
// definite, at the payload op, as the passes report them.
//
//===----------------------------------------------------------------------===//
#include "TileOpt/TransformOps/TileTransformOps.h"

#include "TileOpt/Analysis/Target.h"
#include "TileOpt/Transforms/KernelUtils.h"
#include "TileOpt/Transforms/Transforms.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::tileopt;

#define GET_OP_CLASSES
#include "TileOpt/TransformOps/TileTransformOps.cpp.inc"

/// A silenceable failure at `op` saying `message`, with a note at `payload`.
static DiagnosedSilenceableFailure refuse(transform::TransformOpInterface op,
                                          Operation *payload,
                                          const Twine &message) {
  DiagnosedSilenceableFailure diag = op.emitSilenceableError() << message;
  diag.attachNote(payload->getLoc()) << "payload op";
  return diag;
}

/// The block tile `forall` as block_tile makes it, or a silenceable failure.
static DiagnosedSilenceableFailure checkBlockTile(transform::TransformOpInterface op,
                                                  scf::ForallOp forall) {
  if (!forall->hasAttr(kConfigAttrName) || !forall->hasAttr(kProblemAttrName))
    return refuse(op, forall,
                  "expects a block tile of transform.tile.block_tile (an "
                  "scf.forall with tile.config and tile.problem)");
  return DiagnosedSilenceableFailure::success();
}

/// The matmul's config (in `config`), of `strategy`, on a memref-form
/// matmul, or a silenceable failure naming what is missing.
static DiagnosedSilenceableFailure
checkConfiguredMatmul(transform::TransformOpInterface op,
                      linalg::MatmulOp matmul, Strategy strategy,
                      StringRef otherOp, ConfigAttr &config) {
  config = matmul->getAttrOfType<ConfigAttr>(kConfigAttrName);
  if (!config)
    return refuse(op, matmul,
                  "expects a matmul with a #tile.config "
                  "(transform.tile.configure)");
  if (config.getStrategy() != strategy)
    return refuse(op, matmul,
                  "expects a " + stringifyStrategy(strategy) +
                      " config; transform.tile." + otherOp + " maps " +
                      stringifyStrategy(config.getStrategy()) + " ones");
  if (!matmul.hasPureBufferSemantics())
    return refuse(op, matmul,
                  "expects the memref form: bufferize first (e.g. "
                  "transform.bufferization.one_shot_bufferize)");
  return DiagnosedSilenceableFailure::success();
}

/// An error at `op` unless `chip` names a chip lookupTarget knows.
static LogicalResult verifyChip(Operation *op, StringRef chip) {
  if (!lookupTarget(chip))
    return op->emitOpError() << "unknown chip '" << chip
                             << "' (known: " << knownTargetsList() << ")";
  return success();
}

//===----------------------------------------------------------------------===//
// ConfigureOp
//===----------------------------------------------------------------------===//

LogicalResult ConfigureOp::verify() {
  if (getConfig() && getStrategy())
    return emitOpError() << "takes config or strategy, not both: a "
                            "#tile.config names its strategy";
  if (getStrategy() && !symbolizeStrategy(*getStrategy()))
    return emitOpError() << "unknown strategy '" << *getStrategy()
                         << "' (expected " << describeStrategies() << ")";
  if (getPrecision() && !symbolizePrecision(*getPrecision()))
    return emitOpError() << "unknown precision '" << *getPrecision()
                         << "' (expected ieee, tf32 or tf32x3)";
  return verifyChip(*this, getChip());
}

DiagnosedSilenceableFailure ConfigureOp::applyToOne(
    transform::TransformRewriter &rewriter, linalg::MatmulOp target,
    transform::ApplyToEachResultList &results,
    transform::TransformState &state) {
  Strategy strategy = Strategy::Tiled;
  if (getStrategy())
    strategy = *symbolizeStrategy(*getStrategy());
  std::optional<Precision> precision;
  if (getPrecision())
    precision = symbolizePrecision(*getPrecision());
  if (failed(configureMatmul(target, getConfigAttr(), strategy,
                             *lookupTarget(getChip()), /*tuning=*/nullptr,
                             precision)))
    return DiagnosedSilenceableFailure::definiteFailure();
  return DiagnosedSilenceableFailure::success();
}

//===----------------------------------------------------------------------===//
// BlockTileOp, MapNaiveOp
//===----------------------------------------------------------------------===//

DiagnosedSilenceableFailure BlockTileOp::applyToOne(
    transform::TransformRewriter &rewriter, linalg::MatmulOp target,
    transform::ApplyToEachResultList &results,
    transform::TransformState &state) {
  ConfigAttr config;
  DiagnosedSilenceableFailure check = checkConfiguredMatmul(
      *this, target, Strategy::Tiled, "map_naive", config);
  if (!check.succeeded())
    return check;
  FailureOr<scf::ForallOp> forall =
      tileMatmulToBlocks(rewriter, target, config);
  if (failed(forall))
    return DiagnosedSilenceableFailure::definiteFailure();
  results.push_back(*forall);
  return DiagnosedSilenceableFailure::success();
}

DiagnosedSilenceableFailure MapNaiveOp::applyToOne(
    transform::TransformRewriter &rewriter, linalg::MatmulOp target,
    transform::ApplyToEachResultList &results,
    transform::TransformState &state) {
  ConfigAttr config;
  DiagnosedSilenceableFailure check = checkConfiguredMatmul(
      *this, target, Strategy::Naive, "block_tile", config);
  if (!check.succeeded())
    return check;
  std::string name =
      getUniqueKernelName(target->getParentOfType<ModuleOp>(), target);
  FailureOr<gpu::LaunchOp> launch =
      mapMatmulToNaiveLaunch(rewriter, target, config, name);
  if (failed(launch))
    return DiagnosedSilenceableFailure::definiteFailure();
  results.push_back(*launch);
  return DiagnosedSilenceableFailure::success();
}

//===----------------------------------------------------------------------===//
// PromoteOp, MapToGPUOp
//===----------------------------------------------------------------------===//

DiagnosedSilenceableFailure PromoteOp::applyToOne(
    transform::TransformRewriter &rewriter, scf::ForallOp target,
    transform::ApplyToEachResultList &results,
    transform::TransformState &state) {
  DiagnosedSilenceableFailure check = checkBlockTile(*this, target);
  if (!check.succeeded())
    return check;
  if (failed(promoteBlockTileOperands(rewriter, target)))
    return DiagnosedSilenceableFailure::definiteFailure();
  return DiagnosedSilenceableFailure::success();
}

LogicalResult MapToGPUOp::verify() { return verifyChip(*this, getChip()); }

DiagnosedSilenceableFailure MapToGPUOp::applyToOne(
    transform::TransformRewriter &rewriter, scf::ForallOp target,
    transform::ApplyToEachResultList &results,
    transform::TransformState &state) {
  DiagnosedSilenceableFailure check = checkBlockTile(*this, target);
  if (!check.succeeded())
    return check;
  std::optional<TargetInfo> info = lookupTarget(getChip());
  std::string name =
      getUniqueKernelName(target->getParentOfType<ModuleOp>(), target);
  FailureOr<gpu::LaunchOp> launch =
      mapBlockTileToLaunch(rewriter, target, name, &*info);
  if (failed(launch))
    return DiagnosedSilenceableFailure::definiteFailure();
  results.push_back(*launch);
  return DiagnosedSilenceableFailure::success();
}

//===----------------------------------------------------------------------===//
// InsertBarriersOp
//===----------------------------------------------------------------------===//

DiagnosedSilenceableFailure InsertBarriersOp::applyToOne(
    transform::TransformRewriter &rewriter, gpu::LaunchOp target,
    transform::ApplyToEachResultList &results,
    transform::TransformState &state) {
  insertLaunchBarriers(rewriter, target);
  return DiagnosedSilenceableFailure::success();
}

//===----------------------------------------------------------------------===//
// The extension
//===----------------------------------------------------------------------===//

namespace {
class TileTransformDialectExtension
    : public transform::TransformDialectExtension<
          TileTransformDialectExtension> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TileTransformDialectExtension)
  using Base::Base;

  void init() {
    // The ops' attributes are the tile dialect's.
    declareDependentDialect<TileDialect>();
    // What the steps create.
    declareGeneratedDialect<affine::AffineDialect>();
    declareGeneratedDialect<arith::ArithDialect>();
    declareGeneratedDialect<gpu::GPUDialect>();
    declareGeneratedDialect<LLVM::LLVMDialect>();
    declareGeneratedDialect<math::MathDialect>();
    declareGeneratedDialect<memref::MemRefDialect>();
    declareGeneratedDialect<nvgpu::NVGPUDialect>();
    declareGeneratedDialect<NVVM::NVVMDialect>();
    declareGeneratedDialect<scf::SCFDialect>();
    declareGeneratedDialect<ub::UBDialect>();
    declareGeneratedDialect<vector::VectorDialect>();
    registerTransformOps<
#define GET_OP_LIST
#include "TileOpt/TransformOps/TileTransformOps.cpp.inc"
        >();
  }
};
} // namespace

void mlir::tileopt::registerTransformDialectExtension(
    DialectRegistry &registry) {
  registry.addExtensions<TileTransformDialectExtension>();
}
