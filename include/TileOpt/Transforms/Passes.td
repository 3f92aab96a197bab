//===- Passes.td - tile-opt passes -------------------------*- tablegen -*-===//
//
// Every pass of tile-opt, in pipeline order: configure, map, outline, export.
// Documentation in docs/ is generated from the descriptions below.
//
//===----------------------------------------------------------------------===//
#ifndef TILEOPT_TRANSFORMS_PASSES_TD
#define TILEOPT_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

//===----------------------------------------------------------------------===//
// Step 1: choose and check a config.
//===----------------------------------------------------------------------===//

def ConfigurePass : InterfacePass<"tile-configure", "mlir::FunctionOpInterface"> {
  let summary = "Attach a checked #tile.config to every linalg.matmul";
  let description = [{
    Attaches to each `linalg.matmul` of the function a `#tile.config` built
    from the pass options, after checking that the matmul is supported (f32
    operands, static shapes, the default row-major indexing maps) and that the
    config fits the chip (`tile::checkConfigAgainstTarget`: threads per block,
    shared memory, registers). A matmul that already carries a `tile.config`
    keeps it (explicit IR wins over options); it is checked all the same.

    Any failure is an error at the offending op and fails the pass.

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
  let dependentDialects = ["mlir::tile::TileDialect"];
  let options = [
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
  ];
  let statistics = [
    Statistic<"numConfigured", "num-configured", "Matmuls given a config">,
  ];
}

//===----------------------------------------------------------------------===//
// Step 2: map a configured matmul onto the GPU.
//===----------------------------------------------------------------------===//

def MapNaivePass : InterfacePass<"tile-map-naive", "mlir::FunctionOpInterface"> {
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
// Step 3: outline kernels, keeping the tile metadata.
//===----------------------------------------------------------------------===//

def OutlineKernelsPass : Pass<"tile-outline-kernels", "mlir::ModuleOp"> {
  let summary = "Outline gpu.launch bodies into gpu.func kernels, keeping tile.* attributes";
  let description = [{
    Runs upstream `gpu-kernel-outlining` and carries the `tile.config` and
    `tile.problem` attributes of each `gpu.launch` to the `gpu.launch_func`
    that replaces it (upstream outlining drops discardable attributes), so the
    artifact writer can describe every kernel. A `linalg.matmul` that still
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
    kernel name, target, problem, launch dimensions, argument order, config
    and resources.

    The directory is written to a temporary sibling and renamed into place
    only when everything succeeded: a failure (unwritable directory, ptxas
    rejecting the PTX, a launch without constant dimensions) is an error at
    the offending op and leaves no partial artifact. The IR is not changed.
  }];
  let options = [
    Option<"artifactDir", "artifact-dir", "std::string", /*default=*/"",
           "Directory to write the artifact to (replaced if it exists)">,
    Option<"ptxas", "ptxas", "std::string", /*default=*/"\"auto\"",
           "ptxas to assemble cubins with: 'auto' (CUDA toolkit or PATH), "
           "'none' (PTX only), or a path">,
  ];
  let statistics = [
    Statistic<"numKernels", "num-kernels", "Kernels written">,
  ];
}

#endif // TILEOPT_TRANSFORMS_PASSES_TD
