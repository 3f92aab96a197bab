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
    Runs upstream One-Shot Module Bufferize with function boundaries
    bufferized to identity-layout memrefs (the dense row-major buffers the
    kernels take), restricted to the functions that contain a
    `linalg.matmul`: every other function, in tensor form or not, passes
    through unchanged.

    Before:
    ```mlir
    func.func @f(%A: tensor<4x8xf32>, %B: tensor<8x2xf32>,
                 %C: tensor<4x2xf32>) -> tensor<4x2xf32> {
      %0 = linalg.matmul ins(%A, %B : ...) outs(%C : ...) -> tensor<4x2xf32>
      return %0 : tensor<4x2xf32>
    }
    func.func @g(%x: tensor<4xf32>) -> tensor<4xf32> { return %x : ... }
    ```
    After: `@f` takes and returns `memref`s; `@g` is untouched.
  }];
  let dependentDialects = ["mlir::bufferization::BufferizationDialect",
                           "mlir::memref::MemRefDialect"];
}

//===----------------------------------------------------------------------===//
// Step 1: choose and check a config.
//===----------------------------------------------------------------------===//

def ConfigurePass : Pass<"tile-configure"> {
  let summary = "Attach a checked #tile.config to every linalg.matmul";
  let description = [{
    Attaches to each `linalg.matmul` below the op it runs on (the tile
    passes run on any op: `tile-opt --tile-configure` on a module works) a
    `#tile.config` built
    from the pass options, after checking that the matmul is supported (f32
    operands in global memory, static shapes within cuBLAS's int range, A and
    B apart from C, a host function of the outermost module) and that the
    config fits the chip (`tileopt::checkConfigAgainstTarget`: threads per block,
    shared memory, registers). A matmul that already carries a `tile.config`
    keeps it (explicit IR wins over options); it is checked all the same.

    Any failure is an error at the offending op and fails the pass. A
    matmul with other indexing maps (transposed operands) and the other
    contractions (`linalg.batch_matmul`, `linalg.matvec`, ...) are left
    alone, with a warning at each.

    Before:
    ```mlir
    linalg.matmul ins(%A, %B : memref<64x32xf32>, memref<32x48xf32>)
                  outs(%C : memref<64x48xf32>)
    ```
    After `--tile-configure="strategy=naive block-tile=16,16"`:
    ```mlir
    linalg.matmul {tile.config = #tile.config<naive, block = [16, 16, 1],
                                              thread = [1, 1], stages = 1>}
                  ins(%A, %B : ...) outs(%C : ...)
    ```
  }];
  let dependentDialects = ["mlir::tileopt::TileDialect"];
  let options = [
    Option<"config", "config", "std::string", /*default=*/"\"\"",
           "The whole #tile.config for every matmul (quoted: "
           "config='#tile.config<...>'); replaces the options below">,
    Option<"strategy", "strategy", "std::string", /*default=*/"\"naive\"",
           "Code generation strategy: naive (one output per thread) or tiled">,
    Option<"chip", "chip", "std::string", /*default=*/"\"sm_90\"",
           "Target chip whose limits the config must fit (sm_80, sm_90, sm_90a)">,
    ListOption<"blockTile", "block-tile", "int64_t",
               "Block tile BM,BN[,BK] (naive: the thread-block shape, default 16,16)">,
    ListOption<"warpTile", "warp-tile", "int64_t",
               "Warp tile WM,WN (tiled strategy only)">,
    ListOption<"threadTile", "thread-tile", "int64_t",
               "Thread tile TM,TN (default 1,1)">,
    Option<"stages", "stages", "int64_t", /*default=*/"1",
           "Shared-memory buffers per operand">,
    Option<"smemPad", "smem-pad", "int64_t", /*default=*/"0",
           "Elements of padding per shared-memory panel row (tiled strategy)">,
    Option<"copy", "copy", "std::string", /*default=*/"\"registers\"",
           "How panels reach shared memory: registers, async (cp.async, "
           "stages >= 2) or tma (TMA boxes on an mbarrier, sm_90, stages >= 2)">,
    Option<"blocksPerSM", "blocks-per-sm", "int64_t", /*default=*/"0",
           "Blocks the kernel must fit per SM (caps its registers; 0: no "
           "request)">,
    Option<"restageA", "restage-a", "bool", /*default=*/"false",
           "copy = tma: re-stage A's boxes K-major in shared memory before "
           "the FMAs read them">,
    Option<"fmaOrder", "fma-order", "std::string", /*default=*/"\"rows\"",
           "Order of a thread's FMAs per k: rows or columns (serpentine "
           "either way)">,
    Option<"bRowGroups", "b-row-groups", "bool", /*default=*/"false",
           "copy = tma: describe B as rows of 4 rows and bring each class k "
           "mod 4 of panel rows as its own boxes (B of any N)">,
    Option<"streamK", "stream-k", "bool", /*default=*/"false",
           "copy = tma, blocks-per-sm > 0: split the K steps of all tiles "
           "evenly over one resident wave of blocks (Stream-K), partial "
           "sums through a workspace">,
    Option<"packB", "pack-b", "bool", /*default=*/"false",
           "copy = tma, blocks-per-sm > 0: the blocks first copy B into a "
           "workspace with 128-byte-aligned rows, then (after a grid-wide "
           "barrier) bring B's boxes from there (B of any N)">,
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
    Replaces each memref-form `linalg.matmul` whose `#tile.config` has the
    `naive` strategy by a `gpu.launch` in which every thread computes one
    element of C: grid ceil(N/BN) x ceil(M/BM), block BN x BM threads, the
    thread's (row, col) checked against (M, N) so any M, N, K >= 1 is correct,
    and the dot product over K accumulated in a register (`math.fma`).

    When the matmul's output buffer is filled with zero by a `linalg.fill`
    just before it, the fill is folded into the kernel (the accumulator starts
    at zero; C is only written): the kernel computes C = A * B. Otherwise it
    computes C += A * B, as `linalg.matmul` does. The launch is named
    `@<function>_matmul_<i>` and carries `tile.config` and `tile.problem`
    (M, N, K, element type, accumulate) for the artifact writer.

    Before:
    ```mlir
    linalg.fill ins(%zero : f32) outs(%C : memref<33x45xf32>)
    linalg.matmul {tile.config = #tile.config<naive, block = [16, 16, 1], ...>}
        ins(%A, %B : memref<33x17xf32>, memref<17x45xf32>)
        outs(%C : memref<33x45xf32>)
    ```
    After (abridged):
    ```mlir
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c3, %gy = %c3, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c16, %sy = %c16, %sz = %c1)
               module(@f_matmul_0_module) function(@f_matmul_0) {
      %row = by * 16 + ty ; %col = bx * 16 + tx
      scf.if (%row < 33 && %col < 45) {
        %acc = scf.for %k = 0 to 17 iter_args(%s = 0.0) { math.fma ... }
        memref.store %acc, %C[%row, %col]
      }
    }
    ```
  }];
  let dependentDialects = ["mlir::gpu::GPUDialect", "mlir::scf::SCFDialect",
                           "mlir::arith::ArithDialect", "mlir::math::MathDialect",
                           "mlir::memref::MemRefDialect"];
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
    For each memref-form `linalg.matmul` whose `#tile.config` has the
    `tiled` strategy, runs upstream `scf::tileUsingSCF` twice: BM x BN output
    tiles become an `scf.forall` mapped to `[#gpu.block<y>, #gpu.block<x>]`,
    then the K dimension of each tile becomes an `scf.for` with step BK. Where
    M, N or K do not divide the tile, the tile sizes are `affine.min`s, so the
    last tiles are partial.

    A zero `linalg.fill` of C right before the matmul is folded away: the
    forall then carries `tile.problem` with `accumulate = false` (and the
    `tile.config`), which the later passes read.

    Before:
    ```mlir
    linalg.matmul {tile.config = #tile.config<tiled, block = [32, 32, 32], ...>}
      ins(%A, %B : memref<2053x2048xf32>, memref<2048x2039xf32>)
      outs(%C : memref<2053x2039xf32>)
    ```
    After:
    ```mlir
    scf.forall (%i, %j) in (65, 64) {
      %m = affine.min affine_map<(d0) -> (d0 * -32 + 2053, 32)>(%i)
      ...
      scf.for %k = %c0 to %c2048 step %c32 {
        linalg.matmul ins(%Ak, %Bk : memref<?x32xf32, ...>, memref<32x?xf32, ...>)
                      outs(%Cij : memref<?x?xf32, ...>)
      }
    } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.config = ..., tile.problem = ...}
    ```
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
    Inside every block-tile `scf.forall` made by `--tile-block-tile`, allocates
    one buffer for A (BK x BM, K-major, when the thread tile has TM % 4 == 0
    so that a thread's A values for one k are one 16-byte load; else BM x BK)
    and one BK x BN buffer for B (each row padded by the config's `pad`) in
    workgroup memory
    (`#gpu.address_space<workgroup>`) at the top of the forall body, that is
    inside the future kernel (upstream promotion puts them at function entry).
    In the K loop, each panel is copied into a view of its buffer
    (`memref.copy`, or `linalg.transpose` for a K-major A) and the matmul reads
    the views (a K-major A through `memref.transpose`).

    After (abridged):
    ```mlir
    scf.forall (%i, %j) in (65, 64) {
      %As = memref.alloc() : memref<32x32xf32, #gpu.address_space<workgroup>>
      %Bs = memref.alloc() : memref<32x32xf32, #gpu.address_space<workgroup>>
      scf.for %k = ... {
        %Av = memref.subview %As[0, 0] [%m, 32] [1, 1]
        memref.copy %Ak, %Av
        ...
        linalg.matmul ins(%Av, %Bv : ...) outs(%Cij : ...)
      }
    }
    ```
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
    the epilogue that stores C within its bounds. What each part emits:
    docs/design.md, "The kernel emitter as parts".

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
    In the body of every `gpu.launch` and of every `scf.for` inside one,
    inserts exactly the barriers correctness needs:

    1. before the first operation that reads workgroup memory after it was
       written in the same block (read-after-write: every thread's part of
       the panel has landed before anyone computes; this also covers a
       prologue that stages the first panel before the K loop), and
    2. at the end of a loop body that both writes and reads workgroup memory
       (write-after-read: nobody overwrites a panel in the next iteration
       while another thread still reads it).

    With two stages the K loop reads one buffer and then writes the other,
    so rule 1 finds nothing inside it and rule 2 leaves one barrier per step.

    A barrier already in place is not duplicated; loops that touch workgroup
    memory only one way get none.

    After (abridged):
    ```mlir
    scf.for %k = ... iter_args(%acc = ...) {
      memref.store %a, %As[...]      // distributed copies
      gpu.barrier
      %x = memref.load %As[...]      // compute
      ...
      gpu.barrier
      scf.yield %acc2
    }
    ```
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
    For every `linalg.matmul` with a `#tile.config`, computes (from the same
    config and target description the passes use, `tileopt::computeTileReport`)
    and prints:

    * useful vs executed FLOPs, with the padding of partial edge tiles split
      into rows, columns and K, and the count of full, right-edge,
      bottom-edge and corner tiles;
    * per K step of one block: bytes staged ((BM*BK + BK*BN) * element size),
      FLOPs (2*BM*BN*BK) and FLOP/byte; the same for the whole kernel's
      global traffic without cache reuse, and for the naive schedule;
    * per thread and k: values read from shared memory vs FMAs done with them;
    * threads, shared memory (all stages), accumulators and estimated
      registers per thread; resident blocks per SM under each limit
      (threads, registers, shared memory, blocks) and the binding one;
    * blocks, SMs, waves and wave efficiency;
    * for f32, the floors: the FP32 CUDA-core peak and the memory bandwidth
      of the chip's default part, the time the executed FLOPs take at the
      peak (also at the grid's wave efficiency) and the time the bytes
      without reuse take at the bandwidth, and which one bounds the kernel;
    * the chip limits the config breaks, and warnings at capacity cliffs.

    The IR is not changed, and the pass never fails: an unknown chip or a
    config that does not fit is reported, not rejected. Element types need
    not be supported by the code generator (an f16 config can be studied).

    Example (`--tile-report="chip=sm_90 format=text"`), abridged:
    ```
    matmul 2048 x 2048 x 2048 (f32), #tile.config<tiled, block = [32, 32, 32], ...>, chip sm_90
      one K step of one block: 8192 bytes staged, 65536 FLOPs: 8.00 FLOP/byte
    ```
  }];
  let options = [
    Option<"chip", "chip", "std::string", /*default=*/"\"sm_90\"",
           "Chip whose limits, SM count and occupancy rules apply">,
    Option<"format", "format", "std::string", /*default=*/"\"text\"",
           "text or json (docs/report.md)">,
    Option<"output", "output", "std::string", /*default=*/"\"-\"",
           "File to write the report to ('-': standard output)">,
  ];
}

