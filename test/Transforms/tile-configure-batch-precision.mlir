// RUN: tile-opt %s -split-input-file --tile-split-batch --tile-configure="chip=sm_90a precision=tf32" | FileCheck %s
// RUN: tile-opt %s -split-input-file --tile-split-batch --tile-configure="chip=sm_90a precision=tf32x3" | FileCheck %s --check-prefix=X3

// tf32's default for a batch: 256 x 128 tiles with B in registers, which
// copy nothing (A stored M x K with K % 4 = 0, B K x N in rows of 16-byte
// multiples), on the grid's z where the batch's tiles fit a wave, on a
// persistent grid whose tiles run batch after batch over more; with B
// stored N x K, 128-row tiles with B read as stored, truncated (truncated
// = b), the same way. Where those would copy, the 128 x 128 tiles that
// copy A (K % 4 != 0) and round B into the workspace, the batch's matrices
// one after the other. tf32x3 (X3) always copies B's two parts: 128 x 128
// tiles in 3 stages, on the grid's z or a persistent grid.

// 4 x 1 x 2 tiles: one per block, batch on the grid's z.
// CHECK-LABEL: func.func @one_wave
// CHECK: linalg.matmul {{.*}}tile.config = #tile.config<tiled, block = [256, 128, 32], warp = [256, 64], tile = #tile.wgmma<shape = [64, 256, 8], precision = tf32, registers = b>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 4, blocks_per_sm = 1, producer = warpgroup>>
func.func @one_wave(%A: memref<4x256x64xf32>, %B: memref<4x64x256xf32>, %C: memref<4x256x256xf32>) {
  linalg.batch_matmul ins(%A, %B : memref<4x256x64xf32>, memref<4x64x256xf32>) outs(%C : memref<4x256x256xf32>)
  return
}

// -----

// 16 x 8 x 16 tiles, 2048 in all: a persistent grid.
// CHECK-LABEL: func.func @many_tiles
// X3-LABEL: func.func @many_tiles
// X3: linalg.matmul {{.*}}tile.config = #tile.config<tiled, block = [128, 128, 32], warp = [64, 128], tile = #tile.wgmma<shape = [64, 128, 8], precision = tf32x3>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 3, blocks_per_sm = 1, scheduler = persistent, producer = warpgroup, order = along_m>>
// CHECK: linalg.matmul {{.*}}tile.config = #tile.config<tiled, block = [256, 128, 32], warp = [256, 64], tile = #tile.wgmma<shape = [64, 256, 8], precision = tf32, registers = b>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 4, blocks_per_sm = 1, scheduler = persistent, producer = warpgroup>>
func.func @many_tiles(%A: memref<16x2048x128xf32>, %B: memref<16x128x2048xf32>, %C: memref<16x2048x2048xf32>) {
  linalg.batch_matmul ins(%A, %B : memref<16x2048x128xf32>, memref<16x128x2048xf32>) outs(%C : memref<16x2048x2048xf32>)
  return
}

// -----

// K % 4 != 0: A's rows are not 16-byte multiples, so A is copied.
// CHECK-LABEL: func.func @k_unaligned
// CHECK: linalg.matmul {{.*}}tile.config = #tile.config<tiled, block = [128, 128, 32], warp = [64, 128], tile = #tile.wgmma<shape = [64, 128, 8], precision = tf32>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 4, blocks_per_sm = 1, producer = warpgroup, order = along_m>>
// X3-LABEL: func.func @k_unaligned
// X3: linalg.matmul {{.*}}tile.config = #tile.config<tiled, block = [128, 128, 32], warp = [64, 128], tile = #tile.wgmma<shape = [64, 128, 8], precision = tf32x3>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 3, blocks_per_sm = 1, producer = warpgroup, order = along_m>>
func.func @k_unaligned(%A: memref<4x256x62xf32>, %B: memref<4x62x256xf32>, %C: memref<4x256x256xf32>) {
  linalg.batch_matmul ins(%A, %B : memref<4x256x62xf32>, memref<4x62x256xf32>) outs(%C : memref<4x256x256xf32>)
  return
}

