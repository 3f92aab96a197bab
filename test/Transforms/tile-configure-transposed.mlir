// RUN: tile-opt %s -split-input-file -verify-diagnostics --pass-pipeline="builtin.module(func.func(tile-configure{chip=sm_90a}))" | FileCheck %s

// Transposed operands (linalg.matmul's indexing_maps): the 16-bit wgmma
// tile takes B stored N x K (PyTorch's Linear weight) K-major and A stored
// K x M M-major, from TMA boxes of the buffers as they are. B's rows are
// then K long: N = 2039 needs no pack (b = direct, one block per SM not
// forced), where row-major B of 2039 columns is packed; rows as stored
// that are not 16-byte multiples are copied as stored, padded.

// CHECK-LABEL: func.func @ff_linear
// CHECK: linalg.matmul indexing_maps = [#{{.*}}, #{{.*}}, #{{.*}}] {tile.config = #tile.config<tiled, block = [128, 256, 64], warp = [64, 256], tile = #tile.wgmma<shape = [64, 256, 16]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 4, blocks_per_sm = 1, scheduler = split_tail, producer = warpgroup, order = along_m>>}
func.func @ff_linear(%A: memref<2048x4096xf16>, %B: memref<11008x4096xf16>, %C: memref<2048x11008xf16>) {
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
    ins(%A, %B : memref<2048x4096xf16>, memref<11008x4096xf16>) outs(%C : memref<2048x11008xf16>)
  return
}

// -----

// CHECK-LABEL: func.func @ragged_n
// CHECK: copy = #tile.copy<kind = tma>
// CHECK-NOT: b = packed
func.func @ragged_n(%A: memref<2053x2048xbf16>, %B: memref<2039x2048xbf16>, %C: memref<2053x2039xbf16>) {
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
    ins(%A, %B : memref<2053x2048xbf16>, memref<2039x2048xbf16>) outs(%C : memref<2053x2039xbf16>)
  return
}

// -----

// CHECK-LABEL: func.func @both
// CHECK: tile = #tile.wgmma<shape = [64, 256, 16]>
func.func @both(%A: memref<4096x4096xf16>, %B: memref<4096x4096xf16>, %C: memref<4096x4096xf32>) {
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
    ins(%A, %B : memref<4096x4096xf16>, memref<4096x4096xf16>) outs(%C : memref<4096x4096xf32>)
  return
}

// -----

// A stored K x M has rows of M: M = 1001 is not a 16-byte multiple, so
// the kernel copies A as stored (K x M, rows padded) first, all blocks
// together: one resident block per SM.
// CHECK-LABEL: func.func @ragged_m
// CHECK: tile.config = #tile.config<tiled, block = [128, 128, 64], warp = [64, 128], tile = #tile.wgmma<shape = [64, 128, 16]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 4, blocks_per_sm = 1>>
func.func @ragged_m(%A: memref<64x1001xf16>, %B: memref<64x128xf16>, %C: memref<1001x128xf16>) {
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>]
    ins(%A, %B : memref<64x1001xf16>, memref<64x128xf16>) outs(%C : memref<1001x128xf16>)
  return
}

// -----

// B stored N x K has rows of K: K = 100 is not a 16-byte multiple. Both
// are copied first with their rows padded: A as linalg gives it, B as
// stored (N x K, b = packed).
// CHECK-LABEL: func.func @ragged_k
// CHECK: tile.config = #tile.config<tiled, block = [128, 128, 64], warp = [64, 128], tile = #tile.wgmma<shape = [64, 128, 16]>, copy = #tile.copy<kind = tma, b = packed>, schedule = #tile.schedule<stages = 4, blocks_per_sm = 1, order = along_m>>
func.func @ragged_k(%A: memref<128x100xf16>, %B: memref<128x100xf16>, %C: memref<128x128xf16>) {
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
    ins(%A, %B : memref<128x100xf16>, memref<128x100xf16>) outs(%C : memref<128x128xf16>)
  return
}

// -----

