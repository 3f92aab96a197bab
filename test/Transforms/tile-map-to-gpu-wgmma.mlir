// RUN: tile-opt %s --pass-pipeline="builtin.module(func.func(tile-configure{config='#tile.config<tiled, block = [128, 128, 64], warp = [64, 128], tile = #tile.wgmma<shape = [64, 128, 16]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 3>>' chip=sm_90a},tile-block-tile,tile-promote,tile-map-to-gpu{chip=sm_90a}),canonicalize)" | FileCheck %s

// The wgmma tile (--tile-map-to-gpu, canonicalized) on C[200, 256] +=
// A[200, 136] * B[136, 256] in f16 with 128 x 128 x 64 blocks: two
// warpgroups of 64 x 128 (256 threads), 3 stages of 16 KiB of A (one
// 128 x 64 box) and 16 KiB of B (two 64 x 64 boxes), 128-byte swizzled.
// CHECK-LABEL: func.func @wgmma
// The descriptors' constant fields: 128-byte swizzle (bit 62), stride byte
// offset 1024 (64 << 32), leading byte offset one box: A 128 x 128 bytes
// (1024 << 16), B 64 x 128 bytes (512 << 16).
// CHECK-DAG: %[[BFIELDS:.+]] = arith.constant 4611686293338849280 : i64
// CHECK-DAG: %[[AFIELDS:.+]] = arith.constant 4611686293372403712 : i64
// CHECK-DAG: %[[ZERO:.+]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[MAPA:.+]] = nvgpu.tma.create.descriptor %{{.+}} box[%c128, %c64] : memref<*xf16> -> <tensor = memref<128x64xf16, #gpu.address_space<workgroup>>, swizzle = swizzle_128b
// CHECK: %[[MAPB:.+]] = nvgpu.tma.create.descriptor %{{.+}} box[%c64, %c64] : memref<*xf16> -> <tensor = memref<64x64xf16, #gpu.address_space<workgroup>>, swizzle = swizzle_128b
// CHECK: gpu.launch blocks({{.*}}) in ({{.*}} = %c2, {{.*}} = %c2, {{.*}} = %c1) threads({{.*}}) in ({{.*}} = %c256, {{.*}} = %c1, {{.*}} = %c1) dynamic_shared_memory_size %c98304_i32
// C += A * B: the accumulators (one struct of 64 f32 per lane) start from
// zero; C is added in the epilogue. (M = 200: the second row of tiles has
// 72 rows.)
// CHECK: %[[ROWS:.+]] = affine.min
// CHECK-NOT: memref.load
// CHECK: llvm.insertvalue %[[ZERO]], %{{.+}}[63] : !llvm.struct<(f32,
// The prologue issues steps 0 and 1: per step one box of A and two of B
// (the second 64 columns on), 32768 bytes on the stage's mbarrier.
// CHECK: nvgpu.mbarrier.arrive.expect_tx %[[BAR:.+]][%c0], %c32768
// CHECK: nvgpu.tma.async.load %[[MAPA]][%c0, %{{.+}}], %[[BAR]][%c0]
// CHECK: nvgpu.tma.async.load %[[MAPB]][%[[COL:.+]], %c0], %[[BAR]][%c0]
// CHECK: %[[COL64:.+]] = arith.addi %[[COL]], %c64 : index
// CHECK: nvgpu.tma.async.load %[[MAPB]][%[[COL64]], %c0], %[[BAR]][%c0]
// CHECK: nvgpu.mbarrier.arrive.expect_tx %[[BAR]][%c1], %c32768
// The K loop: wait for the stage, then the warpgroup's A rows (128 bytes
// each) and the stage's descriptors, four m64n128k16 steps of K 16 (A +32
// bytes, B +16 rows of 128 bytes each), one group in flight.
// CHECK: scf.for %{{.+}} = %c0 to %c136 step %c64 iter_args(%[[ACC:.+]] = %{{.+}}) -> (!llvm.struct<(f32,
// CHECK: nvgpu.mbarrier.try_wait.parity
// CHECK: %[[GROUP:.+]] = arith.divui %{{.+}}, %c128 : index
// CHECK-NEXT: %[[GROUPROW:.+]] = arith.muli %[[GROUP]], %c8192 : index
// CHECK: nvvm.wgmma.fence.aligned
// CHECK: %[[DA0:.+]] = arith.ori %{{.+}}, %[[AFIELDS]] : i64
// CHECK: %[[DB0:.+]] = arith.ori %{{.+}}, %[[BFIELDS]] : i64
// CHECK-NEXT: %[[D0:.+]] = nvvm.wgmma.mma_async %[[DA0]], %[[DB0]], %[[ACC]], <m = 64, n = 128, k = 16>, D[<f32>, <one>], A[<f16>, <one>, <row>], B[<f16>, <one>, <row>]
// CHECK: arith.addi %{{.+}}, %c32_i64 : i64
// CHECK: arith.addi %{{.+}}, %c2048_i64 : i64
// CHECK: %[[D1:.+]] = nvvm.wgmma.mma_async %{{.+}}, %{{.+}}, %[[D0]]
// CHECK: arith.addi %{{.+}}, %c64_i64 : i64
// CHECK: arith.addi %{{.+}}, %c4096_i64 : i64
// CHECK: %[[D2:.+]] = nvvm.wgmma.mma_async %{{.+}}, %{{.+}}, %[[D1]]
// CHECK: arith.addi %{{.+}}, %c96_i64 : i64
// CHECK: arith.addi %{{.+}}, %c6144_i64 : i64
// CHECK: %[[D3:.+]] = nvvm.wgmma.mma_async %{{.+}}, %{{.+}}, %[[D2]]
// CHECK-NEXT: nvvm.wgmma.commit.group.sync.aligned
// CHECK-NEXT: nvvm.wgmma.wait.group.sync.aligned 1
// The previous step's group is complete in every warpgroup: its stage is
// refilled with step k + 2.
// CHECK-NEXT: gpu.barrier
// CHECK: arith.addi %{{.+}}, %c128 : index
// CHECK: nvgpu.mbarrier.arrive.expect_tx
// CHECK: scf.yield %[[D3]]
// After the loop nothing is in flight. C's rows (512 bytes) are 16-byte
// multiples and the stages (96 KiB) hold the tile: the rows epilogue,
// with the accumulators' f32 (C += A * B adds C before rounding). Once
// both warpgroups are done with the stages (a barrier), each lane stores
// its f32 pairs (row, columns 2 (lane % 4) + 8 j + {0, 1}) into a 128 x
// 132 tile at the start of the dynamic shared memory (rows padded by 16
// bytes); after a second barrier thread t takes the tile's 8-column
// vectors t, t + 256, ... (16 per row: row v / 16, column 8 (v mod 16)),
// 8 at a time: first their vectors of C, from addresses clamped into C
// (rows up to 199, columns up to 248) so that the loads need no branch,
// then each one's sum, rounded to f16 and stored under its row's bound
// (every column tile is whole).
// CHECK: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK-NOT: arith.truncf
// CHECK: %[[STAGED:.+]] = memref.view %{{.+}}[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<128x132xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: %[[PAIR:.+]] = vector.from_elements %{{.+}}, %{{.+}} : vector<2xf32>
// CHECK-NEXT: vector.store %[[PAIR]], %[[STAGED]][%{{.+}}, %{{.+}}] {alignment = 8 : i64} : memref<128x132xf32, #gpu.address_space<workgroup>>, vector<2xf32>
// CHECK-COUNT-31: vector.store %{{.+}}, %[[STAGED]]
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: %[[VROW:.+]] = arith.divui %[[TID:.+]], %c16 : index
// CHECK-NEXT: %[[VQ:.+]] = arith.remui %[[TID]], %c16 : index
// CHECK-NEXT: %[[VCOL:.+]] = arith.muli %[[VQ]], %c8 : index
// CHECK-NEXT: %[[CCOL:.+]] = arith.addi %{{.+}}, %[[VCOL]] : index
// CHECK-NEXT: %[[CCOLIN:.+]] = arith.minui %[[CCOL]], %c248 : index
// CHECK-NEXT: %[[CROW:.+]] = arith.addi %{{.+}}, %[[VROW]] : index
// CHECK-NEXT: %[[CROWIN:.+]] = arith.minui %[[CROW]], %c199 : index
// CHECK-NEXT: %[[C0:.+]] = vector.load %{{.+}}[%[[CROWIN]], %[[CCOLIN]]] {alignment = 16 : i64} : memref<200x256xf16>, vector<8xf16>
// CHECK-COUNT-7: vector.load %{{.+}} : memref<200x256xf16>, vector<8xf16>
// CHECK-NEXT: %[[PIECE:.+]] = vector.load %[[STAGED]][%[[VROW]], %[[VCOL]]] {alignment = 16 : i64} : memref<128x132xf32, #gpu.address_space<workgroup>>, vector<8xf32>
// CHECK-NEXT: %[[CWIDE:.+]] = arith.extf %[[C0]] : vector<8xf16> to vector<8xf32>
// CHECK-NEXT: %[[SUM:.+]] = arith.addf %[[PIECE]], %[[CWIDE]] : vector<8xf32>
// CHECK-NEXT: %[[OUT:.+]] = arith.truncf %[[SUM]] : vector<8xf32> to vector<8xf16>
// CHECK-NEXT: %[[VIN:.+]] = arith.cmpi ult, %[[VROW]], %[[ROWS]] : index
// CHECK-NEXT: scf.if %[[VIN]] {
// CHECK-NEXT: vector.store %[[OUT]], %{{.+}}[%[[VROW]], %[[VCOL]]] {alignment = 16 : i64} : memref<?x128xf16, strided<[256, 1], offset: ?>>, vector<8xf16>
// CHECK-COUNT-7: vector.load %[[STAGED]]
// CHECK-NOT: vector.load %[[STAGED]]
// CHECK: gpu.terminator
func.func @wgmma(%A: memref<200x136xf16>, %B: memref<136x256xf16>, %C: memref<200x256xf16>) {
  linalg.matmul ins(%A, %B : memref<200x136xf16>, memref<136x256xf16>) outs(%C : memref<200x256xf16>)
  return
}
