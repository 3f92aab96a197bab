// RUN: tile-opt %s -split-input-file --pass-pipeline="builtin.module(func.func(tile-configure{config='#tile.config<tiled, block = [64, 128, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8]>, copy = #tile.copy<kind = tma, a = restaged, b = packed>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 1>>' chip=sm_90},tile-block-tile,tile-promote,tile-map-to-gpu{chip=sm_90}),canonicalize)" | FileCheck %s

// pack_b (--tile-map-to-gpu, canonicalized) on 130 x 259 x 64 with 64 x 128
// tiles: rows of B are 1036 bytes, no 16-byte multiple. The workspace holds
// B's copy, 64 rows of 288 elements (1152 bytes, the next 128-byte
// multiple), then the copy's three counters (arrivals, departures,
// tickets) at 73728, 73732 and 73736: 73740 bytes. B's second tensor
// map describes the copy's 64 x 259 elements, rows 288 apart, in boxes of
// 16 x 128.
// CHECK-LABEL: func.func @pack
// CHECK: %[[WS:.*]] = memref.alloc() : memref<73740xi8>
// CHECK: %[[ROWS:.*]] = memref.view %[[WS]][%c0][] : memref<73740xi8> to memref<64x288xf32>
// CHECK: %[[COPY:.*]] = memref.subview %[[ROWS]][0, 0] [64, 259] [1, 1] : memref<64x288xf32> to memref<64x259xf32, strided<[288, 1]>>
// CHECK: %[[MAPA:.*]] = nvgpu.tma.create.descriptor %{{.*}} box[%c64, %c16]
// CHECK: %[[CAST:.*]] = memref.cast %[[COPY]] : memref<64x259xf32, strided<[288, 1]>> to memref<*xf32>
// CHECK: %[[MAPB:.*]] = nvgpu.tma.create.descriptor %[[CAST]] box[%c16, %c128]
// The grid is the 3 x 3 tiles (9 blocks of 128 threads). The kernel's
// parameters (tile.kernel_arguments): A's map, B, C, the workspace, the
// copy's map.
// CHECK: gpu.launch blocks(%[[BX:.*]], %[[BY:.*]], %{{.*}}) in (%{{.*}} = %c3, %{{.*}} = %c3, %{{.*}} = %c1) threads(%[[TX:.*]], %[[TY:.*]], %{{.*}}) in (%{{.*}} = %c16, %{{.*}} = %c8
// CHECK-NEXT: tile.kernel_arguments %[[MAPA]], %arg1, %arg2, %[[WS]], %[[MAPB]] :
// CHECK: nvgpu.tma.prefetch.descriptor %[[MAPA]], predicate = %[[LEADER:.*]] :
// CHECK-NEXT: %[[B:.*]] = memref.assume_alignment %arg1, 16 : memref<64x259xf32>
// CHECK-NEXT: memref.assume_alignment %arg2, 16 : memref<130x259xf32>
// CHECK-NEXT: %[[W:.*]] = memref.assume_alignment %[[WS]], 16 : memref<73740xi8>
// CHECK-NEXT: nvgpu.tma.prefetch.descriptor %[[MAPB]], predicate = %[[LEADER]] :
// The copy, first: block by x 3 + bx, thread u = block x 128 + tid of the
// grid's 1152 writes 16-byte vectors v = u + j x 1152 of the copy, j < 4
// (64 rows x 65 vectors = 4160): vector v is row v / 65, column (v mod 65)
// x 4, from B's elements f = row x 259 + column on: B's aligned vectors
// f / 4 and f / 4 + 1 (clamped to B's last, 4143; elements past the row
// land in the padding), shifted down by f mod 4 words in two steps of
// selects (6 words by 1, then 4 by 2).
// CHECK: %[[BY3:.*]] = arith.muli %[[BY]], %c3 : index
// CHECK-NEXT: %[[BLOCK:.*]] = arith.addi %[[BY3]], %[[BX]] : index
// The counters: arrivals at 73728, departures at 73732.
// CHECK: %[[PTR:.*]] = memref.extract_aligned_pointer_as_index %[[W]]
// CHECK-NEXT: %[[AI:.*]] = arith.addi %[[PTR]], %c73728 : index
// CHECK-NEXT: %[[ARRIVE:.*]] = arith.index_cast %[[AI]] : index to i64
// CHECK-NEXT: %[[DI:.*]] = arith.addi %[[PTR]], %c73732 : index
// CHECK-NEXT: %[[DEPART:.*]] = arith.index_cast %[[DI]] : index to i64
// CHECK-NEXT: %[[FIRST:.*]] = arith.cmpi eq, %{{.*}}, %c0 : index
// CHECK: %[[FLAT:.*]] = memref.collapse_shape %[[B]] {{\[\[}}0, 1]] : memref<64x259xf32> into memref<16576xf32>
// CHECK-NEXT: %[[DST:.*]] = memref.view %[[W]][%c0][] : memref<73740xi8> to memref<18432xf32>
// CHECK-NEXT: %[[BASE:.*]] = arith.muli %[[BLOCK]], %c128 : index
// CHECK-NEXT: %[[U:.*]] = arith.addi %[[BASE]], %[[TID:.*]] : index
// CHECK-NEXT: %[[ROW:.*]] = arith.divui %[[U]], %c65 : index
// CHECK-NEXT: %[[R65:.*]] = arith.muli %[[ROW]], %c65 : index
// CHECK-NEXT: %[[V65:.*]] = arith.subi %[[U]], %[[R65]] : index
// CHECK-NEXT: %[[COL:.*]] = arith.muli %[[V65]], %c4 : index
// CHECK-NEXT: %[[RP:.*]] = arith.muli %[[ROW]], %c288 : index
// CHECK-NEXT: %[[TO:.*]] = arith.addi %[[RP]], %[[COL]] : index
// CHECK-NEXT: %[[RN:.*]] = arith.muli %[[ROW]], %c259 : index
// CHECK-NEXT: %[[FROM:.*]] = arith.addi %[[RN]], %[[COL]] : index
// CHECK-NEXT: %[[Q:.*]] = arith.divui %[[FROM]], %c4 : index
// CHECK-NEXT: %[[Q0:.*]] = arith.minui %[[Q]], %c4143 : index
// CHECK-NEXT: %[[A0:.*]] = arith.muli %[[Q0]], %c4 : index
// CHECK-NEXT: %[[LO:.*]] = vector.load %[[FLAT]][%[[A0]]] {alignment = 16 : i64} : memref<16576xf32>, vector<4xf32>
// CHECK-NEXT: %[[Q1:.*]] = arith.addi %[[Q]], %c1 : index
// CHECK-NEXT: %[[Q2:.*]] = arith.minui %[[Q1]], %c4143 : index
// CHECK-NEXT: %[[A1:.*]] = arith.muli %[[Q2]], %c4 : index
// CHECK-NEXT: vector.load %[[FLAT]][%[[A1]]] {alignment = 16 : i64} : memref<16576xf32>, vector<4xf32>
// CHECK: arith.addi %[[U]], %c1152 : index
// Only the last trip may pass the end: its vector index is clamped for the
// loads and its store guarded. All loads come before the stores.
// CHECK: %[[V3I:.*]] = arith.addi %[[U]], %c3456 : index
// CHECK-NEXT: %[[LIVE:.*]] = arith.cmpi ult, %[[V3I]], %c4160 : index
// CHECK-NEXT: arith.minui %[[V3I]], %c4159 : index
// CHECK-NOT: vector.store
// CHECK: %[[SHIFT:.*]] = arith.remui %[[FROM]], %c4 : index
// CHECK-NEXT: %[[WLO:.*]] = vector.bitcast %[[LO]] : vector<4xf32> to vector<4xi32>
// CHECK: %[[BY1:.*]] = arith.cmpi ne, %{{.*}}, %c0 : index
// CHECK-COUNT-6: arith.select %[[BY1]]
// CHECK: %[[BY2:.*]] = arith.cmpi ne, %{{.*}}, %c0 : index
// CHECK-COUNT-4: arith.select %[[BY2]]
// CHECK-NEXT: %[[W0:.*]] = vector.from_elements %{{.*}} : vector<4xi32>
// CHECK-NEXT: %[[V0:.*]] = vector.bitcast %[[W0]] : vector<4xi32> to vector<4xf32>
// CHECK-NOT: vector.store
// CHECK: vector.store %[[V0]], %[[DST]][%[[TO]]] {alignment = 16 : i64} : memref<18432xf32>, vector<4xf32>
// CHECK-NEXT: vector.store
// CHECK-NEXT: vector.store
// CHECK-NEXT: scf.if %[[LIVE]] {
// CHECK-NEXT: vector.store
// CHECK-NEXT: {{^ *}}}{{$}}
// The grid barrier: fence, block barrier; the leader adds its arrival
// (release), polls until all 9 blocks have arrived (acquire), adds its
// departure; the last to depart (8 before it) zeroes both counters.
// CHECK-NEXT: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.global>}
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: scf.if %[[FIRST]] {
// CHECK-NEXT: llvm.fence syncscope("device") release
// CHECK-NEXT: %[[PA:.*]] = llvm.inttoptr %[[ARRIVE]] : i64 to !llvm.ptr<1>
// CHECK-NEXT: llvm.atomicrmw add %[[PA]], %c1_i32 syncscope("device") monotonic
// CHECK-NEXT: %[[PW:.*]] = llvm.inttoptr %[[ARRIVE]] : i64 to !llvm.ptr<1>
// CHECK-NEXT: scf.while
// CHECK-NEXT: %[[N:.*]] = llvm.load %[[PW]] atomic syncscope("device") acquire {alignment = 4 : i64} : !llvm.ptr<1> -> i32
// CHECK-NEXT: %[[WAIT:.*]] = arith.cmpi ne, %[[N]], %c9_i32 : i32
// CHECK-NEXT: scf.condition(%[[WAIT]])
// CHECK: llvm.intr.trap
// CHECK: nvvm.nanosleep %c32_i32
// CHECK: %[[PD:.*]] = llvm.inttoptr %[[DEPART]] : i64 to !llvm.ptr<1>
// CHECK-NEXT: %[[BEFORE:.*]] = llvm.atomicrmw add %[[PD]], %c1_i32 syncscope("device") monotonic
// CHECK-NEXT: %[[LAST:.*]] = arith.cmpi eq, %[[BEFORE]], %c8_i32 : i32
// CHECK-NEXT: scf.if %[[LAST]] {
// CHECK-NEXT: %[[P0:.*]] = llvm.inttoptr %[[ARRIVE]] : i64 to !llvm.ptr<1>
// CHECK-NEXT: llvm.store %c0_i32, %[[P0]] atomic syncscope("device") monotonic
// CHECK-NEXT: %[[P1:.*]] = llvm.inttoptr %[[DEPART]] : i64 to !llvm.ptr<1>
// CHECK-NEXT: llvm.store %c0_i32, %[[P1]] atomic syncscope("device") monotonic
// CHECK-NEXT: {{^ *}}}{{$}}
// CHECK-NEXT: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.global>}
// CHECK-NEXT: {{^ *}}}{{$}}
// CHECK-NEXT: gpu.barrier
// Then the TMA pipeline, whose B boxes come from the copy's map.
// CHECK: nvgpu.mbarrier.init
// CHECK: nvgpu.tma.async.load %[[MAPA]]
// CHECK: nvgpu.tma.async.load %[[MAPB]]
// C's rows (1036 bytes) are not 16-byte multiples: the tile goes out
// through shared memory in two passes of 32 rows (4 x 64 / 8) x 128. Each
// pass: a barrier, the thread's 4 fragment rows as 8 16-byte vectors, a
// barrier, then element e = tid + 128 t (t < 32) of the pass, row e / 128
// (tile row (row / 16) x 32 + 16 h + row mod 16), column e mod 128, stored
// under the tile's bounds.
// CHECK: %[[SMEM:.*]] = gpu.dynamic_shared_memory
// CHECK-NEXT: %[[STAGED:.*]] = memref.view %[[SMEM]][%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<32x128xf32, #gpu.address_space<workgroup>>
// CHECK: gpu.barrier
// CHECK-COUNT-8: vector.store %{{.*}}, %[[STAGED]][%{{.*}}, %{{.*}}] {alignment = 16 : i64}
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: %[[PR:.*]] = arith.divui %[[T0:.*]], %c128 : index
// CHECK-NEXT: %[[PC:.*]] = arith.remui %[[T0]], %c128 : index
// CHECK-NEXT: %[[X:.*]] = memref.load %[[STAGED]][%[[PR]], %[[PC]]]
// CHECK-NEXT: %[[M16:.*]] = arith.remui %[[PR]], %c16 : index
// CHECK-NEXT: %[[D16:.*]] = arith.divui %[[PR]], %c16 : index
// CHECK-NEXT: %[[W32:.*]] = arith.muli %[[D16]], %c32 : index
// CHECK-NEXT: %[[TR:.*]] = arith.addi %[[W32]], %[[M16]] : index
// CHECK-NEXT: %[[CIN:.*]] = arith.cmpi ult, %[[PC]], %[[NC:.*]] : index
// CHECK-NEXT: %[[RIN:.*]] = arith.cmpi ult, %[[TR]], %[[NR:.*]] : index
// CHECK-NEXT: %[[IN:.*]] = arith.andi %[[RIN]], %[[CIN]] : i1
// CHECK: scf.if %[[IN]] {
// CHECK-NEXT: memref.store %[[X]], %{{.*}}[%[[TR]], %[[PC]]] : memref<?x?xf32, strided<[259, 1], offset: ?>>
// The second pass starts 16 rows further down each warp row.
// CHECK: gpu.barrier
// CHECK-COUNT-8: vector.store %{{.*}}, %[[STAGED]][%{{.*}}, %{{.*}}] {alignment = 16 : i64}
// CHECK-NEXT: gpu.barrier
// CHECK: arith.addi %{{.*}}, %c16 : index
// CHECK-NOT: gpu.barrier
// CHECK: gpu.terminator
func.func @pack(%A: memref<130x64xf32>, %B: memref<64x259xf32>, %C: memref<130x259xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<130x259xf32>)
  linalg.matmul ins(%A, %B : memref<130x64xf32>, memref<64x259xf32>) outs(%C : memref<130x259xf32>)
  return
}

