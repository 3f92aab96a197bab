// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: tile-opt %s --tile-gpu-pipeline="chip=sm_90a precision=tf32 artifact-dir=%t/tf32" -o /dev/null
// RUN: FileCheck %s --input-file=%t/tf32/manifest.json --check-prefix=TF32
// RUN: FileCheck %s --input-file=%t/tf32/matmul_matmul_0.ptx --check-prefix=PTX
// RUN: %ptxas -arch=sm_90a -v %t/tf32/matmul_matmul_0.ptx -o %t/tf32.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: tile-opt %s --tile-gpu-pipeline="chip=sm_90a precision=tf32x3 artifact-dir=%t/x3" -o /dev/null
// RUN: FileCheck %s --input-file=%t/x3/manifest.json --check-prefix=X3
// RUN: FileCheck %s --input-file=%t/x3/matmul_matmul_0.ptx --check-prefix=X3PTX
// RUN: %ptxas -arch=sm_90a -v %t/x3/matmul_matmul_0.ptx -o %t/x3.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS

// A ragged f32 matmul (no row of A, B or C a 16-byte multiple) on the TF32
// tensor cores. The kernel reads A and B as bare pointers and copies them
// into its workspace: A as it is (its rows, K = 2047 elements, are no TMA
// row stride), B rounded and transposed to N x K; rows padded to 128
// bytes: 2048 elements. Its TMA boxes come from the copies: A's 64 x 32
// (the default's 64 x 256 tiles here; one 128-byte swizzle row of f32),
// B's transposed copy's 256 x 32, K-major like A's; a producer and one
// consumer warpgroup.
// TF32: "kind": "buffer",
// TF32-NEXT: "layout": "row-major",
// TF32-NEXT: "name": "A",
// TF32: "kind": "buffer",
// TF32-NEXT: "layout": "row-major",
// TF32-NEXT: "name": "B",
// TF32: "kind": "workspace",
// TF32: "box": [
// TF32-NEXT: 64,
// TF32-NEXT: 32
// TF32: "name": "A",
// TF32-NEXT: "oob_fill": "zero",
// TF32-NEXT: "part": "exact",
// TF32-NEXT: "row_stride": 8192,
// TF32-NEXT: "shape": [
// TF32-NEXT: 2053,
// TF32-NEXT: 2047
// TF32: "swizzle": "128B",
// TF32-NEXT: "transposed": false,
// TF32-NEXT: "view": "workspace_copy",
// TF32-NEXT: "workspace_offset": 0
// TF32: "box": [
// TF32-NEXT: 256,
// TF32-NEXT: 32
// TF32: "name": "B",
// TF32-NEXT: "oob_fill": "zero",
// TF32-NEXT: "part": "rounded",
// TF32-NEXT: "row_stride": 8192,
// TF32-NEXT: "shape": [
// TF32-NEXT: 2039,
// TF32-NEXT: 2047
// TF32: "transposed": true,
// TF32-NEXT: "view": "workspace_copy",
// TF32-NEXT: "workspace_offset": 16818176
// TF32-NOT: "workspace_copy"
// TF32: "launch": {
// TF32-NEXT: "block": [
// TF32-NEXT: 256,
// TF32: "problem": {
// TF32: "precision": "tf32"

