// RUN: tile-opt %s -split-input-file -verify-diagnostics --pass-pipeline="builtin.module(func.func(tile-configure{chip=sm_90a}))"
// RUN: not tile-opt %s -split-input-file --pass-pipeline="builtin.module(func.func(tile-configure{chip=sm_90a precision=tf64}))" 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not tile-opt %s -split-input-file --pass-pipeline="builtin.module(func.func(tile-configure{chip=sm_90a precision=tf32x3}))" 2>&1 | FileCheck %s --check-prefix=ASKED
// RUN: not tile-opt %s -split-input-file --pass-pipeline="builtin.module(func.func(tile-configure{chip=sm_90 precision=tf32}))" 2>&1 | FileCheck %s --check-prefix=SM90
// RUN: not tile-opt %s -split-input-file --pass-pipeline="builtin.module(func.func(tile-configure{chip=sm_90a strategy=naive precision=tf32}))" 2>&1 | FileCheck %s --check-prefix=NAIVE

// The precisions' diagnostics: what each config or option gets wrong.
// UNKNOWN: error: unknown precision 'tf64' (expected ieee, tf32 or tf32x3)
// A config of another precision than the one asked for is refused, not
// replaced; with no config, the asked precision's default applies.
// ASKED: error: 'linalg.matmul' op has a config of precision = tf32, but precision=tf32x3 was asked
// SM90: error: 'linalg.matmul' op has no default tiled config for sm_90: precision = tf32 runs on the wgmma tile, which needs chip sm_90a
// NAIVE: error: 'linalg.matmul' op precision=tf32 multiplies on the wgmma tile: it needs strategy=tiled (naive computes IEEE f32)

