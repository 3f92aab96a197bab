// RUN: tile-opt %s -split-input-file --pass-pipeline="builtin.module(func.func(tile-configure{strategy=tiled chip=sm_90}))" | FileCheck %s
// RUN: tile-opt %s -split-input-file --pass-pipeline="builtin.module(func.func(tile-configure{strategy=tiled chip=sm_80}))" | FileCheck %s --check-prefix=SM80

// The default tiled config (strategy=tiled without sizes), per shape, on the
// H200 (132 SMs) and the A100 (108 SMs). See docs/design.md, "Default config".

// 2048^2 outputs: rows of A and B are 16-byte multiples, so the H200 copies
// the panels with TMA (2 stages, no padding), re-stages A K-major
// (restage_a) and orders the FMAs down the columns (fewer register-bank
// conflicts there); 64 x 256 tiles give 256 blocks for 132 SMs x 2 resident
// blocks (blocks_per_sm = 2), one wave 97 % full (64 x 128 with 4 per SM
// fills it as well, measured 3 % slower with restage_a). On the
// A100's 108 SMs (no TMA) 64 x 256 tiles would need 2 waves of 216 (59 %);
// 64 x 64 tiles with cp.async (5 blocks per SM) make 1024 blocks in 2
// waves of 540 (95 %).
// This matmul accumulates into C (no zero fill before it): Stream-K's
// tile owners start from C, so it takes stream_k like @square_2048_zero
// below (measured 0.3412 against 0.3490 ms without stream_k).
// CHECK-LABEL: func.func @square_2048
// CHECK: #tile.config<tiled, block = [64, 256, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8], order = columns>, copy = #tile.copy<kind = tma, a = restaged>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 2, scheduler = stream_k>>
// SM80-LABEL: func.func @square_2048
// SM80: #tile.config<tiled, block = [64, 64, 16], warp = [32, 32], tile = #tile.fma<thread = [4, 8]>, copy = #tile.copy<kind = async, pad = 4>, schedule = #tile.schedule<stages = 2>>
func.func @square_2048(%A: memref<2048x2048xf32>, %B: memref<2048x2048xf32>, %C: memref<2048x2048xf32>) {
  linalg.matmul ins(%A, %B : memref<2048x2048xf32>, memref<2048x2048xf32>) outs(%C : memref<2048x2048xf32>)
  return
}

// -----

// C = A * B (the output is a zero fill): the 256 blocks of the 64 x 256
// tiles leave 8 of the H200's 264 block slots idle, one wave 97 % full, so
// the default spreads the K steps over a full wave (stream_k). The A100's
// 64 x 64 config makes 2 waves: no stream_k.
// CHECK-LABEL: func.func @square_2048_zero
// CHECK: #tile.config<tiled, block = [64, 256, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8], order = columns>, copy = #tile.copy<kind = tma, a = restaged>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 2, scheduler = stream_k>>
// SM80-LABEL: func.func @square_2048_zero
// SM80: #tile.config<tiled, block = [64, 64, 16], warp = [32, 32], tile = #tile.fma<thread = [4, 8]>, copy = #tile.copy<kind = async, pad = 4>, schedule = #tile.schedule<stages = 2>>
func.func @square_2048_zero(%A: tensor<2048x2048xf32>, %B: tensor<2048x2048xf32>) -> tensor<2048x2048xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2048x2048xf32>
  %C = linalg.fill ins(%zero : f32) outs(%e : tensor<2048x2048xf32>) -> tensor<2048x2048xf32>
  %D = linalg.matmul ins(%A, %B : tensor<2048x2048xf32>, tensor<2048x2048xf32>) outs(%C : tensor<2048x2048xf32>) -> tensor<2048x2048xf32>
  return %D : tensor<2048x2048xf32>
}

// -----

