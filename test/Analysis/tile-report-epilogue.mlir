// RUN: tile-opt %s --tile-report="chip=sm_90a" -o /dev/null 2>&1 | FileCheck %s
// RUN: tile-opt %s --tile-report="chip=sm_90a format=json" -o /dev/null 2>&1 | FileCheck %s --check-prefix=JSON

// A fused epilogue in the report: its ops per element and FLOPs, the bytes
// of its inputs (a bias of 36 f32 and a 40 x 36 f32 residual: 5904), and
// the traffic it saves: C written and read back by a separate kernel,
// 2 x 40 x 36 x 4 = 11520 bytes.

// CHECK: @bias_relu_residual: matmul 40 x 36 x 24 (f32)
// CHECK-NEXT: FLOPs:
// CHECK-NEXT: fused epilogue: (maximumf((x + E1[n]), 0) + E2[m, n]): 3 ops per element (4.320E+03 FLOPs), inputs 5904 bytes; saves 11520 bytes of HBM traffic (C written and read back by a separate kernel)

// JSON: "fused_epilogue": {
// JSON-NEXT: "expression": "(maximumf((x + E1[n]), 0) + E2[m, n])",
// JSON-NEXT: "flops": 4320,
// JSON-NEXT: "input_bytes": 5904,
// JSON-NEXT: "ops_per_element": 3,
// JSON-NEXT: "saved_bytes": 11520
func.func @bias_relu_residual(%A: memref<40x24xf32>, %B: memref<24x36xf32>, %bias: memref<36xf32>, %R: memref<40x36xf32>, %D: memref<40x36xf32>) {
  %zero = arith.constant 0.0 : f32
  %C = memref.alloc() : memref<40x36xf32>
  linalg.fill ins(%zero : f32) outs(%C : memref<40x36xf32>)
  linalg.matmul {tile.config = #tile.config<tiled, block = [16, 16, 8], tile = #tile.fma<thread = [1, 1]>>}
    ins(%A, %B : memref<40x24xf32>, memref<24x36xf32>) outs(%C : memref<40x36xf32>)
  linalg.generic {indexing_maps = [affine_map<(m, n) -> (m, n)>, affine_map<(m, n) -> (n)>, affine_map<(m, n) -> (m, n)>, affine_map<(m, n) -> (m, n)>], iterator_types = ["parallel", "parallel"]}
      ins(%C, %bias, %R : memref<40x36xf32>, memref<36xf32>, memref<40x36xf32>) outs(%D : memref<40x36xf32>) {
  ^bb0(%x: f32, %b: f32, %r: f32, %o: f32):
    %s = arith.addf %x, %b : f32
    %m = arith.maximumf %s, %zero : f32
    %t = arith.addf %m, %r : f32
    linalg.yield %t : f32
  }
  memref.dealloc %C : memref<40x36xf32>
  return
}
