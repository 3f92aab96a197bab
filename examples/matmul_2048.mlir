// The bundled example: C = A * B on 2048 x 2048 x 2048 f32, in tensor form,
// as a front end would hand it over. `scripts/example.sh` compiles it to a
// kernel artifact with --tile-gpu-pipeline.
func.func @matmul(%A: tensor<2048x2048xf32>, %B: tensor<2048x2048xf32>)
    -> tensor<2048x2048xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<2048x2048xf32>
  %C = linalg.fill ins(%zero : f32) outs(%empty : tensor<2048x2048xf32>)
      -> tensor<2048x2048xf32>
  %D = linalg.matmul ins(%A, %B : tensor<2048x2048xf32>, tensor<2048x2048xf32>)
                     outs(%C : tensor<2048x2048xf32>) -> tensor<2048x2048xf32>
  return %D : tensor<2048x2048xf32>
}
