//===- GPUPipeline.cpp - linalg.matmul to kernel artifact ----------------===//
//
// Builds --tile-gpu-pipeline, the registered end-to-end pipeline, as numbered
// steps. Each step is a pass usable alone in tile-opt.
//
//===----------------------------------------------------------------------===//
#include "TileOpt/Pipelines/Pipelines.h"

#include "TileOpt/Analysis/Target.h"
#include "TileOpt/Transforms/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;
using namespace mlir::tileopt;

void mlir::tileopt::buildGPUPipeline(OpPassManager &pm,
                                  const GPUPipelineOptions &options) {
  // Step 1. Tensors to buffers: kernels read and write dense row-major
  // buffers, so the functions with a matmul get identity-layout memrefs at
  // their boundaries; functions without one pass through unchanged.
  pm.addPass(createBufferizePass());
  // A batch_matmul is a loop over its batch (the grid's z) of matmuls.
  pm.addPass(createSplitBatchPass());

  // Step 2. Attach a #tile.config to every matmul and check it against the
  // chip: an impossible config stops here with an error at the matmul.
  ConfigurePassOptions configure;
  configure.config = options.config;
  configure.strategy = options.strategy;
  configure.chip = options.chip;
  configure.tuningFile = options.tuningFile;
  configure.precision = options.precision;
  // The tile passes run on the whole module, so that kernel names are unique
  // across functions and a matmul anywhere in it is seen.
  pm.addPass(createConfigurePass(configure));

  // Step 3. Map each configured matmul to a gpu.launch of its strategy.
  // naive: one output per thread.
  pm.addPass(createMapNaivePass());
  // tiled: block tiles (upstream tiling interface), A/B panels staged in
  // workgroup memory, threads and register accumulators, then the two
  // barriers per K step.
  pm.addPass(createBlockTilePass());
  pm.addPass(createPromotePass());
  pm.addPass(createMapToGPUPass(MapToGPUPassOptions{options.chip}));
  pm.addPass(createInsertBarriersPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());

  // Step 4. Outline kernels into gpu.modules, keeping the tile metadata.
  pm.addPass(createOutlineKernelsPass());

  // Step 5. Attach the NVVM target: CUDA 13 needs an explicit chip and
  // PTX ISA (upstream defaults, sm_50 / +ptx60, are rejected by it).
  GpuNVVMAttachTargetOptions target;
  target.chip = options.chip;
  std::optional<TargetInfo> info = lookupTarget(options.chip);
  target.features = info ? info->ptxFeatures.str() : "+ptx80";
  target.optLevel = options.optLevel;
  pm.addPass(createGpuNVVMAttachTarget(target));

  // Step 6. Lower kernel bodies to NVVM with bare-pointer buffer arguments,
  // the ABI tile-run launches with.
  OpPassManager &gpuPm = pm.nest<gpu::GPUModuleOp>();
  // Subviews and affine index arithmetic to plain address computations.
  gpuPm.addPass(memref::createExpandStridedMetadataPass());
  gpuPm.addPass(createLowerAffinePass());
  // TMA tensor maps (copy = tma) arrive as pointers to the host-encoded
  // CUtensorMap.
  gpuPm.addPass(createTensorMapArgumentsPass());
  // cp.async copies, groups and waits (copy = async), mbarriers and TMA box
  // copies (copy = tma) to NVVM. Before the loops become blocks: a
  // loop-carried nvgpu value (a warpgroup accumulator) cannot be converted
  // once it is a block argument.
  gpuPm.addPass(createConvertNVGPUToNVVMPass());
  gpuPm.addPass(createSCFToControlFlowPass());
  // math.fma to the llvm.intr.fma intrinsic (one fma.rn.f32) before
  // gpu-to-nvvm, which would otherwise call libdevice's __nv_fmaf and make
  // the PTX depend on finding libdevice at compile time.
  gpuPm.addPass(createConvertMathToLLVMPass());
  ConvertGpuOpsToNVVMOpsOptions toNVVM;
  toNVVM.useBarePtrCallConv = true;
  gpuPm.addPass(createConvertGpuOpsToNVVMOps(toNVVM));
  // Dynamic shared memory (panels over 48 KiB) as PTX `.extern .shared`;
  // while wgmma ops are still ops (their stages need 1024-byte alignment).
  gpuPm.addPass(createExternDynamicSharedPass());
  // NVVM ops that exist only as inline PTX (mbarrier.try_wait.parity,
  // wgmma).
  gpuPm.addPass(createConvertNVVMToLLVMPass());
  gpuPm.addPass(createCanonicalizerPass());
  gpuPm.addPass(createCSEPass());
  gpuPm.addPass(createReconcileUnrealizedCastsPass());

  // Step 7. Serialize each gpu.module to PTX through LLVM's NVPTX backend.
  GpuModuleToBinaryPassOptions toBinary;
  toBinary.compilationTarget = "isa";
  pm.addPass(createGpuModuleToBinaryPass(toBinary));

  // Step 8. Write the kernel artifact (PTX, cubin via ptxas, manifest).
  if (!options.artifactDir.empty()) {
    ExportArtifactPassOptions exportOptions;
    exportOptions.artifactDir = options.artifactDir;
    exportOptions.ptxas = options.ptxas;
    pm.addPass(createExportArtifactPass(exportOptions));
  }
}

void mlir::tileopt::registerTileOptPipelines() {
  PassPipelineRegistration<GPUPipelineOptions>(
      "tile-gpu-pipeline",
      "Compile linalg.matmul to a GPU kernel artifact (PTX, cubin, manifest)",
      buildGPUPipeline);
}
