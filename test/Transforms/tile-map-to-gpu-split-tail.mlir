// RUN: tile-opt %s --pass-pipeline="builtin.module(func.func(tile-configure{chip=sm_90a},tile-block-tile,tile-promote,tile-map-to-gpu{chip=sm_90a}),canonicalize)" | FileCheck %s

// scheduler = split_tail (--tile-map-to-gpu, canonicalized) on 896 x 2432
// x 1024 in 128 x 128 tiles: 7 x 19 = 133 tiles for a wave of 132 blocks
// (sm_90a, blocks_per_sm = 1). Tiles 0..131 run whole, one per block; tile
// 132, the tail, is split into min(132 / 1, 16 K steps / 4) = 4 parts of
// 4 K steps, blocks 132..135. The workspace holds the 4 parts' partial
// sums (128 x 128 f32 each) and flags: 4 x 65536 + 16 bytes.
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
// After the K loop, the owner (the part that starts at the tile's first
// step) adds blocks g + 1 .. the tile's last part: itself for a whole tile
// (tile < 132), else 132 + (tile - 131) x 4 - 1.
// CHECK: %[[SELFI:.*]] = nvvm.inline_ptx "mov.b32 $0, $1;"
// CHECK-NEXT: %[[SELF:.*]] = arith.index_cast %[[SELFI]] : i32 to index
// CHECK-NEXT: %[[STILE:.*]] = arith.divui %[[BEGIN]], %c16 : index
// CHECK-NEXT: %[[K0:.*]] = arith.remui %[[BEGIN]], %c16 : index
// CHECK-NEXT: %[[OWNER:.*]] = arith.cmpi eq, %[[K0]], %c0 : index
// CHECK-NEXT: scf.if %[[OWNER]] {
// CHECK-NEXT: %[[L0:.*]] = arith.addi %[[STILE]], %c-131 : index
// CHECK-NEXT: %[[L1:.*]] = arith.muli %[[L0]], %c4 : index
// CHECK-NEXT: %[[L2:.*]] = arith.addi %[[L1]], %c131 : index
// CHECK-NEXT: %[[WHOLE:.*]] = arith.cmpi ult, %[[STILE]], %c132 : index
// CHECK-NEXT: %[[LAST:.*]] = arith.select %[[WHOLE]], %[[SELF]], %[[L2]] : index
// CHECK-NEXT: %[[UPPER:.*]] = arith.addi %[[LAST]], %c1 : index
// CHECK-NEXT: %[[LOWER:.*]] = arith.addi %[[SELF]], %c1 : index
// The parts run at once: the leader waits for every flag (at 262144 + 4 x
// slot, acquire loads) and clears it, then one barrier, then the sums.
// CHECK-NEXT: %[[LEADER:.*]] = arith.cmpi eq, %[[TX]], %c0 : index
// CHECK-NEXT: scf.if %[[LEADER]] {
// CHECK-NEXT: scf.for %[[J:.*]] = %[[LOWER]] to %[[UPPER]] step %c1 {
// CHECK: %[[SLOT:.*]] = arith.subi %[[J]], %c132 : index
// CHECK-NEXT: %[[OFF:.*]] = arith.muli %[[SLOT]], %c4 : index
// CHECK-NEXT: %[[FLAGS:.*]] = arith.addi %{{.*}}, %c262144 : index
// CHECK-NEXT: arith.addi %[[FLAGS]], %[[OFF]] : index
// CHECK: llvm.load %{{.*}} atomic syncscope("device") acquire
// CHECK: llvm.store %c0_i32, %{{.*}} atomic syncscope("device") monotonic
// CHECK: gpu.barrier
// CHECK-NEXT: scf.for %[[I:.*]] = %[[LOWER]] to %[[UPPER]] step %c1 iter_args(
// CHECK-NEXT: %[[PSLOT:.*]] = arith.subi %[[I]], %c132 : index
// CHECK-NEXT: arith.muli %[[PSLOT]], %c4096 : index
// CHECK-NOT: atomic
// CHECK: vector.load %[[PARTIALS]][%{{.*}}] {alignment = 16 : i64} : memref<65536xf32>, vector<4xf32>
func.func @split_tail(%A: memref<896x1024xf16>, %B: memref<1024x2432xf16>, %C: memref<896x2432xf32>) {
  linalg.matmul {tile.config = #tile.config<tiled, block = [128, 128, 64], warp = [64, 128], tile = #tile.wgmma<shape = [64, 128, 16]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 4, blocks_per_sm = 1, scheduler = split_tail>>} ins(%A, %B : memref<896x1024xf16>, memref<1024x2432xf16>) outs(%C : memref<896x2432xf32>)
  return
}
