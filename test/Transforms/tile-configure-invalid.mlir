// RUN: tile-opt %s -split-input-file -verify-diagnostics --pass-pipeline="builtin.module(func.func(tile-configure))"

// Matmuls tile-opt does not compile, and configs over the limits of the
// chip: one error at the matmul, naming what is wrong.

func.func @i8(%A: memref<4x4xi8>, %B: memref<4x4xi8>, %C: memref<4x4xi8>) {
  // expected-error @+1 {{operand A has element type 'i8', which is not supported (supported: f32, f16, bf16)}}
  linalg.matmul ins(%A, %B : memref<4x4xi8>, memref<4x4xi8>) outs(%C : memref<4x4xi8>)
  return
}

// -----

// A and B of one type; an f32 matmul writes f32.
func.func @mixed(%A: memref<4x4xf16>, %B: memref<4x4xbf16>, %C: memref<4x4xf32>) {
  // expected-error @+1 {{mixes element types: A is f16, B bf16; A and B must have one type}}
  linalg.matmul ins(%A, %B : memref<4x4xf16>, memref<4x4xbf16>) outs(%C : memref<4x4xf32>)
  return
}

// -----

func.func @f32_to_f16(%A: memref<4x4xf32>, %B: memref<4x4xf32>, %C: memref<4x4xf16>) {
  // expected-error @+1 {{writes C as f16 from f32 A and B; an f32 matmul writes f32}}
  linalg.matmul ins(%A, %B : memref<4x4xf32>, memref<4x4xf32>) outs(%C : memref<4x4xf16>)
  return
}

// -----

// The FMA tile multiplies f32: a 16-bit matmul with an FMA config is
// refused at configure time, not left to fail later.
func.func @f16_tiled(%A: memref<64x64xf16>, %B: memref<64x64xf16>, %C: memref<64x64xf16>) {
  // expected-error @+1 {{the fma instruction tile does not multiply f16 operands on sm_90 (16-bit matmuls take the wgmma tile on sm_90a, or strategy=naive)}}
  linalg.matmul {tile.config = #tile.config<tiled, block = [64, 64, 16], tile = #tile.fma<thread = [4, 4]>>} ins(%A, %B : memref<64x64xf16>, memref<64x64xf16>) outs(%C : memref<64x64xf16>)
  return
}

// -----

func.func @f64(%A: tensor<4x4xf64>, %B: tensor<4x4xf64>, %C: tensor<4x4xf64>) -> tensor<4x4xf64> {
  // expected-error @+1 {{operand A has element type 'f64', which is not supported (supported: f32, f16, bf16)}}
  %0 = linalg.matmul ins(%A, %B : tensor<4x4xf64>, tensor<4x4xf64>) outs(%C : tensor<4x4xf64>) -> tensor<4x4xf64>
  return %0 : tensor<4x4xf64>
}

// -----

func.func @dynamic(%A: memref<?x4xf32>, %B: memref<4x4xf32>, %C: memref<?x4xf32>) {
  // expected-error @+1 {{operand A has dynamic shape 'memref<?x4xf32>': tile-opt needs static shapes}}
  linalg.matmul ins(%A, %B : memref<?x4xf32>, memref<4x4xf32>) outs(%C : memref<?x4xf32>)
  return
}

// -----

// A broadcast operand and a transposed C stay as they are.
func.func @broadcast_a(%A: memref<8xf32>, %B: memref<8x6xf32>, %C: memref<4x6xf32>) {
  // expected-warning @+1 {{left alone: tile-opt compiles linalg.matmul with row-major C[M,N] = A[M,K] * B[K,N], A and B row-major or transposed; broadcast operands and a transposed C are not supported yet}}
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>]
    ins(%A, %B : memref<8xf32>, memref<8x6xf32>) outs(%C : memref<4x6xf32>)
  return
}

// -----

func.func @transposed_c(%A: memref<4x8xf32>, %B: memref<8x6xf32>, %C: memref<6x4xf32>) {
  // expected-warning @+1 {{left alone}}
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (n, m)>]
    ins(%A, %B : memref<4x8xf32>, memref<8x6xf32>) outs(%C : memref<6x4xf32>)
  return
}

// -----

// Transposed operands on the fma tile: A stored K x M is read through TMA
// boxes as stored (or a copy, a = restaged), which a register-copy config
// cannot do (tile-configure-transposed.mlir has the others).
func.func @transposed_a_fma(%A: memref<32x64xf32>, %B: memref<32x64xf32>, %C: memref<64x64xf32>) {
  // expected-error @+1 {{transposed A is read by the fma tile through TMA boxes of A as stored (or its copy, a = restaged): it needs copy kind tma}}
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>]
    {tile.config = #tile.config<tiled, block = [32, 32, 8], tile = #tile.fma<thread = [1, 1]>>}
    ins(%A, %B : memref<32x64xf32>, memref<32x64xf32>) outs(%C : memref<64x64xf32>)
  return
}

