// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: tile-opt %s --tile-gpu-pipeline="chip=sm_90a artifact-dir=%t/art" -o /dev/null
// RUN: FileCheck %s --input-file=%t/art/manifest.json
// RUN: FileCheck %s --input-file=%t/art/linear_matmul_0.ptx --check-prefix=PTX-B
// RUN: FileCheck %s --input-file=%t/art/transposed_a_matmul_0.ptx --check-prefix=PTX-A
// RUN: FileCheck %s --input-file=%t/art/naive_matmul_0.ptx --check-prefix=PTX-NAIVE
// RUN: %ptxas -arch=sm_90a -v %t/art/linear_matmul_0.ptx -o %t/b.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: %ptxas -arch=sm_90a -v %t/art/transposed_a_matmul_0.ptx -o %t/a.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: tile-opt %S/Inputs/transposed-f32.mlir --tile-gpu-pipeline="chip=sm_90a precision=tf32 artifact-dir=%t/tf32" -o /dev/null
// RUN: FileCheck %s --input-file=%t/tf32/manifest.json --check-prefix=TF32
// RUN: %ptxas -arch=sm_90a -v %t/tf32/tf32_ab_matmul_0.ptx -o %t/tf32.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: tile-opt %S/Inputs/transposed-f32.mlir --tile-gpu-pipeline="chip=sm_90a artifact-dir=%t/fma" -o /dev/null
// RUN: FileCheck %s --input-file=%t/fma/manifest.json --check-prefix=FMA
// RUN: %ptxas -arch=sm_90a -v %t/fma/tf32_b_matmul_0.ptx -o %t/fma.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS

// Transposed operands through the whole pipeline: B stored N x K (the
// Linear layout of the seeds' FF layer, 2048 x 11008 x 4096 f16) and A
// stored K x M on the 16-bit wgmma tile; an f32 matmul with both on the
// naive strategy; f32 ones on the TF32 default (Inputs/transposed-f32). The manifest says which operand is stored transposed
// (column-major) and gives the buffers' stored shapes, which tile-run
// checks and hands cuBLAS as transposed operations.

// Each kernel's args (A's and B's stored shapes, their boxes), then its
// name and problem (the manifest's keys are sorted).
// CHECK: "box": [
// CHECK-NEXT: 128,
// CHECK-NEXT: 64
// CHECK: "name": "A",
// CHECK: "shape": [
// CHECK-NEXT: 2048,
// CHECK-NEXT: 4096
// CHECK: "box": [
// CHECK-NEXT: 256,
// CHECK-NEXT: 64
// CHECK: "name": "B",
// CHECK: "shape": [
// CHECK-NEXT: 11008,
// CHECK-NEXT: 4096
// CHECK: "name": "linear_matmul_0",
// CHECK: "a_layout": "row-major",
// CHECK: "b_layout": "column-major",
// CHECK: "spill_load_bytes": 0,
// CHECK: "box": [
// CHECK-NEXT: 64,
// CHECK-NEXT: 64
// CHECK: "name": "A",
// CHECK: "shape": [
// CHECK-NEXT: 512,
// CHECK-NEXT: 1024
// CHECK: "name": "transposed_a_matmul_0",
// CHECK: "a_layout": "column-major",
// CHECK: "b_layout": "row-major",
// CHECK: "spill_load_bytes": 0,
// CHECK: "name": "A",
// CHECK: "shape": [
// CHECK-NEXT: 65,
// CHECK-NEXT: 127
// CHECK: "name": "B",
// CHECK: "shape": [
// CHECK-NEXT: 129,
// CHECK-NEXT: 65
// CHECK: "name": "naive_matmul_0",
// CHECK: "a_layout": "column-major",
// CHECK: "b_layout": "column-major",