// 4096^2 outputs from a zero fill: 1024 blocks in 4 waves, the last 88 %
// full: stream_k too.
// CHECK-LABEL: func.func @square_4096_zero
// CHECK: #tile.config<tiled, block = [64, 256, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8], order = columns>, copy = #tile.copy<kind = tma, a = restaged>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 2, scheduler = stream_k>>
func.func @square_4096_zero(%A: tensor<4096x4096xf32>, %B: tensor<4096x4096xf32>) -> tensor<4096x4096xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4096x4096xf32>
  %C = linalg.fill ins(%zero : f32) outs(%e : tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
  %D = linalg.matmul ins(%A, %B : tensor<4096x4096xf32>, tensor<4096x4096xf32>) outs(%C : tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
  return %D : tensor<4096x4096xf32>
}

// -----

// 3072^2 outputs: 64 x 256 tiles make 576 blocks, 3 waves of 264 with the
// last 18 % full; with stream_k one full wave shares their K steps, and
// they beat the 64 x 64 tiles (2304 blocks) the default took before.
// CHECK-LABEL: func.func @square_3072_zero
// CHECK: #tile.config<tiled, block = [64, 256, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8], order = columns>, copy = #tile.copy<kind = tma, a = restaged>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 2, scheduler = stream_k>>
func.func @square_3072_zero(%A: tensor<3072x3072xf32>, %B: tensor<3072x3072xf32>) -> tensor<3072x3072xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<3072x3072xf32>
  %C = linalg.fill ins(%zero : f32) outs(%e : tensor<3072x3072xf32>) -> tensor<3072x3072xf32>
  %D = linalg.matmul ins(%A, %B : tensor<3072x3072xf32>, tensor<3072x3072xf32>) outs(%C : tensor<3072x3072xf32>) -> tensor<3072x3072xf32>
  return %D : tensor<3072x3072xf32>
}

// -----

// 8192^2 outputs: 4096 blocks over 16 waves, the last 52 % full: with
// stream_k one block's K range touches up to 17 tiles.
// CHECK-LABEL: func.func @square_8192_zero
// CHECK: #tile.config<tiled, block = [64, 256, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8], order = columns>, copy = #tile.copy<kind = tma, a = restaged>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 2, scheduler = stream_k>>
func.func @square_8192_zero(%A: tensor<8192x8192xf32>, %B: tensor<8192x8192xf32>) -> tensor<8192x8192xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8192x8192xf32>
  %C = linalg.fill ins(%zero : f32) outs(%e : tensor<8192x8192xf32>) -> tensor<8192x8192xf32>
  %D = linalg.matmul ins(%A, %B : tensor<8192x8192xf32>, tensor<8192x8192xf32>) outs(%C : tensor<8192x8192xf32>) -> tensor<8192x8192xf32>
  return %D : tensor<8192x8192xf32>
}

// -----

// Edge tiles of M = 4097 (16-byte rows of C): no stream_k (measured slower
// with it). N = 4095: B copied into the workspace (pack_b) and Stream-K,
// whose edge tiles store C through shared memory (measured faster than
// b_row_groups, 2.722 against 2.841 ms).
// CHECK-LABEL: func.func @edge_4097_zero
// CHECK: #tile.config<tiled, block = [64, 256, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8], order = columns>, copy = #tile.copy<kind = tma, a = restaged>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 2>>
// CHECK-LABEL: func.func @rows_4095_zero
// CHECK: #tile.config<tiled, block = [64, 256, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8], order = columns>, copy = #tile.copy<kind = tma, a = restaged, b = packed>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 2, scheduler = stream_k>>
func.func @edge_4097_zero(%A: tensor<4097x4096xf32>, %B: tensor<4096x4096xf32>) -> tensor<4097x4096xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4097x4096xf32>
  %C = linalg.fill ins(%zero : f32) outs(%e : tensor<4097x4096xf32>) -> tensor<4097x4096xf32>
  %D = linalg.matmul ins(%A, %B : tensor<4097x4096xf32>, tensor<4096x4096xf32>) outs(%C : tensor<4097x4096xf32>) -> tensor<4097x4096xf32>
  return %D : tensor<4097x4096xf32>
}
func.func @rows_4095_zero(%A: tensor<4096x4096xf32>, %B: tensor<4096x4095xf32>) -> tensor<4096x4095xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4096x4095xf32>
  %C = linalg.fill ins(%zero : f32) outs(%e : tensor<4096x4095xf32>) -> tensor<4096x4095xf32>
  %D = linalg.matmul ins(%A, %B : tensor<4096x4096xf32>, tensor<4096x4095xf32>) outs(%C : tensor<4096x4095xf32>) -> tensor<4096x4095xf32>
  return %D : tensor<4096x4095xf32>
}

