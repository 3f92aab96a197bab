// RUN: tile-opt %s --pass-pipeline="builtin.module(func.func(tile-configure{config='#tile.config<tiled, block = [128, 128, 64], warp = [64, 128], tile = #tile.wgmma<shape = [64, 128, 16]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 3, scheduler = persistent, producer = warpgroup, order = along_m>>' chip=sm_90a},tile-block-tile,tile-promote,tile-map-to-gpu{chip=sm_90a}),canonicalize)" | FileCheck %s

// C += A·B added at the store: the producer warpgroup's threads, as they
// start a tile, prefetch its rows of C into L2, thread t row t (one bulk
// prefetch of the tile's 128 columns, 256 bytes), rows past C's last (the
// tile's rows, 200 - 128 = 72 in the last) predicated off; the consumers
// do not, and C = A·B has nothing to prefetch.

// CHECK-LABEL: func.func @accumulate
// CHECK: nvvm.setmaxregister  decrease 40
// CHECK: %[[C:.+]] = memref.subview %{{.+}}[%{{.+}}, %{{.+}}] [%[[ROWS:.+]], 128] [1, 1] : memref<200x256xf16> to memref<?x128xf16, strided<[256, 1], offset: ?>>
// CHECK: %{{.+}}, %[[OFFSET:.+]], %[[SIZES:.+]]:2, %{{.+}}:2 = memref.extract_strided_metadata %[[C]]
// CHECK: %[[BASE:.+]] = memref.extract_aligned_pointer_as_index %[[C]]
// CHECK: %[[ROW:.+]] = arith.muli %[[TID:.+]], %c256 : index
// CHECK: %[[ELEMENT:.+]] = arith.addi %[[OFFSET]], %[[ROW]] : index
// CHECK: %[[BYTES:.+]] = arith.muli %[[ELEMENT]], %c2 : index
// CHECK: %[[ADDRESS:.+]] = arith.addi %[[BASE]], %[[BYTES]] : index
// CHECK: %[[A64:.+]] = arith.index_cast %[[ADDRESS]] : index to i64
// CHECK: %[[IN:.+]] = arith.cmpi ult, %[[TID]], %[[SIZES]]#0 : index
// CHECK: nvvm.inline_ptx "cp.async.bulk.prefetch.L2.global [$0], $1;" ro(%[[A64]], %c256_i32 : i64, i32), predicate = %[[IN]]
// CHECK: nvvm.setmaxregister  increase 232
// CHECK-NOT: prefetch.L2
// CHECK-LABEL: func.func @overwrite
// CHECK-NOT: prefetch.L2
func.func @accumulate(%A: memref<200x136xf16>, %B: memref<136x256xf16>, %C: memref<200x256xf16>) {
  linalg.matmul ins(%A, %B : memref<200x136xf16>, memref<136x256xf16>) outs(%C : memref<200x256xf16>)
  return
}

func.func @overwrite(%A: memref<200x136xf16>, %B: memref<136x256xf16>, %C: memref<200x256xf16>) {
  %zero = arith.constant 0.0 : f16
  linalg.fill ins(%zero : f16) outs(%C : memref<200x256xf16>)
  linalg.matmul ins(%A, %B : memref<200x136xf16>, memref<136x256xf16>) outs(%C : memref<200x256xf16>)
  return
}
