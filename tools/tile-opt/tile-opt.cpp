//===- tile-opt.cpp - The tile-opt driver --------------------------------===//
//
// An mlir-opt-style driver: every upstream dialect, pass and extension, the
// LLVM IR translations that gpu-module-to-binary needs, and tile-opt's own
// dialect, passes and pipelines.
//
//===----------------------------------------------------------------------===//
#include "TileOpt/InitTileOpt.h"
#include "TileOpt/Version.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

int main(int argc, char **argv) {
  mlir::registerAllPasses();
  mlir::tileopt::registerTileOptPasses();

  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  mlir::registerAllToLLVMIRTranslations(registry);
  mlir::tileopt::registerTileOptDialects(registry);

  llvm::cl::AddExtraVersionPrinter([](llvm::raw_ostream &os) {
    os << "tile-opt " << TILEOPT_VERSION << " (MLIR " << TILEOPT_MLIR_VERSION
       << ")\n";
  });
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "tile-opt: tiled GPU matmul compiler\n", registry));
}