//===----------------------------------------------------------------------===//
// Step 3: outline kernels, keeping the tile metadata.
//===----------------------------------------------------------------------===//

def OutlineKernelsPass : Pass<"tile-outline-kernels", "mlir::ModuleOp"> {
  let summary = "Outline gpu.launch bodies into gpu.func kernels, keeping tile.* attributes";
  let description = [{
    Sinks constants into each `gpu.launch` (so that a kernel's parameters
    are only its buffers, A, B, C), runs upstream `gpu-kernel-outlining`, and
    carries the `tile.config` and
    `tile.problem` attributes of each `gpu.launch` to the `gpu.launch_func`
    that replaces it (upstream outlining drops discardable attributes), so the
    artifact writer can describe every kernel. A config's `blocks_per_sm = N`
    becomes the kernel's `nvvm.minctasm = N` (PTX `.minnctapersm N`). A `linalg.matmul` that still
    carries a `tile.config` here was not mapped by any strategy; that is an
    error at the matmul rather than a silently missing kernel.

    Before:
    ```mlir
    gpu.launch ... function(@f_matmul_0) { ... } {tile.config = #tile.config<...>}
    ```
    After:
    ```mlir
    gpu.launch_func @f_matmul_0_module::@f_matmul_0 ... {tile.config = ...}
    gpu.module @f_matmul_0_module { gpu.func @f_matmul_0(...) kernel { ... } }
    ```
  }];
  let dependentDialects = ["mlir::gpu::GPUDialect"];
}

