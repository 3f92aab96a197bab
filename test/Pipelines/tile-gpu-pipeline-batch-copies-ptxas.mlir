// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: tile-opt %s --tile-split-batch --tile-gpu-pipeline="chip=sm_90a artifact-dir=%t/art" -o /dev/null
// RUN: FileCheck %s --input-file=%t/art/manifest.json
// RUN: FileCheck %s --input-file=%t/art/ragged_n_matmul_0.ptx --check-prefix=PTX
// RUN: %ptxas -arch=sm_90a -v %t/art/ragged_n_matmul_0.ptx -o %t/b.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: tile-opt %s --tile-split-batch --tile-configure="chip=sm_90a" --tile-report="chip=sm_90a" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT

// A batch of 3 f16 matmuls whose B (64 x 66) has rows that are not 16-byte
// multiples: the kernel packs the 3 matrices of B, one after the other,
// into rows padded to 256 bytes (one workspace copy of 3 x 64 rows), all
// 6 blocks of the grid (x, y and the batch's z) together, and reads the
// copy through a 3-D tensor map, its boxes one batch deep.

// CHECK: "kind": "workspace",
// CHECK: "resident_blocks": 6
// CHECK: "box": [
// CHECK-NEXT: 1,
// CHECK-NEXT: 64,
// CHECK-NEXT: 64
// CHECK: "name": "B",
// CHECK: "row_stride": 256,
// CHECK-NEXT: "shape": [
// CHECK-NEXT: 3,
// CHECK-NEXT: 64,
// CHECK-NEXT: 66
// CHECK: "view": "workspace_copy",
// CHECK: "grid": [
// CHECK-NEXT: 1,
// CHECK-NEXT: 2,
// CHECK-NEXT: 3

// The packers' index counts the batch's z; the boxes of the copy (and of
// A) take the batch as their outermost coordinate.
// PTX: mov.u32 %r{{[0-9]+}}, %ctaid.y;
// PTX-NEXT: mov.u32 %r{{[0-9]+}}, %ctaid.z;
// PTX: ld.acquire.gpu.global.b32
// PTX: cp.async.bulk.tensor.3d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%rd{{[0-9]+}}], [%rd{{[0-9]+}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, [[BATCH:%r[0-9]+]]}]
// PTX: cp.async.bulk.tensor.3d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%rd{{[0-9]+}}], [%rd{{[0-9]+}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, [[BATCH]]}]

// PTXAS-NOT: {{warning|Performance Loss}}
// PTXAS: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads

// REPORT: plan: grid 1 x 2 x 3, block 256 x 1; A tma (128-byte swizzled boxes), B tma (128-byte swizzled boxes) from pack_b's copy;
// REPORT: pack: 6 of the grid's 6 blocks copy B (exact) into 3 x 64 rows of 128 elements at byte 0 of a 49164-byte workspace
func.func @ragged_n(%A: memref<3x130x64xf16>, %B: memref<3x64x66xf16>, %C: memref<3x130x66xf16>) {
  linalg.batch_matmul ins(%A, %B : memref<3x130x64xf16>, memref<3x64x66xf16>) outs(%C : memref<3x130x66xf16>)
  return
}
