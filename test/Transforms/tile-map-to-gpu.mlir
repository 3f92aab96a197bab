// RUN: tile-opt %s -split-input-file -verify-diagnostics --pass-pipeline="builtin.module(func.func(tile-map-to-gpu))" | FileCheck %s

// The promoted block tile of 50 x 40 x 20 with 16 x 32 x 8 tiles (the output
// of --tile-promote) becomes a launch of 2 x 4 blocks of 32 x 16 threads with
// the two panels as workgroup memory. The 512 threads copy the 128-element A
// panel and the 256-element B panel with one element each (threads past the
// panel skip), consecutive threads on consecutive columns, zero outside the
// matrix; each thread keeps one accumulator across the K loop, computes over
// the full padded BK = 8, and stores it if it is inside C.

// CHECK-LABEL: func.func @ragged
// CHECK-SAME: (%[[A:.+]]: memref<50x20xf32>, %[[B:.+]]: memref<20x40xf32>, %[[C:.+]]: memref<50x40xf32>)
// CHECK-NOT: scf.forall
// CHECK-DAG: %[[GX:.+]] = arith.constant 2 : index
// CHECK-DAG: %[[GY:.+]] = arith.constant 4 : index
// CHECK-DAG: %[[TX:.+]] = arith.constant 32 : index
// CHECK-DAG: %[[TY:.+]] = arith.constant 16 : index
// CHECK: gpu.launch blocks(%[[BX:.+]], %[[BY:.+]], %{{.+}}) in (%{{.+}} = %[[GX]], %{{.+}} = %[[GY]], %{{.+}} = %{{.+}}) threads(%[[THX:.+]], %[[THY:.+]], %{{.+}}) in (%{{.+}} = %[[TX]], %{{.+}} = %[[TY]], %{{.+}} = %{{.+}}) module(@ragged_matmul_0_module) function(@ragged_matmul_0) workgroup(%[[AS:.+]] : memref<16x8xf32, #gpu.address_space<workgroup>>, %[[BS:.+]] : memref<8x32xf32, #gpu.address_space<workgroup>>) {
// CHECK: memref.assume_alignment %[[A]], 16
// CHECK: memref.assume_alignment %[[B]], 16
// CHECK: memref.assume_alignment %[[C]], 16
// CHECK: %[[ROWX:.+]] = arith.muli %[[THY]], %{{.+}} : index
// CHECK: %[[TID:.+]] = arith.addi %[[ROWX]], %[[THX]] : index
// CHECK: affine.apply #{{.+}}(%[[BY]])
// CHECK: affine.apply #{{.+}}(%[[BX]])
// CHECK: %[[CT:.+]] = memref.subview {{.*}} : memref<50x40xf32> to
// CHECK: %[[ZERO:.+]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[SUM:.+]] = scf.for %{{.+}} = %{{.+}} to %{{.+}} step %{{.+}} iter_args(%[[ACC:.+]] = %[[ZERO]]) -> (f32) {
// CHECK:   %[[AK:.+]] = memref.subview
// CHECK:   %[[BK:.+]] = memref.subview
//            A panel: thread TID copies element TID if TID < 128.
// CHECK:   scf.for %[[IT:.+]] = %{{.+}} to %{{.+}} step
// CHECK:     %[[IDX:.+]] = arith.addi %{{.+}}, %[[TID]] : index
// CHECK:     %[[C128:.+]] = arith.constant 128 : index
// CHECK:     %[[LIVE:.+]] = arith.cmpi ult, %[[IDX]], %[[C128]] : index
// CHECK:     scf.if %[[LIVE]] {
// CHECK:       %[[R:.+]] = arith.divui %[[IDX]], %{{.+}} : index
// CHECK:       %[[CC:.+]] = arith.remui %[[IDX]], %{{.+}} : index
// CHECK:       %[[IN:.+]] = arith.andi
// CHECK:       %[[V:.+]] = scf.if %[[IN]] -> (f32) {
// CHECK:         memref.load %[[AK]][%[[R]], %[[CC]]]
// CHECK:       } else {
// CHECK:         %[[Z:.+]] = arith.constant 0.000000e+00 : f32
// CHECK:         scf.yield %[[Z]] : f32
// CHECK:       memref.store %[[V]], %[[AS]][%[[R]], %[[CC]]] : memref<16x8xf32, #gpu.address_space<workgroup>>
//            B panel likewise, 256 elements.
// CHECK:   arith.constant 256 : index
// CHECK:   memref.load %[[BK]]
// CHECK:   memref.store %{{.+}}, %[[BS]]
//            Compute over the full BK = 8 from the panels.
// CHECK:   %[[NEXT:.+]] = scf.for %[[KK:.+]] = %{{.+}} to %{{.+}} step %{{.+}} iter_args(%[[A2:.+]] = %[[ACC]]) -> (f32) {
// CHECK:     %[[X:.+]] = memref.load %[[AS]][%{{.+}}, %[[KK]]]
// CHECK:     %[[Y:.+]] = memref.load %[[BS]][%[[KK]], %{{.+}}]
// CHECK:     math.fma %[[X]], %[[Y]], %[[A2]] : f32
// CHECK:   scf.yield %[[NEXT]] : f32
// CHECK-NOT: gpu.barrier
// CHECK: }
// CHECK: %[[OK:.+]] = arith.andi
// CHECK: scf.if %[[OK]] {
// CHECK:   memref.store %[[SUM]], %[[CT]][%{{.+}}, %{{.+}}]
// CHECK: gpu.terminator
// CHECK: } {tile.config = #tile.config<tiled, block = [16, 32, 8], thread = [1, 1], stages = 1>, tile.problem = {accumulate = false, element_type = f32, k = 20 : i64, m = 50 : i64, n = 40 : i64}}
#map = affine_map<(d0) -> (d0 * 16)>
#map1 = affine_map<(d0) -> (d0 * 32)>
#map2 = affine_map<(d0) -> (d0 * -16 + 50, 16)>
#map3 = affine_map<(d0) -> (d0 * -32 + 40, 32)>
#map4 = affine_map<(d0) -> (-d0 + 20, 8)>
func.func @ragged(%arg0: memref<50x20xf32>, %arg1: memref<20x40xf32>, %arg2: memref<50x40xf32>) {
  %c8 = arith.constant 8 : index
  %c20 = arith.constant 20 : index
  %c0 = arith.constant 0 : index
  scf.forall (%arg3, %arg4) in (4, 2) {
    %alloc = memref.alloc() : memref<16x8xf32, #gpu.address_space<workgroup>>
    %alloc_0 = memref.alloc() : memref<8x32xf32, #gpu.address_space<workgroup>>
    %0 = affine.apply #map(%arg3)
    %1 = affine.apply #map1(%arg4)
    %2 = affine.min #map2(%arg3)
    %3 = affine.min #map3(%arg4)
    %subview = memref.subview %arg0[%0, 0] [%2, 20] [1, 1] : memref<50x20xf32> to memref<?x20xf32, strided<[20, 1], offset: ?>>
    %subview_1 = memref.subview %arg1[0, %1] [20, %3] [1, 1] : memref<20x40xf32> to memref<20x?xf32, strided<[40, 1], offset: ?>>
    %subview_2 = memref.subview %arg2[%0, %1] [%2, %3] [1, 1] : memref<50x40xf32> to memref<?x?xf32, strided<[40, 1], offset: ?>>
    scf.for %arg5 = %c0 to %c20 step %c8 {
      %4 = affine.min #map4(%arg5)
      %subview_3 = memref.subview %subview[0, %arg5] [%2, %4] [1, 1] : memref<?x20xf32, strided<[20, 1], offset: ?>> to memref<?x?xf32, strided<[20, 1], offset: ?>>
      %subview_4 = memref.subview %subview_1[%arg5, 0] [%4, %3] [1, 1] : memref<20x?xf32, strided<[40, 1], offset: ?>> to memref<?x?xf32, strided<[40, 1], offset: ?>>
      %subview_5 = memref.subview %alloc[0, 0] [%2, %4] [1, 1] : memref<16x8xf32, #gpu.address_space<workgroup>> to memref<?x?xf32, strided<[8, 1]>, #gpu.address_space<workgroup>>
      memref.copy %subview_3, %subview_5 : memref<?x?xf32, strided<[20, 1], offset: ?>> to memref<?x?xf32, strided<[8, 1]>, #gpu.address_space<workgroup>>
      %subview_6 = memref.subview %alloc_0[0, 0] [%4, %3] [1, 1] : memref<8x32xf32, #gpu.address_space<workgroup>> to memref<?x?xf32, strided<[32, 1]>, #gpu.address_space<workgroup>>
      memref.copy %subview_4, %subview_6 : memref<?x?xf32, strided<[40, 1], offset: ?>> to memref<?x?xf32, strided<[32, 1]>, #gpu.address_space<workgroup>>
      linalg.matmul {tile.config = #tile.config<tiled, block = [16, 32, 8], thread = [1, 1], stages = 1>} ins(%subview_5, %subview_6 : memref<?x?xf32, strided<[8, 1]>, #gpu.address_space<workgroup>>, memref<?x?xf32, strided<[32, 1]>, #gpu.address_space<workgroup>>) outs(%subview_2 : memref<?x?xf32, strided<[40, 1], offset: ?>>)
    }
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.config = #tile.config<tiled, block = [16, 32, 8], thread = [1, 1], stages = 1>, tile.problem = {accumulate = false, element_type = f32, k = 20 : i64, m = 50 : i64, n = 40 : i64}}
  return
}

// -----

// A forall that is not a promoted block tile is an error at it.
func.func @not_promoted(%A: memref<8x8xf32>, %B: memref<8x8xf32>, %C: memref<8x8xf32>) {
  // expected-error @+1 {{must hold two workgroup buffers and one K loop (run --tile-promote)}}
  scf.forall (%i, %j) in (1, 1) {
    linalg.matmul ins(%A, %B : memref<8x8xf32>, memref<8x8xf32>) outs(%C : memref<8x8xf32>)
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.config = #tile.config<tiled, block = [8, 8, 8], thread = [1, 1], stages = 1>, tile.problem = {accumulate = false, element_type = f32, k = 8 : i64, m = 8 : i64, n = 8 : i64}}
  return
}
