// RUN: tile-opt %s -split-input-file -verify-diagnostics --tile-split-batch --tile-configure=chip=sm_90a
// RUN: tile-opt %S/Inputs/batch-tf32.mlir -verify-diagnostics --tile-split-batch --tile-configure="chip=sm_90a precision=tf32x3"

// A batched matmul runs its batch on the grid's z, or batch after batch in
// a persistent grid's tiles: configs that share K steps or copies across
// the grid are refused for it, and a default that would need one says so. (The diagnostics are at the
// matmul that --tile-split-batch makes, at the batch_matmul's location.)

func.func @stream_k(%A: memref<4x256x64xf16>, %B: memref<4x64x256xf16>, %C: memref<4x256x256xf16>) {
  // expected-error @+1 {{a batched matmul (batch = 4) runs its batch on the grid's z or in a persistent grid's tiles; scheduler = split_tail shares tiles' K steps across the grid (use scheduler = data_parallel or persistent)}}
  linalg.batch_matmul {tile.config = #tile.config<tiled, block = [128, 128, 64], warp = [64, 128], tile = #tile.wgmma<shape = [64, 128, 16]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 4, blocks_per_sm = 1, scheduler = split_tail>>}
      ins(%A, %B : memref<4x256x64xf16>, memref<4x64x256xf16>) outs(%C : memref<4x256x256xf16>)
  return
}

// -----

func.func @cluster(%A: memref<4x256x64xf16>, %B: memref<4x64x256xf16>, %C: memref<4x256x256xf16>) {
  // expected-error @+1 {{clusters are not supported for it yet (use cluster = 1)}}
  linalg.batch_matmul {tile.config = #tile.config<tiled, block = [128, 128, 64], warp = [64, 128], tile = #tile.wgmma<shape = [64, 128, 16]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 4, cluster = 2>>}
      ins(%A, %B : memref<4x256x64xf16>, memref<4x64x256xf16>) outs(%C : memref<4x256x256xf16>)
  return
}

// -----

// f32 B stored N x K with K % 4 != 0: the fma tile's b = packed would
// copy it transposed, which a batch cannot take yet.
func.func @pack_b_transposing(%A: memref<4x256x66xf32>, %B: memref<4x256x66xf32>, %C: memref<4x256x256xf32>) {
  // expected-error @+1 {{copies of A or B in the workspace that transpose, round or split them (the TF32 precisions but tf32 with registers = b or truncated = b; the fma tile's copies of A stored K x M and of B stored N x K) and b = row_groups are not supported for it yet}}
  linalg.batch_matmul indexing_maps = [
      affine_map<(b, m, n, k) -> (b, m, k)>,
      affine_map<(b, m, n, k) -> (b, n, k)>,
      affine_map<(b, m, n, k) -> (b, m, n)>]
      {tile.config = #tile.config<tiled, block = [64, 256, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8], order = columns>, copy = #tile.copy<kind = tma, b = packed>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 2>>}
      ins(%A, %B : memref<4x256x66xf32>, memref<4x256x66xf32>) outs(%C : memref<4x256x256xf32>)
  return
}

// -----

func.func @tf32(%A: memref<4x256x64xf32>, %B: memref<4x64x256xf32>, %C: memref<4x256x256xf32>) {
  // expected-error @+1 {{copies of A or B in the workspace that transpose, round or split them (the TF32 precisions but tf32 with registers = b or truncated = b; the fma tile's copies of A stored K x M and of B stored N x K) and b = row_groups are not supported for it yet}}
  linalg.batch_matmul {tile.config = #tile.config<tiled, block = [128, 128, 32], warp = [64, 128], tile = #tile.wgmma<shape = [64, 128, 8], precision = tf32>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 4, blocks_per_sm = 1, producer = warpgroup>>}
      ins(%A, %B : memref<4x256x64xf32>, memref<4x64x256xf32>) outs(%C : memref<4x256x256xf32>)
  return
}

// -----

// The grid's z holds at most 65535 batches.
func.func @too_many(%A: memref<65536x2x2xf32>, %B: memref<65536x2x2xf32>, %C: memref<65536x2x2xf32>) {
  // expected-error @+1 {{has a batch of 65536, over the limit of 65535}}
  linalg.batch_matmul ins(%A, %B : memref<65536x2x2xf32>, memref<65536x2x2xf32>) outs(%C : memref<65536x2x2xf32>)
  return
}

// -----

// f32 with B stored N x K: the fma tile re-stages B's boxes as stored (b =
// restaged, no copy), which needs rows of K in 16-byte multiples; K = 63
// would need B's transposed copy, which a batch cannot have yet.
func.func @transposed_b_f32_ragged_k(%A: memref<4x128x63xf32>, %B: memref<4x128x63xf32>, %C: memref<4x128x128xf32>) {
  // expected-error @+1 {{has no default tiled config for sm_90a: every candidate breaks a limit (the smallest: b = restaged reads B's TMA boxes from B stored N x K, which needs rows of 16-byte multiples (K % 4 = 0), but B is 128x63 (use b = packed)) (strategy=naive takes any batch)}}
  linalg.batch_matmul indexing_maps = [
      affine_map<(b, m, n, k) -> (b, m, k)>,
      affine_map<(b, m, n, k) -> (b, n, k)>,
      affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%A, %B : memref<4x128x63xf32>, memref<4x128x63xf32>) outs(%C : memref<4x128x128xf32>)
  return
}

// -----

// A that is neither a batch view nor a matrix from before the batch loop
// (here made in each batch): refused, not read as a broadcast.
func.func @a_in_loop(%B: memref<2x8x4xf32>, %C: memref<2x4x4xf32>) {
  scf.forall (%i) in (2) {
    %A = memref.alloc() : memref<4x8xf32>
    %bv = memref.subview %B[%i, 0, 0] [1, 8, 4] [1, 1, 1] : memref<2x8x4xf32> to memref<8x4xf32, strided<[4, 1], offset: ?>>
    %cv = memref.subview %C[%i, 0, 0] [1, 4, 4] [1, 1, 1] : memref<2x4x4xf32> to memref<4x4xf32, strided<[4, 1], offset: ?>>
    // expected-error @+1 {{operand A is not one batch's view of a 3-D buffer, as the other operands are, nor a matrix from outside the batch loop}}
    linalg.matmul ins(%A, %bv : memref<4x8xf32>, memref<8x4xf32, strided<[4, 1], offset: ?>>) outs(%cv : memref<4x4xf32, strided<[4, 1], offset: ?>>)
  } {mapping = [#gpu.block<z>], tile.batch}
  return
}

// -----

// Neither A nor B a batch view: both from before the loop, so no operand
// says which batch C's view is of; refused, not read as two broadcasts.
func.func @both_broadcast(%A: memref<4x8xf32>, %B: memref<8x4xf32>, %C: memref<2x4x4xf32>) {
  scf.forall (%i) in (2) {
    %cv = memref.subview %C[%i, 0, 0] [1, 4, 4] [1, 1, 1] : memref<2x4x4xf32> to memref<4x4xf32, strided<[4, 1], offset: ?>>
    // expected-error @+1 {{reads A and B both from outside the batch loop: one of them must be the batch's view}}
    linalg.matmul ins(%A, %B : memref<4x8xf32>, memref<8x4xf32>) outs(%cv : memref<4x4xf32, strided<[4, 1], offset: ?>>)
  } {mapping = [#gpu.block<z>], tile.batch}
  return
}

// -----

// f32 A stored K x M with M = 130: rows of 520 bytes, which TMA's strides
// cannot take, so A would be copied transposed first (a = restaged).
func.func @transposed_a_ragged_m(%A: memref<4x64x130xf32>, %B: memref<4x64x128xf32>, %C: memref<4x130x128xf32>) {
  // expected-error @+1 {{has no default tiled config for sm_90a: a batched matmul (batch = 4) runs its batch on the grid's z or in a persistent grid's tiles; copies of A or B in the workspace that transpose, round or split them (the TF32 precisions but tf32 with registers = b or truncated = b; the fma tile's copies of A stored K x M and of B stored N x K) and b = row_groups are not supported for it yet (strategy=naive takes any batch)}}
  linalg.batch_matmul indexing_maps = [
      affine_map<(b, m, n, k) -> (b, k, m)>,
      affine_map<(b, m, n, k) -> (b, k, n)>,
      affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%A, %B : memref<4x64x130xf32>, memref<4x64x128xf32>) outs(%C : memref<4x130x128xf32>)
  return
}