def TensorMapArgumentsPass : Pass<"tile-tensor-map-arguments", "mlir::gpu::GPUModuleOp"> {
  let summary = "Pass TMA tensor maps to kernels as pointers";
  let description = [{
    Runs before `convert-nvgpu-to-nvvm` and `convert-gpu-to-nvvm`, whose type
    converter does not know `!nvgpu.tensormap.descriptor` and so cannot lower
    a kernel that takes one. Each such kernel argument becomes a generic
    `!llvm.ptr`: the device address of the 128-byte `CUtensorMap` the host
    encoded (`cuTensorMapEncodeTiled`) and copied to global memory, which is
    what upstream's host lowering of `nvgpu.tma.create.descriptor` passes
    too. Inside the kernel an `unrealized_conversion_cast` gives the pointer
    the descriptor type back; `convert-nvgpu-to-nvvm` then lowers
    `nvgpu.tma.async.load` onto the pointer and
    `reconcile-unrealized-casts` removes the casts.

    Before:
    ```mlir
    gpu.func @k(%map: !nvgpu.tensormap.descriptor<...>) kernel {
      nvgpu.tma.async.load %map[%x, %y], %bar[%i] to %dst : ...
    ```
    After:
    ```mlir
    gpu.func @k(%arg: !llvm.ptr) kernel {
      %map = builtin.unrealized_conversion_cast %arg
          : !llvm.ptr to !nvgpu.tensormap.descriptor<...>
      nvgpu.tma.async.load %map[%x, %y], %bar[%i] to %dst : ...
    ```
  }];
  let dependentDialects = ["mlir::LLVM::LLVMDialect"];
}

