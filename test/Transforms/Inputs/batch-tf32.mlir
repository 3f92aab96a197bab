// tf32x3 copies B's two parts through the workspace: no default for a
// batch (tile-configure-batch-invalid.mlir runs this with
// precision=tf32x3; tile-configure-batch-precision.mlir has tf32's).
func.func @tf32x3(%A: memref<4x256x64xf32>, %B: memref<4x64x256xf32>, %C: memref<4x256x256xf32>) {
  // expected-error @+1 {{has no default tiled config for sm_90a: precision = tf32x3 copies B's parts through the workspace, which a batched matmul does not support yet}}
  linalg.batch_matmul ins(%A, %B : memref<4x256x64xf32>, memref<4x64x256xf32>) outs(%C : memref<4x256x256xf32>)
  return
}