// -----

// K = 63 (rows of A of 252 bytes): A is copied too, first (130 rows of 64
// elements: 33280 bytes), and B's 63 x 259 elements are no whole number
// of 16-byte vectors (4079 of them, then 1 element): B's copy (at 33280,
// 63 rows of 288) takes its last row element by element (element c by
// thread c mod 1152: from 62 x 259 + c to 62 x 288 + c), then the other
// 62 rows as vectors (62 x 65: the last 4029), whose aligned loads stay
// within B's whole vectors (the last 4078).
// CHECK-LABEL: func.func @ragged_k
// CHECK: %[[WS:.*]] = memref.alloc() : memref<105868xi8>
// CHECK: memref.view %[[WS]][%c0][] : memref<105868xi8> to memref<130x64xf32>
// CHECK: memref.view %[[WS]][%c33280][] : memref<105868xi8> to memref<63x288xf32>
// CHECK: tile.kernel_arguments %arg0, %arg1, %arg2, %[[WS]], %{{.*}}, %{{.*}} :
// CHECK: %[[B:.*]] = memref.assume_alignment %arg1, 16 : memref<63x259xf32>
// CHECK: %[[W:.*]] = memref.assume_alignment %[[WS]], 16 : memref<105868xi8>
// CHECK: %[[ACOPY:.*]] = memref.view %[[W]][%c0][] : memref<105868xi8> to memref<130x64xf32>
// CHECK: memref.store %{{.*}}, %[[ACOPY]][%{{.*}}, %{{.*}}] : memref<130x64xf32>
// CHECK: %[[FLAT:.*]] = memref.collapse_shape %[[B]] {{\[\[}}0, 1]] : memref<63x259xf32> into memref<16317xf32>
// CHECK-NEXT: %[[BCOPY:.*]] = memref.view %[[W]][%c33280][] : memref<105868xi8> to memref<18144xf32>
// CHECK: scf.for %[[C:.*]] = %{{.*}} to %c259 step %c1152 {
// CHECK-NEXT: %[[FROM:.*]] = arith.addi %[[C]], %c16058 : index
// CHECK-NEXT: %[[V:.*]] = memref.load %[[FLAT]][%[[FROM]]] : memref<16317xf32>
// CHECK-NEXT: %[[TO:.*]] = arith.addi %[[C]], %c17856 : index
// CHECK-NEXT: memref.store %[[V]], %[[BCOPY]][%[[TO]]] : memref<18144xf32>
// CHECK-NEXT: }
// CHECK: arith.minui %{{.*}}, %c4078 : index
// CHECK-NEXT: arith.muli
// CHECK-NEXT: vector.load %[[FLAT]]
// CHECK: arith.minui %{{.*}}, %c4029 : index
// CHECK: vector.store %{{.*}}, %[[BCOPY]]
// CHECK: gpu.terminator
func.func @ragged_k(%A: memref<130x63xf32>, %B: memref<63x259xf32>, %C: memref<130x259xf32>) {
  linalg.matmul ins(%A, %B : memref<130x63xf32>, memref<63x259xf32>) outs(%C : memref<130x259xf32>)
  return
}