def ExternDynamicSharedPass : Pass<"tile-extern-dynamic-shared", "mlir::gpu::GPUModuleOp"> {
  let summary = "Declare the dynamic shared memory symbol extern, as PTX requires";
  let description = [{
    Runs after `convert-gpu-to-nvvm`. Upstream lowers
    `gpu.dynamic_shared_memory` to an `internal` zero-sized global in address
    space 3, which the NVPTX backend emits as a one-byte *static* shared
    variable (`.shared .b8 __dynamic_shmem__0;`); kernels then index past it
    into the dynamic window by accident of layout. This pass gives those
    globals `external` linkage, so that the PTX declares
    `.extern .shared .align 128 .b8 __dynamic_shmem__0[];`, the PTX form of
    dynamic shared memory, whose base is the start of the launch's dynamic
    window. The alignment is raised to 128 bytes, what TMA box destinations
    (`copy = tma`) need.

    Before:
    ```mlir
    llvm.mlir.global internal @__dynamic_shmem__0() {addr_space = 3 : i32,
        alignment = 16 : i64} : !llvm.array<0 x i8>
    ```
    After:
    ```mlir
    llvm.mlir.global external @__dynamic_shmem__0() {addr_space = 3 : i32,
        alignment = 128 : i64} : !llvm.array<0 x i8>
    ```
  }];
  let dependentDialects = ["mlir::LLVM::LLVMDialect"];
}

//===----------------------------------------------------------------------===//
// Step 4: write the kernel artifact.
//===----------------------------------------------------------------------===//

def ExportArtifactPass : Pass<"tile-export-artifact", "mlir::ModuleOp"> {
  let summary = "Write the kernel artifact: PTX, cubin and manifest.json";
  let description = [{
    For each `gpu.launch_func` that carries `tile.problem`, takes the PTX of
    its kernel from the `gpu.binary` produced by
    `gpu-module-to-binary{format=isa}` and writes `<kernel>.ptx` into the
    artifact directory. When `ptxas` is available it assembles
    `<kernel>.cubin` for the binary's chip and records the resource usage that
    `ptxas -v` prints (registers, shared memory, spill stores and loads, stack
    frame). Finally it writes `manifest.json` (schema: docs/manifest.md):
    kernel name, target, problem, launch dimensions, argument order, config,
    resources, and the tiling report (docs/report.md) with occupancy
    recomputed from the real register count.

    The directory is written to a temporary sibling and renamed into place
    only when everything succeeded: a failure (unwritable directory, ptxas
    rejecting the PTX, a launch without constant dimensions) is an error at
    the offending op and leaves no partial artifact. An existing directory
    is replaced only when it is empty or a tile-opt artifact holding nothing
    but the files its manifest names; any other directory, a file, a
    symbolic link and the working directory or its ancestors are refused
    (docs/manifest.md). The IR is not changed.
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
