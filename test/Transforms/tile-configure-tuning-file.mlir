// --tile-configure's tuning-file=: a matmul whose problem and chip have an
// entry gets its config; one without gets the default. An entry it cannot
// use (another chip's, a config the chip refuses, not a config) and a file
// it cannot use are warnings, and the default heuristic decides.
// RUN: tile-opt %s -split-input-file -verify-diagnostics --tile-configure="tuning-file=%S/Inputs/tuning/good.json" | FileCheck %s
// RUN: tile-opt %s -split-input-file --tile-configure="tuning-file=%S/Inputs/tuning/malformed.json" 2>&1 | FileCheck %s --check-prefix=MALFORMED
// RUN: tile-opt %s -split-input-file --tile-configure="tuning-file=%S/Inputs/tuning/no-chip.json" 2>&1 | FileCheck %s --check-prefix=NOCHIP
// RUN: tile-opt %s -split-input-file --tile-configure="tuning-file=%S/Inputs/tuning/version2.json" 2>&1 | FileCheck %s --check-prefix=VERSION
// RUN: tile-opt %s -split-input-file --tile-configure="tuning-file=%S/Inputs/tuning/missing.json" 2>&1 | FileCheck %s --check-prefix=MISSING
// The pipeline forwards it.
// RUN: tile-opt %s -split-input-file --tile-gpu-pipeline="tuning-file=%S/Inputs/tuning/good.json ptxas=none" 2>/dev/null | FileCheck %s --check-prefix=PIPELINE

// MALFORMED: warning: tuning file '{{.*}}malformed.json': not JSON: {{.*}}; the default heuristic decides
// NOCHIP: warning: tuning file '{{.*}}no-chip.json': entries[0]: expected a string "chip"; the default heuristic decides
// VERSION: warning: tuning file '{{.*}}version2.json': expected "version": 1; the default heuristic decides
// MISSING: warning: tuning file '{{.*}}missing.json': cannot read it: {{.*}}; the default heuristic decides
// MALFORMED-NOT: block = [32, 32, 16]
// PIPELINE: tile.config = #tile.config<tiled, block = [32, 32, 16], tile = #tile.fma<thread = [2, 2]>>

// CHECK-LABEL: func.func @tuned
// CHECK: linalg.matmul {tile.config = #tile.config<tiled, block = [32, 32, 16], tile = #tile.fma<thread = [2, 2]>>}
func.func @tuned(%A: memref<256x256xf32>, %B: memref<256x256xf32>, %C: memref<256x256xf32>) {
  linalg.matmul ins(%A, %B : memref<256x256xf32>, memref<256x256xf32>) outs(%C : memref<256x256xf32>)
  return
}

// -----

// CHECK-LABEL: func.func @untuned
// CHECK: linalg.matmul {tile.config = #tile.config<tiled, block = [64, 64, 16]
func.func @untuned(%A: memref<128x128xf32>, %B: memref<128x128xf32>, %C: memref<128x128xf32>) {
  linalg.matmul ins(%A, %B : memref<128x128xf32>, memref<128x128xf32>) outs(%C : memref<128x128xf32>)
  return
}

// -----

// CHECK-LABEL: func.func @other_chip
// CHECK: linalg.matmul {tile.config = #tile.config<tiled, block = [64, 64, 16]
func.func @other_chip(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>) {
  // expected-warning @+1 {{the entry for this problem is for sm_80, not sm_90; the default heuristic decides}}
  linalg.matmul ins(%A, %B : memref<64x64xf32>, memref<64x64xf32>) outs(%C : memref<64x64xf32>)
  return
}

// -----

// CHECK-LABEL: func.func @refused
// CHECK: linalg.matmul {tile.config = #tile.config<tiled,
func.func @refused(%A: memref<96x96xf32>, %B: memref<96x96xf32>, %C: memref<96x96xf32>) {
  // expected-warning @+1 {{the entry's config is refused (config needs 2048 threads per block (64 x 32), but sm_90 allows at most 1024); the default heuristic decides}}
  linalg.matmul ins(%A, %B : memref<96x96xf32>, memref<96x96xf32>) outs(%C : memref<96x96xf32>)
  return
}

// -----

// CHECK-LABEL: func.func @not_a_config
// CHECK: linalg.matmul {tile.config = #tile.config<tiled,
func.func @not_a_config(%A: memref<32x32xf32>, %B: memref<32x32xf32>, %C: memref<32x32xf32>) {
  // expected-warning @+1 {{'#tile.bogus' is not a #tile.config; the default heuristic decides}}
  linalg.matmul ins(%A, %B : memref<32x32xf32>, memref<32x32xf32>) outs(%C : memref<32x32xf32>)
  return
}