// -----

// The same with rows of B of 3 elements, shorter than a vector: B's copy
// (63 rows of 32 at 17920) goes through the 32 x 32 tiles like A's,
// element by element with clamped indices (rows to 62, columns to 2).
// CHECK-LABEL: func.func @short_rows
// CHECK: %[[B:.*]] = memref.assume_alignment %arg1, 16 : memref<63x3xf32>
// CHECK: %[[W:.*]] = memref.assume_alignment %{{.*}}, 16 : memref<25996xi8>
// CHECK: %[[BCOPY:.*]] = memref.view %[[W]][%c17920][] : memref<25996xi8> to memref<63x32xf32>
// CHECK-NOT: collapse_shape
// CHECK: %[[ROW:.*]] = arith.minui %{{.*}}, %c62 : index
// CHECK-NEXT: %[[COL:.*]] = arith.minui %{{.*}}, %c2 : index
// CHECK-NEXT: %[[V:.*]] = memref.load %[[B]][%[[ROW]], %[[COL]]] : memref<63x3xf32>
// CHECK: memref.store %[[V]], %[[BCOPY]][%[[ROW]], %[[COL]]] : memref<63x32xf32>
// CHECK: gpu.terminator
func.func @short_rows(%A: memref<70x63xf32>, %B: memref<63x3xf32>, %C: memref<70x3xf32>) {
  linalg.matmul ins(%A, %B : memref<70x63xf32>, memref<63x3xf32>) outs(%C : memref<70x3xf32>)
  return
}

