// RUN: tile-opt %s -split-input-file -verify-diagnostics --pass-pipeline="builtin.module(func.func(tile-configure{chip=sm_90a}))"
// RUN: not tile-opt %s -split-input-file --pass-pipeline="builtin.module(func.func(tile-configure{chip=sm_90}))" 2>&1 | FileCheck %s --check-prefix=SM90

// wgmma configs that cannot run on sm_90a, or on the problem; on sm_90
// those within the chip's limits are refused for the chip.
// SM90-COUNT-2: error: 'linalg.matmul' op the wgmma instruction tile is not available on sm_90 (it needs sm_90a)
func.func @f32_operands(%A: memref<256x64xf32>, %B: memref<64x256xf32>, %C: memref<256x256xf32>) {
  // expected-error @+1 {{the wgmma tile multiplies f32 operands as TF32: it needs precision = tf32 or tf32x3 (and K = 8), or the fma tile for IEEE f32}}
  linalg.matmul {tile.config = #tile.config<tiled, block = [128, 128, 64], warp = [64, 128], tile = #tile.wgmma<shape = [64, 128, 16]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 2>>} ins(%A, %B : memref<256x64xf32>, memref<64x256xf32>) outs(%C : memref<256x256xf32>)
  return
}

// -----

// 6 stages of 48 KiB are over the 227 KiB a block may have.
func.func @shared(%A: memref<256x64xf16>, %B: memref<64x256xf16>, %C: memref<256x256xf16>) {
  // expected-error @+1 {{config needs 295936 bytes of shared memory per block (6 stages of 49322}}
  linalg.matmul {tile.config = #tile.config<tiled, block = [128, 256, 64], warp = [64, 256], tile = #tile.wgmma<shape = [64, 256, 16]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 6>>} ins(%A, %B : memref<256x64xf16>, memref<64x256xf16>) outs(%C : memref<256x256xf16>)
  return
}

// -----

// A warpgroup of 128 x 256 holds 256 accumulators per lane.
func.func @registers(%A: memref<256x64xf16>, %B: memref<64x256xf16>, %C: memref<256x256xf16>) {
  // expected-error @+1 {{config needs about 296 registers per thread (256 accumulators), but sm_90a allows at most 255}}
  linalg.matmul {tile.config = #tile.config<tiled, block = [128, 256, 64], warp = [128, 256], tile = #tile.wgmma<shape = [64, 256, 16]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 2>>} ins(%A, %B : memref<256x64xf16>, memref<64x256xf16>) outs(%C : memref<256x256xf16>)
  return
}

// -----

// Rows of B of 36 f16 (72 bytes) cannot be TMA boxes.
func.func @rows_of_b(%A: memref<256x64xf16>, %B: memref<64x36xf16>, %C: memref<256x36xf16>) {
  // expected-error @+1 {{the wgmma tile reads B from TMA boxes, which needs rows of B that are multiples of 16 bytes, but B is 64x36 (use b = packed)}}
  linalg.matmul {tile.config = #tile.config<tiled, block = [128, 128, 64], warp = [64, 128], tile = #tile.wgmma<shape = [64, 128, 16]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 2>>} ins(%A, %B : memref<256x64xf16>, memref<64x36xf16>) outs(%C : memref<256x36xf16>)
  return
}

// -----

// A persistent grid is one-dimensional (a wave of blocks over all tiles):
// 65537 tile rows are no gridDim.y limit there, so the config stands.
func.func @persistent_rows(%A: memref<8388736x64xf16>, %B: memref<64x256xf16>, %C: memref<8388736x256xf16>) {
  linalg.matmul {tile.config = #tile.config<tiled, block = [128, 256, 64], warp = [64, 256], tile = #tile.wgmma<shape = [64, 256, 16]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 4, scheduler = persistent>>} ins(%A, %B : memref<8388736x64xf16>, memref<64x256xf16>) outs(%C : memref<8388736x256xf16>)
  return
}
