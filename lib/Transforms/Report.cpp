//===- Report.cpp - The --tile-report analysis pass ----------------------===//
//
// Implements --tile-report: runs `computeTileReport` for every configured
// linalg.matmul and prints it as text or JSON. The IR is left unchanged.
//
//===----------------------------------------------------------------------===//
#include "TileOpt/Analysis/Report.h"
#include "TileOpt/Analysis/MatmulProblem.h"
#include "TileOpt/Transforms/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/ToolOutputFile.h"

namespace mlir::tileopt {
#define GEN_PASS_DEF_REPORTPASS
#include "TileOpt/Transforms/Passes.h.inc"
} // namespace mlir::tileopt

using namespace mlir;
using namespace mlir::tileopt;
namespace json = llvm::json;

namespace {
struct ReportPass : public tileopt::impl::ReportPassBase<ReportPass> {
  using Base::Base;

  void runOnOperation() override {
    if (format != "text" && format != "json") {
      mlir::emitError(getOperation().getLoc())
          << "--tile-report format must be 'text' or 'json', got '" << format
          << "'";
      return signalPassFailure();
    }
    std::optional<TargetInfo> target = lookupTarget(chip);
    std::string text;
    llvm::raw_string_ostream os(text);
    json::Array entries;
    getOperation().walk([&](linalg::MatmulOp matmul) {
      auto fn = matmul->getParentOfType<FunctionOpInterface>();
      std::string where = fn ? fn.getName().str() : std::string("?");
      auto config = matmul->getAttrOfType<ConfigAttr>(kConfigAttrName);
      auto a = dyn_cast<ShapedType>(matmul.getDpsInputs()[0].getType());
      auto c = dyn_cast<ShapedType>(matmul.getDpsInits()[0].getType());
      std::optional<OperandLayout> layout = getOperandLayout(matmul);
      // K: A's columns, or its rows where A is stored transposed.
      int kDim = layout && layout->transposeA ? 0 : 1;
      std::string problem;
      if (!config)
        problem = "no #tile.config (run --tile-configure first)";
      else if (!a || !c || !a.hasStaticShape() || !c.hasStaticShape() ||
               a.getRank() != 2 || c.getRank() != 2 ||
               !a.getElementType().isIntOrFloat())
        problem = "needs static 2-D operands of a scalar element type";
      else if (!layout)
        problem = "has indexing maps tile-opt does not compile (broadcast "
                  "operands or a transposed C)";
      else if (std::optional<std::string> violation =
                   findSizeViolation(c.getDimSize(0), c.getDimSize(1),
                                     a.getDimSize(kDim), a.getElementType()))
        problem = "the matmul " + *violation;
      else if (std::optional<std::string> violation =
                   findGridViolation(config, c.getDimSize(0), c.getDimSize(1),
                                     a.getDimSize(kDim)))
        problem = *violation;
      if (!problem.empty()) {
        if (format == "json")
          entries.push_back(
              json::Object{{"function", where}, {"error", problem}});
        else
          os << "matmul in @" << where << ": " << problem << "\n";
        return;
      }
      MatmulProblem matmulProblem{c.getDimSize(0),
                                  c.getDimSize(1),
                                  a.getDimSize(kDim),
                                  a.getElementType(),
                                  /*accumulate=*/!startsFromZero(matmul),
                                  c.getElementType(),
                                  *layout};
      std::string why;
      // One batch of a batch_matmul (--tile-split-batch): the batch, and
      // whether A or B is every batch's.
      if (FailureOr<MatmulProblem> analyzed = analyzeMatmulProblem(matmul, why);
          succeeded(analyzed)) {
        matmulProblem.batch = analyzed->batch;
        matmulProblem.broadcastA = analyzed->broadcastA;
        matmulProblem.broadcastB = analyzed->broadcastB;
      }
      Operation *refused;
      if (std::optional<EpilogueChain> chain =
              getEpilogueChain(matmul, why, refused))
        matmulProblem.epilogue = chain->epilogue;
      TileReport report = computeTileReport(matmulProblem, config, chip,
                                            target ? &*target : nullptr);
      if (format == "json") {
        json::Object entry{{"function", where}};
        json::Value body = toJson(report);
        for (auto &kv : *body.getAsObject())
          entry[kv.first] = std::move(kv.second);
        entries.push_back(std::move(entry));
      } else {
        os << "@" << where << ": ";
        printText(os, report);
      }
    });
    if (format == "json")
      os << llvm::formatv("{0:2}", json::Value(std::move(entries))) << "\n";

    // Standard error by default, so that the report never mixes with the IR
    // on standard output.
    if (output.empty()) {
      llvm::errs() << text;
      markAllAnalysesPreserved();
      return;
    }
    std::string error;
    auto file = openOutputFile(output, &error);
    if (!file) {
      mlir::emitError(getOperation().getLoc())
          << "cannot write the report: " << error;
      return signalPassFailure();
    }
    file->os() << text;
    file->keep();
    markAllAnalysesPreserved();
  }
};
} // namespace
