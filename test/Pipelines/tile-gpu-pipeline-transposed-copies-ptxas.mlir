// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: tile-opt %s --tile-gpu-pipeline="chip=sm_90a artifact-dir=%t/art" -o /dev/null
// RUN: FileCheck %s --input-file=%t/art/manifest.json
// RUN: FileCheck %s --input-file=%t/art/linear_ragged_k_matmul_0.ptx --check-prefix=PTX-B
// RUN: FileCheck %s --input-file=%t/art/transposed_a_ragged_m_matmul_0.ptx --check-prefix=PTX-A
// RUN: %ptxas -arch=sm_90a -v %t/art/linear_ragged_k_matmul_0.ptx -o %t/b.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: %ptxas -arch=sm_90a -v %t/art/transposed_a_ragged_m_matmul_0.ptx -o %t/a.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: tile-opt %s --tile-configure="chip=sm_90a" --tile-report="chip=sm_90a" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT

// Transposed 16-bit operands whose rows as stored are not 16-byte
// multiples, so that no tensor map can describe them: B stored N x K
// (the Linear layout) with K = 100, A stored K x M with M = 130. The
// kernel copies them first, as stored, into rows padded to 128 bytes in
// its workspace (all blocks together, then a grid barrier), and the wgmma
// tile reads the copies' boxes as it reads such operands where their rows
// are aligned: B K-major in boxes of BN x 64, A M-major in boxes of BK x
// 64. (A of K = 100 is copied too, as linalg gives it.)

// Each kernel's args, then its config, name and problem (the manifest's
// keys are sorted). Linear: the workspace's copies of A (M x K) and of B
// (N x K as stored), rows padded to 256 bytes.
// CHECK: "kind": "workspace",
// CHECK: "box": [
// CHECK-NEXT: 128,
// CHECK-NEXT: 64
// CHECK: "name": "A",
// CHECK: "row_stride": 256,
// CHECK-NEXT: "shape": [
// CHECK-NEXT: 130,
// CHECK-NEXT: 100
// CHECK: "transposed": false,
// CHECK-NEXT: "view": "workspace_copy",
// CHECK-NEXT: "workspace_offset": 0
// CHECK: "box": [
// CHECK-NEXT: 128,
// CHECK-NEXT: 64
// CHECK: "name": "B",
// CHECK: "row_stride": 256,
// CHECK-NEXT: "shape": [
// CHECK-NEXT: 66,
// CHECK-NEXT: 100
// CHECK: "transposed": false,
// CHECK-NEXT: "view": "workspace_copy",
// CHECK-NEXT: "workspace_offset": 33280
// CHECK: "attribute": "#tile.config<tiled, block = [128, 128, 64], warp = [64, 128], tile = #tile.wgmma<shape = [64, 128, 16]>, copy = #tile.copy<kind = tma, b = packed>, schedule = #tile.schedule<stages = 4, blocks_per_sm = 1>>",
// CHECK: "name": "linear_ragged_k_matmul_0",
// CHECK: "b_layout": "column-major",
// A stored K x M: B's tensor map is of B itself; A's of its copy, 72 rows
// of 130 elements 384 bytes apart, in boxes of BK x 64.
// CHECK: "kind": "tensor_map",
// CHECK: "name": "B",
// CHECK: "view": "matrix"
// CHECK: "kind": "workspace",
// CHECK: "box": [
// CHECK-NEXT: 64,
// CHECK-NEXT: 64
// CHECK: "name": "A",
// CHECK: "row_stride": 384,
// CHECK-NEXT: "shape": [
// CHECK-NEXT: 72,
// CHECK-NEXT: 130
// CHECK: "transposed": false,
// CHECK-NEXT: "view": "workspace_copy",
// CHECK: "name": "transposed_a_ragged_m_matmul_0",
// CHECK: "a_layout": "column-major",

// The copies' grid barrier comes before the first TMA box, and the
// instructions' transpose immediates (after scale-d, scale-a, scale-b)
// are those of the operands as stored: A and B K-major (0, 0); A M-major
// and B N-major (1, 1).
// PTX-B: fence.proxy.async.global;
// PTX-B: ld.acquire.gpu.global.b32
// PTX-B: cp.async.bulk.tensor.2d
// PTX-B: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {{.*}}, p, 1,  1, 0,  0;
// PTX-A: fence.proxy.async.global;
// PTX-A: ld.acquire.gpu.global.b32
// PTX-A: cp.async.bulk.tensor.2d
// PTX-A: wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16 {{.*}}, p, 1,  1, 1,  1;

// PTXAS-NOT: {{warning|Performance Loss}}
// PTXAS: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// PTXAS-NOT: {{warning|Performance Loss}}

// REPORT: @linear_ragged_k:
// REPORT: plan: {{.*}}A tma (128-byte swizzled boxes) from its copy, B tma (128-byte swizzled boxes) from pack_b's copy as stored (N x K);
// REPORT: pack: 2 of the grid's 2 blocks copy A (exact) into 130 rows of 128 elements at byte 0, B (exact) into 66 rows of 128 elements at byte 33280
// REPORT: @transposed_a_ragged_m:
// REPORT: plan: {{.*}}A tma (128-byte swizzled boxes) from its copy as stored (K x M), B tma (128-byte swizzled boxes);
// REPORT: pack: 2 of the grid's 2 blocks copy A (exact) into 72 rows of 192 elements at byte 0 of a 27660-byte workspace
func.func @linear_ragged_k(%A: memref<130x100xf16>, %B: memref<66x100xf16>, %C: memref<130x66xf16>) {
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
    ins(%A, %B : memref<130x100xf16>, memref<66x100xf16>) outs(%C : memref<130x66xf16>)
  return
}

func.func @transposed_a_ragged_m(%A: memref<72x130xbf16>, %B: memref<72x64xbf16>, %C: memref<130x64xf32>) {
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>]
    ins(%A, %B : memref<72x130xbf16>, memref<72x64xbf16>) outs(%C : memref<130x64xf32>)
  return
}
