// RUN: tile-opt %s --tile-split-batch --split-input-file | FileCheck %s

// A batch_matmul becomes a loop over its batch, mapped to the grid's z and
// marked tile.batch, of one matmul on the batch's rank-reduced views.
// CHECK-LABEL: func.func @batch
// CHECK-SAME: (%[[A:.*]]: memref<8x64x32xf16>, %[[B:.*]]: memref<8x32x16xf16>, %[[C:.*]]: memref<8x64x16xf32>)
// CHECK: scf.forall (%[[I:.*]]) in (8) {
// CHECK-NEXT: %[[AV:.*]] = memref.subview %[[A]][%[[I]], 0, 0] [1, 64, 32] [1, 1, 1] : memref<8x64x32xf16> to memref<64x32xf16, strided<[32, 1], offset: ?>>
// CHECK-NEXT: %[[BV:.*]] = memref.subview %[[B]][%[[I]], 0, 0] [1, 32, 16] [1, 1, 1] : memref<8x32x16xf16> to memref<32x16xf16, strided<[16, 1], offset: ?>>
// CHECK-NEXT: %[[CV:.*]] = memref.subview %[[C]][%[[I]], 0, 0] [1, 64, 16] [1, 1, 1] : memref<8x64x16xf32> to memref<64x16xf32, strided<[16, 1], offset: ?>>
// CHECK-NEXT: linalg.matmul ins(%[[AV]], %[[BV]] : {{.*}}) outs(%[[CV]] : {{.*}})
// CHECK-NEXT: } {mapping = [#gpu.block<z>], tile.batch}
// CHECK-NOT: linalg.batch_matmul
func.func @batch(%A: memref<8x64x32xf16>, %B: memref<8x32x16xf16>, %C: memref<8x64x16xf32>) {
  linalg.batch_matmul ins(%A, %B : memref<8x64x32xf16>, memref<8x32x16xf16>) outs(%C : memref<8x64x16xf32>)
  return
}

// -----

// A zero fill of C before it moves into the loop, on C's view, just before
// the matmul (so that the matmul is known to start from zero); a config
// given on the batch_matmul goes to the matmul.
// CHECK-LABEL: func.func @zero_fill
// CHECK-NOT: linalg.fill
// CHECK: scf.forall
// CHECK: %[[CV:.*]] = memref.subview %{{.*}}[%{{.*}}, 0, 0] [1, 4, 4]
// CHECK-NEXT: linalg.fill ins(%{{.*}} : f32) outs(%[[CV]] : memref<4x4xf32, strided<[4, 1], offset: ?>>)
// CHECK-NEXT: linalg.matmul {tile.config = #tile.config<naive
func.func @zero_fill(%A: memref<3x4x8xf32>, %B: memref<3x8x4xf32>, %C: memref<3x4x4xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<3x4x4xf32>)
  linalg.batch_matmul {tile.config = #tile.config<naive, block = [16, 16, 1], tile = #tile.fma<thread = [1, 1]>>}
      ins(%A, %B : memref<3x4x8xf32>, memref<3x8x4xf32>) outs(%C : memref<3x4x4xf32>)
  return
}

// -----

// A fill of another value stays outside (C += A * B after it).
// CHECK-LABEL: func.func @one_fill
// CHECK: linalg.fill
// CHECK-NEXT: scf.forall
// CHECK-NOT: linalg.fill
// CHECK: linalg.matmul
func.func @one_fill(%A: memref<3x4x8xf32>, %B: memref<3x8x4xf32>, %C: memref<3x4x4xf32>) {
  %one = arith.constant 1.0 : f32
  linalg.fill ins(%one : f32) outs(%C : memref<3x4x4xf32>)
  linalg.batch_matmul ins(%A, %B : memref<3x4x8xf32>, memref<3x8x4xf32>) outs(%C : memref<3x4x4xf32>)
  return
}

// -----

// B broadcast to every batch: the batch folds into M, one matmul of the
// 3 x 5 rows of A and C (the zero fill moves to C's folded view).
// CHECK-LABEL: func.func @broadcast_b
// CHECK-NOT: scf.forall
// CHECK: %[[A2:.*]] = memref.collapse_shape %{{.*}} {{\[\[}}0, 1], [2]] : memref<3x5x8xf16> into memref<15x8xf16>
// CHECK-NEXT: %[[C2:.*]] = memref.collapse_shape %{{.*}} {{\[\[}}0, 1], [2]] : memref<3x5x4xf32> into memref<15x4xf32>
// CHECK-NEXT: linalg.fill ins(%{{.*}} : f32) outs(%[[C2]] : memref<15x4xf32>)
// CHECK-NEXT: linalg.matmul ins(%[[A2]], %{{.*}} : memref<15x8xf16>, memref<8x4xf16>) outs(%[[C2]] : memref<15x4xf32>)
// CHECK-NOT: linalg.batch_matmul
func.func @broadcast_b(%A: memref<3x5x8xf16>, %B: memref<8x4xf16>, %C: memref<3x5x4xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<3x5x4xf32>)
  linalg.batch_matmul indexing_maps = [
      affine_map<(b, m, n, k) -> (b, m, k)>,
      affine_map<(b, m, n, k) -> (k, n)>,
      affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%A, %B : memref<3x5x8xf16>, memref<8x4xf16>) outs(%C : memref<3x5x4xf32>)
  return
}

// -----

