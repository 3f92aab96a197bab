// RUN: tile-opt %s -split-input-file -verify-diagnostics --tile-configure="strategy=tiled chip=sm_90"

// Inputs the fuzzer (python3 -m tileopt fuzz) found mishandled, reduced;
// each names its run and case seed.

// Seed 3, case 862731435: no default candidate fits (every grid has more
// than 65535 block rows); the pass failed without a word.
func.func @tall(%A: memref<2147483647x128xf32>, %B: memref<128x4xf32>, %C: memref<2147483647x4xf32>) {
  // expected-error @+1 {{has no default tiled config for sm_90: every candidate breaks a limit (the smallest: config makes a grid of 67108864 block rows (M = 2147483647, BM = 32), but gridDim.y is at most 65535 (use a larger BM))}}
  linalg.matmul ins(%A, %B : memref<2147483647x128xf32>, memref<128x4xf32>) outs(%C : memref<2147483647x4xf32>)
  return
}
