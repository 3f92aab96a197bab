// RUN: tile-opt %s --pass-pipeline="builtin.module(func.func(tile-configure{config='#tile.config<tiled, block = [64, 128, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8]>, copy = #tile.copy<kind = tma, a = restaged, b = packed>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 1, scheduler = stream_k>>' chip=sm_90},tile-block-tile,tile-promote,tile-map-to-gpu{chip=sm_90}),canonicalize)" | FileCheck %s

// stream_k with C += A * B where C goes out through shared memory (N =
// 1030: C's rows are not 16-byte multiples; pack_b brings B in whole
// boxes). Every segment starts its accumulators from zero and no load of C
// precedes the K loop; the owner's staged store adds C instead: it loads
// 8 elements of C at a time, each at its index clamped into C and outside
// any branch (so that the loads are in flight together), then under each
// element's bounds predicate adds the staged value and stores the sum. (Whole tiles, whose owner
// starts from C: tile-map-to-gpu-stream-k.mlir.)

// CHECK-LABEL: func.func @stream_k_accumulate_staged
// CHECK: %[[ZERO:.+]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[GC:.+]] = memref.assume_alignment %arg2, 16 : memref<300x1030xf32>
// CHECK: scf.for %{{.+}} = %c0 to %c{{[0-9]+}} step %c1 {
// CHECK:   %[[CT:.+]] = memref.subview %{{.+}} : memref<300x1030xf32> to memref<?x?xf32
// CHECK-NOT: memref.load %[[CT]]
// CHECK-NOT: memref.load %[[GC]]
// CHECK:   scf.for %{{.+}} step %c16 iter_args(%{{.+}} = %[[ZERO]], %{{.+}} = %[[ZERO]], %{{.+}} = %[[ZERO]],
// CHECK-NOT: memref.load %[[CT]]
// CHECK-NOT: memref.load %[[GC]]
// CHECK:   %[[STAGED:.+]] = memref.view %{{.+}} to memref<32x128xf32, #gpu.address_space<workgroup>>
// CHECK-NOT: memref.load %[[CT]]
// CHECK:   %[[V:.+]] = memref.load %[[STAGED]][
// CHECK:   %[[COLIN:.+]] = arith.cmpi ult, %{{.+}}, %{{.+}} : index
// CHECK:   %[[ROWIN:.+]] = arith.cmpi ult, %{{.+}}, %{{.+}} : index
// CHECK:   %[[LIVE:.+]] = arith.andi %[[ROWIN]], %[[COLIN]] : i1
// CHECK-NOT: memref.load %[[CT]]
// CHECK:   %[[R:.+]] = arith.minui %{{.+}}, %c299 : index
// CHECK:   %[[C:.+]] = arith.minui %{{.+}}, %c1029 : index
// CHECK-NEXT: %[[OLD:.+]] = memref.load %[[GC]][%[[R]], %[[C]]] : memref<300x1030xf32>
// CHECK-NOT: memref.load %[[CT]]
// CHECK:   scf.if %[[LIVE]] {
// CHECK-NEXT: %[[SUM:.+]] = arith.addf %[[V]], %[[OLD]] : f32
// CHECK-NEXT: memref.store %[[SUM]], %[[CT]][
func.func @stream_k_accumulate_staged(%A: memref<300x200xf32>, %B: memref<200x1030xf32>, %C: memref<300x1030xf32>) {
  linalg.matmul ins(%A, %B : memref<300x200xf32>, memref<200x1030xf32>) outs(%C : memref<300x1030xf32>)
  return
}
