// RUN: tile-opt %s --tile-configure="chip=sm_90a precision=tf32" --tile-report=chip=sm_90a -o - 2>%t.report | FileCheck %s --check-prefix=TF32
// RUN: FileCheck %s --input-file=%t.report --check-prefix=REPORT
// RUN: tile-opt %s --tile-configure="chip=sm_90a precision=tf32x3" --tile-report=chip=sm_90a -o - 2>%t.x3 | FileCheck %s --check-prefix=X3
// RUN: FileCheck %s --input-file=%t.x3 --check-prefix=X3REPORT
// RUN: tile-opt %s --tile-configure="chip=sm_90a" -o - | FileCheck %s --check-prefix=IEEE

// precision= picks that precision's default: the wgmma tile with K = 8 and
// 32-column boxes, one resident block per SM (the copies' grid barrier),
// a producer warpgroup; tf32x3 stages both parts of B, so 128 x 128 tiles
// in 3 stages. Without it, an f32 matmul stays on the CUDA cores. tf32 on
// 2048^3 (B as stored, N % 4 = 0, K % 4 = 0) takes 256 x 128 tiles with B
// in registers, which copy nothing (A truncated to TF32).
// TF32: tile.config = #tile.config<tiled, block = [256, 128, 32], warp = [256, 64], tile = #tile.wgmma<shape = [64, 256, 8], precision = tf32, registers = b>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 4, blocks_per_sm = 1, scheduler = persistent, producer = warpgroup>>
// X3: tile.config = #tile.config<tiled, block = [128, 128, 32], warp = [64, 128], tile = #tile.wgmma<shape = [64, 128, 8], precision = tf32x3>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 3, blocks_per_sm = 1, scheduler = persistent, producer = warpgroup, order = along_m>>
// IEEE: tile.config = #tile.config<tiled, block = [64, 256, 16], {{.*}}tile = #tile.fma<

// The report: B's fragments come from B's own TMA boxes, rounded in
// registers (4 shared loads per thread and 8 of k), A's from its boxes as
// the descriptor operand, truncated; no copy, no workspace, no pack; the
// TF32 tensor-core floors (1024 multiply-adds per SM and cycle; tf32x3 a
// third of it for its useful FLOPs).
// REPORT: per warpgroup and 8 of k: 1 wgmma m64n256k8 with B from registers (4 shared loads per thread) and A from shared-memory descriptors
// REPORT: plan: grid 128 x 1, block 384 x 1; A tma (128-byte swizzled boxes), truncated to TF32, B tma (128-byte swizzled boxes), rounded to TF32 in registers (C^T = B^T A^T);
// REPORT-NEXT: kernel arguments: A (tensor map); B (tensor map); C;
// REPORT-NOT: pack:
// REPORT: floors: tensor-core TF32 peak 535.3 TFLOP/s (132 SMs x 1024 FMA
// REPORT: time floors: 32.1 us for the executed FLOPs at the peak (useful ones: 32.1 us; at the grid's wave efficiency: 33.1 us)
// REPORT-NOT: VIOLATION
// tf32x3 stages A as it is and B's two parts, and splits A in registers.
// X3REPORT: one K step of one block: 49152 bytes staged, 1048576 FLOPs: 21.33 FLOP/byte
// X3REPORT: per warpgroup and 8 of k: 3 wgmma m64n128k8 (tf32x3: low x high, high x low, high x high) with A from registers (4 shared loads per thread)
// X3REPORT: plan: {{.*}}; A tma (128-byte swizzled boxes), split into TF32 parts in registers, B tma
// X3REPORT: pack: 132 of the grid's 132 blocks copy B transposed (high) into 2048 rows {{.*}}, B transposed (low) into {{.*}}; 50331648 bytes read and written per launch
// X3REPORT: floors: tensor-core TF32X3 peak 178.2 TFLOP/s (132 SMs x 341 FMA
// X3REPORT-NOT: VIOLATION
func.func @square(%A: tensor<2048x2048xf32>, %B: tensor<2048x2048xf32>) -> tensor<2048x2048xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<2048x2048xf32>
  %C = linalg.fill ins(%zero : f32) outs(%empty : tensor<2048x2048xf32>) -> tensor<2048x2048xf32>
  %R = linalg.matmul ins(%A, %B : tensor<2048x2048xf32>, tensor<2048x2048xf32>) outs(%C : tensor<2048x2048xf32>) -> tensor<2048x2048xf32>
  return %R : tensor<2048x2048xf32>
}

