// RUN: tile-opt %s -split-input-file --pass-pipeline="builtin.module(func.func(tile-insert-barriers))" | FileCheck %s
// RUN: tile-opt %s -split-input-file --pass-pipeline="builtin.module(func.func(tile-insert-barriers,tile-insert-barriers))" | FileCheck %s

// A K loop that fills a workgroup panel and then reads it gets exactly two
// barriers: between the last write and the first read, and at the end of the
// body (before the next iteration overwrites the panel). Running the pass
// twice adds nothing.

// CHECK-LABEL: func.func @copy_then_compute
// CHECK: scf.for
// CHECK:   memref.store %{{.+}}, %[[P:.+]][%{{.+}}, %{{.+}}] : memref<8x8xf32, #gpu.address_space<workgroup>>
// CHECK:   scf.for
// CHECK:     memref.store %{{.+}}, %[[P]]
// CHECK:   }
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: %[[S:.+]] = scf.for
// CHECK:     memref.load %[[P]]
// CHECK:   }
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: scf.yield %[[S]]
// CHECK-NOT: gpu.barrier
func.func @copy_then_compute(%g: memref<64x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c1, %sz = %c1)
             workgroup(%panel : memref<8x8xf32, #gpu.address_space<workgroup>>) {
    %sum = scf.for %k = %c0 to %c64 step %c8 iter_args(%acc = %zero) -> (f32) {
      %v = memref.load %g[%k, %tx] : memref<64x8xf32>
      memref.store %v, %panel[%c0, %tx] : memref<8x8xf32, #gpu.address_space<workgroup>>
      scf.for %r = %c1 to %c8 step %c1 {
        memref.store %v, %panel[%r, %tx] : memref<8x8xf32, #gpu.address_space<workgroup>>
      }
      %s = scf.for %kk = %c0 to %c8 step %c1 iter_args(%a = %acc) -> (f32) {
        %x = memref.load %panel[%tx, %kk] : memref<8x8xf32, #gpu.address_space<workgroup>>
        %y = arith.addf %a, %x : f32
        scf.yield %y : f32
      }
      scf.yield %s : f32
    }
    memref.store %sum, %g[%c0, %tx] : memref<64x8xf32>
    gpu.terminator
  }
  return
}

// -----

// A loop that only writes workgroup memory, or only reads global memory,
// needs no barrier.
// CHECK-LABEL: func.func @no_reuse
// CHECK-NOT: gpu.barrier
func.func @no_reuse(%g: memref<64x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c1, %sz = %c1)
             workgroup(%panel : memref<8x8xf32, #gpu.address_space<workgroup>>) {
    scf.for %k = %c0 to %c8 step %c1 {
      %v = memref.load %g[%k, %tx] : memref<64x8xf32>
      memref.store %v, %panel[%k, %tx] : memref<8x8xf32, #gpu.address_space<workgroup>>
    }
    scf.for %k = %c0 to %c8 step %c1 {
      %v = memref.load %g[%k, %tx] : memref<64x8xf32>
      memref.store %v, %g[%tx, %k] : memref<64x8xf32>
    }
    gpu.terminator
  }
  return
}

// -----

// Barriers already in place are kept, not duplicated.
// CHECK-LABEL: func.func @already_synchronised
// CHECK: memref.store
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: memref.load
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: scf.yield
func.func @already_synchronised(%g: memref<64x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0.0 : f32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c1, %sz = %c1)
             workgroup(%panel : memref<8xf32, #gpu.address_space<workgroup>>) {
    %s = scf.for %k = %c0 to %c8 step %c1 iter_args(%acc = %zero) -> (f32) {
      memref.store %acc, %panel[%tx] : memref<8xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %x = memref.load %panel[%k] : memref<8xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      scf.yield %x : f32
    }
    memref.store %s, %g[%c0, %tx] : memref<64x8xf32>
    gpu.terminator
  }
  return
}

// -----

