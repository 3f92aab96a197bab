// RUN: tile-opt %s -split-input-file -verify-diagnostics

// tile.kernel_arguments describes a kernel: it lives in one.
func.func @kernel_arguments_outside(%A: memref<4xf32>) {
  // expected-error @+1 {{'tile.kernel_arguments' op must be in a gpu.launch or gpu.func body}}
  tile.kernel_arguments %A : memref<4xf32>
  return
}
