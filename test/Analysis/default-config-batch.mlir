// RUN: tile-opt %s --tile-split-batch --tile-configure=chip=sm_90a | FileCheck %s

// The default config of a batched matmul (docs/design.md, "Batched
// matmuls"): its tiles counted over the batch, data-parallel on the grid's
// z within one wave, a persistent producer grid whose tiles run batch after
// batch beyond it; 128 x 128 tiles in 4 stages where K takes at most 4
// steps (measured: docs/results/2026-12-06-batch/). No split-K or Stream-K
// for a batch.

// 64 x (512 x 512 x 64): 1024 tiles of 128 x 128, one K step.
// CHECK-LABEL: func.func @short_k
// CHECK: #tile.config<tiled, block = [128, 128, 64], warp = [64, 128], tile = #tile.wgmma<shape = [64, 128, 16]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 4, blocks_per_sm = 1, scheduler = persistent, producer = warpgroup>>
func.func @short_k(%A: memref<64x512x64xf16>, %B: memref<64x64x512xf16>, %C: memref<64x512x512xf16>) {
  linalg.batch_matmul ins(%A, %B : memref<64x512x64xf16>, memref<64x64x512xf16>) outs(%C : memref<64x512x512xf16>)
  return
}

// 4 x (256 x 256 x 64): 16 tiles, under a wave: blocks on the grid's z.
// CHECK-LABEL: func.func @one_wave
// CHECK: #tile.config<tiled, block = [128, 128, 64], warp = [64, 128], tile = #tile.wgmma<shape = [64, 128, 16]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 4, order = along_m>>
func.func @one_wave(%A: memref<4x256x64xf16>, %B: memref<4x64x256xf16>, %C: memref<4x256x256xf16>) {
  linalg.batch_matmul ins(%A, %B : memref<4x256x64xf16>, memref<4x64x256xf16>) outs(%C : memref<4x256x256xf16>)
  return
}

// 8 x 2048^3: K of 32 steps keeps the default's 128 x 256 tiles, on the
// persistent producer grid.
// CHECK-LABEL: func.func @long_k
// CHECK: #tile.config<tiled, block = [128, 256, 64], warp = [64, 256], tile = #tile.wgmma<shape = [64, 256, 16]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 4, blocks_per_sm = 1, scheduler = persistent, producer = warpgroup, order = along_m>>
func.func @long_k(%A: memref<8x2048x2048xf16>, %B: memref<8x2048x2048xf16>, %C: memref<8x2048x2048xf16>) {
  linalg.batch_matmul ins(%A, %B : memref<8x2048x2048xf16>, memref<8x2048x2048xf16>) outs(%C : memref<8x2048x2048xf16>)
  return
}

// f32: the fma candidates scored over the batch's tiles, without the
// split-K variant the same matmul unbatched takes.
// CHECK-LABEL: func.func @deep_f32
// CHECK: #tile.config<tiled, block = [64, 64, 16], warp = [32, 32], tile = #tile.fma<thread = [4, 8]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 2>>
// CHECK-LABEL: func.func @plain_deep_f32
// CHECK: scheduler = split_tail
func.func @deep_f32(%A: memref<4x256x8192xf32>, %B: memref<4x8192x256xf32>, %C: memref<4x256x256xf32>) {
  linalg.batch_matmul ins(%A, %B : memref<4x256x8192xf32>, memref<4x8192x256xf32>) outs(%C : memref<4x256x256xf32>)
  return
}
func.func @plain_deep_f32(%A: memref<256x8192xf32>, %B: memref<8192x256xf32>, %C: memref<256x256xf32>) {
  linalg.matmul ins(%A, %B : memref<256x8192xf32>, memref<8192x256xf32>) outs(%C : memref<256x256xf32>)
  return
}

// f32 with B stored N x K (attention's Q K^T): the fma candidates with B's
// boxes re-staged as stored (b = restaged; no copy, as measured for a
// batch); 16 x (512 x 512 x 128) compiles to the kernel checked on the GPU
// as rs_bmm (scripts/specs/restage-b.spec). With K % 4 != 0 its rows
// allow no boxes: B is copied transposed (b = packed), and A (K % 4 != 0)
// as it is, each copy the batch's matrices one after the other.
// CHECK-LABEL: func.func @transposed_b_f32
// CHECK: #tile.config<tiled, block = [64, 256, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8], order = columns>, copy = #tile.copy<kind = tma, a = restaged, b = restaged>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 2>>
func.func @transposed_b_f32(%A: memref<16x512x128xf32>, %B: memref<16x512x128xf32>, %C: memref<16x512x512xf32>) {
  linalg.batch_matmul indexing_maps = [
      affine_map<(b, m, n, k) -> (b, m, k)>,
      affine_map<(b, m, n, k) -> (b, n, k)>,
      affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%A, %B : memref<16x512x128xf32>, memref<16x512x128xf32>) outs(%C : memref<16x512x512xf32>)
  return
}

