// Every input the pipeline rejects: an error at the offending op, a non-zero
// exit, and no artifact directory.
// RUN: rm -rf %t && mkdir -p %t
// RUN: not tile-opt %s -split-input-file --tile-gpu-pipeline="artifact-dir=%t/art ptxas=none" 2>&1 | FileCheck %s
// RUN: not ls %t/art
// RUN: not tile-opt %S/Inputs/malformed.mlir --tile-gpu-pipeline="artifact-dir=%t/malformed ptxas=none" 2>&1 | FileCheck %s --check-prefix=MALFORMED
// RUN: not ls %t/malformed

// CHECK: [[@LINE+2]]:8: error: 'linalg.matmul' op operand A has element type 'i8', which is not supported (supported: f32, f16, bf16)
func.func @i8(%A: tensor<4x4xi8>, %B: tensor<4x4xi8>, %C: tensor<4x4xi8>) -> tensor<4x4xi8> {
  %0 = linalg.matmul ins(%A, %B : tensor<4x4xi8>, tensor<4x4xi8>) outs(%C : tensor<4x4xi8>) -> tensor<4x4xi8>
  return %0 : tensor<4x4xi8>
}

// -----

// CHECK: [[@LINE+2]]:3: error: 'linalg.matmul' op operand A has element type 'f64', which is not supported (supported: f32, f16, bf16)
func.func @f64(%A: memref<4x4xf64>, %B: memref<4x4xf64>, %C: memref<4x4xf64>) {
  linalg.matmul ins(%A, %B : memref<4x4xf64>, memref<4x4xf64>) outs(%C : memref<4x4xf64>)
  return
}

// -----

// CHECK: [[@LINE+2]]:3: error: 'linalg.matmul' op operand A has dynamic shape 'memref<?x4xf32>': tile-opt needs static shapes
func.func @dynamic(%A: memref<?x4xf32>, %B: memref<4x4xf32>, %C: memref<?x4xf32>) {
  linalg.matmul ins(%A, %B : memref<?x4xf32>, memref<4x4xf32>) outs(%C : memref<?x4xf32>)
  return
}

// MALFORMED: malformed.mlir:2:16: error: expected '}' in attribute dictionary
