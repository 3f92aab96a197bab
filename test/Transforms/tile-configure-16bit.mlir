// f16 and bf16 matmuls (C f16, bf16 or f32; products accumulated in f32)
// are configured with the naive strategy. The tiled strategy's default (the
// pass's default strategy) is the wgmma tile, which needs sm_90a: on sm_90
// (the default chip) it is refused with an error at each; on sm_90a every
// shape gets it (A copied and B packed first where their rows are not
// 16-byte multiples, one resident block per SM); an f32 C over several
// waves gets a persistent producer.
// RUN: tile-opt %s -split-input-file --tile-configure=strategy=naive | FileCheck %s
// RUN: not tile-opt %s -split-input-file --tile-configure 2>&1 | FileCheck %s --check-prefix=TILED
// RUN: tile-opt %s -split-input-file --tile-configure="strategy=tiled chip=sm_90a" | FileCheck %s --check-prefix=WGMMA

// CHECK-LABEL: func.func @f16
// CHECK: linalg.matmul {tile.config = #tile.config<naive, block = [16, 16, 1], tile = #tile.fma<thread = [1, 1]>>}
// TILED: error: 'linalg.matmul' op has no default tiled config for sm_90: f16 matmuls run on the wgmma tile, which needs chip sm_90a (or take strategy=naive)
// WGMMA-LABEL: func.func @f16
// WGMMA: linalg.matmul {tile.config = #tile.config<tiled, block = [128, 128, 64], warp = [64, 128], tile = #tile.wgmma<shape = [64, 128, 16]>, copy = #tile.copy<kind = tma, b = packed>, schedule = #tile.schedule<stages = 4, blocks_per_sm = 1, order = along_m>>}
func.func @f16(%A: memref<33x17xf16>, %B: memref<17x45xf16>, %C: memref<33x45xf16>) {
  linalg.matmul ins(%A, %B : memref<33x17xf16>, memref<17x45xf16>) outs(%C : memref<33x45xf16>)
  return
}

// -----

