// The seeds' ragged shape: C = A * B with M = 2053, N = 2039, K = 2048 (f32).
// Neither M nor N divides any power-of-two tile, so every strategy must
// handle partial edge tiles.
func.func @matmul(%A: tensor<2053x2048xf32>, %B: tensor<2048x2039xf32>)
    -> tensor<2053x2039xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<2053x2039xf32>
  %C = linalg.fill ins(%zero : f32) outs(%empty : tensor<2053x2039xf32>)
      -> tensor<2053x2039xf32>
  %D = linalg.matmul ins(%A, %B : tensor<2053x2048xf32>, tensor<2048x2039xf32>)
                     outs(%C : tensor<2053x2039xf32>) -> tensor<2053x2039xf32>
  return %D : tensor<2053x2039xf32>
}
