// RUN: tile-opt %s --tile-configure=strategy=naive --tile-map-naive | FileCheck %s

// The naive kernel applies a fused epilogue to its one sum: the inputs at
// its own row and column (inside C, no clamping), the program's ops (tanh
// as upstream's f32 polynomial, no math op left), the result in the
// chain's output, the inputs the kernel's last parameters.

// CHECK-LABEL: func.func @bias_tanh(
// CHECK-SAME: %[[A:[^:]+]]: memref<7x3xf16>, %[[B:[^:]+]]: memref<3x5xf16>, %[[BIAS:[^:]+]]: memref<7xf16>, %[[D:[^:]+]]: memref<7x5xf32>)
// CHECK-NOT: memref.alloc
// CHECK: gpu.launch
// CHECK: tile.kernel_arguments %[[A]], %[[B]], %[[D]], %[[BIAS]]
// CHECK: %[[SUM:.+]] = scf.for
// CHECK: %[[C16:.+]] = arith.truncf %[[SUM]] : f32 to f16
// CHECK: %[[BV:.+]] = memref.load %{{.+}}[%[[ROW:.+]]] : memref<7xf16>
// CHECK: %[[S:.+]] = arith.addf %[[C16]], %[[BV]] : f16
// CHECK: %[[W:.+]] = arith.extf %[[S]] : f16 to f32
// CHECK-NOT: math.tanh
// CHECK: memref.store %{{.+}}, %{{.+}}[%[[ROW]], %{{.+}}] : memref<7x5xf32>
// CHECK: gpu.terminator
// CHECK-NOT: linalg.generic
func.func @bias_tanh(%A: memref<7x3xf16>, %B: memref<3x5xf16>, %bias: memref<7xf16>, %D: memref<7x5xf32>) {
  %zero = arith.constant 0.0 : f16
  %C = memref.alloc() : memref<7x5xf16>
  linalg.fill ins(%zero : f16) outs(%C : memref<7x5xf16>)
  linalg.matmul ins(%A, %B : memref<7x3xf16>, memref<3x5xf16>) outs(%C : memref<7x5xf16>)
  linalg.generic {indexing_maps = [affine_map<(m, n) -> (m, n)>, affine_map<(m, n) -> (m)>, affine_map<(m, n) -> (m, n)>], iterator_types = ["parallel", "parallel"]}
      ins(%C, %bias : memref<7x5xf16>, memref<7xf16>) outs(%D : memref<7x5xf32>) {
  ^bb0(%x: f16, %b: f16, %o: f32):
    %s = arith.addf %x, %b : f16
    %w = arith.extf %s : f16 to f32
    %t = math.tanh %w : f32
    linalg.yield %t : f32
  }
  return
}