// -----

// N % 4 != 0: B's rows are not 16-byte multiples, so B is copied rounded.
// CHECK-LABEL: func.func @n_unaligned
// CHECK: linalg.matmul {{.*}}tile.config = #tile.config<tiled, block = [128, 128, 32], warp = [64, 128], tile = #tile.wgmma<shape = [64, 128, 8], precision = tf32>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 4, blocks_per_sm = 1, producer = warpgroup>>
func.func @n_unaligned(%A: memref<4x256x64xf32>, %B: memref<4x64x254xf32>, %C: memref<4x256x254xf32>) {
  linalg.batch_matmul ins(%A, %B : memref<4x256x64xf32>, memref<4x64x254xf32>) outs(%C : memref<4x256x254xf32>)
  return
}

// -----

// B stored N x K (attention's Q K^T): 3 x 3 x 3 tiles of 128 x 128 on the
// grid's z; 16 x 8 x 8 tiles of 128 x 256 on a persistent grid.
// CHECK-LABEL: func.func @b_transposed
// CHECK: linalg.matmul {{.*}}tile.config = #tile.config<tiled, block = [128, 128, 32], warp = [64, 128], tile = #tile.wgmma<shape = [64, 128, 8], precision = tf32, truncated = b>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 4, blocks_per_sm = 1, producer = warpgroup>>
// CHECK-LABEL: func.func @b_transposed_many
// CHECK: linalg.matmul {{.*}}tile.config = #tile.config<tiled, block = [128, 256, 32], warp = [64, 256], tile = #tile.wgmma<shape = [64, 256, 8], precision = tf32, truncated = b>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 4, blocks_per_sm = 1, scheduler = persistent, producer = warpgroup, order = along_m>>
#a = affine_map<(b, m, n, k) -> (b, m, k)>
#bt = affine_map<(b, m, n, k) -> (b, n, k)>
#c = affine_map<(b, m, n, k) -> (b, m, n)>
func.func @b_transposed(%A: memref<3x300x100xf32>, %B: memref<3x264x100xf32>, %C: memref<3x300x264xf32>) {
  linalg.batch_matmul indexing_maps = [#a, #bt, #c] ins(%A, %B : memref<3x300x100xf32>, memref<3x264x100xf32>) outs(%C : memref<3x300x264xf32>)
  return
}
func.func @b_transposed_many(%A: memref<16x2048x128xf32>, %B: memref<16x2048x128xf32>, %C: memref<16x2048x2048xf32>) {
  linalg.batch_matmul indexing_maps = [#a, #bt, #c] ins(%A, %B : memref<16x2048x128xf32>, memref<16x2048x128xf32>) outs(%C : memref<16x2048x2048xf32>)
  return
}

// -----

#a = affine_map<(b, m, n, k) -> (b, m, k)>
#bt = affine_map<(b, m, n, k) -> (b, n, k)>
#c = affine_map<(b, m, n, k) -> (b, m, n)>
// B stored N x K with K % 4 != 0: no TMA row stride for B's rows, so A
// and B are copied (B rounded).
// CHECK-LABEL: func.func @b_transposed_k_unaligned
// CHECK: linalg.matmul {{.*}}tile.config = #tile.config<tiled, block = [128, 128, 32], warp = [64, 128], tile = #tile.wgmma<shape = [64, 128, 8], precision = tf32>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 4, blocks_per_sm = 1, producer = warpgroup>>
func.func @b_transposed_k_unaligned(%A: memref<3x300x101xf32>, %B: memref<3x264x101xf32>, %C: memref<3x300x264xf32>) {
  linalg.batch_matmul indexing_maps = [#a, #bt, #c] ins(%A, %B : memref<3x300x101xf32>, memref<3x264x101xf32>) outs(%C : memref<3x300x264xf32>)
  return
}
