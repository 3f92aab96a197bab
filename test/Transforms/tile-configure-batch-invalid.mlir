// RUN: tile-opt %s -split-input-file -verify-diagnostics --tile-split-batch --tile-configure=chip=sm_90a

// A batched matmul runs its batch on the grid's z, or batch after batch in
// a persistent grid's tiles: configs that share K steps across the grid,
// clusters and b = row_groups are refused for it. (The diagnostics are at the
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

// The grid's z holds at most 65535 batches.
func.func @too_many(%A: memref<65536x2x2xf32>, %B: memref<65536x2x2xf32>, %C: memref<65536x2x2xf32>) {
  // expected-error @+1 {{has a batch of 65536, over the limit of 65535}}
  linalg.batch_matmul ins(%A, %B : memref<65536x2x2xf32>, memref<65536x2x2xf32>) outs(%C : memref<65536x2x2xf32>)
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

// b = row_groups reads B through a view of 4-row groups that a batch's
// 3-D map does not have.
func.func @row_groups(%A: memref<4x256x64xf32>, %B: memref<4x64x254xf32>, %C: memref<4x256x254xf32>) {
  // expected-error @+1 {{a batched matmul (batch = 4) runs its batch on the grid's z or in a persistent grid's tiles; b = row_groups is not supported for it yet (use b = packed)}}
  linalg.batch_matmul {tile.config = #tile.config<tiled, block = [64, 256, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8], order = columns>, copy = #tile.copy<kind = tma, b = row_groups>, schedule = #tile.schedule<stages = 2>>}
      ins(%A, %B : memref<4x256x64xf32>, memref<4x64x254xf32>) outs(%C : memref<4x256x254xf32>)
  return
}

// -----

// tf32x3 copies B's high and low parts, a batch's matrices as one array,
// which a window of a larger buffer is not (a regression: the verifier
// once missed the TF32 copies of a window and the pack crashed).
func.func @tf32x3_window(%Abuf: memref<3x132x112xf32>, %Bbuf: memref<3x102x72xf32>, %Cbuf: memref<3x132x72xf32>) {
  %A = memref.subview %Abuf[0, 2, 4] [3, 130, 100] [1, 1, 1] : memref<3x132x112xf32> to memref<3x130x100xf32, strided<[14784, 112, 1], offset: 228>>
  %B = memref.subview %Bbuf[0, 2, 4] [3, 100, 64] [1, 1, 1] : memref<3x102x72xf32> to memref<3x100x64xf32, strided<[7344, 72, 1], offset: 148>>
  %C = memref.subview %Cbuf[0, 2, 4] [3, 130, 64] [1, 1, 1] : memref<3x132x72xf32> to memref<3x130x64xf32, strided<[9504, 72, 1], offset: 148>>
  // expected-error @+1 {{operand B is a window of a larger buffer, which the kernel would copy first (to align, transpose, round or split it) as one array of the batch's matrices: not supported (strategy=naive takes it)}}
  linalg.batch_matmul {tile.config = #tile.config<tiled, block = [128, 128, 32], warp = [64, 128], tile = #tile.wgmma<shape = [64, 128, 8], precision = tf32x3>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 3, blocks_per_sm = 1, producer = warpgroup>>}
      ins(%A, %B : memref<3x130x100xf32, strided<[14784, 112, 1], offset: 228>>, memref<3x100x64xf32, strided<[7344, 72, 1], offset: 148>>) outs(%C : memref<3x130x64xf32, strided<[9504, 72, 1], offset: 148>>)
  return
}
