//===- Configure.cpp - Attach a checked #tile.config to matmuls ----------===//
//
// Implements --tile-configure: takes the `#tile.config` of the config option
// or the strategy's default (or keeps the one already on the op), checks the
// matmul is supported and the config fits the chip, and attaches it to each
// `linalg.matmul`.
//
//===----------------------------------------------------------------------===//
#include "TileOpt/Analysis/MatmulProblem.h"
#include "TileOpt/Analysis/DefaultConfig.h"
#include "TileOpt/Analysis/Target.h"
#include "TileOpt/Analysis/TuningFile.h"
#include "TileOpt/Transforms/Passes.h"
#include "TileOpt/Transforms/Transforms.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"

namespace mlir::tileopt {
#define GEN_PASS_DEF_CONFIGUREPASS
#include "TileOpt/Transforms/Passes.h.inc"
} // namespace mlir::tileopt

using namespace mlir;
using namespace mlir::tileopt;

/// The default config of `strategy` for `problem`, reporting errors at
/// `op`: 16 x 16 blocks of one output per thread (naive), or the default
/// tiled config of the shape and chip.
static ConfigAttr buildDefaultConfig(Operation *op, Strategy strategy,
                                     const MatmulProblem &problem,
                                     const TargetInfo &target,
                                     Precision precision) {
  if (strategy == Strategy::Naive && precision == Precision::IEEE)
    return ConfigAttr::get(op->getContext(), Strategy::Naive, {16, 16, 1}, {},
                           {1, 1}, /*stages=*/1);
  if (strategy == Strategy::Naive) {
    op->emitOpError() << "precision=" << stringifyPrecision(precision)
                      << " multiplies on the wgmma tile: it needs "
                         "strategy=tiled (naive computes IEEE f32)";
    return {};
  }
  std::string why;
  ConfigAttr config = selectDefaultTiledConfig(
      op->getContext(), problem.m, problem.n, problem.k, problem.elementType,
      problem.getOutType(), target, &why, precision, problem.layout,
      problem.batch);
  if (!config)
    op->emitOpError() << "has no default tiled config for " << target.chip
                      << ": " << why
                      << (problem.batch && precision == Precision::IEEE
                              ? " (strategy=naive takes any batch)"
                              : "");
  return config;
}

/// findProblemViolation and findWindowViolation for `problem`.
static std::optional<std::string> findViolation(ConfigAttr config,
                                                const MatmulProblem &problem,
                                                const TargetInfo &target) {
  std::optional<std::string> violation = findProblemViolation(
      config, problem.m, problem.n, problem.k, problem.elementType, target,
      problem.layout, problem.batch);
  return violation ? violation : findWindowViolation(config, problem);
}

/// The config of `tuning`'s entry for `problem` on `target`, or null: then
/// the default heuristic decides, after a warning at `matmul` for each entry
/// of this chip it cannot use, or for the entries of other chips where this
/// one has none.
static ConfigAttr pickTunedConfig(linalg::MatmulOp matmul,
                                  const MatmulProblem &problem,
                                  const TuningFile &tuning,
                                  const TargetInfo &target,
                                  Precision precision) {
  SmallVector<const TuningEntry *> entries = tuning.find(problem);
  auto warn = [&]() {
    return matmul.emitWarning() << "tuning file '" << tuning.path << "': ";
  };
  bool thisChip = false;
  for (const TuningEntry *entry : entries) {
    if (entry->chip != target.chip)
      continue;
    thisChip = true;
    Attribute attr;
    {
      ScopedDiagnosticHandler quiet(matmul.getContext(),
                                    [](Diagnostic &) { return success(); });
      attr = parseAttribute(entry->config, matmul.getContext());
    }
    auto config = dyn_cast_or_null<ConfigAttr>(attr);
    if (!config) {
      warn() << "'" << entry->config
             << "' is not a #tile.config; the default heuristic decides";
      continue;
    }
    // An entry never changes the arithmetic the user asked for: a file
    // may hold one per precision, and the others are not for this run.
    if (config.getPrecision() != precision)
      continue;
    if (std::optional<std::string> violation =
            findViolation(config, problem, target)) {
      warn() << "the entry's config is refused (" << *violation
             << "); the default heuristic decides";
      continue;
    }
    return config;
  }
  if (!thisChip && !entries.empty())
    warn() << "the entry for this problem is for " << entries.front()->chip
           << ", not " << target.chip << "; the default heuristic decides";
  return {};
}

