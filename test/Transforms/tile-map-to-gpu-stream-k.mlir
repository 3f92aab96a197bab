// RUN: tile-opt %s -split-input-file --pass-pipeline="builtin.module(func.func(tile-configure{config='#tile.config<tiled, block = [64, 256, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8]>, copy = #tile.copy<kind = tma, a = restaged>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 2, scheduler = stream_k>>' chip=sm_90},tile-block-tile,tile-promote,tile-map-to-gpu{chip=sm_90}),canonicalize)" | FileCheck %s

// stream_k (--tile-map-to-gpu, canonicalized) on 2048^3 with 64 x 256
// tiles: 256 tiles of 128 K steps (32768 steps) over one wave of 132 SMs x
// 2 blocks. Block g runs steps [g x 32768 / 264, (g + 1) x 32768 / 264):
// 124 or 125 steps, so at most 2 segments (tiles) per block. The workspace
// (a host buffer passed after C) holds 264 partial sums of 64 x 256 floats
// (17301504 bytes) and then 264 flags.

// CHECK-LABEL: func.func @stream_k
// CHECK: %[[WS:.+]] = memref.alloc() : memref<17302560xi8>
// CHECK: gpu.launch blocks(%[[G:.+]], %{{.+}}, %{{.+}}) in (%{{.+}} = %c264, %{{.+}} = %c1, %{{.+}} = %c1)
// CHECK: %[[WSK:.+]] = memref.assume_alignment %[[WS]], 16
// CHECK: %[[G1:.+]] = arith.addi %[[G]], %c1 : index
// CHECK: %[[E0:.+]] = arith.muli %[[G1]], %c32768 : index
// CHECK: %[[END:.+]] = arith.divui %[[E0]], %c264 : index
// CHECK: %[[B0:.+]] = arith.muli %[[G]], %c32768 : index
// CHECK: %[[BEGIN:.+]] = arith.divui %[[B0]], %c264 : index
// CHECK: %[[PARTIALS:.+]] = memref.view %[[WSK]][%c0][] : memref<17302560xi8> to memref<4325376xf32>
// The mbarriers are set up once, before the segments.
// CHECK: nvgpu.mbarrier.init
// CHECK: gpu.barrier
// Segment i starts at begin (i = 0) or at the first step of the i-th tile
// after begin's, and runs while it starts before end.
// CHECK: scf.for %[[I:.+]] = %c0 to %c2 step %c1 {
// CHECK:   %[[T0:.+]] = arith.divui %[[BEGIN]], %c128 : index
// CHECK:   %[[TI:.+]] = arith.addi %[[T0]], %[[I]] : index
// CHECK:   %[[LATER:.+]] = arith.muli %[[TI]], %c128 : index
// CHECK:   %[[FIRST:.+]] = arith.cmpi eq, %[[I]], %c0 : index
// CHECK:   %[[S:.+]] = arith.select %[[FIRST]], %[[BEGIN]], %[[LATER]] : index
// CHECK:   %[[LIVE:.+]] = arith.cmpi ult, %[[S]], %[[END]] : index
// CHECK:   scf.if %[[LIVE]] {
// The segment: from step k0 of its tile to the tile's end or the block's.
// CHECK:     %[[K0:.+]] = arith.remui %[[S]], %c128 : index
// CHECK:     %[[LEFT:.+]] = arith.subi %[[END]], %[[S]] : index
// CHECK:     %[[REST:.+]] = arith.subi %c128, %[[K0]] : index
// CHECK:     %[[COUNT:.+]] = arith.minui %[[REST]], %[[LEFT]] : index
// CHECK:     %[[TILE:.+]] = arith.divui %[[S]], %c128 : index
// CHECK:     %[[TROW:.+]] = arith.divui %[[TILE]], %c8 : index
// CHECK:     %[[TCOL:.+]] = arith.remui %[[TILE]], %c8 : index
// CHECK:     %[[KLO:.+]] = arith.muli %[[K0]], %c16 : index
// CHECK:     %[[KEND:.+]] = arith.addi %[[K0]], %[[COUNT]] : index
// CHECK:     %[[KHI:.+]] = arith.muli %[[KEND]], %c16 : index
// CHECK:     %[[BASE:.+]] = arith.subi %[[S]], %[[BEGIN]] : index
// The prologue issues the segment's first step into stage (base mod 2).
// CHECK:     %[[PSTAGE:.+]] = arith.remui %[[BASE]], %c2 : index
// CHECK:     nvgpu.mbarrier.arrive.expect_tx %{{.+}}[%[[PSTAGE]]], %c20480
// CHECK:     nvgpu.tma.async.load %{{.+}}[%[[KLO]], %{{.+}}], %{{.+}}[%[[PSTAGE]]]
// The K loop: the stage and the mbarrier phase continue from the block's
// step count (base + local step).
// CHECK:     %[[ACC:.+]]:64 = scf.for %[[K:.+]] = %[[KLO]] to %[[KHI]] step %c16 iter_args(
// CHECK:       %[[LK:.+]] = arith.subi %[[K]], %[[KLO]] : index
// CHECK:       %[[LS:.+]] = arith.divui %[[LK]], %c16 : index
// CHECK:       %[[GS:.+]] = arith.addi %[[BASE]], %[[LS]] : index
// CHECK:       %[[STAGE:.+]] = arith.remui %[[GS]], %c2 : index
// CHECK:       %[[ROUND:.+]] = arith.divui %[[GS]], %c2 : index
// CHECK:       %[[PBIT:.+]] = arith.remui %[[ROUND]], %c2 : index
// CHECK:       %[[PAR:.+]] = arith.index_cast %[[PBIT]] : index to i1
// CHECK:       nvgpu.mbarrier.try_wait.parity %{{.+}}[%[[STAGE]]], %[[PAR]]
// CHECK:     } {tile.self_synchronized}
// After the K steps: the block's index through an opaque mov; the owner is
// the segment that starts its tile (k0 = 0).
// CHECK:     %[[GI:.+]] = arith.index_cast %[[G]] : index to i32
// CHECK:     %[[GO:.+]] = nvvm.inline_ptx "mov.b32 $0, $1;" ro(%[[GI]] : i32) -> i32
// CHECK:     %[[GX:.+]] = arith.index_cast %[[GO]] : i32 to index
// CHECK:     %[[STILE:.+]] = arith.divui %[[S]], %c128 : index
// CHECK:     %[[SK0:.+]] = arith.remui %[[S]], %c128 : index
// CHECK:     %[[OWNER:.+]] = arith.cmpi eq, %[[SK0]], %c0 : index
// CHECK:     scf.if %[[OWNER]] {
// The owner adds the partial sums of blocks g + 1 .. the block of the
// tile's last step ((tile + 1) x 128 x 264 - 1) / 32768 to its accumulators.
// CHECK:       %[[TN:.+]] = arith.addi %[[STILE]], %c1 : index
// CHECK:       %[[L0:.+]] = arith.muli %[[TN]], %c33792 : index
// CHECK:       %[[L1:.+]] = arith.subi %[[L0]], %c1 : index
// CHECK:       %[[LAST:.+]] = arith.divui %[[L1]], %c32768 : index
// CHECK:       %[[UPPER:.+]] = arith.addi %[[LAST]], %c1 : index
// CHECK:       %[[LOWER:.+]] = arith.addi %[[GX]], %c1 : index
// CHECK:       %[[SUMS:.+]]:64 = scf.for %[[J:.+]] = %[[LOWER]] to %[[UPPER]] step %c1 iter_args(%[[A0:[^ ]+]] = %[[ACC]]#0,
// Its leader waits for block j's flag (after the partial sums, at
// 17301504 + 4j) with acquire loads, trapping after 2^26 polls, and clears
// it; then the block synchronises and each thread adds its part.
// CHECK:         scf.if
// CHECK:           %[[FP:.+]] = memref.extract_aligned_pointer_as_index %[[WSK]]
// CHECK:           %[[FO:.+]] = arith.muli %[[J]], %c4 : index
// CHECK:           %[[FB:.+]] = arith.addi %[[FP]], %c17301504 : index
// CHECK:           %[[FA:.+]] = arith.addi %[[FB]], %[[FO]] : index
// CHECK:           %[[FLAG:.+]] = arith.index_cast %[[FA]] : index to i64
// CHECK:           %[[FPTR:.+]] = llvm.inttoptr %[[FLAG]] : i64 to !llvm.ptr<1>
// CHECK:           scf.while
// CHECK:             llvm.load %[[FPTR]] atomic syncscope("device") acquire {alignment = 4 : i64} : !llvm.ptr<1> -> i32
// CHECK:             scf.condition
// CHECK:             llvm.intr.trap
// CHECK:             nvvm.nanosleep
// CHECK:           %[[CPTR:.+]] = llvm.inttoptr %[[FLAG]] : i64 to !llvm.ptr<1>
// CHECK:           llvm.store %c0_i32, %[[CPTR]] atomic syncscope("device") monotonic {alignment = 4 : i64} : i32, !llvm.ptr<1>
// CHECK:         gpu.barrier
// Chunk 0 of the thread's accumulators in block j's slot: ((j x 16 + 0) x
// 256 + tid) x 4.
// CHECK:         %[[P0:.+]] = arith.muli %[[J]], %c4096 : index
// CHECK:         %[[P1:.+]] = arith.addi %[[P0]], %[[TID:.+]] : index
// CHECK:         %[[P2:.+]] = arith.muli %[[P1]], %c4 : index
// CHECK:         %[[PART:.+]] = vector.load %[[PARTIALS]][%[[P2]]] {alignment = 16 : i64} : memref<4325376xf32>, vector<4xf32>
// CHECK:         %[[X0:.+]] = vector.extract %[[PART]][0]
// CHECK:         arith.addf %[[A0]], %[[X0]] : f32
// CHECK:       }
// CHECK:       vector.from_elements %[[SUMS]]#0, %[[SUMS]]#1, %[[SUMS]]#2, %[[SUMS]]#3
// CHECK:       vector.store
// CHECK:     } else {
// Any other segment leaves its partial sum in the block's slot,
// synchronises, and the leader raises the block's flag (release).
// CHECK:       %[[Q:.+]] = vector.from_elements %[[ACC]]#0, %[[ACC]]#1, %[[ACC]]#2, %[[ACC]]#3 : vector<4xf32>
// CHECK:       %[[Q0:.+]] = arith.muli %[[GX]], %c4096 : index
// CHECK:       %[[Q1:.+]] = arith.addi %[[Q0]], %[[TID]] : index
// CHECK:       %[[Q2:.+]] = arith.muli %[[Q1]], %c4 : index
// CHECK:       vector.store %[[Q]], %[[PARTIALS]][%[[Q2]]] {alignment = 16 : i64} : memref<4325376xf32>, vector<4xf32>
// CHECK:       gpu.barrier
// CHECK:       scf.if
// CHECK:         %[[RP:.+]] = memref.extract_aligned_pointer_as_index %[[WSK]]
// CHECK:         %[[RO:.+]] = arith.muli %[[GX]], %c4 : index
// CHECK:         %[[RB:.+]] = arith.addi %[[RP]], %c17301504 : index
// CHECK:         %[[RA:.+]] = arith.addi %[[RB]], %[[RO]] : index
// CHECK:         %[[RFLAG:.+]] = arith.index_cast %[[RA]] : index to i64
// CHECK:         %[[RPTR:.+]] = llvm.inttoptr %[[RFLAG]] : i64 to !llvm.ptr<1>
// CHECK:         llvm.store %c1_i32, %[[RPTR]] atomic syncscope("device") release {alignment = 4 : i64} : i32, !llvm.ptr<1>
// CHECK: gpu.terminator
func.func @stream_k(%A: memref<2048x2048xf32>, %B: memref<2048x2048xf32>, %C: memref<2048x2048xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<2048x2048xf32>)
  linalg.matmul ins(%A, %B : memref<2048x2048xf32>, memref<2048x2048xf32>) outs(%C : memref<2048x2048xf32>)
  return
}