// -----

// More than 8 vectors per thread (64 words of loads) go in a loop of
// batches of 4: 300 x 2039 is 300 x 510 = 153000 vectors for 2 x 16 blocks
// of 128 threads (4096), 38 per thread, so 10 batches, every vector
// guarded (the last batch passes the end), the loads of a batch before
// its stores. The barrier follows the loop.
// CHECK-LABEL: func.func @batches
// CHECK: scf.for %[[J:.*]] = %c0 to %c38 step %c4 {
// CHECK-COUNT-4: arith.cmpi ult, %{{.*}}, %c153000 : index
// CHECK-NOT: vector.store
// CHECK-COUNT-4: vector.store %{{.*}} {alignment = 16 : i64} : memref<{{[0-9]+}}xf32>, vector<4xf32>
// CHECK-NOT: arith.cmpi ult, %{{.*}}, %c153000
// CHECK: {{^ *}}}{{$}}
// CHECK-NEXT: {{^ *}}}{{$}}
// CHECK-NEXT: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.global>}
func.func @batches(%A: memref<70x300xf32>, %B: memref<300x2039xf32>, %C: memref<70x2039xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<70x2039xf32>)
  linalg.matmul ins(%A, %B : memref<70x300xf32>, memref<300x2039xf32>) outs(%C : memref<70x2039xf32>)
  return
}

