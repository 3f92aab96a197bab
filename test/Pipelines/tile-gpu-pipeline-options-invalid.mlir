// Options the pipeline rejects: an error (at the matmul where the chip
// refuses the config), a non-zero exit, and no artifact directory.
// RUN: rm -rf %t && mkdir -p %t
// RUN: not tile-opt %s --tile-gpu-pipeline="chip=sm_42 artifact-dir=%t/chip ptxas=none" 2>&1 | FileCheck %s --check-prefix=CHIP
// RUN: not ls %t/chip
// RUN: not tile-opt %s --tile-gpu-pipeline="config='#tile.config<naive, block = [64, 32, 1], tile = #tile.fma<thread = [1, 1]>>' artifact-dir=%t/threads ptxas=none" 2>&1 | FileCheck %s --check-prefix=THREADS
// RUN: not ls %t/threads
// The seeds' T = 64 with one output per thread needs 4096 threads.
// RUN: not tile-opt %s --tile-gpu-pipeline="config='#tile.config<tiled, block = [64, 64, 64], tile = #tile.fma<thread = [1, 1]>>' artifact-dir=%t/t64 ptxas=none" 2>&1 | FileCheck %s --check-prefix=T64
// RUN: not ls %t/t64
// RUN: not tile-opt %s --tile-gpu-pipeline="config='#tile.config<tiled, block = [64, 64, 64], tile = #tile.fma<thread = [3, 1]>>' artifact-dir=%t/split ptxas=none" 2>&1 | FileCheck %s --check-prefix=SPLIT
// RUN: not ls %t/split
// RUN: not tile-opt %s --tile-gpu-pipeline="config='#tile.config<tiled, block = [128, 128, 256], tile = #tile.fma<thread = [8, 8]>>' artifact-dir=%t/smem ptxas=none" 2>&1 | FileCheck %s --check-prefix=SMEM
// RUN: not ls %t/smem
// RUN: not tile-opt %s --tile-gpu-pipeline="config='#tile.config<tiled, block = [0, 64, 8], tile = #tile.fma<thread = [1, 1]>>' artifact-dir=%t/zero ptxas=none" 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: not ls %t/zero
// RUN: not tile-opt %s --tile-gpu-pipeline="config='#tile.config<tiled, block = [32, 32, 32], tile = #tile.fma<thread = [1, 1]>, schedule = #tile.schedule<stages = 3>>' artifact-dir=%t/s3 ptxas=none" 2>&1 | FileCheck %s --check-prefix=STAGES
// RUN: not ls %t/s3
// Too many stages: 7 of 128 x 128 x 32 panels do not fit the opt-in limit.
// RUN: not tile-opt %s --tile-gpu-pipeline="config='#tile.config<tiled, block = [128, 128, 32], warp = [64, 32], tile = #tile.fma<thread = [8, 8]>, copy = #tile.copy<kind = async, pad = 4>, schedule = #tile.schedule<stages = 7>>' artifact-dir=%t/big ptxas=none" 2>&1 | FileCheck %s --check-prefix=BIG
// RUN: not ls %t/big
// The same input with valid options compiles.
// RUN: tile-opt %s --tile-gpu-pipeline="artifact-dir=%t/ok ptxas=none" -o /dev/null
// RUN: ls %t/ok/manifest.json

// BIG: [[@LINE+9]]:3: error: 'linalg.matmul' op config needs 247296 bytes of shared memory per block (7 stages of 35328), but sm_90 allows at most 232448
// STAGES: [[@LINE+8]]:3: error: 'linalg.matmul' op stages = 3 needs copy kind async (register-staged copies support 1 or 2)
// CHIP: [[@LINE+7]]:3: error: 'linalg.matmul' op cannot be configured for unknown chip 'sm_42' (known: sm_80, sm_90, sm_90a)
// THREADS: [[@LINE+6]]:3: error: 'linalg.matmul' op config needs 2048 threads per block (64 x 32), but sm_90 allows at most 1024
// T64: [[@LINE+5]]:3: error: 'linalg.matmul' op config needs 4096 threads per block (64 x 64), but sm_90 allows at most 1024
// SPLIT: error: config='{{.*}}' is not a #tile.config: thread tile [3, 1] does not divide block tile [64, 64]
// SMEM: [[@LINE+3]]:3: error: 'linalg.matmul' op config needs 262144 bytes of shared memory per block, but sm_90 allows at most 232448
// ZERO: error: config='{{.*}}' is not a #tile.config: block must be at least 1, got 0
func.func @fine(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>) {
  linalg.matmul ins(%A, %B : memref<64x64xf32>, memref<64x64xf32>) outs(%C : memref<64x64xf32>)
  return
}