// -----

// 2053 x 2039 (rows of B not 16-byte aligned): B copied into the
// workspace first (pack_b), then TMA on 64 x 256 tiles, 264 blocks in one
// full wave of 2 per SM, as on aligned shapes (b_row_groups on 64 x 128:
// measured slower).
// CHECK-LABEL: func.func @ragged_2053
// CHECK: #tile.config<tiled, block = [64, 256, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8], order = columns>, copy = #tile.copy<kind = tma, a = restaged, b = packed>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 2>>
func.func @ragged_2053(%A: memref<2053x2048xf32>, %B: memref<2048x2039xf32>, %C: memref<2053x2039xf32>) {
  linalg.matmul ins(%A, %B : memref<2053x2048xf32>, memref<2048x2039xf32>) outs(%C : memref<2053x2039xf32>)
  return
}

// -----

// 1500 x 2039 fills 192 of the 264 slots of one wave with 64 x 256 tiles
// and takes 64 x 64 tiles with cp.async instead; 2000 x 2039 x 1024 fills
// 256 and takes pack_b without stream_k (measured slower with it within
// one wave); 3000 x 2999 x 3000 fills 2.1 waves and takes both (1.111
// against 1.623 ms for 64 x 64 tiles with cp.async).
// CHECK-LABEL: func.func @ragged_1500
// CHECK: #tile.config<tiled, block = [64, 64, 16], warp = [32, 32], tile = #tile.fma<thread = [4, 8]>, copy = #tile.copy<kind = async, pad = 4>, schedule = #tile.schedule<stages = 2>>
// CHECK-LABEL: func.func @ragged_2000
// CHECK: #tile.config<tiled, block = [64, 256, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8], order = columns>, copy = #tile.copy<kind = tma, a = restaged, b = packed>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 2>>
// CHECK-LABEL: func.func @ragged_3000
// CHECK: #tile.config<tiled, block = [64, 256, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8], order = columns>, copy = #tile.copy<kind = tma, a = restaged, b = packed>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 2, scheduler = stream_k>>
func.func @ragged_1500(%A: memref<1500x2048xf32>, %B: memref<2048x2039xf32>, %C: memref<1500x2039xf32>) {
  linalg.matmul ins(%A, %B : memref<1500x2048xf32>, memref<2048x2039xf32>) outs(%C : memref<1500x2039xf32>)
  return
}
func.func @ragged_2000(%A: memref<2000x1024xf32>, %B: memref<1024x2039xf32>, %C: memref<2000x2039xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<2000x2039xf32>)
  linalg.matmul ins(%A, %B : memref<2000x1024xf32>, memref<1024x2039xf32>) outs(%C : memref<2000x2039xf32>)
  return
}
func.func @ragged_3000(%A: memref<3000x3000xf32>, %B: memref<3000x2999xf32>, %C: memref<3000x2999xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<3000x2999xf32>)
  linalg.matmul ins(%A, %B : memref<3000x3000xf32>, memref<3000x2999xf32>) outs(%C : memref<3000x2999xf32>)
  return
}

// -----

// C += A * B on 4096^2: Stream-K as for C = A * B (measured 2.628 against
// 2.695 ms without stream_k).
// CHECK-LABEL: func.func @square_4096
// CHECK: #tile.config<tiled, block = [64, 256, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8], order = columns>, copy = #tile.copy<kind = tma, a = restaged>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 2, scheduler = stream_k>>
func.func @square_4096(%A: memref<4096x4096xf32>, %B: memref<4096x4096xf32>, %C: memref<4096x4096xf32>) {
  linalg.matmul ins(%A, %B : memref<4096x4096xf32>, memref<4096x4096xf32>) outs(%C : memref<4096x4096xf32>)
  return
}

// -----