// CHECK-LABEL: func.func @transposed_b_ragged_k_f32
// CHECK: copy = #tile.copy<kind = tma, a = restaged, b = packed>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 2>>
func.func @transposed_b_ragged_k_f32(%A: memref<4x128x101xf32>, %B: memref<4x64x101xf32>, %C: memref<4x128x64xf32>) {
  linalg.batch_matmul indexing_maps = [
      affine_map<(b, m, n, k) -> (b, m, k)>,
      affine_map<(b, m, n, k) -> (b, n, k)>,
      affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%A, %B : memref<4x128x101xf32>, memref<4x64x101xf32>) outs(%C : memref<4x128x64xf32>)
  return
}

// f32 with A stored K x M: A's boxes as stored are the fma tile's K-major
// panel (no copy), the tiles of the row-major batch; with B stored N x K
// too, B's boxes re-staged.
// CHECK-LABEL: func.func @transposed_a_f32
// CHECK: #tile.config<tiled, block = [64, 256, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8], order = columns>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 2>>
func.func @transposed_a_f32(%A: memref<16x128x512xf32>, %B: memref<16x128x512xf32>, %C: memref<16x512x512xf32>) {
  linalg.batch_matmul indexing_maps = [
      affine_map<(b, m, n, k) -> (b, k, m)>,
      affine_map<(b, m, n, k) -> (b, k, n)>,
      affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%A, %B : memref<16x128x512xf32>, memref<16x128x512xf32>) outs(%C : memref<16x512x512xf32>)
  return
}
// M % 4 != 0: A's rows as stored (M elements) allow no boxes, so A is
// copied transposed, M x K (a = restaged), matrix by matrix.
// CHECK-LABEL: func.func @transposed_a_ragged_m_f32
// CHECK: copy = #tile.copy<kind = tma, a = restaged>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 2>>
func.func @transposed_a_ragged_m_f32(%A: memref<4x64x130xf32>, %B: memref<4x64x128xf32>, %C: memref<4x130x128xf32>) {
  linalg.batch_matmul indexing_maps = [
      affine_map<(b, m, n, k) -> (b, k, m)>,
      affine_map<(b, m, n, k) -> (b, k, n)>,
      affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%A, %B : memref<4x64x130xf32>, memref<4x64x128xf32>) outs(%C : memref<4x130x128xf32>)
  return
}
// CHECK-LABEL: func.func @transposed_ab_f32
// CHECK: copy = #tile.copy<kind = tma, b = restaged>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 2>>
func.func @transposed_ab_f32(%A: memref<16x128x512xf32>, %B: memref<16x512x128xf32>, %C: memref<16x512x512xf32>) {
  linalg.batch_matmul indexing_maps = [
      affine_map<(b, m, n, k) -> (b, k, m)>,
      affine_map<(b, m, n, k) -> (b, n, k)>,
      affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%A, %B : memref<16x128x512xf32>, memref<16x512x128xf32>) outs(%C : memref<16x512x512xf32>)
  return
}

// 16-bit operands whose rows (as stored) are not 16-byte multiples: the
// kernel copies the batch's matrices, as stored, into padded rows first
// (B: b = packed; A: copied where K % 8 != 0, or M % 8 != 0 stored K x
// M), one resident block per SM.
// CHECK-LABEL: func.func @ragged_n_f16
// CHECK: copy = #tile.copy<kind = tma, b = packed>, schedule = #tile.schedule<stages = 4, blocks_per_sm = 1>>
func.func @ragged_n_f16(%A: memref<3x130x64xf16>, %B: memref<3x64x66xf16>, %C: memref<3x130x66xf16>) {
  linalg.batch_matmul ins(%A, %B : memref<3x130x64xf16>, memref<3x64x66xf16>) outs(%C : memref<3x130x66xf16>)
  return
}
// CHECK-LABEL: func.func @ragged_k_f16
// CHECK: copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 4, blocks_per_sm = 1>>
func.func @ragged_k_f16(%A: memref<3x130x66xf16>, %B: memref<3x66x64xf16>, %C: memref<3x130x64xf16>) {
  linalg.batch_matmul ins(%A, %B : memref<3x130x66xf16>, memref<3x66x64xf16>) outs(%C : memref<3x130x64xf16>)
  return
}
// CHECK-LABEL: func.func @ragged_transposed_bf16
// CHECK: copy = #tile.copy<kind = tma, b = packed>, schedule = #tile.schedule<stages = 4, blocks_per_sm = 1>>
func.func @ragged_transposed_bf16(%A: memref<3x66x130xbf16>, %B: memref<3x64x66xbf16>, %C: memref<3x130x64xbf16>) {
  linalg.batch_matmul indexing_maps = [
      affine_map<(b, m, n, k) -> (b, k, m)>,
      affine_map<(b, m, n, k) -> (b, n, k)>,
      affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%A, %B : memref<3x66x130xbf16>, memref<3x64x66xbf16>) outs(%C : memref<3x130x64xbf16>)
  return
}