// A stored K x M and B stored N x K (indexing maps (b, k, m) and
// (b, n, k)): the batch's views are of the stored matrices, and its
// matmul reads them through the matching 2-D maps.
// CHECK-DAG: #[[TA:.*]] = affine_map<(d0, d1, d2) -> (d2, d0)>
// CHECK-DAG: #[[TB:.*]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-DAG: #[[TC:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @transposed
// CHECK: scf.forall (%[[I:.*]]) in (4) {
// CHECK-NEXT: %[[AV:.*]] = memref.subview %{{.*}}[%[[I]], 0, 0] [1, 32, 64] [1, 1, 1] : memref<4x32x64xf16> to memref<32x64xf16, strided<[64, 1], offset: ?>>
// CHECK-NEXT: %[[BV:.*]] = memref.subview %{{.*}}[%[[I]], 0, 0] [1, 16, 32] [1, 1, 1] : memref<4x16x32xf16> to memref<16x32xf16, strided<[32, 1], offset: ?>>
// CHECK-NEXT: %[[CV:.*]] = memref.subview
// CHECK-NEXT: linalg.matmul indexing_maps = [#[[TA]], #[[TB]], #[[TC]]] ins(%[[AV]], %[[BV]] : {{.*}}) outs(%[[CV]] : memref<64x16xf32, {{.*}}>)
// CHECK-NEXT: } {mapping = [#gpu.block<z>], tile.batch}
func.func @transposed(%A: memref<4x32x64xf16>, %B: memref<4x16x32xf16>, %C: memref<4x64x16xf32>) {
  linalg.batch_matmul indexing_maps = [
      affine_map<(b, m, n, k) -> (b, k, m)>,
      affine_map<(b, m, n, k) -> (b, n, k)>,
      affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%A, %B : memref<4x32x64xf16>, memref<4x16x32xf16>) outs(%C : memref<4x64x16xf32>)
  return
}

// -----

// A broadcast to every batch ((b, m, n, k) -> (m, k)): a loop over the
// batch whose matmul reads A as it is, B's and C's batch views.
// CHECK-LABEL: func.func @broadcast_a
// CHECK-SAME: (%[[A:.*]]: memref<4x8xf32>, %[[B:.*]]: memref<2x8x4xf32>
// CHECK: scf.forall (%[[I:.*]]) in (2) {
// CHECK-NEXT: %[[BV:.*]] = memref.subview %[[B]][%[[I]], 0, 0] [1, 8, 4]
// CHECK-NEXT: %[[CV:.*]] = memref.subview
// CHECK-NEXT: linalg.matmul ins(%[[A]], %[[BV]] : memref<4x8xf32>, {{.*}}) outs(%[[CV]] : {{.*}})
// CHECK-NEXT: } {mapping = [#gpu.block<z>], tile.batch}
func.func @broadcast_a(%A: memref<4x8xf32>, %B: memref<2x8x4xf32>, %C: memref<2x4x4xf32>) {
  linalg.batch_matmul indexing_maps = [
      affine_map<(b, m, n, k) -> (m, k)>,
      affine_map<(b, m, n, k) -> (b, k, n)>,
      affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%A, %B : memref<4x8xf32>, memref<2x8x4xf32>) outs(%C : memref<2x4x4xf32>)
  return
}

// -----

// B broadcast with A stored K x M ((b, k, m)): the batch does not fold
// into M (A's batches are not rows of one matrix), so a loop whose matmul
// reads A's batch view through the transposed map and B as it is.
// CHECK-DAG: #[[TA:.*]] = affine_map<(d0, d1, d2) -> (d2, d0)>
// CHECK-DAG: #[[NB:.*]] = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK-LABEL: func.func @broadcast_b_transposed_a
// CHECK-SAME: (%[[A:.*]]: memref<3x8x5xf16>, %[[B:.*]]: memref<8x4xf16>
// CHECK: scf.forall (%[[I:.*]]) in (3) {
// CHECK-NEXT: %[[AV:.*]] = memref.subview %[[A]][%[[I]], 0, 0] [1, 8, 5]
// CHECK-NEXT: %[[CV:.*]] = memref.subview
// CHECK-NEXT: linalg.matmul indexing_maps = [#[[TA]], #[[NB]], {{.*}}] ins(%[[AV]], %[[B]] : {{.*}}, memref<8x4xf16>) outs(%[[CV]] : {{.*}})
// CHECK-NEXT: } {mapping = [#gpu.block<z>], tile.batch}
func.func @broadcast_b_transposed_a(%A: memref<3x8x5xf16>, %B: memref<8x4xf16>, %C: memref<3x5x4xf32>) {
  linalg.batch_matmul indexing_maps = [
      affine_map<(b, m, n, k) -> (b, k, m)>,
      affine_map<(b, m, n, k) -> (k, n)>,
      affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%A, %B : memref<3x8x5xf16>, memref<8x4xf16>) outs(%C : memref<3x5x4xf32>)
  return
}

// -----

// Other batch_matmuls stay as they are: tensors (bufferize first), dynamic
// shapes.
// CHECK-LABEL: func.func @left_alone
// CHECK-NOT: scf.forall
// CHECK-COUNT-2: linalg.batch_matmul
func.func @left_alone(%A: tensor<2x4x8xf32>, %B: tensor<2x8x4xf32>, %C: tensor<2x4x4xf32>,
                      %D: memref<?x4x8xf32>, %E: memref<?x8x4xf32>, %F: memref<?x4x4xf32>) -> tensor<2x4x4xf32> {
  %0 = linalg.batch_matmul ins(%A, %B : tensor<2x4x8xf32>, tensor<2x8x4xf32>) outs(%C : tensor<2x4x4xf32>) -> tensor<2x4x4xf32>
  linalg.batch_matmul ins(%D, %E : memref<?x4x8xf32>, memref<?x8x4xf32>) outs(%F : memref<?x4x4xf32>)
  return %0 : tensor<2x4x4xf32>
}