// The same B without b = packed: its boxes would come from rows of 100
// elements.
func.func @ragged_k_direct(%A: memref<128x100xf16>, %B: memref<128x100xf16>, %C: memref<128x128xf16>) {
  // expected-error @+1 {{the wgmma tile reads B from TMA boxes, which needs rows of B that are multiples of 16 bytes, but B is 128x100 (transposed) (use b = packed)}}
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
    {tile.config = #tile.config<tiled, block = [128, 128, 64], warp = [64, 128], tile = #tile.wgmma<shape = [64, 128, 16]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 4, blocks_per_sm = 1>>}
    ins(%A, %B : memref<128x100xf16>, memref<128x100xf16>) outs(%C : memref<128x128xf16>)
  return
}

// -----

// b = packed with B stored N x K copies B as stored, whatever its rows.
// CHECK-LABEL: func.func @transposed_b_packed
// CHECK: copy = #tile.copy<kind = tma, b = packed>
func.func @transposed_b_packed(%A: memref<256x256xf16>, %B: memref<250x256xf16>, %C: memref<256x250xf16>) {
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
    {tile.config = #tile.config<tiled, block = [128, 128, 64], warp = [64, 128], tile = #tile.wgmma<shape = [64, 128, 16]>, copy = #tile.copy<kind = tma, b = packed>, schedule = #tile.schedule<stages = 4, blocks_per_sm = 1>>}
    ins(%A, %B : memref<256x256xf16>, memref<250x256xf16>) outs(%C : memref<256x250xf16>)
  return
}

// -----

// A copied as stored: its blocks wait for each other at a grid barrier.
func.func @ragged_m_no_occupancy(%A: memref<64x1001xf16>, %B: memref<64x128xf16>, %C: memref<1001x128xf16>) {
  // expected-error @+1 {{copy kind tma with rows of A that are not multiples of 16 bytes (A is 64x1001) copies A first, all blocks together, which then wait for each other: it needs blocks_per_sm > 0}}
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>]
    {tile.config = #tile.config<tiled, block = [128, 128, 64], warp = [64, 128], tile = #tile.wgmma<shape = [64, 128, 16]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 4>>}
    ins(%A, %B : memref<64x1001xf16>, memref<64x128xf16>) outs(%C : memref<1001x128xf16>)
  return
}

// -----

// A cluster's blocks cannot wait at that barrier.
func.func @ragged_m_cluster(%A: memref<64x1001xf16>, %B: memref<64x128xf16>, %C: memref<1001x128xf16>) {
  // expected-error @+1 {{cluster = 2 cannot wait on the grid barrier after A's copy (rows of A, 64x1001, that are not multiples of 16 bytes; a cluster's blocks need two free SMs at once): it needs cluster = 1}}
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>]
    {tile.config = #tile.config<tiled, block = [128, 128, 64], warp = [64, 128], tile = #tile.wgmma<shape = [64, 128, 16]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 4, blocks_per_sm = 1, cluster = 2>>}
    ins(%A, %B : memref<64x1001xf16>, memref<64x128xf16>) outs(%C : memref<1001x128xf16>)
  return
}

// -----

// TF32 reads A and B from K-major copies where they are not so (B stored
// N x K is copied as it is, rounded; A stored K x M transposed): a TF32
// config takes any layout (tile-gpu-pipeline-transposed-ptxas.mlir has the
// default and its copies).
// CHECK-LABEL: func.func @transposed_tf32
// CHECK: tile = #tile.wgmma<shape = [64, 128, 8], precision = tf32>
func.func @transposed_tf32(%A: memref<256x256xf32>, %B: memref<256x256xf32>, %C: memref<256x256xf32>) {
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
    {tile.config = #tile.config<tiled, block = [128, 128, 32], warp = [64, 128], tile = #tile.wgmma<shape = [64, 128, 8], precision = tf32>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 3, blocks_per_sm = 1, producer = warpgroup>>}
    ins(%A, %B : memref<256x256xf32>, memref<256x256xf32>) outs(%C : memref<256x256xf32>)
  return
}

// -----

// IEEE f32 on the fma tile: transposed operands are copied first (B as
// b = packed, whose copy transposes; A by the kernel's own copy), so the
// default is a TMA candidate with b = packed and blocks_per_sm.
// CHECK-LABEL: func.func @fma_linear
// CHECK: tile = #tile.fma<thread = [8, 8], order = columns>, copy = #tile.copy<kind = tma, a = restaged, b = packed>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 2
func.func @fma_linear(%A: memref<2048x4096xf32>, %B: memref<11008x4096xf32>, %C: memref<2048x11008xf32>) {
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
    ins(%A, %B : memref<2048x4096xf32>, memref<11008x4096xf32>) outs(%C : memref<2048x11008xf32>)
  return
}

// -----

// A stored K x M is read as stored: its TMA boxes (BK x BM) are the
// K-major panel the fma tile reads, with no copy, so K = 1001 keeps the
// TMA candidates (row-major A of 1001 columns is copied first), and B of
// 1000 columns needs no pack.
// CHECK-LABEL: func.func @fma_transposed_a
// CHECK: copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 2, scheduler = split_tail>
func.func @fma_transposed_a(%A: memref<1001x1000xf32>, %B: memref<1001x1000xf32>, %C: memref<1000x1000xf32>) {
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>]
    ins(%A, %B : memref<1001x1000xf32>, memref<1001x1000xf32>) outs(%C : memref<1000x1000xf32>)
  return
}

// -----

// Stream-K's segment loop over A's boxes as stored spilled (2048^3 0.83x
// cuBLAS against 0.93x with A copied): the Stream-K variant copies A and
// re-stages it, and where the data-parallel grid fills its waves (2048^3,
// 256 tiles of 64 x 256 for 264 block slots) that grid on A as stored
// wins; 3072^3 (192 tiles) takes Stream-K with the copy.
// CHECK-LABEL: func.func @fma_transposed_a_2048
// CHECK: copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 2>>
func.func @fma_transposed_a_2048(%A: memref<2048x2048xf32>, %B: memref<2048x2048xf32>, %C: memref<2048x2048xf32>) {
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>]
    ins(%A, %B : memref<2048x2048xf32>, memref<2048x2048xf32>) outs(%C : memref<2048x2048xf32>)
  return
}
// CHECK-LABEL: func.func @fma_transposed_a_3072
// CHECK: copy = #tile.copy<kind = tma, a = restaged>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 2, scheduler = stream_k>>
func.func @fma_transposed_a_3072(%A: memref<3072x3072xf32>, %B: memref<3072x3072xf32>, %C: memref<3072x3072xf32>) {
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>]
    ins(%A, %B : memref<3072x3072xf32>, memref<3072x3072xf32>) outs(%C : memref<3072x3072xf32>)
  return
}

