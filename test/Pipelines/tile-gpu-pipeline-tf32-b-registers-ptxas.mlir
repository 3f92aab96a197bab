// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: tile-opt %s --tile-gpu-pipeline="chip=sm_90a artifact-dir=%t/b" -o /dev/null
// RUN: FileCheck %s --input-file=%t/b/manifest.json --check-prefix=MANIFEST
// RUN: FileCheck %s --input-file=%t/b/matmul_matmul_0.ptx
// RUN: %ptxas -arch=sm_90a -v %t/b/matmul_matmul_0.ptx -o %t/b.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: tile-opt %s --tile-report=chip=sm_90a -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT

// tf32 with registers = b: the m64n256k8 instructions compute C^T's
// 64 x 256 tiles (C's columns by rows), B (K x N as stored) the register
// operand, A the shared-memory one. Nothing is copied: A's boxes (256 x 32)
// and B's (32 x 32, N-major) come from the matrices themselves, no
// workspace, and the manifest says that A reaches the tensor cores
// truncated (tile-run widens its bound for it).
// MANIFEST: "box": [
// MANIFEST-NEXT: 256,
// MANIFEST-NEXT: 32
// MANIFEST: "kind": "tensor_map",
// MANIFEST: "name": "A",
// MANIFEST: "box": [
// MANIFEST-NEXT: 32,
// MANIFEST-NEXT: 32
// MANIFEST: "kind": "tensor_map",
// MANIFEST: "name": "B",
// MANIFEST: "view": "matrix"
// MANIFEST-NOT: "workspace"
// MANIFEST: "precision": "tf32",
// MANIFEST: "tf32_truncated": [
// MANIFEST-NEXT: "A"
// MANIFEST-NEXT: ]

// Two consumer warpgroups (C's columns 0-63 and 64-127 of the block),
// 232 registers each. A lane's fragment of a 64 x 8 chunk of B^T: columns
// n0 + l/4 (+ 8) and rows l % 4 (+ 4) of B's stage, one base per step and
// the chunk's swizzle flipped by XOR: 32 bytes for column + 8, 64 for row
// + 4, each element rounded once. The four wgmma of a step take the
// fragments and A's descriptor.
// CHECK: setmaxnreg.inc.sync.aligned.u32 232;
// CHECK: ld.shared.b32 [[X0:%r[0-9]+]], {{\[}}[[BASE:%rd[0-9]+]]];
// CHECK-NEXT: cvt.rna.tf32.f32 {{%r[0-9]+}}, [[X0]];
// CHECK-NEXT: xor.b64 [[P1:%rd[0-9]+]], [[BASE:%rd[0-9]+]], 32;
// CHECK-NEXT: ld.shared.b32 [[X1:%r[0-9]+]], {{\[}}[[P1]]];
// CHECK-NEXT: cvt.rna.tf32.f32 {{%r[0-9]+}}, [[X1]];
// CHECK-NEXT: xor.b64 [[P2:%rd[0-9]+]], [[BASE]], 64;
// CHECK-NEXT: ld.shared.b32 {{%r[0-9]+}}, {{\[}}[[P2]]+512];
// CHECK: wgmma.fence.sync.aligned;
// CHECK-COUNT-4: wgmma.mma_async.sync.aligned.m64n256k8.f32.tf32.tf32 {{.*}}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, %rd{{[0-9]+}}, p, 1, 1;
// CHECK: wgmma.commit_group.sync.aligned;
// The rows epilogue: a lane's accumulators are C^T's, so it stores single
// elements, 8 columns (32 bytes) and one padded row (528 bytes) apart.
// CHECK: st.shared.b32 [[[T:%rd[0-9]+]]], %r{{[0-9]+}};
// CHECK-NEXT: st.shared.b32 [[[T]]+32], %r{{[0-9]+}};
// CHECK-NEXT: st.shared.b32 [[[T]]+528], %r{{[0-9]+}};

// PTXAS-NOT: serialized
// PTXAS: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// PTXAS-NOT: serialized

// REPORT: per warpgroup and 8 of k: 1 wgmma m64n256k8 with B from registers (4 shared loads per thread) and A from shared-memory descriptors
// REPORT: plan: grid 16 x 8, block 384 x 1; A tma (128-byte swizzled boxes), truncated to TF32, B tma (128-byte swizzled boxes), rounded to TF32 in registers (C^T = B^T A^T); warp-specialised K loop of 4 stage(s); wgmma tile; data_parallel tiles; rows epilogue, C added at the store
// REPORT-NEXT: kernel arguments: A (tensor map); B (tensor map); C;
// REPORT-NOT: pack:
// REPORT-NOT: VIOLATION
func.func @matmul(%A: memref<2048x2048xf32>, %B: memref<2048x2048xf32>, %C: memref<2048x2048xf32>) {
  linalg.matmul {tile.config = #tile.config<tiled, block = [256, 128, 32], warp = [256, 64], tile = #tile.wgmma<shape = [64, 256, 8], precision = tf32, registers = b>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 4, blocks_per_sm = 1, producer = warpgroup>>}
    ins(%A, %B : memref<2048x2048xf32>, memref<2048x2048xf32>) outs(%C : memref<2048x2048xf32>)
  return
}