// 1000^2 outputs make 64 tiles of 64 x 256, fewer than the SMs: each
// splits along K (split_tail, 4 parts of 16 K steps: one wave of 256 of
// 264; 1.009-1.015x cuBLAS on an H100 against 0.860x for the 64 x 64
// tiles it got before, docs/results/2026-12-06-ragged-k/). Without TMA
// (sm_80), 64 x 64 tiles with cp.async stages.
// CHECK-LABEL: func.func @small_aligned
// CHECK: #tile.config<tiled, block = [64, 256, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8], order = columns>, copy = #tile.copy<kind = tma, a = restaged>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 2, scheduler = split_tail>>
// SM80-LABEL: func.func @small_aligned
// SM80: #tile.config<tiled, block = [64, 64, 16], warp = [32, 32], tile = #tile.fma<thread = [4, 8]>, copy = #tile.copy<kind = async, pad = 4>, schedule = #tile.schedule<stages = 2>>
func.func @small_aligned(%A: memref<1000x1000xf32>, %B: memref<1000x1000xf32>, %C: memref<1000x1000xf32>) {
  linalg.matmul ins(%A, %B : memref<1000x1000xf32>, memref<1000x1000xf32>) outs(%C : memref<1000x1000xf32>)
  return
}

// -----

// Deep K with few output tiles: 64 x 256 tiles make 4 blocks, so each tile
// splits along K (split_tail, 66 parts of 31 K steps: one wave of 264); a
// 16-column output takes the narrow 256 x 16 tiles, which pad it not at
// all, split along K (docs/results/2026-12-06-skinny/: 1.31x cuBLAS where
// 64 x 64 tiles split in 8 ran 0.70x). 999 x 1001 x 1003 (63 K steps, 256
// tiles of 64 x 64) splits 64 tiles of 64 x 256 (ragged_k); 512^3 (64
// tiles of 64 x 64, 32 K steps) splits them in 8.
// CHECK-LABEL: func.func @deep_k
// CHECK: #tile.config<tiled, block = [64, 256, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8], order = columns>, copy = #tile.copy<kind = tma, a = restaged>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 2, scheduler = split_tail>>
func.func @deep_k(%A: memref<256x32768xf32>, %B: memref<32768x256xf32>, %C: memref<256x256xf32>) {
  linalg.matmul ins(%A, %B : memref<256x32768xf32>, memref<32768x256xf32>) outs(%C : memref<256x256xf32>)
  return
}

// -----

// CHECK-LABEL: func.func @small_cube
// CHECK: #tile.config<tiled, block = [64, 64, 16], warp = [32, 32], tile = #tile.fma<thread = [4, 8]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 4, scheduler = split_tail>>
func.func @small_cube(%A: memref<512x512xf32>, %B: memref<512x512xf32>, %C: memref<512x512xf32>) {
  linalg.matmul ins(%A, %B : memref<512x512xf32>, memref<512x512xf32>) outs(%C : memref<512x512xf32>)
  return
}

// -----

// CHECK-LABEL: func.func @skinny_n
// CHECK: #tile.config<tiled, block = [256, 16, 32], warp = [32, 16], tile = #tile.fma<thread = [8, 2]>, copy = #tile.copy<kind = async, pad = 4>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 2, scheduler = split_tail>>
func.func @skinny_n(%A: memref<4096x4096xf32>, %B: memref<4096x16xf32>, %C: memref<4096x16xf32>) {
  linalg.matmul ins(%A, %B : memref<4096x4096xf32>, memref<4096x16xf32>) outs(%C : memref<4096x16xf32>)
  return
}

// -----