// 2053 x 2039: 136 tiles of 128 x 256 on 132 SMs (two waves, the second
// of 4 tiles) against 264 of 64 x 256 (two whole waves): tf32 takes the
// narrow tiles on a persistent grid; tf32x3 keeps 128 x 128 (272 tiles)
// on split_tail: two whole waves, then the tail's 8 tiles in 16 parts of K
// (the report's split_tail line).
// TF32-LABEL: func.func @ragged
// TF32: tile.config = #tile.config<tiled, block = [64, 256, 32], warp = [64, 256], tile = #tile.wgmma<shape = [64, 256, 8], precision = tf32>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 4, blocks_per_sm = 1, scheduler = persistent, producer = warpgroup>>
// X3-LABEL: func.func @ragged
// X3: tile.config = #tile.config<tiled, block = [128, 128, 32], warp = [64, 128], tile = #tile.wgmma<shape = [64, 128, 8], precision = tf32x3>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 3, blocks_per_sm = 1, scheduler = split_tail, producer = warpgroup>>
// tf32's 64 x 256 tiles (one consumer warpgroup of 256 threads, 240
// registers) hold two steps of A fragments beside the accumulators: the K
// loop loads a step ahead; 2048^3's two consumers of 168 registers do not.
// B's rows of 2039 elements are not 16-byte multiples: B is copied,
// transposed and rounded, before any tile; the floor is the copy's time
// plus the tiles'.
// REPORT: matmul 2053 x 2039 x 2048
// REPORT: plan: grid 132 x 1, block 256 x 1; A tma (128-byte swizzled boxes), rounded to TF32 in registers a step ahead, B tma (128-byte swizzled boxes) from its transposed TF32 copy;
// REPORT-NEXT: kernel arguments: A (tensor map); B; C; workspace (16703500 bytes); B (tensor map of its rounded TF32 transposed copy);
// REPORT: pack: 132 of the grid's 132 blocks copy B transposed (rounded) into 2039 rows of 2048 elements at byte 0 of a 16703500-byte workspace, and every block waits for them; 33406976 bytes read and written per launch
// REPORT: pack floor: 7.0 us for the copies' bytes, before the first tile: 40.1 us with the grid floor
// X3REPORT: matmul 2053 x 2039 x 2048
// X3REPORT: split_tail: 392 units, looped over by a persistent grid of 132 blocks: 264 tiles whole and 8 tail tile(s) in 16 parts of about 4 of their 64 K steps each
func.func @ragged(%A: tensor<2053x2048xf32>, %B: tensor<2048x2039xf32>) -> tensor<2053x2039xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<2053x2039xf32>
  %C = linalg.fill ins(%zero : f32) outs(%empty : tensor<2053x2039xf32>) -> tensor<2053x2039xf32>
  %R = linalg.matmul ins(%A, %B : tensor<2053x2048xf32>, tensor<2048x2039xf32>) outs(%C : tensor<2053x2039xf32>) -> tensor<2053x2039xf32>
  return %R : tensor<2053x2039xf32>
}

// Windows of larger buffers (rows of 2080 elements, 16-byte multiples)
// take B in registers too.
// TF32-LABEL: func.func @window
// TF32: tile.config = #tile.config<tiled, block = [256, 128, 32], warp = [256, 64], tile = #tile.wgmma<shape = [64, 256, 8], precision = tf32, registers = b>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 4, blocks_per_sm = 1, scheduler = persistent, producer = warpgroup>>
func.func @window(%Abuf: memref<2048x2080xf32>, %Bbuf: memref<2048x2080xf32>, %Cbuf: memref<2048x2080xf32>) {
  %A = memref.subview %Abuf[0, 0] [2048, 2048] [1, 1] : memref<2048x2080xf32> to memref<2048x2048xf32, strided<[2080, 1], offset: 0>>
  %B = memref.subview %Bbuf[0, 0] [2048, 2048] [1, 1] : memref<2048x2080xf32> to memref<2048x2048xf32, strided<[2080, 1], offset: 0>>
  %C = memref.subview %Cbuf[0, 0] [2048, 2048] [1, 1] : memref<2048x2080xf32> to memref<2048x2048xf32, strided<[2080, 1], offset: 0>>
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<2048x2048xf32, strided<[2080, 1], offset: 0>>)
  linalg.matmul ins(%A, %B : memref<2048x2048xf32, strided<[2080, 1], offset: 0>>, memref<2048x2048xf32, strided<[2080, 1], offset: 0>>) outs(%C : memref<2048x2048xf32, strided<[2080, 1], offset: 0>>)
  return
}

// B stored N x K (`Linear`'s weight): tf32 reads B as stored, K-major as
// its wgmma want it, truncated (truncated = b: no copy, no workspace); A
// rounded in registers. tf32x3 still copies B's two parts.
// TF32-LABEL: func.func @linear
// TF32: tile.config = #tile.config<tiled, block = [128, 256, 32], warp = [64, 256], tile = #tile.wgmma<shape = [64, 256, 8], precision = tf32, truncated = b>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 4, blocks_per_sm = 1, scheduler = persistent, producer = warpgroup, order = along_m>>
// X3-LABEL: func.func @linear
// X3: precision = tf32x3>
// REPORT: @linear: matmul 2048 x 2048 x 2048 (f32; B stored N x K)
// REPORT: plan: grid 128 x 1, block 384 x 1; A tma (128-byte swizzled boxes), rounded to TF32 in registers, B tma (128-byte swizzled boxes) as stored, truncated to TF32;
// REPORT-NEXT: kernel arguments: A (tensor map); B (tensor map); C;
// REPORT-NOT: pack:
// REPORT: time floors:
#a = affine_map<(m, n, k) -> (m, k)>
#bt = affine_map<(m, n, k) -> (n, k)>
#c = affine_map<(m, n, k) -> (m, n)>
func.func @linear(%A: tensor<2048x2048xf32>, %B: tensor<2048x2048xf32>) -> tensor<2048x2048xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<2048x2048xf32>
  %C = linalg.fill ins(%zero : f32) outs(%empty : tensor<2048x2048xf32>) -> tensor<2048x2048xf32>
  %R = linalg.matmul indexing_maps = [#a, #bt, #c] ins(%A, %B : tensor<2048x2048xf32>, tensor<2048x2048xf32>) outs(%C : tensor<2048x2048xf32>) -> tensor<2048x2048xf32>
  return %R : tensor<2048x2048xf32>
}
