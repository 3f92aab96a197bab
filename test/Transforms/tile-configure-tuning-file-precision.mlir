// A tuning file with an entry per precision for one problem: each run
// takes the entry of the precision it asks for (ieee without precision=),
// passing over the others without a warning; a file never changes a
// matmul's arithmetic.
// RUN: tile-opt %s -verify-diagnostics --tile-configure="chip=sm_90a tuning-file=%S/Inputs/tuning/precisions.json" | FileCheck %s --check-prefix=IEEE
// RUN: tile-opt %s -verify-diagnostics --tile-configure="chip=sm_90a precision=tf32 tuning-file=%S/Inputs/tuning/precisions.json" | FileCheck %s --check-prefix=TF32
// RUN: tile-opt %s -verify-diagnostics --tile-configure="chip=sm_90a precision=tf32x3 tuning-file=%S/Inputs/tuning/precisions.json" | FileCheck %s --check-prefix=X3

// IEEE: linalg.matmul {tile.config = #tile.config<tiled, block = [32, 32, 16], tile = #tile.fma<thread = [2, 2]>>}
// TF32: linalg.matmul {tile.config = #tile.config<tiled, block = [128, 128, 32], warp = [64, 128], tile = #tile.wgmma<shape = [64, 128, 8], precision = tf32>
// X3: linalg.matmul {tile.config = #tile.config<tiled, block = [128, 256, 32], warp = [64, 256], tile = #tile.wgmma<shape = [64, 256, 8], precision = tf32x3>
func.func @tuned(%A: memref<256x256xf32>, %B: memref<256x256xf32>, %C: memref<256x256xf32>) {
  linalg.matmul ins(%A, %B : memref<256x256xf32>, memref<256x256xf32>) outs(%C : memref<256x256xf32>)
  return
}
