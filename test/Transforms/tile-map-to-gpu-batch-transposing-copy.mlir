// RUN: tile-opt %s --pass-pipeline="builtin.module(func.func(tile-split-batch,tile-configure{chip=sm_90a},tile-block-tile,tile-promote,tile-map-to-gpu{chip=sm_90a}),canonicalize)" | FileCheck %s

// A batch of 3 f32 matmuls with A stored K x M (64 x 130; rows of 520
// bytes, no tensor map): the kernel copies A transposed, matrix by
// matrix, into 3 x 130 rows of 64 elements. The source is the 3-D buffer
// as 192 rows of 130; each matrix has 2 x 5 tiles of 32 x 32, 30 in all.
// A tile's matrix is its index / 10: it reads source rows matrix x 64 +
// row (row clamped to the matrix's 63) and, after the shared 32 x 33
// transpose, writes copy rows matrix x 130 + column (clamped to 129), at
// column row (clamped to 63). The copy's map is 3-D, one batch deep.

// CHECK-LABEL: func.func @ragged_m
// CHECK: %[[COPY:.*]] = memref.view %{{.*}}[%c0][] : memref<99852xi8> to memref<3x130x64xf32>
// CHECK: nvgpu.tma.create.descriptor %{{.*}} box[%c1, %c64, %c16]
// CHECK: %[[SRC:.*]] = memref.collapse_shape %{{.*}} {{\[}}[0, 1], [2]] : memref<3x64x130xf32> into memref<192x130xf32>
// CHECK-NEXT: %[[DST:.*]] = memref.view %{{.*}}[%c0][] : memref<99852xi8> to memref<390x64xf32>
// CHECK: scf.for %[[T:.*]] = %{{.*}} to %c30 step
// CHECK: %[[TILE:.*]] = arith.minui %{{.*}}, %c29 : index
// CHECK-NEXT: %[[MATRIX:.*]] = arith.divui %[[TILE]], %c10 : index
// CHECK-NEXT: %[[IN:.*]] = arith.remui %[[TILE]], %c10 : index
// CHECK-NEXT: %[[TR:.*]] = arith.divui %[[IN]], %c5 : index
// CHECK-NEXT: %[[ROW0:.*]] = arith.muli %[[TR]], %c32 : index
// CHECK-NEXT: %[[TC:.*]] = arith.remui %[[IN]], %c5 : index
// CHECK-NEXT: %[[COL0:.*]] = arith.muli %[[TC]], %c32 : index
// CHECK-NEXT: %[[R:.*]] = arith.addi %[[ROW0]], %{{.*}} : index
// CHECK-NEXT: %[[RC:.*]] = arith.minui %[[R]], %c63 : index
// CHECK-NEXT: %[[C:.*]] = arith.addi %[[COL0]], %{{.*}} : index
// CHECK-NEXT: %[[CC:.*]] = arith.minui %[[C]], %c129 : index
// CHECK-NEXT: %[[BASE:.*]] = arith.muli %[[MATRIX]], %c64 : index
// CHECK-NEXT: %[[SROW:.*]] = arith.addi %[[BASE]], %[[RC]] : index
// CHECK-NEXT: memref.load %[[SRC]][%[[SROW]], %[[CC]]] : memref<192x130xf32>
// CHECK: gpu.barrier
// CHECK-NEXT: %[[V:.*]] = memref.load %{{.*}}[%c0, %{{.*}}, %{{.*}}] : memref<8x32x33xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: %[[DC:.*]] = arith.addi %[[ROW0]], %{{.*}} : index
// CHECK-NEXT: %[[DCC:.*]] = arith.minui %[[DC]], %c63 : index
// CHECK-NEXT: %[[DR:.*]] = arith.addi %[[COL0]], %{{.*}} : index
// CHECK-NEXT: %[[DRC:.*]] = arith.minui %[[DR]], %c129 : index
// CHECK-NEXT: %[[DBASE:.*]] = arith.muli %[[MATRIX]], %c130 : index
// CHECK-NEXT: %[[DROW:.*]] = arith.addi %[[DBASE]], %[[DRC]] : index
// CHECK-NEXT: memref.store %[[V]], %[[DST]][%[[DROW]], %[[DCC]]] : memref<390x64xf32>
func.func @ragged_m(%A: memref<3x64x130xf32>, %B: memref<3x64x128xf32>, %C: memref<3x130x128xf32>) {
  linalg.batch_matmul indexing_maps = [
      affine_map<(b, m, n, k) -> (b, k, m)>,
      affine_map<(b, m, n, k) -> (b, k, n)>,
      affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%A, %B : memref<3x64x130xf32>, memref<3x64x128xf32>) outs(%C : memref<3x130x128xf32>)
  return
}
