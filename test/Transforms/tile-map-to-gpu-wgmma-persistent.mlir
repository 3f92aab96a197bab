// RUN: tile-opt %s --pass-pipeline="builtin.module(func.func(tile-configure{config='#tile.config<tiled, block = [128, 128, 64], warp = [64, 128], tile = #tile.wgmma<shape = [64, 128, 16]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 3, scheduler = persistent, producer = warpgroup, order = along_m>>' chip=sm_90a},tile-block-tile,tile-promote,tile-map-to-gpu{chip=sm_90a}),canonicalize)" | FileCheck %s

// scheduler = persistent with a producer warpgroup (--tile-map-to-gpu,
// canonicalized) on the 2 x 2 tiles of C[200, 256] += A[200, 136] *
// B[136, 256]: a grid of min(tiles, SMs) = 4 blocks, each looping over
// tiles g, g + 4, ...; the mbarriers and the register split before the
// loop, the K steps numbered on across tiles (3 per tile).
// CHECK-LABEL: func.func @persistent
// CHECK: gpu.launch blocks(%[[BX:[^,]+]], {{.*}}) in ({{.*}} = %c4, {{.*}} = %c1, {{.*}} = %c1) threads({{.*}}) in ({{.*}} = %c384,
// CHECK: %[[FULL:.+]] = nvgpu.mbarrier.create
// CHECK: %[[EMPTY:.+]] = nvgpu.mbarrier.create
// CHECK: gpu.barrier
// One tile loop per role, each after its setmaxnreg: the roles' paths
// join only at the kernel's end (where they joined before the loop,
// ptxas ignored the split: C7507).
// CHECK: scf.if %{{.+}} {
// CHECK-NEXT: nvvm.setmaxregister  decrease 40
// CHECK-NEXT: scf.for %[[TILE:.+]] = %[[BX]] to %c4 step %c4 {
// CHECK-NEXT: %[[DONE:.+]] = arith.subi %[[TILE]], %[[BX]] : index
// CHECK-NEXT: %[[ITER:.+]] = arith.divui %[[DONE]], %c4 : index
// CHECK-NEXT: %[[BASE:.+]] = arith.muli %[[ITER]], %c3 : index
// along_m: the tile's row is tile mod 2 tile rows, its column tile / 2.
// CHECK-NEXT: %[[ROW:.+]] = arith.remui %[[TILE]], %c2 : index
// CHECK-NEXT: %[[COL:.+]] = arith.divui %[[TILE]], %c2 : index
// The producer numbers its steps from the base: stage and round go on.
// CHECK: scf.for %[[K:.+]] = %c0 to %c136 step %c64 {
// CHECK-NEXT: %[[LOCAL:.+]] = arith.divui %[[K]], %c64 : index
// CHECK-NEXT: %[[STEP:.+]] = arith.addi %[[BASE]], %[[LOCAL]] : index
// CHECK-NEXT: %[[STAGE:.+]] = arith.remui %[[STEP]], %c3 : index
// CHECK: nvgpu.mbarrier.try_wait.parity %[[EMPTY]][%[[STAGE]]]
// CHECK: } else {
// CHECK-NEXT: nvvm.setmaxregister  increase 232
// CHECK-NEXT: scf.for %[[CTILE:.+]] = %[[BX]] to %c4 step %c4 {
// CHECK-NEXT: %[[CDONE:.+]] = arith.subi %[[CTILE]], %[[BX]] : index
// CHECK-NEXT: %[[CITER:.+]] = arith.divui %[[CDONE]], %c4 : index
// CHECK-NEXT: %[[CBASE:.+]] = arith.muli %[[CITER]], %c3 : index
// CHECK-NOT: setmaxregister
// CHECK: scf.for
// CHECK: nvgpu.mbarrier.try_wait.parity %[[FULL]]
// After each tile's K loop, the last step's stage (base + 2) is freed for
// the next tile's copies.
// CHECK: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK-NEXT: %[[LAST:.+]] = arith.addi %[[CBASE]], %c2 : index
// CHECK-NEXT: %[[LASTSTAGE:.+]] = arith.remui %[[LAST]], %c3 : index
// CHECK-NEXT: nvgpu.mbarrier.arrive %[[EMPTY]][%[[LASTSTAGE]]]
// The consumers store C through their own C tile (after the 3 stages of
// 32 KiB; C += A * B: 128 x 132 f32, the accumulators before C is added), between barriers of their own (id 1, 256 threads); the tile
// loop is marked self-synchronised, so --tile-insert-barriers puts no
// block barrier at its end, which would hold the producer until the
// consumers' stores are done.
// CHECK: memref.view %{{.+}}[%c98304][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<128x132xf32, #gpu.address_space<workgroup>>
// CHECK: nvvm.barrier id = %c1_i32 number_of_threads = %c256_i32
// CHECK: nvvm.barrier id = %c1_i32 number_of_threads = %c256_i32
// CHECK-NEXT: } {tile.self_synchronized}
// CHECK-NEXT: }
// CHECK-NEXT: gpu.terminator
func.func @persistent(%A: memref<200x136xf16>, %B: memref<136x256xf16>, %C: memref<200x256xf16>) {
  linalg.matmul ins(%A, %B : memref<200x136xf16>, memref<136x256xf16>) outs(%C : memref<200x256xf16>)
  return
}
