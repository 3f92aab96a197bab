// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: tile-opt %s --tile-gpu-pipeline="chip=sm_90a precision=tf32 artifact-dir=%t/b" -o /dev/null
// RUN: FileCheck %s --input-file=%t/b/manifest.json --check-prefix=MANIFEST
// RUN: FileCheck %s --input-file=%t/b/matmul_matmul_0.ptx
// RUN: %ptxas -arch=sm_90a -v %t/b/matmul_matmul_0.ptx -o %t/b.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS

// tf32 with B stored N x K (the default there: truncated = b): A's boxes
// (128 x 32) and B's (256 x 32, K-major) come from the matrices
// themselves, nothing is copied, no workspace, and the manifest says that
// B reaches the tensor cores truncated (tile-run widens its bound for it).
// MANIFEST: "box": [
// MANIFEST-NEXT: 128,
// MANIFEST-NEXT: 32
// MANIFEST: "kind": "tensor_map",
// MANIFEST: "name": "A",
// MANIFEST: "box": [
// MANIFEST-NEXT: 256,
// MANIFEST-NEXT: 32
// MANIFEST: "kind": "tensor_map",
// MANIFEST: "name": "B",
// MANIFEST: "shape": [
// MANIFEST-NEXT: 2048,
// MANIFEST-NEXT: 1000
// MANIFEST: "view": "matrix"
// MANIFEST-NOT: "workspace"
// MANIFEST: "b_layout": "column-major",
// MANIFEST: "precision": "tf32",
// MANIFEST: "tf32_truncated": [
// MANIFEST-NEXT: "B"
// MANIFEST-NEXT: ]

// A rounded in registers, the m64n256k8 instructions' B a descriptor of
// B's own stage.
// CHECK: cvt.rna.tf32.f32
// CHECK: wgmma.fence.sync.aligned;
// CHECK: wgmma.mma_async.sync.aligned.m64n256k8.f32.tf32.tf32 {{.*}}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, %rd{{[0-9]+}}, p, 1, 1;

// PTXAS-NOT: serialized
// PTXAS: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// PTXAS-NOT: serialized
#a = affine_map<(m, n, k) -> (m, k)>
#bt = affine_map<(m, n, k) -> (n, k)>
#c = affine_map<(m, n, k) -> (m, n)>
func.func @matmul(%A: memref<2048x1000xf32>, %B: memref<2048x1000xf32>, %C: memref<2048x2048xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<2048x2048xf32>)
  linalg.matmul indexing_maps = [#a, #bt, #c] ins(%A, %B : memref<2048x1000xf32>, memref<2048x1000xf32>) outs(%C : memref<2048x2048xf32>)
  return
}
