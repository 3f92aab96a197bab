// RUN: rm -rf %t && mkdir -p %t
// RUN: tile-opt %s --tile-gpu-pipeline="chip=sm_90a artifact-dir=%t/art ptxas=none" -o /dev/null
// RUN: FileCheck %s --input-file=%t/art/manifest.json

// Operands that are windows of larger buffers (strided views): the kernel
// takes the buffers ("shape" is the buffer's), and each such argument's
// "window" says where the operand lies in it (its shape, offset and
// strides in elements); a tensor map is encoded over the window.

// A slice of A before a matmul whose result goes through ReLU: the ReLU is
// fused into the kernel, which reads A's window.
// CHECK: "name": "A",
// CHECK: "window": {
// CHECK-NEXT: "offset": 16,
// CHECK: "function": "slice_relu",
// CHECK: "epilogue": {
// CHECK: "expression": "maximumf(x, 0)",
func.func @slice_relu(%A: tensor<128x80xf16>, %B: tensor<64x128xf16>) -> tensor<128x128xf16> {
  %zero = arith.constant 0.0 : f16
  %a = tensor.extract_slice %A[0, 16] [128, 64] [1, 1] : tensor<128x80xf16> to tensor<128x64xf16>
  %e = tensor.empty() : tensor<128x128xf16>
  %c = linalg.fill ins(%zero : f16) outs(%e : tensor<128x128xf16>) -> tensor<128x128xf16>
  %r = linalg.matmul ins(%a, %B : tensor<128x64xf16>, tensor<64x128xf16>) outs(%c : tensor<128x128xf16>) -> tensor<128x128xf16>
  %o = tensor.empty() : tensor<128x128xf16>
  %y = linalg.generic {indexing_maps = [affine_map<(m, n) -> (m, n)>, affine_map<(m, n) -> (m, n)>], iterator_types = ["parallel", "parallel"]}
      ins(%r : tensor<128x128xf16>) outs(%o : tensor<128x128xf16>) {
  ^bb0(%x: f16, %out: f16):
    %m = arith.maximumf %x, %zero : f16
    linalg.yield %m : f16
  } -> tensor<128x128xf16>
  return %y : tensor<128x128xf16>
}

// A slice of a wider tensor, bufferized to a subview of the argument: A's
// tensor map covers columns 8..71 of a 256 x 80 buffer.
// CHECK: "name": "A",
// CHECK: "shape": [
// CHECK-NEXT: 256,
// CHECK-NEXT: 80
// CHECK-NEXT: ],
// CHECK: "view": "matrix",
// CHECK-NEXT: "window": {
// CHECK-NEXT: "offset": 8,
// CHECK-NEXT: "shape": [
// CHECK-NEXT: 256,
// CHECK-NEXT: 64
// CHECK-NEXT: ],
// CHECK-NEXT: "strides": [
// CHECK-NEXT: 80,
// CHECK-NEXT: 1
// CHECK: "name": "B",
// CHECK-NOT: "window"
// CHECK: "name": "C",
// CHECK-NOT: "window"
// CHECK: "function": "slice_a",
func.func @slice_a(%A: tensor<256x80xf32>, %B: tensor<64x128xf32>, %C: tensor<256x128xf32>) -> tensor<256x128xf32> {
  %a = tensor.extract_slice %A[0, 8] [256, 64] [1, 1] : tensor<256x80xf32> to tensor<256x64xf32>
  %r = linalg.matmul ins(%a, %B : tensor<256x64xf32>, tensor<64x128xf32>) outs(%C : tensor<256x128xf32>) -> tensor<256x128xf32>
  return %r : tensor<256x128xf32>
}

