// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: tile-opt %examples/matmul_2053x2039x2048.mlir --tile-gpu-pipeline="strategy=tiled block-tile=16,16,16 artifact-dir=%t/art" -o /dev/null
// RUN: FileCheck %s --input-file=%t/art/manifest.json
// RUN: %ptxas -arch=sm_90 %t/art/matmul_matmul_0.ptx -o %t/check.cubin

// ptxas accepts the block-tiled kernel: 2 KiB of shared memory (two 16 x 16
// f32 panels), one barrier resource, no stack, no spills.
// CHECK: "cubin": "matmul_matmul_0.cubin",
// CHECK: "barriers": 1,
// CHECK-NEXT: "const_bytes": {{[0-9]+}},
// CHECK-NEXT: "registers": {{[1-9][0-9]*}},
// CHECK-NEXT: "shared_bytes": 2048,
// CHECK-NEXT: "spill_load_bytes": 0,
// CHECK-NEXT: "spill_store_bytes": 0,
// CHECK-NEXT: "stack_bytes": 0

// The register-tiled kernel (128 x 128 x 16 block, 64 x 32 warp, 8 x 8
// thread tile, pad 4) keeps its 64 accumulators in registers: no stack, no
// spills; 16-byte shared-memory fragment loads.
// RUN: tile-opt %examples/matmul_2048.mlir --tile-gpu-pipeline="strategy=tiled block-tile=128,128,16 warp-tile=64,32 thread-tile=8,8 smem-pad=4 artifact-dir=%t/rt" -o /dev/null
// RUN: FileCheck %s --input-file=%t/rt/manifest.json --check-prefix=RT
// RUN: FileCheck %s --input-file=%t/rt/matmul_matmul_0.ptx --check-prefix=RTPTX
// RT: "barriers": 1,
// RT-NEXT: "const_bytes": {{[0-9]+}},
// RT-NEXT: "registers": {{[1-9][0-9]*}},
// RT-NEXT: "shared_bytes": 16896,
// RT-NEXT: "spill_load_bytes": 0,
// RT-NEXT: "spill_store_bytes": 0,
// RT-NEXT: "stack_bytes": 0
// RTPTX: ld.global.v4
// RTPTX: ld.shared.v4.b32
// RTPTX: st.global.v4
