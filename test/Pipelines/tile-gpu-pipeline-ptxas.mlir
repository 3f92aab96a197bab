// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: tile-opt %examples/matmul_2048.mlir --tile-gpu-pipeline="strategy=naive artifact-dir=%t/art" -o /dev/null
// RUN: FileCheck %s --input-file=%t/art/manifest.json
// ptxas accepts the emitted PTX on its own, for sm_90 and for sm_80.
// RUN: %ptxas -arch=sm_90 %t/art/matmul_matmul_0.ptx -o %t/check.cubin
// RUN: tile-opt %examples/matmul_2048.mlir --tile-gpu-pipeline="strategy=naive chip=sm_80 artifact-dir=%t/sm80" -o /dev/null
// RUN: %ptxas -arch=sm_80 %t/sm80/matmul_matmul_0.ptx -o %t/check80.cubin
// RUN: FileCheck %s --input-file=%t/sm80/manifest.json --check-prefix=SM80

// The bundled example compiles to a cubin; the naive kernel keeps its
// accumulator in a register: no stack, no spills, no shared memory.
// CHECK: "cubin": "matmul_matmul_0.cubin",
// CHECK: "barriers": 0,
// CHECK-NEXT: "const_bytes": {{[0-9]+}},
// CHECK-NEXT: "registers": {{[1-9][0-9]*}},
// CHECK-NEXT: "shared_bytes": 0,
// CHECK-NEXT: "spill_load_bytes": 0,
// CHECK-NEXT: "spill_store_bytes": 0,
// CHECK-NEXT: "stack_bytes": 0
// CHECK: "chip": "sm_90",
// SM80: "chip": "sm_80",