// -----

// More blocks than one wave: 1030 x 1039 in 64 x 128 tiles is 17 x 9 = 153
// blocks for a wave of 132 (1 per SM). B's copy is 64 rows of 4224 bytes
// (1039 elements rounded up to 128 bytes), so the counters sit at 270336,
// 270340 and 270344. The leader of each block takes a ticket (the third
// counter) and passes it on through the first word of shared memory;
// blocks with tickets 0 .. 131 copy B (share `ticket` of 132), every block
// waits until 132 have arrived, and the last of the 153 to leave zeroes
// all three counters.
// CHECK-LABEL: func.func @waves
// CHECK: memref.alloc() : memref<270348xi8>
// CHECK: %[[PTR:.*]] = memref.extract_aligned_pointer_as_index
// CHECK-NEXT: arith.addi %[[PTR]], %c270336 : index
// CHECK-NEXT: arith.index_cast
// CHECK-NEXT: arith.addi %[[PTR]], %c270340 : index
// CHECK-NEXT: arith.index_cast
// CHECK-NEXT: %[[T:.*]] = arith.addi %[[PTR]], %c270344 : index
// CHECK-NEXT: %[[TICKETS:.*]] = arith.index_cast %[[T]] : index to i64
// CHECK-NEXT: %[[LEADER:.*]] = arith.cmpi eq, %{{.*}}, %c0 : index
// CHECK-NEXT: scf.if %[[LEADER]] {
// CHECK-NEXT: %[[PT:.*]] = llvm.inttoptr %[[TICKETS]] : i64 to !llvm.ptr<1>
// CHECK-NEXT: %[[TK:.*]] = llvm.atomicrmw add %[[PT]], %c1_i32 syncscope("device") monotonic {alignment = 4 : i64} : !llvm.ptr<1>, i32
// CHECK-NEXT: memref.store %[[TK]], %[[WORD:.*]][%c0] : memref<1xi32, #gpu.address_space<workgroup>>
// CHECK-NEXT: {{^ *}}}{{$}}
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: %[[TL:.*]] = memref.load %[[WORD]][%c0] : memref<1xi32, #gpu.address_space<workgroup>>
// CHECK-NEXT: %[[TICKET:.*]] = arith.index_castui %[[TL]] : i32 to index
// CHECK-NEXT: %[[PACKER:.*]] = arith.cmpi ult, %[[TICKET]], %c132 : index
// CHECK: scf.if %[[PACKER]] {
// CHECK: arith.muli %[[TICKET]], %c128 : index
// CHECK: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.global>}
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: scf.if %[[LEADER]] {
// CHECK-NEXT: scf.if %[[PACKER]] {
// CHECK-NEXT: llvm.fence syncscope("device") release
// CHECK-NEXT: llvm.inttoptr
// CHECK-NEXT: llvm.atomicrmw add %{{.*}}, %c1_i32 syncscope("device") monotonic
// CHECK: arith.cmpi ne, %{{.*}}, %c132_i32 : i32
// CHECK: %[[BEFORE:.*]] = llvm.atomicrmw add %{{.*}}, %c1_i32 syncscope("device") monotonic
// CHECK-NEXT: %[[LAST:.*]] = arith.cmpi eq, %[[BEFORE]], %c152_i32 : i32
// CHECK-NEXT: scf.if %[[LAST]] {
// CHECK-COUNT-2: llvm.store %c0_i32, %{{.*}} atomic syncscope("device") monotonic
// CHECK-NEXT: %[[PT2:.*]] = llvm.inttoptr %[[TICKETS]] : i64 to !llvm.ptr<1>
// CHECK-NEXT: llvm.store %c0_i32, %[[PT2]] atomic syncscope("device") monotonic
func.func @waves(%A: memref<1030x64xf32>, %B: memref<64x1039xf32>, %C: memref<1030x1039xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<1030x1039xf32>)
  linalg.matmul ins(%A, %B : memref<1030x64xf32>, memref<64x1039xf32>) outs(%C : memref<1030x1039xf32>)
  return
}
