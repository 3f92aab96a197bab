func.func @bb(%A: memref<4x300x136xf16>, %B: memref<136x200xf16>, %C: memref<4x300x200xf16>) {
  %zero = arith.constant 0.0 : f16
  linalg.fill ins(%zero : f16) outs(%C : memref<4x300x200xf16>)
  linalg.batch_matmul indexing_maps = [
      affine_map<(b, m, n, k) -> (b, m, k)>,
      affine_map<(b, m, n, k) -> (k, n)>,
      affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%A, %B : memref<4x300x136xf16>, memref<136x200xf16>) outs(%C : memref<4x300x200xf16>)
  return
}
