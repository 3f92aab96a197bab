//===- Passes.td - tile-opt passes -------------------------*- tablegen -*-===//
//
// Every pass of tile-opt, in pipeline order: configure; map (naive) or
// block-tile, promote, map to GPU, insert barriers (tiled); outline; export.
// Documentation in docs/ is generated from the descriptions below.
//
//===----------------------------------------------------------------------===//
#ifndef TILEOPT_TRANSFORMS_PASSES_TD
#define TILEOPT_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

//===----------------------------------------------------------------------===//
// Step 0: buffers for the functions with a matmul.
//===----------------------------------------------------------------------===//

def BufferizePass : Pass<"tile-bufferize", "mlir::ModuleOp"> {
  let summary = "One-Shot Bufferize the functions that hold a linalg.matmul, "
                "and only them";
  let description = [{
    Upstream One-Shot Module Bufferize (function boundaries to
    identity-layout memrefs, the dense row-major buffers the kernels take),
    restricted to the functions that contain a `linalg.matmul`; every other
    function passes through unchanged. Their elementwise arith and math ops
    on tensors become `linalg.generic` ops first (upstream's
    elementwise-to-linalg patterns), so that they bufferize and a matmul's
    consumers among them can be fused into its kernel.

    Before: `func.func @f(%A: tensor<4x8xf32>, ...) -> tensor<4x2xf32> { linalg.matmul ... }`
    After: `func.func @f(%A: memref<4x8xf32>, ...) -> memref<4x2xf32>`; functions without a matmul untouched.
  }];
  let dependentDialects = ["mlir::bufferization::BufferizationDialect",
                           "mlir::memref::MemRefDialect",
                           "mlir::linalg::LinalgDialect"];
}

def SplitBatchPass : Pass<"tile-split-batch"> {
  let summary = "Split each linalg.batch_matmul into an scf.forall over its "
                "batch of linalg.matmul";
  let description = [{
    Rewrites each `linalg.batch_matmul` in memref form with static
    operands, C[b,m,n] += A[b,m,k] * B[b,k,n] with A and B each as stored
    or transposed (indexing maps `(b, m, n, k) -> (b, k, m)` for A stored
    K x M, `-> (b, n, k)` for B stored N x K; or A broadcast, `-> (m, k)`,
    one M x K matrix that every batch's matmul reads as it is, or B
    broadcast, `-> (k, n)`, where the batch does not fold), as an
    `scf.forall` over the batch, mapped to `#gpu.block<z>` and marked
    `tile.batch`, whose body runs a `linalg.matmul` on the batch's views of
    A, B and C (`memref.subview %X[%b, 0, 0] [1, R, C] [1, 1, 1]`, rank
    reduced). A `linalg.fill` of zero into C just before the batch_matmul
    moves into the loop as the fill of C's view, so the matmul is still
    known to start from zero; a transposed operand's matmul has the
    matching 2-D indexing maps. The rest of the pipeline compiles the matmul
    as one batch of the problem: `--tile-map-to-gpu` makes the loop the
    grid's z and the views the kernel's per-block operands, and the 3-D
    buffers are the kernel's arguments. A batch_matmul whose B is
    broadcast (indexing map `(b, m, n, k) -> (k, n)`, B a K x N memref)
    with dense A (not transposed) and C is one matmul instead: the batch
    folds into M (`memref.collapse_shape` of A and C to (batch x M) x K
    and x N), and so do the elementwise `linalg.generic` ops over
    (b, m, n) that follow and read its result, where every operand is read
    at (b, m, n), (b, m) or (n) (ops over the collapsed views, which fuse
    into the matmul's kernel; the first that does not fold stays as it is,
    with a remark); with A transposed it is a loop whose matmuls read B as it
    is. Other
    batch_matmuls (other indexing maps, dynamic shapes, tensors) are left
    as they are.

    Before: `linalg.batch_matmul ins(%A, %B : memref<8x64x32xf16>, memref<8x32x16xf16>) outs(%C : memref<8x64x16xf32>)`
    After: `scf.forall (%b) in (8) { linalg.matmul ins(%A_b, %B_b : memref<64x32xf16, strided<[32, 1], offset: ?>>, ...) } {mapping = [#gpu.block<z>], tile.batch}`
  }];
  let dependentDialects = ["mlir::scf::SCFDialect",
                           "mlir::memref::MemRefDialect",
                           "mlir::gpu::GPUDialect"];
  let statistics = [
    Statistic<"numSplit", "num-split", "Number of batch_matmuls split">,
  ];
}