// Two stages: a prologue fills stage 0 before the loop (one barrier before
// the loop); the loop reads one stage and then writes the other, so the only
// barrier it needs is at the end of each step.
// CHECK-LABEL: func.func @two_stages
// CHECK: memref.store %{{.+}}, %[[P:.+]][%{{.+}}, %{{.+}}] : memref<2x8xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: scf.for
// CHECK-NEXT: memref.load %[[P]]
// CHECK-NEXT: memref.store %{{.+}}, %[[P]]
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: scf.yield
func.func @two_stages(%g: memref<64x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0.0 : f32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c1, %sz = %c1)
             workgroup(%panel : memref<2x8xf32, #gpu.address_space<workgroup>>) {
    memref.store %zero, %panel[%c0, %tx] : memref<2x8xf32, #gpu.address_space<workgroup>>
    %s = scf.for %k = %c0 to %c8 step %c1 iter_args(%acc = %zero) -> (f32) {
      %x = memref.load %panel[%c0, %k] : memref<2x8xf32, #gpu.address_space<workgroup>>
      memref.store %x, %panel[%c1, %tx] : memref<2x8xf32, #gpu.address_space<workgroup>>
      scf.yield %x : f32
    }
    memref.store %s, %g[%c0, %tx] : memref<64x8xf32>
    gpu.terminator
  }
  return
}

// -----

// An asynchronous-copy pipeline synchronises itself (wait, then barrier):
// its cp.async copies into workgroup memory add no barrier.
// CHECK-LABEL: func.func @async_pipeline
// CHECK: scf.for
// CHECK-NEXT: nvgpu.device_async_wait
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: memref.load
// CHECK-NEXT: nvgpu.device_async_copy
// CHECK-NEXT: nvgpu.device_async_create_group
// CHECK-NEXT: scf.yield
func.func @async_pipeline(%g: memref<64x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0.0 : f32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c1, %sz = %c1)
             workgroup(%panel : memref<2x8xf32, #gpu.address_space<workgroup>>) {
    %t0 = nvgpu.device_async_copy %g[%c0, %tx], %panel[%c0, %tx], 1 : memref<64x8xf32> to memref<2x8xf32, #gpu.address_space<workgroup>>
    %grp = nvgpu.device_async_create_group %t0
    %s = scf.for %k = %c0 to %c8 step %c1 iter_args(%acc = %zero) -> (f32) {
      nvgpu.device_async_wait %grp {numGroups = 0 : i32}
      gpu.barrier
      %x = memref.load %panel[%c0, %k] : memref<2x8xf32, #gpu.address_space<workgroup>>
      %t = nvgpu.device_async_copy %g[%k, %tx], %panel[%c1, %tx], 1 : memref<64x8xf32> to memref<2x8xf32, #gpu.address_space<workgroup>>
      %g2 = nvgpu.device_async_create_group %t
      scf.yield %x : f32
    }
    memref.store %s, %g[%c0, %tx] : memref<64x8xf32>
    gpu.terminator
  }
  return
}

// -----

// A K loop marked tile.self_synchronized (the asynchronous pipelines, which
// place their own barriers) is left alone, even though it reads the panel and
// then writes it.

// CHECK-LABEL: func.func @self_synchronized
// CHECK: scf.for
// CHECK:   gpu.barrier
// CHECK:   memref.load
// CHECK:   memref.store
// CHECK-NOT: gpu.barrier
// CHECK:   scf.yield
// CHECK: } {tile.self_synchronized}
func.func @self_synchronized(%g: memref<64x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c1, %sz = %c1)
             workgroup(%panel : memref<8x8xf32, #gpu.address_space<workgroup>>) {
    %sum = scf.for %k = %c0 to %c64 step %c8 iter_args(%acc = %zero) -> (f32) {
      gpu.barrier
      %x = memref.load %panel[%tx, %c0] : memref<8x8xf32, #gpu.address_space<workgroup>>
      %y = arith.addf %acc, %x : f32
      %v = memref.load %g[%k, %tx] : memref<64x8xf32>
      memref.store %v, %panel[%tx, %c1] : memref<8x8xf32, #gpu.address_space<workgroup>>
      scf.yield %y : f32
    } {tile.self_synchronized}
    memref.store %sum, %g[%c0, %tx] : memref<64x8xf32>
    gpu.terminator
  }
  return
}
