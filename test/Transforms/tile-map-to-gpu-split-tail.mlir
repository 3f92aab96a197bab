// RUN: tile-opt %s -split-input-file --pass-pipeline="builtin.module(func.func(tile-configure{chip=sm_90a},tile-block-tile,tile-promote,tile-map-to-gpu{chip=sm_90a}),canonicalize)" | FileCheck %s

// scheduler = split_tail (--tile-map-to-gpu, canonicalized) on 896 x 2432
// x 1024 in 128 x 128 tiles: 7 x 19 = 133 tiles for a wave of 132 blocks
// (sm_90a, blocks_per_sm = 1). Tiles 0..131 run whole, one per block; tile
// 132, the tail, is split into min(132 / 1, 16 K steps / 4) = 4 parts of
// 4 K steps, blocks 132..135. The workspace holds the 4 parts' partial
// sums (128 x 128 f32 each) and flags: 4 x 65536 + 16 bytes (the tail
// tile's counter is part 0's flag).
// CHECK-LABEL: func.func @split_tail
// CHECK: %[[WS:.*]] = memref.alloc() : memref<262160xi8>
// CHECK: gpu.launch blocks(%[[BX:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %c136, %{{.*}} = %c1, %{{.*}} = %c1) threads(%[[TX:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %c256, %{{.*}} = %c1, %{{.*}} = %c1)
// Block g < 132 runs tile g's 16 steps; block g >= 132 runs part p = (g -
// 132) mod 4 of tile 132 + (g - 132) / 4, steps [p x 16 / 4, (p + 1) x 16
// / 4) of the tile (steps counted over all tiles: tile x 16 + step).
// CHECK: %[[TAIL:.*]] = arith.cmpi uge, %[[BX]], %c132 : index
// CHECK-NEXT: %[[REL0:.*]] = arith.subi %[[BX]], %c132 : index
// CHECK-NEXT: %[[REL:.*]] = arith.select %[[TAIL]], %[[REL0]], %c0 : index
// CHECK-NEXT: %[[PART:.*]] = arith.remui %[[REL]], %c4 : index
// CHECK-NEXT: %[[T0:.*]] = arith.divui %[[REL]], %c4 : index
// CHECK-NEXT: %[[T1:.*]] = arith.addi %[[T0]], %c132 : index
// CHECK-NEXT: %[[TILE:.*]] = arith.select %[[TAIL]], %[[T1]], %[[BX]] : index
// CHECK-NEXT: %[[FIRST:.*]] = arith.muli %[[TILE]], %c16 : index
// CHECK-NEXT: %[[B0:.*]] = arith.muli %[[PART]], %c16 : index
// CHECK-NEXT: %[[B1:.*]] = arith.divui %[[B0]], %c4 : index
// CHECK-NEXT: %[[B2:.*]] = arith.select %[[TAIL]], %[[B1]], %c0 : index
// CHECK-NEXT: %[[BEGIN:.*]] = arith.addi %[[FIRST]], %[[B2]] : index
// CHECK-NEXT: %[[E0:.*]] = arith.addi %[[PART]], %c1 : index
// CHECK-NEXT: %[[E1:.*]] = arith.muli %[[E0]], %c16 : index
// CHECK-NEXT: %[[E2:.*]] = arith.divui %[[E1]], %c4 : index
// CHECK-NEXT: %[[E3:.*]] = arith.select %[[TAIL]], %[[E2]], %c16 : index
// CHECK-NEXT: arith.addi %[[FIRST]], %[[E3]] : index
// The partial sums: one per split block (slot g - 132).
// CHECK-NEXT: %[[PARTIALS:.*]] = memref.view %{{.*}}[%c0][] : memref<262160xi8> to memref<65536xf32>
// After the K loop: the owner is the part that starts at the tile's first
// step (every block of a whole tile); a tail part (block >= 132) sums with
// the tile's other parts, on the tile's counter (part 0's flag word, at
// 262144 + 4 x its slot).
// CHECK: %[[SELFI:.*]] = nvvm.inline_ptx "mov.b32 $0, $1;"
// CHECK-NEXT: %[[SELF:.*]] = arith.index_cast %[[SELFI]] : i32 to index
// CHECK-NEXT: %[[K0:.*]] = arith.remui %[[BEGIN]], %c16 : index
// CHECK-NEXT: %[[OWNER:.*]] = arith.cmpi eq, %[[K0]], %c0 : index
// CHECK-NEXT: %[[INTAIL:.*]] = arith.cmpi uge, %[[SELF]], %c132 : index
// CHECK-NEXT: %[[SUMS:.*]]:64 = scf.if %[[INTAIL]] -> (f32,
// CHECK-NEXT: %[[SLOT:.*]] = arith.subi %[[SELF]], %c132 : index
// CHECK-NEXT: %[[SPART:.*]] = arith.remui %[[SLOT]], %c4 : index
// CHECK-NEXT: %[[SLOT0:.*]] = arith.subi %[[SLOT]], %[[SPART]] : index
// CHECK-NEXT: memref.extract_aligned_pointer_as_index
// CHECK-NEXT: %[[CO:.*]] = arith.muli %[[SLOT0]], %c4 : index
// CHECK-NEXT: %[[CB:.*]] = arith.addi %{{.*}}, %c262144 : index
// CHECK-NEXT: arith.addi %[[CB]], %[[CO]] : index
// The part's 16 chunks of 4 accumulators to its slot; the leader adds 1 to
// the counter (release) and waits until it reads 4 (acquire).
// CHECK-COUNT-16: vector.store %{{.*}}, %[[PARTIALS]][%{{.*}}] {alignment = 16 : i64} : memref<65536xf32>, vector<4xf32>
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: scf.if
// CHECK-NEXT: llvm.fence syncscope("device") release
// CHECK-NEXT: llvm.inttoptr
// CHECK-NEXT: llvm.atomicrmw add %{{.*}}, %c1_i32 syncscope("device") monotonic
// CHECK: llvm.load %{{.*}} atomic syncscope("device") acquire
// CHECK-NEXT: arith.cmpi ult, %{{.*}}, %c4_i32 : i32
// CHECK: gpu.barrier
// Part p sums chunks p, p + 4, p + 8 and p + 12 of the 4 slots (16384 f32
// apart), each thread its own: chunk q of the thread at ((slot 0 x 16 + q)
// x 256 + tid) x 4. Its 16 loads all come before its first sum; the sums
// go over slot 0, none guarded (the tile is whole: every chunk is inside
// C).
// CHECK-NEXT: %[[C0:.*]] = arith.muli %[[SLOT0]], %c16 : index
// CHECK-NEXT: %[[C1:.*]] = arith.addi %[[C0]], %[[SPART]] : index
// CHECK-NEXT: %[[C2:.*]] = arith.muli %[[C1]], %c256 : index
// CHECK-NEXT: %[[C3:.*]] = arith.addi %[[C2]], %[[TX]] : index
// CHECK-NEXT: %[[AT:.*]] = arith.muli %[[C3]], %c4 : index
// CHECK-NEXT: %[[L0:.*]] = vector.load %[[PARTIALS]][%[[AT]]]
// CHECK-NEXT: %[[AT1:.*]] = arith.addi %[[AT]], %c16384 : index
// CHECK-NEXT: %[[L1:.*]] = vector.load %[[PARTIALS]][%[[AT1]]]
// CHECK-NEXT: %[[AT2:.*]] = arith.addi %[[AT]], %c32768 : index
// CHECK-NEXT: %[[L2:.*]] = vector.load %[[PARTIALS]][%[[AT2]]]
// CHECK-NEXT: %[[AT3:.*]] = arith.addi %[[AT]], %c49152 : index
// CHECK-NEXT: %[[L3:.*]] = vector.load %[[PARTIALS]][%[[AT3]]]
// CHECK-NEXT: arith.addi %[[SPART]], %c4 : index
// CHECK-COUNT-12: vector.load %[[PARTIALS]]
// CHECK-NEXT: %[[S1:.*]] = arith.addf %[[L0]], %[[L1]] : vector<4xf32>
// CHECK-NEXT: %[[S2:.*]] = arith.addf %[[S1]], %[[L2]] : vector<4xf32>
// CHECK-NEXT: %[[S3:.*]] = arith.addf %[[S2]], %[[L3]] : vector<4xf32>
// CHECK-NEXT: vector.store %[[S3]], %[[PARTIALS]][%[[AT]]] {alignment = 16 : i64} : memref<65536xf32>, vector<4xf32>
// CHECK-COUNT-3: vector.store %{{.*}}, %[[PARTIALS]]
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: scf.if
// CHECK-NEXT: llvm.fence syncscope("device") release
// CHECK-NEXT: llvm.inttoptr
// CHECK-NEXT: llvm.atomicrmw add %{{.*}}, %c1_i32 syncscope("device") monotonic
// The owner waits for all 4 parts' second arrival (8), clears the counter
// for the next launch, and loads slot 0's 16 chunks in place of its
// accumulators; the owner alone stores C.
// CHECK: scf.if %[[OWNER]] -> (f32,
// CHECK: llvm.load %{{.*}} atomic syncscope("device") acquire
// CHECK-NEXT: arith.cmpi ult, %{{.*}}, %c8_i32 : i32
// CHECK: llvm.store %c0_i32, %{{.*}} atomic syncscope("device") monotonic
// CHECK: gpu.barrier
// CHECK-COUNT-16: vector.load %[[PARTIALS]][%{{.*}}] {alignment = 16 : i64} : memref<65536xf32>, vector<4xf32>
// CHECK-NOT: vector.load %[[PARTIALS]]
// CHECK: scf.if %[[OWNER]] {
// CHECK: vector.from_elements %[[SUMS]]#0, %[[SUMS]]#1 : vector<2xf32>
func.func @split_tail(%A: memref<896x1024xf16>, %B: memref<1024x2432xf16>, %C: memref<896x2432xf32>) {
  linalg.matmul {tile.config = #tile.config<tiled, block = [128, 128, 64], warp = [64, 128], tile = #tile.wgmma<shape = [64, 128, 16]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 4, blocks_per_sm = 1, scheduler = split_tail>>} ins(%A, %B : memref<896x1024xf16>, memref<1024x2432xf16>) outs(%C : memref<896x2432xf32>)
  return
}

// -----

// Whole tiles of two waves or more: the parts go first (partsFirst). 2048
// x 2176 x 1024 in 128 x 128 tiles is 16 x 17 = 272 tiles: 264 whole (two
// waves of 132) and 8 tail tiles of 16 K steps in min(132 / 8, 16 / 4) = 4
// parts. Blocks 0..31 run the parts (block g: part g mod 4 of tile 264 +
// g / 4), blocks 32..295 whole tile g - 32; a part's slot is its block.
// CHECK-LABEL: func.func @parts_first
// CHECK: gpu.launch blocks(%[[BX:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %c296, %{{.*}} = %c1, %{{.*}} = %c1)
// CHECK: %[[TAIL:.*]] = arith.cmpi ult, %[[BX]], %c32 : index
// CHECK-NEXT: %[[WHOLE:.*]] = arith.subi %[[BX]], %c32 : index
// CHECK-NEXT: %[[PART:.*]] = arith.remui %[[BX]], %c4 : index
// CHECK-NEXT: %[[T0:.*]] = arith.divui %[[BX]], %c4 : index
// CHECK-NEXT: %[[T1:.*]] = arith.addi %[[T0]], %c264 : index
// CHECK-NEXT: %[[TILE:.*]] = arith.select %[[TAIL]], %[[T1]], %[[WHOLE]] : index
// CHECK-NEXT: arith.muli %[[TILE]], %c16 : index
// After the K loop: a tail tile's counter is its first part's flag, after
// the 32 parts' partial sums (32 x 65536 bytes).
// CHECK: %[[SELFI:.*]] = nvvm.inline_ptx "mov.b32 $0, $1;"
// CHECK-NEXT: %[[SELF:.*]] = arith.index_cast %[[SELFI]] : i32 to index
// CHECK: %[[INTAIL:.*]] = arith.cmpi ult, %[[SELF]], %c32 : index
// CHECK-NEXT: scf.if %[[INTAIL]] -> (f32,
// CHECK-NEXT: %[[SPART:.*]] = arith.remui %[[SELF]], %c4 : index
// CHECK-NEXT: %[[SLOT0:.*]] = arith.subi %[[SELF]], %[[SPART]] : index
// CHECK-NEXT: memref.extract_aligned_pointer_as_index
// CHECK-NEXT: %[[CO:.*]] = arith.muli %[[SLOT0]], %c4 : index
// CHECK-NEXT: %[[CB:.*]] = arith.addi %{{.*}}, %c2097152 : index
// CHECK-NEXT: arith.addi %[[CB]], %[[CO]] : index
func.func @parts_first(%A: memref<2048x1024xf16>, %B: memref<1024x2176xf16>, %C: memref<2048x2176xf32>) {
  linalg.matmul {tile.config = #tile.config<tiled, block = [128, 128, 64], warp = [64, 128], tile = #tile.wgmma<shape = [64, 128, 16]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 4, blocks_per_sm = 1, scheduler = split_tail>>} ins(%A, %B : memref<2048x1024xf16>, memref<1024x2176xf16>) outs(%C : memref<2048x2176xf32>)
  return
}

// -----

// No tail to split (a regression: this crashed the pass). 1536 x 1408 x
// 1024 in 128 x 128 tiles is 12 x 11 = 132 tiles, one whole wave: no
// workspace, no partial sums or flags, and every block stores its tile.
// CHECK-LABEL: func.func @whole_waves
// CHECK-NOT: memref.alloc
// CHECK: gpu.launch blocks(%{{.*}}, %{{.*}}, %{{.*}}) in (%{{.*}} = %c132, %{{.*}} = %c1, %{{.*}} = %c1)
// CHECK-NOT: nvvm.inline_ptx "mov.b32
// CHECK-NOT: ld.acquire
// CHECK: vector.store
// CHECK: gpu.terminator
func.func @whole_waves(%A: memref<1536x1024xf16>, %B: memref<1024x1408xf16>, %C: memref<1536x1408xf32>) {
  linalg.matmul {tile.config = #tile.config<tiled, block = [128, 128, 64], warp = [64, 128], tile = #tile.wgmma<shape = [64, 128, 16]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 4, blocks_per_sm = 1, scheduler = split_tail>>} ins(%A, %B : memref<1536x1024xf16>, memref<1024x1408xf16>) outs(%C : memref<1536x1408xf32>)
  return
}

// -----

// With a producer warpgroup, split_tail is persistent: 132 blocks (one
// wave) loop over the 136 units, the 132 whole tiles and then the tail
// tile's 4 parts (units 132..135, on blocks 0..3 in their second round).
// The i-th unit of a block has i x 16 K steps before it, on both roles'
// copies of the loop, so that the stages' phases go on across units. The
// parts sum in the consumers' code alone: their thread index counts from
// the producer's 128 threads, and they synchronise on barrier 1 of their
// 256 threads, never on the block's barrier.
// CHECK-LABEL: func.func @persistent_tail
// CHECK: gpu.launch blocks(%[[BX:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %c132, %{{.*}} = %c1, %{{.*}} = %c1) threads(%[[TX:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %c384,
// CHECK: %[[PARTIALS:.*]] = memref.view %{{.*}}[%c0][] : memref<262160xi8> to memref<65536xf32>
// CHECK: gpu.barrier
// CHECK-NEXT: %[[ROLE:.*]] = arith.cmpi ult, %[[TX]], %c128 : index
// CHECK-NEXT: scf.if %[[ROLE]] {
// CHECK-NEXT: nvvm.setmaxregister decrease 40
// CHECK-NEXT: scf.for %[[PU:.*]] = %[[BX]] to %c136 step %c132 {
// CHECK-NEXT: %[[PI0:.*]] = arith.subi %[[PU]], %[[BX]] : index
// CHECK-NEXT: %[[PI:.*]] = arith.divui %[[PI0]], %c132 : index
// CHECK-NEXT: %[[PBASE:.*]] = arith.muli %[[PI]], %c16 : index
// CHECK-NEXT: %[[PTAIL:.*]] = arith.cmpi uge, %[[PU]], %c132 : index
// CHECK: scf.for %[[PK:.*]] = %[[PK0:.*]] to %{{.*}} step %c64 {
// CHECK-NEXT: %[[PL0:.*]] = arith.subi %[[PK]], %[[PK0]] : index
// CHECK-NEXT: %[[PL:.*]] = arith.divui %[[PL0]], %c64 : index
// CHECK-NEXT: arith.addi %[[PBASE]], %[[PL]] : index
// CHECK: } {tile.self_synchronized}
// CHECK: } {tile.self_synchronized}
// CHECK-NEXT: } else {
// CHECK-NEXT: nvvm.setmaxregister increase 232
// CHECK-NEXT: scf.for %[[CU:.*]] = %[[BX]] to %c136 step %c132 {
// CHECK-NEXT: %[[CI0:.*]] = arith.subi %[[CU]], %[[BX]] : index
// CHECK-NEXT: %[[CI:.*]] = arith.divui %[[CI0]], %c132 : index
// CHECK-NEXT: %[[CBASE:.*]] = arith.muli %[[CI]], %c16 : index
// CHECK-NOT: gpu.barrier
// CHECK: scf.for %[[CK:.*]] = %[[CK0:.*]] to %{{.*}} step %c64 iter_args
// CHECK-NEXT: %[[CL0:.*]] = arith.subi %[[CK]], %[[CK0]] : index
// CHECK-NEXT: %[[CL:.*]] = arith.divui %[[CL0]], %c64 : index
// CHECK-NEXT: arith.addi %[[CBASE]], %[[CL]] : index
// The unit's slot: unit - 132; the consumer thread t - 128's chunks of it.
// CHECK: %[[SELFI:.*]] = nvvm.inline_ptx "mov.b32 $0, $1;"
// CHECK-NEXT: %[[SELF:.*]] = arith.index_cast %[[SELFI]] : i32 to index
// CHECK: %[[INTAIL:.*]] = arith.cmpi uge, %[[SELF]], %c132 : index
// CHECK-NEXT: scf.if %[[INTAIL]] -> (f32,
// CHECK-NEXT: %[[SLOT:.*]] = arith.subi %[[SELF]], %c132 : index
// CHECK: %[[CT:.*]] = arith.subi %[[TX]], %c128 : index
// CHECK-NEXT: %[[LEADER:.*]] = arith.cmpi eq, %[[CT]], %c0 : index
// CHECK-NEXT: vector.from_elements
// CHECK-NEXT: %[[CT1:.*]] = arith.subi %[[TX]], %c128 : index
// CHECK-NEXT: %[[S0:.*]] = arith.muli %[[SLOT]], %c4096 : index
// CHECK-NEXT: %[[S1:.*]] = arith.addi %[[S0]], %[[CT1]] : index
// CHECK-NEXT: %[[S2:.*]] = arith.muli %[[S1]], %c4 : index
// CHECK-NEXT: vector.store %{{.*}}, %[[PARTIALS]][%[[S2]]]
// CHECK-COUNT-15: vector.store %{{.*}}, %[[PARTIALS]]
// CHECK-NEXT: nvvm.barrier id = %c1_i32 number_of_threads = %c256_i32
// CHECK-NEXT: scf.if %[[LEADER]] {
// CHECK: arith.cmpi ult, %{{.*}}, %c4_i32 : i32
// CHECK: nvvm.barrier id = %c1_i32 number_of_threads = %c256_i32
// CHECK-NOT: gpu.barrier
// CHECK: arith.cmpi ult, %{{.*}}, %c8_i32 : i32
// CHECK-NOT: gpu.barrier
// CHECK: } {tile.self_synchronized}
// CHECK-NEXT: }
// CHECK-NEXT: gpu.terminator
func.func @persistent_tail(%A: memref<896x1024xf16>, %B: memref<1024x2432xf16>, %C: memref<896x2432xf32>) {
  linalg.matmul {tile.config = #tile.config<tiled, block = [128, 128, 64], warp = [64, 128], tile = #tile.wgmma<shape = [64, 128, 16]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 4, blocks_per_sm = 1, scheduler = split_tail, producer = warpgroup>>} ins(%A, %B : memref<896x1024xf16>, memref<1024x2432xf16>) outs(%C : memref<896x2432xf32>)
  return
}

// -----

// An edge tile's chunks outside C are neither stored, summed nor loaded:
// 16 x 1024 x 1024 in 64 x 128 tiles is 8 tail tiles of 16 K steps in 4
// parts (32 blocks of one consumer warpgroup). Thread t holds rows r = 16
// (t / 32) + (t mod 32) / 4 (chunks 0..7) and r + 8 (chunks 8..15) of the
// tile: only warp 0's rows are inside C's 16.
// CHECK-LABEL: func.func @edge_rows
// CHECK: gpu.launch blocks(%{{.*}}, %{{.*}}, %{{.*}}) in (%{{.*}} = %c32, %{{.*}} = %c1, %{{.*}} = %c1) threads(%[[TX:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %c128,
// CHECK: %[[ROWS:.*]] = affine.min
// CHECK: %[[R8:.*]] = arith.addi %[[R:.*]], %c8 : index
// CHECK: %[[SELF:.*]] = arith.index_cast %{{.*}} : i32 to index
// In the tail parts' branch, the mask: bits 0..7 where row r is inside,
// 8..15 where r + 8 is.
// CHECK: scf.if
// CHECK-NEXT: %[[IN0:.*]] = arith.cmpi ult, %[[R]], %[[ROWS]] : index
// CHECK-NEXT: %[[IN8:.*]] = arith.cmpi ult, %[[R8]], %[[ROWS]] : index
// CHECK-NEXT: %[[B0:.*]] = arith.extui %[[IN0]] : i1 to i64
// CHECK-NEXT: %[[B1:.*]] = arith.select %[[IN0]], %c2_i64, %c0_i64 : i64
// CHECK-NEXT: %[[M1:.*]] = arith.ori %[[B0]], %[[B1]] : i64
// CHECK-COUNT-6: arith.select %[[IN0]]
// CHECK-COUNT-7: arith.select %[[IN8]]
// CHECK: %[[B15:.*]] = arith.select %[[IN8]], %c32768_i64, %c0_i64 : i64
// CHECK-NEXT: %[[MASK:.*]] = arith.ori %{{.*}}, %[[B15]] : i64
// Each chunk's store to the part's slot under its bit.
// CHECK: %[[SPART:.*]] = arith.remui %[[SELF]], %c4 : index
// CHECK-NEXT: %[[SLOT0:.*]] = arith.subi %[[SELF]], %[[SPART]] : index
// CHECK: %[[Q0:.*]] = vector.from_elements
// CHECK-NEXT: %[[A0:.*]] = arith.muli %[[SELF]], %c2048 : index
// CHECK-NEXT: %[[A1:.*]] = arith.addi %[[A0]], %[[TX]] : index
// CHECK-NEXT: %[[A2:.*]] = arith.muli %[[A1]], %c4 : index
// CHECK-NEXT: %[[BIT0:.*]] = arith.andi %[[MASK]], %c1_i64 : i64
// CHECK-NEXT: %[[IN:.*]] = arith.trunci %[[BIT0]] : i64 to i1
// CHECK-NEXT: scf.if %[[IN]] {
// CHECK-NEXT: vector.store %[[Q0]], %[[PARTIALS:.*]][%[[A2]]] {alignment = 16 : i64} : memref<262144xf32>, vector<4xf32>
// CHECK: arith.shrui %[[MASK]], %c1_i64 : i64
// CHECK: arith.shrui %[[MASK]], %c15_i64 : i64
// CHECK-NEXT: arith.andi
// CHECK-NEXT: arith.trunci
// CHECK-NEXT: scf.if
// CHECK-NEXT: vector.store %{{.*}}, %[[PARTIALS]]
// CHECK: arith.cmpi ult, %{{.*}}, %c4_i32 : i32
// CHECK: gpu.barrier
// The part's share, chunks p, p + 4, p + 8, p + 12: each chunk's 4 loads
// (8192 f32 apart) under the chunk's bit, its sum stored under it.
// CHECK-NEXT: %[[C0:.*]] = arith.minui %[[SPART]], %c63 : index
// CHECK-NEXT: %[[C1:.*]] = arith.index_cast %[[C0]] : index to i64
// CHECK-NEXT: %[[C2:.*]] = arith.shrui %[[MASK]], %[[C1]] : i64
// CHECK-NEXT: %[[C3:.*]] = arith.andi %[[C2]], %c1_i64 : i64
// CHECK-NEXT: %[[OWN:.*]] = arith.trunci %[[C3]] : i64 to i1
// CHECK-NEXT: %[[D0:.*]] = arith.muli %[[SLOT0]], %c16 : index
// CHECK-NEXT: %[[D1:.*]] = arith.addi %[[D0]], %[[SPART]] : index
// CHECK-NEXT: %[[D2:.*]] = arith.muli %[[D1]], %c128 : index
// CHECK-NEXT: %[[D3:.*]] = arith.addi %[[D2]], %[[TX]] : index
// CHECK-NEXT: %[[AT:.*]] = arith.muli %[[D3]], %c4 : index
// CHECK-NEXT: %[[L:.*]]:4 = scf.if %[[OWN]] -> (vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>) {
// CHECK-NEXT: vector.load %[[PARTIALS]][%[[AT]]]
// CHECK-NEXT: %[[AT1:.*]] = arith.addi %[[AT]], %c8192 : index
// CHECK-NEXT: vector.load %[[PARTIALS]][%[[AT1]]]
// CHECK: } else {
// CHECK-NEXT: scf.yield %[[ZERO:.*]], %[[ZERO]], %[[ZERO]], %[[ZERO]]
// CHECK: arith.addi %[[SPART]], %c4 : index
// CHECK: arith.addi %[[SPART]], %c8 : index
// CHECK: arith.addi %[[SPART]], %c12 : index
// CHECK: %[[S1:.*]] = arith.addf %[[L]]#0, %[[L]]#1 : vector<4xf32>
// CHECK-NEXT: %[[S2:.*]] = arith.addf %[[S1]], %[[L]]#2 : vector<4xf32>
// CHECK-NEXT: %[[S3:.*]] = arith.addf %[[S2]], %[[L]]#3 : vector<4xf32>
// CHECK-NEXT: scf.if %[[OWN]] {
// CHECK-NEXT: vector.store %[[S3]], %[[PARTIALS]][%[[AT]]]
// The owner loads slot 0's chunks under their bits (zeros outside C).
// CHECK: arith.cmpi ult, %{{.*}}, %c8_i32 : i32
// CHECK: gpu.barrier
// CHECK-NEXT: %[[O0:.*]] = arith.muli %[[SELF]], %c2048 : index
// CHECK-NEXT: %[[O1:.*]] = arith.addi %[[O0]], %[[TX]] : index
// CHECK-NEXT: %[[O2:.*]] = arith.muli %[[O1]], %c4 : index
// CHECK-NEXT: %[[OB:.*]] = arith.andi %[[MASK]], %c1_i64 : i64
// CHECK-NEXT: %[[OIN:.*]] = arith.trunci %[[OB]] : i64 to i1
// CHECK-NEXT: scf.if %[[OIN]] -> (vector<4xf32>) {
// CHECK-NEXT: vector.load %[[PARTIALS]][%[[O2]]]
// CHECK-COUNT-15: scf.if %{{.*}} -> (vector<4xf32>) {
func.func @edge_rows(%A: memref<16x1024xf16>, %B: memref<1024x1024xf16>, %C: memref<16x1024xf32>) {
  linalg.matmul {tile.config = #tile.config<tiled, block = [64, 128, 64], warp = [64, 128], tile = #tile.wgmma<shape = [64, 128, 16]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 4, blocks_per_sm = 1, scheduler = split_tail>>} ins(%A, %B : memref<16x1024xf16>, memref<1024x1024xf16>) outs(%C : memref<16x1024xf32>)
  return
}
