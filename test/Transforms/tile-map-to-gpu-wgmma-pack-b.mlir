// RUN: tile-opt %s --pass-pipeline="builtin.module(func.func(tile-configure{chip=sm_90a strategy=tiled},tile-block-tile,tile-promote,tile-map-to-gpu{chip=sm_90a}),canonicalize)" | FileCheck %s

// pack_b under the wgmma tile, chosen by the default config of a 16-bit
// problem whose rows of B (259 f16, 518 bytes) are not 16-byte multiples:
// 130 x 259 x 64 in 128 x 128 tiles, blocks down the columns (N > M).
// The workspace holds B's copy, 64 rows of 320 elements (640 bytes, the
// next 128-byte multiple), then the copy's three counters at 40960: 40972
// bytes. B's second tensor map describes the copy's 64 x 259 elements,
// rows 320 apart, in 128-byte swizzled boxes of 64 x 64, like B's own
// boxes when its rows are 16-byte multiples.
// CHECK-LABEL: func.func @pack
// CHECK: %[[WS:.*]] = memref.alloc() : memref<40972xi8>
// CHECK: %[[ROWS:.*]] = memref.view %[[WS]][%c0][] : memref<40972xi8> to memref<64x320xf16>
// CHECK: %[[COPY:.*]] = memref.subview %[[ROWS]][0, 0] [64, 259] [1, 1] : memref<64x320xf16> to memref<64x259xf16, strided<[320, 1]>>
// CHECK: %[[MAPA:.*]] = nvgpu.tma.create.descriptor %{{.*}} box[%c128, %c64] : memref<*xf16> -> <tensor = memref<128x64xf16, #gpu.address_space<workgroup>>, swizzle = swizzle_128b
// CHECK: %[[CAST:.*]] = memref.cast %[[COPY]] : memref<64x259xf16, strided<[320, 1]>> to memref<*xf16>
// CHECK: %[[MAPB:.*]] = nvgpu.tma.create.descriptor %[[CAST]] box[%c64, %c64] : memref<*xf16> -> <tensor = memref<64x64xf16, #gpu.address_space<workgroup>>, swizzle = swizzle_128b
// The grid is 2 tile rows x 3 tile columns along x, y (order = along_m),
// blocks of two warpgroups.
// CHECK: gpu.launch blocks(%[[BX:.*]], %[[BY:.*]], %{{.*}}) in (%{{.*}} = %c2, %{{.*}} = %c3, %{{.*}} = %c1) threads(%[[TX:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %c256, %{{.*}} = %c1, %{{.*}} = %c1)
// CHECK-NEXT: tile.kernel_arguments %[[MAPA]], %arg1, %arg2, %[[WS]], %[[MAPB]] :
// The copy, first: block y x 2 + x; each vector is 8 elements (16 bytes)
// of a row of the copy: 64 rows x 33 vectors = 2112, two per thread of the
// grid's 1536. A vector's 8 elements start at f = row x 259 + column in B:
// the thread loads B's aligned vectors f / 8 and f / 8 + 1 (clamped to B's
// last, 2071), for both of its vectors before anything else; shifts the
// eight words down by (f mod 8) / 2 in two steps of selects (7 words by 1,
// then 5 by 2), then by 16 bits where f is odd; and stores it as one aligned vector, the
// second only below 2112.
// CHECK: %[[BYX:.*]] = arith.muli %[[BY]], %c2 : index
// CHECK-NEXT: arith.addi %[[BYX]], %[[BX]] : index
// CHECK: %[[FLAT:.*]] = memref.collapse_shape %{{.*}} {{\[\[}}0, 1]] : memref<64x259xf16> into memref<16576xf16>
// CHECK: %[[VIEW:.*]] = memref.view %{{.*}}[%c0][] : memref<40972xi8> to memref<20480xf16>
// CHECK: %[[ROW:.*]] = arith.divui %{{.*}}, %c33 : index
// CHECK: %[[TO:.*]] = arith.addi %{{.*}}, %{{.*}} : index
// CHECK-NEXT: %[[R259:.*]] = arith.muli %[[ROW]], %c259 : index
// CHECK-NEXT: %[[F:.*]] = arith.addi %[[R259]], %{{.*}} : index
// CHECK-NEXT: %[[BLOCK:.*]] = arith.divui %[[F]], %c8 : index
// CHECK-NEXT: %[[LO0:.*]] = arith.minui %[[BLOCK]], %c2071 : index
// CHECK-NEXT: %[[LO:.*]] = arith.muli %[[LO0]], %c8 : index
// CHECK-NEXT: %[[VLO:.*]] = vector.load %[[FLAT]][%[[LO]]] {alignment = 16 : i64} : memref<16576xf16>, vector<8xf16>
// CHECK-NEXT: %[[HI0:.*]] = arith.addi %[[BLOCK]], %c1 : index
// CHECK-NEXT: %[[HI1:.*]] = arith.minui %[[HI0]], %c2071 : index
// CHECK-NEXT: %[[HI:.*]] = arith.muli %[[HI1]], %c8 : index
// CHECK-NEXT: %[[VHI:.*]] = vector.load %[[FLAT]][%[[HI]]] {alignment = 16 : i64} : memref<16576xf16>, vector<8xf16>
// CHECK: %[[SECOND:.*]] = arith.cmpi ult, %{{.*}}, %c2112 : index
// CHECK-COUNT-2: vector.load %[[FLAT]]
// CHECK-NOT: vector.load
// CHECK: %[[SHIFT:.*]] = arith.remui %[[F]], %c8 : index
// CHECK-NEXT: %[[WLO:.*]] = vector.bitcast %[[VLO]] : vector<8xf16> to vector<4xi32>
// CHECK-COUNT-4: vector.extract %[[WLO]]
// CHECK-NEXT: %[[WHI:.*]] = vector.bitcast %[[VHI]] : vector<8xf16> to vector<4xi32>
// CHECK-COUNT-4: vector.extract %[[WHI]]
// CHECK-NEXT: %[[WS1:.*]] = arith.divui %[[SHIFT]], %c2 : index
// CHECK-NEXT: %[[B1:.*]] = arith.remui %[[WS1]], %c2 : index
// CHECK-NEXT: %[[BY1:.*]] = arith.cmpi ne, %[[B1]], %c0 : index
// CHECK-COUNT-7: arith.select %[[BY1]]
// CHECK: %[[BY2:.*]] = arith.cmpi ne, %{{.*}}, %c0 : index
// CHECK-COUNT-5: arith.select %[[BY2]]
// CHECK-NEXT: %[[O:.*]] = arith.remui %[[SHIFT]], %c2 : index
// CHECK-NEXT: %[[ODD:.*]] = arith.cmpi ne, %[[O]], %c0 : index
// CHECK-NEXT: arith.shli %{{.*}}, %c16_i32 : i32
// CHECK-NEXT: arith.shrui %{{.*}}, %c16_i32 : i32
// CHECK-NEXT: arith.ori
// CHECK-NEXT: arith.select %[[ODD]]
// CHECK: %[[FIRST:.*]] = vector.bitcast %{{.*}} : vector<4xi32> to vector<8xf16>
// CHECK: %[[LOADED:.*]] = vector.bitcast %{{.*}} : vector<4xi32> to vector<8xf16>
// CHECK-NEXT: vector.store %[[FIRST]], %[[VIEW]][%[[TO]]] {alignment = 16 : i64} : memref<20480xf16>, vector<8xf16>
// CHECK-NEXT: scf.if %[[SECOND]] {
// CHECK-NEXT: vector.store %[[LOADED]], %[[VIEW]][%{{.*}}] {alignment = 16 : i64} : memref<20480xf16>, vector<8xf16>
// Then the grid barrier of the 6 blocks, before the first TMA load reads
// the copy.
// CHECK: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.global>}
// CHECK-NEXT: gpu.barrier
// CHECK: arith.cmpi ne, %{{.*}}, %c6_i32 : i32
// CHECK: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.global>}
// CHECK: gpu.barrier
// CHECK: nvgpu.tma.async.load %[[MAPB]]
// C's rows (518 bytes) are 2-byte aligned: the rows epilogue stages the
// tile in shared memory as usual and stores it one f16 at a time in row
// order (thread t: elements t, t + 256, ... of the 128 x 128 tile), each
// under its row's and column's bounds: a warp's stores are 64 contiguous
// bytes of a row of C.
// CHECK: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK: %[[STAGED:.+]] = memref.view %{{.+}}[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<128x136xf16, #gpu.address_space<workgroup>>
// CHECK-NEXT: gpu.barrier
// CHECK: gpu.barrier
// CHECK-NEXT: %[[ER:.+]] = arith.divui %[[TX]], %c128 : index
// CHECK-NEXT: %[[EC:.+]] = arith.remui %[[TX]], %c128 : index
// CHECK-NEXT: %[[E:.+]] = vector.load %[[STAGED]][%[[ER]], %[[EC]]] {alignment = 2 : i64} : memref<128x136xf16, #gpu.address_space<workgroup>>, vector<1xf16>
// CHECK-NEXT: %[[CIN:.+]] = arith.cmpi ult, %[[EC]], %{{.+}} : index
// CHECK-NEXT: %[[RIN:.+]] = arith.cmpi ult, %[[ER]], %{{.+}} : index
// CHECK-NEXT: %[[IN:.+]] = arith.andi %[[RIN]], %[[CIN]] : i1
// CHECK-NEXT: scf.if %[[IN]] {
// CHECK-NEXT: vector.store %[[E]], %{{.+}}[%[[ER]], %[[EC]]] {alignment = 2 : i64} : memref<?x?xf16, strided<[259, 1], offset: ?>>, vector<1xf16>
// CHECK-COUNT-63: vector.load %[[STAGED]]
// CHECK-NOT: vector.load %[[STAGED]]
func.func @pack(%A: memref<130x64xf16>, %B: memref<64x259xf16>, %C: memref<130x259xf16>) {
  %zero = arith.constant 0.0 : f16
  linalg.fill ins(%zero : f16) outs(%C : memref<130x259xf16>)
  linalg.matmul ins(%A, %B : memref<130x64xf16>, memref<64x259xf16>) outs(%C : memref<130x259xf16>)
  return
}

