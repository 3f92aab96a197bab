// The matmul embed.cpp builds with the C++ API, for tile-opt to compile the
// same way (RunEmbedding.cmake compares the two artifacts' PTX).
func.func @matmul(%A: tensor<256x128xf32>, %B: tensor<128x192xf32>)
    -> tensor<256x192xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<256x192xf32>
  %C = linalg.fill ins(%zero : f32) outs(%empty : tensor<256x192xf32>)
      -> tensor<256x192xf32>
  %D = linalg.matmul ins(%A, %B : tensor<256x128xf32>, tensor<128x192xf32>)
                     outs(%C : tensor<256x192xf32>) -> tensor<256x192xf32>
  return %D : tensor<256x192xf32>
}
