// RUN: tile-opt %s --pass-pipeline="builtin.module(func.func(tile-configure{config='#tile.config<tiled, block = [128, 128, 64], warp = [64, 128], tile = #tile.wgmma<shape = [64, 128, 16]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 3, order = along_m, cluster = 2>>' chip=sm_90a},tile-block-tile,tile-promote,tile-map-to-gpu{chip=sm_90a}),canonicalize)" | FileCheck %s
// RUN: tile-opt %s --pass-pipeline="builtin.module(func.func(tile-configure{config='#tile.config<tiled, block = [128, 128, 64], warp = [64, 128], tile = #tile.wgmma<shape = [64, 128, 16]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 2, producer = warpgroup, cluster = 2>>' chip=sm_90a},tile-block-tile,tile-promote,tile-map-to-gpu{chip=sm_90a}),canonicalize)" | FileCheck %s --check-prefix=WS

// cluster = 2 on C[320, 256] += A[320, 256] * B[256, 256] in f16, 128 x
// 128 x 64 tiles, 4 K steps.
//
// Issue-ahead (3 stages), along_m: blocks 2i and 2i + 1 take tile rows 2i
// and 2i + 1 of one tile column and share B. Three tile rows: the grid's x
// extent is rounded up to 4, and block 3 lies past C.
// CHECK-LABEL: func.func @cluster
// B's tensor map box is a block's share of a stage's box: 32 of its 64
// rows; A's is whole.
// CHECK: %[[MAPA:.+]] = nvgpu.tma.create.descriptor %{{.+}} box[%c128, %c64] : {{.+}} -> <tensor = memref<128x64xf16
// CHECK: %[[MAPB:.+]] = nvgpu.tma.create.descriptor %{{.+}} box[%c32, %c64] : {{.+}} -> <tensor = memref<32x64xf16
// CHECK: gpu.launch blocks(%[[BX:.+]], %{{.+}}, %{{.+}}) in ({{.*}} = %c4, {{.*}} = %c2, {{.*}} = %c1) threads(%[[TID:[^,]+]],
// C += A * B: the accumulators start from zero and the epilogue adds C
// (from addresses clamped into C); the block past C's last tile row
// stores nothing (below).
// CHECK: %[[INTILES:.+]] = arith.cmpi ult, %[[BX]], %c3 : index
// CHECK-NOT: memref.load
// Per stage a full mbarrier (one arrival: the leader's expect_tx) and an
// empty one that counts one release from each of the cluster's 2 blocks;
// the initialisation fenced for the cluster, then a cluster barrier
// before any block touches another's shared memory.
// CHECK: %[[FULL:.+]] = nvgpu.mbarrier.create
// CHECK: %[[LEADER:.+]] = arith.cmpi eq, %[[TID]], %c0 : index
// CHECK: %[[EMPTY:.+]] = nvgpu.mbarrier.create
// CHECK: scf.if %[[LEADER]] {
// CHECK-NEXT: nvgpu.mbarrier.init %[[FULL]][%c0], %c1
// CHECK-NEXT: nvgpu.mbarrier.init %[[EMPTY]][%c0], %c2
// CHECK: nvvm.fence.mbarrier.init
// CHECK-NEXT: }
// CHECK-NEXT: nvvm.cluster.arrive
// CHECK-NEXT: nvvm.cluster.wait
// CHECK-NEXT: %[[RANK32:.+]] = nvvm.read.ptx.sreg.cluster.ctarank : i32
// CHECK-NEXT: %[[RANK:.+]] = arith.index_cast %[[RANK32]] : i32 to index
// The prologue issues S - 2 = 1 step: a whole step's bytes on the block's
// own full mbarrier (16 KiB of A, 16 KiB of B, half of it multicast by
// the other block); A's box alone; of each of B's two boxes, rows 32 x
// rank on, into the same rows of the stage, multicast to both blocks
// (mask 0b11).
// CHECK: nvgpu.mbarrier.arrive.expect_tx %[[FULL]][%c0], %c32768
// CHECK-NEXT: memref.subview
// CHECK-NEXT: memref.cast
// CHECK-NEXT: nvgpu.tma.async.load %[[MAPA]][%c0, %{{.+}}], %[[FULL]][%c0] to %{{[^ ]+}} :
// CHECK-NEXT: %[[BOX0:.+]] = memref.subview %{{.+}}[0, 0, 0, 0] [1, 1, 64, 64]
// CHECK-NEXT: %[[SHARE:.+]] = arith.muli %[[RANK]], %c32 : index
// CHECK-NEXT: %[[HALF:.+]] = memref.subview %[[BOX0]][%[[SHARE]], 0] [32, 64] [1, 1]
// CHECK-NEXT: nvgpu.tma.async.load %[[MAPB]][%{{.+}}, %[[SHARE]]], %[[FULL]][%c0] to %[[HALF]] multicast_mask = %c3_i16
// CHECK: nvgpu.tma.async.load %[[MAPB]][%{{.+}}, %{{.+}}], %[[FULL]][%c0] to %{{.+}} multicast_mask = %c3_i16
// CHECK-NOT: nvgpu.mbarrier.arrive.expect_tx %[[FULL]][%c1]
// The K loop, step k: after the block barrier the leader frees step k -
// 1's stage in both blocks (from k = 1; mapa to rank 0 and 1, one arrival
// each), then, where step k + 1 exists and refills a stage used before (k
// + 1 >= 3), waits for the phase of that stage's previous round (parity
// (k + 1) / 3 + 1), freed by both blocks a step earlier; then it issues
// step k + 1.
// CHECK: scf.for %[[K:.+]] = %c0 to %c256 step %c64
// CHECK: %[[STEP:.+]] = arith.divui %[[K]], %c64 : index
// CHECK: gpu.barrier
// CHECK: %[[AHEAD:.+]] = arith.addi %[[STEP]], %c1 : index
// CHECK: %[[STAGE:.+]] = arith.remui %[[AHEAD]], %c3 : index
// CHECK: %[[LIVE:.+]] = arith.cmpi ult, %{{.+}}, %c256 : index
// CHECK-NEXT: %[[NOTFIRST:.+]] = arith.cmpi uge, %[[STEP]], %c1 : index
// CHECK-NEXT: %[[FREE:.+]] = arith.andi %[[LEADER]], %[[NOTFIRST]] : i1
// CHECK-NEXT: scf.if %[[FREE]] {
// CHECK-NEXT: %[[PREV:.+]] = arith.addi %[[STEP]], %c2 : index
// CHECK-NEXT: %[[PSTAGE:.+]] = arith.remui %[[PREV]], %c3 : index
// CHECK-NEXT: %[[ADDR:.+]] = nvgpu.mbarrier.get %[[EMPTY]][%[[PSTAGE]]] {{.+}} -> i32
// CHECK-NEXT: nvvm.inline_ptx "{{.*}}mapa.shared::cluster.u32 r, $0, $1;{{.*}}mbarrier.arrive.shared::cluster.b64 _, [r];{{.*}}" ro(%[[ADDR]], %c0_i32 : i32, i32)
// CHECK-NEXT: nvvm.inline_ptx "{{.*}}" ro(%[[ADDR]], %c1_i32 : i32, i32)
// CHECK-NEXT: }
// CHECK-NEXT: %[[REFILL:.+]] = arith.cmpi uge, %[[AHEAD]], %c3 : index
// CHECK-NEXT: %[[BOTH:.+]] = arith.andi %[[LIVE]], %[[REFILL]] : i1
// CHECK-NEXT: %[[HAND:.+]] = arith.andi %[[LEADER]], %[[BOTH]] : i1
// CHECK-NEXT: scf.if %[[HAND]] {
// CHECK-NEXT: %[[ROUND:.+]] = arith.divui %[[AHEAD]], %c3 : index
// CHECK-NEXT: %[[PROUND:.+]] = arith.addi %[[ROUND]], %c1 : index
// CHECK-NEXT: %[[PAR:.+]] = arith.remui %[[PROUND]], %c2 : index
// CHECK-NEXT: %[[P1:.+]] = arith.index_cast %[[PAR]] : index to i1
// CHECK-NEXT: nvgpu.mbarrier.try_wait.parity %[[EMPTY]][%[[STAGE]]], %[[P1]]
// CHECK-NEXT: }
// CHECK: nvgpu.mbarrier.arrive.expect_tx %[[FULL]][%[[STAGE]]], %c32768
// CHECK: nvgpu.tma.async.load %[[MAPB]]{{.+}} multicast_mask = %c3_i16
// CHECK: scf.yield
// The epilogue only where the tile is C's.
// CHECK: scf.if %[[INTILES]] {
// CHECK: vector.store %{{.+}}, %{{.+}} : memref<128x132xf32
// No block leaves while the other may still arrive on its mbarriers.
// CHECK: nvvm.cluster.arrive
// CHECK-NEXT: nvvm.cluster.wait
// CHECK-NEXT: gpu.terminator