// K = 63 (rows of A of 126 bytes): A is copied first too, into rows of 64
// elements (130 x 64 at 0), B into rows of 320 (63 x 320 at 16640; its
// 63 x 259 elements are no whole number of 16-byte vectors, so its last
// row goes element by element, 1536 threads apart). A's tensor map
// describes A's copy, with the 128-byte swizzle and 128 x 64 boxes, B's
// its copy; the kernel takes A, B, C, the workspace and the two maps.
// CHECK-LABEL: func.func @copy_a
// CHECK: %[[WS:.*]] = memref.alloc() : memref<56972xi8>
// CHECK: %[[AROWS:.*]] = memref.view %[[WS]][%c0][] : memref<56972xi8> to memref<130x64xf16>
// CHECK: %[[ACOPY:.*]] = memref.subview %[[AROWS]][0, 0] [130, 63] [1, 1]
// CHECK: %[[BROWS:.*]] = memref.view %[[WS]][%c16640][] : memref<56972xi8> to memref<63x320xf16>
// CHECK: %[[BCOPY:.*]] = memref.subview %[[BROWS]][0, 0] [63, 259] [1, 1]
// CHECK: %[[CASTA:.*]] = memref.cast %[[ACOPY]]
// CHECK: %[[MAPA:.*]] = nvgpu.tma.create.descriptor %[[CASTA]] box[%c128, %c64] : memref<*xf16> -> <tensor = memref<128x64xf16, #gpu.address_space<workgroup>>, swizzle = swizzle_128b
// CHECK: %[[CASTB:.*]] = memref.cast %[[BCOPY]]
// CHECK: %[[MAPB:.*]] = nvgpu.tma.create.descriptor %[[CASTB]] box[%c64, %c64] : memref<*xf16> -> <tensor = memref<64x64xf16, #gpu.address_space<workgroup>>, swizzle = swizzle_128b
// CHECK: tile.kernel_arguments %arg0, %arg1, %arg2, %[[WS]], %[[MAPA]], %[[MAPB]] :
// CHECK: %[[A:.*]] = memref.assume_alignment %arg0, 16 : memref<130x63xf16>
// CHECK: %[[V:.*]] = memref.load %[[A]][%{{.*}}, %{{.*}}] : memref<130x63xf16>
// CHECK: memref.store %[[V]], %{{.*}}[%{{.*}}, %{{.*}}] : memref<130x64xf16>
// CHECK: memref.collapse_shape %{{.*}} {{\[\[}}0, 1]] : memref<63x259xf16> into memref<16317xf16>
// CHECK: scf.for %{{.*}} = %{{.*}} to %c259 step %c1536 {
// C += A * B with rows of C (518 bytes) that are not 16-byte multiples:
// the accumulators start from C, each element loaded under its bounds and
// widened (row vectors at the store measured slower for such rows), and
// the rows epilogue stages f16, not the f32 sums.
// CHECK: scf.if %{{.+}} -> (f32) {
// CHECK-NEXT: %[[C0:.+]] = memref.load %{{.+}}[%{{.+}}, %{{.+}}] : memref<?x?xf16, strided<[259, 1], offset: ?>>
// CHECK-NEXT: %[[W0:.+]] = arith.extf %[[C0]] : f16 to f32
// CHECK-NEXT: scf.yield %[[W0]] : f32
// CHECK-NOT: memref<128x132xf32
// CHECK: memref.view %{{.+}}[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<128x136xf16, #gpu.address_space<workgroup>>
func.func @copy_a(%A: memref<130x63xf16>, %B: memref<63x259xf16>, %C: memref<130x259xf16>) {
  linalg.matmul ins(%A, %B : memref<130x63xf16>, memref<63x259xf16>) outs(%C : memref<130x259xf16>)
  return
}