// N = 64 fits one 128 x 64 tile column (taller than wide, taken only where
// it spans N): 8192 x 64 x 4096 1.015x cuBLAS split against 0.882x on
// 64 x 64 tiles. N = 68 spans two: the wide tiles. N = 30 and 32: 256 x
// 32 tiles (1.09x and 1.16x, against 0.67x and 0.79x); N = 12 keeps the
// 16-wide ones.
// CHECK-LABEL: func.func @tall_n
// CHECK: #tile.config<tiled, block = [128, 64, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8], order = columns>, copy = #tile.copy<kind = tma, a = restaged>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 4, scheduler = split_tail>>
// CHECK-LABEL: func.func @n_32
// CHECK: #tile.config<tiled, block = [256, 32, 32], warp = [32, 32], tile = #tile.fma<thread = [8, 4]>, copy = #tile.copy<kind = async, pad = 4>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 2, scheduler = split_tail>>
// CHECK-LABEL: func.func @n_30
// CHECK: #tile.config<tiled, block = [256, 32, 32]
// CHECK-LABEL: func.func @n_12
// CHECK: #tile.config<tiled, block = [256, 16, 32]
// CHECK-LABEL: func.func @wider_than_64
// CHECK-NOT: block = [128, 64, 16]
// CHECK: return
func.func @tall_n(%A: memref<8192x4096xf32>, %B: memref<4096x64xf32>, %C: memref<8192x64xf32>) {
  linalg.matmul ins(%A, %B : memref<8192x4096xf32>, memref<4096x64xf32>) outs(%C : memref<8192x64xf32>)
  return
}
func.func @n_32(%A: memref<4096x4096xf32>, %B: memref<4096x32xf32>, %C: memref<4096x32xf32>) {
  linalg.matmul ins(%A, %B : memref<4096x4096xf32>, memref<4096x32xf32>) outs(%C : memref<4096x32xf32>)
  return
}
func.func @n_30(%A: memref<4096x4096xf32>, %B: memref<4096x30xf32>, %C: memref<4096x30xf32>) {
  linalg.matmul ins(%A, %B : memref<4096x4096xf32>, memref<4096x30xf32>) outs(%C : memref<4096x30xf32>)
  return
}
func.func @n_12(%A: memref<4096x4096xf32>, %B: memref<4096x12xf32>, %C: memref<4096x12xf32>) {
  linalg.matmul ins(%A, %B : memref<4096x4096xf32>, memref<4096x12xf32>) outs(%C : memref<4096x12xf32>)
  return
}
func.func @wider_than_64(%A: memref<8192x4096xf32>, %B: memref<4096x68xf32>, %C: memref<8192x68xf32>) {
  linalg.matmul ins(%A, %B : memref<8192x4096xf32>, memref<4096x68xf32>) outs(%C : memref<8192x68xf32>)
  return
}

// -----

// K = 1001: rows of A are not 16-byte multiples, so TMA kernels copy A
// first into aligned rows (at least one block per SM); the TMA candidates
// keep their speed at that copy's cost, as for 1000^3 (0.912x cuBLAS
// against 0.795x for the cp.async 64 x 64 tiles it got before).
// CHECK-LABEL: func.func @unaligned_k
// CHECK: #tile.config<tiled, block = [64, 256, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8], order = columns>, copy = #tile.copy<kind = tma, a = restaged>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 2, scheduler = split_tail>>
// SM80-LABEL: func.func @unaligned_k
// SM80: #tile.config<tiled, block = [64, 64, 16], warp = [32, 32], tile = #tile.fma<thread = [4, 8]>, copy = #tile.copy<kind = async, pad = 4>, schedule = #tile.schedule<stages = 2>>
func.func @unaligned_k(%A: memref<1000x1001xf32>, %B: memref<1001x1000xf32>, %C: memref<1000x1000xf32>) {
  linalg.matmul ins(%A, %B : memref<1000x1001xf32>, memref<1001x1000xf32>) outs(%C : memref<1000x1000xf32>)
  return
}

// -----

// K = 2049: A copied, 64 x 256 tiles (256 of them, 264 block slots) on
// Stream-K (2048 x 2048 x 2047: 0.965x cuBLAS against 0.661x for the
// register-staged 64 x 128 tiles with scalar copies it got before).
// CHECK-LABEL: func.func @unaligned_k_large
// CHECK: #tile.config<tiled, block = [64, 256, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8], order = columns>, copy = #tile.copy<kind = tma, a = restaged>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 2, scheduler = stream_k>>
// SM80-LABEL: func.func @unaligned_k_large
// SM80: #tile.config<tiled, block = [64, 128, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8]>, copy = #tile.copy<pad = 4>, schedule = #tile.schedule<stages = 2>>
func.func @unaligned_k_large(%A: memref<2048x2049xf32>, %B: memref<2049x2048xf32>, %C: memref<2048x2048xf32>) {
  linalg.matmul ins(%A, %B : memref<2048x2049xf32>, memref<2049x2048xf32>) outs(%C : memref<2048x2048xf32>)
  return
}

