// RUN: rm -rf %t && mkdir -p %t && touch %t/file
// RUN: not tile-opt %s --tile-report="format=yaml" -o /dev/null 2>&1 | FileCheck %s --check-prefix=FORMAT
// RUN: not tile-opt %s --tile-report="output=%t/file/report.txt" -o /dev/null 2>&1 | FileCheck %s --check-prefix=OUTPUT

// FORMAT: error: --tile-report format must be 'text' or 'json', got 'yaml'
// OUTPUT: error: cannot write the report: {{.*}}report.txt
func.func @f(%A: memref<8x8xf32>, %B: memref<8x8xf32>, %C: memref<8x8xf32>) {
  linalg.matmul {tile.config = #tile.config<tiled, block = [8, 8, 8], tile = #tile.fma<thread = [1, 1]>>}
    ins(%A, %B : memref<8x8xf32>, memref<8x8xf32>) outs(%C : memref<8x8xf32>)
  return
}

// Problems beyond the kernels' arithmetic are reported as such, not
// computed.
// RUN: tile-opt %s -split-input-file --tile-report -o /dev/null 2>&1 | FileCheck %s --check-prefix=RANGE
// RANGE: matmul in @huge: the matmul has M = 4294967296, over the limit of 2147483647
// RANGE: matmul in @rows: config makes a grid of 1000000 block rows (M = 8000000, BM = 8), but gridDim.y is at most 65535 (use a larger BM)

// -----

func.func @huge(%A: memref<4294967296x8xf32>, %B: memref<8x8xf32>, %C: memref<4294967296x8xf32>) {
  linalg.matmul {tile.config = #tile.config<tiled, block = [8, 8, 8], tile = #tile.fma<thread = [1, 1]>>}
    ins(%A, %B : memref<4294967296x8xf32>, memref<8x8xf32>) outs(%C : memref<4294967296x8xf32>)
  return
}

// -----

func.func @rows(%A: memref<8000000x8xf32>, %B: memref<8x8xf32>, %C: memref<8000000x8xf32>) {
  linalg.matmul {tile.config = #tile.config<tiled, block = [8, 8, 8], tile = #tile.fma<thread = [1, 1]>>}
    ins(%A, %B : memref<8000000x8xf32>, memref<8x8xf32>) outs(%C : memref<8000000x8xf32>)
  return
}