// The swizzled stages start 1024-byte aligned. B's elements are rounded
// in its copy; A's in the K loop, once per element: each lane loads its
// .tf32 A fragments from the stage (rows g, g + 8 at 1024 bytes apart;
// 16-byte chunk c of a row at the row's base XOR 16 c, the 128-byte
// swizzle) and rounds them (cvt.rna), and the m64n256k8 wgmma take A
// from those registers and B K-major from a descriptor. The loop loads a
// step ahead (the report's "a step ahead": 128 accumulators and two
// steps' 16 fragment registers fit the 240 of 256 threads): the first
// stage's fragments before it.
// PTX: .extern .shared .align 1024 .b8 __dynamic_shmem__0[];
// PTX: mbarrier.try_wait.parity.shared.b64
// PTX: ld.shared.b32 [[A0:%r[0-9]+]], {{\[}}[[ROW:%rd[0-9]+]]];
// PTX-NEXT: cvt.rna.tf32.f32 [[F0:%r[0-9]+]], [[A0]];
// PTX-NEXT: ld.shared.b32 [[A1:%r[0-9]+]],
// PTX-NEXT: cvt.rna.tf32.f32 [[F1:%r[0-9]+]], [[A1]];
// The loop's blocks as laid out: first the end of a step. It waits for
// its own group (lag 0); an empty asm reads the step's fragments after
// that wait, so that the next step's, loaded meanwhile, went to other
// registers; the stage is released and the next step's fragments move in.
// PTX: wgmma.wait_group.sync.aligned 0;
// PTX-NEXT: // begin inline asm
// PTX-NEXT: // end inline asm
// PTX: mbarrier.arrive.shared.b64
// PTX: mov.b32 [[F0]], [[N0:%r[0-9]+]];
// Then the step: the wgmma read the carried fragments; after the commit,
// the next stage's wait and the next step's loads, into other registers,
// while the instructions run.
// PTX: wgmma.fence.sync.aligned;
// PTX: wgmma.mma_async.sync.aligned.m64n256k8.f32.tf32.tf32 {{.*}}}, {[[F0]], [[F1]], %r{{[0-9]+}}, %r{{[0-9]+}}}, %rd{{[0-9]+}}, p, 1, 1;
// PTX-COUNT-3: wgmma.mma_async.sync.aligned.m64n256k8.f32.tf32.tf32 {{.*}}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, %rd{{[0-9]+}}, p, 1, 1;
// PTX: wgmma.commit_group.sync.aligned;
// PTX-NOT: wgmma.wait_group
// PTX-NOT: [[F0]],
// PTX: mbarrier.try_wait.parity.shared.b64
// PTX-NOT: [[F0]],
// PTX: cvt.rna.tf32.f32 [[N0]],
// PTX-NOT: wgmma.wait_group
// PTX: bra.uni

// tf32x3: the copies of B's transposed high and low parts (A's copy as
// it is, first); each element of A is split once in registers, high =
// tf32(x), low = tf32(x - high).
// X3: "name": "A",
// X3: "part": "exact",
// X3: "transposed": false,
// X3: "name": "B",
// X3: "part": "high",
// X3: "transposed": true,
// X3: "name": "B",
// X3: "part": "low",
// X3: "transposed": true,
// X3-NEXT: "view": "workspace_copy",
// X3-NOT: "workspace_copy"
// X3: "problem": {
// X3: "precision": "tf32x3"
// X3PTX: mbarrier.try_wait.parity.shared.b64
// X3PTX: ld.shared.b32 [[X:%r[0-9]+]]
// X3PTX-NEXT: cvt.rna.tf32.f32 [[HIGH:%r[0-9]+]], [[X]];
// X3PTX-NEXT: sub.rn.f32 [[REST:%r[0-9]+]], [[X]], [[HIGH]];
// X3PTX-NEXT: cvt.rna.tf32.f32 {{%r[0-9]+}}, [[REST]];
// Per K step of 32: 4 chunks of 8, 3 products each (low x high, high x
// low, high x high), the first from zero (scale-d 0, the rest 1); the
// step waits for all of them and adds its 64 sums per lane into the FP32
// sums, rounding to nearest (the tensor cores' accumulation does not).
// X3PTX: wgmma.fence.sync.aligned;
// X3PTX: setp.ne.b32 p, 0, 0;
// X3PTX: wgmma.mma_async.sync.aligned.m64n128k8.f32.tf32.tf32
// X3PTX-NOT: setp.ne.b32 p, 0, 0;
// X3PTX-COUNT-11: setp.ne.b32 p, 1, 0;
// X3PTX-NEXT: wgmma.mma_async.sync.aligned.m64n128k8.f32.tf32.tf32
// X3PTX-NOT: wgmma.mma_async
// X3PTX: wgmma.commit_group.sync.aligned;
// X3PTX-NEXT: wgmma.wait_group.sync.aligned 0;
// X3PTX-COUNT-64: add.rn.f32
// X3PTX-NOT: add.rn.f32
// X3PTX: wgmma.wait_group.sync.aligned 0;

// No wgmma is serialised (ptxas does when other instructions read
// accumulators while a group is in flight), nothing spills.
// PTXAS-NOT: serialized
// PTXAS: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// PTXAS-NOT: serialized
func.func @matmul(%A: tensor<2053x2047xf32>, %B: tensor<2047x2039xf32>) -> tensor<2053x2039xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<2053x2039xf32>
  %C = linalg.fill ins(%zero : f32) outs(%empty : tensor<2053x2039xf32>) -> tensor<2053x2039xf32>
  %R = linalg.matmul ins(%A, %B : tensor<2053x2047xf32>, tensor<2047x2039xf32>) outs(%C : tensor<2053x2039xf32>) -> tensor<2053x2039xf32>
  return %R : tensor<2053x2039xf32>
}
