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

#include <vector>

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
  // Diagnostics name the op by its location; printing the op as well (on by
  // default in mlir-opt) would print a whole module, PTX included, for an
  // error at it. A later --mlir-print-op-on-diagnostic on the command line
  // still wins.
  std::vector<char *> args(argv, argv + argc);
  static char quiet[] = "--mlir-print-op-on-diagnostic=false";
  args.insert(args.begin() + 1, quiet);
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      static_cast<int>(args.size()), args.data(),
      "tile-opt: tiled GPU matmul compiler\n", registry));
}
