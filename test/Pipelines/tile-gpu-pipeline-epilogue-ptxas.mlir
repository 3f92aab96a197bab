// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: tile-opt %S/Inputs/epilogues.mlir --tile-gpu-pipeline="chip=sm_90a artifact-dir=%t/art" -o %t/host.mlir
// RUN: FileCheck %s --input-file=%t/art/manifest.json
// RUN: FileCheck %s --input-file=%t/host.mlir --check-prefix=HOST
// RUN: cat %t/art/*.ptx | FileCheck %s --check-prefix=PTX
// RUN: FileCheck %s --input-file=%t/art/ff_gelu_matmul_0.ptx --check-prefix=GELU
// RUN: FileCheck %s --input-file=%t/art/ff_gelu_matmul_0.ptx --check-prefix=CONTRACT
// RUN: FileCheck %s --input-file=%t/art/silu_residual_matmul_0.ptx --check-prefix=SILU
// RUN: FileCheck %s --input-file=%t/art/erf_rows_matmul_0.ptx --check-prefix=ERF
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
// the output's type; the PTX calls nothing (no libdevice). With a 16-bit
// output, tanh, exp and f32 division are approximate instructions whose
// error the output's rounding dwarfs, each with its bound in the manifest,
// and products and sums may contract into FMAs; an f32 output keeps every
// op's rounding, upstream's polynomials and correctly rounded division.

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
// CHECK: "instruction": "tanh.approx.f32",
// CHECK-NEXT: "op": "math.tanh",
// CHECK-NEXT: "operands": [
// CHECK-NEXT: 11
// CHECK-NEXT: ],
// CHECK-NEXT: "relative_error": 0.00049270099308822

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
// CHECK: "instruction": "ex2.approx.ftz.f32",
// CHECK-NEXT: "op": "math.exp",
// CHECK: "relative_error": 7.62939453125e-06
// CHECK: "instruction": "div.full.f32",
// CHECK-NEXT: "op": "divf",
// CHECK: "relative_error": 2.384185791015625e-07

// CHECK: "name": "E1",
// CHECK-NEXT: "shape": [
// CHECK-NEXT: 33,
// CHECK-NEXT: 1
// CHECK: "name": "erf_rows_matmul_0",
// CHECK: "computes": "C = ((((A * B + E1[m]) * 0.5) * (erf(((A * B + E1[m]) * 0.707107)) + 1)) * 2)",
// CHECK-NOT: "instruction"
// CHECK: "name": "norms_matmul_0",
// CHECK: "computes": "C = rsqrt(sqrt(absf(A * B)))",

// The host keeps the chains' outputs (returned) and none of C's buffers or
// the ops.
// HOST-LABEL: func.func @ff_gelu
// HOST-NOT: linalg.
// HOST: gpu.launch_func
// HOST-NOT: linalg.
// HOST: return

// GELU-NOT: div.rn.f32
// GELU: tanh.approx.f32
// GELU-NOT: div.rn.f32
// CONTRACT: fma.rn.f16
// SILU: ex2.approx.ftz.f32
// SILU: div.full.f32
// SILU-NOT: div.rn.f32
// ERF-NOT: approx
// ERF: div.rn.f32
// ERF-NOT: approx
// ERF-NOT: {{(add|mul).f32}}

// PTX-NOT: call
// PTX-NOT: __nv_
// PTX: abs.f32
// PTX: sqrt.rn.f32