// CHECK-LABEL: func.func @bf16_to_f32
// CHECK: linalg.matmul {tile.config = #tile.config<naive
// TILED: error: 'linalg.matmul' op has no default tiled config for sm_90: bf16 matmuls run on the wgmma tile
func.func @bf16_to_f32(%A: tensor<8x4xbf16>, %B: tensor<4x8xbf16>, %C: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = linalg.matmul ins(%A, %B : tensor<8x4xbf16>, tensor<4x8xbf16>) outs(%C : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// Rows of 16-byte multiples, fewer tiles than SMs: 4 tiles of 128 x 128
// would leave 128 SMs idle, so the tiles are 64 x 128 (one warpgroup, 8
// tiles, 2 resident blocks per SM), 4 stages of BK = 64, blocks down the
// columns (N >= M).
// CHECK-LABEL: func.func @f16_aligned
// TILED: error: 'linalg.matmul' op has no default tiled config for sm_90: f16 matmuls
// WGMMA-LABEL: func.func @f16_aligned
// WGMMA: linalg.matmul {tile.config = #tile.config<tiled, block = [64, 128, 64], warp = [64, 128], tile = #tile.wgmma<shape = [64, 128, 16]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 4, blocks_per_sm = 2, order = along_m>>}
func.func @f16_aligned(%A: memref<256x64xf16>, %B: memref<64x256xf16>, %C: memref<256x256xf32>) {
  linalg.matmul ins(%A, %B : memref<256x64xf16>, memref<64x256xf16>) outs(%C : memref<256x256xf32>)
  return
}

// -----

// Rows of B of 2039 f16 (4078 bytes): B is packed first, which makes the
// blocks wait for each other (one resident block per SM). 17 x 8 = 136
// tiles of 128 x 256 are a full wave of 132 and 4, which split_tail would
// run at about 1.03 / 1.44 of its speed; 33 x 8 = 264 tiles of 64 x 256 are
// two whole waves (at 0.90 of the wide tiles' speed): the narrow tiles, on
// a persistent producer grid, tiles along the rows (N < M).
// WGMMA-LABEL: func.func @f16_packed
// WGMMA: linalg.matmul {tile.config = #tile.config<tiled, block = [64, 256, 64], warp = [64, 256], tile = #tile.wgmma<shape = [64, 256, 16]>, copy = #tile.copy<kind = tma, b = packed>, schedule = #tile.schedule<stages = 4, blocks_per_sm = 1, scheduler = persistent, producer = warpgroup>>}
func.func @f16_packed(%A: memref<2053x2048xf16>, %B: memref<2048x2039xf16>, %C: memref<2053x2039xf16>) {
  linalg.matmul ins(%A, %B : memref<2053x2048xf16>, memref<2048x2039xf16>) outs(%C : memref<2053x2039xf16>)
  return
}

// Rows of B of 2048 f16 (4096 bytes, 128-byte multiples) read as they are:
// the same choice. Rows of 2040 (4080 bytes) keep the wide tiles and
// split_tail (the narrow ones, reading twice B's bytes per MMA, were 20 %
// slower there). 2176 rows: 17 x 8 tiles again, but 34 x 8 = 272 narrow
// ones make 2.06 waves: the wide tiles.
// WGMMA-LABEL: func.func @f16_narrow_aligned
// WGMMA: block = [64, 256, 64]{{.*}}copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 4, blocks_per_sm = 1, scheduler = persistent, producer = warpgroup>>}
// WGMMA-LABEL: func.func @f16_wide_4080_byte_rows
// WGMMA: block = [128, 256, 64]{{.*}}schedule = #tile.schedule<stages = 4, blocks_per_sm = 1, scheduler = split_tail>>}
// WGMMA-LABEL: func.func @f16_wide_2176
// WGMMA: block = [128, 256, 64]{{.*}}scheduler = split_tail, producer = warpgroup>>}
func.func @f16_narrow_aligned(%A: memref<2053x2048xf16>, %B: memref<2048x2048xf16>, %C: memref<2053x2048xf16>) {
  linalg.matmul ins(%A, %B : memref<2053x2048xf16>, memref<2048x2048xf16>) outs(%C : memref<2053x2048xf16>)
  return
}
func.func @f16_wide_4080_byte_rows(%A: memref<2053x2048xf16>, %B: memref<2048x2040xf16>, %C: memref<2053x2040xf16>) {
  linalg.matmul ins(%A, %B : memref<2053x2048xf16>, memref<2048x2040xf16>) outs(%C : memref<2053x2040xf16>)
  return
}
func.func @f16_wide_2176(%A: memref<2176x2048xf16>, %B: memref<2048x2048xf16>, %C: memref<2176x2048xf16>) {
  linalg.matmul ins(%A, %B : memref<2176x2048xf16>, memref<2048x2048xf16>) outs(%C : memref<2176x2048xf16>)
  return
}

// -----

// The FF layer: 16 x 43 = 688 tiles of 128 x 256 are 5 full waves of 132
// and 28 tiles: split_tail splits those 28 along K into 132 / 28 = 4 parts
// (one resident block per SM sizes the wave), on a persistent grid whose
// producer warpgroup fills the next unit's stages while the consumers
// store C (M = 2048 fills whole tiles). Its 16 tile rows are one band
// already: no group.
// WGMMA-LABEL: func.func @f16_split_tail
// WGMMA: linalg.matmul {tile.config = #tile.config<tiled, block = [128, 256, 64], warp = [64, 256], tile = #tile.wgmma<shape = [64, 256, 16]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 4, blocks_per_sm = 1, scheduler = split_tail, producer = warpgroup, order = along_m>>}
func.func @f16_split_tail(%A: memref<2048x4096xf16>, %B: memref<4096x11008xf16>, %C: memref<2048x11008xf16>) {
  linalg.matmul ins(%A, %B : memref<2048x4096xf16>, memref<4096x11008xf16>) outs(%C : memref<2048x11008xf16>)
  return
}

// -----

// 4096^3: 32 x 16 = 512 tiles of 128 x 256 (3.9 waves) down the columns
// (N >= M) in bands of 16 tile rows, the power of two nearest sqrt(132 x
// 256 / 128) = 16.2. 8192 x 4096 x 4096 (N < M) goes along the rows, in
// bands of 8 tile columns (sqrt(132 x 128 / 256) = 8.1).
// WGMMA-LABEL: func.func @f16_bands
// WGMMA: schedule = #tile.schedule<stages = 4, order = along_m, group = 16>>}
// WGMMA-LABEL: func.func @bf16_bands_along_n
// WGMMA: schedule = #tile.schedule<stages = 4, group = 8>>}
func.func @f16_bands(%A: memref<4096x4096xf16>, %B: memref<4096x4096xf16>, %C: memref<4096x4096xf16>) {
  linalg.matmul ins(%A, %B : memref<4096x4096xf16>, memref<4096x4096xf16>) outs(%C : memref<4096x4096xf16>)
  return
}
func.func @bf16_bands_along_n(%A: memref<8192x4096xbf16>, %B: memref<4096x4096xbf16>, %C: memref<8192x4096xbf16>) {
  linalg.matmul ins(%A, %B : memref<8192x4096xbf16>, memref<4096x4096xbf16>) outs(%C : memref<8192x4096xbf16>)
  return
}

// -----

// 3072^3: 288 tiles of 128 x 256 are 2.18 waves (2 and a split tail: 2.44
// waves of time by the wave model); 384 tiles of 128 x 192 are 2.91, 3
// waves of 0.75 the work (2.27): the 128 x 192 tiles, on a persistent
// producer grid. 1536^3's 144 tiles of 128 x 128 are a wave and a split
// tail; 288 tiles of 64 x 128 would be over a wave, so they stay. B's rows
// of 3000 f16 (6000 bytes, not 128-byte multiples) keep the 128 x 256
// tiles (measured 28 % slower in 128 x 192).
// WGMMA-LABEL: func.func @wide_192
// WGMMA: block = [128, 192, 64], warp = [64, 192], tile = #tile.wgmma<shape = [64, 192, 16]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 4, blocks_per_sm = 1, scheduler = persistent, producer = warpgroup, order = along_m>>}
// WGMMA-LABEL: func.func @wave_1536
// WGMMA: block = [128, 128, 64], warp = [64, 128]{{.*}}scheduler = split_tail, producer = warpgroup
// WGMMA-LABEL: func.func @wide_6000_byte_rows
// WGMMA: block = [128, 256, 64], warp = [64, 256]{{.*}}scheduler = split_tail, producer = warpgroup
func.func @wide_192(%A: memref<3072x3072xf16>, %B: memref<3072x3072xf16>, %C: memref<3072x3072xf16>) {
  linalg.matmul ins(%A, %B : memref<3072x3072xf16>, memref<3072x3072xf16>) outs(%C : memref<3072x3072xf16>)
  return
}
func.func @wave_1536(%A: memref<1536x1536xf16>, %B: memref<1536x1536xf16>, %C: memref<1536x1536xf16>) {
  linalg.matmul ins(%A, %B : memref<1536x1536xf16>, memref<1536x1536xf16>) outs(%C : memref<1536x1536xf16>)
  return
}
func.func @wide_6000_byte_rows(%A: memref<3072x3072xf16>, %B: memref<3072x3000xf16>, %C: memref<3072x3000xf16>) {
  linalg.matmul ins(%A, %B : memref<3072x3072xf16>, memref<3072x3000xf16>) outs(%C : memref<3072x3000xf16>)
  return
}

// -----

// An f32 C over more than one wave (4096^3: 3.9 waves, no tail to split):
// a persistent grid with a producer warpgroup, one resident block per SM;
// the C tile is stored in column chunks from its own slot beside the 4
// stages. With a 16-bit C the same shape stays data-parallel (@f16_bands).
// WGMMA-LABEL: func.func @f32_c_producer
// WGMMA: schedule = #tile.schedule<stages = 4, blocks_per_sm = 1, scheduler = persistent, producer = warpgroup, order = along_m, group = 16>>}
func.func @f32_c_producer(%A: memref<4096x4096xf16>, %B: memref<4096x4096xf16>, %C: memref<4096x4096xf32>) {
  linalg.matmul ins(%A, %B : memref<4096x4096xf16>, memref<4096x4096xf16>) outs(%C : memref<4096x4096xf32>)
  return
}

// -----

// The FF layer with an f32 C: the same, C in 4 chunks.
// WGMMA-LABEL: func.func @f32_c_split_tail
// WGMMA: schedule = #tile.schedule<stages = 4, blocks_per_sm = 1, scheduler = split_tail, producer = warpgroup, order = along_m>>}
func.func @f32_c_split_tail(%A: memref<2048x4096xf16>, %B: memref<4096x11008xf16>, %C: memref<2048x11008xf32>) {
  linalg.matmul ins(%A, %B : memref<2048x4096xf16>, memref<4096x11008xf16>) outs(%C : memref<2048x11008xf32>)
  return
}

// -----

// The same with edge rows (M = 2000), with a 16-bit C and with an f32 C:
// split_tail without a producer.
// WGMMA-LABEL: func.func @f32_c_split_tail_edge_rows
// WGMMA: schedule = #tile.schedule<stages = 4, blocks_per_sm = 1, scheduler = split_tail, order = along_m>>}
func.func @f32_c_split_tail_edge_rows(%A: memref<2000x4096xf16>, %B: memref<4096x11008xf16>, %C: memref<2000x11008xf32>) {
  linalg.matmul ins(%A, %B : memref<2000x4096xf16>, memref<4096x11008xf16>) outs(%C : memref<2000x11008xf32>)
  return
}
// WGMMA-LABEL: func.func @f16_split_tail_edge_rows
// WGMMA: schedule = #tile.schedule<stages = 4, blocks_per_sm = 1, scheduler = split_tail, order = along_m>>}
func.func @f16_split_tail_edge_rows(%A: memref<2000x4096xf16>, %B: memref<4096x11008xf16>, %C: memref<2000x11008xf16>) {
  linalg.matmul ins(%A, %B : memref<2000x4096xf16>, memref<4096x11008xf16>) outs(%C : memref<2000x11008xf16>)
  return
}

// -----

// Fewer tiles than SMs with 64 K steps or more: every tile splits along K
// on split_tail (256 x 256 x 32768: 4 tiles of 128 x 128, 512 steps, in 33
// parts), in tiles of 64 along a side of C of at most 64: one warpgroup of
// 64 x 128 for M = 16, two of 64 x 64 for N = 1 (B packed), one of 64 x 64
// for 64 x 64.
// WGMMA-LABEL: func.func @split_deep_k
// WGMMA: block = [128, 128, 64], warp = [64, 128], tile = #tile.wgmma<shape = [64, 128, 16]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 4, blocks_per_sm = 1, scheduler = split_tail>>}
// WGMMA-LABEL: func.func @split_m16
// WGMMA: block = [64, 128, 64], warp = [64, 128], tile = #tile.wgmma<shape = [64, 128, 16]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 4, blocks_per_sm = 1, scheduler = split_tail>>}
// WGMMA-LABEL: func.func @split_n1
// WGMMA: block = [128, 64, 64], warp = [64, 64], tile = #tile.wgmma<shape = [64, 64, 16]>, copy = #tile.copy<kind = tma, b = packed>, schedule = #tile.schedule<stages = 4, blocks_per_sm = 1, scheduler = split_tail>>}
// WGMMA-LABEL: func.func @split_64x64
// WGMMA: block = [64, 64, 64], warp = [64, 64], tile = #tile.wgmma<shape = [64, 64, 16]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 4, blocks_per_sm = 1, scheduler = split_tail>>}
// 768^3 has 36 tiles of 12 K steps: whole (split, 30 % slower), in the 72
// tiles of 64 x 128 that still fit in a wave, 2 resident per SM.
// WGMMA-LABEL: func.func @whole_768
// WGMMA: block = [64, 128, 64]{{.*}}schedule = #tile.schedule<stages = 4, blocks_per_sm = 2, order = along_m>>}
func.func @split_deep_k(%A: memref<256x32768xf16>, %B: memref<32768x256xf16>, %C: memref<256x256xf16>) {
  linalg.matmul ins(%A, %B : memref<256x32768xf16>, memref<32768x256xf16>) outs(%C : memref<256x256xf16>)
  return
}
func.func @split_m16(%A: memref<16x4096xf16>, %B: memref<4096x4096xf16>, %C: memref<16x4096xf16>) {
  linalg.matmul ins(%A, %B : memref<16x4096xf16>, memref<4096x4096xf16>) outs(%C : memref<16x4096xf16>)
  return
}
func.func @split_n1(%A: memref<8192x8192xf16>, %B: memref<8192x1xf16>, %C: memref<8192x1xf16>) {
  linalg.matmul ins(%A, %B : memref<8192x8192xf16>, memref<8192x1xf16>) outs(%C : memref<8192x1xf16>)
  return
}
func.func @split_64x64(%A: memref<64x65536xf16>, %B: memref<65536x64xf16>, %C: memref<64x64xf16>) {
  linalg.matmul ins(%A, %B : memref<64x65536xf16>, memref<65536x64xf16>) outs(%C : memref<64x64xf16>)
  return
}
func.func @whole_768(%A: memref<768x768xf16>, %B: memref<768x768xf16>, %C: memref<768x768xf16>) {
  linalg.matmul ins(%A, %B : memref<768x768xf16>, memref<768x768xf16>) outs(%C : memref<768x768xf16>)
  return
}

// -----

// One or two K steps over more than a wave of tiles (8192 x 8192 x 128:
// 2048 tiles of 128 x 256): a persistent grid whose producer warpgroup
// loads the next tile while the consumers store C; with edge rows (M =
// 8000) the data-parallel grid.
// WGMMA-LABEL: func.func @short_k
// WGMMA: block = [128, 256, 64]{{.*}}schedule = #tile.schedule<stages = 4, blocks_per_sm = 1, scheduler = persistent, producer = warpgroup, order = along_m>>}
// WGMMA-LABEL: func.func @short_k_edge_rows
// WGMMA: block = [128, 256, 64]{{.*}}schedule = #tile.schedule<stages = 4, order = along_m, group = 16>>}
func.func @short_k(%A: memref<8192x128xf16>, %B: memref<128x8192xf16>, %C: memref<8192x8192xf16>) {
  linalg.matmul ins(%A, %B : memref<8192x128xf16>, memref<128x8192xf16>) outs(%C : memref<8192x8192xf16>)
  return
}
func.func @short_k_edge_rows(%A: memref<8000x128xf16>, %B: memref<128x8192xf16>, %C: memref<8000x8192xf16>) {
  linalg.matmul ins(%A, %B : memref<8000x128xf16>, memref<128x8192xf16>) outs(%C : memref<8000x8192xf16>)
  return
}
