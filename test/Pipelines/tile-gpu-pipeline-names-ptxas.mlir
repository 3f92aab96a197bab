// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: tile-opt %s --tile-gpu-pipeline="artifact-dir=%t/art ptxas=%ptxas" -o /dev/null
// RUN: env LC_ALL=C ls %t/art | FileCheck %s

// Function names that are legal MLIR symbols but not PTX identifiers give
// kernels that ptxas assembles.
// CHECK: _caf___matmul_0.cubin
// CHECK: k9_a_b_c_d_matmul_0.cubin
// CHECK: manifest.json

func.func @"9 a/b:c.d"(%A: memref<33x17xf32>, %B: memref<17x45xf32>, %C: memref<33x45xf32>) {
  linalg.matmul ins(%A, %B : memref<33x17xf32>, memref<17x45xf32>) outs(%C : memref<33x45xf32>)
  return
}
func.func @".café"(%A: memref<33x17xf32>, %B: memref<17x45xf32>, %C: memref<33x45xf32>) {
  linalg.matmul ins(%A, %B : memref<33x17xf32>, memref<17x45xf32>) outs(%C : memref<33x45xf32>)
  return
}
