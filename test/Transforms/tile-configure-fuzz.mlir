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

// -----

// Seed 1, case 457345717 (a fuzz run of this session's CI before it
// landed): copy kind tma with rows of A of 106 floats copies A first, a
// warp per row of 32 x 32 tiles, and a 16-thread block divided by zero
// warps (SIGFPE). Now an error at the matmul.
func.func @copy_without_a_warp(%A: memref<228x106xf32>, %B: memref<106x294xf32>, %C: memref<228x294xf32>) {
  // expected-error @+1 {{the kernel copies A before the K loop a warp per row of 32 x 32 tiles: it needs a multiple of 32 threads per block, got 16}}
  linalg.matmul {tile.config = #tile.config<tiled, block = [16, 32, 4], tile = #tile.fma<thread = [4, 8], order = columns>, copy = #tile.copy<kind = tma, a = restaged>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 1>>}
    ins(%A, %B : memref<228x106xf32>, memref<106x294xf32>) outs(%C : memref<228x294xf32>)
  return
}
