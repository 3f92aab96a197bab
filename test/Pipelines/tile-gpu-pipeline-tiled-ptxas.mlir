// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: tile-opt %examples/matmul_2053x2039x2048.mlir --tile-gpu-pipeline="strategy=tiled block-tile=16,16,16 artifact-dir=%t/art" -o /dev/null
// RUN: FileCheck %s --input-file=%t/art/manifest.json
// RUN: %ptxas -arch=sm_90 %t/art/matmul_matmul_0.ptx -o %t/check.cubin

// ptxas accepts the block-tiled kernel: 2 KiB of shared memory (two 16 x 16
// f32 panels), one barrier resource, no stack, no spills.
// CHECK: "cubin": "matmul_matmul_0.cubin",
// CHECK: "resources": {
// CHECK-NEXT: "barriers": 1,
// CHECK-NEXT: "const_bytes": {{[0-9]+}},
// CHECK-NEXT: "registers": {{[1-9][0-9]*}},
// CHECK-NEXT: "shared_bytes": 2048,
// CHECK-NEXT: "spill_load_bytes": 0,
// CHECK-NEXT: "spill_store_bytes": 0,
// CHECK-NEXT: "stack_bytes": 0