// -----

// C += A * B (no zero fill): the segment that owns its tile (the one that
// starts it, k0 = 0) starts its accumulators from C's tile; every other
// segment starts from zero, since its partial sum is added to the owner's.
// The loads of C sit under the owner's predicate, inside the segment.

// CHECK-LABEL: func.func @stream_k_accumulate
// CHECK: %[[ZERO:.+]] = arith.constant 0.000000e+00 : f32
// CHECK: scf.for %[[I:.+]] = %c0 to %c2 step %c1 {
// CHECK:   %[[S:.+]] = arith.select %{{.+}}, %{{.+}}, %{{.+}} : index
// CHECK:   scf.if
// CHECK:     %[[CT:.+]] = memref.subview %{{.+}} [64, 256] [1, 1] : memref<2048x2048xf32> to memref<64x256xf32
// CHECK:     %[[K0:.+]] = arith.remui %[[S]], %c128 : index
// CHECK:     %[[OWNS:.+]] = arith.cmpi eq, %[[K0]], %c0 : index
// CHECK:     %[[INIT:.+]]:64 = scf.if %[[OWNS]] -> (f32,
// CHECK-COUNT-64: memref.load %[[CT]]
// CHECK:       scf.yield
// CHECK:     } else {
// CHECK:       scf.yield %[[ZERO]], %[[ZERO]], %[[ZERO]], %[[ZERO]],
// CHECK:     }
// CHECK:     scf.for %{{.+}} step %c16 iter_args(%{{.+}} = %[[INIT]]#0, %{{.+}} = %[[INIT]]#1,
func.func @stream_k_accumulate(%A: memref<2048x2048xf32>, %B: memref<2048x2048xf32>, %C: memref<2048x2048xf32>) {
  linalg.matmul ins(%A, %B : memref<2048x2048xf32>, memref<2048x2048xf32>) outs(%C : memref<2048x2048xf32>)
  return
}
