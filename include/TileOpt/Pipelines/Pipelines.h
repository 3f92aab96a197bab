//===- Pipelines.h - tile-opt pass pipelines ----------------------*- C++ -*-===//
//
// The registered end-to-end pipeline, --tile-gpu-pipeline: linalg.matmul in,
// kernel artifact (PTX, cubin, manifest) out. Its options mirror the passes'.
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
      llvm::cl::desc("The whole #tile.config for every matmul (quoted: "
                     "config='#tile.config<...>'); replaces strategy, "
                     "block-tile and the other config options"),
      llvm::cl::init("")};
  PassOptions::Option<std::string> strategy{
      *this, "strategy",
      llvm::cl::desc("Code generation strategy: naive or tiled"),
      llvm::cl::init("naive")};
  PassOptions::Option<std::string> chip{
      *this, "chip", llvm::cl::desc("Target chip: sm_80, sm_90, sm_90a"),
      llvm::cl::init("sm_90")};
  PassOptions::ListOption<int64_t> blockTile{
      *this, "block-tile",
      llvm::cl::desc("Block tile BM,BN[,BK] (naive: thread-block shape, "
                     "default 16,16)")};
  PassOptions::ListOption<int64_t> warpTile{
      *this, "warp-tile", llvm::cl::desc("Warp tile WM,WN")};
  PassOptions::ListOption<int64_t> threadTile{
      *this, "thread-tile", llvm::cl::desc("Thread tile TM,TN (default 1,1)")};
  PassOptions::Option<int64_t> stages{
      *this, "stages", llvm::cl::desc("Shared-memory buffers per operand"),
      llvm::cl::init(1)};
  PassOptions::Option<int64_t> smemPad{
      *this, "smem-pad",
      llvm::cl::desc("Elements of padding per shared-memory panel row"),
      llvm::cl::init(0)};
  PassOptions::Option<std::string> copy{
      *this, "copy",
      llvm::cl::desc("How panels reach shared memory: registers, async "
                     "(cp.async, stages >= 2) or tma (TMA boxes on an "
                     "mbarrier, sm_90, stages >= 2)"),
      llvm::cl::init("registers")};
  PassOptions::Option<int64_t> blocksPerSM{
      *this, "blocks-per-sm",
      llvm::cl::desc("Blocks the kernel must fit per SM (caps its registers; "
                     "0: no request)"),
      llvm::cl::init(0)};
  PassOptions::Option<bool> restageA{
      *this, "restage-a",
      llvm::cl::desc("copy = tma: re-stage A's boxes K-major in shared "
                     "memory before the FMAs read them"),
      llvm::cl::init(false)};
  PassOptions::Option<std::string> fmaOrder{
      *this, "fma-order",
      llvm::cl::desc("Order of a thread's FMAs per k: rows or columns "
                     "(serpentine either way)"),
      llvm::cl::init("rows")};
  PassOptions::Option<bool> bRowGroups{
      *this, "b-row-groups",
      llvm::cl::desc("copy = tma: describe B as rows of 4 rows and bring "
                     "each class k mod 4 of panel rows as its own boxes (B "
                     "of any N)"),
      llvm::cl::init(false)};
  PassOptions::Option<bool> streamK{
      *this, "stream-k",
      llvm::cl::desc("copy = tma, blocks-per-sm > 0: split the K steps of "
                     "all tiles evenly over one resident wave of blocks "
                     "(Stream-K), partial sums through a workspace"),
      llvm::cl::init(false)};
  PassOptions::Option<bool> packB{
      *this, "pack-b",
      llvm::cl::desc("copy = tma, blocks-per-sm > 0: the blocks first copy "
                     "B into a workspace with 128-byte-aligned rows, then "
                     "(after a grid-wide barrier) bring B's boxes from "
                     "there (B of any N)"),
      llvm::cl::init(false)};
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
