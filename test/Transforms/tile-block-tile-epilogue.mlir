// RUN: tile-opt %s --tile-configure=chip=sm_90a --tile-block-tile | FileCheck %s

// A chain after the matmul (an in-place bias and GELU-like ops, a named
// linalg.add of a residual into a new buffer, a cast into the caller's
// D) becomes one program in the block tile's problem: values 0 (the
// matmul's result), 1 and 2 (the inputs: the bias by column, the
// residual), then one per step; the kernel stores the last (bf16) into D.
// The ops stay until the kernel replaces them (tile-map-to-gpu-epilogue).

// CHECK-LABEL: func.func @bias_gelu
// CHECK: scf.forall
// CHECK: tile.problem = {accumulate = false, c_type = f32, element_type = f16, epilogue = {inputs = [{index = "n", type = f16}, {index = "mn", type = f32}], out_type = bf16, result = 10 : i64, steps = [
// CHECK-SAME: {op = "extf", operands = array<i64: 1>, type = f32},
// CHECK-SAME: {op = "addf", operands = array<i64: 0, 3>, type = f32},
// CHECK-SAME: {op = "math.erf", operands = array<i64: 4>, type = f32},
// CHECK-SAME: {op = "mulf", operands = array<i64: 4, 5>, type = f32},
// CHECK-SAME: {op = "constant", operands = array<i64>, type = f32, value = 5.000000e-01 : f64},
// CHECK-SAME: {op = "mulf", operands = array<i64: 6, 7>, type = f32},
// CHECK-SAME: {op = "addf", operands = array<i64: 8, 2>, type = f32},
// CHECK-SAME: {op = "truncf", operands = array<i64: 9>, type = bf16}]}
// CHECK: linalg.generic
// CHECK: linalg.add
// CHECK: linalg.generic
func.func @bias_gelu(%A: memref<200x64xf16>, %B: memref<64x136xf16>, %bias: memref<136xf16>, %R: memref<200x136xf32>, %D: memref<200x136xbf16>) {
  %zero = arith.constant 0.0 : f32
  %half = arith.constant 0.5 : f32
  %C = memref.alloc() : memref<200x136xf32>
  linalg.fill ins(%zero : f32) outs(%C : memref<200x136xf32>)
  linalg.matmul ins(%A, %B : memref<200x64xf16>, memref<64x136xf16>) outs(%C : memref<200x136xf32>)
  linalg.generic {indexing_maps = [affine_map<(m, n) -> (n)>, affine_map<(m, n) -> (m, n)>], iterator_types = ["parallel", "parallel"]}
      ins(%bias : memref<136xf16>) outs(%C : memref<200x136xf32>) {
  ^bb0(%b: f16, %x: f32):
    %w = arith.extf %b : f16 to f32
    %s = arith.addf %x, %w : f32
    %e = math.erf %s : f32
    %g = arith.mulf %s, %e : f32
    %h = arith.mulf %g, %half : f32
    linalg.yield %h : f32
  }
  %T = memref.alloc() : memref<200x136xf32>
  linalg.add ins(%C, %R : memref<200x136xf32>, memref<200x136xf32>) outs(%T : memref<200x136xf32>)
  linalg.generic {indexing_maps = [affine_map<(m, n) -> (m, n)>, affine_map<(m, n) -> (m, n)>], iterator_types = ["parallel", "parallel"]}
      ins(%T : memref<200x136xf32>) outs(%D : memref<200x136xbf16>) {
  ^bb0(%x: f32, %o: bf16):
    %t = arith.truncf %x : f32 to bf16
    linalg.yield %t : bf16
  }
  return
}
