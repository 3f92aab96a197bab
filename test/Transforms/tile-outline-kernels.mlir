// RUN: tile-opt %s -split-input-file -verify-diagnostics --pass-pipeline="builtin.module(func.func(tile-map-naive),tile-outline-kernels)" | FileCheck %s

// The tile.* attributes of the launch reach the launch_func; the kernel takes
// (A, B, C) in that order and no constants.

// CHECK-LABEL: func.func @f
// CHECK-SAME: (%[[A:.+]]: memref<33x17xf32>, %[[B:.+]]: memref<17x45xf32>, %[[C:.+]]: memref<33x45xf32>)
// CHECK: gpu.launch_func @f_matmul_0_module::@f_matmul_0 blocks in ({{.+}}) threads in ({{.+}}) args(%[[A]] : memref<33x17xf32>, %[[B]] : memref<17x45xf32>, %[[C]] : memref<33x45xf32>) {tile.config = #tile.config<naive, block = [16, 16, 1], tile = #tile.fma<thread = [1, 1]>>, tile.problem = {accumulate = false, c_type = f32, element_type = f32, k = 17 : i64, m = 33 : i64, n = 45 : i64}}
// CHECK: gpu.module @f_matmul_0_module
// CHECK: gpu.func @f_matmul_0(%{{.+}}: memref<33x17xf32>, %{{.+}}: memref<17x45xf32>, %{{.+}}: memref<33x45xf32>) kernel attributes {known_block_size = array<i32: 16, 16, 1>, known_grid_size = array<i32: 3, 3, 1>}
func.func @f(%A: memref<33x17xf32>, %B: memref<17x45xf32>, %C: memref<33x45xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<33x45xf32>)
  linalg.matmul {tile.config = #tile.config<naive, block = [16, 16, 1], tile = #tile.fma<thread = [1, 1]>>}
    ins(%A, %B : memref<33x17xf32>, memref<17x45xf32>) outs(%C : memref<33x45xf32>)
  return
}

// -----

// A configured matmul that no strategy mapped (here: the tiled passes did
// not run) is an error, not a silently missing kernel.
func.func @unmapped(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>) {
  // expected-error @+1 {{has a tiled #tile.config but was not mapped to a kernel (naive: --tile-map-naive; tiled: --tile-block-tile, --tile-promote, --tile-map-to-gpu)}}
  linalg.matmul {tile.config = #tile.config<tiled, block = [32, 32, 32], tile = #tile.fma<thread = [1, 1]>>}
    ins(%A, %B : memref<64x64xf32>, memref<64x64xf32>) outs(%C : memref<64x64xf32>)
  return
}

// -----

// A launch with tile metadata must be named, to find its launch_func again.
func.func @unnamed(%C: memref<4xf32>) {
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{carries tile.* attributes but no kernel name (function(@name)) to keep them by}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    gpu.terminator
  } {tile.problem = {}}
  return
}

// -----

// blocks_per_sm becomes the kernel's nvvm.minctasm (PTX .minnctapersm).
// CHECK-LABEL: func.func @occupancy
// CHECK: gpu.func @occupancy_matmul_0({{.*}}) kernel attributes {known_block_size = array<i32: 16, 16, 1>, known_grid_size = array<i32: 1, 1, 1>, nvvm.minctasm = 2 : i32}
func.func @occupancy(%A: memref<16x16xf32>, %B: memref<16x16xf32>, %C: memref<16x16xf32>) {
  linalg.matmul {tile.config = #tile.config<naive, block = [16, 16, 1], tile = #tile.fma<thread = [1, 1]>, schedule = #tile.schedule<blocks_per_sm = 2>>}
    ins(%A, %B : memref<16x16xf32>, memref<16x16xf32>) outs(%C : memref<16x16xf32>)
  return
}

// -----

// tile.kernel_arguments sets the kernel ABI: the parameters follow its
// order (C, then A), not the body's first uses (A, then C, which upstream
// outlining follows), and it is gone from the kernel.
// CHECK-LABEL: func.func @abi
// CHECK-SAME: (%[[A:.+]]: memref<4xf32>, %[[C:.+]]: memref<8xf32>)
// CHECK: gpu.launch_func @abi_module::@abi blocks in ({{.+}}) threads in ({{.+}}) args(%[[C]] : memref<8xf32>, %[[A]] : memref<4xf32>)
// CHECK: gpu.func @abi(%[[KC:.+]]: memref<8xf32>, %[[KA:.+]]: memref<4xf32>) kernel
// CHECK-NOT: tile.kernel_arguments
// CHECK: memref.load %[[KA]]
// CHECK: memref.store %{{.+}}, %[[KC]]
func.func @abi(%A: memref<4xf32>, %C: memref<8xf32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) module(@abi_module) function(@abi) {
    %c0 = arith.constant 0 : index
    %v = memref.load %A[%c0] : memref<4xf32>
    tile.kernel_arguments %C, %A : memref<8xf32>, memref<4xf32>
    memref.store %v, %C[%c0] : memref<8xf32>
    gpu.terminator
  } {tile.problem = {}}
  return
}

// -----

// A tile.kernel_arguments that leaves out a value the kernel uses cannot
// be its ABI.
func.func @abi_short(%A: memref<4xf32>, %C: memref<8xf32>) {
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{cannot order kernel @abi_short's parameters as its tile.kernel_arguments lists them}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) module(@abi_short_module) function(@abi_short) {
    tile.kernel_arguments %A : memref<4xf32>
    %c0 = arith.constant 0 : index
    %v = memref.load %A[%c0] : memref<4xf32>
    memref.store %v, %C[%c0] : memref<8xf32>
    gpu.terminator
  } {tile.problem = {}}
  return
}
