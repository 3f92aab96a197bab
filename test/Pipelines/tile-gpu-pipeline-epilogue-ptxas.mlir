// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: tile-opt %S/Inputs/epilogues.mlir --tile-gpu-pipeline="chip=sm_90a artifact-dir=%t/art" -o %t/host.mlir
// RUN: FileCheck %s --input-file=%t/art/manifest.json
// RUN: FileCheck %s --input-file=%t/host.mlir --check-prefix=HOST
// RUN: cat %t/art/*.ptx | FileCheck %s --check-prefix=PTX
// RUN: %ptxas -arch=sm_90a %t/art/ff_gelu_matmul_0.ptx -o %t/a.cubin
// RUN: %ptxas -arch=sm_90a %t/art/silu_residual_matmul_0.ptx -o %t/b.cubin
// RUN: %ptxas -arch=sm_90a %t/art/erf_rows_matmul_0.ptx -o %t/c.cubin
// RUN: %ptxas -arch=sm_90a %t/art/norms_matmul_0.ptx -o %t/d.cubin

// Tensor-form chains after a matmul (bufferized into buffers of their own)
// end in kernels that apply them before their one store: the wgmma tile
// (a bias by column and GELU's tanh form, in f16 as written), the FMA tile
// with B stored N x K (SiLU, a residual, a cast to bf16), bf16 products in
// f32 (a bias by row, GELU's erf form, a scale), and math functions. The
// manifest gives the program, the inputs as the last parameters and C of
// the output's type; the PTX calls nothing (no libdevice).

// (A kernel's keys are in order: its args, ..., its name, its problem.)
// CHECK: "name": "C",
// CHECK: "name": "E1",
// CHECK-NEXT: "shape": [
// CHECK-NEXT: 1,
// CHECK-NEXT: 136
// CHECK: "name": "ff_gelu_matmul_0",
// CHECK: "computes": "C = (((A * B + E1[n]) * 0.5) * (tanh((((A * B + E1[n]) + ((((A * B + E1[n]) * (A * B + E1[n])) * (A * B + E1[n])) * 0.0447083)) * 0.797852)) + 1))",
// CHECK-NEXT: "epilogue": {
// CHECK: "inputs": [
// CHECK-NEXT: {
// CHECK-NEXT: "element_type": "f16",
// CHECK-NEXT: "index": "n",
// CHECK-NEXT: "name": "E1"
// CHECK: "output_type": "f16",
// CHECK-NEXT: "result": 15,
// CHECK-NEXT: "steps": [
// CHECK-NEXT: {
// CHECK-NEXT: "op": "addf",
// CHECK-NEXT: "operands": [
// CHECK-NEXT: 0,
// CHECK-NEXT: 1
// CHECK: "op": "math.tanh",

// CHECK: "element_type": "bf16",
// CHECK-NEXT: "kind": "buffer",
// CHECK-NEXT: "layout": "row-major",
// CHECK-NEXT: "name": "C",
// CHECK: "name": "E1",
// CHECK-NEXT: "shape": [
// CHECK-NEXT: 61,
// CHECK-NEXT: 67
// CHECK: "name": "silu_residual_matmul_0",
// CHECK: "computes": "C = bf16(((A * B / (exp(-A * B) + 1)) + E1[m, n]))",

// CHECK: "name": "E1",
// CHECK-NEXT: "shape": [
// CHECK-NEXT: 33,
// CHECK-NEXT: 1
// CHECK: "name": "erf_rows_matmul_0",
// CHECK: "computes": "C = ((((A * B + E1[m]) * 0.5) * (erf(((A * B + E1[m]) * 0.707107)) + 1)) * 2)",

// CHECK: "name": "norms_matmul_0",
// CHECK: "computes": "C = rsqrt(sqrt(absf(A * B)))",

// The host keeps the chains' outputs (returned) and none of C's buffers or
// the ops.
// HOST-LABEL: func.func @ff_gelu
// HOST-NOT: linalg.
// HOST: gpu.launch_func
// HOST-NOT: linalg.
// HOST: return

// PTX-NOT: call
// PTX-NOT: __nv_
// PTX: abs.f32
// PTX: sqrt.rn.f32