func.func @tf32_on_f16(%A: memref<256x64xf16>, %B: memref<64x256xf16>, %C: memref<256x256xf16>) {
  // expected-error @+1 {{precision = tf32 multiplies f32 operands as TF32, got f16 (16-bit operands take precision = ieee)}}
  linalg.matmul {tile.config = #tile.config<tiled, block = [128, 128, 32], warp = [64, 128], tile = #tile.wgmma<shape = [64, 128, 8], precision = tf32>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 4, blocks_per_sm = 1>>} ins(%A, %B : memref<256x64xf16>, memref<64x256xf16>) outs(%C : memref<256x256xf16>)
  return
}

// -----

// tf32x3 stages both parts of B and A as it is (16 + 2 x 16 KiB a stage):
// 5 stages of 48 KiB do not fit.
func.func @tf32x3_stages(%A: memref<256x64xf32>, %B: memref<64x256xf32>, %C: memref<256x256xf32>) {
  // expected-error @+1 {{config needs 246784 bytes of shared memory per block (5 stages of 49356), but sm_90a allows at most 232448}}
  linalg.matmul {tile.config = #tile.config<tiled, block = [128, 128, 32], warp = [64, 128], tile = #tile.wgmma<shape = [64, 128, 8], precision = tf32x3>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 5, blocks_per_sm = 1>>} ins(%A, %B : memref<256x64xf32>, memref<64x256xf32>) outs(%C : memref<256x256xf32>)
  return
}

// -----

// The copies transpose B through 8 shared tiles of 32 x 33 over the stages.
func.func @tf32_small_stages(%A: memref<256x64xf32>, %B: memref<64x256xf32>, %C: memref<256x256xf32>) {
  // expected-error @+1 {{precision = tf32 transposes B through 33920 bytes of shared memory before the K loop, but the stages have 32768 (use more stages or larger tiles)}}
  linalg.matmul {tile.config = #tile.config<tiled, block = [64, 64, 32], warp = [64, 64], tile = #tile.wgmma<shape = [64, 64, 8], precision = tf32>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 1>>} ins(%A, %B : memref<256x64xf32>, memref<64x256xf32>) outs(%C : memref<256x256xf32>)
  return
}

// -----

// With precision=tf32x3 asked (the ASKED run), this tf32 config is refused.
func.func @asked(%A: memref<256x64xf32>, %B: memref<64x256xf32>, %C: memref<256x256xf32>) {
  linalg.matmul {tile.config = #tile.config<tiled, block = [128, 128, 32], warp = [64, 128], tile = #tile.wgmma<shape = [64, 128, 8], precision = tf32>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 4, blocks_per_sm = 1>>} ins(%A, %B : memref<256x64xf32>, memref<64x256xf32>) outs(%C : memref<256x256xf32>)
  return
}

// -----

// No config: IEEE by default here; the SM90, NAIVE and ASKED runs' default.
func.func @plain(%A: memref<256x64xf32>, %B: memref<64x256xf32>, %C: memref<256x256xf32>) {
  linalg.matmul ins(%A, %B : memref<256x64xf32>, memref<64x256xf32>) outs(%C : memref<256x256xf32>)
  return
}

// -----

// registers = b reads B's boxes from B as stored: rows of N = 1001
// elements are no TMA row stride, and B stored N x K is not K x N.
func.func @b_registers_ragged_n(%A: memref<256x64xf32>, %B: memref<64x1001xf32>, %C: memref<256x1001xf32>) {
  // expected-error @+1 {{registers = b reads B's TMA boxes from B as stored, K x N: it needs B not transposed, with rows of 16-byte multiples (N % 4 = 0), got rows of 1001}}
  linalg.matmul {tile.config = #tile.config<tiled, block = [256, 128, 32], warp = [256, 64], tile = #tile.wgmma<shape = [64, 256, 8], precision = tf32, registers = b>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 4, blocks_per_sm = 1, producer = warpgroup>>} ins(%A, %B : memref<256x64xf32>, memref<64x1001xf32>) outs(%C : memref<256x1001xf32>)
  return
}

// -----

#a = affine_map<(m, n, k) -> (m, k)>
#bt = affine_map<(m, n, k) -> (n, k)>
#c = affine_map<(m, n, k) -> (m, n)>
func.func @b_registers_transposed(%A: memref<256x64xf32>, %B: memref<256x64xf32>, %C: memref<256x256xf32>) {
  // expected-error @+1 {{registers = b reads B's TMA boxes from B as stored, K x N: it needs B not transposed, with rows of 16-byte multiples (N % 4 = 0), got B stored N x K}}
  linalg.matmul indexing_maps = [#a, #bt, #c] {tile.config = #tile.config<tiled, block = [256, 128, 32], warp = [256, 64], tile = #tile.wgmma<shape = [64, 256, 8], precision = tf32, registers = b>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 4, blocks_per_sm = 1, producer = warpgroup>>} ins(%A, %B : memref<256x64xf32>, memref<256x64xf32>) outs(%C : memref<256x256xf32>)
  return
}

// -----

// truncated = b reads B's boxes from B as stored: B stored K x N is not N x
// K, and rows of K = 1001 elements are no TMA row stride.
func.func @b_truncated_as_stored(%A: memref<256x64xf32>, %B: memref<64x256xf32>, %C: memref<256x256xf32>) {
  // expected-error @+1 {{truncated = b reads B's TMA boxes from B as stored, N x K: it needs B transposed, with rows of 16-byte multiples (K % 4 = 0), got B stored K x N}}
  linalg.matmul {tile.config = #tile.config<tiled, block = [128, 256, 32], warp = [64, 256], tile = #tile.wgmma<shape = [64, 256, 8], precision = tf32, truncated = b>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 4, blocks_per_sm = 1, producer = warpgroup>>} ins(%A, %B : memref<256x64xf32>, memref<64x256xf32>) outs(%C : memref<256x256xf32>)
  return
}

// -----

#a = affine_map<(m, n, k) -> (m, k)>
#bt = affine_map<(m, n, k) -> (n, k)>
#c = affine_map<(m, n, k) -> (m, n)>
func.func @b_truncated_ragged_k(%A: memref<256x1001xf32>, %B: memref<256x1001xf32>, %C: memref<256x256xf32>) {
  // expected-error @+1 {{truncated = b reads B's TMA boxes from B as stored, N x K: it needs B transposed, with rows of 16-byte multiples (K % 4 = 0), got rows of 1001}}
  linalg.matmul indexing_maps = [#a, #bt, #c] {tile.config = #tile.config<tiled, block = [128, 256, 32], warp = [64, 256], tile = #tile.wgmma<shape = [64, 256, 8], precision = tf32, truncated = b>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 4, blocks_per_sm = 1, producer = warpgroup>>} ins(%A, %B : memref<256x1001xf32>, memref<256x1001xf32>) outs(%C : memref<256x256xf32>)
  return
}