// -----

// The user's sizes win over the default.
// CHECK-LABEL: func.func @explicit
// CHECK: #tile.config<tiled, block = [32, 32, 32], tile = #tile.fma<thread = [1, 1]>>
func.func @explicit(%A: memref<2048x2048xf32>, %B: memref<2048x2048xf32>, %C: memref<2048x2048xf32>) {
  linalg.matmul {tile.config = #tile.config<tiled, block = [32, 32, 32], tile = #tile.fma<thread = [1, 1]>>}
    ins(%A, %B : memref<2048x2048xf32>, memref<2048x2048xf32>) outs(%C : memref<2048x2048xf32>)
  return
}

// -----

// Matrix-vector products: tiles one row (column) wide, split along K (on
// Stream-K where 120 tiles nearly fill a wave: 1 x 30720 x 1000 1.000x
// cuBLAS); B's rows not 16-byte multiples (N % 4 != 0) take cp.async for
// TMA. 2- and
// 16-row outputs: the narrow tiles of their side (8 or 16); a 32-row
// output keeps the wide tiles.
// CHECK-LABEL: func.func @vector_m
// CHECK: #tile.config<tiled, block = [1, 256, 32], warp = [1, 128], tile = #tile.fma<thread = [1, 4]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 4, blocks_per_sm = 1, scheduler = split_tail>>
// CHECK-LABEL: func.func @vector_m_ragged
// CHECK: #tile.config<tiled, block = [1, 512, 16], warp = [1, 256], tile = #tile.fma<thread = [1, 8]>, copy = #tile.copy<kind = async, pad = 4>, schedule = #tile.schedule<stages = 3, blocks_per_sm = 2, scheduler = split_tail>>
// CHECK-LABEL: func.func @vector_m_stream_k
// CHECK: #tile.config<tiled, block = [1, 256, 32], warp = [1, 128], tile = #tile.fma<thread = [1, 4]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 4, blocks_per_sm = 1, scheduler = stream_k>>
// CHECK-LABEL: func.func @rows_2
// CHECK: #tile.config<tiled, block = [8, 256, 32], warp = [8, 32], tile = #tile.fma<thread = [1, 8]>, copy = #tile.copy<kind = async, pad = 4>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 2, scheduler = split_tail>>
// CHECK-LABEL: func.func @vector_n
// CHECK: #tile.config<tiled, block = [64, 1, 64], warp = [32, 1], tile = #tile.fma<thread = [1, 1]>, copy = #tile.copy<kind = async, pad = 4>, schedule = #tile.schedule<stages = 3, blocks_per_sm = 4, scheduler = split_tail>>
// CHECK-LABEL: func.func @skinny_m
// CHECK: #tile.config<tiled, block = [16, 256, 32], warp = [16, 32], tile = #tile.fma<thread = [2, 8]>, copy = #tile.copy<kind = async, pad = 4>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 2, scheduler = split_tail>>
// CHECK-LABEL: func.func @rows_32
// CHECK: #tile.config<tiled, block = [64, 256, 16]
func.func @vector_m(%A: memref<1x8192xf32>, %B: memref<8192x8192xf32>, %C: memref<1x8192xf32>) {
  linalg.matmul ins(%A, %B : memref<1x8192xf32>, memref<8192x8192xf32>) outs(%C : memref<1x8192xf32>)
  return
}
func.func @vector_m_ragged(%A: memref<1x8190xf32>, %B: memref<8190x8191xf32>, %C: memref<1x8191xf32>) {
  linalg.matmul ins(%A, %B : memref<1x8190xf32>, memref<8190x8191xf32>) outs(%C : memref<1x8191xf32>)
  return
}
func.func @vector_m_stream_k(%A: memref<1x1000xf32>, %B: memref<1000x30720xf32>, %C: memref<1x30720xf32>) {
  linalg.matmul ins(%A, %B : memref<1x1000xf32>, memref<1000x30720xf32>) outs(%C : memref<1x30720xf32>)
  return
}
func.func @rows_2(%A: memref<2x8192xf32>, %B: memref<8192x8192xf32>, %C: memref<2x8192xf32>) {
  linalg.matmul ins(%A, %B : memref<2x8192xf32>, memref<8192x8192xf32>) outs(%C : memref<2x8192xf32>)
  return
}
func.func @vector_n(%A: memref<8192x8192xf32>, %B: memref<8192x1xf32>, %C: memref<8192x1xf32>) {
  linalg.matmul ins(%A, %B : memref<8192x8192xf32>, memref<8192x1xf32>) outs(%C : memref<8192x1xf32>)
  return
}
func.func @skinny_m(%A: memref<16x4096xf32>, %B: memref<4096x4096xf32>, %C: memref<16x4096xf32>) {
  linalg.matmul ins(%A, %B : memref<16x4096xf32>, memref<4096x4096xf32>) outs(%C : memref<16x4096xf32>)
  return
}
func.func @rows_32(%A: memref<32x4096xf32>, %B: memref<4096x4096xf32>, %C: memref<32x4096xf32>) {
  linalg.matmul ins(%A, %B : memref<32x4096xf32>, memref<4096x4096xf32>) outs(%C : memref<32x4096xf32>)
  return
}

// -----

// K and N not multiples of 4 (issue 24's ragged shapes): A copied, B
// packed (b_row_groups needs K % 4 == 0). 999 x 1001 x 1003: 64 tiles of
// 64 x 256, fewer than the SMs, split along K (0.892x cuBLAS against
// 0.672x before); 1023 x 1025 x 4097: 144 tiles of 64 x 128 for 528 block
// slots (3.7 a tile) on Stream-K (0.896x against 0.455x; split_tail
// 0.598x); 4095 x 4097 x 511: four whole waves of 64 x 128 (1.015-1.028x
// against 0.824x).
// CHECK-LABEL: func.func @ragged_k
// CHECK: #tile.config<tiled, block = [64, 256, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8], order = columns>, copy = #tile.copy<kind = tma, a = restaged, b = packed>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 2, scheduler = split_tail>>
// CHECK: #tile.config<tiled, block = [64, 128, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8], order = columns>, copy = #tile.copy<kind = tma, a = restaged, b = packed>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 4, scheduler = stream_k>>
// CHECK: #tile.config<tiled, block = [64, 128, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8], order = columns>, copy = #tile.copy<kind = tma, a = restaged, b = packed>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 4>>
func.func @ragged_k(%A0: memref<999x1003xf32>, %B0: memref<1003x1001xf32>, %C0: memref<999x1001xf32>,
                    %A1: memref<1023x4097xf32>, %B1: memref<4097x1025xf32>, %C1: memref<1023x1025xf32>,
                    %A2: memref<4095x511xf32>, %B2: memref<511x4097xf32>, %C2: memref<4095x4097xf32>) {
  linalg.matmul ins(%A0, %B0 : memref<999x1003xf32>, memref<1003x1001xf32>) outs(%C0 : memref<999x1001xf32>)
  linalg.matmul ins(%A1, %B1 : memref<1023x4097xf32>, memref<4097x1025xf32>) outs(%C1 : memref<1023x1025xf32>)
  linalg.matmul ins(%A2, %B2 : memref<4095x511xf32>, memref<511x4097xf32>) outs(%C2 : memref<4095x4097xf32>)
  return
}

// -----

// A tiny problem with K % 4 != 0 keeps the cp.async tiles: A's copy and
// its grid barrier (1.6 us measured) weigh against its floor of about a
// microsecond (5 x 1000 x 1001: 14.1 us with A copied, 12.5 without).
// CHECK-LABEL: func.func @ragged_k_tiny
// CHECK: copy = #tile.copy<kind = async, pad = 4>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 4, scheduler = split_tail>>
func.func @ragged_k_tiny(%A: memref<5x1001xf32>, %B: memref<1001x1000xf32>, %C: memref<5x1000xf32>) {
  linalg.matmul ins(%A, %B : memref<5x1001xf32>, memref<1001x1000xf32>) outs(%C : memref<5x1000xf32>)
  return
}
