// RUN: tile-opt %s -split-input-file -verify-diagnostics --pass-pipeline="builtin.module(func.func(tile-map-naive))"

func.func @tensor_form(%A: tensor<7x5xf32>, %B: tensor<5x3xf32>, %C: tensor<7x3xf32>) -> tensor<7x3xf32> {
  // expected-error @+1 {{must be in memref form to be mapped to a kernel; bufferize tensors first (--one-shot-bufferize)}}
  %0 = linalg.matmul {tile.config = #tile.config<naive, block = [16, 16, 1], tile = #tile.fma<thread = [1, 1]>>}
    ins(%A, %B : tensor<7x5xf32>, tensor<5x3xf32>) outs(%C : tensor<7x3xf32>) -> tensor<7x3xf32>
  return %0 : tensor<7x3xf32>
}

// -----

func.func @dynamic(%A: memref<?x5xf32>, %B: memref<5x3xf32>, %C: memref<?x3xf32>) {
  // expected-error @+1 {{operand A has dynamic shape 'memref<?x5xf32>': tile-opt needs static shapes}}
  linalg.matmul {tile.config = #tile.config<naive, block = [16, 16, 1], tile = #tile.fma<thread = [1, 1]>>}
    ins(%A, %B : memref<?x5xf32>, memref<5x3xf32>) outs(%C : memref<?x3xf32>)
  return
}
