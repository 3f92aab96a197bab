// RUN: tile-opt %s -split-input-file --pass-pipeline="builtin.module(func.func(tile-configure{strategy=naive}))" | FileCheck %s --check-prefix=NAIVE
// The flag form, as the docs show it, runs the pass on the module. Without
// strategy= it is the tiled strategy's default config.
// RUN: tile-opt %s -split-input-file --tile-configure | FileCheck %s --check-prefix=DEFAULT
// RUN: tile-opt %s -split-input-file --tile-configure=strategy=naive | FileCheck %s --check-prefix=NAIVE
// RUN: tile-opt %s -split-input-file --pass-pipeline="builtin.module(func.func(tile-configure{config='#tile.config<naive, block = [8, 32, 1], tile = #tile.fma<thread = [1, 1]>>'}))" | FileCheck %s --check-prefix=BLOCK
// RUN: tile-opt %s -split-input-file --pass-pipeline="builtin.module(func.func(tile-configure{config='#tile.config<tiled, block = [64, 64, 8], warp = [32, 32], tile = #tile.fma<thread = [8, 4]>, schedule = #tile.schedule<stages = 2>>'}))" | FileCheck %s --check-prefix=TILED
// RUN: tile-opt %s -split-input-file --pass-pipeline="builtin.module(func.func(tile-configure{strategy=naive chip=sm_80}))" | FileCheck %s --check-prefix=NAIVE
// RUN: tile-opt %s -split-input-file --pass-pipeline="builtin.module(func.func(tile-configure{config='#tile.config<tiled, block = [64, 64, 8], tile = #tile.fma<thread = [4, 4]>, copy = #tile.copy<kind = async, pad = 4>, schedule = #tile.schedule<stages = 3>>'}))" | FileCheck %s --check-prefix=ASYNC
// RUN: not tile-opt %s -split-input-file --pass-pipeline="builtin.module(func.func(tile-configure{config='#tile.config<tiled, block = [64, 64, 8], tile = #tile.fma<thread = [1, 1]>, copy = #tile.copy<kind = dma>>'}))" 2>&1 | FileCheck %s --check-prefix=BADCOPY
// RUN: tile-opt %s -split-input-file --pass-pipeline="builtin.module(func.func(tile-configure{config='#tile.config<tiled, block = [64, 64, 8], warp = [32, 32], tile = #tile.fma<thread = [8, 4]>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 3>>'}))" | FileCheck %s --check-prefix=BLOCKS

// DEFAULT-LABEL: func.func @memref_form
// DEFAULT: linalg.matmul {tile.config = #tile.config<tiled, block = [64, 64, 16], warp = [32, 32], tile = #tile.fma<thread = [4, 8]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 2>>}
// NAIVE-LABEL: func.func @memref_form
// NAIVE: linalg.matmul {tile.config = #tile.config<naive, block = [16, 16, 1], tile = #tile.fma<thread = [1, 1]>>}
// BLOCK-LABEL: func.func @memref_form
// BLOCK: linalg.matmul {tile.config = #tile.config<naive, block = [8, 32, 1], tile = #tile.fma<thread = [1, 1]>>}
// TILED-LABEL: func.func @memref_form
// TILED: linalg.matmul {tile.config = #tile.config<tiled, block = [64, 64, 8], warp = [32, 32], tile = #tile.fma<thread = [8, 4]>, schedule = #tile.schedule<stages = 2>>}
// ASYNC-LABEL: func.func @memref_form
// ASYNC: linalg.matmul {tile.config = #tile.config<tiled, block = [64, 64, 8], tile = #tile.fma<thread = [4, 4]>, copy = #tile.copy<kind = async, pad = 4>, schedule = #tile.schedule<stages = 3>>}
// BADCOPY: is not a #tile.config: expected one of [registers, async, tma] for how panels reach shared memory, got: dma
// BLOCKS-LABEL: func.func @memref_form
// BLOCKS: linalg.matmul {tile.config = #tile.config<tiled, block = [64, 64, 8], warp = [32, 32], tile = #tile.fma<thread = [8, 4]>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 3>>}
func.func @memref_form(%A: memref<64x32xf32>, %B: memref<32x48xf32>, %C: memref<64x48xf32>) {
  linalg.matmul ins(%A, %B : memref<64x32xf32>, memref<32x48xf32>) outs(%C : memref<64x48xf32>)
  return
}

// -----

// The tensor form is configured too (the pipeline bufferizes after).
// NAIVE-LABEL: func.func @tensor_form
// NAIVE: linalg.matmul {tile.config = #tile.config<naive, block = [16, 16, 1], tile = #tile.fma<thread = [1, 1]>>}
func.func @tensor_form(%A: tensor<7x5xf32>, %B: tensor<5x3xf32>, %C: tensor<7x3xf32>) -> tensor<7x3xf32> {
  %0 = linalg.matmul ins(%A, %B : tensor<7x5xf32>, tensor<5x3xf32>) outs(%C : tensor<7x3xf32>) -> tensor<7x3xf32>
  return %0 : tensor<7x3xf32>
}

// -----

// An explicit config on the op wins over config=.
// BLOCK-LABEL: func.func @explicit_config_wins
// BLOCK: linalg.matmul {tile.config = #tile.config<naive, block = [4, 64, 1], tile = #tile.fma<thread = [1, 1]>>}
func.func @explicit_config_wins(%A: memref<64x32xf32>, %B: memref<32x48xf32>, %C: memref<64x48xf32>) {
  linalg.matmul {tile.config = #tile.config<naive, block = [4, 64, 1], tile = #tile.fma<thread = [1, 1]>>}
    ins(%A, %B : memref<64x32xf32>, memref<32x48xf32>) outs(%C : memref<64x48xf32>)
  return
}

// -----

// Two matmuls in one function each get a config.
// NAIVE-LABEL: func.func @two_matmuls
// NAIVE-COUNT-2: linalg.matmul {tile.config = #tile.config<naive
func.func @two_matmuls(%A: memref<8x8xf32>, %B: memref<8x8xf32>, %C: memref<8x8xf32>, %D: memref<8x8xf32>) {
  linalg.matmul ins(%A, %B : memref<8x8xf32>, memref<8x8xf32>) outs(%C : memref<8x8xf32>)
  linalg.matmul ins(%C, %B : memref<8x8xf32>, memref<8x8xf32>) outs(%D : memref<8x8xf32>)
  return
}

// -----

// A function without a matmul is left as it is.
// NAIVE-LABEL: func.func @no_matmul
// NAIVE-NEXT: arith.addf
// NAIVE-NOT: tile.config
func.func @no_matmul(%a: f32) -> f32 {
  %0 = arith.addf %a, %a : f32
  return %0 : f32
}
