//===- Configure.cpp - Attach a checked #tile.config to matmuls ----------===//
//
// Implements --tile-configure: builds a `#tile.config` from the pass options
// (or keeps the one already on the op), checks the matmul is supported and
// the config fits the chip, and attaches it to each `linalg.matmul`.
//
//===----------------------------------------------------------------------===//
#include "TileOpt/Analysis/MatmulProblem.h"
#include "TileOpt/Analysis/Target.h"
#include "TileOpt/Transforms/Passes.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"

namespace mlir::tileopt {
#define GEN_PASS_DEF_CONFIGUREPASS
#include "TileOpt/Transforms/Passes.h.inc"
} // namespace mlir::tileopt

using namespace mlir;
using namespace mlir::tileopt;

/// The enum case an option names (`symbolize`), or an error at `op` naming
/// the option's value as an unknown `what` (one of `choices`).
template <typename Enum>
static std::optional<Enum>
lookupOption(Operation *op, StringRef what, StringRef value,
             std::optional<Enum> (*symbolize)(StringRef),
             const std::string &choices) {
  std::optional<Enum> result = symbolize(value);
  if (!result)
    op->emitError() << "unknown " << what << " '" << value << "' (expected "
                    << choices << ")";
  return result;
}

namespace {
struct ConfigurePass : public tileopt::impl::ConfigurePassBase<ConfigurePass> {
  using Base::Base;

  /// Builds the config the options describe, reporting errors at `op`. A
  /// tiled strategy without sizes gets the default for the problem.
  ConfigAttr buildConfig(Operation *op, const MatmulProblem &problem,
                         const TargetInfo &target) {
    std::optional<Strategy> strat = lookupOption<Strategy>(
        op, "strategy", strategy, symbolizeStrategy, describeStrategies());
    if (!strat)
      return {};
    SmallVector<int64_t> block(blockTile.begin(), blockTile.end());
    SmallVector<int64_t> thread(threadTile.begin(), threadTile.end());
    SmallVector<int64_t> warp(warpTile.begin(), warpTile.end());
    if (*strat == Strategy::Naive) {
      if (block.empty())
        block = {16, 16};
      if (block.size() == 2)
        block.push_back(1);
    }
    if (*strat == Strategy::Tiled && block.empty() && warp.empty() &&
        thread.empty()) {
      std::string why;
      ConfigAttr config = selectDefaultTiledConfig(
          op->getContext(), problem.m, problem.n, problem.k,
          problem.elementType, target, &why);
      if (!config)
        op->emitOpError() << "has no default tiled config for " << target.chip
                          << ": every candidate breaks a limit (the "
                             "smallest: "
                          << why << ")";
      return config;
    }
    if (thread.empty())
      thread = {1, 1};
    std::optional<CopyKind> copyKind = lookupOption<CopyKind>(
        op, "copy kind", copy, symbolizeCopyKind, describeCopyKinds());
    if (!copyKind)
      return {};
    std::optional<FmaOrder> order = lookupOption<FmaOrder>(
        op, "FMA order", fmaOrder, symbolizeFmaOrder, describeFmaOrders());
    if (!order)
      return {};
    auto emitError = [&]() {
      return op->emitError() << "invalid tile config: ";
    };
    return ConfigAttr::getChecked(
        emitError, op->getContext(), *strat, ArrayRef<int64_t>(block),
        ArrayRef<int64_t>(warp), ArrayRef<int64_t>(thread), int64_t(stages),
        int64_t(smemPad), *copyKind, int64_t(blocksPerSM), bool(restageA),
        *order, bool(bRowGroups), bool(streamK), bool(packB));
  }

  /// The `config` option's attribute, or an error at the root naming what
  /// is wrong with it: not a #tile.config, or given beside the options it
  /// replaces.
  FailureOr<ConfigAttr> parseConfigOption() {
    Operation *root = getOperation();
    // A field option counts as given when it is off its default (Passes.td),
    // which is what the pipeline forwards when it is not given.
    const ConfigurePassOptions defaults;
    std::pair<StringRef, bool> fields[] = {
        {"strategy", strategy != defaults.strategy},
        {"block-tile", !blockTile.empty()},
        {"warp-tile", !warpTile.empty()},
        {"thread-tile", !threadTile.empty()},
        {"stages", stages != defaults.stages},
        {"smem-pad", smemPad != defaults.smemPad},
        {"copy", copy != defaults.copy},
        {"blocks-per-sm", blocksPerSM != defaults.blocksPerSM},
        {"restage-a", restageA != defaults.restageA},
        {"fma-order", fmaOrder != defaults.fmaOrder},
        {"b-row-groups", bRowGroups != defaults.bRowGroups},
        {"stream-k", streamK != defaults.streamK},
        {"pack-b", packB != defaults.packB}};
    for (auto [name, given] : fields)
      if (given)
        return root->emitError()
               << "config= is the whole #tile.config: give it or the field "
                  "options, not both (got "
               << name << " too)";
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
    bool anyFailed = false;
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
          op->emitWarning() << "left alone: tile-opt compiles linalg.matmul "
                               "only; this contraction is not supported yet";
        return;
      }
      if (matmul.hasUserDefinedMaps()) {
        op->emitWarning()
            << "left alone: tile-opt compiles linalg.matmul with the default "
               "indexing maps (row-major C[M,N] = A[M,K] * B[K,N]); "
               "transposed or broadcast operands are not supported yet";
        return;
      }
      if (!target) {
        matmul.emitOpError() << "cannot be configured for unknown chip '"
                             << chip << "' (known: " << knownTargetsList()
                             << ")";
        anyFailed = true;
        return;
      }
      FailureOr<MatmulProblem> problem = getSupportedMatmulProblem(matmul);
      if (failed(problem)) {
        anyFailed = true;
        return;
      }
      problem->accumulate = !startsFromZero(matmul);
      auto config = matmul->getAttrOfType<ConfigAttr>(kConfigAttrName);
      if (!config)
        config = given ? given : buildConfig(matmul, *problem, *target);
      if (!config ||
          failed(checkConfigAgainstTarget(config, *target,
                                          problem->elementType, [&]() {
                                            return matmul.emitOpError();
                                          }))) {
        anyFailed = true;
        return;
      }
      std::optional<std::string> violation = findShapeViolation(
          config, problem->m, problem->n, problem->k, problem->elementType);
      if (!violation)
        violation =
            findStreamKViolation(config, problem->m, problem->n, problem->k,
                                 problem->elementType, *target);
      if (violation) {
        matmul.emitOpError() << *violation;
        anyFailed = true;
        return;
      }
      matmul->setAttr(kConfigAttrName, config);
      ++numConfigured;
    });
    if (anyFailed)
      signalPassFailure();
  }
};
} // namespace
