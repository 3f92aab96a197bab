// RUN: tile-opt %s -split-input-file --tile-bufferize | FileCheck %s

// A function with a matmul gets identity-layout memrefs at its boundary.
// CHECK-LABEL: func.func @with_matmul(
// CHECK-SAME: %[[A:.+]]: memref<64x32xf32>, %[[B:.+]]: memref<32x48xf32>, %[[C:.+]]: memref<64x48xf32>) -> memref<64x48xf32>
// CHECK: linalg.matmul ins(%[[A]], %[[B]] : memref<64x32xf32>, memref<32x48xf32>) outs(%[[C]] : memref<64x48xf32>)
// CHECK: return %[[C]]
func.func @with_matmul(%A: tensor<64x32xf32>, %B: tensor<32x48xf32>, %C: tensor<64x48xf32>) -> tensor<64x48xf32> {
  %0 = linalg.matmul ins(%A, %B : tensor<64x32xf32>, tensor<32x48xf32>) outs(%C : tensor<64x48xf32>) -> tensor<64x48xf32>
  return %0 : tensor<64x48xf32>
}

// A tensor function without one passes through unchanged.
// CHECK-LABEL: func.func @without_matmul(
// CHECK-SAME: %[[X:.+]]: tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %[[ONE:.+]] = arith.constant dense<1.000000e+00> : tensor<4xf32>
// CHECK-NEXT: %[[Y:.+]] = arith.addf %[[X]], %[[ONE]] : tensor<4xf32>
// CHECK-NEXT: return %[[Y]] : tensor<4xf32>
func.func @without_matmul(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c = arith.constant dense<1.0> : tensor<4xf32>
  %y = arith.addf %x, %c : tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

// A module without a matmul is not touched at all.
// CHECK-LABEL: func.func @only(
// CHECK-SAME: tensor<2x2xf32>
// CHECK-NOT: memref
func.func @only(%x: tensor<2x2xf32>) -> tensor<2x2xf32> {
  return %x : tensor<2x2xf32>
}
