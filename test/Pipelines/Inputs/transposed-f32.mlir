// f32 matmuls with transposed operands, for the TF32 and the fma tile's
// defaults (tile-gpu-pipeline-transposed-ptxas.mlir).
func.func @tf32_b(%A: memref<2048x2048xf32>, %B: memref<2048x2048xf32>, %C: memref<2048x2048xf32>) {
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
    ins(%A, %B : memref<2048x2048xf32>, memref<2048x2048xf32>) outs(%C : memref<2048x2048xf32>)
  return
}

func.func @tf32_ab(%A: memref<1000x1100xf32>, %B: memref<1200x1000xf32>, %C: memref<1100x1200xf32>) {
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
    ins(%A, %B : memref<1000x1100xf32>, memref<1200x1000xf32>) outs(%C : memref<1100x1200xf32>)
  return
}
