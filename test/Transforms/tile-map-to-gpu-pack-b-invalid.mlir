// RUN: tile-opt %s -verify-diagnostics --pass-pipeline="builtin.module(func.func(tile-configure{config='#tile.config<tiled, block = [64, 256, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8]>, copy = #tile.copy<kind = tma, a = restaged, b = packed>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 2>>' chip=sm_90},tile-block-tile,tile-promote,tile-map-to-gpu{chip=sm_99}))"

// pack_b sizes its workspace by the chip's SMs: --tile-map-to-gpu with a chip
// it does not know refuses the block tile (at the matmul's location).
func.func @pack_b_unknown_chip(%A: memref<2048x2048xf32>, %B: memref<2048x2048xf32>, %C: memref<2048x2048xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<2048x2048xf32>)
  // expected-error @+1 {{pack_b sizes its workspace by the chip's SMs: name a known chip}}
  linalg.matmul ins(%A, %B : memref<2048x2048xf32>, memref<2048x2048xf32>) outs(%C : memref<2048x2048xf32>)
  return
}
