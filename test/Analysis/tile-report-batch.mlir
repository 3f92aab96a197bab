// RUN: tile-opt %s --tile-split-batch --tile-configure=chip=sm_90a --tile-report="chip=sm_90a" -o /dev/null 2>&1 | FileCheck %s
// RUN: tile-opt %s --tile-split-batch --tile-configure=chip=sm_90a --tile-report="chip=sm_90a format=json" -o /dev/null 2>&1 | FileCheck %s --check-prefix=JSON

// One batch of a batch_matmul stands for all: the report names the batch
// (and a broadcast A or B), and its FLOPs and tiles count every batch.

// CHECK-LABEL: @broadcast_a: batch of 4 (one A for all) matmul 256 x 512 x 64 (f16)
// CHECK: FLOPs: 6.711E+07 useful
// CHECK: tiles: 32 full
// CHECK-LABEL: @transposed: batch of 3 matmul 128 x 256 x 64 (f16; B stored N x K)
// CHECK: FLOPs: 1.258E+07 useful
// CHECK-LABEL: @broadcast_b: batch of 2 (one B for all) matmul 256 x 512 x 64 (f16; A stored K x M)
// CHECK: FLOPs: 3.355E+07 useful
// JSON: "batch": 4
// JSON: "batch": 3
func.func @broadcast_a(%A: memref<256x64xf16>, %B: memref<4x64x512xf16>, %C: memref<4x256x512xf16>) {
  linalg.batch_matmul indexing_maps = [
      affine_map<(b, m, n, k) -> (m, k)>,
      affine_map<(b, m, n, k) -> (b, k, n)>,
      affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%A, %B : memref<256x64xf16>, memref<4x64x512xf16>) outs(%C : memref<4x256x512xf16>)
  return
}

func.func @transposed(%A: memref<3x128x64xf16>, %B: memref<3x256x64xf16>, %C: memref<3x128x256xf32>) {
  linalg.batch_matmul indexing_maps = [
      affine_map<(b, m, n, k) -> (b, m, k)>,
      affine_map<(b, m, n, k) -> (b, n, k)>,
      affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%A, %B : memref<3x128x64xf16>, memref<3x256x64xf16>) outs(%C : memref<3x128x256xf32>)
  return
}

func.func @broadcast_b(%A: memref<2x64x256xf16>, %B: memref<64x512xf16>, %C: memref<2x256x512xf16>) {
  linalg.batch_matmul indexing_maps = [
      affine_map<(b, m, n, k) -> (b, k, m)>,
      affine_map<(b, m, n, k) -> (k, n)>,
      affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%A, %B : memref<2x64x256xf16>, memref<64x512xf16>) outs(%C : memref<2x256x512xf16>)
  return
}
