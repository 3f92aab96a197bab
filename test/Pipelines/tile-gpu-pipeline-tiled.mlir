// RUN: rm -rf %t && mkdir -p %t
// RUN: tile-opt %examples/matmul_2053x2039x2048.mlir --tile-gpu-pipeline="config='#tile.config<tiled, block = [32, 32, 32], tile = #tile.fma<thread = [1, 1]>>' artifact-dir=%t/t32 ptxas=none" | FileCheck %s --check-prefix=IR
// RUN: FileCheck %s --input-file=%t/t32/manifest.json --check-prefix=MANIFEST
// RUN: FileCheck %s --input-file=%t/t32/matmul_matmul_0.ptx --check-prefix=PTX
// RUN: tile-opt %examples/matmul_2053x2039x2048.mlir --tile-gpu-pipeline="config='#tile.config<tiled, block = [8, 8, 8], tile = #tile.fma<thread = [1, 1]>>' artifact-dir=%t/t8 ptxas=none" -o /dev/null
// RUN: FileCheck %s --input-file=%t/t8/manifest.json --check-prefix=T8
// RUN: FileCheck %s --input-file=%t/t8/matmul_matmul_0.ptx --check-prefix=PTX8

// The seeds' T = 32 block-tiled kernel on 2053 x 2039 x 2048: ceil(2039/32) =
// 64 by ceil(2053/32) = 65 blocks of 32 x 32 threads, two 4 KiB panels in
// shared memory, the padded edge tiles executing 2 * 2080 * 2048 * 2048
// FLOPs for 2 * 2053 * 2039 * 2048 useful ones.

// IR: gpu.launch_func @matmul_matmul_0_module::@matmul_matmul_0 blocks in (%c64, %c65, %c1) threads in (%c32{{(_[0-9]+)?}}, %c32{{(_[0-9]+)?}}, %c1)
// IR-SAME: args(%{{.+}} : memref<2053x2048xf32>, %{{.+}} : memref<2048x2039xf32>, %{{.+}} : memref<2053x2039xf32>)

// MANIFEST: "config": {
// MANIFEST-NEXT: "attribute": "#tile.config<tiled, block = [32, 32, 32], tile = #tile.fma<thread = [1, 1]>>",
// MANIFEST: "threads": 1024,
// MANIFEST: "flops": {
// MANIFEST-NEXT: "executed": 17448304640,
// MANIFEST-NEXT: "useful": 17146130432
// MANIFEST: "launch": {
// MANIFEST-NEXT: "block": [
// MANIFEST-NEXT: 32,
// MANIFEST-NEXT: 32,

// Two static shared buffers; per K step: stores into shared memory, a
// barrier, loads from shared memory, a barrier; the edge predicates.
// PTX-DAG: .shared .align {{[0-9]+}} .b8 __wg_matmul_matmul_0_0[4096];
// PTX-DAG: .shared .align {{[0-9]+}} .b8 __wg_matmul_matmul_0_1[4096];
// PTX: st.shared.b32
// PTX: bar.sync 0;
// PTX: ld.shared
// PTX: fma.rn.f32
// PTX: bar.sync 0;
// PTX-NOT: bar.sync
// PTX: st.global.b32

// T8: "executed": 17179607040,
// T8-NEXT: "useful": 17146130432
// PTX8-DAG: .shared .align {{[0-9]+}} .b8 __wg_matmul_matmul_0_0[256];
// PTX8-DAG: .shared .align {{[0-9]+}} .b8 __wg_matmul_matmul_0_1[256];

// The pipeline's pack-b option, here with stream-k on 2053 x 2039 x 2048:
// the kernel takes A's map, B, C, the workspace and the map of B's copy.
// The workspace holds stream_k's 528 partial sums and flags (17303616
// bytes), then from the next 128-byte boundary (17303680) B's copy, 2048
// rows of 8192 bytes, then the copy's three counters: 34080908 bytes.
// RUN: tile-opt %examples/matmul_2053x2039x2048.mlir --tile-gpu-pipeline="config='#tile.config<tiled, block = [64, 128, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8]>, copy = #tile.copy<kind = tma, a = restaged, b = packed>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 4, scheduler = stream_k>>' artifact-dir=%t/pk ptxas=none" | FileCheck %s --check-prefix=PKIR
// RUN: FileCheck %s --input-file=%t/pk/manifest.json --check-prefix=PK
// PKIR: gpu.launch_func @matmul_matmul_0_module::@matmul_matmul_0 blocks in (%c528, %c1{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}})
// PKIR-SAME: args(%{{.+}} : !nvgpu.tensormap.descriptor<tensor = memref<64x16xf32, {{.*}}>, %{{.+}} : memref<2048x2039xf32>, %{{.+}} : memref<2053x2039xf32>, %{{.+}} : memref<34080908xi8>, %{{.+}} : !nvgpu.tensormap.descriptor<tensor = memref<16x128xf32, {{.*}}>)
// PK: "bytes": 34080908,
// PK-NEXT: "init": "zero",
// PK-NEXT: "kind": "workspace",
// PK: "row_stride": 8192,
// PK: "view": "workspace_copy",
// PK-NEXT: "workspace_offset": 17303680
// PK: "attribute": "#tile.config<tiled, block = [64, 128, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8]>, copy = #tile.copy<kind = tma, a = restaged, b = packed>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 4, scheduler = stream_k>>"
// PK: "grid": [
// PK-NEXT: 528,

// The pipeline's stream-k option: 64 x 128 tiles of 2048^3 with 4 blocks
// per SM (512 tiles for 528 slots) become one wave of 132 x 4 blocks, and
// the kernel takes the workspace (528 partial sums of 64 x 128 floats and
// 528 flags) after C.
// RUN: tile-opt %examples/matmul_2048.mlir --tile-gpu-pipeline="config='#tile.config<tiled, block = [64, 128, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8]>, copy = #tile.copy<kind = tma, a = restaged>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 4, scheduler = stream_k>>' artifact-dir=%t/sk ptxas=none" | FileCheck %s --check-prefix=SKIR
// RUN: FileCheck %s --input-file=%t/sk/manifest.json --check-prefix=SK
// SKIR: gpu.launch_func @matmul_matmul_0_module::@matmul_matmul_0 blocks in (%c528, %c1{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}})
// SKIR-SAME: memref<2048x2048xf32>, %{{.+}} : memref<17303616xi8>)
// SK: "bytes": 17303616,
// SK-NEXT: "init": "zero",
// SK-NEXT: "kind": "workspace",
// SK: "attribute": "#tile.config<tiled, block = [64, 128, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8]>, copy = #tile.copy<kind = tma, a = restaged>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 4, scheduler = stream_k>>"
// SK: "grid": [
// SK-NEXT: 528,
