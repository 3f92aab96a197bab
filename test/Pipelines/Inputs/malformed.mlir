func.func @broken(%A: memref<4x4xf32> {
  linalg.matmul ins(%A, %A : memref<4x4xf32>, memref<4x4xf32>) outs(%A : memref<4x4xf32>)
