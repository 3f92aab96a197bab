// RUN: tile-opt %s --pass-pipeline="builtin.module(func.func(tile-configure{chip=sm_90a},tile-block-tile,tile-promote,tile-map-to-gpu{chip=sm_90a}),canonicalize)" | FileCheck %s

// tf32x3's copies (--tile-map-to-gpu, canonicalized) on 100 x 90 x 70:
// rows of 70 elements padded to 96 (384 bytes, the next 128-byte
// multiple). K = 70 is no multiple of 4, so A's rows are no TMA row
// strides: the workspace holds A as it is (100 x 96 at 0; the K loop
// splits its elements in registers), then B's transposed high part (90 x
// 96 at 38400) and low part (at 72960); the tensor maps view the copies'
// first 70 columns.
// CHECK-LABEL: func.func @tf32x3
// CHECK: memref.view %{{.*}}[%c0][] : memref<107532xi8> to memref<100x96xf32>
// CHECK-NEXT: memref.subview %{{.*}}[0, 0] [100, 70] [1, 1]
// CHECK-NEXT: memref.view %{{.*}}[%c38400][] : memref<107532xi8> to memref<90x96xf32>
// CHECK-NEXT: memref.subview %{{.*}}[0, 0] [90, 70] [1, 1]
// CHECK-NEXT: memref.view %{{.*}}[%c72960][] : memref<107532xi8> to memref<90x96xf32>
// CHECK-NEXT: memref.subview
// CHECK-NOT: memref.view %{{.*}} : memref<107532xi8>
// In the kernel: 8 shared tiles of 32 x 33 after the first 128 bytes.
// CHECK: %[[TILES:.*]] = memref.view %{{.*}}[%c128][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<8x32x33xf32, #gpu.address_space<workgroup>>
// CHECK: %[[ACOPY:.*]] = memref.view %{{.*}}[%c0][] : memref<107532xi8> to memref<100x96xf32>
// A's 12 tiles of 32 x 32, 8 per trip of the one packer: loads of A with
// indices clamped to its last row and column, then each value stored as it
// is where it came from (no rounding).
// CHECK: scf.for %{{.*}} = %c0 to %c12 step %c8 {
// CHECK: arith.minui %{{.*}}, %c99 : index
// CHECK: arith.minui %{{.*}}, %c69 : index
// CHECK: %[[X:.*]] = memref.load %{{.*}}[%[[R:.*]], %[[C:.*]]] : memref<100x70xf32>
// CHECK-NOT: memref.store
// CHECK-NOT: nvvm.convert.float.to.tf32
// CHECK: memref.store %[[X]], %[[ACOPY]][%[[R]], %[[C]]] : memref<100x96xf32>
// CHECK-NOT: nvvm.convert.float.to.tf32
// B (70 x 90): 9 tiles, transposed through the shared tiles: lane l of
// warp w stores row w of tile j at column l, and after the barrier reads
// row l at column w, which goes to row c0 + w, column r0 + l of the copy.
// CHECK: %[[BHI:.*]] = memref.view %{{.*}}[%c38400][] : memref<107532xi8> to memref<90x96xf32>
// CHECK-NEXT: %[[BLO:.*]] = memref.view %{{.*}}[%c72960][] : memref<107532xi8> to memref<90x96xf32>
// CHECK: scf.for %{{.*}} = %c0 to %c9 step %c8 {
// CHECK: memref.load %{{.*}} : memref<70x90xf32>
// CHECK: memref.store %{{.*}}, %[[TILES]][%c0, %[[ROW:.*]], %[[LANE:.*]]] : memref<8x32x33xf32, #gpu.address_space<workgroup>>
// CHECK: gpu.barrier
// CHECK-NEXT: %[[Y:.*]] = memref.load %[[TILES]][%c0, %[[LANE]], %[[ROW]]]
// CHECK-NEXT: %[[K:.*]] = arith.addi %{{.*}}, %[[LANE]] : index
// CHECK-NEXT: %[[KC:.*]] = arith.minui %[[K]], %c69 : index
// CHECK-NEXT: %[[N:.*]] = arith.addi %{{.*}}, %[[ROW]] : index
// CHECK-NEXT: %[[NC:.*]] = arith.minui %[[N]], %c89 : index
// CHECK-NEXT: nvvm.convert.float.to.tf32 %[[Y]]
// CHECK-NEXT: %[[BH:.*]] = arith.bitcast
// CHECK-NEXT: memref.store %[[BH]], %[[BHI]][%[[NC]], %[[KC]]] : memref<90x96xf32>
// CHECK: memref.store %{{.*}}, %[[BLO]][%[[NC]], %[[KC]]] : memref<90x96xf32>
// CHECK: gpu.barrier
// CHECK-NEXT: }
// Then the grid barrier, as pack_b's.
// CHECK: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.global>}
// CHECK-NEXT: gpu.barrier
func.func @tf32x3(%A: memref<100x70xf32>, %B: memref<70x90xf32>, %C: memref<100x90xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<100x90xf32>)
  linalg.matmul {tile.config = #tile.config<tiled, block = [128, 128, 32], warp = [64, 128], tile = #tile.wgmma<shape = [64, 128, 8], precision = tf32x3>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 3, blocks_per_sm = 1>>} ins(%A, %B : memref<100x70xf32>, memref<70x90xf32>) outs(%C : memref<100x90xf32>)
  return
}
