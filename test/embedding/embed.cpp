//===- embed.cpp - A compiler that embeds the tile-opt pipeline ----------===//
//
// Built against an installed TileOpt (find_package(TileOpt CONFIG)), linked
// to the MLIR shared library or to MLIR's component libraries
// (MLIR_LINK_MLIR_DYLIB). It builds a tensor-form matmul with the C++ API,
// makes its context from one registration call, registerTileOpt, and runs
// the whole pipeline to a kernel artifact:
//
//   embed ARTIFACT-DIR
//
// The module is test/embedding/matmul.mlir's, so that the artifact can be
// compared with tile-opt's for that file. Then it registers its own part
// for sm_90 (an H100 PCIe: 114 SMs, 1.755 GHz) and writes the tiling
// report of the default config for it to ARTIFACT-DIR/report.json.
//
//===----------------------------------------------------------------------===//
#include "TileOpt/Analysis/Target.h"
#include "TileOpt/InitTileOpt.h"
#include "TileOpt/Pipelines/Pipelines.h"
#include "TileOpt/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

/// func.func @matmul(%A: tensor<MxK>, %B: tensor<KxN>) -> tensor<MxN>: C =
/// A * B on f32, C zero-filled first.
static OwningOpRef<ModuleOp> buildMatmul(MLIRContext &context, int64_t m,
                                         int64_t n, int64_t k) {
  context.loadDialect<arith::ArithDialect, func::FuncDialect,
                      linalg::LinalgDialect, tensor::TensorDialect>();
  OpBuilder builder(&context);
  Location loc = builder.getUnknownLoc();
  OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
  builder.setInsertionPointToEnd(module->getBody());
  Type f32 = builder.getF32Type();
  auto a = RankedTensorType::get({m, k}, f32);
  auto b = RankedTensorType::get({k, n}, f32);
  auto c = RankedTensorType::get({m, n}, f32);
  auto func = func::FuncOp::create(builder, loc, "matmul",
                                   builder.getFunctionType({a, b}, {c}));
  builder.setInsertionPointToStart(func.addEntryBlock());
  Value zero = arith::ConstantOp::create(builder, loc, builder.getZeroAttr(f32));
  Value empty = tensor::EmptyOp::create(builder, loc, c.getShape(), f32);
  Value filled =
      linalg::FillOp::create(builder, loc, zero, empty).getResult(0);
  Value product =
      linalg::MatmulOp::create(builder, loc, TypeRange{c},
                               func.getArguments(), ValueRange{filled})
          .getResult(0);
  func::ReturnOp::create(builder, loc, product);
  return module;
}

int main(int argc, char **argv) {
  if (argc != 2) {
    llvm::errs() << "usage: embed ARTIFACT-DIR\n";
    return 2;
  }
  DialectRegistry registry;
  tileopt::registerTileOpt(registry);
  MLIRContext context(registry);
  OwningOpRef<ModuleOp> module = buildMatmul(context, 256, 192, 128);
  if (failed(verify(*module)))
    return 1;
  PassManager pm(&context);
  tileopt::GPUPipelineOptions options;
  options.strategy = "tiled";
  options.chip = "sm_90";
  options.artifactDir = argv[1];
  options.ptxas = "none";
  tileopt::buildGPUPipeline(pm, options);
  if (failed(pm.run(*module)))
    return 1;
  llvm::outs() << "embed: artifact in " << argv[1] << "\n";

  // The embedder's own description of sm_90, for every later lookup.
  std::optional<tileopt::TargetInfo> part = tileopt::lookupTarget("sm_90");
  part->numSMs = 114;
  part->boostClockHz = 1.755e9;
  part->memoryBytesPerSecond = 2.0e12;
  tileopt::registerTarget(*part);
  OwningOpRef<ModuleOp> second = buildMatmul(context, 256, 192, 128);
  PassManager reportPm(&context);
  tileopt::ConfigurePassOptions configure;
  configure.chip = "sm_90";
  reportPm.addPass(tileopt::createConfigurePass(configure));
  tileopt::ReportPassOptions report;
  report.chip = "sm_90";
  report.format = "json";
  report.output = std::string(argv[1]) + "/report.json";
  reportPm.addPass(tileopt::createReportPass(report));
  if (failed(reportPm.run(*second)))
    return 1;
  return 0;
}
