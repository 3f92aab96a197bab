// RUN: tile-opt %s -split-input-file --pass-pipeline="builtin.module(func.func(tile-promote))" | FileCheck %s
// RUN: tile-opt %s -split-input-file --pass-pipeline="builtin.module(func.func(tile-promote,tile-promote))" | FileCheck %s

// The block tile of 50 x 40 x 20 with 16 x 32 x 8 tiles (the output of
// --tile-block-tile), one output per thread. The two panel buffers are
// allocated in workgroup memory at the top of the forall body (inside the
// kernel, not at function entry): A as is (BM x BK = 16 x 8, since TM = 1),
// B as is (BK x BN = 8 x 32). Each K step copies the (possibly partial)
// panels into views of their buffers and the matmul reads the views.
// Promoting twice changes nothing.

// CHECK-LABEL: func.func @ragged
// CHECK-NOT: memref.alloc
// CHECK: scf.forall (%{{.+}}, %{{.+}}) in (4, 2) {
// CHECK-NEXT: %[[AS:.+]] = memref.alloc() : memref<16x8xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: %[[BS:.+]] = memref.alloc() : memref<8x32xf32, #gpu.address_space<workgroup>>
// CHECK-NOT: memref.alloc
// CHECK: %[[M:.+]] = affine.min
// CHECK: %[[N:.+]] = affine.min
// CHECK: scf.for
// CHECK:   %[[KS:.+]] = affine.min
// CHECK:   %[[AK:.+]] = memref.subview %{{.+}}[0, %{{.+}}] [%[[M]], %[[KS]]] [1, 1]
// CHECK:   %[[BK:.+]] = memref.subview %{{.+}}[%{{.+}}, 0] [%[[KS]], %[[N]]] [1, 1]
// CHECK:   %[[AV:.+]] = memref.subview %[[AS]][0, 0] [%[[M]], %[[KS]]] [1, 1] : memref<16x8xf32, #gpu.address_space<workgroup>> to memref<?x?xf32, strided<[8, 1]>, #gpu.address_space<workgroup>>
// CHECK:   memref.copy %[[AK]], %[[AV]]
// CHECK:   %[[BV:.+]] = memref.subview %[[BS]][0, 0] [%[[KS]], %[[N]]] [1, 1] : memref<8x32xf32, #gpu.address_space<workgroup>> to memref<?x?xf32, strided<[32, 1]>, #gpu.address_space<workgroup>>
// CHECK:   memref.copy %[[BK]], %[[BV]]
// CHECK:   linalg.matmul {{.*}}ins(%[[AV]], %[[BV]] : {{.*}})
// CHECK-NOT: memref.copy
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
    %0 = affine.apply #map(%arg3)
    %1 = affine.apply #map1(%arg4)
    %2 = affine.min #map2(%arg3)
    %3 = affine.min #map3(%arg4)
    %subview = memref.subview %arg0[%0, 0] [%2, 20] [1, 1] : memref<50x20xf32> to memref<?x20xf32, strided<[20, 1], offset: ?>>
    %subview_0 = memref.subview %arg1[0, %1] [20, %3] [1, 1] : memref<20x40xf32> to memref<20x?xf32, strided<[40, 1], offset: ?>>
    %subview_1 = memref.subview %arg2[%0, %1] [%2, %3] [1, 1] : memref<50x40xf32> to memref<?x?xf32, strided<[40, 1], offset: ?>>
    scf.for %arg5 = %c0 to %c20 step %c8 {
      %4 = affine.min #map4(%arg5)
      %subview_2 = memref.subview %subview[0, %arg5] [%2, %4] [1, 1] : memref<?x20xf32, strided<[20, 1], offset: ?>> to memref<?x?xf32, strided<[20, 1], offset: ?>>
      %subview_3 = memref.subview %subview_0[%arg5, 0] [%4, %3] [1, 1] : memref<20x?xf32, strided<[40, 1], offset: ?>> to memref<?x?xf32, strided<[40, 1], offset: ?>>
      linalg.matmul {tile.config = #tile.config<tiled, block = [16, 32, 8], tile = #tile.fma<thread = [1, 1]>>} ins(%subview_2, %subview_3 : memref<?x?xf32, strided<[20, 1], offset: ?>>, memref<?x?xf32, strided<[40, 1], offset: ?>>) outs(%subview_1 : memref<?x?xf32, strided<[40, 1], offset: ?>>)
    }
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.config = #tile.config<tiled, block = [16, 32, 8], tile = #tile.fma<thread = [1, 1]>>, tile.problem = {accumulate = false, c_type = f32, element_type = f32, k = 20 : i64, m = 50 : i64, n = 40 : i64}}
  return
}

// -----

