// RUN: rm -rf %t && mkdir -p %t && touch %t/file
// RUN: not tile-opt %s --tile-report="format=yaml" -o /dev/null 2>&1 | FileCheck %s --check-prefix=FORMAT
// RUN: not tile-opt %s --tile-report="output=%t/file/report.txt" -o /dev/null 2>&1 | FileCheck %s --check-prefix=OUTPUT

// FORMAT: error: --tile-report format must be 'text' or 'json', got 'yaml'
// OUTPUT: error: cannot write the report: {{.*}}report.txt
func.func @f(%A: memref<8x8xf32>, %B: memref<8x8xf32>, %C: memref<8x8xf32>) {
  linalg.matmul {tile.config = #tile.config<tiled, block = [8, 8, 8], thread = [1, 1], stages = 1>}
    ins(%A, %B : memref<8x8xf32>, memref<8x8xf32>) outs(%C : memref<8x8xf32>)
  return
}
