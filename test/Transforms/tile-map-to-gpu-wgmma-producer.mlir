// RUN: tile-opt %s --pass-pipeline="builtin.module(func.func(tile-configure{config='#tile.config<tiled, block = [128, 128, 64], warp = [64, 128], tile = #tile.wgmma<shape = [64, 128, 16]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 3, producer = warpgroup, order = along_m>>' chip=sm_90a},tile-block-tile,tile-promote,tile-map-to-gpu{chip=sm_90a}),canonicalize)" | FileCheck %s

// The wgmma tile with a producer warpgroup (--tile-map-to-gpu,
// canonicalized) on C[200, 256] += A[200, 136] * B[136, 256] in f16, 3
// stages, tiles taken down the columns (order = along_m).
// CHECK-LABEL: func.func @producer
// One warpgroup more than the two consumers: 384 threads.
// CHECK: gpu.launch blocks(%[[BX:[^,]+]], %{{[^,]+}}, %{{[^)]+}}) in ({{.*}}) threads({{.*}}) in ({{.*}} = %c384, {{.*}} = %c1, {{.*}} = %c1)
// along_m: blockIdx.x walks the tile rows.
// CHECK: %[[ROW0:.+]] = arith.muli %[[BX]], %c128 : index
// Full mbarriers (the producer's expect_tx arrival) and empty ones (every
// consumer thread arrives once a round), one per stage.
// CHECK: %[[FULL:.+]] = nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>, num_barriers = 3>
// CHECK: %[[EMPTY:.+]] = nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>, num_barriers = 3>
// CHECK: nvgpu.mbarrier.init %[[FULL]][%c0], %c1
// CHECK-NEXT: nvgpu.mbarrier.init %[[EMPTY]][%c0], %c256
// CHECK: gpu.barrier
// The producer warpgroup (threads 0..127) gives up registers and the
// consumers take what it leaves (65536 - 128 x 40 over 256 threads, in
// multiples of 8), each first in its own branch: the branches join only
// at the kernel's end, so ptxas keeps the split. The producer's thread 0
// walks the K steps: round r of a stage waits for the empty barrier's
// parity (r + 1) mod 2, then arms the full barrier and issues the boxes.
// CHECK: %[[ISPRODUCER:.+]] = arith.cmpi ult, %{{.+}}, %c128 : index
// CHECK-NEXT: scf.if %[[ISPRODUCER]] {
// CHECK-NEXT: nvvm.setmaxregister  decrease 40
// CHECK-NOT: setmaxregister
// CHECK: scf.for %[[K:.+]] = %c0 to %c136 step %c64 {
// CHECK: %[[STEP:.+]] = arith.divui %[[K]], %c64 : index
// CHECK-NEXT: %[[STAGE:.+]] = arith.remui %[[STEP]], %c3 : index
// CHECK-NEXT: %[[ROUND:.+]] = arith.divui %[[STEP]], %c3 : index
// CHECK-NEXT: %[[NEXT:.+]] = arith.addi %[[ROUND]], %c1 : index
// CHECK-NEXT: %[[PAR:.+]] = arith.remui %[[NEXT]], %c2 : index
// CHECK-NEXT: %[[PARITY:.+]] = arith.index_cast %[[PAR]] : index to i1
// CHECK-NEXT: nvgpu.mbarrier.try_wait.parity %[[EMPTY]][%[[STAGE]]], %[[PARITY]]
// CHECK: nvgpu.mbarrier.arrive.expect_tx %[[FULL]][%[[STAGE]]], %c32768
// CHECK: nvgpu.tma.async.load %{{.+}}[%[[K]], %[[ROW0]]], %[[FULL]][%[[STAGE]]]
// The consumers run the K loop: wait for the stage, one wgmma group, and,
// one step late, free the stage the previous step read. No block barrier
// in the loop.
// CHECK: } else {
// CHECK-NEXT: nvvm.setmaxregister  increase 232
// CHECK-NOT: setmaxregister
// CHECK: scf.for %[[CK:.+]] = %c0 to %c136 step %c64 iter_args(
// CHECK-NOT: gpu.barrier
// CHECK: nvgpu.mbarrier.try_wait.parity %[[FULL]]
// CHECK-NOT: gpu.barrier
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK-NEXT: nvvm.wgmma.wait.group.sync.aligned 1
// CHECK-NEXT: %[[PREV1:.+]] = arith.addi %[[CSTEP:.+]], %c2 : index
// CHECK-NEXT: %[[PREV:.+]] = arith.remui %[[PREV1]], %c3 : index
// CHECK-NEXT: %[[LATER:.+]] = arith.cmpi ne, %[[CSTEP]], %c0 : index
// CHECK-NEXT: scf.if %[[LATER]] {
// CHECK-NEXT: nvgpu.mbarrier.arrive %[[EMPTY]][%[[PREV]]]
// CHECK-NOT: gpu.barrier
// CHECK: scf.yield
// After the loop, once nothing is in flight, the last step's stage is
// freed too (step 2 of 3: stage 2).
// CHECK: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK-NEXT: nvgpu.mbarrier.arrive %[[EMPTY]][%c2]
// The epilogue: C through shared memory (C += A * B: the accumulators,
// 128 x 132 f32, rows padded by 16 bytes) between the consumers' own barriers (barrier 1 of 256 threads:
// the producer is not in them), then out in row vectors of 8 from the
// consumers' thread index (tid - 128). No block barrier: the producer
// never reaches one.
// CHECK: nvvm.barrier id = %c1_i32 number_of_threads = %c256_i32
// CHECK: vector.store %{{.+}} : memref<128x132xf32, #gpu.address_space<workgroup>>, vector<2xf32>
// CHECK: nvvm.barrier id = %c1_i32 number_of_threads = %c256_i32
// CHECK-NEXT: arith.subi %[[TID:.+]], %c128 : index
// CHECK: vector.load %{{.+}} : memref<128x132xf32, #gpu.address_space<workgroup>>, vector<8xf32>
// CHECK-NOT: gpu.barrier
// CHECK: gpu.terminator
func.func @producer(%A: memref<200x136xf16>, %B: memref<136x256xf16>, %C: memref<200x256xf16>) {
  linalg.matmul ins(%A, %B : memref<200x136xf16>, memref<136x256xf16>) outs(%C : memref<200x256xf16>)
  return
}
