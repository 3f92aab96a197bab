// RUN: tile-opt %s --tile-report="chip=sm_90a" -o /dev/null 2>&1 | FileCheck %s
// RUN: tile-opt %s --tile-report="chip=sm_90a format=json" -o /dev/null 2>&1 | FileCheck %s --check-prefix=JSON

// The register budget of each warpgroup role, on the FF layer's tiles. Two
// consumer warpgroups of 64 x 256 hold 128 accumulators each (~168
// registers per thread); split_tail splits the 28 tiles past 5 full waves
// into 4 parts.
// CHECK-LABEL: @plain: matmul 2048 x 11008 x 4096 (f16)
// CHECK: warpgroups: 2 consumer(s) of 64 x 256, ~168 registers per thread each{{$}}
// CHECK: split_tail: 772 blocks: 660 tiles whole and 28 tail tile(s) in 4 parts of about 16 of their 64 K steps each, the parts first
// JSON: "function": "plain",
// JSON: "warpgroups": {
// JSON-NEXT: "consumer_registers": null,
// JSON-NEXT: "consumers": 2,
// JSON-NEXT: "estimated_consumer_registers": 168,
// JSON-NEXT: "producer": 0,
// JSON-NEXT: "producer_registers": null
func.func @plain(%A: memref<2048x4096xf16>, %B: memref<4096x11008xf16>, %C: memref<2048x11008xf16>) {
  linalg.matmul {tile.config = #tile.config<tiled, block = [128, 256, 64], warp = [64, 256], tile = #tile.wgmma<shape = [64, 256, 16]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 4, blocks_per_sm = 1, scheduler = split_tail, order = along_m>>} ins(%A, %B : memref<2048x4096xf16>, memref<4096x11008xf16>) outs(%C : memref<2048x11008xf16>)
  return
}

// A producer warpgroup: setmaxnreg gives it 40 registers per thread and
// the two consumers (65536 - 128 x 40) / 256 = 236, rounded down to 232.
// CHECK-LABEL: @producer: matmul 2048 x 11008 x 4096 (f16)
// CHECK: resources: 384 threads
// CHECK: warpgroups: 2 consumer(s) of 64 x 256, ~168 registers per thread each; a producer warpgroup: setmaxnreg 40 for the producer, 232 for the consumers (65536 registers per SM)
// JSON: "function": "producer",
// JSON: "warpgroups": {
// JSON-NEXT: "consumer_registers": 232,
// JSON-NEXT: "consumers": 2,
// JSON-NEXT: "estimated_consumer_registers": 168,
// JSON-NEXT: "producer": 1,
// JSON-NEXT: "producer_registers": 40
func.func @producer(%A: memref<2048x4096xf16>, %B: memref<4096x11008xf16>, %C: memref<2048x11008xf16>) {
  linalg.matmul {tile.config = #tile.config<tiled, block = [128, 256, 64], warp = [64, 256], tile = #tile.wgmma<shape = [64, 256, 16]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 4, producer = warpgroup, order = along_m>>} ins(%A, %B : memref<2048x4096xf16>, memref<4096x11008xf16>) outs(%C : memref<2048x11008xf16>)
  return
}

// split_tail with a producer warpgroup is persistent: one wave of 132
// blocks loops over the 660 whole tiles and then the 112 parts (the parts
// last), with C in its own slot after the 4 stages (2 chunks of 128 x 128
// f16: 196608 + 34816 bytes). (This and the next two are C = A * B, a zero
// fill first: C += A * B stages the f32 accumulators, as @f32_c does.)
// CHECK-LABEL: @persistent_tail: matmul 2048 x 11008 x 4096 (f16)
// CHECK: plan: grid 132 x 1, block 384 x 1;{{.*}}; split_tail tiles; rows epilogue in 2 column chunks
// CHECK: split_tail: 772 units, looped over by a persistent grid of 132 blocks: 660 tiles whole and 28 tail tile(s) in 4 parts of about 16 of their 64 K steps each, the whole tiles first
// JSON: "function": "persistent_tail",
// JSON: "grid": [
// JSON-NEXT: 132,
// JSON: "rows_passes": 2,
// JSON: "shared_bytes": 232448,
// JSON: "stream_k": {
// JSON-NEXT: "blocks": 772,
// JSON-NEXT: "data_parallel_tiles": 660,
// JSON-NEXT: "grid": 132,
// JSON: "parts_first": false,
// JSON-NEXT: "persistent": true,
// JSON-NEXT: "tail_split": 4,
func.func @persistent_tail(%A: memref<2048x4096xf16>, %B: memref<4096x11008xf16>, %C: memref<2048x11008xf16>) {
  %zero = arith.constant 0.0 : f16
  linalg.fill ins(%zero : f16) outs(%C : memref<2048x11008xf16>)
  linalg.matmul {tile.config = #tile.config<tiled, block = [128, 256, 64], warp = [64, 256], tile = #tile.wgmma<shape = [64, 256, 16]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 4, blocks_per_sm = 1, scheduler = split_tail, producer = warpgroup, order = along_m>>} ins(%A, %B : memref<2048x4096xf16>, memref<4096x11008xf16>) outs(%C : memref<2048x11008xf16>)
  return
}

// cluster = 2, along_m: a pair of blocks shares B's 64 x 256 panel (32
// KiB of the 48 KiB step), so one block fetches 16 KiB of A and 16 KiB of
// B per K step: 4194304 FLOPs over 32768 bytes = 128 FLOP/byte, twice the
// 85.33 of the step it stages.
// CHECK-LABEL: @cluster: matmul 2048 x 11008 x 4096 (f16)
// CHECK: one K step of one block: 49152 bytes staged, 4194304 FLOPs: 85.33 FLOP/byte
// CHECK-NEXT: cluster: 2 blocks share B's panels (multicast): one fetches 32768 bytes per K step, 128.00 FLOP/byte
// JSON: "function": "cluster",
// JSON: "k_step": {
// JSON-NEXT: "bytes_fetched": 32768,
// JSON-NEXT: "bytes_staged": 49152,
func.func @cluster(%A: memref<2048x4096xf16>, %B: memref<4096x11008xf16>, %C: memref<2048x11008xf16>) {
  linalg.matmul {tile.config = #tile.config<tiled, block = [128, 256, 64], warp = [64, 256], tile = #tile.wgmma<shape = [64, 256, 16]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 4, order = along_m, cluster = 2>>} ins(%A, %B : memref<2048x4096xf16>, memref<4096x11008xf16>) outs(%C : memref<2048x11008xf16>)
  return
}

// The tile order and what a wave reads, on 8192^3 in 128 x 256 tiles (64
// tile rows, 32 columns; 132 resident blocks). Down whole columns
// (along_m) the first wave spans all 64 tile rows and 3 columns: all of A
// (64 x 128 rows x 8192 x 2 bytes = 128 MiB) and 3 x 256 columns of B (12
// MiB), past the L2. In bands of 16 tile rows it spans 16 rows and 9
// columns (132 = 8 x 16 + 4): 32 MiB of A and 36 MiB of B.
// CHECK-LABEL: @columns: matmul 8192 x 8192 x 8192 (f16)
// CHECK: tile order: along_m; the first wave's 132 blocks span 64 tile rows x 3 columns: 128.0 MiB of A's row panels and 12.0 MiB of B's column panels
// CHECK-LABEL: @bands: matmul 8192 x 8192 x 8192 (f16)
// CHECK: tile order: along_m in bands of 16 tile rows; the first wave's 132 blocks span 16 tile rows x 9 columns: 32.0 MiB of A's row panels and 36.0 MiB of B's column panels
// JSON: "function": "bands",
// JSON: "tile_order": {
// JSON-NEXT: "group": 16,
// JSON-NEXT: "order": "along_m",
// JSON-NEXT: "wave_blocks": 132,
// JSON-NEXT: "wave_tile_cols": 9,
// JSON-NEXT: "wave_tile_rows": 16
func.func @columns(%A: memref<8192x8192xf16>, %B: memref<8192x8192xf16>, %C: memref<8192x8192xf16>) {
  linalg.matmul {tile.config = #tile.config<tiled, block = [128, 256, 64], warp = [64, 256], tile = #tile.wgmma<shape = [64, 256, 16]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 4, order = along_m>>} ins(%A, %B : memref<8192x8192xf16>, memref<8192x8192xf16>) outs(%C : memref<8192x8192xf16>)
  return
}
func.func @bands(%A: memref<8192x8192xf16>, %B: memref<8192x8192xf16>, %C: memref<8192x8192xf16>) {
  linalg.matmul {tile.config = #tile.config<tiled, block = [128, 256, 64], warp = [64, 256], tile = #tile.wgmma<shape = [64, 256, 16]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 4, order = along_m, group = 16>>} ins(%A, %B : memref<8192x8192xf16>, memref<8192x8192xf16>) outs(%C : memref<8192x8192xf16>)
  return
}

// The rows epilogue's C tile with a persistent producer warpgroup, which
// refills the stages while the consumers store C: its own slot after 3
// stages of 48 KiB (147456 + 128 x (512 + 16) = 215040 bytes, with the
// mbarriers 216064 of 232448). With 4 stages (197632 + 67584 bytes) the
// whole tile does not fit, but its halves of 128 columns do (128 x (256 +
// 16) = 34816 bytes: 232448 in all); an f32 C (128 x 1040 = 133120 bytes)
// takes halves after 3 stages and quarters after 4. Two warpgroups side by
// side (warp = [64, 128]) split each row of C between them: no chunks, and
// the whole tile does not fit beside 4 stages, so direct stores.
// CHECK-LABEL: @own_c_tile: matmul 2048 x 11008 x 4096 (f16)
// CHECK: resources: 384 threads, 216064 bytes shared memory
// CHECK: shared memory (dynamic): a_panels 49152 B at 0; b_panels 98304 B at 49152; c_tile 67584 B at 147456; mbarriers 1024 B
// CHECK: persistent tiles; rows epilogue{{$}}
// CHECK-LABEL: @halves: matmul 2048 x 11008 x 4096 (f16)
// CHECK: resources: 384 threads, 232448 bytes shared memory
// CHECK: shared memory (dynamic): a_panels 65536 B at 0; b_panels 131072 B at 65536; c_tile 34816 B at 196608; mbarriers 1024 B
// CHECK: persistent tiles; rows epilogue in 2 column chunks
// CHECK-LABEL: @f32_c: matmul 2048 x 11008 x 4096 (f16)
// CHECK: shared memory (dynamic): a_panels 49152 B at 0; b_panels 98304 B at 49152; c_tile 67584 B at 147456; mbarriers 1024 B
// CHECK: persistent tiles; rows epilogue in 2 column chunks
// CHECK-LABEL: @f32_c_4: matmul 2048 x 11008 x 4096 (f16)
// CHECK: shared memory (dynamic): a_panels 65536 B at 0; b_panels 131072 B at 65536; c_tile 34816 B at 196608; mbarriers 1024 B
// CHECK: persistent tiles; rows epilogue in 4 column chunks
// CHECK-LABEL: @no_room: matmul 2048 x 11008 x 4096 (f16)
// CHECK: shared memory (dynamic): a_panels 65536 B at 0; b_panels 131072 B at 65536; mbarriers 1024 B
// CHECK: persistent tiles; direct epilogue
// JSON: "function": "own_c_tile",
// JSON: "shared_memory": {
// JSON-NEXT: "dynamic": true,
// JSON-NEXT: "mbarrier_bytes": 1024,
// JSON-NEXT: "panel_bytes": 215040,
// JSON: "name": "b_panels",
// JSON: "aliases": false,
// JSON-NEXT: "alignment": 16,
// JSON-NEXT: "bytes": 67584,
// JSON-NEXT: "name": "c_tile",
// JSON-NEXT: "offset": 147456
func.func @own_c_tile(%A: memref<2048x4096xf16>, %B: memref<4096x11008xf16>, %C: memref<2048x11008xf16>) {
  %zero = arith.constant 0.0 : f16
  linalg.fill ins(%zero : f16) outs(%C : memref<2048x11008xf16>)
  linalg.matmul {tile.config = #tile.config<tiled, block = [128, 256, 64], warp = [64, 256], tile = #tile.wgmma<shape = [64, 256, 16]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 3, scheduler = persistent, producer = warpgroup, group = 16>>} ins(%A, %B : memref<2048x4096xf16>, memref<4096x11008xf16>) outs(%C : memref<2048x11008xf16>)
  return
}
func.func @halves(%A: memref<2048x4096xf16>, %B: memref<4096x11008xf16>, %C: memref<2048x11008xf16>) {
  %zero = arith.constant 0.0 : f16
  linalg.fill ins(%zero : f16) outs(%C : memref<2048x11008xf16>)
  linalg.matmul {tile.config = #tile.config<tiled, block = [128, 256, 64], warp = [64, 256], tile = #tile.wgmma<shape = [64, 256, 16]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 4, scheduler = persistent, producer = warpgroup, group = 16>>} ins(%A, %B : memref<2048x4096xf16>, memref<4096x11008xf16>) outs(%C : memref<2048x11008xf16>)
  return
}
func.func @f32_c(%A: memref<2048x4096xf16>, %B: memref<4096x11008xf16>, %C: memref<2048x11008xf32>) {
  linalg.matmul {tile.config = #tile.config<tiled, block = [128, 256, 64], warp = [64, 256], tile = #tile.wgmma<shape = [64, 256, 16]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 3, scheduler = persistent, producer = warpgroup, group = 16>>} ins(%A, %B : memref<2048x4096xf16>, memref<4096x11008xf16>) outs(%C : memref<2048x11008xf32>)
  return
}
func.func @f32_c_4(%A: memref<2048x4096xf16>, %B: memref<4096x11008xf16>, %C: memref<2048x11008xf32>) {
  linalg.matmul {tile.config = #tile.config<tiled, block = [128, 256, 64], warp = [64, 256], tile = #tile.wgmma<shape = [64, 256, 16]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 4, scheduler = persistent, producer = warpgroup, group = 16>>} ins(%A, %B : memref<2048x4096xf16>, memref<4096x11008xf16>) outs(%C : memref<2048x11008xf32>)
  return
}
func.func @no_room(%A: memref<2048x4096xf16>, %B: memref<4096x11008xf16>, %C: memref<2048x11008xf16>) {
  linalg.matmul {tile.config = #tile.config<tiled, block = [128, 256, 64], warp = [64, 128], tile = #tile.wgmma<shape = [64, 128, 16]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 4, scheduler = persistent, producer = warpgroup, group = 16>>} ins(%A, %B : memref<2048x4096xf16>, memref<4096x11008xf16>) outs(%C : memref<2048x11008xf16>)
  return
}

// TF32 C += A * B: where C's rows are 16-byte multiples the f32 tile's
// chunks take the sums and C is added at the store, as for 16-bit
// operands; rows of 2039 f32 (8156 bytes) load C into the accumulators
// before the K loop instead.
// CHECK-LABEL: @tf32_acc: matmul 2048 x 2048 x 2048 (f32)
// CHECK: plan: {{.*}}rounded to TF32 in registers{{.*}}persistent tiles; rows epilogue in 4 column chunks, C added at the store{{$}}
// CHECK-LABEL: @tf32_acc_ragged: matmul 2053 x 2039 x 2048 (f32)
// CHECK: plan: {{.*}}persistent tiles; rows epilogue{{$}}
func.func @tf32_acc(%A: memref<2048x2048xf32>, %B: memref<2048x2048xf32>, %C: memref<2048x2048xf32>) {
  linalg.matmul {tile.config = #tile.config<tiled, block = [128, 256, 32], warp = [64, 256], tile = #tile.wgmma<shape = [64, 256, 8], precision = tf32>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 4, blocks_per_sm = 1, scheduler = persistent, producer = warpgroup, order = along_m>>} ins(%A, %B : memref<2048x2048xf32>, memref<2048x2048xf32>) outs(%C : memref<2048x2048xf32>)
  return
}
func.func @tf32_acc_ragged(%A: memref<2053x2048xf32>, %B: memref<2048x2039xf32>, %C: memref<2053x2039xf32>) {
  linalg.matmul {tile.config = #tile.config<tiled, block = [64, 256, 32], warp = [64, 256], tile = #tile.wgmma<shape = [64, 256, 8], precision = tf32>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 4, blocks_per_sm = 1, scheduler = persistent, producer = warpgroup>>} ins(%A, %B : memref<2053x2048xf32>, memref<2048x2039xf32>) outs(%C : memref<2053x2039xf32>)
  return
}
