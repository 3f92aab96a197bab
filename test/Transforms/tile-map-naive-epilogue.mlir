// RUN: tile-opt %s --tile-split-batch --tile-configure=strategy=naive --tile-map-naive | FileCheck %s

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

// After a batch_matmul (split into its batch loop first): the kernel takes
// the 3-D output and the per-batch bias (3 x 7), views block z's batch of
// both, and reads the shared bias (5) as it is.
// CHECK-LABEL: func.func @batch_bias(
// CHECK-SAME: %[[A:[^:]+]]: memref<3x7x3xf32>, %[[B:[^:]+]]: memref<3x3x5xf32>, %[[BM:[^:]+]]: memref<3x7xf32>, %[[BN:[^:]+]]: memref<5xf32>, %[[D:[^:]+]]: memref<3x7x5xf32>)
// CHECK-NOT: memref.alloc
// CHECK: gpu.launch blocks(%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}}, %[[Z:[a-z0-9_]+]]) in
// CHECK: tile.kernel_arguments %[[A]], %[[B]], %[[D]], %[[BM]], %[[BN]]
// CHECK: %[[DA:.+]] = memref.assume_alignment %[[D]]
// CHECK: %[[BMA:.+]] = memref.assume_alignment %[[BM]]
// CHECK: %[[BNA:.+]] = memref.assume_alignment %[[BN]]
// CHECK: %[[DZ:.+]] = memref.subview %[[DA]][%[[Z]], 0, 0] [1, 7, 5] [1, 1, 1]
// CHECK: %[[SUM:.+]] = scf.for
// CHECK: %[[BMZ:.+]] = memref.subview %[[BMA]][%[[Z]], 0] [1, 7] [1, 1] : memref<3x7xf32> to memref<7xf32, strided<[1], offset: ?>>
// CHECK: %[[V1:.+]] = memref.load %[[BMZ]][%[[ROW:[0-9]+]]]
// CHECK: %[[V2:.+]] = memref.load %[[BNA]][%[[COL:[0-9]+]]]
// CHECK: %[[S:.+]] = arith.addf %[[SUM]], %[[V1]] : f32
// CHECK: %[[T:.+]] = arith.addf %[[S]], %[[V2]] : f32
// CHECK: memref.store %[[T]], %[[DZ]][%[[ROW]], %[[COL]]]
// CHECK-NOT: linalg.generic
// CHECK-NOT: scf.forall
func.func @batch_bias(%A: memref<3x7x3xf32>, %B: memref<3x3x5xf32>, %bm: memref<3x7xf32>, %bn: memref<5xf32>, %D: memref<3x7x5xf32>) {
  %zero = arith.constant 0.0 : f32
  %C = memref.alloc() : memref<3x7x5xf32>
  linalg.fill ins(%zero : f32) outs(%C : memref<3x7x5xf32>)
  linalg.batch_matmul ins(%A, %B : memref<3x7x3xf32>, memref<3x3x5xf32>) outs(%C : memref<3x7x5xf32>)
  linalg.generic {indexing_maps = [affine_map<(b, m, n) -> (b, m, n)>, affine_map<(b, m, n) -> (b, m)>, affine_map<(b, m, n) -> (n)>, affine_map<(b, m, n) -> (b, m, n)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%C, %bm, %bn : memref<3x7x5xf32>, memref<3x7xf32>, memref<5xf32>) outs(%D : memref<3x7x5xf32>) {
  ^bb0(%x: f32, %u: f32, %v: f32, %o: f32):
    %s = arith.addf %x, %u : f32
    %t = arith.addf %s, %v : f32
    linalg.yield %t : f32
  }
  return
}
