// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: tile-opt %s --tile-gpu-pipeline="chip=sm_90a precision=tf32 artifact-dir=%t/a" -o /dev/null
// RUN: FileCheck %s --input-file=%t/a/matmul_matmul_0.ptx
// RUN: %ptxas -arch=sm_90a -v %t/a/matmul_matmul_0.ptx -o %t/a.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS

// 2048^3 tf32: the default's 128 x 256 tiles, two consumer warpgroups of
// 64 x 256 beside a producer (384 threads: ptxas's cap at entry is 168
// registers). Each consumer takes 232 with setmaxnreg, which holds its 128
// accumulators and two steps' 16 A fragment registers: the K loop loads a
// step ahead. The step's four m64n256k8 read the carried fragments; after
// the commit, the wait for its own group and the empty asm that keeps the
// step's fragments live until then; the next step's come in after it.
// CHECK: .maxntid 384, 1, 1
// CHECK: setmaxnreg.dec.sync.aligned.u32 40;
// CHECK: setmaxnreg.inc.sync.aligned.u32 232;
// CHECK: wgmma.wait_group.sync.aligned 0;
// CHECK-NEXT: // begin inline asm
// CHECK-NEXT: // end inline asm
// CHECK: mbarrier.arrive.shared.b64
// CHECK: wgmma.fence.sync.aligned;
// CHECK-COUNT-4: wgmma.mma_async.sync.aligned.m64n256k8.f32.tf32.tf32 {{.*}}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, %rd{{[0-9]+}}, p, 1, 1;
// CHECK: wgmma.commit_group.sync.aligned;
// CHECK-NOT: wgmma.wait_group
// CHECK: mbarrier.try_wait.parity.shared.b64
// CHECK-NOT: wgmma.wait_group
// CHECK: cvt.rna.tf32.f32

// The consumers' code fits their 232 registers: nothing spills, and no
// wgmma is serialised.
// PTXAS-NOT: serialized
// PTXAS: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// PTXAS-NOT: serialized
func.func @matmul(%A: tensor<2048x2048xf32>, %B: tensor<2048x2048xf32>) -> tensor<2048x2048xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<2048x2048xf32>
  %C = linalg.fill ins(%zero : f32) outs(%empty : tensor<2048x2048xf32>) -> tensor<2048x2048xf32>
  %R = linalg.matmul ins(%A, %B : tensor<2048x2048xf32>, tensor<2048x2048xf32>) outs(%C : tensor<2048x2048xf32>) -> tensor<2048x2048xf32>
  return %R : tensor<2048x2048xf32>
}
