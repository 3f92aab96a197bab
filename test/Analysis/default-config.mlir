// RUN: tile-opt %s -split-input-file --pass-pipeline="builtin.module(func.func(tile-configure{strategy=tiled chip=sm_90}))" | FileCheck %s
// RUN: tile-opt %s -split-input-file --pass-pipeline="builtin.module(func.func(tile-configure{strategy=tiled chip=sm_80}))" | FileCheck %s --check-prefix=SM80

// The default tiled config (strategy=tiled without sizes), per shape, on the
// H200 (132 SMs) and the A100 (108 SMs). See docs/design.md, "Default config".

// 2048^2 outputs: 128 x 128 tiles give 256 blocks for 132 SMs x 2 resident
// blocks, one wave 97 % full.
// CHECK-LABEL: func.func @square_2048
// CHECK: #tile.config<tiled, block = [128, 128, 16], warp = [64, 32], thread = [8, 8], stages = 1, pad = 4>
// SM80-LABEL: func.func @square_2048
// SM80: #tile.config<tiled, block = [128, 128, 16], warp = [64, 32], thread = [8, 8], stages = 1, pad = 4>
func.func @square_2048(%A: memref<2048x2048xf32>, %B: memref<2048x2048xf32>, %C: memref<2048x2048xf32>) {
  linalg.matmul ins(%A, %B : memref<2048x2048xf32>, memref<2048x2048xf32>) outs(%C : memref<2048x2048xf32>)
  return
}

// -----

// 2053 x 2039: 128 x 128 tiles make 272 blocks, 2 waves of 264 with the second
// 3 % full (52 % overall); 64 x 128 tiles make 528 blocks in 2 waves of
// 3 x 132 = 396 (67 %), and twice the blocks per wave.
// CHECK-LABEL: func.func @ragged_2053
// CHECK: #tile.config<tiled, block = [64, 128, 16], warp = [32, 32], thread = [4, 8], stages = 2, pad = 4>
func.func @ragged_2053(%A: memref<2053x2048xf32>, %B: memref<2048x2039xf32>, %C: memref<2053x2039xf32>) {
  linalg.matmul ins(%A, %B : memref<2053x2048xf32>, memref<2048x2039xf32>) outs(%C : memref<2053x2039xf32>)
  return
}

// -----

// CHECK-LABEL: func.func @square_4096
// CHECK: #tile.config<tiled, block = [128, 128, 16], warp = [64, 32], thread = [8, 8], stages = 1, pad = 4>
func.func @square_4096(%A: memref<4096x4096xf32>, %B: memref<4096x4096xf32>, %C: memref<4096x4096xf32>) {
  linalg.matmul ins(%A, %B : memref<4096x4096xf32>, memref<4096x4096xf32>) outs(%C : memref<4096x4096xf32>)
  return
}

// -----

// The user's sizes win over the default.
// CHECK-LABEL: func.func @explicit
// CHECK: #tile.config<tiled, block = [32, 32, 32], thread = [1, 1], stages = 1>
func.func @explicit(%A: memref<2048x2048xf32>, %B: memref<2048x2048xf32>, %C: memref<2048x2048xf32>) {
  linalg.matmul {tile.config = #tile.config<tiled, block = [32, 32, 32], thread = [1, 1], stages = 1>}
    ins(%A, %B : memref<2048x2048xf32>, memref<2048x2048xf32>) outs(%C : memref<2048x2048xf32>)
  return
}
