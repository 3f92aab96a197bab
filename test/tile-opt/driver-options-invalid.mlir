// What the tile-opt driver adds to MlirOptMain: options the option parser
// rejects, and an option given twice, are an error before anything runs,
// with no artifact directory made.
// REQUIRES: tile-opt-driver
// RUN: rm -rf %t && mkdir -p %t
// RUN: not tile-opt %s --tile-gpu-pipeline="chip=sm_90 chip=sm_80 artifact-dir=%t/twice ptxas=none" 2>&1 | FileCheck %s --check-prefix=TWICE
// RUN: not ls %t/twice
// RUN: not tile-opt %s --tile-gpu-pipeline="opt-level=x artifact-dir=%t/value ptxas=none" 2>&1 | FileCheck %s --check-prefix=VALUE
// RUN: not ls %t/value
// RUN: not tile-opt %s --tile-gpu-pipeline="bogus=1 artifact-dir=%t/key ptxas=none" 2>&1 | FileCheck %s --check-prefix=KEY
// RUN: not ls %t/key
// RUN: not tile-opt %s --tile-configure="chip=sm_90 chip=sm_80" 2>&1 | FileCheck %s --check-prefix=PASSTWICE
// TWICE: tile-opt: error: option 'chip' is given twice in --tile-gpu-pipeline
// VALUE: tile-opt: error: invalid options for --tile-gpu-pipeline: for the --opt-level option: 'x' value invalid for uint argument!
// KEY: tile-opt: error: invalid options for --tile-gpu-pipeline: no such option bogus
// PASSTWICE: tile-opt: error: option 'chip' is given twice in --tile-configure

func.func @fine(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>) {
  linalg.matmul ins(%A, %B : memref<64x64xf32>, memref<64x64xf32>) outs(%C : memref<64x64xf32>)
  return
}