// A producer warpgroup, along_n: blocks 2j and 2j + 1 take tile columns 2j
// and 2j + 1 of one tile row and share A (2 tile columns: no block past
// C). Every consumer thread releases a stage in both blocks, so the empty
// mbarriers count 256 threads x 2 blocks.
// WS-LABEL: func.func @cluster
// WS: nvgpu.tma.create.descriptor %{{.+}} box[%c64, %c64] : {{.+}} -> <tensor = memref<64x64xf16
// WS: gpu.launch blocks({{.*}}) in ({{.*}} = %c2, {{.*}} = %c3, {{.*}} = %c1) threads(%[[TID:[^,]+]],
// WS: nvgpu.mbarrier.init %{{.+}}[%c0], %c512
// WS: nvvm.cluster.wait
// WS: nvvm.setmaxregister  decrease 40
// WS: nvgpu.tma.async.load {{.+}} multicast_mask = %c3_i16 : <tensor = memref<64x64xf16
// WS: scf.for
// WS: %[[ADDR:.+]] = nvgpu.mbarrier.get
// WS-NEXT: nvvm.inline_ptx "{{.*}}mbarrier.arrive.shared::cluster.b64{{.*}}" ro(%[[ADDR]], %c0_i32 : i32, i32)
// WS-NEXT: nvvm.inline_ptx "{{.*}}mbarrier.arrive.shared::cluster.b64{{.*}}" ro(%[[ADDR]], %c1_i32 : i32, i32)
// WS: nvvm.cluster.arrive
// WS-NEXT: nvvm.cluster.wait
// WS-NEXT: gpu.terminator
func.func @cluster(%a: memref<320x256xf16>, %b: memref<256x256xf16>, %c: memref<320x256xf16>) {
  linalg.matmul ins(%a, %b : memref<320x256xf16>, memref<256x256xf16>) outs(%c : memref<320x256xf16>)
  return
}
