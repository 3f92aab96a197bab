// RUN: tile-opt %s -split-input-file --pass-pipeline="builtin.module(func.func(tile-map-naive))" | FileCheck %s

// Ragged 2053 x 2039 x 2048 with an 8 x 32 block: grid ceil(2039/32) = 64 by
// ceil(2053/8) = 257, threads 32 (x, along N) by 8 (y, along M); each thread
// checks its (row, col) against (M, N); the zero fill is folded away and the
// accumulator starts at 0.

// CHECK-LABEL: func.func @ragged_zero_fill
// CHECK-SAME: (%[[A:.+]]: memref<2053x2048xf32>, %[[B:.+]]: memref<2048x2039xf32>, %[[C:.+]]: memref<2053x2039xf32>)
// CHECK-NOT: linalg.fill
// CHECK-DAG: %[[GX:.+]] = arith.constant 64 : index
// CHECK-DAG: %[[GY:.+]] = arith.constant 257 : index
// CHECK-DAG: %[[TX:.+]] = arith.constant 32 : index
// CHECK-DAG: %[[TY:.+]] = arith.constant 8 : index
// CHECK: gpu.launch blocks(%[[BX:.+]], %[[BY:.+]], %{{.+}}) in (%{{.+}} = %[[GX]], %{{.+}} = %[[GY]], %{{.+}} = %{{.+}}) threads(%[[THX:.+]], %[[THY:.+]], %{{.+}}) in (%{{.+}} = %[[TX]], %{{.+}} = %[[TY]], %{{.+}} = %{{.+}}) module(@ragged_zero_fill_matmul_0_module) function(@ragged_zero_fill_matmul_0)
// CHECK: %[[AA:.+]] = memref.assume_alignment %[[A]], 16
// CHECK: %[[BA:.+]] = memref.assume_alignment %[[B]], 16
// CHECK: %[[CA:.+]] = memref.assume_alignment %[[C]], 16
// CHECK: %[[R0:.+]] = arith.muli %[[BY]], %{{.+}} : index
// CHECK: %[[ROW:.+]] = arith.addi %[[R0]], %[[THY]] : index
// CHECK: %[[C0:.+]] = arith.muli %[[BX]], %{{.+}} : index
// CHECK: %[[COL:.+]] = arith.addi %[[C0]], %[[THX]] : index
// CHECK: %[[M:.+]] = arith.constant 2053 : index
// CHECK: %[[INM:.+]] = arith.cmpi ult, %[[ROW]], %[[M]] : index
// CHECK: %[[N:.+]] = arith.constant 2039 : index
// CHECK: %[[INN:.+]] = arith.cmpi ult, %[[COL]], %[[N]] : index
// CHECK: %[[IN:.+]] = arith.andi %[[INM]], %[[INN]] : i1
// CHECK: scf.if %[[IN]] {
// CHECK:   %[[ZERO:.+]] = arith.constant 0.000000e+00 : f32
// CHECK:   %[[K:.+]] = arith.constant 2048 : index
// CHECK:   %[[SUM:.+]] = scf.for %[[KK:.+]] = %{{.+}} to %[[K]] step %{{.+}} iter_args(%[[ACC:.+]] = %[[ZERO]]) -> (f32) {
// CHECK:     %[[AV:.+]] = memref.load %[[AA]][%[[ROW]], %[[KK]]]
// CHECK:     %[[BV:.+]] = memref.load %[[BA]][%[[KK]], %[[COL]]]
// CHECK:     %[[F:.+]] = math.fma %[[AV]], %[[BV]], %[[ACC]] : f32
// CHECK:     scf.yield %[[F]]
// CHECK:   memref.store %[[SUM]], %[[CA]][%[[ROW]], %[[COL]]]
// CHECK: gpu.terminator
// CHECK: } {tile.config = #tile.config<naive, block = [8, 32, 1], tile = #tile.fma<thread = [1, 1]>>, tile.problem = {accumulate = false, c_type = f32, element_type = f32, k = 2048 : i64, m = 2053 : i64, n = 2039 : i64}}
// CHECK-NOT: linalg.matmul
func.func @ragged_zero_fill(%A: memref<2053x2048xf32>, %B: memref<2048x2039xf32>, %C: memref<2053x2039xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%C : memref<2053x2039xf32>)
  linalg.matmul {tile.config = #tile.config<naive, block = [8, 32, 1], tile = #tile.fma<thread = [1, 1]>>}
    ins(%A, %B : memref<2053x2048xf32>, memref<2048x2039xf32>) outs(%C : memref<2053x2039xf32>)
  return
}

