// RUN: tile-opt %s -split-input-file | FileCheck %s
// RUN: tile-opt %s -split-input-file | tile-opt -split-input-file | FileCheck %s

// Parse/print round trip of #tile.config: the printed form parses back to
// the same attribute.

// CHECK-LABEL: func.func @naive
// CHECK: tile.config = #tile.config<naive, block = [16, 16, 1], tile = #tile.fma<thread = [1, 1]>>
func.func @naive() attributes {tile.config = #tile.config<naive, block = [16, 16, 1], tile = #tile.fma<thread = [1, 1]>>} {
  return
}

// -----

// The optional warp tile is printed only when present.
// CHECK-LABEL: func.func @tiled_with_warp
// CHECK: tile.config = #tile.config<tiled, block = [128, 128, 8], warp = [64, 32], tile = #tile.fma<thread = [8, 8]>, schedule = #tile.schedule<stages = 2>>
func.func @tiled_with_warp() attributes {tile.config = #tile.config<tiled, block = [128, 128, 8], warp = [64, 32], tile = #tile.fma<thread = [8, 8]>, schedule = #tile.schedule<stages = 2>>} {
  return
}

// -----

// CHECK-LABEL: func.func @tiled_no_warp
// CHECK: tile.config = #tile.config<tiled, block = [32, 32, 32], tile = #tile.fma<thread = [1, 1]>>
func.func @tiled_no_warp() attributes {tile.config = #tile.config<tiled, block = [32, 32, 32], tile = #tile.fma<thread = [1, 1]>>} {
  return
}

// -----

// copy = async and pad are printed when they differ from the defaults.
// CHECK-LABEL: func.func @async_copy
// CHECK: tile.config = #tile.config<tiled, block = [64, 128, 16], warp = [32, 32], tile = #tile.fma<thread = [4, 8]>, copy = #tile.copy<kind = async, pad = 4>, schedule = #tile.schedule<stages = 3>>
func.func @async_copy() attributes {tile.config = #tile.config<tiled, block = [64, 128, 16], warp = [32, 32], tile = #tile.fma<thread = [4, 8]>, copy = #tile.copy<kind = async, pad = 4>, schedule = #tile.schedule<stages = 3>>} {
  return
}

// -----

// blocks_per_sm is printed when non-zero.
// CHECK-LABEL: func.func @blocks_per_sm
// CHECK: tile.config = #tile.config<tiled, block = [128, 128, 16], warp = [64, 32], tile = #tile.fma<thread = [8, 8]>, copy = #tile.copy<pad = 4>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 2>>
func.func @blocks_per_sm() attributes {tile.config = #tile.config<tiled, block = [128, 128, 16], warp = [64, 32], tile = #tile.fma<thread = [8, 8]>, copy = #tile.copy<pad = 4>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 2>>} {
  return
}

// -----

// restage_a is printed when true; `restage_a = false` is the default and
// prints nothing.
// CHECK-LABEL: func.func @restage_a
// CHECK: tile.config = #tile.config<tiled, block = [64, 256, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8]>, copy = #tile.copy<kind = tma, a = restaged>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 2>>
// CHECK-LABEL: func.func @restage_a_false
// CHECK: tile.config = #tile.config<tiled, block = [64, 256, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 2>>}
func.func @restage_a() attributes {tile.config = #tile.config<tiled, block = [64, 256, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8]>, copy = #tile.copy<kind = tma, a = restaged>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 2>>} {
  return
}
func.func @restage_a_false() attributes {tile.config = #tile.config<tiled, block = [64, 256, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 2>>} {
  return
}

// -----

// fma_order is printed when columns; rows is the default and prints nothing.
// CHECK-LABEL: func.func @fma_order
// CHECK: tile.config = #tile.config<tiled, block = [64, 64, 16], tile = #tile.fma<thread = [8, 8], order = columns>>
// CHECK-LABEL: func.func @fma_order_rows
// CHECK: tile.config = #tile.config<tiled, block = [64, 64, 16], tile = #tile.fma<thread = [8, 8]>>}
func.func @fma_order() attributes {tile.config = #tile.config<tiled, block = [64, 64, 16], tile = #tile.fma<thread = [8, 8], order = columns>>} {
  return
}
func.func @fma_order_rows() attributes {tile.config = #tile.config<tiled, block = [64, 64, 16], tile = #tile.fma<thread = [8, 8]>>} {
  return
}

