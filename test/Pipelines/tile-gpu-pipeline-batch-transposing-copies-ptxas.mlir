// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: tile-opt %s --tile-split-batch --tile-gpu-pipeline="chip=sm_90a artifact-dir=%t/fma" -o /dev/null
// RUN: FileCheck %s --input-file=%t/fma/manifest.json
// RUN: %ptxas -arch=sm_90a -v %t/fma/ragged_m_matmul_0.ptx -o %t/fma.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: tile-opt %s --tile-split-batch --tile-configure="chip=sm_90a" --tile-report="chip=sm_90a" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: tile-opt %s --tile-split-batch --tile-gpu-pipeline="chip=sm_90a precision=tf32x3 artifact-dir=%t/x3" -o /dev/null
// RUN: FileCheck %s --input-file=%t/x3/manifest.json --check-prefix=X3
// RUN: %ptxas -arch=sm_90a -v %t/x3/ragged_m_matmul_0.ptx -o %t/x3.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: tile-opt %s --tile-split-batch --tile-configure="chip=sm_90a precision=tf32x3" --tile-report="chip=sm_90a" -o /dev/null 2>&1 | FileCheck %s --check-prefix=X3-REPORT

// A batch of 3 f32 matmuls with A stored K x M and M = 130: rows of 520
// bytes, which no tensor map takes, so the kernel copies A transposed
// (M x K) first, matrix by matrix, the 3 copies one after the other in the
// workspace, and reads them through a 3-D tensor map, one batch deep. With
// tf32x3 B's high and low parts are copied the same way (B stored K x N,
// copied N x K).

// CHECK: "kind": "workspace",
// CHECK: "resident_blocks": 9
// CHECK: "box": [
// CHECK-NEXT: 1,
// CHECK-NEXT: 64,
// CHECK-NEXT: 16
// CHECK: "name": "A",
// CHECK: "part": "exact",
// CHECK-NEXT: "row_stride": 256,
// CHECK-NEXT: "shape": [
// CHECK-NEXT: 3,
// CHECK-NEXT: 130,
// CHECK-NEXT: 64
// CHECK: "transposed": true,
// CHECK-NEXT: "view": "workspace_copy",
// CHECK: "grid": [
// CHECK-NEXT: 1,
// CHECK-NEXT: 3,
// CHECK-NEXT: 3

// PTXAS-NOT: {{warning|Performance Loss}}
// PTXAS: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads

// REPORT: plan: grid 1 x 3 x 3, block 32 x 8; A tma (row-major, boxes) re-staged K-major from its transposed copy
// REPORT: pack: 9 of the grid's 9 blocks copy A transposed (exact) into 3 x 130 rows of 64 elements at byte 0 of a 99852-byte workspace, and every block waits for them; 199680 bytes read and written per launch

// X3: "name": "A",
// X3: "part": "exact",
// X3-NEXT: "row_stride": 256,
// X3-NEXT: "shape": [
// X3-NEXT: 3,
// X3-NEXT: 130,
// X3-NEXT: 64
// X3: "transposed": true,
// X3: "name": "B",
// X3: "part": "high",
// X3-NEXT: "row_stride": 256,
// X3-NEXT: "shape": [
// X3-NEXT: 3,
// X3-NEXT: 128,
// X3-NEXT: 64
// X3: "transposed": true,
// X3: "part": "low",
// X3: "workspace_offset": 198144

// X3-REPORT: pack: 6 of the grid's 6 blocks copy A transposed (exact) into 3 x 130 rows of 64 elements at byte 0, B transposed (high) into 3 x 128 rows of 64 elements at byte 99840, B transposed (low) into 3 x 128 rows of 64 elements at byte 198144 of a 296460-byte workspace
func.func @ragged_m(%A: memref<3x64x130xf32>, %B: memref<3x64x128xf32>, %C: memref<3x130x128xf32>) {
  linalg.batch_matmul indexing_maps = [
      affine_map<(b, m, n, k) -> (b, k, m)>,
      affine_map<(b, m, n, k) -> (b, k, n)>,
      affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%A, %B : memref<3x64x130xf32>, memref<3x64x128xf32>) outs(%C : memref<3x130x128xf32>)
  return
}
