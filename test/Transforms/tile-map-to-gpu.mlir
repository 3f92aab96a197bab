// RUN: tile-opt %s -split-input-file -verify-diagnostics --pass-pipeline="builtin.module(func.func(tile-map-to-gpu))" | FileCheck %s
// RUN: tile-opt %s -split-input-file -verify-diagnostics --pass-pipeline="builtin.module(func.func(tile-map-to-gpu))" | FileCheck %s --check-prefix=FMA

// The promoted block tile of 50 x 40 x 20 with 16 x 32 x 8 tiles (the output
// of --tile-promote) becomes a launch of 2 x 4 blocks of 32 x 16 threads with
// the two panels as workgroup memory. The K loop is rebuilt: each step loads
// the thread's share of both panels into registers (consecutive threads on
// consecutive addresses, 16-byte vectors since K = 20 and N = 40 keep rows
// aligned, zeros outside the matrix), stores them into the panels, and
// multiplies. Each thread keeps one accumulator
// across the K loop, computes over the full padded BK = 8 (unrolled) and
// stores it if it is inside C.

// CHECK-LABEL: func.func @ragged
// CHECK-SAME: (%[[A:.+]]: memref<50x20xf32>, %[[B:.+]]: memref<20x40xf32>, %[[C:.+]]: memref<50x40xf32>)
// CHECK-NOT: scf.forall
// CHECK-DAG: %[[GX:.+]] = arith.constant 2 : index
// CHECK-DAG: %[[GY:.+]] = arith.constant 4 : index
// CHECK-DAG: %[[TX:.+]] = arith.constant 32 : index
// CHECK-DAG: %[[TY:.+]] = arith.constant 16 : index
// CHECK: gpu.launch blocks(%[[BX:.+]], %[[BY:.+]], %{{.+}}) in (%{{.+}} = %[[GX]], %{{.+}} = %[[GY]], %{{.+}} = %{{.+}}) threads(%[[THX:.+]], %[[THY:.+]], %{{.+}}) in (%{{.+}} = %[[TX]], %{{.+}} = %[[TY]], %{{.+}} = %{{.+}}) module(@ragged_matmul_0_module) function(@ragged_matmul_0) workgroup(%[[AS:.+]] : memref<16x8xf32, #gpu.address_space<workgroup>>, %[[BS:.+]] : memref<8x32xf32, #gpu.address_space<workgroup>>) {
// CHECK: %[[AA:.+]] = memref.assume_alignment %[[A]], 16
// CHECK: %[[BA:.+]] = memref.assume_alignment %[[B]], 16
// CHECK: memref.assume_alignment %[[C]], 16
// CHECK: %[[ROWX:.+]] = arith.muli %[[THY]], %{{.+}} : index
// CHECK: %[[TID:.+]] = arith.addi %[[ROWX]], %[[THX]] : index
// CHECK: %[[ROW0:.+]] = arith.muli %[[BY]], %{{.+}} : index
// CHECK: %[[COL0:.+]] = arith.muli %[[BX]], %{{.+}} : index
// CHECK: %[[CT:.+]] = memref.subview {{.*}} : memref<50x40xf32> to
// CHECK: %[[ZERO:.+]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[SUM:.+]] = scf.for %[[K:.+]] = %{{.+}} to %{{.+}} step %{{.+}} iter_args(%[[ACC:.+]] = %[[ZERO]]) -> (f32) {
//            A panel, 16 x 8 as 32 vectors of 4: thread TID < 32 loads vector
//            TID (row TID / 2, column 4 * (TID % 2)) of the tile at
//            (ROW0, K); a vector inside the matrix is one 16-byte load, one
//            that crosses K = 20 is loaded element by element.
// CHECK:   %[[R:.+]] = arith.divui %{{.+}}, %{{.+}} : index
// CHECK:   %[[Q:.+]] = arith.remui %{{.+}}, %{{.+}} : index
// CHECK:   %[[CC:.+]] = arith.muli %[[Q]], %{{.+}} : index
// CHECK:   %[[GR:.+]] = arith.addi %[[ROW0]], %[[R]] : index
// CHECK:   %[[GC:.+]] = arith.addi %[[K]], %[[CC]] : index
// CHECK:   %[[LIVE:.+]] = arith.cmpi ult, %{{.+}}, %{{.+}} : index
// CHECK:   %[[ROWIN:.+]] = arith.cmpi ult, %[[GR]], %{{.+}} : index
// CHECK:   %[[AV:.+]] = scf.if %[[LIVE]] -> (vector<4xf32>) {
// CHECK:     %[[WHOLE:.+]] = arith.andi %[[ROWIN]], %{{.+}} : i1
// CHECK:     scf.if %[[WHOLE]] -> (vector<4xf32>) {
// CHECK:       vector.load %[[AA]][%[[GR]], %[[GC]]] {alignment = 16 : i64} : memref<50x20xf32>, vector<4xf32>
// CHECK:     } else {
// CHECK-COUNT-4: memref.load %[[AA]]
// CHECK:       vector.from_elements
// CHECK:   } else {
// CHECK:     arith.constant dense<0.000000e+00> : vector<4xf32>
//            B panel, 8 x 32 as 64 vectors of 4.
// CHECK:   %[[BV:.+]] = scf.if %{{.+}} -> (vector<4xf32>) {
// CHECK:       vector.load %[[BA]]
//            Stores: both panels as 16-byte vectors (A row-major: TM = 1).
// CHECK:   vector.store %[[AV]], %[[AS]][%{{.+}}, %{{.+}}] {alignment = 16 : i64} : memref<16x8xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// CHECK:   vector.store %[[BV]], %[[BS]][%{{.+}}, %{{.+}}] {alignment = 16 : i64}
//            Compute over the full BK = 8, unrolled, from the panels: A is
//            staged as is, so a thread's row for 4 consecutive k is one
//            16-byte load, then per k one B value and one FMA.
// CHECK-NOT: scf.for
// CHECK:   %[[XV:.+]] = vector.load %[[AS]][%{{.+}}, %c0{{(_[0-9]+)?}}] {alignment = 16 : i64} : memref<16x8xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// CHECK:   %[[X:.+]] = vector.extract %[[XV]][0]
// CHECK:   %[[Y:.+]] = memref.load %[[BS]][%c0{{(_[0-9]+)?}}, %{{.+}}]
// CHECK:   math.fma %[[X]], %[[Y]], %[[ACC]] : f32
// CHECK:   vector.extract %[[XV]][1]
// CHECK:   math.fma
// CHECK:   vector.extract %[[XV]][3]
// CHECK:   math.fma
// CHECK:   %[[K4:.+]] = arith.addi %c0{{(_[0-9]+)?}}, %{{.+}} : index
// CHECK:   vector.load %[[AS]][%{{.+}}, %[[K4]]] {alignment = 16 : i64}
// CHECK-COUNT-4: math.fma
// CHECK-NOT: gpu.barrier
// CHECK:   scf.yield
// CHECK: }
//            One output per thread (C stored element by element): the
//            store stays under a branch on (row, column) inside C.
// CHECK: %[[OK:.+]] = arith.andi
// CHECK: scf.if %[[OK]] {
// CHECK:   memref.store %[[SUM]], %[[CT]][%{{.+}}, %{{.+}}]
// CHECK-NOT: nvvm.inline_ptx
// CHECK: gpu.terminator
// CHECK: } {tile.config = #tile.config<tiled, block = [16, 32, 8], tile = #tile.fma<thread = [1, 1]>>, tile.problem = {accumulate = false, c_type = f32, element_type = f32, k = 20 : i64, m = 50 : i64, n = 40 : i64}}
#map = affine_map<(d0) -> (d0 * 16)>
#map1 = affine_map<(d0) -> (d0 * 32)>
#map2 = affine_map<(d0) -> (d0 * -16 + 50, 16)>
#map3 = affine_map<(d0) -> (d0 * -32 + 40, 32)>
#map4 = affine_map<(d0) -> (-d0 + 20, 8)>
func.func @ragged(%arg0: memref<50x20xf32>, %arg1: memref<20x40xf32>, %arg2: memref<50x40xf32>) {
  %c8 = arith.constant 8 : index
  %c20 = arith.constant 20 : index
  %c0 = arith.constant 0 : index
  scf.forall (%arg3, %arg4) in (4, 2) {
    %alloc = memref.alloc() : memref<16x8xf32, #gpu.address_space<workgroup>>
    %alloc_0 = memref.alloc() : memref<8x32xf32, #gpu.address_space<workgroup>>
    %0 = affine.apply #map(%arg3)
    %1 = affine.apply #map1(%arg4)
    %2 = affine.min #map2(%arg3)
    %3 = affine.min #map3(%arg4)
    %subview = memref.subview %arg0[%0, 0] [%2, 20] [1, 1] : memref<50x20xf32> to memref<?x20xf32, strided<[20, 1], offset: ?>>
    %subview_1 = memref.subview %arg1[0, %1] [20, %3] [1, 1] : memref<20x40xf32> to memref<20x?xf32, strided<[40, 1], offset: ?>>
    %subview_2 = memref.subview %arg2[%0, %1] [%2, %3] [1, 1] : memref<50x40xf32> to memref<?x?xf32, strided<[40, 1], offset: ?>>
    scf.for %arg5 = %c0 to %c20 step %c8 {
      %4 = affine.min #map4(%arg5)
      %subview_3 = memref.subview %subview[0, %arg5] [%2, %4] [1, 1] : memref<?x20xf32, strided<[20, 1], offset: ?>> to memref<?x?xf32, strided<[20, 1], offset: ?>>
      %subview_4 = memref.subview %subview_1[%arg5, 0] [%4, %3] [1, 1] : memref<20x?xf32, strided<[40, 1], offset: ?>> to memref<?x?xf32, strided<[40, 1], offset: ?>>
      %subview_5 = memref.subview %alloc[0, 0] [%2, %4] [1, 1] : memref<16x8xf32, #gpu.address_space<workgroup>> to memref<?x?xf32, strided<[8, 1]>, #gpu.address_space<workgroup>>
      memref.copy %subview_3, %subview_5 : memref<?x?xf32, strided<[20, 1], offset: ?>> to memref<?x?xf32, strided<[8, 1]>, #gpu.address_space<workgroup>>
      %subview_6 = memref.subview %alloc_0[0, 0] [%4, %3] [1, 1] : memref<8x32xf32, #gpu.address_space<workgroup>> to memref<?x?xf32, strided<[32, 1]>, #gpu.address_space<workgroup>>
      memref.copy %subview_4, %subview_6 : memref<?x?xf32, strided<[40, 1], offset: ?>> to memref<?x?xf32, strided<[32, 1]>, #gpu.address_space<workgroup>>
      linalg.matmul {tile.config = #tile.config<tiled, block = [16, 32, 8], tile = #tile.fma<thread = [1, 1]>>} ins(%subview_5, %subview_6 : memref<?x?xf32, strided<[8, 1]>, #gpu.address_space<workgroup>>, memref<?x?xf32, strided<[32, 1]>, #gpu.address_space<workgroup>>) outs(%subview_2 : memref<?x?xf32, strided<[40, 1], offset: ?>>)
    }
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.config = #tile.config<tiled, block = [16, 32, 8], tile = #tile.fma<thread = [1, 1]>>, tile.problem = {accumulate = false, c_type = f32, element_type = f32, k = 20 : i64, m = 50 : i64, n = 40 : i64}}
  return
}

// -----

// A register-tiled config: 32 x 32 x 8 blocks, warp tile 16 x 32, thread
// tile 4 x 4, pad 4, on 64 x 64 x 32 (no edges). 64 threads: warp w owns rows
// 16w.., lane l the 4 x 4 tile (l / 8, l % 8) inside it. Per k: one 16-byte
// load of the thread's 4 A values (K-major panel), one of its 4 B values,
// 16 FMAs into 16 register accumulators; 8 k unrolled; rows of 4 outputs
// stored as 16-byte vectors.

// CHECK-LABEL: func.func @register_tiled
// CHECK: gpu.launch {{.*}} threads(%[[THX:.+]], %[[THY:.+]], %{{.+}}) in ({{.*}}) {{.*}} workgroup(%[[AS:.+]] : memref<8x36xf32, #gpu.address_space<workgroup>>, %[[BS:.+]] : memref<8x36xf32, #gpu.address_space<workgroup>>)
// CHECK: %[[TID:.+]] = arith.addi %{{.+}}, %[[THX]] : index
// CHECK: %[[WARP:.+]] = arith.divui %[[TID]], %{{.+}} : index
// CHECK: %[[LANE:.+]] = arith.remui %[[TID]], %{{.+}} : index
// CHECK: %[[WY:.+]] = arith.divui %[[WARP]], %{{.+}} : index
// CHECK: %[[WX:.+]] = arith.remui %[[WARP]], %{{.+}} : index
// CHECK: %[[LY:.+]] = arith.divui %[[LANE]], %{{.+}} : index
// CHECK: %[[LX:.+]] = arith.remui %[[LANE]], %{{.+}} : index
// CHECK: scf.for {{.*}} iter_args({{.*}}) -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32) {
// CHECK-COUNT-8: vector.load %[[AS]]{{.*}} : memref<8x36xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// CHECK-NOT: vector.load %[[AS]]
// CHECK: }
// CHECK-COUNT-4: vector.store %{{.+}}, %{{.+}} {alignment = 16 : i64} : memref<32x32xf32, strided<[64, 1], offset: ?>>, vector<4xf32>
// The outer product of one k in serpentine order: row 0 of the fragment
// left to right, row 1 right to left, ... (consecutive FMAs share an
// operand).
// FMA-LABEL: func.func @register_tiled
// FMA: %[[A:.+]] = vector.load {{.*}} : memref<8x36xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// FMA-NEXT: %[[A0:.+]] = vector.extract %[[A]][0]
// FMA-NEXT: %[[A1:.+]] = vector.extract %[[A]][1]
// FMA: %[[B:.+]] = vector.load {{.*}} : memref<8x36xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// FMA-DAG: %[[B0:.+]] = vector.extract %[[B]][0]
// FMA-DAG: %[[B1:.+]] = vector.extract %[[B]][1]
// FMA-DAG: %[[B2:.+]] = vector.extract %[[B]][2]
// FMA-DAG: %[[B3:.+]] = vector.extract %[[B]][3]
// FMA: math.fma %[[A0]], %[[B0]]
// FMA-NEXT: math.fma %[[A0]], %[[B1]]
// FMA-NEXT: math.fma %[[A0]], %[[B2]]
// FMA-NEXT: math.fma %[[A0]], %[[B3]]
// FMA-NEXT: math.fma %[[A1]], %[[B3]]
// FMA-NEXT: math.fma %[[A1]], %[[B2]]
// FMA-NEXT: math.fma %[[A1]], %[[B1]]
// FMA-NEXT: math.fma %[[A1]], %[[B0]]
#rt = affine_map<(d0) -> (d0 * 32)>
func.func @register_tiled(%arg0: memref<64x32xf32>, %arg1: memref<32x64xf32>, %arg2: memref<64x64xf32>) {
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %c0 = arith.constant 0 : index
  scf.forall (%arg3, %arg4) in (2, 2) {
    %alloc = memref.alloc() : memref<8x36xf32, #gpu.address_space<workgroup>>
    %alloc_0 = memref.alloc() : memref<8x36xf32, #gpu.address_space<workgroup>>
    %0 = affine.apply #rt(%arg3)
    %1 = affine.apply #rt(%arg4)
    %subview = memref.subview %arg0[%0, 0] [32, 32] [1, 1] : memref<64x32xf32> to memref<32x32xf32, strided<[32, 1], offset: ?>>
    %subview_1 = memref.subview %arg1[0, %1] [32, 32] [1, 1] : memref<32x64xf32> to memref<32x32xf32, strided<[64, 1], offset: ?>>
    %subview_2 = memref.subview %arg2[%0, %1] [32, 32] [1, 1] : memref<64x64xf32> to memref<32x32xf32, strided<[64, 1], offset: ?>>
    scf.for %arg5 = %c0 to %c32 step %c8 {
      %subview_3 = memref.subview %subview[0, %arg5] [32, 8] [1, 1] : memref<32x32xf32, strided<[32, 1], offset: ?>> to memref<32x8xf32, strided<[32, 1], offset: ?>>
      %subview_4 = memref.subview %subview_1[%arg5, 0] [8, 32] [1, 1] : memref<32x32xf32, strided<[64, 1], offset: ?>> to memref<8x32xf32, strided<[64, 1], offset: ?>>
      %subview_5 = memref.subview %alloc[0, 0] [8, 32] [1, 1] : memref<8x36xf32, #gpu.address_space<workgroup>> to memref<8x32xf32, strided<[36, 1]>, #gpu.address_space<workgroup>>
      linalg.transpose ins(%subview_3 : memref<32x8xf32, strided<[32, 1], offset: ?>>) outs(%subview_5 : memref<8x32xf32, strided<[36, 1]>, #gpu.address_space<workgroup>>) permutation = [1, 0] 
      %transpose = memref.transpose %subview_5 (d0, d1) -> (d1, d0) : memref<8x32xf32, strided<[36, 1]>, #gpu.address_space<workgroup>> to memref<32x8xf32, strided<[1, 36]>, #gpu.address_space<workgroup>>
      %subview_6 = memref.subview %alloc_0[0, 0] [8, 32] [1, 1] : memref<8x36xf32, #gpu.address_space<workgroup>> to memref<8x32xf32, strided<[36, 1]>, #gpu.address_space<workgroup>>
      memref.copy %subview_4, %subview_6 : memref<8x32xf32, strided<[64, 1], offset: ?>> to memref<8x32xf32, strided<[36, 1]>, #gpu.address_space<workgroup>>
      linalg.matmul {tile.config = #tile.config<tiled, block = [32, 32, 8], warp = [16, 32], tile = #tile.fma<thread = [4, 4]>, copy = #tile.copy<pad = 4>>} ins(%transpose, %subview_6 : memref<32x8xf32, strided<[1, 36]>, #gpu.address_space<workgroup>>, memref<8x32xf32, strided<[36, 1]>, #gpu.address_space<workgroup>>) outs(%subview_2 : memref<32x32xf32, strided<[64, 1], offset: ?>>)
    }
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.config = #tile.config<tiled, block = [32, 32, 8], warp = [16, 32], tile = #tile.fma<thread = [4, 4]>, copy = #tile.copy<pad = 4>>, tile.problem = {accumulate = false, c_type = f32, element_type = f32, k = 32 : i64, m = 64 : i64, n = 64 : i64}}
  return
}


// -----

// The register-tiled config on 50 x 60 x 32: tiles at the M and N edges.
// Each run of 4 columns of a fragment row is one 16-byte st.global under
// (row inside) and (its last column inside); the run's first 3 columns are
// also stored one by one, each under its own row and column predicates and
// the negation of the run's, for a run that crosses C's last column. No
// store is under a branch.

// CHECK-LABEL: func.func @register_tiled_edges
// CHECK: %[[ACC:.+]]:16 = scf.for
// CHECK: scf.yield {{.*}} : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32
// CHECK-NEXT: }
// CHECK-NEXT: %[[R0IN:.+]] = arith.cmpi ult, %[[TR:.+]], %[[ROWS:.+]] : index
// CHECK-COUNT-3: arith.cmpi ult, %{{.+}}, %[[ROWS]] : index
// CHECK: %[[C0IN:.+]] = arith.cmpi ult, %[[TC:.+]], %[[COLS:.+]] : index
// CHECK: %[[C1IN:.+]] = arith.cmpi ult, %{{.+}}, %[[COLS]] : index
// CHECK: %[[C2IN:.+]] = arith.cmpi ult, %{{.+}}, %[[COLS]] : index
// CHECK: %[[C3IN:.+]] = arith.cmpi ult, %{{.+}}, %[[COLS]] : index
//            The address: C's aligned base + (offset + row * stride +
//            column) * 4 bytes, from the tile's strided metadata.
// CHECK: %{{.+}}, %[[OFF:.+]], %{{.+}}:2, %[[STRIDES:.+]]:2 = memref.extract_strided_metadata
// CHECK: %[[BASE:.+]] = memref.extract_aligned_pointer_as_index
// CHECK: %[[WHOLE:.+]] = arith.andi %[[R0IN]], %[[C3IN]] : i1
// CHECK: %[[RS:.+]] = arith.muli %[[TR]], %[[STRIDES]]#0 : index
// CHECK: %[[RC:.+]] = arith.addi %[[RS]], %[[TC]] : index
// CHECK: %[[LIN:.+]] = arith.addi %[[OFF]], %[[RC]] : index
// CHECK: %[[BYTES:.+]] = arith.muli %[[LIN]], %c4{{(_[0-9]+)?}} : index
// CHECK: %[[AT:.+]] = arith.addi %[[BASE]], %[[BYTES]] : index
// CHECK: %[[AT64:.+]] = arith.index_cast %[[AT]] : index to i64
// CHECK: nvvm.inline_ptx "st.global.v4.b32 [$0], {$1, $2, $3, $4};" ro(%[[AT64]], %[[ACC]]#0, %[[ACC]]#1, %[[ACC]]#2, %[[ACC]]#3 : i64, f32, f32, f32, f32), predicate = %[[WHOLE]]
// CHECK: %[[PART:.+]] = arith.xori %[[WHOLE]], %{{.+}} : i1
// CHECK: %[[E0:.+]] = arith.andi %[[R0IN]], %[[C0IN]] : i1
// CHECK: %[[P0:.+]] = arith.andi %[[PART]], %[[E0]] : i1
// CHECK: nvvm.inline_ptx "st.global.b32 [$0], $1;" ro(%{{.+}}, %[[ACC]]#0 : i64, f32), predicate = %[[P0]]
// CHECK: %[[E1:.+]] = arith.andi %[[R0IN]], %[[C1IN]] : i1
// CHECK: %[[P1:.+]] = arith.andi %[[PART]], %[[E1]] : i1
// CHECK: nvvm.inline_ptx "st.global.b32 [$0], $1;" ro(%{{.+}}, %[[ACC]]#1 : i64, f32), predicate = %[[P1]]
// CHECK: %[[E2:.+]] = arith.andi %[[R0IN]], %[[C2IN]] : i1
// CHECK: %[[P2:.+]] = arith.andi %[[PART]], %[[E2]] : i1
// CHECK: nvvm.inline_ptx "st.global.b32 [$0], $1;" ro(%{{.+}}, %[[ACC]]#2 : i64, f32), predicate = %[[P2]]
// CHECK-NOT: ro(%{{.+}}, %[[ACC]]#3 : i64, f32)
// CHECK: nvvm.inline_ptx "st.global.v4.b32 [$0], {$1, $2, $3, $4};" ro(%{{.+}}, %[[ACC]]#4,
// CHECK-COUNT-2: nvvm.inline_ptx "st.global.v4.b32
// CHECK-NOT: scf.if
// CHECK-NOT: vector.store
// CHECK: gpu.terminator
#e0 = affine_map<(d0) -> (d0 * 32)>
#e1 = affine_map<(d0) -> (d0 * -32 + 50, 32)>
#e2 = affine_map<(d0) -> (d0 * -32 + 60, 32)>
func.func @register_tiled_edges(%arg0: memref<50x32xf32>, %arg1: memref<32x60xf32>, %arg2: memref<50x60xf32>) {
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %c0 = arith.constant 0 : index
  scf.forall (%arg3, %arg4) in (2, 2) {
    %alloc = memref.alloc() : memref<8x36xf32, #gpu.address_space<workgroup>>
    %alloc_0 = memref.alloc() : memref<8x36xf32, #gpu.address_space<workgroup>>
    %0 = affine.apply #e0(%arg3)
    %1 = affine.apply #e0(%arg4)
    %2 = affine.min #e1(%arg3)
    %3 = affine.min #e2(%arg4)
    %subview = memref.subview %arg0[%0, 0] [%2, 32] [1, 1] : memref<50x32xf32> to memref<?x32xf32, strided<[32, 1], offset: ?>>
    %subview_1 = memref.subview %arg1[0, %1] [32, %3] [1, 1] : memref<32x60xf32> to memref<32x?xf32, strided<[60, 1], offset: ?>>
    %subview_2 = memref.subview %arg2[%0, %1] [%2, %3] [1, 1] : memref<50x60xf32> to memref<?x?xf32, strided<[60, 1], offset: ?>>
    scf.for %arg5 = %c0 to %c32 step %c8 {
      %subview_3 = memref.subview %subview[0, %arg5] [%2, 8] [1, 1] : memref<?x32xf32, strided<[32, 1], offset: ?>> to memref<?x8xf32, strided<[32, 1], offset: ?>>
      %subview_4 = memref.subview %subview_1[%arg5, 0] [8, %3] [1, 1] : memref<32x?xf32, strided<[60, 1], offset: ?>> to memref<8x?xf32, strided<[60, 1], offset: ?>>
      %subview_5 = memref.subview %alloc[0, 0] [8, %2] [1, 1] : memref<8x36xf32, #gpu.address_space<workgroup>> to memref<8x?xf32, strided<[36, 1]>, #gpu.address_space<workgroup>>
      linalg.transpose ins(%subview_3 : memref<?x8xf32, strided<[32, 1], offset: ?>>) outs(%subview_5 : memref<8x?xf32, strided<[36, 1]>, #gpu.address_space<workgroup>>) permutation = [1, 0] 
      %transpose = memref.transpose %subview_5 (d0, d1) -> (d1, d0) : memref<8x?xf32, strided<[36, 1]>, #gpu.address_space<workgroup>> to memref<?x8xf32, strided<[1, 36]>, #gpu.address_space<workgroup>>
      %subview_6 = memref.subview %alloc_0[0, 0] [8, %3] [1, 1] : memref<8x36xf32, #gpu.address_space<workgroup>> to memref<8x?xf32, strided<[36, 1]>, #gpu.address_space<workgroup>>
      memref.copy %subview_4, %subview_6 : memref<8x?xf32, strided<[60, 1], offset: ?>> to memref<8x?xf32, strided<[36, 1]>, #gpu.address_space<workgroup>>
      linalg.matmul {tile.config = #tile.config<tiled, block = [32, 32, 8], warp = [16, 32], tile = #tile.fma<thread = [4, 4]>, copy = #tile.copy<pad = 4>>} ins(%transpose, %subview_6 : memref<?x8xf32, strided<[1, 36]>, #gpu.address_space<workgroup>>, memref<8x?xf32, strided<[36, 1]>, #gpu.address_space<workgroup>>) outs(%subview_2 : memref<?x?xf32, strided<[60, 1], offset: ?>>)
    }
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.config = #tile.config<tiled, block = [32, 32, 8], warp = [16, 32], tile = #tile.fma<thread = [4, 4]>, copy = #tile.copy<pad = 4>>, tile.problem = {accumulate = false, c_type = f32, element_type = f32, k = 32 : i64, m = 50 : i64, n = 60 : i64}}
  return
}

// -----

// The same tile with stages = 2: both panels get a stage dimension; the
// prologue stages the first K step into stage 0; step k computes from stage
// (k / 8) % 2 after issuing the loads of step k + 1 (if any) into registers,
// and stores them into the other stage after the FMAs.

// CHECK-LABEL: func.func @two_stages
// CHECK: gpu.launch {{.*}} workgroup(%[[AS:.+]] : memref<2x8x36xf32, #gpu.address_space<workgroup>>, %[[BS:.+]] : memref<2x8x36xf32, #gpu.address_space<workgroup>>)
// CHECK: memref.store %{{.+}}, %[[AS]][%c0{{(_[0-9]+)?}}, %{{.+}}, %{{.+}}]
// CHECK: vector.store %{{.+}}, %[[BS]][%c0{{(_[0-9]+)?}}, %{{.+}}, %{{.+}}]
// CHECK: scf.for %[[K:.+]] = %[[LB:.+]] to %[[UB:.+]] step %[[STEP:.+]] iter_args(
// CHECK:   %[[D:.+]] = arith.subi %[[K]], %[[LB]] : index
// CHECK:   %[[N:.+]] = arith.divui %[[D]], %[[STEP]] : index
// CHECK:   %[[STAGE:.+]] = arith.remui %[[N]], %{{.+}} : index
// CHECK:   %[[OTHER:.+]] = arith.subi %{{.+}}, %[[STAGE]] : index
// CHECK:   %[[KN:.+]] = arith.addi %[[K]], %[[STEP]] : index
// CHECK:   %[[HAS:.+]] = arith.cmpi ult, %[[KN]], %[[UB]] : index
// CHECK:   %[[PRE:.+]]:2 = scf.if %[[HAS]] -> (vector<4xf32>, vector<4xf32>) {
// CHECK:     vector.load
// CHECK:     vector.load
// CHECK:   vector.load %[[AS]][%[[STAGE]], %{{.+}}, %{{.+}}]
// CHECK:   math.fma
// CHECK:   scf.if %[[HAS]] {
// CHECK:     memref.store %{{.+}}, %[[AS]][%[[OTHER]], %{{.+}}, %{{.+}}]
// CHECK:     vector.store %[[PRE]]#1, %[[BS]][%[[OTHER]], %{{.+}}, %{{.+}}]
#ts = affine_map<(d0) -> (d0 * 32)>
func.func @two_stages(%arg0: memref<64x32xf32>, %arg1: memref<32x64xf32>, %arg2: memref<64x64xf32>) {
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %c0 = arith.constant 0 : index
  scf.forall (%arg3, %arg4) in (2, 2) {
    %alloc = memref.alloc() : memref<8x36xf32, #gpu.address_space<workgroup>>
    %alloc_0 = memref.alloc() : memref<8x36xf32, #gpu.address_space<workgroup>>
    %0 = affine.apply #ts(%arg3)
    %1 = affine.apply #ts(%arg4)
    %subview = memref.subview %arg0[%0, 0] [32, 32] [1, 1] : memref<64x32xf32> to memref<32x32xf32, strided<[32, 1], offset: ?>>
    %subview_1 = memref.subview %arg1[0, %1] [32, 32] [1, 1] : memref<32x64xf32> to memref<32x32xf32, strided<[64, 1], offset: ?>>
    %subview_2 = memref.subview %arg2[%0, %1] [32, 32] [1, 1] : memref<64x64xf32> to memref<32x32xf32, strided<[64, 1], offset: ?>>
    scf.for %arg5 = %c0 to %c32 step %c8 {
      %subview_3 = memref.subview %subview[0, %arg5] [32, 8] [1, 1] : memref<32x32xf32, strided<[32, 1], offset: ?>> to memref<32x8xf32, strided<[32, 1], offset: ?>>
      %subview_4 = memref.subview %subview_1[%arg5, 0] [8, 32] [1, 1] : memref<32x32xf32, strided<[64, 1], offset: ?>> to memref<8x32xf32, strided<[64, 1], offset: ?>>
      %subview_5 = memref.subview %alloc[0, 0] [8, 32] [1, 1] : memref<8x36xf32, #gpu.address_space<workgroup>> to memref<8x32xf32, strided<[36, 1]>, #gpu.address_space<workgroup>>
      linalg.transpose ins(%subview_3 : memref<32x8xf32, strided<[32, 1], offset: ?>>) outs(%subview_5 : memref<8x32xf32, strided<[36, 1]>, #gpu.address_space<workgroup>>) permutation = [1, 0] 
      %transpose = memref.transpose %subview_5 (d0, d1) -> (d1, d0) : memref<8x32xf32, strided<[36, 1]>, #gpu.address_space<workgroup>> to memref<32x8xf32, strided<[1, 36]>, #gpu.address_space<workgroup>>
      %subview_6 = memref.subview %alloc_0[0, 0] [8, 32] [1, 1] : memref<8x36xf32, #gpu.address_space<workgroup>> to memref<8x32xf32, strided<[36, 1]>, #gpu.address_space<workgroup>>
      memref.copy %subview_4, %subview_6 : memref<8x32xf32, strided<[64, 1], offset: ?>> to memref<8x32xf32, strided<[36, 1]>, #gpu.address_space<workgroup>>
      linalg.matmul {tile.config = #tile.config<tiled, block = [32, 32, 8], warp = [16, 32], tile = #tile.fma<thread = [4, 4]>, copy = #tile.copy<pad = 4>, schedule = #tile.schedule<stages = 2>>} ins(%transpose, %subview_6 : memref<32x8xf32, strided<[1, 36]>, #gpu.address_space<workgroup>>, memref<8x32xf32, strided<[36, 1]>, #gpu.address_space<workgroup>>) outs(%subview_2 : memref<32x32xf32, strided<[64, 1], offset: ?>>)
    }
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.config = #tile.config<tiled, block = [32, 32, 8], warp = [16, 32], tile = #tile.fma<thread = [4, 4]>, copy = #tile.copy<pad = 4>, schedule = #tile.schedule<stages = 2>>, tile.problem = {accumulate = false, c_type = f32, element_type = f32, k = 32 : i64, m = 64 : i64, n = 64 : i64}}
  return
}

// -----

// copy = async, 3 stages: stage buffers [3 x ...]; the prologue issues K
// steps 0 and 1 into stages 0 and 1 with cp.async (16-byte copies; no tile
// crosses an edge here, so no source-size operand) and commits a group after
// each; step k waits until at most 1 group is in flight, synchronises,
// issues step k + 2 into stage (k / 8 + 2) % 3 (the stage step k - 1 read)
// if it exists (a block-uniform branch), commits a group either way, then
// multiplies from stage (k / 8) % 3; after the loop it waits for everything.
// A is staged as is (cp.async cannot transpose), so a lane's 4 rows are
// interleaved with the other 3 row groups of its warp: rows r, r+4, r+8,
// r+12 with r = 16 * warp_row + lane / 8; the lanes that read A at one k
// then hit 4 consecutive rows (different banks), not rows 4 apart. Each
// row's 4 consecutive k are one 16-byte load (the 48-byte pitch keeps them
// aligned).

// CHECK-LABEL: func.func @async_stages
// CHECK: gpu.launch {{.*}} workgroup(%[[AS:.+]] : memref<3x32x12xf32, #gpu.address_space<workgroup>>, %[[BS:.+]] : memref<3x8x36xf32, #gpu.address_space<workgroup>>)
// CHECK: %[[LANE:.+]] = arith.remui %{{.+}}, %c32{{(_[0-9]+)?}} : index
// CHECK: %[[LY:.+]] = arith.divui %[[LANE]], %c8{{(_[0-9]+)?}} : index
// CHECK: %[[WROW:.+]] = arith.muli %{{.+}}, %c16 : index
// CHECK: %[[LROW:.+]] = arith.muli %[[LY]], %c1{{(_[0-9]+)?}} : index
// CHECK: %[[R0:.+]] = arith.addi %[[WROW]], %[[LROW]] : index
// CHECK: %[[ROW0:.+]] = arith.addi %[[R0]], %c0{{(_[0-9]+)?}} : index
// CHECK: %[[ROW1:.+]] = arith.addi %[[R0]], %c4{{(_[0-9]+)?}} : index
// CHECK: %[[ROW2:.+]] = arith.addi %[[R0]], %c8{{(_[0-9]+)?}} : index
// CHECK: %[[ROW3:.+]] = arith.addi %[[R0]], %c12{{(_[0-9]+)?}} : index
// CHECK: nvgpu.device_async_copy %{{.+}}[%{{.+}}, %{{.+}}], %[[AS]][%c0{{(_[0-9]+)?}}, %{{.+}}, %{{.+}}], 4 {bypassL1}
// CHECK: nvgpu.device_async_copy %{{.+}}[%{{.+}}, %{{.+}}], %[[BS]][%c0{{(_[0-9]+)?}}, %{{.+}}, %{{.+}}], 4 {bypassL1}
// CHECK: nvgpu.device_async_create_group
// CHECK: nvgpu.device_async_copy {{.*}}, %[[AS]][%c1{{(_[0-9]+)?}}, %{{.+}}, %{{.+}}]
// CHECK: %[[G:.+]] = nvgpu.device_async_create_group
// CHECK: scf.for %[[K:.+]] = %[[LB:.+]] to %{{.+}} step %[[STEP:.+]] iter_args(
// CHECK:   %[[N:.+]] = arith.divui %{{.+}}, %[[STEP]] : index
// CHECK:   %[[STAGE:.+]] = arith.remui %[[N]], %{{.+}} : index
// CHECK:   nvgpu.device_async_wait %[[G]] {numGroups = 1 : i32}
// CHECK-NEXT: gpu.barrier
// CHECK:   %[[KAHEAD:.+]] = arith.addi %[[K]], %c16{{(_[0-9]+)?}} : index
// CHECK:   %[[AHEAD:.+]] = arith.remui %{{.+}}, %{{.+}} : index
// CHECK:   %[[EXISTS:.+]] = arith.cmpi ult, %[[KAHEAD]], %{{.+}} : index
// CHECK:   scf.if %[[EXISTS]] {
// CHECK:     nvgpu.device_async_copy {{.*}}, %[[AS]][%[[AHEAD]], %{{.+}}, %{{.+}}]
// CHECK:     nvgpu.device_async_copy {{.*}}, %[[BS]][%[[AHEAD]], %{{.+}}, %{{.+}}]
// CHECK:   }
// CHECK:   nvgpu.device_async_create_group
// CHECK-NOT: gpu.barrier
// CHECK:   vector.load %[[AS]][%[[STAGE]], %[[ROW0]], %c0{{(_[0-9]+)?}}] {alignment = 16 : i64}
// CHECK:   vector.load %[[AS]][%[[STAGE]], %[[ROW1]], %c0{{(_[0-9]+)?}}] {alignment = 16 : i64}
// CHECK:   vector.load %[[AS]][%[[STAGE]], %[[ROW2]], %c0{{(_[0-9]+)?}}] {alignment = 16 : i64}
// CHECK:   vector.load %[[AS]][%[[STAGE]], %[[ROW3]], %c0{{(_[0-9]+)?}}] {alignment = 16 : i64}
// CHECK:   math.fma
// CHECK-NOT: gpu.barrier
// CHECK:   scf.yield
// CHECK: nvgpu.device_async_wait %[[G]] {numGroups = 0 : i32}
#asy = affine_map<(d0) -> (d0 * 32)>
func.func @async_stages(%arg0: memref<64x32xf32>, %arg1: memref<32x64xf32>, %arg2: memref<64x64xf32>) {
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %c0 = arith.constant 0 : index
  scf.forall (%arg3, %arg4) in (2, 2) {
    %alloc = memref.alloc() : memref<32x12xf32, #gpu.address_space<workgroup>>
    %alloc_0 = memref.alloc() : memref<8x36xf32, #gpu.address_space<workgroup>>
    %0 = affine.apply #asy(%arg3)
    %1 = affine.apply #asy(%arg4)
    %subview = memref.subview %arg0[%0, 0] [32, 32] [1, 1] : memref<64x32xf32> to memref<32x32xf32, strided<[32, 1], offset: ?>>
    %subview_1 = memref.subview %arg1[0, %1] [32, 32] [1, 1] : memref<32x64xf32> to memref<32x32xf32, strided<[64, 1], offset: ?>>
    %subview_2 = memref.subview %arg2[%0, %1] [32, 32] [1, 1] : memref<64x64xf32> to memref<32x32xf32, strided<[64, 1], offset: ?>>
    scf.for %arg5 = %c0 to %c32 step %c8 {
      %subview_3 = memref.subview %subview[0, %arg5] [32, 8] [1, 1] : memref<32x32xf32, strided<[32, 1], offset: ?>> to memref<32x8xf32, strided<[32, 1], offset: ?>>
      %subview_4 = memref.subview %subview_1[%arg5, 0] [8, 32] [1, 1] : memref<32x32xf32, strided<[64, 1], offset: ?>> to memref<8x32xf32, strided<[64, 1], offset: ?>>
      %subview_5 = memref.subview %alloc[0, 0] [32, 8] [1, 1] : memref<32x12xf32, #gpu.address_space<workgroup>> to memref<32x8xf32, strided<[12, 1]>, #gpu.address_space<workgroup>>
      memref.copy %subview_3, %subview_5 : memref<32x8xf32, strided<[32, 1], offset: ?>> to memref<32x8xf32, strided<[12, 1]>, #gpu.address_space<workgroup>>
      %subview_6 = memref.subview %alloc_0[0, 0] [8, 32] [1, 1] : memref<8x36xf32, #gpu.address_space<workgroup>> to memref<8x32xf32, strided<[36, 1]>, #gpu.address_space<workgroup>>
      memref.copy %subview_4, %subview_6 : memref<8x32xf32, strided<[64, 1], offset: ?>> to memref<8x32xf32, strided<[36, 1]>, #gpu.address_space<workgroup>>
      linalg.matmul {tile.config = #tile.config<tiled, block = [32, 32, 8], warp = [16, 32], tile = #tile.fma<thread = [4, 4]>, copy = #tile.copy<kind = async, pad = 4>, schedule = #tile.schedule<stages = 3>>} ins(%subview_5, %subview_6 : memref<32x8xf32, strided<[12, 1]>, #gpu.address_space<workgroup>>, memref<8x32xf32, strided<[36, 1]>, #gpu.address_space<workgroup>>) outs(%subview_2 : memref<32x32xf32, strided<[64, 1], offset: ?>>)
    }
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.config = #tile.config<tiled, block = [32, 32, 8], warp = [16, 32], tile = #tile.fma<thread = [4, 4]>, copy = #tile.copy<kind = async, pad = 4>, schedule = #tile.schedule<stages = 3>>, tile.problem = {accumulate = false, c_type = f32, element_type = f32, k = 32 : i64, m = 64 : i64, n = 64 : i64}}
  return
}

// -----

// cp.async on a ragged problem (50 x 40 x 20, 32 x 32 x 8 tiles): a copy of
// 4 elements of A at (row, col) reads clamp(20 - col, 0, 4) of them, none
// when row >= 50, and zero-fills the rest (the source-size operand); a copy
// that reads nothing takes a clamped in-bounds address (0, 0). The
// prologue's step exists only when 0 < K (folded later).

// CHECK-LABEL: func.func @async_ragged
// CHECK: %[[K0:.+]] = arith.cmpi ult, %{{.+}}, %c20 : index
// CHECK: scf.if %[[K0]] {
// CHECK:   %[[LEFT:.+]] = arith.subi %c20{{(_[0-9]+)?}}, %[[COL:.+]] : index
// CHECK:   %[[POS:.+]] = arith.maxsi %[[LEFT]], %c0{{(_[0-9]+)?}} : index
// CHECK:   %[[MAX4:.+]] = arith.minsi %[[POS]], %c4{{(_[0-9]+)?}} : index
// CHECK:   %[[ROWIN:.+]] = arith.cmpi ult, %[[ROW:.+]], %c50 : index
// CHECK:   %[[COUNT:.+]] = arith.select %[[ROWIN]], %[[MAX4]], %c0{{(_[0-9]+)?}} : index
// CHECK:   %[[ANY:.+]] = arith.cmpi sgt, %[[COUNT]], %c0{{(_[0-9]+)?}} : index
// CHECK:   %[[R:.+]] = arith.select %[[ANY]], %[[ROW]], %c0{{(_[0-9]+)?}} : index
// CHECK:   %[[C:.+]] = arith.select %[[ANY]], %[[COL]], %c0{{(_[0-9]+)?}} : index
// CHECK:   nvgpu.device_async_copy %{{.+}}[%[[R]], %[[C]]], %{{.+}}[%c0{{(_[0-9]+)?}}, %{{.+}}, %{{.+}}], 4, %[[COUNT]] {bypassL1} : memref<50x20xf32> to memref<2x32x12xf32, #gpu.address_space<workgroup>>
func.func @async_ragged(%arg0: memref<50x20xf32>, %arg1: memref<20x40xf32>, %arg2: memref<50x40xf32>) {
  scf.forall (%arg3, %arg4) in (2, 2) {
    %alloc = memref.alloc() : memref<32x12xf32, #gpu.address_space<workgroup>>
    %alloc_2 = memref.alloc() : memref<8x36xf32, #gpu.address_space<workgroup>>
    %0 = affine.apply affine_map<(d0) -> (d0 * 32)>(%arg3)
    %1 = affine.apply affine_map<(d0) -> (d0 * 32)>(%arg4)
    %2 = affine.min affine_map<(d0) -> (-d0 + 50, 32)>(%0)
    %3 = affine.min affine_map<(d0) -> (-d0 + 40, 32)>(%1)
    %subview = memref.subview %arg0[%0, 0] [%2, 20] [1, 1] : memref<50x20xf32> to memref<?x20xf32, strided<[20, 1], offset: ?>>
    %subview_3 = memref.subview %arg1[0, %1] [20, %3] [1, 1] : memref<20x40xf32> to memref<20x?xf32, strided<[40, 1], offset: ?>>
    %subview_4 = memref.subview %arg2[%0, %1] [%2, %3] [1, 1] : memref<50x40xf32> to memref<?x?xf32, strided<[40, 1], offset: ?>>
    %c0 = arith.constant 0 : index
    %c20 = arith.constant 20 : index
    %c8 = arith.constant 8 : index
    scf.for %arg5 = %c0 to %c20 step %c8 {
      %4 = affine.min affine_map<(d0) -> (-d0 + 20, 8)>(%arg5)
      %subview_6 = memref.subview %subview[0, %arg5] [%2, %4] [1, 1] : memref<?x20xf32, strided<[20, 1], offset: ?>> to memref<?x?xf32, strided<[20, 1], offset: ?>>
      %subview_7 = memref.subview %subview_3[%arg5, 0] [%4, %3] [1, 1] : memref<20x?xf32, strided<[40, 1], offset: ?>> to memref<?x?xf32, strided<[40, 1], offset: ?>>
      %subview_11 = memref.subview %alloc[0, 0] [%2, %4] [1, 1] : memref<32x12xf32, #gpu.address_space<workgroup>> to memref<?x?xf32, strided<[12, 1]>, #gpu.address_space<workgroup>>
      memref.copy %subview_6, %subview_11 : memref<?x?xf32, strided<[20, 1], offset: ?>> to memref<?x?xf32, strided<[12, 1]>, #gpu.address_space<workgroup>>
      %subview_12 = memref.subview %alloc_2[0, 0] [%4, %3] [1, 1] : memref<8x36xf32, #gpu.address_space<workgroup>> to memref<?x?xf32, strided<[36, 1]>, #gpu.address_space<workgroup>>
      memref.copy %subview_7, %subview_12 : memref<?x?xf32, strided<[40, 1], offset: ?>> to memref<?x?xf32, strided<[36, 1]>, #gpu.address_space<workgroup>>
      linalg.matmul {tile.config = #tile.config<tiled, block = [32, 32, 8], tile = #tile.fma<thread = [4, 4]>, copy = #tile.copy<kind = async, pad = 4>, schedule = #tile.schedule<stages = 2>>} ins(%subview_11, %subview_12 : memref<?x?xf32, strided<[12, 1]>, #gpu.address_space<workgroup>>, memref<?x?xf32, strided<[36, 1]>, #gpu.address_space<workgroup>>) outs(%subview_4 : memref<?x?xf32, strided<[40, 1], offset: ?>>)
    }
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.config = #tile.config<tiled, block = [32, 32, 8], tile = #tile.fma<thread = [4, 4]>, copy = #tile.copy<kind = async, pad = 4>, schedule = #tile.schedule<stages = 2>>, tile.problem = {accumulate = true, c_type = f32, element_type = f32, k = 20 : i64, m = 50 : i64, n = 40 : i64}}
  return
}

// -----

// Four stages of 128 x 128 x 16 panels (A 128 x 20, B 16 x 132 with pad 4)
// need 4 * 10240 + 4 * 8448 = 74752 bytes, above the 48 KiB of static shared
// memory: no workgroup attributions; the launch asks for 74752 bytes of
// dynamic shared memory and both panels are views of it, B 40960 bytes
// after A. The thread tile 8 x 8 in a 64 x 32 warp tile: 4 column groups;
// a lane's 8 columns are two chunks of 4, 16 apart (c..c+3, c+16..c+19 with
// c = 32 * warp_col + 4 * (lane % 4)), so the 4 distinct 16-byte B loads of
// a warp are consecutive in shared memory.

// CHECK-LABEL: func.func @dynamic_shared
// CHECK: %[[BYTES:.+]] = arith.constant 74752 : i32
// CHECK: gpu.launch {{.*}} dynamic_shared_memory_size %[[BYTES]]
// CHECK-NOT: workgroup(
// CHECK: %[[LANE:.+]] = arith.remui %{{.+}}, %c32{{(_[0-9]+)?}} : index
// CHECK: %[[LX:.+]] = arith.remui %[[LANE]], %c4{{(_[0-9]+)?}} : index
// CHECK: %[[WCOL:.+]] = arith.muli %{{.+}}, %c32{{(_[0-9]+)?}} : index
// CHECK: %[[LCOL:.+]] = arith.muli %[[LX]], %c4{{(_[0-9]+)?}} : index
// CHECK: %[[COLS:.+]] = arith.addi %[[WCOL]], %[[LCOL]] : index
// CHECK: %[[RAW:.+]] = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
// CHECK: %[[AS:.+]] = memref.view %[[RAW]][%c0{{(_[0-9]+)?}}][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<4x128x20xf32, #gpu.address_space<workgroup>>
// CHECK: %[[BS:.+]] = memref.view %[[RAW]][%c40960][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<4x16x132xf32, #gpu.address_space<workgroup>>
// CHECK: %[[COL0:.+]] = arith.addi %[[COLS]], %c0{{(_[0-9]+)?}} : index
// CHECK: %[[COL4:.+]] = arith.addi %[[COLS]], %c16{{(_[0-9]+)?}} : index
// CHECK: nvgpu.device_async_copy {{.*}}, %[[AS]][%c0{{(_[0-9]+)?}}, %{{.+}}, %{{.+}}], 4
// CHECK: nvgpu.device_async_copy {{.*}}, %[[BS]][%c0{{(_[0-9]+)?}}, %{{.+}}, %{{.+}}], 4
// CHECK: nvgpu.device_async_wait %{{.+}} {numGroups = 2 : i32}
// CHECK: vector.load %[[BS]][%{{.+}}, %c0{{(_[0-9]+)?}}, %[[COL0]]] {alignment = 16 : i64}
// CHECK-NEXT: vector.extract
// CHECK-NEXT: vector.extract
// CHECK-NEXT: vector.extract
// CHECK-NEXT: vector.extract
// CHECK-NEXT: vector.load %[[BS]][%{{.+}}, %c0{{(_[0-9]+)?}}, %[[COL4]]] {alignment = 16 : i64}
func.func @dynamic_shared(%arg0: memref<256x64xf32>, %arg1: memref<64x256xf32>, %arg2: memref<256x256xf32>) {
  scf.forall (%arg3, %arg4) in (2, 2) {
    %alloc = memref.alloc() : memref<128x20xf32, #gpu.address_space<workgroup>>
    %alloc_3 = memref.alloc() : memref<16x132xf32, #gpu.address_space<workgroup>>
    %0 = affine.apply affine_map<(d0) -> (d0 * 128)>(%arg3)
    %1 = affine.apply affine_map<(d0) -> (d0 * 128)>(%arg4)
    %subview = memref.subview %arg0[%0, 0] [128, 64] [1, 1] : memref<256x64xf32> to memref<128x64xf32, strided<[64, 1], offset: ?>>
    %subview_4 = memref.subview %arg1[0, %1] [64, 128] [1, 1] : memref<64x256xf32> to memref<64x128xf32, strided<[256, 1], offset: ?>>
    %subview_5 = memref.subview %arg2[%0, %1] [128, 128] [1, 1] : memref<256x256xf32> to memref<128x128xf32, strided<[256, 1], offset: ?>>
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %c16 = arith.constant 16 : index
    scf.for %arg5 = %c0 to %c64 step %c16 {
      %subview_7 = memref.subview %subview[0, %arg5] [128, 16] [1, 1] : memref<128x64xf32, strided<[64, 1], offset: ?>> to memref<128x16xf32, strided<[64, 1], offset: ?>>
      %subview_8 = memref.subview %subview_4[%arg5, 0] [16, 128] [1, 1] : memref<64x128xf32, strided<[256, 1], offset: ?>> to memref<16x128xf32, strided<[256, 1], offset: ?>>
      %subview_9 = memref.subview %alloc[0, 0] [128, 16] [1, 1] : memref<128x20xf32, #gpu.address_space<workgroup>> to memref<128x16xf32, strided<[20, 1]>, #gpu.address_space<workgroup>>
      memref.copy %subview_7, %subview_9 : memref<128x16xf32, strided<[64, 1], offset: ?>> to memref<128x16xf32, strided<[20, 1]>, #gpu.address_space<workgroup>>
      %subview_10 = memref.subview %alloc_3[0, 0] [16, 128] [1, 1] : memref<16x132xf32, #gpu.address_space<workgroup>> to memref<16x128xf32, strided<[132, 1]>, #gpu.address_space<workgroup>>
      memref.copy %subview_8, %subview_10 : memref<16x128xf32, strided<[256, 1], offset: ?>> to memref<16x128xf32, strided<[132, 1]>, #gpu.address_space<workgroup>>
      linalg.matmul {tile.config = #tile.config<tiled, block = [128, 128, 16], warp = [64, 32], tile = #tile.fma<thread = [8, 8]>, copy = #tile.copy<kind = async, pad = 4>, schedule = #tile.schedule<stages = 4>>} ins(%subview_9, %subview_10 : memref<128x16xf32, strided<[20, 1]>, #gpu.address_space<workgroup>>, memref<16x128xf32, strided<[132, 1]>, #gpu.address_space<workgroup>>) outs(%subview_5 : memref<128x128xf32, strided<[256, 1], offset: ?>>)
    }
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.config = #tile.config<tiled, block = [128, 128, 16], warp = [64, 32], tile = #tile.fma<thread = [8, 8]>, copy = #tile.copy<kind = async, pad = 4>, schedule = #tile.schedule<stages = 4>>, tile.problem = {accumulate = true, c_type = f32, element_type = f32, k = 64 : i64, m = 256 : i64, n = 256 : i64}}
  return
}

// -----

// A forall that is not a promoted block tile is an error at it.
func.func @not_promoted(%A: memref<8x8xf32>, %B: memref<8x8xf32>, %C: memref<8x8xf32>) {
  // expected-error @+1 {{must hold two workgroup buffers and one K loop (run --tile-promote)}}
  scf.forall (%i, %j) in (1, 1) {
    linalg.matmul ins(%A, %B : memref<8x8xf32>, memref<8x8xf32>) outs(%C : memref<8x8xf32>)
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.config = #tile.config<tiled, block = [8, 8, 8], tile = #tile.fma<thread = [1, 1]>>, tile.problem = {accumulate = false, c_type = f32, element_type = f32, k = 8 : i64, m = 8 : i64, n = 8 : i64}}
  return
}

// -----

// copy = tma, 3 stages, on a problem whose K (20) is not a multiple of BK
// (8) and whose M and N leave partial tiles: the host describes A and B as
// tensor maps whose boxes are one panel stage (32 x 8 of A, 8 x 32 of B);
// the panels are views of 6144 bytes of dynamic shared memory (3 stages of
// 1024 bytes each); thread 0 prefetches both maps, initialises 3 mbarriers
// (arrival count 1) and fences them into the async proxy before the block
// synchronises. The prologue issues K steps 0 and 1 into stages 0 and 1 (if
// they exist: thread 0 and a block-uniform K test): expect_tx of the 2048
// bytes of both boxes, then one box load each at (k, row0) of A and
// (col0, k) of B, innermost coordinate first, no bounds predicates (the TMA
// unit zero-fills what leaves the matrix). Step k waits on the mbarrier of
// stage (k / 8) % 3 with parity ((k / 8) / 3) % 2, synchronises, issues step
// k + 16 into stage (k / 8 + 2) % 3, then multiplies from stage (k / 8) % 3
// (A read as is, no barrier after the FMAs: the next step's barrier
// protects the stage).

// CHECK-LABEL: func.func @tma_stages
// CHECK: %[[CA:.+]] = memref.cast %arg0 : memref<50x20xf32> to memref<*xf32>
// CHECK: %[[MAPA:.+]] = nvgpu.tma.create.descriptor %[[CA]] box[%c32{{(_[0-9]+)?}}, %c8{{(_[0-9]+)?}}] : memref<*xf32> -> <tensor = memref<32x8xf32, #gpu.address_space<workgroup>>, swizzle = none, l2promo = none, oob = zero, interleave = none>
// CHECK: %[[CB:.+]] = memref.cast %arg1 : memref<20x40xf32> to memref<*xf32>
// CHECK: %[[MAPB:.+]] = nvgpu.tma.create.descriptor %[[CB]] box[%c8{{(_[0-9]+)?}}, %c32{{(_[0-9]+)?}}] : memref<*xf32> -> <tensor = memref<8x32xf32, #gpu.address_space<workgroup>>
// CHECK: %[[SMEM:.+]] = arith.constant 6144 : i32
// CHECK: gpu.launch {{.*}} dynamic_shared_memory_size %[[SMEM]]
// CHECK: %[[FIRST:.+]] = arith.cmpi eq, %{{.+}}, %c0{{(_[0-9]+)?}} : index
// CHECK-NEXT: nvgpu.tma.prefetch.descriptor %[[MAPA]], predicate = %[[FIRST]]
// CHECK-NEXT: nvgpu.tma.prefetch.descriptor %[[MAPB]], predicate = %[[FIRST]]
// CHECK: %[[AS:.+]] = memref.view %{{.+}}[%c0{{(_[0-9]+)?}}][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<3x32x8xf32, #gpu.address_space<workgroup>>
// CHECK: %[[BS:.+]] = memref.view %{{.+}}[%c3072][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<3x8x32xf32, #gpu.address_space<workgroup>>
// CHECK: %[[BAR:.+]] = nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>, num_barriers = 3>
// CHECK: %[[LEADER:.+]] = arith.cmpi eq, %{{.+}}, %c0{{(_[0-9]+)?}} : index
// CHECK: scf.if %[[LEADER]] {
// CHECK-COUNT-3: nvgpu.mbarrier.init %[[BAR]][%{{.+}}], %c1{{(_[0-9]+)?}}
// CHECK-NEXT: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// CHECK-NEXT: }
// CHECK-NEXT: gpu.barrier
// CHECK: %[[S0:.+]] = arith.constant 0 : index
// CHECK: %[[K0:.+]] = arith.addi %{{.+}}, %c0{{(_[0-9]+)?}} : index
// CHECK: %[[HAS0:.+]] = arith.cmpi ult, %[[K0]], %c20{{(_[0-9]+)?}} : index
// CHECK: %[[ISSUE0:.+]] = arith.andi %[[LEADER]], %[[HAS0]] : i1
// CHECK: scf.if %[[ISSUE0]] {
// CHECK:   nvgpu.mbarrier.arrive.expect_tx %[[BAR]][%[[S0]]], %c2048
// CHECK:   %[[DA0:.+]] = memref.subview %[[AS]][%[[S0]], 0, 0] [1, 32, 8] [1, 1, 1]
// CHECK:   nvgpu.tma.async.load %[[MAPA]][%[[K0]], %[[ROW0:.+]]], %[[BAR]][%[[S0]]] to %[[DA0]]
// CHECK:   %[[DB0:.+]] = memref.subview %[[BS]][%[[S0]], 0, 0] [1, 8, 32] [1, 1, 1]
// CHECK:   nvgpu.tma.async.load %[[MAPB]][%[[COL0:.+]], %[[K0]]], %[[BAR]][%[[S0]]] to %[[DB0]]
// CHECK: }
// CHECK: %[[S1:.+]] = arith.constant 1 : index
// CHECK: %[[K1:.+]] = arith.addi %{{.+}}, %c8{{(_[0-9]+)?}} : index
// CHECK: scf.if
// CHECK:   nvgpu.mbarrier.arrive.expect_tx %[[BAR]][%[[S1]]], %c2048
// CHECK:   nvgpu.tma.async.load %[[MAPA]][%[[K1]], %[[ROW0]]], %[[BAR]][%[[S1]]]
// CHECK:   nvgpu.tma.async.load %[[MAPB]][%[[COL0]], %[[K1]]], %[[BAR]][%[[S1]]]
// CHECK: }
// CHECK-NOT: nvgpu.tma.async.load
// CHECK: scf.for %[[K:.+]] = %{{.+}} to %{{.+}} step %[[STEP:.+]] iter_args(
// CHECK:   %[[N:.+]] = arith.divui %{{.+}}, %[[STEP]] : index
// CHECK:   %[[STAGE:.+]] = arith.remui %[[N]], %c3{{(_[0-9]+)?}} : index
// CHECK:   %[[ROUND:.+]] = arith.divui %[[N]], %c3{{(_[0-9]+)?}} : index
// CHECK:   %[[ODD:.+]] = arith.remui %[[ROUND]], %c2{{(_[0-9]+)?}} : index
// CHECK:   %[[PARITY:.+]] = arith.index_cast %[[ODD]] : index to i1
// CHECK:   nvgpu.mbarrier.try_wait.parity %[[BAR]][%[[STAGE]]], %[[PARITY]], %{{.+}}
// CHECK-NEXT: gpu.barrier
// CHECK:   %[[KAHEAD:.+]] = arith.addi %[[K]], %c16{{(_[0-9]+)?}} : index
// CHECK:   %[[NAHEAD:.+]] = arith.addi %[[N]], %c2{{(_[0-9]+)?}} : index
// CHECK:   %[[AHEAD:.+]] = arith.remui %[[NAHEAD]], %c3{{(_[0-9]+)?}} : index
// CHECK:   %[[EXISTS:.+]] = arith.cmpi ult, %[[KAHEAD]], %c20{{(_[0-9]+)?}} : index
// CHECK:   %[[ISSUE:.+]] = arith.andi %[[LEADER]], %[[EXISTS]] : i1
// CHECK:   scf.if %[[ISSUE]] {
// CHECK:     nvgpu.mbarrier.arrive.expect_tx %[[BAR]][%[[AHEAD]]], %c2048
// CHECK:     nvgpu.tma.async.load %[[MAPA]][%[[KAHEAD]], %[[ROW0]]], %[[BAR]][%[[AHEAD]]]
// CHECK:     nvgpu.tma.async.load %[[MAPB]][%[[COL0]], %[[KAHEAD]]], %[[BAR]][%[[AHEAD]]]
// CHECK:   }
// CHECK-NOT: gpu.barrier
// CHECK:   vector.load %[[AS]][%[[STAGE]], %{{.+}}, %c0{{(_[0-9]+)?}}] {alignment = 16 : i64}
// CHECK:   math.fma
// CHECK-NOT: gpu.barrier
// CHECK:   scf.yield
#tm0 = affine_map<(d0) -> (d0 * 32)>
#tma1 = affine_map<(d0) -> (d0 * -32 + 50, 32)>
#tmb = affine_map<(d0) -> (d0 * -32 + 40, 32)>
#map3 = affine_map<(d0) -> (-d0 + 20, 8)>
func.func @tma_stages(%arg0: memref<50x20xf32>, %arg1: memref<20x40xf32>) -> memref<50x40xf32> {
  %c8 = arith.constant 8 : index
  %c20 = arith.constant 20 : index
  %c0 = arith.constant 0 : index
  %alloc = memref.alloc() {alignment = 64 : i64} : memref<50x40xf32>
  scf.forall (%arg2, %arg3) in (2, 2) {
    %alloc_0 = memref.alloc() : memref<32x8xf32, #gpu.address_space<workgroup>>
    %alloc_1 = memref.alloc() : memref<8x32xf32, #gpu.address_space<workgroup>>
    %0 = affine.apply #tm0(%arg2)
    %1 = affine.apply #tm0(%arg3)
    %2 = affine.min #tma1(%arg2)
    %3 = affine.min #tmb(%arg3)
    %subview = memref.subview %arg0[%0, 0] [%2, 20] [1, 1] : memref<50x20xf32> to memref<?x20xf32, strided<[20, 1], offset: ?>>
    %subview_2 = memref.subview %arg1[0, %1] [20, %3] [1, 1] : memref<20x40xf32> to memref<20x?xf32, strided<[40, 1], offset: ?>>
    %subview_3 = memref.subview %alloc[%0, %1] [%2, %3] [1, 1] : memref<50x40xf32> to memref<?x?xf32, strided<[40, 1], offset: ?>>
    scf.for %arg4 = %c0 to %c20 step %c8 {
      %4 = affine.min #map3(%arg4)
      %subview_4 = memref.subview %subview[0, %arg4] [%2, %4] [1, 1] : memref<?x20xf32, strided<[20, 1], offset: ?>> to memref<?x?xf32, strided<[20, 1], offset: ?>>
      %subview_5 = memref.subview %subview_2[%arg4, 0] [%4, %3] [1, 1] : memref<20x?xf32, strided<[40, 1], offset: ?>> to memref<?x?xf32, strided<[40, 1], offset: ?>>
      %subview_6 = memref.subview %alloc_0[0, 0] [%2, %4] [1, 1] : memref<32x8xf32, #gpu.address_space<workgroup>> to memref<?x?xf32, strided<[8, 1]>, #gpu.address_space<workgroup>>
      memref.copy %subview_4, %subview_6 : memref<?x?xf32, strided<[20, 1], offset: ?>> to memref<?x?xf32, strided<[8, 1]>, #gpu.address_space<workgroup>>
      %subview_7 = memref.subview %alloc_1[0, 0] [%4, %3] [1, 1] : memref<8x32xf32, #gpu.address_space<workgroup>> to memref<?x?xf32, strided<[32, 1]>, #gpu.address_space<workgroup>>
      memref.copy %subview_5, %subview_7 : memref<?x?xf32, strided<[40, 1], offset: ?>> to memref<?x?xf32, strided<[32, 1]>, #gpu.address_space<workgroup>>
      linalg.matmul {tile.config = #tile.config<tiled, block = [32, 32, 8], warp = [16, 32], tile = #tile.fma<thread = [4, 4]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 3>>} ins(%subview_6, %subview_7 : memref<?x?xf32, strided<[8, 1]>, #gpu.address_space<workgroup>>, memref<?x?xf32, strided<[32, 1]>, #gpu.address_space<workgroup>>) outs(%subview_3 : memref<?x?xf32, strided<[40, 1], offset: ?>>)
    }
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.config = #tile.config<tiled, block = [32, 32, 8], warp = [16, 32], tile = #tile.fma<thread = [4, 4]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 3>>, tile.problem = {accumulate = false, c_type = f32, element_type = f32, k = 20 : i64, m = 50 : i64, n = 40 : i64}}
  return %alloc : memref<50x40xf32>
}

// -----

// restage_a on the same problem (3 TMA stages): 2 K-major stages of A (8 x
// 32) follow the boxes in dynamic shared memory (6144 + 2048 bytes). Step k
// waits on its mbarrier, then every thread (64 threads, 64 pieces of 4 k)
// loads the 16-byte piece (row tid % 32, k 4 * (tid / 32)) of A's landed box
// from TMA stage (k / 8) % 3 and stores its 4 elements down column `row` of
// K-major stage (k / 8) % 2, all before the step's one barrier; after it the
// FMAs read 4 rows of one k of A as a vector from the K-major stage, B from
// the TMA stage, with no barrier after them, in column serpentine order
// (fma_order = columns).

// CHECK-LABEL: func.func @tma_restage_a
// CHECK: %[[SMEM:.+]] = arith.constant 8192 : i32
// CHECK: gpu.launch {{.*}} dynamic_shared_memory_size %[[SMEM]]
// CHECK: %[[AS:.+]] = memref.view %{{.+}}[%c0{{(_[0-9]+)?}}][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<3x32x8xf32, #gpu.address_space<workgroup>>
// CHECK: %[[BS:.+]] = memref.view %{{.+}}[%c3072][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<3x8x32xf32, #gpu.address_space<workgroup>>
// CHECK: %[[AK:.+]] = memref.view %{{.+}}[%c6144][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<2x8x32xf32, #gpu.address_space<workgroup>>
// CHECK: scf.for %[[K:.+]] = %{{.+}} to %{{.+}} step %[[STEP:.+]] iter_args(
// CHECK:   %[[N:.+]] = arith.divui %{{.+}}, %[[STEP]] : index
// CHECK:   %[[STAGE:.+]] = arith.remui %[[N]], %c3{{(_[0-9]+)?}} : index
// CHECK:   nvgpu.mbarrier.try_wait.parity %{{.+}}[%[[STAGE]]]
// CHECK-NOT: gpu.barrier
// CHECK:   %[[KSTAGE:.+]] = arith.remui %[[N]], %c2{{(_[0-9]+)?}} : index
// CHECK:   %[[ROW:.+]] = arith.remui %[[PIECE:.+]], %c32{{(_[0-9]+)?}} : index
// CHECK:   %[[KQ:.+]] = arith.divui %[[PIECE]], %c32{{(_[0-9]+)?}} : index
// CHECK:   %[[K4:.+]] = arith.muli %[[KQ]], %c4{{(_[0-9]+)?}} : index
// CHECK:   %[[V:.+]] = vector.load %[[AS]][%[[STAGE]], %[[ROW]], %[[K4]]] {alignment = 16 : i64}
// CHECK:   %[[E0:.+]] = vector.extract %[[V]][0]
// CHECK:   memref.store %[[E0]], %[[AK]][%[[KSTAGE]], %{{.+}}, %[[ROW]]]
// CHECK-COUNT-3: memref.store %{{.+}}, %[[AK]][%[[KSTAGE]], %{{.+}}, %[[ROW]]]
// CHECK-NEXT: gpu.barrier
// CHECK:   nvgpu.tma.async.load
// CHECK:   nvgpu.tma.async.load
// CHECK-NOT: gpu.barrier
// CHECK:   %[[AV:.+]] = vector.load %[[AK]][%[[KSTAGE]], %c0{{(_[0-9]+)?}}, %{{.+}}] {alignment = 16 : i64}
// CHECK-NEXT: %[[A0:.+]] = vector.extract %[[AV]][0]
// CHECK-NEXT: %[[A1:.+]] = vector.extract %[[AV]][1]
// CHECK-NEXT: %[[A2:.+]] = vector.extract %[[AV]][2]
// CHECK-NEXT: %[[A3:.+]] = vector.extract %[[AV]][3]
// CHECK:   %[[BV:.+]] = vector.load %[[BS]][%[[STAGE]], %c0{{(_[0-9]+)?}}, %{{.+}}] {alignment = 16 : i64}
// CHECK-NEXT: %[[B0:.+]] = vector.extract %[[BV]][0]
// CHECK-NEXT: %[[B1:.+]] = vector.extract %[[BV]][1]
// fma_order = columns: down column 0, up column 1, ...
// CHECK:   math.fma %[[A0]], %[[B0]]
// CHECK-NEXT: math.fma %[[A1]], %[[B0]]
// CHECK-NEXT: math.fma %[[A2]], %[[B0]]
// CHECK-NEXT: math.fma %[[A3]], %[[B0]]
// CHECK-NEXT: math.fma %[[A3]], %[[B1]]
// CHECK-NEXT: math.fma %[[A2]], %[[B1]]
// CHECK-NOT: vector.load %[[AS]][
// CHECK-NOT: gpu.barrier
// CHECK:   scf.yield
#tm0r = affine_map<(d0) -> (d0 * 32)>
#tma1r = affine_map<(d0) -> (d0 * -32 + 50, 32)>
#tmbr = affine_map<(d0) -> (d0 * -32 + 40, 32)>
#map3r = affine_map<(d0) -> (-d0 + 20, 8)>
func.func @tma_restage_a(%arg0: memref<50x20xf32>, %arg1: memref<20x40xf32>) -> memref<50x40xf32> {
  %c8 = arith.constant 8 : index
  %c20 = arith.constant 20 : index
  %c0 = arith.constant 0 : index
  %alloc = memref.alloc() {alignment = 64 : i64} : memref<50x40xf32>
  scf.forall (%arg2, %arg3) in (2, 2) {
    %alloc_0 = memref.alloc() : memref<32x8xf32, #gpu.address_space<workgroup>>
    %alloc_1 = memref.alloc() : memref<8x32xf32, #gpu.address_space<workgroup>>
    %0 = affine.apply #tm0r(%arg2)
    %1 = affine.apply #tm0r(%arg3)
    %2 = affine.min #tma1r(%arg2)
    %3 = affine.min #tmbr(%arg3)
    %subview = memref.subview %arg0[%0, 0] [%2, 20] [1, 1] : memref<50x20xf32> to memref<?x20xf32, strided<[20, 1], offset: ?>>
    %subview_2 = memref.subview %arg1[0, %1] [20, %3] [1, 1] : memref<20x40xf32> to memref<20x?xf32, strided<[40, 1], offset: ?>>
    %subview_3 = memref.subview %alloc[%0, %1] [%2, %3] [1, 1] : memref<50x40xf32> to memref<?x?xf32, strided<[40, 1], offset: ?>>
    scf.for %arg4 = %c0 to %c20 step %c8 {
      %4 = affine.min #map3r(%arg4)
      %subview_4 = memref.subview %subview[0, %arg4] [%2, %4] [1, 1] : memref<?x20xf32, strided<[20, 1], offset: ?>> to memref<?x?xf32, strided<[20, 1], offset: ?>>
      %subview_5 = memref.subview %subview_2[%arg4, 0] [%4, %3] [1, 1] : memref<20x?xf32, strided<[40, 1], offset: ?>> to memref<?x?xf32, strided<[40, 1], offset: ?>>
      %subview_6 = memref.subview %alloc_0[0, 0] [%2, %4] [1, 1] : memref<32x8xf32, #gpu.address_space<workgroup>> to memref<?x?xf32, strided<[8, 1]>, #gpu.address_space<workgroup>>
      memref.copy %subview_4, %subview_6 : memref<?x?xf32, strided<[20, 1], offset: ?>> to memref<?x?xf32, strided<[8, 1]>, #gpu.address_space<workgroup>>
      %subview_7 = memref.subview %alloc_1[0, 0] [%4, %3] [1, 1] : memref<8x32xf32, #gpu.address_space<workgroup>> to memref<?x?xf32, strided<[32, 1]>, #gpu.address_space<workgroup>>
      memref.copy %subview_5, %subview_7 : memref<?x?xf32, strided<[40, 1], offset: ?>> to memref<?x?xf32, strided<[32, 1]>, #gpu.address_space<workgroup>>
      linalg.matmul {tile.config = #tile.config<tiled, block = [32, 32, 8], warp = [16, 32], tile = #tile.fma<thread = [4, 4], order = columns>, copy = #tile.copy<kind = tma, a = restaged>, schedule = #tile.schedule<stages = 3>>} ins(%subview_6, %subview_7 : memref<?x?xf32, strided<[8, 1]>, #gpu.address_space<workgroup>>, memref<?x?xf32, strided<[32, 1]>, #gpu.address_space<workgroup>>) outs(%subview_3 : memref<?x?xf32, strided<[40, 1], offset: ?>>)
    }
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.config = #tile.config<tiled, block = [32, 32, 8], warp = [16, 32], tile = #tile.fma<thread = [4, 4], order = columns>, copy = #tile.copy<kind = tma, a = restaged>, schedule = #tile.schedule<stages = 3>>, tile.problem = {accumulate = false, c_type = f32, element_type = f32, k = 20 : i64, m = 50 : i64, n = 40 : i64}}
  return %alloc : memref<50x40xf32>
}

// -----

// copy = tma on a problem whose rows of B (42 floats) are not 16-byte
// multiples: only A is a tensor map (one descriptor; each step's mbarrier
// expects A's 1024 bytes), B travels through registers: the issue of a step
// also loads B's panel (zero past K), which is stored into the same stage
// after the FMAs; the loop is marked as placing its own barriers (one, after
// the wait).

// CHECK-LABEL: func.func @tma_b_registers
// CHECK: %[[MAPA:.+]] = nvgpu.tma.create.descriptor %{{.+}} box[%c32{{(_[0-9]+)?}}, %c8{{(_[0-9]+)?}}]
// CHECK-NOT: nvgpu.tma.create.descriptor
// CHECK: gpu.launch
// CHECK: nvgpu.tma.prefetch.descriptor %[[MAPA]]
// CHECK-NOT: nvgpu.tma.prefetch.descriptor
// CHECK: %[[BG:.+]] = memref.assume_alignment %arg1, 16
// CHECK: %[[BS:.+]] = memref.view %{{.+}}[%c2048][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<2x8x32xf32, #gpu.address_space<workgroup>>
// CHECK: nvgpu.mbarrier.arrive.expect_tx %{{.+}}[%{{.+}}], %c1024
// CHECK-NEXT: memref.subview
// CHECK-NEXT: nvgpu.tma.async.load %[[MAPA]]
// CHECK-NOT: nvgpu.tma.async.load
// CHECK: memref.load %[[BG]][
// CHECK: memref.store %{{.+}}, %[[BS]][%c0{{(_[0-9]+)?}}, %{{.+}}, %{{.+}}]
// CHECK: scf.for
// CHECK:   nvgpu.mbarrier.try_wait.parity
// CHECK-NEXT: gpu.barrier
// CHECK:   nvgpu.tma.async.load %[[MAPA]]
// CHECK:   %[[NEXTB:.+]]:4 = scf.if %{{.+}} -> (f32, f32, f32, f32) {
// CHECK:     memref.load %[[BG]][
// CHECK:   math.fma
// CHECK:   scf.if %{{.+}} {
// CHECK:     memref.store %[[NEXTB]]#0, %[[BS]]
// CHECK-NOT: gpu.barrier
// CHECK:   scf.yield
// CHECK: } {tile.self_synchronized}
#tb0 = affine_map<(d0) -> (d0 * 32)>
#tbm = affine_map<(d0) -> (d0 * -32 + 50, 32)>
#tbn = affine_map<(d0) -> (d0 * -32 + 42, 32)>
#tbk = affine_map<(d0) -> (-d0 + 20, 8)>
func.func @tma_b_registers(%arg0: memref<50x20xf32>, %arg1: memref<20x42xf32>) -> memref<50x42xf32> {
  %c8 = arith.constant 8 : index
  %c20 = arith.constant 20 : index
  %c0 = arith.constant 0 : index
  %alloc = memref.alloc() {alignment = 64 : i64} : memref<50x42xf32>
  scf.forall (%arg2, %arg3) in (2, 2) {
    %alloc_0 = memref.alloc() : memref<32x8xf32, #gpu.address_space<workgroup>>
    %alloc_1 = memref.alloc() : memref<8x32xf32, #gpu.address_space<workgroup>>
    %0 = affine.apply #tb0(%arg2)
    %1 = affine.apply #tb0(%arg3)
    %2 = affine.min #tbm(%arg2)
    %3 = affine.min #tbn(%arg3)
    %subview = memref.subview %arg0[%0, 0] [%2, 20] [1, 1] : memref<50x20xf32> to memref<?x20xf32, strided<[20, 1], offset: ?>>
    %subview_2 = memref.subview %arg1[0, %1] [20, %3] [1, 1] : memref<20x42xf32> to memref<20x?xf32, strided<[42, 1], offset: ?>>
    %subview_3 = memref.subview %alloc[%0, %1] [%2, %3] [1, 1] : memref<50x42xf32> to memref<?x?xf32, strided<[42, 1], offset: ?>>
    scf.for %arg4 = %c0 to %c20 step %c8 {
      %4 = affine.min #tbk(%arg4)
      %subview_4 = memref.subview %subview[0, %arg4] [%2, %4] [1, 1] : memref<?x20xf32, strided<[20, 1], offset: ?>> to memref<?x?xf32, strided<[20, 1], offset: ?>>
      %subview_5 = memref.subview %subview_2[%arg4, 0] [%4, %3] [1, 1] : memref<20x?xf32, strided<[42, 1], offset: ?>> to memref<?x?xf32, strided<[42, 1], offset: ?>>
      %subview_6 = memref.subview %alloc_0[0, 0] [%2, %4] [1, 1] : memref<32x8xf32, #gpu.address_space<workgroup>> to memref<?x?xf32, strided<[8, 1]>, #gpu.address_space<workgroup>>
      memref.copy %subview_4, %subview_6 : memref<?x?xf32, strided<[20, 1], offset: ?>> to memref<?x?xf32, strided<[8, 1]>, #gpu.address_space<workgroup>>
      %subview_7 = memref.subview %alloc_1[0, 0] [%4, %3] [1, 1] : memref<8x32xf32, #gpu.address_space<workgroup>> to memref<?x?xf32, strided<[32, 1]>, #gpu.address_space<workgroup>>
      memref.copy %subview_5, %subview_7 : memref<?x?xf32, strided<[42, 1], offset: ?>> to memref<?x?xf32, strided<[32, 1]>, #gpu.address_space<workgroup>>
      linalg.matmul {tile.config = #tile.config<tiled, block = [32, 32, 8], warp = [16, 32], tile = #tile.fma<thread = [4, 4]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 2>>} ins(%subview_6, %subview_7 : memref<?x?xf32, strided<[8, 1]>, #gpu.address_space<workgroup>>, memref<?x?xf32, strided<[32, 1]>, #gpu.address_space<workgroup>>) outs(%subview_3 : memref<?x?xf32, strided<[42, 1], offset: ?>>)
    }
  } {mapping = [#gpu.block<y>, #gpu.block<x>], tile.config = #tile.config<tiled, block = [32, 32, 8], warp = [16, 32], tile = #tile.fma<thread = [4, 4]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 2>>, tile.problem = {accumulate = false, c_type = f32, element_type = f32, k = 20 : i64, m = 50 : i64, n = 42 : i64}}
  return %alloc : memref<50x42xf32>
}
