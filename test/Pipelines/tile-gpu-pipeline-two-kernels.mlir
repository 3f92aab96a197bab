// RUN: rm -rf %t && mkdir -p %t
// RUN: tile-opt %s --tile-gpu-pipeline="artifact-dir=%t/art ptxas=none" | FileCheck %s --check-prefix=IR
// RUN: FileCheck %s --input-file=%t/art/manifest.json --check-prefix=MANIFEST
// RUN: ls %t/art/two_matmul_0.ptx %t/art/two_matmul_1.ptx

// Two matmuls in one function: two kernels, two PTX files, two manifest
// entries; the second one accumulates (no zero fill of its output).
// IR: gpu.launch_func @two_matmul_0_module::@two_matmul_0
// IR: gpu.launch_func @two_matmul_1_module::@two_matmul_1
// IR: gpu.binary @two_matmul_0_module
// IR: gpu.binary @two_matmul_1_module
// MANIFEST: "name": "two_matmul_0",
// MANIFEST: "accumulate": false,
// MANIFEST: "name": "two_matmul_1",
// MANIFEST: "accumulate": true,
func.func @two(%A: memref<7x5xf32>, %B: memref<5x3xf32>, %C: memref<7x3xf32>, %D: memref<3x9xf32>, %E: memref<7x9xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<7x3xf32>)
  linalg.matmul ins(%A, %B : memref<7x5xf32>, memref<5x3xf32>) outs(%C : memref<7x3xf32>)
  linalg.matmul ins(%C, %D : memref<7x3xf32>, memref<3x9xf32>) outs(%E : memref<7x9xf32>)
  return
}