//===----------------------------------------------------------------------===//
// Step 1: choose and check a config.
//===----------------------------------------------------------------------===//

def ConfigurePass : Pass<"tile-configure"> {
  let summary = "Attach a checked #tile.config to every linalg.matmul";
  let description = [{
    Attaches a `#tile.config` to each supported `linalg.matmul` (the one
    `config=` gives, or the default of the strategy for the shape) and checks
    it against the chip (`tileopt::findProblemViolation`); a matmul that
    already has one keeps it and is checked all the same. Unsupported
    matmuls and impossible configs are errors at the op; matmuls whose
    indexing_maps transpose A or B are configured like the others, those
    with other maps (broadcasts, C transposed) and other contractions are
    left alone with a warning. Elementwise ops after a matmul that read its
    result but cannot be fused into its kernel (docs/design.md, "Fused
    epilogues") get a remark saying why. Details: docs/design.md.

    Before: `linalg.matmul ins(%A, %B : ...) outs(%C : ...)`
    After `--tile-configure=strategy=naive`: `linalg.matmul {tile.config = #tile.config<naive, block = [16, 16, 1], tile = #tile.fma<thread = [1, 1]>>} ...`
  }];
  let dependentDialects = ["mlir::tileopt::TileDialect"];
  let options = [
    Option<"config", "config", "std::string", /*default=*/"\"\"",
           "The #tile.config for every matmul without one (quoted: "
           "config='#tile.config<...>'); none: the strategy's default">,
    Option<"strategy", "strategy", "std::string", /*default=*/"\"\"",
           "Without config=: tiled (the default: the default tiled config "
           "for the shape and chip) or naive (one output per thread, 16 x 16 "
           "blocks)">,
    Option<"chip", "chip", "std::string", /*default=*/"\"sm_90\"",
           "Target chip whose limits the config must fit (sm_80, sm_90, sm_90a)">,
    Option<"tuningFile", "tuning-file", "std::string", /*default=*/"\"\"",
           "Without config=: a tuning file (docs/tuning.md) whose entry for "
           "a matmul's problem and chip comes before the strategy's default">,
    Option<"precision", "precision", "std::string", /*default=*/"\"\"",
           "How f32 matmuls multiply: ieee (CUDA cores, exact FP32 "
           "products), tf32 (tensor cores, inputs rounded to TF32) or "
           "tf32x3 (tensor cores, FP32-class accuracy from three TF32 "
           "products; docs/precision.md). The default and tuning entries "
           "are picked for it, and a given config must have it. None: "
           "ieee, and a given config keeps its own">,
  ];
  let statistics = [
    Statistic<"numConfigured", "num-configured", "Matmuls given a config">,
  ];
}

//===----------------------------------------------------------------------===//
// Step 2 (naive strategy): map a configured matmul onto the GPU.
//===----------------------------------------------------------------------===//

def MapNaivePass : Pass<"tile-map-naive"> {
  let summary = "Map matmuls with a naive config to a one-output-per-thread gpu.launch";
  let description = [{
    Replaces each memref-form `linalg.matmul` with a `naive` config by a
    `gpu.launch` in which every thread computes one element of C (bounds
    checked, so any shape is correct), accumulating over K in a register. A
    zero `linalg.fill` of C just before it is folded in (C = A * B);
    otherwise the kernel computes C += A * B. Elementwise ops right after
    the matmul that read its result (its fused epilogue: bias, residual,
    activations, scaling, a cast) are applied to the sum before its store,
    into the last one's output, and go away with C's buffer. The launch
    carries `tile.config` and `tile.problem`. Details: docs/design.md.

    Before: `linalg.fill ins(%zero) outs(%C)` + `linalg.matmul {tile.config = #tile.config<naive, ...>} ...`
    After: `gpu.launch blocks(...) threads(...) { scf.if (%row < M && %col < N) { scf.for %k { math.fma } ; memref.store } }`
  }];
  let dependentDialects = ["mlir::gpu::GPUDialect", "mlir::scf::SCFDialect",
                           "mlir::arith::ArithDialect", "mlir::math::MathDialect",
                           "mlir::memref::MemRefDialect", "mlir::NVVM::NVVMDialect",
                           "mlir::ub::UBDialect"];
  let statistics = [
    Statistic<"numMapped", "num-mapped", "Matmuls mapped to a kernel">,
    Statistic<"numFillsFolded", "num-fills-folded", "Zero fills folded into a kernel">,
  ];
}

//===----------------------------------------------------------------------===//
// Step 2 (tiled strategy): block tiling, promotion, mapping, barriers.
//===----------------------------------------------------------------------===//

def BlockTilePass : Pass<"tile-block-tile"> {
  let summary = "Tile matmuls with a tiled config into an scf.forall of block tiles and an scf.for over K";
  let description = [{
    Tiles each memref-form `linalg.matmul` with a `tiled` config through
    upstream `scf::tileUsingSCF`: BM x BN output tiles become an
    `scf.forall` mapped to `[#gpu.block<y>, #gpu.block<x>]`, K an `scf.for`
    with step BK (`affine.min` sizes at ragged edges). A zero fill of C is
    folded away; the forall carries `tile.config` and `tile.problem`.

    Before: `linalg.matmul {tile.config = #tile.config<tiled, block = [32, 32, 32], ...>} ...`
    After: `scf.forall (%i, %j) in (65, 64) { scf.for %k = 0 to 2048 step 32 { linalg.matmul ... } } {mapping = [...]}`
  }];
  let dependentDialects = ["mlir::scf::SCFDialect", "mlir::affine::AffineDialect",
                           "mlir::gpu::GPUDialect", "mlir::memref::MemRefDialect"];
  let statistics = [
    Statistic<"numTiled", "num-tiled", "Matmuls tiled into blocks">,
  ];
}

def PromotePass : Pass<"tile-promote"> {
  let summary = "Stage the A and B panels of each K step in workgroup (shared) memory";
  let description = [{
    Inside each block-tile `scf.forall`, allocates one workgroup-memory
    buffer per panel at the top of the body (inside the future kernel):
    A as BK x BM (K-major, when TM % 4 == 0 and copies go through
    registers) or BM x BK, B as BK x BN, each row padded by `pad`. Each K
    step copies its panels into views of them (`memref.copy`, or
    `linalg.transpose` for a K-major A) and the matmul reads the views.

    After: `scf.forall { %As = memref.alloc() : memref<32x32xf32, #gpu.address_space<workgroup>> ... scf.for %k { memref.copy %Ak, %Av ... linalg.matmul ins(%Av, %Bv ...) } }`
  }];
  let dependentDialects = ["mlir::memref::MemRefDialect", "mlir::gpu::GPUDialect",
                           "mlir::linalg::LinalgDialect"];
  let statistics = [
    Statistic<"numPromoted", "num-promoted", "Panels staged in workgroup memory">,
  ];
}

def MapToGPUPass : Pass<"tile-map-to-gpu"> {
  let summary = "Map promoted block tiles to a gpu.launch with distributed copies and register accumulators";
  let description = [{
    Turns each promoted block-tile `scf.forall` into a `gpu.launch` built
    from the tile's `KernelPlan` and the parts it names (lib/Codegen/): the
    tile scheduler (data-parallel or Stream-K), the copier of the panels
    (registers, cp.async or TMA; restage_a, pack_b), the K-loop schedule,
    the scalar FMA instruction tile with its accumulators in registers, and
    the epilogue that stores C within its bounds, applying the matmul's
    fused epilogue (the elementwise ops right after the tile that read its
    result) to each value first and storing into their output instead;
    those ops and C's buffer go away. What each part emits:
    docs/design.md, "The kernel emitter as parts" and "Fused epilogues".

    Before: `scf.forall ... { memref.alloc (workgroup) ...; scf.for %k { memref.copy ...; linalg.matmul ... } }`
    After: `gpu.launch blocks(...) threads(...) { <copies>; scf.for %k iter_args(%acc...) { <FMAs> }; <stores of C> }`
  }];
  let options = [
    Option<"chip", "chip", "std::string", /*default=*/"\"sm_90\"",
           "Target chip, whose SM count sizes stream_k's grid">,
  ];
  let dependentDialects = ["mlir::gpu::GPUDialect", "mlir::scf::SCFDialect",
                           "mlir::arith::ArithDialect", "mlir::math::MathDialect",
                           "mlir::memref::MemRefDialect", "mlir::vector::VectorDialect",
                           "mlir::ub::UBDialect", "mlir::nvgpu::NVGPUDialect",
                           "mlir::NVVM::NVVMDialect"];
  let statistics = [
    Statistic<"numMapped", "num-mapped", "Block tiles mapped to a kernel">,
  ];
}

def InsertBarriersPass : Pass<"tile-insert-barriers"> {
  let summary = "Insert the gpu.barriers that workgroup-memory reuse in a loop needs";
  let description = [{
    In every `gpu.launch` body and every `scf.for` inside one, inserts the
    barriers workgroup memory needs: before the first read after a write in
    the same block (read-after-write), and at the end of a loop body that
    both writes and reads it (write-after-read). Existing barriers are not
    duplicated; K loops marked `tile.self_synchronized` are left alone.

    After: `scf.for %k { memref.store ...; gpu.barrier; memref.load ...; gpu.barrier; scf.yield }`
  }];
  let dependentDialects = ["mlir::gpu::GPUDialect"];
  let statistics = [
    Statistic<"numBarriers", "num-barriers", "Barriers inserted">,
  ];
}

//===----------------------------------------------------------------------===//
// Analysis: the tiling report (any time after --tile-configure).
//===----------------------------------------------------------------------===//

def ReportPass : Pass<"tile-report", "mlir::ModuleOp"> {
  let summary = "Report reuse, arithmetic intensity and capacity limits of each matmul's config";
  let description = [{
    For every `linalg.matmul` with a `#tile.config`, prints (text or JSON,
    docs/report.md) what the config does with it: useful and executed
    FLOPs, bytes and FLOP/byte per K step and per kernel, register reuse,
    resources and the kernel plan, occupancy and its binding limit, waves,
    the time floors, the chip limits it breaks and warnings at capacity
    cliffs. The IR is unchanged and the pass never fails.

    Example: `matmul 2048 x 2048 x 2048 (f32), #tile.config<tiled, ...>, chip sm_90` / `one K step of one block: 8192 bytes staged, 65536 FLOPs: 8.00 FLOP/byte`
  }];
  let options = [
    Option<"chip", "chip", "std::string", /*default=*/"\"sm_90\"",
           "Chip whose limits, SM count and occupancy rules apply">,
    Option<"format", "format", "std::string", /*default=*/"\"text\"",
           "text or json (docs/report.md)">,
    Option<"output", "output", "std::string", /*default=*/"\"\"",
           "File to write the report to (none: standard error; '-': "
           "standard output)">,
  ];
}

//===----------------------------------------------------------------------===//
// Step 3: outline kernels, keeping the tile metadata.
//===----------------------------------------------------------------------===//

def OutlineKernelsPass : Pass<"tile-outline-kernels", "mlir::ModuleOp"> {
  let summary = "Outline gpu.launch bodies into gpu.func kernels, keeping tile.* attributes";
  let description = [{
    Sinks constants into each `gpu.launch`, runs upstream
    `gpu-kernel-outlining`, orders each kernel's parameters as its
    `tile.kernel_arguments` lists them (the kernel ABI) and erases that op,
    and carries the `tile.*` attributes to the `gpu.launch_func` (upstream
    drops them); `blocks_per_sm = N` becomes `nvvm.minctasm = N`. A
    configured matmul that no strategy mapped is an error at the matmul.

    Before: `gpu.launch ... function(@f_matmul_0) {...} {tile.config = ...}`
    After: `gpu.launch_func @f_matmul_0_module::@f_matmul_0 ... {tile.config = ...}` and the `gpu.module`
  }];
  let dependentDialects = ["mlir::gpu::GPUDialect"];
}

def TensorMapArgumentsPass : Pass<"tile-tensor-map-arguments", "mlir::gpu::GPUModuleOp"> {
  let summary = "Pass TMA tensor maps to kernels as pointers";
  let description = [{
    Before `convert-nvgpu-to-nvvm` and `convert-gpu-to-nvvm` (whose type
    converter cannot lower a kernel argument of type
    `!nvgpu.tensormap.descriptor`), makes each such argument a generic
    `!llvm.ptr` (the device address of the host-encoded `CUtensorMap`) and
    casts it back inside the kernel; `reconcile-unrealized-casts` removes
    the casts after lowering.

    Before: `gpu.func @k(%map: !nvgpu.tensormap.descriptor<...>) kernel`
    After: `gpu.func @k(%arg: !llvm.ptr) kernel { %map = builtin.unrealized_conversion_cast %arg ... }`
  }];
  let dependentDialects = ["mlir::LLVM::LLVMDialect"];
}

def ExternDynamicSharedPass : Pass<"tile-extern-dynamic-shared", "mlir::gpu::GPUModuleOp"> {
  let summary = "Declare the dynamic shared memory symbol extern, as PTX requires";
  let description = [{
    After `convert-gpu-to-nvvm`, gives the zero-sized globals that
    `gpu.dynamic_shared_memory` lowers to `external` linkage and 128-byte
    alignment, so that the PTX declares `.extern .shared .align 128 .b8
    __dynamic_shmem__0[];` (dynamic shared memory, whose base is the
    launch's window) instead of a one-byte static variable. In a module
    with wgmma (an `nvvm.wgmma.fence.aligned`, which every wgmma step
    emits, whether its A comes from a descriptor or from registers) the
    alignment is 1024 bytes: the 128-byte swizzle of the stages takes its
    phase from address bits 7..9.

    Before: `llvm.mlir.global internal @__dynamic_shmem__0() {addr_space = 3 : i32, alignment = 16 : i64}`
    After: `llvm.mlir.global external @__dynamic_shmem__0() {addr_space = 3 : i32, alignment = 128 : i64}`
  }];
  let dependentDialects = ["mlir::LLVM::LLVMDialect"];
}

//===----------------------------------------------------------------------===//
// Step 4: write the kernel artifact.
//===----------------------------------------------------------------------===//

def ExportArtifactPass : Pass<"tile-export-artifact", "mlir::ModuleOp"> {
  let summary = "Write the kernel artifact: PTX, cubin and manifest.json";
  let description = [{
    For each `gpu.launch_func` that carries `tile.problem`, writes the
    kernel's PTX, a cubin and its `ptxas -v` resources when ptxas is
    available, and `manifest.json` (docs/manifest.md: problem, launch,
    kernel ABI, config, resources, report) into the artifact directory,
    atomically: a failure leaves no partial artifact, and a directory that
    is not empty and not a tile-opt artifact is refused. The IR is not
    changed. Details: docs/manifest.md.
  }];
  let options = [
    Option<"artifactDir", "artifact-dir", "std::string", /*default=*/"",
           "Directory to write the artifact to (an existing one is replaced only if empty or a tile-opt artifact)">,
    Option<"ptxas", "ptxas", "std::string", /*default=*/"\"auto\"",
           "ptxas to assemble cubins with: 'auto' (CUDA toolkit or PATH), "
           "'none' (PTX only), or a path">,
  ];
  let statistics = [
    Statistic<"numKernels", "num-kernels", "Kernels written">,
  ];
}

#endif // TILEOPT_TRANSFORMS_PASSES_TD