// -----

func.func @fma_b_unpacked(%A: memref<512x512xf32>, %B: memref<512x512xf32>, %C: memref<512x512xf32>) {
  // expected-error @+1 {{transposed B is read by the fma tile through a transposing copy of B or its re-staged boxes: it needs b = packed or b = restaged}}
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
    {tile.config = #tile.config<tiled, block = [64, 128, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 4>>}
    ins(%A, %B : memref<512x512xf32>, memref<512x512xf32>) outs(%C : memref<512x512xf32>)
  return
}

// -----

// With a = restaged, A stored K x M is copied M x K first and its boxes
// re-staged; the copy transposes through 33920 bytes of shared tiles over
// the stages: two stages of 64 x 128 x 16 and the re-staged A have 32768.
func.func @fma_small_stages(%A: memref<512x512xf32>, %B: memref<512x512xf32>, %C: memref<512x512xf32>) {
  // expected-error @+1 {{transposed A is copied transposed through 33920 bytes of shared memory before the K loop, but the stages have 32768 (use more stages or larger tiles)}}
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>]
    {tile.config = #tile.config<tiled, block = [64, 128, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8]>, copy = #tile.copy<kind = tma, a = restaged>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 4>>}
    ins(%A, %B : memref<512x512xf32>, memref<512x512xf32>) outs(%C : memref<512x512xf32>)
  return
}

// -----

// The copy is made by all blocks together, which then wait for each other.
func.func @fma_restaged_no_occupancy(%A: memref<512x512xf32>, %B: memref<512x512xf32>, %C: memref<512x512xf32>) {
  // expected-error @+1 {{transposed A is read by the fma tile with a = restaged through a transposing copy of A, made by all blocks together: it needs blocks_per_sm > 0 (or a = direct, A's boxes as stored)}}
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>]
    {tile.config = #tile.config<tiled, block = [64, 128, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8]>, copy = #tile.copy<kind = tma, a = restaged>, schedule = #tile.schedule<stages = 3>>}
    ins(%A, %B : memref<512x512xf32>, memref<512x512xf32>) outs(%C : memref<512x512xf32>)
  return
}

// -----

// A's boxes as stored are read K-major, 4 rows (M) a load.
func.func @fma_as_stored_rows(%A: memref<512x512xf32>, %B: memref<512x512xf32>, %C: memref<512x512xf32>) {
  // expected-error @+1 {{transposed A is read by the fma tile K-major from A's boxes as stored, 4 rows a load: it needs TM and BM to be multiples of 4, got TM = 2, BM = 32}}
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>]
    {tile.config = #tile.config<tiled, block = [32, 64, 16], warp = [16, 16], tile = #tile.fma<thread = [2, 4]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 2>>}
    ins(%A, %B : memref<512x512xf32>, memref<512x512xf32>) outs(%C : memref<512x512xf32>)
  return
}

// -----

// A stored K x M with M = 1002: rows of 4008 bytes, which TMA's strides
// cannot take; a = restaged copies A into aligned rows first.
func.func @fma_as_stored_ragged_m(%A: memref<512x1002xf32>, %B: memref<512x512xf32>, %C: memref<1002x512xf32>) {
  // expected-error @+1 {{copy kind tma needs rows of A that are multiples of 16 bytes (TMA tensor strides), but A is 512x1002 (transposed) (use a = restaged, which copies A first)}}
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>]
    {tile.config = #tile.config<tiled, block = [64, 128, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 2>>}
    ins(%A, %B : memref<512x1002xf32>, memref<512x512xf32>) outs(%C : memref<1002x512xf32>)
  return
}

// -----

// The default there: A copied and re-staged.
// CHECK-LABEL: func.func @fma_default_ragged_m
// CHECK: copy = #tile.copy<kind = tma, a = restaged>
func.func @fma_default_ragged_m(%A: memref<512x1002xf32>, %B: memref<512x512xf32>, %C: memref<1002x512xf32>) {
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>]
    ins(%A, %B : memref<512x1002xf32>, memref<512x512xf32>) outs(%C : memref<1002x512xf32>)
  return
}

