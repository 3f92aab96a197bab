// RUN: rm -rf %t && mkdir -p %t
// RUN: not tile-opt %s -split-input-file --tile-export-artifact 2>&1 | FileCheck %s --check-prefix=NODIR
// RUN: tile-opt %s -split-input-file -verify-diagnostics --tile-export-artifact="artifact-dir=%t/art ptxas=none" -o /dev/null
// RUN: not ls %t/art
// An error at an op names its location; the op itself (here a gpu.binary
// with its PTX) is not printed.
// RUN: not tile-opt %s -split-input-file --tile-export-artifact="artifact-dir=%t/art ptxas=none" -o /dev/null 2>&1 | FileCheck %s --check-prefix=QUIET
// QUIET: error: 'gpu.binary' op holds a bin object
// QUIET-NOT: see current operation

// NODIR: error: --tile-export-artifact needs artifact-dir=DIR

module attributes {gpu.container_module} {
  func.func @f(%A: memref<33x17xf32>, %B: memref<17x45xf32>, %C: memref<33x45xf32>) {
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c16 = arith.constant 16 : index
    // expected-error @+1 {{refers to kernel module 'k_module', which is not a gpu.binary (run gpu-module-to-binary with format=isa first)}}
    gpu.launch_func @k_module::@k blocks in (%c3, %c3, %c1) threads in (%c16, %c16, %c1)
        args(%A : memref<33x17xf32>, %B : memref<17x45xf32>, %C : memref<33x45xf32>)
        {tile.config = #tile.config<naive, block = [16, 16, 1], tile = #tile.fma<thread = [1, 1]>>,
         tile.problem = {accumulate = false, c_type = f32, element_type = f32, k = 17 : i64, m = 33 : i64, n = 45 : i64}}
    return
  }
  gpu.module @k_module {
    gpu.func @k(%A: memref<33x17xf32>, %B: memref<17x45xf32>, %C: memref<33x45xf32>) kernel { gpu.return }
  }
}

// -----

module attributes {gpu.container_module} {
  func.func @f(%A: memref<33x17xf32>, %B: memref<17x45xf32>, %C: memref<33x45xf32>) {
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c16 = arith.constant 16 : index
    gpu.launch_func @k_module::@k blocks in (%c3, %c3, %c1) threads in (%c16, %c16, %c1)
        args(%A : memref<33x17xf32>, %B : memref<17x45xf32>, %C : memref<33x45xf32>)
        {tile.config = #tile.config<naive, block = [16, 16, 1], tile = #tile.fma<thread = [1, 1]>>,
         tile.problem = {accumulate = false, c_type = f32, element_type = f32, k = 17 : i64, m = 33 : i64, n = 45 : i64}}
    return
  }
  // expected-error @+1 {{holds a bin object; the artifact needs PTX (gpu-module-to-binary format=isa)}}
  gpu.binary @k_module [#gpu.object<#nvvm.target<chip = "sm_90">, bin = "\7FELF">]
}

// -----

module attributes {gpu.container_module} {
  func.func @f(%A: memref<33x17xf32>, %B: memref<17x45xf32>, %C: memref<33x45xf32>, %n: index) {
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    // expected-error @+1 {{has a non-constant launch dimension; the artifact needs static grid and block sizes}}
    gpu.launch_func @k_module::@k blocks in (%n, %n, %c1) threads in (%c16, %c16, %c1)
        args(%A : memref<33x17xf32>, %B : memref<17x45xf32>, %C : memref<33x45xf32>)
        {tile.config = #tile.config<naive, block = [16, 16, 1], tile = #tile.fma<thread = [1, 1]>>,
         tile.problem = {accumulate = false, c_type = f32, element_type = f32, k = 17 : i64, m = 33 : i64, n = 45 : i64}}
    return
  }
  gpu.binary @k_module [#gpu.object<#nvvm.target<chip = "sm_90", features = "+ptx80">, assembly = ".version 8.0\0A">]
}

// -----

module attributes {gpu.container_module} {
  func.func @f(%A: memref<33x17xf32>, %B: memref<17x45xf32>, %C: memref<33x45xf32>) {
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c16 = arith.constant 16 : index
    // expected-error @+1 {{does not take (A, B, C) buffers of shapes 33x17, 17x45, 33x45}}
    gpu.launch_func @k_module::@k blocks in (%c3, %c3, %c1) threads in (%c16, %c16, %c1)
        args(%B : memref<17x45xf32>, %A : memref<33x17xf32>, %C : memref<33x45xf32>)
        {tile.config = #tile.config<naive, block = [16, 16, 1], tile = #tile.fma<thread = [1, 1]>>,
         tile.problem = {accumulate = false, c_type = f32, element_type = f32, k = 17 : i64, m = 33 : i64, n = 45 : i64}}
    return
  }
  gpu.binary @k_module [#gpu.object<#nvvm.target<chip = "sm_90", features = "+ptx80">, assembly = ".version 8.0\0A">]
}

// -----

module attributes {gpu.container_module} {
  func.func @f(%A: memref<33x17xf32>, %B: memref<17x45xf32>, %C: memref<33x45xf32>) {
    %c1 = arith.constant 1 : index
    // expected-error @+1 {{lacks valid tile.problem/tile.config attributes}}
    gpu.launch_func @k_module::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
        args(%A : memref<33x17xf32>, %B : memref<17x45xf32>, %C : memref<33x45xf32>)
        {tile.problem = {m = 33 : i64}}
    return
  }
  gpu.binary @k_module [#gpu.object<#nvvm.target<chip = "sm_90", features = "+ptx80">, assembly = ".version 8.0\0A">]
}

// -----

// pack_b: the kernel takes A's tensor map, B, C, the workspace (B's copy, 20
// rows of 256 bytes, and three counters) and the tensor map of B's copy;
// a launch with three buffers is refused, each expected parameter named.
module attributes {gpu.container_module} {
  func.func @f(%A: memref<33x20xf32>, %B: memref<20x45xf32>, %C: memref<33x45xf32>) {
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    // expected-error @+1 {{does not take (tensor map of A with box 64x16, buffer B of shape 20x45, buffer C of shape 33x45, a workspace of 5132 bytes, tensor map of B (its copy in the workspace) with box 16x128)}}
    gpu.launch_func @k_module::@k blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1)
        args(%A : memref<33x20xf32>, %B : memref<20x45xf32>, %C : memref<33x45xf32>)
        {tile.config = #tile.config<tiled, block = [64, 128, 16], warp = [32, 64], tile = #tile.fma<thread = [8, 8]>, copy = #tile.copy<kind = tma, a = restaged, b = packed>, schedule = #tile.schedule<stages = 2, blocks_per_sm = 1>>,
         tile.problem = {accumulate = false, c_type = f32, element_type = f32, k = 20 : i64, m = 33 : i64, n = 45 : i64}}
    return
  }
  gpu.binary @k_module [#gpu.object<#nvvm.target<chip = "sm_90", features = "+ptx80">, assembly = ".version 8.0\0A">]
}
