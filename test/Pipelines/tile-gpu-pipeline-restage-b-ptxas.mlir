// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: tile-opt %s --tile-gpu-pipeline="chip=sm_90a artifact-dir=%t/b" -o /dev/null
// RUN: FileCheck %s --input-file=%t/b/manifest.json
// RUN: %ptxas -arch=sm_90a -v %t/b/matmul_matmul_0.ptx -o %t/b.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS

// An f32 batch with B stored N x K at the default: the fma tile's B boxes
// come from B as stored (256 x 16 of N x K, one batch deep), re-staged
// BK x BN in the kernel (b = restaged); no workspace, no copy; the two
// re-staged panels are part of the dynamic shared memory (A's and B's
// stages 2 x (64 + 256) x 16, their re-staged 2 x 16 x (64 + 256), f32).
// CHECK: "box": [
// CHECK-NEXT: 1,
// CHECK-NEXT: 64,
// CHECK-NEXT: 16
// CHECK: "name": "A",
// CHECK: "box": [
// CHECK-NEXT: 1,
// CHECK-NEXT: 256,
// CHECK-NEXT: 16
// CHECK: "kind": "tensor_map",
// CHECK: "name": "B",
// CHECK-NOT: "workspace"
// CHECK: "dynamic_shared_bytes": 81920,
// CHECK: "b_layout": "column-major",

// PTXAS: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
func.func @matmul(%A: memref<16x512x128xf32>, %B: memref<16x512x128xf32>, %C: memref<16x512x512xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<16x512x512xf32>)
  linalg.batch_matmul indexing_maps = [
      affine_map<(b, m, n, k) -> (b, m, k)>,
      affine_map<(b, m, n, k) -> (b, n, k)>,
      affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%A, %B : memref<16x512x128xf32>, memref<16x512x128xf32>) outs(%C : memref<16x512x512xf32>)
  return
}
