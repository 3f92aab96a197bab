// RUN: tile-opt %s -split-input-file -verify-diagnostics --pass-pipeline="builtin.module(func.func(tile-block-tile))" | FileCheck %s

// 50 x 40 x 20 with 16 x 32 x 8 tiles: 4 x 2 output tiles, the last row and
// column of tiles partial (affine.min), K in steps of 8 with a partial last
// step; the zero fill is folded into tile.problem.

// CHECK-DAG: #[[ROWS:.+]] = affine_map<(d0) -> (-d0 + 50, 16)>
// CHECK-DAG: #[[COLS:.+]] = affine_map<(d0) -> (-d0 + 40, 32)>
// CHECK-DAG: #[[KMAP:.+]] = affine_map<(d0) -> (-d0 + 20, 8)>
// CHECK-LABEL: func.func @ragged
// CHECK-SAME: (%[[A:.+]]: memref<50x20xf32>, %[[B:.+]]: memref<20x40xf32>, %[[C:.+]]: memref<50x40xf32>)
// CHECK-NOT: linalg.fill
// CHECK: scf.forall (%[[I:.+]], %[[J:.+]]) in (4, 2) {
// CHECK:   %[[R0:.+]] = affine.apply #{{.+}}(%[[I]])
// CHECK:   %[[C0:.+]] = affine.apply #{{.+}}(%[[J]])
// CHECK:   %[[M:.+]] = affine.min #[[ROWS]](%[[R0]])
// CHECK:   %[[N:.+]] = affine.min #[[COLS]](%[[C0]])
// CHECK:   %[[AT:.+]] = memref.subview %[[A]][%[[R0]], 0] [%[[M]], 20] [1, 1]
// CHECK:   %[[BT:.+]] = memref.subview %[[B]][0, %[[C0]]] [20, %[[N]]] [1, 1]
// CHECK:   %[[CT:.+]] = memref.subview %[[C]][%[[R0]], %[[C0]]] [%[[M]], %[[N]]] [1, 1]
// CHECK:   scf.for %[[K:.+]] = %{{.+}} to %{{.+}} step %{{.+}} {
// CHECK:     %[[KS:.+]] = affine.min #[[KMAP]](%[[K]])
// CHECK:     %[[AK:.+]] = memref.subview %[[AT]][0, %[[K]]] [%[[M]], %[[KS]]] [1, 1]
// CHECK:     %[[BK:.+]] = memref.subview %[[BT]][%[[K]], 0] [%[[KS]], %[[N]]] [1, 1]
// CHECK:     linalg.matmul {{.*}}ins(%[[AK]], %[[BK]] : {{.*}}) outs(%{{.+}} : memref<?x?xf32
// CHECK:   }
// CHECK: } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.config = #tile.config<tiled, block = [16, 32, 8], tile = #tile.fma<thread = [1, 1]>>, tile.problem = {accumulate = false, c_type = f32, element_type = f32, k = 20 : i64, m = 50 : i64, n = 40 : i64}}
func.func @ragged(%A: memref<50x20xf32>, %B: memref<20x40xf32>, %C: memref<50x40xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<50x40xf32>)
  linalg.matmul {tile.config = #tile.config<tiled, block = [16, 32, 8], tile = #tile.fma<thread = [1, 1]>>}
    ins(%A, %B : memref<50x20xf32>, memref<20x40xf32>) outs(%C : memref<50x40xf32>)
  return
}

// -----

// Sizes that divide the tile: static subviews, no affine.min. Without a zero
// fill the matmul accumulates into C.
// CHECK-LABEL: func.func @divisible
// CHECK-NOT: affine.min
// CHECK: scf.forall (%{{.+}}, %{{.+}}) in (2, 2) {
// CHECK:   memref.subview %{{.+}}[%{{.+}}, 0] [32, 64] [1, 1] : memref<64x64xf32> to memref<32x64xf32
// CHECK:   %[[C16:.+]] = arith.constant 16 : index
// CHECK:   scf.for %{{.+}} = %{{.+}} to %{{.+}} step %[[C16]] {
// CHECK:     linalg.matmul {{.*}}ins(%{{.+}}, %{{.+}} : memref<32x16xf32, {{.*}}>, memref<16x32xf32, {{.*}}>) outs(%{{.+}} : memref<32x32xf32
// CHECK: tile.problem = {accumulate = true, c_type = f32, element_type = f32, k = 64 : i64, m = 64 : i64, n = 64 : i64}
func.func @divisible(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>) {
  linalg.matmul {tile.config = #tile.config<tiled, block = [32, 32, 16], tile = #tile.fma<thread = [1, 1]>>}
    ins(%A, %B : memref<64x64xf32>, memref<64x64xf32>) outs(%C : memref<64x64xf32>)
  return
}

// -----

// Matmuls without a tiled config are left alone.
// CHECK-LABEL: func.func @naive_untouched
// CHECK-NOT: scf.forall
// CHECK: linalg.matmul {tile.config = #tile.config<naive
func.func @naive_untouched(%A: memref<8x8xf32>, %B: memref<8x8xf32>, %C: memref<8x8xf32>) {
  linalg.matmul {tile.config = #tile.config<naive, block = [16, 16, 1], tile = #tile.fma<thread = [1, 1]>>}
    ins(%A, %B : memref<8x8xf32>, memref<8x8xf32>) outs(%C : memref<8x8xf32>)
  return
}

// -----

func.func @tensor_form(%A: tensor<8x8xf32>, %B: tensor<8x8xf32>, %C: tensor<8x8xf32>) -> tensor<8x8xf32> {
  // expected-error @+1 {{must be in memref form to be tiled for the GPU; bufferize tensors first (--one-shot-bufferize)}}
  %0 = linalg.matmul {tile.config = #tile.config<tiled, block = [8, 8, 8], tile = #tile.fma<thread = [1, 1]>>}
    ins(%A, %B : tensor<8x8xf32>, tensor<8x8xf32>) outs(%C : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
