// RUN: tile-opt %s --tile-configure=chip=sm_90a --tile-block-tile --tile-promote --tile-map-to-gpu=chip=sm_90a | FileCheck %s

// A fused epilogue in the kernel: each thread's value gets the bias of its
// column and the residual at its place (indices clamped into C: the
// values of an edge tile's threads outside it are not stored), then the
// program's ops, and is stored into D, the chain's output. The kernel
// takes D as its C and the inputs after it; C's buffer, the chain and the
// deallocation are gone.

// CHECK-LABEL: func.func @bias_relu_residual(
// CHECK-SAME: %[[A:[^:]+]]: memref<40x24xf32>, %[[B:[^:]+]]: memref<24x36xf32>, %[[BIAS:[^:]+]]: memref<36xf32>, %[[R:[^:]+]]: memref<40x36xf32>, %[[D:[^:]+]]: memref<40x36xf32>)
// CHECK-NOT: memref.alloc()
// CHECK: gpu.launch
// CHECK: tile.kernel_arguments %[[A]], %[[B]], %[[D]], %[[BIAS]], %[[R]]
// CHECK-DAG: %[[DA:.+]] = memref.assume_alignment %[[D]]
// CHECK-DAG: %[[BA:.+]] = memref.assume_alignment %[[BIAS]]
// CHECK-DAG: %[[RA:.+]] = memref.assume_alignment %[[R]]
// CHECK: %[[DT:.+]] = memref.subview %[[DA]]
// CHECK: %[[ROW:.+]] = arith.minui %{{.+}}, %c39 : index
// CHECK: %[[COL:.+]] = arith.minui %{{.+}}, %c35 : index
// CHECK: %[[BV:.+]] = memref.load %[[BA]][%[[COL]]] : memref<36xf32>
// CHECK: %[[RV:.+]] = memref.load %[[RA]][%[[ROW]], %[[COL]]] : memref<40x36xf32>
// CHECK: %[[S:.+]] = arith.addf %{{.+}}, %[[BV]] : f32
// CHECK: %[[M:.+]] = arith.maximumf %[[S]], %{{.+}} : f32
// CHECK: %[[T:.+]] = arith.addf %[[M]], %[[RV]] : f32
// CHECK: scf.if
// CHECK-NEXT: memref.store %[[T]], %[[DT]]
// CHECK: gpu.terminator
// CHECK-NOT: linalg.
// CHECK-NOT: memref.dealloc
// CHECK: return
func.func @bias_relu_residual(%A: memref<40x24xf32>, %B: memref<24x36xf32>, %bias: memref<36xf32>, %R: memref<40x36xf32>, %D: memref<40x36xf32>) {
  %zero = arith.constant 0.0 : f32
  %C = memref.alloc() : memref<40x36xf32>
  linalg.fill ins(%zero : f32) outs(%C : memref<40x36xf32>)
  linalg.matmul {tile.config = #tile.config<tiled, block = [16, 16, 8], tile = #tile.fma<thread = [1, 1]>>}
    ins(%A, %B : memref<40x24xf32>, memref<24x36xf32>) outs(%C : memref<40x36xf32>)
  linalg.generic {indexing_maps = [affine_map<(m, n) -> (m, n)>, affine_map<(m, n) -> (n)>, affine_map<(m, n) -> (m, n)>, affine_map<(m, n) -> (m, n)>], iterator_types = ["parallel", "parallel"]}
      ins(%C, %bias, %R : memref<40x36xf32>, memref<36xf32>, memref<40x36xf32>) outs(%D : memref<40x36xf32>) {
  ^bb0(%x: f32, %b: f32, %r: f32, %o: f32):
    %s = arith.addf %x, %b : f32
    %m = arith.maximumf %s, %zero : f32
    %t = arith.addf %m, %r : f32
    linalg.yield %t : f32
  }
  memref.dealloc %C : memref<40x36xf32>
  return
}