// A strided batch: every operand a window of a taller, wider 3-D buffer,
// its batches rows x row stride apart; C written in place.
// CHECK: "name": "A",
// CHECK: "shape": [
// CHECK-NEXT: 3,
// CHECK-NEXT: 102,
// CHECK-NEXT: 56
// CHECK: "window": {
// CHECK-NEXT: "offset": 120,
// CHECK-NEXT: "shape": [
// CHECK-NEXT: 3,
// CHECK-NEXT: 100,
// CHECK-NEXT: 40
// CHECK-NEXT: ],
// CHECK-NEXT: "strides": [
// CHECK-NEXT: 5712,
// CHECK-NEXT: 56,
// CHECK-NEXT: 1
// CHECK: "name": "C",
// CHECK: "shape": [
// CHECK-NEXT: 3,
// CHECK-NEXT: 102,
// CHECK-NEXT: 136
// CHECK: "window": {
// CHECK-NEXT: "offset": 280,
// CHECK: "strides": [
// CHECK-NEXT: 13872,
// CHECK-NEXT: 136,
// CHECK-NEXT: 1
// CHECK: "function": "strided_batch",
// CHECK: "batch": 3,
func.func @strided_batch(%Abuf: memref<3x102x56xf16>, %Bbuf: memref<3x42x136xf16>, %Cbuf: memref<3x102x136xf16>) {
  %A = memref.subview %Abuf[0, 2, 8] [3, 100, 40] [1, 1, 1] : memref<3x102x56xf16> to memref<3x100x40xf16, strided<[5712, 56, 1], offset: 120>>
  %B = memref.subview %Bbuf[0, 2, 8] [3, 40, 120] [1, 1, 1] : memref<3x42x136xf16> to memref<3x40x120xf16, strided<[5712, 136, 1], offset: 280>>
  %C = memref.subview %Cbuf[0, 2, 8] [3, 100, 120] [1, 1, 1] : memref<3x102x136xf16> to memref<3x100x120xf16, strided<[13872, 136, 1], offset: 280>>
  linalg.batch_matmul ins(%A, %B : memref<3x100x40xf16, strided<[5712, 56, 1], offset: 120>>, memref<3x40x120xf16, strided<[5712, 136, 1], offset: 280>>) outs(%C : memref<3x100x120xf16, strided<[13872, 136, 1], offset: 280>>)
  return
}

// The naive kernel takes windows at any offset and stride.
// CHECK: "name": "C",
// CHECK: "shape": [
// CHECK-NEXT: 20,
// CHECK-NEXT: 11
// CHECK: "window": {
// CHECK-NEXT: "offset": 12,
// CHECK: "strides": [
// CHECK-NEXT: 11,
// CHECK-NEXT: 1
// CHECK: "strategy": "naive",
// CHECK: "function": "naive",
func.func @naive(%A: memref<17x5xf32>, %B: memref<5x9xf32>, %Cbuf: memref<20x11xf32>) {
  %C = memref.subview %Cbuf[1, 1] [17, 9] [1, 1] : memref<20x11xf32> to memref<17x9xf32, strided<[11, 1], offset: 12>>
  linalg.matmul {tile.config = #tile.config<naive, block = [16, 16, 1], tile = #tile.fma<thread = [1, 1]>>}
      ins(%A, %B : memref<17x5xf32>, memref<5x9xf32>) outs(%C : memref<17x9xf32, strided<[11, 1], offset: 12>>)
  return
}

// A TF32 kernel's copies of windows (A stored K x M, B N x K: both are
// copied first): the copies' maps are of the copies' own shapes, without a
// window (a fuzzer finding: they had the buffers' shapes).
// CHECK: "name": "A",
// CHECK: "shape": [
// CHECK-NEXT: 225,
// CHECK-NEXT: 808
// CHECK: "window": {
// CHECK: "name": "A",
// CHECK-NEXT: "oob_fill": "zero",
// CHECK-NEXT: "part": "exact",
// CHECK-NEXT: "row_stride": 896,
// CHECK-NEXT: "shape": [
// CHECK-NEXT: 796,
// CHECK-NEXT: 224
// CHECK-NEXT: ],
// CHECK-NOT: "window"
// CHECK: "function": "tf32_copies",
func.func @tf32_copies(%Abuf: memref<225x808xf32>, %Bbuf: memref<257x232xf32>, %Cbuf: memref<797x264xf32>) {
  %A = memref.subview %Abuf[1, 0] [224, 796] [1, 1] : memref<225x808xf32> to memref<224x796xf32, strided<[808, 1], offset: 808>>
  %B = memref.subview %Bbuf[1, 0] [256, 224] [1, 1] : memref<257x232xf32> to memref<256x224xf32, strided<[232, 1], offset: 232>>
  %C = memref.subview %Cbuf[1, 0] [796, 256] [1, 1] : memref<797x264xf32> to memref<796x256xf32, strided<[264, 1], offset: 264>>
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      {tile.config = #tile.config<tiled, block = [128, 256, 32], warp = [64, 256], tile = #tile.wgmma<shape = [64, 256, 8], precision = tf32>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 3, blocks_per_sm = 1>>}
      ins(%A, %B : memref<224x796xf32, strided<[808, 1], offset: 808>>, memref<256x224xf32, strided<[232, 1], offset: 232>>) outs(%C : memref<796x256xf32, strided<[264, 1], offset: 264>>)
  return
}
