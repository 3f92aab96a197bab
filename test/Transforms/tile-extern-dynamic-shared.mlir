// RUN: tile-opt %s -split-input-file --pass-pipeline="builtin.module(gpu.module(tile-extern-dynamic-shared))" | FileCheck %s

// The zero-sized shared-memory global that convert-gpu-to-nvvm makes for
// gpu.dynamic_shared_memory becomes external (PTX `.extern .shared ... []`),
// aligned to 128 bytes (TMA destinations);
// a sized shared array, a zero-sized global in another address space and an
// initialised one keep their linkage.

// CHECK-LABEL: gpu.module @kernels
// CHECK: llvm.mlir.global external @__dynamic_shmem__0() {addr_space = 3 : i32, alignment = 128 : i64} : !llvm.array<0 x i8>
// CHECK: llvm.mlir.global internal @panel() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<64 x f32>
// CHECK: llvm.mlir.global internal @global_zero() {addr_space = 1 : i32} : !llvm.array<0 x i8>
// CHECK: llvm.mlir.global internal @initialised(dense<> : tensor<0xi8>) {addr_space = 3 : i32} : !llvm.array<0 x i8>
gpu.module @kernels {
  llvm.mlir.global internal @__dynamic_shmem__0() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
  llvm.mlir.global internal @panel() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<64 x f32>
  llvm.mlir.global internal @global_zero() {addr_space = 1 : i32} : !llvm.array<0 x i8>
  llvm.mlir.global internal @initialised(dense<> : tensor<0xi8>) {addr_space = 3 : i32} : !llvm.array<0 x i8>
}

// -----

// A module with wgmma: its 128-byte swizzled stages take the swizzle's
// phase from address bits 7..9, so the base is 1024-byte aligned. The
// fence marks it, whether the wgmma read A from a descriptor or (TF32,
// inline PTX, no nvvm.wgmma.mma_async) from registers.
// CHECK-LABEL: gpu.module @wgmma
// CHECK: llvm.mlir.global external @__dynamic_shmem__0() {addr_space = 3 : i32, alignment = 1024 : i64} : !llvm.array<0 x i8>
gpu.module @wgmma {
  llvm.mlir.global internal @__dynamic_shmem__0() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
  llvm.func @kernel() {
    nvvm.wgmma.fence.aligned
    llvm.return
  }
}
