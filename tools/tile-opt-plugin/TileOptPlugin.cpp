//===- TileOptPlugin.cpp - tile-opt as a plugin for mlir-opt -------------===//
//
// A pass plugin and a dialect plugin in one module, for an mlir-opt linked
// against the same MLIR shared library (Debian's mlir-opt-22):
//
//   mlir-opt-22 --load-dialect-plugin=lib/TileOptPlugin.so \
//               --load-pass-plugin=lib/TileOptPlugin.so \
//               in.mlir --tile-gpu-pipeline="strategy=tiled chip=sm_90a"
//
// The dialect plugin adds what registerTileOptDependencies adds (the tile
// dialect, interface models, translations); the pass plugin registers the
// passes and pipelines.
//
//===----------------------------------------------------------------------===//
#include "TileOpt/InitTileOpt.h"
#include "TileOpt/Version.h"

#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/Compiler.h"

extern "C" LLVM_ATTRIBUTE_WEAK mlir::DialectPluginLibraryInfo
mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "TileOpt", TILEOPT_VERSION,
          [](mlir::DialectRegistry *registry) {
            mlir::tileopt::registerTileOptDependencies(*registry);
          }};
}

extern "C" LLVM_ATTRIBUTE_WEAK mlir::PassPluginLibraryInfo
mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "TileOpt", TILEOPT_VERSION,
          []() { mlir::tileopt::registerTileOptPasses(); }};
}
