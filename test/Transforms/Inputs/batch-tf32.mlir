// The TF32 default copies B through the workspace: no default for a batch
// (tile-configure-batch-invalid.mlir runs this with precision=tf32).
func.func @tf32(%A: memref<4x256x64xf32>, %B: memref<4x64x256xf32>, %C: memref<4x256x256xf32>) {
  // expected-error @+1 {{has no default tiled config for sm_90a: precision = tf32 copies B as TF32 through the workspace, which a batched matmul does not support yet (a tf32 config with registers = b copies nothing where K % 4 = 0 and A is stored M x K)}}
  linalg.batch_matmul ins(%A, %B : memref<4x256x64xf32>, memref<4x64x256xf32>) outs(%C : memref<4x256x256xf32>)
  return
}
