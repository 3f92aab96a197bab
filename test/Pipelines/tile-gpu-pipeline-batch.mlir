// RUN: rm -rf %t && mkdir -p %t
// RUN: tile-opt %s --tile-gpu-pipeline="chip=sm_90a artifact-dir=%t/art ptxas=none" -o /dev/null
// RUN: FileCheck %s --input-file=%t/art/manifest.json

// The manifest of batched kernels: every batched operand's shape and box
// have the batch in front; a broadcast A's or B's are 2-D, and the problem
// says broadcast_a or broadcast_b; a transposed operand's shape is as
// stored.

// CHECK: "args": [
// CHECK: "box": [
// CHECK-NEXT: 128,
// CHECK-NEXT: 64
// CHECK-NEXT: ],
// CHECK: "name": "A",
// CHECK: "shape": [
// CHECK-NEXT: 256,
// CHECK-NEXT: 64
// CHECK-NEXT: ],
// CHECK: "box": [
// CHECK-NEXT: 1,
// CHECK-NEXT: 64,
// CHECK-NEXT: 64
// CHECK: "name": "B",
// CHECK: "shape": [
// CHECK-NEXT: 4,
// CHECK-NEXT: 64,
// CHECK-NEXT: 512
// CHECK: "function": "broadcast_a",
// CHECK: "batch": 4,
// CHECK-NEXT: "broadcast_a": true,

// CHECK: "name": "A",
// CHECK: "shape": [
// CHECK-NEXT: 3,
// CHECK-NEXT: 128,
// CHECK-NEXT: 64
// CHECK: "name": "B",
// CHECK: "shape": [
// CHECK-NEXT: 3,
// CHECK-NEXT: 256,
// CHECK-NEXT: 64
// CHECK: "function": "transposed_b",
// CHECK: "b_layout": "column-major",
// CHECK-NEXT: "b_type": "f16",
// CHECK-NEXT: "batch": 3,
// CHECK-NEXT: "c_layout": "row-major",

// CHECK: "name": "A",
// CHECK: "shape": [
// CHECK-NEXT: 4,
// CHECK-NEXT: 64,
// CHECK-NEXT: 256
// CHECK: "box": [
// CHECK-NEXT: 64,
// CHECK-NEXT: 64
// CHECK-NEXT: ],
// CHECK: "name": "B",
// CHECK: "shape": [
// CHECK-NEXT: 64,
// CHECK-NEXT: 512
// CHECK-NEXT: ],
// CHECK: "function": "broadcast_b",
// CHECK: "a_layout": "column-major",
// CHECK: "batch": 4,
// CHECK-NEXT: "broadcast_b": true,

// TF32 with B in registers copies nothing (K % 4 = 0, A as stored): a
// batch of it; B's boxes (N-major, 32 x 32) are one batch deep.
// CHECK: "name": "A",
// CHECK: "box": [
// CHECK-NEXT: 1,
// CHECK-NEXT: 32,
// CHECK-NEXT: 32
// CHECK: "name": "B",
// CHECK: "shape": [
// CHECK-NEXT: 2,
// CHECK-NEXT: 64,
// CHECK-NEXT: 256
// CHECK: "function": "tf32_b_registers",
// CHECK: "batch": 2,
// CHECK: "precision": "tf32",
// CHECK: "tf32_truncated": [
// CHECK-NEXT: "A"

func.func @broadcast_a(%A: memref<256x64xf16>, %B: memref<4x64x512xf16>, %C: memref<4x256x512xf16>) {
  linalg.batch_matmul indexing_maps = [
      affine_map<(b, m, n, k) -> (m, k)>,
      affine_map<(b, m, n, k) -> (b, k, n)>,
      affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%A, %B : memref<256x64xf16>, memref<4x64x512xf16>) outs(%C : memref<4x256x512xf16>)
  return
}

func.func @transposed_b(%A: memref<3x128x64xf16>, %B: memref<3x256x64xf16>, %C: memref<3x128x256xf32>) {
  linalg.batch_matmul indexing_maps = [
      affine_map<(b, m, n, k) -> (b, m, k)>,
      affine_map<(b, m, n, k) -> (b, n, k)>,
      affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%A, %B : memref<3x128x64xf16>, memref<3x256x64xf16>) outs(%C : memref<3x128x256xf32>)
  return
}

func.func @broadcast_b(%A: memref<4x64x256xf16>, %B: memref<64x512xf16>, %C: memref<4x256x512xf16>) {
  linalg.batch_matmul indexing_maps = [
      affine_map<(b, m, n, k) -> (b, k, m)>,
      affine_map<(b, m, n, k) -> (k, n)>,
      affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%A, %B : memref<4x64x256xf16>, memref<64x512xf16>) outs(%C : memref<4x256x512xf16>)
  return
}

func.func @tf32_b_registers(%A: memref<2x128x64xf32>, %B: memref<2x64x256xf32>, %C: memref<2x128x256xf32>) {
  linalg.batch_matmul {tile.config = #tile.config<tiled, block = [256, 128, 32], warp = [256, 64], tile = #tile.wgmma<shape = [64, 256, 8], precision = tf32, registers = b>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 4, blocks_per_sm = 1, producer = warpgroup>>}
      ins(%A, %B : memref<2x128x64xf32>, memref<2x64x256xf32>) outs(%C : memref<2x128x256xf32>)
  return
}
