// RUN: tile-opt %s --tile-split-batch --tile-configure=chip=sm_90a --tile-block-tile --tile-promote --tile-map-to-gpu=chip=sm_90a | FileCheck %s
// RUN: tile-opt %s --tile-split-batch --tile-configure="chip=sm_90a strategy=naive" --tile-map-naive | FileCheck %s --check-prefix=NAIVE

// A batched matmul's kernel: the launch replaces the batch loop with the
// grid's z, the kernel takes the 3-D buffers, and each block views its
// batch (blockIdx.z) of them. TMA maps are 3-D (boxes one batch deep), and
// every box load gives the batch as its outermost coordinate.

// CHECK-LABEL: func.func @wgmma
// CHECK-NOT: scf.forall
// CHECK: %[[MAPA:.*]] = nvgpu.tma.create.descriptor %{{.*}} box[%c1{{.*}}, %{{.*}}, %{{.*}}] : memref<*xf16> -> <tensor = memref<1x128x64xf16, #gpu.address_space<workgroup>>, swizzle = swizzle_128b
// CHECK: %[[MAPB:.*]] = nvgpu.tma.create.descriptor %{{.*}} box[%c1{{.*}}, %{{.*}}, %{{.*}}] : memref<*xf16> -> <tensor = memref<1x64x64xf16, #gpu.address_space<workgroup>>, swizzle = swizzle_128b
// CHECK: gpu.launch blocks(%{{.*}}, %{{.*}}, %[[Z:.*]]) in (%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %[[BATCH:.*]]) threads
// CHECK-NEXT: tile.kernel_arguments %[[MAPA]], %[[MAPB]], %[[C:.*]] : {{.*}}, memref<6x256x512xf16>
// CHECK: %[[CALIGN:.*]] = memref.assume_alignment %[[C]], 16 : memref<6x256x512xf16>
// CHECK: memref.subview %[[CALIGN]][%[[Z]], 0, 0] [1, 256, 512] [1, 1, 1] : memref<6x256x512xf16> to memref<256x512xf16, strided<[512, 1], offset: ?>>
// CHECK: %[[BOXA:.*]] = memref.expand_shape %{{.*}} {{\[\[}}0, 1], [2]] output_shape [1, 128, 64]
// CHECK: nvgpu.tma.async.load %[[MAPA]][%{{.*}}, %{{.*}}, %[[Z]]], %{{.*}} to %[[BOXA]]
// CHECK: nvgpu.tma.async.load %[[MAPB]][%{{.*}}, %{{.*}}, %[[Z]]]
// CHECK-NOT: linalg.batch_matmul
// CHECK-NOT: linalg.matmul
func.func @wgmma(%A: memref<6x256x128xf16>, %B: memref<6x128x512xf16>, %C: memref<6x256x512xf16>) {
  %zero = arith.constant 0.0 : f16
  linalg.fill ins(%zero : f16) outs(%C : memref<6x256x512xf16>)
  linalg.batch_matmul ins(%A, %B : memref<6x256x128xf16>, memref<6x128x512xf16>) outs(%C : memref<6x256x512xf16>)
  return
}

// A stored K x M and B stored N x K: the maps are of the stored 3-D
// buffers, A's boxes BK x 64 columns of M (M-major), B's BN x BK (K-major),
// each at the block's batch.
// CHECK-LABEL: func.func @transposed
// CHECK: %[[MAPA:.*]] = nvgpu.tma.create.descriptor %{{.*}} box[%c1{{.*}}, %c64{{.*}}, %c64{{.*}}] : memref<*xf16> -> <tensor = memref<1x64x64xf16, #gpu.address_space<workgroup>>, swizzle = swizzle_128b
// CHECK: %[[MAPB:.*]] = nvgpu.tma.create.descriptor %{{.*}} box[%c1{{.*}}, %c128{{.*}}, %c64{{.*}}] : memref<*xf16> -> <tensor = memref<1x128x64xf16, #gpu.address_space<workgroup>>, swizzle = swizzle_128b
// CHECK: gpu.launch blocks(%{{.*}}, %{{.*}}, %[[Z:.*]]) in (%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %c4{{.*}}) threads
// CHECK-NEXT: tile.kernel_arguments %[[MAPA]], %[[MAPB]], %{{.*}} : {{.*}}, memref<4x256x512xf16>
// CHECK: nvgpu.tma.async.load %[[MAPA]][%{{.*}}, %{{.*}}, %[[Z]]]
// CHECK: nvgpu.tma.async.load %[[MAPB]][%{{.*}}, %{{.*}}, %[[Z]]]
func.func @transposed(%A: memref<4x128x256xf16>, %B: memref<4x512x128xf16>, %C: memref<4x256x512xf16>) {
  linalg.batch_matmul indexing_maps = [
      affine_map<(b, m, n, k) -> (b, k, m)>,
      affine_map<(b, m, n, k) -> (b, n, k)>,
      affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%A, %B : memref<4x128x256xf16>, memref<4x512x128xf16>) outs(%C : memref<4x256x512xf16>)
  return
}