// -----

// The naive strategy reads any layout.
// CHECK-LABEL: func.func @naive_f32
// CHECK: tile.config = #tile.config<naive
func.func @naive_f32(%A: memref<3x7xf32>, %B: memref<5x3xf32>, %C: memref<7x5xf32>) {
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
    {tile.config = #tile.config<naive, block = [16, 16, 1], tile = #tile.fma<thread = [1, 1]>>}
    ins(%A, %B : memref<3x7xf32>, memref<5x3xf32>) outs(%C : memref<7x5xf32>)
  return
}

// -----

// b = restaged reads B's boxes from B stored N x K, rows of K elements in
// 16-byte multiples; B stored K x N has nothing to re-stage.
func.func @restaged_b_not_transposed(%A: memref<256x64xf32>, %B: memref<64x256xf32>, %C: memref<256x256xf32>) {
  // expected-error @+1 {{b = restaged re-stages B's boxes from B stored N x K, but B is stored K x N (use b = direct)}}
  linalg.matmul {tile.config = #tile.config<tiled, block = [64, 128, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8]>, copy = #tile.copy<kind = tma, b = restaged>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 2>>} ins(%A, %B : memref<256x64xf32>, memref<64x256xf32>) outs(%C : memref<256x256xf32>)
  return
}

// -----

func.func @restaged_b_ragged_k(%A: memref<256x63xf32>, %B: memref<256x63xf32>, %C: memref<256x256xf32>) {
  // expected-error @+1 {{b = restaged reads B's TMA boxes from B stored N x K, which needs rows of 16-byte multiples (K % 4 = 0), but B is 256x63 (use b = packed)}}
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>] {tile.config = #tile.config<tiled, block = [64, 128, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8]>, copy = #tile.copy<kind = tma, b = restaged>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 2>>} ins(%A, %B : memref<256x63xf32>, memref<256x63xf32>) outs(%C : memref<256x256xf32>)
  return
}
