// A block tile whose config was changed after tiling (here BM and BN from
// 32 to 64 on the 2 x 2 tiles of a 64 x 64 matmul) no longer matches the
// plan built from that config: an error at the forall, no kernel.
// RUN: tile-opt %s --tile-configure="config='#tile.config<tiled, block = [32, 32, 16], tile = #tile.fma<thread = [4, 4]>>'" --tile-block-tile --tile-promote \
// RUN:   | sed 's/block = \[32, 32, 16\]/block = [64, 64, 16]/' \
// RUN:   | not tile-opt --tile-map-to-gpu -o /dev/null 2>&1 | FileCheck %s
// CHECK: error: 'scf.forall' op does not match its config and problem (re-run --tile-block-tile and --tile-promote)
func.func @mm(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>) {
  linalg.matmul ins(%A, %B : memref<64x64xf32>, memref<64x64xf32>) outs(%C : memref<64x64xf32>)
  return
}