// A broadcast A: the kernel takes it as it is (a 2-D map, boxes without
// a batch, loads without one), B and C by batch.
// CHECK-LABEL: func.func @broadcast_a
// CHECK: %[[MAPA:.*]] = nvgpu.tma.create.descriptor %{{.*}} box[%c128{{.*}}, %c64{{.*}}] : memref<*xf16> -> <tensor = memref<128x64xf16, #gpu.address_space<workgroup>>, swizzle = swizzle_128b
// CHECK: %[[MAPB:.*]] = nvgpu.tma.create.descriptor %{{.*}} box[%c1{{.*}}, %c64{{.*}}, %c64{{.*}}] : memref<*xf16> -> <tensor = memref<1x64x64xf16, #gpu.address_space<workgroup>>, swizzle = swizzle_128b
// CHECK: gpu.launch blocks(%{{.*}}, %{{.*}}, %[[Z:.*]]) in (%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %c4{{.*}}) threads
// CHECK-NEXT: tile.kernel_arguments %[[MAPA]], %[[MAPB]], %{{.*}} : {{.*}}, memref<4x256x512xf16>
// CHECK: nvgpu.tma.async.load %[[MAPA]][%{{[0-9a-z_]+}}, %{{[0-9a-z_]+}}], %{{.*}} to %{{.*}} : <tensor = memref<128x64xf16
// CHECK: nvgpu.tma.async.load %[[MAPB]][%{{.*}}, %{{.*}}, %[[Z]]]
func.func @broadcast_a(%A: memref<256x64xf16>, %B: memref<4x64x512xf16>, %C: memref<4x256x512xf16>) {
  linalg.batch_matmul indexing_maps = [
      affine_map<(b, m, n, k) -> (m, k)>,
      affine_map<(b, m, n, k) -> (b, k, n)>,
      affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%A, %B : memref<256x64xf16>, memref<4x64x512xf16>) outs(%C : memref<4x256x512xf16>)
  return
}

// A broadcast B with A stored K x M: B as it is (a 2-D map, K-row boxes
// without a batch), A's and C's batches.
// CHECK-LABEL: func.func @broadcast_b
// CHECK: %[[MAPA:.*]] = nvgpu.tma.create.descriptor %{{.*}} box[%c1{{.*}}, %c64{{.*}}, %c64{{.*}}] : memref<*xf16> -> <tensor = memref<1x64x64xf16, #gpu.address_space<workgroup>>, swizzle = swizzle_128b
// CHECK: %[[MAPB:.*]] = nvgpu.tma.create.descriptor %{{.*}} box[%c64{{.*}}, %c64{{.*}}] : memref<*xf16> -> <tensor = memref<64x64xf16, #gpu.address_space<workgroup>>, swizzle = swizzle_128b
// CHECK: gpu.launch blocks(%{{.*}}, %{{.*}}, %[[Z:.*]]) in (%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %c4{{.*}}) threads
// CHECK-NEXT: tile.kernel_arguments %[[MAPA]], %[[MAPB]], %{{.*}} : {{.*}}, memref<4x256x512xf16>
// CHECK: nvgpu.tma.async.load %[[MAPA]][%{{.*}}, %{{.*}}, %[[Z]]]
// CHECK: nvgpu.tma.async.load %[[MAPB]][%{{[0-9a-z_]+}}, %{{[0-9a-z_]+}}], %{{.*}} to %{{.*}} : <tensor = memref<64x64xf16
func.func @broadcast_b(%A: memref<4x64x256xf16>, %B: memref<64x512xf16>, %C: memref<4x256x512xf16>) {
  linalg.batch_matmul indexing_maps = [
      affine_map<(b, m, n, k) -> (b, k, m)>,
      affine_map<(b, m, n, k) -> (k, n)>,
      affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%A, %B : memref<4x64x256xf16>, memref<64x512xf16>) outs(%C : memref<4x256x512xf16>)
  return
}

