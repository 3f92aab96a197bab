// RUN: rm -rf %t && mkdir -p %t
// RUN: tile-opt %s --tile-split-batch --tile-configure=chip=sm_90a --tile-block-tile --tile-promote --tile-map-to-gpu=chip=sm_90a | FileCheck %s --check-prefix=IR
// RUN: tile-opt %s --tile-gpu-pipeline="chip=sm_90a artifact-dir=%t/art ptxas=none" -o /dev/null
// RUN: FileCheck %s --input-file=%t/art/manifest.json

// A fused epilogue after a batch_matmul: its ops run over (b, m, n), and
// each input is one per batch (E1, a bias per batch: (b, n)) or one for
// every batch (E2, (m, n)). The kernel takes the 3-D (2-D) buffers and
// views its batch's (blockIdx.z) of the batched ones; C's buffer (a
// temporary) goes away.

// IR-LABEL: func.func @bias_residual
// IR-NOT: memref.alloc
// IR: gpu.launch blocks(%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %[[Z:[a-z0-9_]+]]) in ({{.*}} = %c3
// IR: tile.kernel_arguments %{{.*}}, %{{.*}}, %[[Y:.*]], %[[E1:.*]], %[[E2:.*]] : {{.*}}, memref<3x64x128xf16>, memref<3x128xf32>, memref<64x128xf32>
// IR: %[[E1A:.*]] = memref.assume_alignment %[[E1]]
// IR: %[[E2A:.*]] = memref.assume_alignment %[[E2]]
// IR: memref.subview %[[E1A]][%[[Z]], 0] [1, 128] [1, 1] : memref<3x128xf32> to memref<128xf32, strided<[1], offset: ?>>
// IR-NOT: memref.subview %[[E2A]]
// IR: memref.load %[[E2A]]
// IR-NOT: memref.dealloc
// IR: return

// CHECK: "name": "C",
// CHECK: "shape": [
// CHECK-NEXT: 3,
// CHECK-NEXT: 64,
// CHECK-NEXT: 128
// CHECK: "name": "E1",
// CHECK: "shape": [
// CHECK-NEXT: 3,
// CHECK-NEXT: 1,
// CHECK-NEXT: 128
// CHECK: "name": "E2",
// CHECK: "shape": [
// CHECK-NEXT: 64,
// CHECK-NEXT: 128
// CHECK-NEXT: ]
// CHECK: "batch": 3,
// CHECK: "computes": "C = f16(((A * B + E1[b, n]) + E2[m, n]))",
// CHECK: "inputs": [
// CHECK-NEXT: {
// CHECK-NEXT: "batched": true,
// CHECK-NEXT: "element_type": "f32",
// CHECK-NEXT: "index": "n",
// CHECK-NEXT: "name": "E1"
// CHECK-NEXT: },
// CHECK-NEXT: {
// CHECK-NEXT: "element_type": "f32",
// CHECK-NEXT: "index": "mn",
// CHECK-NEXT: "name": "E2"
// CHECK: "output_type": "f16",

func.func @bias_residual(%A: memref<3x64x32xf16>, %B: memref<3x32x128xf16>, %E1: memref<3x128xf32>, %E2: memref<64x128xf32>, %Y: memref<3x64x128xf16>) {
  %zero = arith.constant 0.0 : f32
  %C = memref.alloc() : memref<3x64x128xf32>
  linalg.fill ins(%zero : f32) outs(%C : memref<3x64x128xf32>)
  linalg.batch_matmul ins(%A, %B : memref<3x64x32xf16>, memref<3x32x128xf16>) outs(%C : memref<3x64x128xf32>)
  linalg.generic {indexing_maps = [affine_map<(b, m, n) -> (b, m, n)>, affine_map<(b, m, n) -> (b, n)>, affine_map<(b, m, n) -> (m, n)>, affine_map<(b, m, n) -> (b, m, n)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%C, %E1, %E2 : memref<3x64x128xf32>, memref<3x128xf32>, memref<64x128xf32>) outs(%Y : memref<3x64x128xf16>) {
  ^bb0(%x: f32, %b: f32, %r: f32, %o: f16):
    %s = arith.addf %x, %b : f32
    %t = arith.addf %s, %r : f32
    %h = arith.truncf %t : f32 to f16
    linalg.yield %h : f16
  }
  memref.dealloc %C : memref<3x64x128xf32>
  return
}

// On a persistent grid a block's tiles span batches: the batch's views of
// C and of the per-batch bias are the tile's (tile / 9 tiles per batch),
// made in the tile loop.
// IR-LABEL: func.func @persistent
// IR: gpu.launch
// IR: scf.for %[[TILE:[a-z0-9_]+]] =
// IR: %[[B:[0-9]+]] = arith.divui %[[TILE]], %c9 : index
// IR: memref.subview %{{[a-z0-9_]+}}[%[[B]], 0, 0] [1, 300, 264] [1, 1, 1] : memref<6x300x264xf32>
// IR-NEXT: memref.subview %{{[a-z0-9_]+}}[%[[B]], 0] [1, 264] [1, 1] : memref<6x264xf32>
func.func @persistent(%A: memref<6x300x128xf16>, %B: memref<6x128x264xf16>, %E1: memref<6x264xf32>, %Y: memref<6x300x264xf32>) {
  %zero = arith.constant 0.0 : f32
  %C = memref.alloc() : memref<6x300x264xf32>
  linalg.fill ins(%zero : f32) outs(%C : memref<6x300x264xf32>)
  linalg.batch_matmul {tile.config = #tile.config<tiled, block = [128, 128, 64], warp = [64, 128], tile = #tile.wgmma<shape = [64, 128, 16]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 4, blocks_per_sm = 1, scheduler = persistent, producer = warpgroup>>}
      ins(%A, %B : memref<6x300x128xf16>, memref<6x128x264xf16>) outs(%C : memref<6x300x264xf32>)
  linalg.generic {indexing_maps = [affine_map<(b, m, n) -> (b, m, n)>, affine_map<(b, m, n) -> (b, n)>, affine_map<(b, m, n) -> (b, m, n)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%C, %E1 : memref<6x300x264xf32>, memref<6x264xf32>) outs(%Y : memref<6x300x264xf32>) {
  ^bb0(%x: f32, %b: f32, %o: f32):
    %s = arith.addf %x, %b : f32
    linalg.yield %s : f32
  }
  memref.dealloc %C : memref<6x300x264xf32>
  return
}