LogicalResult mlir::tileopt::configureMatmul(linalg::MatmulOp matmul,
                                             ConfigAttr config,
                                             Strategy strategy,
                                             const TargetInfo &target,
                                             const TuningFile *tuning,
                                             std::optional<Precision> asked) {
  FailureOr<MatmulProblem> problem = getSupportedMatmulProblem(matmul);
  if (failed(problem))
    return failure();
  problem->accumulate = !startsFromZero(matmul);
  Precision precision = asked.value_or(Precision::IEEE);
  if (!config && tuning)
    config = pickTunedConfig(matmul, *problem, *tuning, target, precision);
  if (!config)
    config = buildDefaultConfig(matmul, strategy, *problem, target, precision);
  if (!config)
    return failure();
  if (asked && config.getPrecision() != *asked)
    return matmul.emitOpError()
           << "has a config of precision = "
           << stringifyPrecision(config.getPrecision()) << ", but precision="
           << stringifyPrecision(*asked) << " was asked";
  if (std::optional<std::string> violation =
          findViolation(config, *problem, target))
    return matmul.emitOpError() << *violation;
  matmul->setAttr(kConfigAttrName, config);
  // An elementwise consumer that stays its own op says why.
  std::string why;
  Operation *refused;
  getEpilogueChain(matmul, why, refused);
  if (refused)
    refused->emitRemark() << "not fused into the kernel of the matmul: "
                          << why;
  return success();
}

namespace {
struct ConfigurePass : public tileopt::impl::ConfigurePassBase<ConfigurePass> {
  using Base::Base;

  /// The `config` option's attribute, or an error at the root naming what
  /// is wrong with it: not a #tile.config, or given beside a strategy.
  FailureOr<ConfigAttr> parseConfigOption() {
    Operation *root = getOperation();
    // Empty when strategy= is not given (the pipeline forwards it as is).
    if (!strategy.empty())
      return root->emitError()
             << "config= is the whole #tile.config, strategy included: give "
                "config= or strategy=, not both";
    std::string message;
    Attribute attr;
    {
      ScopedDiagnosticHandler capture(&getContext(), [&](Diagnostic &d) {
        if (message.empty())
          message = d.str();
        return success();
      });
      attr = parseAttribute(config, &getContext());
    }
    auto parsed = dyn_cast_or_null<ConfigAttr>(attr);
    if (!parsed)
      return root->emitError()
             << "config='" << config << "' is not a #tile.config"
             << (message.empty() ? "" : ": " + message);
    return parsed;
  }

  void runOnOperation() override {
    std::optional<TargetInfo> target = lookupTarget(chip);
    // No strategy= means tiled: the fast kernel on a first run.
    std::optional<Strategy> strategy =
        this->strategy.empty() ? Strategy::Tiled
                               : symbolizeStrategy(this->strategy);
    bool anyFailed = false;
    // A tuning file that cannot be read is a warning: the heuristic decides.
    std::optional<TuningFile> tuning;
    if (!tuningFile.empty()) {
      std::string error;
      tuning.emplace();
      if (!readTuningFile(tuningFile, *tuning, error)) {
        getOperation()->emitWarning()
            << error << "; the default heuristic decides";
        tuning.reset();
      }
    }
    std::optional<Precision> precision;
    if (!this->precision.empty()) {
      precision = symbolizePrecision(this->precision);
      if (!precision) {
        getOperation()->emitError()
            << "unknown precision '" << this->precision
            << "' (expected ieee, tf32 or tf32x3)";
        return signalPassFailure();
      }
    }
    ConfigAttr given;
    if (!config.empty()) {
      FailureOr<ConfigAttr> parsed = parseConfigOption();
      if (failed(parsed))
        return signalPassFailure();
      given = *parsed;
    }
    getOperation()->walk([&](linalg::LinalgOp op) {
      // Contractions the kernels do not cover yet stay as they are, with a
      // word at each.
      auto matmul = dyn_cast<linalg::MatmulOp>(op.getOperation());
      if (!matmul) {
        if (linalg::isaContractionOpInterface(op))
          op->emitWarning()
              << "left alone: tile-opt compiles linalg.matmul, and "
                 "linalg.batch_matmul of static buffers with A and B "
                 "batched, each as stored or transposed, or one of them "
                 "broadcast (--tile-split-batch); this contraction is not "
                 "supported yet";
        return;
      }
      if (!getOperandLayout(matmul)) {
        op->emitWarning()
            << "left alone: tile-opt compiles linalg.matmul with row-major "
               "C[M,N] = A[M,K] * B[K,N], A and B row-major or transposed; "
               "broadcast operands and a transposed C are not supported yet";
        return;
      }
      if (!target) {
        matmul.emitOpError() << "cannot be configured for unknown chip '"
                             << chip << "' (known: " << knownTargetsList()
                             << ")";
        anyFailed = true;
        return;
      }
      auto config = matmul->getAttrOfType<ConfigAttr>(kConfigAttrName);
      if (!config)
        config = given;
      if (!config && !strategy) {
        matmul->emitError() << "unknown strategy '" << this->strategy
                            << "' (expected " << describeStrategies() << ")";
        anyFailed = true;
        return;
      }
      if (failed(configureMatmul(matmul, config,
                                 strategy.value_or(Strategy::Naive), *target,
                                 tuning ? &*tuning : nullptr, precision))) {
        anyFailed = true;
        return;
      }
      ++numConfigured;
    });
    if (anyFailed)
      signalPassFailure();
  }
};
} // namespace
