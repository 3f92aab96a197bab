// 896 x 2432 x 1024 in 128 x 128 tiles: 133 tiles, a wave of 132 and a
// tail tile split in 4 (the producer split_tail run of
// tile-gpu-pipeline-wgmma-ptxas.mlir).
func.func @matmul(%A: tensor<896x1024xf16>, %B: tensor<1024x2432xf16>) -> tensor<896x2432xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<896x2432xf32>
  %C = linalg.fill ins(%zero : f32) outs(%empty : tensor<896x2432xf32>) -> tensor<896x2432xf32>
  %D = linalg.matmul ins(%A, %B : tensor<896x1024xf16>, tensor<1024x2432xf16>) outs(%C : tensor<896x2432xf32>) -> tensor<896x2432xf32>
  return %D : tensor<896x2432xf32>
}
