// RUN: tile-opt %s -split-input-file --pass-pipeline="builtin.module(func.func(tile-map-to-gpu),canonicalize)" | FileCheck %s

// b_row_groups (--tile-map-to-gpu, canonicalized so that box columns read
// as constants). Rows of B of 45 floats are not 16-byte multiples: the host
// describes B as 5 rows of 180 elements (4 rows of B each) with boxes of 2
// x 48 (BK/4 rows; 48 = 32 + 3 rounded up so that a box is a multiple of
// 128 bytes). A stage of B holds the 4 class boxes (2 x 4 x 2 x 48 floats
// after A's 2 x 32 x 8: 5120 bytes in all). One box per class: the leader
// arms the stage's mbarrier with 2560 bytes (A's 1024 and four boxes of
// 384) and issues A's box and the 4 class boxes, class c at the column tile
// plus floor4(c x 45) = 0, 44, 88, 132 and row k / 4; no warp election.
// The FMAs read row kk + e of a group of 4 from class e's box at the shift
// (e x 45) mod 4 = e: class 0 with one aligned vector per 4 columns, class
// 1 with the two around them, elements 1-3 of the first and 0 of the second.

// CHECK-LABEL: func.func @row_groups_by_leader
// CHECK: %[[FLAT:.+]] = memref.collapse_shape %{{.+}} {{\[\[}}0, 1]] : memref<20x45xf32> into memref<900xf32>
// CHECK: %[[GROUPS:.+]] = memref.expand_shape %[[FLAT]] {{\[\[}}0, 1]] output_shape [5, 180] : memref<900xf32> into memref<5x180xf32>
// CHECK: %[[GCAST:.+]] = memref.cast %[[GROUPS]] : memref<5x180xf32> to memref<*xf32>
// CHECK: %[[MAPB:.+]] = nvgpu.tma.create.descriptor %[[GCAST]] box[%c2, %c48] : memref<*xf32> -> <tensor = memref<2x48xf32, #gpu.address_space<workgroup>>
// CHECK: gpu.launch blocks(%arg2, {{.*}} dynamic_shared_memory_size %c5120_i32
// CHECK: %[[COL:.+]] = arith.muli %arg2, %c32 : index
// CHECK: %[[BS:.+]] = memref.view %{{.+}}[%c2048][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<2x4x2x48xf32, #gpu.address_space<workgroup>>
// CHECK-NOT: gpu.shuffle
// CHECK-NOT: nvvm.elect.sync
// CHECK: scf.for %[[K:.+]] = %c0 to %c20 step %c8 iter_args(
// CHECK:   nvgpu.mbarrier.try_wait.parity
// CHECK-NEXT: gpu.barrier
// CHECK:   %[[KA:.+]] = arith.addi %[[K]], %c8 : index
// CHECK:   scf.if
// CHECK-NEXT: nvgpu.mbarrier.arrive.expect_tx %{{.+}}[%[[NEXT:.+]]], %c2560
// CHECK:   nvgpu.tma.async.load %{{.+}}[%[[KA]], %{{.+}}], %{{.+}}[%[[NEXT]]]
// CHECK:   memref.subview %[[BS]][%[[NEXT]], 0, 0, 0] [1, 1, 2, 48]
// CHECK:   %[[G0:.+]] = arith.divui %[[KA]], %c4 : index
// CHECK-NEXT: nvgpu.tma.async.load %[[MAPB]][%[[COL]], %[[G0]]], %{{.+}}[%[[NEXT]]]
// CHECK:   memref.subview %[[BS]][%[[NEXT]], 1, 0, 0] [1, 1, 2, 48]
// CHECK:   %[[C1:.+]] = arith.addi %[[COL]], %c44 : index
// CHECK-NEXT: nvgpu.tma.async.load %[[MAPB]][%[[C1]], %{{.+}}]
// CHECK:   memref.subview %[[BS]][%[[NEXT]], 2, 0, 0] [1, 1, 2, 48]
// CHECK:   %[[C2:.+]] = arith.addi %[[COL]], %c88 : index
// CHECK-NEXT: nvgpu.tma.async.load %[[MAPB]][%[[C2]], %{{.+}}]
// CHECK:   memref.subview %[[BS]][%[[NEXT]], 3, 0, 0] [1, 1, 2, 48]
// CHECK:   %[[C3:.+]] = arith.addi %[[COL]], %c132 : index
// CHECK-NEXT: nvgpu.tma.async.load %[[MAPB]][%[[C3]], %{{.+}}]
// CHECK-NEXT: }
// Class 0: one aligned load of box t / 48, column t % 48 (t the thread's
// first column); class 1: the loads at t and t + 4 in box 1 + ...
// CHECK:   %[[B0BOX:.+]] = arith.divui %[[T:.+]], %c48 : index
// CHECK-NEXT: %[[B0AT:.+]] = arith.remui %[[T]], %c48 : index
// CHECK-NEXT: %[[B0:.+]] = vector.load %[[BS]][%{{.+}}, %[[B0BOX]], %c0, %[[B0AT]]] {alignment = 16 : i64}
// CHECK-NEXT: vector.extract %[[B0]][0]
// CHECK:   %[[LOBOX0:.+]] = arith.divui %[[T]], %c48 : index
// CHECK-NEXT: %[[LOBOX:.+]] = arith.addi %[[LOBOX0]], %c1 : index
// CHECK-NEXT: %[[LOAT:.+]] = arith.remui %[[T]], %c48 : index
// CHECK-NEXT: %[[LO:.+]] = vector.load %[[BS]][%{{.+}}, %[[LOBOX]], %c0, %[[LOAT]]] {alignment = 16 : i64}
// CHECK-NEXT: %[[T4:.+]] = arith.addi %[[T]], %c4 : index
// CHECK:   %[[HI:.+]] = vector.load %[[BS]][%{{.+}}, %{{.+}}, %c0, %{{.+}}] {alignment = 16 : i64}
// CHECK-NEXT: vector.extract %[[LO]][1]
// CHECK-NEXT: vector.extract %[[LO]][2]
// CHECK-NEXT: vector.extract %[[LO]][3]
// CHECK-NEXT: vector.extract %[[HI]][0]
// CHECK-NOT: gpu.barrier
// CHECK:   scf.yield
#tm0g = affine_map<(d0) -> (d0 * 32)>
#tma1g = affine_map<(d0) -> (d0 * -32 + 50, 32)>
#tmbg = affine_map<(d0) -> (d0 * -32 + 45, 32)>
#map3g = affine_map<(d0) -> (-d0 + 20, 8)>
func.func @row_groups_by_leader(%arg0: memref<50x20xf32>, %arg1: memref<20x45xf32>) -> memref<50x45xf32> {
  %c8 = arith.constant 8 : index
  %c20 = arith.constant 20 : index
  %c0 = arith.constant 0 : index
  %alloc = memref.alloc() {alignment = 64 : i64} : memref<50x45xf32>
  scf.forall (%arg2, %arg3) in (2, 2) {
    %alloc_0 = memref.alloc() : memref<32x8xf32, #gpu.address_space<workgroup>>
    %alloc_1 = memref.alloc() : memref<8x32xf32, #gpu.address_space<workgroup>>
    %0 = affine.apply #tm0g(%arg2)
    %1 = affine.apply #tm0g(%arg3)
    %2 = affine.min #tma1g(%arg2)
    %3 = affine.min #tmbg(%arg3)
    %subview = memref.subview %arg0[%0, 0] [%2, 20] [1, 1] : memref<50x20xf32> to memref<?x20xf32, strided<[20, 1], offset: ?>>
    %subview_2 = memref.subview %arg1[0, %1] [20, %3] [1, 1] : memref<20x45xf32> to memref<20x?xf32, strided<[45, 1], offset: ?>>
    %subview_3 = memref.subview %alloc[%0, %1] [%2, %3] [1, 1] : memref<50x45xf32> to memref<?x?xf32, strided<[45, 1], offset: ?>>
    scf.for %arg4 = %c0 to %c20 step %c8 {
      %4 = affine.min #map3g(%arg4)
      %subview_4 = memref.subview %subview[0, %arg4] [%2, %4] [1, 1] : memref<?x20xf32, strided<[20, 1], offset: ?>> to memref<?x?xf32, strided<[20, 1], offset: ?>>
      %subview_5 = memref.subview %subview_2[%arg4, 0] [%4, %3] [1, 1] : memref<20x?xf32, strided<[45, 1], offset: ?>> to memref<?x?xf32, strided<[45, 1], offset: ?>>
      %subview_6 = memref.subview %alloc_0[0, 0] [%2, %4] [1, 1] : memref<32x8xf32, #gpu.address_space<workgroup>> to memref<?x?xf32, strided<[8, 1]>, #gpu.address_space<workgroup>>
      memref.copy %subview_4, %subview_6 : memref<?x?xf32, strided<[20, 1], offset: ?>> to memref<?x?xf32, strided<[8, 1]>, #gpu.address_space<workgroup>>
      %subview_7 = memref.subview %alloc_1[0, 0] [%4, %3] [1, 1] : memref<8x32xf32, #gpu.address_space<workgroup>> to memref<?x?xf32, strided<[32, 1]>, #gpu.address_space<workgroup>>
      memref.copy %subview_5, %subview_7 : memref<?x?xf32, strided<[45, 1], offset: ?>> to memref<?x?xf32, strided<[32, 1]>, #gpu.address_space<workgroup>>
      linalg.matmul {tile.config = #tile.config<tiled, block = [32, 32, 8], warp = [16, 32], tile = #tile.fma<thread = [4, 4]>, copy = #tile.copy<kind = tma, b = row_groups>, schedule = #tile.schedule<stages = 2>>} ins(%subview_6, %subview_7 : memref<?x?xf32, strided<[8, 1]>, #gpu.address_space<workgroup>>, memref<?x?xf32, strided<[32, 1]>, #gpu.address_space<workgroup>>) outs(%subview_3 : memref<?x?xf32, strided<[45, 1], offset: ?>>)
    }
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.config = #tile.config<tiled, block = [32, 32, 8], warp = [16, 32], tile = #tile.fma<thread = [4, 4]>, copy = #tile.copy<kind = tma, b = row_groups>, schedule = #tile.schedule<stages = 2>>, tile.problem = {accumulate = false, c_type = f32, element_type = f32, k = 20 : i64, m = 50 : i64, n = 45 : i64}}
  return %alloc : memref<50x45xf32>
}

// -----

// Two boxes per class (BN + 3 = 259 > 256): 8 boxes of 2 x 144 per step
// (rows of B of 261 floats, 9728 bytes with A's 512), too many for the
// leader: each of the 4 warps takes its index from lane 0 and works out its
// boxes w and w + 4 once, before the K loop (class b / 2 at floor4(class x
// 261), piece b mod 2 at + 144), and one elected lane issues them after the
// leader has armed the mbarrier and issued A's box.

// CHECK-LABEL: func.func @row_groups_by_warps
// CHECK: nvgpu.tma.create.descriptor %{{.+}} box[%c2, %c144] : memref<*xf32> -> <tensor = memref<2x144xf32, #gpu.address_space<workgroup>>
// CHECK: gpu.launch {{.*}} dynamic_shared_memory_size %c19456_i32
// CHECK: %[[BS:.+]] = memref.view %{{.+}}[%c1024][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<2x8x2x144xf32, #gpu.address_space<workgroup>>
// CHECK: %[[W32:.+]] = arith.index_cast %{{.+}} : index to i32
// CHECK-NEXT: %[[WS:.+]], %{{.+}} = gpu.shuffle  idx %[[W32]], %c0_i32, %c32_i32 : i32
// CHECK-NEXT: %[[W:.+]] = arith.index_cast %[[WS]] : i32 to index
// CHECK-NEXT: %[[CLS:.+]] = arith.divui %[[W]], %c2 : index
// CHECK-NEXT: %[[PIECE:.+]] = arith.remui %[[W]], %c2 : index
// CHECK-NEXT: %[[N:.+]] = arith.muli %[[CLS]], %c261 : index
// CHECK-NEXT: %[[R:.+]] = arith.remui %[[N]], %c4 : index
// CHECK-NEXT: %[[START:.+]] = arith.subi %[[N]], %[[R]] : index
// CHECK-NEXT: %[[OFF:.+]] = arith.muli %[[PIECE]], %c144 : index
// CHECK-NEXT: %[[COL0:.+]] = arith.addi %[[START]], %[[OFF]] : index
// CHECK-NEXT: %[[W4:.+]] = arith.addi %[[W]], %c4 : index
// CHECK: %[[COL1:.+]] = arith.addi %{{.+}}, %{{.+}} : index
// CHECK: scf.for
// CHECK:   scf.if
// CHECK-NEXT: nvgpu.mbarrier.arrive.expect_tx %{{.+}}[%[[NEXT:.+]]], %c9728
// CHECK:   nvgpu.tma.async.load
// CHECK-NEXT: }
// CHECK-NEXT: scf.if
// CHECK-NEXT: %[[E0:.+]] = nvvm.elect.sync -> i1
// CHECK-NEXT: scf.if %[[E0]] {
// CHECK-NEXT: memref.subview %[[BS]][%[[NEXT]], %[[W]], 0, 0] [1, 1, 2, 144]
// CHECK:   %[[AT0:.+]] = arith.addi %{{.+}}, %[[COL0]] : index
// CHECK-NEXT: nvgpu.tma.async.load %{{.+}}[%[[AT0]], %{{.+}}], %{{.+}}[%[[NEXT]]]
// CHECK:   nvvm.elect.sync
// CHECK:   memref.subview %[[BS]][%[[NEXT]], %[[W4]], 0, 0] [1, 1, 2, 144]
// CHECK:   %[[AT1:.+]] = arith.addi %{{.+}}, %[[COL1]] : index
// CHECK-NEXT: nvgpu.tma.async.load %{{.+}}[%[[AT1]], %{{.+}}], %{{.+}}[%[[NEXT]]]
// CHECK-NOT: nvgpu.tma.async.load
// CHECK:   scf.yield
#rows16 = affine_map<(d0) -> (d0 * 16)>
#cols256 = affine_map<(d0) -> (d0 * 256)>
#rowsLeft = affine_map<(d0) -> (d0 * -16 + 20, 16)>
#colsLeft = affine_map<(d0) -> (d0 * -256 + 261, 256)>
#kLeft = affine_map<(d0) -> (-d0 + 20, 8)>
func.func @row_groups_by_warps(%arg0: memref<20x20xf32>, %arg1: memref<20x261xf32>) -> memref<20x261xf32> {
  %c8 = arith.constant 8 : index
  %c20 = arith.constant 20 : index
  %c0 = arith.constant 0 : index
  %alloc = memref.alloc() {alignment = 64 : i64} : memref<20x261xf32>
  scf.forall (%arg2, %arg3) in (2, 2) {
    %alloc_0 = memref.alloc() : memref<16x8xf32, #gpu.address_space<workgroup>>
    %alloc_1 = memref.alloc() : memref<8x256xf32, #gpu.address_space<workgroup>>
    %0 = affine.apply #rows16(%arg2)
    %1 = affine.apply #cols256(%arg3)
    %2 = affine.min #rowsLeft(%arg2)
    %3 = affine.min #colsLeft(%arg3)
    %subview = memref.subview %arg0[%0, 0] [%2, 20] [1, 1] : memref<20x20xf32> to memref<?x20xf32, strided<[20, 1], offset: ?>>
    %subview_2 = memref.subview %arg1[0, %1] [20, %3] [1, 1] : memref<20x261xf32> to memref<20x?xf32, strided<[261, 1], offset: ?>>
    %subview_3 = memref.subview %alloc[%0, %1] [%2, %3] [1, 1] : memref<20x261xf32> to memref<?x?xf32, strided<[261, 1], offset: ?>>
    scf.for %arg4 = %c0 to %c20 step %c8 {
      %4 = affine.min #kLeft(%arg4)
      %subview_4 = memref.subview %subview[0, %arg4] [%2, %4] [1, 1] : memref<?x20xf32, strided<[20, 1], offset: ?>> to memref<?x?xf32, strided<[20, 1], offset: ?>>
      %subview_5 = memref.subview %subview_2[%arg4, 0] [%4, %3] [1, 1] : memref<20x?xf32, strided<[261, 1], offset: ?>> to memref<?x?xf32, strided<[261, 1], offset: ?>>
      %subview_6 = memref.subview %alloc_0[0, 0] [%2, %4] [1, 1] : memref<16x8xf32, #gpu.address_space<workgroup>> to memref<?x?xf32, strided<[8, 1]>, #gpu.address_space<workgroup>>
      memref.copy %subview_4, %subview_6 : memref<?x?xf32, strided<[20, 1], offset: ?>> to memref<?x?xf32, strided<[8, 1]>, #gpu.address_space<workgroup>>
      %subview_7 = memref.subview %alloc_1[0, 0] [%4, %3] [1, 1] : memref<8x256xf32, #gpu.address_space<workgroup>> to memref<?x?xf32, strided<[256, 1]>, #gpu.address_space<workgroup>>
      memref.copy %subview_5, %subview_7 : memref<?x?xf32, strided<[261, 1], offset: ?>> to memref<?x?xf32, strided<[256, 1]>, #gpu.address_space<workgroup>>
      linalg.matmul {tile.config = #tile.config<tiled, block = [16, 256, 8], warp = [16, 64], tile = #tile.fma<thread = [4, 8]>, copy = #tile.copy<kind = tma, b = row_groups>, schedule = #tile.schedule<stages = 2>>} ins(%subview_6, %subview_7 : memref<?x?xf32, strided<[8, 1]>, #gpu.address_space<workgroup>>, memref<?x?xf32, strided<[256, 1]>, #gpu.address_space<workgroup>>) outs(%subview_3 : memref<?x?xf32, strided<[261, 1], offset: ?>>)
    }
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.config = #tile.config<tiled, block = [16, 256, 8], warp = [16, 64], tile = #tile.fma<thread = [4, 8]>, copy = #tile.copy<kind = tma, b = row_groups>, schedule = #tile.schedule<stages = 2>>, tile.problem = {accumulate = false, c_type = f32, element_type = f32, k = 20 : i64, m = 20 : i64, n = 261 : i64}}
  return %alloc : memref<20x261xf32>
}
