// RUN: rm -rf %t && mkdir -p %t
// RUN: tile-opt %s --tile-gpu-pipeline="artifact-dir=%t/art ptxas=none" | FileCheck %s
// RUN: FileCheck %s --input-file=%t/art/manifest.json --check-prefix=MANIFEST

// A function without a matmul passes through unchanged; the manifest lists
// no kernel.
// CHECK-LABEL: func.func @no_matmul(%{{.+}}: memref<4xf32>, %{{.+}}: f32)
// CHECK-NEXT: %[[C0:.+]] = arith.constant 0 : index
// CHECK-NEXT: memref.store %{{.+}}, %{{.+}}[%[[C0]]] : memref<4xf32>
// CHECK-NEXT: return
// CHECK-NOT: gpu.
// MANIFEST: "kernels": [],
func.func @no_matmul(%m: memref<4xf32>, %v: f32) {
  %c0 = arith.constant 0 : index
  memref.store %v, %m[%c0] : memref<4xf32>
  return
}