// -----

func.func @explicit_config_over_limit(%A: memref<64x32xf32>, %B: memref<32x48xf32>, %C: memref<64x48xf32>) {
  // expected-error @+1 {{config needs 2048 threads per block (32 x 64), but sm_90 allows at most 1024}}
  linalg.matmul {tile.config = #tile.config<naive, block = [32, 64, 1], tile = #tile.fma<thread = [1, 1]>>}
    ins(%A, %B : memref<64x32xf32>, memref<32x48xf32>) outs(%C : memref<64x48xf32>)
  return
}

// -----

func.func @explicit_config_over_shared_memory(%A: memref<64x32xf32>, %B: memref<32x48xf32>, %C: memref<64x48xf32>) {
  // expected-error @+1 {{config needs 524288 bytes of shared memory per block (4 stages of 131072), but sm_90 allows at most 232448}}
  linalg.matmul {tile.config = #tile.config<tiled, block = [256, 256, 64], tile = #tile.fma<thread = [8, 8]>, schedule = #tile.schedule<stages = 4>>}
    ins(%A, %B : memref<64x32xf32>, memref<32x48xf32>) outs(%C : memref<64x48xf32>)
  return
}

// -----

func.func @explicit_config_over_registers(%A: memref<64x32xf32>, %B: memref<32x48xf32>, %C: memref<64x48xf32>) {
  // expected-error @+1 {{config needs about 344 registers per thread (256 accumulators), but sm_90 allows at most 255}}
  linalg.matmul {tile.config = #tile.config<tiled, block = [128, 128, 8], tile = #tile.fma<thread = [16, 16]>>}
    ins(%A, %B : memref<64x32xf32>, memref<32x48xf32>) outs(%C : memref<64x48xf32>)
  return
}

// -----

func.func @explicit_config_over_block_registers(%A: memref<64x32xf32>, %B: memref<32x48xf32>, %C: memref<64x48xf32>) {
  // expected-error @+1 {{config needs about 81920 registers per block, but sm_90 has 65536}}
  linalg.matmul {tile.config = #tile.config<tiled, block = [256, 128, 8], tile = #tile.fma<thread = [8, 4]>>}
    ins(%A, %B : memref<64x32xf32>, memref<32x48xf32>) outs(%C : memref<64x48xf32>)
  return
}

// -----

// copy = tma: a tensor map's row pitch must be a multiple of 16 bytes; rows
// of 30 floats (A's K) are not, so the kernel would copy A first (rows
// padded), all blocks together, which needs blocks_per_sm.
func.func @tma_pitch(%A: memref<64x30xf32>, %B: memref<30x48xf32>, %C: memref<64x48xf32>) {
  // expected-error @+1 {{copy kind tma with rows of A that are not multiples of 16 bytes (A is 64x30) copies A first, all blocks together, which then wait for each other: it needs blocks_per_sm > 0 (or use copy kind async or registers)}}
  linalg.matmul {tile.config = #tile.config<tiled, block = [64, 48, 16], warp = [32, 24], tile = #tile.fma<thread = [4, 6]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 2>>}
      ins(%A, %B : memref<64x30xf32>, memref<30x48xf32>) outs(%C : memref<64x48xf32>)
  return
}

// -----

// copy kind tma with rows of B of 45 floats: B goes through registers, which
// the two-stage schedule does; three stages are refused.
func.func @tma_b_registers(%A: memref<64x32xf32>, %B: memref<32x45xf32>, %C: memref<64x45xf32>) {
  // expected-error @+1 {{copy kind tma with rows of B that are not multiples of 16 bytes (B is 32x45) copies B through registers, which needs stages = 2, got 3 (or use b = row_groups)}}
  linalg.matmul {tile.config = #tile.config<tiled, block = [64, 48, 16], warp = [32, 24], tile = #tile.fma<thread = [4, 6]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 3>>}
      ins(%A, %B : memref<64x32xf32>, memref<32x45xf32>) outs(%C : memref<64x45xf32>)
  return
}

// -----

// With b_row_groups the same B is described to the TMA unit: three stages
// are accepted.
func.func @tma_b_row_groups(%A: memref<64x32xf32>, %B: memref<32x45xf32>, %C: memref<64x45xf32>) {
  linalg.matmul {tile.config = #tile.config<tiled, block = [64, 48, 16], warp = [32, 24], tile = #tile.fma<thread = [4, 6]>, copy = #tile.copy<kind = tma, b = row_groups>, schedule = #tile.schedule<stages = 3>>}
      ins(%A, %B : memref<64x32xf32>, memref<32x45xf32>) outs(%C : memref<64x45xf32>)
  return
}

// -----

// b_row_groups views B as rows of 4 rows: K = 30 is not a multiple of 4
// (A's rows are copied first, which blocks_per_sm allows).
func.func @row_groups_ragged_k(%A: memref<64x30xf32>, %B: memref<30x45xf32>, %C: memref<64x45xf32>) {
  // expected-error @+1 {{b_row_groups views B (30x45) as rows of 4 rows, which needs K a multiple of 4 (use b = packed)}}
  linalg.matmul {tile.config = #tile.config<tiled, block = [64, 48, 16], warp = [32, 24], tile = #tile.fma<thread = [4, 6]>, copy = #tile.copy<kind = tma, b = row_groups>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 1>>}
      ins(%A, %B : memref<64x30xf32>, memref<30x45xf32>) outs(%C : memref<64x45xf32>)
  return
}

// -----

// b_row_groups addresses B as rows of 4N elements through 32-bit TMA
// coordinates: 4 x 600000000 + a class's boxes (2 x 136) is too many.
func.func @row_groups_too_wide(%A: memref<64x32xf32>, %B: memref<32x600000000xf32>, %C: memref<64x600000000xf32>) {
  // expected-error @+1 {{b_row_groups addresses B (32x600000000) in rows of 4N elements through 32-bit coordinates, but N is too large}}
  linalg.matmul {tile.config = #tile.config<tiled, block = [64, 256, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8]>, copy = #tile.copy<kind = tma, b = row_groups>, schedule = #tile.schedule<stages = 2>>}
      ins(%A, %B : memref<64x32xf32>, memref<32x600000000xf32>) outs(%C : memref<64x600000000xf32>)
  return
}

// -----

// copy = tma: 5 stages of 128 x 256 x 32 panels (49152 bytes and an 8-byte
// mbarrier each) exceed the 227 KiB a block may have.
func.func @tma_smem(%A: memref<256x256xf32>, %B: memref<256x256xf32>, %C: memref<256x256xf32>) {
  // expected-error @+1 {{config needs 245800 bytes of shared memory per block (5 stages of 49160), but sm_90 allows at most 232448}}
  linalg.matmul {tile.config = #tile.config<tiled, block = [128, 256, 32], warp = [64, 64], tile = #tile.fma<thread = [8, 16]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 5>>}
      ins(%A, %B : memref<256x256xf32>, memref<256x256xf32>) outs(%C : memref<256x256xf32>)
  return
}

// -----

// restage_a adds two K-major stages of A (2 x 32 x 256 floats) to the 4 TMA
// stages of 256 x 128 x 32 (196640 bytes with their mbarriers, which fit).
func.func @restage_smem(%A: memref<256x256xf32>, %B: memref<256x256xf32>, %C: memref<256x256xf32>) {
  // expected-error @+1 {{config needs 262176 bytes of shared memory per block (4 stages of 49160 and 65536 of re-staged A), but sm_90 allows at most 232448}}
  linalg.matmul {tile.config = #tile.config<tiled, block = [256, 128, 32], warp = [64, 64], tile = #tile.fma<thread = [8, 16]>, copy = #tile.copy<kind = tma, a = restaged>, schedule = #tile.schedule<stages = 4>>}
      ins(%A, %B : memref<256x256xf32>, memref<256x256xf32>) outs(%C : memref<256x256xf32>)
  return
}

// -----

// The same config without restage_a fits.
func.func @no_restage_smem(%A: memref<256x256xf32>, %B: memref<256x256xf32>, %C: memref<256x256xf32>) {
  linalg.matmul {tile.config = #tile.config<tiled, block = [256, 128, 32], warp = [64, 64], tile = #tile.fma<thread = [8, 16]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 4>>}
      ins(%A, %B : memref<256x256xf32>, memref<256x256xf32>) outs(%C : memref<256x256xf32>)
  return
}

// -----

// 16384^2 outputs with K = 16: 16384 tiles of one K step each over 264
// blocks, 62 or 63 steps (segments) per block: more than the 32 segments
// the config check allows.
func.func @stream_k_segments(%A: memref<16384x16xf32>, %B: memref<16x16384xf32>, %C: memref<16384x16384xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<16384x16384xf32>)
  // expected-error @+1 {{stream_k would spread one block's K steps over 63 tiles (at most 32): 264 blocks share 16384 K steps of 1 per tile (use fewer blocks_per_sm, or scheduler = data_parallel)}}
  linalg.matmul {tile.config = #tile.config<tiled, block = [64, 256, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8]>, copy = #tile.copy<kind = tma, a = restaged>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 2, scheduler = stream_k>>}
      ins(%A, %B : memref<16384x16xf32>, memref<16x16384xf32>) outs(%C : memref<16384x16384xf32>)
  return
}

// -----

// The same config with a zero fill before the matmul and K = 2048 passes.
func.func @stream_k_ok(%A: memref<2048x2048xf32>, %B: memref<2048x2048xf32>, %C: memref<2048x2048xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<2048x2048xf32>)
  linalg.matmul {tile.config = #tile.config<tiled, block = [64, 256, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8]>, copy = #tile.copy<kind = tma, a = restaged>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 2, scheduler = stream_k>>}
      ins(%A, %B : memref<2048x2048xf32>, memref<2048x2048xf32>) outs(%C : memref<2048x2048xf32>)
  return
}

// -----

// pack_b fits any grid: 4096 x 4095 in 64 x 256 tiles is 1024 blocks, four
// waves of 132 SMs x 2, of which the first 264 to start copy B.
func.func @pack_b_waves(%A: memref<4096x4096xf32>, %B: memref<4096x4095xf32>, %C: memref<4096x4095xf32>) {
  linalg.matmul {tile.config = #tile.config<tiled, block = [64, 256, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8]>, copy = #tile.copy<kind = tma, a = restaged, b = packed>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 2>>}
      ins(%A, %B : memref<4096x4096xf32>, memref<4096x4095xf32>) outs(%C : memref<4096x4095xf32>)
  return
}

// -----

// The same tiles with stream_k (one wave by construction).
func.func @pack_b_stream_k(%A: memref<4096x4096xf32>, %B: memref<4096x4095xf32>, %C: memref<4096x4095xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<4096x4095xf32>)
  linalg.matmul {tile.config = #tile.config<tiled, block = [64, 256, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8]>, copy = #tile.copy<kind = tma, a = restaged, b = packed>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 2, scheduler = stream_k>>}
      ins(%A, %B : memref<4096x4096xf32>, memref<4096x4095xf32>) outs(%C : memref<4096x4095xf32>)
  return
}

// -----

// The emitter unrolls a K step per thread: beyond its limits code size and
// compile time explode.
func.func @unrolled_fmas(%A: memref<256x256xf32>, %B: memref<256x256xf32>, %C: memref<256x256xf32>) {
  // expected-error @+1 {{config unrolls TM x TN x BK = 8 x 8 x 256 = 16384 FMAs per thread and K step, over the limit of 8192 (use a smaller BK or thread tile)}}
  linalg.matmul {tile.config = #tile.config<tiled, block = [64, 64, 256], tile = #tile.fma<thread = [8, 8]>>}
      ins(%A, %B : memref<256x256xf32>, memref<256x256xf32>) outs(%C : memref<256x256xf32>)
  return
}

// -----

func.func @unrolled_copies(%A: memref<256x256xf32>, %B: memref<256x256xf32>, %C: memref<256x256xf32>) {
  // expected-error @+1 {{config copies 1024 elements of A and B per thread and stage, over the limit of 256 (use more threads or a smaller BK)}}
  linalg.matmul {tile.config = #tile.config<tiled, block = [8, 8, 64], tile = #tile.fma<thread = [8, 8]>>}
      ins(%A, %B : memref<256x256xf32>, memref<256x256xf32>) outs(%C : memref<256x256xf32>)
  return
}

// -----

// 4 blocks of 57600 bytes would fit 233472 bytes, but the runtime reserves
// 1024 more for each resident block: only 3 fit (found on the GPU, where
// tile-run refused the kernel's 512 co-resident split_tail blocks).
func.func @reserved_shared(%A: memref<16x4096xf32>, %B: memref<4096x4096xf32>, %C: memref<16x4096xf32>) {
  // expected-error @+1 {{config asks for 4 blocks per SM of 57600 bytes of shared memory (and 1024 the runtime reserves for each), but sm_90 has 233472 per SM}}
  linalg.matmul {tile.config = #tile.config<tiled, block = [16, 128, 32], warp = [16, 16], tile = #tile.fma<thread = [2, 4]>, copy = #tile.copy<kind = async, pad = 4>, schedule = #tile.schedule<stages = 3, blocks_per_sm = 4, scheduler = split_tail>>}
      ins(%A, %B : memref<16x4096xf32>, memref<4096x4096xf32>) outs(%C : memref<16x4096xf32>)
  return
}
