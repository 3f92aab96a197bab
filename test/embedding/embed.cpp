//===- embed.cpp - A compiler that embeds the tile-opt passes ------------===//
//
// Built against an installed TileOpt (find_package(TileOpt CONFIG)): parses a
// matmul, runs --tile-configure and the tiling report through the public
// API, and prints the configured module.
//
//===----------------------------------------------------------------------===//
#include "TileOpt/InitTileOpt.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/raw_ostream.h"

int main() {
  mlir::DialectRegistry registry;
  registry.insert<mlir::func::FuncDialect, mlir::linalg::LinalgDialect>();
  mlir::tileopt::registerTileOptDialects(registry);
  mlir::tileopt::registerTileOptPasses();
  mlir::MLIRContext context(registry);
  const char *source = R"mlir(
    func.func @f(%A: memref<64x32xf32>, %B: memref<32x48xf32>, %C: memref<64x48xf32>) {
      linalg.matmul ins(%A, %B : memref<64x32xf32>, memref<32x48xf32>)
                    outs(%C : memref<64x48xf32>)
      return
    })mlir";
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceString<mlir::ModuleOp>(source, &context);
  if (!module)
    return 1;
  mlir::PassManager pm(&context);
  mlir::tileopt::ConfigurePassOptions options;
  options.config =
      "#tile.config<tiled, block = [32, 16, 8], tile = #tile.fma<thread = [1, 1]>>";
  pm.addNestedPass<mlir::func::FuncOp>(
      mlir::tileopt::createConfigurePass(options));
  if (mlir::failed(pm.run(*module)))
    return 2;
  module->print(llvm::outs());
  return 0;
}
