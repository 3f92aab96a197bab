// f16 and bf16 matmuls (C f16, bf16 or f32; products accumulated in f32)
// are configured with the naive strategy; the tiled strategy's default is
// refused with an error at each, as the tiled kernels are f32 ones.
// RUN: tile-opt %s -split-input-file --tile-configure | FileCheck %s
// RUN: not tile-opt %s -split-input-file --tile-configure=strategy=tiled 2>&1 | FileCheck %s --check-prefix=TILED

// CHECK-LABEL: func.func @f16
// CHECK: linalg.matmul {tile.config = #tile.config<naive, block = [16, 16, 1], tile = #tile.fma<thread = [1, 1]>>}
// TILED: error: 'linalg.matmul' op has 'f16' operands: the tiled kernels compile f32 matmuls; f16 and bf16 ones compile with the naive strategy (strategy=naive)
func.func @f16(%A: memref<33x17xf16>, %B: memref<17x45xf16>, %C: memref<33x45xf16>) {
  linalg.matmul ins(%A, %B : memref<33x17xf16>, memref<17x45xf16>) outs(%C : memref<33x45xf16>)
  return
}

// -----

// CHECK-LABEL: func.func @bf16_to_f32
// CHECK: linalg.matmul {tile.config = #tile.config<naive
// TILED: error: 'linalg.matmul' op has 'bf16' operands
func.func @bf16_to_f32(%A: tensor<8x4xbf16>, %B: tensor<4x8xbf16>, %C: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = linalg.matmul ins(%A, %B : tensor<8x4xbf16>, tensor<4x8xbf16>) outs(%C : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
