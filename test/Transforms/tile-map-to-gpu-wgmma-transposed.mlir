// RUN: tile-opt %s --pass-pipeline="builtin.module(func.func(tile-configure{config='#tile.config<tiled, block = [128, 128, 64], warp = [64, 128], tile = #tile.wgmma<shape = [64, 128, 16]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 3>>' chip=sm_90a},tile-block-tile,tile-promote,tile-map-to-gpu{chip=sm_90a}),canonicalize)" | FileCheck %s

// Transposed operands on the wgmma tile (tile-map-to-gpu-wgmma.mlir's
// problem, C[200, 256] += A * B in f16, with A stored K x M = 136 x 200
// and B stored N x K = 256 x 136): the TMA boxes are of the buffers as
// they are. A is M-major: BM / 64 = 2 boxes of BK x 64 (rows of K, M
// contiguous); B is K-major: BK / 64 = 1 box of BN x 64 (rows of N, K
// contiguous). The instruction reads A transposed (A col: imm-trans-a 1)
// and B as its default K-major form (B col: imm-trans-b 0).
// CHECK-LABEL: func.func @wgmma_transposed
// Descriptors: 128-byte swizzle, stride byte offset 1024; leading byte
// offset one box: A's 64 x 128 bytes (512 << 16), B's 128 x 128 (1024 <<
// 16).
// CHECK-DAG: %[[BFIELDS:.+]] = arith.constant 4611686293372403712 : i64
// CHECK-DAG: %[[AFIELDS:.+]] = arith.constant 4611686293338849280 : i64
// CHECK: %[[MAPA:.+]] = nvgpu.tma.create.descriptor %{{.+}} box[%c64, %c64] : memref<*xf16> -> <tensor = memref<64x64xf16, #gpu.address_space<workgroup>>, swizzle = swizzle_128b
// CHECK: %[[MAPB:.+]] = nvgpu.tma.create.descriptor %{{.+}} box[%c128, %c64] : memref<*xf16> -> <tensor = memref<128x64xf16, #gpu.address_space<workgroup>>, swizzle = swizzle_128b
// Stage 0: A's two boxes at (column: the tile's first row of C, + 64;
// row: K = 0), B's box at (column: K = 0; row: the tile's first column of
// C), 32768 bytes in all.
// CHECK: nvgpu.mbarrier.arrive.expect_tx %[[BAR:.+]][%c0], %c32768
// CHECK: nvgpu.tma.async.load %[[MAPA]][%[[ROW:.+]], %c0], %[[BAR]][%c0]
// CHECK: nvgpu.tma.async.load %[[MAPA]][%{{.+}}, %c0], %[[BAR]][%c0]
// CHECK: nvgpu.tma.async.load %[[MAPB]][%c0, %[[COL:.+]]], %[[BAR]][%c0]
// Stage 1: the same at K = 64.
// CHECK: nvgpu.mbarrier.arrive.expect_tx %[[BAR]][%c1], %c32768
// CHECK: nvgpu.tma.async.load %[[MAPA]][%[[ROW]], %c64], %[[BAR]][%c1]
// CHECK: nvgpu.tma.async.load %[[MAPB]][%c64, %[[COL]]], %[[BAR]][%c1]
// The K loop: the second warpgroup's A starts a box (64 x 128 bytes) in;
// each K step of 16 moves A's descriptor 16 rows (2048 bytes) and B's 32
// bytes along its rows.
// CHECK: scf.for
// CHECK: %[[GROUP:.+]] = arith.divui %{{.+}}, %c128 : index
// CHECK-NEXT: arith.muli %[[GROUP]], %c8192 : index
// CHECK: nvvm.wgmma.fence.aligned
// CHECK: %[[DA0:.+]] = arith.ori %{{.+}}, %[[AFIELDS]] : i64
// CHECK: %[[DB0:.+]] = arith.ori %{{.+}}, %[[BFIELDS]] : i64
// CHECK-NEXT: %[[D0:.+]] = nvvm.wgmma.mma_async %[[DA0]], %[[DB0]], %{{.+}}, <m = 64, n = 128, k = 16>, D[<f32>, <one>], A[<f16>, <one>, <col>], B[<f16>, <one>, <col>]
// CHECK-NEXT: arith.addi %{{.+}}, %c2048_i64 : i64
// CHECK: arith.addi %{{.+}}, %c32_i64 : i64
// CHECK: nvvm.wgmma.mma_async %{{.+}}, %{{.+}}, %[[D0]]
func.func @wgmma_transposed(%A: memref<136x200xf16>, %B: memref<256x136xf16>, %C: memref<200x256xf16>) {
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
    ins(%A, %B : memref<136x200xf16>, memref<256x136xf16>) outs(%C : memref<200x256xf16>)
  return
}
