// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: tile-opt %s --tile-gpu-pipeline="chip=sm_90a artifact-dir=%t/a" -o /dev/null
// RUN: FileCheck %s --input-file=%t/a/manifest.json
// RUN: FileCheck %s --input-file=%t/a/ta_batch_matmul_0.ptx --check-prefix=PTX
// RUN: %ptxas -arch=sm_90a -v %t/a/ta_matmul_0.ptx -o %t/a.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: %ptxas -arch=sm_90a -v %t/a/ta_batch_matmul_0.ptx -o %t/b.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: tile-opt %s --tile-split-batch --tile-configure=chip=sm_90a --tile-report="chip=sm_90a" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT

// f32 A stored K x M on the fma tile at the default: A's TMA boxes are
// taken as stored, BK x BM (16 x 64 of K x M; a batch's one batch deep),
// which is the K-major panel the tile reads: no copy of A (the 2-D
// problem's workspace holds split_tail's partial sums alone; the batch has
// none), no re-staging (the dynamic shared memory is the stages alone: 2
// x (64 + 256) x 16 f32 = 40960 bytes).
// CHECK: "box": [
// CHECK-NEXT: 16,
// CHECK-NEXT: 64
// CHECK: "name": "A",
// CHECK: "shape": [
// CHECK-NEXT: 1000,
// CHECK-NEXT: 1100
// CHECK: "view": "matrix"
// CHECK-NOT: "workspace_copy"
// CHECK: "restage_a": false,
// CHECK: "dynamic_shared_bytes": 40960,
// CHECK: "name": "ta_matmul_0",
// CHECK: "a_layout": "column-major",
// CHECK: "box": [
// CHECK-NEXT: 1,
// CHECK-NEXT: 16,
// CHECK-NEXT: 64
// CHECK: "name": "A",
// CHECK: "shape": [
// CHECK-NEXT: 16,
// CHECK-NEXT: 128,
// CHECK-NEXT: 512
// CHECK-NOT: "workspace"
// CHECK: "restage_a": false,
// CHECK: "dynamic_shared_bytes": 40960,
// CHECK: "name": "ta_batch_matmul_0",
// CHECK: "a_layout": "column-major",

// Box coordinates go innermost first: A's (m, k, batch) as B's (n, k,
// batch), the same k; and no thread re-stages a panel.
// PTX: cp.async.bulk.tensor.3d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%rd{{[0-9]+}}], [%rd{{[0-9]+}}, {%r{{[0-9]+}}, [[K:%r[0-9]+]], [[BATCH:%r[0-9]+]]}]
// PTX: cp.async.bulk.tensor.3d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%rd{{[0-9]+}}], [%rd{{[0-9]+}}, {%r{{[0-9]+}}, [[K]], [[BATCH]]}]
// PTX-NOT: st.shared

// The report's plan: A's boxes as stored, the K-major (transposed) panel,
// and no copy among the kernel's arguments' uses.
// REPORT: @ta: matmul 1100 x 1200 x 1000 (f32; A stored K x M)
// REPORT: plan: {{.*}}; A tma (transposed, boxes) as stored (K x M), B tma (row-major, boxes);
// REPORT-NOT: copy
// REPORT: @ta_batch: batch of 16 matmul 512 x 512 x 128 (f32; A stored K x M)
// REPORT: plan: {{.*}}; A tma (transposed, boxes) as stored (K x M), B tma (row-major, boxes);
// REPORT: kernel arguments: A (tensor map); B (tensor map); C;{{$}}

// PTXAS: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
func.func @ta(%A: memref<1000x1100xf32>, %B: memref<1000x1200xf32>, %C: memref<1100x1200xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<1100x1200xf32>)
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>]
    ins(%A, %B : memref<1000x1100xf32>, memref<1000x1200xf32>) outs(%C : memref<1100x1200xf32>)
  return
}

func.func @ta_batch(%A: memref<16x128x512xf32>, %B: memref<16x128x512xf32>, %C: memref<16x512x512xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<16x512x512xf32>)
  linalg.batch_matmul indexing_maps = [
      affine_map<(b, m, n, k) -> (b, k, m)>,
      affine_map<(b, m, n, k) -> (b, k, n)>,
      affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%A, %B : memref<16x128x512xf32>, memref<16x128x512xf32>) outs(%C : memref<16x512x512xf32>)
  return
}