// TM = 4: A is staged K-major (BK x BM), so a thread's 4 values of A for one
// k are consecutive; the copy is a transpose and the matmul reads A through
// a transposed view. pad = 4: every panel row is 4 elements longer.
// CHECK-LABEL: func.func @register_tiled
// CHECK: scf.forall
// CHECK-NEXT: %[[AS:.+]] = memref.alloc() : memref<8x36xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: %[[BS:.+]] = memref.alloc() : memref<8x36xf32, #gpu.address_space<workgroup>>
// CHECK: %[[AV:.+]] = memref.subview %[[AS]][0, 0] [8, 32] [1, 1] : memref<8x36xf32, #gpu.address_space<workgroup>> to memref<8x32xf32, strided<[36, 1]>, #gpu.address_space<workgroup>>
// CHECK: linalg.transpose ins(%{{.+}} : {{.*}}) outs(%[[AV]] : {{.*}}) permutation = [1, 0]
// CHECK: %[[AT:.+]] = memref.transpose %[[AV]] (d0, d1) -> (d1, d0)
// CHECK: %[[BV:.+]] = memref.subview %[[BS]][0, 0] [8, 32] [1, 1]
// CHECK: memref.copy %{{.+}}, %[[BV]]
// CHECK: linalg.matmul {{.*}}ins(%[[AT]], %[[BV]] : {{.*}})
#rt = affine_map<(d0) -> (d0 * 32)>
func.func @register_tiled(%arg0: memref<64x32xf32>, %arg1: memref<32x64xf32>, %arg2: memref<64x64xf32>) {
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %c0 = arith.constant 0 : index
  scf.forall (%arg3, %arg4) in (2, 2) {
    %0 = affine.apply #rt(%arg3)
    %1 = affine.apply #rt(%arg4)
    %subview = memref.subview %arg0[%0, 0] [32, 32] [1, 1] : memref<64x32xf32> to memref<32x32xf32, strided<[32, 1], offset: ?>>
    %subview_0 = memref.subview %arg1[0, %1] [32, 32] [1, 1] : memref<32x64xf32> to memref<32x32xf32, strided<[64, 1], offset: ?>>
    %subview_1 = memref.subview %arg2[%0, %1] [32, 32] [1, 1] : memref<64x64xf32> to memref<32x32xf32, strided<[64, 1], offset: ?>>
    scf.for %arg5 = %c0 to %c32 step %c8 {
      %subview_2 = memref.subview %subview[0, %arg5] [32, 8] [1, 1] : memref<32x32xf32, strided<[32, 1], offset: ?>> to memref<32x8xf32, strided<[32, 1], offset: ?>>
      %subview_3 = memref.subview %subview_0[%arg5, 0] [8, 32] [1, 1] : memref<32x32xf32, strided<[64, 1], offset: ?>> to memref<8x32xf32, strided<[64, 1], offset: ?>>
      linalg.matmul {tile.config = #tile.config<tiled, block = [32, 32, 8], warp = [16, 32], tile = #tile.fma<thread = [4, 4]>, copy = #tile.copy<pad = 4>>} ins(%subview_2, %subview_3 : memref<32x8xf32, strided<[32, 1], offset: ?>>, memref<8x32xf32, strided<[64, 1], offset: ?>>) outs(%subview_1 : memref<32x32xf32, strided<[64, 1], offset: ?>>)
    }
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.config = #tile.config<tiled, block = [32, 32, 8], warp = [16, 32], tile = #tile.fma<thread = [4, 4]>, copy = #tile.copy<pad = 4>>, tile.problem = {accumulate = false, c_type = f32, element_type = f32, k = 32 : i64, m = 64 : i64, n = 64 : i64}}
  return
}

// -----

// copy = async: cp.async moves contiguous bytes, so A stays row-major
// (BM x (BK + pad)) even with TM = 4.
// CHECK-LABEL: func.func @async_stages
// CHECK: scf.forall
// CHECK-NEXT: %[[AS:.+]] = memref.alloc() : memref<32x12xf32, #gpu.address_space<workgroup>>
// CHECK-NOT: linalg.transpose
// CHECK: memref.copy %{{.+}}, %{{.+}} : {{.*}} to memref<32x8xf32, strided<[12, 1]>, #gpu.address_space<workgroup>>
#as = affine_map<(d0) -> (d0 * 32)>
func.func @async_stages(%arg0: memref<64x32xf32>, %arg1: memref<32x64xf32>, %arg2: memref<64x64xf32>) {
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %c0 = arith.constant 0 : index
  scf.forall (%arg3, %arg4) in (2, 2) {
    %0 = affine.apply #as(%arg3)
    %1 = affine.apply #as(%arg4)
    %subview = memref.subview %arg0[%0, 0] [32, 32] [1, 1] : memref<64x32xf32> to memref<32x32xf32, strided<[32, 1], offset: ?>>
    %subview_0 = memref.subview %arg1[0, %1] [32, 32] [1, 1] : memref<32x64xf32> to memref<32x32xf32, strided<[64, 1], offset: ?>>
    %subview_1 = memref.subview %arg2[%0, %1] [32, 32] [1, 1] : memref<64x64xf32> to memref<32x32xf32, strided<[64, 1], offset: ?>>
    scf.for %arg5 = %c0 to %c32 step %c8 {
      %subview_2 = memref.subview %subview[0, %arg5] [32, 8] [1, 1] : memref<32x32xf32, strided<[32, 1], offset: ?>> to memref<32x8xf32, strided<[32, 1], offset: ?>>
      %subview_3 = memref.subview %subview_0[%arg5, 0] [8, 32] [1, 1] : memref<32x32xf32, strided<[64, 1], offset: ?>> to memref<8x32xf32, strided<[64, 1], offset: ?>>
      linalg.matmul {tile.config = #tile.config<tiled, block = [32, 32, 8], warp = [16, 32], tile = #tile.fma<thread = [4, 4]>, copy = #tile.copy<kind = async, pad = 4>, schedule = #tile.schedule<stages = 3>>} ins(%subview_2, %subview_3 : memref<32x8xf32, strided<[32, 1], offset: ?>>, memref<8x32xf32, strided<[64, 1], offset: ?>>) outs(%subview_1 : memref<32x32xf32, strided<[64, 1], offset: ?>>)
    }
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.config = #tile.config<tiled, block = [32, 32, 8], warp = [16, 32], tile = #tile.fma<thread = [4, 4]>, copy = #tile.copy<kind = async, pad = 4>, schedule = #tile.schedule<stages = 3>>, tile.problem = {accumulate = false, c_type = f32, element_type = f32, k = 32 : i64, m = 64 : i64, n = 64 : i64}}
  return
}
