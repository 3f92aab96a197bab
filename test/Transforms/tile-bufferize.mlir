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

// -----

// Elementwise arith and math ops on tensors in a function with a matmul
// become linalg.generic ops (which bufferize, and fuse into the matmul's
// kernel); in place where bufferization can.
// CHECK-LABEL: func.func @elementwise_consumers(
// CHECK: linalg.matmul
// CHECK: linalg.generic
// CHECK: arith.addf
// CHECK: linalg.generic
// CHECK: math.tanh
// CHECK-NOT: arith.addf {{.*}} : tensor
// CHECK: return
func.func @elementwise_consumers(%A: tensor<64x32xf32>, %B: tensor<32x48xf32>, %R: tensor<64x48xf32>) -> tensor<64x48xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x48xf32>
  %C = linalg.fill ins(%zero : f32) outs(%e : tensor<64x48xf32>) -> tensor<64x48xf32>
  %D = linalg.matmul ins(%A, %B : tensor<64x32xf32>, tensor<32x48xf32>) outs(%C : tensor<64x48xf32>) -> tensor<64x48xf32>
  %s = arith.addf %D, %R : tensor<64x48xf32>
  %t = math.tanh %s : tensor<64x48xf32>
  return %t : tensor<64x48xf32>
}

// -----

// Nothing else changes in the process: a matmul whose result is unused is
// bufferized, not erased.
// CHECK-LABEL: func.func @unused_result(
// CHECK: linalg.matmul
func.func @unused_result(%A: tensor<64x32xf32>, %B: tensor<32x48xf32>, %C: tensor<64x48xf32>) -> tensor<64x48xf32> {
  %D = linalg.matmul ins(%A, %B : tensor<64x32xf32>, tensor<32x48xf32>) outs(%C : tensor<64x48xf32>) -> tensor<64x48xf32>
  return %C : tensor<64x48xf32>
}
