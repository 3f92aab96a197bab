// RUN: tile-opt %s --tile-report="chip=sm_90" -o /dev/null 2>&1 | FileCheck %s
// RUN: tile-opt %s --tile-report="chip=sm_90 format=json" -o /dev/null 2>&1 | FileCheck %s --check-prefix=JSON
// RUN: tile-opt %s --tile-report="chip=sm_90 format=json" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SMEM
// RUN: tile-opt %s --tile-report="chip=sm_99" -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOCHIP
// The IR is unchanged, and alone on standard output: the report goes to
// standard error, or with output=- to standard output.
// RUN: tile-opt %s --tile-report -o - 2>/dev/null | FileCheck %s --check-prefix=IR
// RUN: tile-opt %s --tile-report="chip=sm_90 output=-" -o /dev/null 2>/dev/null | FileCheck %s
// RUN: rm -f %t.json && tile-opt %s --tile-report="format=json output=%t.json" -o /dev/null && FileCheck %s --input-file=%t.json --check-prefix=JSON

// The seeds' worked example: a 128 x 128 output tile with BK = 32 in FP16
// stages 16 KiB per K step for 1,048,576 FLOPs (64 FLOP/byte); with 256
// threads each holds 64 FP32 accumulators.
// CHECK-LABEL: @seeds: matmul 4096 x 4096 x 4096 (f16)
// CHECK: one K step of one block: 16384 bytes staged, 1048576 FLOPs: 64.00 FLOP/byte
// CHECK: naive one output per thread: 0.50
// CHECK: per thread and k: 16 values from shared memory, 64 FMAs (4.00 FMAs per value)
// CHECK: resources: 256 threads, 16384 bytes shared memory (1 stage(s)), 64 accumulators
// The FMA tile widens 16-bit operands and multiplies in f32: its floors are
// the FP32 CUDA cores'; the plan refuses an FMA kernel for f16 operands.
// CHECK: plan: none (has f16 operands, but the fma tile multiplies f32
// CHECK: floors: FP32 peak 66.9 TFLOP/s (132 SMs x 128 FMA x 2 x 1.98 GHz)
func.func @seeds(%A: memref<4096x4096xf16>, %B: memref<4096x4096xf16>, %C: memref<4096x4096xf16>) {
  linalg.matmul {tile.config = #tile.config<tiled, block = [128, 128, 32], tile = #tile.fma<thread = [8, 8]>>}
    ins(%A, %B : memref<4096x4096xf16>, memref<4096x4096xf16>) outs(%C : memref<4096x4096xf16>)
  return
}

// FP32 2048^3 with square tiles T: FLOP/byte = T / 4 per K step. The floors:
// 2 x 2048^3 FLOPs at the H200's FP32 peak (132 x 128 x 2 x 1.98 GHz =
// 66.9 TFLOP/s) take 256.8 us, and 264.8 us at the grid's wave efficiency
// (t8: 65536 blocks in 16 waves of 132 x 32 resident, 97 %); the bytes
// without reuse at 4.8 TB/s take 1793 us for T = 8 and half as long per
// doubling of T, so the ridge (66.9 / 4.8 = 13.94 FLOP/byte) is crossed
// between T = 32 (memory-bound) and T = 64 (compute-bound).
// CHECK-LABEL: @t8: matmul 2048 x 2048 x 2048 (f32)
// CHECK: one K step of one block: 512 bytes staged, 1024 FLOPs: 2.00 FLOP/byte
// CHECK: naive one output per thread: 0.25
// CHECK: per thread and k: 2 values from shared memory, 1 FMAs (0.50 FMAs per value)
// CHECK: floors: FP32 peak 66.9 TFLOP/s (132 SMs x 128 FMA x 2 x 1.98 GHz), memory 4.80 TB/s: ridge 13.94 FLOP/byte
// CHECK-NEXT: time floors: 256.8 us for the executed FLOPs at the peak (useful ones: 256.8 us; at the grid's wave efficiency: 264.8 us), 1793.1 us for the bytes without reuse: memory-bound
// CHECK-LABEL: @t16: matmul 2048 x 2048 x 2048 (f32)
// CHECK: 2048 bytes staged, 8192 FLOPs: 4.00 FLOP/byte
// CHECK: 898.3 us for the bytes without reuse: memory-bound
// CHECK-LABEL: @t32: matmul 2048 x 2048 x 2048 (f32)
// CHECK: 8192 bytes staged, 65536 FLOPs: 8.00 FLOP/byte
// CHECK: 450.9 us for the bytes without reuse: memory-bound
// CHECK-LABEL: @t64: matmul 2048 x 2048 x 2048 (f32)
// CHECK: 32768 bytes staged, 524288 FLOPs: 16.00 FLOP/byte
// CHECK: 227.2 us for the bytes without reuse: compute-bound
// T = 64 with one output per thread does not fit; the report says so and
// goes on.
// CHECK: VIOLATION: config needs 4096 threads per block (64 x 64), but sm_90 allows at most 1024
func.func @t8(%A: memref<2048x2048xf32>, %B: memref<2048x2048xf32>, %C: memref<2048x2048xf32>) {
  linalg.matmul {tile.config = #tile.config<tiled, block = [8, 8, 8], tile = #tile.fma<thread = [1, 1]>>}
    ins(%A, %B : memref<2048x2048xf32>, memref<2048x2048xf32>) outs(%C : memref<2048x2048xf32>)
  return
}
func.func @t16(%A: memref<2048x2048xf32>, %B: memref<2048x2048xf32>, %C: memref<2048x2048xf32>) {
  linalg.matmul {tile.config = #tile.config<tiled, block = [16, 16, 16], tile = #tile.fma<thread = [1, 1]>>}
    ins(%A, %B : memref<2048x2048xf32>, memref<2048x2048xf32>) outs(%C : memref<2048x2048xf32>)
  return
}
func.func @t32(%A: memref<2048x2048xf32>, %B: memref<2048x2048xf32>, %C: memref<2048x2048xf32>) {
  linalg.matmul {tile.config = #tile.config<tiled, block = [32, 32, 32], tile = #tile.fma<thread = [1, 1]>>}
    ins(%A, %B : memref<2048x2048xf32>, memref<2048x2048xf32>) outs(%C : memref<2048x2048xf32>)
  return
}
func.func @t64(%A: memref<2048x2048xf32>, %B: memref<2048x2048xf32>, %C: memref<2048x2048xf32>) {
  linalg.matmul {tile.config = #tile.config<tiled, block = [64, 64, 64], tile = #tile.fma<thread = [1, 1]>>}
    ins(%A, %B : memref<2048x2048xf32>, memref<2048x2048xf32>) outs(%C : memref<2048x2048xf32>)
  return
}

// 2053 x 2039 x 2048 on the H200: 128 x 128 tiles make 272 blocks, 2.06
// waves at one block per SM; the padding of the edge tiles is 6.46 % of the
// useful FLOPs (rows 2053 -> 2176, columns 2039 -> 2048).
// CHECK-LABEL: @ragged128: matmul 2053 x 2039 x 2048 (f32)
// CHECK: FLOPs: 1.715E+10 useful, 1.825E+10 executed: 6.46% padding (rows 1.03E+09, columns 7.57E+07, K 0.00E+00)
// CHECK: tiles: 240 full, 16 right edge, 15 bottom edge, 1 corner
// CHECK: blocks per SM by limit: threads 8; registers 2; shared memory 25; blocks 32; resident 2 (registers binds), 16 of 64 warps
// CHECK: grid: 272 blocks on 132 SMs: 2.06 waves at one block per SM; 2 wave(s) at 2 per SM, 52% efficient
// The executed FLOPs (useful + 6.46 %) at the peak, and over the grid's 52 %
// busy block slots.
// CHECK: time floors: 272.8 us for the executed FLOPs at the peak (useful ones: 256.3 us; at the grid's wave efficiency: 529.6 us), 122.3 us for the bytes without reuse: compute-bound
// CHECK: warning: 272 blocks fill 2 waves of 264 resident blocks (132 SMs x 2); the SMs are busy 52% of the time
// CHECK: warning: registers bind occupancy: 120 per thread allow 2 blocks of 256 threads per SM; at 80 or fewer one more block would fit
func.func @ragged128(%A: memref<2053x2048xf32>, %B: memref<2048x2039xf32>, %C: memref<2053x2039xf32>) {
  linalg.matmul {tile.config = #tile.config<tiled, block = [128, 128, 8], warp = [64, 32], tile = #tile.fma<thread = [8, 8]>>}
    ins(%A, %B : memref<2053x2048xf32>, memref<2048x2039xf32>) outs(%C : memref<2053x2039xf32>)
  return
}

// 64 x 64 tiles: 1056 blocks, exactly 8 waves at one block per SM.
// CHECK-LABEL: @ragged64: matmul 2053 x 2039 x 2048 (f32)
// The plan: rows of B (2039 elements) take scalar register copies; A is
// staged K-major (TM = 4); C, without dynamic shared memory to stage
// through, is stored directly.
// CHECK: plan: grid 32 x 33, block 8 x 16; A registers (transposed, 4-element vectors), B registers (row-major, 1-element vectors); single-stage K loop of 1 stage(s); fma tile; data_parallel tiles; direct epilogue
// CHECK-NEXT: kernel arguments: A; B; C;
// CHECK: grid: 1056 blocks on 132 SMs: 8.00 waves at one block per SM
func.func @ragged64(%A: memref<2053x2048xf32>, %B: memref<2048x2039xf32>, %C: memref<2053x2039xf32>) {
  linalg.matmul {tile.config = #tile.config<tiled, block = [64, 64, 16], warp = [32, 32], tile = #tile.fma<thread = [4, 8]>>}
    ins(%A, %B : memref<2053x2048xf32>, memref<2048x2039xf32>) outs(%C : memref<2053x2039xf32>)
  return
}

// b_row_groups stages B's row-class boxes: 4 of 4 x 136 floats (8704
// bytes) beside A's 64 x 16 (4096) per K step; the stages (2 x 12800), the
// K-major A (8192) and 2 mbarriers make 33808 bytes of shared memory.
// CHECK-LABEL: @row_groups: matmul 2053 x 2039 x 2048 (f32)
// CHECK: one K step of one block: 12800 bytes staged, 262144 FLOPs: 20.48 FLOP/byte
// CHECK: resources: 128 threads, 33808 bytes shared memory (2 stage(s))
// The kernel plan's slots: TMA panels in dynamic shared memory, each
// 128-byte aligned, the K-major A after them.
// CHECK: shared memory (dynamic): a_panels 8192 B at 0; b_panels 17408 B at 8192; a_k_major 8192 B at 25600; mbarriers 16 B
// CHECK-NEXT: plan: grid 16 x 33, block 16 x 8; A tma (row-major, boxes) re-staged K-major, B tma (row classes, boxes); issue-ahead K loop of 2 stage(s); fma tile; data_parallel tiles; staged epilogue
// CHECK-NEXT: kernel arguments: A (tensor map); B (tensor map of its row groups); C;
// SMEM-LABEL: "function": "row_groups"
// SMEM: "plan": {
// SMEM-NEXT: "arguments": [
// SMEM-NEXT: "A (tensor map)",
// SMEM-NEXT: "B (tensor map of its row groups)",
// SMEM-NEXT: "C"
// SMEM: "copy": {
// SMEM-NEXT: "a": {
// SMEM-NEXT: "copier": "tma",
// SMEM-NEXT: "layout": "row-major",
// SMEM: "b": {
// SMEM-NEXT: "copier": "tma",
// SMEM-NEXT: "layout": "row classes",
// SMEM: "epilogue": "staged",
// SMEM: "k_loop": "issue-ahead",
// SMEM: "tile_scheduler": "data_parallel"
// SMEM: "shared_memory": {
// SMEM-NEXT: "dynamic": true,
// SMEM-NEXT: "mbarrier_bytes": 16,
// SMEM-NEXT: "panel_bytes": 33792,
// SMEM: "name": "b_panels",
// SMEM-NEXT: "offset": 8192
// SMEM: "alignment": 128,
// SMEM-NEXT: "bytes": 8192,
// SMEM-NEXT: "name": "a_k_major",
// SMEM-NEXT: "offset": 25600
func.func @row_groups(%A: memref<2053x2048xf32>, %B: memref<2048x2039xf32>, %C: memref<2053x2039xf32>) {
  linalg.matmul {tile.config = #tile.config<tiled, block = [64, 128, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8], order = columns>, copy = #tile.copy<kind = tma, a = restaged, b = row_groups>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 4>>}
    ins(%A, %B : memref<2053x2048xf32>, memref<2048x2039xf32>) outs(%C : memref<2053x2039xf32>)
  return
}

// Too few blocks for the chip.
// CHECK-LABEL: @small: matmul 256 x 256 x 256 (f32)
// CHECK: warning: only 4 thread blocks for 132 SMs: 128 SMs get no work
func.func @small(%A: memref<256x256xf32>, %B: memref<256x256xf32>, %C: memref<256x256xf32>) {
  linalg.matmul {tile.config = #tile.config<tiled, block = [128, 128, 16], warp = [64, 32], tile = #tile.fma<thread = [8, 8]>>}
    ins(%A, %B : memref<256x256xf32>, memref<256x256xf32>) outs(%C : memref<256x256xf32>)
  return
}

// Stream-K: the grid is one wave of 132 SMs x 2 blocks sharing the 256
// tiles' 32768 K steps (124 or 125 each, so at most 2 tiles per block);
// the workspace holds a 64 x 256 partial sum and a 4-byte flag per block.
// CHECK-LABEL: @stream_k: matmul 2048 x 2048 x 2048 (f32)
// CHECK: plan: grid 264 x 1, block 32 x 8; A tma (row-major, boxes) re-staged K-major, B tma (row-major, boxes); issue-ahead K loop of 2 stage(s); fma tile; stream_k tiles; predicated epilogue
// CHECK-NEXT: kernel arguments: A (tensor map); B (tensor map); C; workspace (17302560 bytes);
// CHECK: grid: 256 blocks on 132 SMs
// CHECK-NEXT: stream_k: 264 blocks share 32768 K steps (128 per tile), at most 2 tile(s) per block; workspace 17302560 bytes (a 16384-element partial sum and a flag per block)
func.func @stream_k(%A: memref<2048x2048xf32>, %B: memref<2048x2048xf32>, %C: memref<2048x2048xf32>) {
  linalg.matmul {tile.config = #tile.config<tiled, block = [64, 256, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8]>, copy = #tile.copy<kind = tma, a = restaged>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 2, scheduler = stream_k>>}
      ins(%A, %B : memref<2048x2048xf32>, memref<2048x2048xf32>) outs(%C : memref<2048x2048xf32>)
  return
}

// 3072^3 on 64 x 256 tiles: 576 blocks in 3 waves, the last 18 % full.
// Without stream_k the report warns; with it the blocks are one full wave
// sharing 110592 K steps, up to 4 tiles per block, and it does not.
// CHECK-LABEL: @waves_3072: matmul 3072 x 3072 x 3072 (f32)
// CHECK: warning: 576 blocks fill 3 waves of 264 resident blocks (132 SMs x 2); the SMs are busy 73% of the time
// CHECK-LABEL: @stream_k_3072: matmul 3072 x 3072 x 3072 (f32)
// CHECK: stream_k: 264 blocks share 110592 K steps (192 per tile), at most 4 tile(s) per block
// CHECK-NOT: busy
func.func @waves_3072(%A: memref<3072x3072xf32>, %B: memref<3072x3072xf32>, %C: memref<3072x3072xf32>) {
  linalg.matmul {tile.config = #tile.config<tiled, block = [64, 256, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8]>, copy = #tile.copy<kind = tma, a = restaged>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 2>>}
      ins(%A, %B : memref<3072x3072xf32>, memref<3072x3072xf32>) outs(%C : memref<3072x3072xf32>)
  return
}
func.func @stream_k_3072(%A: memref<3072x3072xf32>, %B: memref<3072x3072xf32>, %C: memref<3072x3072xf32>) {
  linalg.matmul {tile.config = #tile.config<tiled, block = [64, 256, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8]>, copy = #tile.copy<kind = tma, a = restaged>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 2, scheduler = stream_k>>}
      ins(%A, %B : memref<3072x3072xf32>, memref<3072x3072xf32>) outs(%C : memref<3072x3072xf32>)
  return
}

// split_tail on the same tiles: 576 tiles are 2 waves of 264 and 48 more,
// which go in 264 / 48 = 5 parts of about 38 of their 192 K steps.
// CHECK-LABEL: @split_tail_3072: matmul 3072 x 3072 x 3072 (f32)
// CHECK: split_tail: 768 blocks: 528 tiles whole and 48 tail tile(s) in 5 parts of about 38 of their 192 K steps each, the parts first; workspace 15729600 bytes (a 16384-element partial sum and a flag per part)
func.func @split_tail_3072(%A: memref<3072x3072xf32>, %B: memref<3072x3072xf32>, %C: memref<3072x3072xf32>) {
  linalg.matmul {tile.config = #tile.config<tiled, block = [64, 256, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8]>, copy = #tile.copy<kind = tma, a = restaged>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 2, scheduler = split_tail>>}
      ins(%A, %B : memref<3072x3072xf32>, memref<3072x3072xf32>) outs(%C : memref<3072x3072xf32>)
  return
}

// Deep K, few tiles: 16 tiles of 256 x 256 x 32768 for 132 SMs. Stream-K
// shares their K steps over a full wave, so no SM is idle and there is no
// "get no work" warning; split_tail's 8 parts per tile leave 4 SMs idle.
// CHECK-LABEL: @deep_k_stream_k: matmul 256 x 256 x 32768 (f32)
// CHECK: stream_k: 132 blocks share 32768 K steps (2048 per tile)
// CHECK-NOT: get no work
// CHECK-LABEL: @deep_k_split_tail: matmul 256 x 256 x 32768 (f32)
// CHECK: split_tail: 128 blocks: 0 tiles whole and 16 tail tile(s) in 8 parts
// CHECK: warning: only 128 thread blocks for 132 SMs: 4 SMs get no work; more parts per tile would give more blocks
func.func @deep_k_stream_k(%A: memref<256x32768xf32>, %B: memref<32768x256xf32>, %C: memref<256x256xf32>) {
  linalg.matmul {tile.config = #tile.config<tiled, block = [64, 64, 16], warp = [32, 32], tile = #tile.fma<thread = [4, 8]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 1, scheduler = stream_k>>}
      ins(%A, %B : memref<256x32768xf32>, memref<32768x256xf32>) outs(%C : memref<256x256xf32>)
  return
}
func.func @deep_k_split_tail(%A: memref<256x32768xf32>, %B: memref<32768x256xf32>, %C: memref<256x256xf32>) {
  linalg.matmul {tile.config = #tile.config<tiled, block = [64, 64, 16], warp = [32, 32], tile = #tile.fma<thread = [4, 8]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 1, scheduler = split_tail>>}
      ins(%A, %B : memref<256x32768xf32>, memref<32768x256xf32>) outs(%C : memref<256x256xf32>)
  return
}

// pack_b: the 264 blocks of 64 x 256 tiles copy B (2048 x 2039) into rows
// of 2048 elements (8192 bytes) of a workspace that ends with the copy's
// three counters; each launch reads B and writes its copy (rows rounded up
// to 2040 elements). On 4096 x 4095 the first wave's 264 of the 1024
// blocks copy B.
// CHECK-LABEL: @pack_b: matmul 2053 x 2039 x 2048 (f32)
// CHECK: plan: grid 8 x 33, block 32 x 8; A tma (row-major, boxes) re-staged K-major, B tma (row-major, boxes) from pack_b's copy; issue-ahead K loop of 2 stage(s); fma tile; data_parallel tiles; staged epilogue
// CHECK-NEXT: kernel arguments: A (tensor map); B; C; workspace (16777228 bytes); B (tensor map of its copy);
// CHECK: grid: 264 blocks on 132 SMs
// CHECK-NEXT: pack: 264 of the grid's 264 blocks copy B (exact) into 2048 rows of 2048 elements at byte 0 of a 16777228-byte workspace, and every block waits for them; 33415168 bytes read and written per launch
// CHECK-LABEL: @pack_b_waves: matmul 4096 x 4095 x 4096 (f32)
// CHECK: pack: 264 of the grid's 1024 blocks copy B (exact) into 4096 rows of 4096 elements at byte 0 of a 67108876-byte workspace
// CHECK-NOT: VIOLATION
func.func @pack_b(%A: memref<2053x2048xf32>, %B: memref<2048x2039xf32>, %C: memref<2053x2039xf32>) {
  linalg.matmul {tile.config = #tile.config<tiled, block = [64, 256, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8]>, copy = #tile.copy<kind = tma, a = restaged, b = packed>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 2>>}
      ins(%A, %B : memref<2053x2048xf32>, memref<2048x2039xf32>) outs(%C : memref<2053x2039xf32>)
  return
}
func.func @pack_b_waves(%A: memref<4096x4096xf32>, %B: memref<4096x4095xf32>, %C: memref<4096x4095xf32>) {
  linalg.matmul {tile.config = #tile.config<tiled, block = [64, 256, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8]>, copy = #tile.copy<kind = tma, a = restaged, b = packed>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 2>>}
      ins(%A, %B : memref<4096x4096xf32>, memref<4096x4095xf32>) outs(%C : memref<4096x4095xf32>)
  return
}

// A matmul without a config is named, not guessed at.
// CHECK: matmul in @unconfigured: no #tile.config (run --tile-configure first)
func.func @unconfigured(%A: memref<8x8xf32>, %B: memref<8x8xf32>, %C: memref<8x8xf32>) {
  linalg.matmul ins(%A, %B : memref<8x8xf32>, memref<8x8xf32>) outs(%C : memref<8x8xf32>)
  return
}

// JSON: "floors": {
// JSON: "fp32_peak_flop_per_s": 66908160000000,
// JSON: "function": "seeds",
// JSON: "k_step": {
// JSON-NEXT: "bytes_fetched": 16384,
// JSON-NEXT: "bytes_staged": 16384,
// JSON-NEXT: "flop_per_byte": 64,
// JSON-NEXT: "flops": 1048576
// JSON: "registers": {
// JSON-NEXT: "fmas_per_k": 64,
// JSON: "accumulators_per_thread": 64,
// JSON: "config": "#tile.config<tiled, block = [128, 128, 8], warp = [64, 32], tile = #tile.fma<thread = [8, 8]>>",
// JSON-NEXT: "floors": {
// JSON-NEXT: "bound": "compute",
// JSON-NEXT: "compute_us": 272.81
// JSON-NEXT: "fp32_peak_flop_per_s": 66908160000000,
// JSON-NEXT: "grid_us": 529.58
// JSON-NEXT: "memory_bytes_per_s": 4800000000000,
// JSON-NEXT: "memory_us": 122.32
// JSON-NEXT: "pack_us": null,
// JSON-NEXT: "peak_instruction": "fma f32",
// JSON-NEXT: "ridge_flop_per_byte": 13.9392,
// JSON-NEXT: "useful_compute_us": 256.26
// JSON: "function": "ragged128",
// JSON: "waves": {
// JSON-NEXT: "ctas": 272,
// JSON: "function": "stream_k",
// JSON: "stream_k": {
// JSON-NEXT: "blocks": 264,
// JSON-NEXT: "data_parallel_tiles": 0,
// JSON-NEXT: "grid": 264,
// JSON-NEXT: "k_steps": 32768,
// JSON-NEXT: "k_steps_per_tile": 128,
// JSON-NEXT: "max_tiles_per_block": 2,
// JSON-NEXT: "parts_first": false,
// JSON-NEXT: "persistent": false,
// JSON-NEXT: "tail_split": 0,
// JSON-NEXT: "workspace_bytes": 17302560
// pack_b's copy: its 33415168 bytes at 4.8 TB/s before any tile.
// JSON: "pack_us": 6.96149
// JSON: "function": "pack_b",
// JSON: "pack": {
// JSON-NEXT: "blocks": 264,
// JSON-NEXT: "bytes_moved": 33415168,
// JSON-NEXT: "copies": [
// JSON-NEXT: {
// JSON-NEXT: "cols": 2039,
// JSON-NEXT: "offset_bytes": 0,
// JSON-NEXT: "operand": "B",
// JSON-NEXT: "part": "exact",
// JSON-NEXT: "row_pitch": 2048,
// JSON-NEXT: "rows": 2048,
// JSON-NEXT: "transposed": false
// JSON-NEXT: }
// JSON-NEXT: ],
// JSON-NEXT: "packers": 264,
// JSON-NEXT: "workspace_bytes": 16777228
// JSON: "error": "no #tile.config (run --tile-configure first)",
// JSON-NEXT: "function": "unconfigured"

// Unknown chip: the chip-independent part, and a note.
// NOCHIP: @seeds: matmul 4096 x 4096 x 4096 (f16), {{.*}}, chip unknown
// NOCHIP: one K step of one block: 16384 bytes staged
// NOCHIP-NOT: blocks per SM
// NOCHIP-NOT: floors
// NOCHIP: warning: unknown chip 'sm_99': occupancy, waves and limits are not computed

// IR-NOT: matmul 4096 x 4096
// IR: func.func @seeds
// IR: linalg.matmul {tile.config = #tile.config<tiled, block = [128, 128, 32], tile = #tile.fma<thread = [8, 8]>>}

// The wgmma tile on sm_90a (on sm_90 the report names the missing tile): its floors are the tensor cores' for f16
// (2048 multiply-adds per SM per cycle), the per-thread FMA count gives
// way to the warpgroup's instructions, the stages are swizzled boxes.
// RUN: tile-opt %s --tile-report="chip=sm_90a" -o /dev/null 2>&1 | FileCheck %s --check-prefix=WGMMA
// WGMMA-LABEL: @wgmma_report: matmul 2048 x 11008 x 4096 (f16)
// WGMMA: one K step of one block: 49152 bytes staged, 4194304 FLOPs: 85.33 FLOP/byte
// WGMMA: per warpgroup and 16 of k: 1 wgmma m64n256k16 from shared-memory descriptors (no per-thread shared loads)
// WGMMA: resources: 256 threads, 197632 bytes shared memory (4 stage(s)), 128 accumulators, ~168 registers per thread
// C += A * B (a memref matmul): the rows epilogue's tile holds the f32
// accumulators (128 x (1024 + 16) bytes), to which C is added at the store.
// WGMMA: shared memory (dynamic): a_panels 65536 B at 0; b_panels 131072 B at 65536; c_tile 133120 B at 0 (over the stages, once they are idle); mbarriers 1024 B
// WGMMA: plan: grid 43 x 16, block 256 x 1; A tma (128-byte swizzled boxes), B tma (128-byte swizzled boxes); issue-ahead K loop of 4 stage(s); wgmma tile; data_parallel tiles; rows epilogue, C added at the store{{$}}
// WGMMA: floors: tensor-core F16 peak 1070.5 TFLOP/s (132 SMs x 2048 FMA x 2 x 1.98 GHz)
func.func @wgmma_report(%A: memref<2048x4096xf16>, %B: memref<4096x11008xf16>, %C: memref<2048x11008xf16>) {
  linalg.matmul {tile.config = #tile.config<tiled, block = [128, 256, 64], warp = [64, 256], tile = #tile.wgmma<shape = [64, 256, 16]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 4>>}
    ins(%A, %B : memref<2048x4096xf16>, memref<4096x11008xf16>) outs(%C : memref<2048x11008xf16>)
  return
}