// TF32 reads both operands K-major: B stored N x K is read as it is,
// through its own tensor map and truncated (truncated = b, the default
// where A is read through its own map too: row-major, K % 4 = 0), or,
// beside A stored K x M, copied as it is, rounded (not transposed: a copy
// N x K); A stored K x M is copied transposed (M x K, exact: the tile
// rounds A in registers).
// TF32: "view": "matrix"
// TF32: "box": [
// TF32-NEXT: 256,
// TF32-NEXT: 32
// TF32: "kind": "tensor_map",
// TF32: "name": "B",
// TF32: "shape": [
// TF32-NEXT: 2048,
// TF32-NEXT: 2048
// TF32: "view": "matrix"
// TF32-NOT: "workspace"
// TF32: "name": "tf32_b_matmul_0",
// TF32: "b_layout": "column-major",
// TF32: "tf32_truncated": [
// TF32-NEXT: "B"
// TF32: "name": "A",
// TF32: "part": "exact",
// TF32: "shape": [
// TF32-NEXT: 1100,
// TF32-NEXT: 1000
// TF32: "transposed": true,
// TF32: "name": "B",
// TF32: "part": "rounded",
// TF32: "shape": [
// TF32-NEXT: 1200,
// TF32-NEXT: 1000
// TF32: "transposed": false,
// TF32: "name": "tf32_ab_matmul_0",
// TF32: "a_layout": "column-major",
// TF32: "b_layout": "column-major",

// IEEE f32 on the fma tile (the same inputs at the default precision):
// B stored N x K is copied transposed (K x N: b = packed's copy) and read
// through its copy's tensor map (boxes BK x BN); A stored K x M is read as
// stored, its boxes BK x BM (the K-major panel the tile reads), with no
// copy. (ptxas: tf32_b's kernel. tf32_ab's, C += A·B, spills 8 bytes, 0
// with A copied: docs/results/2026-12-07-transposed-a/.)
// FMA: "name": "tf32_b_matmul_0",
// FMA: "box": [
// FMA-NEXT: 16,
// FMA-NEXT: 64
// FMA: "name": "A",
// FMA: "shape": [
// FMA-NEXT: 1000,
// FMA-NEXT: 1100
// FMA: "view": "matrix"
// FMA: "box": [
// FMA-NEXT: 16,
// FMA-NEXT: 256
// FMA: "name": "B",
// FMA: "part": "exact",
// FMA: "shape": [
// FMA-NEXT: 1000,
// FMA-NEXT: 1200
// FMA: "transposed": true,
// FMA: "b_row_groups": false,
// FMA-NOT: restage_a
// FMA: "instruction_tile": "fma",

// The instructions' transpose immediates (after scale-d, scale-a,
// scale-b): B K-major (0) with A K-major (0); A M-major (1) with B
// N-major (1).
// PTX-B: wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16 {{.*}}, p, 1,  1, 0,  0;
// PTX-A: wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16 {{.*}}, p, 1,  1, 1,  1;

// The naive kernel reads A[k][row] and B[col][k] as stored: B's row col
// at col x 260 bytes (65 f32 of K), A's rows 508 bytes (127 f32 of M) apart
// from one k to the next (the loop unrolled).
// PTX-NAIVE: .entry naive_matmul_0
// PTX-NAIVE: mul.wide.u32 %rd{{[0-9]+}}, %r{{[0-9]+}}, 260;
// PTX-NAIVE: ld.global.b32 %r{{[0-9]+}}, [%rd{{[0-9]+}}+-508];

// ptxas neither serialises the wgmma instructions nor spills.
// PTXAS-NOT: {{warning|Performance Loss}}
// PTXAS: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// PTXAS-NOT: {{warning|Performance Loss}}
func.func @linear(%A: tensor<2048x4096xf16>, %W: tensor<11008x4096xf16>) -> tensor<2048x11008xf16> {
  %zero = arith.constant 0.0 : f16
  %empty = tensor.empty() : tensor<2048x11008xf16>
  %C = linalg.fill ins(%zero : f16) outs(%empty : tensor<2048x11008xf16>) -> tensor<2048x11008xf16>
  %0 = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
    ins(%A, %W : tensor<2048x4096xf16>, tensor<11008x4096xf16>) outs(%C : tensor<2048x11008xf16>) -> tensor<2048x11008xf16>
  return %0 : tensor<2048x11008xf16>
}

func.func @transposed_a(%A: memref<512x1024xbf16>, %B: memref<512x2048xbf16>, %C: memref<1024x2048xf32>) {
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>]
    ins(%A, %B : memref<512x1024xbf16>, memref<512x2048xbf16>) outs(%C : memref<1024x2048xf32>)
  return
}

func.func @naive(%A: memref<65x127xf32>, %B: memref<129x65xf32>, %C: memref<127x129xf32>) {
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
    {tile.config = #tile.config<naive, block = [16, 16, 1], tile = #tile.fma<thread = [1, 1]>>}
    ins(%A, %B : memref<65x127xf32>, memref<129x65xf32>) outs(%C : memref<127x129xf32>)
  return
}
