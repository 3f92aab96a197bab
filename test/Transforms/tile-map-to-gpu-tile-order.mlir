// RUN: tile-opt %s --pass-pipeline="builtin.module(func.func(tile-configure{config='#tile.config<tiled, block = [128, 128, 64], warp = [64, 128], tile = #tile.wgmma<shape = [64, 128, 16]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 3, order = along_m, group = 2>>' chip=sm_90a},tile-block-tile,tile-promote,tile-map-to-gpu{chip=sm_90a}),canonicalize)" | FileCheck %s
// RUN: tile-opt %s --pass-pipeline="builtin.module(func.func(tile-configure{config='#tile.config<tiled, block = [128, 128, 64], warp = [64, 128], tile = #tile.wgmma<shape = [64, 128, 16]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 3, order = along_m, cluster = 2, group = 2>>' chip=sm_90a},tile-block-tile,tile-promote,tile-map-to-gpu{chip=sm_90a}),canonicalize)" | FileCheck %s --check-prefix=CLUSTER
// RUN: tile-opt %s --pass-pipeline="builtin.module(func.func(tile-configure{config='#tile.config<tiled, block = [128, 128, 64], warp = [64, 128], tile = #tile.wgmma<shape = [64, 128, 16]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 3, blocks_per_sm = 1, scheduler = persistent, group = 2>>' chip=sm_90a},tile-block-tile,tile-promote,tile-map-to-gpu{chip=sm_90a}),canonicalize)" | FileCheck %s --check-prefix=PERSISTENT

// The tile order in bands (group = 2) on C[640, 512] = A[640, 256] *
// B[256, 512] in f16, 128 x 128 tiles: 5 tile rows, 4 tile columns.
//
// Data-parallel, along_m: a one-dimensional grid of the 20 tiles. Block x
// is in band b = x / 8 (2 rows x 4 columns per band), which starts at tile
// row 2b and has g = min(2, 5 - 2b) rows (the last band one); at offset
// o = x mod 8, it takes tile row 2b + o mod g and column o / g.
// CHECK-LABEL: func.func @bands
// CHECK: gpu.launch blocks(%[[BX:.+]], %{{.+}}, %{{.+}}) in ({{.*}} = %c20, {{.*}} = %c1, {{.*}} = %c1)
// CHECK: %[[BAND:.+]] = arith.divui %[[BX]], %c8 : index
// CHECK-NEXT: %[[OFF:.+]] = arith.remui %[[BX]], %c8 : index
// CHECK-NEXT: %[[FIRST:.+]] = arith.muli %[[BAND]], %c2 : index
// CHECK-NEXT: %[[LEFT:.+]] = arith.subi %c5, %[[FIRST]] : index
// CHECK-NEXT: %[[ROWS:.+]] = arith.minui %[[LEFT]], %c2 : index
// CHECK-NEXT: %[[INBAND:.+]] = arith.remui %[[OFF]], %[[ROWS]] : index
// CHECK-NEXT: %[[ROW:.+]] = arith.addi %[[FIRST]], %[[INBAND]] : index
// CHECK-NEXT: %[[COL:.+]] = arith.divui %[[OFF]], %[[ROWS]] : index
// The tile's origin feeds A's and B's boxes.
// CHECK: %[[ROW0:.+]] = arith.muli %[[ROW]], %c128 : index
// CHECK-NEXT: %[[COL0:.+]] = arith.muli %[[COL]], %c128 : index
// CHECK: nvgpu.tma.async.load %{{.+}}[%c0, %[[ROW0]]]
// CHECK: nvgpu.tma.async.load %{{.+}}[%[[COL0]], %c0]
//
// cluster = 2: the rows count to 6 (whole clusters), so the grid has 24
// blocks, every band's rows are even and a cluster's two blocks take two
// rows of one column; the blocks of row 5 store nothing.
// CLUSTER: gpu.launch blocks(%[[BX:.+]], %{{.+}}, %{{.+}}) in ({{.*}} = %c24, {{.*}} = %c1, {{.*}} = %c1)
// CLUSTER: %[[BAND:.+]] = arith.divui %[[BX]], %c8 : index
// CLUSTER-NEXT: %[[OFF:.+]] = arith.remui %[[BX]], %c8 : index
// CLUSTER-NEXT: %[[FIRST:.+]] = arith.muli %[[BAND]], %c2 : index
// CLUSTER-NEXT: %[[LEFT:.+]] = arith.subi %c6, %[[FIRST]] : index
// CLUSTER-NEXT: %[[ROWS:.+]] = arith.minui %[[LEFT]], %c2 : index
// CLUSTER-NEXT: %[[INBAND:.+]] = arith.remui %[[OFF]], %[[ROWS]] : index
// CLUSTER-NEXT: %[[ROW:.+]] = arith.addi %[[FIRST]], %[[INBAND]] : index
// CLUSTER: arith.cmpi ult, %[[ROW]], %c5 : index
//
// Persistent (along_n): block g's tiles t = g, g + 20, ... in bands of 2
// tile columns over the 5 rows (10 tiles per band); the columns count to
// 4.
// PERSISTENT: scf.for %[[T:.+]] = %{{.+}} to %c20 step %c20 {
// PERSISTENT: %[[BAND:.+]] = arith.divui %[[T]], %c10 : index
// PERSISTENT-NEXT: %[[OFF:.+]] = arith.remui %[[T]], %c10 : index
// PERSISTENT-NEXT: %[[FIRST:.+]] = arith.muli %[[BAND]], %c2 : index
// PERSISTENT-NEXT: %[[LEFT:.+]] = arith.subi %c4, %[[FIRST]] : index
// PERSISTENT-NEXT: %[[COLS:.+]] = arith.minui %[[LEFT]], %c2 : index
// PERSISTENT-NEXT: %[[INBAND:.+]] = arith.remui %[[OFF]], %[[COLS]] : index
// PERSISTENT-NEXT: %[[COL:.+]] = arith.addi %[[FIRST]], %[[INBAND]] : index
// PERSISTENT-NEXT: %[[ROW:.+]] = arith.divui %[[OFF]], %[[COLS]] : index
func.func @bands(%A: memref<640x256xf16>, %B: memref<256x512xf16>, %C: memref<640x512xf16>) {
  %zero = arith.constant 0.0 : f16
  linalg.fill ins(%zero : f16) outs(%C : memref<640x512xf16>)
  linalg.matmul ins(%A, %B : memref<640x256xf16>, memref<256x512xf16>) outs(%C : memref<640x512xf16>)
  return
}
