//===- TileOps.td - The tile dialect's operation ------------*- tablegen -*-===//
//
// `tile.kernel_arguments`: the kernel ABI as IR, placed by
// --tile-map-to-gpu and consumed by --tile-outline-kernels.
//
//===----------------------------------------------------------------------===//
#ifndef TILEOPT_DIALECT_TILEOPS_TD
#define TILEOPT_DIALECT_TILEOPS_TD

include "TileOpt/Dialect/TileAttrs.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Tile_KernelArgumentsOp : Op<Tile_Dialect, "kernel_arguments",
                                [MemoryEffects<[MemWrite]>]> {
  let summary = "The kernel's parameters, in order";
  let description = [{
    The first op of a `gpu.launch` body that `--tile-map-to-gpu` or
    `--tile-map-naive` made: its
    operands are the values the kernel takes, in the order of the kernel
    ABI (the manifest's `args`). `--tile-outline-kernels` makes them the
    outlined kernel's parameters in this order and erases the op. It
    declares a write so that nothing removes or moves it before then.

    ```mlir
    gpu.launch ... {
      tile.kernel_arguments %mapA, %B, %C, %workspace, %mapB
          : !nvgpu.tensormap.descriptor<...>, memref<...>, ...
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$values);
  let assemblyFormat = "$values attr-dict `:` type($values)";
  let hasVerifier = 1;
}

#endif // TILEOPT_DIALECT_TILEOPS_TD
