//===- Pipelines.h - tile-opt pass pipelines ----------------------*- C++ -*-===//
//
// The registered end-to-end pipeline, --tile-gpu-pipeline: linalg.matmul in,
// kernel artifact (PTX, cubin, manifest) out. Its options are the passes'.
//
//===----------------------------------------------------------------------===//
#ifndef TILEOPT_PIPELINES_PIPELINES_H
#define TILEOPT_PIPELINES_PIPELINES_H

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"

namespace mlir::tileopt {

struct GPUPipelineOptions : public PassPipelineOptions<GPUPipelineOptions> {
  PassOptions::Option<std::string> config{
      *this, "config",
      llvm::cl::desc("The #tile.config for every matmul without one "
                     "(quoted: config='#tile.config<...>'); none: the "
                     "strategy's default"),
      llvm::cl::init("")};
  PassOptions::Option<std::string> strategy{
      *this, "strategy",
      llvm::cl::desc("Without config=: tiled (the default: the default tiled "
                     "config for the shape and chip) or naive (one output per "
                     "thread, 16 x 16 blocks)"),
      llvm::cl::init("")};
  PassOptions::Option<std::string> tuningFile{
      *this, "tuning-file",
      llvm::cl::desc("Without config=: a tuning file (docs/tuning.md) whose "
                     "entry for a matmul's problem and chip comes before the "
                     "strategy's default"),
      llvm::cl::init("")};
  PassOptions::Option<std::string> precision{
      *this, "precision",
      llvm::cl::desc("How f32 matmuls multiply: ieee, tf32 or tf32x3 "
                     "(--tile-configure's option, docs/precision.md)"),
      llvm::cl::init("")};
  PassOptions::Option<std::string> chip{
      *this, "chip", llvm::cl::desc("Target chip: sm_80, sm_90, sm_90a"),
      llvm::cl::init("sm_90")};
  PassOptions::Option<std::string> artifactDir{
      *this, "artifact-dir",
      llvm::cl::desc("Write the kernel artifact (manifest.json, .ptx, "
                     ".cubin) to this directory; none when empty"),
      llvm::cl::init("")};
  PassOptions::Option<std::string> ptxas{
      *this, "ptxas",
      llvm::cl::desc("ptxas for cubins: auto, none, or a path"),
      llvm::cl::init("auto")};
  PassOptions::Option<unsigned> optLevel{
      *this, "opt-level",
      llvm::cl::desc("LLVM optimisation level of the NVPTX backend"),
      llvm::cl::init(3)};
};

/// Appends the whole matmul-to-artifact pipeline to `pm` (a module pass
/// manager).
void buildGPUPipeline(OpPassManager &pm, const GPUPipelineOptions &options);

/// Registers --tile-gpu-pipeline.
void registerTileOptPipelines();

} // namespace mlir::tileopt

#endif // TILEOPT_PIPELINES_PIPELINES_H
