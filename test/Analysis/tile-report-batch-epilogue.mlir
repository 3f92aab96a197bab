// RUN: tile-opt %s --tile-split-batch --tile-report="chip=sm_90a" -o /dev/null 2>&1 | FileCheck %s

// A fused epilogue after a batch of 3: FLOPs and saved traffic for every
// batch; a bias per batch (E1[b, n]: 3 x 36 f32) counts three times, a
// residual for every batch (E2[m, n]: 40 x 36 f32) once: 432 + 5760 =
// 6192 bytes; saved: 3 x 2 x 40 x 36 x 4 = 34560 bytes.

// CHECK: @batch_bias_residual: batch of 3 matmul 40 x 36 x 24 (f32)
// CHECK-NEXT: FLOPs:
// CHECK-NEXT: fused epilogue: ((x + E1[b, n]) + E2[m, n]): 2 ops per element (8.640E+03 FLOPs), inputs 6192 bytes; saves 34560 bytes of HBM traffic (C written and read back by a separate kernel)
func.func @batch_bias_residual(%A: memref<3x40x24xf32>, %B: memref<3x24x36xf32>, %bias: memref<3x36xf32>, %R: memref<40x36xf32>, %D: memref<3x40x36xf32>) {
  %zero = arith.constant 0.0 : f32
  %C = memref.alloc() : memref<3x40x36xf32>
  linalg.fill ins(%zero : f32) outs(%C : memref<3x40x36xf32>)
  linalg.batch_matmul {tile.config = #tile.config<tiled, block = [16, 16, 8], tile = #tile.fma<thread = [1, 1]>>}
    ins(%A, %B : memref<3x40x24xf32>, memref<3x24x36xf32>) outs(%C : memref<3x40x36xf32>)
  linalg.generic {indexing_maps = [affine_map<(b, m, n) -> (b, m, n)>, affine_map<(b, m, n) -> (b, n)>, affine_map<(b, m, n) -> (m, n)>, affine_map<(b, m, n) -> (b, m, n)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%C, %bias, %R : memref<3x40x36xf32>, memref<3x36xf32>, memref<40x36xf32>) outs(%D : memref<3x40x36xf32>) {
  ^bb0(%x: f32, %b: f32, %r: f32, %o: f32):
    %s = arith.addf %x, %b : f32
    %t = arith.addf %s, %r : f32
    linalg.yield %t : f32
  }
  return
}