// -----

// Without a zero fill the kernel accumulates into C (linalg.matmul's C += A*B):
// the accumulator starts from the loaded C element.
// CHECK-LABEL: func.func @accumulate
// CHECK: gpu.launch
// CHECK: %[[CA:.+]] = memref.assume_alignment %{{.+}}, 16 : memref<7x3xf32>
// CHECK: scf.if
// CHECK:   %[[OLD:.+]] = memref.load %[[CA]][%[[ROW:.+]], %[[COL:.+]]] : memref<7x3xf32>
// CHECK:   scf.for {{.+}} iter_args(%{{.+}} = %[[OLD]]) -> (f32)
// CHECK: tile.problem = {accumulate = true, c_type = f32, element_type = f32, k = 5 : i64, m = 7 : i64, n = 3 : i64}
func.func @accumulate(%A: memref<7x5xf32>, %B: memref<5x3xf32>, %C: memref<7x3xf32>) {
  linalg.matmul {tile.config = #tile.config<naive, block = [16, 16, 1], tile = #tile.fma<thread = [1, 1]>>}
    ins(%A, %B : memref<7x5xf32>, memref<5x3xf32>) outs(%C : memref<7x3xf32>)
  return
}

// -----

// A fill of a non-zero value is not folded: the kernel accumulates on it.
// CHECK-LABEL: func.func @nonzero_fill
// CHECK: linalg.fill
// CHECK: gpu.launch
// CHECK: accumulate = true
func.func @nonzero_fill(%A: memref<7x5xf32>, %B: memref<5x3xf32>, %C: memref<7x3xf32>) {
  %one = arith.constant 1.0 : f32
  linalg.fill ins(%one : f32) outs(%C : memref<7x3xf32>)
  linalg.matmul {tile.config = #tile.config<naive, block = [16, 16, 1], tile = #tile.fma<thread = [1, 1]>>}
    ins(%A, %B : memref<7x5xf32>, memref<5x3xf32>) outs(%C : memref<7x3xf32>)
  return
}

// -----

// Two matmuls get two launches with distinct names; a matmul without a naive
// config is left alone.
// CHECK-LABEL: func.func @two
// CHECK: gpu.launch {{.+}} module(@two_matmul_0_module) function(@two_matmul_0)
// CHECK: gpu.launch {{.+}} module(@two_matmul_1_module) function(@two_matmul_1)
// CHECK: linalg.matmul ins
func.func @two(%A: memref<8x8xf32>, %B: memref<8x8xf32>, %C: memref<8x8xf32>, %D: memref<8x8xf32>) {
  linalg.matmul {tile.config = #tile.config<naive, block = [16, 16, 1], tile = #tile.fma<thread = [1, 1]>>}
    ins(%A, %B : memref<8x8xf32>, memref<8x8xf32>) outs(%C : memref<8x8xf32>)
  linalg.matmul {tile.config = #tile.config<naive, block = [16, 16, 1], tile = #tile.fma<thread = [1, 1]>>}
    ins(%C, %B : memref<8x8xf32>, memref<8x8xf32>) outs(%D : memref<8x8xf32>)
  linalg.matmul ins(%C, %D : memref<8x8xf32>, memref<8x8xf32>) outs(%A : memref<8x8xf32>)
  return
}

// -----

// f16 in, f16 out, from zero: the loads are widened to f32, the products
// accumulate in f32 (as cuBLAS's CUBLAS_COMPUTE_32F), and the sum is
// rounded to f16 once, at the store.
// CHECK-LABEL: func.func @f16
// CHECK: %[[ZERO:.+]] = arith.constant 0.000000e+00 : f32
// CHECK: scf.for {{.*}} iter_args(%[[ACC:.+]] = %[[ZERO]]) -> (f32)
// CHECK: %[[AV:.+]] = memref.load {{.*}} : memref<33x17xf16>
// CHECK: %[[AW:.+]] = arith.extf %[[AV]] : f16 to f32
// CHECK: %[[BV:.+]] = memref.load {{.*}} : memref<17x45xf16>
// CHECK: %[[BW:.+]] = arith.extf %[[BV]] : f16 to f32
// CHECK: math.fma %[[AW]], %[[BW]], %[[ACC]] : f32
// CHECK: %[[SUM:.+]] = arith.truncf %{{.+}} : f32 to f16
// CHECK: memref.store %[[SUM]], {{.*}} : memref<33x45xf16>
// CHECK: tile.problem = {accumulate = false, c_type = f16, element_type = f16, k = 17 : i64, m = 33 : i64, n = 45 : i64}
func.func @f16(%A: memref<33x17xf16>, %B: memref<17x45xf16>, %C: memref<33x45xf16>) {
  %z = arith.constant 0.0 : f16
  linalg.fill ins(%z : f16) outs(%C : memref<33x45xf16>)
  linalg.matmul {tile.config = #tile.config<naive, block = [16, 16, 1], tile = #tile.fma<thread = [1, 1]>>} ins(%A, %B : memref<33x17xf16>, memref<17x45xf16>) outs(%C : memref<33x45xf16>)
  return
}

// -----

// C += A * B with bf16 operands into f32 C: C is loaded as it is, and the
// f32 sum stored without rounding.
// CHECK-LABEL: func.func @bf16_accumulate_f32
// CHECK: %[[C0:.+]] = memref.load {{.*}} : memref<7x3xf32>
// CHECK: scf.for {{.*}} iter_args(%{{.+}} = %[[C0]]) -> (f32)
// CHECK: arith.extf %{{.+}} : bf16 to f32
// CHECK: arith.extf %{{.+}} : bf16 to f32
// CHECK-NOT: arith.truncf
// CHECK: memref.store %{{.+}}, {{.*}} : memref<7x3xf32>
func.func @bf16_accumulate_f32(%A: memref<7x5xbf16>, %B: memref<5x3xbf16>, %C: memref<7x3xf32>) {
  linalg.matmul {tile.config = #tile.config<naive, block = [16, 16, 1], tile = #tile.fma<thread = [1, 1]>>} ins(%A, %B : memref<7x5xbf16>, memref<5x3xbf16>) outs(%C : memref<7x3xf32>)
  return
}

// -----

// C += A * B into bf16 C: C is widened before the loop.
// CHECK-LABEL: func.func @bf16_accumulate_bf16
// CHECK: %[[C0:.+]] = memref.load {{.*}} : memref<7x3xbf16>
// CHECK: %[[W:.+]] = arith.extf %[[C0]] : bf16 to f32
// CHECK: scf.for {{.*}} iter_args(%{{.+}} = %[[W]]) -> (f32)
// CHECK: arith.truncf %{{.+}} : f32 to bf16
func.func @bf16_accumulate_bf16(%A: memref<7x5xbf16>, %B: memref<5x3xbf16>, %C: memref<7x3xbf16>) {
  linalg.matmul {tile.config = #tile.config<naive, block = [16, 16, 1], tile = #tile.fma<thread = [1, 1]>>} ins(%A, %B : memref<7x5xbf16>, memref<5x3xbf16>) outs(%C : memref<7x3xbf16>)
  return
}
