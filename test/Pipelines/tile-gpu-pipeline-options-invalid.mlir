// Options the pipeline rejects: an error at the matmul, a non-zero exit, and
// no artifact directory.
// RUN: rm -rf %t && mkdir -p %t
// RUN: not tile-opt %s --tile-gpu-pipeline="chip=sm_42 artifact-dir=%t/chip ptxas=none" 2>&1 | FileCheck %s --check-prefix=CHIP
// RUN: not ls %t/chip
// RUN: not tile-opt %s --tile-gpu-pipeline="block-tile=64,32 artifact-dir=%t/threads ptxas=none" 2>&1 | FileCheck %s --check-prefix=THREADS
// RUN: not ls %t/threads
// RUN: not tile-opt %s --tile-gpu-pipeline="strategy=tiled block-tile=32,32,32 artifact-dir=%t/tiled ptxas=none" 2>&1 | FileCheck %s --check-prefix=TILED
// RUN: not ls %t/tiled
// The same input with valid options compiles.
// RUN: tile-opt %s --tile-gpu-pipeline="artifact-dir=%t/ok ptxas=none" -o /dev/null
// RUN: ls %t/ok/manifest.json

// CHIP: [[@LINE+4]]:3: error: 'linalg.matmul' op cannot be configured for unknown chip 'sm_42' (known: sm_80, sm_90, sm_90a)
// THREADS: [[@LINE+3]]:3: error: 'linalg.matmul' op config needs 2048 threads per block (64 x 32), but sm_90 allows at most 1024
// TILED: [[@LINE+2]]:3: error: 'linalg.matmul' op has strategy 'tiled', which no mapping pass has turned into a kernel (implemented: naive)
func.func @fine(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>) {
  linalg.matmul ins(%A, %B : memref<64x64xf32>, memref<64x64xf32>) outs(%C : memref<64x64xf32>)
  return
}
