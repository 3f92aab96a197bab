// RUN: tile-opt %s --pass-pipeline="builtin.module(func.func(tile-configure{config='#tile.config<tiled, block = [128, 128, 64], warp = [64, 128], tile = #tile.wgmma<shape = [64, 128, 16]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 3, scheduler = persistent>>' chip=sm_90a},tile-block-tile,tile-promote,tile-map-to-gpu{chip=sm_90a}),canonicalize)" | FileCheck %s
// RUN: tile-opt %s --pass-pipeline="builtin.module(func.func(tile-configure{config='#tile.config<tiled, block = [128, 256, 64], warp = [64, 256], tile = #tile.wgmma<shape = [64, 256, 16]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 3, scheduler = persistent, producer = warpgroup>>' chip=sm_90a},tile-block-tile,tile-promote,tile-map-to-gpu{chip=sm_90a}),canonicalize)" | FileCheck %s --check-prefix=OWN
// RUN: tile-opt %s --pass-pipeline="builtin.module(func.func(tile-configure{config='#tile.config<tiled, block = [128, 256, 64], warp = [64, 256], tile = #tile.wgmma<shape = [64, 256, 16]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 4, scheduler = persistent, producer = warpgroup>>' chip=sm_90a},tile-block-tile,tile-promote,tile-map-to-gpu{chip=sm_90a}),canonicalize)" | FileCheck %s --check-prefix=HALVES

// scheduler = persistent without a producer warpgroup (--tile-map-to-gpu,
// canonicalized) on 16 x 9 = 144 tiles: 132 blocks, block g running tiles
// g and g + 132 (whole tiles: no bounds). Every thread computes, so C goes out through the rows
// epilogue (a 128 x 136 f16 tile over the stages). The block's next tile
// refills those stages: after the last 16-byte row vector of a tile, the
// block synchronises before the tile loop goes round.
// CHECK-LABEL: func.func @persistent
// CHECK: gpu.launch
// CHECK: scf.for %{{.+}} = %{{.+}} to %c144 step %c132 {
// CHECK: %[[STAGED:.+]] = memref.view %{{.+}}[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<128x136xf16, #gpu.address_space<workgroup>>
// CHECK-NEXT: gpu.barrier
// CHECK: gpu.barrier
// CHECK-COUNT-8: vector.load %[[STAGED]]
// CHECK: vector.store %{{.+}}, %{{.+}} {alignment = 16 : i64} : memref<128x128xf16, strided<[1152, 1], offset: ?>>, vector<8xf16>
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: }
// CHECK-NEXT: gpu.terminator
// With a producer warpgroup, which refills the stages for the block's
// next tile while the consumers store C, the 128 x 264 f16 tile has its
// own bytes after the 3 stages of 48 KiB: 147456 + 67584 bytes of dynamic
// shared memory. The consumers write it once their last wgmma group is
// done, with no barrier before (their previous tile's readers synchronised
// after their stores), then one consumer barrier (id 1, 256 threads)
// before the row vectors, and one after them.
// OWN-LABEL: func.func @persistent
// OWN: gpu.launch {{.*}} threads({{.*}}) in ({{.*}} = %c384, {{.*}} dynamic_shared_memory_size %c215040_i32
// OWN: nvvm.wgmma.wait.group.sync.aligned 0
// OWN: nvgpu.mbarrier.arrive
// OWN-NOT: {{gpu.barrier|nvvm.barrier}}
// OWN: %[[OWN:.+]] = memref.view %{{.+}}[%c147456][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<128x264xf16, #gpu.address_space<workgroup>>
// OWN-NOT: {{gpu.barrier|nvvm.barrier}}
// OWN: vector.store %{{.+}}, %[[OWN]]
// OWN-NOT: vector.load %[[OWN]]
// OWN: nvvm.barrier id = %c1_i32 number_of_threads = %c256_i32
// OWN-NOT: vector.store %{{.+}}, %[[OWN]]
// OWN: vector.load %[[OWN]]
// OWN: vector.store %{{.+}}, %subview{{.*}} vector<8xf16>
// OWN: nvvm.barrier id = %c1_i32 number_of_threads = %c256_i32
// OWN-NEXT: }
// With 4 stages (196608 bytes) the whole tile does not fit beside them,
// its halves of 128 columns do: a 128 x 136 tile after the stages. Pass p
// writes each lane's 16 column pairs of columns [128 p, 128 p + 128) of
// its two rows at their column less 128 p, and stores the tile's vectors
// at their column plus 128 p; one consumer barrier between the writes and
// the reads of a pass, one after each pass.
// HALVES-LABEL: func.func @persistent
// HALVES: dynamic_shared_memory_size %c231424_i32
// HALVES: %[[HALF:.+]] = memref.view %{{.+}}[%c196608][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<128x136xf16, #gpu.address_space<workgroup>>
// HALVES-NOT: {{gpu.barrier|nvvm.barrier}}
// HALVES-COUNT-32: vector.store %{{.+}}, %[[HALF]][%{{.+}}, %{{.+}}] {alignment = 4 : i64}
// HALVES-NEXT: nvvm.barrier id = %c1_i32 number_of_threads = %c256_i32
// HALVES-COUNT-8: vector.load %[[HALF]]
// HALVES-NOT: vector.store %{{.+}}, %[[HALF]]
// HALVES: nvvm.barrier id = %c1_i32 number_of_threads = %c256_i32
// HALVES-COUNT-32: vector.store %{{.+}}, %[[HALF]][%{{.+}}, %{{.+}}] {alignment = 4 : i64}
// HALVES-NEXT: nvvm.barrier id = %c1_i32 number_of_threads = %c256_i32
// HALVES: %[[LOADED:.+]] = vector.load %[[HALF]][%{{.+}}, %[[COL:.+]]]
// HALVES-NEXT: %[[SHIFTED:.+]] = arith.addi %[[COL]], %c128 : index
// HALVES: vector.store %[[LOADED]], %subview[%{{.+}}, %[[SHIFTED]]] {alignment = 16 : i64}
// HALVES-COUNT-7: vector.load %[[HALF]]
// HALVES-NOT: vector.store %{{.+}}, %[[HALF]]
// HALVES: nvvm.barrier id = %c1_i32 number_of_threads = %c256_i32
// HALVES-NEXT: } {tile.self_synchronized}
func.func @persistent(%A: memref<2048x1000xf16>, %B: memref<1000x1152xf16>, %C: memref<2048x1152xf16>) {
  %zero = arith.constant 0.0 : f16
  linalg.fill ins(%zero : f16) outs(%C : memref<2048x1152xf16>)
  linalg.matmul ins(%A, %B : memref<2048x1000xf16>, memref<1000x1152xf16>) outs(%C : memref<2048x1152xf16>)
  return
}