// A persistent grid runs the tiles of all batches, batch after batch: a
// grid z of 1, a loop over 4 tiles x 3 batches, the tile's batch (unit / 4)
// in its views and in its boxes' coordinates.
// CHECK-LABEL: func.func @persistent
// CHECK: gpu.launch blocks(%[[X:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %c12{{.*}}, %{{.*}} = %c1{{.*}}, %{{.*}} = %c1{{.*}}) threads
// CHECK: scf.for %[[UNIT:.*]] = %[[X]] to %c12{{.*}} step %c12
// CHECK: %[[BATCH:.*]] = arith.divui %[[UNIT]], %c4
// CHECK-NEXT: %c4{{.*}} = arith.constant 4 : index
// CHECK-NEXT: %[[TILE:.*]] = arith.remui %[[UNIT]], %c4
// CHECK: nvgpu.tma.async.load %{{.*}}[%{{.*}}, %{{.*}}, %[[BATCH]]]
func.func @persistent(%A: memref<3x200x72xf16>, %B: memref<3x72x136xf16>, %C: memref<3x200x136xf16>) {
  linalg.batch_matmul {tile.config = #tile.config<tiled, block = [128, 128, 64], warp = [64, 128], tile = #tile.wgmma<shape = [64, 128, 16]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 1, scheduler = persistent, producer = warpgroup>>}
      ins(%A, %B : memref<3x200x72xf16>, memref<3x72x136xf16>) outs(%C : memref<3x200x136xf16>)
  return
}

// Without tensor maps (f32 rows that are not 16-byte multiples: cp.async
// copies), the block's batch views of A and B are what the copies read.
// CHECK-LABEL: func.func @fma
// CHECK: gpu.launch blocks(%{{.*}}, %{{.*}}, %[[Z:.*]]) in (%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %c5{{.*}}) threads
// CHECK-NEXT: tile.kernel_arguments %[[A:.*]], %[[B:.*]], %[[C:.*]] : memref<5x129x65xf32>, memref<5x65x127xf32>, memref<5x129x127xf32>
// CHECK: %[[AALIGN:.*]] = memref.assume_alignment %[[A]], 16
// CHECK: memref.subview %[[AALIGN]][%[[Z]], 0, 0] [1, 129, 65] [1, 1, 1] : memref<5x129x65xf32> to memref<129x65xf32, strided<[65, 1], offset: ?>>
// CHECK: nvgpu.device_async_copy
func.func @fma(%A: memref<5x129x65xf32>, %B: memref<5x65x127xf32>, %C: memref<5x129x127xf32>) {
  linalg.batch_matmul ins(%A, %B : memref<5x129x65xf32>, memref<5x65x127xf32>) outs(%C : memref<5x129x127xf32>)
  return
}

// The naive kernel takes the batch the same way (a broadcast A as it is).
// NAIVE-LABEL: func.func @broadcast_a
// NAIVE: tile.kernel_arguments %{{.*}}, %{{.*}}, %{{.*}} : memref<256x64xf16>, memref<4x64x512xf16>, memref<4x256x512xf16>
// NAIVE-LABEL: func.func @broadcast_b
// NAIVE: tile.kernel_arguments %{{.*}}, %{{.*}}, %{{.*}} : memref<4x64x256xf16>, memref<64x512xf16>, memref<4x256x512xf16>
// NAIVE-LABEL: func.func @fma
// NAIVE: gpu.launch blocks(%{{.*}}, %{{.*}}, %[[Z:.*]]) in (%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %c5{{.*}}) threads
// NAIVE-NEXT: tile.kernel_arguments %{{.*}}, %{{.*}}, %{{.*}} : memref<5x129x65xf32>, memref<5x65x127xf32>, memref<5x129x127xf32>
// NAIVE: memref.subview %{{.*}}[%[[Z]], 0, 0] [1, 129, 127] [1, 1, 1]
// NAIVE-NOT: scf.forall