// -----

// b_row_groups is printed when true (after fma_order); false prints nothing.
// CHECK-LABEL: func.func @b_row_groups
// CHECK: tile.config = #tile.config<tiled, block = [64, 128, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8], order = columns>, copy = #tile.copy<kind = tma, a = restaged, b = row_groups>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 4>>}
// CHECK-LABEL: func.func @b_row_groups_false
// CHECK: tile.config = #tile.config<tiled, block = [64, 128, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 2>>}
func.func @b_row_groups() attributes {tile.config = #tile.config<tiled, block = [64, 128, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8], order = columns>, copy = #tile.copy<kind = tma, a = restaged, b = row_groups>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 4>>} {
  return
}
func.func @b_row_groups_false() attributes {tile.config = #tile.config<tiled, block = [64, 128, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 2>>} {
  return
}

// stream_k is printed when true (last); false prints nothing.
// CHECK-LABEL: func.func @stream_k
// CHECK: tile.config = #tile.config<tiled, block = [64, 256, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8], order = columns>, copy = #tile.copy<kind = tma, a = restaged>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 2, scheduler = stream_k>>}
// CHECK-LABEL: func.func @stream_k_false
// CHECK: tile.config = #tile.config<tiled, block = [64, 256, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 2>>}
func.func @stream_k() attributes {tile.config = #tile.config<tiled, block = [64, 256, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8], order = columns>, copy = #tile.copy<kind = tma, a = restaged>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 2, scheduler = stream_k>>} {
  return
}
func.func @stream_k_false() attributes {tile.config = #tile.config<tiled, block = [64, 256, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 2>>} {
  return
}

// pack_b is printed when true (after stream_k); false prints nothing.
// CHECK-LABEL: func.func @pack_b
// CHECK: tile.config = #tile.config<tiled, block = [64, 256, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8]>, copy = #tile.copy<kind = tma, a = restaged, b = packed>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 2, scheduler = stream_k>>}
// CHECK-LABEL: func.func @pack_b_false
// CHECK: tile.config = #tile.config<tiled, block = [64, 256, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 2>>}
func.func @pack_b() attributes {tile.config = #tile.config<tiled, block = [64, 256, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8]>, copy = #tile.copy<kind = tma, a = restaged, b = packed>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 2, scheduler = stream_k>>} {
  return
}
func.func @pack_b_false() attributes {tile.config = #tile.config<tiled, block = [64, 256, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 2>>} {
  return
}

// -----

// The wgmma tile, a producer warpgroup and the tile order; defaults
// (producer = none, order = along_n) are left out when printed.
// CHECK-LABEL: func.func @wgmma
// CHECK: tile.config = #tile.config<tiled, block = [128, 256, 64], warp = [64, 256], tile = #tile.wgmma<shape = [64, 256, 16]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 4, producer = warpgroup, order = along_m>>
// CHECK-LABEL: func.func @wgmma_defaults
// CHECK: tile.config = #tile.config<tiled, block = [128, 128, 64], warp = [64, 128], tile = #tile.wgmma<shape = [64, 128, 16]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 2>>
func.func @wgmma() attributes {tile.config = #tile.config<tiled, block = [128, 256, 64], warp = [64, 256], tile = #tile.wgmma<shape = [64, 256, 16]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 4, producer = warpgroup, order = along_m>>} {
  return
}
func.func @wgmma_defaults() attributes {tile.config = #tile.config<tiled, block = [128, 128, 64], warp = [64, 128], tile = #tile.wgmma<shape = [64, 128, 16]>, copy = #tile.copy<kind = tma>, schedule = #tile.schedule<stages = 2, producer = none, order = along_n>>} {
  return
}
