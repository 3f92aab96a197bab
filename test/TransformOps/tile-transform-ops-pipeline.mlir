// A transform script (Inputs/pick-one-matmul.mlir) that gives one of two
// matmuls a config of its own and compiles the module with the registered
// pipeline (transform.apply_registered_pass): that matmul's kernel has the
// script's config, the other the default one (--tile-configure keeps a
// config already on a matmul).
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: tile-opt %s --transform-preload-library=transform-library-paths=%S/Inputs/pick-one-matmul.mlir --transform-interpreter -o /dev/null
// RUN: FileCheck %s --input-file=%t/art/manifest.json

// CHECK: "name": "picked_matmul_0"
// CHECK: "config": "#tile.config<tiled, block = [32, 32, 16], tile = #tile.fma<thread = [2, 2]>>"
// CHECK: "name": "other_matmul_0"
// CHECK-NOT: block = [32, 32, 16]
// CHECK: "config": "#tile.config<tiled,
func.func @picked(%A: memref<64x48xf32>, %B: memref<48x96xf32>, %C: memref<64x96xf32>) {
  linalg.matmul ins(%A, %B : memref<64x48xf32>, memref<48x96xf32>) outs(%C : memref<64x96xf32>)
  return
}
func.func @other(%A: memref<128x64xf32>, %B: memref<64x128xf32>, %C: memref<128x128xf32>) {
  linalg.matmul ins(%A, %B : memref<128x64xf32>, memref<64x128xf32>) outs(%C : memref<128x128xf32>)
  return
}
